/* GF(2^m) kernels with PCLMULQDQ, the 64 x 64 -> 128-bit carry-less multiply
 * (Gueron, Kounavis, "Intel carry-less multiplication instruction and its
 * usage for computing the GCM mode", Intel white paper, 2010): the x86-64
 * counterpart of the C64x+ XORMPY of [OMAP] sec. III-C, with 64-bit
 * operands where XORMPY takes 32 x 9 bits.
 *
 * They work on 64-bit pieces (src/fb/fb_internal.h) and override the
 * portable comb product, spread squaring and software multiply-by-T
 * reduction of src/fb when CPUID reports PCLMULQDQ (sc_fb_set_accel);
 * tests/test_fb.c compares the two at every limb width.  Constant time:
 * PCLMULQDQ has a fixed latency, and loop bounds and addresses depend on
 * the public sizes only. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#include <stdint.h>
#include <string.h>
#include <seacurve/util.h>
#include "fb/fb_internal.h"

#define CLMUL_FN __attribute__((target("pclmul,sse2")))
#define ALWAYS_INLINE inline __attribute__((always_inline))
/* full unrolling of the constant-bound loops of the fused kernels, so that
 * their local arrays live in registers */
#if defined(__clang__)
#define UNROLL _Pragma("unroll")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

int sc_fb_clmul_cpu(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    return (c >> 1) & 1u;   /* CPUID.01H:ECX.PCLMULQDQ[bit 1] */
}

/* (hi : lo) = a * b, carry-less */
static ALWAYS_INLINE CLMUL_FN void cl1(uint64_t *lo, uint64_t *hi, uint64_t a, uint64_t b)
{
    __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)a), _mm_cvtsi64_si128((long long)b), 0x00);
    *lo = (uint64_t)_mm_cvtsi128_si64(p);
    *hi = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p));
}

/* r[0..3] = (a1 X + a0)(b1 X + b0), X = x^64: Karatsuba, 3 products
 * (a0 b0, a1 b1, (a0 + a1)(b0 + b1); the middle term is their sum). */
static ALWAYS_INLINE CLMUL_FN void kmul2(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t l0, h0, l2, h2, l1, h1;
    cl1(&l0, &h0, a[0], b[0]);
    cl1(&l2, &h2, a[1], b[1]);
    cl1(&l1, &h1, a[0] ^ a[1], b[0] ^ b[1]);
    l1 ^= l0 ^ l2;
    h1 ^= h0 ^ h2;
    r[0] = l0;
    r[1] = h0 ^ l1;
    r[2] = l2 ^ h1;
    r[3] = h2;
}

/* r[0..5] = a b for 3 pieces: the three-term Karatsuba formula, 6 products
 * (Weimerskirch, Paar, "Generalizations of the Karatsuba algorithm for
 * efficient implementations", IACR ePrint 2006/224, sec. 4): with
 * d_i = a_i b_i and d_ij = (a_i + a_j)(b_i + b_j),
 * c0 = d0, c1 = d01 + d0 + d1, c2 = d02 + d0 + d1 + d2, c3 = d12 + d1 + d2, c4 = d2
 * (c_i the coefficient of X^i, each 128 bits). */
static ALWAYS_INLINE CLMUL_FN void kmul3(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t d0l, d0h, d1l, d1h, d2l, d2h, e01l, e01h, e02l, e02h, e12l, e12h;
    cl1(&d0l, &d0h, a[0], b[0]);
    cl1(&d1l, &d1h, a[1], b[1]);
    cl1(&d2l, &d2h, a[2], b[2]);
    cl1(&e01l, &e01h, a[0] ^ a[1], b[0] ^ b[1]);
    cl1(&e02l, &e02h, a[0] ^ a[2], b[0] ^ b[2]);
    cl1(&e12l, &e12h, a[1] ^ a[2], b[1] ^ b[2]);
    /* coefficients c_i = (cil, cih) at X^i */
    uint64_t c1l = e01l ^ d0l ^ d1l, c1h = e01h ^ d0h ^ d1h;
    uint64_t c2l = e02l ^ d0l ^ d1l ^ d2l, c2h = e02h ^ d0h ^ d1h ^ d2h;
    uint64_t c3l = e12l ^ d1l ^ d2l, c3h = e12h ^ d1h ^ d2h;
    r[0] = d0l;
    r[1] = d0h ^ c1l;
    r[2] = c1h ^ c2l;
    r[3] = c2h ^ c3l;
    r[4] = c3h ^ d2l;
    r[5] = d2h;
}

