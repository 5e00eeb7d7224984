#!/usr/bin/env python3
"""Generate seacurve's AVR SHA-1 / SHA-256 compression functions (port/avr/gen/sha1_avr.S,
port/avr/gen/sha256_avr.S, port/avr/gen/sha_avr.h).

sc_avr_sha256_block(h, p) / sc_avr_sha1_block(h, p): one compression (FIPS 180-4 6.2.2 / 6.1.2)
of the 64-byte block p into the chaining value h (uint32_t[8] / [5], little-endian words as the C
code keeps them). Each overrides the portable C of src/hash/sha256.c / sha1.c
(sc_hash_sha256_blocks / sc_hash_sha1_blocks call it once per block) only under
SC_WORD_BITS == 8 && SC_AVR_ASM && __AVR__; the C stays the fallback (sc_hash_sha256_blocks_c,
sc_hash_sha1_blocks_c there).

Method (own formulation and code):

* SHA-256: a stack frame of 96 bytes (Y = SP): the working variables a..h at Y+1..Y+32 (a first,
  32-bit little-endian), the message schedule as a 16-word rolling window W[16] at Y+33..Y+96
  (FIPS 180-4 6.1.3's circular schedule, as src/hash/sha256.c). Stack use 116 bytes below the
  return address (96 frame, 18 saved registers, the 2-byte h pointer).
* One round is one loop body executed 64 times (not unrolled: 1.3 KB of code). The
  register window rotates through memory instead of renaming: while a round loads e, f, g, h (for
  Sigma1, Ch and T1) and a, b, c, d (Sigma0, Maj, e + T1) it stores each one a slot further
  (h <- g, g <- f, f <- e, d <- c, c <- b, b <- a), so the shift costs only the stores.
* Rotations: byte rotations are free (register renaming in the generator), bit rotations by one
  are LSL/ROL/ROL/ROL/ADC r1 (left, 5 cycles) and BST/LSR/ROR/ROR/ROR/BLD (right, 6 cycles):
  Sigma1 = ROTR25 ^ ROTR11 ^ ROTR6 = ROTR24(ROTR1) ^ ROTR8(ROTR3) ^ ROTR8(ROTL2),
  Sigma0 = ROTR22 ^ ROTR13 ^ ROTR2 = ROTR24(ROTL2) ^ ROTR16(ROTL3) ^ ROTR2,
  sigma0 = ROTR7 ^ ROTR18 ^ SHR3 = ROTR8(ROTL1) ^ ROTR16(ROTR2) ^ SHR3,
  sigma1 = ROTR17 ^ ROTR19 ^ SHR10 = ROTR16(ROTR1) ^ ROTR16(ROTR3) ^ SHR8(SHR2).
  Ch(e, f, g) = g ^ (e & (f ^ g)), Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)).
* The schedule is computed 16 words at a time, in place, before rounds 16, 32 and 48
  (W[i] += sigma1(W[i+14]) + W[i+9] + sigma0(W[i+1]), indices mod 16, i = 0..15 in order:
  the same values as the C's per-round update), in a loop whose addresses come from the
  public counter (Y + 33 + 4 ((i + k) mod 16)).
* SHA-1 likewise: frame of 84 bytes (a..e at Y+1..Y+20, W[16] at Y+21..Y+84; 104 bytes of stack
  below the return address), 80 rounds of one loop body whose f (Ch, Parity, Maj, Parity) is
  picked by SBRC on the public group number (0..3), K held in four registers and reloaded by LPM
  every 20 rounds; c <- ROTL30(b) = ROTR2(b), ROTL5(a) = ROTL8(ROTR3(a)); the schedule
  W[j] = ROTL1(W[j+13] ^ W[j+8] ^ W[j+2] ^ W[j]) in passes of 16 words before rounds 16, 32, 48
  and 64.
* The round constants K stay in flash (.progmem.data, read with LPM Z+); the frame is cleared
  before returning (the C wipes its schedule likewise).

Constant time: the only branches test loop counters and SHA-1's group number, all public; every
address depends on them and the argument pointers only. The cycle count is a constant.

Calling convention: avr-gcc (r24:r25 = h, r22:r23 = p; r2-r17 and r28:r29 saved; r1 zero on return;
r0, r18-r27, r30, r31 clobbered). SP is moved with avr-gcc's prologue sequence (IN SREG, CLI,
OUT SPH, OUT SREG, OUT SPL: no interrupt between the two OUTs).

Usage:
  python3 tools/gen_avr_sha.py                 write port/avr/gen/sha1_avr.S, sha256_avr.S and sha_avr.h
  python3 tools/gen_avr_sha.py --check         regenerate in memory and compare with the committed files
  python3 tools/gen_avr_sha.py --cycles        print the static cycle / instruction counts
  python3 tools/gen_avr_sha.py --selftest [T]  run the routine on an instruction-level model of the AVR core
                                               (registers, C/Z/T flags, data memory, flash for LPM, SP) on the
                                               FIPS 180-4 vectors and T random messages against hashlib,
                                               checking the saved registers, r1, SP, SREG's I bit, the
                                               message unchanged and the frame wiped
"""
import argparse
import hashlib
import os
import random
import struct
import sys

