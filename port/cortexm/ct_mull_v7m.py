#!/usr/bin/env python3
"""ct_mull_v7m: the library's long multiplies in constant time on the Cortex-M3.

The Cortex-M3 ends UMULL / SMULL (3-5 cycles) and UMLAL / SMLAL (4-7 cycles) early when
the operands are small ([ArmM3TRM], instruction timings: "early termination depending on
the size of source values"), so every 32 x 32 -> 64 word product the compiler makes of the
library's sc_dword arithmetic leaks the magnitude of its operands. MUL (32 x 32 -> low 32)
takes one cycle whatever its operands. This tool rewrites the compiler's assembly so that
each long multiply becomes straight-line code of MULs on 16-bit halves ([DSP] Alg. 2, the
route of lmul_v6m.S on the Cortex-M0+):

    a b = a1 b1 2^32 + (a0 b1 + a1 b0) 2^16 + a0 b0          (a = a1 2^16 + a0, likewise b)

The columns are summed in radix 2^16, so no carry flag is needed: no instruction of the
replacement sets or reads the flags, and the code the compiler placed around the multiply
(a compare before it, a conditional branch after it) keeps its meaning. Signed forms take
the unsigned product and subtract 2^32 ((a < 0) b + (b < 0) a) mod 2^64. The scratch
registers are saved and restored with PUSH / POP (they are chosen among r0-r12, lr, never
an operand); the stack grows by 4 bytes per scratch register for the duration. Cycles
([ArmM3TRM]): UMULL 27, UMLAL 35, SMULL 35, SMLAL 43, the same for every operand.

A long multiply the tool cannot rewrite (a conditional one, one inside an IT block, an
unknown form) stops the build with an error; the library's images are checked for any
UMULL / UMLAL / SMULL / SMLAL left (tools/cmsim/no_longmul.cmake).

Usage:
    ct_mull_v7m.py cc <compiler> <arguments...>   compiler launcher: for "-c x.c -o x.o" it
                                                  compiles x.c to assembly, rewrites it and
                                                  assembles the result into x.o; any other
                                                  command runs unchanged
    ct_mull_v7m.py rewrite IN.s OUT.s             the rewrite alone
    ct_mull_v7m.py emit OP RdLo RdHi Rn Rm        print the replacement of one instruction
"""
import os
import re
import subprocess
import sys

ALIAS = {"sl": "r10", "fp": "r11", "ip": "r12"}
POOL = ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"]
NSCRATCH = {"umull": 4, "umlal": 5, "smull": 5, "smlal": 6}
LONGMUL = re.compile(r"^\s*(umull|umlal|smull|smlal|umaal)(\S*)\s+(.*?)\s*(?:@.*)?$")
IT = re.compile(r"^\s*it([te]{0,3})\s+\w+\s*(?:@.*)?$")


class RewriteError(Exception):
    pass


def reg(name):
    n = ALIAS.get(name.strip().lower(), name.strip().lower())
    if n not in POOL:
        raise RewriteError("register %s not usable" % name)
    return n


def _mul_u(rl, rh, a, b, s, acc):
    """(rh:rl) = a b (acc False) or (rh:rl) + a b (acc True), mod 2^64; s: scratch."""
    out = ["uxth %s, %s" % (s[0], a),            # a0
           "lsr %s, %s, #16" % (s[1], a),        # a1
           "uxth %s, %s" % (s[2], b),            # b0
           "lsr %s, %s, #16" % (s[3], b)]        # b1 (the operands are not read again)
    if not acc:
        out += ["mul %s, %s, %s" % (rl, s[0], s[2]),    # ll = a0 b0
                "mul %s, %s, %s" % (rh, s[1], s[3]),    # hh = a1 b1
                "mul %s, %s, %s" % (s[0], s[0], s[3]),  # lh = a0 b1
                "mul %s, %s, %s" % (s[1], s[1], s[2]),  # hl = a1 b0
                "uxth %s, %s" % (s[2], s[0]),
                "uxth %s, %s" % (s[3], s[1]),
                "add %s, %s, %s" % (s[2], s[2], s[3]),
                "add %s, %s, %s, lsr #16" % (s[2], s[2], rl),   # t = column 1 (< 3 2^16)
                "add %s, %s, %s, lsr #16" % (rh, rh, s[0]),
                "add %s, %s, %s, lsr #16" % (rh, rh, s[1]),
                "add %s, %s, %s, lsr #16" % (rh, rh, s[2]),     # hh + lh1 + hl1 + t1
                "uxth %s, %s" % (rl, rl),
                "orr %s, %s, %s, lsl #16" % (rl, rl, s[2])]     # ll0 + t0 2^16
        return out
    return out + ["mul %s, %s, %s" % (s[4], s[0], s[2]),  # ll = a0 b0
                  "mul %s, %s, %s" % (s[0], s[0], s[3]),  # lh = a0 b1
                  "mul %s, %s, %s" % (s[3], s[1], s[3]),  # hh = a1 b1
                  "mul %s, %s, %s" % (s[1], s[1], s[2]),  # hl = a1 b0
                  "add %s, %s, %s" % (rh, rh, s[3]),
                  "add %s, %s, %s, lsr #16" % (rh, rh, s[0]),
                  "add %s, %s, %s, lsr #16" % (rh, rh, s[1]),
                  "uxth %s, %s" % (s[2], s[4]),
                  "uxth %s, %s" % (s[3], rl),
                  "add %s, %s, %s" % (s[2], s[2], s[3]),          # c0 = ll0 + lo0 (< 2^17)
                  "uxth %s, %s" % (s[3], s[0]),
                  "add %s, %s, %s, lsr #16" % (s[3], s[3], s[4]),
                  "add %s, %s, %s, lsr #16" % (s[3], s[3], rl),
                  "add %s, %s, %s, lsr #16" % (s[3], s[3], s[2]),
                  "uxth %s, %s" % (s[0], s[1]),
                  "add %s, %s, %s" % (s[3], s[3], s[0]),          # t = column 1 (< 5 2^16)
                  "add %s, %s, %s, lsr #16" % (rh, rh, s[3]),
                  "uxth %s, %s" % (rl, s[2]),
                  "orr %s, %s, %s, lsl #16" % (rl, rl, s[3])]


