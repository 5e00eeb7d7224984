"""Batch verification on every core: seacurve.verify_batch and seacurve.BatchVerifier.

A binding of include/seacurve/batch.h (docs/batch.md): the worker pool and the repeat-signer
cache live in C; one call verifies the whole batch with the GIL released, and returns one
verdict per item: None for a valid signature, else the exception the single verification
(PublicKey.verify) would raise, as a value, never raised.  A bad item never stops the batch.
randomized=True verifies with sc_batch_verify_rbv (one equation per group of signatures,
optional recovery ids): the same verdicts, by another method.
"""
import ctypes
from ctypes import POINTER, Structure, c_int, c_size_t, c_uint, c_uint8, c_uint64, c_void_p
from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

from . import _lib
from .curves import Curve, Hash, HashLike, get_curve
from .errors import ERRORS, Error, describe
from .keys import PublicKey

__all__ = ["BatchVerifier", "verify_batch", "batch_available"]


class _Item(Structure):
    _fields_ = [("curve", _lib.curvep), ("pub", c_void_p), ("publen", c_size_t),
                ("data", c_void_p), ("datalen", c_size_t), ("alg", c_int),
                ("sig", c_void_p), ("siglen", c_size_t)]


class _Stats(Structure):
    _fields_ = [("hits", c_uint64), ("misses", c_uint64), ("builds", c_uint64),
                ("evictions", c_uint64), ("bypass", c_uint64), ("slots", c_size_t),
                ("slot_bytes", c_size_t), ("bytes", c_size_t)]


class _RbvStats(Structure):
    _fields_ = [("groups", c_uint64), ("groups_failed", c_uint64), ("candidates", c_uint64),
                ("sqrts", c_uint64), ("singles", c_uint64)]


RECID_NONE = 0xFF  # SC_BATCH_RECID_NONE


def batch_available() -> bool:
    """True when the library was built with its batch layer (CMake option SC_BATCH)."""
    return hasattr(_lib.lib, "sc_batch_verify")


if batch_available():
    _pool_new = _lib._proto("sc_batch_pool_new", c_int, POINTER(c_void_p), c_uint)
    _pool_free = _lib._proto("sc_batch_pool_free", None, c_void_p)
    _pool_threads = _lib._proto("sc_batch_pool_threads", c_uint, c_void_p)
    _cache_new = _lib._proto("sc_batch_cache_new", c_int, POINTER(c_void_p), c_size_t)
    _cache_free = _lib._proto("sc_batch_cache_free", None, c_void_p)
    _cache_stats = _lib._proto("sc_batch_cache_get_stats", None, c_void_p, POINTER(_Stats))
    _verify = _lib._proto("sc_batch_verify", c_int, c_void_p, c_void_p, POINTER(c_int),
                          POINTER(_Item), c_size_t)
    _verify_rbv = _lib._proto("sc_batch_verify_rbv", c_int, c_void_p, POINTER(c_int), POINTER(_Item),
                              POINTER(c_uint8), c_size_t, POINTER(_RbvStats))

# An item: (public key, signature, message).  The key is a PublicKey, or (curve, SEC1 bytes):
# the tuple form is not validated here, so a bad key becomes that item's verdict.
KeyLike = Union[PublicKey, Tuple[Union[Curve, str], bytes]]
ItemLike = Tuple[KeyLike, bytes, bytes]
Verdict = Optional[Error]


def _verdict(code: int) -> Verdict:
    if code == 0:
        return None
    return ERRORS.get(code, Error)(describe(code), code=code)


