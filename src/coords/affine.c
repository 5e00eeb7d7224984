/* coords "affine": (x, y) in v[0], v[1]; v[2][0] is the infinity flag (1: the point
 * at infinity, whose v[0], v[1] are zero; every other word of v[2] is zero).
 *
 * Textbook affine formulas (Hankerson-Menezes-Vanstone, Guide to ECC, 3.1.2;
 * [Kodali] Table II: addition I + 2M + S, doubling I + 2M + 2S):
 *   add:  l = (y2 - y1) / (x2 - x1), x3 = l^2 - x1 - x2, y3 = l (x1 - x3) - y1
 *   dbl:  l = (3 x1^2 + a) / (2 y1),  x3 = l^2 - 2 x1,   y3 = l (x1 - x3) - y1
 * The variable-time operations branch on the special cases and invert with
 * sc_fp_inv_var; the constant-time ones select numerator and denominator of
 * the slope with masks (one constant-time inversion, I + 2M + 2S in all: the
 * doubling numerator's squaring is always computed) and select the special results. */
#include <seacurve/coords.h>
#include <seacurve/util.h>
#include "coords_internal.h"

static sc_word aff_inf_mask(const sc_coords_point *p)
{
    return sc_ct_mask_nz(p->v[2][0]);
}

static void aff_set_inf(sc_coords_point *r, const sc_ep_curve *c)
{
    sc_fp_set_zero(r->v[0], c->fp);
    sc_fp_set_zero(r->v[1], c->fp);
    sc_fp_set_zero(r->v[2], c->fp);
    r->v[2][0] = 1;
}

static int aff_is_inf_var(const sc_coords_point *p, const sc_ep_curve *c)
{
    (void)c;
    return p->v[2][0] != 0;
}

static void aff_from_aff(sc_coords_point *r, const sc_ep_aff *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->v[0], p->x, c->fp);
    sc_fp_copy(r->v[1], p->y, c->fp);
    sc_fp_set_zero(r->v[2], c->fp);
}

/* no field operation: the flag decides (published, as every to_aff verdict) */
static sc_err aff_to_aff(sc_ep_aff *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->x, p->v[0], c->fp);
    sc_fp_copy(r->y, p->v[1], c->fp);
    return sc_coords_aff_result(r, aff_inf_mask(p), c->fp);
}

static void aff_neg(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->v[0], p->v[0], c->fp);
    sc_fp_neg(r->v[1], p->v[1], c->fp);      /* -0 = 0 keeps infinity's coordinates zero */
    sc_fp_copy(r->v[2], p->v[2], c->fp);
}

/* x3 = l^2 - x1 - x2, y3 = l (x1 - x3) - y1 into r (finite); 2M + S with the
 * inversion given as num / den */
static void aff_finish(sc_coords_point *r, const sc_word *num, const sc_word *deninv, const sc_word *x1,
                       const sc_word *y1, const sc_word *x2, const sc_fp_field *f)
{
    sc_fe l, x3, t;
    sc_fp_mul(l, num, deninv, f);
    sc_fp_sqr(x3, l, f);
    sc_fp_sub(x3, x3, x1, f);
    sc_fp_sub(x3, x3, x2, f);
    sc_fp_sub(t, x1, x3, f);
    sc_fp_mul(t, t, l, f);
    sc_fp_sub(r->v[1], t, y1, f);
    sc_fp_copy(r->v[0], x3, f);
    sc_fp_set_zero(r->v[2], f);
}

/* 3 x^2 + a (a = -3 / 0 / generic per c->a_kind, public) */
static void dbl_num(sc_word *n, const sc_word *x, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe t;
    sc_fp_sqr(t, x, f);
    sc_coords_mul3(n, t, f);
    if (c->a_kind == SC_EP_A_MINUS3) {
        sc_fp_set_one(t, f);
        sc_coords_mul3(t, t, f);
        sc_fp_sub(n, n, t, f);
    } else if (c->a_kind != SC_EP_A_ZERO) {
        sc_coords_get_a(t, c);
        sc_fp_add(n, n, t, f);
    }
}

/* ---- variable time ---- */

static void aff_dbl(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe n, d;
    if (p->v[2][0] || sc_fp_is_zero(p->v[1], f)) { /* y = 0: order 2 (not on these curves) */
        aff_set_inf(r, c);
        return;
    }
    dbl_num(n, p->v[0], c);
    sc_fp_dbl(d, p->v[1], f);
    sc_fp_inv_var(d, d, f);
    aff_finish(r, n, d, p->v[0], p->v[1], p->v[0], f);
}

