#!/usr/bin/env python3
"""Generate seacurve's AVR multi-precision multiply and squaring kernels (port/avr/gen/*.S).

Method (own formulation; sources named, no code taken from them):

* Multiplication, sc_avr_mul<N>: fully unrolled product scanning (Comba 1990; [OPF] sec. 3.1)
  with operand caching (Hutter and Wenger, CHES 2011, "Fast multi-precision multiplication for
  public-key cryptography on embedded microprocessors"): the rows of the product are cut into
  bands of at most E_MAX = 10 bytes of a; a band's bytes of a stay in registers, the bytes of b
  stream through a window of e registers (one LD per byte per band, the window "rotates" by
  register renaming in the generator, so no MOV), and every column of the band is summed in a
  three-byte rotating accumulator (MUL; ADD; ADC; ADC: 5 cycles per byte product). A column that
  an earlier band already reached starts from that band's stored byte. The generator tracks an
  upper bound of every column sum and leaves out the third-byte ADC where the sum cannot pass
  2^16.
* Multiplication by one level of subtractive Karatsuba: three h x h half products of the
  scanning above, h = N/2; gen_mul_kara for h <= 10 (N = 20: both operands of the middle product
  in registers), gen_mul_kara_mem for N = 24, 28, 32 (banded halves, |aH - aL| and |bH - bL| in
  2h bytes of stack scratch). The sign of (aH - aL)(bH - bL) is handled by masks (complemented
  column extras and outputs, no branch). Per N the generator takes the method with the fewest
  cycles (gen_mul); --mul-method forces one.
* Squaring, sc_avr_sqr<N>: the same banded product scanning over the cross products a_i a_j,
  i < j only (half of them: [OPF] sec. 3.2, HAC Alg. 14.16), then one pass that doubles the
  cross sum and adds the squares a_k^2 on the diagonal (carry of the doubling and of the
  additions kept in one register of 0..2).

* Compact 160-bit kernels (SC_AVR_COMPACT; port/avr/gen/mp_mulsqr20c.S, both routines and
  their local subroutines in one section): the Karatsuba above with its three 10 x 10 half
  products as calls of one subroutine (MUL10: operands in registers, product scanning, result
  stored through Y; SQR10 for the squaring: cross products, doubling, squares), the middle
  product in a 20-byte stack frame and one shared combination subroutine (COMB: a loop of two
  passes over the same 10 columns of code). 2.5 KB for both instead of 5.9 KB, 6.6 % / 7.6 %
  more cycles (c_mul20, c_sqr20).

Everything is constant time: no branch on the values (the fast kernels are straight-line, the
compact ones run a loop of constant count), no data-dependent address; the cycle count is a
constant of N. Calling convention: avr-gcc (r24:r25 = r, r22:r23 = a, r20:r21 = b; r2-r17 and
r28:r29 saved; r1 cleared on return).

Usage:
  python3 tools/gen_avr_mul.py                 write port/avr/gen/mp_mul<N>.S, mp_sqr<N>.S (N = 20, 24, 28, 32),
                                               mp_mulsqr20c.S (the compact 160-bit kernels), mp_avr.h
  python3 tools/gen_avr_mul.py --check         regenerate in memory and compare with the committed files
  python3 tools/gen_avr_mul.py --cycles        print the static cycle / instruction counts (every method)
  python3 tools/gen_avr_mul.py --selftest      run every routine and method on an instruction-level model
  python3 tools/gen_avr_mul.py --mul-method ps|kara   force the multiply method (default: fewest cycles)
"""
import argparse
import os
import sys

from genfiles import header_line, write_or_check
import testseed

SIZES = (20, 24, 28, 32)
E_MAX = 10

# ATmega128 / ATmega1281 (16-bit PC) cycles per instruction, from the AVR Instruction Set Manual:
# MUL 2, LD/LDD/ST/STD 2 (classic core, internal SRAM), PUSH/POP 2, ADIW/SBIW 2, RET 4 (5 on
# devices with a 22-bit PC such as the ATmega2560; the 1281's 128 KiB flash is 64 Ki words, so it
# has a 16-bit PC too), RCALL 3, RJMP 2, BREQ 1 (2 when taken: the model adds it), everything
# else used here 1. Every instruction used is one 16-bit word.
CYCLES = {
    'mul': 2, 'add': 1, 'adc': 1, 'clr': 1, 'movw': 1, 'mov': 1, 'lsl': 1, 'lsr': 1, 'rol': 1,
    'ldd': 2, 'ldx': 2, 'std': 2, 'sbiw': 2, 'adiw': 2, 'push': 2, 'pop': 2, 'ret': 4,
    'sub': 1, 'sbc': 1, 'eor': 1, 'neg': 1, 'com': 1, 'in': 1, 'out': 1, 'cli': 1, 'ldi': 1,
    'rcall': 3, 'dec': 1, 'breq': 1, 'rjmp': 2, 'label': 0,
}
CLASS = {  # instruction classes of [OPF] Tables 1-2 (SUB / SBC counted with add)
    'add': 'add', 'adc': 'add', 'sub': 'add', 'sbc': 'add', 'mul': 'mul', 'ldd': 'ld', 'ldx': 'ld', 'std': 'st',
    'movw': 'mov', 'mov': 'mov',
}


class Asm:
    def __init__(self):
        self.ins = []

    def __call__(self, *ins):
        self.ins.append(ins)

    def cycles(self):
        return sum(CYCLES[i[0]] for i in self.ins)

    def words(self):
        return sum(1 for i in self.ins if i[0] != 'label')

    def counts(self):
        c = {}
        for i in self.ins:
            if i[0] == 'label':
                continue
            k = CLASS.get(i[0], 'other')
            c[k] = c.get(k, 0) + 1
        return c

    def text(self):
        out = []
        for i in self.ins:
            op = i[0]
            if op == 'ldd':
                _, rd, p, q = i
                out.append('ldd r%d, %s+%d' % (rd, p, q) if q else 'ld r%d, %s' % (rd, p))
            elif op == 'ldx':
                out.append('ld r%d, X+' % i[1])
            elif op == 'std':
                _, p, q, rr = i
                out.append('std %s+%d, r%d' % (p, q, rr) if q else 'st %s, r%d' % (p, rr))
            elif op in ('sbiw', 'adiw'):
                out.append('%s r%d, %d' % (op, i[1], i[2]))
            elif op == 'ret':
                out.append('ret')
            elif op == 'in':
                out.append('in r%d, 0x%02x' % (i[1], i[2]))
            elif op == 'out':
                out.append('out 0x%02x, r%d' % (i[1], i[2]))
            elif op == 'cli':
                out.append('cli')
            elif op == 'ldi':
                out.append('ldi r%d, 0x%02x' % (i[1], i[2]))
            elif op in ('rcall', 'breq', 'rjmp'):
                out.append('%s %s' % (op, i[1]))
            elif op == 'label':
                out.append(None)
                out[-1] = i[1] + ':'
            elif op == 'dec':
                out.append('dec r%d' % i[1])
            else:
                out.append(op + ' ' + ', '.join('r%d' % r for r in i[1:]))
        return out


PTR = {'X': 26, 'Y': 28, 'Z': 30}


def run_model(asm, mem, regs, subs=None):
    """Execute the code on a model of the AVR core (registers, C flag, data memory, SP); RCALL
    runs the routine of that label in subs (its return address pushed as 2 bytes) and RET ends
    a routine. Returns the cycles executed (RET included). Used by --selftest; the real check
    is the simavr firmware test (docs/mote-asm.md)."""
    st = {'C': 0, 'sp': 0x8FF, 'cyc': 0, 'n': {}}
    _exec(asm, mem, regs, subs or {}, st)
    run_model.sp, run_model.counts = st['sp'], st['n']
    return st['cyc']


