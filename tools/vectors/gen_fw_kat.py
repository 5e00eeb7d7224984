#!/usr/bin/env python3
"""Known-answer vectors for the firmware KAT images (firmware/test_kat.c), as a C header
of one flash (PROGMEM) byte stream. Run by the firmware build (firmware/tests.cmake) into
the build directory; nothing generated is committed.

    gen_fw_kat.py --curves secp160r1,secp192r1 --scale 1 --out fw_kat_vectors.h
    gen_fw_kat.py --list ...      (print the selection instead, one line per vector)

Sources (tests/vectors/flat/, tools/vectors/convert.py wrote them):
  misc.txt         gec2sig / gec2dh (SEC 4 GEC 2, secp160r1), k1sig (secp256k1 SigGen, verified)
  cavp/186-3_SigGen.txt           NIST CAVP SigGen with the given k (P-192/224/256)
  rfc6979.txt                     RFC 6979 A.2 deterministic signatures (P-192/224/256)
  pycryptodome/pai.txt            k*G tables (point-at-infinity.org, P-192/224/256)
  wycheproof/ecdh_secp224r1_ecpoint.txt, ecdh_secp256r1_ecpoint.txt, ecdh_secp256k1.txt
  wycheproof/ecdsa_secp160r1_sha256_p1363.txt   verification, valid and invalid
  curves/opf-params.txt (the non-standard opf* curves, which have no published vectors):
                  key pairs, signatures with k, RFC 6979 signatures, ECDH and verification
                  computed here with Python integers (affine chord-and-tangent arithmetic,
                  RFC 6979 section 3.2 on hmac), independent of seacurve; the host tests
                  check the same curves against OpenSSL (tests/test_openssl_diff.c)

Record: type (1 byte), curve index (1), field count (1), then each field as length (1)
and bytes; a type 0 ends the stream. Types (test_kat.c has the checks):
  1 kg      d, pub                     sc_pubkey(d) == pub (uncompressed)
  2 sigk    digest, d, k, r||s         sc_ecdsa_sign_with_k == r||s, and it verifies
  3 rfc6979 hash id, digest, d, r||s   sc_ecdsa_sign (RFC 6979) == r||s
  4 ecdh    d, peer, z                 sc_ecdh == z; z empty: must be rejected
  5 verify  pub, digest, sig, ok       sc_ecdsa_verify: SC_OK iff ok == 1
Digests are computed here (hashlib), so the images hash nothing but RFC 6979's HMAC.
"""
import argparse
import hashlib
import os
import sys

# the index of a curve in this list is its number in the records (firmware/test_kat.c's
# curve_names has the same order)
CURVES = ["secp160r1", "secp192r1", "secp224r1", "secp256r1", "secp256k1", "sect163k1", "sect163r2",
          "opf160", "opf192", "opf224", "opf256"]
HASH_ID = {"sha1": 1, "sha224": 2, "sha256": 3}
TYPES = {"kg": 1, "sigk": 2, "rfc6979": 3, "ecdh": 4, "verify": 5}
NLEN = {"secp160r1": 21, "secp192r1": 24, "secp224r1": 28, "secp256r1": 32, "secp256k1": 32,
        "sect163k1": 21, "sect163r2": 21, "opf160": 20, "opf192": 24, "opf224": 28, "opf256": 32}
FLEN = {"secp160r1": 20, "secp192r1": 24, "secp224r1": 28, "secp256r1": 32, "secp256k1": 32,
        "sect163k1": 21, "sect163r2": 21, "opf160": 20, "opf192": 24, "opf224": 28, "opf256": 32}

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
FLAT = os.path.join(ROOT, "tests", "vectors", "flat")
sys.path.insert(0, os.path.join(ROOT, "tools"))
from gen_curves import read_params  # noqa: E402  (sec2-params.txt and opf-params.txt)
from gen_gtab import Curve  # noqa: E402  (affine chord-and-tangent arithmetic on Python integers)


def records(rel):
    with open(os.path.join(FLAT, rel)) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split()
            kv = {}
            for p in parts[1:]:
                k, _, v = p.partition("=")
                kv[k] = "" if v == "-" else v
            yield parts[0], kv


def h(s):
    return bytes.fromhex(s)


def intb(s, n):
    v = int(s, 16) if s else 0
    return v.to_bytes(n, "big")


def digest(name, msg):
    return hashlib.new(name, msg).digest()


def spread(items, n):
    """n items spread evenly over the list (first and last included), in order."""
    if n >= len(items):
        return list(items)
    if n <= 0:
        return []
    if n == 1:
        return [items[0]]
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)]


