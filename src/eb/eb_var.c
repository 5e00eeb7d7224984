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
    return sc_fb_accel() && !(sc_eb_tnaf_of(c) && c->f->m == 409);
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
    if (sc_eb_tnaf_of(c))
        return sc_eb_mul2_tnaf_var(r, u1, u2, q, c);
    return sc_eb_mul2_wnaf_var(r, u1, u2, q, c);
}

/* SEC 1 sec. 3.2.2.1: not O, coordinates of degree < m, on the curve, and
 * n p = O where the cofactor h > 1. */
sc_err sc_eb_validate_var(const sc_eb_aff *p, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_eb_aff t;
    sc_err e;
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
    if (c->h > 1) {
        sc_word n[SC_EB_NW];
        const sc_word *np = sc_flash_words(n, c->n, c->nw);
        e = sc_eb_mul_var(&t, np, p, c);
        if (e != SC_ERR_INFINITY)
            return SC_ERR_POINT; /* n p != O: a component of order dividing h */
    }
    return SC_OK;
}
