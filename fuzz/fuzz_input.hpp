// A fuzz input read front to back: fixed-size fields are zero-padded when
// the input runs out, so every input maps to some well-formed call.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <span>
#include <vector>

namespace pqlab::fuzz {

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  // Exactly n bytes (zero-padded).
  std::vector<std::uint8_t> bytes(std::size_t n) {
    std::vector<std::uint8_t> out(n, 0);
    for (std::size_t i = 0; i < n && pos_ < size_; ++i) out[i] = data_[pos_++];
    return out;
  }
  // Whatever is left.
  std::vector<std::uint8_t> rest() {
    std::vector<std::uint8_t> out(data_ + pos_, data_ + size_);
    pos_ = size_;
    return out;
  }
  std::size_t remaining() const { return size_ - pos_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// An invariant the library must keep: a violation aborts, which libFuzzer
// reports as a crash and saves the input.
inline void require(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "invariant violated: %s\n", what);
    std::abort();
  }
}

}  // namespace pqlab::fuzz
