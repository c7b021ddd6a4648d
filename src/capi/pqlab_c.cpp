// The C API (include/pqlab/pqlab.h): argument checks, then the registry's
// calls. No heap, no exceptions, no state: every buffer is the caller's.
#include "pqlab/pqlab.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "pqlab/random.hpp"
#include "pqlab/registry.hpp"
#include "pqlab/status.hpp"

#ifndef PQLAB_VERSION_STRING
#error "PQLAB_VERSION_STRING must be defined by the build (src/CMakeLists.txt)"
#endif

namespace {

using pqlab::Algorithm;
using pqlab::Status;

// pqlab_status mirrors pqlab::Status value for value.
static_assert(static_cast<int>(Status::ok) == PQLAB_OK);
static_assert(static_cast<int>(Status::invalid_length) == PQLAB_INVALID_LENGTH);
static_assert(static_cast<int>(Status::invalid_key) == PQLAB_INVALID_KEY);
static_assert(static_cast<int>(Status::invalid_signature) == PQLAB_INVALID_SIGNATURE);
static_assert(static_cast<int>(Status::invalid_argument) == PQLAB_INVALID_ARGUMENT);
static_assert(static_cast<int>(Status::random_failure) == PQLAB_RANDOM_FAILURE);
static_assert(static_cast<int>(Status::unsupported) == PQLAB_UNSUPPORTED);

pqlab_status to_c(Status s) { return static_cast<pqlab_status>(static_cast<int>(s)); }

// The handle is the registry entry's address; C code never looks inside.
const Algorithm* entry(const pqlab_algorithm* alg) { return reinterpret_cast<const Algorithm*>(alg); }
const pqlab_algorithm* handle(const Algorithm* a) { return reinterpret_cast<const pqlab_algorithm*>(a); }

// A caller's buffer as a span: NULL is allowed with length 0 only.
bool valid(const void* p, std::size_t len) { return p != nullptr || len == 0; }
std::span<std::uint8_t> out(std::uint8_t* p, std::size_t len) {
  return p == nullptr ? std::span<std::uint8_t>{} : std::span<std::uint8_t>(p, len);
}
std::span<const std::uint8_t> in(const std::uint8_t* p, std::size_t len) {
  return p == nullptr ? std::span<const std::uint8_t>{} : std::span<const std::uint8_t>(p, len);
}

const Algorithm* kem(const pqlab_algorithm* alg) {
  const Algorithm* a = entry(alg);
  return a != nullptr && a->kind == pqlab::Kind::kem && a->kem != nullptr ? a : nullptr;
}
const Algorithm* signature(const pqlab_algorithm* alg) {
  const Algorithm* a = entry(alg);
  return a != nullptr && a->kind == pqlab::Kind::signature && a->sig != nullptr ? a : nullptr;
}

pqlab_status sign_common(const pqlab_algorithm* alg, std::uint8_t* sig, std::size_t sig_len, const std::uint8_t* msg,
                         std::size_t msg_len, const std::uint8_t* ctx, std::size_t ctx_len, std::string_view prehash,
                         const std::uint8_t* sk, std::size_t sk_len, unsigned flags) {
  if (alg == nullptr) return PQLAB_INVALID_ARGUMENT;
  const Algorithm* a = signature(alg);
  if (a == nullptr) return PQLAB_UNSUPPORTED;
  if (!valid(sig, sig_len) || !valid(msg, msg_len) || !valid(ctx, ctx_len) || !valid(sk, sk_len) ||
      (flags & ~PQLAB_SIGN_DETERMINISTIC) != 0)
    return PQLAB_INVALID_ARGUMENT;
  pqlab::SignOptions opt;
  opt.context = in(ctx, ctx_len);
  opt.mode = (flags & PQLAB_SIGN_DETERMINISTIC) != 0 ? pqlab::SignMode::deterministic : pqlab::SignMode::hedged;
  opt.prehash = prehash;
  return to_c(a->sig->sign(out(sig, sig_len), in(msg, msg_len), in(sk, sk_len), opt, pqlab::system_random()));
}

pqlab_status verify_common(const pqlab_algorithm* alg, const std::uint8_t* sig, std::size_t sig_len,
                           const std::uint8_t* msg, std::size_t msg_len, const std::uint8_t* ctx, std::size_t ctx_len,
                           std::string_view prehash, const std::uint8_t* pk, std::size_t pk_len) {
  if (alg == nullptr) return PQLAB_INVALID_ARGUMENT;
  const Algorithm* a = signature(alg);
  if (a == nullptr) return PQLAB_UNSUPPORTED;
  if (!valid(sig, sig_len) || !valid(msg, msg_len) || !valid(ctx, ctx_len) || !valid(pk, pk_len))
    return PQLAB_INVALID_ARGUMENT;
  pqlab::SignOptions opt;
  opt.context = in(ctx, ctx_len);
  opt.prehash = prehash;
  return to_c(a->sig->verify(in(sig, sig_len), in(msg, msg_len), in(pk, pk_len), opt));
}

// A pre-hash name from C: NULL or "" is refused (the pure functions are
// pqlab_sign / pqlab_verify), as is a name longer than any known one.
bool prehash_name(const char* name, std::string_view& out_name) {
  if (name == nullptr) return false;
  std::size_t n = 0;
  while (n <= 16 && name[n] != '\0') ++n;
  if (n == 0 || n > 16) return false;
  out_name = std::string_view(name, n);
  return true;
}

}  // namespace

