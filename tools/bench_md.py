#!/usr/bin/env python3
"""Turn `sc-bench --json` output (stdin) into the Markdown table of docs/benchmarks.md.

Each row: seacurve's and the reference's time per operation, and the speed-up (reference time /
seacurve time).  For sign, verify and ECDH the goal from ../shared/DESIGN.md is shown with a verdict.
Usage: sc-bench --json | tools/bench_md.py
"""
import json
import sys

# DESIGN.md anchors for x86-64: sign / verify / ECDH at least this many times OpenSSL's speed.
GOALS = {"secp160r1": 10.0, "secp192r1": 10.0, "secp224r1": 1.5, "secp256r1": 1.0}
PROTOCOL_OPS = ("ecdsa sign", "ecdsa verify", "ecdh")


def fmt_ns(ns):
    return "{:,.0f}".format(ns) if ns >= 100 else "{:.1f}".format(ns)


def main():
    data = json.load(sys.stdin)
    print("<!-- %s -->" % data.get("meta", ""))
    print("| curve | operation | seacurve ns | reference ns | reference | speed-up | goal |")
    print("|---|---|---:|---:|---|---:|---|")
    for r in data["results"]:
        ref = r.get("reference") or {}
        res = ref.get("result") or {}
        goal = ""
        g = GOALS.get(r["curve"])
        if g and r["operation"].startswith(PROTOCOL_OPS):
            goal = ">= %gx: %s" % (g, "met" if r["speedup"] >= g else "**not met**")
        print("| %s | %s | %s | %s | %s | %.2fx | %s |" % (
            r["curve"], r["operation"], fmt_ns(r["seacurve"]["ns_per_op"]),
            fmt_ns(res["ns_per_op"]) if res else "-", ref.get("name", "-"),
            r.get("speedup", 0.0), goal))


if __name__ == "__main__":
    main()
