#!/usr/bin/env python3
"""Tables and figures of docs/partition.md from sc-partition's CSV.

    sc-partition > docs/data/partition-host.csv
    tools/partition/partition_report.py docs/data/partition-host.csv \\
        [--h100 docs/data/opencl-h100.csv] [--png docs/partition-roundtrip.png]

Prints Markdown: the round trip against message size beside [OMAP] Table IV; the
end-to-end time of each granularity beside [OMAP] Table VI; the fitted cost model and
its check; the GPU case, whose inputs are the H100's measured round trip and kernel
throughput (sc-opencl-bench's CSV), run through the same model.  With --png (and
matplotlib) draws the round trip against message size, the measured points and the
fitted lines.  The batch size rule is sc_batch_plan's (src/batch/plan.c):
n = ceil((1 - f) L / (f c - (1 - f) s / B)).
"""
import argparse
import csv
import math
import sys

# [OMAP] Table IV: (library, message bytes, round trip us)
OMAP_T4 = [("DSPLink", 128, 153), ("DSPLink", 1024, 300), ("DSPBridge", 128, 168), ("DSPBridge", 1024, 254)]
# [OMAP] Table VI: curve -> (ARM only us, ARM + DSP us)
OMAP_T6 = {"sect163r1": (9674, 2106), "sect283r1": (35034, 7965), "sect409r1": (82611, 16083),
           "secp160r1": (8700, 2929), "secp224r1": (15609, 6043)}


def read(path):
    rows = {}
    with open(path) as f:
        for r in csv.reader(l for l in f if l.strip() and not l.startswith("#")):
            rows.setdefault(r[0], []).append(r[1:])
    return rows


def fit(points):
    """least squares of T = L + b / B weighted by 1 / T^2, as sc-partition does"""
    sw = sb = sbb = st = sbt = 0.0
    for b, t in points:
        w = 1.0 / (t * t)
        sw += w; sb += w * b; sbb += w * b * b; st += w * t; sbt += w * b * t
    det = sw * sbb - sb * sb
    x = (sw * sbt - sb * st) / det
    return (st * sbb - sb * sbt) / det, (1.0 / x if x > 0 else 0.0)


