#!/usr/bin/env python3
"""Verify a dataset of signed readings (generate.py) on a Dask cluster (README.md).

Reads DATA/readings with dask.dataframe, partitioned by mote (every reading of a mote in one
partition, so the repeat-signer cache of the worker's seacurve.BatchVerifier holds the mote's key
after its second reading), verifies each partition with one BatchVerifier call, and writes
OUT/verdicts.parquet (every record), OUT/rejects.csv (the records rejected, with reasons) and
OUT/summary.json.  A bad record is a verdict, never an error.  Exit status: 0 if every record was
accepted, 1 if any was rejected, 3 if --truth found a verdict other than the expected one.
"""
import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from typing import Any, Dict, List, Tuple

import dask
import dask.dataframe as dd
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
from distributed import Client, LocalCluster, as_completed

from readings import ACCEPTED, FORGED, MALFORMED, VERDICTS_SCHEMA
from worker import verify_frame

HERE = os.path.dirname(os.path.abspath(__file__))

COLUMNS = ["seq", "curve", "pubkey", "message", "signature"]


def read_by_mote(path: str) -> Tuple[dd.DataFrame, bool]:
    """The readings as a Dask DataFrame indexed by mote id with every mote in one partition, and
    whether that took a shuffle (a sort on mote_id; none when each file holds whole motes, as
    generate.py writes them: the files' mote_id statistics then give the divisions)."""
    ddf = dd.read_parquet(path, columns=COLUMNS, index="mote_id", calculate_divisions=True)
    if ddf.known_divisions:
        return ddf, False
    ddf = dd.read_parquet(path, columns=["mote_id"] + COLUMNS)
    return ddf.set_index("mote_id"), True  # a sort by mote id across the workers


