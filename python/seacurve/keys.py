"""Keys, ECDSA and ECDH (pk.h), key files (encoding.h) and signature encodings.

Bytes in, bytes out.  Private keys live in a ctypes buffer that is overwritten with zeros when
the key is wiped (PrivateKey.wipe, the end of a ``with`` block, or garbage collection); so are
the library's temporary outputs that hold secrets (shared secrets before they are copied to the
returned bytes, encoded private-key files, parsed sc_key structs).  docs/python.md states what
Python itself may keep.
"""
import ctypes
import os
from typing import Dict, Literal, Optional, Tuple, Union

from . import _lib
from .curves import Curve, Hash, HashLike, _from_ptr, digest, get_curve
from .errors import KeyTypeError, check

SigEncoding = Literal["der", "p1363"]
PrivateFormat = Literal["sec1", "pkcs8"]
Params = Literal["named", "explicit"]
CurveLike = Union[str, Curve]

_FMT = {"spki": 1, "sec1": 2, "pkcs8": 3}
_PARAMS = {"named": 0, "explicit": 1}
_ENCODE_MAX = 4096  # larger than any key file of the library (explicit parameters, PEM)


def _bytes(x: Union[bytes, bytearray, memoryview]) -> bytes:
    return x if type(x) is bytes else bytes(x)


def _choice(table: Dict[str, int], value: Union[str, int], what: str) -> int:
    """A named option to its C value; an int goes to C unchanged, which is the authority."""
    if isinstance(value, int):
        return value
    try:
        return table[value]
    except KeyError:
        raise ValueError(f"{what} must be one of {', '.join(table)}, not {value!r}") from None


def sig_p1363_to_der(signature: bytes) -> bytes:
    """P1363 r || s (both halves of one length) to DER SEQUENCE { INTEGER r, INTEGER s }."""
    signature = _bytes(signature)
    b = _lib.out(len(signature) + 16)
    n = ctypes.c_size_t(ctypes.sizeof(b))
    check(_lib.sc_sig_p1363_to_der(b, ctypes.byref(n), signature, len(signature)),
          "P1363 to DER")
    return ctypes.string_at(b, n.value)


def sig_der_to_p1363(signature: bytes, curve: CurveLike) -> bytes:
    """Strict DER to P1363 r || s, each left-padded to the curve's order length."""
    c = get_curve(curve)
    signature = _bytes(signature)
    b = _lib.out(c.signature_size)
    check(_lib.sc_sig_der_to_p1363(b, c.signature_size, signature, len(signature)),
          "DER to P1363")
    return bytes(b)


def _to_p1363(signature: bytes, curve: Curve, encoding: Union[SigEncoding, str]) -> bytes:
    if encoding == "der":
        return sig_der_to_p1363(signature, curve)
    if encoding == "p1363":
        return _bytes(signature)
    raise ValueError(f"signature encoding must be 'der' or 'p1363', not {encoding!r}")


def _encode_key(k: "_lib.sc_key", fmt: str, pem: bool, params: Union[Params, str]) -> bytes:
    b = _lib.out(_ENCODE_MAX)
    n = ctypes.c_size_t(_ENCODE_MAX)
    try:
        rc = _lib.sc_key_encode_ex(b, ctypes.byref(n), ctypes.byref(k), _choice(_FMT, fmt, "format"),
                                   1 if pem else 0, _choice(_PARAMS, params, "params"))
        check(rc, f"encode {fmt} key")
        return ctypes.string_at(b, n.value)
    finally:
        _lib.wipe(b)


