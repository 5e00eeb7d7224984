/* The secp256k1 field multiplication and squaring at 64-bit limbs as
 * inline functions: a 4-word MULX/ADCX/ADOX product (or squaring) kept in
 * registers, then the pseudo-Mersenne reduction on those registers, with
 * no call in between.  Shared by mp_secp256k1_mulx.c (the field layer's
 * out-of-line routines) and ep_k1_mulx.c (the point formulas with every
 * field operation inlined).
 *
 * Product: operand scanning as in mp_mulx.c (one row a * b[i] per word of
 * b, low halves on the ADCX carry chain, high halves on the ADOX overflow
 * chain; [Gopal12]).  Squaring: the schoolbook squaring with each cross
 * product a[i] a[j] (i < j) formed once, the cross sum doubled by one
 * shift-left chain and the diagonal squares added ([HAC] Alg. 14.16): 10
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
 * asm statements read their operands through declared memory inputs (no
 * memory clobber), so r may alias a or b.  Constant time: no branch, no
 * data-dependent address.  Include only where SC_WORD_BITS == 64 on
 * x86-64 with gcc or clang. */
#ifndef SC_PORT_X86_64_SECP256K1_MULX_H
#define SC_PORT_X86_64_SECP256K1_MULX_H

#include <stdint.h>

/* One row (w[i+4] : .. : w[i]) += a * rdx of the product, w[i+4] set here:
 * low halves on the ADCX chain, high halves on the ADOX chain (the XOR
 * clears both flags); the last high half cannot overflow, so one ADCX of
 * zero closes the row. */
#define K1_ROW(off, w0, w1, w2, w3, w4)                                    \
    "movq " off "(%[b]), %%rdx\n\t"                                        \
    "xorl %k[" w4 "], %k[" w4 "]\n\t"                                      \
    "mulxq 0(%[a]), %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[" w0 "]\n\t"                                           \
    "adoxq %[hi], %[" w1 "]\n\t"                                           \
    "mulxq 8(%[a]), %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[" w1 "]\n\t"                                           \
    "adoxq %[hi], %[" w2 "]\n\t"                                           \
    "mulxq 16(%[a]), %[lo], %[hi]\n\t"                                     \
    "adcxq %[lo], %[" w2 "]\n\t"                                           \
    "adoxq %[hi], %[" w3 "]\n\t"                                           \
    "mulxq 24(%[a]), %[lo], %[hi]\n\t"                                     \
    "adcxq %[lo], %[" w3 "]\n\t"                                           \
    "adoxq %[hi], %[" w4 "]\n\t"                                           \
    "movl $0, %k[lo]\n\t"                                                  \
    "adcxq %[lo], %[" w4 "]\n\t"

/* t (8 words, in registers) = a * b, 4 words each. */
static inline __attribute__((always_inline)) void mul4_mulx(uint64_t t[8], const uint64_t *a, const uint64_t *b)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(
        /* row 0: (t4 : t3 : t2 : t1 : t0) = a * b[0] */
        "movq 0(%[b]), %%rdx\n\t"
        "mulxq 0(%[a]), %[t0], %[t1]\n\t"
        "mulxq 8(%[a]), %[lo], %[t2]\n\t"
        "addq %[lo], %[t1]\n\t"
        "mulxq 16(%[a]), %[lo], %[t3]\n\t"
        "adcq %[lo], %[t2]\n\t"
        "mulxq 24(%[a]), %[lo], %[t4]\n\t"
        "adcq %[lo], %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
        K1_ROW("8", "t1", "t2", "t3", "t4", "t5")
        K1_ROW("16", "t2", "t3", "t4", "t5", "t6")
        K1_ROW("24", "t3", "t4", "t5", "t6", "t7")
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
        : [a] "r"(a), [b] "r"(b), "m"(*(const uint64_t(*)[4])a), "m"(*(const uint64_t(*)[4])b)
        : "rdx", "cc");
    t[0] = t0;
    t[1] = t1;
    t[2] = t2;
    t[3] = t3;
    t[4] = t4;
    t[5] = t5;
    t[6] = t6;
    t[7] = t7;
}

/* t (8 words, in registers) = a^2: cross products once, doubled, plus the
 * squares.  The cross sum a0 (a1 + a2 2^64 + a3 2^128) 2^64 +
 * a1 (a2 + a3 2^64) 2^192 + a2 a3 2^320 is below 2^447, so it fits
 * t6..t1 and the doubling's carry goes to t7. */
