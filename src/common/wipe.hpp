// Secure erasure of secrets: a store the compiler may not remove.
#pragma once
#include <cstddef>
#include <span>

namespace pqlab {

void secure_wipe(void* p, std::size_t n);

// Overwrites wipe_stack_bytes of the stack just below the caller's frame:
// the frames of functions the caller called and that have returned. That
// reaches copies no named object holds, e.g. a Keccak permutation's local
// copy of the state (its output) or its spilled registers.
inline constexpr std::size_t wipe_stack_bytes = 2048;
void secure_wipe_stack();

template <class T, std::size_t N>
void secure_wipe(std::span<T, N> s) {
  secure_wipe(s.data(), s.size_bytes());
}

// Wipes an object (an array, a struct of polynomials) when leaving scope.
template <class T>
class WipeOnExit {
 public:
  explicit WipeOnExit(T& obj) : obj_(obj) {}
  ~WipeOnExit() { secure_wipe(&obj_, sizeof(T)); }
  WipeOnExit(const WipeOnExit&) = delete;
  WipeOnExit& operator=(const WipeOnExit&) = delete;

 private:
  T& obj_;
};

}  // namespace pqlab
