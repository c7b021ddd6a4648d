// pqlab sign / verify, for every signature scheme in the registry.
#include <cstdio>
#include <string>

#include "cli_keys.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "pqlab/random.hpp"

namespace pqlab::cli {
namespace {

struct SignArgs {
  std::string alg, sk, pk, in, sig, ctx, rnd, prehash;
  bool deterministic = false;
};

SignOptions options_from(const SignArgs& a, ByteVector& ctx, SecretBytes& rnd) {
  SignOptions opt;
  ctx = parse_hex(a.ctx, "--ctx");
  if (ctx.size() > 255)
    throw Failure("--ctx: a context string holds at most 255 bytes; got " + std::to_string(ctx.size()));
  opt.context = ctx;
  opt.prehash = a.prehash;
  if (a.deterministic) opt.mode = SignMode::deterministic;
  if (!a.rnd.empty()) {
    rnd = SecretBytes(parse_hex(a.rnd, "--rnd"));
    opt.mode = SignMode::explicit_rnd;
    opt.rnd = rnd;
  }
  return opt;
}

void run_sign(const SignArgs& a) {
  const formats::PrivateKey key = read_private_key(a.sk, a.alg, Kind::signature);
  const Algorithm& alg = *key.alg;
  const formats::SecureBytes& sk = key.expanded;
  const ByteVector msg = read_message(a.in);
  ByteVector ctx;
  SecretBytes rnd;
  const SignOptions opt = options_from(a, ctx, rnd);
  ByteVector sig(alg.signature_bytes);
  check(alg.sig->sign(sig, msg, sk, opt, system_random()), "signing failed");
  write_outputs({{a.sig, sig, Sensitivity::public_data, "signature"}});
}

// A signature of another length than the set's is an invalid signature
// (exit 1), as FIPS 204 Algorithm 8 and FIPS 205 Algorithm 24 return false
// for it; only a signature file that cannot be read at all is an error
// (exit 2). At most signature_bytes + 1 bytes are read.
void run_verify(const SignArgs& a) {
  const formats::PublicKey key = read_public_key(a.pk, a.alg, Kind::signature);
  const Algorithm& alg = *key.alg;
  const std::vector<std::uint8_t>& pk = key.bytes;
  const ByteVector msg = read_message(a.in);
  const ByteVector sig = read_input_upto(a.sig, "signature", alg.signature_bytes);
  ByteVector ctx;
  SecretBytes rnd;
  const SignOptions opt = options_from(a, ctx, rnd);
  if (sig.size() != alg.signature_bytes)
    throw Failure("invalid signature: " +
                      (sig.size() > alg.signature_bytes ? "more than " + std::to_string(alg.signature_bytes)
                                                        : std::to_string(sig.size())) +
                      " bytes; " + std::string(alg.name) + " signatures are " + std::to_string(alg.signature_bytes),
                  exit_invalid);
  const Status s = alg.sig->verify(sig, msg, pk, opt);
  if (s == Status::invalid_signature) throw Failure("invalid signature", exit_invalid);
  check(s, "verification failed");
  std::printf("valid\n");
}

CLI::App* common_options(CLI::App* cmd, SignArgs& a) {
  cmd->add_option("-a,--algorithm", a.alg,
                  "Signature scheme, e.g. ML-DSA-65 (optional for a DER/PEM key, which names its algorithm)");
  cmd->add_option("--in", a.in, "Message file, or - for standard input (read whole; at most 256 MiB)")->required();
  cmd->add_option("--ctx", a.ctx, "Context string as hex (0-255 bytes)");
  cmd->add_option("--prehash", a.prehash,
                  "Pre-hash variant (HashML-DSA / HashSLH-DSA): SHA2-224, SHA2-256, SHA2-384, SHA2-512, "
                  "SHA2-512/224, SHA2-512/256, SHA3-224, SHA3-256, SHA3-384, SHA3-512, SHAKE-128, SHAKE-256");
  return cmd;
}

}  // namespace

void add_sign_commands(CLI::App& app) {
  auto sign_args = std::make_shared<SignArgs>();
  auto* sign = common_options(app.add_subcommand("sign", "Sign a message"), *sign_args);
  sign->add_option("--sk", sign_args->sk, "Secret key file (raw, DER or PEM), or - for standard input")->required();
  sign->add_option("--sig", sign_args->sig, "Output: signature file, or - for standard output")->required();
  auto* det =
      sign->add_flag("--deterministic", sign_args->deterministic, "Deterministic signing (no fresh randomness)");
  sign->add_option("--rnd", sign_args->rnd, "Hex randomness for the signer (ML-DSA rnd / SLH-DSA opt_rand)")
      ->excludes(det);
  sign->callback([sign_args] { run_sign(*sign_args); });

  auto verify_args = std::make_shared<SignArgs>();
  auto* verify =
      common_options(app.add_subcommand("verify", "Verify a signature (exit 0 valid, 1 invalid)"), *verify_args);
  verify->add_option("--pk", verify_args->pk, "Public key file (raw, DER or PEM), or - for standard input")->required();
  verify
      ->add_option("--sig", verify_args->sig,
                   "Signature file, or - for standard input (one of another length than the set's is an "
                   "invalid signature: exit 1)")
      ->required();
  verify->callback([verify_args] { run_verify(*verify_args); });
}

}  // namespace pqlab::cli
