#!/usr/bin/env python3
"""Generate seacurve's AVR Montgomery reduction for optimal prime fields (port/avr/gen/fp_opf<N>.S,
port/avr/gen/fp_opf_avr.h).

Optimal primes ("OPF", [OPF]): p = u 2^k + 1 with 2^15 <= u <= 2^16 - 2 and k = 8N - 16, N = 20,
24, 28, 32 bytes (160-256 bits); as bytes p = {0x01, 0, ..., 0, u_lo, u_hi}. Montgomery radix
R = 2^(8N).

* sc_avr_opf_red<N>(r, t, u): r = t 2^(-8N) mod p for t < p^2 (2N bytes; not written), r < p.
  Any 1 <= u <= 2^16 - 2 works (u need not be odd: an OPF u 2^k + 1 with k > 8N - 16 is passed as
  u' = u 2^(k-8N+16)). Two Montgomery steps with n'0 = -1 (p = 1 mod 2^k), each without a negation chain:
  with L = t mod 2^k, (t - L p) / 2^k = (t >> k) - L u, and adding p keeps it positive:
  p - L u = (NOT L) u + u + 1 (NOT L = 2^k - 1 - L), so step 1 is
      V = (t >> k) + (NOT L) u + u + 1,            V = t 2^-k (mod p), V <= (t >> k) + p;
  step 2 the same with 2^16: m = V mod 2^16,
      T2 = (V >> 16) + (NOT m) u 2^(k-16) + u 2^(k-16) + 1,   T2 = t 2^-8N (mod p), T2 < 2p
  (V >> 16 <= u (u + 1) 2^(k-16) <= u 2^k). Both steps run in ONE byte-column pass (product
  scanning) with a three-byte rotating accumulator: column c adds t_(k/8+c), the rows
  x_c u (x_c = NOT t_c for c < N-2; x_(N-2), x_(N-1) = NOT m_0, NOT m_1, the complemented low
  bytes of V, which columns 0 and 1 produce) and the constants; columns 2.. are the bytes of
  W = T2 - 1 (the "+1" of step 2 is left out). Per column: LDD, COM, two MULs, two ADD/ADC chains,
  the t byte added to the second product before its chain, ST, CLR: 19 cycles.
  Final: s = [W >= u 2^k] from the top three bytes (CP/CPC, no other byte matters as W < 2^k is
  the low part), mask = 0xFF when s = 0, and r = W - S with S = -1 (s = 0: r = W + 1 = T2) or
  S = u 2^k (s = 1: r = T2 - p): S's bytes are the mask below byte N-2 and u_i OR mask above,
  one SUB/SBC pass over the stored low bytes.
  The accumulator cannot overflow while u <= 2^16 - 2 (column sums stay below 256 (u + 1));
  the generator checks that bound.

* sc_avr_opf_mul<N>(r, a, b, u), sc_avr_opf_sqr<N>(r, a, u): the product kernel of gen_avr_mul.py
  into 2N bytes of stack, then the same reduction. r may alias a or b.
  N in INLINE (20): the kernel's code inline (its register saves left out: every call-saved
  register is saved once), r and u pushed and read back after it; the reduction keeps the low
  bytes of W in the registers the kernel used, takes the kernel's last in-place bytes (the
  Karatsuba tail, the squaring's last pairs) from registers, and (mul) the middle columns' bytes
  below N-2 stored complemented. The selftest runs the kernel's own instructions in the model.
  Other N: `call sc_avr_mul<N>` / `sc_avr_sqr<N>`, r and u wait in r14-r17, which the kernel
  preserves (the model runs the CALL as Python's product with the call-clobbered registers
  scrambled, and counts the kernel's cycles).

Everything is straight-line code, every address a constant offset from an argument pointer, so the
cycle count is a constant of N (the selftest checks it on every input). avr-gcc calling
convention: r in r25:r24, t (a) in r23:r22, u (b) in r21:r20, u of mul in r19:r18; r17 (r14-r17)
saved; r1 zero on return.

Usage:
  python3 tools/gen_avr_opf.py                 write port/avr/gen/fp_opf<N>.S and port/avr/gen/fp_opf_avr.h
  python3 tools/gen_avr_opf.py --check         regenerate in memory and compare with the committed files
  python3 tools/gen_avr_opf.py --cycles        print the static cycle / instruction counts
  python3 tools/gen_avr_opf.py --primes        print the test primes (u per size)
  python3 tools/gen_avr_opf.py --selftest [T]  run every routine on gen_avr_fp.py's instruction-level model of
                                               the AVR core against Python's integers (edge + T random inputs)
"""
import argparse
import os
import random
import sys

