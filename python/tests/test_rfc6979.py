"""RFC 6979 A.2 known answers (tests/vectors/flat/rfc6979.txt, from OpenSSL's EVP test data
and the RFC's normalised JSON; tests/vectors/rfc6979-openssl-evp/SOURCES.md)."""
import base64
import os

import pytest

import seacurve
from seacurve import Hash, PrivateKey

from conftest import VECTORS

HASH = {"sha1": Hash.SHA1, "sha224": Hash.SHA224, "sha256": Hash.SHA256,
        "sha384": Hash.SHA384, "sha512": Hash.SHA512}


def records():
    keys, signs, verifies = {}, [], []
    with open(os.path.join(VECTORS, "rfc6979.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            kind, *fields = line.split()
            r = dict(x.split("=", 1) for x in fields)
            if kind == "key":
                keys[r["name"]] = r
            elif kind == "sign":
                signs.append(r)
            elif kind == "verify":
                verifies.append(r)
    return keys, signs, verifies


KEYS, SIGNS, VERIFIES = records()


def test_vector_counts():
    # 11 curves (P-192/224/256, K- and B-163/233/283/409) x 2 messages x 5 hashes
    assert len(KEYS) == 11 and len(SIGNS) == 110 and len(VERIFIES) == 220


@pytest.mark.parametrize("name", sorted(KEYS))
def test_keys(name):
    r = KEYS[name]
    k = PrivateKey(r["curve"], bytes.fromhex(r["d"]))
    assert k.public_key().to_bytes() == bytes.fromhex(r["pub"])
    assert seacurve.load_private_key(bytes.fromhex(r["privpem"])).to_bytes() == k.to_bytes()
    assert seacurve.load_public_key(bytes.fromhex(r["pubpem"])) == k.public_key()
    # the same DER inside (the file's PEM lines are wrapped differently)
    body = b"".join(bytes.fromhex(r["pubpem"]).split(b"\n")[1:-2])
    assert k.public_key().to_der() == base64.b64decode(body)


@pytest.mark.parametrize("r", SIGNS, ids=lambda r: f"{r['key']}-{r['hash']}-{r['msg']}")
def test_deterministic_signatures(r):
    key = KEYS[r["key"]]
    k = PrivateKey(key["curve"], bytes.fromhex(key["d"]))
    msg = bytes.fromhex(r["msg"])
    alg = HASH[r["hash"]]
    assert k.sign(msg, alg) == bytes.fromhex(r["der"])
    assert k.sign(msg, alg, encoding="p1363") == bytes.fromhex(r["r"] + r["s"])
    assert k.sign_digest(seacurve.digest(alg, msg), alg) == bytes.fromhex(r["der"])


@pytest.mark.parametrize("r", VERIFIES, ids=lambda r: f"{r['key']}-{r['hash']}-{r['result']}")
def test_verify_verdicts(r):
    key = KEYS[r["key"]]
    pub = seacurve.PublicKey(key["curve"], bytes.fromhex(key["pub"]))
    msg = bytes.fromhex(r["msg"])
    if r["result"] == "ok":
        pub.verify(bytes.fromhex(r["der"]), msg, HASH[r["hash"]])
    else:
        with pytest.raises((seacurve.InvalidSignature, seacurve.SignatureRangeError)):
            pub.verify(bytes.fromhex(r["der"]), msg, HASH[r["hash"]])
