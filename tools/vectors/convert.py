#!/usr/bin/env python3
"""Convert the upstream elliptic-curve test vectors kept in tests/vectors/ into flat,
line-based files under tests/vectors/flat/ that the C known-answer drivers
(tests/test_kat_*.c, reader in tests/katutil.c) read.

Usage:
  tools/vectors/convert.py                 regenerate tests/vectors/flat/*
  tools/vectors/convert.py --check         regenerate in memory, compare, exit 1 on a difference
  tools/vectors/convert.py --import DIR    (re)copy the upstream files used from DIR (a tree with
                                           the upstream folders, see tests/vectors/*/SOURCES.md) into
                                           tests/vectors/<folder>/, trimming the NIST CAVP files
                                           to the P-192/224/256 and B/K-163..409 sections; then convert
Deterministic and standard library only.

Flat file format
----------------
One record per line: a record type, then space-separated key=value fields, e.g.
    test id=3 result=invalid msg=313233 sig=3045... flags=ModifiedInteger,RangeCheck
- Lines starting with '#' and blank lines are comments.
- Values never contain spaces; binary values are lowercase hex; an empty value is '-'.
- Integers from the sources are written as big-endian hex exactly as the source gives them
  (the C side pads/strips leading zero bytes to the width it needs), except where noted.
- Text values that may contain spaces (PEM files) are written as the hex of their bytes.
Record types, per output file:

wycheproof/ecdsa_*.txt   (from wycheproof/ecdsa_<curve>_<hash>[_p1363|_bitcoin]_test.json)
  group curve=<sec2 name> hash=<sha1|sha224|sha256|sha384|sha512> fmt=<der|p1363|bitcoin>
        pub=<SEC1 uncompressed point> spki=<SubjectPublicKeyInfo DER> [halfn=<(n-1)/2, nlen bytes>]
  test id=<tcId> result=<valid|invalid|acceptable> msg=<hex> sig=<hex> flags=<flag,flag,...>
  (halfn only for fmt=bitcoin: a signature with s > halfn is rejected by the Bitcoin low-s rule)

wycheproof/ecdh_*.txt    (from wycheproof/ecdh_<curve>[_ecpoint|_pem|_webcrypto]_test.json)
  group curve=<sec2 name> enc=<asn|ecpoint|pem|webcrypto>
  test id= result= pub= priv= shared=<hex or -> flags=
    enc=asn:       pub = SubjectPublicKeyInfo DER, priv = private scalar
    enc=ecpoint:   pub = raw SEC1 point, priv = private scalar
    enc=pem:       pub = hex of the PEM text (PUBLIC KEY), priv = hex of the PEM text (PRIVATE KEY)
    enc=webcrypto: pub = 04 || x || y decoded from the JWK (base64url), pubcrv = the JWK "crv"
                   mapped to a SEC 2 name when it is one of ours (P-256 -> secp256r1,
                   P-256K -> secp256k1), else the JWK name itself; priv = JWK "d" decoded.
  Private scalars are re-encoded big-endian to exactly nlen bytes (value unchanged; Wycheproof
  writes them as ASN.1 INTEGER contents, sometimes with a 00 prefix or shorter).

cavp/<186-2|186-3>_<SigGen|SigVer|KeyPair|PKV>.txt   (from nist-cavp-pyca/FIPS_186-x/)
  siggen curve= hash= msg= d= qx= qy= k= r= s=        (SigGen.txt)
  sigver curve= hash= msg= qx= qy= r= s= result=<P|F> reason=<text with _ for spaces>
  keypair curve= d= qx= qy=
  pkv curve= qx= qy= result=<P|F> reason=
  (FIPS 186-2 sections have no hash in their header; they use SHA-1.)

rfc6979.txt   (from rfc6979-openssl-evp/evppkey_ecdsa_rfc6979.txt; k from the normalised json)
  key name=<P-192> curve= d=<nlen bytes> pub=<SEC1 uncompressed> privpem=<hex of PEM> pubpem=<hex of PEM>
  sign key=<name> hash= msg= k= r= s= der=<DER signature>
  verify key=<name> hash= msg= der= result=<ok|fail>

pycryptodome/kas_cdh.txt  (KAS_ECC_CDH_PrimitiveTest.txt)
  cdh curve= count= qcavsx= qcavsy= d= qiutx= qiuty= z=
pycryptodome/pai.txt      (point-at-infinity.org-P*.txt; k converted from decimal to hex)
  kg curve= k=<hex> x= y=

misc.txt   (pyca-misc/compressed_points.txt, pyca-misc/secp256k1_SigGen.txt, gec2/gec2_secp160r1.json)
  compressed curve= point= x= y=
  k1sig curve=secp256k1 hash= msg= d= qx= qy= r= s=
  gec2sig curve=secp160r1 hash=sha1 msg= d= qx= qy= qc=<compressed> k= r= s=
  gec2dh curve=secp160r1 du= qux= quy= dv= qvx= qvy= qvc=<compressed> z= kdf=<SHA-1 X9.63 KDF, 20 bytes>
"""
import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VEC = os.path.join(ROOT, "tests", "vectors")
FLAT = os.path.join(VEC, "flat")

