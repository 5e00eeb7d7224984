/* ep: points on y^2 = x^3 + a*x + b over GF(p) in affine and Jacobian
 * coordinates (X/Z^2, Y/Z^3; Z = 0 is the point at infinity).
 *
 * Formulas are from the Explicit-Formulas Database (EFD,
 * https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian*.html), named at each
 * function; among equal-cost variants we take the one with the fewest field
 * additions (measured: at 64-bit limbs an addition costs about half a
 * multiplication on the 160/192-bit fields).  Every function here is constant time: the special cases of the
 * additions (infinity inputs, P == Q, P == -Q) are handled by computing every
 * candidate result and selecting with masks (sc_fp_cmov), never by branching
 * on coordinates.  Outputs may alias inputs throughout. */
#include <seacurve/ep.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>
#include "ep_internal.h"
#include "util/flash.h"
#include "mp/accel.h"

/* The fields with point formulas on inlined MULX field operations (64-bit
 * limbs on x86-64): P-256 and P-224 in Montgomery form
 * (port/x86_64/ep_p256_mulx.c, ep_p224_mulx.c), secp256k1
 * (ep_k1_mulx.c), secp160r1 and P-192 (ep_secp160r1_mulx.c,
 * ep_p192_mulx.c).  The doubling and the additions below hand over to them
 * (the same formulas, bit-identical results) where the fused field kernels
 * are on (CPUID BMI2 + ADX, sc_mp_set_accel), the field recognised by its
 * reducer (a public property of the field, as in src/fp/fp.c).  A counting
 * build (SC_OPCOUNT) keeps the generic path, whose field operations it
 * counts. */
#if defined(SC_MP_HAVE_MULX) && !(defined(SC_OPCOUNT) && SC_OPCOUNT)
#define EP_MULX 1
enum { EP_MULX_NONE, EP_MULX_P256, EP_MULX_P224, EP_MULX_P192, EP_MULX_SECP160R1, EP_MULX_K1 };

/* the field's kernel set, EP_MULX_NONE where there is none or they are off */

static inline int ep_mulx(const sc_fp_field *f)
{
    int k = EP_MULX_NONE;
    if (f->reduce == sc_fp_reduce_p256_mont)
        k = EP_MULX_P256;
    else if (f->reduce == sc_fp_reduce_p224_mont)
        k = EP_MULX_P224;
    else if (f->reduce == sc_fp_reduce_secp256k1 && f->nw == 4)
        k = EP_MULX_K1;
    else if (f->reduce == sc_fp_reduce_p192 && f->nw == 3)
        k = EP_MULX_P192;
    else if (f->reduce == sc_fp_reduce_secp160r1 && f->nw == 3)
        k = EP_MULX_SECP160R1;
    return k != EP_MULX_NONE && mp64_use_fused() ? k : EP_MULX_NONE;
}

/* the doubling kernel on E of the curve's field and a, or NULL */
static inline void (*ep_dbl_kernel(const sc_ep_curve *c))(sc_ep_jac *)
{
    switch (ep_mulx(c->fp)) {
    case EP_MULX_K1: return c->a_kind == SC_EP_A_ZERO ? sc_ep_dbl_k1_mulx : NULL;
    case EP_MULX_P256: return c->a_kind == SC_EP_A_MINUS3 ? sc_ep_dbl_p256_mulx : NULL;
    case EP_MULX_P224: return c->a_kind == SC_EP_A_MINUS3 ? sc_ep_dbl_p224_mulx : NULL;
    case EP_MULX_P192: return c->a_kind == SC_EP_A_MINUS3 ? sc_ep_dbl_p192_mulx : NULL;
    case EP_MULX_SECP160R1: return c->a_kind == SC_EP_A_MINUS3 ? sc_ep_dbl_secp160r1_mulx : NULL;
    default: return NULL;
    }
}
#endif

void sc_ep_generator(sc_ep_aff *g, const sc_ep_curve *c)
{
    sc_fp_from_canon(g->x, sc_flash_words(g->x, c->gx, c->fp->nw), c->fp);
    sc_fp_from_canon(g->y, sc_flash_words(g->y, c->gy, c->fp->nw), c->fp);
}

