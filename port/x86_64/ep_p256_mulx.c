/* P-256 Jacobian point arithmetic at 64-bit limbs with every field operation
 * inlined: the MULX/ADCX/ADOX Montgomery multiplication (R = 2^256), a
 * dedicated Montgomery squaring, and branch-free addition, subtraction,
 * doubling and halving mod p on add-with-carry chains.  No call and no
 * dispatch per field operation, which at four words costs as much as the
 * additions themselves.
 *
 * Field elements are four words in Montgomery form, fully reduced (< p),
 * as src/fp/fp.c keeps them; every routine here returns fully reduced
 * values, so the points are bit-identical to those of the generic formulas
 * of src/ep/ep.c (the same formulas, the same representatives), which
 * tests/test_ep.c checks on random and exceptional inputs.
 *
 * Multiplication: word-by-word Montgomery multiplication in the coarsely
 * integrated operand scanning order [KAK96] with the P-256 step of
 * [GK15]: -p^-1 mod 2^64 = 1, so m = T0 and T + m p = (T - T0) +
 * m 2^96 + m p3 2^192 (p3 = 0xffffffff00000001), one MULX per reduction
 * step (as port/x86_64/mp_mont_mulx.c).
 * Squaring: the cross products a[i] a[j] (i < j) once, doubled, plus the
 * squares ([HAC] Alg. 14.16: 10 MULX instead of 16), then the same
 * reduction steps on the low half L of T = H 2^256 + L: each step keeps
 * the four-word window W < 2^256 (W' = (W + m p) / 2^64 < 2^192 + p <
 * 2^256), the four steps give (L + M p) / 2^256 <= p, and adding H gives
 * (T + M p) / 2^256 < 2p for T < p^2, so one masked subtraction of p
 * ends it.
 * Constant time: no branch and no memory index depends on the values
 * (the mode of the additions is a public parameter; STOP returns early on
 * public data only).  Compiled at 64-bit limbs on x86-64 with gcc and
 * clang; used by src/ep/ep.c for the P-256 field where the fused field
 * kernels are on (CPUID BMI2 + ADX, sc_mp_set_accel). */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>
#include <x86intrin.h>
#include <seacurve/ep.h>

typedef uint64_t u64;

void sc_fp_sqr_p256_mulx(u64 r[4], const u64 a[4]);
void sc_ep_dbl_p256_mulx(sc_ep_jac *q);
u64 sc_ep_madd_p256_mulx(sc_ep_jac *o, const sc_ep_jac *p, const u64 *qx, const u64 *qy, u64 *a, u64 *b,
                         u64 *h_out, int mode);
u64 sc_ep_add_p256_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, int mode);

#define P256_INLINE static inline __attribute__((always_inline))

/* The modulus' words: p = 2^256 - 2^224 + 2^192 + 2^96 - 1 */
#define P0 0xffffffffffffffffULL
#define P1 0x00000000ffffffffULL
#define P2 0x0000000000000000ULL
#define P3 0xffffffff00000001ULL

static const u64 p256_p3 = P3;

/* The four words of an operand as a memory input of an asm statement, so
 * that the compiler has stored them before the asm reads them. */
#define MEM4(x) "m"(*(const u64(*)[4])(x))

/* (w4 w3 w2 w1 w0) += a * rdx, carries into w5 (zeroed here, which also
 * clears CF and OF): low halves on the ADCX chain, high halves on ADOX. */
#define MROW(w0, w1, w2, w3, w4, w5)                                      \
    "xorl %k[" w5 "], %k[" w5 "]\n\t"                                     \
    "mulxq 0(%[a]), %[lo], %[hi]\n\t"                                     \
    "adcxq %[lo], %[" w0 "]\n\t"                                          \
    "adoxq %[hi], %[" w1 "]\n\t"                                          \
    "mulxq 8(%[a]), %[lo], %[hi]\n\t"                                     \
    "adcxq %[lo], %[" w1 "]\n\t"                                          \
    "adoxq %[hi], %[" w2 "]\n\t"                                          \
    "mulxq 16(%[a]), %[lo], %[hi]\n\t"                                    \
    "adcxq %[lo], %[" w2 "]\n\t"                                          \
    "adoxq %[hi], %[" w3 "]\n\t"                                          \
    "mulxq 24(%[a]), %[lo], %[hi]\n\t"                                    \
    "adcxq %[lo], %[" w3 "]\n\t"                                          \
    "adoxq %[hi], %[" w4 "]\n\t"                                          \
    "movl $0, %k[lo]\n\t"                                                 \
    "adcxq %[lo], %[" w4 "]\n\t"                                          \
    "adoxq %[lo], %[" w5 "]\n\t"                                          \
    "adcxq %[lo], %[" w5 "]\n\t"

