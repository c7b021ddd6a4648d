#!/usr/bin/env python3
"""Cut a few ACVP known-answer cases per parameter set into a C++ header
that the firmware compiles into flash.

Covered: ML-KEM keyGen, encapsulation, decapsulation and both key checks;
ML-DSA and SLH-DSA keyGen and deterministic sigGen (pure, external
interface, empty or given context). Inputs are the vendored, xz-compressed
ACVP files under tests/data/acvp/ (prompt.json.xz + expectedResults.json.xz
per directory). For each set the first CASES cases of every test group kind
are taken, in file order; sigGen takes the cases with the shortest messages
(ML-DSA: CASES from revision tr1, whose keys come as the 32-byte seed ξ;
SLH-DSA: one, since one signature of an "s" set costs 8-36 billion
instructions under emulation). Inputs are stored whole; outputs longer than
32 bytes are stored as their SHA3-256 digest (the firmware hashes what it
computed and compares), which keeps flash use modest while the check stays
bit-exact.

Usage: gen_kat.py --acvp tests/data/acvp --out kat_vectors.hpp [--cases N]
"""
import argparse
import hashlib
import json
import lzma
import pathlib

MLKEM_SETS = {"ML-KEM-512": "MLKEM512", "ML-KEM-768": "MLKEM768", "ML-KEM-1024": "MLKEM1024"}
MLDSA_SETS = {"ML-DSA-44": "mldsa::MLDSA44", "ML-DSA-65": "mldsa::MLDSA65", "ML-DSA-87": "mldsa::MLDSA87"}
# The sets the firmware runs; the "s" sets get one keyGen case (each costs
# 1-5 billion instructions under emulation), the others `cases`.
SLHDSA_SETS = {"SLH-DSA-SHA2-128f": "slhdsa::SLHDSA_SHA2_128f", "SLH-DSA-SHAKE-128f": "slhdsa::SLHDSA_SHAKE_128f",
               "SLH-DSA-SHA2-128s": "slhdsa::SLHDSA_SHA2_128s", "SLH-DSA-SHAKE-128s": "slhdsa::SLHDSA_SHAKE_128s",
               "SLH-DSA-SHA2-192f": "slhdsa::SLHDSA_SHA2_192f", "SLH-DSA-SHAKE-192f": "slhdsa::SLHDSA_SHAKE_192f",
               "SLH-DSA-SHA2-256f": "slhdsa::SLHDSA_SHA2_256f", "SLH-DSA-SHAKE-256f": "slhdsa::SLHDSA_SHAKE_256f"}


def load(directory):
    prompt = json.load(lzma.open(directory / "prompt.json.xz"))
    results = json.load(lzma.open(directory / "expectedResults.json.xz"))
    expected = {t["tcId"]: t for g in results["testGroups"] for t in g["tests"]}
    for group in prompt["testGroups"]:
        for test in group["tests"]:
            yield group, test, expected[test["tcId"]]


class Writer:
    def __init__(self):
        self.lines = []
        self.count = 0

    def bytes_array(self, hex_string, name):
        data = bytes.fromhex(hex_string)
        if not data:
            return "nullptr"  # C++ has no zero-length arrays; the case stores the length
        self.count += len(data)
        body = ",".join(str(b) for b in data)
        self.lines.append(f"inline constexpr std::uint8_t {name}[{len(data)}] = {{{body}}};")
        return name

    def output(self, hex_string, name, always_digest=False):
        """An expected output: whole if short, else its SHA3-256 digest."""
        data = bytes.fromhex(hex_string)
        if always_digest or len(data) > 32:
            hex_string = hashlib.sha3_256(data).hexdigest()
        return self.bytes_array(hex_string, name)


