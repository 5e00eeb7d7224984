"""Throughput of the Python package beside the C benchmark, and verification in threads.

    python benchmarks/bench.py [--curve secp256r1] [--cli build/w64/tools/seacurve/seacurve]
                               [--rounds 3] [--threads 1,2,4] [--seconds 2]

1. keygen, sign, verify and ECDH in ops/s from Python (one thread), timed as the C benchmark
   times them (median of 7 batches, each as long as the C benchmark's), and, with --cli, the
   same four rows of
   `seacurve bench --pk --quick --no-openssl --json` measured right after: the cost of the
   binding per call.
2. The package's call beside the same C function called through bare ctypes: what the binding
   adds per call (the fastest of alternating batches of each).
3. ECDSA verifications per second with N threads, each verifying in a loop for --seconds:
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


def rate(fn, batch_s, reps=7):
    """Calls per second of fn as `seacurve bench` measures its operations: the median of `reps`
    timed batches, each of as many calls as take about batch_s seconds (on a loaded machine a
    batch longer than the C benchmark's would be preempted more often)."""
    t0 = time.perf_counter()
    for _ in range(5):
        fn()
    batch = max(1, round(batch_s / ((time.perf_counter() - t0) / 5)))
    rates = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(batch):
            fn()
        rates.append(batch / (time.perf_counter() - t0))
    return statistics.median(rates)


def python_rows(curve, batch_s):
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
    return {op: rate(fn, batch_s.get(op, 0.005)) for op, fn in ops.items()}


def c_rows(cli, curve):
    """ops/s and batch duration (s) of each row of the C benchmark."""
    out = subprocess.run([cli, "bench", "--curve", curve, "--pk", "--quick", "--no-openssl",
                          "--json"], capture_output=True, text=True, check=True).stdout
    rows = [(r["operation"], r["seacurve"]) for r in json.loads(out)["results"]]
    return ({op: m["ops_per_s"] for op, m in rows},
            {op: m["batch"] * m["ns_per_op"] * 1e-9 for op, m in rows})


def best_pair(f, g, seconds, batch=20):
    """The fastest batch of f and of g (microseconds per call), batches of the two alternating
    for `seconds`: the least disturbed by other processes, and disturbed alike."""
    bf = bg = float("inf")
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for fn, which in ((f, 0), (g, 1)):
            t0 = time.perf_counter()
            for _ in range(batch):
                fn()
            t = (time.perf_counter() - t0) / batch * 1e6
            if which == 0:
                bf = min(bf, t)
            else:
                bg = min(bg, t)
    return bf, bg


def overhead_rows(c, seconds):
    """The package's call beside the same C function called through bare ctypes (prototypes set,
    buffers allocated once): what the package adds per call."""
    k = PrivateKey.generate(c)
    d = seacurve.digest(Hash.SHA256, b"benchmark")
    sig = k.sign_digest(d, encoding="p1363")
    pub = k.public_key()
    point = pub.to_bytes()
    priv = (ctypes.c_uint8 * c.order_bytes).from_buffer_copy(k.to_bytes())
    out = (ctypes.c_uint8 * 256)()
    n = ctypes.c_size_t()
    nb = ctypes.byref(n)

    def raw_pubkey():
        n.value = 256
        _lib.sc_pubkey(c._ptr, out, nb, 0, priv, c.order_bytes)

    rows = {
        "public key (PrivateKey(d).public_key(); sc_pubkey)": (
            lambda: PrivateKey(c, k.to_bytes()).public_key(), raw_pubkey),
        "ecdsa sign (sc_ecdsa_sign)": (
            lambda: k.sign_digest(d, encoding="p1363"),
            lambda: _lib.sc_ecdsa_sign(c._ptr, out, c.signature_size, d, len(d), 3, priv,
                                       c.order_bytes, None, 0)),
        "ecdsa verify (sc_ecdsa_verify)": (
            lambda: pub.verify_digest(sig, d, encoding="p1363"),
            lambda: _lib.sc_ecdsa_verify(c._ptr, sig, len(sig), d, len(d), point, len(point))),
    }
    return {op: best_pair(f, g, seconds) for op, (f, g) in rows.items()}


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

    print("\n| operation | package, us/call | bare ctypes, us/call | added by the package |")
    print("|---|---:|---:|---:|")
    for op, (pk, raw) in overhead_rows(c, a.seconds * 2).items():
        print(f"| {op} | {pk:.1f} | {raw:.1f} | {pk - raw:.1f} us |")

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
