// A CMS SignedData signer for the provider's CLI test. OpenSSL 3.0's
// CMS_add1_signer leaves the SignerInfo's signatureAlgorithm empty for a
// key type that only a provider knows (later releases fill it in from the
// key's OID), so `openssl cms -sign` cannot sign with ML-DSA on 3.0. This
// program does what `openssl cms -sign -binary -md <digest>` would, and
// names the signature algorithm itself (RFC 9882 §3: the ML-DSA OID,
// parameters absent); `openssl cms -verify` then checks the result.
//
// usage: pqlab_cms_sign PROVIDER_DIR CERT.pem KEY.pem IN OUT.pem [CHAIN.pem ...]
// (the CHAIN certificates, e.g. an intermediate CA, go into the message).
#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/provider.h>
#include <openssl/x509.h>

#include <cstdio>

namespace {

int die(const char* what) {
  std::fprintf(stderr, "pqlab_cms_sign: %s\n", what);
  ERR_print_errors_fp(stderr);
  return 2;
}

X509* read_cert(const char* path) {
  BIO* bio = BIO_new_file(path, "r");
  X509* cert = bio != nullptr ? PEM_read_bio_X509(bio, nullptr, nullptr, nullptr) : nullptr;
  BIO_free(bio);
  return cert;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) return die("usage: pqlab_cms_sign PROVIDER_DIR CERT.pem KEY.pem IN OUT.pem [CHAIN.pem ...]");
  if (OSSL_PROVIDER_set_default_search_path(nullptr, argv[1]) != 1 || OSSL_PROVIDER_load(nullptr, "pqlab") == nullptr ||
      OSSL_PROVIDER_load(nullptr, "default") == nullptr)
    return die("cannot load the providers");
  BIO* cert_bio = BIO_new_file(argv[2], "r");
  BIO* key_bio = BIO_new_file(argv[3], "r");
  BIO* in = BIO_new_file(argv[4], "rb");
  BIO* out = BIO_new_file(argv[5], "w");
  X509* cert = cert_bio != nullptr ? PEM_read_bio_X509(cert_bio, nullptr, nullptr, nullptr) : nullptr;
  EVP_PKEY* key = key_bio != nullptr ? PEM_read_bio_PrivateKey(key_bio, nullptr, nullptr, nullptr) : nullptr;
  int rc = 0;
  CMS_ContentInfo* cms = nullptr;
  if (cert == nullptr || key == nullptr || in == nullptr || out == nullptr) {
    rc = die("cannot read the certificate, key or input");
  } else {
    const unsigned flags = CMS_BINARY | CMS_PARTIAL;
    cms = CMS_sign(nullptr, nullptr, nullptr, nullptr, flags);
    // RFC 9882 §3.3: SHA-512 for the messageDigest attribute.
    CMS_SignerInfo* si = cms != nullptr ? CMS_add1_signer(cms, cert, key, EVP_sha512(), flags) : nullptr;
    X509_ALGOR* sig_alg = nullptr;
    if (si != nullptr) CMS_SignerInfo_get0_algs(si, nullptr, nullptr, nullptr, &sig_alg);
    ASN1_OBJECT* oid = OBJ_txt2obj(EVP_PKEY_get0_type_name(key), 0);
    if (sig_alg == nullptr || oid == nullptr || X509_ALGOR_set0(sig_alg, oid, V_ASN1_UNDEF, nullptr) != 1) {
      ASN1_OBJECT_free(oid);
      rc = die("cannot set up the SignerInfo");
    } else {
      for (int i = 6; i < argc && rc == 0; ++i) {
        X509* extra = read_cert(argv[i]);
        if (extra == nullptr || CMS_add1_cert(cms, extra) != 1) rc = die("cannot add a chain certificate");
        X509_free(extra);
      }
    }
    if (rc == 0 &&
        (CMS_final(cms, in, nullptr, CMS_BINARY) != 1 || PEM_write_bio_CMS_stream(out, cms, nullptr, 0) != 1))
      rc = die("signing failed");
  }
  CMS_ContentInfo_free(cms);
  EVP_PKEY_free(key);
  X509_free(cert);
  BIO_free(out);
  BIO_free(in);
  BIO_free(key_bio);
  BIO_free(cert_bio);
  return rc;
}
