#!/usr/bin/env python3
"""Generate a dataset of signed sensor readings for the gateway example (README.md).

Writes OUT/readings/part-NNNNN.parquet (the records, schema readings.READINGS_SCHEMA),
OUT/truth/part-NNNNN.parquet (the expected verdict and reason of every record, joined on
(mote_id, seq)) and OUT/manifest.json (the parameters and counts).  Each file holds whole motes,
rows in (mote_id, seq) order, so a reader partitions by mote without a shuffle.

The output is a function of the arguments alone (--jobs aside): keys come from readings.mote_key,
signatures are RFC 6979 (deterministic), and every random choice of a mote comes from a generator
seeded with (seed, mote id).
"""
import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from typing import Dict, List, Tuple

import pyarrow as pa
import pyarrow.parquet as pq

import seacurve
from readings import (FORGED, MALFORMED, ACCEPTED, READINGS_SCHEMA, TRUTH_SCHEMA, message,
                      mote_key)

EPOCH_MS = 1767225600000  # 2026-01-01T00:00:00Z
PERIOD_MS = 60_000        # one reading a minute
UNKNOWN_CURVE = "secp999r1"

# The damage done to a forged record, each with its expected (verdict, reason).
FORGERIES = {
    "sig-bitflip": (FORGED, "bad-signature"),   # one of the low 64 bits of r or s flipped
    "msg-bitflip": (FORGED, "bad-signature"),   # one bit of the message flipped
    "other-key": (FORGED, "bad-signature"),     # signed by another mote of the same curve
}
# ... and to a malformed one.
MALFORMATIONS = {
    "sig-truncated": (MALFORMED, "wrong-length"),   # the last byte of the signature cut off
    "sig-zero-s": (MALFORMED, "signature-range"),   # s = 0
    "pubkey-off-curve": (MALFORMED, "bad-point"),   # uncompressed key, lowest bit of y flipped
    "pubkey-truncated": (MALFORMED, "wrong-length"),  # compressed key, last byte cut off
    "unknown-curve": (MALFORMED, "unknown-curve"),  # a curve name no library knows
}


def mote_curve(seed: int, mote_id: int, curves: List[str]) -> str:
    return curves[random.Random(f"{seed}:curve:{mote_id}").randrange(len(curves))]


def other_mote(seed: int, mote_id: int, motes: int, curves: List[str], rng: random.Random) -> int:
    """Another mote with the same curve as mote_id (mote_id itself if there is none)."""
    curve = mote_curve(seed, mote_id, curves)
    start = rng.randrange(motes)
    for i in range(motes):
        m = (start + i) % motes
        if m != mote_id and mote_curve(seed, m, curves) == curve:
            return m
    return mote_id


