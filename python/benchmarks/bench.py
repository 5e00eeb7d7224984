"""Throughput of the Python package beside the C benchmark, and verification in threads.

    python benchmarks/bench.py [--curve secp256r1] [--cli build/w64/tools/seacurve/seacurve]
                               [--seconds 2] [--threads 1,2,4] [--rounds 3]

1. keygen, sign, verify and ECDH in ops/s from Python (one thread) and, with --cli, the same
   four rows of `seacurve bench --pk --quick --no-openssl --json` measured right after: the cost
   of the binding per call.
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
import subprocess
import threading
import time

import seacurve
from seacurve import Hash, PrivateKey, _lib


def rate(fn, seconds):
    n, t0 = 0, time.perf_counter()
    while True:
        for _ in range(10):
            fn()
        n += 10
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return n / dt


def python_rows(curve, seconds):
    k = PrivateKey.generate(curve)
    peer = PrivateKey.generate(curve).public_key().to_bytes()
    d = seacurve.digest(Hash.SHA256, b"benchmark")
    sig = k.sign_digest(d, encoding="p1363")
    pub = k.public_key()
    return {
        "keygen (priv+pub)": rate(lambda: PrivateKey.generate(curve).public_key(), seconds),
        "ecdsa sign": rate(lambda: k.sign_digest(d, encoding="p1363"), seconds),
        "ecdsa verify": rate(lambda: pub.verify_digest(sig, d, encoding="p1363"), seconds),
        "ecdh (+peer validation)": rate(lambda: k.exchange(peer), seconds),
    }


def c_rows(cli, curve):
    out = subprocess.run([cli, "bench", "--curve", curve, "--pk", "--quick", "--no-openssl",
                          "--json"], capture_output=True, text=True, check=True).stdout
    return {r["operation"]: r["seacurve"]["ops_per_s"] for r in json.loads(out)["results"]}


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
        for op, v in python_rows(c, a.seconds).items():
            py[op] = max(v, py.get(op, 0))
        for op, v in (c_rows(a.cli, c.name) if a.cli else {}).items():
            cc[op] = max(v, cc.get(op, 0))
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
