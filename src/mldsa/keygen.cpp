// ML-DSA key generation (FIPS 204 Alg. 1 and Alg. 6).
#include <algorithm>
#include <array>

#include "common/ct_poison.hpp"
#include "common/wipe.hpp"
#include "hash/keccak_parallel.hpp"
#include "mldsa/packing.hpp"
#include "mldsa/sampling.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa {
namespace {

// Alg. 6 lines 5–9 from the s1 and s2 packed in `sk` (sk's layout), shared
// by key generation and the expanded-key check. Key generation passes the
// ExpandS rider that writes s1 ‖ s2 there (`expand_s`) and ŝ1 = NTT(s1)
// to `s1_hat`: it rides in Â's free ways after tr's rider, and what is
// still due when needed runs on its own: s1 before the first product,
// s2[i] before row i's sum. Without it, ŝ1 is computed here from the s1
// in sk. t = NTT^-1(Â ∘ ŝ1) + s2 row by row, Â (Alg. 32) in
// row-major order, a batch of entries at a time; (t1, t0) =
// Power2Round(t mod q) (Alg. 35), row i of t1 packed into pk (Alg. 22) and
// row i of t0 packed as skEncode packs it (Alg. 24) and handed to
// row_t0(i, packed), through one kernel seam entry (mldsa_power2round_pack,
// which takes t in (-q, q) and brings it into [0, q) itself). tr =
// H(pk, 64) rides in ExpandA's idle ways over the rows of pk written so
// far, and is written to `tr`. pk must already start with ρ. Returns
// 0xffffffff if a packed s1 or s2 coefficient lies outside [-η, η]
// (constant time).
template <class P, class RowT0>
std::uint32_t t_rows_and_tr(PublicKey<P> pk, const std::uint8_t* sk, detail::Seed32 rho, RowT0&& row_t0,
                            std::span<std::uint8_t, 64> tr, detail::NttPoly (&s1_hat)[P::l],
                            detail::ExpandSRider<P::eta>* expand_s = nullptr) {
  using namespace detail;
  using L = Layout<P>;
  struct Work {
    WideRowSum wide;
    Poly t;
    Poly s2;
    std::array<std::uint8_t, L::t0_poly_bytes> t0_packed;
  } w;
  WipeOnExit<Work> wipe(w);
  std::uint32_t bad = 0;
  bool s1_ready = false;
  NttRowSum row(w.t, w.wide);
  hash::KeccakRider tr_hash(hash::Shake256::rate_bytes, 0x1f, pk, 32);
  tr_hash.then_ride(expand_s);
  std::array<NttPoly, kMatrixBatch> a_batch;  // public
  for_each_matrix_entry_vartime<P::k, P::l>(
      rho, a_batch,
      [&](std::size_t i, std::size_t j, const NttPoly& a_ij) {
    if (!s1_ready) {
      if (expand_s != nullptr) {
        expand_s->finish_through(P::l - 1);
      } else {
        for (std::size_t c = 0; c < static_cast<std::size_t>(P::l); ++c) {
          bad |= unpack_eta<P::eta>(w.t, sk + L::sk_s1 + c * L::eta_poly_bytes);
          ntt(s1_hat[c], w.t);
        }
      }
      s1_ready = true;
    }
    if (j == 0)
      row.first(a_ij, s1_hat[0]);
    else
      row.add(a_ij, s1_hat[j]);
    if (j + 1 < static_cast<std::size_t>(P::l)) return;
    row.intt_tomont();
    if (expand_s != nullptr) expand_s->finish_through(P::l + i);
    bad |= unpack_eta<P::eta>(w.s2, sk + L::sk_s2 + i * L::eta_poly_bytes);
    add_reduce32(w.t, w.s2, w.t);  // s2 + reduce32(t) ≡ t + s2, |·| < q: Power2Round's input range
    power2round_pack(pk.data() + 32 + i * L::t1_poly_bytes, w.t0_packed.data(), w.t);
    row_t0(i, std::span<const std::uint8_t, L::t0_poly_bytes>(w.t0_packed));
    tr_hash.make_available(32 + (i + 1) * L::t1_poly_bytes);
      },
      [&] { row.flush(); },  // a row's earlier entries leave with their batch
      &tr_hash);
  tr_hash.finish(tr);
  return bad;
}

}  // namespace

