/* P-256 and P-224 Montgomery multiplications (R = 2^256), each fused into
 * one MULX/ADCX/ADOX routine.
 *
 * P-256: word-by-word Montgomery multiplication (Montgomery 1985; the
 * "coarsely integrated operand scanning" order of Koc, Acar, Kaliski, IEEE
 * Micro 1996) with the P-256 reduction step of Gueron and Krasnov, "Fast
 * prime field elliptic-curve cryptography with 256-bit primes" (J. Cryptogr.
 * Eng. 2015): -p^-1 mod 2^64 = 1, so m = T0 and, as in fp64_redc_p256
 * (src/fp/reduce64.h), T + m p = (T - T0) + m 2^96 + m p3 2^192, one MULX
 * per reduction step.  Per word b[i] of b:
 *   T += a b[i]        (MULX rows, low halves on the ADCX chain, high halves
 *                       on the ADOX chain)
 *   T = (T + T0 p) / 2^64
 * T stays below 2p, in six registers whose names rotate by one word per
 * step; a final subtraction of p selected by CMOV gives r < p.  Inputs
 * a, b < p; r may alias a or b (stored after the last load).  No branch, no
 * data-dependent address.  Used by src/fp/fp.c for the P-256 field at
 * 64-bit limbs when CPUID reports BMI2 and ADX; tests/test_fp.c compares it
 * with the C path. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>

void sc_fp_mul_p256_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void sc_fp_mul_p224_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);

/* (w4 w3 w2 w1 w0) += a * rdx with carries into w5 (set here; w4 holds the
 * previous top on entry). */
#define MROW(w0, w1, w2, w3, w4, w5)                                      \
    "xorl %%" w5 "d, %%" w5 "d\n\t"                                       \
    "mulxq 0(%[a]), %%rax, %%rcx\n\t"                                     \
    "adcxq %%rax, %%" w0 "\n\t"                                           \
    "adoxq %%rcx, %%" w1 "\n\t"                                           \
    "mulxq 8(%[a]), %%rax, %%rcx\n\t"                                     \
    "adcxq %%rax, %%" w1 "\n\t"                                           \
    "adoxq %%rcx, %%" w2 "\n\t"                                           \
    "mulxq 16(%[a]), %%rax, %%rcx\n\t"                                    \
    "adcxq %%rax, %%" w2 "\n\t"                                           \
    "adoxq %%rcx, %%" w3 "\n\t"                                           \
    "mulxq 24(%[a]), %%rax, %%rcx\n\t"                                    \
    "adcxq %%rax, %%" w3 "\n\t"                                           \
    "adoxq %%rcx, %%" w4 "\n\t"                                           \
    "movl $0, %%eax\n\t"                                                  \
    "adcxq %%rax, %%" w4 "\n\t"                                           \
    "adoxq %%rax, %%" w5 "\n\t"                                           \
    "adcxq %%rax, %%" w5 "\n\t"

/* T += w0 p with m = w0: + (w0 << 32) at w1, (w0 >> 32) at w2, w0 p3 at
 * w3..w4, carry into w5; afterwards w0 is dropped (T / 2^64). */
#define RROW(w0, w1, w2, w3, w4, w5)                                      \
    "movq %%" w0 ", %%rax\n\t"                                            \
    "shlq $32, %%rax\n\t"                                                 \
    "movq %%" w0 ", %%rcx\n\t"                                            \
    "shrq $32, %%rcx\n\t"                                                 \
    "movq %%" w0 ", %%rdx\n\t"                                            \
    "mulxq %%r15, %%r14, %%rdx\n\t"                                       \
    "addq %%rax, %%" w1 "\n\t"                                            \
    "adcq %%rcx, %%" w2 "\n\t"                                            \
    "adcq %%r14, %%" w3 "\n\t"                                            \
    "adcq %%rdx, %%" w4 "\n\t"                                            \
    "adcq $0, %%" w5 "\n\t"

void sc_fp_mul_p256_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    __asm__ volatile(
        "movabsq $0xffffffff00000001, %%r15\n\t"
        "xorl %%r8d, %%r8d\n\t"
        "xorl %%r9d, %%r9d\n\t"
        "xorl %%r10d, %%r10d\n\t"
        "xorl %%r11d, %%r11d\n\t"
        "xorl %%r12d, %%r12d\n\t"
        "movq 0(%[b]), %%rdx\n\t"
        MROW("r8", "r9", "r10", "r11", "r12", "r13")
        RROW("r8", "r9", "r10", "r11", "r12", "r13")
        "movq 8(%[b]), %%rdx\n\t"
        MROW("r9", "r10", "r11", "r12", "r13", "r8")
        RROW("r9", "r10", "r11", "r12", "r13", "r8")
        "movq 16(%[b]), %%rdx\n\t"
        MROW("r10", "r11", "r12", "r13", "r8", "r9")
        RROW("r10", "r11", "r12", "r13", "r8", "r9")
        "movq 24(%[b]), %%rdx\n\t"
        MROW("r11", "r12", "r13", "r8", "r9", "r10")
        RROW("r11", "r12", "r13", "r8", "r9", "r10")
        /* T = (r10 : r9 r8 r13 r12) < 2p; T - p borrows iff T < p */
        "movq %%r12, %%rax\n\t"
        "movq %%r13, %%rcx\n\t"
        "movq %%r8, %%rdx\n\t"
        "movq %%r9, %%r14\n\t"
        "movl $0xffffffff, %%r11d\n\t"
        "subq $-1, %%rax\n\t"
        "sbbq %%r11, %%rcx\n\t"
        "sbbq $0, %%rdx\n\t"
        "sbbq %%r15, %%r14\n\t"
        "sbbq $0, %%r10\n\t"
        "cmovcq %%r12, %%rax\n\t"
        "cmovcq %%r13, %%rcx\n\t"
        "cmovcq %%r8, %%rdx\n\t"
        "cmovcq %%r9, %%r14\n\t"
        "movq %%rax, 0(%[r])\n\t"
        "movq %%rcx, 8(%[r])\n\t"
        "movq %%rdx, 16(%[r])\n\t"
        "movq %%r14, 24(%[r])\n\t"
        :
        : [r] "r"(r), [a] "r"(a), [b] "r"(b)
        : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory");
}

