// Constant-time vocabulary. Masks are all-ones or all-zero words; the value
// barrier hides a value from the optimiser so that it cannot prove a mask is
// 0/1-valued and turn a select back into a branch.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define PQLAB_VALUE_BARRIER_IN_MEMORY 1  // see value_barrier
#endif
#endif

namespace pqlab::ct {

// An empty asm with the value as an in/out register operand: the compiler
// must assume the asm may change it. Costs nothing at run time.
//
// Under MemorySanitizer (the ct-msan test, tests/ct/) the operand is in
// memory instead: MSan checks an asm's register inputs strictly (a secret
// there is reported as if branched on) and returns its register outputs as
// initialised (the secret would be silently declassified). Through memory
// the value keeps its shadow; the optimiser is stopped all the same.
//
// A compiler without GNU inline asm stops the build (as secure_wipe does):
// without the barrier every mask below could silently become a branch.
#if !defined(__GNUC__) && !defined(__clang__)
#error "ct::value_barrier needs GNU inline asm (an optimisation barrier) for this compiler"
#endif
template <class T>
inline T value_barrier(T x) {
#if defined(PQLAB_VALUE_BARRIER_IN_MEMORY)
  __asm__("" : "+m"(x) : :);
#else
  __asm__("" : "+r"(x) : :);
#endif
  return x;
}

// 0xff..ff if x != 0, else 0.
inline std::uint32_t mask_nonzero(std::uint32_t x) {
  x = value_barrier(x);
  return static_cast<std::uint32_t>(-static_cast<std::int32_t>((x | (0u - x)) >> 31));
}
inline std::uint8_t mask_nonzero_u8(std::uint32_t x) { return static_cast<std::uint8_t>(mask_nonzero(x)); }

// 0xff..ff if a < b (unsigned, both < 2^31), else 0.
inline std::uint32_t mask_lt(std::uint32_t a, std::uint32_t b) {
  return static_cast<std::uint32_t>(-static_cast<std::int32_t>(value_barrier(a - b) >> 31));
}

// 0xff..ff if x < 0, else 0. For checks that OR-accumulate a signed
// difference over a whole polynomial and test the sign once after the
// loop: the loop body then carries no barrier and vectorises.
inline std::uint32_t mask_negative(std::int32_t x) {
  return static_cast<std::uint32_t>(-static_cast<std::int32_t>(static_cast<std::uint32_t>(value_barrier(x)) >> 31));
}

namespace detail {
// The compile-time length of a byte container (std::span, std::array or a
// C array), or std::dynamic_extent where it is known only at run time.
template <class T>
struct fixed_extent {
  static constexpr std::size_t value = std::dynamic_extent;
};
template <class T, std::size_t N>
struct fixed_extent<std::span<T, N>> {
  static constexpr std::size_t value = N;
};
template <class T, std::size_t N>
struct fixed_extent<std::array<T, N>> {
  static constexpr std::size_t value = N;
};
template <class T, std::size_t N>
struct fixed_extent<T[N]> {
  static constexpr std::size_t value = N;
};
template <class T>
inline constexpr std::size_t fixed_extent_v = fixed_extent<std::remove_cvref_t<T>>::value;

// OR of a[i] ^ b[i]; nonzero (0xff) whatever the bytes if the lengths
// differ, so a caller's length mistake reads as "different", never as
// "equal". Lengths are public: the one branch on them leaks nothing.
inline std::uint8_t diff_bytes(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  if (a.size() != b.size()) return 0xff;
  std::uint8_t acc = 0;
  for (std::size_t i = 0; i < a.size(); ++i) acc |= static_cast<std::uint8_t>(a[i] ^ b[i]);
  return value_barrier(acc);
}
}  // namespace detail

// OR of a[i] ^ b[i] over two byte strings of one length: zero iff they are
// equal. Reads every byte; never exits early. Where both lengths are fixed
// at compile time (std::span<.., N>, std::array, C arrays) a mismatch does
// not compile; otherwise spans of different lengths compare as different.
template <class A, class B>
inline std::uint8_t diff(const A& a, const B& b) {
  constexpr std::size_t na = detail::fixed_extent_v<A>, nb = detail::fixed_extent_v<B>;
  static_assert(na == std::dynamic_extent || nb == std::dynamic_extent || na == nb,
                "ct::diff: the two byte strings have different fixed lengths");
  return detail::diff_bytes(std::span<const std::uint8_t>(a), std::span<const std::uint8_t>(b));
}

// dst = mask ? src : dst, byte-wise, for mask 0x00 or 0xff.
inline void select_bytes(std::span<std::uint8_t> dst, std::span<const std::uint8_t> src, std::uint8_t mask) {
  mask = value_barrier(mask);
  for (std::size_t i = 0; i < dst.size(); ++i) dst[i] = static_cast<std::uint8_t>(dst[i] ^ (mask & (dst[i] ^ src[i])));
}

}  // namespace pqlab::ct
