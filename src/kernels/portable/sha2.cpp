// Portable SHA-256 and SHA-512 compression functions (FIPS 180-4 §6.2.2 and
// §6.4.2). The message schedule lives on the stack and is not wiped here, as
// with the Keccak kernel: the callers (src/hash/sha2.cpp) wipe the chaining
// state and buffered input they own.
#include "kernels/portable/portable.hpp"
#include "kernels/sha2_constants.hpp"

namespace pqlab::kernels::portable {
namespace {

// The two SHA-2 word sizes (FIPS 180-4 §4.1.2/§4.1.3 and §6.2/§6.4): one
// compression function below serves both.
struct Sha256Words {
  using Word = std::uint32_t;
  static constexpr std::size_t rounds = 64;
  static constexpr const Word* k = sha2::k256;
  static constexpr int big_sigma0[3] = {2, 13, 22}, big_sigma1[3] = {6, 11, 25};
  static constexpr int small_sigma0[3] = {7, 18, 3}, small_sigma1[3] = {17, 19, 10};  // rotr, rotr, shr
};
struct Sha512Words {
  using Word = std::uint64_t;
  static constexpr std::size_t rounds = 80;
  static constexpr const Word* k = sha2::k512;
  static constexpr int big_sigma0[3] = {28, 34, 39}, big_sigma1[3] = {14, 18, 41};
  static constexpr int small_sigma0[3] = {1, 8, 7}, small_sigma1[3] = {19, 61, 6};
};

template <class W>
constexpr W rotr(W x, int n) {
  return static_cast<W>((x >> n) | (x << (8 * static_cast<int>(sizeof(W)) - n)));
}
// Σ(x) = ROTR^r0(x) ^ ROTR^r1(x) ^ ROTR^r2(x), nested as
// ROTR^r0(x ^ ROTR^(r1−r0)(x ^ ROTR^(r2−r1)(x))) so that x is copied once.
template <class W>
constexpr W big_sigma(W x, const int (&r)[3]) {
  return rotr(x ^ rotr(x ^ rotr(x, r[2] - r[1]), r[1] - r[0]), r[0]);
}
// σ(x) = ROTR^r0(x) ^ ROTR^r1(x) ^ SHR^r2(x).
template <class W>
constexpr W small_sigma(W x, const int (&r)[3]) {
  return rotr(x ^ rotr(x, r[1] - r[0]), r[0]) ^ (x >> r[2]);
}

template <class W>
inline W load_be(const std::uint8_t* p) {
  W w = 0;
  for (std::size_t i = 0; i < sizeof(W); ++i) w = static_cast<W>((w << 8) | p[i]);
  return w;
}

// One round T of the hash computation: T1 = h + Σ1(e) + Ch(e, f, g) + K_T + W_T,
// T2 = Σ0(a) + Maj(a, b, c); then d += T1 and h = T1 + T2. The callers
// pass the working variables rotated by one place per round, so the
// renaming a..h <- (T1 + T2, a, b, c, d + T1, e, f, g) costs no moves.
// Ch(e,f,g) = ((f ^ g) & e) ^ g and Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b
// are the §4.1 functions written with fewer operations.
template <class S>
[[gnu::always_inline]] inline void round(typename S::Word a, typename S::Word b, typename S::Word c,
                                         typename S::Word& d, typename S::Word e, typename S::Word f,
                                         typename S::Word g, typename S::Word& h, typename S::Word k_plus_w) {
  using W = typename S::Word;
  const W t1 = static_cast<W>(h + big_sigma(e, S::big_sigma1) + (((f ^ g) & e) ^ g) + k_plus_w);
  const W t2 = static_cast<W>(big_sigma(a, S::big_sigma0) + (((a ^ b) & (b ^ c)) ^ b));
  d = static_cast<W>(d + t1);
  h = static_cast<W>(t1 + t2);
}

// FIPS 180-4 §6.2.2 / §6.4.2 for one block. The message schedule W_t is
// kept as a ring of its last 16 words and extended as the rounds go:
// W_t = σ1(W_{t−2}) + W_{t−7} + σ0(W_{t−15}) + W_{t−16}.
template <class S>
void compress_block(typename S::Word state[8], const std::uint8_t* block) {
  using W = typename S::Word;
  W w[16];
  for (std::size_t t = 0; t < 16; ++t) w[t] = load_be<W>(block + sizeof(W) * t);
  W a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
  // Eight rounds per step, so that the rotated names come back to a..h;
  // fully unrolled, so that every ring index is a constant.
#pragma GCC unroll 10
  for (std::size_t t = 0; t < S::rounds; t += 8) {
    if (t >= 16) {
#pragma GCC unroll 8
      for (std::size_t i = t; i < t + 8; ++i)
        w[i % 16] = static_cast<W>(w[i % 16] + small_sigma(w[(i - 2) % 16], S::small_sigma1) + w[(i - 7) % 16] +
                                   small_sigma(w[(i - 15) % 16], S::small_sigma0));
    }
    const std::size_t j = t % 16;
    round<S>(a, b, c, d, e, f, g, h, static_cast<W>(S::k[t + 0] + w[j + 0]));
    round<S>(h, a, b, c, d, e, f, g, static_cast<W>(S::k[t + 1] + w[j + 1]));
    round<S>(g, h, a, b, c, d, e, f, static_cast<W>(S::k[t + 2] + w[j + 2]));
    round<S>(f, g, h, a, b, c, d, e, static_cast<W>(S::k[t + 3] + w[j + 3]));
    round<S>(e, f, g, h, a, b, c, d, static_cast<W>(S::k[t + 4] + w[j + 4]));
    round<S>(d, e, f, g, h, a, b, c, static_cast<W>(S::k[t + 5] + w[j + 5]));
    round<S>(c, d, e, f, g, h, a, b, static_cast<W>(S::k[t + 6] + w[j + 6]));
    round<S>(b, c, d, e, f, g, h, a, static_cast<W>(S::k[t + 7] + w[j + 7]));
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

}  // namespace

// FIPS 180-4 §6.2.2: SHA-256 hash computation, one 512-bit block at a time.
void sha256_compress(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) {
  for (std::size_t b = 0; b < blocks; ++b) compress_block<Sha256Words>(state, data + 64 * b);
}

// FIPS 180-4 §6.4.2: SHA-512 hash computation, one 1024-bit block at a time.
void sha512_compress(std::uint64_t state[8], const std::uint8_t* data, std::size_t blocks) {
  for (std::size_t b = 0; b < blocks; ++b) compress_block<Sha512Words>(state, data + 128 * b);
}

// One way after another: the portable backend has no multi-buffer form.
void sha256_compress_ways(std::uint32_t (*states)[8], const std::uint8_t* const* blocks, std::size_t ways) {
  for (std::size_t i = 0; i < ways; ++i) sha256_compress(states[i], blocks[i], 1);
}
void sha512_compress_ways(std::uint64_t (*states)[8], const std::uint8_t* const* blocks, std::size_t ways) {
  for (std::size_t i = 0; i < ways; ++i) sha512_compress(states[i], blocks[i], 1);
}

}  // namespace pqlab::kernels::portable
