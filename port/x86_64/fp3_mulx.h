/* 3-word field arithmetic at 64-bit limbs on x86-64, inline: the MULX
 * product and squaring kept in registers, the secp160r1 and P-192
 * reductions on those registers, and branch-free addition, subtraction,
 * doubling and halving.  Shared by mp_fused3_mulx.c (the field layer's
 * multiplication and squaring) and the point routines of
 * ep_secp160r1_mulx.c and ep_p192_mulx.c, where every field operation of a
 * formula is inlined.
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
 * Both fields are in plain form, elements fully reduced (< p), as
 * src/fp/fp.c keeps them.  The P-192 routines and the secp160r1 product
 * and squaring take and return fully reduced values, so a formula written
 * on them gives the same words as on the generic field layer; the lazy
 * secp160r1 routines (fp3_*l_secp160r1, below) take and return other
 * representatives, reduced at the end by fp3_canon_secp160r1.  Outputs
 * may alias inputs.  Constant time: no branch and no memory index depends
 * on the values.
 *
 * Compiled at 64-bit limbs on x86-64 with gcc and clang only (the includer
 * checks). */
#ifndef SC_PORT_X86_64_FP3_MULX_H
#define SC_PORT_X86_64_FP3_MULX_H

#include <stdint.h>

#define FP3_INLINE static inline __attribute__((always_inline))

/* The product's and the squaring's instructions, on the operand words A0 ..
 * B2 as written by the caller below: memory operands of their own in
 * optimised builds (the compiler addresses a formula's locals off the stack
 * pointer, with no register for the base), a base register and offsets in
 * unoptimised and AddressSanitizer builds (where a memory operand per word
 * would take a register each, more than there are; FP3_BASE_FORM).  Either
 * way no "memory" clobber: the words read are named as inputs, and the
 * compiler keeps the other values of an inlined formula in registers
 * across the statement. */
#if !defined(__OPTIMIZE__) || defined(__SANITIZE_ADDRESS__)
#define FP3_BASE_FORM 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FP3_BASE_FORM 1
#endif
#endif
#define FP3_MUL_INSNS(A0, A1, A2, B0, B1, B2)                             \
    /* row 0: (t3 : t2 : t1 : t0) = a * b[0] */                           \
    "movq " B0 ", %%rdx\n\t"                                              \
    "mulxq " A0 ", %[t0], %[t1]\n\t"                                      \
    "mulxq " A1 ", %[lo], %[t2]\n\t"                                      \
    "addq %[lo], %[t1]\n\t"                                               \
    "mulxq " A2 ", %[lo], %[t3]\n\t"                                      \
    "adcq %[lo], %[t2]\n\t"                                               \
    "adcq $0, %[t3]\n\t"                                                  \
    /* row 1: (t4 : t3 : t2 : t1) += a * b[1] */                          \
    "movq " B1 ", %%rdx\n\t"                                              \
    "xorl %k[t4], %k[t4]\n\t"                                             \
    "mulxq " A0 ", %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[t1]\n\t"                                              \
    "adoxq %[hi], %[t2]\n\t"                                              \
    "mulxq " A1 ", %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[t2]\n\t"                                              \
    "adoxq %[hi], %[t3]\n\t"                                              \
    "mulxq " A2 ", %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[t3]\n\t"                                              \
    "adoxq %[hi], %[t4]\n\t"                                              \
    "movl $0, %k[lo]\n\t"                                                 \
    "adcxq %[lo], %[t4]\n\t"                                              \
    /* row 2: (t5 : t4 : t3 : t2) += a * b[2] */                          \
    "movq " B2 ", %%rdx\n\t"                                              \
    "xorl %k[t5], %k[t5]\n\t"                                             \
    "mulxq " A0 ", %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[t2]\n\t"                                              \
    "adoxq %[hi], %[t3]\n\t"                                              \
    "mulxq " A1 ", %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[t3]\n\t"                                              \
    "adoxq %[hi], %[t4]\n\t"                                              \
    "mulxq " A2 ", %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[t4]\n\t"                                              \
    "adoxq %[hi], %[t5]\n\t"                                              \
    "movl $0, %k[lo]\n\t"                                                 \
    "adcxq %[lo], %[t5]\n\t"

