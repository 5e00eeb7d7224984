"""The worker side of verify.py: verify one partition of readings on a Dask worker.

A module of its own (shipped to the workers with Client.upload_file beside readings.py) so that
the workers import it by name and keep one seacurve.BatchVerifier per worker thread, with its
repeat-signer cache, across the partitions they are given.
"""
import threading
import time
from typing import Any, Dict, List, Optional, Tuple

import pandas as pd
from distributed import get_worker

import seacurve
from readings import MALFORMED, classify

_local = threading.local()  # one BatchVerifier per worker thread, kept across partitions


def _verifier(threads: int, cache_mb: int) -> seacurve.BatchVerifier:
    v = getattr(_local, "verifier", None)
    if v is None:
        v = _local.verifier = seacurve.BatchVerifier(threads=threads, cache_mb=cache_mb)
    return v


def _bytes_or_none(x: Any) -> Optional[bytes]:
    return bytes(x) if isinstance(x, (bytes, bytearray, memoryview)) else None


def verify_frame(df: pd.DataFrame, threads: int = 1,
                 cache_mb: int = 64) -> Tuple[pd.DataFrame, Dict[str, Any]]:
    """The verdicts of one partition (columns mote_id, seq, curve, verdict, reason, detail) and
    its statistics (worker, readings, seconds of wall and of the process's CPU time, the cache
    counters' increase).  The CPU time is the whole worker process's, so it is the partition's
    own only on a worker with one thread."""
    t0, c0 = time.perf_counter(), time.process_time()
    mote = df.index.to_numpy() if df.index.name == "mote_id" else df["mote_id"].to_numpy()
    curves = [c if isinstance(c, str) else None for c in df["curve"].tolist()]
    pubs = [_bytes_or_none(x) for x in df["pubkey"].tolist()]
    msgs = [_bytes_or_none(x) for x in df["message"].tolist()]
    sigs = [_bytes_or_none(x) for x in df["signature"].tolist()]
    n = len(curves)
    verdicts: List[Tuple[str, str, str]] = [("", "", "")] * n
    todo = []
    for i in range(n):
        if curves[i] is None or pubs[i] is None or msgs[i] is None or sigs[i] is None:
            verdicts[i] = (MALFORMED, "missing-field", "a field of the record is empty")
        else:
            todo.append(i)
    v = _verifier(threads, cache_mb)
    before = v.cache_stats()
    items = [((curves[i], pubs[i]), sigs[i], msgs[i]) for i in todo]
    try:
        results = v.verify(items, encoding="p1363")
    except Exception:  # not expected of a bad record (it is a verdict): one item at a time
        results = []
        for item in items:
            try:
                results.append(v.verify([item], encoding="p1363")[0])
            except Exception as e:
                results.append(e)
    for i, err in zip(todo, results):
        verdict, reason = classify(err)
        verdicts[i] = (verdict, reason, "" if err is None else str(err))
    after = v.cache_stats()
    out = pd.DataFrame({
        "mote_id": pd.Series(mote, dtype="int32"),
        "seq": pd.Series(df["seq"].to_numpy(), dtype="int32"),
        "curve": pd.Series([c if c is not None else "" for c in curves], dtype=object),
        "verdict": pd.Series([x[0] for x in verdicts], dtype=object),
        "reason": pd.Series([x[1] for x in verdicts], dtype=object),
        "detail": pd.Series([x[2] for x in verdicts], dtype=object),
    })
    try:
        worker = get_worker().address
    except ValueError:  # not on a Dask worker
        worker = "local"
    stats = {"worker": worker, "readings": n, "seconds": time.perf_counter() - t0,
             "cpu_s": time.process_time() - c0,
             "cache": {k: after[k] - before[k] for k in ("hits", "misses", "builds", "evictions",
                                                        "bypass")}}
    return out, stats
