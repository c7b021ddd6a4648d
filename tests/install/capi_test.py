#!/usr/bin/env python3
"""The C API (pqlab/pqlab.h) from Python through ctypes, on an installed
libpqlab.so: the same NIST ACVP known answers as c_api_test.c (ML-KEM-768
keygen from a seed, encaps_derand, decaps; ML-DSA-44 keygen from a seed and
deterministic pure and pre-hash signatures), round trips and status codes.
No packages beyond the standard library.
Usage: capi_test.py <path of libpqlab.so> <known-answer file from make_kat.py>"""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
kat = {}
for line in open(sys.argv[2]):
    name, value = line.split()
    kat[name] = value


def hexbytes(name):
    v = kat[name]
    return b"" if v == "-" else bytes.fromhex(v)


OK, INVALID_LENGTH, INVALID_KEY, INVALID_SIGNATURE, INVALID_ARGUMENT, RANDOM_FAILURE, UNSUPPORTED = range(7)
DETERMINISTIC = 1

u8p, size = ctypes.c_char_p, ctypes.c_size_t
alg_t = ctypes.c_void_p
for fn, res, args in [
    ("pqlab_version", ctypes.c_char_p, []),
    ("pqlab_status_string", ctypes.c_char_p, [ctypes.c_int]),
    ("pqlab_algorithm_find", alg_t, [ctypes.c_char_p]),
    ("pqlab_algorithm_count", size, []),
    ("pqlab_algorithm_at", alg_t, [size]),
    ("pqlab_algorithm_name", ctypes.c_char_p, [alg_t]),
    ("pqlab_algorithm_kind", ctypes.c_int, [alg_t]),
    ("pqlab_public_key_bytes", size, [alg_t]),
    ("pqlab_secret_key_bytes", size, [alg_t]),
    ("pqlab_ciphertext_bytes", size, [alg_t]),
    ("pqlab_shared_secret_bytes", size, [alg_t]),
    ("pqlab_signature_bytes", size, [alg_t]),
    ("pqlab_seed_bytes", size, [alg_t]),
    ("pqlab_keygen", ctypes.c_int, [alg_t, u8p, size, u8p, size]),
    ("pqlab_keygen_from_seed", ctypes.c_int, [alg_t, u8p, size, u8p, size, u8p, size]),
    ("pqlab_kem_encaps", ctypes.c_int, [alg_t, u8p, size, u8p, size, u8p, size]),
    ("pqlab_kem_encaps_derand", ctypes.c_int, [alg_t, u8p, size, u8p, size, u8p, size, u8p, size]),
    ("pqlab_kem_decaps", ctypes.c_int, [alg_t, u8p, size, u8p, size, u8p, size]),
    ("pqlab_sign", ctypes.c_int, [alg_t, u8p, size, u8p, size, u8p, size, u8p, size, ctypes.c_uint]),
    ("pqlab_verify", ctypes.c_int, [alg_t, u8p, size, u8p, size, u8p, size, u8p, size]),
    ("pqlab_hash_sign", ctypes.c_int,
     [alg_t, u8p, size, u8p, size, u8p, size, ctypes.c_char_p, u8p, size, ctypes.c_uint]),
    ("pqlab_hash_verify", ctypes.c_int, [alg_t, u8p, size, u8p, size, u8p, size, ctypes.c_char_p, u8p, size]),
]:
    f = getattr(lib, fn)
    f.restype, f.argtypes = res, args

failures = 0


def check(cond, what):
    global failures
    if not cond:
        print("FAIL:", what)
        failures += 1


def status(got, want, what):
    check(got == want, f"{what}: {lib.pqlab_status_string(got).decode()}, expected "
                       f"{lib.pqlab_status_string(want).decode()}")


