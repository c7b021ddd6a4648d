// The kernel seam on the target: the active backend's ML-KEM entries (the
// Cortex-M4 assembly when the firmware registers it) against the portable
// ones on the same inputs, output for output, on polynomials that the
// known-answer runs rarely produce: every coefficient at the contract's
// bounds ±(q − 1), alternating extremes, zero, and pseudo-random values
// over the contract's range (and, for the inverse NTT, over all of int16).
// One "kat" line per entry and input (set ML-KEM-seam), so run.py's
// known-answer verdict reads them like the other checks.
//
// Unlike the rest of the firmware (public API only), this file reads the
// library's internal kernel tables (src/kernels), which embedded/CMakeLists
// makes visible to it alone.
#include <array>
#include <cstdint>
#include <cstring>

#include "console.hpp"
#include "harness.hpp"
#include "kernels/keccak_lane_form.hpp"
#include "kernels/kernels.hpp"
#include "kernels/mlkem_field.hpp"
#include "kernels/portable/portable.hpp"
#include "mlkem/poly.hpp"
#include "seam_test_data.hpp"

namespace firmware {
namespace {

namespace kernels = pqlab::kernels;
constexpr std::int16_t q = pqlab::mlkem_field::q;
using TestData = SeamTestData;

using Poly = std::array<std::int16_t, 256>;

// Case tc of a polynomial with |a_i| <= bound: 0 all +bound, 1 all −bound,
// 2 alternating, 3 zero, 4.. pseudo-random.
void fill_case(Poly& a, unsigned tc, std::int32_t bound, TestData& rng) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto b = static_cast<std::int16_t>(bound);
    switch (tc) {
      case 0: a[i] = b; break;
      case 1: a[i] = static_cast<std::int16_t>(-b); break;
      case 2: a[i] = (i & 1) ? static_cast<std::int16_t>(-b) : b; break;
      case 3: a[i] = 0; break;
      default: a[i] = static_cast<std::int16_t>(rng.in(bound)); break;
    }
  }
}

bool same(const Poly& x, const Poly& y) { return std::memcmp(x.data(), y.data(), sizeof(x)) == 0; }

// An entry that decodes bytes into coefficients under one parameter (d or
// η) against portable's, from bytes + 0 (word-aligned) and bytes + 1, the
// outputs prefilled alike.
template <class Entry>
bool same_from_both_starts(void (*portable)(std::int16_t*, const std::uint8_t*, unsigned), const Entry& active,
                           const std::uint8_t* bytes, unsigned param) {
  Poly x, y;
  bool ok = true;
  for (std::size_t offset = 0; offset < 2; ++offset) {
    x.fill(0x5555);
    y.fill(0x5555);
    portable(x.data(), bytes + offset, param);
    active(y.data(), bytes + offset, param);
    ok = ok && same(x, y);
  }
  return ok;
}

constexpr unsigned kCases = 10;

// Cases for inputs in (-q, q): fill_case's kCases at the bound q - 1, then
// every value from -(q - 1) to q - 1, 256 at a time (kSweeps cases, the last
// padded with zeros).
constexpr unsigned kSweeps = (2 * q - 1 + 255) / 256;
void fill_case_or_sweep(Poly& a, unsigned tc, TestData& rng) {
  if (tc < kCases) {
    fill_case(a, tc, q - 1, rng);
    return;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::int32_t v = -(q - 1) + static_cast<std::int32_t>(256 * (tc - kCases) + i);
    a[i] = static_cast<std::int16_t>(v < q ? v : 0);
  }
}

// An encoding (Bytes bytes out) by portable's entry and by the active one
// over the fill_case_or_sweep polynomials, into buffers prefilled alike, at
// a word-aligned start for even cases and an unaligned one for odd ones:
// whether every buffer came out the same.
template <std::size_t Bytes, class Portable, class Active>
bool same_encodings(TestData& rng, Portable&& portable, Active&& active) {
  alignas(4) std::array<std::uint8_t, Bytes + 4> x, y;
  Poly a;
  bool ok = true;
  for (unsigned tc = 0; tc < kCases + kSweeps; ++tc) {
    fill_case_or_sweep(a, tc, rng);
    const std::size_t offset = tc & 1;
    x.fill(0xa5);
    y.fill(0xa5);
    portable(x.data() + offset, a);
    active(y.data() + offset, a);
    ok = ok && std::memcmp(x.data(), y.data(), x.size()) == 0;
  }
  return ok;
}

