// Report section: how close each ML-KEM, ML-DSA and SLH-DSA operation gets
// to its hashing floor. The number of Keccak-f[1600] permutations (SHA-2
// compressions for SLH-DSA-SHA2) an operation needs follows from its
// standard's parameters (see the performance-floor note in the design);
// the cost of one is measured here, per backend, as a hash of many blocks
// (and per state of the 4- and 8-state Keccak calls); floor = count × cost.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <span>
#include <vector>

#include "bench/output.hpp"
#include "harness/sampler.hpp"
#include "harness/stats.hpp"
#include "hash/keccak_parallel.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/kernels.hpp"
#include "pqlab/sha2.hpp"
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
  const std::size_t g = permutations(33, 64, 72);                          // G(d‖k), SHA3-512
  const std::size_t matrix = p.k * p.k * 3;                                // Â
  const std::size_t noise = 2 * p.k * permutations(33, 64 * p.eta1, 136);  // s, e
  const std::size_t h = permutations(p.ek_bytes, 32, 136);                 // H(ek), SHA3-256
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

// FIPS 204 (ML-DSA), per set: k, l, the bytes of y's encoding (32·(1 +
// log2 γ1)), c̃'s length (λ/4), w1's encoding, and the median number of
// signing iterations: each iteration succeeds independently with
// probability 1/E, E the expected count of FIPS 204 Table 1 (4.25, 5.1,
// 3.85), so the median is the least m with 1 − (1 − 1/E)^m ≥ 1/2: 3, 4, 3.
struct DsaShape {
  std::size_t k, l, mask_bytes, ctilde_bytes, w1_bytes;
  std::size_t iterations;
};
std::optional<DsaShape> dsa_shape(const std::string& name) {
  if (name == "ML-DSA-44") return DsaShape{4, 4, 576, 32, 4 * 192, 3};
  if (name == "ML-DSA-65") return DsaShape{6, 5, 640, 48, 6 * 128, 4};
  if (name == "ML-DSA-87") return DsaShape{8, 7, 640, 64, 8 * 128, 3};
  return std::nullopt;
}
// Â: k·l SHAKE128 streams of 5 blocks (840 bytes give 280 candidates, of
// which 256 are needed, each kept with probability 0.999); ExpandS: k + l
// SHAKE256 streams of 2 blocks (272 nibbles; about 256/(15/16) or
// 256/(9/16) needed, so a third block is sometimes squeezed); μ over
// tr ‖ M′ with M′ = 0 ‖ 0 ‖ M (pure, empty context).
double mldsa_perms(const DsaShape& p, std::size_t pk_bytes, std::size_t message_bytes, const std::string& op) {
  const double matrix = static_cast<double>(p.k * p.l * 5);
  const double tr = static_cast<double>(permutations(pk_bytes, 64, 136));
  const double mu = static_cast<double>(permutations(64 + 2 + message_bytes, 64, 136));
  const double ctilde = static_cast<double>(permutations(64 + p.w1_bytes, p.ctilde_bytes, 136));
  if (op == "keygen")
    return static_cast<double>(permutations(34, 128, 136)) + matrix + 2.0 * static_cast<double>(p.k + p.l) + tr;
  if (op == "verify") return tr + mu + matrix + 1 /* SampleInBall */ + ctilde;
  // sign: tr is in the secret key; ρ'' = H(K ‖ rnd ‖ μ); then per iteration
  // ExpandMask (l streams), c̃ and SampleInBall.
  const double per_iteration = static_cast<double>(p.l * permutations(66, p.mask_bytes, 136)) + ctilde + 1;
  return mu + static_cast<double>(permutations(128, 64, 136)) + matrix +
         static_cast<double>(p.iterations) * per_iteration;
}

