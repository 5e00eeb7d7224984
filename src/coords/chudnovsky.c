/* coords "chudnovsky": Chudnovsky Jacobian coordinates (X, Y, Z, Z^2, Z^3)
 * (Chudnovsky-Chudnovsky 1986; costs as in Cohen-Miyaji-Ono 1998, "J^c").
 * x = X/Z^2, y = Y/Z^3; Z = 0 is the point at infinity, (1, 1, 0, 0, 0) when
 * made by set_inf.
 *
 * Keeping Z^2 and Z^3 saves the additions their computation:
 *   add  (J^c + J^c -> J^c): 11M + 3S (EFD add-1998-cmo-2 with Z1^2, Z1^3, Z2^2, Z2^3 given,
 *         then Z3^2 = S, Z3^3 = M);
 *   madd (J^c + A -> J^c):   8M + 3S (madd-2004-hmv structure with Z1^2, Z1^3 given, plus Z3^2, Z3^3);
 *   dbl  (J^c -> J^c):       M = 3 X^2 + a (Z^2)^2, then the dbl-2007-bl tail of src/ep/ep.c and
 *         Z3^2, Z3^3: 5M + 6S generic, 5M + 4S for a = -3 (M = 3 (X - Z^2)(X + Z^2)), 4M + 5S for a = 0.
 * Variable-time operations branch on the special cases; the constant-time ones
 * compute the doubling candidate and select (sc_fp_cmov), as src/ep/ep.c does. */
#include <seacurve/coords.h>
#include "coords_internal.h"

#define SYS (&sc_coords_chudnovsky)

static void ch_set_inf(sc_coords_point *r, const sc_ep_curve *c)
{
    sc_coords_jac_set_inf(r, c);
    sc_fp_set_zero(r->v[3], c->fp);
    sc_fp_set_zero(r->v[4], c->fp);
}

static void ch_from_aff(sc_coords_point *r, const sc_ep_aff *p, const sc_ep_curve *c)
{
    sc_coords_jac_from_aff(r, p, c);
    sc_fp_set_one(r->v[3], c->fp);
    sc_fp_set_one(r->v[4], c->fp);
}

static void ch_neg(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_coords_jac_neg(r, p, c);
    sc_fp_copy(r->v[3], p->v[3], c->fp);
    sc_fp_copy(r->v[4], p->v[4], c->fp);
}

/* Z3^2, Z3^3 from Z3 = o->v[2]: 1M + 1S */
static void ch_zpow(sc_coords_point *o, const sc_fp_field *f)
{
    sc_fp_sqr(o->v[3], o->v[2], f);
    sc_fp_mul(o->v[4], o->v[3], o->v[2], f);
}

/* alpha = 3 X^2 + a Z^4 (from the stored Z^2), then YY = Y^2, S = 4 X YY,
 * X3 = alpha^2 - 2 S, Y3 = alpha (S - X3) - 8 YY^2, Z3 = 2 Y Z, Z3^2, Z3^3.
 * Branch-free (the a_kind dispatch is public); Z = 0 gives Z3 = 0. */
static void ch_dbl_ct(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe al, t, yy, s;
    if (c->a_kind == SC_EP_A_MINUS3) {
        sc_fp_sub(t, p->v[0], p->v[3], f);
        sc_fp_add(al, p->v[0], p->v[3], f);
        sc_fp_mul(al, al, t, f);
        sc_coords_mul3(al, al, f);               /* 3 (X - Z^2)(X + Z^2) */
    } else {
        sc_fp_sqr(t, p->v[0], f);
        sc_coords_mul3(al, t, f);                /* 3 X^2 */
        if (c->a_kind != SC_EP_A_ZERO) {
            sc_fe a;
            sc_coords_get_a(a, c);
            sc_fp_sqr(t, p->v[3], f);
            sc_fp_mul(t, t, a, f);
            sc_fp_add(al, al, t, f);          /* + a (Z^2)^2 */
        }
    }
    sc_fp_sqr(yy, p->v[1], f);
    sc_fp_mul(s, p->v[0], yy, f);
    sc_fp_dbl(s, s, f);
    sc_fp_dbl(s, s, f);                       /* S = 4 X Y^2 */
    sc_fp_mul(t, p->v[1], p->v[2], f);
    sc_fp_dbl(r->v[2], t, f);                 /* Z3 = 2 Y Z (inputs all read) */
    sc_fp_sqr(t, al, f);
    sc_fp_sub(t, t, s, f);
    sc_fp_sub(r->v[0], t, s, f);              /* X3 */
    sc_fp_sub(s, s, r->v[0], f);
    sc_fp_mul(s, s, al, f);
    sc_fp_sqr(yy, yy, f);
    sc_coords_mul8(yy, yy, f);
    sc_fp_sub(r->v[1], s, yy, f);             /* Y3 */
    ch_zpow(r, f);
}

