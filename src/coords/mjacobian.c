/* coords "mjacobian": modified Jacobian coordinates (X, Y, Z, W = a Z^4) of
 * Cohen, Miyaji and Ono, "Efficient elliptic curve exponentiation using mixed
 * coordinates", ASIACRYPT 1998 (CMO), as used by [DSP] (formulas 6
 * and 7) and [WM-ECC] (eq. 12-14).  x = X/Z^2, y = Y/Z^3;
 * Z = 0 is the point at infinity, (1, 1, 0, 0) when made by set_inf.
 *
 * Carrying a Z^4 makes every doubling 4M + 4S for any a (CMO's J^m doubling,
 * EFD shortw-modified "dbl-1998-cmo-2"; [DSP] formula 7): repeated
 * doublings never recompute Z^4, which is what makes J^m the doubling system
 * of CMO's mixed scheme.  The additions pay for it: W3 = a Z3^4 costs 2S + m_a
 * (m_a: a full multiplication for generic a, 3x and a negation for a = -3,
 * nothing for a = 0, where W stays 0):
 *   madd (J^m + A -> J^m): [DSP] formula 6 / CMO, 8M + 3S + W3 = 9M + 5S (generic a);
 *   add  (J^m + J^m -> J^m): EFD add-1998-cmo-2 12M + 4S + W3 = 13M + 6S.
 * Variable-time operations branch on the special cases; the constant-time ones
 * compute the doubling candidate and select (sc_fp_cmov), as src/ep/ep.c does. */
#include <seacurve/coords.h>
#include "coords_internal.h"

#define SYS (&sc_coords_mjacobian)

/* W = a Z^4 (per c->a_kind, public) */
static void w_of_z(sc_word *w, const sc_word *z, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe t;
    if (c->a_kind == SC_EP_A_ZERO) {
        sc_fp_set_zero(w, f);
        return;
    }
    sc_fp_sqr(t, z, f);
    sc_fp_sqr(t, t, f);
    if (c->a_kind == SC_EP_A_MINUS3) {
        sc_coords_mul3(t, t, f);
        sc_fp_neg(w, t, f);
    } else {
        sc_fe a;
        sc_coords_get_a(a, c);
        sc_fp_mul(w, a, t, f);
    }
}

static void mj_set_inf(sc_coords_point *r, const sc_ep_curve *c)
{
    sc_coords_jac_set_inf(r, c);
    sc_fp_set_zero(r->v[3], c->fp);
}

static void mj_from_aff(sc_coords_point *r, const sc_ep_aff *p, const sc_ep_curve *c)
{
    sc_coords_jac_from_aff(r, p, c);
    sc_coords_get_a(r->v[3], c);                 /* a * 1^4 */
}

static void mj_neg(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    sc_coords_jac_neg(r, p, c);
    sc_fp_copy(r->v[3], p->v[3], c->fp);
}

/* CMO J^m doubling ([DSP] formula 7; EFD dbl-1998-cmo-2): XX = X^2, YY = Y^2,
 * U = 8 YY^2, S = 4 X YY, M = 3 XX + W, X3 = T = M^2 - 2 S, Y3 = M (S - T) - U,
 * Z3 = 2 Y Z, W3 = 2 U W.  4M + 4S (3M + 4S for a = 0, W3 = 0).  Branch-free;
 * Z = 0 (with W = 0) gives Z3 = 0, W3 = 0. */
static void mj_dbl_ct(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe xx, yy, u, s, m, t;
    sc_fp_sqr(xx, p->v[0], f);
    sc_fp_sqr(yy, p->v[1], f);
    sc_fp_sqr(u, yy, f);
    sc_coords_mul8(u, u, f);                     /* U = 8 Y^4 */
    sc_fp_mul(s, p->v[0], yy, f);
    sc_fp_dbl(s, s, f);
    sc_fp_dbl(s, s, f);                       /* S = 4 X Y^2 */
    sc_coords_mul3(m, xx, f);
    if (c->a_kind != SC_EP_A_ZERO)            /* public curve property */
        sc_fp_add(m, m, p->v[3], f);          /* M = 3 X^2 + a Z^4 */
    sc_fp_mul(r->v[2], p->v[1], p->v[2], f);
    sc_fp_dbl(r->v[2], r->v[2], f);           /* Z3 = 2 Y Z (X, Y read; Z read here) */
    if (c->a_kind != SC_EP_A_ZERO) {
        sc_fp_mul(t, u, p->v[3], f);
        sc_fp_dbl(r->v[3], t, f);             /* W3 = 2 U W */
    } else {
        sc_fp_set_zero(r->v[3], f);
    }
    sc_fp_sqr(t, m, f);
    sc_fp_sub(t, t, s, f);
    sc_fp_sub(t, t, s, f);                    /* T */
    sc_fp_sub(s, s, t, f);
    sc_fp_mul(s, s, m, f);
    sc_fp_sub(r->v[1], s, u, f);              /* Y3 */
    sc_fp_copy(r->v[0], t, f);                /* X3 */
}

