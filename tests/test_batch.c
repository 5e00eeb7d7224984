/* The batch layer (include/seacurve/batch.h): every verdict of a batch equals
 * the single call's for the same item, over every curve, valid, forged and
 * malformed items, 1 to 4 threads, without a cache, with a cache too small
 * for the keys (evictions) and with one large enough (hits); the valid items
 * are also accepted and the forged ones refused by OpenSSL.  The fixed-base
 * tables of the cache against sc_ec_mul2_var, simultaneous inversion against
 * one inversion per element; batch signing and ECDH against the single calls
 * and OpenSSL / the other party's secret. */
#define OPENSSL_SUPPRESS_DEPRECATED /* EC_KEY / ECDSA_do_verify: the low-level verifier compared here */
#include <seacurve/batch.h>
#include <seacurve/seacurve.h>
#include <stdlib.h>
#include <string.h>
#include "batch/batch_internal.h"
#include "osslecdsa.h"
#include "testutil.h"

#define KEYS 3
#define MSGS 4                  /* signed messages per key */
#define MAXITEMS 4096

typedef struct key {
    uint8_t priv[SC_FP_MAXBYTES];
    uint8_t pub[SC_PK_MAX_PUB], cpub[SC_PK_MAX_PUB];
    size_t publen, cpublen;
} key;

/* The items and the storage they point to. */
static sc_batch_verify_item items[MAXITEMS];
static int expect_ok[MAXITEMS];         /* 1 valid, 0 forged or malformed */
static int ossl_checked[MAXITEMS];      /* 1: OpenSSL's verdict was asked (well-formed items) */
static uint8_t store[MAXITEMS][3][160];
static size_t nitems;

static uint8_t *buf(size_t i, int k, const uint8_t *src, size_t len)
{
    memcpy(store[i][k], src, len);
    return store[i][k];
}

static void add(const sc_curve *c, const uint8_t *pub, size_t publen, const uint8_t *data, size_t datalen,
                sc_hash_alg alg, const uint8_t *sig, size_t siglen, int ok)
{
    size_t i = nitems++;
    if (!CHECK(i < MAXITEMS, "too many items"))
        exit(1);
    items[i].curve = c;
    items[i].pub = pub ? buf(i, 0, pub, publen) : NULL;
    items[i].publen = publen;
    items[i].data = data ? buf(i, 1, data, datalen) : NULL;
    items[i].datalen = datalen;
    items[i].alg = alg;
    items[i].sig = sig ? buf(i, 2, sig, siglen) : NULL;
    items[i].siglen = siglen;
    expect_ok[i] = ok;
    ossl_checked[i] = 0;
}

/* A curve's items: each key signs MSGS messages (SHA-256 of the message, and
 * the digest form); then the forgeries and malformed inputs. */
