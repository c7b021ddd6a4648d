// ML-DSA signing: FIPS 204 Alg. 7 (ML-DSA.Sign_internal), its external-μ
// form, and the rejection loop shared by both.
#include <array>

#include "common/ct.hpp"
#include "common/wipe.hpp"
#include "mldsa/packing.hpp"
#include "mldsa/rounding.hpp"
#include "mldsa/sampling.hpp"
#include "mldsa/signing_key.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa {
namespace detail {

// FIPS 204 Alg. 7 lines 7–32. Every iteration runs the same operations
// whatever the secret values (all checks are folded into one mask); the
// only secret-derived fact that leaves an iteration is whether it was
// rejected, and SampleInBall's timing on the discarded c̃ (sampling.hpp).
template <class P, class SigningKey>
Status sign_mu_with(Signature<P> sig, ConstSecretKey<P> sk, Mu mu, Randomness rnd) {
  using Lay = Layout<P>;
  constexpr std::size_t k = P::k, l = P::l;
  constexpr std::int32_t gamma2 = P::gamma2;

  SigningKey key;
  const Status loaded = key.load(sk);
  if (loaded != Status::ok) return loaded;

  struct Work {
    std::array<std::uint8_t, 64> rho_second;
    Poly y[l];
    NttPoly y_hat[l];
    Poly w[k];  // w = NTT^-1(Â ∘ ŷ), in [0, q)
    std::array<std::uint8_t, Lay::w1_bytes> w1_packed;
    NttPoly acc, scratch, c_hat;
    Poly c, t;
    HintBits<P> hints;
  } wk;
  WipeOnExit<Work> wipe(wk);

  // ρ'' = H(K ‖ rnd ‖ μ, 64)
  {
    hash::Shake256 h;
    h.absorb(key.key());
    h.absorb(rnd);
    h.absorb(mu);
    h.squeeze(wk.rho_second);
  }

  for (std::uint32_t kappa = 0;; kappa += l) {
    if (kappa > 0xffff - l) return Status::invalid_key;  // unreachable for any key (2^16 / l iterations)
    // y = ExpandMask(ρ'', κ) (Alg. 34); w = NTT^-1(Â ∘ NTT(y)).
    for (std::size_t j = 0; j < l; ++j) {
      expand_mask_poly<P::z_bits - 1>(wk.y[j], wk.rho_second, static_cast<std::uint16_t>(kappa + j));
      ntt(wk.y_hat[j], wk.y[j]);
    }
    for (std::size_t i = 0; i < k; ++i) {
      multiply_ntt(wk.acc, key.a_hat(i, 0, wk.scratch), wk.y_hat[0]);
      for (std::size_t j = 1; j < l; ++j) multiply_ntt_add(wk.acc, key.a_hat(i, j, wk.scratch), wk.y_hat[j]);
      reduce(wk.acc);
      intt_tomont(wk.w[i], wk.acc);
      for (auto& x : wk.w[i].c) x = add_q_if_negative(x);
      // w1 = HighBits(w) (Alg. 37), packed by w1Encode (Alg. 28).
      for (std::size_t c = 0; c < n; ++c) wk.t.c[c] = high_bits<gamma2>(wk.w[i].c[c]);
      pack_w1<P>(wk.w1_packed.data() + i * Lay::w1_poly_bytes, wk.t);
    }

    // c̃ = H(μ ‖ w1Encode(w1), λ/4), straight into the signature.
    const std::span<std::uint8_t, P::ctilde_bytes> c_tilde(sig.data(), P::ctilde_bytes);
    {
      hash::Shake256 h;
      h.absorb(mu);
      h.absorb(wk.w1_packed);
      h.squeeze(c_tilde);
    }
    sample_in_ball_vartime<P::tau>(wk.c, c_tilde);
    ntt(wk.c_hat, wk.c);

    // z = y + NTT^-1(ĉ ∘ ŝ1); reject if ‖z‖∞ ≥ γ1 - β. z goes to the
    // signature buffer at once; a rejected z is overwritten next round.
    std::uint32_t reject = 0;
    for (std::size_t j = 0; j < l; ++j) {
      multiply_ntt(wk.acc, wk.c_hat, key.s1_hat(j, wk.scratch));
      intt_tomont(wk.t, wk.acc);
      for (std::size_t c = 0; c < n; ++c) wk.t.c[c] = wk.y[j].c[c] + reduce32(wk.t.c[c]);
      reject |= norm_at_least(wk.t, P::gamma1 - P::beta);
      pack_z<P>(sig.data() + Lay::sig_z + j * Lay::z_poly_bytes, wk.t);
    }

    // r = w - cs2: reject if ‖LowBits(r)‖∞ ≥ γ2 - β; ct0 = NTT^-1(ĉ ∘ t̂0):
    // reject if ‖ct0‖∞ ≥ γ2; h = MakeHint(-ct0, r + ct0) (Alg. 39), reject
    // if more than ω hints are set.
    std::uint32_t hint_count = 0;
    for (std::size_t i = 0; i < k; ++i) {
      multiply_ntt(wk.acc, wk.c_hat, key.s2_hat(i, wk.scratch));
      intt_tomont(wk.t, wk.acc);
      for (std::size_t c = 0; c < n; ++c) wk.t.c[c] = detail::freeze(wk.w[i].c[c] - reduce32(wk.t.c[c]));
      std::uint32_t low_over = 0;
      for (std::size_t c = 0; c < n; ++c)
        low_over |= ~ct::mask_lt(static_cast<std::uint32_t>(abs_ct(low_bits<gamma2>(wk.t.c[c]))),
                                 static_cast<std::uint32_t>(gamma2 - P::beta));
      reject |= low_over;

      multiply_ntt(wk.acc, wk.c_hat, key.t0_hat(i, wk.scratch));
      Poly& ct0 = wk.c;  // c is no longer needed once ĉ exists
      intt_tomont(ct0, wk.acc);
      reduce(ct0);
      reject |= norm_at_least(ct0, gamma2);
      for (std::size_t byte = 0; byte < n / 8; ++byte) {
        std::uint32_t bits = 0;
        for (std::size_t b = 0; b < 8; ++b) {
          const std::size_t c = 8 * byte + b;
          const std::int32_t r = wk.t.c[c];
          const auto h = static_cast<std::uint32_t>(make_hint<gamma2>(r, detail::freeze(r + ct0.c[c])));
          bits |= h << b;
          hint_count += h;
        }
        wk.hints.bits[i][byte] = static_cast<std::uint8_t>(bits);
      }
    }
    reject |= ct::mask_lt(static_cast<std::uint32_t>(P::omega), hint_count);

    if (ct::value_barrier(reject) == 0) {
      pack_hints_vartime<P>(sig.data() + Lay::sig_h, wk.hints);
      return Status::ok;
    }
  }
}

}  // namespace detail

