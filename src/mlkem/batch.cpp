// ML-KEM batches (FIPS 203 Alg. 16–21 for up to max_batch independent
// items): each hash the algorithms apply to one item (G, H(ek), J) is run
// for all items at once over hash::KeccakWays, and K-PKE.Encrypt samples
// the matrix entries of all items together (kpke_encrypt_batch).
// The steps are those of the single calls in mlkem.cpp, in the same order.
#include <array>

#include "common/array_of.hpp"
#include "common/ct.hpp"
#include "common/ct_poison.hpp"
#include "common/wipe.hpp"
#include "mlkem/decaps.hpp"
#include "hash/keccak_parallel.hpp"
#include "mlkem/kpke.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mlkem.hpp"

namespace pqlab::mlkem {
namespace {

static_assert(max_batch <= hash::Sha3_256Ways::max_ways);

// data() of the first `count` items (spans or arrays), for the ways.
template <class Items>
auto data_of(Items& items, std::size_t count) {
  std::array<decltype(items[0].data()), max_batch> p{};
  for (std::size_t i = 0; i < count; ++i) p[i] = items[i].data();
  return p;
}

// Seed spans over bytes [offset, offset + 32) of each buffer.
template <std::size_t Bytes>
std::array<Seed, max_batch> seeds_in(const std::array<std::array<std::uint8_t, Bytes>, max_batch>& bufs,
                                     std::size_t offset) {
  return array_of<max_batch>([&](std::size_t i) { return Seed(bufs[i].data() + offset, seed_bytes); });
}

bool valid_count(std::size_t count) { return count >= 1 && count <= max_batch; }

}  // namespace

// FIPS 203 Alg. 16 per item.
template <class P>
Status keygen_batch_derand(std::span<const EncapsKey<P>> eks, std::span<const DecapsKey<P>> dks,
                           std::span<const Seed> ds, std::span<const Seed> zs) {
  const std::size_t count = eks.size();
  if (!valid_count(count) || dks.size() != count || ds.size() != count || zs.size() != count)
    return Status::invalid_argument;
  struct Work {
    std::array<std::array<std::uint8_t, 33>, max_batch> g_in;
    std::array<std::array<std::uint8_t, 64>, max_batch> rho_sigma;
  } w;
  WipeOnExit wipe(w);
  // (ρ, σ) = G(d ‖ k) (Alg. 13 line 1), all items at once.
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t b = 0; b < 32; ++b) w.g_in[i][b] = ds[i][b];
    w.g_in[i][32] = static_cast<std::uint8_t>(P::k);
  }
  hash::Sha3_512Ways::hash_equal(data_of(w.g_in, count).data(), 33, data_of(w.rho_sigma, count).data(), 64, count);
  std::array<std::uint8_t*, max_batch> h_out{};
  for (std::size_t i = 0; i < count; ++i) {
    // ρ is public (it ends ek): Â's rejection sampling may branch on it.
    ct::declassify(w.rho_sigma[i].data(), 32);
    kpke_keygen_from_rho_sigma<P>(eks[i], dks[i].template first<dk_pke_bytes<P>>(), w.rho_sigma[i]);
    place_ek_and_z<P>(dks[i], eks[i], zs[i]);
    h_out[i] = dks[i].data() + dk_hash_offset<P>;
  }
  // H(ek) into each dk (Alg. 16 line 3).
  hash::Sha3_256Ways::hash_equal(data_of(eks, count).data(), P::ek_bytes, h_out.data(), 32, count);
  return Status::ok;
}

// FIPS 203 Alg. 19 per item.
template <class P>
Status keygen_batch(std::span<const EncapsKey<P>> eks, std::span<const DecapsKey<P>> dks, RandomSource& rng) {
  const std::size_t count = eks.size();
  if (!valid_count(count) || dks.size() != count) return Status::invalid_argument;
  std::array<std::array<std::uint8_t, 64>, max_batch> dz;
  WipeOnExit wipe(dz);
  const std::array<Seed, max_batch> ds = seeds_in(dz, 0), zs = seeds_in(dz, 32);
  for (std::size_t i = 0; i < count; ++i)
    if (rng.generate(dz[i]) != Status::ok) return Status::random_failure;
  return keygen_batch_derand<P>(eks, dks, std::span<const Seed>(ds.data(), count),
                                std::span<const Seed>(zs.data(), count));
}

