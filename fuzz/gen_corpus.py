#!/usr/bin/env python3
"""Seed corpora of the fuzz targets (fuzz/corpus/<target>/), from the flat test vectors
(tests/vectors/flat/) and, for the key-file forms the vectors lack (SEC1, explicit
parameters, DER), the `openssl` program converting the vectors' own keys.

    python3 fuzz/gen_corpus.py           write fuzz/corpus/ afresh
    python3 fuzz/gen_corpus.py --check   fail if the committed corpus differs

Each target's input layout is described at the top of its fuzz/fuzz_<target>.c; the curve
byte is the index in that target's curve list.  File names are the SHA-1 of the contents
(libFuzzer's convention)."""
import hashlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAT = os.path.join(ROOT, "tests", "vectors", "flat")
OUT = os.path.join(ROOT, "fuzz", "corpus")

# the curve lists of the targets (index = curve byte)
SIG = ["secp160r1", "secp256r1", "secp256k1", "sect163k1", "sect409k1"]
POINT = ["secp160r1", "secp192r1", "secp224r1", "secp256r1", "secp256k1",
         "sect163k1", "sect163r1", "sect233r1", "sect283k1", "opf160"]
ECDSA = ["secp160r1", "secp256r1", "secp256k1"]
ECDH = ["secp160r1", "secp256r1", "secp256k1", "sect163k1", "sect283k1"]
NLEN = {"secp160r1": 21, "secp192r1": 24, "secp224r1": 28, "secp256r1": 32, "secp256k1": 32,
        "sect163k1": 21, "sect283k1": 36, "sect409k1": 52}
PER_FILE = 24   # cases taken from one vector file (spread over it)


def records(name):
    """The flat file's lines as (kind, {key: value}), groups' keys merged into their tests."""
    group = {}
    with open(os.path.join(FLAT, name)) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            kind, *fields = line.split()
            kv = dict(x.split("=", 1) for x in fields if "=" in x)
            if kind == "group":
                group = kv
            else:
                yield kind, {**group, **kv}