/* T += w0 p with m = w0, then T / 2^64 (w0 dropped): (m << 32) at w1,
 * (m >> 32) at w2, m p3 at w3..w4, the carry into w5. */
#define RROW(w0, w1, w2, w3, w4, w5)                                      \
    "movq %[" w0 "], %[lo]\n\t"                                           \
    "shlq $32, %[lo]\n\t"                                                 \
    "movq %[" w0 "], %[hi]\n\t"                                           \
    "shrq $32, %[hi]\n\t"                                                 \
    "movq %[" w0 "], %%rdx\n\t"                                           \
    "mulxq %[p3], %[" w0 "], %%rdx\n\t"                                   \
    "addq %[lo], %[" w1 "]\n\t"                                           \
    "adcq %[hi], %[" w2 "]\n\t"                                           \
    "adcq %[" w0 "], %[" w3 "]\n\t"                                       \
    "adcq %%rdx, %[" w4 "]\n\t"                                           \
    "adcq $0, %[" w5 "]\n\t"

/* r = a b / 2^256 mod p, a, b < p; r < p.  r may alias a or b. */
P256_INLINE void p256_mul(u64 r[4], const u64 a[4], const u64 b[4])
{
    u64 w0, w1, w2, w3, w4, w5, lo, hi;
    __asm__(
        "xorl %k[w0], %k[w0]\n\t"
        "xorl %k[w1], %k[w1]\n\t"
        "xorl %k[w2], %k[w2]\n\t"
        "xorl %k[w3], %k[w3]\n\t"
        "xorl %k[w4], %k[w4]\n\t"
        "movq 0(%[b]), %%rdx\n\t"
        MROW("w0", "w1", "w2", "w3", "w4", "w5")
        RROW("w0", "w1", "w2", "w3", "w4", "w5")
        "movq 8(%[b]), %%rdx\n\t"
        MROW("w1", "w2", "w3", "w4", "w5", "w0")
        RROW("w1", "w2", "w3", "w4", "w5", "w0")
        "movq 16(%[b]), %%rdx\n\t"
        MROW("w2", "w3", "w4", "w5", "w0", "w1")
        RROW("w2", "w3", "w4", "w5", "w0", "w1")
        "movq 24(%[b]), %%rdx\n\t"
        MROW("w3", "w4", "w5", "w0", "w1", "w2")
        RROW("w3", "w4", "w5", "w0", "w1", "w2")
        /* T = (w2 : w1 w0 w5 w4) < 2p; T - p borrows iff T < p, and then
         * T itself is taken back by CMOV */
        "movq %[w4], %[lo]\n\t"
        "movq %[w5], %[hi]\n\t"
        "movq %[w0], %%rdx\n\t"
        "movq %[w1], %[w3]\n\t"
        "subq $-1, %[w4]\n\t"
        "movl $0xffffffff, %k[b]\n\t"
        "sbbq %[b], %[w5]\n\t"
        "sbbq $0, %[w0]\n\t"
        "sbbq %[p3], %[w1]\n\t"
        "sbbq $0, %[w2]\n\t"
        "cmovcq %[lo], %[w4]\n\t"
        "cmovcq %[hi], %[w5]\n\t"
        "cmovcq %%rdx, %[w0]\n\t"
        "cmovcq %[w3], %[w1]\n\t"
        : [w0] "=&r"(w0), [w1] "=&r"(w1), [w2] "=&r"(w2), [w3] "=&r"(w3), [w4] "=&r"(w4), [w5] "=&r"(w5),
          [lo] "=&r"(lo), [hi] "=&r"(hi), [b] "+&r"(b)
        : [a] "r"(a), [p3] "m"(p256_p3), MEM4(a), MEM4(b)
        : "rdx", "cc");
    r[0] = w4;
    r[1] = w5;
    r[2] = w0;
    r[3] = w1;
}

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

