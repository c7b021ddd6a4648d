// SLH-DSA's SHA2 hash functions (FIPS 205 §11.2.1 for n = 16, §11.2.2 for
// n = 24 and 32). F, H and PRF take one compression from the precomputed
// first-block state: their second block, ADRSc ‖ input plus the SHA-2
// padding (FIPS 180-4 §5.1), always fits in one block.
#include "slhdsa/hash_sha2.hpp"

#include <cstring>

#include "common/wipe.hpp"
#include "kernels/kernels.hpp"

namespace pqlab::slhdsa::detail {
namespace {

// Initial hash values (FIPS 180-4 §5.3.3 and §5.3.5).
constexpr std::uint32_t kSha256Iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
constexpr std::uint64_t kSha512Iv[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
                                        0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};

// The one block after the first: ADRSc ‖ input ‖ 0x80 ‖ 0* ‖ the message
// length in bits (the first block included) in the last LengthBytes. All
// but ADRSc ‖ input is the same for every call, so it is made once.
template <std::size_t Block, std::size_t LengthBytes, std::size_t InBytes>
struct SecondBlock {
  static_assert(LengthBytes == 8 || LengthBytes == 16);
  static constexpr std::size_t data_bytes = adrs_compressed_bytes + InBytes;
  static_assert(data_bytes + 1 + LengthBytes <= Block);

  struct Padding {
    std::uint8_t bytes[Block - data_bytes] = {};
    constexpr Padding() {
      bytes[0] = 0x80;
      const std::uint64_t bits = 8 * static_cast<std::uint64_t>(Block + data_bytes);
      for (std::size_t i = 0; i < 8; ++i) bytes[sizeof bytes - 1 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
    }
  };
  static constexpr Padding padding{};

