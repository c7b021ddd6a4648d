// SHA-256 compression with the x86 SHA extensions (compiled with -msha
// -msse4.1). Only call it when x86::detect_cpu_features() reports sha_ni.
#pragma once
#include "kernels/kernels.hpp"

namespace pqlab::kernels::sha_ni {

sig::sha256_compress sha256_compress;
// The seam's multi-way entry: SHA-NI runs one stream at a time, so the
// lanes go one after another (the multi-buffer forms are in x86_avx2/ and
// x86_avx512/).
sig::sha256_compress_ways sha256_compress_ways;

}  // namespace pqlab::kernels::sha_ni
