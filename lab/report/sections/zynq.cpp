// Report section: the FPGA-SoC co-design of the comparative study (a
// ZedBoard: Zynq-7000 XC7Z020, Cortex-A9 PS at 667 MHz, NTT and Keccak
// cores in the PL) as a model built from two measurements:
//   1. the Cortex-A9 firmware under QEMU (embedded/zynq/run_zynq.py bench
//      writes zynq.json): executed instructions per operation, and those
//      inside each kernel the PL would take, with call counts;
//   2. the rtl kernel backend (Verilated RTL cores, when this build has
//      it): PL clock cycles, bytes moved and DMA transfers per kernel call,
//      read from kernels::rtl::counters() while the host library runs the
//      same operations with kernels::select("rtl").
// The modelled steps (stated in the section): PS time = instructions × CPI /
// 667 MHz; PS+PL time = (instructions − offloaded kernel instructions) ×
// CPI / 667 MHz + Σ calls × PL cycles per call / PL clock + transfers
// (bytes at the stream width and clock, plus a DMA set-up per transfer),
// all serial (no overlap of PS and PL work).
#include <algorithm>
#include <array>
#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "embedded_files.hpp"
#include "pqlab/kernels.hpp"
#include "pqlab/mldsa.hpp"
#include "pqlab/mlkem.hpp"
#include "pqlab/random.hpp"
#include "report/section.hpp"
#if defined(PQLAB_LAB_HAVE_RTL)
#include "kernels/rtl/rtl_stats.hpp"
#endif

