#!/usr/bin/env python3
"""Cuts the vendored ML-DSA vectors from the full sets in ../shared/vectors.

The full ACVP and Wycheproof ML-DSA files come to about 12 MB after xz -9,
so this keeps a documented subset (about 5 MB) that still covers every test
group of every file:

- ACVP keyGen: every case.
- ACVP sigVer: per group, the first 8 cases plus every remaining case whose
  expected result is a failure is kept until each group has 4 failures
  (so both outcomes are exercised in every group).
- ACVP sigGen (FIPS204): 3 cases per group; in pre-hash groups the cases
  are chosen so that, over the six pre-hash groups, every one of the 12
  hash functions appears at least once (rotating start).
- ACVP sigGen (FIPS204-tr1): 2 cases per group, chosen the same way.
- Wycheproof mldsa_*_verify: every case.
- Wycheproof mldsa_*_sign_{seed,noseed}: every case except the "ManySteps"
  ones, of which the first 8 of each file are kept.

Run from the repository root:  python3 tests/data/mldsa_subset.py
"""
import json
import lzma
import os

SHARED = os.environ.get("PQLAB_SHARED_VECTORS", "/work/shared/vectors")
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)))


def write(rel, doc):
    path = os.path.join(OUT, rel + ".xz")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = json.dumps(doc, separators=(",", ":")).encode()
    with open(path, "wb") as f:
        f.write(lzma.compress(data, preset=9))


def load(rel):
    with open(os.path.join(SHARED, rel)) as f:
        return json.load(f)


def filter_expected(expected, keep):
    for g in expected["testGroups"]:
        g["tests"] = [t for t in g["tests"] if (g["tgId"], t["tcId"]) in keep]
    return expected


def acvp_keygen():
    d = "acvp/ML-DSA-keyGen-FIPS204"
    write(d + "/prompt.json", load(d + "/prompt.json"))
    write(d + "/expectedResults.json", load(d + "/expectedResults.json"))


def acvp_sigver():
    d = "acvp/ML-DSA-sigVer-FIPS204"
    prompt, expected = load(d + "/prompt.json"), load(d + "/expectedResults.json")
    passed = {(g["tgId"], t["tcId"]): t["testPassed"] for g in expected["testGroups"] for t in g["tests"]}
    keep = set()
    for g in prompt["testGroups"]:
        chosen = g["tests"][:8]
        failures = sum(1 for t in chosen if not passed[(g["tgId"], t["tcId"])])
        for t in g["tests"][8:]:
            if failures >= 4:
                break
            if not passed[(g["tgId"], t["tcId"])]:
                chosen.append(t)
                failures += 1
        g["tests"] = chosen
        keep |= {(g["tgId"], t["tcId"]) for t in chosen}
    write(d + "/prompt.json", prompt)
    write(d + "/expectedResults.json", filter_expected(expected, keep))


def acvp_siggen(d, per_group):
    prompt, expected = load(d + "/prompt.json"), load(d + "/expectedResults.json")
    keep = set()
    rotation = 0
    for g in prompt["testGroups"]:
        if g.get("preHash") == "preHash":
            by_hash = {}
            for t in g["tests"]:
                by_hash.setdefault(t["hashAlg"], t)
            names = sorted(by_hash)
            chosen = [by_hash[names[(rotation + i) % len(names)]] for i in range(per_group)]
            rotation += per_group
        else:
            chosen = g["tests"][:per_group]
        g["tests"] = chosen
        keep |= {(g["tgId"], t["tcId"]) for t in chosen}
    write(d + "/prompt.json", prompt)
    write(d + "/expectedResults.json", filter_expected(expected, keep))


def wycheproof():
    base = "wycheproof/testvectors_v1"
    for name in sorted(os.listdir(os.path.join(SHARED, base))):
        if not name.startswith("mldsa_"):
            continue
        doc = load(base + "/" + name)
        if "_sign_" in name:
            many = 0
            for g in doc["testGroups"]:
                kept = []
                for t in g["tests"]:
                    if "ManySteps" in t["flags"]:
                        many += 1
                        if many > 8:
                            continue
                    kept.append(t)
                g["tests"] = kept
            doc["testGroups"] = [g for g in doc["testGroups"] if g["tests"]]
        write("wycheproof/" + name, doc)


if __name__ == "__main__":
    acvp_keygen()
    acvp_sigver()
    acvp_siggen("acvp/ML-DSA-sigGen-FIPS204", 3)
    acvp_siggen("acvp/ML-DSA-sigGen-FIPS204-tr1", 2)
    wycheproof()
