/* scalarmul: double-scalar multiplication r = u1*G + u2*Q in any coordinate system
 * of coords.h (the method matrix; docs/methods-fixed-double.md).  All
 * variable time: the inputs of a signature verification are public.
 *
 *   sc_scalarmul_shamir      Shamir's trick (simultaneous multiple exponentiation, ElGamal
 *                      1985 crediting Shamir; Guide to ECC Alg. 3.48): w = 1 as
 *                      [WM-ECC] sec. 3.2.3 (G, Q and G + Q), w = 2 (iG + jQ, i, j in 0..3)
 *   sc_scalarmul_interleave  interleaved width-w NAFs (Moeller 2001; Guide to ECC Alg. 3.51),
 *                      G's odd multiples from the const table of tab.h, Q's computed
 *   sc_scalarmul_jsf         joint sparse form (Solinas 2001) with G, Q, G + Q, G - Q
 *
 * One accumulator, doubled in the system; affine points (G, Q and the table
 * of G) enter by the system's madd, computed ones by add.  The system's
 * variable-time operations are complete, so no exceptional case needs an
 * argument (Q = +-G makes G -+ Q infinity, which the operations take).  The
 * first nonzero column loads its point instead of adding to infinity, and no
 * doubling happens before it.  No heap: tables on the stack (sc_scalarmul_shamir:
 * 16 sc_coords_point; sc_scalarmul_interleave: 16 sc_coords_point for Q and, sharing one buffer,
 * 16 sc_ep_aff from the table or 16 sc_coords_point computed for G; sized for the
 * largest w). */
#include "scalarmul/gen/tab.h"
#include <seacurve/mp.h>
#include <string.h>

#define DBL_MAXDIG (SC_FP_MAX_BITS + 1)
#define INTERLEAVE_WMIN 2u
#define INTERLEAVE_WMAX 6u

