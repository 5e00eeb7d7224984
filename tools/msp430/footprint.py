#!/usr/bin/env python3
"""footprint.py (MSP430): the application images' table (docs/mote.md, "MSP430", "Application
footprint") and the ctests msp430_footprint_*.

The images are firmware/msp430's footprint_<bits>.elf: examples/footprint/footprint.c (the AVR
footprint table's application, FOOTPRINT_OPS=3: public key, SHA-256, RFC 6979 signature,
verification of it and of a tampered copy, ECDH) linked against the library at 16-bit limbs for one
curve on the MSP430F1611. Each image checks its results against tools/footprint.py's vectors
(Python integers, independent of seacurve) and exits with the number of failed checks.

For each image this script runs tools/msp430/msp430sim.py --json and reads the ELF's section
headers: flash = .text + .rodata + .data (the 2-byte reset vector aside), static RAM = .data + .bss
(the runner's three protocol words, .sc_mote, 6 B, are not the application's and are left out),
stack = the deepest stack of each operation in bytes below the top of RAM (main's own frame and
the start-up code's included), RAM total = static RAM + the deepest stack of all operations.

    footprint.py --dir BUILD [--images footprint_160,footprint_256] [--md]
    footprint.py --dir BUILD --budget IMAGE      (a ctest: IMAGE must pass its checks and stay
                                                  within BUDGET's ceilings)

Exit status 0 when every image ran with exit code 0, every operation's region was measured and
(with --budget) flash and RAM are within the ceilings; 1 otherwise.
"""
import argparse
import json
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SIM = os.path.join(HERE, "msp430sim.py")
REGIONS = {1: "public key", 2: "SHA-256", 3: "sign (RFC 6979)", 4: "verify", 5: "ECDH"}
CURVES = {"footprint_160": "secp160r1", "footprint_256": "secp256r1"}
HZ = (4e6, 8e6)  # TelosB, Tmote Sky ([WM-ECC] sec. 4)

# The ctests' ceilings: the measured figures plus a small margin (a regression guard: it fails
# if the application's flash or RAM grows). The one place to edit them.
BUDGET = {
    # image: {"flash": .text + .rodata + .data, "ram": .data + .bss + deepest stack}
    "footprint_160": {"flash": 25_700, "ram": 920},
    "footprint_256": {"flash": 28_600, "ram": 1_420},
}


def sections(path):
    """name -> size of an ELF32 little-endian file's sections."""
    with open(path, "rb") as f:
        d = f.read()
    if d[:4] != b"\x7fELF" or d[4] != 1 or d[5] != 1:
        raise ValueError("%s: not a 32-bit little-endian ELF" % path)
    shoff, = struct.unpack_from("<I", d, 32)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 46)
    secs = [struct.unpack_from("<IIIIIIIIII", d, shoff + i * shentsize) for i in range(shnum)]
    strtab = secs[shstrndx][4]
    out = {}
    for s in secs:
        end = d.index(b"\0", strtab + s[0])
        out[d[strtab + s[0]:end].decode()] = s[5]
    return out


def measure(elf):
    """The figures of one image, or raises RuntimeError."""
    sz = sections(elf)
    r = subprocess.run([sys.executable, SIM, "--json", elf], capture_output=True, text=True)
    try:
        js = json.loads(r.stdout)
    except ValueError:
        raise RuntimeError("%s: msp430sim exit %d, no JSON: %s%s" % (elf, r.returncode, r.stdout, r.stderr))
    if r.returncode != 0 or js.get("exit") != 0:
        raise RuntimeError("%s: exit %s (failed checks), %s" % (elf, js.get("exit"), r.stderr.strip()))
    regions = {g["id"]: g for g in js["regions"]}
    missing = [i for i in REGIONS if i not in regions]
    if missing:
        raise RuntimeError("%s: regions %s not measured" % (elf, missing))
    static = sz.get(".data", 0) + sz.get(".bss", 0)
    stack = max(regions[i]["stack"] for i in REGIONS)
    return {"flash": sz.get(".text", 0) + sz.get(".rodata", 0) + sz.get(".data", 0),
            "text": sz.get(".text", 0), "rodata": sz.get(".rodata", 0),
            "static": static, "stack": stack, "ram": static + stack, "base": regions[1]["base"],
            "regions": regions}


def fmt(n):
    return "{:,}".format(n)


def table(figs):
    names = list(figs)
    lines = ["| | " + " | ".join("%s (`%s`)" % (CURVES.get(n, n), n) for n in names) + " |",
             "|---|" + "---|" * len(names)]
    row = lambda label, f: lines.append("| %s | %s |" % (label, " | ".join(f(figs[n]) for n in names)))
    row("flash: .text + .rodata + .data (B)",
        lambda g: "%s (%s + %s + %s)" % (fmt(g["flash"]), fmt(g["text"]), fmt(g["rodata"]),
                                         fmt(g["flash"] - g["text"] - g["rodata"])))
    row("static RAM: .data + .bss (B)", lambda g: fmt(g["static"]))
    for i, name in REGIONS.items():
        row("deepest stack, %s (B)" % name, lambda g, i=i: fmt(g["regions"][i]["stack"]))
    row("RAM total: static + deepest stack (B)", lambda g: "**%s**" % fmt(g["ram"]))
    for i in (3, 4, 5):
        row("cycles, %s" % REGIONS[i], lambda g, i=i: "%s (%.2f s / %.2f s)" % (
            fmt(g["regions"][i]["cycles"]), g["regions"][i]["cycles"] / HZ[0], g["regions"][i]["cycles"] / HZ[1]))
    row("cycles, public key / SHA-256",
        lambda g: "%s / %s" % (fmt(g["regions"][1]["cycles"]), fmt(g["regions"][2]["cycles"])))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", required=True, help="firmware/msp430 build directory")
    ap.add_argument("--images", default="footprint_160,footprint_256")
    ap.add_argument("--budget", metavar="IMAGE", help="check IMAGE against BUDGET (a ctest)")
    ap.add_argument("--md", action="store_true", help="print the Markdown table")
    a = ap.parse_args()
    names = [a.budget] if a.budget else a.images.split(",")
    figs, bad = {}, []
    for n in names:
        try:
            figs[n] = measure(os.path.join(a.dir, n + ".elf"))
        except (OSError, ValueError, RuntimeError) as e:
            bad.append(str(e))
            continue
        g = figs[n]
        print("%s: flash %d static %d stack %d ram %d sign %d verify %d ecdh %d" % (
            n, g["flash"], g["static"], g["stack"], g["ram"], g["regions"][3]["cycles"],
            g["regions"][4]["cycles"], g["regions"][5]["cycles"]))
        if a.budget:
            if n not in BUDGET:
                bad.append("%s: no BUDGET entry" % n)
                continue
            for k in ("flash", "ram"):
                if g[k] > BUDGET[n][k]:
                    bad.append("%s: %s %d B over the ceiling %d B" % (n, k, g[k], BUDGET[n][k]))
    if a.md and figs:
        print(table(figs))
    for b in bad:
        print("FAIL " + b, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