/* r (2K pieces) = a b for K pieces, Karatsuba: a = a1 X^H + a0, H = ceil(K/2),
 * a1 of L = K - H pieces; z0 = a0 b0, z2 = a1 b1, z1 = (a0 + a1)(b0 + b1),
 * r = z2 X^2H + (z0 + z1 + z2) X^H + z0 (H + 2H <= 2K for K >= 4).  FH, FL
 * multiply H- and L-piece operands.  Instantiated for K = 4..7 (the SEC 2
 * fields have 3, 4, 5 and 7 pieces). */
#define KSPLIT(name, K, H, FH, FL)                                              \
    static ALWAYS_INLINE CLMUL_FN void name(uint64_t *r, const uint64_t *a, const uint64_t *b) \
    {                                                                           \
        uint64_t sa[H], sb[H], z1[2 * (H)];                                     \
        size_t i;                                                               \
        UNROLL for (i = 0; i < (H); i++) {                                      \
            sa[i] = a[i] ^ (i < (K) - (H) ? a[(H) + i] : 0);                    \
            sb[i] = b[i] ^ (i < (K) - (H) ? b[(H) + i] : 0);                    \
        }                                                                       \
        FH(r, a, b);                                                            \
        FL(r + 2 * (H), a + (H), b + (H));                                      \
        FH(z1, sa, sb);                                                         \
        UNROLL for (i = 0; i < 2 * (H); i++)                                    \
            z1[i] ^= r[i] ^ (i < 2 * ((K) - (H)) ? r[2 * (H) + i] : 0);         \
        UNROLL for (i = 0; i < 2 * (H); i++)                                    \
            r[(H) + i] ^= z1[i];                                                \
    }
KSPLIT(kmul4, 4, 2, kmul2, kmul2)
KSPLIT(kmul5, 5, 3, kmul3, kmul2)
KSPLIT(kmul6, 6, 3, kmul3, kmul3)
KSPLIT(kmul7, 7, 4, kmul4, kmul3)

CLMUL_FN void sc_fb_clmul_mul64(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t k)
{
    switch (k) {
    case 1: cl1(&r[0], &r[1], a[0], b[0]); break;
    case 2: kmul2(r, a, b); break;
    case 3: kmul3(r, a, b); break;
    case 4: kmul4(r, a, b); break;
    case 5: kmul5(r, a, b); break;
    case 6: kmul6(r, a, b); break;
    default: kmul7(r, a, b); break;   /* k = 7 = SC_FB_MAXP */
    }
}

CLMUL_FN void sc_fb_clmul_sqr64(uint64_t *r, const uint64_t *a, size_t k)
{
    size_t i;
    for (i = 0; i < k; i++)
        cl1(&r[2 * i], &r[2 * i + 1], a[i], a[i]);
}

/* The multiply-by-T reduction of [OMAP] sec. III-B / Fig. 3 left (C mod f
 * = C_l + C_h T, T = f - x^m) with the partial products aligned to the
 * multiplier's 64-bit pieces (as [OMAP] aligns them to XORMPY's 24-bit
 * subwords): with Q = ceil(m/64) and s = 64 Q - m, a piece c_i (i >= Q, all
 * its degrees >= m) is c_i x^(64i) = c_i x^(64i - m) T = (c_i * T x^s) x^(64(i-Q)),
 * so it is multiplied by the constant T x^s (kts = 1 or 2 pieces: deg T + s
 * < 128) and the product xored at piece i - Q, without shifting C_h out.
 * Pieces from the top down (each deposit lands below its piece when Q > kts);
 * then the bits >= m of piece Q-1, shifted down, times T at piece 0.
 * PCLMULQDQ count: (kc - Q) kts + kt, i.e. 4, 10, 6, 16 for m = 163, 233,
 * 283, 409.  c is held in a local array (registers, once unrolled). */
