// Where ML-DSA signing keeps the mask y and w = Â·y of one rejection
// iteration (FIPS 204 Alg. 7 lines 11–12): held for the iteration
// (HeldMask, the default) or regenerated from ρ'' and κ at each use
// (StreamedMask, the low-memory schedule). Both yield the same values, so
// the same signatures.
#pragma once
#include <cstdint>

#include "common/wipe.hpp"
#include "hash/keccak_parallel.hpp"
#include "mldsa/poly.hpp"
#include "mldsa/rounding.hpp"
#include "mldsa/sampling.hpp"

namespace pqlab::mldsa::detail {

// w_i = NTT^-1(Σ_j Â_ij ∘ ŷ_j) (FIPS 204 Alg. 7 line 12) with |w_i| < q, a
// representative of each coefficient mod q (the commitment's encoding and
// r = w - cs2 take it mod q themselves), with ŷ_j supplied by `y_hat(j)`;
// `wide` is NttRowSum's. Where the key holds Â and y_hat(j) refers to a ŷ_j
// held for the iteration (YHatHeld), every term stays in memory and the
// row is summed in one go; otherwise an operand may be overwritten by the
// next term's (the compact key's scratch, the streamed mask's ŷ), so each
// term is folded in at once.
template <class P, bool YHatHeld, class SigningKey, class YHat>
void compute_w_row(Poly& w, const SigningKey& key, std::size_t i, YHat&& y_hat, NttPoly& scratch, WideRowSum& wide) {
  constexpr bool kTermsStay = YHatHeld && SigningKey::holds_matrix;
  NttRowSum sum(w, wide);
  for (std::size_t j = 0; j < P::l; ++j) {
    const NttPoly& a = key.a_hat(i, j, scratch);
    if (j == 0)
      sum.first(a, y_hat(j));
    else
      sum.add(a, y_hat(j));
    if constexpr (!kTermsStay) {
      if (j + 1 < P::l) sum.flush();  // the last term's operands last until intt_tomont()
    }
  }
  sum.intt_tomont();
}

// The mask y = ExpandMask(ρ'', κ) (Alg. 34) and w = Â·y of one rejection
// iteration, held for the whole iteration: each is computed once. The
// polynomials of y are drawn as many nonces at a time as this iteration
// still needs, rounded up to whole Keccak calls (five ways on the avx2
// backend, four on the other vector ones; l is 4, 5 or 7); those past this
// iteration's l are kept for the next one, whose κ starts where this one's
// ended (Alg. 7 line 31), as are those drawn ahead while c̃ is hashed
// (draw_ahead). Each polynomial stays where it was drawn, in the slot of
// its nonce mod kSlots, until its iteration is over: the nonces held span
// at most kSlots (this iteration's l and at most kDrawn after them), so no
// draw overwrites one still needed, and none is copied.
template <class P>
class HeldMask {
 public:
  // The first iteration's polynomials may be drawn elsewhere (by an
  // ExpandMaskRider in the key's ExpandA, sign.cpp) into
  // first_draw_target(), y[0..count) from nonce 0: took_first_draw(count).
  static constexpr bool takes_first_draw = true;
  Poly* first_draw_target() { return slots_; }  // nonces 0 .. l - 1 lie in slots 0 .. l - 1
  void took_first_draw(std::size_t count) {
    drawn_first_ = 0;
    drawn_end_ = static_cast<std::uint32_t>(count);
  }
  template <class SigningKey>
  void start(const SigningKey& key, Seed64 rho_second, std::uint16_t kappa, NttPoly& scratch) {
    kappa_ = kappa;
    draw_through(rho_second, kappa_ + P::l);
    for (std::size_t j = 0; j < P::l; ++j) ntt(y_hat_[j], slot(kappa_ + j));
    for (std::size_t i = 0; i < P::k; ++i)
      compute_w_row<P, true>(
          w_[i], key, i, [this](std::size_t j) -> const NttPoly& { return y_hat_[j]; }, scratch, wide_);
  }
  const Poly& y(std::size_t j, Poly&) const { return slot(kappa_ + j); }
  template <class SigningKey>
  const Poly& w(const SigningKey&, std::size_t i, Poly&, NttPoly&) const {
    return w_[i];
  }
  // w_i itself, which the signing loop replaces by r_i = w_i - cs2_i once
  // w1 is hashed (sign.cpp); start() computes w afresh.
  static constexpr bool holds_w = true;
  Poly& held_w(std::size_t i) { return w_[i]; }
  // Called once w1 is known, with the commitment's hash (c̃ = H(μ ‖ w1),
  // Alg. 7 line 15) as `rider`: draws the polynomials of y that follow
  // those already drawn, one Keccak call's worth less one way, so that the
  // hash's permutations ride in the calls' last ways instead of running one
  // state at a time. The next iteration (from next_kappa, this one's κ + l)
  // takes them; if this one is accepted they are discarded. Where a call
  // permutes one state (ways_per_call() is 1) nothing is drawn and the hash
  // runs alone.
  void draw_ahead(Seed64 rho_second, std::uint32_t next_kappa, hash::WayRider& rider) {
    const std::size_t per_call = hash::Shake256Ways::ways_per_call();
    if (per_call < 2) return;
    const std::uint32_t kept = drawn_end_ - next_kappa;  // start() drew through next_kappa
    std::size_t count = per_call - 1;
    if (count > kDrawn - kept) count = kDrawn - kept;
    draw_from_end(rho_second, count, &rider);
  }
  ~HeldMask() { secure_wipe(this, sizeof *this); }