class Alg:
    """An algorithm and the C API's calls, with buffers sized from it."""

    def __init__(self, name):
        self.h = lib.pqlab_algorithm_find(name.encode())
        if not self.h:
            raise SystemExit(f"pqlab_algorithm_find({name!r}) returned NULL")
        self.pk = lib.pqlab_public_key_bytes(self.h)
        self.sk = lib.pqlab_secret_key_bytes(self.h)
        self.ct = lib.pqlab_ciphertext_bytes(self.h)
        self.ss = lib.pqlab_shared_secret_bytes(self.h)
        self.sig = lib.pqlab_signature_bytes(self.h)

    def keygen_from_seed(self, seed):
        pk, sk = ctypes.create_string_buffer(self.pk), ctypes.create_string_buffer(self.sk)
        s = lib.pqlab_keygen_from_seed(self.h, pk, self.pk, sk, self.sk, seed, len(seed))
        return s, pk.raw, sk.raw

    def keygen(self):
        pk, sk = ctypes.create_string_buffer(self.pk), ctypes.create_string_buffer(self.sk)
        return lib.pqlab_keygen(self.h, pk, self.pk, sk, self.sk), pk.raw, sk.raw

    def encaps_derand(self, pk, m):
        ct, ss = ctypes.create_string_buffer(self.ct), ctypes.create_string_buffer(self.ss)
        return lib.pqlab_kem_encaps_derand(self.h, ct, self.ct, ss, self.ss, pk, len(pk), m, len(m)), ct.raw, ss.raw

    def encaps(self, pk):
        ct, ss = ctypes.create_string_buffer(self.ct), ctypes.create_string_buffer(self.ss)
        return lib.pqlab_kem_encaps(self.h, ct, self.ct, ss, self.ss, pk, len(pk)), ct.raw, ss.raw

    def decaps(self, ct, sk):
        ss = ctypes.create_string_buffer(self.ss)
        return lib.pqlab_kem_decaps(self.h, ss, self.ss, ct, len(ct), sk, len(sk)), ss.raw

    def sign(self, msg, ctx, sk, flags, prehash=None):
        sig = ctypes.create_string_buffer(self.sig)
        if prehash is None:
            s = lib.pqlab_sign(self.h, sig, self.sig, msg, len(msg), ctx, len(ctx), sk, len(sk), flags)
        else:
            s = lib.pqlab_hash_sign(self.h, sig, self.sig, msg, len(msg), ctx, len(ctx), prehash.encode(), sk,
                                    len(sk), flags)
        return s, sig.raw

    def verify(self, sig, msg, ctx, pk, prehash=None):
        if prehash is None:
            return lib.pqlab_verify(self.h, sig, len(sig), msg, len(msg), ctx, len(ctx), pk, len(pk))
        return lib.pqlab_hash_verify(self.h, sig, len(sig), msg, len(msg), ctx, len(ctx), prehash.encode(), pk,
                                     len(pk))


check(lib.pqlab_algorithm_count() == 18, f"{lib.pqlab_algorithm_count()} algorithms")
names = [lib.pqlab_algorithm_name(lib.pqlab_algorithm_at(i)).decode() for i in range(lib.pqlab_algorithm_count())]
check("ML-KEM-768" in names and "SLH-DSA-SHAKE-256f" in names, f"names: {names}")
check(lib.pqlab_algorithm_find(b"MLDSA65") == lib.pqlab_algorithm_find(b"ML-DSA-65"), "alias MLDSA65")
check(not lib.pqlab_algorithm_find(b"ML-KEM-769"), "ML-KEM-769 found")

# ML-KEM-768 against ACVP.
kem = Alg("ML-KEM-768")
s, ek, dk = kem.keygen_from_seed(hexbytes("mlkem768_keygen_seed"))
status(s, OK, "ML-KEM-768 keygen_from_seed")
check(ek == hexbytes("mlkem768_keygen_ek"), "ML-KEM-768 keygen from seed: ek differs from ACVP")
check(dk == hexbytes("mlkem768_keygen_dk"), "ML-KEM-768 keygen from seed: dk differs from ACVP")
s, ct, k = kem.encaps_derand(hexbytes("mlkem768_encaps_ek"), hexbytes("mlkem768_encaps_m"))
status(s, OK, "ML-KEM-768 encaps_derand")
check(ct == hexbytes("mlkem768_encaps_c"), "ML-KEM-768 encaps_derand: c differs from ACVP")
check(k == hexbytes("mlkem768_encaps_k"), "ML-KEM-768 encaps_derand: K differs from ACVP")
s, k = kem.decaps(hexbytes("mlkem768_decaps_c"), hexbytes("mlkem768_decaps_dk"))
status(s, OK, "ML-KEM-768 decaps")
check(k == hexbytes("mlkem768_decaps_k"), "ML-KEM-768 decaps: K differs from ACVP")
s, ek, dk = kem.keygen()
status(s, OK, "ML-KEM-768 keygen")
s, ct, k1 = kem.encaps(ek)
status(s, OK, "ML-KEM-768 encaps")
s, k2 = kem.decaps(ct, dk)
check(s == OK and k1 == k2, "ML-KEM-768 round trip")
status(kem.encaps(ek[:-1])[0], INVALID_LENGTH, "short encapsulation key")
status(kem.decaps(ct + b"\0", dk)[0], INVALID_LENGTH, "long ciphertext")
status(kem.encaps(b"\xff\xff" + ek[2:])[0], INVALID_KEY, "encapsulation key failing the modulus check")