static void ch_dbl(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    if (sc_fp_is_zero(p->v[2], c->fp)) {
        ch_set_inf(r, c);
        return;
    }
    ch_dbl_ct(r, p, c);
}

/* the addition given U1, S1 (first operand), U2, S2 and the Z product zp:
 * H = U2 - U1, r = S2 - S1, X3 = r^2 - H^3 - 2 U1 H^2, Y3 = r (U1 H^2 - X3) - S1 H^3,
 * Z3 = zp H, Z3^2, Z3^3: 5M + 3S.  Inputs are temporaries (clobbered). */
static void ch_add_tail(sc_coords_point *o, sc_word *u1, sc_word *s1, sc_word *u2, sc_word *s2, const sc_word *zp,
                        const sc_fp_field *f, sc_word *h_out, sc_word *r_out)
{
    sc_fe hh, hhh;
    sc_fp_sub(u2, u2, u1, f);                 /* H */
    sc_fp_sub(s2, s2, s1, f);                 /* r */
    sc_fp_sqr(hh, u2, f);
    sc_fp_mul(hhh, hh, u2, f);
    sc_fp_mul(u1, u1, hh, f);                 /* U1 H^2 */
    sc_fp_mul(s1, s1, hhh, f);                /* S1 H^3 */
    sc_fp_mul(o->v[2], zp, u2, f);            /* Z3 */
    sc_fp_sqr(hh, s2, f);
    sc_fp_sub(hh, hh, hhh, f);
    sc_fp_sub(hh, hh, u1, f);
    sc_fp_sub(o->v[0], hh, u1, f);            /* X3 */
    sc_fp_sub(u1, u1, o->v[0], f);
    sc_fp_mul(u1, u1, s2, f);
    sc_fp_sub(o->v[1], u1, s1, f);            /* Y3 */
    ch_zpow(o, f);
    sc_fp_copy(h_out, u2, f);
    sc_fp_copy(r_out, s2, f);
}

/* J^c + J^c: U1 = X1 Z2^2, U2 = X2 Z1^2, S1 = Y1 Z2^3, S2 = Y2 Z1^3, Z1 Z2: 5M, + tail = 11M + 3S */
static void ch_add_core(sc_coords_point *o, const sc_coords_point *p, const sc_coords_point *q, const sc_fp_field *f, sc_word *H, sc_word *R)
{
    sc_fe u1, u2, s1, s2, zp;
    sc_fp_mul(u1, p->v[0], q->v[3], f);
    sc_fp_mul(u2, q->v[0], p->v[3], f);
    sc_fp_mul(s1, p->v[1], q->v[4], f);
    sc_fp_mul(s2, q->v[1], p->v[4], f);
    sc_fp_mul(zp, p->v[2], q->v[2], f);
    ch_add_tail(o, u1, s1, u2, s2, zp, f, H, R);
}