#define FP3_SQR_INSNS(A0, A1, A2)                                         \
    /* cross sum (t4 : t3 : t2 : t1) = a0 a1 + a0 a2 2^64 + a1 a2 2^128 (at 2^64) */ \
    "movq " A0 ", %%rdx\n\t"                                              \
    "mulxq " A1 ", %[t1], %[t2]\n\t"                                      \
    "mulxq " A2 ", %[lo], %[t3]\n\t"                                      \
    "addq %[lo], %[t2]\n\t"                                               \
    "movq " A1 ", %%rdx\n\t"                                              \
    "mulxq " A2 ", %[lo], %[t4]\n\t"                                      \
    "adcq %[lo], %[t3]\n\t"                                               \
    "adcq $0, %[t4]\n\t"                                                  \
    /* doubled: (t5 : t4 : t3 : t2 : t1) = 2 * cross */                   \
    "xorl %k[t5], %k[t5]\n\t"                                             \
    "addq %[t1], %[t1]\n\t"                                               \
    "adcq %[t2], %[t2]\n\t"                                               \
    "adcq %[t3], %[t3]\n\t"                                               \
    "adcq %[t4], %[t4]\n\t"                                               \
    "adcq $0, %[t5]\n\t"                                                  \
    /* + a0^2 + a1^2 2^128 + a2^2 2^256 (MULX and MOV leave the flags alone) */ \
    "movq " A0 ", %%rdx\n\t"                                              \
    "mulxq %%rdx, %[t0], %[hi]\n\t"                                       \
    "addq %[hi], %[t1]\n\t"                                               \
    "movq " A1 ", %%rdx\n\t"                                              \
    "mulxq %%rdx, %[lo], %[hi]\n\t"                                       \
    "adcq %[lo], %[t2]\n\t"                                               \
    "adcq %[hi], %[t3]\n\t"                                               \
    "movq " A2 ", %%rdx\n\t"                                              \
    "mulxq %%rdx, %[lo], %[hi]\n\t"                                       \
    "adcq %[lo], %[t4]\n\t"                                               \
    "adcq %[hi], %[t5]\n\t"

#define FP3_PRODUCT_OUTPUTS                                               \
    [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5), \
        [lo] "=&r"(lo), [hi] "=&r"(hi)

/* (t5 .. t0) = a * b, 3 words each, in registers. */
FP3_INLINE void fp3_mul_product(uint64_t t[6], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t t0, t1, t2, t3, t4, t5, lo, hi;
#ifndef FP3_BASE_FORM
    __asm__(FP3_MUL_INSNS("%[a0]", "%[a1]", "%[a2]", "%[b0]", "%[b1]", "%[b2]")
            : FP3_PRODUCT_OUTPUTS
            : [a0] "m"(a[0]), [a1] "m"(a[1]), [a2] "m"(a[2]), [b0] "m"(b[0]), [b1] "m"(b[1]), [b2] "m"(b[2])
            : "rdx", "cc");
#else
    __asm__(FP3_MUL_INSNS("0(%[a])", "8(%[a])", "16(%[a])", "0(%[b])", "8(%[b])", "16(%[b])")
            : FP3_PRODUCT_OUTPUTS
            : [a] "r"(a), [b] "r"(b), "m"(*(const uint64_t(*)[3])a), "m"(*(const uint64_t(*)[3])b)
            : "rdx", "cc");
#endif
    t[0] = t0;
    t[1] = t1;
    t[2] = t2;
    t[3] = t3;
    t[4] = t4;
    t[5] = t5;
}

/* (t5 .. t0) = a^2: cross products once, doubled, plus the squares. */
FP3_INLINE void fp3_sqr_product(uint64_t t[6], const uint64_t a[3])
{
    uint64_t t0, t1, t2, t3, t4, t5, lo, hi;
#ifndef FP3_BASE_FORM
    __asm__(FP3_SQR_INSNS("%[a0]", "%[a1]", "%[a2]")
            : FP3_PRODUCT_OUTPUTS
            : [a0] "m"(a[0]), [a1] "m"(a[1]), [a2] "m"(a[2])
            : "rdx", "cc");
#else
    __asm__(FP3_SQR_INSNS("0(%[a])", "8(%[a])", "16(%[a])")
            : FP3_PRODUCT_OUTPUTS
            : [a] "r"(a), "m"(*(const uint64_t(*)[3])a)
            : "rdx", "cc");
#endif
    t[0] = t0;
    t[1] = t1;
    t[2] = t2;
    t[3] = t3;
    t[4] = t4;
    t[5] = t5;
}

