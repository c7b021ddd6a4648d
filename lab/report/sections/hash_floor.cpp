// Report section: how close each ML-KEM operation gets to its hashing
// floor. The number of Keccak-f[1600] permutations an operation needs
// follows from FIPS 203's parameters (see performance-floor note in the
// design); the cost of one permutation is measured here, per backend, as
// SHAKE256 squeezing many blocks; floor = permutations × that cost.
#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "bench/output.hpp"
#include "harness/sampler.hpp"
#include "harness/stats.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/kernels.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

// Permutations of a SHA-3/SHAKE call absorbing `in` bytes at `rate` (the
// padding always adds at least one byte) and squeezing `out` bytes.
std::size_t permutations(std::size_t in, std::size_t out, std::size_t rate) {
  const std::size_t absorb = in / rate + 1;
  const std::size_t squeeze = out > rate ? (out - 1) / rate : 0;
  return absorb + squeeze;
}

struct KemShape {
  std::size_t k, eta1, ek_bytes, ct_bytes;
};

// FIPS 203 Alg. 13 (K-PKE.KeyGen) via Alg. 16; Alg. 14 (K-PKE.Encrypt) via
// Alg. 17; Alg. 15 + 14 via Alg. 18. Â: k² SHAKE128 streams of about three
// 168-byte blocks (a block yields ~134 candidate coefficients at 12 bits,
// ~109 accepted; 256 needed); PRF_η: SHAKE256 of 33 bytes to 64η bytes.
std::size_t keygen_perms(const KemShape& p) {
  const std::size_t g = permutations(33, 64, 72);                        // G(d‖k), SHA3-512
  const std::size_t matrix = p.k * p.k * 3;                              // Â
  const std::size_t noise = 2 * p.k * permutations(33, 64 * p.eta1, 136);  // s, e
  const std::size_t h = permutations(p.ek_bytes, 32, 136);               // H(ek), SHA3-256
  return g + matrix + noise + h;
}
std::size_t encrypt_perms(const KemShape& p) {
  return p.k * p.k * 3 + p.k * permutations(33, 64 * p.eta1, 136) + (p.k + 1) * permutations(33, 128, 136);
}
std::size_t encaps_perms(const KemShape& p) {
  return permutations(p.ek_bytes, 32, 136) + permutations(64, 64, 72) + encrypt_perms(p);
}
std::size_t decaps_perms(const KemShape& p) {
  return permutations(64, 64, 72) + permutations(32 + p.ct_bytes, 32, 136) + encrypt_perms(p);
}

struct FloorRow {
  std::string algorithm, backend, operation;
  std::size_t perms = 0;
  double perm_ticks = 0, floor_ticks = 0, measured_ticks = 0;
};

double measure_permutation_ticks(bool quick) {
  constexpr std::size_t kBlocks = 64;
  static std::array<std::uint8_t, 136 * kBlocks> out;
  SamplingPolicy p;
  p.min_time_s = quick ? 0.005 : 0.1;
  p.min_samples = 21;
  p.warmup_s = 0.005;
  const std::array<std::uint8_t, 1> in{0};
  const Summary s = summarize(sample_ticks([&] { hash::shake256(in, out); }, p));
  return s.median / static_cast<double>(kBlocks);
}

// One call of the backend's four-state permutation, as SHAKE128 ×4
// squeezing 64 blocks in each lane (median per block).
double measure_x4_permutation_ticks(bool quick) {
  constexpr std::size_t kBlocks = 64;
  static std::array<std::array<std::uint8_t, hash::Shake128Lanes::rate_bytes>, 4> out;
  std::uint8_t* const out_spans[4] = {out[0].data(), out[1].data(), out[2].data(), out[3].data()};
  SamplingPolicy p;
  p.min_time_s = quick ? 0.005 : 0.1;
  p.min_samples = 21;
  p.warmup_s = 0.005;
  const std::array<std::uint8_t, 1> seed{0};
  const std::span<const std::uint8_t> in[4] = {seed, seed, seed, seed};
  const Summary s = summarize(sample_ticks(
      [&] {
        hash::Shake128Lanes xof;
        xof.absorb_once(in, 4);
        for (std::size_t b = 0; b < kBlocks; ++b) xof.squeeze_block(out_spans);
      },
      p));
  return s.median / static_cast<double>(kBlocks);
}

class HashFloorSection final : public Section {
 public:
  std::string key() const override { return "hash_floor"; }
  std::string title() const override { return "Hash-cost floor (ML-KEM)"; }

