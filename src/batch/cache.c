/* The repeat-signer cache: fixed-base tables of public keys and of the
 * curves' generators in fixed-size slots of one allocation, least recently
 * used first out, shared between threads under one mutex.  A key's table
 * costs about as much as 8 to 9 verifications (P-256: 53 windows of 16 points;
 * sc-bench-batch, docs/batch.md),
 * so a key is admitted on its second sighting only: the first is remembered
 * in a direct-mapped filter of key hashes (4 entries per slot) and verified
 * without the cache, and a stream of keys that never repeat builds no table.
 * Lookups go through a chained hash index (at most 2 buckets per slot), so
 * the mutex is held for O(1) work per lease; only choosing a victim, once
 * per table built, scans the slots.  A table is built
 * outside the lock by the thread that missed; a slot in use (pinned by a
 * lease) or being built is never evicted, and a thread that finds its key
 * being built verifies without the cache rather than wait. */
#include "batch_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { SLOT_EMPTY, SLOT_BUILDING, SLOT_READY };

struct sc_batch_slot {
    const sc_curve *c;
    uint8_t key[SC_PK_MAX_PUB];  /* the key's encoding; keylen 0: the table of G */
    size_t keylen;
    uint32_t hash;
    int state;
    unsigned refs;
    uint64_t used;               /* the cache's clock at the last lease */
    int32_t next;                /* next slot of its bucket, -1 at the end */
    sc_ep_aff q;
    sc_batch_tab tab;
};

struct sc_batch_cache {
    pthread_mutex_t mu;
    size_t nslots, slot_words;
    uint64_t clock;
    sc_batch_cache_stats st;
    sc_batch_slot *slots;
    sc_word *mem;
    uint32_t *seen;              /* hashes of keys seen once, at hash mod nseen */
    size_t nseen;
    int32_t *head;               /* first slot of each bucket (hash mod nbuckets), -1: none */
    size_t nbuckets;
};

static size_t max_tab_words(void)
{
    size_t i, m = 0;
    for (i = 0; i < sc_curve_prime_count(); i++) {
        size_t w = sc_batch_tab_words(sc_curve_at(i));
        if (w > m)
            m = w;
    }
    return m;
}

/* A slot: its descriptor, its table, its 4 entries of the filter of keys seen once,
 * its (at most) 2 buckets of the index. */
static size_t slot_bytes(size_t words)
{
    return sizeof(sc_batch_slot) + words * sizeof(sc_word) + 4 * sizeof(uint32_t) + 2 * sizeof(int32_t);
}

sc_err sc_batch_cache_new(sc_batch_cache **cache, size_t max_bytes)
{
    sc_batch_cache *k;
    size_t words = max_tab_words(), n, i;
    if (!cache)
        return SC_ERR_ARG;
    *cache = NULL;
    if (max_bytes < sizeof *k)
        return SC_ERR_ARG;
    n = (max_bytes - sizeof *k) / slot_bytes(words);
    if (n < 2)
        return SC_ERR_ARG;
    /* one allocation: the header, the slots, their tables */
    k = calloc(1, sizeof *k + n * slot_bytes(words));
    if (!k)
        return SC_ERR_BUFFER;
    k->slots = (sc_batch_slot *)(k + 1);
    k->mem = (sc_word *)(k->slots + n);
    k->nslots = n;
    k->slot_words = words;
    k->seen = (uint32_t *)(k->mem + n * words);
    k->nseen = 4 * n;
    k->head = (int32_t *)(k->seen + k->nseen);
    for (k->nbuckets = 1; 2 * k->nbuckets <= 2 * n; k->nbuckets *= 2)
        ;
    for (i = 0; i < k->nbuckets; i++)
        k->head[i] = -1;
    for (i = 0; i < n; i++) {
        k->slots[i].tab.pts = k->mem + i * words;
        k->slots[i].next = -1;
    }
    k->st.slots = n;
    k->st.slot_bytes = slot_bytes(words);
    k->st.bytes = sizeof *k + n * slot_bytes(words);
    pthread_mutex_init(&k->mu, NULL);
    *cache = k;
    return SC_OK;
}

void sc_batch_cache_free(sc_batch_cache *k)
{
    if (!k)
        return;
    pthread_mutex_destroy(&k->mu);
    free(k);
}

void sc_batch_cache_get_stats(const sc_batch_cache *k, sc_batch_cache_stats *st)
{
    if (!st)
        return;
    memset(st, 0, sizeof *st);
    if (!k)
        return;
    pthread_mutex_lock((pthread_mutex_t *)&k->mu);
    *st = k->st;
    pthread_mutex_unlock((pthread_mutex_t *)&k->mu);
}

void sc_batch_cache_note_bypass(sc_batch_cache *k)
{
    pthread_mutex_lock(&k->mu);
    k->st.bypass++;
    pthread_mutex_unlock(&k->mu);
}

/* FNV-1a over the curve's name and the key bytes: a filter before memcmp. */
static uint32_t key_hash(const sc_curve *c, const uint8_t *key, size_t len)
{
    uint32_t h = 2166136261u;
    const char *s = c->name;
    size_t i;
    while (*s)
        h = (h ^ (uint8_t)*s++) * 16777619u;
    for (i = 0; i < len; i++)
        h = (h ^ key[i]) * 16777619u;
    return h;
}

