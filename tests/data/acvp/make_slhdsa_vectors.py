#!/usr/bin/env python3
"""Vendors the NIST ACVP SLH-DSA vectors that tests/vectors/slhdsa_acvp_test.cpp reads.

Reads ../shared/vectors/acvp (beside the repository root, or one level
further up for a worktree, or the path given as the first argument) and writes xz -9 files next to this script:

* SLH-DSA-keyGen-FIPS205/{prompt,expectedResults}.json: complete (120 cases).
* SLH-DSA-sigVer-FIPS205_v1.1.0.35/{prompt,expectedResults}.json: complete
  (45 cases; the older schema of the internal interface). The v1.1.43
  sigVer prompt is not available, see ../shared/vectors/README.md.
* SLH-DSA-sigGen-FIPS205/{prompt,expectedResults}.json: a subset. The full
  set (624 cases, 17 MB compressed) is too large to vendor, so this keeps
  the first TESTS_PER_GROUP cases (lowest tcId) of each of the 72 groups,
  with every group field unchanged. To keep the data small, each expected
  signature (7.8 to 49.8 kB) is replaced by its SHA3-256 digest, field
  `signatureSha3_256` (lowercase hex): comparing digests is still a
  bit-exact check of the whole signature. The test runs the first case of
  every group in the default tier and the rest in the `full` tier.

Run from anywhere: python3 tests/data/acvp/make_slhdsa_vectors.py [ACVP_DIR]
"""
import hashlib
import json
import lzma
import os
import sys

TESTS_PER_GROUP = 2
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def read(path):
    if os.path.exists(path):
        with open(path, "rb") as f:
            return json.loads(f.read())
    with lzma.open(path + ".xz") as f:
        return json.loads(f.read())


def write(folder, name, doc):
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    data = json.dumps(doc, indent=1).encode() + b"\n"
    with lzma.open(os.path.join(HERE, folder, name + ".xz"), "wb", preset=9) as f:
        f.write(data)


def main():
    if len(sys.argv) > 1:
        acvp = sys.argv[1]
    else:  # ../shared beside the main checkout, or beside a worktree's parent
        candidates = [os.path.join(ROOT, up, "shared", "vectors", "acvp") for up in ("..", os.path.join("..", ".."))]
        acvp = next((c for c in candidates if os.path.isdir(c)), candidates[0])
    for folder in ("SLH-DSA-keyGen-FIPS205", "SLH-DSA-sigVer-FIPS205_v1.1.0.35"):
        for name in ("prompt.json", "expectedResults.json"):
            write(folder, name, read(os.path.join(acvp, folder, name)))

    folder = "SLH-DSA-sigGen-FIPS205"
    prompt = read(os.path.join(acvp, folder, "prompt.json"))
    expected = read(os.path.join(acvp, folder, "expectedResults.json"))
    kept = {}
    for group in prompt["testGroups"]:
        group["tests"] = sorted(group["tests"], key=lambda t: t["tcId"])[:TESTS_PER_GROUP]
        kept[group["tgId"]] = {t["tcId"] for t in group["tests"]}
    for group in expected["testGroups"]:
        group["tests"] = [
            {"tcId": t["tcId"], "signatureSha3_256": hashlib.sha3_256(bytes.fromhex(t["signature"])).hexdigest()}
            for t in group["tests"] if t["tcId"] in kept[group["tgId"]]
        ]
    write(folder, "prompt.json", prompt)
    write(folder, "expectedResults.json", expected)


if __name__ == "__main__":
    main()