// The rejection filter (FIPS 203 Alg. 7 lines 5–13), public data: byte
// patterns 0 random, 1 all 0xff (every candidate rejected), 2 all zero
// (every one kept), 3 candidates drawn from {0, 1, q − 1, q, q + 1, 4095};
// lengths 0 to 504 bytes, from a word-aligned and an unaligned start; from
// several fill levels up to 256. The new count, the slots from `filled` to
// it, and that nothing before `filled` or past a[255] was written, must
// agree with portable.
void check_rej_uniform(const kernels::Table& active, Tally& tally) {
  constexpr std::size_t kLen = 504, kGuard = 16;
  constexpr std::int16_t kUntouched = -30000;
  constexpr std::array<std::uint16_t, 6> kNearQ = {0, 1, q - 1, q, q + 1, 4095};
  constexpr std::array<std::size_t, 7> kLens = {0, 3, 12, 15, 168, 171, kLen};
  constexpr std::array<std::size_t, 8> kFilled = {0, 1, 100, 247, 248, 249, 255, 256};
  TestData rng{0x6a09e667u};
  alignas(4) std::array<std::uint8_t, kLen + 4> bytes;
  std::array<std::int16_t, 256 + kGuard> x, y;
  for (unsigned pattern = 0; pattern < 4; ++pattern) {
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
      const std::uint32_t d1 = kNearQ[rng.next() % kNearQ.size()], d2 = kNearQ[rng.next() % kNearQ.size()];
      const std::uint32_t pair = pattern == 0   ? rng.next()
                                 : pattern == 1 ? 0xffffffu
                                 : pattern == 2 ? 0
                                                : d1 | d2 << 12;
      for (std::size_t j = 0; j < 3 && i + j < bytes.size(); ++j)
        bytes[i + j] = static_cast<std::uint8_t>(pair >> 8 * j);
    }
    bool ok = true;
    for (std::size_t offset = 0; offset < 2; ++offset)
      for (const std::size_t len : kLens)
        for (const std::size_t filled : kFilled) {
          x.fill(kUntouched);
          y.fill(kUntouched);
          const std::uint8_t* buf = bytes.data() + offset;
          const std::size_t nx = kernels::portable::mlkem_rej_uniform_vartime(x.data(), filled, buf, len);
          const std::size_t ny = active.mlkem.mlkem_rej_uniform_vartime(y.data(), filled, buf, len);
          ok = ok && nx == ny && std::memcmp(x.data() + filled, y.data() + filled, 2 * (nx - filled)) == 0;
          for (std::size_t i = 0; i < filled; ++i) ok = ok && y[i] == kUntouched;
          for (std::size_t i = 256; i < y.size(); ++i) ok = ok && y[i] == kUntouched;
        }
    record_kat(tally, "ML-KEM-seam", "mlkem_rej_uniform_vartime", pattern, ok);
  }
}

// ByteDecode_12 with the reduction mod q (FIPS 203 Alg. 6, the §7.2 flag):
// cases 0 all 0xff (every value 4095), 1 all zero, 2 values from {0, q − 1,
// q, q + 1, 4095}, 3 all values below q (flag 0), 4 and 5 all q − 1 but
// one q (flag 1; coefficient 254, then 1), 6.. random bytes; from a
// word-aligned and an unaligned
// start. The coefficients and the returned flag must equal portable's.
void check_byte_decode12(const kernels::Table& active, Tally& tally) {
  constexpr std::array<std::uint16_t, 5> kNear = {0, q - 1, q, q + 1, 4095};
  TestData rng{0xbb67ae85u};
  alignas(4) std::array<std::uint8_t, 384 + 4> bytes;
  Poly x, y;
  for (unsigned tc = 0; tc < 9; ++tc) {
    for (std::size_t i = 0; i < 384 + 3; i += 3) {
      std::uint32_t d1 = 0, d2 = 0;
      switch (tc) {
        case 0: d1 = d2 = 4095; break;
        case 1: break;
        case 2: d1 = kNear[rng.next() % kNear.size()], d2 = kNear[rng.next() % kNear.size()]; break;
        case 3: d1 = rng.next() % q, d2 = rng.next() % q; break;
        case 4: d1 = i == 381 ? q : q - 1, d2 = q - 1; break;
        case 5: d1 = q - 1, d2 = i == 0 ? q : q - 1; break;
        default: d1 = rng.next() & 0xfff, d2 = rng.next() & 0xfff; break;
      }
      const std::uint32_t pair = d1 | d2 << 12;
      for (std::size_t j = 0; j < 3 && i + j < bytes.size(); ++j)
        bytes[i + j] = static_cast<std::uint8_t>(pair >> 8 * j);
    }
    bool ok = true;
    for (std::size_t offset = 0; offset < 2; ++offset) {
      x.fill(0);
      y.fill(0);
      const std::uint32_t fx = kernels::portable::mlkem_byte_decode12(x.data(), bytes.data() + offset);
      const std::uint32_t fy = active.mlkem.mlkem_byte_decode12(y.data(), bytes.data() + offset);
      ok = ok && fx == fy && same(x, y);
    }
    record_kat(tally, "ML-KEM-seam", "mlkem_byte_decode12", tc, ok);
  }
}

