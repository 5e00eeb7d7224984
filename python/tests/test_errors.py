"""Every exception class, each raised by the library on a real bad input."""
import base64
import ctypes
import subprocess
import sys
import textwrap

import pytest

import seacurve
from seacurve import PrivateKey, PublicKey, _lib
from seacurve.errors import ERRORS, check

P256 = seacurve.get_curve("secp256r1")
K = PrivateKey(P256, bytes(31) + b"\x07")


def pem(label, der):
    return (b"-----BEGIN %s-----\n" % label + base64.b64encode(der) + b"\n-----END %s-----\n" % label)


def test_every_code_has_a_class():
    assert sorted(ERRORS) == list(range(-18, 0))
    for code, cls in ERRORS.items():
        assert issubclass(cls, seacurve.Error) and cls.code == code
        assert cls.c_name.startswith("SC_ERR_")
        assert getattr(seacurve, cls.__name__) is cls
        e = cls()
        assert e.code == code and str(e) == seacurve.errors.describe(code)
    check(0)  # SC_OK
    check(1)  # SC_IN_PROGRESS is no error


def raises(cls, f, *args, **kw):
    with pytest.raises(cls) as e:
        f(*args, **kw)
    assert type(e.value) is cls and e.value.code == cls.code
    return e.value


def test_argument():
    raises(seacurve.ArgumentError, K.encode, "sec1", True, 7)     # params neither named nor explicit


def test_length():
    raises(seacurve.LengthError, PrivateKey, P256, b"\x01" * 31)
    raises(seacurve.LengthError, PublicKey, P256, b"\x04" + b"\x01" * 10)
    raises(seacurve.LengthError, K.public_key().verify, b"\x01" * 63, b"m", encoding="p1363")


def test_buffer_too_small():
    # the package sizes its buffers itself; the library's answer to a short one, through the binding
    b = _lib.out(10)
    n = ctypes.c_size_t(10)
    raises(seacurve.BufferTooSmall, check, _lib.sc_pubkey(P256._ptr, b, ctypes.byref(n), 0, K._d, 32))
    assert bytes(b) == bytes(10) and n.value == 0


def test_curve():
    raises(seacurve.CurveError, seacurve.get_curve, "P-999")
    # SPKI naming an OID of no curve (1.2.840.10045.3.1.121)
    spki = K.public_key().to_der().replace(bytes.fromhex("2a8648ce3d030107"),
                                           bytes.fromhex("2a8648ce3d030179"))
    raises(seacurve.CurveError, seacurve.load_key, spki)


def test_curve_mismatch():
    # an "EC PARAMETERS" block naming secp256k1 before a P-256 key
    params = pem(b"EC PARAMETERS", bytes.fromhex("06052b8104000a"))
    raises(seacurve.CurveMismatch, seacurve.load_key, params + K.to_pem())
    raises(seacurve.CurveMismatch, K.exchange, PrivateKey.generate("secp256k1").public_key())


def test_range():
    raises(seacurve.RangeError, PublicKey, P256, b"\x04" + b"\xff" * 64)


def test_point():
    raises(seacurve.PointError, PublicKey, P256, b"\x04" + bytes(31) + b"\x01" + bytes(31) + b"\x01")
    raises(seacurve.PointError, PublicKey, P256, b"\x05" + b"\x01" * 64)


def test_infinity():
    raises(seacurve.InfinityError, PublicKey, P256, b"\x00")


def test_scalar():
    raises(seacurve.ScalarError, PrivateKey, P256, bytes(32))
    raises(seacurve.ScalarError, PrivateKey, P256, b"\xff" * 32)


def test_signature_range():
    raises(seacurve.SignatureRangeError, K.public_key().verify, bytes(64), b"m", encoding="p1363")


def test_encoding():
    raises(seacurve.EncodingError, seacurve.load_key, b"not a key")
    raises(seacurve.EncodingError, K.public_key().verify, b"\x30\x00", b"m")
    # a DER signature made on a larger curve
    big = PrivateKey.generate("sect409r1").sign(b"m")
    raises(seacurve.EncodingError, seacurve.sig_der_to_p1363, big, P256)


def test_invalid_signature():
    sig = K.sign(b"m")
    raises(seacurve.InvalidSignature, K.public_key().verify, sig, b"n")
    raises(seacurve.InvalidSignature, K.public_key().verify_digest, sig, b"\x00" * 32)


def test_random_error_in_a_process_with_a_failing_source():
    # sc_rng_set is once per process: a child process sets a source that always fails
    code = textwrap.dedent("""
        import ctypes, seacurve
        from seacurve import _lib
        fail = _lib.sc_rng_fn(lambda ctx, out, n: 1)
        assert _lib.sc_rng_set(fail, None) == 0
        try:
            seacurve.PrivateKey.generate("secp256r1")
        except seacurve.RandomError as e:
            assert e.code == -13
            print("keygen", type(e).__name__)
        peer = seacurve.PrivateKey("secp160r1", bytes(20) + b"\\x05").public_key()
        try:
            seacurve.ecdh_ephemeral("secp160r1", peer)
        except seacurve.RandomError as e:
            print("ephemeral", type(e).__name__)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n") == ["keygen RandomError", "ephemeral RandomError", ""]


def test_hash():
    raises(seacurve.HashError, K.sign, b"m", 0)     # SC_HASH_NONE
    raises(seacurve.HashError, K.public_key().verify, K.sign(b"m"), b"m", 99)


def test_not_square():
    # The keys and protocols answer PointError for an x without a y; the square root of
    # the field layer (fp.h: sc_fp_sqrt_var) is the function that says NOT_SQUARE.
    p = 2**256 - 2**224 + 2**192 + 2**96 - 1
    a = next(x for x in range(2, 100) if pow(x, (p - 1) // 2, p) == p - 1)
    fp = ctypes.cast(P256._ptr.contents.ep, ctypes.POINTER(ctypes.c_void_p))[0]
    W = ctypes.c_uint8 * 128
    r, e = W(), W()
    sqrt = _lib._proto("sc_fp_sqrt_var", ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
    frm = _lib._proto("sc_fp_from_bytes", ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                      ctypes.c_size_t, ctypes.c_void_p)
    check(frm(e, a.to_bytes(32, "big"), 32, fp))
    raises(seacurve.NotSquareError, check, sqrt(r, e, fp))
    q = next(x for x in range(2, 100) if pow(x, (p - 1) // 2, p) == 1)   # and a square has one
    check(frm(e, q.to_bytes(32, "big"), 32, fp))
    check(sqrt(r, e, fp))


def test_unsupported():
    raises(seacurve.UnsupportedError, PrivateKey.generate("sect163k1").encode, "sec1", True, "explicit")
    # encrypted PKCS#8
    raises(seacurve.UnsupportedError, seacurve.load_key, pem(b"ENCRYPTED PRIVATE KEY", b"\x30\x00"))


def test_key_type():
    raises(seacurve.KeyTypeError, K.public_key().encode, "sec1")
    raises(seacurve.KeyTypeError, seacurve.load_private_key, K.public_key().to_pem())
