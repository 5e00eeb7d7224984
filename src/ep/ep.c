/* ep: points on y^2 = x^3 + a*x + b over GF(p) in affine and Jacobian
 * coordinates (X/Z^2, Y/Z^3; Z = 0 is the point at infinity).
 *
 * Formulas are from the Explicit-Formulas Database (EFD,
 * https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian*.html), named at each
 * function.  Every function here is constant time: the special cases of the
 * additions (infinity inputs, P == Q, P == -Q) are handled by computing every
 * candidate result and selecting with masks (sc_fp_cmov), never by branching
 * on coordinates.  Outputs may alias inputs throughout. */
#include <seacurve/ep.h>
#include <seacurve/util.h>

void sc_ep_generator(sc_ep_aff *g, const sc_ep_curve *c)
{
    sc_fp_from_canon(g->x, c->gx, c->fp);
    sc_fp_from_canon(g->y, c->gy, c->fp);
}

sc_word sc_ep_on_curve(const sc_ep_aff *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe lhs, rhs, t;
    sc_fp_sqr(lhs, p->y, f);            /* y^2 */
    sc_fp_sqr(rhs, p->x, f);
    sc_fp_mul(rhs, rhs, p->x, f);       /* x^3 */
    sc_fp_from_canon(t, c->a, f);
    sc_fp_mul(t, t, p->x, f);           /* a*x */
    sc_fp_add(rhs, rhs, t, f);
    sc_fp_from_canon(t, c->b, f);
    sc_fp_add(rhs, rhs, t, f);          /* x^3 + a*x + b */
    return sc_fp_eq(lhs, rhs, f);
}

void sc_ep_jac_from_aff(sc_ep_jac *r, const sc_ep_aff *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->x, p->x, c->fp);
    sc_fp_copy(r->y, p->y, c->fp);
    sc_fp_set_one(r->z, c->fp);
}

void sc_ep_jac_set_inf(sc_ep_jac *r, const sc_ep_curve *c)
{
    sc_fp_set_one(r->x, c->fp);
    sc_fp_set_one(r->y, c->fp);
    sc_fp_set_zero(r->z, c->fp);
}

sc_word sc_ep_jac_is_inf(const sc_ep_jac *p, const sc_ep_curve *c)
{
    return sc_fp_is_zero(p->z, c->fp);
}

/* x = X * Z^-2, y = Y * Z^-3 from a given zi = Z^-1 (1I + 1S + 3M in all). */
static sc_err to_aff_zi(sc_ep_aff *r, const sc_ep_jac *p, const sc_word *zi, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_word inf = sc_fp_is_zero(p->z, f);
    sc_fe zi2;
    SC_DECLASSIFY(&inf, sizeof inf);    /* whether the result is infinity is published */
    sc_fp_sqr(zi2, zi, f);
    sc_fp_mul(r->x, p->x, zi2, f);
    sc_fp_mul(zi2, zi2, zi, f);
    sc_fp_mul(r->y, p->y, zi2, f);
    if (inf) { /* the result, not the coordinates, decides: public */
        sc_fp_set_zero(r->x, f);
        sc_fp_set_zero(r->y, f);
        return SC_ERR_INFINITY;
    }
    return SC_OK;
}

sc_err sc_ep_jac_to_aff(sc_ep_aff *r, const sc_ep_jac *p, const sc_ep_curve *c)
{
    sc_fe zi;
    sc_fp_inv(zi, p->z, c->fp);
    return to_aff_zi(r, p, zi, c);
}

sc_err sc_ep_jac_to_aff_var(sc_ep_aff *r, const sc_ep_jac *p, const sc_ep_curve *c)
{
    sc_fe zi;
    sc_fp_inv_var(zi, p->z, c->fp);
    return to_aff_zi(r, p, zi, c);
}

void sc_ep_neg_aff(sc_ep_aff *r, const sc_ep_aff *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->x, p->x, c->fp);
    sc_fp_neg(r->y, p->y, c->fp);
}

