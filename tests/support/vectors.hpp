// Helpers for the known-answer tests: loading vendored JSON and hex.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pqlab/registry.hpp"

namespace pqlab::test {

using Bytes = std::vector<std::uint8_t>;

// Parses a JSON file under the unpacked test-data directory
// (e.g. "acvp/ML-KEM-keyGen-FIPS203/prompt.json").
nlohmann::json load_json(const std::string& relative_path);
// Hex (either case) to bytes; fails the current test on bad input.
Bytes from_hex(const std::string& hex);
std::string to_hex(const std::uint8_t* p, std::size_t n);
inline std::string to_hex(const Bytes& b) { return to_hex(b.data(), b.size()); }

// The registry entry for a parameter-set name as the vectors spell it
// ("ML-KEM-768"); aborts the test program if it is unknown.
const Algorithm& algorithm(const std::string& name);

// The reduced tier of a slow backend (the co-simulated FPGA cores, ctest
// label rtl): with PQLAB_ACVP_STRIDE=n in the environment, the ACVP suites
// run the first case of every group and every n-th after it; the others are
// still counted (the counts check the vector files), not run. Unset or 1:
// every case runs.
std::size_t acvp_stride();
inline bool acvp_runs_case(std::size_t index_in_group) { return index_in_group % acvp_stride() == 0; }

// Indexes an ACVP expectedResults file by (tgId, tcId).
class AcvpResults {
 public:
  explicit AcvpResults(const std::string& relative_path);
  const nlohmann::json& at(int tg_id, int tc_id) const;

 private:
  nlohmann::json doc_;
};

}  // namespace pqlab::test
