/* eb: variable-time k P and u1 G + u2 Q on the Koblitz curves (sect163k1,
 * sect233k1, sect283k1, sect409k1: a in {0, 1}, b = 1) by the width-w
 * tau-adic NAF (Solinas, "Efficient arithmetic on Koblitz curves", Des. Codes
 * Cryptogr. 19, 2000; Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
 * Cryptography" (2004), sec. 3.4, Alg. 3.61-3.70).
 *
 * The Frobenius map tau(x, y) = (x^2, y^2) (in Lopez-Dahab coordinates
 * (X^2, Y^2, Z^2), 3S) satisfies tau^2 - mu tau + 2 = 0 on the curve,
 * mu = (-1)^(1-a), so an element r0 + r1 tau of Z[tau] acts on points and
 * replaces the doublings of a NAF by Frobenius maps.
 *
 *  1. Partial reduction (Alg. 3.62-3.65): k is replaced by
 *     rho = k - q (tau^m - 1), q = (q0 + q1 tau) the rounded quotient
 *     k / (tau^m - 1), approximated by q_i = round(k g_i / 2^K) with the
 *     generated g_i = round(s_i 2^K / #E).  tau^m - 1 kills every point of
 *     E(GF(2^m)) (tau^m is the identity there), so rho P = k P for every
 *     point of the curve, also outside the subgroup of order n (the reduction
 *     modulo delta = (tau^m - 1)/(tau - 1) of Solinas would be wrong there);
 *     rho has norm about #E, so its expansion has about m digits.  The
 *     quotient's precision only affects the length of the expansion, never
 *     the result.  Signed integers: fixed-width two's complement on 32-bit
 *     limbs (every limb width uses the same code).
 *  2. Width-w TNAF (Alg. 3.69): while rho != 0: if r0 is odd,
 *     u = (r0 + r1 t_w) mods 2^w, rho -= alpha_u (alpha_-u = -alpha_u); then
 *     rho /= tau: (r0, r1) = (r1 + mu r0/2, -r0/2).  t_w = 2 U_(w-1) / U_w
 *     mod 2^w (U the Lucas sequence of tau), alpha_u = u mods tau^w, the
 *     element of least norm congruent to u (found here by searching the
 *     quotients next to the rational u / tau^w).
 *  3. alpha_u P for the odd u < 2^(w-1), each from the width-2 TNAF of
 *     alpha_u (a few Frobenius maps and additions), made affine together
 *     (one inversion); then Q = tau Q and one mixed addition per nonzero
 *     digit, from the top. */
#include <seacurve/eb.h>
#include <string.h>
#include "eb_internal.h"
#include "util/flash.h"

#define BL SC_EB_TNAF_LIMBS
#define W_P 5                     /* TNAF width for a variable point: 8 points */
#define W_G 5                     /* for G in u1 G + u2 Q: 8 points (6: slower, the
                                     points are computed per call) */
#define MAXD (SC_FB_MAX_BITS + 24) /* digits: m + a few (norm of rho about h n) */

typedef struct { uint32_t v[BL]; } bi;

const sc_eb_tnaf_consts *sc_eb_tnaf_of(const sc_eb_curve *c)
{
    size_t i;
    if (!c->b_one || c->a_kind == SC_EB_A_GENERIC)
        return NULL;
    for (i = 0; i < sc_eb_ntnafs; i++)
        if (sc_eb_tnafs[i].m == c->f->m)
            return &sc_eb_tnafs[i];
    return NULL;
}

/* ---- signed integers, L limbs, two's complement ---- */

static void bi_set(bi *r, int32_t x)
{
    size_t i;
    r->v[0] = (uint32_t)x;
    for (i = 1; i < BL; i++)
        r->v[i] = x < 0 ? 0xffffffffu : 0;
}

static void bi_add(bi *r, const bi *a, const bi *b, size_t L)
{
    uint64_t t = 0;
    size_t i;
    for (i = 0; i < L; i++) {
        t += (uint64_t)a->v[i] + b->v[i];
        r->v[i] = (uint32_t)t;
        t >>= 32;
    }
}

static void bi_sub(bi *r, const bi *a, const bi *b, size_t L)
{
    uint64_t t = 1;
    size_t i;
    for (i = 0; i < L; i++) { /* a + ~b + 1 */
        t += (uint64_t)a->v[i] + (uint32_t)~b->v[i];
        r->v[i] = (uint32_t)t;
        t >>= 32;
    }
}