void sc_ep_neg_jac(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_curve *c)
{
    sc_fp_copy(r->x, p->x, c->fp);
    sc_fp_neg(r->y, p->y, c->fp);
    sc_fp_copy(r->z, p->z, c->fp);
}

void sc_ep_cneg_jac(sc_ep_jac *p, sc_word mask, const sc_ep_curve *c)
{
    sc_fe t;
    sc_fp_neg(t, p->y, c->fp);
    sc_fp_cmov(p->y, t, mask, c->fp);
}

/* ---- doubling ---- */

/* dbl-2001-b (Bernstein 2001), a = -3: 3M + 5S.
 * delta = Z1^2, gamma = Y1^2, beta = X1*gamma, alpha = 3*(X1-delta)*(X1+delta),
 * X3 = alpha^2-8*beta, Z3 = (Y1+Z1)^2-gamma-delta, Y3 = alpha*(4*beta-X3)-8*gamma^2.
 * Z1 = 0 gives Z3 = 0 (infinity stays infinity); Y1 = 0 cannot occur for odd order. */
static void dbl_minus3(sc_ep_jac *r, const sc_ep_jac *p, const sc_fp_field *f)
{
    sc_fe delta, gamma, beta, alpha, t;
    sc_fp_sqr(delta, p->z, f);
    sc_fp_sqr(gamma, p->y, f);
    sc_fp_mul(beta, p->x, gamma, f);
    sc_fp_sub(t, p->x, delta, f);
    sc_fp_add(alpha, p->x, delta, f);
    sc_fp_mul(alpha, alpha, t, f);
    sc_fp_dbl(t, alpha, f);
    sc_fp_add(alpha, alpha, t, f);       /* alpha = 3*(X1-delta)*(X1+delta) */
    sc_fp_add(t, p->y, p->z, f);
    sc_fp_sqr(t, t, f);
    sc_fp_sub(t, t, gamma, f);
    sc_fp_sub(r->z, t, delta, f);        /* Z3 (X1, Y1 no longer needed except beta) */
    sc_fp_dbl(beta, beta, f);
    sc_fp_dbl(beta, beta, f);            /* 4*beta */
    sc_fp_sqr(t, alpha, f);
    sc_fp_sub(t, t, beta, f);
    sc_fp_sub(r->x, t, beta, f);         /* X3 = alpha^2 - 8*beta */
    sc_fp_sub(beta, beta, r->x, f);
    sc_fp_mul(beta, beta, alpha, f);     /* alpha*(4*beta - X3) */
    sc_fp_sqr(gamma, gamma, f);
    sc_fp_dbl(gamma, gamma, f);
    sc_fp_dbl(gamma, gamma, f);
    sc_fp_dbl(gamma, gamma, f);          /* 8*gamma^2 */
    sc_fp_sub(r->y, beta, gamma, f);
}

/* dbl-2009-l (Lange 2009), a = 0: 2M + 5S.
 * A = X1^2, B = Y1^2, C = B^2, D = 2*((X1+B)^2-A-C), E = 3*A, F = E^2,
 * X3 = F-2*D, Y3 = E*(D-X3)-8*C, Z3 = 2*Y1*Z1. */
static void dbl_zero(sc_ep_jac *r, const sc_ep_jac *p, const sc_fp_field *f)
{
    sc_fe A, B, C, D, E;
    sc_fp_sqr(A, p->x, f);
    sc_fp_sqr(B, p->y, f);
    sc_fp_sqr(C, B, f);
    sc_fp_add(D, p->x, B, f);
    sc_fp_sqr(D, D, f);
    sc_fp_sub(D, D, A, f);
    sc_fp_sub(D, D, C, f);
    sc_fp_dbl(D, D, f);
    sc_fp_dbl(E, A, f);
    sc_fp_add(E, E, A, f);
    sc_fp_mul(B, p->y, p->z, f);
    sc_fp_dbl(r->z, B, f);               /* Z3 = 2*Y1*Z1 */
    sc_fp_sqr(A, E, f);                  /* F */
    sc_fp_sub(A, A, D, f);
    sc_fp_sub(r->x, A, D, f);            /* X3 = F - 2*D */
    sc_fp_sub(D, D, r->x, f);
    sc_fp_mul(D, D, E, f);
    sc_fp_dbl(C, C, f);
    sc_fp_dbl(C, C, f);
    sc_fp_dbl(C, C, f);
    sc_fp_sub(r->y, D, C, f);            /* Y3 = E*(D-X3) - 8*C */
}

