// Speed peers: the fastest public implementations, built from a directory
// the user names (laid out like the peers' snapshots: mlkem-native/,
// pq-crystals-dilithium/, sphincsplus/) and timed side by side with pqlab.
//
// Nothing of the peers is in the project: at run time the lab compiles the
// user's unmodified peer sources with `cc` from PATH, each together with the
// lab's own timing harness (lab/peers/peer_harness.c, compiled into the
// tool), into a temporary directory: every peer twice, strict AVX2
// (-O3 -mavx2 -mbmi2 -mpopcnt, the fair peer of pqlab's avx2 backend) and
// -O3 -march=native (the fair peer of the avx512 backend). Each harness runs
// as a child process on the lab's pinned core and answers one command at a
// time, so that peer and pqlab rounds alternate and load drift hits both
// sides alike. Only ratios are reported.
#pragma once
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench/bench.hpp"

namespace pqlab::lab {

// The issue-25 target: pqlab at most this fraction of the peer's ticks.
inline constexpr double kPeerTargetRatio = 0.8;

struct PeerPlan {
  std::string dir;        // the user's peer directory
  bool quick = false;     // fewer rounds and calls (CI, a first look)
  std::string cc = "cc";  // the C compiler, looked up on PATH
  // Compile jobs at once (0: one per allowed CPU, at most 4).
  unsigned jobs = 0;
  // pqlab parameter sets to compare (peer_algorithms() names, any case);
  // empty: every row. Only the selected peers' files must exist.
  std::vector<std::string> algorithms;
};

// The parameter sets that have a peer row, in table order.
std::vector<std::string> peer_algorithms();
// The names of `wanted` (as for bench/report -a: names, or the groups
// "all" and "pq") that have a peer row; with `strict`, PeerError for a name
// that has none. Empty `wanted`: every one.
std::vector<std::string> select_peer_algorithms(const std::vector<std::string>& wanted, bool strict);

// One compared operation: pqlab on one backend against one peer build.
struct PeerRow {
  std::string algorithm;  // pqlab's name: "ML-KEM-768", "ML-DSA-65", ...
  std::string operation;  // "keygen", "encaps", "decaps", "sign", "verify"
  std::string statistic;  // "median" or "mean" (ML-DSA signing over the message set)
  std::string backend;    // pqlab's kernels: "avx2" or "avx512"
  std::string peer;       // "mlkem-native", "pq-crystals AVX2", "sphincsplus sha2-avx2", ...
  std::string build;      // "strict-avx2" or "native"
  double pqlab_ticks = 0, peer_ticks = 0;
  std::size_t pqlab_samples = 0, peer_samples = 0;
  // ML-DSA signing: whether both sides produced the same signatures (same
  // key from the all-zero seed, deterministic signing), i.e. did the same
  // rejection-loop work; nullopt for other rows.
  std::optional<bool> same_signatures;
  // One ratio per round: pqlab's statistic over the peer's, each from that
  // round's samples alone (the median, or for signing the mean over the
  // message set), so that the spread of the ratio within the run shows.
  std::vector<double> round_ratios;
  double ratio() const { return peer_ticks > 0 ? pqlab_ticks / peer_ticks : 0; }
  bool met() const { return ratio() <= kPeerTargetRatio; }
  // Whether the target lies within the run's own spread: between the lower
  // of ratio() and the per-round ratios' lower quartile and the higher of
  // ratio() and their upper quartile. (ratio() comes from the pooled
  // samples, or for signing from each message's fastest round, so it can
  // lie outside the per-round quartiles.)
  bool borderline() const;
};

struct PeerBuildInfo {
  std::string name, flags, backend;  // "strict-avx2", "-O3 -mavx2 ...", "avx2"
  bool measured = false;
  std::string reason;  // why not measured (no such backend on this CPU)
};

struct PeerResults {
  std::string dir, cpu, tick_note, compiler;
  bool quick = false;
  int pinned_cpu = -1;
  unsigned rounds = 0;
  std::string method;  // how the rounds were interleaved, in words
  std::vector<PeerBuildInfo> builds;
  std::vector<PeerRow> rows;
  // The 1-minute load average before and after the measurement.
  double load_before = 0, load_after = 0;
  // The avx2 five-state Keccak call over the four-state one on the pinned
  // core, before and after (harness/core_contention.hpp): about 1.0 where
  // the fifth state is free.
  std::optional<double> five_state_before, five_state_after;
  unsigned cpus = 1;
  bool load_suspect() const;
};

// Thrown for a bad directory, a missing peer, a failed build or a harness
// that does not start (the CLI turns it into one line and exit 2).
struct PeerError : SelectionError {
  using SelectionError::SelectionError;
};

// The peers built from one directory: the compiled harnesses in a temporary
// directory (removed by the destructor, kept when a build failed so that
// its log can be read).
class PeerBuilds {
 public:
  // Checks the directory and the CPU, then compiles every peer harness;
  // PeerError naming the directory, the missing file or the failed build
  // (with the compiler's first error line and the log's path).
  static std::unique_ptr<PeerBuilds> build(const PeerPlan& plan, const Progress& progress = {});
  ~PeerBuilds();
  PeerBuilds(const PeerBuilds&) = delete;
  PeerBuilds& operator=(const PeerBuilds&) = delete;

  // Times every row: pqlab's avx2 backend against the strict-AVX2 builds,
  // and avx512 (where the CPU has it) against the native builds, peer and
  // pqlab rounds alternating on one pinned core. Restores the kernel
  // backend that was active. PeerError if a harness fails.
  PeerResults measure(const Progress& progress = {}) const;

  struct Impl;

 private:
  explicit PeerBuilds(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

struct MachineInfo;
// What a tick is on this machine (rdtsc; the hypervisor, the PMU), for the
// table's note (peers_output.cpp).
std::string peer_tick_note(const MachineInfo& m);

// $defs/peers of lab/report.schema.json ({"run": false} for nullptr).
nlohmann::json peers_to_json(const PeerResults* results);
// The side-by-side table with ratio, target and verdict, and the method.
std::string peers_to_markdown(const PeerResults& results);

}  // namespace pqlab::lab