static inline __attribute__((always_inline)) CLMUL_FN void reduce_t_aligned(uint64_t *c, size_t kc, unsigned m,
                                                                            const uint64_t *t, size_t kt, unsigned k0)
{
    const size_t Q = (m + 63u) / 64u;
    const unsigned s = (unsigned)(64u * Q - m), r = m & 63u;
    const size_t kts = (k0 + s) / 64u + 1u;
    uint64_t x[2 * SC_FB_MAXP], ts0, ts1, t1 = kt > 1 ? t[1] : 0, lo, hi;
    size_t i;
    ts0 = t[0] << s;
    ts1 = (t1 << s) | (s ? t[0] >> (64u - s) : 0);
    for (i = 0; i < kc; i++)
        x[i] = c[i];
    for (i = kc; i-- > Q;) {
        cl1(&lo, &hi, x[i], ts0);
        x[i - Q] ^= lo;
        x[i - Q + 1] ^= hi;
        if (kts > 1) {
            cl1(&lo, &hi, x[i], ts1);
            x[i - Q + 1] ^= lo;
            x[i - Q + 2] ^= hi;
        }
    }
    if (r) {
        uint64_t w = x[Q - 1] >> r;
        x[Q - 1] &= ((uint64_t)1 << r) - 1u;
        cl1(&lo, &hi, w, t[0]);
        x[0] ^= lo;
        x[1] ^= hi;
        if (kt > 1) {
            cl1(&lo, &hi, w, t1);
            x[1] ^= lo;
            x[2] ^= hi;
        }
    }
    for (i = 0; i < kc; i++)
        c[i] = i < Q ? x[i] : 0;
}

/* The SEC 2 fields compiled with their sizes as constants (unrolled loops);
 * other shapes within the bounds above run the same body with variable
 * sizes; the rest (deg T + s >= 128, ceil(m/64) <= kts, T wider than two
 * pieces, kc < 3) are refused (return 0). */
CLMUL_FN int sc_fb_clmul_reduce_t(uint64_t *c, size_t kc, unsigned m, const uint64_t *t, size_t kt, unsigned k0)
{
    size_t Q = (m + 63u) / 64u;
    unsigned s = (unsigned)(64u * Q - m);
    if (m == 163 && kc == 6 && kt == 1 && k0 == 7)
        reduce_t_aligned(c, 6, 163, t, 1, 7);
    else if (m == 233 && kc == 8 && kt == 2 && k0 == 74)
        reduce_t_aligned(c, 8, 233, t, 2, 74);
    else if (m == 283 && kc == 10 && kt == 1 && k0 == 12)
        reduce_t_aligned(c, 10, 283, t, 1, 12);
    else if (m == 409 && kc == 14 && kt == 2 && k0 == 87)
        reduce_t_aligned(c, 14, 409, t, 2, 87);
    else if (kt <= 2 && k0 + s < 128u && Q > (k0 + s) / 64u + 1u && kc >= 3 && kc <= 2 * SC_FB_MAXP)
        reduce_t_aligned(c, kc, m, t, kt, k0);
    else
        return 0;
    return 1;
}

/* ---- fused multiply / square and reduction for the SEC 2 fields ----
 *
 * The product and the reduction in one function, on local 64-bit pieces
 * that the compiler keeps in registers (constant sizes, unrolled loops),
 * with the field's constants as immediates; one load of each input and one
 * store of the result.  Separately, the product was stored piece by piece
 * and the reducer read it back with wider (vector) loads straddling those
 * stores: the loads could not be forwarded from the store buffer and
 * stalled, which made the reduction cost as much as the PCLMULQDQ product
 * (perf: a third of the ladder's time on one movups in the reducer).
 *
 * The reduction is the shift-and-xor word folding of src/fb/fb_reduce.c
 * ([OMAP] Fig. 3 right) at 64-bit words: piece i >= Q (degrees >= m) is
 * cleared and xored in at degrees 64 i - m + e for each exponent e of
 * T(x) = f(x) - x^m (m - deg T > 64 keeps every deposit below piece i);
 * then the bits >= m of piece Q - 1 at degrees e. */
static ALWAYS_INLINE void xor_at64(uint64_t *x, uint64_t w, unsigned pos)
{
    unsigned q = pos / 64u, s = pos % 64u;
    x[q] ^= w << s;
    if (s)
        x[q + 1] ^= w >> (64u - s);
}

