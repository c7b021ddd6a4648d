// Small helpers of the subject model.
#include <stdexcept>

#include "subjects/subject.hpp"

namespace pqlab::lab {

const Operation& Instance::find(const std::string& name) const {
  for (const Operation& op : operations)
    if (op.name == name) return op;
  throw std::logic_error("no operation '" + name + "'");
}

std::size_t wire_bytes(const Subject& s) {
  return s.public_key_bytes + (s.signature_bytes != 0 ? s.signature_bytes : s.ciphertext_bytes);
}

}  // namespace pqlab::lab