namespace pqlab::lab {
namespace {

constexpr const char* kHowTo =
    "`scripts/setup.sh embedded && python3 embedded/zynq/run_zynq.py bench` (writes "
    "build/embedded-zynq/results/zynq.json), then `pqlab report --zynq build/embedded-zynq/results/zynq.json`. "
    "`scripts/run.sh` does this when the ARM toolchain and QEMU are installed.";

// The ZedBoard's PS clock (Zynq-7000 XC7Z020, speed grade -1).
constexpr double kPsClockMhz = 667;
// Cycles per executed instruction assumed for the Cortex-A9 (a model, not a
// measurement): the core issues at most two instructions per cycle (two ALU
// pipes beside one load/store pipe and one multiply pipe: the pipeline
// descriptions of GCC, gcc/config/arm/cortex-a9.md, and LLVM,
// ARMScheduleA9.td), so CPI ≥ 0.5; the NTT and Keccak loops are chains of
// dependent multiplies, loads and stores through the single load/store and
// multiply pipes, so they issue about one per cycle. No Cortex-A9 cycle
// count of this code was measured here.
constexpr double kCpi = 1.0;

// The PL's kernels, as zynq.json and kernels::rtl::Counters name them.
constexpr std::array<const char*, 7> kKernels = {"mldsa_ntt",    "mldsa_invntt",  "mldsa_pointwise", "mlkem_ntt",
                                                 "mlkem_invntt", "mlkem_basemul", "keccak_f1600"};
bool is_keccak(const std::string& k) { return k == "keccak_f1600"; }

// Per kernel call in the PL, from the rtl backend.
struct PlPerCall {
  double cycles = 0, bytes_to = 0, bytes_from = 0, transfers = 0;
  std::uint64_t host_calls = 0;
};
struct PlMeasurement {
  bool measured = false;
  std::string why_not;
  double clock_mhz = 0, stream_bytes_per_beat = 0, dma_setup_cycles = 0;
  // set -> operation -> kernel -> per-call figures
  std::map<std::string, std::map<std::string, std::map<std::string, PlPerCall>>> per_call;
};

#if defined(PQLAB_LAB_HAVE_RTL)
PlPerCall per_call(const kernels::rtl::CoreCounters& c) {
  PlPerCall p;
  p.host_calls = c.calls;
  if (c.calls == 0) return p;
  const double n = static_cast<double>(c.calls);
  p.cycles = static_cast<double>(c.pl_cycles) / n;
  p.bytes_to = static_cast<double>(c.bytes_to_pl) / n;
  p.bytes_from = static_cast<double>(c.bytes_from_pl) / n;
  p.transfers = static_cast<double>(c.transfers) / n;
  return p;
}

std::map<std::string, PlPerCall> snapshot() {
  const kernels::rtl::Counters c = kernels::rtl::counters();
  return {{"mldsa_ntt", per_call(c.mldsa_ntt)},
          {"mldsa_invntt", per_call(c.mldsa_invntt)},
          {"mldsa_pointwise", per_call(c.mldsa_pointwise)},
          {"mlkem_ntt", per_call(c.mlkem_ntt)},
          {"mlkem_invntt", per_call(c.mlkem_invntt)},
          {"mlkem_basemul", per_call(c.mlkem_basemul)},
          {"keccak_f1600", per_call(c.keccak_f1600)}};
}

template <class F>
std::map<std::string, PlPerCall> count(F&& operation) {
  kernels::rtl::reset_counters();
  if (operation() != Status::ok) throw SelectionError("zynq section: an operation failed under the rtl backend");
  return snapshot();
}

template <class P>
void run_mlkem(PlMeasurement& m, RandomSource& rng) {
  std::array<std::uint8_t, P::ek_bytes> ek;
  std::array<std::uint8_t, P::dk_bytes> dk;
  std::array<std::uint8_t, P::ct_bytes> ct;
  std::array<std::uint8_t, mlkem::shared_secret_bytes> k1, k2;
  auto& ops = m.per_call[P::name];
  ops["keygen"] = count([&] { return mlkem::keygen<P>(ek, dk, rng); });
  ops["encaps"] = count([&] { return mlkem::encaps<P>(ct, k1, ek, rng); });
  ops["decaps"] = count([&] { return mlkem::decaps<P>(k2, ct, dk); });
}

template <class P>
void run_mldsa(PlMeasurement& m, RandomSource& rng) {
  std::array<std::uint8_t, P::pk_bytes> pk;
  std::array<std::uint8_t, P::sk_bytes> sk;
  std::array<std::uint8_t, P::sig_bytes> sig;
  const std::array<std::uint8_t, 32> msg{};
  auto& ops = m.per_call[P::name];
  ops["keygen"] = count([&] { return mldsa::keygen<P>(pk, sk, rng); });
  ops["sign"] = count([&] { return mldsa::sign<P>(sig, sk, msg, {}, rng); });
  ops["verify"] = count([&] { return mldsa::verify<P>(pk, msg, {}, sig); });
}
#endif

// Runs, through the rtl backend, the parameter sets that `wanted` names.
PlMeasurement measure_pl([[maybe_unused]] const std::set<std::string>& wanted) {
  PlMeasurement m;
#if defined(PQLAB_LAB_HAVE_RTL)
  if (!kernels::rtl::available()) {
    m.why_not =
        "this build's rtl library is the stub (Verilator was not found, or PQLAB_RTL=OFF: `scripts/setup.sh rtl`), "
        "so the PL cores' cycles per call could not be measured and no PS+PL time is given";
    return m;
  }
  const std::string previous(kernels::active_name());
  if (kernels::select("rtl") != Status::ok) {
    m.why_not = "kernels::select(\"rtl\") failed";
    return m;
  }
  const kernels::rtl::PlConfig config = kernels::rtl::pl_config();
  m.clock_mhz = config.clock_mhz;
  m.stream_bytes_per_beat = config.stream_bytes_per_beat;
  m.dma_setup_cycles = config.dma_setup_cycles;
  SystemRandom rng;
  try {
    if (wanted.count(mlkem::MLKEM512::name)) run_mlkem<mlkem::MLKEM512>(m, rng);
    if (wanted.count(mlkem::MLKEM768::name)) run_mlkem<mlkem::MLKEM768>(m, rng);
    if (wanted.count(mlkem::MLKEM1024::name)) run_mlkem<mlkem::MLKEM1024>(m, rng);
    if (wanted.count(mldsa::MLDSA44::name)) run_mldsa<mldsa::MLDSA44>(m, rng);
    if (wanted.count(mldsa::MLDSA65::name)) run_mldsa<mldsa::MLDSA65>(m, rng);
    if (wanted.count(mldsa::MLDSA87::name)) run_mldsa<mldsa::MLDSA87>(m, rng);
  } catch (...) {
    if (kernels::select(previous) != Status::ok) m.why_not = "could not restore the kernel backend";
    throw;
  }
  if (kernels::select(previous) != Status::ok) throw SelectionError("zynq section: could not restore the backend");
  m.measured = m.clock_mhz > 0 && m.stream_bytes_per_beat > 0;
  if (!m.measured) m.why_not = "the rtl backend's PL configuration is incomplete (clock or stream width is zero)";
#else
  m.why_not =
      "this build has no rtl kernel backend (Verilator not found, or built without it), so the PL cores' cycles "
      "per call could not be measured and no PS+PL time is given";
#endif
  return m;
}

// The model for one operation.
struct Modelled {
  std::string set, op;
  std::uint64_t instructions = 0, ntt_instructions = 0, keccak_instructions = 0;
  std::map<std::string, std::uint64_t> calls, kernel_instructions;
  double ps_only_ms = 0, amdahl_limit = 0;
  bool pl = false;
  std::uint64_t offloaded_instructions = 0;
  double ps_rest_ms = 0, pl_compute_ms = 0, transfer_ms = 0, dma_setup_ms = 0, total_ms = 0;
  double pl_ntt_ms = 0, pl_keccak_ms = 0;
  std::vector<std::string> not_offloaded;  // kernels the host run did not see in the PL
};

double ms_on_ps(double instructions) { return instructions * kCpi / (kPsClockMhz * 1e3); }

Modelled model(const nlohmann::json& op, const PlMeasurement& pl) {
  Modelled m;
  m.set = op.at("set").get<std::string>();
  m.op = op.at("op").get<std::string>();
  m.instructions = op.at("instructions").get<std::uint64_t>();
  for (const char* k : kKernels) {
    const nlohmann::json& e = op.at("kernels").at(k);
    m.kernel_instructions[k] = e.at("instructions").get<std::uint64_t>();
    m.calls[k] = e.at("calls").get<std::uint64_t>();
    (is_keccak(k) ? m.keccak_instructions : m.ntt_instructions) += m.kernel_instructions[k];
  }
  m.ps_only_ms = ms_on_ps(static_cast<double>(m.instructions));
  const std::uint64_t kernel_total = m.ntt_instructions + m.keccak_instructions;
  m.amdahl_limit = kernel_total < m.instructions
                       ? static_cast<double>(m.instructions) / static_cast<double>(m.instructions - kernel_total)
                       : 0;
  if (!pl.measured) return m;
  const auto set = pl.per_call.find(m.set);
  if (set == pl.per_call.end() || set->second.find(m.op) == set->second.end()) return m;
  const auto& kernels = set->second.at(m.op);
  m.pl = true;
  const double hz = pl.clock_mhz * 1e3;  // cycles per ms
  for (const char* k : kKernels) {
    const std::uint64_t calls = m.calls[k];
    if (calls == 0) continue;
    const auto it = kernels.find(k);
    if (it == kernels.end() || it->second.host_calls == 0) {
      m.not_offloaded.push_back(k);  // stays on the PS
      continue;
    }
    const PlPerCall& p = it->second;
    const double n = static_cast<double>(calls);
    m.offloaded_instructions += m.kernel_instructions[k];
    const double compute = n * p.cycles / hz;
    (is_keccak(k) ? m.pl_keccak_ms : m.pl_ntt_ms) += compute;
    m.pl_compute_ms += compute;
    m.transfer_ms += n * (p.bytes_to + p.bytes_from) / pl.stream_bytes_per_beat / hz;
    m.dma_setup_ms += n * p.transfers * pl.dma_setup_cycles / hz;
  }
  m.ps_rest_ms = ms_on_ps(static_cast<double>(m.instructions - m.offloaded_instructions));
  m.total_ms = m.ps_rest_ms + m.pl_compute_ms + m.transfer_ms + m.dma_setup_ms;
  return m;
}

// The study's ZedBoard figures (lab/data/published_figures.json).
nlohmann::json study_figures() {
  const std::string_view text = embedded_file("published_figures.json");
  if (text.empty()) return nullptr;
  for (const nlohmann::json& e : nlohmann::json::parse(text))
    if (e.value("platform", "").find("ZedBoard") != std::string::npos) return e;
  return nullptr;
}

double published_ms(const nlohmann::json& study, const std::string& op) {
  if (study.is_null()) return -1;
  for (const nlohmann::json& f : study.at("figures"))
    if (f.value("operation", "") == op) return f.at("ms").get<double>();
  return -1;
}

std::string percent(double part, double whole) { return whole > 0 ? fixed(100 * part / whole, 1) + " %" : "—"; }

// Its implicit constructor default-constructs nlohmann::json members, which
// allocate nothing for null; clang-tidy 14 follows the allocating branches.
// NOLINTNEXTLINE(bugprone-exception-escape)
class ZynqSection final : public Section {
 public:
  std::string key() const override { return "zynq"; }
  std::string title() const override { return "FPGA-SoC co-design (Zynq-7000 model)"; }

