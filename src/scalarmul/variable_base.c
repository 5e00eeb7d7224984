/* scalarmul: variable-base scalar multiplication r = k*P in any coordinate system of
 * coords.h (the method matrix; docs/methods-scalar.md).
 *
 * Variable time (public scalars only):
 *   sc_scalarmul_binary_l2r   double-and-add, most significant bit first ([Kodali] Alg. 1)
 *   sc_scalarmul_binary_r2l   double-and-add, least significant bit first
 *   sc_scalarmul_naf          NAF ([DSP] sec. 4.5, [WM-ECC] sec. 3.2.3): Alg. 1 over NAF digits
 *   sc_scalarmul_wnaf         width-w NAF ([Kodali] Alg. 2, 3), odd multiples in the system
 *   sc_scalarmul_wnaf_mixed   width-w NAF with affine odd multiples and mixed additions
 *                       ([Kodali] Alg. 4 when the system is jacproj)
 *   sc_scalarmul_sliding      unsigned sliding window over odd multiples
 * Constant time in the scalar:
 *   sc_scalarmul_ladder       Montgomery ladder, system's dbl_ct / add_ct
 *   sc_scalarmul_coz_ladder   Goundar-Joye-Miyaji co-Z ladder (XYCZ-ADD / XYCZ-ADDC), own formulas
 *   sc_scalarmul_fixwin       regular signed fixed window (Joye-Tunstall), full-table scans
 *
 * Field operations go through fp.h and point operations through the system's
 * vtable (the co-Z ladder has its own formulas on fp.h), so the operation
 * counters of opcount.h see all of them.  No heap: tables are on the stack
 * (at most 2^(w-1) = 32 sc_coords_point for sc_scalarmul_sliding and sc_scalarmul_fixwin at w = 6). */
#include <seacurve/scalarmul.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>
#include <string.h>
#include "util/flash.h"

#define VB_WMIN 2u
#define VB_WMAX 6u
/* digits of a wNAF of a scalar below 2^SC_FP_MAX_BITS: bits + 1 */
#define VB_MAXDIG (SC_FP_MAX_BITS + 1)
/* words of k + n or k + 2n (one bit more than n) */
#define VB_KW (SC_FP_MAXW + 1)

/* ------------------------------------------------------------------ */
/* common helpers                                                      */

/* The arguments every method needs; r is zeroed on an error (when given). */
static sc_err check_args(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_coords_sys *s,
                         const sc_ep_curve *c)
{
    if (!r)
        return SC_ERR_ARG;
    if (!k || !p || !s || !c || !c->fp || !c->fn) {
        memset(r, 0, sizeof *r);
        return SC_ERR_ARG;
    }
    return SC_OK;
}

static sc_err fail(sc_ep_aff *r, sc_err e)
{
    memset(r, 0, sizeof *r);
    return e;
}

/* Odd multiples t[i] = (2i+1)P, i < m, in the system's coordinates: P, then
 * D = 2P and t[i] = t[i-1] + D (1 doubling, m - 1 additions).  Variable time
 * (public P).  No addition is exceptional: t[i-1] = +-D would need
 * 2i-1 = +-2 mod n, impossible for the odd 2i+1 < 2^6 < n. */
static void odd_multiples_var(sc_coords_point *t, unsigned m, const sc_ep_aff *p, const sc_coords_sys *s,
                              const sc_ep_curve *c)
{
    sc_coords_point d;
    unsigned i;
    s->from_aff(&t[0], p, c);
    if (m < 2)
        return;
    s->dbl(&d, &t[0], c);
    for (i = 1; i < m; i++)
        s->add(&t[i], &t[i - 1], &d, c);
}

/* q += d * T with T = t[|d| >> 1] (odd multiples in the system), d odd, variable time */
static void add_digit_var(sc_coords_point *q, const sc_coords_point *t, int d, const sc_coords_sys *s, const sc_ep_curve *c)
{
    if (d > 0) {
        s->add(q, q, &t[d >> 1], c);
    } else {
        sc_coords_point ng;
        s->neg(&ng, &t[(-d) >> 1], c);
        s->add(q, q, &ng, c);
    }
}

/* the same with an affine table and the system's mixed addition */
static void madd_digit_var(sc_coords_point *q, const sc_ep_aff *a, int d, const sc_coords_sys *s, const sc_ep_curve *c)
{
    if (d > 0) {
        s->madd(q, q, &a[d >> 1], c);
    } else {
        sc_ep_aff ng;
        sc_ep_neg_aff(&ng, &a[(-d) >> 1], c);
        s->madd(q, q, &ng, c);
    }
}

/* How a system's point maps to affine, for the simultaneous inversion of
 * sc_scalarmul_wnaf_mixed (coords.h gives the layouts: v[0], v[1], v[2] = X, Y, Z):
 * 0 affine, 1 homogeneous projective (X/Z, Y/Z), 2 Jacobian-weighted
 * (X/Z^2, Y/Z^3: jacobian, mjacobian, chudnovsky and the mixed systems, whose
 * state is Jacobian), -1 unknown (then each point is converted by the
 * system's own to_aff_var). */
