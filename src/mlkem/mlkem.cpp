// ML-KEM (FIPS 203 §6–7): key generation, encapsulation, decapsulation and
// the input checks, over K-PKE.
#include "hash/keccak_parallel.hpp"
#include "pqlab/mlkem.hpp"

#include <array>

#include "common/ct.hpp"
#include "common/wipe.hpp"
#include "mlkem/decaps.hpp"
#include "mlkem/low_stack.hpp"
#include "mlkem/kpke.hpp"
#include "mlkem/poly.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::mlkem {
// FIPS 203 Alg. 16 (ML-KEM.KeyGen_internal).
template <class P>
Status keygen_derand(EncapsKey<P> ek, DecapsKey<P> dk, Seed d, Seed z) {
#if PQLAB_MLKEM_LOW_STACK
  return low_stack::keygen_derand<P>(ek, dk, d, z);
#endif
  // H(ek) starts while ek is being written: its blocks ride in the Keccak
  // ways that Â's last rows leave idle, as t̂'s rows become available.
  hash::KeccakRider h_ek(hash::Sha3_256::rate_bytes, 0x06, ek, 0);
  kpke_keygen<P>(ek, dk.template first<dk_pke_bytes<P>>(), d, &h_ek);
  place_ek_and_z<P>(dk, ek, z);
  h_ek.finish(dk.template subspan<dk_hash_offset<P>, 32>());
  return Status::ok;
}

// FIPS 203 Alg. 19 (ML-KEM.KeyGen).
template <class P>
Status keygen(EncapsKey<P> ek, DecapsKey<P> dk, RandomSource& rng) {
  std::array<std::uint8_t, 64> dz;
  WipeOnExit wipe(dz);
  if (rng.generate(dz) != Status::ok) return Status::random_failure;
  return keygen_derand<P>(ek, dk, std::span(dz).template first<32>(), std::span(dz).template last<32>());
}

// FIPS 203 §7.2: the encapsulation key's type check is its length (fixed by
// the span type); the modulus check requires each 12-bit value to be < q.
template <class P>
Status check_encaps_key(ConstEncapsKey<P> ek) {
  for (std::size_t i = 0; i < static_cast<std::size_t>(P::k); ++i)
    if (!is_reduced12_vartime(ek.subspan(384 * i).template first<384>())) return Status::invalid_key;
  return Status::ok;
}

// FIPS 203 §7.3: the hash check, H(ek) stored in dk equals H of the ek stored
// in dk (decaps_key_hash_check, mlkem/decaps.hpp).
template <class P>
Status check_decaps_key(ConstDecapsKey<P> dk) {
  std::array<std::uint8_t, 32> h;
  hash::sha3_256(dk.template subspan<dk_ek_offset<P>, P::ek_bytes>(), h);
  return decaps_key_hash_check<P>(h, dk);
}

// FIPS 203 Alg. 17 (ML-KEM.Encaps_internal), after the §7.2 check.
template <class P>
Status encaps_derand(Ciphertext<P> ct, SharedSecret key, ConstEncapsKey<P> ek, Seed m) {
#if PQLAB_MLKEM_LOW_STACK
  return low_stack::encaps_derand<P>(ct, key, ek, m);
#endif
  if (check_encaps_key<P>(ek) != Status::ok) return Status::invalid_key;
  // (K, r) = G(m ‖ H(ek))
  std::array<std::uint8_t, 64> g_in, k_r;
  WipeOnExit wipe_g_in(g_in);
  WipeOnExit wipe_k_r(k_r);
  for (std::size_t i = 0; i < 32; ++i) g_in[i] = m[i];
  // H(ek) (9 serial permutations for ML-KEM-768) does not depend on Âᵀ,
  // so it rides in the idle ways of Âᵀ's sampling, which therefore comes
  // first and is held whole (public).
  TransposedMatrix<P::k> a_t;
  hash::KeccakRider h_ek(hash::Sha3_256::rate_bytes, 0x06, ek);
  sample_matrix_vartime<P::k>(a_t, ek.template last<32>(), true, &h_ek);
  h_ek.finish(std::span(g_in).template last<32>());
  hash::sha3_512(g_in, k_r);
  EncryptNoise<P> noise;
  WipeOnExit wipe_noise(noise);
  kpke_encrypt_noise<P>(noise, std::span<const std::uint8_t>(k_r).template last<32>());
  kpke_encrypt_from_noise<P>(ct, ek, m, noise, a_t);
  for (std::size_t i = 0; i < 32; ++i) key[i] = k_r[i];
  return Status::ok;
}

// FIPS 203 Alg. 20 (ML-KEM.Encaps).
template <class P>
Status encaps(Ciphertext<P> ct, SharedSecret key, ConstEncapsKey<P> ek, RandomSource& rng) {
  std::array<std::uint8_t, 32> m;
  WipeOnExit wipe(m);
  if (rng.generate(m) != Status::ok) return Status::random_failure;
  return encaps_derand<P>(ct, key, ek, m);
}