  void measure(ReportContext& ctx, const Progress& progress) override {
    if (ctx.options.zynq_results.empty()) return;
    results_ = load_zynq_results(ctx.options.zynq_results);
    if (progress) progress("zynq: PL cores through the rtl backend", 0);
    std::set<std::string> sets;
    for (const nlohmann::json& op : results_.at("operations")) sets.insert(op.at("set").get<std::string>());
    pl_ = measure_pl(sets);
    for (const nlohmann::json& op : results_.at("operations")) rows_.push_back(model(op, pl_));
    synthesis_ = read_synthesis(ctx.options.zynq_synthesis);
  }

  nlohmann::json data(const ReportContext&) const override {
    if (results_.is_null()) return {{"run", false}, {"how", kHowTo}};
    nlohmann::json rows = nlohmann::json::array();
    for (const Modelled& m : rows_) {
      nlohmann::json r = {{"set", m.set},
                          {"operation", m.op},
                          {"instructions", m.instructions},
                          {"ntt_instructions", m.ntt_instructions},
                          {"keccak_instructions", m.keccak_instructions},
                          {"kernel_calls", m.calls},
                          {"kernel_instructions", m.kernel_instructions},
                          {"ps_only_ms_model", m.ps_only_ms},
                          {"amdahl_limit_speedup", m.amdahl_limit},
                          {"pl_measured", m.pl}};
      if (m.pl)
        r["ps_pl_model"] = {
            {"ps_remaining_ms", m.ps_rest_ms}, {"pl_compute_ms", m.pl_compute_ms},     {"pl_ntt_ms", m.pl_ntt_ms},
            {"pl_keccak_ms", m.pl_keccak_ms},  {"stream_transfer_ms", m.transfer_ms},  {"dma_setup_ms", m.dma_setup_ms},
            {"total_ms", m.total_ms},          {"kernels_left_on_ps", m.not_offloaded}};
      rows.push_back(r);
    }
    nlohmann::json assumptions = {{"ps_clock_mhz", kPsClockMhz}, {"cpi", kCpi}, {"pl_measured", pl_.measured}};
    if (pl_.measured)
      assumptions.update({{"pl_clock_mhz", pl_.clock_mhz},
                          {"stream_bytes_per_beat", pl_.stream_bytes_per_beat},
                          {"dma_setup_pl_cycles", pl_.dma_setup_cycles}});
    else
      assumptions["pl_not_measured_because"] = pl_.why_not;
    return {{"run", true},
            {"method", results_.value("method", nlohmann::json::object())},
            {"calibration", results_.value("calibration", nlohmann::json::object())},
            {"assumptions", assumptions},
            {"rows", rows},
            {"synthesis", synthesis_},
            {"published", study_figures()}};
  }