from genfiles import header_line, write_or_check
import testseed

K256 = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]


def k256_check():
    """K = first 32 bits of the fractional parts of the cube roots of the first 64 primes."""
    primes, n = [], 2
    while len(primes) < 64:
        if all(n % q for q in primes):
            primes.append(n)
        n += 1
    for p, k in zip(primes, K256):
        lo, hi = 0, 1 << 40                  # integer cube root of p 2^96
        while lo < hi:
            m = (lo + hi + 1) // 2
            if m ** 3 <= p << 96:
                lo = m
            else:
                hi = m - 1
        assert lo & 0xffffffff == k, hex(k)


# ATmega128 / ATmega1281 (16-bit PC), AVR Instruction Set Manual: LD/LDD/ST/STD, PUSH/POP, MOVW 1,
# ADIW/SBIW 2, LPM 3, RET 4, RJMP 2, branches 1 / 2 (taken); IN/OUT/CLI 1.
CYC = {'ldd': 2, 'std': 2, 'ldp': 2, 'stp': 2, 'stm': 2, 'push': 2, 'pop': 2, 'adiw': 2, 'sbiw': 2,
       'lpm': 3, 'ret': 4, 'rjmp': 2}

# working variables and schedule in the frame (Y-relative)
A, B, C, D, E, F, G, H = (1 + 4 * i for i in range(8))
WOFF = 33
FRAME = 96
KFLASH = 0x0100                              # flash address of the table in the model

# registers
RE = [2, 3, 4, 5]                            # e (Sigma1, Ch), then a (Sigma0, Maj)
RT = [6, 7, 8, 9]                            # rotation scratch; byte temps of Ch / Maj
RACC = [10, 11, 12, 13]                      # Sigma1 -> T1
RX4 = [14, 15, 16, 17]                       # Ch, K, W, Maj
RY4 = [18, 19, 20, 21]                       # h, d + T1, Sigma0 -> a
RJ, RI = 22, 23                              # group counter, round / schedule counter
RKS = 24                                     # K pointer saved during the schedule (r24:r25)
ROFF = 21                                    # schedule: address offset (upper register)


class Asm:
    def __init__(self):
        self.ins = []

    def __call__(self, *ins):
        self.ins.append(ins)

    def count(self):
        """Instructions (labels excluded); every one is a 16-bit word."""
        return sum(1 for i in self.ins if i[0] != 'label')

    def check_branches(self):
        """Conditional branches reach -64..+63 words, RJMP -2048..+2047 (every instruction here
        is one word)."""
        pos, n = {}, 0
        for i in self.ins:
            if i[0] == 'label':
                pos[i[1]] = n
            else:
                n += 1
        n = 0
        for i in self.ins:
            if i[0] == 'label':
                continue
            n += 1
            if i[0] in ('breq', 'brne', 'rjmp'):
                d = pos[i[1]] - n
                lim = 2048 if i[0] == 'rjmp' else 64
                assert -lim <= d < lim, (i, d)

    def text(self):
        self.check_branches()
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
            elif op == 'stm':
                out.append('st -%s, r%d' % (i[1], i[2]))
            elif op == 'lpm':
                out.append('lpm r%d, Z+' % i[1])
            elif op in ('ldi', 'andi', 'subi', 'cpi', 'sbci'):
                v = i[2]
                out.append('%s r%d, %s' % (op, i[1], v if isinstance(v, str) else '0x%02x' % v))
            elif op in ('adiw', 'sbiw'):
                out.append('%s r%d, %d' % (op, i[1], i[2]))
            elif op in ('bst', 'bld', 'sbrc'):
                out.append('%s r%d, %d' % (op, i[1], i[2]))
            elif op == 'in':
                out.append('in r%d, 0x%02x' % (i[1], i[2]))
            elif op == 'out':
                out.append('out 0x%02x, r%d' % (i[1], i[2]))
            elif op == 'label':
                out.append('%s:' % i[1])
            elif op in ('breq', 'brne', 'rjmp'):
                out.append('%s %s' % (op, i[1]))
            elif op in ('ret', 'cli'):
                out.append(op)
            else:
                out.append(op + ' ' + ', '.join('r%d' % r for r in i[1:]))
        return out