class PublicKey:
    """A validated public point on a curve (SEC1 encoding kept as given)."""

    __slots__ = ("curve", "_point")

    def __init__(self, curve: CurveLike, point: bytes) -> None:
        """point: SEC1 uncompressed (0x04 || X || Y) or compressed (0x02/0x03 || X); fully
        validated (sc_pub_validate)."""
        c = get_curve(curve)
        point = _bytes(point)
        check(_lib.sc_pub_validate(c._ptr, point, len(point)), "public key")
        self.curve: Curve = c
        self._point = point

    @classmethod
    def from_bytes(cls, curve: CurveLike, point: bytes) -> "PublicKey":
        return cls(curve, point)

    def to_bytes(self, compressed: bool = False) -> bytes:
        """The SEC1 point, uncompressed (default) or compressed (sc_pub_convert)."""
        b = _lib.out(self.curve.public_key_size)
        n = ctypes.c_size_t(ctypes.sizeof(b))
        check(_lib.sc_pub_convert(self.curve._ptr, b, ctypes.byref(n), 1 if compressed else 0,
                                  self._point, len(self._point)), "public key")
        return ctypes.string_at(b, n.value)

    def verify_digest(self, signature: bytes, digest: bytes,
                      encoding: SigEncoding = "der") -> None:
        """Check an ECDSA signature of a digest (truncated to the order's bit length as SEC1
        does).  Returns None if it verifies; raises InvalidSignature if not, SignatureRangeError
        if r or s is 0 or not below n, EncodingError (DER) or LengthError (P1363) if the
        signature is malformed or made on a larger curve."""
        sig = _to_p1363(signature, self.curve, encoding)
        digest = _bytes(digest)
        check(_lib.sc_ecdsa_verify(self.curve._ptr, sig, len(sig), digest,
                                   len(digest), self._point, len(self._point)),
              "verify")

    def verify(self, signature: bytes, message: bytes, hash: HashLike = Hash.SHA256,
               encoding: SigEncoding = "der") -> None:
        """verify_digest of hash(message) (sc_ecdsa_verify_msg)."""
        sig = _to_p1363(signature, self.curve, encoding)
        message = _bytes(message)
        check(_lib.sc_ecdsa_verify_msg(self.curve._ptr, sig, len(sig), int(hash),
                                       message, len(message), self._point,
                                       len(self._point)), "verify")

    def recovery_id(self, signature: bytes, message: bytes, hash: HashLike = Hash.SHA256,
                    encoding: SigEncoding = "der", prehashed: bool = False) -> int:
        """The recovery id (0 .. 3) of a valid signature on message (its digest when prehashed):
        bit 0 set when y(R) is odd, bit 1 when x(R) = r + n (sc_ecdsa_recid_var).  The signer
        sends it with the signature; verify_batch(..., randomized=True, recids=...) then lifts
        the right R.  Raises what verify raises for a signature that does not verify, and
        UnsupportedError on a binary curve."""
        sig = _to_p1363(signature, self.curve, encoding)
        d = _bytes(message) if prehashed else digest(hash, _bytes(message))
        rid = ctypes.c_uint8(0)
        check(_lib.sc_ecdsa_recid_var(self.curve._ptr, ctypes.byref(rid), sig, len(sig), d, len(d),
                                      self._point, len(self._point)), "recovery id")
        return int(rid.value)

    def _sc_key(self) -> "_lib.sc_key":
        k = _lib.sc_key()
        k.curve = self.curve._ptr
        k.has_pub = 1
        ctypes.memmove(k.pub, self._point, len(self._point))
        k.publen = len(self._point)
        return k

    def encode(self, format: str = "spki", pem: bool = True,
               params: Union[Params, str] = "named") -> bytes:
        """SubjectPublicKeyInfo in PEM ("PUBLIC KEY") or DER, byte for byte as OpenSSL writes it;
        a private-key format raises KeyTypeError (the library's answer)."""
        return _encode_key(self._sc_key(), format, pem, params)

    def to_pem(self, params: Union[Params, str] = "named") -> bytes:
        return self.encode("spki", True, params)

    def to_der(self, params: Union[Params, str] = "named") -> bytes:
        return self.encode("spki", False, params)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, PublicKey) and other.curve == self.curve
                and other.to_bytes() == self.to_bytes())

    def __hash__(self) -> int:
        return hash((self.curve.name, self.to_bytes()))

    def __repr__(self) -> str:
        return f"<seacurve.PublicKey {self.curve.name} {self.to_bytes(True).hex()}>"


