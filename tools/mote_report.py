#!/usr/bin/env python3
"""mote_report.py: the mote benchmark tables (docs/mote.md, "Benchmarks").

Runs AVR firmware images under sc-avrsim (tools/avrsim) with --json and prints

  * for each benchmark image (firmware/bench_curve.c): one row per region, with
    the exact cycles, milliseconds at 7.3728 MHz (MICAz / IRIS) and at 8 MHz, and
    the deepest stack (bytes below RAMEND; "lib" = deepest minus the depth at the
    region's start, i.e. what the measured call itself used);
The footprint table (application images against an installed library) is
tools/footprint.py's, which uses run_sim, avr_size and map_contributors from here.

Cortex-M images (the same firmware/bench_curve.c built by firmware/cortexm) run under
tools/cmsim/sc_cmsim.py instead (chosen by the ELF's machine), with the same columns:
the model's cycles (docs/mote.md, "Cortex-M: the cycle model"), their bounds, ms at a
typical clock of a part with that core, the deepest stack; flash and RAM from
arm-none-eabi-size.

Usage:
  mote_report.py [--sim SC-AVRSIM] [--md | --csv] [-q] [--jobs 2] [--timeout S] [--bench ELF ...]
  mote_report.py --dir BUILD/firmware/atmega128 [--dir ...]   # every bench_* ELF there
  mote_report.py --msp430 --dir BUILD/firmware/msp430f1611     # MSP430 images (firmware/msp430)

With --msp430 the images run under tools/msp430/msp430sim.py (mspdebug's simulator;
docs/mote.md, "MSP430"), milliseconds are at 4 MHz (TelosB) and 8 MHz (Tmote Sky), sizes
come from llvm-size and the RAM is the MSP430F1611's 10,240 bytes.

--csv prints the data instead of the tables, one line per image and region (tools/plot/plot_mote.py
draws docs/mote-bench.png from it), with the columns
  curve,mcu,region,operation,cycles,ms_7_3728mhz,ms_8mhz,stack,lib,image_flash,image_static_ram,
  image_stack,exit
(stack, lib: the region's deepest stack and what the call itself used, bytes; image_*: the whole
image's flash, .data + .bss and deepest stack, bytes; exit: the image's exit status).

While the images run, progress on stderr: a line as each image starts and one as it is done (its
exit status, regions, whole-run cycles and its RFC 6979 signature's), so stdout stays the report;
-q: none.

Cycle counts are sc-avrsim's: exact, calibrated (an empty region reads 0). The exit
status is 0 when every image ran and exited 0, else 1 (each failure on stderr).
"""
import argparse
import concurrent.futures
import csv
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time

MHZ = (7.3728e6, 8e6)
RAM_BYTES = {"atmega128": 4096, "atmega1281": 8192}
# Cortex-M: a clock of a common part with the core (SAMD21 / SAMR21, STM32L152, nRF52840)
CM_MHZ = {"cortex-m0plus": (48e6, "SAMR21"), "cortex-m3": (32e6, "STM32L1"), "cortex-m4": (64e6, "nRF52840")}
CMSIM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cmsim", "sc_cmsim.py")


def is_arm(elf):
    with open(elf, "rb") as fh:
        h = fh.read(20)
    return len(h) == 20 and h[:4] == b"\x7fELF" and h[18] == 40


def cmsim_cmd():
    """A Python that has unicorn and capstone (Debian's python3-unicorn is for /usr/bin/python3)."""
    for py in (sys.executable, "/usr/bin/python3"):
        if py and subprocess.run([py, "-c", "import unicorn, capstone"], stderr=subprocess.DEVNULL).returncode == 0:
            return [py, CMSIM]
    return None
# --msp430: the clocks of the TelosB and the Tmote Sky, the MSP430F1611's RAM
MSP430 = {"mhz": (4e6, 8e6), "ram": 10240}


def run_sim(sim, elf, timeout):
    if is_arm(elf):
        sim = cmsim_cmd()
        if not sim:
            return 121, None, "no python3 with unicorn and capstone for " + CMSIM
    cmd = (sim if isinstance(sim, list) else [sim]) + ["--json", "--timeout", str(timeout), elf]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        js = json.loads(p.stdout)
    except ValueError:
        js = None
    return p.returncode, js, p.stderr.strip()


def avr_size(elf, tool_name=None):
    tool = shutil.which(tool_name or ("arm-none-eabi-size" if is_arm(elf) else "avr-size"))
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


def image_info(elf, js):
    """(curve, mcu, {region id: label}) of a benchmark image's run, from its console lines."""
    labels, curve, mcu = {}, os.path.basename(elf), js.get("mcu", "") if js else ""
    for line in (js or {}).get("console", "").splitlines():
        m = re.match(r"region (\d+) (.*)$", line)
        if m:
            labels[int(m.group(1))] = m.group(2)
        m = re.match(r"bench (\S+) (\S+) fbits", line)
        if m:
            curve, mcu = m.group(1), m.group(2)
    return curve, mcu, labels


CSV_COLUMNS = ["curve", "mcu", "region", "operation", "cycles", "ms_7_3728mhz", "ms_8mhz", "stack",
               "lib", "image_flash", "image_static_ram", "image_stack", "exit"]


