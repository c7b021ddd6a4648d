// ML-KEM (FIPS 203) on the target: ACVP known answers for KeyGen_internal
// (Alg. 16), Encaps_internal (Alg. 17), Decaps (Alg. 21) and the key checks
// of §7.2/§7.3, then one measured run of KeyGen (Alg. 19), Encaps (Alg. 20)
// and Decaps (Alg. 21) with the harness's DRBG, and Decaps again with the
// key checked beforehand (CheckedDecapsKey, "decaps-checked-key").
#include <optional>

#include "harness.hpp"
#include "kat_vectors.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mlkem.hpp"

namespace firmware {
namespace {

using pqlab::Status;
namespace mlkem = pqlab::mlkem;

template <class P>
void check_known_answers(Tally& tally) {
  using Kat = kat::MlkemKat<P>;
  for (const kat::KemKeygenCase& c : Kat::keygen) {
    Arena arena;
    auto ek = arena.take<P::ek_bytes>();
    auto dk = arena.take<P::dk_bytes>();
    const bool ok = mlkem::keygen_derand<P>(ek, dk, mlkem::Seed(c.d, 32), mlkem::Seed(c.z, 32)) == Status::ok &&
                    digest_equals(ek, c.ek_digest) && digest_equals(dk, c.dk_digest);
    record_kat(tally, P::name, "keyGen", c.tc, ok);
  }
  for (const kat::KemEncapsCase& c : Kat::encaps) {
    Arena arena;
    auto ct = arena.take<P::ct_bytes>();
    auto key = arena.take<mlkem::shared_secret_bytes>();
    const bool ok = mlkem::encaps_derand<P>(ct, key, mlkem::ConstEncapsKey<P>(c.ek, P::ek_bytes),
                                            mlkem::Seed(c.m, 32)) == Status::ok &&
                    digest_equals(ct, c.c_digest) && bytes_equal(key, c.k);
    record_kat(tally, P::name, "encapsulation", c.tc, ok);
  }
  for (const kat::KemDecapsCase& c : Kat::decaps) {
    Arena arena;
    auto key = arena.take<mlkem::shared_secret_bytes>();
    const bool ok = mlkem::decaps<P>(key, mlkem::ConstCiphertext<P>(c.c, P::ct_bytes),
                                     mlkem::ConstDecapsKey<P>(c.dk, P::dk_bytes)) == Status::ok &&
                    bytes_equal(key, c.k);
    record_kat(tally, P::name, "decapsulation", c.tc, ok);
    // The same through a key checked once (CheckedDecapsKey, §7.3).
    std::optional<mlkem::CheckedDecapsKey<P>> checked;
    auto key_checked = arena.take<mlkem::shared_secret_bytes>();
    const bool checked_ok =
        mlkem::check_decaps_key<P>(mlkem::ConstDecapsKey<P>(c.dk, P::dk_bytes), checked) == Status::ok &&
        mlkem::decaps<P>(key_checked, mlkem::ConstCiphertext<P>(c.c, P::ct_bytes), *checked) == Status::ok &&
        bytes_equal(key_checked, c.k);
    record_kat(tally, P::name, "decapsulationCheckedKey", c.tc, checked_ok);
  }
  // Implicit rejection (FIPS 203 Alg. 18 lines 9–11): a ciphertext with one
  // bit flipped must decapsulate to J(z ‖ c) = SHAKE256(z ‖ c, 32).
  for (const kat::KemDecapsCase& c : Kat::decaps) {
    Arena arena;
    auto key = arena.take<mlkem::shared_secret_bytes>();
    auto z_c = arena.take<32 + P::ct_bytes>();
    auto expected = arena.take<mlkem::shared_secret_bytes>();
    for (std::size_t i = 0; i < 32; ++i) z_c[i] = c.dk[P::dk_bytes - 32 + i];
    for (std::size_t i = 0; i < P::ct_bytes; ++i) z_c[32 + i] = c.c[i];
    z_c[32 + P::ct_bytes / 2] ^= 0x10;
    pqlab::hash::shake256(z_c, expected);
    const bool ok = mlkem::decaps<P>(key, mlkem::ConstCiphertext<P>(z_c.data() + 32, P::ct_bytes),
                                     mlkem::ConstDecapsKey<P>(c.dk, P::dk_bytes)) == Status::ok &&
                    bytes_equal(key, expected.data());
    record_kat(tally, P::name, "implicitRejection", c.tc, ok);
  }
  for (const kat::KemKeyCheckCase& c : Kat::ek_check) {
    const bool accepted = mlkem::check_encaps_key<P>(mlkem::ConstEncapsKey<P>(c.key, P::ek_bytes)) == Status::ok;
    record_kat(tally, P::name, "encapsulationKeyCheck", c.tc, accepted == c.valid);
  }
  for (const kat::KemKeyCheckCase& c : Kat::dk_check) {
    const bool accepted = mlkem::check_decaps_key<P>(mlkem::ConstDecapsKey<P>(c.key, P::dk_bytes)) == Status::ok;
    record_kat(tally, P::name, "decapsulationKeyCheck", c.tc, accepted == c.valid);
  }
}

template <class P>
void measure_operations(Tally& tally) {
  Arena arena;
  auto ek = arena.take<P::ek_bytes>();
  auto dk = arena.take<P::dk_bytes>();
  auto ct = arena.take<P::ct_bytes>();
  auto sender_key = arena.take<mlkem::shared_secret_bytes>();
  auto receiver_key = arena.take<mlkem::shared_secret_bytes>();
  Status status = Status::ok;

  auto keygen = [&] { status = mlkem::keygen<P>(ek, dk, drbg()); };
  record_op(P::name, "keygen", measure(keygen), P::ek_bytes + P::dk_bytes);
  const bool keygen_ok = status == Status::ok;

  auto encaps = [&] { status = mlkem::encaps<P>(ct, sender_key, ek, drbg()); };
  record_op(P::name, "encaps", measure(encaps), P::ek_bytes + P::ct_bytes + mlkem::shared_secret_bytes);
  const bool encaps_ok = status == Status::ok;

  auto decaps = [&] { status = mlkem::decaps<P>(receiver_key, ct, dk); };
  record_op(P::name, "decaps", measure(decaps), P::dk_bytes + P::ct_bytes + mlkem::shared_secret_bytes);
  const bool round_trip = keygen_ok && encaps_ok && status == Status::ok &&
                          bytes_equal(sender_key, receiver_key.data());
  record_kat(tally, P::name, "roundTrip", 0, round_trip);

  // Decaps with a key checked once before (FIPS 203 §7.3, CheckedDecapsKey):
  // the check is outside the measured call, as for a key held for many
  // ciphertexts (pqm4's decaps runs no such check).
  auto checked_key = arena.take<mlkem::shared_secret_bytes>();
  std::optional<mlkem::CheckedDecapsKey<P>> checked;
  const bool check_ok = mlkem::check_decaps_key<P>(dk, checked) == Status::ok;
  auto decaps_checked = [&] { status = check_ok ? mlkem::decaps<P>(checked_key, ct, *checked) : Status::invalid_key; };
  record_op(P::name, "decaps-checked-key", measure(decaps_checked),
            P::dk_bytes + P::ct_bytes + mlkem::shared_secret_bytes);
  record_kat(tally, P::name, "roundTripCheckedKey", 0,
             keygen_ok && encaps_ok && check_ok && status == Status::ok && bytes_equal(sender_key, checked_key.data()));
}

template <class P>
void run_set(const Options& options, Tally& tally) {
  if (!options.selected(P::name)) return;
  if (options.kat) check_known_answers<P>(tally);
  if (options.bench) measure_operations<P>(tally);
}

static_assert(mlkem::MLKEM1024::ek_bytes + mlkem::MLKEM1024::dk_bytes + mlkem::MLKEM1024::ct_bytes + 96 <=
              Arena::capacity);

}  // namespace

void run_mlkem(const Options& options, Tally& tally) {
  run_set<mlkem::MLKEM512>(options, tally);
  run_set<mlkem::MLKEM768>(options, tally);
  run_set<mlkem::MLKEM1024>(options, tally);
}

}  // namespace firmware
