// libFuzzer target: SLH-DSA (FIPS 205) verification, the six 'f' sets
// (signing an 's' set per input would be far too slow to fuzz).
// Input: set (byte % 6), mode (byte % 2), payload.
//   mode 0: pk ‖ sig length (2 bytes) ‖ sig ‖ |ctx| ‖ ctx ‖ msg →
//           slh_verify (Alg. 24); any length; answers valid or invalid.
//   mode 1: bit (4 bytes) → a signature made once per set by the library
//           (it verifies) with that bit flipped must not verify.
#include <array>
#include <vector>

#include "fuzz_input.hpp"
#include "pqlab/slhdsa.hpp"

namespace {

using namespace pqlab;
using fuzz::require;

template <class P>
struct Signed {
  std::array<std::uint8_t, P::pk_bytes> pk;
  std::array<std::uint8_t, 3> msg{'f', 'u', 'z'};
  std::vector<std::uint8_t> sig = std::vector<std::uint8_t>(P::sig_bytes);
  Signed() {
    std::array<std::uint8_t, P::seed_bytes> seed{};
    for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i);
    std::array<std::uint8_t, P::sk_bytes> sk;
    require(slhdsa::keygen_internal<P>(pk, sk, seed) == Status::ok, "keygen");
    require(slhdsa::sign_deterministic<P>(slhdsa::Signature<P>(sig.data(), P::sig_bytes), msg, {}, sk) == Status::ok,
            "sign");
    require(slhdsa::verify<P>(sig, msg, {}, pk) == Status::ok, "a signature the library made verifies");
  }
};

template <class P>
void run(fuzz::Input& in, std::uint8_t mode) {
  if (mode == 0) {
    const auto pk = in.bytes(P::pk_bytes);
    const std::size_t sig_len = static_cast<std::size_t>(in.byte()) << 8 | in.byte();
    const auto sig = in.bytes(sig_len % (P::sig_bytes + 64));
    const auto ctx = in.bytes(in.byte());
    const auto msg = in.rest();
    const Status s = slhdsa::verify<P>(sig, msg, ctx, slhdsa::ConstPublicKey<P>(pk.data(), P::pk_bytes));
    require(s == Status::ok || s == Status::invalid_signature, "verify answers valid or invalid");
  } else {
    static const Signed<P> made;
    std::uint32_t bit = 0;
    for (int i = 0; i < 4; ++i) bit = bit << 8 | in.byte();
    std::vector<std::uint8_t> sig = made.sig;
    const std::size_t at = bit % (8 * P::sig_bytes);
    sig[at / 8] = static_cast<std::uint8_t>(sig[at / 8] ^ (1u << (at % 8)));
    require(slhdsa::verify<P>(sig, made.msg, {}, made.pk) == Status::invalid_signature, "a mutated signature fails");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::uint8_t set = in.byte() % 6, mode = in.byte() % 2;
  using namespace slhdsa;
  switch (set) {
    case 0: run<SLHDSA_SHA2_128f>(in, mode); break;
    case 1: run<SLHDSA_SHAKE_128f>(in, mode); break;
    case 2: run<SLHDSA_SHA2_192f>(in, mode); break;
    case 3: run<SLHDSA_SHAKE_192f>(in, mode); break;
    case 4: run<SLHDSA_SHA2_256f>(in, mode); break;
    default: run<SLHDSA_SHAKE_256f>(in, mode); break;
  }
  return 0;
}
