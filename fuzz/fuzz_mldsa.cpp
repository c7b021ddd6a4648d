// libFuzzer target: ML-DSA (FIPS 204) verification.
// Input: set (byte % 3: 44/65/87), mode (byte % 2), payload.
//   mode 0: pk ‖ sig ‖ |ctx| ‖ ctx ‖ msg → ML-DSA.Verify (Alg. 3) and
//           HashML-DSA.Verify (SHA2-256); either answers valid or invalid.
//   mode 1: ξ ‖ bit (2 bytes) ‖ msg → KeyGen, Sign: the signature verifies;
//           with the chosen bit flipped it does not.
#include <array>

#include "fuzz_input.hpp"
#include "pqlab/mldsa.hpp"

namespace {

using namespace pqlab;
using fuzz::require;

template <class P>
void run(fuzz::Input& in, std::uint8_t mode) {
  if (mode == 0) {
    const auto pk = in.bytes(P::pk_bytes);
    const auto sig = in.bytes(P::sig_bytes);
    const auto ctx = in.bytes(in.byte());
    const auto msg = in.rest();
    const mldsa::ConstPublicKey<P> pk_span(pk.data(), P::pk_bytes);
    const mldsa::ConstSignature<P> sig_span(sig.data(), P::sig_bytes);
    const Status s = mldsa::verify<P>(pk_span, msg, ctx, sig_span);
    require(s == Status::ok || s == Status::invalid_signature, "verify answers valid or invalid");
    const Status h = mldsa::hash_verify<P>(pk_span, msg, ctx, hash::PreHash::sha2_256, sig_span);
    require(h == Status::ok || h == Status::invalid_signature, "hash_verify answers valid or invalid");
  } else {
    const auto xi = in.bytes(32);
    const std::size_t bit = static_cast<std::size_t>(in.byte()) << 8 | in.byte();
    const auto msg = in.rest();
    std::array<std::uint8_t, P::pk_bytes> pk;
    std::array<std::uint8_t, P::sk_bytes> sk;
    std::array<std::uint8_t, P::sig_bytes> sig;
    require(mldsa::keygen_internal<P>(pk, sk, mldsa::Seed(xi.data(), 32)) == Status::ok, "keygen");
    const std::array<std::uint8_t, mldsa::rnd_bytes> rnd{};
    require(mldsa::sign_with_rnd<P>(sig, sk, msg, {}, rnd) == Status::ok, "sign");
    require(mldsa::verify<P>(pk, msg, {}, sig) == Status::ok, "a signature the library made verifies");
    const std::size_t at = bit % (8 * P::sig_bytes);
    sig[at / 8] = static_cast<std::uint8_t>(sig[at / 8] ^ (1u << (at % 8)));
    require(mldsa::verify<P>(pk, msg, {}, sig) == Status::invalid_signature, "a mutated signature fails");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::uint8_t set = in.byte() % 3, mode = in.byte() % 2;
  if (set == 0) run<mldsa::MLDSA44>(in, mode);
  if (set == 1) run<mldsa::MLDSA65>(in, mode);
  if (set == 2) run<mldsa::MLDSA87>(in, mode);
  return 0;
}
