// pqlab provider: teaches libcrypto 3.0 the OIDs of its algorithms through
// the core's object functions (provider-base(7): core_obj_create,
// core_obj_add_sigid). libcrypto 3.0 knows none of them; X.509 needs a
// signature OID mapped to its key type (no digest) to verify a certificate
// or CRL signed with ML-DSA / SLH-DSA, and names the OIDs in -text output.
// Short and long names are OpenSSL 3.5's, so nothing changes on upgrade.
#include <openssl/core_dispatch.h>

#include "dispatch.hpp"
#include "sig_variants.hpp"
#include "variants.hpp"

namespace pqlab::provider {

bool register_objects(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in) {
  OSSL_FUNC_core_obj_create_fn* obj_create = nullptr;
  OSSL_FUNC_core_obj_add_sigid_fn* add_sigid = nullptr;
  for (; in != nullptr && in->function_id != 0; ++in) {
    if (in->function_id == OSSL_FUNC_CORE_OBJ_CREATE) obj_create = OSSL_FUNC_core_obj_create(in);
    if (in->function_id == OSSL_FUNC_CORE_OBJ_ADD_SIGID)
      add_sigid = OSSL_FUNC_core_obj_add_sigid(in);
  }
  if (obj_create == nullptr || add_sigid == nullptr) return false;
  // Each call succeeds too when the object is already known (a second load,
  // or a libcrypto that has it built in).
  for (const SigVariant& v : sig_variants()) {
    if (!obj_create(handle, v.oid, v.oid_sn, v.name)) return false;
    // The signature OID is also the key's OID; no digest (pure signatures).
    if (!add_sigid(handle, v.oid_sn, "", v.oid_sn)) return false;
  }
  for (const KemOid& k : kem_oids())
    if (!obj_create(handle, k.oid, k.oid_sn, k.name)) return false;
  return true;
}

}  // namespace pqlab::provider
