#!/usr/bin/env python3
"""Draw the seacurve / OpenSSL speed-up per curve and operation on the gateway -- key generation,
ECDSA sign, ECDSA verify, ECDH -- from `seacurve bench --json` reports, with matplotlib.

    for i in 1 2 3 4 5; do seacurve bench --quick --pk --json >run$i.json; done
    tools/plot/plot_bench.py run*.json -o docs/bench-speedup.png
    tools/plot/plot_bench.py --collect --machine "..." run*.json -o docs/data/bench-gateway.json
    tools/plot/plot_bench.py docs/data/bench-gateway.json -o docs/bench-speedup.png

Input: one or more reports of `seacurve bench --json` (or `sc-bench --json`), or one file made by
--collect: {"machine", "date", "command", "runs": [report, ...]}, the saved data of the committed
figure (the machine and date go into the figure's title).  speed-up = OpenSSL's time / seacurve's
time within one run (> 1: seacurve faster; both timed in the same process, so load moves both);
a report made with --runs N holds N runs per row (its "speedups" list), and the runs of all the
reports are pooled (an older report without the list counts as one run per row); each bar is the
median over the runs, its whisker the smallest and largest; a line at 1.0.  The bars are against
OpenSSL; a second reference (libsecp256k1 beside secp256k1) is in the table, not the figure.  The
scale is logarithmic, so 2x faster and 2x slower are the same height.  Rows that failed, or have no
reference (--no-openssl), are left out.  Exit status: 0 written, 2 unusable input or arguments,
3 matplotlib missing.
"""
import argparse
import json
import os
import statistics
import sys
import tempfile
import textwrap
import time

OPS = [  # (operation in the report, name in the figure, colour)
    ("keygen (priv+pub)", "key generation", "#1e8a3c"),
    ("ecdsa sign", "ECDSA sign", "#1f5fbf"),
    ("ecdsa verify", "ECDSA verify", "#c0392b"),
    ("ecdh (+peer validation)", "ECDH (peer key validated)", "#8e44ad"),
]


class DataError(Exception):
    pass


def load(paths):
    """(runs, meta): the reports, and the machine / date / command of a --collect file (or {})."""
    runs, meta = [], {}
    for p in paths:
        try:
            with open(p) as f:
                js = json.load(f)
        except OSError as e:
            raise DataError(f"{p}: cannot read: {e.strerror}") from None
        except ValueError as e:
            raise DataError(f"{p}: not JSON: {e}") from None
        if isinstance(js, dict) and isinstance(js.get("runs"), list):
            meta = {k: js.get(k, "") for k in ("machine", "date", "command")}
            runs += js["runs"]
        else:
            runs.append(js)
    for i, r in enumerate(runs):
        if not isinstance(r, dict) or not isinstance(r.get("results"), list):
            raise DataError(f"report {i + 1}: no \"results\" list (want `seacurve bench --json`)")
        for row in r["results"]:
            if not all(k in row for k in ("curve", "operation", "speedup")):
                raise DataError(f"report {i + 1}: a result without curve, operation or speedup")
            if row["speedup"] is not None and not isinstance(row["speedup"], (int, float)):
                raise DataError(f"report {i + 1}: speedup {row['speedup']!r} is not a number")
            sps = row.get("speedups")
            if sps is not None and (not isinstance(sps, list) or
                                    not all(isinstance(v, (int, float)) for v in sps)):
                raise DataError(f"report {i + 1}: speedups {sps!r} is not a list of numbers")
    return runs, meta


def speedups(runs):
    """{(curve, operation): [speed-up of each run]}, and the curves in the reports' order."""
    out, curves = {}, []
    names = {op for op, _, _ in OPS}
    for r in runs:
        for row in r["results"]:
            if row["operation"] not in names or row["speedup"] is None:
                continue
            if row["curve"] not in curves:
                curves.append(row["curve"])
            runs = row.get("speedups") or [row["speedup"]]
            out.setdefault((row["curve"], row["operation"]), []).extend(float(v) for v in runs)
    if not out:
        raise DataError("no keygen, sign, verify or ECDH row with a speed-up (run with --pk, "
                        "without --no-openssl)")
    return out, curves


