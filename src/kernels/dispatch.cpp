// Backend selection for the kernel seam. The portable backend exists on
// every target; on x86-64 the AVX2 and AVX-512 backends are added when
// CPUID and XGETBV say the CPU and OS support them. The best one is chosen
// on first use; select() may force another.
#include <array>
#include <atomic>
#include <cstddef>

#include "kernels/kernels.hpp"
#include "kernels/portable/portable.hpp"
#include "pqlab/kernels.hpp"

#if PQLAB_KERNELS_X86
#include "kernels/x86/cpu_features.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx512/avx512.hpp"
#include "kernels/x86_bmi2/bmi2.hpp"
#include "kernels/x86_sha/sha_ni.hpp"
#endif

namespace pqlab::kernels {
namespace {

constexpr Table kPortable = {
    .name = "portable",
    .keccak_f1600_x1 = portable::keccak_f1600_x1,
    .keccak_f1600_x4 = portable::keccak_f1600_x4,
    .keccak_x4_min_lanes = 4,
    .keccak_f1600_x8 = portable::keccak_f1600_x8,
    .keccak_x8_min_lanes = 8,
    .keccak_f1600_sliced8 = portable::keccak_f1600_sliced8,
    .keccak_sliced_min_states = 1,  // the portable call is a loop over x1
    .mlkem_ntt = portable::mlkem_ntt,
    .mlkem_invntt_tomont = portable::mlkem_invntt_tomont,
    .mlkem_basemul_acc = portable::mlkem_basemul_acc,
    .mlkem_rej_uniform_vartime = portable::mlkem_rej_uniform_vartime,
    .mlkem_byte_decode12 = portable::mlkem_byte_decode12,
    .mlkem_byte_encode12 = portable::mlkem_byte_encode12,
    .mlkem_compress_encode = portable::mlkem_compress_encode,
    .mlkem_decode_decompress = portable::mlkem_decode_decompress,
    .mlkem_cbd = portable::mlkem_cbd,
    .mldsa_ntt = portable::mldsa_ntt,
    .mldsa_invntt_tomont = portable::mldsa_invntt_tomont,
    .mldsa_pointwise_montgomery = portable::mldsa_pointwise_montgomery,
    .mldsa_rej_uniform_vartime = portable::mldsa_rej_uniform_vartime,
    .mldsa_rej_eta = portable::mldsa_rej_eta,
    .mldsa_pointwise_acc_montgomery = portable::mldsa_pointwise_acc_montgomery,
    .mldsa_decompose = portable::mldsa_decompose,
    .mldsa_use_hint = portable::mldsa_use_hint,
    .mldsa_norm_at_least = portable::mldsa_norm_at_least,
    .mldsa_make_hint = portable::mldsa_make_hint,
    .mldsa_pack_z = portable::mldsa_pack_z,
    .mldsa_unpack_z = portable::mldsa_unpack_z,
    .mldsa_reduce32 = portable::mldsa_reduce32,
    .mldsa_freeze = portable::mldsa_freeze,
    .mldsa_add_reduce32 = portable::mldsa_add_reduce32,
    .mldsa_sub_reduce32_freeze = portable::mldsa_sub_reduce32_freeze,
    .sha256_compress = portable::sha256_compress,
    .sha512_compress = portable::sha512_compress,
    .sha256_compress_lanes = portable::sha256_compress_lanes,
    .sha256_lanes_min = 1,
    .sha512_compress_lanes = portable::sha512_compress_lanes,
    .sha512_lanes_min = 1,
};

constexpr std::size_t kMaxBackends = 3;

// The backends usable here, best last.
struct Registry {
  std::array<Table, kMaxBackends> tables{};
  std::array<std::string_view, kMaxBackends> names{};
  std::size_t count = 0;

