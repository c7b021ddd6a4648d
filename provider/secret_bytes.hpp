// pqlab provider: heap buffers for key material. SecretBytes wipes itself
// (OPENSSL_cleanse) whenever its contents are released.
#pragma once
#include <openssl/crypto.h>

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace pqlab::provider {

using PublicBytes = std::vector<std::uint8_t>;

class SecretBytes {
 public:
  SecretBytes() = default;
  explicit SecretBytes(std::size_t n) : bytes_(n) {}
  SecretBytes(const SecretBytes&) = default;
  SecretBytes& operator=(const SecretBytes& other) {
    if (this != &other) {
      clear();
      bytes_ = other.bytes_;
    }
    return *this;
  }
  // A move hands the buffer over (no second copy of the secret on the
  // heap) and leaves the source empty; this object's old contents are
  // wiped first.
  SecretBytes(SecretBytes&& other) noexcept : bytes_(std::move(other.bytes_)) {
    other.bytes_.clear();
  }
  SecretBytes& operator=(SecretBytes&& other) noexcept {
    if (this != &other) {
      clear();
      bytes_ = std::move(other.bytes_);
      other.bytes_.clear();
    }
    return *this;
  }
  ~SecretBytes() { clear(); }

  void clear() {
    if (!bytes_.empty()) OPENSSL_cleanse(bytes_.data(), bytes_.size());
    bytes_.clear();
  }
  void assign(std::span<const std::uint8_t> in) {
    clear();
    bytes_.assign(in.begin(), in.end());
  }
  void resize(std::size_t n) {
    clear();
    bytes_.resize(n);
  }
  bool empty() const { return bytes_.empty(); }
  std::size_t size() const { return bytes_.size(); }
  std::uint8_t* data() { return bytes_.data(); }
  const std::uint8_t* data() const { return bytes_.data(); }
  std::span<std::uint8_t> span() { return bytes_; }
  std::span<const std::uint8_t> span() const { return bytes_; }

 private:
  std::vector<std::uint8_t> bytes_;
};

}  // namespace pqlab::provider
