#!/usr/bin/env python3
"""Generate seacurve's AVR modular-arithmetic kernels (port/avr/gen/fp_*.S, port/avr/gen/fp_avr.h).

Each routine overrides one C function of src/fp that stays the fallback (selected only under
SC_WORD_BITS == 8 && SC_AVR_ASM && __AVR__; docs/mote-asm.md):

* sc_avr_red160(r, t): secp160r1 reduction, p = 2^160 - 2^31 - 1 (overrides the C chunk reducer
  behind sc_fp_reduce_secp160r1). [DSP] Alg. 4 / [WM-ECC] eq. 15-17: with t = H 2^160 + L,
  2^160 = 2^31 + 1 (mod p), so t = L + H + H 2^31. H 2^31 = (H >> 1) 2^32 + (H mod 2) 2^31: the
  halving is one ROR pass from the top byte down, in place in t (t is the reducer's scratch).
  The 24-byte sum (< 2^192) is kept in registers; its top 32 bits h are folded again
  (h + (h >> 1) 2^32 + (h mod 2) 2^31; < 2^160 + 2^64), the 0/1 carry of that a third time
  (cannot carry: the low part is < 2^64 when it is 1), then p is subtracted under a mask taken
  from the borrow of a compare with p (2^160 < 2p). Result in [0, p).
* sc_avr_red192(r, t), sc_avr_red224(r, t), sc_avr_red256(r, t): the Solinas reductions of P-192,
  P-224 and P-256 (FIPS 186-4 D.2.1-D.2.3 with 32-bit chunks A_i, the same sums as
  src/fp/reduce_special.c), computed byte column by byte column: each column sums its chunk
  bytes with their signed coefficients in a two-byte signed accumulator whose high byte,
  sign-extended, is the carry into the next column.
  The signed carry k out of the top is folded twice with 2^N mod p (its signed coefficients per
  chunk), then p (constants in registers) is subtracted under a mask from a compare.
* sc_avr_red256k1(r, t): secp256k1, p = 2^256 - 2^32 - 977 (pseudo-Mersenne, Guide to ECC
  Alg. 2.27 style, as reduce_special.c): t = L + 977 H + H 2^32, computed in byte columns with
  MUL by 0xD1 and 0x03 (977 = 0x03D1) into a three-byte accumulator (< 2^290); the 34 bits above
  2^256 are folded again the same way, the 0/1 carry of that a third time (no carry past byte 9:
  the low part is < 2^67 when it is 1), then p is subtracted under a mask from a compare.
* sc_avr_fp_add<N>(r, a, b, p), sc_avr_fp_sub<N>(r, a, b, p), sc_avr_fp_neg<N>(r, a, p), N = 20,
  24, 28, 32 bytes: r = a + b, a - b, -a mod p for a, b < p (p read from the field descriptor).
  add: s = a + b (carry c), a compare pass gives the borrow bw of s - p, and m = 0xFF when
  c = 1 or bw = 0; then r = s - (p AND m). sub: d = a - b (borrow bw), then r = d + (p AND -bw).
  s and d stay in registers as far as they go (ADD_KEEP, SUB_KEEP), the rest in r. neg: z = OR
  of the bytes of a, m = 0xFF when z != 0, r = (p - a) AND m.
* sc_avr_fp_add160(r, a, b), sc_avr_fp_sub160(r, a, b): the same add and sub for secp160r1's
  p = 2^160 - 2^31 - 1 alone: p's bytes (FF FF FF 7F FF .. FF from the bottom) are constants in
  registers (0xFF, m AND 0x7F) instead of loads, and all 20 bytes of s / d stay in registers,
  so the compare is one CP / CPC per byte and r is written once (261 and 235 cycles against
  366 and 303 for the 20-byte routines).
* sc_avr_mp_cswap(a, b, mask, k): sc_mp_cswap of 4 k bytes (src/mp/mp.c, the field sizes), the
  co-Z ladder's register swap: d = mask AND (a_i XOR b_i), a_i ^= d, b_i ^= d, four bytes per
  pass of a loop of public count k (55 k + 6 cycles; the C loop takes about 19 cycles a byte).
* sc_avr_redc<N>(r, t, p, pinv), N = 20, 21, 24, 28, 32 bytes (the curve orders n): Montgomery REDC
  for any odd p (overrides sc_fp_reduce_mont): operand scanning two rows per pass, the pass
  unrolled in a loop with a public count (gen_redc).
* sc_avr_redc21s(r, t, p, pinv): the same REDC for the 21-byte moduli p = 2^160 + c, c < 2^88
  (secp160r1's n = 2^160 + c, c < 2^81): the zero bytes p_11 .. p_19 cost no product and
  p_20 = 1 an addition, so a pass has 11 columns of products instead of 21; the final
  subtraction runs as a loop (gen_redc(21, sparse=True)).

Everything is straight-line code (REDC: loops of public count, their only branches), every address
a constant offset from an argument pointer, so the cycle count is a constant of the routine. Each
routine has its own section (.text.<symbol>), so an image linked with --gc-sections keeps only the
routines it calls, not every routine of the file.
Calling convention: avr-gcc (r24:r25, r22:r23, r20:r21, r18:r19 = first to fourth argument, the
byte pinv in r18; r2-r17 and r28:r29 saved; r1 zero on return).

Usage:
  python3 tools/gen_avr_fp.py                 write port/avr/gen/fp_*.S and port/avr/gen/fp_avr.h
  python3 tools/gen_avr_fp.py --check         regenerate in memory and compare with the committed files
  python3 tools/gen_avr_fp.py --cycles        print the static cycle / instruction counts
  python3 tools/gen_avr_fp.py --selftest [T]  run every routine on an instruction-level model of the AVR core
                                              against Python's integers (edge cases + T random inputs)
"""
import argparse
import os
import sys

from genfiles import header_line, write_or_check
import testseed

SIZES = (20, 24, 28, 32)

# ATmega128 / ATmega1281 (16-bit PC) cycles, AVR Instruction Set Manual: MUL, ADIW 2;
# LD/LDD/ST/STD 2 (internal SRAM), PUSH/POP 2, RET 4, RJMP 2, BREQ 1 / 2 (taken), every other
# instruction used here 1. All are one 16-bit word.
TWO = {'ldd', 'ldp', 'std', 'stp', 'push', 'pop', 'mul', 'adiw', 'sbiw'}

P160 = 2**160 - 2**31 - 1
P192 = 2**192 - 2**64 - 1
P224 = 2**224 - 2**96 + 1
P256 = 2**256 - 2**224 + 2**192 + 2**96 - 1


class Asm:
    def __init__(self):
        self.ins = []

    def __call__(self, *ins):
        self.ins.append(ins)

    def cycles(self):
        """Cycles of one call: the model run on zero inputs (every routine is constant time)."""
        mem = bytearray(0x400)
        R = [0] * 32
        for reg, v in zip((24, 22, 20, 18), (0x300, 0x100, 0x200, 0x280)):
            R[reg], R[reg + 1] = v & 255, v >> 8
        for reg, v in getattr(self, 'cycle_args', {}).items():   # byte arguments (a loop count)
            R[reg] = v
        return run_model(self, mem, R)

    def text(self):
        out = []
        for i in self.ins:
            op = i[0]
            if op == 'ldd':
                _, rd, p, q = i
                out.append('ldd r%d, %s+%d' % (rd, p, q) if q else 'ld r%d, %s' % (rd, p))
            elif op == 'ldp':
                out.append('ld r%d, %s+' % (i[1], i[2]))
            elif op == 'std':
                _, p, q, rr = i
                out.append('std %s+%d, r%d' % (p, q, rr) if q else 'st %s, r%d' % (p, rr))
            elif op == 'stp':
                out.append('st %s+, r%d' % (i[1], i[2]))
            elif op in ('ldi', 'andi', 'subi', 'sbci'):
                out.append('%s r%d, 0x%02x' % (op, i[1], i[2]))
            elif op in ('adiw', 'sbiw'):
                out.append('%s r%d, %d' % (op, i[1], i[2]))
            elif op == 'label':
                out.append('%s:' % i[1])
            elif op in ('breq', 'brne', 'rjmp', 'call'):
                out.append('%s %s' % (op, i[1]))
            elif op in ('ret', 'cli'):
                out.append(op)
            elif op == 'in':
                out.append('in r%d, 0x%02x' % (i[1], i[2]))
            elif op == 'out':
                out.append('out 0x%02x, r%d' % (i[1], i[2]))
            else:
                out.append(op + ' ' + ', '.join('r%d' % r for r in i[1:]))
        return out


