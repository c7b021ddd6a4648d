// The SHAKE instances of SLH-DSA's tweakable hash functions (FIPS 205
// §11.1): every function is SHAKE256 over PK.seed ‖ ADRS ‖ input (PRF:
// SK.seed as input). F, H and PRF fit in one Keccak block for every n, so
// they are built directly in the state, from a state prepared once per
// object (PK.seed and the padding); F, H, PRF and T_l also come in batches
// of up to eight, on the kernel's multi-state permutations.
#pragma once
#include <cstddef>
#include <cstdint>

#include "common/buffer_align.hpp"
#include "slhdsa/address.hpp"
#include "slhdsa/message.hpp"

namespace pqlab::slhdsa::detail {

template <std::size_t N>
class ShakeHash {
 public:
  static constexpr std::size_t n = N;
  static constexpr std::size_t batch = 8;  // most calls of one f_ways / prf_ways

  // Keyed with PK.seed and, for key generation and signing, SK.seed (pass
  // nullptr to verify: prf() must then not be called).
  ShakeHash(const std::uint8_t* pk_seed, const std::uint8_t* sk_seed);
  ~ShakeHash();
  ShakeHash(const ShakeHash&) = delete;
  ShakeHash& operator=(const ShakeHash&) = delete;

  // F(PK.seed, ADRS, M1), n bytes to n bytes; out may equal in.
  void f(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in) const;
  // `count` <= batch independent F calls; out[i] may equal in[i].
  void f_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], const std::uint8_t* const in[batch],
              std::size_t count) const;
  // H(PK.seed, ADRS, M2), 2n bytes to n; out may overlap in.
  void h(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in) const;
  // `count` <= batch independent H calls; every input is read before any
  // output is written, so out[i] may overlap any in[j].
  void h_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], const std::uint8_t* const in[batch],
              std::size_t count) const;
  // T_l(PK.seed, ADRS, M_l) for in of `bytes` = l·n bytes.
  void t(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in, std::size_t bytes) const;

  // Up to t_batch T_l calls side by side, their messages M_l fed piece by
  // piece: each absorb() gives every way a piece of the same length (a
  // multiple of 8 bytes), so the ways' blocks fill together and one
  // multi-state permutation serves them all (FIPS 202 §4 sponge). The
  // states are lane-sliced (kernels::Table::keccak_f1600_sliced8).
  static constexpr std::size_t t_batch = batch;
  class TWays {
   public:
    // Starts T_l(PK.seed, adrs[j], ·) for j < count.
    TWays(const ShakeHash& hash, const Adrs* adrs, std::size_t count);
    void absorb(const std::uint8_t* const* in, std::size_t bytes);
    // Writes the n-byte results to out[j].
    void finish(std::uint8_t* const* out);

   private:
    static_assert(t_batch == 8, "one sliced batch of eight states");
    alignas(vector_buffer_align<std::uint64_t>) std::uint64_t states_[t_batch * 25] = {};
    std::size_t count_;
    std::size_t word_ = 0;  // the rate word every way's next input word goes to
  };
  // PRF(PK.seed, SK.seed, ADRS).
  void prf(std::uint8_t* out, const Adrs& adrs) const;
  void prf_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], std::size_t count) const;

  // PRF_msg(SK.prf, opt_rand, M) = SHAKE256(SK.prf ‖ opt_rand ‖ M, 8n).
  static void prf_msg(std::uint8_t* out, const std::uint8_t* sk_prf, const std::uint8_t* opt_rand,
                      const MessageParts& msg);
  // H_msg(R, PK.seed, PK.root, M) = SHAKE256(R ‖ PK.seed ‖ PK.root ‖ M, 8m).
  static void h_msg(std::uint8_t* out, std::size_t m, const std::uint8_t* r, const std::uint8_t* pk_seed,
                    const std::uint8_t* pk_root, const MessageParts& msg);

 private:
  static constexpr std::size_t lanes = N / 8;
  // The state of a one-block input of n bytes before its ADRS and input
  // words are written: PK.seed, zeros, the SHAKE padding.
  std::uint64_t prepared_[25];
  std::uint8_t sk_seed_[N];
};

}  // namespace pqlab::slhdsa::detail
