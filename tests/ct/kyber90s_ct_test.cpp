// Constant-time check of the lab's Kyber-90s subject (withdrawn round-3
// variant, lab comparison only; lab/subjects/kyber90s/), the technique of
// ct_test.cpp: secrets poisoned, run under valgrind's memcheck, zero
// reports required.
//   valgrind --error-exitcode=1 pqlab_ct_kyber90s_test
// - AES-256 (both implementations this CPU has): key expansion, ECB and
//   CTR with a secret key and secret plaintext;
// - Kyber512/768/1024-90s keygen (d, z secret), encaps (coins secret) and
//   decaps of a valid and a forged ciphertext (sk_pke and z secret), on
//   every kernel backend (portable uses the software AES, the others AES-NI
//   where present).
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "common/ct_poison.hpp"
#include "pqlab/kernels.hpp"
#include "subjects/kyber90s/aes.hpp"
#include "subjects/kyber90s/kyber90s.hpp"

namespace {

namespace k90 = pqlab::lab::kyber90s;
using pqlab::ct::declassify;
using pqlab::ct::poison;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "kyber90s_ct_test: %s\n", what.c_str());
  std::exit(2);
}

template <std::size_t N>
std::array<std::uint8_t, N> secret_bytes(std::uint8_t fill) {
  std::array<std::uint8_t, N> a;
  for (std::size_t i = 0; i < N; ++i) a[i] = static_cast<std::uint8_t>(fill + 29 * i);
  poison(a.data(), a.size());
  return a;
}

void check_aes(k90::AesImpl impl) {
  const auto key = secret_bytes<32>(0x11);
  const auto pt = secret_bytes<16 * 7>(0x42);
  std::array<std::uint8_t, 16 * 7> out;
  {
    const k90::Aes256 aes(key, impl);
    aes.encrypt_blocks(pt.data(), out.data(), 7);
    std::array<std::uint8_t, 16> counter{};
    counter[15] = 0xfe;
    aes.ctr_keystream(counter, out.data(), 5);  // public counter, secret key
    auto secret_counter = secret_bytes<16>(3);
    aes.ctr_keystream(secret_counter, out.data(), 6);
  }
  declassify(out.data(), out.size());
}

template <class S>
void check_kem() {
  const std::string name(S::name);
  const auto d = secret_bytes<32>(1), z = secret_bytes<32>(2), coins = secret_bytes<32>(3);
  std::array<std::uint8_t, S::ek_bytes> pk;
  std::array<std::uint8_t, S::dk_bytes> sk;
  k90::keygen_derand<S>(pk, sk, d, z);
  declassify(pk.data(), pk.size());                     // output: the public key
  constexpr std::size_t sk_public_offset = 384 * S::k;  // sk = sk_pke ‖ pk ‖ H(pk) ‖ z
  declassify(sk.data() + sk_public_offset, S::ek_bytes + 32);
  std::array<std::uint8_t, S::ct_bytes> ct;
  std::array<std::uint8_t, 32> ss, ss_again;
  k90::encaps_derand<S>(ct, ss, pk, coins);
  declassify(ct.data(), ct.size());  // output: the ciphertext
  k90::decaps<S>(ss_again, ct, sk);
  declassify(ss.data(), ss.size());  // outputs, compared by this test only
  declassify(ss_again.data(), ss_again.size());
  if (ss != ss_again) fail(name + ": decaps disagrees with encaps");
  ct[5] ^= 1;  // implicit rejection: the same path, z selected by mask
  k90::decaps<S>(ss_again, ct, sk);
  declassify(ss_again.data(), ss_again.size());
  if (ss == ss_again) fail(name + ": forged ciphertext gave the real key");
}

}  // namespace

int main() {
  check_aes(k90::AesImpl::software);
  if (k90::aesni_available()) check_aes(k90::AesImpl::aesni);
  if (k90::vaes_available()) check_aes(k90::AesImpl::vaes);
  for (std::string_view backend : pqlab::kernels::available()) {
    if (pqlab::kernels::select(backend) != pqlab::Status::ok) fail("cannot select " + std::string(backend));
    check_kem<k90::Kyber512_90s>();
    check_kem<k90::Kyber768_90s>();
    check_kem<k90::Kyber1024_90s>();
    std::printf("kyber90s_ct_test: %.*s (AES: %.*s) ok\n", static_cast<int>(backend.size()), backend.data(),
                static_cast<int>(k90::aes_impl_name(k90::default_aes_impl()).size()),
                k90::aes_impl_name(k90::default_aes_impl()).data());
  }
  return 0;
}
