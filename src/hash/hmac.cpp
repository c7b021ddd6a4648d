// HMAC (FIPS 198-1) over SHA-256 and SHA-512.
#include <cstring>

#include "common/wipe.hpp"
#include "pqlab/sha2.hpp"

namespace pqlab::hash {

// FIPS 198-1 §4, steps 1–3 and 5–6 (K0 and the keyed inner/outer states);
// steps 4 and 7–9 happen in absorb() and finalize().
template <class Hash>
Hmac<Hash>::Hmac(std::span<const std::uint8_t> key) {
  constexpr std::size_t b = Hash::block_bytes;
  std::uint8_t k0[b] = {};
  const WipeOnExit wipe_k0(k0);
  if (key.size() > b) {
    // Step 2: K0 = H(K) || zeros.
    Hash h;
    h.absorb(key);
    h.finalize(std::span<std::uint8_t, Hash::digest_bytes>(k0, Hash::digest_bytes));
  } else if (!key.empty()) {
    // Steps 1 and 3: K0 = K || zeros.
    std::memcpy(k0, key.data(), key.size());
  }
  for (auto& byte : k0) byte ^= 0x36;  // K0 ^ ipad
  inner_keyed_.absorb(k0);
  for (auto& byte : k0) byte ^= 0x36 ^ 0x5c;  // K0 ^ opad
  outer_keyed_.absorb(k0);
  inner_ = inner_keyed_;
}

template <class Hash>
void Hmac<Hash>::absorb(std::span<const std::uint8_t> data) {
  inner_.absorb(data);
}

// FIPS 198-1 §4, steps 6–9: H((K0 ^ opad) || H((K0 ^ ipad) || text)).
template <class Hash>
void Hmac<Hash>::finalize(std::span<std::uint8_t, mac_bytes> mac) {
  std::uint8_t inner_digest[Hash::digest_bytes];
  const WipeOnExit wipe_inner(inner_digest);
  inner_.finalize(inner_digest);
  Hash outer = outer_keyed_;
  outer.absorb(inner_digest);
  outer.finalize(mac);
  inner_ = inner_keyed_;
}

template class Hmac<Sha256>;
template class Hmac<Sha512>;

void hmac_sha256(std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                 std::span<std::uint8_t, 32> mac) {
  HmacSha256 h(key);
  h.absorb(msg);
  h.finalize(mac);
}

void hmac_sha512(std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                 std::span<std::uint8_t, 64> mac) {
  HmacSha512 h(key);
  h.absorb(msg);
  h.finalize(mac);
}

}  // namespace pqlab::hash
