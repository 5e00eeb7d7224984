/* coords "projective": homogeneous (X, Y, Z) with x = X/Z, y = Y/Z; Z = 0 is the
 * point at infinity, (0, 1, 0) when made by set_inf.
 *
 * Variable-time operations: [Kodali] Table V addition and
 * Table VI doubling, i.e. the homogeneous formulas of Cohen-Miyaji-Ono 1998
 * (EFD add-1998-cmo-2, 12M + 2S; doubling 7M + 5S), and the mixed addition
 * with Z_Q = 1 (EFD madd-1998-cmo, 9M + 2S); they branch on the special cases.
 *
 * Constant-time operations: the complete formulas of Renes, Costello and
 * Batina, "Complete addition formulas for prime order elliptic curves",
 * EUROCRYPT 2016 (RCB): Algorithms 1/2/3 for any a, 4/5/6 for a = -3 and
 * 7/8/9 for a = 0 (addition / mixed addition / doubling).  They are valid for
 * every input on a curve of odd order, infinity included, so there is no
 * special case and no select. */
#include <seacurve/coords.h>
#include "coords_internal.h"

/* ---- [Kodali] Tables V / VI (shared with the jacproj systems) ---- */

void sc_coords_proj_add_t5(sc_coords_point *o, const sc_coords_point *p, const sc_coords_point *q, const sc_fp_field *f,
                        sc_word *u_out, sc_word *v_out)
{
    sc_fe xz, yz, zz, u, v, uu, vv, vvv, R, A;
    sc_fp_mul(xz, p->v[0], q->v[2], f);      /* X_P Z_Q */
    sc_fp_mul(yz, p->v[1], q->v[2], f);      /* Y_P Z_Q */
    sc_fp_mul(zz, p->v[2], q->v[2], f);      /* Z_P Z_Q */
    sc_fp_mul(u, q->v[1], p->v[2], f);
    sc_fp_sub(u, u, yz, f);                  /* u = Y_Q Z_P - Y_P Z_Q */
    sc_fp_mul(v, q->v[0], p->v[2], f);
    sc_fp_sub(v, v, xz, f);                  /* v = X_Q Z_P - X_P Z_Q */
    sc_fp_sqr(uu, u, f);
    sc_fp_sqr(vv, v, f);
    sc_fp_mul(vvv, vv, v, f);
    sc_fp_mul(R, vv, xz, f);                 /* v^2 X_P Z_Q */
    sc_fp_mul(A, uu, zz, f);
    sc_fp_sub(A, A, vvv, f);
    sc_fp_sub(A, A, R, f);
    sc_fp_sub(A, A, R, f);                   /* A = u^2 Z_P Z_Q - v^3 - 2 v^2 X_P Z_Q */
    sc_fp_mul(o->v[0], v, A, f);             /* X_R = v A */
    sc_fp_sub(R, R, A, f);
    sc_fp_mul(R, R, u, f);
    sc_fp_mul(yz, vvv, yz, f);
    sc_fp_sub(o->v[1], R, yz, f);            /* Y_R = u (v^2 X_P Z_Q - A) - v^3 Y_P Z_Q */
    sc_fp_mul(o->v[2], vvv, zz, f);          /* Z_R = v^3 Z_P Z_Q */
    if (u_out)
        sc_fp_copy(u_out, u, f);
    if (v_out)
        sc_fp_copy(v_out, v, f);
}

