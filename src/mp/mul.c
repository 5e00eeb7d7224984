/* mp multiplication and squaring.
 *
 * Product scanning ("Comba", column-wise; Comba 1990, HAC Alg. 14.12 done by
 * columns, Guide to ECC Alg. 2.10): every column k sums a[i]*b[k-i] into a
 * three-word accumulator (c2:c1:c0), then emits c0.  Squaring (Guide to ECC
 * Alg. 2.13 by columns) adds each cross product a[i]*a[j], i < j, twice and
 * each a[i]^2 once: about half the word multiplies.
 *
 * At 64-bit limbs, n = 3 and n = 4 (the 160/192 and 224/256-bit fields) are
 * fully unrolled (mul64.h, with the switch of accel.h to the MULX kernels on
 * x86-64); other sizes and widths use the generic loops.  Loop bounds depend
 * only on n (public). */
#include <seacurve/mp.h>
#include <seacurve/opcount.h>
#include "util/dword.h"

#define W SC_WORD_BITS

/* (c2:c1:c0) += x * y */
#define MULADD(c0, c1, c2, x, y) do {                                      \
        sc_dword p_ = (sc_dword)((sc_dword)(x) * (y));                     \
        sc_dword s_ = (sc_dword)((sc_dword)(c0) + (sc_word)p_);            \
        (c0) = (sc_word)s_;                                                \
        s_ = (sc_dword)((sc_dword)(c1) + (sc_word)(p_ >> W) + (sc_word)(s_ >> W)); \
        (c1) = (sc_word)s_;                                                \
        (c2) = (sc_word)((c2) + (sc_word)(s_ >> W));                      \
    } while (0)

/* (c2:c1:c0) += 2 * x * y */
#define MULADD2(c0, c1, c2, x, y) do {                                     \
        sc_dword p_ = (sc_dword)((sc_dword)(x) * (y));                     \
        sc_word pl_ = (sc_word)p_, ph_ = (sc_word)(p_ >> W);              \
        sc_dword s_ = (sc_dword)((sc_dword)(c0) + pl_ + pl_);              \
        (c0) = (sc_word)s_;                                                \
        s_ = (sc_dword)((sc_dword)(c1) + ph_ + ph_ + (sc_word)(s_ >> W));   \
        (c1) = (sc_word)s_;                                                \
        (c2) = (sc_word)((c2) + (sc_word)(s_ >> W));                      \
    } while (0)

void sc_mp_mul_comba(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    sc_word c0 = 0, c1 = 0, c2 = 0;
    size_t k, i;
    SC_OPC_W(n * n);
    for (k = 0; k + 1 < 2 * n; k++) {
        size_t lo = k < n ? 0 : k - n + 1;
        size_t hi = k < n ? k : n - 1;
        for (i = lo; i <= hi; i++)
            MULADD(c0, c1, c2, a[i], b[k - i]);
        r[k] = c0;
        c0 = c1;
        c1 = c2;
        c2 = 0;
    }
    r[2 * n - 1] = c0;
}

void sc_mp_sqr_comba(sc_word *r, const sc_word *a, size_t n)
{
    sc_word c0 = 0, c1 = 0, c2 = 0;
    size_t k, i;
    SC_OPC_W(n * (n + 1) / 2);
    for (k = 0; k + 1 < 2 * n; k++) {
        size_t lo = k < n ? 0 : k - n + 1;
        size_t hi = k < n ? k : n - 1;
        /* cross products i < k - i, each twice */
        for (i = lo; i < k - i && i <= hi; i++)
            MULADD2(c0, c1, c2, a[i], a[k - i]);
        if ((k & 1) == 0)
            MULADD(c0, c1, c2, a[k / 2], a[k / 2]);
        r[k] = c0;
        c0 = c1;
        c1 = c2;
        c2 = 0;
    }
    r[2 * n - 1] = c0;
}

#if SC_WORD_BITS == 64
#include "mul64.h"
#endif

/* AVR assembly kernels (port/avr/gen, docs/mote-asm.md): firmware builds with
 * sc_fw_lib(... ASM) define SC_AVR_ASM and put port/avr/gen on the include path.
 * Byte limbs are the kernels' little-endian byte arrays; n (the field size in
 * bytes) is public, so the switch is no secret-dependent branch.  They execute
 * exactly the byte multiplies of the Comba code and count them alike. */
/* MSP430 assembly kernels (port/msp430/mp, docs/mote.md "MSP430"): firmware builds
 * with SC_MSP430_ASM put port/msp430/mp on the include path.  Product scanning on the
 * hardware multiplier's multiply-and-accumulate, any n (public), the word multiplies of
 * the Comba code (squaring: n(n-1)/2 cross products and n squares). */
#if SC_WORD_BITS == 16 && defined(SC_MSP430_ASM) && defined(__MSP430__)
#include <mp_msp430.h>
#  define SC_MP_MSP430_ASM 1
#endif

