// The C API (include/pqlab/pqlab.h) from C++: the handle functions, the
// size macros against the registry, the checks on NULL buffers, lengths and
// kinds, and agreement with the registry's own calls. The known-answer
// tests from C and Python on the installed library are in tests/install/.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "pqlab/pqlab.h"
#include "pqlab/registry.hpp"

namespace {

using Buf = std::vector<std::uint8_t>;

TEST(CApi, AlgorithmsMatchTheRegistry) {
  const auto all = pqlab::algorithms();
  ASSERT_EQ(pqlab_algorithm_count(), all.size());
  EXPECT_EQ(pqlab_algorithm_at(all.size()), nullptr);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const pqlab_algorithm* a = pqlab_algorithm_at(i);
    ASSERT_NE(a, nullptr);
    // The names are NUL-terminated where the registry's string_view ends.
    EXPECT_EQ(std::strlen(pqlab_algorithm_name(a)), all[i].name.size());
    EXPECT_EQ(std::string(pqlab_algorithm_name(a)), std::string(all[i].name));
    EXPECT_EQ(std::string(pqlab_algorithm_standard(a)), std::string(all[i].standard));
    EXPECT_EQ(pqlab_algorithm_find(pqlab_algorithm_name(a)), a);
    EXPECT_EQ(pqlab_algorithm_kind(a), all[i].kind == pqlab::Kind::kem ? PQLAB_KIND_KEM : PQLAB_KIND_SIGNATURE);
    EXPECT_EQ(pqlab_public_key_bytes(a), all[i].public_key_bytes);
    EXPECT_EQ(pqlab_secret_key_bytes(a), all[i].secret_key_bytes);
    EXPECT_EQ(pqlab_ciphertext_bytes(a), all[i].ciphertext_bytes);
    EXPECT_EQ(pqlab_shared_secret_bytes(a), all[i].shared_secret_bytes);
    EXPECT_EQ(pqlab_signature_bytes(a), all[i].signature_bytes);
    EXPECT_EQ(pqlab_seed_bytes(a), all[i].seed_bytes);
  }
  EXPECT_EQ(pqlab_algorithm_find("MLKEM768"), pqlab_algorithm_find("ML-KEM-768"));
  EXPECT_EQ(pqlab_algorithm_find("id-ml-dsa-87"), pqlab_algorithm_find("ML-DSA-87"));
  EXPECT_EQ(pqlab_algorithm_find("nope"), nullptr);
  EXPECT_EQ(pqlab_algorithm_find(nullptr), nullptr);
  EXPECT_EQ(pqlab_algorithm_name(nullptr), nullptr);
  EXPECT_EQ(pqlab_public_key_bytes(nullptr), 0u);
}

