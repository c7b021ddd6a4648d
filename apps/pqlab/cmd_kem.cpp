// pqlab keygen / encaps / decaps. Key files are raw FIPS encodings, DER or
// PEM (cli_keys.hpp; written as --format asks, read whatever they are);
// ciphertexts and shared secrets are raw. Any file may be "-" (standard
// input or output, one of each per command).
#include <string>

#include "cli_keys.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "pqlab/random.hpp"

namespace pqlab::cli {
namespace {

struct KeygenArgs {
  std::string alg, pk, sk, seed;
  KeyOutputOptions out;
};
struct EncapsArgs {
  std::string alg, pk, ct, ss, seed;
};
struct DecapsArgs {
  std::string alg, sk, ct, ss;
};

// Key generation from a seed (--seed, or one drawn from the system's
// random source): FIPS 203 Alg. 19, FIPS 204 Alg. 1, FIPS 205 Alg. 21 draw
// their seeds first, then run the deterministic *_internal key generation.
// The seed is kept for the DER/PEM "seed" form.
void run_keygen(const KeygenArgs& a) {
  const Algorithm& alg = require_algorithm(a.alg);
  formats::KeyPair kp;
  try {
    if (!a.seed.empty()) {
      const SecretBytes seed(parse_hex(a.seed, "--seed", alg.seed_bytes));
      kp = formats::from_seed(alg, seed);
    } else {
      kp = formats::generate(alg);
    }
  } catch (const formats::Error& e) {
    throw Failure(std::string("key generation failed: ") + e.what());
  }
  const std::vector<std::uint8_t> pk = encode_public_key(kp.public_key, a.out);
  const formats::SecureBytes sk = encode_private_key(kp.private_key, a.out);
  write_outputs({{a.pk, pk, Sensitivity::public_data, "public key"}, {a.sk, sk, Sensitivity::secret, "secret key"}});
}

void run_encaps(const EncapsArgs& a) {
  const formats::PublicKey key = read_public_key(a.pk, a.alg, Kind::kem);
  const Algorithm& alg = *key.alg;
  const std::vector<std::uint8_t>& pk = key.bytes;
  ByteVector ct(alg.ciphertext_bytes);
  SecretBytes ss(alg.shared_secret_bytes);
  Status s;
  if (!a.seed.empty()) {
    const SecretBytes m(parse_hex(a.seed, "--seed", 32));
    s = alg.kem->encaps_derand(ct, ss, pk, m);
  } else {
    s = alg.kem->encaps(ct, ss, pk, system_random());
  }
  check(s, "encapsulation with '" + a.pk + "' failed");
  write_outputs({{a.ct, ct, Sensitivity::public_data, "ciphertext"}, {a.ss, ss, Sensitivity::secret, "shared secret"}});
}

void run_decaps(const DecapsArgs& a) {
  const formats::PrivateKey key = read_private_key(a.sk, a.alg, Kind::kem);
  const Algorithm& alg = *key.alg;
  const formats::SecureBytes& sk = key.expanded;
  const ByteVector ct = read_exact(a.ct, "ciphertext", alg.ciphertext_bytes);
  SecretBytes ss(alg.shared_secret_bytes);
  check(alg.kem->decaps(ss, ct, sk), "decapsulation with '" + a.sk + "' failed");
  write_outputs({{a.ss, ss, Sensitivity::secret, "shared secret"}});
}

}  // namespace

void add_kem_commands(CLI::App& app) {
  auto keygen_args = std::make_shared<KeygenArgs>();
  auto* keygen = app.add_subcommand("keygen", "Generate a key pair (any algorithm)");
  keygen->add_option("-a,--algorithm", keygen_args->alg, "Algorithm name, e.g. ML-KEM-768")->required();
  keygen->add_option("--pk", keygen_args->pk, "Output: public (encapsulation) key, or - for standard output")
      ->required();
  add_key_output_options(keygen, keygen_args->out);
  keygen
      ->add_option("--sk", keygen_args->sk,
                   "Output: secret (decapsulation) key (created 0600), or - for standard output")
      ->required();
  keygen->add_option("--seed", keygen_args->seed,
                     "Hex seed for a deterministic key pair (ML-KEM: d||z, 64 bytes; ML-DSA: xi, 32 bytes; "
                     "SLH-DSA: SK.seed||SK.prf||PK.seed)");
  keygen->callback([keygen_args] { run_keygen(*keygen_args); });

  auto encaps_args = std::make_shared<EncapsArgs>();
  auto* encaps = app.add_subcommand("encaps", "Encapsulate a shared secret to a public key");
  encaps->add_option("-a,--algorithm", encaps_args->alg,
                     "KEM name, e.g. ML-KEM-768 (optional for a DER/PEM key, which names its algorithm)");
  encaps->add_option("--pk", encaps_args->pk, "Input: encapsulation key (raw, DER or PEM), or - for standard input")
      ->required();
  encaps->add_option("--ct", encaps_args->ct, "Output: ciphertext, or - for standard output")->required();
  encaps
      ->add_option("--ss", encaps_args->ss, "Output: shared secret (32 bytes, created 0600), or - for standard output")
      ->required();
  encaps->add_option("--seed", encaps_args->seed, "Hex m (32 bytes) for deterministic encapsulation");
  encaps->callback([encaps_args] { run_encaps(*encaps_args); });

  auto decaps_args = std::make_shared<DecapsArgs>();
  auto* decaps = app.add_subcommand("decaps", "Decapsulate a ciphertext with a secret key");
  decaps->add_option("-a,--algorithm", decaps_args->alg,
                     "KEM name, e.g. ML-KEM-768 (optional for a DER/PEM key, which names its algorithm)");
  decaps->add_option("--sk", decaps_args->sk, "Input: decapsulation key (raw, DER or PEM), or - for standard input")
      ->required();
  decaps->add_option("--ct", decaps_args->ct, "Input: ciphertext, or - for standard input")->required();
  decaps
      ->add_option("--ss", decaps_args->ss, "Output: shared secret (32 bytes, created 0600), or - for standard output")
      ->required();
  decaps->callback([decaps_args] { run_decaps(*decaps_args); });
}

}  // namespace pqlab::cli
