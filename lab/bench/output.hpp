// The bench's results as JSON, CSV and a readable table.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "bench/bench.hpp"

namespace pqlab::lab {

// The "pqlab-bench/1" document described by lab/report.schema.json
// ($defs/bench).
nlohmann::json bench_to_json(const BenchResults& r);
// One row per measured operation, with a header row.
std::string bench_to_csv(const BenchResults& r);
// Aligned text table, preceded by the unit and method.
std::string bench_to_table(const BenchResults& r);

// Formatting shared with the report: "1.23 k", "45.6", "12.3 M".
std::string format_count(double v);
std::string format_bytes(std::size_t bytes);
// Text helpers shared by the tools: the items with `separator` between
// them; ASCII lower case.
std::string join(const std::vector<std::string>& items, std::string_view separator);
std::string lower(std::string s);

}  // namespace pqlab::lab