static void unlink_slot(sc_batch_cache *k, sc_batch_slot *s)
{
    int32_t *p = &k->head[s->hash & (k->nbuckets - 1)], self = (int32_t)(s - k->slots);
    while (*p != -1 && *p != self)
        p = &k->slots[*p].next;
    if (*p == self)
        *p = s->next;
    s->next = -1;
}

static void link_slot(sc_batch_cache *k, sc_batch_slot *s)
{
    int32_t *h = &k->head[s->hash & (k->nbuckets - 1)];
    s->next = *h;
    *h = (int32_t)(s - k->slots);
}

/* With mu held: the slot of (c, key), or a slot claimed for it (state
 * SLOT_BUILDING, *claimed set), or NULL when the key is seen for the first
 * time, is being built elsewhere, or no slot is free or evictable. */
static sc_batch_slot *find_or_claim(sc_batch_cache *k, const sc_curve *c, const uint8_t *key,
                                    size_t len, uint32_t h, int *claimed)
{
    sc_batch_slot *victim = NULL;
    int32_t j;
    size_t i;
    *claimed = 0;
    for (j = k->head[h & (k->nbuckets - 1)]; j != -1; j = k->slots[j].next) {
        sc_batch_slot *s = &k->slots[j];
        if (s->hash == h && s->c == c && s->keylen == len && memcmp(s->key, key, len) == 0) {
            if (s->state != SLOT_READY)
                return NULL;
            k->st.hits++;
            s->refs++;
            s->used = ++k->clock;
            return s;
        }
    }
    k->st.misses++;
    if (len > 0) {                   /* a key: admitted on its second sighting */
        uint32_t *f = &k->seen[h % k->nseen];
        if (*f != h) {
            *f = h;
            return NULL;
        }
        *f = 0;
    }
    for (i = 0; i < k->nslots; i++) {   /* an empty slot, else the least recently used idle one */
        sc_batch_slot *s = &k->slots[i];
        if (s->state == SLOT_EMPTY) {
            victim = s;
            break;
        }
        if (s->state == SLOT_READY && s->refs == 0 && (!victim || s->used < victim->used))
            victim = s;
    }
    if (!victim)
        return NULL;
    if (victim->state == SLOT_READY) {
        k->st.evictions++;
        unlink_slot(k, victim);
    }
    victim->state = SLOT_BUILDING;
    victim->c = c;
    memcpy(victim->key, key, len);
    victim->keylen = len;
    victim->hash = h;
    victim->refs = 1;
    victim->used = ++k->clock;
    link_slot(k, victim);
    *claimed = 1;
    return victim;
}

/* The slot of (c, key) ready and leased, or NULL (*err: the key's decoding
 * error, or SC_OK when the cache cannot serve it now). */
static sc_batch_slot *lease(sc_batch_cache *k, const sc_curve *c, const uint8_t *key, size_t len,
                            sc_err *err)
{
    uint32_t h = key_hash(c, key, len);
    sc_batch_slot *s;
    int claimed;
    sc_err e = SC_OK;
    *err = SC_OK;
    pthread_mutex_lock(&k->mu);
    s = find_or_claim(k, c, key, len, h, &claimed);
    pthread_mutex_unlock(&k->mu);
    if (!s || !claimed)
        return s;
    s->tab.c = c;
    if (len == 0)
        sc_ep_generator(&s->q, c->ep);
    else
        e = sc_batch_decode_pub(&s->q, c, key, len);
    if (e == SC_OK)
        sc_batch_tab_build(&s->tab, &s->q);
    pthread_mutex_lock(&k->mu);
    if (e == SC_OK) {
        s->state = SLOT_READY;
        k->st.builds++;
    } else {
        unlink_slot(k, s);
        s->state = SLOT_EMPTY;
        s->refs = 0;
        s->keylen = 0;
        s->c = NULL;
    }
    pthread_mutex_unlock(&k->mu);
    *err = e;
    return e == SC_OK ? s : NULL;
}

static void unlease(sc_batch_cache *k, sc_batch_slot *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&k->mu);
    s->refs--;
    pthread_mutex_unlock(&k->mu);
}

int sc_batch_cache_acquire(sc_batch_lease *l, sc_batch_cache *k, const sc_curve *c,
                           const uint8_t *pub, size_t publen, sc_err *err)
{
    memset(l, 0, sizeof *l);
    *err = SC_OK;
    if (publen == 0 || publen > SC_PK_MAX_PUB) {
        *err = sc_pub_validate(c, pub, publen);   /* its verdict; SC_OK: verified without */
        return 0;
    }
    l->q = lease(k, c, pub, publen, err);
    if (!l->q)
        return 0;
    l->g = lease(k, c, pub, 0, err);
    if (!l->g) {
        unlease(k, l->q);
        memset(l, 0, sizeof *l);
        *err = SC_OK;
        return 0;
    }
    l->gtab = &l->g->tab;
    l->qtab = &l->q->tab;
    l->qpt = &l->q->q;
    return 1;
}

void sc_batch_cache_release(sc_batch_cache *k, sc_batch_lease *l)
{
    unlease(k, l->q);
    unlease(k, l->g);
    memset(l, 0, sizeof *l);
}