  std::string markdown(const ReportContext&) const override {
    if (results_.is_null()) return std::string("Not part of this run. To include it: ") + kHowTo + "\n";
    const nlohmann::json method = results_.value("method", nlohmann::json::object());
    std::string md =
        "The study's FPGA-SoC system (ZedBoard: Zynq-7000 XC7Z020, Cortex-A9 PS at 667 MHz, NTT and Keccak cores "
        "in the PL) rebuilt as a **model** from two measurements. Measured: the pqlab core cross-compiled for the "
        "Cortex-A9 (`" +
        method.value("flags", std::string()) + "`; " + method.value("compiler", std::string()) +
        ") and run on QEMU's `xilinx-zynq-a9` (" + method.value("qemu", std::string()) +
        "); a TCG plugin counts the executed instructions of each operation and those inside the kernels the PL "
        "would take (ML-DSA NTT, inverse NTT, pointwise products; ML-KEM NTT, inverse NTT, base multiplication; "
        "Keccak-f[1600]), with their calls. These are **QEMU instruction counts, not Cortex-A9 cycles**.\n\n";
    md += "Modelled, step by step:\n\n";
    md += "1. PS-only time = instructions × CPI / 667 MHz, with **CPI = " + fixed(kCpi, 1) +
          " assumed** (the Cortex-A9 issues at most two instructions per cycle, CPI ≥ 0.5, per the pipeline "
          "descriptions in GCC's `cortex-a9.md` and LLVM's `ARMScheduleA9.td`; the NTT and Keccak loops are "
          "chains of dependent multiplies, loads and stores through its single multiply and load/store pipes). "
          "Times scale linearly with the CPI: at CPI 0.7 they are 30 % lower, at 1.5 half as high again.\n";
    md +=
        "2. PS+PL time = (instructions − offloaded kernels' instructions) × CPI / 667 MHz + Σ calls × PL cycles "
        "per call / PL clock + transfers (bytes at the AXI4-Stream width and PL clock, plus a DMA set-up per "
        "transfer); PS and PL work are taken as serial (the PS waits for each call).\n";
    md +=
        "3. Amdahl's limit = instructions / (instructions − all kernels' instructions): the speed-up if the PL "
        "took no time at all; what the PS keeps bounds any offload.\n\n";
    if (pl_.measured)
      md +=
          "PL parameters, from the rtl backend (`kernels::rtl::pl_config()`; cycles per call, bytes and "
          "transfers measured by running each operation on this host with `kernels::select(\"rtl\")`): PL clock " +
          fixed(pl_.clock_mhz, 0) + " MHz, stream " + fixed(pl_.stream_bytes_per_beat, 0) +
          " bytes per beat, DMA set-up " + fixed(pl_.dma_setup_cycles, 0) + " PL cycles per transfer.\n\n";
    else
      md += "**PL part not measured**: " + pl_.why_not +
            ". Only the PS-only model and Amdahl's limit are given; no PS+PL time is printed.\n\n";
    const nlohmann::json calibration = results_.value("calibration", nlohmann::json::object());
    if (!calibration.empty())
      md += "Counter check: a " + with_commas(calibration.value("loop_instructions", 0.0)) +
            "-instruction loop counted as " + with_commas(calibration.value("measured", 0.0)) + ".\n\n";

    std::vector<std::vector<std::string>> table;
    for (const Modelled& m : rows_) {
      const double n = static_cast<double>(m.instructions);
      std::vector<std::string> row = {m.set,
                                      m.op,
                                      with_commas(n),
                                      fixed(m.ps_only_ms, 3),
                                      percent(static_cast<double>(m.ntt_instructions), n),
                                      percent(static_cast<double>(m.keccak_instructions), n),
                                      fixed(m.amdahl_limit, 1) + "×"};
      if (pl_.measured) {
        if (m.pl) {
          row.push_back(fixed(m.total_ms, 3));
          row.push_back(percent(m.ps_rest_ms, m.total_ms));
          row.push_back(percent(m.pl_ntt_ms, m.total_ms));
          row.push_back(percent(m.pl_keccak_ms, m.total_ms));
          row.push_back(fixed(1e3 * (m.transfer_ms + m.dma_setup_ms), 1) + " (" +
                        percent(m.transfer_ms + m.dma_setup_ms, m.total_ms) + ")");
          row.push_back(fixed(m.ps_only_ms / m.total_ms, 1) + "×");
        } else {
          row.insert(row.end(), 6, "not measured");
        }
      }
      table.push_back(row);
    }
    std::vector<std::string> header = {"set",
                                       "operation",
                                       "A9 instructions (QEMU)",
                                       "PS only, ms (model)",
                                       "NTT share (PS only)",
                                       "Keccak share (PS only)",
                                       "Amdahl's limit"};
    if (pl_.measured)
      header.insert(header.end(), {"PS+PL, ms (model)", "PS share after offload", "PL NTT share", "PL Keccak share",
                                   "transfers + DMA set-up, µs (share)", "speed-up"});
    md += "### Per operation\n\n" + md_table(header, table) + "\n";

    std::vector<std::vector<std::string>> calls;
    for (const Modelled& m : rows_) {
      std::vector<std::string> row = {m.set, m.op};
      for (const char* k : kKernels) row.push_back(with_commas(static_cast<double>(m.calls.at(k))));
      calls.push_back(row);
    }
    md += "Kernel calls per operation (A9 run; Keccak: permutations):\n\n" +
          md_table({"set", "operation", "ML-DSA NTT", "ML-DSA inv. NTT", "ML-DSA pointwise", "ML-KEM NTT",
                    "ML-KEM inv. NTT", "ML-KEM basemul", "Keccak-f[1600]"},
                   calls) +
          "\n";

    md += "### PL resources (synthesis)\n\n";
    if (synthesis_.is_null())
      md += "No synthesis results: " + synthesis_note_ + "\n\n";
    else
      md += synthesis_markdown() + "\n";

    md += published_markdown();
    return md;
  }

