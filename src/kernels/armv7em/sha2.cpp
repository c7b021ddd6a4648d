// The seam's multi-way SHA-2 entries for the Cortex-M4 (FIPS 180-4 §6.2.2,
// §6.4.2): one call of the Thumb-2 compression (sha256_compress.S,
// sha512_compress.S) per way, since the core has no vector unit to run
// ways side by side. Only where that assembly is assembled
// (PQLAB_ARMV7EM_ASM); the host build compiles this file empty.
#include "kernels/armv7em/armv7em.hpp"

#if PQLAB_ARMV7EM_ASM
namespace pqlab::kernels::armv7em {

void sha256_compress_ways(std::uint32_t (*states)[8], const std::uint8_t* const* blocks, std::size_t ways) {
  for (std::size_t i = 0; i < ways; ++i) pqlab_armv7em_sha256_compress(states[i], blocks[i], 1);
}

void sha512_compress_ways(std::uint64_t (*states)[8], const std::uint8_t* const* blocks, std::size_t ways) {
  for (std::size_t i = 0; i < ways; ++i) pqlab_armv7em_sha512_compress(states[i], blocks[i], 1);
}

}  // namespace pqlab::kernels::armv7em
#endif
