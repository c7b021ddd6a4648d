#!/usr/bin/env python3
"""Seed corpora for the libFuzzer targets, made from the vendored ACVP
vectors (tests/data/acvp/*/prompt.json.xz) and LAMPS example keys
(tests/data/lamps/), in each target's input format
(see the comment at the top of each fuzz_*.cpp).

Usage: fuzz/make_corpus.py OUTDIR   → OUTDIR/<target>/<seed files>
"""
import base64
import json
import lzma
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "acvp")
PER_GROUP = 3  # a few cases per group: the fuzzer mutates from there

MLKEM_SETS = ["ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"]
MLDSA_SETS = ["ML-DSA-44", "ML-DSA-65", "ML-DSA-87"]
SLHDSA_F_SETS = ["SLH-DSA-SHA2-128f", "SLH-DSA-SHAKE-128f", "SLH-DSA-SHA2-192f",
                 "SLH-DSA-SHAKE-192f", "SLH-DSA-SHA2-256f", "SLH-DSA-SHAKE-256f"]
# fuzz_cli_load's algorithm byte indexes the registry (src/registry/):
# ML-KEM-512/768/1024, then ML-DSA-44/65/87, then the SLH-DSA sets.
MLDSA_REGISTRY_INDEX = 3


def groups(name):
    with lzma.open(os.path.join(ROOT, name, "prompt.json.xz"), "rt") as f:
        return json.load(f)["testGroups"]


def write(outdir, target, label, data):
    d = os.path.join(outdir, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, label), "wb") as f:
        f.write(data)