/* fn: r = a b (FP3_MUL_RED) or a^2 (FP3_SQR_RED) reduced by red, which
 * states the ranges */
#define FP3_MUL_RED(fn, red)                                               \
    FP3_INLINE void fn(uint64_t r[3], const uint64_t a[3], const uint64_t b[3]) \
    {                                                                      \
        uint64_t t[6];                                                     \
        fp3_mul_product(t, a, b);                                          \
        red(r, t);                                                         \
    }
#define FP3_SQR_RED(fn, red)                                               \
    FP3_INLINE void fn(uint64_t r[3], const uint64_t a[3])                 \
    {                                                                      \
        uint64_t t[6];                                                     \
        fp3_sqr_product(t, a);                                             \
        red(r, t);                                                         \
    }

/* ---- P-192, p = 2^192 - 2^64 - 1 = (2^64 - 1, 2^64 - 2, 2^64 - 1) ---- */

/* r = t mod p for t < p^2 (FIPS 186-4 D.2.1; Solinas), as fp64_red_p192
 * (src/fp/reduce64.h): r = (t2,t1,t0) + (0,t3,t3) + (t4,t4,0) +
 * (t5,t5,t5), a carry k <= 3 at 2^192 folded as k (2^64 + 1).  That fold
 * carries out (k' = 1) only from below 2^192 + 2^66, leaving r < 2^66; the
 * value is then 2^192 + r and its reduction r + 2^64 + 1, no second fold.
 * So d = r + 2^64 + 1 mod 2^192 is taken when k' = 1 or when d carries out
 * (r >= p), one CMOV on the OR of the two borrow masks. */
FP3_INLINE void fp3_red_p192(uint64_t r[3], const uint64_t t[6])
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], k, c;
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
        /* + k (2^64 + 1); k = -k' */
        "addq %[k], %[t0]\n\t"
        "adcq %[k], %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        "sbbq %[k], %[k]\n\t"
        /* d = r + 2^64 + 1 mod 2^192, taken when k' or its carry */
        "movq %[t0], %[t3]\n\t"
        "movq %[t1], %[t4]\n\t"
        "movq %[t2], %[t5]\n\t"
        "addq $1, %[t3]\n\t"
        "adcq $1, %[t4]\n\t"
        "adcq $0, %[t5]\n\t"
        "sbbq %[c], %[c]\n\t"
        "orq %[k], %[c]\n\t"
        "cmovnzq %[t3], %[t0]\n\t"
        "cmovnzq %[t4], %[t1]\n\t"
        "cmovnzq %[t5], %[t2]\n\t"
        : [t0] "+r"(t0), [t1] "+r"(t1), [t2] "+r"(t2), [t3] "+r"(t3), [t4] "+r"(t4), [t5] "+r"(t5), [k] "=&r"(k),
          [c] "=&r"(c)
        :
        : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* r = a b, a^2 mod p (a, b < p; r < p) */
FP3_MUL_RED(fp3_mul_p192, fp3_red_p192)
FP3_SQR_RED(fp3_sqr_p192, fp3_red_p192)

/* r = a + b mod p (a, b < p): s = a + b < 2p with carry c out of 2^192,
 * u = s + 2^64 + 1 = s - p mod 2^192 with carry c2; s >= p iff c + c2 = 1
 * (both cannot carry: a carry of s leaves s - 2^192 < 2^192 - 2^65), and
 * u is then the result (CMOV on the nonzero sum of the carries). */