class PrivateKey:
    """A private key d (1 <= d < n) on a curve, kept in a buffer wiped by wipe()."""

    __slots__ = ("curve", "_d", "_pub")

    def __init__(self, curve: CurveLike, d: bytes) -> None:
        """d: big-endian, exactly curve.private_key_size bytes (sc_priv_validate)."""
        c = get_curve(curve)
        self.curve: Curve = c
        self._d = (ctypes.c_uint8 * max(c.order_bytes, 1))()
        self._pub: Optional[PublicKey] = None
        d = _bytes(d)
        if len(d) == c.order_bytes:
            ctypes.memmove(self._d, d, len(d))
            rc = _lib.sc_priv_validate(c._ptr, self._d, len(d))
        else:
            rc = _lib.sc_priv_validate(c._ptr, d, len(d))
        if rc:
            _lib.wipe(self._d)
            check(rc, "private key")

    @classmethod
    def generate(cls, curve: CurveLike) -> "PrivateKey":
        """A new key, uniform in [1, n-1], by sc_keygen from the library's random source: the
        operating system's (getrandom on Linux) unless the process set another with sc_rng_set."""
        c = get_curve(curve)
        k = cls.__new__(cls)
        k.curve = c
        k._d = (ctypes.c_uint8 * c.order_bytes)()
        k._pub = None
        check(_lib.sc_keygen(c._ptr, k._d, c.order_bytes), "keygen")
        return k

    @classmethod
    def from_bytes(cls, curve: CurveLike, d: bytes) -> "PrivateKey":
        return cls(curve, d)

    def to_bytes(self) -> bytes:
        """d as curve.private_key_size big-endian bytes (an immutable copy: not wiped)."""
        return bytes(self._d)

    def public_key(self) -> PublicKey:
        """d*G (sc_pubkey), computed once and kept."""
        if self._pub is None:
            c = self.curve
            b = _lib.out(c.public_key_size)
            n = ctypes.c_size_t(ctypes.sizeof(b))
            check(_lib.sc_pubkey(c._ptr, b, ctypes.byref(n), 0, self._d, c.order_bytes),
                  "public key")
            pub = PublicKey.__new__(PublicKey)
            pub.curve = c
            pub._point = ctypes.string_at(b, n.value)
            self._pub = pub
        return self._pub

    def sign_digest(self, digest: bytes, hash: HashLike = Hash.SHA256, *, hedged: bool = False,
                    extra: Optional[bytes] = None, encoding: SigEncoding = "der") -> bytes:
        """ECDSA signature of a digest.  The nonce is RFC 6979 deterministic with HMAC-`hash`
        (name the hash that made the digest); hedged=True mixes 32 bytes of os.urandom into it
        (RFC 6979 3.6), or `extra` if given.  DER (default) or P1363 r || s."""
        c = self.curve
        digest = _bytes(digest)
        if extra is None and hedged:
            extra = os.urandom(32)
        ex = _bytes(extra) if extra is not None else b""
        b = _lib.out(c.signature_size)
        check(_lib.sc_ecdsa_sign(c._ptr, b, c.signature_size, digest, len(digest),
                                 int(hash), self._d, c.order_bytes, ex, len(ex)),
              "sign")
        sig = bytes(b)
        return sig_p1363_to_der(sig) if encoding == "der" else _checked_p1363(sig, encoding)

    def sign(self, message: bytes, hash: HashLike = Hash.SHA256, *, hedged: bool = False,
             extra: Optional[bytes] = None, encoding: SigEncoding = "der") -> bytes:
        """sign_digest(hash(message)), the hash computed by the library."""
        return self.sign_digest(digest(hash, message), hash, hedged=hedged, extra=extra,
                                encoding=encoding)

    def exchange(self, peer: Union[PublicKey, bytes], cofactor: bool = False) -> bytes:
        """ECDH: x(d*Q) (SEC1 3.3.1; sc_ecdh), or x(h*d*Q) with cofactor=True (SEC1 3.3.2;
        sc_ecdh_cofactor).  peer: a PublicKey of this curve or a SEC1 point, always fully
        validated by the library."""
        c = self.curve
        if isinstance(peer, PublicKey):
            if peer.curve != c:
                check(-5, f"ECDH: {c.name} key, {peer.curve.name} peer")
            q = peer._point
        else:
            q = _bytes(peer)
        f = _lib.sc_ecdh_cofactor if cofactor else _lib.sc_ecdh
        b = _lib.out(c.shared_secret_size)
        try:
            check(f(c._ptr, b, c.shared_secret_size, self._d, c.order_bytes,
                    q, len(q)), "ECDH")
            return bytes(b)
        finally:
            _lib.wipe(b)

    def _sc_key(self) -> "_lib.sc_key":
        k = self.public_key()._sc_key()
        k.has_priv = 1
        ctypes.memmove(k.priv, self._d, self.curve.order_bytes)
        return k

    def encode(self, format: Union[PrivateFormat, str] = "sec1", pem: bool = True,
               params: Union[Params, str] = "named") -> bytes:
        """The key file, byte for byte as OpenSSL writes it: "sec1" (ECPrivateKey, PEM label
        "EC PRIVATE KEY"), "pkcs8" ("PRIVATE KEY") or "spki" (the public part); PEM or DER;
        named-curve or explicit parameters (prime curves)."""
        k = self._sc_key()
        try:
            return _encode_key(k, format, pem, params)
        finally:
            _lib.sc_key_wipe(ctypes.byref(k))

    def to_pem(self, format: Union[PrivateFormat, str] = "sec1",
               params: Union[Params, str] = "named") -> bytes:
        return self.encode(format, True, params)

    def to_der(self, format: Union[PrivateFormat, str] = "sec1",
               params: Union[Params, str] = "named") -> bytes:
        return self.encode(format, False, params)

    def wipe(self) -> None:
        """Overwrite d with zeros; the key is unusable afterwards."""
        _lib.wipe(self._d)
        self._pub = None

    def __enter__(self) -> "PrivateKey":
        return self

    def __exit__(self, *exc: object) -> None:
        self.wipe()

    def __del__(self) -> None:
        d = getattr(self, "_d", None)
        if d is not None:
            _lib.wipe(d)

    def __repr__(self) -> str:
        return f"<seacurve.PrivateKey {self.curve.name}>"