TEST(CApi, SizeMacros) {
  struct Expect {
    const char* name;
    std::size_t pk, sk, ct_or_sig;
  };
  const Expect kems[] = {{"ML-KEM-512", PQLAB_ML_KEM_512_PUBLIC_KEY_BYTES, PQLAB_ML_KEM_512_SECRET_KEY_BYTES,
                          PQLAB_ML_KEM_512_CIPHERTEXT_BYTES},
                         {"ML-KEM-768", PQLAB_ML_KEM_768_PUBLIC_KEY_BYTES, PQLAB_ML_KEM_768_SECRET_KEY_BYTES,
                          PQLAB_ML_KEM_768_CIPHERTEXT_BYTES},
                         {"ML-KEM-1024", PQLAB_ML_KEM_1024_PUBLIC_KEY_BYTES, PQLAB_ML_KEM_1024_SECRET_KEY_BYTES,
                          PQLAB_ML_KEM_1024_CIPHERTEXT_BYTES}};
  for (const Expect& e : kems) {
    const pqlab_algorithm* a = pqlab_algorithm_find(e.name);
    EXPECT_EQ(pqlab_public_key_bytes(a), e.pk) << e.name;
    EXPECT_EQ(pqlab_secret_key_bytes(a), e.sk) << e.name;
    EXPECT_EQ(pqlab_ciphertext_bytes(a), e.ct_or_sig) << e.name;
    EXPECT_EQ(pqlab_shared_secret_bytes(a), std::size_t{PQLAB_ML_KEM_SHARED_SECRET_BYTES}) << e.name;
    EXPECT_EQ(pqlab_seed_bytes(a), std::size_t{PQLAB_ML_KEM_SEED_BYTES}) << e.name;
  }
  const Expect dsas[] = {{"ML-DSA-44", PQLAB_ML_DSA_44_PUBLIC_KEY_BYTES, PQLAB_ML_DSA_44_SECRET_KEY_BYTES,
                          PQLAB_ML_DSA_44_SIGNATURE_BYTES},
                         {"ML-DSA-65", PQLAB_ML_DSA_65_PUBLIC_KEY_BYTES, PQLAB_ML_DSA_65_SECRET_KEY_BYTES,
                          PQLAB_ML_DSA_65_SIGNATURE_BYTES},
                         {"ML-DSA-87", PQLAB_ML_DSA_87_PUBLIC_KEY_BYTES, PQLAB_ML_DSA_87_SECRET_KEY_BYTES,
                          PQLAB_ML_DSA_87_SIGNATURE_BYTES}};
  for (const Expect& e : dsas) {
    const pqlab_algorithm* a = pqlab_algorithm_find(e.name);
    EXPECT_EQ(pqlab_public_key_bytes(a), e.pk) << e.name;
    EXPECT_EQ(pqlab_secret_key_bytes(a), e.sk) << e.name;
    EXPECT_EQ(pqlab_signature_bytes(a), e.ct_or_sig) << e.name;
    EXPECT_EQ(pqlab_seed_bytes(a), std::size_t{PQLAB_ML_DSA_SEED_BYTES}) << e.name;
  }
  std::size_t pk = 0, sk = 0, ct = 0, ss = 0, sig = 0, seed = 0;
  for (const pqlab::Algorithm& a : pqlab::algorithms()) {
    pk = std::max(pk, a.public_key_bytes);
    sk = std::max(sk, a.secret_key_bytes);
    ct = std::max(ct, a.ciphertext_bytes);
    ss = std::max(ss, a.shared_secret_bytes);
    sig = std::max(sig, a.signature_bytes);
    seed = std::max(seed, a.seed_bytes);
  }
  EXPECT_EQ(pk, std::size_t{PQLAB_MAX_PUBLIC_KEY_BYTES});
  EXPECT_EQ(sk, std::size_t{PQLAB_MAX_SECRET_KEY_BYTES});
  EXPECT_EQ(ct, std::size_t{PQLAB_MAX_CIPHERTEXT_BYTES});
  EXPECT_EQ(ss, std::size_t{PQLAB_MAX_SHARED_SECRET_BYTES});
  EXPECT_EQ(sig, std::size_t{PQLAB_MAX_SIGNATURE_BYTES});
  EXPECT_EQ(seed, std::size_t{PQLAB_MAX_SEED_BYTES});
}

TEST(CApi, StatusStrings) {
  EXPECT_STREQ(pqlab_status_string(PQLAB_OK), pqlab::describe(pqlab::Status::ok));
  EXPECT_STREQ(pqlab_status_string(PQLAB_INVALID_SIGNATURE), pqlab::describe(pqlab::Status::invalid_signature));
  EXPECT_STREQ(pqlab_status_string(PQLAB_UNSUPPORTED), pqlab::describe(pqlab::Status::unsupported));
  EXPECT_STREQ(pqlab_status_string(static_cast<pqlab_status>(7)), "unknown status");
  EXPECT_STRNE(pqlab_version(), "");
}

