// The kernel seam: the only interface between the FIPS algorithms above and
// the arithmetic/hash backends below. Each entry states its contract; every
// backend must be bit-exact with the portable one.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqlab::kernels {

inline constexpr std::size_t keccak_lanes = 25;

struct Table {
  const char* name;

  // Keccak-f[1600] (FIPS 202 §3.3), 24 rounds, in place on 25 64-bit lanes.
  void (*keccak_f1600_x1)(std::uint64_t state[keccak_lanes]);
  // Four independent permutations; states laid out one after another.
  void (*keccak_f1600_x4)(std::uint64_t states[4 * keccak_lanes]);
  // Fewest live lanes for which one x4 call beats that many x1 calls
  // (4 where x4 is a loop over x1; less for a vector backend).
  std::size_t keccak_x4_min_lanes;
  // Eight independent permutations, laid out as for x4.
  void (*keccak_f1600_x8)(std::uint64_t states[8 * keccak_lanes]);
  // Fewest live lanes for which one x8 call beats the x4/x1 calls for them
  // (8 where x8 is a loop; less where the backend has 8-lane vectors).
  std::size_t keccak_x8_min_lanes;
  // Up to eight independent permutations on lane-sliced states, for callers
  // that build their states word by word (SLH-DSA's one-block hashes):
  // lanes[8 * i + j] is lane i of state j. States j < count (1 <= count <=
  // 8) are permuted; the words of the others are read (so must be
  // initialised) and are left with unspecified values. The sliced layout
  // spares a vector backend the transposes of x4 and x8.
  void (*keccak_f1600_sliced8)(std::uint64_t lanes[8 * keccak_lanes], std::size_t count);
  // Fewest live states for which one sliced call beats an x1 call per
  // state (the callers' choice: hash/keccak_lanes.hpp).
  std::size_t keccak_sliced_min_states;

  // ML-KEM (q = 3329), coefficients int16_t[256].
  // Forward NTT (FIPS 203 Alg. 9). In: |a_i| < q. Out: |a_i| < q, in
  // bit-reversed NTT order.
  void (*mlkem_ntt)(std::int16_t a[256]);
  // Inverse NTT (FIPS 203 Alg. 10) times the Montgomery factor R = 2^16.
  // In: |a_i| < q (any int16 after a reduction). Out: |a_i| < q.
  void (*mlkem_invntt_tomont)(std::int16_t a[256]);
  // r += (a ∘ b) · R^-1 in T_q (FIPS 203 Alg. 11/12, Montgomery form).
  // In: |a_i|, |b_i| < q. Each call adds less than 2q to |r_i|, so up to
  // k = 4 products accumulated from zero stay below 8q = 26632 < 2^15.
  void (*mlkem_basemul_acc)(std::int16_t r[256], const std::int16_t a[256],
                            const std::int16_t b[256]);

  // ML-KEM SampleNTT's candidate filter (FIPS 203 Alg. 7 lines 5–13) over
  // `len` bytes of XOF output (len a multiple of 3): appends the 12-bit
  // candidates below q to a[filled ..], in order, until a holds 256, and
  // returns the new count. Â is public, so backends may branch on it.
  std::size_t (*mlkem_rej_uniform_vartime)(std::int16_t a[256], std::size_t filled, const std::uint8_t* buf,
                                           std::size_t len);

  // ByteDecode_12 (FIPS 203 Alg. 6, d = 12) of 384 bytes: a_i = (12-bit
  // value i) mod q, in [0, q). Returns nonzero iff some value was ≥ q (the
  // §7.2 modulus check), computed without branching on the data, so the
  // same entry decodes secret keys (whose callers ignore the result).
  std::uint32_t (*mlkem_byte_decode12)(std::int16_t a[256], const std::uint8_t in[384]);
  // ByteEncode_12 (Alg. 5, d = 12) of the representatives in [0, q) of
  // a_i, |a_i| < q, into 384 bytes.
  void (*mlkem_byte_encode12)(std::uint8_t out[384], const std::int16_t a[256]);
  // Compress_d then ByteEncode_d (eq. 4.7, Alg. 5) into 32·d bytes, for
  // d in {1, 4, 5, 10, 11}. In: |a_i| < q.
  void (*mlkem_compress_encode)(std::uint8_t* out, const std::int16_t a[256], unsigned d);
  // ByteDecode_d then Decompress_d (Alg. 6, eq. 4.8) of 32·d bytes, for d in
  // {1, 4, 5, 10, 11}. Out: a_i in [0, q).
  void (*mlkem_decode_decompress)(std::int16_t a[256], const std::uint8_t* in, unsigned d);
  // SamplePolyCBD_η (Alg. 8) of 64·η bytes, η in {2, 3}. Out: |a_i| ≤ η.
  void (*mlkem_cbd)(std::int16_t a[256], const std::uint8_t* buf, unsigned eta);

