// Derandomised ML-KEM-768 round trip through an installed pqlab: exits 0
// only when decapsulation recovers the encapsulated key. It also includes
// the C API's header, which C++ code may use as well.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "pqlab/mlkem.hpp"
#include "pqlab/pqlab.h"

int main() {
  using P = pqlab::mlkem::MLKEM768;
  std::array<std::uint8_t, P::ek_bytes> ek{};
  std::array<std::uint8_t, P::dk_bytes> dk{};
  std::array<std::uint8_t, P::ct_bytes> ct{};
  std::array<std::uint8_t, 32> d{}, z{}, m{}, k1{}, k2{};
  d.fill(1);
  z.fill(2);
  m.fill(3);
  if (pqlab::mlkem::keygen_derand<P>(ek, dk, d, z) != pqlab::Status::ok) return 1;
  if (pqlab::mlkem::encaps_derand<P>(ct, k1, ek, m) != pqlab::Status::ok) return 1;
  if (pqlab::mlkem::decaps<P>(k2, ct, dk) != pqlab::Status::ok) return 1;
  if (k1 != k2) return 1;
  if (std::strcmp(pqlab_algorithm_name(pqlab_algorithm_find("mlkem768")), P::name) != 0) return 1;
  std::puts("pqlab consumer: ML-KEM-768 round trip ok");
  return 0;
}