// Every KEM: a deterministic key pair and encapsulation equal the registry's,
// decapsulation recovers the secret; the argument checks.
TEST(CApi, KemsAgreeWithTheRegistry) {
  for (const pqlab::Algorithm& r : pqlab::algorithms()) {
    if (r.kind != pqlab::Kind::kem) continue;
    const pqlab_algorithm* a = pqlab_algorithm_find(std::string(r.name).c_str());
    Buf seed(r.seed_bytes, 0x5a), m(32, 0x33);
    Buf pk(r.public_key_bytes), sk(r.secret_key_bytes), pk2(pk.size()), sk2(sk.size());
    ASSERT_EQ(pqlab_keygen_from_seed(a, pk.data(), pk.size(), sk.data(), sk.size(), seed.data(), seed.size()),
              PQLAB_OK);
    ASSERT_EQ(r.kem->keygen_from_seed(pk2, sk2, seed), pqlab::Status::ok);
    EXPECT_EQ(pk, pk2);
    EXPECT_EQ(sk, sk2);
    Buf ct(r.ciphertext_bytes), ss(r.shared_secret_bytes), ct2(ct.size()), ss2(ss.size());
    ASSERT_EQ(pqlab_kem_encaps_derand(a, ct.data(), ct.size(), ss.data(), ss.size(), pk.data(), pk.size(), m.data(),
                                      m.size()),
              PQLAB_OK);
    ASSERT_EQ(r.kem->encaps_derand(ct2, ss2, pk, m), pqlab::Status::ok);
    EXPECT_EQ(ct, ct2);
    EXPECT_EQ(ss, ss2);
    Buf back(ss.size());
    ASSERT_EQ(pqlab_kem_decaps(a, back.data(), back.size(), ct.data(), ct.size(), sk.data(), sk.size()), PQLAB_OK);
    EXPECT_EQ(back, ss);
    // Lengths, NULL buffers, the NULL handle.
    EXPECT_EQ(pqlab_kem_decaps(a, back.data(), back.size(), ct.data(), ct.size() - 1, sk.data(), sk.size()),
              PQLAB_INVALID_LENGTH);
    EXPECT_EQ(pqlab_kem_decaps(a, back.data(), back.size() + 1, ct.data(), ct.size(), sk.data(), sk.size()),
              PQLAB_INVALID_LENGTH);
    EXPECT_EQ(pqlab_kem_decaps(a, back.data(), back.size(), nullptr, ct.size(), sk.data(), sk.size()),
              PQLAB_INVALID_ARGUMENT);
    EXPECT_EQ(pqlab_kem_decaps(nullptr, back.data(), back.size(), ct.data(), ct.size(), sk.data(), sk.size()),
              PQLAB_INVALID_ARGUMENT);
    EXPECT_EQ(pqlab_kem_encaps(a, ct.data(), ct.size(), ss.data(), ss.size(), nullptr, 0), PQLAB_INVALID_LENGTH);
    EXPECT_EQ(pqlab_keygen(a, pk.data(), pk.size(), sk.data(), sk.size() + 1), PQLAB_INVALID_LENGTH);
    EXPECT_EQ(pqlab_sign(a, ct.data(), ct.size(), nullptr, 0, nullptr, 0, sk.data(), sk.size(), 0), PQLAB_UNSUPPORTED);
  }
}

