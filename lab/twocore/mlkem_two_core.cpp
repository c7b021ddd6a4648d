// ML-KEM on two cores (mlkem_two_core.hpp): the same FIPS 203 algorithms as
// src/mlkem/mlkem.cpp, with Â's sampling handed to the second core. The
// K-PKE arithmetic is the core's (kpke_keygen_from_matrix,
// kpke_encrypt_from_noise); only where Â is made differs.
#include "twocore/mlkem_two_core.hpp"

#include <array>

#include "common/ct_poison.hpp"
#include "common/wipe.hpp"
#include "hash/keccak_parallel.hpp"
#include "mlkem/decaps.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::lab::twocore {

using mlkem::dk_ek_offset;
using mlkem::dk_hash_offset;
using mlkem::dk_pke_bytes;
using mlkem::dk_z_offset;

template <class P>
void kpke_keygen(SecondCore& core, const PkeSteps<P>& steps, std::span<std::uint8_t, P::ek_bytes> ek,
                 std::span<std::uint8_t, mlkem::dk_pke_bytes<P>> dk_pke, std::span<const std::uint8_t, 32> rho,
                 std::span<const std::uint8_t, 32> sigma) {
  mlkem::Matrix<P::k> a;
  mlkem::KeygenNoise<P> noise;
  WipeOnExit wipe(noise);
  sample_matrix_beside<P>(core, steps, a, rho, false, [&] { steps.keygen_noise(noise, sigma); });
  mlkem::kpke_keygen_from_matrix<P>(ek, dk_pke, rho, a, noise);
}

// FIPS 203 Alg. 16 (ML-KEM.KeyGen_internal).
template <class P>
Status keygen_derand(SecondCore& core, mlkem::EncapsKey<P> ek, mlkem::DecapsKey<P> dk, mlkem::Seed d, mlkem::Seed z) {
  std::array<std::uint8_t, 64> rho_sigma;
  WipeOnExit wipe_rho_sigma(rho_sigma);
  mlkem::kpke_expand_seed<P>(rho_sigma, d);
  kpke_keygen<P>(core, mlkem_steps<P>, ek, dk.template first<dk_pke_bytes<P>>(),
                 std::span<const std::uint8_t>(rho_sigma).template first<32>(),
                 std::span<const std::uint8_t>(rho_sigma).template last<32>());
  // dk = dk_pke ‖ ek ‖ H(ek) ‖ z
  mlkem::place_ek_and_z<P>(dk, ek, z);
  hash::sha3_256(ek, dk.template subspan<dk_hash_offset<P>, 32>());
  return Status::ok;
}

// FIPS 203 Alg. 19 (ML-KEM.KeyGen).
template <class P>
Status keygen(SecondCore& core, mlkem::EncapsKey<P> ek, mlkem::DecapsKey<P> dk, RandomSource& rng) {
  std::array<std::uint8_t, 64> dz;
  WipeOnExit wipe(dz);
  if (rng.generate(dz) != Status::ok) return Status::random_failure;
  return keygen_derand<P>(core, ek, dk, std::span<const std::uint8_t>(dz).template first<32>(),
                          std::span<const std::uint8_t>(dz).template last<32>());
}

// FIPS 203 Alg. 17 (ML-KEM.Encaps_internal) after the §7.2 check: Âᵀ on the
// second core while this one computes H(ek), (K, r) = G(m ‖ H(ek)) and the
// noise from r.
template <class P>
Status encaps_derand(SecondCore& core, mlkem::Ciphertext<P> ct, mlkem::SharedSecret key, mlkem::ConstEncapsKey<P> ek,
                     mlkem::Seed m) {
  if (mlkem::check_encaps_key<P>(ek) != Status::ok) return Status::invalid_key;
  std::array<std::uint8_t, 64> g_in, k_r;
  WipeOnExit wipe_g_in(g_in);
  WipeOnExit wipe_k_r(k_r);
  for (std::size_t i = 0; i < 32; ++i) g_in[i] = m[i];
  kpke_encrypt<P>(core, mlkem_steps<P>, ct, ek, m, std::span<const std::uint8_t>(k_r).template last<32>(), [&] {
    hash::sha3_256(ek, std::span(g_in).template last<32>());
    hash::sha3_512(g_in, k_r);
  });
  for (std::size_t i = 0; i < 32; ++i) key[i] = k_r[i];
  return Status::ok;
}

// FIPS 203 Alg. 20 (ML-KEM.Encaps).
template <class P>
Status encaps(SecondCore& core, mlkem::Ciphertext<P> ct, mlkem::SharedSecret key, mlkem::ConstEncapsKey<P> ek,
              RandomSource& rng) {
  std::array<std::uint8_t, 32> m;
  WipeOnExit wipe(m);
  if (rng.generate(m) != Status::ok) return Status::random_failure;
  return encaps_derand<P>(core, ct, key, ek, m);
}

