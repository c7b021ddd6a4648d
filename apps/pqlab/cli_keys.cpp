#include "cli_keys.hpp"

#include <string>
#include <string_view>
#include <utility>

namespace pqlab::cli {
namespace {

std::string describe(const std::string& path, const char* role) {
  return path == "-" ? std::string(role) + " (standard input)" : std::string(role) + " file '" + path + "'";
}

const char* kind_noun(Kind k) { return k == Kind::kem ? "a KEM" : "a signature scheme"; }

// The algorithm named by -a (any spelling the registry takes), or nullptr.
const Algorithm* expected_algorithm(const std::string& alg_name, Kind kind) {
  return alg_name.empty() ? nullptr : &require_algorithm(alg_name, kind);
}

// A key file longer than any key encoding: said as read_exact says it for
// a raw key, so that the raw length the command expected is named.
[[noreturn]] void too_long(const std::string& what, const Algorithm* expected, std::size_t raw_bytes) {
  if (expected != nullptr)
    throw Failure(what + " has more than " + std::to_string(raw_bytes) + " bytes; expected " +
                  std::to_string(raw_bytes) + " (raw " + std::string(expected->name) + ") or a DER/PEM key");
  throw Failure(what + " has more than " + std::to_string(max_key_file_bytes) + " bytes: not a key");
}

template <class Key>
void require_kind(const Key& key, Kind kind, const std::string& what) {
  if (key.alg->kind != kind)
    throw Failure(what + " holds an " + std::string(key.alg->name) + " key; this command needs " + kind_noun(kind));
}

// What a key read without -a lacks when it may be a raw key.
constexpr std::string_view kNamesNoAlgorithm = "does not name its algorithm: give it with -a";

// A DER SEQUENCE's first byte; one raw key in 256 starts with it too.
bool starts_like_der(std::span<const std::uint8_t> data) { return !data.empty() && data[0] == 0x30; }

// Without -a, a key must name its algorithm. Input that starts like DER
// goes on to the decoder, which says what is wrong with it
// (key_decode_failure adds that a raw key needs -a).
void raw_needs_algorithm(std::span<const std::uint8_t> data, const Algorithm* expected, const std::string& what) {
  if (expected == nullptr && formats::detect(data).encoding == formats::Encoding::raw && !starts_like_der(data))
    throw needs_algorithm(what);
}

}  // namespace

Failure needs_algorithm(const std::string& what) {
  return Failure(what + " is not a DER or PEM key, so it " + std::string(kNamesNoAlgorithm));
}

Failure key_decode_failure(const std::string& what, const formats::Error& error, std::span<const std::uint8_t> data,
                           const Algorithm* named) {
  std::string message = what + ": " + error.what();
  if (named == nullptr && starts_like_der(data))
    message += " (if it is a raw key, it " + std::string(kNamesNoAlgorithm) + ")";
  return Failure(message);
}

formats::PublicKey read_public_key(const std::string& path, const std::string& alg_name, Kind kind) {
  const Algorithm* expected = expected_algorithm(alg_name, kind);
  const std::string what = describe(path, "public key");
  const ByteVector data = read_input_upto(path, "public key", max_key_file_bytes);
  if (data.size() > max_key_file_bytes) too_long(what, expected, expected ? expected->public_key_bytes : 0);
  raw_needs_algorithm(data, expected, what);
  formats::PublicKey key;
  try {
    key = formats::decode_public(data, expected);
  } catch (const formats::Error& e) {
    throw key_decode_failure(what, e, data, expected);
  }
  require_kind(key, kind, what);
  return key;
}

formats::PrivateKey read_private_key(const std::string& path, const std::string& alg_name, Kind kind) {
  const Algorithm* expected = expected_algorithm(alg_name, kind);
  const std::string what = describe(path, "secret key");
  const SecretBytes data(read_input_upto(path, "secret key", max_key_file_bytes));
  if (data.size() > max_key_file_bytes) too_long(what, expected, expected ? expected->secret_key_bytes : 0);
  raw_needs_algorithm(data, expected, what);
  formats::PrivateKey key;
  try {
    key = formats::decode_private(data, expected);
  } catch (const formats::Error& e) {
    throw key_decode_failure(what, e, data, expected);
  }
  require_kind(key, kind, what);
  return key;
}

void add_key_output_options(CLI::App* cmd, KeyOutputOptions& opt) {
  cmd->add_option("--format", opt.format,
                  "Encoding of the keys written: raw (the FIPS bytes; the default), der or pem "
                  "(SubjectPublicKeyInfo / PKCS#8, as the IETF LAMPS documents define them)")
      ->check(CLI::IsMember({"raw", "der", "pem"}, CLI::ignore_case));
  cmd->add_option("--private-form", opt.private_form,
                  "Private-key form in DER/PEM (ML-KEM, ML-DSA): seed (the default where the seed is known), "
                  "expanded or both")
      ->check(CLI::IsMember({"seed", "expanded", "both"}, CLI::ignore_case));
}

formats::Encoding output_encoding(const KeyOutputOptions& opt) {
  std::string f = opt.format;
  for (char& c : f) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (f == "raw") return formats::Encoding::raw;
  if (f == "der") return formats::Encoding::der;
  if (f == "pem") return formats::Encoding::pem;
  throw Failure("--format: '" + opt.format + "' is not raw, der or pem");
}

std::optional<formats::PrivateForm> output_private_form(const KeyOutputOptions& opt) {
  std::string f = opt.private_form;
  for (char& c : f) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (f.empty()) return std::nullopt;
  if (f == "seed") return formats::PrivateForm::seed;
  if (f == "expanded") return formats::PrivateForm::expanded;
  if (f == "both") return formats::PrivateForm::both;
  throw Failure("--private-form: '" + opt.private_form + "' is not seed, expanded or both");
}

std::vector<std::uint8_t> encode_public_key(const formats::PublicKey& key, const KeyOutputOptions& opt) {
  try {
    return formats::encode_public(key, output_encoding(opt));
  } catch (const formats::Error& e) {
    throw Failure(std::string("cannot write the public key: ") + e.what());
  }
}

formats::SecureBytes encode_private_key(const formats::PrivateKey& key, const KeyOutputOptions& opt) {
  const formats::Encoding encoding = output_encoding(opt);
  const std::optional<formats::PrivateForm> form = output_private_form(opt);
  if (form && encoding == formats::Encoding::raw)
    throw Failure("--private-form applies to --format der or pem (a raw secret key is the expanded FIPS key)");
  try {
    return formats::encode_private(key, encoding, form);
  } catch (const formats::Error& e) {
    throw Failure(std::string("cannot write the secret key: ") + e.what());
  }
}

}  // namespace pqlab::cli
