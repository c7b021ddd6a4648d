// pqlab: error values shared by every scheme. The core never throws; each
// fallible call returns a Status. Status is [[nodiscard]]: a call whose
// result is dropped (a verification whose answer nobody reads) is a compiler
// warning, an error under the presets' -Werror. A caller that means to drop
// one says so with a (void) cast and a comment.
#pragma once

namespace pqlab {

enum class [[nodiscard]] Status{
    ok = 0,
    invalid_length,     // an input or output buffer has the wrong size
    invalid_key,        // a key fails the checks its standard requires
    invalid_signature,  // a signature does not verify (or is malformed)
    invalid_argument,   // e.g. a context string over 255 bytes
    random_failure,     // the random source could not deliver bytes
    unsupported,        // unknown algorithm, backend or hash function
};

// A short English description, for messages shown to people.
constexpr const char* describe(Status s) {
  switch (s) {
    case Status::ok: return "ok";
    case Status::invalid_length: return "wrong length";
    case Status::invalid_key: return "key fails the standard's validity checks";
    case Status::invalid_signature: return "signature is invalid";
    case Status::invalid_argument: return "invalid argument";
    case Status::random_failure: return "random number generator failed";
    case Status::unsupported: return "unsupported";
  }
  return "unknown status";
}

}  // namespace pqlab
