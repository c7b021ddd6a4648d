// pqlab provider: what the encoders and decoders share — the eighteen key
// types that have a standard encoding (ML-KEM-512/768/1024, ML-DSA-44/65/87,
// the 12 SLH-DSA sets), the conversion between the provider's key objects
// and pqlab_formats' keys, and the core's BIO functions.
#pragma once
#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "pqlab/formats/keys.hpp"
#include "provider_context.hpp"
#include "sig_variants.hpp"
#include "variants.hpp"

namespace pqlab::provider {

struct CodecType {
  const char* name;       // keymgmt name (OSSL_OBJECT_PARAM_DATA_TYPE)
  const char* names;      // every name of the keymgmt, for the encoder/decoder tables
  const KemVariant* kem;  // exactly one of kem / sig is set
  const SigVariant* sig;
  const Algorithm* alg;  // the core registry's entry
};
inline constexpr std::size_t codec_type_count = 18;
std::span<const CodecType, codec_type_count> codec_types();

// Provider key object <-> pqlab_formats key. The to_ functions return false
// (with an error raised) when the key lacks that part.
bool to_public(const CodecType& t, const void* keydata, formats::PublicKey& out);
bool to_private(const CodecType& t, const void* keydata, formats::PrivateKey& out);
// A new key object (KemKey / SigKey) from decoded keys; null with an error
// raised if the provider's own checks refuse it.
void* key_from_public(const CodecType& t, const ProviderContext* provider,
                      const formats::PublicKey& key);
void* key_from_private(const CodecType& t, const ProviderContext* provider,
                       const formats::PrivateKey& key);
void free_key(const CodecType& t, void* keydata);

// The core's BIO functions (taken at provider init).
void init_core_bio(const OSSL_DISPATCH* in);
bool core_bio_write(OSSL_CORE_BIO* bio, std::span<const std::uint8_t> data);
// Reads the whole input (up to `limit` bytes; false if longer or on error).
bool core_bio_read_all(OSSL_CORE_BIO* bio, std::vector<std::uint8_t>& out, std::size_t limit);


}  // namespace pqlab::provider