/* dbl-2007-bl (Bernstein-Lange 2007), any a: 1M + 8S + 1*a.
 * XX = X1^2, YY = Y1^2, YYYY = YY^2, ZZ = Z1^2, S = 2*((X1+YY)^2-XX-YYYY),
 * M = 3*XX+a*ZZ^2, T = M^2-2*S, X3 = T, Y3 = M*(S-T)-8*YYYY, Z3 = (Y1+Z1)^2-YY-ZZ. */
static void dbl_generic(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe XX, YY, YYYY, ZZ, S, M, t;
    sc_fp_sqr(XX, p->x, f);
    sc_fp_sqr(YY, p->y, f);
    sc_fp_sqr(YYYY, YY, f);
    sc_fp_sqr(ZZ, p->z, f);
    sc_fp_add(S, p->x, YY, f);
    sc_fp_sqr(S, S, f);
    sc_fp_sub(S, S, XX, f);
    sc_fp_sub(S, S, YYYY, f);
    sc_fp_dbl(S, S, f);
    sc_fp_from_canon(t, c->a, f);
    sc_fp_sqr(M, ZZ, f);
    sc_fp_mul(M, M, t, f);
    sc_fp_add(M, M, XX, f);
    sc_fp_dbl(XX, XX, f);
    sc_fp_add(M, M, XX, f);              /* M = 3*XX + a*ZZ^2 */
    sc_fp_add(t, p->y, p->z, f);
    sc_fp_sqr(t, t, f);
    sc_fp_sub(t, t, YY, f);
    sc_fp_sub(r->z, t, ZZ, f);           /* Z3 */
    sc_fp_sqr(t, M, f);
    sc_fp_sub(t, t, S, f);
    sc_fp_sub(r->x, t, S, f);            /* X3 = T */
    sc_fp_sub(S, S, r->x, f);
    sc_fp_mul(S, S, M, f);
    sc_fp_dbl(YYYY, YYYY, f);
    sc_fp_dbl(YYYY, YYYY, f);
    sc_fp_dbl(YYYY, YYYY, f);
    sc_fp_sub(r->y, S, YYYY, f);
}

void sc_ep_dbl_jac(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_curve *c)
{
    /* c->a_kind is a public curve property */
    if (c->a_kind == SC_EP_A_MINUS3)
        dbl_minus3(r, p, c->fp);
    else if (c->a_kind == SC_EP_A_ZERO)
        dbl_zero(r, p, c->fp);
    else
        dbl_generic(r, p, c);
}

/* ---- mixed addition ---- */

/* madd-2007-bl (Bernstein-Lange 2007), Z2 = 1: 7M + 4S.
 * Z1Z1 = Z1^2, U2 = X2*Z1Z1, S2 = Y2*Z1*Z1Z1, H = U2-X1, HH = H^2, I = 4*HH,
 * J = H*I, r = 2*(S2-Y1), V = X1*I, X3 = r^2-J-2*V, Y3 = r*(V-X3)-2*Y1*J,
 * Z3 = (Z1+H)^2-Z1Z1-HH  (= 2*Z1*H).
 * Correct when P != +-Q and P != infinity; for P == -Q it gives Z3 = 0.
 * h_out / r_out (if not NULL) receive H and r for the special-case masks. */
