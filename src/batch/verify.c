/* Batch ECDSA verification (SEC1 4.1.4 per item), a chunk at a time: the
 * checks of sc_ecdsa_verify in its order, so that each verdict equals the
 * single call's; one simultaneous inversion of every s of a curve's items;
 * then u1 G + u2 Q by the cached tables (Jacobian results, made affine by a
 * second simultaneous inversion) or by sc_ec_mul2_var.  Binary curves call
 * sc_ecdsa_verify per item. */
#include "batch_internal.h"

#include <string.h>

enum { ST_DONE, ST_COLD, ST_TAB };

typedef struct item_state {
    const sc_curve *c;
    int state;
    sc_batch_lease lease;
    sc_ep_aff q;       /* the key, when not from the cache */
    sc_fe r, s, e;     /* internal form of fn; s becomes s^-1 */
    sc_ep_jac R;
} item_state;

typedef struct verify_ctx {
    const sc_batch_verify_item *items;
    sc_err *verdicts;
    sc_batch_cache *cache;
} verify_ctx;

void sc_batch_digest_to_scalar(sc_word *e, const sc_curve *c, const uint8_t *digest, size_t len)
{
    uint8_t buf[SC_FP_MAXBYTES];
    size_t take = len < c->nlen ? len : c->nlen, i;
    unsigned shift = (unsigned)(c->nlen * 8u - c->nbits), carry = 0;
    memcpy(buf, digest, take);
    if (len >= c->nlen && shift) {   /* keep the leftmost nbits bits */
        for (i = 0; i < take; i++) {
            unsigned b = buf[i];
            buf[i] = (uint8_t)((b >> shift) | carry);
            carry = (b << (8u - shift)) & 0xffu;
        }
    }
    sc_fp_from_bytes_reduce(e, buf, take, c->fn);
}

/* 1 <= v < n from nlen big-endian bytes (SEC1 4.1.4 step 1). */
static int load_sig_scalar(sc_word *v, const sc_curve *c, const uint8_t *in)
{
    if (sc_fp_from_bytes(v, in, c->nlen, c->fn) != SC_OK)
        return 0;
    return !sc_fp_is_zero(v, c->fn);
}

/* The checks before the arithmetic; returns SC_OK with st->state ST_COLD or
 * ST_TAB when the item goes on, else its verdict. */
static sc_err prepare(item_state *st, const sc_batch_verify_item *it, sc_batch_cache *cache)
{
    uint8_t h[SC_HASH_MAX_LEN];
    const uint8_t *digest = it->data;
    size_t digestlen = it->datalen;
    const sc_curve *c = it->curve;
    sc_err err;

    st->state = ST_DONE;
    if (it->alg != SC_HASH_NONE) {   /* sc_ecdsa_verify_msg */
        if (!it->data && it->datalen)
            return SC_ERR_ARG;
        if ((err = sc_hash(it->alg, h, it->data, it->datalen)) != SC_OK)
            return err;
        digest = h;
        digestlen = sc_hash_len(it->alg);
    }
    if (!c || !it->sig || !digest || !it->pub)
        return SC_ERR_ARG;
    if (!c->ep)
        return sc_ecdsa_verify(c, it->sig, it->siglen, digest, digestlen, it->pub, it->publen);
    if (it->siglen != 2u * c->nlen)
        return SC_ERR_LENGTH;
    st->c = c;
    err = SC_OK;
    if (cache && sc_batch_cache_acquire(&st->lease, cache, c, it->pub, it->publen, &err)) {
        st->state = ST_TAB;
    } else {
        if (cache && err == SC_OK)
            sc_batch_cache_note_bypass(cache);
        if (err != SC_OK || (err = sc_batch_decode_pub(&st->q, c, it->pub, it->publen)) != SC_OK)
            return err;
        st->state = ST_COLD;
    }
    if (!load_sig_scalar(st->r, c, it->sig) || !load_sig_scalar(st->s, c, it->sig + c->nlen)) {
        if (st->state == ST_TAB)
            sc_batch_cache_release(cache, &st->lease);
        st->state = ST_DONE;
        return SC_ERR_SIG_RANGE;
    }
    sc_batch_digest_to_scalar(st->e, c, digest, digestlen);
    return SC_OK;
}

