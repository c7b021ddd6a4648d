#include <cstdlib>
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>

namespace pqlab::test {

nlohmann::json load_json(const std::string& relative_path) {
  const std::string path = std::string(PQLAB_TEST_DATA_DIR) + "/" + relative_path;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open test data " + path);
  return nlohmann::json::parse(in);
}

Bytes from_hex(const std::string& hex) {
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (hex.size() % 2 != 0) throw std::runtime_error("odd-length hex");
  Bytes out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) throw std::runtime_error("bad hex digit");
    out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  return out;
}

std::string to_hex(const std::uint8_t* p, std::size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string s(2 * n, '0');
  for (std::size_t i = 0; i < n; ++i) {
    s[2 * i] = digits[p[i] >> 4];
    s[2 * i + 1] = digits[p[i] & 15];
  }
  return s;
}

std::size_t acvp_stride() {
  static const std::size_t stride = [] {
    const char* v = std::getenv("PQLAB_ACVP_STRIDE");
    const long n = v == nullptr ? 1 : std::strtol(v, nullptr, 10);
    return n < 1 ? std::size_t{1} : static_cast<std::size_t>(n);
  }();
  return stride;
}

AcvpResults::AcvpResults(const std::string& relative_path) : doc_(load_json(relative_path)) {}

const nlohmann::json& AcvpResults::at(int tg_id, int tc_id) const {
  for (const auto& g : doc_["testGroups"]) {
    if (g["tgId"].get<int>() != tg_id) continue;
    for (const auto& t : g["tests"])
      if (t["tcId"].get<int>() == tc_id) return t;
  }
  throw std::runtime_error("no expected result for tg " + std::to_string(tg_id) + " tc " + std::to_string(tc_id));
}

const Algorithm& algorithm(const std::string& name) {
  const Algorithm* a = find_algorithm(name);
  if (a == nullptr) throw std::runtime_error("no algorithm named " + name);
  return *a;
}

}  // namespace pqlab::test
