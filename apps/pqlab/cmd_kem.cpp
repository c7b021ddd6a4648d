// pqlab keygen / encaps / decaps. Files hold raw standard encodings; any
// file may be "-" (standard input or output, one of each per command).
#include <string>

#include "cli_util.hpp"
#include "commands.hpp"
#include "pqlab/random.hpp"

namespace pqlab::cli {
namespace {

struct KeygenArgs {
  std::string alg, pk, sk, seed;
};
struct EncapsArgs {
  std::string alg, pk, ct, ss, seed;
};
struct DecapsArgs {
  std::string alg, sk, ct, ss;
};

void run_keygen(const KeygenArgs& a) {
  const Algorithm& alg = require_algorithm(a.alg);
  ByteVector pk(alg.public_key_bytes);
  SecretBytes sk(alg.secret_key_bytes);
  Status s;
  if (!a.seed.empty()) {
    const SecretBytes seed(parse_hex(a.seed, "--seed", alg.seed_bytes));
    s = alg.kind == Kind::kem ? alg.kem->keygen_from_seed(pk, sk, seed) : alg.sig->keygen_from_seed(pk, sk, seed);
  } else {
    s = alg.kind == Kind::kem ? alg.kem->keygen(pk, sk, system_random()) : alg.sig->keygen(pk, sk, system_random());
  }
  check(s, "key generation failed");
  write_outputs({{a.pk, pk, Sensitivity::public_data, "public key"},
                 {a.sk, sk, Sensitivity::secret, "secret key"}});
}

void run_encaps(const EncapsArgs& a) {
  const Algorithm& alg = require_algorithm(a.alg, Kind::kem);
  const ByteVector pk = read_exact(a.pk, "public key", alg.public_key_bytes);
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
  write_outputs({{a.ct, ct, Sensitivity::public_data, "ciphertext"},
                 {a.ss, ss, Sensitivity::secret, "shared secret"}});
}

void run_decaps(const DecapsArgs& a) {
  const Algorithm& alg = require_algorithm(a.alg, Kind::kem);
  const SecretBytes sk = read_secret_exact(a.sk, "secret key", alg.secret_key_bytes);
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
  keygen->add_option("--pk", keygen_args->pk, "Output: public (encapsulation) key, or - for standard output")->required();
  keygen->add_option("--sk", keygen_args->sk, "Output: secret (decapsulation) key (created 0600), or - for standard output")->required();
  keygen->add_option("--seed", keygen_args->seed,
                     "Hex seed for a deterministic key pair (ML-KEM: d||z, 64 bytes; ML-DSA: xi, 32 bytes; "
                     "SLH-DSA: SK.seed||SK.prf||PK.seed)");
  keygen->callback([keygen_args] { run_keygen(*keygen_args); });

  auto encaps_args = std::make_shared<EncapsArgs>();
  auto* encaps = app.add_subcommand("encaps", "Encapsulate a shared secret to a public key");
  encaps->add_option("-a,--algorithm", encaps_args->alg, "KEM name, e.g. ML-KEM-768")->required();
  encaps->add_option("--pk", encaps_args->pk, "Input: encapsulation key, or - for standard input")->required();
  encaps->add_option("--ct", encaps_args->ct, "Output: ciphertext, or - for standard output")->required();
  encaps->add_option("--ss", encaps_args->ss, "Output: shared secret (32 bytes, created 0600), or - for standard output")->required();
  encaps->add_option("--seed", encaps_args->seed, "Hex m (32 bytes) for deterministic encapsulation");
  encaps->callback([encaps_args] { run_encaps(*encaps_args); });

  auto decaps_args = std::make_shared<DecapsArgs>();
  auto* decaps = app.add_subcommand("decaps", "Decapsulate a ciphertext with a secret key");
  decaps->add_option("-a,--algorithm", decaps_args->alg, "KEM name, e.g. ML-KEM-768")->required();
  decaps->add_option("--sk", decaps_args->sk, "Input: decapsulation key, or - for standard input")->required();
  decaps->add_option("--ct", decaps_args->ct, "Input: ciphertext, or - for standard input")->required();
  decaps->add_option("--ss", decaps_args->ss, "Output: shared secret (32 bytes, created 0600), or - for standard output")->required();
  decaps->callback([decaps_args] { run_decaps(*decaps_args); });
}

}  // namespace pqlab::cli
