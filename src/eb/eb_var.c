/* eb: the variable-time scalar multiplications for public scalars and points
 * (verification, validation): each call picks the fastest method for the
 * curve and the build (eb_ladder.c, eb_gen.c, eb_tnaf.c, eb_wnaf.c); and the
 * full validation of a public point (SEC 1 sec. 3.2.2.1). */
#include <seacurve/eb.h>
#include "eb_internal.h"
#include "util/flash.h"

/* Which method the public multiplications use (measured with sc-bench-eb,
 * docs/binary.md): with the PCLMULQDQ kernels, the constant-time ladder (one
 * fused kernel per field) and the comb for G beat the wNAF and, except on
 * sect409k1, the TNAF, whose point operations go through the generic field
 * calls; without them (portable code, the mote) the TNAF on the Koblitz
 * curves and the wNAF elsewhere.  The constant-time methods take scalars
 * below 2^nbits only; larger public scalars go to the variable-time ones. */
static int use_ct_methods(const sc_eb_curve *c)
{
    return !SC_EB_SMALL && sc_fb_accel() && !(sc_eb_tnaf_of(c) && c->f->m == 409);
}

static int below_2_nbits(const sc_word *k, const sc_eb_curve *c)
{
    return !(c->nbits % SC_WORD_BITS) || !(k[c->nw - 1] >> (c->nbits % SC_WORD_BITS));
}

sc_err sc_eb_mul_var(sc_eb_aff *r, const sc_word *k, const sc_eb_aff *p, const sc_eb_curve *c)
{
    if (use_ct_methods(c) && below_2_nbits(k, c))
        return sc_eb_mul_ladder(r, k, p, c);
    return sc_eb_mul2_var(r, NULL, k, p, c);
}

sc_err sc_eb_mul2_var(sc_eb_aff *r, const sc_word *u1, const sc_word *u2, const sc_eb_aff *q,
                      const sc_eb_curve *c)
{
    if (use_ct_methods(c) && (!u1 || below_2_nbits(u1, c)) && (!u2 || below_2_nbits(u2, c))) {
        /* u1 G by the comb, u2 q by the ladder, one addition */
        sc_eb_aff a, b;
        sc_eb_ld s;
        sc_eb_set_inf(&a, c);
        sc_eb_set_inf(&b, c);
        if (u1)
            sc_eb_mul_gen(&a, u1, c);
        if (u2)
            sc_eb_mul_ladder(&b, u2, q, c);
        sc_eb_ld_from_aff(&s, &a, c);
        if (a.inf)
            sc_eb_ld_set_inf(&s, c);
        sc_eb_add_mixed_var(&s, &s, &b, c);
        return sc_eb_ld_to_aff_var(r, &s, c);
    }
    if (SC_EB_SMALL)
        return sc_eb_mul2_slide_var(r, u1, u2, q, c);
    if (sc_eb_tnaf_of(c))
        return sc_eb_mul2_tnaf_var(r, u1, u2, q, c);
    return sc_eb_mul2_wnaf_var(r, u1, u2, q, c);
}

/* Whether a point p of the curve lies in the subgroup of order n, for h = 2
 * and h = 4, without a scalar multiplication (point halving: Knudsen,
 * ASIACRYPT '99 [Knu99]; Guide sec. 3.6).  The doubling of R = (u, v) is
 * x = l^2 + l + a, y = u^2 + (l + 1) x with l = u + v / u, so
 *   p is a double, p in 2E, iff Tr(x) = Tr(a)
 * (then l solves l^2 + l = x + a; the trace of l^2 + l is 0), and the halves
 * of p are the two R with u^2 = y + (l + 1) x, l either root.  For h = 2,
 * 2E is the subgroup of order n: one trace.  For h = 4 (the Koblitz curves
 * with a = 0) the 2-part of E is cyclic of order 4 (a binary curve has one
 * point of order 2, (0, sqrt b)), so the subgroup is 4E and p lies in it iff
 * p is in 2E and a half of it is: Tr(u) = Tr(u^2) = Tr(a) for one root l
 * (both halves agree, since the point of order 2 lies in 2E).  The half-trace
 * gives l (sc_fb_solve_quad).  Other cofactors: n p = O. */
static int in_subgroup_var(const sc_eb_aff *p, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt a, t, l;
    unsigned tra;
    if (c->h != 2 && c->h != 4) {
        sc_word n[SC_EB_NW];
        sc_eb_aff t2;
        return sc_eb_mul_var(&t2, sc_flash_words(n, c->n, c->nw), p, c) == SC_ERR_INFINITY;
    }
    sc_eb_const(a, c->a, c);
    tra = sc_fb_trace(a, f);
    if (sc_fb_trace(p->x, f) != tra)
        return 0;                        /* not a double */
    if (c->h == 2)
        return 1;
    sc_fb_add(t, p->x, a, f);
    if (sc_fb_solve_quad(l, t, f) != SC_OK)
        return 0;                        /* not reached: Tr(x + a) = 0 */
    l[0] ^= 1u;                          /* l + 1 */
    sc_fb_mul(t, l, p->x, f);
    sc_fb_add(t, t, p->y, f);            /* u^2 = y + (l + 1) x */
    return sc_fb_trace(t, f) == tra;
}

/* SEC 1 sec. 3.2.2.1: not O, coordinates of degree < m, on the curve, and
 * n p = O where the cofactor h > 1 (in_subgroup_var). */
sc_err sc_eb_validate_var(const sc_eb_aff *p, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    size_t i;
    if (p->inf)
        return SC_ERR_INFINITY;
    for (i = f->nw; i < SC_FB_MAXW; i++)
        if (p->x[i] | p->y[i])
            return SC_ERR_RANGE;
    if (f->m % SC_WORD_BITS && ((p->x[f->nw - 1] | p->y[f->nw - 1]) >> (f->m % SC_WORD_BITS)))
        return SC_ERR_RANGE;
    if (!sc_eb_on_curve(p, c))
        return SC_ERR_POINT;
    if (c->h > 1 && !in_subgroup_var(p, c))
        return SC_ERR_POINT; /* n p != O: a component of order dividing h */
    return SC_OK;
}
