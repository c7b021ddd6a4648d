// The kernel seam's ML-DSA arithmetic entries checked on the target: the
// active backend (the Cortex-M4 one, src/kernels/armv7em/, where the build
// registers it) against the portable one, on pseudo-random polynomials and
// on polynomials at the bounds of each entry's contract
// (src/kernels/entries.inc), which the known-answer runs do not reach:
// mldsa_ntt (FIPS 204 Alg. 41), mldsa_invntt_tomont (Alg. 42), the
// pointwise products (Alg. 45, Montgomery form), signing's reductions,
// Decompose, MakeHint, the z and w1 encodings, the small ring's reductions
// and Â's rejection filter. Reported as the known-answer set
// "ML-DSA-kernels", one line per entry and input. With bench, the first four
// entries are also measured once per backend (ops "<entry>-portable" and
// "<entry>-<active backend>"). It reaches past the public API (src/
// headers), which embedded/CMakeLists makes visible to it and seam_check.cpp
// alone.
#include <array>
#include <cstddef>
#include <cstdint>

#include "console.hpp"
#include "harness.hpp"
#include "stack_meter.hpp"
#include "kernels/kernels.hpp"
#include "kernels/mldsa_field.hpp"
#include "kernels/portable/portable.hpp"
#include "seam_test_data.hpp"