  // ML-DSA (q = 8380417), coefficients int32_t[256].
  // Forward NTT (FIPS 204 Alg. 41). In: |a_i| < 8q. Out: |a_i| < 16q, in
  // bit-reversed NTT order (not reduced; callers reduce when they need to).
  void (*mldsa_ntt)(std::int32_t a[256]);
  // Inverse NTT (FIPS 204 Alg. 42) times the Montgomery factor 2^32.
  // In: |a_i| < q. Out: |a_i| < q.
  void (*mldsa_invntt_tomont)(std::int32_t a[256]);
  // r = a ∘ b · 2^-32 (FIPS 204 Alg. 45 in Montgomery form).
  // In: |a_i · b_i| < q · 2^31. Out: |r_i| < q.
  void (*mldsa_pointwise_montgomery)(std::int32_t r[256], const std::int32_t a[256],
                                     const std::int32_t b[256]);
  // ML-DSA RejNTTPoly's candidate filter (FIPS 204 Alg. 30 with Alg. 14)
  // over `len` bytes of XOF output (len a multiple of 3): appends the
  // 23-bit candidates below q to a[filled ..], in order, until a holds 256,
  // and returns the new count. Â is public, so backends may branch on it.
  std::size_t (*mldsa_rej_uniform_vartime)(std::int32_t a[256], std::size_t filled, const std::uint8_t* buf,
                                           std::size_t len);
  // ML-DSA RejBoundedPoly's candidate filter (FIPS 204 Alg. 31 lines 4–13
  // with Alg. 15, CoeffFromHalfByte) over `len` bytes of SHAKE256 output,
  // eta 2 or 4: each byte gives its low, then its high nibble b; b < 15
  // (η = 2) or b < 9 (η = 4) is accepted as η − (b mod 5) or 4 − b and
  // appended to a[filled ..], in order, until a holds 256; returns the new
  // count. The values are secret (s1, s2): no branch or memory index may
  // depend on them. Which nibbles are rejected may show (the number of
  // squeezed blocks shows it anyway): a rejected nibble is discarded and
  // independent of the accepted ones, so backends may compact by the
  // accept mask, which they declassify (common/ct_poison.hpp).
  std::size_t (*mldsa_rej_eta)(std::int32_t a[256], std::size_t filled, const std::uint8_t* buf, std::size_t len,
                               unsigned eta);
  // r += a ∘ b · 2^-32 (the matrix-vector products of FIPS 204 Alg. 7
  // line 12 and Alg. 8, accumulated). In: |a_i · b_i| < q · 2^31 and
  // |r_i| < 2^31 - q. Each call adds less than q to |r_i|.
  void (*mldsa_pointwise_acc_montgomery)(std::int32_t r[256], const std::int32_t a[256],
                                         const std::int32_t b[256]);
  // ML-DSA signing's per-coefficient steps (FIPS 204 Alg. 7 lines 13–28).
  // They run on secrets (w, r, z, ct0 of iterations that may be rejected):
  // constant time, no branch or table index on a coefficient. gamma2 is
  // (q-1)/88 or (q-1)/32, no other value.
  // Decompose (Alg. 36), i.e. HighBits and LowBits (Alg. 37/38), of each
  // coefficient. In: a_i in [0, q). Out: w1_i = r1 in [0, (q-1)/2γ2) and
  // w0_i = r0 in [-γ2, γ2], a_i ≡ r1·2γ2 + r0 (mod q).
  void (*mldsa_decompose)(std::int32_t w1[256], std::int32_t w0[256], const std::int32_t a[256],
                          std::int32_t gamma2);
  // UseHint (Alg. 40) of each coefficient, as verification applies it:
  // w1_i = UseHint(h_i, r_i) with h_i bit i mod 8 of hints[i / 8]. In: r_i
  // in [0, q). Public data only (signature and public key).
  void (*mldsa_use_hint)(std::int32_t w1[256], const std::int32_t r[256], const std::uint8_t hints[32],
                         std::int32_t gamma2);
  // ‖a‖∞ ≥ bound (§2.3): 0xffffffff if some |a_i| ≥ bound, else 0; reads
  // every coefficient. In: |a_i| < 2^31, 0 ≤ bound < 2^31.
  std::uint32_t (*mldsa_norm_at_least)(const std::int32_t a[256], std::int32_t bound);
  // MakeHint (Alg. 39) of each coefficient: h_i = 1 iff HighBits(r_i) ≠
  // HighBits((r_i + z_i) mod q). In: r_i in [0, q), |z_i| < q. Out: h_i as
  // bit i mod 8 of hints[i / 8]; returns the number of h_i set (0..256).
  std::uint32_t (*mldsa_make_hint)(std::uint8_t hints[32], const std::int32_t r[256], const std::int32_t z[256],
                                   std::int32_t gamma2);
  // z's encoding in the signature (Alg. 26 with BitPack, Alg. 17): the
  // values γ1 - z_i, each cut to its low b bits (b = 18 for gamma1 = 2^17,
  // 20 for gamma1 = 2^19, no other value), little-endian into 32·b bytes
  // of out. In: |z_i| < 2^31 - 2^19 (in a signature, |z_i| < γ1).
  void (*mldsa_pack_z)(std::uint8_t* out, const std::int32_t z[256], std::int32_t gamma1);
  // The inverse (BitUnpack, Alg. 19, as ExpandMask (Alg. 34) and Alg. 27
  // use it): reads 32·b bytes of in; z_i = γ1 - (b-bit value i), so z_i in
  // (γ1 - 2^b, γ1].
  void (*mldsa_unpack_z)(std::int32_t z[256], const std::uint8_t* in, std::int32_t gamma1);
  // Element-wise reductions of the signing loop (Alg. 7 lines 12, 17, 18
  // and 25), with reduce32(x) = x - round(x / 2^23)·q, a representative of
  // x mod q in [-6283008, 6283008] (mldsa/reduce.hpp). Outputs may alias
  // inputs. In place, a_i ← reduce32(a_i); in: |a_i| < 2^31 - 2^22.
  void (*mldsa_reduce32)(std::int32_t a[256]);
  // In place, a_i ← a_i mod q in [0, q); in: |a_i| < 2^31 - 2^22.
  void (*mldsa_freeze)(std::int32_t a[256]);
  // z_i = y_i + reduce32(t_i); in: |y_i| < 2^30, |t_i| < 2^31 - 2^22.
  void (*mldsa_add_reduce32)(std::int32_t z[256], const std::int32_t y[256], const std::int32_t t[256]);
  // r_i = (w_i - reduce32(t_i)) mod q in [0, q); in: |w_i| < 2^30,
  // |t_i| < 2^31 - 2^22.
  void (*mldsa_sub_reduce32_freeze)(std::int32_t r[256], const std::int32_t w[256], const std::int32_t t[256]);