def spread(items, n=PER_FILE):
    items = list(items)
    step = max(1, len(items) // n)
    return items[::step][:n]


def hx(v):
    """A flat file's hex field ("-": empty)."""
    return b"" if v == "-" else bytes.fromhex(v)


def sha(name, msg):
    return hashlib.new(name, msg).digest()


def openssl(args, data):
    return subprocess.run(["openssl"] + args, input=data, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, check=True).stdout


def key_forms(privpem):
    """The vector's PKCS#8 PEM in every form the library reads."""
    forms = [privpem]
    for enc in ("named_curve", "explicit"):
        for outform in ("PEM", "DER"):
            forms.append(openssl(["ec", "-param_enc", enc, "-outform", outform], privpem))
            forms.append(openssl(["ec", "-param_enc", enc, "-pubout", "-outform", outform], privpem))
            forms.append(openssl(["pkcs8", "-topk8", "-nocrypt", "-outform", outform],
                                 openssl(["ec", "-param_enc", enc], privpem)))
    forms.append(openssl(["ec", "-conv_form", "compressed", "-pubout"], privpem))
    forms.append(openssl(["ec", "-param_out"], privpem))   # an EC PARAMETERS block, then the key
    return forms


def corpus():
    c = {t: [] for t in ("keyfile", "sig", "point", "ecdsa", "ecdh", "cli")}
    # key files: the RFC 6979 keys in every form; Wycheproof's SPKI DER and PEM keys
    keys = {}
    for kind, r in records("rfc6979.txt"):
        if kind == "key":
            keys[r["curve"]] = (bytes.fromhex(r["privpem"]), bytes.fromhex(r["pubpem"]), r)
    for curve, (privpem, pubpem, r) in sorted(keys.items()):
        c["keyfile"] += key_forms(privpem) + [pubpem]
    for name in ("ecdh_secp256r1.txt", "ecdh_secp224r1_pem.txt", "ecdh_sect283k1.txt"):
        for _, r in spread(records("wycheproof/" + name)):
            c["keyfile"].append(hx(r["pub"]))
    # signatures: DER of Wycheproof, valid and not
    for i, curve in enumerate(SIG):
        fn = "wycheproof/ecdsa_%s_sha256.txt" % curve
        if os.path.exists(os.path.join(FLAT, fn)):
            for _, r in spread(records(fn)):
                c["sig"].append(bytes([i]) + hx(r["sig"]))
    # points: ECDSA keys, Wycheproof's raw ECDH points (valid and not), pyca compressed points
    for i, curve in enumerate(POINT):
        for fn in ("wycheproof/ecdsa_%s_sha256.txt" % curve, "wycheproof/ecdh_%s_ecpoint.txt" % curve,
                   "wycheproof/ecdh_%s.txt" % curve):
            if not os.path.exists(os.path.join(FLAT, fn)):
                continue
            pubs = sorted({r["pub"] for _, r in records(fn)})
            for p in spread(pubs, 12):
                if fn.endswith("ecdh_%s.txt" % curve):
                    continue   # SPKI there
                c["point"].append(bytes([i]) + hx(p))
    # ECDSA: Wycheproof P1363 cases with SHA-256 digests
    for i, curve in enumerate(ECDSA):
        for _, r in spread(records("wycheproof/ecdsa_%s_sha256_p1363.txt" % curve), 40):
            msg = hx(r["msg"])
            sig = hx(r["sig"])
            if len(sig) != 2 * NLEN[curve]:
                continue
            c["ecdsa"].append(bytes([i, 0]) + hx(r["pub"]) + sig + sha("sha256", msg))
    # ECDH: Wycheproof raw points with their private keys
    for i, curve in enumerate(ECDH):
        for fn in ("wycheproof/ecdh_%s_ecpoint.txt" % curve,):
            if os.path.exists(os.path.join(FLAT, fn)):
                for _, r in spread(records(fn), 40):
                    d = int(r["priv"], 16)
                    if d.bit_length() <= 8 * NLEN[curve]:
                        c["ecdh"].append(bytes([i]) + d.to_bytes(NLEN[curve], "big") + hx(r["pub"]))
    # the CLI: command lines over the RFC 6979 and Wycheproof files
    p256 = keys["secp256r1"]
    k160 = key_forms(keys["secp192r1"][0])
    sig_der = bytes.fromhex(next(r["sig"] for _, r in records("wycheproof/ecdsa_secp256r1_sha256.txt")))
    msg0 = b""
    lines = [
        (b"verify --pub f0 --in f1 --sig f2", [p256[1], msg0, sig_der]),
        (b"verify --pub f0 --in f1 --sig f2 --sig-format p1363 --hash sha512", [p256[1], b"sample", b"x" * 64]),
        (b"sign --key f0 --in f1 --out s", [p256[0], b"sample"]),
        (b"sign --key f0 --in f1 --out f2 --force --sig-format p1363 --hash sha1", [k160[1], b"sample", b"old"]),
        (b"sign --key l --in f0 --out d --force", [p256[0]]),
        (b"ecdh --key f0 --peer f1 --out z", [p256[0], keys["secp256r1"][1]]),
        (b"ecdh --key f0 --peer f1 --out f2 --force --cofactor", [k160[2], k160[2], b""]),
        (b"pubkey --key f0 --out f1 --force --format der --compressed", [k160[3], b"x"]),
        (b"pubkey --key f0 --out p --param-enc explicit", [p256[0]]),
        (b"keygen --curve secp160r1 --out k --pkcs8 --format pem", []),
        (b"keygen --curve sect163k1 --out l --force", []),
        (b"curves --curve secp256k1", []),
        (b"help sign", []),
        (b"--version", []),
    ]
    for args, files in lines:
        c["cli"].append(b"\0".join([args] + files))
    return c


def main():
    check = "--check" in sys.argv[1:]
    bad = 0
    for target, items in sorted(corpus().items()):
        d = os.path.join(OUT, "fuzz_" + target)
        want = {hashlib.sha1(x).hexdigest(): x for x in items}
        have = set(os.listdir(d)) if os.path.isdir(d) else set()
        if check:
            if have != set(want) or any(open(os.path.join(d, n), "rb").read() != x for n, x in want.items()):
                print("fuzz/corpus/fuzz_%s differs from fuzz/gen_corpus.py's output" % target)
                bad = 1
            continue
        os.makedirs(d, exist_ok=True)
        for n in have - set(want):
            os.remove(os.path.join(d, n))
        for n, x in want.items():
            with open(os.path.join(d, n), "wb") as f:
                f.write(x)
        print("fuzz_%s: %d files, %d bytes" % (target, len(want), sum(map(len, want.values()))))
    return bad


if __name__ == "__main__":
    sys.exit(main())
