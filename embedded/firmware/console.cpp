#include "console.hpp"

#include "semihost.hpp"

namespace firmware {

Line::Line() { text("PQLAB "); }

void Line::put(char c) {
  // One byte is kept for the newline and one for the NUL; longer lines are
  // cut, never overrun.
  if (length_ + 2 < sizeof(buffer_)) buffer_[length_++] = c;
}

Line& Line::text(std::string_view s) {
  for (char c : s) put(c);
  return *this;
}

Line& Line::number(std::uint64_t value) {
  char digits[20];
  std::size_t n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  while (n > 0) put(digits[--n]);
  return *this;
}

Line& Line::field(std::string_view key, std::uint64_t value) { return text(" ").text(key).text("=").number(value); }

Line& Line::field(std::string_view key, std::string_view value) { return text(" ").text(key).text("=").text(value); }

Line& Line::hex(std::span<const std::uint8_t> bytes) {
  constexpr char kDigits[] = "0123456789abcdef";
  for (std::uint8_t b : bytes) {
    put(kDigits[b >> 4]);
    put(kDigits[b & 15]);
  }
  return *this;
}

void Line::end() {
  buffer_[length_++] = '\n';
  buffer_[length_] = '\0';
  semihost::write(buffer_);
  length_ = 0;
}

}  // namespace firmware
