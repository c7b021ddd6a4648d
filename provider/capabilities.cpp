// pqlab provider: the TLS-GROUP capability (provider-base(7)). libssl 3.0
// reads it at SSL_CTX creation and can then negotiate these groups in
// TLS 1.3 as KEM groups: the client sends the public key, the server
// encapsulates to it, the client decapsulates.
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/tls1.h>

#include <array>

#include "dispatch.hpp"
#include "variants.hpp"

namespace pqlab::provider {
namespace {

struct GroupCapability {
  unsigned int id;
  unsigned int security_bits;
  int min_tls = TLS1_3_VERSION;
  int max_tls = 0;    // 0: no upper bound
  int min_dtls = -1;  // -1: not usable with DTLS
  int max_dtls = -1;
  unsigned int is_kem = 1;
  std::array<OSSL_PARAM, 11> params{};
};

// The parameters point into their own entry, so the table is filled in
// place, once.
void fill(std::array<GroupCapability, kem_variant_count>& g) {
  for (std::size_t i = 0; i < kem_variant_count; ++i) {
    const KemVariant& v = kem_variants()[i];
    GroupCapability& c = g[i];
    c.id = v.tls_group_id;
    c.security_bits = v.security_bits;
    auto* name = const_cast<char*>(v.tls_group_name);
    auto* alg = const_cast<char*>(v.name);
    c.params = {
        OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, name, 0),
        OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, name, 0),
        OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, alg, 0),
        OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &c.id),
        OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &c.security_bits),
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &c.min_tls),
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &c.max_tls),
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &c.min_dtls),
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &c.max_dtls),
        OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_IS_KEM, &c.is_kem),
        OSSL_PARAM_construct_end(),
    };
  }
}

std::array<GroupCapability, kem_variant_count>& capabilities() {
  static std::array<GroupCapability, kem_variant_count> groups{};
  static const bool filled = (fill(groups), true);
  (void)filled;
  return groups;
}

}  // namespace

int tls_group_capabilities(OSSL_CALLBACK* cb, void* arg) {
  for (GroupCapability& c : capabilities())
    if (!cb(c.params.data(), arg)) return 0;
  return 1;
}

}  // namespace pqlab::provider
