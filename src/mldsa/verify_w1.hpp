// ML-DSA verification in pieces (FIPS 204 Alg. 8), shared by the single
// and the batch verification: w1' from the signature (lines 8–12), the
// final hash and compare (line 13), and the two together with tr = H(pk)
// riding in ExpandA's idle ways.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "common/ct.hpp"
#include "hash/keccak_parallel.hpp"
#include "mldsa/packing.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa::detail {

// The verification outcome from the constant-time difference of c̃ and c̃'
// (Alg. 8 line 13): Status::ok when diff is zero, else invalid_signature,
// formed from diff's mask rather than a branch or conditional move
// (scripts/check_select_asm.sh checks the generated code).
inline Status status_from_ctilde_diff(std::uint8_t diff) {
  return static_cast<Status>(ct::mask_nonzero_u8(diff) & static_cast<std::uint8_t>(Status::invalid_signature));
}

// Told by verify_w1_vartime after each row of w1Encode(w1') it writes, so
// that a hash over the rows can take those that are ready.
class W1RowsListener {
 public:
  virtual void rows_written(std::size_t rows) = 0;

 protected:
  ~W1RowsListener() = default;
};

// Alg. 8 lines 8–12: w1Encode(w1') of the signature, or invalid_signature
// for malformed hints or z out of range. A rider (hash::KeccakRider, and
// those chained after it) takes the idle ways of ExpandA's SHAKE128
// batches; `rows` hears of every row written.
template <class P>
Status verify_w1_vartime(ConstPublicKey<P> pk, ConstSignature<P> sig,
                         std::span<std::uint8_t, Layout<P>::w1_bytes> w1_packed, hash::KeccakRider* rider = nullptr,
                         W1RowsListener* rows = nullptr);

// μ ‖ w1Encode(w1'), the input of Alg. 8 line 13's hash.
template <class P>
using CTildeInput = std::array<std::uint8_t, mu_bytes + Layout<P>::w1_bytes>;

// Alg. 8 line 13: c̃' = H(μ ‖ w1Encode(w1'), λ/4), finished by `c_hash`, a
// rider over CTildeInput (it runs the permutations still due); valid iff
// c̃ = c̃', compared in constant time. Never inlined: every verification
// calls this one copy, whose code scripts/check_select_asm.sh checks.
template <class P>
Status check_ctilde(hash::KeccakRider& c_hash, ConstSignature<P> sig);

// Alg. 8 from line 5 with μ formed from tr by make_mu(tr, mu). tr = H(pk,
// 64) (15 serial permutations for ML-DSA-65) does not feed ExpandA, so it
// rides in the idle ways of ExpandA's batches; once it is out, μ is formed
// and H(μ ‖ w1Encode(w1')) rides after it over the rows written so far.
// Only what is left of the two runs alone.
template <class P, class MakeMu>
Status verify_with_riding_tr(ConstPublicKey<P> pk, ConstSignature<P> sig, MakeMu&& make_mu) {
  using Lay = Layout<P>;
  CTildeInput<P> c_input;
  // Public inputs (pk, μ of a public message, w1' from pk and the
  // signature): nothing of them is wiped.
  hash::KeccakRider tr_hash(hash::Shake256::rate_bytes, 0x1f, pk, hash::Data::public_only);
  hash::KeccakRider c_hash(hash::Shake256::rate_bytes, 0x1f, c_input, 0, hash::Data::public_only);
  tr_hash.then_ride(&c_hash);

  class MuThenRows final : public W1RowsListener {
   public:
    MuThenRows(hash::KeccakRider& tr_hash, hash::KeccakRider& c_hash, CTildeInput<P>& c_input, MakeMu& make_mu)
        : tr_hash_(tr_hash), c_hash_(c_hash), c_input_(c_input), make_mu_(make_mu) {}
    void rows_written(std::size_t rows) override {
      if (!mu_formed_) {
        if (tr_hash_.pending()) return;  // tr is still riding
        form_mu();
      }
      c_hash_.make_available(mu_bytes + rows * Lay::w1_poly_bytes);
    }
    // After the last row: tr and μ now if they are not out yet.
    void all_rows_written() {
      if (!mu_formed_) form_mu();
      c_hash_.make_available(c_input_.size());
    }

   private:
    void form_mu() {
      std::array<std::uint8_t, 64> tr;
      tr_hash_.finish(tr);
      make_mu_(std::span<const std::uint8_t, 64>(tr), std::span(c_input_).template first<mu_bytes>());
      mu_formed_ = true;
    }
    hash::KeccakRider& tr_hash_;
    hash::KeccakRider& c_hash_;
    CTildeInput<P>& c_input_;
    MakeMu& make_mu_;
    bool mu_formed_ = false;
  } rows(tr_hash, c_hash, c_input, make_mu);

  if (verify_w1_vartime<P>(pk, sig, std::span(c_input).template last<Lay::w1_bytes>(), &tr_hash, &rows) != Status::ok)
    return Status::invalid_signature;
  rows.all_rows_written();
  return check_ctilde<P>(c_hash, sig);
}

}  // namespace pqlab::mldsa::detail