CURVES_IN_SCOPE = ("secp160r1", "secp192r1", "secp224r1", "secp256r1", "secp256k1",
                   "sect163k1", "sect163r1", "sect163r2", "sect233k1", "sect233r1",
                   "sect283k1", "sect283r1", "sect409k1", "sect409r1")
NIST = {"P-192": "secp192r1", "P-224": "secp224r1", "P-256": "secp256r1", "K-256": "secp256k1",
        "K-163": "sect163k1", "B-163": "sect163r2", "K-233": "sect233k1", "B-233": "sect233r1",
        "K-283": "sect283k1", "B-283": "sect283r1", "K-409": "sect409k1", "B-409": "sect409r1"}
JWK_CRV = {"P-256": "secp256r1", "P-256K": "secp256k1", "P-224": "secp224r1", "P-192": "secp192r1"}
HASHES = {"SHA-1": "sha1", "SHA1": "sha1", "SHA-224": "sha224", "SHA224": "sha224",
          "SHA-256": "sha256", "SHA256": "sha256", "SHA-384": "sha384", "SHA384": "sha384",
          "SHA-512": "sha512", "SHA512": "sha512"}
# DER contents of the named-curve OIDs (SEC 2 / RFC 5480)
OIDS = {"2a8648ce3d030101": "secp192r1", "2b81040021": "secp224r1", "2a8648ce3d030107": "secp256r1",
        "2b81040008": "secp160r1", "2b8104000a": "secp256k1",
        "2b81040001": "sect163k1", "2b81040002": "sect163r1", "2b8104000f": "sect163r2",
        "2b8104001a": "sect233k1", "2b8104001b": "sect233r1", "2b81040010": "sect283k1",
        "2b81040011": "sect283r1", "2b81040024": "sect409k1", "2b81040025": "sect409r1"}

