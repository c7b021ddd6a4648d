// The portable backend: plain C++20, runs on any target (hosted or bare
// metal). It implements every entry of the seam (kernels/entries.inc), and
// its table is the one every other backend starts from.
#pragma once
#include "kernels/kernels.hpp"

namespace pqlab::kernels::portable {

// Every entry, as kernels::sig::NAME declares it.
#define PQLAB_SEAM_DECLARE(ret, name, params) sig::name name;
#define PQLAB_KECCAK_ENTRY PQLAB_SEAM_DECLARE
#define PQLAB_SHA2_ENTRY PQLAB_SEAM_DECLARE
#define PQLAB_MLKEM_ENTRY PQLAB_SEAM_DECLARE
#define PQLAB_MLDSA_ENTRY PQLAB_SEAM_DECLARE
#include "kernels/entries.inc"
#undef PQLAB_SEAM_DECLARE

// Fills every entry of t with this backend's kernels and t.tuning with the
// values of multi-state calls that are loops over the one-state ones
// (Tuning's defaults: x4 pays from 4 ways, x8 from 8, the others from 1).
constexpr void fill(Table& t) {
  t.name = "portable";
#define PQLAB_KECCAK_ENTRY(ret, name, params) t.keccak.name = name;
#define PQLAB_SHA2_ENTRY(ret, name, params) t.sha2.name = name;
#define PQLAB_MLKEM_ENTRY(ret, name, params) t.mlkem.name = name;
#define PQLAB_MLDSA_ENTRY(ret, name, params) t.mldsa.name = name;
#include "kernels/entries.inc"
  t.tuning = Tuning{};
}

}  // namespace pqlab::kernels::portable