  // Writes the block to `bytes` (Block bytes).
  static void fill(std::uint8_t* bytes, const Adrs& adrs, const std::uint8_t* in) {
    adrs.compress(bytes);
    std::memcpy(bytes + adrs_compressed_bytes, in, InBytes);
    std::memcpy(bytes + data_bytes, padding.bytes, sizeof padding.bytes);
  }
};

// The first Bytes bytes of the big-endian encoding of `words`. Each word
// is read once into a local: `out` may alias anything, so reading words[w]
// for every byte would reload it after each store.
template <std::size_t Bytes, class Word>
void store_be(std::uint8_t* out, const Word* words) {
  static_assert(Bytes % sizeof(Word) == 0);
  for (std::size_t w = 0; w < Bytes / sizeof(Word); ++w) {
    const Word v = words[w];
    for (std::size_t i = 0; i < sizeof(Word); ++i)
      out[sizeof(Word) * w + i] = static_cast<std::uint8_t>(v >> (8 * (sizeof(Word) - 1 - i)));
  }
}

// Trunc_n(SHA-x(PK.seed ‖ toByte(0, b − n) ‖ ADRSc ‖ in)), InBytes of in:
// SHA-256 (b = 64) with 32-bit words, SHA-512 (b = 128) with 64-bit ones.
template <class Word, std::size_t N, std::size_t InBytes>
void second_block(std::uint8_t* out, const Word midstate[8], const Adrs& adrs, const std::uint8_t* in) {
  constexpr bool wide = sizeof(Word) == 8;
  std::uint8_t block[wide ? 128 : 64];
  SecondBlock<sizeof block, wide ? 16 : 8, InBytes>::fill(block, adrs, in);
  Word state[8];
  for (std::size_t i = 0; i < 8; ++i) state[i] = midstate[i];
  if constexpr (wide)
    kernels::active().sha2.sha512_compress(state, block, 1);
  else
    kernels::active().sha2.sha256_compress(state, block, 1);
  store_be<N>(out, state);
  secure_wipe(block, sizeof block);
  secure_wipe(state, sizeof state);
}

// `count` one-block compressions, states[j] by blocks[j], SHA-256 or
// SHA-512 by the word size: in one call of the kernel's multi-way
// compression where that pays off (sha256_ways_min / sha512_ways_min),
// else one at a time.
template <class Word>
void compress_each(Word (*states)[8], const std::uint8_t* const* blocks, std::size_t count) {
  const kernels::Table& k = kernels::active();
  if constexpr (sizeof(Word) == 8) {
    if (count >= k.tuning.sha512_ways_min) {
      k.sha2.sha512_compress_ways(states, blocks, count);
    } else {
      for (std::size_t j = 0; j < count; ++j) k.sha2.sha512_compress(states[j], blocks[j], 1);
    }
  } else {
    if (count >= k.tuning.sha256_ways_min) {
      k.sha2.sha256_compress_ways(states, blocks, count);
    } else {
      for (std::size_t j = 0; j < count; ++j) k.sha2.sha256_compress(states[j], blocks[j], 1);
    }
  }
}

// `count` <= Batch independent second_block hashes of InBytes-byte inputs,
// compressed together by compress_each. All blocks are filled before any
// output is written, so out[i] may overlap any in[j].
template <class Word, std::size_t N, std::size_t InBytes, std::size_t Batch>
void second_blocks(std::uint8_t* const out[Batch], const Word midstate[8], const Adrs (&adrs)[Batch],
                   const std::uint8_t* const in[Batch], std::size_t count) {
  constexpr bool wide = sizeof(Word) == 8;
  constexpr std::size_t block_bytes = wide ? 128 : 64;
  struct Ways {
    std::uint8_t blocks[Batch][block_bytes];
    Word states[Batch][8];
  } b;
  const std::uint8_t* block_ptrs[Batch] = {};
  for (std::size_t j = 0; j < count; ++j) {
    SecondBlock<block_bytes, wide ? 16 : 8, InBytes>::fill(b.blocks[j], adrs[j], in[j]);
    for (std::size_t i = 0; i < 8; ++i) b.states[j][i] = midstate[i];
    block_ptrs[j] = b.blocks[j];
  }
  compress_each(b.states, block_ptrs, count);
  for (std::size_t j = 0; j < count; ++j) store_be<N>(out[j], b.states[j]);
  secure_wipe(b.blocks, count * sizeof b.blocks[0]);
  secure_wipe(b.states, count * sizeof b.states[0]);
}

// Absorbs M′'s two pieces, skipping empty ones (an empty span may carry a
// null pointer, which the SHA-2 code would pass on to memcpy).
template <class Absorber>
void absorb_message(Absorber& h, const MessageParts& msg) {
  if (!msg.prefix.empty()) h.absorb(msg.prefix);
  if (!msg.body.empty()) h.absorb(msg.body);
}

}  // namespace

template <std::size_t N>
Sha2Hash<N>::Sha2Hash(const std::uint8_t* pk_seed, const std::uint8_t* sk_seed) {
  std::uint8_t first[128] = {};
  for (std::size_t i = 0; i < N; ++i) first[i] = pk_seed[i];
  for (std::size_t i = 0; i < 8; ++i) state256_[i] = kSha256Iv[i];
  kernels::active().sha2.sha256_compress(state256_, first, 1);
  for (std::size_t i = 0; i < 8; ++i) state512_[i] = kSha512Iv[i];
  if constexpr (wide_h) kernels::active().sha2.sha512_compress(state512_, first, 1);
  t_prefix_.absorb(std::span<const std::uint8_t>(first, WideHash::block_bytes));
  for (std::size_t i = 0; i < N; ++i) sk_seed_[i] = sk_seed != nullptr ? sk_seed[i] : 0;
}

template <std::size_t N>
Sha2Hash<N>::~Sha2Hash() {
  secure_wipe(sk_seed_, sizeof sk_seed_);
}

template <std::size_t N>
void Sha2Hash<N>::f(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in) const {
  second_block<std::uint32_t, N, N>(out, state256_, adrs, in);
}

template <std::size_t N>
void Sha2Hash<N>::f_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], const std::uint8_t* const in[batch],
                         std::size_t count) const {
  second_blocks<std::uint32_t, N, N, batch>(out, state256_, adrs, in, count);
}

template <std::size_t N>
void Sha2Hash<N>::h(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in) const {
  if constexpr (wide_h)
    second_block<std::uint64_t, N, 2 * N>(out, state512_, adrs, in);
  else
    second_block<std::uint32_t, N, 2 * N>(out, state256_, adrs, in);
}

template <std::size_t N>
void Sha2Hash<N>::h_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], const std::uint8_t* const in[batch],
                         std::size_t count) const {
  if constexpr (wide_h)
    second_blocks<std::uint64_t, N, 2 * N, batch>(out, state512_, adrs, in, count);
  else
    second_blocks<std::uint32_t, N, 2 * N, batch>(out, state256_, adrs, in, count);
}

template <std::size_t N>
void Sha2Hash<N>::t(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in, std::size_t bytes) const {
  WideHash hash = t_prefix_;
  std::uint8_t adrs_c[adrs_compressed_bytes];
  adrs.compress(adrs_c);
  hash.absorb(adrs_c);
  hash.absorb(std::span<const std::uint8_t>(in, bytes));
  std::uint8_t digest[WideHash::digest_bytes];
  hash.finalize(digest);
  for (std::size_t i = 0; i < N; ++i) out[i] = digest[i];
}

