/* eb: affine and Lopez-Dahab points on y^2 + xy = x^3 + a x^2 + b over
 * GF(2^m) (include/seacurve/eb.h).  Counts: M = sc_fb_mul, S = sc_fb_sqr,
 * additions (xors) not counted. */
#include <seacurve/eb.h>
#include <seacurve/util.h>
#include <string.h>
#include "eb_internal.h"
#include "util/flash.h"

const sc_eb_curve *sc_eb_curve_find(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; i < sc_eb_ncurves; i++)
        if (strcmp(sc_eb_curves[i].name, name) == 0)
            return &sc_eb_curves[i];
    return NULL;
}

size_t sc_eb_curve_count(void) { return sc_eb_ncurves; }

const sc_eb_curve *sc_eb_curve_at(size_t i) { return i < sc_eb_ncurves ? &sc_eb_curves[i] : NULL; }

void sc_eb_const(sc_word *r, const sc_word *src, const sc_eb_curve *c)
{
    sc_word tmp[SC_FB_MAXW];
    const sc_word *p = sc_flash_words(tmp, src, c->f->nw);
    memcpy(r, p, c->f->nw * sizeof(sc_word));
}

void sc_eb_generator(sc_eb_aff *g, const sc_eb_curve *c)
{
    memset(g, 0, sizeof *g);
    sc_eb_const(g->x, c->gx, c);
    sc_eb_const(g->y, c->gy, c);
}

void sc_eb_set_inf(sc_eb_aff *r, const sc_eb_curve *c)
{
    (void)c;
    memset(r, 0, sizeof *r);
    r->inf = (sc_word)~(sc_word)0;
}

/* y (y + x) = x^2 (x + a) + b: 2M + 1S (the curve equation rearranged). */
sc_word sc_eb_on_curve(const sc_eb_aff *p, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt l, r, t, k;
    sc_fb_add(t, p->y, p->x, f);
    sc_fb_mul(l, p->y, t, f);      /* y^2 + xy */
    sc_eb_const(k, c->a, c);
    sc_fb_add(t, p->x, k, f);
    sc_fb_sqr(r, p->x, f);
    sc_fb_mul(r, r, t, f);         /* x^3 + a x^2 */
    sc_eb_const(k, c->b, c);
    sc_fb_add(r, r, k, f);
    return sc_fb_eq(l, r, f) & (sc_word)~p->inf;
}

void sc_eb_neg(sc_eb_aff *r, const sc_eb_aff *p, const sc_eb_curve *c)
{
    if (r != p)
        *r = *p;
    sc_fb_add(r->y, p->x, p->y, c->f); /* the infinity is (0, 0): stays (0, 0) */
}

sc_word sc_eb_eq(const sc_eb_aff *p, const sc_eb_aff *q, const sc_eb_curve *c)
{
    sc_word both = p->inf & q->inf, none = (sc_word)~(p->inf | q->inf);
    sc_word same = sc_fb_eq(p->x, q->x, c->f) & sc_fb_eq(p->y, q->y, c->f);
    return both | (none & same);
}

void sc_eb_cmov(sc_eb_aff *r, const sc_eb_aff *a, sc_word mask, const sc_eb_curve *c)
{
    sc_fb_cmov(r->x, a->x, mask, c->f);
    sc_fb_cmov(r->y, a->y, mask, c->f);
    r->inf ^= mask & (r->inf ^ a->inf);
}

void sc_eb_ld_from_aff(sc_eb_ld *r, const sc_eb_aff *p, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt z;
    memset(r, 0, sizeof *r);
    sc_fb_copy(r->x, p->x, f);
    sc_fb_copy(r->y, p->y, f);
    sc_fb_one(r->z, f);
    sc_fb_zero(z, f);
    sc_fb_cmov(r->z, z, p->inf, f); /* infinity: Z = 0 */
}

void sc_eb_ld_set_inf(sc_eb_ld *r, const sc_eb_curve *c)
{
    memset(r, 0, sizeof *r);
    sc_fb_one(r->x, c->f);
}

sc_word sc_eb_ld_is_inf(const sc_eb_ld *p, const sc_eb_curve *c) { return sc_fb_is_zero(p->z, c->f); }

