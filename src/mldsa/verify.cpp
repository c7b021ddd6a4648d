// ML-DSA verification: FIPS 204 Alg. 8 (ML-DSA.Verify_internal) and its
// external-μ form. Everything here is public, so it may branch.
#include <array>

#include "common/ct.hpp"
#include "hash/keccak_parallel.hpp"
#include "mldsa/packing.hpp"
#include "mldsa/rounding.hpp"
#include "mldsa/sampling.hpp"
#include "mldsa/verify_w1.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa {

namespace detail {

// Â is generated a batch of entries at a time (verify_w1.hpp).
template <class P>
Status verify_w1_vartime(ConstPublicKey<P> pk, ConstSignature<P> sig,
                         std::span<std::uint8_t, Layout<P>::w1_bytes> w1_packed, hash::KeccakRider* rider,
                         W1RowsListener* rows) {
  using Lay = Layout<P>;
  constexpr std::size_t k = P::k, l = P::l;
  const Seed32 rho(pk.data(), 32);

  // sigDecode (Alg. 27) with HintBitUnpack (Alg. 21); ‖z‖∞ < γ1 - β.
  HintBits<P> hints;
  if (!unpack_hints_vartime<P>(hints, sig.data() + Lay::sig_h)) return Status::invalid_signature;
  NttPoly z_hat[l];
  Poly t, t1;
  for (std::size_t j = 0; j < l; ++j) {
    unpack_z<P>(t, sig.data() + Lay::sig_z + j * Lay::z_poly_bytes);
    if (norm_at_least(t, P::gamma1 - P::beta) != 0) return Status::invalid_signature;
    ntt(z_hat[j], t);
  }
  // ĉ' = NTT(-2^d · c): each row's c·t1·2^d is then one more product
  // accumulated with Â_i ∘ ẑ, on t1 as it is unpacked (|2^d · c_i| <= 2^13).
  const auto c_tilde = sig.template first<P::ctilde_bytes>();
  NttPoly c_hat;
  sample_in_ball_vartime<P::tau>(t, c_tilde);
  for (auto& x : t.c) x *= -(1 << d);
  ntt(c_hat, t);

  // w'_approx = NTT^-1(Â ∘ ẑ - ĉ ∘ NTT(t1 · 2^d)); w1' = UseHint(h, w'_approx).
  std::array<NttPoly, kMatrixBatch> a_batch;
  NttPoly t1_hat;
  WideRowSum wide;
  NttRowSum row(t, wide);
  for_each_matrix_entry_vartime<k, l>(
      rho, a_batch,
      [&](std::size_t i, std::size_t j, const NttPoly& a_ij) {
    if (j == 0)
      row.first(a_ij, z_hat[0]);
    else
      row.add(a_ij, z_hat[j]);
    if (j + 1 < l) return;
    unpack_t1(t1, pk.data() + 32 + i * Lay::t1_poly_bytes);
    ntt(t1_hat, t1);
    row.add(c_hat, t1_hat);
    row.intt_tomont();
    use_hints_pack<P::gamma2>(w1_packed.data() + i * Lay::w1_poly_bytes, t, hints.bits[i]);
    if (rows != nullptr) rows->rows_written(i + 1);
      },
      [&] { row.flush(); },             // a row's earlier entries leave with their batch
      rider, hash::Data::public_only);  // verification holds no secret: nothing to wipe
  return Status::ok;
}

// Every byte of c̃ and c̃' is read; one decision on the OR of differences.
template <class P>
[[gnu::noinline]] Status check_ctilde(hash::KeccakRider& c_hash, ConstSignature<P> sig) {
  std::array<std::uint8_t, P::ctilde_bytes> c_tilde_check;
  c_hash.finish(c_tilde_check);
  return status_from_ctilde_diff(ct::diff(c_tilde_check, sig.template first<P::ctilde_bytes>()));
}

}  // namespace detail

// FIPS 204 Alg. 8 from line 7 on, given μ.
template <class P>
Status verify_mu(ConstPublicKey<P> pk, Mu mu, ConstSignature<P> sig) {
  using Lay = detail::Layout<P>;
  detail::CTildeInput<P> c_input;
  for (std::size_t i = 0; i < mu_bytes; ++i) c_input[i] = mu[i];
  if (detail::verify_w1_vartime<P>(pk, sig, std::span(c_input).template last<Lay::w1_bytes>()) != Status::ok)
    return Status::invalid_signature;
  hash::KeccakRider c_hash(hash::Shake256::rate_bytes, 0x1f, c_input, hash::Data::public_only);
  return detail::check_ctilde<P>(c_hash, sig);
}

// FIPS 204 Alg. 8 (ML-DSA.Verify_internal): μ = H(H(pk, 64) ‖ M', 64).
template <class P>
Status verify_internal(ConstPublicKey<P> pk, Message formatted_msg, ConstSignature<P> sig) {
  return detail::verify_with_riding_tr<P>(pk, sig,
                                          [&](std::span<const std::uint8_t, 64> tr,
                                              std::span<std::uint8_t, mu_bytes> mu) {
    hash::Shake256 h;
    h.absorb(tr);
    h.absorb(formatted_msg);
    h.squeeze(mu);
  });
}

#define PQLAB_MLDSA_INSTANTIATE(P)                                                                   \
  template Status detail::verify_w1_vartime<P>(ConstPublicKey<P>, ConstSignature<P>,                 \
                                               std::span<std::uint8_t, detail::Layout<P>::w1_bytes>, \
                                               hash::KeccakRider*, detail::W1RowsListener*);         \
  template Status detail::check_ctilde<P>(hash::KeccakRider&, ConstSignature<P>);                    \
  template Status verify_mu<P>(ConstPublicKey<P>, Mu, ConstSignature<P>);                            \
  template Status verify_internal<P>(ConstPublicKey<P>, Message, ConstSignature<P>);
PQLAB_MLDSA_INSTANTIATE(MLDSA44)
PQLAB_MLDSA_INSTANTIATE(MLDSA65)
PQLAB_MLDSA_INSTANTIATE(MLDSA87)
#undef PQLAB_MLDSA_INSTANTIATE

}  // namespace pqlab::mldsa
