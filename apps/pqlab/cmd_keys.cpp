// pqlab convert: a key file from one encoding to another (raw FIPS bytes,
// DER, PEM; the private-key forms seed / expanded / both), or a private
// key's public key (--public). The input's encoding and, for DER/PEM, its
// algorithm come from its content (cli_keys.hpp).
#include <string>

#include "cli_keys.hpp"
#include "cli_util.hpp"
#include "commands.hpp"

namespace pqlab::cli {
namespace {

struct ConvertArgs {
  std::string alg, in, out;
  bool public_only = false;
  KeyOutputOptions format;
};

void run_convert(const ConvertArgs& a) {
  const Algorithm* named = a.alg.empty() ? nullptr : &require_algorithm(a.alg);
  const std::string what = a.in == "-" ? std::string("key (standard input)") : "key file '" + a.in + "'";
  const SecretBytes data(read_input_upto(a.in, "key", max_key_file_bytes));
  if (data.size() > max_key_file_bytes)
    throw Failure(what + " has more than " + std::to_string(max_key_file_bytes) + " bytes: not a key");

  // Public or private: DER and PEM say so; a raw key by its length.
  const formats::Detected d = formats::detect(data, named);
  bool is_private = d.kind == formats::KeyKind::private_key;
  const bool der_like = data.size() > 2 && data.data()[0] == 0x30;
  if (d.encoding == formats::Encoding::raw && der_like &&
      (named == nullptr || (data.size() != named->secret_key_bytes && data.size() != named->public_key_bytes))) {
    // Malformed DER: a PrivateKeyInfo's first field is its version (an
    // INTEGER), an SPKI's an AlgorithmIdentifier; the decoder says why.
    const std::uint8_t len = data.data()[1];
    const std::size_t first = len < 0x80 ? 2 : 2 + (len & 0x7fu);
    is_private = first < data.size() && data.data()[first] == 0x02;
  } else if (d.encoding == formats::Encoding::raw) {
    if (named == nullptr) throw needs_algorithm(what);
    if (data.size() == named->secret_key_bytes)
      is_private = true;
    else if (data.size() != named->public_key_bytes)
      throw Failure(what + " has " + std::to_string(data.size()) + " bytes: not a DER or PEM key, nor a raw " +
                    std::string(named->name) + " public key (" + std::to_string(named->public_key_bytes) +
                    " bytes) or secret key (" + std::to_string(named->secret_key_bytes) + " bytes)");
  } else if (d.kind == formats::KeyKind::unknown) {
    // Malformed DER/PEM: the decoder says why.
    is_private = d.encoding == formats::Encoding::pem &&
                 std::string_view(reinterpret_cast<const char*>(data.data()), data.size()).find("PRIVATE KEY") !=
                     std::string_view::npos;
  }

  try {
    if (is_private) {
      const formats::PrivateKey key = formats::decode_private(data, named);
      if (a.public_only) {
        if (!a.format.private_form.empty()) throw Failure("--private-form does not apply to --public");
        const std::vector<std::uint8_t> pub = encode_public_key(formats::public_of(key), a.format);
        write_outputs({{a.out, pub, Sensitivity::public_data, "public key"}});
      } else {
        const formats::SecureBytes out = encode_private_key(key, a.format);
        write_outputs({{a.out, out, Sensitivity::secret, "secret key"}});
      }
    } else {
      if (!a.format.private_form.empty()) throw Failure("--private-form: " + what + " holds a public key");
      const formats::PublicKey key = formats::decode_public(data, named);
      const std::vector<std::uint8_t> out = encode_public_key(key, a.format);
      write_outputs({{a.out, out, Sensitivity::public_data, "public key"}});
    }
  } catch (const formats::Error& e) {
    throw key_decode_failure(what, e, data, named);
  }
}

}  // namespace

void add_key_commands(CLI::App& app) {
  auto args = std::make_shared<ConvertArgs>();
  auto* convert =
      app.add_subcommand("convert",
                         "Convert a key between raw, DER and PEM (and the private-key forms), or extract a public key");
  convert->add_option("-a,--algorithm", args->alg,
                      "Algorithm of the key (needed for a raw key; a DER/PEM key of another algorithm is refused)");
  convert->add_option("--in", args->in, "Input: a public or secret key (raw, DER or PEM), or - for standard input")
      ->required();
  convert
      ->add_option("--out", args->out,
                   "Output: the key in the requested encoding (a secret key is created 0600), or - for "
                   "standard output")
      ->required();
  convert->add_flag("--public", args->public_only, "Write the public key of the input's secret key");
  add_key_output_options(convert, args->format);
  convert->callback([args] { run_convert(*args); });
}

}  // namespace pqlab::cli
