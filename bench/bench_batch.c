/* sc-bench-batch: throughput of the batch layer (include/seacurve/batch.h).
 *
 *     sc-bench-batch [-n ITEMS] [-r REPS] [curve ...]    (default: secp160r1 secp256r1 secp256k1)
 *
 * For each curve, verifications per second of ITEMS signatures (SHA-256
 * digests, P1363 signatures, uncompressed keys), the median of REPS runs; the
 * configurations run in turn within each rep and every ratio is the median of
 * the per-rep ratios, so that the shared machine's changing load moves both
 * sides of a ratio alike:
 *   single        sc_ecdsa_verify in a loop, one thread
 *   batch 1 cold  sc_batch_verify, one thread, every item a different key, no cache
 *   batch 2 cold  the same on two threads (goal: >= 1.9x batch 1); this ratio alone is
 *                 timed by the wall clock on both sides, 1 and 2 threads alternating
 *                 (AB BA AB ...), the median of the per-pair ratios with their range
 *   batch all     the same on every online CPU
 *   repeat 1      16 keys signing all items, their tables in a warm cache, one thread
 *                 (goal: >= 2x batch 1 cold)
 *   table build   one key's fixed-base table (sc_batch_tab_build), in cold batch verifications
 *   rbv N ids     sc_batch_verify_rbv in calls of N items (8, 32, 128), one thread, each
 *                 item with its recovery id; rbv N no ids: without them (sign patterns);
 *                 with the counts per item of square roots, candidates and single calls;
 *                 rbv N=32 1 forged: with ids, one forged item in each call (its equation
 *                 fails: every item of the call goes to the single call)
 *   libsecp256k1  secp256k1_ecdsa_verify in a loop (parse, normalize, verify), one thread,
 *                 on the same items (secp256k1 only; goal: batch 1 cold >= this)
 * One thread is timed by the process's CPU time (a figure per CPU second, which other
 * processes on a shared machine do not move), several threads by the wall clock (their
 * speed-up needs idle cores), except in the 2-thread scaling pair (both wall clock).
 * The machine's load average is printed with the figures.  Figures, not assertions. */
#define _POSIX_C_SOURCE 200809L /* getopt */
#include <seacurve/batch.h>
#include <seacurve/seacurve.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench_core.h"
#include "batch/batch_internal.h"
#ifdef SC_HAVE_LIBSECP256K1
#include <secp256k1.h>
#endif

typedef struct set {
    const sc_curve *c;
    size_t n;
    sc_batch_verify_item *it;
    uint8_t *mem;
} set;

/* n items signed by nkeys keys (item i by key i mod nkeys). */
static int make_set(set *s, const sc_curve *c, size_t n, size_t nkeys)
{
    size_t per = 32 + SC_PK_MAX_PUB + 2 * SC_FP_MAXBYTES, i;
    uint8_t (*priv)[SC_FP_MAXBYTES] = malloc(nkeys * SC_FP_MAXBYTES);
    s->c = c;
    s->n = n;
    s->it = calloc(n, sizeof *s->it);
    s->mem = malloc(n * per);
    if (!priv || !s->it || !s->mem)
        return -1;
    for (i = 0; i < nkeys; i++)
        if (sc_keygen(c, priv[i], c->nlen) != SC_OK)
            return -1;
    for (i = 0; i < n; i++) {
        uint8_t *dg = s->mem + i * per, *pub = dg + 32, *sig = pub + SC_PK_MAX_PUB;
        size_t pl = SC_PK_MAX_PUB;
        if (sc_random(dg, 32) != SC_OK ||
            sc_pubkey(c, pub, &pl, 0, priv[i % nkeys], c->nlen) != SC_OK ||
            sc_ecdsa_sign(c, sig, 2u * c->nlen, dg, 32, SC_HASH_SHA256, priv[i % nkeys], c->nlen, NULL, 0) != SC_OK)
            return -1;
        s->it[i] = (sc_batch_verify_item){ c, pub, pl, dg, 32, SC_HASH_NONE, sig, 2u * c->nlen };
    }
    free(priv);
    return 0;
}

