/* secp256k1 Jacobian point arithmetic at 64-bit limbs with every field
 * operation inlined: the point formulas of ep_jac_mulx.h (those of
 * src/ep/ep.c for a = 0: the doubling with M = 3 X1^2, madd-2004-hmv,
 * add-1998-cmo-2) over the MULX multiplication and squaring of
 * secp256k1_mulx.h and branch-free addition, subtraction, doubling and
 * halving mod p on add-with-carry chains: no call and no dispatch per
 * field operation.
 *
 * Field elements are four words, plain (not Montgomery) form, fully
 * reduced (< p), as src/fp/fp.c keeps them for this field; every routine
 * here returns fully reduced values, so the points are bit-identical to
 * those of the generic formulas of src/ep/ep.c (the same formulas, the
 * same representatives), which tests/test_ep.c checks on random and
 * exceptional inputs.
 *
 * The additions mod p = 2^256 - C, C = 2^32 + 977 ([SEC2]), for a, b < p:
 *   a + b < 2p, and a + b >= p iff a + b carries out of 2^256 or
 *   a + b + C does (the two cannot both carry: a carry of a + b leaves
 *   a + b - 2^256 < 2^256 - 2C); the result is then a + b + C mod 2^256;
 *   a - b borrows iff a < b, and then the result is a - b + p =
 *   a - b - C mod 2^256 (no second borrow: a - b + 2^256 > C);
 *   a / 2 is (a + p) / 2 for odd a (a + p < 2^257, shifted through the
 *   carry), a / 2 for even a.
 * Constant time: no branch and no memory index depends on the values (the
 * mode of the additions is a public parameter).  Used by src/ep/ep.c for
 * the secp256k1 field where the fused field kernels are on (CPUID BMI2 +
 * ADX, sc_mp_set_accel). */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>
#include <seacurve/ep.h>
#include "secp256k1_mulx.h"

typedef uint64_t u64;

void sc_ep_dbl_k1_mulx(sc_ep_jac *q);
u64 sc_ep_madd_k1_mulx(sc_ep_jac *o, const sc_ep_jac *p, const u64 *qx, const u64 *qy, u64 *a, u64 *b,
                       u64 *h_out, int mode);
u64 sc_ep_add_k1_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const u64 *zc, int mode);

#define K1_INLINE static inline __attribute__((always_inline))

K1_INLINE void k1_mul(u64 r[4], const u64 a[4], const u64 b[4])
{
    k1_mul_mulx(r, a, b);
}

K1_INLINE void k1_sqr(u64 r[4], const u64 a[4])
{
    k1_sqr_mulx(r, a);
}

/* r = a + b mod p (a, b < p; r < p; r may alias a or b): s = a + b with
 * carry c, u = s + C with carry c2, u taken by CMOV when c + c2 = 1 */
K1_INLINE void k1_add(u64 r[4], const u64 a[4], const u64 b[4])
{
    u64 t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], u0, u1, u2, u3, c;
    __asm__("xorl %k[c], %k[c]\n\t"
            "addq %[b0], %[t0]\n\t"
            "adcq %[b1], %[t1]\n\t"
            "adcq %[b2], %[t2]\n\t"
            "adcq %[b3], %[t3]\n\t"
            "adcq $0, %[c]\n\t"
            "movabsq $0x1000003d1, %[u0]\n\t"
            "movq %[t1], %[u1]\n\t"
            "movq %[t2], %[u2]\n\t"
            "movq %[t3], %[u3]\n\t"
            "addq %[t0], %[u0]\n\t"
            "adcq $0, %[u1]\n\t"
            "adcq $0, %[u2]\n\t"
            "adcq $0, %[u3]\n\t"
            "adcq $0, %[c]\n\t"
            "cmovnzq %[u0], %[t0]\n\t"
            "cmovnzq %[u1], %[t1]\n\t"
            "cmovnzq %[u2], %[t2]\n\t"
            "cmovnzq %[u3], %[t3]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [u0] "=&r"(u0), [u1] "=&r"(u1),
              [u2] "=&r"(u2), [u3] "=&r"(u3), [c] "=&r"(c)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2]), [b3] "rm"(b[3])
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* r = a - b mod p (a, b < p; r < p; r may alias a or b): the difference,
 * then C (0x1000003d1) subtracted under the borrow's mask */
K1_INLINE void k1_sub(u64 r[4], const u64 a[4], const u64 b[4])
{
    u64 t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], m, k;
    __asm__("movabsq $0x1000003d1, %[k]\n\t"
            "subq %[b0], %[t0]\n\t"
            "sbbq %[b1], %[t1]\n\t"
            "sbbq %[b2], %[t2]\n\t"
            "sbbq %[b3], %[t3]\n\t"
            "sbbq %[m], %[m]\n\t"
            "andq %[k], %[m]\n\t"
            "subq %[m], %[t0]\n\t"
            "sbbq $0, %[t1]\n\t"
            "sbbq $0, %[t2]\n\t"
            "sbbq $0, %[t3]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [m] "=&r"(m), [k] "=&r"(k)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2]), [b3] "rm"(b[3])
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

K1_INLINE void k1_dbl(u64 r[4], const u64 a[4])
{
    k1_add(r, a, a);
}

/* r = a / 2 mod p (a < p): p = (2^64 - C, 2^64 - 1, 2^64 - 1, 2^64 - 1) added
 * under the mask of a's low bit, then the 257-bit sum shifted right by one
 * through the carry (RCR) */
K1_INLINE void k1_half(u64 r[4], const u64 a[4])
{
    u64 t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], m, u0;
    __asm__("movq %[t0], %[m]\n\t"
            "andq $1, %[m]\n\t"
            "negq %[m]\n\t"
            "movabsq $0xfffffffefffffc2f, %[u0]\n\t"
            "andq %[m], %[u0]\n\t"
            "addq %[u0], %[t0]\n\t"
            "adcq %[m], %[t1]\n\t"
            "adcq %[m], %[t2]\n\t"
            "adcq %[m], %[t3]\n\t"
            "rcrq $1, %[t3]\n\t"
            "rcrq $1, %[t2]\n\t"
            "rcrq $1, %[t1]\n\t"
            "rcrq $1, %[t0]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [m] "=&r"(m), [u0] "=&r"(u0)
            :
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* all ones when a = 0 (a < p: the only representative of zero) */
K1_INLINE u64 k1_is_zero(const u64 a[4])
{
    u64 d = a[0] | a[1] | a[2] | a[3];
    return ((d | ((u64)0 - d)) >> 63) - 1;
}

#define FE(op) k1_##op
#define FE_NW 4
#define EPJ(op) sc_ep_##op##_k1_mulx
#define EPJ_A_ZERO 1
#include "ep_jac_mulx.h"
#else
typedef int sc_ep_k1_mulx_unused;
#endif
