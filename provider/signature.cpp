// pqlab provider: the signature operation (provider-signature(7)) for ML-DSA
// and SLH-DSA, pure mode only: EVP_PKEY_sign/verify on the raw message, and
// EVP_DigestSign/Verify (one-shot, or update/final with the message kept
// until final) with no digest. Context parameters as in OpenSSL 3.5:
// `context-string` (0..255 bytes), `deterministic` (1: FIPS 204 §3.4 /
// FIPS 205 §10.2 deterministic variant), `message-encoding` (1 only:
// pure), and the gettable `algorithm-id` X.509 signing writes.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/x509.h>

#include <cstring>
#include <vector>

#include "dispatch.hpp"
#include "pqlab/random.hpp"
#include "sig_key.hpp"

namespace pqlab::provider {
namespace {

struct SigContext {
  const ProviderContext* provider = nullptr;
  const SigKey* key = nullptr;  // owned by the EVP_PKEY the caller holds
  std::vector<std::uint8_t> context_string;
  bool deterministic = false;
  std::vector<std::uint8_t> message;  // DigestSign/Verify update: the message so far
};

SigContext* as_ctx(void* p) { return static_cast<SigContext*>(p); }

void* ctx_new(void* provctx, const char*) {
  return guarded<void*>(nullptr, [&]() -> void* {
    auto* ctx = new SigContext{};
    ctx->provider = static_cast<ProviderContext*>(provctx);
    return ctx;
  });
}

void ctx_free(void* ctx) { delete as_ctx(ctx); }

void* ctx_dup(void* ctx) {
  return guarded<void*>(nullptr, [&]() -> void* { return new SigContext{*as_ctx(ctx)}; });
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  return guarded(0, [&] {
    SigContext* ctx = as_ctx(vctx);
    if (ctx == nullptr) return 0;
    if (params == nullptr) return 1;
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, PQLAB_PARAM_CONTEXT_STRING);
    if (p != nullptr) {
      if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size > 255 ||
          (p->data == nullptr && p->data_size != 0)) {
        raise_error(reason_bad_parameter,
                    "context-string must be an octet string of at most 255 bytes");
        return 0;
      }
      const auto* b = static_cast<const std::uint8_t*>(p->data);
      ctx->context_string.assign(b, b + p->data_size);
    }
    p = OSSL_PARAM_locate_const(params, PQLAB_PARAM_DETERMINISTIC);
    if (p != nullptr) {
      int v = 0;
      if (!OSSL_PARAM_get_int(p, &v)) {
        raise_error(reason_bad_parameter, "deterministic must be an integer");
        return 0;
      }
      ctx->deterministic = v != 0;
    }
    p = OSSL_PARAM_locate_const(params, PQLAB_PARAM_MESSAGE_ENCODING);
    if (p != nullptr) {
      int v = 0;
      if (!OSSL_PARAM_get_int(p, &v) || v != 1) {
        raise_error(reason_unsupported,
                    "only message-encoding 1 (pure, with context) is supported");
        return 0;
      }
    }
    return 1;
  });
}

const OSSL_PARAM* settable_ctx_params(void*, void*) {
  static const OSSL_PARAM settable[] = {OSSL_PARAM_octet_string(PQLAB_PARAM_CONTEXT_STRING, nullptr,
                                                                0),
                                        OSSL_PARAM_int(PQLAB_PARAM_DETERMINISTIC, nullptr),
                                        OSSL_PARAM_int(PQLAB_PARAM_MESSAGE_ENCODING, nullptr),
                                        OSSL_PARAM_END};
  return settable;
}

// RFC 9881 §2 / RFC 9909 §3: AlgorithmIdentifier { OID } with the
// parameters absent, DER-encoded by libcrypto.
std::vector<std::uint8_t> algorithm_id(const SigVariant& v) {
  std::vector<std::uint8_t> out;
  ASN1_OBJECT* oid = OBJ_txt2obj(v.oid, 1);
  X509_ALGOR* alg = X509_ALGOR_new();
  if (oid != nullptr && alg != nullptr && X509_ALGOR_set0(alg, oid, V_ASN1_UNDEF, nullptr) == 1) {
    oid = nullptr;  // owned by alg now
    unsigned char* der = nullptr;
    const int n = i2d_X509_ALGOR(alg, &der);
    if (n > 0) out.assign(der, der + n);
    OPENSSL_free(der);
  }
  ASN1_OBJECT_free(oid);
  X509_ALGOR_free(alg);
  return out;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  return guarded(0, [&] {
    SigContext* ctx = as_ctx(vctx);
    if (ctx == nullptr) return 0;
    OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID);
    if (p != nullptr) {
      if (ctx->key == nullptr) return 0;
      const std::vector<std::uint8_t> der = algorithm_id(*ctx->key->variant);
      if (der.empty() || !OSSL_PARAM_set_octet_string(p, der.data(), der.size())) return 0;
    }
    return 1;
  });
}

