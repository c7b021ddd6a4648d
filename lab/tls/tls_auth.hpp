// pqlab lab: the authentication half of a TLS 1.3 handshake, measured on a
// real certificate chain (tls/cert_chain.hpp) outside the handshake — the
// bytes of the Certificate and CertificateVerify messages, the server's CPU
// to sign CertificateVerify, the client's CPU to parse the chain and verify
// CertificateVerify, the leaf's and the intermediate's signatures — and
// composed into a measured key-exchange handshake.
//
// Why composed: OpenSSL 3.0 cannot negotiate a provider's signature
// scheme in TLS 1.3 (providers gained TLS-SIGALG capabilities in 3.2), so
// a handshake authenticated with ML-DSA or SLH-DSA cannot run here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tls/cert_chain.hpp"

namespace pqlab::tls {

// RFC 8446 §4.4.2: handshake header (4) + certificate_request_context
// length (1) + certificate_list length (3) + per entry: cert_data length
// (3) + DER + extensions length (2).
std::uint64_t certificate_message_bytes(const std::vector<std::size_t>& der_sizes);
// RFC 8446 §4.4.3: handshake header (4) + SignatureScheme (2) + signature
// length (2) + signature.
std::uint64_t certificate_verify_message_bytes(std::size_t signature_bytes);
// A handshake message in TLS 1.3 records as OpenSSL 3.0 writes them: each
// message in records of at most 16,384 bytes, each record adding a 5-byte
// header, the inner content type (1) and the AEAD tag (16).
constexpr std::uint64_t record_overhead_bytes = 5 + 1 + 16;
constexpr std::uint64_t max_record_plaintext = 16384;
std::uint64_t in_records(std::uint64_t message_bytes);
// RFC 8446 §4.4.3: 64 spaces, "TLS 1.3, server CertificateVerify", 0x00,
// then the transcript hash.
std::vector<unsigned char> certificate_verify_content(const std::vector<unsigned char>& transcript_hash);

// CPU µs per operation: the median over runs of each run's mean, with the
// runs' minimum and maximum.
struct CpuStat {
  double median_us = 0, min_us = 0, max_us = 0;
  std::vector<double> runs_us;
  double spread_us() const { return max_us - min_us; }
};

struct AuthPlan {
  int runs = 3;
  double min_ms_per_run = 20;  // each run repeats an operation at least this long (CPU time)
  int min_iterations = 3;      // and at least this often
};

struct AuthResult {
  ChainSpec chain;
  std::size_t leaf_der_bytes = 0, intermediate_der_bytes = 0, root_der_bytes = 0;
  std::size_t leaf_public_key_bytes = 0, intermediate_public_key_bytes = 0, root_public_key_bytes = 0;
  std::size_t leaf_signature_bytes = 0, intermediate_signature_bytes = 0;  // in the certificates
  std::size_t certificate_verify_signature_bytes = 0;                      // median (ECDSA's DER length varies)
  std::uint64_t certificate_message_bytes = 0, certificate_verify_message_bytes = 0;
  // Server: sign CertificateVerify. Client: parse the two certificates
  // (d2i_X509 and the public keys), verify CertificateVerify with the
  // leaf's key, the leaf's signature with the intermediate's key, the
  // intermediate's with the root's.
  CpuStat sign_cv, verify_cv, verify_leaf, verify_intermediate, parse_chain;
  double server_us() const { return sign_cv.median_us; }
  double client_us() const {
    return verify_cv.median_us + verify_leaf.median_us + verify_intermediate.median_us + parse_chain.median_us;
  }
  // The bytes the two messages take on the wire, in records.
  std::uint64_t wire_bytes() const {
    return in_records(certificate_message_bytes) + in_records(certificate_verify_message_bytes);
  }
};

// Every operation through EVP, as OpenSSL's TLS code does it: the
// CertificateVerify with rsa_pss_rsae_sha256, ecdsa_secp256r1_sha256,
// ed25519, or the pure ML-DSA / SLH-DSA signature over the signed content;
// the certificates with X509_verify.
AuthResult measure_auth(const Chain& chain, const AuthPlan& plan);

// The slow-start rounds a flight needs beyond the first: with no loss, the
// window starts at initcwnd_bytes and doubles each round trip.
int extra_round_trips(std::uint64_t flight_bytes, std::uint64_t initcwnd_bytes);

}  // namespace pqlab::tls