  void measure(ReportContext& ctx, const Progress& progress) override {
    for (const std::string& backend : ctx.bench.kernels) {
      if (kernels::select(backend) != Status::ok) continue;
      if (progress) progress("Keccak permutation cost [" + backend + "]");
      perm_ticks_.push_back({backend, measure_permutation_ticks(ctx.options.quick)});
      x4_ticks_.push_back(measure_x4_permutation_ticks(ctx.options.quick));
    }
    const auto avail = kernels::available();
    if (!avail.empty()) (void)kernels::select(avail.back());
    for (const Subject& s : ctx.bench.subjects) {
      if (s.name.rfind("ML-KEM-", 0) != 0) continue;
      const std::size_t k = s.public_key_bytes / 384;  // ek = 384k + 32
      const KemShape shape{k, k == 2 ? 3u : 2u, s.public_key_bytes, s.ciphertext_bytes};
      for (const auto& [backend, perm] : perm_ticks_)
        for (const auto& [op, perms] : {std::pair<std::string, std::size_t>{"keygen", keygen_perms(shape)},
                                        {"encaps", encaps_perms(shape)},
                                        {"decaps", decaps_perms(shape)}}) {
          const OperationResult* r = ctx.bench.find(s.name, backend, op);
          if (r == nullptr) continue;
          rows_.push_back({s.name, backend, op, perms, perm, perm * static_cast<double>(perms), r->ticks.median});
        }
    }
  }

  nlohmann::json data(const ReportContext& ctx) const override {
    nlohmann::json perms = nlohmann::json::array(), rows = nlohmann::json::array();
    for (std::size_t i = 0; i < perm_ticks_.size(); ++i)
      perms.push_back({{"backend", perm_ticks_[i].first},
                       {"ticks_per_permutation", perm_ticks_[i].second},
                       {"ticks_per_4_state_permutation", x4_ticks_[i]},
                       {"unit", ctx.bench.timing.unit}});
    for (const FloorRow& r : rows_)
      rows.push_back({{"algorithm", r.algorithm},
                      {"backend", r.backend},
                      {"operation", r.operation},
                      {"permutations", r.perms},
                      {"floor_ticks", r.floor_ticks},
                      {"measured_median_ticks", r.measured_ticks},
                      {"measured_over_floor", r.floor_ticks > 0 ? r.measured_ticks / r.floor_ticks : 0}});
    return {{"permutation_cost", perms}, {"rows", rows}};
  }

  std::string markdown(const ReportContext& ctx) const override {
    std::string md =
        "Every ML-KEM operation hashes a fixed amount: the matrix Â (k² SHAKE128 streams of about 3 blocks), "
        "the noise (SHAKE256, one block per polynomial, two for η = 3), G, and the serial hashes H(ek) (keygen, "
        "encaps) or J(z‖c) (decaps), which alone take 9 or more blocks of one stream. The permutation counts "
        "below follow from FIPS 203's parameters; the cost of one permutation is measured here per backend "
        "(SHAKE256 squeezing 64 blocks, median); the floor is count × cost, for one operation at a time on one "
        "lane. Batching independent operations across SIMD lanes can go below this single-lane floor: the "
        "last two columns time the backend's four-state permutation (SHAKE128 ×4, 64 blocks per lane).\n\n";
    std::vector<std::vector<std::string>> prow;
    for (std::size_t i = 0; i < perm_ticks_.size(); ++i)
      prow.push_back({perm_ticks_[i].first, fixed(perm_ticks_[i].second, 0), fixed(x4_ticks_[i], 0),
                      fixed(x4_ticks_[i] / 4, 0)});
    md += md_table({"backend", ctx.bench.timing.unit + " per Keccak-f[1600]", "per 4-state call", "per state"},
                   prow) +
          "\n";
    if (rows_.empty()) return md + "No ML-KEM parameter set is compiled in.\n";
    std::vector<std::vector<std::string>> rows;
    for (const FloorRow& r : rows_)
      rows.push_back({r.algorithm, r.backend, r.operation, std::to_string(r.perms), format_count(r.floor_ticks),
                      format_count(r.measured_ticks), fixed(r.measured_ticks / r.floor_ticks, 2) + "×"});
    md += md_table({"algorithm", "backend", "operation", "permutations", "hash floor", "measured median",
                    "measured / floor"},
                   rows);
    return md;
  }

 private:
  std::vector<std::pair<std::string, double>> perm_ticks_;
  std::vector<double> x4_ticks_;  // per backend, in perm_ticks_'s order
  std::vector<FloorRow> rows_;
};

}  // namespace

std::unique_ptr<Section> make_hash_floor_section() { return std::make_unique<HashFloorSection>(); }

}  // namespace pqlab::lab