PTR = {'X': 26, 'Y': 28, 'Z': 30}
SPL, SPH, SREG = 0x3d, 0x3e, 0x3f


def run_model(asm, mem, R, flash, sp):
    """Execute on a model of the AVR core; returns (cycles, lowest SP reached, SP at RET)."""
    C = Zf = T = 0
    sreg_i = 0x80
    labels = {i[1]: k for k, i in enumerate(asm.ins) if i[0] == 'label'}
    pc = cyc = 0
    low = sp

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
        cyc += 0 if op == 'label' else CYC.get(op, 1)
        if op == 'label':
            pass
        elif op in ('breq', 'brne'):
            if (Zf == 1) == (op == 'breq'):
                pc = labels[i[1]]
                cyc += 1
        elif op == 'rjmp':
            pc = labels[i[1]]
        elif op in ('dec', 'inc'):
            R[i[1]] = (R[i[1]] + (1 if op == 'inc' else -1)) & 255
            Zf = int(R[i[1]] == 0)
        elif op in ('adiw', 'sbiw'):
            v = (R[i[1]] | (R[i[1] + 1] << 8)) + (i[2] if op == 'adiw' else -i[2])
            R[i[1]], R[i[1] + 1] = v & 255, (v >> 8) & 255
            C = int(v < 0 or v > 0xffff)
        elif op in ('add', 'adc'):
            v = R[i[1]] + R[i[2]] + (C if op == 'adc' else 0)
            R[i[1]] = v & 255
            C = v >> 8
        elif op in ('subi', 'sbci', 'cpi'):
            assert 16 <= i[1] < 32
            v = R[i[1]] - i[2] - (C if op == 'sbci' else 0)
            C = int(v < 0)
            if op != 'cpi':
                R[i[1]] = v & 255
            Zf = int(v & 255 == 0) if op != 'sbci' else (Zf & int(v & 255 == 0))
        elif op == 'and':
            R[i[1]] &= R[i[2]]
        elif op == 'andi':
            assert 16 <= i[1] < 32
            R[i[1]] &= i[2]
        elif op == 'eor':
            R[i[1]] ^= R[i[2]]
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
        elif op == 'sbrc':
            if not (R[i[1]] >> i[2]) & 1:         # skip the next (one-word) instruction
                while asm.ins[pc][0] == 'label':
                    pc += 1
                pc += 1
                cyc += 1
        elif op == 'stm':
            x = ptr(i[1]) - 1
            setptr(i[1], x)
            mem[x] = R[i[2]]
        elif op == 'bst':
            T = (R[i[1]] >> i[2]) & 1
        elif op == 'bld':
            R[i[1]] = (R[i[1]] & ~(1 << i[2]) & 255) | (T << i[2])
        elif op == 'clr':
            R[i[1]] = 0
        elif op == 'ldi':
            assert 16 <= i[1] < 32
            v = i[2]
            R[i[1]] = (KFLASH & 255 if v.startswith('lo8') else KFLASH >> 8) if isinstance(v, str) else v
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
        elif op == 'lpm':
            z = ptr('Z')
            R[i[1]] = flash[z]
            setptr('Z', z + 1)
        elif op == 'push':
            mem[sp] = R[i[1]]
            sp -= 1
            low = min(low, sp)
        elif op == 'pop':
            sp += 1
            R[i[1]] = mem[sp]
        elif op == 'in':
            R[i[1]] = {SPL: sp & 255, SPH: sp >> 8, SREG: sreg_i}[i[2]]
        elif op == 'out':
            if i[1] == SPL:
                sp = (sp & 0xff00) | R[i[2]]
            elif i[1] == SPH:
                sp = (sp & 0xff) | (R[i[2]] << 8)
            else:
                sreg_i = R[i[2]] & 0x80
            low = min(low, sp)
        elif op == 'cli':
            sreg_i = 0
        elif op == 'ret':
            break
        else:
            raise ValueError(op)
    return cyc, low, sp, sreg_i


# ---------------------------------------------------------------- code generation

def rotl1(a, r):
    a('lsl', r[0])
    a('rol', r[1])
    a('rol', r[2])
    a('rol', r[3])
    a('adc', r[0], 1)                        # r1 = 0


def rotr1(a, r):
    a('bst', r[0], 0)
    a('lsr', r[3])
    a('ror', r[2])
    a('ror', r[1])
    a('ror', r[0])
    a('bld', r[3], 7)


def shr1(a, r):
    a('lsr', r[3])
    a('ror', r[2])
    a('ror', r[1])
    a('ror', r[0])