// SamplePolyCBD_η (FIPS 203 Alg. 8) for η = 2 and 3: bytes 0 all zero, 1
// all 0xff, 2 a repeating pattern giving +η, 3 one giving −η, 4 and 5
// random; from a word-aligned and an unaligned start.
void check_cbd(const kernels::Table& active, Tally& tally) {
  TestData rng{0x3c6ef372u};
  alignas(4) std::array<std::uint8_t, 192 + 4> bytes;
  for (const unsigned eta : {2u, 3u}) {
    // Bit patterns whose first η bits of each 2η are ones (+η) or zeros (−η).
    const std::uint32_t plus = eta == 2 ? 0x33333333u : 0x1c71c7u, minus = eta == 2 ? 0xccccccccu : 0xe38e38u;
    for (unsigned tc = 0; tc < 6; ++tc) {
      for (std::size_t i = 0; i < bytes.size(); ++i) {
        const std::uint32_t pattern = tc == 2 ? plus : minus;
        const std::size_t period = eta == 2 ? 4 : 3;
        bytes[i] = tc == 0   ? 0
                   : tc == 1 ? 0xff
                   : tc < 4  ? static_cast<std::uint8_t>(pattern >> 8 * (i % period))
                             : static_cast<std::uint8_t>(rng.next());
      }
      record_kat(tally, "ML-KEM-seam", eta == 2 ? "mlkem_cbd-eta2" : "mlkem_cbd-eta3", tc,
                 same_from_both_starts(kernels::portable::mlkem_cbd, active.mlkem.mlkem_cbd, bytes.data(), eta));
    }
  }
}

// Compress_d then ByteEncode_d (FIPS 203 eq. 4.7, Alg. 5) for every d of
// Table 2, on the fill_case polynomials over (−q, q) and on all 2q − 1
// values of that range (in slices of 256); to a word-aligned and an
// unaligned output.
void check_compress_encode(const kernels::Table& active, Tally& tally) {
  TestData rng{0xa54ff53au};
  for (const unsigned d : {1u, 4u, 5u, 10u, 11u}) {
    const bool ok = same_encodings<32 * 11>(
        rng, [&](std::uint8_t* out, const Poly& a) { kernels::portable::mlkem_compress_encode(out, a.data(), d); },
        [&](std::uint8_t* out, const Poly& a) { active.mlkem.mlkem_compress_encode(out, a.data(), d); });
    record_kat(tally, "ML-KEM-seam", "mlkem_compress_encode", d, ok);
  }
}

// ByteDecode_d then Decompress_d (FIPS 203 Alg. 6, eq. 4.8) for every d of
// Table 2: input bytes all zero, all 0xff (every y = 2^d − 1), and random,
// from a word-aligned and an unaligned start.
void check_decode_decompress(const kernels::Table& active, Tally& tally) {
  TestData rng{0x510e527fu};
  alignas(4) std::array<std::uint8_t, 32 * 11 + 4> bytes;
  for (const unsigned d : {1u, 4u, 5u, 10u, 11u}) {
    bool ok = true;
    for (unsigned tc = 0; tc < 8; ++tc) {
      for (auto& b : bytes) b = tc == 0 ? 0 : tc == 1 ? 0xff : static_cast<std::uint8_t>(rng.next());
      ok = ok && same_from_both_starts(kernels::portable::mlkem_decode_decompress, active.mlkem.mlkem_decode_decompress,
                                       bytes.data(), d);
    }
    record_kat(tally, "ML-KEM-seam", "mlkem_decode_decompress", d, ok);
  }
}