static sc_err check_args(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                         const sc_coords_sys *s, const sc_ep_curve *c)
{
    if (!r)
        return SC_ERR_ARG;
    if (!u1 || !u2 || !q || !s || !c || !c->fp || !c->fn) {
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

/* The accumulator: a point of the system and whether anything was added yet. */
typedef struct {
    sc_coords_point q;
    int started;
} acc_t;

static void acc_dbl(acc_t *a, const sc_coords_sys *s, const sc_ep_curve *c)
{
    if (a->started)
        s->dbl(&a->q, &a->q, c);
}

/* a += sign * p, p in the system's coordinates */
static void acc_add(acc_t *a, const sc_coords_point *p, int neg, const sc_coords_sys *s, const sc_ep_curve *c)
{
    sc_coords_point t;
    if (neg) {
        s->neg(&t, p, c);
        p = &t;
    }
    if (a->started) {
        s->add(&a->q, &a->q, p, c);
    } else {
        sc_coords_copy(&a->q, p, s, c);
        a->started = 1;
    }
}

/* a += sign * p, p affine (finite) */
static void acc_madd(acc_t *a, const sc_ep_aff *p, int neg, const sc_coords_sys *s, const sc_ep_curve *c)
{
    sc_ep_aff t;
    if (neg) {
        sc_ep_neg_aff(&t, p, c);
        p = &t;
    }
    if (a->started) {
        s->madd(&a->q, &a->q, p, c);
    } else {
        s->from_aff(&a->q, p, c);
        a->started = 1;
    }
}

static sc_err acc_result(sc_ep_aff *r, const acc_t *a, const sc_coords_sys *s, const sc_ep_curve *c)
{
    if (!a->started)
        return fail(r, SC_ERR_INFINITY);
    return s->to_aff_var(r, &a->q, c);
}

/* ------------------------------------------------------------------ */
/* Shamir's trick                                                      */

/* w = 1 ([WM-ECC] sec. 3.2.3: "only the value of P + Q needs to be
 * precomputed"): G and Q affine, G + Q in the system (1 mixed addition);
 * then from the top bit t-1 = max(bits(u1), bits(u2)) - 1 down: one doubling
 * and, for a nonzero column (bit of u1, bit of u2), one addition of G, Q
 * (mixed) or G + Q.  t - 1 doublings, about 3t/4 additions.
 *
 * w = 2: the 15 points E[i + 4j] = iG + jQ, i, j in 0..3 not both 0 (G, Q
 * affine; 2G, 2Q: 2 doublings; 3G, 3Q, (1 or 3)G + (1 or 2 or 3)Q ...: 7
 * mixed and 4 full additions), then per 2-bit column pair 2 doublings and
 * one addition unless both digits are 0: about t doublings and 15t/32
 * additions. */
sc_err sc_scalarmul_shamir(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q, unsigned w,
                     const sc_coords_sys *s, const sc_ep_curve *c)
{
    sc_err e = check_args(r, u1, u2, q, s, c);
    sc_ep_aff g;
    sc_coords_point tab[16];
    acc_t a;
    size_t t, b2;
    long i;
    unsigned ii, jj;
    if (e != SC_OK)
        return e;
    if (w < 1 || w > 2)
        return fail(r, SC_ERR_UNSUPPORTED);
    t = sc_mp_bits_var(u1, c->fn->nw);
    b2 = sc_mp_bits_var(u2, c->fn->nw);
    if (b2 > t)
        t = b2;
    if (t == 0)
        return fail(r, SC_ERR_INFINITY);
    sc_ep_generator(&g, c);
    a.started = 0;
    if (w == 1) {
        s->from_aff(&tab[3], &g, c);
        s->madd(&tab[3], &tab[3], q, c);              /* G + Q */
        for (i = (long)t - 1; i >= 0; i--) {
            unsigned v = sc_mp_bit(u1, (size_t)i) | sc_mp_bit(u2, (size_t)i) << 1;
            acc_dbl(&a, s, c);
            if (v == 1)
                acc_madd(&a, &g, 0, s, c);
            else if (v == 2)
                acc_madd(&a, q, 0, s, c);
            else if (v == 3)
                acc_add(&a, &tab[3], 0, s, c);
        }
        return acc_result(r, &a, s, c);
    }
    /* w = 2: E[i + 4j] = iG + jQ */
    s->from_aff(&tab[1], &g, c);
    s->dbl(&tab[2], &tab[1], c);
    s->madd(&tab[3], &tab[2], &g, c);
    s->from_aff(&tab[4], q, c);
    s->dbl(&tab[8], &tab[4], c);
    s->madd(&tab[12], &tab[8], q, c);
    for (jj = 4; jj <= 12; jj += 4) {
        s->madd(&tab[1 + jj], &tab[jj], &g, c);       /* G + jQ */
        for (ii = 2; ii <= 3; ii++) {
            if (jj == 4)
                s->madd(&tab[ii + jj], &tab[ii], q, c);   /* iG + Q */
            else
                s->add(&tab[ii + jj], &tab[ii], &tab[jj], c);
        }
    }
    for (i = (long)((t + 1) / 2) - 1; i >= 0; i--) {
        unsigned v = sc_mp_bit(u1, 2 * (size_t)i) | sc_mp_bit(u1, 2 * (size_t)i + 1) << 1;
        v |= (sc_mp_bit(u2, 2 * (size_t)i) | sc_mp_bit(u2, 2 * (size_t)i + 1) << 1) << 2;
        acc_dbl(&a, s, c);
        acc_dbl(&a, s, c);
        if (v == 1)
            acc_madd(&a, &g, 0, s, c);
        else if (v == 4)
            acc_madd(&a, q, 0, s, c);
        else if (v)
            acc_add(&a, &tab[v], 0, s, c);
    }
    return acc_result(r, &a, s, c);
}

/* ------------------------------------------------------------------ */
/* interleaved wNAF                                                    */

/* Width-w NAFs of u1 and u2 (sc_scalarmul_recode_wnaf), one shared doubling chain
 * (Moeller, "Algorithms for multi-exponentiation", SAC 2001, interleaving;
 * Guide to ECC Alg. 3.51 with w1 = w2 = w).  G's odd multiples G, 3G, ..,
 * (2^(w-1)-1)G are read from the const table of tab.h (affine: mixed
 * additions, no precomputation; computed in the system like Q's when the
 * curve has no table); Q's are computed in the system: 1 doubling and
 * 2^(w-2) - 1 additions.  Then t = max(len) - 1 doublings and about
 * 2t / (w + 1) additions. */
sc_err sc_scalarmul_interleave(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q, unsigned w,
                         const sc_coords_sys *s, const sc_ep_curve *c)
{
    sc_err e = check_args(r, u1, u2, q, s, c);
    int8_t g1[DBL_MAXDIG], g2[DBL_MAXDIG];
    union {                             /* G's odd multiples: from the table, or computed */
        sc_ep_aff aff[1u << (INTERLEAVE_WMAX - 2)];
        sc_coords_point sys[1u << (INTERLEAVE_WMAX - 2)];
    } gt;
    sc_coords_point qt[1u << (INTERLEAVE_WMAX - 2)], d;
    const struct sc_scalarmul_table *tb;
    size_t len1, len2, len, i;
    unsigned m, j;
    acc_t a;
    if (e != SC_OK)
        return e;
    if (w < INTERLEAVE_WMIN || w > INTERLEAVE_WMAX)
        return fail(r, SC_ERR_UNSUPPORTED);
    len1 = sc_scalarmul_recode_wnaf(g1, sizeof g1, u1, c->fn->nw, w);
    len2 = sc_scalarmul_recode_wnaf(g2, sizeof g2, u2, c->fn->nw, w);
    len = len1 > len2 ? len1 : len2;
    if (len == 0)
        return fail(r, SC_ERR_INFINITY);
    m = 1u << (w - 2);
    tb = sc_scalarmul_table_find(c);
    if (len1 && tb) {
        for (j = 0; j < m; j++) {       /* (2j+1)G: entry 2j of mul up to 15G, then 15 + j - 8 */
            unsigned mult = 2 * j + 1;
            sc_scalarmul_table_point(&gt.aff[j], tb, tb->mul, mult <= 15 ? mult - 1 : 15 + (mult - 17) / 2, c);
        }
    } else if (len1) {
        sc_ep_aff g;
        sc_ep_generator(&g, c);
        s->from_aff(&gt.sys[0], &g, c);
        if (m > 1)
            s->dbl(&d, &gt.sys[0], c);
        for (j = 1; j < m; j++)
            s->add(&gt.sys[j], &gt.sys[j - 1], &d, c);
    }
    if (len2) {
        s->from_aff(&qt[0], q, c);
        if (m > 1)
            s->dbl(&d, &qt[0], c);
        for (j = 1; j < m; j++)
            s->add(&qt[j], &qt[j - 1], &d, c);
    }
    a.started = 0;
    for (i = len; i-- > 0;) {
        acc_dbl(&a, s, c);
        if (g1[i]) {
            unsigned ix = (unsigned)(g1[i] < 0 ? -g1[i] : g1[i]) >> 1;
            if (tb)
                acc_madd(&a, &gt.aff[ix], g1[i] < 0, s, c);
            else
                acc_add(&a, &gt.sys[ix], g1[i] < 0, s, c);
        }
        if (g2[i])
            acc_add(&a, &qt[(unsigned)(g2[i] < 0 ? -g2[i] : g2[i]) >> 1], g2[i] < 0, s, c);
    }
    return acc_result(r, &a, s, c);
}

/* ------------------------------------------------------------------ */
/* joint sparse form                                                   */

/* JSF of (u1, u2) (sc_scalarmul_recode_jsf, src/scalarmul/recode_jsf.c), with G, Q
 * (affine, mixed additions) and G + Q, G - Q (in the system: 2 mixed
 * additions); per column one doubling and, for a nonzero column, one
 * addition of +-G, +-Q, +-(G + Q) or +-(G - Q).  t = max(bits) (+ 1)
 * columns, about t doublings and t / 2 additions (Solinas: joint density
 * 1/2, against 3/4 for Shamir w = 1 and 5/9 for two NAFs). */
sc_err sc_scalarmul_jsf(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q, unsigned w,
                  const sc_coords_sys *s, const sc_ep_curve *c)
{
    sc_err e = check_args(r, u1, u2, q, s, c);
    int8_t d1[DBL_MAXDIG], d2[DBL_MAXDIG];
    sc_ep_aff g, nq;
    sc_coords_point gpq, gmq;
    size_t len, i;
    acc_t a;
    (void)w;
    if (e != SC_OK)
        return e;
    len = sc_scalarmul_recode_jsf(d1, d2, sizeof d1, u1, u2, c->fn->nw);
    if (len == 0)
        return fail(r, SC_ERR_INFINITY);
    sc_ep_generator(&g, c);
    sc_ep_neg_aff(&nq, q, c);
    s->from_aff(&gpq, &g, c);
    s->madd(&gpq, &gpq, q, c);
    s->from_aff(&gmq, &g, c);
    s->madd(&gmq, &gmq, &nq, c);
    a.started = 0;
    for (i = len; i-- > 0;) {
        int x = d1[i], y = d2[i];
        acc_dbl(&a, s, c);
        if (x && y)
            acc_add(&a, x == y ? &gpq : &gmq, x < 0, s, c);   /* +-(G + Q) or +-(G - Q) */
        else if (x)
            acc_madd(&a, &g, x < 0, s, c);
        else if (y)
            acc_madd(&a, q, y < 0, s, c);
    }
    return acc_result(r, &a, s, c);
}
