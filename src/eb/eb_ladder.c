/* eb: constant-time k P by the x-only Montgomery ladder in Lopez-Dahab
 * coordinates with y-recovery (Lopez, Dahab, "Fast multiplication on elliptic
 * curves over GF(2^m) without precomputation", CHES 1999: Madd, Mdouble, Mxy;
 * [OMAP] Table V; Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
 * Cryptography" (2004), Alg. 3.40).  Counts: M = sc_fb_mul, S = sc_fb_sqr,
 * I = inversion. */
#include <seacurve/eb.h>
#include <seacurve/mp.h>
#include <seacurve/opcount.h>
#include <seacurve/util.h>
#include <string.h>
#include "eb_internal.h"
#include "util/flash.h"
#include "fb/fb_internal.h"

/* The ladder's state: (X1 : Z1) = j P and (X2 : Z2) = (j + 1) P for the bits
 * of k' above bit i, the scalar k', x(P), and where y(P) is (py, or G's in
 * flash when py is NULL).  init, step (one bit) and finish (y-recovery)
 * below, each its own frame (noinline: their temporaries never add up on the
 * stack); sc_eb_mul_ladder runs them in one call.  *py is read by finish: it
 * must stay in place meanwhile. */
typedef struct {
    sc_fb_elt x1, z1, x2, z2, x;
    sc_word k[SC_EB_KW];       /* k' = k + h n or k + 2 h n: bit L set */
    const sc_word *py;         /* y(P); NULL: P = G */
    unsigned i;                /* bits i-1 .. 0 are left */
    sc_word prev;              /* the previous bit (the pending swap) */
    sc_word bad;               /* k >= 2^nbits (published verdict) */
    sc_word pinf;              /* P = O */
} ladder_state;

/* Madd: (X2 : Z2) = R1 + R2 from R1 = (X1 : Z1), R2 = (X2 : Z2) (x-only) and
 * x = x(R2 - R1) = x(P):  u = X1 Z2, v = X2 Z1, Z2' = (u + v)^2,
 * X2' = x Z2' + u v.  4M + 1S, in place. */
static void madd(sc_word *x2, sc_word *z2, const sc_word *x1, const sc_word *z1, const sc_word *x,
                 const sc_fb_field *f)
{
    sc_fb_elt u, v;
    sc_fb_mul(u, x1, z2, f);
    sc_fb_mul(v, x2, z1, f);
    sc_fb_add(z2, u, v, f);
    sc_fb_sqr(z2, z2, f);
    sc_fb_mul(u, u, v, f);
    sc_fb_mul(x2, x, z2, f);
    sc_fb_add(x2, x2, u, f);
}

/* Mdouble: (X : Z) = 2 (X : Z):  Z' = X^2 Z^2, X' = X^4 + b Z^4, b read from
 * flash when b != 1.  2M + 4S (1M + 4S when b = 1). */
static void mdbl(sc_word *x, sc_word *z, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt s, t;
    sc_fb_sqr(s, x, f);
    sc_fb_sqr(t, z, f);
    sc_fb_mul(z, s, t, f);
    sc_fb_sqr(s, s, f);
    sc_fb_sqr(t, t, f);
    if (!c->b_one) {
        sc_fb_elt b;
        sc_eb_const(b, c->b, c);
        sc_fb_mul(t, t, b, f);
    }
    sc_fb_add(x, s, t, f);
}

/* The steps with the fused PCLMULQDQ kernels (port/x86_64/fb_clmul.c,
 * sc_fb_clmul_ladder) where they are in use and cover the field (every step
 * and the final swap; st->i = 0 after); 0 if not.
 * The elements and the scalar's bytes are the same byte strings at every
 * limb width on x86-64 (little-endian), copied into 64-bit pieces. */
static int ladder_clmul(ladder_state *st, const sc_eb_curve *c)
{
#if SC_FB_HAVE_CLMUL
    uint64_t p[6][SC_FB_MAXP];
    uint8_t kb[SC_EB_KW * sizeof(sc_word)];
    sc_fb_elt b;
    const size_t nb = c->f->nw * sizeof(sc_word);
    int ok;
    if (!sc_fb_accel())
        return 0;
    memset(p, 0, sizeof p);
    memcpy(p[0], st->x1, nb);
    memcpy(p[1], st->z1, nb);
    memcpy(p[2], st->x2, nb);
    memcpy(p[3], st->z2, nb);
    memcpy(p[4], st->x, nb);
    sc_eb_const(b, c->b, c);
    memcpy(p[5], b, nb);
    memcpy(kb, st->k, sizeof kb);
    ok = sc_fb_clmul_ladder(p[0], p[1], p[2], p[3], p[4], p[5], c->b_one, kb, st->i, c->f);
    if (ok) {
        /* the operation counters see what the C loop would count: per bit
         * 5M + 5S (b = 1) or 6M + 5S */
        SC_OPC(mul, (uint64_t)st->i * (c->b_one ? 5u : 6u));
        SC_OPC(sqr, (uint64_t)st->i * 5u);
        memcpy(st->x1, p[0], nb);
        memcpy(st->z1, p[1], nb);
        memcpy(st->x2, p[2], nb);
        memcpy(st->z2, p[3], nb);
        st->i = 0;
        st->prev = 0;   /* the kernel made the final swap */
    }
    sc_memzero(p, sizeof p);
    sc_memzero(kb, sizeof kb);
    return ok;
#else
    (void)st, (void)c;
    return 0;
#endif
}

