/** @file batch.h
 * @brief batch: many signatures, key agreements and verifications per call, on every core.
 *
 * The gateway's layer (docs/batch.md): a batch of N items, each with its own curve and
 * key, gets one verdict (an sc_err) per item, equal to what the single call
 * (sc_ecdsa_verify / sc_ecdsa_verify_msg, sc_ecdsa_sign / sc_ecdsa_sign_msg, sc_ecdh)
 * returns for that item.  A bad item never stops the batch.
 *
 * - A worker pool (sc_batch_pool) runs the items on threads (POSIX threads); it is the
 *   only part of the library that starts threads, and the pool's creation is its only
 *   allocation.  Without a pool (NULL) the calling thread does the work alone.
 * - The caller owns the arrays: the items, their output buffers and the verdicts.  The
 *   per-item path allocates nothing; its scratch lives on the worker's stack.
 * - Verification shares inversions across the items of a chunk (Montgomery's trick,
 *   [GECC] Alg. 2.26, after [Mon87]): one inversion mod n for all s^-1, one mod p for
 *   the affine x of the results computed from a cached table.
 * - A cache of precomputed tables per public key (sc_batch_cache) makes a repeat signer's
 *   verification two fixed-base evaluations, no doubling: a memory bound set at
 *   creation, LRU eviction, safe to share between threads.
 *
 * Host only: built when the CMake option SC_BATCH is on (the default on the host; off in
 * every mote and cross build).  Variable time: every input of a verification is
 * public; signing and ECDH call the constant-time single operations. */
#ifndef SEACURVE_BATCH_H
#define SEACURVE_BATCH_H

