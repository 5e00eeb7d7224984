/* bench_cli: option parsing and driver of sc-bench and `seacurve bench` (see bench_cli.h). */
#include "bench_cli.h"
#include "bench_core.h"
#include "bench_ops.h"
#include <seacurve/seacurve.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CURVES 16

static void usage(FILE *f, const char *prog)
{
    size_t i;
    fprintf(f,
            "usage: %s [--curve NAME]... [--quick] [--json | --csv] [--pk] [--ec] [--ep] [--fp] [--no-openssl]\n"
            "Times seacurve against OpenSSL's libcrypto in this process, on the same inputs, after\n"
            "checking that both libraries compute the same results.\n"
            "  --curve NAME  benchmark this curve (repeatable; default: the prime curves;\n"
            "                a binary curve gets the key, ECDSA and ECDH rows: sc-bench-eb has the rest)\n"
            "  --quick       short batches: all curves in well under 30 s (default: full precision)\n"
            "  --json        JSON report on stdout (tools/bench_md.py turns it into Markdown)\n"
            "  --csv         CSV report on stdout\n"
            "  --pk          protocol: keygen, ECDSA sign, ECDSA verify, ECDH with peer-key validation\n"
            "                (OpenSSL: EC_KEY_generate_key, ECDSA_do_sign/verify, oct2point + ECDH_compute_key)\n"
            "  --ec          scalar multiplication: k*P, k*G, u1*G+u2*Q, affine results (EC_POINT_mul)\n"
            "  --ep          point arithmetic: Jacobian doubling, Jacobian addition, mixed Jacobian+affine\n"
            "                addition (EC_POINT_dbl, EC_POINT_add)\n"
            "  --fp          field: mul, sqr, inversion (OpenSSL BIGNUM Montgomery arithmetic)\n"
            "                with none of --pk/--ec/--ep/--fp: all four groups\n"
            "  --no-openssl  time seacurve only (the cross-check still uses OpenSSL)\n"
            "  -h, --help    this text\n"
            "Figures: median of timed batches in ns/op and TSC cycles/op, ops/s;\n"
            "speedup = OpenSSL's time / seacurve's time (> 1: seacurve faster).\n"
            "Progress goes to stderr, the report to stdout.  Exit status: 0 ok, 1 a cross-check or\n"
            "operation failed, 2 usage.\n"
            "Curves:",
            prog);
    for (i = 0; i < sc_curve_count(); i++)
        fprintf(f, " %s", sc_curve_at(i)->name);
    fprintf(f, "\n");
}

static int bad_usage(const char *prog, const char *what, const char *arg)
{
    fprintf(stderr, "%s: %s%s%s%s\n", prog, what, arg ? " '" : "", arg ? arg : "", arg ? "'" : "");
    fprintf(stderr, "run '%s --help' for the options\n", prog);
    return 2;
}

int sc_bench_main(int argc, char **argv, const char *prog)
{
    const char *curves[MAX_CURVES];
    size_t ncurves = 0, i, j;
    unsigned what = 0;
    int quick = 0, with_ref = 1, rc = 0, a;
    bc_format fmt = BC_FMT_TABLE;
    bc_opts o;
    bc_table t;
    char title[512], prefix[96];

    if (!prog)
        prog = argc > 0 && argv[0] ? argv[0] : "sc-bench";
    for (a = 1; a < argc; a++) {
        const char *s = argv[a];
        if (!strcmp(s, "--curve")) {
            const sc_curve *c;
            if (a + 1 >= argc)
                return bad_usage(prog, "--curve needs a curve name", NULL);
            if (!(c = sc_curve_find(argv[++a])))
                return bad_usage(prog, "unknown curve", argv[a]);
            for (j = 0; j < ncurves && strcmp(curves[j], c->name); j++)
                ;
            if (j == ncurves && ncurves < MAX_CURVES)
                curves[ncurves++] = c->name;
        } else if (!strcmp(s, "--quick")) {
            quick = 1;
        } else if (!strcmp(s, "--json") || !strcmp(s, "--csv")) {
            bc_format f = s[2] == 'j' ? BC_FMT_JSON : BC_FMT_CSV;
            if (fmt != BC_FMT_TABLE && fmt != f)
                return bad_usage(prog, "--json and --csv exclude each other", NULL);
            fmt = f;
        } else if (!strcmp(s, "--pk")) {
            what |= BO_PK;
        } else if (!strcmp(s, "--ec")) {
            what |= BO_EC;
        } else if (!strcmp(s, "--ep")) {
            what |= BO_EP;
        } else if (!strcmp(s, "--fp")) {
            what |= BO_FP;
        } else if (!strcmp(s, "--no-openssl")) {
            with_ref = 0;
        } else if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            usage(stdout, prog);
            return 0;
        } else {
            return bad_usage(prog, "unknown argument", s);
        }
    }
    if (!what)
        what = BO_ALL;
    if (!ncurves)
        for (i = 0; i < sc_curve_prime_count() && ncurves < MAX_CURVES; i++)
            curves[ncurves++] = sc_curve_at(i)->name;
    if (quick)
        bc_opts_quick(&o);
    else
        bc_opts_full(&o);

    {
        size_t off = (size_t)snprintf(title, sizeof title, "seacurve %s (SC_WORD_BITS=%d) vs %s; %s; OpenSSL EC methods:",
                                      SEACURVE_VERSION, SC_WORD_BITS, bo_openssl_version(), quick ? "quick" : "full");
        for (i = 0; i < ncurves && off < sizeof title; i++)
            off += (size_t)snprintf(title + off, sizeof title - off, "%s %s=%s", i ? "," : "", curves[i],
                                    bo_openssl_method(curves[i]));
    }

    bc_table_init(&t);
    for (i = 0; i < ncurves; i++) {
        int r;
        snprintf(prefix, sizeof prefix, "%s: [%zu/%zu]", prog, i + 1, ncurves);
        r = bo_run_curve(&t, curves[i], what, with_ref, &o, prefix);
        if (r == -1)
            fprintf(stderr, "%s: %s: OpenSSL does not know this curve; skipped\n", prog, curves[i]);
        else if (r != 0)
            fprintf(stderr, "%s: %s: seacurve and OpenSSL disagree (or an operation failed); not timed\n", prog,
                    curves[i]);
        if (r != 0)
            rc = 1;
    }
    for (i = 0; i < t.n; i++)
        if (!t.rows[i].sc.ok || (t.rows[i].ref_name[0] && !t.rows[i].ref.ok))
            rc = 1;
    bc_table_print(stdout, &t, fmt, title);
    bc_table_free(&t);
    return rc;
}
