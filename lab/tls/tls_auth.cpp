// pqlab lab: the authentication half of a TLS 1.3 handshake, measured.
#include "tls/tls_auth.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <time.h>

#include <algorithm>
#include <cstring>
#include <functional>

namespace pqlab::tls {
namespace {

[[noreturn]] void fail(const std::string& what) { throw TlsError(what + ": " + drain_openssl_errors()); }

std::uint64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

struct MdCtxFree {
  void operator()(EVP_MD_CTX* p) const { EVP_MD_CTX_free(p); }
};
using MdCtx = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;

// The digest a TLS 1.3 signature scheme pairs with the key (RFC 8446
// §4.2.3); none for Ed25519 and the post-quantum schemes.
const char* scheme_digest(const std::string& scheme) {
  return scheme == "ECDSA-P256" || scheme == "RSA-2048" ? "SHA256" : nullptr;
}

// EVP_DigestSign/VerifyInit for the CertificateVerify: RSA keys sign with
// PSS, salt length = digest length (rsa_pss_rsae_sha256).
MdCtx cv_ctx(const std::string& scheme, EVP_PKEY* key, bool sign) {
  MdCtx ctx(EVP_MD_CTX_new());
  EVP_PKEY_CTX* pctx = nullptr;
  const char* md = scheme_digest(scheme);
  const int ok = ctx ? (sign ? EVP_DigestSignInit_ex(ctx.get(), &pctx, md, nullptr, nullptr, key, nullptr)
                             : EVP_DigestVerifyInit_ex(ctx.get(), &pctx, md, nullptr, nullptr, key, nullptr))
                     : 0;
  if (ok != 1) fail(scheme + " CertificateVerify init");
  if (scheme == "RSA-2048" && (EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING) != 1 ||
                               EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, RSA_PSS_SALTLEN_DIGEST) != 1))
    fail("RSA-PSS parameters");
  return ctx;
}

std::vector<unsigned char> sign_cv(const std::string& scheme, EVP_PKEY* key, const std::vector<unsigned char>& tbs) {
  MdCtx ctx = cv_ctx(scheme, key, true);
  std::size_t n = 0;
  if (EVP_DigestSign(ctx.get(), nullptr, &n, tbs.data(), tbs.size()) != 1) fail(scheme + " signature size");
  std::vector<unsigned char> sig(n);
  if (EVP_DigestSign(ctx.get(), sig.data(), &n, tbs.data(), tbs.size()) != 1) fail(scheme + " CertificateVerify");
  sig.resize(n);
  return sig;
}

bool verify_cv(const std::string& scheme, EVP_PKEY* key, const std::vector<unsigned char>& sig,
               const std::vector<unsigned char>& tbs) {
  MdCtx ctx = cv_ctx(scheme, key, false);
  return EVP_DigestVerify(ctx.get(), sig.data(), sig.size(), tbs.data(), tbs.size()) == 1;
}

// Runs `op` repeatedly for one run: at least min_iterations times and at
// least min_ms of this thread's CPU time; returns µs per call.
double time_run(const std::function<void()>& op, const AuthPlan& plan) {
  const std::uint64_t start = thread_cpu_ns();
  std::uint64_t elapsed = 0;
  int n = 0;
  do {
    op();
    ++n;
    elapsed = thread_cpu_ns() - start;
  } while (n < plan.min_iterations || static_cast<double>(elapsed) < plan.min_ms_per_run * 1e6);
  return static_cast<double>(elapsed) / 1e3 / n;
}

void finish(CpuStat& s) {
  std::vector<double> v = s.runs_us;
  std::sort(v.begin(), v.end());
  if (v.empty()) return;
  s.median_us = v[v.size() / 2];
  s.min_us = v.front();
  s.max_us = v.back();
}

std::size_t signature_length(X509* cert) {
  const ASN1_BIT_STRING* sig = nullptr;
  X509_get0_signature(&sig, nullptr, cert);
  return sig != nullptr ? static_cast<std::size_t>(ASN1_STRING_length(sig)) : 0;
}

}  // namespace

std::uint64_t certificate_message_bytes(const std::vector<std::size_t>& der_sizes) {
  std::uint64_t n = 4 + 1 + 3;
  for (std::size_t d : der_sizes) n += 3 + d + 2;
  return n;
}

std::uint64_t certificate_verify_message_bytes(std::size_t signature_bytes) { return 4 + 2 + 2 + signature_bytes; }

std::uint64_t in_records(std::uint64_t message_bytes) {
  const std::uint64_t records = (message_bytes + max_record_plaintext - 1) / max_record_plaintext;
  return message_bytes + records * record_overhead_bytes;
}

