// ML-KEM sampling: the public matrix (FIPS 203 Alg. 7) and the noise (Alg. 8).
#include <array>

#include "common/wipe.hpp"
#include "hash/keccak_parallel.hpp"
#include "kernels/kernels.hpp"
#include "kernels/mlkem_field.hpp"
#include "mlkem/poly.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::mlkem {

// FIPS 203 Alg. 8 on PRF_η(σ, N) = SHAKE256(σ ‖ N) (eq. 4.3), for nonces
// first_nonce .. first_nonce + count - 1, up to eight SHAKE256 instances
// side by side.
void sample_cbd_polys(Poly* out, std::span<const std::uint8_t, 32> sigma, std::uint8_t first_nonce, std::size_t count,
                      int eta) {
  constexpr std::size_t kWays = hash::Shake256Ways::max_ways;
  constexpr std::size_t kRate = hash::Shake256Ways::rate_bytes;
  constexpr std::size_t kBlocks = (64 * 3 + kRate - 1) / kRate;  // 64η bytes, η ≤ 3
  struct Work {
    std::array<std::array<std::uint8_t, 33>, kWays> inputs;
    std::array<std::array<std::uint8_t, kBlocks * kRate>, kWays> bufs;
  } w;
  WipeOnExit wipe(w);
  const std::size_t blocks = (64 * static_cast<std::size_t>(eta) + kRate - 1) / kRate;
  for (std::size_t done = 0; done < count;) {
    const std::size_t ways = count - done < kWays ? count - done : kWays;
    std::span<const std::uint8_t> in[kWays];
    for (std::size_t way = 0; way < ways; ++way) {
      for (std::size_t i = 0; i < 32; ++i) w.inputs[way][i] = sigma[i];
      w.inputs[way][32] = static_cast<std::uint8_t>(first_nonce + done + way);
      in[way] = w.inputs[way];
    }
    hash::Shake256Ways prf;
    prf.absorb_once(in, ways);
    for (std::size_t block = 0; block < blocks; ++block) {
      std::uint8_t* outs[kWays];
      for (std::size_t way = 0; way < kWays; ++way) outs[way] = w.bufs[way].data() + block * kRate;
      prf.squeeze_block(outs);
    }
    for (std::size_t way = 0; way < ways; ++way)
      kernels::active().mlkem.mlkem_cbd(out[done + way].c.data(), w.bufs[way].data(), static_cast<unsigned>(eta));
    done += ways;
  }
}

// FIPS 203 Alg. 7 (SampleNTT) for up to eight entries at once over
// hash::Shake128Ways: every way squeezes a block per round; the round
// repeats until every way has 256 coefficients below q.
void sample_ntt_vartime(const MatrixEntry* entries, std::size_t count, hash::KeccakRider* rider) {
  constexpr std::size_t kWays = hash::Shake128Ways::max_ways;
  std::array<std::array<std::uint8_t, 34>, kWays> seeds{};
  std::span<const std::uint8_t> inputs[kWays];
  for (std::size_t way = 0; way < count; ++way) {
    for (std::size_t i = 0; i < 32; ++i) seeds[way][i] = entries[way].rho[i];
    seeds[way][32] = entries[way].byte32;
    seeds[way][33] = entries[way].byte33;
    inputs[way] = seeds[way];
  }
  hash::Shake128Ways xof;
  xof.absorb_once(inputs, count);

  std::array<std::size_t, kWays> filled{};
  // Word-aligned (168 = 4 · 42, so every block is): the Cortex-M4 filter
  // reads whole words from an aligned buffer.
  alignas(4) std::array<std::array<std::uint8_t, hash::Shake128Ways::rate_bytes>, kWays> blocks;
  std::uint8_t* block_spans[kWays];
  for (std::size_t way = 0; way < kWays; ++way) block_spans[way] = blocks[way].data();
  for (bool done = false; !done;) {
    xof.squeeze_block(block_spans, hash::Shake128Ways::rate_bytes, rider);
    done = true;
    for (std::size_t way = 0; way < count; ++way) {
      filled[way] = kernels::active().mlkem.mlkem_rej_uniform_vartime(entries[way].out->c.data(), filled[way],
                                                                      blocks[way].data(), blocks[way].size());
      if (filled[way] < n) done = false;
    }
  }
}

// Entry j of row i of Â is SampleNTT(ρ ‖ j ‖ i); of Âᵀ, SampleNTT(ρ ‖ i ‖ j)
// (Alg. 13 line 6, Alg. 14 line 6).
MatrixEntry matrix_entry(std::span<const std::uint8_t, 32> rho, std::size_t row, std::size_t j, bool transposed,
                         NttPoly& out) {
  const auto i8 = static_cast<std::uint8_t>(row), j8 = static_cast<std::uint8_t>(j);
  return {rho.data(), transposed ? i8 : j8, transposed ? j8 : i8, &out};
}

template <std::size_t K>
void sample_matrix_rows_vartime(NttVec<K>* out, std::size_t rows, std::span<const std::uint8_t, 32> rho,
                                std::size_t first_row, bool transposed, hash::KeccakRider* rider) {
  static_assert(2 * K <= hash::Shake128Ways::max_ways);
  std::array<MatrixEntry, 2 * K> entries;
  for (std::size_t way = 0; way < rows * K; ++way)
    entries[way] = matrix_entry(rho, first_row + way / K, way % K, transposed, out[way / K][way % K]);
  sample_ntt_vartime(entries.data(), rows * K, rider);
}
#define PQLAB_MLKEM_INSTANTIATE_ROWS(K)                                                                                \
  template void sample_matrix_rows_vartime<K>(NttVec<K>*, std::size_t, std::span<const std::uint8_t, 32>, std::size_t, \
                                              bool, hash::KeccakRider*);
PQLAB_MLKEM_INSTANTIATE_ROWS(2)
PQLAB_MLKEM_INSTANTIATE_ROWS(3)
PQLAB_MLKEM_INSTANTIATE_ROWS(4)
#undef PQLAB_MLKEM_INSTANTIATE_ROWS

}  // namespace pqlab::mlkem
