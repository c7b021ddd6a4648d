// SHA-256 compression with the x86 SHA extensions (compiled with -msha
// -msse4.1). Only call it when x86::detect_cpu_features() reports sha_ni.
#pragma once
#include "kernels/kernels.hpp"

namespace pqlab::kernels::sha_ni {

void sha256_compress(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks);
// The seam's multi-lane entry: SHA-NI runs one stream at a time, so the
// lanes go one after another (the multi-buffer forms are in x86_avx2/ and
// x86_avx512/).
void sha256_compress_lanes(std::uint32_t (*states)[8], const std::uint8_t* const* blocks, std::size_t lanes);

}  // namespace pqlab::kernels::sha_ni
