// Constant-time check (the ctgrind/TIMECOP technique). Every secret input
// is marked uninitialised ("poisoned"); the tracking tool then reports any
// conditional jump or memory address computed from it. The core (built for
// this test with PQLAB_CT_TESTING) declassifies only where the algorithm
// publishes data; this program declassifies only the outputs. Two builds
// (src/common/ct_poison.hpp): under valgrind's memcheck,
//   valgrind --error-exitcode=1 --track-origins=yes pqlab_ct_test GROUP
// or compiled with MemorySanitizer (PQLAB_CT_MSAN), run directly:
//   pqlab_ct_test GROUP
// where GROUP is mlkem, mlkem-low-stack, mldsa or an SLH-DSA set name; zero reports required.
//
// Every group runs on every kernel backend in pqlab::kernels::available().
#include <array>
#include <optional>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/ct_poison.hpp"
#include "mldsa/mask_schedule.hpp"
#include "mldsa/signing_key.hpp"
#include "pqlab/kernels.hpp"
#include "pqlab/mldsa.hpp"
#include "mlkem/low_stack.hpp"
#include "pqlab/mlkem.hpp"
#include "pqlab/slhdsa.hpp"
#include "support/slhdsa_sets.hpp"
#include "tracker.hpp"

namespace {

using pqlab::Status;
using pqlab::ct::declassify;
using pqlab::ct::poison;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "ct_test: %s\n", what.c_str());
  std::exit(2);
}

void expect_ok(Status s, const std::string& what) {
  if (s != Status::ok) fail(what + ": " + pqlab::describe(s));
}

// A random source whose every byte is secret: fixed bytes (the values do
// not matter to the check), poisoned before the library sees them.
class SecretRandom final : public pqlab::RandomSource {
 public:
  Status generate(std::span<std::uint8_t> out) override {
    for (auto& b : out) b = static_cast<std::uint8_t>(counter_++ * 151u + 7u);
    poison(out.data(), out.size());
    return Status::ok;
  }

 private:
  std::uint32_t counter_ = 0;
};

template <std::size_t N>
std::array<std::uint8_t, N> secret_bytes(std::uint8_t fill) {
  std::array<std::uint8_t, N> a;
  for (std::size_t i = 0; i < N; ++i) a[i] = static_cast<std::uint8_t>(fill + 13 * i);
  poison(a.data(), a.size());
  return a;
}