 private:
  nlohmann::json read_synthesis(const std::string& path) {
    if (path.empty()) {
      synthesis_note_ =
          "none given (`pqlab report --zynq-synth FILE`, the JSON that the rtl branch's `rtl/synth.sh` writes); "
          "the cores' LUTs, flip-flops, DSP48E1 and BRAM are not shown.";
      return nullptr;
    }
    std::ifstream in(path, std::ios::binary);
    nlohmann::json j = in ? nlohmann::json::parse(in, nullptr, false) : nlohmann::json();
    if (!in || j.is_discarded() || !j.is_object())
      throw SelectionError("cannot read the synthesis results " + path + " (a JSON object)");
    return j;
  }

  // The synthesis file's format belongs to rtl/synth.sh (build/rtl-synth/
  // synth.json: "capacity" and "cores" → name → resource counts): every
  // object with number members becomes a row of those numbers (a core, or
  // the device's capacity); other members are walked into.
  std::string synthesis_markdown() const {
    std::vector<std::string> columns;
    std::vector<std::pair<std::string, const nlohmann::json*>> cores;
    std::function<void(const std::string&, const nlohmann::json&)> walk =
        [&](const std::string& name, const nlohmann::json& j) {
      if (!j.is_object()) return;
      bool numbers = false;
      for (const auto& [k, v] : j.items())
        if (v.is_number()) {
          numbers = true;
          if (std::find(columns.begin(), columns.end(), k) == columns.end()) columns.push_back(k);
        }
      if (numbers) cores.emplace_back(name, &j);
      for (const auto& [k, v] : j.items())
        if (v.is_object()) walk(name.empty() ? k : name + "." + k, v);
    };
    walk("", synthesis_);
    if (cores.empty()) return "The synthesis file holds no per-core numbers.\n";
    std::vector<std::vector<std::string>> rows;
    for (const auto& [name, j] : cores) {
      // "utilisation" holds fractions of the device's capacity: shown as %.
      const bool fractions = name == "utilisation";
      std::vector<std::string> row = {name};
      for (const std::string& c : columns)
        row.push_back(!j->contains(c) || !j->at(c).is_number() ? "—"
                      : fractions                              ? fixed(100 * j->at(c).get<double>(), 1) + " %"
                      : j->at(c).is_number_integer()           ? with_commas(j->at(c).get<double>())
                                                               : fixed(j->at(c).get<double>(), 1));
      rows.push_back(row);
    }
    std::vector<std::string> header = {"core"};
    header.insert(header.end(), columns.begin(), columns.end());
    return "From Yosys `synth_xilinx -family xc7` (no timing: Yosys has no 7-series timing model). XC7Z020 "
           "capacity: 53,200 LUTs, 106,400 flip-flops, 220 DSP48E1, 140 BRAM36.\n\n" +
           md_table(header, rows);
  }

