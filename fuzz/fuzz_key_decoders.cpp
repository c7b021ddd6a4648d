// libFuzzer target: the standard key decoders of pqlab_formats
// (formats/include/pqlab/formats/keys.hpp): SubjectPublicKeyInfo and
// PrivateKeyInfo in DER and PEM, the LAMPS private-key CHOICE, raw keys, and
// content detection.
// Input: mode (byte): bit 0 private (1) or public (0); mode >> 1 selects the
// expected algorithm, 0 for none, i for the registry's entry (i - 1) mod N.
// The rest is the key.
// Invariants: detect() and the decoders never crash and answer with a key or
// a one-line message; a key read is of the expected algorithm, has the sizes
// of its algorithm, and re-encodes to the input when the input is DER (the
// decoders accept canonical DER only) or raw; a private key's public key can
// be computed; PEM input decodes to the key its DER gives.
#include <algorithm>
#include <string>

#include "fuzz_input.hpp"
#include "pqlab/formats/keys.hpp"
#include "pqlab/registry.hpp"

namespace {

using namespace pqlab;
using namespace pqlab::formats;
using fuzz::require;

template <class A, class B>
bool same(const A& a, const B& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

void check_public(std::span<const std::uint8_t> data, const Algorithm* expected, const Detected& d) {
  PublicKey key;
  std::string error;
  if (!try_decode_public(data, expected, key, &error)) {
    require(!error.empty() && error.find('\n') == std::string::npos, "one-line message on failure");
    require(key.alg == nullptr, "no output on failure");
    return;
  }
  require(key.alg != nullptr, "decoded public key has an algorithm");
  require(expected == nullptr || key.alg->name == expected->name, "public key of the expected algorithm");
  require(key.bytes.size() == key.alg->public_key_bytes, "public key of its algorithm's size");
  if (d.encoding == Encoding::der) {
    require(d.kind == KeyKind::public_key && d.alg != nullptr && d.alg->name == key.alg->name, "detect agrees");
    require(same(encode_public(key, Encoding::der), data), "DER public key re-encodes to the input");
  } else if (d.encoding == Encoding::raw) {
    require(same(key.bytes, data), "raw public key is the input");
  } else {
    const std::vector<std::uint8_t> der = encode_public(key, Encoding::der);
    require(same(decode_public(encode_public(key, Encoding::pem)).bytes, key.bytes), "PEM round trip");
    require(same(decode_public(der).bytes, key.bytes), "DER round trip");
  }
}

void check_private(std::span<const std::uint8_t> data, const Algorithm* expected, const Detected& d) {
  PrivateKey key;
  std::string error;
  if (!try_decode_private(data, expected, key, &error)) {
    require(!error.empty() && error.find('\n') == std::string::npos, "one-line message on failure");
    require(key.alg == nullptr, "no output on failure");
    return;
  }
  require(key.alg != nullptr, "decoded private key has an algorithm");
  require(expected == nullptr || key.alg->name == expected->name, "private key of the expected algorithm");
  require(key.expanded.size() == key.alg->secret_key_bytes, "expanded key of its algorithm's size");
  require(!key.seed || key.seed->size() == key.alg->seed_bytes, "seed of its algorithm's size");
  require(key.seed.has_value() == (key.form != PrivateForm::expanded), "seed present iff the form has one");
  PublicKey pub;
  require(try_public_of(key, pub, &error), "the public key of a decoded private key");
  if (d.encoding == Encoding::der) {
    require(d.kind == KeyKind::private_key && d.alg != nullptr && d.alg->name == key.alg->name, "detect agrees");
    require(same(encode_private(key, Encoding::der, key.form), data), "DER private key re-encodes to the input");
  } else if (d.encoding == Encoding::raw) {
    require(same(key.expanded, data), "raw private key is the input");
  } else {
    const SecureBytes pem = encode_private(key, Encoding::pem, key.form);
    require(same(decode_private(pem).expanded, key.expanded), "PEM round trip");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::uint8_t mode = in.byte();
  const std::vector<std::uint8_t> key = in.rest();
  const auto algs = algorithms();
  const std::size_t pick = mode >> 1;
  const Algorithm* expected = pick == 0 ? nullptr : &algs[(pick - 1) % algs.size()];
  const Detected d = detect(key);
  if (d.alg != nullptr) require(!d.oid.empty() && oid_of(*d.alg) == d.oid, "detected OID names its algorithm");
  if ((mode & 1) != 0)
    check_private(key, expected, d);
  else
    check_public(key, expected, d);
  return 0;
}
