// SHA-2 (FIPS 180-4 §5, §6) over the kernel seam's compression functions.
#include <cstring>

#include "common/wipe.hpp"
#include "kernels/kernels.hpp"
#include "pqlab/sha2.hpp"

namespace pqlab::hash {
namespace {

// Initial hash values H(0) (FIPS 180-4 §5.3).
constexpr std::uint32_t iv_sha224[8] = {  // §5.3.2
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
constexpr std::uint32_t iv_sha256[8] = {  // §5.3.3
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
constexpr std::uint64_t iv_sha384[8] = {  // §5.3.4
    0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
    0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4};
constexpr std::uint64_t iv_sha512[8] = {  // §5.3.5
    0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
    0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
constexpr std::uint64_t iv_sha512_224[8] = {  // §5.3.6.1
    0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82, 0x679dd514582f9fcf,
    0x0f6d2b697bd44da8, 0x77e36f7304c48942, 0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1};
constexpr std::uint64_t iv_sha512_256[8] = {  // §5.3.6.2
    0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd,
    0x96283ee2a88effe3, 0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2};

// Writes the low `bytes` bytes of a big-endian word sequence (the digest is
// H0 || H1 || ... truncated, FIPS 180-4 §6.2.2 / §6.4.2 / §6.5–§6.7).
template <class Word>
void store_be_truncated(const Word* words, std::uint8_t* out, std::size_t bytes) {
  for (std::size_t i = 0; i < bytes; ++i) {
    const std::size_t shift = 8 * (sizeof(Word) - 1 - i % sizeof(Word));
    out[i] = static_cast<std::uint8_t>(words[i / sizeof(Word)] >> shift);
  }
}

void store_be64(std::uint8_t* p, std::uint64_t v) {
  for (std::size_t i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (56 - 8 * i));
}

// Buffered absorb shared by both families: fills the partial block, then
// hands whole blocks of `data` straight to the compression function.
template <std::size_t BlockBytes, class Word, class Compress>
void absorb_blocks(Word* state, std::uint8_t* block, std::size_t& fill, std::uint64_t& total,
                   std::span<const std::uint8_t> data, Compress compress) {
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  total += n;
  if (fill > 0) {
    const std::size_t take = n < BlockBytes - fill ? n : BlockBytes - fill;
    std::memcpy(block + fill, p, take);
    fill += take;
    p += take;
    n -= take;
    if (fill < BlockBytes) return;
    compress(state, block, 1);
    fill = 0;
  }
  if (n >= BlockBytes) {
    compress(state, p, n / BlockBytes);
    p += n - n % BlockBytes;
    n %= BlockBytes;
  }
  if (n > 0) std::memcpy(block, p, n);
  fill = n;
}

// Padding (FIPS 180-4 §5.1.1 / §5.1.2): a 1 bit, zeros, then the message
// length in bits as a big-endian field of LengthBytes (8 or 16) bytes.
template <std::size_t BlockBytes, std::size_t LengthBytes, class Word, class Compress>
void pad_and_compress(Word* state, std::uint8_t* block, std::size_t fill, std::uint64_t total, Compress compress) {
  block[fill++] = 0x80;
  if (fill > BlockBytes - LengthBytes) {
    std::memset(block + fill, 0, BlockBytes - fill);
    compress(state, block, 1);
    fill = 0;
  }
  std::memset(block + fill, 0, BlockBytes - 8 - fill);
  if constexpr (LengthBytes == 16) store_be64(block + BlockBytes - 16, total >> 61);
  store_be64(block + BlockBytes - 8, total << 3);
  compress(state, block, 1);
}

}  // namespace

// ---- SHA-224 / SHA-256 (FIPS 180-4 §6.2, §6.3) ----

template <std::size_t D>
Sha256Family<D>::Sha256Family() : state_{}, block_{}, fill_(0), total_(0) {
  static_assert(D == 28 || D == 32);
  std::memcpy(state_, D == 28 ? iv_sha224 : iv_sha256, sizeof state_);
}

template <std::size_t D>
Sha256Family<D>::~Sha256Family() {
  secure_wipe(state_, sizeof state_);
  secure_wipe(block_, sizeof block_);
}

template <std::size_t D>
void Sha256Family<D>::absorb(std::span<const std::uint8_t> data) {
  absorb_blocks<block_bytes>(state_, block_, fill_, total_, data, kernels::active().sha2.sha256_compress);
}

template <std::size_t D>
void Sha256Family<D>::finalize(std::span<std::uint8_t, D> digest) {
  pad_and_compress<block_bytes, 8>(state_, block_, fill_, total_, kernels::active().sha2.sha256_compress);
  store_be_truncated(state_, digest.data(), D);
  secure_wipe(block_, sizeof block_);
  *this = Sha256Family();
}

// ---- SHA-384 / SHA-512 / SHA-512/224 / SHA-512/256 (FIPS 180-4 §6.4–§6.7) ----

template <std::size_t D, bool T>
Sha512Family<D, T>::Sha512Family() : state_{}, block_{}, fill_(0), total_(0) {
  static_assert((!T && (D == 48 || D == 64)) || (T && (D == 28 || D == 32)));
  const std::uint64_t* iv = !T ? (D == 48 ? iv_sha384 : iv_sha512) : (D == 28 ? iv_sha512_224 : iv_sha512_256);
  std::memcpy(state_, iv, sizeof state_);
}

template <std::size_t D, bool T>
Sha512Family<D, T>::~Sha512Family() {
  secure_wipe(state_, sizeof state_);
  secure_wipe(block_, sizeof block_);
}

template <std::size_t D, bool T>
void Sha512Family<D, T>::absorb(std::span<const std::uint8_t> data) {
  absorb_blocks<block_bytes>(state_, block_, fill_, total_, data, kernels::active().sha2.sha512_compress);
}

template <std::size_t D, bool T>
void Sha512Family<D, T>::finalize(std::span<std::uint8_t, D> digest) {
  pad_and_compress<block_bytes, 16>(state_, block_, fill_, total_, kernels::active().sha2.sha512_compress);
  store_be_truncated(state_, digest.data(), D);
  secure_wipe(block_, sizeof block_);
  *this = Sha512Family();
}

template class Sha256Family<28>;
template class Sha256Family<32>;
template class Sha512Family<48>;
template class Sha512Family<64>;
template class Sha512Family<28, true>;
template class Sha512Family<32, true>;

void sha256(std::span<const std::uint8_t> in, std::span<std::uint8_t, 32> out) {
  Sha256 h;
  h.absorb(in);
  h.finalize(out);
}

void sha512(std::span<const std::uint8_t> in, std::span<std::uint8_t, 64> out) {
  Sha512 h;
  h.absorb(in);
  h.finalize(out);
}

}  // namespace pqlab::hash
