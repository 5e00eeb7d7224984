#!/usr/bin/env python3
"""Draw the method matrix of the papers' comparisons on one curve -- multiplication, reduction and
inversion methods, coordinate systems, scalar-multiplication methods -- from the JSON that
`seacurve explore --curve NAME --json` writes, with matplotlib.

    seacurve explore --curve secp160r1 --json -o docs/data/explore-secp160r1.json
    tools/plot/plot_methods.py docs/data/explore-secp160r1.json -o docs/methods-secp160r1.png

Six panels (docs/methods.md and the methods-*.md pages describe every method):
  multiplication   each multi-precision product method: ns per product and per square;
  reduction        each reducer and modular multiplication that applies to the curve's p: ns per
                   modular multiplication and square;
  inversion        each inversion method: ns, and I/M (its time over sc_fp_mul's);
  coordinates      each coordinate system: doubling, mixed addition (Jacobian + affine) and
                   addition in M-equivalents M + (S/M) S + (I/M) I at the report's measured ratios
                   (the variable-time formulas as bars, the constant-time ones as marks), counted
                   by the counting build;
  k*P              each variable-base method at the system and window of its lowest count: M-
                   equivalents per scalar multiplication (exact), labelled with the system, w and
                   the time;
  k*G, u1*G+u2*Q   each fixed-base and double-scalar method likewise.
Constant-time methods are drawn solid, variable-time ones hatched; the library's production
function of each section is named in bold.  Times are the report's (medians of timed batches on a
machine that may have been loaded); counts are exact.  Exit status: 0 written, 2 unusable JSON or
arguments, 3 matplotlib missing.
"""
import argparse
import json
import os
import sys
import tempfile

CT_COLOUR, VAR_COLOUR = "#1f5fbf", "#d35400"
OP_COLOURS = {"dbl": "#1e8a3c", "madd": "#1f5fbf", "add": "#c0392b"}
OP_NAMES = {"dbl": "doubling", "madd": "mixed addition (J + A)", "add": "addition"}


class DataError(Exception):
    pass


def load(path):
    try:
        with open(path) as f:
            js = json.load(f)
    except OSError as e:
        raise DataError(f"cannot read: {e.strerror}") from None
    except ValueError as e:
        raise DataError(f"not JSON: {e}") from None
    if not isinstance(js, dict) or js.get("tool") != "seacurve explore":
        raise DataError("not the output of `seacurve explore --json`")
    missing = [k for k in ("curve", "ratios", "mp", "fp", "ops", "rows") if k not in js]
    if missing:
        raise DataError("missing keys " + ", ".join(missing) + " (want `seacurve explore --json`)")
    if not js["rows"] or not js["mp"]:
        raise DataError("no rows")
    return js


def meq(c, sm, im):
    return c["M"] + sm * c["S"] + im * c["I"]


def fmt_ns(v):
    return f"{v / 1000:,.1f} us" if v >= 1000 else f"{v:,.0f} ns"


def patch(colour, label, hatch=None):
    from matplotlib.patches import Patch
    return Patch(facecolor=colour, hatch=hatch, edgecolor="white" if hatch else colour, label=label)


def FuncFormatter(f):
    from matplotlib.ticker import FuncFormatter as F
    return F(f)


def ct_legend(ax, loc):
    ax.legend(handles=[patch(CT_COLOUR, "constant time"), patch(VAR_COLOUR, "variable time", "///")],
              loc=loc, fontsize=7.5, framealpha=0.95)


def hbars(ax, names, series, colours, hatches=None, log=False):
    """Horizontal grouped bars: series = [(label, [value per name])]; None: not drawn."""
    n = len(series)
    h = 0.8 / n
    for k, (label, vals) in enumerate(series):
        ys = [i + (k - (n - 1) / 2) * h for i in range(len(names))]
        for y, v, hat in zip(ys, vals, hatches or [None] * len(names)):
            if v is None or v <= 0:
                continue
            ax.barh(y, v, h * 0.9, color=colours[k], hatch=hat, edgecolor="white" if hat else None,
                    lw=0, zorder=2)
    ax.legend(handles=[patch(c, label) for c, (label, _) in zip(colours, series)], loc="lower right",
              fontsize=7.5, framealpha=0.95)
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names, fontsize=8)
    ax.invert_yaxis()
    if log:
        ax.set_xscale("log")
    ax.grid(True, axis="x", which="major", color="0.88", lw=0.7)
    ax.set_axisbelow(True)