def add32(a, d, s):
    a('add', d[0], s[0])
    for k in (1, 2, 3):
        a('adc', d[k], s[k])


def xor_rot(a, d, s, nbytes, first):
    """d ^= ROTR(s, 8 nbytes) (d = ... when first): byte k of the rotation is s[(k + nbytes) % 4]."""
    for k in range(4):
        a('mov' if first else 'eor', d[k], s[(k + nbytes) % 4])


def copy4(a, d, s):
    a('movw', d[0], s[0])
    a('movw', d[2], s[2])


def gen_round(a):
    # ---- T1 = h + Sigma1(e) + Ch(e, f, g) + K + W
    for k in range(4):
        a('ldd', RE[k], 'Y', E + k)
    copy4(a, RT, RE)
    rotr1(a, RT)                              # ROTR1
    xor_rot(a, RACC, RT, 3, True)             # ROTR25
    rotr1(a, RT)
    rotr1(a, RT)                              # ROTR3
    xor_rot(a, RACC, RT, 1, False)            # ROTR11
    copy4(a, RT, RE)
    rotl1(a, RT)
    rotl1(a, RT)                              # ROTL2
    xor_rot(a, RACC, RT, 1, False)            # ROTR6
    for k in range(4):                        # Ch; h <- g, g <- f, f <- e
        f, g = RX4[k], RT[0]
        a('ldd', f, 'Y', F + k)
        a('ldd', g, 'Y', G + k)
        a('ldd', RY4[k], 'Y', H + k)
        a('std', 'Y', H + k, g)
        a('std', 'Y', G + k, f)
        a('std', 'Y', F + k, RE[k])
        a('eor', f, g)
        a('and', f, RE[k])
        a('eor', f, g)
    add32(a, RACC, RX4)
    add32(a, RACC, RY4)
    for k in range(4):
        a('lpm', RX4[k])
    add32(a, RACC, RX4)
    for k in range(4):
        a('ldp', RX4[k], 'X')
    add32(a, RACC, RX4)                       # T1
    # ---- e <- d + T1
    for k in range(4):
        a('ldd', RY4[k], 'Y', D + k)
    add32(a, RY4, RACC)
    for k in range(4):
        a('std', 'Y', E + k, RY4[k])
    # ---- a <- T1 + Sigma0(a) + Maj(a, b, c)
    for k in range(4):
        a('ldd', RE[k], 'Y', A + k)
    copy4(a, RT, RE)
    rotl1(a, RT)
    rotl1(a, RT)                              # ROTL2
    xor_rot(a, RY4, RT, 3, True)              # ROTR22
    rotl1(a, RT)                              # ROTL3
    xor_rot(a, RY4, RT, 2, False)             # ROTR13
    copy4(a, RT, RE)
    rotr1(a, RT)
    rotr1(a, RT)
    xor_rot(a, RY4, RT, 0, False)             # ROTR2
    for k in range(4):                        # Maj; d <- c, c <- b, b <- a
        b, c, m = RT[0], RT[1], RX4[k]
        a('ldd', b, 'Y', B + k)
        a('ldd', c, 'Y', C + k)
        a('std', 'Y', D + k, c)
        a('std', 'Y', C + k, b)
        a('std', 'Y', B + k, RE[k])
        a('mov', m, RE[k])
        a('eor', m, b)
        a('eor', c, b)
        a('and', m, c)
        a('eor', m, b)
    add32(a, RY4, RX4)
    add32(a, RY4, RACC)
    for k in range(4):
        a('std', 'Y', A + k, RY4[k])


def w_addr(a, k):
    """Z = Y + 4 ((i + k) mod 16): W[(i + k) mod 16] at Z + WOFF."""
    a('mov', ROFF, RI)
    if k:
        a('subi', ROFF, (-k) & 255)
        a('andi', ROFF, 15)
    a('lsl', ROFF)
    a('lsl', ROFF)
    a('movw', 30, 28)
    a('add', 30, ROFF)
    a('adc', 31, 1)


