"""ctypes declarations of the seacurve C API (include/seacurve/*.h).

The library is loaded with ctypes.CDLL, whose foreign functions release the GIL for the
duration of every call (ctypes.PyDLL would hold it), so C calls from several Python threads
run in parallel.  Every prototype below is declared with its argument and result types so that
ctypes checks what is passed.
"""
import ctypes
import os
from typing import Any
from ctypes import (
    POINTER, Structure, c_char_p, c_int, c_size_t, c_uint8, c_uint16, c_void_p,
)

_HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY_PATH = os.environ.get("SEACURVE_LIBRARY") or os.path.join(_HERE, "libseacurve.so")

lib = ctypes.CDLL(LIBRARY_PATH)

u8p = POINTER(c_uint8)
size_tp = POINTER(c_size_t)
# Byte buffers (const uint8_t * inputs, uint8_t * outputs) are declared void *: ctypes then takes
# a bytes object (a pointer to its own storage, no copy) or a ctypes array (its address) as is,
# with no cast per call.
B = c_void_p


class sc_curve(Structure):
    """struct sc_curve (curves.h); the arithmetic pointers are opaque here."""

    _fields_ = [
        ("name", c_char_p),
        ("aliases", c_char_p * 3),
        ("oid", u8p),
        ("oid_len", c_uint8),
        ("flen", c_uint8),
        ("nlen", c_uint8),
        ("nbits", c_uint16),
        ("ep", c_void_p),
        ("eb", c_void_p),
        ("fn", c_void_p),
        ("h", c_uint8),
    ]


curvep = POINTER(sc_curve)

# SC_FP_MAXBYTES (config.h) of the build that setup.py makes: every curve, so
# SC_FP_MAX_BITS = 448 (sect409r1's order rounded up to 64 bits).  _check_layout
# below verifies the struct against the library at import.
SC_FP_MAXBYTES = 56
SC_PK_MAX_PUB = 1 + 2 * SC_FP_MAXBYTES


class sc_key(Structure):
    """struct sc_key (encoding.h)."""

    _fields_ = [
        ("curve", curvep),
        ("has_priv", c_int),
        ("has_pub", c_int),
        ("priv", c_uint8 * SC_FP_MAXBYTES),
        ("pub", c_uint8 * SC_PK_MAX_PUB),
        ("publen", c_size_t),
    ]


keyp = POINTER(sc_key)

sc_rng_fn = ctypes.CFUNCTYPE(c_int, c_void_p, u8p, c_size_t)


def _proto(name: str, restype: Any, *argtypes: Any) -> Any:
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


E = c_int  # sc_err
sc_strerror = _proto("sc_strerror", c_char_p, E)
sc_curve_find = _proto("sc_curve_find", curvep, c_char_p)
sc_curve_at = _proto("sc_curve_at", curvep, c_size_t)
sc_curve_count = _proto("sc_curve_count", c_size_t)
sc_hash_len = _proto("sc_hash_len", c_size_t, c_int)
sc_hash = _proto("sc_hash", E, c_int, B, c_void_p, c_size_t)
sc_rng_set = _proto("sc_rng_set", E, sc_rng_fn, c_void_p)
sc_random = _proto("sc_random", E, B, c_size_t)

sc_keygen = _proto("sc_keygen", E, curvep, B, c_size_t)
sc_priv_validate = _proto("sc_priv_validate", E, curvep, B, c_size_t)
sc_pubkey = _proto("sc_pubkey", E, curvep, B, size_tp, c_int, B, c_size_t)
sc_pub_validate = _proto("sc_pub_validate", E, curvep, B, c_size_t)
sc_pub_convert = _proto("sc_pub_convert", E, curvep, B, size_tp, c_int, B, c_size_t)
sc_ecdh = _proto("sc_ecdh", E, curvep, B, c_size_t, B, c_size_t, B, c_size_t)
sc_ecdh_cofactor = _proto("sc_ecdh_cofactor", E, curvep, B, c_size_t, B, c_size_t, B, c_size_t)
sc_ecdh_ephemeral = _proto("sc_ecdh_ephemeral", E, curvep, B, size_tp, B, c_size_t, B, c_size_t)
sc_ecdsa_sign = _proto("sc_ecdsa_sign", E, curvep, B, c_size_t, B, c_size_t, c_int,
                       B, c_size_t, B, c_size_t)
sc_ecdsa_sign_with_k = _proto("sc_ecdsa_sign_with_k", E, curvep, B, c_size_t, B, c_size_t,
                              B, c_size_t, B, c_size_t)
sc_ecdsa_verify = _proto("sc_ecdsa_verify", E, curvep, B, c_size_t, B, c_size_t, B, c_size_t)
sc_ecdsa_sign_msg = _proto("sc_ecdsa_sign_msg", E, curvep, B, c_size_t, c_int,
                           B, c_size_t, B, c_size_t)
sc_ecdsa_verify_msg = _proto("sc_ecdsa_verify_msg", E, curvep, B, c_size_t, c_int,
                             B, c_size_t, B, c_size_t)
sc_ecdsa_recid_var = _proto("sc_ecdsa_recid_var", E, curvep, POINTER(c_uint8), B, c_size_t,
                            B, c_size_t, B, c_size_t)

sc_sig_p1363_to_der = _proto("sc_sig_p1363_to_der", E, B, size_tp, B, c_size_t)
sc_sig_der_to_p1363 = _proto("sc_sig_der_to_p1363", E, B, c_size_t, B, c_size_t)
sc_key_parse = _proto("sc_key_parse", E, keyp, B, c_size_t)
sc_key_encode_ex = _proto("sc_key_encode_ex", E, B, size_tp, keyp, c_int, c_int, c_int)
sc_key_wipe = _proto("sc_key_wipe", None, keyp)


def out(n: int) -> Any:
    """A zeroed output buffer of n bytes (at least 1, so that its address is never NULL)."""
    return (c_uint8 * max(n, 1))()


def wipe(b: Any) -> None:
    """Overwrite a ctypes buffer with zeros in place."""
    ctypes.memset(ctypes.addressof(b), 0, ctypes.sizeof(b))


def _check_layout() -> None:
    """Parse a known key (secp256r1, d = 1) and check every field of sc_key lands where
    this module declares it: a library built with another SC_FP_MAXBYTES is refused."""
    c = sc_curve_find(b"secp256r1")
    # SEC1 ECPrivateKey { 1, d = 1 (32 bytes), [0] prime256v1 } in DER; its point is derived.
    der = bytes.fromhex("30310201010420" + "00" * 31 + "01" + "a00a06082a8648ce3d030107")
    k = sc_key()
    rc = sc_key_parse(ctypes.byref(k), der, len(der))
    gx = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
    ok = (rc == 0 and k.has_priv == 1 and k.has_pub == 1 and k.publen == 65
          and ctypes.addressof(k.curve.contents) == ctypes.addressof(c.contents)
          and bytes(k.priv[:32]) == b"\0" * 31 + b"\1"
          and bytes(k.pub[:33]).hex() == "04" + gx)
    sc_key_wipe(ctypes.byref(k))
    if not ok:
        raise ImportError(f"seacurve: {LIBRARY_PATH} does not match the sc_key layout of this "
                          f"package (SC_FP_MAXBYTES = {SC_FP_MAXBYTES}); rebuild with pip install ./python")


_check_layout()
