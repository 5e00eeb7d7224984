/* Special (plain-form) reducers for the pseudo-Mersenne and generalised
 * Mersenne primes of the supported curves.
 *
 * Every width is served by one formula over 32-bit chunks of the input:
 * chunk j is bits 32j .. 32j+31, read from / written to sc_words of any
 * width by get32 / put32.  Sums go into signed 64-bit accumulators, a carry
 * pass turns them back into chunks plus a small signed carry k at 2^N, and k
 * is folded back with 2^N mod p, again a fixed number of times.  The result
 * is then < 2^N < 2p and one masked subtraction of p finishes.  No branch or
 * index depends on the value.
 *
 * At 64-bit limbs faster word-based versions of the same formulas are used
 * (reduce_special64.c), at 16-bit limbs 16-bit-word versions for secp160r1 and
 * P-256 (reduce_special16.c: no 64-bit arithmetic, whose carries clang's msp430
 * target compiles to branches); these chunk versions remain the code for the
 * other cases and are tested against the generic reducers at every width.
 *
 * Right shifts of negative int64_t values are arithmetic on every compiler
 * seacurve targets (gcc, clang, avr-gcc); carries rely on that. */
#include <seacurve/fp.h>
#include <seacurve/mp.h>
#include "reduce_special.h"

/* AVR assembly reducers (port/avr/gen/fp_red*.S, tools/gen_avr_fp.py,
 * docs/mote-asm.md): firmware builds with sc_fw_lib(... ASM) define SC_AVR_ASM
 * and put port/avr/gen on the include path.  They override sc_fp_reduce_secp160r1 /
 * _p192 / _p224 / _p256 / _secp256k1 at 8-bit limbs; the chunk code below stays
 * the fallback, and the firmware test compares the two. */
/* The MSP430 secp160r1 reduction (port/msp430/mp/fp_red160.S): firmware builds with
 * SC_MSP430_ASM; reduce_special16.c stays the fallback, and the firmware test compares
 * the two. */
#if SC_WORD_BITS == 16 && defined(SC_MSP430_ASM) && defined(__MSP430__)
#include <mp_msp430.h>
#  define SC_FP_MSP430_RED 1
#endif

#if SC_WORD_BITS == 8 && defined(SC_AVR_ASM) && defined(__AVR__)
#include <fp_avr.h>
#  define SC_FP_AVR_RED 1
#endif

/* Cortex-M3 / M4 assembly (port/cortexm/fp_red256.S, fp_red160.S, docs/mote.md "Cortex-M"):
 * the P-256 and secp160r1 reductions by the same sums, where the library is built with
 * SC_CM_ASM for ARMv7-M; the chunk code stays the fallback, and the Cortex-M KAT image
 * compares the two. */
#if SC_WORD_BITS == 32 && defined(SC_CM_ASM) && (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__))
#include <mp_cm.h>
#  define SC_FP_CM_RED256 1 /* both reductions */
#endif

#define W SC_WORD_BITS

static uint32_t get32(const sc_word *t, size_t j)
{
#if W == 64
    return (uint32_t)(t[j / 2] >> (32 * (j % 2)));
#elif W == 32
    return t[j];
#elif W == 16
    return (uint32_t)t[2 * j] | ((uint32_t)t[2 * j + 1] << 16);
#else
    return (uint32_t)t[4 * j] | ((uint32_t)t[4 * j + 1] << 8) | ((uint32_t)t[4 * j + 2] << 16) |
           ((uint32_t)t[4 * j + 3] << 24);
#endif
}

/* Write chunks c[0..m-1] into r (nw words); words past chunk m are zeroed. */
static void put_chunks(sc_word *r, size_t nw, const uint32_t *c, size_t m)
{
    size_t j;
    sc_mp_zero(r, nw);
    for (j = 0; j < m; j++) {
#if W == 64
        r[j / 2] |= (sc_word)c[j] << (32 * (j % 2));
#elif W == 32
        r[j] = c[j];
#elif W == 16
        r[2 * j] = (sc_word)c[j];
        r[2 * j + 1] = (sc_word)(c[j] >> 16);
#else
        r[4 * j] = (sc_word)c[j];
        r[4 * j + 1] = (sc_word)(c[j] >> 8);
        r[4 * j + 2] = (sc_word)(c[j] >> 16);
        r[4 * j + 3] = (sc_word)(c[j] >> 24);
#endif
    }
}