def best_rows(rows, sections):
    """Per (section, method): the ok, counted row with the lowest M-equivalent cost."""
    best = {}
    for r in rows:
        if r["section"] not in sections or r.get("status") != "ok" or r.get("meq") is None:
            continue
        k = (r["section"], r["method"])
        if k not in best or r["meq"] < best[k]["meq"]:
            best[k] = r
    return best


def scalar_panel(ax, js, sections, title):
    best = best_rows(js["rows"], sections)
    order = sorted(best.values(), key=lambda r: (sections.index(r["section"]), r["meq"]))
    if not order:
        ax.text(0.5, 0.5, "no counted rows", ha="center", transform=ax.transAxes)
        return
    names = [("k*G: " if r["section"] == "fix" else "u1*G+u2*Q: " if r["section"] == "double" else "")
             + r["method"] for r in order]
    for i, r in enumerate(order):
        ax.barh(i, r["meq"], 0.7, color=CT_COLOUR if r["ct"] else VAR_COLOUR,
                hatch=None if r["ct"] else "///", edgecolor="white", lw=0, zorder=2)
        where = "" if r["system"] == "production" else f"{r['system']}" + (f", w = {r['w']}" if r["w"] else "")
        took = fmt_ns(r["ns"]) if r.get("ns") else ""
        ax.text(r["meq"], i, "  " + ", ".join(x for x in (where, took) if x), va="center",
                fontsize=7, zorder=3)
    ax.set_yticks(range(len(order)))
    ax.set_yticklabels(names, fontsize=8)
    for lab, r in zip(ax.get_yticklabels(), order):
        if r["production"]:
            lab.set_fontweight("bold")
    ax.invert_yaxis()
    ax.set_xlim(0, max(r["meq"] for r in order) * 1.6)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
    ax.set_xlabel("M-equivalents, counted: the lowest over systems and windows "
                  "(label: system, w, time)", fontsize=8)
    ax.grid(True, axis="x", color="0.88", lw=0.7)
    ax.set_axisbelow(True)
    ax.set_title(title, fontsize=10)
    ct_legend(ax, "upper right")


