// Constant-time software AES-256 (FIPS 197), bitsliced: four blocks at a
// time, held as eight 64-bit bit planes. Bit 16·b + p of plane k is bit k
// of byte p of block b, where byte p sits in row p mod 4 and column p / 4
// of the state (FIPS 197 §3.4). Every step is a fixed sequence of AND, XOR,
// NOT and shifts by constants; nothing indexes memory or branches on data.
#include <array>
#include <cstdint>
#include <cstring>

#include "common/wipe.hpp"
#include "subjects/kyber90s/aes.hpp"

namespace pqlab::lab::kyber90s::aes_detail {
namespace {

using Planes = std::array<std::uint64_t, 8>;

// Transposes the 8×8 bit matrix whose row j is byte j of x (bit 8j + i ↔
// bit 8i + j): afterwards byte i holds bit i of each of the eight bytes.
std::uint64_t transpose8x8(std::uint64_t x) {
  std::uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  x ^= t ^ (t << 28);
  return x;
}

std::uint64_t load_le64(const std::uint8_t* p) {
  std::uint64_t x = 0;
  for (unsigned i = 0; i < 8; ++i) x |= std::uint64_t{p[i]} << (8 * i);
  return x;
}
void store_le64(std::uint8_t* p, std::uint64_t x) {
  for (unsigned i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(x >> (8 * i));
}

// 64 bytes into bit planes, eight bytes (one transpose) at a time.
void pack(Planes& q, const std::uint8_t in[64]) {
  q = {};
  for (unsigned g = 0; g < 8; ++g) {
    const std::uint64_t t = transpose8x8(load_le64(in + 8 * g));
    for (unsigned k = 0; k < 8; ++k) q[k] |= ((t >> (8 * k)) & 0xff) << (8 * g);
  }
}
void unpack(std::uint8_t out[64], const Planes& q) {
  for (unsigned g = 0; g < 8; ++g) {
    std::uint64_t t = 0;
    for (unsigned k = 0; k < 8; ++k) t |= ((q[k] >> (8 * g)) & 0xff) << (8 * k);
    store_le64(out + 8 * g, transpose8x8(t));
  }
}

// GF(2^8) = GF(2)[x]/(x^8 + x^4 + x^3 + x + 1) (FIPS 197 §4.2), elements as
// bit planes: plane k holds the coefficients of x^k.
// The 15 product coefficients folded back with x^8 = x^4 + x^3 + x + 1,
// highest first.
void reduce(Planes& r, std::array<std::uint64_t, 15>& c) {
  for (unsigned k = 14; k >= 8; --k) {
    c[k - 4] ^= c[k];
    c[k - 5] ^= c[k];
    c[k - 7] ^= c[k];
    c[k - 8] ^= c[k];
  }
  for (unsigned k = 0; k < 8; ++k) r[k] = c[k];
}
Planes gf_mul(const Planes& a, const Planes& b) {
  std::array<std::uint64_t, 15> c{};
  for (unsigned i = 0; i < 8; ++i)
    for (unsigned j = 0; j < 8; ++j) c[i + j] ^= a[i] & b[j];
  Planes r;
  reduce(r, c);
  return r;
}
// Squaring is linear in characteristic 2: (Σ a_k x^k)^2 = Σ a_k x^2k.
Planes gf_sq(const Planes& a) {
  std::array<std::uint64_t, 15> c{};
  for (unsigned k = 0; k < 8; ++k) c[2 * k] = a[k];
  Planes r;
  reduce(r, c);
  return r;
}

// SubBytes (FIPS 197 §5.1.1): the multiplicative inverse (0 ↦ 0) as x^254,
// by 4 multiplications and 7 squarings, then the affine transformation
// b'_i = b_i ⊕ b_(i+4) ⊕ b_(i+5) ⊕ b_(i+6) ⊕ b_(i+7) ⊕ c_i, c = 0x63.
void sub_bytes(Planes& q) {
  const Planes x2 = gf_sq(q);
  const Planes x3 = gf_mul(x2, q);
  const Planes x12 = gf_sq(gf_sq(x3));
  const Planes x15 = gf_mul(x12, x3);
  Planes x240 = x15;
  for (int i = 0; i < 4; ++i) x240 = gf_sq(x240);
  const Planes inv = gf_mul(gf_mul(x240, x12), x2);
  for (unsigned i = 0; i < 8; ++i) {
    std::uint64_t b = inv[i] ^ inv[(i + 4) % 8] ^ inv[(i + 5) % 8] ^ inv[(i + 6) % 8] ^ inv[(i + 7) % 8];
    if ((0x63u >> i) & 1u) b = ~b;  // i is public: the constant's bits
    q[i] = b;
  }
}

constexpr std::uint64_t rep(std::uint64_t m16) { return m16 * 0x0001000100010001ull; }

// ShiftRows (§5.1.2): s'[r][c] = s[r][(c + r) mod 4]. Within each block's
// 16 bits, row r is bits r, r + 4, r + 8, r + 12 (column c at bit 4c + r).
std::uint64_t shift_rows_plane(std::uint64_t x) {
  std::uint64_t out = x & rep(0x1111);
  for (unsigned r = 1; r < 4; ++r) {
    std::uint64_t hi = 0, lo = 0;  // columns ≥ r move down, the others wrap up
    for (unsigned c = 0; c < 4; ++c) (c >= r ? hi : lo) |= std::uint64_t{1} << (4 * c + r);
    out |= ((x & rep(hi)) >> (4 * r)) | ((x & rep(lo)) << (16 - 4 * r));
  }
  return out;
}

// The state's rows rotated within each column: row r gets row r + n mod 4.
std::uint64_t rot_rows1(std::uint64_t x) { return ((x >> 1) & rep(0x7777)) | ((x << 3) & rep(0x8888)); }
std::uint64_t rot_rows2(std::uint64_t x) { return ((x >> 2) & rep(0x3333)) | ((x << 2) & rep(0xCCCC)); }
std::uint64_t rot_rows3(std::uint64_t x) { return ((x >> 3) & rep(0x1111)) | ((x << 1) & rep(0xEEEE)); }

// MixColumns (§5.1.3): s'_r = 2·s_r ⊕ 3·s_(r+1) ⊕ s_(r+2) ⊕ s_(r+3)
// = xtime(s_r ⊕ s_(r+1)) ⊕ s_(r+1) ⊕ s_(r+2) ⊕ s_(r+3).
void mix_columns(Planes& q) {
  Planes t, rest;
  for (unsigned k = 0; k < 8; ++k) {
    const std::uint64_t r1 = rot_rows1(q[k]);
    t[k] = q[k] ^ r1;
    rest[k] = r1 ^ rot_rows2(q[k]) ^ rot_rows3(q[k]);
  }
  // xtime (§4.2.1): multiplication by x, reducing by x^8 = x^4 + x^3 + x + 1.
  q[0] = t[7] ^ rest[0];
  q[1] = t[0] ^ t[7] ^ rest[1];
  q[2] = t[1] ^ rest[2];
  q[3] = t[2] ^ t[7] ^ rest[3];
  q[4] = t[3] ^ t[7] ^ rest[4];
  q[5] = t[4] ^ rest[5];
  q[6] = t[5] ^ rest[6];
  q[7] = t[6] ^ rest[7];
}

void add_round_key(Planes& q, const std::uint64_t* rk) {
  for (unsigned k = 0; k < 8; ++k) q[k] ^= rk[k];
}

// SubWord (§5.2) of a 32-bit word (its bytes in memory order), through
// the same bitsliced S-box.
void sub_word(std::uint8_t w[4]) {
  std::array<std::uint8_t, 64> bytes{};
  for (unsigned i = 0; i < 4; ++i) bytes[i] = w[i];
  Planes q;
  pack(q, bytes.data());
  sub_bytes(q);
  unpack(bytes.data(), q);
  for (unsigned i = 0; i < 4; ++i) w[i] = bytes[i];
  secure_wipe(bytes.data(), bytes.size());
  secure_wipe(q.data(), sizeof q);
}

}  // namespace

// KeyExpansion (FIPS 197 §5.2) with Nk = 8, Nr = 14; each round key is then
// stored as bit planes of four copies of itself.
void soft_expand(std::uint64_t rk[(Aes256::rounds + 1) * 8], const std::uint8_t key[32]) {
  std::array<std::uint8_t, 240> w;
  std::memcpy(w.data(), key, 32);
  std::uint8_t rcon = 1;
  for (unsigned i = 8; i < 60; ++i) {
    std::uint8_t temp[4];
    std::memcpy(temp, &w[4 * (i - 1)], 4);
    if (i % 8 == 0) {
      const std::uint8_t first = temp[0];  // RotWord
      temp[0] = temp[1];
      temp[1] = temp[2];
      temp[2] = temp[3];
      temp[3] = first;
      sub_word(temp);
      temp[0] ^= rcon;
      rcon = static_cast<std::uint8_t>((rcon << 1) ^ ((rcon >> 7) * 0x1b));  // public
    } else if (i % 8 == 4) {
      sub_word(temp);
    }
    for (unsigned j = 0; j < 4; ++j) w[4 * i + j] = static_cast<std::uint8_t>(w[4 * (i - 8) + j] ^ temp[j]);
    secure_wipe(temp, sizeof temp);
  }
  std::array<std::uint8_t, 64> four;
  for (unsigned r = 0; r <= Aes256::rounds; ++r) {
    for (unsigned b = 0; b < 4; ++b) std::memcpy(&four[16 * b], &w[16 * r], 16);
    Planes q;
    pack(q, four.data());
    for (unsigned k = 0; k < 8; ++k) rk[8 * r + k] = q[k];
    secure_wipe(q.data(), sizeof q);
  }
  secure_wipe(w.data(), w.size());
  secure_wipe(four.data(), four.size());
}

// Cipher (FIPS 197 §5.1) on four blocks.
void soft_encrypt4(const std::uint64_t rk[(Aes256::rounds + 1) * 8], const std::uint8_t in[64], std::uint8_t out[64]) {
  Planes q;
  pack(q, in);
  add_round_key(q, rk);
  for (unsigned round = 1; round < Aes256::rounds; ++round) {
    sub_bytes(q);
    for (auto& plane : q) plane = shift_rows_plane(plane);
    mix_columns(q);
    add_round_key(q, rk + 8 * round);
  }
  sub_bytes(q);
  for (auto& plane : q) plane = shift_rows_plane(plane);
  add_round_key(q, rk + 8 * Aes256::rounds);
  unpack(out, q);
  secure_wipe(q.data(), sizeof q);
}

}  // namespace pqlab::lab::kyber90s::aes_detail
