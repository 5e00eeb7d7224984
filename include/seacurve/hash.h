/* hash: SHA-1, SHA-224/256/384/512, HMAC and HMAC-DRBG (SP 800-90A, as used by RFC 6979). */
#ifndef SEACURVE_HASH_H
#define SEACURVE_HASH_H

#include "config.h"
#include "err.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sc_hash_alg {
    SC_HASH_NONE = 0,
    SC_HASH_SHA1 = 1,
    SC_HASH_SHA224 = 2,
    SC_HASH_SHA256 = 3,
    SC_HASH_SHA384 = 4,
    SC_HASH_SHA512 = 5
} sc_hash_alg;

/* Use CPU extensions where present (SHA-NI for SHA-224/256 on x86-64; on by
 * default, probed once).  enable = 0 forces the portable code (tests,
 * benchmarks).  Returns 1 if an accelerated path is now in use.  Thread safe;
 * a switch affects blocks hashed after it, in every thread. */
int sc_hash_set_accel(int enable);

/* SC_NO_SHA512 (seacurve/config.h; the default on AVR) leaves SHA-384/512
 * out: sc_hash_init answers SC_ERR_HASH for them, and the contexts below
 * shrink to SHA-256's sizes (an HMAC context from 400 to 216 bytes).
 * SC_NO_SHA1 leaves SHA-1 out likewise, for an image that hashes with
 * SHA-256 alone: its compression function (0.9 KB of assembly on AVR, 1.4 KB
 * of C) is then not linked.  Off by default; on in the mote build of
 * cmake/mote.cmake unless it is configured with SC_WITH_SHA1=ON. */
#ifndef SC_NO_SHA512
#define SC_HASH_MAX_LEN 64    /* largest digest (SHA-512) */
#define SC_HASH_MAX_BLOCK 128 /* largest block (SHA-384/512) */
#else
#define SC_HASH_MAX_LEN 32    /* largest digest (SHA-256) */
#define SC_HASH_MAX_BLOCK 64  /* largest block (SHA-1, SHA-224/256) */
#endif

/* The chaining value of a SHA function. */
typedef union sc_hash_state {
    uint32_t s32[8];   /* SHA-1 (5 words) and SHA-224/256 */
#ifndef SC_NO_SHA512
    uint64_t s64[8];   /* SHA-384/512 */
#endif
} sc_hash_state;

typedef struct sc_hash_ctx {
    sc_hash_alg alg;
    sc_hash_state h;
    uint64_t len_lo;         /* message length in bytes */
#ifndef SC_NO_SHA512
    uint64_t len_hi;         /* its high half (128-bit for SHA-384/512) */
#endif
    uint8_t buf[SC_HASH_MAX_BLOCK];
    size_t fill;
} sc_hash_ctx;

/* Digest / block length in bytes; 0 for an unknown algorithm. */
size_t sc_hash_len(sc_hash_alg alg);
size_t sc_hash_block_len(sc_hash_alg alg);
/* "sha1", "sha224", "sha256", "sha384", "sha512" (also "SHA-256" etc.); SC_HASH_NONE if unknown. */
sc_hash_alg sc_hash_from_name(const char *name);
const char *sc_hash_name(sc_hash_alg alg);

sc_err sc_hash_init(sc_hash_ctx *ctx, sc_hash_alg alg);
void sc_hash_update(sc_hash_ctx *ctx, const void *data, size_t len);
/* Writes sc_hash_len(alg) bytes and wipes the context. */
void sc_hash_final(sc_hash_ctx *ctx, uint8_t *out);
/* One shot. */
sc_err sc_hash(sc_hash_alg alg, uint8_t *out, const void *data, size_t len);

/* The inner hash and the outer hash's chaining value after its key block
 * (K0 ^ opad): the outer hash of HMAC absorbs only the inner digest, so it
 * needs no block buffer until sc_hmac_final, which runs it in the inner
 * context's place. */
typedef struct sc_hmac_ctx {
    sc_hash_ctx inner;
    sc_hash_state outer;
} sc_hmac_ctx;

sc_err sc_hmac_init(sc_hmac_ctx *ctx, sc_hash_alg alg, const uint8_t *key, size_t keylen);
void sc_hmac_update(sc_hmac_ctx *ctx, const void *data, size_t len);
/* Writes sc_hash_len(alg) bytes and wipes the context. */
void sc_hmac_final(sc_hmac_ctx *ctx, uint8_t *out);
sc_err sc_hmac(sc_hash_alg alg, uint8_t *out, const uint8_t *key, size_t keylen, const void *data, size_t len);

/* HMAC-DRBG (NIST SP 800-90A 10.1.2) without reseed counter, as RFC 6979 3.2 uses it:
 * instantiate(entropy || nonce || pers), generate(out) followed by the update step. */
typedef struct sc_hmac_drbg {
    sc_hash_alg alg;
    uint8_t k[SC_HASH_MAX_LEN];
    uint8_t v[SC_HASH_MAX_LEN];
} sc_hmac_drbg;

sc_err sc_hmac_drbg_init(sc_hmac_drbg *d, sc_hash_alg alg,
                         const uint8_t *entropy, size_t elen,
                         const uint8_t *nonce, size_t nlen,
                         const uint8_t *pers, size_t plen);
/* Fills out with len bytes (any length), then performs the update with no additional input. */
void sc_hmac_drbg_generate(sc_hmac_drbg *d, uint8_t *out, size_t len);
/* RFC 6979 3.2 step h, one candidate: T = V = HMAC_K(V) until len bytes are
 * out, after the update K = HMAC_K(V || 0x00), V = HMAC_K(V) of step h.3 when
 * again is set (every candidate after the first).  The same candidates as
 * successive sc_hmac_drbg_generate calls, which update after each output
 * instead: the accepted candidate costs no update. */
void sc_hmac_drbg_candidate(sc_hmac_drbg *d, uint8_t *out, size_t len, int again);
void sc_hmac_drbg_wipe(sc_hmac_drbg *d);

#ifdef __cplusplus
}
#endif

#endif