def der_spki_point(b):
    """The subjectPublicKey bits of a DER SubjectPublicKeyInfo, or None."""
    def tlv(b, i):
        if i + 2 > len(b):
            return None
        t, l = b[i], b[i + 1]
        i += 2
        if l & 0x80:
            k = l & 0x7F
            if k == 0 or k > 2 or i + k > len(b):
                return None
            l = int.from_bytes(b[i:i + k], "big")
            i += k
        if i + l > len(b):
            return None
        return t, i, i + l
    top = tlv(b, 0)
    if not top or top[0] != 0x30 or top[2] != len(b):
        return None
    alg = tlv(b, top[1])
    if not alg or alg[0] != 0x30:
        return None
    bits = tlv(b, alg[2])
    if not bits or bits[0] != 0x03 or bits[2] != len(b) or bits[2] - bits[1] < 2 or b[bits[1]] != 0:
        return None
    return b[bits[1] + 1:bits[2]]


def select(curves, scale):
    """[(curve, type, label, [fields])] in curve order."""
    out = []
    s = lambda n: max(1, int(round(n * scale)))

    def add(curve, typ, label, fields):
        if curve in curves:
            out.append((curve, typ, label, fields))

    # GEC 2 (secp160r1): key pair, signature with k, ECDH both ways
    for t, kv in records("misc.txt"):
        if t == "gec2sig":
            c = kv["curve"]
            d = intb(kv["d"], NLEN[c])
            add(c, "kg", "gec2", [d, b"\x04" + intb(kv["qx"], 20) + intb(kv["qy"], 20)])
            add(c, "sigk", "gec2", [digest(kv["hash"], h(kv["msg"])), d, intb(kv["k"], 21),
                                    intb(kv["r"], 21) + intb(kv["s"], 21)])
        elif t == "gec2dh":
            c = kv["curve"]
            qu = b"\x04" + intb(kv["qux"], 20) + intb(kv["quy"], 20)
            qv = b"\x04" + intb(kv["qvx"], 20) + intb(kv["qvy"], 20)
            du, dv = intb(kv["du"], 21), intb(kv["dv"], 21)
            add(c, "kg", "gec2", [dv, qv])
            add(c, "ecdh", "gec2", [du, qv, intb(kv["z"], 20)])
            add(c, "ecdh", "gec2", [dv, qu, intb(kv["z"], 20)])

    # NIST CAVP SigGen (FIPS 186-3) with the given k: per curve, a spread over the hashes
    byc = {}
    for t, kv in records("cavp/186-3_SigGen.txt"):
        if t == "siggen" and kv["curve"] in curves:
            byc.setdefault(kv["curve"], []).append(kv)
    for c in CURVES:
        for kv in spread(byc.get(c, []), s(3)):
            n = NLEN[c]
            d = intb(kv["d"], n)
            add(c, "sigk", "cavp-siggen",
                [digest(kv["hash"], h(kv["msg"])), d, intb(kv["k"], n),
                 intb(kv["r"], n) + intb(kv["s"], n)])
    # secp256k1 SigGen (pyca, random k not given): verification of the given signatures
    k1 = [kv for t, kv in records("misc.txt") if t == "k1sig"]
    for kv in spread(k1, s(2)):
        add("secp256k1", "verify", "siggen-k1",
            [b"\x04" + intb(kv["qx"], 32) + intb(kv["qy"], 32), digest(kv["hash"], h(kv["msg"])),
             intb(kv["r"], 32) + intb(kv["s"], 32), b"\x01"])

    # RFC 6979 A.2.3-A.2.5: the hashes the mote has (SHA-1, SHA-224, SHA-256)
    keys = {}
    per = {}
    for t, kv in records("rfc6979.txt"):
        if t == "key":
            keys[kv["name"]] = kv
        elif t == "sign" and kv["hash"] in HASH_ID:
            key = keys[kv["key"]]
            c = key["curve"]
            if c in curves:
                per.setdefault(c, []).append((key, kv))
    for c in CURVES:
        for key, kv in spread(per.get(c, []), s(2)):
            n = NLEN[c]
            add(c, "rfc6979", "rfc6979",
                [bytes([HASH_ID[kv["hash"]]]), digest(kv["hash"], h(kv["msg"])),
                 intb(key["d"], n), intb(kv["r"], n) + intb(kv["s"], n)])

    # k*G tables: small k, a large k, k near n
    kg = {}
    for t, kv in records("pycryptodome/pai.txt"):
        if t == "kg" and kv["curve"] in curves:
            kg.setdefault(kv["curve"], []).append(kv)
    for c in CURVES:
        for kv in spread(kg.get(c, []), s(3)):
            f = FLEN[c]
            add(c, "kg", "kG-table", [intb(kv["k"], NLEN[c]),
                                      b"\x04" + intb(kv["x"], f) + intb(kv["y"], f)])

    # NIST CAVP KeyPair (FIPS 186-3) for the binary curves (the prime ones have the k*G tables)
    kp = {}
    for t, kv in records("cavp/186-3_KeyPair.txt"):
        if t == "keypair" and kv["curve"] in curves and kv["curve"].startswith("sect"):
            kp.setdefault(kv["curve"], []).append(kv)
    for c in CURVES:
        for kv in spread(kp.get(c, []), s(2)):
            f = FLEN[c]
            add(c, "kg", "cavp-keypair", [intb(kv["d"], NLEN[c]),
                                          b"\x04" + intb(kv["qx"], f) + intb(kv["qy"], f)])

    # Wycheproof ECDH: valid and invalid uncompressed peers
    for c, rel in (("secp224r1", "wycheproof/ecdh_secp224r1_ecpoint.txt"),
                   ("secp256r1", "wycheproof/ecdh_secp256r1_ecpoint.txt"),
                   ("secp256k1", "wycheproof/ecdh_secp256k1.txt")):
        if c not in curves:
            continue
        valid, invalid = [], []
        for t, kv in records(rel):
            if t != "test" or kv["result"] == "acceptable":
                continue
            pub = h(kv["pub"])
            if rel.endswith("ecdh_secp256k1.txt"):
                pub = der_spki_point(pub)
                if pub is None:
                    continue
            if len(pub) != 1 + 2 * FLEN[c] or pub[0] != 4:
                continue
            d = int(kv["priv"], 16)
            if d.bit_length() > 8 * NLEN[c]:
                continue
            rec = [d.to_bytes(NLEN[c], "big"), pub,
                   h(kv["shared"]) if kv["result"] == "valid" else b""]
            (valid if kv["result"] == "valid" else invalid).append((kv["id"], rec))
        for i, rec in spread(valid, s(2)) + spread(invalid, s(2)):
            add(c, "ecdh", "wycheproof-" + i, rec)

    # Wycheproof secp160r1 ECDSA (P1363 r||s) verification, valid and invalid
    if "secp160r1" in curves:
        pub = None
        valid, invalid = [], []
        for t, kv in records("wycheproof/ecdsa_secp160r1_sha256_p1363.txt"):
            if t == "group":
                pub = h(kv["pub"])
            elif t == "test" and kv["result"] in ("valid", "invalid"):
                rec = [pub, digest("sha256", h(kv["msg"])), h(kv["sig"]),
                       b"\x01" if kv["result"] == "valid" else b"\x00"]
                (valid if kv["result"] == "valid" else invalid).append((kv["id"], rec))
        for i, rec in spread(valid, s(3)) + spread(invalid, s(3)):
            add("secp160r1", "verify", "wycheproof-" + i, rec)

    for c in CURVES:
        if c.startswith("opf") and c in curves:
            opf_select(c, add, s)
    return out