// FIPS 203 Alg. 17 per item, after the §7.2 check of every ek.
template <class P>
Status encaps_batch_derand(std::span<const Ciphertext<P>> cts, std::span<const SharedSecret> keys,
                           std::span<const ConstEncapsKey<P>> eks, std::span<const Seed> ms) {
  const std::size_t count = eks.size();
  if (!valid_count(count) || cts.size() != count || keys.size() != count || ms.size() != count)
    return Status::invalid_argument;
  for (const auto& ek : eks)
    if (check_encaps_key<P>(ek) != Status::ok) return Status::invalid_key;
  struct Work {
    std::array<std::array<std::uint8_t, 64>, max_batch> g_in, k_r;
  } w;
  WipeOnExit wipe(w);
  // (K, r) = G(m ‖ H(ek))
  std::array<std::uint8_t*, max_batch> h_out{};
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t b = 0; b < 32; ++b) w.g_in[i][b] = ms[i][b];
    h_out[i] = w.g_in[i].data() + 32;
  }
  hash::Sha3_256Ways::hash_equal(data_of(eks, count).data(), P::ek_bytes, h_out.data(), 32, count);
  hash::Sha3_512Ways::hash_equal(data_of(w.g_in, count).data(), 64, data_of(w.k_r, count).data(), 64, count);
  const std::array<Seed, max_batch> rs = seeds_in(w.k_r, 32);
  kpke_encrypt_batch<P>(cts, eks, ms, std::span<const Seed>(rs.data(), count));
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t b = 0; b < 32; ++b) keys[i][b] = w.k_r[i][b];
  return Status::ok;
}

// FIPS 203 Alg. 20 per item.
template <class P>
Status encaps_batch(std::span<const Ciphertext<P>> cts, std::span<const SharedSecret> keys,
                    std::span<const ConstEncapsKey<P>> eks, RandomSource& rng) {
  const std::size_t count = eks.size();
  if (!valid_count(count)) return Status::invalid_argument;
  std::array<std::array<std::uint8_t, 32>, max_batch> m;
  WipeOnExit wipe(m);
  const std::array<Seed, max_batch> ms = seeds_in(m, 0);
  for (std::size_t i = 0; i < count; ++i)
    if (rng.generate(m[i]) != Status::ok) return Status::random_failure;
  return encaps_batch_derand<P>(cts, keys, eks, std::span<const Seed>(ms.data(), count));
}

