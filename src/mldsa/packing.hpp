// ML-DSA encodings (FIPS 204 §7.1–7.2): bit packing of polynomials and the
// pk, sk and signature formats, hint packing with every malformed-encoding
// check of Alg. 21.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

#include "common/ct.hpp"
#include "kernels/kernels.hpp"
#include "mldsa/poly.hpp"
#include "mldsa/rounding.hpp"

namespace pqlab::mldsa::detail {

// Byte offsets of the fields (FIPS 204 Alg. 22–27).
template <class P>
struct Layout {
  static constexpr std::size_t t1_poly_bytes = 320;
  static constexpr std::size_t eta_poly_bytes = 32 * P::eta_bits;
  static constexpr std::size_t t0_poly_bytes = 32 * d;
  static constexpr std::size_t z_poly_bytes = 32 * P::z_bits;
  static constexpr std::size_t w1_poly_bytes = 32 * P::w1_bits;
  // sk = ρ ‖ K ‖ tr ‖ s1 ‖ s2 ‖ t0
  static constexpr std::size_t sk_rho = 0, sk_key = 32, sk_tr = 64, sk_s1 = 128;
  static constexpr std::size_t sk_s2 = sk_s1 + P::l * eta_poly_bytes;
  static constexpr std::size_t sk_t0 = sk_s2 + P::k * eta_poly_bytes;
  // sig = c̃ ‖ z ‖ h
  static constexpr std::size_t sig_z = P::ctilde_bytes;
  static constexpr std::size_t sig_h = sig_z + P::l * z_poly_bytes;
  static constexpr std::size_t w1_bytes = P::k * w1_poly_bytes;
};

// t1 (FIPS 204 Alg. 22/23): SimpleBitPack(t1[i], 2^10 - 1), read back
// through the kernel seam (verification, every row of the public key).
inline void unpack_t1(Poly& t1, const std::uint8_t* in) { kernels::active().mldsa.mldsa_unpack_t1(t1.c.data(), in); }

// s1, s2 (FIPS 204 Alg. 24/25): BitPack(s, η, η), coefficients in [-η, η].
// Through the kernel seam (key generation packs and unpacks them, signing
// unpacks them).
template <int Eta>
inline void pack_eta(std::uint8_t* out, const Poly& s) {
  kernels::active().mldsa.mldsa_pack_eta(out, s.c.data(), Eta);
}
// Returns 0xffffffff if some packed value exceeds 2η (outside [-η, η]);
// constant time, the key being secret.
template <int Eta>
inline std::uint32_t unpack_eta(Poly& s, const std::uint8_t* in) {
  return kernels::active().mldsa.mldsa_unpack_eta(s.c.data(), in, Eta);
}

// t0 (FIPS 204 Alg. 24/25): BitPack(t0, 2^12 - 1, 2^12), read back through
// the kernel seam (signing, every row of the private key).
inline void unpack_t0(Poly& t0, const std::uint8_t* in) { kernels::active().mldsa.mldsa_unpack_t0(t0.c.data(), in); }

// Power2Round (FIPS 204 Alg. 35) of a row of t (t_i in [0, q)) with t1
// packed as pkEncode packs it (Alg. 22, 320 bytes) and t0 as skEncode does
// (Alg. 24, 416 bytes), through the kernel seam.
inline void power2round_pack(std::uint8_t* t1_out, std::uint8_t* t0_out, const Poly& t) {
  kernels::active().mldsa.mldsa_power2round_pack(t1_out, t0_out, t.c.data());
}

// z (FIPS 204 Alg. 26/27): BitPack(z, γ1 - 1, γ1).
// Through the kernel seam (signing packs every candidate z, verification
// unpacks z); pack: |z_i| < 2^31 - 2^19.
template <class P>
inline void pack_z(std::uint8_t* out, const Poly& z) {
  kernels::active().mldsa.mldsa_pack_z(out, z.c.data(), P::gamma1);
}
template <class P>
inline void unpack_z(Poly& z, const std::uint8_t* in) {
  kernels::active().mldsa.mldsa_unpack_z(z.c.data(), in, P::gamma1);
}

// w1Encode(HighBits(w)) (Alg. 7 lines 13–15 with Alg. 28 and 37) through
// the kernel seam, for |w_i| < q (taken mod q): signing's commitment, every
// iteration.
template <class P>
inline void pack_high_bits_w1(std::uint8_t* out, const Poly& w) {
  kernels::active().mldsa.mldsa_high_bits_pack(out, w.c.data(), P::gamma2);
}

// A hint vector as one bit per coefficient: row i, coefficient j is bit
// (j mod 8) of bits[i][j / 8].
template <class P>
struct HintBits {
  std::uint8_t bits[P::k][n / 8];
};

// FIPS 204 Alg. 20 (HintBitPack). The hints are public once the signature
// is accepted, so this may branch; `y` has ω + k bytes and the caller has
// checked that at most ω hints are set.
template <class P>
inline void pack_hints_vartime(std::uint8_t* y, const HintBits<P>& h) {
  for (std::size_t i = 0; i < static_cast<std::size_t>(P::omega) + P::k; ++i) y[i] = 0;
  std::size_t index = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(P::k); ++i) {
    // Set bits in increasing order, a byte at a time (most bytes are 0).
    for (std::size_t byte = 0; byte < n / 8; ++byte)
      for (unsigned bits = h.bits[i][byte]; bits != 0; bits &= bits - 1)
        y[index++] = static_cast<std::uint8_t>(8 * byte + static_cast<std::size_t>(std::countr_zero(bits)));
    y[P::omega + i] = static_cast<std::uint8_t>(index);
  }
}

// FIPS 204 Alg. 21 (HintBitUnpack) on a public signature: false (⊥) if the
// running counts decrease or exceed ω, if the indices within a polynomial
// are not strictly increasing, or if the unused index bytes are not zero.
template <class P>
inline bool unpack_hints_vartime(HintBits<P>& h, const std::uint8_t* y) {
  for (auto& row : h.bits)
    for (auto& b : row) b = 0;
  std::size_t index = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(P::k); ++i) {
    const std::size_t end = y[P::omega + i];
    if (end < index || end > static_cast<std::size_t>(P::omega)) return false;
    const std::size_t first = index;
    for (; index < end; ++index) {
      if (index > first && y[index - 1] >= y[index]) return false;
      const std::size_t j = y[index];
      h.bits[i][j / 8] = static_cast<std::uint8_t>(h.bits[i][j / 8] | (1u << (j % 8)));
    }
  }
  for (; index < static_cast<std::size_t>(P::omega); ++index)
    if (y[index] != 0) return false;
  return true;
}

}  // namespace pqlab::mldsa::detail
