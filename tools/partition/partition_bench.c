/* sc-partition: the partitioning experiment's measurements (docs/partition.md).
 *
 *   sc-partition [--quick] [--reps R] [--max-bytes B] [--curves a,b,...] [--batches n,n,...]
 *                [--overhead F]
 *
 * Over the local baseline and the thread, process and OpenCL transports
 * (partition.h), CSV with '#' comment lines, one table after the other:
 *  rt      round trip of an echo against message size, 16 B to B by factors
 *          of 4 (the analogue of [OMAP] Table IV), median of R, microseconds;
 *  fit     L and B of T(b) = L + b / B per transport, least squares weighted
 *          by 1 / T^2 (every size counts by its relative error);
 *  gran    end-to-end time of one job at each granularity, on this thread and
 *          through each transport (the analogue of [OMAP] Table VI): one field
 *          multiplication, one k*P, one verification, batches of n
 *          verifications; "-" where a transport does not offer the job;
 *  model   each batch's time predicted by T(n) = L + bytes(n) / B + n c,
 *          c the worker's time per item (the slope between the two largest
 *          batches), against the measured;
 *  fmulb   batches of 1 .. 4096 field multiplications, local and offloaded;
 *  plan    sc_batch_plan's batch size for overhead F (default 0.1) from the
 *          fitted L, B and c, and the overhead measured at that size:
 *          1 - n c_local / T(n) for the CPU transports (workers as fast as
 *          this thread), the fitted share (L + bytes / B) / T(n) otherwise;
 *          for batches of verifications and of field multiplications (the
 *          model rows likewise);
 *  pool    the batch layer's own dispatch: microseconds per range of
 *          sc_batch_run over empty ranges of one item, every thread of a pool
 *          of all CPUs contending for the next range (the bound behind
 *          SC_BATCH_DISPATCH_S).
 * Every offloaded result is compared with the local one (the program exits 1
 * on a difference).  --quick: a smoke run (small sizes, one repetition). */
#define _POSIX_C_SOURCE 200809L
#include "partition.h"

#include "batch/batch_internal.h" /* sc_batch_run: the pool's cost per range */
#include <seacurve/batch.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXREPS 31
#define MAXB 8

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return v[n / 2];
}

/* deterministic filler (xorshift64*): the benchmark's inputs need no secrecy */
static uint64_t rs = 0x9e3779b97f4a7c15u;
static void fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        rs ^= rs >> 12, rs ^= rs << 25, rs ^= rs >> 27;
        p[i] = (uint8_t)((rs * 0x2545f4914f6cdd1du) >> 56);
    }
}

static int reps = 7, bad;
static void empty_range(void *ctx, size_t begin, size_t end)
{
    (void)ctx, (void)begin, (void)end;
}

/* median seconds of reps submits; the output compared with want (if given) */
static double timed(sc_pt *t, sc_pt_job job, const sc_curve *c, size_t n, const uint8_t *in, uint8_t *out,
                    const uint8_t *want, size_t outlen)
{
    double v[MAXREPS];
    for (int r = 0; r < reps; r++) {
        double t0 = now_s();
        sc_err e = sc_pt_submit(t, job, c, n, in, out);
        v[r] = now_s() - t0;
        if (e != SC_OK || (want && memcmp(out, want, outlen) != 0)) {
            fprintf(stderr, "sc-partition: %s: job %d on %s x %zu: %s\n", sc_pt_name(t), (int)job,
                    c ? c->name : "-", n, e != SC_OK ? "failed" : "result differs from the local one");
            bad = 1;
        }
    }
    return median(v, reps);
}

typedef struct {
    sc_pt_job job;
    size_t n;
    const char *label;
} gran;

typedef struct {
    sc_pt *t;
    const char *tag;
    double L, B; /* fitted: seconds, bytes per second */
} transport;