#if SC_WORD_BITS == 8 && defined(SC_AVR_ASM) && defined(__AVR__)
#include <mp_avr.h>
#  define SC_MP_AVR_ASM 1
/* Only the sizes of the build's curves (fields and group orders) are in the
 * switches, so a build links only the kernels it can use (2.5 - 8.6 KB of
 * flash each). */
#  define SC_MP_AVR_20 (SC_CURVE_SECP160R1 || SC_CURVE_OPF160)   /* opf160: p and n */
#  define SC_MP_AVR_21 SC_CURVE_SECP160R1   /* its group order n: 161 bits, below */
#  define SC_MP_AVR_24 (SC_CURVE_SECP192R1 || SC_CURVE_OPF192)
#  define SC_MP_AVR_28 (SC_CURVE_SECP224R1 || SC_CURVE_OPF224)
#  define SC_MP_AVR_32 (SC_CURVE_SECP256R1 || SC_CURVE_SECP256K1 || SC_CURVE_OPF256)
#endif

#if SC_MP_AVR_21
/* 21 bytes (secp160r1's group order n, 161 bits, used only by the scalar
 * arithmetic) through the 20-byte kernels: with a = a' + 2^160 a20 (a' the low
 * 20 bytes), a b = a' b' + 2^160 (a20 b' + b20 a') + 2^320 a20 b20 and
 * a^2 = a'^2 + 2^161 a20 a' + 2^320 a20^2.  The byte-by-20-byte rows are added
 * to columns 20..40 in one pass: column 20 + i takes the low bytes of the row
 * products at i and their high bytes at i - 1 (hi), plus the carry c; every sum
 * stays below 2^16 (at most 255 + 4 * 255 + 5).  5.6 KB of flash less than
 * 21-byte kernels of their own, for about 0.5 k cycles more per product.
 * Fixed loop bounds, no branch on the values; r must not overlap a or b. */
__attribute__((noinline)) static void mp_mul21_avr(sc_word *r, const sc_word *a, const sc_word *b)
{
    uint8_t a20 = a[20], b20 = b[20], i;
    uint16_t top = (uint16_t)((uint16_t)a20 * b20), hi = 0, c = 0, s;
    sc_avr_mul20(r, a, b);
    for (i = 0; i < 20; i++) {
        uint16_t pa = (uint16_t)((uint16_t)a20 * b[i]), pb = (uint16_t)((uint16_t)b20 * a[i]);
        s = (uint16_t)(r[20 + i] + (uint8_t)pa + (uint8_t)pb + hi + c);
        hi = (uint16_t)((pa >> 8) + (pb >> 8));
        r[20 + i] = (uint8_t)s;
        c = (uint16_t)(s >> 8);
    }
    s = (uint16_t)((uint8_t)top + hi + c);
    r[40] = (uint8_t)s;
    r[41] = (uint8_t)((top >> 8) + (s >> 8));
}

__attribute__((noinline)) static void mp_sqr21_avr(sc_word *r, const sc_word *a)
{
    uint8_t a20 = a[20], i;
    uint16_t top = (uint16_t)((uint16_t)a20 * a20), hi = 0, c = 0, s;
    sc_avr_sqr20(r, a);
    for (i = 0; i < 20; i++) {
        uint16_t pa = (uint16_t)((uint16_t)a20 * a[i]);
        s = (uint16_t)(r[20 + i] + 2u * (uint8_t)pa + hi + c);
        hi = (uint16_t)(2u * (pa >> 8));
        r[20 + i] = (uint8_t)s;
        c = (uint16_t)(s >> 8);
    }
    s = (uint16_t)((uint8_t)top + hi + c);
    r[40] = (uint8_t)s;
    r[41] = (uint8_t)((top >> 8) + (s >> 8));
}
#endif

/* Cortex-M4 assembly (port/cortexm, docs/mote.md "Cortex-M"): the UMAAL product for every
 * size (written out for 8 words), squaring included (a * a), where the library is built with SC_CM_ASM for a core with
 * the DSP extension (ARMv7E-M). It executes the n^2 word products of the Comba code. */
#if SC_WORD_BITS == 32 && defined(SC_CM_ASM) && defined(__ARM_FEATURE_DSP)
#include <mp_cm.h>
#  define SC_MP_CM4_ASM 1
#endif
/* Cortex-M3 assembly (ARMv7-M, no DSP extension): the product and the squaring from MULs on
 * 16-bit halves (port/cortexm/mp_mul_v7m.S); the M3's UMULL / UMLAL take operand-dependent time. */
#if SC_WORD_BITS == 32 && defined(SC_CM_ASM) && defined(__ARM_ARCH_7M__)
#include <mp_cm.h>
#  define SC_MP_CM3_ASM 1
#endif