/* A copy of s whose every 32nd item from the 5th has its s altered (a forgery). */
static int make_forged(set *f, const set *s)
{
    size_t i;
    f->c = s->c;
    f->n = s->n;
    f->it = malloc(s->n * sizeof *f->it);
    f->mem = malloc(s->n * 2u * SC_FP_MAXBYTES);
    if (!f->it || !f->mem)
        return -1;
    for (i = 0; i < s->n; i++) {
        uint8_t *sig = f->mem + i * 2u * SC_FP_MAXBYTES;
        memcpy(sig, s->it[i].sig, s->it[i].siglen);
        if (i % 32u == 5u)
            sig[s->it[i].siglen - 1] ^= 1u;
        f->it[i] = s->it[i];
        f->it[i].sig = sig;
    }
    return 0;
}

static void free_set(set *s)
{
    free(s->it);
    free(s->mem);
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Nanoseconds of the process's CPU time (cpu set: what one thread computes, whatever else
 * runs on the machine) or of the wall clock (the figure of several threads). */
static uint64_t now_ns(int cpu)
{
    struct timespec ts;
    if (!cpu)
        return bc_now_ns();
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Median verifications per second of REPS runs (per CPU second with one thread, per wall
 * second with several); -1 if an item failed. */
static double run_batch_clock(const set *s, sc_batch_pool *pool, sc_batch_cache *cache, int reps, sc_err *v,
                              int cpu)
{
    double t[64];
    int r;
    for (r = 0; r < reps; r++) {
        uint64_t t0 = now_ns(cpu);
        if (sc_batch_verify(pool, cache, v, s->it, s->n) != SC_OK)
            return -1;
        t[r] = (double)s->n * 1e9 / (double)(now_ns(cpu) - t0);
    }
    qsort(t, (size_t)reps, sizeof t[0], cmp_d);
    return t[reps / 2];
}

static double run_batch(const set *s, sc_batch_pool *pool, sc_batch_cache *cache, int reps, sc_err *v)
{
    return run_batch_clock(s, pool, cache, reps, v, sc_batch_pool_threads(pool) == 1);
}

/* Verifications per CPU second of sc_batch_verify_rbv over the set in calls of per items,
 * one thread, with the recovery ids rid or none (NULL); st sums the counters; -1 if an
 * item failed (with forged set: if an item other than every 32nd from the 5th failed). */
static double run_rbv(const set *s, size_t per, const uint8_t *rid, sc_batch_rbv_stats *st, sc_err *v, int forged)
{
    sc_batch_rbv_stats one;
    uint64_t t0 = now_ns(1);
    size_t b;
    memset(st, 0, sizeof *st);
    for (b = 0; b < s->n; b += per) {
        size_t k = s->n - b < per ? s->n - b : per;
        if (sc_batch_verify_rbv(NULL, v, s->it + b, rid ? rid + b : NULL, k, &one) != SC_OK) {
            size_t i;
            for (i = 0; i < k; i++)
                if ((v[i] != SC_OK) != (forged && (b + i) % 32u == 5u))
                    return -1;
        }
        st->groups += one.groups;
        st->groups_failed += one.groups_failed;
        st->candidates += one.candidates;
        st->sqrts += one.sqrts;
        st->singles += one.singles;
    }
    return (double)s->n * 1e9 / (double)(now_ns(1) - t0);
}

/* The recovery id of each item: the one of 0 .. 3 whose one-item equation holds (the
 * signer knows it; this benchmark's signer does not return it). */
static int find_recids(uint8_t *rid, const set *s)
{
    size_t i;
    for (i = 0; i < s->n; i++) {
        sc_batch_rbv_stats st;
        sc_err v;
        for (rid[i] = 0; rid[i] < 4; rid[i]++)
            if (sc_batch_verify_rbv(NULL, &v, &s->it[i], &rid[i], 1, &st) == SC_OK && st.singles == 0)
                break;
        if (rid[i] == 4)
            return -1;
    }
    return 0;
}

static double run_single(const set *s, int reps)
{
    double t[64];
    int r;
    size_t i;
    for (r = 0; r < reps; r++) {
        uint64_t t0 = now_ns(1);
        for (i = 0; i < s->n; i++) {
            const sc_batch_verify_item *it = &s->it[i];
            if (sc_ecdsa_verify(s->c, it->sig, it->siglen, it->data, it->datalen, it->pub, it->publen) != SC_OK)
                return -1;
        }
        t[r] = (double)s->n * 1e9 / (double)(now_ns(1) - t0);
    }
    qsort(t, (size_t)reps, sizeof t[0], cmp_d);
    return t[reps / 2];
}

#ifdef SC_HAVE_LIBSECP256K1
static double run_libsecp(const set *s, int reps)
{
    secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_VERIFY);
    double t[64], res = -1;
    int r;
    size_t i;
    for (r = 0; r < reps; r++) {
        uint64_t t0 = now_ns(1);
        for (i = 0; i < s->n; i++) {
            const sc_batch_verify_item *it = &s->it[i];
            secp256k1_pubkey pk;
            secp256k1_ecdsa_signature sg;
            if (!secp256k1_ec_pubkey_parse(ctx, &pk, it->pub, it->publen) ||
                !secp256k1_ecdsa_signature_parse_compact(ctx, &sg, it->sig))
                goto out;
            secp256k1_ecdsa_signature_normalize(ctx, &sg, &sg);
            if (!secp256k1_ecdsa_verify(ctx, &sg, it->data, &pk))
                goto out;
        }
        t[r] = (double)s->n * 1e9 / (double)(now_ns(1) - t0);
    }
    qsort(t, (size_t)reps, sizeof t[0], cmp_d);
    res = t[reps / 2];
out:
    secp256k1_context_destroy(ctx);
    return res;
}
#endif