static void bi_neg(bi *r, const bi *a, size_t L)
{
    bi z;
    memset(&z, 0, sizeof z);
    bi_sub(r, &z, a, L);
}

/* r = a b mod 2^(32 BL) (two's complement: the signed product when it fits); r apart from a, b */
static void bi_mul(bi *r, const bi *a, const bi *b)
{
    size_t i, j;
    memset(r, 0, sizeof *r);
    for (i = 0; i < BL; i++) {
        uint64_t t = 0;
        if (!a->v[i])
            continue;
        for (j = 0; i + j < BL; j++) {
            t += (uint64_t)a->v[i] * b->v[j] + r->v[i + j];
            r->v[i + j] = (uint32_t)t;
            t >>= 32;
        }
    }
}

/* r = a >> s, arithmetic (floor), L limbs, 0 < s; r may be a */
static void bi_sar(bi *r, const bi *a, unsigned s, size_t L)
{
    uint32_t sign = (a->v[L - 1] >> 31) ? 0xffffffffu : 0;
    size_t q = s / 32, i;
    unsigned t = s % 32;
    for (i = 0; i < L; i++) {
        uint32_t lo = i + q < L ? a->v[i + q] : sign;
        uint32_t hi = i + q + 1 < L ? a->v[i + q + 1] : sign;
        r->v[i] = t ? (uint32_t)((lo >> t) | (hi << (32 - t))) : lo;
    }
}

static int bi_is_zero(const bi *a, size_t L)
{
    size_t i;
    for (i = 0; i < L; i++)
        if (a->v[i])
            return 0;
    return 1;
}

static void bi_add_small(bi *r, int32_t x, size_t L)
{
    bi t;
    bi_set(&t, x);
    bi_add(r, r, &t, L);
}

/* limbs that hold a (its top limb a sign extension of the one below), at least 1 */
static size_t bi_len(const bi *a)
{
    size_t L = BL;
    while (L > 1 && a->v[L - 1] == ((a->v[L - 2] >> 31) ? 0xffffffffu : 0))
        L--;
    return L;
}

static void bi_const(bi *r, const uint32_t *src)
{
    sc_flash_cpy(r->v, src, sizeof r->v);
}

/* ---- alpha_u = u mods tau^w ---- */

typedef struct {
    int mu;
    unsigned w;
    int tw;             /* t_w */
    int16_t a[32][2];   /* alpha_u = a[(u-1)/2][0] + a[(u-1)/2][1] tau, odd u < 2^(w-1) */
} tnaf_ctx;

static long norm_of(long a0, long a1, int mu) { return a0 * a0 + mu * a0 * a1 + 2 * a1 * a1; }

/* floor(x / 2^w) for a long x */
static long fdiv(long x, unsigned w) { return x >= 0 ? x >> w : -((-x + (1L << w) - 1) >> w); }

static void ctx_init(tnaf_ctx *t, int mu, unsigned w)
{
    long U[10], e0, e1, inv = 1;
    unsigned i;
    long u;
    t->mu = mu;
    t->w = w;
    U[0] = 0;
    U[1] = 1;
    for (i = 1; i < w; i++)
        U[i + 1] = mu * U[i] - 2 * U[i - 1];
    /* t_w = 2 U_(w-1) U_w^-1 mod 2^w (U_w is odd) */
    while (((inv * U[w]) & ((1L << w) - 1)) != 1)
        inv += 2;
    t->tw = (int)((2 * U[w - 1] * inv) & ((1L << w) - 1));
    /* tau^w = e0 + e1 tau, its conjugate (e0 + mu e1) - e1 tau, norm 2^w */
    e0 = -2 * U[w - 1];
    e1 = U[w];
    for (u = 1; u < (1L << (w - 1)); u += 2) {
        long f0 = fdiv(u * (e0 + mu * e1), w), f1 = fdiv(-u * e1, w), best = -1, q0, q1;
        for (q0 = f0 - 1; q0 <= f0 + 2; q0++)
            for (q1 = f1 - 1; q1 <= f1 + 2; q1++) {
                long a0 = u - (q0 * e0 - 2 * q1 * e1), a1 = -(q0 * e1 + q1 * e0 + mu * q1 * e1);
                long nn = norm_of(a0, a1, mu);
                if (best < 0 || nn < best) {
                    best = nn;
                    t->a[(u - 1) / 2][0] = (int16_t)a0;
                    t->a[(u - 1) / 2][1] = (int16_t)a1;
                }
            }
    }
}

