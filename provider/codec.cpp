// pqlab provider: key conversions for the encoders and decoders, and the
// core's BIO functions.
#include "codec.hpp"

#include <array>

#include "composition.hpp"
#include "sig_key.hpp"

namespace pqlab::provider {
namespace {

OSSL_FUNC_BIO_read_ex_fn* bio_read_ex = nullptr;
OSSL_FUNC_BIO_write_ex_fn* bio_write_ex = nullptr;

std::array<CodecType, codec_type_count> make_types() {
  std::array<CodecType, codec_type_count> t{};
  std::size_t n = 0;
  for (const KemVariant& v : kem_variants())
    if (v.classical == Classical::none)
      t[n++] = {v.name, v.algorithm_names, &v, nullptr, &mlkem_of(v)};
  for (const SigVariant& v : sig_variants())
    t[n++] = {v.name, v.algorithm_names, nullptr, &v, &core_of(v)};
  return t;
}

std::span<const std::uint8_t> bytes(const formats::SecureBytes& b) { return {b.data(), b.size()}; }

}  // namespace

std::span<const CodecType, codec_type_count> codec_types() {
  static const std::array<CodecType, codec_type_count> types = make_types();
  return types;
}

bool to_public(const CodecType& t, const void* keydata, formats::PublicKey& out) {
  out.alg = t.alg;
  if (t.kem != nullptr) {
    const auto& key = *static_cast<const KemKey*>(keydata);
    if (!key.has_public())
      return raise_error(reason_missing_key, "%s: no public key", t.name), false;
    out.bytes = key.mlkem_ek;
  } else {
    const auto& key = *static_cast<const SigKey*>(keydata);
    if (!key.has_public())
      return raise_error(reason_missing_key, "%s: no public key", t.name), false;
    out.bytes = key.pub;
  }
  return true;
}

bool to_private(const CodecType& t, const void* keydata, formats::PrivateKey& out) {
  out.alg = t.alg;
  const SecretBytes* seed = nullptr;
  const SecretBytes* expanded = nullptr;
  if (t.kem != nullptr) {
    const auto& key = *static_cast<const KemKey*>(keydata);
    seed = &key.mlkem_seed;
    expanded = &key.mlkem_dk;
  } else {
    const auto& key = *static_cast<const SigKey*>(keydata);
    seed = &key.seed;
    expanded = &key.priv;
  }
  if (expanded->empty())
    return raise_error(reason_missing_key, "%s: no private key", t.name), false;
  out.expanded.assign(expanded->data(), expanded->data() + expanded->size());
  if (!seed->empty()) out.seed.emplace(seed->data(), seed->data() + seed->size());
  out.form = seed->empty() ? formats::PrivateForm::expanded : formats::PrivateForm::seed;
  return true;
}

void* key_from_public(const CodecType& t, const ProviderContext* provider,
                      const formats::PublicKey& key) {
  if (t.kem != nullptr) {
    auto* k = new KemKey{provider, t.kem, {}, {}, {}, {}, {}};
    if (!set_public_key(*k, key.bytes)) {
      delete k;
      return nullptr;
    }
    return k;
  }
  auto* k = new SigKey{provider, t.sig, {}, {}, {}};
  if (!sig_set_key(*k, {}, {}, key.bytes)) {
    delete k;
    return nullptr;
  }
  return k;
}

void* key_from_private(const CodecType& t, const ProviderContext* provider,
                       const formats::PrivateKey& key) {
  if (t.kem != nullptr) {
    auto* k = new KemKey{provider, t.kem, {}, {}, {}, {}, {}};
    // FIPS 203 §7.3 checks on dk; ek is taken from inside dk.
    if (!set_private_key(*k, bytes(key.expanded), {})) {
      delete k;
      return nullptr;
    }
    if (key.seed) k->mlkem_seed.assign(bytes(*key.seed));
    return k;
  }
  auto* k = new SigKey{provider, t.sig, {}, {}, {}};
  bool ok = false;
  if (key.seed) {
    ok = sig_set_key(*k, bytes(*key.seed), bytes(key.expanded), {});
  } else {
    ok = sig_set_key(*k, {}, bytes(key.expanded), {});
  }
  if (!ok) {
    delete k;
    return nullptr;
  }
  return k;
}

void free_key(const CodecType& t, void* keydata) {
  if (t.kem != nullptr)
    delete static_cast<KemKey*>(keydata);
  else
    delete static_cast<SigKey*>(keydata);
}

void init_core_bio(const OSSL_DISPATCH* in) {
  for (; in != nullptr && in->function_id != 0; ++in) {
    if (in->function_id == OSSL_FUNC_BIO_READ_EX) bio_read_ex = OSSL_FUNC_BIO_read_ex(in);
    if (in->function_id == OSSL_FUNC_BIO_WRITE_EX) bio_write_ex = OSSL_FUNC_BIO_write_ex(in);
  }
}

bool core_bio_write(OSSL_CORE_BIO* bio, std::span<const std::uint8_t> data) {
  if (bio_write_ex == nullptr) return false;
  std::size_t done = 0;
  while (done < data.size()) {
    std::size_t n = 0;
    if (!bio_write_ex(bio, data.data() + done, data.size() - done, &n) || n == 0) return false;
    done += n;
  }
  return true;
}

bool core_bio_read_all(OSSL_CORE_BIO* bio, std::vector<std::uint8_t>& out, std::size_t limit) {
  if (bio_read_ex == nullptr) return false;
  out.clear();
  std::array<std::uint8_t, 4096> buf{};
  for (;;) {
    std::size_t n = 0;
    if (!bio_read_ex(bio, buf.data(), buf.size(), &n) || n == 0) break;
    out.insert(out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
    if (out.size() > limit) return false;
  }
  return true;
}

}  // namespace pqlab::provider
