// pqlab provider: X25519 and ECDH (P-256, P-384) through EVP.
#include "classical.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

namespace pqlab::provider {
namespace {

struct CtxFree {
  void operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); }
};
using EvpPkeyCtx = std::unique_ptr<EVP_PKEY_CTX, CtxFree>;
struct BnFree {
  void operator()(BIGNUM* p) const { BN_clear_free(p); }
};
using Bignum = std::unique_ptr<BIGNUM, BnFree>;

const char* curve_name(Classical c) { return c == Classical::p256 ? "P-256" : "P-384"; }

bool is_ec(Classical c) { return c == Classical::p256 || c == Classical::p384; }

// Imports EC key material (public, or both) with EVP_PKEY_fromdata; the EC
// import decodes the point, which rejects points that are not on the curve.
EvpPkey ec_from_data(OSSL_LIB_CTX* libctx, Classical c, std::span<const std::uint8_t> pub,
                     const BIGNUM* priv) {
  EvpPkeyCtx ctx(EVP_PKEY_CTX_new_from_name(libctx, "EC", nullptr));
  if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0) return nullptr;
  unsigned char priv_buf[48];
  OSSL_PARAM params[4];
  std::size_t n = 0;
  params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME,
                                                 const_cast<char*>(curve_name(c)), 0);
  params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY,
                                                  const_cast<std::uint8_t*>(pub.data()),
                                                  pub.size());
  const std::size_t priv_len = classical_private_bytes(c);
  if (priv != nullptr) {
    // OSSL_PARAM integers are native-endian byte strings.
    if (BN_bn2nativepad(priv, priv_buf, static_cast<int>(priv_len)) < 0) return nullptr;
    params[n++] = OSSL_PARAM_construct_BN(OSSL_PKEY_PARAM_PRIV_KEY, priv_buf, priv_len);
  }
  params[n] = OSSL_PARAM_construct_end();
  EVP_PKEY* key = nullptr;
  const int selection = priv != nullptr ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
  const int rc = EVP_PKEY_fromdata(ctx.get(), &key, selection, params);
  OPENSSL_cleanse(priv_buf, sizeof priv_buf);
  if (rc <= 0) return nullptr;
  return EvpPkey(key);
}

}  // namespace

EvpPkey classical_generate(OSSL_LIB_CTX* libctx, Classical c) {
  EvpPkeyCtx ctx(EVP_PKEY_CTX_new_from_name(libctx, is_ec(c) ? "EC" : "X25519", nullptr));
  if (!ctx || EVP_PKEY_keygen_init(ctx.get()) <= 0) return nullptr;
  if (is_ec(c) && EVP_PKEY_CTX_set_group_name(ctx.get(), curve_name(c)) <= 0) return nullptr;
  EVP_PKEY* key = nullptr;
  if (EVP_PKEY_generate(ctx.get(), &key) <= 0) return nullptr;
  return EvpPkey(key);
}

PublicBytes classical_public(EVP_PKEY* key, Classical c) {
  PublicBytes out(classical_public_bytes(c));
  std::size_t len = 0;
  // X25519: the raw key; EC: the point in the default (uncompressed) format.
  if (EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, out.data(),
                                      out.size(), &len) <= 0 ||
      len != out.size())
    return {};
  return out;
}

EvpPkey classical_public_from_bytes(OSSL_LIB_CTX* libctx, Classical c,
                                    std::span<const std::uint8_t> bytes) {
  if (bytes.size() != classical_public_bytes(c)) return nullptr;
  if (c == Classical::x25519)
    return EvpPkey(
        EVP_PKEY_new_raw_public_key_ex(libctx, "X25519", nullptr, bytes.data(), bytes.size()));
  // draft-ietf-tls-ecdhe-mlkem: the ECDH share is an uncompressed point.
  if (bytes[0] != 0x04) return nullptr;
  return ec_from_data(libctx, c, bytes, nullptr);
}

bool classical_derive(OSSL_LIB_CTX* libctx, EVP_PKEY* own, EVP_PKEY* peer,
                      std::span<std::uint8_t> out) {
  EvpPkeyCtx ctx(EVP_PKEY_CTX_new_from_pkey(libctx, own, nullptr));
  if (!ctx || EVP_PKEY_derive_init(ctx.get()) <= 0) return false;
  // validate_peer = 1: the default provider's public-key check runs on the peer.
  if (EVP_PKEY_derive_set_peer_ex(ctx.get(), peer, 1) <= 0) return false;
  std::size_t len = out.size();
  if (EVP_PKEY_derive(ctx.get(), out.data(), &len) <= 0) return false;
  return len == out.size();
}

SecretBytes classical_private(EVP_PKEY* key, Classical c) {
  SecretBytes out(classical_private_bytes(c));
  if (c == Classical::x25519) {
    std::size_t len = out.size();
    if (EVP_PKEY_get_raw_private_key(key, out.data(), &len) <= 0 || len != out.size()) return {};
    return out;
  }
  BIGNUM* raw = nullptr;
  if (EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_PRIV_KEY, &raw) <= 0) return {};
  Bignum priv(raw);
  if (BN_bn2binpad(priv.get(), out.data(), static_cast<int>(out.size())) < 0) return {};
  return out;
}

EvpPkey classical_from_private(OSSL_LIB_CTX* libctx, Classical c,
                               std::span<const std::uint8_t> priv,
                               std::span<const std::uint8_t> pub) {
  if (priv.size() != classical_private_bytes(c) || pub.size() != classical_public_bytes(c))
    return nullptr;
  EvpPkey key;
  if (c == Classical::x25519) {
    key.reset(EVP_PKEY_new_raw_private_key_ex(libctx, "X25519", nullptr, priv.data(), priv.size()));
  } else {
    if (pub[0] != 0x04) return nullptr;
    Bignum scalar(BN_bin2bn(priv.data(), static_cast<int>(priv.size()), nullptr));
    if (!scalar) return nullptr;
    key = ec_from_data(libctx, c, pub, scalar.get());
  }
  if (!key) return nullptr;
  // The public key given must be the one that belongs to the private key:
  // X25519 recomputes it from the private key, EC gets a pairwise check.
  if (c == Classical::x25519) {
    const PublicBytes actual = classical_public(key.get(), c);
    if (actual.size() != pub.size() || CRYPTO_memcmp(actual.data(), pub.data(), pub.size()) != 0)
      return nullptr;
  } else {
    EvpPkeyCtx check(EVP_PKEY_CTX_new_from_pkey(libctx, key.get(), nullptr));
    if (!check || EVP_PKEY_pairwise_check(check.get()) <= 0) return nullptr;
  }
  return key;
}

}  // namespace pqlab::provider
