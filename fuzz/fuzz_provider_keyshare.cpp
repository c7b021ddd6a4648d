// libFuzzer target: the pqlab OpenSSL provider's key-share parsing, driven
// through EVP the way libssl drives a TLS 1.3 KEM group (the provider is
// linked in and registered as a built-in, so it is instrumented too).
// Input: KEM (byte % 6: ML-KEM-512/768/1024, X25519MLKEM768,
// SecP256r1MLKEM768, SecP384r1MLKEM1024), mode (byte % 3), payload.
//   mode 0, a server receiving a ClientHello share: payload becomes a fresh
//           key's encoded public key (EVP_PKEY_set1_encoded_public_key). It
//           is accepted only at the exact public-key length, and then
//           encapsulation gives a ciphertext and secret of the exact lengths,
//           except where an X25519 part is a point of small order: its
//           shared secret is all zero, which RFC 8446 §7.4.2 requires a
//           handshake to refuse, so encapsulation must fail then (checked
//           against OpenSSL's own X25519 on that part).
//   mode 1, a client receiving a ServerHello share: a fresh key pair
//           decapsulates payload, accepted only at the exact ciphertext
//           length, giving a secret of the exact length.
//   mode 2, a round trip: encapsulate to a fresh key and decapsulate; the
//           secrets match. Then payload is XORed into the ciphertext's
//           ML-KEM part: a changed one never gives the original secret back
//           (implicit rejection). The classical part is left alone: X25519
//           ignores the top bit of a share, so a change there may not count.
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "fuzz_input.hpp"
#include "pqlab_provider.h"

namespace {

using pqlab::fuzz::require;
using Bytes = std::vector<std::uint8_t>;

struct Kem {
  const char* name;
  std::size_t public_key, ciphertext, shared_secret;
  std::size_t mlkem_at, mlkem_ciphertext;  // where the ML-KEM ciphertext lies
  bool x25519_last;                        // the share ends with an X25519 public key
};
// draft-ietf-tls-ecdhe-mlkem and FIPS 203 sizes (X25519MLKEM768 puts ML-KEM
// first, the SecP hybrids their ECDH point first).
constexpr Kem kKems[] = {
    {"ML-KEM-512", 800, 768, 32, 0, 768, false},
    {"ML-KEM-768", 1184, 1088, 32, 0, 1088, false},
    {"ML-KEM-1024", 1568, 1568, 32, 0, 1568, false},
    {"X25519MLKEM768", 1216, 1120, 64, 0, 1088, true},
    {"SecP256r1MLKEM768", 1249, 1153, 64, 65, 1088, false},
    {"SecP384r1MLKEM1024", 1665, 1665, 80, 97, 1568, false},
};
constexpr std::size_t kX25519Bytes = 32;

struct PkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
struct CtxFree {
  void operator()(EVP_PKEY_CTX* c) const { EVP_PKEY_CTX_free(c); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using Ctx = std::unique_ptr<EVP_PKEY_CTX, CtxFree>;

Pkey generate(const Kem& kem) {
  Ctx ctx(EVP_PKEY_CTX_new_from_name(nullptr, kem.name, nullptr));
  EVP_PKEY* key = nullptr;
  require(ctx && EVP_PKEY_keygen_init(ctx.get()) == 1 && EVP_PKEY_generate(ctx.get(), &key) == 1,
          "the provider generates a key pair");
  return Pkey(key);
}

bool encapsulate(EVP_PKEY* key, Bytes& ct, Bytes& secret) {
  Ctx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr));
  std::size_t ct_len = 0, secret_len = 0;
  if (!ctx || EVP_PKEY_encapsulate_init(ctx.get(), nullptr) != 1 ||
      EVP_PKEY_encapsulate(ctx.get(), nullptr, &ct_len, nullptr, &secret_len) != 1)
    return false;
  ct.resize(ct_len);
  secret.resize(secret_len);
  if (EVP_PKEY_encapsulate(ctx.get(), ct.data(), &ct_len, secret.data(), &secret_len) != 1) return false;
  ct.resize(ct_len);
  secret.resize(secret_len);
  return true;
}

bool decapsulate(EVP_PKEY* key, const Bytes& ct, Bytes& secret) {
  Ctx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr));
  std::size_t secret_len = 0;
  if (!ctx || EVP_PKEY_decapsulate_init(ctx.get(), nullptr) != 1 ||
      EVP_PKEY_decapsulate(ctx.get(), nullptr, &secret_len, ct.data(), ct.size()) != 1)
    return false;
  secret.resize(secret_len);
  if (EVP_PKEY_decapsulate(ctx.get(), secret.data(), &secret_len, ct.data(), ct.size()) != 1) return false;
  secret.resize(secret_len);
  return true;
}