FP3_INLINE void fp3_add_p192(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t t0 = a[0], t1 = a[1], t2 = a[2], u0, u1, u2, c;
    __asm__("xorl %k[c], %k[c]\n\t"
            "addq %[b0], %[t0]\n\t"
            "adcq %[b1], %[t1]\n\t"
            "adcq %[b2], %[t2]\n\t"
            "adcq $0, %[c]\n\t"
            "movq %[t0], %[u0]\n\t"
            "movq %[t1], %[u1]\n\t"
            "movq %[t2], %[u2]\n\t"
            "addq $1, %[u0]\n\t"
            "adcq $1, %[u1]\n\t"
            "adcq $0, %[u2]\n\t"
            "adcq $0, %[c]\n\t"
            "cmovnzq %[u0], %[t0]\n\t"
            "cmovnzq %[u1], %[t1]\n\t"
            "cmovnzq %[u2], %[t2]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [u0] "=&r"(u0), [u1] "=&r"(u1), [u2] "=&r"(u2),
              [c] "=&r"(c)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2])
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* r = a - b mod p (a, b < p): the difference d mod 2^192, and when it
 * borrows d + p = d - (2^64 + 1) mod 2^192 (the borrow's mask's low bit k:
 * k subtracted at words 0 and 1; no second borrow out reaches the result,
 * which is a - b + p in [1, p)) */
