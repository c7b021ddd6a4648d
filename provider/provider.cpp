// pqlab provider: the entry point and the provider-level dispatch (name,
// version, the operations it answers, its capabilities, its error strings).
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstring>
#include <vector>

#include "codec.hpp"
#include "dispatch.hpp"
#include "pqlab_provider.h"
#include "provider_context.hpp"

namespace pqlab::provider {
namespace {

constexpr const char* provider_name = "pqlab: ML-KEM, hybrid TLS groups, ML-DSA and SLH-DSA";
constexpr const char* provider_version = "0.1.0";

void teardown(void* provctx) {
  auto* ctx = static_cast<ProviderContext*>(provctx);
  if (ctx == nullptr) return;
  OSSL_LIB_CTX_free(ctx->libctx);
  delete ctx;
}

const OSSL_PARAM* gettable_params(void*) {
  static const OSSL_PARAM gettable[] = {OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, nullptr, 0),
                                        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, nullptr, 0),
                                        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, nullptr, 0),
                                        OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, nullptr),
                                        OSSL_PARAM_END};
  return gettable;
}

int get_params(void*, OSSL_PARAM params[]) {
  OSSL_PARAM* p = nullptr;
  if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) != nullptr &&
      !OSSL_PARAM_set_utf8_ptr(p, provider_name))
    return 0;
  if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) != nullptr &&
      !OSSL_PARAM_set_utf8_ptr(p, provider_version))
    return 0;
  if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) != nullptr &&
      !OSSL_PARAM_set_utf8_ptr(p, provider_version))
    return 0;
  if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) != nullptr &&
      !OSSL_PARAM_set_int(p, 1))
    return 0;
  return 1;
}

}  // namespace

const OSSL_ALGORITHM* keymgmt_algorithms() {
  static const std::vector<OSSL_ALGORITHM> table = [] {
    std::vector<OSSL_ALGORITHM> t;
    for (auto part : {kem_keymgmt_algorithms(), sig_keymgmt_algorithms()})
      t.insert(t.end(), part.begin(), part.end());
    t.push_back({nullptr, nullptr, nullptr, nullptr});
    return t;
  }();
  return table.data();
}

namespace {

const OSSL_ALGORITHM* query_operation(void*, int operation_id, int* no_cache) {
  *no_cache = 0;
  switch (operation_id) {
    case OSSL_OP_KEYMGMT: return keymgmt_algorithms();
    case OSSL_OP_KEM: return kem_algorithms();
    case OSSL_OP_SIGNATURE: return signature_algorithms();
    case OSSL_OP_ENCODER: return encoder_algorithms();
    case OSSL_OP_DECODER: return decoder_algorithms();
    default: return nullptr;
  }
}

int get_capabilities(void*, const char* capability, OSSL_CALLBACK* cb, void* arg) {
  if (capability != nullptr && std::strcmp(capability, "TLS-GROUP") == 0)
    return tls_group_capabilities(cb, arg);
  return 0;
}

const OSSL_ITEM* get_reason_strings(void*) { return reason_strings(); }

const OSSL_DISPATCH provider_functions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, reinterpret_cast<void (*)()>(teardown)},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, reinterpret_cast<void (*)()>(gettable_params)},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, reinterpret_cast<void (*)()>(get_params)},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, reinterpret_cast<void (*)()>(query_operation)},
    {OSSL_FUNC_PROVIDER_GET_CAPABILITIES, reinterpret_cast<void (*)()>(get_capabilities)},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, reinterpret_cast<void (*)()>(get_reason_strings)},
    {0, nullptr},
};

}  // namespace
}  // namespace pqlab::provider

extern "C" int pqlab_provider_init(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in,
                                   const OSSL_DISPATCH** out, void** provctx) {
  using namespace pqlab::provider;
  return guarded(0, [&] {
    init_errors(handle, in);
    if (!register_objects(handle, in)) return 0;
    init_core_bio(in);
    // The classical halves are fetched from a child of the caller's library
    // context, which mirrors the providers the caller loaded.
    OSSL_LIB_CTX* libctx = OSSL_LIB_CTX_new_child(handle, in);
    if (libctx == nullptr) return 0;
    *provctx = new ProviderContext{handle, libctx};
    *out = provider_functions;
    return 1;
  });
}