from genfiles import header_line, write_or_check
from gen_avr_fp import Asm, wrap, run_model
import testseed

SIZES = (20, 24, 28, 32)
UMAX = 2**16 - 2


ZR, U0, U1, Q = 17, 20, 21, 25


def red_core(a, n, extra=(), keep=0, treg=None, tcom=()):
    """The reduction with Z = t, X = r, u in r21:r20, ZR = 0 (see the module docstring); uses
    r0, r1, r18-r27, r30, r31, r17 (ZR), and the registers `extra` (already saved by the caller):
    the first `keep` bytes of W stay in registers until the final pass instead of going to r
    and back (4 cycles a byte). treg: {j: register} for bytes t_j that are in registers already
    (the register joins the free ones once read); tcom: indices j < n - 2 of bytes t_j that are
    stored complemented (NOT t_j) already."""
    treg = dict(treg or {})
    K = n - 2          # bytes of the step-1 quotient
    if True:
        free = [18, 19, 22, 23, 24] + list(extra)
        kept = []
        if 0 < keep < n - 2:
            a('adiw', 26, keep)     # X = r + keep: the stored bytes
        win = {}
        for c in range(3):
            win[c] = free.pop(0)
        # column sums: u + 1 in columns 0, 1 (u + 1 <= 0xFFFF)
        a('mov', win[0], U0)
        a('mov', win[1], U1)
        a('subi', win[0], 0xFF)     # + 1: a0 - 255 = a0 + 1, borrow = no wrap
        a('sbci', win[1], 0xFF)     # a1 + 1 - borrow
        a('clr', win[2])
        m = {}
        top = n + 2                 # last column (W byte n: 0 or 1)
        smax = UMAX + 1             # bound of the window's value, in units of column c
        for c in range(top + 1):
            x = None
            if c < K:
                a('ldd', Q, 'Z', c)
                if c not in tcom:
                    a('com', Q)
                x = Q
            elif c < K + 2:
                x = m[c - K]
            tb = K + c <= 2 * n - 1
            if x is not None:
                a('mul', x, U1)
                a('add', win[c + 1], 0)
                a('adc', win[c + 2], 1)
                a('mul', x, U0)
                if tb:
                    tq = treg.pop(K + c, None)
                    if tq is None:
                        a('ldd', Q, 'Z', K + c)
                    a('add', 0, Q if tq is None else tq)
                    a('adc', 1, ZR)
                    if tq is not None:
                        free.append(tq)
                a('add', win[c], 0)
                a('adc', win[c + 1], 1)
                if c + 2 <= top:
                    a('adc', win[c + 2], ZR)
                smax += 255 * UMAX
                if x != Q:
                    free.append(x)          # m_0 / m_1 done
            elif tb:
                tq = treg.pop(K + c, None)
                if tq is None:
                    a('ldd', Q, 'Z', K + c)
                a('add', win[c], Q if tq is None else tq)
                if tq is not None:
                    free.append(tq)
                a('adc', win[c + 1], ZR)
                if c + 2 <= top:
                    a('adc', win[c + 2], ZR)
            if tb:
                smax += 255
            wide = 0
            if c == K:                      # + u 2^(k-16) of step 2, into a four-byte window
                win[c + 3] = free.pop(0)    # (the column sum may pass 2^24 here)
                a('clr', win[c + 3])
                a('add', win[c], U0)
                a('adc', win[c + 1], U1)
                a('adc', win[c + 2], ZR)
                a('adc', win[c + 3], ZR)
                smax += UMAX
                wide = 8
            assert smax < 1 << (24 + wide), (n, c, smax)
            smax >>= 8
            reg = win[c]
            if c < 2:
                a('com', reg)               # m_c = NOT V_c
                m[c] = reg
            elif c <= n - 1:
                if c - 2 < keep:
                    kept.append(reg)        # W byte c - 2 stays in its register
                else:
                    a('stp', 'X', reg)      # W byte c - 2
                    free.append(reg)
            if c + 3 <= top and c + 3 not in win:
                win[c + 3] = free.pop(0)
                a('clr', win[c + 3])
        assert not treg, treg
        w0, w1, w2 = win[n], win[n + 1], win[n + 2]
        # s = [W >= u 2^k] <=> (w2:w1:w0) >= (0:u1:u0); mask Q = 0xFF when s = 0
        a('cp', w0, U0)
        a('cpc', w1, U1)
        a('cpc', w2, ZR)
        a('sbc', Q, Q)
        a('or', U0, Q)
        a('or', U1, Q)
        if keep < n - 2:
            a('sbiw', 26, n - 2)
        for i in range(n - 2):
            if i < keep:
                a('sub' if i == 0 else 'sbc', kept[i], Q)
                a('stp', 'X', kept[i])
            else:
                a('ldd', w2, 'X', 0)
                a('sub' if i == 0 else 'sbc', w2, Q)
                a('stp', 'X', w2)
        a('sbc', w0, U0)
        a('stp', 'X', w0)
        a('sbc', w1, U1)
        a('stp', 'X', w1)


