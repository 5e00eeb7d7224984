#!/usr/bin/env python3
"""Draw [Kodali] Fig. 1 -- the cost of a point multiplication against b = I/M -- from the
CSV that `seacurve cost --csv` writes, with matplotlib.

    seacurve cost --csv -o cost.csv
    tools/plot/plot_cost.py cost.csv -o docs/cost-fig1.png

(tools/plot/make_figures.sh BUILD_DIR does both.)  Every row of the CSV is one cost line,
cost in field multiplications = a + slope * b:
  source printed  [Kodali] eq. (8), (9), (7) as printed (S/M = 0.8 built in): solid lines;
  source model    eq. (4), (6), (2), the operation counts at the CSV's S/M: dashed, drawn
                  only where they part from the printed line (eq. (4) vs eq. (8));
  source counted  seacurve's implementations, counted (mean over the scalars): markers at
                  b = 1, 10, 20, .., 100 joined by a thin line.
The figure marks b = I/M of the report (20: [Kodali] Table VII).  Exit status: 0 written,
2 unusable CSV or arguments, 3 matplotlib missing.
"""
import argparse
import csv
import os
import sys
import tempfile

COLUMNS = ["source", "method", "eq", "key", "curve", "scalars", "t", "w", "sm", "im",
           "status", "I", "M", "S", "A", "C", "W", "a", "slope", "meq"]

METHODS = {  # method -> (name in the legend, colour, marker)
    "double_and_add": ("double-and-add", "#c0392b", "s"),
    "wnaf": ("width-w NAF", "#1f5fbf", "o"),
    "mixed_wnaf": ("mixed-coordinate wNAF", "#1e8a3c", "^"),
    "mixed_wnaf_noinv": ("mixed-coordinate wNAF without inversion", "#8e44ad", "D"),
}
SEACURVE_NAMES = {  # counted method -> what seacurve runs ([Kodali]'s algorithm numbers)
    "double_and_add": "binary_l2r, affine (Alg. 1)",
    "wnaf": "wnaf, affine (Alg. 3)",
    "mixed_wnaf": "wnaf_mixed, jacproj (Alg. 4)",
    "mixed_wnaf_noinv": "wnaf_mixed, jacproj_noinv (Alg. 4, no I)",
}
B_MAX = 100.0


class DataError(Exception):
    pass


def num(row, col, line):
    try:
        return float(row[col])
    except ValueError:
        raise DataError(f"line {line}: column {col} is {row[col]!r}, not a number") from None


def read_lines(path):
    """The cost lines of the CSV: dicts with source, method, eq, key, a, slope, ..."""
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
            header = rows and list(rows[0].keys())
    except OSError as e:
        raise DataError(f"cannot read: {e.strerror}") from None
    if not rows:
        raise DataError("no rows (want the output of `seacurve cost --csv`)")
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise DataError("missing columns " + ", ".join(missing) + " (want the output of `seacurve cost --csv`)")
    lines = []
    for i, r in enumerate(rows, start=2):
        if r["source"] not in ("printed", "model", "counted") or r["method"] not in METHODS:
            raise DataError(f"line {i}: unknown source {r['source']!r} or method {r['method']!r}")
        line = dict(r)
        for c in ("t", "w", "sm", "im"):
            line[c] = num(r, c, i)
        line["ok"] = r["status"] == "ok"
        if line["ok"]:
            line["a"], line["slope"] = num(r, "a", i), num(r, "slope", i)
        lines.append(line)
    params = {(l["t"], l["w"], l["sm"], l["im"]) for l in lines}
    if len(params) != 1:
        raise DataError("the rows mix parameters t, w, S/M, I/M")
    return lines


def cost(line, b):
    return line["a"] + line["slope"] * b


