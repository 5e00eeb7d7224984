/* sc-dudect: a statistical constant-time test of the x86-64 code paths that
 * valgrind cannot see through the library (its CPU model hides BMI2/ADX
 * from CPUID, so the library never dispatches to the MULX/ADCX/ADOX kernels
 * of port/x86_64 under the ct_valgrind test, which calls only the secp256k1
 * ones directly; SHA-NI likewise).
 *
 * Method: dudect [Reparaz17].  Each measurement picks a class at random
 * (fixed secret or random secret), prepares its input outside the timed
 * window and times the operation with rdtsc between lfences.  Welch's
 * t-statistic compares the two classes' cycle counts over all measurements
 * and again over the measurements below each of ten percentiles (cropping
 * removes the long tail that interrupts and the neighbours on a shared
 * machine add).  The verdict for one operation is the largest |t|:
 * below 4.5, no leak detected; 4.5 or more, a leak is suspected (or noise:
 * rerun with more measurements).  The test can show a dependence on the
 * secret; it cannot prove there is none, only that none was seen at this
 * number of measurements.
 *
 * Operations, each with the kernels on and off (sc_mp_set_accel,
 * sc_hash_set_accel): the field multiply, square and reduction of the five
 * SEC 2 prime curves (both operands secret: the fixed class has a = b = 0),
 * and on secp160r1 (3-word fused MULX kernels) and secp256r1 (4-word MULX
 * Montgomery kernel) the co-Z ladder and the fixed-window k*P (fixed class:
 * k = 1), ECDSA signing with a secret nonce (fixed class: d = k = 1), RFC
 * 6979 signing on secp256r1 (HMAC-DRBG on SHA-256: SHA-NI; d = 1) and ECDH
 * (d = 1); HMAC-SHA-256 under a secret key (fixed class: the zero key).  A
 * negative control last: the variable-time binary-EEA inversion (fixed
 * class: 1), where a leak must show.
 *
 * Usage: sc-dudect [--quick] [--scale X] [substring]
 *   --quick    a tenth of the measurements (a smoke run; its verdicts are weak)
 *   --scale X  X times the default measurements
 *   substring  only the operations whose name contains it
 * Exit status 0 whatever the verdicts: a timing test is never a pass/fail test
 * on a shared machine; docs/testing.md records the verdicts of a full run. */
#include <seacurve/seacurve.h>
#include <seacurve/fp.h>
#include <seacurve/ec.h>
#include <seacurve/mp.h>
#include <seacurve/hash.h>
#include "ec/ec_internal.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <x86intrin.h>

static uint64_t cycles(void)
{
    uint64_t t;
    _mm_lfence();
    t = __rdtsc();
    _mm_lfence();
    return t;
}

#define NCROP 10

/* Welch's t-test accumulated online (Welford's mean and variance). */
typedef struct {
    double n[2], mean[2], m2[2];
} welch;

static void welch_add(welch *w, int cls, double x)
{
    double d;
    w->n[cls] += 1;
    d = x - w->mean[cls];
    w->mean[cls] += d / w->n[cls];
    w->m2[cls] += d * (x - w->mean[cls]);
}

static double welch_t(const welch *w)
{
    double v0, v1;
    if (w->n[0] < 2 || w->n[1] < 2)
        return 0;
    v0 = w->m2[0] / (w->n[0] - 1);
    v1 = w->m2[1] / (w->n[1] - 1);
    if (v0 + v1 == 0)
        return 0;
    return (w->mean[0] - w->mean[1]) / sqrt(v0 / w->n[0] + v1 / w->n[1]);
}

static uint64_t rng_state;

static uint64_t rnd(void)
{
    /* splitmix64 [Steele14]: inputs and classes only */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void rnd_bytes(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)rnd();
}

/* One operation under test.  The inputs of a batch of BATCH measurements
 * are prepared before any of them is timed (prep(slot, cls): class cls, 0
 * fixed, 1 random, into one slot), so that the work of preparing a random
 * input (and the system calls of sc_keygen) leaves no trace in the caches
 * and predictors that differs between the classes; run(slot) performs the
 * operation on one slot's input. */
#define BATCH 256

typedef struct {
    sc_fe a, b;
    sc_word t[2 * SC_FP_MAXW];
    sc_word k[SC_FP_MAXW];
    uint8_t d[SC_FP_MAXBYTES], kb[SC_FP_MAXBYTES];
} slot;

typedef struct {
    const sc_curve *c;
    const sc_fp_field *f;
    slot in[BATCH];
    sc_fe r;
    sc_word tt[2 * SC_FP_MAXW];
    sc_ep_aff p, q;
    uint8_t dig[32], sig[2 * SC_FP_MAXBYTES], peer[SC_PK_MAX_PUB], sec[SC_FP_MAXBYTES];
    size_t peerlen;
    int reps;
} state;