/* width-w TNAF digits of r0 + r1 tau (clobbered), least significant first;
 * returns the count, or TNAF_LONG when the expansion would exceed maxd */
#define TNAF_LONG ((size_t)-1)
static size_t tnaf_recode(int8_t *d, size_t maxd, bi *r0, bi *r1, const tnaf_ctx *t)
{
    size_t n = 0, L = bi_len(r0);
    const unsigned w = t->w;
    bi h;
    if (bi_len(r1) > L)
        L = bi_len(r1);
    L = L + 2 > BL ? BL : L + 2;
    while (!bi_is_zero(r0, L) || !bi_is_zero(r1, L)) {
        int u = 0;
        if (n == maxd)
            return TNAF_LONG;
        if (r0->v[0] & 1u) {
            u = (int)((r0->v[0] + r1->v[0] * (uint32_t)t->tw) & ((1u << w) - 1u));
            if (u >= (1 << (w - 1)))
                u -= 1 << w;
            if (u > 0) {
                bi_add_small(r0, -t->a[(u - 1) / 2][0], L);
                bi_add_small(r1, -t->a[(u - 1) / 2][1], L);
            } else {
                bi_add_small(r0, t->a[(-u - 1) / 2][0], L);
                bi_add_small(r1, t->a[(-u - 1) / 2][1], L);
            }
        }
        d[n++] = (int8_t)u;
        /* (r0 + r1 tau) / tau = (r1 + mu r0/2) - (r0/2) tau; r0 is even */
        bi_sar(&h, r0, 1, L);
        if (t->mu > 0)
            bi_add(r0, r1, &h, L);
        else
            bi_sub(r0, r1, &h, L);
        bi_neg(r1, &h, L);
    }
    return n;
}

/* rho = r0 + r1 tau = k partmod (tau^m - 1) (Alg. 3.65 with the rounding of
 * each coordinate; k: nw words, any value) */
static void part_reduce(bi *r0, bi *r1, const sc_word *k, const sc_eb_curve *c, const sc_eb_tnaf_consts *tc)
{
    bi kk, d0, d1, g, q0, q1, t, u;
    size_t i;
    memset(&kk, 0, sizeof kk);
    for (i = 0; i < (size_t)c->nw * SC_WORD_BITS / 8; i++)
        kk.v[i / 4] |= (uint32_t)((k[i / sizeof(sc_word)] >> (8 * (i % sizeof(sc_word)))) & 0xffu) << (8 * (i % 4));
    bi_const(&d0, tc->c[0]);
    bi_const(&d1, tc->c[1]);
    /* q_i = floor((k g_i + 2^(K-1)) / 2^K) */
    bi_const(&g, tc->c[2]);
    bi_mul(&q0, &kk, &g);
    memset(&t, 0, sizeof t);
    t.v[(tc->K - 1) / 32] = (uint32_t)1 << ((tc->K - 1) % 32);
    bi_add(&q0, &q0, &t, BL);
    bi_sar(&q0, &q0, tc->K, BL);
    bi_const(&g, tc->c[3]);
    bi_mul(&q1, &kk, &g);
    bi_add(&q1, &q1, &t, BL);
    bi_sar(&q1, &q1, tc->K, BL);
    /* q (d0 + d1 tau) = (q0 d0 - 2 q1 d1) + (q0 d1 + q1 d0 + mu q1 d1) tau */
    bi_mul(&t, &q0, &d0);
    bi_sub(r0, &kk, &t, BL);
    bi_mul(&t, &q1, &d1);
    bi_add(r0, r0, &t, BL);
    bi_add(r0, r0, &t, BL);          /* r0 = k - q0 d0 + 2 q1 d1 */
    bi_mul(&u, &q0, &d1);
    bi_mul(r1, &q1, &d0);
    bi_add(&u, &u, r1, BL);
    if (tc->mu > 0)
        bi_add(&u, &u, &t, BL);
    else
        bi_sub(&u, &u, &t, BL);
    bi_neg(r1, &u, BL);              /* r1 = -(q0 d1 + q1 d0 + mu q1 d1) */
}

