// pqlab provider: key management (provider-keymgmt(7)) for ML-DSA and
// SLH-DSA: generation (fresh or from the `seed` parameter), import/export
// of `seed`, `priv` and `pub`, has/match/dup, and the parameters libcrypto
// asks for (bits, security-bits, max-size, and the empty mandatory digest
// that tells X.509 signing to use no digest).
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <array>
#include <utility>

#include "dispatch.hpp"
#include "keymgmt_common.hpp"
#include "sig_key.hpp"

namespace pqlab::provider {
namespace {

struct SigGenContext {
  const ProviderContext* provider;
  const SigVariant* variant;
  int selection;
  SecretBytes seed;
};

SigKey* as_key(void* p) { return static_cast<SigKey*>(p); }
const SigKey* as_key(const void* p) { return static_cast<const SigKey*>(p); }

std::span<const std::uint8_t> octets(const OSSL_PARAM* p) {
  if (p == nullptr) return {};
  return {static_cast<const std::uint8_t*>(p->data), p->data_size};
}

// An octet-string parameter, or null; false if present with another type.
bool octet_param(const OSSL_PARAM params[], const char* name, const OSSL_PARAM** out) {
  *out = OSSL_PARAM_locate_const(params, name);
  if (*out == nullptr) return true;
  if ((*out)->data_type != OSSL_PARAM_OCTET_STRING ||
      ((*out)->data == nullptr && (*out)->data_size != 0)) {
    raise_error(reason_bad_parameter, "parameter %s must be an octet string", name);
    return false;
  }
  return true;
}

template <std::size_t I>
void* key_new(void* provctx) {
  return guarded<void*>(nullptr, [&]() -> void* {
    return new SigKey{static_cast<ProviderContext*>(provctx), &sig_variants()[I], {}, {}, {}};
  });
}

void key_free(void* key) { delete as_key(key); }

void* key_dup(const void* from, int selection) {
  return guarded<void*>(nullptr, [&]() -> void* {
    const SigKey& src = *as_key(from);
    auto* copy = new SigKey{src.provider, src.variant, {}, {}, {}};
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0) copy->pub = src.pub;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
      copy->priv = src.priv;
      copy->seed = src.seed;
    }
    return copy;
  });
}

int key_match(const void* a, const void* b, int selection) {
  const SigKey& x = *as_key(a);
  const SigKey& y = *as_key(b);
  if (x.variant != y.variant) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
  if (x.has_public() && y.has_public()) return x.pub == y.pub ? 1 : 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && x.has_private() && y.has_private())
    return x.priv.size() == y.priv.size() &&
                   CRYPTO_memcmp(x.priv.data(), y.priv.data(), x.priv.size()) == 0
               ? 1
               : 0;
  return 0;
}

int gen_set_params(void* genctx, const OSSL_PARAM params[]) {
  return guarded(0, [&] {
    auto* ctx = static_cast<SigGenContext*>(genctx);
    if (ctx == nullptr) return 0;
    const OSSL_PARAM* seed = nullptr;
    if (!octet_param(params, PQLAB_PARAM_SEED, &seed)) return 0;
    if (seed != nullptr) {
      if (seed->data_size != seed_length(*ctx->variant)) {
        raise_error(reason_wrong_length, "%s: seed must be %zu bytes", ctx->variant->name,
                    seed_length(*ctx->variant));
        return 0;
      }
      ctx->seed.assign(octets(seed));
    }
    return 1;
  });
}

const OSSL_PARAM* gen_settable_params(void*, void*) {
  static const OSSL_PARAM settable[] = {OSSL_PARAM_octet_string(PQLAB_PARAM_SEED, nullptr, 0),
                                        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, nullptr,
                                                               0),
                                        OSSL_PARAM_END};
  return settable;
}

template <std::size_t I>
void* gen_init(void* provctx, int selection, const OSSL_PARAM params[]) {
  return guarded<void*>(nullptr, [&]() -> void* {
    auto* ctx = new SigGenContext{
        static_cast<ProviderContext*>(provctx), &sig_variants()[I], selection, {}};
    if (gen_set_params(ctx, params) == 0) {
      delete ctx;
      return nullptr;
    }
    return ctx;
  });
}

