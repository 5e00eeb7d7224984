/** @file hash.h
 * @brief hash: SHA-1, SHA-224/256/384/512, HMAC and HMAC-DRBG (SP 800-90A, as used by RFC 6979).
 *
 * Hashing is constant time in the data (the running time depends on the lengths only);
 * the contexts hold secrets (HMAC keys, DRBG state) and the final / wipe calls clear them. */
#ifndef SEACURVE_HASH_H
#define SEACURVE_HASH_H

#include "config.h"
#include "err.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup hash
 * @brief SHA-1, SHA-2, HMAC (RFC 2104) and the HMAC-DRBG of RFC 6979.
 * @{ */

/** @brief A hash algorithm. */
typedef enum sc_hash_alg {
    SC_HASH_NONE = 0,    /**< none / unknown */
    SC_HASH_SHA1 = 1,    /**< SHA-1 (20-byte digest; left out with SC_NO_SHA1) */
    SC_HASH_SHA224 = 2,  /**< SHA-224 (28 bytes) */
    SC_HASH_SHA256 = 3,  /**< SHA-256 (32 bytes) */
    SC_HASH_SHA384 = 4,  /**< SHA-384 (48 bytes; left out with SC_NO_SHA512) */
    SC_HASH_SHA512 = 5   /**< SHA-512 (64 bytes; left out with SC_NO_SHA512) */
} sc_hash_alg;

/** @brief Use CPU extensions where present (SHA-NI for SHA-224/256 on x86-64; on by
 * default, probed once).  Thread safe; a switch affects blocks hashed after it, in
 * every thread.
 * @param[in] enable  0 forces the portable code (tests, benchmarks); any other value
 *                    uses the extensions when the CPU has them.
 * @return 1 if an accelerated path is now in use, else 0. */
int sc_hash_set_accel(int enable);

/* SC_NO_SHA512 (seacurve/config.h; the default on AVR) leaves SHA-384/512
 * out: sc_hash_init answers SC_ERR_HASH for them, and the contexts below
 * shrink to SHA-256's sizes (an HMAC context from 400 to 216 bytes).
 * SC_NO_SHA1 leaves SHA-1 out likewise, for an image that hashes with
 * SHA-256 alone: its compression function (0.9 KB of assembly on AVR, 1.4 KB
 * of C) is then not linked.  Off by default; on in the mote build of
 * cmake/mote.cmake unless it is configured with SC_WITH_SHA1=ON. */
#ifndef SC_NO_SHA512
#define SC_HASH_MAX_LEN 64    /**< largest digest in bytes (SHA-512; 32 with SC_NO_SHA512) */
#define SC_HASH_MAX_BLOCK 128 /**< largest block in bytes (SHA-384/512; 64 with SC_NO_SHA512) */
#else
#define SC_HASH_MAX_LEN 32    /* largest digest (SHA-256) */
#define SC_HASH_MAX_BLOCK 64  /* largest block (SHA-1, SHA-224/256) */
#endif

/** @brief The chaining value of a SHA function. */
typedef union sc_hash_state {
    uint32_t s32[8];   /**< SHA-1 (5 words) and SHA-224/256 */
#ifndef SC_NO_SHA512
    uint64_t s64[8];   /**< SHA-384/512 */
#endif
} sc_hash_state;

/** @brief A hash computation in progress (sc_hash_init, sc_hash_update, sc_hash_final).
 * Caller-owned; its size is fixed at build time (SC_NO_SHA512 shrinks it). */
typedef struct sc_hash_ctx {
    sc_hash_alg alg;         /**< the algorithm */
    sc_hash_state h;         /**< chaining value */
    uint64_t len_lo;         /**< message length in bytes */
#ifndef SC_NO_SHA512
    uint64_t len_hi;         /**< its high half (128-bit for SHA-384/512) */
#endif
    uint8_t buf[SC_HASH_MAX_BLOCK]; /**< the partial block */
    size_t fill;             /**< bytes in buf */
} sc_hash_ctx;

/** @brief Digest length.
 * @param[in] alg  any value.
 * @return the digest length of alg in bytes; 0 for an unknown algorithm or one left
 *         out of the build. */
size_t sc_hash_len(sc_hash_alg alg);
/** @brief Block length.
 * @param[in] alg  any value.
 * @return the block length of alg in bytes (64 or 128); 0 for an unknown algorithm or
 *         one left out of the build. */
size_t sc_hash_block_len(sc_hash_alg alg);
/** @brief Look an algorithm up by name.
 * @param[in] name  "sha1", "sha224", "sha256", "sha384", "sha512" (also "SHA-256" etc.).
 * @return the algorithm, SC_HASH_NONE if unknown. */
sc_hash_alg sc_hash_from_name(const char *name);
/** @brief The canonical name of an algorithm.
 * @param[in] alg  any value.
 * @return "sha1" ... "sha512", a static string; "none" for an unknown value. */
const char *sc_hash_name(sc_hash_alg alg);

/** @brief Start a hash.
 * @param[out] ctx  the context to set up (zeroed on failure).
 * @param[in]  alg  the algorithm.
 * @retval SC_OK       ready for sc_hash_update.
 * @retval SC_ERR_ARG  ctx is NULL.
 * @retval SC_ERR_HASH alg is unknown or left out of the build. */
sc_err sc_hash_init(sc_hash_ctx *ctx, sc_hash_alg alg);
/** @brief Absorb len bytes of data.
 * @param[in,out] ctx   a context set up by sc_hash_init.
 * @param[in]     data  len bytes (may be NULL when len is 0).
 * @param[in]     len   any length. */
void sc_hash_update(sc_hash_ctx *ctx, const void *data, size_t len);
/** @brief Finish: write the digest and wipe the context.
 * @param[in,out] ctx  the context; wiped afterwards.
 * @param[out]    out  sc_hash_len(alg) bytes (at most SC_HASH_MAX_LEN). */
void sc_hash_final(sc_hash_ctx *ctx, uint8_t *out);
/** @brief One-shot hash: out = alg(data).
 * @param[in]  alg   the algorithm.
 * @param[out] out   sc_hash_len(alg) bytes.
 * @param[in]  data  len bytes (may be NULL when len is 0).
 * @param[in]  len   any length.
 * @retval SC_OK        out holds the digest.
 * @retval SC_ERR_ARG   out is NULL, or data is NULL with len > 0.
 * @retval SC_ERR_HASH  alg is unknown or left out of the build. */
sc_err sc_hash(sc_hash_alg alg, uint8_t *out, const void *data, size_t len);

/** @brief An HMAC computation in progress: the inner hash and the outer hash's chaining
 * value after its key block (K0 ^ opad).  The outer hash of HMAC absorbs only the
 * inner digest, so it needs no block buffer until sc_hmac_final, which runs it in the
 * inner context's place. */
typedef struct sc_hmac_ctx {
    sc_hash_ctx inner;       /**< the inner hash, keyed with K0 ^ ipad */
    sc_hash_state outer;     /**< the outer hash's chaining value after K0 ^ opad */
} sc_hmac_ctx;

/** @brief Start an HMAC (RFC 2104) with a key of any length (a key longer than a block
 * is hashed first).
 * @param[out] ctx     the context (zeroed on failure).
 * @param[in]  alg     the hash.
 * @param[in]  key     keylen bytes (may be NULL when keylen is 0).
 * @param[in]  keylen  any length.
 * @retval SC_OK        ready for sc_hmac_update.
 * @retval SC_ERR_ARG   ctx is NULL, or key is NULL with keylen > 0.
 * @retval SC_ERR_HASH  alg is unknown or left out of the build. */
sc_err sc_hmac_init(sc_hmac_ctx *ctx, sc_hash_alg alg, const uint8_t *key, size_t keylen);
/** @brief Absorb len bytes of data.
 * @param[in,out] ctx   a context set up by sc_hmac_init.
 * @param[in]     data  len bytes (may be NULL when len is 0).
 * @param[in]     len   any length. */
void sc_hmac_update(sc_hmac_ctx *ctx, const void *data, size_t len);
/** @brief Finish: write the MAC and wipe the context.
 * @param[in,out] ctx  the context; wiped afterwards.
 * @param[out]    out  sc_hash_len(alg) bytes. */
void sc_hmac_final(sc_hmac_ctx *ctx, uint8_t *out);
/** @brief One-shot HMAC: out = HMAC-alg(key, data).
 * @param[in]  alg     the hash.
 * @param[out] out     sc_hash_len(alg) bytes.
 * @param[in]  key     keylen bytes.
 * @param[in]  keylen  any length.
 * @param[in]  data    len bytes.
 * @param[in]  len     any length.
 * @retval SC_OK        out holds the MAC.
 * @retval SC_ERR_ARG   a NULL pointer with a nonzero length, or out NULL.
 * @retval SC_ERR_HASH  alg is unknown or left out of the build. */
sc_err sc_hmac(sc_hash_alg alg, uint8_t *out, const uint8_t *key, size_t keylen, const void *data, size_t len);

/** @brief HMAC-DRBG (NIST SP 800-90A 10.1.2) without reseed counter, as RFC 6979 3.2
 * uses it: instantiate(entropy || nonce || pers), generate(out) followed by the update
 * step.  Holds secrets: end with sc_hmac_drbg_wipe. */
typedef struct sc_hmac_drbg {
    sc_hash_alg alg;             /**< the HMAC's hash */
    uint8_t k[SC_HASH_MAX_LEN];  /**< K (sc_hash_len(alg) bytes used) */
    uint8_t v[SC_HASH_MAX_LEN];  /**< V (sc_hash_len(alg) bytes used) */
} sc_hmac_drbg;

/** @brief Instantiate: K = 0x00.., V = 0x01.., then the update with
 * entropy || nonce || pers (SP 800-90A 10.1.2.3; RFC 6979 3.2 steps b-g with
 * entropy = the private key and nonce = the reduced digest).
 * @param[out] d        the DRBG (zeroed on failure).
 * @param[in]  alg      the HMAC's hash.
 * @param[in]  entropy  elen bytes.
 * @param[in]  elen     any length.
 * @param[in]  nonce    nlen bytes.
 * @param[in]  nlen     any length.
 * @param[in]  pers     plen bytes (personalisation / additional data; may be NULL with 0).
 * @param[in]  plen     any length.
 * @retval SC_OK        instantiated.
 * @retval SC_ERR_ARG   d is NULL, or a NULL input with a nonzero length.
 * @retval SC_ERR_HASH  alg is unknown or left out of the build. */
sc_err sc_hmac_drbg_init(sc_hmac_drbg *d, sc_hash_alg alg,
                         const uint8_t *entropy, size_t elen,
                         const uint8_t *nonce, size_t nlen,
                         const uint8_t *pers, size_t plen);
/** @brief Generate: fill out with len bytes (any length), then perform the update with
 * no additional input.
 * @param[in,out] d    an instantiated DRBG.
 * @param[out]    out  len bytes.
 * @param[in]     len  any length. */
void sc_hmac_drbg_generate(sc_hmac_drbg *d, uint8_t *out, size_t len);
/** @brief RFC 6979 3.2 step h, one candidate: T = V = HMAC_K(V) until len bytes are
 * out, after the update K = HMAC_K(V || 0x00), V = HMAC_K(V) of step h.3 when again is
 * set (every candidate after the first).  The same candidates as successive
 * sc_hmac_drbg_generate calls, which update after each output instead: the accepted
 * candidate costs no update.
 * @param[in,out] d      an instantiated DRBG.
 * @param[out]    out    len bytes: the candidate.
 * @param[in]     len    any length.
 * @param[in]     again  0 for the first candidate, 1 for every later one. */
void sc_hmac_drbg_candidate(sc_hmac_drbg *d, uint8_t *out, size_t len, int again);
/** @brief Wipe the DRBG's state (sc_memzero).
 * @param[out] d  the DRBG. */
void sc_hmac_drbg_wipe(sc_hmac_drbg *d);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