/* Simultaneous inversion of the elements sel picks, over the items of each
 * field in turn (by fn when mod_n, else by the coordinate field). */
static void invert_grouped(item_state *st, size_t k, int mod_n)
{
    sc_word *ptr[SC_BATCH_CHUNK];
    sc_fe scratch[SC_BATCH_CHUNK];
    unsigned char done[SC_BATCH_CHUNK];
    size_t i, j, m;
    memset(done, 0, sizeof done);
    for (i = 0; i < k; i++) {
        const sc_fp_field *f;
        if (done[i] || (mod_n ? st[i].state == ST_DONE : st[i].state != ST_TAB))
            continue;
        f = mod_n ? st[i].c->fn : st[i].c->ep->fp;
        for (m = 0, j = i; j < k; j++) {
            if (done[j] || (mod_n ? st[j].state == ST_DONE : st[j].state != ST_TAB))
                continue;
            if ((mod_n ? st[j].c->fn : st[j].c->ep->fp) != f)
                continue;
            done[j] = 1;
            ptr[m++] = mod_n ? st[j].s : st[j].R.z;
        }
        sc_batch_inv_var(ptr, scratch, m, f);
    }
}

static void verify_chunk(const verify_ctx *x, size_t b, size_t k)
{
    item_state st[SC_BATCH_CHUNK];
    size_t i;

    for (i = 0; i < k; i++)
        x->verdicts[b + i] = prepare(&st[i], &x->items[b + i], x->cache);
    invert_grouped(st, k, 1);                        /* every s^-1 */
    for (i = 0; i < k; i++) {
        item_state *t = &st[i];
        const sc_fp_field *fn;
        sc_fe u1, u2;
        if (t->state == ST_DONE)
            continue;
        fn = t->c->fn;
        sc_fp_mul(u1, t->e, t->s, fn);              /* u1 = e s^-1 */
        sc_fp_mul(u2, t->r, t->s, fn);              /* u2 = r s^-1 */
        sc_fp_to_canon(u1, u1, fn);
        sc_fp_to_canon(u2, u2, fn);
        if (t->state == ST_TAB) {
            sc_batch_tab_mul2_var(&t->R, u1, t->lease.gtab, u2, t->lease.qtab);
            sc_batch_cache_release(x->cache, &t->lease);
            if (sc_fp_is_zero(t->R.z, t->c->ep->fp)) {
                x->verdicts[b + i] = SC_ERR_VERIFY;  /* R = O */
                t->state = ST_DONE;
            }
        } else {
            sc_ep_aff R;
            if (sc_ec_mul2_var(&R, u1, u2, &t->q, t->c->ep) != SC_OK) {
                x->verdicts[b + i] = SC_ERR_VERIFY;
                t->state = ST_DONE;
                continue;
            }
            /* affine: the Z = 1 form, so that the comparison below serves both */
            sc_ep_jac_from_aff(&t->R, &R, t->c->ep);
        }
    }
    invert_grouped(st, k, 0);                        /* every Z^-1 of the table path */
    for (i = 0; i < k; i++) {
        item_state *t = &st[i];
        const sc_fp_field *fp, *fn;
        uint8_t xb[SC_FP_MAXBYTES];
        sc_fe xr;
        if (t->state == ST_DONE)
            continue;
        fp = t->c->ep->fp;
        fn = t->c->fn;
        if (t->state == ST_TAB) {                     /* x = X (Z^-1)^2 */
            sc_fp_sqr(xr, t->R.z, fp);
            sc_fp_mul(xr, xr, t->R.x, fp);
        } else {
            sc_fp_copy(xr, t->R.x, fp);
        }
        sc_fp_to_bytes(xb, xr, fp);                   /* SEC1 4.1.4 steps 6-8: x(R) mod n == r */
        sc_fp_from_bytes_reduce(xr, xb, t->c->flen, fn);
        x->verdicts[b + i] = sc_fp_eq(xr, t->r, fn) ? SC_OK : SC_ERR_VERIFY;
    }
}

