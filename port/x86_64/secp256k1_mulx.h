/* The secp256k1 field multiplication and squaring at 64-bit limbs as
 * inline functions: the 4-word MULX/ADCX/ADOX product (or squaring) of
 * mont4_mulx.h and the pseudo-Mersenne reduction on its registers, one asm
 * statement each, with no call and no store in between.  Shared by
 * mp_secp256k1_mulx.c (the field layer's out-of-line routines) and
 * ep_k1_mulx.c (the point formulas with every field operation inlined).
 *
 * Product: operand scanning (one row a * b[i] per word of b, low halves on
 * the ADCX carry chain, high halves on the ADOX overflow chain;
 * [Gopal12]).  Squaring: the schoolbook squaring with each cross product
 * a[i] a[j] (i < j) formed once, the cross sum doubled by one shift-left
 * chain and the diagonal squares added ([HAC] Alg. 14.16): 10
 * multiplications instead of 16.
 *
 * Reduction: p = 2^256 - C with C = 2^32 + 977 ([SEC2]), so for
 * t = H 2^256 + L, t = L + H C mod p: the first fold of fp64_red_secp256k1
 * (src/fp/reduce64.h), then its second fold and final subtraction in one
 * step, on registers:
 *   1. L + H C (one MULX row by C, ADCX/ADOX chains) = top 2^256 + r,
 *      top < 2^34;
 *   2. s = r + top C < 2^256 + 2^67 < 2p, so s mod p is s or s - p, and
 *      s >= p iff u = r + (top + 1) C (one MULX) carries out of 2^256:
 *      then s - p = u mod 2^256, else s = u - C (C or 0 chosen by CMOV,
 *      subtracted).
 * Any inputs a, b < 2^256 give r = a b mod p < p (fully reduced).  The
 * operands are the words themselves (registers or memory, no memory
 * clobber), all read before r is written, so r may alias a or b.
 * Constant time: no branch, no data-dependent address.  Include only where
 * SC_WORD_BITS == 64 on x86-64 with gcc or clang. */
#ifndef SC_PORT_X86_64_SECP256K1_MULX_H
#define SC_PORT_X86_64_SECP256K1_MULX_H

#include <stdint.h>
#include "mont4_mulx.h"

/* (t3 t2 t1 t0) = T mod p < p for T = (t7 .. t0) < 2^512 (the two steps
 * of the header comment), on the registers of the product; rdx, lo and hi
 * are scratch, t5 the zero of the final CMOV. */
#define K1_RED8                                                           \
    "movabsq $0x1000003d1, %%rdx\n\t"                                     \
    /* 1. (t4 : t3 t2 t1 t0) = L + H C; t4 = top < 2^34 */                \
    "xorl %k[lo], %k[lo]\n\t"                                             \
    "mulxq %[t4], %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[t0]\n\t"                                              \
    "adoxq %[hi], %[t1]\n\t"                                              \
    "mulxq %[t5], %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[t1]\n\t"                                              \
    "adoxq %[hi], %[t2]\n\t"                                              \
    "mulxq %[t6], %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[t2]\n\t"                                              \
    "adoxq %[hi], %[t3]\n\t"                                              \
    "mulxq %[t7], %[lo], %[t4]\n\t"                                       \
    "adcxq %[lo], %[t3]\n\t"                                              \
    "movl $0, %k[lo]\n\t"                                                 \
    "adcxq %[lo], %[t4]\n\t"                                              \
    "adoxq %[lo], %[t4]\n\t"                                              \
    "xorl %k[t5], %k[t5]\n\t"                                             \
    /* 2. u = r + (top + 1) C; s = r + top C < 2p, and s >= p iff u       \
     * carries out of 2^256: then s - p = u mod 2^256, else s = u - C     \
     * (no borrow: u >= C) */                                             \
    "incq %[t4]\n\t"                                                      \
    "mulxq %[t4], %[lo], %[hi]\n\t"                                       \
    "addq %[lo], %[t0]\n\t"                                               \
    "adcq %[hi], %[t1]\n\t"                                               \
    "adcq $0, %[t2]\n\t"                                                  \
    "adcq $0, %[t3]\n\t"                                                  \
    "cmovcq %[t5], %%rdx\n\t"                                             \
    "subq %%rdx, %[t0]\n\t"                                               \
    "sbbq $0, %[t1]\n\t"                                                  \
    "sbbq $0, %[t2]\n\t"                                                  \
    "sbbq $0, %[t3]\n\t"

/* r = a b mod p, r < p; r may alias a or b */
static inline __attribute__((always_inline)) void k1_mul_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(MONT4_MUL_PRODUCT K1_RED8 : MONT4_OUTPUTS : MONT4_A(a), MONT4_B(b) : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* r = a^2 mod p, r < p; r may alias a */
static inline __attribute__((always_inline)) void k1_sqr_mulx(uint64_t r[4], const uint64_t a[4])
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(MONT4_SQR_PRODUCT K1_RED8 : MONT4_OUTPUTS : MONT4_A(a) : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

#endif
