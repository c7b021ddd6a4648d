// Known answers and measured KeyGen, Sign and Verify for a signature
// scheme, shared by the ML-DSA and SLH-DSA runs. `Scheme` adapts one
// parameter set's API:
//   Scheme::Set (the parameter-set type, with name, pk/sk/sig_bytes),
//   Scheme::keygen(pk, sk, rng), Scheme::sign(sig, sk, msg, rng),
//   Scheme::verify(pk, msg, ctx, sig) -> pqlab::Status,
//   Scheme::keygen_from_seed(pk, sk, seed bytes) (the ACVP keyGen input),
//   Scheme::siggen_key(pk, sk, key bytes) (the ACVP sigGen key: ML-DSA's
//   seed ξ, SLH-DSA's sk), Scheme::sign_deterministic(sig, sk, msg, ctx).
// A sigGen known answer also checks that its signature verifies. After the
// measured runs, the signature is checked to verify and a copy with one
// flipped bit to be rejected (recorded as known-answer lines "signVerify"
// and "rejectForgery").
#pragma once
#include <array>
#include <cstdint>

#include "harness.hpp"
#include "kat_vectors.hpp"

namespace firmware {

inline constexpr std::array<std::uint8_t, 32> kBenchMessage = {'p', 'q', 'l', 'a', 'b', ' ', 'C', 'o', 'r', 't', 'e',
                                                               'x', '-', 'M', '4', ' ', 'b', 'e', 'n', 'c', 'h', ' ',
                                                               'm', 'e', 's', 's', 'a', 'g', 'e', '.', '.', '.'};

template <class Scheme>
void check_signature_keygen(const Options& options, Tally& tally) {
  using P = typename Scheme::Set;
  if (!options.selected(P::name) || !options.kat) return;
  for (const kat::SigKeygenCase& c : kat::SigKat<P>::keygen) {
    Arena arena;
    auto pk = arena.template take<P::pk_bytes>();
    auto sk = arena.template take<P::sk_bytes>();
    const bool ok = Scheme::keygen_from_seed(pk, sk, std::span<const std::uint8_t>(c.seed, c.seed_bytes)) ==
                        pqlab::Status::ok &&
                    digest_equals(pk, c.pk_digest) && digest_equals(sk, c.sk_digest);
    record_kat(tally, P::name, "keyGen", c.tc, ok);
  }
}

// Deterministic ACVP sigGen (pure, external interface): the signature's
// SHA3-256 must match, and the signature must verify.
template <class Scheme>
void check_signature_siggen(const Options& options, Tally& tally) {
  using P = typename Scheme::Set;
  if (!options.selected(P::name) || !options.kat) return;
  for (const kat::SigGenCase& c : kat::SigKat<P>::siggen) {
    Arena arena;
    auto pk = arena.template take<P::pk_bytes>();
    auto sk = arena.template take<P::sk_bytes>();
    auto sig = arena.template take<P::sig_bytes>();
    const std::span<const std::uint8_t> msg(c.msg, c.msg_bytes), ctx(c.ctx, c.ctx_bytes);
    const bool ok = Scheme::siggen_key(pk, sk, std::span<const std::uint8_t>(c.key, c.key_bytes)) ==
                        pqlab::Status::ok &&
                    Scheme::sign_deterministic(sig, sk, msg, ctx) == pqlab::Status::ok &&
                    digest_equals(sig, c.sig_digest) && Scheme::verify(pk, msg, ctx, sig) == pqlab::Status::ok;
    record_kat(tally, P::name, "sigGen", c.tc, ok);
  }
}

template <class Scheme>
void measure_signature_set(const Options& options, Tally& tally) {
  using P = typename Scheme::Set;
  if (!options.selected(P::name) || !options.bench) return;
  Arena arena;
  auto pk = arena.template take<P::pk_bytes>();
  auto sk = arena.template take<P::sk_bytes>();
  auto sig = arena.template take<P::sig_bytes>();
  const std::span<const std::uint8_t> msg(kBenchMessage);
  pqlab::Status status = pqlab::Status::ok;

  auto keygen = [&] { status = Scheme::keygen(pk, sk, drbg()); };
  record_op(P::name, "keygen", measure(keygen), P::pk_bytes + P::sk_bytes);
  bool ok = status == pqlab::Status::ok;

  auto sign = [&] { status = Scheme::sign(sig, sk, msg, drbg()); };
  record_op(P::name, "sign", measure(sign), P::sk_bytes + P::sig_bytes + msg.size());
  ok = ok && status == pqlab::Status::ok;

  auto verify = [&] { status = Scheme::verify(pk, msg, {}, sig); };
  record_op(P::name, "verify", measure(verify), P::pk_bytes + P::sig_bytes + msg.size());
  record_kat(tally, P::name, "signVerify", 0, ok && status == pqlab::Status::ok);

  sig[sig.size() / 2] ^= 0x01;
  record_kat(tally, P::name, "rejectForgery", 0, Scheme::verify(pk, msg, {}, sig) != pqlab::Status::ok);
}

}  // namespace firmware
