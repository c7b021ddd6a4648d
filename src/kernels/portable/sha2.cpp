// Portable SHA-256 and SHA-512 compression functions (FIPS 180-4 §6.2.2 and
// §6.4.2). The message schedule lives on the stack and is not wiped here, as
// with the Keccak kernel: the callers (src/hash/sha2.cpp) wipe the chaining
// state and buffered input they own.
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {
namespace {

// SHA-224/256 constants K0..K63 (FIPS 180-4 §4.2.2): the first 32 bits of
// the fractional parts of the cube roots of the first 64 primes.
constexpr std::uint32_t k256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

// SHA-384/512 constants K0..K79 (FIPS 180-4 §4.2.3): the first 64 bits of
// the fractional parts of the cube roots of the first 80 primes.
constexpr std::uint64_t k512[80] = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
    0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
    0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
    0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
    0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
    0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
    0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
    0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
    0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
    0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

// The two SHA-2 word sizes (FIPS 180-4 §4.1.2/§4.1.3 and §6.2/§6.4): one
// compression function below serves both.
struct Sha256Words {
  using Word = std::uint32_t;
  static constexpr std::size_t rounds = 64;
  static constexpr const Word* k = k256;
  static constexpr int big_sigma0[3] = {2, 13, 22}, big_sigma1[3] = {6, 11, 25};
  static constexpr int small_sigma0[3] = {7, 18, 3}, small_sigma1[3] = {17, 19, 10};  // rotr, rotr, shr
};
struct Sha512Words {
  using Word = std::uint64_t;
  static constexpr std::size_t rounds = 80;
  static constexpr const Word* k = k512;
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
constexpr W big_sigma(W x, const int (&r)[3]) { return rotr(x ^ rotr(x ^ rotr(x, r[2] - r[1]), r[1] - r[0]), r[0]); }
// σ(x) = ROTR^r0(x) ^ ROTR^r1(x) ^ SHR^r2(x).
template <class W>
constexpr W small_sigma(W x, const int (&r)[3]) { return rotr(x ^ rotr(x, r[1] - r[0]), r[0]) ^ (x >> r[2]); }

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

// One lane after another: the portable backend has no multi-buffer form.
void sha256_compress_lanes(std::uint32_t (*states)[8], const std::uint8_t* const* blocks, std::size_t lanes) {
  for (std::size_t i = 0; i < lanes; ++i) sha256_compress(states[i], blocks[i], 1);
}

}  // namespace pqlab::kernels::portable
