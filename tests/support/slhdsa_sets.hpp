// Test helper: runs a generic callable with the SLH-DSA parameter-set type
// named by its ACVP / registry name.
#pragma once
#include <stdexcept>
#include <string>

#include "pqlab/slhdsa.hpp"

namespace pqlab::test {

template <class Fn>
void with_slhdsa_set(const std::string& name, Fn&& fn) {
  using namespace pqlab::slhdsa;
  if (name == SLHDSA_SHA2_128s::name) return fn(SLHDSA_SHA2_128s{});
  if (name == SLHDSA_SHA2_128f::name) return fn(SLHDSA_SHA2_128f{});
  if (name == SLHDSA_SHA2_192s::name) return fn(SLHDSA_SHA2_192s{});
  if (name == SLHDSA_SHA2_192f::name) return fn(SLHDSA_SHA2_192f{});
  if (name == SLHDSA_SHA2_256s::name) return fn(SLHDSA_SHA2_256s{});
  if (name == SLHDSA_SHA2_256f::name) return fn(SLHDSA_SHA2_256f{});
  if (name == SLHDSA_SHAKE_128s::name) return fn(SLHDSA_SHAKE_128s{});
  if (name == SLHDSA_SHAKE_128f::name) return fn(SLHDSA_SHAKE_128f{});
  if (name == SLHDSA_SHAKE_192s::name) return fn(SLHDSA_SHAKE_192s{});
  if (name == SLHDSA_SHAKE_192f::name) return fn(SLHDSA_SHAKE_192f{});
  if (name == SLHDSA_SHAKE_256s::name) return fn(SLHDSA_SHAKE_256s{});
  if (name == SLHDSA_SHAKE_256f::name) return fn(SLHDSA_SHAKE_256f{});
  throw std::runtime_error("unknown SLH-DSA parameter set " + name);
}

}  // namespace pqlab::test