static int zkind(const sc_coords_sys *s)
{
    static const char *const jac[] = { "jacobian", "mjacobian", "chudnovsky", "jacproj", "jacproj_noinv" };
    size_t i;
    if (!strcmp(s->name, "affine"))
        return 0;
    if (!strcmp(s->name, "projective"))
        return 1;
    for (i = 0; i < sizeof jac / sizeof jac[0]; i++)
        if (!strcmp(s->name, jac[i]))
            return 2;
    return -1;
}

/* a[i] = affine t[i] for m finite points, with one inversion (Montgomery's
 * simultaneous inversion: prefix products, one inversion, then 3(m-1) M)
 * where the layout is known.  Variable time (public points). */
static void normalize_batch_var(sc_ep_aff *a, const sc_coords_point *t, unsigned m, const sc_coords_sys *s,
                                const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe acc[1u << (VB_WMAX - 2)], inv, zi, zi2;
    int kind = zkind(s);
    unsigned i;
    if (kind <= 0) {
        for (i = 0; i < m; i++) {
            if (kind == 0) {
                sc_fp_copy(a[i].x, t[i].v[0], f);
                sc_fp_copy(a[i].y, t[i].v[1], f);
            } else {
                (void)s->to_aff_var(&a[i], &t[i], c);   /* finite: never infinity */
            }
        }
        return;
    }
    sc_fp_copy(acc[0], t[0].v[2], f);
    for (i = 1; i < m; i++)
        sc_fp_mul(acc[i], acc[i - 1], t[i].v[2], f);
    sc_fp_inv_var(inv, acc[m - 1], f);
    for (i = m; i-- > 0;) {
        if (i > 0) {
            sc_fp_mul(zi, inv, acc[i - 1], f);      /* 1 / Z_i */
            sc_fp_mul(inv, inv, t[i].v[2], f);      /* 1 / (Z_0 .. Z_(i-1)) */
        } else {
            sc_fp_copy(zi, inv, f);
        }
        if (kind == 1) {
            sc_fp_mul(a[i].x, t[i].v[0], zi, f);
            sc_fp_mul(a[i].y, t[i].v[1], zi, f);
        } else {
            sc_fp_sqr(zi2, zi, f);
            sc_fp_mul(a[i].x, t[i].v[0], zi2, f);
            sc_fp_mul(zi2, zi2, zi, f);
            sc_fp_mul(a[i].y, t[i].v[1], zi2, f);
        }
    }
}

/* ------------------------------------------------------------------ */
/* variable time                                                       */

/* [Kodali] Alg. 1, left to right, starting from P at the top bit (the
 * doubling of infinity and the first addition skipped): (t-1) doublings and
 * wt(k)-1 mixed additions of the affine P, for t = bits(k). */
sc_err sc_scalarmul_binary_l2r(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s,
                         const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, p, s, c);
    sc_coords_point q;
    size_t t, i;
    (void)w;
    if (e != SC_OK)
        return e;
    t = sc_mp_bits_var(k, c->fn->nw);
    if (t == 0)
        return fail(r, SC_ERR_INFINITY);
    s->from_aff(&q, p, c);
    for (i = t - 1; i-- > 0;) {
        s->dbl(&q, &q, c);
        if (sc_mp_bit(k, i))
            s->madd(&q, &q, p, c);
    }
    return s->to_aff_var(r, &q, c);
}

/* Right to left: Q accumulates the multiples 2^i P (kept in the system's
 * coordinates, so full additions) of the set bits: (t-1) doublings,
 * wt(k)-1 additions. */
sc_err sc_scalarmul_binary_r2l(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s,
                         const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, p, s, c);
    sc_coords_point q, d;
    size_t t, i;
    int started = 0;
    (void)w;
    if (e != SC_OK)
        return e;
    t = sc_mp_bits_var(k, c->fn->nw);
    if (t == 0)
        return fail(r, SC_ERR_INFINITY);
    s->set_inf(&q, c);
    s->from_aff(&d, p, c);
    for (i = 0; i < t; i++) {
        if (sc_mp_bit(k, i)) {
            if (started)
                s->add(&q, &q, &d, c);
            else
                sc_coords_copy(&q, &d, s, c);
            started = 1;
        }
        if (i + 1 < t)
            s->dbl(&d, &d, c);
    }
    return s->to_aff_var(r, &q, c);
}

/* Alg. 1 over the NAF digits of k (width 2): t doublings (t <= bits(k) + 1
 * digits, less one) and about t/3 mixed additions of P or -P. */
