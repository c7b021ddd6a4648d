// Whether the fifth state of the avx2 backend's Keccak calls is free on the
// pinned core: its five-state call (four states in vector registers, the
// fifth in general-purpose ones) against its four-state call, timed on the
// calling thread's core. Where the integer units run the fifth state beside
// the vector round, the ratio is about 1.0. It is not free where the core's
// other hardware thread runs integer work (another guest's, which a load
// average cannot show: 1.4–1.8 on the bhyve development guest) or where the
// core cannot issue it beside the vector round (1.27 at every reading on
// the KVM development guest, whatever the cause); pqlab's avx2 ML-DSA rows,
// which use that state, then slow more than the peers'
// (docs/PERFORMANCE.md).
#pragma once
#include <optional>
#include <string>

namespace pqlab::lab {

// Above this ratio the fifth state is not free.
inline constexpr double kFiveStateContendedAbove = 1.2;

// Median ticks of the avx2 five-state call over the four-state one, sampled
// interleaved for about 20 ms; nullopt where this CPU has no avx2 backend
// or it does not use the five-state call. The active backend is restored.
std::optional<double> five_state_call_ratio();

// "1.00 (fifth state free)", "1.58 (fifth state not free)" or "not
// measured (no avx2 five-state call)".
std::string describe_five_state_ratio(const std::optional<double>& ratio);

}  // namespace pqlab::lab
