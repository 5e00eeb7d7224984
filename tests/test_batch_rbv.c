/* Randomized batch verification (sc_batch_verify_rbv): every verdict equals the
 * single call's (sc_ecdsa_verify / sc_ecdsa_verify_msg) on batches of valid,
 * forged (bad r, bad s, wrong key, wrong message, an r that lifts to no point)
 * and malformed items (r >= n, r = 0, s = 0, lengths, keys), on secp160r1,
 * P-256 and secp256k1 and on mixed batches of every curve; with the recovery
 * ids, without them (the sign patterns) and with wrong ones; on 1, 2 and 4
 * threads.  OpenSSL's verdict is asked of every well-formed item.  The
 * counters show that valid batches pass on the batch path (no equation fails,
 * no item goes to the single call), that batches of unknown signs needed
 * more than one candidate, i.e. would fail with the all-even sign pattern,
 * and that without randomness no equation is accepted. */
#define OPENSSL_SUPPRESS_DEPRECATED /* EC_KEY / ECDSA_do_verify: the low-level verifier compared here */
#include <seacurve/batch.h>
#include <seacurve/seacurve.h>
#include <seacurve/ec.h>
#include <seacurve/mp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "osslecdsa.h"
#include "testutil.h"

#define MAXITEMS 2048

static sc_batch_verify_item items[MAXITEMS];
static uint8_t recid[MAXITEMS], badrecid[MAXITEMS];
static uint8_t store[MAXITEMS][3][160];
static sc_err want[MAXITEMS], got[MAXITEMS];
static size_t nitems;

/* The weights are drawn on the pool's threads: the test's seeded source behind a lock
 * (rng.h: a source is called concurrently). */
static pthread_mutex_t rng_mu = PTHREAD_MUTEX_INITIALIZER;
static int rng_fail;                    /* set: the source fails (under rng_mu) */

static int locked_rng(void *ctx, uint8_t *out, size_t len)
{
    int r;
    pthread_mutex_lock(&rng_mu);
    r = rng_fail ? -1 : tu_rng_source(ctx, out, len);
    pthread_mutex_unlock(&rng_mu);
    return r;
}

static sc_err single(const sc_batch_verify_item *it)
{
    if (it->alg == SC_HASH_NONE)
        return sc_ecdsa_verify(it->curve, it->sig, it->siglen, it->data, it->datalen, it->pub, it->publen);
    return sc_ecdsa_verify_msg(it->curve, it->sig, it->siglen, it->alg, it->data, it->datalen, it->pub,
                               it->publen);
}

/* The recovery id of a well-formed item from R = u1 G + u2 Q (sc_ec_mul2_var, the single
 * path's arithmetic; OpenSSL gives no R of a signature): bit 0 y(R) odd, bit 1 x(R) >= n;
 * 0 when there is no R. */
static uint8_t recovery_id(const sc_curve *c, const uint8_t *pub, size_t publen, const uint8_t *dg,
                           size_t dglen, const uint8_t *sig)
{
    const sc_fp_field *fn = c->fn, *fp;
    sc_ep_aff q, R;
    sc_fe r, s, e, u1, u2, yc;
    uint8_t raw[SC_PK_MAX_PUB], db[SC_FP_MAXBYTES], xb[SC_FP_MAXBYTES + 1], nb[SC_FP_MAXBYTES + 1];
    size_t take = dglen < c->nlen ? dglen : c->nlen, rawlen = sizeof raw, L;
    if (!c->ep || sc_pub_convert(c, raw, &rawlen, 0, pub, publen) != SC_OK)
        return 0;
    fp = c->ep->fp;
    if (sc_fp_from_bytes(q.x, raw + 1, c->flen, fp) != SC_OK ||
        sc_fp_from_bytes(q.y, raw + 1 + c->flen, c->flen, fp) != SC_OK ||
        sc_fp_from_bytes(r, sig, c->nlen, fn) != SC_OK || sc_fp_from_bytes(s, sig + c->nlen, c->nlen, fn) != SC_OK ||
        sc_fp_is_zero(s, fn))
        return 0;
    /* bits2int: the leftmost nbits bits of the digest */
    memset(db, 0, sizeof db);
    memcpy(db, dg, take);
    if (dglen >= c->nlen && c->nlen * 8u > c->nbits) {
        unsigned sh = c->nlen * 8u - c->nbits, carry = 0, bt;
        size_t i;
        for (i = 0; i < take; i++) {
            bt = db[i];
            db[i] = (uint8_t)((bt >> sh) | carry);
            carry = (bt << (8u - sh)) & 0xffu;
        }
    }
    sc_fp_from_bytes_reduce(e, db, take, fn);
    sc_fp_inv(s, s, fn);
    sc_fp_mul(u1, e, s, fn);
    sc_fp_mul(u2, r, s, fn);
    sc_fp_to_canon(u1, u1, fn);
    sc_fp_to_canon(u2, u2, fn);
    if (sc_ec_mul2_var(&R, u1, u2, &q, c->ep) != SC_OK)
        return 0;
    sc_fp_to_canon(yc, R.y, fp);
    /* x(R) and n as big-endian numbers of L bytes */
    L = c->flen > c->nlen ? c->flen : c->nlen;
    memset(xb, 0, sizeof xb);
    sc_fp_to_bytes(xb + L - c->flen, R.x, fp);
    sc_mp_to_be(nb, L, fn->p, fn->nw);
    return (uint8_t)((yc[0] & 1u) | (memcmp(xb, nb, L) >= 0 ? 2u : 0u));
}

