/* Internal: the AVR assembly kernels for optimal primes p = u 2^k + 1
 * (port/avr/gen/fp_opf<N>.S, tools/gen_avr_opf.py, docs/mote-asm.md) at 8-bit
 * limbs in firmware builds with sc_fw_lib(... ASM).
 *
 * sc_avr_opf_red<N>(r, t, u) computes t 2^(-8N) mod p for p = u 2^(8N-16) + 1,
 * 1 <= u <= 0xFFFE, N = 20, 24, 28, 32 bytes.  Every OPF field of such a size
 * whose k is at least 8N - 16 has that form (u' = p >> (8N - 16) =
 * u 2^(k - 8N + 16)): p's byte N-3 is then zero.  Everything tested here
 * (nw, p) is public.
 *
 * For the sizes of SC_FP_OPF_AVR_<N> below (by default those of the build's
 * OPF curves, SC_CURVE_OPF160 .. SC_CURVE_OPF256), sc_fp_reduce_opf
 * (reduce_opf.c) calls the reduction, and sc_fp_mul / sc_fp_sqr (fp.c) call
 * sc_avr_opf_mul<N> / sc_avr_opf_sqr<N> (product kernel and reduction in one
 * routine, without the C glue of sc_mp_mul and f->reduce).  Other images
 * link none of it (and keep fp.c's C product paths inline): the method
 * registry's "opf" reducer stays C there (explore_secp160r1 on the ATmega1281
 * has about 1.3 KB of flash left). */
#ifndef SEACURVE_FP_OPF_AVR_H
#define SEACURVE_FP_OPF_AVR_H

#include <seacurve/fp.h>

#if SC_WORD_BITS == 8 && defined(SC_AVR_ASM) && defined(__AVR__)
/* SC_FP_OPF_AVR_<N>: the kernels of N bytes are linked and called.  By default
 * where the build has the OPF curve of that size; SC_FP_OPF_AVR=1 / 0 forces
 * every size on / off (the test image opf_asm: on; kat_all_asm: off, flash). */
#  if defined(SC_FP_OPF_AVR)
#    define SC_FP_OPF_AVR_20 SC_FP_OPF_AVR
#    define SC_FP_OPF_AVR_24 (SC_FP_OPF_AVR && SC_FP_MAXW >= 24)
#    define SC_FP_OPF_AVR_28 (SC_FP_OPF_AVR && SC_FP_MAXW >= 28)
#    define SC_FP_OPF_AVR_32 (SC_FP_OPF_AVR && SC_FP_MAXW >= 32)
#  else
#    define SC_FP_OPF_AVR_20 SC_CURVE_OPF160
#    define SC_FP_OPF_AVR_24 SC_CURVE_OPF192
#    define SC_FP_OPF_AVR_28 SC_CURVE_OPF224
#    define SC_FP_OPF_AVR_32 SC_CURVE_OPF256
#  endif
#  if SC_FP_OPF_AVR_20 || SC_FP_OPF_AVR_24 || SC_FP_OPF_AVR_28 || SC_FP_OPF_AVR_32
#include <fp_opf_avr.h>
#    define SC_FP_AVR_OPF_RED 1
#  endif
#endif

#ifdef SC_FP_AVR_OPF_RED
/* u' of p = u' 2^(8 nw - 16) + 1 for the kernels, 0 where they do not apply */
static inline uint16_t sc_fp_opf_avr_u(const sc_fp_field *f)
{
    uint8_t n = f->nw;
    uint16_t u;
    if (f->p[n - 3] != 0)
        return 0;
    u = (uint16_t)(f->p[n - 2] | ((uint16_t)f->p[n - 1] << 8));
    return u == 0xFFFFu ? 0 : u;
}

/* r = t R^-1 mod p through the kernel of f's size (1), or 0 where none applies */
static inline int sc_fp_opf_avr_red(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    uint16_t u;
    if (f->nw != 20 && f->nw != 24 && f->nw != 28 && f->nw != 32)
        return 0;
    u = sc_fp_opf_avr_u(f);
    if (!u)
        return 0;
    switch (f->nw) {
#if SC_FP_OPF_AVR_20
    case 20: sc_avr_opf_red20(r, t, u); return 1;
#endif
#if SC_FP_OPF_AVR_24
    case 24: sc_avr_opf_red24(r, t, u); return 1;
#endif
#if SC_FP_OPF_AVR_28
    case 28: sc_avr_opf_red28(r, t, u); return 1;
#endif
#if SC_FP_OPF_AVR_32
    case 32: sc_avr_opf_red32(r, t, u); return 1;
#endif
    default: return 0;
    }
}
#endif

#endif
