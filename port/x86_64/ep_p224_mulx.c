/* P-224 Jacobian point arithmetic at 64-bit limbs with every field operation
 * inlined: the point formulas of ep_jac_mulx.h (those of src/ep/ep.c) over
 * the MULX/ADCX/ADOX Montgomery multiplication and squaring (R = 2^256, four
 * words, as src/fp/fp.c keeps P-224 at 64-bit limbs) and branch-free
 * addition, subtraction, doubling and halving mod p.  Results fully reduced
 * (< p): the points are bit-identical to the generic path's, which
 * tests/test_ep.c checks on random and exceptional inputs.
 *
 * p = 2^224 - 2^96 + 1 = (2^32 - 1, 2^64 - 1, 2^64 - 2^32, 1) in words.
 * Multiplication and squaring: the 512-bit product of mont4_mulx.h, then
 * Montgomery reduction on its low half L (T = H 2^256 + L).  -p^-1 mod 2^64
 * = -1, so a step has m = -w0 mod 2^64 and, as in fp64_redc_p224
 * (src/fp/reduce64.h) and port/x86_64/mp_mont_mulx.c, needs no multiply:
 *   W + m p = (W + m) + m 2^224 - m 2^96, where W + m = 0 in the low word
 *   with the carry c = [w0 != 0], so
 *   (W + m p) / 2^64 = (w1, w2, w3, 0) + c + m 2^160 - m 2^32;
 * the additions first (below 2^225 + 2^96: no carry out), then the
 * subtraction (the result is nonnegative: no borrow out).  Each step keeps
 * W' < 2^192 + 2^224 < 2^256; the four give (L + M p) / 2^256 <= p, and
 * adding H gives (T + M p) / 2^256 < 2p < 2^225 for T < p^2 (no carry
 * out), so one subtraction of p, taken back by CMOV when it borrows, ends
 * it.  Constant time: no branch and no memory index depends on the
 * values.  Compiled at 64-bit limbs on x86-64 with gcc and clang; used by
 * src/ep/ep.c for the P-224 field where the fused field kernels are on
 * (CPUID BMI2 + ADX, sc_mp_set_accel). */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>
#include <seacurve/ep.h>
#include "mont4_mulx.h"

typedef uint64_t u64;

void sc_ep_dbl_p224_mulx(sc_ep_jac *q);
u64 sc_ep_madd_p224_mulx(sc_ep_jac *o, const sc_ep_jac *p, const u64 *qx, const u64 *qy, u64 *a, u64 *b,
                         u64 *h_out, int mode);
u64 sc_ep_add_p224_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const u64 *zc, int mode);

#define P224_INLINE static inline __attribute__((always_inline))

/* The modulus' words that are neither 1 nor 2^64 - 1 (memory operands) */
static const u64 p224_p1 = 0xffffffff00000000ULL;
static const u64 p224_p3 = 0x00000000ffffffffULL;

/* One reduction step on the window (w0 w1 w2 w3): W = (W + m p) / 2^64,
 * m = -w0, the new top word in w0's register (the header comment).  NEG
 * leaves c = [w0 != 0] in CF; SHLX/SHRX (count 32 in edx) and MOV keep it
 * there, so c enters the addition chain (w1 + c, w2, w3 + (m << 32),
 * m >> 32) directly; the subtraction chain of (m << 32, m >> 32) from
 * (w1, w2) follows. */
#define SROW224(w0, w1, w2, w3)                                           \
    "movq %[" w0 "], %[lo]\n\t"                                           \
    "negq %[lo]\n\t"                                                      \
    "shrxq %%rdx, %[lo], %[hi]\n\t"                                       \
    "shlxq %%rdx, %[lo], %[lo]\n\t"                                       \
    "movq %[hi], %[" w0 "]\n\t"                                           \
    "adcq $0, %[" w1 "]\n\t"                                              \
    "adcq $0, %[" w2 "]\n\t"                                              \
    "adcq %[lo], %[" w3 "]\n\t"                                           \
    "adcq $0, %[" w0 "]\n\t"                                              \
    "subq %[lo], %[" w1 "]\n\t"                                           \
    "sbbq %[hi], %[" w2 "]\n\t"                                           \
    "sbbq $0, %[" w3 "]\n\t"                                              \
    "sbbq $0, %[" w0 "]\n\t"

/* T = (t7 .. t0) < p^2 into r = T / 2^256 mod p in (t3 t2 t1 t0). */
#define P224_REDC8                                                        \
    "movl $32, %%edx\n\t"                                                 \
    SROW224("t0", "t1", "t2", "t3")                                       \
    SROW224("t1", "t2", "t3", "t0")                                       \
    SROW224("t2", "t3", "t0", "t1")                                       \
    SROW224("t3", "t0", "t1", "t2")                                       \
    "addq %[t4], %[t0]\n\t"                                               \
    "adcq %[t5], %[t1]\n\t"                                               \
    "adcq %[t6], %[t2]\n\t"                                               \
    "adcq %[t7], %[t3]\n\t"                                               \
    "movq %[t0], %[t4]\n\t"                                               \
    "movq %[t1], %[t5]\n\t"                                               \
    "movq %[t2], %[t6]\n\t"                                               \
    "movq %[t3], %[t7]\n\t"                                               \
    "subq $1, %[t0]\n\t"                                                  \
    "sbbq %[p1], %[t1]\n\t"                                               \
    "sbbq $-1, %[t2]\n\t"                                                 \
    "sbbq %[p3], %[t3]\n\t"                                               \
    "cmovcq %[t4], %[t0]\n\t"                                             \
    "cmovcq %[t5], %[t1]\n\t"                                             \
    "cmovcq %[t6], %[t2]\n\t"                                             \
    "cmovcq %[t7], %[t3]\n\t"