// FIPS 205 (SLH-DSA), per set: n, d, h′, a, k and the message digest
// length m; w = 16, len = 2n + 3. The SHA2 and SHAKE sets share them.
struct SlhShape {
  std::size_t n, d, hp, a, k, m;
};
std::optional<SlhShape> slh_shape(const std::string& name, const std::string& family) {
  const std::string prefix = "SLH-DSA-" + family + "-";
  if (name.rfind(prefix, 0) != 0) return std::nullopt;
  const std::string set = name.substr(prefix.size());
  if (set == "128s") return SlhShape{16, 7, 9, 12, 14, 30};
  if (set == "128f") return SlhShape{16, 22, 3, 6, 33, 34};
  if (set == "192s") return SlhShape{24, 7, 9, 14, 17, 39};
  if (set == "192f") return SlhShape{24, 22, 3, 8, 33, 42};
  if (set == "256s") return SlhShape{32, 8, 8, 14, 22, 47};
  if (set == "256f") return SlhShape{32, 17, 4, 9, 35, 49};
  return std::nullopt;
}
// F, H and PRF are one permutation each (PK.seed ‖ ADRS ‖ input fits in
// SHAKE256's 136-byte rate for every n); T_l absorbs PK.seed ‖ ADRS ‖ l·n
// bytes. Signing counts what any signer must compute: the FORS trees, and
// each of the d XMSS trees whole (2^h′ WOTS+ public keys of len chains of
// 15 F calls, len PRF and one T_len each, 2^h′ − 1 H), which also yields
// the WOTS+ signature's chain values; keygen is the top tree; verification
// recomputes one chain remainder per digit (about half the chain on
// average) and the paths.
double slh_shake_perms(const SlhShape& p, std::size_t message_bytes, const std::string& op) {
  const std::size_t len = 2 * p.n + 3;
  const double leaves = static_cast<double>(std::size_t{1} << p.hp);
  const double wots_pk = static_cast<double>(len * 16 + permutations(p.n + 32 + len * p.n, p.n, 136));
  const double tree = leaves * wots_pk + (leaves - 1);
  if (op == "keygen") return tree;
  const double msg = static_cast<double>(p.n * 3 + 2 + message_bytes);
  const double h_msg = static_cast<double>(permutations(static_cast<std::size_t>(msg), p.m, 136));
  const double fors_root = static_cast<double>(permutations(p.n + 32 + p.k * p.n, p.n, 136));
  if (op == "verify") {
    const double wots = static_cast<double>(len) * 7.5 +
                        static_cast<double>(permutations(p.n + 32 + len * p.n, p.n, 136));
    return h_msg + static_cast<double>(p.k * (1 + p.a)) + fors_root +
           static_cast<double>(p.d) * (wots + static_cast<double>(p.hp));
  }
  const double prf_msg = static_cast<double>(permutations(2 * p.n + 2 + message_bytes, p.n, 136));
  const double fors = static_cast<double>(p.k) * (3.0 * static_cast<double>(std::size_t{1} << p.a) - 1) + fors_root;
  return prf_msg + h_msg + fors + static_cast<double>(p.d) * tree;
}

// The SHA2 sets (FIPS 205 §11.2): F and PRF are one SHA-256 compression
// each after the PK.seed block, which is the same for every call and done
// once; H and T_l use SHA-256 for n = 16 and SHA-512 otherwise (T_l: ADRSc
// ‖ l·n bytes after that block); PRF_msg is HMAC and H_msg is a hash then
// MGF1, both with the wide function. The same trees as for SHAKE.
struct ShaCount {
  double sha256 = 0, sha512 = 0;
};
std::size_t sha_blocks(std::size_t bytes, bool wide) { return wide ? (bytes + 17 + 127) / 128 : (bytes + 9 + 63) / 64; }
ShaCount slh_sha2_compressions(const SlhShape& p, std::size_t message_bytes, const std::string& op) {
  const bool wide = p.n > 16;
  const std::size_t digest = wide ? 64 : 32, len = 2 * p.n + 3;
  ShaCount c;
  auto narrow_calls = [&](double calls) { c.sha256 += calls; };
  auto wide_calls = [&](double blocks) { (wide ? c.sha512 : c.sha256) += blocks; };
  const auto t_blocks = [&](std::size_t l) { return static_cast<double>(sha_blocks(22 + l * p.n, wide)); };
  const double leaves = static_cast<double>(std::size_t{1} << p.hp);
  auto tree = [&] {
    narrow_calls(leaves * static_cast<double>(len * 16));  // PRF + 15 F per chain
    wide_calls(leaves * t_blocks(len) + (leaves - 1));     // T_len per leaf, H per node
  };
  if (op == "keygen") {
    tree();
    return c;
  }
  const std::size_t msg = 2 + message_bytes;
  const std::size_t mgf1_blocks = (p.m + digest - 1) / digest;  // MGF1's counter blocks
  wide_calls(static_cast<double>(sha_blocks(3 * p.n + msg, wide) +
                                 mgf1_blocks * sha_blocks(2 * p.n + digest + 4, wide)));  // H_msg
  if (op == "verify") {
    narrow_calls(static_cast<double>(p.k) + static_cast<double>(p.d * len) * 7.5);
    wide_calls(static_cast<double>(p.k * p.a) + t_blocks(p.k) +
               static_cast<double>(p.d) * (t_blocks(len) + static_cast<double>(p.hp)));
    return c;
  }
  wide_calls(static_cast<double>(1 + sha_blocks(p.n + msg, wide) + 2));  // PRF_msg (HMAC)
  const double fors_leaves = static_cast<double>(p.k * (std::size_t{1} << p.a));
  narrow_calls(2 * fors_leaves);                                       // PRF + F per leaf
  wide_calls(fors_leaves - static_cast<double>(p.k) + t_blocks(p.k));  // H per node, T_k
  for (std::size_t layer = 0; layer < p.d; ++layer) tree();
  return c;
}

