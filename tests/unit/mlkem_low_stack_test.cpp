// ML-KEM's low-stack path (src/mlkem/low_stack.hpp, the firmware's
// PQLAB_FIRMWARE_MLKEM_LOW_STACK) against the default one: for every
// parameter set and several seeds, KeyGen_internal, Encaps_internal and
// Decaps (valid and tampered ciphertexts, i.e. implicit rejection) must give
// byte-identical keys, ciphertexts and shared secrets. The host build does
// not route the public API through it, so this calls it directly.
#include <gtest/gtest.h>

#include <array>

#include "mlkem/low_stack.hpp"
#include "pqlab/mlkem.hpp"

namespace {

using pqlab::Status;
namespace mlkem = pqlab::mlkem;
namespace low_stack = pqlab::mlkem::low_stack;

template <class P>
void check_same(unsigned seed) {
  std::array<std::uint8_t, 32> d, z, m;
  for (std::size_t b = 0; b < 32; ++b) {
    d[b] = static_cast<std::uint8_t>(31 * seed + b);
    z[b] = static_cast<std::uint8_t>(7 * seed + 3 * b + 1);
    m[b] = static_cast<std::uint8_t>(13 * seed + 5 * b + 2);
  }
  std::array<std::uint8_t, P::ek_bytes> ek, ek_ls;
  std::array<std::uint8_t, P::dk_bytes> dk, dk_ls;
  ASSERT_EQ(mlkem::keygen_derand<P>(ek, dk, d, z), Status::ok);
  ASSERT_EQ(low_stack::keygen_derand<P>(ek_ls, dk_ls, d, z), Status::ok);
  EXPECT_EQ(ek, ek_ls);
  EXPECT_EQ(dk, dk_ls);

  std::array<std::uint8_t, P::ct_bytes> ct, ct_ls;
  std::array<std::uint8_t, 32> key, key_ls;
  ASSERT_EQ(mlkem::encaps_derand<P>(ct, key, ek, m), Status::ok);
  ASSERT_EQ(low_stack::encaps_derand<P>(ct_ls, key_ls, ek, m), Status::ok);
  EXPECT_EQ(ct, ct_ls);
  EXPECT_EQ(key, key_ls);

  std::array<std::uint8_t, 32> out, out_ls;
  ASSERT_EQ(mlkem::decaps<P>(out, ct, dk), Status::ok);
  ASSERT_EQ(low_stack::decaps<P>(out_ls, ct, dk), Status::ok);
  EXPECT_EQ(out, key);
  EXPECT_EQ(out_ls, key);
  // Implicit rejection: a flipped bit in u, then in v.
  for (const std::size_t at : {std::size_t{seed % 64}, std::size_t{P::ct_bytes - 1 - seed % 16}}) {
    ct[at] ^= 0x04;
    ASSERT_EQ(mlkem::decaps<P>(out, ct, dk), Status::ok);
    ASSERT_EQ(low_stack::decaps<P>(out_ls, ct, dk), Status::ok);
    EXPECT_NE(out, key);
    EXPECT_EQ(out, out_ls);
    // Without the hash check (a key checked before): the same key.
    ASSERT_EQ(low_stack::decaps<P>(out_ls, ct, dk, false), Status::ok);
    EXPECT_EQ(out, out_ls);
    ct[at] ^= 0x04;
  }
  // The checks: a bad encapsulation key and a decapsulation key whose H(ek)
  // does not match are refused as by the default path.
  ek[0] = 0xff;
  ek[1] |= 0x0f;  // first 12-bit value 0xfff ≥ q
  EXPECT_EQ(low_stack::encaps_derand<P>(ct_ls, key_ls, ek, m), Status::invalid_key);
  dk[P::dk_bytes - 40] ^= 1;  // inside the stored H(ek)
  EXPECT_EQ(low_stack::decaps<P>(out_ls, ct, dk), mlkem::decaps<P>(out, ct, dk));
  EXPECT_NE(low_stack::decaps<P>(out_ls, ct, dk), Status::ok);
}

TEST(MlkemLowStack, SameAsDefaultPath) {
  for (unsigned seed = 0; seed < 4; ++seed) {
    check_same<mlkem::MLKEM512>(seed);
    check_same<mlkem::MLKEM768>(seed);
    check_same<mlkem::MLKEM1024>(seed);
  }
}

}  // namespace