/* r = a b / 2^256 mod p (a, b < p; r < p; r may alias a or b) */
P224_INLINE void p224_mul(u64 r[4], const u64 a[4], const u64 b[4])
{
    u64 t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(MONT4_MUL_PRODUCT P224_REDC8
            : MONT4_OUTPUTS
            : MONT4_A(a), MONT4_B(b), [p1] "m"(p224_p1), [p3] "m"(p224_p3)
            : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* r = a^2 / 2^256 mod p (a < p; r < p; r may alias a) */
P224_INLINE void p224_sqr(u64 r[4], const u64 a[4])
{
    u64 t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(MONT4_SQR_PRODUCT P224_REDC8
            : MONT4_OUTPUTS
            : MONT4_A(a), [p1] "m"(p224_p1), [p3] "m"(p224_p3)
            : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* The additions: a, b < p < 2^224, so sums stay below 2^225 and fit four
 * words.  Outputs may alias inputs. */

/* r = a + b mod p: s = a + b, s - p taken unless it borrows (s < p) */
P224_INLINE void p224_add(u64 r[4], const u64 a[4], const u64 b[4])
{
    u64 t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], u0, u1, u2, u3;
    __asm__("addq %[b0], %[t0]\n\t"
            "adcq %[b1], %[t1]\n\t"
            "adcq %[b2], %[t2]\n\t"
            "adcq %[b3], %[t3]\n\t"
            "movq %[t0], %[u0]\n\t"
            "movq %[t1], %[u1]\n\t"
            "movq %[t2], %[u2]\n\t"
            "movq %[t3], %[u3]\n\t"
            "subq $1, %[t0]\n\t"
            "sbbq %[p1], %[t1]\n\t"
            "sbbq $-1, %[t2]\n\t"
            "sbbq %[p3], %[t3]\n\t"
            "cmovcq %[u0], %[t0]\n\t"
            "cmovcq %[u1], %[t1]\n\t"
            "cmovcq %[u2], %[t2]\n\t"
            "cmovcq %[u3], %[t3]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [u0] "=&r"(u0), [u1] "=&r"(u1),
              [u2] "=&r"(u2), [u3] "=&r"(u3)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2]), [b3] "rm"(b[3]), [p1] "m"(p224_p1),
              [p3] "m"(p224_p3)
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* r = a - b mod p: the difference, p added back under the borrow's mask m
 * (p0 = 1: m & 1; p2 = 2^64 - 1: m itself) */
P224_INLINE void p224_sub(u64 r[4], const u64 a[4], const u64 b[4])
{
    u64 t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], m, u0, u1, u3;
    __asm__("subq %[b0], %[t0]\n\t"
            "sbbq %[b1], %[t1]\n\t"
            "sbbq %[b2], %[t2]\n\t"
            "sbbq %[b3], %[t3]\n\t"
            "sbbq %[m], %[m]\n\t"
            "movq %[m], %[u0]\n\t"
            "andq $1, %[u0]\n\t"
            "movq %[p1], %[u1]\n\t"
            "andq %[m], %[u1]\n\t"
            "movq %[p3], %[u3]\n\t"
            "andq %[m], %[u3]\n\t"
            "addq %[u0], %[t0]\n\t"
            "adcq %[u1], %[t1]\n\t"
            "adcq %[m], %[t2]\n\t"
            "adcq %[u3], %[t3]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [m] "=&r"(m), [u0] "=&r"(u0),
              [u1] "=&r"(u1), [u3] "=&r"(u3)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2]), [b3] "rm"(b[3]), [p1] "m"(p224_p1),
              [p3] "m"(p224_p3)
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

P224_INLINE void p224_dbl(u64 r[4], const u64 a[4])
{
    p224_add(r, a, a);
}

/* r = a / 2 mod p: p added under the mask of a's low bit (a + p < 2^225:
 * no carry out), then the sum shifted right by one (RCR from a clear CF) */
P224_INLINE void p224_half(u64 r[4], const u64 a[4])
{
    u64 t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], m, u0, u1, u3;
    __asm__("movq %[t0], %[m]\n\t"
            "andq $1, %[m]\n\t"
            "movq %[m], %[u0]\n\t"
            "negq %[m]\n\t"
            "movq %[p1], %[u1]\n\t"
            "andq %[m], %[u1]\n\t"
            "movq %[p3], %[u3]\n\t"
            "andq %[m], %[u3]\n\t"
            "addq %[u0], %[t0]\n\t"
            "adcq %[u1], %[t1]\n\t"
            "adcq %[m], %[t2]\n\t"
            "adcq %[u3], %[t3]\n\t"
            "rcrq $1, %[t3]\n\t"
            "rcrq $1, %[t2]\n\t"
            "rcrq $1, %[t1]\n\t"
            "rcrq $1, %[t0]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [m] "=&r"(m), [u0] "=&r"(u0),
              [u1] "=&r"(u1), [u3] "=&r"(u3)
            : [p1] "m"(p224_p1), [p3] "m"(p224_p3)
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* all ones when a = 0 (a < p: the only representative of zero) */
P224_INLINE u64 p224_is_zero(const u64 a[4])
{
    u64 d = a[0] | a[1] | a[2] | a[3];
    return ((d | ((u64)0 - d)) >> 63) - 1;
}

#define FE(op) p224_##op
#define FE_NW 4
#define EPJ(op) sc_ep_##op##_p224_mulx
#include "ep_jac_mulx.h"
#else
typedef int sc_ep_p224_mulx_unused;
#endif