// How each unit cost below is sampled: at least 21 runs over 0.1 s (5 ms
// with --quick), after 5 ms of warm-up.
SamplingPolicy cost_policy(bool quick) {
  SamplingPolicy p;
  p.min_time_s = quick ? 0.005 : 0.1;
  p.min_samples = 21;
  p.warmup_s = 0.005;
  return p;
}

// The one-stream cost of one SHA-256 or SHA-512 compression, as the hash
// of 64 blocks (median per block).
template <bool Wide>
double measure_sha2_block_ticks(bool quick) {
  constexpr std::size_t kBlocks = 64, kBlock = Wide ? 128 : 64;
  static std::array<std::uint8_t, kBlocks * kBlock - (Wide ? 17 : 9)> in;  // 64 blocks with the padding
  const SamplingPolicy p = cost_policy(quick);
  std::array<std::uint8_t, Wide ? 64 : 32> out;
  const Summary s = summarize(sample_ticks(
      [&] {
    if constexpr (Wide)
      hash::sha512(in, out);
    else
      hash::sha256(in, out);
      },
      p));
  return s.median / static_cast<double>(kBlocks);
}

std::string count_or_zero(double v) { return v == 0 ? "0" : format_count(v); }

struct Sha2FloorRow {
  std::string algorithm, backend, operation;
  ShaCount compressions;
  double floor_ticks = 0, measured_ticks = 0;
};

struct FloorRow {
  std::string algorithm, backend, operation;
  double perms = 0;
  double perm_ticks = 0, floor_ticks = 0, measured_ticks = 0;
  double ways_floor_ticks = 0;  // perms × the cheapest multi-state call's cost per state
};

double measure_permutation_ticks(bool quick) {
  constexpr std::size_t kBlocks = 64;
  static std::array<std::uint8_t, 136 * kBlocks> out;
  const SamplingPolicy p = cost_policy(quick);
  const std::array<std::uint8_t, 1> in{0};
  const Summary s = summarize(sample_ticks([&] { hash::shake256(in, out); }, p));
  return s.median / static_cast<double>(kBlocks);
}

// The backend's permutation calls for `ways` states (at most max_ways), as
// SHAKE128 × ways squeezing 64 blocks in each way (median per block).
double measure_multi_permutation_ticks(std::size_t ways, bool quick) {
  constexpr std::size_t kBlocks = 64;
  constexpr std::size_t kMax = hash::Shake128Ways::max_ways;
  static std::array<std::array<std::uint8_t, hash::Shake128Ways::rate_bytes>, kMax> out;
  std::uint8_t* out_spans[kMax] = {};
  for (std::size_t i = 0; i < kMax; ++i) out_spans[i] = out[i].data();
  const SamplingPolicy p = cost_policy(quick);
  const std::array<std::uint8_t, 1> seed{0};
  std::span<const std::uint8_t> in[kMax];
  for (auto& span : in) span = seed;
  const Summary s = summarize(sample_ticks(
      [&] {
    hash::Shake128Ways xof;
    xof.absorb_once(in, ways);
    for (std::size_t b = 0; b < kBlocks; ++b) xof.squeeze_block(out_spans);
      },
      p));
  return s.median / static_cast<double>(kBlocks);
}

