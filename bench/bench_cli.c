/* bench_cli: option parsing and driver of sc-bench and `seacurve bench` (see bench_cli.h). */
#include "bench_cli.h"
#include "bench_core.h"
#include "bench_ops.h"
#include <seacurve/seacurve.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SC_BENCH_XSTR(x) #x
#define SC_BENCH_STR(x) SC_BENCH_XSTR(x)

/* The binary curves of the default set and of --quick: one per field size, the Koblitz curve
 * (sect163k1 is the binary curve of the sensor-network literature, and the K curves are
 * where seacurve's binary code has its tau-adic methods); sc-bench-eb times every binary curve. */
static const char *const binary_defaults[] = { "sect163k1", "sect233k1", "sect283k1", "sect409k1" };

#define DEFAULT_RUNS 3

static void usage(FILE *f, const char *prog)
{
    size_t i;
    fprintf(f,
            "usage: %s [--curve NAME|all]... [--quick] [--runs N] [--json | --csv] [--pk] [--ec] [--ep] [--fp]\n"
            "          [--no-openssl] [--list | --check]\n"
            "Times seacurve against OpenSSL's libcrypto (and, on secp256k1, libsecp256k1 where built with it)\n"
            "in this process, on the same inputs, after checking that the libraries compute the same results.\n"
            "  --curve NAME  benchmark this curve (repeatable; 'all': every curve; default: the prime curves\n"
            "                and one binary curve per size: %s %s %s %s;\n"
            "                a binary curve gets the key, ECDSA and ECDH rows: sc-bench-eb has the rest)\n"
            "  --quick       short batches: the default curves in about a minute (default: full precision)\n"
            "  --runs N      time each row N times side by side, seacurve then the references in each run\n"
            "                (1 to %d, default %d); the report gives the median and the smallest and largest\n"
            "                run's speedup\n"
            "  --json        JSON report on stdout (tools/bench_md.py turns it into Markdown)\n"
            "  --csv         CSV report on stdout\n"
            "  --pk          protocol: keygen, ECDSA sign, ECDSA verify, ECDH with peer-key validation\n"
            "                (OpenSSL: EC_KEY_generate_key + point2oct, ECDSA_do_sign/verify, oct2point + ECDH_compute_key;\n"
            "                libsecp256k1: ec_pubkey_create, ecdsa_sign/verify, ec_pubkey_parse + ecdh -> x)\n"
            "  --ec          scalar multiplication: k*P, k*G, u1*G+u2*Q, affine results (EC_POINT_mul)\n"
            "  --ep          point arithmetic: Jacobian doubling, Jacobian addition, mixed Jacobian+affine\n"
            "                addition (EC_POINT_dbl, EC_POINT_add)\n"
            "  --fp          field: mul, sqr, inversion (OpenSSL BIGNUM Montgomery arithmetic)\n"
            "                with none of --pk/--ec/--ep/--fp: all four groups\n"
            "  --no-openssl  time seacurve only (the cross-check still uses the references)\n"
            "  --list        print the rows that would be timed, one 'curve,operation,references' line each;\n"
            "                run nothing\n"
            "  --check       cross-check each curve against the references, time nothing\n"
            "  -h, --help    this text\n"
            "Figures: median of timed batches in ns/op and TSC cycles/op, ops/s, then the median over the runs;\n"
            "speedup = the reference's time / seacurve's time (> 1: seacurve faster).\n"
            "Progress goes to stderr, the report to stdout.  Exit status: 0 ok, 1 a cross-check or\n"
            "operation failed, 2 usage.\n"
            "libsecp256k1 in this build: %s\n"
            "Curves:",
            prog, binary_defaults[0], binary_defaults[1], binary_defaults[2], binary_defaults[3], BC_MAX_RUNS,
            DEFAULT_RUNS, bo_have_libsecp256k1() ? "yes" : "no");
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

/* Add curve c to the list unless it is there; the list holds sc_curve_count() names, each
 * curve at most once, so it cannot overflow: were it full, that is reported, not skipped. */
static int add_curve(const char **curves, size_t *n, size_t cap, const sc_curve *c)
{
    size_t j;
    for (j = 0; j < *n && strcmp(curves[j], c->name); j++)
        ;
    if (j < *n)
        return 0;
    if (*n >= cap)
        return -1;
    curves[(*n)++] = c->name;
    return 0;
}

static int run(int argc, char **argv, const char *prog, const char **curves, size_t cap)
{
    size_t ncurves = 0, i;
    unsigned what = 0;
    int quick = 0, with_ref = 1, rc = 0, a, runs = DEFAULT_RUNS, list = 0, check = 0;
    bc_format fmt = BC_FMT_TABLE;
    bc_opts o;
    bc_table t;
    char title[1024], prefix[96];

    for (a = 1; a < argc; a++) {
        const char *s = argv[a];
        if (!strcmp(s, "--curve")) {
            const sc_curve *c;
            int err = 0;
            if (a + 1 >= argc)
                return bad_usage(prog, "--curve needs a curve name", NULL);
            if (!strcmp(argv[++a], "all")) {
                for (i = 0; i < sc_curve_count() && !err; i++)
                    err = add_curve(curves, &ncurves, cap, sc_curve_at(i));
            } else if (!(c = sc_curve_find(argv[a]))) {
                return bad_usage(prog, "unknown curve", argv[a]);
            } else {
                err = add_curve(curves, &ncurves, cap, c);
            }
            if (err)
                return bad_usage(prog, "more curves than the library has", argv[a]);
        } else if (!strcmp(s, "--runs")) {
            char *end;
            long v;
            if (a + 1 >= argc)
                return bad_usage(prog, "--runs needs a number", NULL);
            v = strtol(argv[++a], &end, 10);
            if (end == argv[a] || *end || v < 1 || v > BC_MAX_RUNS)
                return bad_usage(prog, "--runs wants a number from 1 to " SC_BENCH_STR(BC_MAX_RUNS) ", not", argv[a]);
            runs = (int)v;
        } else if (!strcmp(s, "--quick")) {
            quick = 1;
        } else if (!strcmp(s, "--list")) {
            list = 1;
        } else if (!strcmp(s, "--check")) {
            check = 1;
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
    if (list && check)
        return bad_usage(prog, "--list and --check exclude each other", NULL);
    if (!what)
        what = BO_ALL;
    if (!ncurves) {
        for (i = 0; i < sc_curve_prime_count(); i++)
            if (add_curve(curves, &ncurves, cap, sc_curve_at(i)))
                return bad_usage(prog, "more curves than the library has", NULL);
        for (i = 0; i < sizeof binary_defaults / sizeof binary_defaults[0]; i++) {
            const sc_curve *c = sc_curve_find(binary_defaults[i]);
            if (c && add_curve(curves, &ncurves, cap, c))
                return bad_usage(prog, "more curves than the library has", NULL);
        }
    }

    if (list) {
        for (i = 0; i < ncurves; i++)
            if (!bo_list_curve(stdout, curves[i], what, with_ref))
                fprintf(stderr, "%s: %s: no rows (OpenSSL does not know this curve, or none of the groups asked for "
                                "applies)\n", prog, curves[i]);
        return 0;
    }
    if (check) {
        char refs[64];
        for (i = 0; i < ncurves; i++) {
            int r = bo_check_curve(curves[i], refs, sizeof refs);
            printf("%s: %s%s%s%s\n", curves[i], r == 0 ? "cross-check passed" : r == -1 ? "not known to OpenSSL" : "FAILED",
                   r == 0 ? " (" : "", r == 0 ? refs : "", r == 0 ? ")" : "");
            if (r != 0)
                rc = 1;
        }
        return rc;
    }

    if (quick)
        bc_opts_quick(&o);
    else
        bc_opts_full(&o);
    {
        size_t off = (size_t)snprintf(title, sizeof title,
                                      "seacurve %s (SC_WORD_BITS=%d) vs %s%s; %s; %d run%s; OpenSSL EC methods:",
                                      SEACURVE_VERSION, SC_WORD_BITS, bo_openssl_version(),
                                      bo_have_libsecp256k1() ? " and libsecp256k1" : "", quick ? "quick" : "full",
                                      runs, runs > 1 ? "s" : "");
        for (i = 0; i < ncurves && off < sizeof title; i++)
            off += (size_t)snprintf(title + off, sizeof title - off, "%s %s=%s", i ? "," : "", curves[i],
                                    bo_openssl_method(curves[i]));
    }

    bc_table_init(&t);
    for (i = 0; i < ncurves; i++) {
        int r;
        snprintf(prefix, sizeof prefix, "%s: [%zu/%zu]", prog, i + 1, ncurves);
        r = bo_run_curve(&t, curves[i], what, with_ref, runs, &o, prefix);
        if (r == -1)
            fprintf(stderr, "%s: %s: OpenSSL does not know this curve; skipped\n", prog, curves[i]);
        else if (r != 0)
            fprintf(stderr, "%s: %s: seacurve and a reference disagree (or an operation failed); not timed\n", prog,
                    curves[i]);
        if (r != 0)
            rc = 1;
    }
    for (i = 0; i < t.n; i++)
        if (!t.rows[i].sc.ok || (t.rows[i].ref_name[0] && !t.rows[i].ref.ok) ||
            (t.rows[i].ref2_name[0] && !t.rows[i].ref2.ok))
            rc = 1;
    bc_table_print(stdout, &t, fmt, title);
    bc_table_free(&t);
    return rc;
}

int sc_bench_main(int argc, char **argv, const char *prog)
{
    const char **curves;
    size_t cap = sc_curve_count();
    int rc;

    if (!prog)
        prog = argc > 0 && argv[0] ? argv[0] : "sc-bench";
    if (!(curves = calloc(cap ? cap : 1, sizeof *curves))) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return 1;
    }
    rc = run(argc, argv, prog, curves, cap);
    free(curves);
    return rc;
}