bool equal_public(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

// ML-KEM: keygen (ξ = d ‖ z secret), encaps (m secret), decaps of the valid
// ciphertext and of a forged one (dk_pke and z secret; the ek and H(ek)
// inside dk are public).
template <class P>
void check_mlkem() {
  namespace m = pqlab::mlkem;
  SecretRandom rng;
  std::array<std::uint8_t, P::ek_bytes> ek;
  std::array<std::uint8_t, P::dk_bytes> dk;
  expect_ok(m::keygen<P>(ek, dk, rng), std::string(P::name) + " keygen");
  declassify(ek.data(), ek.size());                     // output: the encapsulation key
  constexpr std::size_t dk_public_offset = 384 * P::k;  // dk = dk_pke ‖ ek ‖ H(ek) ‖ z
  declassify(dk.data() + dk_public_offset, P::ek_bytes + 32);

  std::array<std::uint8_t, P::ct_bytes> ct;
  std::array<std::uint8_t, m::shared_secret_bytes> key, key_again;
  expect_ok(m::encaps<P>(ct, key, ek, rng), std::string(P::name) + " encaps");
  declassify(ct.data(), ct.size());  // output: the ciphertext
  expect_ok(m::decaps<P>(key_again, ct, dk), std::string(P::name) + " decaps");
  declassify(key.data(), key.size());  // outputs, compared by this test only
  declassify(key_again.data(), key_again.size());
  if (!equal_public(key, key_again)) fail(std::string(P::name) + ": decaps disagrees with encaps");

  // The same through a key checked once (CheckedDecapsKey: no H(ek) in
  // decaps), valid and forged.
  std::optional<m::CheckedDecapsKey<P>> checked;
  expect_ok(m::check_decaps_key<P>(dk, checked), std::string(P::name) + " check_decaps_key");
  expect_ok(m::decaps<P>(key_again, ct, *checked), std::string(P::name) + " decaps (checked key)");
  declassify(key_again.data(), key_again.size());
  if (!equal_public(key, key_again)) fail(std::string(P::name) + ": checked-key decaps disagrees with encaps");

  ct[0] ^= 1;  // implicit rejection: same code path, K̄ selected by mask
  expect_ok(m::decaps<P>(key_again, ct, dk), std::string(P::name) + " decaps (forged)");
  declassify(key_again.data(), key_again.size());
  if (equal_public(key, key_again)) fail(std::string(P::name) + ": forged ciphertext gave the real key");
  expect_ok(m::decaps<P>(key_again, ct, *checked), std::string(P::name) + " decaps (checked key, forged)");
  declassify(key_again.data(), key_again.size());
  if (equal_public(key, key_again)) fail(std::string(P::name) + ": forged ciphertext gave the real key (checked key)");
}

// ML-DSA: keygen (ξ secret), then signing with the secret parts of sk (K,
// s1, s2, t0) poisoned: hedged (rnd secret), deterministic, HashML-DSA,
// external μ, and each of the three signing schedules.
template <class P>
void check_mldsa() {
  namespace d = pqlab::mldsa;
  using Lay = d::detail::Layout<P>;
  const std::string name = P::name;
  SecretRandom rng;
  std::array<std::uint8_t, P::pk_bytes> pk;
  std::array<std::uint8_t, P::sk_bytes> sk;
  expect_ok(d::keygen<P>(pk, sk, rng), name + " keygen");
  declassify(pk.data(), pk.size());         // output: the public key
  declassify(sk.data() + Lay::sk_rho, 32);  // ρ and tr = H(pk) in sk are public
  declassify(sk.data() + Lay::sk_tr, 64);

  const std::array<std::uint8_t, 3> msg{'c', 't', '!'};
  const std::array<std::uint8_t, 2> ctx{0x01, 0x02};
  std::array<std::uint8_t, P::sig_bytes> sig;
  auto verify = [&](const std::string& form) {
    declassify(sig.data(), sig.size());  // output: the signature
    expect_ok(d::verify<P>(pk, msg, ctx, sig), name + " " + form + " verifies");
  };
  expect_ok(d::sign<P>(sig, sk, msg, ctx, rng), name + " sign (hedged)");
  verify("hedged");
  const std::array<std::uint8_t, d::rnd_bytes> zero_rnd{};
  expect_ok(d::sign_with_rnd<P>(sig, sk, msg, ctx, zero_rnd), name + " sign (deterministic)");
  verify("deterministic");
  expect_ok(d::hash_sign<P>(sig, sk, msg, ctx, pqlab::hash::PreHash::sha2_256, rng), name + " hash_sign");
  declassify(sig.data(), sig.size());
  expect_ok(d::hash_verify<P>(pk, msg, ctx, pqlab::hash::PreHash::sha2_256, sig), name + " hash_sign verifies");

  std::array<std::uint8_t, d::mu_bytes> mu;
  expect_ok(d::compute_mu<P>(mu, pk, msg, ctx), name + " mu");
  const auto rnd = secret_bytes<d::rnd_bytes>(0x5a);
  auto check_mu_signature = [&](const std::string& form) {
    declassify(sig.data(), sig.size());
    expect_ok(d::verify_mu<P>(pk, mu, sig), name + " " + form + " verifies");
  };
  expect_ok(d::sign_mu<P>(sig, sk, mu, rnd), name + " sign_mu");
  check_mu_signature("external mu");
  using namespace d::detail;
  expect_ok((sign_mu_with<P, ExpandedSigningKey<P>, HeldMask<P>>(sig, sk, mu, rnd)), name + " expanded");
  check_mu_signature("expanded schedule");
  expect_ok((sign_mu_with<P, CompactSigningKey<P>, HeldMask<P>>(sig, sk, mu, rnd)), name + " compact");
  check_mu_signature("compact schedule");
  expect_ok((sign_mu_with<P, CompactSigningKey<P>, StreamedMask<P>>(sig, sk, mu, rnd)), name + " streamed");
  check_mu_signature("streamed schedule");
}

// SLH-DSA: keygen from SK.seed ‖ SK.prf (secret) ‖ PK.seed (public), then
// hedged signing (opt_rand secret); sk = SK.seed ‖ SK.prf ‖ PK.seed ‖
// PK.root with its first 2n bytes secret. (Deterministic signing runs the
// same code with opt_rand = PK.seed.)
template <class P>
void check_slhdsa() {
  namespace s = pqlab::slhdsa;
  const std::string name = P::name;
  std::array<std::uint8_t, P::seed_bytes> seed;
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(3 * i + 1);
  poison(seed.data(), 2 * P::n);  // SK.seed ‖ SK.prf
  std::array<std::uint8_t, P::pk_bytes> pk;
  std::array<std::uint8_t, P::sk_bytes> sk;
  expect_ok(s::keygen_internal<P>(pk, sk, seed), name + " keygen");
  declassify(pk.data(), pk.size());            // output: PK.seed ‖ PK.root
  declassify(sk.data() + 2 * P::n, 2 * P::n);  // the same public half inside sk

  SecretRandom rng;
  const std::array<std::uint8_t, 3> msg{'c', 't', '!'};
  std::vector<std::uint8_t> sig(P::sig_bytes);
  const std::span<std::uint8_t, P::sig_bytes> sig_span(sig.data(), P::sig_bytes);
  expect_ok(s::sign<P>(sig_span, msg, {}, sk, rng), name + " sign (hedged)");
  declassify(sig.data(), sig.size());  // output: the signature
  expect_ok(s::verify<P>(sig, msg, {}, pk), name + " hedged verifies");
}

// The same for ML-KEM's low-stack path (src/mlkem/low_stack.hpp, the
// firmware's PQLAB_FIRMWARE_MLKEM_LOW_STACK), called directly: the hosted
// public API does not route through it. Seeds d, z and m are secret.
template <class P>
void check_mlkem_low_stack() {
  namespace ls = pqlab::mlkem::low_stack;
  const std::string name = std::string(P::name) + " low-stack";
  const auto d = secret_bytes<32>(1), z = secret_bytes<32>(2), m = secret_bytes<32>(3);
  std::array<std::uint8_t, P::ek_bytes> ek;
  std::array<std::uint8_t, P::dk_bytes> dk;
  expect_ok(ls::keygen_derand<P>(ek, dk, d, z), name + " keygen");
  declassify(ek.data(), ek.size());
  constexpr std::size_t dk_public_offset = 384 * P::k;
  declassify(dk.data() + dk_public_offset, P::ek_bytes + 32);

  std::array<std::uint8_t, P::ct_bytes> ct;
  std::array<std::uint8_t, pqlab::mlkem::shared_secret_bytes> key, key_again;
  expect_ok(ls::encaps_derand<P>(ct, key, ek, m), name + " encaps");
  declassify(ct.data(), ct.size());
  expect_ok(ls::decaps<P>(key_again, ct, dk), name + " decaps");
  declassify(key.data(), key.size());
  declassify(key_again.data(), key_again.size());
  if (!equal_public(key, key_again)) fail(name + ": decaps disagrees with encaps");
  ct[0] ^= 1;
  expect_ok(ls::decaps<P>(key_again, ct, dk), name + " decaps (forged)");
  declassify(key_again.data(), key_again.size());
  if (equal_public(key, key_again)) fail(name + ": forged ciphertext gave the real key");
}

void check_group(const std::string& group) {
  if (group == "mlkem-low-stack") {
    check_mlkem_low_stack<pqlab::mlkem::MLKEM512>();
    check_mlkem_low_stack<pqlab::mlkem::MLKEM768>();
    check_mlkem_low_stack<pqlab::mlkem::MLKEM1024>();
    return;
  }
  if (group == "mlkem") {
    check_mlkem<pqlab::mlkem::MLKEM512>();
    check_mlkem<pqlab::mlkem::MLKEM768>();
    check_mlkem<pqlab::mlkem::MLKEM1024>();
  } else if (group == "mldsa") {
    check_mldsa<pqlab::mldsa::MLDSA44>();
    check_mldsa<pqlab::mldsa::MLDSA65>();
    check_mldsa<pqlab::mldsa::MLDSA87>();
  } else {
    pqlab::test::with_slhdsa_set(group, []<class P>(P) { check_slhdsa<P>(); });
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(
        stderr,
        "usage: pqlab_ct_test mlkem|mlkem-low-stack|mldsa|SLH-DSA-<set>  (under valgrind, or the MSan build)\n");
    return 2;
  }
  // With no tool tracking the secrets nothing would be checked: refuse rather than pass.
  const char* tool = pqlab::ct_test::tracker();
  if (tool == nullptr) fail("run me under valgrind (memcheck)");
  const std::string group = argv[1];
  try {
    for (std::string_view backend : pqlab::kernels::available()) {
      if (pqlab::kernels::select(backend) != Status::ok) fail("cannot select backend " + std::string(backend));
      check_group(group);
      std::printf("ct_test: %s on %.*s: done (%s)\n", group.c_str(), static_cast<int>(backend.size()), backend.data(),
                  tool);
    }
  } catch (const std::exception& e) {
    fail(e.what());
  }
  return 0;
}
