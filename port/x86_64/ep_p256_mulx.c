/* P-256 Jacobian point arithmetic at 64-bit limbs with every field operation
 * inlined: the point formulas of ep_jac_mulx.h (those of src/ep/ep.c) over
 * the MULX/ADCX/ADOX Montgomery multiplication (R = 2^256), a dedicated
 * Montgomery squaring, and branch-free addition, subtraction, doubling and
 * halving mod p on add-with-carry chains: no call and no dispatch per field
 * operation, which at four words costs as much as an addition itself.
 *
 * Field elements are four words in Montgomery form, fully reduced (< p),
 * as src/fp/fp.c keeps them; every routine here returns fully reduced
 * values, so the points are bit-identical to those of the generic formulas
 * of src/ep/ep.c (the same formulas, the same representatives), which
 * tests/test_ep.c checks on random and exceptional inputs.
 *
 * Multiplication and squaring: the 512-bit product T in registers, then
 * Montgomery reduction on them.  Product by operand scanning, one MULX row
 * per word of b, low halves on the ADCX carry chain and high halves on the
 * ADOX overflow chain ([Gopal12]); squaring with the cross products
 * a[i] a[j] (i < j) once, doubled, plus the squares ([HAC] Alg. 14.16:
 * 10 MULX instead of 16).  Reduction: -p^-1 mod 2^64 = 1, so each step
 * has m = T0 and T + m p = (T - T0) + m 2^96 + m p3 2^192
 * (p3 = 0xffffffff00000001), one MULX ([GKra15]; fp64_redc_p256 in
 * src/fp/reduce64.h), applied to the low half L of T = H 2^256 + L: each
 * step keeps the four-word window W < 2^256 (W' = (W + m p) / 2^64 <
 * 2^192 + p < 2^256), the four steps give (L + M p) / 2^256 <= p, and
 * adding H gives (T + M p) / 2^256 < 2p for T < p^2, so one masked
 * subtraction of p ends it.  Separating product and reduction measured a
 * little faster here than the interleaved (CIOS, [KAK96]) order of
 * port/x86_64/mp_mont_mulx.c.
 * Constant time: no branch and no memory index depends on the values
 * (the mode of the additions is a public parameter).  Compiled at 64-bit limbs on x86-64 with gcc and
 * clang; used by src/ep/ep.c for the P-256 field where the fused field
 * kernels are on (CPUID BMI2 + ADX, sc_mp_set_accel). */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>
#include <seacurve/ep.h>
#include "mont4_mulx.h"

typedef uint64_t u64;

void sc_fp_sqr_p256_mulx(u64 r[4], const u64 a[4]);
void sc_ep_dbl_p256_mulx(sc_ep_jac *q);
u64 sc_ep_madd_p256_mulx(sc_ep_jac *o, const sc_ep_jac *p, const u64 *qx, const u64 *qy, u64 *a, u64 *b,
                         u64 *h_out, int mode);
u64 sc_ep_add_p256_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const u64 *zc, int mode);

#define P256_INLINE static inline __attribute__((always_inline))

/* The modulus' words that are neither 0 nor 2^64 - 1: p = 2^256 - 2^224 +
 * 2^192 + 2^96 - 1 = (p3, 0, p1, 2^64 - 1); memory operands of the asm. */
static const u64 p256_p1 = 0x00000000ffffffffULL;
static const u64 p256_p3 = 0xffffffff00000001ULL;

/* One reduction step on the four-word window (w0 w1 w2 w3) with rdx = p3:
 * W = (W + w0 p) / 2^64, the new top word in w0's register. */
#define SROW(w0, w1, w2, w3)                                              \
    "movq %[" w0 "], %[lo]\n\t"                                           \
    "shlq $32, %[lo]\n\t"                                                 \
    "movq %[" w0 "], %[hi]\n\t"                                           \
    "shrq $32, %[hi]\n\t"                                                 \
    "addq %[lo], %[" w1 "]\n\t"                                           \
    "adcq %[hi], %[" w2 "]\n\t"                                           \
    "mulxq %[" w0 "], %[lo], %[hi]\n\t"                                   \
    "adcq %[lo], %[" w3 "]\n\t"                                           \
    "adcq $0, %[hi]\n\t"                                                  \
    "movq %[hi], %[" w0 "]\n\t"