static void make_items(const sc_curve *c, key *keys)
{
    uint8_t msg[40], dg[SC_HASH_MAX_LEN], sig[2 * SC_FP_MAXBYTES], bad[2 * SC_FP_MAXBYTES];
    size_t sl = 2u * c->nlen;
    int k, m;
    for (k = 0; k < KEYS; k++) {
        key *K = &keys[k];
        size_t len = sizeof K->pub;
        CHECK(sc_keygen(c, K->priv, c->nlen) == SC_OK, "%s keygen", c->name);
        CHECK(sc_pubkey(c, K->pub, &len, 0, K->priv, c->nlen) == SC_OK, "%s pubkey", c->name);
        K->publen = len;
        len = sizeof K->cpub;
        CHECK(sc_pubkey(c, K->cpub, &len, 1, K->priv, c->nlen) == SC_OK, "%s cpubkey", c->name);
        K->cpublen = len;
    }
    for (k = 0; k < KEYS; k++) {
        key *K = &keys[k];
        for (m = 0; m < MSGS; m++) {
            tu_rand_bytes(msg, sizeof msg);
            CHECK(sc_ecdsa_sign_msg(c, sig, sl, SC_HASH_SHA256, msg, sizeof msg, K->priv, c->nlen) == SC_OK,
                  "%s sign", c->name);
            (void)sc_hash(SC_HASH_SHA256, dg, msg, sizeof msg);
            add(c, K->pub, K->publen, msg, sizeof msg, SC_HASH_SHA256, sig, sl, 1);
            add(c, K->cpub, K->cpublen, dg, 32, SC_HASH_NONE, sig, sl, 1);
            if (m > 0)
                continue;
            /* forged: r, s, the key, the message altered */
            memcpy(bad, sig, sl);
            bad[c->nlen - 1] ^= 1;
            add(c, K->pub, K->publen, msg, sizeof msg, SC_HASH_SHA256, bad, sl, 0);
            memcpy(bad, sig, sl);
            bad[sl - 1] ^= 4;
            add(c, K->pub, K->publen, msg, sizeof msg, SC_HASH_SHA256, bad, sl, 0);
            add(c, keys[(k + 1) % KEYS].pub, keys[(k + 1) % KEYS].publen, msg, sizeof msg, SC_HASH_SHA256,
                sig, sl, 0);
            msg[3] ^= 0x80;
            add(c, K->pub, K->publen, msg, sizeof msg, SC_HASH_SHA256, sig, sl, 0);
            /* malformed: r = 0, s = n (all ones >= n), a short signature, a key off the
             * curve, a truncated key, no key, an unknown hash, no curve, a NULL message */
            memcpy(bad, sig, sl);
            memset(bad, 0, c->nlen);
            add(c, K->pub, K->publen, msg, sizeof msg, SC_HASH_SHA256, bad, sl, 0);
            memcpy(bad, sig, sl);
            memset(bad + c->nlen, 0xff, c->nlen);
            add(c, K->pub, K->publen, msg, sizeof msg, SC_HASH_SHA256, bad, sl, 0);
            add(c, K->pub, K->publen, msg, sizeof msg, SC_HASH_SHA256, sig, sl - 1, 0);
            memcpy(bad, K->pub, K->publen);
            bad[K->publen - 1] ^= 1;
            add(c, bad, K->publen, msg, sizeof msg, SC_HASH_SHA256, sig, sl, 0);
            add(c, K->pub, K->publen - 1, msg, sizeof msg, SC_HASH_SHA256, sig, sl, 0);
            add(c, NULL, 0, msg, sizeof msg, SC_HASH_SHA256, sig, sl, 0);
            add(c, K->pub, K->publen, msg, sizeof msg, (sc_hash_alg)77, sig, sl, 0);
            add(NULL, K->pub, K->publen, msg, sizeof msg, SC_HASH_SHA256, sig, sl, 0);
            add(c, K->pub, K->publen, NULL, 5, SC_HASH_SHA256, sig, sl, 0);
        }
    }
}

static sc_err single(const sc_batch_verify_item *it)
{
    if (it->alg == SC_HASH_NONE)
        return sc_ecdsa_verify(it->curve, it->sig, it->siglen, it->data, it->datalen, it->pub, it->publen);
    return sc_ecdsa_verify_msg(it->curve, it->sig, it->siglen, it->alg, it->data, it->datalen, it->pub,
                               it->publen);
}

static void check_batch(const char *what, sc_batch_pool *pool, sc_batch_cache *cache, const sc_err *want)
{
    static sc_err got[MAXITEMS];
    size_t i, bad = 0, nok = 0;
    sc_err all = sc_batch_verify(pool, cache, got, items, nitems);
    for (i = 0; i < nitems; i++) {
        if (got[i] != want[i] && bad++ < 5)
            CHECK(0, "%s: item %zu (%s) batch %d, single %d", what, i,
                  items[i].curve ? items[i].curve->name : "-", (int)got[i], (int)want[i]);
        nok += got[i] == SC_OK;
    }
    CHECK(bad == 0, "%s: %zu verdicts differ from the single calls", what, bad);
    CHECK(all == (nok == nitems ? SC_OK : SC_ERR_VERIFY), "%s: summary %d", what, (int)all);
}