// FIPS 203 Alg. 21 after the §7.3 checks, running Alg. 18 with implicit
// rejection: Âᵀ for the re-encryption on the second core while this one
// checks H(ek), computes K̄ = J(z ‖ c), decrypts m', derives (K', r') =
// G(m' ‖ h) and samples the noise from r'.
template <class P>
Status decaps(SecondCore& core, mlkem::SharedSecret key, mlkem::ConstCiphertext<P> ct, mlkem::ConstDecapsKey<P> dk) {
  const auto dk_pke = dk.template first<dk_pke_bytes<P>>();
  const auto ek = dk.template subspan<dk_ek_offset<P>, P::ek_bytes>();
  const auto h = dk.template subspan<dk_hash_offset<P>, 32>();  // H(ek) as stored
  const auto z = dk.template subspan<dk_z_offset<P>, 32>();

  std::array<std::uint8_t, 64> g_in{}, k_r{};
  std::array<std::uint8_t, 32> k_bar, h_check;
  std::array<std::uint8_t, 32 + P::ct_bytes> z_c;  // J's input
  std::array<std::uint8_t, P::ct_bytes> ct_again;
  WipeOnExit wipe_g_in(g_in);
  WipeOnExit wipe_k_r(k_r);
  WipeOnExit wipe_k_bar(k_bar);
  WipeOnExit wipe_z_c(z_c);
  WipeOnExit wipe_ct(ct_again);

  Status check = Status::ok;
  kpke_encrypt<P>(core, mlkem_steps<P>, ct_again, ek, std::span<const std::uint8_t>(g_in).template first<32>(),
                  std::span<const std::uint8_t>(k_r).template last<32>(), [&] {
                    // §7.3 hash check and K̄ = J(z ‖ c), side by side in two Keccak ways.
                    for (std::size_t i = 0; i < 32; ++i) z_c[i] = z[i];
                    for (std::size_t i = 0; i < P::ct_bytes; ++i) z_c[32 + i] = ct[i];
                    hash::sha3_256_and_shake256_32(ek, h_check, z_c, k_bar);
                    check = mlkem::decaps_key_hash_check<P>(h_check, dk);
                    // m' = K-PKE.Decrypt(dk_pke, c); (K', r') = G(m' ‖ h)
                    mlkem::kpke_decrypt<P>(std::span(g_in).template first<32>(), dk_pke, ct);
                    for (std::size_t i = 0; i < 32; ++i) g_in[32 + i] = h[i];
                    hash::sha3_512(g_in, k_r);
                  });
  // A dk that fails the hash check is refused (the check is on public data);
  // the re-encryption above is then discarded.
  if (check != Status::ok) return check;
  mlkem::implicit_rejection<P>(key, ct, ct_again, std::span(k_r).template first<32>(), k_bar);
  return Status::ok;
}

#define PQLAB_TWO_CORE_INSTANTIATE(P)                                                                                \
  template void kpke_keygen<P>(SecondCore&, const PkeSteps<P>&, std::span<std::uint8_t, P::ek_bytes>,                \
                               std::span<std::uint8_t, mlkem::dk_pke_bytes<P>>, std::span<const std::uint8_t, 32>,   \
                               std::span<const std::uint8_t, 32>);                                                   \
  template Status keygen_derand<P>(SecondCore&, mlkem::EncapsKey<P>, mlkem::DecapsKey<P>, mlkem::Seed, mlkem::Seed); \
  template Status keygen<P>(SecondCore&, mlkem::EncapsKey<P>, mlkem::DecapsKey<P>, RandomSource&);                   \
  template Status encaps_derand<P>(SecondCore&, mlkem::Ciphertext<P>, mlkem::SharedSecret, mlkem::ConstEncapsKey<P>, \
                                   mlkem::Seed);                                                                     \
  template Status encaps<P>(SecondCore&, mlkem::Ciphertext<P>, mlkem::SharedSecret, mlkem::ConstEncapsKey<P>,        \
                            RandomSource&);                                                                          \
  template Status decaps<P>(SecondCore&, mlkem::SharedSecret, mlkem::ConstCiphertext<P>, mlkem::ConstDecapsKey<P>);
PQLAB_TWO_CORE_INSTANTIATE(mlkem::MLKEM512)
PQLAB_TWO_CORE_INSTANTIATE(mlkem::MLKEM768)
PQLAB_TWO_CORE_INSTANTIATE(mlkem::MLKEM1024)
#undef PQLAB_TWO_CORE_INSTANTIATE

}  // namespace pqlab::lab::twocore