void sc_eb_ld_neg(sc_eb_ld *r, const sc_eb_ld *p, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt t;
    /* -(x, y) = (x, x + y): Y/Z^2 + X/Z = (Y + X Z) / Z^2 */
    sc_fb_mul(t, p->x, p->z, f);
    if (r != p) {
        sc_fb_copy(r->x, p->x, f);
        sc_fb_copy(r->z, p->z, f);
    }
    sc_fb_add(r->y, p->y, t, f);
}

static sc_err to_aff(sc_eb_aff *r, const sc_eb_ld *p, const sc_eb_curve *c, int var)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt zi, zi2, x, y;
    sc_word inf = sc_fb_is_zero(p->z, f);
    if (var)
        sc_fb_inv_var(zi, p->z, f);
    else
        sc_fb_inv(zi, p->z, f);       /* 1I (0 -> 0) */
    sc_fb_sqr(zi2, zi, f);            /* 1S */
    sc_fb_mul(x, p->x, zi, f);        /* 1M */
    sc_fb_mul(y, p->y, zi2, f);       /* 1M */
    memset(r, 0, sizeof *r);
    sc_fb_copy(r->x, x, f);           /* zero when Z = 0 (zi = 0) */
    sc_fb_copy(r->y, y, f);
    r->inf = inf;
    SC_DECLASSIFY(&inf, sizeof inf);  /* published verdict */
    return sc_ct_barrier(inf) ? SC_ERR_INFINITY : SC_OK;
}

sc_err sc_eb_ld_to_aff(sc_eb_aff *r, const sc_eb_ld *p, const sc_eb_curve *c) { return to_aff(r, p, c, 0); }
sc_err sc_eb_ld_to_aff_var(sc_eb_aff *r, const sc_eb_ld *p, const sc_eb_curve *c) { return to_aff(r, p, c, 1); }

/* Affine form of cnt Lopez-Dahab points with one shared inversion
 * (Montgomery's simultaneous inversion, Guide Alg. 2.26); Z = 0 gives
 * infinity.  Variable time (public points).  The inversion is Itoh-Tsujii
 * (sc_fb_inv): see eb_wnaf.c for why the public paths use it. */
void sc_eb_ld_to_aff_batch_var(sc_eb_aff *out, const sc_eb_ld *in, size_t cnt, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt pre[32], inv, zi, one;
    size_t i;
    if (!cnt)
        return;
    sc_fb_one(one, f);
    /* a zero Z (a point of small order) would break the product: count it as 1 */
    for (i = 0; i < cnt; i++) {
        const sc_word *z = sc_fb_is_zero(in[i].z, f) ? one : in[i].z;
        if (i == 0)
            sc_fb_copy(pre[0], z, f);
        else
            sc_fb_mul(pre[i], pre[i - 1], z, f);
    }
    sc_fb_inv(inv, pre[cnt - 1], f);
    for (i = cnt; i-- > 0;) {
        int zz = sc_fb_is_zero(in[i].z, f) != 0;
        if (i > 0)
            sc_fb_mul(zi, inv, pre[i - 1], f);
        else
            sc_fb_copy(zi, inv, f);
        if (!zz && i > 0)
            sc_fb_mul(inv, inv, in[i].z, f);
        memset(&out[i], 0, sizeof out[i]);
        if (zz) {
            sc_eb_set_inf(&out[i], c);
            continue;
        }
        sc_fb_mul(out[i].x, in[i].x, zi, f);
        sc_fb_sqr(zi, zi, f);
        sc_fb_mul(out[i].y, in[i].y, zi, f);
    }
}

/* r = t times a curve constant (src: c->a or c->b, SC_FLASH) in a frame of
 * its own (noinline), so that the point formulas keep no buffer for it. */
__attribute__((noinline)) static void mul_const(sc_word *r, const sc_word *t, const sc_word *src,
                                                const sc_eb_curve *c)
{
    sc_fb_elt k;
    sc_eb_const(k, src, c);
    sc_fb_mul(r, t, k, c->f);
}