sc_word sc_ep_on_curve(const sc_ep_aff *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe lhs, rhs, t;
    sc_fp_sqr(lhs, p->y, f);            /* y^2 */
    sc_fp_sqr(rhs, p->x, f);
    sc_fp_mul(rhs, rhs, p->x, f);       /* x^3 */
    sc_fp_from_canon(t, sc_flash_words(t, c->a, f->nw), f);
    sc_fp_mul(t, t, p->x, f);           /* a*x */
    sc_fp_add(rhs, rhs, t, f);
    sc_fp_from_canon(t, sc_flash_words(t, c->b, f->nw), f);
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
    sc_memzero(zi2, sizeof zi2);
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
    sc_err e;
    sc_fp_inv(zi, p->z, c->fp);
    e = to_aff_zi(r, p, zi, c);
    sc_memzero(zi, sizeof zi);
    return e;
}

sc_err sc_ep_jac_to_aff_var(sc_ep_aff *r, const sc_ep_jac *p, const sc_ep_curve *c)
{
    sc_fe zi;
    sc_ep_inv_pub(zi, p->z, c->fp);
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

/* r = a / 2 mod p (a < p): p masked in when a is odd, added (the carry
 * out becoming the top bit), then one shift right, by the mp layer's
 * kernels.  Valid in plain and Montgomery form.  Constant time.  Out of
 * line: its buffer is no part of the doublings' frames while they multiply
 * (stack on the mote). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void fp_half(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    const size_t n = f->nw;
    sc_word m = sc_ct_mask_bit(a[0]), t[SC_FP_MAXW], carry;
    size_t i;
#if SC_WORD_BITS == 64 && defined(__SIZEOF_INT128__)
    if (n == 4) {
        /* the same on four words in registers: one add chain, then the
         * shift with the carry as the new top bit */
        unsigned __int128 acc = (unsigned __int128)a[0] + (f->p[0] & m);
        sc_word s0 = (sc_word)acc, s1, s2, s3;
        acc = (acc >> 64) + a[1] + (f->p[1] & m);
        s1 = (sc_word)acc;
        acc = (acc >> 64) + a[2] + (f->p[2] & m);
        s2 = (sc_word)acc;
        acc = (acc >> 64) + a[3] + (f->p[3] & m);
        s3 = (sc_word)acc;
        carry = (sc_word)(acc >> 64);
        r[0] = (s0 >> 1) | (s1 << 63);
        r[1] = (s1 >> 1) | (s2 << 63);
        r[2] = (s2 >> 1) | (s3 << 63);
        r[3] = (s3 >> 1) | (carry << 63);
        return;
    }
#endif
    for (i = 0; i < n; i++)
        t[i] = f->p[i] & m;
    carry = sc_mp_add(r, a, t, n);
    sc_mp_shr1(r, r, n);
    r[n - 1] |= (sc_word)(carry << (SC_WORD_BITS - 1));
}

/* Jacobian doubling in place, M = alpha = 3*X1^2 + a*Z1^4 by the curve's a:
 *   a = -3 (the idea of dbl-2001-b, Bernstein 2001): M = 3*(X1-Z1^2)*(X1+Z1^2);
 *   a = 0 (as dbl-2009-l, Lange 2009): M = 3*X1^2;
 *   any a (as dbl-2007-bl, Bernstein-Lange 2007): M = 3*X1^2 + a*Z1^4;
 * then the "dbl-2007-bl" structure with Y1 doubled first, as in
 * "dbl-2004-hmv": Y2 = 2*Y1, Z3 = Y2*Z1, YY = Y2^2 (= 4*Y1^2), S = X1*YY,
 * X3 = M^2-2*S, Y3 = M*(S-X3) - YY^2/2 (= 8*Y1^4).  4M + 4S + 10 additions
 * (a = -3), 3M + 4S + 8 (a = 0), 4M + 6S (any a); fewer additions than
 * dbl-2001-b / dbl-2009-l, which matters as soon as a field multiplication
 * costs only a few additions.
 * On the curve E_g isomorphic to E ((x, y) -> (g^2 x, g^3 y), a_g = a g^4)
 * the a-term is a_g Z1^4 = a W^2 with W = (g Z1)^2: given W in w (a != 0),
 * it takes the place of Z1^2 and is brought along, W3 = W * YY (Z3^2 =
 * YY Z1^2): 1M, where squaring Z1 and multiplying by g^2 would take 1S +
 * 1M (the cached Z^2 of the modified Jacobian coordinates, [CMO98]);
 * w = NULL: on E, g = 1.
 * Two temporaries, t1 (M) and t2, the caller's (distinct field elements,
 * aliasing no coordinate of q): Y and then YY live in q->y.  Z1 = 0 gives
 * Z3 = 0 (infinity stays infinity); Y1 = 0 cannot occur for odd order.
 * Branches on c->a_kind and w only (public). */
