/* fb_timing: [OMAP] Table III on this machine (docs/binary.md).
 *
 * For each field GF(2^163), GF(2^233), GF(2^283), GF(2^409) it times the two
 * unbalanced-exponent reductions of [OMAP] (shift-and-xor; multiply-by-T
 * with a portable software word multiplier and with PCLMULQDQ), the full
 * modular multiplication with each (Lopez-Dahab comb or PCLMULQDQ-Karatsuba
 * product, then each reducer), the squarings and the two inversions, and
 * prints a Markdown table: median ns per call (and TSC ticks on x86-64) over
 * many batches.  The reducers run in place on the same buffer call after call:
 * they are constant time, so the values do not change their time, and the
 * chain of calls measures latency as a caller sees it.
 *
 * As a ctest it runs a short pass (the figures are only printed) and checks
 * that every timed combination computes the same products.  Usage:
 *   test_fb_timing            short pass (about a second)
 *   test_fb_timing --table    the measurement of docs/binary.md (about a minute) */
#define _POSIX_C_SOURCE 199309L
#include "testutil.h"
#include <seacurve/fb.h>
#include <seacurve/fb_methods.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#define W SC_WORD_BITS

static int samples = 15, batch = 40;
static volatile sc_word sink;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static unsigned long long ticks(void)
{
#if defined(__x86_64__)
    return __rdtsc();
#else
    return 0;
#endif
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct res {
    double ns, tk;
};

/* what to time */
enum what { RED, MUL, SQR, INV };
struct job {
    enum what what;
    sc_fb_pmul_fn pmul;
    sc_fb_psqr_fn psqr;
    sc_fb_reduce_fn red;
    sc_fb_inv_fn inv;
};

/* time jobs[0..nj) on f, interleaved: sample s runs a batch of each job in
 * turn, so that a change of machine load hits every job alike; out[j] is the
 * median over the samples of job j's batches */
static void run(struct res *out, const struct job *jobs, size_t nj, const sc_fb_field *f)
{
    static double ns[16][401], tk[16][401];
    sc_word c[2 * SC_FB_MAXW], t[2 * SC_FB_MAXW];
    sc_fb_elt a, b;
    int s, i;
    size_t k, jj;
    for (k = 0; k < f->nw; k++) {
        a[k] = (sc_word)tu_rand64();
        b[k] = (sc_word)tu_rand64();
    }
    a[f->nw - 1] &= (sc_word)(((sc_word)1 << (f->m % W)) - 1u);
    b[f->nw - 1] &= (sc_word)(((sc_word)1 << (f->m % W)) - 1u);
    sc_fb_pmul_comb4(c, a, b, f->nw);
    for (s = 0; s < samples; s++) {
        for (jj = 0; jj < nj; jj++) {
            const struct job *j = &jobs[jj];
            int nb = j->what == INV ? (batch / 20 > 0 ? batch / 20 : 1) : batch;
            double t0 = now_ns();
            unsigned long long k0 = ticks();
            switch (j->what) {
            case RED:
                for (i = 0; i < nb; i++)
                    j->red(c, c, f);
                break;
            case MUL:
                for (i = 0; i < nb; i++) {
                    j->pmul(t, a, b, f->nw);
                    j->red(a, t, f);
                }
                break;
            case SQR:
                for (i = 0; i < nb; i++) {
                    j->psqr(t, a, f->nw);
                    j->red(a, t, f);
                }
                break;
            case INV:
                for (i = 0; i < nb; i++)
                    j->inv(a, a, f);
                break;
            }
            tk[jj][s] = (double)(ticks() - k0) / nb;
            ns[jj][s] = (now_ns() - t0) / nb;
        }
    }
    sink ^= (sc_word)(c[0] ^ a[0]);
    for (jj = 0; jj < nj; jj++) {
        qsort(ns[jj], (size_t)samples, sizeof ns[jj][0], cmpd);
        qsort(tk[jj], (size_t)samples, sizeof tk[jj][0], cmpd);
        out[jj].ns = ns[jj][samples / 2];
        out[jj].tk = tk[jj][samples / 2];
    }
}

static void cell(char *buf, size_t len, struct res r)
{
    if (r.tk > 0)
        snprintf(buf, len, "%.0f (%.0f)", r.ns, r.tk);
    else
        snprintf(buf, len, "%.0f", r.ns);
}

/* every timed multiply combination gives the same product */
static void check_same(const sc_fb_field *f)
{
    static const sc_fb_pmul_fn pm[] = { sc_fb_pmul_comb4, sc_fb_pmul_clmul };
    static const sc_fb_reduce_fn rd[] = { sc_fb_reduce_shxor, sc_fb_reduce_mult, sc_fb_reduce_mult_clmul };
    sc_fb_elt a, b, r0, r;
    size_t i, j, k;
    for (k = 0; k < 100; k++) {
        for (i = 0; i < f->nw; i++) {
            a[i] = (sc_word)tu_rand64();
            b[i] = (sc_word)tu_rand64();
        }
        a[f->nw - 1] &= (sc_word)(((sc_word)1 << (f->m % W)) - 1u);
        b[f->nw - 1] &= (sc_word)(((sc_word)1 << (f->m % W)) - 1u);
        sc_fb_mul(r0, a, b, f);
        for (i = 0; i < 2; i++)
            for (j = 0; j < 3; j++) {
                sc_fb_mul_with(r, a, b, f, pm[i], rd[j]);
                CHECK(sc_fb_eq(r, r0, f) != 0, "%s: timed combination %zu/%zu", f->name, i, j);
            }
    }
}

int main(int argc, char **argv)
{
    size_t fi;
    int table = argc > 1 && strcmp(argv[1], "--table") == 0;
    int clmul = sc_fb_clmul_available();
    static const char *const poly[] = { "x^163+x^7+x^6+x^3+1", "x^233+x^74+1", "x^283+x^12+x^7+x^5+1",
                                        "x^409+x^87+1" };
    static const int paper[][2] = { { 28, 19 }, { 33, 42 }, { 90, 64 }, { 52, 66 } };
    if (table) {
        samples = 301;
        batch = 200;
    }
    tu_seed_init("fb_timing");
    for (fi = 0; fi < sc_fb_field_count(); fi++)
        check_same(sc_fb_field_at(fi));
    printf("fb_timing: W = %d, PCLMULQDQ %s; median ns per call (TSC ticks)%s\n\n", W,
           clmul ? "present" : "absent (the clmul columns run the portable fallbacks)",
           table ? "" : "; short pass, run with --table for the measurement");
    printf("Reductions ([OMAP] Table III: shift-add / XORMPY cycles on the C64x+ DSP)\n\n");
    printf("| field | f(x) | [OMAP] shift-add | [OMAP] XORMPY | shxor | mult (software clmul) | mult (PCLMULQDQ) | faster with a carry-less multiplier |\n");
    printf("|---|---|---:|---:|---:|---:|---:|---|\n");
    for (fi = 0; fi < sc_fb_field_count(); fi++) {
        const sc_fb_field *f = sc_fb_field_at(fi);
        struct job jobs[3] = { { RED, NULL, NULL, sc_fb_reduce_shxor, NULL },
                               { RED, NULL, NULL, sc_fb_reduce_mult, NULL },
                               { RED, NULL, NULL, sc_fb_reduce_mult_clmul, NULL } };
        struct res res[3], rs, rm, rc;
        char a[32], b[32], c[32];
        run(res, jobs, 3, f);
        rs = res[0];
        rm = res[1];
        rc = res[2];
        cell(a, sizeof a, rs);
        cell(b, sizeof b, rm);
        cell(c, sizeof c, rc);
        printf("| GF(2^%u) | %s | %d | %d | %s | %s | %s | %s |\n", (unsigned)f->m, poly[fi], paper[fi][0],
               paper[fi][1], a, b, c, rc.ns < rs.ns ? "multiply by T" : "shift-and-xor");
    }
    printf("\nModular multiplication and squaring (product, then reduction)\n\n");
    printf("| field | comb4 + shxor | comb4 + mult | clmul + shxor | clmul + mult-clmul | comb4-scan + shxor | comb4-var + shxor "
           "| sqr spread + shxor | sqr clmul + shxor | sqr clmul + mult-clmul | sc_fb_mul | inv Itoh-Tsujii | inv Euclid (var) |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (fi = 0; fi < sc_fb_field_count(); fi++) {
        const sc_fb_field *f = sc_fb_field_at(fi);
        struct job jobs[] = {
            { MUL, sc_fb_pmul_comb4, NULL, sc_fb_reduce_shxor, NULL },
            { MUL, sc_fb_pmul_comb4, NULL, sc_fb_reduce_mult, NULL },
            { MUL, sc_fb_pmul_clmul, NULL, sc_fb_reduce_shxor, NULL },
            { MUL, sc_fb_pmul_clmul, NULL, sc_fb_reduce_mult_clmul, NULL },
            { MUL, sc_fb_pmul_comb4_scan, NULL, sc_fb_reduce_shxor, NULL },
            { MUL, sc_fb_pmul_comb4_var, NULL, sc_fb_reduce_shxor, NULL },
            { SQR, NULL, sc_fb_psqr_spread, sc_fb_reduce_shxor, NULL },
            { SQR, NULL, sc_fb_psqr_clmul, sc_fb_reduce_shxor, NULL },
            { SQR, NULL, sc_fb_psqr_clmul, sc_fb_reduce_mult_clmul, NULL },
            { MUL, NULL, NULL, NULL, NULL },
            { INV, NULL, NULL, NULL, sc_fb_inv_itoh },
            { INV, NULL, NULL, NULL, sc_fb_inv_euclid_var },
        };
        struct res res[sizeof jobs / sizeof jobs[0]];
        size_t i;
        /* the production multiply */
        jobs[9].pmul = sc_fb_accel() ? sc_fb_pmul_clmul : sc_fb_pmul_comb4;
        jobs[9].red = (sc_fb_accel() && f->red_clmul == SC_FB_RED_MULT) ? sc_fb_reduce_mult_clmul : sc_fb_reduce_shxor;
        run(res, jobs, sizeof jobs / sizeof jobs[0], f);
        printf("| GF(2^%u) |", (unsigned)f->m);
        for (i = 0; i < sizeof jobs / sizeof jobs[0]; i++) {
            char buf[32];
            cell(buf, sizeof buf, res[i]);
            printf(" %s |", buf);
        }
        printf("\n");
    }
    /* OpenSSL's BN_GF2m_* (its multiply uses PCLMULQDQ on x86-64 too) beside the
     * production operations, interleaved the same way */
    printf("\nOpenSSL's libcrypto (%s) beside sc_fb_mul / sc_fb_sqr / sc_fb_inv, same process\n\n",
           OpenSSL_version(OPENSSL_VERSION));
    printf("| field | BN_GF2m_mod_mul_arr | sc_fb_mul | ratio | BN_GF2m_mod_sqr_arr | sc_fb_sqr | ratio | BN_GF2m_mod_inv_arr | sc_fb_inv | ratio |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (fi = 0; fi < sc_fb_field_count(); fi++) {
        const sc_fb_field *f = sc_fb_field_at(fi);
        double bn[3][401], sc[3][401], med[2][3];
        int parr[6], k = 0, e, s, i, op;
        uint8_t buf[SC_FB_MAXBYTES];
        sc_fb_elt a, b;
        BN_CTX *bctx = BN_CTX_new();
        BIGNUM *A, *B = BN_new(), *R = BN_new();
        parr[k++] = f->m;
        for (e = 0; e < f->nk; e++)
            parr[k++] = f->k[e];
        parr[k++] = 0;
        parr[k] = -1;
        for (i = 0; i < (int)f->nw; i++) {
            a[i] = (sc_word)tu_rand64();
            b[i] = (sc_word)tu_rand64();
        }
        a[f->nw - 1] &= (sc_word)(((sc_word)1 << (f->m % W)) - 1u);
        b[f->nw - 1] &= (sc_word)(((sc_word)1 << (f->m % W)) - 1u);
        sc_fb_to_bytes(buf, a, f);
        A = BN_bin2bn(buf, (int)sc_fb_bytes(f), NULL);
        sc_fb_to_bytes(buf, b, f);
        BN_bin2bn(buf, (int)sc_fb_bytes(f), B);
        for (s = 0; s < samples; s++)
            for (op = 0; op < 3; op++) {
                int nb = op == 2 ? (batch / 20 > 0 ? batch / 20 : 1) : batch;
                double t0 = now_ns();
                for (i = 0; i < nb; i++) {
                    if (op == 0)
                        BN_GF2m_mod_mul_arr(R, A, B, parr, bctx);
                    else if (op == 1)
                        BN_GF2m_mod_sqr_arr(R, A, parr, bctx);
                    else
                        BN_GF2m_mod_inv_arr(R, A, parr, bctx);
                }
                bn[op][s] = (now_ns() - t0) / nb;
                t0 = now_ns();
                for (i = 0; i < nb; i++) {
                    if (op == 0)
                        sc_fb_mul(b, a, b, f);
                    else if (op == 1)
                        sc_fb_sqr(b, b, f);
                    else
                        sc_fb_inv(b, b, f);
                }
                sc[op][s] = (now_ns() - t0) / nb;
            }
        for (op = 0; op < 3; op++) {
            qsort(bn[op], (size_t)samples, sizeof bn[op][0], cmpd);
            qsort(sc[op], (size_t)samples, sizeof sc[op][0], cmpd);
            med[0][op] = bn[op][samples / 2];
            med[1][op] = sc[op][samples / 2];
        }
        sink ^= b[0];
        printf("| GF(2^%u) | %.0f | %.0f | %.1fx | %.0f | %.0f | %.1fx | %.0f | %.0f | %.1fx |\n", (unsigned)f->m,
               med[0][0], med[1][0], med[0][0] / med[1][0], med[0][1], med[1][1], med[0][1] / med[1][1],
               med[0][2], med[1][2], med[0][2] / med[1][2]);
        BN_free(A);
        BN_free(B);
        BN_free(R);
        BN_CTX_free(bctx);
    }
    return tu_done("fb_timing");
}
