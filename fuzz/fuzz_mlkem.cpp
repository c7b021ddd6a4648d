// libFuzzer target: ML-KEM (FIPS 203) input handling.
// Input: set (byte % 3: 512/768/1024), mode (byte % 3), payload.
//   mode 0: ek = payload → the §7.2 modulus check; Encaps succeeds iff the
//           check does.
//   mode 1: dk ‖ ct = payload → the §7.3 hash check; Decaps succeeds iff the
//           check does (a valid dk never rejects a ciphertext); a
//           CheckedDecapsKey exists iff it does and decapsulates alike.
//   mode 2: d ‖ z ‖ m ‖ delta = payload → KeyGen, Encaps; Decaps of the
//           ciphertext equals Encaps' key; with delta XORed into the
//           ciphertext, Decaps returns the implicit-rejection key instead.
#include <array>
#include <optional>

#include "fuzz_input.hpp"
#include "pqlab/mlkem.hpp"

namespace {

using namespace pqlab;
using fuzz::require;

template <class P>
void run(fuzz::Input& in, std::uint8_t mode) {
  std::array<std::uint8_t, 32> fixed_m{};
  std::array<std::uint8_t, P::ct_bytes> ct;
  std::array<std::uint8_t, 32> key, key_again;
  if (mode == 0) {
    const auto ek = in.bytes(P::ek_bytes);
    const mlkem::ConstEncapsKey<P> ek_span(ek.data(), P::ek_bytes);
    const Status check = mlkem::check_encaps_key<P>(ek_span);
    const Status enc = mlkem::encaps_derand<P>(ct, key, ek_span, fixed_m);
    require(check == Status::ok || check == Status::invalid_key, "ek check returns ok or invalid_key");
    require(enc == check, "encaps succeeds exactly when the ek check does");
  } else if (mode == 1) {
    const auto dk = in.bytes(P::dk_bytes);
    const auto ct_in = in.bytes(P::ct_bytes);
    const mlkem::ConstDecapsKey<P> dk_span(dk.data(), P::dk_bytes);
    const Status check = mlkem::check_decaps_key<P>(dk_span);
    const Status dec = mlkem::decaps<P>(key, mlkem::ConstCiphertext<P>(ct_in.data(), P::ct_bytes), dk_span);
    require(check == Status::ok || check == Status::invalid_key, "dk check returns ok or invalid_key");
    require(dec == check, "decaps succeeds exactly when the dk check does");
    // The same key checked once (CheckedDecapsKey): made exactly when the
    // check passes, and decapsulating as decaps() does.
    std::optional<mlkem::CheckedDecapsKey<P>> checked;
    require(mlkem::check_decaps_key<P>(dk_span, checked) == check, "the checked key's check is check_decaps_key");
    require(checked.has_value() == (check == Status::ok), "a checked key exactly when the check passes");
    if (checked) {
      require(mlkem::decaps<P>(key_again, mlkem::ConstCiphertext<P>(ct_in.data(), P::ct_bytes), *checked) == Status::ok,
              "decaps with a checked key");
      require(key == key_again, "decaps with a checked key gives decaps' key");
    }
  } else {
    const auto seeds = in.bytes(96);
    const auto delta = in.rest();
    std::array<std::uint8_t, P::ek_bytes> ek;
    std::array<std::uint8_t, P::dk_bytes> dk;
    const mlkem::Seed d(seeds.data(), 32), z(seeds.data() + 32, 32), m(seeds.data() + 64, 32);
    require(mlkem::keygen_derand<P>(ek, dk, d, z) == Status::ok, "keygen");
    require(mlkem::check_encaps_key<P>(ek) == Status::ok, "a generated ek passes its check");
    require(mlkem::check_decaps_key<P>(dk) == Status::ok, "a generated dk passes its check");
    require(mlkem::encaps_derand<P>(ct, key, ek, m) == Status::ok, "encaps");
    require(mlkem::decaps<P>(key_again, ct, dk) == Status::ok, "decaps");
    require(key == key_again, "decaps of a valid ciphertext gives encaps' key");
    bool changed = false;
    for (std::size_t i = 0; i < delta.size() && i < ct.size(); ++i) {
      ct[i] ^= delta[i];
      changed = changed || delta[i] != 0;
    }
    require(mlkem::decaps<P>(key_again, ct, dk) == Status::ok, "decaps of a forged ciphertext");
    if (changed) require(key != key_again, "a forged ciphertext gives the implicit-rejection key");
    std::optional<mlkem::CheckedDecapsKey<P>> checked;
    std::array<std::uint8_t, 32> key_checked;
    require(mlkem::check_decaps_key<P>(dk, checked) == Status::ok && checked.has_value(), "a generated dk is checked");
    require(mlkem::decaps<P>(key_checked, ct, *checked) == Status::ok, "decaps with a checked key");
    require(key_checked == key_again, "the checked key's decaps equals decaps, forged or not");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::uint8_t set = in.byte() % 3, mode = in.byte() % 3;
  if (set == 0) run<mlkem::MLKEM512>(in, mode);
  if (set == 1) run<mlkem::MLKEM768>(in, mode);
  if (set == 2) run<mlkem::MLKEM1024>(in, mode);
  return 0;
}
