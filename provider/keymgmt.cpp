// pqlab provider: key management (provider-keymgmt(7)) for the six KEMs:
// generation, raw import/export, and the encoded public key TLS uses for
// key shares (OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY).
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include <array>
#include <cstring>
#include <utility>

#include "composition.hpp"
#include "dispatch.hpp"
#include "keymgmt_common.hpp"
#include "param_names.hpp"

namespace pqlab::provider {
namespace {

struct GenContext {
  const ProviderContext* provider;
  const KemVariant* variant;
  int selection;
};

KemKey* as_key(void* p) { return static_cast<KemKey*>(p); }
const KemKey* as_key(const void* p) { return static_cast<const KemKey*>(p); }

template <std::size_t I>
void* key_new(void* provctx) {
  return guarded<void*>(nullptr, [&]() -> void* {
    return new KemKey{
        static_cast<ProviderContext*>(provctx), &kem_variants()[I], {}, {}, {}, {}, {}};
  });
}

void key_free(void* key) { delete as_key(key); }

void* key_dup(const void* from, int selection) {
  return guarded<void*>(nullptr, [&]() -> void* {
    const KemKey& src = *as_key(from);
    auto* copy = new KemKey{src.provider, src.variant, {}, {}, {}, {}, {}};
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 ||
        (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
      copy->mlkem_ek = src.mlkem_ek;
      copy->classical_pub = src.classical_pub;
      if (src.classical) {
        EVP_PKEY_up_ref(src.classical.get());
        copy->classical.reset(src.classical.get());
      }
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
      copy->mlkem_dk = src.mlkem_dk;
      copy->mlkem_seed = src.mlkem_seed;
    }
    return copy;
  });
}

int key_match(const void* a, const void* b, int selection) {
  return guarded(0, [&] {
    const KemKey& x = *as_key(a);
    const KemKey& y = *as_key(b);
    if (x.variant != y.variant) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    if (!x.has_public() || !y.has_public()) return 0;
    return encoded_public_key(x) == encoded_public_key(y) ? 1 : 0;
  });
}

template <std::size_t I>
void* gen_init(void* provctx, int selection, const OSSL_PARAM params[]);

int gen_set_params(void* genctx, const OSSL_PARAM params[]) {
  // TLS sets the group name (our internal group name); each variant has
  // exactly one group, so a string is accepted and nothing else is needed.
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
  if (genctx == nullptr) return 0;
  if (p != nullptr && p->data_type != OSSL_PARAM_UTF8_STRING) return 0;
  return 1;
}

const OSSL_PARAM* gen_settable_params(void*, void*) {
  static const OSSL_PARAM settable[] = {
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, nullptr, 0), OSSL_PARAM_END};
  return settable;
}

template <std::size_t I>
void* gen_init(void* provctx, int selection, const OSSL_PARAM params[]) {
  return guarded<void*>(nullptr, [&]() -> void* {
    auto* ctx =
        new GenContext{static_cast<ProviderContext*>(provctx), &kem_variants()[I], selection};
    if (gen_set_params(ctx, params) == 0) {
      delete ctx;
      return nullptr;
    }
    return ctx;
  });
}

void* gen(void* genctx, OSSL_CALLBACK*, void*) {
  return guarded<void*>(nullptr, [&]() -> void* {
    const auto* ctx = static_cast<GenContext*>(genctx);
    auto* key = new KemKey{ctx->provider, ctx->variant, {}, {}, {}, {}, {}};
    // A parameter-only generation (the TLS server's "paramgen" before it
    // sets the peer's key share) gives an empty key.
    if ((ctx->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 && !generate_keypair(*key)) {
      delete key;
      return nullptr;
    }
    return key;
  });
}

void gen_cleanup(void* genctx) { delete static_cast<GenContext*>(genctx); }

int get_params(void* keydata, OSSL_PARAM params[]) {
  return guarded(0, [&] {
    const KemKey& key = *as_key(keydata);
    const ComposedSizes sizes = composed_sizes(*key.variant);
    OSSL_PARAM* p = nullptr;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != nullptr &&
        !OSSL_PARAM_set_int(p, static_cast<int>(8 * sizes.public_key)))
      return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != nullptr &&
        !OSSL_PARAM_set_int(p, static_cast<int>(key.variant->security_bits)))
      return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != nullptr &&
        !OSSL_PARAM_set_int(p, static_cast<int>(sizes.ciphertext)))
      return 0;
    for (const char* name : {OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY}) {
      if ((p = OSSL_PARAM_locate(params, name)) != nullptr) {
        if (!key.has_public()) return 0;
        const PublicBytes pub = encoded_public_key(key);
        if (!OSSL_PARAM_set_octet_string(p, pub.data(), pub.size())) return 0;
      }
    }
    if ((p = OSSL_PARAM_locate(params, PQLAB_PARAM_SEED)) != nullptr) {
      if (key.mlkem_seed.empty() ||
          !OSSL_PARAM_set_octet_string(p, key.mlkem_seed.data(), key.mlkem_seed.size()))
        return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != nullptr) {
      if (!key.has_private()) return 0;
      const SecretBytes priv = encoded_private_key(key);
      if (priv.empty() || !OSSL_PARAM_set_octet_string(p, priv.data(), priv.size())) return 0;
    }
    return 1;
  });
}

