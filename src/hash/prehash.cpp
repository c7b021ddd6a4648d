// The pre-hash functions PH of HashML-DSA (FIPS 204 §5.4, Alg. 4) and
// HashSLH-DSA (FIPS 205 §10.2, Alg. 23): names, DER-encoded OIDs, PH(M).
#include "pqlab/prehash.hpp"

#include "pqlab/hash.hpp"
#include "pqlab/sha2.hpp"

namespace pqlab::hash {
namespace {

struct PreHashInfo {
  std::string_view name;  // ACVP spelling
  std::uint8_t oid_arc;   // the last arc under hashAlgs, 2.16.840.1.101.3.4.2
  std::size_t digest_bytes;
};

// Indexed by PreHash. OIDs from NIST's Computer Security Objects Register,
// as listed in FIPS 204 §5.4 and FIPS 205 §10.2.
constexpr PreHashInfo infos[] = {
    {"SHA2-224", 0x04, 28},     {"SHA2-256", 0x01, 32},     {"SHA2-384", 0x02, 48},  {"SHA2-512", 0x03, 64},
    {"SHA2-512/224", 0x05, 28}, {"SHA2-512/256", 0x06, 32}, {"SHA3-224", 0x07, 28},  {"SHA3-256", 0x08, 32},
    {"SHA3-384", 0x09, 48},     {"SHA3-512", 0x0a, 64},     {"SHAKE-128", 0x0b, 32}, {"SHAKE-256", 0x0c, 64},
};
constexpr std::size_t prehash_count = sizeof infos / sizeof infos[0];
static_assert(prehash_count == static_cast<std::size_t>(PreHash::shake256) + 1);

// DER: tag 06, length 09, then 2.16.840.1.101.3.4.2.x in base-128 arcs
// (2*40+16 = 0x60; 840 = 0x86 0x48; 1; 101 = 0x65; 3; 4; 2; x).
constexpr auto make_oid(std::uint8_t arc) {
  struct Der {
    std::uint8_t bytes[prehash_oid_bytes];
  };
  return Der{{0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, arc}};
}
constexpr decltype(make_oid(0)) oids[] = {
    make_oid(infos[0].oid_arc), make_oid(infos[1].oid_arc), make_oid(infos[2].oid_arc),  make_oid(infos[3].oid_arc),
    make_oid(infos[4].oid_arc), make_oid(infos[5].oid_arc), make_oid(infos[6].oid_arc),  make_oid(infos[7].oid_arc),
    make_oid(infos[8].oid_arc), make_oid(infos[9].oid_arc), make_oid(infos[10].oid_arc), make_oid(infos[11].oid_arc),
};
static_assert(sizeof oids / sizeof oids[0] == prehash_count);

const PreHashInfo& info(PreHash h) { return infos[static_cast<std::size_t>(h)]; }

constexpr char ascii_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

bool equal_ignoring_case_vartime(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_upper(a[i]) != ascii_upper(b[i])) return false;
  return true;
}

template <class Hash>
std::size_t digest_into(std::span<const std::uint8_t> msg, std::span<std::uint8_t, prehash_max_digest_bytes> out) {
  Hash h;
  h.absorb(msg);
  h.finalize(out.template first<Hash::digest_bytes>());
  return Hash::digest_bytes;
}

}  // namespace

std::optional<PreHash> prehash_from_name(std::string_view name) {
  for (std::size_t i = 0; i < prehash_count; ++i)
    if (equal_ignoring_case_vartime(name, infos[i].name)) return static_cast<PreHash>(i);
  return std::nullopt;
}

std::string_view prehash_name(PreHash h) { return info(h).name; }

std::span<const std::uint8_t, prehash_oid_bytes> prehash_oid(PreHash h) {
  return std::span<const std::uint8_t, prehash_oid_bytes>(oids[static_cast<std::size_t>(h)].bytes);
}

std::size_t prehash_digest_bytes(PreHash h) { return info(h).digest_bytes; }

// PH(M) of FIPS 204 Alg. 4 / FIPS 205 Alg. 23: the digest, or for the XOFs
// SHAKE128(M, 256) and SHAKE256(M, 512).
std::size_t prehash_compute(PreHash h, std::span<const std::uint8_t> msg,
                            std::span<std::uint8_t, prehash_max_digest_bytes> out) {
  switch (h) {
    case PreHash::sha2_224: return digest_into<Sha224>(msg, out);
    case PreHash::sha2_256: return digest_into<Sha256>(msg, out);
    case PreHash::sha2_384: return digest_into<Sha384>(msg, out);
    case PreHash::sha2_512: return digest_into<Sha512>(msg, out);
    case PreHash::sha2_512_224: return digest_into<Sha512_224>(msg, out);
    case PreHash::sha2_512_256: return digest_into<Sha512_256>(msg, out);
    case PreHash::sha3_224: return digest_into<Sha3_224>(msg, out);
    case PreHash::sha3_256: return digest_into<Sha3_256>(msg, out);
    case PreHash::sha3_384: return digest_into<Sha3_384>(msg, out);
    case PreHash::sha3_512: return digest_into<Sha3_512>(msg, out);
    case PreHash::shake128: shake128(msg, out.first<32>()); return 32;
    case PreHash::shake256: shake256(msg, out.first<64>()); return 64;
  }
  return 0;
}

}  // namespace pqlab::hash
