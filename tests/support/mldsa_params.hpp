// Runs a callable with the ML-DSA parameter-set type named by an ACVP or
// Wycheproof string ("ML-DSA-65").
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "pqlab/mldsa.hpp"

namespace pqlab::test {

template <class F>
void with_mldsa_params(const std::string& name, F&& f) {
  if (name == "ML-DSA-44") return f(mldsa::MLDSA44{});
  if (name == "ML-DSA-65") return f(mldsa::MLDSA65{});
  if (name == "ML-DSA-87") return f(mldsa::MLDSA87{});
  ADD_FAILURE() << "unknown parameter set " << name;
}

}  // namespace pqlab::test