def gen_red(n):
    """sc_avr_opf_red<n>(r, t, u)."""
    def body(a):
        a('movw', 30, 22)   # Z = t
        a('movw', 26, 24)   # X = r
        a('clr', ZR)
        red_core(a, n)
        return [ZR]
    return wrap(body)


def regs_of(i):
    """The register operands of an instruction tuple (not offsets, immediates or ports)."""
    op = i[0]
    if op in ('ldd', 'ldp'):
        return [i[1]]
    if op in ('std', 'stp'):
        return [i[-1]]
    if op in ('subi', 'sbci', 'andi', 'ldi', 'adiw', 'sbiw'):
        return [i[1], i[1] + 1] if op in ('adiw', 'sbiw') else [i[1]]
    if op == 'in':
        return [i[1]]
    if op == 'out':
        return [i[2]]
    if op == 'movw':
        return [i[1], i[1] + 1, i[2], i[2] + 1]
    return [r for r in i[1:] if isinstance(r, int)]


TAIL_REGS = list(range(2, 12))
KM, KNM = 26, 28     # the Karatsuba kernel's sign mask m; NOT m (fused mul only)


def kernel_body(kind, n, nreg=None):
    """The product kernel of gen_avr_mul.py without its register saves and RET (the fused routine
    saves every call-saved register once), in gen_avr_fp.py's instruction form."""
    import gen_avr_mul
    sqr_keep = {}
    if kind == 'sqr' and nreg:      # the squaring's last bytes: the kernel's own option
        sqr_keep = {2 * n - len(TAIL_REGS) + k: TAIL_REGS[k] for k in range(nreg)}
    asm, info = gen_avr_mul.gen_mul(n) if kind == 'mul' else gen_avr_mul.gen_sqr(n, sqr_keep)
    saved = info['saved']
    ins = asm.ins
    assert all(i == ('push', r) for i, r in zip(ins, saved))
    tail = ins[len(ins) - len(saved) - 2:]
    assert tail == [('clr', 1)] + [('pop', r) for r in reversed(saved)] + [('ret',)], tail[:3]
    out = []
    for i in ins[len(saved):len(ins) - len(saved) - 2]:
        out.append(('ldp', i[1], 'X') if i[0] == 'ldx' else i)
    # the last bytes the kernel adds in place through r0 (LDD, ADD/ADC, STD: the Karatsuba's
    # tail) stay in registers of TAIL_REGS instead: no STD, and the reduction reads them there
    trip = []
    while len(out) >= 3 and len(trip) < len(TAIL_REGS):
        ld, ad, st = out[-3:]
        if not (ld[:3] == ('ldd', 0, 'Z') and ad[0] in ('add', 'adc') and ad[1] == 0 and
                st == ('std', 'Z', ld[3], 0)):
            break
        assert ad[2] not in TAIL_REGS
        del out[-3:]
        trip.insert(0, (ld[3], ad))
    treg = {}
    for k, ((q, ad), rg) in enumerate(zip(trip, TAIL_REGS)):
        if nreg is not None and k >= nreg:      # the rest stored as before
            out += [('ldd', 0, 'Z', q), (ad[0], 0, ad[2]), ('std', 'Z', q, 0)]
            continue
        out.append(('ldd', rg, 'Z', q))
        out.append((ad[0], rg, ad[2]))
        treg[q] = rg
    treg.update(sqr_keep)
    # the Karatsuba's middle columns store their bytes XOR m (EOR acc, M; STD): with NM = NOT m
    # beside M (Y is free from there on), the bytes below n - 2 are stored complemented instead,
    # and the reduction leaves out their COM
    tcom = set()
    km = [k for k, i in enumerate(out) if i == ('com', KM)]
    if kind == 'mul' and len(km) == 1 and not any(
            {KNM, KNM + 1} & set(regs_of(i)) or 'Y' in i for i in out[km[0] + 1:]):
        k0 = km[0]
        for k in range(k0 + 1, len(out) - 1):
            e, st = out[k], out[k + 1]
            if e[0] == 'eor' and e[2] == KM and st[:2] == ('std', 'Z') and st[3] == e[1] and \
                    st[2] < n - 2 and st[2] not in treg:
                out[k] = ('eor', e[1], KNM)
                tcom.add(st[2])
        if tcom:
            out[k0 + 1:k0 + 1] = [('mov', KNM, KM), ('com', KNM)]
    # the kernel's first instruction sets Z = r (the product); the fused routine sets Z itself,
    # and reads r and u through it after the kernel when nothing else in the kernel moves Z
    assert out[0] == ('movw', 30, 24), out[0]
    out = out[1:]
    zkept = not any(i[0] in ('ldp', 'stp') and 'Z' in i or isinstance(i[1:2] and i[1], int) and
                    (i[1] in (30, 31) or i[0] in ('movw', 'adiw', 'sbiw') and i[1] + 1 in (30, 31))
                    for i in out)
    return out, treg, zkept, tcom