PTR = {'X': 26, 'Y': 28, 'Z': 30}


def run_model(asm, mem, R):
    """Execute the code on a model of the AVR core (registers, C flag, the Z flag of DEC for the
    loop branch, data memory, SP (starting at the top of mem; PUSH / POP / CALL use the memory
    below it, IN / OUT 0x3d / 0x3e read and set it) and SREG's I bit); returns the cycles
    executed (branch taken 2, not taken 1). CALL runs asm.calls[symbol](mem, R), which does
    what the callee does to memory and registers and returns the callee's cycles (RET
    included)."""
    C = 0
    Zf = 0
    sp0 = sp = len(mem) - 1
    sreg = 0x80
    labels = {i[1]: k for k, i in enumerate(asm.ins) if i[0] == 'label'}
    pc = 0
    cyc = 0

    def ptr(p):
        b = PTR[p]
        return R[b] | (R[b + 1] << 8)

    def setptr(p, v):
        b = PTR[p]
        R[b], R[b + 1] = v & 255, (v >> 8) & 255

    while True:
        i = asm.ins[pc]
        pc += 1
        op = i[0]
        cyc += 4 if op in ('ret', 'call') else 2 if op in TWO else 0 if op == 'label' else 1
        if op == 'label':
            pass
        elif op == 'call':
            mem[sp], mem[sp - 1] = 0xA5, 0x5A   # return address
            sp -= 2
            cyc += asm.calls[i[1]](mem, R)
            sp += 2
        elif op == 'in':
            R[i[1]] = {0x3d: sp & 255, 0x3e: sp >> 8, 0x3f: sreg}[i[2]]
        elif op == 'out':
            if i[1] == 0x3d:
                sp = (sp & 0xFF00) | R[i[2]]
            elif i[1] == 0x3e:
                sp = (sp & 0xFF) | (R[i[2]] << 8)
            else:
                assert i[1] == 0x3f
                sreg = R[i[2]]
        elif op == 'cli':
            sreg &= 0x7F
        elif op == 'breq':
            if Zf:
                pc = labels[i[1]]
                cyc += 1
        elif op == 'brne':
            if not Zf:
                pc = labels[i[1]]
                cyc += 1
        elif op == 'rjmp':
            pc = labels[i[1]]
            cyc += 1
        elif op == 'dec':
            R[i[1]] = (R[i[1]] - 1) & 255
            Zf = 1 if R[i[1]] == 0 else 0
        elif op in ('adiw', 'sbiw'):
            assert i[1] in (24, 26, 28, 30) and 0 <= i[2] < 64
            v = (R[i[1]] | (R[i[1] + 1] << 8)) + (i[2] if op == 'adiw' else -i[2])
            R[i[1]], R[i[1] + 1] = v & 255, (v >> 8) & 255
        elif op in ('subi', 'sbci'):
            assert 16 <= i[1] < 32
            v = R[i[1]] - i[2] - (C if op == 'sbci' else 0)
            C = 1 if v < 0 else 0
            R[i[1]] = v & 255
        elif op == 'mul':
            v = R[i[1]] * R[i[2]]
            R[0], R[1] = v & 255, v >> 8
            C = (v >> 15) & 1
        elif op in ('add', 'adc'):
            v = R[i[1]] + R[i[2]] + (C if op == 'adc' else 0)
            R[i[1]] = v & 255
            C = v >> 8
        elif op in ('sub', 'sbc', 'cp', 'cpc'):
            v = R[i[1]] - R[i[2]] - (C if op in ('sbc', 'cpc') else 0)
            C = 1 if v < 0 else 0
            if op in ('sub', 'sbc'):
                R[i[1]] = v & 255
        elif op == 'and':
            R[i[1]] &= R[i[2]]
        elif op == 'andi':
            assert 16 <= i[1] < 32
            R[i[1]] &= i[2]
        elif op == 'or':
            R[i[1]] |= R[i[2]]
        elif op == 'eor':
            R[i[1]] ^= R[i[2]]
        elif op == 'com':
            R[i[1]] ^= 255
            C = 1
        elif op == 'neg':
            R[i[1]] = (-R[i[1]]) & 255
            C = 1 if R[i[1]] else 0
        elif op == 'lsl':
            v = R[i[1]] << 1
            R[i[1]] = v & 255
            C = v >> 8
        elif op == 'rol':
            v = (R[i[1]] << 1) | C
            R[i[1]] = v & 255
            C = v >> 8
        elif op == 'lsr':
            C = R[i[1]] & 1
            R[i[1]] >>= 1
        elif op == 'ror':
            c2 = R[i[1]] & 1
            R[i[1]] = (R[i[1]] >> 1) | (C << 7)
            C = c2
        elif op == 'clr':
            R[i[1]] = 0
        elif op == 'ldi':
            assert 16 <= i[1] < 32
            R[i[1]] = i[2]
        elif op == 'mov':
            R[i[1]] = R[i[2]]
        elif op == 'movw':
            assert i[1] % 2 == 0 and i[2] % 2 == 0
            R[i[1]], R[i[1] + 1] = R[i[2]], R[i[2] + 1]
        elif op == 'ldd':
            assert 0 <= i[3] < 64 and (i[3] == 0 or i[2] != 'X')
            R[i[1]] = mem[ptr(i[2]) + i[3]]
        elif op == 'std':
            assert 0 <= i[2] < 64 and (i[2] == 0 or i[1] != 'X')
            mem[ptr(i[1]) + i[2]] = R[i[3]]
        elif op == 'ldp':
            x = ptr(i[2])
            R[i[1]] = mem[x]
            setptr(i[2], x + 1)
        elif op == 'stp':
            x = ptr(i[1])
            mem[x] = R[i[2]]
            setptr(i[1], x + 1)
        elif op == 'push':
            mem[sp] = R[i[1]]
            sp -= 1
        elif op == 'pop':
            sp += 1
            R[i[1]] = mem[sp]
        elif op == 'ret':
            break
        else:
            raise ValueError(op)
    assert sp == sp0 and sreg & 0x80
    return cyc


def save_regs(used):
    return sorted(r for r in set(used) if 2 <= r <= 17 or r in (28, 29))


def wrap(body_fn):
    """Prologue (push the call-saved registers the body uses) + body + epilogue."""
    inner = Asm()
    used = body_fn(inner)
    asm = Asm()
    saved = save_regs(used)
    for r in saved:
        asm('push', r)
    asm.ins += inner.ins
    asm('clr', 1)
    for r in reversed(saved):
        asm('pop', r)
    asm('ret')
    return asm, saved


# ---------------------------------------------------------------- add / sub / neg


# Bytes of s (add) / d (sub) that stay in registers instead of r between the passes: r0, r1, r22,
# r23 are free scratch; add also takes r2-r17 (saving one costs 4 cycles, a byte kept saves 6: the
# STD of pass 1 and the LDD of passes 2 and 3), sub only the free ones (a byte kept saves 4).
ADD_KEEP = [0, 1, 22, 23] + list(range(2, 18))
SUB_KEEP = [0, 1, 22, 23]