static void add(const sc_curve *c, const uint8_t *pub, size_t publen, const uint8_t *data, size_t datalen,
                sc_hash_alg alg, const uint8_t *sig, size_t siglen)
{
    size_t i = nitems++;
    uint8_t dg[SC_HASH_MAX_LEN];
    const uint8_t *d = data;
    size_t dl = datalen;
    if (!CHECK(i < MAXITEMS, "too many items"))
        exit(1);
    memcpy(store[i][0], pub, publen);
    memcpy(store[i][1], data, datalen);
    memcpy(store[i][2], sig, siglen);
    items[i] = (sc_batch_verify_item){ c, store[i][0], publen, store[i][1], datalen, alg, store[i][2], siglen };
    if (alg != SC_HASH_NONE) {
        (void)sc_hash(alg, dg, data, datalen);
        d = dg;
        dl = sc_hash_len(alg);
    }
    recid[i] = siglen == 2u * c->nlen ? recovery_id(c, pub, publen, d, dl, sig) : 0;
    badrecid[i] = recid[i] ^ 1u;
}

/* An r (nlen bytes, < n) with no point of x = r, or 0 if none was found. */
static int no_lift_r(const sc_curve *c, uint8_t *r)
{
    int tries;
    for (tries = 0; tries < 200; tries++) {
        sc_fe x;
        sc_ep_aff R;
        tu_rand_bytes(r, c->nlen);
        r[0] = 0;                                   /* below n and p */
        /* r as an x-coordinate: its last flen bytes (r[0] = 0 where nlen > flen) */
        if (sc_fp_from_bytes(x, r + (c->nlen > c->flen ? c->nlen - c->flen : 0), c->flen, c->ep->fp) != SC_OK)
            continue;
        sc_fp_to_canon(x, x, c->ep->fp);
        if (sc_ep_decompress_var(&R, x, 0, c->ep) == SC_ERR_POINT)
            return 1;
    }
    return 0;
}

/* A curve's items: per key, valid signatures (message and digest forms), then forgeries
 * and malformed ones. */