SELFTEST = False   # set by --selftest (main)


def kernel_model(kind, n):
    """What `call sc_avr_<kind><n>` does, for the model: the product of the bytes at r23:r22
    (and r21:r20) into r25:r24, the call-clobbered registers scrambled, r1 = 0; returns the
    kernel's static cycles (gen_avr_mul.py's count, which the simulator confirms)."""
    import gen_avr_mul
    cyc = (gen_avr_mul.gen_mul(n) if kind == 'mul' else gen_avr_mul.gen_sqr(n))[0].cycles()
    # the scrambled values: from the run's seed under --selftest; a fixed stream when the
    # generator runs the model for its cycle counts, which no register value changes
    rng = testseed.rng('kernel %s%d' % (kind, n)) if SELFTEST else random.Random(n)

    def run(mem, R):
        pa, pb, pr = R[22] | R[23] << 8, R[20] | R[21] << 8, R[24] | R[25] << 8
        x = int.from_bytes(mem[pa:pa + n], 'little')
        y = int.from_bytes(mem[pb:pb + n], 'little') if kind == 'mul' else x
        mem[pr:pr + 2 * n] = (x * y).to_bytes(2 * n, 'little')
        for r in [0] + list(range(18, 28)) + [30, 31]:
            R[r] = rng.randrange(256)
        R[1] = 0
        return cyc
    return run


class CallAsm(Asm):
    def __init__(self, calls):
        Asm.__init__(self)
        self.calls = calls