# ---- the opf* curves: vectors computed here ----

def bits2int(b, n):
    v = int.from_bytes(b, "big")
    excess = len(b) * 8 - n.bit_length()
    return v >> excess if excess > 0 else v


def rfc6979_k(d, hdig, n, hname):
    """RFC 6979 section 3.2 (the first candidate k in [1, n-1])."""
    import hmac
    ql = (n.bit_length() + 7) // 8
    x = d.to_bytes(ql, "big")
    h1 = (bits2int(hdig, n) % n).to_bytes(ql, "big")
    V, K = b"\x01" * len(hdig), b"\x00" * len(hdig)
    mac = lambda key, m: hmac.new(key, m, hname).digest()
    K = mac(K, V + b"\x00" + x + h1)
    V = mac(K, V)
    K = mac(K, V + b"\x01" + x + h1)
    V = mac(K, V)
    while True:
        t = b""
        while len(t) < ql:
            V = mac(K, V)
            t += V
        k = bits2int(t[:ql], n)
        if 1 <= k < n:
            return k
        K = mac(K, V + b"\x00")
        V = mac(K, V)


def opf_select(c, add, s):
    """Deterministic vectors for opf curve c from SHA-256 of labels."""
    cv = Curve(read_params()[c])
    p, n, G = cv.p, cv.n, cv.g
    f, nl = FLEN[c], NLEN[c]
    rnd = lambda label, m: int.from_bytes(hashlib.sha512(("seacurve fw kat %s %s" % (c, label)).encode()).digest(),
                                          "big") % (m - 1) + 1
    pt = lambda P: b"\x04" + P[0].to_bytes(f, "big") + P[1].to_bytes(f, "big")
    for i, d in enumerate([1, 2, n - 1] + [rnd("kg%d" % i, n) for i in range(s(3))]):
        add(c, "kg", "opf-kg", [d.to_bytes(nl, "big"), pt(cv.mul(d, G))])
    hashes = ["sha1", "sha224", "sha256"]
    for i in range(s(3)):
        hn = hashes[i % 3]
        d, k = rnd("sd%d" % i, n), rnd("sk%d" % i, n)
        e = hashlib.new(hn, b"seacurve opf message %d" % i).digest()
        r = cv.mul(k, G)[0] % n
        sg = pow(k, -1, n) * (bits2int(e, n) + r * d) % n
        add(c, "sigk", "opf-sigk", [e, d.to_bytes(nl, "big"), k.to_bytes(nl, "big"),
                                    r.to_bytes(nl, "big") + sg.to_bytes(nl, "big")])
        Q = cv.mul(d, G)
        add(c, "verify", "opf-verify", [pt(Q), e, r.to_bytes(nl, "big") + sg.to_bytes(nl, "big"), b"\x01"])
        bad = (sg + 1) % n
        add(c, "verify", "opf-verify-bad", [pt(Q), e, r.to_bytes(nl, "big") + bad.to_bytes(nl, "big"), b"\x00"])
    for i in range(s(2)):
        hn = hashes[(i + 2) % 3]
        d = rnd("rd%d" % i, n)
        e = hashlib.new(hn, b"sample %d" % i).digest()
        k = rfc6979_k(d, e, n, hn)
        r = cv.mul(k, G)[0] % n
        sg = pow(k, -1, n) * (bits2int(e, n) + r * d) % n
        add(c, "rfc6979", "opf-rfc6979", [bytes([HASH_ID[hn]]), e, d.to_bytes(nl, "big"),
                                          r.to_bytes(nl, "big") + sg.to_bytes(nl, "big")])
    for i in range(s(2)):
        d1, d2 = rnd("e1%d" % i, n), rnd("e2%d" % i, n)
        Q2 = cv.mul(d2, G)
        z = cv.mul(d1, Q2)[0]
        add(c, "ecdh", "opf-ecdh", [d1.to_bytes(nl, "big"), pt(Q2), z.to_bytes(f, "big")])
    # a peer off the curve (y + 1) is rejected
    Q2 = cv.mul(rnd("off", n), G)
    add(c, "ecdh", "opf-ecdh-off-curve", [rnd("e3", n).to_bytes(nl, "big"), pt((Q2[0], (Q2[1] + 1) % p)), b""])