WYCHEPROOF_ECDSA = [
    "ecdsa_secp160r1_sha256_test.json", "ecdsa_secp160r1_sha256_p1363_test.json",
    "ecdsa_secp192r1_sha256_test.json", "ecdsa_secp192r1_sha256_p1363_test.json",
    "ecdsa_secp224r1_sha224_test.json", "ecdsa_secp224r1_sha224_p1363_test.json",
    "ecdsa_secp224r1_sha256_test.json", "ecdsa_secp224r1_sha256_p1363_test.json",
    "ecdsa_secp224r1_sha512_test.json", "ecdsa_secp224r1_sha512_p1363_test.json",
    "ecdsa_secp256r1_sha256_test.json", "ecdsa_secp256r1_sha256_p1363_test.json",
    "ecdsa_secp256r1_sha512_test.json", "ecdsa_secp256r1_sha512_p1363_test.json",
    "ecdsa_secp256k1_sha256_test.json", "ecdsa_secp256k1_sha256_p1363_test.json",
    "ecdsa_secp256k1_sha512_test.json", "ecdsa_secp256k1_sha512_p1363_test.json",
    "ecdsa_secp256k1_sha256_bitcoin_test.json",
]
WYCHEPROOF_ECDH = [
    "ecdh_secp224r1_test.json", "ecdh_secp224r1_ecpoint_test.json", "ecdh_secp224r1_pem_test.json",
    "ecdh_secp256r1_test.json", "ecdh_secp256r1_ecpoint_test.json", "ecdh_secp256r1_pem_test.json",
    "ecdh_secp256r1_webcrypto_test.json",
    "ecdh_secp256k1_test.json", "ecdh_secp256k1_webcrypto_test.json",
    "ecdh_sect283k1_test.json", "ecdh_sect283r1_test.json",
    "ecdh_sect409k1_test.json", "ecdh_sect409r1_test.json",
]
CAVP_FILES = ["SigGen.txt", "SigVer.rsp", "KeyPair.rsp", "PKV.rsp"]
CAVP_KEEP = ("P-192", "P-224", "P-256", "K-163", "B-163", "K-233", "B-233", "K-283", "B-283",
             "K-409", "B-409")


class ConvertError(Exception):
    pass


def die(msg):
    raise ConvertError(msg)


# ---------------------------------------------------------------- helpers