sc_err sc_scalarmul_naf(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s,
                  const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, p, s, c);
    int8_t dig[VB_MAXDIG];
    sc_ep_aff pm[1];
    sc_coords_point q;
    size_t len, i;
    (void)w;
    if (e != SC_OK)
        return e;
    len = sc_scalarmul_recode_wnaf(dig, sizeof dig, k, c->fn->nw, 2);
    if (len == 0)
        return fail(r, SC_ERR_INFINITY);
    pm[0] = *p;
    s->from_aff(&q, p, c);               /* the top digit is +1 */
    for (i = len - 1; i-- > 0;) {
        s->dbl(&q, &q, c);
        if (dig[i])
            madd_digit_var(&q, pm, dig[i], s, c);
    }
    return s->to_aff_var(r, &q, c);
}

/* [Kodali] Alg. 3: odd multiples P, 3P, .., (2^(w-1)-1)P in the system's
 * coordinates (2^(w-2) points: 1 D + (2^(w-2)-1) A), then t doublings and
 * about t/(w+1) full additions. */
sc_err sc_scalarmul_wnaf(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s,
                   const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, p, s, c);
    int8_t dig[VB_MAXDIG];
    sc_coords_point tab[1u << (VB_WMAX - 2)], q;
    size_t len, i;
    if (e != SC_OK)
        return e;
    if (w < VB_WMIN || w > VB_WMAX)
        return fail(r, SC_ERR_UNSUPPORTED);
    len = sc_scalarmul_recode_wnaf(dig, sizeof dig, k, c->fn->nw, w);
    if (len == 0)
        return fail(r, SC_ERR_INFINITY);
    odd_multiples_var(tab, 1u << (w - 2), p, s, c);
    sc_coords_copy(&q, &tab[dig[len - 1] >> 1], s, c);   /* the top digit is positive */
    for (i = len - 1; i-- > 0;) {
        s->dbl(&q, &q, c);
        if (dig[i])
            add_digit_var(&q, tab, dig[i], s, c);
    }
    return s->to_aff_var(r, &q, c);
}

/* [Kodali] Alg. 4: the odd multiples are made in the system and normalised
 * to affine by one simultaneous inversion, the main loop doubles in the
 * system and adds them with the system's madd (for jacproj: Jacobian
 * doubling, projective addition with the paper's conversions). */
sc_err sc_scalarmul_wnaf_mixed(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s,
                         const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, p, s, c);
    int8_t dig[VB_MAXDIG];
    sc_coords_point tab[1u << (VB_WMAX - 2)], q;
    sc_ep_aff aff[1u << (VB_WMAX - 2)];
    size_t len, i;
    unsigned m;
    if (e != SC_OK)
        return e;
    if (w < VB_WMIN || w > VB_WMAX)
        return fail(r, SC_ERR_UNSUPPORTED);
    len = sc_scalarmul_recode_wnaf(dig, sizeof dig, k, c->fn->nw, w);
    if (len == 0)
        return fail(r, SC_ERR_INFINITY);
    m = 1u << (w - 2);
    aff[0] = *p;
    if (m > 1) {
        odd_multiples_var(tab, m, p, s, c);
        normalize_batch_var(aff + 1, tab + 1, m - 1, s, c);
    }
    s->from_aff(&q, &aff[dig[len - 1] >> 1], c);
    for (i = len - 1; i-- > 0;) {
        s->dbl(&q, &q, c);
        if (dig[i])
            madd_digit_var(&q, aff, dig[i], s, c);
    }
    return s->to_aff_var(r, &q, c);
}

/* Sliding window (Guide to ECC Alg. 3.38): odd multiples P, 3P, ..,
 * (2^w-1)P (2^(w-1) points), then from the top bit: a zero bit costs one
 * doubling; otherwise the longest run k_i..k_l (i-l+1 <= w) ending in a set
 * bit is one window: i-l+1 doublings and one addition.  About t doublings and
 * t/(w+1) additions. */
sc_err sc_scalarmul_sliding(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s,
                      const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, p, s, c);
    sc_coords_point tab[1u << (VB_WMAX - 1)], q;
    long i, l, j;
    int started = 0;
    if (e != SC_OK)
        return e;
    if (w < VB_WMIN || w > VB_WMAX)
        return fail(r, SC_ERR_UNSUPPORTED);
    i = (long)sc_mp_bits_var(k, c->fn->nw) - 1;
    if (i < 0)
        return fail(r, SC_ERR_INFINITY);
    odd_multiples_var(tab, 1u << (w - 1), p, s, c);
    s->set_inf(&q, c);
    while (i >= 0) {
        unsigned v = 0;
        if (!sc_mp_bit(k, (size_t)i)) {
            s->dbl(&q, &q, c);          /* started: the top bit is set */
            i--;
            continue;
        }
        l = i - (long)w + 1;
        if (l < 0)
            l = 0;
        while (!sc_mp_bit(k, (size_t)l))
            l++;
        for (j = i; j >= l; j--)
            v = (v << 1) | sc_mp_bit(k, (size_t)j);
        if (started) {
            for (j = i; j >= l; j--)
                s->dbl(&q, &q, c);
            s->add(&q, &q, &tab[v >> 1], c);
        } else {
            sc_coords_copy(&q, &tab[v >> 1], s, c);
            started = 1;
        }
        i = l - 1;
    }
    return s->to_aff_var(r, &q, c);
}