/* The fixed-base tables against sc_ec_mul2_var, on random u1, u2 and a few edges. */
static void check_tables(void)
{
    static sc_word g_pts[65536 / sizeof(sc_word)], q_pts[65536 / sizeof(sc_word)];   /* 64 KB each */
    size_t ci;
    for (ci = 0; ci < sc_curve_prime_count(); ci++) {
        const sc_curve *c = sc_curve_at(ci);
        const sc_fp_field *fn = c->fn;
        sc_batch_tab tg, tq;
        sc_ep_aff G, Q, want, got;
        sc_ep_jac R;
        sc_fe k, u1, u2;
        uint8_t kb[SC_FP_MAXBYTES];
        int t;
        if (!CHECK(sc_batch_tab_words(c) <= sizeof g_pts / sizeof g_pts[0], "%s table size", c->name))
            continue;
        tu_rand_bytes(kb, c->nlen);
        kb[0] &= 0x7f;
        sc_fp_from_bytes_reduce(k, kb, c->nlen, fn);
        sc_fp_to_canon(k, k, fn);
        CHECK(sc_ec_mul_gen(&Q, k, c->ep) == SC_OK, "%s Q", c->name);
        sc_ep_generator(&G, c->ep);
        tg.c = tq.c = c;
        tg.pts = g_pts;
        tq.pts = q_pts;
        sc_batch_tab_build(&tg, &G);
        sc_batch_tab_build(&tq, &Q);
        for (t = 0; t < 40; t++) {
            memset(u1, 0, sizeof u1);
            memset(u2, 0, sizeof u2);
            if (t < 37) {
                tu_rand_bytes(kb, c->nlen);
                sc_fp_from_bytes_reduce(u1, kb, c->nlen, fn);
                tu_rand_bytes(kb, c->nlen);
                sc_fp_from_bytes_reduce(u2, kb, c->nlen, fn);
                sc_fp_to_canon(u1, u1, fn);
                sc_fp_to_canon(u2, u2, fn);
            } else if (t == 37) {          /* n - 1: every digit's carry */
                memcpy(u1, fn->p, sizeof(sc_word) * fn->nw);
                u1[0] -= 1;
                u2[0] = 1;
            } else if (t == 38) {          /* u2 = 0 */
                u1[0] = 5;
            } else {                       /* u1 = 0 */
                u2[0] = 7;
            }
            sc_batch_tab_mul2_var(&R, u1, &tg, u2, &tq);
            if (!CHECK(sc_ec_mul2_var(&want, u1, u2, &Q, c->ep) == SC_OK, "%s mul2", c->name) ||
                !CHECK(sc_ep_jac_to_aff_var(&got, &R, c->ep) == SC_OK, "%s table result at infinity", c->name))
                continue;
            CHECK(sc_fp_eq(got.x, want.x, c->ep->fp) && sc_fp_eq(got.y, want.y, c->ep->fp),
                  "%s: table u1 G + u2 Q differs from sc_ec_mul2_var (case %d)", c->name, t);
        }
    }
}

/* Simultaneous inversion against one inversion per element. */
static void check_inversion(void)
{
    const sc_curve *c = sc_curve_find("secp256r1");
    const sc_fp_field *f = c->ep->fp;
    sc_fe a[9], b[9], scratch[9];
    sc_word *p[9];
    uint8_t r[64];
    size_t k, i;
    for (k = 1; k <= 9; k++) {
        for (i = 0; i < k; i++) {
            tu_rand_bytes(r, sizeof r);
            sc_fp_from_bytes_reduce(a[i], r, sizeof r, f);
            sc_fp_copy(b[i], a[i], f);
            p[i] = a[i];
        }
        sc_batch_inv_var(p, scratch, k, f);
        for (i = 0; i < k; i++) {
            sc_fe w;
            sc_fp_inv_var(w, b[i], f);
            CHECK(sc_fp_eq(w, a[i], f), "simultaneous inversion, %zu of %zu", i, k);
        }
    }
}

