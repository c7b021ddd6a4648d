#include "provider_support.hpp"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "tls/tls_setup.hpp"

namespace pqlab::provider_test {
namespace {
struct CtxFree {
  void operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); }
};
using Ctx = std::unique_ptr<EVP_PKEY_CTX, CtxFree>;

Bytes octet_param(EVP_PKEY* key, const char* name) {
  std::size_t len = 0;
  if (EVP_PKEY_get_octet_string_param(key, name, nullptr, 0, &len) != 1) return {};
  Bytes out(len);
  if (EVP_PKEY_get_octet_string_param(key, name, out.data(), out.size(), &len) != 1) return {};
  out.resize(len);
  return out;
}
}  // namespace

void load_test_providers() { pqlab::tls::load_providers(PQLAB_PROVIDER_DIR); }

Pkey generate(const char* name) {
  Ctx ctx(EVP_PKEY_CTX_new_from_name(nullptr, name, nullptr));
  EVP_PKEY* key = nullptr;
  if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1 || EVP_PKEY_generate(ctx.get(), &key) != 1) return nullptr;
  return Pkey(key);
}

Bytes public_key(EVP_PKEY* key) { return octet_param(key, OSSL_PKEY_PARAM_PUB_KEY); }
Bytes private_key(EVP_PKEY* key) { return octet_param(key, OSSL_PKEY_PARAM_PRIV_KEY); }

Pkey import_key(const char* name, const Bytes& pub, const Bytes& priv) {
  Ctx ctx(EVP_PKEY_CTX_new_from_name(nullptr, name, nullptr));
  if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1) return nullptr;
  OSSL_PARAM params[3];
  std::size_t n = 0;
  if (!pub.empty())
    params[n++] =
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, const_cast<std::uint8_t*>(pub.data()), pub.size());
  if (!priv.empty())
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, const_cast<std::uint8_t*>(priv.data()),
                                                    priv.size());
  params[n] = OSSL_PARAM_construct_end();
  EVP_PKEY* key = nullptr;
  const int selection = priv.empty() ? EVP_PKEY_PUBLIC_KEY : EVP_PKEY_KEYPAIR;
  if (EVP_PKEY_fromdata(ctx.get(), &key, selection, params) != 1) {
    ERR_clear_error();
    return nullptr;
  }
  return Pkey(key);
}

Encapsulation encapsulate(EVP_PKEY* key) {
  Encapsulation e;
  Ctx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr));
  std::size_t ct_len = 0, ss_len = 0;
  if (!ctx || EVP_PKEY_encapsulate_init(ctx.get(), nullptr) != 1 ||
      EVP_PKEY_encapsulate(ctx.get(), nullptr, &ct_len, nullptr, &ss_len) != 1) {
    ERR_clear_error();
    return e;
  }
  e.ciphertext.resize(ct_len);
  e.secret.resize(ss_len);
  if (EVP_PKEY_encapsulate(ctx.get(), e.ciphertext.data(), &ct_len, e.secret.data(), &ss_len) != 1) {
    ERR_clear_error();
    return e;
  }
  e.ciphertext.resize(ct_len);
  e.secret.resize(ss_len);
  e.ok = true;
  return e;
}

Encapsulation decapsulate(EVP_PKEY* key, const Bytes& ciphertext) {
  Encapsulation e;
  e.ciphertext = ciphertext;
  Ctx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr));
  std::size_t ss_len = 0;
  if (!ctx || EVP_PKEY_decapsulate_init(ctx.get(), nullptr) != 1 ||
      EVP_PKEY_decapsulate(ctx.get(), nullptr, &ss_len, ciphertext.data(), ciphertext.size()) != 1) {
    ERR_clear_error();
    return e;
  }
  e.secret.resize(ss_len);
  if (EVP_PKEY_decapsulate(ctx.get(), e.secret.data(), &ss_len, ciphertext.data(), ciphertext.size()) != 1) {
    ERR_clear_error();
    return e;
  }
  e.secret.resize(ss_len);
  e.ok = true;
  return e;
}

}  // namespace pqlab::provider_test
