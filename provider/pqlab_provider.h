/* pqlab provider: the provider's initialisation function, for programs that
 * link the provider in (OSSL_PROVIDER_add_builtin) instead of loading
 * pqlab.so. The loadable module exports the same function as
 * OSSL_provider_init. */
#ifndef PQLAB_PROVIDER_H
#define PQLAB_PROVIDER_H
#include <openssl/core.h>

#ifdef __cplusplus
extern "C" {
#endif

int pqlab_provider_init(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in,
                        const OSSL_DISPATCH** out, void** provctx);

#ifdef __cplusplus
}
#endif
#endif