typedef void (*prep_fn)(state *s, slot *in, int cls);
typedef int (*run_fn)(state *s, const slot *in);

static void prep_fe2(state *s, slot *in, int cls)
{
    uint8_t buf[2 * SC_FP_MAXBYTES];
    memset(in->a, 0, sizeof in->a);
    memset(in->b, 0, sizeof in->b);
    if (cls) {
        rnd_bytes(buf, sizeof buf);
        sc_fp_from_bytes_reduce(in->a, buf, s->c->flen, s->f);
        sc_fp_from_bytes_reduce(in->b, buf + s->c->flen, s->c->flen, s->f);
    }
}

static void prep_wide(state *s, slot *in, int cls)
{
    /* a double-width input every reducer accepts: the product of two
     * reduced elements (0 in the fixed class) */
    prep_fe2(s, in, cls);
    memset(in->t, 0, sizeof in->t);
    sc_mp_mul(in->t, in->a, in->b, s->f->nw);
}

static int run_mul(state *s, const slot *in)
{
    int i;
    for (i = 0; i < s->reps; i++)
        sc_fp_mul(s->r, in->a, in->b, s->f);
    return 0;
}

static int run_sqr(state *s, const slot *in)
{
    int i;
    for (i = 0; i < s->reps; i++)
        sc_fp_sqr(s->r, in->a, s->f);
    return 0;
}

static int run_reduce(state *s, const slot *in)
{
    int i;
    for (i = 0; i < s->reps; i++) {
        memcpy(s->tt, in->t, sizeof s->tt);   /* the reducer overwrites its input */
        s->f->reduce(s->r, s->tt, s->f);
    }
    return 0;
}

static void prep_scalar(state *s, slot *in, int cls)
{
    memset(in->k, 0, sizeof in->k);
    if (cls) {
        if (sc_keygen(s->c, in->d, s->c->nlen) != SC_OK)
            abort();
        sc_mp_from_be(in->k, s->c->ep->fn->nw, in->d, s->c->nlen);
    } else {
        in->k[0] = 1;
    }
}

static int run_ladder(state *s, const slot *in)
{
    return sc_ec_mul_ladder(&s->q, in->k, &s->p, s->c->ep) != SC_OK;
}

static int run_fixwin(state *s, const slot *in)
{
    return sc_ec_mul_fixwin_form(&s->q, in->k, &s->p, s->c->ep, 4, 0) != SC_OK;
}

static void prep_priv(state *s, slot *in, int cls)
{
    if (cls) {
        if (sc_keygen(s->c, in->d, s->c->nlen) != SC_OK)
            abort();
    } else {
        memset(in->d, 0, sizeof in->d);
        in->d[s->c->nlen - 1] = 1;
    }
}

/* d and the nonce k secret (fixed class: d = k = 1) */
static void prep_priv_k(state *s, slot *in, int cls)
{
    prep_priv(s, in, cls);
    if (cls) {
        if (sc_keygen(s->c, in->kb, s->c->nlen) != SC_OK)
            abort();
    } else {
        memset(in->kb, 0, sizeof in->kb);
        in->kb[s->c->nlen - 1] = 1;
    }
}

static int run_sign_k(state *s, const slot *in)
{
    return sc_ecdsa_sign_with_k(s->c, s->sig, 2u * s->c->nlen, s->dig, sizeof s->dig, in->d, s->c->nlen, in->kb,
                                s->c->nlen) != SC_OK;
}

/* HMAC-SHA-256 under a secret 32-byte key (the RFC 6979 DRBG's core), 64 bytes */
static void prep_key(state *s, slot *in, int cls)
{
    (void)s;
    memset(in->d, 0, sizeof in->d);
    if (cls)
        rnd_bytes(in->d, 32);
}

static int run_hmac(state *s, const slot *in)
{
    return sc_hmac(SC_HASH_SHA256, s->sec, in->d, 32, s->sig, 64) != SC_OK;
}

static int run_sign(state *s, const slot *in)
{
    return sc_ecdsa_sign(s->c, s->sig, 2u * s->c->nlen, s->dig, sizeof s->dig, SC_HASH_SHA256, in->d, s->c->nlen,
                         NULL, 0) != SC_OK;
}

static int run_ecdh(state *s, const slot *in)
{
    return sc_ecdh(s->c, s->sec, s->c->flen, in->d, s->c->nlen, s->peer, s->peerlen) != SC_OK;
}