def _checked_p1363(sig: bytes, encoding: str) -> bytes:
    if encoding != "p1363":
        raise ValueError(f"signature encoding must be 'der' or 'p1363', not {encoding!r}")
    return sig


def load_key(data: bytes) -> Union[PrivateKey, PublicKey]:
    """Parse a key file, DER or PEM, format detected (SPKI, SEC1, PKCS#8; named or explicit
    parameters) by sc_key_parse: a PrivateKey if it holds one, else a PublicKey."""
    data = _bytes(data)
    k = _lib.sc_key()
    try:
        check(_lib.sc_key_parse(ctypes.byref(k), data, len(data)), "key file")
        c = _from_ptr(k.curve)
        pub = PublicKey.__new__(PublicKey)
        pub.curve = c
        pub._point = bytes(k.pub[:k.publen])
        if not k.has_priv:
            return pub
        priv = PrivateKey.__new__(PrivateKey)
        priv.curve = c
        priv._d = (ctypes.c_uint8 * c.order_bytes)()
        ctypes.memmove(priv._d, k.priv, c.order_bytes)
        priv._pub = pub
        return priv
    finally:
        _lib.sc_key_wipe(ctypes.byref(k))


def load_private_key(data: bytes) -> PrivateKey:
    """load_key, KeyTypeError unless the file holds a private key."""
    k = load_key(data)
    if not isinstance(k, PrivateKey):
        raise KeyTypeError("key file: a public key where a private key is expected")
    return k


def load_public_key(data: bytes) -> PublicKey:
    """load_key's public part: an SPKI file, or the public point of a private-key file."""
    k = load_key(data)
    if isinstance(k, PrivateKey):
        pub = k.public_key()
        k.wipe()
        return pub
    return k


def ecdh_ephemeral(curve: CurveLike, peer: Union[PublicKey, bytes]) -> Tuple[PublicKey, bytes]:
    """Ephemeral ECDH (sc_ecdh_ephemeral): a fresh key from the library's random source, used
    once and wiped in C.  Returns (its public key to send, the shared secret)."""
    c = get_curve(curve)
    q = peer._point if isinstance(peer, PublicKey) else _bytes(peer)
    pb = _lib.out(c.public_key_size)
    n = ctypes.c_size_t(ctypes.sizeof(pb))
    sb = _lib.out(c.shared_secret_size)
    try:
        check(_lib.sc_ecdh_ephemeral(c._ptr, pb, ctypes.byref(n), sb, c.shared_secret_size,
                                     q, len(q)), "ephemeral ECDH")
        pub = PublicKey.__new__(PublicKey)
        pub.curve = c
        pub._point = ctypes.string_at(pb, n.value)
        return pub, bytes(sb)
    finally:
        _lib.wipe(sb)