def damage(kind: str, rec: Dict, rng: random.Random, args: argparse.Namespace,
           pub: seacurve.PublicKey) -> None:
    sig = bytearray(rec["signature"])
    half = len(sig) // 2
    if kind == "sig-bitflip":
        # a bit of the low 8 bytes of r or s: the value stays in [1, n-1] unless it lay within
        # 2^64 of 0 or n (probability below 2^-95 on the curves here), so the record stays
        # well-formed and fails only the signature equation
        end = half if rng.random() < 0.5 else len(sig)
        bit = rng.randrange(64)
        sig[end - 1 - bit // 8] ^= 1 << (bit % 8)
        rec["signature"] = bytes(sig)
    elif kind == "msg-bitflip":
        msg = bytearray(rec["message"])
        bit = rng.randrange(8 * len(msg))
        msg[bit // 8] ^= 1 << (bit % 8)
        rec["message"] = bytes(msg)
    elif kind == "other-key":
        other = other_mote(args.seed, rec["mote_id"], args.motes, args.curve_list, rng)
        with mote_key(args.seed, other, rec["curve"]) as k:
            rec["signature"] = k.sign(rec["message"], encoding="p1363")
    elif kind == "sig-truncated":
        rec["signature"] = bytes(sig[:-1])
    elif kind == "sig-zero-s":
        rec["signature"] = bytes(sig[:half]) + bytes(len(sig) - half)
    elif kind == "pubkey-off-curve":
        point = bytearray(pub.to_bytes(compressed=False))
        point[-1] ^= 1  # (x, y^1) lies on the curve only if y^1 = p - y: one y in p
        rec["pubkey"] = bytes(point)
    elif kind == "pubkey-truncated":
        rec["pubkey"] = rec["pubkey"][:-1]
    elif kind == "unknown-curve":
        rec["curve"] = UNKNOWN_CURVE
    else:
        raise ValueError(kind)


def make_part(task: Tuple[int, int, int, argparse.Namespace]) -> Dict[str, int]:
    """Readings of motes [first, last) into part number `part`; returns the counts of damage."""
    part, first, last, args = task
    recs: List[Dict] = []
    truth: List[Dict] = []
    counts: Counter = Counter()
    forged, malformed = sorted(FORGERIES), sorted(MALFORMATIONS)
    for mote_id in range(first, last):
        per = args.readings // args.motes + (1 if mote_id < args.readings % args.motes else 0)
        rng = random.Random(f"{args.seed}:mote:{mote_id}")
        curve = mote_curve(args.seed, mote_id, args.curve_list)
        with mote_key(args.seed, mote_id, curve) as key:
            pub = key.public_key()
            point = pub.to_bytes(compressed=True)
            base = 20.0 + 10.0 * rng.random()
            offset = rng.randrange(PERIOD_MS)
            for seq in range(per):
                ts = EPOCH_MS + offset + seq * PERIOD_MS + rng.randrange(-500, 500)
                value = base + 3.0 * math.sin(seq / 240.0) + rng.gauss(0.0, 0.2)
                msg = message(mote_id, seq, ts, value)
                rec = {"mote_id": mote_id, "seq": seq, "ts": ts, "value": value, "curve": curve,
                       "pubkey": point, "message": msg,
                       "signature": key.sign(msg, encoding="p1363")}
                u = rng.random()
                kind = ""
                if u < args.forged_rate:
                    kind = forged[rng.randrange(len(forged))]
                    verdict, reason = FORGERIES[kind]
                elif u < args.forged_rate + args.malformed_rate:
                    kind = malformed[rng.randrange(len(malformed))]
                    verdict, reason = MALFORMATIONS[kind]
                else:
                    verdict, reason = ACCEPTED, "ok"
                if kind:
                    damage(kind, rec, rng, args, pub)
                counts[kind or "none"] += 1
                recs.append(rec)
                truth.append({"mote_id": mote_id, "seq": seq, "verdict": verdict,
                              "reason": reason, "damage": kind})
    name = f"part-{part:05d}.parquet"
    pq.write_table(pa.Table.from_pylist(recs, schema=READINGS_SCHEMA),
                   os.path.join(args.out, "readings", name))
    pq.write_table(pa.Table.from_pylist(truth, schema=TRUTH_SCHEMA),
                   os.path.join(args.out, "truth", name))
    return dict(counts)


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--readings", type=int, default=1_000_000, help="readings in all")
    ap.add_argument("--motes", type=int, default=1000, help="motes, one key each")
    ap.add_argument("--out", required=True, help="output directory (created)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--forged-rate", type=float, default=0.01,
                    help="fraction of records forged (bit flipped in signature or message, "
                    "signature from another mote's key)")
    ap.add_argument("--malformed-rate", type=float, default=0.005,
                    help="fraction of records malformed (truncated signature, s = 0, key off the "
                    "curve or truncated, unknown curve)")
    ap.add_argument("--curves", default="secp160r1,P-256",
                    help="comma-separated curves, one drawn per mote (default: %(default)s)")
    ap.add_argument("--files", type=int, default=0,
                    help="Parquet files, each with whole motes (default: one per 50,000 readings, "
                    "at least 4)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    args = ap.parse_args(argv)
    args.curve_list = [c.strip() for c in args.curves.split(",") if c.strip()]
    for c in args.curve_list:
        seacurve.get_curve(c)  # an unknown name stops here (CurveError)
    if args.motes < 1 or args.readings < args.motes:
        ap.error("need at least one mote and one reading per mote")
    if not (0 <= args.forged_rate and 0 <= args.malformed_rate
            and args.forged_rate + args.malformed_rate <= 1):
        ap.error("the rates must be fractions with a sum of at most 1")
    files = args.files or max(4, math.ceil(args.readings / 50_000))
    files = min(files, args.motes)
    for sub in ("readings", "truth"):
        os.makedirs(os.path.join(args.out, sub), exist_ok=True)
    bounds = [args.motes * i // files for i in range(files + 1)]
    tasks = [(i, bounds[i], bounds[i + 1], args) for i in range(files)]
    t0 = time.perf_counter()
    counts: Counter = Counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for i, c in enumerate(pool.imap_unordered(make_part, tasks), 1):
            counts.update(c)
            if sys.stderr.isatty():
                print(f"\rgenerate: {i}/{files} files", end="", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - t0
    if sys.stderr.isatty():
        print(file=sys.stderr)
    manifest = {
        "readings": args.readings, "motes": args.motes, "seed": args.seed,
        "curves": args.curve_list, "forged_rate": args.forged_rate,
        "malformed_rate": args.malformed_rate, "files": files, "jobs": args.jobs,
        "seconds": round(seconds, 2), "damage": dict(sorted(counts.items())),
    }
    with open(os.path.join(args.out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    print(f"generate: {args.readings} readings from {args.motes} motes in {files} files, "
          f"{seconds:.1f} s with {args.jobs} processes "
          f"({args.readings / seconds:,.0f} readings/s); damage: {dict(sorted(counts.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