/* Frobenius in Lopez-Dahab coordinates: (X^2, Y^2, Z^2) */
static void frob(sc_eb_ld *q, const sc_eb_curve *c)
{
    sc_fb_sqr(q->x, q->x, c->f);
    sc_fb_sqr(q->y, q->y, c->f);
    sc_fb_sqr(q->z, q->z, c->f);
}

/* q += d tab (d odd, signed; tab[(|d|-1)/2]) */
static void add_digit(sc_eb_ld *q, const sc_eb_aff *tab, int d, const sc_eb_curve *c)
{
    sc_eb_aff n;
    if (d > 0) {
        sc_eb_add_mixed_var(q, q, &tab[(d - 1) / 2], c);
    } else {
        sc_eb_neg(&n, &tab[(-d - 1) / 2], c);
        sc_eb_add_mixed_var(q, q, &n, c);
    }
}

/* tab[i] = alpha_(2i+1) p, i < 2^(w-2) (p finite): each alpha from its
 * width-2 TNAF (digits +-1), then made affine together */
static void alpha_points(sc_eb_aff *tab, const sc_eb_aff *p, const tnaf_ctx *t, const tnaf_ctx *t2,
                         const sc_eb_curve *c)
{
    sc_eb_ld ld[16];
    size_t cnt = (size_t)1 << (t->w - 2), i, n, j;
    int8_t d[40];
    bi r0, r1;
    for (i = 0; i < cnt; i++) {
        bi_set(&r0, t->a[i][0]);
        bi_set(&r1, t->a[i][1]);
        n = tnaf_recode(d, sizeof d, &r0, &r1, t2); /* at most about w + 4 digits */
        sc_eb_ld_set_inf(&ld[i], c);
        for (j = n; j-- > 0;) {
            frob(&ld[i], c);
            if (d[j])
                add_digit(&ld[i], p, d[j], c);
        }
    }
    sc_eb_ld_to_aff_batch_var(tab, ld, cnt, c);
}

sc_err sc_eb_mul2_tnaf_var(sc_eb_aff *r, const sc_word *u1, const sc_word *u2, const sc_eb_aff *q,
                           const sc_eb_curve *c)
{
    const sc_eb_tnaf_consts *tc = sc_eb_tnaf_of(c);
    sc_eb_aff tg[1u << (W_G - 2)], tq[1u << (W_P - 2)], g;
    int8_t d1[MAXD], d2[MAXD];
    size_t l1 = 0, l2 = 0, len, i;
    tnaf_ctx t2, tp, tgc;
    sc_eb_ld acc;
    bi r0, r1;
    if (!tc) {
        sc_eb_set_inf(r, c);
        return SC_ERR_ARG;
    }
    ctx_init(&t2, tc->mu, 2);
    if (u1) {
        ctx_init(&tgc, tc->mu, W_G);
        part_reduce(&r0, &r1, u1, c, tc);
        l1 = tnaf_recode(d1, MAXD, &r0, &r1, &tgc);
        if (l1 == TNAF_LONG)
            return sc_eb_mul2_wnaf_var(r, u1, u2, q, c); /* not reached for these curves */
        if (l1) {
            sc_eb_generator(&g, c);
            alpha_points(tg, &g, &tgc, &t2, c);
        }
    }
    if (u2 && !q->inf) {
        ctx_init(&tp, tc->mu, W_P);
        part_reduce(&r0, &r1, u2, c, tc);
        l2 = tnaf_recode(d2, MAXD, &r0, &r1, &tp);
        if (l2 == TNAF_LONG)
            return sc_eb_mul2_wnaf_var(r, u1, u2, q, c);
        if (l2)
            alpha_points(tq, q, &tp, &t2, c);
    }
    len = l1 > l2 ? l1 : l2;
    sc_eb_ld_set_inf(&acc, c);
    for (i = len; i-- > 0;) {
        if (!sc_eb_ld_is_inf(&acc, c))
            frob(&acc, c);
        if (i < l1 && d1[i])
            add_digit(&acc, tg, d1[i], c);
        if (i < l2 && d2[i])
            add_digit(&acc, tq, d2[i], c);
    }
    return sc_eb_ld_to_aff_var(r, &acc, c);
}

sc_err sc_eb_mul_tnaf_var(sc_eb_aff *r, const sc_word *k, const sc_eb_aff *p, const sc_eb_curve *c)
{
    return sc_eb_mul2_tnaf_var(r, NULL, k, p, c);
}
