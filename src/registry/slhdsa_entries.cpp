// The registry's SLH-DSA entries (FIPS 205): all twelve parameter sets.
#include <array>

#include "pqlab/prehash.hpp"
#include "pqlab/slhdsa.hpp"
#include "registry/entries.hpp"

namespace pqlab::registry {
namespace {

template <class P>
struct SlhDsaOps {
  static Status keygen(Bytes pk, Bytes sk, RandomSource& rng) {
    if (pk.size() != P::pk_bytes || sk.size() != P::sk_bytes) return Status::invalid_length;
    return slhdsa::keygen<P>(slhdsa::PublicKey<P>(pk.data(), P::pk_bytes), slhdsa::SecretKey<P>(sk.data(), P::sk_bytes),
                             rng);
  }

  static Status keygen_from_seed(Bytes pk, Bytes sk, ConstBytes seed) {
    if (pk.size() != P::pk_bytes || sk.size() != P::sk_bytes || seed.size() != P::seed_bytes)
      return Status::invalid_length;
    return slhdsa::keygen_internal<P>(slhdsa::PublicKey<P>(pk.data(), P::pk_bytes),
                                      slhdsa::SecretKey<P>(sk.data(), P::sk_bytes),
                                      slhdsa::KeySeed<P>(seed.data(), P::seed_bytes));
  }

  static Status sign(Bytes sig, ConstBytes msg, ConstBytes sk, const SignOptions& opt, RandomSource& rng) {
    if (sig.size() != P::sig_bytes || sk.size() != P::sk_bytes) return Status::invalid_length;
    if (opt.context.size() > slhdsa::max_context_bytes) return Status::invalid_argument;
    if (opt.mode == SignMode::explicit_rnd && opt.rnd.size() != P::n) return Status::invalid_length;
    const slhdsa::Signature<P> out(sig.data(), P::sig_bytes);
    const slhdsa::ConstSecretKey<P> key(sk.data(), P::sk_bytes);
    const slhdsa::OptRand<P> rnd(opt.rnd.data(), P::n);  // read only with explicit_rnd
    if (opt.prehash.empty()) {
      switch (opt.mode) {
        case SignMode::hedged: return slhdsa::sign<P>(out, msg, opt.context, key, rng);
        case SignMode::deterministic: return slhdsa::sign_deterministic<P>(out, msg, opt.context, key);
        case SignMode::explicit_rnd: return slhdsa::sign_with_opt_rand<P>(out, msg, opt.context, key, rnd);
      }
      return Status::invalid_argument;
    }
    const auto ph = hash::prehash_from_name(opt.prehash);
    if (!ph) return Status::unsupported;
    switch (opt.mode) {
      case SignMode::hedged: return slhdsa::hash_sign<P>(out, msg, opt.context, *ph, key, rng);
      case SignMode::deterministic: return slhdsa::hash_sign_deterministic<P>(out, msg, opt.context, *ph, key);
      case SignMode::explicit_rnd: return slhdsa::hash_sign_with_opt_rand<P>(out, msg, opt.context, *ph, key, rnd);
    }
    return Status::invalid_argument;
  }

  static Status verify(ConstBytes sig, ConstBytes msg, ConstBytes pk, const SignOptions& opt) {
    if (pk.size() != P::pk_bytes) return Status::invalid_length;
    if (opt.context.size() > slhdsa::max_context_bytes) return Status::invalid_argument;
    const slhdsa::ConstPublicKey<P> key(pk.data(), P::pk_bytes);
    if (opt.prehash.empty()) return slhdsa::verify<P>(sig, msg, opt.context, key);
    const auto ph = hash::prehash_from_name(opt.prehash);
    if (!ph) return Status::unsupported;
    return slhdsa::hash_verify<P>(sig, msg, opt.context, *ph, key);
  }

  static constexpr SignatureOps ops = {keygen, keygen_from_seed, sign, verify, nullptr};
};

template <class P>
constexpr Algorithm entry() {
  return {P::name, "FIPS 205",   Kind::signature, P::pk_bytes, P::sk_bytes,       0,
          0,       P::sig_bytes, P::seed_bytes,   nullptr,     &SlhDsaOps<P>::ops};
}

using namespace slhdsa;
constexpr std::array<Algorithm, 12> kEntries = {
    entry<SLHDSA_SHA2_128s>(),  entry<SLHDSA_SHA2_128f>(),  entry<SLHDSA_SHA2_192s>(),  entry<SLHDSA_SHA2_192f>(),
    entry<SLHDSA_SHA2_256s>(),  entry<SLHDSA_SHA2_256f>(),  entry<SLHDSA_SHAKE_128s>(), entry<SLHDSA_SHAKE_128f>(),
    entry<SLHDSA_SHAKE_192s>(), entry<SLHDSA_SHAKE_192f>(), entry<SLHDSA_SHAKE_256s>(), entry<SLHDSA_SHAKE_256f>(),
};

}  // namespace

std::span<const Algorithm> slhdsa_entries() { return kEntries; }

}  // namespace pqlab::registry
