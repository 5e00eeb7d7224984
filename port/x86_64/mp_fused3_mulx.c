/* 3-word field multiplication and squaring at 64-bit limbs, each fused into
 * one routine: a MULX/ADCX/ADOX product (or squaring) kept in registers,
 * followed at once by the field's reduction on those registers (no call,
 * no product stored to memory and reloaded).
 *
 * Product: operand scanning as in mp_mulx.c (one row a * b[i] per word of
 * b, low halves on the ADCX carry chain, high halves on the ADOX overflow
 * chain; Gopal et al., "New instructions supporting large integer
 * arithmetic on Intel architecture processors", Intel 2012).  Squaring: the
 * schoolbook squaring with each cross product a[i] a[j] (i < j) formed once,
 * the cross sum doubled by one shift-left chain and the diagonal squares
 * a[i]^2 added (Menezes, van Oorschot, Vanstone, Handbook of Applied
 * Cryptography, Alg. 14.16): 6 multiplications instead of 9.
 *
 * Reductions: the formulas of the C reducers in src/fp/reduce64.h on
 * add/adc chains: secp160r1 (p = 2^160 - 2^31 - 1), P-192 (Solinas,
 * p = 2^192 - 2^64 - 1) and the generic 3-word Montgomery REDC (any odd p,
 * the group orders n).  The C paths of src/fp/fp.c
 * stay; these override them when CPUID reports BMI2 and ADX and
 * sc_mp_set_accel has not turned them off; tests/test_fp.c runs the field
 * suite both ways.  Constant time: no branch, no data-dependent address. */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>
#include <seacurve/fp.h>

void sc_fp_mul_secp160r1_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3]);
void sc_fp_sqr_secp160r1_mulx(uint64_t r[3], const uint64_t a[3]);
void sc_fp_mul_p192_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3]);
void sc_fp_sqr_p192_mulx(uint64_t r[3], const uint64_t a[3]);
void sc_fp_mul_mont3_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3], const sc_fp_field *f);
void sc_fp_sqr_mont3_mulx(uint64_t r[3], const uint64_t a[3], const sc_fp_field *f);

/* t (6 words, in registers) = a * b, 3 words each. */
static inline __attribute__((always_inline)) void mul3_mulx(uint64_t t[6], const uint64_t *a, const uint64_t *b)
{
    uint64_t t0, t1, t2, t3, t4, t5, lo, hi;
    __asm__(
        /* row 0: (t3 : t2 : t1 : t0) = a * b[0] */
        "movq 0(%[b]), %%rdx\n\t"
        "mulxq 0(%[a]), %[t0], %[t1]\n\t"
        "mulxq 8(%[a]), %[lo], %[t2]\n\t"
        "addq %[lo], %[t1]\n\t"
        "mulxq 16(%[a]), %[lo], %[t3]\n\t"
        "adcq %[lo], %[t2]\n\t"
        "adcq $0, %[t3]\n\t"
        /* row 1: (t4 : t3 : t2 : t1) += a * b[1] */
        "movq 8(%[b]), %%rdx\n\t"
        "xorl %k[t4], %k[t4]\n\t"
        "mulxq 0(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t1]\n\t"
        "adoxq %[hi], %[t2]\n\t"
        "mulxq 8(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t2]\n\t"
        "adoxq %[hi], %[t3]\n\t"
        "mulxq 16(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t3]\n\t"
        "adoxq %[hi], %[t4]\n\t"
        "movl $0, %k[lo]\n\t"
        "adcxq %[lo], %[t4]\n\t"
        /* row 2: (t5 : t4 : t3 : t2) += a * b[2] */
        "movq 16(%[b]), %%rdx\n\t"
        "xorl %k[t5], %k[t5]\n\t"
        "mulxq 0(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t2]\n\t"
        "adoxq %[hi], %[t3]\n\t"
        "mulxq 8(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t3]\n\t"
        "adoxq %[hi], %[t4]\n\t"
        "mulxq 16(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t4]\n\t"
        "adoxq %[hi], %[t5]\n\t"
        "movl $0, %k[lo]\n\t"
        "adcxq %[lo], %[t5]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [lo] "=&r"(lo), [hi] "=&r"(hi)
        : [a] "r"(a), [b] "r"(b)
        : "rdx", "cc", "memory");
    t[0] = t0;
    t[1] = t1;
    t[2] = t2;
    t[3] = t3;
    t[4] = t4;
    t[5] = t5;
}