// The frontend's additions (mlkem/poly.cpp; on the Cortex-M4 two
// coefficients a word with SADD16/SSUB16/SEL): r + a, r − a and r + a + b
// reduced into (−q, q) as x = sum + q, then q subtracted where x ≥ q,
// twice; r over every value of (−q, q), a at the extremes and around zero
// (so every sum in (−2q, 2q) occurs), b = 1665 (Decompress_1's one).
void check_add_to(Tally& tally) {
  namespace mlkem = pqlab::mlkem;
  const auto expect = [](std::int32_t sum) {
    std::int32_t x = sum + q;
    if (x >= q) x -= q;
    if (x >= q) x -= q;
    return static_cast<std::int16_t>(x);
  };
  constexpr std::array<std::int16_t, 5> kA = {-(q - 1), -1, 0, 1, q - 1};
  bool ok_add = true, ok_sub = true, ok_add3 = true;
  mlkem::Poly r, a, b, x;
  b.c.fill(1665);
  for (unsigned slice = 0; slice < 27; ++slice) {
    for (std::size_t i = 0; i < 256; ++i) {
      const std::int32_t v = -(q - 1) + static_cast<std::int32_t>(256 * slice + i);
      r.c[i] = static_cast<std::int16_t>(v < q ? v : 0);
    }
    for (const std::int16_t av : kA) {
      a.c.fill(av);
      x = r;
      mlkem::add_to(x, a);
      for (std::size_t i = 0; i < 256; ++i) ok_add = ok_add && x.c[i] == expect(r.c[i] + av);
      x = r;
      mlkem::sub_from(x, a);
      for (std::size_t i = 0; i < 256; ++i) ok_sub = ok_sub && x.c[i] == expect(r.c[i] - av);
      if (av >= -2 && av <= 2) {  // r + e2 + Decompress_1(1), within (−2q, 2q)
        x = r;
        mlkem::add_to(x, a, b);
        for (std::size_t i = 0; i < 256; ++i) ok_add3 = ok_add3 && x.c[i] == expect(r.c[i] + av + 1665);
      }
    }
  }
  record_kat(tally, "ML-KEM-seam", "add_to", 0, ok_add);
  record_kat(tally, "ML-KEM-seam", "sub_from", 0, ok_sub);
  record_kat(tally, "ML-KEM-seam", "add_to-3", 0, ok_add3);
}

