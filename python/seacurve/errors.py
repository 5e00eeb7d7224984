"""Exceptions: one class per sc_err code of include/seacurve/err.h, all under seacurve.Error.

Each carries the C code (``code``) and the library's own description (sc_strerror) as its
message, optionally prefixed with what was being done.
"""
from typing import Dict, Optional, Type

from . import _lib


class Error(Exception):
    """A seacurve C function returned an error code (sc_err)."""

    code: int = 0
    c_name: str = ""

    def __init__(self, message: Optional[str] = None, code: Optional[int] = None) -> None:
        if code is not None:
            self.code = code
        if message is None:
            message = describe(self.code)
        super().__init__(message)


class ArgumentError(Error):
    """SC_ERR_ARG: a NULL pointer or meaningless argument."""
    code, c_name = -1, "SC_ERR_ARG"


class LengthError(Error):
    """SC_ERR_LENGTH: an input of the wrong length."""
    code, c_name = -2, "SC_ERR_LENGTH"


class BufferTooSmall(Error):
    """SC_ERR_BUFFER: an output buffer too small."""
    code, c_name = -3, "SC_ERR_BUFFER"


class CurveError(Error):
    """SC_ERR_CURVE: unknown or unsupported curve."""
    code, c_name = -4, "SC_ERR_CURVE"


class CurveMismatch(Error):
    """SC_ERR_CURVE_MISMATCH: a key or point of another curve."""
    code, c_name = -5, "SC_ERR_CURVE_MISMATCH"


class RangeError(Error):
    """SC_ERR_RANGE: a coordinate or field element not below p."""
    code, c_name = -6, "SC_ERR_RANGE"


class PointError(Error):
    """SC_ERR_POINT: a point not on the curve, or a bad encoding of a point."""
    code, c_name = -7, "SC_ERR_POINT"


class InfinityError(Error):
    """SC_ERR_INFINITY: the point at infinity where a finite point is required."""
    code, c_name = -8, "SC_ERR_INFINITY"


class ScalarError(Error):
    """SC_ERR_SCALAR: a private key or scalar that is 0 or not below n."""
    code, c_name = -9, "SC_ERR_SCALAR"


class SignatureRangeError(Error):
    """SC_ERR_SIG_RANGE: a signature whose r or s is 0 or not below n."""
    code, c_name = -10, "SC_ERR_SIG_RANGE"


class EncodingError(Error):
    """SC_ERR_ENCODING: malformed DER, PEM or SEC1 encoding."""
    code, c_name = -11, "SC_ERR_ENCODING"


class InvalidSignature(Error):
    """SC_ERR_VERIFY: the signature does not verify."""
    code, c_name = -12, "SC_ERR_VERIFY"


class RandomError(Error):
    """SC_ERR_RNG: no source of randomness, or it failed."""
    code, c_name = -13, "SC_ERR_RNG"


class HashError(Error):
    """SC_ERR_HASH: unknown hash algorithm."""
    code, c_name = -14, "SC_ERR_HASH"


class NotSquareError(Error):
    """SC_ERR_NOT_SQUARE: no square root exists."""
    code, c_name = -15, "SC_ERR_NOT_SQUARE"


class UnsupportedError(Error):
    """SC_ERR_UNSUPPORTED: a valid but unsupported input (e.g. unknown explicit parameters)."""
    code, c_name = -16, "SC_ERR_UNSUPPORTED"


class KeyTypeError(Error):
    """SC_ERR_KEY_TYPE: a public key where a private key is expected, or the reverse."""
    code, c_name = -17, "SC_ERR_KEY_TYPE"


class FaultError(Error):
    """SC_ERR_FAULT: a fault check failed (SC_FAULT_CHECKS); the result was withheld."""
    code, c_name = -18, "SC_ERR_FAULT"


ERRORS: Dict[int, Type[Error]] = {
    cls.code: cls
    for cls in (ArgumentError, LengthError, BufferTooSmall, CurveError, CurveMismatch, RangeError,
                PointError, InfinityError, ScalarError, SignatureRangeError, EncodingError,
                InvalidSignature, RandomError, HashError, NotSquareError, UnsupportedError,
                KeyTypeError, FaultError)
}


def describe(code: int) -> str:
    """sc_strerror: the library's description of an error code."""
    text: bytes = _lib.sc_strerror(code)
    return text.decode("ascii", "replace")


def check(rc: int, what: str = "") -> None:
    """Raise the exception of a nonzero sc_err (SC_OK and SC_IN_PROGRESS pass)."""
    if rc >= 0:
        return
    cls = ERRORS.get(rc, Error)
    msg = describe(rc)
    raise cls(f"{what}: {msg}" if what else msg, code=rc)
