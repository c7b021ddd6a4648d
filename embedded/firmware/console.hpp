// Line-oriented output over semihosting. Every result line starts with
// "PQLAB " so that the host runner can pick them out of QEMU's output.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace firmware {

class Line {
 public:
  Line();  // starts the line with "PQLAB "
  Line& text(std::string_view s);
  Line& number(std::uint64_t value);
  // " key=value"
  Line& field(std::string_view key, std::uint64_t value);
  Line& field(std::string_view key, std::string_view value);
  Line& hex(std::span<const std::uint8_t> bytes);
  void end();  // appends a newline and writes the line

 private:
  void put(char c);
  char buffer_[256];
  std::size_t length_ = 0;
};

}  // namespace firmware
