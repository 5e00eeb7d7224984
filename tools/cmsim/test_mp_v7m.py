#!/usr/bin/env python3
"""test_mp_v7m: the Cortex-M3 product and squaring of port/cortexm/mp_mul_v7m.S against
Python's integers, executed by Unicorn's Cortex-M3.

    test_mp_v7m.py [--cc arm-none-eabi-gcc] [--cases N]

sc_cm3_mul (r = a b) and sc_cm3_sqr (r = a^2) are assembled (-mcpu=cortex-m3) and run for
n = 1 .. 10 words on edge operands (every word 0, 1, 2^16 - 1, 2^32 - 1, 2^31, alternating
halves) and N pseudo-random ones per n (a fixed LCG). Checked: the 2n words of r are the
product, the callee-saved registers r4-r11 and sp come back unchanged, no byte beyond r is
written; the executed instructions contain no long multiply (UMULL, UMLAL, SMULL, SMLAL,
UMAAL: operand-dependent time on the M3), and for each n the sequence of executed
instruction addresses and of memory addresses read and written is the same for every
operand (constant time by construction). Exit 0 when all pass.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import capstone
import unicorn
import unicorn.arm_const as UA

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "..", "port", "cortexm", "mp_mul_v7m.S")
CODE, RET, DATA, STACK = 0x10000, 0x20000, 0x20000000, 0x20010000
LONGMUL = {"umull", "umlal", "smull", "smlal", "umaal"}
MASK32 = 2 ** 32 - 1


def lcg(state):
    state = (state * 6364136223846793005 + 1442695040888963407) & (2 ** 64 - 1)
    return state, state >> 32


def build(cc):
    """{name: code bytes} of the two functions (each in its own section)."""
    out = {}
    with tempfile.TemporaryDirectory() as d:
        obj = os.path.join(d, "k.o")
        subprocess.check_call([cc, "-mcpu=cortex-m3", "-mthumb", "-c", "-o", obj, SRC])
        objcopy = cc[:-3] + "objcopy" if cc.endswith("gcc") else "arm-none-eabi-objcopy"
        for name in ("sc_cm3_mul", "sc_cm3_sqr"):
            b = os.path.join(d, name + ".bin")
            subprocess.check_call([objcopy, "-O", "binary", "-j", ".text." + name, obj, b])
            with open(b, "rb") as f:
                out[name] = f.read()
            if not out[name]:
                raise SystemExit("test_mp_v7m: %s not assembled" % name)
    return out


def words(x, n):
    return [(x >> (32 * i)) & MASK32 for i in range(n)]


def pack(ws):
    return b"".join(w.to_bytes(4, "little") for w in ws)


def run(uc, name, code, n, a, b, trace):
    """r as an integer; trace collects the executed and memory addresses."""
    ra, rb, rr = DATA, DATA + 0x100, DATA + 0x200
    uc.mem_write(DATA, b"\xa5" * 0x400)
    uc.mem_write(ra, pack(words(a, n)))
    uc.mem_write(rb, pack(words(b, n)))
    saved = {}
    for k, r in enumerate(range(UA.UC_ARM_REG_R4, UA.UC_ARM_REG_R4 + 8)):
        saved[r] = 0x1111 * (k + 1)
    for r, v in saved.items():
        uc.reg_write(r, v)
    uc.reg_write(UA.UC_ARM_REG_R0, rr)
    uc.reg_write(UA.UC_ARM_REG_R1, ra)
    if name == "sc_cm3_mul":
        uc.reg_write(UA.UC_ARM_REG_R2, rb)
        uc.reg_write(UA.UC_ARM_REG_R3, n)
    else:
        uc.reg_write(UA.UC_ARM_REG_R2, n)
    uc.reg_write(UA.UC_ARM_REG_SP, STACK - 0x100)
    uc.reg_write(UA.UC_ARM_REG_LR, RET | 1)
    trace.clear()
    uc.emu_start(CODE | 1, RET)
    err = []
    for r, v in saved.items():
        if uc.reg_read(r) != v:
            err.append("callee-saved register changed")
    if uc.reg_read(UA.UC_ARM_REG_SP) != STACK - 0x100:
        err.append("sp changed")
    mem = bytes(uc.mem_read(rr, 0x200))
    if mem[8 * n:] != b"\xa5" * (0x200 - 8 * n):
        err.append("written beyond r")
    return int.from_bytes(mem[:8 * n], "little"), err


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="arm-none-eabi-gcc")
    ap.add_argument("--cases", type=int, default=40)
    args = ap.parse_args()
    code = build(args.cc)
    md = capstone.Cs(capstone.CS_ARCH_ARM, capstone.CS_MODE_THUMB | capstone.CS_MODE_MCLASS)
    fails = runs = 0
    state = 0x3C0FFEE1
    for name, text in code.items():
        names = {i.mnemonic.split(".")[0] for i in md.disasm(text, CODE)}
        if names & LONGMUL:
            print("FAIL %s: long multiplies %s" % (name, sorted(names & LONGMUL)))
            fails += 1
        uc = unicorn.Uc(unicorn.UC_ARCH_ARM, unicorn.UC_MODE_THUMB | unicorn.UC_MODE_MCLASS)
        uc.ctl_set_cpu_model(UA.UC_CPU_ARM_CORTEX_M3)
        uc.mem_map(CODE, 0x1000)
        uc.mem_map(RET, 0x1000)
        uc.mem_map(DATA, STACK - DATA)
        uc.mem_write(CODE, text)
        trace = []
        uc.hook_add(unicorn.UC_HOOK_CODE, lambda u, addr, size, t: t.append(("x", addr)), trace)
        uc.hook_add(unicorn.UC_HOOK_MEM_READ | unicorn.UC_HOOK_MEM_WRITE,
                    lambda u, acc, addr, size, val, t: t.append(("m", addr)), trace)
        for n in range(1, 11):
            top = 2 ** (32 * n) - 1
            pat = [0, 1, top, 2 ** (32 * n - 1), sum(0xFFFF << (32 * i) for i in range(n)),
                   sum(0xFFFF0000 << (32 * i) for i in range(n)), sum(0x80000000 << (32 * i) for i in range(n))]
            vals = [(x, y) for x in pat for y in pat]
            for _ in range(args.cases):
                x = y = 0
                for i in range(n):
                    state, w = lcg(state)
                    x |= w << (32 * i)
                    state, w = lcg(state)
                    y |= w << (32 * i)
                vals.append((x, y))
            ref = None
            for x, y in vals:
                if name == "sc_cm3_sqr":
                    y = x
                got, err = run(uc, name, text, n, x, y, trace)
                if got != x * y:
                    err.append("r = %x, expected %x" % (got, x * y))
                if ref is None:
                    ref = list(trace)
                elif trace != ref:
                    err.append("instruction or memory address trace differs from the first operand's")
                runs += 1
                if err:
                    fails += 1
                    if fails < 20:
                        print("FAIL %s n=%d a=%x b=%x: %s" % (name, n, x, y, "; ".join(err)))
    print("mp_mul_v7m: %d cases, %d failed" % (runs, fails))
    return 1 if fails or not runs else 0


if __name__ == "__main__":
    sys.exit(main())