/* (x2, y2) finite */
static void aff_add_xy(sc_coords_point *r, const sc_coords_point *p, const sc_word *x2, const sc_word *y2, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe n, d;
    if (p->v[2][0]) {
        sc_fp_copy(r->v[0], x2, f);
        sc_fp_copy(r->v[1], y2, f);
        sc_fp_set_zero(r->v[2], f);
        return;
    }
    sc_fp_sub(d, x2, p->v[0], f);
    sc_fp_sub(n, y2, p->v[1], f);
    if (sc_fp_is_zero(d, f)) {
        if (sc_fp_is_zero(n, f))
            aff_dbl(r, p, c);                 /* P == Q */
        else
            aff_set_inf(r, c);                /* P == -Q */
        return;
    }
    sc_fp_inv_var(d, d, f);
    aff_finish(r, n, d, p->v[0], p->v[1], x2, f);
}

static void aff_add(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    if (q->v[2][0]) {
        sc_coords_copy(r, p, &sc_coords_affine, c);
        return;
    }
    aff_add_xy(r, p, q->v[0], q->v[1], c);
}

static void aff_madd(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    aff_add_xy(r, p, q->x, q->y, c);
}

/* ---- constant time ---- */

/* r = p + (x2, y2) with q_inf the all-ones mask when the second operand is infinity */
static void aff_add_xy_ct(sc_coords_point *r, const sc_coords_point *p, const sc_word *x2, const sc_word *y2, sc_word qinf,
                          const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe n, d, dn, dd;
    sc_coords_point s, q, inf;
    sc_word pinf = aff_inf_mask(p), isdbl, isneg;
    sc_fp_copy(q.v[0], x2, f);
    sc_fp_copy(q.v[1], y2, f);
    sc_fp_set_zero(q.v[2], f);
    sc_fp_sub(d, x2, p->v[0], f);
    sc_fp_sub(n, y2, p->v[1], f);
    isdbl = sc_fp_is_zero(d, f) & sc_fp_is_zero(n, f);
    isneg = sc_fp_is_zero(d, f) & (sc_word)~isdbl;
    dbl_num(dn, p->v[0], c);
    sc_fp_dbl(dd, p->v[1], f);
    sc_fp_cmov(n, dn, isdbl, f);
    sc_fp_cmov(d, dd, isdbl, f);
    sc_fp_inv(d, d, f);                       /* 0 (P == -Q, or infinity involved) maps to 0 */
    aff_finish(&s, n, d, p->v[0], p->v[1], q.v[0], f);
    aff_set_inf(&inf, c);
    sc_coords_cmov(&s, &inf, isneg, &sc_coords_affine, c);
    sc_coords_cmov(&s, &q, pinf, &sc_coords_affine, c);  /* O + Q = Q */
    sc_coords_cmov(&s, p, qinf, &sc_coords_affine, c);   /* P + O = P (O + O = O) */
    sc_coords_copy(r, &s, &sc_coords_affine, c);
}

static void aff_add_ct(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    aff_add_xy_ct(r, p, q->v[0], q->v[1], aff_inf_mask(q), c);
}

static void aff_madd_ct(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    aff_add_xy_ct(r, p, q->x, q->y, 0, c);
}

/* 2P with a constant-time inversion (I + 2M + 2S); infinity selected by mask */
static void aff_dbl_ct(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe n, d;
    sc_coords_point s, inf;
    sc_word pinf = aff_inf_mask(p);
    dbl_num(n, p->v[0], c);
    sc_fp_dbl(d, p->v[1], f);
    sc_fp_inv(d, d, f);
    aff_finish(&s, n, d, p->v[0], p->v[1], p->v[0], f);
    aff_set_inf(&inf, c);
    sc_coords_cmov(&s, &inf, pinf, &sc_coords_affine, c);
    sc_coords_copy(r, &s, &sc_coords_affine, c);
}

const sc_coords_sys sc_coords_affine = {
    "affine",
    SC_DOC("affine textbook formulas (Guide to ECC 3.1.2; [Kodali] Table II), one inversion per operation"),
    3, 1,
    aff_set_inf, aff_is_inf_var, aff_from_aff, aff_to_aff, aff_neg,
    aff_dbl, aff_add, aff_madd,
    aff_dbl_ct, aff_add_ct, aff_madd_ct, aff_to_aff,
};
