/* hash: HMAC (RFC 2104, FIPS 198-1) over any of the SHA functions.
 * H((K0 ^ opad) || H((K0 ^ ipad) || text)), where K0 is the key zero-padded
 * to the block length, or H(key) zero-padded when the key is longer than a
 * block (FIPS 198-1 section 4, steps 1-3). */
#include "hash_impl.h"
#include <seacurve/util.h>
#include <string.h>

/* K0 is formed in the inner context's block buffer (no copy of the key on
 * the stack): K0 ^ opad is absorbed first and its chaining value kept in
 * ctx->outer, then the same buffer turned into K0 ^ ipad is absorbed by the
 * inner hash. */
sc_err sc_hmac_init(sc_hmac_ctx *ctx, sc_hash_alg alg, const uint8_t *key, size_t keylen)
{
    uint8_t *k0;
    size_t bl = sc_hash_block_len(alg), i;
    sc_err e;

    if (ctx == NULL)
        return SC_ERR_ARG;
    memset(ctx, 0, sizeof *ctx);
    if (key == NULL && keylen > 0)
        return SC_ERR_ARG;
    if (bl == 0)
        return SC_ERR_HASH;
    k0 = ctx->inner.buf;
    if (keylen > bl) {
        e = sc_hash(alg, k0, key, keylen);
        if (e != SC_OK)
            return e;
    } else if (keylen > 0) {
        memcpy(k0, key, keylen);
    }
    for (i = 0; i < bl; i++)
        k0[i] ^= 0x5c; /* opad */
    sc_hash_restart(&ctx->inner, alg);
    sc_hash_update(&ctx->inner, k0, bl);
    ctx->outer = ctx->inner.h;
    for (i = 0; i < bl; i++)
        k0[i] ^= 0x5c ^ 0x36; /* undo opad, apply ipad */
    sc_hash_restart(&ctx->inner, alg);
    sc_hash_update(&ctx->inner, k0, bl);
    sc_memzero(k0, bl);
    return SC_OK;
}

void sc_hmac_key_of(sc_hmac_key *k, const sc_hmac_ctx *ctx)
{
    k->alg = ctx->inner.alg;
    k->inner = ctx->inner.h;
    k->outer = ctx->outer;
}

/* The state sc_hmac_init leaves: one block absorbed by the inner hash, none
 * pending (the block buffer's contents are never read before they are
 * written). */
void sc_hmac_resume(sc_hmac_ctx *ctx, const sc_hmac_key *k)
{
    ctx->inner.alg = k->alg;
    ctx->inner.h = k->inner;
    ctx->inner.len_lo = sc_hash_block_len(k->alg);
#ifndef SC_NO_SHA512
    ctx->inner.len_hi = 0;
#endif
    ctx->inner.fill = 0;
    ctx->outer = k->outer;
}

void sc_hmac_update(sc_hmac_ctx *ctx, const void *data, size_t len)
{
    sc_hash_update(&ctx->inner, data, len);
}

/* The inner digest goes through out (its final value overwrites it), and
 * the outer hash resumes from its saved chaining value after one block in
 * the inner context. */
void sc_hmac_final(sc_hmac_ctx *ctx, uint8_t *out)
{
    sc_hash_alg alg = ctx->inner.alg;
    size_t dl = sc_hash_len(alg), bl = sc_hash_block_len(alg);

    sc_hash_final(&ctx->inner, out);
    if (bl > 0) {
        sc_hash_restart(&ctx->inner, alg);
        ctx->inner.h = ctx->outer;
        ctx->inner.len_lo = bl;
        sc_hash_update(&ctx->inner, out, dl);
        sc_hash_final(&ctx->inner, out);
    }
    sc_memzero(ctx, sizeof *ctx);
}

/* out may overlap key or data: the MAC is written after both are read. */
sc_err sc_hmac(sc_hash_alg alg, uint8_t *out, const uint8_t *key, size_t keylen, const void *data, size_t len)
{
    sc_hmac_ctx ctx;
    sc_err e;

    if (out == NULL || (data == NULL && len > 0))
        return SC_ERR_ARG;
    e = sc_hmac_init(&ctx, alg, key, keylen);
    if (e != SC_OK)
        return e;
    sc_hmac_update(&ctx, data, len);
    sc_hmac_final(&ctx, out);
    return SC_OK;
}
