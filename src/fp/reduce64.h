/* Internal: the 64-bit-limb reducers as static inline functions, shared by
 * the public reducers (reduce_special64.c, reduce_mont.c) and by fp.c, which
 * fuses them with the unrolled products of mp/mul64.h (no call, no copy).
 *
 * Special reducers (plain form): the formulas of reduce_special.c (same
 * sources) rewritten on whole 64-bit words with 128-bit accumulators.  Every
 * step is unconditional; carries are folded a fixed number of times and the
 * final subtraction of p is selected by a mask, as
 * "r + (2^N - p) overflows 2^N" <=> r >= p.
 *
 * Signed 128-bit right shifts are arithmetic on gcc and clang (the only
 * compilers with __int128, which 64-bit limbs require). */
#ifndef SEACURVE_FP_REDUCE64_H
#define SEACURVE_FP_REDUCE64_H

#include <seacurve/fp.h>

#if SC_WORD_BITS == 64
typedef unsigned __int128 u128;
typedef __int128 i128;
typedef uint64_t u64;

#define LO32(x) ((u64)(uint32_t)(x))
#define HI32(x) ((x) >> 32)

/* P-192 (FIPS 186-4 D.2.1): t = (t5..t0) 64-bit words,
 * r = (t2,t1,t0) + (0,t3,t3) + (t4,t4,0) + (t5,t5,t5); 2^192 = 2^64 + 1. */
static inline void fp64_red_p192(sc_word *r, const sc_word *t)
{
    u128 acc;
    u64 r0, r1, r2, k, d0, d1, d2, m;
    acc = (u128)t[0] + t[3] + t[5];
    r0 = (u64)acc;
    acc = (acc >> 64) + t[1] + t[3] + t[4] + t[5];
    r1 = (u64)acc;
    acc = (acc >> 64) + t[2] + t[4] + t[5];
    r2 = (u64)acc;
    k = (u64)(acc >> 64); /* <= 3 */
    /* fold k twice: + k (2^64 + 1) */
    acc = (u128)r0 + k;
    r0 = (u64)acc;
    acc = (acc >> 64) + r1 + k;
    r1 = (u64)acc;
    acc = (acc >> 64) + r2;
    r2 = (u64)acc;
    k = (u64)(acc >> 64); /* 0 or 1 */
    acc = (u128)r0 + k;
    r0 = (u64)acc;
    acc = (acc >> 64) + r1 + k;
    r1 = (u64)acc;
    r2 += (u64)(acc >> 64);
    /* r >= p iff r + 2^64 + 1 >= 2^192 */
    acc = (u128)r0 + 1;
    d0 = (u64)acc;
    acc = (acc >> 64) + r1 + 1;
    d1 = (u64)acc;
    acc = (acc >> 64) + r2;
    d2 = (u64)acc;
    m = (u64)0 - (u64)(acc >> 64);
    r[0] = r0 ^ (m & (r0 ^ d0));
    r[1] = r1 ^ (m & (r1 ^ d1));
    r[2] = r2 ^ (m & (r2 ^ d2));
}

/* secp160r1 ([DSP] Alg. 4, [WM-ECC] eq. 15-17), p = 2^160 - 2^31 - 1:
 * t = H 2^160 + L = L + H + H 2^31 mod p.  t < 2^320 in t[0..4]. */
static inline void fp64_red_secp160r1(sc_word *r, const sc_word *t)
{
    const u64 M32 = 0xffffffffu;
    u64 h0 = HI32(t[2]) | (t[3] << 32), h1 = HI32(t[3]) | (t[4] << 32), h2 = HI32(t[4]);
    u64 g0 = h0 << 31, g1 = (h1 << 31) | (h0 >> 33), g2 = (h2 << 31) | (h1 >> 33);
    u64 r0, r1, r2, h, d0, d1, d2, m;
    u128 acc;
    /* first fold: < 2^192, no carry out of three words */
    acc = (u128)t[0] + h0 + g0;
    r0 = (u64)acc;
    acc = (acc >> 64) + t[1] + h1 + g1;
    r1 = (u64)acc;
    r2 = (u64)(acc >> 64) + (t[2] & M32) + h2 + g2;
    /* second fold of h = bits 160..191 (< 2^32): + h (2^31 + 1) < 2^64 */
    h = HI32(r2);
    r2 &= M32;
    acc = (u128)r0 + h + (h << 31);
    r0 = (u64)acc;
    acc = (acc >> 64) + r1;
    r1 = (u64)acc;
    r2 += (u64)(acc >> 64);
    /* third fold of the 0/1 bit 160 */
    h = HI32(r2);
    r2 &= M32;
    acc = (u128)r0 + h + (h << 31);
    r0 = (u64)acc;
    acc = (acc >> 64) + r1;
    r1 = (u64)acc;
    r2 += (u64)(acc >> 64);
    /* r >= p iff r + 2^31 + 1 >= 2^160 */
    acc = (u128)r0 + 0x80000001u;
    d0 = (u64)acc;
    acc = (acc >> 64) + r1;
    d1 = (u64)acc;
    d2 = r2 + (u64)(acc >> 64);
    m = (u64)0 - HI32(d2);
    d2 &= M32;
    r[0] = r0 ^ (m & (r0 ^ d0));
    r[1] = r1 ^ (m & (r1 ^ d1));
    r[2] = r2 ^ (m & (r2 ^ d2));
}