const OSSL_PARAM* gettable_ctx_params(void*, void*) {
  static const OSSL_PARAM gettable[] = {
      OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, nullptr, 0), OSSL_PARAM_END};
  return gettable;
}

int init(void* vctx, void* keydata, const OSSL_PARAM params[], bool signing) {
  SigContext* ctx = as_ctx(vctx);
  const auto* key = static_cast<const SigKey*>(keydata);
  if (ctx == nullptr) return 0;
  if (key == nullptr) {
    // Re-initialisation with the same key (EVP allows a null key then).
    if (ctx->key == nullptr) {
      raise_error(reason_missing_key, "no key given");
      return 0;
    }
    key = ctx->key;
  }
  if (signing ? !key->has_private() : !key->has_public()) {
    raise_error(reason_missing_key, "%s: %s needs a %s key", key->variant->name,
                signing ? "signing" : "verification", signing ? "private" : "public");
    return 0;
  }
  ctx->key = key;
  ctx->message.clear();
  return set_ctx_params(ctx, params);
}

int sign_init(void* ctx, void* key, const OSSL_PARAM params[]) {
  return init(ctx, key, params, true);
}
int verify_init(void* ctx, void* key, const OSSL_PARAM params[]) {
  return init(ctx, key, params, false);
}

// Pure signatures take no digest: none, or libcrypto's "no digest"
// marker. One exception keeps CMS working on OpenSSL 3.0, whose CMS code
// always initialises DigestSign/Verify with the SignerInfo's digest
// algorithm: the digest the LAMPS CMS documents pair with the scheme
// (RFC 9882 §3.3, RFC 9814 §4) is accepted and only names that digest —
// the signature is still pure ML-DSA / SLH-DSA over the whole message (the
// DER signed attributes), as those documents specify. Any other digest is
// refused.
bool digest_allowed(const ProviderContext* provider, const SigKey* key, const char* mdname) {
  if (mdname == nullptr || mdname[0] == '\0' || std::strcmp(mdname, "UNDEF") == 0) return true;
  if (key != nullptr) {
    EVP_MD* md = EVP_MD_fetch(provider != nullptr ? provider->libctx : nullptr, mdname, nullptr);
    const bool paired = md != nullptr && EVP_MD_is_a(md, key->variant->cms_digest);
    EVP_MD_free(md);
    if (paired) return true;
  }
  raise_error(reason_unsupported, "pure ML-DSA / SLH-DSA take no digest (got %s)", mdname);
  return false;
}

int digest_sign_init(void* ctx, const char* mdname, void* key, const OSSL_PARAM params[]) {
  const auto* k = key != nullptr ? static_cast<const SigKey*>(key) : as_ctx(ctx)->key;
  if (!digest_allowed(as_ctx(ctx)->provider, k, mdname)) return 0;
  return init(ctx, key, params, true);
}

int digest_verify_init(void* ctx, const char* mdname, void* key, const OSSL_PARAM params[]) {
  const auto* k = key != nullptr ? static_cast<const SigKey*>(key) : as_ctx(ctx)->key;
  if (!digest_allowed(as_ctx(ctx)->provider, k, mdname)) return 0;
  return init(ctx, key, params, false);
}

int do_sign(void* vctx, unsigned char* sig, std::size_t* siglen, std::size_t sigsize,
            const unsigned char* tbs, std::size_t tbslen) {
  return guarded(0, [&] {
    SigContext* ctx = as_ctx(vctx);
    if (ctx == nullptr || ctx->key == nullptr || siglen == nullptr) return 0;
    const std::size_t n = core_of(*ctx->key->variant).signature_bytes;
    if (sig == nullptr) {
      *siglen = n;
      return 1;
    }
    if (sigsize < n) {
      raise_error(reason_wrong_length, "%s: signature buffer of %zu bytes, %zu needed",
                  ctx->key->variant->name, sigsize, n);
      return 0;
    }
    if (tbs == nullptr && tbslen != 0) return 0;
    if (!sig_sign(*ctx->key, {sig, n}, {tbs, tbslen}, ctx->context_string, ctx->deterministic,
                  system_random()))
      return 0;
    *siglen = n;
    return 1;
  });
}

