// MGF1 (RFC 8017 B.2.1) over SHA-256 and SHA-512, as used by SLH-DSA's H_msg
// (FIPS 205 §11.2.1, §11.2.2).
#include <cstring>

#include "common/wipe.hpp"
#include "pqlab/sha2.hpp"

namespace pqlab::hash {

template <class Hash>
void Mgf1<Hash>::absorb_seed(std::span<const std::uint8_t> piece) {
  seeded_.absorb(piece);
}

// RFC 8017 B.2.1 step 3: T = T || Hash(mgfSeed || C) with C = I2OSP(counter, 4),
// for counter = 0 .. ceil(maskLen / hLen) - 1; step 4: the first maskLen bytes.
template <class Hash>
void Mgf1<Hash>::generate(std::span<std::uint8_t> out) const {
  constexpr std::size_t h_len = Hash::digest_bytes;
  std::uint8_t block[h_len];
  const WipeOnExit wipe_block(block);
  std::uint8_t* p = out.data();
  std::size_t remaining = out.size();
  for (std::uint32_t counter = 0; remaining > 0; ++counter) {
    const std::uint8_t c[4] = {static_cast<std::uint8_t>(counter >> 24), static_cast<std::uint8_t>(counter >> 16),
                               static_cast<std::uint8_t>(counter >> 8), static_cast<std::uint8_t>(counter)};
    Hash h = seeded_;
    h.absorb(c);
    h.finalize(block);
    const std::size_t take = remaining < h_len ? remaining : h_len;
    std::memcpy(p, block, take);
    p += take;
    remaining -= take;
  }
}

template class Mgf1<Sha256>;
template class Mgf1<Sha512>;

void mgf1_sha256(std::span<const std::uint8_t> seed, std::span<std::uint8_t> out) {
  Mgf1Sha256 m;
  m.absorb_seed(seed);
  m.generate(out);
}

void mgf1_sha512(std::span<const std::uint8_t> seed, std::span<std::uint8_t> out) {
  Mgf1Sha512 m;
  m.absorb_seed(seed);
  m.generate(out);
}

}  // namespace pqlab::hash
