// pqlab provider: the exported entry point of the loadable module pqlab.so.
#include "pqlab_provider.h"

extern "C" __attribute__((visibility("default"))) int OSSL_provider_init(
    const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in, const OSSL_DISPATCH** out,
    void** provctx) {
  return pqlab_provider_init(handle, in, out, provctx);
}