/* weighted least squares of T = L + b x (x = 1 / B), weights 1 / T^2 */
static void fit(transport *tr, const double *bytes, const double *T, int n)
{
    double sw = 0, sb = 0, sbb = 0, st = 0, sbt = 0;
    for (int i = 0; i < n; i++) {
        double w = 1.0 / (T[i] * T[i]);
        sw += w, sb += w * bytes[i], sbb += w * bytes[i] * bytes[i], st += w * T[i], sbt += w * bytes[i] * T[i];
    }
    double det = sw * sbb - sb * sb, x = (sw * sbt - sb * st) / det;
    tr->L = (st * sbb - sb * sbt) / det;
    tr->B = x > 0 ? 1.0 / x : 0.0;
}

/* a verification item: digest, signature, key; one in 8 forged */
static void make_items(const sc_curve *c, uint8_t *in, size_t n)
{
    enum { KEYS = 8 };
    size_t nl = c->nlen, pl = 1u + 2u * c->flen, vl = sc_pt_in_bytes(SC_PT_VERIFY, c, 1), publen;
    uint8_t priv[KEYS][72], pub[KEYS][160];
    for (int j = 0; j < KEYS; j++) {
        do
            fill(priv[j], nl);
        while (sc_priv_validate(c, priv[j], nl) != SC_OK);
        publen = pl;
        sc_pubkey(c, pub[j], &publen, 0, priv[j], nl);
    }
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = in + vl * i;
        fill(p, SC_PT_DIGEST);
        sc_ecdsa_sign(c, p + SC_PT_DIGEST, 2 * nl, p, SC_PT_DIGEST, SC_HASH_SHA256, priv[i % KEYS], nl, NULL, 0);
        memcpy(p + SC_PT_DIGEST + 2 * nl, pub[i % KEYS], pl);
        if (i % 8 == 7)
            p[0] ^= 1;
    }
}

