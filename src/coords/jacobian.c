/* coords "jacobian": (X, Y, Z) with x = X/Z^2, y = Y/Z^3, Z = 0 the point at infinity.
 *
 * A thin wrapper around the production code of ep.h (src/ep/ep.c), so that the
 * method matrix measures exactly what sc_ec_mul runs:
 *   dbl:  sc_ep_dbl_jac, per c->a_kind: a = -3 as dbl-2001-b (Bernstein 2001,
 *         M = 3(X-Z^2)(X+Z^2)), 4M + 4S; a = 0 as dbl-2009-l, 3M + 4S; generic a
 *         as dbl-2007-bl, 4M + 6S (all with the common tail of ep.c, 3M + 3S of the above);
 *   add:  add-1998-cmo-2 (Cohen-Miyaji-Ono 1998), 12M + 4S;
 *   madd: madd-2004-hmv (Hankerson-Menezes-Vanstone 2004, Guide Alg. 3.22), 8M + 3S.
 * The _ct operations are ep.h's constant-time complete ones (every candidate
 * computed, the result selected with sc_fp_cmov); the variable-time ones branch
 * on infinity / P == Q / P == -Q (sc_ep_add_jac_var, sc_ep_add_mixed_var). */
#include <seacurve/coords.h>
#include "coords_internal.h"

void sc_coords_jac_set_inf(sc_coords_point *r, const sc_ep_curve *c)
{
    sc_ep_jac j;
    sc_ep_jac_set_inf(&j, c);
    sc_coords_from_jac(r, &j, c);
}

int sc_coords_jac_is_inf_var(const sc_coords_point *p, const sc_ep_curve *c)
{
    return sc_fp_is_zero(p->v[2], c->fp) ? 1 : 0;
}

void sc_coords_jac_from_aff(sc_coords_point *r, const sc_ep_aff *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->v[0], p->x, c->fp);
    sc_fp_copy(r->v[1], p->y, c->fp);
    sc_fp_set_one(r->v[2], c->fp);
}

sc_err sc_coords_jac_to_aff_var(sc_ep_aff *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_ep_jac j;
    sc_coords_to_jac(&j, p, c);
    return sc_ep_jac_to_aff_var(r, &j, c);
}

sc_err sc_coords_jac_to_aff(sc_ep_aff *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_ep_jac j;
    sc_coords_to_jac(&j, p, c);
    return sc_ep_jac_to_aff(r, &j, c);
}

void sc_coords_jac_neg(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->v[0], p->v[0], c->fp);
    sc_fp_neg(r->v[1], p->v[1], c->fp);
    sc_fp_copy(r->v[2], p->v[2], c->fp);
}

/* dbl-2001-b / dbl-2009-l / dbl-2007-bl per c->a_kind (ep.c); complete: Z = 0 stays 0. */
static void jac_dbl(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_ep_jac j;
    sc_coords_to_jac(&j, p, c);
    sc_ep_dbl_jac(&j, &j, c);
    sc_coords_from_jac(r, &j, c);
}

/* add-1998-cmo-2, branching on the special cases */
static void jac_add(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    sc_ep_jac a, b;
    sc_coords_to_jac(&a, p, c);
    sc_coords_to_jac(&b, q, c);
    sc_ep_add_jac_var(&a, &a, &b, c);
    sc_coords_from_jac(r, &a, c);
}

/* madd-2004-hmv, branching on the special cases */
static void jac_madd(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    sc_ep_jac a;
    sc_coords_to_jac(&a, p, c);
    sc_ep_add_mixed_var(&a, &a, q, c);
    sc_coords_from_jac(r, &a, c);
}

/* add-1998-cmo-2, constant time and complete (sc_ep_add_jac) */
static void jac_add_ct(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    sc_ep_jac a, b;
    sc_coords_to_jac(&a, p, c);
    sc_coords_to_jac(&b, q, c);
    sc_ep_add_jac(&a, &a, &b, c);
    sc_coords_from_jac(r, &a, c);
}

/* madd-2004-hmv, constant time and complete (sc_ep_add_mixed) */
static void jac_madd_ct(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    sc_ep_jac a;
    sc_coords_to_jac(&a, p, c);
    sc_ep_add_mixed(&a, &a, q, c);
    sc_coords_from_jac(r, &a, c);
}

const sc_coords_sys sc_coords_jacobian = {
    "jacobian",
    SC_DOC("ep.c: dbl-2001-b (a=-3) / dbl-2009-l (a=0) / dbl-2007-bl, add-1998-cmo-2, madd-2004-hmv (EFD)"),
    3, 1,
    sc_coords_jac_set_inf, sc_coords_jac_is_inf_var, sc_coords_jac_from_aff, sc_coords_jac_to_aff_var, sc_coords_jac_neg,
    jac_dbl, jac_add, jac_madd,
    jac_dbl, jac_add_ct, jac_madd_ct, sc_coords_jac_to_aff,
};