static void check_sign_ecdh(sc_batch_pool *pool)
{
    enum { N = 24 };
    static sc_batch_sign_item si[N];
    static sc_batch_ecdh_item ei[N];
    static sc_batch_verify_item vi[N];
    static uint8_t priv[N][SC_FP_MAXBYTES], pub[N][SC_PK_MAX_PUB], msg[N][32];
    static uint8_t sig[N][2 * SC_FP_MAXBYTES], one[2 * SC_FP_MAXBYTES], sec[N][SC_FP_MAXBYTES];
    static const char *names[] = { "secp160r1", "secp256r1", "secp256k1", "sect163k1", "opf160", "sect283r1" };
    sc_err v[N], vv[N];
    size_t i;
    for (i = 0; i < N; i++) {
        const sc_curve *c = sc_curve_find(names[i % 6]);
        size_t pl = SC_PK_MAX_PUB;
        CHECK(sc_keygen(c, priv[i], c->nlen) == SC_OK, "keygen");
        CHECK(sc_pubkey(c, pub[i], &pl, 0, priv[i], c->nlen) == SC_OK, "pubkey");
        tu_rand_bytes(msg[i], sizeof msg[i]);
        si[i] = (sc_batch_sign_item){ c, priv[i], c->nlen, msg[i], sizeof msg[i], SC_HASH_SHA256,
                                      (int)(i & 1), sig[i], 2u * c->nlen };
        vi[i] = (sc_batch_verify_item){ c, pub[i], pl, msg[i], sizeof msg[i],
                                        (i & 1) ? SC_HASH_NONE : SC_HASH_SHA256, sig[i], 2u * c->nlen };
    }
    si[N - 1].privlen = 3;          /* a malformed item: SC_ERR_LENGTH, sig zeroed */
    vi[N - 1].siglen = 0;
    CHECK(sc_batch_sign(pool, v, si, N) == SC_ERR_VERIFY, "sign summary");
    for (i = 0; i < N; i++) {
        const sc_curve *c = si[i].curve;
        sc_err s = si[i].prehashed
            ? sc_ecdsa_sign(c, one, 2u * c->nlen, msg[i], 32, SC_HASH_SHA256, priv[i], si[i].privlen, NULL, 0)
            : sc_ecdsa_sign_msg(c, one, 2u * c->nlen, SC_HASH_SHA256, msg[i], 32, priv[i], si[i].privlen);
        CHECK(v[i] == s, "sign %zu: batch %d single %d", i, (int)v[i], (int)s);
        CHECK(memcmp(one, sig[i], 2u * c->nlen) == 0, "sign %zu: RFC 6979 signature differs", i);
        if (i < N - 1) {
            uint8_t dg[32];
            if (i & 1)
                memcpy(dg, msg[i], 32);
            else
                (void)sc_hash(SC_HASH_SHA256, dg, msg[i], 32);
            CHECK(tu_ossl_ecdsa_verify(c, pub[i], vi[i].publen, dg, 32, sig[i]) == 1, "sign %zu: OpenSSL refuses", i);
        }
    }
    CHECK(sc_batch_verify(pool, NULL, vv, vi, N) == SC_ERR_VERIFY, "verify of the signed batch");
    for (i = 0; i < N - 1; i++)
        CHECK(vv[i] == SC_OK, "signed item %zu does not verify", i);
    /* ECDH: item i with the key of the same curve 6 items on; its secret equals the other side's */
    for (i = 0; i < N; i++) {
        size_t j = (i + 6) % N;
        ei[i] = (sc_batch_ecdh_item){ si[i].curve, priv[i], si[i].curve->nlen, pub[j], vi[j].publen,
                                      sec[i], si[i].curve->flen };
    }
    CHECK(sc_batch_ecdh(pool, v, ei, N) == SC_OK, "ecdh summary");
    for (i = 0; i < N; i++) {
        size_t j = (i + 6) % N;
        const sc_curve *c = ei[i].curve;
        uint8_t other[SC_FP_MAXBYTES];
        CHECK(v[i] == SC_OK, "ecdh %zu: %d", i, (int)v[i]);
        CHECK(sc_ecdh(c, other, c->flen, priv[j], c->nlen, pub[i], vi[i].publen) == SC_OK &&
              memcmp(other, sec[i], c->flen) == 0, "ecdh %zu: not the other side's secret", i);
    }
}

