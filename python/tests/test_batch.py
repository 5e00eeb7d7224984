"""seacurve.verify_batch / BatchVerifier: every verdict equals what the single verification
(PublicKey.verify / verify_digest) says of the same item, on every curve, for valid, forged
(r, s, key, message altered) and malformed items, on 1 and 3 threads, with and without the
cache; signatures made by pyca/cryptography are accepted.  The randomized path
(randomized=True, sc_batch_verify_rbv) gives the same verdicts with no, right and wrong recovery
ids; PublicKey.recovery_id names the R of u1 G + u2 Q computed here in Python integers."""
import os

import pytest

import seacurve
from seacurve import Hash, PrivateKey, PublicKey

from conftest import all_curve_names

pytestmark = pytest.mark.skipif(not seacurve.batch_available(), reason="library built without SC_BATCH")


def single(key, sig, msg, hash=Hash.SHA256, encoding="der", prehashed=False):
    """The single verification's verdict: None, or the exception it raised."""
    try:
        pub = key if isinstance(key, PublicKey) else PublicKey(*key)
        if prehashed:
            pub.verify_digest(sig, msg, encoding=encoding)
        else:
            pub.verify(sig, msg, hash, encoding=encoding)
    except seacurve.Error as e:
        return e
    return None


def flip(b, i, bit=1):
    b = bytearray(b)
    b[i] ^= bit
    return bytes(b)


def make_items(names, encoding):
    items, valid = [], []
    for name in names:
        c = seacurve.get_curve(name)
        keys = [PrivateKey.generate(c) for _ in range(2)]
        for k, key in enumerate(keys):
            pub = key.public_key()
            other = keys[1 - k].public_key()
            for m in range(3):
                msg = os.urandom(10 + m)
                sig = key.sign(msg, encoding="p1363")
                enc = sig if encoding == "p1363" else seacurve.sig_p1363_to_der(sig)
                items.append((pub, enc, msg))
                valid.append(True)
                # the key as (curve, bytes), compressed: not validated before the batch
                items.append(((name, pub.to_bytes(compressed=True)), enc, msg))
                valid.append(True)
                if m:
                    continue
                n = c.order_bytes
                for bad in (flip(sig, n - 1), flip(sig, 2 * n - 1, 2)):         # r, s altered
                    items.append((pub, bad if encoding == "p1363" else seacurve.sig_p1363_to_der(bad), msg))
                    valid.append(False)
                items.append((other, enc, msg))                                   # another key
                items.append((pub, enc, flip(msg, 0)))                            # another message
                items.append(((name, flip(pub.to_bytes(), 2 * c.field_bytes)), enc, msg))  # off the curve
                items.append(((name, b"\x04"), enc, msg))                         # truncated key
                items.append((pub, enc[:-1], msg))                                # short signature
                items.append((pub, b"\x00" * (2 * n) if encoding == "p1363" else b"\x30\x00", msg))
                valid.extend([False] * 6)
    return items, valid


@pytest.mark.parametrize("encoding", ["p1363", "der"])
def test_verdicts_equal_single(encoding):
    items, valid = make_items(all_curve_names(), encoding)
    want = [single(*it, encoding=encoding) for it in items]
    assert [w is None for w in want] == valid
    for threads in (1, 3):
        for cache_mb in (0, 16):
            got = seacurve.verify_batch(items, encoding=encoding, threads=threads, cache_mb=cache_mb)
            assert len(got) == len(items)
            for i, (g, w) in enumerate(zip(got, want)):
                assert type(g) is type(w), (i, threads, cache_mb, g, w)
                if w is not None:
                    assert g.code == w.code


def test_prehashed_and_hashes():
    c = seacurve.get_curve("secp256r1")
    key = PrivateKey.generate(c)
    pub = key.public_key()
    items = []
    for alg in (Hash.SHA1, Hash.SHA256, Hash.SHA512):
        msg = os.urandom(33)
        items.append((pub, key.sign(msg, alg), msg))
    got = seacurve.verify_batch(items[:1], hash=Hash.SHA1, threads=1)
    assert got == [None]
    assert isinstance(seacurve.verify_batch(items[1:2], hash=Hash.SHA1)[0], seacurve.InvalidSignature)
    d = seacurve.digest(Hash.SHA512, items[2][2])
    assert seacurve.verify_batch([(pub, items[2][1], d)], prehashed=True) == [None]