namespace {

// FIPS 203 Alg. 21 (ML-KEM.Decaps) after the §7.3 checks, running Alg. 18
// (ML-KEM.Decaps_internal) with implicit rejection (mlkem/decaps.hpp).
// HashCheck: run the §7.3 hash check here (false only for a key that
// check_decaps_key has already passed).
template <class P, bool HashCheck>
Status decaps_with(SharedSecret key, ConstCiphertext<P> ct, ConstDecapsKey<P> dk) {
#if PQLAB_MLKEM_LOW_STACK
  return low_stack::decaps<P>(key, ct, dk, HashCheck);
#endif
  const auto dk_pke = dk.template first<dk_pke_bytes<P>>();
  const auto ek = dk.template subspan<dk_ek_offset<P>, P::ek_bytes>();
  const auto h = dk.template subspan<dk_hash_offset<P>, 32>();  // H(ek) as stored
  const auto z = dk.template subspan<dk_z_offset<P>, 32>();

  std::array<std::uint8_t, 64> g_in, k_r;
  std::array<std::uint8_t, 32> k_bar;
  std::array<std::uint8_t, 32 + P::ct_bytes> z_c;  // J's input
  std::array<std::uint8_t, P::ct_bytes> ct_again;
  WipeOnExit wipe_g_in(g_in);
  WipeOnExit wipe_k_r(k_r);
  WipeOnExit wipe_k_bar(k_bar);
  WipeOnExit wipe_z_c(z_c);
  WipeOnExit wipe_ct(ct_again);

  // The §7.3 hash check H(ek) = h, and K̄ = J(z ‖ c) = SHAKE256(z ‖ c, 32),
  // which is not used unless the check passes. Both are riders: their
  // first blocks side by side (two Keccak ways), then H(ek) alone and J in
  // the ways that the re-encryption's Âᵀ leaves idle (as many as there are;
  // finish() runs what is left). Without the hash check, J rides in Âᵀ's
  // idle ways from its first block.
  for (std::size_t i = 0; i < 32; ++i) z_c[i] = z[i];
  for (std::size_t i = 0; i < P::ct_bytes; ++i) z_c[32 + i] = ct[i];
  hash::KeccakRider j(hash::Shake256::rate_bytes, 0x1f, z_c);
  if constexpr (HashCheck) {
    std::array<std::uint8_t, 32> h_check;
    constexpr std::size_t j_blocks = (32 + P::ct_bytes) / hash::Shake256::rate_bytes + 1;
    constexpr std::size_t riding = matrix_rider_steps<P::k>();
    hash::KeccakRider h_ek(hash::Sha3_256::rate_bytes, 0x06, ek);
    (void)hash::ride_together(h_ek, j, j_blocks > riding ? j_blocks - riding : 0);
    h_ek.finish(h_check);
    if (const Status s = decaps_key_hash_check<P>(h_check, dk); s != Status::ok) return s;
  }

  // m' = K-PKE.Decrypt(dk_pke, c); (K', r') = G(m' ‖ h)
  kpke_decrypt<P>(std::span(g_in).template first<32>(), dk_pke, ct);
  for (std::size_t i = 0; i < 32; ++i) g_in[32 + i] = h[i];
  hash::sha3_512(g_in, k_r);

  // c' = K-PKE.Encrypt(ek, m', r'); K = (c = c') ? K' : K̄
  kpke_encrypt<P>(ct_again, ek, std::span<const std::uint8_t>(g_in).template first<32>(),
                  std::span<const std::uint8_t>(k_r).template last<32>(), &j);
  j.finish(k_bar);
  implicit_rejection<P>(key, ct, ct_again, std::span(k_r).template first<32>(), k_bar);
  return Status::ok;
}

}  // namespace

// FIPS 203 Alg. 21 (ML-KEM.Decaps) with the §7.3 hash check.
template <class P>
Status decaps(SharedSecret key, ConstCiphertext<P> ct, ConstDecapsKey<P> dk) {
  return decaps_with<P, true>(key, ct, dk);
}

// FIPS 203 §7.3, the checks once for many decapsulations: the type checks
// are the span types; the hash check is check_decaps_key's.
template <class P>
Status check_decaps_key(ConstDecapsKey<P> dk, std::optional<CheckedDecapsKey<P>>& checked) {
  checked.reset();
  if (const Status s = check_decaps_key<P>(dk); s != Status::ok) return s;
  checked = CheckedDecapsKey<P>(dk);
  return Status::ok;
}

// FIPS 203 Alg. 21 with the §7.3 checks already done (CheckedDecapsKey).
template <class P>
Status decaps(SharedSecret key, ConstCiphertext<P> ct, const CheckedDecapsKey<P>& dk) {
  return decaps_with<P, false>(key, ct, dk.bytes());
}

#define PQLAB_MLKEM_INSTANTIATE(P)                                                             \
  template Status keygen<P>(EncapsKey<P>, DecapsKey<P>, RandomSource&);                        \
  template Status keygen_derand<P>(EncapsKey<P>, DecapsKey<P>, Seed, Seed);                    \
  template Status encaps<P>(Ciphertext<P>, SharedSecret, ConstEncapsKey<P>, RandomSource&);    \
  template Status encaps_derand<P>(Ciphertext<P>, SharedSecret, ConstEncapsKey<P>, Seed);      \
  template Status decaps<P>(SharedSecret, ConstCiphertext<P>, ConstDecapsKey<P>);              \
  template Status check_encaps_key<P>(ConstEncapsKey<P>);                                      \
  template Status check_decaps_key<P>(ConstDecapsKey<P>);                                      \
  template Status check_decaps_key<P>(ConstDecapsKey<P>, std::optional<CheckedDecapsKey<P>>&); \
  template Status decaps<P>(SharedSecret, ConstCiphertext<P>, const CheckedDecapsKey<P>&);
PQLAB_MLKEM_INSTANTIATE(MLKEM512)
PQLAB_MLKEM_INSTANTIATE(MLKEM768)
PQLAB_MLKEM_INSTANTIATE(MLKEM1024)
#undef PQLAB_MLKEM_INSTANTIATE

}  // namespace pqlab::mlkem