/* t (6 words, in registers) = a^2: cross products once, doubled, plus the squares. */
static inline __attribute__((always_inline)) void sqr3_mulx(uint64_t t[6], const uint64_t *a)
{
    uint64_t t0, t1, t2, t3, t4, t5, lo, hi;
    __asm__(
        /* cross sum (t4 : t3 : t2 : t1) = a0 a1 + a0 a2 2^64 + a1 a2 2^128 (at 2^64) */
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq 8(%[a]), %[t1], %[t2]\n\t"
        "mulxq 16(%[a]), %[lo], %[t3]\n\t"
        "addq %[lo], %[t2]\n\t"
        "movq 8(%[a]), %%rdx\n\t"
        "mulxq 16(%[a]), %[lo], %[t4]\n\t"
        "adcq %[lo], %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
        /* doubled: (t5 : t4 : t3 : t2 : t1) = 2 * cross */
        "xorl %k[t5], %k[t5]\n\t"
        "addq %[t1], %[t1]\n\t"
        "adcq %[t2], %[t2]\n\t"
        "adcq %[t3], %[t3]\n\t"
        "adcq %[t4], %[t4]\n\t"
        "adcq $0, %[t5]\n\t"
        /* + a0^2 + a1^2 2^128 + a2^2 2^256 (MULX and MOV leave the flags alone) */
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
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [lo] "=&r"(lo), [hi] "=&r"(hi)
        : [a] "r"(a)
        : "rdx", "cc", "memory");
    t[0] = t0;
    t[1] = t1;
    t[2] = t2;
    t[3] = t3;
    t[4] = t4;
    t[5] = t5;
}

/* P-192 (FIPS 186-4 D.2.1; Solinas), as fp64_red_p192 (src/fp/reduce64.h):
 * r = (t2,t1,t0) + (0,t3,t3) + (t4,t4,0) + (t5,t5,t5), a carry k <= 3 at
 * 2^192 folded twice as k (2^64 + 1), then p subtracted when r + 2^64 + 1
 * carries out of 2^192 (CMOV). */