/* r = a^2 / 2^256 mod p, a < p; r < p; r may alias a (the header's
 * squaring).  The cross sum a0 (a1 + a2 2^64 + a3 2^128) 2^64 +
 * a1 (a2 + a3 2^64) 2^192 + a2 a3 2^320 < 2^447 fits t1..t6, and its
 * doubling carries into t7. */
P256_INLINE void p256_sqr(u64 r[4], const u64 a[4])
{
    u64 t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq 8(%[a]), %[t1], %[t2]\n\t"
        "mulxq 16(%[a]), %[lo], %[t3]\n\t"
        "addq %[lo], %[t2]\n\t"
        "mulxq 24(%[a]), %[lo], %[t4]\n\t"
        "adcq %[lo], %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
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
        "movq 16(%[a]), %%rdx\n\t"
        "mulxq 24(%[a]), %[lo], %[t6]\n\t"
        "addq %[lo], %[t5]\n\t"
        "adcq $0, %[t6]\n\t"
        "movl $0, %k[t7]\n\t"
        "addq %[t1], %[t1]\n\t"
        "adcq %[t2], %[t2]\n\t"
        "adcq %[t3], %[t3]\n\t"
        "adcq %[t4], %[t4]\n\t"
        "adcq %[t5], %[t5]\n\t"
        "adcq %[t6], %[t6]\n\t"
        "adcq $0, %[t7]\n\t"
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
        /* the low half reduced: four steps, rdx = p3 */
        "movq %[p3], %%rdx\n\t"
        SROW("t0", "t1", "t2", "t3")
        SROW("t1", "t2", "t3", "t0")
        SROW("t2", "t3", "t0", "t1")
        SROW("t3", "t0", "t1", "t2")
        /* + H: (hi : t3 t2 t1 t0) < 2p */
        "xorl %k[hi], %k[hi]\n\t"
        "addq %[t4], %[t0]\n\t"
        "adcq %[t5], %[t1]\n\t"
        "adcq %[t6], %[t2]\n\t"
        "adcq %[t7], %[t3]\n\t"
        "adcq $0, %[hi]\n\t"
        /* - p, taken back by CMOV when it borrows */
        "movq %[t0], %[t4]\n\t"
        "movq %[t1], %[t5]\n\t"
        "movq %[t2], %[t6]\n\t"
        "movq %[t3], %[t7]\n\t"
        "movl $0xffffffff, %k[lo]\n\t"
        "subq $-1, %[t0]\n\t"
        "sbbq %[lo], %[t1]\n\t"
        "sbbq $0, %[t2]\n\t"
        "sbbq %%rdx, %[t3]\n\t"
        "sbbq $0, %[hi]\n\t"
        "cmovcq %[t4], %[t0]\n\t"
        "cmovcq %[t5], %[t1]\n\t"
        "cmovcq %[t6], %[t2]\n\t"
        "cmovcq %[t7], %[t3]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
        : [a] "r"(a), [p3] "m"(p256_p3), MEM4(a)
        : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* The additions: a, b < p; results < p.  Outputs may alias inputs (every
 * word is read before any is written). */

/* r = s - p if (c : s) >= p, else s; (c : s) < 2p. */
P256_INLINE void p256_reduce_once(u64 r[4], u64 c, const u64 s[4])
{
    unsigned char bw = 0;
    unsigned long long d0, d1, d2, d3, top;
    u64 m;
    bw = _subborrow_u64(bw, s[0], P0, &d0);
    bw = _subborrow_u64(bw, s[1], P1, &d1);
    bw = _subborrow_u64(bw, s[2], P2, &d2);
    bw = _subborrow_u64(bw, s[3], P3, &d3);
    bw = _subborrow_u64(bw, c, 0, &top);
    m = (u64)0 - (u64)bw; /* all ones: (c : s) < p, keep s */
    r[0] = (s[0] & m) | ((u64)d0 & ~m);
    r[1] = (s[1] & m) | ((u64)d1 & ~m);
    r[2] = (s[2] & m) | ((u64)d2 & ~m);
    r[3] = (s[3] & m) | ((u64)d3 & ~m);
}

P256_INLINE void p256_add(u64 r[4], const u64 a[4], const u64 b[4])
{
    unsigned char c = 0;
    unsigned long long s[4];
    c = _addcarry_u64(c, a[0], b[0], &s[0]);
    c = _addcarry_u64(c, a[1], b[1], &s[1]);
    c = _addcarry_u64(c, a[2], b[2], &s[2]);
    c = _addcarry_u64(c, a[3], b[3], &s[3]);
    p256_reduce_once(r, c, (const u64 *)s);
}

P256_INLINE void p256_sub(u64 r[4], const u64 a[4], const u64 b[4])
{
    unsigned char bw = 0, c = 0;
    unsigned long long d0, d1, d2, d3, r0, r1, r2, r3;
    u64 m;
    bw = _subborrow_u64(bw, a[0], b[0], &d0);
    bw = _subborrow_u64(bw, a[1], b[1], &d1);
    bw = _subborrow_u64(bw, a[2], b[2], &d2);
    bw = _subborrow_u64(bw, a[3], b[3], &d3);
    m = (u64)0 - (u64)bw; /* a < b: add p back */
    c = _addcarry_u64(c, d0, P0 & m, &r0);
    c = _addcarry_u64(c, d1, P1 & m, &r1);
    c = _addcarry_u64(c, d2, P2 & m, &r2);
    (void)_addcarry_u64(c, d3, P3 & m, &r3);
    r[0] = r0;
    r[1] = r1;
    r[2] = r2;
    r[3] = r3;
}

P256_INLINE void p256_dbl(u64 r[4], const u64 a[4])
{
    p256_add(r, a, a);
}

/* r = a / 2 mod p: p added when a is odd (a + p < 2^257, the carry the
 * new top bit), then one shift right. */
P256_INLINE void p256_half(u64 r[4], const u64 a[4])
{
    u64 m = (u64)0 - (a[0] & 1);
    unsigned char c = 0;
    unsigned long long s0, s1, s2, s3;
    c = _addcarry_u64(c, a[0], P0 & m, &s0);
    c = _addcarry_u64(c, a[1], P1 & m, &s1);
    c = _addcarry_u64(c, a[2], P2 & m, &s2);
    c = _addcarry_u64(c, a[3], P3 & m, &s3);
    r[0] = (s0 >> 1) | (s1 << 63);
    r[1] = (s1 >> 1) | (s2 << 63);
    r[2] = (s2 >> 1) | (s3 << 63);
    r[3] = (s3 >> 1) | ((u64)c << 63);
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

/* q = 2q in place, a = -3: dbl-2001-b (Bernstein 2001, EFD), 3M + 5S:
 *   delta = Z1^2, gamma = Y1^2, beta = X1 gamma,
 *   alpha = 3 (X1 - delta)(X1 + delta),
 *   X3 = alpha^2 - 8 beta, Z3 = (Y1 + Z1)^2 - gamma - delta,
 *   Y3 = alpha (4 beta - X3) - 8 gamma^2.
 * The same point and the same representatives as sc_ep_dbl_jac_t (Z3 =
 * 2 Y1 Z1, X3 = M^2 - 2 S with S = 4 beta, Y3 = M (S - X3) - 8 Y1^4).
 * Z1 = 0 gives Z3 = 0. */
void sc_ep_dbl_p256_mulx(sc_ep_jac *q)
{
    u64 delta[4], gamma[4], beta[4], alpha[4], t[4];
    p256_sqr(delta, q->z);
    p256_sqr(gamma, q->y);
    p256_mul(beta, q->x, gamma);
    p256_sub(t, q->x, delta);
    p256_add(alpha, q->x, delta);
    p256_mul(alpha, alpha, t);
    p256_dbl(t, alpha);
    p256_add(alpha, alpha, t);            /* alpha */
    p256_add(t, q->y, q->z);
    p256_sqr(t, t);
    p256_sub(t, t, gamma);
    p256_sub(q->z, t, delta);             /* Z3 */
    p256_dbl(beta, beta);
    p256_dbl(beta, beta);                 /* 4 beta */
    p256_sqr(t, alpha);
    p256_sub(t, t, beta);
    p256_sub(q->x, t, beta);              /* X3 */
    p256_sub(t, beta, q->x);
    p256_mul(t, t, alpha);
    p256_sqr(gamma, gamma);
    p256_dbl(gamma, gamma);
    p256_dbl(gamma, gamma);
    p256_dbl(gamma, gamma);               /* 8 gamma^2 */
    p256_sub(q->y, t, gamma);             /* Y3 */
}

/* o = p + (qx, qy): sc_ep_madd of src/ep/ep.c (madd-2004-hmv, 8M + 3S),
 * operation for operation, with its arguments and modes (0: incomplete,
 * returns 0; 1: returns the all-ones mask when H = R = 0; 2: also returns
 * before writing o then, public data only).  a and b may be qx and qy. */
u64 sc_ep_madd_p256_mulx(sc_ep_jac *o, const sc_ep_jac *p, const u64 *qx, const u64 *qy, u64 *a, u64 *b,
                         u64 *h_out, int mode)
{
    u64 t[4], v[4], same = 0;
    p256_sqr(t, p->z);
    p256_mul(a, qx, t);                   /* U2 */
    p256_mul(t, t, p->z);
    p256_mul(b, qy, t);                   /* S2 */
    p256_sub(a, a, p->x);                 /* H */
    p256_sub(b, b, p->y);                 /* R */
    if (mode != 0)
        same = p256_is_zero(a) & p256_is_zero(b);
    if (mode == 2 && same)
        return same;
    p256_sqr(t, a);                       /* HH */
    p256_mul(v, t, p->x);                 /* V */
    p256_mul(t, t, a);                    /* HHH */
    p256_mul(o->z, p->z, a);              /* Z3: X1 and Z1 read by now */
    if (h_out) {
        h_out[0] = a[0];
        h_out[1] = a[1];
        h_out[2] = a[2];
        h_out[3] = a[3];
    }
    p256_sqr(a, b);
    p256_sub(a, a, t);
    p256_sub(a, a, v);
    p256_sub(o->x, a, v);                 /* X3 */
    p256_mul(t, t, p->y);                 /* Y1 HHH: Y1 still unwritten */
    p256_sub(v, v, o->x);
    p256_mul(v, v, b);
    p256_sub(o->y, v, t);                 /* Y3 */
    return same;
}

/* o = p + q, Jacobian: add_core of src/ep/ep.c (add-1998-cmo-2, 12M + 4S)
 * operation for operation, modes as sc_ep_madd_p256_mulx; o may alias p
 * or q (Z1 Z2 is formed from the inputs before o is written). */
u64 sc_ep_add_p256_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, int mode)
{
    u64 z1z1[4], z2z2[4], u1[4], u2[4], s1[4], s2[4], hh[4], same = 0;
    p256_sqr(z1z1, p->z);
    p256_sqr(z2z2, q->z);
    p256_mul(u1, p->x, z2z2);
    p256_mul(u2, q->x, z1z1);
    p256_mul(s1, p->y, q->z);
    p256_mul(s1, s1, z2z2);
    p256_mul(s2, q->y, p->z);
    p256_mul(s2, s2, z1z1);
    p256_sub(u2, u2, u1);                 /* H */
    p256_sub(s2, s2, s1);                 /* r */
    if (mode != 0)
        same = p256_is_zero(u2) & p256_is_zero(s2);
    if (mode == 2 && same)
        return same;
    p256_mul(z2z2, p->z, q->z);           /* Z1 Z2 */
    p256_sqr(hh, u2);
    p256_mul(z1z1, hh, u2);               /* HHH */
    p256_mul(u1, u1, hh);                 /* V */
    p256_mul(s1, s1, z1z1);               /* S1 HHH */
    p256_mul(o->z, z2z2, u2);             /* Z3 (inputs all read by now) */
    p256_sqr(hh, s2);
    p256_sub(hh, hh, z1z1);
    p256_sub(hh, hh, u1);
    p256_sub(o->x, hh, u1);               /* X3 */
    p256_sub(u1, u1, o->x);
    p256_mul(u1, u1, s2);
    p256_sub(o->y, u1, s1);               /* Y3 */
    return same;
}
#else
typedef int sc_ep_p256_mulx_unused;
#endif