def gen_add(n):
    def body(a):
        # X = a (streamed), Y = b, Z = r; then Y = p
        a('movw', 26, 22)
        a('movw', 30, 24)
        a('movw', 28, 20)
        x, y, c, m = 18, 19, 20, 21
        keep = dict(zip(range(n), ADD_KEEP))   # byte k of s -> register
        a('movw', 24, 18)           # p kept in r24:r25 (r no longer needed: Z)
        for k in range(n):          # s = a + b -> registers / r
            sk = keep.get(k, x)
            a('ldp', sk, 'X')
            a('ldd', y, 'Y', k)
            a('add' if k == 0 else 'adc', sk, y)
            if k not in keep:
                a('std', 'Z', k, x)
        a('sbc', c, c)              # c = 0xFF when a + b >= 2^(8n)
        a('movw', 28, 24)           # Y = p
        for k in range(n):          # borrow of s - p
            if k not in keep:
                a('ldd', x, 'Z', k)
            a('ldd', y, 'Y', k)
            a('cp' if k == 0 else 'cpc', keep.get(k, x), y)
        a('sbc', m, m)              # m = 0xFF when s < p
        a('com', m)
        a('or', m, c)               # m = 0xFF when c = 1 or s >= p
        for k in range(n):          # r = s - (p AND m)
            sk = keep.get(k, x)
            if k not in keep:
                a('ldd', x, 'Z', k)
            a('ldd', y, 'Y', k)
            a('and', y, m)
            a('sub' if k == 0 else 'sbc', sk, y)
            a('std', 'Z', k, sk)
        return list(keep.values()) + [28, 29]
    return wrap(body)


def gen_sub(n):
    def body(a):
        a('movw', 26, 22)
        a('movw', 30, 24)
        a('movw', 28, 20)
        x, y, m = 18, 19, 20
        keep = dict(zip(range(n), SUB_KEEP))
        a('movw', 24, 18)
        for k in range(n):          # d = a - b -> registers / r
            dk = keep.get(k, x)
            a('ldp', dk, 'X')
            a('ldd', y, 'Y', k)
            a('sub' if k == 0 else 'sbc', dk, y)
            if k not in keep:
                a('std', 'Z', k, x)
        a('sbc', m, m)              # m = 0xFF when a < b
        a('movw', 28, 24)           # Y = p
        for k in range(n):          # r = d + (p AND m)
            dk = keep.get(k, x)
            if k not in keep:
                a('ldd', x, 'Z', k)
            a('ldd', y, 'Y', k)
            a('and', y, m)
            a('add' if k == 0 else 'adc', dk, y)
            a('std', 'Z', k, dk)
        return list(keep.values()) + [28, 29]
    return wrap(body)


def gen_addsub160(sub):
    """r = a + b or a - b mod p160 (p = 2^160 - 2^31 - 1): gen_add / gen_sub with p's bytes as
    constants (FF FF FF 7F FF .. FF from the bottom: one register 0xFF, one m AND 0x7F) instead
    of loads, and the whole of s / d in registers, so r is written once and Y is not needed."""
    def body(a):
        # X = a (streamed), Z = b; then Z = r (kept in r24:r25)
        a('movw', 26, 22)
        a('movw', 30, 20)
        ff, m7, c, m = 18, 19, 20, 21
        keep = ADD_KEEP
        for k in range(20):         # s = a + b / d = a - b -> registers
            a('ldp', keep[k], 'X')
            a('ldd', ff, 'Z', k)
            a(('sub' if sub else 'add') if k == 0 else ('sbc' if sub else 'adc'), keep[k], ff)
        a('sbc', m, m)              # sub: m = 0xFF when a < b; add: m = 0xFF when a + b >= 2^160
        if not sub:
            a('mov', c, m)
            a('ldi', ff, 0xFF)
            a('ldi', m7, 0x7F)
            for k in range(20):     # borrow of s - p
                a('cp' if k == 0 else 'cpc', keep[k], m7 if k == 3 else ff)
            a('sbc', m, m)          # m = 0xFF when s < p
            a('com', m)
            a('or', m, c)           # m = 0xFF when c = 1 or s >= p
        a('mov', m7, m)
        a('andi', m7, 0x7F)         # byte 3 of p AND m
        a('movw', 30, 24)           # Z = r
        for k in range(20):         # r = s - (p AND m) / d + (p AND m)
            mk = m7 if k == 3 else m
            a((('add' if sub else 'sub') if k == 0 else ('adc' if sub else 'sbc')), keep[k], mk)
            a('std', 'Z', k, keep[k])
        return keep
    return wrap(body)


def gen_cswap():
    """a, b (4 k bytes each) swapped where mask = 0xFF, kept where 0: d = mask AND (a_i XOR b_i),
    a_i ^= d, b_i ^= d, four bytes per pass of a loop of public count k."""
    def body(a):
        a('movw', 26, 24)           # X = a, Z = b
        a('movw', 30, 22)
        x, y, d, mask, k = 24, 25, 0, 20, 18
        a('label', '.Lcswap_loop')
        for _ in range(4):
            a('ldd', x, 'X', 0)
            a('ldd', y, 'Z', 0)
            a('mov', d, x)
            a('eor', d, y)
            a('and', d, mask)
            a('eor', x, d)
            a('eor', y, d)
            a('stp', 'X', x)
            a('stp', 'Z', y)
        a('dec', k)
        a('brne', '.Lcswap_loop')
        return []
    asm, saved = wrap(body)
    asm.cycle_args = {18: 5}    # k = 5: the 20-byte fields (secp160r1)
    return asm, saved


def gen_neg(n):
    def body(a):
        # r24 = r, r22 = a, r20 = p: Z = a, Y = p, X = r (streamed)
        a('movw', 30, 22)
        a('movw', 28, 20)
        a('movw', 26, 24)
        x, y, z, m = 18, 19, 20, 21
        a('clr', z)
        for k in range(n):          # z = OR of the bytes of a
            a('ldd', x, 'Z', k)
            a('or', z, x)
        a('neg', z)                 # C = (z != 0)
        a('sbc', m, m)              # m = 0xFF when a != 0
        for k in range(n):          # r = (p - a) AND m
            a('ldd', x, 'Y', k)
            a('ldd', y, 'Z', k)
            a('sub' if k == 0 else 'sbc', x, y)
            a('and', x, m)
            a('stp', 'X', x)
        return [28, 29]
    return wrap(body)


# ---------------------------------------------------------------- secp160r1


def gen_red160():
    """r (20 bytes) = t (40 bytes, clobbered) mod p160."""
    def body(a):
        A = list(range(2, 22))          # the 20 low bytes of the sum
        E = [22, 23, 24, 25]            # bytes 20..23
        zero = 1
        a('movw', 26, 24)               # X = r
        a('movw', 30, 22)               # Z = t
        # 1. A = L + H, carry into E0
        for k in range(20):
            a('ldd', A[k], 'Z', k)
            a('ldd', 0, 'Z', 20 + k)
            a('add' if k == 0 else 'adc', A[k], 0)
        for e in E:
            a('clr', e)                 # CLR (EOR) leaves C alone
        a('adc', E[0], zero)
        # 2. H' = H >> 1 in place, from the top byte down; C = H mod 2
        for k in range(19, -1, -1):
            a('ldd', 0, 'Z', 20 + k)
            a('lsr' if k == 19 else 'ror', 0)
            a('std', 'Z', 20 + k, 0)
        a('clr', 28)
        a('ror', 28)                    # r28 = (H mod 2) << 7
        # 3. (A, E) += H' 2^32 + (H mod 2) 2^31   (< 2^192, no carry out of E3)
        a('add', A[3], 28)
        for k in range(20):
            a('ldd', 0, 'Z', 20 + k)
            a('adc', (A + E)[4 + k], 0)
        # 4. fold h = E: A += h + (h >> 1) 2^32 + (h mod 2) 2^31  (< 2^160 + 2^64)
        a('add', A[0], E[0])
        a('adc', A[1], E[1])
        a('adc', A[2], E[2])
        a('adc', A[3], E[3])
        for k in range(4, 20):
            a('adc', A[k], zero)
        a('clr', 29)
        a('adc', 29, zero)              # r29 = first carry
        a('lsr', E[3])
        a('ror', E[2])
        a('ror', E[1])
        a('ror', E[0])
        a('clr', 28)
        a('ror', 28)                    # r28 = (h mod 2) << 7
        a('add', A[3], 28)
        a('adc', A[4], E[0])
        a('adc', A[5], E[1])
        a('adc', A[6], E[2])
        a('adc', A[7], E[3])
        for k in range(8, 20):
            a('adc', A[k], zero)
        a('adc', 29, zero)              # c = r29 in {0, 1}
        # 5. fold c: A += c + c 2^31 (no carry out: the low part is < 2^64 when c = 1)
        a('mov', 28, 29)
        a('lsr', 28)
        a('ror', 28)                    # r28 = c << 7
        a('add', A[0], 29)
        a('adc', A[1], zero)
        a('adc', A[2], zero)
        a('adc', A[3], 28)
        for k in range(4, 20):
            a('adc', A[k], zero)
        # 6. A < 2^160 < 2p: subtract p when A >= p (m from the borrow of A - p)
        a('ldi', 28, 0xFF)
        a('ldi', 29, 0x7F)
        pb = P160.to_bytes(20, 'little')
        for k in range(20):
            a('cp' if k == 0 else 'cpc', A[k], 29 if pb[k] == 0x7F else 28)
        a('sbc', 28, 28)                # 0xFF when A < p
        a('com', 28)                    # m = 0xFF when A >= p
        a('mov', 29, 28)
        a('andi', 29, 0x7F)
        for k in range(20):
            a('sub' if k == 0 else 'sbc', A[k], 29 if pb[k] == 0x7F else 28)
        for k in range(20):
            a('stp', 'X', A[k])
        return A + [28, 29]
    return wrap(body)


