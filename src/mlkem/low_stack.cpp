// ML-KEM streamed for little stack (mlkem/low_stack.hpp). Built on every
// target; mlkem.cpp routes keygen/encaps/decaps here when the build
// defines PQLAB_MLKEM_LOW_STACK (the firmware's CMake option
// PQLAB_FIRMWARE_MLKEM_LOW_STACK).
#include "mlkem/low_stack.hpp"

#include <array>

#include "common/ct.hpp"
#include "common/ct_poison.hpp"
#include "common/little_endian.hpp"
#include "common/wipe.hpp"
#include "kernels/keccak_lane_form.hpp"
#include "kernels/kernels.hpp"
#include "kernels/mlkem_field.hpp"
#include "mlkem/decaps.hpp"
#include "mlkem/poly.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::mlkem::low_stack {
namespace {

using Coeffs = std::array<std::int16_t, n>;

// One Keccak-f[1600] state as SHAKE128 or SHAKE256 (FIPS 202 §6.2) of a
// 32-byte seed and up to two index bytes (shorter than the rate: one padded block),
// squeezed a block at a time, on the seam's one-state permutation. Unlike
// hash::KeccakSponge, whose destructor wipes 2 KB of stack below it, the
// caller wipes only the permutation's frame (wipe_permutation_frame), which
// keeps the peak stack of this path within a few KB.
struct Xof {
  std::array<std::uint64_t, 25> lanes;
  std::size_t rate;

