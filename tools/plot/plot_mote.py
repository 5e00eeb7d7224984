#!/usr/bin/env python3
"""Draw the mote table -- cycles and stack per curve and operation on the AVR -- from the CSV that
`tools/mote_report.py --csv` writes, with matplotlib, and mark the published figures of
[micro-ecc] and [WM-ECC] (docs/mote.md, "Footprint" and "Against the papers").

    python3 tools/mote_report.py --dir BUILD/firmware/atmega128 --dir BUILD/firmware/atmega1281 \\
        --csv >docs/data/mote-bench.csv
    tools/plot/plot_mote.py docs/data/mote-bench.csv -o docs/mote-bench.png

Two panels, one group of bars per curve (the SEC 2 curves of the benchmark images; the opf curves
have their own figures in docs/opf.md), one bar per operation: key generation (sc_pubkey), ECDSA
sign (RFC 6979 nonce, SHA-256), ECDSA verify (SHA-256 digest), ECDH (peer key validated):
  left   exact cycles (sc-avrsim), logarithmic; the seconds at 7.3728 MHz on the right axis;
  right  the deepest stack in the operation (bytes below RAMEND) and on top of it the image's
         static .data + .bss: the RAM the benchmark image needs for it (the ATmega128 has 4,096 B).
The published marks are on secp160r1 only (the curve both papers measure), figures as given by
their sources: [micro-ecc] (fast setting) sign ~9.9 M, verify ~10.0 M, ECDH 7.87 M cycles, stack
460-750 B; its small setting ECDH 16.1 M; [WM-ECC] Table 1 on the MICAz at 7.3728 MHz: sign 1.35 s
(9.95 M), verify 1.96 s (14.45 M), fixed-point k*G 1.24 s (9.14 M, its key generation), static RAM
1,180 B (without the stack).  Exit status: 0 written, 2 unusable CSV or arguments, 3 matplotlib
missing.
"""
import argparse
import csv
import os
import sys
import tempfile

COLUMNS = ["curve", "mcu", "region", "operation", "cycles", "ms_7_3728mhz", "ms_8mhz", "stack",
           "lib", "image_flash", "image_static_ram", "image_stack", "exit"]
CURVES = ["secp160r1", "secp192r1", "secp224r1", "secp256r1", "secp256k1", "sect163k1", "sect163r2"]
OPS = [  # (name in the figure, the region labels of firmware/bench_curve.c and bench_eb.c, colour)
    ("key generation", ("key generation from bytes (sc_pubkey)",), "#1e8a3c"),
    ("ECDSA sign (RFC 6979, SHA-256)", ("ECDSA sign, RFC 6979 nonce, SHA-256",), "#1f5fbf"),
    ("ECDSA verify (SHA-256)", ("ECDSA verify, SHA-256 digest",), "#c0392b"),
    ("ECDH (peer key validated)", ("ECDH (peer key validated)", "ECDH (peer key compressed, validated)"),
     "#8e44ad"),
]
MHZ = 7.3728e6
# Published figures on secp160r1 (docs/mote.md): operation index -> [(cycles, label, marker)]
CYCLE_MARKS = {
    0: [(9_142_272, "[WM-ECC] Table 1, MICAz", "D")],
    1: [(9_900_000, "[micro-ecc], fast setting", "v"), (9_953_280, "[WM-ECC] Table 1, MICAz", "D")],
    2: [(10_000_000, "[micro-ecc], fast setting", "v"), (14_450_688, "[WM-ECC] Table 1, MICAz", "D")],
    3: [(7_870_000, "[micro-ecc], fast setting", "v"), (16_100_000, "[micro-ecc], small setting", "^")],
}
MICRO_ECC_STACK = (460, 750)   # [micro-ecc]: stack, bytes
WM_ECC_STATIC = 1180           # [WM-ECC] Table 2: static RAM, bytes, no stack
RAM_ATMEGA128 = 4096


class DataError(Exception):
    pass


def read_rows(path):
    """{(curve, op index): row} of the CSV, numbers as int; the curves it has."""
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise DataError(f"cannot read: {e.strerror}") from None
    if not rows:
        raise DataError("no rows (want the output of `tools/mote_report.py --csv`)")
    missing = [c for c in COLUMNS if c not in rows[0]]
    if missing:
        raise DataError("missing columns " + ", ".join(missing)
                        + " (want the output of `tools/mote_report.py --csv`)")
    data = {}
    for i, r in enumerate(rows, start=2):
        for op, (_, labels, _) in enumerate(OPS):
            if r["operation"] in labels and r["curve"] in CURVES:
                try:
                    data[(r["curve"], op)] = {c: int(r[c]) for c in
                                              ("cycles", "stack", "lib", "image_static_ram", "exit")}
                    data[(r["curve"], op)]["mcu"] = r["mcu"]
                except ValueError:
                    raise DataError(f"line {i}: a number column is not an integer") from None
    curves = [c for c in CURVES if any((c, op) in data for op in range(len(OPS)))]
    if not curves:
        raise DataError("no key generation, sign, verify or ECDH row of a SEC 2 curve")
    bad = [f"{c}" for (c, _), d in data.items() if d["exit"] != 0]
    if bad:
        raise DataError("images that failed their checks (exit != 0): " + ", ".join(sorted(set(bad))))
    return data, curves