/* ------------------------------------------------------------------ */
/* constant time                                                       */

/* a <-> b over the system's coordinates when mask is all-ones (constant time) */
static void point_cswap(sc_coords_point *a, sc_coords_point *b, sc_word mask, const sc_coords_sys *s, const sc_ep_curve *c)
{
    unsigned i;
    for (i = 0; i < s->ncoords; i++)
        sc_mp_cswap(a->v[i], b->v[i], mask, c->fp->nw);
}

/* kk (VB_KW words) = k + n if that has bit nbits set, else k + 2n: for
 * 0 <= k < n and 2^(nbits-1) < n < 2^nbits the result lies in
 * [2^nbits, 2^(nbits+1)) (k + n < 2^nbits gives k + 2n < 2^nbits + n), so it
 * has exactly nbits + 1 bits, and kk = k mod n.  Constant time. */
static void regularize(sc_word *kk, const sc_word *k, const sc_ep_curve *c)
{
    const size_t nw = c->fn->nw;
    sc_word n1[VB_KW], t[VB_KW];
    sc_mp_zero(n1, VB_KW);
    sc_mp_copy(n1, c->fn->p, nw);
    sc_mp_zero(kk, VB_KW);
    sc_mp_copy(kk, k, nw);
    sc_mp_add(kk, kk, n1, nw + 1);                       /* k + n */
    sc_mp_add(t, kk, n1, nw + 1);                        /* k + 2n */
    sc_mp_cmov(t, kk, sc_ct_mask_bit((sc_word)sc_mp_bit(kk, c->fn->bits)), nw + 1);
    sc_mp_copy(kk, t, nw + 1);
    sc_memzero(t, sizeof t);
}

/* Montgomery ladder over kk = k + n or k + 2n (nbits + 1 bits, top bit set):
 * R0 = P, R1 = 2P, then for each of the nbits lower bits b, with R_b and
 * R_(1-b) swapped in by masks, R_(1-b) = R0 + R1 and R_b = 2 R_b: nbits
 * additions and nbits + 1 doublings, all with the system's complete
 * constant-time operations (which is what makes the ladder's intermediate
 * infinities, e.g. for k = 0 where kk = 2n, harmless).  The swaps are merged:
 * one conditional swap per bit on b xor the previous b. */
sc_err sc_scalarmul_ladder(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s,
                     const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, p, s, c);
    sc_word kk[VB_KW];
    sc_coords_point r0, r1;
    unsigned swap = 0, b;
    size_t i;
    (void)w;
    if (e != SC_OK)
        return e;
    if (!s->ct || !s->dbl_ct || !s->add_ct || !s->to_aff)
        return fail(r, SC_ERR_UNSUPPORTED);
    regularize(kk, k, c);
    s->from_aff(&r0, p, c);
    s->dbl_ct(&r1, &r0, c);
    for (i = c->fn->bits; i-- > 0;) {
        b = sc_mp_bit(kk, i);
        point_cswap(&r0, &r1, sc_ct_mask_bit((sc_word)(b ^ swap)), s, c);
        swap = b;
        s->add_ct(&r1, &r0, &r1, c);
        s->dbl_ct(&r0, &r0, c);
    }
    point_cswap(&r0, &r1, sc_ct_mask_bit((sc_word)swap), s, c);
    e = s->to_aff(r, &r0, c);
    sc_memzero(kk, sizeof kk);
    sc_memzero(&r0, sizeof r0);
    sc_memzero(&r1, sizeof r1);
    swap = b = 0;
    return e;
}

/* ---- co-Z ladder (Goundar, Joye, Miyaji, "Co-Z addition formulae and binary
 * ladders on elliptic curves", CHES 2010, sec. 4 and the Montgomery ladder
 * with co-Z formulae; Jacobian coordinates X/Z^2, Y/Z^3).  Both ladder
 * registers share one Z that is never stored: only (X, Y) is kept. */

typedef struct { sc_fe x, y; } coz_pt;

/* XYCZ-ADD: from P = (X1, Y1) and Q = (X2, Y2) with a common Z, q = P + Q
 * and p = P, both with the common Z' = Z (X2 - X1), returned in zf as the
 * factor X2 - X1.  With A = (X2-X1)^2, B = X1 A, C = X2 A, D = (Y2-Y1)^2,
 * E = Y1 (C - B): X3 = D - B - C, Y3 = (Y2-Y1)(B - X3) - E, P = (B, E).
 * 4M + 2S.  Correct when P, Q are finite and P != +-Q (X1 != X2). */