void sc_coords_proj_dbl_t6(sc_coords_point *o, const sc_coords_point *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe w, t, s, ys, B, h;
    /* c->a_kind is a public curve property */
    if (c->a_kind == SC_EP_A_MINUS3) {
        sc_fp_sub(t, p->v[0], p->v[2], f);
        sc_fp_add(w, p->v[0], p->v[2], f);
        sc_fp_mul(w, w, t, f);
        sc_coords_mul3(w, w, f);                /* w = 3 (X - Z)(X + Z) = 3 X^2 - 3 Z^2 */
    } else if (c->a_kind == SC_EP_A_ZERO) {
        sc_fp_sqr(t, p->v[0], f);
        sc_coords_mul3(w, t, f);                /* w = 3 X^2 */
    } else {
        sc_fp_sqr(t, p->v[2], f);
        sc_coords_get_a(w, c);
        sc_fp_mul(w, w, t, f);               /* a Z^2 */
        sc_fp_sqr(t, p->v[0], f);
        sc_coords_mul3(t, t, f);
        sc_fp_add(w, w, t, f);               /* w = a Z^2 + 3 X^2 */
    }
    sc_fp_mul(s, p->v[1], p->v[2], f);       /* s = Y Z */
    sc_fp_mul(ys, p->v[1], s, f);            /* Y s */
    sc_fp_mul(B, p->v[0], ys, f);            /* B = X Y s */
    sc_fp_sqr(h, w, f);
    sc_coords_mul8(t, B, f);
    sc_fp_sub(h, h, t, f);                   /* h = w^2 - 8 B */
    sc_fp_mul(t, h, s, f);
    sc_fp_dbl(o->v[0], t, f);                /* X_R = 2 h s */
    sc_fp_dbl(B, B, f);
    sc_fp_dbl(B, B, f);
    sc_fp_sub(B, B, h, f);
    sc_fp_mul(B, B, w, f);                   /* w (4 B - h) */
    sc_fp_sqr(ys, ys, f);
    sc_coords_mul8(ys, ys, f);                  /* 8 Y^2 s^2 */
    sc_fp_sub(o->v[1], B, ys, f);            /* Y_R */
    sc_fp_sqr(t, s, f);
    sc_fp_mul(t, t, s, f);
    sc_coords_mul8(o->v[2], t, f);              /* Z_R = 8 s^3 */
}

/* ---- the common operations ---- */

static void proj_set_inf(sc_coords_point *r, const sc_ep_curve *c)
{
    sc_fp_set_zero(r->v[0], c->fp);
    sc_fp_set_one(r->v[1], c->fp);
    sc_fp_set_zero(r->v[2], c->fp);
}

static int proj_is_inf_var(const sc_coords_point *p, const sc_ep_curve *c)
{
    return sc_fp_is_zero(p->v[2], c->fp) ? 1 : 0;
}

static void proj_from_aff(sc_coords_point *r, const sc_ep_aff *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->v[0], p->x, c->fp);
    sc_fp_copy(r->v[1], p->y, c->fp);
    sc_fp_set_one(r->v[2], c->fp);
}

/* x = X Z^-1, y = Y Z^-1: I + 2M */
static sc_err proj_to_aff_zi(sc_ep_aff *r, const sc_coords_point *p, const sc_word *zi, const sc_ep_curve *c)
{
    sc_word inf = sc_fp_is_zero(p->v[2], c->fp);
    sc_fp_mul(r->x, p->v[0], zi, c->fp);
    sc_fp_mul(r->y, p->v[1], zi, c->fp);
    return sc_coords_aff_result(r, inf, c->fp);
}

static sc_err proj_to_aff_var(sc_ep_aff *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_fe zi;
    sc_fp_inv_var(zi, p->v[2], c->fp);
    return proj_to_aff_zi(r, p, zi, c);
}

static sc_err proj_to_aff(sc_ep_aff *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_fe zi;
    sc_fp_inv(zi, p->v[2], c->fp);
    return proj_to_aff_zi(r, p, zi, c);
}

static void proj_neg(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->v[0], p->v[0], c->fp);
    sc_fp_neg(r->v[1], p->v[1], c->fp);
    sc_fp_copy(r->v[2], p->v[2], c->fp);
}

/* ---- variable time: [Kodali] Tables V / VI ---- */

static void proj_dbl(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    if (sc_fp_is_zero(p->v[2], c->fp)) {
        proj_set_inf(r, c);
        return;
    }
    sc_coords_proj_dbl_t6(r, p, c);
}

