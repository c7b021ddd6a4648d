// Two ways to hold a decoded ML-DSA signing key during Sign_internal
// (FIPS 204 Alg. 7 lines 1–5), with one interface for the signing loop:
//
// - ExpandedSigningKey keeps Â, ŝ1, ŝ2 and t̂0 for the whole loop: each
//   rejection iteration reuses them (fast; ML-DSA-87 holds about 72 KB).
// - CompactSigningKey keeps only ρ and the packed key and regenerates each
//   entry of Â (Alg. 32) and each NTT of s1, s2, t0 where it is used (the
//   small-memory schedule for microcontrollers; ~1 KB of scratch).
// s1 and s2 are held in the ring of FIPS 203 (mldsa/small_product.hpp),
// where the loop multiplies them by c.
//
// Both check on loading that every s1, s2 coefficient lies in [-η, η]
// (skDecode, Alg. 25, only yields such keys).
#pragma once
#include <cstdint>
#include <span>

#include "common/ct_poison.hpp"
#include "common/wipe.hpp"
#include "mldsa/packing.hpp"
#include "mldsa/poly.hpp"
#include "mldsa/sampling.hpp"
#include "mldsa/small_product.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa::detail {

template <class P>
class CompactSigningKey {
 public:
  using Lay = Layout<P>;
  static constexpr bool expands_matrix = false;  // no Â on loading, so nothing to ride in it
  static constexpr bool holds_matrix = false;    // a_hat() expands each entry into the caller's scratch
  // Status::invalid_key if s1 or s2 holds a value outside [-η, η].
  Status load(ConstSecretKey<P> sk) {
    sk_ = sk.data();
    Poly s;
    std::uint32_t bad = 0;
    for (std::size_t j = 0; j < static_cast<std::size_t>(P::k) + static_cast<std::size_t>(P::l); ++j)
      bad |= unpack_eta<P::eta>(s, sk_ + Lay::sk_s1 + j * Lay::eta_poly_bytes);
    secure_wipe(&s, sizeof s);
    // Whether the key is well-formed is published (the status); the
    // offending coefficients are not.
    return ct::declassify_value(ct::value_barrier(bad)) == 0 ? Status::ok : Status::invalid_key;
  }
  // Binds sk without load()'s range check, for a holder that checks each
  // s polynomial as it transforms it (s1_small_checked, s2_small_checked).
  void bind(ConstSecretKey<P> sk) { sk_ = sk.data(); }
  Seed32 rho() const { return Seed32(sk_ + Lay::sk_rho, 32); }
  Seed32 key() const { return Seed32(sk_ + Lay::sk_key, 32); }
  Seed64 tr() const { return Seed64(sk_ + Lay::sk_tr, 64); }

  const NttPoly& a_hat(std::size_t row, std::size_t col, NttPoly& scratch) const {
    expand_a_entry_vartime(scratch, rho(), {static_cast<std::uint8_t>(row), static_cast<std::uint8_t>(col)});
    return scratch;
  }
  const SmallNttPoly& s1_small(std::size_t j, SmallNttPoly& scratch) const {
    return eta_small(Lay::sk_s1 + j * Lay::eta_poly_bytes, scratch);
  }
  const SmallNttPoly& s2_small(std::size_t i, SmallNttPoly& scratch) const {
    return eta_small(Lay::sk_s2 + i * Lay::eta_poly_bytes, scratch);
  }
  // s1_small / s2_small into out, returning load()'s check of that
  // polynomial: 0xffffffff if a coefficient lies outside [-η, η], else 0.
  std::uint32_t s1_small_checked(std::size_t j, SmallNttPoly& out) const {
    return eta_small_checked(Lay::sk_s1 + j * Lay::eta_poly_bytes, out);
  }
  std::uint32_t s2_small_checked(std::size_t i, SmallNttPoly& out) const {
    return eta_small_checked(Lay::sk_s2 + i * Lay::eta_poly_bytes, out);
  }
  const NttPoly& t0_hat(std::size_t i, NttPoly& scratch) const {
    Poly t;
    unpack_t0(t, sk_ + Lay::sk_t0 + i * Lay::t0_poly_bytes);
    ntt(scratch, t);
    secure_wipe(&t, sizeof t);
    return scratch;
  }

 private:
  std::uint32_t eta_small_checked(std::size_t offset, SmallNttPoly& out) const {
    Poly s;
    const std::uint32_t bad = unpack_eta<P::eta>(s, sk_ + offset);
    small_ntt(out, s);
    secure_wipe(&s, sizeof s);
    return bad;
  }
  const SmallNttPoly& eta_small(std::size_t offset, SmallNttPoly& scratch) const {
    Poly s;
    (void)unpack_eta<P::eta>(s, sk_ + offset);  // range checked in load()
    small_ntt(scratch, s);
    secure_wipe(&s, sizeof s);
    return scratch;
  }
  const std::uint8_t* sk_ = nullptr;
};

