"""seacurve.verify_batch / BatchVerifier: every verdict equals what the single verification
(PublicKey.verify / verify_digest) says of the same item, on every curve, for valid, forged
(r, s, key, message altered) and malformed items, on 1 and 3 threads, with and without the
cache; signatures made by pyca/cryptography are accepted."""
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
