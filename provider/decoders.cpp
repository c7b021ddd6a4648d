// pqlab provider: decoders (provider-decoder(7)) from DER
// SubjectPublicKeyInfo and PrivateKeyInfo to the provider's key objects,
// for every key type with a standard encoding. libcrypto's own decoders
// turn PEM into DER and decrypt EncryptedPrivateKeyInfo first. pqlab_formats
// parses strictly (exact lengths, no parameters, no trailing bytes, the
// private-key CHOICE with its consistency checks).
//
// A decoder answers "not mine" (success, no object) for input that is not
// DER of its structure naming its OID, so that the other decoders get their
// turn; input naming its OID that fails to decode is an error.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/x509.h>

#include <algorithm>

#include <string>
#include <utility>

#include "codec.hpp"
#include "dispatch.hpp"

namespace pqlab::provider {
namespace {

// Larger than any key of these algorithms (an SLH-DSA-256 PrivateKeyInfo
// is about 150 bytes; an ML-KEM-1024 one with both forms about 3.3 KB).
constexpr std::size_t max_input = 64 * 1024;

void* dec_newctx(void* provctx) { return provctx; }
void dec_freectx(void*) {}

// Whether the AlgorithmIdentifier SEQUENCE { OID } of t (parameters
// absent, the LAMPS form) is among the first bytes of the input, where a
// SubjectPublicKeyInfo or PrivateKeyInfo carries it.
bool names_our_algorithm(const CodecType& t, std::span<const std::uint8_t> der) {
  ASN1_OBJECT* oid = OBJ_txt2obj(formats::oid_of(*t.alg).data(), 1);
  X509_ALGOR* alg = X509_ALGOR_new();
  unsigned char* enc = nullptr;
  int n = 0;
  if (oid != nullptr && alg != nullptr && X509_ALGOR_set0(alg, oid, V_ASN1_UNDEF, nullptr) == 1) {
    oid = nullptr;
    n = i2d_X509_ALGOR(alg, &enc);
  }
  bool found = false;
  if (n > 0) {
    const auto head = der.first(std::min<std::size_t>(der.size(), 32));
    found = std::search(head.begin(), head.end(), enc, enc + n) != head.end();
  }
  OPENSSL_free(enc);
  X509_ALGOR_free(alg);
  ASN1_OBJECT_free(oid);
  return found;
}

template <bool Private>
int does_selection(void*, int selection) {
  if (selection == 0) return 1;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) return Private ? 1 : 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) return 1;
  return 0;
}

template <std::size_t T, bool Private>
int decode(void* vctx, OSSL_CORE_BIO* in, int, OSSL_CALLBACK* data_cb, void* data_cbarg,
           OSSL_PASSPHRASE_CALLBACK*, void*) {
  return guarded(0, [&] {
    const auto* provider = static_cast<const ProviderContext*>(vctx);
    const CodecType& t = codec_types()[T];
    std::vector<std::uint8_t> der;
    if (!core_bio_read_all(in, der, max_input)) return 1;  // not a key of ours
    const formats::Detected d = formats::detect(der);
    const formats::KeyKind kind = Private ? formats::KeyKind::private_key
                                          : formats::KeyKind::public_key;
    const bool ours = d.encoding == formats::Encoding::der && d.alg == t.alg && d.kind == kind;
    // Input that detect() could not take apart but that starts with this
    // type's AlgorithmIdentifier is a broken key of ours: decode it anyway,
    // for the parser's reason on the error queue.
    if (!ours && !names_our_algorithm(t, der)) return 1;
    std::string error;
    void* key = nullptr;
    if (Private) {
      formats::PrivateKey priv;
      if (!formats::try_decode_private(der, t.alg, priv, &error)) {
        raise_error(reason_bad_encoding, "%s private key: %s", t.name, error.c_str());
        return 0;
      }
      key = key_from_private(t, provider, priv);
    } else {
      formats::PublicKey pub;
      if (!formats::try_decode_public(der, t.alg, pub, &error)) {
        raise_error(reason_bad_encoding, "%s public key: %s", t.name, error.c_str());
        return 0;
      }
      key = key_from_public(t, provider, pub);
    }
    if (key == nullptr) return 0;
    int object_type = OSSL_OBJECT_PKEY;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type),
        OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE, const_cast<char*>(t.name), 0),
        OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE, &key, sizeof(key)),
        OSSL_PARAM_construct_end()};
    // The keymgmt's load() takes the key and clears our pointer.
    const int ok = data_cb(params, data_cbarg);
    if (key != nullptr) free_key(t, key);
    return ok;
  });
}

template <std::size_t T, bool Private>
const OSSL_DISPATCH decoder_functions[] = {
    {OSSL_FUNC_DECODER_NEWCTX, reinterpret_cast<void (*)()>(dec_newctx)},
    {OSSL_FUNC_DECODER_FREECTX, reinterpret_cast<void (*)()>(dec_freectx)},
    {OSSL_FUNC_DECODER_DOES_SELECTION, reinterpret_cast<void (*)()>(does_selection<Private>)},
    {OSSL_FUNC_DECODER_DECODE, reinterpret_cast<void (*)()>(decode<T, Private>)},
    {0, nullptr},
};

template <std::size_t... T>
std::vector<OSSL_ALGORITHM> make_decoders(std::index_sequence<T...>) {
  std::vector<OSSL_ALGORITHM> all;
  (all.push_back({codec_types()[T].names, "provider=pqlab,input=der,structure=SubjectPublicKeyInfo",
                  decoder_functions<T, false>, nullptr}),
   ...);
  (all.push_back({codec_types()[T].names, "provider=pqlab,input=der,structure=PrivateKeyInfo",
                  decoder_functions<T, true>, nullptr}),
   ...);
  all.push_back({nullptr, nullptr, nullptr, nullptr});
  return all;
}

}  // namespace

const OSSL_ALGORITHM* decoder_algorithms() {
  static const std::vector<OSSL_ALGORITHM> table =
      make_decoders(std::make_index_sequence<codec_type_count>{});
  return table.data();
}

// OSSL_FUNC_KEYMGMT_LOAD for the key objects the decoders hand over by
// reference: takes ownership and clears the decoder's pointer.
void* load_key_reference(const void* reference, std::size_t size) {
  if (reference == nullptr || size != sizeof(void*)) return nullptr;
  void** slot = const_cast<void**>(static_cast<const void* const*>(reference));
  return std::exchange(*slot, nullptr);
}

}  // namespace pqlab::provider
