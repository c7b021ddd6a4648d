// libFuzzer target: the pqlab tool's input loading (apps/pqlab/cli_util):
// files of keys, ciphertexts and signatures, and hex arguments.
// Input: algorithm (byte, index into the registry), role (byte % 4), payload.
// The payload is written to a file and loaded as the tool loads it, with the
// role's expected length; then it goes to the scheme's checks, as `pqlab`
// would pass it. The payload is also parsed as a hex argument.
// Invariants: a load either fails with a one-line Failure or returns exactly
// the file's bytes at the expected length; parsed hex re-encodes to the same
// digits; the checks answer with a Status, never crash.
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <string>

#include "cli_util.hpp"
#include "fuzz_input.hpp"
#include "pqlab/registry.hpp"

namespace {

using namespace pqlab;
using fuzz::require;

const std::string& scratch_path() {
  static const std::string path = "/tmp/pqlab-fuzz-cli-" + std::to_string(::getpid());
  return path;
}

void check_hex(const std::vector<std::uint8_t>& payload) {
  const std::string text(payload.begin(), payload.end());
  try {
    const cli::ByteVector bytes = cli::parse_hex(text, "--fuzz");
    static const char digits[] = "0123456789abcdef";
    std::string again;
    for (const auto b : bytes) {
      again += digits[b >> 4];
      again += digits[b & 15];
    }
    std::string lower;
    for (const char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    require(again == lower, "parsed hex re-encodes to the same digits");
  } catch (const cli::Failure& f) {
    require(f.status() == cli::exit_error, "bad hex is a usage error (exit 2)");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const auto algs = algorithms();
  const Algorithm& alg = algs[in.byte() % algs.size()];
  const std::uint8_t role = in.byte() % 4;
  const auto payload = in.rest();
  check_hex(payload);

  {
    std::ofstream out(scratch_path(), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(payload.data()), static_cast<std::streamsize>(payload.size()));
  }
  const bool kem = alg.kind == Kind::kem;
  const std::size_t expected = role == 0   ? alg.public_key_bytes
                               : role == 1 ? alg.secret_key_bytes
                               : role == 2 ? (kem ? alg.ciphertext_bytes : cli::any_length)
                                           : cli::any_length;
  cli::ByteVector loaded;
  try {
    loaded = expected == cli::any_length ? cli::read_message(scratch_path())
                                         : cli::read_exact(scratch_path(), "fuzzed", expected);
    std::remove(scratch_path().c_str());
  } catch (const cli::Failure& f) {
    std::remove(scratch_path().c_str());
    require(f.status() == cli::exit_error, "a bad file is a usage error (exit 2)");
    require(expected != cli::any_length && payload.size() != expected,
            "only a wrong length makes a readable file fail");
    return 0;
  }
  require(loaded == payload, "the loader returns the file's bytes");

  // Hand the loaded bytes on as the tool does.
  const std::array<std::uint8_t, 3> msg{'c', 'l', 'i'};
  if (kem) {
    std::vector<std::uint8_t> ct(alg.ciphertext_bytes), ss(alg.shared_secret_bytes);
    std::vector<std::uint8_t> m(32, 7);
    if (role == 0) {
      const Status check = alg.kem->check_encaps_key(loaded);
      require(alg.kem->encaps_derand(ct, ss, loaded, m) == check, "encaps succeeds iff the ek check does");
    } else if (role == 1) {
      const Status check = alg.kem->check_decaps_key(loaded);
      require(alg.kem->decaps(ss, ct, loaded) == check, "decaps succeeds iff the dk check does");
    }
  } else {
    if (role == 0) {
      std::vector<std::uint8_t> sig(alg.signature_bytes);
      const Status s = alg.sig->verify(sig, msg, loaded, {});
      require(s == Status::ok || s == Status::invalid_signature, "verify with a loaded pk answers");
    } else if (role == 2) {
      std::vector<std::uint8_t> pk(alg.public_key_bytes);
      const Status s = alg.sig->verify(loaded, msg, pk, {});
      require(s == Status::ok || s == Status::invalid_signature, "verify of a loaded signature answers");
    }
  }
  return 0;
}