// One lane-sliced call on eight states (hash::keccak_f1600_sliced8: no
// transposes, no sponge around it), median per call.
double measure_sliced_permutation_ticks(bool quick) {
  static std::array<std::uint64_t, 200> lanes{};
  const SamplingPolicy p = cost_policy(quick);
  const Summary s = summarize(sample_ticks([&] { (void)hash::keccak_f1600_sliced8(lanes, 8); }, p));
  return s.median;
}

class HashFloorSection final : public Section {
 public:
  std::string key() const override { return "hash_floor"; }
  std::string title() const override { return "Hash-cost floor (ML-KEM, ML-DSA, SLH-DSA)"; }

  void measure(ReportContext& ctx, const Progress& progress) override {
    for (const std::string& backend : ctx.bench.kernels) {
      if (kernels::select(backend) != Status::ok) continue;
      if (progress) progress("Keccak permutation cost [" + backend + "]", -1);
      perm_ticks_.push_back({backend, measure_permutation_ticks(ctx.options.quick)});
      x4_ticks_.push_back(measure_multi_permutation_ticks(4, ctx.options.quick));
      x8_ticks_.push_back(measure_multi_permutation_ticks(8, ctx.options.quick));
      // The ways the schemes batch on this backend: eight, or ten where its
      // five-state call costs about a four-state one.
      const std::size_t batch = hash::Shake128Ways::batch_ways();
      batch_ways_.push_back(batch);
      batch_ticks_.push_back(batch == 8 ? x8_ticks_.back() : measure_multi_permutation_ticks(batch, ctx.options.quick));
      sliced8_ticks_.push_back(measure_sliced_permutation_ticks(ctx.options.quick));
      sha256_ticks_.push_back(measure_sha2_block_ticks<false>(ctx.options.quick));
      sha512_ticks_.push_back(measure_sha2_block_ticks<true>(ctx.options.quick));
    }
    const auto avail = kernels::available();
    if (!avail.empty()) (void)kernels::select(avail.back());
    const std::size_t message_bytes = ctx.bench.plan.message_bytes;
    for (const Subject& s : ctx.bench.subjects) {
      std::vector<std::pair<std::string, double>> ops;
      if (s.name.rfind("ML-KEM-", 0) == 0) {
        const std::size_t k = s.public_key_bytes / 384;  // ek = 384k + 32
        const KemShape shape{k, k == 2 ? 3u : 2u, s.public_key_bytes, s.ciphertext_bytes};
        ops = {{"keygen", static_cast<double>(keygen_perms(shape))},
               {"encaps", static_cast<double>(encaps_perms(shape))},
               {"decaps", static_cast<double>(decaps_perms(shape))}};
      } else if (const auto dsa = dsa_shape(s.name)) {
        for (const char* op : {"keygen", "sign", "verify"})
          ops.emplace_back(op, mldsa_perms(*dsa, s.public_key_bytes, message_bytes, op));
      } else if (const auto slh = slh_shape(s.name, "SHAKE")) {
        for (const char* op : {"keygen", "sign", "verify"})
          ops.emplace_back(op, slh_shake_perms(*slh, message_bytes, op));
      } else if (const auto sha2 = slh_shape(s.name, "SHA2")) {
        for (std::size_t b = 0; b < perm_ticks_.size(); ++b)
          for (const char* op : {"keygen", "sign", "verify"}) {
            const OperationResult* r = ctx.bench.find(s.name, perm_ticks_[b].first, op);
            if (r == nullptr) continue;
            const ShaCount c = slh_sha2_compressions(*sha2, message_bytes, op);
            sha2_rows_.push_back({s.name, perm_ticks_[b].first, op, c,
                                  c.sha256 * sha256_ticks_[b] + c.sha512 * sha512_ticks_[b], r->ticks.median});
          }
      }
      for (std::size_t b = 0; b < perm_ticks_.size(); ++b)
        for (const auto& [op, perms] : ops) {
          const OperationResult* r = ctx.bench.find(s.name, perm_ticks_[b].first, op);
          if (r == nullptr) continue;
          rows_.push_back({s.name, perm_ticks_[b].first, op, perms, perm_ticks_[b].second,
                           perm_ticks_[b].second * perms, r->ticks.median, cheapest_per_state(b) * perms});
        }
    }
  }

