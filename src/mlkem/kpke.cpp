// K-PKE (FIPS 203 Alg. 13–15). Key generation and kpke_encrypt (used by
// decapsulation) sample the matrix Â (or Âᵀ) two rows at a time where they
// are used, which keeps ML-KEM-1024 within a few KB of stack; encapsulation
// holds Âᵀ whole (sample_matrix_vartime, so that H(ek) can ride in its
// idle Keccak ways), and the batch samples one row index of every item at
// a time.
#include "hash/keccak_parallel.hpp"
#include "mlkem/kpke.hpp"

#include <array>
#include <utility>

#include "common/ct_poison.hpp"
#include "common/wipe.hpp"
#include "kernels/kernels.hpp"
#include "kernels/mlkem_field.hpp"
#include "mlkem/poly.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mlkem.hpp"

namespace pqlab::mlkem {
namespace {

template <std::size_t K>
void encode_vector(std::span<std::uint8_t> out, const NttVec<K>& v) {
  for (std::size_t i = 0; i < K; ++i) byte_encode12(out.subspan(384 * i).template first<384>(), v[i].c);
}

template <std::size_t K>
void decode_vector(NttVec<K>& v, std::span<const std::uint8_t> in) {
  for (std::size_t i = 0; i < K; ++i) byte_decode12(v[i].c, in.subspan(384 * i).template first<384>());
}

// Alg. 13 lines 8–17 (kpke_keygen_noise), inlined into its callers so that
// the compiler can give the normal-domain noise and the matrix rows sampled
// after it the same stack slots (the Cortex-M4's stack budget).
template <class P>
[[gnu::always_inline]] inline void keygen_noise_inline(KeygenNoise<P>& out, std::span<const std::uint8_t, 32> sigma) {
  constexpr std::size_t K = P::k;
  std::array<Poly, 2 * K> noise;  // s (nonces 0..k-1), then e
  WipeOnExit wipe_noise(noise);
  sample_cbd_polys(noise.data(), sigma, 0, 2 * K, P::eta1);
  for (std::size_t i = 0; i < K; ++i) {
    ntt(out.s_hat[i], noise[i]);
    ntt(out.e_hat[i], noise[K + i]);
  }
}

// Alg. 13 line 18 for entry i of t̂ = Â ∘ ŝ + ê, given row i of Â, encoded
// into its place in ek (line 19) and made available to a rider hashing ek
// (or null). The Montgomery product carries R^-1, which to_montgomery()
// cancels before ê is added.
template <class P>
void keygen_t_row(std::span<std::uint8_t, P::ek_bytes> ek, std::size_t i, const NttVec<P::k>& row,
                  const KeygenNoise<P>& noise, hash::KeccakRider* ek_hash) {
  NttPoly t = dot_montgomery<P::k>(row, noise.s_hat);
  to_montgomery(t);
  add_to(t, noise.e_hat[i]);
  byte_encode12(ek.subspan(384 * i).template first<384>(), t.c);
  if (ek_hash != nullptr) ek_hash->make_available(384 * (i + 1));
}

// Alg. 13 lines 19–20 after t̂: ρ ends ek; dk_pke = ByteEncode_12(ŝ).
template <class P>
void keygen_finish(std::span<std::uint8_t, P::ek_bytes> ek, std::span<std::uint8_t, dk_pke_bytes<P>> dk_pke,
                   std::span<const std::uint8_t, 32> rho, const KeygenNoise<P>& noise) {
  for (std::size_t i = 0; i < 32; ++i) ek[384 * P::k + i] = rho[i];
  encode_vector<P::k>(dk_pke, noise.s_hat);
}

// Alg. 13 lines 3–18 for k = 3 (η1 = 2) with the noise's PRF calls riding:
// the first pair of Â's rows has six entries, an 8-way Keccak call where
// the backend takes one from six ways (tuning.keccak_x8_min_ways), and its
// two idle ways carry the six one-block PRF_η1(σ, N) hashes (at least
// three squeezes, 384 of the 504 bytes being needed) instead of an 8-way
// call of their own. ŝ and ê are formed when row 0 is used; H(ek) rides
// after them, over the rows of t̂ already encoded. The PRF states are
// secret: the riders wipe theirs, and the matrix's Keccak ways theirs and
// the kernels' stack copies (hash::KeccakWays' destructor).
template <class P>
[[gnu::noinline]] void keygen_with_riding_noise(std::span<std::uint8_t, P::ek_bytes> ek,
                                                std::span<const std::uint8_t, 32> rho,
                                                std::span<const std::uint8_t, 32> sigma, KeygenNoise<P>& noise,
                                                hash::KeccakRider* ek_hash) {
  constexpr std::size_t K = P::k;
  static_assert(K == 3 && P::eta1 == 2, "six one-block PRF calls for the first pair's two idle ways");
  constexpr std::size_t kPrfBytes = 64 * P::eta1;
  static_assert(kPrfBytes <= hash::Shake256::rate_bytes);
  struct Work {
    std::array<std::array<std::uint8_t, 33>, 2 * K> prf_in;  // σ ‖ N
    std::array<std::uint8_t, kPrfBytes> prf_out;
    Poly sampled;
  } w;
  WipeOnExit wipe(w);
  for (std::size_t j = 0; j < 2 * K; ++j) {
    for (std::size_t i = 0; i < 32; ++i) w.prf_in[j][i] = sigma[i];
    w.prf_in[j][32] = static_cast<std::uint8_t>(j);
  }
  auto prf = [&]<std::size_t... J>(std::index_sequence<J...>) {
    return std::array<hash::KeccakRider, 2 * K>{hash::KeccakRider(hash::Shake256::rate_bytes, 0x1f, w.prf_in[J])...};
  }
  (std::make_index_sequence<2 * K>{});
  for (std::size_t j = 0; j + 1 < 2 * K; ++j) prf[j].then_ride(&prf[j + 1]);
  prf[2 * K - 1].then_ride(ek_hash);
  for_each_matrix_row_vartime<K>(
      rho, false,
      [&](std::size_t i, const NttVec<K>& row) {
    if (i == 0) {
      // Alg. 13 lines 8–17: s from nonces 0..k-1, e from k..2k-1.
      for (std::size_t j = 0; j < 2 * K; ++j) {
        prf[j].finish(w.prf_out);
        kernels::active().mlkem.mlkem_cbd(w.sampled.c.data(), w.prf_out.data(), static_cast<unsigned>(P::eta1));
        ntt(j < K ? noise.s_hat[j] : noise.e_hat[j - K], w.sampled);
      }
    }
    keygen_t_row<P>(ek, i, row, noise, ek_hash);
      },
      &prf[0]);
}

// Â or Âᵀ whole, two rows at a time (8 Keccak ways at most), a rider in
// the idle ways.
template <std::size_t K>
void sample_matrix_in_pairs(Matrix<K>& a, std::span<const std::uint8_t, 32> rho, bool transposed,
                            hash::KeccakRider* rider) {
  for (std::size_t first = 0; first < K; first += 2) {
    const std::size_t rows = K - first < 2 ? K - first : 2;
    sample_matrix_rows_vartime<K>(a.data() + first, rows, rho, first, transposed, rider);
  }
}

}  // namespace

template <std::size_t K>
void sample_matrix_vartime(Matrix<K>& a, std::span<const std::uint8_t, 32> rho, bool transposed,
                           hash::KeccakRider* rider) {
  sample_matrix_in_pairs<K>(a, rho, transposed, rider);
}

template <class P>
void kpke_keygen(std::span<std::uint8_t, P::ek_bytes> ek, std::span<std::uint8_t, dk_pke_bytes<P>> dk_pke,
                 std::span<const std::uint8_t, 32> d, hash::KeccakRider* ek_hash) {
  std::array<std::uint8_t, 64> rho_sigma;
  WipeOnExit wipe_rho_sigma(rho_sigma);
  kpke_expand_seed<P>(rho_sigma, d);
  kpke_keygen_from_rho_sigma<P>(ek, dk_pke, rho_sigma, ek_hash);
}

template <class P>
void kpke_keygen_from_rho_sigma(std::span<std::uint8_t, P::ek_bytes> ek,
                                std::span<std::uint8_t, dk_pke_bytes<P>> dk_pke,
                                std::span<const std::uint8_t, 64> rho_sigma, hash::KeccakRider* ek_hash) {
  constexpr std::size_t K = P::k;
  const auto rho = rho_sigma.template first<32>();
  const auto sigma = rho_sigma.template last<32>();

  KeygenNoise<P> noise;
  WipeOnExit wipe_noise(noise);
  if constexpr (K == 3) {
    if (kernels::active().tuning.keccak_x8_min_ways <= 2 * K) {
      keygen_with_riding_noise<P>(ek, rho, sigma, noise, ek_hash);
      keygen_finish<P>(ek, dk_pke, rho, noise);
      return;
    }
  }
  keygen_noise_inline<P>(noise, sigma);
  // t̂ = Â ∘ ŝ + ê, row by row as Â's rows are sampled.
  for_each_matrix_row_vartime<K>(
      rho, false, [&](std::size_t i, const NttVec<K>& row) { keygen_t_row<P>(ek, i, row, noise, ek_hash); }, ek_hash);
  keygen_finish<P>(ek, dk_pke, rho, noise);
}

template <class P>
void kpke_keygen_noise(KeygenNoise<P>& out, std::span<const std::uint8_t, 32> sigma) {
  keygen_noise_inline<P>(out, sigma);
}

template <class P>
void kpke_keygen_from_matrix(std::span<std::uint8_t, P::ek_bytes> ek, std::span<std::uint8_t, dk_pke_bytes<P>> dk_pke,
                             std::span<const std::uint8_t, 32> rho, const Matrix<P::k>& a,
                             const KeygenNoise<P>& noise) {
  for (std::size_t i = 0; i < P::k; ++i) keygen_t_row<P>(ek, i, a[i], noise, nullptr);
  keygen_finish<P>(ek, dk_pke, rho, noise);
}

namespace {

// Lines 19 and 22 for entry i of u: u_i = NTT^-1(row ∘ ŷ) + e1_i, given
// row i of Âᵀ, compressed into its place in c.
template <class P>
void encrypt_u(std::span<std::uint8_t, P::ct_bytes> c, std::size_t i, const NttVec<P::k>& row,
               const EncryptNoise<P>& w) {
  constexpr std::size_t u_poly_bytes = 32 * P::du;
  Poly u = invntt_of_dot_montgomery<P::k>(row, w.y_hat);
  WipeOnExit wipe_u(u);
  add_to(u, w.noise[P::k + i]);
  compress_encode<P::du>(c.subspan(u_poly_bytes * i).template first<u_poly_bytes>(), u);
}

// Lines 20–21 and 23: v = NTT^-1(t̂ᵀ ∘ ŷ) + e2 + Decompress_1(m), compressed.
// Reuses y's slot for μ (y is no longer needed once ŷ exists).
template <class P>
void encrypt_v(std::span<std::uint8_t, P::ct_bytes> c, std::span<const std::uint8_t, P::ek_bytes> ek,
               std::span<const std::uint8_t, 32> m, EncryptNoise<P>& w) {
  constexpr std::size_t K = P::k;
  NttVec<K> t_hat;
  decode_vector<K>(t_hat, ek);
  Poly v = invntt_of_dot_montgomery<K>(t_hat, w.y_hat);
  WipeOnExit wipe_v(v);
  // v ∈ (-q, q) (NTT^-1's output), e2 ∈ [-2, 2] (η2 = 2), Decompress_1(m)
  // ∈ {0, 1665}: the sum is within (-q - 2, q + 1667), inside (-2q, 2q).
  decode_decompress<1>(w.noise[0], m);
  add_to(v, w.noise[2 * K], w.noise[0]);
  compress_encode<P::dv>(c.template last<32 * P::dv>(), v);
}

// Alg. 14 with the rows of Âᵀ from for_each_row(use_row).
template <class P, class ForEachRow>
void encrypt_with_rows(std::span<std::uint8_t, P::ct_bytes> c, std::span<const std::uint8_t, P::ek_bytes> ek,
                       std::span<const std::uint8_t, 32> m, std::span<const std::uint8_t, 32> r,
                       ForEachRow&& for_each_row) {
  EncryptNoise<P> w;
  WipeOnExit wipe(w);
  kpke_encrypt_noise<P>(w, r);
  // u, row by row of Âᵀ.
  for_each_row([&](std::size_t i, const NttVec<P::k>& row) { encrypt_u<P>(c, i, row, w); });
  encrypt_v<P>(c, ek, m, w);
}

}  // namespace

// Alg. 14 lines 9–18: y (nonces 0..k-1, η1), e1 (k..2k-1, η2) and e2 (2k,
// η2), sampled together where η1 = η2; then ŷ = NTT(y).
template <class P>
void kpke_encrypt_noise(EncryptNoise<P>& w, std::span<const std::uint8_t, 32> r) {
  constexpr std::size_t K = P::k;
  if constexpr (P::eta1 == P::eta2) {
    sample_cbd_polys(w.noise.data(), r, 0, 2 * K + 1, P::eta1);
  } else {
    sample_cbd_polys(w.noise.data(), r, 0, K, P::eta1);
    sample_cbd_polys(w.noise.data() + K, r, static_cast<std::uint8_t>(K), K + 1, P::eta2);
  }
  for (std::size_t i = 0; i < K; ++i) ntt(w.y_hat[i], w.noise[i]);
}

template <class P>
void kpke_encrypt_from_noise(std::span<std::uint8_t, P::ct_bytes> c, std::span<const std::uint8_t, P::ek_bytes> ek,
                             std::span<const std::uint8_t, 32> m, EncryptNoise<P>& w,
                             const TransposedMatrix<P::k>& a_t) {
  for (std::size_t i = 0; i < P::k; ++i) encrypt_u<P>(c, i, a_t[i], w);
  encrypt_v<P>(c, ek, m, w);
}

template <class P>
void kpke_encrypt(std::span<std::uint8_t, P::ct_bytes> c, std::span<const std::uint8_t, P::ek_bytes> ek,
                  std::span<const std::uint8_t, 32> m, std::span<const std::uint8_t, 32> r, hash::KeccakRider* rider) {
  encrypt_with_rows<P>(c, ek, m, r, [&](auto&& use_row) {
    for_each_matrix_row_vartime<P::k>(ek.template last<32>(), true, use_row, rider);
  });
}

template <class P>
void kpke_encrypt_batch(std::span<const std::span<std::uint8_t, P::ct_bytes>> cs,
                        std::span<const std::span<const std::uint8_t, P::ek_bytes>> eks,
                        std::span<const std::span<const std::uint8_t, 32>> ms,
                        std::span<const std::span<const std::uint8_t, 32>> rs) {
  constexpr std::size_t K = P::k;
  const std::size_t count = cs.size();
  struct Work {
    std::array<EncryptNoise<P>, max_batch> items;
    std::array<NttVec<K>, max_batch> rows;  // row i of every item's Âᵀ
  } w;
  WipeOnExit wipe(w);
  for (std::size_t item = 0; item < count; ++item) kpke_encrypt_noise<P>(w.items[item], rs[item]);
  // u, one row index at a time for all items: count·k entries, eight per
  // Keccak call.
  for (std::size_t i = 0; i < K; ++i) {
    std::array<MatrixEntry, max_batch * K> entries;
    for (std::size_t e = 0; e < count * K; ++e)
      entries[e] = matrix_entry(eks[e / K].template last<32>(), i, e % K, true, w.rows[e / K][e % K]);
    for (std::size_t done = 0; done < count * K; done += 8)
      sample_ntt_vartime(entries.data() + done, count * K - done < 8 ? count * K - done : 8);
    for (std::size_t item = 0; item < count; ++item) encrypt_u<P>(cs[item], i, w.rows[item], w.items[item]);
  }
  for (std::size_t item = 0; item < count; ++item) encrypt_v<P>(cs[item], eks[item], ms[item], w.items[item]);
}

template <class P>
void kpke_decrypt(std::span<std::uint8_t, 32> m, std::span<const std::uint8_t, dk_pke_bytes<P>> dk_pke,
                  std::span<const std::uint8_t, P::ct_bytes> c) {
  constexpr std::size_t K = P::k;
  constexpr std::size_t u_poly_bytes = 32 * P::du;
  NttVec<K> u_hat, s_hat;
  WipeOnExit wipe_s(s_hat);
  for (std::size_t i = 0; i < K; ++i) {
    Poly u;
    decode_decompress<P::du>(u, c.subspan(u_poly_bytes * i).template first<u_poly_bytes>());
    ntt(u_hat[i], u);
  }
  decode_vector<K>(s_hat, dk_pke);
  // w = v − NTT^-1(ŝᵀ ∘ û); m = ByteEncode_1(Compress_1(w))
  Poly w;
  WipeOnExit wipe_w(w);
  decode_decompress<P::dv>(w, c.template last<32 * P::dv>());
  Poly su = invntt_of_dot_montgomery<K>(s_hat, u_hat);
  WipeOnExit wipe_su(su);
  sub_from(w, su);
  compress_encode<1>(m, w);
}

#define PQLAB_KPKE_INSTANTIATE(P)                                                                                 \
  template void kpke_keygen<P>(std::span<std::uint8_t, P::ek_bytes>, std::span<std::uint8_t, dk_pke_bytes<P>>,    \
                               std::span<const std::uint8_t, 32>, hash::KeccakRider*);                            \
  template void kpke_encrypt_batch<P>(std::span<const std::span<std::uint8_t, P::ct_bytes>>,                      \
                                      std::span<const std::span<const std::uint8_t, P::ek_bytes>>,                \
                                      std::span<const std::span<const std::uint8_t, 32>>,                         \
                                      std::span<const std::span<const std::uint8_t, 32>>);                        \
  template void kpke_keygen_from_rho_sigma<P>(std::span<std::uint8_t, P::ek_bytes>,                               \
                                              std::span<std::uint8_t, dk_pke_bytes<P>>,                           \
                                              std::span<const std::uint8_t, 64>, hash::KeccakRider*);             \
  template void kpke_encrypt<P>(std::span<std::uint8_t, P::ct_bytes>, std::span<const std::uint8_t, P::ek_bytes>, \
                                std::span<const std::uint8_t, 32>, std::span<const std::uint8_t, 32>,             \
                                hash::KeccakRider*);                                                              \
  template void kpke_decrypt<P>(std::span<std::uint8_t, 32>, std::span<const std::uint8_t, dk_pke_bytes<P>>,      \
                                std::span<const std::uint8_t, P::ct_bytes>);                                      \
  template void sample_matrix_vartime<P::k>(Matrix<P::k>&, std::span<const std::uint8_t, 32>, bool,               \
                                            hash::KeccakRider*);                                                  \
  template void kpke_keygen_noise<P>(KeygenNoise<P>&, std::span<const std::uint8_t, 32>);                         \
  template void kpke_keygen_from_matrix<P>(std::span<std::uint8_t, P::ek_bytes>,                                  \
                                           std::span<std::uint8_t, dk_pke_bytes<P>>,                              \
                                           std::span<const std::uint8_t, 32>, const Matrix<P::k>&,                \
                                           const KeygenNoise<P>&);                                                \
  template void kpke_encrypt_noise<P>(EncryptNoise<P>&, std::span<const std::uint8_t, 32>);                       \
  template void kpke_encrypt_from_noise<P>(std::span<std::uint8_t, P::ct_bytes>,                                  \
                                           std::span<const std::uint8_t, P::ek_bytes>,                            \
                                           std::span<const std::uint8_t, 32>, EncryptNoise<P>&,                   \
                                           const TransposedMatrix<P::k>&);
PQLAB_KPKE_INSTANTIATE(MLKEM512)
PQLAB_KPKE_INSTANTIATE(MLKEM768)
PQLAB_KPKE_INSTANTIATE(MLKEM1024)
#undef PQLAB_KPKE_INSTANTIATE

}  // namespace pqlab::mlkem