/* Word (hi32 : lo32) from two 32-bit chunk values. */
#define W2(hi, lo) (((u64)(hi) << 32) | (u64)(lo))

/* P-224 (FIPS 186-4 D.2.2) on words: t < 2^448 in t[0..6], chunk A_i =
 * 32-bit half i.  r = T + S1 + S2 - D1 - D2, split at 2^224 (mid word 3);
 * 2^224 = 2^96 - 1 mod p. */
static inline void fp64_red_p224(sc_word *r, const sc_word *t)
{
    const u64 M32 = 0xffffffffu;
    u64 a7 = HI32(t[3]), a8 = LO32(t[4]), a9 = HI32(t[4]), a10 = LO32(t[5]), a11 = HI32(t[5]);
    u64 a12 = LO32(t[6]), a13 = HI32(t[6]);
    u64 r0, r1, r2, r3, d0, d1, d2, d3, m;
    i128 acc, k;
    int pass;
    /* word 0: A0..A1 - (A8:A7) - (A12:A11) */
    acc = (i128)t[0] - (i128)W2(a8, a7) - (i128)W2(a12, a11);
    r0 = (u64)acc;
    /* word 1: (A3:A2) + (A7:0) + (A11:0) - (A10:A9) - (0:A13) */
    acc = (acc >> 64) + (i128)t[1] + (i128)(a7 << 32) + (i128)(a11 << 32) - (i128)W2(a10, a9) - (i128)a13;
    r1 = (u64)acc;
    /* word 2: (A5:A4) + (A9:A8) + (A13:A12) - (A12:A11) */
    acc = (acc >> 64) + (i128)t[2] + (i128)t[4] + (i128)t[6] - (i128)W2(a12, a11);
    r2 = (u64)acc;
    /* word 3 (low half only): A6 + A10 - A13 */
    acc = (acc >> 64) + (i128)LO32(t[3]) + (i128)a10 - (i128)a13;
    r3 = (u64)acc & M32;
    k = acc >> 32; /* signed carry at 2^224, |k| <= 2 */
    for (pass = 0; pass < 2; pass++) {
        /* + k (2^96 - 1) */
        acc = (i128)r0 - k;
        r0 = (u64)acc;
        acc = (acc >> 64) + (i128)r1 + k * ((i128)1 << 32);
        r1 = (u64)acc;
        acc = (acc >> 64) + (i128)r2;
        r2 = (u64)acc;
        acc = (acc >> 64) + (i128)r3;
        r3 = (u64)acc & M32;
        k = acc >> 32;
    }
    /* r >= p iff r + 2^96 - 1 >= 2^224 */
    {
        u128 u = (u128)r0 + 0xffffffffffffffffu;
        d0 = (u64)u;
        u = (u >> 64) + r1 + 0xffffffffu;
        d1 = (u64)u;
        u = (u >> 64) + r2;
        d2 = (u64)u;
        d3 = r3 + (u64)(u >> 64);
        m = (u64)0 - HI32(d3);
        d3 &= M32;
    }
    r[0] = r0 ^ (m & (r0 ^ d0));
    r[1] = r1 ^ (m & (r1 ^ d1));
    r[2] = r2 ^ (m & (r2 ^ d2));
    r[3] = r3 ^ (m & (r3 ^ d3));
}

/* P-256 (FIPS 186-4 D.2.3), chunk A_i = 32-bit half i of t:
 *   r = T + 2 S1 + 2 S2 + S3 + S4 - D1 - D2 - D3 - D4 (terms as in
 * reduce_special.c).  The eight chunk sums are independent signed 64-bit
 * sums (good instruction-level parallelism); pairs of them are then joined
 * into 64-bit words by one signed 128-bit carry chain.  The signed carry
 * -4 <= k <= 6 is folded twice with 2^256 = 2^224 - 2^192 - 2^96 + 1. */
