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

// FIPS 203 Alg. 7 (SampleNTT) for up to four entries at once over
// hash::Shake128Lanes: every lane squeezes a block per round; the round repeats
// until every lane has 256 coefficients below q.
template <std::size_t K>
void sample_matrix_row_vartime(NttVec<K>& out, std::span<const std::uint8_t, 32> rho, std::size_t row, bool transposed) {
  static_assert(K <= 4);
  std::array<std::array<std::uint8_t, 34>, 4> seeds{};
  std::span<const std::uint8_t> inputs[4];
  for (std::size_t lane = 0; lane < K; ++lane) {
    const std::size_t j = lane;
    for (std::size_t i = 0; i < 32; ++i) seeds[lane][i] = rho[i];
    seeds[lane][32] = static_cast<std::uint8_t>(transposed ? row : j);
    seeds[lane][33] = static_cast<std::uint8_t>(transposed ? j : row);
    inputs[lane] = seeds[lane];
  }
  hash::Shake128Lanes xof;
  xof.absorb_once(inputs, K);

  std::array<std::size_t, K> filled{};
  std::array<std::array<std::uint8_t, hash::Shake128Lanes::rate_bytes>, 4> blocks;
  std::uint8_t* const block_spans[4] = {blocks[0].data(), blocks[1].data(), blocks[2].data(), blocks[3].data()};
  for (bool done = false; !done;) {
    xof.squeeze_block(block_spans);
    done = true;
    for (std::size_t lane = 0; lane < K; ++lane) {
      filled[lane] = kernels::active().mlkem_rej_uniform_vartime(out[lane].c.data(), filled[lane],
                                                                 blocks[lane].data(), blocks[lane].size());
      if (filled[lane] < n) done = false;
    }
  }
}
template void sample_matrix_row_vartime<2>(NttVec<2>&, std::span<const std::uint8_t, 32>, std::size_t, bool);
template void sample_matrix_row_vartime<3>(NttVec<3>&, std::span<const std::uint8_t, 32>, std::size_t, bool);
template void sample_matrix_row_vartime<4>(NttVec<4>&, std::span<const std::uint8_t, 32>, std::size_t, bool);

}  // namespace pqlab::mlkem