static void xycz_add(coz_pt *p, coz_pt *q, sc_word *zf, const sc_fp_field *f)
{
    sc_fe t, a, b, cc, u, e;
    sc_fp_sub(t, q->x, p->x, f);
    sc_fp_sqr(a, t, f);
    sc_fp_mul(b, p->x, a, f);
    sc_fp_mul(cc, q->x, a, f);
    sc_fp_sub(u, q->y, p->y, f);
    sc_fp_sub(a, cc, b, f);
    sc_fp_mul(e, p->y, a, f);
    sc_fp_sqr(a, u, f);
    sc_fp_sub(a, a, b, f);
    sc_fp_sub(q->x, a, cc, f);
    sc_fp_sub(a, b, q->x, f);
    sc_fp_mul(a, u, a, f);
    sc_fp_sub(q->y, a, e, f);
    sc_fp_copy(p->x, b, f);
    sc_fp_copy(p->y, e, f);
    sc_fp_copy(zf, t, f);
    sc_memzero(t, sizeof t);
    sc_memzero(a, sizeof a);
    sc_memzero(b, sizeof b);
    sc_memzero(cc, sizeof cc);
    sc_memzero(u, sizeof u);
    sc_memzero(e, sizeof e);
}

/* XYCZ-ADDC (the conjugate addition): from P, Q with a common Z, q = P + Q
 * and p = P - Q with the common Z' = Z (X2 - X1) (zf = X2 - X1).  As
 * XYCZ-ADD, plus F = (Y1 + Y2)^2: X3' = F - B - C, Y3' = (Y1+Y2)(X3' - B) - E
 * (XYCZ-ADD applied to -Q = (X2, -Y2)).  5M + 3S.  Same preconditions. */
static void xycz_addc(coz_pt *p, coz_pt *q, sc_word *zf, const sc_fp_field *f)
{
    sc_fe t, a, b, cc, u, v, e;
    sc_fp_sub(t, q->x, p->x, f);
    sc_fp_sqr(a, t, f);
    sc_fp_mul(b, p->x, a, f);
    sc_fp_mul(cc, q->x, a, f);
    sc_fp_sub(u, q->y, p->y, f);
    sc_fp_add(v, q->y, p->y, f);
    sc_fp_sub(a, cc, b, f);
    sc_fp_mul(e, p->y, a, f);           /* E */
    sc_fp_add(cc, b, cc, f);            /* B + C */
    sc_fp_sqr(a, u, f);
    sc_fp_sub(q->x, a, cc, f);          /* X3 */
    sc_fp_sub(a, b, q->x, f);
    sc_fp_mul(a, u, a, f);
    sc_fp_sub(q->y, a, e, f);           /* Y3 */
    sc_fp_sqr(a, v, f);
    sc_fp_sub(p->x, a, cc, f);          /* X3' */
    sc_fp_sub(a, p->x, b, f);
    sc_fp_mul(a, v, a, f);
    sc_fp_sub(p->y, a, e, f);           /* Y3' */
    sc_fp_copy(zf, t, f);
    sc_memzero(t, sizeof t);
    sc_memzero(a, sizeof a);
    sc_memzero(b, sizeof b);
    sc_memzero(cc, sizeof cc);
    sc_memzero(u, sizeof u);
    sc_memzero(v, sizeof v);
    sc_memzero(e, sizeof e);
}

/* XYCZ-IDBL: from an affine P = (x, y), d = 2P and p = P with the common
 * Z = 2y (returned in z): Jacobian doubling of (x : y : 1) with S = 4 x y^2,
 * M = 3x^2 + a: 2P = (M^2 - 2S, M (S - X) - 8y^4), P = (x Z^2, y Z^3) =
 * (S, 8y^4).  2M + 4S (a = -3, a = 0; a generic a adds its conversion).
 * Public input. */
static void xycz_idbl(coz_pt *d, coz_pt *p, sc_word *z, const sc_ep_aff *in, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe xx, yy, m, t, sv;
    sc_fp_sqr(xx, in->x, f);
    sc_fp_sqr(yy, in->y, f);
    sc_fp_mul(sv, in->x, yy, f);
    sc_fp_dbl(sv, sv, f);
    sc_fp_dbl(sv, sv, f);                /* S = 4 x y^2 */
    if (c->a_kind == SC_EP_A_MINUS3) {
        sc_fp_set_one(t, f);
        sc_fp_sub(xx, xx, t, f);         /* M = 3 (x^2 - 1) */
        sc_fp_dbl(m, xx, f);
        sc_fp_add(m, m, xx, f);
    } else {
        sc_fp_dbl(m, xx, f);
        sc_fp_add(m, m, xx, f);
        if (c->a_kind != SC_EP_A_ZERO) {
            sc_fp_from_canon(t, sc_flash_words(t, c->a, f->nw), f);
            sc_fp_add(m, m, t, f);
        }
    }
    sc_fp_sqr(yy, yy, f);
    sc_fp_dbl(yy, yy, f);
    sc_fp_dbl(yy, yy, f);
    sc_fp_dbl(yy, yy, f);                /* 8 y^4 */
    sc_fp_sqr(t, m, f);
    sc_fp_sub(t, t, sv, f);
    sc_fp_sub(d->x, t, sv, f);           /* X(2P) = M^2 - 2S */
    sc_fp_sub(t, sv, d->x, f);
    sc_fp_mul(t, m, t, f);
    sc_fp_sub(d->y, t, yy, f);           /* Y(2P) = M (S - X) - 8 y^4 */
    sc_fp_copy(p->x, sv, f);
    sc_fp_copy(p->y, yy, f);
    sc_fp_dbl(z, in->y, f);              /* Z = 2y */
}

