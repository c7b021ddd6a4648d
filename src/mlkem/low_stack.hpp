// ML-KEM in little stack (the Cortex-M4 firmware's low-stack option,
// PQLAB_MLKEM_LOW_STACK): K-PKE (FIPS 203 Alg. 13–15) streamed polynomial
// by polynomial, so that no vector or matrix of polynomials is ever held.
// Each entry of Â is sampled with one SHAKE128 sponge where it is used;
// the noise polynomials are sampled with one SHAKE256 sponge where they are
// used (encryption's ŷ_j once per row of Âᵀ, k times in all); key
// generation keeps ŝ in its output dk_pke, encoded, and decodes it per
// row; decapsulation compares the re-encryption with c piece by piece
// instead of holding c'. At most three polynomials (1.5 KB) are live.
// The outputs are bit-identical to the default path's (every value is
// encoded from its canonical representative).
#pragma once
#include <cstdint>
#include <span>

#include "mlkem/kpke.hpp"
#include "pqlab/mlkem.hpp"

namespace pqlab::mlkem::low_stack {

// FIPS 203 Alg. 16 (ML-KEM.KeyGen_internal) with Alg. 13 streamed.
template <class P>
Status keygen_derand(EncapsKey<P> ek, DecapsKey<P> dk, Seed d, Seed z);
// FIPS 203 Alg. 17 (ML-KEM.Encaps_internal) with Alg. 14 streamed; the §7.2
// check first.
template <class P>
Status encaps_derand(Ciphertext<P> ct, SharedSecret key, ConstEncapsKey<P> ek, Seed m);
// FIPS 203 Alg. 21 / 18 (ML-KEM.Decaps) with Alg. 15 and the re-encryption
// streamed; the §7.3 hash check first unless hash_check is false (a key
// that check_decaps_key has passed).
template <class P>
Status decaps(SharedSecret key, ConstCiphertext<P> ct, ConstDecapsKey<P> dk, bool hash_check = true);

}  // namespace pqlab::mlkem::low_stack
