/* bench_cli: sc-bench / `seacurve bench` option parsing and driver. */
#include "bench_cli.h"
#include "bench_core.h"
#include "bench_ops.h"
#include <seacurve/seacurve.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s [--curve NAME]... [--quick] [--json | --csv] [--pk] [--ec] [--fp] [--no-openssl]\n"
            "  --curve NAME  benchmark this curve only (repeatable; default: all curves)\n"
            "  --quick       short batches: the whole run takes well under 30 s\n"
            "  --json/--csv  machine-readable output instead of the aligned table\n"
            "  --pk          keygen, ECDSA sign/verify, ECDH (with OpenSSL EC_KEY/ECDSA_do_*/ECDH_compute_key)\n"
            "  --ec          scalar multiplications k*P, k*G, u1*G+u2*Q (with EC_POINT_mul)\n"
            "  --fp          field mul/sqr/inv (with OpenSSL BIGNUM Montgomery arithmetic)\n"
            "  --no-openssl  time seacurve only\n"
            "Figures: median of timed batches, ns/op, TSC cycles/op, ops/s; speedup = seacurve / OpenSSL speed.\n",
            prog);
}

int sc_bench_main(int argc, char **argv, const char *prog)
{
    const char *curves[16];
    size_t ncurves = 0, i;
    unsigned what = 0;
    int quick = 0, with_ref = 1, rc = 0;
    bc_format fmt = BC_FMT_TABLE;
    bc_opts o;
    bc_table t;
    char title[512];
    int a;

    if (!prog)
        prog = argc > 0 && argv[0] ? argv[0] : "sc-bench";
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--curve") && a + 1 < argc) {
            if (!sc_curve_find(argv[a + 1])) {
                fprintf(stderr, "%s: unknown curve '%s'\n", prog, argv[a + 1]);
                return 2;
            }
            if (ncurves < sizeof curves / sizeof curves[0])
                curves[ncurves++] = argv[++a];
        } else if (!strcmp(argv[a], "--quick")) {
            quick = 1;
        } else if (!strcmp(argv[a], "--json")) {
            fmt = BC_FMT_JSON;
        } else if (!strcmp(argv[a], "--csv")) {
            fmt = BC_FMT_CSV;
        } else if (!strcmp(argv[a], "--pk")) {
            what |= BO_PK;
        } else if (!strcmp(argv[a], "--ec")) {
            what |= BO_EC;
        } else if (!strcmp(argv[a], "--fp")) {
            what |= BO_FP;
        } else if (!strcmp(argv[a], "--no-openssl")) {
            with_ref = 0;
        } else if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
            usage(stdout, prog);
            return 0;
        } else {
            fprintf(stderr, "%s: unknown argument '%s'\n", prog, argv[a]);
            usage(stderr, prog);
            return 2;
        }
    }
    if (!what)
        what = BO_ALL;
    if (!ncurves)
        for (i = 0; i < sc_curve_count() && ncurves < sizeof curves / sizeof curves[0]; i++)
            curves[ncurves++] = sc_curve_at(i)->name;
    if (quick)
        bc_opts_quick(&o);
    else
        bc_opts_full(&o);

    {
        size_t off = (size_t)snprintf(title, sizeof title, "seacurve %s (SC_WORD_BITS=%d) vs %s; %s; OpenSSL EC methods:",
                                      SEACURVE_VERSION, SC_WORD_BITS, bo_openssl_version(), quick ? "quick" : "full");
        for (i = 0; i < ncurves && off < sizeof title; i++)
            off += (size_t)snprintf(title + off, sizeof title - off, "%s %s=%s", i ? "," : "",
                                    sc_curve_find(curves[i])->name, bo_openssl_method(curves[i]));
    }

    bc_table_init(&t);
    for (i = 0; i < ncurves; i++) {
        int r;
        fprintf(stderr, "%s: [%zu/%zu] %s\n", prog, i + 1, ncurves, sc_curve_find(curves[i])->name);
        r = bo_run_curve(&t, curves[i], what, with_ref, &o, 1);
        if (r != 0)
            rc = 1;
    }
    bc_table_print(stdout, &t, fmt, title);
    bc_table_free(&t);
    return rc;
}