void sc_ep_dbl_jac_t(sc_ep_jac *q, sc_word *t1, sc_word *t2, sc_word *w, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    const sc_word *zz = w;
#ifdef EP_MULX
    if (!w || c->a_kind == SC_EP_A_ZERO) {   /* the kernels work on E; w is unused for a = 0 */
        void (*dbl)(sc_ep_jac *) = ep_dbl_kernel(c);
        if (dbl) {
            dbl(q);
            return;
        }
    }
#endif
    if (c->a_kind == SC_EP_A_ZERO) {
        sc_fp_sqr(t1, q->x, f);
        sc_fp_dbl(t2, t1, f);
        sc_fp_add(t1, t1, t2, f);            /* 3*X1^2 */
        w = NULL;
    } else {
        if (!w) {
            sc_fp_sqr(t1, q->z, f);          /* delta = Z1^2 */
            zz = t1;
        }
        if (c->a_kind == SC_EP_A_MINUS3) {
            sc_fp_sub(t2, q->x, zz, f);
            sc_fp_add(t1, q->x, zz, f);
            sc_fp_mul(t1, t1, t2, f);
            sc_fp_dbl(t2, t1, f);
            sc_fp_add(t1, t1, t2, f);
        } else {
            sc_fp_sqr(t2, zz, f);            /* Z1^4 */
            sc_fp_from_canon(t1, sc_flash_words(t1, c->a, f->nw), f);
            sc_fp_mul(t2, t2, t1, f);        /* a*Z1^4 */
            sc_fp_sqr(t1, q->x, f);
            sc_fp_add(t2, t2, t1, f);
            sc_fp_dbl(t1, t1, f);
            sc_fp_add(t1, t1, t2, f);        /* 3*X1^2 + a*Z1^4 */
        }
    }
    sc_fp_dbl(q->y, q->y, f);                /* Y2 */
    sc_fp_mul(q->z, q->y, q->z, f);          /* Z3 */
    sc_fp_sqr(q->y, q->y, f);                /* YY */
    if (w)
        sc_fp_mul(w, w, q->y, f);            /* W3 */
    sc_fp_mul(t2, q->x, q->y, f);            /* S */
    sc_fp_sqr(q->x, t1, f);
    sc_fp_sub(q->x, q->x, t2, f);
    sc_fp_sub(q->x, q->x, t2, f);            /* X3 = M^2 - 2*S */
    sc_fp_sub(t2, t2, q->x, f);
    sc_fp_mul(t2, t2, t1, f);                /* M*(S - X3) */
    sc_fp_sqr(q->y, q->y, f);
    fp_half(q->y, q->y, f);                  /* 8*Y1^4 */
    sc_fp_sub(q->y, t2, q->y, f);            /* Y3 */
}

/* r = 2P: P copied to r, then doubled in place with two temporaries of
 * this frame. */
void sc_ep_dbl_jac(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_curve *c)
{
    sc_fe t1, t2;
    if (r != p)
        *r = *p;
#ifdef EP_MULX
    {
        void (*dbl)(sc_ep_jac *) = ep_dbl_kernel(c);
        if (dbl) {
            dbl(r);
            return;
        }
    }
#endif
    sc_ep_dbl_jac_t(r, t1, t2, NULL, c);
}

