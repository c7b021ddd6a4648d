// pqlab provider: the KEM operation (provider-kem(7)) shared by all six
// variants; the key object says which variant it is.
#include <openssl/core_dispatch.h>

#include "composition.hpp"
#include "dispatch.hpp"

namespace pqlab::provider {
namespace {

struct KemContext {
  const KemKey* key = nullptr;  // owned by the EVP_PKEY the caller holds
};

KemContext* as_ctx(void* p) { return static_cast<KemContext*>(p); }

void* ctx_new(void*) {
  return guarded<void*>(nullptr, []() -> void* { return new KemContext{}; });
}

void ctx_free(void* ctx) { delete as_ctx(ctx); }

void* ctx_dup(void* ctx) {
  return guarded<void*>(nullptr, [&]() -> void* { return new KemContext{*as_ctx(ctx)}; });
}

int encapsulate_init(void* ctx, void* keydata, const OSSL_PARAM[]) {
  const auto* key = static_cast<const KemKey*>(keydata);
  if (ctx == nullptr || key == nullptr || !key->has_public()) {
    raise_error(reason_missing_key, "encapsulation needs a public key");
    return 0;
  }
  as_ctx(ctx)->key = key;
  return 1;
}

int decapsulate_init(void* ctx, void* keydata, const OSSL_PARAM[]) {
  const auto* key = static_cast<const KemKey*>(keydata);
  if (ctx == nullptr || key == nullptr || !key->has_private()) {
    raise_error(reason_missing_key, "decapsulation needs a private key");
    return 0;
  }
  as_ctx(ctx)->key = key;
  return 1;
}

// With out == NULL: report the ciphertext and secret lengths. Otherwise the
// buffers must be at least that long; the lengths written are returned.
int do_encapsulate(void* ctx, unsigned char* out, std::size_t* outlen, unsigned char* secret,
                   std::size_t* secretlen) {
  return guarded(0, [&] {
    const KemKey* key = as_ctx(ctx)->key;
    if (key == nullptr || outlen == nullptr || secretlen == nullptr) return 0;
    const ComposedSizes sizes = composed_sizes(*key->variant);
    if (out == nullptr) {
      *outlen = sizes.ciphertext;
      *secretlen = sizes.shared_secret;
      return 1;
    }
    if (secret == nullptr || *outlen < sizes.ciphertext || *secretlen < sizes.shared_secret) {
      raise_error(reason_wrong_length, "%s: output buffer too small", key->variant->name);
      return 0;
    }
    if (!encapsulate(*key, {out, sizes.ciphertext}, {secret, sizes.shared_secret})) return 0;
    *outlen = sizes.ciphertext;
    *secretlen = sizes.shared_secret;
    return 1;
  });
}

int do_decapsulate(void* ctx, unsigned char* out, std::size_t* outlen, const unsigned char* in,
                   std::size_t inlen) {
  return guarded(0, [&] {
    const KemKey* key = as_ctx(ctx)->key;
    if (key == nullptr || outlen == nullptr) return 0;
    const ComposedSizes sizes = composed_sizes(*key->variant);
    if (out == nullptr) {
      *outlen = sizes.shared_secret;
      return 1;
    }
    if (*outlen < sizes.shared_secret) {
      raise_error(reason_wrong_length, "%s: output buffer too small", key->variant->name);
      return 0;
    }
    if (in == nullptr) return 0;
    if (!decapsulate(*key, {out, sizes.shared_secret}, {in, inlen})) return 0;
    *outlen = sizes.shared_secret;
    return 1;
  });
}

const OSSL_DISPATCH kem_functions[] = {
    {OSSL_FUNC_KEM_NEWCTX, reinterpret_cast<void (*)()>(ctx_new)},
    {OSSL_FUNC_KEM_FREECTX, reinterpret_cast<void (*)()>(ctx_free)},
    {OSSL_FUNC_KEM_DUPCTX, reinterpret_cast<void (*)()>(ctx_dup)},
    {OSSL_FUNC_KEM_ENCAPSULATE_INIT, reinterpret_cast<void (*)()>(encapsulate_init)},
    {OSSL_FUNC_KEM_ENCAPSULATE, reinterpret_cast<void (*)()>(do_encapsulate)},
    {OSSL_FUNC_KEM_DECAPSULATE_INIT, reinterpret_cast<void (*)()>(decapsulate_init)},
    {OSSL_FUNC_KEM_DECAPSULATE, reinterpret_cast<void (*)()>(do_decapsulate)},
    {0, nullptr},
};

}  // namespace

const OSSL_ALGORITHM* kem_algorithms() {
  static const auto table = [] {
    std::array<OSSL_ALGORITHM, kem_variant_count + 1> t{};
    for (std::size_t i = 0; i < kem_variant_count; ++i)
      t[i] = {kem_variants()[i].algorithm_names, "provider=pqlab", kem_functions, nullptr};
    return t;
  }();
  return table.data();
}

}  // namespace pqlab::provider