static void madd_core(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_aff *q, const sc_fp_field *f,
                      sc_word *h_out, sc_word *r_out)
{
    sc_fe z1z1, u2, s2, H, HH, I, J, R, V;
    sc_fp_sqr(z1z1, p->z, f);
    sc_fp_mul(u2, q->x, z1z1, f);
    sc_fp_mul(s2, q->y, p->z, f);
    sc_fp_mul(s2, s2, z1z1, f);
    sc_fp_sub(H, u2, p->x, f);
    sc_fp_sqr(HH, H, f);
    sc_fp_dbl(I, HH, f);
    sc_fp_dbl(I, I, f);
    sc_fp_mul(J, H, I, f);
    sc_fp_sub(R, s2, p->y, f);
    sc_fp_dbl(R, R, f);
    sc_fp_mul(V, p->x, I, f);
    sc_fp_mul(s2, p->y, J, f);           /* Y1*J (Y1 read before o->y is written) */
    sc_fp_add(u2, p->z, H, f);
    sc_fp_sqr(u2, u2, f);
    sc_fp_sub(u2, u2, z1z1, f);
    sc_fp_sub(o->z, u2, HH, f);          /* Z3 */
    sc_fp_sqr(u2, R, f);
    sc_fp_sub(u2, u2, J, f);
    sc_fp_sub(u2, u2, V, f);
    sc_fp_sub(o->x, u2, V, f);           /* X3 */
    sc_fp_sub(V, V, o->x, f);
    sc_fp_mul(V, V, R, f);
    sc_fp_dbl(s2, s2, f);
    sc_fp_sub(o->y, V, s2, f);           /* Y3 */
    if (h_out)
        sc_fp_copy(h_out, H, f);
    if (r_out)
        sc_fp_copy(r_out, R, f);
}

void sc_ep_add_mixed_inc(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    madd_core(r, p, q, c->fp, NULL, NULL);
}

void sc_ep_add_mixed(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_ep_jac s, d;
    sc_fe H, R;
    sc_word pinf, isdbl;
    pinf = sc_fp_is_zero(p->z, f);
    sc_ep_dbl_jac(&d, p, c);                        /* candidate for P == Q */
    madd_core(&s, p, q, f, H, R);                   /* general case; P == -Q gives Z3 = 0 */
    isdbl = sc_fp_is_zero(H, f) & sc_fp_is_zero(R, f) & (sc_word)~pinf;
    sc_fp_cmov(s.x, d.x, isdbl, f);
    sc_fp_cmov(s.y, d.y, isdbl, f);
    sc_fp_cmov(s.z, d.z, isdbl, f);
    sc_fp_cmov(s.x, q->x, pinf, f);                 /* infinity + Q = Q */
    sc_fp_cmov(s.y, q->y, pinf, f);
    sc_fp_set_one(d.z, f);
    sc_fp_cmov(s.z, d.z, pinf, f);
    sc_fp_copy(r->x, s.x, f);
    sc_fp_copy(r->y, s.y, f);
    sc_fp_copy(r->z, s.z, f);
}

/* ---- Jacobian addition ---- */

/* add-2007-bl (Bernstein-Lange 2007): 11M + 5S.
 * Z1Z1 = Z1^2, Z2Z2 = Z2^2, U1 = X1*Z2Z2, U2 = X2*Z1Z1, S1 = Y1*Z2*Z2Z2,
 * S2 = Y2*Z1*Z1Z1, H = U2-U1, I = (2*H)^2, J = H*I, r = 2*(S2-S1), V = U1*I,
 * X3 = r^2-J-2*V, Y3 = r*(V-X3)-2*S1*J, Z3 = ((Z1+Z2)^2-Z1Z1-Z2Z2)*H.
 * Correct when P != +-Q and neither is infinity; P == -Q gives Z3 = 0. */
