/* sc-opencl-bench: throughput of the OpenCL kernels and the cost of a round trip
 * to the device (docs/opencl.md).
 *
 *   sc-opencl-bench [--items N] [--reps R] [--max-bytes B] [--curves a,b,...] [--check C]
 *
 * For each curve: batch ECDSA verification and batch k*P of N items, items/s
 * over the whole call (host packing, transfers, kernel, results) and over the
 * kernel alone (device profiling), beside one CPU core running sc_ecdsa_verify
 * / sc_ecdh on the same items.  Then the round trip against message size, 16 B to
 * B bytes by factors of 4: upload, one kernel launch touching every word,
 * download, each the median of R runs, in microseconds.  Output is CSV with '#'
 * comment lines, one table after the other, for docs/opencl.md and the
 * partitioning cost model.  The first C results of each batch (default: all)
 * are checked against the CPU's, which also times the CPU: the program exits 1
 * on a mismatch. */
#define _POSIX_C_SOURCE 200809L
#include "ocl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* deterministic filler (xorshift64*): the benchmark's keys and digests need no secrecy */
static uint64_t rs = 0x9e3779b97f4a7c15u;
static void fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        rs ^= rs >> 12, rs ^= rs << 25, rs ^= rs >> 27;
        p[i] = (uint8_t)((rs * 0x2545f4914f6cdd1du) >> 56);
    }
}

static void rand_scalar(const sc_curve *c, uint8_t *k)
{
    do
        fill(k, c->nlen);
    while (sc_priv_validate(c, k, c->nlen) != SC_OK);
}

static int bench_curve(sc_ocl *o, const sc_curve *c, size_t n, int reps, size_t check)
{
    enum { KEYS = 16 };
    size_t plen = 1u + 2u * c->flen, nl = c->nlen, publen;
    uint8_t *dig = malloc(32 * n), *sig = malloc(2 * nl * n), *pub = malloc(KEYS * plen);
    uint8_t *ks = malloc(nl * n), *pts = malloc(plen * n), *out = malloc(plen * n);
    uint8_t priv[KEYS][72], sec[72];
    sc_ocl_vitem *it = malloc(sizeof *it * n);
    sc_err *v = malloc(sizeof *v * n), *st = malloc(sizeof *st * n);
    double tk[16], tt[16], t0, cpu_v, cpu_m;
    int bad = 0;

    if (!dig || !sig || !pub || !ks || !pts || !out || !it || !v || !st || reps > 16) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (int j = 0; j < KEYS; j++) {
        rand_scalar(c, priv[j]);
        publen = plen;
        sc_pubkey(c, pub + j * plen, &publen, 0, priv[j], nl);
    }
    for (size_t i = 0; i < n; i++) {
        fill(dig + 32 * i, 32);
        sc_ecdsa_sign(c, sig + 2 * nl * i, 2 * nl, dig + 32 * i, 32, SC_HASH_SHA256, priv[i % KEYS], nl, NULL, 0);
        if (i % 8 == 7)
            dig[32 * i] ^= 1; /* one item in 8 forged */
        it[i] = (sc_ocl_vitem){dig + 32 * i, 32, sig + 2 * nl * i, 2 * nl, pub + (i % KEYS) * plen, plen};
        rand_scalar(c, ks + nl * i);
        memcpy(pts + plen * i, pub + (i % KEYS) * plen, plen);
    }
    /* the first call builds the program: not timed */
    if (sc_ocl_verify_batch(o, c, 1, it, v) != SC_OK) {
        fprintf(stderr, "%s: %s\n", c->name, sc_ocl_error(o));
        return 1;
    }
    for (int r = 0; r < reps; r++) {
        sc_ocl_verify_batch(o, c, n, it, v);
        sc_ocl_last_times(o, &tk[r], &tt[r]);
    }
    t0 = now_s();
    for (size_t i = 0; i < check; i++) {
        sc_err e = sc_ecdsa_verify(c, it[i].sig, it[i].siglen, it[i].digest, 32, it[i].pub, plen);
        bad += e != v[i];
    }
    cpu_v = now_s() - t0;
    printf("verify,%s,%zu,%.0f,%.0f,%.0f\n", c->name, n, n / median(tt, reps), n / median(tk, reps), check / cpu_v);
    for (int r = 0; r < reps; r++) {
        sc_ocl_mul_batch(o, c, n, ks, pts, out, st);
        sc_ocl_last_times(o, &tk[r], &tt[r]);
    }
    t0 = now_s();
    for (size_t i = 0; i < check; i++) {
        sc_err e = sc_ecdh(c, sec, c->flen, ks + nl * i, nl, pts + plen * i, plen);
        bad += e != st[i] || (e == SC_OK && memcmp(sec, out + plen * i + 1, c->flen) != 0);
    }
    cpu_m = now_s() - t0;
    printf("mul,%s,%zu,%.0f,%.0f,%.0f\n", c->name, n, n / median(tt, reps), n / median(tk, reps), check / cpu_m);
    if (bad)
        fprintf(stderr, "%s: %d results differ from the CPU's\n", c->name, bad);
    free(dig), free(sig), free(pub), free(ks), free(pts), free(out), free(it), free(v), free(st);
    return bad != 0;
}