static void verify_range(void *ctx, size_t begin, size_t end)
{
    const verify_ctx *x = ctx;
    size_t b;
    for (b = begin; b < end; b += SC_BATCH_CHUNK)
        verify_chunk(x, b, end - b < SC_BATCH_CHUNK ? end - b : SC_BATCH_CHUNK);
}

/* Ranges of one chunk, or fewer items when the batch is too small to give
 * every thread two ranges, but never fewer than the cost model allows. */
static size_t range_size(const sc_batch_pool *pool, size_t n)
{
    return sc_batch_chunk(pool, n, SC_BATCH_CHUNK, SC_BATCH_ITEM_S);
}

static sc_err summary(const sc_err *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (v[i] != SC_OK)
            return SC_ERR_VERIFY;
    return SC_OK;
}

sc_err sc_batch_verify(sc_batch_pool *pool, sc_batch_cache *cache, sc_err *verdicts,
                       const sc_batch_verify_item *items, size_t n)
{
    verify_ctx x;
    if (n == 0)
        return SC_OK;
    if (!verdicts || !items)
        return SC_ERR_ARG;
    x.items = items;
    x.verdicts = verdicts;
    x.cache = cache;
    sc_batch_run(pool, verify_range, &x, n, range_size(pool, n));
    return summary(verdicts, n);
}

/* ---- signing and ECDH: the single calls, spread over the pool ---- */

typedef struct sign_ctx {
    const sc_batch_sign_item *items;
    sc_err *verdicts;
} sign_ctx;

static void sign_range(void *ctx, size_t begin, size_t end)
{
    const sign_ctx *x = ctx;
    size_t i;
    for (i = begin; i < end; i++) {
        const sc_batch_sign_item *it = &x->items[i];
        if (it->prehashed)
            x->verdicts[i] = sc_ecdsa_sign(it->curve, it->sig, it->siglen, it->data, it->datalen,
                                           it->alg, it->priv, it->privlen, NULL, 0);
        else
            x->verdicts[i] = sc_ecdsa_sign_msg(it->curve, it->sig, it->siglen, it->alg, it->data,
                                               it->datalen, it->priv, it->privlen);
    }
}

sc_err sc_batch_sign(sc_batch_pool *pool, sc_err *verdicts, const sc_batch_sign_item *items, size_t n)
{
    sign_ctx x;
    if (n == 0)
        return SC_OK;
    if (!verdicts || !items)
        return SC_ERR_ARG;
    x.items = items;
    x.verdicts = verdicts;
    sc_batch_run(pool, sign_range, &x, n, range_size(pool, n));
    return summary(verdicts, n);
}

typedef struct ecdh_ctx {
    const sc_batch_ecdh_item *items;
    sc_err *verdicts;
} ecdh_ctx;

static void ecdh_range(void *ctx, size_t begin, size_t end)
{
    const ecdh_ctx *x = ctx;
    size_t i;
    for (i = begin; i < end; i++) {
        const sc_batch_ecdh_item *it = &x->items[i];
        x->verdicts[i] = sc_ecdh(it->curve, it->secret, it->secretlen, it->priv, it->privlen,
                                 it->peer, it->peerlen);
    }
}

sc_err sc_batch_ecdh(sc_batch_pool *pool, sc_err *verdicts, const sc_batch_ecdh_item *items, size_t n)
{
    ecdh_ctx x;
    if (n == 0)
        return SC_OK;
    if (!verdicts || !items)
        return SC_ERR_ARG;
    x.items = items;
    x.verdicts = verdicts;
    sc_batch_run(pool, ecdh_range, &x, n, range_size(pool, n));
    return summary(verdicts, n);
}