def crosscheck(path: str, verdicts: pd.DataFrame, sample: int, seed: int = 1) -> Dict[str, int]:
    """Verify a sample of the P-256 records with pyca cryptography (OpenSSL), an implementation
    independent of seacurve, and count the records where the two disagree on accept/reject.
    secp160r1 is not among cryptography's curves, so its records are not cross-checked."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

    t = pq.read_table(path, columns=["mote_id", "seq", "curve", "pubkey", "message", "signature"],
                      filters=[("curve", "in", ["P-256", "secp256r1", "prime256v1"])])
    df = t.to_pandas()
    if len(df) > sample:
        df = df.sample(n=sample, random_state=seed)
    ours = verdicts.set_index(["mote_id", "seq"])["verdict"]
    checked = disagree = 0
    for r in df.itertuples(index=False):
        sig = bytes(r.signature)
        try:
            if len(sig) != 64:
                raise ValueError("P1363 signature of P-256 is 64 bytes")
            key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), bytes(r.pubkey))
            der = encode_dss_signature(int.from_bytes(sig[:32], "big"),
                                       int.from_bytes(sig[32:], "big"))
            key.verify(der, bytes(r.message), ec.ECDSA(hashes.SHA256()))
            theirs = True
        except (InvalidSignature, ValueError):
            theirs = False
        checked += 1
        disagree += theirs != (ours.loc[(r.mote_id, r.seq)] == ACCEPTED)
    return {"checked": checked, "disagree": int(disagree)}


def compare_truth(truth_path: str, verdicts: pd.DataFrame) -> Dict[str, Any]:
    """Join the verdicts with the generator's ground truth on (mote_id, seq)."""
    truth = pq.read_table(truth_path).to_pandas()
    m = truth.merge(verdicts, on=["mote_id", "seq"], how="outer", suffixes=("_want", "_got"),
                    indicator=True)
    bad = m[(m["_merge"] != "both") | (m["verdict_want"] != m["verdict_got"])
            | (m["reason_want"] != m["reason_got"])]
    return {"records": len(truth), "mismatches": len(bad),
            "examples": bad.head(10)[["mote_id", "seq", "verdict_want", "reason_want",
                                      "verdict_got", "reason_got"]].astype(str)
            .to_dict("records")}


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", help="the dataset directory (generate.py --out)")
    ap.add_argument("--out", required=True, help="directory for verdicts, rejects and summary")
    ap.add_argument("--scheduler", help="address of a running dask scheduler (tcp://host:8786); "
                    "without it a LocalCluster is started")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                    help="LocalCluster worker processes (default: the CPUs)")
    ap.add_argument("--threads-per-worker", type=int, default=1, help="LocalCluster threads per "
                    "worker process")
    ap.add_argument("--batch-threads", type=int, default=1,
                    help="threads of each BatchVerifier (one per Dask worker thread)")
    ap.add_argument("--cache-mb", type=int, default=64,
                    help="repeat-signer cache of each BatchVerifier, MiB (0: none)")
    ap.add_argument("--truth", help="ground-truth directory to compare with (generate.py's truth/)")
    ap.add_argument("--crosscheck", type=int, default=0, metavar="N",
                    help="verify N P-256 records with pyca cryptography as well")
    args = ap.parse_args(argv)

    readings = os.path.join(args.data, "readings")
    os.makedirs(args.out, exist_ok=True)
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=args.threads_per_worker,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    tty = sys.stderr.isatty()
    try:
        for mod in ("readings.py", "worker.py"):  # the workers import them by name
            client.upload_file(os.path.join(HERE, mod))
        info = client.scheduler_info()["workers"]
        nworkers = len(info)
        nthreads = sorted({w.get("nthreads", 0) for w in info.values()})
        t0 = time.perf_counter()
        ddf, shuffled = read_by_mote(readings)
        parts = ddf.to_delayed()
        task = dask.delayed(verify_frame, pure=True)
        futures = client.compute([task(p, args.batch_threads, args.cache_mb) for p in parts])
        frames: List[pd.DataFrame] = []
        per_worker: Dict[str, Counter] = defaultdict(Counter)
        cache: Counter = Counter()
        done = total = 0
        for fut in as_completed(futures):
            frame, st = fut.result()
            fut.release()
            frames.append(frame)
            per_worker[st["worker"]]["readings"] += st["readings"]
            per_worker[st["worker"]]["seconds"] += st["seconds"]
            per_worker[st["worker"]]["cpu_s"] += st["cpu_s"]
            cache.update(st["cache"])
            done += 1
            total += st["readings"]
            rate = total / (time.perf_counter() - t0)
            line = f"verify: {done}/{len(futures)} partitions, {total:,} readings, {rate:,.0f}/s"
            print("\r" + line if tty else line, end="" if tty else "\n", file=sys.stderr,
                  flush=True)
        wall = time.perf_counter() - t0
        if tty:
            print(file=sys.stderr)
    finally:
        client.close()
        if not args.scheduler:
            cluster.close()

    verdicts = (pd.concat(frames, ignore_index=True) if frames
                else VERDICTS_SCHEMA.empty_table().to_pandas())
    verdicts = verdicts.sort_values(["mote_id", "seq"], ignore_index=True)
    pq.write_table(pa.Table.from_pandas(verdicts, schema=VERDICTS_SCHEMA, preserve_index=False),
                   os.path.join(args.out, "verdicts.parquet"))
    rejects = verdicts[verdicts["verdict"] != ACCEPTED]
    rejects.to_csv(os.path.join(args.out, "rejects.csv"), index=False)

    counts = verdicts["verdict"].value_counts().to_dict()
    reasons = rejects.groupby(["verdict", "reason"]).size()
    lookups = cache["hits"] + cache["misses"] + cache["bypass"]
    summary: Dict[str, Any] = {
        "readings": len(verdicts),
        "accepted": int(counts.get(ACCEPTED, 0)),
        "forged": int(counts.get(FORGED, 0)),
        "malformed": int(counts.get(MALFORMED, 0)),
        "reasons": {f"{v}/{r}": int(c) for (v, r), c in reasons.items()},
        "partitions": len(futures), "shuffled": shuffled,
        "workers": nworkers, "threads_per_worker": nthreads,
        "seconds": round(wall, 3), "readings_per_s": round(len(verdicts) / wall, 1),
        "per_worker": {w: {"readings": int(c["readings"]), "busy_s": round(c["seconds"], 3),
                           "readings_per_busy_s":
                               round(c["readings"] / max(c["seconds"], 1e-9), 1),
                           "cpu_s": round(c["cpu_s"], 3),
                           "readings_per_cpu_s":
                               round(c["readings"] / max(c["cpu_s"], 1e-9), 1)}
                       for w, c in sorted(per_worker.items())},
        "cache": dict(cache),
        "cache_hit_rate": round(cache["hits"] / lookups, 4) if lookups else None,
    }
    status = 0 if summary["accepted"] == summary["readings"] else 1
    if args.truth:
        summary["truth"] = compare_truth(args.truth, verdicts)
        if summary["truth"]["mismatches"]:
            status = 3
    if args.crosscheck:
        summary["crosscheck"] = crosscheck(readings, verdicts, args.crosscheck)
        if summary["crosscheck"]["disagree"]:
            status = 3
    with open(os.path.join(args.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1)
        f.write("\n")

    print(f"verified {summary['readings']:,} readings in {wall:.1f} s on {nworkers} workers x "
          f"{'/'.join(map(str, nthreads))} threads: {summary['readings_per_s']:,.0f} readings/s")
    for w, c in summary["per_worker"].items():
        print(f"  {w}: {c['readings']:,} readings, {c['readings_per_busy_s']:,.0f} per second "
              f"busy, {c['readings_per_cpu_s']:,.0f} per CPU second")
    print(f"accepted {summary['accepted']:,}, forged {summary['forged']:,}, "
          f"malformed {summary['malformed']:,}")
    for k, c in summary["reasons"].items():
        print(f"  {k}: {c:,}")
    print(f"repeat-signer cache: hit rate {summary['cache_hit_rate']} ({dict(cache)})")
    if "truth" in summary:
        print(f"ground truth: {summary['truth']['mismatches']} mismatches in "
              f"{summary['truth']['records']:,} records")
        for e in summary["truth"]["examples"]:
            print(f"  {e}")
    if "crosscheck" in summary:
        print(f"pyca cryptography on P-256: {summary['crosscheck']['checked']} records, "
              f"{summary['crosscheck']['disagree']} disagreements")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