/* r = a t (a by kind: 0, 1 or a general element ak). */
static void mul_a(sc_word *r, const sc_word *t, const sc_word *ak, const sc_eb_curve *c)
{
    if (c->a_kind == SC_EB_A_ZERO)
        sc_fb_zero(r, c->f);
    else if (c->a_kind == SC_EB_A_ONE)
        sc_fb_copy(r, t, c->f);
    else
        sc_fb_mul(r, t, ak, c->f);
}

/* Lopez-Dahab doubling (SAC 1998; Guide Alg. 3.24), written out:
 *   S1 = X^2, S2 = Z^2, T = b S2^2 (M, free if b = 1), Z3 = S1 S2 (M),
 *   X3 = S1^2 + T, Y3 = T Z3 (M) + X3 (a Z3 + Y^2 + T) (M, + M for a general a).
 * 4M + 5S in general; four temporaries (the constants a and b are
 * multiplied in mul_const's frame), r may alias p (p is read before r is
 * written).  The curve's shape (a kind, b = 1) is public. */
void sc_eb_dbl_ld(sc_eb_ld *r, const sc_eb_ld *p, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt x3, z3, t, u;
    sc_fb_sqr(x3, p->x, f);              /* S1 */
    sc_fb_sqr(z3, p->z, f);              /* S2 */
    sc_fb_sqr(t, z3, f);
    if (!c->b_one)
        mul_const(t, t, c->b, c);        /* T */
    sc_fb_mul(z3, x3, z3, f);            /* Z3 */
    sc_fb_sqr(x3, x3, f);
    sc_fb_add(x3, x3, t, f);             /* X3 */
    sc_fb_sqr(u, p->y, f);
    sc_fb_add(u, u, t, f);
    if (c->a_kind == SC_EB_A_ONE) {
        sc_fb_add(u, u, z3, f);
    } else if (c->a_kind == SC_EB_A_GENERIC) {
        mul_const(r->x, z3, c->a, c);    /* r->x as scratch: p->x is read above */
        sc_fb_add(u, u, r->x, f);
    }
    sc_fb_mul(u, u, x3, f);
    sc_fb_mul(t, t, z3, f);
    sc_fb_add(r->y, t, u, f);
    sc_fb_copy(r->x, x3, f);
    sc_fb_copy(r->z, z3, f);
}

/* Mixed addition, Al-Daoud et al. 2002 (Guide Alg. 3.25), p = (X1, Y1, Z1),
 * q = (x2, y2):
 *   A = y2 Z1^2 + Y1, B = x2 Z1 + X1, C = Z1 B, D = B^2 (C + a Z1^2),
 *   Z3 = C^2, E = A C, X3 = A^2 + D + E, F = X3 + x2 Z3, G = (x2 + y2) Z3^2,
 *   Y3 = (E + Z3) F + G.
 * 8M + 5S (9M + 5S for a general a); four temporaries; r may alias p (p is read before r is written).  Also returns the masks
 * of A = 0 and B = 0 (both zero: p = q, the formula degenerates to 0). */
static void add_mixed_gen(sc_eb_ld *r, sc_word *az, sc_word *bz, const sc_eb_ld *p, const sc_eb_aff *q,
                          const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt t1, ta, tb, tc;
    sc_fb_sqr(t1, p->z, f);               /* S: Z1^2 */
    sc_fb_mul(ta, q->y, t1, f);           /* M */
    sc_fb_add(ta, ta, p->y, f);           /* A */
    sc_fb_mul(tb, q->x, p->z, f);         /* M */
    sc_fb_add(tb, tb, p->x, f);           /* B */
    *az = sc_fb_is_zero(ta, f);
    *bz = sc_fb_is_zero(tb, f);
    sc_fb_mul(tc, p->z, tb, f);           /* M: C */
    if (c->a_kind == SC_EB_A_ZERO) {
        sc_fb_copy(t1, tc, f);
    } else if (c->a_kind == SC_EB_A_ONE) {
        sc_fb_add(t1, t1, tc, f);
    } else {
        mul_const(t1, t1, c->a, c);       /* (M for a general a) */
        sc_fb_add(t1, t1, tc, f);         /* C + a Z1^2 */
    }
    sc_fb_sqr(tb, tb, f);                 /* S */
    sc_fb_mul(tb, tb, t1, f);             /* M: D */
    sc_fb_mul(t1, ta, tc, f);             /* M: E */
    sc_fb_sqr(r->z, tc, f);               /* S: Z3 (p is not read below) */
    sc_fb_sqr(ta, ta, f);                 /* S */
    sc_fb_add(ta, ta, tb, f);
    sc_fb_add(r->x, ta, t1, f);           /* X3 */
    sc_fb_mul(tb, q->x, r->z, f);         /* M */
    sc_fb_add(tb, tb, r->x, f);           /* F */
    sc_fb_add(t1, t1, r->z, f);
    sc_fb_mul(t1, t1, tb, f);             /* M: (E + Z3) F */
    sc_fb_sqr(tb, r->z, f);               /* S */
    sc_fb_add(tc, q->x, q->y, f);
    sc_fb_mul(tb, tb, tc, f);             /* M: G */
    sc_fb_add(r->y, t1, tb, f);
}