def mlkem(writer, acvp, cases):
    keygen = {s: [] for s in MLKEM_SETS}
    encaps = {s: [] for s in MLKEM_SETS}
    decaps = {s: [] for s in MLKEM_SETS}
    ek_check = {s: [] for s in MLKEM_SETS}
    dk_check = {s: [] for s in MLKEM_SETS}
    for group, test, result in load(acvp / "ML-KEM-keyGen-FIPS203"):
        s = group["parameterSet"]
        if len(keygen[s]) < cases:
            keygen[s].append((test, result))
    for group, test, result in load(acvp / "ML-KEM-encapDecap-FIPS203"):
        s, function = group["parameterSet"], group["function"]
        table = {"encapsulation": encaps, "decapsulation": decaps,
                 "encapsulationKeyCheck": ek_check, "decapsulationKeyCheck": dk_check}[function]
        if function.endswith("KeyCheck"):
            # one accepted and one rejected key per set where the file has both
            if any(r["testPassed"] == result["testPassed"] for _, r in table[s]) or len(table[s]) >= 2:
                continue
        elif len(table[s]) >= cases:
            continue
        table[s].append((test, result))

    out = writer.lines
    for s, p in MLKEM_SETS.items():
        tag = p.lower()
        rows = []
        for t, r in keygen[s]:
            n = f"{tag}_keygen_{t['tcId']}"
            rows.append(f"{{{t['tcId']}, {writer.bytes_array(t['d'], n + '_d')}, "
                        f"{writer.bytes_array(t['z'], n + '_z')}, {writer.output(r['ek'], n + '_ek')}, "
                        f"{writer.output(r['dk'], n + '_dk')}}}")
        out.append(f"inline constexpr KemKeygenCase {tag}_keygen[] = {{{', '.join(rows)}}};")
        rows = []
        for t, r in encaps[s]:
            n = f"{tag}_encaps_{t['tcId']}"
            rows.append(f"{{{t['tcId']}, {writer.bytes_array(t['ek'], n + '_ek')}, "
                        f"{writer.bytes_array(t['m'], n + '_m')}, {writer.output(r['c'], n + '_c')}, "
                        f"{writer.output(r['k'], n + '_k')}}}")
        out.append(f"inline constexpr KemEncapsCase {tag}_encaps[] = {{{', '.join(rows)}}};")
        rows = []
        for t, r in decaps[s]:
            n = f"{tag}_decaps_{t['tcId']}"
            rows.append(f"{{{t['tcId']}, {writer.bytes_array(t['dk'], n + '_dk')}, "
                        f"{writer.bytes_array(t['c'], n + '_c')}, {writer.output(r['k'], n + '_k')}}}")
        out.append(f"inline constexpr KemDecapsCase {tag}_decaps[] = {{{', '.join(rows)}}};")
        for kind, table, field in (("ek_check", ek_check, "ek"), ("dk_check", dk_check, "dk")):
            rows = []
            for t, r in table[s]:
                n = f"{tag}_{kind}_{t['tcId']}"
                rows.append(f"{{{t['tcId']}, {writer.bytes_array(t[field], n + '_key')}, "
                            f"{'true' if r['testPassed'] else 'false'}}}")
            out.append(f"inline constexpr KemKeyCheckCase {tag}_{kind}[] = {{{', '.join(rows)}}};")
        out.append(f"template <> struct MlkemKat<pqlab::mlkem::{p}> {{\n"
                   f"  static constexpr std::span<const KemKeygenCase> keygen{{{tag}_keygen}};\n"
                   f"  static constexpr std::span<const KemEncapsCase> encaps{{{tag}_encaps}};\n"
                   f"  static constexpr std::span<const KemDecapsCase> decaps{{{tag}_decaps}};\n"
                   f"  static constexpr std::span<const KemKeyCheckCase> ek_check{{{tag}_ek_check}};\n"
                   f"  static constexpr std::span<const KemKeyCheckCase> dk_check{{{tag}_dk_check}};\n"
                   f"}};")


def signature_keygen(writer, acvp, directory, sets, seed_of, cases_for):
    """keyGen cases of a signature scheme: seed in, SHA3-256 of pk and sk out."""
    chosen = {name: [] for name in sets}
    for group, test, result in load(acvp / directory):
        name = group["parameterSet"]
        if name in chosen and len(chosen[name]) < cases_for(name):
            chosen[name].append((test, result))
    for name, cpp_type in sets.items():
        tag = cpp_type.split("::")[1].lower()
        rows = []
        for t, r in chosen[name]:
            n = f"{tag}_keygen_{t['tcId']}"
            seed = seed_of(t)
            rows.append(f"{{{t['tcId']}, {writer.bytes_array(seed, n + '_seed')}, {len(seed) // 2}, "
                        f"{writer.output(r['pk'], n + '_pk', True)}, {writer.output(r['sk'], n + '_sk', True)}}}")
        writer.lines.append(f"inline constexpr SigKeygenCase {tag}_keygen[] = {{{', '.join(rows)}}};")


def signature_digest(writer, result, name):
    """SHA3-256 of the expected signature. The vendored SLH-DSA sigGen file
    already stores that digest (field signatureSha3_256) in place of the
    signature; ML-DSA's stores the signature."""
    if "signatureSha3_256" in result:
        return writer.bytes_array(result["signatureSha3_256"], name)
    return writer.output(result["signature"], name, True)


