// The speed peers' results as the report's JSON and markdown, and the note
// on what a tick is on this machine (peers.hpp).
#include <algorithm>
#include <sstream>

#include "bench/output.hpp"
#include "harness/core_contention.hpp"
#include "harness/load.hpp"
#include "harness/machine_info.hpp"
#include "harness/stats.hpp"
#include "peers/peers.hpp"

namespace pqlab::lab {

std::string peer_tick_note(const MachineInfo& m) {
  const bool pmu = std::find(m.cpu_flags.begin(), m.cpu_flags.end(), "arch_perfmon") != m.cpu_flags.end();
  std::string s = "ticks are rdtsc readings between lfences (the time-stamp counter's fixed rate, not core cycles)";
  if (m.hypervisor) {
    s += ", read on a " + guest_noun(m) + (pmu ? "" : " without a PMU");
  } else if (!pmu) {
    s += ", on a CPU without an architectural PMU";
  }
  return s + "; only the ratios of one interleaved run are results, never absolute ticks from elsewhere";
}

bool PeerRow::borderline() const {
  if (round_ratios.empty()) return false;
  const Summary s = summarize(round_ratios);
  return std::min(s.q1, ratio()) <= kPeerTargetRatio && kPeerTargetRatio <= std::max(s.q3, ratio());
}

bool PeerResults::load_suspect() const { return load_is_suspect(std::max(load_before, load_after), cpus); }

nlohmann::json peers_to_json(const PeerResults* r) {
  if (r == nullptr) return {{"run", false}};
  nlohmann::json builds = nlohmann::json::array(), rows = nlohmann::json::array();
  for (const PeerBuildInfo& b : r->builds)
    builds.push_back({{"name", b.name},
                      {"flags", b.flags},
                      {"pqlab_backend", b.backend},
                      {"measured", b.measured},
                      {"reason", b.reason}});
  for (const PeerRow& row : r->rows)
    rows.push_back(
        {{"algorithm", row.algorithm},
         {"operation", row.operation},
         {"statistic", row.statistic},
         {"pqlab_backend", row.backend},
         {"pqlab_ticks", row.pqlab_ticks},
         {"pqlab_samples", row.pqlab_samples},
         {"peer", row.peer},
         {"peer_build", row.build},
         {"peer_ticks", row.peer_ticks},
         {"peer_samples", row.peer_samples},
         {"ratio", row.ratio()},
         {"target", kPeerTargetRatio},
         {"met", row.met()},
         {"round_ratios", row.round_ratios},
         {"borderline", row.borderline()},
         {"same_signatures", row.same_signatures ? nlohmann::json(*row.same_signatures) : nlohmann::json()}});
  return {{"run", true},
          {"dir", r->dir},
          {"cpu", r->cpu},
          {"tick_note", r->tick_note},
          {"compiler", r->compiler},
          {"quick", r->quick},
          {"pinned_cpu", r->pinned_cpu},
          {"rounds", r->rounds},
          {"method", r->method},
          {"target_ratio", kPeerTargetRatio},
          {"load",
           {{"before", r->load_before},
            {"after", r->load_after},
            {"cpus", r->cpus},
            {"suspect_above_per_cpu", kSuspectLoadPerCore},
            {"suspect", r->load_suspect()}}},
          {"five_state_call",
           {{"before", r->five_state_before ? nlohmann::json(*r->five_state_before) : nlohmann::json()},
            {"after", r->five_state_after ? nlohmann::json(*r->five_state_after) : nlohmann::json()},
            {"contended_above", kFiveStateContendedAbove}}},
          {"builds", builds},
          {"rows", rows}};
}

std::string peers_to_markdown(const PeerResults& r) {
  std::ostringstream md;
  const auto num = [](double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.0f", v);
    std::string s = b, out;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (i > 0 && (s.size() - i) % 3 == 0) out += ',';
      out += s[i];
    }
    return out;
  };
  md << "pqlab against the fastest public code, built from `" << r.dir << "` with `"
     << (r.compiler.empty() ? std::string("cc") : r.compiler) << "` and timed in one interleaved run on **" << r.cpu
     << "**: pqlab's avx2 backend against the peers built for AVX2 only, its avx512 backend against the peers "
        "built with `-march=native`. The target is a ratio (pqlab / peer) of at most "
     << kPeerTargetRatio << ". Note: " << r.tick_note << ".";
  if (r.quick) md << " **Quick mode: few rounds; a first look, not figures to quote.**";
  md << "\n\n";
  std::vector<std::vector<std::string>> rows;
  int met = 0, borderline = 0;
  for (const PeerRow& row : r.rows) {
    char ratio[32], spread[48] = "–";
    std::snprintf(ratio, sizeof ratio, "%.2f", row.ratio());
    if (!row.round_ratios.empty()) {
      const Summary s = summarize(row.round_ratios);
      std::snprintf(spread, sizeof spread, "%.2f–%.2f", s.q1, s.q3);
    }
    std::string op = row.operation;
    if (row.statistic == "mean") {
      op += " (mean of " + std::to_string(row.pqlab_samples) + " messages";
      if (row.same_signatures) op += *row.same_signatures ? ", same signatures" : ", signatures differ";
      op += ")";
    }
    const bool near_target = row.borderline();
    met += row.met() ? 1 : 0;
    borderline += near_target ? 1 : 0;
    rows.push_back({row.algorithm, op, row.backend, num(row.pqlab_ticks), row.peer + " (" + row.build + ")",
                    num(row.peer_ticks), ratio, spread, "≤ 0.8",
                    std::string(row.met() ? "met" : "missed") + (near_target ? " (borderline)" : "")});
  }
  std::string table =
      "| algorithm | operation | pqlab backend | pqlab ticks | peer (build) | peer ticks | ratio | "
      "per-round ratios (quartiles) | target | verdict |\n|---|---|---|---:|---|---:|---:|---:|---:|---|\n";
  for (const auto& row : rows) table += "| " + join(row, " | ") + " |\n";
  md << table << "\n";
  if (r.rows.empty()) {
    md << "No row: none of the selected algorithms has a peer (the rows: " << join(peer_algorithms(), ", ") << ").";
  } else {
    md << met << " of " << r.rows.size() << " rows meet the target; ";
    if (borderline > 0)
      md << borderline << (borderline == 1 ? " is" : " are")
         << " borderline (0.8 lies between the row's ratio or the lower quartile of its per-round ratios and "
            "the ratio or their upper quartile).";
    else
      md << "none is borderline (in every row the ratio and the quartiles of the per-round ratios lie on one side "
            "of 0.8).";
    md << " The quartiles show the spread within this run only; separate runs can differ by more "
          "(docs/PERFORMANCE.md, Load), so a row near 0.8 is settled only by repeated runs.";
  }
  for (const PeerBuildInfo& b : r.builds)
    if (!b.measured) md << " The `" << b.name << "` builds (" << b.flags << ") were not compared: " << b.reason << ".";
  md << "\n\nMachine load before: " << describe_load(r.load_before, r.cpus)
     << "; after: " << describe_load(r.load_after, r.cpus) << ".";
  if (r.load_suspect()) md << " **The machine was busy: the ratios are suspect.**";
  md << "\n\nThe fifth state of avx2's Keccak calls on the pinned core, from its five-state call over its "
        "four-state one (about 1.0 where the integer units run it for free beside the vector four): before, "
     << describe_five_state_ratio(r.five_state_before) << "; after, " << describe_five_state_ratio(r.five_state_after)
     << ". It is not free where the core's other hardware thread runs integer work (from outside the machine, "
        "which a load average cannot show) or where the core cannot issue it beside the vector round; then "
        "pqlab's avx2 ML-DSA rows, which use it, slow more than the peers'.";
  md << "\n\nMethod: " << r.method << ". Builds: ";
  for (std::size_t i = 0; i < r.builds.size(); ++i)
    md << (i ? "; " : "") << "`" << r.builds[i].name << "`: `" << r.builds[i].flags << "`";
  md << ". Every peer is compiled from the user's unmodified sources with pqlab's own timing harness "
        "(lab/peers/peer_harness.c); both sides draw randomness from a cheap deterministic stream. ML-DSA signing "
        "is the mean over the C2SP CCTV message set with the key from the all-zero seed and deterministic signing "
        "on both sides (\"same signatures\": both did the same rejection-loop work); SLH-DSA signs a 32-byte "
        "message (sphincsplus is round-3.1 SPHINCS+ \"simple\", the same cost as FIPS 205, not the same bytes).\n";
  return md.str();
}


}  // namespace pqlab::lab
