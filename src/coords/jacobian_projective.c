/* coords "jacproj" and "jacproj_noinv": the mixed scheme of [Kodali]
 * (docs/references.md), Algorithm 4 and eq. (1).
 *
 * The state is a Jacobian point (X, Y, Z) (x = X/Z^2, y = Y/Z^3; Z = 0 is
 * infinity).  Doubling stays in Jacobian coordinates with the generic-a
 * formula of Table VI (M = 3 X^2 + a Z^4, S = 4 X Y^2, T = M^2 - 2 S,
 * X3 = T, Y3 = M (S - T) - 8 Y^4, Z3 = 2 Y Z; the paper's 4M + 6S, a Z^4 by
 * a full multiplication whatever a is).  Each addition (Alg. 4 steps 4.2.1 -
 * 4.3) converts the Jacobian operand(s) to homogeneous projective, the affine
 * operand to projective (x, y, 1), adds with the general Table V formula
 * (12M + 2S, Z_Q = 1 not exploited, as the paper counts it) and converts
 * back to Jacobian:
 *   P -> J: (X, Y, Z) -> (X Z, Y Z^2, Z): 2M + 1S (the paper charges 2M);
 *   J -> P, "jacproj":  with an inversion, as the paper charges it (I + 2M):
 *           zi = Z^-1, (X zi, Y zi^2, Z): I + 2M + 1S (the paper's I + 2M
 *           matches its Table III, which has y = Y/Z^2; with y = Y/Z^3 the
 *           conversion needs the extra squaring);
 *   J -> P, "jacproj_noinv": inversion-free, (X Z, Y, Z^3): 2M + 1S.
 * The affine -> projective step is free here (the paper charges 2M).  So a
 * mixed addition costs I + 16M + 4S (jacproj; paper eq. 1: I + 18M + 2S)
 * or 16M + 4S (jacproj_noinv), against 8M + 3S for the plain Jacobian madd: the
 * point of keeping both systems is to let the cost model show that.
 * Special cases: Table V gives (0, 0, 0) for P == Q (u = v = 0) and Z = 0 for
 * P == -Q (v = 0); the variable-time operations branch, the constant-time ones
 * compute the doubling candidate and select (sc_fp_cmov). */
#include <seacurve/coords.h>
#include "coords_internal.h"

#define SYS (&sc_coords_jacproj)     /* both systems have the same three coordinates */

/* Table VI Jacobian doubling, generic a (4M + 6S).  Branch-free; Z = 0 gives Z3 = 0. */
static void m2_dbl_ct(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe a, M, t, yy, S;
    sc_coords_get_a(a, c);
    sc_fp_sqr(t, p->v[2], f);
    sc_fp_sqr(t, t, f);
    sc_fp_mul(M, a, t, f);                    /* a Z^4 */
    sc_fp_sqr(t, p->v[0], f);
    sc_coords_mul3(t, t, f);
    sc_fp_add(M, M, t, f);                    /* M = 3 X^2 + a Z^4 */
    sc_fp_sqr(yy, p->v[1], f);
    sc_fp_mul(S, p->v[0], yy, f);
    sc_fp_dbl(S, S, f);
    sc_fp_dbl(S, S, f);                       /* S = 4 X Y^2 */
    sc_fp_mul(t, p->v[1], p->v[2], f);
    sc_fp_dbl(r->v[2], t, f);                 /* Z3 = 2 Y Z (inputs all read) */
    sc_fp_sqr(t, M, f);
    sc_fp_sub(t, t, S, f);
    sc_fp_sub(r->v[0], t, S, f);              /* X3 = T = M^2 - 2 S */
    sc_fp_sub(S, S, r->v[0], f);
    sc_fp_mul(S, S, M, f);
    sc_fp_sqr(yy, yy, f);
    sc_coords_mul8(yy, yy, f);                   /* 8 Y^4 */
    sc_fp_sub(r->v[1], S, yy, f);             /* Y3 = M (S - T) - 8 Y^4 */
}

static void m2_dbl(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    if (sc_fp_is_zero(p->v[2], c->fp)) {
        sc_coords_jac_set_inf(r, c);
        return;
    }
    m2_dbl_ct(r, p, c);
}

/* J -> P: inv: 0 variable-time inversion (jacproj, _var ops), 1 constant-time
 * (jacproj, _ct ops), 2 none (jacproj_noinv).  Z = 0 gives a point with Z = 0. */
static void j2p(sc_coords_point *o, const sc_coords_point *p, int inv, const sc_fp_field *f)
{
    sc_fe t;
    if (inv == 2) {                           /* (X Z, Y, Z^3): 2M + S */
        sc_fp_sqr(t, p->v[2], f);
        sc_fp_mul(o->v[2], t, p->v[2], f);
        sc_fp_mul(o->v[0], p->v[0], p->v[2], f);
        sc_fp_copy(o->v[1], p->v[1], f);
        return;
    }
    if (inv == 1)                             /* (X zi, Y zi^2, Z): I + 2M + S */
        sc_fp_inv(t, p->v[2], f);
    else
        sc_fp_inv_var(t, p->v[2], f);
    sc_fp_mul(o->v[0], p->v[0], t, f);
    sc_fp_sqr(t, t, f);
    sc_fp_mul(o->v[1], p->v[1], t, f);
    sc_fp_copy(o->v[2], p->v[2], f);
}

