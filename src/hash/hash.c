/* hash: algorithm table, name lookup and the streaming (Merkle-Damgard)
 * interface over the SHA compression functions: buffering, the padding of
 * FIPS 180-4 5.1 and the big-endian digest output of FIPS 180-4 6.x.
 * Nothing here depends on the data, only on its (public) length. */
#include "hash_impl.h"
#include <seacurve/util.h>
#include <string.h>

size_t sc_hash_len(sc_hash_alg alg)
{
    switch (alg) {
#ifndef SC_NO_SHA1
    case SC_HASH_SHA1: return 20;
#endif
    case SC_HASH_SHA224: return 28;
    case SC_HASH_SHA256: return 32;
#ifndef SC_NO_SHA512
    case SC_HASH_SHA384: return 48;
    case SC_HASH_SHA512: return 64;
#endif
    default: return 0;
    }
}

/* Inlined in this file: where every hash of the build has 64-byte blocks
 * (SC_NO_SHA512) the compiler sees that the length is 64 or 0, and the
 * divisions and offsets of the buffering below become constants. */
static inline __attribute__((always_inline)) size_t block_len(sc_hash_alg alg)
{
    switch (alg) {
#ifndef SC_NO_SHA1
    case SC_HASH_SHA1:
#endif
    case SC_HASH_SHA224:
    case SC_HASH_SHA256: return 64;
#ifndef SC_NO_SHA512
    case SC_HASH_SHA384:
    case SC_HASH_SHA512: return 128;
#endif
    default: return 0;
    }
}

size_t sc_hash_block_len(sc_hash_alg alg)
{
    return block_len(alg);
}

const char *sc_hash_name(sc_hash_alg alg)
{
    switch (alg) {
    case SC_HASH_SHA1: return "sha1";
    case SC_HASH_SHA224: return "sha224";
    case SC_HASH_SHA256: return "sha256";
    case SC_HASH_SHA384: return "sha384";
    case SC_HASH_SHA512: return "sha512";
    default: return "none";
    }
}

static int lower(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

/* Accepts "sha" in any case, an optional '-' or '_', then the digits of
 * sc_hash_name: "sha256", "SHA-256", "Sha_1". */
sc_hash_alg sc_hash_from_name(const char *name)
{
    int a;
    if (name == NULL || lower(name[0]) != 's' || lower(name[1]) != 'h' || lower(name[2]) != 'a')
        return SC_HASH_NONE;
    name += 3;
    if (*name == '-' || *name == '_')
        name++;
    for (a = SC_HASH_SHA1; a <= SC_HASH_SHA512; a++)
        if (strcmp(name, sc_hash_name((sc_hash_alg)a) + 3) == 0)
            return (sc_hash_alg)a;
    return SC_HASH_NONE;
}

/* ctx->alg is an algorithm of the build (the callers check its block
 * length first), so SHA-224/256 is the remaining case, and the only one of a
 * build without SHA-1 and SHA-512. */
static void compress(sc_hash_ctx *ctx, const uint8_t *p, size_t nblocks)
{
#ifndef SC_NO_SHA1
    if (ctx->alg == SC_HASH_SHA1) {
        sc_hash_sha1_blocks(ctx->h.s32, p, nblocks);
        return;
    }
#endif
#ifndef SC_NO_SHA512
    if (ctx->alg == SC_HASH_SHA384 || ctx->alg == SC_HASH_SHA512) {
        sc_hash_sha512_blocks(ctx->h.s64, p, nblocks);
        return;
    }
#endif
    sc_hash_sha256_blocks(ctx->h.s32, p, nblocks);
}

/* The initial value, length and fill of alg; the block buffer is left as
 * it is (hash_impl.h). */
sc_err sc_hash_restart(sc_hash_ctx *ctx, sc_hash_alg alg)
{
    ctx->len_lo = 0;
#ifndef SC_NO_SHA512
    ctx->len_hi = 0;
#endif
    ctx->fill = 0;
    switch (alg) {
#ifndef SC_NO_SHA1
    case SC_HASH_SHA1: sc_hash_sha1_iv(ctx->h.s32); break;
#endif
    case SC_HASH_SHA224: sc_hash_sha256_iv(ctx->h.s32, 1); break;
    case SC_HASH_SHA256: sc_hash_sha256_iv(ctx->h.s32, 0); break;
#ifndef SC_NO_SHA512
    case SC_HASH_SHA384: sc_hash_sha512_iv(ctx->h.s64, 1); break;
    case SC_HASH_SHA512: sc_hash_sha512_iv(ctx->h.s64, 0); break;
#endif
    default: return SC_ERR_HASH;
    }
    ctx->alg = alg;
    return SC_OK;
}

sc_err sc_hash_init(sc_hash_ctx *ctx, sc_hash_alg alg)
{
    if (ctx == NULL)
        return SC_ERR_ARG;
    memset(ctx, 0, sizeof *ctx);
    return sc_hash_restart(ctx, alg);
}

/* Fills the block buffer first, then compresses whole blocks straight from
 * the caller's data, then keeps the tail. */
void sc_hash_update(sc_hash_ctx *ctx, const void *data, size_t len)
{
    const uint8_t *p = (const uint8_t *)data;
    size_t bl = block_len(ctx->alg), n;

    if (bl == 0 || len == 0)
        return;
    ctx->len_lo += len;
#ifndef SC_NO_SHA512
    if (ctx->len_lo < len)
        ctx->len_hi++;
#endif
    if (ctx->fill > 0) {
        n = bl - ctx->fill;
        if (n > len)
            n = len;
        memcpy(ctx->buf + ctx->fill, p, n);
        ctx->fill += n;
        p += n;
        len -= n;
        if (ctx->fill < bl)
            return;
        compress(ctx, ctx->buf, 1);
        ctx->fill = 0;
    }
    n = len / bl;
    if (n > 0) {
        compress(ctx, p, n);
        p += n * bl;
        len -= n * bl;
    }
    memcpy(ctx->buf, p, len);
    ctx->fill = len;
}

#ifndef SC_NO_SHA512
static void put_be64(uint8_t *p, uint64_t x)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        p[i] = (uint8_t)(x >> (56 - 8 * i));
}
#endif