def signature_siggen(writer, acvp, directory, sets, key_of, cases, group_wanted):
    """Deterministic sigGen cases, pure external interface: key, message and
    context in, SHA3-256 of the signature out. Shortest messages first. Also
    writes each set's SigKat, naming these and signature_keygen's cases."""
    candidates = {name: [] for name in sets}
    for group, test, result in load(acvp / directory):
        name = group["parameterSet"]
        if (name in candidates and group["deterministic"] and group["signatureInterface"] == "external"
                and group["preHash"] == "pure" and group_wanted(group)):
            candidates[name].append((test, result))
    for name, cpp_type in sets.items():
        chosen = sorted(candidates[name], key=lambda c: (len(c[0]["message"]), c[0]["tcId"]))[:cases]
        if not chosen:
            raise SystemExit(f"gen_kat: no deterministic pure sigGen case for {name} in {directory}")
        tag = cpp_type.split("::")[1].lower()
        rows = []
        for t, r in sorted(chosen, key=lambda c: c[0]["tcId"]):
            n = f"{tag}_siggen_{t['tcId']}"
            key = key_of(t)
            rows.append(f"{{{t['tcId']}, {writer.bytes_array(key, n + '_key')}, {len(key) // 2}, "
                        f"{writer.bytes_array(t['message'], n + '_msg')}, {len(t['message']) // 2}, "
                        f"{writer.bytes_array(t['context'], n + '_ctx')}, {len(t['context']) // 2}, "
                        f"{signature_digest(writer, r, n + '_sig')}}}")
        writer.lines.append(f"inline constexpr SigGenCase {tag}_siggen[] = {{{', '.join(rows)}}};")
        writer.lines.append(f"template <> struct SigKat<pqlab::{cpp_type}> {{\n"
                            f"  static constexpr std::span<const SigKeygenCase> keygen{{{tag}_keygen}};\n"
                            f"  static constexpr std::span<const SigGenCase> siggen{{{tag}_siggen}};\n}};")


HEADER = """// Generated by embedded/tools/gen_kat.py from tests/data/acvp; do not edit.
// Outputs longer than 32 bytes are SHA3-256 digests of the expected value.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqlab/mldsa.hpp"
#include "pqlab/mlkem.hpp"
#include "pqlab/slhdsa.hpp"

namespace firmware::kat {

struct KemKeygenCase { unsigned tc; const std::uint8_t* d; const std::uint8_t* z;
                       const std::uint8_t* ek_digest; const std::uint8_t* dk_digest; };
struct KemEncapsCase { unsigned tc; const std::uint8_t* ek; const std::uint8_t* m;
                       const std::uint8_t* c_digest; const std::uint8_t* k; };
struct KemDecapsCase { unsigned tc; const std::uint8_t* dk; const std::uint8_t* c; const std::uint8_t* k; };
struct KemKeyCheckCase { unsigned tc; const std::uint8_t* key; bool valid; };
template <class P> struct MlkemKat;
// ML-DSA: seed = ξ; SLH-DSA: seed = SK.seed ‖ SK.prf ‖ PK.seed.
struct SigKeygenCase { unsigned tc; const std::uint8_t* seed; std::size_t seed_bytes;
                       const std::uint8_t* pk_digest; const std::uint8_t* sk_digest; };
// Deterministic sigGen, pure, external interface. ML-DSA: key = ξ (the
// signing key is KeyGen_internal(ξ)); SLH-DSA: key = sk (pk is its last 2n
// bytes). Empty messages or contexts are nullptr with length 0.
struct SigGenCase { unsigned tc; const std::uint8_t* key; std::size_t key_bytes;
                    const std::uint8_t* msg; std::size_t msg_bytes;
                    const std::uint8_t* ctx; std::size_t ctx_bytes; const std::uint8_t* sig_digest; };
template <class P> struct SigKat;
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--acvp", type=pathlib.Path, required=True)
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--cases", type=int, default=2)
    args = parser.parse_args()
    writer = Writer()
    mlkem(writer, args.acvp, args.cases)
    signature_keygen(writer, args.acvp, "ML-DSA-keyGen-FIPS204", MLDSA_SETS, lambda t: t["seed"],
                     lambda name: args.cases)
    signature_keygen(writer, args.acvp, "SLH-DSA-keyGen-FIPS205", SLHDSA_SETS,
                     lambda t: t["skSeed"] + t["skPrf"] + t["pkSeed"],
                     lambda name: 1 if name.endswith("s") else args.cases)
    signature_siggen(writer, args.acvp, "ML-DSA-sigGen-FIPS204-tr1", MLDSA_SETS, lambda t: t["seed"],
                     args.cases, lambda group: group["keyFormat"] == "seed")
    signature_siggen(writer, args.acvp, "SLH-DSA-sigGen-FIPS205", SLHDSA_SETS, lambda t: t["sk"], 1,
                     lambda group: True)
    text = HEADER + "\n".join(writer.lines) + "\n\n}  // namespace firmware::kat\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(f"gen_kat: {writer.count} bytes of vectors -> {args.out}")


if __name__ == "__main__":
    main()