template <std::size_t N>
Sha2Hash<N>::TWays::TWays(const Sha2Hash& hash, const Adrs* adrs, std::size_t count) : count_(count) {
  for (std::size_t j = 0; j < count_; ++j) {
    for (std::size_t i = 0; i < 8; ++i) {
      if constexpr (wide_h)
        states_[j][i] = hash.state512_[i];
      else
        states_[j][i] = hash.state256_[i];
    }
    adrs[j].compress(blocks_[j]);
  }
  fill_ = total_ = adrs_compressed_bytes;
}

template <std::size_t N>
void Sha2Hash<N>::TWays::compress_blocks() {
  const std::uint8_t* block_ptrs[t_batch] = {};
  for (std::size_t j = 0; j < count_; ++j) block_ptrs[j] = blocks_[j];
  compress_each(states_, block_ptrs, count_);
  fill_ = 0;
}

template <std::size_t N>
void Sha2Hash<N>::TWays::absorb(const std::uint8_t* const* in, std::size_t bytes) {
  for (std::size_t at = 0; at < bytes;) {
    const std::size_t take = bytes - at < block_bytes - fill_ ? bytes - at : block_bytes - fill_;
    for (std::size_t j = 0; j < count_; ++j) std::memcpy(blocks_[j] + fill_, in[j] + at, take);
    fill_ += take;
    total_ += take;
    at += take;
    if (fill_ == block_bytes) compress_blocks();
  }
}

// The SHA-2 padding (FIPS 180-4 §5.1): 0x80, zeros, and the message length
// in bits (the PK.seed block included) in the block's last 8 or 16 bytes.
template <std::size_t N>
void Sha2Hash<N>::TWays::finish(std::uint8_t* const* out) {
  constexpr std::size_t length_bytes = wide_h ? 16 : 8;
  const std::uint64_t bits = 8 * static_cast<std::uint64_t>(block_bytes + total_);
  const std::size_t end = fill_;
  const bool two_blocks = end + 1 + length_bytes > block_bytes;
  for (std::size_t j = 0; j < count_; ++j) {
    blocks_[j][end] = 0x80;
    std::memset(blocks_[j] + end + 1, 0, block_bytes - end - 1);
  }
  if (two_blocks) {
    compress_blocks();
    for (std::size_t j = 0; j < count_; ++j) std::memset(blocks_[j], 0, block_bytes);
  }
  for (std::size_t j = 0; j < count_; ++j)
    for (std::size_t i = 0; i < 8; ++i) blocks_[j][block_bytes - 1 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
  compress_blocks();
  for (std::size_t j = 0; j < count_; ++j) store_be<N>(out[j], states_[j]);
}

template <std::size_t N>
void Sha2Hash<N>::prf(std::uint8_t* out, const Adrs& adrs) const {
  second_block<std::uint32_t, N, N>(out, state256_, adrs, sk_seed_);
}

template <std::size_t N>
void Sha2Hash<N>::prf_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], std::size_t count) const {
  const std::uint8_t* in[batch];
  for (std::size_t j = 0; j < count; ++j) in[j] = sk_seed_;
  second_blocks<std::uint32_t, N, N, batch>(out, state256_, adrs, in, count);
}

template <std::size_t N>
void Sha2Hash<N>::prf_msg(std::uint8_t* out, const std::uint8_t* sk_prf, const std::uint8_t* opt_rand,
                          const MessageParts& msg) {
  hash::Hmac<WideHash> mac(std::span<const std::uint8_t>(sk_prf, N));
  mac.absorb(std::span<const std::uint8_t>(opt_rand, N));
  absorb_message(mac, msg);
  std::uint8_t full[WideHash::digest_bytes];
  mac.finalize(full);
  for (std::size_t i = 0; i < N; ++i) out[i] = full[i];
  secure_wipe(full, sizeof full);
}

template <std::size_t N>
void Sha2Hash<N>::h_msg(std::uint8_t* out, std::size_t m, const std::uint8_t* r, const std::uint8_t* pk_seed,
                        const std::uint8_t* pk_root, const MessageParts& msg) {
  WideHash inner;
  inner.absorb(std::span<const std::uint8_t>(r, N));
  inner.absorb(std::span<const std::uint8_t>(pk_seed, N));
  inner.absorb(std::span<const std::uint8_t>(pk_root, N));
  absorb_message(inner, msg);
  std::uint8_t digest[WideHash::digest_bytes];
  inner.finalize(digest);
  hash::Mgf1<WideHash> mgf;
  mgf.absorb_seed(std::span<const std::uint8_t>(r, N));
  mgf.absorb_seed(std::span<const std::uint8_t>(pk_seed, N));
  mgf.absorb_seed(digest);
  mgf.generate(std::span<std::uint8_t>(out, m));
}

template class Sha2Hash<16>;
template class Sha2Hash<24>;
template class Sha2Hash<32>;

}  // namespace pqlab::slhdsa::detail