def test_unknown_curve_is_a_verdict():
    got = seacurve.verify_batch([(("secp999", b"\x04"), b"\x30\x00", b"m")])
    assert isinstance(got[0], seacurve.CurveError)


def test_cryptography_signatures():
    crypto = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.ec")
    from cryptography.hazmat.primitives import hashes, serialization
    items = []
    for name, cc in (("secp256r1", crypto.SECP256R1()), ("secp256k1", crypto.SECP256K1()),
                     ("secp192r1", crypto.SECP192R1())):
        k = crypto.generate_private_key(cc)
        pt = k.public_key().public_bytes(serialization.Encoding.X962,
                                         serialization.PublicFormat.UncompressedPoint)
        for _ in range(4):
            msg = os.urandom(40)
            items.append(((name, pt), k.sign(msg, crypto.ECDSA(hashes.SHA256())), msg))
    assert seacurve.verify_batch(items) == [None] * len(items)
    forged = [(key, sig, flip(msg, 5)) for key, sig, msg in items]
    assert all(isinstance(v, seacurve.InvalidSignature) for v in seacurve.verify_batch(forged))


def test_verifier_cache_and_threads():
    c = seacurve.get_curve("secp160r1")
    key = PrivateKey.generate(c)
    pub = key.public_key()
    items = []
    for _ in range(40):
        msg = os.urandom(16)
        items.append((pub, key.sign(msg), msg))
    with seacurve.BatchVerifier(threads=2, cache_mb=8) as v:
        assert v.threads == 2
        assert v.verify(items) == [None] * 40
        assert v.verify(items) == [None] * 40
        st = v.cache_stats()
        assert st["hits"] >= 40 and st["builds"] >= 2 and st["bytes"] <= 8 << 20
    with pytest.raises(seacurve.Error):
        v.verify(items)
    with pytest.raises(ValueError):
        seacurve.BatchVerifier(threads=-1)
    assert seacurve.verify_batch([]) == []


# ---- randomized batch verification (sc_batch_verify_rbv) and recovery ids ----

def ids_of(items):
    """Each item's recovery id from PublicKey.recovery_id where its signature verifies on a
    prime curve, else None."""
    out = []
    for key, sig, msg in items:
        try:
            pub = key if isinstance(key, PublicKey) else PublicKey(*key)
            out.append(pub.recovery_id(sig, msg))
        except seacurve.Error:
            out.append(None)
    return out


def same(got, want):
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert type(g) is type(w), (i, g, w)
        if w is not None:
            assert g.code == w.code


def test_randomized_equals_plain():
    items, valid = make_items(all_curve_names(), "der")
    plain = seacurve.verify_batch(items, threads=2)
    assert [v is None for v in plain] == valid
    ids = ids_of(items)
    wrong = [None if r is None else r ^ 1 for r in ids]
    for threads in (1, 3):
        with seacurve.BatchVerifier(threads=threads, cache_mb=0) as v:
            same(v.verify(items, randomized=True), plain)
            same(v.verify(items, randomized=True, recids=ids), plain)
            right = v.rbv_stats()
            same(v.verify(items, randomized=True, recids=wrong), plain)
            st = v.rbv_stats()
        # the wrong ids made equations fail that the right ones did not
        assert right["groups"] > 0
        assert st["groups_failed"] > right["groups_failed"]
    same(seacurve.verify_batch(items, randomized=True, recids=[3 if r is None else r ^ 2 for r in ids]),
         plain)


