// The ct-msan check follows secrets through every backend's kernels: on
// each backend in kernels::available(), one secret byte in the input of
// Keccak-f[1600] (x1, x4, x8) and of the SHA-256 / SHA-512 compressions
// (including SHA-NI, where the backend uses it) must make every output byte
// secret, as the permutation and 64/80 rounds mix it into all of them (the
// lane forms of both compressions too); so
// must one secret coefficient in the input of each ML-DSA NTT and inverse
// NTT (every output coefficient depends on every input coefficient; for
// ML-KEM's seven-layer NTT, on every input of the same parity, so two
// adjacent ones are made secret), and a secret factor in each pointwise
// product; and each of ML-DSA signing's steps (Decompose, MakeHint, the
// norm check, z packing and unpacking, the reductions) must keep secret what it makes from one secret
// coefficient, and ExpandS's filter the coefficients it makes from secret
// bytes. A
// kernel that MSan tracks too little (an intrinsic it handles bitwise, see
// msan_intrinsics.hpp) would let the test's secrets turn public unseen.
#include <sanitizer/msan_interface.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include "kernels/kernels.hpp"
#include "pqlab/kernels.hpp"

namespace {

int failures = 0;

// Every byte of out must be secret.
void expect_all_secret(std::string_view backend, const char* kernel, const void* out, std::size_t n) {
  std::size_t public_bytes = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (__msan_test_shadow(static_cast<const unsigned char*>(out) + i, 1) == -1) ++public_bytes;
  if (public_bytes != 0) {
    std::fprintf(stderr, "msan_kernels_test: %.*s %s: %zu of %zu output bytes lost the secret\n",
                 static_cast<int>(backend.size()), backend.data(), kernel, public_bytes, n);
    ++failures;
  }
}

template <std::size_t N>
std::array<std::uint64_t, N> words(std::uint64_t seed) {
  std::array<std::uint64_t, N> a;
  for (auto& w : a) w = seed = seed * 6364136223846793005u + 1442695040888963407u;
  return a;
}

// One secret byte in word 3 of each 25-lane state.
template <std::size_t N>
void poison_one_byte_per_state(std::array<std::uint64_t, N>& states) {
  for (std::size_t s = 0; s < N / 25; ++s) __msan_poison(reinterpret_cast<unsigned char*>(&states[25 * s + 3]) + 2, 1);
}

void check_backend(std::string_view backend) {
  const pqlab::kernels::Table& t = pqlab::kernels::active();
  auto x1 = words<25>(1);
  auto x4 = words<100>(2);
  auto x8 = words<200>(3);
  auto x5 = words<125>(5);
  poison_one_byte_per_state(x1);
  poison_one_byte_per_state(x4);
  poison_one_byte_per_state(x8);
  poison_one_byte_per_state(x5);
  t.keccak.keccak_f1600_x1(x1.data());
  t.keccak.keccak_f1600_x4(x4.data());
  t.keccak.keccak_f1600_x8(x8.data());
  t.keccak.keccak_f1600_x5(x5.data());
  expect_all_secret(backend, "keccak_f1600_x1", x1.data(), sizeof x1);
  expect_all_secret(backend, "keccak_f1600_x4", x4.data(), sizeof x4);
  expect_all_secret(backend, "keccak_f1600_x8", x8.data(), sizeof x8);
  expect_all_secret(backend, "keccak_f1600_x5", x5.data(), sizeof x5);
  // The lane-sliced call with all eight states live, and with four (the
  // AVX-512 backend's 256-bit path), whole and cut to two words (SLH-DSA's
  // n = 16 outputs): one secret byte in word 3 of each live state, then
  // every computed word of every live state secret.
  for (const std::size_t count : {std::size_t{8}, std::size_t{4}}) {
    for (const std::size_t out_words : {std::size_t{25}, std::size_t{2}}) {
      auto sliced = words<200>(4);
      for (std::size_t j = 0; j < count; ++j)
        __msan_poison(reinterpret_cast<unsigned char*>(&sliced[8 * 3 + j]) + 2, 1);
      t.keccak.keccak_f1600_sliced8(sliced.data(), count, out_words);
      for (std::size_t w = 0; w < out_words; ++w)
        for (std::size_t j = 0; j < count; ++j)
          expect_all_secret(backend, "keccak_f1600_sliced8", &sliced[8 * w + j], sizeof sliced[0]);
    }
  }

  // One block each, its byte 5 secret; the chaining values public.
  std::array<std::uint8_t, 128> block{};
  for (std::size_t i = 0; i < block.size(); ++i) block[i] = static_cast<std::uint8_t>(i * 29 + 1);
  __msan_poison(&block[5], 1);
  std::array<std::uint32_t, 8> s256{};
  std::array<std::uint64_t, 8> s512{};
  t.sha2.sha256_compress(s256.data(), block.data(), 1);
  t.sha2.sha512_compress(s512.data(), block.data(), 1);
  expect_all_secret(backend, "sha256_compress", s256.data(), sizeof s256);
  expect_all_secret(backend, "sha512_compress", s512.data(), sizeof s512);
  std::uint32_t lanes[4][8] = {};
  const std::uint8_t* blocks[4] = {block.data(), block.data(), block.data(), block.data()};
  t.sha2.sha256_compress_ways(lanes, blocks, 4);
  expect_all_secret(backend, "sha256_compress_ways", lanes, sizeof lanes);
  // SHA-512 in lanes: three (a part-filled AVX2 or 256-bit AVX-512 pass)
  // and eight (two AVX2 passes, one 512-bit AVX-512 pass).
  const std::uint8_t* blocks512[8];
  for (auto& b : blocks512) b = block.data();
  for (const std::size_t count : {std::size_t{3}, std::size_t{8}}) {
    std::uint64_t lanes512[8][8] = {};
    t.sha2.sha512_compress_ways(lanes512, blocks512, count);
    expect_all_secret(backend, "sha512_compress_ways", lanes512, count * sizeof lanes512[0]);
  }

  // NTTs: an in-place transform of a copy of `poly` with some coefficients
  // made secret must leave every coefficient secret.
  auto expect_spread_in_place =
      [&](const char* kernel, auto poly, std::size_t first, std::size_t count, auto transform) {
    __msan_poison(&poly[first], count * sizeof poly[0]);
    transform(poly.data());
    expect_all_secret(backend, kernel, poly.data(), sizeof poly);
  };
  std::array<std::int32_t, 256> a32, b32, r32;
  std::array<std::int16_t, 256> a16, b16, r16{};
  for (std::size_t i = 0; i < 256; ++i) {
    a32[i] = static_cast<std::int32_t>(i * 1237 % 8380417);
    b32[i] = static_cast<std::int32_t>(i * 71 % 8380417);
    a16[i] = static_cast<std::int16_t>(i * 13 % 3329);
    b16[i] = static_cast<std::int16_t>(i * 7 % 3329);
  }
  expect_spread_in_place("mldsa_ntt", a32, 7, 1, [&](std::int32_t* a) { t.mldsa.mldsa_ntt(a, a); });
  expect_spread_in_place("mldsa_invntt_tomont", a32, 7, 1, t.mldsa.mldsa_invntt_tomont);
  expect_spread_in_place("mlkem_ntt", a16, 6, 2, t.mlkem.mlkem_ntt);
  expect_spread_in_place("mlkem_invntt_tomont", a16, 6, 2, t.mlkem.mlkem_invntt_tomont);
  // Products: one factor wholly secret.
  __msan_poison(a32.data(), sizeof a32);
  t.mldsa.mldsa_pointwise_montgomery(r32.data(), a32.data(), b32.data());
  expect_all_secret(backend, "mldsa_pointwise_montgomery", r32.data(), sizeof r32);
  std::array<std::int32_t, 256> acc32{};
  t.mldsa.mldsa_pointwise_acc_montgomery(acc32.data(), a32.data(), b32.data());
  expect_all_secret(backend, "mldsa_pointwise_acc_montgomery", acc32.data(), sizeof acc32);
  // The wide row sums: a secret product into the accumulator, then one
  // more (public) term with the reduction; and a row in one call, a public
  // term then a secret one. Every word stays secret, wherever the layout
  // puts it.
  std::array<std::int64_t, 256> wide;
  const std::int32_t* const secret_term_a[] = {a32.data()};
  const std::int32_t* const secret_term_b[] = {b32.data()};
  t.mldsa.mldsa_row_wide_sum(wide.data(), secret_term_a, secret_term_b, 1, true);
  expect_all_secret(backend, "mldsa_row_wide_sum", wide.data(), sizeof wide);
  const std::int32_t* const public_term[] = {b32.data()};
  t.mldsa.mldsa_row_wide_reduce(r32.data(), wide.data(), public_term, public_term, 1);
  expect_all_secret(backend, "mldsa_row_wide_reduce (accumulator)", r32.data(), sizeof r32);
  const std::int32_t* const row_a[] = {b32.data(), a32.data()};
  const std::int32_t* const row_b[] = {b32.data(), b32.data()};
  t.mldsa.mldsa_row_wide_reduce(r32.data(), nullptr, row_a, row_b, 2);
  expect_all_secret(backend, "mldsa_row_wide_reduce (terms)", r32.data(), sizeof r32);
  __msan_poison(a16.data(), sizeof a16);
  t.mlkem.mlkem_basemul_acc(r16.data(), a16.data(), b16.data());
  expect_all_secret(backend, "mlkem_basemul_acc", r16.data(), sizeof r16);

  // ML-DSA signing steps, one secret coefficient (index 13) each: what is
  // made from it must stay secret, wherever the kernel moves it (MakeHint
  // and the norm check fold lanes together; the packing shifts bits across
  // lanes).
  constexpr std::size_t kSecret = 13;
  std::array<std::int32_t, 256> w1, w0, r, z, hint_z;
  for (std::size_t i = 0; i < 256; ++i) {
    r[i] = static_cast<std::int32_t>(i * 32749 % 8380417);
    z[i] = static_cast<std::int32_t>(i * 4093 % 523288) - 261644;
  }
  for (const std::int32_t gamma2 : {(8380417 - 1) / 88, (8380417 - 1) / 32}) {
    // MakeHint's z: |z_i| <= γ2.
    for (std::size_t i = 0; i < 256; ++i)
      hint_z[i] = static_cast<std::int32_t>(i * 4093 % static_cast<std::size_t>(2 * gamma2 + 1)) - gamma2;
    auto a = r;
    __msan_poison(&a[kSecret], sizeof a[kSecret]);
    t.mldsa.mldsa_decompose(w1.data(), w0.data(), a.data(), gamma2);
    expect_all_secret(backend, "mldsa_decompose (w1)", &w1[kSecret], sizeof w1[kSecret]);
    expect_all_secret(backend, "mldsa_decompose (w0)", &w0[kSecret], sizeof w0[kSecret]);
    std::uint8_t hints[32];
    const std::uint32_t count = t.mldsa.mldsa_make_hint(hints, a.data(), hint_z.data(), gamma2);
    expect_all_secret(backend, "mldsa_make_hint (bits)", &hints[kSecret / 8], 1);
    // MSan follows an addition bit by bit, not its carries: of a sum of
    // 0/1 hints only the low bits come out secret (portable kernel too).
    expect_all_secret(backend, "mldsa_make_hint (count)", &count, 1);
    // w1Encode(HighBits(a)): the secret value's bits start at bit 13·b.
    std::uint8_t packed_w1[32 * 6];
    t.mldsa.mldsa_high_bits_pack(packed_w1, a.data(), gamma2);
    const std::size_t w1_bits = gamma2 == (8380417 - 1) / 88 ? 6 : 4;
    expect_all_secret(backend, "mldsa_high_bits_pack", &packed_w1[kSecret * w1_bits / 8], 1);
  }
  // s1 and s2's encoding: a secret coefficient's bits stay secret packed,
  // and a secret byte makes the coefficient it holds secret unpacked. (The
  // range flag is published by the key loaders.)
  for (const unsigned eta : {2u, 4u}) {
    const std::size_t bits = eta == 2 ? 3 : 4;
    std::array<std::int32_t, 256> s;
    for (std::size_t i = 0; i < 256; ++i)
      s[i] = static_cast<std::int32_t>(i % (2 * eta + 1)) - static_cast<std::int32_t>(eta);
    __msan_poison(&s[kSecret], sizeof s[kSecret]);
    std::array<std::uint8_t, 128> packed_s{};
    t.mldsa.mldsa_pack_eta(packed_s.data(), s.data(), eta);
    expect_all_secret(backend, "mldsa_pack_eta", &packed_s[kSecret * bits / 8], 1);
    __msan_unpoison(packed_s.data(), packed_s.size());
    __msan_poison(&packed_s[kSecret * bits / 8], 1);
    std::array<std::int32_t, 256> unpacked_s;
    (void)t.mldsa.mldsa_unpack_eta(unpacked_s.data(), packed_s.data(), eta);
    expect_all_secret(backend, "mldsa_unpack_eta", &unpacked_s[kSecret], 1);
  }
  // Key generation's Power2Round into the encodings: the t0 bits of a
  // secret t_kSecret (13 from bit 13·kSecret) stay secret.
  {
    auto secret_t = r;
    __msan_poison(&secret_t[kSecret], sizeof secret_t[kSecret]);
    std::array<std::uint8_t, 320> t1_packed;
    std::array<std::uint8_t, 416> t0_packed;
    t.mldsa.mldsa_power2round_pack(t1_packed.data(), t0_packed.data(), secret_t.data());
    const std::size_t first = kSecret * 13 / 8, last = (kSecret * 13 + 12) / 8;
    expect_all_secret(backend, "mldsa_power2round_pack (t0)", &t0_packed[first], last - first + 1);
    // Signing reads t0 back: the coefficient whose bits include a secret
    // byte stays secret.
    __msan_unpoison(t0_packed.data(), t0_packed.size());
    __msan_poison(&t0_packed[first], 1);
    std::array<std::int32_t, 256> t0;
    t.mldsa.mldsa_unpack_t0(t0.data(), t0_packed.data());
    expect_all_secret(backend, "mldsa_unpack_t0", &t0[kSecret], 1);
  }
  // The small ring's reductions (c·s1, c·s2 in Z_3329): coefficient kSecret
  // stays secret, in place and widened.
  {
    std::array<std::int16_t, 256> s16;
    for (std::size_t i = 0; i < 256; ++i) s16[i] = static_cast<std::int16_t>(i * 97 % 6000 - 3000);
    __msan_poison(&s16[kSecret], sizeof s16[kSecret]);
    std::array<std::int32_t, 256> widened;
    t.mldsa.mldsa_small_widen(widened.data(), s16.data());
    expect_all_secret(backend, "mldsa_small_widen", &widened[kSecret], sizeof widened[kSecret]);
    t.mldsa.mldsa_small_reduce(s16.data());
    expect_all_secret(backend, "mldsa_small_reduce", &s16[kSecret], sizeof s16[kSecret]);
  }
  auto secret_z = z;
  __msan_poison(&secret_z[kSecret], sizeof secret_z[kSecret]);
  const std::uint32_t flag = t.mldsa.mldsa_norm_at_least(secret_z.data(), 261888 - 196);
  expect_all_secret(backend, "mldsa_norm_at_least", &flag, sizeof flag);
  for (const std::size_t bits : {std::size_t{18}, std::size_t{20}}) {
    std::array<std::uint8_t, 32 * 20> packed{};
    t.mldsa.mldsa_pack_z(packed.data(), secret_z.data(), bits == 18 ? 1 << 17 : 1 << 19);
    // Bits kSecret·b to kSecret·b + b - 1 of the output hold the secret.
    const std::size_t first = kSecret * bits / 8, last = (kSecret * bits + bits - 1) / 8;
    expect_all_secret(backend, "mldsa_pack_z", &packed[first], last - first + 1);
    // Unpacking: a secret byte at `first` makes coefficient kSecret secret.
    std::array<std::uint8_t, 32 * 20> bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(i * 151 + 7);
    __msan_poison(&bytes[first + 1], 1);
    std::array<std::int32_t, 256> unpacked;
    t.mldsa.mldsa_unpack_z(unpacked.data(), bytes.data(), bits == 18 ? 1 << 17 : 1 << 19);
    // That byte is bits 4-11 (b = 20) or 6-13 (b = 18) of the value: the
    // low two bytes of z_kSecret (MSan does not follow γ1 - v's borrows).
    expect_all_secret(backend, "mldsa_unpack_z", &unpacked[kSecret], 2);
  }
  // ExpandS's filter over wholly secret XOF bytes: the coefficients stay
  // secret (their low bytes: MSan does not follow η − b's borrows into the
  // upper ones); the accept decisions, which the kernel declassifies (see
  // kernels.hpp), steer the count and the loop without a report.
  for (const unsigned eta : {2u, 4u}) {
    std::array<std::uint8_t, 136> xof;
    for (std::size_t i = 0; i < xof.size(); ++i) xof[i] = static_cast<std::uint8_t>(i * 37 + 11);
    __msan_poison(xof.data(), xof.size());
    std::array<std::int32_t, 256> s{};
    const std::size_t count = t.mldsa.mldsa_rej_eta(s.data(), 0, xof.data(), xof.size(), eta);
    for (std::size_t i = 0; i < count; ++i) expect_all_secret(backend, "mldsa_rej_eta", &s[i], 1);
  }
  // The reductions: coefficient kSecret stays secret.
  auto reduced = secret_z;
  t.mldsa.mldsa_reduce32(reduced.data());
  expect_all_secret(backend, "mldsa_reduce32", &reduced[kSecret], sizeof reduced[kSecret]);
  t.mldsa.mldsa_add_reduce32(reduced.data(), r.data(), secret_z.data());
  expect_all_secret(backend, "mldsa_add_reduce32", &reduced[kSecret], sizeof reduced[kSecret]);
  t.mldsa.mldsa_sub_reduce32_freeze(reduced.data(), r.data(), secret_z.data());
  expect_all_secret(backend, "mldsa_sub_reduce32_freeze", &reduced[kSecret], sizeof reduced[kSecret]);
}

}  // namespace

int main() {
  for (std::string_view backend : pqlab::kernels::available()) {
    if (pqlab::kernels::select(backend) != pqlab::Status::ok) {
      std::fprintf(stderr, "msan_kernels_test: cannot select %.*s\n", static_cast<int>(backend.size()), backend.data());
      return 2;
    }
    check_backend(backend);
    std::printf("msan_kernels_test: %.*s checked\n", static_cast<int>(backend.size()), backend.data());
  }
  return failures == 0 ? 0 : 1;
}