// Every signature scheme: a deterministic key pair and signature equal the
// registry's; verify accepts it and refuses changes; the argument checks.
TEST(CApi, SignaturesAgreeWithTheRegistry) {
  const std::array<std::uint8_t, 5> msg{1, 2, 3, 4, 5};
  const std::array<std::uint8_t, 3> ctx{9, 8, 7};
  for (const pqlab::Algorithm& r : pqlab::algorithms()) {
    if (r.kind != pqlab::Kind::signature) continue;
    // The 's' sets of SLH-DSA sign slowly (seconds under the sanitizers);
    // their C calls are the same code as the 'f' sets'.
    if (r.name.starts_with("SLH-DSA") && r.name.ends_with("s")) continue;
    const pqlab_algorithm* a = pqlab_algorithm_find(std::string(r.name).c_str());
    Buf seed(r.seed_bytes, 0x42), pk(r.public_key_bytes), sk(r.secret_key_bytes);
    ASSERT_EQ(pqlab_keygen_from_seed(a, pk.data(), pk.size(), sk.data(), sk.size(), seed.data(), seed.size()),
              PQLAB_OK);
    Buf sig(r.signature_bytes), sig2(sig.size());
    ASSERT_EQ(pqlab_sign(a, sig.data(), sig.size(), msg.data(), msg.size(), ctx.data(), ctx.size(), sk.data(),
                         sk.size(), PQLAB_SIGN_DETERMINISTIC),
              PQLAB_OK)
        << r.name;
    pqlab::SignOptions opt;
    opt.context = ctx;
    opt.mode = pqlab::SignMode::deterministic;
    ASSERT_EQ(r.sig->sign(sig2, msg, sk, opt, pqlab::system_random()), pqlab::Status::ok);
    EXPECT_EQ(sig, sig2) << r.name;
    EXPECT_EQ(pqlab_verify(a, sig.data(), sig.size(), msg.data(), msg.size(), ctx.data(), ctx.size(), pk.data(),
                           pk.size()),
              PQLAB_OK)
        << r.name;
    EXPECT_EQ(pqlab_verify(a, sig.data(), sig.size(), msg.data(), msg.size(), nullptr, 0, pk.data(), pk.size()),
              PQLAB_INVALID_SIGNATURE)
        << r.name;
    EXPECT_EQ(pqlab_verify(a, sig.data(), sig.size() - 1, msg.data(), msg.size(), ctx.data(), ctx.size(), pk.data(),
                           pk.size()),
              PQLAB_INVALID_SIGNATURE)
        << r.name;
    EXPECT_EQ(pqlab_verify(a, sig.data(), sig.size(), msg.data(), msg.size(), ctx.data(), ctx.size(), pk.data(),
                           pk.size() - 1),
              PQLAB_INVALID_LENGTH)
        << r.name;
    // Hedged signing differs from the deterministic one but verifies.
    ASSERT_EQ(pqlab_sign(a, sig2.data(), sig2.size(), msg.data(), msg.size(), nullptr, 0, sk.data(), sk.size(),
                         PQLAB_SIGN_HEDGED),
              PQLAB_OK);
    EXPECT_EQ(pqlab_verify(a, sig2.data(), sig2.size(), msg.data(), msg.size(), nullptr, 0, pk.data(), pk.size()),
              PQLAB_OK);
    // Pre-hash variants.
    ASSERT_EQ(pqlab_hash_sign(a, sig.data(), sig.size(), msg.data(), msg.size(), nullptr, 0, "SHA2-256", sk.data(),
                              sk.size(), PQLAB_SIGN_DETERMINISTIC),
              PQLAB_OK);
    EXPECT_EQ(pqlab_hash_verify(a, sig.data(), sig.size(), msg.data(), msg.size(), nullptr, 0, "SHA2-256", pk.data(),
                                pk.size()),
              PQLAB_OK);
    EXPECT_EQ(pqlab_verify(a, sig.data(), sig.size(), msg.data(), msg.size(), nullptr, 0, pk.data(), pk.size()),
              PQLAB_INVALID_SIGNATURE);
    EXPECT_EQ(pqlab_hash_verify(a, sig.data(), sig.size(), msg.data(), msg.size(), nullptr, 0, "SHA2-257", pk.data(),
                                pk.size()),
              PQLAB_UNSUPPORTED);
    EXPECT_EQ(pqlab_hash_verify(a, sig.data(), sig.size(), msg.data(), msg.size(), nullptr, 0, "", pk.data(),
                                pk.size()),
              PQLAB_UNSUPPORTED);
    EXPECT_EQ(pqlab_hash_verify(a, sig.data(), sig.size(), msg.data(), msg.size(), nullptr, 0, nullptr, pk.data(),
                                pk.size()),
              PQLAB_INVALID_ARGUMENT);
    // Argument checks.
    Buf long_ctx(256);
    EXPECT_EQ(pqlab_sign(a, sig.data(), sig.size(), msg.data(), msg.size(), long_ctx.data(), long_ctx.size(), sk.data(),
                         sk.size(), 0),
              PQLAB_INVALID_ARGUMENT);
    EXPECT_EQ(pqlab_sign(a, sig.data(), sig.size(), nullptr, 1, nullptr, 0, sk.data(), sk.size(), 0),
              PQLAB_INVALID_ARGUMENT);
    EXPECT_EQ(pqlab_sign(a, sig.data(), sig.size(), msg.data(), msg.size(), nullptr, 0, sk.data(), sk.size(), 4u),
              PQLAB_INVALID_ARGUMENT);
    EXPECT_EQ(pqlab_sign(a, sig.data(), sig.size() + 1, msg.data(), msg.size(), nullptr, 0, sk.data(), sk.size(), 0),
              PQLAB_INVALID_LENGTH);
    EXPECT_EQ(pqlab_kem_encaps(a, sig.data(), 10, sig.data(), 10, pk.data(), pk.size()), PQLAB_UNSUPPORTED);
    // An empty message is a message.
    ASSERT_EQ(pqlab_sign(a, sig.data(), sig.size(), nullptr, 0, nullptr, 0, sk.data(), sk.size(), 0), PQLAB_OK);
    EXPECT_EQ(pqlab_verify(a, sig.data(), sig.size(), nullptr, 0, nullptr, 0, pk.data(), pk.size()), PQLAB_OK);
  }
}

}  // namespace