def _exec(asm, mem, R, subs, st):
    def ptr(p):
        b = PTR[p]
        return R[b] | (R[b + 1] << 8)

    labels = {i[1]: k for k, i in enumerate(asm.ins) if i[0] == 'label'}
    pc = 0
    while pc < len(asm.ins):
        i = asm.ins[pc]
        pc += 1
        op = i[0]
        st['cyc'] += CYCLES[op]
        C = st['C']
        if op == 'label':
            continue
        k = CLASS.get(op, 'other')
        st['n'][k] = st['n'].get(k, 0) + 1
        if op == 'dec':
            R[i[1]] = (R[i[1]] - 1) & 255
            st['Zf'] = R[i[1]] == 0
            continue
        if op == 'breq':
            if st['Zf']:
                st['cyc'] += 1
                pc = labels[i[1].rstrip('bf')]
            continue
        if op == 'rjmp':
            pc = labels[i[1].rstrip('bf')]
            continue
        if op == 'mul':
            v = R[i[1]] * R[i[2]]
            R[0], R[1] = v & 255, v >> 8
            C = (v >> 15) & 1
        elif op in ('add', 'adc'):
            v = R[i[1]] + R[i[2]] + (C if op == 'adc' else 0)
            R[i[1]] = v & 255
            C = v >> 8
        elif op in ('sub', 'sbc'):
            v = R[i[1]] - R[i[2]] - (C if op == 'sbc' else 0)
            R[i[1]] = v & 255
            C = 1 if v < 0 else 0
        elif op == 'eor':
            R[i[1]] ^= R[i[2]]
        elif op == 'com':
            R[i[1]] ^= 255
            C = 1
        elif op == 'neg':
            C = 1 if R[i[1]] else 0
            R[i[1]] = (-R[i[1]]) & 255
        elif op == 'lsl':
            v = R[i[1]] << 1
            R[i[1]] = v & 255
            C = v >> 8
        elif op == 'lsr':
            C = R[i[1]] & 1
            R[i[1]] >>= 1
        elif op == 'rol':
            v = (R[i[1]] << 1) | C
            R[i[1]] = v & 255
            C = v >> 8
        elif op == 'clr':
            R[i[1]] = 0
        elif op == 'ldi':
            assert 16 <= i[1] < 32
            R[i[1]] = i[2]
        elif op == 'mov':
            R[i[1]] = R[i[2]]
        elif op == 'movw':
            R[i[1]], R[i[1] + 1] = R[i[2]], R[i[2] + 1]
        elif op == 'ldd':
            R[i[1]] = mem[ptr(i[2]) + i[3]]
        elif op == 'ldx':
            x = ptr('X')
            R[i[1]] = mem[x]
            x += 1
            R[26], R[27] = x & 255, x >> 8
        elif op == 'std':
            a = ptr(i[1]) + i[2]
            assert a > st['sp'] or a < 0x700, 'store below SP'
            mem[a] = R[i[3]]
        elif op in ('sbiw', 'adiw'):
            x = R[i[1]] | (R[i[1] + 1] << 8)
            x = (x - i[2] if op == 'sbiw' else x + i[2]) & 0xFFFF
            R[i[1]], R[i[1] + 1] = x & 255, x >> 8
            C = 1 if (x > 0xFFFF - i[2] if op == 'sbiw' else x < i[2]) else 0
        elif op == 'push':
            mem[st['sp']] = R[i[1]]
            st['sp'] -= 1
        elif op == 'pop':
            st['sp'] += 1
            R[i[1]] = mem[st['sp']]
        elif op == 'in':
            R[i[1]] = {0x3D: st['sp'] & 255, 0x3E: st['sp'] >> 8, 0x3F: 0x80}[i[2]]
        elif op == 'out':
            if i[1] == 0x3D:
                st['sp'] = (st['sp'] & 0xFF00) | R[i[2]]
            elif i[1] == 0x3E:
                st['sp'] = (st['sp'] & 0xFF) | (R[i[2]] << 8)
            else:
                assert i[1] == 0x3F
        elif op == 'cli':
            pass
        elif op == 'rcall':
            st['C'] = C
            for _ in range(2):   # the return address
                mem[st['sp']] = 0xEE
                st['sp'] -= 1
            _exec(subs[i[1]], mem, R, subs, st)
            st['sp'] += 2
            continue
        elif op == 'ret':
            st['C'] = C
            return
        else:
            raise ValueError(op)
        st['C'] = C