/* Median seconds of one table build for the key of the first item. */
static double time_table(const set *s, int reps)
{
    sc_batch_tab t;
    sc_ep_aff q;
    double v[64];
    int r;
    t.c = s->c;
    t.pts = malloc(sc_batch_tab_words(s->c) * sizeof(sc_word));
    if (!t.pts || sc_batch_decode_pub(&q, s->c, s->it[0].pub, s->it[0].publen) != SC_OK) {
        free(t.pts);
        return -1;
    }
    for (r = 0; r < reps; r++) {
        uint64_t t0 = now_ns(1);
        sc_batch_tab_build(&t, &q);
        v[r] = (double)(now_ns(1) - t0) / 1e9;
    }
    free(t.pts);
    qsort(v, (size_t)reps, sizeof v[0], cmp_d);
    return v[reps / 2];
}

/* The median of n values (sorts a copy). */
static double med(const double *x, int n)
{
    double t[64];
    memcpy(t, x, (size_t)n * sizeof t[0]);
    qsort(t, (size_t)n, sizeof t[0], cmp_d);
    return t[n / 2];
}

static double loadavg(void)
{
    double l = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &l) != 1)
            l = -1;
        fclose(f);
    }
    return l;
}

static void row(const char *curve, const char *what, double vps, double ratio, const char *goal)
{
    printf("%-10s %-34s %12.0f verify/s  %6.2fx  %s\n", curve, what, vps, ratio, goal);
}

