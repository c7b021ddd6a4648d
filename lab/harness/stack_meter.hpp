// Peak stack of an operation, measured: the operation runs on a thread whose
// stack was painted with a known pattern beforehand; afterwards the deepest
// byte that no longer holds the pattern marks the high-water mark. The same
// measurement of an empty function (thread start-up, the thread's control
// block and TLS at the top of the stack) is subtracted.
#pragma once
#include <cstddef>
#include <functional>
#include <span>

namespace pqlab::lab {

inline constexpr std::size_t kDefaultMeteredStackBytes = std::size_t{16} << 20;

// Bytes of stack `fn` used beyond what an empty function uses. Exceptions
// thrown by `fn` are rethrown on the calling thread.
std::size_t measure_peak_stack(const std::function<void()>& fn, std::size_t stack_bytes = kDefaultMeteredStackBytes);

// Runs `fn` on a thread whose stack was painted first, then hands that
// stack's bytes (lowest address first) to `inspect` before they are freed:
// what `fn` left behind, e.g. for a search for secrets it should have wiped.
void run_on_painted_stack(const std::function<void()>& fn,
                          const std::function<void(std::span<const unsigned char>)>& inspect,
                          std::size_t stack_bytes = kDefaultMeteredStackBytes);

}  // namespace pqlab::lab
