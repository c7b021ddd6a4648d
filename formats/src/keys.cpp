// SubjectPublicKeyInfo and PKCS#8 PrivateKeyInfo for pqlab's algorithms
// (see keys.hpp): the outer structures through libcrypto's ASN.1 code, the
// small private-key CHOICE of the LAMPS documents by hand, strictly.
//
// Why not d2i_X509_PUBKEY: in OpenSSL 3 its decode callback tries to turn
// every SubjectPublicKeyInfo it reads into an EVP_PKEY through the loaded
// providers' decoders. When the pqlab provider's own decoder calls this
// library, that would call the provider again, without end. The SPKI is
// therefore read as its two parts (d2i_X509_ALGOR, d2i_ASN1_BIT_STRING)
// inside the outer SEQUENCE (ASN1_get_object); X509_PUBKEY only writes.
// Every decoder finally re-encodes what it read and requires the input to be
// exactly that encoding, which refuses all non-DER (BER) variants.
#include <openssl/asn1.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <memory>
#include <new>

#include "pqlab/formats/keys.hpp"
#include "pqlab/mldsa.hpp"
#include "pqlab/random.hpp"

namespace pqlab::formats {

void wipe(void* p, std::size_t n) noexcept {
  if (p != nullptr && n != 0) OPENSSL_cleanse(p, n);
}

const char* to_string(Encoding e) noexcept {
  switch (e) {
    case Encoding::raw: return "raw";
    case Encoding::der: return "der";
    case Encoding::pem: return "pem";
  }
  return "?";
}

const char* to_string(PrivateForm f) noexcept {
  switch (f) {
    case PrivateForm::seed: return "seed";
    case PrivateForm::expanded: return "expanded";
    case PrivateForm::both: return "both";
  }
  return "?";
}

namespace {

using ConstSpan = std::span<const std::uint8_t>;

[[noreturn]] void fail(const std::string& message) { throw Error(message); }

std::string name_of(const Algorithm& alg) { return std::string(alg.name); }

enum class Family { mlkem, mldsa, slhdsa };

Family family_of(const Algorithm& alg) {
  const std::string_view n = alg.name;
  if (n.substr(0, 7) == "ML-KEM-") return Family::mlkem;
  if (n.substr(0, 7) == "ML-DSA-") return Family::mldsa;
  if (n.substr(0, 8) == "SLH-DSA-") return Family::slhdsa;
  fail(name_of(alg) + " has no standard key encoding");
}

bool same_algorithm(const Algorithm& a, const Algorithm& b) { return a.name == b.name; }

// ---------------------------------------------------------------------------
// libcrypto plumbing.

// Errors that libcrypto queues while this library parses are its own
// business: they are removed again, and the caller gets an Error instead.
class ErrorMark {
 public:
  ErrorMark() { ERR_set_mark(); }
  ~ErrorMark() { ERR_pop_to_mark(); }
  ErrorMark(const ErrorMark&) = delete;
  ErrorMark& operator=(const ErrorMark&) = delete;
};

// The reason of the last queued libcrypto error, for messages.
std::string openssl_reason(const char* fallback) {
  const unsigned long e = ERR_peek_last_error();
  const char* r = e != 0 ? ERR_reason_error_string(e) : nullptr;
  return r != nullptr ? std::string(r) : std::string(fallback);
}

struct AlgorFree {
  void operator()(X509_ALGOR* a) const { X509_ALGOR_free(a); }
};
struct BitStringFree {
  void operator()(ASN1_BIT_STRING* s) const { ASN1_BIT_STRING_free(s); }
};
struct PubkeyFree {
  void operator()(X509_PUBKEY* p) const { X509_PUBKEY_free(p); }
};
struct P8Free {
  // PKCS8_PRIV_KEY_INFO_free clears the private key octets (its ASN.1
  // free callback uses ASN1_STRING_clear_free).
  void operator()(PKCS8_PRIV_KEY_INFO* p) const { PKCS8_PRIV_KEY_INFO_free(p); }
};
struct ObjectFree {
  void operator()(ASN1_OBJECT* o) const { ASN1_OBJECT_free(o); }
};
struct BioFree {
  void operator()(BIO* b) const { BIO_free(b); }
};

long checked_long(std::size_t n) {
  if (n > static_cast<std::size_t>(INT_MAX)) fail("input too large (" + std::to_string(n) + " bytes)");
  return static_cast<long>(n);
}

std::string dotted(const ASN1_OBJECT* obj) {
  std::array<char, 128> buf{};
  const int n = OBJ_obj2txt(buf.data(), static_cast<int>(buf.size()), obj, 1);
  if (n <= 0) return "(unreadable OID)";
  if (static_cast<std::size_t>(n) >= buf.size()) return std::string(buf.data()) + "...";
  return std::string(buf.data(), static_cast<std::size_t>(n));
}

std::unique_ptr<ASN1_OBJECT, ObjectFree> object_of(const Algorithm& alg) {
  const std::string_view oid = oid_of(alg);
  if (oid.empty()) fail(name_of(alg) + " has no OID");
  std::unique_ptr<ASN1_OBJECT, ObjectFree> obj(OBJ_txt2obj(std::string(oid).c_str(), 1));
  if (!obj) throw std::bad_alloc();
  return obj;
}

// The outer SEQUENCE of a DER structure: its contents [begin, end), which
// must end where the input ends. `what` names the structure in messages.
struct Contents {
  const unsigned char* begin;
  const unsigned char* end;
};
Contents outer_sequence(ConstSpan der, const char* what) {
  if (der.empty()) fail(std::string("empty input: not a ") + what);
  const unsigned char* p = der.data();
  long len = 0;
  int tag = 0, cls = 0;
  const int r = ASN1_get_object(&p, &len, &tag, &cls, checked_long(der.size()));
  if ((r & 0x80) != 0) fail(std::string("not a DER ") + what + ": " + openssl_reason("malformed") + " (truncated?)");
  if (r != V_ASN1_CONSTRUCTED || tag != V_ASN1_SEQUENCE || cls != V_ASN1_UNIVERSAL)
    fail(std::string("not a DER ") + what + ": " +
         (r == (V_ASN1_CONSTRUCTED | 1) ? "indefinite length" : "does not start with a SEQUENCE"));
  const unsigned char* end = p + len;
  if (end != der.data() + der.size())
    fail(std::string("trailing bytes after the ") + what + " (" +
         std::to_string(static_cast<std::size_t>(der.data() + der.size() - end)) + ")");
  return {p, end};
}

// True if `der` is one complete DER SEQUENCE (the shape of an SPKI or a
// PrivateKeyInfo), without looking further. Never throws.
bool is_complete_sequence(ConstSpan der) noexcept {
  if (der.empty() || der[0] != 0x30 || der.size() > static_cast<std::size_t>(INT_MAX)) return false;
  ErrorMark mark;
  const unsigned char* p = der.data();
  long len = 0;
  int tag = 0, cls = 0;
  const int r = ASN1_get_object(&p, &len, &tag, &cls, static_cast<long>(der.size()));
  return r == V_ASN1_CONSTRUCTED && tag == V_ASN1_SEQUENCE && p + len == der.data() + der.size();
}

// The tag of the first element inside the outer SEQUENCE (0x30: an SPKI's
// AlgorithmIdentifier, 0x02: a PrivateKeyInfo's version), or -1.
int first_inner_tag(ConstSpan der) noexcept {
  if (!is_complete_sequence(der)) return -1;
  ErrorMark mark;
  const unsigned char* p = der.data();
  long len = 0;
  int tag = 0, cls = 0;
  (void)ASN1_get_object(&p, &len, &tag, &cls, static_cast<long>(der.size()));
  if (len < 1) return -1;
  return *p;
}

// ---------------------------------------------------------------------------
// SubjectPublicKeyInfo (RFC 5280 §4.1.2.7).

struct SpkiParts {
  std::string oid;
  bool parameters = false;
  int unused_bits = 0;
  std::vector<std::uint8_t> key;
};

SpkiParts parse_spki(ConstSpan der) {
  ErrorMark mark;
  const Contents c = outer_sequence(der, "SubjectPublicKeyInfo");
  const unsigned char* p = c.begin;
  std::unique_ptr<X509_ALGOR, AlgorFree> algor(d2i_X509_ALGOR(nullptr, &p, c.end - p));
  if (!algor) fail("not a DER SubjectPublicKeyInfo: bad AlgorithmIdentifier (" + openssl_reason("malformed") + ")");
  std::unique_ptr<ASN1_BIT_STRING, BitStringFree> bits(d2i_ASN1_BIT_STRING(nullptr, &p, c.end - p));
  if (!bits)
    fail("not a DER SubjectPublicKeyInfo: bad subjectPublicKey BIT STRING (" + openssl_reason("malformed") + ")");
  if (p != c.end) fail("not a DER SubjectPublicKeyInfo: extra fields after the subjectPublicKey");
  SpkiParts out;
  const ASN1_OBJECT* obj = nullptr;
  int ptype = 0;
  const void* pval = nullptr;
  X509_ALGOR_get0(&obj, &ptype, &pval, algor.get());
  out.oid = dotted(obj);
  out.parameters = ptype != V_ASN1_UNDEF;
  out.unused_bits = (bits->flags & ASN1_STRING_FLAG_BITS_LEFT) != 0 ? static_cast<int>(bits->flags & 0x07) : 0;
  const unsigned char* data = ASN1_STRING_get0_data(bits.get());
  out.key.assign(data, data + ASN1_STRING_length(bits.get()));
  return out;
}

std::vector<std::uint8_t> spki_der(const Algorithm& alg, ConstSpan key) {
  ErrorMark mark;
  std::unique_ptr<X509_PUBKEY, PubkeyFree> pub(X509_PUBKEY_new());
  if (!pub) throw std::bad_alloc();
  auto obj = object_of(alg);
  auto* buf = static_cast<unsigned char*>(OPENSSL_malloc(key.size()));
  if (buf == nullptr) throw std::bad_alloc();
  std::memcpy(buf, key.data(), key.size());
  // Parameters absent (V_ASN1_UNDEF); the BIT STRING takes buf, 0 unused bits.
  if (X509_PUBKEY_set0_param(pub.get(), obj.get(), V_ASN1_UNDEF, nullptr, buf, static_cast<int>(key.size())) != 1) {
    OPENSSL_free(buf);
    fail("cannot build the SubjectPublicKeyInfo: " + openssl_reason("libcrypto error"));
  }
  (void)obj.release();  // owned by pub now
  const int n = i2d_X509_PUBKEY(pub.get(), nullptr);
  if (n <= 0) fail("cannot encode the SubjectPublicKeyInfo: " + openssl_reason("libcrypto error"));
  std::vector<std::uint8_t> out(static_cast<std::size_t>(n));
  unsigned char* q = out.data();
  if (i2d_X509_PUBKEY(pub.get(), &q) != n) fail("cannot encode the SubjectPublicKeyInfo");
  return out;
}

// ---------------------------------------------------------------------------
// PrivateKeyInfo / OneAsymmetricKey (RFC 5208, RFC 5958).

struct P8Parts {
  std::string oid;
  bool parameters = false;
  bool attributes = false;
  SecureBytes octets;  // privateKey's contents
};

P8Parts parse_pkcs8(ConstSpan der) {
  ErrorMark mark;
  const Contents c = outer_sequence(der, "PrivateKeyInfo");
  // The version first, for a clear message on a OneAsymmetricKey v2 (with
  // its publicKey [1], which OpenSSL 3.0's PKCS8_PRIV_KEY_INFO lacks).
  {
    const unsigned char* p = c.begin;
    long len = 0;
    int tag = 0, cls = 0;
    const int r = ASN1_get_object(&p, &len, &tag, &cls, c.end - c.begin);
    if ((r & 0x80) != 0 || r != 0 || tag != V_ASN1_INTEGER || cls != V_ASN1_UNIVERSAL)
      fail("not a DER PrivateKeyInfo: no version INTEGER");
    if (len != 1 || p[0] != 0)
      fail(len == 1 && p[0] == 1 ? "OneAsymmetricKey version 2 (with a publicKey) is not supported; only version 0 (v1)"
                                 : "not a DER PrivateKeyInfo: unsupported version");
  }
  const unsigned char* p = der.data();
  std::unique_ptr<PKCS8_PRIV_KEY_INFO, P8Free> p8(d2i_PKCS8_PRIV_KEY_INFO(nullptr, &p, checked_long(der.size())));
  if (!p8) fail("not a DER PrivateKeyInfo: " + openssl_reason("malformed"));
  if (p != der.data() + der.size()) fail("trailing bytes after the PrivateKeyInfo");
  P8Parts out;
  const ASN1_OBJECT* obj = nullptr;
  const unsigned char* pk = nullptr;
  int pklen = 0;
  const X509_ALGOR* algor = nullptr;
  if (PKCS8_pkey_get0(&obj, &pk, &pklen, &algor, p8.get()) != 1) fail("not a DER PrivateKeyInfo");
  out.oid = dotted(obj);
  int ptype = 0;
  const void* pval = nullptr;
  X509_ALGOR_get0(nullptr, &ptype, &pval, algor);
  out.parameters = ptype != V_ASN1_UNDEF;
  out.attributes = PKCS8_pkey_get0_attrs(p8.get()) != nullptr;
  out.octets.assign(pk, pk + pklen);
  return out;
}

SecureBytes pkcs8_der(const Algorithm& alg, ConstSpan private_key_octets) {
  ErrorMark mark;
  std::unique_ptr<PKCS8_PRIV_KEY_INFO, P8Free> p8(PKCS8_PRIV_KEY_INFO_new());
  if (!p8) throw std::bad_alloc();
  auto obj = object_of(alg);
  const std::size_t len = private_key_octets.size();
  auto* buf = static_cast<unsigned char*>(OPENSSL_malloc(len));
  if (buf == nullptr) throw std::bad_alloc();
  std::memcpy(buf, private_key_octets.data(), len);
  // Version 0, parameters absent, no attributes.
  if (PKCS8_pkey_set0(p8.get(), obj.get(), 0, V_ASN1_UNDEF, nullptr, buf, static_cast<int>(len)) != 1) {
    OPENSSL_clear_free(buf, len);
    fail("cannot build the PrivateKeyInfo: " + openssl_reason("libcrypto error"));
  }
  (void)obj.release();
  const int n = i2d_PKCS8_PRIV_KEY_INFO(p8.get(), nullptr);
  if (n <= 0) fail("cannot encode the PrivateKeyInfo: " + openssl_reason("libcrypto error"));
  SecureBytes out(static_cast<std::size_t>(n));
  unsigned char* q = out.data();
  if (i2d_PKCS8_PRIV_KEY_INFO(p8.get(), &q) != n) fail("cannot encode the PrivateKeyInfo");
  return out;
}

// ---------------------------------------------------------------------------
// PEM (RFC 7468): the labels "PUBLIC KEY" and "PRIVATE KEY".

bool is_space(std::uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool looks_like_pem(ConstSpan in) noexcept {
  static constexpr std::string_view begin = "-----BEGIN ";
  std::size_t i = 0;
  while (i < in.size() && is_space(in[i])) ++i;
  if (in.size() - i < begin.size()) return false;
  return std::memcmp(in.data() + i, begin.data(), begin.size()) == 0;
}

struct PemBlock {
  std::string label;
  SecureBytes der;
};

PemBlock parse_pem(ConstSpan in) {
  ErrorMark mark;
  std::unique_ptr<BIO, BioFree> bio(BIO_new_mem_buf(in.data(), static_cast<int>(checked_long(in.size()))));
  if (!bio) throw std::bad_alloc();
  char* name = nullptr;
  char* header = nullptr;
  unsigned char* data = nullptr;
  long len = 0;
  // PEM_FLAG_SECURE: libcrypto holds the decoded bytes in (secure, cleared)
  // memory and clears its line buffers.
  const int ok = PEM_read_bio_ex(bio.get(), &name, &header, &data, &len, PEM_FLAG_SECURE | PEM_FLAG_EAY_COMPATIBLE);
  struct Release {
    char*& name;
    char*& header;
    unsigned char*& data;
    long& len;
    ~Release() {
      OPENSSL_secure_free(name);
      OPENSSL_secure_free(header);
      if (data != nullptr) OPENSSL_secure_clear_free(data, static_cast<std::size_t>(len));
    }
  } release{name, header, data, len};
  if (ok != 1) fail("bad PEM: " + openssl_reason("malformed"));
  if (header != nullptr && header[0] != '\0') fail("PEM headers (e.g. an encrypted key) are not supported");
  std::array<char, 256> rest{};
  for (int r; (r = BIO_read(bio.get(), rest.data(), static_cast<int>(rest.size()))) > 0;)
    for (int i = 0; i < r; ++i)
      if (!is_space(static_cast<std::uint8_t>(rest[static_cast<std::size_t>(i)]))) fail("data after the PEM block");
  PemBlock out;
  out.label = name != nullptr ? name : "";
  out.der.assign(data, data + len);
  return out;
}

// 64 base64 characters a line (48 bytes), as RFC 7468 §2 has it. The
// output is sized first and written in place.
template <class Out>
Out pem_encode(std::string_view label, ConstSpan der) {
  const std::string_view begin = "-----BEGIN ", end = "-----END ", dashes = "-----\n";
  const std::size_t lines = (der.size() + 47) / 48;
  const std::size_t b64 = 4 * ((der.size() + 2) / 3);
  const std::size_t frame = begin.size() + end.size() + 2 * (label.size() + dashes.size());
  Out out(frame + b64 + lines);
  std::size_t at = 0;
  auto put = [&](std::string_view s) {
    for (char c : s) out[at++] = static_cast<std::uint8_t>(c);
  };
  put(begin);
  put(label);
  put(dashes);
  std::array<unsigned char, 65> line{};
  for (std::size_t i = 0; i < der.size(); i += 48) {
    const std::size_t n = std::min<std::size_t>(48, der.size() - i);
    const int chars = EVP_EncodeBlock(line.data(), der.data() + i, static_cast<int>(n));
    for (int c = 0; c < chars; ++c) out[at++] = line[static_cast<std::size_t>(c)];
    out[at++] = '\n';
  }
  wipe(line.data(), line.size());
  put(end);
  put(label);
  put(dashes);
  if (at != out.size()) fail("PEM encoding: internal size mismatch");
  return out;
}

// ---------------------------------------------------------------------------
// The private-key CHOICE of ML-KEM and ML-DSA (X509-ML-KEM-2025 and
// X509-ML-DSA-2025 modules, IMPLICIT TAGS):
//   seed [0] OCTET STRING | expandedKey OCTET STRING | both SEQUENCE {seed, expandedKey}

constexpr std::uint8_t kTagSeed = 0x80;  // [0] IMPLICIT, primitive
constexpr std::uint8_t kTagOctetString = 0x04;
constexpr std::uint8_t kTagSequence = 0x30;

void append_length(SecureBytes& out, std::size_t n) {
  if (n < 0x80) {
    out.push_back(static_cast<std::uint8_t>(n));
  } else if (n < 0x100) {
    out.push_back(0x81);
    out.push_back(static_cast<std::uint8_t>(n));
  } else if (n < 0x10000) {
    out.push_back(0x82);
    out.push_back(static_cast<std::uint8_t>(n >> 8));
    out.push_back(static_cast<std::uint8_t>(n));
  } else {
    fail("private key too large");
  }
}

std::size_t length_size(std::size_t n) { return n < 0x80 ? 1 : n < 0x100 ? 2 : 3; }

void append_element(SecureBytes& out, std::uint8_t tag, ConstSpan value) {
  out.push_back(tag);
  append_length(out, value.size());
  out.insert(out.end(), value.begin(), value.end());
}

// A DER length at in[pos] (minimal form, at most 3 length bytes), which
// must fit in what follows; advances pos past it.
std::size_t read_length(ConstSpan in, std::size_t& pos) {
  if (pos >= in.size()) fail("private key truncated (no length)");
  const std::uint8_t first = in[pos++];
  if (first < 0x80) {
    if (first > in.size() - pos) fail("private key truncated");
    return first;
  }
  if (first == 0x80) fail("indefinite length in the private key (not DER)");
  const std::size_t count = first & 0x7fu;
  if (count > 3) fail("length too large in the private key");
  if (count > in.size() - pos) fail("private key truncated");
  std::size_t value = 0;
  for (std::size_t i = 0; i < count; ++i) value = value << 8 | in[pos + i];
  if (in[pos] == 0 || value < 0x80) fail("non-minimal length in the private key (not DER)");
  pos += count;
  if (value > in.size() - pos) fail("private key truncated");
  return value;
}

// An element with the given tag and exact length at in[pos]; returns its value.
ConstSpan read_element(ConstSpan in, std::size_t& pos, std::uint8_t tag, std::size_t expected, const Algorithm& alg,
                       const char* what) {
  if (pos >= in.size()) fail(name_of(alg) + " private key: " + what + " missing");
  if (in[pos] != tag) fail(name_of(alg) + " private key: " + what + " has the wrong tag");
  ++pos;
  const std::size_t len = read_length(in, pos);
  if (len != expected)
    fail(name_of(alg) + " " + what + " has " + std::to_string(len) + " bytes; expected " + std::to_string(expected));
  const ConstSpan value = in.subspan(pos, len);
  pos += len;
  return value;
}

SecureBytes encode_choice(const PrivateKey& key, PrivateForm form) {
  SecureBytes out;
  switch (form) {
    case PrivateForm::seed: append_element(out, kTagSeed, *key.seed); break;
    case PrivateForm::expanded: append_element(out, kTagOctetString, key.expanded); break;
    case PrivateForm::both: {
      const std::size_t inner = 1 + length_size(key.seed->size()) + key.seed->size() + 1 +
                                length_size(key.expanded.size()) + key.expanded.size();
      out.reserve(1 + length_size(inner) + inner);
      out.push_back(kTagSequence);
      append_length(out, inner);
      append_element(out, kTagOctetString, *key.seed);
      append_element(out, kTagOctetString, key.expanded);
      break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Key generation and consistency checks.

template <class P>
Status mldsa_public_from_secret(std::span<std::uint8_t> pk, ConstSpan sk) {
  return mldsa::public_from_secret<P>(std::span<std::uint8_t, P::pk_bytes>(pk.data(), P::pk_bytes),
                                      std::span<const std::uint8_t, P::sk_bytes>(sk.data(), P::sk_bytes));
}

// ML-DSA's (ρ, t1) from sk, with its consistency checks.
void mldsa_public(const Algorithm& alg, ConstSpan sk, std::vector<std::uint8_t>& pk) {
  pk.assign(alg.public_key_bytes, 0);
  Status s = Status::unsupported;
  if (alg.name == mldsa::MLDSA44::name)
    s = mldsa_public_from_secret<mldsa::MLDSA44>(pk, sk);
  else if (alg.name == mldsa::MLDSA65::name)
    s = mldsa_public_from_secret<mldsa::MLDSA65>(pk, sk);
  else if (alg.name == mldsa::MLDSA87::name)
    s = mldsa_public_from_secret<mldsa::MLDSA87>(pk, sk);
  if (s == Status::invalid_key)
    fail(name_of(alg) + " expanded key is inconsistent: s1/s2 out of range, or t0 or tr does not follow from them");
  if (s != Status::ok) fail(name_of(alg) + ": cannot compute the public key: " + describe(s));
}

void require_sizes(const PrivateKey& key) {
  if (key.alg == nullptr) fail("private key without an algorithm");
  const Algorithm& alg = *key.alg;
  if (key.expanded.size() != alg.secret_key_bytes)
    fail(name_of(alg) + " expanded key has " + std::to_string(key.expanded.size()) + " bytes; expected " +
         std::to_string(alg.secret_key_bytes));
  if (key.seed && key.seed->size() != alg.seed_bytes)
    fail(name_of(alg) + " seed has " + std::to_string(key.seed->size()) + " bytes; expected " +
         std::to_string(alg.seed_bytes));
}

// An expanded key read without a seed to check it against: the checks of
// keys.hpp. Throws if it fails.
void check_expanded(const Algorithm& alg, ConstSpan sk) {
  switch (family_of(alg)) {
    case Family::mlkem: {
      if (alg.kem->check_decaps_key(sk) != Status::ok)
        fail(name_of(alg) + " expanded key fails the FIPS 203 section 7.3 check (the stored H(ek) does not match ek)");
      const ConstSpan ek = sk.subspan(alg.secret_key_bytes - alg.public_key_bytes - 64, alg.public_key_bytes);
      if (alg.kem->check_encaps_key(ek) != Status::ok)
        fail(name_of(alg) + " expanded key holds an ek that fails the FIPS 203 section 7.2 modulus check");
      // Pairwise consistency: decapsulation must recover what was
      // encapsulated to the key's own ek (a fixed, public m).
      std::array<std::uint8_t, 32> m{};
      m.fill(0xa5);
      std::vector<std::uint8_t> ct(alg.ciphertext_bytes);
      SecureBytes ss(alg.shared_secret_bytes), ss2(alg.shared_secret_bytes);
      if (alg.kem->encaps_derand(ct, ss, ek, m) != Status::ok || alg.kem->decaps(ss2, ct, sk) != Status::ok)
        fail(name_of(alg) + " expanded key: pairwise consistency test failed");
      if (CRYPTO_memcmp(ss.data(), ss2.data(), ss.size()) != 0)
        fail(name_of(alg) +
             " expanded key is inconsistent: decapsulation does not recover an encapsulated secret "
             "(pairwise consistency test)");
      return;
    }
    case Family::mldsa: {
      std::vector<std::uint8_t> pk;
      mldsa_public(alg, sk, pk);
      return;
    }
    case Family::slhdsa: {
      // sk = SK.seed ‖ SK.prf ‖ PK.seed ‖ PK.root (FIPS 205 §9.1): the
      // first three regenerate PK.root (slh_keygen_internal, Alg. 18).
      KeyPair again = from_seed(alg, sk.first(alg.seed_bytes));
      if (CRYPTO_memcmp(again.private_key.expanded.data(), sk.data(), sk.size()) != 0)
        fail(name_of(alg) + " private key is inconsistent: PK.root does not follow from SK.seed and PK.seed");
      return;
    }
  }
}

void check_public(const Algorithm& alg, ConstSpan pk) {
  if (family_of(alg) == Family::mlkem && alg.kem->check_encaps_key(pk) != Status::ok)
    fail(name_of(alg) + " public key fails the FIPS 203 section 7.2 modulus check (the standard's validity check)");
}

// The private key in a PrivateKeyInfo's privateKey octets.
PrivateKey parse_private_octets(const Algorithm& alg, ConstSpan in) {
  PrivateKey key;
  key.alg = &alg;
  if (family_of(alg) == Family::slhdsa) {
    // RFC 9909 §6: the raw FIPS 205 secret key, no inner encoding.
    if (in.size() != alg.secret_key_bytes)
      fail(name_of(alg) + " private key has " + std::to_string(in.size()) + " bytes; expected " +
           std::to_string(alg.secret_key_bytes) + " (SK.seed||SK.prf||PK.seed||PK.root)");
    check_expanded(alg, in);
    key.expanded.assign(in.begin(), in.end());
    key.form = PrivateForm::expanded;
    return key;
  }
  if (in.empty()) fail(name_of(alg) + " private key is empty");
  std::size_t pos = 0;
  switch (in[0]) {
    case kTagSeed: {
      const ConstSpan seed = read_element(in, pos, kTagSeed, alg.seed_bytes, alg, "seed");
      if (pos != in.size()) fail(name_of(alg) + " private key: trailing bytes after the seed");
      key = from_seed(alg, seed).private_key;
      key.form = PrivateForm::seed;
      return key;
    }
    case kTagOctetString: {
      const ConstSpan expanded = read_element(in, pos, kTagOctetString, alg.secret_key_bytes, alg, "expandedKey");
      if (pos != in.size()) fail(name_of(alg) + " private key: trailing bytes after the expandedKey");
      check_expanded(alg, expanded);
      key.expanded.assign(expanded.begin(), expanded.end());
      key.form = PrivateForm::expanded;
      return key;
    }
    case kTagSequence: {
      ++pos;
      const std::size_t len = read_length(in, pos);
      if (pos + len != in.size()) fail(name_of(alg) + " private key: trailing bytes after the 'both' SEQUENCE");
      const ConstSpan seed = read_element(in, pos, kTagOctetString, alg.seed_bytes, alg, "seed");
      const ConstSpan expanded = read_element(in, pos, kTagOctetString, alg.secret_key_bytes, alg, "expandedKey");
      if (pos != in.size()) fail(name_of(alg) + " private key: extra fields in the 'both' SEQUENCE");
      key = from_seed(alg, seed).private_key;
      if (CRYPTO_memcmp(key.expanded.data(), expanded.data(), expanded.size()) != 0)
        fail(name_of(alg) + " private key: seed does not regenerate the expanded key");
      key.form = PrivateForm::both;
      return key;
    }
    case 0xa0:
      fail(name_of(alg) +
           " private key: the seed is a constructed [0]; the specification has [0] IMPLICIT OCTET STRING");
    default: {
      static constexpr char hex[] = "0123456789abcdef";
      const std::string tag{'0', 'x', hex[in[0] >> 4], hex[in[0] & 15]};
      fail(name_of(alg) + " private key: unknown form (tag " + tag +
           "); expected seed [0], expandedKey OCTET STRING or both SEQUENCE");
    }
  }
}

const Algorithm& resolve(const std::string& oid, const Algorithm* expected, const char* structure) {
  const Algorithm* alg = algorithm_of_oid(oid);
  if (expected != nullptr && (alg == nullptr || !same_algorithm(*alg, *expected)))
    fail("wrong OID for " + name_of(*expected) + ": the " + structure + " names " +
         (alg != nullptr ? name_of(*alg) + " (" + oid + ")" : oid) + ", not " + std::string(oid_of(*expected)));
  if (alg == nullptr)
    fail("unknown algorithm OID " + oid + " in the " + structure + " (not ML-KEM, ML-DSA or SLH-DSA)");
  return *alg;
}

PublicKey public_from_der(ConstSpan der, const Algorithm* expected) {
  if (first_inner_tag(der) == 0x02) fail("expected a public key; this is a DER private key (PrivateKeyInfo)");
  const SpkiParts parts = parse_spki(der);
  const Algorithm& alg = resolve(parts.oid, expected, "SubjectPublicKeyInfo");
  if (parts.parameters)
    fail("AlgorithmIdentifier parameters present for " + name_of(alg) + "; the specification requires them absent");
  if (parts.unused_bits != 0)
    fail(name_of(alg) + " public key BIT STRING has " + std::to_string(parts.unused_bits) + " unused bits; expected 0");
  if (parts.key.size() != alg.public_key_bytes)
    fail(name_of(alg) + " public key has " + std::to_string(parts.key.size()) + " bytes; expected " +
         std::to_string(alg.public_key_bytes));
  check_public(alg, parts.key);
  PublicKey key{&alg, parts.key};
  const std::vector<std::uint8_t> again = spki_der(alg, key.bytes);
  if (again.size() != der.size() || std::memcmp(again.data(), der.data(), der.size()) != 0)
    fail("the SubjectPublicKeyInfo is not in DER canonical form");
  return key;
}

PrivateKey private_from_der(ConstSpan der, const Algorithm* expected) {
  if (first_inner_tag(der) == 0x30) fail("expected a private key; this is a DER public key (SubjectPublicKeyInfo)");
  const P8Parts parts = parse_pkcs8(der);
  const Algorithm& alg = resolve(parts.oid, expected, "PrivateKeyInfo");
  if (parts.parameters)
    fail("AlgorithmIdentifier parameters present for " + name_of(alg) + "; the specification requires them absent");
  if (parts.attributes) fail("PrivateKeyInfo attributes are not supported");
  PrivateKey key = parse_private_octets(alg, parts.octets);
  const SecureBytes again = encode_private(key, Encoding::der, key.form);
  if (again.size() != der.size() || CRYPTO_memcmp(again.data(), der.data(), der.size()) != 0)
    fail("the PrivateKeyInfo is not in DER canonical form");
  return key;
}

std::string size_message(std::size_t got, const Algorithm* expected, std::size_t raw, const char* what) {
  std::string m = std::to_string(got) + " bytes: not a DER or PEM " + what;
  if (expected != nullptr)
    m += ", nor a raw " + name_of(*expected) + " " + what + " (" + std::to_string(raw) + " bytes)";
  else
    m += " (name the algorithm to read a raw key)";
  return m;
}

template <class F>
bool guarded(std::string* error, F&& f) noexcept {
  try {
    f();
    return true;
  } catch (const std::bad_alloc&) {
    if (error != nullptr) *error = "out of memory";
  } catch (const std::exception& e) {
    try {
      if (error != nullptr) *error = e.what();
    } catch (...) {
    }
  } catch (...) {
    try {
      if (error != nullptr) *error = "unknown error";
    } catch (...) {
    }
  }
  return false;
}

}  // namespace

// ---------------------------------------------------------------------------
// Public API.

KeyPair from_seed(const Algorithm& alg, std::span<const std::uint8_t> seed) {
  const Family family = family_of(alg);
  if (seed.size() != alg.seed_bytes)
    fail(name_of(alg) + " seed has " + std::to_string(seed.size()) + " bytes; expected " +
         std::to_string(alg.seed_bytes));
  KeyPair kp;
  kp.public_key.alg = &alg;
  kp.public_key.bytes.assign(alg.public_key_bytes, 0);
  kp.private_key.alg = &alg;
  kp.private_key.expanded.assign(alg.secret_key_bytes, 0);
  const Status s = alg.kind == Kind::kem
                       ? alg.kem->keygen_from_seed(kp.public_key.bytes, kp.private_key.expanded, seed)
                       : alg.sig->keygen_from_seed(kp.public_key.bytes, kp.private_key.expanded, seed);
  if (s != Status::ok) fail(name_of(alg) + " key generation failed: " + describe(s));
  if (family != Family::slhdsa) {
    kp.private_key.seed.emplace(seed.begin(), seed.end());
    kp.private_key.form = PrivateForm::seed;
  } else {
    kp.private_key.form = PrivateForm::expanded;
  }
  return kp;
}

KeyPair generate(const Algorithm& alg) {
  SecureBytes seed(alg.seed_bytes);
  if (system_random().generate(seed) != Status::ok) fail("random number generator failed");
  return from_seed(alg, seed);
}

PublicKey public_of(const PrivateKey& key) {
  require_sizes(key);
  const Algorithm& alg = *key.alg;
  PublicKey pub;
  pub.alg = &alg;
  const ConstSpan sk = key.expanded;
  switch (family_of(alg)) {
    case Family::mlkem: {
      // dk = dk_PKE ‖ ek ‖ H(ek) ‖ z (FIPS 203 Alg. 16).
      const ConstSpan ek = sk.subspan(alg.secret_key_bytes - alg.public_key_bytes - 64, alg.public_key_bytes);
      pub.bytes.assign(ek.begin(), ek.end());
      break;
    }
    case Family::mldsa: mldsa_public(alg, sk, pub.bytes); break;
    case Family::slhdsa: {
      // sk = SK.seed ‖ SK.prf ‖ PK.seed ‖ PK.root; pk = PK.seed ‖ PK.root.
      const ConstSpan pk = sk.subspan(alg.secret_key_bytes - alg.public_key_bytes);
      pub.bytes.assign(pk.begin(), pk.end());
      break;
    }
  }
  return pub;
}

// Whether the decoders read `input` as DER: one whole DER SEQUENCE, and,
// at the expected algorithm's raw size (`raw_size`), one that `parse`
// (parse_spki, parse_pkcs8) takes as a well-formed SubjectPublicKeyInfo /
// PrivateKeyInfo. A raw key can happen to be one whole SEQUENCE (a 32-byte
// SLH-DSA public key that starts 30 1e, one in 2^16); it is read as raw.
// Never throws.
template <class Parse>
bool read_as_der(ConstSpan input, bool raw_size, Parse parse) noexcept {
  if (!is_complete_sequence(input)) return false;
  if (!raw_size) return true;
  try {
    (void)parse(input);
    return true;
  } catch (...) {
    return false;
  }
}

Detected detect(std::span<const std::uint8_t> input) noexcept {
  Detected d;
  try {
    if (looks_like_pem(input)) {
      d.encoding = Encoding::pem;
      const PemBlock block = parse_pem(input);
      if (block.label == "PUBLIC KEY") {
        d.kind = KeyKind::public_key;
        d.oid = parse_spki(block.der).oid;
      } else if (block.label == "PRIVATE KEY") {
        d.kind = KeyKind::private_key;
        d.oid = parse_pkcs8(block.der).oid;
      }
    } else if (is_complete_sequence(input)) {
      d.encoding = Encoding::der;
      const int tag = first_inner_tag(input);
      if (tag == 0x30) {
        d.oid = parse_spki(input).oid;
        d.kind = KeyKind::public_key;
      } else if (tag == 0x02) {
        d.oid = parse_pkcs8(input).oid;
        d.kind = KeyKind::private_key;
      }
    }
  } catch (...) {
  }
  d.alg = algorithm_of_oid(d.oid);
  return d;
}

Detected detect(std::span<const std::uint8_t> input, const Algorithm* expected) noexcept {
  Detected d = detect(input);
  // The decoders' rule (read_as_der): such a SEQUENCE of a raw size is raw.
  if (expected != nullptr && d.encoding == Encoding::der && d.kind == KeyKind::unknown &&
      (input.size() == expected->public_key_bytes || input.size() == expected->secret_key_bytes))
    d.encoding = Encoding::raw;
  return d;
}

PublicKey decode_public(std::span<const std::uint8_t> input, const Algorithm* expected) {
  if (looks_like_pem(input)) {
    const PemBlock block = parse_pem(input);
    if (block.label == "PRIVATE KEY") fail("expected a public key; this is a PEM private key");
    if (block.label != "PUBLIC KEY") fail("PEM label '" + block.label + "' is not 'PUBLIC KEY'");
    return public_from_der(block.der, expected);
  }
  const bool raw_size = expected != nullptr && input.size() == expected->public_key_bytes;
  if (read_as_der(input, raw_size, parse_spki)) return public_from_der(input, expected);
  if (!raw_size && !input.empty() && input[0] == 0x30) {
    // Starts like DER but is not one whole SEQUENCE: the DER reader's reason.
    try {
      return public_from_der(input, expected);
    } catch (const Error& e) {
      if (expected == nullptr) throw;
      fail(std::string(e.what()) + " (nor is it a raw " + name_of(*expected) + " public key: " +
           std::to_string(input.size()) + " bytes, not " + std::to_string(expected->public_key_bytes) + ")");
    }
  }
  if (!raw_size) fail(size_message(input.size(), expected, expected ? expected->public_key_bytes : 0, "public key"));
  (void)family_of(*expected);
  check_public(*expected, input);
  return PublicKey{expected, std::vector<std::uint8_t>(input.begin(), input.end())};
}

PrivateKey decode_private(std::span<const std::uint8_t> input, const Algorithm* expected) {
  if (looks_like_pem(input)) {
    const PemBlock block = parse_pem(input);
    if (block.label == "PUBLIC KEY") fail("expected a private key; this is a PEM public key");
    if (block.label != "PRIVATE KEY")
      fail("PEM label '" + block.label + "' is not 'PRIVATE KEY'" +
           (block.label == "ENCRYPTED PRIVATE KEY" ? " (encrypted keys are not supported)" : ""));
    return private_from_der(block.der, expected);
  }
  const bool raw_size = expected != nullptr && input.size() == expected->secret_key_bytes;
  if (read_as_der(input, raw_size, parse_pkcs8)) return private_from_der(input, expected);
  if (!raw_size && !input.empty() && input[0] == 0x30) {
    // Starts like DER but is not one whole SEQUENCE: the DER reader's reason.
    try {
      return private_from_der(input, expected);
    } catch (const Error& e) {
      if (expected == nullptr) throw;
      fail(std::string(e.what()) + " (nor is it a raw " + name_of(*expected) + " secret key: " +
           std::to_string(input.size()) + " bytes, not " + std::to_string(expected->secret_key_bytes) + ")");
    }
  }
  if (!raw_size) fail(size_message(input.size(), expected, expected ? expected->secret_key_bytes : 0, "private key"));
  (void)family_of(*expected);
  check_expanded(*expected, input);
  PrivateKey key;
  key.alg = expected;
  key.expanded.assign(input.begin(), input.end());
  key.form = PrivateForm::expanded;
  return key;
}

std::vector<std::uint8_t> encode_public(const PublicKey& key, Encoding encoding) {
  if (key.alg == nullptr) fail("public key without an algorithm");
  const Algorithm& alg = *key.alg;
  family_of(alg);
  if (key.bytes.size() != alg.public_key_bytes)
    fail(name_of(alg) + " public key has " + std::to_string(key.bytes.size()) + " bytes; expected " +
         std::to_string(alg.public_key_bytes));
  if (encoding == Encoding::raw) return key.bytes;
  std::vector<std::uint8_t> der = spki_der(alg, key.bytes);
  if (encoding == Encoding::der) return der;
  return pem_encode<std::vector<std::uint8_t>>("PUBLIC KEY", der);
}

SecureBytes encode_private(const PrivateKey& key, Encoding encoding, std::optional<PrivateForm> form) {
  require_sizes(key);
  const Algorithm& alg = *key.alg;
  const Family family = family_of(alg);
  if (family == Family::slhdsa && form && *form != PrivateForm::expanded)
    fail(name_of(alg) + " private keys have a single form (RFC 9909); '" + to_string(*form) + "' does not apply");
  if (encoding == Encoding::raw) {
    if (form && *form != PrivateForm::expanded)
      fail(std::string("a raw private key is the expanded FIPS key; the '") + to_string(*form) +
           "' form exists only in DER and PEM");
    return key.expanded;
  }
  const PrivateForm chosen = family == Family::slhdsa ? PrivateForm::expanded
                             : form                   ? *form
                             : key.seed               ? PrivateForm::seed
                                                      : PrivateForm::expanded;
  if (chosen != PrivateForm::expanded && !key.seed)
    fail(std::string("no seed is known for this ") + name_of(alg) + " key; only the expanded form can be written");
  const SecureBytes octets = family == Family::slhdsa ? key.expanded : encode_choice(key, chosen);
  SecureBytes der = pkcs8_der(alg, octets);
  if (encoding == Encoding::der) return der;
  return pem_encode<SecureBytes>("PRIVATE KEY", der);
}

bool try_decode_public(std::span<const std::uint8_t> input, const Algorithm* expected, PublicKey& out,
                       std::string* error) noexcept {
  return guarded(error, [&] { out = decode_public(input, expected); });
}
bool try_decode_private(std::span<const std::uint8_t> input, const Algorithm* expected, PrivateKey& out,
                        std::string* error) noexcept {
  return guarded(error, [&] { out = decode_private(input, expected); });
}
bool try_encode_public(const PublicKey& key, Encoding encoding, std::vector<std::uint8_t>& out,
                       std::string* error) noexcept {
  return guarded(error, [&] { out = encode_public(key, encoding); });
}
bool try_encode_private(const PrivateKey& key, Encoding encoding, std::optional<PrivateForm> form, SecureBytes& out,
                        std::string* error) noexcept {
  return guarded(error, [&] { out = encode_private(key, encoding, form); });
}
bool try_from_seed(const Algorithm& alg, std::span<const std::uint8_t> seed, KeyPair& out,
                   std::string* error) noexcept {
  return guarded(error, [&] { out = from_seed(alg, seed); });
}
bool try_public_of(const PrivateKey& key, PublicKey& out, std::string* error) noexcept {
  return guarded(error, [&] { out = public_of(key); });
}

}  // namespace pqlab::formats
