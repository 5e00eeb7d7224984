"""Throughput of the Python package beside the C benchmark, and verification in threads.

    python benchmarks/bench.py [--curve secp256r1] [--cli build/w64/tools/seacurve/seacurve]
                               [--rounds 3] [--threads 1,2,4] [--seconds 2]

1. keygen, sign, verify and ECDH in ops/s from Python (one thread), timed as the C benchmark
   times them (median of 7 batches of its batch sizes), and, with --cli, the same four rows of
   `seacurve bench --pk --quick --no-openssl --json` measured right after: the cost of the
   binding per call.
2. ECDSA verifications per second with N threads, each verifying in a loop for --seconds:
   through the package (ctypes.CDLL: the GIL is released in the C call), and through the same
   library loaded with ctypes.PyDLL, which keeps the GIL during the call (the serialised case).
Each figure is the best of --rounds runs, the two sides alternating, so that load from other
processes disturbs them alike.  Prints Markdown tables.  Timings depend on the machine and its
load: nothing here is asserted.
"""
import argparse
import ctypes
import json
import os
import statistics
import subprocess
import threading
import time

import seacurve
from seacurve import Hash, PrivateKey, _lib


def rate(fn, batch, reps=7):
    """Calls per second of fn as `seacurve bench` measures its operations: the median of `reps`
    timed batches of `batch` calls."""
    rates = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(batch):
            fn()
        rates.append(batch / (time.perf_counter() - t0))
    return statistics.median(rates)


# batch sizes of `seacurve bench --quick` on secp256r1 (each batch a few milliseconds); with
# --cli, those the C benchmark chose for the curve
BATCH = {"keygen (priv+pub)": 400, "ecdsa sign": 200, "ecdsa verify": 49,
         "ecdh (+peer validation)": 55}


def python_rows(curve, batch):
    k = PrivateKey.generate(curve)
    peer = PrivateKey.generate(curve).public_key().to_bytes()
    d = seacurve.digest(Hash.SHA256, b"benchmark")
    sig = k.sign_digest(d, encoding="p1363")
    pub = k.public_key()
    ops = {
        "keygen (priv+pub)": lambda: PrivateKey.generate(curve).public_key(),
        "ecdsa sign": lambda: k.sign_digest(d, encoding="p1363"),
        "ecdsa verify": lambda: pub.verify_digest(sig, d, encoding="p1363"),
        "ecdh (+peer validation)": lambda: k.exchange(peer),
    }
    return {op: rate(fn, batch.get(op, BATCH[op])) for op, fn in ops.items()}


def c_rows(cli, curve):
    """ops/s and batch size of each row of the C benchmark."""
    out = subprocess.run([cli, "bench", "--curve", curve, "--pk", "--quick", "--no-openssl",
                          "--json"], capture_output=True, text=True, check=True).stdout
    rows = json.loads(out)["results"]
    return ({r["operation"]: r["seacurve"]["ops_per_s"] for r in rows},
            {r["operation"]: r["seacurve"]["batch"] for r in rows})


def threaded_verify(verify_once, threads, seconds):
    """Verifications per second of `threads` threads verifying in a loop for `seconds`."""
    counts = [0] * threads
    stop = threading.Event()

    def work(i):
        n = 0
        while not stop.is_set():
            verify_once()
            n += 1
        counts[i] = n

    ts = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    t0 = time.perf_counter()
    for t in ts:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in ts:
        t.join()
    return sum(counts) / (time.perf_counter() - t0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--curve", default="secp256r1")
    ap.add_argument("--cli")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--threads", default="1,2,4")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    c = seacurve.get_curve(a.curve)
    print(f"seacurve {seacurve.__version__}, {c.name}, {os.cpu_count()} CPUs\n")

    py, cc = {}, {}
    for _ in range(a.rounds):  # alternating, the best of each: the least disturbed by other load
        rates, batch = c_rows(a.cli, c.name) if a.cli else ({}, {})
        for op, v in rates.items():
            cc[op] = max(v, cc.get(op, 0))
        for op, v in python_rows(c, batch).items():
            py[op] = max(v, py.get(op, 0))
    print("| operation | Python ops/s | C ops/s (`seacurve bench`) | Python / C |")
    print("|---|---:|---:|---:|")
    for op, v in py.items():
        cv = cc.get(op)
        ratio = f"{v / cv:.2f}" if cv else "-"
        print(f"| {op} | {v:,.0f} | {f'{cv:,.0f}' if cv else '-'} | {ratio} |")

    k = PrivateKey.generate(c)
    d = seacurve.digest(Hash.SHA256, b"benchmark")
    sig = k.sign_digest(d, encoding="p1363")
    point = k.public_key().to_bytes()
    pub = k.public_key()

    # the same library through PyDLL: identical call, the GIL held throughout
    pylib = ctypes.PyDLL(_lib.LIBRARY_PATH)
    held = pylib.sc_ecdsa_verify
    held.restype = ctypes.c_int
    held.argtypes = _lib.sc_ecdsa_verify.argtypes
    args = (c._ptr, sig, len(sig), d, len(d), point, len(point))
    assert held(*args) == 0

    free_v = lambda: pub.verify_digest(sig, d, encoding="p1363")  # noqa: E731
    held_v = lambda: held(*args)  # noqa: E731
    print("\n| threads | verify/s, CDLL (GIL released) | verify/s, PyDLL (GIL held) |")
    print("|---:|---:|---:|")
    for n in (int(x) for x in a.threads.split(",")):
        free = max(threaded_verify(free_v, n, a.seconds) for _ in range(a.rounds))
        locked = max(threaded_verify(held_v, n, a.seconds) for _ in range(a.rounds))
        print(f"| {n} | {free:,.0f} | {locked:,.0f} |")


if __name__ == "__main__":
    main()