void sc_ep_dbl_jac_n(sc_ep_jac *q, unsigned n, const sc_ep_curve *c)
{
    sc_fe t1, t2;
#ifdef EP_MULX
    void (*dbl)(sc_ep_jac *) = ep_dbl_kernel(c);
    if (dbl) {
        for (; n > 0; n--)
            dbl(q);
        return;
    }
#endif
    for (; n > 0; n--)
        sc_ep_dbl_jac_t(q, t1, t2, NULL, c);
    sc_memzero(t1, sizeof t1);
    sc_memzero(t2, sizeof t2);
}

/* r = 2P for an affine P (Z1 = 1): the formulas of sc_ep_dbl_jac with
 * Z1 = 1 (Z3 = 2*Y1; M = 3*(X1^2-1), 3*X1^2 or 3*X1^2 + a), the output's
 * coordinates serving as temporaries beside two of this frame:
 * 2M + 4S (a = -3).  Constant time (branches on c->a_kind only). */
void sc_ep_dbl_aff(sc_ep_jac *r, const sc_ep_aff *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe t, u;
#ifdef EP_MULX
    if (ep_mulx(f) != EP_MULX_NONE) {        /* the kernel's doubling at Z1 = 1: the same point */
        sc_ep_jac_from_aff(r, p, c);
        sc_ep_dbl_jac_n(r, 1, c);
        return;
    }
#endif
    sc_fp_sqr(r->x, p->x, f);
    if (c->a_kind == SC_EP_A_MINUS3) {
        sc_fp_set_one(u, f);
        sc_fp_sub(r->x, r->x, u, f);
    }
    sc_fp_dbl(u, r->x, f);
    sc_fp_add(r->x, r->x, u, f);             /* 3*X1^2 (- 3) */
    if (c->a_kind != SC_EP_A_MINUS3 && c->a_kind != SC_EP_A_ZERO) {
        sc_fp_from_canon(u, sc_flash_words(u, c->a, f->nw), f);
        sc_fp_add(r->x, r->x, u, f);         /* M = 3*X1^2 + a */
    }
    sc_fp_dbl(r->z, p->y, f);                /* Z3 = Y2 = 2*Y1 */
    sc_fp_sqr(u, r->z, f);                   /* YY */
    sc_fp_mul(r->y, p->x, u, f);             /* S */
    sc_fp_sqr(t, r->x, f);
    sc_fp_sub(t, t, r->y, f);
    sc_fp_sub(t, t, r->y, f);                /* X3 = M^2 - 2*S */
    sc_fp_sub(r->y, r->y, t, f);
    sc_fp_mul(r->y, r->y, r->x, f);
    sc_fp_copy(r->x, t, f);
    sc_fp_sqr(u, u, f);
    fp_half(u, u, f);                        /* 8*Y1^4 */
    sc_fp_sub(r->y, r->y, u, f);
}

/* ---- mixed addition ---- */

/* madd-2004-hmv (Hankerson-Menezes-Vanstone 2004, Guide to ECC Alg. 3.22), Z2 = 1:
 * 8M + 3S + 7 additions (madd-2007-bl is 7M + 4S but 14 additions).
 * T1 = Z1^2, T2 = T1*Z1, U2 = T1*X2, S2 = T2*Y2, H = U2-X1, R = S2-Y1,
 * Z3 = Z1*H, HH = H^2, HHH = HH*H, V = HH*X1, X3 = R^2-HHH-2*V,
 * Y3 = R*(V-X3)-Y1*HHH.
 * Correct when P != +-Q and P != infinity; for P == -Q it gives Z3 = 0.
 * Q = (qx, qy); a and b are two temporaries of the caller, which may be qx
 * and qy themselves (the point is then consumed: it is read before a and b
 * are written), so the formula keeps two more of its own (four in all).
 * mode (public): CORE_INC returns 0; CORE_MASK returns the all-ones mask
 * when H = R = 0 (P == Q, or P infinity), computed without branching;
 * CORE_STOP (public data only) also returns before writing o when that mask
 * is set, so that the caller can still double P when o aliases it.  h_out
 * (if not NULL, not aliasing o) receives H. */