def draw(data, curves, out, dpi):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    fig, (axc, axr) = plt.subplots(1, 2, figsize=(16, 6.6), gridspec_kw={"width_ratios": [1.15, 1]})
    nop = len(OPS)
    width = 0.8 / nop
    xs = range(len(curves))
    ticks = []
    for ci, c in enumerate(curves):
        mcu = next((data[(c, op)]["mcu"] for op in range(nop) if (c, op) in data), "")
        ticks.append(f"{c}\n{mcu.replace('atmega', 'ATmega')}")

    # cycles
    for op, (name, _, colour) in enumerate(OPS):
        xo = [ci + (op - (nop - 1) / 2) * width for ci in xs]
        ys = [data[(c, op)]["cycles"] if (c, op) in data else 0 for c in curves]
        axc.bar(xo, ys, width * 0.92, color=colour, label=name, zorder=2)
    seen = set()
    if "secp160r1" in curves:
        ci = curves.index("secp160r1")
        for op, marks in CYCLE_MARKS.items():
            x = ci + (op - (nop - 1) / 2) * width
            for cyc, label, marker in marks:
                axc.plot([x], [cyc], marker=marker, ms=8, mfc="white", mec="black", mew=1.5, ls="",
                         zorder=4, label=None if label in seen else label + " (published)")
                seen.add(label)
    axc.set_yscale("log")
    axc.set_ylim(1e6, 3e8)
    axc.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v / 1e6:g} M"))
    axc.set_xticks(list(xs))
    axc.set_xticklabels(ticks, fontsize=8.5)
    axc.set_ylabel("cycles (exact, sc-avrsim; logarithmic)")
    axc.grid(True, axis="y", which="both", color="0.9", lw=0.7)
    axc.set_axisbelow(True)
    sec = axc.secondary_yaxis("right", functions=(lambda v: v / MHZ, lambda s: s * MHZ))
    sec.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g} s"))
    sec.set_ylabel("seconds at 7.3728 MHz (MICAz, IRIS)")
    axc.set_title("cycles per operation", fontsize=11)
    axc.legend(loc="upper left", fontsize=8, framealpha=0.95, ncol=2)

    # RAM: the deepest stack of the operation, the image's static .data + .bss on top
    for op, (name, _, colour) in enumerate(OPS):
        xo = [ci + (op - (nop - 1) / 2) * width for ci in xs]
        st = [data[(c, op)]["image_static_ram"] if (c, op) in data else 0 for c in curves]
        sk = [data[(c, op)]["stack"] if (c, op) in data else 0 for c in curves]
        axr.bar(xo, sk, width * 0.92, color=colour, zorder=2)
        axr.bar(xo, st, width * 0.92, bottom=sk, color="0.85", edgecolor="0.6", lw=0.5, zorder=2,
                label="static .data + .bss of the benchmark image" if op == 0 else None)
    axr.axhline(RAM_ATMEGA128, color="0.3", lw=1.2, ls="--", zorder=1)
    axr.annotate("ATmega128: 4,096 B of RAM", xy=(len(curves) - 0.5, RAM_ATMEGA128), xytext=(-4, 4),
                 textcoords="offset points", ha="right", fontsize=8.5, color="0.3")
    if "secp160r1" in curves:
        ci = curves.index("secp160r1")
        x0, x1 = ci - 0.45, ci + 0.45
        axr.plot([x0, x1], [MICRO_ECC_STACK[0]] * 2, color="black", lw=1.2, ls=":", zorder=4)
        axr.plot([x0, x1], [MICRO_ECC_STACK[1]] * 2, color="black", lw=1.2, ls=":", zorder=4,
                 label=f"[micro-ecc] stack {MICRO_ECC_STACK[0]}-{MICRO_ECC_STACK[1]} B (published; "
                       "compare the coloured part)")
        axr.plot([ci], [WM_ECC_STATIC], marker="D", ms=8, mfc="white", mec="black", mew=1.5, ls="",
                 zorder=4, label=f"[WM-ECC] static RAM {WM_ECC_STATIC:,} B (published; its stack not given)")
    axr.set_ylim(0, RAM_ATMEGA128 * 1.12)
    axr.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
    axr.set_xticks(list(xs))
    axr.set_xticklabels(ticks, fontsize=8)
    axr.set_ylabel("RAM, bytes: deepest stack in the operation + static")
    axr.grid(True, axis="y", color="0.9", lw=0.7)
    axr.set_axisbelow(True)
    axr.set_title("RAM per operation (colour: the operation's deepest stack; grey: static)", fontsize=11)
    axr.legend(loc="upper left", fontsize=8, framealpha=0.95)

    fig.suptitle("seacurve on the AVR: benchmark images, asm kernels, table of G in flash, -Os "
                 "(ATmega1281 images: the same cycles on the ATmega128)", fontsize=11.5)
    fig.tight_layout()
    save(fig, out, dpi)
    plt.close(fig)


def save(fig, out, dpi):
    """Write beside the target, then rename: the figure is replaced whole or not at all."""
    d = os.path.dirname(os.path.abspath(out))
    fd, tmp = tempfile.mkstemp(prefix=".plot_mote-", suffix=".png", dir=d)
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
    ap = argparse.ArgumentParser(description="Draw the mote table from `tools/mote_report.py --csv`.")
    ap.add_argument("csv", help="the CSV of `tools/mote_report.py --csv`")
    ap.add_argument("-o", "--out", required=True, help="the PNG to write (replaced if it exists)")
    ap.add_argument("--dpi", type=int, default=100, help="resolution (default 100: 1600 x 660 pixels)")
    args = ap.parse_args()
    try:
        data, curves = read_rows(args.csv)
    except DataError as e:
        print(f"plot_mote.py: {args.csv}: {e}", file=sys.stderr)
        return 2
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("plot_mote.py: matplotlib is missing (Debian: apt-get install python3-matplotlib; "
              "or pip install matplotlib)", file=sys.stderr)
        return 3
    try:
        draw(data, curves, args.out, args.dpi)
    except OSError as e:
        print(f"plot_mote.py: {args.out}: cannot write: {e.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