int main(int argc, char **argv)
{
    size_t items = 4096, check = 0, max_bytes = (size_t)16 << 20;
    int reps = 5, rc = 0;
    char curves[256] = "secp160r1,secp256r1,secp256k1", err[256];
    sc_ocl *o;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--items") && i + 1 < argc)
            items = (size_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--max-bytes") && i + 1 < argc)
            max_bytes = (size_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--check") && i + 1 < argc)
            check = (size_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--curves") && i + 1 < argc)
            snprintf(curves, sizeof curves, "%s", argv[++i]);
        else {
            fprintf(stderr, "usage: sc-opencl-bench [--items N] [--reps R (1-16)] [--max-bytes B] "
                            "[--curves a,b,...] [--check C]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > 16 || items < 1) {
        fprintf(stderr, "sc-opencl-bench: --reps 1..16, --items >= 1\n");
        return 2;
    }
    if (!check || check > items)
        check = items;
    if (!(o = sc_ocl_open(err, sizeof err))) {
        fprintf(stderr, "sc-opencl-bench: %s\n", err);
        return 1;
    }
    printf("# device: %s\n", sc_ocl_device_name(o));
    printf("# op,curve,items,items_per_s_call,items_per_s_kernel,items_per_s_cpu_1core\n");
    for (char *save = NULL, *name = strtok_r(curves, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        const sc_curve *c = sc_curve_find(name);
        if (!c || !sc_ocl_supports(c)) {
            fprintf(stderr, "sc-opencl-bench: %s: no kernels for this curve\n", name);
            rc = 1;
            continue;
        }
        rc |= bench_curve(o, c, items, reps, check);
    }
    printf("# roundtrip,bytes,upload_us,kernel_us,download_us,total_us (medians of %d)\n", reps);
    for (size_t b = 16; b <= max_bytes; b *= 4) {
        double up[16], k[16], dn[16], tot[16];
        for (int r = 0; r < reps; r++) {
            if (sc_ocl_roundtrip(o, b, &up[r], &k[r], &dn[r]) != SC_OK) {
                fprintf(stderr, "sc-opencl-bench: %s\n", sc_ocl_error(o));
                sc_ocl_close(o);
                return 1;
            }
            tot[r] = up[r] + k[r] + dn[r];
        }
        printf("roundtrip,%zu,%.1f,%.1f,%.1f,%.1f\n", b, 1e6 * median(up, reps), 1e6 * median(k, reps),
               1e6 * median(dn, reps), 1e6 * median(tot, reps));
    }
    sc_ocl_close(o);
    return rc;
}