// FIPS 203 Alg. 21 (calling Alg. 18) per item, after the §7.3 hash check of
// every dk.
template <class P>
Status decaps_batch(std::span<const SharedSecret> keys, std::span<const ConstCiphertext<P>> cts,
                    std::span<const ConstDecapsKey<P>> dks) {
  const std::size_t count = dks.size();
  if (!valid_count(count) || cts.size() != count || keys.size() != count) return Status::invalid_argument;
  struct Work {
    std::array<std::array<std::uint8_t, 64>, max_batch> g_in, k_r;
    std::array<std::array<std::uint8_t, 32>, max_batch> k_bar;
    std::array<std::array<std::uint8_t, 32 + P::ct_bytes>, max_batch> z_c;  // J's input z ‖ c
    std::array<std::array<std::uint8_t, P::ct_bytes>, max_batch> ct_again;
  } w;
  WipeOnExit wipe(w);

  // §7.3: H(ek) recomputed for every dk and compared with the stored hash.
  {
    std::array<const std::uint8_t*, max_batch> eks{};
    std::array<std::array<std::uint8_t, 32>, max_batch> h{};
    for (std::size_t i = 0; i < count; ++i) eks[i] = dks[i].data() + dk_ek_offset<P>;
    hash::Sha3_256Ways::hash_equal(eks.data(), P::ek_bytes, data_of(h, count).data(), 32, count);
    bool bad = false;  // every item checked; the answer is public (dk's own parts)
    for (std::size_t i = 0; i < count; ++i)
      if (decaps_key_hash_check<P>(h[i], dks[i]) != Status::ok) bad = true;
    if (bad) return Status::invalid_key;
  }

  // m' = K-PKE.Decrypt(dk_pke, c); (K', r') = G(m' ‖ h); K̄ = J(z ‖ c).
  for (std::size_t i = 0; i < count; ++i) {
    kpke_decrypt<P>(std::span(w.g_in[i]).template first<32>(), dks[i].template first<dk_pke_bytes<P>>(), cts[i]);
    for (std::size_t b = 0; b < 32; ++b) {
      w.g_in[i][32 + b] = dks[i][dk_hash_offset<P> + b];
      w.z_c[i][b] = dks[i][dk_z_offset<P> + b];
    }
    for (std::size_t b = 0; b < P::ct_bytes; ++b) w.z_c[i][32 + b] = cts[i][b];
  }
  hash::Sha3_512Ways::hash_equal(data_of(w.g_in, count).data(), 64, data_of(w.k_r, count).data(), 64, count);
  hash::Shake256Ways::hash_equal(data_of(w.z_c, count).data(), 32 + P::ct_bytes, data_of(w.k_bar, count).data(), 32,
                                 count);

  // c' = K-PKE.Encrypt(ek, m', r') for all items at once; K' unless c' ≠ c,
  // then K̄ (selected by mask, Alg. 18 lines 9–11).
  const auto eks = array_of<max_batch>(
      [&](std::size_t i) { return dks[i < count ? i : 0].template subspan<dk_ek_offset<P>, P::ek_bytes>(); });
  const auto cts_again = array_of<max_batch>([&](std::size_t i) { return std::span(w.ct_again[i]); });
  const std::array<Seed, max_batch> ms = seeds_in(w.g_in, 0), rs = seeds_in(w.k_r, 32);
  kpke_encrypt_batch<P>(std::span(cts_again.data(), count), std::span(eks.data(), count), std::span(ms.data(), count),
                        std::span(rs.data(), count));
  for (std::size_t i = 0; i < count; ++i)
    implicit_rejection<P>(keys[i], cts[i], w.ct_again[i], std::span(w.k_r[i]).template first<32>(), w.k_bar[i]);
  return Status::ok;
}

#define PQLAB_MLKEM_BATCH_INSTANTIATE(P)                                                                        \
  template Status keygen_batch<P>(std::span<const EncapsKey<P>>, std::span<const DecapsKey<P>>, RandomSource&); \
  template Status keygen_batch_derand<P>(std::span<const EncapsKey<P>>, std::span<const DecapsKey<P>>,          \
                                         std::span<const Seed>, std::span<const Seed>);                         \
  template Status encaps_batch<P>(std::span<const Ciphertext<P>>, std::span<const SharedSecret>,                \
                                  std::span<const ConstEncapsKey<P>>, RandomSource&);                           \
  template Status encaps_batch_derand<P>(std::span<const Ciphertext<P>>, std::span<const SharedSecret>,         \
                                         std::span<const ConstEncapsKey<P>>, std::span<const Seed>);            \
  template Status decaps_batch<P>(std::span<const SharedSecret>, std::span<const ConstCiphertext<P>>,           \
                                  std::span<const ConstDecapsKey<P>>);
PQLAB_MLKEM_BATCH_INSTANTIATE(MLKEM512)
PQLAB_MLKEM_BATCH_INSTANTIATE(MLKEM768)
PQLAB_MLKEM_BATCH_INSTANTIATE(MLKEM1024)
#undef PQLAB_MLKEM_BATCH_INSTANTIATE

}  // namespace pqlab::mlkem