def bands(rows, emax):
    """Cut `rows` rows into the fewest bands of at most emax, sizes as equal as possible."""
    k = -(-rows // emax)
    base, extra = divmod(rows, k)
    out, i0 = [], 0
    for t in range(k):
        e = base + (1 if t < extra else 0)
        out.append((i0, e))
        i0 += e
    return out


POOL = list(range(18, 26)) + list(range(2, 18))  # scratch first, then call-saved


def prologue(asm, used):
    saved = sorted(r for r in used if 2 <= r <= 17) + [28, 29]
    for r in saved:
        asm('push', r)
    return saved


def epilogue(asm, saved):
    asm('clr', 1)
    for r in reversed(saved):
        asm('pop', r)
    asm('ret')


class Acc:
    """Three-byte rotating column accumulator with an upper bound of its value."""

    def __init__(self, asm, regs, zero):
        self.asm, self.r, self.zero = asm, list(regs), zero
        self.bound = 0

    def add_prod(self):  # r1:r0 added
        a = self.asm
        a('add', self.r[0], 0)
        a('adc', self.r[1], 1)
        self.bound += 255 * 255
        if self.bound > 0xFFFF:
            a('adc', self.r[2], self.zero)

    def add_byte(self, src):  # one byte (0..255) added at weight 1
        a = self.asm
        a('add', self.r[0], src)
        a('adc', self.r[1], self.zero)
        self.bound += 255
        if self.bound > 0xFFFF:
            a('adc', self.r[2], self.zero)

    def shift(self, clear=True):
        """Column done (caller stored r[0]): the accumulator moves down one byte."""
        self.r = self.r[1:] + self.r[:1]
        if clear:
            self.asm('clr', self.r[2])
        self.bound >>= 8


def band_scan(asm, n, band_list, pairs_ok, b_first, acc_regs, zero, A, W, xreset):
    """Product scanning over bands of rows i; column c of band (i0, e) sums a_i * b_(c-i) over
    the rows i of the band with pairs_ok(i, j). b_j streams through the window W (LD X+, j from
    b_first(i0) up); a_i of the band sit in A. Results (partial column sums) go to Z+c.
    Returns the set of result bytes written."""
    written = set()
    for t, (i0, e) in enumerate(band_list):
        for k in range(e):
            asm('ldd', A[k], 'Y', i0 + k)
        jfirst = b_first(i0)
        cols = [c for c in range(0, 2 * n) if any(
            pairs_ok(i, c - i) for i in range(i0, i0 + e))]
        c0, c1 = cols[0], cols[-1]
        acc = Acc(asm, acc_regs, zero)
        for c in range(c0, c1 + 1):
            j = c - i0
            if jfirst <= j < n:
                asm('ldx', W[j % e])
            if c == c0:
                if c in written:
                    asm('ldd', acc.r[0], 'Z', c)
                    acc.bound = 255
                else:
                    asm('clr', acc.r[0])
                asm('clr', acc.r[1])
                asm('clr', acc.r[2])
            elif c in written:
                asm('ldd', 0, 'Z', c)
                acc.add_byte(0)
            for i in range(i0, i0 + e):
                if pairs_ok(i, c - i):
                    asm('mul', A[i - i0], W[(c - i) % e])
                    acc.add_prod()
            asm('std', 'Z', c, acc.r[0])
            written.add(c)
            acc.shift(clear=(c != c1))
        # the band's top byte (the third accumulator byte is zero: bound below 2^16)
        assert acc.bound <= 0xFF, acc.bound
        asm('std', 'Z', c1 + 1, acc.r[0])
        written.add(c1 + 1)
        if t + 1 < len(band_list):
            back = xreset(i0, e, band_list[t + 1][0])
            if back:
                asm('sbiw', 26, back)
    return written


def gen_mul_ps(n):
    asm = Asm()
    bl = bands(n, E_MAX)
    emax = max(e for _, e in bl)
    regs = POOL[:4 + 2 * emax]
    zero, accr, A, W = regs[0], regs[1:4], regs[4:4 + emax], regs[4 + emax:4 + 2 * emax]
    saved = prologue(asm, regs)
    asm('movw', 30, 24)   # Z = r
    asm('movw', 28, 22)   # Y = a
    asm('movw', 26, 20)   # X = b (streamed)
    asm('clr', zero)
    written = band_scan(
        asm, n, bl, lambda i, j: 0 <= j < n and 0 <= i < n, lambda i0: 0,
        accr, zero, A, W, lambda i0, e, nxt: n)
    assert written == set(range(2 * n))
    epilogue(asm, saved)
    info = dict(method='banded product scanning with operand caching',
                bands=[e for _, e in bl], regs=regs, saved=saved)
    return asm, info


def gen_sqr(n, keep=None):
    """keep: {result byte: register} (a fused caller's option): those bytes of the final pass
    stay in the registers named (free by then: the band registers) instead of being stored."""
    keep = keep or {}
    asm = Asm()
    bl = bands(n - 1, E_MAX)
    emax = max(e for _, e in bl)
    regs = POOL[:4 + 2 * emax]
    zero, accr, A, W = regs[0], regs[1:4], regs[4:4 + emax], regs[4 + emax:4 + 2 * emax]
    saved = prologue(asm, regs)
    asm('movw', 30, 24)   # Z = r
    asm('movw', 28, 22)   # Y = a
    asm('movw', 26, 22)   # X = a + 1 (streamed operand of the cross products)
    asm('adiw', 26, 1)
    asm('clr', zero)
    written = band_scan(
        asm, n, bl, lambda i, j: i < j < n, lambda i0: i0 + 1,
        accr, zero, A, W, lambda i0, e, nxt: n - (nxt + 1))
    # r = 2 * (cross sum) + sum a_k^2 B^2k, two bytes per step. Two carry chains run through
    # the pass, the doubling's (cs) and the addition's (ca); MUL destroys C, so each is parked
    # as a 0/1 register between steps (LSR puts it back into C, ROL takes it out again).
    ak, t0, t1, cs, ca = regs[1:6]
    for k in range(n):
        first, last = k == 0, k == n - 1
        asm('ldd', ak, 'Y', k)
        asm('mul', ak, ak)
        t0, t1 = keep.get(2 * k, regs[2]), keep.get(2 * k + 1, regs[3])
        for t, q in ((t0, 2 * k), (t1, 2 * k + 1)):
            if q in written:
                asm('ldd', t, 'Z', q)
            else:
                asm('clr', t)
        if first:
            asm('lsl', t0)
        else:
            asm('lsr', cs)
            asm('rol', t0)
        asm('rol', t1)
        if not last:
            asm('clr' if first else 'rol', cs)
            if first:
                asm('rol', cs)
        if first:
            asm('add', t0, 0)
        else:
            asm('lsr', ca)
            asm('adc', t0, 0)
        asm('adc', t1, 1)
        if not last:
            if first:
                asm('clr', ca)
            asm('rol', ca)
        for t, q in ((t0, 2 * k), (t1, 2 * k + 1)):
            if q not in keep:
                asm('std', 'Z', q, t)
    epilogue(asm, saved)
    info = dict(method='banded product scanning of the cross products, then doubling + squares',
                bands=[e for _, e in bl], regs=regs, saved=saved)
    return asm, info



def half_scan(asm, h, A, W, acc_regs, zero, ncols, wload=None, init=None, pre=None, post=None):
    """Product scanning of one h x h band whose operands both sit in registers (A: a_i, W: b_j;
    with wload, W[c] is loaded by wload(W[c]) at column c < h, just before its first use).
    Column c sums the products a_i b_(c-i), plus what pre(c, acc) adds (bytes through r0,
    before the column's MULs), and post(c, acc) disposes of the finished byte acc.r[0].
    init(acc) sets up column 0's accumulator (default: cleared). After the last column the
    accumulator is shifted once more, so acc.r[0] holds what is left above column ncols - 1."""
    acc = Acc(asm, acc_regs, zero)
    for c in range(ncols):
        if wload is not None and c < h:
            wload(W[c])
        if c == 0:
            if init is not None:
                init(acc)
            else:
                for r in acc.r:
                    asm('clr', r)
        if pre is not None:
            pre(c, acc)
        for i in range(h):
            if 0 <= c - i < h:
                asm('mul', A[i], W[c - i])
                acc.add_prod()
        post(c, acc)
        acc.shift(clear=(c != ncols - 1))
    return acc


def gen_mul_kara(n):
    """One level of subtractive Karatsuba (Karatsuba-Ofman 1962; the subtractive form as in
    Hutter and Schwabe, "Multiprecision multiplication on AVR revisited", ePrint 2014/592: own
    formulation and code) over h x h half products, h = n / 2 <= 10, each a single band of the
    product scanning above. With a = aL + aH B^h, b = bL + bH B^h (B = 256):
        a b = L + B^h (L + H - (aH - aL)(bH - bL)) + B^2h H,   L = aL bL, H = aH bH.
    Steps (r of 2n bytes; L = L0 + B^h L1, H = H0 + B^h H1, h-byte halves):
      1. L: L0 into r[0..h), L1 into r[2h..3h) (scratch for now).
      2. H: its columns 0..h-1 also add L1 and store T = L1 + H0 over L1; the accumulator carries
         on, so T's carry ends up in H1' = H1 + carry, stored in r[3h..4h) (no carry out:
         L1 + H < B^2h). Then a b = L0 + B^h (L0 + T) + B^2h (T + H1') + B^3h H1' + B^h s x y,
         x = |aH - aL|, y = |bH - bL| and s = -1 or +1 minus the product of the differences' signs.
      3. x in place of aH in the A registers, y in place of bH in the W registers (subtraction,
         then (d XOR mask) - mask with the borrow mask: constant-time conditional negation);
         m = NOT(mask_a XOR mask_b) (0xFF: s = -1).
      4. One product scan of x y over the 2h columns of r[h..3h) (no loads: both operands in
         registers) whose columns also add E = Z1 + Z2, Z1 = [L0, H1'], Z2 = [T, T] (2h-byte
         numbers). For s = -1 the scan adds the complements Z1 XOR m, Z2 XOR m and 1 instead, so
         the accumulator holds A = 2 B^2h - 1 - (E - x y), and stores each byte XOR m: the bytes
         of E - x y mod B^2h. The part above (signed) is A_hi for s = +1, 1 - A_hi for s = -1:
         (A_hi XOR m) + 2 (m & 1).
      5. r[3h..4h) = H1' + that signed carry (sign-extended, one ADD/ADC chain).
    Straight-line, every address constant: the sign enters only through the mask m."""
    assert kara_ok(n)
    h = n // 2
    asm = Asm()
    regs = POOL[:4 + 2 * h]
    zero, accr, A, W = regs[0], regs[1:4], regs[4:4 + h], regs[4 + h:4 + 2 * h]
    M, S = 26, 27   # X is free once y is formed: the sign mask m and a scratch byte
    marks = []

    def mark(name):   # phase boundaries, for the breakdown that --cycles prints
        marks.append((name, len(asm.ins)))
    mark('prologue')
    saved = prologue(asm, regs)
    asm('movw', 30, 24)   # Z = r
    asm('movw', 28, 22)   # Y = a
    asm('movw', 26, 20)   # X = b (streamed)
    asm('clr', zero)

    def store(q):
        return lambda c, acc: asm('std', 'Z', q(c), acc.r[0])

    mark('L')
    # 1. L = aL bL: L0 into r[0..h), L1 into r[2h..3h)
    for k in range(h):
        asm('ldd', A[k], 'Y', k)
    half_scan(asm, h, A, W, accr, zero, 2 * h, wload=lambda w: asm('ldx', w),
              post=store(lambda c: c if c < h else c + h))

    mark('H + L1')
    # 2. H = aH bH (X = b + h now); columns 0..h-1 add L1: T over L1, then H1' in r[3h..4h)
    for k in range(h):
        asm('ldd', A[k], 'Y', h + k)

    def pre_h(c, acc):
        if c < h:
            asm('ldd', 0, 'Z', 2 * h + c)
            acc.add_byte(0)
    acc = half_scan(asm, h, A, W, accr, zero, 2 * h, wload=lambda w: asm('ldx', w), pre=pre_h,
                    post=store(lambda c: 2 * h + c))
    assert acc.bound == 0, acc.bound

    mark('x, y, m')
    # 3. x = |aH - aL| over aH in A, y = |bH - bL| over bH in W
    def absdiff(dst, mask):
        for k in range(h):
            asm('ldd', 0, 'Y', k)
            asm('sub' if k == 0 else 'sbc', dst[k], 0)
        asm('sbc', mask, mask)            # 0xFF on borrow
        for k in range(h):
            asm('eor', dst[k], mask)
        for k in range(h):                # - mask: + 1 when mask = 0xFF
            asm('sub' if k == 0 else 'sbc', dst[k], mask)
    absdiff(A, accr[0])
    asm('movw', 28, 26)   # Y = b + 2h (X after step 2; X is free from here on)
    asm('sbiw', 28, 2 * h)  # Y = b
    absdiff(W, M)
    asm('eor', M, accr[0])
    asm('com', M)         # m: 0xFF when the middle product is subtracted

    mark('middle + E')
    # 4. middle product scan with the complemented extras
    def init_m(acc):
        asm('mov', acc.r[0], M)
        asm('neg', acc.r[0])              # m & 1
        asm('clr', acc.r[1])
        asm('clr', acc.r[2])
        acc.bound = 1

    def pre_m(c, acc):
        for q in ((c if c < h else 3 * h + c - h), 2 * h + c % h):
            asm('ldd', 0, 'Z', q)
            asm('eor', 0, M)
            acc.add_byte(0)

    def post_m(c, acc):
        asm('eor', acc.r[0], M)
        asm('std', 'Z', h + c, acc.r[0])
    acc = half_scan(asm, h, A, W, accr, zero, 2 * h, init=init_m, pre=pre_m, post=post_m)
    assert acc.bound <= 3, acc.bound
    hi = acc.r[0]
    asm('eor', hi, M)     # (A_hi XOR m) + 2 (m & 1): the signed carry into r[3h]
    asm('sub', hi, M)
    asm('sub', hi, M)

    mark('tail')
    # 5. r[3h..4h) = H1' + hi
    asm('mov', S, hi)
    asm('lsl', S)
    asm('sbc', S, S)      # sign extension of hi
    for k in range(h):
        asm('ldd', 0, 'Z', 3 * h + k)
        asm('add' if k == 0 else 'adc', 0, hi if k == 0 else S)
        asm('std', 'Z', 3 * h + k, 0)
    mark('epilogue')
    epilogue(asm, saved)
    info = dict(method='one level of subtractive Karatsuba over %d x %d-byte product scans'
                % (h, h), bands=[h, h], regs=regs, saved=saved, kara=True,
                phases=marks + [('exit', len(asm.ins))])
    return asm, info



def band_scan2(asm, h, bl, A, W, accr, zero, aload, out, written=(), extras=None, final=None,
               init=None, spare=None):
    """Banded product scanning of two h-byte operands (rows a_i loaded by aload(reg, i), b
    streamed by LD X+ from its start; X is moved back between bands), the column c stored at
    Z + out(c). Columns in `written` start from the stored byte. extras(c, acc) adds bytes to
    column c in the first band whose MULs reach it (the last column, 2h - 1, which none reaches,
    at the end of the last band); final(acc) runs on the finished byte of each column just before
    its last store. init(acc) replaces the clearing of column 0. Extras are added at a column's
    first touch, a band's top included (they may be read from where the column is stored: Z2
    below), so a band's top may pass one byte: the second byte waits in the register `spare` for
    the next band (a store would overwrite that column's extras before they are read).
    Returns the accumulator after the last column (what is left above it in acc.r[0])."""
    written = set(written)
    spans = [(i0, i0 + e + h - 2) for i0, e in bl]          # product columns of each band
    last = 2 * h - 1
    ext_band = {c: min(t for t, (c0, c1) in enumerate(spans) if c0 <= c <= c1 + 1)
                for c in range(2 * h)}
    pending = {}
    fin_band = {c: max(t for t, (c0, c1) in enumerate(spans) if c0 <= c <= c1 + 1)
                for c in range(2 * h)}
    acc = None
    for t, (i0, e) in enumerate(bl):
        lastband = t == len(bl) - 1
        for k in range(e):
            aload(A[k], i0 + k)
        c0, c1 = spans[t]
        acc = Acc(asm, accr, zero)
        for c in range(c0, c1 + 2):
            top = c == c1 + 1
            j = c - i0
            if not top and 0 <= j < h:
                asm('ldx', W[j % e])
            if c == c0:
                if c in written:
                    asm('ldd', acc.r[0], 'Z', out(c))
                    acc.bound = 255
                    asm('clr', acc.r[1])
                    asm('clr', acc.r[2])
                elif c == 0 and init is not None:
                    init(acc)
                else:
                    for r in acc.r:
                        asm('clr', r)
            elif c in written:
                asm('ldd', 0, 'Z', out(c))
                acc.add_byte(0)
            if c in pending:
                acc.add_byte(pending.pop(c))
            if extras is not None and ext_band[c] == t:
                extras(c, acc)
            if not top:
                for i in range(i0, i0 + e):
                    if 0 <= c - i < h:
                        asm('mul', A[i - i0], W[(c - i) % e])
                        acc.add_prod()
            spill = top and not (lastband and c == last) and acc.bound > 0xFF
            if top and not (lastband and c == last):
                assert acc.bound <= 0xFFFF and c + 1 <= last, acc.bound
            if final is not None and fin_band[c] == t:
                final(acc)
            asm('std', 'Z', out(c), acc.r[0])
            written.add(c)
            if spill:   # the bound passed one byte: the next band adds the second one
                assert spare is not None and not pending
                asm('mov', spare, acc.r[1])
                pending[c + 1] = spare
            if not top:
                acc.shift(clear=True)
            elif lastband:
                acc.shift(clear=False)
        if not lastband:
            asm('sbiw', 26, h)
    return acc


def gen_mul_kara_mem(n):
    """The Karatsuba of gen_mul_kara for halves too long for the registers (h = n / 2 > 10):
    the half products and the middle product are banded product scans (band_scan2), and
    x = |aH - aL|, y = |bH - bL| go to 2h bytes of stack scratch (PUSH; read back through Y and X
    from a copy of SP; POPped at the end). Same steps, same E, same sign handling by the mask m."""
    assert n % 2 == 0 and n // 2 > E_MAX and 2 * n <= 64
    h = n // 2
    bl = bands(h, E_MAX)
    emax = max(e for _, e in bl)
    asm = Asm()
    assert len(bl) == 2
    regs = POOL[:4 + 2 * emax + 3]
    zero, accr, A, W = regs[0], regs[1:4], regs[4:4 + emax], regs[4 + emax:4 + 2 * emax]
    M, S, SP = regs[4 + 2 * emax:4 + 2 * emax + 3]
    D = POOL[1:1 + h]     # the differences, before they are pushed
    assert M not in D and zero not in D
    saved = prologue(asm, regs + [r for r in D if r not in regs])
    asm('movw', 30, 24)   # Z = r
    asm('movw', 28, 22)   # Y = a
    asm('movw', 26, 20)   # X = b (streamed)
    asm('clr', zero)

    def ld_a(off):
        return lambda reg, i: asm('ldd', reg, 'Y', off + i)
    # 1. L: L0 into r[0..h), L1 into r[2h..3h)
    band_scan2(asm, h, bl, A, W, accr, zero, ld_a(0), lambda c: c if c < h else c + h, spare=SP)
    # 2. H (X = b + h), adding L1 to its columns 0..h-1: T, then H1' in r[3h..4h)
    acc = band_scan2(asm, h, bl, A, W, accr, zero, ld_a(h), lambda c: 2 * h + c,
                     written=range(h), spare=SP)
    # 3. x = |aH - aL|, y = |bH - bL| pushed (x first: y ends up at SP + 1, x at SP + 1 + h)
    ma, mb = [r for r in POOL if r not in D and r not in (zero, M, SP)][:2]

    def absdiff_push(mask):
        for k in range(h):
            asm('ldd', D[k], 'Y', h + k)
            asm('ldd', 0, 'Y', k)
            asm('sub' if k == 0 else 'sbc', D[k], 0)
        asm('sbc', mask, mask)
        for k in range(h):
            asm('eor', D[k], mask)
        for k in range(h):
            asm('sub' if k == 0 else 'sbc', D[k], mask)
        for k in reversed(range(h)):
            asm('push', D[k])
    absdiff_push(ma)
    asm('movw', 28, 26)     # Y = b + 2h
    asm('sbiw', 28, 2 * h)  # Y = b
    absdiff_push(mb)
    asm('eor', ma, mb)
    asm('com', ma)
    asm('mov', M, ma)       # m: 0xFF when x y is subtracted
    asm('in', 28, 0x3D)
    asm('in', 29, 0x3E)
    asm('adiw', 28, 1)      # Y = SP + 1 = y
    asm('movw', 26, 28)     # X = y (streamed)
    asm('adiw', 28, h)      # Y = x

    # 4. middle product with E complemented under m (as in gen_mul_kara)
    def init_m(acc):
        asm('mov', acc.r[0], M)
        asm('neg', acc.r[0])
        asm('clr', acc.r[1])
        asm('clr', acc.r[2])
        acc.bound = 1

    def extras(c, acc):
        for q in ((c if c < h else 3 * h + c - h), 2 * h + c % h):
            asm('ldd', 0, 'Z', q)
            asm('eor', 0, M)
            acc.add_byte(0)
    acc = band_scan2(asm, h, bl, A, W, accr, zero, ld_a(0), lambda c: h + c, extras=extras,
                     final=lambda acc: asm('eor', acc.r[0], M), init=init_m, spare=SP)
    assert acc.bound <= 3, acc.bound
    hi = acc.r[0]
    asm('eor', hi, M)
    asm('sub', hi, M)
    asm('sub', hi, M)
    # 5. tail
    asm('mov', S, hi)
    asm('lsl', S)
    asm('sbc', S, S)
    for k in range(h):
        asm('ldd', 0, 'Z', 3 * h + k)
        asm('add' if k == 0 else 'adc', 0, hi if k == 0 else S)
        asm('std', 'Z', 3 * h + k, 0)
    for _ in range(2 * h):
        asm('pop', 0)
    epilogue(asm, saved)
    info = dict(method='one level of subtractive Karatsuba over %d x %d-byte banded product scans'
                ' (x, y on the stack)' % (h, h), bands=[h, h], regs=regs, saved=saved, kara=True,
                scratch=2 * h)
    return asm, info


def gen_mul_kara_any(n):
    return gen_mul_kara(n) if n // 2 <= E_MAX else gen_mul_kara_mem(n)

MUL_METHODS = {'ps': gen_mul_ps, 'kara': gen_mul_kara_any}
MUL_FORCE = {}   # N -> method name; empty: every N takes the fewest cycles (--mul-method sets it)


def kara_ok(n):
    return n % 2 == 0 and 2 * n <= 64


def gen_mul(n):
    """sc_avr_mul<n>: the forced method, else the candidate with the fewest static cycles (they
    equal the simulator's, docs/mote-asm.md); the old product scanning stays a candidate."""
    if n in MUL_FORCE:
        return MUL_METHODS[MUL_FORCE[n]](n)
    cands = [gen_mul_ps(n)] + ([gen_mul_kara_any(n)] if kara_ok(n) else [])
    return min(cands, key=lambda c: c[0].cycles())


# ---------------------------------------------------------------------------------------------
# Compact 160-bit kernels (SC_AVR_COMPACT): sc_avr_mul20 and sc_avr_sqr20 in one file,
# port/avr/gen/mp_mulsqr20c.S, built from three local subroutines instead of fully inlined
# half products.

CH = 10                          # half size in bytes
C_ZERO, C_ACC = POOL[0], POOL[1:4]
C_A, C_W = POOL[4:4 + CH], POOL[4 + CH:4 + 2 * CH]
C_M = 26                         # the sign mask m of the middle product (X low byte)
C_SAVED = list(range(2, 18)) + [28, 29]
L_MUL10, L_SQR10, L_COMB = '.Lsc_k20c_mul10', '.Lsc_k20c_sqr10', '.Lsc_k20c_comb'


def c_mul10():
    """Local subroutine: Y[0..20) = A * W, the operands in the registers C_A and C_W (kept),
    product scanning over registers (one band of the scanning above). Clobbers r0, r1, C_ACC."""
    asm = Asm()
    half_scan(asm, CH, C_A, C_W, C_ACC, C_ZERO, 2 * CH,
              post=lambda c, acc: asm('std', 'Y', c, acc.r[0]))
    asm('ret')
    return asm


def c_sqr10():
    """Local subroutine: Y[0..20) = A^2, A in C_A (kept). The cross products a_i a_j, i < j, by
    product scanning over the registers into bytes 1..18 of their sum, doubled by one LSL/ROL
    chain: a byte below q0 is doubled when its column is done (the chain's carry parked in a
    register across the MULs, which clear C) and goes to Y; from q0 up the finished accumulator
    register stays as that byte (a fresh register takes its place in the rotation, so no MOV)
    and the chain goes on over them after the scan. Then the squares a_k^2 are added in a
    second chain (its carry parked likewise). Clobbers r0, r1, C_ACC, C_W, X."""
    asm = Asm()
    h, A = CH, C_A
    pool = C_W + [26, 27]                # with C_ACC: 15 registers
    t, ca = pool[-2:]                    # the pass's scratch and parked carry
    pool = pool[:-2]
    q0 = 2 * h - len(C_ACC) - len(pool)  # bytes q0..2h-1 in registers
    reg = {}
    acc = Acc(asm, C_ACC, C_ZERO)
    c0, c1 = 1, 2 * h - 3
    for c in range(c0, c1 + 1):
        if c == c0:
            for r in acc.r:
                asm('clr', r)
        for i in range(h):
            if i < c - i < h:
                asm('mul', A[i], A[c - i])
                acc.add_prod()
        if c < q0:                       # doubled now: the chain's carry parked in ca
            if c == c0:
                asm('lsl', acc.r[0])
                asm('clr', ca)
            else:
                asm('lsr', ca)
                asm('rol', acc.r[0])
            asm('rol', ca)
            asm('std', 'Y', c, acc.r[0])
            acc.shift(clear=(c != c1))
        else:
            reg[c] = acc.r[0]
            acc.r = acc.r[1:] + ([pool.pop(0)] if c != c1 else [])
            if c != c1:
                asm('clr', acc.r[2])
            acc.bound >>= 8
    assert not pool
    assert acc.bound <= 0xFF, acc.bound
    reg[c1 + 1] = acc.r[0]
    reg[2 * h - 1] = acc.r[1]
    assert len(set(reg.values())) == len(reg) and t not in reg.values() and ca not in reg.values()
    # 2 (cross sum) goes on over the bytes in registers, the carry out into byte 2h-1
    asm('lsr', ca)
    for q in range(q0, 2 * h):
        if q == 2 * h - 1:
            asm('clr', reg[q])
        asm('rol', reg[q])
    # + a_k^2 at bytes 2k, 2k + 1
    for k in range(h):
        asm('mul', A[k], A[k])
        if k:
            asm('lsr', ca)
        for q, src in ((2 * k, 0), (2 * k + 1, 1)):
            if q == 0:
                asm('std', 'Y', 0, 0)     # byte 0: a_0^2's low byte alone
            elif q < q0:
                asm('ldd', t, 'Y', q)
                asm('add' if q == 1 else 'adc', t, src)
                asm('std', 'Y', q, t)
            else:
                asm('adc', reg[q], src)
        if k < h - 1:
            if k == 0:
                asm('clr', ca)
            asm('rol', ca)
    for q in range(q0, 2 * h):
        asm('std', 'Y', q, reg[q])
    asm('ret')
    return asm


def c_comb():
    """Local subroutine: the Karatsuba combination in place. In: Z = r holding L = aL bL in
    r[0..20) and H = aH bH in r[20..40); Y = the middle product P (20 bytes, x y or x^2);
    m (C_M) = 0xFF when P is subtracted, 0 when added. Out: r = L + B^h (L + H -/+ P) + B^2h H;
    X, Y, Z moved. With T = L1 + H0 = T' + cT B^h (h-byte halves; T' in registers, cT its carry):
      r[h..3h) gets E = [L0 + T'] + B^h [T' + H1 + cT] plus P XOR m and m & 1 (the two's
      complement of P when m = 0xFF), column by column in a two-byte accumulator, in a loop of
      two passes over the same h columns of code (T' is the same registers in both: X streams
      L0 then H1, Y P's halves, Z the destination; cT enters at the second pass's first column);
      what is left above is hi (0..3), so r[3h..4h) = H1 + (hi + cT - (m & 1)), that signed
      carry sign-extended (hi + cT + m mod 256: m = 0xFF is -1).
    The loop count is a constant: no branch depends on the values.
    Clobbers r0, C_ACC, C_W, C_A[0..3]."""
    asm = Asm()
    h = CH
    T = C_W
    c0, c1, cT = C_ACC
    S, M, N, CX = C_A[0], C_A[1], C_A[2], C_A[3]
    for k in range(h):
        asm('ldd', T[k], 'Z', h + k)
        asm('ldd', 0, 'Z', 2 * h + k)
        asm('add' if k == 0 else 'adc', T[k], 0)
    asm('clr', cT)
    asm('rol', cT)
    asm('mov', M, C_M)
    asm('movw', 26, 30)               # X = r: L0, then H1
    asm('adiw', 30, h)                # Z = r + h
    asm('mov', c0, M)
    asm('neg', c0)                    # m & 1
    asm('clr', c1)
    asm('clr', CX)                    # the pass's extra carry in: 0, then cT
    asm('ldi', N, 2)
    asm('label', '1')
    for k in range(h):
        asm('ldx', 0)
        asm('add', c0, 0)
        asm('adc', c1, C_ZERO)
        asm('add', c0, T[k])
        asm('adc', c1, C_ZERO)
        asm('ldd', 0, 'Y', k)
        asm('eor', 0, M)
        asm('add', c0, 0)
        asm('adc', c1, C_ZERO)
        if k == 0:
            asm('add', c0, CX)
            asm('adc', c1, C_ZERO)
        asm('std', 'Z', k, c0)
        c0, c1 = c1, c0
        asm('clr', c1)
    assert [c0, c1] == C_ACC[:2]   # an even number of swaps: the loop body is the same code
    asm('mov', CX, cT)
    asm('adiw', 26, 2 * h)            # X = r + 3h: H1
    asm('adiw', 30, h)
    asm('adiw', 28, h)
    asm('dec', N)                     # the loop body is past BRNE's reach: BREQ over RJMP
    asm('breq', '2f')
    asm('rjmp', '1b')
    asm('label', '2')
    asm('add', c0, cT)                # hi + cT + m: the signed carry into r[3h]
    asm('add', c0, M)
    asm('mov', S, c0)
    asm('lsl', S)
    asm('sbc', S, S)
    for k in range(h):                # Z = r + 3h
        asm('ldd', 0, 'Z', k)
        asm('add' if k == 0 else 'adc', 0, c0 if k == 0 else S)
        asm('std', 'Z', k, 0)
    asm('ret')
    return asm


def c_frame(asm, sign):
    """SP -= 20 (sign -1) with Y = the frame's first byte, or SP += 20 (sign +1, Y = the byte
    after the frame on entry, where COMB leaves it): the 20 bytes of the middle product. The SREG save, CLI and SREG restore around
    the two OUTs keep an interrupt from seeing half a stack pointer (the OUT to SREG re-enables
    interrupts only after the next instruction, as in avr-gcc's frame setup)."""
    if sign < 0:
        asm('in', 28, 0x3D)
        asm('in', 29, 0x3E)
        asm('sbiw', 28, 2 * CH)
    else:
        asm('sbiw', 28, 1)
    asm('in', 0, 0x3F)
    asm('cli')
    asm('out', 0x3E, 29)
    asm('out', 0x3F, 0)
    asm('out', 0x3D, 28)
    if sign < 0:
        asm('adiw', 28, 1)


def c_absdiff(asm, dst, ptr, mask):
    """dst = |dst - [ptr + 0..h)| in place (registers), mask = 0xFF when it was negative."""
    for k in range(CH):
        asm('ldd', 0, ptr, k)
        asm('sub' if k == 0 else 'sbc', dst[k], 0)
    asm('sbc', mask, mask)
    for k in range(CH):
        asm('eor', dst[k], mask)
    for k in range(CH):
        asm('sub' if k == 0 else 'sbc', dst[k], mask)


def c_mul20():
    """sc_avr_mul20, compact: one level of subtractive Karatsuba (as gen_mul_kara) whose three
    10 x 10 half products call the subroutine MUL10: L into r[0..20), H into r[20..40),
    x = |aH - aL|, y = |bH - bL| (masked negation), x y into a 20-byte stack frame, then COMB."""
    asm = Asm()
    for r in C_SAVED:
        asm('push', r)
    asm('movw', 30, 22)   # Z = a
    asm('movw', 26, 20)   # X = b (streamed)
    asm('movw', 28, 24)   # Y = r
    asm('clr', C_ZERO)
    for half in (0, 1):
        for k in range(CH):
            asm('ldd', C_A[k], 'Z', CH * half + k)
        for k in range(CH):
            asm('ldx', C_W[k])
        if half:
            asm('adiw', 28, 2 * CH)
        asm('rcall', L_MUL10)
    c_absdiff(asm, C_A, 'Z', C_ACC[0])
    asm('movw', 30, 26)
    asm('sbiw', 30, 2 * CH)   # Z = b
    c_absdiff(asm, C_W, 'Z', C_M)
    asm('eor', C_M, C_ACC[0])
    asm('com', C_M)           # m = 0xFF: x y is subtracted
    asm('movw', 30, 28)
    asm('sbiw', 30, 2 * CH)   # Z = r
    c_frame(asm, -1)
    asm('rcall', L_MUL10)
    asm('rcall', L_COMB)
    c_frame(asm, +1)
    epilogue(asm, C_SAVED)
    return asm


def c_sqr20():
    """sc_avr_sqr20, compact: a^2 = L + B^h (L + H - x^2) + B^2h H, L = aL^2, H = aH^2,
    x = |aH - aL|, the three squares by the subroutine SQR10, then COMB with m = 0xFF."""
    asm = Asm()
    for r in C_SAVED:
        asm('push', r)
    asm('movw', 30, 22)   # Z = a
    asm('movw', 28, 24)   # Y = r
    asm('clr', C_ZERO)
    for half in (0, 1):
        for k in range(CH):
            asm('ldd', C_A[k], 'Z', CH * half + k)
        if half:
            asm('adiw', 28, 2 * CH)
        asm('rcall', L_SQR10)
    c_absdiff(asm, C_A, 'Z', C_ACC[0])
    asm('movw', 30, 28)
    asm('sbiw', 30, 2 * CH)   # Z = r
    c_frame(asm, -1)
    asm('rcall', L_SQR10)
    asm('ldi', C_M, 0xFF)
    asm('rcall', L_COMB)
    c_frame(asm, +1)
    epilogue(asm, C_SAVED)
    return asm


def compact_subs():
    return {L_MUL10: c_mul10(), L_SQR10: c_sqr10(), L_COMB: c_comb()}


def model_cycles(asm, subs):
    """Cycles of a compact routine or subroutine (RCALLs into subs included, RET included):
    the instruction model's count of one run (the code has no branch on the values, and the
    self-test checks that every input gives this count)."""
    R = [0] * 32
    for r in (20, 22, 24, 26, 28, 30):
        R[r + 1] = 3 + r // 2 % 3   # every pointer into the model's RAM, apart from the stack
    return run_model(asm, bytearray(0x900), R, subs)


def call_counts(asm, subs):
    """Instructions of the routine's code and of the subroutines it calls, per class (code
    size, not instructions executed)."""
    c = asm.counts()
    for name in sorted({i[1] for i in asm.ins if i[0] == 'rcall'}):
        for k, v in subs[name].counts().items():
            c[k] = c.get(k, 0) + v
    return c


HEADER = header_line('gen_avr_mul.py') + '\n' + """\
/* Checked in CI by `python3 tools/gen_avr_mul.py --check`.
 *
 * void {name}(uint8_t *r, const uint8_t *a{bdecl});
 *   {what}; r: {rn} bytes, little-endian, must not overlap a{bov}.
 *   Method: {method} (see tools/gen_avr_mul.py and docs/mote-asm.md).
 *   Sources: Comba 1990 product scanning ([OPF] sec. 3.1{sqrsrc}); operand caching after
 *   Hutter and Wenger, CHES 2011{karasrc}. Own code.
 *   {bandsl}: {bands}.
 *   Constant time: straight-line code, no branch, addresses fixed: {cyc} cycles on the ATmega128
 *   and ATmega1281 (16-bit PC), including RET, excluding the caller's CALL.
 *   Instructions executed: {ninsn} ({counts}); code size {size} bytes.
 *   Registers: r0, r1 (MUL; r1 cleared on return), r18-r27, r30, r31 scratch; saved and restored:
 *   {saved}. Stack: {stack} bytes (pushes{scr}) + 2 for the return address.
 */
"""


def render(kind, n):
    asm, info = gen_mul(n) if kind == 'mul' else gen_sqr(n)
    name = 'sc_avr_%s%d' % (kind, n)
    c = asm.counts()
    counts = ', '.join('%s %d' % (k, c.get(k, 0)) for k in ('mul', 'add', 'ld', 'st', 'mov', 'other'))
    hdr = HEADER.format(
        name=name, bdecl=', const uint8_t *b' if kind == 'mul' else '',
        what='r = a * b, a and b of %d bytes' % n if kind == 'mul' else 'r = a^2, a of %d bytes' % n,
        rn=2 * n, bov=' or b' if kind == 'mul' else '', method=info['method'],
        sqrsrc='; squaring by symmetry: [OPF] sec. 3.2, HAC Alg. 14.16' if kind == 'sqr' else '',
        karasrc=('; subtractive Karatsuba as in Hutter and Schwabe, ePrint 2014/592'
                 if info.get('kara') else ''),
        bandsl=('Half products (bytes)' if info.get('kara') else 'Bands of a (rows per band)'),
        bands=(' x '.join(str(e) for e in info['bands']) + ', three of them' if info.get('kara')
               else ' + '.join(str(e) for e in info['bands'])), cyc=asm.cycles(), ninsn=len(asm.ins),
        counts=counts, size=2 * len(asm.ins), saved=' '.join('r%d' % r for r in info['saved']),
        stack=len(info['saved']) + info.get('scratch', 0),
        scr=(': %d saved registers + %d bytes of scratch for x and y' % (
            len(info['saved']), info['scratch']) if info.get('scratch') else ''))
    guard = n == 20   # the compact kernels of mp_mulsqr20c.S replace these with SC_AVR_COMPACT
    body = ['', '#if !SC_AVR_COMPACT'] if guard else ['']
    body += ['    .text', '    .global %s' % name, '    .type %s, @function' % name, '%s:' % name]
    body += ['    ' + line for line in asm.text()]
    body += ['    .size %s, .-%s' % (name, name), '']
    body += ['#endif', ''] if guard else []
    return hdr + '\n'.join(body), asm, info


C_HEADER = header_line('gen_avr_mul.py') + '\n' + """\
/* Checked in CI by `python3 tools/gen_avr_mul.py --check`.
 *
 * The compact 160-bit kernels, assembled only with SC_AVR_COMPACT (cmake/mote.cmake; the
 * fast ones of mp_mul20.S / mp_sqr20.S only without it): same symbols, same contract.
 *
 * void sc_avr_mul20(uint8_t *r, const uint8_t *a, const uint8_t *b);
 *   r = a * b, a and b of 20 bytes; r: 40 bytes, little-endian, must not overlap a or b
 *   (a == b is fine).
 * void sc_avr_sqr20(uint8_t *r, const uint8_t *a);
 *   r = a^2, a of 20 bytes; r: 40 bytes, must not overlap a.
 *   Method: one level of subtractive Karatsuba whose three 10 x 10-byte half products call
 *   one local subroutine each (see tools/gen_avr_mul.py and docs/mote-asm.md):
 *   mul20: L = aL bL, H = aH bH, x y (x = |aH - aL|, y = |bH - bL|) by MUL10 (product
 *   scanning over operands in registers); sqr20: aL^2, aH^2, x^2 by SQR10 (cross products,
 *   doubling, squares); then COMB, shared: r = L + B^10 (L + H -/+ P) + B^20 H in place.
 *   Sources: Comba 1990 product scanning ([OPF] sec. 3.1; squaring by symmetry: [OPF] sec. 3.2,
 *   HAC Alg. 14.16); subtractive Karatsuba as in Hutter and Schwabe, ePrint 2014/592. Own code.
 *   Constant time: no branch on the values, addresses fixed (COMB's loop runs twice, always):
 *   sc_avr_mul20 {mcyc} cycles, sc_avr_sqr20 {scyc} cycles on the ATmega128 and ATmega1281
 *   (16-bit PC), including RET, excluding the caller's CALL.
 *   Code: {size} bytes in all ({parts}).
 *   Registers: r0, r1 (MUL; r1 cleared on return), r18-r27, r30, r31 scratch; saved and restored:
 *   {saved}.
 *   Stack: {stack} bytes ({nsaved} pushes, the {frame}-byte frame of the middle product, 2 for a
 *   subroutine's return address) + 2 for the return address.
 */
"""


def compact_routines():
    subs = compact_subs()
    return [('sc_avr_mul20', c_mul20()), ('sc_avr_sqr20', c_sqr20())], subs


def render_compact():
    routines, subs = compact_routines()
    cyc = {name: model_cycles(asm, subs) for name, asm in routines}
    parts = [(name, asm.words() * 2) for name, asm in routines]
    parts += [(name.replace('.Lsc_k20c_', '').upper(), asm.words() * 2) for name, asm in subs.items()]
    hdr = C_HEADER.format(
        mcyc=cyc['sc_avr_mul20'], scyc=cyc['sc_avr_sqr20'], size=sum(b for _, b in parts),
        parts=', '.join('%s %d' % p for p in parts), saved=' '.join('r%d' % r for r in C_SAVED),
        stack=len(C_SAVED) + 2 * CH + 2, nsaved=len(C_SAVED), frame=2 * CH)
    body = ['', '#if SC_AVR_COMPACT', '    .section .text.sc_avr_mulsqr20c,"ax",@progbits']
    for name, asm in routines:
        body += ['    .global %s' % name, '    .type %s, @function' % name, '%s:' % name]
        body += ['    ' + line for line in asm.text()]
        body += ['    .size %s, .-%s' % (name, name), '']
    for name, asm in subs.items():
        body += ['%s:' % name] + ['    ' + line for line in asm.text()] + ['']
    body += ['#endif', '']
    return hdr + '\n'.join(body), cyc, parts


H_FILE = header_line('gen_avr_mul.py') + '\n' + """\
/* AVR (ATmega128 / ATmega1281) multi-precision multiply and squaring kernels, port/avr/gen/mp_*.S.
 * Fixed sizes N = 20, 24, 28, 32 bytes (160, 192, 224, 256 bits), little-endian byte arrays.
 * r must not overlap the inputs. Constant time (straight-line code); cycles on the ATmega128,
 * including RET (excluding the caller's CALL):
{table} * How they hook into the library: docs/mote-asm.md.
 */
#ifndef SEACURVE_PORT_AVR_MP_AVR_H
#define SEACURVE_PORT_AVR_MP_AVR_H

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
    files = {}
    table, decls = '', ''
    for n in SIZES:
        row = []
        for kind in ('mul', 'sqr'):
            text, asm, _ = render(kind, n)
            files['port/avr/gen/mp_%s%d.S' % (kind, n)] = text
            row.append('sc_avr_%s%d %d' % (kind, n, asm.cycles()))
        table += ' *   ' + ', '.join(row) + '\n'
        if n == 20:
            text, cyc, _ = render_compact()
            files['port/avr/gen/mp_mulsqr20c.S'] = text
            table += ' *   with SC_AVR_COMPACT (mp_mulsqr20c.S): sc_avr_mul20 %d, sc_avr_sqr20 %d\n' % (
                cyc['sc_avr_mul20'], cyc['sc_avr_sqr20'])
        decls += ('void sc_avr_mul%d(uint8_t *r, const uint8_t *a, const uint8_t *b);\n'
                  'void sc_avr_sqr%d(uint8_t *r, const uint8_t *a);\n' % (n, n))
    files['port/avr/gen/mp_avr.h'] = H_FILE.format(table=table, decls=decls)
    return files


def selftest(trials):
    rng = testseed.rng('selftest')
    for n in SIZES:
        progs = [('sqr', 'sqr', gen_sqr(n)[0], {})]
        progs += [('mul', m, MUL_METHODS[m](n)[0], {}) for m in ('ps', 'kara') if m == 'ps' or kara_ok(n)]
        if n == 2 * CH:
            (_, cmul), (_, csqr) = compact_routines()[0]
            subs = compact_subs()
            progs += [('mul', 'compact', cmul, subs), ('sqr', 'compact', csqr, subs)]
        for kind, method, asm, subs in progs:
            cyc = model_cycles(asm, subs)
            top = (1 << 8 * n) - 1
            cases = [(0, 0), (top, top), (1, top), (top, 1)]
            cases += [(1 << rng.randrange(8 * n), 1 << rng.randrange(8 * n)) for _ in range(8)]
            h = n // 2
            for _ in range(16):   # halves equal, one above the other (every sign pair of Karatsuba)
                lo, hi = rng.getrandbits(8 * h), rng.getrandbits(8 * (n - h))
                lo2, hi2 = rng.getrandbits(8 * h), rng.getrandbits(8 * (n - h))
                for x in (lo | lo << 8 * h, (lo & ((1 << 8 * (n - h)) - 1)) << 8 * h | lo, lo | hi << 8 * h):
                    cases.append((x, lo2 | hi2 << 8 * h))
                    cases.append((x, lo2 | (lo2 & ((1 << 8 * (n - h)) - 1)) << 8 * h))
            cases += [(rng.getrandbits(8 * n), rng.getrandbits(8 * n)) for _ in range(trials)]
            for x, y in cases:
                if kind == 'sqr':
                    y = x
                mem = bytearray(0x900)
                ra, rb, rr = 0x100, 0x200, 0x300
                mem[ra:ra + n] = x.to_bytes(n, 'little')
                mem[rb:rb + n] = y.to_bytes(n, 'little')
                mem[rr:rr + 2 * n] = bytes(rng.randrange(256) for _ in range(2 * n))
                R = [rng.randrange(256) for _ in range(32)]
                R[24], R[25], R[22], R[23], R[20], R[21] = rr & 255, rr >> 8, ra & 255, ra >> 8, rb & 255, rb >> 8
                keep = {r: R[r] for r in list(range(2, 18)) + [28, 29]}
                ran = run_model(asm, mem, R, subs)
                got = int.from_bytes(mem[rr:rr + 2 * n], 'little')
                if got != x * y or R[1] != 0 or any(R[r] != v for r, v in keep.items()) \
                        or run_model.sp != 0x8FF or ran != cyc:
                    print('FAIL %s%d [%s] x=%x y=%x got=%x' % (kind, n, method, x, y, got))
                    return 1
                if mem[ra:ra + n] != x.to_bytes(n, 'little') or mem[rb:rb + n] != y.to_bytes(n, 'little'):
                    print('FAIL %s%d [%s]: input changed' % (kind, n, method))
                    return 1
            print('ok %s%d [%s]: %d cases, %d cycles' % (kind, n, method, len(cases), cyc))
        # a == b (the same pointer) through the chosen multiply (and the compact one)
        same = [(gen_mul(n)[0], {})]
        if n == 2 * CH:
            same.append((compact_routines()[0][0][1], compact_subs()))
        for asm, subs in same * 20:
            x = rng.getrandbits(8 * n)
            mem = bytearray(0x900)
            mem[0x100:0x100 + n] = x.to_bytes(n, 'little')
            R = [rng.randrange(256) for _ in range(32)]
            R[24], R[25], R[22], R[23], R[20], R[21] = 0, 3, 0, 1, 0, 1
            run_model(asm, mem, R, subs)
            if int.from_bytes(mem[0x300:0x300 + 2 * n], 'little') != x * x:
                print('FAIL mul%d with a == b' % n)
                return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true')
    ap.add_argument('--cycles', action='store_true')
    ap.add_argument('--selftest', type=int, nargs='?', const=200, default=None)
    ap.add_argument('--mul-method', choices=('auto', 'ps', 'kara'), default='auto',
                    help='force the multiply method where it applies (default: fewest cycles per N)')
    ap.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    args = ap.parse_args()
    if args.mul_method != 'auto':
        MUL_FORCE.update({n: args.mul_method for n in SIZES
                          if args.mul_method == 'ps' or kara_ok(n)})
    if args.selftest is not None:
        bad = selftest(args.selftest)
        if bad:
            print(testseed.fail_line('gen_avr_mul.py --selftest'))
        return bad
    if args.cycles:
        print('%-14s %7s %6s %5s %5s %5s %5s %5s %6s' % (
            'routine', 'cycles', 'insns', 'mul', 'add', 'ld', 'st', 'mov', 'other'))
        for n in SIZES:
            rows = [('sc_avr_mul%d' % n, m, MUL_METHODS[m](n)[0]) for m in ('ps', 'kara')
                    if m == 'ps' or kara_ok(n)]
            chosen = gen_mul(n)[0].cycles()
            rows += [('sc_avr_sqr%d' % n, 'ps', gen_sqr(n)[0])]
            for name, m, asm in rows:
                c = asm.counts()
                mark = '*' if name.startswith('sc_avr_mul') and len(rows) > 2 and asm.cycles() == chosen else ''
                print('%-14s %7d %6d %5d %5d %5d %5d %5d %6d  %s%s' % (
                    name, asm.cycles(), len(asm.ins), c.get('mul', 0),
                    c.get('add', 0), c.get('ld', 0), c.get('st', 0), c.get('mov', 0),
                    c.get('other', 0), m, mark))
            if n == 2 * CH:
                routines, subs = compact_routines()
                for name, asm in routines:
                    cyc = model_cycles(asm, subs)
                    c = run_model.counts   # executed, subroutines included
                    print('%-14s %7d %6d %5d %5d %5d %5d %5d %6d  compact (code %d B with its '
                          'subroutines)' % (
                              name, cyc, sum(c.values()), c.get('mul', 0),
                              c.get('add', 0), c.get('ld', 0), c.get('st', 0), c.get('mov', 0),
                              c.get('other', 0), 2 * sum(call_counts(asm, subs).values())))
                print('    compact20: ' + ', '.join(
                    '%s %d B %d cycles' % (name.replace('.Lsc_k20c_', '').upper(), 2 * asm.words(),
                                           model_cycles(asm, subs)) for name, asm in subs.items())
                      + '; file %d B' % (2 * (sum(a.words() for _, a in routines)
                                              + sum(a.words() for a in subs.values()))))
            if kara_ok(n) and n // 2 <= E_MAX:
                asm, info = gen_mul_kara(n)
                ph = info['phases']
                print('    kara%d phases: ' % n + ', '.join(
                    '%s %d' % (name, sum(CYCLES[i[0]] for i in asm.ins[k0:k1]))
                    for (name, k0), (_, k1) in zip(ph, ph[1:])))
        return 0
    return write_or_check(all_files(), args.root, args.check, 'gen_avr_mul.py', '')


if __name__ == '__main__':
    sys.exit(main())