def read_curves():
    """n and field size of each curve in scope, from the shared curve parameter file."""
    out, cur = {}, None
    with open(os.path.join(VEC, "curves", "sec2-params.txt")) as f:
        for line in f:
            line = line.strip()
            m = re.match(r"^\[(\w+)\]$", line)
            if m:
                cur = m.group(1)
                out[cur] = {}
            elif cur and "=" in line and not line.startswith("#"):
                k, v = [x.strip() for x in line.split("=", 1)]
                out[cur][k] = v
    res = {}
    for name in CURVES_IN_SCOPE:
        c = out[name]
        n = int(c["n"], 16)
        fbits = int(c["m"]) if c.get("field") == "binary" else int(c["p"], 16).bit_length()
        res[name] = {"n": n, "flen": (fbits + 7) // 8, "nlen": (n.bit_length() + 7) // 8}
    return res


CURVES = None


def fixed(v, nbytes):
    """Integer (or hex string) -> big-endian hex of exactly nbytes bytes."""
    if isinstance(v, str):
        v = int(v, 16) if v else 0
    if v < 0 or v >= 1 << (8 * nbytes):
        die("value does not fit in %d bytes" % nbytes)
    return "%0*x" % (2 * nbytes, v)


VALUE_RE = re.compile(r"^[A-Za-z0-9_.,:+/=-]+$")


def rec(kind, *pairs):
    """One flat record: kind k=v k=v ...; pairs is a sequence of (key, value)."""
    parts = [kind]
    for k, v in pairs:
        v = "-" if v is None or v == "" else str(v)
        if not VALUE_RE.match(v):
            die("bad characters in value for %s: %r" % (k, v[:60]))
        parts.append("%s=%s" % (k, v))
    return " ".join(parts)


def hexstr(s):
    return s.encode("ascii").hex()


def b64url(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def header(srcs):
    return ["# Generated by tools/vectors/convert.py (regenerate: python3 tools/vectors/convert.py) from %s;"
            " do not edit. Format: see the converter." % ", ".join(srcs)]


# ---------------------------------------------------------------- minimal DER reader (for keys)

def der_read(buf, pos):
    """(tag, contents, next position) of the TLV at pos; definite lengths only."""
    tag = buf[pos]
    ln = buf[pos + 1]
    pos += 2
    if ln & 0x80:
        k = ln & 0x7f
        ln = int.from_bytes(buf[pos:pos + k], "big")
        pos += k
    return tag, buf[pos:pos + ln], pos + ln


def der_children(buf):
    out, pos = [], 0
    while pos < len(buf):
        t, c, pos = der_read(buf, pos)
        out.append((t, c))
    return out


def pem_body(text):
    lines = [l for l in text.strip().splitlines() if not l.startswith("-----")]
    return base64.b64decode("".join(lines))


def parse_pkcs8_ec(der):
    """(curve, d as int) from a PKCS#8 PrivateKeyInfo holding an EC key with a named curve."""
    _, top, _ = der_read(der, 0)
    ver, alg, octs = der_children(top)[:3]
    algs = der_children(alg[1])
    curve = OIDS.get(algs[1][1].hex())
    ecpk = der_children(der_read(octs[1], 0)[1])
    return curve, int.from_bytes(ecpk[1][1], "big")


def parse_spki_ec(der):
    """(curve, SEC1 point bytes) from a SubjectPublicKeyInfo with a named curve."""
    _, top, _ = der_read(der, 0)
    alg, bits = der_children(top)[:2]
    algs = der_children(alg[1])
    return OIDS.get(algs[1][1].hex()), bits[1][1:]


def parse_der_sig(der):
    _, top, _ = der_read(der, 0)
    r, s = der_children(top)
    return int.from_bytes(r[1], "big"), int.from_bytes(s[1], "big")


# ---------------------------------------------------------------- Wycheproof

def conv_wycheproof_ecdsa(fname):
    j = json.load(open(os.path.join(VEC, "wycheproof", fname)))
    schema = j["schema"]
    fmt = "p1363" if "p1363" in schema else "bitcoin" if "bitcoin" in schema else "der"
    lines = header(["wycheproof/" + fname])
    for g in j["testGroups"]:
        pk = g["publicKey"]
        curve = pk["curve"]
        if curve not in CURVES:
            die("%s: curve %s out of scope" % (fname, curve))
        pairs = [("curve", curve), ("hash", HASHES[g["sha"]]), ("fmt", fmt),
                 ("pub", pk["uncompressed"]), ("spki", g["publicKeyDer"])]
        if fmt == "bitcoin":
            pairs.append(("halfn", fixed((CURVES[curve]["n"] - 1) // 2, CURVES[curve]["nlen"])))
        lines.append(rec("group", *pairs))
        for t in g["tests"]:
            lines.append(rec("test", ("id", t["tcId"]), ("result", t["result"]), ("msg", t["msg"]),
                             ("sig", t["sig"]), ("flags", ",".join(t["flags"]))))
    return lines


def conv_wycheproof_ecdh(fname):
    j = json.load(open(os.path.join(VEC, "wycheproof", fname)))
    lines = header(["wycheproof/" + fname])
    for g in j["testGroups"]:
        enc = g["encoding"]
        curve = JWK_CRV.get(g["curve"], g["curve"])
        if curve not in CURVES:
            die("%s: curve %s out of scope" % (fname, curve))
        nlen = CURVES[curve]["nlen"]
        lines.append(rec("group", ("curve", curve), ("enc", enc)))
        for t in g["tests"]:
            pairs = [("id", t["tcId"]), ("result", t["result"])]
            if enc in ("asn", "ecpoint"):
                pairs += [("pub", t["public"]), ("priv", fixed(t["private"], nlen))]
            elif enc == "pem":
                pairs += [("pub", hexstr(t["public"])), ("priv", hexstr(t["private"]))]
            elif enc == "webcrypto":
                pub, prv = t["public"], t["private"]
                if pub.get("kty") != "EC" or prv.get("kty") != "EC":
                    die("%s tc %d: non-EC JWK" % (fname, t["tcId"]))
                crv = JWK_CRV.get(pub["crv"], pub["crv"])
                point = b"\x04" + b64url(pub["x"]) + b64url(pub["y"])
                pairs += [("pubcrv", crv), ("pub", point.hex()),
                          ("priv", fixed(int.from_bytes(b64url(prv["d"]), "big"), nlen))]
                if JWK_CRV.get(prv["crv"]) != curve:
                    die("%s tc %d: private JWK on another curve" % (fname, t["tcId"]))
            else:
                die("%s: unknown encoding %s" % (fname, enc))
            pairs += [("shared", t["shared"]), ("flags", ",".join(t["flags"]))]
            lines.append(rec("test", *pairs))
    return lines


# ---------------------------------------------------------------- NIST CAVP (.rsp style)

def rsp_records(path):
    """Yield (section, {key: value}) for each blank-line-separated record of a CAVS file.
    section is the text of the last [..] header that names a curve, e.g. 'P-192,SHA-1'."""
    section, cur = None, {}
    with open(path) as f:
        for raw in f:
            line = raw.strip()
            if line.startswith("#"):
                continue
            m = re.match(r"^\[(.*)\]$", line)
            if m:
                if cur:
                    yield section, cur
                    cur = {}
                if re.match(r"^[PKB]-\d+", m.group(1)):
                    section = m.group(1)
                continue
            if not line:
                if cur:
                    yield section, cur
                    cur = {}
                continue
            k, v = [x.strip() for x in line.split("=", 1)]
            if k in cur:
                yield section, cur
                cur = {}
            cur[k] = v
    if cur:
        yield section, cur


def section_curve_hash(section):
    parts = section.split(",")
    curve = NIST.get(parts[0])
    h = HASHES[parts[1]] if len(parts) > 1 else "sha1"   # FIPS 186-2: SHA-1 only
    return curve, h


def result_pair(v):
    m = re.match(r"^([PF])\s*\((.*)\)\s*$", v)
    if not m:
        die("bad Result %r" % v)
    reason = re.sub(r"\s+", "_", m.group(2).strip()) or "-"
    return m.group(1), reason


def conv_cavp(ver, fname):
    path = os.path.join(VEC, "nist-cavp-pyca", "FIPS_" + ver, fname)
    lines = header(["nist-cavp-pyca/FIPS_%s/%s" % (ver, fname)])
    for section, r in rsp_records(path):
        if section is None or set(r) <= {"N", "COUNT"}:
            continue
        curve, h = section_curve_hash(section)
        if curve is None:
            die("%s: section %s not trimmed" % (fname, section))
        if fname == "SigGen.txt":
            lines.append(rec("siggen", ("curve", curve), ("hash", h), ("msg", r["Msg"]), ("d", r["d"]),
                             ("qx", r["Qx"]), ("qy", r["Qy"]), ("k", r["k"]), ("r", r["R"]), ("s", r["S"])))
        elif fname == "SigVer.rsp":
            res, why = result_pair(r["Result"])
            lines.append(rec("sigver", ("curve", curve), ("hash", h), ("msg", r["Msg"]), ("qx", r["Qx"]),
                             ("qy", r["Qy"]), ("r", r["R"]), ("s", r["S"]), ("result", res), ("reason", why)))
        elif fname == "KeyPair.rsp":
            lines.append(rec("keypair", ("curve", curve), ("d", r["d"]), ("qx", r["Qx"]), ("qy", r["Qy"])))
        elif fname == "PKV.rsp":
            res, why = result_pair(r["Result"])
            lines.append(rec("pkv", ("curve", curve), ("qx", r["Qx"]), ("qy", r["Qy"]), ("result", res),
                             ("reason", why)))
    return lines


def trim_cavp(src, dst):
    """Copy a CAVS file keeping its leading comment block and only the CAVP_KEEP sections."""
    out, keep = [], True
    with open(src, newline="") as f:
        for raw in f:
            m = re.match(r"^\[([PKB]-\d+)[,\]]", raw)
            if m:
                keep = m.group(1) in CAVP_KEEP
            if keep:
                out.append(raw)
    with open(dst, "w", newline="") as f:
        f.write("".join(out))


# ---------------------------------------------------------------- RFC 6979 (OpenSSL evp format)

def evp_blocks(path):
    """Blank-line-separated blocks of an OpenSSL evp_test file: list of [(key, value)], where a
    PrivateKey/PublicKey value is the PEM text that follows it."""
    blocks, cur, pem = [], [], None
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if pem is not None:
                pem.append(line)
                if line.startswith("-----END"):
                    cur.append((pem_key, "\n".join(pem) + "\n"))
                    pem = None
                continue
            if line.startswith("#"):
                continue
            if not line.strip():
                if cur:
                    blocks.append(cur)
                    cur = []
                continue
            k, v = [x.strip() for x in line.split("=", 1)]
            if k in ("PrivateKey", "PublicKey"):
                pem_key, pem = (k, v), []
                continue
            cur.append((k, v))
    if cur:
        blocks.append(cur)
    return blocks


def conv_rfc6979():
    src = os.path.join(VEC, "rfc6979-openssl-evp", "evppkey_ecdsa_rfc6979.txt")
    norm = json.load(open(os.path.join(VEC, "rfc6979-openssl-evp", "rfc6979_ecdsa_normalized.json")))
    ks = {}
    for t in norm["tests"]:
        ks[(t["curve"], HASHES[t["hash"]], t["msg_hex"])] = t
    lines = header(["rfc6979-openssl-evp/evppkey_ecdsa_rfc6979.txt",
                    "k, Q from rfc6979-openssl-evp/rfc6979_ecdsa_normalized.json"])
    keys = {}      # name -> (curve, d, pub, privpem, pubpem)
    privs, pubs = {}, {}
    nsign = 0
    for b in evp_blocks(src):
        d = dict((k if isinstance(k, str) else k[0], v) for k, v in b)
        for k, v in b:
            if isinstance(k, tuple):
                (privs if k[0] == "PrivateKey" else pubs)[k[1]] = v
        if "PrivPubKeyPair" in d:
            pv, pb = d["PrivPubKeyPair"].split(":")
            curve, dval = parse_pkcs8_ec(pem_body(privs[pv]))
            pcurve, point = parse_spki_ec(pem_body(pubs[pb]))
            if curve != pcurve:
                die("rfc6979: key pair curves differ")
            if curve is None:
                continue        # a curve out of scope (P-384, binary curves, ...)
            name = pv[:-5] if pv.endswith("_PRIV") else pv
            nlen = CURVES[curve]["nlen"]
            keys[pv] = keys[pb] = name
            lines.append(rec("key", ("name", name), ("curve", curve), ("d", fixed(dval, nlen)),
                             ("pub", point.hex()), ("privpem", hexstr(privs[pv])), ("pubpem", hexstr(pubs[pb]))))
            keys[name] = curve
            continue
        op = "DigestSign" if "DigestSign" in d else "DigestVerify" if "DigestVerify" in d else None
        if op is None or d.get("Key") not in keys:
            continue
        name = keys[d["Key"]]
        curve = keys[name]
        h = HASHES[d[op]]
        m = re.match(r'^"(.*)"$', d["Input"])
        msg = hexstr(m.group(1))
        der = d["Output"].lower()
        if op == "DigestSign":
            if d.get("NonceType") != "deterministic":
                die("rfc6979: sign block without deterministic nonce")
            r, s = parse_der_sig(bytes.fromhex(der))
            t = ks.get((curve, h, msg))
            if t is None or int(t["r"], 16) != r or int(t["s"], 16) != s:
                die("rfc6979: normalised json disagrees for %s %s %s" % (curve, h, msg))
            nlen = CURVES[curve]["nlen"]
            lines.append(rec("sign", ("key", name), ("hash", h), ("msg", msg), ("k", fixed(t["k"], nlen)),
                             ("r", fixed(r, nlen)), ("s", fixed(s, nlen)), ("der", der)))
            nsign += 1
        else:
            res = "fail" if d.get("Result") == "VERIFY_ERROR" else "ok"
            if "Result" in d and res == "ok":
                die("rfc6979: unknown Result %s" % d["Result"])
            lines.append(rec("verify", ("key", name), ("hash", h), ("msg", msg), ("der", der), ("result", res)))
    if nsign != 110:
        die("rfc6979: expected 110 in-scope signing vectors (P-192/224/256, B/K-163..409), got %d" % nsign)
    return lines


# ---------------------------------------------------------------- PyCryptodome

def conv_kas():
    path = os.path.join(VEC, "pycryptodome", "KAS_ECC_CDH_PrimitiveTest.txt")
    lines = header(["pycryptodome/KAS_ECC_CDH_PrimitiveTest.txt"])
    for section, r in rsp_records(path):
        curve = NIST.get(section)
        if curve is None or "COUNT" not in r:
            continue
        lines.append(rec("cdh", ("curve", curve), ("count", r["COUNT"]), ("qcavsx", r["QCAVSx"]),
                         ("qcavsy", r["QCAVSy"]), ("d", r["dIUT"]), ("qiutx", r["QIUTx"]),
                         ("qiuty", r["QIUTy"]), ("z", r["ZIUT"])))
    return lines


def conv_pai():
    lines = header(["pycryptodome/point-at-infinity.org-P192.txt", "-P224.txt", "-P256.txt"])
    for tag, curve in (("P192", "secp192r1"), ("P224", "secp224r1"), ("P256", "secp256r1")):
        path = os.path.join(VEC, "pycryptodome", "point-at-infinity.org-%s.txt" % tag)
        for _, r in rsp_records(path):
            if set(r) == {"k"}:
                continue        # the P224 file repeats its first "k = 1" line
            k = int(r["k"], 10)
            if not 0 < k < CURVES[curve]["n"]:
                die("pai: k out of range")
            lines.append(rec("kg", ("curve", curve), ("k", "%x" % k), ("x", r["x"].lower()), ("y", r["y"].lower())))
    return lines


# ---------------------------------------------------------------- pyca misc and GEC 2

def conv_misc():
    lines = header(["pyca-misc/compressed_points.txt", "pyca-misc/secp256k1_SigGen.txt",
                    "gec2/gec2_secp160r1.json"])
    for _, r in rsp_records(os.path.join(VEC, "pyca-misc", "compressed_points.txt")):
        curve = r["CURVE"].lower()
        if curve not in CURVES:
            die("compressed_points: curve %s" % curve)
        lines.append(rec("compressed", ("curve", curve), ("point", r["POINT"]), ("x", r["X"]), ("y", r["Y"])))
    for section, r in rsp_records(os.path.join(VEC, "pyca-misc", "secp256k1_SigGen.txt")):
        curve, h = section_curve_hash(section)
        lines.append(rec("k1sig", ("curve", curve), ("hash", h), ("msg", r["Msg"]), ("d", r["d"]),
                         ("qx", r["Qx"]), ("qy", r["Qy"]), ("r", r["R"]), ("s", r["S"])))
    g = json.load(open(os.path.join(VEC, "gec2", "gec2_secp160r1.json")))
    h = HASHES[g["hash"]]
    for e in g["ecdsa"]:
        lines.append(rec("gec2sig", ("curve", g["curve"]), ("hash", h), ("msg", e["msg_hex"]), ("d", e["dU"]),
                         ("qx", e["QUx"]), ("qy", e["QUy"]), ("qc", e["QU_compressed"]), ("k", e["k"]),
                         ("r", e["r"]), ("s", e["s"])))
    for e in g["ecdh"]:
        lines.append(rec("gec2dh", ("curve", g["curve"]), ("du", e["dU"]), ("qux", e["QUx"]), ("quy", e["QUy"]),
                         ("dv", e["dV"]), ("qvx", e["QVx"]), ("qvy", e["QVy"]), ("qvc", e["QV_compressed"]),
                         ("z", e["z"]), ("kdf", e["kdf_sha1_20"])))
    return lines


# ---------------------------------------------------------------- driver

def outputs():
    out = {}
    for f in WYCHEPROOF_ECDSA:
        out["wycheproof/" + f.replace("_test.json", ".txt")] = conv_wycheproof_ecdsa(f)
    for f in WYCHEPROOF_ECDH:
        out["wycheproof/" + f.replace("_test.json", ".txt")] = conv_wycheproof_ecdh(f)
    for ver in ("186-2", "186-3"):
        for f in CAVP_FILES:
            out["cavp/%s_%s.txt" % (ver, f.split(".")[0])] = conv_cavp(ver, f)
    out["rfc6979.txt"] = conv_rfc6979()
    out["pycryptodome/kas_cdh.txt"] = conv_kas()
    out["pycryptodome/pai.txt"] = conv_pai()
    out["misc.txt"] = conv_misc()
    return {k: "\n".join(v) + "\n" for k, v in out.items()}


def do_import(src):
    """Copy the upstream files this converter reads from the shared vector tree."""
    copies = [("wycheproof", f) for f in WYCHEPROOF_ECDSA + WYCHEPROOF_ECDH] + [
        ("rfc6979-openssl-evp", "evppkey_ecdsa_rfc6979.txt"),
        ("rfc6979-openssl-evp", "rfc6979_ecdsa_normalized.json"),
        ("pycryptodome", "KAS_ECC_CDH_PrimitiveTest.txt"),
        ("pycryptodome", "point-at-infinity.org-P192.txt"),
        ("pycryptodome", "point-at-infinity.org-P224.txt"),
        ("pycryptodome", "point-at-infinity.org-P256.txt"),
        ("pyca-misc", "compressed_points.txt"),
        ("pyca-misc", "secp256k1_SigGen.txt"),
        ("gec2", "gec2_secp160r1.json"),
    ]
    for folder, f in copies:
        os.makedirs(os.path.join(VEC, folder), exist_ok=True)
        shutil.copyfile(os.path.join(src, folder, f), os.path.join(VEC, folder, f))
    for ver in ("186-2", "186-3"):
        d = os.path.join(VEC, "nist-cavp-pyca", "FIPS_" + ver)
        os.makedirs(d, exist_ok=True)
        for f in CAVP_FILES:
            trim_cavp(os.path.join(src, "nist-cavp-pyca", "FIPS_" + ver, f), os.path.join(d, f))
        shutil.copyfile(os.path.join(src, "nist-cavp-pyca", "FIPS_" + ver, "Readme.txt"),
                        os.path.join(d, "Readme.txt"))


def main():
    global CURVES
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    ap.add_argument("--import", dest="src", metavar="DIR", help="copy upstream files from DIR first")
    a = ap.parse_args()
    if a.src:
        do_import(a.src)
    CURVES = read_curves()
    try:
        outs = outputs()
    except ConvertError as e:
        print("convert.py: %s" % e, file=sys.stderr)
        return 2
    bad = 0
    for rel in sorted(outs):
        path = os.path.join(FLAT, rel)
        data = outs[rel]
        if a.check:
            old = open(path).read() if os.path.exists(path) else None
            if old != data:
                print("differs: tests/vectors/flat/%s" % rel)
                bad += 1
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(data)
    if a.check:
        known = set(outs)
        for dp, _, fs in os.walk(FLAT):
            for f in fs:
                rel = os.path.relpath(os.path.join(dp, f), FLAT)
                if rel not in known and f.endswith(".txt"):
                    print("stale: tests/vectors/flat/%s" % rel)
                    bad += 1
        print("convert.py --check: %d file(s) %s" % (len(outs), "OK" if not bad else "with %d difference(s)" % bad))
    else:
        print("convert.py: wrote %d files under tests/vectors/flat/" % len(outs))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