def draw(runs, meta, out, dpi):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, LogLocator

    sp, curves = speedups(runs)
    fig, ax = plt.subplots(figsize=(13, 6.6))
    nop = len(OPS)
    width = 0.8 / nop
    top = 1.0
    for k, (op, name, colour) in enumerate(OPS):
        xs, med, lo, hi = [], [], [], []
        for ci, c in enumerate(curves):
            v = sp.get((c, op))
            if not v:
                continue
            m = statistics.median(v)
            xs.append(ci + (k - (nop - 1) / 2) * width)
            med.append(m)
            lo.append(m - min(v))
            hi.append(max(v) - m)
            top = max(top, max(v))
        # bars from 1.0: up when seacurve is faster, down when slower
        ax.bar(xs, [m - 1 for m in med], width * 0.92, bottom=1, color=colour, label=name, zorder=2)
        ax.errorbar(xs, med, yerr=[lo, hi], fmt="none", ecolor="0.15", elinewidth=0.9, capsize=2.5,
                    zorder=3)
    ax.axhline(1.0, color="black", lw=1.3, zorder=4)
    ax.annotate("1.0: as fast as OpenSSL", xy=(len(curves) - 0.5, 1.0), xytext=(-4, -12),
                textcoords="offset points", ha="right", fontsize=8.5)
    ax.set_yscale("log")
    ax.set_ylim(0.25, top * 1.6)
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    ax.yaxis.set_minor_locator(LogLocator(base=10, subs=(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}x"))
    ax.set_xticks(range(len(curves)))
    ax.set_xticklabels(curves)
    ax.set_xlim(-0.6, len(curves) - 0.4)
    ax.grid(True, axis="y", which="major", color="0.85", lw=0.8)
    ax.set_axisbelow(True)
    ax.set_ylabel("speed-up = OpenSSL's time / seacurve's time (logarithmic)")
    n = max((len(v) for v in sp.values()), default=1)
    sub = (f"median of {n} run{'s' if n != 1 else ''} (whiskers: smallest and largest)"
           if n > 1 else "one run")
    first = runs[0].get("meta", "")
    if meta.get("date"):
        sub += f", {meta['date']}"
    if meta.get("machine"):
        sub += "\n" + textwrap.shorten(meta["machine"], 160, placeholder=" ...")
    ax.set_title("seacurve against OpenSSL's libcrypto on the gateway (x86-64), same process, "
                 "same inputs\n" + sub, fontsize=10.5)
    if first:
        fig.text(0.01, 0.005, textwrap.fill(first, 190), fontsize=7, color="0.35", va="bottom")
    ax.legend(loc="upper right", fontsize=9, framealpha=0.95)
    fig.tight_layout(rect=(0, 0.045, 1, 1))
    save(fig, out, dpi)
    plt.close(fig)


def save(fig, out, dpi):
    """Write beside the target, then rename: the figure is replaced whole or not at all."""
    d = os.path.dirname(os.path.abspath(out))
    fd, tmp = tempfile.mkstemp(prefix=".plot_bench-", suffix=".png", dir=d)
    os.close(fd)
    try:
        fig.savefig(tmp, dpi=dpi, format="png", metadata={"Software": None})
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def collect(runs, machine, command, out):
    """The saved data of the figure: the reports with the machine, date and command."""
    js = {"machine": machine, "date": time.strftime("%Y-%m-%d", time.gmtime()), "command": command,
          "runs": runs}
    d = os.path.dirname(os.path.abspath(out))
    fd, tmp = tempfile.mkstemp(prefix=".plot_bench-", suffix=".json", dir=d)
    try:
        with os.fdopen(fd, "w") as f:   # one line per report
            f.write("{\n" + "".join(f"  {json.dumps(k)}: {json.dumps(js[k])},\n" for k in
                                     ("machine", "date", "command")))
            f.write('  "runs": [\n' + ",\n".join("    " + json.dumps(r) for r in runs) + "\n  ]\n}\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def main():
    ap = argparse.ArgumentParser(description="Draw the seacurve / OpenSSL speed-up from "
                                             "`seacurve bench --json` reports.")
    ap.add_argument("json", nargs="+", help="reports of `seacurve bench --json`, or one --collect file")
    ap.add_argument("-o", "--out", required=True, help="the PNG to write (with --collect: the JSON)")
    ap.add_argument("--dpi", type=int, default=100, help="resolution (default 100: 1300 x 660 pixels)")
    ap.add_argument("--collect", action="store_true",
                    help="write the reports, with --machine, --command and today's date, as one JSON")
    ap.add_argument("--machine", default="", help="with --collect: the machine, in words")
    ap.add_argument("--command", default="", help="with --collect: the command that made the reports")
    args = ap.parse_args()
    try:
        runs, meta = load(args.json)
        speedups(runs)
    except DataError as e:
        print(f"plot_bench.py: {e}", file=sys.stderr)
        return 2
    if args.collect:
        try:
            collect(runs, args.machine, args.command, args.out)
        except OSError as e:
            print(f"plot_bench.py: {args.out}: cannot write: {e.strerror}", file=sys.stderr)
            return 2
        return 0
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("plot_bench.py: matplotlib is missing (Debian: apt-get install python3-matplotlib; "
              "or pip install matplotlib)", file=sys.stderr)
        return 3
    try:
        draw(runs, meta, args.out, args.dpi)
    except OSError as e:
        print(f"plot_bench.py: {args.out}: cannot write: {e.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
