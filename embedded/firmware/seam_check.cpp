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

constexpr unsigned kCases = 10;

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
    kernels::portable::keccak_f1600_sliced8(x.data(), count);
    active.keccak.keccak_f1600_sliced8(y.data(), count);
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
  Line().text("seam").field("backend", active.name).end();
}

}  // namespace firmware
