// Registry entries for ML-DSA-44/65/87: argument checks, then the typed API.
#include <array>
#include <optional>

#include "common/array_of.hpp"
#include "pqlab/mldsa.hpp"
#include "pqlab/prehash.hpp"
#include "registry/entries.hpp"

namespace pqlab::registry {
namespace {

// Empty name: pure ML-DSA. Otherwise the pre-hash, or nullopt if unknown.
struct PreHashChoice {
  bool known;
  std::optional<hash::PreHash> ph;
};
PreHashChoice prehash_choice(std::string_view name) {
  if (name.empty()) return {true, std::nullopt};
  const auto ph = hash::prehash_from_name(name);
  return {ph.has_value(), ph};
}

template <class P>
struct MldsaEntry {
  static Status keygen(Bytes pk, Bytes sk, RandomSource& rng) {
    if (pk.size() != P::pk_bytes || sk.size() != P::sk_bytes) return Status::invalid_length;
    return mldsa::keygen<P>(pk.first<P::pk_bytes>(), sk.first<P::sk_bytes>(), rng);
  }
  static Status keygen_from_seed(Bytes pk, Bytes sk, ConstBytes seed) {
    if (pk.size() != P::pk_bytes || sk.size() != P::sk_bytes || seed.size() != mldsa::seed_bytes)
      return Status::invalid_length;
    return mldsa::keygen_internal<P>(pk.first<P::pk_bytes>(), sk.first<P::sk_bytes>(), seed.first<mldsa::seed_bytes>());
  }
  static Status sign(Bytes sig, ConstBytes msg, ConstBytes sk, const SignOptions& opt, RandomSource& rng) {
    if (sig.size() != P::sig_bytes || sk.size() != P::sk_bytes) return Status::invalid_length;
    if (opt.context.size() > mldsa::max_context_bytes) return Status::invalid_argument;
    const PreHashChoice choice = prehash_choice(opt.prehash);
    if (!choice.known) return Status::unsupported;
    std::array<std::uint8_t, mldsa::rnd_bytes> rnd{};
    switch (opt.mode) {
      case SignMode::hedged:
        if (rng.generate(rnd) != Status::ok) return Status::random_failure;
        break;
      case SignMode::deterministic: break;
      case SignMode::explicit_rnd:
        if (opt.rnd.size() != mldsa::rnd_bytes) return Status::invalid_length;
        for (std::size_t i = 0; i < rnd.size(); ++i) rnd[i] = opt.rnd[i];
        break;
    }
    const auto s = sig.first<P::sig_bytes>();
    const auto key = sk.first<P::sk_bytes>();
    if (choice.ph) return mldsa::hash_sign_with_rnd<P>(s, key, msg, opt.context, *choice.ph, rnd);
    return mldsa::sign_with_rnd<P>(s, key, msg, opt.context, rnd);
  }
  static Status verify(ConstBytes sig, ConstBytes msg, ConstBytes pk, const SignOptions& opt) {
    if (pk.size() != P::pk_bytes) return Status::invalid_length;
    if (opt.context.size() > mldsa::max_context_bytes) return Status::invalid_argument;
    const PreHashChoice choice = prehash_choice(opt.prehash);
    if (!choice.known) return Status::unsupported;
    if (sig.size() != P::sig_bytes) return Status::invalid_signature;
    const auto s = sig.first<P::sig_bytes>();
    const auto key = pk.first<P::pk_bytes>();
    if (choice.ph) return mldsa::hash_verify<P>(key, msg, opt.context, *choice.ph, s);
    return mldsa::verify<P>(key, msg, opt.context, s);
  }
  static Status verify_batch(std::span<Status> results, std::span<const ConstBytes> sigs,
                             std::span<const ConstBytes> msgs, std::span<const ConstBytes> contexts,
                             std::span<const ConstBytes> pks) {
    static_assert(max_sig_batch == mldsa::max_batch);
    const std::size_t count = pks.size();
    if (count == 0 || count > mldsa::max_batch || results.size() != count || sigs.size() != count ||
        msgs.size() != count || contexts.size() != count)
      return Status::invalid_argument;
    for (std::size_t i = 0; i < count; ++i)
      if (pks[i].size() != P::pk_bytes || sigs[i].size() != P::sig_bytes) return Status::invalid_length;
    // Slots past `count` repeat item 0; only the first `count` are passed on.
    auto item = [count](std::size_t i) { return i < count ? i : 0; };
    auto pk_items =
        array_of<mldsa::max_batch>([&](std::size_t i) { return pks[item(i)].template first<P::pk_bytes>(); });
    auto sig_items =
        array_of<mldsa::max_batch>([&](std::size_t i) { return sigs[item(i)].template first<P::sig_bytes>(); });
    return mldsa::verify_batch<P>(results, std::span(pk_items.data(), count), msgs, contexts,
                                  std::span(sig_items.data(), count));
  }
  static constexpr SignatureOps ops = {keygen, keygen_from_seed, sign, verify, verify_batch};
  static constexpr Algorithm algorithm = {P::name, "FIPS 204",   Kind::signature,   P::pk_bytes, P::sk_bytes, 0,
                                          0,       P::sig_bytes, mldsa::seed_bytes, nullptr,     &ops};
};

constexpr std::array<Algorithm, 3> kEntries = {MldsaEntry<mldsa::MLDSA44>::algorithm,
                                               MldsaEntry<mldsa::MLDSA65>::algorithm,
                                               MldsaEntry<mldsa::MLDSA87>::algorithm};

}  // namespace

std::span<const Algorithm> mldsa_entries() { return kEntries; }

}  // namespace pqlab::registry