static inline void fp64_red_p256(sc_word *r, const sc_word *t)
{
    const int64_t c0 = (int64_t)LO32(t[0]), c1 = (int64_t)HI32(t[0]), c2 = (int64_t)LO32(t[1]);
    const int64_t c3 = (int64_t)HI32(t[1]), c4 = (int64_t)LO32(t[2]), c5 = (int64_t)HI32(t[2]);
    const int64_t c6 = (int64_t)LO32(t[3]), c7 = (int64_t)HI32(t[3]);
    const int64_t c8 = (int64_t)LO32(t[4]), c9 = (int64_t)HI32(t[4]), c10 = (int64_t)LO32(t[5]);
    const int64_t c11 = (int64_t)HI32(t[5]), c12 = (int64_t)LO32(t[6]), c13 = (int64_t)HI32(t[6]);
    const int64_t c14 = (int64_t)LO32(t[7]), c15 = (int64_t)HI32(t[7]);
    int64_t s0, s1, s2, s3, s4, s5, s6, s7;
    u64 r0, r1, r2, r3, d0, d1, d2, d3, m;
    i128 acc, k;
    int pass;
    s0 = c0 + c8 + c9 - c11 - c12 - c13 - c14;
    s1 = c1 + c9 + c10 - c12 - c13 - c14 - c15;
    s2 = c2 + c10 + c11 - c13 - c14 - c15;
    s3 = c3 + 2 * (c11 + c12) + c13 - c15 - c8 - c9;
    s4 = c4 + 2 * (c12 + c13) + c14 - c9 - c10;
    s5 = c5 + 2 * (c13 + c14) + c15 - c10 - c11;
    s6 = c6 + 3 * c14 + 2 * c15 + c13 - c8 - c9;
    s7 = c7 + 3 * c15 + c8 - c10 - c11 - c12 - c13;
    acc = (i128)s0 + (i128)s1 * ((i128)1 << 32);
    r0 = (u64)acc;
    acc = (acc >> 64) + (i128)s2 + (i128)s3 * ((i128)1 << 32);
    r1 = (u64)acc;
    acc = (acc >> 64) + (i128)s4 + (i128)s5 * ((i128)1 << 32);
    r2 = (u64)acc;
    acc = (acc >> 64) + (i128)s6 + (i128)s7 * ((i128)1 << 32);
    r3 = (u64)acc;
    k = acc >> 64;
    for (pass = 0; pass < 2; pass++) {
        /* + k (2^224 - 2^192 - 2^96 + 1): word 0 + k, word 1 - k 2^32, word 3 + k (2^32 - 1) */
        acc = (i128)r0 + k;
        r0 = (u64)acc;
        acc = (acc >> 64) + (i128)r1 - k * ((i128)1 << 32);
        r1 = (u64)acc;
        acc = (acc >> 64) + (i128)r2;
        r2 = (u64)acc;
        acc = (acc >> 64) + (i128)r3 + k * (((i128)1 << 32) - 1);
        r3 = (u64)acc;
        k = acc >> 64;
    }
    /* r >= p iff r + (2^256 - p) overflows; 2^256 - p = (0xfffffffe, 2^64 - 1, 0xffffffff00000000, 1) */
    {
        u128 u = (u128)r0 + 1;
        d0 = (u64)u;
        u = (u >> 64) + r1 + 0xffffffff00000000u;
        d1 = (u64)u;
        u = (u >> 64) + r2 + 0xffffffffffffffffu;
        d2 = (u64)u;
        u = (u >> 64) + r3 + 0x00000000fffffffeu;
        d3 = (u64)u;
        m = (u64)0 - (u64)(u >> 64);
    }
    r[0] = r0 ^ (m & (r0 ^ d0));
    r[1] = r1 ^ (m & (r1 ^ d1));
    r[2] = r2 ^ (m & (r2 ^ d2));
    r[3] = r3 ^ (m & (r3 ^ d3));
}

/* secp256k1, p = 2^256 - c, c = 2^32 + 977: t = H 2^256 + L = L + H c.
 * Row of H c (< 2^290), fold the top word (< 2^34) again, fold the 0/1
 * carry a third time, then one masked subtraction (r + c overflows). */