static void mj_dbl(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c)
{
    if (sc_fp_is_zero(p->v[2], c->fp)) {
        mj_set_inf(r, c);
        return;
    }
    mj_dbl_ct(r, p, c);
}

/* [DSP] formula 6 / CMO J^m + A: H = x2 Z1^2 - X1, r = y2 Z1^3 - Y1,
 * X3 = -H^3 - 2 X1 H^2 + r^2, Y3 = -Y1 H^3 + r (X1 H^2 - X3), Z3 = Z1 H,
 * W3 = a Z3^4.  8M + 3S + W3.  Correct for finite P != +-Q (P == -Q: Z3 = 0,
 * W3 = 0).  h_out / r_out receive H and r. */
static void mj_madd_core(sc_coords_point *o, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c,
                         sc_word *h_out, sc_word *r_out)
{
    const sc_fp_field *f = c->fp;
    sc_fe zz, zzz, H, R, hh, hhh, v;
    sc_fp_sqr(zz, p->v[2], f);
    sc_fp_mul(zzz, zz, p->v[2], f);
    sc_fp_mul(H, q->x, zz, f);
    sc_fp_sub(H, H, p->v[0], f);              /* H = x2 Z1^2 - X1 */
    sc_fp_mul(R, q->y, zzz, f);
    sc_fp_sub(R, R, p->v[1], f);              /* r = y2 Z1^3 - Y1 */
    sc_fp_sqr(hh, H, f);
    sc_fp_mul(hhh, hh, H, f);
    sc_fp_mul(v, p->v[0], hh, f);             /* X1 H^2 */
    sc_fp_mul(zz, p->v[1], hhh, f);           /* Y1 H^3 */
    sc_fp_mul(o->v[2], p->v[2], H, f);        /* Z3 = Z1 H (inputs all read) */
    sc_fp_sqr(zzz, R, f);
    sc_fp_sub(zzz, zzz, hhh, f);
    sc_fp_sub(zzz, zzz, v, f);
    sc_fp_sub(o->v[0], zzz, v, f);            /* X3 */
    sc_fp_sub(v, v, o->v[0], f);
    sc_fp_mul(v, v, R, f);
    sc_fp_sub(o->v[1], v, zz, f);             /* Y3 */
    w_of_z(o->v[3], o->v[2], c);              /* W3 */
    if (h_out)
        sc_fp_copy(h_out, H, f);
    if (r_out)
        sc_fp_copy(r_out, R, f);
}

/* EFD add-1998-cmo-2 (as src/ep/ep.c) plus W3 = a Z3^4: U1 = X1 Z2^2,
 * U2 = X2 Z1^2, S1 = Y1 Z2^3, S2 = Y2 Z1^3, H = U2 - U1, r = S2 - S1,
 * X3 = r^2 - H^3 - 2 U1 H^2, Y3 = r (U1 H^2 - X3) - S1 H^3, Z3 = Z1 Z2 H.
 * 12M + 4S + W3.  Correct for finite P != +-Q. */
