// ML-DSA batch verification: FIPS 204 Alg. 3 for up to max_batch
// independent (pk, message, context, signature) items. The two hashes of
// one length across items, tr = H(pk, 64) (Alg. 8 line 6) and c̃' = H(μ ‖
// w1Encode(w1'), λ/4) (line 12), run in hash::Shake256Ways; μ (messages
// of any length) and the lattice part run item by item. Everything here is
// public, so it may branch.
#include <array>

#include "common/ct.hpp"
#include "hash/keccak_parallel.hpp"
#include "mldsa/mu.hpp"
#include "mldsa/verify_w1.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa {

static_assert(max_batch <= hash::Shake256Ways::max_ways);

template <class P>
Status verify_batch(std::span<Status> results, std::span<const ConstPublicKey<P>> pks, std::span<const Message> msgs,
                    std::span<const Context> ctxs, std::span<const ConstSignature<P>> sigs) {
  using Lay = detail::Layout<P>;
  const std::size_t count = pks.size();
  if (count == 0 || count > max_batch || results.size() != count || msgs.size() != count || ctxs.size() != count ||
      sigs.size() != count)
    return Status::invalid_argument;

  // tr = H(pk, 64) for every item at once (the keys have one length).
  std::array<std::array<std::uint8_t, 64>, max_batch> tr;
  {
    std::array<const std::uint8_t*, max_batch> in{};
    std::array<std::uint8_t*, max_batch> out{};
    for (std::size_t i = 0; i < count; ++i) {
      in[i] = pks[i].data();
      out[i] = tr[i].data();
    }
    hash::Shake256Ways::hash_equal(in.data(), P::pk_bytes, out.data(), 64, count);
  }

  // μ ‖ w1Encode(w1') of each item whose context and signature pass; the
  // failures get their status now and leave the ways.
  std::array<detail::CTildeInput<P>, max_batch> c_input;
  std::array<std::size_t, max_batch> live{};
  std::size_t ways = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (ctxs[i].size() > max_context_bytes) {
      results[i] = Status::invalid_argument;
      continue;
    }
    const auto mu = std::span(c_input[i]).template first<mu_bytes>();
    detail::formatted_mu(mu, tr[i], 0, ctxs[i], msgs[i]);
    const auto w1 = std::span(c_input[i]).template last<Lay::w1_bytes>();
    if (detail::verify_w1_vartime<P>(pks[i], sigs[i], w1) != Status::ok) {
      results[i] = Status::invalid_signature;
      continue;
    }
    live[ways++] = i;
  }
  if (ways == 0) return Status::ok;

  // c̃' = H(μ ‖ w1Encode(w1'), λ/4) over the live items at once; each is
  // valid iff c̃ = c̃' (constant-time compare, as in verify_mu).
  std::array<const std::uint8_t*, max_batch> in{};
  std::array<std::array<std::uint8_t, P::ctilde_bytes>, max_batch> c_tilde_check;
  std::array<std::uint8_t*, max_batch> out{};
  for (std::size_t j = 0; j < ways; ++j) {
    in[j] = c_input[live[j]].data();
    out[j] = c_tilde_check[j].data();
  }
  hash::Shake256Ways::hash_equal(in.data(), c_input[0].size(), out.data(), P::ctilde_bytes, ways);
  for (std::size_t j = 0; j < ways; ++j) {
    const std::size_t i = live[j];
    results[i] = detail::status_from_ctilde_diff(ct::diff(c_tilde_check[j], sigs[i].template first<P::ctilde_bytes>()));
  }
  return Status::ok;
}

#define PQLAB_MLDSA_INSTANTIATE(P)                                                                                 \
  template Status verify_batch<P>(std::span<Status>, std::span<const ConstPublicKey<P>>, std::span<const Message>, \
                                  std::span<const Context>, std::span<const ConstSignature<P>>);
PQLAB_MLDSA_INSTANTIATE(MLDSA44)
PQLAB_MLDSA_INSTANTIATE(MLDSA65)
PQLAB_MLDSA_INSTANTIATE(MLDSA87)
#undef PQLAB_MLDSA_INSTANTIATE

}  // namespace pqlab::mldsa