/* J^c + A: U1 = X1, S1 = Y1, U2 = x2 Z1^2, S2 = y2 Z1^3: 2M, + tail = 8M + 3S (o may alias p) */
static void ch_madd_core(sc_coords_point *o, const sc_coords_point *p, const sc_ep_aff *q, const sc_fp_field *f, sc_word *H,
                         sc_word *R)
{
    sc_fe u1, u2, s1, s2, zp;
    sc_fp_copy(u1, p->v[0], f);
    sc_fp_copy(s1, p->v[1], f);
    sc_fp_copy(zp, p->v[2], f);
    sc_fp_mul(u2, q->x, p->v[3], f);
    sc_fp_mul(s2, q->y, p->v[4], f);
    ch_add_tail(o, u1, s1, u2, s2, zp, f, H, R);
}

static void ch_madd(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_coords_point s;
    sc_fe H, R;
    if (sc_fp_is_zero(p->v[2], f)) {
        ch_from_aff(r, q, c);
        return;
    }
    ch_madd_core(&s, p, q, f, H, R);
    if (sc_fp_is_zero(H, f)) {
        if (sc_fp_is_zero(R, f))
            ch_dbl_ct(r, p, c);               /* P == Q */
        else
            ch_set_inf(r, c);                 /* P == -Q */
        return;
    }
    sc_coords_copy(r, &s, SYS, c);
}

static void ch_add(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_coords_point s;
    sc_fe H, R;
    if (sc_fp_is_zero(p->v[2], f)) {
        sc_coords_copy(r, q, SYS, c);
        return;
    }
    if (sc_fp_is_zero(q->v[2], f)) {
        sc_coords_copy(r, p, SYS, c);
        return;
    }
    ch_add_core(&s, p, q, f, H, R);
    if (sc_fp_is_zero(H, f)) {
        if (sc_fp_is_zero(R, f))
            ch_dbl_ct(r, p, c);
        else
            ch_set_inf(r, c);
        return;
    }
    sc_coords_copy(r, &s, SYS, c);
}

static void ch_madd_ct(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_coords_point s, d;
    sc_fe H, R;
    sc_word pinf = sc_fp_is_zero(p->v[2], f), isdbl;
    ch_dbl_ct(&d, p, c);                      /* candidate for P == Q */
    ch_madd_core(&s, p, q, f, H, R);          /* P == -Q gives Z3 = 0 */
    isdbl = sc_fp_is_zero(H, f) & sc_fp_is_zero(R, f) & (sc_word)~pinf;
    sc_coords_cmov(&s, &d, isdbl, SYS, c);
    ch_from_aff(&d, q, c);
    sc_coords_cmov(&s, &d, pinf, SYS, c);        /* O + Q = Q */
    sc_coords_copy(r, &s, SYS, c);
}

static void ch_add_ct(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_coords_point s, d;
    sc_fe H, R;
    sc_word pinf = sc_fp_is_zero(p->v[2], f), qinf = sc_fp_is_zero(q->v[2], f), isdbl;
    ch_dbl_ct(&d, p, c);
    ch_add_core(&s, p, q, f, H, R);
    isdbl = sc_fp_is_zero(H, f) & sc_fp_is_zero(R, f) & (sc_word)~(pinf | qinf);
    sc_coords_cmov(&s, &d, isdbl, SYS, c);
    sc_coords_cmov(&s, q, pinf, SYS, c);         /* O + Q = Q */
    sc_coords_cmov(&s, p, qinf, SYS, c);         /* P + O = P */
    sc_coords_copy(r, &s, SYS, c);
}

const sc_coords_sys sc_coords_chudnovsky = {
    "chudnovsky",
    SC_DOC("Chudnovsky Jacobian (X,Y,Z,Z^2,Z^3), Cohen-Miyaji-Ono 1998 J^c: add-1998-cmo-2 11M+3S, J^c+A 8M+3S, "
    "dbl 5M+6S (a=-3: 5M+4S)"),
    5, 1,
    ch_set_inf, sc_coords_jac_is_inf_var, ch_from_aff, sc_coords_jac_to_aff_var, ch_neg,
    ch_dbl, ch_add, ch_madd,
    ch_dbl_ct, ch_add_ct, ch_madd_ct, sc_coords_jac_to_aff,
};