# ---------------------------------------------------------------- Solinas P-192 / P-256

# Output chunk j = sum of coef * input chunk i (32-bit chunks of t), as reduce_special.c.
SOL = {
    192: dict(
        m=6, p=P192,
        rows=[{0: 1, 6: 1, 10: 1}, {1: 1, 7: 1, 11: 1}, {2: 1, 6: 1, 8: 1, 10: 1},
              {3: 1, 7: 1, 9: 1, 11: 1}, {4: 1, 8: 1, 10: 1}, {5: 1, 9: 1, 11: 1}],
        fold={0: 1, 2: 1}),        # 2^192 = 2^64 + 1
    224: dict(
        m=7, p=P224,
        rows=[{0: 1, 7: -1, 11: -1}, {1: 1, 8: -1, 12: -1}, {2: 1, 9: -1, 13: -1},
              {3: 1, 7: 1, 11: 1, 10: -1}, {4: 1, 8: 1, 12: 1, 11: -1},
              {5: 1, 9: 1, 13: 1, 12: -1}, {6: 1, 10: 1, 13: -1}],
        fold={0: -1, 3: 1}),       # 2^224 = 2^96 - 1
    256: dict(
        m=8, p=P256,
        rows=[{0: 1, 8: 1, 9: 1, 11: -1, 12: -1, 13: -1, 14: -1},
              {1: 1, 9: 1, 10: 1, 12: -1, 13: -1, 14: -1, 15: -1},
              {2: 1, 10: 1, 11: 1, 13: -1, 14: -1, 15: -1},
              {3: 1, 11: 2, 12: 2, 13: 1, 15: -1, 8: -1, 9: -1},
              {4: 1, 12: 2, 13: 2, 14: 1, 9: -1, 10: -1},
              {5: 1, 13: 2, 14: 2, 15: 1, 10: -1, 11: -1},
              {6: 1, 14: 3, 15: 2, 13: 1, 8: -1, 9: -1},
              {7: 1, 15: 3, 8: 1, 10: -1, 11: -1, 12: -1, 13: -1}],
        fold={0: 1, 3: -1, 6: -1, 7: 1}),   # 2^256 = 2^224 - 2^192 - 2^96 + 1
}


