// The alignment of the buffers that the vector kernels read and write a
// whole register at a time: polynomials and multi-way Keccak states.
//
// On x86-64 a cache line. A 32- or 64-byte access that straddles two lines
// costs more than one within a line, and a buffer's offset within its line
// otherwise follows from the caller's stack: moving the whole stack of an
// ML-DSA signature by 16 bytes changed its time by 1.3–2.2% (ML-DSA-44,
// -65 and -87 with the avx2 kernels on AMD Zen 4, not all fastest at the
// same offset), so a benchmark measured whichever layout its caller's
// frames happened to give; aligned, each runs at its fastest offset's time.
// Elsewhere (the Cortex-M4 firmware, whose RAM is small) the type's
// natural alignment: no padding is added.
#pragma once
#include <cstddef>

namespace pqlab {

#if defined(__x86_64__)
inline constexpr std::size_t vector_line_bytes = 64;
#else
inline constexpr std::size_t vector_line_bytes = 1;
#endif

// alignas(vector_buffer_align<T>) on an array of T: a whole line where
// vectors read it, never less than T's own alignment.
template <class T>
inline constexpr std::size_t vector_buffer_align = alignof(T) > vector_line_bytes ? alignof(T) : vector_line_bytes;

}  // namespace pqlab