def gen_schedule_word(a):
    S1, S0 = RACC, RY4
    w_addr(a, 14)                             # sigma1(W[i+14])
    for k in range(4):
        a('ldd', RE[k], 'Z', WOFF + k)
    copy4(a, RT, RE)
    rotr1(a, RT)
    xor_rot(a, S1, RT, 2, True)               # ROTR17
    rotr1(a, RT)
    rotr1(a, RT)
    xor_rot(a, S1, RT, 2, False)              # ROTR19
    shr1(a, RE)
    shr1(a, RE)
    for k in range(3):                        # SHR10 = SHR8(SHR2)
        a('eor', S1[k], RE[k + 1])
    w_addr(a, 9)                              # + W[i+9]
    for k in range(4):
        a('ldd', RX4[k], 'Z', WOFF + k)
    add32(a, S1, RX4)
    w_addr(a, 1)                              # sigma0(W[i+1])
    for k in range(4):
        a('ldd', RE[k], 'Z', WOFF + k)
    copy4(a, RT, RE)
    rotl1(a, RT)
    xor_rot(a, S0, RT, 1, True)               # ROTR7
    copy4(a, RT, RE)
    rotr1(a, RT)
    rotr1(a, RT)
    xor_rot(a, S0, RT, 2, False)              # ROTR18
    for _ in range(3):
        shr1(a, RE)
    xor_rot(a, S0, RE, 0, False)              # SHR3
    add32(a, S1, S0)
    w_addr(a, 0)                              # W[i] += ...
    for k in range(4):
        a('ldd', RX4[k], 'Z', WOFF + k)
    add32(a, RX4, S1)
    for k in range(4):
        a('std', 'Z', WOFF + k, RX4[k])


SAVED = list(range(2, 18)) + [28, 29]


def prologue(a, frame, hbytes):
    """Save registers and the h pointer, open a frame of `frame` bytes (Y = SP), copy h into
    the working variables at Y+1."""
    for r in SAVED:
        a('push', r)
    a('push', 24)                             # h
    a('push', 25)
    a('in', 28, SPL)                          # frame: Y = SP - frame
    a('in', 29, SPH)
    a('subi', 28, frame)
    a('sbci', 29, 0)
    a('in', 0, SREG)
    a('cli')
    a('out', SPH, 29)
    a('out', SREG, 0)
    a('out', SPL, 28)
    # working variables <- h
    a('movw', 26, 24)
    for q in range(hbytes):
        a('ldp', 18, 'X')
        a('std', 'Y', A + q, 18)


def load_message(a, woff, pre, cnt):
    """W[0..15] <- the big-endian words of p (r22:r23), little-endian at Y + woff."""
    a('movw', 26, 22)
    a('movw', 30, 28)
    a('adiw', 30, woff)
    a('ldi', cnt, 16)
    a('label', pre + '_msg')
    for k in range(4):
        a('ldp', 18 + k, 'X')
    for k in range(4):
        a('stp', 'Z', 21 - k)
    a('dec', cnt)
    a('brne', pre + '_msg')


