// The kernel seam's contracts as code: for each entry of kernels/entries.inc
// a struct contracts::NAME whose pre() checks the entry's stated input
// bounds and whose post() checks its output bounds (post(result, args...)
// for an entry that returns a value). kernels::Entry calls them around
// every call through the table in Debug builds only (NDEBUG unset); a
// violation traps. Release builds never call them. Entries with nothing
// checkable (the hashes take any bits) use `unchecked`.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>

#include "kernels/mldsa_field.hpp"
#include "kernels/mlkem_field.hpp"

namespace pqlab::kernels::contracts {

// A broken contract is a bug in the caller or the backend: stop at once.
inline void expect(bool condition) {
  if (!condition) __builtin_trap();
}

// All 256 coefficients in [lo, hi] (64-bit comparisons, no overflow).
template <class T>
inline void expect_all_in(const T* a, std::int64_t lo, std::int64_t hi) {
  for (std::size_t i = 0; i < 256; ++i) expect(a[i] >= lo && a[i] <= hi);
}
template <class T>
inline void expect_abs_below(const T* a, std::int64_t bound) {
  expect_all_in(a, -bound + 1, bound - 1);
}
template <class T>
inline void expect_range(const T* a, std::size_t from, std::size_t to, std::int64_t lo, std::int64_t hi) {
  for (std::size_t i = from; i < to; ++i) expect(a[i] >= lo && a[i] <= hi);
}

struct unchecked {
  static void pre(const auto&...) {}
  static void post(const auto&...) {}
};

// ---- Keccak, SHA-2: any bits in, any bits out ----
using keccak_f1600_x1 = unchecked;
using keccak_f1600_x4 = unchecked;
using keccak_f1600_x8 = unchecked;
using keccak_f1600_x5 = unchecked;
struct keccak_f1600_sliced8 : unchecked {
  static void pre(const std::uint64_t*, std::size_t count, std::size_t words) {
    expect(count >= 1 && count <= 8);
    expect(words >= 1 && words <= 25);
  }
};
using sha256_compress = unchecked;
using sha512_compress = unchecked;
using sha256_compress_ways = unchecked;
using sha512_compress_ways = unchecked;

// ---- ML-KEM ----
inline constexpr std::int64_t kem_q = mlkem_field::q;
inline bool valid_compress_width(unsigned d) { return d == 1 || d == 4 || d == 5 || d == 10 || d == 11; }

struct mlkem_ntt {
  static void pre(const std::int16_t* a) { expect_abs_below(a, kem_q); }
  static void post(const std::int16_t* a) { expect_abs_below(a, kem_q); }
};
struct mlkem_invntt_tomont : unchecked {  // in: any int16
  static void post(const std::int16_t* a) { expect_abs_below(a, kem_q); }
};
struct mlkem_basemul_acc {
  static void pre(const std::int16_t*, const std::int16_t* a, const std::int16_t* b) {
    expect_abs_below(a, kem_q);
    expect_abs_below(b, kem_q);
  }
  // Up to four accumulated products from zero: below 8q.
  static void post(const std::int16_t* r, const std::int16_t*, const std::int16_t*) { expect_abs_below(r, 8 * kem_q); }
};
struct mlkem_rej_uniform_vartime {
  static void pre(const std::int16_t*, std::size_t filled, const std::uint8_t*, std::size_t len) {
    expect(filled <= 256 && len % 3 == 0);
  }
  static void post(std::size_t count, const std::int16_t* a, std::size_t filled, const std::uint8_t*, std::size_t) {
    expect(count >= filled && count <= 256);
    expect_range(a, filled, count, 0, kem_q - 1);
  }
};
struct mlkem_byte_decode12 : unchecked {
  static void post(std::uint32_t, const std::int16_t* a, const std::uint8_t*) { expect_all_in(a, 0, kem_q - 1); }
};
struct mlkem_byte_encode12 : unchecked {
  static void pre(const std::uint8_t*, const std::int16_t* a) { expect_abs_below(a, kem_q); }
};
struct mlkem_compress_encode : unchecked {
  static void pre(const std::uint8_t*, const std::int16_t* a, unsigned d) {
    expect(valid_compress_width(d));
    expect_abs_below(a, kem_q);
  }
};
struct mlkem_decode_decompress {
  static void pre(const std::int16_t*, const std::uint8_t*, unsigned d) { expect(valid_compress_width(d)); }
  static void post(const std::int16_t* a, const std::uint8_t*, unsigned) { expect_all_in(a, 0, kem_q - 1); }
};
struct mlkem_cbd {
  static void pre(const std::int16_t*, const std::uint8_t*, unsigned eta) { expect(eta == 2 || eta == 3); }
  static void post(const std::int16_t* a, const std::uint8_t*, unsigned eta) {
    expect_abs_below(a, static_cast<std::int64_t>(eta) + 1);
  }
};

// ---- ML-DSA ----
inline constexpr std::int64_t dsa_q = mldsa_field::q;
inline constexpr std::int64_t reduce32_input = (std::int64_t{1} << 31) - (std::int64_t{1} << 22);
inline bool valid_gamma2(std::int32_t g) { return g == (mldsa_field::q - 1) / 88 || g == (mldsa_field::q - 1) / 32; }
inline bool valid_gamma1(std::int32_t g) { return g == (1 << 17) || g == (1 << 19); }

inline void expect_products_below(const std::int32_t* a, const std::int32_t* b) {
  for (std::size_t i = 0; i < 256; ++i) {
    const std::int64_t p = std::int64_t{a[i]} * b[i];
    expect(p < dsa_q * (std::int64_t{1} << 31) && -p < dsa_q * (std::int64_t{1} << 31));
  }
}

struct mldsa_ntt {
  static void pre(const std::int32_t*, const std::int32_t* in) { expect_abs_below(in, 8 * dsa_q); }
  static void post(const std::int32_t* out, const std::int32_t*) { expect_abs_below(out, 16 * dsa_q); }
};
struct mldsa_invntt_tomont {
  static void pre(const std::int32_t* a) { expect_abs_below(a, dsa_q); }
  static void post(const std::int32_t* a) { expect_abs_below(a, dsa_q); }
};
struct mldsa_pointwise_montgomery {
  static void pre(const std::int32_t*, const std::int32_t* a, const std::int32_t* b) { expect_products_below(a, b); }
  static void post(const std::int32_t* r, const std::int32_t*, const std::int32_t*) { expect_abs_below(r, dsa_q); }
};
struct mldsa_pointwise_acc_montgomery : unchecked {  // out: |r_i| grows by less than q (not rechecked)
  static void pre(const std::int32_t* r, const std::int32_t* a, const std::int32_t* b) {
    expect_products_below(a, b);
    expect_abs_below(r, (std::int64_t{1} << 31) - dsa_q);
  }
};
inline constexpr std::int64_t wide_sum_bound = dsa_q * (std::int64_t{1} << 31);
// Every partial sum of acc (if given) and the terms, in acc's layout.
inline void expect_wide_partial_sums_below(const std::int64_t* acc, const std::int32_t* const* a,
                                           const std::int32_t* const* b, std::size_t terms) {
  for (std::size_t i = 0; i < 256; ++i) {
    std::int64_t sum = acc != nullptr ? acc[mldsa_field::wide_slot(i)] : 0;
    expect(sum < wide_sum_bound && -sum < wide_sum_bound);
    for (std::size_t j = 0; j < terms; ++j) {
      sum += std::int64_t{a[j][i]} * b[j][i];
      expect(sum < wide_sum_bound && -sum < wide_sum_bound);
    }
  }
}
struct mldsa_row_wide_sum : unchecked {  // out: the sums checked by pre
  static void pre(const std::int64_t* acc, const std::int32_t* const* a, const std::int32_t* const* b,
                  std::size_t terms, bool start) {
    expect(terms >= 1 && terms <= mldsa_field::wide_row_max_terms);
    expect_wide_partial_sums_below(start ? nullptr : acc, a, b, terms);
  }
};
struct mldsa_row_wide_reduce {
  static void pre(const std::int32_t*, const std::int64_t* acc, const std::int32_t* const* a,
                  const std::int32_t* const* b, std::size_t terms) {
    expect(terms <= mldsa_field::wide_row_max_terms && (acc != nullptr || terms >= 1));
    expect_wide_partial_sums_below(acc, a, b, terms);
  }
  static void post(const std::int32_t* r, const std::int64_t*, const std::int32_t* const*, const std::int32_t* const*,
                   std::size_t) {
    expect_abs_below(r, dsa_q);
  }
};
struct mldsa_rej_uniform_vartime {
  static void pre(const std::int32_t*, std::size_t filled, const std::uint8_t*, std::size_t len) {
    expect(filled <= 256 && len % 3 == 0);
  }
  static void post(std::size_t count, const std::int32_t* a, std::size_t filled, const std::uint8_t*, std::size_t) {
    expect(count >= filled && count <= 256);
    expect_range(a, filled, count, 0, dsa_q - 1);
  }
};
struct mldsa_rej_eta {
  static void pre(const std::int32_t*, std::size_t filled, const std::uint8_t*, std::size_t, unsigned eta) {
    expect(filled <= 256 && (eta == 2 || eta == 4));
  }
  static void post(std::size_t count, const std::int32_t* a, std::size_t filled, const std::uint8_t*, std::size_t,
                   unsigned eta) {
    expect(count >= filled && count <= 256);
    expect_range(a, filled, count, -static_cast<std::int64_t>(eta), eta);
  }
};
struct mldsa_decompose {
  static void pre(const std::int32_t*, const std::int32_t*, const std::int32_t* a, std::int32_t gamma2) {
    expect(valid_gamma2(gamma2));
    expect_all_in(a, 0, dsa_q - 1);
  }
  static void post(const std::int32_t* w1, const std::int32_t* w0, const std::int32_t*, std::int32_t gamma2) {
    expect_all_in(w1, 0, (dsa_q - 1) / (2 * gamma2) - 1);
    expect_all_in(w0, -gamma2, gamma2);
  }
};
struct mldsa_use_hint_pack : unchecked {
  static void pre(const std::uint8_t*, const std::int32_t* r, const std::uint8_t*, std::int32_t gamma2) {
    expect(valid_gamma2(gamma2));
    expect_abs_below(r, dsa_q);
  }
};
struct mldsa_norm_at_least {
  static void pre(const std::int32_t* a, std::int32_t bound) {
    expect(bound >= 0);
    expect_abs_below(a, std::int64_t{1} << 31);
  }
  static void post(std::uint32_t result, const std::int32_t*, std::int32_t) {
    expect(result == 0 || result == 0xffffffffu);
  }
};
struct mldsa_make_hint {
  static void pre(const std::uint8_t*, const std::int32_t* r, const std::int32_t* z, std::int32_t gamma2) {
    expect(valid_gamma2(gamma2));
    expect_all_in(r, 0, dsa_q - 1);
    expect_abs_below(z, std::int64_t{gamma2} + 1);
  }
  static void post(std::uint32_t count, const std::uint8_t* hints, const std::int32_t*, const std::int32_t*,
                   std::int32_t) {
    std::uint32_t set = 0;
    for (std::size_t i = 0; i < 32; ++i) set += static_cast<std::uint32_t>(std::popcount(hints[i]));
    expect(count == set);
  }
};
struct mldsa_pack_z : unchecked {
  static void pre(const std::uint8_t*, const std::int32_t* z, std::int32_t gamma1) {
    expect(valid_gamma1(gamma1));
    expect_abs_below(z, (std::int64_t{1} << 31) - (std::int64_t{1} << 19));
  }
};
struct mldsa_unpack_z {
  static void pre(const std::int32_t*, const std::uint8_t*, std::int32_t gamma1) { expect(valid_gamma1(gamma1)); }
  static void post(const std::int32_t* z, const std::uint8_t*, std::int32_t gamma1) {
    const std::int64_t span = std::int64_t{1} << (gamma1 == (1 << 17) ? 18 : 20);
    expect_all_in(z, gamma1 - span + 1, gamma1);
  }
};
struct mldsa_pack_eta : unchecked {
  static void pre(const std::uint8_t*, const std::int32_t* s, unsigned eta) {
    expect(eta == 2 || eta == 4);
    expect_all_in(s, -static_cast<std::int64_t>(eta), eta);
  }
};
struct mldsa_unpack_eta {
  static void pre(const std::int32_t*, const std::uint8_t*, unsigned eta) { expect(eta == 2 || eta == 4); }
  static void post(std::uint32_t bad, const std::int32_t* s, const std::uint8_t*, unsigned eta) {
    expect(bad == 0 || bad == 0xffffffffu);
    expect_all_in(s, static_cast<std::int64_t>(eta) - (eta == 2 ? 7 : 15), eta);
  }
};
struct mldsa_power2round_pack : unchecked {
  static void pre(const std::uint8_t*, const std::uint8_t*, const std::int32_t* t) {
    expect_all_in(t, -(dsa_q - 1), dsa_q - 1);
  }
};
struct mldsa_unpack_t1 {
  static void pre(const std::int32_t*, const std::uint8_t*) {}
  static void post(const std::int32_t* t1, const std::uint8_t*) { expect_all_in(t1, 0, 1023); }
};
struct mldsa_unpack_t0 {
  static void pre(const std::int32_t*, const std::uint8_t*) {}
  static void post(const std::int32_t* t0, const std::uint8_t*) { expect_all_in(t0, -4095, 4096); }
};
struct mldsa_reduce32 {
  static void pre(const std::int32_t* a) { expect_abs_below(a, reduce32_input); }
  static void post(const std::int32_t* a) { expect_all_in(a, -6283008, 6283008); }
};
struct mldsa_add_reduce32 : unchecked {
  static void pre(const std::int32_t*, const std::int32_t* y, const std::int32_t* t) {
    expect_abs_below(y, std::int64_t{1} << 30);
    expect_abs_below(t, reduce32_input);
  }
};
struct mldsa_sub_reduce32_freeze {
  static void pre(const std::int32_t*, const std::int32_t* w, const std::int32_t* t) {
    expect_abs_below(w, std::int64_t{1} << 30);
    expect_abs_below(t, reduce32_input);
  }
  static void post(const std::int32_t* r, const std::int32_t*, const std::int32_t*) { expect_all_in(r, 0, dsa_q - 1); }
};

struct mldsa_high_bits_pack : unchecked {
  static void pre(const std::uint8_t*, const std::int32_t* a, std::int32_t gamma2) {
    expect(valid_gamma2(gamma2));
    expect_abs_below(a, dsa_q);
  }
};
struct mldsa_small_reduce {
  static void pre(const std::int16_t*) {}
  static void post(const std::int16_t* a) { expect_all_in(a, -1664, 1664); }
};
struct mldsa_small_widen {
  static void pre(const std::int32_t*, const std::int16_t*) {}
  static void post(const std::int32_t* out, const std::int16_t*) { expect_all_in(out, -1664, 1664); }
};

}  // namespace pqlab::kernels::contracts