/* P-224, p = 2^224 - 2^96 + 1: the same loop with the multiply-free step of
 * fp64_redc_p224 (src/fp/reduce64.h): m = -T0, carry c = [T0 != 0] (NEG sets
 * CF exactly then; SBB spreads it into the mask nz), and m p - m =
 * 2^96 m (2^128 - 1) = 2^96 (T0, ~0, ~T0) masked by nz, i.e. the words
 *   w1 += (T0 << 32) + c, w2 += (T0 >> 32) | (nz << 32),
 *   w3 += (nz >> 32) | ((~T0 & nz) << 32), w4 += (~T0 & nz) >> 32.
 * T < 2p < 2^225 throughout; final masked subtraction of p. */
#define RROW224(w0, w1, w2, w3, w4, w5)                                   \
    "movq %%" w0 ", %%rax\n\t"                                            \
    "negq %%rax\n\t"                                                     \
    "sbbq %%rcx, %%rcx\n\t"                                              \
    "movq %%" w0 ", %%r14\n\t"                                            \
    "shlq $32, %%r14\n\t"                                                \
    "movq %%" w0 ", %%rax\n\t"                                            \
    "shrq $32, %%rax\n\t"                                                \
    "movq %%rcx, %%rdx\n\t"                                              \
    "shlq $32, %%rdx\n\t"                                                \
    "orq %%rdx, %%rax\n\t"                                               \
    "movq %%" w0 ", %%rdx\n\t"                                            \
    "notq %%rdx\n\t"                                                     \
    "andq %%rcx, %%rdx\n\t"                                              \
    "movq %%rdx, %%r15\n\t"                                              \
    "shlq $32, %%r15\n\t"                                                \
    "shrq $32, %%rcx\n\t"                                                \
    "orq %%rcx, %%r15\n\t"                                               \
    "shrq $32, %%rdx\n\t"                                                \
    "movq %%" w0 ", %%rcx\n\t"                                            \
    "negq %%rcx\n\t"                                                     \
    "adcq %%r14, %%" w1 "\n\t"                                            \
    "adcq %%rax, %%" w2 "\n\t"                                            \
    "adcq %%r15, %%" w3 "\n\t"                                            \
    "adcq %%rdx, %%" w4 "\n\t"                                            \
    "adcq $0, %%" w5 "\n\t"

void sc_fp_mul_p224_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    __asm__ volatile(
        "xorl %%r8d, %%r8d\n\t"
        "xorl %%r9d, %%r9d\n\t"
        "xorl %%r10d, %%r10d\n\t"
        "xorl %%r11d, %%r11d\n\t"
        "xorl %%r12d, %%r12d\n\t"
        "movq 0(%[b]), %%rdx\n\t"
        MROW("r8", "r9", "r10", "r11", "r12", "r13")
        RROW224("r8", "r9", "r10", "r11", "r12", "r13")
        "movq 8(%[b]), %%rdx\n\t"
        MROW("r9", "r10", "r11", "r12", "r13", "r8")
        RROW224("r9", "r10", "r11", "r12", "r13", "r8")
        "movq 16(%[b]), %%rdx\n\t"
        MROW("r10", "r11", "r12", "r13", "r8", "r9")
        RROW224("r10", "r11", "r12", "r13", "r8", "r9")
        "movq 24(%[b]), %%rdx\n\t"
        MROW("r11", "r12", "r13", "r8", "r9", "r10")
        RROW224("r11", "r12", "r13", "r8", "r9", "r10")
        /* T = (r10 : r9 r8 r13 r12) < 2p; T - p borrows iff T < p;
         * p = (0xffffffff, 2^64 - 1, 0xffffffff00000000, 1) */
        "movq %%r12, %%rax\n\t"
        "movq %%r13, %%rcx\n\t"
        "movq %%r8, %%rdx\n\t"
        "movq %%r9, %%r14\n\t"
        "movabsq $0xffffffff00000000, %%r11\n\t"
        "movl $0xffffffff, %%r15d\n\t"
        "subq $1, %%rax\n\t"
        "sbbq %%r11, %%rcx\n\t"
        "sbbq $-1, %%rdx\n\t"
        "sbbq %%r15, %%r14\n\t"
        "sbbq $0, %%r10\n\t"
        "cmovcq %%r12, %%rax\n\t"
        "cmovcq %%r13, %%rcx\n\t"
        "cmovcq %%r8, %%rdx\n\t"
        "cmovcq %%r9, %%r14\n\t"
        "movq %%rax, 0(%[r])\n\t"
        "movq %%rcx, 8(%[r])\n\t"
        "movq %%rdx, 16(%[r])\n\t"
        "movq %%r14, 24(%[r])\n\t"
        :
        : [r] "r"(r), [a] "r"(a), [b] "r"(b)
        : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory");
}
#else
typedef int sc_fp_mul_mont_mulx_unused;
#endif