std::vector<unsigned char> certificate_verify_content(const std::vector<unsigned char>& transcript_hash) {
  static const char context[] = "TLS 1.3, server CertificateVerify";
  const std::size_t context_len = std::strlen(context);
  std::vector<unsigned char> out(64 + context_len + 1 + transcript_hash.size(), 0x20);
  std::memcpy(out.data() + 64, context, context_len);
  out[64 + context_len] = 0x00;
  if (!transcript_hash.empty())
    std::memcpy(out.data() + 64 + context_len + 1, transcript_hash.data(), transcript_hash.size());
  return out;
}

int extra_round_trips(std::uint64_t flight_bytes, std::uint64_t initcwnd_bytes) {
  if (initcwnd_bytes == 0) return 0;
  int extra = 0;
  std::uint64_t window = initcwnd_bytes, sent = initcwnd_bytes;
  while (sent < flight_bytes) {
    window *= 2;
    sent += window;
    ++extra;
  }
  return extra;
}

AuthResult measure_auth(const Chain& chain, const AuthPlan& plan) {
  AuthResult r;
  r.chain = chain.spec;
  const std::vector<unsigned char> leaf_der = cert_der(chain.leaf.get());
  const std::vector<unsigned char> int_der = cert_der(chain.intermediate.get());
  r.leaf_der_bytes = leaf_der.size();
  r.intermediate_der_bytes = int_der.size();
  r.root_der_bytes = cert_der(chain.root.get()).size();
  r.leaf_public_key_bytes = cert_public_key_bytes(chain.leaf.get());
  r.intermediate_public_key_bytes = cert_public_key_bytes(chain.intermediate.get());
  r.root_public_key_bytes = cert_public_key_bytes(chain.root.get());
  r.leaf_signature_bytes = signature_length(chain.leaf.get());
  r.intermediate_signature_bytes = signature_length(chain.intermediate.get());
  r.certificate_message_bytes = certificate_message_bytes({leaf_der.size(), int_der.size()});

  // The transcript hash of the default suite TLS_AES_256_GCM_SHA384: 48 bytes.
  std::vector<unsigned char> hash(48);
  if (RAND_bytes(hash.data(), static_cast<int>(hash.size())) != 1) fail("random transcript hash");
  const std::vector<unsigned char> tbs = certificate_verify_content(hash);
  const std::string& leaf = chain.spec.leaf;
  EVP_PKEY* leaf_key = chain.leaf_key.get();
  std::vector<unsigned char> sig = sign_cv(leaf, leaf_key, tbs);
  if (!verify_cv(leaf, leaf_key, sig, tbs)) fail(leaf + ": CertificateVerify does not verify");
  if (X509_verify(chain.leaf.get(), X509_get0_pubkey(chain.intermediate.get())) != 1 ||
      X509_verify(chain.intermediate.get(), X509_get0_pubkey(chain.root.get())) != 1)
    fail(chain.spec.label() + ": chain does not verify");

  std::vector<std::size_t> sig_lengths;
  for (int run = 0; run < plan.runs; ++run) {
    r.sign_cv.runs_us.push_back(time_run(
        [&] {
      sig = sign_cv(leaf, leaf_key, tbs);
      sig_lengths.push_back(sig.size());
        },
        plan));
    r.verify_cv.runs_us.push_back(time_run(
        [&] {
      if (!verify_cv(leaf, leaf_key, sig, tbs)) fail(leaf + ": CertificateVerify does not verify");
        },
        plan));
    r.verify_leaf.runs_us.push_back(time_run(
        [&] {
      if (X509_verify(chain.leaf.get(), X509_get0_pubkey(chain.intermediate.get())) != 1) fail("leaf signature");
        },
        plan));
    r.verify_intermediate.runs_us.push_back(time_run(
        [&] {
      if (X509_verify(chain.intermediate.get(), X509_get0_pubkey(chain.root.get())) != 1)
        fail("intermediate signature");
        },
        plan));
    r.parse_chain.runs_us.push_back(time_run(
        [&] {
      for (const std::vector<unsigned char>* der : {&leaf_der, &int_der}) {
        const unsigned char* p = der->data();
        X509* x = d2i_X509(nullptr, &p, static_cast<long>(der->size()));
        if (x == nullptr || X509_get0_pubkey(x) == nullptr) fail("certificate parse");
        X509_free(x);
      }
        },
        plan));
  }
  for (CpuStat* s : {&r.sign_cv, &r.verify_cv, &r.verify_leaf, &r.verify_intermediate, &r.parse_chain}) finish(*s);
  std::sort(sig_lengths.begin(), sig_lengths.end());
  r.certificate_verify_signature_bytes = sig_lengths[sig_lengths.size() / 2];
  r.certificate_verify_message_bytes = certificate_verify_message_bytes(r.certificate_verify_signature_bytes);
  return r;
}

}  // namespace pqlab::tls
