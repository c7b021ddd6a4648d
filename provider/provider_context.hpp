// pqlab provider: the per-load context handed to every operation, error
// reporting through the core's error functions, and the guard that keeps
// C++ exceptions from crossing into OpenSSL's C code.
#pragma once
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/types.h>

namespace pqlab::provider {

struct ProviderContext {
  const OSSL_CORE_HANDLE* handle;
  // A child of the application's library context: it sees the providers the
  // application loaded (the default provider supplies X25519 and ECDH).
  OSSL_LIB_CTX* libctx;
};

// Reason codes reported with ERR_LIB_PROV-style errors from this provider.
enum Reason : int {
  reason_wrong_length = 1,
  reason_invalid_key,
  reason_missing_key,
  reason_classical_failure,
  reason_random_failure,
  reason_internal,
  reason_bad_parameter,
  reason_bad_signature,
  reason_bad_encoding,
  reason_unsupported,
};

const OSSL_ITEM* reason_strings();
// Takes the core's error functions from the dispatch table given at init.
void init_errors(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in);
// Raises an error with one of the reasons above, with a formatted message.
void raise_error(int reason, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

// Runs `body` and returns its value; any exception becomes an internal error
// and `failure`. Every function OpenSSL calls goes through this.
template <class T, class Body>
T guarded(T failure, Body&& body) noexcept {
  try {
    return body();
  } catch (...) {
    raise_error(reason_internal, "unexpected internal failure");
    return failure;
  }
}

}  // namespace pqlab::provider