def csv_rows(elf, rc, js):
    """The --csv lines of one image's run (none when it gave no result)."""
    if js is None:
        return []
    curve, mcu, labels = image_info(elf, js)
    sec = avr_size(elf) or {}
    flash = sec.get(".text", 0) + sec.get(".data", 0)
    ram = sec.get(".data", 0) + sec.get(".bss", 0)
    rows = []
    for r in js.get("regions", []):
        cyc = r["cycles"]
        rows.append([curve, mcu, r["id"], labels.get(r["id"], f"region {r['id']}"), cyc,
                     f"{cyc / MHZ[0] * 1e3:.3f}", f"{cyc / MHZ[1] * 1e3:.3f}", r["stack"],
                     r["stack"] - r["base"], flash, ram, js.get("stack", 0), js.get("exit", rc)])
    return rows


class Progress:
    """A line on stderr as each image starts and one as it is done: [i/N] ...; silent when quiet."""

    def __init__(self, total, quiet):
        self.total, self.quiet, self.lock, self.started = total, quiet, threading.Lock(), 0

    def say(self, text):
        if not self.quiet:
            with self.lock:
                print(text, file=sys.stderr, flush=True)

    def run(self, sim, elf, timeout):
        with self.lock:
            self.started += 1
            i = self.started
        name = os.path.basename(elf)
        self.say(f"[{i}/{self.total}] {name} ... running")
        t0 = time.monotonic()
        rc, js, err = run_sim(sim, elf, timeout)
        secs = time.monotonic() - t0
        if js is None:
            self.say(f"[{i}/{self.total}] {name} ... no result (exit {rc}) after {secs:.0f} s")
        else:
            curve, mcu, labels = image_info(elf, js)
            sign = [r["cycles"] for r in js.get("regions", [])
                    if labels.get(r["id"], "").startswith("ECDSA sign, RFC 6979")]
            self.say(f"[{i}/{self.total}] {curve} ({mcu}) ... exit {js.get('exit', rc)}, "
                     f"{len(js.get('regions', []))} regions, {fmt(js.get('cycles', 0))} cycles in all"
                     + (f", sign {fmt(sign[0])} cycles" if sign else "") + f", {secs:.0f} s")
        return rc, js, err


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
    if "core" in js:
        return cm_report(elf, rc, js, err, md, labels, title, failed)
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


def cm_report(elf, rc, js, err, md, labels, title, failed):
    hz, part = CM_MHZ.get(js["core"], (1e6, "?"))
    rows = []
    for r in js.get("regions", []):
        cyc = r["cycles"]
        rows.append([labels.get(r["id"], f"region {r['id']}"), fmt(cyc), f"{fmt(r['min'])} - {fmt(r['max'])}",
                     f"{cyc / hz * 1e3:,.2f}", fmt(r["stack"]), fmt(r["stack"] - r["base"])])
    head = ["operation", "cycles (model)", "bounds", f"ms @ {hz / 1e6:g} MHz ({part})", "stack (B)", "lib (B)"]
    sec = avr_size(elf) or {}
    ram = sec.get(".data", 0) + sec.get(".bss", 0) + sec.get(".marker", 0)
    text = (("### " if md else "== ") + title + "\n\n" + table(rows, head, md) + "\n\n"
            + f"whole run: {fmt(js.get('cycles', 0))} cycles (model), {fmt(js.get('insns', 0))} instructions, "
            + f"exit {js.get('exit')}; image: flash {fmt(sec.get('.text', 0) + sec.get('.data', 0))} B, RAM "
            + f".data + .bss {fmt(ram)} B + deepest stack {fmt(js.get('stack', 0))} B = "
            + f"{fmt(ram + js.get('stack', 0))} B\n")
    problem = None
    if rc != 0 or failed:
        problem = f"{elf}: exit {rc}{'; ' + err if err else ''}{'; ' + '; '.join(failed) if failed else ''}"
    return text, problem


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sim", default=None, help="sc-avrsim (default: next to --dir's build, or PATH)")
    ap.add_argument("--dir", action="append", default=[], help="firmware build dir: every bench_* ELF")
    ap.add_argument("--bench", action="append", default=[], help="benchmark ELF")
    fmt_group = ap.add_mutually_exclusive_group()
    fmt_group.add_argument("--md", action="store_true", help="Markdown tables")
    fmt_group.add_argument("--csv", action="store_true",
                           help="the data instead of the tables: one CSV line per image and region")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
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
    if not sim and not a.load and not all(is_arm(e) for e in a.bench):
        ap.error("sc-avrsim not found: --sim")

    images = a.bench
    if a.load:
        with open(a.load) as fh:
            results = {k: tuple(v) for k, v in json.load(fh).items()}
    else:
        prog = Progress(len(images), a.quiet)
        prog.say(f"mote_report: {len(images)} image(s) under {sim}, {max(1, a.jobs)} at a time")
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            results = dict(zip(images, ex.map(lambda e: prog.run(sim, e, a.timeout), images)))
    if a.save:
        with open(a.save, "w") as fh:
            json.dump(results, fh)

    problems = []
    if a.csv:
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(CSV_COLUMNS)
        for elf in a.bench:
            rc, js, err = results[elf]
            w.writerows(csv_rows(elf, rc, js))
            _, problem = bench_report(elf, rc, js, err, False)
            if problem:
                problems.append(problem)
        for p in problems:
            print("mote_report: " + p, file=sys.stderr)
        return 1 if problems else 0
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