static inline void fp64_red_secp256k1(sc_word *r, const sc_word *t)
{
    const u64 C = 0x1000003d1u;
    u64 r0, r1, r2, r3, d0, d1, d2, d3, m, top;
    u128 acc;
    acc = (u128)t[4] * C + t[0];
    r0 = (u64)acc;
    acc = (u128)t[5] * C + t[1] + (u64)(acc >> 64);
    r1 = (u64)acc;
    acc = (u128)t[6] * C + t[2] + (u64)(acc >> 64);
    r2 = (u64)acc;
    acc = (u128)t[7] * C + t[3] + (u64)(acc >> 64);
    r3 = (u64)acc;
    top = (u64)(acc >> 64); /* < 2^34 */
    acc = (u128)top * C + r0;
    r0 = (u64)acc;
    acc = (acc >> 64) + r1;
    r1 = (u64)acc;
    acc = (acc >> 64) + r2;
    r2 = (u64)acc;
    acc = (acc >> 64) + r3;
    r3 = (u64)acc;
    top = (u64)(acc >> 64); /* 0 or 1 */
    acc = (u128)r0 + (top * C);
    r0 = (u64)acc;
    acc = (acc >> 64) + r1;
    r1 = (u64)acc;
    acc = (acc >> 64) + r2;
    r2 = (u64)acc;
    r3 += (u64)(acc >> 64);
    acc = (u128)r0 + C;
    d0 = (u64)acc;
    acc = (acc >> 64) + r1;
    d1 = (u64)acc;
    acc = (acc >> 64) + r2;
    d2 = (u64)acc;
    acc = (acc >> 64) + r3;
    d3 = (u64)acc;
    m = (u64)0 - (u64)(acc >> 64);
    r[0] = r0 ^ (m & (r0 ^ d0));
    r[1] = r1 ^ (m & (r1 ^ d1));
    r[2] = r2 ^ (m & (r2 ^ d2));
    r[3] = r3 ^ (m & (r3 ^ d3));
}

/* Generic Montgomery reduction (REDC, reduce_mont.c) unrolled for n = 3 and
 * 4 words: the same algorithm with p in registers and 128-bit products. */

/* one row: t[i..i+n] += m p, m = t[i] pinv; carry out of t[i+n] in top */
#define REDC_ROW(i, n) do {                                                  \
        uint64_t m_ = t[i] * pinv, c_;                                       \
        u128 a_ = (u128)m_ * p0 + t[i];                                      \
        c_ = (uint64_t)(a_ >> 64);                                           \
        a_ = (u128)m_ * p1 + t[(i) + 1] + c_; t[(i) + 1] = (uint64_t)a_; c_ = (uint64_t)(a_ >> 64); \
        a_ = (u128)m_ * p2 + t[(i) + 2] + c_; t[(i) + 2] = (uint64_t)a_; c_ = (uint64_t)(a_ >> 64); \
        if ((n) == 4) {                                                      \
            a_ = (u128)m_ * p3 + t[(i) + 3] + c_; t[(i) + 3] = (uint64_t)a_; c_ = (uint64_t)(a_ >> 64); \
        }                                                                    \
        a_ = (u128)t[(i) + (n)] + c_ + top;                                  \
        t[(i) + (n)] = (uint64_t)a_;                                         \
        top = (uint64_t)(a_ >> 64);                                          \
    } while (0)

static inline void fp64_redc4(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    const uint64_t p0 = f->p[0], p1 = f->p[1], p2 = f->p[2], p3 = f->p[3], pinv = f->pinv;
    uint64_t top = 0, d0, d1, d2, d3, m;
    u128 a;
    REDC_ROW(0, 4);
    REDC_ROW(1, 4);
    REDC_ROW(2, 4);
    REDC_ROW(3, 4);
    /* (top : t[4..7]) < 2p; subtract p when top or no borrow */
    a = (u128)t[4] - p0;
    d0 = (uint64_t)a;
    a = (u128)t[5] - p1 - (uint64_t)(a >> 127);
    d1 = (uint64_t)a;
    a = (u128)t[6] - p2 - (uint64_t)(a >> 127);
    d2 = (uint64_t)a;
    a = (u128)t[7] - p3 - (uint64_t)(a >> 127);
    d3 = (uint64_t)a;
    m = (uint64_t)0 - (top | ((uint64_t)(a >> 127) ^ 1u));
    r[0] = t[4] ^ (m & (t[4] ^ d0));
    r[1] = t[5] ^ (m & (t[5] ^ d1));
    r[2] = t[6] ^ (m & (t[6] ^ d2));
    r[3] = t[7] ^ (m & (t[7] ^ d3));
}

