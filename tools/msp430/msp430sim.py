#!/usr/bin/env python3
"""msp430sim: run an MSP430 firmware image in mspdebug's simulator and measure it.

The MSP430 counterpart of sc-avrsim (tools/avrsim; docs/mote.md, "MSP430"): it loads the
ELF into `mspdebug sim` (Debian package mspdebug) with the simulator's 16 x 16 hardware
multiplier (the MSP430F1xx's, at 0x0130) and its cycle tracer, drives mspdebug's command
language through a pipe and follows the protocol of firmware/mote_msp430.h: three words
at the start of RAM (the ELF's symbols sc_mote_region, sc_mote_console,
sc_mote_exitcode), each under a write watchpoint, so the simulation stops right after
every marker, console byte and exit.

  tools/msp430/msp430sim.py [--timeout S] [--json] IMAGE.elf

Output, as sc-avrsim's with the prefix msp430sim:

  msp430sim region <id> cycles <n> stack <bytes> base <bytes>
  msp430sim exit <code> cycles <total> stack <bytes> overhead <n>

cycles: MCLK cycles between the start and stop markers, less the calibration region's
count (the stop marker itself, 5 cycles: the simulator stops after the start marker, so
its cost is never counted); stack: the deepest stack in the region, bytes below the top
of RAM (__sc_stack_top), base: the depth at its start.  The stack is measured by
painting: before the run, and again at every marker, the RAM below the stack pointer
(down to the end of .bss) is filled with 0xA5; at the next marker the lowest byte that
changed is the deepest the stack has been.  A region's figure is therefore exact as
long as the code writes every stack byte it reserves (calls and pushes do; a frame that
is reserved and never written could be missed: the figure is then a lower bound by at
most that frame's unwritten part).

Exit status: the image's exit code, else 120 usage, 121 ELF or mspdebug error, 122
protocol error (a stop without its start, a start twice), 123 simulator error (an
instruction the simulator does not know: it stops there), 124 timeout (wall clock).

Timing model (mspdebug 0.22 drivers/sim.c): one cycle count per instruction from its
format and addressing modes, the MSP430 (not MSP430X) CPU's table of the MSP430x1xx
Family User's Guide (SLAU049, 3.4.4), no wait states, the multiplier's result ready at
once (as on the F1611: a result is readable the cycle after OP2 is written).  Known
deviations from that table, each an over-count: the constant generator's immediates
#1 and #2/#4/#8/#-1 (e.g. `inc`, `incd`, `add #1`, `mov #2, r`) count as an indexed /
indirect source, 2 or 1 cycles too many; a single-operand instruction with @Rn or @Rn+
(rra @r5 ...) counts 5 cycles instead of 3; `push @Rn+` 5 instead of 4.  docs/mote.md has
the self-test that shows them.
"""
import argparse
import json
import os
import re
import select
import struct
import subprocess
import sys
import time

PAINT = 0xA5
SENTINEL = 0xFFFF