/* the negative control: binary-EEA inversion, variable time by design */
static int run_inv_var(state *s, const slot *in)
{
    sc_fp_inv_eea_var(s->r, in->a, s->f);
    return 0;
}

static void prep_inv(state *s, slot *in, int cls)
{
    prep_fe2(s, in, cls);
    if (!cls)
        sc_fp_set_one(in->a, s->f);
}

typedef struct {
    const char *op;
    prep_fn prep;
    run_fn run;
    int reps;   /* operations per measurement */
    long n;     /* measurements at scale 1 */
} optest;

static const optest field_ops[] = {
    { "fp_mul", prep_fe2, run_mul, 16, 200000 },
    { "fp_sqr", prep_fe2, run_sqr, 16, 200000 },
    { "fp_reduce", prep_wide, run_reduce, 16, 200000 },
};
/* RFC 6979 signing draws nonce candidates until one is below n; how many it
 * draws is published (it depends on the rejected candidates only, not on the
 * nonce used).  On secp160r1 (n just above 2^160, candidates of 161 bits) a
 * candidate is rejected about half the time, so the classes differ in that
 * public count; there the nonce is given (ecdsa_sign_k), and RFC 6979 signing
 * is timed on secp256r1 only, where a rejection has probability below 2^-32. */
static const optest point_ops[] = {
    { "ladder", prep_scalar, run_ladder, 1, 20000 },
    { "fixwin", prep_scalar, run_fixwin, 1, 20000 },
    { "ecdsa_sign_k", prep_priv_k, run_sign_k, 1, 20000 },
    { "ecdsa_sign", prep_priv, run_sign, 1, 20000 },
    { "ecdh", prep_priv, run_ecdh, 1, 20000 },
    { "hmac_sha256", prep_key, run_hmac, 16, 200000 },
};
static const optest control = { "inv_eea_var", prep_inv, run_inv_var, 1, 20000 };

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* Runs one test; prints a line; returns the largest |t|. */
static double run_test(const sc_curve *c, const optest *o, int accel, double scale)
{
    static state s;
    long n = (long)(o->n * scale), warm = (n / 10 / BATCH + 1) * BATCH, i, j;
    uint64_t *t = malloc(sizeof *t * (size_t)n), *sorted = malloc(sizeof *t * (size_t)n), thr[NCROP];
    unsigned char *cls = malloc((size_t)n);
    welch w[NCROP + 1];
    double tmax = 0, tall, med[2];
    int on_mp, on_hash, fail = 0;

    if (!t || !sorted || !cls)
        abort();
    memset(&s, 0, sizeof s);
    s.c = c;
    s.f = c->ep->fp;
    s.reps = o->reps;
    sc_ep_generator(&s.p, c->ep);
    rnd_bytes(s.dig, sizeof s.dig);
    {
        uint8_t pd[SC_FP_MAXBYTES];
        s.peerlen = sizeof s.peer;
        if (sc_keygen(c, pd, c->nlen) != SC_OK || sc_pubkey(c, s.peer, &s.peerlen, 0, pd, c->nlen) != SC_OK)
            abort();
    }
    on_mp = sc_mp_set_accel(accel);
    on_hash = sc_hash_set_accel(accel);
    for (i = -warm; i < n; i += BATCH) {
        unsigned char c[BATCH];
        for (j = 0; j < BATCH; j++) {
            c[j] = (unsigned char)(rnd() & 1u);
            o->prep(&s, &s.in[j], c[j]);
        }
        for (j = 0; j < BATCH && i + j < n; j++) {
            uint64_t t0, t1;
            t0 = cycles();
            fail |= o->run(&s, &s.in[j]);
            t1 = cycles();
            if (i + j >= 0) {
                t[i + j] = t1 - t0;
                cls[i + j] = c[j];
            }
        }
    }
    memcpy(sorted, t, sizeof *t * (size_t)n);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_u64);
    /* crop thresholds as in [Reparaz17]: percentiles 1 - 0.5^(10 (j+1) / NCROP) */
    for (j = 0; j < NCROP; j++)
        thr[j] = sorted[(size_t)((double)(n - 1) * (1.0 - pow(0.5, 10.0 * (double)(j + 1) / NCROP)))];
    memset(w, 0, sizeof w);
    for (i = 0; i < n; i++) {
        welch_add(&w[NCROP], cls[i], (double)t[i]);
        for (j = 0; j < NCROP; j++)
            if (t[i] <= thr[j])
                welch_add(&w[j], cls[i], (double)t[i]);
    }
    tall = welch_t(&w[NCROP]);
    tmax = fabs(tall);
    for (j = 0; j < NCROP; j++)
        if (fabs(welch_t(&w[j])) > tmax)
            tmax = fabs(welch_t(&w[j]));
    {
        /* the median of each class (the means carry the interruptions):
         * class 0 from the front of the buffer, class 1 from the back */
        long m0 = 0, m1 = 0;
        for (i = 0; i < n; i++) {
            if (cls[i])
                sorted[n - 1 - m1++] = t[i];
            else
                sorted[m0++] = t[i];
        }
        qsort(sorted, (size_t)m0, sizeof *sorted, cmp_u64);
        qsort(sorted + m0, (size_t)m1, sizeof *sorted, cmp_u64);
        med[0] = m0 ? (double)sorted[m0 / 2] : 0;
        med[1] = m1 ? (double)sorted[m0 + m1 / 2] : 0;
    }
    printf("%-11s %-12s %-4s %-5s %8ld %12.1f %12.1f %8.2f %8.2f  %s%s\n", c->name, o->op, on_mp ? "on" : "off",
           on_hash ? "on" : "off", n, med[0] / o->reps, med[1] / o->reps, tall, tmax,
           tmax < 4.5 ? "no leak detected" : "LEAK SUSPECTED", fail ? " (operation failed)" : "");
    fflush(stdout);
    free(t);
    free(sorted);
    free(cls);
    return tmax;
}

