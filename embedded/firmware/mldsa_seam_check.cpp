// The kernel seam's ML-DSA arithmetic entries checked on the target: the
// active backend (the Cortex-M4 one, src/kernels/armv7em/, where the build
// registers it) against the portable one, on pseudo-random polynomials and
// on polynomials at the bounds of each entry's contract
// (src/kernels/entries.inc), which the known-answer runs do not reach:
// mldsa_ntt (FIPS 204 Alg. 41), mldsa_invntt_tomont (Alg. 42) and the
// pointwise products (Alg. 45, Montgomery form). Reported as the known-answer
// set "ML-DSA-kernels", one line per entry and input. With bench, each entry
// is also measured once per backend (ops "<entry>-portable" and
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

// One measured call of each entry with each backend, on in-contract
// pseudo-random inputs.
void measure_entries(const kernels::Table& portable, const kernels::Table& active) {
  Poly a, b, r;  // on the stack: static RAM is every image's budget; kat and bench runs have room
  Xorshift rng{0x2545f491u};
  const std::array<const kernels::Table*, 2> tables = {&portable, &active};
  for (const kernels::Table* t : tables) {
    const bool is_portable = t == &portable;
    fill_poly(a, rng, 0, 8 * kQ - 1);
    auto ntt = [&] { t->mldsa.mldsa_ntt.fn(a.data()); };
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
      got = a;
      portable.mldsa.mldsa_ntt.fn(want.data());
      active.mldsa.mldsa_ntt.fn(got.data());
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
    t->mldsa.mldsa_ntt.fn(x.data());
    t->mldsa.mldsa_ntt.fn(y.data());
    t->mldsa.mldsa_freeze.fn(x.data());
    t->mldsa.mldsa_freeze.fn(y.data());
    Poly& out = t == &portable ? want : got;
    t->mldsa.mldsa_pointwise_montgomery.fn(out.data(), x.data(), y.data());
    t->mldsa.mldsa_invntt_tomont.fn(out.data());
  }
  record(tally, "ntt-product-invntt", ++tc, want, got);
}

}  // namespace firmware