/* p[0..7] = 8 len mod 2^64 (the low 64 bits of the length in bits), big
 * endian, byte by byte with the 3 bits carried between bytes: on a
 * little-endian target len's bytes are read in place, without the 64-bit
 * shifts that are library calls on AVR (0.1 KB of flash). */
static void put_bitlen(uint8_t *p, uint64_t len)
{
    uint8_t b[8], c = 0;
    unsigned i;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(b, &len, sizeof b);
#else
    for (i = 0; i < 8; i++)
        b[i] = (uint8_t)(len >> (8 * i));
#endif
    for (i = 0; i < 8; i++) {
        p[7 - i] = (uint8_t)(b[i] << 3 | c);
        c = (uint8_t)(b[i] >> 5);
    }
}

/* FIPS 180-4 5.1.1 / 5.1.2: append bit 1, zeros, and the message length in
 * bits as a 64-bit (SHA-1, SHA-224/256) or 128-bit (SHA-384/512) big-endian
 * integer, so the total is a multiple of the block. */
void sc_hash_final(sc_hash_ctx *ctx, uint8_t *out)
{
    size_t bl = block_len(ctx->alg), dl = sc_hash_len(ctx->alg), i;
    size_t lenbytes = bl / 8; /* 8 or 16 */

    if (bl > 0) {
        ctx->buf[ctx->fill++] = 0x80;
        if (ctx->fill > bl - lenbytes) {
            memset(ctx->buf + ctx->fill, 0, bl - ctx->fill);
            compress(ctx, ctx->buf, 1);
            ctx->fill = 0;
        }
        memset(ctx->buf + ctx->fill, 0, bl - 8 - ctx->fill);
#ifndef SC_NO_SHA512
        if (lenbytes == 16)
            put_be64(ctx->buf + bl - 16, ctx->len_hi << 3 | ctx->len_lo >> 61);
#endif
        put_bitlen(ctx->buf + bl - 8, ctx->len_lo);
        compress(ctx, ctx->buf, 1);
        if (bl == 64) {
            /* whole words (dl = 20, 28 or 32), shifts by constants */
            for (i = 0; i < dl; i += 4) {
                uint32_t w = ctx->h.s32[i / 4];
                out[i] = (uint8_t)(w >> 24);
                out[i + 1] = (uint8_t)(w >> 16);
                out[i + 2] = (uint8_t)(w >> 8);
                out[i + 3] = (uint8_t)w;
            }
        }
#ifndef SC_NO_SHA512
        else {
            for (i = 0; i < dl; i++)
                out[i] = (uint8_t)(ctx->h.s64[i / 8] >> (56 - 8 * (i % 8)));
        }
#endif
    }
    sc_memzero(ctx, sizeof *ctx);
}

/* out may overlap data: the digest is written after the last byte is read. */
sc_err sc_hash(sc_hash_alg alg, uint8_t *out, const void *data, size_t len)
{
    sc_hash_ctx ctx;
    sc_err e;
    if (out == NULL || (data == NULL && len > 0))
        return SC_ERR_ARG;
    e = sc_hash_init(&ctx, alg);
    if (e != SC_OK)
        return e;
    sc_hash_update(&ctx, data, len);
    sc_hash_final(&ctx, out);
    return SC_OK;
}