int main(int argc, char **argv)
{
    static const char *const fcurves[] = { "secp160r1", "secp192r1", "secp224r1", "secp256r1", "secp256k1" };
    static const char *const pcurves[] = { "secp160r1", "secp256r1" };
    const char *filter = NULL;
    double scale = 1;
    unsigned a, b, cc, d;
    int i, accel, bmi2adx = 0, shani = 0, suspect = 0, tests = 0;
    size_t ci, oi;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            scale = 0.1;
        else if (strcmp(argv[i], "--scale") == 0 && i + 1 < argc)
            scale = atof(argv[++i]);
        else if (argv[i][0] != '-')
            filter = argv[i];
        else {
            fprintf(stderr, "usage: %s [--quick] [--scale X] [substring]\n", argv[0]);
            return 2;
        }
    }
    if (__get_cpuid_count(7, 0, &a, &b, &cc, &d)) {
        bmi2adx = ((b >> 8) & 1u) && ((b >> 19) & 1u);
        shani = (b >> 29) & 1u;
    }
    rng_state = (uint64_t)time(NULL);
    printf("sc-dudect: %d-bit limbs; CPU: BMI2+ADX %s, SHA-NI %s; scale %g; Welch |t| < 4.5: no leak detected\n",
           SC_WORD_BITS, bmi2adx ? "yes" : "no", shani ? "yes" : "no", scale);
    printf("%-11s %-12s %-4s %-5s %8s %12s %12s %8s %8s  %s\n", "curve", "operation", "mulx", "shani", "measured",
           "med fixed", "med random", "t all", "max |t|", "verdict");
    for (accel = 1; accel >= 0; accel--) {
        for (ci = 0; ci < sizeof fcurves / sizeof fcurves[0]; ci++)
            for (oi = 0; oi < sizeof field_ops / sizeof field_ops[0]; oi++) {
                const sc_curve *c = sc_curve_find(fcurves[ci]);
                if (!c || (filter && !strstr(field_ops[oi].op, filter) && !strstr(c->name, filter)))
                    continue;
                suspect += run_test(c, &field_ops[oi], accel, scale) >= 4.5;
                tests++;
            }
        for (ci = 0; ci < sizeof pcurves / sizeof pcurves[0]; ci++)
            for (oi = 0; oi < sizeof point_ops / sizeof point_ops[0]; oi++) {
                const sc_curve *c = sc_curve_find(pcurves[ci]);
                if ((point_ops[oi].run == run_sign && strcmp(pcurves[ci], "secp256r1") != 0) ||
                    (point_ops[oi].run == run_hmac && ci != 0))
                    continue;
                if (!c || (filter && !strstr(point_ops[oi].op, filter) && !strstr(c->name, filter)))
                    continue;
                suspect += run_test(c, &point_ops[oi], accel, scale) >= 4.5;
                tests++;
            }
    }
    if (!filter || strstr(control.op, filter)) {
        printf("negative control (variable time by design: a leak must be detected):\n");
        run_test(sc_curve_find("secp256r1"), &control, 1, scale);
    }
    printf("sc-dudect: %d tests, %d with |t| >= 4.5\n", tests, suspect);
    return 0;
}
#else
int main(void)
{
    printf("sc-dudect: x86-64 only (rdtsc; the kernels it checks are x86-64 kernels)\n");
    return 0;
}
#endif
