// ML-DSA signing: FIPS 204 Alg. 7 (ML-DSA.Sign_internal), its external-μ
// form, and the rejection loop shared by both.
#include <algorithm>
#include <array>

#include "common/ct.hpp"
#include "common/ct_poison.hpp"
#include "common/wipe.hpp"
#include "hash/keccak_parallel.hpp"
#include "mldsa/mask_schedule.hpp"
#include "mldsa/packing.hpp"
#include "mldsa/rounding.hpp"
#include "mldsa/sampling.hpp"
#include "mldsa/signing_key.hpp"
#include "mldsa/small_product.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa {
namespace detail {

// Whether ‖a‖∞ ≥ bound, made public: for the two checks of Alg. 7 line 23
// that an iteration publishes polynomial by polynomial. z's tells nothing
// about the key, LowBits' next to nothing:
// - z_j = y_j + (cs1)_j within γ1 - β: each y_i is uniform on
//   [-γ1 + 1, γ1] (ExpandMask, Alg. 34) and |(cs1)_i| ≤ τ·η = β, so
//   whatever a = (cs1)_i is, |y_i + a| < γ1 - β holds for exactly
//   2(γ1 - β) - 1 of the 2γ1 values of y_i: the same probability for every
//   key and every c, independently for each coefficient.
// - LowBits(r_i), r_i = w_i - (cs2)_i, within γ2 - β (published as in the
//   reference code and in FIPS 204's own Alg. 7, where the rest of the
//   iteration runs only past it): the same argument with LowBits(w_i) in
//   place of y_i, as far as LowBits(w_i) is uniform on its 2γ2 values, the
//   assumption behind FIPS 204's expected numbers of iterations (w = Ây is
//   uniform only heuristically, and Decompose's extra value q - 1 adds a
//   1/q effect).
// The iteration's y and w are discarded when it is rejected; the accepted
// z is in the signature.
namespace {
bool out_of_bounds_vartime(const Poly& a, std::int32_t bound) {
  return ct::declassify_value(ct::value_barrier(norm_at_least(a, bound))) != 0;
}
}  // namespace

// Loads the key while y for κ = 0 (ExpandMask, Alg. 34) rides in the free
// ways of its ExpandA (on avx2, ML-DSA-44's and ML-DSA-87's short batch of
// six entries leaves four): as many of y's l polynomials as started there
// go to the mask, which draws the others. Not inlined: the rider's streams
// take stack only while the key loads.
template <class P, class SigningKey, class Mask>
[[gnu::noinline]] Status load_key_drawing_first_mask(SigningKey& key, Mask& mask, ConstSecretKey<P> sk,
                                                     Seed64 rho_second) {
  constexpr int kGamma1Log2 = P::z_bits - 1;
  ExpandMaskRider<kGamma1Log2> first_draw(rho_second, 0, P::l, MaskSampler<kGamma1Log2>{mask.first_draw_target()});
  const Status loaded = key.load(sk, &first_draw);
  mask.took_first_draw(first_draw.finish_started());
  return loaded;
}

// FIPS 204 Alg. 7 lines 7–32. What leaves an iteration is SampleInBall's
// timing on c̃ (sampling.hpp); whether LowBits(r) was out of bounds, then
// whether z was (the iteration ends at the first polynomial that is); then
// whether it was rejected (ct0's check and the number of hints folded into
// one mask). Why the first two may show: out_of_bounds_vartime.
template <class P, class SigningKey, class Mask>
Status sign_mu_with(Signature<P> sig, ConstSecretKey<P> sk, Mu mu, Randomness rnd) {
  using Lay = Layout<P>;
  constexpr std::size_t k = P::k, l = P::l;
  constexpr std::int32_t gamma2 = P::gamma2;

  struct Work {
    std::array<std::uint8_t, 64> rho_second;
    std::array<std::uint8_t, mu_bytes + Lay::w1_bytes> mu_w1;  // μ ‖ w1Encode(w1), H's input
    NttPoly scratch, c_hat;
    SmallNttPoly c_small, small_scratch;  // c and s1 or s2 in T_3329 (small_product.hpp)
    Poly w, c, t;
    HintBits<P> hints;
  } wk;
  WipeOnExit<Work> wipe(wk);

  // ρ'' = H(K ‖ rnd ‖ μ, 64), K read from sk before the key is loaded, so
  // that the first iteration's mask can be drawn while it is.
  {
    hash::Shake256 h;
    h.absorb(std::span<const std::uint8_t>(sk.data() + Lay::sk_key, 32));
    h.absorb(rnd);
    h.absorb(mu);
    h.squeeze(wk.rho_second);
  }

  SigningKey key;
  Mask mask;
  Status loaded;
  if constexpr (SigningKey::expands_matrix && Mask::takes_first_draw)
    loaded = load_key_drawing_first_mask<P>(key, mask, sk, wk.rho_second);
  else
    loaded = key.load(sk);
  if (loaded != Status::ok) return loaded;

  std::copy(mu.begin(), mu.end(), wk.mu_w1.begin());
  std::uint8_t* const w1_packed = wk.mu_w1.data() + mu_bytes;

  // r_i = w_i - (cs2)_i mod q in [0, q) (Alg. 7 line 23's r). A mask that
  // holds w keeps r_i in w_i's place, where MakeHint reads it again;
  // otherwise it is made in wk.t.
  auto r_row = [&](std::size_t i) -> const Poly& {
    small_multiply(wk.t, wk.c_small, key.s2_small(i, wk.small_scratch));
    if constexpr (Mask::holds_w) {
      Poly& w = mask.held_w(i);
      sub_reduce32_freeze(w, w, wk.t);
      return w;
    } else {
      sub_reduce32_freeze(wk.t, mask.w(key, i, wk.w, wk.scratch), wk.t);
      return wk.t;
    }
  };
  // Whether ‖LowBits(r_i)‖∞ ≥ γ2 - β (Alg. 7 line 23), published: `high`
  // and `low` take Decompose's two halves (HighBits unused).
  auto low_bits_rejected = [&](const Poly& r, Poly& high, Poly& low) {
    decompose<gamma2>(high, low, r);
    return out_of_bounds_vartime(low, gamma2 - P::beta);
  };
  // z = y + cs1; whether ‖z‖∞ ≥ γ1 - β (Alg. 7 line 23), published
  // at the first polynomial of z out of bounds. z goes to the signature
  // buffer at once; a rejected z is overwritten next round.
  auto z_rejected = [&] {
    for (std::size_t j = 0; j < l; ++j) {
      small_multiply(wk.t, wk.c_small, key.s1_small(j, wk.small_scratch));
      const Poly& y = mask.y(j, wk.w);
      add_reduce32(wk.t, y, wk.t);
      if (out_of_bounds_vartime(wk.t, P::gamma1 - P::beta)) return true;
      pack_z<P>(sig.data() + Lay::sig_z + j * Lay::z_poly_bytes, wk.t);
    }
    return false;
  };
  // ct0_i = NTT^-1(ĉ ∘ t̂0_i) into wk.c and the hints MakeHint(-ct0_i,
  // r_i + ct0_i) (Alg. 39); returns the number set and adds ‖ct0_i‖∞ ≥ γ2
  // to `reject`, in constant time.
  auto hint_row = [&](std::size_t i, const Poly& r, std::uint32_t& reject) {
    Poly& ct0 = wk.c;
    multiply_intt_tomont(ct0, wk.c_hat, key.t0_hat(i, wk.scratch));
    reduce(ct0);
    reject |= norm_at_least(ct0, gamma2);
    // MakeHint takes |ct0| <= γ2. Where τ·2^(d-1) > γ2 (ML-DSA-44) ct0
    // can go past it; that iteration is rejected just above, and the
    // clamp only keeps its discarded hints within the kernel's contract.
    if constexpr (P::tau * (1 << (d - 1)) > gamma2) clamp_abs(ct0, gamma2);
    return make_hints<gamma2>(wk.hints.bits[i], r, ct0);
  };

  for (std::uint32_t kappa = 0;; kappa += l) {
    // κ must fit IntegerToBytes(κ + r, 2). No key generated by Alg. 6 gets
    // near 2^16 / l iterations (each passes with probability > 1/5); a
    // crafted key that never lets a signature through is refused, and the
    // rejected candidates already written to sig are wiped.
    if (kappa > 0xffff - l) {
      secure_wipe(sig);
      return Status::invalid_key;
    }
    // y = ExpandMask(ρ'', κ); w = NTT^-1(Â ∘ NTT(y)); w1 = HighBits(w)
    // (Alg. 37), packed by w1Encode (Alg. 28).
    mask.start(key, wk.rho_second, static_cast<std::uint16_t>(kappa), wk.scratch);
    for (std::size_t i = 0; i < k; ++i)
      pack_high_bits_w1<P>(w1_packed + i * Lay::w1_poly_bytes, mask.w(key, i, wk.w, wk.scratch));

    // c̃ = H(μ ‖ w1Encode(w1), λ/4), straight into the signature; its
    // permutations ride in the Keccak calls that draw the next iteration's
    // y (draw_ahead) where the mask holds y ahead.
    const std::span<std::uint8_t, P::ctilde_bytes> c_tilde(sig.data(), P::ctilde_bytes);
    {
      hash::KeccakRider h(hash::Shake256::rate_bytes, 0x1f, wk.mu_w1);
      mask.draw_ahead(wk.rho_second, kappa + l, h);
      h.finish(c_tilde);
    }
    // c̃ is public: in the signature if this iteration is accepted, and the
    // hash of a discarded commitment otherwise (sample_in_ball_vartime,
    // sampling.hpp). Declassified for the constant-time test.
    ct::declassify(c_tilde.data(), c_tilde.size());
    sample_in_ball_vartime<P::tau>(wk.c, c_tilde);
    small_ntt(wk.c_small, wk.c);

    // The checks of Alg. 7 line 23 (LowBits of r = w - cs2 and z), each
    // published at the first polynomial out of bounds, then ct0's check and
    // the number of hints, folded into one decision. The
    // order of the first two does not change the outcome, so each schedule
    // takes the cheaper one. Where w is held, LowBits' check comes first:
    // it rejects more often at about the same cost per polynomial (it
    // passes in 43% / 32% / 39% of iterations of ML-DSA-44 / 65 / 87, with
    // LowBits(w) uniform; z's in 54% / 62% / 66%), and each r_i stays for
    // MakeHint. Where w is made again at each use, z's comes first, as it
    // needs no w, and each r_i serves its LowBits check and its hints
    // together.
    std::uint32_t reject = 0;
    std::uint32_t hint_count = 0;
    if constexpr (Mask::holds_w) {
      bool r_rejected = false;
      for (std::size_t i = 0; i < k && !r_rejected; ++i) r_rejected = low_bits_rejected(r_row(i), wk.w, wk.t);
      if (r_rejected || z_rejected()) continue;
      ntt(wk.c_hat, wk.c);  // c is no longer needed once ĉ exists
      for (std::size_t i = 0; i < k; ++i) hint_count += hint_row(i, mask.held_w(i), reject);
    } else {
      if (z_rejected()) continue;
      ntt(wk.c_hat, wk.c);
      bool r_rejected = false;
      for (std::size_t i = 0; i < k && !r_rejected; ++i) {
        const Poly& r = r_row(i);
        r_rejected = low_bits_rejected(r, wk.w, wk.c);
        if (!r_rejected) hint_count += hint_row(i, r, reject);
      }
      if (r_rejected) continue;
    }
    reject |= ct::mask_lt(static_cast<std::uint32_t>(P::omega), hint_count);

    // The rejection decision is published (Alg. 7 line 23: the loop either
    // outputs σ or restarts); once accepted, the hints are signature output.
    if (ct::declassify_value(ct::value_barrier(reject)) == 0) {
      ct::declassify(&wk.hints, sizeof wk.hints);
      pack_hints_vartime<P>(sig.data() + Lay::sig_h, wk.hints);
      return Status::ok;
    }
  }
}

}  // namespace detail