static inline void fp64_redc3(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    const uint64_t p0 = f->p[0], p1 = f->p[1], p2 = f->p[2], pinv = f->pinv;
    uint64_t top = 0, d0, d1, d2, m, p3 = 0;
    u128 a;
    (void)p3;
    REDC_ROW(0, 3);
    REDC_ROW(1, 3);
    REDC_ROW(2, 3);
    a = (u128)t[3] - p0;
    d0 = (uint64_t)a;
    a = (u128)t[4] - p1 - (uint64_t)(a >> 127);
    d1 = (uint64_t)a;
    a = (u128)t[5] - p2 - (uint64_t)(a >> 127);
    d2 = (uint64_t)a;
    m = (uint64_t)0 - (top | ((uint64_t)(a >> 127) ^ 1u));
    r[0] = t[3] ^ (m & (t[3] ^ d0));
    r[1] = t[4] ^ (m & (t[4] ^ d1));
    r[2] = t[5] ^ (m & (t[5] ^ d2));
}

/* P-256 in Montgomery form (R = 2^256): REDC specialised to
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1, whose -p^-1 mod 2^64 is 1, as in
 * Gueron and Krasnov, "Fast prime field elliptic-curve cryptography with
 * 256-bit primes" (J. Cryptogr. Eng. 2015), the method of OpenSSL's
 * nistz256.  Row i takes m = t[i] (no multiply by pinv); since p0 = 2^64 - 1
 * and p1 = 2^32 - 1, m p0 + t[i] + 2^64 m p1 = 2^96 m, so the row adds
 * (m << 32, m >> 32) at words i+1, i+2, nothing at p2 = 0, and m p3 (one
 * 64x64 multiply) at word i+3.  Input t < p^2, output t R^-1 mod p. */
static inline void fp64_redc_p256(sc_word *r, const sc_word *t)
{
    const u64 P3 = 0xffffffff00000001u;
    u64 t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7];
    u64 top = 0, d0, d1, d2, d3, m;
    u128 acc;
#define P256_ROW(a0, a1, a2, a3, a4) do {                                  \
        acc = (u128)(a1) + ((a0) << 32);                                    \
        (a1) = (u64)acc;                                                    \
        acc = (acc >> 64) + (a2) + ((a0) >> 32);                            \
        (a2) = (u64)acc;                                                    \
        acc = (acc >> 64) + (a3) + (u128)(a0) * P3;                         \
        (a3) = (u64)acc;                                                    \
        acc = (acc >> 64) + (a4) + top;                                     \
        (a4) = (u64)acc;                                                    \
        top = (u64)(acc >> 64);                                             \
    } while (0)
    P256_ROW(t0, t1, t2, t3, t4);
    P256_ROW(t1, t2, t3, t4, t5);
    P256_ROW(t2, t3, t4, t5, t6);
    P256_ROW(t3, t4, t5, t6, t7);
#undef P256_ROW
    /* (top : t7..t4) < 2p: subtract p when top or no borrow */
    acc = (u128)t4 - 0xffffffffffffffffu;
    d0 = (u64)acc;
    acc = (u128)t5 - 0xffffffffu - (u64)((acc >> 64) & 1u);
    d1 = (u64)acc;
    acc = (u128)t6 - (u64)((acc >> 64) & 1u);
    d2 = (u64)acc;
    acc = (u128)t7 - P3 - (u64)((acc >> 64) & 1u);
    d3 = (u64)acc;
    m = (u64)0 - (top | ((u64)((acc >> 64) & 1u) ^ 1u));
    r[0] = t4 ^ (m & (t4 ^ d0));
    r[1] = t5 ^ (m & (t5 ^ d1));
    r[2] = t6 ^ (m & (t6 ^ d2));
    r[3] = t7 ^ (m & (t7 ^ d3));
}
/* P-224 in Montgomery form (R = 2^256): REDC specialised to
 * p = 2^224 - 2^96 + 1.  p = 1 mod 2^64, so -p^-1 mod 2^64 = 2^64 - 1 and
 * row i takes m = -t[i] (a negation instead of a multiply); m p needs no
 * multiply either: m p = m + 2^96 m (2^128 - 1), where t[i] + m is 2^64 or
 * 0 (carry c = [t[i] != 0]) and, for m != 0, m (2^128 - 1) is the three
 * words (2^64 - m, 2^64 - 1, m - 1) = (t[i], ~0, ~t[i]), all zero for m = 0.
 * Shifted by 96 bits these are four words added at i+1 .. i+4 by one
 * unsigned carry chain (carry out of word i+4 kept in top for the next row).
 * Input t < p^2, output t R^-1 mod p; the sum before the final masked
 * subtraction is < 2p < 2^225. */
