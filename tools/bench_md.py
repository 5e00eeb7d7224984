#!/usr/bin/env python3
"""Turn `seacurve bench --json` (or `sc-bench --json`) output into the Markdown table of
docs/benchmarks.md.

Each row: seacurve's and the reference's median time per operation in ns and in TSC cycles, and
the speed-up (reference time / seacurve time; > 1: seacurve faster).  For ECDSA sign, verify and
ECDH the goal from ../shared/DESIGN.md is shown with a verdict.  Rows that failed (or were not
timed because the cross-check against OpenSSL failed) show FAILED; rows without a reference
(--no-openssl) show "-".  Any row set is accepted: protocol, scalar multiplication, point
arithmetic (point dbl / point add) and field rows alike.

Usage: seacurve bench --json | tools/bench_md.py
       tools/bench_md.py results.json
"""
import json
import sys

# DESIGN.md anchors for x86-64: sign / verify / ECDH at least this many times OpenSSL's speed.
GOALS = {"secp160r1": 10.0, "secp192r1": 10.0, "secp224r1": 1.5, "secp256r1": 1.0}
PROTOCOL_OPS = ("ecdsa sign", "ecdsa verify", "ecdh")


def fmt_num(v):
    """ns or cycles: thousands separators from 100 up, one decimal below."""
    if v is None:
        return "-"
    return "{:,.0f}".format(v) if v >= 100 else "{:.1f}".format(v)


def fmt_res(res, present):
    """(ns, cycles) cells of one side: '-' if that side was not run, FAILED if it failed."""
    if not present:
        return "-", "-"
    if not res:
        return "FAILED", "-"
    cyc = res.get("cycles_per_op")
    return fmt_num(res.get("ns_per_op")), "{:,.0f}".format(cyc) if cyc else "-"


def row_md(r):
    sc = r.get("seacurve")
    ref = r.get("reference") or {}
    sc_ns, sc_cy = fmt_res(sc, True)
    ref_ns, ref_cy = fmt_res(ref.get("result"), bool(ref))
    speedup = r.get("speedup")
    goal = ""
    g = GOALS.get(r["curve"])
    if g and r["operation"].startswith(PROTOCOL_OPS):
        if speedup is None:
            goal = ">= %gx: not measured" % g
        else:
            goal = ">= %gx: %s" % (g, "met" if speedup >= g else "**not met**")
    return "| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        r["curve"], r["operation"], sc_ns, sc_cy, ref_ns, ref_cy, ref.get("name", "-"),
        "%.2fx" % speedup if speedup is not None else "-", goal)


def main(argv):
    if len(argv) > 2 or (len(argv) == 2 and argv[1] in ("-h", "--help")):
        print(__doc__.strip())
        return 0 if len(argv) == 2 else 2
    try:
        if len(argv) == 2:
            with open(argv[1]) as f:
                data = json.load(f)
        else:
            data = json.load(sys.stdin)
    except (OSError, ValueError) as e:
        sys.stderr.write("bench_md.py: cannot read sc-bench JSON: %s\n" % e)
        return 1
    print("<!-- %s -->" % data.get("meta", "").replace("--", "- -"))
    print("| curve | operation | seacurve ns | seacurve cycles | reference ns | reference cycles "
          "| reference | speed-up | goal |")
    print("|---|---|---:|---:|---:|---:|---|---:|---|")
    for r in data.get("results", []):
        print(row_md(r))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
