// Speed peers (peers.hpp): the build recipes, the harnesses and the
// interleaved rounds; child_process.cpp starts the programs and
// peers_output.cpp writes the results.
#include "bench/output.hpp"
#include "peers/peers.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <limits>
#include <sstream>
#include <thread>

#include "embedded_files.hpp"
#include "harness/core_contention.hpp"
#include "harness/load.hpp"
#include "harness/machine_info.hpp"
#include "peers/child_process.hpp"
#include "peers/harness_protocol.hpp"
#include "harness/pinning.hpp"
#include "harness/sampler.hpp"
#include "harness/stats.hpp"
#include "harness/tsc.hpp"
#include "pqlab/kernels.hpp"
#include "pqlab/random.hpp"
#include "pqlab/registry.hpp"

namespace pqlab::lab {

namespace fs = std::filesystem;

namespace {

using peers_detail::describe_exit;
using peers_detail::first_error;
using peers_detail::first_output_line;
using peers_detail::spawn;
using peers_detail::wait_for;

// One peer program: which sources of the user's directory it compiles and
// which pqlab parameter set it is compared with.
struct Recipe {
  std::string id;                    // file name of the program
  std::string peer;                  // as the table names it
  std::string algorithm;             // pqlab's parameter set
  int kind = 0;                      // PH_KIND of the harness: 1 ML-KEM, 2 ML-DSA, 3 SLH-DSA
  std::string folder;                // relative to the peer directory; also the include directory
  std::vector<std::string> sources;  // relative to folder
  std::vector<std::string> defines;
  std::vector<std::string> operations;  // compared operations ("sign" of ML-DSA: the message-set mean)
};

// The three peers of issue 25, built as their READMEs say (the peers'
// own randombytes.c is left out: the harness supplies randombytes).
std::vector<Recipe> recipes() {
  std::vector<Recipe> r;
  r.push_back({"mlkem-native-768",
               "mlkem-native",
               "ML-KEM-768",
               1,
               "mlkem-native/mlkem",
               {"mlkem_native.c", "mlkem_native_asm.S"},
               {"MLK_CONFIG_PARAMETER_SET=768", "MLK_CONFIG_USE_NATIVE_BACKEND_ARITH",
                "MLK_CONFIG_USE_NATIVE_BACKEND_FIPS202", "MLK_CONFIG_NAMESPACE_PREFIX=pqlab_peer_mlkem"},
               {"keygen", "encaps", "decaps"}});
  const std::vector<std::string> dilithium = {"sign.c",      "packing.c",   "polyvec.c",        "poly.c",
                                              "ntt.S",       "invntt.S",    "pointwise.S",      "shuffle.S",
                                              "consts.c",    "rejsample.c", "rounding.c",       "fips202.c",
                                              "fips202x4.c", "f1600x4.S",   "symmetric-shake.c"};
  for (const auto& [mode, set] : {std::pair{"2", "ML-DSA-44"}, {"3", "ML-DSA-65"}, {"5", "ML-DSA-87"}})
    r.push_back({std::string("dilithium") + mode,
                 "pq-crystals AVX2",
                 set,
                 2,
                 "pq-crystals-dilithium/avx2",
                 dilithium,
                 {std::string("DILITHIUM_MODE=") + mode},
                 {"keygen", "sign", "verify"}});
  r.push_back(
      {"sphincs-sha2-128f",
       "sphincsplus sha2-avx2",
       "SLH-DSA-SHA2-128f",
       3,
       "sphincsplus/sha2-avx2",
       {"hash_sha2.c", "hash_sha2x8.c", "thash_sha2_simple.c", "thash_sha2_simplex8.c", "sha2.c", "sha256x8.c",
        "sha512x4.c", "sha256avx.c", "address.c", "merkle.c", "wots.c", "utils.c", "utilsx8.c", "fors.c", "sign.c"},
       {"PARAMS=sphincs-sha2-128f"},
       {"sign"}});
  r.push_back({"sphincs-shake-128f",
               "sphincsplus shake-avx2",
               "SLH-DSA-SHAKE-128f",
               3,
               "sphincsplus/shake-avx2",
               {"hash_shake.c", "hash_shakex4.c", "thash_shake_simple.c", "thash_shake_simplex4.c", "address.c",
                "merkle.c", "wots.c", "utils.c", "utilsx4.c", "fors.c", "sign.c", "fips202.c", "fips202x4.c",
                "keccak4x/KeccakP-1600-times4-SIMD256.c"},
               {"PARAMS=sphincs-shake-128f"},
               {"sign"}});
  return r;
}


// The recipes of the plan's selection.
std::vector<Recipe> selected_recipes(const PeerPlan& plan) {
  const std::vector<std::string> names = select_peer_algorithms(plan.algorithms, false);
  std::vector<Recipe> r;
  for (const Recipe& x : recipes())
    if (std::find(names.begin(), names.end(), x.algorithm) != names.end()) r.push_back(x);
  return r;
}

struct BuildKind {
  std::string name, backend;
  std::vector<std::string> flags;
};

const std::vector<BuildKind>& build_kinds() {
  static const std::vector<BuildKind> k = {{"strict-avx2", "avx2", {"-O3", "-mavx2", "-mbmi2", "-mpopcnt"}},
                                           {"native", "avx512", {"-O3", "-march=native"}}};
  return k;
}


bool backend_usable(std::string_view name) {
  for (std::string_view b : kernels::available())
    if (b == name) return true;
  return false;
}

const Algorithm& algorithm(const std::string& name) {
  const Algorithm* a = find_algorithm(name);
  if (a == nullptr) throw PeerError("--peers: " + name + " is not compiled into this pqlab");
  return *a;
}

// FNV-1a 64 over bytes, continuing from h (the harness's checksum).
std::uint64_t fnv1a(std::uint64_t h, std::span<const std::uint8_t> bytes) {
  for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ULL;
  return h;
}

// pqlab's side draws from the same kind of cheap deterministic stream as
// the harness, so that neither side times the OS's random source.
class StreamRandom final : public RandomSource {
 public:
  Status generate(std::span<std::uint8_t> out) override {
    for (std::uint8_t& b : out) {
      state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
      b = static_cast<std::uint8_t>(state_ >> 56);
    }
    return Status::ok;
  }

