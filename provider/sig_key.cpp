// pqlab provider: ML-DSA / SLH-DSA key material and the signing calls.
#include "sig_key.hpp"

#include <openssl/crypto.h>

#include <array>

#include <cstring>

#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"
#include "pqlab/random.hpp"

namespace pqlab::provider {
namespace {

bool fail(int reason, const SigVariant& v, const char* what) {
  raise_error(reason, "%s: %s", v.name, what);
  return false;
}

bool status_ok(Status s, const SigVariant& v, const char* what) {
  if (s == Status::ok) return true;
  const int reason = s == Status::invalid_key        ? reason_invalid_key
                     : s == Status::invalid_length   ? reason_wrong_length
                     : s == Status::random_failure   ? reason_random_failure
                     : s == Status::invalid_argument ? reason_bad_parameter
                                                     : reason_internal;
  raise_error(reason, "%s: %s: %s", v.name, what, describe(s));
  return false;
}

bool same(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

// FIPS 204 §7.2 sk layout: ρ (32) ‖ K (32) ‖ tr (64) ‖ ...; pk = ρ ‖ t1.
// The key pair belongs together when ρ agrees and tr = H(pk, 64).
bool mldsa_pair_consistent(std::span<const std::uint8_t> sk, std::span<const std::uint8_t> pk) {
  std::array<std::uint8_t, 64> tr{};
  hash::shake256(pk, tr);
  return same(sk.first(32), pk.first(32)) && same(sk.subspan(64, 64), tr);
}

template <class P>
Status public_from_secret_of(std::span<std::uint8_t> pk, std::span<const std::uint8_t> sk) {
  if (pk.size() != P::pk_bytes || sk.size() != P::sk_bytes) return Status::invalid_length;
  return mldsa::public_from_secret<P>(mldsa::PublicKey<P>(pk.data(), P::pk_bytes),
                                      mldsa::ConstSecretKey<P>(sk.data(), P::sk_bytes));
}

// mldsa::public_from_secret for the variant's parameter set.
Status mldsa_public_from_secret(const SigVariant& v, std::span<std::uint8_t> pk,
                                std::span<const std::uint8_t> sk) {
  if (std::strcmp(v.name, "ML-DSA-44") == 0) return public_from_secret_of<mldsa::MLDSA44>(pk, sk);
  if (std::strcmp(v.name, "ML-DSA-65") == 0) return public_from_secret_of<mldsa::MLDSA65>(pk, sk);
  if (std::strcmp(v.name, "ML-DSA-87") == 0) return public_from_secret_of<mldsa::MLDSA87>(pk, sk);
  return Status::unsupported;
}

}  // namespace

std::size_t seed_length(const SigVariant& v) { return core_of(v).seed_bytes; }

bool sig_generate(SigKey& key, std::span<const std::uint8_t> seed) {
  const SigVariant& v = *key.variant;
  const Algorithm& a = core_of(v);
  key.clear();
  SecretBytes s(a.seed_bytes);
  if (seed.empty()) {
    if (system_random().generate(s.span()) != Status::ok)
      return fail(reason_random_failure, v, "no randomness for the key seed");
  } else {
    if (seed.size() != a.seed_bytes)
      return fail(reason_wrong_length, v, "seed of the wrong length");
    s.assign(seed);
  }
  PublicBytes pk(a.public_key_bytes);
  SecretBytes sk(a.secret_key_bytes);
  // ML-DSA.KeyGen_internal (FIPS 204 Alg. 6) / slh_keygen_internal (FIPS 205 Alg. 18).
  if (!status_ok(a.sig->keygen_from_seed(pk, sk.span(), s.span()), v, "key generation"))
    return false;
  key.pub = std::move(pk);
  key.priv = std::move(sk);
  if (v.family == SigFamily::mldsa) key.seed = std::move(s);
  return true;
}

bool sig_set_key(SigKey& key, std::span<const std::uint8_t> seed,
                 std::span<const std::uint8_t> priv, std::span<const std::uint8_t> pub) {
  const SigVariant& v = *key.variant;
  const Algorithm& a = core_of(v);
  key.clear();
  if (!pub.empty() && pub.size() != a.public_key_bytes)
    return fail(reason_wrong_length, v, "public key of the wrong length");
  if (!priv.empty() && priv.size() != a.secret_key_bytes)
    return fail(reason_wrong_length, v, "private key of the wrong length");
  if (!seed.empty()) {
    if (!sig_generate(key, seed)) return false;
    if ((!priv.empty() && !same(priv, key.priv.span())) || (!pub.empty() && !same(pub, key.pub))) {
      key.clear();
      return fail(reason_invalid_key, v, "the seed does not generate the given key");
    }
    return true;
  }
  if (!priv.empty()) {
    if (v.family == SigFamily::mldsa) {
      if (pub.empty()) {
        // The expanded key alone: the core checks it (s1, s2 in range, t0
        // and tr follow from them) and recomputes (ρ, t1).
        PublicBytes derived(core_of(v).public_key_bytes);
        if (!status_ok(mldsa_public_from_secret(v, derived, priv), v, "private key check"))
          return false;
        key.pub = std::move(derived);
      } else {
        if (!mldsa_pair_consistent(priv, pub))
          return fail(reason_invalid_key, v, "public key does not belong to the private key");
        key.pub.assign(pub.begin(), pub.end());
      }
    } else {
      // FIPS 205 §9.1: sk = SK.seed ‖ SK.prf ‖ PK.seed ‖ PK.root, pk its second half.
      const auto half = priv.subspan(priv.size() / 2);
      if (!pub.empty() && !same(pub, half))
        return fail(reason_invalid_key, v, "public key does not belong to the private key");
      key.pub.assign(half.begin(), half.end());
    }
    key.priv.assign(priv);
    return true;
  }
  if (pub.empty()) return fail(reason_missing_key, v, "no key material");
  key.pub.assign(pub.begin(), pub.end());
  return true;
}

bool sig_sign(const SigKey& key, std::span<std::uint8_t> sig, std::span<const std::uint8_t> msg,
              std::span<const std::uint8_t> context, bool deterministic, RandomSource& rng) {
  const SigVariant& v = *key.variant;
  if (!key.has_private()) return fail(reason_missing_key, v, "signing needs a private key");
  SignOptions opt;
  opt.context = context;
  opt.mode = deterministic ? SignMode::deterministic : SignMode::hedged;
  return status_ok(core_of(v).sig->sign(sig, msg, key.priv.span(), opt, rng), v, "signing");
}

int sig_verify(const SigKey& key, std::span<const std::uint8_t> sig,
               std::span<const std::uint8_t> msg, std::span<const std::uint8_t> context) {
  const SigVariant& v = *key.variant;
  if (!key.has_public()) {
    fail(reason_missing_key, v, "verification needs a public key");
    return -1;
  }
  SignOptions opt;
  opt.context = context;
  const Status s = core_of(v).sig->verify(sig, msg, key.pub, opt);
  if (s == Status::ok) return 1;
  if (s == Status::invalid_signature || s == Status::invalid_length) {
    raise_error(reason_bad_signature, "%s: signature verification failed", v.name);
    return 0;
  }
  status_ok(s, v, "verification");
  return -1;
}

}  // namespace pqlab::provider