static void coz_cswap(coz_pt *a, coz_pt *b, sc_word mask, const sc_fp_field *f)
{
    sc_mp_cswap(a->x, b->x, mask, f->nw);
    sc_mp_cswap(a->y, b->y, mask, f->nw);
}

/* The co-Z Montgomery ladder (GJM 2010, the ladder with XYCZ-ADDC then
 * XYCZ-ADD per bit, 9M + 5S per bit), constant time.
 *
 * Scalar.  kt = min(k, n - k) (then the result is negated when k > (n-1)/2),
 * and kt in {0, 1} is replaced by 2 (its result is fixed up at the end: O or
 * P), so kt lies in [2, (n-1)/2]; the ladder runs over kk = kt + n or kt + 2n
 * (regularize), nbits + 1 bits with the top one set.  All of this is masks.
 *
 * Exceptional cases.  Before bit i the registers are (R0, R1) = (jP, (j+1)P)
 * with j = floor(kk / 2^(i+1)), 1 <= j < 2^nbits < 2n.  XYCZ-ADDC adds R0 and
 * R1 (exceptional iff 2j+1 = 0 mod n) and XYCZ-ADD adds (2j+1)P and -+P
 * (exceptional iff j = 0 or j = -1 mod n; n is odd), and the co-Z
 * representation holds no infinity (j, j+1 != 0 mod n).  So the bad j are
 * (n-1)/2, n-1, n and (3n-1)/2.  kk = kt + n lies in [n+2, (3n-1)/2]: its
 * prefixes are below n-1 for i >= 0, and j = (n-1)/2 would need kk in
 * [n-1, n+1) (i = 0) or kk >= 2n-2 (i >= 1).  kk = kt + 2n lies in
 * [2n+2, (5n-1)/2]: j = n needs kk in [2n, 2n+2) (i = 0) or kk >= 4n;
 * j = n-1 needs kk < 2n or kk >= 4n-4; j = (n-1)/2 needs kk in [n-1, n+1),
 * [2n-2, 2n+2) or beyond 4n-4; j = (3n-1)/2 needs kk >= 3n-1.  So no
 * exceptional case occurs for kt in [2, (n-1)/2]; over all k < n the plain
 * regularised ladder fails exactly for k in {0, 1, n-2, n-1}, which the
 * folding above removes.
 *
 * Final Z (GJM's trick, no Z kept in the loop).  After the last XYCZ-ADDC
 * the register R_b (b = bit 0 of kk) holds R_b - R_(1-b) = +-P, sign + for
 * b = 1, as (X_b, Y_b) = (xP Z^2, +-yP Z^3), so Z = xP Y_b / (X_b (+-yP)).
 * The last XYCZ-ADD multiplies Z by X_b - X_(1-b), so the final
 * 1/Z' = X_b (+-yP) / (xP Y_b (X_b - X_(1-b))), by one inversion: the
 * denominator is nonzero as Y_b != 0 (yP != 0: odd order), X_b != X_(1-b)
 * (no exceptional case) and xP != 0.  A point with xP = 0
 * (public: P is) instead has Z tracked through the ladder (Z = 2yP, times
 * each zf: 2M per bit more). */