void* gen(void* genctx, OSSL_CALLBACK*, void*) {
  return guarded<void*>(nullptr, [&]() -> void* {
    const auto* ctx = static_cast<SigGenContext*>(genctx);
    auto* key = new SigKey{ctx->provider, ctx->variant, {}, {}, {}};
    if ((ctx->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 &&
        !sig_generate(*key, ctx->seed.span())) {
      delete key;
      return nullptr;
    }
    return key;
  });
}

void gen_cleanup(void* genctx) { delete static_cast<SigGenContext*>(genctx); }

int get_params(void* keydata, OSSL_PARAM params[]) {
  return guarded(0, [&] {
    const SigKey& key = *as_key(keydata);
    const Algorithm& a = core_of(*key.variant);
    OSSL_PARAM* p = nullptr;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != nullptr &&
        !OSSL_PARAM_set_int(p, static_cast<int>(8 * a.public_key_bytes)))
      return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != nullptr &&
        !OSSL_PARAM_set_int(p, static_cast<int>(key.variant->security_bits)))
      return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != nullptr &&
        !OSSL_PARAM_set_int(p, static_cast<int>(a.signature_bytes)))
      return 0;
    // Pure signatures: no digest (an empty mandatory digest, as Ed25519 does).
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) != nullptr &&
        !OSSL_PARAM_set_utf8_string(p, ""))
      return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != nullptr) {
      if (!key.has_public() || !OSSL_PARAM_set_octet_string(p, key.pub.data(), key.pub.size()))
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != nullptr) {
      if (!key.has_private() || !OSSL_PARAM_set_octet_string(p, key.priv.data(), key.priv.size()))
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, PQLAB_PARAM_SEED)) != nullptr) {
      if (key.seed.empty() || !OSSL_PARAM_set_octet_string(p, key.seed.data(), key.seed.size()))
        return 0;
    }
    return 1;
  });
}

const OSSL_PARAM* gettable_params(void*) {
  static const OSSL_PARAM gettable[] = {
      OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, nullptr),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, nullptr),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, nullptr),
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, nullptr, 0),
      OSSL_PARAM_octet_string(PQLAB_PARAM_SEED, nullptr, 0),
      OSSL_PARAM_END};
  return gettable;
}

int key_import(void* keydata, int selection, const OSSL_PARAM params[]) {
  return guarded(0, [&] {
    SigKey& key = *as_key(keydata);
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    const OSSL_PARAM *seed = nullptr, *priv = nullptr, *pub = nullptr;
    if (!octet_param(params, PQLAB_PARAM_SEED, &seed) ||
        !octet_param(params, OSSL_PKEY_PARAM_PRIV_KEY, &priv) ||
        !octet_param(params, OSSL_PKEY_PARAM_PUB_KEY, &pub))
      return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0) {
      seed = nullptr;
      priv = nullptr;
    }
    if (seed != nullptr && key.variant->family != SigFamily::mldsa) {
      // SLH-DSA private keys travel as sk; a seed is a generation input only.
      raise_error(reason_bad_parameter, "%s: import takes priv and pub, not seed",
                  key.variant->name);
      return 0;
    }
    if (seed == nullptr && priv == nullptr && pub == nullptr) {
      raise_error(reason_missing_key, "%s: no key material to import", key.variant->name);
      return 0;
    }
    return sig_set_key(key, octets(seed), octets(priv), octets(pub)) ? 1 : 0;
  });
}

int key_export(void* keydata, int selection, OSSL_CALLBACK* cb, void* cbarg) {
  return guarded(0, [&] {
    SigKey& key = *as_key(keydata);
    std::array<OSSL_PARAM, 4> params{};
    std::size_t n = 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 && key.has_public())
      params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, key.pub.data(),
                                                      key.pub.size());
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key.has_private()) {
      params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, key.priv.data(),
                                                      key.priv.size());
      if (!key.seed.empty())
        params[n++] =
            OSSL_PARAM_construct_octet_string(PQLAB_PARAM_SEED, key.seed.data(), key.seed.size());
    }
    params[n] = OSSL_PARAM_construct_end();
    return cb(params.data(), cbarg);
  });
}

template <std::size_t I>
const KeymgmtDispatch keymgmt_functions = keymgmt_dispatch({
    .new_key = key_new<I>,
    .free_key = key_free,
    .load = load_key_reference,
    .dup = key_dup,
    .has = keypair_has<SigKey>,
    .match = key_match,
    .gen_init = gen_init<I>,
    .gen_set_params = gen_set_params,
    .gen_settable_params = gen_settable_params,
    .gen = gen,
    .gen_cleanup = gen_cleanup,
    .get_params = get_params,
    .gettable_params = gettable_params,
    .set_params = nullptr,
    .settable_params = nullptr,
    .import = key_import,
    .import_types = keypair_param_types,
    .export_ = key_export,
    .export_types = keypair_param_types,
});

template <std::size_t... I>
std::array<OSSL_ALGORITHM, sizeof...(I)> make_table(std::index_sequence<I...>) {
  return {{{sig_variants()[I].algorithm_names, "provider=pqlab", keymgmt_functions<I>.data(),
            nullptr}...}};
}

}  // namespace

std::span<const OSSL_ALGORITHM> sig_keymgmt_algorithms() {
  static const auto table = make_table(std::make_index_sequence<sig_variant_count>{});
  return table;
}

}  // namespace pqlab::provider
