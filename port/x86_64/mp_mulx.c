/* 3- and 4-word products at 64-bit limbs with the BMI2 / ADX instructions
 * (MULX, ADCX, ADOX; Intel, "New instructions supporting large integer
 * arithmetic on Intel architecture processors", Gopal et al., 2012): operand
 * scanning, one row a * b[i] per word of b, whose low halves are added by
 * the ADCX (carry flag) chain and whose high halves by the ADOX (overflow
 * flag) chain, so both run interleaved without saving flags.  Each row's
 * lowest word is final once the row is added and is stored at once.
 *
 * They override the unrolled C products of src/mp/mul64.h (which stay the
 * fallback) when CPUID reports BMI2 and ADX; tests/test_mp.c and
 * tests/test_fp.c compare the two.  Constant time: no branch, no
 * data-dependent address. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <stdint.h>
#include <seacurve/opcount.h>

int sc_mp_mulx_available(void);
void sc_mp_mul4_mulx(uint64_t r[8], const uint64_t a[4], const uint64_t b[4]);
void sc_mp_mul3_mulx(uint64_t r[6], const uint64_t a[3], const uint64_t b[3]);

int sc_mp_mulx_available(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    /* CPUID.(EAX=7,ECX=0):EBX.BMI2[bit 8] and .ADX[bit 19] */
    return ((b >> 8) & 1u) && ((b >> 19) & 1u);
}

/* One row: (w4 : w3 : w2 : w1 : w0) += a[0..3] * rdx, with w4 = 0 on entry
 * (zeroed by the xor that also clears CF and OF). */
#define ROW4(w0, w1, w2, w3, w4)                                          \
    "xorl %%" w4 "d, %%" w4 "d\n\t"                                       \
    "mulxq 0(%[a]), %%rax, %%r13\n\t"                                     \
    "adcxq %%rax, %%" w0 "\n\t"                                           \
    "adoxq %%r13, %%" w1 "\n\t"                                           \
    "mulxq 8(%[a]), %%rax, %%r13\n\t"                                     \
    "adcxq %%rax, %%" w1 "\n\t"                                           \
    "adoxq %%r13, %%" w2 "\n\t"                                           \
    "mulxq 16(%[a]), %%rax, %%r13\n\t"                                    \
    "adcxq %%rax, %%" w2 "\n\t"                                           \
    "adoxq %%r13, %%" w3 "\n\t"                                           \
    "mulxq 24(%[a]), %%rax, %%r13\n\t"                                    \
    "adcxq %%rax, %%" w3 "\n\t"                                           \
    "adoxq %%r13, %%" w4 "\n\t"                                           \
    "movl $0, %%eax\n\t"                                                  \
    "adcxq %%rax, %%" w4 "\n\t"

void sc_mp_mul4_mulx(uint64_t r[8], const uint64_t a[4], const uint64_t b[4])
{
    SC_OPC_W(16);   /* operation counting (SC_OPCOUNT): 16 MULX, squaring included */
    __asm__ volatile(
        /* row 0: (r12 : r11 : r10 : r9 : r8) = a * b[0] */
        "movq 0(%[b]), %%rdx\n\t"
        "mulxq 0(%[a]), %%r8, %%r9\n\t"
        "mulxq 8(%[a]), %%rax, %%r10\n\t"
        "addq %%rax, %%r9\n\t"
        "mulxq 16(%[a]), %%rax, %%r11\n\t"
        "adcq %%rax, %%r10\n\t"
        "mulxq 24(%[a]), %%rax, %%r12\n\t"
        "adcq %%rax, %%r11\n\t"
        "adcq $0, %%r12\n\t"
        "movq %%r8, 0(%[r])\n\t"
        /* row 1: words 1..5 in r9 r10 r11 r12 r8 */
        "movq 8(%[b]), %%rdx\n\t"
        ROW4("r9", "r10", "r11", "r12", "r8")
        "movq %%r9, 8(%[r])\n\t"
        /* row 2: words 2..6 in r10 r11 r12 r8 r9 */
        "movq 16(%[b]), %%rdx\n\t"
        ROW4("r10", "r11", "r12", "r8", "r9")
        "movq %%r10, 16(%[r])\n\t"
        /* row 3: words 3..7 in r11 r12 r8 r9 r10 */
        "movq 24(%[b]), %%rdx\n\t"
        ROW4("r11", "r12", "r8", "r9", "r10")
        "movq %%r11, 24(%[r])\n\t"
        "movq %%r12, 32(%[r])\n\t"
        "movq %%r8, 40(%[r])\n\t"
        "movq %%r9, 48(%[r])\n\t"
        "movq %%r10, 56(%[r])\n\t"
        :
        : [r] "r"(r), [a] "r"(a), [b] "r"(b)
        : "rax", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "cc", "memory");
}

/* One row of the 3-word product: (w3 : w2 : w1 : w0) += a[0..2] * rdx, w3 = 0 on entry. */
#define ROW3(w0, w1, w2, w3)                                              \
    "xorl %%" w3 "d, %%" w3 "d\n\t"                                       \
    "mulxq 0(%[a]), %%rax, %%r13\n\t"                                     \
    "adcxq %%rax, %%" w0 "\n\t"                                           \
    "adoxq %%r13, %%" w1 "\n\t"                                           \
    "mulxq 8(%[a]), %%rax, %%r13\n\t"                                     \
    "adcxq %%rax, %%" w1 "\n\t"                                           \
    "adoxq %%r13, %%" w2 "\n\t"                                           \
    "mulxq 16(%[a]), %%rax, %%r13\n\t"                                    \
    "adcxq %%rax, %%" w2 "\n\t"                                           \
    "adoxq %%r13, %%" w3 "\n\t"                                           \
    "movl $0, %%eax\n\t"                                                  \
    "adcxq %%rax, %%" w3 "\n\t"

void sc_mp_mul3_mulx(uint64_t r[6], const uint64_t a[3], const uint64_t b[3])
{
    SC_OPC_W(9);    /* operation counting (SC_OPCOUNT): 9 MULX, squaring included */
    __asm__ volatile(
        /* row 0: (r11 : r10 : r9 : r8) = a * b[0] */
        "movq 0(%[b]), %%rdx\n\t"
        "mulxq 0(%[a]), %%r8, %%r9\n\t"
        "mulxq 8(%[a]), %%rax, %%r10\n\t"
        "addq %%rax, %%r9\n\t"
        "mulxq 16(%[a]), %%rax, %%r11\n\t"
        "adcq %%rax, %%r10\n\t"
        "adcq $0, %%r11\n\t"
        "movq %%r8, 0(%[r])\n\t"
        /* row 1: words 1..4 in r9 r10 r11 r8 */
        "movq 8(%[b]), %%rdx\n\t"
        ROW3("r9", "r10", "r11", "r8")
        "movq %%r9, 8(%[r])\n\t"
        /* row 2: words 2..5 in r10 r11 r8 r9 */
        "movq 16(%[b]), %%rdx\n\t"
        ROW3("r10", "r11", "r8", "r9")
        "movq %%r10, 16(%[r])\n\t"
        "movq %%r11, 24(%[r])\n\t"
        "movq %%r8, 32(%[r])\n\t"
        "movq %%r9, 40(%[r])\n\t"
        :
        : [r] "r"(r), [a] "r"(a), [b] "r"(b)
        : "rax", "rdx", "r8", "r9", "r10", "r11", "r13", "cc", "memory");
}
#else
typedef int sc_mp_mulx_unused;
#endif