  constexpr void add(const Table& t) {
    tables[count] = t;
    names[count] = t.name;
    ++count;
  }
};

#if PQLAB_KERNELS_X86
Registry detect() {
  Registry r;
  r.add(kPortable);
  const x86::CpuFeatures cpu = x86::detect_cpu_features();
  // SHA-NI is its own CPUID bit (AVX2 CPUs without it exist), so each
  // vector backend takes it where present.
  const auto sha256 = cpu.sha_ni ? sha_ni::sha256_compress : portable::sha256_compress;
  if (cpu.avx2) {
    Table t = kPortable;
    t.name = "avx2";
    // One state: the portable code with ANDN/RORX. Median TSC ticks per
    // permutation on the development machine: 692, against 782 for the
    // portable build and 756 for a one-state AVX-512 version (five planes in
    // 512-bit registers, ternary-logic θ/χ, native rotates), which is bound
    // by its 26 cross-lane permutes per round there and was therefore
    // dropped; so the avx512 backend keeps this one too.
    if (cpu.bmi) t.keccak_f1600_x1 = bmi2::keccak_f1600_x1;
    t.keccak_f1600_x4 = avx2::keccak_f1600_x4;
    t.keccak_x4_min_lanes = 2;
    t.keccak_f1600_x8 = avx2::keccak_f1600_x8;
    t.keccak_f1600_sliced8 = avx2::keccak_f1600_sliced8;
    t.keccak_sliced_min_states = 2;  // four states cost about two x1 calls here
    t.keccak_x8_min_lanes = 6;  // two x4 calls: as cheap as x4 + x4 from 6 lanes on
    t.mlkem_ntt = avx2::mlkem_ntt;
    t.mlkem_invntt_tomont = avx2::mlkem_invntt_tomont;
    t.mlkem_basemul_acc = avx2::mlkem_basemul_acc;
    t.mlkem_rej_uniform_vartime = avx2::mlkem_rej_uniform_vartime;
    t.mlkem_byte_decode12 = avx2::mlkem_byte_decode12;
    t.mlkem_byte_encode12 = avx2::mlkem_byte_encode12;
    t.mlkem_compress_encode = avx2::mlkem_compress_encode;
    t.mlkem_decode_decompress = avx2::mlkem_decode_decompress;
    t.mlkem_cbd = avx2::mlkem_cbd;
    t.mldsa_ntt = avx2::mldsa_ntt;
    t.mldsa_invntt_tomont = avx2::mldsa_invntt_tomont;
    t.mldsa_pointwise_montgomery = avx2::mldsa_pointwise_montgomery;
    t.mldsa_rej_uniform_vartime = avx2::mldsa_rej_uniform_vartime;
    t.mldsa_pointwise_acc_montgomery = avx2::mldsa_pointwise_acc_montgomery;
    t.mldsa_rej_eta = avx2::mldsa_rej_eta;
    // The signing steps (the avx512 backend below inherits them).
    t.mldsa_decompose = avx2::mldsa_decompose;
    t.mldsa_use_hint = avx2::mldsa_use_hint;
    t.mldsa_norm_at_least = avx2::mldsa_norm_at_least;
    t.mldsa_make_hint = avx2::mldsa_make_hint;
    t.mldsa_pack_z = avx2::mldsa_pack_z;
    t.mldsa_unpack_z = avx2::mldsa_unpack_z;
    t.mldsa_reduce32 = avx2::mldsa_reduce32;
    t.mldsa_freeze = avx2::mldsa_freeze;
    t.mldsa_add_reduce32 = avx2::mldsa_add_reduce32;
    t.mldsa_sub_reduce32_freeze = avx2::mldsa_sub_reduce32_freeze;
    t.sha256_compress = sha256;
    // Multi-buffer SHA-256, eight lanes per pass. Median TSC ticks per
    // call on the development machine (2,001 calls, load average near 3):
    // one pass about 1,100; the portable code 600-880 per lane; SHA-NI
    // about 90 per lane plus 85 per call (810 for eight lanes). So the
    // pass beats the portable code from two lanes on, but not SHA-NI at
    // any lane count: where the CPU has SHA-NI this backend keeps it.
    t.sha256_compress_lanes = cpu.sha_ni ? sha_ni::sha256_compress_lanes : avx2::sha256_compress_lanes;
    t.sha256_lanes_min = cpu.sha_ni ? 1 : 2;
    // Multi-buffer SHA-512, four lanes per pass. Median TSC ticks per
    // call on the development machine (2,001 calls, load average near 3):
    // one pass about 1,320; the portable code about 730 per lane (no
    // SHA-512 instructions here). So the pass wins from two lanes on
    // (1,320 against 1,410), by 2.1x at four.
    t.sha512_compress_lanes = avx2::sha512_compress_lanes;
    t.sha512_lanes_min = 2;
    r.add(t);
  }
  if (cpu.avx512) {
    Table t = r.tables[r.count - 1];
    t.name = "avx512";
    t.keccak_f1600_x4 = avx512::keccak_f1600_x4;
    t.keccak_x4_min_lanes = 2;
    t.keccak_f1600_x8 = avx512::keccak_f1600_x8;
    t.keccak_f1600_sliced8 = avx512::keccak_f1600_sliced8;
    t.keccak_sliced_min_states = 1;  // four states in 256-bit registers cost less than one x1 call here
    t.keccak_x8_min_lanes = 5;  // up to 4 lanes one x4 call is cheaper
    t.mlkem_ntt = avx512::mlkem_ntt;
    t.mlkem_invntt_tomont = avx512::mlkem_invntt_tomont;
    t.mlkem_basemul_acc = avx512::mlkem_basemul_acc;
    t.mlkem_rej_uniform_vartime = avx512::mlkem_rej_uniform_vartime;
    t.mldsa_ntt = avx512::mldsa_ntt;
    t.mldsa_invntt_tomont = avx512::mldsa_invntt_tomont;
    t.mldsa_pointwise_montgomery = avx512::mldsa_pointwise_montgomery;
    // ML-DSA's candidate filter stays AVX2's: median TSC ticks per
    // polynomial on the development machine (20,000 calls, pinned core),
    // 196 against 232 for a 16-lane compress version over one 840-byte
    // buffer and 216 against 270 over 168-byte blocks, so that version was
    // dropped. ML-KEM's compress filter (above) measured 214 against 232.
    t.mldsa_pointwise_acc_montgomery = avx512::mldsa_pointwise_acc_montgomery;
    // ExpandS's filter keeps the compress version: per polynomial (two
    // SHAKE256 blocks, median TSC ticks of 20,001 calls) 170 against AVX2's
    // 430 at η = 2, 258 against 702 at η = 4 (portable: 1,024 and 1,490).
    t.mldsa_rej_eta = avx512::mldsa_rej_eta;
    // Sixteen lanes with compare masks: per polynomial (γ2 = (q-1)/32,
    // best of 2,000 runs, TSC ticks, development machine) MakeHint 182
    // against AVX2's 296, Decompose 88 against 115. The other signing
    // steps stay AVX2's (a few dozen ticks each to gain).
    t.mldsa_decompose = avx512::mldsa_decompose;
    t.mldsa_use_hint = avx512::mldsa_use_hint;
    t.mldsa_make_hint = avx512::mldsa_make_hint;
    // Multi-buffer SHA-256, up to 8 lanes in 256-bit registers (a pass
    // costs about 640 ticks, measured as above) and 9 to 16 in 512-bit
    // ones (about 900). SHA-NI (90 per lane plus 85) is cheaper up to 6
    // lanes (630 against 640; 720 against 650 for 7); the portable code
    // loses from two lanes on (at one lane the two are about even).
    t.sha256_compress_lanes = avx512::sha256_compress_lanes;
    t.sha256_lanes_min = cpu.sha_ni ? 7 : 2;
    // Multi-buffer SHA-512, up to 4 lanes in 256-bit registers (a pass
    // costs about 705 ticks, measured as above) and 5 to 8 in 512-bit
    // ones (about 1,045, 131 per lane at eight against the portable
    // code's 730). At one lane the pass is about even with the portable
    // code (700 against 730), so the lanes call is taken from two on.
    t.sha512_compress_lanes = avx512::sha512_compress_lanes;
    t.sha512_lanes_min = 2;
    r.add(t);
  }
  return r;
}

const Registry& registry() {
  static const Registry r = detect();
  return r;
}
#else
constexpr Registry make_portable_only() {
  Registry r;
  r.add(kPortable);
  return r;
}
constexpr Registry kRegistry = make_portable_only();
const Registry& registry() { return kRegistry; }
#endif

// Selection is a process-wide setting made before use; it is not meant to
// change while other threads run the library. Null until first use.
std::atomic<const Table*> g_active{nullptr};

}  // namespace

const Table& active() {
  const Table* t = g_active.load(std::memory_order_relaxed);
  if (t == nullptr) {
    const Registry& r = registry();
    t = &r.tables[r.count - 1];
    g_active.store(t, std::memory_order_relaxed);
  }
  return *t;
}

std::span<const std::string_view> available() {
  const Registry& r = registry();
  return {r.names.data(), r.count};
}

Status select(std::string_view name) {
  const Registry& r = registry();
  for (std::size_t i = 0; i < r.count; ++i) {
    if (name == r.names[i]) {
      g_active.store(&r.tables[i], std::memory_order_relaxed);
      return Status::ok;
    }
  }
  return Status::unsupported;
}

std::string_view active_name() { return active().name; }

}  // namespace pqlab::kernels
