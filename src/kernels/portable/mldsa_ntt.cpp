// Placeholder until the ML-DSA arithmetic lands (issue 3).
#include "kernels/portable/portable.hpp"
namespace pqlab::kernels::portable {
void mldsa_ntt(std::int32_t*) {}
void mldsa_invntt_tomont(std::int32_t*) {}
void mldsa_pointwise_montgomery(std::int32_t*, const std::int32_t*, const std::int32_t*) {}
}  // namespace pqlab::kernels::portable
