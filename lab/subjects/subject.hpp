// What the lab measures: a "subject" is one algorithm (a pqlab registry
// entry or a classical OpenSSL baseline) with its sizes and its operations.
// Each instantiation owns fresh keys and buffers, so that independent
// instances may run on different threads at once.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace pqlab::lab {

struct Operation {
  std::string name;  // "keygen", "encaps", "sign", "derive", "encaps-batch8", "verify-batch8", ...
  std::function<void()> run;
  // Operations one run() performs (a batch call); times and rates are
  // reported per operation, peak stack and heap per call.
  std::size_t items = 1;
};

struct Instance {
  std::vector<Operation> operations;
  const Operation& find(const std::string& name) const;
};

enum class SubjectFamily { post_quantum, classical };

struct Subject {
  std::string name;      // "ML-KEM-768", "X25519", ...
  std::string standard;  // "FIPS 203", "RFC 7748", ...
  std::string kind;      // "kem", "signature", "key-agreement", "signature+encryption"
  SubjectFamily family = SubjectFamily::post_quantum;
  // Sizes in bytes of the encodings used; 0 where not applicable. For key
  // agreement the "ciphertext" is the public key sent to the peer.
  std::size_t public_key_bytes = 0, secret_key_bytes = 0, ciphertext_bytes = 0, signature_bytes = 0,
              shared_secret_bytes = 0;
  std::string size_note;  // how the sizes were taken (encodings)
  std::vector<std::string> operation_names;
  std::function<Instance()> instantiate;
  bool uses_kernels() const { return family == SubjectFamily::post_quantum; }
};

// Bytes a protocol puts on the wire for one run: public key plus
// ciphertext (KEM, key agreement) or signature.
std::size_t wire_bytes(const Subject& s);

// Every registry entry, in registry order. Signing uses a message of
// `message_bytes` random bytes.
std::vector<Subject> post_quantum_subjects(std::size_t message_bytes);
// The classical baselines through OpenSSL's EVP interface.
std::vector<Subject> classical_subjects(std::size_t message_bytes);
// The lab-only subjects: Kyber512/768/1024-90s, the withdrawn round-3
// variant, for comparison with published results only (not in the
// registry, not in "all"; `pqlab bench kyber90s` or by name).
std::vector<Subject> lab_only_subjects();
const std::vector<std::string>& lab_only_subject_names();
// The OpenSSL version string the baselines run on.
std::string openssl_version();

}  // namespace pqlab::lab

namespace pqlab::lab {
// Names of the classical baselines, without building them (building one
// generates keys, an RSA key among them).
const std::vector<std::string>& classical_subject_names();
}  // namespace pqlab::lab
