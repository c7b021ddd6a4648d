/* pqlab: the symbol-export macro of the public API.
 *
 * libpqlab.so is built with hidden visibility: only declarations marked
 * PQLAB_API are exported, so backend kernels and `detail` helpers stay
 * private to the library. The header is C-compatible so that the C API
 * (pqlab.h) and the C++ headers share it. Static builds and the core built
 * for bare metal need no marking; there PQLAB_API expands to nothing. */
#ifndef PQLAB_EXPORT_H
#define PQLAB_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define PQLAB_API __attribute__((visibility("default")))
#else
#define PQLAB_API
#endif

#endif /* PQLAB_EXPORT_H */
