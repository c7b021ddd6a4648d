// The kernel seam: the only interface between the FIPS algorithms above and
// the arithmetic/hash backends below. The entries (signature and contract
// of each) are listed once, in kernels/entries.inc; this header makes from
// them the signature types kernels::sig::NAME and one table per family
// (Keccak, SHA-2, ML-KEM, ML-DSA). A backend declares the entries it
// implements in its header (`sig::NAME NAME;`) and fills its part of the
// table in its own table.cpp (portable/, x86_avx2/, x86_avx512/);
// dispatch.cpp only asks the CPU which backends may run.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "kernels/contracts.hpp"

namespace pqlab::kernels {

inline constexpr std::size_t keccak_lanes = 25;

// kernels::sig::NAME: the function type of entry NAME.
namespace sig {
#define PQLAB_SEAM_SIGNATURE(ret, name, params) using name = ret params;
#define PQLAB_KECCAK_ENTRY PQLAB_SEAM_SIGNATURE
#define PQLAB_SHA2_ENTRY PQLAB_SEAM_SIGNATURE
#define PQLAB_MLKEM_ENTRY PQLAB_SEAM_SIGNATURE
#define PQLAB_MLDSA_ENTRY PQLAB_SEAM_SIGNATURE
#include "kernels/entries.inc"
#undef PQLAB_SEAM_SIGNATURE
}  // namespace sig

// One slot of a table: the backend's function, called as a function. In
// Release builds (NDEBUG) the call is the plain indirect call; in Debug
// builds Contract (kernels/contracts.hpp) checks the entry's stated input
// bounds before the call and its output bounds after it, and traps on a
// violation. Only the scheme code (which is compiled for the baseline ISA)
// calls through the table, never a backend's own files, so no copy of
// this template is compiled with a backend's target flags.
template <class Signature, class Contract>
struct Entry;

template <class R, class... Args, class Contract>
struct Entry<R(Args...), Contract> {
  using Function = R(Args...);
  Function* fn = nullptr;

  constexpr Entry() = default;
  constexpr Entry(Function* f) : fn(f) {}  // NOLINT(google-explicit-constructor): tables are filled by assignment

  R operator()(Args... args) const {
#ifdef NDEBUG
    return fn(args...);
#else
    Contract::pre(args...);
    if constexpr (std::is_void_v<R>) {
      fn(args...);
      Contract::post(args...);
    } else {
      const R result = fn(args...);
      Contract::post(result, args...);
      return result;
    }
#endif
  }
};

#define PQLAB_SEAM_FIELD(ret, name, params) Entry<sig::name, contracts::name> name;

// Keccak-f[1600] (FIPS 202).
struct KeccakKernels {
#define PQLAB_KECCAK_ENTRY PQLAB_SEAM_FIELD
#include "kernels/entries.inc"
};

// SHA-256 / SHA-512 compression (FIPS 180-4).
struct Sha2Kernels {
#define PQLAB_SHA2_ENTRY PQLAB_SEAM_FIELD
#include "kernels/entries.inc"
};

// ML-KEM's polynomial arithmetic, sampling filters and codecs (FIPS 203).
struct MlkemKernels {
#define PQLAB_MLKEM_ENTRY PQLAB_SEAM_FIELD
#include "kernels/entries.inc"
};

// ML-DSA's polynomial arithmetic, sampling filters, rounding and packing
// (FIPS 204).
struct MldsaKernels {
#define PQLAB_MLDSA_ENTRY PQLAB_SEAM_FIELD
#include "kernels/entries.inc"
};

#undef PQLAB_SEAM_FIELD

// "Lane" is FIPS 202's 64-bit word of a Keccak state; "way" is one of
// several independent instances of a hash run side by side. (The x86 NTT
// and codec kernels also say "lane" in the instruction set manuals' sense,
// an element or 128-bit half of a vector register; no Keccak state is in
// those files.)
// Where a backend's multi-way call starts to pay off over the one-state
// calls it replaces. Each backend sets the values it measured, beside the
// measurement, in its table.cpp; the portable values are those of a
// multi-state call that is a loop over the one-state one.
struct Tuning {
  // Fewest live ways (states) for which one keccak_f1600_x4 call beats that many
  // x1 calls (4 where x4 is a loop over x1; less for a vector backend).
  std::size_t keccak_x4_min_ways = 4;
  // Fewest live ways for which one keccak_f1600_x8 call beats the x4/x1
  // calls for them (8 where x8 is a loop; less where the backend has
  // 8-way vectors).
  std::size_t keccak_x8_min_ways = 8;
  // Whether one keccak_f1600_x5 call costs about as much as one x4 call (a
  // backend that runs the fifth state on other execution units than the
  // first four): then permute_ways (hash/keccak_ways.hpp) takes five states
  // per call where it would take four, and riders get those fifth ways.
  bool keccak_x5_near_x4 = false;
  // Fewest live states for which one keccak_f1600_sliced8 call beats an x1
  // call per state (the callers' choice: hash/keccak_ways.hpp).
  std::size_t keccak_sliced_min_states = 1;
  // Fewest ways for which one sha256_compress_ways call beats a
  // sha256_compress call per way (1 where the former is a loop over the
  // latter); below it, callers compress the ways one at a time.
  std::size_t sha256_ways_min = 1;
  // The same for sha512_compress_ways.
  std::size_t sha512_ways_min = 1;
  // Whether ML-DSA's matrix-vector products sum each row exactly in 64 bits
  // and reduce it once (mldsa_row_wide_sum, mldsa_row_wide_reduce) rather
  // than reducing every product (mldsa_pointwise_acc_montgomery). Both give
  // a representative of each coefficient below q; the callers' results are
  // the same.
  bool mldsa_wide_row_sums = false;
};

struct Table {
  const char* name;
  KeccakKernels keccak;
  Sha2Kernels sha2;
  MlkemKernels mlkem;
  MldsaKernels mldsa;
  Tuning tuning;
};

namespace detail {
// The selected table, null until the first use or kernels::select()
// (dispatch.cpp); read inline, so that a seam call costs no call of its
// own to find its table.
extern std::atomic<const Table*> active_table;
// Selects the best backend this CPU runs and returns its table.
const Table& select_best();
}  // namespace detail

// The selected backend's table (the best one this CPU runs unless
// kernels::select() chose another).
inline const Table& active() {
  const Table* t = detail::active_table.load(std::memory_order_relaxed);
  return t != nullptr ? *t : detail::select_best();
}

}  // namespace pqlab::kernels
