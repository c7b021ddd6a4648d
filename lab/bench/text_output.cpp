// Bench results as CSV and as a text table.
#include <cctype>
#include <cstdio>
#include <sstream>

#include "bench/output.hpp"
#include "harness/machine_info.hpp"

namespace pqlab::lab {
namespace {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string optional_size(const std::optional<std::size_t>& v) { return v ? std::to_string(*v) : ""; }

}  // namespace

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string r;
  for (std::size_t i = 0; i < items.size(); ++i) (r += i == 0 ? "" : separator) += items[i];
  return r;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string format_count(double v) {
  if (v >= 1e9) return fixed(v / 1e9, 2) + " G";
  if (v >= 1e6) return fixed(v / 1e6, 2) + " M";
  if (v >= 1e4) return fixed(v / 1e3, 1) + " k";
  if (v >= 100) return fixed(v, 0);
  return fixed(v, v >= 10 ? 1 : 2);
}

std::string format_bytes(std::size_t bytes) {
  if (bytes >= 10 * 1024) return fixed(static_cast<double>(bytes) / 1024.0, 1) + " KiB";
  return std::to_string(bytes) + " B";
}

std::string bench_to_csv(const BenchResults& r) {
  std::ostringstream out;
  out << "algorithm,family,backend,operation,samples,unit,median_ticks,q1_ticks,q3_ticks,p90_ticks,median_us,p90_us,"
         "ops_per_s,peak_stack_bytes,heap_allocations,heap_bytes,threads,single_thread_ops_per_s,"
         "all_threads_ops_per_s\n";
  for (const OperationResult& o : r.results) {
    out << o.algorithm << ',' << o.family << ',' << o.backend << ',' << o.operation << ',' << o.ticks.count << ','
        << r.timing.unit << ',' << fixed(o.ticks.median, 0) << ',' << fixed(o.ticks.q1, 0) << ','
        << fixed(o.ticks.q3, 0) << ',' << fixed(o.ticks.p90, 0) << ',' << fixed(o.median_us, 3) << ','
        << fixed(o.p90_us, 3) << ',' << fixed(o.ops_per_s, 1) << ',' << optional_size(o.peak_stack_bytes) << ','
        << (o.heap ? std::to_string(o.heap->allocations) : "") << ',' << (o.heap ? std::to_string(o.heap->bytes) : "")
        << ',';
    if (o.throughput)
      out << o.throughput->threads << ',' << fixed(o.throughput->single_thread_ops_per_s, 1) << ','
          << fixed(o.throughput->all_threads_ops_per_s, 1);
    else
      out << ",,";
    out << '\n';
  }
  return out.str();
}

std::string bench_to_table(const BenchResults& r) {
  std::ostringstream out;
  out << "CPU: " << describe_cpu(r.machine) << describe_guest(r.machine) << "; unit: " << r.timing.unit << " ("
      << r.timing.method << "), " << fixed(r.timing.ticks_per_second / 1e9, 3) << " GHz";
  if (r.timing.core_cycles_per_tick)
    out << "; core clock ≈ " << fixed(r.timing.core_cycles_per_tick->ratio, 2) << " × TSC";
  out << "; pinned to CPU " << r.timing.pinned_cpu << "\n";
  out << "Machine load before: " << describe_load(r.load_before, r.machine.logical_cpus)
      << "; after: " << describe_load(r.load_after, r.machine.logical_cpus) << "\n";
  if (r.load_suspect())
    out << "WARNING: the machine was busy (above " << fixed(kSuspectLoadPerCore, 1)
        << " runnable tasks per CPU): these figures are suspect; measure again on an idle machine\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-20s %-9s %-13s %11s %9s %11s %10s %10s %9s %10s\n", "algorithm", "backend", "op",
                "median", "IQR", "p90", "µs", "ops/s", "stack", "heap");
  out << line;
  for (const OperationResult& o : r.results) {
    std::snprintf(line, sizeof line, "%-20s %-9s %-13s %11s %9s %11s %10s %10s %9s %10s", o.algorithm.c_str(),
                  o.backend.c_str(), o.operation.c_str(), format_count(o.ticks.median).c_str(),
                  format_count(o.ticks.iqr()).c_str(), format_count(o.ticks.p90).c_str(),
                  fixed(o.median_us, o.median_us < 100 ? 2 : 1).c_str(), format_count(o.ops_per_s).c_str(),
                  o.peak_stack_bytes ? format_bytes(*o.peak_stack_bytes).c_str() : "-",
                  o.heap ? format_bytes(o.heap->bytes).c_str() : "-");
    out << line;
    if (o.throughput) {
      std::snprintf(line, sizeof line, "   1 thread %s ops/s, %zu threads %s ops/s (×%.2f)",
                    format_count(o.throughput->single_thread_ops_per_s).c_str(), o.throughput->threads,
                    format_count(o.throughput->all_threads_ops_per_s).c_str(), o.throughput->speedup());
      out << line;
    }
    out << '\n';
  }
  return out.str();
}

}  // namespace pqlab::lab