/* T = (t7 .. t0) < p^2 into r = T / 2^256 mod p in (t3 t2 t1 t0): the
 * four reduction steps on the low half (rdx = p3), + the high half, then
 * one subtraction of p taken back by CMOV when it borrows. */
#define P256_REDC8                                                        \
    "movq %[p3], %%rdx\n\t"                                              \
    SROW("t0", "t1", "t2", "t3")                                          \
    SROW("t1", "t2", "t3", "t0")                                          \
    SROW("t2", "t3", "t0", "t1")                                          \
    SROW("t3", "t0", "t1", "t2")                                          \
    "xorl %k[hi], %k[hi]\n\t"                                            \
    "addq %[t4], %[t0]\n\t"                                              \
    "adcq %[t5], %[t1]\n\t"                                              \
    "adcq %[t6], %[t2]\n\t"                                              \
    "adcq %[t7], %[t3]\n\t"                                              \
    "adcq $0, %[hi]\n\t"                                                 \
    "movq %[t0], %[t4]\n\t"                                              \
    "movq %[t1], %[t5]\n\t"                                              \
    "movq %[t2], %[t6]\n\t"                                              \
    "movq %[t3], %[t7]\n\t"                                              \
    "movl $0xffffffff, %k[lo]\n\t"                                       \
    "subq $-1, %[t0]\n\t"                                                \
    "sbbq %[lo], %[t1]\n\t"                                              \
    "sbbq $0, %[t2]\n\t"                                                 \
    "sbbq %%rdx, %[t3]\n\t"                                              \
    "sbbq $0, %[hi]\n\t"                                                 \
    "cmovcq %[t4], %[t0]\n\t"                                            \
    "cmovcq %[t5], %[t1]\n\t"                                            \
    "cmovcq %[t6], %[t2]\n\t"                                            \
    "cmovcq %[t7], %[t3]\n\t"

/* r = a b / 2^256 mod p (a, b < p; r < p; r may alias a or b) by the
 * full product (operand scanning, one MULX row per word of b) and then
 * P256_REDC8. */