int main(void)
{
    static key keys[32][KEYS];
    static sc_err want[MAXITEMS];
    sc_batch_pool *pool[5] = { NULL };
    sc_batch_cache *small = NULL, *large = NULL;
    sc_batch_cache_stats st;
    size_t ci, i, nossl = 0;
    unsigned th;
    char what[64];

    tu_seed_init("batch");
    CHECK(sc_rng_set(tu_rng_source, NULL) == SC_OK, "rng");
    check_inversion();
    check_tables();

    for (ci = 0; ci < sc_curve_count() && ci < 32; ci++) {
        const sc_curve *c = sc_curve_at(ci);
        if (tu_opf_skip(c->name))
            continue;
        make_items(c, keys[ci]);
    }
    /* mixed curves in one chunk: interleave by a fixed stride permutation */
    for (i = 0; i < nitems; i++) {
        size_t j = (i * 7919u) % nitems;
        sc_batch_verify_item t = items[i];
        int e = expect_ok[i];
        items[i] = items[j];
        items[j] = t;
        expect_ok[i] = expect_ok[j];
        expect_ok[j] = e;
    }
    for (i = 0; i < nitems; i++) {
        want[i] = single(&items[i]);
        CHECK((want[i] == SC_OK) == expect_ok[i], "item %zu (%s): single verdict %d, expected %s", i,
              items[i].curve ? items[i].curve->name : "-", (int)want[i], expect_ok[i] ? "valid" : "invalid");
        /* OpenSSL on the well-formed items (right lengths, a key, a known hash) */
        if (items[i].curve && items[i].pub && items[i].data && items[i].sig &&
            items[i].siglen == 2u * items[i].curve->nlen && (want[i] == SC_OK || want[i] == SC_ERR_VERIFY)) {
            uint8_t dg[SC_HASH_MAX_LEN];
            size_t dl = items[i].datalen;
            int o;
            if (items[i].alg == SC_HASH_NONE)
                memcpy(dg, items[i].data, dl);
            else
                (void)sc_hash(items[i].alg, dg, items[i].data, dl), dl = sc_hash_len(items[i].alg);
            o = tu_ossl_ecdsa_verify(items[i].curve, items[i].pub, items[i].publen, dg, dl, items[i].sig);
            if (o >= 0) {
                ossl_checked[i] = 1;
                nossl++;
                CHECK(o == (want[i] == SC_OK), "item %zu (%s): OpenSSL says %d, seacurve %d", i,
                      items[i].curve->name, o, (int)want[i]);
            }
        }
    }
    printf("%zu items, %zu also verified by OpenSSL\n", nitems, nossl);
    CHECK(nossl > nitems / 2, "OpenSSL checked too few items");

    for (th = 1; th <= 4; th++)
        CHECK(sc_batch_pool_new(&pool[th], th) == SC_OK && sc_batch_pool_threads(pool[th]) == th,
              "pool of %u", th);
    CHECK(sc_batch_cache_new(&small, 0) == SC_ERR_ARG && small == NULL, "a cache below two slots");
    sc_batch_cache_new(&small, 1);
    CHECK(small == NULL, "1-byte cache");
    CHECK(sc_batch_cache_new(&small, 3 * 56000 + 4096) == SC_OK, "small cache");
    CHECK(sc_batch_cache_new(&large, (size_t)64 << 20) == SC_OK, "large cache");
    sc_batch_cache_get_stats(small, &st);
    CHECK(st.bytes <= 3 * 56000 + 4096 && st.slots >= 2, "small cache: %zu B, %zu slots", st.bytes, st.slots);
    printf("cache slot: %zu B; small cache %zu slots\n", st.slot_bytes, st.slots);

    check_batch("no pool, no cache", NULL, NULL, want);
    for (th = 1; th <= 4; th++) {
        snprintf(what, sizeof what, "%u threads, no cache", th);
        check_batch(what, pool[th], NULL, want);
        snprintf(what, sizeof what, "%u threads, small cache", th);
        check_batch(what, pool[th], small, want);
        snprintf(what, sizeof what, "%u threads, large cache", th);
        check_batch(what, pool[th], large, want);
    }
    sc_batch_cache_get_stats(small, &st);
    printf("small cache: hits %llu, misses %llu, builds %llu, evictions %llu, bypass %llu\n",
           (unsigned long long)st.hits, (unsigned long long)st.misses, (unsigned long long)st.builds,
           (unsigned long long)st.evictions, (unsigned long long)st.bypass);
    CHECK(st.evictions > 0 && st.builds > st.slots, "the small cache evicted nothing");
    sc_batch_cache_get_stats(large, &st);
    printf("large cache: hits %llu, misses %llu, builds %llu, evictions %llu, bypass %llu\n",
           (unsigned long long)st.hits, (unsigned long long)st.misses, (unsigned long long)st.builds,
           (unsigned long long)st.evictions, (unsigned long long)st.bypass);
    CHECK(st.evictions == 0 && st.hits > st.misses, "the large cache: no evictions, mostly hits");

    CHECK(sc_batch_verify(pool[2], NULL, NULL, items, 3) == SC_ERR_ARG, "NULL verdicts");
    CHECK(sc_batch_verify(pool[2], NULL, NULL, NULL, 0) == SC_OK, "empty batch");
    check_sign_ecdh(pool[3]);

    for (th = 1; th <= 4; th++)
        sc_batch_pool_free(pool[th]);
    sc_batch_cache_free(small);
    sc_batch_cache_free(large);
    sc_batch_pool_free(NULL);
    sc_batch_cache_free(NULL);
    return tu_done("batch");
}
