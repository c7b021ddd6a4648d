// pqlab provider: generate / encapsulate / decapsulate on composed keys.
#include "composition.hpp"

#include "pqlab/random.hpp"

namespace pqlab::provider {
namespace {

bool fail(int reason, const char* what, const KemVariant& v) {
  raise_error(reason, "%s: %s", v.name, what);
  return false;
}

bool status_ok(Status s, const char* what, const KemVariant& v) {
  if (s == Status::ok) return true;
  const int reason = s == Status::invalid_key      ? reason_invalid_key
                     : s == Status::invalid_length ? reason_wrong_length
                     : s == Status::random_failure ? reason_random_failure
                                                   : reason_internal;
  raise_error(reason, "%s: %s: %s", v.name, what, describe(s));
  return false;
}

}  // namespace

bool generate_keypair(KemKey& key) {
  const KemVariant& v = *key.variant;
  const Algorithm& m = mlkem_of(v);
  key.clear();
  PublicBytes ek(m.public_key_bytes);
  SecretBytes dk(m.secret_key_bytes);
  // ML-KEM.KeyGen (FIPS 203 Alg. 19): d ‖ z from getrandom(2), then
  // ML-KEM.KeyGen_internal (Alg. 16); a pure ML-KEM key keeps its seed so
  // that the seed form of the private key (LAMPS) can be written.
  SecretBytes seed(m.seed_bytes);
  if (system_random().generate(seed.span()) != Status::ok)
    return fail(reason_random_failure, "no randomness for the key seed", v);
  if (!status_ok(m.kem->keygen_from_seed(ek, dk.span(), seed.span()), "key generation", v))
    return false;
  if (key.is_hybrid()) {
    EvpPkey pair = classical_generate(key.provider->libctx, v.classical);
    if (!pair) return fail(reason_classical_failure, "classical key generation", v);
    PublicBytes pub = classical_public(pair.get(), v.classical);
    if (pub.empty()) return fail(reason_classical_failure, "classical public key", v);
    key.classical = std::move(pair);
    key.classical_pub = std::move(pub);
  }
  key.mlkem_ek = std::move(ek);
  key.mlkem_dk = std::move(dk);
  if (!key.is_hybrid()) key.mlkem_seed = std::move(seed);
  return true;
}

PublicBytes encoded_public_key(const KemKey& key) {
  const KemVariant& v = *key.variant;
  PublicBytes out(composed_sizes(v).public_key);
  MutableParts parts = split(v, std::span<std::uint8_t>(out), key.mlkem_ek.size());
  std::copy(key.mlkem_ek.begin(), key.mlkem_ek.end(), parts.mlkem.begin());
  std::copy(key.classical_pub.begin(), key.classical_pub.end(), parts.classical.begin());
  return out;
}

bool set_public_key(KemKey& key, std::span<const std::uint8_t> encoded) {
  const KemVariant& v = *key.variant;
  const Algorithm& m = mlkem_of(v);
  key.clear();
  if (encoded.size() != composed_sizes(v).public_key)
    return fail(reason_wrong_length, "public key of the wrong length", v);
  const Parts parts = split(v, encoded, m.public_key_bytes);
  // FIPS 203 §7.2: the modulus check on the encapsulation key.
  if (!status_ok(m.kem->check_encaps_key(parts.mlkem), "encapsulation key check", v)) return false;
  if (key.is_hybrid()) {
    EvpPkey peer = classical_public_from_bytes(key.provider->libctx, v.classical, parts.classical);
    if (!peer) return fail(reason_invalid_key, "invalid classical public key", v);
    key.classical = std::move(peer);
    key.classical_pub.assign(parts.classical.begin(), parts.classical.end());
  }
  key.mlkem_ek.assign(parts.mlkem.begin(), parts.mlkem.end());
  return true;
}

SecretBytes encoded_private_key(const KemKey& key) {
  const KemVariant& v = *key.variant;
  SecretBytes out(composed_sizes(v).private_key);
  SecretBytes classical_priv;
  if (key.is_hybrid()) {
    classical_priv = classical_private(key.classical.get(), v.classical);
    if (classical_priv.empty()) return {};
  }
  MutableParts parts = split(v, out.span(), key.mlkem_dk.size());
  std::copy(key.mlkem_dk.data(), key.mlkem_dk.data() + key.mlkem_dk.size(), parts.mlkem.begin());
  std::copy(classical_priv.data(), classical_priv.data() + classical_priv.size(),
            parts.classical.begin());
  return out;
}

bool set_private_key(KemKey& key, std::span<const std::uint8_t> priv,
                     std::span<const std::uint8_t> pub) {
  const KemVariant& v = *key.variant;
  const Algorithm& m = mlkem_of(v);
  const ComposedSizes sizes = composed_sizes(v);
  key.clear();
  if (priv.size() != sizes.private_key)
    return fail(reason_wrong_length, "private key of the wrong length", v);
  if (!pub.empty() && pub.size() != sizes.public_key)
    return fail(reason_wrong_length, "public key of the wrong length", v);
  if (key.is_hybrid() && pub.empty())
    return fail(reason_missing_key, "a hybrid private key needs its public key", v);
  const Parts priv_parts = split(v, priv, m.secret_key_bytes);
  // FIPS 203 §7.3: the hash check on the decapsulation key.
  if (!status_ok(m.kem->check_decaps_key(priv_parts.mlkem), "decapsulation key check", v))
    return false;
  // FIPS 203 Alg. 16: dk = dk_PKE ‖ ek ‖ H(ek) ‖ z, with ek at offset 384k.
  const std::size_t ek_offset = m.secret_key_bytes - m.public_key_bytes - 64;
  const auto ek = priv_parts.mlkem.subspan(ek_offset, m.public_key_bytes);
  if (!pub.empty()) {
    const Parts pub_parts = split(v, pub, m.public_key_bytes);
    if (CRYPTO_memcmp(pub_parts.mlkem.data(), ek.data(), ek.size()) != 0)
      return fail(reason_invalid_key, "public key does not match the private key", v);
    if (key.is_hybrid()) {
      EvpPkey pair = classical_from_private(key.provider->libctx, v.classical, priv_parts.classical,
                                            pub_parts.classical);
      if (!pair) return fail(reason_invalid_key, "invalid classical key pair", v);
      key.classical = std::move(pair);
      key.classical_pub.assign(pub_parts.classical.begin(), pub_parts.classical.end());
    }
  }
  key.mlkem_ek.assign(ek.begin(), ek.end());
  key.mlkem_dk.assign(priv_parts.mlkem);
  return true;
}

bool set_from_seed(KemKey& key, std::span<const std::uint8_t> seed,
                   std::span<const std::uint8_t> priv, std::span<const std::uint8_t> pub) {
  const KemVariant& v = *key.variant;
  const Algorithm& m = mlkem_of(v);
  key.clear();
  if (key.is_hybrid()) return fail(reason_bad_parameter, "a hybrid key has no seed form", v);
  if (seed.size() != m.seed_bytes) return fail(reason_wrong_length, "seed of the wrong length", v);
  PublicBytes ek(m.public_key_bytes);
  SecretBytes dk(m.secret_key_bytes);
  // ML-KEM.KeyGen_internal (FIPS 203 Alg. 16) from d ‖ z.
  if (!status_ok(m.kem->keygen_from_seed(ek, dk.span(), seed), "key generation", v)) return false;
  if ((!priv.empty() &&
       (priv.size() != dk.size() || CRYPTO_memcmp(priv.data(), dk.data(), dk.size()) != 0)) ||
      (!pub.empty() &&
       (pub.size() != ek.size() || CRYPTO_memcmp(pub.data(), ek.data(), ek.size()) != 0)))
    return fail(reason_invalid_key, "the seed does not generate the given key", v);
  key.mlkem_ek = std::move(ek);
  key.mlkem_dk = std::move(dk);
  key.mlkem_seed.assign(seed);
  return true;
}

bool encapsulate(const KemKey& key, std::span<std::uint8_t> ct, std::span<std::uint8_t> secret) {
  const KemVariant& v = *key.variant;
  const Algorithm& m = mlkem_of(v);
  const ComposedSizes sizes = composed_sizes(v);
  if (!key.has_public()) return fail(reason_missing_key, "no public key to encapsulate to", v);
  if (ct.size() != sizes.ciphertext || secret.size() != sizes.shared_secret)
    return fail(reason_wrong_length, "output buffer of the wrong length", v);
  MutableParts ct_parts = split(v, ct, m.ciphertext_bytes);
  MutableParts secret_parts = split(v, secret, m.shared_secret_bytes);
  // ML-KEM.Encaps (FIPS 203 Alg. 20).
  if (!status_ok(m.kem->encaps(ct_parts.mlkem, secret_parts.mlkem, key.mlkem_ek, system_random()),
                 "encapsulation", v))
    return false;
  if (key.is_hybrid()) {
    // The classical "ciphertext" is an ephemeral public key; its secret is
    // the (EC)DH of that ephemeral key with the peer's public key.
    EvpPkey ephemeral = classical_generate(key.provider->libctx, v.classical);
    if (!ephemeral) return fail(reason_classical_failure, "ephemeral key generation", v);
    const PublicBytes pub = classical_public(ephemeral.get(), v.classical);
    if (pub.size() != ct_parts.classical.size())
      return fail(reason_classical_failure, "ephemeral public key", v);
    if (!classical_derive(key.provider->libctx, ephemeral.get(), key.classical.get(),
                          secret_parts.classical)) {
      OPENSSL_cleanse(secret.data(), secret.size());
      return fail(reason_classical_failure, "key agreement with the peer's public key", v);
    }
    std::copy(pub.begin(), pub.end(), ct_parts.classical.begin());
  }
  return true;
}

bool decapsulate(const KemKey& key, std::span<std::uint8_t> secret,
                 std::span<const std::uint8_t> ct) {
  const KemVariant& v = *key.variant;
  const Algorithm& m = mlkem_of(v);
  const ComposedSizes sizes = composed_sizes(v);
  if (!key.has_private()) return fail(reason_missing_key, "no private key to decapsulate with", v);
  if (ct.size() != sizes.ciphertext)
    return fail(reason_wrong_length, "ciphertext of the wrong length", v);
  if (secret.size() != sizes.shared_secret)
    return fail(reason_wrong_length, "output buffer of the wrong length", v);
  const Parts ct_parts = split(v, ct, m.ciphertext_bytes);
  MutableParts secret_parts = split(v, secret, m.shared_secret_bytes);
  if (key.is_hybrid()) {
    EvpPkey peer =
        classical_public_from_bytes(key.provider->libctx, v.classical, ct_parts.classical);
    if (!peer) return fail(reason_invalid_key, "invalid classical share in the ciphertext", v);
    if (!classical_derive(key.provider->libctx, key.classical.get(), peer.get(),
                          secret_parts.classical))
      return fail(reason_classical_failure, "key agreement with the peer's share", v);
  }
  // ML-KEM.Decaps (FIPS 203 Alg. 21); implicit rejection, never fails on a
  // ciphertext of the right length.
  if (!status_ok(m.kem->decaps(secret_parts.mlkem, ct_parts.mlkem, key.mlkem_dk.span()),
                 "decapsulation", v)) {
    OPENSSL_cleanse(secret.data(), secret.size());
    return false;
  }
  return true;
}

}  // namespace pqlab::provider