/* acc[0..m-1] -> chunks c[], returns the signed carry out of chunk m-1. */
static int64_t carry32(uint32_t *c, const int64_t *acc, size_t m)
{
    int64_t k = 0;
    size_t j;
    for (j = 0; j < m; j++) {
        int64_t s = acc[j] + k;
        c[j] = (uint32_t)s;
        k = s >> 32;
    }
    return k;
}

/* Fold a carry k at 2^(32m) twice with 2^(32m) mod p given as signed chunk
 * coefficients, then write the result (< 2^(32m)) into r and subtract p once
 * under a mask.  Two folds suffice when |k| * (2^(32m) mod p) < 2^(32m-1)
 * (checked per prime in the callers' comments). */
static void fold_finish(sc_word *r, uint32_t *c, int64_t k, const int8_t *coef, size_t m,
                        const sc_fp_field *f)
{
    int64_t acc[8];
    sc_word d[SC_FP_MAXW], bw;
    size_t j, pass;
    for (pass = 0; pass < 2; pass++) {
        for (j = 0; j < m; j++)
            acc[j] = (int64_t)c[j] + k * coef[j];
        k = carry32(c, acc, m);
    }
    put_chunks(r, f->nw, c, m);
    bw = sc_mp_sub(d, r, f->p, f->nw);
    sc_mp_cmov(r, d, (sc_word)(bw - 1u), f->nw);
}

/* P-192, p = 2^192 - 2^64 - 1 (FIPS 186-4 D.2.1; Solinas 1999):
 * with 64-bit halves A_i = (c_{2i+1}, c_{2i}),
 *   t = T + S1 + S2 + S3, T = (A2,A1,A0), S1 = (0,A3,A3), S2 = (A4,A4,0), S3 = (A5,A5,A5).
 * Carry k <= 3; 2^192 = 2^64 + 1 mod p. */
void sc_fp_reduce_p192_chunks(sc_word *r, const sc_word *t, const sc_fp_field *f)
{
    static const int8_t coef[6] = { 1, 0, 1, 0, 0, 0 };
    uint32_t c[12], o[6];
    int64_t acc[6], k;
    size_t j;
    for (j = 0; j < 12; j++)
        c[j] = get32(t, j);
    acc[0] = (int64_t)c[0] + c[6] + c[10];
    acc[1] = (int64_t)c[1] + c[7] + c[11];
    acc[2] = (int64_t)c[2] + c[6] + c[8] + c[10];
    acc[3] = (int64_t)c[3] + c[7] + c[9] + c[11];
    acc[4] = (int64_t)c[4] + c[8] + c[10];
    acc[5] = (int64_t)c[5] + c[9] + c[11];
    k = carry32(o, acc, 6);
    fold_finish(r, o, k, coef, 6, f);
}

/* P-224, p = 2^224 - 2^96 + 1 (FIPS 186-4 D.2.2): with 32-bit chunks A_i,
 *   t = T + S1 + S2 - D1 - D2, T = (A6..A0), S1 = (A10,A9,A8,A7,0,0,0),
 *   S2 = (0,A13,A12,A11,0,0,0), D1 = (A13..A7), D2 = (0,0,0,0,A13,A12,A11).
 * -2 <= k <= 2; 2^224 = 2^96 - 1 mod p. */
void sc_fp_reduce_p224_chunks(sc_word *r, const sc_word *t, const sc_fp_field *f)
{
    static const int8_t coef[7] = { -1, 0, 0, 1, 0, 0, 0 };
    uint32_t c[14], o[7];
    int64_t acc[7], k;
    size_t j;
    for (j = 0; j < 14; j++)
        c[j] = get32(t, j);
    acc[0] = (int64_t)c[0] - c[7] - c[11];
    acc[1] = (int64_t)c[1] - c[8] - c[12];
    acc[2] = (int64_t)c[2] - c[9] - c[13];
    acc[3] = (int64_t)c[3] + c[7] + c[11] - c[10];
    acc[4] = (int64_t)c[4] + c[8] + c[12] - c[11];
    acc[5] = (int64_t)c[5] + c[9] + c[13] - c[12];
    acc[6] = (int64_t)c[6] + c[10] - c[13];
    k = carry32(o, acc, 7);
    fold_finish(r, o, k, coef, 7, f);
}