static void proj_add(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_coords_point s;
    sc_fe u, v;
    if (sc_fp_is_zero(p->v[2], f)) {
        sc_coords_copy(r, q, &sc_coords_projective, c);
        return;
    }
    if (sc_fp_is_zero(q->v[2], f)) {
        sc_coords_copy(r, p, &sc_coords_projective, c);
        return;
    }
    sc_coords_proj_add_t5(&s, p, q, f, u, v);
    if (sc_fp_is_zero(v, f)) {
        if (sc_fp_is_zero(u, f))
            sc_coords_proj_dbl_t6(r, p, c);     /* P == Q */
        else
            proj_set_inf(r, c);              /* P == -Q */
        return;
    }
    sc_coords_copy(r, &s, &sc_coords_projective, c);
}

/* madd-1998-cmo (Table V with Z_Q = 1): u = y_Q Z_P - Y_P, v = x_Q Z_P - X_P,
 * A = u^2 Z_P - v^3 - 2 v^2 X_P, X_R = v A, Y_R = u (v^2 X_P - A) - v^3 Y_P,
 * Z_R = v^3 Z_P.  9M + 2S. */
static void proj_madd(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe u, v, uu, vv, vvv, R, A;
    if (sc_fp_is_zero(p->v[2], f)) {
        proj_from_aff(r, q, c);
        return;
    }
    sc_fp_mul(u, q->y, p->v[2], f);
    sc_fp_sub(u, u, p->v[1], f);
    sc_fp_mul(v, q->x, p->v[2], f);
    sc_fp_sub(v, v, p->v[0], f);
    if (sc_fp_is_zero(v, f)) {
        if (sc_fp_is_zero(u, f))
            sc_coords_proj_dbl_t6(r, p, c);     /* P == Q */
        else
            proj_set_inf(r, c);              /* P == -Q */
        return;
    }
    sc_fp_sqr(uu, u, f);
    sc_fp_sqr(vv, v, f);
    sc_fp_mul(vvv, vv, v, f);
    sc_fp_mul(R, vv, p->v[0], f);
    sc_fp_mul(A, uu, p->v[2], f);
    sc_fp_sub(A, A, vvv, f);
    sc_fp_sub(A, A, R, f);
    sc_fp_sub(A, A, R, f);
    sc_fp_mul(r->v[2], vvv, p->v[2], f);     /* Z_R (Z_P read for the last time) */
    sc_fp_mul(vvv, vvv, p->v[1], f);
    sc_fp_mul(r->v[0], v, A, f);
    sc_fp_sub(R, R, A, f);
    sc_fp_mul(R, R, u, f);
    sc_fp_sub(r->v[1], R, vvv, f);
}

/* ---- constant time: Renes-Costello-Batina 2016, complete ---- */

/* RCB Algorithm 1 (any a; 12M + 3m_a + 2m_3b + 23A).  When mixed (Algorithm 2,
 * Q = (x, y, 1); 11M + 3m_a + 2m_3b), qz is NULL. */