enum { CORE_INC = SC_EP_MADD_INC, CORE_MASK = 1, CORE_STOP = SC_EP_MADD_STOP };
sc_word sc_ep_madd(sc_ep_jac *o, const sc_ep_jac *p, const sc_word *qx, const sc_word *qy, sc_word *a,
                   sc_word *b, const sc_fp_field *f, sc_word *h_out, int mode)
{
    sc_fe t, v;
    sc_word same = 0;
#ifdef EP_MULX
    switch (ep_mulx(f)) {
    case EP_MULX_P256: return sc_ep_madd_p256_mulx(o, p, qx, qy, a, b, h_out, mode);
    case EP_MULX_P224: return sc_ep_madd_p224_mulx(o, p, qx, qy, a, b, h_out, mode);
    case EP_MULX_K1: return sc_ep_madd_k1_mulx(o, p, qx, qy, a, b, h_out, mode);
    case EP_MULX_P192: return sc_ep_madd_p192_mulx(o, p, qx, qy, a, b, h_out, mode);
    case EP_MULX_SECP160R1: return sc_ep_madd_secp160r1_mulx(o, p, qx, qy, a, b, h_out, mode);
    default: break;
    }
#endif
    sc_fp_sqr(t, p->z, f);
    sc_fp_mul(a, qx, t, f);              /* U2 */
    sc_fp_mul(t, t, p->z, f);
    sc_fp_mul(b, qy, t, f);              /* S2 */
    sc_fp_sub(a, a, p->x, f);            /* H */
    sc_fp_sub(b, b, p->y, f);            /* R */
    if (mode != CORE_INC)
        same = sc_fp_is_zero(a, f) & sc_fp_is_zero(b, f);
    if (mode == CORE_STOP && same)
        return same;
    sc_fp_sqr(t, a, f);                  /* HH */
    sc_fp_mul(v, t, p->x, f);            /* V */
    sc_fp_mul(t, t, a, f);               /* HHH */
    sc_fp_mul(o->z, p->z, a, f);         /* Z3: X1 and Z1 read by now */
    if (h_out)
        sc_fp_copy(h_out, a, f);
    sc_fp_sqr(a, b, f);
    sc_fp_sub(a, a, t, f);
    sc_fp_sub(a, a, v, f);
    sc_fp_sub(o->x, a, v, f);            /* X3 */
    sc_fp_mul(t, t, p->y, f);            /* Y1*HHH: Y1 still unwritten */
    sc_fp_sub(v, v, o->x, f);
    sc_fp_mul(v, v, b, f);
    sc_fp_sub(o->y, v, t, f);            /* Y3 */
    return same;
}

/* sc_ep_madd on a const Q, with temporaries of this frame; out of line, one
 * copy for its three callers (flash on the mote) */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static sc_word madd_q(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_aff *q, const sc_fp_field *f, sc_word *h_out,
                      int mode)
{
    sc_fe a, b;
    return sc_ep_madd(o, p, q->x, q->y, a, b, f, h_out, mode);
}

void sc_ep_add_mixed_inc(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    (void)madd_q(r, p, q, c->fp, NULL, CORE_INC);
}

void sc_ep_add_mixed_zr(sc_ep_jac *r, const sc_ep_jac *p, const sc_word *qx, const sc_word *qy, sc_word *a,
                        sc_word *b, sc_word *zr, const sc_ep_curve *c)
{
    (void)sc_ep_madd(r, p, qx, qy, a, b, c->fp, zr, CORE_INC);
}

/* Complete additions with one temporary point s: the general sum into s,
 * then 2P written to r (r may alias P: P is read by then), s selected over
 * it unless P == Q, and the infinity cases selected last. */