def plan(L, B, s, c, f, cap=1 << 20):
    xfer = s / B if B > 0 else 0.0
    den = f * c - (1 - f) * xfer
    if den <= 0:
        return cap
    return max(1, min(cap, math.ceil((1 - f) * L / den)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--h100")
    ap.add_argument("--png")
    ap.add_argument("--overhead", type=float, default=0.1)
    a = ap.parse_args()
    d = read(a.csv)
    tags = [r[0] for r in d.get("fit", [])]
    rt = {}
    for t, b, us in d["rt"]:
        rt.setdefault(t, {})[int(b)] = float(us)
    sizes = sorted(rt[tags[0]])

    print("### Round trip against message size (us; medians)\n")
    print("| bytes | " + " | ".join(tags) + " | [OMAP] Table IV |")
    print("|" + "---:|" * (len(tags) + 2))
    for b in sizes:
        omap = ", ".join("%s %d" % (n, t) for n, s, t in OMAP_T4 if s == b) or ""
        print("| %d | " % b + " | ".join("%.1f" % rt[t].get(b, float("nan")) for t in tags) + " | %s |" % omap)
    print("\nFor comparison at [OMAP]'s sizes: %s." % "; ".join(
        "%d B: %s" % (s, ", ".join("%s %.1f us" % (t, (lambda L, B: L + s / B if B else L)(*fit(
            [(b, rt[t][b] * 1e-6) for b in sizes])) * 1e6) for t in tags if t != "local"))
        for s in (128, 1024)))

    print("\n### Fitted T(b) = L + b / B\n")
    print("| transport | L (us) | B (MB/s) |")
    print("|---|---:|---:|")
    for t, L, B in d["fit"]:
        print("| %s | %s | %s |" % (t, L, B))

    gran = d["gran"]
    print("\n### End-to-end time of one job, local and offloaded (us; medians)\n")
    print("| curve | job | items | bytes in/out | " + " | ".join(tags) + " |")
    print("|---|---|---:|---:|" + "---:|" * len(tags))
    for r in gran:
        print("| %s | %s | %s | %s / %s | " % tuple(r[:5]) + " | ".join(r[5:]) + " |")
    print("\n[OMAP] Table VI, one point multiplication (us): " + "; ".join(
        "%s ARM %d, ARM+DSP %d (%.2fx)" % (c, x, y, x / y) for c, (x, y) in OMAP_T6.items()))

    print("\n### Batches of field multiplications, local and offloaded (us; medians)\n")
    print("| curve | items | " + " | ".join(tags) + " |")
    print("|---|---:|" + "---:|" * len(tags))
    for r in d.get("fmulb", []):
        print("| %s | %s | " % tuple(r[:2]) + " | ".join(r[2:]) + " |")

    print("\n### The model against the measured batches\n")
    print("| curve | job | transport | items | predicted (us) | measured (us) | error |")
    print("|---|---|---|---:|---:|---:|---:|")
    for c, j, t, n, p, m, e in d.get("model", []):
        print("| %s | %s | %s | %s | %s | %s | %s%% |" % (c, j, t, n, p, m, e))
    print("\n### Batch size from sc_batch_plan and the overhead measured there\n")
    print("| curve | job | transport | L (us) | B (MB/s) | bytes/item | c (us/item) | f | n | measured T(n) (us) |"
          " measured overhead |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for c, j, t, L, B, s, ci, f, n, m, o in d.get("plan", []):
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (c, j, t, L, B, s, ci, f, n, m, o))

    if a.h100:
        h = read(a.h100)
        pts = [(int(r[0]), float(r[4]) * 1e-6) for r in h["roundtrip"]]
        L, B = fit(pts)
        # c_local per verification: the largest batch on this thread
        cl = {}
        for r in gran:
            if r[1] == "vbatch" and r[5] != "-":
                cl[r[0]] = float(r[5]) * 1e-6 / int(r[2])
        print("\n### The GPU case: the H100's measured round trip and kernel rate in the same model\n")
        print("Round trip fitted from %s: L = %.1f us, B = %.0f MB/s.\n" % (a.h100, L * 1e6, B / 1e6))
        print("| curve | kernel verifications/s | c (us) | bytes/item | n for f = %.2f | predicted items/s at that n |"
              " break-even n against one core here | whole call, measured items/s |" % a.overhead)
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        sizes_item = {"secp160r1": 32 + 42 + 41 + 1, "secp256r1": 32 + 64 + 65 + 1,
                      "secp256k1": 32 + 64 + 65 + 1, "sect163r1": 32 + 42 + 43 + 1}
        for r in h["verify"]:
            name, kps = r[0], float(r[3])
            c = 1.0 / kps
            s = sizes_item.get(name, 0)
            if a.overhead * c <= (1 - a.overhead) * s / B:
                # no batch reaches f: the bytes alone cost more; the limit as n grows
                lim = (s / B) / (s / B + c)
                nstr, rate = "none (overhead -> %.0f%%)" % (100 * lim), 1.0 / (s / B + c)
            else:
                n = plan(L, B, s, c, a.overhead)
                nstr, rate = "%d" % n, n / (L + n * s / B + n * c)
            be = "-"
            if name in cl and cl[name] > c + s / B:
                be = "%d" % max(1, math.ceil(L / (cl[name] - c - s / B)))
            print("| %s | %.0f | %.3f | %d | %s | %.0f | %s | %s |" % (name, kps, c * 1e6, s, nstr, rate, be, r[2]))

    if a.png:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("partition_report.py: matplotlib missing, no figure", file=sys.stderr)
            return 3
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for t in tags:
            if t == "local":
                continue
            xs = sorted(rt[t])
            ax.loglog(xs, [rt[t][x] for x in xs], "o-", label="%s (this machine%s)" % (t, ", pocl" if t == "opencl" else ""))
        if a.h100:
            hs = sorted(pts)
            ax.loglog([x for x, _ in hs], [y * 1e6 for _, y in hs], "s--", label="OpenCL, H100 (docs/data)")
        for name, mk in (("DSPLink", "^"), ("DSPBridge", "v")):
            p = [(s, t) for n, s, t in OMAP_T4 if n == name]
            ax.loglog([x for x, _ in p], [y for _, y in p], mk + "k", ms=9, label="[OMAP] Table IV, %s" % name)
        ax.set_xlabel("message size (bytes)")
        ax.set_ylabel("round trip (us)")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        ax.set_title("Round trip against message size")
        fig.tight_layout()
        fig.savefig(a.png, dpi=110)
    return 0


if __name__ == "__main__":
    sys.exit(main())
