// ML-KEM sampling: the public matrix (FIPS 203 Alg. 7) and the noise (Alg. 8).
#include <array>

#include "common/wipe.hpp"
#include "kernels/kernels.hpp"
#include "kernels/mlkem_field.hpp"
#include "mlkem/poly.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::mlkem {

// FIPS 203 Alg. 8 on PRF_η(σ, N) = SHAKE256(σ ‖ N) (eq. 4.3), for nonces
// first_nonce .. first_nonce + count - 1, up to eight SHAKE256 instances
// side by side.
void sample_cbd_polys(Poly* out, std::span<const std::uint8_t, 32> sigma, std::uint8_t first_nonce,
                      std::size_t count, int eta) {
  constexpr std::size_t kLanes = hash::Shake256Lanes::max_lanes;
  constexpr std::size_t kRate = hash::Shake256Lanes::rate_bytes;
  constexpr std::size_t kBlocks = (64 * 3 + kRate - 1) / kRate;  // 64η bytes, η ≤ 3
  struct Work {
    std::array<std::array<std::uint8_t, 33>, kLanes> inputs;
    std::array<std::array<std::uint8_t, kBlocks * kRate>, kLanes> bufs;
  } w;
  WipeOnExit wipe(w);
  const std::size_t blocks = (64 * static_cast<std::size_t>(eta) + kRate - 1) / kRate;
  for (std::size_t done = 0; done < count;) {
    const std::size_t lanes = count - done < kLanes ? count - done : kLanes;
    std::span<const std::uint8_t> in[kLanes];
    for (std::size_t lane = 0; lane < lanes; ++lane) {
      for (std::size_t i = 0; i < 32; ++i) w.inputs[lane][i] = sigma[i];
      w.inputs[lane][32] = static_cast<std::uint8_t>(first_nonce + done + lane);
      in[lane] = w.inputs[lane];
    }
    hash::Shake256Lanes prf;
    prf.absorb_once(in, lanes);
    for (std::size_t block = 0; block < blocks; ++block) {
      std::uint8_t* outs[kLanes];
      for (std::size_t lane = 0; lane < kLanes; ++lane) outs[lane] = w.bufs[lane].data() + block * kRate;
      prf.squeeze_block(outs);
    }
    for (std::size_t lane = 0; lane < lanes; ++lane)
      kernels::active().mlkem_cbd(out[done + lane].c.data(), w.bufs[lane].data(), static_cast<unsigned>(eta));
    done += lanes;
  }
}

// FIPS 203 Alg. 7 (SampleNTT) for the K entries of `rows` (1 or 2) rows
// at once over hash::Shake128Lanes: every lane squeezes a block per round;
// the round repeats until every lane has 256 coefficients below q.
template <std::size_t K>
void sample_matrix_rows_vartime(NttVec<K>* out, std::size_t rows, std::span<const std::uint8_t, 32> rho,
                                std::size_t first_row, bool transposed) {
  static_assert(2 * K <= hash::Shake128Lanes::max_lanes);
  constexpr std::size_t kMaxLanes = 2 * K;
  const std::size_t lanes = rows * K;
  std::array<std::array<std::uint8_t, 34>, kMaxLanes> seeds{};
  std::span<const std::uint8_t> inputs[kMaxLanes];
  for (std::size_t lane = 0; lane < lanes; ++lane) {
    const std::size_t row = first_row + lane / K, j = lane % K;
    for (std::size_t i = 0; i < 32; ++i) seeds[lane][i] = rho[i];
    seeds[lane][32] = static_cast<std::uint8_t>(transposed ? row : j);
    seeds[lane][33] = static_cast<std::uint8_t>(transposed ? j : row);
    inputs[lane] = seeds[lane];
  }
  hash::Shake128Lanes xof;
  xof.absorb_once(inputs, lanes);

  std::array<std::size_t, kMaxLanes> filled{};
  std::array<std::array<std::uint8_t, hash::Shake128Lanes::rate_bytes>, kMaxLanes> blocks;
  std::uint8_t* block_spans[kMaxLanes];
  for (std::size_t lane = 0; lane < kMaxLanes; ++lane) block_spans[lane] = blocks[lane].data();
  for (bool done = false; !done;) {
    xof.squeeze_block(block_spans);
    done = true;
    for (std::size_t lane = 0; lane < lanes; ++lane) {
      std::int16_t* entry = out[lane / K][lane % K].c.data();
      filled[lane] = kernels::active().mlkem_rej_uniform_vartime(entry, filled[lane], blocks[lane].data(),
                                                                 blocks[lane].size());
      if (filled[lane] < n) done = false;
    }
  }
}
#define PQLAB_MLKEM_INSTANTIATE_ROWS(K)                                                                 \
  template void sample_matrix_rows_vartime<K>(NttVec<K>*, std::size_t, std::span<const std::uint8_t, 32>, \
                                              std::size_t, bool);
PQLAB_MLKEM_INSTANTIATE_ROWS(2)
PQLAB_MLKEM_INSTANTIATE_ROWS(3)
PQLAB_MLKEM_INSTANTIATE_ROWS(4)
#undef PQLAB_MLKEM_INSTANTIATE_ROWS

}  // namespace pqlab::mlkem