static void rcb_add_generic(sc_coords_point *o, const sc_coords_point *p, const sc_word *qx, const sc_word *qy, const sc_word *qz,
                            const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe a, b3, t0, t1, t2, t3, t4, t5, X3, Y3, Z3;
    sc_coords_get_a(a, c);
    sc_coords_get_b3(b3, c);
    sc_fp_mul(t0, p->v[0], qx, f);           /* t0 = X1 X2 */
    sc_fp_mul(t1, p->v[1], qy, f);           /* t1 = Y1 Y2 */
    sc_fp_add(t3, p->v[0], p->v[1], f);
    sc_fp_add(t4, qx, qy, f);
    sc_fp_mul(t3, t3, t4, f);
    sc_fp_add(t4, t0, t1, f);
    sc_fp_sub(t3, t3, t4, f);                /* t3 = X1 Y2 + X2 Y1 */
    if (qz) {
        sc_fp_mul(t2, p->v[2], qz, f);       /* t2 = Z1 Z2 */
        sc_fp_add(t4, p->v[0], p->v[2], f);
        sc_fp_add(t5, qx, qz, f);
        sc_fp_mul(t4, t4, t5, f);
        sc_fp_add(t5, t0, t2, f);
        sc_fp_sub(t4, t4, t5, f);            /* t4 = X1 Z2 + X2 Z1 */
        sc_fp_add(t5, p->v[1], p->v[2], f);
        sc_fp_add(X3, qy, qz, f);
        sc_fp_mul(t5, t5, X3, f);
        sc_fp_add(X3, t1, t2, f);
        sc_fp_sub(t5, t5, X3, f);            /* t5 = Y1 Z2 + Y2 Z1 */
    } else {
        sc_fp_copy(t2, p->v[2], f);          /* Z2 = 1 */
        sc_fp_mul(t4, qx, p->v[2], f);
        sc_fp_add(t4, t4, p->v[0], f);
        sc_fp_mul(t5, qy, p->v[2], f);
        sc_fp_add(t5, t5, p->v[1], f);
    }
    sc_fp_mul(Z3, a, t4, f);
    sc_fp_mul(X3, b3, t2, f);
    sc_fp_add(Z3, X3, Z3, f);
    sc_fp_sub(X3, t1, Z3, f);
    sc_fp_add(Z3, t1, Z3, f);
    sc_fp_mul(Y3, X3, Z3, f);
    sc_coords_mul3(t1, t0, f);
    sc_fp_mul(t2, a, t2, f);
    sc_fp_mul(t4, b3, t4, f);
    sc_fp_add(t1, t1, t2, f);
    sc_fp_sub(t2, t0, t2, f);
    sc_fp_mul(t2, a, t2, f);
    sc_fp_add(t4, t4, t2, f);
    sc_fp_mul(t0, t1, t4, f);
    sc_fp_add(Y3, Y3, t0, f);
    sc_fp_mul(t0, t5, t4, f);
    sc_fp_mul(X3, t3, X3, f);
    sc_fp_sub(o->v[0], X3, t0, f);
    sc_fp_mul(t0, t3, t1, f);
    sc_fp_mul(Z3, t5, Z3, f);
    sc_fp_add(o->v[2], Z3, t0, f);
    sc_fp_copy(o->v[1], Y3, f);
}

/* RCB Algorithm 4 (a = -3; 12M + 2m_b + 29A); Algorithm 5 (mixed, qz NULL; 11M + 2m_b). */
static void rcb_add_m3(sc_coords_point *o, const sc_coords_point *p, const sc_word *qx, const sc_word *qy, const sc_word *qz,
                       const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe b, t0, t1, t2, t3, t4, X3, Y3, Z3;
    sc_coords_get_b(b, c);
    sc_fp_mul(t0, p->v[0], qx, f);
    sc_fp_mul(t1, p->v[1], qy, f);
    sc_fp_add(t3, p->v[0], p->v[1], f);
    sc_fp_add(t4, qx, qy, f);
    sc_fp_mul(t3, t3, t4, f);
    sc_fp_add(t4, t0, t1, f);
    sc_fp_sub(t3, t3, t4, f);                /* X1 Y2 + X2 Y1 */
    if (qz) {
        sc_fp_mul(t2, p->v[2], qz, f);
        sc_fp_add(t4, p->v[1], p->v[2], f);
        sc_fp_add(X3, qy, qz, f);
        sc_fp_mul(t4, t4, X3, f);
        sc_fp_add(X3, t1, t2, f);
        sc_fp_sub(t4, t4, X3, f);            /* t4 = Y1 Z2 + Y2 Z1 */
        sc_fp_add(X3, p->v[0], p->v[2], f);
        sc_fp_add(Y3, qx, qz, f);
        sc_fp_mul(X3, X3, Y3, f);
        sc_fp_add(Y3, t0, t2, f);
        sc_fp_sub(Y3, X3, Y3, f);            /* Y3 = X1 Z2 + X2 Z1 */
    } else {
        sc_fp_copy(t2, p->v[2], f);
        sc_fp_mul(t4, qy, p->v[2], f);
        sc_fp_add(t4, t4, p->v[1], f);
        sc_fp_mul(Y3, qx, p->v[2], f);
        sc_fp_add(Y3, Y3, p->v[0], f);
    }
    sc_fp_mul(Z3, b, t2, f);
    sc_fp_sub(X3, Y3, Z3, f);
    sc_fp_dbl(Z3, X3, f);
    sc_fp_add(X3, X3, Z3, f);
    sc_fp_sub(Z3, t1, X3, f);
    sc_fp_add(X3, t1, X3, f);
    sc_fp_mul(Y3, b, Y3, f);
    sc_coords_mul3(t2, t2, f);
    sc_fp_sub(Y3, Y3, t2, f);
    sc_fp_sub(Y3, Y3, t0, f);
    sc_coords_mul3(Y3, Y3, f);
    sc_coords_mul3(t0, t0, f);
    sc_fp_sub(t0, t0, t2, f);
    sc_fp_mul(t1, t4, Y3, f);
    sc_fp_mul(t2, t0, Y3, f);
    sc_fp_mul(Y3, X3, Z3, f);
    sc_fp_add(o->v[1], Y3, t2, f);
    sc_fp_mul(X3, t3, X3, f);
    sc_fp_sub(o->v[0], X3, t1, f);
    sc_fp_mul(Z3, t4, Z3, f);
    sc_fp_mul(t1, t3, t0, f);
    sc_fp_add(o->v[2], Z3, t1, f);
}

