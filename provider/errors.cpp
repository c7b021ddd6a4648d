// pqlab provider: errors go to OpenSSL's error queue through the core.
#include <cstdarg>

#include "provider_context.hpp"

namespace pqlab::provider {
namespace {

const OSSL_CORE_HANDLE* error_handle = nullptr;
OSSL_FUNC_core_new_error_fn* core_new_error = nullptr;
OSSL_FUNC_core_set_error_debug_fn* core_set_error_debug = nullptr;
OSSL_FUNC_core_vset_error_fn* core_vset_error = nullptr;

const OSSL_ITEM reasons[] = {
    {reason_wrong_length, const_cast<char*>("wrong length")},
    {reason_invalid_key, const_cast<char*>("key fails validity checks")},
    {reason_missing_key, const_cast<char*>("key material missing")},
    {reason_classical_failure, const_cast<char*>("classical (EC)DH half failed")},
    {reason_random_failure, const_cast<char*>("random source failed")},
    {reason_internal, const_cast<char*>("internal error")},
    {reason_bad_parameter, const_cast<char*>("invalid parameter")},
    {reason_bad_signature, const_cast<char*>("signature verification failed")},
    {reason_bad_encoding, const_cast<char*>("malformed key encoding")},
    {reason_unsupported, const_cast<char*>("unsupported operation")},
    {0, nullptr},
};

}  // namespace

const OSSL_ITEM* reason_strings() { return reasons; }

void init_errors(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in) {
  error_handle = handle;
  for (; in != nullptr && in->function_id != 0; ++in) {
    switch (in->function_id) {
      case OSSL_FUNC_CORE_NEW_ERROR: core_new_error = OSSL_FUNC_core_new_error(in); break;
      case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
        core_set_error_debug = OSSL_FUNC_core_set_error_debug(in);
        break;
      case OSSL_FUNC_CORE_VSET_ERROR: core_vset_error = OSSL_FUNC_core_vset_error(in); break;
      default: break;
    }
  }
}

void raise_error(int reason, const char* fmt, ...) {
  if (core_new_error == nullptr || core_vset_error == nullptr) return;
  core_new_error(error_handle);
  if (core_set_error_debug != nullptr) core_set_error_debug(error_handle, nullptr, 0, nullptr);
  va_list args;
  va_start(args, fmt);
  core_vset_error(error_handle, static_cast<uint32_t>(reason), fmt, args);
  va_end(args);
}

}  // namespace pqlab::provider
