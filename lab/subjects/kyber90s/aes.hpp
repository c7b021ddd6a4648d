// AES-256 (FIPS 197) and its CTR mode (NIST SP 800-38A §6.5), for the lab's
// Kyber-90s subject only (a withdrawn round-3 variant kept for comparison
// with published results; not part of pqlab's public API).
//
// Two implementations, both constant time:
// - software: bitsliced, four blocks per pass in 64-bit words; the S-box is
//   computed (inversion in GF(2^8) as x^254, then the affine map), so there
//   is no table and no secret-dependent index or branch, key expansion
//   included. Portable C++ (the Cortex-M4 firmware uses it).
// - aesni: the x86-64 AES instructions, where CPUID reports them;
// - vaes: the same on 256-bit registers (two blocks an instruction) for
//   CTR, where CPUID reports VAES and AVX2 is usable; ECB and key expansion
//   as aesni. Alone on a 32-block stream it ran twice as fast as aesni, but
//   in Kyber-90s's replayed symmetric calls (30-block matrix streams, 8- and
//   12-block noise, key expansions, SHA-2) a few per cent slower, in a
//   quick comparison on the shared development machine (indicative only),
//   so it is not the default; it stays selectable and tested.
//
// Freestanding like the core: no heap, no exceptions. Round keys are wiped
// when an Aes256 object is destroyed.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace pqlab::lab::kyber90s {

enum class AesImpl : std::uint8_t { software, aesni, vaes };

std::string_view aes_impl_name(AesImpl impl);
// True where the CPU has the AES instructions (and they were compiled in).
bool aesni_available();
// True where VAES is usable too (CPUID, and the OS saves YMM state).
bool vaes_available();
// Whether `impl` runs on this CPU.
bool aes_impl_available(AesImpl impl);
// The implementation Kyber-90s uses: aesni where available, unless the active kernel backend is "portable" (which
// stands for a CPU without any of the x86 extensions), then software.
AesImpl default_aes_impl();

class Aes256 {
 public:
  static constexpr std::size_t key_bytes = 32;
  static constexpr std::size_t block_bytes = 16;
  static constexpr std::size_t rounds = 14;

  // KeyExpansion (FIPS 197 §5.2). `impl` must be usable on this CPU.
  Aes256(std::span<const std::uint8_t, key_bytes> key, AesImpl impl);
  ~Aes256();
  Aes256(const Aes256&) = delete;
  Aes256& operator=(const Aes256&) = delete;

  AesImpl impl() const { return impl_; }
  // Cipher (FIPS 197 §5.1) on `blocks` independent 16-byte blocks (ECB).
  void encrypt_blocks(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const;
  // CTR keystream (SP 800-38A §6.5): out = E(T_1) ‖ E(T_2) ‖ ... for
  // `blocks` counter blocks, T_1 = counter, each next one with its last 32
  // bits incremented as a big-endian integer (the standard incrementing
  // function of SP 800-38A Appendix B.1 with m = 32); counter is left at the
  // next unused value.
  void ctr_keystream(std::array<std::uint8_t, 16>& counter, std::uint8_t* out, std::size_t blocks) const;

 private:
  AesImpl impl_;
  // software: 15 round keys, each as eight bit planes of four copies;
  // aesni: the first 240 bytes hold the 15 round keys as bytes.
  alignas(16) std::array<std::uint64_t, (rounds + 1) * 8> rk_;
};

// The two implementations' entry points (aes_soft.cpp, aes_ni.cpp).
namespace aes_detail {
void soft_expand(std::uint64_t rk[(Aes256::rounds + 1) * 8], const std::uint8_t key[32]);
// Four blocks (64 bytes) in, four out.
void soft_encrypt4(const std::uint64_t rk[(Aes256::rounds + 1) * 8], const std::uint8_t in[64], std::uint8_t out[64]);
void ni_expand(std::uint8_t rk[240], const std::uint8_t key[32]);
void ni_encrypt(const std::uint8_t rk[240], const std::uint8_t* in, std::uint8_t* out, std::size_t blocks);
void ni_ctr(const std::uint8_t rk[240], std::array<std::uint8_t, 16>& counter, std::uint8_t* out, std::size_t blocks);
void vaes_ctr(const std::uint8_t rk[240], std::array<std::uint8_t, 16>& counter, std::uint8_t* out, std::size_t blocks);
}  // namespace aes_detail

}  // namespace pqlab::lab::kyber90s
