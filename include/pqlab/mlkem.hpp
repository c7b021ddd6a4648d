// pqlab: ML-KEM (FIPS 203), the module-lattice key-encapsulation mechanism.
// No heap, no exceptions; every size is a compile-time constant.
#pragma once
#include "pqlab/export.h"
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "pqlab/random.hpp"
#include "pqlab/status.hpp"

namespace pqlab::mlkem {

// Parameter sets (FIPS 203 Table 2). Sizes follow from §8:
// ek = 384k + 32, dk = 768k + 96, c = 32(d_u·k + d_v).
template <std::size_t K, int Eta1, std::size_t Du, std::size_t Dv>
struct PQLAB_API Params {
  static constexpr std::size_t k = K;
  static constexpr int eta1 = Eta1;
  static constexpr int eta2 = 2;
  static constexpr std::size_t du = Du;
  static constexpr std::size_t dv = Dv;
  static constexpr std::size_t ek_bytes = 384 * K + 32;
  static constexpr std::size_t dk_bytes = 768 * K + 96;
  static constexpr std::size_t ct_bytes = 32 * (Du * K + Dv);
};
struct PQLAB_API MLKEM512 : Params<2, 3, 10, 4> {
  static constexpr const char* name = "ML-KEM-512";
};
struct PQLAB_API MLKEM768 : Params<3, 2, 10, 4> {
  static constexpr const char* name = "ML-KEM-768";
};
struct PQLAB_API MLKEM1024 : Params<4, 2, 11, 5> {
  static constexpr const char* name = "ML-KEM-1024";
};

inline constexpr std::size_t shared_secret_bytes = 32;
inline constexpr std::size_t seed_bytes = 32;

template <class P>
using EncapsKey = std::span<std::uint8_t, P::ek_bytes>;
template <class P>
using DecapsKey = std::span<std::uint8_t, P::dk_bytes>;
template <class P>
using Ciphertext = std::span<std::uint8_t, P::ct_bytes>;
template <class P>
using ConstEncapsKey = std::span<const std::uint8_t, P::ek_bytes>;
template <class P>
using ConstDecapsKey = std::span<const std::uint8_t, P::dk_bytes>;
template <class P>
using ConstCiphertext = std::span<const std::uint8_t, P::ct_bytes>;
using SharedSecret = std::span<std::uint8_t, shared_secret_bytes>;
using Seed = std::span<const std::uint8_t, seed_bytes>;

// ML-KEM.KeyGen (Alg. 19) and ML-KEM.KeyGen_internal (Alg. 16).
template <class P>
PQLAB_API Status keygen(EncapsKey<P> ek, DecapsKey<P> dk, RandomSource& rng);
template <class P>
PQLAB_API Status keygen_derand(EncapsKey<P> ek, DecapsKey<P> dk, Seed d, Seed z);

// ML-KEM.Encaps (Alg. 20) and ML-KEM.Encaps_internal (Alg. 17). Both run the
// encapsulation-key check of §7.2 first and return Status::invalid_key if
// it fails.
template <class P>
PQLAB_API Status encaps(Ciphertext<P> ct, SharedSecret key, ConstEncapsKey<P> ek, RandomSource& rng);
template <class P>
PQLAB_API Status encaps_derand(Ciphertext<P> ct, SharedSecret key, ConstEncapsKey<P> ek, Seed m);

// ML-KEM.Decaps (Alg. 21, calling Alg. 18). Runs the decapsulation-key
// check of §7.3 (the H(ek) hash check) and returns Status::invalid_key if it
// fails. A well-formed ciphertext never fails: a forged one yields the
// implicit-rejection key.
template <class P>
PQLAB_API Status decaps(SharedSecret key, ConstCiphertext<P> ct, ConstDecapsKey<P> dk);

// Batches, for servers: up to max_batch independent operations in one call.
// The SHA3/SHAKE hashes of all items (H(ek), G, J, and inside K-PKE the
// matrix and noise sampling of each item) run side by side over the
// kernel's multi-state Keccak; the K-PKE arithmetic runs item by item.
// Item i of every output equals what the single call gives for item i of
// the inputs. All spans of one call must have the same length, from 1 to
// max_batch, else Status::invalid_argument. If any encapsulation key fails
// the §7.2 check (or any decapsulation key the §7.3 check) the call returns
// Status::invalid_key and writes no output.
inline constexpr std::size_t max_batch = 8;
template <class P>
PQLAB_API Status keygen_batch(std::span<const EncapsKey<P>> eks, std::span<const DecapsKey<P>> dks, RandomSource& rng);
template <class P>
PQLAB_API Status keygen_batch_derand(std::span<const EncapsKey<P>> eks, std::span<const DecapsKey<P>> dks,
                                     std::span<const Seed> ds, std::span<const Seed> zs);
template <class P>
PQLAB_API Status encaps_batch(std::span<const Ciphertext<P>> cts, std::span<const SharedSecret> keys,
                              std::span<const ConstEncapsKey<P>> eks, RandomSource& rng);
template <class P>
PQLAB_API Status encaps_batch_derand(std::span<const Ciphertext<P>> cts, std::span<const SharedSecret> keys,
                                     std::span<const ConstEncapsKey<P>> eks, std::span<const Seed> ms);
template <class P>
PQLAB_API Status decaps_batch(std::span<const SharedSecret> keys, std::span<const ConstCiphertext<P>> cts,
                              std::span<const ConstDecapsKey<P>> dks);

// The input checks on their own: §7.2 (modulus check: ByteEncode12 of
// ByteDecode12 of each polynomial gives the same bytes) and §7.3 (the hash
// H(ek) stored in dk matches the ek stored in dk).
template <class P>
PQLAB_API Status check_encaps_key(ConstEncapsKey<P> ek);
template <class P>
PQLAB_API Status check_decaps_key(ConstDecapsKey<P> dk);

// A decapsulation key that has passed the §7.3 checks, for decapsulating
// many ciphertexts with one key without re-hashing its ek every time.
// FIPS 203 §7.3 requires the key's checks before ML-KEM.Decaps runs but,
// unlike the ciphertext's, not with every run: the assurance may come from
// an earlier check of the same key. Only check_decaps_key below can
// make one, so holding a CheckedDecapsKey is that assurance. It is a view:
// the dk bytes stay the caller's, and must not change while it is in use
// (a change after the check voids it).
template <class P>
class CheckedDecapsKey;
template <class P>
PQLAB_API Status check_decaps_key(ConstDecapsKey<P> dk, std::optional<CheckedDecapsKey<P>>& checked);

template <class P>
class CheckedDecapsKey {
 public:
  ConstDecapsKey<P> bytes() const { return dk_; }

 private:
  explicit CheckedDecapsKey(ConstDecapsKey<P> dk) : dk_(dk) {}
  friend Status check_decaps_key<P>(ConstDecapsKey<P>, std::optional<CheckedDecapsKey<P>>&);
  ConstDecapsKey<P> dk_;
};

// ML-KEM.Decaps (Alg. 21) with a key checked before (§7.3): the same as
// decaps() above, implicit rejection included, but without the hash check.
// The ciphertext's type check is its span type.
template <class P>
PQLAB_API Status decaps(SharedSecret key, ConstCiphertext<P> ct, const CheckedDecapsKey<P>& dk);

}  // namespace pqlab::mlkem
