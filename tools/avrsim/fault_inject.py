#!/usr/bin/env python3
"""fault_inject.py: fault injection into ECDSA signing on the AVR (ctest fw_fault_inject;
docs/testing.md "Fault injection", docs/security.md "Fault attacks").

Runs firmware/fault_sign.c's two images under sc-avrsim --flip, one bit flipped per run:

  fault_sign_on   SC_FAULT_CHECKS=2: every run must end with the correct signature (the
                  flip did nothing), or an error with the signature buffer zeroed, or no
                  output at all (the flip crashed or hung the mote), or one of two harmless
                  outcomes counted apart: "cut short" (the correct signature with some bytes
                  left as the buffer's zeros: a fault in the copy after the check), "moved"
                  (the correct signature written some bytes before or after the buffer's
                  start: a flip of the saved destination pointer) and "next nonce" (a valid
                  signature with one of RFC 6979's following nonces: a fault in the retry
                  counter, which gives an independent nonce); never another signature.
  fault_sign_off  SC_FAULT_CHECKS=0, the negative control: the same flips must let faulty
                  signatures out (at least --min-escaped of them), which shows that the
                  injection reaches the computation.

Each run flips one bit of a register (R0..R31, or a flag of SREG), of a stack byte (the
deepest stack the clean run of the image reached) or of the key, digest and signature
buffers, at a cycle drawn uniformly from the signature's computation before its check:
[0, T) cycles after region 1 starts, T = the cycles of the unchecked signature (the clean
run of fault_sign_off). The expected signature is computed here with Python integers
(RFC 6979 on hmac, tools/vectors/gen_fw_kat.py; curve arithmetic of tools/gen_gtab.py),
independent of seacurve. A flip of the key or digest buffer before signing has read them
changes the input, not the computation: a signature that is the correct one for the
flipped key or digest is counted apart ("input flipped"; docs/security.md says why the
key's case is outside what the check can see).

    fault_inject.py --sim SC-AVRSIM --on fault_sign_on.elf --off fault_sign_off.elf
                    [--runs-on N] [--runs-off M] [--jobs 2] [--min-escaped K] [--json OUT]

The seed of the draws is SC_TEST_SEED when set, else fresh; it is printed first, and the
same seed repeats the same runs. Exit status 0 when no faulty signature left the checked
image and the control let at least K out.
"""
import argparse
import concurrent.futures
import hashlib
import hmac
import json
import os
import random
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "vectors"))
from gen_curves import read_params  # noqa: E402
from gen_gtab import Curve  # noqa: E402
from gen_fw_kat import rfc6979_k, bits2int  # noqa: E402

SC_ERR_FAULT = 18          # -SC_ERR_FAULT, as the image prints it


def sign(cv, d, digest):
    """RFC 6979 ECDSA with SHA-256 digest bytes, r || s; None for a key outside [1, n-1]."""
    n = cv.n
    if not 1 <= d < n:
        return None
    nlen = (n.bit_length() + 7) // 8
    k = rfc6979_k(d, digest, n, "sha256")
    r = cv.mul(k, cv.g)[0] % n
    s = pow(k, -1, n) * (bits2int(digest, n) + r * d) % n
    return r.to_bytes(nlen, "big") + s.to_bytes(nlen, "big")


def rfc6979_nonces(d, digest, n, count):
    """The first `count` nonces of RFC 6979 section 3.2 (HMAC-SHA-256) that are in [1, n-1]: the
    one a signature uses, then those it would draw after r = 0 or s = 0."""
    mac = lambda key, data: hmac.new(key, data, hashlib.sha256).digest()
    rlen = (n.bit_length() + 7) // 8
    x, h1 = d.to_bytes(rlen, "big"), (bits2int(digest, n) % n).to_bytes(rlen, "big")
    v, k = b"\x01" * 32, b"\x00" * 32
    k = mac(k, v + b"\x00" + x + h1)
    v = mac(k, v)
    k = mac(k, v + b"\x01" + x + h1)
    v = mac(k, v)
    out = []
    while len(out) < count:
        t = b""
        while len(t) < rlen:
            v = mac(k, v)
            t += v
        c = bits2int(t, n)
        if 1 <= c < n:
            out.append(c)
        k = mac(k, v + b"\x00")
        v = mac(k, v)
    return out


