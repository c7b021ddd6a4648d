// What every scheme's check-and-measure code shares: the run options, the
// result tally, the I/O arena, and the report lines.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "drbg.hpp"
#include "stack_meter.hpp"

namespace firmware {

struct Options {
  bool kat = true;
  bool bench = true;
  bool cctv = false;      // also sign the CCTV message set (ML-DSA's mean signing cost)
  bool cctv_alt = false;  // and its .alt set, which should give the same mean
  bool expanded = false;  // also measure ML-DSA signing with the expanded key (needs ~116 KB of stack)
  // Sign the CCTV main set with ML-DSA's compact / expanded signing schedule
  // too (sign_mu_scheduled), for the mean of each next to the build's default.
  bool cctv_compact = false;
  bool cctv_expanded = false;
  // Run only the sets whose name starts with one of these comma-separated
  // prefixes (empty: every set).
  std::string_view only;
  bool selected(std::string_view set) const {
    if (only.empty()) return true;
    std::string_view rest = only;
    while (!rest.empty()) {
      std::size_t end = 0;
      while (end < rest.size() && rest[end] != ',') ++end;
      if (end > 0 && set.starts_with(std::string_view(rest.data(), end))) return true;
      rest.remove_prefix(end < rest.size() ? end + 1 : end);
    }
    return false;
  }
};

struct Tally {
  unsigned passed = 0;
  unsigned failed = 0;
};

// Keys, ciphertexts and signatures live in one static arena, shared by the
// schemes in turn, so static RAM is the largest single need, not the sum:
// SLH-DSA-256f's key pair and 49,856-byte signature.
class Arena {
 public:
  static constexpr std::size_t capacity = 49 * 1024;
  Arena();  // starts empty
  template <std::size_t N>
  std::span<std::uint8_t, N> take() {
    static_assert(N <= capacity);
    return std::span<std::uint8_t, N>(take_bytes(N), N);
  }
  std::size_t used() const { return used_; }

 private:
  std::uint8_t* take_bytes(std::size_t n);  // faults (traps) when full
  std::size_t used_ = 0;
};

// Records one known-answer case: "PQLAB kat set=… check=… tc=… result=…".
void record_kat(Tally& tally, std::string_view set, std::string_view check, unsigned tc, bool ok);
// Prints "PQLAB op set=… op=… stack=… instructions=… io=…".
void record_op(std::string_view set, std::string_view op, const Usage& usage, std::size_t io_bytes);

// True when SHA3-256(data) equals the 32-byte digest at `digest`.
bool digest_equals(std::span<const std::uint8_t> data, const std::uint8_t* digest);
bool bytes_equal(std::span<const std::uint8_t> a, const std::uint8_t* b);

// The harness's deterministic random source (see drbg.hpp).
SeededDrbg& drbg();

// The active backend's ML-KEM kernel entries against portable's
// (seam_check.cpp; known-answer runs only).
void run_seam_check(const Options& options, Tally& tally);
void run_mlkem(const Options& options, Tally& tally);
void run_mldsa(const Options& options, Tally& tally);
// The seam's ML-DSA arithmetic entries, active backend against portable
// (mldsa_seam_check.cpp).
void run_mldsa_seam(const Options& options, Tally& tally);
// The seam's SHA-2 compression entries, active backend against portable
// (sha2_seam_check.cpp; set SHA2-seam, and SHA2-kernels with bench).
void run_sha2_seam(const Options& options, Tally& tally);
void run_slhdsa(const Options& options, Tally& tally);
// The lab's Kyber-90s (withdrawn round-3 variant; comparison only).
void run_kyber90s(const Options& options, Tally& tally);

}  // namespace firmware