  std::string published_markdown() const {
    const nlohmann::json study = study_figures();
    if (study.is_null()) return "";
    std::string md = "### Beside the study's ZedBoard (published, not measured here)\n\n";
    md += "*Published*: " + study.at("source").value("title", std::string()) + " — " + study.value("what", "") + "; " +
          study.value("platform", "") +
          ". The study does not state the Dilithium parameter set (nor the "
          "round-3 version's differences from FIPS 204), so every ML-DSA set is shown beside it.\n\n";
    std::vector<std::vector<std::string>> rows;
    for (const Modelled& m : rows_) {
      if (m.set.rfind("ML-DSA", 0) != 0) continue;
      const double published = published_ms(study, m.op);
      rows.push_back({m.set, m.op, fixed(m.ps_only_ms, 3), m.pl ? fixed(m.total_ms, 3) : "not measured",
                      published >= 0 ? fixed(published, 3) + " (published)" : "—"});
    }
    md += md_table({"set", "operation", "PS only, ms (model)", "PS+PL, ms (model)",
                    "study, PS+PL on XC7Z020, ms (published, not measured here)"},
                   rows) +
          "\n";
    return md;
  }

  nlohmann::json results_;
  PlMeasurement pl_;
  std::vector<Modelled> rows_;
  nlohmann::json synthesis_;
  std::string synthesis_note_;
};

}  // namespace

nlohmann::json load_zynq_results(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SelectionError("cannot read the Zynq results file " + path);
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("operations") || !j["operations"].is_array() ||
      j["operations"].empty())
    throw SelectionError(path + " is not the zynq.json that embedded/zynq/run_zynq.py bench writes");
  try {
    PlMeasurement none;
    for (const nlohmann::json& op : j.at("operations")) {
      const Modelled m = model(op, none);  // every field the section reads, with its type
      if (m.instructions == 0 || m.ntt_instructions + m.keccak_instructions > m.instructions)
        throw SelectionError(path + ": an operation with no instructions, or more in its kernels than in all");
    }
  } catch (const nlohmann::json::exception& e) {
    throw SelectionError(path + ": malformed Zynq results (" + e.what() + ")");
  }
  return j;
}

std::unique_ptr<Section> make_zynq_section() { return std::make_unique<ZynqSection>(); }

}  // namespace pqlab::lab