extern "C" {

const char* pqlab_status_string(pqlab_status status) {
  if (static_cast<int>(status) < PQLAB_OK || static_cast<int>(status) > PQLAB_UNSUPPORTED) return "unknown status";
  return pqlab::describe(static_cast<Status>(static_cast<int>(status)));
}

const char* pqlab_version(void) { return PQLAB_VERSION_STRING; }

const pqlab_algorithm* pqlab_algorithm_find(const char* name) {
  if (name == nullptr) return nullptr;
  return handle(pqlab::find_algorithm(std::string_view(name)));
}

size_t pqlab_algorithm_count(void) { return pqlab::algorithms().size(); }

const pqlab_algorithm* pqlab_algorithm_at(size_t index) {
  const auto all = pqlab::algorithms();
  return index < all.size() ? handle(&all[index]) : nullptr;
}

// The registry's names and standards are string literals, so their
// string_views end where a NUL follows (checked by the unit test).
const char* pqlab_algorithm_name(const pqlab_algorithm* alg) {
  return alg == nullptr ? nullptr : entry(alg)->name.data();
}
const char* pqlab_algorithm_standard(const pqlab_algorithm* alg) {
  return alg == nullptr ? nullptr : entry(alg)->standard.data();
}
pqlab_kind pqlab_algorithm_kind(const pqlab_algorithm* alg) {
  return alg != nullptr && entry(alg)->kind == pqlab::Kind::signature ? PQLAB_KIND_SIGNATURE : PQLAB_KIND_KEM;
}

size_t pqlab_public_key_bytes(const pqlab_algorithm* alg) { return alg ? entry(alg)->public_key_bytes : 0; }
size_t pqlab_secret_key_bytes(const pqlab_algorithm* alg) { return alg ? entry(alg)->secret_key_bytes : 0; }
size_t pqlab_ciphertext_bytes(const pqlab_algorithm* alg) { return alg ? entry(alg)->ciphertext_bytes : 0; }
size_t pqlab_shared_secret_bytes(const pqlab_algorithm* alg) { return alg ? entry(alg)->shared_secret_bytes : 0; }
size_t pqlab_signature_bytes(const pqlab_algorithm* alg) { return alg ? entry(alg)->signature_bytes : 0; }
size_t pqlab_seed_bytes(const pqlab_algorithm* alg) { return alg ? entry(alg)->seed_bytes : 0; }

pqlab_status pqlab_keygen(const pqlab_algorithm* alg, uint8_t* pk, size_t pk_len, uint8_t* sk, size_t sk_len) {
  const Algorithm* a = entry(alg);
  if (a == nullptr || !valid(pk, pk_len) || !valid(sk, sk_len)) return PQLAB_INVALID_ARGUMENT;
  auto& rng = pqlab::system_random();
  if (a->kind == pqlab::Kind::kem) return to_c(a->kem->keygen(out(pk, pk_len), out(sk, sk_len), rng));
  return to_c(a->sig->keygen(out(pk, pk_len), out(sk, sk_len), rng));
}

pqlab_status pqlab_keygen_from_seed(const pqlab_algorithm* alg, uint8_t* pk, size_t pk_len, uint8_t* sk, size_t sk_len,
                                    const uint8_t* seed, size_t seed_len) {
  const Algorithm* a = entry(alg);
  if (a == nullptr || !valid(pk, pk_len) || !valid(sk, sk_len) || !valid(seed, seed_len)) return PQLAB_INVALID_ARGUMENT;
  if (a->kind == pqlab::Kind::kem)
    return to_c(a->kem->keygen_from_seed(out(pk, pk_len), out(sk, sk_len), in(seed, seed_len)));
  return to_c(a->sig->keygen_from_seed(out(pk, pk_len), out(sk, sk_len), in(seed, seed_len)));
}

pqlab_status pqlab_kem_encaps(const pqlab_algorithm* alg, uint8_t* ct, size_t ct_len, uint8_t* ss, size_t ss_len,
                              const uint8_t* pk, size_t pk_len) {
  if (alg == nullptr) return PQLAB_INVALID_ARGUMENT;
  const Algorithm* a = kem(alg);
  if (a == nullptr) return PQLAB_UNSUPPORTED;
  if (!valid(ct, ct_len) || !valid(ss, ss_len) || !valid(pk, pk_len)) return PQLAB_INVALID_ARGUMENT;
  return to_c(a->kem->encaps(out(ct, ct_len), out(ss, ss_len), in(pk, pk_len), pqlab::system_random()));
}

pqlab_status pqlab_kem_encaps_derand(const pqlab_algorithm* alg, uint8_t* ct, size_t ct_len, uint8_t* ss, size_t ss_len,
                                     const uint8_t* pk, size_t pk_len, const uint8_t* m, size_t m_len) {
  if (alg == nullptr) return PQLAB_INVALID_ARGUMENT;
  const Algorithm* a = kem(alg);
  if (a == nullptr) return PQLAB_UNSUPPORTED;
  if (!valid(ct, ct_len) || !valid(ss, ss_len) || !valid(pk, pk_len) || !valid(m, m_len)) return PQLAB_INVALID_ARGUMENT;
  return to_c(a->kem->encaps_derand(out(ct, ct_len), out(ss, ss_len), in(pk, pk_len), in(m, m_len)));
}

pqlab_status pqlab_kem_decaps(const pqlab_algorithm* alg, uint8_t* ss, size_t ss_len, const uint8_t* ct, size_t ct_len,
                              const uint8_t* sk, size_t sk_len) {
  if (alg == nullptr) return PQLAB_INVALID_ARGUMENT;
  const Algorithm* a = kem(alg);
  if (a == nullptr) return PQLAB_UNSUPPORTED;
  if (!valid(ss, ss_len) || !valid(ct, ct_len) || !valid(sk, sk_len)) return PQLAB_INVALID_ARGUMENT;
  return to_c(a->kem->decaps(out(ss, ss_len), in(ct, ct_len), in(sk, sk_len)));
}

pqlab_status pqlab_sign(const pqlab_algorithm* alg, uint8_t* sig, size_t sig_len, const uint8_t* msg, size_t msg_len,
                        const uint8_t* ctx, size_t ctx_len, const uint8_t* sk, size_t sk_len, unsigned flags) {
  return sign_common(alg, sig, sig_len, msg, msg_len, ctx, ctx_len, {}, sk, sk_len, flags);
}

pqlab_status pqlab_verify(const pqlab_algorithm* alg, const uint8_t* sig, size_t sig_len, const uint8_t* msg,
                          size_t msg_len, const uint8_t* ctx, size_t ctx_len, const uint8_t* pk, size_t pk_len) {
  return verify_common(alg, sig, sig_len, msg, msg_len, ctx, ctx_len, {}, pk, pk_len);
}

pqlab_status pqlab_hash_sign(const pqlab_algorithm* alg, uint8_t* sig, size_t sig_len, const uint8_t* msg,
                             size_t msg_len, const uint8_t* ctx, size_t ctx_len, const char* prehash, const uint8_t* sk,
                             size_t sk_len, unsigned flags) {
  std::string_view name;
  if (!prehash_name(prehash, name)) return prehash == nullptr ? PQLAB_INVALID_ARGUMENT : PQLAB_UNSUPPORTED;
  return sign_common(alg, sig, sig_len, msg, msg_len, ctx, ctx_len, name, sk, sk_len, flags);
}

pqlab_status pqlab_hash_verify(const pqlab_algorithm* alg, const uint8_t* sig, size_t sig_len, const uint8_t* msg,
                               size_t msg_len, const uint8_t* ctx, size_t ctx_len, const char* prehash,
                               const uint8_t* pk, size_t pk_len) {
  std::string_view name;
  if (!prehash_name(prehash, name)) return prehash == nullptr ? PQLAB_INVALID_ARGUMENT : PQLAB_UNSUPPORTED;
  return verify_common(alg, sig, sig_len, msg, msg_len, ctx, ctx_len, name, pk, pk_len);
}

}  // extern "C"
