// SHA-256 compression with the x86 SHA extensions (compiled with -msha
// -msse4.1). Only call it when x86::detect_cpu_features() reports sha_ni.
#pragma once
#include "kernels/kernels.hpp"

namespace pqlab::kernels::sha_ni {

void sha256_compress(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks);

}  // namespace pqlab::kernels::sha_ni