void sc_ep_add_mixed_g(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, sc_word *w, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_ep_jac s;
    sc_fe t1, t2;
    sc_word pinf, isdbl;
    pinf = sc_fp_is_zero(p->z, f);
    isdbl = madd_q(&s, p, q, f, NULL, CORE_MASK) & (sc_word)~pinf;  /* P == -Q gives Z3 = 0 */
    if (r != p)
        *r = *p;
    sc_ep_dbl_jac_t(r, t1, t2, w, c);               /* candidate for P == Q */
    sc_fp_cmov(r->x, s.x, (sc_word)~isdbl, f);
    sc_fp_cmov(r->y, s.y, (sc_word)~isdbl, f);
    sc_fp_cmov(r->z, s.z, (sc_word)~isdbl, f);
    sc_fp_cmov(r->x, q->x, pinf, f);                /* infinity + Q = Q */
    sc_fp_cmov(r->y, q->y, pinf, f);
    sc_fp_set_one(s.z, f);
    sc_fp_cmov(r->z, s.z, pinf, f);
    sc_memzero(&s, sizeof s);
    sc_memzero(t1, sizeof t1);
    sc_memzero(t2, sizeof t2);
}

void sc_ep_add_mixed(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    sc_ep_add_mixed_g(r, p, q, NULL, c);
}

/* ---- Jacobian addition ---- */

/* add-1998-cmo-2 (Cohen-Miyaji-Ono 1998): 12M + 4S + 7 additions
 * (add-2007-bl is 11M + 5S but 13 additions).
 * Z1Z1 = Z1^2, Z2Z2 = Z2^2, U1 = X1*Z2Z2, U2 = X2*Z1Z1, S1 = Y1*Z2*Z2Z2,
 * S2 = Y2*Z1*Z1Z1, H = U2-U1, HH = H^2, HHH = H*HH, r = S2-S1, V = U1*HH,
 * X3 = r^2-HHH-2*V, Y3 = r*(V-X3)-S1*HHH, Z3 = Z1*Z2*H.
 * Correct when P != +-Q and neither is infinity; P == -Q gives Z3 = 0.
 * Returns as sc_ep_madd (mode), the mask for H = r = 0.
 * Z1*Z2 is formed last, from the inputs, after which only o is written:
 * seven temporaries. */
#ifdef EP_MULX
__attribute__((noinline)) /* the kernels are reached without this frame (add_core below) */
#endif
static sc_word add_core_c(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const sc_fp_field *f, int mode)
{
    sc_fe z1z1, z2z2, u1, u2, s1, s2, hh;
    sc_word same = 0;
    sc_fp_sqr(z1z1, p->z, f);
    sc_fp_sqr(z2z2, q->z, f);
    sc_fp_mul(u1, p->x, z2z2, f);
    sc_fp_mul(u2, q->x, z1z1, f);
    sc_fp_mul(s1, p->y, q->z, f);
    sc_fp_mul(s1, s1, z2z2, f);
    sc_fp_mul(s2, q->y, p->z, f);
    sc_fp_mul(s2, s2, z1z1, f);
    sc_fp_sub(u2, u2, u1, f);            /* H */
    sc_fp_sub(s2, s2, s1, f);            /* r */
    if (mode != CORE_INC)
        same = sc_fp_is_zero(u2, f) & sc_fp_is_zero(s2, f);
    if (mode == CORE_STOP && same)
        return same;
    sc_fp_mul(z2z2, p->z, q->z, f);      /* Z1*Z2 */
    sc_fp_sqr(hh, u2, f);
    sc_fp_mul(z1z1, hh, u2, f);          /* HHH */
    sc_fp_mul(u1, u1, hh, f);            /* V */
    sc_fp_mul(s1, s1, z1z1, f);          /* S1*HHH */
    sc_fp_mul(o->z, z2z2, u2, f);        /* Z3 (inputs all read by now) */
    sc_fp_sqr(hh, s2, f);
    sc_fp_sub(hh, hh, z1z1, f);
    sc_fp_sub(hh, hh, u1, f);
    sc_fp_sub(o->x, hh, u1, f);          /* X3 */
    sc_fp_sub(u1, u1, o->x, f);
    sc_fp_mul(u1, u1, s2, f);
    sc_fp_sub(o->y, u1, s1, f);          /* Y3 */
    return same;
}

#ifdef EP_MULX
/* add_core_c, or the field's kernel: the same formula, modes and result;
 * zc (the kernels only): Z2^2 and Z2^3 of q, or NULL */