 private:
  static constexpr std::size_t kDrawn = kMaskBatch;
  static_assert(kDrawn >= P::l, "one draw covers an iteration");
  static constexpr std::size_t kSlots = P::l + kDrawn;
  // ExpandMask's nonce is IntegerToBytes(κ + r, 2) (Alg. 34).
  static constexpr std::uint32_t kLastNonce = 0xffff;
  const Poly& slot(std::size_t nonce) const { return slots_[nonce % kSlots]; }
  // Draws y for the nonces up to `end` that are not drawn yet, rounded up
  // to whole Keccak calls (KeccakWays::ways_per_call(): the rounding costs
  // no more calls, and what it draws past `end` is kept for the next
  // iteration). Those before κ are no longer needed; if κ is not among
  // those drawn (not in the signing loop's order), the draw starts at κ.
  // At most kDrawn are drawn, and a draw is due only while fewer than l
  // from κ on are held, so the nonces held stay within kSlots of κ.
  void draw_through(Seed64 rho_second, std::size_t end) {
    if (kappa_ < drawn_first_ || kappa_ > drawn_end_) drawn_end_ = kappa_;
    drawn_first_ = kappa_;
    if (drawn_end_ >= end) return;
    const std::size_t per_call = hash::Shake256Ways::ways_per_call();
    std::size_t count = (end - drawn_end_ + per_call - 1) / per_call * per_call;
    if (count > kDrawn) count = kDrawn;
    draw_from_end(rho_second, count, nullptr);
  }
  // Draws `count` more polynomials, from drawn_end_ on, into their slots
  // (fewer where the nonces would pass kLastNonce).
  void draw_from_end(Seed64 rho_second, std::size_t count, hash::WayRider* rider) {
    if (drawn_end_ + count > kLastNonce + 1) count = kLastNonce + 1 - drawn_end_;
    if (count == 0) return;
    Poly* outs[kDrawn];
    for (std::size_t r = 0; r < count; ++r) outs[r] = &slots_[(drawn_end_ + r) % kSlots];
    expand_mask_polys<P::z_bits - 1>(outs, rho_second, static_cast<std::uint16_t>(drawn_end_), count, rider);
    drawn_end_ += static_cast<std::uint32_t>(count);
  }
  Poly slots_[kSlots];
  NttPoly y_hat_[P::l];
  Poly w_[P::k];
  WideRowSum wide_;
  std::uint32_t kappa_ = 0;
  std::uint32_t drawn_first_ = 0;  // the slots hold y for the nonces [drawn_first_, drawn_end_)
  std::uint32_t drawn_end_ = 0;
};

// The same values regenerated from ρ'' and κ wherever they are used: each
// row of w re-expands every y_j (and Â_ij through the key holder), and w is
// computed twice per iteration. Memory: two polynomials instead of
// (2l + k), besides the row sums' accumulator (empty except on x86-64);
// work: twice HeldMask's Â·y products and 2k times its ExpandMask calls
// (measured on Cortex-M4: about 3× the instructions of HeldMask with the
// compact key; embedded/README.md).
template <class P>
class StreamedMask {
 public:
  static constexpr bool takes_first_draw = false;
  template <class SigningKey>
  void start(const SigningKey&, Seed64 rho_second, std::uint16_t kappa, NttPoly&) {
    rho_second_ = rho_second.data();
    kappa_ = kappa;
  }
  const Poly& y(std::size_t j, Poly& out) const {
    expand_mask_poly<P::z_bits - 1>(out, Seed64(rho_second_, 64), static_cast<std::uint16_t>(kappa_ + j));
    return out;
  }
  static constexpr bool holds_w = false;  // w is made again at each use
  // Nothing is held ahead: the commitment's hash runs alone.
  void draw_ahead(Seed64, std::uint32_t, hash::WayRider&) {}
  template <class SigningKey>
  const Poly& w(const SigningKey& key, std::size_t i, Poly& out, NttPoly& scratch) {
    compute_w_row<P, false>(
        out, key, i,
        [&](std::size_t j) -> const NttPoly& {
          ntt(y_hat_, y(j, y_));
          return y_hat_;
        },
        scratch, wide_);
    return out;
  }
  ~StreamedMask() {
    secure_wipe(&y_, sizeof y_);
    secure_wipe(&y_hat_, sizeof y_hat_);
    secure_wipe(&wide_, sizeof wide_);
  }

 private:
  const std::uint8_t* rho_second_ = nullptr;
  std::uint16_t kappa_ = 0;
  Poly y_;
  NttPoly y_hat_;
  WideRowSum wide_;
};

}  // namespace pqlab::mldsa::detail
