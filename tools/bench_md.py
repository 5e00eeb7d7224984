#!/usr/bin/env python3
"""Turn one or more `seacurve bench --json` (or `sc-bench --json`) reports into the Markdown table
of docs/benchmarks.md.

Each report times seacurve and OpenSSL's libcrypto side by side in one process, so its speed-up
(the reference's time / seacurve's time; > 1: seacurve faster) is the figure that survives machine
load; absolute times do not.  A report made with --runs N holds N side-by-side runs per row (its
"speedups" list); given several reports, the runs of all of them are pooled (a report from before
--runs counts as one run per row).  Each row shows the median times, the median speed-up over the
runs and its range (min-max), and for ECDSA sign, verify and ECDH on the curves with an x86-64 goal,
where the runs stand against it:
  "above in every run"  the smallest speed-up is at or over the goal,
  "below in every run"  the largest is under it,
  "within the spread"   the runs fall on both sides (no verdict from these runs; how many were
                        at or above is shown).
The time columns are the medians of each side taken separately, so their quotient need not be the
median speed-up (the median of the per-run quotients).
Rows that failed (or were not timed because the cross-check against OpenSSL failed) show FAILED;
rows without a reference (--no-openssl) show "-".  Any row set is accepted: protocol, scalar
multiplication, point arithmetic and field rows alike.  Where a report has a second reference
("reference2": libsecp256k1 beside secp256k1), three columns more give its time, the median
speed-up against it with the range, and where the runs stand against its goal (keygen, sign, verify
and ECDH at least 1x libsecp256k1).

Usage: for i in 1 2 3 4 5; do seacurve bench --quick --json >run$i.json; done
       tools/bench_md.py run1.json run2.json ...
       seacurve bench --json | tools/bench_md.py            (one report from stdin)
"""
import json
import statistics
import sys

# The project's x86-64 goals: ECDSA sign / verify / ECDH at least this many times OpenSSL's speed.
GOALS = {"secp160r1": 10.0, "secp192r1": 10.0, "secp224r1": 1.5, "secp256r1": 1.0}
PROTOCOL_OPS = ("ecdsa sign", "ecdsa verify", "ecdh")
# Against the second reference: keygen, sign, verify and ECDH at least this many times its speed.
GOALS2 = {"secp256k1": 1.0}
PROTOCOL_OPS2 = ("keygen", "ecdsa sign", "ecdsa verify", "ecdh")


def fmt_num(v):
    """ns: thousands separators from 100 up, one decimal below."""
    if v is None:
        return "-"
    return "{:,.0f}".format(v) if v >= 100 else "{:.1f}".format(v)


def median_or_none(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def ns_of(res):
    return res.get("ns_per_op") if res else None


def position(goal, speedups):
    if not speedups:
        return "not measured"
    if min(speedups) >= goal:
        return "above in every run"
    if max(speedups) < goal:
        return "below in every run"
    return "within the spread (%d of %d runs at or above)" % (
        sum(1 for v in speedups if v >= goal), len(speedups))


def run_speedups(r, which):
    """The speed-ups of one report's row against reference `which` (1 or 2): its runs' list, or,
    in a report from before --runs, the single "speedup"."""
    if which == 2:
        r = r.get("reference2") or {}
    sps = r.get("speedups")
    if isinstance(sps, list) and sps:
        return [float(v) for v in sps if v is not None]
    return [float(r["speedup"])] if r.get("speedup") is not None else []


def speedup_cells(sps):
    med = "%.2fx" % statistics.median(sps) if sps else "-"
    rng = "%.2f-%.2fx" % (min(sps), max(sps)) if len(sps) > 1 else "-"
    return med, rng


def row_md(rows, second=None):
    """rows: the same (curve, operation) from each report; second: the second reference's name,
    when some report has one (three columns more)."""
    r0 = rows[0]
    ref_present = any(r.get("reference") for r in rows)
    sc_ns = [ns_of(r.get("seacurve")) for r in rows]
    ref_ns = [ns_of((r.get("reference") or {}).get("result")) for r in rows]
    sps = [v for r in rows for v in run_speedups(r, 1)]
    runs = sum(int(r.get("runs") or 1) for r in rows)
    sc_cell = fmt_num(median_or_none(sc_ns)) if any(v is not None for v in sc_ns) else "FAILED"
    if not ref_present:
        ref_cell = "-"
    else:
        ref_cell = fmt_num(median_or_none(ref_ns)) if any(v is not None for v in ref_ns) else "FAILED"
    if len(sps) < runs and ref_present:
        sc_cell += " (%d of %d runs)" % (len(sps), runs)
    med, rng = speedup_cells(sps)
    goal = ""
    g = GOALS.get(r0["curve"])
    if g and r0["operation"].startswith(PROTOCOL_OPS):
        goal = ">= %gx: %s" % (g, position(g, sps))
    ref_name = next(((r.get("reference") or {}).get("name") for r in rows if r.get("reference")), "-")
    line = "| %s | %s | %s | %s | %s | %s | %s | %s |" % (
        r0["curve"], r0["operation"], sc_cell, ref_cell, ref_name, med, rng, goal)
    if second:
        ref2 = [r.get("reference2") for r in rows if r.get("reference2")]
        if not ref2:
            return line + " | | |"
        ns2 = [ns_of(x.get("result")) for x in ref2]
        sps2 = [v for r in rows for v in run_speedups(r, 2)]
        med2, rng2 = speedup_cells(sps2)
        cell2 = fmt_num(median_or_none(ns2)) if any(v is not None for v in ns2) else "FAILED"
        goal2 = ""
        g2 = GOALS2.get(r0["curve"])
        if g2 and r0["operation"].startswith(PROTOCOL_OPS2):
            goal2 = ">= %gx: %s" % (g2, position(g2, sps2))
        line += " %s | %s (%s) | %s |" % (cell2, med2, rng2, goal2)
    return line


def load(path):
    if path == "-":
        return json.load(sys.stdin)
    with open(path) as f:
        return json.load(f)


def main(argv):
    if len(argv) >= 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    paths = argv[1:] or ["-"]
    try:
        reports = [load(p) for p in paths]
    except (OSError, ValueError) as e:
        sys.stderr.write("bench_md.py: cannot read sc-bench JSON: %s\n" % e)
        return 1
    metas = []
    for rep in reports:
        m = rep.get("meta", "")
        if m not in metas:
            metas.append(m)
    for m in metas:
        print("<!-- %s -->" % m.replace("--", "- -"))
    order, by_key = [], {}
    for rep in reports:
        for r in rep.get("results", []):
            k = (r["curve"], r["operation"])
            if k not in by_key:
                by_key[k] = []
                order.append(k)
            by_key[k].append(r)
    counts = {sum(int(r.get("runs") or 1) for r in by_key[k]) for k in order}
    n = "the runs"
    if len(counts) == 1:
        c = counts.pop()
        n = "%d run%s" % (c, "s" if c != 1 else "")
    second = next(((r.get("reference2") or {}).get("name") for k in order for r in by_key[k]
                   if r.get("reference2")), None)
    head = ("| curve | operation | seacurve ns | reference ns | reference | speed-up (median of %s) "
            "| speed-up min-max | goal: where the runs stand |" % n)
    rule = "|---|---|---:|---:|---|---:|---:|---|"
    if second:
        head += " %s ns | speed-up vs %s (min-max) | goal vs %s |" % (second, second, second)
        rule += "---:|---:|---|"
    print(head)
    print(rule)
    for k in order:
        print(row_md(by_key[k], second))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