static inline __attribute__((always_inline)) void sqr4_mulx(uint64_t t[8], const uint64_t *a)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(
        /* a0 (a1, a2, a3) at t1..t4 */
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq 8(%[a]), %[t1], %[t2]\n\t"
        "mulxq 16(%[a]), %[lo], %[t3]\n\t"
        "addq %[lo], %[t2]\n\t"
        "mulxq 24(%[a]), %[lo], %[t4]\n\t"
        "adcq %[lo], %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
        /* + a1 (a2, a3) at t3..t5 (ADCX low halves, ADOX high halves) */
        "movq 8(%[a]), %%rdx\n\t"
        "xorl %k[t5], %k[t5]\n\t"
        "mulxq 16(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t3]\n\t"
        "adoxq %[hi], %[t4]\n\t"
        "mulxq 24(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t4]\n\t"
        "adoxq %[hi], %[t5]\n\t"
        "movl $0, %k[lo]\n\t"
        "adcxq %[lo], %[t5]\n\t"
        /* + a2 a3 at t5..t6 */
        "movq 16(%[a]), %%rdx\n\t"
        "mulxq 24(%[a]), %[lo], %[t6]\n\t"
        "addq %[lo], %[t5]\n\t"
        "adcq $0, %[t6]\n\t"
        /* doubled: (t7 : t6 .. t1) = 2 * cross (MOV leaves the flags alone) */
        "movl $0, %k[t7]\n\t"
        "addq %[t1], %[t1]\n\t"
        "adcq %[t2], %[t2]\n\t"
        "adcq %[t3], %[t3]\n\t"
        "adcq %[t4], %[t4]\n\t"
        "adcq %[t5], %[t5]\n\t"
        "adcq %[t6], %[t6]\n\t"
        "adcq $0, %[t7]\n\t"
        /* + a0^2 + a1^2 2^128 + a2^2 2^256 + a3^2 2^384 (MULX and MOV leave
         * the flags alone) */
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %[t0], %[hi]\n\t"
        "addq %[hi], %[t1]\n\t"
        "movq 8(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %[lo], %[hi]\n\t"
        "adcq %[lo], %[t2]\n\t"
        "adcq %[hi], %[t3]\n\t"
        "movq 16(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %[lo], %[hi]\n\t"
        "adcq %[lo], %[t4]\n\t"
        "adcq %[hi], %[t5]\n\t"
        "movq 24(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %[lo], %[hi]\n\t"
        "adcq %[lo], %[t6]\n\t"
        "adcq %[hi], %[t7]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
        : [a] "r"(a), "m"(*(const uint64_t(*)[4])a)
        : "rdx", "cc");
    t[0] = t0;
    t[1] = t1;
    t[2] = t2;
    t[3] = t3;
    t[4] = t4;
    t[5] = t5;
    t[6] = t6;
    t[7] = t7;
}

/* r = t mod p, t < 2^512, r < p (the two steps of the header comment). */
static inline __attribute__((always_inline)) void red_secp256k1_asm(uint64_t r[4], const uint64_t t[8])
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7], lo, hi;
    __asm__(
        "movabsq $0x1000003d1, %%rdx\n\t"
        /* 1. (t4 : t3 t2 t1 t0) = L + H C; t4 = top < 2^34 */
        "xorl %k[lo], %k[lo]\n\t"
        "mulxq %[t4], %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t0]\n\t"
        "adoxq %[hi], %[t1]\n\t"
        "mulxq %[t5], %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t1]\n\t"
        "adoxq %[hi], %[t2]\n\t"
        "mulxq %[t6], %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t2]\n\t"
        "adoxq %[hi], %[t3]\n\t"
        "mulxq %[t7], %[lo], %[t4]\n\t"
        "adcxq %[lo], %[t3]\n\t"
        "movl $0, %k[lo]\n\t"
        "adcxq %[lo], %[t4]\n\t"
        "adoxq %[lo], %[t4]\n\t"
        "xorl %k[t5], %k[t5]\n\t"
        /* 2. u = r + (top + 1) C; s = r + top C < 2p, and s >= p iff u
         * carries out of 2^256: then s - p = u mod 2^256, else s = u - C
         * (no borrow: u >= C) */
        "incq %[t4]\n\t"
        "mulxq %[t4], %[lo], %[hi]\n\t"
        "addq %[lo], %[t0]\n\t"
        "adcq %[hi], %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        "adcq $0, %[t3]\n\t"
        "cmovcq %[t5], %%rdx\n\t"
        "subq %%rdx, %[t0]\n\t"
        "sbbq $0, %[t1]\n\t"
        "sbbq $0, %[t2]\n\t"
        "sbbq $0, %[t3]\n\t"
        : [t0] "+r"(t0), [t1] "+r"(t1), [t2] "+r"(t2), [t3] "+r"(t3), [t4] "+r"(t4), [t5] "+r"(t5),
          [t6] "+r"(t6), [t7] "+r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
        :
        : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* r = a b mod p, r < p; r may alias a or b */
static inline __attribute__((always_inline)) void k1_mul_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t t[8];
    mul4_mulx(t, a, b);
    red_secp256k1_asm(r, t);
}

/* r = a^2 mod p, r < p; r may alias a */
static inline __attribute__((always_inline)) void k1_sqr_mulx(uint64_t r[4], const uint64_t a[4])
{
    uint64_t t[8];
    sqr4_mulx(t, a);
    red_secp256k1_asm(r, t);
}

#endif