static sc_word add_core_zc(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const sc_word *zc,
                           const sc_fp_field *f, int mode)
{
    switch (ep_mulx(f)) {
    case EP_MULX_P256: return sc_ep_add_p256_mulx(o, p, q, zc, mode);
    case EP_MULX_P224: return sc_ep_add_p224_mulx(o, p, q, zc, mode);
    case EP_MULX_K1: return sc_ep_add_k1_mulx(o, p, q, zc, mode);
    case EP_MULX_P192: return sc_ep_add_p192_mulx(o, p, q, zc, mode);
    case EP_MULX_SECP160R1: return sc_ep_add_secp160r1_mulx(o, p, q, zc, mode);
    default: return add_core_c(o, p, q, f, mode);
    }
}
#define add_core(o, p, q, f, mode) add_core_zc(o, p, q, NULL, f, mode)
#else
#define add_core add_core_c
#define add_core_zc(o, p, q, zc, f, mode) ((void)(zc), add_core_c(o, p, q, f, mode))
#endif

void sc_ep_add_jac_inc(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_ep_curve *c)
{
    (void)add_core(r, p, q, c->fp, CORE_INC);
}

/* As sc_ep_add_mixed; r may alias P or Q (Q's infinity case selects P, which
 * is then still intact in s's place: the selections of P and Q go into s
 * before r is written). */
void sc_ep_add_jac(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_ep_jac s;
    sc_word pinf, qinf, isdbl;
    pinf = sc_fp_is_zero(p->z, f);
    qinf = sc_fp_is_zero(q->z, f);
    isdbl = add_core(&s, p, q, f, CORE_MASK) & (sc_word)~(pinf | qinf);  /* P == -Q gives Z3 = 0 */
    sc_fp_cmov(s.x, q->x, pinf, f);                 /* infinity + Q = Q */
    sc_fp_cmov(s.y, q->y, pinf, f);
    sc_fp_cmov(s.z, q->z, pinf, f);
    sc_fp_cmov(s.x, p->x, qinf, f);                 /* P + infinity = P */
    sc_fp_cmov(s.y, p->y, qinf, f);
    sc_fp_cmov(s.z, p->z, qinf, f);
    sc_ep_dbl_jac(r, p, c);                         /* candidate for P == Q */
    sc_fp_cmov(r->x, s.x, (sc_word)~isdbl, f);
    sc_fp_cmov(r->y, s.y, (sc_word)~isdbl, f);
    sc_fp_cmov(r->z, s.z, (sc_word)~isdbl, f);
    sc_memzero(&s, sizeof s);
}

/* ---- variable-time additions (public points only) ---- */

/* The general formula writes r directly; P == Q is found before anything
 * is written (stop), and then P is doubled. */
void sc_ep_add_mixed_var(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, const sc_ep_curve *c)
{
    if (sc_fp_is_zero(p->z, c->fp)) {
        sc_ep_jac_from_aff(r, q, c);
        return;
    }
    if (madd_q(r, p, q, c->fp, NULL, CORE_STOP))
        sc_ep_dbl_jac(r, p, c);          /* P == Q; P == -Q: Z3 = 0 already */
}

void sc_ep_acc_mixed_var(sc_ep_jac *acc, sc_ep_aff *q, const sc_ep_curve *c)
{
    if (sc_fp_is_zero(acc->z, c->fp)) {
        sc_ep_jac_from_aff(acc, q, c);
        return;
    }
    if (sc_ep_madd(acc, acc, q->x, q->y, q->x, q->y, c->fp, NULL, CORE_STOP))
        sc_ep_dbl_jac(acc, acc, c);      /* acc == Q; acc == -Q: Z3 = 0 already */
}

void sc_ep_add_jac_zc_var(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_word *zc,
                          const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    if (sc_fp_is_zero(p->z, f)) {
        if (r != q)
            *r = *q;
        return;
    }
    if (sc_fp_is_zero(q->z, f)) {
        if (r != p)
            *r = *p;
        return;
    }
    if (add_core_zc(r, p, q, zc, f, CORE_STOP))
        sc_ep_dbl_jac(r, p, c);
}

void sc_ep_add_jac_var(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_ep_curve *c)
{
    sc_ep_add_jac_zc_var(r, p, q, NULL, c);
}
