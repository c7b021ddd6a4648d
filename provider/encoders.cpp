// pqlab provider: encoders (provider-encoder(7)) for every key type with a
// standard encoding: SubjectPublicKeyInfo and PrivateKeyInfo, DER and PEM
// (RFC 5280 / RFC 5958 with the LAMPS algorithm identifiers and private-key
// forms, written by pqlab_formats), EncryptedPrivateKeyInfo when the caller
// sets a cipher (PKCS#8 PBES2 by libcrypto), and a text form for
// `openssl pkey -text`.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

#include <array>
#include <cstdio>
#include <string>
#include <utility>

#include "codec.hpp"
#include "dispatch.hpp"

namespace pqlab::provider {
namespace {

enum class Structure { spki, pki, text };

struct EncoderContext {
  const ProviderContext* provider;
  std::string cipher;      // empty: no encryption
  std::string properties;  // for fetching the cipher
};

void* enc_newctx(void* provctx) {
  return guarded<void*>(nullptr, [&]() -> void* {
    return new EncoderContext{static_cast<ProviderContext*>(provctx), {}, {}};
  });
}

void enc_freectx(void* ctx) { delete static_cast<EncoderContext*>(ctx); }

int enc_set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  return guarded(0, [&] {
    auto* ctx = static_cast<EncoderContext*>(vctx);
    const char* s = nullptr;
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER);
    if (p != nullptr) {
      if (!OSSL_PARAM_get_utf8_string_ptr(p, &s)) return 0;
      ctx->cipher = s != nullptr ? s : "";
    }
    p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_PROPERTIES);
    if (p != nullptr) {
      if (!OSSL_PARAM_get_utf8_string_ptr(p, &s)) return 0;
      ctx->properties = s != nullptr ? s : "";
    }
    return 1;
  });
}

const OSSL_PARAM* enc_settable_ctx_params(void*) {
  static const OSSL_PARAM settable[] = {
      OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_PROPERTIES, nullptr, 0), OSSL_PARAM_END};
  return settable;
}

// The selections are levels: asking for the private key includes the
// public one. SubjectPublicKeyInfo serves public-only requests, the
// private-key structures requests that include the private key; text serves
// both.
template <Structure S>
int does_selection(void*, int selection) {
  if (selection == 0) return 1;
  const bool priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
  const bool pub = (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0;
  switch (S) {
    case Structure::spki: return !priv && pub ? 1 : 0;
    case Structure::pki: return priv ? 1 : 0;
    case Structure::text: return priv || pub ? 1 : 0;
  }
  return 0;
}

// PKCS#8 encryption (RFC 5958 EncryptedPrivateKeyInfo, PBES2 with the
// caller's cipher) of a DER PrivateKeyInfo, by libcrypto.
bool encrypt_pki(const EncoderContext& ctx, const formats::SecureBytes& der, bool pem,
                 OSSL_CORE_BIO* out, OSSL_PASSPHRASE_CALLBACK* cb, void* cbarg) {
  if (cb == nullptr) {
    raise_error(reason_bad_parameter, "a cipher is set but no passphrase callback");
    return false;
  }
  std::array<char, 1024> pass{};
  std::size_t passlen = 0;
  const OSSL_PARAM no_params[] = {OSSL_PARAM_END};
  if (!cb(pass.data(), pass.size(), &passlen, no_params, cbarg)) {
    raise_error(reason_bad_parameter, "no passphrase");
    return false;
  }
  bool ok = false;
  const unsigned char* p = der.data();
  PKCS8_PRIV_KEY_INFO* p8 = d2i_PKCS8_PRIV_KEY_INFO(nullptr, &p, static_cast<long>(der.size()));
  EVP_CIPHER* cipher = EVP_CIPHER_fetch(ctx.provider->libctx, ctx.cipher.c_str(),
                                        ctx.properties.empty() ? nullptr : ctx.properties.c_str());
  X509_SIG* enc = nullptr;
  if (p8 != nullptr && cipher != nullptr)
    enc = PKCS8_encrypt_ex(-1, cipher, pass.data(), static_cast<int>(passlen), nullptr, 0, 0, p8,
                           ctx.provider->libctx, nullptr);
  OPENSSL_cleanse(pass.data(), pass.size());
  BIO* mem = BIO_new(BIO_s_mem());
  if (enc != nullptr && mem != nullptr &&
      (pem ? PEM_write_bio_PKCS8(mem, enc) == 1 : i2d_PKCS8_bio(mem, enc) == 1)) {
    char* data = nullptr;
    const long n = BIO_get_mem_data(mem, &data);
    ok = n > 0 && core_bio_write(out, {reinterpret_cast<const std::uint8_t*>(data),
                                       static_cast<std::size_t>(n)});
  }
  if (!ok) raise_error(reason_internal, "PKCS#8 encryption with %s failed", ctx.cipher.c_str());
  BIO_free(mem);
  X509_SIG_free(enc);
  EVP_CIPHER_free(cipher);
  PKCS8_PRIV_KEY_INFO_free(p8);
  return ok;
}

// The text form: the algorithm and each part in hex, 15 bytes a line.
void append_hex(std::string& out, const char* label, std::span<const std::uint8_t> b) {
  out += label;
  out += ":";
  char buf[4];
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (i % 15 == 0) out += "\n    ";
    std::snprintf(buf, sizeof buf, "%02x", b[i]);
    out += buf;
    if (i + 1 < b.size()) out += ":";
  }
  out += "\n";
}

