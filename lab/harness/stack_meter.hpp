// Peak stack of an operation, measured: the operation runs on a thread whose
// stack was painted with a known pattern beforehand; afterwards the deepest
// byte that no longer holds the pattern marks the high-water mark. The same
// measurement of an empty function (thread start-up, the thread's control
// block and TLS at the top of the stack) is subtracted.
#pragma once
#include <cstddef>
#include <functional>

namespace pqlab::lab {

inline constexpr std::size_t kDefaultMeteredStackBytes = std::size_t{16} << 20;

// Bytes of stack `fn` used beyond what an empty function uses. Exceptions
// thrown by `fn` are rethrown on the calling thread.
std::size_t measure_peak_stack(const std::function<void()>& fn,
                               std::size_t stack_bytes = kDefaultMeteredStackBytes);

}  // namespace pqlab::lab
