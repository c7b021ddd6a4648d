// <immintrin.h> for the AVX-512 kernels. GCC 12's AVX-512 header starts
// some intrinsics (rotates, shifts, inserts, multiplies) from
// _mm512_undefined_epi32(), which -Wuninitialized (at -O3) and
// -Wmaybe-uninitialized (at -O2, the sanitizer build) flag inside the
// header itself; the warnings are silenced for the header's lines only.
// Clang (the fuzzing and MSan builds) has no -Wmaybe-uninitialized.
#pragma once
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#pragma GCC diagnostic pop
