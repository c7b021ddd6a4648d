// Subjects for every entry of the pqlab registry: the lab covers whatever
// is compiled in, without naming any scheme.
#include <memory>
#include <stdexcept>
#include <string>

#include "pqlab/random.hpp"
#include "pqlab/registry.hpp"
#include "subjects/subject.hpp"

namespace pqlab::lab {
namespace {

using Buffer = std::vector<std::uint8_t>;

void require_ok(Status s, const Algorithm& alg, const char* what) {
  if (s != Status::ok) throw std::runtime_error(std::string(alg.name) + " " + what + " failed: " + describe(s));
}

Buffer random_bytes(std::size_t n) {
  Buffer b(n);
  if (system_random().generate(b) != Status::ok) throw std::runtime_error("random source failed");
  return b;
}

// One instance's keys and buffers; the operations write only to scratch
// buffers, so the keys stay valid for every later call. The batch
// operation encapsulates to max_kem_batch keys of their own.
struct KemState {
  Buffer ek, dk, ct, ss, scratch_ek, scratch_dk, scratch_ct, scratch_ss;
  std::vector<Buffer> batch_ek, batch_ct, batch_ss;
  std::vector<Bytes> batch_ct_spans, batch_ss_spans;
  std::vector<ConstBytes> batch_ek_spans;
};

// "encaps-batch8": one batch call for max_kem_batch independent keys,
// reported per encapsulation.
void add_encaps_batch(Instance& in, const std::shared_ptr<KemState>& st, const Algorithm& alg) {
  const KemOps& ops = *alg.kem;
  for (std::size_t i = 0; i < max_kem_batch; ++i) {
    st->batch_ek.emplace_back(alg.public_key_bytes);
    st->batch_ct.emplace_back(alg.ciphertext_bytes);
    st->batch_ss.emplace_back(alg.shared_secret_bytes);
    Buffer dk(alg.secret_key_bytes);
    require_ok(ops.keygen(st->batch_ek.back(), dk, system_random()), alg, "keygen");
  }
  for (std::size_t i = 0; i < max_kem_batch; ++i) {
    st->batch_ek_spans.emplace_back(st->batch_ek[i]);
    st->batch_ct_spans.emplace_back(st->batch_ct[i]);
    st->batch_ss_spans.emplace_back(st->batch_ss[i]);
  }
  Operation op{"encaps-batch" + std::to_string(max_kem_batch),
               [st, &ops, &alg] {
    require_ok(ops.encaps_batch(st->batch_ct_spans, st->batch_ss_spans, st->batch_ek_spans, system_random()), alg,
               "encaps batch");
               }};
  op.items = max_kem_batch;
  in.operations.push_back(std::move(op));
}

Instance kem_instance(const Algorithm& alg) {
  auto st = std::make_shared<KemState>();
  const KemOps& ops = *alg.kem;
  st->ek.resize(alg.public_key_bytes);
  st->dk.resize(alg.secret_key_bytes);
  st->ct.resize(alg.ciphertext_bytes);
  st->ss.resize(alg.shared_secret_bytes);
  st->scratch_ek = st->ek;
  st->scratch_dk = st->dk;
  st->scratch_ct = st->ct;
  st->scratch_ss = st->ss;
  require_ok(ops.keygen(st->ek, st->dk, system_random()), alg, "keygen");
  require_ok(ops.encaps(st->ct, st->ss, st->ek, system_random()), alg, "encaps");
  require_ok(ops.decaps(st->scratch_ss, st->ct, st->dk), alg, "decaps");
  if (st->scratch_ss != st->ss) throw std::runtime_error(std::string(alg.name) + ": decaps disagrees with encaps");
  Instance in;
  in.operations.push_back({"keygen", [st, &ops, &alg] {
                             require_ok(ops.keygen(st->scratch_ek, st->scratch_dk, system_random()), alg, "keygen");
                           }});
  in.operations.push_back({"encaps", [st, &ops, &alg] {
                             require_ok(ops.encaps(st->scratch_ct, st->scratch_ss, st->ek, system_random()), alg,
                                        "encaps");
                           }});
  in.operations.push_back(
      {"decaps", [st, &ops, &alg] { require_ok(ops.decaps(st->scratch_ss, st->ct, st->dk), alg, "decaps"); }});
  if (ops.encaps_batch != nullptr) add_encaps_batch(in, st, alg);
  return in;
}

struct SignatureState {
  Buffer pk, sk, msg, sig, scratch_pk, scratch_sk, scratch_sig;
  std::vector<Buffer> batch_pk, batch_sig;
  std::vector<ConstBytes> batch_pk_spans, batch_sig_spans, batch_msg_spans, batch_ctx_spans;
  std::vector<Status> batch_results;
};

// "verify-batch8": one batch call verifying max_sig_batch signatures under
// keys of their own (the same message), reported per verification.
void add_verify_batch(Instance& in, const std::shared_ptr<SignatureState>& st, const Algorithm& alg) {
  const SignatureOps& ops = *alg.sig;
  for (std::size_t i = 0; i < max_sig_batch; ++i) {
    st->batch_pk.emplace_back(alg.public_key_bytes);
    st->batch_sig.emplace_back(alg.signature_bytes);
    Buffer sk(alg.secret_key_bytes);
    require_ok(ops.keygen(st->batch_pk.back(), sk, system_random()), alg, "keygen");
    require_ok(ops.sign(st->batch_sig.back(), st->msg, sk, SignOptions{}, system_random()), alg, "sign");
  }
  for (std::size_t i = 0; i < max_sig_batch; ++i) {
    st->batch_pk_spans.emplace_back(st->batch_pk[i]);
    st->batch_sig_spans.emplace_back(st->batch_sig[i]);
    st->batch_msg_spans.emplace_back(st->msg);
    st->batch_ctx_spans.emplace_back();
  }
  st->batch_results.assign(max_sig_batch, Status::unsupported);
  Operation op{"verify-batch" + std::to_string(max_sig_batch), [st, &ops, &alg] {
                 require_ok(ops.verify_batch(st->batch_results, st->batch_sig_spans, st->batch_msg_spans,
                                             st->batch_ctx_spans, st->batch_pk_spans),
                            alg, "verify batch");
                 for (Status s : st->batch_results) require_ok(s, alg, "verify batch item");
               }};
  op.items = max_sig_batch;
  in.operations.push_back(std::move(op));
}

Instance signature_instance(const Algorithm& alg, std::size_t message_bytes) {
  auto st = std::make_shared<SignatureState>();
  const SignatureOps& ops = *alg.sig;
  st->pk.resize(alg.public_key_bytes);
  st->sk.resize(alg.secret_key_bytes);
  st->sig.resize(alg.signature_bytes);
  st->msg = random_bytes(message_bytes);
  st->scratch_pk = st->pk;
  st->scratch_sk = st->sk;
  st->scratch_sig = st->sig;
  const SignOptions opt{};
  require_ok(ops.keygen(st->pk, st->sk, system_random()), alg, "keygen");
  require_ok(ops.sign(st->sig, st->msg, st->sk, opt, system_random()), alg, "sign");
  require_ok(ops.verify(st->sig, st->msg, st->pk, opt), alg, "verify");
  Instance in;
  in.operations.push_back({"keygen", [st, &ops, &alg] {
                             require_ok(ops.keygen(st->scratch_pk, st->scratch_sk, system_random()), alg, "keygen");
                           }});
  in.operations.push_back({"sign", [st, &ops, &alg] {
                             require_ok(ops.sign(st->scratch_sig, st->msg, st->sk, SignOptions{}, system_random()), alg,
                                        "sign");
                           }});
  in.operations.push_back(
      {"verify", [st, &ops, &alg] { require_ok(ops.verify(st->sig, st->msg, st->pk, SignOptions{}), alg, "verify"); }});
  if (ops.verify_batch != nullptr) add_verify_batch(in, st, alg);
  return in;
}

}  // namespace

std::vector<Subject> post_quantum_subjects(std::size_t message_bytes) {
  std::vector<Subject> out;
  for (const Algorithm& alg : algorithms()) {
    Subject s;
    s.name = std::string(alg.name);
    s.standard = std::string(alg.standard);
    s.family = SubjectFamily::post_quantum;
    s.public_key_bytes = alg.public_key_bytes;
    s.secret_key_bytes = alg.secret_key_bytes;
    s.size_note = "the standard's byte encodings";
    const Algorithm* a = &alg;
    if (alg.kind == Kind::kem) {
      s.kind = "kem";
      s.ciphertext_bytes = alg.ciphertext_bytes;
      s.shared_secret_bytes = alg.shared_secret_bytes;
      s.operation_names = {"keygen", "encaps", "decaps"};
      s.instantiate = [a] { return kem_instance(*a); };
    } else {
      s.kind = "signature";
      s.signature_bytes = alg.signature_bytes;
      s.operation_names = {"keygen", "sign", "verify"};
      s.instantiate = [a, message_bytes] { return signature_instance(*a, message_bytes); };
    }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace pqlab::lab
