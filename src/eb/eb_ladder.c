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

/* Madd: (xs, zs) = R1 + R2 from R1 = (X1 : Z1), R2 = (X2 : Z2) (x-only) and
 * x = x(R2 - R1) = x(P):  u = X1 Z2, v = X2 Z1, Zs = (u + v)^2, Xs = x Zs + u v.
 * 4M + 1S.  xs, zs must not alias the inputs. */
static void madd(sc_word *xs, sc_word *zs, const sc_word *x1, const sc_word *z1, const sc_word *x2,
                 const sc_word *z2, const sc_word *x, const sc_fb_field *f)
{
    sc_fb_elt u, v;
    sc_fb_mul(u, x1, z2, f);
    sc_fb_mul(v, x2, z1, f);
    sc_fb_add(zs, u, v, f);
    sc_fb_sqr(zs, zs, f);
    sc_fb_mul(u, u, v, f);
    sc_fb_mul(xs, x, zs, f);
    sc_fb_add(xs, xs, u, f);
}

/* Mdouble: (X : Z) = 2 (X : Z):  Z' = X^2 Z^2, X' = X^4 + b Z^4.
 * 2M + 4S (1M + 4S when b = 1). */
static void mdbl(sc_word *x, sc_word *z, const sc_word *b, int b_one, const sc_fb_field *f)
{
    sc_fb_elt s, t;
    sc_fb_sqr(s, x, f);
    sc_fb_sqr(t, z, f);
    sc_fb_mul(z, s, t, f);
    sc_fb_sqr(s, s, f);
    sc_fb_sqr(t, t, f);
    if (!b_one)
        sc_fb_mul(t, t, b, f);
    sc_fb_add(x, s, t, f);
}

/* The loop below with the fused PCLMULQDQ kernels (port/x86_64/fb_clmul.c,
 * sc_fb_clmul_ladder) where they are in use and cover the field; 0 if not.
 * The elements and the scalar's bytes are the same byte strings at every
 * limb width on x86-64 (little-endian), copied into 64-bit pieces. */
static int ladder_clmul(sc_word *x1, sc_word *z1, sc_word *x2, sc_word *z2, const sc_word *x, const sc_word *b,
                        const sc_word *k, unsigned L, const sc_eb_curve *c)
{
#if SC_FB_HAVE_CLMUL
    uint64_t p[6][SC_FB_MAXP];
    uint8_t kb[SC_EB_KW * sizeof(sc_word)];
    const size_t nb = c->f->nw * sizeof(sc_word);
    int ok;
    if (!sc_fb_accel())
        return 0;
    memset(p, 0, sizeof p);
    memcpy(p[0], x1, nb);
    memcpy(p[1], z1, nb);
    memcpy(p[2], x2, nb);
    memcpy(p[3], z2, nb);
    memcpy(p[4], x, nb);
    memcpy(p[5], b, nb);
    memcpy(kb, k, sizeof kb);
    ok = sc_fb_clmul_ladder(p[0], p[1], p[2], p[3], p[4], p[5], c->b_one, kb, L, c->f);
    if (ok) {
        /* the operation counters see what the C loop would count: per bit
         * 5M + 5S (b = 1) or 6M + 5S */
        SC_OPC(mul, (uint64_t)L * (c->b_one ? 5u : 6u));
        SC_OPC(sqr, (uint64_t)L * 5u);
        memcpy(x1, p[0], nb);
        memcpy(z1, p[1], nb);
        memcpy(x2, p[2], nb);
        memcpy(z2, p[3], nb);
    }
    sc_memzero(p, sizeof p);
    sc_memzero(kb, sizeof kb);
    return ok;
#else
    (void)x1, (void)z1, (void)x2, (void)z2, (void)x, (void)b, (void)k, (void)L, (void)c;
    return 0;
#endif
}

