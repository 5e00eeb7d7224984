"""The curves of the library's table (curves.h: sc_curve_at, sc_curve_find) and the hashes."""
import ctypes
import enum
from typing import Any, List, Optional, Tuple, Union

from . import _lib
from .errors import CurveError, check


class Hash(enum.IntEnum):
    """sc_hash_alg (hash.h): the digests for hash-then-sign and for the RFC 6979 HMAC."""

    SHA1 = 1
    SHA224 = 2
    SHA256 = 3
    SHA384 = 4
    SHA512 = 5


HashLike = Union[Hash, int]


def digest(alg: HashLike, data: bytes) -> bytes:
    """alg(data) computed by the library (sc_hash)."""
    data = bytes(data)
    n = _lib.sc_hash_len(int(alg))
    b = _lib.out(n if n else 1)
    check(_lib.sc_hash(int(alg), b, data, len(data)), "hash")
    return ctypes.string_at(b, n)


def _oid_text(der: bytes) -> Optional[str]:
    """Dotted form of OID contents (X.690 8.19); None for a curve without an OID."""
    if not der:
        return None
    arcs, v = [], 0
    for byte in der:
        v = (v << 7) | (byte & 0x7F)
        if not byte & 0x80:
            arcs.append(v)
            v = 0
    first = min(arcs[0] // 40, 2)
    return ".".join(str(a) for a in [first, arcs[0] - 40 * first] + arcs[1:])


class Curve:
    """One named curve of the library's table.  Instances are shared: compare with ==."""

    name: str
    aliases: Tuple[str, ...]
    oid: Optional[str]
    field_bytes: int
    order_bytes: int
    order_bits: int
    cofactor: int
    binary: bool

    def __init__(self, ptr: Any) -> None:
        c = ptr.contents
        self._ptr = ptr
        self.name = c.name.decode("ascii")
        self.aliases = tuple(a.decode("ascii") for a in c.aliases if a is not None)
        self.oid = _oid_text(bytes(c.oid[:c.oid_len])) if c.oid_len else None
        self.field_bytes = c.flen
        self.order_bytes = c.nlen
        self.order_bits = c.nbits
        self.cofactor = c.h
        self.binary = not c.ep

    @property
    def private_key_size(self) -> int:
        return self.order_bytes

    @property
    def public_key_size(self) -> int:
        """Uncompressed SEC1 point: 0x04 || X || Y."""
        return 1 + 2 * self.field_bytes

    @property
    def compressed_public_key_size(self) -> int:
        return 1 + self.field_bytes

    @property
    def signature_size(self) -> int:
        """P1363 r || s."""
        return 2 * self.order_bytes

    @property
    def shared_secret_size(self) -> int:
        return self.field_bytes

    def __repr__(self) -> str:
        return f"<seacurve.Curve {self.name}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Curve) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


def _load_table() -> List[Curve]:
    out = []
    for i in range(_lib.sc_curve_count()):
        out.append(Curve(_lib.sc_curve_at(i)))
    return out


_CURVES = _load_table()
_BY_NAME = {c.name: c for c in _CURVES}


def curves() -> List[Curve]:
    """Every curve of the library, in its table's order (the prime curves first)."""
    return list(_CURVES)


def get_curve(name: Union[str, Curve]) -> Curve:
    """A curve by canonical name or alias, case-insensitive (sc_curve_find); CurveError if unknown."""
    if isinstance(name, Curve):
        return name
    p = _lib.sc_curve_find(name.encode("ascii", "replace"))
    if not p:
        raise CurveError(f"unknown curve {name!r}")
    return _from_ptr(p)


def _from_ptr(p: Any) -> Curve:
    return _BY_NAME[p.contents.name.decode("ascii")]


def _addr(c: Curve) -> int:
    return ctypes.addressof(c._ptr.contents)
