// Strict parsing of the peer harness's answers (harness_protocol.hpp).
#include "peers/harness_protocol.hpp"

#include <cstdio>

namespace pqlab::lab {
namespace {

// Splits on single spaces; an empty word (double, leading or trailing
// space) makes the line malformed.
std::optional<std::vector<std::string_view>> words(std::string_view line) {
  std::vector<std::string_view> w;
  std::size_t i = 0;
  for (;;) {
    const std::size_t j = line.find(' ', i);
    const std::string_view word = line.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i);
    if (word.empty()) return std::nullopt;
    w.push_back(word);
    if (j == std::string_view::npos) return w;
    i = j + 1;
  }
}

std::optional<std::uint64_t> decimal(std::string_view s) {
  if (s.empty() || s.size() > 19 || (s.size() > 1 && s[0] == '0')) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return v;
}

std::optional<std::vector<std::uint64_t>> counts(const std::vector<std::string_view>& w, std::size_t from) {
  std::vector<std::uint64_t> t;
  t.reserve(w.size() - from);
  for (std::size_t i = from; i < w.size(); ++i) {
    const auto v = decimal(w[i]);
    if (!v) return std::nullopt;
    t.push_back(*v);
  }
  return t;
}

}  // namespace

std::optional<std::vector<std::uint64_t>> parse_ticks_line(std::string_view line, std::string_view op, std::size_t n) {
  const auto w = words(line);
  if (!w || w->size() != n + 3 || (*w)[0] != "ticks" || (*w)[1] != op || decimal((*w)[2]) != n) return std::nullopt;
  return counts(*w, 3);
}

std::optional<SignSetLine> parse_signset_line(std::string_view line, std::size_t count) {
  const auto w = words(line);
  if (!w || w->size() != count + 3 || (*w)[0] != "signset" || decimal((*w)[1]) != count || (*w)[2].size() != 16)
    return std::nullopt;
  SignSetLine s;
  for (char c : (*w)[2]) {
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return std::nullopt;
    s.checksum = s.checksum << 4 | static_cast<std::uint64_t>(d);
  }
  auto t = counts(*w, 3);
  if (!t) return std::nullopt;
  s.ticks = std::move(*t);
  return s;
}

std::string format_ticks_line(std::string_view op, const std::vector<std::uint64_t>& ticks) {
  std::string s = "ticks ";
  s.append(op).append(" ").append(std::to_string(ticks.size()));
  for (std::uint64_t t : ticks) s.append(" ").append(std::to_string(t));
  return s;
}

std::string format_signset_line(const SignSetLine& s) {
  char fnv[17];
  std::snprintf(fnv, sizeof fnv, "%016llx", static_cast<unsigned long long>(s.checksum));
  std::string line = "signset ";
  line.append(std::to_string(s.ticks.size())).append(" ").append(fnv);
  for (std::uint64_t t : s.ticks) line.append(" ").append(std::to_string(t));
  return line;
}

}  // namespace pqlab::lab