namespace firmware {
namespace {

namespace kernels = pqlab::kernels;
using Poly = std::array<std::int32_t, 256>;

constexpr std::int32_t kQ = kernels::mldsa_field::q;
constexpr std::string_view kSet = "ML-DSA-kernels";

using Xorshift = SeamTestData;

// Input kinds: 0 pseudo-random within the bound, 1 all +bound, 2 all
// -bound, 3 alternating ±bound, 4 pseudo-random signs at ±bound.
void fill_poly(Poly& p, Xorshift& rng, unsigned kind, std::int32_t bound) {
  for (std::size_t i = 0; i < p.size(); ++i) {
    switch (kind) {
      case 0: p[i] = rng.in(bound); break;
      case 1: p[i] = bound; break;
      case 2: p[i] = -bound; break;
      case 3: p[i] = (i & 1) ? -bound : bound; break;
      default: p[i] = (rng.next() & 1) ? -bound : bound; break;
    }
  }
}

constexpr unsigned kKinds = 5;

// Records the case; on a mismatch also prints the first differing index.
void record(Tally& tally, std::string_view check, unsigned tc, const Poly& want, const Poly& got) {
  std::size_t bad = want.size();
  for (std::size_t i = 0; i < want.size() && bad == want.size(); ++i)
    if (want[i] != got[i]) bad = i;
  if (bad != want.size())
    Line()
        .text("seam-mismatch")
        .field("check", check)
        .field("tc", tc)
        .field("index", bad)
        .field("want", static_cast<std::uint32_t>(want[bad]))
        .field("got", static_cast<std::uint32_t>(got[bad]))
        .end();
  record_kat(tally, kSet, check, tc, bad == want.size());
}

// Records a byte-string case like record().
template <std::size_t N>
void record_bytes(Tally& tally, std::string_view check, unsigned tc, const std::array<std::uint8_t, N>& want,
                  const std::array<std::uint8_t, N>& got) {
  std::size_t bad = N;
  for (std::size_t i = 0; i < N && bad == N; ++i)
    if (want[i] != got[i]) bad = i;
  if (bad != N) Line().text("seam-mismatch").field("check", check).field("tc", tc).field("index", bad).end();
  record_kat(tally, kSet, check, tc, bad == N);
}

// Records a returned value like record().
void record_value(Tally& tally, std::string_view check, unsigned tc, std::uint32_t want, std::uint32_t got) {
  if (want != got)
    Line().text("seam-mismatch").field("check", check).field("tc", tc).field("want", want).field("got", got).end();
  record_kat(tally, kSet, check, tc, want == got);
}

constexpr std::int32_t kGamma2[2] = {(kQ - 1) / 88, (kQ - 1) / 32};
constexpr std::int32_t kGamma1[2] = {1 << 17, 1 << 19};

// Coefficients in [0, q) by kind: 0 pseudo-random, 1 all q - 1, 2 all 0,
// 3 the values around each multiple of 2γ2 (and q - γ2, where Decompose
// wraps), 4 pseudo-random within γ2 + 2 of q - 1 or 0.
void fill_zq(Poly& p, Xorshift& rng, unsigned kind, std::int32_t gamma2) {
  for (std::size_t i = 0; i < p.size(); ++i) {
    std::int32_t v;
    switch (kind) {
      case 0: v = static_cast<std::int32_t>(rng.next() % kQ); break;
      case 1: v = kQ - 1; break;
      case 2: v = 0; break;
      case 3: {
        const std::int32_t m = (kQ - 1) / (2 * gamma2);
        const auto k = static_cast<std::int32_t>(rng.next() % static_cast<std::uint32_t>(m + 1));
        v = k * 2 * gamma2 + static_cast<std::int32_t>(rng.next() % 5) - 2 + ((i & 1) ? gamma2 : 0);
        if (i % 7 == 0) v = kQ - gamma2 + static_cast<std::int32_t>(rng.next() % 5) - 2;
        break;
      }
      default: {
        const auto off = static_cast<std::int32_t>(rng.next() % static_cast<std::uint32_t>(gamma2 + 2));
        v = (rng.next() & 1) ? kQ - 1 - off : off;
        break;
      }
    }
    p[i] = v < 0 ? v + kQ : (v >= kQ ? v - kQ : v);
  }
}

// The signing steps (Alg. 7 lines 12-28 and their packing): reduce32,
// add_reduce32, sub_reduce32_freeze, norm_at_least, decompose,
// make_hint, high_bits_pack, pack_z and unpack_z, and the small ring's small_reduce and
// small_widen, against portable at their contracts'
// bounds and on pseudo-random inputs.
void check_signing_steps(const kernels::Table& portable, const kernels::Table& active, Tally& tally, Xorshift& rng,
                         unsigned& tc) {
  Poly a, b, want, got, want2, got2;
  constexpr auto kReduceBound = static_cast<std::int32_t>((std::int64_t{1} << 31) - (1 << 22) - 1);
  for (unsigned kind = 0; kind < kKinds; ++kind) {
    for (unsigned rep = 0; rep < (kind == 0 || kind == 4 ? 3u : 1u); ++rep) {
      ++tc;
      fill_poly(a, rng, kind, kReduceBound);
      want = a;
      got = a;
      portable.mldsa.mldsa_reduce32.fn(want.data());
      active.mldsa.mldsa_reduce32.fn(got.data());
      record(tally, "reduce32", tc, want, got);
      fill_poly(b, rng, kind == 3 ? 4 : kind, (1 << 30) - 1);
      portable.mldsa.mldsa_add_reduce32.fn(want.data(), b.data(), a.data());
      active.mldsa.mldsa_add_reduce32.fn(got.data(), b.data(), a.data());
      record(tally, "add_reduce32", tc, want, got);
      portable.mldsa.mldsa_sub_reduce32_freeze.fn(want.data(), b.data(), a.data());
      active.mldsa.mldsa_sub_reduce32_freeze.fn(got.data(), b.data(), a.data());
      record(tally, "sub_reduce32_freeze", tc, want, got);
      // norm_at_least: bounds 0, 1, γ-like values and 2^31 - 1 against
      // coefficients at, just below and far beyond them.
      const std::int32_t bounds[] = {0, 1, 2, (kQ - 1) / 88 - 78, (kQ - 1) / 32, (1 << 19) - 196, 0x7fffffff};
      for (const std::int32_t bound : bounds) {
        fill_poly(a, rng, kind, bound == 0 ? 1 : bound - 1);
        for (int shift = 0; shift < 3; ++shift) {
          const std::uint32_t w = portable.mldsa.mldsa_norm_at_least.fn(a.data(), bound);
          const std::uint32_t g = active.mldsa.mldsa_norm_at_least.fn(a.data(), bound);
          record_value(tally, "norm_at_least", tc, w, g);
          // Then one coefficient at ±bound (the extremes of int32 besides).
          const std::size_t at = rng.next() % 256;
          a[at] = shift == 0 ? bound : (bound == 0x7fffffff ? -0x7fffffff : -bound);
        }
      }
      for (unsigned g = 0; g < 2; ++g) {
        const std::int32_t gamma2 = kGamma2[g];
        fill_zq(a, rng, kind, gamma2);
        portable.mldsa.mldsa_decompose.fn(want.data(), want2.data(), a.data(), gamma2);
        active.mldsa.mldsa_decompose.fn(got.data(), got2.data(), a.data(), gamma2);
        record(tally, "decompose-w1", tc, want, got);
        record(tally, "decompose-w0", tc, want2, got2);
        // high_bits_pack takes |a_i| < q: a, then a with every other
        // coefficient moved to a - q (the same values mod q).
        std::array<std::uint8_t, 192> ww{}, wg{};
        portable.mldsa.mldsa_high_bits_pack.fn(ww.data(), a.data(), gamma2);
        active.mldsa.mldsa_high_bits_pack.fn(wg.data(), a.data(), gamma2);
        record_bytes(tally, "high_bits_pack", tc, ww, wg);
        Poly shifted = a;
        for (std::size_t i = 0; i < 256; i += 2) shifted[i] = a[i] == 0 ? 1 - kQ : a[i] - kQ;
        std::array<std::uint8_t, 192> sw{}, sg{};
        portable.mldsa.mldsa_high_bits_pack.fn(sw.data(), shifted.data(), gamma2);
        active.mldsa.mldsa_high_bits_pack.fn(sg.data(), shifted.data(), gamma2);
        record_bytes(tally, "high_bits_pack-negative", tc, sw, sg);
        // make_hint: r in [0, q), |z| < q.
        fill_poly(b, rng, kind, kQ - 1);
        if (kind == 3) {  // z small around the rounding boundaries
          for (auto& z : b)
            z = static_cast<std::int32_t>(rng.next() % (2 * static_cast<std::uint32_t>(gamma2) + 1)) - gamma2;
        }
        std::array<std::uint8_t, 32> hw{}, hg{};
        const std::uint32_t cw = portable.mldsa.mldsa_make_hint.fn(hw.data(), a.data(), b.data(), gamma2);
        const std::uint32_t cg = active.mldsa.mldsa_make_hint.fn(hg.data(), a.data(), b.data(), gamma2);
        record_bytes(tally, "make_hint", tc, hw, hg);
        record_value(tally, "make_hint-count", tc, cw, cg);
      }
      // The small ring's reductions: any int16 (kinds at ±32767 and -32768).
      {
        std::array<std::int16_t, 256> s16{}, w16{}, g16{};
        for (std::size_t i = 0; i < 256; ++i) {
          const std::int32_t x = kind == 0   ? static_cast<std::int32_t>(rng.next() & 0xffff) - 32768
                                 : kind == 1 ? 32767
                                 : kind == 2 ? -32768
                                 : kind == 3 ? ((i & 1) ? -32768 : 32767) - static_cast<std::int32_t>(i)
                                             : static_cast<std::int32_t>(rng.next() % 6659) - 3329;
          s16[i] = static_cast<std::int16_t>(x);
        }
        w16 = s16;
        g16 = s16;
        portable.mldsa.mldsa_small_reduce.fn(w16.data());
        active.mldsa.mldsa_small_reduce.fn(g16.data());
        Poly wa, ga;
        for (std::size_t i = 0; i < 256; ++i) wa[i] = w16[i], ga[i] = g16[i];
        record(tally, "small_reduce", tc, wa, ga);
        portable.mldsa.mldsa_small_widen.fn(want.data(), s16.data());
        active.mldsa.mldsa_small_widen.fn(got.data(), s16.data());
        record(tally, "small_widen", tc, want, got);
      }
      for (unsigned g = 0; g < 2; ++g) {
        const std::int32_t gamma1 = kGamma1[g];
        // pack_z: |z_i| < 2^31 - 2^19 (values far beyond γ1 are cut).
        fill_poly(a, rng, kind, kind < 3 ? gamma1 - 1 : (1 << 30));
        if (kind == 0 && rep == 0) {
          for (std::size_t i = 0; i < 256; ++i) a[i] = (i & 1) ? gamma1 : 1 - gamma1;  // the encodable extremes
        }
        std::array<std::uint8_t, 640> pw{}, pg{};
        std::array<std::uint8_t, 640 + 3> unaligned{};
        portable.mldsa.mldsa_pack_z.fn(pw.data(), a.data(), gamma1);
        active.mldsa.mldsa_pack_z.fn(pg.data(), a.data(), gamma1);
        record_bytes(tally, "pack_z", tc, pw, pg);
        // unpack_z from a random byte string, at an odd address too.
        for (std::size_t i = 0; i < unaligned.size(); ++i) unaligned[i] = static_cast<std::uint8_t>(rng.next());
        if (kind == 1) unaligned.fill(0xff);
        if (kind == 2) unaligned.fill(0);
        const std::size_t shift = rep % 4;
        portable.mldsa.mldsa_unpack_z.fn(want.data(), unaligned.data() + shift, gamma1);
        active.mldsa.mldsa_unpack_z.fn(got.data(), unaligned.data() + shift, gamma1);
        record(tally, "unpack_z", tc, want, got);
        std::array<std::uint8_t, 643> out{};
        active.mldsa.mldsa_pack_z.fn(out.data() + 1, got.data(), gamma1);  // unaligned output, round trip
        bool same = true;
        const std::size_t bytes = gamma1 == (1 << 17) ? 576 : 640;
        for (std::size_t i = 0; i < bytes; ++i) same = same && out[1 + i] == unaligned[shift + i];
        record_kat(tally, kSet, "pack_z-round-trip", tc, same && out[0] == 0 && out[1 + bytes] == 0);
      }
    }
  }
}

// Â's candidate filter (Alg. 30 with Alg. 14) on buffers of every kind of
// candidate (pseudo-random, all rejected, q - 1 and q, the masked top bit),
// of lengths around its four-at-a-time loop, at an odd address, into
// polynomials already holding from 0 to 256 values.
void check_rej_uniform(const kernels::Table& portable, const kernels::Table& active, Tally& tally, Xorshift& rng,
                       unsigned& tc) {
  std::array<std::uint8_t, 842> buf{};
  Poly want, got;
  const std::size_t lens[] = {0, 3, 9, 12, 15, 24, 168, 771, 840};
  const std::size_t starts[] = {0, 1, 100, 250, 253, 255, 256};
  for (unsigned kind = 0; kind < 4; ++kind) {
    ++tc;
    for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<std::uint8_t>(rng.next());
    if (kind == 1) buf.fill(0xff);
    if (kind == 2 || kind == 3) {
      for (std::size_t i = 0; i + 3 <= buf.size(); i += 3) {
        // q - 1 = 0x7fe000, q = 0x7fe001 (and with the top bit, which is dropped).
        const std::uint32_t v = (rng.next() & 1) ? 0x7fe000u : 0x7fe001u;
        buf[i] = static_cast<std::uint8_t>(v);
        buf[i + 1] = static_cast<std::uint8_t>(v >> 8);
        buf[i + 2] = static_cast<std::uint8_t>((v >> 16) | (kind == 3 ? 0x80u : 0u));
      }
    }
    bool ok = true;
    for (const std::size_t len : lens) {
      for (const std::size_t start : starts) {
        for (std::size_t offset = 0; offset < 2; ++offset) {
          want.fill(-1);
          got.fill(-1);
          const std::size_t w =
              portable.mldsa.mldsa_rej_uniform_vartime.fn(want.data(), start, buf.data() + offset, len);
          const std::size_t g = active.mldsa.mldsa_rej_uniform_vartime.fn(got.data(), start, buf.data() + offset, len);
          if (w != g || want != got) {
            if (ok)
              Line()
                  .text("seam-mismatch")
                  .field("check", "rej_uniform")
                  .field("tc", tc)
                  .field("len", len)
                  .field("start", start)
                  .field("want", w)
                  .field("got", g)
                  .end();
            ok = false;
          }
        }
      }
    }
    record_kat(tally, kSet, "rej_uniform", tc, ok);
  }
}

// One measured call of each entry with each backend, on in-contract
// pseudo-random inputs.
void measure_entries(const kernels::Table& portable, const kernels::Table& active) {
  Poly a, b, r;  // on the stack: static RAM is every image's budget; kat and bench runs have room
  Xorshift rng{0x2545f491u};
  const std::array<const kernels::Table*, 2> tables = {&portable, &active};
  for (const kernels::Table* t : tables) {
    const bool is_portable = t == &portable;
    fill_poly(a, rng, 0, 8 * kQ - 1);
    auto ntt = [&] { t->mldsa.mldsa_ntt.fn(a.data(), a.data()); };
    record_op(kSet, is_portable ? "ntt-portable" : "ntt-active", measure(ntt), sizeof(Poly));
    fill_poly(a, rng, 0, kQ - 1);
    auto invntt = [&] { t->mldsa.mldsa_invntt_tomont.fn(a.data()); };
    record_op(kSet, is_portable ? "invntt-portable" : "invntt-active", measure(invntt), sizeof(Poly));
    fill_poly(a, rng, 0, kQ - 1);
    fill_poly(b, rng, 0, kQ - 1);
    auto pointwise = [&] { t->mldsa.mldsa_pointwise_montgomery.fn(r.data(), a.data(), b.data()); };
    record_op(kSet, is_portable ? "pointwise-portable" : "pointwise-active", measure(pointwise), 3 * sizeof(Poly));
    auto acc = [&] { t->mldsa.mldsa_pointwise_acc_montgomery.fn(r.data(), a.data(), b.data()); };
    record_op(kSet, is_portable ? "pointwise_acc-portable" : "pointwise_acc-active", measure(acc), 3 * sizeof(Poly));
  }
}

}  // namespace

void run_mldsa_seam(const Options& options, Tally& tally) {
  if (!options.selected(kSet)) return;
  kernels::Table portable{};
  kernels::portable::fill(portable);
  const kernels::Table& active = kernels::active();
  Line().text("seam").field("set", kSet).field("backend", active.name).end();
  if (options.bench) measure_entries(portable, active);
  if (!options.kat) return;
  Xorshift rng{0x9e3779b9u};
  Poly a, b, r, want, got;  // 5 KB of stack, outside any measured call
  unsigned tc = 0;
  for (unsigned kind = 0; kind < kKinds; ++kind) {
    for (unsigned rep = 0; rep < (kind == 0 || kind == 4 ? 3u : 1u); ++rep) {
      ++tc;
      // NTT: |a_i| < 8q.
      fill_poly(a, rng, kind, 8 * kQ - 1);
      want = a;
      portable.mldsa.mldsa_ntt.fn(want.data(), want.data());
      active.mldsa.mldsa_ntt.fn(got.data(), a.data());  // into another array
      record(tally, "ntt", tc, want, got);
      // Inverse NTT: |a_i| < q.
      fill_poly(a, rng, kind, kQ - 1);
      want = a;
      got = a;
      portable.mldsa.mldsa_invntt_tomont.fn(want.data());
      active.mldsa.mldsa_invntt_tomont.fn(got.data());
      record(tally, "invntt", tc, want, got);
      // Pointwise: |a_i| < q and |b_i| < 2^31, so |a_i b_i| < q 2^31;
      // the accumulator |r_i| < 2^31 - q.
      fill_poly(a, rng, kind, kQ - 1);
      fill_poly(b, rng, kind == 3 ? 4 : kind, 0x7fffffff);
      portable.mldsa.mldsa_pointwise_montgomery.fn(want.data(), a.data(), b.data());
      active.mldsa.mldsa_pointwise_montgomery.fn(got.data(), a.data(), b.data());
      record(tally, "pointwise", tc, want, got);
      fill_poly(r, rng, kind, 0x7fffffff - kQ);
      want = r;
      got = r;
      portable.mldsa.mldsa_pointwise_acc_montgomery.fn(want.data(), a.data(), b.data());
      active.mldsa.mldsa_pointwise_acc_montgomery.fn(got.data(), a.data(), b.data());
      record(tally, "pointwise_acc", tc, want, got);
    }
  }
  // The output of one entry as the next one's input, as the scheme chains
  // them: NTT, product, inverse NTT (their outputs are within the next
  // contract after a reduction the scheme would do; here freeze to [0, q)).
  fill_poly(a, rng, 0, kQ - 1);
  fill_poly(b, rng, 0, kQ - 1);
  const std::array<const kernels::Table*, 2> tables = {&portable, &active};
  for (const kernels::Table* t : tables) {
    Poly x = a, y = b;
    t->mldsa.mldsa_ntt.fn(x.data(), x.data());
    t->mldsa.mldsa_ntt.fn(y.data(), y.data());
    for (auto& c : x) c = kernels::mldsa_field::freeze(c);
    for (auto& c : y) c = kernels::mldsa_field::freeze(c);
    Poly& out = t == &portable ? want : got;
    t->mldsa.mldsa_pointwise_montgomery.fn(out.data(), x.data(), y.data());
    t->mldsa.mldsa_invntt_tomont.fn(out.data());
  }
  record(tally, "ntt-product-invntt", ++tc, want, got);
  check_signing_steps(portable, active, tally, rng, tc);
  check_rej_uniform(portable, active, tally, rng, tc);
}

}  // namespace firmware
