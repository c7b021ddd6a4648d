// ML-KEM decapsulation through a key checked once (mlkem::CheckedDecapsKey),
// for tests that hold their keys and ciphertexts as byte vectors.
#pragma once
#include <optional>
#include <string_view>

#include "pqlab/mlkem.hpp"
#include "support/vectors.hpp"

namespace pqlab::test {

// check_decaps_key(dk) into a CheckedDecapsKey, then decaps with it; the
// check's Status if it fails (ss untouched), invalid_length for wrong sizes.
template <class P>
Status decaps_with_checked_key(Bytes& ss, const Bytes& c, const Bytes& dk) {
  if (ss.size() != mlkem::shared_secret_bytes || c.size() != P::ct_bytes || dk.size() != P::dk_bytes)
    return Status::invalid_length;
  std::optional<mlkem::CheckedDecapsKey<P>> checked;
  if (const Status s = mlkem::check_decaps_key<P>(mlkem::ConstDecapsKey<P>(dk.data(), P::dk_bytes), checked);
      s != Status::ok)
    return s;
  return mlkem::decaps<P>(mlkem::SharedSecret(ss.data(), mlkem::shared_secret_bytes),
                          mlkem::ConstCiphertext<P>(c.data(), P::ct_bytes), *checked);
}

inline Status decaps_with_checked_key(std::string_view set, Bytes& ss, const Bytes& c, const Bytes& dk) {
  if (set == mlkem::MLKEM512::name) return decaps_with_checked_key<mlkem::MLKEM512>(ss, c, dk);
  if (set == mlkem::MLKEM768::name) return decaps_with_checked_key<mlkem::MLKEM768>(ss, c, dk);
  if (set == mlkem::MLKEM1024::name) return decaps_with_checked_key<mlkem::MLKEM1024>(ss, c, dk);
  return Status::invalid_argument;
}

}  // namespace pqlab::test