def epilogue(a, frame, nwords, pre, cnt):
    """h += working variables, wipe the frame, close it, restore registers, return. The pushed
    h pointer sits at Y + frame + 2 (r24) and Y + frame + 1 (r25), out of LDD reach from Y:
    read it through Z = Y + 63."""
    a('movw', 30, 28)
    a('adiw', 30, 63)
    a('ldd', 26, 'Z', frame + 2 - 63)         # r24 (low byte of h)
    a('ldd', 27, 'Z', frame + 1 - 63)         # r25
    for w in range(nwords):
        for k in range(4):
            a('ldp', 18 + k, 'X')
        a('ldd', 14, 'Y', A + 4 * w)
        a('add', 18, 14)
        for k in (1, 2, 3):
            a('ldd', 14, 'Y', A + 4 * w + k)
            a('adc', 18 + k, 14)
        a('sbiw', 26, 4)
        for k in range(4):
            a('stp', 'X', 18 + k)
    # wipe the frame (working variables and schedule)
    unroll = 8 if frame % 8 == 0 else 4
    a('movw', 26, 28)
    a('adiw', 26, 1)
    a('ldi', cnt, frame // unroll)
    a('label', pre + '_wipe')
    for _ in range(unroll):
        a('stp', 'X', 1)
    a('dec', cnt)
    a('brne', pre + '_wipe')
    # release the frame and the h pointer
    a('subi', 28, (-(frame + 2)) & 255)
    a('sbci', 29, 0xff)
    a('in', 0, SREG)
    a('cli')
    a('out', SPH, 29)
    a('out', SREG, 0)
    a('out', SPL, 28)
    for r in reversed(SAVED):
        a('pop', r)
    a('ret')


def gen_sha256():
    a = Asm()
    prologue(a, FRAME, 32)
    load_message(a, WOFF, '.Lsha256', RI)
    a('ldi', 30, 'lo8(.Lsha256_k)')
    a('ldi', 31, 'hi8(.Lsha256_k)')
    a('ldi', RJ, 4)
    a('label', '.Lsha256_group')
    a('movw', 26, 28)
    a('adiw', 26, WOFF)
    a('ldi', RI, 16)
    a('label', '.Lsha256_round')
    gen_round(a)
    a('dec', RI)
    a('breq', '.Lsha256_rdone')
    a('rjmp', '.Lsha256_round')
    a('label', '.Lsha256_rdone')
    a('dec', RJ)
    a('brne', '.Lsha256_sched0')
    a('rjmp', '.Lsha256_final')
    a('label', '.Lsha256_sched0')
    a('movw', RKS, 30)
    a('clr', RI)                              # counts up: i = 0..15
    a('label', '.Lsha256_sched')
    gen_schedule_word(a)
    a('inc', RI)
    a('cpi', RI, 16)
    a('breq', '.Lsha256_sdone')
    a('rjmp', '.Lsha256_sched')
    a('label', '.Lsha256_sdone')
    a('movw', 30, RKS)
    a('rjmp', '.Lsha256_group')
    a('label', '.Lsha256_final')
    # h += working variables; the frame is Y+1..Y+96, the pushed h pointer sits at Y+98 (r24)
    # and Y+97 (r25), out of LDD reach from Y: read it through Z = Y + 63
    epilogue(a, FRAME, 8, '.Lsha256', RI)
    return a


# ---------------------------------------------------------------- SHA-1

K1 = [0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6, 0]   # FIPS 180-4 4.2.1 (+ a pad word)
W1OFF = 21                                   # a..e at Y+1..Y+20, W at Y+21..Y+84
FRAME1 = 84
RB, RC, RD, RF, RK = [2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 13], [14, 15, 16, 17], [18, 19, 20, 21]
R1J, R1I, R1C20, R1FT = 22, 23, 24, 25      # blocks of 16 rounds, round / schedule counter,
R1OFF = 16                                   # rounds left in the group of 20, group number


def gen_round1(a):
    for k in range(4):
        a('ldd', RB[k], 'Y', B + k)
        a('ldd', RC[k], 'Y', C + k)
        a('ldd', RD[k], 'Y', D + k)
    # f (FIPS 180-4 4.1.1) by the group number (public): 0 Ch, 1 and 3 Parity, 2 Maj
    a('sbrc', R1FT, 0)
    a('rjmp', '.Lsha1_par')
    a('sbrc', R1FT, 1)
    a('rjmp', '.Lsha1_maj')
    for k in range(4):                        # Ch = d ^ (b & (c ^ d))
        a('mov', RF[k], RC[k])
        a('eor', RF[k], RD[k])
        a('and', RF[k], RB[k])
        a('eor', RF[k], RD[k])
    a('rjmp', '.Lsha1_common')
    a('label', '.Lsha1_par')
    for k in range(4):                        # Parity = b ^ c ^ d
        a('mov', RF[k], RB[k])
        a('eor', RF[k], RC[k])
        a('eor', RF[k], RD[k])
    a('rjmp', '.Lsha1_common')
    a('label', '.Lsha1_maj')
    for k in range(4):                        # Maj = b ^ ((b ^ c) & (b ^ d))
        a('mov', RF[k], RB[k])
        a('eor', RF[k], RC[k])
        a('mov', 0, RB[k])
        a('eor', 0, RD[k])
        a('and', RF[k], 0)
        a('eor', RF[k], RB[k])
    a('label', '.Lsha1_common')
    add32(a, RF, RK)                          # + K
    for k in range(4):                        # d <- c; + e; e <- d
        a('std', 'Y', D + k, RC[k])
        a('ldd', RC[k], 'Y', E + k)
        a('std', 'Y', E + k, RD[k])
    add32(a, RF, RC)
    rotr1(a, RB)
    rotr1(a, RB)                              # c <- ROTL30(b) = ROTR2(b)
    for k in range(4):
        a('std', 'Y', C + k, RB[k])
    for k in range(4):                        # + W[t]
        a('ldp', RD[k], 'X')
    add32(a, RF, RD)
    for k in range(4):                        # b <- a
        a('ldd', RC[k], 'Y', A + k)
        a('std', 'Y', B + k, RC[k])
    rotr1(a, RC)
    rotr1(a, RC)
    rotr1(a, RC)                              # ROTL5(a) = ROTL8(ROTR3(a))
    a('add', RF[0], RC[3])
    for k in (1, 2, 3):
        a('adc', RF[k], RC[k - 1])
    for k in range(4):                        # a <- T
        a('std', 'Y', A + k, RF[k])
    a('dec', R1C20)                           # next group of 20 rounds: next K
    a('brne', '.Lsha1_same')
    a('ldi', R1C20, 20)
    a('inc', R1FT)
    for k in range(4):
        a('lpm', RK[k])
    a('label', '.Lsha1_same')


def w1_addr(a, k):
    """X = Y + W1OFF + 4 ((j + k) mod 16)."""
    a('mov', R1OFF, R1I)
    if k:
        a('subi', R1OFF, (-k) & 255)
        a('andi', R1OFF, 15)
    a('lsl', R1OFF)
    a('lsl', R1OFF)
    a('subi', R1OFF, (-W1OFF) & 255)
    a('movw', 26, 28)
    a('add', 26, R1OFF)
    a('adc', 27, 1)


def gen_schedule1_word(a):
    """W[j] = ROTL1(W[j+13] ^ W[j+8] ^ W[j+2] ^ W[j]), indices mod 16 (FIPS 180-4 6.1.3)."""
    w1_addr(a, 13)
    for k in range(4):
        a('ldp', RB[k], 'X')
    for kk in (8, 2, 0):
        w1_addr(a, kk)
        for k in range(4):
            a('ldp', RC[k], 'X')
            a('eor', RB[k], RC[k])
    rotl1(a, RB)
    for k in (3, 2, 1, 0):
        a('stm', 'X', RB[k])


def gen_sha1():
    a = Asm()
    prologue(a, FRAME1, 20)
    load_message(a, W1OFF, '.Lsha1', R1I)
    a('ldi', 30, 'lo8(.Lsha1_k)')
    a('ldi', 31, 'hi8(.Lsha1_k)')
    for k in range(4):
        a('lpm', RK[k])
    a('ldi', R1C20, 20)
    a('clr', R1FT)
    a('ldi', R1J, 5)
    a('label', '.Lsha1_block')
    a('movw', 26, 28)
    a('adiw', 26, W1OFF)
    a('ldi', R1I, 16)
    a('label', '.Lsha1_round')
    gen_round1(a)
    a('dec', R1I)
    a('breq', '.Lsha1_rdone')
    a('rjmp', '.Lsha1_round')
    a('label', '.Lsha1_rdone')
    a('dec', R1J)
    a('brne', '.Lsha1_sched0')
    a('rjmp', '.Lsha1_final')
    a('label', '.Lsha1_sched0')
    a('clr', R1I)                             # counts up: j = 0..15
    a('label', '.Lsha1_sched')
    gen_schedule1_word(a)
    a('inc', R1I)
    a('cpi', R1I, 16)
    a('breq', '.Lsha1_block0')
    a('rjmp', '.Lsha1_sched')
    a('label', '.Lsha1_block0')
    a('rjmp', '.Lsha1_block')
    a('label', '.Lsha1_final')
    epilogue(a, FRAME1, 5, '.Lsha1', R1I)
    return a


HEADER = header_line('gen_avr_sha.py') + '\n' + """\
/* Checked in CI by `python3 tools/gen_avr_sha.py --check`. Method: the generator's docstring and
 * docs/mote-asm.md. Own code. No data-dependent branch or address.
 */
"""


ALGS = {
    # name: (generator, frame, h words, K table, IV (big-endian hex), hashlib name, what, file)
    'sha256': (gen_sha256, FRAME, 8, K256,
               '6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19', 'sha256',
               'one SHA-256 compression of the block p into h (FIPS 180-4 6.2.2)', 'sha256_avr.S'),
    'sha1': (gen_sha1, FRAME1, 5, K1, '67452301efcdab8998badcfe10325476c3d2e1f0', 'sha1',
             'one SHA-1 compression of the block p into h (FIPS 180-4 6.1.2)', 'sha1_avr.S'),
}


def render(name):
    gen, frame, nw, ktab, _, _, what, _ = ALGS[name]
    asm = gen()
    cyc, low, _ = model_block(name, asm, bytes(4 * nw), bytes(64))[1:]
    sym = 'sc_avr_%s_block' % name
    lab = '.L%s_k' % name
    lines = ['', '/* void %s(uint32_t h[%d], const uint8_t p[64]);' % (sym, nw),
             ' *   %s.' % what,
             ' *   %d cycles (ATmega128 / ATmega1281, including RET, excluding the CALL); %d '
             'instructions, %d bytes + %d bytes of K;'
             % (cyc, asm.count(), 2 * asm.count(), 4 * len(ktab)),
             ' *   stack: %d bytes below the return address. */' % low,
             '    .section .progmem.data, "a", @progbits',
             '    .type %s, @object' % lab,
             '%s:' % lab]
    for j in range(0, len(ktab), 4):
        lines.append('    .long ' + ', '.join('0x%08x' % k for k in ktab[j:j + 4]))
    lines += ['    .size %s, %d' % (lab, 4 * len(ktab)),
              '    .text', '    .global %s' % sym, '    .type %s, @function' % sym, '%s:' % sym]
    lines += ['    ' + s for s in asm.text()]
    lines += ['    .size %s, .-%s' % (sym, sym)]
    return HEADER + '\n'.join(lines) + '\n', asm, cyc, low


H_FILE = header_line('gen_avr_sha.py') + '\n' + """\
/* AVR (ATmega128 / ATmega1281) hash compression functions, port/avr/gen/sha*_avr.S; cycles per
 * 64-byte block including RET, excluding the caller's CALL, and bytes of stack below the
 * return address:
{table} * Hooked into src/hash/sha256.c and src/hash/sha1.c; docs/mote-asm.md.
 */
#ifndef SEACURVE_PORT_AVR_SHA_AVR_H
#define SEACURVE_PORT_AVR_SHA_AVR_H

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
    for name in ('sha1', 'sha256'):
        text, asm, cyc, low = render(name)
        files['port/avr/gen/' + ALGS[name][7]] = text
        table += ' *   sc_avr_%s_block %d cycles, %d bytes of stack\n' % (name, cyc, low)
        decls += 'void sc_avr_%s_block(uint32_t h[%d], const uint8_t p[64]);\n' % (name, ALGS[name][2])
    files['port/avr/gen/sha_avr.h'] = H_FILE.format(table=table, decls=decls)
    return files


def model_block(name, asm, h_bytes, block, rng=None):
    """Run one call on the model: returns (new h bytes, cycles, stack bytes used, ok)."""
    _, frame, nw, ktab = ALGS[name][:4]
    rng = rng or random.Random(1)
    mem = bytearray(rng.randrange(256) for _ in range(0x1000))
    flash = bytearray(0x400)
    flash[KFLASH:KFLASH + 4 * len(ktab)] = b''.join(struct.pack('<I', k) for k in ktab)
    HP, PP, SP0 = 0x200, 0x300, 0xff0
    mem[HP:HP + 4 * nw] = h_bytes
    mem[PP:PP + 64] = block
    R = [rng.randrange(256) for _ in range(32)]
    R[1] = 0
    R[24], R[25], R[22], R[23] = HP & 255, HP >> 8, PP & 255, PP >> 8
    keep = {r: R[r] for r in SAVED}
    cyc, low, sp, sreg_i = run_model(asm, mem, R, flash, SP0)
    ok = (R[1] == 0 and all(R[r] == v for r, v in keep.items()) and sp == SP0 and sreg_i == 0x80
          and bytes(mem[PP:PP + 64]) == bytes(block) and not any(mem[SP0 - frame - 19:SP0 - 19]))
    return bytes(mem[HP:HP + 4 * nw]), cyc, SP0 - low, ok


def model_hash(name, asm, msg, rng):
    nw, iv = ALGS[name][2], ALGS[name][4]
    h = b''.join(struct.pack('<I', w) for w in struct.unpack('>%dI' % nw, bytes.fromhex(iv)))
    m = msg + b'\x80' + bytes((55 - len(msg)) % 64) + struct.pack('>Q', 8 * len(msg))
    ok, cycs = True, set()
    for j in range(0, len(m), 64):
        h, cyc, _, good = model_block(name, asm, h, m[j:j + 64], rng)
        ok &= good
        cycs.add(cyc)
    digest = b''.join(struct.pack('>I', w) for w in struct.unpack('<%dI' % nw, h))
    return digest, ok, cycs


def selftest(trials):
    k256_check()
    bad = 0
    for name in ('sha256', 'sha1'):
        asm = ALGS[name][0]()
        rng = testseed.rng('selftest ' + name)
        msgs = [b'abc', b'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', b'a' * 64, b'']
        msgs += [bytes(rng.randrange(256) for _ in range(rng.randrange(200))) for _ in range(trials)]
        msgs += [b'\xff' * 119]
        nbad, allc = 0, set()
        for m in msgs:
            d, ok, cycs = model_hash(name, asm, m, rng)
            allc |= cycs
            if d != hashlib.new(ALGS[name][5], m).digest() or not ok:
                nbad += 1
                print('FAIL %s len %d' % (name, len(m)))
        nbad += len(allc) != 1
        print('%s %s_block: %d messages, cycles per block %s'
              % ('FAIL' if nbad else 'ok', name, len(msgs), sorted(allc)))
        bad += nbad
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
            print(testseed.fail_line('gen_avr_sha.py --selftest'))
        return bad
    if args.cycles:
        for name in ('sha1', 'sha256'):
            _, asm, cyc, low = render(name)
            print('sc_avr_%s_block %6d cycles %6d instructions, %d bytes of stack'
                  % (name, cyc, asm.count(), low))
        return 0
    return write_or_check(all_files(), args.root, args.check, 'gen_avr_sha.py', 'sha ')


if __name__ == '__main__':
    sys.exit(main())