def draw(lines, out, dpi):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, MultipleLocator

    p = lines[0]
    t, w, sm, im = p["t"], p["w"], p["sm"], p["im"]
    printed = {l["method"]: l for l in lines if l["source"] == "printed" and l["ok"]}
    bs = [0.0, B_MAX]
    fig, ax = plt.subplots(figsize=(10, 6.6))

    for l in lines:
        if l["source"] != "printed" or not l["ok"]:
            continue
        name, colour, _ = METHODS[l["method"]]
        ax.plot(bs, [cost(l, b) for b in bs], color=colour, lw=2.4, zorder=2,
                label=f"{name}, [Kodali] eq. ({l['eq']})")
    for l in lines:
        if l["source"] != "model" or not l["ok"]:
            continue
        twin = printed.get(l["method"])
        if twin and all(abs(cost(l, b) - cost(twin, b)) < 0.5 for b in bs):
            continue  # the printed equation is this one at S/M = 0.8: the solid line
        name, colour, _ = METHODS[l["method"]]
        ax.plot(bs, [cost(l, b) for b in bs], color=colour, lw=1.6, ls=(0, (5, 3)), zorder=2,
                label=f"{name}, [Kodali] eq. ({l['eq']}) at S/M = {sm:g}")
    counted = [l for l in lines if l["source"] == "counted"]
    marks = [1.0] + [10.0 * i for i in range(1, int(B_MAX / 10) + 1)]
    for l in counted:
        name, colour, marker = METHODS[l["method"]]
        if not l["ok"]:
            print(f"plot_cost.py: {l['key']} {l['status']}: not drawn", file=sys.stderr)
            continue
        ax.plot(marks, [cost(l, b) for b in marks], color=colour, lw=0.8, ls=":", marker=marker,
                ms=6.5, mfc="white", mew=1.6, zorder=3, clip_on=False,
                label=f"seacurve {SEACURVE_NAMES[l['method']]}, counted")

    ax.axvline(im, color="0.45", lw=1, ls="-.", zorder=1)
    ax.annotate(f"b = {im:g}" + (" ([Kodali] Table VII)" if im == 20 else ""), xy=(im, 0),
                xytext=(4, 6), textcoords="offset points", color="0.3", fontsize=9)
    ax.set_xlim(0, B_MAX + 1.5)   # room for the markers at b = 100
    ax.set_ylim(0, None)
    ax.xaxis.set_major_locator(MultipleLocator(10))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
    ax.grid(True, color="0.88", lw=0.8)
    ax.set_axisbelow(True)
    ax.set_xlabel("b = I/M: cost of a field inversion in field multiplications")
    ax.set_ylabel("cost of one point multiplication k*P (field multiplications, M)")
    sub = f"t = {t:g}-bit scalar, w = {w:g}, S/M = {sm:g}; cost = M + (S/M) S + b I"
    ok = [l for l in counted if l["ok"]]
    if ok:
        sub += f"; seacurve counted on {ok[0]['curve']}, mean of {ok[0]['scalars']} scalars"
    ax.set_title("[Kodali] Fig. 1: point multiplication cost against the inversion ratio\n" + sub,
                 fontsize=11)
    ax.legend(loc="upper left", fontsize=8.6, framealpha=0.95)
    fig.tight_layout()

    # write beside the target, then rename: the figure is replaced whole or not at all
    d = os.path.dirname(os.path.abspath(out))
    fd, tmp = tempfile.mkstemp(prefix=".plot_cost-", suffix=".png", dir=d)
    os.close(fd)
    try:
        fig.savefig(tmp, dpi=dpi, format="png", metadata={"Software": None})
        os.chmod(tmp, 0o666 & ~current_umask())
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    plt.close(fig)


def current_umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def main():
    ap = argparse.ArgumentParser(description="Draw [Kodali] Fig. 1 from `seacurve cost --csv`.")
    ap.add_argument("csv", help="the CSV of `seacurve cost --csv` (- for stdin is not supported)")
    ap.add_argument("-o", "--out", required=True, help="the PNG to write (replaced if it exists)")
    ap.add_argument("--dpi", type=int, default=110, help="resolution (default 110: 1100 x 726 pixels)")
    args = ap.parse_args()
    try:
        lines = read_lines(args.csv)
    except DataError as e:
        print(f"plot_cost.py: {args.csv}: {e}", file=sys.stderr)
        return 2
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("plot_cost.py: matplotlib is missing (Debian: apt-get install python3-matplotlib; "
              "or pip install matplotlib)", file=sys.stderr)
        return 3
    try:
        draw(lines, args.out, args.dpi)
    except OSError as e:
        print(f"plot_cost.py: {args.out}: cannot write: {e.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