template <std::size_t T, Structure S, bool Pem>
int encode(void* vctx, OSSL_CORE_BIO* out, const void* keydata, const OSSL_PARAM[], int selection,
           OSSL_PASSPHRASE_CALLBACK* cb, void* cbarg) {
  return guarded(0, [&] {
    const auto* ctx = static_cast<EncoderContext*>(vctx);
    const CodecType& t = codec_types()[T];
    if (ctx == nullptr || keydata == nullptr) return 0;
    std::string error;
    if (S == Structure::spki) {
      formats::PublicKey pub;
      std::vector<std::uint8_t> enc;
      if (!to_public(t, keydata, pub)) return 0;
      if (!formats::try_encode_public(pub, Pem ? formats::Encoding::pem : formats::Encoding::der,
                                      enc, &error)) {
        raise_error(reason_bad_encoding, "%s: %s", t.name, error.c_str());
        return 0;
      }
      return core_bio_write(out, enc) ? 1 : 0;
    }
    if (S == Structure::pki) {
      formats::PrivateKey priv;
      formats::SecureBytes enc;
      if (!to_private(t, keydata, priv)) return 0;
      const bool encrypt = !ctx->cipher.empty();
      const formats::Encoding e = Pem && !encrypt ? formats::Encoding::pem : formats::Encoding::der;
      if (!formats::try_encode_private(priv, e, std::nullopt, enc, &error)) {
        raise_error(reason_bad_encoding, "%s: %s", t.name, error.c_str());
        return 0;
      }
      if (encrypt) return encrypt_pki(*ctx, enc, Pem, out, cb, cbarg) ? 1 : 0;
      return core_bio_write(out, {enc.data(), enc.size()}) ? 1 : 0;
    }
    // Text.
    formats::PublicKey pub;
    formats::PrivateKey priv;
    const bool want_priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
    std::string text = std::string(t.name) + (want_priv ? " Private-Key:\n" : " Public-Key:\n");
    if (want_priv) {
      if (!to_private(t, keydata, priv)) return 0;
      if (priv.seed) append_hex(text, "seed", {priv.seed->data(), priv.seed->size()});
      append_hex(text, "priv", {priv.expanded.data(), priv.expanded.size()});
    }
    if (to_public(t, keydata, pub)) append_hex(text, "pub", pub.bytes);
    const bool ok =
        core_bio_write(out, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
    OPENSSL_cleanse(text.data(), text.size());
    return ok ? 1 : 0;
  });
}

template <std::size_t T, Structure S, bool Pem>
const OSSL_DISPATCH encoder_functions[] = {
    {OSSL_FUNC_ENCODER_NEWCTX, reinterpret_cast<void (*)()>(enc_newctx)},
    {OSSL_FUNC_ENCODER_FREECTX, reinterpret_cast<void (*)()>(enc_freectx)},
    {OSSL_FUNC_ENCODER_SET_CTX_PARAMS, reinterpret_cast<void (*)()>(enc_set_ctx_params)},
    {OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(enc_settable_ctx_params)},
    {OSSL_FUNC_ENCODER_DOES_SELECTION, reinterpret_cast<void (*)()>(does_selection<S>)},
    {OSSL_FUNC_ENCODER_ENCODE, reinterpret_cast<void (*)()>(encode<T, S, Pem>)},
    {0, nullptr},
};

constexpr std::size_t encoders_per_type = 5;

template <std::size_t T>
std::array<OSSL_ALGORITHM, encoders_per_type> encoders_of() {
  const char* name = codec_types()[T].names;
  return {{
      {name, "provider=pqlab,output=der,structure=SubjectPublicKeyInfo",
       encoder_functions<T, Structure::spki, false>, nullptr},
      {name, "provider=pqlab,output=pem,structure=SubjectPublicKeyInfo",
       encoder_functions<T, Structure::spki, true>, nullptr},
      {name, "provider=pqlab,output=der,structure=PrivateKeyInfo",
       encoder_functions<T, Structure::pki, false>, nullptr},
      {name, "provider=pqlab,output=pem,structure=PrivateKeyInfo",
       encoder_functions<T, Structure::pki, true>, nullptr},
      {name, "provider=pqlab,output=text", encoder_functions<T, Structure::text, false>, nullptr},
  }};
}

template <std::size_t... T>
std::vector<OSSL_ALGORITHM> make_encoders(std::index_sequence<T...>) {
  std::vector<OSSL_ALGORITHM> all;
  (
      [&] {
    const auto part = encoders_of<T>();
    all.insert(all.end(), part.begin(), part.end());
      }(),
      ...);
  all.push_back({nullptr, nullptr, nullptr, nullptr});
  return all;
}

}  // namespace

const OSSL_ALGORITHM* encoder_algorithms() {
  static const std::vector<OSSL_ALGORITHM> table =
      make_encoders(std::make_index_sequence<codec_type_count>{});
  return table.data();
}

}  // namespace pqlab::provider