/* init: the scalar k' and (R1, R2) = (P, 2P) = ((x : 1), (x^4 + b : x^2)); p
 * NULL for G (from flash). */
__attribute__((noinline)) static void ladder_init(ladder_state *st, const sc_word *k, const sc_eb_aff *p,
                                                  const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_word t[SC_EB_KW], ca = 0, cb = 0, bit;
    const unsigned L = c->hnbits;
    size_t i;
    st->bad = 0;
    if (c->nbits % SC_WORD_BITS)
        st->bad = sc_ct_mask_nz(k[c->nw - 1] >> (c->nbits % SC_WORD_BITS));
    /* k' = k + hn, or k + 2 hn when bit L of k + hn is clear: k < 2^nbits <=
     * hn, so 2^L <= k' < 2^(L+1) and the ladder always runs over bits L-1..0.
     * hn = #E, so k' P = k P for every point of the curve.  hn is read from
     * flash word by word. */
    for (i = 0; i < SC_EB_KW; i++) {
        sc_word h = i < c->hnw ? sc_flash_rd_word(c->hn + i) : 0, kw = i < c->nw ? k[i] : 0, s1, s2, c1;
        s1 = (sc_word)(kw + h);
        c1 = (sc_word)(s1 < kw);
        s1 = (sc_word)(s1 + ca);
        c1 |= (sc_word)(s1 < ca);
        ca = c1;
        s2 = (sc_word)(s1 + h);
        c1 = (sc_word)(s2 < s1);
        s2 = (sc_word)(s2 + cb);
        c1 |= (sc_word)(s2 < cb);
        cb = c1;
        st->k[i] = s1;
        t[i] = s2;
    }
    bit = (sc_word)((st->k[L / SC_WORD_BITS] >> (L % SC_WORD_BITS)) & 1u);
    sc_mp_cmov(st->k, t, sc_ct_mask_bit((sc_word)(bit ^ 1u)), SC_EB_KW);
    if (p) {
        sc_fb_copy(st->x, p->x, f);
        st->py = p->y;
        st->pinf = p->inf;
    } else {
        sc_eb_const(st->x, c->gx, c);
        st->py = NULL;
        st->pinf = 0;
    }
    st->i = L;
    st->prev = 0;
    sc_fb_copy(st->x1, st->x, f);
    sc_fb_one(st->z1, f);
    sc_fb_sqr(st->z2, st->x, f);
    sc_fb_sqr(st->x2, st->z2, f);
    sc_eb_const(t, c->b, c);
    sc_fb_add(st->x2, st->x2, t, f);
    sc_memzero(t, sizeof t);
}

/* step: bit i - 1.  Bit 1: (R1, R2) = (R1 + R2, 2 R2), bit 0: (2 R1, R1 + R2),
 * both done as "R2 = R1 + R2, R1 = 2 R1" between two conditional swaps by the
 * bit (consecutive swaps merged: swap by bit xor previous bit).  6M + 5S
 * (5M + 5S when b = 1). */
__attribute__((noinline)) static void ladder_step(ladder_state *st, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    unsigned i = --st->i;
    sc_word ki = (st->k[i / SC_WORD_BITS] >> (i % SC_WORD_BITS)) & 1u;
    sc_word m = sc_ct_mask_bit(ki ^ st->prev);
    st->prev = ki;
    sc_fb_cswap(st->x1, st->x2, m, f);
    sc_fb_cswap(st->z1, st->z2, m, f);
    madd(st->x2, st->z2, st->x1, st->z1, st->x, f);
    mdbl(st->x1, st->z1, c);
}

/* finish, first part: the last swap, and inv = 1 / (x Z1 Z2) (Itoh-Tsujii;
 * 0 -> 0) in a frame of its own, so that the inversion runs beside two
 * temporaries only. */
__attribute__((noinline)) static void ladder_finish_inv(sc_word *inv, ladder_state *st, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt v;
    sc_word m = sc_ct_mask_bit(st->prev);
    sc_fb_cswap(st->x1, st->x2, m, f);
    sc_fb_cswap(st->z1, st->z2, m, f);
    sc_fb_mul(v, st->z1, st->z2, f);       /* M: Z1 Z2 */
    sc_fb_mul(v, st->x, v, f);             /* M: x Z1 Z2 */
    sc_fb_inv(inv, v, f);                  /* I */
}