sc_err sc_eb_mul_ladder(sc_eb_aff *r, const sc_word *k, const sc_eb_aff *p, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_word kk[SC_EB_KW], t1[SC_EB_KW], t2[SC_EB_KW], hn[SC_EB_KW], tmp[SC_EB_KW];
    sc_fb_elt b, x1, z1, x2, z2, xs, zs, u, v, inv, x3, y3;
    sc_word bad = 0, prev = 0, m, inf, z2inf;
    unsigned L = c->hnbits, i, bit;

    /* the scalar: k < 2^nbits (published verdict) */
    if (c->nbits % SC_WORD_BITS)
        bad = sc_ct_mask_nz(k[c->nw - 1] >> (c->nbits % SC_WORD_BITS));
    memset(kk, 0, sizeof kk);
    memcpy(kk, k, c->nw * sizeof(sc_word));
    memset(hn, 0, sizeof hn);
    memcpy(hn, sc_flash_words(tmp, c->hn, c->hnw), c->hnw * sizeof(sc_word));
    /* k' = k + hn, or k + 2 hn when bit L of k + hn is clear: k < 2^nbits <=
     * hn, so 2^L <= k' < 2^(L+1) and the ladder always runs over bits L-1..0.
     * hn = #E, so k' P = k P for every point of the curve. */
    sc_mp_add(t1, kk, hn, SC_EB_KW);
    sc_mp_add(t2, t1, hn, SC_EB_KW);
    bit = (unsigned)(t1[L / SC_WORD_BITS] >> (L % SC_WORD_BITS)) & 1u;
    sc_mp_cmov(t1, t2, sc_ct_mask_bit((sc_word)(bit ^ 1u)), SC_EB_KW);

    /* R1 = P = (x : 1), R2 = 2P = (x^4 + b : x^2) */
    sc_eb_const(b, c->b, c);
    sc_fb_copy(x1, p->x, f);
    sc_fb_one(z1, f);
    sc_fb_sqr(z2, p->x, f);
    sc_fb_sqr(x2, z2, f);
    sc_fb_add(x2, x2, b, f);

    /* Invariant R2 - R1 = P.  Bit 1: (R1, R2) = (R1 + R2, 2 R2), bit 0:
     * (2 R1, R1 + R2), both done as "R2 = R1 + R2, R1 = 2 R1" between two
     * conditional swaps by the bit (consecutive swaps merged: swap by
     * bit xor previous bit).  6M + 5S per bit (5M + 5S when b = 1). */
    if (!ladder_clmul(x1, z1, x2, z2, p->x, b, t1, L, c)) {
        for (i = L; i-- > 0;) {
            sc_word ki = (t1[i / SC_WORD_BITS] >> (i % SC_WORD_BITS)) & 1u;
            m = sc_ct_mask_bit(ki ^ prev);
            prev = ki;
            sc_fb_cswap(x1, x2, m, f);
            sc_fb_cswap(z1, z2, m, f);
            madd(xs, zs, x1, z1, x2, z2, p->x, f);
            sc_fb_copy(x2, xs, f);
            sc_fb_copy(z2, zs, f);
            mdbl(x1, z1, b, c->b_one, f);
        }
        m = sc_ct_mask_bit(prev);
        sc_fb_cswap(x1, x2, m, f);
        sc_fb_cswap(z1, z2, m, f);
    }
    /* now (X1 : Z1) = kP, (X2 : Z2) = (k + 1)P */

    /* Mxy (Lopez-Dahab 1999; Guide Alg. 3.40 step 3):
     *   x3 = X1 / Z1,
     *   y3 = (x + x3) [(X1 + x Z1)(X2 + x Z2) + (x^2 + y) Z1 Z2] / (x Z1 Z2) + y.
     * One inversion of x Z1 Z2 gives 1/Z1 = x Z2 / (x Z1 Z2) too: 1I + 10M + 1S. */
    sc_fb_mul(u, z1, z2, f);               /* M: Z1 Z2 */
    sc_fb_mul(v, p->x, u, f);              /* M: x Z1 Z2 */
    sc_fb_inv(inv, v, f);                  /* I (Itoh-Tsujii; 0 -> 0) */
    sc_fb_mul(zs, p->x, z2, f);            /* M: x Z2 */
    sc_fb_mul(v, zs, inv, f);              /* M: 1 / Z1 */
    sc_fb_mul(x3, x1, v, f);               /* M: x3 */
    sc_fb_add(x2, x2, zs, f);              /* X2 + x Z2 */
    sc_fb_mul(xs, p->x, z1, f);            /* M */
    sc_fb_add(xs, xs, x1, f);              /* X1 + x Z1 */
    sc_fb_mul(xs, xs, x2, f);              /* M */
    sc_fb_sqr(v, p->x, f);                 /* S */
    sc_fb_add(v, v, p->y, f);
    sc_fb_mul(v, v, u, f);                 /* M: (x^2 + y) Z1 Z2 */
    sc_fb_add(xs, xs, v, f);
    sc_fb_add(v, p->x, x3, f);
    sc_fb_mul(xs, xs, v, f);               /* M */
    sc_fb_mul(y3, xs, inv, f);             /* M */
    sc_fb_add(y3, y3, p->y, f);

    /* (k + 1)P = O: kP = -P = (x, x + y).  kP = O (Z1 = 0), or P = O: infinity.
     * (P = (0, sqrt b), of order 2, lands in one of these two cases.) */
    z2inf = sc_fb_is_zero(z2, f);
    sc_fb_cmov(x3, p->x, z2inf, f);
    sc_fb_add(v, p->x, p->y, f);
    sc_fb_cmov(y3, v, z2inf, f);
    inf = sc_fb_is_zero(z1, f) | p->inf | bad;
    sc_fb_zero(v, f);
    sc_fb_cmov(x3, v, inf, f);
    sc_fb_cmov(y3, v, inf, f);
    memset(r, 0, sizeof *r);
    sc_fb_copy(r->x, x3, f);
    sc_fb_copy(r->y, y3, f);
    r->inf = inf;
    /* published verdicts (declassified for the valgrind constant-time test, as ec.h's) */
    SC_DECLASSIFY(&bad, sizeof bad);
    SC_DECLASSIFY(&inf, sizeof inf);
    if (sc_ct_barrier(bad))
        return SC_ERR_SCALAR;
    return sc_ct_barrier(inf) ? SC_ERR_INFINITY : SC_OK;
}