 private:
  std::uint64_t state_ = 0x13198a2e03707344ULL;
};

// The ML-DSA message set of the signing section (C2SP CCTV), as bytes.
std::vector<std::string> message_set(const std::string& set, std::size_t limit) {
  const std::string_view text = embedded_file(set + ".json");
  if (text.empty()) throw PeerError("--peers: no embedded message set for " + set);
  std::vector<std::string> m = nlohmann::json::parse(text).get<std::vector<std::string>>();
  if (limit != 0 && m.size() > limit) m.resize(limit);
  return m;
}

// A running harness: commands on its standard input, answers on its
// standard output, its standard error in a log file.
class Harness {
 public:
  Harness(const fs::path& program, const Recipe& r, const std::string& build)
      : what_(r.peer + " " + r.algorithm + " (" + build + ")") {
    ::signal(SIGPIPE, SIG_IGN);  // a dead harness is an error to report, not the end of the tool
    int to_child[2], from_child[2];
    if (::pipe2(to_child, O_CLOEXEC) != 0 || ::pipe2(from_child, O_CLOEXEC) != 0)
      throw PeerError("--peers: cannot create a pipe: " + std::string(std::strerror(errno)));
    log_ = program.string() + ".stderr";
    try {
      pid_ = spawn({program.string()}, log_, to_child[0], from_child[1]);
    } catch (...) {
      for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
      throw;
    }
    ::close(to_child[0]);
    ::close(from_child[1]);
    in_ = ::fdopen(to_child[1], "w");
    out_ = ::fdopen(from_child[0], "r");
    if (in_ == nullptr || out_ == nullptr) {
      if (in_ == nullptr) ::close(to_child[1]);
      if (out_ == nullptr) ::close(from_child[0]);
      close();
      throw PeerError("--peers: cannot open the pipes to " + what_);
    }
    const Algorithm& a = algorithm(r.algorithm);
    const char* kinds[] = {"", "kem", "mldsa", "slhdsa"};
    const std::string hello = std::string("pqlab-peer-harness/1 ") + kinds[r.kind] + " " +
                              std::to_string(a.public_key_bytes) + " " + std::to_string(a.secret_key_bytes) + " " +
                              std::to_string(a.ciphertext_bytes) + " " + std::to_string(a.signature_bytes);
    try {
      const std::string got = read_line();
      if (got != hello) fail("started with '" + got + "', expected '" + hello + "'");
    } catch (...) {
      close();  // no destructor runs for a half-made object
      throw;
    }
  }
  ~Harness() { close(); }
  Harness(const Harness&) = delete;
  Harness& operator=(const Harness&) = delete;