template <class P>
class ExpandedSigningKey {
 public:
  static constexpr bool expands_matrix = true;
  static constexpr bool holds_matrix = true;  // a_hat() refers to the key's own Â
  // Â is public (ExpandA of ρ, which the public key holds): the wipe takes
  // the secret transforms only (a fifth to a third of the holder).
  ~ExpandedSigningKey() {
    secure_wipe(s1_, sizeof s1_);
    secure_wipe(s2_, sizeof s2_);
    secure_wipe(t0_, sizeof t0_);
  }
  // Status::invalid_key if s1 or s2 holds a value outside [-η, η] (checked
  // as each is unpacked for its transform, so each is unpacked once). A
  // rider (the first mask draw) takes the free ways of Â's batches; it is
  // offered none if the key is refused.
  Status load(ConstSecretKey<P> sk, hash::WayRider* rider = nullptr) {
    compact_.bind(sk);
    std::uint32_t bad = 0;
    for (std::size_t j = 0; j < static_cast<std::size_t>(P::l); ++j) bad |= compact_.s1_small_checked(j, s1_[j]);
    for (std::size_t i = 0; i < static_cast<std::size_t>(P::k); ++i) bad |= compact_.s2_small_checked(i, s2_[i]);
    // Whether the key is well-formed is published (the status); the
    // offending coefficients are not. The transforms made so far are wiped
    // with this holder.
    if (ct::declassify_value(ct::value_barrier(bad)) != 0) return Status::invalid_key;
    for (std::size_t i = 0; i < static_cast<std::size_t>(P::k); ++i) (void)compact_.t0_hat(i, t0_[i]);
    std::array<MatrixIndex, P::k * P::l> at;
    for (std::size_t i = 0; i < static_cast<std::size_t>(P::k); ++i)
      for (std::size_t j = 0; j < static_cast<std::size_t>(P::l); ++j)
        at[i * P::l + j] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(j)};
    expand_a_entries_vartime(&a_[0][0], compact_.rho(), at.data(), at.size(), rider);
    return Status::ok;
  }
  Seed32 rho() const { return compact_.rho(); }
  Seed32 key() const { return compact_.key(); }
  Seed64 tr() const { return compact_.tr(); }
  const NttPoly& a_hat(std::size_t row, std::size_t col, NttPoly&) const { return a_[row][col]; }
  const SmallNttPoly& s1_small(std::size_t j, SmallNttPoly&) const { return s1_[j]; }
  const SmallNttPoly& s2_small(std::size_t i, SmallNttPoly&) const { return s2_[i]; }
  const NttPoly& t0_hat(std::size_t i, NttPoly&) const { return t0_[i]; }

 private:
  CompactSigningKey<P> compact_;
  NttPoly a_[P::k][P::l];
  SmallNttPoly s1_[P::l];
  SmallNttPoly s2_[P::k];
  NttPoly t0_[P::k];
};

template <class P>
class HeldMask;  // mldsa/mask_schedule.hpp
template <class P>
class StreamedMask;

// FIPS 204 Alg. 7 (ML-DSA.Sign_internal) from line 7 on: signs μ with the
// private random seed rnd. Defined in sign.cpp for three schedules:
// Expanded key + HeldMask (the hosted default), Compact key + HeldMask and
// Compact key + StreamedMask (the low-memory one).
template <class P, class SigningKey, class Mask>
Status sign_mu_with(Signature<P> sig, ConstSecretKey<P> sk, Mu mu, Randomness rnd);

// The schedule the public API uses, chosen at compile time:
// PQLAB_MLDSA_STREAMED_SIGNING: compact key, streamed mask (least memory);
// PQLAB_MLDSA_COMPACT_SIGNING: compact key, held mask;
// neither: expanded key, held mask (fastest).
#if defined(PQLAB_MLDSA_STREAMED_SIGNING)
template <class P>
using DefaultSigningKey = CompactSigningKey<P>;
template <class P>
using DefaultMask = StreamedMask<P>;
#elif defined(PQLAB_MLDSA_COMPACT_SIGNING)
template <class P>
using DefaultSigningKey = CompactSigningKey<P>;
template <class P>
using DefaultMask = HeldMask<P>;
#else
template <class P>
using DefaultSigningKey = ExpandedSigningKey<P>;
template <class P>
using DefaultMask = HeldMask<P>;
#endif

}  // namespace pqlab::mldsa::detail