#include <stddef.h>
#include <stdint.h>
#include "curves.h"
#include "err.h"
#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup batch
 * @brief Batch verification, signing and ECDH over a worker pool; the repeat-signer cache.
 * @{ */

/** A worker pool (opaque). */
typedef struct sc_batch_pool sc_batch_pool;
/** A cache of per-key tables (opaque). */
typedef struct sc_batch_cache sc_batch_cache;

/** One signature to verify.  data is the message, hashed with alg, or, when alg is
 * SC_HASH_NONE, the digest itself (as sc_ecdsa_verify takes it). */
typedef struct sc_batch_verify_item {
    const sc_curve *curve;  /**< the curve (NULL: SC_ERR_ARG) */
    const uint8_t *pub;     /**< SEC1 public key, publen bytes */
    size_t publen;          /**< its length */
    const uint8_t *data;    /**< message (alg set) or digest (alg SC_HASH_NONE) */
    size_t datalen;         /**< its length */
    sc_hash_alg alg;        /**< the message's hash, or SC_HASH_NONE for a digest */
    const uint8_t *sig;     /**< P1363 signature r || s, 2 curve->nlen bytes */
    size_t siglen;          /**< its length */
} sc_batch_verify_item;

/** One signature to make: sig = sc_ecdsa_sign(digest) with digest = data when alg's
 * prehashed is set, else sc_ecdsa_sign_msg(alg, data). */
typedef struct sc_batch_sign_item {
    const sc_curve *curve;  /**< the curve */
    const uint8_t *priv;    /**< private key, privlen = curve->nlen bytes */
    size_t privlen;         /**< its length */
    const uint8_t *data;    /**< message, or digest when prehashed */
    size_t datalen;         /**< its length */
    sc_hash_alg alg;        /**< the message's hash; with prehashed, the nonce's HMAC hash */
    int prehashed;          /**< nonzero: data is the digest */
    uint8_t *sig;           /**< output: siglen = 2 curve->nlen bytes (zeroed on failure) */
    size_t siglen;          /**< its size */
} sc_batch_sign_item;

/** One key agreement: secret = sc_ecdh(curve, priv, peer). */
typedef struct sc_batch_ecdh_item {
    const sc_curve *curve;  /**< the curve */
    const uint8_t *priv;    /**< private key, privlen bytes */
    size_t privlen;         /**< its length */
    const uint8_t *peer;    /**< the peer's SEC1 public key */
    size_t peerlen;         /**< its length */
    uint8_t *secret;        /**< output: secretlen = curve->flen bytes (zeroed on failure) */
    size_t secretlen;       /**< its size */
} sc_batch_ecdh_item;

/** The cache's counters since its creation. */
typedef struct sc_batch_cache_stats {
    uint64_t hits;        /**< lookups that found a ready table */
    uint64_t misses;      /**< lookups that did not */
    uint64_t builds;      /**< tables built (a key's or a curve's G) */
    uint64_t evictions;   /**< tables dropped for a newer one (least recently used first) */
    uint64_t bypass;      /**< items verified without the cache: a key's first sighting (a key
                           * is admitted on its second), every slot in use, or the table
                           * being built by another thread */
    size_t slots;         /**< tables it can hold */
    size_t slot_bytes;    /**< bytes of one table slot */
    size_t bytes;         /**< bytes it allocated (at most the bound given at creation) */
} sc_batch_cache_stats;

/** Create a pool of threads workers in all: the calling thread plus threads - 1 others.
 * threads = 0: the number of online CPUs.  The pool's one allocation is here.
 * @param[out] pool     the new pool (NULL on failure).
 * @param[in]  threads  the number of threads that run a batch, or 0.
 * @return SC_OK, SC_ERR_ARG (pool NULL), SC_ERR_BUFFER (no memory or no thread). */
sc_err sc_batch_pool_new(sc_batch_pool **pool, unsigned threads);
/** Stop and join the workers, free the pool.  NULL is ignored.
 * @param[in] pool  the pool. */
void sc_batch_pool_free(sc_batch_pool *pool);
/** The number of threads that run a batch (the calling thread included).
 * @param[in] pool  the pool, or NULL (1).
 * @return the thread count. */
unsigned sc_batch_pool_threads(const sc_batch_pool *pool);

/** Create a cache of per-key tables within max_bytes of memory (one allocation, here).
 * A key's table is built on the key's second sighting (a table costs about 8 to 9
 * verifications; a key seen once is verified without it).
 * A slot holds one table, for a public key or for a curve's G; a slot's size is fixed
 * by the largest prime curve of the build (sc_batch_cache_stats.slot_bytes: 54,600 B on
 * the 64-bit-limb host, whose largest prime curves have 256 bits).  Keys are compared by curve and encoding bytes.
 * @param[out] cache      the new cache (NULL on failure).
 * @param[in]  max_bytes  the memory bound: room for at least two slots.
 * @return SC_OK, SC_ERR_ARG (cache NULL, or max_bytes below two slots), SC_ERR_BUFFER. */
sc_err sc_batch_cache_new(sc_batch_cache **cache, size_t max_bytes);
/** Free the cache; no batch may be running on it.  NULL is ignored.
 * @param[in] cache  the cache. */
void sc_batch_cache_free(sc_batch_cache *cache);
/** Read the cache's counters.
 * @param[in]  cache  the cache.
 * @param[out] st     its counters (zeroed for a NULL cache). */
void sc_batch_cache_get_stats(const sc_batch_cache *cache, sc_batch_cache_stats *st);

/** The cost of one dispatch of items to a worker (docs/partition.md): a transport's
 * fixed latency, its bandwidth, the bytes one item moves (both ways) and one item's
 * compute on the worker.  T(n) = latency_s + n item_bytes / bytes_per_s + n item_s. */
typedef struct sc_batch_link {
    double latency_s;    /**< L: seconds of a dispatch that moves nothing */
    double bytes_per_s;  /**< B: bytes per second moved (0: free, as in shared memory) */
    double item_bytes;   /**< s: bytes one item moves, request and reply */
    double item_s;       /**< c: seconds of one item's compute on the worker */
} sc_batch_link;

/** The batch size of a dispatch: the smallest n (1 <= n <= max_items) whose overhead
 * (L + n s / B) is at most max_overhead of the dispatch's time T(n), that is
 * n = ceil((1 - f) L / (f c - (1 - f) s / B)) for f = max_overhead.  No n reaches f
 * when f c <= (1 - f) s / B (the bytes alone cost too much): then max_items, the
 * largest allowed (the overhead fraction only falls as n grows).
 * @param[in] link          the transport's costs (NULL: 0).
 * @param[in] max_overhead  f, in (0, 1); outside it, max_items.
 * @param[in] max_items     the cap (0: 0).
 * @return the items per dispatch. */
size_t sc_batch_plan(const sc_batch_link *link, double max_overhead, size_t max_items);

/** Verify n signatures: verdicts[i] = the sc_err that sc_ecdsa_verify (alg SC_HASH_NONE)
 * or sc_ecdsa_verify_msg (another alg) returns for items[i].  Prime curves take the
 * batch path (shared inversions; with a cache, the tables of G and of the key); binary
 * curves call sc_ecdsa_verify per item.  Variable time (public data).
 * @param[in]  pool      the workers, or NULL (this thread).
 * @param[in]  cache     per-key tables, or NULL.
 * @param[out] verdicts  n verdicts.
 * @param[in]  items     n items.
 * @param[in]  n         the count (0: nothing to do).
 * @return SC_OK if every item verified, SC_ERR_VERIFY if one or more did not (see the
 *         verdicts), SC_ERR_ARG for a NULL array with n > 0. */
sc_err sc_batch_verify(sc_batch_pool *pool, sc_batch_cache *cache, sc_err *verdicts,
                       const sc_batch_verify_item *items, size_t n);

/** Items per group of sc_batch_verify_rbv: one batch equation covers the items of one
 * curve within a group (about 240 KB of a worker's stack at 64-bit limbs). */
#define SC_BATCH_RBV_GROUP 32
/** Items of unknown sign of R per equation: 2^(SC_BATCH_RBV_SIGNS - 1) candidates at most. */
#define SC_BATCH_RBV_SIGNS 8
/** A recovery id that says nothing (sc_batch_verify_rbv). */
#define SC_BATCH_RECID_NONE 0xffu

/** What sc_batch_verify_rbv did. */
typedef struct sc_batch_rbv_stats {
    uint64_t groups;         /**< batch equations evaluated */
    uint64_t groups_failed;  /**< equations that did not hold (their items verified singly) */
    uint64_t candidates;     /**< sign patterns tested (1 per equation without unknown signs) */
    uint64_t sqrts;          /**< square roots taken to lift R from r */
    uint64_t singles;        /**< items given the single call: outside the batch path, or
                              * in a failed equation */
} sc_batch_rbv_stats;

/** Randomized batch verification: verdicts[i] = what sc_batch_verify gives items[i] (the
 * single call's sc_err).  Each item's R is lifted from r and groups of items of one prime
 * curve of cofactor 1 are accepted by one check of sum z_i (u1_i G + u2_i Q_i - R_i) = O
 * with random 128-bit weights z_i from sc_random (docs/batch.md); an equation that fails
 * sends its items to the single call, as does an item outside the batch path (a binary
 * curve, a malformed or out-of-range input, an r with no point).  A false acceptance has
 * probability about 2^-120 per equation.  Variable time (public data).
 * @param[in]  pool      the workers, or NULL (this thread).
 * @param[out] verdicts  n verdicts.
 * @param[in]  items     n items.
 * @param[in]  recid     n recovery ids (bit 0: y(R) odd; bit 1: x(R) = r + n), or NULL, or
 *                       SC_BATCH_RECID_NONE entries: R's sign unknown, the equation tries
 *                       the sign patterns of up to SC_BATCH_RBV_SIGNS such items.  A
 *                       wrong id costs speed, never a verdict.
 * @param[in]  n         the count.
 * @param[out] stats     what the call did, or NULL.
 * @return SC_OK if every item verified, SC_ERR_VERIFY if not (see the verdicts), SC_ERR_ARG
 *         for a NULL array with n > 0. */
sc_err sc_batch_verify_rbv(sc_batch_pool *pool, sc_err *verdicts, const sc_batch_verify_item *items,
                           const uint8_t *recid, size_t n, sc_batch_rbv_stats *stats);
/** Sign n items: verdicts[i] = the sc_err of the single call for items[i], whose sig it
 * writes.  Constant time in each key and nonce (the single calls are).
 * @param[in]  pool      the workers, or NULL.
 * @param[out] verdicts  n verdicts.
 * @param[in]  items     n items (their sig buffers are written).
 * @param[in]  n         the count.
 * @return SC_OK if every item was signed, else SC_ERR_VERIFY (see the verdicts), or
 *         SC_ERR_ARG for a NULL array with n > 0. */
sc_err sc_batch_sign(sc_batch_pool *pool, sc_err *verdicts, const sc_batch_sign_item *items, size_t n);
/** n key agreements: verdicts[i] = sc_ecdh's sc_err for items[i], whose secret it writes.
 * Constant time in each private key.
 * @param[in]  pool      the workers, or NULL.
 * @param[out] verdicts  n verdicts.
 * @param[in]  items     n items (their secret buffers are written).
 * @param[in]  n         the count.
 * @return SC_OK if every item succeeded, else SC_ERR_VERIFY, or SC_ERR_ARG. */
sc_err sc_batch_ecdh(sc_batch_pool *pool, sc_err *verdicts, const sc_batch_ecdh_item *items, size_t n);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
