#include "cli_util.hpp"

#include <fcntl.h>
#include <string.h>  // explicit_bzero
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

namespace pqlab::cli {

void wipe(std::span<std::uint8_t> bytes) {
  if (!bytes.empty()) ::explicit_bzero(bytes.data(), bytes.size());
}

SecretBytes& SecretBytes::operator=(SecretBytes&& o) noexcept {
  if (this != &o) {
    wipe(bytes_);
    bytes_ = std::move(o.bytes_);
  }
  return *this;
}

SecretBytes::~SecretBytes() { wipe(bytes_); }

const Algorithm& require_algorithm(const std::string& name) {
  const Algorithm* a = find_algorithm(name);
  if (a == nullptr) throw Failure("unknown algorithm '" + name + "' (see 'pqlab list')");
  return *a;
}

const Algorithm& require_algorithm(const std::string& name, Kind kind) {
  const Algorithm& a = require_algorithm(name);
  if (a.kind != kind)
    throw Failure(std::string(a.name) + " is " +
                  (a.kind == Kind::kem ? "a KEM, not a signature scheme" : "a signature scheme, not a KEM"));
  return a;
}

ByteVector parse_hex(const std::string& hex, const char* role, std::size_t expected) {
  auto nibble = [&](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    throw Failure(std::string(role) + ": '" + std::string(1, c) + "' is not a hex digit");
  };
  if (hex.size() % 2 != 0) throw Failure(std::string(role) + ": odd number of hex digits");
  ByteVector out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(nibble(hex[2 * i]) << 4 | nibble(hex[2 * i + 1]));
  if (expected != any_length && out.size() != expected)
    throw Failure(std::string(role) + " must be " + std::to_string(expected) + " bytes (" +
                  std::to_string(2 * expected) + " hex digits); got " + std::to_string(out.size()));
  return out;
}

// ---------------------------------------------------------------------------
// Inputs

namespace {

// Which role has claimed standard input in this run ("" if none).
std::string& stdin_owner() {
  static std::string owner;
  return owner;
}

std::string describe_input(const std::string& path, const char* role) {
  return path == "-" ? std::string(role) + " (standard input)" : std::string(role) + " file '" + path + "'";
}

// Closes the descriptor it owns (not standard input).
struct InputFd {
  int fd = -1;
  bool owned = false;
  ~InputFd() {
    if (owned) ::close(fd);
  }
};

// Reads until EOF or until `limit` + 1 bytes are in `out`.
void read_bounded(int fd, ByteVector& out, std::size_t limit, const std::string& what) {
  const std::size_t cap = limit + 1;  // limit < SIZE_MAX everywhere this is called
  constexpr std::size_t chunk = std::size_t{1} << 16;
  std::size_t got = 0;
  for (;;) {
    if (got == cap) break;
    if (out.size() == got) out.resize(std::min(cap, got + std::max(chunk, got)));  // doubling
    const ssize_t n = ::read(fd, out.data() + got, out.size() - got);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Failure("error reading " + what + ": " + std::strerror(errno));
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  out.resize(got);
}

}  // namespace

ByteVector read_input_upto(const std::string& path, const char* role, std::size_t limit) {
  const std::string what = describe_input(path, role);
  InputFd in;
  if (path == "-") {
    if (!stdin_owner().empty())
      throw Failure(std::string("standard input ('-') can feed one input only; it is already the ") + stdin_owner() +
                    ", so the " + role + " needs a file");
    stdin_owner() = role;
    in.fd = STDIN_FILENO;
  } else {
    in.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (in.fd < 0) throw Failure("cannot read " + what + ": " + std::strerror(errno));
    in.owned = true;
  }
  struct stat st {};
  if (::fstat(in.fd, &st) != 0) throw Failure("cannot read " + what + ": " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw Failure("cannot read " + what + ": it is a directory");
  ByteVector data;
  // A regular file's size is known: reserve it (bounded), grow in chunks otherwise.
  if (S_ISREG(st.st_mode) && st.st_size > 0) data.reserve(std::min(limit + 1, static_cast<std::size_t>(st.st_size)));
  read_bounded(in.fd, data, limit, what);
  return data;
}

ByteVector read_exact(const std::string& path, const char* role, std::size_t expected) {
  ByteVector data = read_input_upto(path, role, expected);
  if (data.size() != expected) {
    const std::string got = data.size() > expected ? "more than " + std::to_string(expected)
                                                   : std::to_string(data.size());
    wipe(data);
    throw Failure(describe_input(path, role) + " has " + got + " bytes; expected " + std::to_string(expected));
  }
  return data;
}

SecretBytes read_secret_exact(const std::string& path, const char* role, std::size_t expected) {
  return SecretBytes(read_exact(path, role, expected));
}

ByteVector read_message(const std::string& path) {
  ByteVector data = read_input_upto(path, "message", max_message_bytes);
  if (data.size() > max_message_bytes)
    throw Failure(describe_input(path, "message") + " is larger than " + std::to_string(max_message_bytes >> 20) +
                  " MiB, the most pqlab reads (a message is held in memory whole)");
  return data;
}

// ---------------------------------------------------------------------------
// Outputs

namespace {

void write_all(int fd, std::span<const std::uint8_t> data, const std::string& what) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Failure("cannot write " + what + ": " + std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
}

std::string describe_output(const OutputFile& f) {
  return f.path == "-" ? std::string(f.role) + " (standard output)" : std::string(f.role) + " file '" + f.path + "'";
}

// How each output reaches its target.
enum class Route { rename_temp, in_place, stdout_stream };
struct Pending {
  const OutputFile* file;
  Route route;
  std::string temp;  // rename_temp: the temporary file, once created
};

// The temporary files created so far; removed unless committed.
struct Temps {
  std::vector<std::string> paths;
  bool committed = false;
  ~Temps() {
    if (!committed)
      for (const std::string& p : paths) ::unlink(p.c_str());
  }
};

// Writes `f` to a new temporary file next to its target and returns its name.
std::string write_temp(const OutputFile& f, Temps& temps) {
  const std::string& path = f.path;
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string name = (dir == "/" ? "/" : dir + "/") + "." + base + ".pqlab-XXXXXX";
  std::vector<char> templ(name.begin(), name.end());
  templ.push_back('\0');
  const int fd = ::mkostemp(templ.data(), O_CLOEXEC);  // created 0600, O_EXCL
  if (fd < 0) throw Failure("cannot write " + describe_output(f) + ": " + std::strerror(errno));
  name.assign(templ.data());
  temps.paths.push_back(name);
  struct Closer {
    int fd;
    ~Closer() {
      if (fd >= 0) ::close(fd);
    }
  } closer{fd};
  if (f.sensitivity == Sensitivity::public_data) {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd, static_cast<mode_t>(0666 & ~mask)) != 0)
      throw Failure("cannot write " + describe_output(f) + ": " + std::strerror(errno));
  }
  write_all(fd, f.data, describe_output(f));
  if (::fsync(fd) != 0) throw Failure("cannot write " + describe_output(f) + ": " + std::strerror(errno));
  closer.fd = -1;
  if (::close(fd) != 0) throw Failure("cannot write " + describe_output(f) + ": " + std::strerror(errno));
  return name;
}

// A symbolic link or a device, FIFO or terminal: opened and written where
// it is (truncated if it is a regular file behind a link). A secret written
// into a regular file this way gets mode 0600, like a new one.
void write_in_place(const OutputFile& f) {
  const int fd = ::open(f.path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) throw Failure("cannot write " + describe_output(f) + ": " + std::strerror(errno));
  try {
    struct stat st {};
    if (f.sensitivity == Sensitivity::secret && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::fchmod(fd, 0600) != 0)
      throw Failure("cannot make " + describe_output(f) + " private (mode 0600): " + std::strerror(errno));
    write_all(fd, f.data, describe_output(f));
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) throw Failure("cannot write " + describe_output(f) + ": " + std::strerror(errno));
}

}  // namespace

void write_outputs(const std::vector<OutputFile>& files) {
  // Plan: check every target before anything is written.
  std::vector<Pending> plan;
  for (const OutputFile& f : files) {
    for (const Pending& p : plan)
      if (p.file->path == f.path)
        throw Failure(std::string("the ") + p.file->role + " and the " + f.role + " cannot both go to " +
                      (f.path == "-" ? "standard output ('-')" : "'" + f.path + "'"));
    if (f.path.empty()) throw Failure(std::string("empty file name for the ") + f.role);
    if (f.path == "-") {
      plan.push_back({&f, Route::stdout_stream, {}});
      continue;
    }
    // A new name or a regular file: a temporary file renamed over it. A
    // symbolic link is written through, never replaced (/dev/stdout is one).
    struct stat link {
    }, st{};
    if (::lstat(f.path.c_str(), &link) != 0) {
      plan.push_back({&f, Route::rename_temp, {}});
      continue;
    }
    const bool resolves = ::stat(f.path.c_str(), &st) == 0;
    if (resolves && S_ISDIR(st.st_mode)) throw Failure("cannot write " + describe_output(f) + ": it is a directory");
    plan.push_back({&f, S_ISREG(link.st_mode) ? Route::rename_temp : Route::in_place, {}});
  }

  // Stage: every regular file to its temporary name.
  Temps temps;
  for (Pending& p : plan)
    if (p.route == Route::rename_temp) p.temp = write_temp(*p.file, temps);

  // Commit: the streams first (they can fail), then the renames.
  for (const Pending& p : plan) {
    if (p.route == Route::stdout_stream) {
      if (std::fflush(stdout) != 0) throw Failure(std::string("cannot write standard output: ") + std::strerror(errno));
      write_all(STDOUT_FILENO, p.file->data, describe_output(*p.file));
    } else if (p.route == Route::in_place) {
      write_in_place(*p.file);
    }
  }
  std::vector<const Pending*> renamed;
  for (const Pending& p : plan) {
    if (p.route != Route::rename_temp) continue;
    if (std::rename(p.temp.c_str(), p.file->path.c_str()) != 0) {
      const std::string reason = std::strerror(errno);
      for (const Pending* r : renamed) ::unlink(r->file->path.c_str());
      throw Failure("cannot write " + describe_output(*p.file) + ": " + reason);
    }
    renamed.push_back(&p);
  }
  temps.committed = true;
}

void refuse_dash(const std::string& value, const char* option, const char* why) {
  if (value == "-") throw Failure(std::string(option) + " -: " + why);
}

void check(Status s, const std::string& what) {
  if (s != Status::ok) throw Failure(what + ": " + describe(s));
}

}  // namespace pqlab::cli