/* RCB Algorithm 7 (a = 0; 12M + 2m_3b + 19A); Algorithm 8 (mixed, qz NULL; 11M + 2m_3b). */
static void rcb_add_0(sc_coords_point *o, const sc_coords_point *p, const sc_word *qx, const sc_word *qy, const sc_word *qz,
                      const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe b3, t0, t1, t2, t3, t4, X3, Y3, Z3;
    sc_coords_get_b3(b3, c);
    sc_fp_mul(t0, p->v[0], qx, f);
    sc_fp_mul(t1, p->v[1], qy, f);
    sc_fp_add(t3, p->v[0], p->v[1], f);
    sc_fp_add(t4, qx, qy, f);
    sc_fp_mul(t3, t3, t4, f);
    sc_fp_add(t4, t0, t1, f);
    sc_fp_sub(t3, t3, t4, f);                /* X1 Y2 + X2 Y1 */
    if (qz) {
        sc_fp_mul(t2, p->v[2], qz, f);
        sc_fp_add(t4, p->v[1], p->v[2], f);
        sc_fp_add(X3, qy, qz, f);
        sc_fp_mul(t4, t4, X3, f);
        sc_fp_add(X3, t1, t2, f);
        sc_fp_sub(t4, t4, X3, f);            /* Y1 Z2 + Y2 Z1 */
        sc_fp_add(X3, p->v[0], p->v[2], f);
        sc_fp_add(Y3, qx, qz, f);
        sc_fp_mul(X3, X3, Y3, f);
        sc_fp_add(Y3, t0, t2, f);
        sc_fp_sub(Y3, X3, Y3, f);            /* X1 Z2 + X2 Z1 */
    } else {
        sc_fp_copy(t2, p->v[2], f);
        sc_fp_mul(t4, qy, p->v[2], f);
        sc_fp_add(t4, t4, p->v[1], f);
        sc_fp_mul(Y3, qx, p->v[2], f);
        sc_fp_add(Y3, Y3, p->v[0], f);
    }
    sc_coords_mul3(t0, t0, f);
    sc_fp_mul(t2, b3, t2, f);
    sc_fp_add(Z3, t1, t2, f);
    sc_fp_sub(t1, t1, t2, f);
    sc_fp_mul(Y3, b3, Y3, f);
    sc_fp_mul(X3, t4, Y3, f);
    sc_fp_mul(t2, t3, t1, f);
    sc_fp_sub(X3, t2, X3, f);
    sc_fp_mul(Y3, Y3, t0, f);
    sc_fp_mul(t1, t1, Z3, f);
    sc_fp_add(Y3, t1, Y3, f);
    sc_fp_mul(t0, t0, t3, f);
    sc_fp_mul(Z3, Z3, t4, f);
    sc_fp_add(o->v[2], Z3, t0, f);
    sc_fp_copy(o->v[0], X3, f);
    sc_fp_copy(o->v[1], Y3, f);
}

