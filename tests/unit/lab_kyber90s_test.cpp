// The lab's Kyber-90s subject (withdrawn round-3 variant, comparison only):
// its AES-256 against FIPS 197 / SP 800-38A and OpenSSL, the NIST AES-256
// CTR_DRBG of the KAT generator, and the round-3 known-answer files
// regenerated whole and hashed.
//
// The KAT data (tests/data/kyber90s/README.md): the SHA-256 of record 0 of
// each PQCgenKAT_kem response file is the `nistkat-sha256` that the
// pq-crystals repository publishes (tag v3.0, Kyber*-90s_META.yml); the
// SHA-256 of each whole 100-record file is that of the files regenerated
// from the tag-v3.0 reference code (../shared/vectors/kyber90s/). The test
// rebuilds each file's text from the DRBG and the library and compares both
// hashes, and decapsulates every record.
//
// The first KAT records also go through the two-core path (lab/twocore/,
// Kyber90sTwoCore).
//
// Run on the active kernel backend; ctest runs the Kyber90s* suites again
// with PQLAB_TEST_KERNELS=portable (software AES) and avx2.
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "pqlab/kernels.hpp"
#include "subjects/kyber90s/aes.hpp"
#include "subjects/kyber90s/kyber90s.hpp"
#include "twocore/kyber90s_two_core.hpp"
#include "twocore/second_core.hpp"