def run(sim, elf, flip=None, max_cycles=0):
    cmd = [sim, "--json", "--timeout", "120"]
    if max_cycles:
        cmd += ["--max-cycles", str(max_cycles)]
    if flip:
        cmd += ["--flip", flip]
    p = subprocess.run(cmd + [elf], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        js = json.loads(p.stdout)
    except ValueError:
        js = {"console": "", "regions": [], "exit": p.returncode}
    return js


def parse(console):
    """The image's buffers {name: (addr, bytes)} and its results [(code, sig bytes)]."""
    bufs, results = {}, []
    for line in console.splitlines():
        w = line.split()
        if len(w) == 4 and w[0] in ("key", "digest", "sig"):
            bufs[w[0]] = (int(w[1], 16), bytes.fromhex(w[3]))
        elif len(w) == 3 and w[0] == "rc":
            try:
                results.append((int(w[1]), bytes.fromhex(w[2])))
            except ValueError:
                results.append((-1, b""))
    return bufs, results


def clean(sim, elf, cv):
    js = run(sim, elf)
    bufs, res = parse(js["console"])
    if js["exit"] != 0 or len(res) != 1 or not {"key", "digest", "sig"} <= set(bufs):
        raise SystemExit("fault_inject: clean run of %s failed: %s" % (elf, js.get("error", js["exit"])))
    d = int.from_bytes(bufs["key"][1], "big")
    want = sign(cv, d, bufs["digest"][1])
    if res[0] != (0, want):
        raise SystemExit("fault_inject: clean run of %s: signature %s, expected %s"
                         % (elf, res[0][1].hex(), want.hex()))
    reg = [r for r in js["regions"] if r["id"] == 1]
    return {"bufs": bufs, "want": want, "cycles": reg[0]["cycles"], "stack": js["stack"],
            "ramend": js["ramend"], "d": d}


def draw(rng, info, window):
    """One flip: (kind, what, input-buffer name or None)."""
    bit = rng.randrange(8)
    at = rng.randrange(window)
    u = rng.random()
    if u < 0.40:
        what, kind, buf = "reg:R%d" % rng.randrange(32), "register", None
    elif u < 0.45:
        what, kind, buf = "reg:SREG", "SREG", None
    elif u < 0.80:
        addr = info["ramend"] - rng.randrange(info["stack"] + 1)
        what, kind, buf = "mem:0x%04x" % addr, "stack", None
    else:
        buf = rng.choice(["key", "digest", "sig"])
        base, content = info["bufs"][buf]
        off = rng.randrange(len(content))
        what, kind = "mem:0x%04x" % (base + off), buf
        buf = (buf, off, bit)
    return kind, "%s:%d@r1+%d" % (what, bit, at), buf


def benign(sig, info, cv):
    """What a signature other than the expected one is, when it is harmless: "cut short" (every
    byte the expected one's or the buffer's initial zero: a fault in the copy after the check),
    "moved" (the expected one shifted by j bytes, the rest the buffer's zeros: the copy went to a
    flipped destination pointer, so every byte released is the correct signature's), "next nonce"
    (valid, with one of RFC 6979's following nonces: a fault in the retry counter, an independent
    nonce); else None."""
    want = info["want"]
    if all(a == b or a == 0 for a, b in zip(sig, want)):
        return "cut short"
    for j in range(1, len(want)):
        if sig in (bytes(j) + want[:-j], want[j:] + bytes(j)):
            return "moved"
    n, nl = cv.n, len(want) // 2
    r, s = int.from_bytes(sig[:nl], "big"), int.from_bytes(sig[nl:], "big")
    if not (1 <= r < n and 1 <= s < n):
        return None
    dig = info["bufs"]["digest"][1]
    k = pow(s, -1, n) * (bits2int(dig, n) % n + r * info["d"]) % n
    if cv.mul(k, cv.g)[0] % n == r and k in rfc6979_nonces(info["d"], dig, n, 4)[1:]:
        return "next nonce"
    return None


def classify(js, info, cv, buf):
    """correct | detected | error | input flipped | cut short | moved | next nonce | no output |
    faulty | not applied"""
    flips = js.get("flips") or [{"cycle": -1}]
    if flips[0]["cycle"] < 0:
        return "not applied"
    _, res = parse(js["console"])
    if not res:
        return "no output"
    outcome = []
    for code, sig in res:
        if code == 0 and sig == info["want"]:
            outcome.append("correct")
        elif code != 0 and code != -1 and not any(sig):
            outcome.append("detected" if code == SC_ERR_FAULT else "error")
        elif code == 0 and benign(sig, info, cv):
            outcome.append(benign(sig, info, cv))
        elif code == 0 and buf and buf[0] in ("key", "digest"):
            name, off, bit = buf
            flipped = bytearray(info["bufs"][name][1])
            flipped[off] ^= 1 << bit
            d, dig = info["d"], info["bufs"]["digest"][1]
            if name == "key":
                d = int.from_bytes(flipped, "big")
            else:
                dig = bytes(flipped)
            outcome.append("input flipped" if sig == sign(cv, d, dig) else "faulty")
        else:
            outcome.append("faulty")
    for o in ("faulty", "input flipped", "next nonce", "moved", "cut short", "error", "detected", "correct"):
        if o in outcome:
            return o
    return "no output"


def campaign(args, elf, info, window, runs, rng, cv):
    draws = [draw(rng, info, window) for _ in range(runs)]
    counts, faulty = {}, []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(run, args.sim, elf, f, 3 * info["cycles"] + 1000000) for _, f, _ in draws]
        for (kind, flip, buf), fu in zip(draws, futs):
            o = classify(fu.result(), info, cv, buf)
            counts.setdefault(o, {}).setdefault(kind, 0)
            counts[o][kind] += 1
            if o in ("faulty", "not applied"):
                faulty.append(flip)
    return counts, faulty