  Xof(std::size_t rate_bytes, std::span<const std::uint8_t, 32> seed, std::span<const std::uint8_t> tail)
      : lanes{}, rate(rate_bytes) {
    // Lanes in the kernels' form (kernels/keccak_lane_form.hpp): the seed's
    // four, then the index bytes, SHAKE's suffix and the first pad bit in
    // the fifth; the last pad bit at the rate's end.
    for (std::size_t i = 0; i < 4; ++i) lanes[i] = kernels::keccak::lane_in(load_le64(seed.data() + 8 * i));
    std::uint64_t fifth = 0;
    std::size_t at = 0;
    for (const std::uint8_t b : tail) fifth |= std::uint64_t{b} << (8 * at++);
    fifth |= std::uint64_t{0x1f} << (8 * at);
    lanes[4] = kernels::keccak::lane_in(fifth);
    lanes[rate / 8 - 1] ^= kernels::keccak::lane_in(std::uint64_t{0x80} << 56);
  }
  void squeeze_block(std::uint8_t* out) {
    kernels::active().keccak.keccak_f1600_x1(lanes.data());
    for (std::size_t i = 0; i < rate; i += 8) store_le64(out + i, kernels::keccak::lane_out(lanes[i / 8]));
  }
};

// Overwrites the stack just below the caller's frame, where the
// permutation kept its temporaries (its frame is under 512 bytes on the
// Cortex-M4 and on the host's portable backend).
[[gnu::noinline]] void wipe_permutation_frame() {
  unsigned char below[512];
  secure_wipe(below, sizeof below);
}

// SamplePolyCBD_η(PRF_η(seed, nonce)) (FIPS 203 Alg. 8, eq. 4.3): 64η ≤ 192
// bytes, two SHAKE256 blocks at most. Secret: the state, the output and
// the permutation's frame are wiped.
[[gnu::noinline]] void sample_cbd(Coeffs& out, std::span<const std::uint8_t, 32> seed, std::size_t nonce, int eta) {
  constexpr std::size_t rate = hash::Shake256::rate_bytes;
  std::array<std::uint8_t, 2 * rate> buf;
  const std::array<std::uint8_t, 1> tail = {static_cast<std::uint8_t>(nonce)};
  {
    Xof prf(rate, seed, tail);
    prf.squeeze_block(buf.data());
    if (eta == 3) prf.squeeze_block(buf.data() + rate);  // η is a parameter, public
    secure_wipe(&prf, sizeof prf);
  }
  kernels::active().mlkem.mlkem_cbd(out.data(), buf.data(), static_cast<unsigned>(eta));
  secure_wipe(buf.data(), buf.size());
  wipe_permutation_frame();
}

// SampleNTT(ρ ‖ byte32 ‖ byte33) (FIPS 203 Alg. 7), a SHAKE128 block at a
// time. Â is public: this loop may branch on it, nothing is wiped.
[[gnu::noinline]] void sample_ntt_vartime(Coeffs& out, std::span<const std::uint8_t, 32> rho, std::size_t byte32,
                                          std::size_t byte33) {
  constexpr std::size_t rate = hash::Shake128::rate_bytes;
  const std::array<std::uint8_t, 2> tail = {static_cast<std::uint8_t>(byte32), static_cast<std::uint8_t>(byte33)};
  Xof xof(rate, rho, tail);
  std::array<std::uint8_t, rate> block;
  std::size_t filled = 0;
  while (filled < n) {
    xof.squeeze_block(block.data());
    filled = kernels::active().mlkem.mlkem_rej_uniform_vartime(out.data(), filled, block.data(), block.size());
  }
}

void ntt_in_place(Coeffs& a) { kernels::active().mlkem.mlkem_ntt(a.data()); }

// The running sum of Alg. 11 products, then NTT^-1 (Alg. 10): the value
// invntt_of_dot_montgomery (mlkem/poly.hpp) gives.
void reduce_invntt(Coeffs& acc) {
  barrett_reduce_all(acc);
  kernels::active().mlkem.mlkem_invntt_tomont(acc.data());
}

void add_reduce(Coeffs& r, const Coeffs& a) {
  for (std::size_t i = 0; i < n; ++i) r[i] = mlkem_field::barrett_reduce(static_cast<std::int16_t>(r[i] + a[i]));
}

struct Work {
  Coeffs acc, a, p;
};

// FIPS 203 Alg. 14 (K-PKE.Encrypt), streamed: each compressed piece of c
// (u_0 .. u_{k-1}, then v) goes to sink(offset, bytes) as it is made.
// Row i of u: Σ_j Âᵀ[i][j] ∘ NTT(y_j), y_j sampled again for each row.
template <class P, class Sink>
[[gnu::noinline]] void encrypt(std::span<const std::uint8_t, P::ek_bytes> ek, std::span<const std::uint8_t, 32> m,
                               std::span<const std::uint8_t, 32> r, Sink&& sink) {
  constexpr std::size_t K = P::k;
  constexpr std::size_t u_bytes = 32 * P::du, v_bytes = 32 * P::dv;
  const auto rho = ek.template last<32>();
  Work w;
  WipeOnExit wipe(w);
  std::array<std::uint8_t, u_bytes> piece;
  WipeOnExit wipe_piece(piece);
  auto& km = kernels::active().mlkem;
  // Lines 19 and 22: u_i = NTT^-1(Σ_j Âᵀ[i][j] ∘ ŷ_j) + e1_i, compressed.
  for (std::size_t i = 0; i < K; ++i) {
    w.acc.fill(0);
    for (std::size_t j = 0; j < K; ++j) {
      sample_ntt_vartime(w.a, rho, i, j);  // Âᵀ[i][j] = SampleNTT(ρ ‖ i ‖ j)
      sample_cbd(w.p, r, j, P::eta1);      // y_j (Alg. 14 lines 9–12)
      ntt_in_place(w.p);
      km.mlkem_basemul_acc(w.acc.data(), w.a.data(), w.p.data());
    }
    reduce_invntt(w.acc);
    sample_cbd(w.p, r, K + i, P::eta2);  // e1_i (lines 13–16)
    add_reduce(w.acc, w.p);
    km.mlkem_compress_encode(piece.data(), w.acc.data(), P::du);
    sink(u_bytes * i, std::span<const std::uint8_t>(piece.data(), u_bytes));
  }
  // Lines 20–21 and 23: v = NTT^-1(Σ_j t̂_j ∘ ŷ_j) + e2 + Decompress_1(m).
  w.acc.fill(0);
  for (std::size_t j = 0; j < K; ++j) {
    km.mlkem_byte_decode12(w.a.data(), ek.data() + 384 * j);
    sample_cbd(w.p, r, j, P::eta1);
    ntt_in_place(w.p);
    km.mlkem_basemul_acc(w.acc.data(), w.a.data(), w.p.data());
  }
  reduce_invntt(w.acc);
  sample_cbd(w.p, r, 2 * K, P::eta2);  // e2 (line 17)
  add_reduce(w.acc, w.p);
  km.mlkem_decode_decompress(w.p.data(), m.data(), 1);
  add_reduce(w.acc, w.p);
  km.mlkem_compress_encode(piece.data(), w.acc.data(), P::dv);
  sink(u_bytes * K, std::span<const std::uint8_t>(piece.data(), v_bytes));
}

// Alg. 13 lines 8–20 given (ρ, σ): ek and dk_pke.
template <class P>
[[gnu::noinline]] void keygen_pke(std::span<std::uint8_t, P::ek_bytes> ek,
                                  std::span<std::uint8_t, dk_pke_bytes<P>> dk_pke,
                                  std::span<const std::uint8_t, 32> rho, std::span<const std::uint8_t, 32> sigma) {
  constexpr std::size_t K = P::k;
  auto& km = kernels::active().mlkem;
  Work w;
  WipeOnExit wipe(w);
  // ŝ_j = NTT(s_j) (lines 8–11, 16), kept encoded in its place in dk_pke
  // (line 20) and decoded per row.
  for (std::size_t j = 0; j < K; ++j) {
    sample_cbd(w.p, sigma, j, P::eta1);
    ntt_in_place(w.p);
    km.mlkem_byte_encode12(dk_pke.data() + 384 * j, w.p.data());
  }
  // t̂_i = Σ_j Â[i][j] ∘ ŝ_j + ê_i (line 18), encoded into ek (line 19).
  for (std::size_t i = 0; i < K; ++i) {
    w.acc.fill(0);
    for (std::size_t j = 0; j < K; ++j) {
      sample_ntt_vartime(w.a, rho, j, i);  // Â[i][j] = SampleNTT(ρ ‖ j ‖ i)
      km.mlkem_byte_decode12(w.p.data(), dk_pke.data() + 384 * j);
      km.mlkem_basemul_acc(w.acc.data(), w.a.data(), w.p.data());
    }
    barrett_reduce_all(w.acc);  // the reduced Σ, as dot_montgomery leaves it
    for (auto& x : w.acc) x = mlkem_field::fqmul(x, mlkem_field::mont_squared);  // cancel R^-1
    sample_cbd(w.p, sigma, K + i, P::eta1);                                      // e_i (lines 12–15)
    ntt_in_place(w.p);                                                           // ê_i (line 17)
    add_reduce(w.acc, w.p);
    km.mlkem_byte_encode12(ek.data() + 384 * i, w.acc.data());
  }
  for (std::size_t i = 0; i < 32; ++i) ek[384 * K + i] = rho[i];
}

// Alg. 15 (K-PKE.Decrypt) into m: w = v − NTT^-1(Σ_j ŝ_j ∘ NTT(u_j)).
template <class P>
[[gnu::noinline]] void decrypt(std::span<std::uint8_t, 32> m, std::span<const std::uint8_t, dk_pke_bytes<P>> dk_pke,
                               std::span<const std::uint8_t, P::ct_bytes> ct) {
  constexpr std::size_t u_bytes = 32 * P::du;
  auto& km = kernels::active().mlkem;
  Work w;
  WipeOnExit wipe(w);
  w.acc.fill(0);
  for (std::size_t j = 0; j < P::k; ++j) {
    km.mlkem_decode_decompress(w.p.data(), ct.data() + u_bytes * j, P::du);
    ntt_in_place(w.p);
    km.mlkem_byte_decode12(w.a.data(), dk_pke.data() + 384 * j);
    km.mlkem_basemul_acc(w.acc.data(), w.a.data(), w.p.data());
  }
  reduce_invntt(w.acc);
  km.mlkem_decode_decompress(w.p.data(), ct.data() + u_bytes * P::k, P::dv);
  for (std::size_t i = 0; i < n; ++i)
    w.p[i] = mlkem_field::barrett_reduce(static_cast<std::int16_t>(w.p[i] - w.acc[i]));
  km.mlkem_compress_encode(m.data(), w.p.data(), 1);
}

}  // namespace