def main(outdir):
    h = bytes.fromhex
    for g in groups("ML-KEM-encapDecap-FIPS203"):
        s = MLKEM_SETS.index(g["parameterSet"])
        for t in g["tests"][:PER_GROUP]:
            tag = f"{g['parameterSet']}-{g['function']}-{t['tcId']}"
            if "ek" in t:
                write(outdir, "fuzz_mlkem", tag, bytes([s, 0]) + h(t["ek"]))
                write(outdir, "fuzz_cli_load", tag, bytes([s, 0]) + h(t["ek"]))
            if "dk" in t:
                write(outdir, "fuzz_mlkem", tag, bytes([s, 1]) + h(t["dk"]) + h(t.get("c", "")))
                write(outdir, "fuzz_cli_load", tag, bytes([s, 1]) + h(t["dk"]))
            if "c" in t:
                write(outdir, "fuzz_cli_load", tag + "-ct", bytes([s, 2]) + h(t["c"]))
    for g in groups("ML-KEM-keyGen-FIPS203"):
        s = MLKEM_SETS.index(g["parameterSet"])
        for t in g["tests"][:PER_GROUP]:
            write(outdir, "fuzz_mlkem", f"{g['parameterSet']}-keygen-{t['tcId']}",
                  bytes([s, 2]) + h(t["d"]) + h(t["z"]) + h(t["d"]) + b"\x01")
    for g in groups("ML-DSA-sigVer-FIPS204"):
        if g.get("signatureInterface") != "external" or g.get("preHash") != "pure":
            continue
        s = MLDSA_SETS.index(g["parameterSet"])
        for t in g["tests"][:PER_GROUP]:
            ctx = h(t.get("context", ""))
            tag = f"{g['parameterSet']}-sigver-{t['tcId']}"
            write(outdir, "fuzz_mldsa", tag,
                  bytes([s, 0]) + h(t["pk"]) + h(t["signature"]) + bytes([len(ctx)]) + ctx + h(t["message"]))
            write(outdir, "fuzz_cli_load", tag + "-pk", bytes([MLDSA_REGISTRY_INDEX + s, 0]) + h(t["pk"]))
            write(outdir, "fuzz_cli_load", tag + "-sig", bytes([MLDSA_REGISTRY_INDEX + s, 2]) + h(t["signature"]))
    for g in groups("ML-DSA-keyGen-FIPS204"):
        s = MLDSA_SETS.index(g["parameterSet"])
        for t in g["tests"][:PER_GROUP]:
            write(outdir, "fuzz_mldsa", f"{g['parameterSet']}-keygen-{t['tcId']}",
                  bytes([s, 1]) + h(t["seed"]) + b"\x00\x10" + b"message")
    for g in groups("SLH-DSA-sigVer-FIPS205_v1.1.0.35"):
        if g["parameterSet"] not in SLHDSA_F_SETS:
            continue
        s = SLHDSA_F_SETS.index(g["parameterSet"])
        for t in g["tests"][:PER_GROUP]:
            sig = h(t["signature"])
            ctx = h(t.get("context", ""))
            write(outdir, "fuzz_slhdsa", f"{g['parameterSet']}-sigver-{t['tcId']}",
                  bytes([s, 0]) + h(t["pk"]) + len(sig).to_bytes(2, "big") + sig + bytes([len(ctx)]) + ctx
                  + h(t["message"]))
    for s, name in enumerate(SLHDSA_F_SETS):
        write(outdir, "fuzz_slhdsa", f"{name}-mutate", bytes([s, 1, 0, 0, 1, 0]))
    # Provider key shares (fuzz_provider_keyshare): ML-KEM encapsulation keys
    # and ciphertexts from the vectors as ClientHello / ServerHello shares of
    # the pure groups, and for X25519MLKEM768 followed by the X25519 base
    # point (u = 9), and once each by the small-order points u = 0 and u = 1
    # (all-zero shared secret: accepted, then encapsulation refuses); mode 2
    # with a one-byte change.
    x25519_base = bytes([9]) + bytes(31)
    small_order_written = False
    for g in groups("ML-KEM-encapDecap-FIPS203"):
        s = MLKEM_SETS.index(g["parameterSet"])
        for t in g["tests"][:PER_GROUP]:
            tag = f"{g['parameterSet']}-{t['tcId']}"
            if "ek" in t:
                write(outdir, "fuzz_provider_keyshare", tag + "-share", bytes([s, 0]) + h(t["ek"]))
                if g["parameterSet"] == "ML-KEM-768":
                    write(outdir, "fuzz_provider_keyshare", tag + "-hybrid-share",
                          bytes([3, 0]) + h(t["ek"]) + x25519_base)
                    if not small_order_written:
                        for u in (0, 1):
                            write(outdir, "fuzz_provider_keyshare", f"{tag}-hybrid-share-small-order-{u}",
                                  bytes([3, 0]) + h(t["ek"]) + bytes([u]) + bytes(31))
                        small_order_written = True
            if "c" in t:
                write(outdir, "fuzz_provider_keyshare", tag + "-ct", bytes([s, 1]) + h(t["c"]))
                if g["parameterSet"] == "ML-KEM-768":
                    write(outdir, "fuzz_provider_keyshare", tag + "-hybrid-ct",
                          bytes([3, 1]) + h(t["c"]) + x25519_base)
    for kem in range(6):
        write(outdir, "fuzz_provider_keyshare", f"roundtrip-{kem}", bytes([kem, 2, 0, 1]))

    # Key decoders (fuzz_key_decoders): the LAMPS example keys
    # (tests/data/lamps/), as PEM and as DER, read as public (mode 0) or
    # private (mode 1) keys, with no expected algorithm and with their own
    # (mode 2 * (registry index + 1) + private).
    lamps = os.path.join(ROOT, "..", "lamps")
    names = MLKEM_SETS + MLDSA_SETS  # registry order: ML-KEM, then ML-DSA, then SLH-DSA
    for folder in sorted(os.listdir(lamps)):
        d = os.path.join(lamps, folder)
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if not (f.endswith(".pub.xz") or f.endswith(".priv.xz")):
                continue
            with lzma.open(os.path.join(d, f), "rb") as fh:
                pem = fh.read()
            body = b"".join(l for l in pem.splitlines() if not l.startswith(b"-----"))
            der = base64.b64decode(body)
            private = 1 if f.endswith(".priv.xz") else 0
            base = f[: -len(".xz")]
            write(outdir, "fuzz_key_decoders", base + "-pem", bytes([private]) + pem)
            write(outdir, "fuzz_key_decoders", base + "-der", bytes([private]) + der)
            own = next((i for i, n in enumerate(names) if base.startswith(n + "-") or base.startswith(n + ".")), None)
            if own is not None:
                write(outdir, "fuzz_key_decoders", base + "-der-expected", bytes([2 * (own + 1) + private]) + der)

    # Kernels: any bytes are a valid input; seed with vector bytes.
    g = groups("ML-KEM-keyGen-FIPS203")[0]
    blob = b"".join(h(t["d"]) + h(t["z"]) for t in g["tests"])
    write(outdir, "fuzz_kernels_diff", "mlkem-seeds", blob)

    # The speed-peer harness's answers (fuzz_peer_harness_line): kind byte
    # (even ticks, odd signset), count byte, then a line as the harness
    # prints it.
    write(outdir, "fuzz_peer_harness_line", "ticks-3", bytes([0, 3]) + b"ticks keygen 3 24213 24948 0")
    write(outdir, "fuzz_peer_harness_line", "ticks-1", bytes([0, 1]) + b"ticks sign 1 55035834")
    write(outdir, "fuzz_peer_harness_line", "signset-2",
          bytes([1, 2]) + b"signset 2 00ff12ab34cd56ef 134043 167383")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