// The Barrett reduction as the frontend computes it on the target
// (mlkem_field::barrett_reduce with MLA/MLS; dot_montgomery's two a word),
// against a − q·⌊(a·20159 + 2^25) / 2^26⌋ written out here: every int16
// for barrett_reduce; dot_montgomery<K> (K = 2, 3, 4) on the fill_case
// polynomials, whose sums reach the extremes of |x| < 2qK. And
// to_montgomery against Montgomery's reduction written out.
void check_barrett(const kernels::Table& active, Tally& tally) {
  namespace mlkem = pqlab::mlkem;
  const auto expect = [](std::int32_t a) {
    const std::int32_t quotient = (a * 20159 + (1 << 25)) >> 26;  // arithmetic shift (C++20)
    return static_cast<std::int16_t>(a - quotient * q);
  };
  bool ok = true;
  for (std::int32_t a = -32768; a <= 32767; ++a)
    ok = ok && pqlab::mlkem_field::barrett_reduce(static_cast<std::int16_t>(a)) == expect(a);
  record_kat(tally, "ML-KEM-seam", "barrett_reduce", 0, ok);
  TestData rng{0x1f83d9abu};
  const auto check_k = [&]<std::size_t K>() {
    bool same_dot = true;
    for (unsigned tc = 0; tc < kCases; ++tc) {
      mlkem::NttVec<K> a, b;
      for (std::size_t j = 0; j < K; ++j) {
        fill_case(a[j].c, tc, q - 1, rng);
        fill_case(b[j].c, tc == 2 ? 2 : (tc + j) % kCases, q - 1, rng);
      }
      Poly want{};
      for (std::size_t j = 0; j < K; ++j) active.mlkem.mlkem_basemul_acc(want.data(), a[j].c.data(), b[j].c.data());
      for (auto& x : want) x = expect(x);
      same_dot = same_dot && same(mlkem::dot_montgomery<K>(a, b).c, want);
    }
    record_kat(tally, "ML-KEM-seam", "dot_montgomery", K, same_dot);
  };
  check_k.template operator()<2>();
  check_k.template operator()<3>();
  check_k.template operator()<4>();
  // to_montgomery (two a word on the target): x · (R^2 mod q) · R^-1 by
  // Montgomery reduction, written out, for every int16 x.
  bool ok_mont = true;
  for (std::int32_t first = -32768; first <= 32767; first += 256) {
    mlkem::NttPoly p;
    for (std::size_t i = 0; i < 256; ++i) p.c[i] = static_cast<std::int16_t>(first + static_cast<std::int32_t>(i));
    mlkem::to_montgomery(p);
    for (std::size_t i = 0; i < 256; ++i) {
      const std::int32_t product = (first + static_cast<std::int32_t>(i)) * 1353;
      const auto t = static_cast<std::int16_t>(static_cast<std::int16_t>(product) * -3327);
      ok_mont = ok_mont && p.c[i] == static_cast<std::int16_t>((product - std::int32_t{t} * q) >> 16);
    }
  }
  record_kat(tally, "ML-KEM-seam", "to_montgomery", 0, ok_mont);
}

// ByteEncode_12 (FIPS 203 Alg. 5) of the fill_case polynomials over
// (−q, q) and of every value of that range (in slices of 256), to a
// word-aligned and an unaligned output.
void check_byte_encode12(const kernels::Table& active, Tally& tally) {
  TestData rng{0x5be0cd19u};
  const bool ok = same_encodings<384>(
      rng, [](std::uint8_t* out, const Poly& a) { kernels::portable::mlkem_byte_encode12(out, a.data()); },
      [&](std::uint8_t* out, const Poly& a) { active.mlkem.mlkem_byte_encode12(out, a.data()); });
  record_kat(tally, "ML-KEM-seam", "mlkem_byte_encode12", 0, ok);
}

}  // namespace

// Keccak-f[1600] (FIPS 202 Alg. 7) at the seam (set Keccak-seam): the
// active x1 (the Thumb-2 assembly when registered) against portable's on
// the all-zero and all-ones states, a single set bit at each end, an
// alternating pattern and pseudo-random states, each permuted twice in a
// row; x4, x8 and sliced8 (count 8 and 3) on pseudo-random states.
// Where the build keeps states bit-interleaved, that form is checked too.
void run_keccak_seam_check(const Options& options, Tally& tally) {
  if (!options.kat || !options.selected("Keccak-seam")) return;
  const kernels::Table& active = kernels::active();
  TestData rng{0x2545f491u};
  using State = std::array<std::uint64_t, 8 * kernels::keccak_lanes>;
  State x{}, y{};
  const auto random_fill = [&](State& s) {
    for (auto& lane : s) lane = (std::uint64_t{rng.next()} << 32) | rng.next();
  };
  // The active kernels take and return states in the build's lane form
  // (kernels/keccak_lane_form.hpp), portable's in the standard one: y, the
  // active side's copy of x, goes in converted and is compared converted
  // back.
  const auto in_lane_form = [](const State& u) {
    State v;
    for (std::size_t i = 0; i < u.size(); ++i) v[i] = kernels::keccak::lane_in(u[i]);
    return v;
  };
  const auto same_states = [](const State& u, const State& v) {
    bool same = true;
    for (std::size_t i = 0; i < u.size(); ++i) same = same && u[i] == kernels::keccak::lane_out(v[i]);
    return same;
  };
  for (unsigned tc = 0; tc < 8; ++tc) {
    x.fill(0);
    for (std::size_t i = 0; i < kernels::keccak_lanes; ++i) {
      switch (tc) {
        case 0: x[i] = 0; break;
        case 1: x[i] = ~std::uint64_t{0}; break;
        case 2: x[i] = i == 0 ? 1 : 0; break;
        case 3: x[i] = i == kernels::keccak_lanes - 1 ? std::uint64_t{1} << 63 : 0; break;
        case 4: x[i] = 0xAAAAAAAAAAAAAAAAull ^ i; break;
        default: x[i] = (std::uint64_t{rng.next()} << 32) | rng.next(); break;
      }
    }
    y = in_lane_form(x);
    for (int twice = 0; twice < 2; ++twice) {
      kernels::portable::keccak_f1600_x1(x.data());
      active.keccak.keccak_f1600_x1(y.data());
    }
    record_kat(tally, "Keccak-seam", "keccak_f1600_x1", tc, same_states(x, y));
  }
  random_fill(x);
  y = in_lane_form(x);
  kernels::portable::keccak_f1600_x4(x.data());
  active.keccak.keccak_f1600_x4(y.data());
  record_kat(tally, "Keccak-seam", "keccak_f1600_x4", 0, same_states(x, y));
  random_fill(x);
  y = in_lane_form(x);
  kernels::portable::keccak_f1600_x8(x.data());
  active.keccak.keccak_f1600_x8(y.data());
  record_kat(tally, "Keccak-seam", "keccak_f1600_x8", 0, same_states(x, y));
  for (unsigned tc = 0; tc < 2; ++tc) {
    random_fill(x);
    y = in_lane_form(x);
    const std::size_t count = tc == 0 ? 8 : 3;
    kernels::portable::keccak_f1600_sliced8(x.data(), count, kernels::keccak_lanes);
    active.keccak.keccak_f1600_sliced8(y.data(), count, kernels::keccak_lanes);
    record_kat(tally, "Keccak-seam", "keccak_f1600_sliced8", tc, same_states(x, y));
  }
}