/* P-256, p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4 D.2.3): with
 * 32-bit chunks A_i, t = T + 2 S1 + 2 S2 + S3 + S4 - D1 - D2 - D3 - D4,
 *   T  = (A7..A0),                      S1 = (A15,A14,A13,A12,A11,0,0,0),
 *   S2 = (0,A15,A14,A13,A12,0,0,0),     S3 = (A15,A14,0,0,0,A10,A9,A8),
 *   S4 = (A8,A13,A15,A14,A13,A11,A10,A9), D1 = (A10,A8,0,0,0,A13,A12,A11),
 *   D2 = (A11,A9,0,0,A15,A14,A13,A12),  D3 = (A12,0,A10,A9,A8,A15,A14,A13),
 *   D4 = (A13,0,A11,A10,A9,0,A15,A14).
 * -4 <= k <= 6; 2^256 = 2^224 - 2^192 - 2^96 + 1 mod p, and 6 * 2^224 < 2^255. */
void sc_fp_reduce_p256_chunks(sc_word *r, const sc_word *t, const sc_fp_field *f)
{
    static const int8_t coef[8] = { 1, 0, 0, -1, 0, 0, -1, 1 };
    uint32_t c[16], o[8];
    int64_t acc[8], k;
    size_t j;
    for (j = 0; j < 16; j++)
        c[j] = get32(t, j);
    acc[0] = (int64_t)c[0] + c[8] + c[9] - c[11] - c[12] - c[13] - c[14];
    acc[1] = (int64_t)c[1] + c[9] + c[10] - c[12] - c[13] - c[14] - c[15];
    acc[2] = (int64_t)c[2] + c[10] + c[11] - c[13] - c[14] - c[15];
    acc[3] = (int64_t)c[3] + 2 * (int64_t)c[11] + 2 * (int64_t)c[12] + c[13] - c[15] - c[8] - c[9];
    acc[4] = (int64_t)c[4] + 2 * (int64_t)c[12] + 2 * (int64_t)c[13] + c[14] - c[9] - c[10];
    acc[5] = (int64_t)c[5] + 2 * (int64_t)c[13] + 2 * (int64_t)c[14] + c[15] - c[10] - c[11];
    acc[6] = (int64_t)c[6] + 3 * (int64_t)c[14] + 2 * (int64_t)c[15] + c[13] - c[8] - c[9];
    acc[7] = (int64_t)c[7] + 3 * (int64_t)c[15] + c[8] - c[10] - c[11] - c[12] - c[13];
    k = carry32(o, acc, 8);
    fold_finish(r, o, k, coef, 8, f);
}

/* secp160r1, p = 2^160 - 2^31 - 1: [DSP] Alg. 4 / [WM-ECC] eq. 15-17.
 * t = H 2^160 + L = L + H + H 2^31 (mod p), since 2^160 = 2^31 + 1.  H 2^31
 * is formed chunk-wise as (H_j << 31) + (H_{j-1} >> 1).  First fold: < 2^192;
 * second fold of the top chunk: < 2^160 + 2^64; a third fold of the 0/1 carry
 * cannot carry again; then one masked subtraction (2^160 < 2p). */
void sc_fp_reduce_secp160r1_chunks(sc_word *r, const sc_word *t, const sc_fp_field *f)
{
    uint32_t c[10], o[6];
    int64_t acc[6], k;
    sc_word d[SC_FP_MAXW], bw;
    size_t j;
    for (j = 0; j < 10; j++)
        c[j] = get32(t, j);
    for (j = 0; j < 5; j++)
        acc[j] = (int64_t)c[j] + c[5 + j] + ((int64_t)(c[5 + j] & 1u) << 31) +
                 (j ? (int64_t)(c[4 + j] >> 1) : 0);
    acc[5] = (int64_t)(c[9] >> 1);
    carry32(o, acc, 6); /* < 2^192: no carry out */
    /* second fold of h = o[5] */
    acc[0] = (int64_t)o[0] + o[5] + ((int64_t)(o[5] & 1u) << 31);
    acc[1] = (int64_t)o[1] + (o[5] >> 1);
    acc[2] = o[2];
    acc[3] = o[3];
    acc[4] = o[4];
    k = carry32(o, acc, 5);
    /* third fold of the carry k in {0, 1} */
    acc[0] = (int64_t)o[0] + k + (k << 31);
    acc[1] = o[1];
    acc[2] = o[2];
    acc[3] = o[3];
    acc[4] = o[4];
    carry32(o, acc, 5);
    put_chunks(r, f->nw, o, 5);
    bw = sc_mp_sub(d, r, f->p, f->nw);
    sc_mp_cmov(r, d, (sc_word)(bw - 1u), f->nw);
}

