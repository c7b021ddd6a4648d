// Report section: measured peak stack and heap per operation, with the
// operation's caller-provided buffers, against microcontroller budgets.
#include <algorithm>

#include "bench/output.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

struct Budget {
  const char* name;
  std::size_t bytes;
};
constexpr Budget kBudgets[] = {
    {"64 KB-class part", 64 * 1024},
    {"STM32F407 (192 KB)", 192 * 1024},
    {"ESP32-S3 (512 KB)", 512 * 1024},
};

// Bytes of the buffers the caller passes to the operation (inputs and
// outputs), from the sizes: what must be in RAM besides the stack.
std::size_t buffer_bytes(const Subject& s, const std::string& op, std::size_t message_bytes) {
  if (op == "keygen") return s.public_key_bytes + s.secret_key_bytes;
  if (op == "encaps") return s.public_key_bytes + s.ciphertext_bytes + s.shared_secret_bytes;
  if (op == "decaps") return s.secret_key_bytes + s.ciphertext_bytes + s.shared_secret_bytes;
  if (op == "sign") return s.secret_key_bytes + message_bytes + s.signature_bytes;
  if (op == "verify") return s.public_key_bytes + message_bytes + s.signature_bytes;
  return 0;
}

struct MemoryRow {
  std::string algorithm, operation, family;
  std::size_t stack = 0, heap = 0, buffers = 0;
  std::size_t total() const { return stack + heap + buffers; }
};

std::vector<MemoryRow> memory_rows(const BenchResults& b) {
  std::vector<MemoryRow> rows;
  for (const Subject& s : b.subjects)
    for (const std::string& op : s.operation_names) {
      MemoryRow row{s.name, op, s.family == SubjectFamily::classical ? "classical" : "post-quantum"};
      bool found = false;
      for (const OperationResult& r : b.results)  // worst case over backends
        if (r.algorithm == s.name && r.operation == op && r.peak_stack_bytes && r.heap) {
          row.stack = std::max(row.stack, *r.peak_stack_bytes);
          row.heap = std::max(row.heap, r.heap->bytes);
          found = true;
        }
      if (!found) continue;
      row.buffers = s.family == SubjectFamily::post_quantum ? buffer_bytes(s, op, b.plan.message_bytes) : 0;
      rows.push_back(row);
    }
  return rows;
}

class MemorySection final : public Section {
 public:
  std::string key() const override { return "memory"; }
  std::string title() const override { return "Memory against microcontroller budgets"; }
  nlohmann::json data(const ReportContext& ctx) const override {
    nlohmann::json budgets = nlohmann::json::array(), rows = nlohmann::json::array();
    for (const Budget& bu : kBudgets) budgets.push_back({{"name", bu.name}, {"bytes", bu.bytes}});
    for (const MemoryRow& r : memory_rows(ctx.bench))
      rows.push_back({{"algorithm", r.algorithm},
                      {"operation", r.operation},
                      {"family", r.family},
                      {"peak_stack_bytes", r.stack},
                      {"heap_bytes", r.heap},
                      {"buffer_bytes", r.buffers},
                      {"total_bytes", r.total()}});
    return {{"budgets", budgets}, {"rows", rows}};
  }
  std::string markdown(const ReportContext& ctx) const override {
    std::vector<std::vector<std::string>> rows;
    for (const MemoryRow& r : memory_rows(ctx.bench)) {
      std::vector<std::string> row = {r.family == "classical" ? r.algorithm + " (classical)" : r.algorithm,
                                      r.operation,
                                      std::to_string(r.stack),
                                      std::to_string(r.heap),
                                      r.family == "classical" ? "–" : std::to_string(r.buffers),
                                      format_bytes(r.total())};
      for (const Budget& bu : kBudgets)
        row.push_back(r.family == "classical" ? "n/a" : (r.total() <= bu.bytes ? "fits" : "**does not fit**"));
      rows.push_back(std::move(row));
    }
    std::vector<std::string> header = {"algorithm", "operation", "peak stack", "heap", "buffers", "total"};
    for (const Budget& bu : kBudgets) header.emplace_back(bu.name);
    std::string md =
        "Peak stack and heap are measured (bytes; the worst over the kernel backends). \"Buffers\" are the keys, "
        "message, ciphertext or signature the caller passes in and out, from the sizes above. Static RAM "
        "(.data + .bss) is not measured on the host: the core keeps no per-operation state in static memory, and "
        "the static RAM of the Cortex-M4 build is measured by the embedded (Cortex-M4) work, not by this host report. \"Fits\" compares the total with "
        "the whole SRAM of the part, which an application must share; it is a necessary condition, not a "
        "sufficient one. The classical rows are OpenSSL's host build (heap-based), shown for comparison only.\n\n";
    md += md_table(header, rows) + "\n";
    md += md_plot(ctx, "memory.png", "Peak memory per operation against MCU budgets");
    return md;
  }
};

}  // namespace

std::unique_ptr<Section> make_memory_section() { return std::make_unique<MemorySection>(); }

}  // namespace pqlab::lab
