/* Generic Montgomery reduction (REDC) for any odd p.
 *
 * Montgomery 1985; word-serial "separated operand scanning" form of Koc,
 * Acar, Kaliski, "Analyzing and comparing Montgomery multiplication
 * algorithms" (IEEE Micro 1996), = HAC Alg. 14.32: for each of the nw low
 * words, m = t[i] * (-p^-1) mod 2^W and t += m p 2^(iW), which clears t[i];
 * then t / R < 2p and one masked subtraction gives the result.  Input
 * t < p^2 (2nw words), output t R^-1 mod p, constant time. */
#include <seacurve/fp.h>
#include <seacurve/mp.h>
#include <seacurve/opcount.h>
#include "util/dword.h"

#define W SC_WORD_BITS

#include "reduce64.h"
#include "reduce_mont.h"

#if SC_WORD_BITS == 8 && defined(SC_AVR_ASM) && defined(__AVR__)
#include <fp_avr.h>
#  define SC_FP_AVR_REDC 1
#endif

/* The MSP430 REDC (port/msp430/mp/fp_redc.S), any size: firmware builds with
 * SC_MSP430_ASM; the firmware test compares it with sc_fp_reduce_mont_c. */
#if SC_WORD_BITS == 16 && defined(SC_MSP430_ASM) && defined(__MSP430__)
#include <mp_msp430.h>
#  define SC_FP_MSP430_REDC 1
#endif

/* The word-serial REDC described above, in C, for every width and size (the
 * fallback of the assembly and 64-bit paths below; callable by the tests
 * through reduce_mont.h). */
void sc_fp_reduce_mont_c(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    size_t n = f->nw, i, j;
    const sc_word *p = f->p;
    sc_word top = 0; /* carry out of word i + n from the previous row */
    sc_word d[SC_FP_MAXW], bw, mask;

    for (i = 0; i < n; i++) {
        sc_word m = (sc_word)((sc_dword)t[i] * f->pinv);
        sc_word c = 0;
        sc_dword s;
        for (j = 0; j < n; j++) {
            s = (sc_dword)((sc_dword)m * p[j] + t[i + j] + c);
            t[i + j] = (sc_word)s;
            c = (sc_word)(s >> W);
        }
        s = (sc_dword)((sc_dword)t[i + n] + c + top);
        t[i + n] = (sc_word)s;
        top = (sc_word)(s >> W);
    }
    /* (top : t[n..2n-1]) < 2p: subtract p when top = 1 or no borrow */
    bw = sc_mp_sub(d, t + n, p, n);
    mask = (sc_word)((sc_word)0 - (sc_word)(top | (sc_word)(bw ^ 1u)));
    for (i = 0; i < n; i++)
        r[i] = (sc_word)(t[n + i] ^ (mask & (t[n + i] ^ d[i])));
}

/* The generic 21-byte REDC only with a 163-bit binary curve (its order n has
 * 21 bytes and no sparse form); secp160r1 alone needs only the sparse one. */
#define SC_FP_REDC21_ANY (SC_CURVE_SECT163K1 || SC_CURVE_SECT163R1 || SC_CURVE_SECT163R2)

#if defined(SC_FP_AVR_REDC) && SC_CURVE_SECP160R1
/* 1 when the 21-byte modulus p is 2^160 + c with c < 2^88, the moduli of
 * sc_avr_redc21s (p is public); inlined into the reduction's dispatch, which
 * runs it on every product mod n */
static inline __attribute__((always_inline)) int redc_sparse21(const sc_word *p)
{
    sc_word z = 0;
    uint8_t j;
    for (j = 11; j < 20; j++)
        z |= p[j];
    return z == 0 && p[20] == 1;
}
#endif

/* Fast paths: the unrolled 3- and 4-word REDC of reduce64.h at 64-bit limbs;
 * the AVR assembly REDC (port/avr/gen/fp_redc<N>.S, tools/gen_avr_fp.py,
 * docs/mote-asm.md) for the 20/21/24/28/32-byte moduli (the curve orders; at
 * 21 bytes the sparse kernel for p = 2^160 + c, c < 2^88, secp160r1's n, and
 * the generic one with a 163-bit binary curve) at 8-bit limbs in firmware
 * builds with sc_fw_lib(... ASM), each only where a curve of the build has a
 * group order of that size (0.9 - 1.5 KB of flash each; other moduli of that
 * size take the C).  n is public. */
