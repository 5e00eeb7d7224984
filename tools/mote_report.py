#!/usr/bin/env python3
"""mote_report.py: the mote benchmark tables (docs/mote.md, "Benchmarks").

Runs AVR firmware images under sc-avrsim (tools/avrsim) with --json and prints

  * for each benchmark image (firmware/bench_curve.c): one row per region, with
    the exact cycles, milliseconds at 7.3728 MHz (MICAz / IRIS) and at 8 MHz, and
    the deepest stack (bytes below RAMEND; "lib" = deepest minus the depth at the
    region's start, i.e. what the measured call itself used);
The footprint table (application images against an installed library) is
tools/footprint.py's, which uses run_sim, avr_size and map_contributors from here.

Usage:
  mote_report.py [--sim SC-AVRSIM] [--md] [--jobs 2] [--timeout S] [--bench ELF ...]
  mote_report.py --dir BUILD/firmware/atmega128 [--dir ...]   # every bench_* ELF there
  mote_report.py --msp430 --dir BUILD/firmware/msp430f1611     # MSP430 images (firmware/msp430)

With --msp430 the images run under tools/msp430/msp430sim.py (mspdebug's simulator;
docs/mote.md, "MSP430"), milliseconds are at 4 MHz (TelosB) and 8 MHz (Tmote Sky), sizes
come from llvm-size and the RAM is the MSP430F1611's 10,240 bytes.

Cycle counts are sc-avrsim's: exact, calibrated (an empty region reads 0). The exit
status is 0 when every image ran and exited 0, else 1 (each failure on stderr).
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys

MHZ = (7.3728e6, 8e6)
RAM_BYTES = {"atmega128": 4096, "atmega1281": 8192}
# --msp430: the clocks of the TelosB and the Tmote Sky, the MSP430F1611's RAM
MSP430 = {"mhz": (4e6, 8e6), "ram": 10240}


def run_sim(sim, elf, timeout):
    cmd = [sim, "--json", "--timeout", str(timeout), elf]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        js = json.loads(p.stdout)
    except ValueError:
        js = None
    return p.returncode, js, p.stderr.strip()


def avr_size(elf, tool_name="avr-size"):
    tool = shutil.which(tool_name)
    if not tool:
        return None
    out = subprocess.run([tool, "-A", elf], stdout=subprocess.PIPE, text=True, check=True).stdout
    sec = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 2 and f[0].startswith(".") and f[1].isdigit():
            sec[f[0]] = int(f[1])
    return sec


def map_contributors(mapfile):
    """Flash bytes per archive member / object and per input section, from a GNU ld map."""
    per_obj, per_sec = {}, {}
    if not os.path.exists(mapfile):
        return per_obj, per_sec
    with open(mapfile, errors="replace") as fh:
        lines = fh.read().split("\n")
    try:
        start = next(i for i, l in enumerate(lines) if l.startswith("Linker script and memory map"))
    except StopIteration:
        return per_obj, per_sec
    pat = re.compile(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$")
    pending = None
    for l in lines[start:]:
        m = re.match(r"^ (\.(?:text|progmem|data|rodata)[^\s]*)(?:\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*))?$", l)
        if m:
            if m.group(2) is None:
                pending = m.group(1)
                continue
            name, size, obj = m.group(1), int(m.group(3), 16), m.group(4)
        elif pending:
            m2 = pat.match(l)
            pending_name, pending = pending, None
            if not m2:
                continue
            name, size, obj = pending_name, int(m2.group(2), 16), m2.group(3)
        else:
            continue
        if size == 0:
            continue
        objm = re.search(r"\(([^)]+)\)$", obj)
        short = objm.group(1) if objm else os.path.basename(obj)
        short = re.sub(r"\.c\.obj$|\.S\.obj$|\.obj$|\.o$", "", short)
        per_obj[short] = per_obj.get(short, 0) + size
        sec = re.sub(r"^\.(text|progmem\.data|progmem|data|rodata)\.", "", name)
        per_sec[sec + " (" + short + ")"] = per_sec.get(sec + " (" + short + ")", 0) + size
    return per_obj, per_sec


def fmt(n):
    return f"{n:,}"


def table(rows, head, md):
    if md:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
        return "\n".join(out)
    w = [max(len(str(x)) for x in col) for col in zip(head, *rows)] if rows else [len(h) for h in head]
    out = ["  ".join(str(h).ljust(w[i]) for i, h in enumerate(head))]
    out += ["  ".join((str(c).rjust(w[i]) if i else str(c).ljust(w[i])) for i, c in enumerate(r))
            for r in rows]
    return "\n".join(out)


def bench_report(elf, rc, js, err, md, msp430=False):
    if js is None:
        return None, f"{elf}: no result (exit {rc}): {err}"
    console = js.get("console", "")
    labels, title = {}, os.path.basename(elf)
    for line in console.splitlines():
        m = re.match(r"region (\d+) (.*)$", line)
        if m:
            labels[int(m.group(1))] = m.group(2)
        m = re.match(r"bench (\S+) (\S+) fbits", line)
        if m:
            title = f"{m.group(1)} on {m.group(2)}"
    failed = [l for l in console.splitlines() if l.startswith("check ") and not l.endswith(" ok")]
    rows = []
    mhz = MSP430["mhz"] if msp430 else MHZ
    for r in js.get("regions", []):
        cyc = r["cycles"]
        rows.append([labels.get(r["id"], f"region {r['id']}"), fmt(cyc),
                     f"{cyc / mhz[0] * 1e3:,.2f}", f"{cyc / mhz[1] * 1e3:,.2f}",
                     fmt(r["stack"]), fmt(r["stack"] - r["base"])])
    if msp430:
        head = ["operation", "cycles", "ms @ 4 MHz (TelosB)", "ms @ 8 MHz (Tmote)", "stack (B)", "lib (B)"]
        sec = avr_size(elf, "llvm-size") or {}
        # flash: code, constants and .data's initial values; RAM: the runner's words too
        sec[".text"] = sec.get(".text", 0) + sec.get(".rodata", 0)
        ram = sec.get(".data", 0) + sec.get(".bss", 0) + sec.get(".sc_mote", 0)
        ramsize = MSP430["ram"]
        js["mcu"] = "msp430f1611"
    else:
        head = ["operation", "cycles", "ms @ 7.3728 MHz", "ms @ 8 MHz", "stack (B)", "lib (B)"]
        sec = avr_size(elf) or {}
        ram = sec.get(".data", 0) + sec.get(".bss", 0)
        ramsize = RAM_BYTES.get(js.get("mcu"), 0)
    total = ram + js.get("stack", 0)
    text = (("### " if md else "== ") + title + "\n\n" + table(rows, head, md) + "\n\n"
            + f"whole run: {fmt(js.get('cycles', 0))} cycles, exit {js.get('exit')}; image: flash "
            + f"{fmt(sec.get('.text', 0) + sec.get('.data', 0))} B, RAM .data + .bss {fmt(ram)} B + deepest "
            + f"stack {fmt(js.get('stack', 0))} B = {fmt(total)} B of {fmt(ramsize)}"
            + (" (fits the ATmega128's 4,096 too)" if not msp430 and js.get("mcu") != "atmega128" and total <= 4096 else "")
            + (" (does not fit the ATmega128's 4,096)" if not msp430 and js.get("mcu") != "atmega128" and total > 4096 else "")
            + "\n")
    problem = None
    if rc != 0 or failed:
        problem = f"{elf}: exit {rc}{'; ' + err if err else ''}{'; ' + '; '.join(failed) if failed else ''}"
    return text, problem


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sim", default=None, help="sc-avrsim (default: next to --dir's build, or PATH)")
    ap.add_argument("--dir", action="append", default=[], help="firmware build dir: every bench_* ELF")
    ap.add_argument("--bench", action="append", default=[], help="benchmark ELF")
    ap.add_argument("--md", action="store_true", help="Markdown tables")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=600, help="wall-clock seconds per image")
    ap.add_argument("--save", help="write the runs' results (JSON) to this file")
    ap.add_argument("--load", help="tables from a --save file instead of running the images")
    ap.add_argument("--msp430", action="store_true", help="MSP430 images, run by tools/msp430/msp430sim.py")
    a = ap.parse_args()

    for d in a.dir:
        a.bench += sorted(glob.glob(os.path.join(d, "bench_*.elf")))
    if not a.bench:
        ap.error("no images (--bench or --dir)")
    if a.msp430 and not a.sim:
        a.sim = os.path.join(os.path.dirname(os.path.abspath(__file__)), "msp430", "msp430sim.py")
    sim = a.sim or shutil.which("sc-avrsim")
    if not sim:
        for d in a.dir + [os.path.dirname(e) for e in a.bench]:
            cand = os.path.join(d, "..", "..", "tools", "avrsim", "sc-avrsim")
            if os.path.exists(cand):
                sim = os.path.normpath(cand)
                break
    if not sim and not a.load:
        ap.error("sc-avrsim not found: --sim")

    images = a.bench
    if a.load:
        with open(a.load) as fh:
            results = {k: tuple(v) for k, v in json.load(fh).items()}
    else:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            results = dict(zip(images, ex.map(lambda e: run_sim(sim, e, a.timeout), images)))
    if a.save:
        with open(a.save, "w") as fh:
            json.dump(results, fh)

    problems = []
    if len(a.bench) > 1:
        # one row per operation, one column per curve: exact cycles
        cols, order = [], []
        for elf in a.bench:
            rc, js, err = results[elf]
            if js is None:
                continue
            labels, curve = {}, os.path.basename(elf)
            for line in js.get("console", "").splitlines():
                m = re.match(r"region (\d+) (.*)$", line)
                if m:
                    labels[int(m.group(1))] = m.group(2)
                m = re.match(r"bench (\S+) (\S+) fbits", line)
                if m:
                    curve = f"{m.group(1)} ({m.group(2)})"
            vals = {}
            for r in js.get("regions", []):
                lab = labels.get(r["id"], f"region {r['id']}")
                if lab not in order:
                    order.append(lab)
                vals[lab] = r["cycles"]
            cols.append((curve, vals))
        head = ["operation (cycles)"] + [c for c, _ in cols]
        rows = [[lab] + [fmt(v[lab]) if lab in v else "-" for _, v in cols] for lab in order]
        print(("### " if a.md else "== ") + "Cycles per operation, every curve\n")
        print(table(rows, head, a.md))
        print()
    for elf in a.bench:
        text, problem = bench_report(elf, *results[elf], a.md, a.msp430)
        if text:
            print(text)
        if problem:
            problems.append(problem)

    for p in problems:
        print("mote_report: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