static inline void fp64_redc_p224(sc_word *r, const sc_word *t)
{
    u64 t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7];
    u64 x, nz, w2, top = 0, d0, d1, d2, d3, msk;
    u128 acc;
#define P224_ROW(a0, a1, a2, a3, a4) do {                                  \
        x = (a0);                                                           \
        nz = (u64)0 - ((x | ((u64)0 - x)) >> 63);                           \
        w2 = ~x & nz;                                                       \
        acc = (u128)(a1) + (x << 32) + (nz & 1u);                           \
        (a1) = (u64)acc;                                                    \
        acc = (acc >> 64) + (a2) + ((x >> 32) | (nz << 32));                \
        (a2) = (u64)acc;                                                    \
        acc = (acc >> 64) + (a3) + ((nz >> 32) | (w2 << 32));               \
        (a3) = (u64)acc;                                                    \
        acc = (acc >> 64) + (a4) + (w2 >> 32) + top;                        \
        (a4) = (u64)acc;                                                    \
        top = (u64)(acc >> 64);                                             \
    } while (0)
    P224_ROW(t0, t1, t2, t3, t4);
    P224_ROW(t1, t2, t3, t4, t5);
    P224_ROW(t2, t3, t4, t5, t6);
    P224_ROW(t3, t4, t5, t6, t7);
#undef P224_ROW
    /* r = (t7..t4) < 2p < 2^225: r >= p iff r + 2^96 - 1 >= 2^224 */
    {
        u128 u = (u128)t4 + 0xffffffffffffffffu;
        d0 = (u64)u;
        u = (u >> 64) + t5 + 0xffffffffu;
        d1 = (u64)u;
        u = (u >> 64) + t6;
        d2 = (u64)u;
        d3 = t7 + (u64)(u >> 64);
        msk = (u64)0 - (d3 >> 32);
        d3 &= 0xffffffffu;
    }
    r[0] = t4 ^ (msk & (t4 ^ d0));
    r[1] = t5 ^ (msk & (t5 ^ d1));
    r[2] = t6 ^ (msk & (t6 ^ d2));
    r[3] = t7 ^ (msk & (t7 ^ d3));
}
/* An optimal prime p = u 2^k + 1 (sc_fp_reduce_opf, reduce_opf.c) whose only
 * nonzero words are p0 = 1 and the top word ph = p[n-1] (the opf* curves at
 * n = 3 and 4 words; fp.c checks the middle words are zero): row i takes
 * m = -t_i (pinv = -1), whose m p0 = m clears t_i and carries 1 into word
 * i + 1 exactly when t_i != 0 (the carry c, added at the next row), and one
 * 64x64 multiply m ph at word i + n - 1.  After n rows c goes into word n and
 * (top : t_n .. t_2n-1) < 2p takes one masked subtraction.  Input t < p^2. */
static inline void fp64_redc_opf(sc_word *r, sc_word *t, const u64 *p, unsigned n)
{
    const u64 ph = p[n - 1];
    u64 top = 0, c = 0, d[4], m, ti, bw = 0;
    u128 a;
    unsigned i;
    for (i = 0; i < n; i++) {
        a = (u128)t[i] + c;
        ti = (u64)a;
        m = (u64)0 - ti;
        c = (u64)(a >> 64) | ((ti | m) >> 63);
        a = (u128)m * ph + t[i + n - 1];
        t[i + n - 1] = (u64)a;
        a = (u128)t[i + n] + (u64)(a >> 64) + top;
        t[i + n] = (u64)a;
        top = (u64)(a >> 64);
    }
    for (i = n; i < 2 * n; i++) {
        a = (u128)t[i] + c;
        t[i] = (u64)a;
        c = (u64)(a >> 64);
    }
    top += c;
    for (i = 0; i < n; i++) {
        a = (u128)t[n + i] - p[i] - bw;
        d[i] = (u64)a;
        bw = (u64)(a >> 127);
    }
    m = (u64)0 - (top | (bw ^ 1u));
    for (i = 0; i < n; i++)
        r[i] = t[n + i] ^ (m & (t[n + i] ^ d[i]));
}

#undef REDC_ROW
#undef LO32
#undef HI32
#undef W2
#endif

#endif