def draw(js, out, dpi):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sm, im_ct, im_var = js["ratios"]["sm"], js["ratios"]["im_ct"], js["ratios"]["im_var"]
    fig, axs = plt.subplots(2, 3, figsize=(18, 11.5))

    # multiplication methods
    ax = axs[0][0]
    mp = [m for m in js["mp"] if not m.get("failed")]
    hbars(ax, [m["name"] for m in mp], [("product", [m["mul_ns"] for m in mp]),
                                         ("square", [m["sqr_ns"] for m in mp])], ["#1f5fbf", "#7fb3e6"])
    ax.set_xlabel("ns", fontsize=8.5)
    ax.set_title(f"multiplication methods ({js['words']}-word operands, {js['word_bits']}-bit words)",
                 fontsize=10)

    # reduction: reducers and modular multiplications that apply
    ax = axs[0][1]
    red = [f for f in js["fp"] if f["kind"] in ("reducer", "modmul") and f["applies"] and not f["failed"]]
    hbars(ax, [f"{f['name']} ({f['kind']})" for f in red],
          [("modular multiplication", [f["mul_ns"] for f in red]),
           ("modular square", [f["sqr_ns"] for f in red])], ["#8e44ad", "#c39bd3"], log=True)
    ax.set_xlabel("ns (logarithmic)", fontsize=8.5)
    ax.set_title(f"reduction methods on {js['curve']}.p (those that apply)", fontsize=10)

    # inversion
    ax = axs[0][2]
    inv = [f for f in js["fp"] if f["kind"] == "inversion" and f["applies"] and not f["failed"]]
    inv.sort(key=lambda f: f["inv_ns"])
    for i, f in enumerate(inv):
        ax.barh(i, f["inv_ns"] / 1000, 0.7, color=CT_COLOUR if f["ct"] else VAR_COLOUR,
                hatch=None if f["ct"] else "///", edgecolor="white", lw=0, zorder=2)
        ax.text(f["inv_ns"] / 1000, i, f"  I/M = {f['im']:,.0f}", va="center", fontsize=7.5)
    ax.set_yticks(range(len(inv)))
    ax.set_yticklabels([f["name"] for f in inv], fontsize=8)
    ax.invert_yaxis()
    if inv:
        ax.set_xlim(0, max(f["inv_ns"] for f in inv) / 1000 * 1.35)
    ax.set_xlabel("us per inversion", fontsize=8.5)
    ax.grid(True, axis="x", color="0.88", lw=0.7)
    ax.set_axisbelow(True)
    ax.set_title(f"inversion methods on {js['curve']}.p", fontsize=10)
    ct_legend(ax, "upper right")

    # coordinates: counted point operations in M-eq
    ax = axs[1][0]
    ops = {(o["system"], o["op"]): o for o in js["ops"]}
    systems = []
    for o in js["ops"]:
        if o["system"] not in systems:
            systems.append(o["system"])
    n = 3
    h = 0.8 / n
    for k, op in enumerate(("dbl", "madd", "add")):
        for i, s in enumerate(systems):
            y = i + (k - (n - 1) / 2) * h
            if (s, op) in ops:
                ax.barh(y, meq(ops[(s, op)], sm, im_var), h * 0.9, color=OP_COLOURS[op], zorder=2)
            if (s, op + "_ct") in ops:
                ax.plot([meq(ops[(s, op + "_ct")], sm, im_ct)], [y], marker="|", ms=9, mew=2,
                        color="black", zorder=3)
    from matplotlib.lines import Line2D
    handles = [patch(OP_COLOURS[op], OP_NAMES[op] + " (variable-time formula)") for op in ("dbl", "madd", "add")]
    handles.append(Line2D([], [], marker="|", ms=9, mew=2, color="black", ls="",
                          label="the constant-time formula"))
    ax.set_yticks(range(len(systems)))
    ax.set_yticklabels(systems, fontsize=8)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.grid(True, axis="x", which="both", color="0.9", lw=0.6)
    ax.set_axisbelow(True)
    ax.set_xlabel(f"M-equivalents (logarithmic): M + {sm:.2f} S + {im_var:.0f} I "
                  f"({im_ct:.0f} I constant time)", fontsize=8.5)
    ax.set_title("coordinate systems: one point operation, counted", fontsize=10)
    ax.legend(handles=handles, loc="center right", fontsize=7, framealpha=0.95)

    scalar_panel(axs[1][1], js, ["var"], "scalar methods, variable base k*P: cost counted")
    scalar_panel(axs[1][2], js, ["fix", "double"], "fixed base k*G, double scalar u1*G + u2*Q: cost counted")

    q = " (quick timings)" if js.get("quick") else ""
    fig.suptitle(f"seacurve explore on {js['curve']} ({js['p_bits']}-bit p, {js['word_bits']}-bit words): "
                 f"the methods of the papers side by side{q}; counts: mean over {js['scalars']} scalars; "
                 "bold: the library's function", fontsize=11.5)
    fig.tight_layout(rect=(0, 0, 1, 0.97))
    save(fig, out, dpi)
    plt.close(fig)


def save(fig, out, dpi):
    """Write beside the target, then rename: the figure is replaced whole or not at all."""
    d = os.path.dirname(os.path.abspath(out))
    fd, tmp = tempfile.mkstemp(prefix=".plot_methods-", suffix=".png", dir=d)
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


def main():
    ap = argparse.ArgumentParser(description="Draw the method matrix from `seacurve explore --json`.")
    ap.add_argument("json", help="the JSON of `seacurve explore --curve NAME --json`")
    ap.add_argument("-o", "--out", required=True, help="the PNG to write (replaced if it exists)")
    ap.add_argument("--dpi", type=int, default=90, help="resolution (default 90: 1620 x 1035 pixels)")
    args = ap.parse_args()
    try:
        js = load(args.json)
    except DataError as e:
        print(f"plot_methods.py: {args.json}: {e}", file=sys.stderr)
        return 2
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("plot_methods.py: matplotlib is missing (Debian: apt-get install python3-matplotlib; "
              "or pip install matplotlib)", file=sys.stderr)
        return 3
    try:
        draw(js, args.out, args.dpi)
    except OSError as e:
        print(f"plot_methods.py: {args.out}: cannot write: {e.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
