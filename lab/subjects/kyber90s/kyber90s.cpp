// Kyber-90s (round 3, v3.02): see kyber90s.hpp. A withdrawn variant, in the
// lab for comparison with published results only.
#include "subjects/kyber90s/kyber90s.hpp"

#include <array>
#include <cstring>
#include <new>

#include "common/ct.hpp"
#include "common/ct_poison.hpp"
#include "common/wipe.hpp"
#include "kernels/kernels.hpp"
#include "pqlab/sha2.hpp"

namespace pqlab::lab::kyber90s {
namespace {

SymmetricLog* g_log = nullptr;

void note(SymmetricCall::Kind kind, std::size_t amount) {
  if (g_log != nullptr) g_log->add(kind, amount);
}

// H and the KDF (SHA-256) and G (SHA-512) of round 3's 90s instantiation.
void hash_h(std::span<const std::uint8_t> in, std::span<std::uint8_t, 32> out) {
  note(SymmetricCall::sha256, in.size());
  hash::sha256(in, out);
}
void hash_g(std::span<const std::uint8_t> in, std::span<std::uint8_t, 64> out) {
  note(SymmetricCall::sha512, in.size());
  hash::sha512(in, out);
}

// The 16-byte CTR block of round 3's AES-256 XOF and PRF: a 12-byte nonce
// (here two bytes x, y, then zeros) and a 32-bit big-endian block counter
// from 0.
std::array<std::uint8_t, 16> initial_counter(std::uint8_t x, std::uint8_t y) {
  std::array<std::uint8_t, 16> c{};
  c[0] = x;
  c[1] = y;
  return c;
}

void keystream(const Aes256& aes, std::array<std::uint8_t, 16>& counter, std::uint8_t* out, std::size_t blocks) {
  note(SymmetricCall::aes256_ctr, blocks);
  aes.ctr_keystream(counter, out, blocks);
}

template <class S>
using Matrix = mlkem::TransposedMatrix<S::k>;

}  // namespace

void set_symmetric_log(SymmetricLog* log) { g_log = log; }

template <std::size_t K>
void gen_matrix_vartime(mlkem::TransposedMatrix<K>& a, std::span<const std::uint8_t, 32> rho, bool transposed,
                        AesImpl impl) {
  // The filter takes whole 3-byte groups; 480 bytes (30 blocks) give 256
  // coefficients below q most of the time (320 candidates, each accepted
  // with probability q/4096), 48 more at a time otherwise. The stream is
  // the same whatever the chunking.
  constexpr std::size_t first_blocks = 30, more_blocks = 3;
  note(SymmetricCall::aes256_key_expansion, 0);
  const Aes256 aes(rho, impl);
  std::array<std::uint8_t, 16 * first_blocks> buf;
  for (std::size_t i = 0; i < K; ++i) {
    for (std::size_t j = 0; j < K; ++j) {
      const mlkem::MatrixEntry e = mlkem::matrix_entry(rho, i, j, transposed, a[i][j]);
      auto counter = initial_counter(e.byte32, e.byte33);
      keystream(aes, counter, buf.data(), first_blocks);
      std::size_t filled =
          kernels::active().mlkem.mlkem_rej_uniform_vartime(e.out->c.data(), 0, buf.data(), 16 * first_blocks);
      while (filled < mlkem::n) {
        keystream(aes, counter, buf.data(), more_blocks);
        filled =
            kernels::active().mlkem.mlkem_rej_uniform_vartime(e.out->c.data(), filled, buf.data(), 16 * more_blocks);
      }
    }
  }
}
template void gen_matrix_vartime<2>(mlkem::TransposedMatrix<2>&, std::span<const std::uint8_t, 32>, bool, AesImpl);
template void gen_matrix_vartime<3>(mlkem::TransposedMatrix<3>&, std::span<const std::uint8_t, 32>, bool, AesImpl);
template void gen_matrix_vartime<4>(mlkem::TransposedMatrix<4>&, std::span<const std::uint8_t, 32>, bool, AesImpl);

void sample_noise(mlkem::Poly* out, std::span<const std::uint8_t, 32> sigma, std::uint8_t first_nonce,
                  std::size_t count, int eta, AesImpl impl) {
  // PRF(σ, N) = AES-256-CTR(σ, N ‖ 0^11), 64η bytes. One key (σ) for all
  // nonces: expanded once.
  note(SymmetricCall::aes256_key_expansion, 0);
  const Aes256 aes(sigma, impl);
  std::array<std::uint8_t, 64 * 3> buf;
  const std::size_t blocks = 4 * static_cast<std::size_t>(eta);
  for (std::size_t i = 0; i < count; ++i) {
    auto counter = initial_counter(static_cast<std::uint8_t>(first_nonce + i), 0);
    keystream(aes, counter, buf.data(), blocks);
    kernels::active().mlkem.mlkem_cbd(out[i].c.data(), buf.data(), static_cast<unsigned>(eta));
  }
  secure_wipe(buf.data(), buf.size());
}

template <class S>
void keygen_noise(mlkem::KeygenNoise<typename S::Core>& out, std::span<const std::uint8_t, 32> sigma, AesImpl impl) {
  constexpr std::size_t K = S::k;
  std::array<mlkem::Poly, 2 * K> noise;  // s, then e; nonces 0 .. 2k-1
  WipeOnExit wipe_noise(noise);
  sample_noise(noise.data(), sigma, 0, 2 * K, S::eta1, impl);
  for (std::size_t i = 0; i < K; ++i) {
    out.s_hat[i] = mlkem::ntt(noise[i]);
    out.e_hat[i] = mlkem::ntt(noise[K + i]);
  }
}

template <class S>
void encrypt_noise(mlkem::EncryptNoise<typename S::Core>& out, std::span<const std::uint8_t, 32> coins, AesImpl impl) {
  constexpr std::size_t K = S::k;
  sample_noise(out.noise.data(), coins, 0, K, S::eta1, impl);
  sample_noise(out.noise.data() + K, coins, static_cast<std::uint8_t>(K), K + 1, S::eta2, impl);
  for (std::size_t i = 0; i < K; ++i) out.y_hat[i] = mlkem::ntt(out.noise[i]);
}

template <class S>
void keygen_derand(std::span<std::uint8_t, S::ek_bytes> pk, std::span<std::uint8_t, S::dk_bytes> sk,
                   std::span<const std::uint8_t, 32> d, std::span<const std::uint8_t, 32> z) {
  using P = typename S::Core;
  constexpr std::size_t K = S::k;
  const AesImpl impl = default_aes_impl();
  // indcpa_keypair: (ρ, σ) = G(d).
  std::array<std::uint8_t, 64> rho_sigma;
  WipeOnExit wipe_rs(rho_sigma);
  hash_g(d, rho_sigma);
  ct::declassify(rho_sigma.data(), 32);  // ρ ends pk
  const auto rho = std::span<const std::uint8_t, 64>(rho_sigma).template first<32>();
  const auto sigma = std::span<const std::uint8_t, 64>(rho_sigma).template last<32>();
  Matrix<S> a;
  gen_matrix_vartime<K>(a, rho, false, impl);
  mlkem::KeygenNoise<P> transformed;  // ŝ, ê
  WipeOnExit wipe_transformed(transformed);
  keygen_noise<S>(transformed, sigma, impl);
  mlkem::kpke_keygen_from_matrix<P>(pk, sk.template first<mlkem::dk_pke_bytes<P>>(), rho, a, transformed);
  // crypto_kem_keypair: sk = sk_pke ‖ pk ‖ H(pk) ‖ z.
  std::memcpy(sk.data() + mlkem::dk_ek_offset<P>, pk.data(), S::ek_bytes);
  hash_h(pk, sk.template subspan<mlkem::dk_hash_offset<P>, 32>());
  std::memcpy(sk.data() + mlkem::dk_z_offset<P>, z.data(), 32);
}

namespace {

// indcpa_enc with the (K̄, coins) = G(m ‖ H(pk)) already computed.
template <class S>
void encrypt(std::span<std::uint8_t, S::ct_bytes> ct, std::span<const std::uint8_t, S::ek_bytes> pk,
             std::span<const std::uint8_t, 32> m, std::span<const std::uint8_t, 32> coins, AesImpl impl) {
  using P = typename S::Core;
  constexpr std::size_t K = S::k;
  Matrix<S> a_t;
  gen_matrix_vartime<K>(a_t, pk.template last<32>(), true, impl);
  mlkem::EncryptNoise<P> w;  // y (η1), e1, e2 (η2) from nonces 0 .. 2k; ŷ
  WipeOnExit wipe_w(w);
  encrypt_noise<S>(w, coins, impl);
  mlkem::kpke_encrypt_from_noise<P>(ct, pk, m, w, a_t);
}

}  // namespace

template <class S>
void encaps_derand(std::span<std::uint8_t, S::ct_bytes> ct, std::span<std::uint8_t, 32> ss,
                   std::span<const std::uint8_t, S::ek_bytes> pk, std::span<const std::uint8_t, 32> coins) {
  const AesImpl impl = default_aes_impl();
  std::array<std::uint8_t, 64> m_h, kr;  // m ‖ H(pk); K̄ ‖ r, then K̄ ‖ H(c)
  WipeOnExit wipe_mh(m_h);
  WipeOnExit wipe_kr(kr);
  hash_h(coins, std::span(m_h).template first<32>());  // m = H(coins): the RNG's output is never sent
  hash_h(pk, std::span(m_h).template last<32>());
  hash_g(m_h, kr);
  encrypt<S>(ct, pk, std::span<const std::uint8_t, 64>(m_h).template first<32>(),
             std::span<const std::uint8_t, 64>(kr).template last<32>(), impl);
  hash_h(ct, std::span(kr).template last<32>());
  hash_h(kr, ss);  // KDF(K̄ ‖ H(c))
}

template <class S>
void decaps(std::span<std::uint8_t, 32> ss, std::span<const std::uint8_t, S::ct_bytes> ct,
            std::span<const std::uint8_t, S::dk_bytes> sk) {
  using P = typename S::Core;
  const AesImpl impl = default_aes_impl();
  const auto pk = sk.template subspan<mlkem::dk_ek_offset<P>, S::ek_bytes>();
  const auto h = sk.template subspan<mlkem::dk_hash_offset<P>, 32>();
  const auto z = sk.template subspan<mlkem::dk_z_offset<P>, 32>();
  std::array<std::uint8_t, 64> m_h, kr;
  std::array<std::uint8_t, S::ct_bytes> ct_again;
  WipeOnExit wipe_mh(m_h);
  WipeOnExit wipe_kr(kr);
  WipeOnExit wipe_ct(ct_again);
  mlkem::kpke_decrypt<P>(std::span(m_h).template first<32>(), sk.template first<mlkem::dk_pke_bytes<P>>(), ct);
  std::memcpy(m_h.data() + 32, h.data(), 32);
  hash_g(m_h, kr);
  encrypt<S>(ct_again, pk, std::span<const std::uint8_t, 64>(m_h).template first<32>(),
             std::span<const std::uint8_t, 64>(kr).template last<32>(), impl);
  const std::uint8_t fail = ct::mask_nonzero_u8(ct::diff(ct, std::span<const std::uint8_t, S::ct_bytes>(ct_again)));
  hash_h(ct, std::span(kr).template last<32>());  // overwrite r' with H(c)
  ct::select_bytes(std::span(kr).template first<32>(), z, fail);
  hash_h(kr, ss);  // KDF(K̄' ‖ H(c)) or KDF(z ‖ H(c))
}

void replay_symmetric(const SymmetricLog& log, AesImpl impl) {
  std::array<std::uint8_t, 32> key{};
  std::array<std::uint8_t, 16 * 32> buf{};
  std::array<std::uint8_t, 4096> msg{};
  std::array<std::uint8_t, 64> digest;
  alignas(Aes256) std::array<std::uint8_t, sizeof(Aes256)> storage;
  const Aes256* aes = nullptr;
  for (std::size_t i = 0; i < log.count; ++i) {
    const SymmetricCall c = log.calls[i];
    switch (c.kind) {
      case SymmetricCall::aes256_key_expansion:
        if (aes != nullptr) aes->~Aes256();
        aes = new (storage.data()) Aes256(key, impl);
        break;
      case SymmetricCall::aes256_ctr: {
        auto counter = initial_counter(static_cast<std::uint8_t>(i), 0);
        for (std::size_t done = 0; done < c.amount; done += 32) {
          const std::size_t n = c.amount - done < 32 ? c.amount - done : 32;
          if (aes != nullptr) aes->ctr_keystream(counter, buf.data(), n);
        }
        break;
      }
      case SymmetricCall::sha256:
        hash::sha256(std::span(msg).first(c.amount < msg.size() ? c.amount : msg.size()),
                     std::span(digest).template first<32>());
        break;
      case SymmetricCall::sha512:
        hash::sha512(std::span(msg).first(c.amount < msg.size() ? c.amount : msg.size()), digest);
        break;
    }
  }
  if (aes != nullptr) aes->~Aes256();
}

#define PQLAB_KYBER90S_INSTANTIATE(S)                                                                            \
  template void keygen_derand<S>(std::span<std::uint8_t, S::ek_bytes>, std::span<std::uint8_t, S::dk_bytes>,     \
                                 std::span<const std::uint8_t, 32>, std::span<const std::uint8_t, 32>);          \
  template void encaps_derand<S>(std::span<std::uint8_t, S::ct_bytes>, std::span<std::uint8_t, 32>,              \
                                 std::span<const std::uint8_t, S::ek_bytes>, std::span<const std::uint8_t, 32>); \
  template void decaps<S>(std::span<std::uint8_t, 32>, std::span<const std::uint8_t, S::ct_bytes>,               \
                          std::span<const std::uint8_t, S::dk_bytes>);                                           \
  template void keygen_noise<S>(mlkem::KeygenNoise<S::Core>&, std::span<const std::uint8_t, 32>, AesImpl);       \
  template void encrypt_noise<S>(mlkem::EncryptNoise<S::Core>&, std::span<const std::uint8_t, 32>, AesImpl);
PQLAB_KYBER90S_INSTANTIATE(Kyber512_90s)
PQLAB_KYBER90S_INSTANTIATE(Kyber768_90s)
PQLAB_KYBER90S_INSTANTIATE(Kyber1024_90s)
#undef PQLAB_KYBER90S_INSTANTIATE

}  // namespace pqlab::lab::kyber90s
