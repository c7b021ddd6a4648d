// ML-KEM polynomials and the operations on them that K-PKE needs.
// Two types keep the domains apart (Botan's idea): a Poly is in R_q =
// Z_q[X]/(X^256 + 1), an NttPoly is its image in T_q. Invariant of both:
// every coefficient is an int16 in (-q, q) unless a function says otherwise.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "common/buffer_align.hpp"
#include "hash/keccak_parallel.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::mlkem {

inline constexpr std::size_t n = 256;

// At least word-aligned, so that code taking two coefficients a word (the
// Cortex-M4's packed 16-bit arithmetic) never makes an unaligned access;
// a cache line where vectors read them (common/buffer_align.hpp).
struct Poly {
  alignas(vector_buffer_align<std::uint32_t>) std::array<std::int16_t, n> c;
};
struct NttPoly {
  alignas(vector_buffer_align<std::uint32_t>) std::array<std::int16_t, n> c;
};

template <std::size_t K>
using PolyVec = std::array<Poly, K>;
template <std::size_t K>
using NttVec = std::array<NttPoly, K>;

// FIPS 203 Alg. 9 through the kernel seam (Alg. 10: see
// invntt_of_dot_montgomery below).
NttPoly ntt(const Poly& p);
// out = ntt(p), written in place (for assignments into held vectors, which
// would otherwise copy the returned polynomial once more).
void ntt(NttPoly& out, const Poly& p);

// barrett_reduce (kernels/mlkem_field.hpp) of every coefficient.
void barrett_reduce_all(std::array<std::int16_t, n>& c);

// r = Σ_j a[j] ∘ b[j] (FIPS 203 Alg. 11 summed), carrying a factor R^-1,
// reduced to (-q, q).
template <std::size_t K>
NttPoly dot_montgomery(const NttVec<K>& a, const NttVec<K>& b);
// NTT^-1 (Alg. 10, with the factor R of mlkem_invntt_tomont, which undoes
// the products' R^-1) of dot_montgomery(a, b), computed in the result's
// storage.
template <std::size_t K>
Poly invntt_of_dot_montgomery(const NttVec<K>& a, const NttVec<K>& b);

// r += a, r -= a: the result reduced back into (-q, q) (not necessarily
// the centred representative; every consumer encodes through [0, q)).
void add_to(Poly& r, const Poly& a);
void sub_from(Poly& r, const Poly& a);
void add_to(NttPoly& r, const NttPoly& a);
// r += a + b in one pass, for |r + a + b| < 2q (the caller's bound; e.g. r
// and a message term in [0, q) with a, noise of at most η2 = 2).
void add_to(Poly& r, const Poly& a, const Poly& b);
// Multiplies by R (undoing the R^-1 of a Montgomery product).
void to_montgomery(NttPoly& p);

// ByteEncode_12 / ByteDecode_12 (FIPS 203 Alg. 5 / 6 with d = 12), the
// codecs below and the noise sampler run through the kernel seam.
// Encode takes any coefficient in (-q, q) and writes its value in [0, q).
// Decode reduces each 12-bit value mod q (constant time).
void byte_encode12(std::span<std::uint8_t, 384> out, const std::array<std::int16_t, n>& a);
void byte_decode12(std::array<std::int16_t, n>& a, std::span<const std::uint8_t, 384> in);
// true iff every 12-bit value in `in` is below q: the §7.2 modulus check,
// equivalent to ByteEncode_12(ByteDecode_12(in)) == in. Public data only.
bool is_reduced12_vartime(std::span<const std::uint8_t, 384> in);

// Compress_d then ByteEncode_d, and ByteDecode_d then Decompress_d
// (FIPS 203 §4.2.1 eq. 4.7/4.8 with Alg. 5/6), for d in {1, 4, 5, 10, 11}.
// `out`/`in` hold 32·d bytes.
template <std::size_t D>
void compress_encode(std::span<std::uint8_t, 32 * D> out, const Poly& p);
template <std::size_t D>
void decode_decompress(Poly& p, std::span<const std::uint8_t, 32 * D> in);

// The bounded-noise sampler SamplePolyCBD_η (FIPS 203 Alg. 8) over PRF_η(σ, N)
// = SHAKE256(σ ‖ N, 64η) (eq. 4.3), for η in {2, 3}: out[i] for nonce
// first_nonce + i, i < count, the PRF instances run side by side.
void sample_cbd_polys(Poly* out, std::span<const std::uint8_t, 32> sigma, std::uint8_t first_nonce, std::size_t count,
                      int eta);

// One entry of Â or Âᵀ to sample: SampleNTT(ρ ‖ byte32 ‖ byte33) (FIPS 203
// Alg. 7) into *out.
struct MatrixEntry {
  const std::uint8_t* rho;  // 32 bytes
  std::uint8_t byte32, byte33;
  NttPoly* out;
};
// Entry j of row `row` of Â, or of Âᵀ when `transposed` (Alg. 13 and 14
// line 6).
MatrixEntry matrix_entry(std::span<const std::uint8_t, 32> rho, std::size_t row, std::size_t j, bool transposed,
                         NttPoly& out);
// Alg. 7 for count ≤ 8 entries at once, in Keccak ways. The matrix is
// public; rejection sampling branches on it. A rider (hash::KeccakRider)
// takes an idle way where there is one.
void sample_ntt_vartime(const MatrixEntry* entries, std::size_t count, hash::KeccakRider* rider = nullptr);

// Rows first_row .. first_row + rows - 1 (rows is 1 or 2) of Â, or of Âᵀ
// when `transposed`, into out[0 .. rows). Two rows at once fill the 8-way
// Keccak kernels better.
template <std::size_t K>
void sample_matrix_rows_vartime(NttVec<K>* out, std::size_t rows, std::span<const std::uint8_t, 32> rho,
                                std::size_t first_row, bool transposed, hash::KeccakRider* rider = nullptr);

// use_row(i, row) for each row i of Â (or Âᵀ), in order, the rows sampled
// two at a time (only two are ever held); a rider takes idle ways.
template <std::size_t K, class UseRow>
void for_each_matrix_row_vartime(std::span<const std::uint8_t, 32> rho, bool transposed, UseRow&& use_row,
                                 hash::KeccakRider* rider = nullptr) {
  std::array<NttVec<K>, 2> rows;
  for (std::size_t first = 0; first < K; first += 2) {
    const std::size_t count = K - first < 2 ? K - first : 2;
    sample_matrix_rows_vartime<K>(rows.data(), count, rho, first, transposed, rider);
    for (std::size_t r = 0; r < count; ++r) use_row(first + r, rows[r]);
  }
}

}  // namespace pqlab::mlkem