static ALWAYS_INLINE void red64(uint64_t *r, uint64_t *x, unsigned Q, unsigned m, unsigned nk, unsigned k0,
                                unsigned k1, unsigned k2)
{
    const unsigned ks[4] = { k0, k1, k2, 0u };
    unsigned i, e, sh = m % 64u;
    UNROLL for (i = 2 * Q - 1; i >= Q; i--) {
        uint64_t w = x[i];
        x[i] = 0;
        UNROLL for (e = 0; e < 4; e++)
            if (e < nk || e == 3)
                xor_at64(x, w, 64u * i - m + ks[e]);
    }
    if (sh) {
        uint64_t w = x[Q - 1] >> sh;
        x[Q - 1] &= ((uint64_t)1 << sh) - 1u;
        UNROLL for (e = 0; e < 4; e++)
            if (e < nk || e == 3)
                xor_at64(x, w, ks[e]);
    }
    UNROLL for (i = 0; i < Q; i++)
        r[i] = x[i];
}

/* The same reduction by multiplication with T ([OMAP] Fig. 3 left; the
 * aligned form of reduce_t_aligned above) for a T of one piece after the shift
 * s = 64 Q - m (the pentanomials: deg T + s < 64): piece i >= Q times T x^s
 * xored at piece i - Q, from the top down; then the bits >= m of piece Q - 1
 * times T at piece 0.  One PCLMULQDQ per piece instead of 2 (nk + 1) shifted
 * xors. */
static ALWAYS_INLINE CLMUL_FN void red64_mult(uint64_t *r, uint64_t *x, unsigned Q, unsigned m, uint64_t t)
{
    const unsigned s = 64u * Q - m, sh = m % 64u;
    uint64_t lo, hi;
    unsigned i;
    UNROLL for (i = 2 * Q - 1; i >= Q; i--) {
        cl1(&lo, &hi, x[i], t << s);
        x[i - Q] ^= lo;
        x[i - Q + 1] ^= hi;
    }
    if (sh) {
        uint64_t w = x[Q - 1] >> sh;
        x[Q - 1] &= ((uint64_t)1 << sh) - 1u;
        cl1(&lo, &hi, w, t);
        x[0] ^= lo;
        x[1] ^= hi;
    }
    UNROLL for (i = 0; i < Q; i++)
        r[i] = x[i];
}

/* the pentanomials (GF(2^163), GF(2^283)) reduce by multiplication with T,
 * the trinomials (T x^s spans two pieces there) by shift-and-xor: measured
 * (test_fb_timing, W = 64, Zen 3) 21 / 30 ns against 20 / 34 ns per multiply
 * and 11 / 15 ns against 13 / 18 ns per square for m = 163 / 283 */
#define RED_MULT(nk) ((nk) == 3)
#define T_OF(k0, k1, k2) (((uint64_t)1 << (k0)) | ((uint64_t)1 << (k1)) | ((uint64_t)1 << (k2)) | 1u)

static ALWAYS_INLINE CLMUL_FN void mulmod(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned Q, unsigned m,
                                          unsigned nk, unsigned k0, unsigned k1, unsigned k2)
{
    uint64_t x[2 * SC_FB_MAXP], pa[SC_FB_MAXP], pb[SC_FB_MAXP];
    unsigned i;
    UNROLL for (i = 0; i < Q; i++) {
        pa[i] = a[i];
        pb[i] = b[i];
    }
    switch (Q) {
    case 3: kmul3(x, pa, pb); break;
    case 4: kmul4(x, pa, pb); break;
    case 5: kmul5(x, pa, pb); break;
    default: kmul7(x, pa, pb); break;
    }
    if (RED_MULT(nk))
        red64_mult(r, x, Q, m, T_OF(k0, k1, k2));
    else
        red64(r, x, Q, m, nk, k0, k1, k2);
}

/* r = a^(2^n), n >= 1 squarings on local pieces */
static ALWAYS_INLINE CLMUL_FN void sqrmod(uint64_t *r, const uint64_t *a, unsigned n, unsigned Q, unsigned m,
                                          unsigned nk, unsigned k0, unsigned k1, unsigned k2)
{
    uint64_t x[2 * SC_FB_MAXP], y[SC_FB_MAXP];
    unsigned i;
    UNROLL for (i = 0; i < Q; i++)
        y[i] = a[i];
    do {
        UNROLL for (i = 0; i < Q; i++)
            cl1(&x[2 * i], &x[2 * i + 1], y[i], y[i]);
        if (RED_MULT(nk))
            red64_mult(y, x, Q, m, T_OF(k0, k1, k2));
        else
            red64(y, x, Q, m, nk, k0, k1, k2);
    } while (--n);
    UNROLL for (i = 0; i < Q; i++)
        r[i] = y[i];
}