namespace {

namespace k90 = pqlab::lab::kyber90s;
using k90::AesImpl;
using Bytes = std::vector<std::uint8_t>;

Bytes hex(const std::string& h) {
  Bytes out;
  for (std::size_t i = 0; i + 1 < h.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(std::stoul(h.substr(i, 2), nullptr, 16)));
  return out;
}
std::string upper_hex(const std::uint8_t* p, std::size_t n) {
  static const char digits[] = "0123456789ABCDEF";
  std::string s;
  for (std::size_t i = 0; i < n; ++i) {
    s += digits[p[i] >> 4];
    s += digits[p[i] & 15];
  }
  return s;
}
std::string sha256_hex(const std::string& s) {
  std::array<std::uint8_t, 32> d;
  SHA256(reinterpret_cast<const unsigned char*>(s.data()), s.size(), d.data());
  std::string h = upper_hex(d.data(), d.size());
  for (auto& c : h) c = static_cast<char>(std::tolower(c));
  return h;
}

std::vector<AesImpl> impls() {
  std::vector<AesImpl> v{AesImpl::software};
  if (k90::aesni_available()) v.push_back(AesImpl::aesni);
  if (k90::vaes_available()) v.push_back(AesImpl::vaes);
  return v;
}

// SP 800-38A F.1.5 (ECB-AES256) and F.5.5 (CTR-AES256); the key is that of
// FIPS 197 Appendix A.3.
const Bytes k38a = hex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4");
const Bytes pt38a =
    hex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");

TEST(Kyber90sAes, Fips197AppendixC3) {
  const Bytes key = hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  const Bytes pt = hex("00112233445566778899aabbccddeeff");
  for (AesImpl impl : impls()) {
    const k90::Aes256 aes(std::span<const std::uint8_t, 32>(key.data(), 32), impl);
    ASSERT_EQ(aes.impl(), impl);
    std::array<std::uint8_t, 16> out;
    aes.encrypt_blocks(pt.data(), out.data(), 1);
    EXPECT_EQ(Bytes(out.begin(), out.end()), hex("8ea2b7ca516745bfeafc49904b496089")) << k90::aes_impl_name(impl);
  }
}

TEST(Kyber90sAes, Sp800_38aEcbAes256) {
  for (AesImpl impl : impls()) {
    const k90::Aes256 aes(std::span<const std::uint8_t, 32>(k38a.data(), 32), impl);
    Bytes out(64);
    aes.encrypt_blocks(pt38a.data(), out.data(), 4);
    EXPECT_EQ(out, hex("f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
                       "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7"))
        << k90::aes_impl_name(impl);
  }
}

TEST(Kyber90sAes, Sp800_38aCtrAes256) {
  for (AesImpl impl : impls()) {
    const k90::Aes256 aes(std::span<const std::uint8_t, 32>(k38a.data(), 32), impl);
    std::array<std::uint8_t, 16> counter;
    const Bytes t1 = hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
    std::copy(t1.begin(), t1.end(), counter.begin());
    Bytes ks(64);
    aes.ctr_keystream(counter, ks.data(), 4);
    for (std::size_t i = 0; i < 64; ++i) ks[i] ^= pt38a[i];
    EXPECT_EQ(ks, hex("601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
                      "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"))
        << k90::aes_impl_name(impl);
    EXPECT_EQ(upper_hex(counter.data(), 16), "F0F1F2F3F4F5F6F7F8F9FAFBFCFDFF03");  // inc32, four times
  }
}

// Both implementations against OpenSSL's AES-256-ECB and -CTR on varied keys
// and block counts (not multiples of four, the software pass size).
TEST(Kyber90sAes, MatchesOpenSslOnRandomInputs) {
  std::uint32_t x = 12345;
  auto next = [&] {
    x = x * 1103515245u + 12345u;
    return static_cast<std::uint8_t>(x >> 16);
  };
  for (int trial = 0; trial < 20; ++trial) {
    std::array<std::uint8_t, 32> key;
    for (auto& b : key) b = next();
    const std::size_t blocks = 1 + static_cast<std::size_t>(trial) % 11;
    Bytes pt(16 * blocks);
    for (auto& b : pt) b = next();
    std::array<std::uint8_t, 16> iv;
    for (auto& b : iv) b = next();
    iv[12] = 0xff, iv[13] = 0xff, iv[14] = 0xff, iv[15] = 0xf0;  // the 32-bit counter wraps (inc32)
    Bytes want_ecb(pt.size()), want_ctr(pt.size());
    int len = 0;
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    ASSERT_EQ(EVP_EncryptInit_ex(ctx, EVP_aes_256_ecb(), nullptr, key.data(), nullptr), 1);
    EVP_CIPHER_CTX_set_padding(ctx, 0);
    ASSERT_EQ(EVP_EncryptUpdate(ctx, want_ecb.data(), &len, pt.data(), static_cast<int>(pt.size())), 1);
    EVP_CIPHER_CTX_free(ctx);
    for (AesImpl impl : impls()) {
      const k90::Aes256 aes(key, impl);
      Bytes ecb(pt.size());
      aes.encrypt_blocks(pt.data(), ecb.data(), blocks);
      EXPECT_EQ(ecb, want_ecb) << k90::aes_impl_name(impl) << " trial " << trial;
      // CTR with inc32 against ECB of the counter blocks (OpenSSL's CTR
      // increments all 128 bits, which differs once the low 32 bits wrap).
      std::array<std::uint8_t, 16> counter = iv;
      Bytes ks(pt.size());
      aes.ctr_keystream(counter, ks.data(), blocks);
      Bytes counters;
      std::array<std::uint8_t, 16> c = iv;
      for (std::size_t b = 0; b < blocks; ++b) {
        counters.insert(counters.end(), c.begin(), c.end());
        for (int i = 15; i >= 12; --i)
          if (++c[static_cast<std::size_t>(i)] != 0) break;
      }
      const k90::Aes256 ref(key, AesImpl::software);
      Bytes want_ks(pt.size());
      EVP_CIPHER_CTX* ctx2 = EVP_CIPHER_CTX_new();
      ASSERT_EQ(EVP_EncryptInit_ex(ctx2, EVP_aes_256_ecb(), nullptr, key.data(), nullptr), 1);
      EVP_CIPHER_CTX_set_padding(ctx2, 0);
      ASSERT_EQ(EVP_EncryptUpdate(ctx2, want_ks.data(), &len, counters.data(), static_cast<int>(counters.size())), 1);
      EVP_CIPHER_CTX_free(ctx2);
      EXPECT_EQ(ks, want_ks) << k90::aes_impl_name(impl) << " trial " << trial;
      EXPECT_EQ(counter, c);
    }
  }
}

// Every implementation's CTR keystream equals the software one for every
// length up to 40 blocks (VAES's pairs and short last pass included).
TEST(Kyber90sAes, CtrLengthsAgree) {
  std::array<std::uint8_t, 32> key;
  for (std::size_t i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(7 * i + 1);
  const k90::Aes256 soft(key, AesImpl::software);
  for (AesImpl impl : impls()) {
    const k90::Aes256 aes(key, impl);
    for (std::size_t blocks = 1; blocks <= 40; ++blocks) {
      std::array<std::uint8_t, 16> c1{}, c2{};
      c1[11] = c2[11] = 9;
      c1[15] = c2[15] = 0xfa;  // the 32-bit counter wraps within the run
      c1[14] = c2[14] = c1[13] = c2[13] = c1[12] = c2[12] = 0xff;
      Bytes want(16 * blocks), got(16 * blocks);
      soft.ctr_keystream(c1, want.data(), blocks);
      aes.ctr_keystream(c2, got.data(), blocks);
      EXPECT_EQ(got, want) << k90::aes_impl_name(impl) << " " << blocks << " blocks";
      EXPECT_EQ(c2, c1);
    }
  }
}

// NIST's AES-256 CTR_DRBG without derivation function, as the KAT generator
// (PQCgenKAT_kem's rng.c) uses it: SP 800-90A §10.2.1, Update with 48
// bytes of provided data, one Update after every Generate.
class CtrDrbg {
 public:
  explicit CtrDrbg(const std::uint8_t seed[48]) { update(seed); }
  void generate(std::uint8_t* out, std::size_t n) {
    const k90::Aes256 aes(key_, k90::default_aes_impl());
    while (n > 0) {
      increment();
      std::array<std::uint8_t, 16> block;
      aes.encrypt_blocks(v_.data(), block.data(), 1);
      const std::size_t take = n < 16 ? n : 16;
      std::copy_n(block.begin(), take, out);
      out += take;
      n -= take;
    }
    update(nullptr);
  }

 private:
  void increment() {
    for (int i = 15; i >= 0; --i)
      if (++v_[static_cast<std::size_t>(i)] != 0) break;
  }
  void update(const std::uint8_t* provided) {
    std::array<std::uint8_t, 48> temp;
    {
      const k90::Aes256 aes(key_, k90::default_aes_impl());
      for (std::size_t i = 0; i < 3; ++i) {
        increment();
        aes.encrypt_blocks(v_.data(), temp.data() + 16 * i, 1);
      }
    }
    if (provided != nullptr)
      for (std::size_t i = 0; i < 48; ++i) temp[i] ^= provided[i];
    std::copy_n(temp.begin(), 32, key_.begin());
    std::copy_n(temp.begin() + 32, 16, v_.begin());
  }
  std::array<std::uint8_t, 32> key_{};
  std::array<std::uint8_t, 16> v_{};
};

struct KatHashes {
  const char* record0;  // nistkat-sha256, published in Kyber*-90s_META.yml (tag v3.0)
  const char* file;     // SHA-256 of the regenerated 100-record .rsp
};

template <class S>
void check_kat(const KatHashes& want) {
  std::array<std::uint8_t, 48> entropy;
  for (std::size_t i = 0; i < 48; ++i) entropy[i] = static_cast<std::uint8_t>(i);
  CtrDrbg outer(entropy.data());
  std::string file = "# " + std::string(S::name) + "\n\n";
  std::string record0;
  for (int count = 0; count < 100; ++count) {
    std::array<std::uint8_t, 48> seed;
    outer.generate(seed.data(), seed.size());
    CtrDrbg rng(seed.data());
    std::array<std::uint8_t, 32> d, z, coins;
    rng.generate(d.data(), 32);
    rng.generate(z.data(), 32);
    std::array<std::uint8_t, S::ek_bytes> pk;
    std::array<std::uint8_t, S::dk_bytes> sk;
    k90::keygen_derand<S>(pk, sk, d, z);
    rng.generate(coins.data(), 32);
    std::array<std::uint8_t, S::ct_bytes> ct;
    std::array<std::uint8_t, 32> ss, ss_dec;
    k90::encaps_derand<S>(ct, ss, pk, coins);
    k90::decaps<S>(ss_dec, ct, sk);
    ASSERT_EQ(ss_dec, ss) << S::name << " count " << count;
    std::string rec = "count = " + std::to_string(count) + "\nseed = " + upper_hex(seed.data(), 48) +
                      "\npk = " + upper_hex(pk.data(), pk.size()) + "\nsk = " + upper_hex(sk.data(), sk.size()) +
                      "\nct = " + upper_hex(ct.data(), ct.size()) + "\nss = " + upper_hex(ss.data(), 32) + "\n";
    if (count == 0) record0 = rec;
    file += rec + "\n";
    if (count < 10) {
      // Implicit rejection: a changed ciphertext gives KDF(z ‖ H(c')).
      ct[static_cast<std::size_t>(count) * 37 % ct.size()] ^= 0x10;
      k90::decaps<S>(ss_dec, ct, sk);
      std::array<std::uint8_t, 64> z_hc;
      std::copy(z.begin(), z.end(), z_hc.begin());
      SHA256(ct.data(), ct.size(), z_hc.data() + 32);
      std::array<std::uint8_t, 32> want_reject;
      SHA256(z_hc.data(), z_hc.size(), want_reject.data());
      EXPECT_EQ(ss_dec, want_reject) << S::name << " count " << count;
    }
  }
  EXPECT_EQ(sha256_hex(record0), want.record0) << S::name << " record 0:\n" << record0.substr(0, 300);
  EXPECT_EQ(sha256_hex(file), want.file) << S::name;
}

TEST(Kyber90sKat, Kyber512_90s) {
  check_kat<k90::Kyber512_90s>({"7bfe0653b63b3fac7ee300a6e4801046c1a3d8d445b271633b6c9d81ed125e5b",
                                "a3d271762446e5d0996aef8e8a76e714dce2ece7e0354c77212a86f398f4cf52"});
}
TEST(Kyber90sKat, Kyber768_90s) {
  check_kat<k90::Kyber768_90s>({"68bf2e3914c0b4e053cefc67dd9f10f567946da5720f0b453b347610c3cc2c0a",
                                "890176520882068007cdcc009d7651cd11c4e54b443df131ad12340e61ddd8e6"});
}
TEST(Kyber90sKat, Kyber1024_90s) {
  check_kat<k90::Kyber1024_90s>({"a1b564348a126a118fbc49a6aeaebcb74896753fd99f30eeb0f75f0b2d25115f",
                                 "0aae7ad05d260939e1235906598c04d4120e25c608c2189de90d4d026eb8101b"});
}

// The first KAT records through the two-core path: record 0's text hashes to
// the published nistkat-sha256, and every record's pk, sk, ct and ss equal
// the single-core ones; decapsulation (and its implicit rejection) agrees.
template <class S>
void check_kat_two_core(const char* record0_hash, int records) {
  namespace tc = pqlab::lab::twocore;
  tc::SecondCore core;
  std::array<std::uint8_t, 48> entropy;
  for (std::size_t i = 0; i < 48; ++i) entropy[i] = static_cast<std::uint8_t>(i);
  CtrDrbg outer(entropy.data());
  for (int count = 0; count < records; ++count) {
    std::array<std::uint8_t, 48> seed;
    outer.generate(seed.data(), seed.size());
    CtrDrbg rng(seed.data());
    std::array<std::uint8_t, 32> d, z, coins;
    rng.generate(d.data(), 32);
    rng.generate(z.data(), 32);
    rng.generate(coins.data(), 32);
    std::array<std::uint8_t, S::ek_bytes> pk, pk1;
    std::array<std::uint8_t, S::dk_bytes> sk, sk1;
    tc::kyber90s_keygen_derand<S>(core, pk, sk, d, z);
    k90::keygen_derand<S>(pk1, sk1, d, z);
    ASSERT_EQ(pk, pk1) << S::name << " count " << count;
    ASSERT_EQ(sk, sk1) << S::name << " count " << count;
    std::array<std::uint8_t, S::ct_bytes> ct, ct1;
    std::array<std::uint8_t, 32> ss, ss1, ss_dec, ss_dec1;
    tc::kyber90s_encaps_derand<S>(core, ct, ss, pk, coins);
    k90::encaps_derand<S>(ct1, ss1, pk, coins);
    ASSERT_EQ(ct, ct1) << S::name << " count " << count;
    ASSERT_EQ(ss, ss1) << S::name << " count " << count;
    tc::kyber90s_decaps<S>(core, ss_dec, ct, sk);
    ASSERT_EQ(ss_dec, ss) << S::name << " count " << count;
    if (count == 0) {
      const std::string rec = "count = 0\nseed = " + upper_hex(seed.data(), 48) +
                              "\npk = " + upper_hex(pk.data(), pk.size()) +
                              "\nsk = " + upper_hex(sk.data(), sk.size()) +
                              "\nct = " + upper_hex(ct.data(), ct.size()) + "\nss = " + upper_hex(ss.data(), 32) + "\n";
      EXPECT_EQ(sha256_hex(rec), record0_hash) << S::name << " record 0 (two cores)";
    }
    ct[static_cast<std::size_t>(count) * 37 % ct.size()] ^= 0x10;
    tc::kyber90s_decaps<S>(core, ss_dec, ct, sk);
    k90::decaps<S>(ss_dec1, ct, sk);
    EXPECT_EQ(ss_dec, ss_dec1) << S::name << " count " << count << " (implicit rejection)";
    EXPECT_NE(ss_dec, ss) << S::name << " count " << count << " (implicit rejection)";
  }
}

TEST(Kyber90sTwoCore, FirstKatRecords) {
  check_kat_two_core<k90::Kyber512_90s>("7bfe0653b63b3fac7ee300a6e4801046c1a3d8d445b271633b6c9d81ed125e5b", 5);
  check_kat_two_core<k90::Kyber768_90s>("68bf2e3914c0b4e053cefc67dd9f10f567946da5720f0b453b347610c3cc2c0a", 5);
  check_kat_two_core<k90::Kyber1024_90s>("a1b564348a126a118fbc49a6aeaebcb74896753fd99f30eeb0f75f0b2d25115f", 5);
}

// Which AES the KATs ran with on this backend (portable: software).
TEST(Kyber90sKat, AesFollowsBackend) {
  const AesImpl best = k90::aesni_available() ? AesImpl::aesni : AesImpl::software;
  EXPECT_EQ(k90::default_aes_impl(), pqlab::kernels::active_name() == "portable" ? AesImpl::software : best);
}

}  // namespace