static void mj_add_core(sc_coords_point *o, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c,
                        sc_word *h_out, sc_word *r_out)
{
    const sc_fp_field *f = c->fp;
    sc_fe z1z1, z2z2, u1, u2, s1, s2, hh, z;
    sc_fp_sqr(z1z1, p->v[2], f);
    sc_fp_sqr(z2z2, q->v[2], f);
    sc_fp_mul(u1, p->v[0], z2z2, f);
    sc_fp_mul(u2, q->v[0], z1z1, f);
    sc_fp_mul(s1, p->v[1], q->v[2], f);
    sc_fp_mul(s1, s1, z2z2, f);
    sc_fp_mul(s2, q->v[1], p->v[2], f);
    sc_fp_mul(s2, s2, z1z1, f);
    sc_fp_mul(z, p->v[2], q->v[2], f);
    sc_fp_sub(u2, u2, u1, f);                 /* H */
    sc_fp_sub(s2, s2, s1, f);                 /* r */
    sc_fp_sqr(hh, u2, f);
    sc_fp_mul(z1z1, hh, u2, f);               /* H^3 */
    sc_fp_mul(u1, u1, hh, f);                 /* U1 H^2 */
    sc_fp_mul(s1, s1, z1z1, f);               /* S1 H^3 */
    sc_fp_mul(o->v[2], z, u2, f);             /* Z3 */
    sc_fp_sqr(hh, s2, f);
    sc_fp_sub(hh, hh, z1z1, f);
    sc_fp_sub(hh, hh, u1, f);
    sc_fp_sub(o->v[0], hh, u1, f);            /* X3 */
    sc_fp_sub(u1, u1, o->v[0], f);
    sc_fp_mul(u1, u1, s2, f);
    sc_fp_sub(o->v[1], u1, s1, f);            /* Y3 */
    w_of_z(o->v[3], o->v[2], c);
    if (h_out)
        sc_fp_copy(h_out, u2, f);
    if (r_out)
        sc_fp_copy(r_out, s2, f);
}

static void mj_madd(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_coords_point s;
    sc_fe H, R;
    if (sc_fp_is_zero(p->v[2], f)) {
        mj_from_aff(r, q, c);
        return;
    }
    mj_madd_core(&s, p, q, c, H, R);
    if (sc_fp_is_zero(H, f)) {
        if (sc_fp_is_zero(R, f))
            mj_dbl_ct(r, p, c);               /* P == Q */
        else
            mj_set_inf(r, c);                 /* P == -Q */
        return;
    }
    sc_coords_copy(r, &s, SYS, c);
}

static void mj_add(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
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
    mj_add_core(&s, p, q, c, H, R);
    if (sc_fp_is_zero(H, f)) {
        if (sc_fp_is_zero(R, f))
            mj_dbl_ct(r, p, c);
        else
            mj_set_inf(r, c);
        return;
    }
    sc_coords_copy(r, &s, SYS, c);
}

static void mj_madd_ct(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_coords_point s, d;
    sc_fe H, R;
    sc_word pinf = sc_fp_is_zero(p->v[2], f), isdbl;
    mj_dbl_ct(&d, p, c);                      /* candidate for P == Q */
    mj_madd_core(&s, p, q, c, H, R);          /* P == -Q gives Z3 = 0, W3 = 0 */
    isdbl = sc_fp_is_zero(H, f) & sc_fp_is_zero(R, f) & (sc_word)~pinf;
    sc_coords_cmov(&s, &d, isdbl, SYS, c);
    mj_from_aff(&d, q, c);
    sc_coords_cmov(&s, &d, pinf, SYS, c);        /* O + Q = Q */
    sc_coords_copy(r, &s, SYS, c);
}

static void mj_add_ct(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_coords_point s, d;
    sc_fe H, R;
    sc_word pinf = sc_fp_is_zero(p->v[2], f), qinf = sc_fp_is_zero(q->v[2], f), isdbl;
    mj_dbl_ct(&d, p, c);
    mj_add_core(&s, p, q, c, H, R);
    isdbl = sc_fp_is_zero(H, f) & sc_fp_is_zero(R, f) & (sc_word)~(pinf | qinf);
    sc_coords_cmov(&s, &d, isdbl, SYS, c);
    sc_coords_cmov(&s, q, pinf, SYS, c);         /* O + Q = Q */
    sc_coords_cmov(&s, p, qinf, SYS, c);         /* P + O = P */
    sc_coords_copy(r, &s, SYS, c);
}

const sc_coords_sys sc_coords_mjacobian = {
    "mjacobian",
    SC_DOC("modified Jacobian, Cohen-Miyaji-Ono 1998 ([DSP] formulas 6/7, [WM-ECC] eq. 12/13): dbl-1998-cmo-2, "
    "J^m+A mixed add, add-1998-cmo-2 + aZ^4"),
    4, 1,
    mj_set_inf, sc_coords_jac_is_inf_var, mj_from_aff, sc_coords_jac_to_aff_var, mj_neg,
    mj_dbl, mj_add, mj_madd,
    mj_dbl_ct, mj_add_ct, mj_madd_ct, sc_coords_jac_to_aff,
};