sc_err sc_scalarmul_coz_ladder(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s,
                         const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, p, s, c);
    const sc_fp_field *f, *fn;
    sc_word kt[SC_FP_MAXW], nk[SC_FP_MAXW], hn[SC_FP_MAXW], kk[VB_KW];
    sc_word negm, small, one, zero, hi, lo;
    coz_pt r0, r1;
    sc_ep_aff out;
    sc_fe z, zf, num, den, t, ys;
    unsigned swap = 0, b;
    size_t nw, i;
    int track;
    (void)w;
    if (e != SC_OK)
        return e;
    if (!s->ct || strcmp(s->name, "jacobian") != 0)
        return fail(r, SC_ERR_UNSUPPORTED);
    f = c->fp;
    fn = c->fn;
    nw = fn->nw;
    track = sc_fp_is_zero(p->x, f) != 0;          /* public */

    /* kt = min(k, n - k), then 2 if it was 0 or 1 */
    sc_mp_shr1(hn, fn->p, nw);                     /* (n - 1) / 2 */
    negm = sc_ct_mask_bit(sc_mp_sub(nk, hn, k, nw)); /* k > (n-1)/2 */
    sc_mp_sub(nk, fn->p, k, nw);
    sc_mp_copy(kt, k, nw);
    sc_mp_cmov(kt, nk, negm, nw);
    hi = (sc_word)(kt[0] >> 1);
    for (i = 1; i < nw; i++)
        hi |= kt[i];
    small = sc_ct_mask_z(hi);
    lo = sc_ct_mask_bit(kt[0]);
    one = small & lo;
    zero = small & (sc_word)~lo;
    sc_mp_zero(nk, nw);
    nk[0] = 2;
    sc_mp_cmov(kt, nk, small, nw);
    regularize(kk, kt, c);

    /* top bit: (R1, R0) = (2P, P) */
    xycz_idbl(&r1, &r0, z, p, c);
    for (i = fn->bits; i-- > 0;) {
        b = sc_mp_bit(kk, i);
        coz_cswap(&r0, &r1, sc_ct_mask_bit((sc_word)(b ^ swap)), f);
        swap = b;
        xycz_addc(&r0, &r1, zf, f);              /* R_(1-b) = R_b + R_(1-b), R_b = R_b - R_(1-b) */
        if (track) {
            sc_fp_mul(z, z, zf, f);
        } else if (i == 0) {
            sc_fp_neg(ys, p->y, f);
            sc_fp_cmov(ys, p->y, sc_ct_mask_bit((sc_word)b), f);   /* y of R_b = +-P */
            sc_fp_mul(num, r0.x, ys, f);
            sc_fp_sub(t, r0.x, r1.x, f);
            sc_fp_mul(den, p->x, r0.y, f);
            sc_fp_mul(den, den, t, f);
        }
        xycz_add(&r1, &r0, zf, f);               /* R_b = R_(1-b) + R_b */
        if (track)
            sc_fp_mul(z, z, zf, f);
    }
    coz_cswap(&r0, &r1, sc_ct_mask_bit((sc_word)swap), f);

    /* lambda = 1 / Z, result (X0 lambda^2, Y0 lambda^3) */
    if (track) {
        sc_fp_inv(t, z, f);
    } else {
        sc_fp_inv(t, den, f);
        sc_fp_mul(t, t, num, f);
    }
    sc_fp_sqr(z, t, f);
    sc_fp_mul(out.x, r0.x, z, f);
    sc_fp_mul(z, z, t, f);
    sc_fp_mul(out.y, r0.y, z, f);
    /* fix-ups: kt was 1 (result P) or 0 (infinity); sign of k */
    sc_fp_cmov(out.x, p->x, one, f);
    sc_fp_cmov(out.y, p->y, one, f);
    sc_fp_neg(t, out.y, f);
    sc_fp_cmov(out.y, t, negm, f);
    *r = out;
    sc_memzero(&out, sizeof out);

    sc_memzero(kt, sizeof kt);
    sc_memzero(nk, sizeof nk);
    sc_memzero(kk, sizeof kk);
    sc_memzero(&r0, sizeof r0);
    sc_memzero(&r1, sizeof r1);
    sc_memzero(z, sizeof z);
    sc_memzero(zf, sizeof zf);
    sc_memzero(num, sizeof num);
    sc_memzero(den, sizeof den);
    sc_memzero(t, sizeof t);
    sc_memzero(ys, sizeof ys);
    negm = small = one = lo = hi = 0;
    swap = b = 0;
    SC_DECLASSIFY(&zero, sizeof zero);             /* the infinity verdict is published */
    if (zero)
        return fail(r, SC_ERR_INFINITY);
    return SC_OK;
}

/* ---- regular signed fixed window (Joye, Tunstall, "Exponent recoding and
 * regular exponentiation algorithms", AFRICACRYPT 2009, the odd signed
 * recoding), in the system's constant-time operations. */

/* cnt <= 8 bits of k from bit pos (public position, bits past nw words are 0) */
static unsigned get_bits(const sc_word *k, size_t nw, size_t pos, unsigned cnt)
{
    unsigned v = 0, i;
    for (i = 0; i < cnt; i++) {
        size_t bi = pos + i;
        if (bi < nw * SC_WORD_BITS)
            v |= (unsigned)((k[bi / SC_WORD_BITS] >> (bi % SC_WORD_BITS)) & 1u) << i;
    }
    return v;
}