/* secp256k1, p = 2^256 - c, c = 2^32 + 977 (pseudo-Mersenne; Guide to ECC
 * Alg. 2.27 style folding): t = H 2^256 + L = L + H c = L + 977 H + (H << 32).
 * First fold: < 2^290; the part above 2^256 (< 2^34) is folded again; the
 * 0/1 carry of that is folded a third time; then one masked subtraction. */
void sc_fp_reduce_secp256k1_chunks(sc_word *r, const sc_word *t, const sc_fp_field *f)
{
    uint32_t c[16], o[10];
    int64_t acc[10], k;
    uint64_t h, hc;
    sc_word d[SC_FP_MAXW], bw;
    size_t j;
    for (j = 0; j < 16; j++)
        c[j] = get32(t, j);
    for (j = 0; j < 8; j++)
        acc[j] = (int64_t)c[j] + 977 * (int64_t)c[8 + j] + (j ? (int64_t)c[7 + j] : 0);
    acc[8] = c[15];
    acc[9] = 0;
    carry32(o, acc, 10);
    h = (uint64_t)o[8] | ((uint64_t)o[9] << 32); /* < 2^34 */
    hc = h * 977u;                                /* < 2^44 */
    acc[0] = (int64_t)o[0] + (int64_t)(hc & 0xffffffffu);
    acc[1] = (int64_t)o[1] + (int64_t)(hc >> 32) + (int64_t)(h & 0xffffffffu);
    acc[2] = (int64_t)o[2] + (int64_t)(h >> 32);
    for (j = 3; j < 8; j++)
        acc[j] = o[j];
    k = carry32(o, acc, 8);
    acc[0] = (int64_t)o[0] + 977 * k;
    acc[1] = (int64_t)o[1] + k;
    for (j = 2; j < 8; j++)
        acc[j] = o[j];
    carry32(o, acc, 8);
    put_chunks(r, f->nw, o, 8);
    bw = sc_mp_sub(d, r, f->p, f->nw);
    sc_mp_cmov(r, d, (sc_word)(bw - 1u), f->nw);
}

#if SC_WORD_BITS != 64
void sc_fp_reduce_secp160r1(sc_word *r, sc_word *t, const sc_fp_field *f)
{
#ifdef SC_FP_AVR_RED
    (void)f;
    sc_avr_red160(r, t);
#elif defined(SC_FP_CM_RED256)
    (void)f;
    sc_cm_red160(r, t);
#elif defined(SC_FP_MSP430_RED)
    (void)f;
    sc_msp430_red160(r, t);
#elif W == 16
    sc_fp_reduce_secp160r1_w16(r, t, f);
#else
    sc_fp_reduce_secp160r1_chunks(r, t, f);
#endif
}
void sc_fp_reduce_p192(sc_word *r, sc_word *t, const sc_fp_field *f)
{
#ifdef SC_FP_AVR_RED
    (void)f;
    sc_avr_red192(r, t);
#else
    sc_fp_reduce_p192_chunks(r, t, f);
#endif
}
void sc_fp_reduce_p224(sc_word *r, sc_word *t, const sc_fp_field *f)
{
#ifdef SC_FP_AVR_RED
    (void)f;
    sc_avr_red224(r, t);
#else
    sc_fp_reduce_p224_chunks(r, t, f);
#endif
}
void sc_fp_reduce_p256(sc_word *r, sc_word *t, const sc_fp_field *f)
{
#ifdef SC_FP_AVR_RED
    (void)f;
    sc_avr_red256(r, t);
#elif defined(SC_FP_CM_RED256)
    (void)f;
    sc_cm_red256(r, t);
#elif W == 16
    sc_fp_reduce_p256_w16(r, t, f);
#else
    sc_fp_reduce_p256_chunks(r, t, f);
#endif
}
void sc_fp_reduce_secp256k1(sc_word *r, sc_word *t, const sc_fp_field *f)
{
#ifdef SC_FP_AVR_RED
    (void)f;
    sc_avr_red256k1(r, t);
#else
    sc_fp_reduce_secp256k1_chunks(r, t, f);
#endif
}
#endif