class Fail(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code


def elf_symbols(path):
    """name -> value of an ELF32 little-endian file's symbol table."""
    with open(path, "rb") as f:
        d = f.read()
    if d[:4] != b"\x7fELF" or d[4] != 1 or d[5] != 1:
        raise Fail(121, "%s: not a 32-bit little-endian ELF" % path)
    shoff, = struct.unpack_from("<I", d, 32)
    shentsize, shnum = struct.unpack_from("<HH", d, 46)
    secs = [struct.unpack_from("<IIIIIIIIII", d, shoff + i * shentsize) for i in range(shnum)]
    syms = {}
    for s in secs:
        if s[1] != 2:  # SHT_SYMTAB
            continue
        strtab = secs[s[6]]
        for off in range(s[4], s[4] + s[5], 16):
            name, value = struct.unpack_from("<II", d, off)
            end = d.index(b"\0", strtab[4] + name)
            syms[d[strtab[4] + name:end].decode()] = value
    return syms


class Sim:
    """mspdebug's simulator behind a pipe, one command at a time."""

    def __init__(self, deadline):
        self.deadline = deadline
        try:
            self.p = subprocess.Popen(["mspdebug", "-q", "-n", "sim"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        except OSError as e:
            raise Fail(121, "cannot start mspdebug: %s" % e)
        self.buf = b""
        self.wait()

    def wait(self):
        """Output up to the next prompt."""
        fd = self.p.stdout.fileno()
        while not self.buf.endswith(b"(mspdebug) "):
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise Fail(124, "timeout")
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise Fail(121, "mspdebug ended: %s" % self.buf.decode(errors="replace")[-300:])
            self.buf += chunk
        out = self.buf[:-len(b"(mspdebug) ")].decode(errors="replace")
        self.buf = b""
        return out

    def cmd(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()
        return self.wait()

    def md(self, addr, n):
        out = self.cmd("md 0x%x 0x%x" % (addr, n))
        data = bytearray()
        for m in re.finditer(r"^\s*[0-9a-f]+:((?: [0-9a-f]{2})+)", out, re.M):
            data += bytes(int(x, 16) for x in m.group(1).split())
        if len(data) != n:
            raise Fail(121, "md 0x%x: %d bytes read, %d expected" % (addr, len(data), n))
        return bytes(data)

    def cycles(self):
        m = re.search(r"MCLK:\s+(\d+)", self.cmd("simio info t"))
        if not m:
            raise Fail(121, "no MCLK count from the tracer")
        return int(m.group(1))

    def close(self):
        try:
            self.p.stdin.close()
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()
            self.p.wait()


class Out:
    """The console and the region lines, interleaved as sc-avrsim does: a region line that
    closes while the console is in the middle of a line waits for its newline."""

    def __init__(self, quiet):
        self.quiet = quiet
        self.col0 = True
        self.pending = []

    def putc(self, c):
        if self.quiet:
            return
        sys.stdout.write(c)
        self.col0 = c == "\n"
        if self.col0:
            self.flush()

    def region(self, rec):
        self.pending.append("msp430sim region %d cycles %d stack %d base %d\n"
                            % (rec["id"], rec["cycles"], rec["stack"], rec["base"]))
        if self.col0:
            self.flush()

    def flush(self):
        if not self.quiet:
            sys.stdout.write("".join(self.pending))
        self.pending = []

    def end(self):
        if not self.col0 and not self.quiet:
            sys.stdout.write("\n")
        self.col0 = True
        self.flush()


def run(elf, timeout, out_):
    syms = elf_symbols(elf)
    need = ["sc_mote_region", "sc_mote_console", "sc_mote_exitcode", "__sc_bss_end", "__sc_stack_top"]
    missing = [s for s in need if s not in syms]
    if missing:
        raise Fail(121, "%s: no symbol %s (not an image of port/msp430/msp430.ld and "
                   "firmware/mote_msp430.h)" % (elf, ", ".join(missing)))
    words = syms["sc_mote_region"]
    if syms["sc_mote_console"] != words + 2 or syms["sc_mote_exitcode"] != words + 4:
        raise Fail(121, "the protocol words are not consecutive")
    top = syms["__sc_stack_top"]
    low = syms["__sc_bss_end"]
    res = {"elf": elf, "ramtop": top, "overhead": None, "calibrated": False, "regions": [],
           "console": "", "cycles": 0, "stack": 0, "exit": None}
    sim = Sim(time.monotonic() + timeout)
    try:
        sim.cmd("simio add hwmult mpy")
        sim.cmd("simio add tracer t")
        out = sim.cmd("prog %s" % elf)
        if "Done" not in out:
            raise Fail(121, "mspdebug could not load %s: %s" % (elf, out.strip()))
        sent = " ".join(["ff"] * 6)
        sim.cmd("mw 0x%x %s" % (words, sent))
        for a in (words, words + 2, words + 4):
            sim.cmd("setwatch_w 0x%x" % a)
        sim.cmd("fill 0x%x 0x%x 0x%02x" % (low, top - low, PAINT))
        deepest = 0  # deepest stack seen since the last paint (bytes below top)
        open_regions = {}  # id -> [start cycles, base, deepest]
        overhead = None
        while True:
            out = sim.cmd("run")
            if re.search(r"^sim: ", out, re.M):
                raise Fail(123, "simulator: " + re.search(r"^sim: .*$", out, re.M).group(0))
            m = re.search(r"\( SP: ([0-9a-f]+)\)", out)
            if not m:
                raise Fail(121, "no registers after run: " + out.strip()[-300:])
            sp = int(m.group(1), 16)
            region, console, code = struct.unpack("<HHH", sim.md(words, 6))
            sim.cmd("mw 0x%x %s" % (words, sent))
            if console != SENTINEL:
                res["console"] += chr(console & 0xFF)
                out_.putc(chr(console & 0xFF))
                continue
            cyc = sim.cycles()
            # stack: the lowest painted byte overwritten since the last paint
            ram = sim.md(low, top - low)
            i = 0
            while i < len(ram) and ram[i] == PAINT:
                i += 1
            deepest = max(deepest, top - (low + i), top - sp)
            res["stack"] = max(res["stack"], deepest)
            for r in open_regions.values():
                r[2] = max(r[2], deepest)
            if code != SENTINEL:
                res["exit"] = code
                res["cycles"] = cyc
                break
            if region == SENTINEL:
                raise Fail(122, "a watchpoint stop with no protocol word written")
            rid = region & 0x7F
            if region & 0x80:
                if rid not in open_regions:
                    raise Fail(122, "region %d stopped without its start" % rid)
                start, base, deep = open_regions.pop(rid)
                raw = cyc - start
                if rid == 0:
                    overhead = raw
                    res["overhead"] = raw
                    res["calibrated"] = True
                else:
                    if overhead is None:
                        overhead = 5
                        res["overhead"] = 5
                        sys.stderr.write("msp430sim: no calibration region, 5 cycles assumed\n")
                    rec = {"id": rid, "cycles": raw - overhead, "stack": deep, "base": base}
                    res["regions"].append(rec)
                    out_.region(rec)
            else:
                if rid in open_regions:
                    raise Fail(122, "region %d started twice" % rid)
                open_regions[rid] = [cyc, top - sp, top - sp]
            # repaint below the stack pointer for the next interval
            deepest = top - sp
            if sp > low:
                sim.cmd("fill 0x%x 0x%x 0x%02x" % (low, sp - low, PAINT))
    finally:
        sim.close()
    return res


def main():
    ap = argparse.ArgumentParser(description="run an MSP430 image in mspdebug's simulator")
    ap.add_argument("elf")
    ap.add_argument("--timeout", type=float, default=60.0, help="wall-clock seconds (default 60)")
    ap.add_argument("--json", action="store_true", help="one JSON object instead of lines")
    try:
        a = ap.parse_args()
    except SystemExit as e:
        return 120 if e.code else 0
    out_ = Out(a.json)
    if not os.path.isfile(a.elf):
        sys.stderr.write("msp430sim: %s: no such file\n" % a.elf)
        return 121
    try:
        r = run(a.elf, a.timeout, out_)
    except Fail as e:
        out_.end()
        sys.stdout.flush()
        if a.json:
            print(json.dumps({"elf": a.elf, "error": str(e)}))
        sys.stderr.write("msp430sim: %s\n" % e)
        return e.code
    out_.end()
    if a.json:
        print(json.dumps(r))
    else:
        print("msp430sim exit %d cycles %d stack %d overhead %d"
              % (r["exit"], r["cycles"], r["stack"], r["overhead"] or 0))
    return r["exit"] if r["exit"] <= 119 else 119


if __name__ == "__main__":
    sys.exit(main())