/* Digits of an odd kk < 2^bits: kk = sum_{j<m} d_j 2^(wj), m = ceil(bits/w),
 * every d_j odd with |d_j| <= 2^w - 1 and d_(m-1) > 0.  From k_0 = kk,
 * d_j = (k_j mod 2^(w+1)) - 2^w and k_(j+1) = (k_j - d_j) / 2^w one gets
 * k_j = (kk >> wj) | 1 (k_j - d_j = 2^(w+1) floor(k_j / 2^(w+1)) + 2^w), so
 * d_j = (((kk >> wj) mod 2^(w+1)) | 1) - 2^w for j < m-1 and the last digit
 * is k_(m-1) = (kk >> w(m-1)) | 1 < 2^w (kk < 2^(wm)).  Stored as the table
 * index |d_j| >> 1 (bits 0-6) and the sign (bit 7).  Constant time. */
static unsigned recode_regular(uint8_t *dig, const sc_word *kk, size_t nw, unsigned bits, unsigned w)
{
    const unsigned m = (bits + w - 1) / w, top = 1u << w;
    unsigned j;
    for (j = 0; j < m; j++) {
        unsigned v = get_bits(kk, nw, (size_t)w * j, j + 1 < m ? w + 1 : w) | 1u;
        unsigned neg, mneg, mag;
        if (j + 1 == m)
            v |= top;                                  /* d = v - 2^w = k_(m-1) > 0 */
        neg = ((v >> w) & 1u) ^ 1u;                    /* v < 2^w: d < 0 */
        mneg = 0u - neg;
        mag = ((v - top) & ~mneg) | ((top - v) & mneg);
        dig[j] = (uint8_t)(((mag >> 1) & 0x7fu) | (neg << 7));
    }
    return m;
}

/* r = sign * tab[idx] for the digit (idx | sign << 7): every entry is read
 * (masked selects) and the negation is a masked select too. */
static void lookup_ct(sc_coords_point *r, const sc_coords_point *tab, unsigned m, uint8_t d, const sc_coords_sys *s,
                      const sc_ep_curve *c)
{
    sc_coords_point ng;
    unsigned i, idx = d & 0x7fu;
    sc_coords_copy(r, &tab[0], s, c);
    for (i = 1; i < m; i++)
        sc_coords_cmov(r, &tab[i], sc_ct_mask_z((sc_word)(i ^ idx)), s, c);
    s->neg(&ng, r, c);
    sc_coords_cmov(r, &ng, sc_ct_mask_bit((sc_word)(d >> 7)), s, c);
    sc_memzero(&ng, sizeof ng);
}

/* Regular signed fixed window: kk = k if k is odd, else n - k (and the
 * result negated), recoded into m = ceil(nbits / w) odd digits; odd
 * multiples P, 3P, .., (2^w-1)P (2^(w-1) points: 1 D + (2^(w-1)-1) A, with
 * the constant-time operations); then (m-1) w doublings and m-1 additions,
 * each digit's point taken by a full-table scan.  Complete operations
 * throughout, so no exceptional-case argument is needed (k = 0 runs kk = n
 * and ends at infinity). */
sc_err sc_scalarmul_fixwin(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s,
                     const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, p, s, c);
    sc_coords_point tab[1u << (VB_WMAX - 1)], q, t;
    uint8_t dig[SC_FP_MAX_BITS];
    sc_word kk[SC_FP_MAXW], even;
    unsigned m, n, j, i;
    size_t nw;
    if (e != SC_OK)
        return e;
    if (w < VB_WMIN || w > VB_WMAX)
        return fail(r, SC_ERR_UNSUPPORTED);
    if (!s->ct || !s->dbl_ct || !s->add_ct || !s->to_aff)
        return fail(r, SC_ERR_UNSUPPORTED);
    nw = c->fn->nw;
    n = 1u << (w - 1);

    even = sc_ct_mask_bit((sc_word)~k[0]);
    sc_mp_sub(kk, c->fn->p, k, nw);
    sc_mp_cmov(kk, k, (sc_word)~even, nw);
    m = recode_regular(dig, kk, nw, c->fn->bits, w);

    s->from_aff(&tab[0], p, c);
    s->dbl_ct(&t, &tab[0], c);
    for (i = 1; i < n; i++)
        s->add_ct(&tab[i], &tab[i - 1], &t, c);

    lookup_ct(&q, tab, n, dig[m - 1], s, c);
    for (j = m - 1; j-- > 0;) {
        for (i = 0; i < w; i++)
            s->dbl_ct(&q, &q, c);
        lookup_ct(&t, tab, n, dig[j], s, c);
        s->add_ct(&q, &q, &t, c);
    }
    s->neg(&t, &q, c);
    sc_coords_cmov(&q, &t, even, s, c);
    e = s->to_aff(r, &q, c);
    sc_memzero(dig, sizeof dig);
    sc_memzero(kk, sizeof kk);
    sc_memzero(&q, sizeof q);
    sc_memzero(&t, sizeof t);
    sc_memzero(tab, (size_t)n * sizeof tab[0]);
    even = 0;
    return e;
}
