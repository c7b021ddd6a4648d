// pqlab provider: what the two key managements (keymgmt.cpp for the KEMs,
// sig_keymgmt.cpp for ML-DSA and SLH-DSA) share: the import/export
// parameter lists and the shape of their OSSL_DISPATCH tables.
#pragma once
#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include <array>

namespace pqlab::provider {

// OSSL_FUNC_KEYMGMT_IMPORT_TYPES / EXPORT_TYPES for keys made of `pub`,
// `priv` and an optional `seed`: all three with the private key, `pub`
// alone for the public key, nothing otherwise.
const OSSL_PARAM* keypair_param_types(int selection);

// OSSL_FUNC_KEYMGMT_HAS for a key type with has_public() / has_private()
// and no domain parameters (those selections are always satisfied).
template <class Key>
int keypair_has(const void* keydata, int selection) {
  const Key* key = static_cast<const Key*>(keydata);
  if (key == nullptr) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && !key->has_public()) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && !key->has_private()) return 0;
  return 1;
}

// The functions of one key management; a null pointer leaves the function
// out of the table (libcrypto then treats the operation as unsupported).
struct KeymgmtFunctions {
  OSSL_FUNC_keymgmt_new_fn* new_key;
  OSSL_FUNC_keymgmt_free_fn* free_key;
  OSSL_FUNC_keymgmt_load_fn* load;
  OSSL_FUNC_keymgmt_dup_fn* dup;
  OSSL_FUNC_keymgmt_has_fn* has;
  OSSL_FUNC_keymgmt_match_fn* match;
  OSSL_FUNC_keymgmt_gen_init_fn* gen_init;
  OSSL_FUNC_keymgmt_gen_set_params_fn* gen_set_params;
  OSSL_FUNC_keymgmt_gen_settable_params_fn* gen_settable_params;
  OSSL_FUNC_keymgmt_gen_fn* gen;
  OSSL_FUNC_keymgmt_gen_cleanup_fn* gen_cleanup;
  OSSL_FUNC_keymgmt_get_params_fn* get_params;
  OSSL_FUNC_keymgmt_gettable_params_fn* gettable_params;
  OSSL_FUNC_keymgmt_set_params_fn* set_params;
  OSSL_FUNC_keymgmt_settable_params_fn* settable_params;
  OSSL_FUNC_keymgmt_import_fn* import;
  OSSL_FUNC_keymgmt_import_types_fn* import_types;
  OSSL_FUNC_keymgmt_export_fn* export_;
  OSSL_FUNC_keymgmt_export_types_fn* export_types;
};

// The OSSL_DISPATCH table of `f`, terminated by {0, nullptr}.
using KeymgmtDispatch = std::array<OSSL_DISPATCH, 20>;
KeymgmtDispatch keymgmt_dispatch(const KeymgmtFunctions& f);

}  // namespace pqlab::provider