/* RCB Algorithm 3 (any a; 8M + 3S + 3m_a + 2m_3b + 15A). */
static void rcb_dbl_generic(sc_coords_point *o, const sc_coords_point *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe a, b3, t0, t1, t2, t3, X3, Y3, Z3;
    sc_coords_get_a(a, c);
    sc_coords_get_b3(b3, c);
    sc_fp_sqr(t0, p->v[0], f);
    sc_fp_sqr(t1, p->v[1], f);
    sc_fp_sqr(t2, p->v[2], f);
    sc_fp_mul(t3, p->v[0], p->v[1], f);
    sc_fp_dbl(t3, t3, f);
    sc_fp_mul(Z3, p->v[0], p->v[2], f);
    sc_fp_dbl(Z3, Z3, f);
    sc_fp_mul(X3, a, Z3, f);
    sc_fp_mul(Y3, b3, t2, f);
    sc_fp_add(Y3, X3, Y3, f);
    sc_fp_sub(X3, t1, Y3, f);
    sc_fp_add(Y3, t1, Y3, f);
    sc_fp_mul(Y3, X3, Y3, f);
    sc_fp_mul(X3, t3, X3, f);
    sc_fp_mul(Z3, b3, Z3, f);
    sc_fp_mul(t2, a, t2, f);
    sc_fp_sub(t3, t0, t2, f);
    sc_fp_mul(t3, a, t3, f);
    sc_fp_add(t3, t3, Z3, f);
    sc_coords_mul3(t0, t0, f);
    sc_fp_add(t0, t0, t2, f);
    sc_fp_mul(t0, t0, t3, f);
    sc_fp_add(Y3, Y3, t0, f);
    sc_fp_mul(t2, p->v[1], p->v[2], f);
    sc_fp_dbl(t2, t2, f);
    sc_fp_mul(t0, t2, t3, f);
    sc_fp_sub(X3, X3, t0, f);
    sc_fp_mul(Z3, t2, t1, f);
    sc_fp_dbl(Z3, Z3, f);
    sc_fp_dbl(o->v[2], Z3, f);
    sc_fp_copy(o->v[0], X3, f);
    sc_fp_copy(o->v[1], Y3, f);
}

/* RCB Algorithm 6 (a = -3; 8M + 3S + 2m_b + 21A). */
static void rcb_dbl_m3(sc_coords_point *o, const sc_coords_point *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe b, t0, t1, t2, t3, X3, Y3, Z3;
    sc_coords_get_b(b, c);
    sc_fp_sqr(t0, p->v[0], f);
    sc_fp_sqr(t1, p->v[1], f);
    sc_fp_sqr(t2, p->v[2], f);
    sc_fp_mul(t3, p->v[0], p->v[1], f);
    sc_fp_dbl(t3, t3, f);
    sc_fp_mul(Z3, p->v[0], p->v[2], f);
    sc_fp_dbl(Z3, Z3, f);
    sc_fp_mul(Y3, b, t2, f);
    sc_fp_sub(Y3, Y3, Z3, f);
    sc_coords_mul3(Y3, Y3, f);
    sc_fp_sub(X3, t1, Y3, f);
    sc_fp_add(Y3, t1, Y3, f);
    sc_fp_mul(Y3, X3, Y3, f);
    sc_fp_mul(X3, X3, t3, f);
    sc_coords_mul3(t2, t2, f);
    sc_fp_mul(Z3, b, Z3, f);
    sc_fp_sub(Z3, Z3, t2, f);
    sc_fp_sub(Z3, Z3, t0, f);
    sc_coords_mul3(Z3, Z3, f);
    sc_coords_mul3(t0, t0, f);
    sc_fp_sub(t0, t0, t2, f);
    sc_fp_mul(t0, t0, Z3, f);
    sc_fp_add(Y3, Y3, t0, f);
    sc_fp_mul(t0, p->v[1], p->v[2], f);
    sc_fp_dbl(t0, t0, f);
    sc_fp_mul(Z3, t0, Z3, f);
    sc_fp_sub(o->v[0], X3, Z3, f);
    sc_fp_mul(Z3, t0, t1, f);
    sc_fp_dbl(Z3, Z3, f);
    sc_fp_dbl(o->v[2], Z3, f);
    sc_fp_copy(o->v[1], Y3, f);
}