// Whether X25519 with a fresh key and `peer` as the other side's public key
// fails, as it does (all-zero shared secret) for a point of small order.
bool x25519_refuses(const std::uint8_t* peer) {
  Ctx gen(EVP_PKEY_CTX_new_from_name(nullptr, "X25519", nullptr));
  EVP_PKEY* own = nullptr;
  require(gen && EVP_PKEY_keygen_init(gen.get()) == 1 && EVP_PKEY_generate(gen.get(), &own) == 1,
          "OpenSSL generates an X25519 key");
  const Pkey own_key(own);
  const Pkey peer_key(EVP_PKEY_new_raw_public_key_ex(nullptr, "X25519", nullptr, peer, kX25519Bytes));
  Ctx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, own_key.get(), nullptr));
  std::uint8_t secret[kX25519Bytes];
  std::size_t len = sizeof secret;
  return !peer_key || !ctx || EVP_PKEY_derive_init(ctx.get()) != 1 ||
         EVP_PKEY_derive_set_peer(ctx.get(), peer_key.get()) != 1 || EVP_PKEY_derive(ctx.get(), secret, &len) != 1;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  require(OSSL_PROVIDER_load(nullptr, "default") != nullptr, "the default provider loads");
  require(OSSL_PROVIDER_add_builtin(nullptr, "pqlab", pqlab_provider_init) == 1, "pqlab registers as built-in");
  require(OSSL_PROVIDER_load(nullptr, "pqlab") != nullptr, "the pqlab provider loads");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pqlab::fuzz::Input in(data, size);
  const Kem& kem = kKems[in.byte() % std::size(kKems)];
  const std::uint8_t mode = in.byte() % 3;
  const Bytes payload = in.rest();
  Pkey key = generate(kem);
  Bytes ct, secret, secret_again;
  if (mode == 0) {
    const bool accepted = EVP_PKEY_set1_encoded_public_key(key.get(), payload.data(), payload.size()) == 1;
    if (accepted) {
      require(payload.size() == kem.public_key, "only a share of the exact length is accepted");
      const bool small_order = kem.x25519_last && x25519_refuses(payload.data() + payload.size() - kX25519Bytes);
      const bool encapsulated = encapsulate(key.get(), ct, secret);
      require(encapsulated != small_order,
              "an accepted share can be encapsulated to, unless its X25519 part has small order");
      if (encapsulated)
        require(ct.size() == kem.ciphertext && secret.size() == kem.shared_secret, "encapsulation output lengths");
    }
  } else if (mode == 1) {
    if (decapsulate(key.get(), payload, secret)) {
      require(payload.size() == kem.ciphertext, "only a ciphertext of the exact length is decapsulated");
      require(secret.size() == kem.shared_secret, "decapsulation secret length");
    } else {
      // Refusals: a wrong length, or an invalid classical share.
      require(payload.size() != kem.ciphertext || kem.shared_secret > 32,
              "a pure ML-KEM ciphertext of the right length is never refused (implicit rejection)");
    }
  } else {
    require(encapsulate(key.get(), ct, secret), "encapsulation to a fresh key");
    require(decapsulate(key.get(), ct, secret_again) && secret_again == secret, "round trip gives the same secret");
    bool changed = false;
    for (std::size_t i = 0; i < payload.size() && i < kem.mlkem_ciphertext; ++i) {
      ct[kem.mlkem_at + i] = static_cast<std::uint8_t>(ct[kem.mlkem_at + i] ^ payload[i]);
      changed = changed || payload[i] != 0;
    }
    if (changed && decapsulate(key.get(), ct, secret_again))
      require(secret_again != secret, "a changed ciphertext does not give the original secret");
  }
  ERR_clear_error();
  return 0;
}