static void make_items(const sc_curve *c, int keys, int msgs, int forge)
{
    uint8_t priv[SC_FP_MAXBYTES], pub[SC_PK_MAX_PUB], pub2[SC_PK_MAX_PUB], msg[40], dg[SC_HASH_MAX_LEN];
    uint8_t sig[2 * SC_FP_MAXBYTES], bad[2 * SC_FP_MAXBYTES];
    size_t sl = 2u * c->nlen, pl, pl2 = sizeof pub2;
    int k, m;
    uint8_t p2[SC_FP_MAXBYTES];
    CHECK(sc_keygen(c, p2, c->nlen) == SC_OK && sc_pubkey(c, pub2, &pl2, 0, p2, c->nlen) == SC_OK, "%s key",
          c->name);
    for (k = 0; k < keys; k++) {
        pl = sizeof pub;
        CHECK(sc_keygen(c, priv, c->nlen) == SC_OK, "%s keygen", c->name);
        CHECK(sc_pubkey(c, pub, &pl, k & 1, priv, c->nlen) == SC_OK, "%s pubkey", c->name);
        for (m = 0; m < msgs; m++) {
            tu_rand_bytes(msg, sizeof msg);
            CHECK(sc_ecdsa_sign_msg(c, sig, sl, SC_HASH_SHA256, msg, sizeof msg, priv, c->nlen) == SC_OK,
                  "%s sign", c->name);
            (void)sc_hash(SC_HASH_SHA256, dg, msg, sizeof msg);
            if (m & 1)
                add(c, pub, pl, msg, sizeof msg, SC_HASH_SHA256, sig, sl);
            else
                add(c, pub, pl, dg, 32, SC_HASH_NONE, sig, sl);
            if (!forge || m > 0)
                continue;
            memcpy(bad, sig, sl);                               /* bad r */
            bad[c->nlen - 1] ^= 1;
            add(c, pub, pl, dg, 32, SC_HASH_NONE, bad, sl);
            memcpy(bad, sig, sl);                               /* bad s */
            bad[sl - 1] ^= 4;
            add(c, pub, pl, dg, 32, SC_HASH_NONE, bad, sl);
            add(c, pub2, pl2, dg, 32, SC_HASH_NONE, sig, sl);   /* wrong key */
            dg[5] ^= 0x10;                                      /* wrong message */
            add(c, pub, pl, dg, 32, SC_HASH_NONE, sig, sl);
            dg[5] ^= 0x10;
            memcpy(bad, sig, sl);                               /* r with no point */
            if (c->ep && no_lift_r(c, bad))
                add(c, pub, pl, dg, 32, SC_HASH_NONE, bad, sl);
            memcpy(bad, sig, sl);                               /* r >= n */
            memset(bad, 0xff, c->nlen);
            add(c, pub, pl, dg, 32, SC_HASH_NONE, bad, sl);
            memcpy(bad, sig, sl);                               /* r = 0 */
            memset(bad, 0, c->nlen);
            add(c, pub, pl, dg, 32, SC_HASH_NONE, bad, sl);
            memcpy(bad, sig, sl);                               /* s = 0 */
            memset(bad + c->nlen, 0, c->nlen);
            add(c, pub, pl, dg, 32, SC_HASH_NONE, bad, sl);
            add(c, pub, pl, dg, 32, SC_HASH_NONE, sig, sl - 1); /* short signature */
            memcpy(bad, pub, pl);                               /* key off the curve */
            bad[pl - 1] ^= 1;
            add(c, bad, pl, dg, 32, SC_HASH_NONE, sig, sl);
            add(c, pub, pl, msg, sizeof msg, (sc_hash_alg)77, sig, sl);  /* unknown hash */
        }
    }
}

static void expect(const char *what)
{
    size_t i, nossl = 0;
    for (i = 0; i < nitems; i++) {
        const sc_batch_verify_item *it = &items[i];
        want[i] = single(it);
        if (it->siglen == 2u * it->curve->nlen && (want[i] == SC_OK || want[i] == SC_ERR_VERIFY) &&
            it->alg == SC_HASH_NONE) {
            int o = tu_ossl_ecdsa_verify(it->curve, it->pub, it->publen, it->data, it->datalen, it->sig);
            if (o >= 0) {
                nossl++;
                CHECK(o == (want[i] == SC_OK), "%s: item %zu (%s): OpenSSL %d, seacurve %d", what, i,
                      it->curve->name, o, (int)want[i]);
            }
        }
    }
    CHECK(nossl > 0, "%s: OpenSSL checked nothing", what);
}

static void run(const char *what, sc_batch_pool *pool, const uint8_t *rid, sc_batch_rbv_stats *st)
{
    size_t i, bad = 0, nok = 0;
    sc_err all = sc_batch_verify_rbv(pool, got, items, rid, nitems, st);
    for (i = 0; i < nitems; i++) {
        if (got[i] != want[i] && bad++ < 5)
            CHECK(0, "%s: item %zu (%s) rbv %d, single %d", what, i, items[i].curve->name, (int)got[i],
                  (int)want[i]);
        nok += want[i] == SC_OK;
    }
    CHECK(bad == 0, "%s: %zu verdicts differ from the single calls", what, bad);
    CHECK(all == (nok == nitems ? SC_OK : SC_ERR_VERIFY), "%s: summary %d", what, (int)all);
}