#ifdef SC_MP_AVR_ASM
/* A product or squaring of a size without a kernel: no field of the build's
 * curves has it.  With SC_FP_GENERIC_SIZES (config.h) the general product
 * serves both (the 360 bytes of the Comba squaring stay out); without it
 * neither is linked (the 0.2 KB of the Comba product) and the result is
 * zero, the failure sc_fp_field_derive reports up front
 * (sc_mp_mul_serves). */
__attribute__((noinline)) static void mp_mul_other_avr(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
#if SC_FP_GENERIC_SIZES
    sc_mp_mul_comba(r, a, b, n);
#else
    (void)a;
    (void)b;
    sc_mp_zero(r, 2 * n);
#endif
}
#endif

int sc_mp_mul_serves(size_t n)
{
#if SC_FP_GENERIC_SIZES
    (void)n;
    return 1;
#else
    return (SC_MP_AVR_20 && n == 20) || (SC_MP_AVR_21 && n == 21) || (SC_MP_AVR_24 && n == 24) ||
           (SC_MP_AVR_28 && n == 28) || (SC_MP_AVR_32 && n == 32);
#endif
}

/* Operation counting (SC_OPCOUNT): the unrolled C products of mul64.h count
 * here, k word multiplies; the MULX routines (port/x86_64/mp_mulx.c) count
 * their own, so the C count is skipped when they ran. */
#ifdef SC_MP_HAVE_MULX
#  define OPC_W_C64(k) SC_OPC_W(mp64_use_mulx() ? 0 : (k))
#else
#  define OPC_W_C64(k) SC_OPC_W(k)
#endif

void sc_mp_mul(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
#if SC_WORD_BITS == 64
    if (n == 4) {
        mp64_mul4_best(r, a, b);
        OPC_W_C64(16);
        return;
    }
    if (n == 3) {
        mp64_mul3_best(r, a, b);
        OPC_W_C64(9);
        return;
    }
#endif
#ifdef SC_MP_AVR_ASM
    switch (n) {
#if SC_MP_AVR_20
    case 20: sc_avr_mul20(r, a, b); SC_OPC_W(20 * 20); return;
#endif
#if SC_MP_AVR_21
    case 21: mp_mul21_avr(r, a, b); SC_OPC_W(21 * 21); return;
#endif
#if SC_MP_AVR_24
    case 24: sc_avr_mul24(r, a, b); SC_OPC_W(24 * 24); return;
#endif
#if SC_MP_AVR_28
    case 28: sc_avr_mul28(r, a, b); SC_OPC_W(28 * 28); return;
#endif
#if SC_MP_AVR_32
    case 32: sc_avr_mul32(r, a, b); SC_OPC_W(32 * 32); return;
#endif
    default: break;
    }
    mp_mul_other_avr(r, a, b, n);
#elif defined(SC_MP_CM4_ASM)
    if (n == 8)
        sc_cm4_mul8(r, a, b);
    else
        sc_cm4_mul(r, a, b, n);
#elif defined(SC_MP_CM3_ASM)
    sc_cm3_mul(r, a, b, n);
#elif defined(SC_MP_MSP430_ASM)
    sc_msp430_mul(r, a, b, n);
    SC_OPC_W(n * n);
#else
    sc_mp_mul_comba(r, a, b, n);
#endif
}

void sc_mp_sqr(sc_word *r, const sc_word *a, size_t n)
{
#if SC_WORD_BITS == 64
    if (n == 4) {
        mp64_sqr4_best(r, a);
        OPC_W_C64(10);
        return;
    }
    if (n == 3) {
        mp64_sqr3_best(r, a);
        OPC_W_C64(6);
        return;
    }
#endif
#ifdef SC_MP_AVR_ASM
    switch (n) {
#if SC_MP_AVR_20
    case 20: sc_avr_sqr20(r, a); SC_OPC_W(20 * 21 / 2); return;
#endif
#if SC_MP_AVR_21
    case 21: mp_sqr21_avr(r, a); SC_OPC_W(21 * 22 / 2); return;
#endif
#if SC_MP_AVR_24
    case 24: sc_avr_sqr24(r, a); SC_OPC_W(24 * 25 / 2); return;
#endif
#if SC_MP_AVR_28
    case 28: sc_avr_sqr28(r, a); SC_OPC_W(28 * 29 / 2); return;
#endif
#if SC_MP_AVR_32
    case 32: sc_avr_sqr32(r, a); SC_OPC_W(32 * 33 / 2); return;
#endif
    default: break;
    }
    mp_mul_other_avr(r, a, a, n);
#elif defined(SC_MP_CM4_ASM)
    if (n == 8)
        sc_cm4_mul8(r, a, a);
    else
        sc_cm4_mul(r, a, a, n);
#elif defined(SC_MP_CM3_ASM)
    sc_cm3_sqr(r, a, n);
#elif defined(SC_MP_MSP430_ASM)
    sc_msp430_sqr(r, a, n);
    SC_OPC_W(n * (n + 1) / 2);
#else
    sc_mp_sqr_comba(r, a, n);
#endif
}