/* r = 2q for an affine q, in Lopez-Dahab coordinates: the doubling above with
 * Z1 = 1:  Z3 = x^2, X3 = x^4 + b, Y3 = b Z3 + X3 (a Z3 + y^2 + b).
 * 1M + 3S (3M + 3S for b != 1, + 1M for a general a).  x = 0 (the point of
 * order 2, or q = O) gives Z3 = 0. */
static void dbl_aff(sc_eb_ld *r, const sc_eb_aff *q, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt b, u, t, k;
    sc_eb_const(b, c->b, c);
    sc_fb_sqr(r->z, q->x, f);             /* S: Z3 */
    sc_fb_sqr(r->x, r->z, f);             /* S */
    sc_fb_add(r->x, r->x, b, f);          /* X3 */
    if (c->a_kind == SC_EB_A_GENERIC)
        sc_eb_const(k, c->a, c);
    mul_a(u, r->z, k, c);
    sc_fb_sqr(t, q->y, f);                /* S */
    sc_fb_add(u, u, t, f);
    sc_fb_add(u, u, b, f);
    sc_fb_mul(u, u, r->x, f);             /* M */
    if (c->b_one)
        sc_fb_copy(t, r->z, f);
    else
        sc_fb_mul(t, r->z, b, f);         /* M */
    sc_fb_add(r->y, t, u, f);
}

void sc_eb_add_mixed(sc_eb_ld *r, const sc_eb_ld *p, const sc_eb_aff *q, const sc_eb_curve *c)
{
    sc_eb_ld s, d, ql;
    sc_word az, bz, pinf = sc_fb_is_zero(p->z, c->f);
    add_mixed_gen(&s, &az, &bz, p, q, c);
    sc_eb_ld_from_aff(&ql, q, c);
    dbl_aff(&d, q, c);
    sc_eb_ld_cmov(&s, &d, az & bz & (sc_word)~pinf, c); /* p = q: 2q */
    sc_eb_ld_cmov(&s, &ql, pinf, c);                   /* p = O: q */
    sc_eb_ld_cmov(&s, p, q->inf, c);                   /* q = O: p */
    *r = s;
}

void sc_eb_add_mixed_var(sc_eb_ld *r, const sc_eb_ld *p, const sc_eb_aff *q, const sc_eb_curve *c)
{
    sc_word az, bz;
    if (q->inf) {
        if (r != p)
            *r = *p;
        return;
    }
    if (sc_fb_is_zero(p->z, c->f)) {
        sc_eb_ld_from_aff(r, q, c);
        return;
    }
    add_mixed_gen(r, &az, &bz, p, q, c); /* B = 0, A != 0: p = -q, Z3 = 0 */
    if (az && bz) {
        sc_eb_ld_from_aff(r, q, c);
        sc_eb_dbl_ld(r, r, c);
    }
}

void sc_eb_ld_cmov(sc_eb_ld *r, const sc_eb_ld *a, sc_word mask, const sc_eb_curve *c)
{
    sc_fb_cmov(r->x, a->x, mask, c->f);
    sc_fb_cmov(r->y, a->y, mask, c->f);
    sc_fb_cmov(r->z, a->z, mask, c->f);
}
