// ML-KEM's symmetric calls replayed alone (mlkem_symmetric.hpp).
#include "subjects/kyber90s/mlkem_symmetric.hpp"

#include "hash/keccak_parallel.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::lab::kyber90s {
namespace {

constexpr std::size_t kMaxEk = 1568, kMaxCt = 1568;
constexpr std::uint32_t kQ = 3329;

// SHAKE128 blocks (168 bytes) that SampleNTT (FIPS 203 Alg. 7) consumes on
// the stream ρ ‖ b32 ‖ b33: counted on the stream itself. Public data.
std::size_t shake128_blocks_needed_vartime(std::span<const std::uint8_t, 32> rho, std::uint8_t b32, std::uint8_t b33) {
  std::array<std::uint8_t, 34> in{};
  for (std::size_t i = 0; i < 32; ++i) in[i] = rho[i];
  in[32] = b32;
  in[33] = b33;
  std::array<std::uint8_t, 168 * 12> out;
  hash::shake128(in, out);
  std::size_t have = 0;
  for (std::size_t pos = 0; pos + 3 <= out.size(); pos += 3) {
    const unsigned b0 = out[pos], b1 = out[pos + 1], b2 = out[pos + 2];
    const unsigned d1 = b0 | ((b1 & 0x0fu) << 8);
    const unsigned d2 = (b1 >> 4) | (b2 << 4);
    if (d1 < kQ && ++have == 256) return pos / 168 + 1;
    if (d2 < kQ && ++have == 256) return pos / 168 + 1;
  }
  return out.size() / 168;
}

// One multi-way Keccak call as the core makes it: `ways` inputs of
// `in_bytes` each, `blocks` blocks squeezed. Static buffers, so that the
// replay times the hashing and not the clearing of its inputs.
template <class Ways>
void ways_call(std::size_t ways, std::size_t in_bytes, std::size_t blocks) {
  static std::array<std::uint8_t, 64> input{};
  static std::array<std::array<std::uint8_t, Ways::rate_bytes>, Ways::max_ways> out{};
  std::span<const std::uint8_t> in[Ways::max_ways];
  std::uint8_t* outs[Ways::max_ways];
  for (std::size_t w = 0; w < Ways::max_ways; ++w) {
    in[w] = std::span<const std::uint8_t>(input).first(in_bytes);
    outs[w] = out[w].data();
  }
  Ways h;
  h.absorb_once(in, ways);
  for (std::size_t b = 0; b < blocks; ++b) h.squeeze_block(outs);
}

// PRF_η (FIPS 203 §4.1) for `count` polynomials, eight ways per call.
void noise(std::size_t count, std::size_t eta) {
  const std::size_t blocks = (64 * eta + 135) / 136;
  for (std::size_t done = 0; done < count; done += 8)
    ways_call<hash::Shake256Ways>(count - done < 8 ? count - done : 8, 33, blocks);
}

std::array<std::uint8_t, kMaxEk> g_ek{};
std::array<std::uint8_t, 32 + kMaxCt> g_z_c{};

}  // namespace

void MlkemSymmetric::plan_matrix_vartime(std::span<const std::uint8_t, 32> rho, bool transposed) {
  matrix_call_count_ = 0;
  for (std::size_t first = 0; first < k_ && matrix_call_count_ < matrix_calls_.size(); first += 2) {
    const std::size_t rows = k_ - first < 2 ? k_ - first : 2;
    std::size_t blocks = 0;
    for (std::size_t r = first; r < first + rows; ++r)
      for (std::size_t j = 0; j < k_; ++j) {
        const auto i8 = static_cast<std::uint8_t>(r), j8 = static_cast<std::uint8_t>(j);
        // Entry (r, j) of Â reads ρ ‖ j ‖ r; of Âᵀ, ρ ‖ r ‖ j.
        const std::size_t need = transposed ? shake128_blocks_needed_vartime(rho, i8, j8)
                                            : shake128_blocks_needed_vartime(rho, j8, i8);
        blocks = need > blocks ? need : blocks;
      }
    matrix_calls_[matrix_call_count_++] = {rows * k_, blocks};
  }
}

void MlkemSymmetric::matrix() const {
  for (std::size_t i = 0; i < matrix_call_count_; ++i)
    ways_call<hash::Shake128Ways>(matrix_calls_[i].ways, 34, matrix_calls_[i].blocks);
}

void MlkemSymmetric::encrypt_noise() const {
  if (eta1_ == eta2_) {
    noise(2 * k_ + 1, eta1_);
  } else {
    noise(k_, eta1_);
    noise(k_ + 1, eta2_);
  }
}

// Alg. 16 / 13: G(d ‖ k), Â, the noise of s and e, then H(ek).
void MlkemSymmetric::keygen() const {
  std::array<std::uint8_t, 33> g_in{};
  std::array<std::uint8_t, 64> g;
  std::array<std::uint8_t, 32> h;
  hash::sha3_512(g_in, g);
  matrix();
  noise(2 * k_, eta1_);
  hash::sha3_256(std::span<const std::uint8_t>(g_ek).first(ek_bytes_), h);
}

// Alg. 17 / 14: H(ek), G(m ‖ H(ek)), Âᵀ, the noise of y, e1, e2.
void MlkemSymmetric::encaps() const {
  std::array<std::uint8_t, 64> g_in{}, g;
  std::array<std::uint8_t, 32> h;
  hash::sha3_256(std::span<const std::uint8_t>(g_ek).first(ek_bytes_), h);
  hash::sha3_512(g_in, g);
  matrix();
  encrypt_noise();
}

// Alg. 18: the §7.3 hash check H(ek) paired with J(z ‖ c), G(m′ ‖ h), and
// the re-encryption's Âᵀ and noise.
void MlkemSymmetric::decaps() const {
  std::array<std::uint8_t, 64> g_in{}, g;
  std::array<std::uint8_t, 32> h, k_bar;
  hash::sha3_256_and_shake256_32(std::span<const std::uint8_t>(g_ek).first(ek_bytes_), h,
                                 std::span<const std::uint8_t>(g_z_c).first(32 + ct_bytes_), k_bar);
  hash::sha3_512(g_in, g);
  matrix();
  encrypt_noise();
}

}  // namespace pqlab::lab::kyber90s