#define SEC2_SHAPE(f, M, NK, K0, K1, K2) \
    ((f)->m == (M) && (f)->nk == (NK) && (f)->k[0] == (K0) && ((NK) == 1 || ((f)->k[1] == (K1) && (f)->k[2] == (K2))))

CLMUL_FN int sc_fb_clmul_mulmod(uint64_t *r, const uint64_t *a, const uint64_t *b, const sc_fb_field *f)
{
    if (SEC2_SHAPE(f, 163, 3, 7, 6, 3))
        mulmod(r, a, b, 3, 163, 3, 7, 6, 3);
    else if (SEC2_SHAPE(f, 233, 1, 74, 0, 0))
        mulmod(r, a, b, 4, 233, 1, 74, 0, 0);
    else if (SEC2_SHAPE(f, 283, 3, 12, 7, 5))
        mulmod(r, a, b, 5, 283, 3, 12, 7, 5);
    else if (SEC2_SHAPE(f, 409, 1, 87, 0, 0))
        mulmod(r, a, b, 7, 409, 1, 87, 0, 0);
    else
        return 0;
    return 1;
}

CLMUL_FN int sc_fb_clmul_sqrmod(uint64_t *r, const uint64_t *a, unsigned n, const sc_fb_field *f)
{
    if (!n)
        return 0;
    if (SEC2_SHAPE(f, 163, 3, 7, 6, 3))
        sqrmod(r, a, n, 3, 163, 3, 7, 6, 3);
    else if (SEC2_SHAPE(f, 233, 1, 74, 0, 0))
        sqrmod(r, a, n, 4, 233, 1, 74, 0, 0);
    else if (SEC2_SHAPE(f, 283, 3, 12, 7, 5))
        sqrmod(r, a, n, 5, 283, 3, 12, 7, 5);
    else if (SEC2_SHAPE(f, 409, 1, 87, 0, 0))
        sqrmod(r, a, n, 7, 409, 1, 87, 0, 0);
    else
        return 0;
    return 1;
}
/* ---- the Montgomery ladder's loop for the SEC 2 fields ----
 *
 * src/eb/eb_ladder.c's loop (Lopez-Dahab x-only Madd and Mdouble between
 * conditional swaps by the key bits) with the fused multiplications and
 * squarings inlined: no call or dispatch per field operation, and the
 * compiler interleaves the independent products (X1 Z2 and X2 Z1, X^2 and
 * Z^2), whose PCLMULQDQ latencies then overlap.  Same operations and order
 * as the C loop; swaps by masks (the mask from sc_ct_barrier), fixed trip
 * count: constant time. */
static ALWAYS_INLINE CLMUL_FN void cswap64(uint64_t *a, uint64_t *b, uint64_t m, unsigned Q)
{
    unsigned i;
    UNROLL for (i = 0; i < Q; i++) {
        uint64_t t = (a[i] ^ b[i]) & m;
        a[i] ^= t;
        b[i] ^= t;
    }
}

/* One ladder step (after the swap): (X2:Z2) = Madd, (X1:Z1) = Mdouble */
static ALWAYS_INLINE CLMUL_FN void ladder_step(uint64_t *x1, uint64_t *z1, uint64_t *x2, uint64_t *z2,
                                               const uint64_t *x, const uint64_t *b, int b_one, unsigned Q,
                                               unsigned m, unsigned nk, unsigned k0, unsigned k1, unsigned k2)
{
    uint64_t u[SC_FB_MAXP], v[SC_FB_MAXP], s[SC_FB_MAXP], t[SC_FB_MAXP];
    unsigned j;
    /* Madd: u = X1 Z2, v = X2 Z1, Z2 = (u + v)^2, X2 = x Z2 + u v */
    mulmod(u, x1, z2, Q, m, nk, k0, k1, k2);
    mulmod(v, x2, z1, Q, m, nk, k0, k1, k2);
    UNROLL for (j = 0; j < Q; j++)
        s[j] = u[j] ^ v[j];
    sqrmod(z2, s, 1, Q, m, nk, k0, k1, k2);
    mulmod(u, u, v, Q, m, nk, k0, k1, k2);
    mulmod(v, x, z2, Q, m, nk, k0, k1, k2);
    UNROLL for (j = 0; j < Q; j++)
        x2[j] = u[j] ^ v[j];
    /* Mdouble: Z1 = X1^2 Z1^2, X1 = X1^4 + b Z1^4 */
    sqrmod(s, x1, 1, Q, m, nk, k0, k1, k2);
    sqrmod(t, z1, 1, Q, m, nk, k0, k1, k2);
    mulmod(z1, s, t, Q, m, nk, k0, k1, k2);
    sqrmod(s, s, 1, Q, m, nk, k0, k1, k2);
    sqrmod(t, t, 1, Q, m, nk, k0, k1, k2);
    if (!b_one)
        mulmod(t, t, b, Q, m, nk, k0, k1, k2);
    UNROLL for (j = 0; j < Q; j++)
        x1[j] = s[j] ^ t[j];
}