const OSSL_PARAM* gettable_params(void*) {
  static const OSSL_PARAM gettable[] = {
      OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, nullptr),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, nullptr),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, nullptr),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, nullptr, 0),
      OSSL_PARAM_octet_string(PQLAB_PARAM_SEED, nullptr, 0),
      OSSL_PARAM_END};
  return gettable;
}

std::span<const std::uint8_t> octets(const OSSL_PARAM* p) {
  return {static_cast<const std::uint8_t*>(p->data), p->data_size};
}

// The TLS server sets the client's key share here; a bad share fails and
// libssl answers with an alert.
int set_params(void* keydata, const OSSL_PARAM params[]) {
  return guarded(0, [&] {
    KemKey& key = *as_key(keydata);
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    if (p == nullptr) return 1;
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data == nullptr) return 0;
    return set_public_key(key, octets(p)) ? 1 : 0;
  });
}

const OSSL_PARAM* settable_params(void*) {
  static const OSSL_PARAM settable[] = {
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0), OSSL_PARAM_END};
  return settable;
}

int key_import(void* keydata, int selection, const OSSL_PARAM params[]) {
  return guarded(0, [&] {
    KemKey& key = *as_key(keydata);
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    const OSSL_PARAM* pub = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
    const OSSL_PARAM* priv = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
    const OSSL_PARAM* seed = OSSL_PARAM_locate_const(params, PQLAB_PARAM_SEED);
    for (const OSSL_PARAM* p : {pub, priv, seed})
      if (p != nullptr && (p->data_type != OSSL_PARAM_OCTET_STRING || p->data == nullptr)) return 0;
    // ML-KEM's d ‖ z (the seed parameter, as OpenSSL 3.5 names it): regenerates the key pair.
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && seed != nullptr)
      return set_from_seed(key, octets(seed),
                           priv != nullptr ? octets(priv) : std::span<const std::uint8_t>{},
                           pub != nullptr ? octets(pub) : std::span<const std::uint8_t>{})
                 ? 1
                 : 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && priv != nullptr)
      return set_private_key(key, octets(priv),
                             pub != nullptr ? octets(pub) : std::span<const std::uint8_t>{})
                 ? 1
                 : 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && pub != nullptr)
      return set_public_key(key, octets(pub)) ? 1 : 0;
    raise_error(reason_missing_key, "%s: no key material to import", key.variant->name);
    return 0;
  });
}

int key_export(void* keydata, int selection, OSSL_CALLBACK* cb, void* cbarg) {
  return guarded(0, [&] {
    const KemKey& key = *as_key(keydata);
    std::array<OSSL_PARAM, 4> params{};
    std::size_t n = 0;
    PublicBytes pub;
    SecretBytes priv;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && key.has_public()) {
      pub = encoded_public_key(key);
      params[n++] =
          OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pub.data(), pub.size());
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key.has_private()) {
      priv = encoded_private_key(key);
      if (priv.empty()) return 0;
      params[n++] =
          OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, priv.data(), priv.size());
      if (!key.mlkem_seed.empty())
        params[n++] =
            OSSL_PARAM_construct_octet_string(PQLAB_PARAM_SEED,
                                              const_cast<std::uint8_t*>(key.mlkem_seed.data()),
                                              key.mlkem_seed.size());
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
    .has = keypair_has<KemKey>,
    .match = key_match,
    .gen_init = gen_init<I>,
    .gen_set_params = gen_set_params,
    .gen_settable_params = gen_settable_params,
    .gen = gen,
    .gen_cleanup = gen_cleanup,
    .get_params = get_params,
    .gettable_params = gettable_params,
    .set_params = set_params,
    .settable_params = settable_params,
    .import = key_import,
    .import_types = keypair_param_types,
    .export_ = key_export,
    .export_types = keypair_param_types,
});

template <std::size_t... I>
std::array<OSSL_ALGORITHM, sizeof...(I)> make_table(std::index_sequence<I...>) {
  return {{{nullptr, "provider=pqlab", keymgmt_functions<I>.data(), nullptr}...}};
}

}  // namespace

std::span<const OSSL_ALGORITHM> kem_keymgmt_algorithms() {
  static const auto table = [] {
    auto t = make_table(std::make_index_sequence<kem_variant_count>{});
    for (std::size_t i = 0; i < kem_variants().size(); ++i)
      t[i].algorithm_names = kem_variants()[i].algorithm_names;
    return t;
  }();
  return table;
}

}  // namespace pqlab::provider