// FIPS 204 Alg. 6 (ML-DSA.KeyGen_internal). Â is generated a batch of entries
// at a time and never held whole.
template <class P>
Status keygen_internal(PublicKey<P> pk, SecretKey<P> sk, Seed xi) {
  using namespace detail;
  using L = Layout<P>;
  struct Work {
    std::array<std::uint8_t, 34> seed_in;
    std::array<std::uint8_t, 128> expanded;  // ρ ‖ ρ' ‖ K
    NttPoly s1_hat[P::l];
  } w;
  WipeOnExit<Work> wipe(w);

  // (ρ, ρ', K) = H(ξ ‖ IntegerToBytes(k, 1) ‖ IntegerToBytes(l, 1), 128)
  for (std::size_t i = 0; i < 32; ++i) w.seed_in[i] = xi[i];
  w.seed_in[32] = static_cast<std::uint8_t>(P::k);
  w.seed_in[33] = static_cast<std::uint8_t>(P::l);
  hash::shake256(w.seed_in, w.expanded);
  const Seed32 rho(w.expanded.data(), 32);
  // ρ is public (the first 32 bytes of pk): ExpandA may branch on it.
  ct::declassify(rho.data(), rho.size());
  const Seed64 rho_prime(w.expanded.data() + 32, 64);

  for (std::size_t i = 0; i < 32; ++i) {
    pk[i] = w.expanded[i];
    sk[L::sk_rho + i] = w.expanded[i];
    sk[L::sk_key + i] = w.expanded[96 + i];
  }

  // (s1, s2) = ExpandS(ρ') (Alg. 33), packed into sk and ŝ1 = NTT(s1)
  // kept, riding in Â's idle ways; then t, (t1, t0) and tr (Alg. 6 lines
  // 5–9), t0 packed into sk. The s1, s2 just drawn are in range, so the
  // range flag is not needed.
  static_assert(L::sk_s2 == L::sk_s1 + P::l * L::eta_poly_bytes);
  ExpandSRider<P::eta> expand_s(rho_prime, 0, P::l + P::k,
                                EtaSampler<P::eta>{sk.data() + L::sk_s1, w.s1_hat, static_cast<std::size_t>(P::l)});
  (void)t_rows_and_tr<P>(
      pk, sk.data(), rho,
      [&](std::size_t i, std::span<const std::uint8_t, L::t0_poly_bytes> t0) {
    std::copy(t0.begin(), t0.end(), sk.data() + L::sk_t0 + i * L::t0_poly_bytes);
      },
      std::span<std::uint8_t, 64>(sk.data() + L::sk_tr, 64), w.s1_hat, &expand_s);
  return Status::ok;
}

// The consistency check of an expanded key (see mldsa.hpp): Alg. 6 lines
// 5-9 again from the s1, s2 in sk, comparing t0's encoding and tr with the
// stored ones instead of writing them.
template <class P>
Status public_from_secret(PublicKey<P> pk, ConstSecretKey<P> sk) {
  using namespace detail;
  using L = Layout<P>;
  struct Work {
    std::array<std::uint8_t, 64> tr;
    NttPoly s1_hat[P::l];
  } w;
  WipeOnExit<Work> wipe(w);
  std::uint32_t bad = 0;

  // ρ is public (the first 32 bytes of pk): ExpandA may branch on it.
  std::array<std::uint8_t, 32> rho_bytes;
  for (std::size_t i = 0; i < 32; ++i) rho_bytes[i] = pk[i] = sk[L::sk_rho + i];
  ct::declassify(rho_bytes.data(), rho_bytes.size());
  const Seed32 rho(rho_bytes.data(), 32);

  std::uint32_t differs = 0;
  bad |= t_rows_and_tr<P>(
      pk, sk.data(), rho,
      [&](std::size_t i, std::span<const std::uint8_t, L::t0_poly_bytes> t0) {
    differs |= ct::diff(t0, std::span<const std::uint8_t>(sk.data() + L::sk_t0 + i * L::t0_poly_bytes, t0.size()));
      },
      w.tr, w.s1_hat);
  bad |= ct::mask_nonzero(differs);
  bad |= ct::mask_nonzero(ct::diff(w.tr, std::span<const std::uint8_t>(sk.data() + L::sk_tr, 64)));
  if (ct::declassify_value(ct::value_barrier(bad)) != 0) {
    for (auto& b : pk) b = 0;
    return Status::invalid_key;
  }
  return Status::ok;
}

// FIPS 204 Alg. 1 (ML-DSA.KeyGen).
template <class P>
Status keygen(PublicKey<P> pk, SecretKey<P> sk, RandomSource& rng) {
  std::array<std::uint8_t, seed_bytes> xi;
  WipeOnExit<decltype(xi)> wipe(xi);
  if (rng.generate(xi) != Status::ok) return Status::random_failure;
  return keygen_internal<P>(pk, sk, xi);
}

#define PQLAB_MLDSA_INSTANTIATE(P)                                      \
  template Status keygen_internal<P>(PublicKey<P>, SecretKey<P>, Seed); \
  template Status keygen<P>(PublicKey<P>, SecretKey<P>, RandomSource&); \
  template Status public_from_secret<P>(PublicKey<P>, ConstSecretKey<P>);
PQLAB_MLDSA_INSTANTIATE(MLDSA44)
PQLAB_MLDSA_INSTANTIATE(MLDSA65)
PQLAB_MLDSA_INSTANTIATE(MLDSA87)
#undef PQLAB_MLDSA_INSTANTIATE

}  // namespace pqlab::mldsa