  nlohmann::json data(const ReportContext& ctx) const override {
    nlohmann::json perms = nlohmann::json::array(), rows = nlohmann::json::array();
    for (std::size_t i = 0; i < perm_ticks_.size(); ++i)
      perms.push_back({{"backend", perm_ticks_[i].first},
                       {"ticks_per_permutation", perm_ticks_[i].second},
                       {"ticks_per_4_state_permutation", x4_ticks_[i]},
                       {"ticks_per_8_state_permutation", x8_ticks_[i]},
                       {"ticks_per_8_state_sliced_permutation", sliced8_ticks_[i]},
                       {"batch_ways", batch_ways_[i]},
                       {"ticks_per_batch_permutation", batch_ticks_[i]},
                       {"ticks_per_sha256_compression", sha256_ticks_[i]},
                       {"ticks_per_sha512_compression", sha512_ticks_[i]},
                       {"unit", ctx.bench.timing.unit}});
    for (const FloorRow& r : rows_)
      rows.push_back({{"algorithm", r.algorithm},
                      {"backend", r.backend},
                      {"operation", r.operation},
                      {"permutations", r.perms},
                      {"floor_ticks", r.floor_ticks},
                      {"multi_way_floor_ticks", r.ways_floor_ticks},
                      {"measured_median_ticks", r.measured_ticks},
                      {"measured_over_floor", r.floor_ticks > 0 ? r.measured_ticks / r.floor_ticks : 0},
                      {"hash_share_at_one_way_cost", r.measured_ticks > 0 ? r.floor_ticks / r.measured_ticks : 0}});
    nlohmann::json sha2 = nlohmann::json::array();
    for (const Sha2FloorRow& r : sha2_rows_)
      sha2.push_back({{"algorithm", r.algorithm},
                      {"backend", r.backend},
                      {"operation", r.operation},
                      {"sha256_compressions", r.compressions.sha256},
                      {"sha512_compressions", r.compressions.sha512},
                      {"floor_ticks", r.floor_ticks},
                      {"measured_median_ticks", r.measured_ticks},
                      {"measured_over_floor", r.floor_ticks > 0 ? r.measured_ticks / r.floor_ticks : 0}});
    return {{"permutation_cost", perms}, {"rows", rows}, {"sha2_rows", sha2}};
  }

