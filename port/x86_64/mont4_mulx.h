/* The 4-word MULX/ADCX/ADOX products of the fused field operations of
 * ep_p256_mulx.c and ep_p224_mulx.c (Montgomery) and secp256k1_mulx.h
 * (pseudo-Mersenne), as asm text for one asm statement each, whose operands are t0..t7, lo, hi (outputs, "=&r"),
 * a0..a3 and b0..b3 (inputs, "rm"), with rdx clobbered; the reduction
 * follows in the same statement, on the registers.
 * Product: operand scanning, one MULX row per word of b, low halves on the
 * ADCX carry chain and high halves on the ADOX overflow chain ([Gopal12]).
 * Squaring: the cross products a[i] a[j] (i < j) once, doubled, plus the
 * squares ([HAC] Alg. 14.16: 10 MULX instead of 16). */
#ifndef SC_PORT_X86_64_MONT4_MULX_H
#define SC_PORT_X86_64_MONT4_MULX_H

/* One row (t[i+4] : .. : t[i]) += a * rdx of the product, t[i+4] set here
 * (its XOR clears CF and OF): low halves on ADCX, high halves on ADOX; the
 * last high half cannot overflow, so one ADCX of zero closes the row. */
#define PROW(bi, w0, w1, w2, w3, w4)                                     \
    "movq %[" bi "], %%rdx\n\t"                                             \
    "xorl %k[" w4 "], %k[" w4 "]\n\t"                                    \
    "mulxq %[a0], %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[" w0 "]\n\t"                                         \
    "adoxq %[hi], %[" w1 "]\n\t"                                         \
    "mulxq %[a1], %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[" w1 "]\n\t"                                         \
    "adoxq %[hi], %[" w2 "]\n\t"                                         \
    "mulxq %[a2], %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[" w2 "]\n\t"                                         \
    "adoxq %[hi], %[" w3 "]\n\t"                                         \
    "mulxq %[a3], %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[" w3 "]\n\t"                                         \
    "adoxq %[hi], %[" w4 "]\n\t"                                         \
    "movl $0, %k[lo]\n\t"                                                \
    "adcxq %[lo], %[" w4 "]\n\t"

/* T = (t7 .. t0) = a b for the operands a0..a3, b0..b3 (registers or
 * memory): operand scanning, the first row with ADD/ADC, then PROW. */
#define MONT4_MUL_PRODUCT                                                 \
    "movq %[b0], %%rdx\n\t"                                               \
    "mulxq %[a0], %[t0], %[t1]\n\t"                                       \
    "mulxq %[a1], %[lo], %[t2]\n\t"                                       \
    "addq %[lo], %[t1]\n\t"                                               \
    "mulxq %[a2], %[lo], %[t3]\n\t"                                       \
    "adcq %[lo], %[t2]\n\t"                                               \
    "mulxq %[a3], %[lo], %[t4]\n\t"                                       \
    "adcq %[lo], %[t3]\n\t"                                               \
    "adcq $0, %[t4]\n\t"                                                  \
    PROW("b1", "t1", "t2", "t3", "t4", "t5")                              \
    PROW("b2", "t2", "t3", "t4", "t5", "t6")                              \
    PROW("b3", "t3", "t4", "t5", "t6", "t7")

/* T = (t7 .. t0) = a^2 for the operands a0..a3: the cross sum
 * a0 (a1 + a2 2^64 + a3 2^128) 2^64 + a1 (a2 + a3 2^64) 2^192 + a2 a3 2^320
 * < 2^447 fits t1..t6, its doubling carries into t7, then the squares
 * (MULX and MOV leave the flags alone). */
#define MONT4_SQR_PRODUCT                                                 \
    "movq %[a0], %%rdx\n\t"                                               \
    "mulxq %[a1], %[t1], %[t2]\n\t"                                       \
    "mulxq %[a2], %[lo], %[t3]\n\t"                                       \
    "addq %[lo], %[t2]\n\t"                                               \
    "mulxq %[a3], %[lo], %[t4]\n\t"                                       \
    "adcq %[lo], %[t3]\n\t"                                               \
    "adcq $0, %[t4]\n\t"                                                  \
    "movq %[a1], %%rdx\n\t"                                               \
    "xorl %k[t5], %k[t5]\n\t"                                             \
    "mulxq %[a2], %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[t3]\n\t"                                              \
    "adoxq %[hi], %[t4]\n\t"                                              \
    "mulxq %[a3], %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[t4]\n\t"                                              \
    "adoxq %[hi], %[t5]\n\t"                                              \
    "movl $0, %k[lo]\n\t"                                                 \
    "adcxq %[lo], %[t5]\n\t"                                              \
    "movq %[a2], %%rdx\n\t"                                               \
    "mulxq %[a3], %[lo], %[t6]\n\t"                                       \
    "addq %[lo], %[t5]\n\t"                                               \
    "adcq $0, %[t6]\n\t"                                                  \
    "movl $0, %k[t7]\n\t"                                                 \
    "addq %[t1], %[t1]\n\t"                                               \
    "adcq %[t2], %[t2]\n\t"                                               \
    "adcq %[t3], %[t3]\n\t"                                               \
    "adcq %[t4], %[t4]\n\t"                                               \
    "adcq %[t5], %[t5]\n\t"                                               \
    "adcq %[t6], %[t6]\n\t"                                               \
    "adcq $0, %[t7]\n\t"                                                  \
    "movq %[a0], %%rdx\n\t"                                               \
    "mulxq %%rdx, %[t0], %[hi]\n\t"                                       \
    "addq %[hi], %[t1]\n\t"                                               \
    "movq %[a1], %%rdx\n\t"                                               \
    "mulxq %%rdx, %[lo], %[hi]\n\t"                                       \
    "adcq %[lo], %[t2]\n\t"                                               \
    "adcq %[hi], %[t3]\n\t"                                               \
    "movq %[a2], %%rdx\n\t"                                               \
    "mulxq %%rdx, %[lo], %[hi]\n\t"                                       \
    "adcq %[lo], %[t4]\n\t"                                               \
    "adcq %[hi], %[t5]\n\t"                                               \
    "movq %[a3], %%rdx\n\t"                                               \
    "mulxq %%rdx, %[lo], %[hi]\n\t"                                       \
    "adcq %[lo], %[t6]\n\t"                                               \
    "adcq %[hi], %[t7]\n\t"

#define MONT4_OUTPUTS                                                          \
    [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5), \
        [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
#define MONT4_A(a) [a0] "rm"((a)[0]), [a1] "rm"((a)[1]), [a2] "rm"((a)[2]), [a3] "rm"((a)[3])
#define MONT4_B(b) [b0] "rm"((b)[0]), [b1] "rm"((b)[1]), [b2] "rm"((b)[2]), [b3] "rm"((b)[3])

#endif
