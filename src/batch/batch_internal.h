/* batch internals: the pool's range runner, the fixed-base tables of the
 * repeat-signer cache, simultaneous inversion, and the key decoder the
 * verification shares with the cache. */
#ifndef SC_BATCH_INTERNAL_H
#define SC_BATCH_INTERNAL_H

#include <seacurve/batch.h>
#include <seacurve/ec.h>
#include <seacurve/fp.h>
#include <seacurve/pk.h>

/* Items per chunk: the unit a worker takes, and the set across which
 * verification shares its inversions.  The chunk's state lives on the
 * worker's stack (about 19 KB at 64-bit limbs). */
#define SC_BATCH_CHUNK 32

/* Digit width of the per-key fixed-base tables: 2^(w-1) points per window,
 * ceil(bits(n) / w) + 1 windows (the last holds the recoding's carry). */
#define SC_BATCH_TAB_W 5
#define SC_BATCH_TAB_NPTS (1u << (SC_BATCH_TAB_W - 1))

/* Run fn(ctx, begin, end) over [0, n) in ranges of at most chunk items, on
 * the pool's threads (the caller's included), or on this thread alone when
 * pool is NULL.  Returns when every range has run.  Calls on one pool are
 * serialised. */
typedef void (*sc_batch_range_fn)(void *ctx, size_t begin, size_t end);
void sc_batch_run(sc_batch_pool *pool, sc_batch_range_fn fn, void *ctx, size_t n, size_t chunk);

/* The items per range of a batch of n on the pool (plan.c): n / (2 threads),
 * so that every thread gets two ranges, but at least sc_batch_plan's size for
 * a range's dispatch cost SC_BATCH_DISPATCH_S against item_s per item within
 * SC_BATCH_OVERHEAD, and at most cap.  The dispatch cost is sc-partition's
 * "pool" figure (every thread taking empty one-item ranges: 0.03 to 0.09 us
 * per range on the two-CPU build machine), rounded up; the per-item figure is
 * the cheapest verification or signature of the host build, about 20 us
 * (docs/partition.md).  With these the floor is one item: the dispatch is
 * under 1% of an item. */
#define SC_BATCH_DISPATCH_S 0.1e-6
#define SC_BATCH_OVERHEAD 0.05
#define SC_BATCH_ITEM_S 20e-6
size_t sc_batch_chunk(const sc_batch_pool *pool, size_t n, size_t cap, double item_s);

/* A fixed-base table of a point P of order n: for window j < nwin and
 * t = 1 .. SC_BATCH_TAB_NPTS, the affine t 2^(w j) P as x then y, fp->nw
 * words each, internal form ([GECC] Alg. 3.41, fixed-base windowing, with
 * signed digits so that half the points suffice). */
typedef struct sc_batch_tab {
    const sc_curve *c;
    unsigned nwin;
    sc_word *pts;      /* nwin * SC_BATCH_TAB_NPTS * 2 * fp->nw words */
} sc_batch_tab;

/* Words of a table for curve c. */
size_t sc_batch_tab_words(const sc_curve *c);
/* Fill t->pts (t->c set, room for sc_batch_tab_words) with P's multiples. */
void sc_batch_tab_build(sc_batch_tab *t, const sc_ep_aff *p);
/* r = u1 G + u2 Q from the tables of G and Q (u1, u2 canonical, < n), two
 * fixed-base evaluations and no doubling.  Variable time (public data). */
void sc_batch_tab_mul2_var(sc_ep_jac *r, const sc_word *u1, const sc_batch_tab *g, const sc_word *u2,
                           const sc_batch_tab *q);

/* Simultaneous inversion ([GECC] Alg. 2.26, after [Mon87]): a[i] = a[i]^-1
 * in f for i < k, every a[i] nonzero, one inversion and 3 (k - 1)
 * multiplications; scratch holds k elements.  Variable time. */
void sc_batch_inv_var(sc_word *const *a, sc_fe *scratch, size_t k, const sc_fp_field *f);

/* Decode and validate a SEC1 public key of a prime curve into q (internal
 * form): the verdicts of sc_pub_validate. */
sc_err sc_batch_decode_pub(sc_ep_aff *q, const sc_curve *c, const uint8_t *pub, size_t publen);

/* e = bits2int(digest) mod n (SEC1 4.1.3 step 5), internal form of c->fn. */
void sc_batch_digest_to_scalar(sc_word *e, const sc_curve *c, const uint8_t *digest, size_t len);

/* The repeat-signer cache (cache.c).  sc_batch_cache_acquire returns the
 * ready tables of G and of the key (both pinned until released), or NULL
 * with *err SC_OK when the cache cannot serve the item now (the caller
 * verifies it without), or NULL with *err the key's decoding error. */
typedef struct sc_batch_slot sc_batch_slot;
typedef struct sc_batch_lease {
    sc_batch_slot *g, *q;
    const sc_batch_tab *gtab, *qtab;
    const sc_ep_aff *qpt;
} sc_batch_lease;
int sc_batch_cache_acquire(sc_batch_lease *l, sc_batch_cache *cache, const sc_curve *c,
                           const uint8_t *pub, size_t publen, sc_err *err);
void sc_batch_cache_release(sc_batch_cache *cache, sc_batch_lease *l);
void sc_batch_cache_note_bypass(sc_batch_cache *cache);

#endif
