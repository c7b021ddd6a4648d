// Throughput on independent operations: `threads` threads, each pinned to
// its own core where there are enough, each running its own instance of the
// operation (own keys, own buffers) back to back for a fixed time.
#pragma once
#include <cstddef>
#include <functional>

namespace pqlab::lab {

// Makes one thread's operation; called once per thread, on that thread,
// before timing starts.
using OperationFactory = std::function<std::function<void()>()>;

// Operations per second summed over all threads, over `seconds` of wall time
// (each thread finishes the call it is in when time is up; the total counts
// completed calls over the actual elapsed time).
double measure_throughput(const OperationFactory& make_op, std::size_t threads, double seconds);

}  // namespace pqlab::lab
