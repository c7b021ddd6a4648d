// libFuzzer target: differential test of the kernel backends. For every
// backend in pqlab::kernels::available(), on the same inputs:
//   - Keccak-f[1600] x4 and x8 equal four and eight x1 calls (within the
//     backend), as do the live states of the lane-sliced call (1 to 8 of
//     them, and the first 1 to 25 words of each, picked by the input), and
//     SHA-256 and SHA-512 over `lanes` blocks equal one compression each;
//   - every kernel entry equals the portable backend's result: Keccak x1,
//     x4, x8 and lane-sliced, SHA-256/512 compression and their lane forms, the ML-KEM and
//     ML-DSA NTTs, inverse NTTs and products (ML-DSA's wide row sums and
//     their reduction included, and a row in one call, which must also
//     equal the same row split across two calls; inputs first brought inside
//     each entry's stated bounds), the ML-KEM and ML-DSA rejection-sampling
//     filters (Â's and ExpandS's), ML-KEM's byte codecs, compression (d picked by the input)
//     and CBD sampler, and ML-DSA's Decompose, MakeHint, UseHint with
//     w1Encode, norm check, commitment encoding (HighBits and w1Encode), z
//     packing and unpacking (both γ2, both γ1), the key encodings (s1 and
//     s2's, Power2Round into t1 and t0, t1 and t0 unpacked), element-wise
//     reductions and the small ring's reduction and widening.
#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>

#include "fuzz_input.hpp"
#include "kernels/kernels.hpp"
#include "pqlab/kernels.hpp"

namespace {

using namespace pqlab;
using fuzz::require;
namespace k = pqlab::kernels;

struct Inputs {
  std::array<std::uint64_t, 8 * k::keccak_lanes> keccak;
  std::size_t sha_ways, sha512_lanes;
  std::array<std::uint8_t, 2 * 128> blocks;
  std::array<std::int16_t, 256> kem_a, kem_b;
  std::array<std::int32_t, 256> dsa_a, dsa_b;
  std::size_t rej_filled, rej_len;  // the candidate filters' start and length over `blocks`
  std::array<std::uint8_t, 384> codec_bytes;
  unsigned compress_d, eta;
  std::array<std::int32_t, 256> dsa_r;     // in [0, q)
  std::array<std::int32_t, 256> dsa_wide;  // |x| < 2^31 - 2^22
  std::int32_t gamma2, gamma1, norm_bound;
  unsigned dsa_eta;
  std::size_t eta_len;       // ExpandS's filter: any length over `blocks`
  std::size_t sliced_count;  // live states of the lane-sliced Keccak call, 1..8
  std::size_t sliced_words;  // the words of each state it must compute, 1..25
};

struct Outputs {
  std::array<std::uint64_t, 8 * k::keccak_lanes> keccak_x1, keccak_x4, keccak_x8, keccak_x5;
  // The lane-sliced call's live states, laid out one after another (the
  // others zero: the kernel leaves them unspecified).
  std::array<std::uint64_t, 8 * k::keccak_lanes> keccak_sliced;
  std::array<std::uint32_t, 8> sha256;
  std::uint32_t sha256_lanes[4][8], sha256_one_by_one[4][8];
  std::array<std::uint64_t, 8> sha512;
  std::uint64_t sha512_lanes[8][8], sha512_one_by_one[8][8];
  std::array<std::int16_t, 256> kem_ntt, kem_invntt, kem_basemul;
  std::array<std::int32_t, 256> dsa_ntt, dsa_invntt, dsa_pointwise, dsa_pointwise_acc;
  std::array<std::int64_t, 256> dsa_row_wide;
  std::array<std::int32_t, 256> dsa_row_reduced, dsa_row_at_once, dsa_wide_reduced;
  std::array<std::int16_t, 256> kem_rej;
  std::array<std::int32_t, 256> dsa_rej;
  std::array<std::int32_t, 256> dsa_rej_eta;
  std::size_t kem_rej_count, dsa_rej_count, dsa_rej_eta_count;
  std::array<std::int16_t, 256> kem_decoded12, kem_decompressed, kem_cbd;
  bool kem_decode12_in_range;
  std::array<std::uint8_t, 384> kem_encoded12;
  std::array<std::uint8_t, 32 * 11> kem_compressed;
  std::array<std::int32_t, 256> dsa_w1, dsa_w0;
  std::array<std::uint8_t, 32 * 6> dsa_use_hint_packed, dsa_use_hint_signed_packed;
  std::array<std::uint8_t, 32> dsa_hints;
  std::uint32_t dsa_hint_count, dsa_norm;
  std::array<std::uint8_t, 32 * 20> dsa_z_packed;
  std::array<std::int32_t, 256> dsa_z_unpacked;
  std::array<std::int32_t, 256> dsa_reduce32, dsa_add_reduce32, dsa_sub_reduce32_freeze;
  std::array<std::uint8_t, 32 * 6> dsa_w1_packed;
  std::array<std::uint8_t, 128> dsa_eta_packed;
  std::array<std::int32_t, 256> dsa_eta_unpacked;
  std::uint32_t dsa_eta_range_flag;
  std::array<std::uint8_t, 320> dsa_t1_packed;
  std::array<std::uint8_t, 416> dsa_t0_packed;
  std::array<std::int32_t, 256> dsa_t1_unpacked, dsa_t0_unpacked;
  std::array<std::int16_t, 256> dsa_small_reduced;
  std::array<std::int32_t, 256> dsa_small_widened;
  bool operator==(const Outputs&) const = default;
};

template <class T>
T read_int(fuzz::Input& in) {
  T v = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) v = static_cast<T>(v << 8 | in.byte());
  return v;
}

