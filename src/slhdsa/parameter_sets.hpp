// The twelve SLH-DSA parameter sets, for explicit instantiation.
#pragma once
#include "pqlab/slhdsa.hpp"

#define PQLAB_SLHDSA_FOR_EACH_SET(X) \
  X(SLHDSA_SHA2_128s)                \
  X(SLHDSA_SHAKE_128s)               \
  X(SLHDSA_SHA2_128f)                \
  X(SLHDSA_SHAKE_128f)               \
  X(SLHDSA_SHA2_192s)                \
  X(SLHDSA_SHAKE_192s)               \
  X(SLHDSA_SHA2_192f)                \
  X(SLHDSA_SHAKE_192f)               \
  X(SLHDSA_SHA2_256s)                \
  X(SLHDSA_SHAKE_256s)               \
  X(SLHDSA_SHA2_256f)                \
  X(SLHDSA_SHAKE_256f)
