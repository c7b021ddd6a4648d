#include "cli_util.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

namespace pqlab::cli {

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

ByteVector read_file(const std::string& path, const char* role, std::size_t expected) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Failure(std::string("cannot read ") + role + " file '" + path + "': " + std::strerror(errno));
  ByteVector data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw Failure(std::string("error reading ") + role + " file '" + path + "'");
  if (expected != static_cast<std::size_t>(-1) && data.size() != expected)
    throw Failure(std::string(role) + " file '" + path + "' has " + std::to_string(data.size()) +
                  " bytes; expected " + std::to_string(expected));
  return data;
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
  if (expected != static_cast<std::size_t>(-1) && out.size() != expected)
    throw Failure(std::string(role) + " must be " + std::to_string(expected) + " bytes (" +
                  std::to_string(2 * expected) + " hex digits); got " + std::to_string(out.size()));
  return out;
}

void write_files(const std::vector<OutputFile>& files) {
  std::vector<std::string> temps;
  auto discard = [&] {
    for (const auto& t : temps) std::remove(t.c_str());
  };
  for (const auto& f : files) {
    std::string tmp = f.path + ".tmp-" + std::to_string(::getpid());
    temps.push_back(tmp);
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (out) out.write(reinterpret_cast<const char*>(f.data->data()), static_cast<std::streamsize>(f.data->size()));
    if (out) out.close();
    if (!out) {
      const std::string reason = std::strerror(errno);
      discard();
      throw Failure("cannot write '" + f.path + "': " + reason);
    }
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (std::rename(temps[i].c_str(), files[i].path.c_str()) != 0) {
      const std::string reason = std::strerror(errno);
      for (std::size_t j = 0; j < i; ++j) std::remove(files[j].path.c_str());
      discard();
      throw Failure("cannot write '" + files[i].path + "': " + reason);
    }
  }
}

void check(Status s, const std::string& what) {
  if (s != Status::ok) throw Failure(what + ": " + describe(s));
}

}  // namespace pqlab::cli