/* the step per field and b = 1 or not, each one function (the loop around
 * it stays a loop: GCC carried the unroll pragmas of the inlined kernels over
 * to the ladder's loop, 16 copies, 2 MB of code) */
typedef void (*step_fn)(uint64_t *, uint64_t *, uint64_t *, uint64_t *, const uint64_t *, const uint64_t *);
#define STEP(name, b1, Q, M, NK, K0, K1, K2)                                                                \
    static __attribute__((noinline)) CLMUL_FN void name(uint64_t *x1, uint64_t *z1, uint64_t *x2,          \
                                                        uint64_t *z2, const uint64_t *x, const uint64_t *b) \
    {                                                                                                       \
        ladder_step(x1, z1, x2, z2, x, b, b1, Q, M, NK, K0, K1, K2);                                        \
    }
STEP(step163_1, 1, 3, 163, 3, 7, 6, 3)
STEP(step163_b, 0, 3, 163, 3, 7, 6, 3)
STEP(step233_1, 1, 4, 233, 1, 74, 0, 0)
STEP(step233_b, 0, 4, 233, 1, 74, 0, 0)
STEP(step283_1, 1, 5, 283, 3, 12, 7, 5)
STEP(step283_b, 0, 5, 283, 3, 12, 7, 5)
STEP(step409_1, 1, 7, 409, 1, 87, 0, 0)
STEP(step409_b, 0, 7, 409, 1, 87, 0, 0)

static CLMUL_FN void ladder_loop(uint64_t *x1, uint64_t *z1, uint64_t *x2, uint64_t *z2, const uint64_t *x,
                                 const uint64_t *b, const uint8_t *k, unsigned L, unsigned Q, step_fn step)
{
    uint64_t prev = 0, mask;
    unsigned i;
    for (i = L; i-- > 0;) {
        uint64_t bit = (uint64_t)((k[i / 8] >> (i % 8)) & 1u);
        mask = (uint64_t)0 - ((uint64_t)sc_ct_barrier((sc_word)(bit ^ prev)) & 1u);
        prev = bit;
        cswap64(x1, x2, mask, Q);
        cswap64(z1, z2, mask, Q);
        step(x1, z1, x2, z2, x, b);
    }
    mask = (uint64_t)0 - ((uint64_t)sc_ct_barrier((sc_word)prev) & 1u);
    cswap64(x1, x2, mask, Q);
    cswap64(z1, z2, mask, Q);
}

CLMUL_FN int sc_fb_clmul_ladder(uint64_t *x1, uint64_t *z1, uint64_t *x2, uint64_t *z2, const uint64_t *x,
                                const uint64_t *b, int b_one, const uint8_t *k, unsigned L, const sc_fb_field *f)
{
    unsigned Q;
    step_fn st;
    if (SEC2_SHAPE(f, 163, 3, 7, 6, 3))
        Q = 3, st = b_one ? step163_1 : step163_b;
    else if (SEC2_SHAPE(f, 233, 1, 74, 0, 0))
        Q = 4, st = b_one ? step233_1 : step233_b;
    else if (SEC2_SHAPE(f, 283, 3, 12, 7, 5))
        Q = 5, st = b_one ? step283_1 : step283_b;
    else if (SEC2_SHAPE(f, 409, 1, 87, 0, 0))
        Q = 7, st = b_one ? step409_1 : step409_b;
    else
        return 0;
    ladder_loop(x1, z1, x2, z2, x, b, k, L, Q, st);
    return 1;
}
#endif


