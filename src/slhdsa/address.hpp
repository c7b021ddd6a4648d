// SLH-DSA addresses (FIPS 205 §4.2–4.3): the 32-byte ADRS that tweaks every
// hash call, and its 22-byte compressed form ADRSc for the SHA2 instances
// (§11.2). All fields are big-endian words (toByte, Alg. 3).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pqlab::slhdsa::detail {

// FIPS 205 Table 1.
enum class AdrsType : std::uint32_t {
  wots_hash = 0,
  wots_pk = 1,
  tree = 2,
  fors_tree = 3,
  fors_roots = 4,
  wots_prf = 5,
  fors_prf = 6,
};

inline constexpr std::size_t adrs_bytes = 32;
inline constexpr std::size_t adrs_compressed_bytes = 22;

// Layout (§4.2): layer address [0,4), tree address [4,16), type [16,20),
// then three words [20,24) key pair, [24,28) chain / tree height,
// [28,32) hash / tree index.
class Adrs {
 public:
  void set_layer_address(std::uint32_t layer) { put32(0, layer); }
  // The tree address is 12 bytes; SLH-DSA trees never need more than 64 bits.
  void set_tree_address(std::uint64_t tree) {
    put32(4, 0);
    put32(8, static_cast<std::uint32_t>(tree >> 32));
    put32(12, static_cast<std::uint32_t>(tree));
  }
  // setTypeAndClear: sets the type and zeroes the last 12 bytes.
  void set_type_and_clear(AdrsType type) {
    put32(16, static_cast<std::uint32_t>(type));
    for (std::size_t i = 20; i < adrs_bytes; ++i) bytes_[i] = 0;
  }
  void set_key_pair_address(std::uint32_t i) { put32(20, i); }
  void set_chain_address(std::uint32_t i) { put32(24, i); }
  void set_tree_height(std::uint32_t z) { put32(24, z); }
  void set_hash_address(std::uint32_t i) { put32(28, i); }
  void set_tree_index(std::uint32_t i) { put32(28, i); }
  std::uint32_t key_pair_address() const { return get32(20); }
  std::uint32_t tree_index() const { return get32(28); }

  const std::uint8_t* data() const { return bytes_; }

  // ADRSc = ADRS[3] ‖ ADRS[8:16] ‖ ADRS[19] ‖ ADRS[20:32] (FIPS 205 §11.2).
  // The two runs are copied whole (memcpy), which GCC turns into a few
  // wide moves; byte by byte, it assembled them in registers and stored
  // them piecewise, which stalled the wide loads that read them back.
  void compress(std::uint8_t out[adrs_compressed_bytes]) const {
    out[0] = bytes_[3];
    std::memcpy(out + 1, bytes_ + 8, 8);
    out[9] = bytes_[19];
    std::memcpy(out + 10, bytes_ + 20, 12);
  }

 private:
  void put32(std::size_t at, std::uint32_t v) {
    bytes_[at] = static_cast<std::uint8_t>(v >> 24);
    bytes_[at + 1] = static_cast<std::uint8_t>(v >> 16);
    bytes_[at + 2] = static_cast<std::uint8_t>(v >> 8);
    bytes_[at + 3] = static_cast<std::uint8_t>(v);
  }
  std::uint32_t get32(std::size_t at) const {
    return std::uint32_t{bytes_[at]} << 24 | std::uint32_t{bytes_[at + 1]} << 16 | std::uint32_t{bytes_[at + 2]} << 8 |
           std::uint32_t{bytes_[at + 3]};
  }

  std::uint8_t bytes_[adrs_bytes] = {};
};

}  // namespace pqlab::slhdsa::detail