int main(void)
{
    static const char *named[] = { "secp160r1", "secp256r1", "secp256k1" };
    sc_batch_pool *pool[5] = { NULL };
    sc_batch_rbv_stats st;
    size_t ci, i;
    unsigned th;
    char what[96];

    tu_seed_init("batch_rbv");
    CHECK(sc_rng_set(locked_rng, NULL) == SC_OK, "rng");
    for (th = 1; th <= 4; th *= 2)
        CHECK(sc_batch_pool_new(&pool[th], th) == SC_OK, "pool of %u", th);

    for (ci = 0; ci < 3; ci++) {
        const sc_curve *c = sc_curve_find(named[ci]);
        if (!c)
            continue;
        /* all valid: the batch path alone, with ids, without (sign patterns), with wrong ids */
        nitems = 0;
        make_items(c, 16, 4, 0);
        expect(c->name);
        snprintf(what, sizeof what, "%s valid, ids", c->name);
        run(what, NULL, recid, &st);
        CHECK(st.groups_failed == 0 && st.singles == 0 && st.groups == (nitems + 31) / 32 &&
                  st.candidates == st.groups && st.sqrts == nitems,
              "%s: groups %llu failed %llu singles %llu cand %llu sqrts %llu", what,
              (unsigned long long)st.groups, (unsigned long long)st.groups_failed,
              (unsigned long long)st.singles, (unsigned long long)st.candidates, (unsigned long long)st.sqrts);
        snprintf(what, sizeof what, "%s valid, no ids", c->name);
        run(what, NULL, NULL, &st);
        /* n > p on secp160r1: x = r always; on the others r + n < p has probability ~2^-128 */
        CHECK(st.groups_failed == 0 && st.singles == 0 && st.groups == nitems / SC_BATCH_RBV_SIGNS,
              "%s: groups %llu failed %llu singles %llu", what, (unsigned long long)st.groups,
              (unsigned long long)st.groups_failed, (unsigned long long)st.singles);
        CHECK(st.candidates > st.groups, "%s: %llu candidates for %llu groups: every sign even?", what,
              (unsigned long long)st.candidates, (unsigned long long)st.groups);
        snprintf(what, sizeof what, "%s valid, wrong ids", c->name);
        run(what, pool[2], badrecid, &st);
        CHECK(st.groups_failed == st.groups && st.singles == nitems, "%s: every equation fails", what);
        /* with forgeries and malformed items */
        nitems = 0;
        make_items(c, 6, 3, 1);
        expect(c->name);
        for (th = 1; th <= 4; th *= 2) {
            snprintf(what, sizeof what, "%s forged, ids, %u threads", c->name, th);
            run(what, pool[th], recid, &st);
            snprintf(what, sizeof what, "%s forged, no ids, %u threads", c->name, th);
            run(what, pool[th], NULL, &st);
        }
        CHECK(st.groups_failed > 0, "%s: forged items and no failed equation", c->name);
    }

    /* every curve of the build in one batch (binary curves and the cofactor go to the single
     * call), interleaved so that groups mix curves */
    nitems = 0;
    for (ci = 0; ci < sc_curve_count(); ci++) {
        const sc_curve *c = sc_curve_at(ci);
        if (tu_opf_skip(c->name))
            continue;
        make_items(c, 2, 3, ci % 2 == 0);
    }
    for (i = 0; i < nitems; i++) {
        size_t j = (i * 7919u) % nitems;
        sc_batch_verify_item t = items[i];
        uint8_t a = recid[i], b = badrecid[i];
        items[i] = items[j], items[j] = t;
        recid[i] = recid[j], recid[j] = a;
        badrecid[i] = badrecid[j], badrecid[j] = b;
    }
    expect("all curves");
    for (th = 1; th <= 4; th *= 2) {
        snprintf(what, sizeof what, "all curves, ids, %u threads", th);
        run(what, pool[th], recid, &st);
        snprintf(what, sizeof what, "all curves, no ids, %u threads", th);
        run(what, pool[th], NULL, &st);
        snprintf(what, sizeof what, "all curves, wrong ids, %u threads", th);
        run(what, pool[th], badrecid, &st);
    }
    memset(recid, SC_BATCH_RECID_NONE, nitems / 2);          /* some ids, some not */
    run("all curves, half the ids", pool[4], recid, NULL);

    /* no randomness: no equation is accepted, every item gets the single call */
    pthread_mutex_lock(&rng_mu);
    rng_fail = 1;
    pthread_mutex_unlock(&rng_mu);
    memcpy(recid, badrecid, nitems);
    for (i = 0; i < nitems; i++)
        recid[i] ^= 1u;
    run("all curves, no RNG", pool[2], recid, &st);
    CHECK(st.groups == 0 && st.groups_failed > 0 && st.singles == nitems, "no RNG: %llu equations, %llu singles",
          (unsigned long long)st.groups, (unsigned long long)st.singles);
    pthread_mutex_lock(&rng_mu);
    rng_fail = 0;
    pthread_mutex_unlock(&rng_mu);

    CHECK(sc_batch_verify_rbv(NULL, NULL, items, NULL, 3, NULL) == SC_ERR_ARG, "NULL verdicts");
    CHECK(sc_batch_verify_rbv(NULL, NULL, NULL, NULL, 0, &st) == SC_OK && st.groups == 0, "empty batch");
    for (th = 1; th <= 4; th *= 2)
        sc_batch_pool_free(pool[th]);
    return tu_done("batch_rbv");
}
