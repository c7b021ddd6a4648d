// Key files of the pqlab tool in any of the encodings pqlab_formats knows
// (formats/include/pqlab/formats/keys.hpp): the raw FIPS bytes, DER or PEM
// (SubjectPublicKeyInfo / PKCS#8), told apart by their content. Reading goes
// through the tool's I/O layer (cli_util.hpp); these helpers only turn bytes
// into keys and keys into bytes, with the tool's messages.
#pragma once
#include <optional>
#include <span>
#include <string>

#include <CLI/CLI.hpp>

#include "cli_util.hpp"
#include "pqlab/formats/keys.hpp"

namespace pqlab::cli {

// The largest key file read (the largest PEM key is about 7 KB).
inline constexpr std::size_t max_key_file_bytes = std::size_t{64} << 10;

// A public / private key from `path` ("-": standard input). `alg_name` is
// the -a option: when given, the key must be of that algorithm (a DER/PEM
// key naming another one is refused, exit 2) and a raw key must have its
// exact length; when empty, the key file must name its algorithm (DER or
// PEM). The key must be of `kind`. Private keys are checked as
// pqlab_formats checks them (the seed regenerates the expanded key, ...).
formats::PublicKey read_public_key(const std::string& path, const std::string& alg_name, Kind kind);
formats::PrivateKey read_private_key(const std::string& path, const std::string& alg_name, Kind kind);

// The failure for a key read without -a that is neither DER nor PEM, so
// does not name its algorithm.
Failure needs_algorithm(const std::string& what);

// The failure for key bytes the decoder refused: what it said, and, where
// no algorithm was named and the bytes start like DER (a SEQUENCE), that a
// raw key needs -a: one raw key in 256 starts with that byte.
Failure key_decode_failure(const std::string& what, const formats::Error& error, std::span<const std::uint8_t> data,
                           const Algorithm* named);

// The --format and --private-form options of the commands that write keys.
struct KeyOutputOptions {
  std::string format = "raw";
  std::string private_form;  // "" = the default (seed where known)
};
void add_key_output_options(CLI::App* cmd, KeyOutputOptions& opt);
formats::Encoding output_encoding(const KeyOutputOptions& opt);
std::optional<formats::PrivateForm> output_private_form(const KeyOutputOptions& opt);

// Keys to bytes in the requested encoding; Failure with the reason.
std::vector<std::uint8_t> encode_public_key(const formats::PublicKey& key, const KeyOutputOptions& opt);
formats::SecureBytes encode_private_key(const formats::PrivateKey& key, const KeyOutputOptions& opt);

}  // namespace pqlab::cli