Inputs make_inputs(fuzz::Input& in) {
  Inputs x;
  for (auto& lane : x.keccak) lane = read_int<std::uint64_t>(in);
  x.sha_ways = in.byte() % 5;      // 0..4 ways over the four 64-byte blocks
  x.sha512_lanes = in.byte() % 9;  // 0..8 overlapping 128-byte blocks, 16 bytes apart
  for (auto& b : x.blocks) b = in.byte();
  constexpr int kem_q = 3329, dsa_q = 8380417;
  // Within each entry's contract (kernels.hpp): |a_i| < q.
  for (auto& c : x.kem_a) c = static_cast<std::int16_t>(read_int<std::uint16_t>(in) % (2 * kem_q - 1) - (kem_q - 1));
  for (auto& c : x.kem_b) c = static_cast<std::int16_t>(read_int<std::uint16_t>(in) % (2 * kem_q - 1) - (kem_q - 1));
  for (auto& c : x.dsa_a) c = static_cast<std::int32_t>(read_int<std::uint32_t>(in) % (2 * dsa_q - 1)) - (dsa_q - 1);
  for (auto& c : x.dsa_b) c = static_cast<std::int32_t>(read_int<std::uint32_t>(in) % (2 * dsa_q - 1)) - (dsa_q - 1);
  x.rej_filled = in.byte();          // 0..255
  x.rej_len = 3 * (in.byte() % 86);  // 0..255 bytes, a multiple of 3
  for (auto& b : x.codec_bytes) b = in.byte();
  constexpr unsigned ds[5] = {1, 4, 5, 10, 11};
  x.compress_d = ds[in.byte() % 5];
  x.eta = 2 + in.byte() % 2;
  for (auto& c : x.dsa_r) c = static_cast<std::int32_t>(read_int<std::uint32_t>(in) % dsa_q);
  const std::uint8_t params = in.byte();
  x.gamma2 = params & 1 ? (dsa_q - 1) / 32 : (dsa_q - 1) / 88;
  x.gamma1 = params & 2 ? 1 << 19 : 1 << 17;
  x.norm_bound = static_cast<std::int32_t>(read_int<std::uint32_t>(in) & 0x7fffffff);  // [0, 2^31)
  constexpr std::uint32_t wide = (1u << 31) - (1u << 22);
  for (auto& c : x.dsa_wide)
    c = static_cast<std::int32_t>(static_cast<std::int64_t>(read_int<std::uint32_t>(in) % (2 * wide - 1)) -
                                  static_cast<std::int64_t>(wide - 1));  // (-wide, wide), no int overflow
  x.dsa_eta = params & 4 ? 4 : 2;
  x.eta_len = in.byte();  // 0..255
  x.sliced_count = 1 + in.byte() % 8;
  x.sliced_words = 1 + in.byte() % 25;
  return x;
}

