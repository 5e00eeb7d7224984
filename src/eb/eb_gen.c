/* eb: constant-time k G.  With the generated tables (src/eb/gen/eb_gtab.c;
 * left out with SC_NO_EB_GTAB, the default on AVR): the fixed-base comb with v
 * combs (Lim, Lee, "More flexible exponentiation with precomputation",
 * CRYPTO '94; Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
 * Cryptography" (2004), Alg. 3.44 and the two-table variant after it): with w
 * teeth and d = v e columns, k = sum_{i < w} K_i 2^(i d), and column j of comb
 * b selects u = sum_i k_(i d + b e + j) 2^i; then
 *   Q = O; for j = e-1 .. 0: Q = 2 Q; for b < v: Q = Q + T_b[u_(b, j)],
 * e doublings and v e additions.  Every lookup reads all 2^w - 1 entries of
 * the comb and keeps the one whose index equals u by masks; u = 0 selects the
 * point at infinity (by its mask).  The additions are the complete mixed
 * Lopez-Dahab + affine sum (sc_eb_add_mixed): Q = O, Q = T, Q = -T and T = O
 * are handled without a branch, so every scalar, k = 0, k = n and k > n
 * included, gets the right result in the same time.  Without a table: the
 * Montgomery ladder on G. */
#include <seacurve/eb.h>
#include <seacurve/util.h>
#include <string.h>
#include "eb_internal.h"
#include "util/flash.h"

#define W SC_WORD_BITS

#if !defined(SC_NO_EB_GTAB)
static const sc_eb_gtab *gtab_of(const sc_eb_curve *c)
{
    size_t i;
    for (i = 0; i < sc_eb_ncurves; i++)
        if (c == &sc_eb_curves[i])
            return &sc_eb_gtabs[i];
    return NULL;
}

/* r = entry u of comb b (u = 0: infinity), reading every entry of the comb
 * into local accumulators (nw, stride constants in the host build) */
static inline __attribute__((always_inline)) void select_body(sc_word *x, sc_word *y, const sc_word *t,
                                                               unsigned cnt, sc_word u, size_t nw, size_t stride)
{
    sc_word ax[SC_FB_MAXW] = { 0 }, ay[SC_FB_MAXW] = { 0 };
    unsigned e;
    size_t i;
    for (e = 1; e <= cnt; e++, t += 2u * stride) {
        sc_word m = sc_ct_mask_z((sc_word)(u ^ (sc_word)e));
        for (i = 0; i < nw; i++) {
            ax[i] |= (sc_word)(sc_flash_rd_word(t + i) & m);
            ay[i] |= (sc_word)(sc_flash_rd_word(t + stride + i) & m);
        }
    }
    memcpy(x, ax, nw * sizeof(sc_word));
    memcpy(y, ay, nw * sizeof(sc_word));
}

#define STRIDE(m) SC_WORDS(64u * (((m) + 63u) / 64u))

static void gtab_select(sc_eb_aff *r, const sc_eb_gtab *gt, unsigned b, sc_word u, const sc_eb_curve *c)
{
    const size_t nw = c->f->nw, stride = STRIDE(c->f->m);
    const unsigned cnt = (1u << gt->w) - 1u;
    const sc_word *t = gt->t + (size_t)b * cnt * 2u * stride;
    memset(r, 0, sizeof *r);
#if !defined(__AVR__)
    switch (c->f->m) {
    case 163: select_body(r->x, r->y, t, cnt, u, SC_WORDS(163), STRIDE(163)); break;
    case 233: select_body(r->x, r->y, t, cnt, u, SC_WORDS(233), STRIDE(233)); break;
    case 283: select_body(r->x, r->y, t, cnt, u, SC_WORDS(283), STRIDE(283)); break;
    case 409: select_body(r->x, r->y, t, cnt, u, SC_WORDS(409), STRIDE(409)); break;
    default: select_body(r->x, r->y, t, cnt, u, nw, stride); break;
    }
#else
    select_body(r->x, r->y, t, cnt, u, nw, stride);
#endif
    r->inf = sc_ct_mask_z(u);
}

#define KBITS (SC_FB_MAX_BITS + 2 * 64)

static sc_err mul_gen_comb(sc_eb_aff *r, const sc_word *k, const sc_eb_gtab *gt, const sc_eb_curve *c)
{
    sc_word kk[SC_WORDS(KBITS)], bad = 0;
    const unsigned w = gt->w, v = gt->v, e = gt->e, d = (unsigned)v * e;
    sc_eb_ld q;
    sc_eb_aff t;
    sc_err err;
    unsigned i, j, b;

    /* the scalar: k < 2^nbits (published verdict); bits >= nbits read as 0 */
    memset(kk, 0, sizeof kk);
    memcpy(kk, k, c->nw * sizeof(sc_word));
    if (c->nbits % W) {
        bad = sc_ct_mask_nz(kk[c->nw - 1] >> (c->nbits % W));
        kk[c->nw - 1] &= (sc_word)(((sc_word)1 << (c->nbits % W)) - 1u);
    }
    sc_eb_ld_set_inf(&q, c);
    for (j = e; j-- > 0;) {
        sc_eb_dbl_ld(&q, &q, c);
        for (b = 0; b < v; b++) {
            sc_word u = 0;
            for (i = 0; i < w; i++) {
                unsigned pos = i * d + b * e + j; /* public */
                u |= (sc_word)(((kk[pos / W] >> (pos % W)) & 1u) << i);
            }
            gtab_select(&t, gt, b, u, c);
            sc_eb_add_mixed(&q, &q, &t, c);
        }
    }
    err = sc_eb_ld_to_aff(r, &q, c);
    sc_eb_set_inf(&t, c);
    sc_eb_cmov(r, &t, bad, c);
    sc_memzero(kk, sizeof kk);
    sc_memzero(&q, sizeof q);
    SC_DECLASSIFY(&bad, sizeof bad);  /* published verdict */
    if (sc_ct_barrier(bad))
        return SC_ERR_SCALAR;
    return err;
}
#endif

int sc_eb_mul_gen_table(const sc_eb_curve *c)
{
#if !defined(SC_NO_EB_GTAB)
    return gtab_of(c) != NULL;
#else
    (void)c;
    return 0;
#endif
}

sc_err sc_eb_mul_gen(sc_eb_aff *r, const sc_word *k, const sc_eb_curve *c)
{
#if !defined(SC_NO_EB_GTAB)
    const sc_eb_gtab *gt = gtab_of(c);
    if (gt)
        return mul_gen_comb(r, k, gt, c);
#endif
    return sc_eb_mul_ladder_gen(r, k, c);
}