class BatchVerifier:
    """A worker pool (threads: 0 = every online CPU) and a repeat-signer cache of cache_mb MiB
    (0: none), kept across calls.  Close it (or use it as a context manager) to stop its
    threads and free the cache."""

    def __init__(self, threads: int = 0, cache_mb: int = 64) -> None:
        if not batch_available():
            raise Error("this seacurve library was built without its batch layer (SC_BATCH=OFF)")
        if threads < 0 or cache_mb < 0:
            raise ValueError("threads and cache_mb must be >= 0")
        self._pool = c_void_p()
        self._cache = c_void_p()
        self._rbv = {name: 0 for name, _ in _RbvStats._fields_}
        rc = _pool_new(ctypes.byref(self._pool), threads)
        if rc != 0:
            raise ERRORS.get(rc, Error)(f"worker pool: {describe(rc)}", code=rc)
        if cache_mb:
            rc = _cache_new(ctypes.byref(self._cache), cache_mb << 20)
            if rc != 0:
                _pool_free(self._pool)
                self._pool = c_void_p()
                raise ERRORS.get(rc, Error)(f"cache of {cache_mb} MiB: {describe(rc)}", code=rc)

    @property
    def threads(self) -> int:
        return int(_pool_threads(self._pool))

    def cache_stats(self) -> dict:
        """The cache's counters: hits, misses, builds, evictions, bypass, slots, slot_bytes,
        bytes (all zero without a cache)."""
        st = _Stats()
        _cache_stats(self._cache, ctypes.byref(st))
        return {name: int(getattr(st, name)) for name, _ in _Stats._fields_}

    def rbv_stats(self) -> dict:
        """What the randomized calls did since creation (sc_batch_rbv_stats, summed): groups
        (equations), groups_failed, candidates (sign patterns tried), sqrts, singles (items
        given the single verification)."""
        return dict(self._rbv)

    def verify(self, items: Iterable[ItemLike], hash: HashLike = Hash.SHA256,
               encoding: str = "der", prehashed: bool = False, randomized: bool = False,
               recids: Optional[Sequence[Optional[int]]] = None) -> List[Verdict]:
        """One verdict per (key, signature, message) item, in order: None if the signature
        verifies, else the exception PublicKey.verify would raise (InvalidSignature,
        SignatureRangeError, PointError, EncodingError ...).  encoding: "der" or "p1363";
        prehashed: the messages are digests (PublicKey.verify_digest).  randomized: verify
        with sc_batch_verify_rbv instead (the cache is not used), the same verdicts; recids: one
        recovery id per item (PublicKey.recovery_id: 0 .. 3, or None where unknown), used
        only when randomized; a wrong id costs time, never a verdict."""
        if encoding not in ("der", "p1363"):
            raise ValueError(f"signature encoding must be 'der' or 'p1363', not {encoding!r}")
        if not self._pool:
            raise Error("this BatchVerifier is closed")
        items = list(items)
        n = len(items)
        if recids is not None:
            recids = list(recids)
            if len(recids) != n:
                raise ValueError(f"{len(recids)} recovery ids for {n} items")
            if any(r is not None and (not isinstance(r, int) or not 0 <= r <= 3) for r in recids):
                raise ValueError("a recovery id is 0, 1, 2, 3 or None")
        arr = (_Item * max(n, 1))()
        codes = (c_int * max(n, 1))()
        pre: List[Verdict] = [None] * n
        keep: List[Any] = []               # the bytes the items point into
        alg = 0 if prehashed else int(hash)
        for i, (key, sig, msg) in enumerate(items):
            try:
                if isinstance(key, PublicKey):
                    curve, point = key.curve, key._point
                else:
                    curve, point = get_curve(key[0]), bytes(key[1])
                sig = bytes(sig)
                if encoding == "der":
                    b = _lib.out(curve.signature_size)
                    rc = _lib.sc_sig_der_to_p1363(b, curve.signature_size, sig, len(sig))
                    if rc != 0:
                        pre[i] = _verdict(rc)
                        continue
                    sig = bytes(b)
                msg = bytes(msg)
            except Error as e:               # an unknown curve
                pre[i] = e
                continue
            keep.extend((point, sig, msg))
            arr[i] = _Item(curve._ptr, ctypes.cast(ctypes.c_char_p(point), c_void_p), len(point),
                           ctypes.cast(ctypes.c_char_p(msg), c_void_p), len(msg), alg,
                           ctypes.cast(ctypes.c_char_p(sig), c_void_p), len(sig))
        todo = [i for i in range(n) if pre[i] is None]
        if todo:
            # the pre-failed items are left out: verify the others as one contiguous batch
            sub = (_Item * len(todo))(*(arr[i] for i in todo))
            sub_codes = (c_int * len(todo))()
            if randomized:
                ids = None
                if recids is not None:
                    ids = (c_uint8 * len(todo))(*(RECID_NONE if recids[i] is None else recids[i]
                                                  for i in todo))
                st = _RbvStats()
                _verify_rbv(self._pool, sub_codes, sub, ids, len(todo), ctypes.byref(st))
                for name, _ in _RbvStats._fields_:
                    self._rbv[name] += int(getattr(st, name))
            else:
                _verify(self._pool, self._cache, sub_codes, sub, len(todo))
            for j, i in enumerate(todo):
                codes[i] = sub_codes[j]
        del keep
        return [pre[i] if pre[i] is not None else _verdict(codes[i]) for i in range(n)]

    def close(self) -> None:
        if self._cache:
            _cache_free(self._cache)
            self._cache = c_void_p()
        if self._pool:
            _pool_free(self._pool)
            self._pool = c_void_p()

    def __enter__(self) -> "BatchVerifier":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


def verify_batch(items: Iterable[ItemLike], hash: HashLike = Hash.SHA256, encoding: str = "der",
                 prehashed: bool = False, threads: int = 0, cache_mb: int = 64,
                 randomized: bool = False,
                 recids: Optional[Sequence[Optional[int]]] = None) -> List[Verdict]:
    """BatchVerifier(threads, cache_mb).verify(items, hash, encoding, prehashed, randomized,
    recids), closed after the call: one verdict per item, None for a valid signature, else the
    exception (a value)."""
    with BatchVerifier(threads, 0 if randomized else cache_mb) as v:
        return v.verify(items, hash=hash, encoding=encoding, prehashed=prehashed,
                        randomized=randomized, recids=recids)