  // N timed calls of op (after one untimed call).
  std::vector<double> time(const std::string& op, std::size_t n) {
    send("time " + op + " " + std::to_string(n));
    const auto t = parse_ticks_line(read_line(), op, n);
    if (!t) fail("answered 'time " + op + " " + std::to_string(n) + "' with a malformed line");
    return std::vector<double>(t->begin(), t->end());
  }

  void add_message(const std::string& m) {
    static const char* hex = "0123456789abcdef";
    std::string line = "msg ";
    for (const char ch : m) {
      const auto c = static_cast<unsigned char>(ch);
      line += hex[c >> 4];
      line += hex[c & 15];
    }
    send(line);
    ++messages_;
    if (read_line() != "ok " + std::to_string(messages_)) fail("did not take message " + std::to_string(messages_));
  }

  // Each message signed once: (FNV-1a of the signatures, ticks per message).
  std::pair<std::uint64_t, std::vector<double>> sign_set() {
    send("signset");
    const auto s = parse_signset_line(read_line(), messages_);
    if (!s) fail("answered 'signset' with a malformed line");
    return {s->checksum, std::vector<double>(s->ticks.begin(), s->ticks.end())};
  }

 private:
  // Asks the harness to quit (a dead one cannot read it: SIGPIPE is
  // ignored) and reaps it.
  void close() {
    if (in_ != nullptr) {
      std::fputs("quit\n", in_);
      std::fclose(in_);
      in_ = nullptr;
    }
    if (out_ != nullptr) {
      std::fclose(out_);
      out_ = nullptr;
    }
    if (pid_ > 0) (void)wait_for(pid_);
    pid_ = -1;
  }

  void send(const std::string& line) {
    if (std::fputs((line + "\n").c_str(), in_) < 0 || std::fflush(in_) != 0) fail("stopped reading commands");
  }

  std::string read_line() {
    std::string line;
    for (int c; (c = std::fgetc(out_)) != EOF && c != '\n';) line += static_cast<char>(c);
    if (std::feof(out_) && line.empty()) {
      const int status = wait_for(pid_);
      pid_ = -1;
      fail("ended (" + describe_exit(status) + ")" + stderr_tail());
    }
    if (line.rfind("error ", 0) == 0) fail(line.substr(6));
    return line;
  }

  std::string stderr_tail() const {
    const std::string e = first_error(log_);
    return e == "no compiler output" ? "" : ": " + e;
  }

  [[noreturn]] void fail(const std::string& why) const {
    throw PeerError("--peers: the harness of " + what_ + " failed: " + why);
  }

  std::string what_;
  fs::path log_;
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
  std::size_t messages_ = 0;
};

// pqlab's side of one recipe: keys made once, operations as for the harness.
class PqlabSide {
 public:
  explicit PqlabSide(const Algorithm& a) : a_(a) {
    pk_.resize(a.public_key_bytes);
    sk_.resize(a.secret_key_bytes);
    pk2_ = pk_;
    sk2_ = sk_;
    if (a.kem != nullptr) {
      ct_.resize(a.ciphertext_bytes);
      ct2_ = ct_;
      ss_.resize(a.shared_secret_bytes);
      ss2_ = ss_;
      check(a.kem->keygen(pk_, sk_, rng_), "keygen");
      check(a.kem->encaps(ct_, ss_, pk_, rng_), "encaps");
      check(a.kem->decaps(ss2_, ct_, sk_), "decaps");
      if (ss2_ != ss_) throw PeerError("--peers: pqlab's " + std::string(a.name) + " decaps disagrees with encaps");
    } else {
      sig_.resize(a.signature_bytes);
      sig2_ = sig_;
      msg_.resize(32);
      check(rng_.generate(msg_), "random");
      check(a.sig->keygen(pk_, sk_, rng_), "keygen");
      check(a.sig->sign(sig_, msg_, sk_, {}, rng_), "sign");
      check(a.sig->verify(sig_, msg_, pk_, {}), "verify");
    }
  }