def gen_fused_call(kind, n):
    """sc_avr_opf_<kind><n>(r, a[, b], u) for the sizes not in INLINE: `call sc_avr_<kind><n>`
    (the kernel's code shared with sc_mp_mul / sc_mp_sqr) into 2n bytes of stack, then
    red_core; r and u wait in r14-r17 (which the kernel preserves)."""
    sym = 'sc_avr_%s%d' % (kind, n)
    calls = {sym: kernel_model(kind, n)}

    def body(a):
        a('movw', 14, 24)                   # r
        a('movw', 16, 18 if kind == 'mul' else 20)   # u
        a('in', 30, 0x3d)                   # SP -= 2n (avr-gcc's sequence: SPH with
        a('in', 31, 0x3e)                   # interrupts off, SREG back, then SPL)
        a('subi', 30, 2 * n)
        a('sbci', 31, 0)
        a('in', 0, 0x3f)
        a('cli')
        a('out', 0x3e, 31)
        a('out', 0x3f, 0)
        a('out', 0x3d, 30)
        a('movw', 24, 30)                   # t = SP + 1
        a('adiw', 24, 1)
        a('call', sym)
        a('in', 30, 0x3d)
        a('in', 31, 0x3e)
        a('adiw', 30, 1)                    # Z = t
        a('movw', 26, 14)                   # X = r
        a('movw', 20, 16)                   # u
        a('clr', ZR)
        red_core(a, n)
        a('in', 30, 0x3d)                   # SP += 2n
        a('in', 31, 0x3e)
        a('subi', 30, 256 - 2 * n)
        a('sbci', 31, 0xFF)
        a('in', 0, 0x3f)
        a('cli')
        a('out', 0x3e, 31)
        a('out', 0x3f, 0)
        a('out', 0x3d, 30)
        return [14, 15, 16, 17]
    asm, saved = wrap(body)
    out = CallAsm(calls)
    out.ins = asm.ins
    return out, saved


# Sizes whose fused routines carry the product kernel's code inline (gen_fused_k): 65-120 cycles
# faster, but a second copy of the kernel in flash (mul + sqr: 5.9 KB at N = 20, 8.8 / 11.4 /
# 14.4 KB at 24 / 28 / 32, which the all-curve images cannot spare); the others call the kernel.
INLINE = (20,)


def gen_fused(kind, n):
    """sc_avr_opf_<kind><n>: for n in INLINE the variant of gen_fused_k with the fewest cycles
    (how many tail bytes stay in registers), else gen_fused_call."""
    if n not in INLINE:
        return gen_fused_call(kind, n)
    return min((gen_fused_k(kind, n, j) for j in range(len(TAIL_REGS) + 1)),
               key=lambda c: c[0].cycles())


def gen_fused_k(kind, n, nreg):
    """sc_avr_opf_<kind><n>(r, a[, b], u): every call-saved register saved once; r and u pushed,
    2n bytes of stack for the product; the product kernel's code inline (its saves left out),
    then red_core with r and u read back from the stack and the W bytes kept in the registers
    the kernel used."""
    body_k, treg, zkept, tcom = kernel_body(kind, n, nreg)
    extra = [r for r in list(range(2, 17)) + [28, 29] if r not in treg.values()]
    keep = _keep(n, extra, treg)
    extra = [r for r in extra if not tcom or r != KNM] + ([KNM] if tcom else [])

    def body(a):
        a('push', 24)                       # r, u: read back after the product
        a('push', 25)
        uarg = 18 if kind == 'mul' else 20
        a('push', uarg)
        a('push', uarg + 1)
        a('in', 30, 0x3d)                   # SP -= 2n (avr-gcc's sequence: SPH with
        a('in', 31, 0x3e)                   # interrupts off, SREG back, then SPL)
        a('subi', 30, 2 * n)
        a('sbci', 31, 0)
        a('in', 0, 0x3f)
        a('cli')
        a('out', 0x3e, 31)
        a('out', 0x3f, 0)
        a('out', 0x3d, 30)
        a('adiw', 30, 1)                    # Z = t = SP + 1 (the kernel's r)
        a.ins += body_k
        # t + 2n: u_hi, u_lo, r_hi, r_lo
        off = max(0, 2 * n + 3 - 63)
        if not zkept:
            a('in', 30, 0x3d)
            a('in', 31, 0x3e)
            a('adiw', 30, 1 + off)
        elif off:
            a('adiw', 30, off)
        a('ldd', 21, 'Z', 2 * n - off)
        a('ldd', 20, 'Z', 2 * n + 1 - off)
        a('ldd', 27, 'Z', 2 * n + 2 - off)
        a('ldd', 26, 'Z', 2 * n + 3 - off)
        if off:
            a('sbiw', 30, off)
        a('clr', ZR)
        red_core(a, n, extra, keep, treg, tcom)
        a('in', 30, 0x3d)                   # SP += 2n + 4
        a('in', 31, 0x3e)
        a('subi', 30, 256 - 2 * n - 4)
        a('sbci', 31, 0xFF)
        a('in', 0, 0x3f)
        a('cli')
        a('out', 0x3e, 31)
        a('out', 0x3f, 0)
        a('out', 0x3d, 30)
        return list(range(2, 18)) + [28, 29]
    return wrap(body)