int do_verify(void* vctx, const unsigned char* sig, std::size_t siglen, const unsigned char* tbs,
              std::size_t tbslen) {
  return guarded(0, [&] {
    SigContext* ctx = as_ctx(vctx);
    if (ctx == nullptr || ctx->key == nullptr || (sig == nullptr && siglen != 0) ||
        (tbs == nullptr && tbslen != 0))
      return 0;
    return sig_verify(*ctx->key, {sig, siglen}, {tbs, tbslen}, ctx->context_string) == 1 ? 1 : 0;
  });
}

int digest_update(void* vctx, const unsigned char* data, std::size_t len) {
  return guarded(0, [&] {
    SigContext* ctx = as_ctx(vctx);
    if (ctx == nullptr || ctx->key == nullptr || (data == nullptr && len != 0)) return 0;
    if (len != 0) ctx->message.insert(ctx->message.end(), data, data + len);
    return 1;
  });
}

int digest_sign_final(void* vctx, unsigned char* sig, std::size_t* siglen, std::size_t sigsize) {
  SigContext* ctx = as_ctx(vctx);
  if (ctx == nullptr) return 0;
  const int ok = do_sign(ctx, sig, siglen, sigsize, ctx->message.data(), ctx->message.size());
  if (sig != nullptr) ctx->message.clear();
  return ok;
}

int digest_verify_final(void* vctx, const unsigned char* sig, std::size_t siglen) {
  SigContext* ctx = as_ctx(vctx);
  if (ctx == nullptr) return 0;
  const int ok = do_verify(ctx, sig, siglen, ctx->message.data(), ctx->message.size());
  ctx->message.clear();
  return ok;
}

const OSSL_DISPATCH signature_functions[] = {
    {OSSL_FUNC_SIGNATURE_NEWCTX, reinterpret_cast<void (*)()>(ctx_new)},
    {OSSL_FUNC_SIGNATURE_FREECTX, reinterpret_cast<void (*)()>(ctx_free)},
    {OSSL_FUNC_SIGNATURE_DUPCTX, reinterpret_cast<void (*)()>(ctx_dup)},
    {OSSL_FUNC_SIGNATURE_SIGN_INIT, reinterpret_cast<void (*)()>(sign_init)},
    {OSSL_FUNC_SIGNATURE_SIGN, reinterpret_cast<void (*)()>(do_sign)},
    {OSSL_FUNC_SIGNATURE_VERIFY_INIT, reinterpret_cast<void (*)()>(verify_init)},
    {OSSL_FUNC_SIGNATURE_VERIFY, reinterpret_cast<void (*)()>(do_verify)},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, reinterpret_cast<void (*)()>(digest_sign_init)},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, reinterpret_cast<void (*)()>(digest_update)},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, reinterpret_cast<void (*)()>(digest_sign_final)},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN, reinterpret_cast<void (*)()>(do_sign)},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, reinterpret_cast<void (*)()>(digest_verify_init)},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE, reinterpret_cast<void (*)()>(digest_update)},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL, reinterpret_cast<void (*)()>(digest_verify_final)},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, reinterpret_cast<void (*)()>(do_verify)},
    {OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, reinterpret_cast<void (*)()>(get_ctx_params)},
    {OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(gettable_ctx_params)},
    {OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, reinterpret_cast<void (*)()>(set_ctx_params)},
    {OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(settable_ctx_params)},
    {0, nullptr},
};

}  // namespace

const OSSL_ALGORITHM* signature_algorithms() {
  static const auto table = [] {
    std::array<OSSL_ALGORITHM, sig_variant_count + 1> t{};
    for (std::size_t i = 0; i < sig_variant_count; ++i)
      t[i] = {sig_variants()[i].algorithm_names, "provider=pqlab", signature_functions, nullptr};
    return t;
  }();
  return table.data();
}

}  // namespace pqlab::provider