def emit(op, rl, rh, a, b):
    """The replacement of `op rl, rh, a, b` as a list of instructions."""
    rl, rh, a, b = reg(rl), reg(rh), reg(a), reg(b)
    if rl == rh:
        raise RewriteError("%s with RdLo = RdHi" % op)
    used = {rl, rh, a, b}
    s = [r for r in POOL if r not in used][:NSCRATCH[op]]
    saved = sorted(s, key=POOL.index)
    out = ["push {%s}" % ", ".join(saved)]
    if op in ("umull", "umlal"):
        out += _mul_u(rl, rh, a, b, s, op == "umlal")
    else:
        c = s[-1]  # 2^32 ((a < 0) b + (b < 0) a): the signed product's correction
        out += ["asr %s, %s, #31" % (c, a), "and %s, %s, %s" % (c, c, b),
                "asr %s, %s, #31" % (s[0], b), "and %s, %s, %s" % (s[0], s[0], a),
                "add %s, %s, %s" % (c, c, s[0])]
        out += _mul_u(rl, rh, a, b, s[:-1], op == "smlal")
        out += ["sub %s, %s, %s" % (rh, rh, c)]
    out.append("pop {%s}" % ", ".join(saved))
    return out


def rewrite(lines):
    """The assembly with every long multiply replaced; raises RewriteError."""
    out = []
    it_left = 0
    for no, line in enumerate(lines, 1):
        body = line.split("@", 1)[0].strip()
        is_insn = body and not body.endswith(":") and not body.startswith(".")
        m = LONGMUL.match(line)
        if m:
            op, suffix, ops = m.group(1), m.group(2), m.group(3)
            if op == "umaal" or suffix not in ("", ".w") or it_left:
                raise RewriteError("line %d: cannot rewrite '%s'" % (no, line.strip()))
            regs = [x.strip() for x in ops.split(",")]
            if len(regs) != 4:
                raise RewriteError("line %d: operands of '%s'" % (no, line.strip()))
            out.append("\t@ %s %s: constant time (ct_mull_v7m.py)\n" % (op, ", ".join(regs)))
            out += ["\t%s\n" % i for i in emit(op, *regs)]
            continue
        if is_insn and it_left:
            it_left -= 1
        mi = IT.match(line)
        if mi:
            it_left = 1 + len(mi.group(1))
        out.append(line)
    return out


def cc(argv):
    """Compiler launcher: argv is the compiler and its arguments."""
    args = list(argv)
    if "-c" not in args or "-o" not in args:
        return subprocess.call(args)
    src = [a for a in args[1:] if a.endswith(".c")]
    if len(src) != 1:
        return subprocess.call(args)
    obj = args[args.index("-o") + 1]
    asm, ct = obj + ".s", obj + ".ct.s"
    first = [("-S" if a == "-c" else a) for a in args]
    first[first.index("-o") + 1] = asm
    rc = subprocess.call(first)
    if rc:
        return rc
    try:
        with open(asm) as f:
            out = rewrite(f.readlines())
        with open(ct, "w") as f:
            f.writelines(out)
    except RewriteError as e:
        sys.stderr.write("ct_mull_v7m: %s: %s\n" % (src[0], e))
        return 1
    finally:
        os.remove(asm)
    target = [a for a in args[1:] if a.startswith(("-mcpu=", "-march=", "-mfloat-abi=", "-mthumb"))]
    rc = subprocess.call([args[0]] + target + ["-c", ct, "-o", obj])
    os.remove(ct)
    return rc


def main(argv):
    if len(argv) >= 3 and argv[1] == "cc":
        return cc(argv[2:])
    if len(argv) == 4 and argv[1] == "rewrite":
        with open(argv[2]) as f:
            lines = f.readlines()
        try:
            out = rewrite(lines)
        except RewriteError as e:
            sys.stderr.write("ct_mull_v7m: %s: %s\n" % (argv[2], e))
            return 1
        with open(argv[3], "w") as f:
            f.writelines(out)
        return 0
    if len(argv) == 7 and argv[1] == "emit" and argv[2] in NSCRATCH:
        print("\n".join(emit(*argv[2:])))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