def _keep(n, extra, treg):
    """The most W bytes red_core can keep in registers with the extra ones of gen_fused."""
    for k in range(n - 2, -1, -1):
        try:
            red_core(Asm(), n, extra, k, treg)
            return k
        except IndexError:
            pass
    return 0


ROUTINES = []
for _n in SIZES:
    ROUTINES.append(('opf_red%d' % _n, 'void sc_avr_opf_red%d(uint8_t *r, const uint8_t *t, '
                     'uint16_t u)' % _n, (lambda n: lambda: gen_red(n))(_n),
                     'r = t 2^-%d mod p, p = u 2^%d + 1 (1 <= u <= 2^16 - 2); t: %d bytes '
                     '< p^2 (not written), r: %d bytes, r < p' % (8 * _n, 8 * _n - 16, 2 * _n, _n)))
    ROUTINES.append(('opf_mul%d' % _n, 'void sc_avr_opf_mul%d(uint8_t *r, const uint8_t *a, '
                     'const uint8_t *b, uint16_t u)' % _n, (lambda n: lambda: gen_fused('mul', n))(_n),
                     'r = a b 2^-%d mod p (sc_avr_mul%d, then the reduction above), a, b < p; '
                     'r may alias a or b; %d bytes of stack scratch' % (8 * _n, _n, 2 * _n)))
    ROUTINES.append(('opf_sqr%d' % _n, 'void sc_avr_opf_sqr%d(uint8_t *r, const uint8_t *a, '
                     'uint16_t u)' % _n, (lambda n: lambda: gen_fused('sqr', n))(_n),
                     'r = a^2 2^-%d mod p (sc_avr_sqr%d, then the reduction above), a < p; '
                     'r may alias a; %d bytes of stack scratch' % (8 * _n, _n, 2 * _n)))

HEADER = header_line('gen_avr_opf.py') + '\n' + """\
/* Checked in CI by `python3 tools/gen_avr_opf.py --check`. Method: the generator's docstring and
 * docs/mote-asm.md. Own code. Constant time: straight-line code, addresses fixed.
 */
"""

H_FILE = header_line('gen_avr_opf.py') + '\n' + """\
/* AVR (ATmega128 / ATmega1281) Montgomery reduction modulo optimal primes p = u 2^(8N-16) + 1,
 * port/avr/gen/fp_opf<N>.S: little-endian byte arrays, constant time (straight-line code).
 * Cycles including RET, excluding the caller's CALL:
{table} * How they hook into the library: docs/mote-asm.md.
 */
#ifndef SEACURVE_PORT_AVR_FP_OPF_AVR_H
#define SEACURVE_PORT_AVR_FP_OPF_AVR_H

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


def render_routine(name, proto, fn, what):
    asm, saved = fn()
    sym = 'sc_avr_' + name
    lines = ['', '/* %s;' % proto, ' *   %s.' % what,
             ' *   %d cycles (ATmega128 / ATmega1281, including RET, excluding the CALL); %d '
             'instructions, %d bytes;' % (asm.cycles(), len(asm.ins), 2 * len(asm.ins)),
             ' *   saved: %s. */' % (' '.join('r%d' % r for r in saved) or 'none'),
             '    .section .text.%s,"ax",@progbits' % sym, '    .global %s' % sym, '    .type %s, @function' % sym, '%s:' % sym]
    lines += ['    ' + s for s in asm.text()]
    lines += ['    .size %s, .-%s' % (sym, sym)]
    return '\n'.join(lines) + '\n', asm


def all_files():
    files, table, decls = {}, '', ''
    for name, proto, fn, what in ROUTINES:
        text, asm = render_routine(name, proto, fn, what)
        n = int(''.join(ch for ch in name if ch.isdigit()))
        path = 'port/avr/gen/fp_opf%d.S' % n
        files[path] = files.get(path, HEADER) + text
        table += ' *   sc_avr_%s %d\n' % (name, asm.cycles())
        decls += proto + ';\n'
    files['port/avr/gen/fp_opf_avr.h'] = H_FILE.format(table=table, decls=decls)
    return files


def is_prime(x):
    if x < 2:
        return False
    for sp in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if x % sp == 0:
            return x == sp
    d, s = x - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for b in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41):
        y = pow(b, d, x)
        if y in (1, x - 1):
            continue
        for _ in range(s - 1):
            y = y * y % x
            if y == x - 1:
                break
        else:
            return False
    return True


def opf_primes(n):
    """The test primes: the largest u in [2^15, 2^16 - 2] with u 2^(8n-16) + 1 prime, the smallest,
    and for 160 bits [OPF]'s u = 52542."""
    k = 8 * n - 16
    out = [52542] if n == 20 else []
    for rng_u in (range(UMAX, 2**15 - 1, -1), range(2**15, UMAX + 1)):
        for u in rng_u:
            if is_prime(u * 2**k + 1):
                out.append(u)
                break
    return out