/* P -> J: (X Z, Y Z^2, Z): 2M + S, in place */
static void p2j(sc_coords_point *o, const sc_fp_field *f)
{
    sc_fe t;
    sc_fp_sqr(t, o->v[2], f);
    sc_fp_mul(o->v[1], o->v[1], t, f);
    sc_fp_mul(o->v[0], o->v[0], o->v[2], f);
}

/* the general case: J (+ J or A) -> P, Table V, P -> J; H_u / H_v get Table V's u, v.
 * q NULL: the second operand is the affine qa. */
static void m2_add_core(sc_coords_point *o, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_aff *qa, int inv,
                        const sc_fp_field *f, sc_word *u, sc_word *v)
{
    sc_coords_point pp, qp;
    j2p(&pp, p, inv, f);                      /* Alg. 4 step 4.2.1 */
    if (q) {
        j2p(&qp, q, inv, f);
    } else {                                  /* step 4.2.2: affine -> projective (x, y, 1) */
        sc_fp_copy(qp.v[0], qa->x, f);
        sc_fp_copy(qp.v[1], qa->y, f);
        sc_fp_set_one(qp.v[2], f);
    }
    sc_coords_proj_add_t5(o, &pp, &qp, f, u, v); /* steps 4.2.3 / 4.2.4: Table V */
    p2j(o, f);                                /* step 4.3 */
}

static void m2_add_var(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_aff *qa, int inv,
                       const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_coords_point s;
    sc_fe u, v;
    if (sc_fp_is_zero(p->v[2], f)) {
        if (q)
            sc_coords_copy(r, q, SYS, c);
        else
            sc_coords_jac_from_aff(r, qa, c);
        return;
    }
    if (q && sc_fp_is_zero(q->v[2], f)) {
        sc_coords_copy(r, p, SYS, c);
        return;
    }
    m2_add_core(&s, p, q, qa, inv, f, u, v);
    if (sc_fp_is_zero(v, f)) {
        if (sc_fp_is_zero(u, f))
            m2_dbl_ct(r, p, c);               /* P == Q */
        else
            sc_coords_jac_set_inf(r, c);         /* P == -Q */
        return;
    }
    sc_coords_copy(r, &s, SYS, c);
}

static void m2_add_ct(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_aff *qa, int inv,
                      const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_coords_point s, d, qj;
    sc_fe u, v;
    sc_word pinf = sc_fp_is_zero(p->v[2], f), qinf = 0, isdbl, isneg;
    if (q)
        qinf = sc_fp_is_zero(q->v[2], f);
    m2_dbl_ct(&d, p, c);                      /* candidate for P == Q */
    m2_add_core(&s, p, q, qa, inv, f, u, v);
    isdbl = sc_fp_is_zero(u, f) & sc_fp_is_zero(v, f) & (sc_word)~(pinf | qinf);
    isneg = sc_fp_is_zero(v, f) & (sc_word)~isdbl;
    sc_coords_cmov(&s, &d, isdbl, SYS, c);
    sc_coords_jac_set_inf(&d, c);
    sc_coords_cmov(&s, &d, isneg, SYS, c);       /* P == -Q: the canonical infinity */
    if (q) {
        sc_coords_copy(&qj, q, SYS, c);
    } else {
        sc_coords_jac_from_aff(&qj, qa, c);
    }
    sc_coords_cmov(&s, &qj, pinf, SYS, c);       /* O + Q = Q */
    sc_coords_cmov(&s, p, qinf, SYS, c);         /* P + O = P */
    sc_coords_copy(r, &s, SYS, c);
}

static void m2_add(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    m2_add_var(r, p, q, NULL, 0, c);
}

static void m2_madd(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    m2_add_var(r, p, NULL, q, 0, c);
}

static void m2_add_c(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    m2_add_ct(r, p, q, NULL, 1, c);
}

static void m2_madd_c(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    m2_add_ct(r, p, NULL, q, 1, c);
}

static void m2x_add(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    m2_add_var(r, p, q, NULL, 2, c);
}

static void m2x_madd(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    m2_add_var(r, p, NULL, q, 2, c);
}

static void m2x_add_c(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    m2_add_ct(r, p, q, NULL, 2, c);
}

static void m2x_madd_c(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    m2_add_ct(r, p, NULL, q, 2, c);
}

const sc_coords_sys sc_coords_jacproj = {
    "jacproj",
    SC_DOC("[Kodali] Alg. 4 / eq. 1: Jacobian dbl (Table VI, 4M+6S), add via J->P with inversion, Table V, P->J"),
    3, 1,
    sc_coords_jac_set_inf, sc_coords_jac_is_inf_var, sc_coords_jac_from_aff, sc_coords_jac_to_aff_var, sc_coords_jac_neg,
    m2_dbl, m2_add, m2_madd,
    m2_dbl_ct, m2_add_c, m2_madd_c, sc_coords_jac_to_aff,
};

const sc_coords_sys sc_coords_jacproj_noinv = {
    "jacproj_noinv",
    SC_DOC("[Kodali] Alg. 4 without inversion: Jacobian dbl (Table VI), add via J->P (XZ, Y, Z^3), Table V, P->J"),
    3, 1,
    sc_coords_jac_set_inf, sc_coords_jac_is_inf_var, sc_coords_jac_from_aff, sc_coords_jac_to_aff_var, sc_coords_jac_neg,
    m2_dbl, m2x_add, m2x_madd,
    m2_dbl_ct, m2x_add_c, m2x_madd_c, sc_coords_jac_to_aff,
};
