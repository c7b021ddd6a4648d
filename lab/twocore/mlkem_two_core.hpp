// One ML-KEM operation on two cores (issue 24 §3): the matrix Â (or Âᵀ),
// sampled from the public seed ρ by SampleNTT (FIPS 203 Alg. 7), is made on
// a second core (SecondCore) while this core samples the noise, transforms
// it and does the KEM's hashing; this core then combines the two. Every
// result is bit-exact with the single-core pqlab::mlkem functions.
//
// What moves to the worker is public (ρ and Â): no secret is ever on the
// worker's stack or in the hand-off. The secrets stay on the calling core
// and are wiped as in the single-core path (WipeOnExit).
//
// The hook for another K-PKE variant with the same arithmetic (Kyber-90s,
// whose XOF and PRF are AES-256-CTR): a PkeSteps<P> with its own
// sample_matrix / keygen_noise / encrypt_noise, passed to kpke_keygen and
// kpke_encrypt below, and the variant's own hashing around them (three
// short functions like keygen_derand / encaps_derand / decaps here).
#pragma once
#include <cstdint>
#include <span>

#include "common/wipe.hpp"
#include "mlkem/kpke.hpp"
#include "pqlab/mlkem.hpp"
#include "pqlab/random.hpp"
#include "pqlab/status.hpp"
#include "twocore/second_core.hpp"

namespace pqlab::lab::twocore {

// The steps of K-PKE that a two-core operation places, for a parameter set P
// (k, η1, η2, d_u, d_v as ML-KEM's).
template <class P>
struct PkeSteps {
  // Â (transposed = false) or Âᵀ from ρ: the work moved to the second core.
  // Public data only.
  void (*sample_matrix)(mlkem::Matrix<P::k>& a, std::span<const std::uint8_t, 32> rho, bool transposed);
  // K-PKE.KeyGen's ŝ, ê from σ, and K-PKE.Encrypt's y, e1, e2, ŷ from r:
  // secret, kept on the calling core.
  void (*keygen_noise)(mlkem::KeygenNoise<P>& out, std::span<const std::uint8_t, 32> sigma);
  void (*encrypt_noise)(mlkem::EncryptNoise<P>& out, std::span<const std::uint8_t, 32> r);
};

// ML-KEM's steps: SHAKE128 for Â, SHAKE256 for the noise (FIPS 203 §4.1).
template <class P>
inline constexpr PkeSteps<P> mlkem_steps = {[](mlkem::Matrix<P::k>& a, std::span<const std::uint8_t, 32> rho,
                                               bool transposed) {
  mlkem::sample_matrix_vartime<P::k>(a, rho, transposed, nullptr);
                                            },
                                            &mlkem::kpke_keygen_noise<P>, &mlkem::kpke_encrypt_noise<P>};

// K-PKE.KeyGen (FIPS 203 Alg. 13) from line 2, given ρ (public, declassified)
// and σ: Â on the second core beside ŝ, ê here, then t̂ = Â ∘ ŝ + ê.
template <class P>
void kpke_keygen(SecondCore& core, const PkeSteps<P>& steps, std::span<std::uint8_t, P::ek_bytes> ek,
                 std::span<std::uint8_t, mlkem::dk_pke_bytes<P>> dk_pke, std::span<const std::uint8_t, 32> rho,
                 std::span<const std::uint8_t, 32> sigma);

// K-PKE.Encrypt (Alg. 14): Âᵀ from ek's ρ on the second core, while here
// prepare() runs (the KEM's hashing that writes m and r, which need not be
// ready before), then the noise from r; then u and v into c.
template <class P, class Prepare>
void kpke_encrypt(SecondCore& core, const PkeSteps<P>& steps, std::span<std::uint8_t, P::ct_bytes> c,
                  std::span<const std::uint8_t, P::ek_bytes> ek, std::span<const std::uint8_t, 32> m,
                  std::span<const std::uint8_t, 32> r, Prepare&& prepare);

// ML-KEM (FIPS 203 Alg. 16–21) on two cores; same contracts and results as
// pqlab::mlkem::keygen_derand, keygen, encaps_derand, encaps and decaps.
// `core` serves one operation at a time.
template <class P>
Status keygen_derand(SecondCore& core, mlkem::EncapsKey<P> ek, mlkem::DecapsKey<P> dk, mlkem::Seed d, mlkem::Seed z);
template <class P>
Status keygen(SecondCore& core, mlkem::EncapsKey<P> ek, mlkem::DecapsKey<P> dk, RandomSource& rng);
template <class P>
Status encaps_derand(SecondCore& core, mlkem::Ciphertext<P> ct, mlkem::SharedSecret key, mlkem::ConstEncapsKey<P> ek,
                     mlkem::Seed m);
template <class P>
Status encaps(SecondCore& core, mlkem::Ciphertext<P> ct, mlkem::SharedSecret key, mlkem::ConstEncapsKey<P> ek,
              RandomSource& rng);
template <class P>
Status decaps(SecondCore& core, mlkem::SharedSecret key, mlkem::ConstCiphertext<P> ct, mlkem::ConstDecapsKey<P> dk);

// ---- implementation of the templates that take a callable ----

template <class P>
struct MatrixJob {
  const PkeSteps<P>* steps;
  mlkem::Matrix<P::k>* a;
  const std::uint8_t* rho;
  bool transposed;
  static void run(void* self) noexcept {
    const auto& j = *static_cast<const MatrixJob*>(self);
    j.steps->sample_matrix(*j.a, std::span<const std::uint8_t, 32>(j.rho, 32), j.transposed);
  }
};

// steps.sample_matrix(a, ρ, transposed) on the second core while here()
// runs on this one; returns when both are done.
template <class P, class Here>
void sample_matrix_beside(SecondCore& core, const PkeSteps<P>& steps, mlkem::Matrix<P::k>& a,
                          std::span<const std::uint8_t, 32> rho, bool transposed, Here&& here) {
  MatrixJob<P> job{&steps, &a, rho.data(), transposed};
  run_beside(core, &MatrixJob<P>::run, &job, here);
}

template <class P, class Prepare>
void kpke_encrypt(SecondCore& core, const PkeSteps<P>& steps, std::span<std::uint8_t, P::ct_bytes> c,
                  std::span<const std::uint8_t, P::ek_bytes> ek, std::span<const std::uint8_t, 32> m,
                  std::span<const std::uint8_t, 32> r, Prepare&& prepare) {
  mlkem::TransposedMatrix<P::k> a_t;
  mlkem::EncryptNoise<P> w;
  WipeOnExit wipe(w);
  sample_matrix_beside<P>(core, steps, a_t, ek.template last<32>(), true, [&] {
    prepare();
    steps.encrypt_noise(w, r);
  });
  mlkem::kpke_encrypt_from_noise<P>(c, ek, m, w, a_t);
}

}  // namespace pqlab::lab::twocore