/* finish: Mxy (Lopez-Dahab 1999; Guide Alg. 3.40 step 3) with
 * (X1 : Z1) = kP, (X2 : Z2) = (k + 1)P and inv = 1 / (x Z1 Z2):
 *   x3 = X1 / Z1 = X1 x Z2 inv,
 *   y3 = (x + x3) [(X1 + x Z1)(X2 + x Z2) + (x^2 + y) Z1 Z2] inv + y.
 * 1I + 11M + 1S in all (Z1 Z2 is formed twice), three temporaries beside
 * inv; the state's Z2 and X2 are scratch once read. */
__attribute__((noinline)) static sc_err ladder_finish(sc_eb_aff *r, ladder_state *st, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt inv, u, v, w;
    sc_word inf, z2inf, bad = st->bad;
    ladder_finish_inv(inv, st, c);
    z2inf = sc_fb_is_zero(st->z2, f);
    inf = sc_fb_is_zero(st->z1, f) | st->pinf | bad;
    if (st->py)
        sc_fb_copy(w, st->py, f);
    else
        sc_eb_const(w, c->gy, c);          /* y */
    sc_fb_sqr(u, st->x, f);                /* S */
    sc_fb_add(u, u, w, f);                 /* x^2 + y */
    sc_fb_mul(v, st->z1, st->z2, f);       /* M: Z1 Z2 */
    sc_fb_mul(u, u, v, f);                 /* M: (x^2 + y) Z1 Z2 */
    sc_fb_mul(v, st->x, st->z2, f);        /* M: x Z2 */
    sc_fb_add(st->x2, st->x2, v, f);       /* X2 + x Z2 */
    sc_fb_mul(v, v, inv, f);               /* M: 1 / Z1 */
    sc_fb_mul(st->z2, st->x1, v, f);       /* M: x3 (in Z2) */
    sc_fb_mul(v, st->x, st->z1, f);        /* M */
    sc_fb_add(v, v, st->x1, f);            /* X1 + x Z1 */
    sc_fb_mul(v, v, st->x2, f);            /* M */
    sc_fb_add(v, v, u, f);
    sc_fb_add(u, st->x, st->z2, f);        /* x + x3 */
    sc_fb_mul(v, v, u, f);                 /* M */
    sc_fb_mul(u, v, inv, f);               /* M */
    sc_fb_add(u, u, w, f);                 /* y3 */

    /* (k + 1)P = O: kP = -P = (x, x + y).  kP = O (Z1 = 0), or P = O: infinity.
     * (P = (0, sqrt b), of order 2, lands in one of these two cases.) */
    sc_fb_cmov(st->z2, st->x, z2inf, f);
    sc_fb_add(v, st->x, w, f);
    sc_fb_cmov(u, v, z2inf, f);
    sc_fb_zero(v, f);
    sc_fb_cmov(st->z2, v, inf, f);
    sc_fb_cmov(u, v, inf, f);
    memset(r, 0, sizeof *r);
    sc_fb_copy(r->x, st->z2, f);
    sc_fb_copy(r->y, u, f);
    r->inf = inf;
    sc_memzero(inv, sizeof inv);
    sc_memzero(u, sizeof u);
    sc_memzero(v, sizeof v);
    /* published verdicts (declassified for the valgrind constant-time test, as ec.h's) */
    SC_DECLASSIFY(&bad, sizeof bad);
    SC_DECLASSIFY(&inf, sizeof inf);
    if (sc_ct_barrier(bad))
        return SC_ERR_SCALAR;
    return sc_ct_barrier(inf) ? SC_ERR_INFINITY : SC_OK;
}

/* k p, p NULL for G (its coordinates read from flash) */
static sc_err ladder_run(sc_eb_aff *r, const sc_word *k, const sc_eb_aff *p, const sc_eb_curve *c)
{
    ladder_state st;
    sc_err e;
    ladder_init(&st, k, p, c);
    if (!ladder_clmul(&st, c))
        while (st.i > 0)
            ladder_step(&st, c);
    e = ladder_finish(r, &st, c);
    sc_memzero(&st, sizeof st);
    return e;
}

sc_err sc_eb_mul_ladder_gen(sc_eb_aff *r, const sc_word *k, const sc_eb_curve *c)
{
    return ladder_run(r, k, NULL, c);
}

sc_err sc_eb_mul_ladder(sc_eb_aff *r, const sc_word *k, const sc_eb_aff *p, const sc_eb_curve *c)
{
    return ladder_run(r, k, p, c);
}
