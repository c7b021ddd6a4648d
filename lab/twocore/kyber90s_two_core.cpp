// Kyber-90s on two cores (kyber90s_two_core.hpp): round 3's
// crypto_kem_keypair / enc / dec (v3.02, 90s instantiation) as
// lab/subjects/kyber90s/kyber90s.cpp does them, with Â's AES-256-CTR
// sampling handed to the second core by twocore::kpke_keygen and
// kpke_encrypt.
#include "twocore/kyber90s_two_core.hpp"

#include <array>
#include <cstring>

#include "common/ct.hpp"
#include "common/ct_poison.hpp"
#include "common/wipe.hpp"
#include "pqlab/sha2.hpp"

namespace pqlab::lab::twocore {
namespace {

namespace k90 = kyber90s;
using mlkem::dk_ek_offset;
using mlkem::dk_hash_offset;
using mlkem::dk_pke_bytes;
using mlkem::dk_z_offset;

// The steps take the AES implementation as the single-core path does, each
// time (a process-wide choice that follows the active kernel backend).
template <class S>
void matrix_step(mlkem::Matrix<S::k>& a, std::span<const std::uint8_t, 32> rho, bool transposed) {
  k90::gen_matrix_vartime<S::k>(a, rho, transposed, k90::default_aes_impl());
}
template <class S>
void keygen_noise_step(mlkem::KeygenNoise<typename S::Core>& out, std::span<const std::uint8_t, 32> sigma) {
  k90::keygen_noise<S>(out, sigma, k90::default_aes_impl());
}
template <class S>
void encrypt_noise_step(mlkem::EncryptNoise<typename S::Core>& out, std::span<const std::uint8_t, 32> coins) {
  k90::encrypt_noise<S>(out, coins, k90::default_aes_impl());
}

template <class S>
constexpr PkeSteps<typename S::Core> kSteps = {&matrix_step<S>, &keygen_noise_step<S>, &encrypt_noise_step<S>};

}  // namespace

template <class S>
const PkeSteps<typename S::Core>& kyber90s_steps() {
  return kSteps<S>;
}

// crypto_kem_keypair: indcpa_keypair with (ρ, σ) = G(d) (SHA-512, no
// domain-separating k), Â on the second core beside ŝ, ê here; then
// sk = sk_pke ‖ pk ‖ H(pk) ‖ z.
template <class S>
void kyber90s_keygen_derand(SecondCore& core, std::span<std::uint8_t, S::ek_bytes> pk,
                            std::span<std::uint8_t, S::dk_bytes> sk, std::span<const std::uint8_t, 32> d,
                            std::span<const std::uint8_t, 32> z) {
  using P = typename S::Core;
  std::array<std::uint8_t, 64> rho_sigma;
  WipeOnExit wipe_rs(rho_sigma);
  hash::sha512(d, rho_sigma);
  ct::declassify(rho_sigma.data(), 32);  // ρ ends pk
  kpke_keygen<P>(core, kSteps<S>, pk, sk.template first<dk_pke_bytes<P>>(),
                 std::span<const std::uint8_t, 64>(rho_sigma).template first<32>(),
                 std::span<const std::uint8_t, 64>(rho_sigma).template last<32>());
  std::memcpy(sk.data() + dk_ek_offset<P>, pk.data(), S::ek_bytes);
  hash::sha256(pk, sk.template subspan<dk_hash_offset<P>, 32>());
  std::memcpy(sk.data() + dk_z_offset<P>, z.data(), 32);
}

// crypto_kem_enc: Âᵀ on the second core while this one computes m = H(coins),
// H(pk), (K̄, r) = G(m ‖ H(pk)) and the noise from r; then
// K = KDF(K̄ ‖ H(c)).
template <class S>
void kyber90s_encaps_derand(SecondCore& core, std::span<std::uint8_t, S::ct_bytes> ct, std::span<std::uint8_t, 32> ss,
                            std::span<const std::uint8_t, S::ek_bytes> pk, std::span<const std::uint8_t, 32> coins) {
  using P = typename S::Core;
  std::array<std::uint8_t, 64> m_h, kr;  // m ‖ H(pk); K̄ ‖ r, then K̄ ‖ H(c)
  WipeOnExit wipe_mh(m_h);
  WipeOnExit wipe_kr(kr);
  kpke_encrypt<P>(core, kSteps<S>, ct, pk, std::span<const std::uint8_t, 64>(m_h).template first<32>(),
                  std::span<const std::uint8_t, 64>(kr).template last<32>(), [&] {
                    hash::sha256(coins, std::span(m_h).template first<32>());
                    hash::sha256(pk, std::span(m_h).template last<32>());
                    hash::sha512(m_h, kr);
                  });
  hash::sha256(ct, std::span(kr).template last<32>());
  hash::sha256(kr, ss);
}

// crypto_kem_dec: Âᵀ for the re-encryption on the second core while this
// one decrypts m', computes (K̄', r') = G(m' ‖ h), H(c) and the noise from
// r'; then K = KDF(K̄' ‖ H(c)), or KDF(z ‖ H(c)) if the re-encryption
// differs from c (selected in constant time).
template <class S>
void kyber90s_decaps(SecondCore& core, std::span<std::uint8_t, 32> ss, std::span<const std::uint8_t, S::ct_bytes> ct,
                     std::span<const std::uint8_t, S::dk_bytes> sk) {
  using P = typename S::Core;
  const auto pk = sk.template subspan<dk_ek_offset<P>, S::ek_bytes>();
  const auto h = sk.template subspan<dk_hash_offset<P>, 32>();
  const auto z = sk.template subspan<dk_z_offset<P>, 32>();
  std::array<std::uint8_t, 64> m_h, kr;
  std::array<std::uint8_t, 32> h_c;
  std::array<std::uint8_t, S::ct_bytes> ct_again;
  WipeOnExit wipe_mh(m_h);
  WipeOnExit wipe_kr(kr);
  WipeOnExit wipe_ct(ct_again);
  kpke_encrypt<P>(core, kSteps<S>, ct_again, pk, std::span<const std::uint8_t, 64>(m_h).template first<32>(),
                  std::span<const std::uint8_t, 64>(kr).template last<32>(),
                  [&] {
    mlkem::kpke_decrypt<P>(std::span(m_h).template first<32>(), sk.template first<dk_pke_bytes<P>>(), ct);
    std::memcpy(m_h.data() + 32, h.data(), 32);
    hash::sha512(m_h, kr);
    hash::sha256(ct, h_c);  // public: c is
  });
  const std::uint8_t fail = ct::mask_nonzero_u8(ct::diff(ct, std::span<const std::uint8_t, S::ct_bytes>(ct_again)));
  std::memcpy(kr.data() + 32, h_c.data(), 32);  // overwrite r' with H(c)
  ct::select_bytes(std::span(kr).template first<32>(), z, fail);
  hash::sha256(kr, ss);  // KDF(K̄' ‖ H(c)) or KDF(z ‖ H(c))
}

#define PQLAB_KYBER90S_TWO_CORE_INSTANTIATE(S)                                                                     \
  template const PkeSteps<S::Core>& kyber90s_steps<S>();                                                           \
  template void kyber90s_keygen_derand<S>(SecondCore&, std::span<std::uint8_t, S::ek_bytes>,                       \
                                          std::span<std::uint8_t, S::dk_bytes>, std::span<const std::uint8_t, 32>, \
                                          std::span<const std::uint8_t, 32>);                                      \
  template void kyber90s_encaps_derand<S>(SecondCore&, std::span<std::uint8_t, S::ct_bytes>,                       \
                                          std::span<std::uint8_t, 32>, std::span<const std::uint8_t, S::ek_bytes>, \
                                          std::span<const std::uint8_t, 32>);                                      \
  template void kyber90s_decaps<S>(SecondCore&, std::span<std::uint8_t, 32>,                                       \
                                   std::span<const std::uint8_t, S::ct_bytes>,                                     \
                                   std::span<const std::uint8_t, S::dk_bytes>);
PQLAB_KYBER90S_TWO_CORE_INSTANTIATE(kyber90s::Kyber512_90s)
PQLAB_KYBER90S_TWO_CORE_INSTANTIATE(kyber90s::Kyber768_90s)
PQLAB_KYBER90S_TWO_CORE_INSTANTIATE(kyber90s::Kyber1024_90s)
#undef PQLAB_KYBER90S_TWO_CORE_INSTANTIATE

}  // namespace pqlab::lab::twocore