void sc_fp_reduce_mont(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    size_t n = f->nw;

    SC_OPC_W(n * n + n); /* m = t_i pinv and m p, per row */
#if SC_WORD_BITS == 64
    if (n == 4) {
        fp64_redc4(r, t, f);
        return;
    }
    if (n == 3) {
        fp64_redc3(r, t, f);
        return;
    }
#endif
#ifdef SC_FP_AVR_REDC
    switch (n) {
#if SC_CURVE_OPF160
    case 20: sc_avr_redc20(r, t, f->p, f->pinv); return; /* opf160's n (160 bits) */
#endif
#if SC_CURVE_SECP160R1 || SC_FP_REDC21_ANY
    case 21:
#if SC_CURVE_SECP160R1
        /* secp160r1's n = 2^160 + c, c < 2^81: the sparse REDC (p_11 .. p_19 = 0, p_20 = 1) */
        if (redc_sparse21(f->p)) {
            sc_avr_redc21s(r, t, f->p, f->pinv);
            return;
        }
#endif
#if SC_FP_REDC21_ANY
        sc_avr_redc21(r, t, f->p, f->pinv); /* the orders of the 163-bit binary curves */
        return;
#else
        break;
#endif
#endif
#if SC_CURVE_SECP192R1 || SC_CURVE_OPF192
    case 24: sc_avr_redc24(r, t, f->p, f->pinv); return;
#endif
#if SC_FP_MAXW >= 28 && (SC_CURVE_SECP224R1 || SC_CURVE_OPF224)
    case 28: sc_avr_redc28(r, t, f->p, f->pinv); return;
#endif
#if SC_FP_MAXW >= 32 && (SC_CURVE_SECP256R1 || SC_CURVE_SECP256K1 || SC_CURVE_OPF256)
    case 32: sc_avr_redc32(r, t, f->p, f->pinv); return;
#endif
    default: break;
    }
#endif
#ifdef SC_FP_MSP430_REDC
    sc_msp430_redc(r, t, f->p, n, f->pinv);
    return;
#endif
    (void)n;
#if SC_FP_GENERIC_SIZES
    sc_fp_reduce_mont_c(r, t, f);
#else
    sc_mp_zero(r, n); /* no kernel for this modulus and no C fallback (config.h) */
#endif
}

int sc_fp_reduce_mont_serves(const sc_fp_field *f)
{
#if SC_FP_GENERIC_SIZES
    (void)f;
    return 1;
#else
    switch (f->nw) {
#if SC_CURVE_OPF160
    case 20: return 1;
#endif
#if SC_CURVE_SECP160R1
    case 21: return redc_sparse21(f->p);
#endif
#if SC_CURVE_SECP192R1 || SC_CURVE_OPF192
    case 24: return 1;
#endif
#if SC_FP_MAXW >= 28 && (SC_CURVE_SECP224R1 || SC_CURVE_OPF224)
    case 28: return 1;
#endif
#if SC_FP_MAXW >= 32 && (SC_CURVE_SECP256R1 || SC_CURVE_SECP256K1 || SC_CURVE_OPF256)
    case 32: return 1;
#endif
    default: return 0;
    }
#endif
}

/* REDC for the P-256 prime: the specialised rows of reduce64.h at 64-bit
 * limbs, the generic REDC above at other widths (same result). */
void sc_fp_reduce_p256_mont(sc_word *r, sc_word *t, const sc_fp_field *f)
{
#if SC_WORD_BITS == 64
    (void)f;
    SC_OPC_W(4); /* one m p3 per row */
    fp64_redc_p256(r, t);
#else
    sc_fp_reduce_mont(r, t, f);
#endif
}

/* REDC for the P-224 prime (-p^-1 mod 2^64 = 2^64 - 1): the specialised rows
 * of reduce64.h at 64-bit limbs, the generic REDC above at other widths. */
void sc_fp_reduce_p224_mont(sc_word *r, sc_word *t, const sc_fp_field *f)
{
#if SC_WORD_BITS == 64
    (void)f;
    fp64_redc_p224(r, t);
#else
    sc_fp_reduce_mont(r, t, f);
#endif
}
