// Shared helpers of the pqlab tool: errors as exit statuses, files, hex.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "pqlab/registry.hpp"
#include "pqlab/status.hpp"

namespace pqlab::cli {

// Exit statuses: 0 success (or "valid"), 1 "invalid signature", 2 error.
inline constexpr int exit_invalid = 1;
inline constexpr int exit_error = 2;

// Thrown by handlers; main() prints "pqlab: <what>" and exits with `status`.
class Failure : public std::runtime_error {
 public:
  explicit Failure(const std::string& what, int status = exit_error)
      : std::runtime_error(what), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

using ByteVector = std::vector<std::uint8_t>;

// The algorithm called `name`, of the given kind; Failure if unknown.
const Algorithm& require_algorithm(const std::string& name);
const Algorithm& require_algorithm(const std::string& name, Kind kind);

// Reads a whole file; Failure if unreadable or, when expected != npos, of
// another length (the message names the file, the role and both lengths).
ByteVector read_file(const std::string& path, const char* role,
                     std::size_t expected = static_cast<std::size_t>(-1));
// Hex to bytes; Failure on odd length, a non-hex digit, or another length
// than `expected` (when given).
ByteVector parse_hex(const std::string& hex, const char* role,
                     std::size_t expected = static_cast<std::size_t>(-1));

// Writes several files all-or-nothing: each goes to a temporary file in the
// same directory first; only when all are written are they renamed into place.
struct OutputFile {
  std::string path;
  const ByteVector* data;
};
void write_files(const std::vector<OutputFile>& files);

// Failure with the status's description unless s == Status::ok.
void check(Status s, const std::string& what);

}  // namespace pqlab::cli