P256_INLINE void p256_mul(u64 r[4], const u64 a[4], const u64 b[4])
{
    u64 t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(
        MONT4_MUL_PRODUCT
        P256_REDC8
        : MONT4_OUTPUTS
        : MONT4_A(a), MONT4_B(b), [p3] "m"(p256_p3)
        : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* r = a^2 / 2^256 mod p, a < p; r < p; r may alias a (the header's
 * squaring).  The cross sum a0 (a1 + a2 2^64 + a3 2^128) 2^64 +
 * a1 (a2 + a3 2^64) 2^192 + a2 a3 2^320 < 2^447 fits t1..t6, and its
 * doubling carries into t7. */
P256_INLINE void p256_sqr(u64 r[4], const u64 a[4])
{
    u64 t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(
        MONT4_SQR_PRODUCT
        P256_REDC8
        : MONT4_OUTPUTS
        : MONT4_A(a), [p3] "m"(p256_p3)
        : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* The additions, each one add/sub chain in registers with the correction
 * chosen by CMOV or a mask (a branch-free select the compiler cannot turn
 * into vector code): a, b < p; results < p.  Outputs may alias inputs
 * (every word is read before any is written). */

/* r = a + b mod p: s = a + b (carry c), s - p taken unless it borrows out
 * of (c : s), which happens iff a + b < p */
P256_INLINE void p256_add(u64 r[4], const u64 a[4], const u64 b[4])
{
    u64 t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], u0, u1, u2, u3, c;
    __asm__("xorl %k[c], %k[c]\n\t"
            "addq %[b0], %[t0]\n\t"
            "adcq %[b1], %[t1]\n\t"
            "adcq %[b2], %[t2]\n\t"
            "adcq %[b3], %[t3]\n\t"
            "adcq $0, %[c]\n\t"
            "movq %[t0], %[u0]\n\t"
            "movq %[t1], %[u1]\n\t"
            "movq %[t2], %[u2]\n\t"
            "movq %[t3], %[u3]\n\t"
            "subq $-1, %[t0]\n\t"
            "sbbq %[p1], %[t1]\n\t"
            "sbbq $0, %[t2]\n\t"
            "sbbq %[p3], %[t3]\n\t"
            "sbbq $0, %[c]\n\t"
            "cmovcq %[u0], %[t0]\n\t"
            "cmovcq %[u1], %[t1]\n\t"
            "cmovcq %[u2], %[t2]\n\t"
            "cmovcq %[u3], %[t3]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [u0] "=&r"(u0), [u1] "=&r"(u1),
              [u2] "=&r"(u2), [u3] "=&r"(u3), [c] "=&r"(c)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2]), [b3] "rm"(b[3]), [p1] "m"(p256_p1),
              [p3] "m"(p256_p3)
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* r = a - b mod p: the difference, p added back under the borrow's mask
 * (p0 = 2^64 - 1 is the mask itself, p2 = 0) */
P256_INLINE void p256_sub(u64 r[4], const u64 a[4], const u64 b[4])
{
    u64 t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], m, u1, u3;
    __asm__("subq %[b0], %[t0]\n\t"
            "sbbq %[b1], %[t1]\n\t"
            "sbbq %[b2], %[t2]\n\t"
            "sbbq %[b3], %[t3]\n\t"
            "sbbq %[m], %[m]\n\t"
            "movq %[p1], %[u1]\n\t"
            "movq %[p3], %[u3]\n\t"
            "andq %[m], %[u1]\n\t"
            "andq %[m], %[u3]\n\t"
            "addq %[m], %[t0]\n\t"
            "adcq %[u1], %[t1]\n\t"
            "adcq $0, %[t2]\n\t"
            "adcq %[u3], %[t3]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [m] "=&r"(m), [u1] "=&r"(u1),
              [u3] "=&r"(u3)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2]), [b3] "rm"(b[3]), [p1] "m"(p256_p1),
              [p3] "m"(p256_p3)
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

P256_INLINE void p256_dbl(u64 r[4], const u64 a[4])
{
    p256_add(r, a, a);
}

/* r = a / 2 mod p: p added under the mask of a's low bit (a + p < 2^257),
 * then the 257-bit sum shifted right by one through the carry (RCR) */
P256_INLINE void p256_half(u64 r[4], const u64 a[4])
{
    u64 t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], m, u1, u3;
    __asm__("movq %[t0], %[m]\n\t"
            "andq $1, %[m]\n\t"
            "negq %[m]\n\t"
            "movq %[p1], %[u1]\n\t"
            "movq %[p3], %[u3]\n\t"
            "andq %[m], %[u1]\n\t"
            "andq %[m], %[u3]\n\t"
            "addq %[m], %[t0]\n\t"
            "adcq %[u1], %[t1]\n\t"
            "adcq $0, %[t2]\n\t"
            "adcq %[u3], %[t3]\n\t"
            "rcrq $1, %[t3]\n\t"
            "rcrq $1, %[t2]\n\t"
            "rcrq $1, %[t1]\n\t"
            "rcrq $1, %[t0]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [m] "=&r"(m), [u1] "=&r"(u1),
              [u3] "=&r"(u3)
            : [p1] "m"(p256_p1), [p3] "m"(p256_p3)
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* all ones when a = 0 (a < p: the only representative of zero) */
P256_INLINE u64 p256_is_zero(const u64 a[4])
{
    u64 d = a[0] | a[1] | a[2] | a[3];
    return ((d | ((u64)0 - d)) >> 63) - 1;
}

void sc_fp_sqr_p256_mulx(u64 r[4], const u64 a[4])
{
    p256_sqr(r, a);
}

#define FE(op) p256_##op
#define FE_NW 4
#define EPJ(op) sc_ep_##op##_p256_mulx
#include "ep_jac_mulx.h"
#else
typedef int sc_ep_p256_mulx_unused;
#endif