int main(int argc, char **argv)
{
    static const char *defaults[] = { "secp160r1", "secp256r1", "secp256k1" };
    const char **names = defaults;
    size_t n = 2048, i;
    int reps = 5, nnames = 3, opt;
    sc_batch_pool *p1 = NULL, *p2 = NULL, *pall = NULL;
    sc_err *v;

    while ((opt = getopt(argc, argv, "n:r:")) != -1) {
        if (opt == 'n')
            n = (size_t)strtoul(optarg, NULL, 10);
        else if (opt == 'r')
            reps = atoi(optarg);
        else {
            fprintf(stderr, "usage: sc-bench-batch [-n ITEMS] [-r REPS] [curve ...]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > 63 || n == 0) {
        fprintf(stderr, "sc-bench-batch: 1 <= REPS <= 63, ITEMS > 0\n");
        return 2;
    }
    if (optind < argc) {
        names = (const char **)(argv + optind);
        nnames = argc - optind;
    }
    v = calloc(n, sizeof *v);
    if (!v || sc_batch_pool_new(&p1, 1) != SC_OK || sc_batch_pool_new(&p2, 2) != SC_OK ||
        sc_batch_pool_new(&pall, 0) != SC_OK) {
        fprintf(stderr, "sc-bench-batch: no memory or no threads\n");
        return 1;
    }
    printf("# sc-bench-batch: %zu items, median of %d runs, %u online CPUs; 1 thread: per CPU second "
           "(process CPU time), 2+ threads: per wall second; load average %.2f\n", n, reps,
           sc_batch_pool_threads(pall), loadavg());
    for (i = 0; i < (size_t)nnames; i++) {
        const sc_curve *c = sc_curve_find(names[i]);
        set cold, rep, forged;
        sc_batch_cache *cache = NULL;
        static const size_t rbv_n[3] = { 8, 32, 128 };
        double m[6][64], q[6][64], sc[128], pa[128], pb[128], rb[7][64], rq[7][64], smin, smax;
        sc_batch_rbv_stats rst[7];
        uint8_t *rid = malloc(n);
        char what[96];
        int r, k, npair = 2 * reps;
        if (!c || !c->ep) {
            fprintf(stderr, "sc-bench-batch: %s: not a prime curve of this build\n", names[i]);
            return 2;
        }
        if (!rid || make_set(&cold, c, n, n) || make_set(&rep, c, n, 16) || find_recids(rid, &cold) ||
            make_forged(&forged, &cold) || sc_batch_cache_new(&cache, (size_t)16 << 20) != SC_OK) {
            fprintf(stderr, "sc-bench-batch: setup failed\n");
            return 1;
        }
        /* the configurations in turn within each rep, so that a change of the machine's load
         * moves all of them; each ratio is the median of its per-rep ratios */
        (void)run_batch(&rep, p1, cache, 1, v);          /* warm the cache: 16 keys + G */
        (void)run_batch(&rep, p1, cache, 1, v);
        for (r = 0; r < reps; r++) {
            m[0][r] = run_single(&cold, 1);
            m[1][r] = run_batch(&cold, p1, NULL, 1, v);
            m[2][r] = 0;                                 /* 2 threads: the scaling pairs below */
            m[3][r] = run_batch(&cold, pall, NULL, 1, v);
            m[4][r] = run_batch(&rep, p1, cache, 1, v);
            m[5][r] = -2;
#ifdef SC_HAVE_LIBSECP256K1
            if (!strcmp(c->name, "secp256k1"))
                m[5][r] = run_libsecp(&cold, 1);
#endif
            for (k = 0; k < 7; k++) {
                if (k == 6)                              /* one forgery in each call of 32 */
                    rb[k][r] = run_rbv(&forged, 32, rid, &rst[k], v, 1);
                else
                    rb[k][r] = run_rbv(&cold, rbv_n[k / 2], k % 2 ? NULL : rid, &rst[k], v, 0);
                rq[k][r] = rb[k][r] / m[1][r];           /* rbv / batch 1 cold */
                if (rb[k][r] == -1) {
                    fprintf(stderr, "sc-bench-batch: %s: an item failed to verify (rbv)\n", c->name);
                    return 1;
                }
            }
            for (k = 0; k < 6; k++)
                if (m[k][r] == -1) {
                    fprintf(stderr, "sc-bench-batch: %s: an item failed to verify\n", c->name);
                    return 1;
                }
            q[0][r] = m[1][r] / m[0][r];                 /* batch 1 / single */
            q[2][r] = m[3][r] / m[1][r];                 /* batch all / batch 1 */
            q[3][r] = m[4][r] / m[1][r];                 /* repeat / batch 1 */
            q[4][r] = m[1][r] / m[5][r];                 /* batch 1 / libsecp256k1 */
            q[5][r] = m[4][r] / m[5][r];                 /* repeat / libsecp256k1 */
        }
        row(c->name, "single (sc_ecdsa_verify), 1 thread", med(m[0], reps), 1.0, "");
        row(c->name, "batch, 1 thread, cold", med(m[1], reps), med(q[0], reps), "(x single)");
        /* the scaling pair: 1 and 2 threads, both by the wall clock, alternating */
        for (r = 0; r < npair; r++) {
            double a, b;
            if (r % 2) {
                b = run_batch_clock(&cold, p2, NULL, 1, v, 0);
                a = run_batch_clock(&cold, p1, NULL, 1, v, 0);
            } else {
                a = run_batch_clock(&cold, p1, NULL, 1, v, 0);
                b = run_batch_clock(&cold, p2, NULL, 1, v, 0);
            }
            sc[r] = b / a;
            pa[r] = a;
            pb[r] = b;
        }
        smin = smax = sc[0];
        for (r = 1; r < npair; r++) {
            smin = sc[r] < smin ? sc[r] : smin;
            smax = sc[r] > smax ? sc[r] : smax;
        }
        row(c->name, "batch, 1 thread, cold, wall clock", med(pa, npair), 1.0, "(the scaling pair's 1 thread)");
        snprintf(what, sizeof what, "(x batch 1 wall, %d pairs AB BA, range %.2f..%.2f; goal >= 1.9)", npair, smin,
                 smax);
        row(c->name, "batch, 2 threads, cold, wall clock", med(pb, npair), med(sc, npair), what);
        snprintf(what, sizeof what, "batch, all %u CPUs, cold", sc_batch_pool_threads(pall));
        row(c->name, what, med(m[3], reps), med(q[2], reps), "(x batch 1)");
        row(c->name, "repeat signer (16 keys), 1 thread", med(m[4], reps), med(q[3], reps),
            "(x batch 1 cold; goal >= 2)");
        for (k = 0; k < 7; k++) {
            char goal[160];
            double ni = (double)n;
            if (k == 6)
                snprintf(what, sizeof what, "rbv N=32, ids, 1 forged in 32");
            else
                snprintf(what, sizeof what, "rbv N=%zu, %s, 1 thread", rbv_n[k / 2], k % 2 ? "no ids" : "ids");
            snprintf(goal, sizeof goal, "(x batch 1 cold) per item: %.2f sqrt, %.3f candidates, %.3f single; %.1f candidates/equation",
                     (double)rst[k].sqrts / ni, (double)rst[k].candidates / ni, (double)rst[k].singles / ni,
                     rst[k].groups ? (double)rst[k].candidates / (double)rst[k].groups : 0.0);
            row(c->name, what, med(rb[k], reps), med(rq[k], reps), goal);
        }
        {
            double tb = time_table(&cold, reps);
            printf("%-10s %-34s %12.0f us        %6.1f cold batch verifications (%zu B)\n", c->name,
                   "table build, one key", tb * 1e6, tb * med(m[1], reps), sc_batch_tab_words(c) * sizeof(sc_word));
        }
        if (m[5][0] > 0) {
            row(c->name, "libsecp256k1 0.2, 1 thread", med(m[5], reps), 1.0, "");
            row(c->name, "batch 1 thread cold / libsecp256k1", med(m[1], reps), med(q[4], reps), "(goal >= 1.0)");
            row(c->name, "repeat signer / libsecp256k1", med(m[4], reps), med(q[5], reps), "");
        }
        sc_batch_cache_free(cache);
        free(rid);
        free_set(&forged);
        free_set(&cold);
        free_set(&rep);
    }
    printf("# load average at the end: %.2f\n", loadavg());
    sc_batch_pool_free(p1);
    sc_batch_pool_free(p2);
    sc_batch_pool_free(pall);
    free(v);
    return 0;
}