  std::function<void()> operation(const std::string& op) {
    if (a_.kem != nullptr) {
      if (op == "keygen") return [this] { check(a_.kem->keygen(pk2_, sk2_, rng_), "keygen"); };
      if (op == "encaps") return [this] { check(a_.kem->encaps(ct2_, ss2_, pk_, rng_), "encaps"); };
      if (op == "decaps") return [this] { check(a_.kem->decaps(ss2_, ct_, sk_), "decaps"); };
    } else {
      if (op == "keygen") return [this] { check(a_.sig->keygen(pk2_, sk2_, rng_), "keygen"); };
      if (op == "sign")
        return [this] {
          std::vector<std::uint8_t> m = msg_;
          m[0] = static_cast<std::uint8_t>(++calls_);
          m[1] = static_cast<std::uint8_t>(calls_ >> 8);
          check(a_.sig->sign(sig2_, m, sk_, {}, rng_), "sign");
        };
      if (op == "verify") return [this] { check(a_.sig->verify(sig_, msg_, pk_, {}), "verify"); };
    }
    throw PeerError("--peers: no operation " + op);
  }

  std::vector<double> time(const std::string& op, std::size_t n) {
    SamplingPolicy p;
    p.min_time_s = 0;
    p.min_samples = n;
    p.max_samples = n;
    p.warmup_s = 0;  // one untimed call, as the harness
    return sample_ticks(operation(op), p);
  }

  // ML-DSA: the key from the all-zero seed, each message signed once
  // deterministically with an empty context.
  std::pair<std::uint64_t, std::vector<double>> sign_set(const std::vector<std::string>& msgs) {
    std::vector<std::uint8_t> pk(a_.public_key_bytes), sk(a_.secret_key_bytes), sig(a_.signature_bytes),
        seed(a_.seed_bytes, 0);
    check(a_.sig->keygen_from_seed(pk, sk, seed), "keygen_from_seed");
    SignOptions opt{};
    opt.mode = SignMode::deterministic;
    std::uint64_t h = 0xcbf29ce484222325ULL;
    std::vector<double> t;
    for (const std::string& m : msgs) {
      const std::span<const std::uint8_t> msg(reinterpret_cast<const std::uint8_t*>(m.data()), m.size());
      const std::uint64_t t0 = read_ticks();
      const Status s = a_.sig->sign(sig, msg, sk, opt, rng_);
      const std::uint64_t t1 = read_ticks();
      check(s, "sign");
      t.push_back(static_cast<double>(t1 - t0));
      h = fnv1a(h, sig);
    }
    return {h, t};
  }

