// The SHA2 instances of SLH-DSA's tweakable hash functions (FIPS 205
// §11.2): SHA-256 for F and PRF (and for H and T_l when n = 16), SHA-512
// for H and T_l when n = 24 or 32, over PK.seed ‖ toByte(0, b − n) ‖
// ADRSc ‖ input with b the block size. The state after the first block
// (PK.seed and its padding) is the same for every call of one operation,
// so it is computed once here; F, H and PRF are then one compression each.
// PRF_msg is HMAC and H_msg is MGF1 over SHA-256 (n = 16) or SHA-512.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "pqlab/sha2.hpp"
#include "slhdsa/address.hpp"
#include "slhdsa/message.hpp"

namespace pqlab::slhdsa::detail {

template <std::size_t N>
class Sha2Hash {
 public:
  static constexpr std::size_t n = N;
  // f_ways / prf_ways hand their compressions (at most `batch`) to the
  // kernel's multi-way SHA-256 (sha256_compress_ways) in one call, and
  // h_ways to the SHA-256 or, for n > 16, SHA-512 one. 16
  // fills one 512-bit AVX-512 pass: SLH-DSA-SHA2-128f signing on avx512
  // measured 8.7-9.1 M ticks against 11.0-11.7 M with batches of 8
  // (fastest of each `pqlab bench` run, shared machine); backends that
  // compress one way at a time are indifferent to it.
  static constexpr std::size_t batch = 16;
  static constexpr bool wide_h = N > 16;  // H, T_l, H_msg, PRF_msg on SHA-512

  Sha2Hash(const std::uint8_t* pk_seed, const std::uint8_t* sk_seed);
  ~Sha2Hash();
  Sha2Hash(const Sha2Hash&) = delete;
  Sha2Hash& operator=(const Sha2Hash&) = delete;

  void f(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in) const;
  void f_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], const std::uint8_t* const in[batch],
              std::size_t count) const;
  void h(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in) const;
  // `count` <= batch independent H calls; every input is read before any
  // output is written, so out[i] may overlap any in[j].
  void h_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], const std::uint8_t* const in[batch],
              std::size_t count) const;
  void t(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in, std::size_t bytes) const;

 private:
  using WideHash = std::conditional_t<wide_h, hash::Sha512, hash::Sha256>;

 public:
  // Up to t_batch T_l calls fed piece by piece, as ShakeHash::TWays. The
  // ways absorb equal lengths, so their block boundaries coincide and each
  // full block of all ways goes to the kernel's multi-way compression
  // (SHA-256, or SHA-512 for n > 16) in one call.
  static constexpr std::size_t t_batch = 8;
  class TWays {
   public:
    TWays(const Sha2Hash& hash, const Adrs* adrs, std::size_t count);
    void absorb(const std::uint8_t* const* in, std::size_t bytes);
    void finish(std::uint8_t* const* out);

   private:
    using Word = std::conditional_t<wide_h, std::uint64_t, std::uint32_t>;
    static constexpr std::size_t block_bytes = wide_h ? 128 : 64;
    void compress_blocks();
    Word states_[t_batch][8];
    std::uint8_t blocks_[t_batch][block_bytes];
    std::size_t fill_ = 0;   // bytes in the current block, the same in every way
    std::size_t total_ = 0;  // bytes after the PK.seed block, the same in every way
    std::size_t count_;
  };
  void prf(std::uint8_t* out, const Adrs& adrs) const;
  void prf_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], std::size_t count) const;

  // PRF_msg(SK.prf, opt_rand, M) = Trunc_n(HMAC-SHA-x(SK.prf, opt_rand ‖ M)).
  static void prf_msg(std::uint8_t* out, const std::uint8_t* sk_prf, const std::uint8_t* opt_rand,
                      const MessageParts& msg);
  // H_msg(R, PK.seed, PK.root, M) =
  //   MGF1-SHA-x(R ‖ PK.seed ‖ SHA-x(R ‖ PK.seed ‖ PK.root ‖ M), m).
  static void h_msg(std::uint8_t* out, std::size_t m, const std::uint8_t* r, const std::uint8_t* pk_seed,
                    const std::uint8_t* pk_root, const MessageParts& msg);

 private:
  std::uint32_t state256_[8];  // SHA-256 after PK.seed ‖ toByte(0, 64 − n)
  std::uint64_t state512_[8];  // SHA-512 after PK.seed ‖ toByte(0, 128 − n) (wide_h only)
  WideHash t_prefix_;          // the same first block, for T_l's longer inputs
  std::uint8_t sk_seed_[N];
};

}  // namespace pqlab::slhdsa::detail