def selftest(trials):
    rng = testseed.rng("selftest")
    bad = 0
    assert is_prime(52542 * 2**144 + 1)
    for name, proto, fn, what in ROUTINES:
        if not name.startswith('opf_red'):
            bad += selftest_fused(name, fn()[0], trials, rng)
            continue
        n = int(''.join(ch for ch in name if ch.isdigit()))
        asm = fn()[0]
        k = 8 * n - 16
        Rm = 1 << 8 * n
        count = 0
        cyc = set()
        # the primes, and the bound cases of u (the algorithm needs neither p prime nor u odd
        # nor u >= 2^15: an OPF with a larger k is u' 2^(8N-16) + 1 with u' = u 2^(k-8N+16))
        for u in opf_primes(n) + [2**15, UMAX, 1, 2, 255, 256, 2**15 - 1, 0xFF00]:
            p = u * 2**k + 1
            rinv = pow(Rm, -1, p)
            edge = [0, 1, 2, p - 1, p - 2, (p - 1) // 2, u * 2**k, 2**k - 1, 2**k]
            cases = [x * y for x in edge for y in edge]
            cases += [(p - 1) ** 2, p * p - 1, p * (p - 1), 2**k * (p - 1)]
            # T2 (before the final subtraction) just below / above p and at the ends: the
            # routine computes T2 R = t + Q p with Q = Q_lo + Q_hi 2^k, Q_lo = -t mod 2^k and
            # Q_hi = -V mod 2^16, so t = T2 R - Q p for any Q_lo != 0, 0 < Q_hi < 2^16 gives T2
            for t2 in [p - 3, p - 2, p - 1, p, p + 1, p + 2, 2 * p - 1, 2 * p - 2, 1, 2, 2**k]:
                for _ in range(max(2, trials // 10)):
                    qmin = max(1, -(-(t2 * Rm - p * p + 1) // p))
                    qmax = min(Rm - 1, t2 * Rm // p)
                    if qmin > qmax:
                        break
                    for _ in range(20):
                        q = rng.randrange(qmin, qmax + 1)
                        if q % 2**k and 0 < q >> k < 2**16:
                            cases.append(t2 * Rm - q * p)
                            break
            cases += [rng.randrange(p) * rng.randrange(p) for _ in range(trials)]
            cases += [rng.randrange(p * p) for _ in range(trials // 4)]
            # low part zero / all ones: step-1 quotient 0 or 2^k - 1
            cases += [(rng.randrange(p * p >> k) << k) for _ in range(trials // 8)]
            cases += [(rng.randrange(p * p >> k) << k) | (2**k - 1) for _ in range(trials // 8)]
            cases = [c for c in cases if 0 <= c < p * p]
            for tv in cases:
                mem = bytearray(rng.randrange(256) for _ in range(0x400))
                rt, rr = 0x100, 0x200
                mem[rt:rt + 2 * n] = tv.to_bytes(2 * n, 'little')
                mem[rr + n] = 0x5C
                mem[rr - 1] = 0xA5
                R = [rng.randrange(256) for _ in range(32)]
                R[1] = 0
                R[24], R[25], R[22], R[23], R[20], R[21] = rr & 255, rr >> 8, rt & 255, rt >> 8, \
                    u & 255, u >> 8
                keep = {r: R[r] for r in list(range(2, 18)) + [28, 29]}
                cyc.add(run_model(asm, mem, R))
                ok = R[1] == 0 and all(R[r] == v for r, v in keep.items()) and len(cyc) == 1
                got = int.from_bytes(mem[rr:rr + n], 'little')
                want = tv * rinv % p
                if not ok or got != want or mem[rr + n] != 0x5C or mem[rr - 1] != 0xA5 or \
                        mem[rt:rt + 2 * n] != tv.to_bytes(2 * n, 'little'):
                    print('FAIL %s u=%d t=%x got=%x want=%x' % (name, u, tv, got, want))
                    bad += 1
                    break
                count += 1
        print('ok %s: %d cases, %d cycles' % (name, count, asm.cycles()))
    return 1 if bad else 0


def selftest_fused(name, asm, trials, rng):
    """sc_avr_opf_mul<n> / sqr<n>: edge and random operands, r apart and aliased."""
    n = int(''.join(ch for ch in name if ch.isdigit()))
    sqr = name.startswith('opf_sqr')
    k = 8 * n - 16
    Rm = 1 << 8 * n
    count, cyc = 0, set()
    for u in opf_primes(n) + [2**15, UMAX, 1, 0xFF00]:
        p = u * 2**k + 1
        rinv = pow(Rm, -1, p)
        edge = [0, 1, 2, p - 1, p - 2, u * 2**k - 1, (p - 1) // 2]
        pairs = [(x, y) for x in edge for y in edge]
        pairs += [(rng.randrange(p), rng.randrange(p)) for _ in range(trials)]
        for x, y in pairs:
            if sqr:
                y = x
            for alias in (0, 1, 2):
                if sqr and alias == 2:
                    continue
                mem = bytearray(rng.randrange(256) for _ in range(0x400))
                ra, rb, rr = 0x100, 0x140, 0x180
                mem[ra:ra + n] = x.to_bytes(n, 'little')
                mem[rb:rb + n] = y.to_bytes(n, 'little')
                out = (rr, ra, rb)[alias]
                mem[out + n] = 0x5C
                R = [rng.randrange(256) for _ in range(32)]
                R[1] = 0
                args = [out, ra, u] if sqr else [out, ra, rb, u]
                for reg, v in zip((24, 22, 20, 18), args):
                    R[reg], R[reg + 1] = v & 255, v >> 8
                keep = {r: R[r] for r in list(range(2, 18)) + [28, 29]}
                cyc.add(run_model(asm, mem, R))
                got = int.from_bytes(mem[out:out + n], 'little')
                want = x * y * rinv % p
                if R[1] != 0 or any(R[r] != v for r, v in keep.items()) or len(cyc) != 1 or \
                        got != want or mem[out + n] != 0x5C or \
                        (alias != 1 and mem[ra:ra + n] != x.to_bytes(n, 'little')) or \
                        (alias != 2 and not sqr and mem[rb:rb + n] != y.to_bytes(n, 'little')):
                    print('FAIL %s u=%d x=%x y=%x got=%x want=%x' % (name, u, x, y, got, want))
                    return 1
                count += 1
    print('ok %s: %d cases, %d cycles' % (name, count, asm.cycles()))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true')
    ap.add_argument('--cycles', action='store_true')
    ap.add_argument('--primes', action='store_true', help='print the test primes')
    ap.add_argument('--selftest', type=int, nargs='?', const=100, default=None)
    ap.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    args = ap.parse_args()
    if args.selftest is not None:
        global SELFTEST
        SELFTEST = True
        bad = selftest(args.selftest)
        if bad:
            print(testseed.fail_line('gen_avr_opf.py --selftest'))
        return bad
    if args.primes:
        for n in SIZES:
            print(n, opf_primes(n))
        return 0
    if args.cycles:
        for name, proto, fn, what in ROUTINES:
            asm = fn()[0]
            print('sc_avr_%-12s %6d cycles %6d instructions' % (name, asm.cycles(), len(asm.ins)))
        return 0
    return write_or_check(all_files(), args.root, args.check, 'gen_avr_opf.py', 'opf ')


if __name__ == '__main__':
    sys.exit(main())
