// WOTS+ one-time signatures (FIPS 205 §5): chains, key generation, signing
// and public key from signature. The len chains of one key pair are
// independent, so each chain step is issued to the hash in batches of up
// to Hash::batch calls (the kernel's multi-state Keccak for SHAKE, its
// multi-way SHA-256 for SHA2).
#pragma once
#include <cstddef>
#include <cstdint>

#include "slhdsa/address.hpp"
#include "slhdsa/encoding.hpp"

namespace pqlab::slhdsa::detail {

// chain (Alg. 5), for all len chains of one key pair at once: chain i of
// `values` (n bytes each, in place) advances from position start[i] by
// steps[i] F calls, with ADRS = `adrs` (type WOTS_HASH, key pair set),
// chain address i and hash address = position. Each way of the hash's
// batches follows one chain to its end and then takes up the next, the
// chains with the most steps first, so the batches stay full until the
// last few steps. The steps and the order come from the message digits,
// which are public (they are recomputed by every verifier from the
// signature).
template <class P, class Hash>
void wots_chains(std::uint8_t* values, const std::uint8_t* start, const std::uint8_t* steps, const Adrs& adrs,
                 const Hash& hash) {
  constexpr std::size_t n = P::n;
  // The chains with steps to do, by decreasing number of steps.
  std::uint8_t order[P::len];
  std::size_t chains = 0;
  for (std::uint32_t s = P::w - 1; s > 0; --s)
    for (std::size_t i = 0; i < P::len; ++i)
      if (steps[i] == s) order[chains++] = static_cast<std::uint8_t>(i);
  Adrs way_adrs[Hash::batch];
  std::uint8_t* way[Hash::batch];
  std::uint32_t position[Hash::batch], end[Hash::batch];
  std::size_t live = 0, next = 0;
  for (;;) {
    for (; live < Hash::batch && next < chains; ++live, ++next) {
      const std::size_t i = order[next];
      way_adrs[live] = adrs;
      way_adrs[live].set_chain_address(static_cast<std::uint32_t>(i));
      way[live] = values + i * n;
      position[live] = start[i];
      end[live] = std::uint32_t{start[i]} + steps[i];
    }
    if (live == 0) return;
    for (std::size_t l = 0; l < live; ++l) way_adrs[l].set_hash_address(position[l]);
    hash.f_ways(way, way_adrs, way, live);
    // Ways whose chain has steps left move down, in order.
    std::size_t kept = 0;
    for (std::size_t l = 0; l < live; ++l) {
      if (++position[l] == end[l]) continue;
      way_adrs[kept] = way_adrs[l];
      way[kept] = way[l];
      position[kept] = position[l];
      end[kept] = end[l];
      ++kept;
    }
    live = kept;
  }
}

// The WOTS+ secret values PRF(PK.seed, SK.seed, skADRS) for chains 0..len-1
// of the key pair in `adrs` (Alg. 6 lines 1-5, Alg. 7 lines 9-13), batched.
template <class P, class Hash>
void wots_secret_values(std::uint8_t* out, const Adrs& adrs, const Hash& hash) {
  constexpr std::size_t n = P::n;
  Adrs sk_adrs = adrs;
  sk_adrs.set_type_and_clear(AdrsType::wots_prf);
  sk_adrs.set_key_pair_address(adrs.key_pair_address());
  for (std::size_t i = 0; i < P::len; i += Hash::batch) {
    const std::size_t count = P::len - i < Hash::batch ? P::len - i : Hash::batch;
    Adrs way_adrs[Hash::batch];
    std::uint8_t* way[Hash::batch];
    for (std::size_t b = 0; b < count; ++b) {
      way_adrs[b] = sk_adrs;
      way_adrs[b].set_chain_address(static_cast<std::uint32_t>(i + b));
      way[b] = out + (i + b) * n;
    }
    hash.prf_ways(way, way_adrs, count);
  }
}

// The base-w digits of an n-byte message followed by its checksum digits
// (Alg. 7 lines 1-8, Alg. 8 lines 1-8).
template <class P>
void wots_digits(std::uint8_t digits[P::len], const std::uint8_t* msg) {
  base_2b(digits, msg, P::lg_w, P::len1);
  std::uint32_t csum = 0;
  for (std::size_t i = 0; i < P::len1; ++i) csum += P::w - 1 - digits[i];
  // len2 · lg_w = 12 bits: shift left by (8 − 12 mod 8) mod 8 = 4.
  constexpr unsigned shift = (8 - (P::len2 * P::lg_w) % 8) % 8;
  csum <<= shift;
  constexpr std::size_t csum_bytes = (P::len2 * P::lg_w + 7) / 8;
  std::uint8_t csum_bytes_be[csum_bytes];
  to_byte(csum_bytes_be, csum, csum_bytes);
  base_2b(digits + P::len1, csum_bytes_be, P::lg_w, P::len2);
}

// wots_pkGen (Alg. 6) for the Count consecutive key pairs from the one in
// `adrs` (type WOTS_HASH): key pair adrs.key_pair_address() + b's public
// key goes to pk + b·n. The chains are taken Hash::batch at a time, the
// same Hash::batch / Count chains of every key pair together, so every
// PRF and F batch is full (but the last when len is not a multiple of
// Hash::batch / Count); each batch is advanced through its w − 1 steps side by
// side, and its chain ends go on to the Count T_len calls (Hash::TWays)
// at once, so only one batch of chain values is held.
template <class P, std::size_t Count, class Hash>
void wots_pk_gen(std::uint8_t* pk, const Adrs& adrs, const Hash& hash) {
  static_assert(Hash::batch % Count == 0 && Count <= Hash::t_batch);
  constexpr std::size_t n = P::n;
  constexpr std::size_t chains_per_batch = Hash::batch / Count;  // of each key pair
  const std::uint32_t first_key_pair = adrs.key_pair_address();
  // Alg. 6 lines 7-8: wotspkADRS of each key pair, for T_len.
  Adrs pk_adrs[Count];
  for (std::size_t b = 0; b < Count; ++b) {
    pk_adrs[b] = adrs;
    pk_adrs[b].set_type_and_clear(AdrsType::wots_pk);
    pk_adrs[b].set_key_pair_address(first_key_pair + static_cast<std::uint32_t>(b));
  }
  typename Hash::TWays pk_hash(hash, pk_adrs, Count);
  Adrs sk_adrs = adrs;
  sk_adrs.set_type_and_clear(AdrsType::wots_prf);
  std::uint8_t values[Hash::batch * n];
  for (std::size_t first_chain = 0; first_chain < P::len; first_chain += chains_per_batch) {
    const std::size_t chains = P::len - first_chain < chains_per_batch ? P::len - first_chain : chains_per_batch;
    // Way b·chains + i: chain first_chain + i of key pair first_key_pair + b.
    Adrs way_adrs[Hash::batch];
    std::uint8_t* way[Hash::batch];
    const auto set_way_adrs = [&](const Adrs& base) {
      for (std::size_t b = 0; b < Count; ++b)
        for (std::size_t i = 0; i < chains; ++i) {
          Adrs& a = way_adrs[b * chains + i];
          a = base;
          a.set_key_pair_address(first_key_pair + static_cast<std::uint32_t>(b));
          a.set_chain_address(static_cast<std::uint32_t>(first_chain + i));
        }
    };
    for (std::size_t l = 0; l < Count * chains; ++l) way[l] = values + l * n;
    // Lines 1-5: sk = PRF(PK.seed, SK.seed, skADRS), then chain(sk, 0, w − 1).
    set_way_adrs(sk_adrs);
    hash.prf_ways(way, way_adrs, Count * chains);
    set_way_adrs(adrs);
    for (std::uint32_t j = 0; j + 1 < P::w; ++j) {
      for (std::size_t l = 0; l < Count * chains; ++l) way_adrs[l].set_hash_address(j);
      hash.f_ways(way, way_adrs, way, Count * chains);
    }
    const std::uint8_t* ends[Count];
    for (std::size_t b = 0; b < Count; ++b) ends[b] = values + b * chains * n;
    pk_hash.absorb(ends, chains * n);
  }
  // Lines 9-10: pk = T_len(PK.seed, wotspkADRS, tmp).
  std::uint8_t* out[Count];
  for (std::size_t b = 0; b < Count; ++b) out[b] = pk + b * n;
  pk_hash.finish(out);
}

// wots_sign (Alg. 7): sig (len·n bytes) for the n-byte message `msg`.
template <class P, class Hash>
void wots_sign(std::uint8_t* sig, const std::uint8_t* msg, const Adrs& adrs, const Hash& hash) {
  std::uint8_t digits[P::len], start[P::len];
  wots_digits<P>(digits, msg);
  for (std::size_t i = 0; i < P::len; ++i) start[i] = 0;
  wots_secret_values<P>(sig, adrs, hash);
  wots_chains<P>(sig, start, digits, adrs, hash);
}

// wots_pkFromSig (Alg. 8). Public data only.
template <class P, class Hash>
void wots_pk_from_sig_vartime(std::uint8_t* pk, const std::uint8_t* sig, const std::uint8_t* msg, const Adrs& adrs,
                              const Hash& hash) {
  std::uint8_t tmp[P::len * P::n];
  std::uint8_t digits[P::len], steps[P::len];
  wots_digits<P>(digits, msg);
  for (std::size_t i = 0; i < P::len; ++i) steps[i] = static_cast<std::uint8_t>(P::w - 1 - digits[i]);
  for (std::size_t i = 0; i < sizeof tmp; ++i) tmp[i] = sig[i];
  wots_chains<P>(tmp, digits, steps, adrs, hash);
  Adrs pk_adrs = adrs;
  pk_adrs.set_type_and_clear(AdrsType::wots_pk);
  pk_adrs.set_key_pair_address(adrs.key_pair_address());
  hash.t(pk, pk_adrs, tmp, sizeof tmp);
}

}  // namespace pqlab::slhdsa::detail