  // SHA-256 compression (FIPS 180-4 §6.2.2) over `blocks` whole 64-byte
  // blocks of `data`, updating the eight-word chaining state.
  void (*sha256_compress)(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks);
  // SHA-512 compression (FIPS 180-4 §6.4.2) over whole 128-byte blocks.
  void (*sha512_compress)(std::uint64_t state[8], const std::uint8_t* data, std::size_t blocks);
  // `lanes` independent SHA-256 compressions of one 64-byte block each:
  // states[i] is updated with blocks[i]. For the many short hashes of
  // SLH-DSA-SHA2 that the algorithm can issue together; a multi-buffer
  // backend runs them side by side. Any lane count is accepted.
  void (*sha256_compress_lanes)(std::uint32_t (*states)[8], const std::uint8_t* const* blocks, std::size_t lanes);
  // Fewest lanes for which one sha256_compress_lanes call beats a
  // sha256_compress call per lane (1 where the former is a loop over the
  // latter); below it, callers compress the lanes one at a time.
  std::size_t sha256_lanes_min;
  // The same for SHA-512 (FIPS 180-4 §6.4.2): `lanes` independent
  // compressions of one 128-byte block each, states[i] updated with
  // blocks[i], any lane count; SLH-DSA-SHA2's H and T_l at n = 24 and 32
  // (FIPS 205 §11.2.2).
  void (*sha512_compress_lanes)(std::uint64_t (*states)[8], const std::uint8_t* const* blocks, std::size_t lanes);
  // Fewest lanes for which one sha512_compress_lanes call beats a
  // sha512_compress call per lane (1 where the former is a loop).
  std::size_t sha512_lanes_min;
};

const Table& active();

}  // namespace pqlab::kernels