def show(name, runs, counts):
    print("%s: %d runs" % (name, runs))
    for o in ("correct", "detected", "error", "no output", "input flipped", "cut short", "moved", "next nonce",
              "faulty", "not applied"):
        c = counts.get(o, {})
        print("  %-14s %5d   %s" % (o, sum(c.values()), ", ".join("%s %d" % kv for kv in sorted(c.items()))))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sim", required=True)
    ap.add_argument("--on", required=True)
    ap.add_argument("--off", required=True)
    ap.add_argument("--runs-on", type=int, default=80)
    ap.add_argument("--runs-off", type=int, default=40)
    ap.add_argument("--min-escaped", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json")
    args = ap.parse_args()
    env = os.environ.get("SC_TEST_SEED")
    seed = int(env, 0) if env else random.SystemRandom().getrandbits(32)
    print("fault_inject: seed %d (SC_TEST_SEED=%d repeats these runs)" % (seed, seed), flush=True)
    cv = Curve(read_params()["secp160r1"])
    t0 = time.time()
    on, off = clean(args.sim, args.on, cv), clean(args.sim, args.off, cv)
    window = off["cycles"]
    print("clean runs: signature %s; cycles %d checked, %d unchecked (the window); stack %d / %d B"
          % (on["want"].hex(), on["cycles"], off["cycles"], on["stack"], off["stack"]))
    rng = random.Random(seed)
    c_on, bad_on = campaign(args, args.on, on, window, args.runs_on, rng, cv)
    c_off, bad_off = campaign(args, args.off, off, window, args.runs_off, rng, cv)
    show("fault_sign_on (SC_FAULT_CHECKS=2)", args.runs_on, c_on)
    show("fault_sign_off (SC_FAULT_CHECKS=0, control)", args.runs_off, c_off)
    esc_on = sum(c_on.get("faulty", {}).values()) + sum(c_on.get("not applied", {}).values())
    esc_off = sum(c_off.get("faulty", {}).values())
    for f in bad_on:
        print("  ESCAPED with the checks on: --flip %s (seed %d)" % (f, seed))
    print("fault_inject: %.0f s, seed %d" % (time.time() - t0, seed))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seed": seed, "on": c_on, "off": c_off, "runs_on": args.runs_on,
                       "runs_off": args.runs_off, "escaped_on": bad_on}, f, indent=1)
    ok = True
    if esc_on:
        print("FAIL: %d faulty signatures left the checked image (seed %d)" % (esc_on, seed))
        ok = False
    if esc_off < args.min_escaped:
        print("FAIL: the control let %d faulty signatures out, fewer than %d: the injection does not "
              "reach the computation (seed %d)" % (esc_off, args.min_escaped, seed))
        ok = False
    print("fault_inject: %s" % ("passed" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
