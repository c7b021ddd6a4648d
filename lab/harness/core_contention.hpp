// Whether the pinned core's other hardware thread was busy with integer
// work: the avx2 backend's five-state Keccak call (four states in vector
// registers, the fifth in general-purpose ones) against its four-state
// call, timed on the calling thread's core. With the other hardware thread
// idle the fifth state runs on integer units the vector round leaves free
// and the ratio is about 1.0; on the development guest, when the other
// thread ran another tenant's integer work, it was 1.5–1.7, and pqlab's
// avx2 ML-DSA rows slowed more than the peers' (docs/PERFORMANCE.md). A
// load average cannot show this: that work is outside the machine.
#pragma once
#include <optional>
#include <string>

namespace pqlab::lab {

// Above this ratio the core's other hardware thread was competing for the
// integer units.
inline constexpr double kFiveStateContendedAbove = 1.2;

// Median ticks of the avx2 five-state call over the four-state one, sampled
// interleaved for about 20 ms; nullopt where this CPU has no avx2 backend
// or it does not use the five-state call. The active backend is restored.
std::optional<double> five_state_call_ratio();

// "1.00 (idle)", "1.58 (busy with integer work)" or "not measured (no
// avx2 five-state call)".
std::string describe_five_state_ratio(const std::optional<double>& ratio);

}  // namespace pqlab::lab
