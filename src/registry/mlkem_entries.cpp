// Registry entries for ML-KEM-512/768/1024: length checks, then the typed API.
#include <array>

#include "common/array_of.hpp"
#include "pqlab/mlkem.hpp"
#include "registry/entries.hpp"

namespace pqlab::registry {
namespace {

template <class P>
struct MlkemEntry {
  static Status keygen(Bytes ek, Bytes dk, RandomSource& rng) {
    if (ek.size() != P::ek_bytes || dk.size() != P::dk_bytes) return Status::invalid_length;
    return mlkem::keygen<P>(ek.first<P::ek_bytes>(), dk.first<P::dk_bytes>(), rng);
  }
  static Status keygen_from_seed(Bytes ek, Bytes dk, ConstBytes seed) {
    if (ek.size() != P::ek_bytes || dk.size() != P::dk_bytes || seed.size() != 64) return Status::invalid_length;
    return mlkem::keygen_derand<P>(ek.first<P::ek_bytes>(), dk.first<P::dk_bytes>(), seed.first<32>(), seed.last<32>());
  }
  static Status encaps(Bytes ct, Bytes ss, ConstBytes ek, RandomSource& rng) {
    if (ct.size() != P::ct_bytes || ss.size() != 32 || ek.size() != P::ek_bytes) return Status::invalid_length;
    return mlkem::encaps<P>(ct.first<P::ct_bytes>(), ss.first<32>(), ek.first<P::ek_bytes>(), rng);
  }
  static Status encaps_derand(Bytes ct, Bytes ss, ConstBytes ek, ConstBytes m) {
    if (ct.size() != P::ct_bytes || ss.size() != 32 || ek.size() != P::ek_bytes || m.size() != 32)
      return Status::invalid_length;
    return mlkem::encaps_derand<P>(ct.first<P::ct_bytes>(), ss.first<32>(), ek.first<P::ek_bytes>(), m.first<32>());
  }
  static Status decaps(Bytes ss, ConstBytes ct, ConstBytes dk) {
    if (ss.size() != 32 || ct.size() != P::ct_bytes || dk.size() != P::dk_bytes) return Status::invalid_length;
    return mlkem::decaps<P>(ss.first<32>(), ct.first<P::ct_bytes>(), dk.first<P::dk_bytes>());
  }
  static Status check_ek(ConstBytes ek) {
    if (ek.size() != P::ek_bytes) return Status::invalid_length;
    return mlkem::check_encaps_key<P>(ek.first<P::ek_bytes>());
  }
  static Status check_dk(ConstBytes dk) {
    if (dk.size() != P::dk_bytes) return Status::invalid_length;
    return mlkem::check_decaps_key<P>(dk.first<P::dk_bytes>());
  }
  static Status encaps_batch(std::span<const Bytes> cts, std::span<const Bytes> sss, std::span<const ConstBytes> eks,
                             RandomSource& rng) {
    static_assert(max_kem_batch == mlkem::max_batch);
    const std::size_t count = eks.size();
    if (count == 0 || count > mlkem::max_batch || cts.size() != count || sss.size() != count)
      return Status::invalid_argument;
    for (std::size_t i = 0; i < count; ++i)
      if (cts[i].size() != P::ct_bytes || sss[i].size() != 32 || eks[i].size() != P::ek_bytes)
        return Status::invalid_length;
    // Slots past `count` repeat item 0; only the first `count` are passed on.
    auto item = [count](std::size_t i) { return i < count ? i : 0; };
    auto ct_items =
        array_of<mlkem::max_batch>([&](std::size_t i) { return cts[item(i)].template first<P::ct_bytes>(); });
    auto ss_items = array_of<mlkem::max_batch>([&](std::size_t i) { return sss[item(i)].template first<32>(); });
    auto ek_items =
        array_of<mlkem::max_batch>([&](std::size_t i) { return eks[item(i)].template first<P::ek_bytes>(); });
    return mlkem::encaps_batch<P>(std::span(ct_items.data(), count), std::span(ss_items.data(), count),
                                  std::span(ek_items.data(), count), rng);
  }
  static constexpr KemOps ops = {keygen, keygen_from_seed, encaps,   encaps_derand,
                                 decaps, check_ek,         check_dk, encaps_batch};
  static constexpr Algorithm algorithm = {P::name, "FIPS 203", Kind::kem, P::ek_bytes, P::dk_bytes, P::ct_bytes,
                                          32,      0,          64,        &ops,        nullptr};
};

constexpr std::array<Algorithm, 3> kEntries = {MlkemEntry<mlkem::MLKEM512>::algorithm,
                                               MlkemEntry<mlkem::MLKEM768>::algorithm,
                                               MlkemEntry<mlkem::MLKEM1024>::algorithm};

}  // namespace

std::span<const Algorithm> mlkem_entries() { return kEntries; }

}  // namespace pqlab::registry
