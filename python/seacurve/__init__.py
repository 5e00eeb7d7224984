"""seacurve: elliptic-curve keys, ECDSA and ECDH for sensor-network gateways.

A typed binding of the seacurve C library (loaded with ctypes.CDLL, which releases the GIL
around every C call).  Bytes in, bytes out; every error code of the library is an exception,
a subclass of seacurve.Error.  Guide: docs/python.md of the repository.
"""
from . import _lib  # noqa: F401  (loads and checks the library first)
from .curves import Curve, Hash, curves, digest, get_curve
from .errors import (
    ArgumentError, BufferTooSmall, CurveError, CurveMismatch, EncodingError, Error, FaultError, HashError,
    InfinityError, InvalidSignature, KeyTypeError, LengthError, NotSquareError, PointError,
    RandomError, RangeError, ScalarError, SignatureRangeError, UnsupportedError,
)
from .batch import BatchVerifier, batch_available, verify_batch
from .keys import (
    PrivateKey, PublicKey, ecdh_ephemeral, load_key, load_private_key, load_public_key,
    sig_der_to_p1363, sig_p1363_to_der,
)

try:
    from ._version import __version__
except ImportError:  # running from the source tree, not an installed package
    __version__ = "0+unknown"

__all__ = [
    "Curve", "Hash", "curves", "digest", "get_curve",
    "PrivateKey", "PublicKey", "ecdh_ephemeral", "load_key", "load_private_key",
    "load_public_key", "sig_der_to_p1363", "sig_p1363_to_der",
    "BatchVerifier", "batch_available", "verify_batch",
    "Error", "ArgumentError", "LengthError", "BufferTooSmall", "CurveError", "CurveMismatch",
    "RangeError", "PointError", "InfinityError", "ScalarError", "SignatureRangeError",
    "EncodingError", "InvalidSignature", "RandomError", "HashError", "NotSquareError",
    "UnsupportedError", "KeyTypeError", "FaultError", "__version__",
]