static void add_core(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const sc_fp_field *f,
                     sc_word *h_out, sc_word *r_out)
{
    sc_fe z1z1, z2z2, u1, u2, s1, s2, H, I, J, V;
    sc_fp_sqr(z1z1, p->z, f);
    sc_fp_sqr(z2z2, q->z, f);
    sc_fp_mul(u1, p->x, z2z2, f);
    sc_fp_mul(u2, q->x, z1z1, f);
    sc_fp_mul(s1, p->y, q->z, f);
    sc_fp_mul(s1, s1, z2z2, f);
    sc_fp_mul(s2, q->y, p->z, f);
    sc_fp_mul(s2, s2, z1z1, f);
    sc_fp_sub(H, u2, u1, f);
    sc_fp_dbl(I, H, f);
    sc_fp_sqr(I, I, f);
    sc_fp_mul(J, H, I, f);
    sc_fp_sub(s2, s2, s1, f);
    sc_fp_dbl(s2, s2, f);                /* r */
    sc_fp_mul(V, u1, I, f);
    sc_fp_add(u2, p->z, q->z, f);
    sc_fp_sqr(u2, u2, f);
    sc_fp_sub(u2, u2, z1z1, f);
    sc_fp_sub(u2, u2, z2z2, f);
    sc_fp_mul(o->z, u2, H, f);           /* Z3 */
    sc_fp_sqr(u2, s2, f);
    sc_fp_sub(u2, u2, J, f);
    sc_fp_sub(u2, u2, V, f);
    sc_fp_sub(o->x, u2, V, f);           /* X3 */
    sc_fp_sub(V, V, o->x, f);
    sc_fp_mul(V, V, s2, f);
    sc_fp_mul(s1, s1, J, f);
    sc_fp_dbl(s1, s1, f);
    sc_fp_sub(o->y, V, s1, f);           /* Y3 */
    if (h_out)
        sc_fp_copy(h_out, H, f);
    if (r_out)
        sc_fp_copy(r_out, s2, f);
}

void sc_ep_add_jac_inc(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_ep_curve *c)
{
    add_core(r, p, q, c->fp, NULL, NULL);
}

void sc_ep_add_jac(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_ep_jac s, d;
    sc_fe H, R;
    sc_word pinf, qinf, isdbl;
    pinf = sc_fp_is_zero(p->z, f);
    qinf = sc_fp_is_zero(q->z, f);
    sc_ep_dbl_jac(&d, p, c);                        /* candidate for P == Q */
    add_core(&s, p, q, f, H, R);                    /* general case; P == -Q gives Z3 = 0 */
    isdbl = sc_fp_is_zero(H, f) & sc_fp_is_zero(R, f) & (sc_word)~(pinf | qinf);
    sc_fp_cmov(s.x, d.x, isdbl, f);
    sc_fp_cmov(s.y, d.y, isdbl, f);
    sc_fp_cmov(s.z, d.z, isdbl, f);
    sc_fp_cmov(s.x, q->x, pinf, f);                 /* infinity + Q = Q */
    sc_fp_cmov(s.y, q->y, pinf, f);
    sc_fp_cmov(s.z, q->z, pinf, f);
    sc_fp_cmov(s.x, p->x, qinf, f);                 /* P + infinity = P */
    sc_fp_cmov(s.y, p->y, qinf, f);
    sc_fp_cmov(s.z, p->z, qinf, f);
    sc_fp_copy(r->x, s.x, f);
    sc_fp_copy(r->y, s.y, f);
    sc_fp_copy(r->z, s.z, f);
}

/* ---- variable-time additions (public points only) ---- */

void sc_ep_add_mixed_var(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_ep_jac s;
    sc_fe H, R;
    if (sc_fp_is_zero(p->z, f)) {
        sc_ep_jac_from_aff(r, q, c);
        return;
    }
    madd_core(&s, p, q, f, H, R);
    if (sc_fp_is_zero(H, f) && sc_fp_is_zero(R, f)) {
        sc_ep_dbl_jac(r, p, c);          /* P == Q */
        return;
    }
    *r = s;                              /* P == -Q: Z3 = 0 already */
}

void sc_ep_add_jac_var(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_ep_jac s;
    sc_fe H, R;
    if (sc_fp_is_zero(p->z, f)) {
        *r = *q;
        return;
    }
    if (sc_fp_is_zero(q->z, f)) {
        *r = *p;
        return;
    }
    add_core(&s, p, q, f, H, R);
    if (sc_fp_is_zero(H, f) && sc_fp_is_zero(R, f)) {
        sc_ep_dbl_jac(r, p, c);
        return;
    }
    *r = s;
}