Outputs run_backend(const k::Table& t, const Inputs& x) {
  Outputs o{};
  o.keccak_x1 = x.keccak;
  for (std::size_t s = 0; s < 8; ++s) t.keccak.keccak_f1600_x1(o.keccak_x1.data() + s * k::keccak_lanes);
  o.keccak_x4 = x.keccak;
  t.keccak.keccak_f1600_x4(o.keccak_x4.data());
  t.keccak.keccak_f1600_x4(o.keccak_x4.data() + 4 * k::keccak_lanes);
  o.keccak_x8 = x.keccak;
  t.keccak.keccak_f1600_x8(o.keccak_x8.data());
  o.keccak_x5 = x.keccak;  // five states in one call, three in one-state calls
  t.keccak.keccak_f1600_x5(o.keccak_x5.data());
  for (std::size_t s = 5; s < 8; ++s) t.keccak.keccak_f1600_x1(o.keccak_x5.data() + s * k::keccak_lanes);
  std::array<std::uint64_t, 8 * k::keccak_lanes> sliced;
  for (std::size_t s = 0; s < 8; ++s)
    for (std::size_t i = 0; i < k::keccak_lanes; ++i) sliced[8 * i + s] = x.keccak[s * k::keccak_lanes + i];
  t.keccak.keccak_f1600_sliced8(sliced.data(), x.sliced_count, x.sliced_words);
  for (std::size_t s = 0; s < x.sliced_count; ++s)
    for (std::size_t i = 0; i < x.sliced_words; ++i) o.keccak_sliced[s * k::keccak_lanes + i] = sliced[8 * i + s];
  o.sha256 = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  t.sha2.sha256_compress(o.sha256.data(), x.blocks.data(), x.blocks.size() / 64);
  const std::uint8_t* blocks[4];
  for (std::size_t i = 0; i < 4; ++i) {
    blocks[i] = x.blocks.data() + 64 * i;
    for (std::size_t w = 0; w < 8; ++w)
      o.sha256_lanes[i][w] = o.sha256_one_by_one[i][w] = static_cast<std::uint32_t>(0x01010101u * (i + 1) + w);
  }
  t.sha2.sha256_compress_ways(o.sha256_lanes, blocks, x.sha_ways);
  for (std::size_t i = 0; i < x.sha_ways; ++i) t.sha2.sha256_compress(o.sha256_one_by_one[i], blocks[i], 1);
  o.sha512 = {1, 2, 3, 4, 5, 6, 7, 8};
  t.sha2.sha512_compress(o.sha512.data(), x.blocks.data(), x.blocks.size() / 128);
  const std::uint8_t* blocks512[8];
  for (std::size_t i = 0; i < 8; ++i) {
    blocks512[i] = x.blocks.data() + 16 * i;
    for (std::size_t w = 0; w < 8; ++w)
      o.sha512_lanes[i][w] = o.sha512_one_by_one[i][w] = 0x0101010101010101u * (i + 1) + w;
  }
  t.sha2.sha512_compress_ways(o.sha512_lanes, blocks512, x.sha512_lanes);
  for (std::size_t i = 0; i < x.sha512_lanes; ++i) t.sha2.sha512_compress(o.sha512_one_by_one[i], blocks512[i], 1);
  o.kem_ntt = x.kem_a;
  t.mlkem.mlkem_ntt(o.kem_ntt.data());
  o.kem_invntt = x.kem_a;
  t.mlkem.mlkem_invntt_tomont(o.kem_invntt.data());
  o.kem_basemul = {};
  t.mlkem.mlkem_basemul_acc(o.kem_basemul.data(), x.kem_a.data(), x.kem_b.data());
  t.mldsa.mldsa_ntt(o.dsa_ntt.data(), x.dsa_a.data());
  o.dsa_invntt = x.dsa_a;
  t.mldsa.mldsa_invntt_tomont(o.dsa_invntt.data());
  t.mldsa.mldsa_pointwise_montgomery(o.dsa_pointwise.data(), x.dsa_a.data(), x.dsa_b.data());
  o.dsa_pointwise_acc = x.dsa_a;  // |r_i| < q: two products stay below 3q
  t.mldsa.mldsa_pointwise_acc_montgomery(o.dsa_pointwise_acc.data(), x.dsa_a.data(), x.dsa_b.data());
  t.mldsa.mldsa_pointwise_acc_montgomery(o.dsa_pointwise_acc.data(), x.dsa_b.data(), x.dsa_a.data());
  // A wide row of three products (|sum| < 3q² < q · 2^31): two summed into
  // the accumulator, the third with the reduction; the same row in one
  // call; and the reduction alone over sums spread across |s| < q · 2^30.
  const std::int32_t* const row_a[] = {x.dsa_a.data(), x.dsa_b.data(), x.dsa_a.data()};
  const std::int32_t* const row_b[] = {x.dsa_b.data(), x.dsa_a.data(), x.dsa_a.data()};
  t.mldsa.mldsa_row_wide_sum(o.dsa_row_wide.data(), row_a, row_b, 2, true);
  t.mldsa.mldsa_row_wide_reduce(o.dsa_row_reduced.data(), o.dsa_row_wide.data(), row_a + 2, row_b + 2, 1);
  t.mldsa.mldsa_row_wide_reduce(o.dsa_row_at_once.data(), nullptr, row_a, row_b, 3);
  std::array<std::int64_t, 256> sums;
  for (std::size_t i = 0; i < 256; ++i) sums[i] = std::int64_t{x.dsa_wide[i]} * (x.dsa_r[i] >> 1);
  t.mldsa.mldsa_row_wide_reduce(o.dsa_wide_reduced.data(), sums.data(), nullptr, nullptr, 0);
  // Slots below rej_filled are zero and stay so; the slots past the count
  // are scratch the filter may write, so they are cleared before comparing.
  o.kem_rej = {};
  o.kem_rej_count = t.mlkem.mlkem_rej_uniform_vartime(o.kem_rej.data(), x.rej_filled, x.blocks.data(), x.rej_len);
  for (std::size_t i = o.kem_rej_count; i < o.kem_rej.size(); ++i) o.kem_rej[i] = 0;
  o.dsa_rej = {};
  o.dsa_rej_count = t.mldsa.mldsa_rej_uniform_vartime(o.dsa_rej.data(), x.rej_filled, x.blocks.data(), x.rej_len);
  for (std::size_t i = o.dsa_rej_count; i < o.dsa_rej.size(); ++i) o.dsa_rej[i] = 0;
  o.dsa_rej_eta = {};
  o.dsa_rej_eta_count =
      t.mldsa.mldsa_rej_eta(o.dsa_rej_eta.data(), x.rej_filled, x.blocks.data(), x.eta_len, x.dsa_eta);
  for (std::size_t i = o.dsa_rej_eta_count; i < o.dsa_rej_eta.size(); ++i) o.dsa_rej_eta[i] = 0;
  o.kem_decode12_in_range = t.mlkem.mlkem_byte_decode12(o.kem_decoded12.data(), x.codec_bytes.data()) == 0;
  t.mlkem.mlkem_byte_encode12(o.kem_encoded12.data(), x.kem_a.data());
  o.kem_compressed = {};
  t.mlkem.mlkem_compress_encode(o.kem_compressed.data(), x.kem_a.data(), x.compress_d);
  t.mlkem.mlkem_decode_decompress(o.kem_decompressed.data(), x.codec_bytes.data(), x.compress_d);
  t.mlkem.mlkem_cbd(o.kem_cbd.data(), x.codec_bytes.data(), x.eta);
  // dsa_a (|a_i| < q) serves as the norm check's input and the packed z,
  // and folded into [-γ2, γ2] as MakeHint's z.
  t.mldsa.mldsa_decompose(o.dsa_w1.data(), o.dsa_w0.data(), x.dsa_r.data(), x.gamma2);
  // UseHint with w1Encode, the first 32 bytes of `blocks` as the hint bits,
  // on dsa_r (in [0, q)) and on dsa_a (|a_i| < q).
  o.dsa_use_hint_packed = {};
  t.mldsa.mldsa_use_hint_pack(o.dsa_use_hint_packed.data(), x.dsa_r.data(), x.blocks.data(), x.gamma2);
  o.dsa_use_hint_signed_packed = {};
  t.mldsa.mldsa_use_hint_pack(o.dsa_use_hint_signed_packed.data(), x.dsa_a.data(), x.blocks.data(), x.gamma2);
  // MakeHint's z (|z_i| <= γ2): dsa_a folded into [-γ2, γ2].
  std::array<std::int32_t, 256> hint_z;
  const std::int32_t width = 2 * x.gamma2 + 1;
  for (std::size_t i = 0; i < hint_z.size(); ++i) {
    const std::int32_t v = x.dsa_a[i] % width;
    hint_z[i] = v > x.gamma2 ? v - width : (v < -x.gamma2 ? v + width : v);
  }
  o.dsa_hint_count = t.mldsa.mldsa_make_hint(o.dsa_hints.data(), x.dsa_r.data(), hint_z.data(), x.gamma2);
  o.dsa_norm = t.mldsa.mldsa_norm_at_least(x.dsa_a.data(), x.norm_bound);
  o.dsa_z_packed = {};
  t.mldsa.mldsa_pack_z(o.dsa_z_packed.data(), x.dsa_a.data(), x.gamma1);
  // Any 32·b bytes unpack: the Keccak states' bytes (1,600 of them) serve.
  t.mldsa.mldsa_unpack_z(o.dsa_z_unpacked.data(), reinterpret_cast<const std::uint8_t*>(x.keccak.data()), x.gamma1);
  // dsa_a (|a_i| < q < 2^30) as y and w.
  o.dsa_reduce32 = x.dsa_wide;
  t.mldsa.mldsa_reduce32(o.dsa_reduce32.data());
  t.mldsa.mldsa_add_reduce32(o.dsa_add_reduce32.data(), x.dsa_a.data(), x.dsa_wide.data());
  t.mldsa.mldsa_sub_reduce32_freeze(o.dsa_sub_reduce32_freeze.data(), x.dsa_a.data(), x.dsa_wide.data());
  // dsa_a (|a_i| < q) as the commitment w; the Keccak states' first 512
  // bytes as the small ring's int16 coefficients (any value is allowed).
  o.dsa_w1_packed = {};
  t.mldsa.mldsa_high_bits_pack(o.dsa_w1_packed.data(), x.dsa_a.data(), x.gamma2);
  // s1, s2's encoding: dsa_r folded into [-η, η]; any 32·b bytes unpack
  // (the Keccak states' bytes again), most with values above 2η for η = 2.
  std::array<std::int32_t, 256> small;
  for (std::size_t i = 0; i < small.size(); ++i)
    small[i] = x.dsa_r[i] % static_cast<std::int32_t>(2 * x.dsa_eta + 1) - static_cast<std::int32_t>(x.dsa_eta);
  o.dsa_eta_packed = {};
  t.mldsa.mldsa_pack_eta(o.dsa_eta_packed.data(), small.data(), x.dsa_eta);
  o.dsa_eta_range_flag = t.mldsa.mldsa_unpack_eta(o.dsa_eta_unpacked.data(),
                                                  reinterpret_cast<const std::uint8_t*>(x.keccak.data()), x.dsa_eta);
  // dsa_a (|a_i| < q) as a row of t.
  t.mldsa.mldsa_power2round_pack(o.dsa_t1_packed.data(), o.dsa_t0_packed.data(), x.dsa_a.data());
  // Any 320 and 416 bytes unpack as t1 and t0 (the Keccak states' bytes).
  t.mldsa.mldsa_unpack_t1(o.dsa_t1_unpacked.data(), reinterpret_cast<const std::uint8_t*>(x.keccak.data()));
  t.mldsa.mldsa_unpack_t0(o.dsa_t0_unpacked.data(), reinterpret_cast<const std::uint8_t*>(x.keccak.data()) + 7);
  std::memcpy(o.dsa_small_reduced.data(), x.keccak.data(), sizeof o.dsa_small_reduced);
  t.mldsa.mldsa_small_widen(o.dsa_small_widened.data(), o.dsa_small_reduced.data());
  t.mldsa.mldsa_small_reduce(o.dsa_small_reduced.data());
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const Inputs x = make_inputs(in);
  require(k::select("portable") == Status::ok, "portable backend exists");
  const Outputs reference = run_backend(k::active(), x);
  for (const std::string_view name : k::available()) {
    require(k::select(name) == Status::ok, "a listed backend can be selected");
    const Outputs o = run_backend(k::active(), x);
    require(o.keccak_x4 == o.keccak_x1, "Keccak x4 equals four x1 calls");
    require(o.keccak_x8 == o.keccak_x1, "Keccak x8 equals eight x1 calls");
    require(o.keccak_x5 == o.keccak_x1, "Keccak x5 equals five x1 calls");
    for (std::size_t s = 0; s < x.sliced_count; ++s)
      require(std::equal(o.keccak_sliced.begin() + s * k::keccak_lanes,
                         o.keccak_sliced.begin() + s * k::keccak_lanes + x.sliced_words,
                         o.keccak_x1.begin() + s * k::keccak_lanes),
              "the lane-sliced call's live states' first words equal one x1 call each");
    require(std::memcmp(o.sha256_lanes, o.sha256_one_by_one, sizeof o.sha256_lanes) == 0,
            "SHA-256 ways equal one compression each");
    require(std::memcmp(o.sha512_lanes, o.sha512_one_by_one, sizeof o.sha512_lanes) == 0,
            "SHA-512 ways equal one compression each");
    require(o.dsa_row_at_once == o.dsa_row_reduced, "a row in one call equals it split across two");
    require(o == reference, "the backend equals portable on every kernel");
  }
  return 0;
}
