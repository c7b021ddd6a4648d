// pqlab provider: what each operation module hands to the provider entry.
#pragma once
#include <openssl/core.h>

#include <cstddef>
#include <span>

namespace pqlab::provider {

// One OSSL_ALGORITHM per KEM variant (keymgmt: not terminated; kem:
// terminated by a null entry).
std::span<const OSSL_ALGORITHM> kem_keymgmt_algorithms();
const OSSL_ALGORITHM* kem_algorithms();
// One OSSL_ALGORITHM per ML-DSA / SLH-DSA variant (keymgmt: not
// terminated; signature: terminated).
std::span<const OSSL_ALGORITHM> sig_keymgmt_algorithms();
const OSSL_ALGORITHM* signature_algorithms();
// Every key management (KEM and signature), terminated by a null entry.
const OSSL_ALGORITHM* keymgmt_algorithms();
// Encoders and decoders of every key type with a standard encoding,
// terminated by a null entry.
const OSSL_ALGORITHM* encoder_algorithms();
const OSSL_ALGORITHM* decoder_algorithms();
// OSSL_FUNC_KEYMGMT_LOAD: takes a key object a decoder passed by reference.
void* load_key_reference(const void* reference, std::size_t size);
// Registers the OIDs with libcrypto (core_obj_create / core_obj_add_sigid).
bool register_objects(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in);
// Calls `cb` once per TLS group (the TLS-GROUP capability); 1 on success.
int tls_group_capabilities(OSSL_CALLBACK* cb, void* arg);

}  // namespace pqlab::provider
