// Hosted entropy source: getrandom(2). Excluded from freestanding builds.
#include <sys/random.h>

#include <cerrno>

#include "pqlab/random.hpp"

namespace pqlab {

Status SystemRandom::generate(std::span<std::uint8_t> out) {
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t got = getrandom(out.data() + done, out.size() - done, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return Status::random_failure;
    }
    done += static_cast<std::size_t>(got);
  }
  return Status::ok;
}

SystemRandom& system_random() {
  static SystemRandom source;
  return source;
}

}  // namespace pqlab