// FIPS 204 Alg. 7 from line 7 (external μ).
template <class P>
Status sign_mu(Signature<P> sig, ConstSecretKey<P> sk, Mu mu, Randomness rnd) {
  return detail::sign_mu_with<P, detail::DefaultSigningKey<P>, detail::DefaultMask<P>>(sig, sk, mu, rnd);
}

// FIPS 204 Alg. 7 from line 7, with the caller's choice of schedule (a
// public setting: the branch on it reveals nothing secret).
template <class P>
Status sign_mu_scheduled(SigningSchedule schedule, Signature<P> sig, ConstSecretKey<P> sk, Mu mu, Randomness rnd) {
  switch (schedule) {
    case SigningSchedule::expanded:
      return detail::sign_mu_with<P, detail::ExpandedSigningKey<P>, detail::HeldMask<P>>(sig, sk, mu, rnd);
    case SigningSchedule::compact:
      return detail::sign_mu_with<P, detail::CompactSigningKey<P>, detail::HeldMask<P>>(sig, sk, mu, rnd);
    case SigningSchedule::streamed:
      return detail::sign_mu_with<P, detail::CompactSigningKey<P>, detail::StreamedMask<P>>(sig, sk, mu, rnd);
  }
  return Status::invalid_argument;
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

#define PQLAB_MLDSA_INSTANTIATE(P)                                                                                   \
  template Status detail::sign_mu_with<P, detail::ExpandedSigningKey<P>, detail::HeldMask<P>>(Signature<P>,          \
                                                                                              ConstSecretKey<P>, Mu, \
                                                                                              Randomness);           \
  template Status detail::sign_mu_with<P, detail::CompactSigningKey<P>, detail::HeldMask<P>>(Signature<P>,           \
                                                                                             ConstSecretKey<P>, Mu,  \
                                                                                             Randomness);            \
  template Status detail::sign_mu_with<P, detail::CompactSigningKey<P>, detail::StreamedMask<P>>(Signature<P>,       \
                                                                                                 ConstSecretKey<P>,  \
                                                                                                 Mu, Randomness);    \
  template Status sign_mu<P>(Signature<P>, ConstSecretKey<P>, Mu, Randomness);                                       \
  template Status sign_mu_scheduled<P>(SigningSchedule, Signature<P>, ConstSecretKey<P>, Mu, Randomness);            \
  template Status sign_internal<P>(Signature<P>, ConstSecretKey<P>, Message, Randomness);
PQLAB_MLDSA_INSTANTIATE(MLDSA44)
PQLAB_MLDSA_INSTANTIATE(MLDSA65)
PQLAB_MLDSA_INSTANTIATE(MLDSA87)
#undef PQLAB_MLDSA_INSTANTIATE

}  // namespace pqlab::mldsa