/* RCB Algorithm 9 (a = 0; 6M + 2S + 1m_3b + 9A). */
static void rcb_dbl_0(sc_coords_point *o, const sc_coords_point *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe b3, t0, t1, t2, X3, Y3, Z3;
    sc_coords_get_b3(b3, c);
    sc_fp_sqr(t0, p->v[1], f);
    sc_coords_mul8(Z3, t0, f);
    sc_fp_mul(t1, p->v[1], p->v[2], f);
    sc_fp_sqr(t2, p->v[2], f);
    sc_fp_mul(t2, b3, t2, f);
    sc_fp_mul(X3, t2, Z3, f);
    sc_fp_add(Y3, t0, t2, f);
    sc_fp_mul(Z3, t1, Z3, f);
    sc_coords_mul3(t2, t2, f);
    sc_fp_sub(t0, t0, t2, f);
    sc_fp_mul(Y3, t0, Y3, f);
    sc_fp_add(Y3, X3, Y3, f);
    sc_fp_mul(t1, p->v[0], p->v[1], f);
    sc_fp_mul(X3, t0, t1, f);
    sc_fp_dbl(o->v[0], X3, f);
    sc_fp_copy(o->v[1], Y3, f);
    sc_fp_copy(o->v[2], Z3, f);
}

/* c->a_kind is a public curve property: the dispatch does not depend on secrets */
static void proj_add_ct(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    if (c->a_kind == SC_EP_A_MINUS3)
        rcb_add_m3(r, p, q->v[0], q->v[1], q->v[2], c);
    else if (c->a_kind == SC_EP_A_ZERO)
        rcb_add_0(r, p, q->v[0], q->v[1], q->v[2], c);
    else
        rcb_add_generic(r, p, q->v[0], q->v[1], q->v[2], c);
}

static void proj_madd_ct(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    if (c->a_kind == SC_EP_A_MINUS3)
        rcb_add_m3(r, p, q->x, q->y, NULL, c);
    else if (c->a_kind == SC_EP_A_ZERO)
        rcb_add_0(r, p, q->x, q->y, NULL, c);
    else
        rcb_add_generic(r, p, q->x, q->y, NULL, c);
}

static void proj_dbl_ct(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    if (c->a_kind == SC_EP_A_MINUS3)
        rcb_dbl_m3(r, p, c);
    else if (c->a_kind == SC_EP_A_ZERO)
        rcb_dbl_0(r, p, c);
    else
        rcb_dbl_generic(r, p, c);
}

const sc_coords_sys sc_coords_projective = {
    "projective",
    SC_DOC("[Kodali] Tables V/VI (add-1998-cmo-2, CMO 1998 dbl), madd-1998-cmo; ct: Renes-Costello-Batina 2016 Alg. 1-9"),
    3, 1,
    proj_set_inf, proj_is_inf_var, proj_from_aff, proj_to_aff_var, proj_neg,
    proj_dbl, proj_add, proj_madd,
    proj_dbl_ct, proj_add_ct, proj_madd_ct, proj_to_aff,
};