template <class P>
Status keygen_derand(EncapsKey<P> ek, DecapsKey<P> dk, Seed d, Seed z) {
  std::array<std::uint8_t, 64> rho_sigma;
  WipeOnExit wipe_rho_sigma(rho_sigma);
  kpke_expand_seed<P>(rho_sigma, d);
  keygen_pke<P>(ek, dk.template first<dk_pke_bytes<P>>(), std::span<const std::uint8_t>(rho_sigma).template first<32>(),
                std::span<const std::uint8_t>(rho_sigma).template last<32>());
  // dk = dk_pke ‖ ek ‖ H(ek) ‖ z (Alg. 16 line 3)
  place_ek_and_z<P>(dk, ek, z);
  hash::sha3_256(ek, dk.template subspan<dk_hash_offset<P>, 32>());
  return Status::ok;
}

template <class P>
Status encaps_derand(Ciphertext<P> ct, SharedSecret key, ConstEncapsKey<P> ek, Seed m) {
  if (check_encaps_key<P>(ek) != Status::ok) return Status::invalid_key;  // §7.2
  // (K, r) = G(m ‖ H(ek))
  std::array<std::uint8_t, 64> g_in, k_r;
  WipeOnExit wipe_g_in(g_in);
  WipeOnExit wipe_k_r(k_r);
  for (std::size_t i = 0; i < 32; ++i) g_in[i] = m[i];
  hash::sha3_256(ek, std::span(g_in).template last<32>());
  hash::sha3_512(g_in, k_r);
  encrypt<P>(ek, m, std::span<const std::uint8_t>(k_r).template last<32>(),
             [&](std::size_t offset, std::span<const std::uint8_t> bytes) {
    for (std::size_t i = 0; i < bytes.size(); ++i) ct[offset + i] = bytes[i];
  });
  for (std::size_t i = 0; i < 32; ++i) key[i] = k_r[i];
  return Status::ok;
}