void run_seam_check(const Options& options, Tally& tally) {
  run_keccak_seam_check(options, tally);
  if (!options.kat || !options.selected("ML-KEM-seam")) return;
  const kernels::Table& active = kernels::active();
  TestData rng{0x9e3779b9u};
  Poly a, b, r, x, y;
  for (unsigned tc = 0; tc < kCases; ++tc) {
    // NTT (FIPS 203 Alg. 9), |a_i| < q.
    fill_case(a, tc, q - 1, rng);
    x = a;
    y = a;
    kernels::portable::mlkem_ntt(x.data());
    active.mlkem.mlkem_ntt(y.data());
    record_kat(tally, "ML-KEM-seam", "mlkem_ntt", tc, same(x, y));
    // Inverse NTT (Alg. 10), |a_i| < q, then any int16.
    x = a;
    y = a;
    kernels::portable::mlkem_invntt_tomont(x.data());
    active.mlkem.mlkem_invntt_tomont(y.data());
    record_kat(tally, "ML-KEM-seam", "mlkem_invntt_tomont", tc, same(x, y));
    fill_case(a, tc, 32767, rng);
    x = a;
    y = a;
    kernels::portable::mlkem_invntt_tomont(x.data());
    active.mlkem.mlkem_invntt_tomont(y.data());
    record_kat(tally, "ML-KEM-seam", "mlkem_invntt_tomont-int16", tc, same(x, y));
    // Base multiplication, accumulated (Alg. 11/12): |a_i|, |b_i| < q, and
    // r as after up to three earlier calls (|r_i| < 6q).
    fill_case(a, tc, q - 1, rng);
    fill_case(b, (tc + 1) % kCases, q - 1, rng);
    fill_case(r, tc == 3 ? 3 : tc + 4, 6 * q - 1, rng);
    x = r;
    y = r;
    kernels::portable::mlkem_basemul_acc(x.data(), a.data(), b.data());
    active.mlkem.mlkem_basemul_acc(y.data(), a.data(), b.data());
    record_kat(tally, "ML-KEM-seam", "mlkem_basemul_acc", tc, same(x, y));
  }
  check_rej_uniform(active, tally);
  check_byte_decode12(active, tally);
  check_cbd(active, tally);
  check_compress_encode(active, tally);
  check_decode_decompress(active, tally);
  check_add_to(tally);
  check_barrett(active, tally);
  check_byte_encode12(active, tally);
  Line().text("seam").field("backend", active.name).end();
}

}  // namespace firmware
