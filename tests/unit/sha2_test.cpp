// SHA-2 (FIPS 180-4), HMAC (FIPS 198-1, RFC 4231), MGF1 (RFC 8017 B.2.1)
// and the pre-hash table (FIPS 204 §5.4, FIPS 205 §10.2).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

#include "pqlab/hash.hpp"
#include "pqlab/prehash.hpp"
#include "pqlab/sha2.hpp"
#include "support/vectors.hpp"

namespace {
using namespace pqlab::hash;
using pqlab::test::Bytes;
using pqlab::test::from_hex;
using pqlab::test::to_hex;

Bytes bytes(const std::string& s) { return {s.begin(), s.end()}; }

template <class Hash>
std::string digest_hex(const Bytes& msg) {
  std::array<std::uint8_t, Hash::digest_bytes> d{};
  Hash h;
  h.absorb(msg);
  h.finalize(d);
  return to_hex(d.data(), d.size());
}

// One million 'a', absorbed in pieces of 1, 2, 3, ... 200 bytes (cycling),
// so that pieces straddle block boundaries at every offset.
template <class Hash>
std::string million_a_hex() {
  const Bytes chunk(200, 'a');
  Hash h;
  std::size_t done = 0, piece = 1;
  while (done < 1000000) {
    const std::size_t n = std::min(piece, 1000000 - done);
    h.absorb(std::span<const std::uint8_t>(chunk.data(), n));
    done += n;
    piece = piece % 200 + 1;
  }
  std::array<std::uint8_t, Hash::digest_bytes> d{};
  h.finalize(d);
  return to_hex(d.data(), d.size());
}

// FIPS 180-4 example messages (NIST CSRC "Examples with Intermediate
// Values"): "abc", the 448-bit two-block message and the 896-bit message.
const Bytes abc = bytes("abc");
const Bytes msg448 = bytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq");
const Bytes msg896 = bytes(
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu");

// Expected digests: NIST's published example values (cross-checked with
// Python's hashlib when these tests were written).
TEST(Sha2, Sha224Examples) {
  EXPECT_EQ(digest_hex<Sha224>(abc), "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
  EXPECT_EQ(digest_hex<Sha224>(msg448), "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525");
  EXPECT_EQ(digest_hex<Sha224>(msg896), "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3");
  EXPECT_EQ(million_a_hex<Sha224>(), "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67");
}

TEST(Sha2, Sha256Examples) {
  EXPECT_EQ(digest_hex<Sha256>(abc), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(digest_hex<Sha256>(msg448), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(digest_hex<Sha256>(msg896), "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  EXPECT_EQ(million_a_hex<Sha256>(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  EXPECT_EQ(digest_hex<Sha256>({}), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha2, Sha384Examples) {
  EXPECT_EQ(digest_hex<Sha384>(abc),
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7");
  EXPECT_EQ(digest_hex<Sha384>(msg448),
            "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b");
  EXPECT_EQ(digest_hex<Sha384>(msg896),
            "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039");
  EXPECT_EQ(million_a_hex<Sha384>(),
            "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985");
}

TEST(Sha2, Sha512Examples) {
  EXPECT_EQ(digest_hex<Sha512>(abc),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
            "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
  EXPECT_EQ(digest_hex<Sha512>(msg448),
            "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
            "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445");
  EXPECT_EQ(digest_hex<Sha512>(msg896),
            "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
            "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
  EXPECT_EQ(million_a_hex<Sha512>(),
            "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
            "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b");
}

TEST(Sha2, Sha512_224Examples) {
  EXPECT_EQ(digest_hex<Sha512_224>(abc), "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa");
  EXPECT_EQ(digest_hex<Sha512_224>(msg448), "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174");
  EXPECT_EQ(digest_hex<Sha512_224>(msg896), "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9");
  EXPECT_EQ(million_a_hex<Sha512_224>(), "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287");
}

TEST(Sha2, Sha512_256Examples) {
  EXPECT_EQ(digest_hex<Sha512_256>(abc), "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23");
  EXPECT_EQ(digest_hex<Sha512_256>(msg448), "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461");
  EXPECT_EQ(digest_hex<Sha512_256>(msg896), "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a");
  EXPECT_EQ(million_a_hex<Sha512_256>(), "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21");
}

// Every length 0..300 (all padding cases of both block sizes): absorbing in
// two pieces split at every point, and byte by byte, equals the one-shot.
template <class Hash, class OneShot>
void check_incremental(OneShot one_shot) {
  Bytes msg(300);
  for (std::size_t i = 0; i < msg.size(); ++i) msg[i] = static_cast<std::uint8_t>(i * 7 + 3);
  for (std::size_t len = 0; len <= msg.size(); ++len) {
    const std::span<const std::uint8_t> m(msg.data(), len);
    std::array<std::uint8_t, Hash::digest_bytes> expected{}, got{};
    one_shot(m, expected);
    for (std::size_t split = 0; split <= len; split += (len < 40 ? 1 : 13)) {
      Hash h;
      h.absorb(m.first(split));
      h.absorb(m.subspan(split));
      h.finalize(got);
      ASSERT_EQ(got, expected) << "len " << len << " split " << split;
    }
    Hash h;
    for (std::size_t i = 0; i < len; ++i) h.absorb(m.subspan(i, 1));
    h.finalize(got);
    ASSERT_EQ(got, expected) << "len " << len << " byte by byte";
    // finalize() resets: the same object hashes the message again.
    h.absorb(m);
    h.finalize(got);
    ASSERT_EQ(got, expected) << "len " << len << " after reuse";
  }
}

TEST(Sha2, IncrementalMatchesOneShot) {
  check_incremental<Sha256>([](auto m, auto& out) { sha256(m, out); });
  check_incremental<Sha512>([](auto m, auto& out) { sha512(m, out); });
  // The other variants against prehash_compute's one-shot path would be
  // circular (it uses the same classes); compare single absorb instead.
  auto single = [](auto tag) {
    using H = decltype(tag);
    return [](std::span<const std::uint8_t> m, std::array<std::uint8_t, H::digest_bytes>& out) {
      H h;
      h.absorb(m);
      h.finalize(out);
    };
  };
  check_incremental<Sha224>(single(Sha224{}));
  check_incremental<Sha384>(single(Sha384{}));
  check_incremental<Sha512_224>(single(Sha512_224{}));
  check_incremental<Sha512_256>(single(Sha512_256{}));
}

// RFC 4231 test cases 1-4, 6, 7 (case 5 tests truncation only).
struct HmacCase {
  int id;
  Bytes key, data;
  std::string sha256, sha512;
};

std::vector<HmacCase> rfc4231_cases() {
  Bytes key4;
  for (std::uint8_t i = 1; i <= 25; ++i) key4.push_back(i);
  return {
      {1, Bytes(20, 0x0b), bytes("Hi There"), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
       "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
       "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"},
      {2, bytes("Jefe"), bytes("what do ya want for nothing?"),
       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
       "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
       "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"},
      {3, Bytes(20, 0xaa), Bytes(50, 0xdd), "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
       "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
       "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb"},
      {4, key4, Bytes(50, 0xcd), "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
       "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
       "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd"},
      {6, Bytes(131, 0xaa), bytes("Test Using Larger Than Block-Size Key - Hash Key First"),
       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
       "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
       "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"},
      {7, Bytes(131, 0xaa),
       bytes("This is a test using a larger than block-size key and a larger than block-size data. "
             "The key needs to be hashed before being used by the HMAC algorithm."),
       "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
       "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
       "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"},
  };
}

TEST(Hmac, Rfc4231OneShot) {
  for (const auto& tc : rfc4231_cases()) {
    std::array<std::uint8_t, 32> mac256{};
    std::array<std::uint8_t, 64> mac512{};
    hmac_sha256(tc.key, tc.data, mac256);
    hmac_sha512(tc.key, tc.data, mac512);
    EXPECT_EQ(to_hex(mac256.data(), 32), tc.sha256) << "case " << tc.id;
    EXPECT_EQ(to_hex(mac512.data(), 64), tc.sha512) << "case " << tc.id;
  }
}

TEST(Hmac, Rfc4231IncrementalAndReuse) {
  for (const auto& tc : rfc4231_cases()) {
    HmacSha256 h256(tc.key);
    HmacSha512 h512(tc.key);
    for (int round = 0; round < 2; ++round) {  // the second round reuses the keyed objects
      for (std::size_t i = 0; i < tc.data.size(); i += 5) {
        const auto piece =
            std::span<const std::uint8_t>(tc.data).subspan(i, std::min<std::size_t>(5, tc.data.size() - i));
        h256.absorb(piece);
        h512.absorb(piece);
      }
      std::array<std::uint8_t, 32> mac256{};
      std::array<std::uint8_t, 64> mac512{};
      h256.finalize(mac256);
      h512.finalize(mac512);
      EXPECT_EQ(to_hex(mac256.data(), 32), tc.sha256) << "case " << tc.id << " round " << round;
      EXPECT_EQ(to_hex(mac512.data(), 64), tc.sha512) << "case " << tc.id << " round " << round;
    }
  }
}

// MGF1 expected values computed independently with Python's hashlib when
// this test was written:
//   def mgf1(seed, l, h):
//       out, c = b'', 0
//       while len(out) < l: out += h(seed + c.to_bytes(4, 'big')).digest(); c += 1
//       return out[:l]
// with seed = bytes(range(80)) (lengths 100 and 150) and seed = b''.
TEST(Mgf1, MatchesReference) {
  Bytes seed(80);
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i);
  Bytes out(100);
  mgf1_sha256(seed, out);
  EXPECT_EQ(to_hex(out),
            "7cb6b4ec9977d3f6ff8714387a372e2fb82be1741be1f330e662e4d78e3ea9d9e775d2fcad18c72e006dde2014c41b35"
            "aeca9462f3eb24ac4a3e0095800442c30db7718695f74c138364433ac3e2c47939031f2fc22373d629f9116be3280275"
            "9db3c4ec");
  out.assign(150, 0);
  mgf1_sha512(seed, out);
  EXPECT_EQ(to_hex(out),
            "fdcee2dc1ba46baa04a853aef9ae89d60daf8718a997604ce531dee4a01ce24640db924f8a18cb15c5de162337e4683f"
            "b661aa7df16c15208ae9a41c83d302be72f415630d2d921ede61b69c739b6acec806fbb3d397b834db6f4ee360bd9ddb"
            "f95bd61942aba32977320b0e1e6fc219c865611bee47340112a62210cbe2db9dfc954a285768d7ac138fe91c4589962d"
            "8957c857a02b");
  out.assign(33, 0);
  mgf1_sha256({}, out);
  EXPECT_EQ(to_hex(out), "df3f619804a92fdb4057192dc43dd748ea778adc52bc498ce80524c014b81119b4");
  out.assign(1, 0);
  mgf1_sha512({}, out);
  EXPECT_EQ(to_hex(out), "ec");
  out.clear();
  mgf1_sha256(seed, out);  // zero-length output is allowed and writes nothing
}

TEST(Mgf1, SeedInPiecesEqualsWholeSeed) {
  Bytes seed(80);
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i);
  const std::span<const std::uint8_t> s(seed);
  for (std::size_t len : {0u, 1u, 31u, 32u, 33u, 64u, 65u, 200u}) {
    Bytes whole256(len), pieces256(len), whole512(len), pieces512(len);
    mgf1_sha256(seed, whole256);
    mgf1_sha512(seed, whole512);
    Mgf1Sha256 m256;
    Mgf1Sha512 m512;
    for (auto piece : {s.first(16), s.subspan(16, 16), s.subspan(32)}) {
      m256.absorb_seed(piece);
      m512.absorb_seed(piece);
    }
    m256.generate(pieces256);
    m512.generate(pieces512);
    EXPECT_EQ(pieces256, whole256) << len;
    EXPECT_EQ(pieces512, whole512) << len;
    m256.generate(pieces256);  // generate() is repeatable
    EXPECT_EQ(pieces256, whole256) << len;
  }
}

// The pre-hash table: ACVP names, DER OIDs under 2.16.840.1.101.3.4.2
// (NIST CSOR hashAlgs, as listed in FIPS 204 §5.4 / FIPS 205 §10.2), sizes,
// and PH("abc") (digests as published by NIST / cross-checked with hashlib).
struct PreHashCase {
  PreHash h;
  const char* name;
  std::uint8_t oid_arc;
  std::size_t size;
  const char* abc_digest;
};
const PreHashCase prehash_cases[] = {
    {PreHash::sha2_224, "SHA2-224", 0x04, 28, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {PreHash::sha2_256, "SHA2-256", 0x01, 32, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {PreHash::sha2_384, "SHA2-384", 0x02, 48,
     "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"},
    {PreHash::sha2_512, "SHA2-512", 0x03, 64,
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
     "454d4423643ce80e2a9ac94fa54ca49f"},
    {PreHash::sha2_512_224, "SHA2-512/224", 0x05, 28, "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"},
    {PreHash::sha2_512_256, "SHA2-512/256", 0x06, 32,
     "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"},
    {PreHash::sha3_224, "SHA3-224", 0x07, 28, "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"},
    {PreHash::sha3_256, "SHA3-256", 0x08, 32, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
    {PreHash::sha3_384, "SHA3-384", 0x09, 48,
     "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25"},
    {PreHash::sha3_512, "SHA3-512", 0x0a, 64,
     "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e39340"
     "57340b4cf408d5a56592f8274eec53f0"},
    {PreHash::shake128, "SHAKE-128", 0x0b, 32, "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8"},
    {PreHash::shake256, "SHAKE-256", 0x0c, 64,
     "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739d5a15bef186a5386c75744c0527e1faa"
     "9f8726e462a12a4feb06bd8801e751e4"},
};

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

TEST(PreHash, NamesOidsSizes) {
  for (const auto& tc : prehash_cases) {
    EXPECT_EQ(prehash_name(tc.h), tc.name);
    EXPECT_EQ(prehash_from_name(tc.name), tc.h) << tc.name;
    EXPECT_EQ(prehash_from_name(lower(tc.name)), tc.h) << tc.name;
    EXPECT_EQ(prehash_digest_bytes(tc.h), tc.size) << tc.name;
    const auto oid = prehash_oid(tc.h);
    EXPECT_EQ(to_hex(oid.data(), oid.size()), "06096086480165030402" + to_hex(&tc.oid_arc, 1)) << tc.name;
  }
}

TEST(PreHash, UnknownNamesRejected) {
  for (const char* bad : {"", "SHA2", "SHA-256", "SHA256", "SHA2-256 ", "SHAKE128", "SHA2-512/384", "SHA3-2566"})
    EXPECT_FALSE(prehash_from_name(bad).has_value()) << bad;
}

TEST(PreHash, ComputeAbc) {
  for (const auto& tc : prehash_cases) {
    std::array<std::uint8_t, prehash_max_digest_bytes> out{};
    out.fill(0xee);
    const std::size_t n = prehash_compute(tc.h, abc, out);
    ASSERT_EQ(n, tc.size) << tc.name;
    EXPECT_EQ(to_hex(out.data(), n), tc.abc_digest) << tc.name;
    for (std::size_t i = n; i < out.size(); ++i) EXPECT_EQ(out[i], 0xee) << tc.name << " wrote past its digest";
  }
}

}  // namespace