# ML-DSA-44 against ACVP.
dsa = Alg("ML-DSA-44")
s, pk, sk = dsa.keygen_from_seed(hexbytes("mldsa44_keygen_seed"))
status(s, OK, "ML-DSA-44 keygen_from_seed")
check(pk == hexbytes("mldsa44_keygen_pk"), "ML-DSA-44 keygen from seed: pk differs from ACVP")
check(sk == hexbytes("mldsa44_keygen_sk"), "ML-DSA-44 keygen from seed: sk differs from ACVP")
s, sig = dsa.sign(hexbytes("mldsa44_sign_msg"), hexbytes("mldsa44_sign_ctx"), hexbytes("mldsa44_sign_sk"),
                  DETERMINISTIC)
status(s, OK, "ML-DSA-44 deterministic sign")
check(sig == hexbytes("mldsa44_sign_sig"), "ML-DSA-44 deterministic signature differs from ACVP")
s, sig = dsa.sign(hexbytes("mldsa44_hashsign_msg"), hexbytes("mldsa44_hashsign_ctx"),
                  hexbytes("mldsa44_hashsign_sk"), DETERMINISTIC, kat["mldsa44_hashsign_hash"])
status(s, OK, "ML-DSA-44 deterministic HashML-DSA sign")
check(sig == hexbytes("mldsa44_hashsign_sig"), "ML-DSA-44 deterministic HashML-DSA signature differs from ACVP")
msg, ctx = b"a message from Python", b"\x01\x02"
s, sig = dsa.sign(msg, ctx, sk, 0)
status(s, OK, "ML-DSA-44 hedged sign")
status(dsa.verify(sig, msg, ctx, pk), OK, "ML-DSA-44 verify")
status(dsa.verify(sig, msg + b"!", ctx, pk), INVALID_SIGNATURE, "ML-DSA-44 verify, other message")
status(dsa.verify(sig[:-1], msg, ctx, pk), INVALID_SIGNATURE, "ML-DSA-44 verify, short signature")
status(dsa.verify(sig, msg, b"\0" * 256, pk), INVALID_ARGUMENT, "ML-DSA-44 verify, 256-byte context")
s, hsig = dsa.sign(msg, ctx, sk, DETERMINISTIC, "SHAKE-128")
status(dsa.verify(hsig, msg, ctx, pk, "SHAKE-128"), OK, "HashML-DSA verify")
status(dsa.verify(hsig, msg, ctx, pk, "SHA2-256"), INVALID_SIGNATURE, "HashML-DSA verify, other hash")
status(dsa.verify(hsig, msg, ctx, pk, "MD5"), UNSUPPORTED, "HashML-DSA verify, unknown hash")
status(kem.sign(msg, ctx, sk, 0)[0], UNSUPPORTED, "signing with a KEM")

# SLH-DSA through the same calls.
slh = Alg("SLH-DSA-SHA2-128f")
s, pk, sk = slh.keygen()
s, sig = slh.sign(msg, b"", sk, DETERMINISTIC)
status(slh.verify(sig, msg, b"", pk), OK, "SLH-DSA-SHA2-128f round trip")

if failures:
    print(f"{failures} failure(s)")
    sys.exit(1)
print(f"pqlab C API from Python ctypes ({lib.pqlab_version().decode()}): known answers and checks passed")
