// Backend selection for the kernel seam. The portable backend exists on
// every target; on x86-64 the AVX2 and AVX-512 backends are added when
// CPUID and XGETBV say the CPU and OS support them. The best one is chosen
// on first use; select() may force another. A program may also link one
// backend built outside the core (the host-only co-simulation of the FPGA
// cores, src/kernels/rtl/): it is listed after portable and only ever
// taken when selected by name.
#include <array>
#include <atomic>
#include <cstddef>

#include "kernels/kernels.hpp"
#include "kernels/portable/portable.hpp"
#include "pqlab/kernels.hpp"

#if PQLAB_KERNELS_ARMV7EM
#include "kernels/armv7em/armv7em.hpp"
#endif
#if PQLAB_KERNELS_X86
#include "kernels/x86/cpu_features.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx512/avx512.hpp"
#endif

// Defined by a program that links an external backend (src/kernels/rtl/
// defines it, and its CMake target makes the linker keep the definition);
// weak, so that without one the address is null.
extern "C" [[gnu::weak]] const pqlab::kernels::Table* pqlab_kernels_external_backend();

namespace pqlab::kernels {
namespace {

constexpr Table make_portable() {
  Table t{};
  portable::fill(t);
  return t;
}
constexpr Table kPortable = make_portable();

constexpr std::size_t kMaxBackends = 4;

// The backends usable here, best last, except that an external backend
// (never the default) follows portable; `best` is the default's index.
struct Registry {
  std::array<Table, kMaxBackends> tables{};
  std::array<std::string_view, kMaxBackends> names{};
  std::size_t count = 0;
  std::size_t best = 0;

  constexpr void add(const Table& t) {
    tables[count] = t;
    names[count] = t.name;
    ++count;
  }
};

#if PQLAB_KERNELS_X86
// Portable, then the external backend if the program has one.
Registry start_registry() {
  Registry r;
  r.add(kPortable);
  if (&pqlab_kernels_external_backend != nullptr) {
    if (const Table* t = pqlab_kernels_external_backend(); t != nullptr) r.add(*t);
  }
  return r;
}

// Each backend starts from the one below it and fills its own part
// (x86_avx2/table.cpp, x86_avx512/table.cpp).
Registry detect() {
  Registry r = start_registry();
  const x86::CpuFeatures cpu = x86::detect_cpu_features();
  if (cpu.avx2) {
    Table t = kPortable;
    avx2::fill(t, cpu);
    r.best = r.count;
    r.add(t);
  }
  if (cpu.avx512) {
    Table t = r.tables[r.best];
    avx512::fill(t, cpu);
    r.best = r.count;
    r.add(t);
  }
  return r;
}

const Registry& registry() {
  static const Registry r = detect();
  return r;
}
#else
// Without CPUID (the Cortex-M4 firmware), the backends are chosen at build
// time: the portable one, and the Cortex-M4 one (the default) where the
// build registers it. A constant registry, so that the tables stay in
// flash; an external backend is a hosted x86-64 build's only.
constexpr Registry make_fixed() {
  Registry r;
  r.add(kPortable);
#if PQLAB_KERNELS_ARMV7EM
  Table t = kPortable;
  armv7em::fill(t);
  r.best = r.count;
  r.add(t);
#endif
  return r;
}
constexpr Registry kRegistry = make_fixed();
const Registry& registry() { return kRegistry; }
#endif

}  // namespace

// Selection is a process-wide setting made before use; it is not meant to
// change while other threads run the library.
std::atomic<const Table*> detail::active_table{nullptr};

const Table& detail::select_best() {
  const Registry& r = registry();
  const Table* t = &r.tables[r.best];
  active_table.store(t, std::memory_order_relaxed);
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
      detail::active_table.store(&r.tables[i], std::memory_order_relaxed);
      return Status::ok;
    }
  }
  return Status::unsupported;
}

std::string_view active_name() { return active().name; }

}  // namespace pqlab::kernels
