// Backend selection for the kernel seam.
#include <array>

#include "kernels/kernels.hpp"
#include "kernels/portable/portable.hpp"
#include "pqlab/kernels.hpp"

namespace pqlab::kernels {
namespace {

constexpr Table kPortable = {
    "portable",
    portable::keccak_f1600_x1,
    portable::keccak_f1600_x4,
    4,
    portable::mlkem_ntt,
    portable::mlkem_invntt_tomont,
    portable::mlkem_basemul_acc,
    portable::mldsa_ntt,
    portable::mldsa_invntt_tomont,
    portable::mldsa_pointwise_montgomery,
    portable::sha256_compress,
    portable::sha512_compress,
    portable::sha256_compress_lanes,
};

constexpr std::array<const Table*, 1> kBackends = {&kPortable};
constexpr std::array<std::string_view, 1> kNames = {"portable"};

// Selection is a process-wide setting made before use; it is not meant to
// change while other threads run the library.
const Table* g_active = &kPortable;

}  // namespace

const Table& active() { return *g_active; }

std::span<const std::string_view> available() { return kNames; }

Status select(std::string_view name) {
  for (const Table* t : kBackends) {
    if (name == t->name) {
      g_active = t;
      return Status::ok;
    }
  }
  return Status::unsupported;
}

std::string_view active_name() { return g_active->name; }

}  // namespace pqlab::kernels
