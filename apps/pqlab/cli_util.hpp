// Shared helpers of the pqlab tool: errors as exit statuses, algorithm
// names, hex, and ALL of the tool's file I/O (bounded reads, atomic writes
// with the right mode, `-` for standard input and output). Commands read
// and write files only through the helpers below.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
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
  explicit Failure(const std::string& what, int status = exit_error) : std::runtime_error(what), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

using ByteVector = std::vector<std::uint8_t>;

// A byte buffer holding a secret (secret key, shared secret, seed): its
// bytes are wiped when it is destroyed or reassigned away.
class SecretBytes {
 public:
  SecretBytes() = default;
  explicit SecretBytes(std::size_t n) : bytes_(n) {}
  explicit SecretBytes(ByteVector&& v) : bytes_(std::move(v)) {}
  SecretBytes(const SecretBytes&) = delete;
  SecretBytes& operator=(const SecretBytes&) = delete;
  SecretBytes(SecretBytes&& o) noexcept : bytes_(std::move(o.bytes_)) {}
  SecretBytes& operator=(SecretBytes&& o) noexcept;
  ~SecretBytes();
  std::uint8_t* data() { return bytes_.data(); }
  const std::uint8_t* data() const { return bytes_.data(); }
  std::size_t size() const { return bytes_.size(); }
  operator std::span<std::uint8_t>() { return bytes_; }
  operator std::span<const std::uint8_t>() const { return bytes_; }

 private:
  ByteVector bytes_;
};
// Overwrites `bytes` with zeros in a way the compiler keeps.
void wipe(std::span<std::uint8_t> bytes);

// The algorithm called `name` (any spelling find_algorithm accepts, e.g.
// ML-DSA-65, MLDSA65, id-ml-dsa-65), of the given kind; Failure if unknown.
const Algorithm& require_algorithm(const std::string& name);
const Algorithm& require_algorithm(const std::string& name, Kind kind);

// Hex to bytes; Failure on odd length, a non-hex digit, or another length
// than `expected` (when given).
inline constexpr std::size_t any_length = static_cast<std::size_t>(-1);
ByteVector parse_hex(const std::string& hex, const char* role, std::size_t expected = any_length);

// ---------------------------------------------------------------------------
// Inputs. `path` is a file name, or "-" for standard input (which one input
// of a command at most may claim: a second "-" is a Failure naming both).
// A directory, a missing or unreadable file: Failure with one clear line.
// Nothing is read beyond what the caller allows, so /dev/zero or an endless
// pipe costs at most limit + 1 bytes.

// Reads at most `limit` + 1 bytes of `path` and returns what it read: a
// result longer than `limit` means the input is too long (the caller says
// what that means: bad input, or an invalid signature).
ByteVector read_input_upto(const std::string& path, const char* role, std::size_t limit);
// The whole input, which must be exactly `expected` bytes (a key, a
// ciphertext): Failure naming the role, the file and both lengths otherwise.
ByteVector read_exact(const std::string& path, const char* role, std::size_t expected);
// The same into a buffer that is wiped after use (secret keys).
SecretBytes read_secret_exact(const std::string& path, const char* role, std::size_t expected);

// Messages are held whole in memory (every signature API of the core takes
// the message as one span; ML-DSA's μ and SLH-DSA's H_msg each need all of
// it), so they are bounded: a message over max_message_bytes is refused.
inline constexpr std::size_t max_message_bytes = std::size_t{256} << 20;  // 256 MiB
ByteVector read_message(const std::string& path);

// ---------------------------------------------------------------------------
// Outputs. `path` is a file name, or "-" for standard output (binary; one
// output of a command at most). Files are written all-or-nothing: each goes
// to a temporary file with an unpredictable name (mkstemp) in the target's
// own directory, flushed to disk; only when every one is complete (and
// standard output written) are they renamed over their targets. On any
// failure, no target is touched and no temporary file is left.
// Secret outputs are created with mode 0600 whatever the umask; public ones
// with 0666 & ~umask, like any file a program creates. A target that exists
// and is not a regular file (/dev/null, a FIFO, a terminal) or is a symbolic
// link (/dev/stdout, a link to a key file) is written in place, through the
// link, after the temporary files (a secret into a regular file that way
// gets mode 0600); a directory is refused.
enum class Sensitivity { public_data, secret };
struct OutputFile {
  std::string path;
  std::span<const std::uint8_t> data;
  Sensitivity sensitivity = Sensitivity::public_data;
  const char* role = "output";  // for messages: "secret key", "signature", ...
};
void write_outputs(const std::vector<OutputFile>& files);

// For options where "-" cannot work (a directory, or standard output that
// already carries the command's text): Failure "<option> -: <why>".
void refuse_dash(const std::string& value, const char* option, const char* why);

// Failure with the status's description unless s == Status::ok.
void check(Status s, const std::string& what);

}  // namespace pqlab::cli
