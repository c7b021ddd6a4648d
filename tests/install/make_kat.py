#!/usr/bin/env python3
"""Writes the known answers that the C API tests (c_api_test.c, capi_test.py)
check, taken from the vendored NIST ACVP vectors: one `name value` per line,
values in hex ('-' for empty) except the pre-hash name.
Usage: make_kat.py <unpacked test-data dir> <output file>"""
import json
import sys

data, out = sys.argv[1], sys.argv[2]


def load(name):
    d = f"{data}/acvp/{name}/"
    return json.load(open(d + "prompt.json")), json.load(open(d + "expectedResults.json"))


def group(files, **want):
    prompt, expected = files
    for g in prompt["testGroups"]:
        if all(g.get(k) == v for k, v in want.items()):
            e = [x for x in expected["testGroups"] if x["tgId"] == g["tgId"]][0]
            t = g["tests"][0]
            r = [x for x in e["tests"] if x["tcId"] == t["tcId"]][0]
            return t, r
    raise SystemExit(f"no ACVP group {want}")


kat = {}
t, r = group(load("ML-KEM-keyGen-FIPS203"), parameterSet="ML-KEM-768")
kat.update(mlkem768_keygen_seed=t["d"] + t["z"], mlkem768_keygen_ek=r["ek"], mlkem768_keygen_dk=r["dk"])
encdec = load("ML-KEM-encapDecap-FIPS203")
t, r = group(encdec, parameterSet="ML-KEM-768", function="encapsulation")
kat.update(mlkem768_encaps_ek=t["ek"], mlkem768_encaps_m=t["m"], mlkem768_encaps_c=r["c"], mlkem768_encaps_k=r["k"])
t, r = group(encdec, parameterSet="ML-KEM-768", function="decapsulation")
kat.update(mlkem768_decaps_dk=t["dk"], mlkem768_decaps_c=t["c"], mlkem768_decaps_k=r["k"])
t, r = group(load("ML-DSA-keyGen-FIPS204"), parameterSet="ML-DSA-44")
kat.update(mldsa44_keygen_seed=t["seed"], mldsa44_keygen_pk=r["pk"], mldsa44_keygen_sk=r["sk"])
sig = load("ML-DSA-sigGen-FIPS204")
t, r = group(sig, parameterSet="ML-DSA-44", deterministic=True, signatureInterface="external", preHash="pure")
kat.update(mldsa44_sign_sk=t["sk"], mldsa44_sign_msg=t["message"], mldsa44_sign_ctx=t["context"],
           mldsa44_sign_sig=r["signature"])
t, r = group(sig, parameterSet="ML-DSA-44", deterministic=True, signatureInterface="external", preHash="preHash")
kat.update(mldsa44_hashsign_sk=t["sk"], mldsa44_hashsign_msg=t["message"], mldsa44_hashsign_ctx=t["context"],
           mldsa44_hashsign_hash=t["hashAlg"], mldsa44_hashsign_sig=r["signature"])
with open(out, "w") as f:
    for k, v in kat.items():
        f.write(f"{k} {v or '-'}\n")