template <class P>
Status decaps(SharedSecret key, ConstCiphertext<P> ct, ConstDecapsKey<P> dk, bool hash_check) {
  const auto dk_pke = dk.template first<dk_pke_bytes<P>>();
  const auto ek = dk.template subspan<dk_ek_offset<P>, P::ek_bytes>();
  const auto h = dk.template subspan<dk_hash_offset<P>, 32>();
  const auto z = dk.template subspan<dk_z_offset<P>, 32>();
  // §7.3 hash check (unless the key was checked before).
  std::array<std::uint8_t, 32> k_bar;
  WipeOnExit wipe_k_bar(k_bar);
  if (hash_check) {
    hash::sha3_256(ek, k_bar);
    if (const Status s = decaps_key_hash_check<P>(k_bar, dk); s != Status::ok) return s;
  }
  // K̄ = J(z ‖ c) = SHAKE256(z ‖ c, 32) (Alg. 18 line 4), without a copy.
  {
    hash::Shake256 j;
    j.absorb(z);
    j.absorb(ct);
    j.squeeze(k_bar);
  }
  // m' = K-PKE.Decrypt(dk_pke, c) (Alg. 15)
  std::array<std::uint8_t, 64> g_in, k_r;
  WipeOnExit wipe_g_in(g_in);
  WipeOnExit wipe_k_r(k_r);
  decrypt<P>(std::span(g_in).template first<32>(), dk_pke, ct);
  // (K', r') = G(m' ‖ h)
  for (std::size_t i = 0; i < 32; ++i) g_in[32 + i] = h[i];
  hash::sha3_512(g_in, k_r);
  // c' = K-PKE.Encrypt(ek, m', r'), compared with c piece by piece; K = (c
  // = c') ? K' : K̄ (Alg. 18 lines 8–11), by mask.
  std::uint8_t difference = 0;
  encrypt<P>(ek, std::span<const std::uint8_t>(g_in).template first<32>(),
             std::span<const std::uint8_t>(k_r).template last<32>(),
             [&](std::size_t offset, std::span<const std::uint8_t> bytes) {
    difference |= ct::diff(bytes, ct.subspan(offset, bytes.size()));
  });
  select_shared_secret(key, difference, std::span(k_r).template first<32>(), k_bar);
  return Status::ok;
}

#define PQLAB_MLKEM_LOW_STACK_INSTANTIATE(P)                                              \
  template Status keygen_derand<P>(EncapsKey<P>, DecapsKey<P>, Seed, Seed);               \
  template Status encaps_derand<P>(Ciphertext<P>, SharedSecret, ConstEncapsKey<P>, Seed); \
  template Status decaps<P>(SharedSecret, ConstCiphertext<P>, ConstDecapsKey<P>, bool);
PQLAB_MLKEM_LOW_STACK_INSTANTIATE(MLKEM512)
PQLAB_MLKEM_LOW_STACK_INSTANTIATE(MLKEM768)
PQLAB_MLKEM_LOW_STACK_INSTANTIATE(MLKEM1024)
#undef PQLAB_MLKEM_LOW_STACK_INSTANTIATE

}  // namespace pqlab::mlkem::low_stack
