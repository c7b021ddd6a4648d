// pqlab provider: what each operation module hands to the provider entry.
#pragma once
#include <openssl/core.h>

namespace pqlab::provider {

// One OSSL_ALGORITHM per KEM variant, terminated by a null entry.
const OSSL_ALGORITHM* keymgmt_algorithms();
const OSSL_ALGORITHM* kem_algorithms();
// Calls `cb` once per TLS group (the TLS-GROUP capability); 1 on success.
int tls_group_capabilities(OSSL_CALLBACK* cb, void* arg);

}  // namespace pqlab::provider