// FIPS 204 Alg. 7 from line 7 (external μ).
template <class P>
Status sign_mu(Signature<P> sig, ConstSecretKey<P> sk, Mu mu, Randomness rnd) {
  return detail::sign_mu_with<P, detail::DefaultSigningKey<P>>(sig, sk, mu, rnd);
}

// FIPS 204 Alg. 7 (ML-DSA.Sign_internal): μ = H(tr ‖ M', 64), then sign μ.
template <class P>
Status sign_internal(Signature<P> sig, ConstSecretKey<P> sk, Message formatted_msg, Randomness rnd) {
  std::array<std::uint8_t, mu_bytes> mu;
  hash::Shake256 h;
  h.absorb(sk.subspan(detail::Layout<P>::sk_tr, 64));
  h.absorb(formatted_msg);
  h.squeeze(mu);
  return sign_mu<P>(sig, sk, mu, rnd);
}

#define PQLAB_MLDSA_INSTANTIATE(P)                                                                          \
  template Status detail::sign_mu_with<P, detail::CompactSigningKey<P>>(Signature<P>, ConstSecretKey<P>, Mu, \
                                                                        Randomness);                        \
  template Status detail::sign_mu_with<P, detail::ExpandedSigningKey<P>>(Signature<P>, ConstSecretKey<P>, Mu, \
                                                                         Randomness);                       \
  template Status sign_mu<P>(Signature<P>, ConstSecretKey<P>, Mu, Randomness);                               \
  template Status sign_internal<P>(Signature<P>, ConstSecretKey<P>, Message, Randomness);
PQLAB_MLDSA_INSTANTIATE(MLDSA44)
PQLAB_MLDSA_INSTANTIATE(MLDSA65)
PQLAB_MLDSA_INSTANTIATE(MLDSA87)
#undef PQLAB_MLDSA_INSTANTIATE

}  // namespace pqlab::mldsa
