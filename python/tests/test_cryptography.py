"""Cross-checks against pyca/cryptography (OpenSSL) on every curve both libraries have."""
import pytest

import seacurve
from seacurve import Hash, PrivateKey

ec = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.ec")
from cryptography.exceptions import InvalidSignature  # noqa: E402
from cryptography.hazmat.primitives import hashes, serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.utils import Prehashed  # noqa: E402

# seacurve name -> cryptography class name; the binary curves are in cryptography releases
# before 46 (Debian 12 has 38), and a curve that the installed cryptography or its OpenSSL lacks
# is skipped with that reason.
CURVES = {
    "secp192r1": "SECP192R1", "secp224r1": "SECP224R1", "secp256r1": "SECP256R1",
    "secp256k1": "SECP256K1", "sect163k1": "SECT163K1", "sect163r2": "SECT163R2",
    "sect233k1": "SECT233K1", "sect233r1": "SECT233R1", "sect283k1": "SECT283K1",
    "sect283r1": "SECT283R1", "sect409k1": "SECT409K1", "sect409r1": "SECT409R1",
}
HASHES = {Hash.SHA1: hashes.SHA1, Hash.SHA224: hashes.SHA224, Hash.SHA256: hashes.SHA256,
          Hash.SHA384: hashes.SHA384, Hash.SHA512: hashes.SHA512}
ROUNDS = 4
PEM, DER = serialization.Encoding.PEM, serialization.Encoding.DER
NOENC = serialization.NoEncryption()


def crypto_curve(name):
    cls = getattr(ec, CURVES[name], None)
    if cls is None:
        pytest.skip(f"cryptography {__import__('cryptography').__version__} has no {name}")
    try:
        ec.derive_private_key(1, cls())
    except Exception as e:  # UnsupportedAlgorithm: its OpenSSL lacks the curve
        pytest.skip(f"cryptography's OpenSSL does not support {name}: {e}")
    return cls()


def crypto_key(cc):
    """A cryptography private key whose d is drawn from the run's seed (conftest: the library's
    keygen on the seeded source); cryptography derives its public key itself."""
    d = PrivateKey.generate(cc.name).to_bytes()
    return ec.derive_private_key(int.from_bytes(d, "big"), cc)


def sc_from_crypto(priv):
    n = seacurve.get_curve(priv.curve.name).private_key_size
    return PrivateKey(priv.curve.name, priv.private_numbers().private_value.to_bytes(n, "big"))


def point(pub):
    return pub.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


@pytest.fixture(params=list(CURVES))
def curve(request):
    return request.param, crypto_curve(request.param)


def test_public_key_from_private(curve):
    name, cc = curve
    for _ in range(ROUNDS):
        theirs = crypto_key(cc)
        ours = sc_from_crypto(theirs)
        assert ours.public_key().to_bytes() == point(theirs.public_key())
        assert ours.public_key().to_bytes(True) == theirs.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)


def test_seacurve_signs_cryptography_verifies(curve):
    name, cc = curve
    for i in range(ROUNDS):
        k = PrivateKey.generate(name)
        theirs = serialization.load_der_public_key(k.public_key().to_der())
        for alg, h in HASHES.items():
            msg = b"reading %d" % i
            theirs.verify(k.sign(msg, alg), msg, ec.ECDSA(h()))
            theirs.verify(k.sign(msg, alg, hedged=True), msg, ec.ECDSA(h()))
            d = seacurve.digest(alg, msg)
            theirs.verify(k.sign_digest(d, alg), d, ec.ECDSA(Prehashed(h())))
            with pytest.raises(InvalidSignature):
                theirs.verify(k.sign(msg, alg), msg + b"x", ec.ECDSA(h()))


def test_cryptography_signs_seacurve_verifies(curve):
    name, cc = curve
    for i in range(ROUNDS):
        theirs = crypto_key(cc)
        pub = seacurve.PublicKey(name, point(theirs.public_key()))
        for alg, h in HASHES.items():
            msg = b"command %d" % i
            sig = theirs.sign(msg, ec.ECDSA(h()))
            pub.verify(sig, msg, alg)
            pub.verify_digest(sig, seacurve.digest(alg, msg))
            with pytest.raises(seacurve.InvalidSignature):
                pub.verify(sig, msg + b"x", alg)


def test_ecdh_both_ways(curve):
    name, cc = curve
    for _ in range(ROUNDS):
        theirs = crypto_key(cc)
        ours = PrivateKey.generate(name)
        z1 = ours.exchange(point(theirs.public_key()))
        z2 = theirs.exchange(ec.ECDH(), serialization.load_der_public_key(ours.public_key().to_der()))
        assert z1 == z2
        # the library's own key against cryptography's, the other way round
        assert sc_from_crypto(theirs).exchange(ours.public_key()) == z2


def test_key_files_both_ways(curve):
    name, cc = curve
    theirs = crypto_key(cc)
    ours = sc_from_crypto(theirs)
    d = ours.to_bytes()
    PKCS8 = serialization.PrivateFormat.PKCS8
    SEC1 = serialization.PrivateFormat.TraditionalOpenSSL
    SPKI = serialization.PublicFormat.SubjectPublicKeyInfo
    for enc, pem in ((PEM, True), (DER, False)):
        for fmt, ours_fmt in ((PKCS8, "pkcs8"), (SEC1, "sec1")):
            theirs_file = theirs.private_bytes(enc, fmt, NOENC)
            # cryptography writes, seacurve reads; and byte-identical files the other way
            assert seacurve.load_private_key(theirs_file).to_bytes() == d
            ours_file = ours.encode(ours_fmt, pem)
            assert ours_file == theirs_file
            loaded = (serialization.load_pem_private_key if pem else
                      serialization.load_der_private_key)(ours_file, None)
            assert loaded.private_numbers() == theirs.private_numbers()
        theirs_pub = theirs.public_key().public_bytes(enc, SPKI)
        assert seacurve.load_public_key(theirs_pub) == ours.public_key()
        ours_pub = ours.public_key().encode("spki", pem)
        assert ours_pub == theirs_pub
        loaded = (serialization.load_pem_public_key if pem else
                  serialization.load_der_public_key)(ours_pub)
        assert loaded.public_numbers() == theirs.public_key().public_numbers()