FP3_INLINE void fp3_sub_p192(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t t0 = a[0], t1 = a[1], t2 = a[2], k;
    __asm__("subq %[b0], %[t0]\n\t"
            "sbbq %[b1], %[t1]\n\t"
            "sbbq %[b2], %[t2]\n\t"
            "sbbq %[k], %[k]\n\t"
            "negq %[k]\n\t"
            "subq %[k], %[t0]\n\t"
            "sbbq %[k], %[t1]\n\t"
            "sbbq $0, %[t2]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [k] "=&r"(k)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2])
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

FP3_INLINE void fp3_dbl_p192(uint64_t r[3], const uint64_t a[3])
{
    fp3_add_p192(r, a, a);
}

/* r = a / 2 mod p: p added under the mask m of a's low bit (words m,
 * m & ~1, m), the carry out of 2^192 shifted back in as the top bit
 * (RCR) */
FP3_INLINE void fp3_half_p192(uint64_t r[3], const uint64_t a[3])
{
    uint64_t t0 = a[0], t1 = a[1], t2 = a[2], m, u1;
    __asm__("movq %[t0], %[m]\n\t"
            "andq $1, %[m]\n\t"
            "negq %[m]\n\t"
            "movq %[m], %[u1]\n\t"
            "andq $-2, %[u1]\n\t"
            "addq %[m], %[t0]\n\t"
            "adcq %[u1], %[t1]\n\t"
            "adcq %[m], %[t2]\n\t"
            "rcrq $1, %[t2]\n\t"
            "rcrq $1, %[t1]\n\t"
            "rcrq $1, %[t0]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [m] "=&r"(m), [u1] "=&r"(u1)
            :
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* ---- secp160r1, p = 2^160 - 2^31 - 1 = (2^32 - 1, 2^64 - 1, 2^64 - 2^31 - 1) ---- */

/* r = t mod p for t < p^2 (SEC 2; as fp64_red_secp160r1): with
 * t = H 2^160 + L, t = L + H + H 2^31 mod p (< 2^192), then the bits at
 * 2^160 and up folded once more the same way, and p subtracted when
 * r + 2^31 + 1 reaches 2^160 (BTR takes that bit into CF and clears it;
 * CMOV). */
FP3_INLINE void fp3_red_secp160r1(uint64_t r[3], const uint64_t t[6])
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

/* r = a b, a^2 mod p (a, b < p; r < p) */
FP3_MUL_RED(fp3_mul_secp160r1, fp3_red_secp160r1)
FP3_SQR_RED(fp3_sqr_secp160r1, fp3_red_secp160r1)

/* Words 0 and 2 of p under a mask m (all ones or zero; word 1 is m
 * itself): m with bit 31 cleared (BTR) and m mod 2^32 (a 32-bit move,
 * which zero-extends). */
#define FP3_P160_MASKED(m, u0, u2)                                        \
    "movq %[" m "], %[" u0 "]\n\t"                                        \
    "btrq $31, %[" u0 "]\n\t"                                             \
    "movl %k[" m "], %k[" u2 "]\n\t"

/* all ones when a = 0 (a < p: the only representative of zero) */
FP3_INLINE uint64_t fp3_is_zero(const uint64_t a[3])
{
    uint64_t d = a[0] | a[1] | a[2];
    return ((d | ((uint64_t)0 - d)) >> 63) - 1;
}

/* ---- secp160r1, lazy: 3-word values congruent mod p ----
 *
 * Inside the point routines the values need not be reduced: 2^192 =
 * 2^32 2^160 = 2^63 + 2^32 (mod p), so the excess over three words folds
 * at a word boundary by the one-word constant C = 2^63 + 2^32 (MULX, or C
 * under a mask), with no shift by the 160 bits of p.  Two classes of
 * values:
 *   any    [0, 2^192);
 *   short  [0, 2^192 - C) = [0, 2^32 p): reduced values (the point
 *          routines' inputs), products and squares (< 2^191 + 2^127 +
 *          2^63), halves (< 2^191 + 2^159), and differences from a short
 *          minuend (fp3_subl_secp160r1).
 * A sum with a short term is below 2^193 - C, so one fold of its carry
 * out of 2^192 as C brings it below 2^192; a difference whose subtrahend
 * is short, when it borrows, is a - b + 2^192 > C, so one fold as - C
 * leaves it non-negative.  fp3_sub_anyl_secp160r1 takes any subtrahend
 * (two folds).  fp3_canon_secp160r1 brings any value to [0, p), which the
 * point routines do for their outputs and for the values they test for
 * zero. */
#define FP3_P160_C "0x8000000100000000"
#define FP3_P160_C_HALF "0x4000000080000000"

/* The first fold of the lazy reductions: t = T 2^192 + L (words t5..t3 and
 * t2..t0) becomes (w : t2 : t1 : t0) = L + T C with w <= C in t3, low
 * halves on the CF chain, high halves on OF; RDX = C after it. */
#define FP3_P160_FOLD192                                                  \
    "movabsq $" FP3_P160_C ", %%rdx\n\t"                                  \
    "xorl %k[z], %k[z]\n\t"                                              \
    "mulxq %[t3], %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[t0]\n\t"                                             \
    "adoxq %[hi], %[t1]\n\t"                                             \
    "mulxq %[t4], %[lo], %[hi]\n\t"                                      \
    "adcxq %[lo], %[t1]\n\t"                                             \
    "adoxq %[hi], %[t2]\n\t"                                             \
    "mulxq %[t5], %[lo], %[t3]\n\t"                                      \
    "adcxq %[lo], %[t2]\n\t"                                             \
    "adoxq %[z], %[t3]\n\t"                                              \
    "adcxq %[z], %[t3]\n\t"

/* r = t mod p for any t < 2^384 (a product of values below 2^192), r
 * short.  t = T 2^192 + L is first L + T C < 2^192 (C + 1), four words
 * (w : R), w <= C; then with R = b 2^191 + R' (b the top bit) and 2^191 =
 * C / 2 (mod p), r = R' + b C / 2 + w C < 2^191 + 2^63 + 2^127: no carry
 * out of three words, hence no third fold.  The b C / 2 term (BTR, SBB,
 * AND) goes in while the MULX of w runs. */
FP3_INLINE void fp3_redl_secp160r1(uint64_t r[3], const uint64_t t[6])
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], lo, hi, z;
    __asm__(
        FP3_P160_FOLD192
        /* R' + b C / 2 (< 2^191 + 2^63) */
        "movabsq $" FP3_P160_C_HALF ", %[t4]\n\t"
        "btrq $63, %[t2]\n\t"
        "sbbq %[t5], %[t5]\n\t"
        "andq %[t4], %[t5]\n\t"
        "addq %[t5], %[t0]\n\t"
        "adcq $0, %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        /* + w C (<= C^2 < 2^127) */
        "mulxq %[t3], %[lo], %[hi]\n\t"
        "addq %[lo], %[t0]\n\t"
        "adcq %[hi], %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [t4] "+&r"(t4), [t5] "+&r"(t5),
          [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z)
        :
        : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* r = t mod p in [0, p) for any t < 2^384: the first fold of
 * fp3_redl_secp160r1, (w : R) = L + T C with w <= C; then with R = h 2^160
 * + L' (h < 2^32), r = L' + h (2^31 + 1) + w C < 2^160 + 2^64 + 2^127,
 * which is >= p iff d = r + 2^31 + 1 (< 2^161) reaches 2^160, and r - p =
 * d - 2^160 < 2^128 is then reduced (BTR takes bit 160 into CF; CMOV). */
FP3_INLINE void fp3_redc_secp160r1(uint64_t r[3], const uint64_t t[6])
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], lo, hi, z;
    __asm__(
        FP3_P160_FOLD192
        /* L' + h (2^31 + 1) */
        "movq %[t2], %[t4]\n\t"
        "shrq $32, %[t4]\n\t"
        "movl %k[t2], %k[t2]\n\t"
        "movq %[t4], %[t5]\n\t"
        "shlq $31, %[t5]\n\t"
        "addq %[t4], %[t5]\n\t"
        "addq %[t5], %[t0]\n\t"
        "adcq $0, %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        /* + w C */
        "mulxq %[t3], %[lo], %[hi]\n\t"
        "addq %[lo], %[t0]\n\t"
        "adcq %[hi], %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        /* d = r + 2^31 + 1, taken less 2^160 when it reaches 2^160 */
        "movl $0x80000001, %k[z]\n\t"
        "movq %[t0], %[lo]\n\t"
        "movq %[t1], %[hi]\n\t"
        "movq %[t2], %[t4]\n\t"
        "addq %[z], %[lo]\n\t"
        "adcq $0, %[hi]\n\t"
        "adcq $0, %[t4]\n\t"
        "btrq $32, %[t4]\n\t"
        "cmovcq %[lo], %[t0]\n\t"
        "cmovcq %[hi], %[t1]\n\t"
        "cmovcq %[t4], %[t2]\n\t"
        : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [t4] "+&r"(t4), [t5] "+&r"(t5),
          [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z)
        :
        : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* r = a b mod p (a, b any): fully reduced (r < p), or short */
FP3_MUL_RED(fp3_mulc_secp160r1, fp3_redc_secp160r1)
FP3_MUL_RED(fp3_mull_secp160r1, fp3_redl_secp160r1)
/* r = a^2 mod p (a any; r short) */
FP3_SQR_RED(fp3_sqrl_secp160r1, fp3_redl_secp160r1)

/* r = a + b mod p, a or b short, r any: the sum s < 2^193 - C, its carry
 * k out of 2^192 folded as k C (C under the mask of k): s - 2^192 + C <
 * 2^192 then. */
FP3_INLINE void fp3_addl_secp160r1(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t t0 = a[0], t1 = a[1], t2 = a[2], m, c;
    __asm__("movabsq $" FP3_P160_C ", %[c]\n\t"
            "addq %[b0], %[t0]\n\t"
            "adcq %[b1], %[t1]\n\t"
            "adcq %[b2], %[t2]\n\t"
            "sbbq %[m], %[m]\n\t"
            "andq %[c], %[m]\n\t"
            "addq %[m], %[t0]\n\t"
            "adcq $0, %[t1]\n\t"
            "adcq $0, %[t2]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [m] "=&r"(m), [c] "=&r"(c)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2])
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* r = 2a mod p (a short; r any) */
FP3_INLINE void fp3_dbll_secp160r1(uint64_t r[3], const uint64_t a[3])
{
    fp3_addl_secp160r1(r, a, a);
}

/* a - b, its borrow folded once as - C (C under the borrow's mask): the
 * subtraction of fp3_subl_secp160r1, the start of fp3_sub_anyl_secp160r1 */
#define FP3_P160_SUB_FOLD                                                 \
    "movabsq $" FP3_P160_C ", %[c]\n\t"                                   \
    "subq %[b0], %[t0]\n\t"                                              \
    "sbbq %[b1], %[t1]\n\t"                                              \
    "sbbq %[b2], %[t2]\n\t"                                              \
    "sbbq %[m], %[m]\n\t"                                                \
    "andq %[c], %[m]\n\t"                                                \
    "subq %[m], %[t0]\n\t"                                               \
    "sbbq $0, %[t1]\n\t"                                                 \
    "sbbq $0, %[t2]\n\t"

/* r = a - b mod p, a any, b short, r any: the difference d mod 2^192; a
 * borrow (d = a - b + 2^192 > C) folded as - C (C under the borrow's
 * mask), leaving d - C in (0, 2^192).  For a short r is short: either r =
 * a - b <= a, or r = a - b + 2^192 - C < 2^192 - C. */
FP3_INLINE void fp3_subl_secp160r1(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t t0 = a[0], t1 = a[1], t2 = a[2], m, c;
    __asm__(FP3_P160_SUB_FOLD
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [m] "=&r"(m), [c] "=&r"(c)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2])
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* r = a - b mod p, a and b any, r any: as fp3_subl_secp160r1, and a second
 * borrow (only when d < C: d - C + 2^192 has words 1 and 2 all ones)
 * folded once more as - C, which borrows at most 1 of word 1. */
FP3_INLINE void fp3_sub_anyl_secp160r1(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t t0 = a[0], t1 = a[1], t2 = a[2], m, c;
    __asm__(FP3_P160_SUB_FOLD
            "sbbq %[m], %[m]\n\t"
            "andq %[c], %[m]\n\t"
            "subq %[m], %[t0]\n\t"
            "sbbq $0, %[t1]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [m] "=&r"(m), [c] "=&r"(c)
            : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2])
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* r = a / 2 mod p (a any; r short): p added under the mask of a's low
 * bit, the carry out of 2^192 shifted back in as the top bit (RCR):
 * r = (a + p) / 2 < 2^191 + 2^159 */
FP3_INLINE void fp3_halfl_secp160r1(uint64_t r[3], const uint64_t a[3])
{
    uint64_t t0 = a[0], t1 = a[1], t2 = a[2], m, u0, u2;
    __asm__("movq %[t0], %[m]\n\t"
            "andq $1, %[m]\n\t"
            "negq %[m]\n\t"
            FP3_P160_MASKED("m", "u0", "u2")
            "addq %[u0], %[t0]\n\t"
            "adcq %[m], %[t1]\n\t"
            "adcq %[u2], %[t2]\n\t"
            "rcrq $1, %[t2]\n\t"
            "rcrq $1, %[t1]\n\t"
            "rcrq $1, %[t0]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [m] "=&r"(m), [u0] "=&r"(u0), [u2] "=&r"(u2)
            :
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* r = a mod p in [0, p) for any a: a = h 2^160 + L (h < 2^32) is L + u,
 * u = h (2^31 + 1) < 2^63 + 2^32, below 2^160 + 2^64; that is >= p iff
 * d = L + u + 2^31 + 1 reaches 2^160 (bit 160 of d), and then r = d -
 * 2^160 (< p).  The two sums are formed side by side from L; BTR takes
 * bit 160 into CF and clears it; CMOV. */
FP3_INLINE void fp3_canon_secp160r1(uint64_t r[3], const uint64_t a[3])
{
    uint64_t t0 = a[0], t1 = a[1], t2 = a[2], u, v, d0, d1, d2;
    __asm__("movq %[t2], %[v]\n\t"
            "shrq $32, %[v]\n\t"
            "movl %k[t2], %k[t2]\n\t"
            "movq %[v], %[u]\n\t"
            "shlq $31, %[u]\n\t"
            "addq %[v], %[u]\n\t"
            "movl $0x80000001, %k[v]\n\t"
            "addq %[u], %[v]\n\t"
            "movq %[t0], %[d0]\n\t"
            "movq %[t1], %[d1]\n\t"
            "movq %[t2], %[d2]\n\t"
            "addq %[u], %[t0]\n\t"
            "adcq $0, %[t1]\n\t"
            "adcq $0, %[t2]\n\t"
            "addq %[v], %[d0]\n\t"
            "adcq $0, %[d1]\n\t"
            "adcq $0, %[d2]\n\t"
            "btrq $32, %[d2]\n\t"
            "cmovcq %[d0], %[t0]\n\t"
            "cmovcq %[d1], %[t1]\n\t"
            "cmovcq %[d2], %[t2]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [u] "=&r"(u), [v] "=&r"(v), [d0] "=&r"(d0),
              [d1] "=&r"(d1), [d2] "=&r"(d2)
            :
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

/* all ones when a = 0 mod p (a any) */
FP3_INLINE uint64_t fp3_is_zerol_secp160r1(const uint64_t a[3])
{
    uint64_t c[3];
    fp3_canon_secp160r1(c, a);
    return fp3_is_zero(c);
}

#endif