int main(int argc, char **argv)
{
    size_t max_bytes = (size_t)16 << 20, batches[MAXB] = {8, 64, 256}, nb = 3;
    double fmax = 0.1;
    int quick = 0, ntr = 0;
    char curves[256] = "secp160r1,secp256r1,sect163r1,sect283r1,sect409r1", err[256];
    transport tr[4];

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            quick = 1;
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--max-bytes") && i + 1 < argc)
            max_bytes = (size_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--overhead") && i + 1 < argc)
            fmax = atof(argv[++i]);
        else if (!strcmp(argv[i], "--curves") && i + 1 < argc)
            snprintf(curves, sizeof curves, "%s", argv[++i]);
        else if (!strcmp(argv[i], "--batches") && i + 1 < argc) {
            char *s = argv[++i], *end;
            for (nb = 0; nb < MAXB && *s; s = *end ? end + 1 : end)
                batches[nb++] = (size_t)strtoul(s, &end, 10);
        } else {
            fprintf(stderr, "usage: sc-partition [--quick] [--reps R (1-%d)] [--max-bytes B] [--curves a,b,...] "
                            "[--batches n,n,... (ascending, up to %d)] [--overhead F]\n", MAXREPS, MAXB);
            return 2;
        }
    }
    if (quick) {
        reps = 1, max_bytes = 4096, nb = 2, batches[0] = 2, batches[1] = 4;
        snprintf(curves, sizeof curves, "secp160r1,sect163r1");
    }
    if (reps < 1 || reps > MAXREPS || nb < 2 || max_bytes < 64) {
        fprintf(stderr, "sc-partition: --reps 1..%d, two or more batches, --max-bytes >= 64\n", MAXREPS);
        return 2;
    }
    size_t cap = max_bytes;
    const sc_curve *c409 = sc_curve_find("sect409r1");
    size_t need = sc_pt_in_bytes(SC_PT_VBATCH, c409 ? c409 : sc_curve_find("secp256r1"), batches[nb - 1]);
    if (cap < need)
        cap = need;

    /* the process first: fork before any thread exists */
    const sc_pt_kind kinds[] = {SC_PT_LOCAL, SC_PT_PROCESS, SC_PT_THREAD, SC_PT_OPENCL};
    const char *tags[] = {"local", "process", "thread", "opencl"};
    for (int k = 0; k < 4; k++) {
        sc_pt *t = sc_pt_open(kinds[k], cap, err, sizeof err);
        if (!t) {
            printf("# %s: not measured (%s)\n", tags[k], err);
            continue;
        }
        tr[ntr++] = (transport){t, tags[k], 0, 0};
        printf("# %s: %s\n", tags[k], sc_pt_name(t));
    }
    printf("# medians of %d runs; wall clock (CLOCK_MONOTONIC); a shared machine: expect noise\n", reps);

    uint8_t *in = malloc(cap), *out = malloc(cap), *want = malloc(cap);
    if (!in || !out || !want) {
        fprintf(stderr, "sc-partition: out of memory\n");
        return 2;
    }

    /* round trip against message size */
    printf("# rt,transport,bytes,us\n");
    for (int k = 0; k < ntr; k++) {
        double bs[16], T[16];
        int n = 0;
        for (size_t b = 16; b <= max_bytes && n < 16; b *= 4, n++) {
            fill(in, b);
            timed(tr[k].t, SC_PT_ECHO, NULL, b, in, out, NULL, 0); /* warm: first touch of the pages, the program */
            T[n] = timed(tr[k].t, SC_PT_ECHO, NULL, b, in, out, in, b);
            bs[n] = (double)b;
            printf("rt,%s,%zu,%.2f\n", tr[k].tag, b, 1e6 * T[n]);
        }
        fit(&tr[k], bs, T, n);
    }
    printf("# fit,transport,L_us,B_MB_per_s\n");
    for (int k = 0; k < ntr; k++)
        printf("fit,%s,%.2f,%.1f\n", tr[k].tag, 1e6 * tr[k].L, tr[k].B / 1e6);

    printf("# gran,curve,job,items,bytes_in,bytes_out");
    for (int k = 0; k < ntr; k++)
        printf(",%s_us", tr[k].tag);
    printf("\n");
    char list[256];
    snprintf(list, sizeof list, "%s", curves);
    static double tb[8][4][MAXB]; /* [curve][transport][batch] seconds */
    int nc = 0;
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name && nc < 8; name = strtok_r(NULL, ",", &save), nc++) {
        const sc_curve *c = sc_curve_find(name);
        if (!c) {
            fprintf(stderr, "sc-partition: %s: not in this build\n", name);
            return 2;
        }
        gran g[3 + MAXB] = {{SC_PT_FMUL, 1, "fmul"}, {SC_PT_PMUL, 1, "pmul"}, {SC_PT_VERIFY, 1, "verify"}};
        for (size_t b = 0; b < nb; b++)
            g[3 + b] = (gran){SC_PT_VBATCH, batches[b], "vbatch"};
        for (size_t j = 0; j < 3 + nb; j++) {
            size_t n = g[j].n, il = sc_pt_in_bytes(g[j].job, c, n), ol = sc_pt_out_bytes(g[j].job, c, n);
            if (g[j].job == SC_PT_FMUL) {
                fill(in, 2 * c->flen);
                in[0] = in[c->flen] = 0; /* below p, of degree below m */
            } else if (g[j].job == SC_PT_PMUL) {
                make_items(c, in, 1); /* the item's key as P, a fresh k */
                uint8_t tmp[160];
                size_t pl = 1u + 2u * c->flen;
                memcpy(tmp, in + SC_PT_DIGEST + 2 * c->nlen, pl);
                do
                    fill(in, c->nlen);
                while (sc_priv_validate(c, in, c->nlen) != SC_OK);
                memcpy(in + c->nlen, tmp, pl);
            } else
                make_items(c, in, n);
            sc_pt_exec(g[j].job, c, n, in, want);
            printf("gran,%s,%s,%zu,%zu,%zu", c->name, g[j].label, n, il, ol);
            for (int k = 0; k < ntr; k++) {
                if (!sc_pt_offers(tr[k].t, g[j].job, c)) {
                    printf(",-");
                    continue;
                }
                timed(tr[k].t, g[j].job, c, n, in, out, want, ol); /* warm */
                double s = timed(tr[k].t, g[j].job, c, n, in, out, want, ol);
                if (j >= 3)
                    tb[nc][k][j - 3] = s;
                printf(",%.2f", 1e6 * s);
            }
            printf("\n");
            fflush(stdout);
        }
    }

    /* the model against the measured batches, and the planned batch size */
    printf("# model,curve,job,transport,items,predicted_us,measured_us,error_pct (c from the two largest batches)\n");
    printf("# plan,curve,job,transport,L_us,B_MB_per_s,item_bytes,c_us,overhead,n_plan,measured_us_at_n_plan,"
           "measured_overhead\n");
    snprintf(list, sizeof list, "%s", curves);
    nc = 0;
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name && nc < 8; name = strtok_r(NULL, ",", &save), nc++) {
        const sc_curve *c = sc_curve_find(name);
        size_t n1 = batches[nb - 2], n2 = batches[nb - 1];
        double ib = (double)(sc_pt_in_bytes(SC_PT_VBATCH, c, 1) + sc_pt_out_bytes(SC_PT_VBATCH, c, 1));
        double c_local = tb[nc][0][nb - 1] / (double)n2;
        for (int k = 1; k < ntr; k++) {
            if (!sc_pt_offers(tr[k].t, SC_PT_VBATCH, c))
                continue;
            double ci = (tb[nc][k][nb - 1] - tb[nc][k][nb - 2]) / (double)(n2 - n1);
            double perb = tr[k].B > 0 ? 1.0 / tr[k].B : 0.0;
            for (size_t b = 0; b < nb; b++) {
                double n = (double)batches[b], p = tr[k].L + n * ib * perb + n * ci;
                printf("model,%s,vbatch,%s,%zu,%.1f,%.1f,%.1f\n", c->name, tr[k].tag, batches[b], 1e6 * p,
                       1e6 * tb[nc][k][b], 100.0 * (p - tb[nc][k][b]) / tb[nc][k][b]);
            }
            sc_batch_link link = {tr[k].L > 0 ? tr[k].L : 0, tr[k].B, ib, ci > 0 ? ci : c_local};
            size_t np = sc_batch_plan(&link, fmax, quick ? 8 : 4096);
            make_items(c, in, np);
            sc_pt_exec(SC_PT_VBATCH, c, np, in, want);
            timed(tr[k].t, SC_PT_VBATCH, c, np, in, out, want, np); /* warm */
            double s = timed(tr[k].t, SC_PT_VBATCH, c, np, in, out, want, np);
            double over = strcmp(tr[k].tag, "opencl") ? 1.0 - (double)np * c_local / s
                                                      : (link.latency_s + np * ib * perb) / s;
            printf("plan,%s,vbatch,%s,%.2f,%.1f,%.0f,%.2f,%.3f,%zu,%.1f,%.3f\n", c->name, tr[k].tag, 1e6 * link.latency_s,
                   tr[k].B / 1e6, ib, 1e6 * link.item_s, fmax, np, 1e6 * s, over);
            fflush(stdout);
        }
    }
    /* batches of field multiplications: [OMAP]'s partitioning at the field
     * level, and how many products one dispatch needs to pay for itself */
    printf("# fmulb,curve,items,local_us,... (as gran)\n");
    snprintf(list, sizeof list, "%s", curves);
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        const sc_curve *c = sc_curve_find(name);
        static const size_t fb_full[] = {1, 16, 256, 4096}, fb_quick[] = {1, 16};
        const size_t *fb = quick ? fb_quick : fb_full;
        size_t nfb = quick ? 2 : 4, il1 = 2u * c->flen;
        double tf[4][4];
        for (size_t b = 0; b < nfb; b++) {
            size_t n = fb[b];
            fill(in, n * il1);
            for (size_t i = 0; i < 2 * n; i++)
                in[i * c->flen] = 0; /* below p, of degree below m */
            sc_pt_exec(SC_PT_FMUL, c, n, in, want);
            printf("fmulb,%s,%zu", c->name, n);
            for (int k = 0; k < ntr; k++) {
                if (!sc_pt_offers(tr[k].t, SC_PT_FMUL, c)) {
                    printf(",-");
                    continue;
                }
                timed(tr[k].t, SC_PT_FMUL, c, n, in, out, want, n * c->flen);
                tf[k][b] = timed(tr[k].t, SC_PT_FMUL, c, n, in, out, want, n * c->flen);
                printf(",%.2f", 1e6 * tf[k][b]);
            }
            printf("\n");
        }
        double c_local = tf[0][nfb - 1] / (double)fb[nfb - 1], ib = 3.0 * c->flen;
        for (int k = 1; k < ntr; k++) {
            if (!sc_pt_offers(tr[k].t, SC_PT_FMUL, c))
                continue;
            double ci = (tf[k][nfb - 1] - tf[k][nfb - 2]) / (double)(fb[nfb - 1] - fb[nfb - 2]);
            double perb = tr[k].B > 0 ? 1.0 / tr[k].B : 0.0;
            for (size_t b = 0; b < nfb; b++) {
                double n = (double)fb[b], p = tr[k].L + n * ib * perb + n * ci;
                printf("model,%s,fmul,%s,%zu,%.2f,%.2f,%.1f\n", c->name, tr[k].tag, fb[b], 1e6 * p, 1e6 * tf[k][b],
                       100.0 * (p - tf[k][b]) / tf[k][b]);
            }
            sc_batch_link link = {tr[k].L > 0 ? tr[k].L : 0, tr[k].B, ib, ci > 0 ? ci : c_local};
            size_t np = sc_batch_plan(&link, fmax, (size_t)1 << 16);
            if (np * il1 > cap)
                np = cap / il1;
            fill(in, np * il1);
            for (size_t i = 0; i < 2 * np; i++)
                in[i * c->flen] = 0;
            sc_pt_exec(SC_PT_FMUL, c, np, in, want);
            double t0 = now_s();
            sc_pt_exec(SC_PT_FMUL, c, np, in, want);
            double tl = now_s() - t0;
            timed(tr[k].t, SC_PT_FMUL, c, np, in, out, want, np * c->flen);
            double s = timed(tr[k].t, SC_PT_FMUL, c, np, in, out, want, np * c->flen);
            printf("plan,%s,fmul,%s,%.2f,%.1f,%.0f,%.3f,%.3f,%zu,%.1f,%.3f\n", c->name, tr[k].tag,
                   1e6 * link.latency_s, tr[k].B / 1e6, ib, 1e6 * link.item_s, fmax, np, 1e6 * s, 1.0 - tl / s);
            fflush(stdout);
        }
    }

    /* the pool's dispatch: ranges of one item that do nothing */
    {
        sc_batch_pool *pool;
        size_t nr = quick ? 10000 : 2000000;
        double v[MAXREPS];
        if (sc_batch_pool_new(&pool, 0) == SC_OK) {
            for (int r = 0; r < reps; r++) {
                double t0 = now_s();
                sc_batch_run(pool, empty_range, NULL, nr, 1);
                v[r] = (now_s() - t0) / (double)nr;
            }
            printf("# pool,threads,us_per_range\npool,%u,%.4f\n", sc_batch_pool_threads(pool), 1e6 * median(v, reps));
            sc_batch_pool_free(pool);
        }
    }

    for (int k = 0; k < ntr; k++)
        sc_pt_close(tr[k].t);
    free(in), free(out), free(want);
    return bad;
}