def test_recovery_id_names_R():
    """The id names the R of the signature: from an independent computation in Python
    integers (u1 G + u2 Q on P-256 with the published parameters, SEC 2 2.4.2)."""
    p = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff
    a = p - 3
    n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551
    G = (0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296,
         0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5)

    def add(P, Q):
        if P is None:
            return Q
        if Q is None:
            return P
        if P[0] == Q[0] and (P[1] + Q[1]) % p == 0:
            return None
        if P == Q:
            m = (3 * P[0] * P[0] + a) * pow(2 * P[1], -1, p) % p
        else:
            m = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, p) % p
        x = (m * m - P[0] - Q[0]) % p
        return x, (m * (P[0] - x) - P[1]) % p

    def mul(k, P):
        R = None
        for bit in bin(k)[2:]:
            R = add(R, R)
            if bit == "1":
                R = add(R, P)
        return R

    key = PrivateKey.generate("secp256r1")
    pub = key.public_key()
    raw = pub.to_bytes(compressed=False)
    Q = (int.from_bytes(raw[1:33], "big"), int.from_bytes(raw[33:], "big"))
    parities = set()
    for _ in range(8):
        msg = os.urandom(20)
        sig = key.sign(msg, encoding="p1363")
        r, s = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")
        e = int.from_bytes(seacurve.digest(Hash.SHA256, msg), "big") % n
        w = pow(s, -1, n)
        R = add(mul(e * w % n, G), mul(r * w % n, Q))
        want = (R[1] & 1) | (2 if R[0] >= n else 0)
        assert pub.recovery_id(sig, msg, encoding="p1363") == want
        assert pub.recovery_id(seacurve.sig_p1363_to_der(sig), msg) == want
        parities.add(want & 1)
        with pytest.raises(seacurve.InvalidSignature):
            pub.recovery_id(sig, flip(msg, 0), encoding="p1363")
    assert parities == {0, 1}
    with pytest.raises(seacurve.UnsupportedError):
        k2 = PrivateKey.generate("sect163k1")
        m = b"binary"
        k2.public_key().recovery_id(k2.sign(m), m)


def test_randomized_cryptography_p256():
    """Signatures by pyca/cryptography on P-256, forged and malformed ones among them: the
    randomized verdicts equal the plain ones and cryptography's own."""
    crypto = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.ec")
    from cryptography.exceptions import InvalidSignature as CryptoInvalid
    from cryptography.hazmat.primitives import hashes, serialization
    items, crypto_ok = [], []
    keys = [crypto.generate_private_key(crypto.SECP256R1()) for _ in range(3)]
    for j in range(60):
        k = keys[j % 3]
        pk = k.public_key()
        pt = pk.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        msg = os.urandom(32)
        sig = k.sign(msg, crypto.ECDSA(hashes.SHA256()))
        kind = j % 6
        if kind == 1:
            msg = flip(msg, 3)                                      # forged: another message
        elif kind == 2:
            pt = keys[(j + 1) % 3].public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
            pk = keys[(j + 1) % 3].public_key()                     # forged: another key
        elif kind == 3:
            sig = seacurve.sig_p1363_to_der(flip(seacurve.sig_der_to_p1363(sig, "secp256r1"), 63))
        elif kind == 4:
            sig = sig[:-1]                                          # malformed DER
        try:
            pk.verify(sig, msg, crypto.ECDSA(hashes.SHA256()))
            crypto_ok.append(True)
        except (CryptoInvalid, ValueError):
            crypto_ok.append(False)
        items.append((("secp256r1", pt), sig, msg))
    plain = seacurve.verify_batch(items, threads=2)
    assert [v is None for v in plain] == crypto_ok
    assert crypto_ok.count(True) == 20 and crypto_ok.count(False) == 40
    same(seacurve.verify_batch(items, threads=2, randomized=True), plain)
    same(seacurve.verify_batch(items, threads=2, randomized=True, recids=ids_of(items)), plain)


def test_recids_checked():
    key = PrivateKey.generate("secp256r1")
    msg = b"m"
    items = [(key.public_key(), key.sign(msg), msg)]
    with pytest.raises(ValueError):
        seacurve.verify_batch(items, randomized=True, recids=[])
    with pytest.raises(ValueError):
        seacurve.verify_batch(items, randomized=True, recids=[4])
    assert seacurve.verify_batch(items, randomized=True, recids=[None]) == [None]
