#!/usr/bin/env python3
"""test_ct_mull: the Cortex-M3 long-multiply replacements of port/cortexm/ct_mull_v7m.py
against Python's integers, executed by Unicorn's Cortex-M3.

    test_ct_mull.py [--as arm-none-eabi-as] [--cases N]

For UMULL, UMLAL, SMULL and SMLAL and register assignments with every kind of aliasing
the architecture allows (RdLo or RdHi equal to Rn or Rm, Rn = Rm, high registers, lr),
each replacement is assembled (-mcpu=cortex-m3) and run on edge operands (0, 1, 2^16 - 1,
2^16, 2^31 - 1, 2^31, 2^32 - 1 ...) and N pseudo-random ones (a fixed LCG: the cases are
the same every run). Checked: RdHi:RdLo is the product (plus the accumulator, mod 2^64,
signed or unsigned), every other register, sp and the flags NZCV are unchanged, and the
executed instructions are MUL, data processing, PUSH and POP alone (no instruction whose
time depends on its operands on the M3). Exit 0 when all pass.
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
sys.path.insert(0, os.path.join(HERE, "..", "..", "port", "cortexm"))
import ct_mull_v7m  # noqa: E402

REGS = ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"]
UREG = {r: getattr(UA, "UC_ARM_REG_" + r.upper()) for r in REGS}
ASSIGN = [  # RdLo, RdHi, Rn, Rm
    ("r0", "r1", "r2", "r3"), ("r0", "r1", "r0", "r1"), ("r0", "r1", "r1", "r0"),
    ("r3", "r2", "r3", "r3"), ("r4", "r5", "r6", "r6"), ("ip", "lr", "r0", "ip"),
    ("r10", "fp", "fp", "sl"), ("lr", "r0", "lr", "r0"), ("r7", "r12", "r8", "r9"),
    ("r1", "r0", "r2", "r1")]
EDGE = [0, 1, 2, 0xFFFF, 0x10000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFF0000, 0x0000FFFF,
        0x8000FFFF, 0x7FFF8000]
ALLOWED = {"push", "pop", "push.w", "pop.w", "mul", "uxth", "lsr", "lsr.w", "asr", "asr.w", "and", "and.w",
           "add", "add.w", "orr", "orr.w", "sub", "sub.w", "uxth.w", "mul.w"}


def lcg(state):
    state = (state * 6364136223846793005 + 1442695040888963407) & (2 ** 64 - 1)
    return state, state >> 32


def assemble(asm_tool, lines):
    with tempfile.TemporaryDirectory() as d:
        src, obj, bin_ = (os.path.join(d, n) for n in ("t.s", "t.o", "t.bin"))
        with open(src, "w") as f:
            f.write("\t.syntax unified\n\t.thumb\n" + "".join("\t%s\n" % x for x in lines) + "\tbkpt #0\n")
        subprocess.check_call([asm_tool, "-mcpu=cortex-m3", "-mthumb", "-o", obj, src])
        objcopy = asm_tool[:-2] + "objcopy" if asm_tool.endswith("as") else "arm-none-eabi-objcopy"
        subprocess.check_call([objcopy, "-O", "binary", "-j", ".text", obj, bin_])
        with open(bin_, "rb") as f:
            return f.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--as", dest="asm", default="arm-none-eabi-as")
    ap.add_argument("--cases", type=int, default=100)
    args = ap.parse_args()
    md = capstone.Cs(capstone.CS_ARCH_ARM, capstone.CS_MODE_THUMB | capstone.CS_MODE_MCLASS)
    fails = runs = 0
    state = 0x5EAC0123
    for op in ("umull", "umlal", "smull", "smlal"):
        for rl, rh, rn, rm in ASSIGN:
            code = assemble(args.asm, ct_mull_v7m.emit(op, rl, rh, rn, rm))
            names = [i.mnemonic for i in md.disasm(code, 0)][:-1]
            bad = sorted(set(names) - ALLOWED)
            if bad or "bkpt" in names:
                print("FAIL %s %s: instructions %s" % (op, (rl, rh, rn, rm), bad))
                fails += 1
                continue
            L, H, N, M = (ct_mull_v7m.reg(x) for x in (rl, rh, rn, rm))
            vals = [(x, y) for x in EDGE for y in EDGE]
            for _ in range(args.cases):
                state, x = lcg(state)
                state, y = lcg(state)
                vals.append((x, y))
            uc = unicorn.Uc(unicorn.UC_ARCH_ARM, unicorn.UC_MODE_THUMB | unicorn.UC_MODE_MCLASS)
            uc.ctl_set_cpu_model(UA.UC_CPU_ARM_CORTEX_M3)
            uc.mem_map(0, 0x1000)
            uc.mem_map(0x20000000, 0x1000)
            uc.mem_write(0, code)
            for k, (x, y) in enumerate(vals):
                init = {}
                for r in REGS:
                    state, v = lcg(state)
                    init[r] = v
                init[N], init[M] = x, y
                if N == M:
                    init[N] = y = x
                for r, v in init.items():
                    uc.reg_write(UREG[r], v)
                uc.reg_write(UA.UC_ARM_REG_SP, 0x20000800)
                flags = (k % 16) << 28
                uc.reg_write(UA.UC_ARM_REG_XPSR, flags | 0x01000000)
                uc.emu_start(1, len(code) - 2)
                a, b = init[N], init[M]
                if op[0] == "s":
                    a -= (a >> 31) << 32
                    b -= (b >> 31) << 32
                want = a * b
                if op.endswith("lal"):
                    want += init[L] | init[H] << 32
                want &= 2 ** 64 - 1
                got = uc.reg_read(UREG[L]) | uc.reg_read(UREG[H]) << 32
                err = []
                if got != want:
                    err.append("product %016x, expected %016x" % (got, want))
                for r in REGS:
                    if r not in (L, H) and uc.reg_read(UREG[r]) != init[r]:
                        err.append("%s changed" % r)
                if uc.reg_read(UA.UC_ARM_REG_SP) != 0x20000800:
                    err.append("sp changed")
                if uc.reg_read(UA.UC_ARM_REG_XPSR) & 0xF0000000 != flags:
                    err.append("flags changed")
                runs += 1
                if err:
                    fails += 1
                    if fails < 20:
                        print("FAIL %s %s a=%08x b=%08x: %s" % (op, (rl, rh, rn, rm), x, y, "; ".join(err)))
    print("ct_mull_v7m: %d cases, %d failed" % (runs, fails))
    return 1 if fails or not runs else 0


if __name__ == "__main__":
    sys.exit(main())