def gen_solinas(bits):
    """r (bits/8 bytes) = t (bits/4 bytes, read only) mod p, Solinas chunk sums by byte columns."""
    S = SOL[bits]
    m, nb = S['m'], 4 * S['m']

    def body(a):
        zero = 1
        lo, hi = 18, 19                  # signed column accumulator (hi:lo)
        x = 20
        klo, kext = 22, 23               # the signed carry out of the top and its sign byte
        a('movw', 26, 24)                # X = r (written in order by the first pass)
        a('movw', 30, 22)                # Z = t
        a('movw', 28, 24)                # Y = r (random access)
        a('clr', lo)
        a('clr', hi)

        def shift():                     # column done: (hi:lo) >>= 8 arithmetically
            a('mov', lo, hi)
            a('lsl', hi)
            a('sbc', hi, hi)

        def addterm(src, coef, ext):
            for _ in range(abs(coef)):
                a('add' if coef > 0 else 'sub', lo, src)
                a('adc' if coef > 0 else 'sbc', hi, ext)

        # range bookkeeping (signed 16-bit accumulator must not overflow)
        cmin = cmax = 0
        for j in range(m):
            for b in range(4):
                for i, coef in sorted(S['rows'][j].items()):
                    a('ldd', x, 'Z', 4 * i + b)
                    addterm(x, coef, zero)
                pos = sum(c for c in S['rows'][j].values() if c > 0) * 255
                neg = -sum(c for c in S['rows'][j].values() if c < 0) * 255
                assert cmax + pos < 32768 and cmin - neg >= -32768
                cmax, cmin = (cmax + pos) >> 8, (cmin - neg) >> 8
                a('stp', 'X', lo)
                shift()
        # k = (hi:lo), small signed; fold it twice: r += k (2^(8 nb) mod p)
        for _ in range(2):
            a('mov', klo, lo)
            a('mov', kext, hi)
            a('clr', lo)
            a('clr', hi)
            for k in range(nb):
                a('ldd', x, 'Y', k)
                addterm(x, 1, zero)
                if k % 4 == 0 and k // 4 in S['fold']:
                    addterm(klo, S['fold'][k // 4], kext)
                a('std', 'Y', k, lo)
                shift()
        # now 0 <= r < 2^(8 nb) < 2p: subtract p under the mask of r >= p
        pb = S['p'].to_bytes(nb, 'little')
        consts = sorted(set(pb) - {0})
        creg = dict(zip(consts, (24, 25, 21)))
        for v, rg in creg.items():
            a('ldi', rg, v)
        creg[0] = zero
        for k in range(nb):
            a('ldd', x, 'Y', k)
            a('cp' if k == 0 else 'cpc', x, creg[pb[k]])
        mk = 22
        a('sbc', mk, mk)
        a('com', mk)                     # 0xFF when r >= p
        for v, rg in creg.items():
            if v not in (0, 0xFF):
                a('and', rg, mk)
        creg[0xFF] = mk
        for k in range(nb):
            a('ldd', x, 'Y', k)
            a('sub' if k == 0 else 'sbc', x, creg[pb[k]])
            a('std', 'Y', k, x)
        return [28, 29]
    return wrap(body)


# ---------------------------------------------------------------- secp256k1

P256K1 = 2**256 - 2**32 - 977


def gen_red256k1():
    """r (32 bytes) = t (64 bytes, read only) mod p, p = 2^256 - 2^32 - 977 (secp256k1)."""
    def body(a):
        acc = [18, 19, 20]
        zero, c1, c3 = 21, 22, 23
        hr = [24, 25]                    # H_k and H_(k-1), renamed each column
        E = [2, 3, 4, 5, 6]              # bytes 32..36 of the first sum
        x = 7
        a('movw', 26, 24)                # X = r (streamed)
        a('movw', 28, 24)                # Y = r
        a('movw', 30, 22)                # Z = t
        a('clr', zero)
        a('ldi', c1, 0xD1)               # 977 = 0x03D1
        a('ldi', c3, 0x03)
        for r_ in acc:
            a('clr', r_)

        def add_prod():
            a('add', acc[0], 0)
            a('adc', acc[1], 1)
            a('adc', acc[2], zero)

        def add_byte(src):
            a('add', acc[0], src)
            a('adc', acc[1], zero)
            a('adc', acc[2], zero)

        def shift():
            acc.append(acc.pop(0))
            a('clr', acc[2])

        # 1. t = L + 977 H + H 2^32 by byte columns (3-byte accumulator): < 2^290
        for k in range(36):
            h, hp = hr[k % 2], hr[(k + 1) % 2]
            if k < 32:
                a('ldd', h, 'Z', 32 + k)
                a('mul', h, c1)
                add_prod()
            if 1 <= k <= 32:
                a('mul', hp, c3)
                add_prod()
            if k < 32:
                a('ldd', x, 'Z', k)
                add_byte(x)
            if 4 <= k < 36:
                a('ldd', x, 'Z', 32 + k - 4)
                add_byte(x)
            if k < 32:
                a('stp', 'X', acc[0])
            else:
                a('mov', E[k - 32], acc[0])
            shift()
        a('mov', E[4], acc[0])          # h = E (< 2^34)
        a('clr', acc[0])
        a('clr', acc[1])
        # 2. r += 977 h + h 2^32 (< 2^67 added), columns 0..8, then the carry through byte 31
        for k in range(9):
            if k < 5:
                a('mul', E[k], c1)
                add_prod()
            if 1 <= k <= 5:
                a('mul', E[k - 1], c3)
                add_prod()
            if 4 <= k < 9:
                add_byte(E[k - 4])
            a('ldd', x, 'Y', k)
            add_byte(x)
            a('std', 'Y', k, acc[0])
            shift()
        for k in range(9, 32):           # acc[0] is the 0/1 carry into byte 9
            a('ldd', x, 'Y', k)
            a('add' if k == 9 else 'adc', x, acc[0] if k == 9 else zero)
            a('std', 'Y', k, x)
        a('sbc', x, x)                   # 0xFF when r + 977 h + h 2^32 carried (c = 1)
        # 3. r += c (977 + 2^32); when c = 1 the low part is < 2^67: no carry past byte 9
        a('mov', acc[0], x)
        a('and', acc[0], c1)
        a('mov', acc[1], x)
        a('and', acc[1], c3)
        a('neg', x)                      # c = 0 / 1
        for k in range(10):
            a('ldd', E[0], 'Y', k)
            src = {0: acc[0], 1: acc[1], 4: x}.get(k, zero)
            a('add' if k == 0 else 'adc', E[0], src)
            a('std', 'Y', k, E[0])
        # 4. r < 2^256 < 2p: subtract p under the mask of r >= p
        pb = P256K1.to_bytes(32, 'little')
        creg = {0x2F: 22, 0xFC: 23, 0xFE: 24, 0xFF: 25}
        for v, rg in creg.items():
            a('ldi', rg, v)
        for k in range(32):
            a('ldd', x, 'Y', k)
            a('cp' if k == 0 else 'cpc', x, creg[pb[k]])
        mk = 18
        a('sbc', mk, mk)
        a('com', mk)                     # 0xFF when r >= p
        for v, rg in creg.items():
            if v != 0xFF:
                a('and', rg, mk)
        creg[0xFF] = mk
        for k in range(32):
            a('ldd', x, 'Y', k)
            a('sub' if k == 0 else 'sbc', x, creg[pb[k]])
            a('std', 'Y', k, x)
        return E + [x, 28, 29]
    return wrap(body)


# ---------------------------------------------------------------- Montgomery REDC


def gen_redc(n, sparse=False):
    """r (n bytes) = t (2n bytes, clobbered) R^-1 mod p, R = 2^(8n), for any odd p < R with
    t < p R; pinv = -p^-1 mod 2^8. Operand scanning (HAC Alg. 14.32, as src/fp/reduce_mont.c),
    two rows per pass: m0 = t_i pinv; the first two columns give t_(i+1) + m0 p_1 + carry, from
    which m1 = (that) pinv; then each column j adds m0 p_j and m1 p_(j-1) (product scanning over
    the two rows, three-byte accumulator), so every byte of t is loaded and stored once per two
    rows. The pass is unrolled and runs n / 2 times in a loop (public count, the only branch); an
    odd n ends with one single row. p_0 .. p_13 stay in registers for all rows, the others go
    through a two-register window (one load per column). The carry out of a pass (< 4) is added
    two bytes up by the next pass; at the end (top : t_n .. t_2n-1) < 2p and p is subtracted
    under the mask of top = 1 or no borrow.

    sparse: the same for the moduli p = 2^(8n-8) + c, c < 2^(8 SPARSE_LOW) (secp160r1's n:
    2^160 + c, c < 2^81): the bytes p_SPARSE_LOW .. p_(n-2) are 0 and p_(n-1) = 1, so their
    products are left out and m p_(n-1) is m itself; per pair of rows SPARSE_LOW columns take
    products instead of n (p's other bytes are read only by the final subtraction)."""
    lbl = '.Lsc_redc%d%s_pair' % (n, 's' if sparse else '')
    zeros = set(range(SPARSE_LOW, n - 1)) if sparse else set()
    one = {n - 1} if sparse else set()

    def body(a):
        pinv, zero, cnt, m0, m1, t, top = 18, 19, 20, 21, 22, 26, 17
        acc = [23, 24, 25]
        win = [27, 16]                   # p_j for j not cached, by j mod 2
        PR = list(range(2, 16))          # p_0 .. p_13
        a('movw', 28, 20)                # Y = p
        a('movw', 30, 22)                # Z = t (pass pointer)
        a('push', 24)                    # r, restored into X at the end
        a('push', 25)
        cache = {}
        for j, rg in enumerate(PR):
            if j < n and j not in zeros and j not in one:
                a('ldd', rg, 'Y', j)
                cache[j] = rg
        a('clr', zero)
        a('clr', top)

        def preg(j):                     # register holding p_j in this column (loaded if needed)
            return cache[j] if j in cache else win[j % 2]

        class Acc:
            bound = 0

        def add_prod(b):
            a('add', acc[0], 0)
            a('adc', acc[1], 1)
            b.bound += 255 * 255
            if b.bound > 0xFFFF:
                a('adc', acc[2], zero)

        def add_reg(b, src, maxv):
            a('add', acc[0], src)
            a('adc', acc[1], zero)
            b.bound += maxv
            if b.bound > 0xFFFF:
                a('adc', acc[2], zero)

        def shift(b, clear=True):
            acc.append(acc.pop(0))
            if clear:
                a('clr', acc[2])
            b.bound >>= 8

        def term(b, m, j):               # acc += m p_j
            if j in zeros:
                return
            if j in one:
                add_reg(b, m, 255)
                return
            if j not in cache:
                assert not sparse
                a('ldd', win[j % 2], 'Y', j)
            a('mul', m, preg(j))
            add_prod(b)

        npairs = n // 2
        if npairs:
            a('ldi', cnt, npairs)
            a('label', lbl)
            b_ = Acc()
            # column 0: m0 = t_i pinv; t_i + lo(m0 p_0) = 0 mod 2^8, keep the carry
            a('ldd', t, 'Z', 0)
            a('mul', t, pinv)
            a('mov', m0, 0)
            a('mul', m0, cache[0])
            a('add', 0, t)
            a('adc', 1, zero)
            a('mov', acc[0], 1)
            a('clr', acc[1])
            a('clr', acc[2])
            b_.bound = 255
            # column 1: t_(i+1) + m0 p_1 + carry, then m1 from its low byte
            term(b_, m0, 1)
            a('ldd', t, 'Z', 1)
            add_reg(b_, t, 255)
            a('mul', acc[0], pinv)
            a('mov', m1, 0)
            a('mul', m1, cache[0])
            add_prod(b_)                 # low byte becomes 0
            shift(b_, clear=False)       # the register that comes round is that 0 byte
            for j in range(2, n):
                term(b_, m0, j)
                if j - 1 not in zeros and j - 1 not in one:
                    a('mul', m1, preg(j - 1))
                    add_prod(b_)
                elif j - 1 in one:
                    add_reg(b_, m1, 255)
                a('ldd', t, 'Z', j)
                add_reg(b_, t, 255)
                a('std', 'Z', j, acc[0])
                shift(b_)
            # column n: m1 p_(n-1), t_(i+n) and the previous pass's carry (< 4)
            if n - 1 in one:
                add_reg(b_, m1, 255)
            else:
                a('mul', m1, preg(n - 1))
                add_prod(b_)
            a('ldd', t, 'Z', n)
            add_reg(b_, t, 255)
            add_reg(b_, top, 3)
            a('std', 'Z', n, acc[0])
            shift(b_)
            # column n + 1: t_(i+n+1) + carry; the carry out (< 4) is the next pass's
            a('ldd', t, 'Z', n + 1)
            add_reg(b_, t, 255)
            assert b_.bound < 0x400
            a('std', 'Z', n + 1, acc[0])
            a('mov', top, acc[1])
            a('adiw', 30, 2)
            a('dec', cnt)                # the pass loop (BRNE cannot reach back that far)
            a('breq', lbl + '_end')
            a('rjmp', lbl)
            a('label', lbl + '_end')
        if n % 2:
            # the last row alone: m = t_(n-1) pinv, t += m p 2^(8(n-1)); carry into t_(2n-1)
            cr = acc[0]
            a('ldd', t, 'Z', 0)
            a('mul', t, pinv)
            a('mov', m0, 0)
            a('mul', m0, cache[0])
            a('add', 0, t)
            a('adc', 1, zero)
            a('mov', cr, 1)
            for j in range(1, n):
                if j in zeros:               # the product m0 p_j is 0: t_j + carry
                    a('ldd', t, 'Z', j)
                    a('add', t, cr)
                    a('std', 'Z', j, t)
                    a('clr', cr)
                    a('adc', cr, zero)
                    continue
                if j in one:                 # the product m0 p_j is m0
                    a('clr', 1)
                    a('mov', 0, m0)
                else:
                    if j not in cache:
                        a('ldd', win[0], 'Y', j)
                    a('mul', m0, cache.get(j, win[0]))
                a('ldd', t, 'Z', j)
                a('add', 0, t)
                a('adc', 1, zero)
                a('add', 0, cr)
                a('adc', 1, zero)
                a('std', 'Z', j, 0)
                a('mov', cr, 1)
            a('ldd', t, 'Z', n)          # t_(2n-1) + carry + top: the new top is 0 or 1
            a('add', t, cr)
            a('clr', acc[1])
            a('adc', acc[1], zero)
            a('add', t, top)
            a('adc', acc[1], zero)
            a('std', 'Z', n, t)
            a('mov', top, acc[1])
            a('adiw', 30, 1)
        # Z = t + n; (top : Z[0 .. n-1]) < 2p: subtract p when top = 1 or Z >= p
        if sparse:                       # as loops (public count; LD, AND, DEC keep C)
            return final_loops(a)
        for j in range(n):
            a('ldd', t, 'Z', j)
            if j not in cache:
                a('ldd', win[0], 'Y', j)
            a('cp' if j == 0 else 'cpc', t, cache.get(j, win[0]))
        mk = m0
        a('sbc', mk, mk)
        a('com', mk)                     # 0xFF when no borrow
        a('neg', top)
        a('or', mk, top)
        a('pop', 27)
        a('pop', 26)                     # X = r (t was r26: acc[0] from here)
        x = acc[0]
        for j in range(n):
            a('ldd', x, 'Z', j)
            if j in cache:
                a('mov', m1, cache[j])
            else:
                a('ldd', m1, 'Y', j)
            a('and', m1, mk)
            a('sub' if j == 0 else 'sbc', x, m1)
            a('stp', 'X', x)
        return PR[:min(len(PR), n)] + [16, 17, 28, 29]

    def final_loops(a):
        pinv, zero, cnt, m0, m1, t, top = 18, 19, 20, 21, 22, 26, 17
        w, mk, x = 23, 24, 25
        a('ldp', t, 'Z')
        a('ldp', w, 'Y')
        a('cp', t, w)
        a('ldi', cnt, n - 1)
        a('label', lbl + '_cmp')
        a('ldp', t, 'Z')
        a('ldp', w, 'Y')
        a('cpc', t, w)
        a('dec', cnt)
        a('brne', lbl + '_cmp')
        a('sbc', mk, mk)
        a('com', mk)                     # 0xFF when no borrow
        a('neg', top)
        a('or', mk, top)
        a('sbiw', 30, n)
        a('sbiw', 28, n)
        a('pop', 27)
        a('pop', 26)                     # X = r
        a('ldp', x, 'Z')
        a('ldp', w, 'Y')
        a('and', w, mk)
        a('sub', x, w)
        a('stp', 'X', x)
        a('ldi', cnt, n - 1)
        a('label', lbl + '_sub')
        a('ldp', x, 'Z')
        a('ldp', w, 'Y')
        a('and', w, mk)
        a('sbc', x, w)
        a('stp', 'X', x)
        a('dec', cnt)
        a('brne', lbl + '_sub')
        return list(range(2, 2 + SPARSE_LOW)) + [16, 17, 28, 29]
    return wrap(body)


SPARSE_LOW = 11   # gen_redc(n, sparse=True): the low bytes of p = 2^(8n-8) + c that may be nonzero


# ---------------------------------------------------------------- files

ROUTINES = [('red160', 'void sc_avr_red160(uint8_t *r, uint8_t *t)', gen_red160,
             'r = t mod p, p = 2^160 - 2^31 - 1; t: 40 bytes (clobbered), r: 20 bytes, r < p'),
            ('red192', 'void sc_avr_red192(uint8_t *r, const uint8_t *t)', lambda: gen_solinas(192),
             'r = t mod p, p = 2^192 - 2^64 - 1 (P-192); t: 48 bytes, r: 24 bytes, r < p'),
            ('red224', 'void sc_avr_red224(uint8_t *r, const uint8_t *t)', lambda: gen_solinas(224),
             'r = t mod p, p = 2^224 - 2^96 + 1 (P-224); t: 56 bytes, r: 28 bytes, r < p'),
            ('red256', 'void sc_avr_red256(uint8_t *r, const uint8_t *t)', lambda: gen_solinas(256),
             'r = t mod p, p = P-256; t: 64 bytes, r: 32 bytes, r < p'),
            ('red256k1', 'void sc_avr_red256k1(uint8_t *r, const uint8_t *t)', gen_red256k1,
             'r = t mod p, p = 2^256 - 2^32 - 977 (secp256k1); t: 64 bytes, r: 32 bytes, r < p')]
for _n in SIZES:
    ROUTINES += [
        ('fp_add%d' % _n, 'void sc_avr_fp_add%d(uint8_t *r, const uint8_t *a, const uint8_t *b, '
         'const uint8_t *p)' % _n, (lambda n: lambda: gen_add(n))(_n),
         'r = a + b mod p, %d-byte a, b < p; r may alias a or b' % _n),
        ('fp_sub%d' % _n, 'void sc_avr_fp_sub%d(uint8_t *r, const uint8_t *a, const uint8_t *b, '
         'const uint8_t *p)' % _n, (lambda n: lambda: gen_sub(n))(_n),
         'r = a - b mod p, %d-byte a, b < p; r may alias a or b' % _n),
        ('fp_neg%d' % _n, 'void sc_avr_fp_neg%d(uint8_t *r, const uint8_t *a, const uint8_t *p)'
         % _n, (lambda n: lambda: gen_neg(n))(_n),
         'r = -a mod p, %d-byte a < p (0 -> 0); r may alias a' % _n),
    ]

ROUTINES += [
    ('fp_add160', 'void sc_avr_fp_add160(uint8_t *r, const uint8_t *a, const uint8_t *b)',
     lambda: gen_addsub160(False), 'r = a + b mod p, p = 2^160 - 2^31 - 1, a, b < p; r may alias a or b'),
    ('fp_sub160', 'void sc_avr_fp_sub160(uint8_t *r, const uint8_t *a, const uint8_t *b)',
     lambda: gen_addsub160(True), 'r = a - b mod p, p = 2^160 - 2^31 - 1, a, b < p; r may alias a or b')]

ROUTINES.append(('mp_cswap', 'void sc_avr_mp_cswap(uint8_t *a, uint8_t *b, uint8_t mask, uint8_t k)',
                 gen_cswap, 'a and b (4 k bytes each, k >= 1) swapped when mask = 0xFF, kept when mask = 0 '
                 '(sc_mp_cswap); constant time in mask, 55 k + 6 cycles (cycles below: k = 5)'))

RSIZES = (20, 21, 24, 28, 32)
for _n in RSIZES:
    ROUTINES.append(('redc%d' % _n, 'void sc_avr_redc%d(uint8_t *r, uint8_t *t, const uint8_t *p, '
                     'uint8_t pinv)' % _n, (lambda n: lambda: gen_redc(n))(_n),
                     'r = t 2^-%d mod p (Montgomery REDC), odd %d-byte p, pinv = -p^-1 mod 2^8; '
                     't: %d bytes < p 2^%d (clobbered), r < p' % (8 * _n, _n, 2 * _n, 8 * _n)))
ROUTINES.append(('redc21s', 'void sc_avr_redc21s(uint8_t *r, uint8_t *t, const uint8_t *p, uint8_t pinv)',
                 lambda: gen_redc(21, sparse=True),
                 'r = t 2^-168 mod p (Montgomery REDC) for p = 2^160 + c, odd c < 2^88 (secp160r1\'s n), '
                 'pinv = -p^-1 mod 2^8; t: 42 bytes < p 2^168 (clobbered), r < p'))

FILES = {'red160': 'fp_red160.S', 'red192': 'fp_red192.S', 'red224': 'fp_red224.S',
         'red256': 'fp_red256.S', 'red256k1': 'fp_red256k1.S'}
for _n in RSIZES:
    FILES['redc%d' % _n] = 'fp_redc%d.S' % _n
FILES['redc21s'] = 'fp_redc21s.S'
FILES['fp_add160'] = FILES['fp_sub160'] = 'fp_addsub160.S'
FILES['mp_cswap'] = 'mp_cswap.S'
for _n in SIZES:
    FILES['fp_add%d' % _n] = 'fp_addsub%d.S' % _n
    FILES['fp_sub%d' % _n] = 'fp_addsub%d.S' % _n
    FILES['fp_neg%d' % _n] = 'fp_addsub%d.S' % _n

HEADER = header_line('gen_avr_fp.py') + '\n' + """\
/* Checked in CI by `python3 tools/gen_avr_fp.py --check`. Method and sources: the generator's
 * docstring and docs/mote-asm.md. Own code. Constant time: straight-line code, addresses fixed.
 */
"""


def render_routine(name, proto, fn, what):
    asm, saved = fn()
    sym = 'sc_avr_' + name
    lines = ['', '/* %s;' % proto, ' *   %s.' % what,
             ' *   %d cycles (ATmega128 / ATmega1281, including RET, excluding the CALL); %d '
             'instructions, %d bytes;' % (asm.cycles(), len(asm.ins), 2 * len(asm.ins)),
             ' *   saved: %s. */' % (' '.join('r%d' % r for r in saved) or 'none'),
             '    .section .text.%s, "ax", @progbits' % sym, '    .global %s' % sym, '    .type %s, @function' % sym, '%s:' % sym]
    lines += ['    ' + s for s in asm.text()]
    lines += ['    .size %s, .-%s' % (sym, sym)]
    return '\n'.join(lines) + '\n', asm


H_FILE = header_line('gen_avr_fp.py') + '\n' + """\
/* AVR (ATmega128 / ATmega1281) modular-arithmetic kernels, port/avr/gen/fp_*.S: little-endian byte
 * arrays, constant time (straight-line code). Cycles including RET, excluding the caller's CALL:
{table} * How they hook into the library: docs/mote-asm.md.
 */
#ifndef SEACURVE_PORT_AVR_FP_AVR_H
#define SEACURVE_PORT_AVR_FP_AVR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {{
#endif

{decls}
#ifdef __cplusplus
}}
#endif

#endif
"""


def all_files():
    files, table, decls = {}, '', ''
    for name, proto, fn, what in ROUTINES:
        text, asm = render_routine(name, proto, fn, what)
        path = 'port/avr/gen/' + FILES[name]
        files[path] = files.get(path, HEADER) + text
        table += ' *   sc_avr_%s %d\n' % (name, asm.cycles())
        decls += proto + ';\n'
    files['port/avr/gen/fp_avr.h'] = H_FILE.format(table=table, decls=decls)
    return files


def call(asm, mem, args, rng, saved_check=True):
    """Run asm with pointer arguments args (list of addresses) in r24, r22, r20, r18."""
    R = [rng.randrange(256) for _ in range(32)]
    R[1] = 0
    for reg, v in zip((24, 22, 20, 18), args):
        R[reg], R[reg + 1] = v & 255, v >> 8
    keep = {r: R[r] for r in list(range(2, 18)) + [28, 29]}
    run_model(asm, mem, R)
    ok = R[1] == 0 and all(R[r] == v for r, v in keep.items())
    return ok


def selftest(trials):
    rng = testseed.rng('selftest')
    bad = 0

    def edge(p, nb):
        top = (1 << 8 * nb) - 1
        return [0, 1, p - 1, p - 2, (p - 1) // 2, top, p, p + 1, top - p]

    # reductions
    for name, p, nb in (('red160', P160, 20), ('red192', P192, 24), ('red224', P224, 28),
                        ('red256', P256, 32), ('red256k1', P256K1, 32)):
        asm = dict((r[0], r[2]) for r in ROUTINES)[name]()[0]
        top = (1 << 16 * nb) - 1
        cases = [0, 1, p, p - 1, (p - 1) ** 2, p * p - 1, top, top - p, (1 << 8 * nb) - 1,
                 1 << (16 * nb - 1), p << (8 * nb), ((p - 1) ** 2) + p - 1]
        cases += [rng.getrandbits(16 * nb) for _ in range(trials)]
        cases += [rng.randrange(p) * rng.randrange(p) for _ in range(trials)]
        cases += [((1 << 8 * nb) - 1 - rng.getrandbits(8)) << (8 * nb) | rng.getrandbits(8 * nb)
                  for _ in range(trials // 4)]
        # t = q p + e for small e and q near 2^(8 nb): results near 0 and p - 1, top folds carrying
        cases += [min(top, (top // p - rng.getrandbits(4)) * p + rng.getrandbits(6))
                  for _ in range(trials // 4)]
        cases += [(rng.getrandbits(8 * nb) * p + p - 1 - rng.getrandbits(3)) & top
                  for _ in range(trials // 4)]
        for tv in cases:
            mem = bytearray(rng.randrange(256) for _ in range(0x400))
            rt, rr = 0x100, 0x200
            mem[rt:rt + 2 * nb] = tv.to_bytes(2 * nb, 'little')
            mem[rr + nb] = 0x5C
            ok = call(asm, mem, [rr, rt], rng=rng)
            got = int.from_bytes(mem[rr:rr + nb], 'little')
            if not ok or got != tv % p or mem[rr + nb] != 0x5C:
                print('FAIL %s t=%x got=%x want=%x' % (name, tv, got, tv % p))
                bad += 1
                break
        print('ok %s: %d cases, %d cycles' % (name, len(cases), asm.cycles()))
    # Montgomery REDC against t R^-1 mod p for the curves' orders and random odd p
    orders = {20: [0xCD3E0000000000000000F7A11DBFF535FD8DB05D],   # opf160 (tests/vectors/curves/opf-params.txt)
              21: [0x0100000000000000000001F4C8F927AED3CA752257],
              24: [0xFFFFFFFFFFFFFFFFFFFFFFFF99DEF836146BC9B1B4D22831],
              28: [0xFFFFFFFFFFFFFFFFFFFFFFFFFFFF16A2E0B8F03E13DD29455C5C2A3D],
              32: [0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
                   0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141]}
    for n in RSIZES:
        asm = dict((r[0], r[2]) for r in ROUTINES)['redc%d' % n]()[0]
        count = 0
        Rm = 1 << 8 * n
        for p in orders[n] + [rng.getrandbits(8 * n) | 1, (Rm - 1), (Rm >> 1) + 1,
                              rng.getrandbits(8 * n - 8) | 1 | (1 << (8 * n - 9))]:
            pinv = (-pow(p, -1, 256)) % 256
            cases = [0, 1, p, (p - 1) ** 2, p * Rm - 1, p * (Rm - 1)]
            cases += [rng.randrange(p) * rng.randrange(p) for _ in range(trials)]
            cases += [rng.randrange(p * Rm) for _ in range(trials // 4)]
            for tv in cases:
                mem = bytearray(rng.randrange(256) for _ in range(0x400))
                rt, rp, rr = 0x100, 0x180, 0x200
                mem[rt:rt + 2 * n] = tv.to_bytes(2 * n, 'little')
                mem[rp:rp + n] = p.to_bytes(n, 'little')
                mem[rr + n] = 0x5C
                ok = call(asm, mem, [rr, rt, rp, pinv], rng=rng)
                got = int.from_bytes(mem[rr:rr + n], 'little')
                want = tv * pow(Rm, -1, p) % p
                if not ok or got != want or mem[rr + n] != 0x5C:
                    print('FAIL redc%d p=%x t=%x got=%x want=%x' % (n, p, tv, got, want))
                    bad += 1
                    break
                count += 1
        print('ok redc%d: %d cases, %d cycles' % (n, count, asm.cycles()))
    # the sparse REDC: secp160r1's n and random p = 2^160 + c, odd c < 2^88
    asm = dict((r[0], r[2]) for r in ROUTINES)['redc21s']()[0]
    count = 0
    Rm = 1 << 168
    for p in orders[21] + [(1 << 160) + (rng.getrandbits(88) | 1) for _ in range(4)] + \
            [(1 << 160) + (1 << 88) - 1, (1 << 160) + 1]:
        pinv = (-pow(p, -1, 256)) % 256
        cases = [0, 1, p, (p - 1) ** 2, p * Rm - 1, p * (Rm - 1)]
        cases += [rng.randrange(p) * rng.randrange(p) for _ in range(trials)]
        cases += [rng.randrange(p * Rm) for _ in range(trials // 4)]
        for tv in cases:
            mem = bytearray(rng.randrange(256) for _ in range(0x400))
            rt, rp, rr = 0x100, 0x180, 0x200
            mem[rt:rt + 42] = tv.to_bytes(42, 'little')
            mem[rp:rp + 21] = p.to_bytes(21, 'little')
            mem[rr + 21] = 0x5C
            ok = call(asm, mem, [rr, rt, rp, pinv], rng=rng)
            got = int.from_bytes(mem[rr:rr + 21], 'little')
            want = tv * pow(Rm, -1, p) % p
            if not ok or got != want or mem[rr + 21] != 0x5C:
                print('FAIL redc21s p=%x t=%x got=%x want=%x' % (p, tv, got, want))
                bad += 1
                break
            count += 1
    print('ok redc21s: %d cases, %d cycles' % (count, asm.cycles()))
    # add / sub / neg against the four field primes of each size and a random odd p
    primes = {20: [P160, 2**160 - 2**32 - 1 + 0], 24: [P192], 28: [2**224 - 2**96 + 1],
              32: [P256, 2**256 - 2**32 - 977]}
    for n in SIZES:
        plist = primes[n] + [rng.getrandbits(8 * n) | (1 << (8 * n - 1)) | 1]
        for kind in ('add', 'sub', 'neg'):
            asm = dict((r[0], r[2]) for r in ROUTINES)['fp_%s%d' % (kind, n)]()[0]
            count = 0
            for p in plist:
                vals = edge(p, n)
                vals = [v for v in vals if v < p]
                pairs = [(x, y) for x in vals for y in vals]
                pairs += [(rng.randrange(p), rng.randrange(p)) for _ in range(trials)]
                for x, y in pairs:
                    for alias in (0, 1, 2):
                        mem = bytearray(rng.randrange(256) for _ in range(0x400))
                        ra, rb, rp, rr = 0x100, 0x140, 0x180, 0x1C0
                        mem[ra:ra + n] = x.to_bytes(n, 'little')
                        mem[rb:rb + n] = y.to_bytes(n, 'little')
                        mem[rp:rp + n] = p.to_bytes(n, 'little')
                        out = rr if alias == 0 else (ra if alias == 1 else rb)
                        if kind == 'neg' and alias == 2:
                            continue
                        mem[out + n] = 0x5C
                        args = [out, ra, rb, rp] if kind != 'neg' else [out, ra, rp]
                        ok = call(asm, mem, args, rng=rng)
                        got = int.from_bytes(mem[out:out + n], 'little')
                        want = (x + y) % p if kind == 'add' else (x - y) % p if kind == 'sub' \
                            else (-x) % p
                        if not ok or got != want or mem[out + n] != 0x5C:
                            print('FAIL %s%d p=%x x=%x y=%x got=%x' % (kind, n, p, x, y, got))
                            bad += 1
                            break
                        count += 1
            print('ok fp_%s%d: %d cases, %d cycles' % (kind, n, count, asm.cycles()))
    # conditional swap: masks 0 and 0xFF, k = 1 .. 8 (cycles: the model runs k = 1 in cycles())
    asm = gen_cswap()[0]
    count = 0
    for k in range(1, 9):
        for mask in (0, 0xFF):
            x, y = rng.getrandbits(32 * k), rng.getrandbits(32 * k)
            mem = bytearray(rng.randrange(256) for _ in range(0x400))
            ra, rb = 0x100, 0x180
            mem[ra:ra + 4 * k] = x.to_bytes(4 * k, 'little')
            mem[rb:rb + 4 * k] = y.to_bytes(4 * k, 'little')
            mem[ra + 4 * k] = mem[rb + 4 * k] = 0x5C
            rng2 = testseed.rng('cswap %d' % k)
            R = [rng2.randrange(256) for _ in range(32)]
            R[1] = 0
            R[24], R[25], R[22], R[23], R[20], R[18] = ra & 255, ra >> 8, rb & 255, rb >> 8, mask, k
            keep = {r: R[r] for r in list(range(2, 18)) + [28, 29]}
            cyc = run_model(asm, mem, R)
            ga = int.from_bytes(mem[ra:ra + 4 * k], 'little')
            gb = int.from_bytes(mem[rb:rb + 4 * k], 'little')
            want = (y, x) if mask else (x, y)
            if (ga, gb) != want or mem[ra + 4 * k] != 0x5C or mem[rb + 4 * k] != 0x5C or R[1] != 0 \
                    or any(R[r] != v for r, v in keep.items()) or cyc != 55 * k + 6:
                print('FAIL mp_cswap k=%d mask=%x cycles %d' % (k, mask, cyc))
                bad += 1
            count += 1
    print('ok mp_cswap: %d cases, 55 k + 6 cycles' % count)
    # add / sub for p160 alone
    for kind in ('add', 'sub'):
        asm = dict((r[0], r[2]) for r in ROUTINES)['fp_%s160' % kind]()[0]
        count = 0
        vals = [v for v in edge(P160, 20) if v < P160]
        pairs = [(x, y) for x in vals for y in vals]
        pairs += [(rng.randrange(P160), rng.randrange(P160)) for _ in range(trials)]
        for x, y in pairs:
            for alias in (0, 1, 2):
                mem = bytearray(rng.randrange(256) for _ in range(0x400))
                ra, rb, rr = 0x100, 0x140, 0x1C0
                mem[ra:ra + 20] = x.to_bytes(20, 'little')
                mem[rb:rb + 20] = y.to_bytes(20, 'little')
                out = (rr, ra, rb)[alias]
                mem[out + 20] = 0x5C
                ok = call(asm, mem, [out, ra, rb], rng=rng)
                got = int.from_bytes(mem[out:out + 20], 'little')
                want = (x + y) % P160 if kind == 'add' else (x - y) % P160
                if not ok or got != want or mem[out + 20] != 0x5C:
                    print('FAIL %s160 x=%x y=%x got=%x' % (kind, x, y, got))
                    bad += 1
                    break
                count += 1
        print('ok fp_%s160: %d cases, %d cycles' % (kind, count, asm.cycles()))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true')
    ap.add_argument('--cycles', action='store_true')
    ap.add_argument('--selftest', type=int, nargs='?', const=100, default=None)
    ap.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    args = ap.parse_args()
    if args.selftest is not None:
        bad = selftest(args.selftest)
        if bad:
            print(testseed.fail_line('gen_avr_fp.py --selftest'))
        return bad
    if args.cycles:
        for name, proto, fn, what in ROUTINES:
            asm = fn()[0]
            print('sc_avr_%-10s %6d cycles %6d instructions' % (name, asm.cycles(), len(asm.ins)))
        return 0
    return write_or_check(all_files(), args.root, args.check, 'gen_avr_fp.py', 'fp ')


if __name__ == '__main__':
    sys.exit(main())