 private:
  void check(Status s, const char* what) const {
    if (s != Status::ok) throw PeerError("--peers: pqlab's " + std::string(a_.name) + " " + what + " failed");
  }
  const Algorithm& a_;
  StreamRandom rng_;
  std::vector<std::uint8_t> pk_, sk_, pk2_, sk2_, ct_, ct2_, ss_, ss2_, sig_, sig2_, msg_;
  unsigned calls_ = 0;
};

// Calls per round and rounds, by operation.
struct Counts {
  unsigned rounds;
  std::size_t kem, dsa, slh, messages;  // messages: 0 = the whole set
};
Counts counts(bool quick) { return quick ? Counts{3, 21, 11, 1, 16} : Counts{15, 201, 101, 5, 0}; }

double mean_of(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

}  // namespace

std::vector<std::string> peer_algorithms() {
  std::vector<std::string> names;
  for (const Recipe& r : recipes()) names.push_back(r.algorithm);
  return names;
}

std::vector<std::string> select_peer_algorithms(const std::vector<std::string>& wanted, bool strict) {
  std::vector<std::string> all = peer_algorithms();  // not const: returned by move
  if (wanted.empty()) return all;
  std::vector<std::string> chosen;
  for (const std::string& w : wanted) {
    const std::string l = lower(w);
    if (l == "all" || l == "pq") return all;
    bool found = false;
    for (const std::string& a : all)
      if (lower(a) == l) {
        chosen.push_back(a);
        found = true;
      }
    if (!found && strict) throw PeerError("--peers: no peer row for '" + w + "' (the rows: " + join(all, ", ") + ")");
  }
  // In table order.
  std::vector<std::string> ordered;
  for (const std::string& a : all)
    if (std::find(chosen.begin(), chosen.end(), a) != chosen.end()) ordered.push_back(a);
  return ordered;
}

struct PeerBuilds::Impl {
  PeerPlan plan;
  fs::path tmp;
  bool keep = false;  // a failed build keeps its logs
  std::vector<PeerBuildInfo> builds;
  std::string compiler;
  std::string cpu, note;
  fs::path program(const std::string& build, const Recipe& r) const { return tmp / build / r.id; }
};

PeerBuilds::PeerBuilds(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

PeerBuilds::~PeerBuilds() {
  if (impl_ && !impl_->keep && !impl_->tmp.empty()) {
    std::error_code ec;
    fs::remove_all(impl_->tmp, ec);
  }
}

std::unique_ptr<PeerBuilds> PeerBuilds::build(const PeerPlan& plan, const Progress& progress) {
  const fs::path dir(plan.dir);
  std::error_code ec;
  if (plan.dir.empty() || !fs::is_directory(dir, ec))
    throw PeerError("--peers: no directory '" + plan.dir + "' (expected one laid out like the peers' README: " +
                    "mlkem-native/, pq-crystals-dilithium/, sphincsplus/)");
  const std::vector<Recipe> chosen = selected_recipes(plan);
  for (const Recipe& r : chosen)
    for (const std::string& s : r.sources)
      if (!fs::is_regular_file(dir / r.folder / s, ec))
        throw PeerError("--peers: '" + plan.dir + "' lacks " + (fs::path(r.folder) / s).string() + " (" + r.peer +
                        ", for " + r.algorithm + ")");
#if !defined(__x86_64__)
  throw PeerError("--peers: the peers are x86-64 AVX2 code; this pqlab is not built for x86-64");
#endif
  if (!backend_usable("avx2")) {
    std::string usable;
    for (std::string_view b : kernels::available()) usable += (usable.empty() ? "" : ", ") + std::string(b);
    throw PeerError("--peers: needs a CPU with AVX2 and pqlab's avx2 backend (usable backends here: " + usable + ")");
  }
  for (const Recipe& r : chosen) (void)algorithm(r.algorithm);
  const std::string_view harness = embedded_file("peer_harness.c");
  if (harness.empty()) throw PeerError("--peers: the timing harness is not compiled into this pqlab");

  auto impl = std::make_unique<Impl>();
  impl->plan = plan;
  std::string pattern = (fs::temp_directory_path() / "pqlab-peers-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr)
    throw PeerError("--peers: cannot create a temporary directory: " + std::string(std::strerror(errno)));
  impl->tmp = pattern;
  std::unique_ptr<PeerBuilds> self(new PeerBuilds(std::move(impl)));
  Impl& im = *self->impl_;
  const fs::path harness_c = im.tmp / "peer_harness.c";
  {
    std::ofstream out(harness_c, std::ios::binary);
    out << harness;
    if (!out) throw PeerError("--peers: cannot write " + harness_c.string());
  }
  im.compiler = first_output_line("'" + plan.cc + "' --version 2>/dev/null");

  struct Job {
    std::vector<std::string> args;
    fs::path log;
    std::string what;
  };
  std::vector<Job> jobs;
  for (const BuildKind& b : build_kinds()) {
    PeerBuildInfo info{b.name, join(b.flags, " "), b.backend, backend_usable(b.backend), ""};
    if (!info.measured) info.reason = "this CPU (or this pqlab) has no " + b.backend + " backend";
    im.builds.push_back(info);
    if (!info.measured) continue;
    fs::create_directories(im.tmp / b.name);
    for (const Recipe& r : chosen) {
      const Algorithm& a = algorithm(r.algorithm);
      Job j;
      j.args = {plan.cc};
      j.args.insert(j.args.end(), b.flags.begin(), b.flags.end());
      const fs::path folder = fs::absolute(dir / r.folder);
      j.args.push_back("-I" + folder.string());
      for (const std::string& d : r.defines) j.args.push_back("-D" + d);
      j.args.push_back("-DPH_KIND=" + std::to_string(r.kind));
      j.args.push_back("-DPH_PK_BYTES=" + std::to_string(a.public_key_bytes));
      j.args.push_back("-DPH_SK_BYTES=" + std::to_string(a.secret_key_bytes));
      j.args.push_back("-DPH_CT_BYTES=" + std::to_string(a.ciphertext_bytes));
      j.args.push_back("-DPH_SIG_BYTES=" + std::to_string(a.signature_bytes));
      for (const std::string& s : r.sources) j.args.push_back((folder / s).string());
      j.args.push_back(harness_c.string());
      j.args.push_back("-o");
      j.args.push_back(im.program(b.name, r).string());
      j.log = im.program(b.name, r).string() + ".log";
      j.what = r.peer + " " + r.algorithm + " (" + b.name + ")";
      jobs.push_back(std::move(j));
    }
  }
  unsigned parallel = plan.jobs;
  if (parallel == 0) parallel = std::clamp(static_cast<unsigned>(allowed_cpus().size()), 1u, 4u);
  std::deque<std::pair<pid_t, const Job*>> running;
  std::size_t done = 0;
  std::string failure;
  const auto reap = [&] {
    const auto [pid, job] = running.front();
    running.pop_front();
    const int status = wait_for(pid);
    ++done;
    if (failure.empty() && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
      failure = "--peers: building " + job->what + " failed (" + describe_exit(status) + "): " + first_error(job->log) +
                " (log: " + job->log.string() + ")";
  };
  try {
    for (const Job& j : jobs) {
      if (!failure.empty()) break;
      if (progress) progress("building peer " + j.what, static_cast<double>(done) / static_cast<double>(jobs.size()));
      running.emplace_back(spawn(j.args, j.log), &j);
      if (running.size() >= parallel) reap();
    }
  } catch (...) {
    while (!running.empty()) reap();
    throw;
  }
  while (!running.empty()) reap();
  if (!failure.empty()) {
    im.keep = true;
    throw PeerError(failure);
  }
  const MachineInfo m = describe_machine();
  im.cpu = describe_cpu(m);
  im.note = peer_tick_note(m);
  return self;
}

PeerResults PeerBuilds::measure(const Progress& progress) const {
  const Impl& im = *impl_;
  const Counts c = counts(im.plan.quick);
  PeerResults res;
  res.dir = im.plan.dir;
  res.cpu = im.cpu;
  res.tick_note = im.note;
  res.compiler = im.compiler;
  res.quick = im.plan.quick;
  res.rounds = c.rounds;
  res.builds = im.builds;
  const std::string before(kernels::active_name());
  res.cpus = static_cast<unsigned>(std::max<std::size_t>(1, allowed_cpus().size()));
  res.load_before = read_load_average().value_or(LoadAverage{}).one;
  res.pinned_cpu = pin_current_thread_here();
  res.five_state_before = five_state_call_ratio();
  res.method =
      "each peer harness runs as a child process on the same pinned core as pqlab; in every round, peer and "
      "pqlab time the same operation back to back, the peer first in even rounds and pqlab first in odd "
      "ones, so that load drift hits both sides; " +
      std::to_string(c.rounds) +
      " rounds; medians over the samples of all rounds; ML-DSA signing: the mean "
      "over the message set of each message's fastest time across the rounds; the ratio's spread: the "
      "quartiles of the per-round ratios (each round's pqlab median, or mean over the messages, over the "
      "peer's in the same round), and a row is borderline where 0.8 lies between the lower of the ratio "
      "and the lower quartile and the higher of the ratio and the upper quartile";
  const std::vector<Recipe> all = selected_recipes(im.plan);
  std::size_t step = 0, steps = 0;
  for (const PeerBuildInfo& b : im.builds) steps += b.measured ? all.size() : 0;
  try {
    for (const PeerBuildInfo& b : im.builds) {
      if (!b.measured) continue;
      if (kernels::select(b.backend) != Status::ok) throw PeerError("--peers: cannot select backend " + b.backend);
      for (const Recipe& r : all) {
        if (progress)
          progress("peers: " + r.algorithm + " [" + b.backend + "] against " + r.peer + " (" + b.name + ")",
                   static_cast<double>(step++) / static_cast<double>(steps));
        const Algorithm& a = algorithm(r.algorithm);
        Harness peer(im.program(b.name, r), r, b.name);
        PqlabSide ours(a);
        std::vector<std::string> msgs;
        if (r.kind == 2) {
          msgs = message_set(r.algorithm, c.messages);
          for (const std::string& m : msgs) peer.add_message(m);
        }
        const std::size_t n = r.kind == 1 ? c.kem : r.kind == 2 ? c.dsa : c.slh;
        for (const std::string& op : r.operations) {
          PeerRow row{r.algorithm, op, "median", b.backend, r.peer, b.name, 0, 0, 0, 0, std::nullopt, {}};
          std::vector<double> mine, theirs;
          const bool set = r.kind == 2 && op == "sign";
          std::vector<double> mine_best(msgs.size(), std::numeric_limits<double>::max()), theirs_best = mine_best;
          bool same = true;
          std::uint64_t peer_hash = 0, pqlab_hash = 0;
          for (unsigned round = 0; round < c.rounds; ++round) {
            double this_round[2] = {0, 0};  // pqlab's statistic, the peer's
            for (int side = 0; side < 2; ++side) {
              const bool peer_turn = (side == 0) == (round % 2 == 0);
              if (set) {
                auto [h, t] = peer_turn ? peer.sign_set() : ours.sign_set(msgs);
                auto& best = peer_turn ? theirs_best : mine_best;
                for (std::size_t i = 0; i < t.size(); ++i) best[i] = std::min(best[i], t[i]);
                (peer_turn ? peer_hash : pqlab_hash) = h;
                this_round[peer_turn ? 1 : 0] = mean_of(t);
              } else {
                std::vector<double> t = peer_turn ? peer.time(op, n) : ours.time(op, n);
                auto& all_t = peer_turn ? theirs : mine;
                all_t.insert(all_t.end(), t.begin(), t.end());
                this_round[peer_turn ? 1 : 0] = summarize(std::move(t)).median;
              }
            }
            if (set) same = same && peer_hash == pqlab_hash;
            if (this_round[1] > 0) row.round_ratios.push_back(this_round[0] / this_round[1]);
          }
          if (set) {
            row.statistic = "mean";
            row.pqlab_ticks = mean_of(mine_best);
            row.peer_ticks = mean_of(theirs_best);
            row.pqlab_samples = row.peer_samples = msgs.size();
            row.same_signatures = same;
          } else {
            row.pqlab_ticks = summarize(mine).median;
            row.peer_ticks = summarize(theirs).median;
            row.pqlab_samples = mine.size();
            row.peer_samples = theirs.size();
          }
          res.rows.push_back(row);
        }
      }
    }
  } catch (...) {
    unpin_current_thread();
    (void)kernels::select(before);
    throw;
  }
  res.five_state_after = five_state_call_ratio();
  unpin_current_thread();
  (void)kernels::select(before);
  res.load_after = read_load_average().value_or(LoadAverage{}).one;
  return res;
}

}  // namespace pqlab::lab
