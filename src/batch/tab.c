/* Fixed-base tables of any point (the repeat-signer cache's tables of a key
 * and of G), their double-scalar evaluation, simultaneous inversion, and the
 * public-key decoder of the batch path. */
#include "batch_internal.h"

#include <string.h>

size_t sc_batch_tab_words(const sc_curve *c)
{
    unsigned w = SC_BATCH_TAB_W;
    size_t nwin = (c->nbits + w - 1u) / w + 1u;
    return nwin * SC_BATCH_TAB_NPTS * 2u * c->ep->fp->nw;
}

void sc_batch_inv_var(sc_word *const *a, sc_fe *scratch, size_t k, const sc_fp_field *f)
{
    sc_fe inv, t;
    size_t i;
    if (k == 0)
        return;
    /* scratch[i] = a[0] ... a[i] */
    sc_fp_copy(scratch[0], a[0], f);
    for (i = 1; i < k; i++)
        sc_fp_mul(scratch[i], scratch[i - 1], a[i], f);
    sc_fp_inv_var(inv, scratch[k - 1], f);
    /* inv = (a[0] ... a[i])^-1 at step i: a[i]^-1 = inv * scratch[i-1], then inv *= a[i] */
    for (i = k - 1; i > 0; i--) {
        sc_fp_mul(t, inv, scratch[i - 1], f);
        sc_fp_mul(inv, inv, a[i], f);
        sc_fp_copy(a[i], t, f);
    }
    sc_fp_copy(a[0], inv, f);
}

void sc_batch_tab_build(sc_batch_tab *t, const sc_ep_aff *p)
{
    const sc_ep_curve *ep = t->c->ep;
    const sc_fp_field *fp = ep->fp;
    const unsigned nw = fp->nw, npts = SC_BATCH_TAB_NPTS;
    sc_ep_jac pts[SC_BATCH_TAB_NPTS], base;
    sc_word *zs[SC_BATCH_TAB_NPTS];
    sc_fe scratch[SC_BATCH_TAB_NPTS], z2;
    unsigned j, i;

    t->nwin = (t->c->nbits + SC_BATCH_TAB_W - 1u) / SC_BATCH_TAB_W + 1u;
    sc_ep_jac_from_aff(&base, p, ep);
    for (j = 0; j < t->nwin; j++) {
        sc_word *row = t->pts + (size_t)j * npts * 2u * nw;
        pts[0] = base;
        for (i = 1; i < npts; i++)
            sc_ep_add_jac_var(&pts[i], &pts[i - 1], &base, ep);
        /* t 2^(w j) P is finite: n is prime and larger than t and 2 */
        for (i = 0; i < npts; i++)
            zs[i] = pts[i].z;
        sc_batch_inv_var(zs, scratch, npts, fp);
        for (i = 0; i < npts; i++) {
            sc_fp_sqr(z2, pts[i].z, fp);
            sc_fp_mul(row + 2u * i * nw, pts[i].x, z2, fp);
            sc_fp_mul(z2, z2, pts[i].z, fp);
            sc_fp_mul(row + (2u * i + 1u) * nw, pts[i].y, z2, fp);
        }
        for (i = 0; i < SC_BATCH_TAB_W; i++)
            sc_ep_dbl_jac(&base, &base, ep);
    }
}

/* Bits pos .. pos + w - 1 of u (nw words), zero past its end. */
static unsigned bits_at(const sc_word *u, unsigned nw, unsigned pos, unsigned w)
{
    unsigned v = 0, i;
    for (i = 0; i < w; i++) {
        unsigned b = pos + i, wi = b / SC_WORD_BITS;
        if (wi < nw)
            v |= (unsigned)((u[wi] >> (b % SC_WORD_BITS)) & 1u) << i;
    }
    return v;
}

/* r += u T: u's radix-2^w digits made signed, d in [-(2^(w-1) - 1), 2^(w-1)]
 * (a digit above 2^(w-1) becomes d - 2^w and carries one into the next
 * window; u < n < 2^bits(n), so the last window takes at most that carry),
 * one mixed addition per nonzero digit. */
static void accumulate(sc_ep_jac *r, const sc_word *u, const sc_batch_tab *t)
{
    const sc_ep_curve *ep = t->c->ep;
    const sc_fp_field *fp = ep->fp;
    const unsigned nw = fp->nw, nwu = t->c->fn->nw;
    sc_ep_aff pt;
    unsigned j, carry = 0;
    memset(&pt, 0, sizeof pt);
    for (j = 0; j < t->nwin; j++) {
        unsigned d = bits_at(u, nwu, j * SC_BATCH_TAB_W, SC_BATCH_TAB_W) + carry;
        int neg = 0;
        const sc_word *e;
        carry = 0;
        if (d > SC_BATCH_TAB_NPTS) {
            d = (1u << SC_BATCH_TAB_W) - d;
            neg = 1;
            carry = 1;
        }
        if (d == 0)
            continue;
        e = t->pts + ((size_t)j * SC_BATCH_TAB_NPTS + d - 1u) * 2u * nw;
        memcpy(pt.x, e, nw * sizeof(sc_word));
        if (neg)
            sc_fp_neg(pt.y, e + nw, fp);
        else
            memcpy(pt.y, e + nw, nw * sizeof(sc_word));
        sc_ep_add_mixed_var(r, r, &pt, ep);
    }
}

void sc_batch_tab_mul2_var(sc_ep_jac *r, const sc_word *u1, const sc_batch_tab *g, const sc_word *u2,
                           const sc_batch_tab *q)
{
    sc_ep_jac_set_inf(r, g->c->ep);
    accumulate(r, u1, g);
    accumulate(r, u2, q);
}

sc_err sc_batch_decode_pub(sc_ep_aff *q, const sc_curve *c, const uint8_t *pub, size_t publen)
{
    uint8_t buf[SC_PK_MAX_PUB];
    size_t len = sizeof buf;
    const sc_fp_field *fp = c->ep->fp;
    sc_err err;
    memset(q, 0, sizeof *q);
    if ((err = sc_pub_convert(c, buf, &len, 0, pub, publen)) != SC_OK)
        return err;
    /* validated: 0x04 || x || y, both < p */
    (void)sc_fp_from_bytes(q->x, buf + 1, c->flen, fp);
    (void)sc_fp_from_bytes(q->y, buf + 1 + c->flen, c->flen, fp);
    return SC_OK;
}