  std::string markdown(const ReportContext& ctx) const override {
    std::string md =
        "Every operation below hashes an amount fixed by its standard's parameters (for ML-DSA signing, at the "
        "median number of iterations, 3, 4 and 3 for ML-DSA-44, -65 and -87, from the expected counts of FIPS "
        "204 Table 1). ML-KEM: the matrix Â (k² SHAKE128 streams of about "
        "3 blocks), the noise (SHAKE256, one block per polynomial, two for η = 3), G, and the serial hashes "
        "H(ek) (keygen, encaps) or J(z‖c) (decaps), 9 or more blocks of one stream. ML-DSA: Â (k·l SHAKE128 "
        "streams of 5 blocks), ExpandS (2 blocks per polynomial), tr = H(pk), μ, and per signing iteration "
        "ExpandMask (l streams of 5 blocks), c̃ and SampleInBall. SLH-DSA-SHAKE: one permutation per F, H and "
        "PRF, and T_l over its input: the FORS trees and d whole XMSS trees per signature, the top tree for "
        "keygen, one path per layer (half of each WOTS+ chain on average) for verification. The permutation "
        "counts follow from the parameters (message: " +
        std::to_string(ctx.bench.plan.message_bytes) +
        " bytes, pure, empty context); the cost of one permutation is measured here per backend (SHAKE256 "
        "squeezing 64 blocks, median). One-state floor = count × that cost, the time of the hashing alone if "
        "it ran one state at a time; its ratio to the measured time is the share of the operation a one-state "
        "implementation would spend hashing. Independent hashes (matrix entries, WOTS+ chains, FORS leaves) "
        "can share the vector registers and go below it: the multi-way floor is count × the cost per state of "
        "the backend's cheapest multi-state call, through the multi-way sponge (SHAKE128 × the ways the schemes "
        "batch, 64 blocks per way: eight, or ten on a backend whose five-state call costs about a four-state "
        "one, as avx2's does by running the fifth state in general-purpose registers beside the four in vector "
        "ones) or bare on eight lane-sliced states (no transposes, no sponge: what SLH-DSA-SHAKE's one-block "
        "hashes use), a bound no single operation can beat on this machine (the serial hashes cannot be spread "
        "over ways), with one exception: SLH-DSA-SHAKE's one-block hashes read only n bytes of each output, and "
        "a backend may then compute only those words in the last round (avx2 and avx512 do, about 5% of a "
        "sliced call), so their permutations can cost a little less than the whole ones measured here. "
        "Measured: the median of the shared `pqlab bench` run.\n\n";
    std::vector<std::vector<std::string>> prow;
    for (std::size_t i = 0; i < perm_ticks_.size(); ++i)
      prow.push_back({perm_ticks_[i].first, fixed(perm_ticks_[i].second, 0), fixed(x4_ticks_[i], 0),
                      fixed(x4_ticks_[i] / 4, 0), fixed(x8_ticks_[i], 0), fixed(x8_ticks_[i] / 8, 0),
                      std::to_string(batch_ways_[i]), fixed(batch_ticks_[i] / static_cast<double>(batch_ways_[i]), 0),
                      fixed(sliced8_ticks_[i], 0), fixed(sliced8_ticks_[i] / 8, 0)});
    md +=
        md_table({"backend", ctx.bench.timing.unit + " per Keccak-f[1600]", "per 4-state call", "per state",
                  "per 8-state call", "per state", "batched ways", "per state", "per 8-state sliced call", "per state"},
                 prow) +
        "\n";
    std::vector<std::vector<std::string>> rows;
    for (const FloorRow& r : rows_)
      rows.push_back({r.algorithm, r.backend, r.operation, format_count(r.perms), format_count(r.floor_ticks),
                      format_count(r.ways_floor_ticks), format_count(r.measured_ticks),
                      fixed(r.measured_ticks / r.floor_ticks, 2) + "×",
                      fixed(r.measured_ticks / r.ways_floor_ticks, 2) + "×"});
    if (!rows.empty())
      md += md_table({"algorithm", "backend", "operation", "permutations", "one-state floor", "multi-way floor",
                      "measured", "measured / one-state floor", "measured / multi-way floor"},
                     rows) +
            "\n";
    if (sha2_rows_.empty()) return md;
    md +=
        "SLH-DSA-SHA2 counts SHA-2 compressions instead (F and PRF: one SHA-256 compression each, the PK.seed "
        "block being computed once; H, T_l, H_msg and PRF_msg: SHA-256 for n = 16, SHA-512 above; the same "
        "trees as for SHAKE). Their one-stream cost is measured per backend as the hash of 64 blocks (median "
        "per block; SHA-NI where the CPU has it):\n\n";
    std::vector<std::vector<std::string>> crow, srows;
    for (std::size_t i = 0; i < perm_ticks_.size(); ++i)
      crow.push_back({perm_ticks_[i].first, fixed(sha256_ticks_[i], 0), fixed(sha512_ticks_[i], 0)});
    md += md_table({"backend", "per SHA-256 compression", "per SHA-512 compression"}, crow) + "\n";
    for (const Sha2FloorRow& r : sha2_rows_)
      srows.push_back({r.algorithm, r.backend, r.operation, count_or_zero(r.compressions.sha256),
                       count_or_zero(r.compressions.sha512), format_count(r.floor_ticks),
                       format_count(r.measured_ticks), fixed(r.measured_ticks / r.floor_ticks, 2) + "×"});
    md += md_table({"algorithm", "backend", "operation", "SHA-256 compressions", "SHA-512 compressions",
                    "one-stream floor", "measured", "measured / floor"},
                   srows);
    return md;
  }

 private:
  // Backend b's lowest cost per state among its multi-state calls.
  double cheapest_per_state(std::size_t b) const {
    return std::min({x8_ticks_[b] / 8, batch_ticks_[b] / static_cast<double>(batch_ways_[b]), sliced8_ticks_[b] / 8});
  }

  std::vector<std::pair<std::string, double>> perm_ticks_;
  // Per backend, in perm_ticks_'s order.
  std::vector<double> x4_ticks_, x8_ticks_, batch_ticks_, sliced8_ticks_, sha256_ticks_, sha512_ticks_;
  std::vector<std::size_t> batch_ways_;
  std::vector<FloorRow> rows_;
  std::vector<Sha2FloorRow> sha2_rows_;
};

}  // namespace

std::unique_ptr<Section> make_hash_floor_section() { return std::make_unique<HashFloorSection>(); }

}  // namespace pqlab::lab