static inline __attribute__((always_inline)) void red_p192_asm(uint64_t r[3], uint64_t t[6])
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], k;
    __asm__(
        "xorl %k[k], %k[k]\n\t"
        "addq %[t3], %[t0]\n\t"
        "adcq %[t3], %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        "adcq $0, %[k]\n\t"
        "addq %[t4], %[t1]\n\t"
        "adcq %[t4], %[t2]\n\t"
        "adcq $0, %[k]\n\t"
        "addq %[t5], %[t0]\n\t"
        "adcq %[t5], %[t1]\n\t"
        "adcq %[t5], %[t2]\n\t"
        "adcq $0, %[k]\n\t"
        /* + k (2^64 + 1), then the 0/1 carry of that once more */
        "addq %[k], %[t0]\n\t"
        "adcq %[k], %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        "movl $0, %k[k]\n\t"
        "adcq $0, %[k]\n\t"
        "addq %[k], %[t0]\n\t"
        "adcq %[k], %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        /* d = r + 2^64 + 1; r >= p iff it carries out */
        "movq %[t0], %[t3]\n\t"
        "movq %[t1], %[t4]\n\t"
        "movq %[t2], %[t5]\n\t"
        "addq $1, %[t3]\n\t"
        "adcq $1, %[t4]\n\t"
        "adcq $0, %[t5]\n\t"
        "cmovcq %[t3], %[t0]\n\t"
        "cmovcq %[t4], %[t1]\n\t"
        "cmovcq %[t5], %[t2]\n\t"
        : [t0] "+r"(t0), [t1] "+r"(t1), [t2] "+r"(t2), [t3] "+r"(t3), [t4] "+r"(t4), [t5] "+r"(t5), [k] "=&r"(k)
        :
        : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* secp160r1, p = 2^160 - 2^31 - 1 (SEC 2; as fp64_red_secp160r1): with
 * t = H 2^160 + L, t = L + H + H 2^31 mod p (< 2^192), then the bits at
 * 2^160 and up folded once more the same way, and p subtracted when
 * r + 2^31 + 1 reaches 2^160 (BTR takes that bit into CF and clears it;
 * CMOV). */
static inline __attribute__((always_inline)) void red_secp160r1_asm(uint64_t r[3], uint64_t t[6])
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], h0, h1, h2;
    __asm__(
        /* H = (h2 : h1 : h0) = t >> 160; L = (t2 mod 2^32 : t1 : t0) */
        "movq %[t2], %[h0]\n\t"
        "shrdq $32, %[t3], %[h0]\n\t"
        "movq %[t3], %[h1]\n\t"
        "shrdq $32, %[t4], %[h1]\n\t"
        "movq %[t4], %[h2]\n\t"
        "shrq $32, %[h2]\n\t"
        "movl %k[t2], %k[t2]\n\t"
        /* (t4 : t3 : t2) = H 2^31 */
        "movq %[h2], %[t4]\n\t"
        "shldq $31, %[h1], %[t4]\n\t"
        "movq %[h1], %[t3]\n\t"
        "shldq $31, %[h0], %[t3]\n\t"
        /* L + H, then + H 2^31 (words 0 and 1 of H 2^31 via h0 << 31 in t2's stead) */
        "addq %[h0], %[t0]\n\t"
        "adcq %[h1], %[t1]\n\t"
        "adcq %[h2], %[t2]\n\t"
        "shlq $31, %[h0]\n\t"
        "addq %[h0], %[t0]\n\t"
        "adcq %[t3], %[t1]\n\t"
        "adcq %[t4], %[t2]\n\t"
        /* fold h = r >> 160 (< 2^32) as h (2^31 + 1): r < 2^160 + 2^64 */
        "movq %[t2], %[h0]\n\t"
        "shrq $32, %[h0]\n\t"
        "movl %k[t2], %k[t2]\n\t"
        "movq %[h0], %[h1]\n\t"
        "shlq $31, %[h1]\n\t"
        "addq %[h0], %[h1]\n\t"
        "addq %[h1], %[t0]\n\t"
        "adcq $0, %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        /* d = r + 2^31 + 1 < 2^161; r >= p iff bit 160 of d is set, and
         * then r - p = d - 2^160 < p (no third fold needed) */
        "movl $0x80000001, %k[h2]\n\t"
        "movq %[t0], %[h0]\n\t"
        "movq %[t1], %[h1]\n\t"
        "movq %[t2], %[t3]\n\t"
        "addq %[h2], %[h0]\n\t"
        "adcq $0, %[h1]\n\t"
        "adcq $0, %[t3]\n\t"
        "btrq $32, %[t3]\n\t"
        "cmovcq %[h0], %[t0]\n\t"
        "cmovcq %[h1], %[t1]\n\t"
        "cmovcq %[t3], %[t2]\n\t"
        : [t0] "+r"(t0), [t1] "+r"(t1), [t2] "+r"(t2), [t3] "+r"(t3), [t4] "+r"(t4),
          [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2)
        :
        : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* Montgomery reduction (REDC, Montgomery 1985), operand scanning over the
 * three words of t: m = t[i] pinv mod 2^64, t += m p 2^(64 i) (low halves
 * on the ADCX chain, high halves on the ADOX chain, both carries run up to
 * the extra top word t6); then (t6 : t5 : t4 : t3) < 2p and p is
 * subtracted unless that borrows (CMOV).  Output t R^-1 mod p, R = 2^192. */
#define REDC3_ROW(w0, w1, w2, w3)                                         \
    "movq %[" w0 "], %%rdx\n\t"                                           \
    "imulq %[pinv], %%rdx\n\t"                                            \
    "xorl %k[z], %k[z]\n\t"                                               \
    "mulxq 0(%[p]), %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[" w0 "]\n\t"                                          \
    "adoxq %[hi], %[" w1 "]\n\t"                                          \
    "mulxq 8(%[p]), %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[" w1 "]\n\t"                                          \
    "adoxq %[hi], %[" w2 "]\n\t"                                          \
    "mulxq 16(%[p]), %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[" w2 "]\n\t"                                          \
    "adoxq %[hi], %[" w3 "]\n\t"                                          \
    "adcxq %[z], %[" w3 "]\n\t"

static inline __attribute__((always_inline)) void redc3_asm(uint64_t r[3], uint64_t t[6], const sc_fp_field *f)
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6, lo, hi, z;
    __asm__(
        "xorl %k[t6], %k[t6]\n\t"
        REDC3_ROW("t0", "t1", "t2", "t3")
        /* CF and OF both pending into t4: carry on up to t6 */
        "adoxq %[z], %[t4]\n\t"
        "adcxq %[z], %[t4]\n\t"
        "adoxq %[z], %[t5]\n\t"
        "adcxq %[z], %[t5]\n\t"
        "adoxq %[z], %[t6]\n\t"
        "adcxq %[z], %[t6]\n\t"
        REDC3_ROW("t1", "t2", "t3", "t4")
        "adoxq %[z], %[t5]\n\t"
        "adcxq %[z], %[t5]\n\t"
        "adoxq %[z], %[t6]\n\t"
        "adcxq %[z], %[t6]\n\t"
        REDC3_ROW("t2", "t3", "t4", "t5")
        "adoxq %[z], %[t6]\n\t"
        "adcxq %[z], %[t6]\n\t"
        /* d = (t6 : t5 : t4 : t3) - p; keep t when that borrows */
        "movq %[t3], %[t0]\n\t"
        "movq %[t4], %[t1]\n\t"
        "movq %[t5], %[t2]\n\t"
        "subq 0(%[p]), %[t0]\n\t"
        "sbbq 8(%[p]), %[t1]\n\t"
        "sbbq 16(%[p]), %[t2]\n\t"
        "sbbq $0, %[t6]\n\t"
        "cmovcq %[t3], %[t0]\n\t"
        "cmovcq %[t4], %[t1]\n\t"
        "cmovcq %[t5], %[t2]\n\t"
        : [t0] "+r"(t0), [t1] "+r"(t1), [t2] "+r"(t2), [t3] "+r"(t3), [t4] "+r"(t4), [t5] "+r"(t5),
          [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z)
        : [p] "r"(f->p), [pinv] "m"(f->pinv)
        : "rdx", "cc", "memory");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

void sc_fp_mul_secp160r1_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t t[6];
    mul3_mulx(t, a, b);
    red_secp160r1_asm(r, t);
}

void sc_fp_sqr_secp160r1_mulx(uint64_t r[3], const uint64_t a[3])
{
    uint64_t t[6];
    sqr3_mulx(t, a);
    red_secp160r1_asm(r, t);
}

void sc_fp_mul_p192_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t t[6];
    mul3_mulx(t, a, b);
    red_p192_asm(r, t);
}

void sc_fp_sqr_p192_mulx(uint64_t r[3], const uint64_t a[3])
{
    uint64_t t[6];
    sqr3_mulx(t, a);
    red_p192_asm(r, t);
}

void sc_fp_mul_mont3_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3], const sc_fp_field *f)
{
    uint64_t t[6];
    mul3_mulx(t, a, b);
    redc3_asm(r, t, f);
}

void sc_fp_sqr_mont3_mulx(uint64_t r[3], const uint64_t a[3], const sc_fp_field *f)
{
    uint64_t t[6];
    sqr3_mulx(t, a);
    redc3_asm(r, t, f);
}
#else
typedef int sc_fp_fused3_mulx_unused;
#endif