def emit(sel, args):
    blob = bytearray()
    for c, typ, _label, fields in sel:
        blob += bytes([TYPES[typ], CURVES.index(c), len(fields)])
        for f in fields:
            assert len(f) < 256
            blob += bytes([len(f)]) + f
    blob.append(0)
    lines = ["/* GENERATED by tools/vectors/gen_fw_kat.py --curves %s --scale %s: do not edit. */"
             % (",".join(args.curves), args.scale),
             "#define SC_KAT_RECORDS %d" % len(sel)]
    for c in CURVES:
        n = sum(1 for x in sel if x[0] == c)
        if n:
            lines.append("#define SC_KAT_RECORDS_%s %d" % (c.upper(), n))
    lines.append("static const uint8_t sc_kat_blob[%d] PROGMEM = {" % len(blob))
    for i in range(0, len(blob), 16):
        lines.append("    " + ", ".join("0x%02x" % b for b in blob[i:i + 16]) + ",")
    lines.append("};")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--curves", required=True, type=lambda s: s.split(","))
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every per-source count")
    ap.add_argument("--out", help="header to write (only when its content changes)")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    for c in args.curves:
        if c not in CURVES:
            sys.exit("gen_fw_kat.py: unknown curve %s" % c)
    sel = select(args.curves, args.scale)
    if args.list:
        for c, typ, label, _ in sel:
            print(c, typ, label)
        print("%d records" % len(sel))
        return
    text = emit(sel, args)
    if args.out:
        old = None
        if os.path.exists(args.out):
            with open(args.out) as f:
                old = f.read()
        if old != text:
            with open(args.out, "w") as f:
                f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
