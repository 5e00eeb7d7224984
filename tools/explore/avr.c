/* explore --target avr: the method matrix on the mote (explore.h).
 *
 * Runs the firmware image firmware/explore_avr.c (built for the ATmega1281 by
 * firmware/explore.cmake; its cycle counts equal the ATmega128's) under the
 * cycle-exact runner sc-avrsim (tools/avrsim), reads its console ("row <key> <i>"
 * before each measured call, "bad <key>" for a result that differed from the
 * production path, "explore done <bad rows>") and its region lines ("avrsim region
 * 1 cycles <c> ..."), and prints the tables in cycles with the papers' claims
 * checked on their own platform, as text, Markdown (--md) or CSV (--csv: one line per
 * measured row, for plotting).  The image and the runner are found at their
 * build-tree paths (compiled in), or given with --elf / --sim. */
#define _POSIX_C_SOURCE 200809L
#include "explore.h"
#include "out.h"
#include <seacurve/curves.h>
#include <seacurve/scalarmul.h>
#include <seacurve/fp_methods.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SC_EXPLORE_AVRSIM_PATH
#define SC_EXPLORE_AVRSIM_PATH "sc-avrsim"
#endif
#ifndef SC_EXPLORE_AVR_FW_DIR
#define SC_EXPLORE_AVR_FW_DIR "."
#endif

#define AVR_HZ 7372800.0 /* MICAz / IRIS clock */
#define MAXROWS 512
#define MAXSC 8

typedef struct arow {
    char key[96];
    double cyc[MAXSC];
    unsigned n;
    int bad;
} arow;

typedef struct astate {
    arow rows[MAXROWS];
    size_t nrows;
    unsigned nsc;
    long long total;
    int done, done_bad;
    char mcu[32];
} astate;

static arow *find_row(astate *st, const char *key, int create)
{
    size_t i;
    for (i = 0; i < st->nrows; i++)
        if (!strcmp(st->rows[i].key, key))
            return &st->rows[i];
    if (!create || st->nrows == MAXROWS)
        return NULL;
    snprintf(st->rows[st->nrows].key, sizeof st->rows[0].key, "%s", key);
    return &st->rows[st->nrows++];
}

static double mean(const arow *r)
{
    double s = 0;
    unsigned i;
    if (!r || !r->n)
        return 0;
    for (i = 0; i < r->n; i++)
        s += r->cyc[i];
    return s / r->n;
}

static double row_mean(astate *st, const char *key)
{
    arow *r = find_row(st, key, 0);
    return r && !r->bad ? mean(r) : 0;
}

/* Run the image; 0 on success, else a message in err. */
static int run_image(astate *st, const char *sim, const char *elf, char *err, size_t errlen)
{
    char cmd[2048], line[512];
    arow *cur = NULL;
    FILE *p;
    int rc;

    if (access(sim, X_OK) != 0) {
        snprintf(err, errlen, "the simulator runner %s is missing (build with libsimavr: Debian simavr "
                 "libsimavr-dev libelf-dev; or give --sim)", sim);
        return -1;
    }
    if (access(elf, R_OK) != 0) {
        snprintf(err, errlen, "the firmware image %s is missing (build with avr-gcc and SC_FIRMWARE=ON; "
                 "or give --elf)", elf);
        return -1;
    }
    if (strchr(sim, '\'') || strchr(elf, '\'')) {
        snprintf(err, errlen, "paths with a single quote are not supported");
        return -1;
    }
    snprintf(cmd, sizeof cmd, "'%s' --timeout 3000 '%s' 2>&1", sim, elf);
    if (!(p = popen(cmd, "r"))) {
        snprintf(err, errlen, "cannot run %s", sim);
        return -1;
    }
    while (fgets(line, sizeof line, p)) {
        char key[96], mcu[32];
        unsigned idx, id, nsc;
        unsigned long long cyc;
        line[strcspn(line, "\n")] = 0;
        if (sscanf(line, "row %95s %u", key, &idx) == 2) {
            cur = find_row(st, key, 1);
        } else if (sscanf(line, "avrsim region %u cycles %llu", &id, &cyc) == 2) {
            if (cur && cur->n < MAXSC)
                cur->cyc[cur->n++] = (double)cyc;
            cur = NULL;
        } else if (sscanf(line, "bad %95s", key) == 1) {
            arow *r = find_row(st, key, 1);
            if (r)
                r->bad = 1;
        } else if (sscanf(line, "explore %*s %31s scalars %u", mcu, &nsc) == 2) {
            snprintf(st->mcu, sizeof st->mcu, "%s", mcu);
            st->nsc = nsc;
        } else if (sscanf(line, "explore done %d", &st->done_bad) == 1) {
            st->done = 1;
        } else if (sscanf(line, "avrsim exit %*d cycles %llu", &cyc) == 1) {
            st->total = (long long)cyc;
        }
    }
    rc = pclose(p);
    /* a finished run exits with its bad-row count: those rows print as FAILED */
    if (!st->done || (rc != 0 && st->done_bad == 0)) {
        snprintf(err, errlen, "%s %s: the image did not complete (%s)", sim, elf,
                 st->done ? "runner failure" : "no 'explore done' line");
        return -1;
    }
    return 0;
}

static void print_table_head(FILE *o, int md, const char *title, const char *cols)
{
    if (md)
        fprintf(o, "\n## %s\n\n%s\n", title, cols);
    else
        fprintf(o, "\n%s\n", title);
}

static const char *yesno(int v)
{
    return v ? "yes" : "no";
}

/* ct flag of a scalar-multiplication row key "sec/method/system/w" */
static int row_ct(const char *key)
{
    char sec[16], meth[48];
    const sc_scalarmul_method *m;
    if (sscanf(key, "%15[^/]/%47[^/]", sec, meth) != 2)
        return 0;
    if (!strcmp(meth, "sc_ec_mul") || !strcmp(meth, "sc_ec_mul_gen"))
        return 1;
    m = sc_scalarmul_find(meth);
    return m && m->ct;
}

static void print_points(FILE *o, astate *st, int md, const char *sec, const char *title, const char *prod)
{
    char pk[96];
    double pc;
    size_t i;
    snprintf(pk, sizeof pk, "%s/%s/production/0", sec, prod);
    pc = row_mean(st, pk);
    print_table_head(o, md, title,
                     "| method | system | w | ct | cycles | ms at 7.37 MHz | vs production |\n"
                     "|---|---|---:|---|---:|---:|---:|");
    if (!md)
        fprintf(o, "  %-16s %-12s %2s %-3s %14s %10s %8s\n", "method", "system", "w", "ct", "cycles", "ms", "vs prod");
    for (i = 0; i < st->nrows; i++) {
        const arow *r = &st->rows[i];
        char s[16], meth[48], sys[48];
        unsigned w;
        double m = mean(r);
        if (sscanf(r->key, "%15[^/]/%47[^/]/%47[^/]/%u", s, meth, sys, &w) != 4 || strcmp(s, sec))
            continue;
        if (r->bad) {
            fprintf(o, md ? "| `%s` | %s | %u | %s | FAILED | | |\n" : "  %-16s %-12s %2u %-3s FAILED\n", meth, sys, w,
                    yesno(row_ct(r->key)));
            continue;
        }
        if (md)
            fprintf(o, "| `%s` | %s | %u | %s | %.0f | %.1f | %.2fx |\n", meth, sys, w, yesno(row_ct(r->key)), m,
                    m / AVR_HZ * 1e3, pc > 0 ? m / pc : 0);
        else
            fprintf(o, "  %-16s %-12s %2u %-3s %14.0f %10.1f %7.2fx\n", meth, sys, w, yesno(row_ct(r->key)), m,
                    m / AVR_HZ * 1e3, pc > 0 ? m / pc : 0);
    }
}

/* cycles, or "-" for none */
static const char *cy(char *buf, size_t len, double v)
{
    if (v > 0)
        snprintf(buf, len, "%.0f", v);
    else
        snprintf(buf, len, "-");
    return buf;
}

static void print_field(FILE *o, astate *st, int md)
{
    char b1[32], b2[32], b3[32];
    size_t i;
    print_table_head(o, md, "Field: multi-precision multiplication (field-size operands), cycles",
                     "| method | mul | sqr |\n|---|---:|---:|");
    for (i = 0; i < st->nrows; i++) {
        char meth[48], op[8], k2[96];
        const arow *r = &st->rows[i];
        if (sscanf(r->key, "field/mp/%47[^/]/%7s", meth, op) != 2 || strcmp(op, "mul"))
            continue;
        snprintf(k2, sizeof k2, "field/mp/%s/sqr", meth);
        fprintf(o, md ? "| `%s` | %s | %s |\n" : "  %-12s mul %8s  sqr %8s\n", meth,
                r->bad ? "FAILED" : cy(b1, sizeof b1, mean(r)), cy(b2, sizeof b2, row_mean(st, k2)));
    }
    print_table_head(o, md, "Field: methods on p (modular multiply / square / inverse), cycles",
                     "| method | kind | ct | mul | sqr | inv |\n|---|---|---|---:|---:|---:|");
    for (i = 0; i < sc_fp_method_count(); i++) {
        const sc_fp_method *m = sc_fp_method_at(i);
        char km[96], ks[96], ki[96];
        double vm, vs, vi;
        const char *kind = m->kind == SC_FP_METHOD_REDUCER ? "reducer" : m->kind == SC_FP_METHOD_MODMUL ? "modmul" : "inv";
        snprintf(km, sizeof km, "field/fp/%s/mul", m->name);
        snprintf(ks, sizeof ks, "field/fp/%s/sqr", m->name);
        snprintf(ki, sizeof ki, "field/fp/%s/inv", m->name);
        if (!find_row(st, km, 0) && !find_row(st, ki, 0))
            continue;          /* does not apply to this p */
        vm = row_mean(st, km);
        vs = row_mean(st, ks);
        vi = row_mean(st, ki);
        fprintf(o, md ? "| `%s` | %s | %s | %s | %s | %s |\n" : "  %-12s %-8s ct %-3s mul %9s  sqr %9s  inv %10s\n",
                m->name, kind, yesno(m->ct), cy(b1, sizeof b1, vm), cy(b2, sizeof b2, vs), cy(b3, sizeof b3, vi));
    }
}

/* The papers' claims, measured on their platform. */
static void print_claims(FILE *o, astate *st, int md)
{
    double bin = row_mean(st, "var/binary_l2r/jacobian/0"), naf = row_mean(st, "var/naf/jacobian/0");
    double wn = row_mean(st, "var/wnaf/jacobian/4"), wnm = row_mean(st, "var/wnaf_mixed/jacobian/4");
    double fs = row_mean(st, "fix/fix_sliding/jacobian/4"), sh = row_mean(st, "double/shamir/jacobian/1");
    double a4 = row_mean(st, "field/fp/secp160r1/mul"), a3 = row_mean(st, "field/fp/pm-generic/mul");
    double mpm = row_mean(st, "field/mp/default/mul");
    struct {
        const char *what, *paper;
        double got;    /* measured: a saving 1 - new/old, or a factor old/new */
        int factor;
        double lo, hi; /* the claim holds for lo <= got <= hi ("about": +-50%) */
    } c[5] = {
        { "NAF vs binary double-and-add (k*P, Jacobian)", "[WM-ECC]: NAF saves >= 5%", bin > 0 ? 1 - naf / bin : 0, 0,
          0.05, 1 },
        { "mixed vs Jacobian additions (wNAF w = 4: affine vs Jacobian odd multiples)",
          "about 6%", wn > 0 ? 1 - wnm / wn : 0, 0, 0.03, 0.09 },
        { "sliding-window fixed base (w = 4, 15 points of G) vs NAF k*P", "[WM-ECC]: > 10% faster",
          naf > 0 ? 1 - fs / naf : 0, 0, 0.10, 1 },
        { "Shamir's trick (w = 1) vs u1*G (sliding window) + u2*Q (NAF) for verification",
          "[WM-ECC]: about 30% faster", fs + naf > 0 ? 1 - sh / (fs + naf) : 0, 0, 0.15, 0.45 },
        { "secp160r1 reduction: Alg. 4 (special) vs Alg. 3 (generic pseudo-Mersenne), modular multiply",
          "[DSP]: 5x (on its DSP)", a4 > 0 ? a3 / a4 : 0, 1, 2.5, 1e9 },
    };
    size_t i;
    print_table_head(o, md, "Claims of the papers on the mote",
                     "| claim | paper | seacurve on the ATmega | holds |\n|---|---|---:|---|");
    for (i = 0; i < 5; i++) {
        char got[64];
        int holds = c[i].got >= c[i].lo && c[i].got <= c[i].hi;
        if (c[i].factor)
            snprintf(got, sizeof got, "%.2fx", c[i].got);
        else
            snprintf(got, sizeof got, "%.1f%%", 100 * c[i].got);
        if (md)
            fprintf(o, "| %s | %s | %s | %s |\n", c[i].what, c[i].paper, got, holds ? "yes" : "no");
        else
            fprintf(o, "  %s\n    paper: %s; measured: %s (%s)\n", c[i].what, c[i].paper, got,
                    holds ? "holds" : "does not hold");
    }
    if (a4 > 0 && a3 > 0 && mpm > 0) {
        const char *fmt = md ? "\nReduction alone (modular multiply minus the multi-precision multiply of %.0f "
                               "cycles): Alg. 4 %.0f, Alg. 3 %.0f cycles, %.2fx.\n"
                             : "  reduction alone (modmul - mp mul %.0f): Alg. 4 %.0f, Alg. 3 %.0f cycles, %.2fx\n";
        fprintf(o, fmt, mpm, a4 - mpm, a3 - mpm, (a4 - mpm) > 0 ? (a3 - mpm) / (a4 - mpm) : 0);
    }
}

/* CSV: one line per measured row, the field rows (section mp / fp, op mul / sqr / inv) and the
 * point rows (section var / fix / double); cycles are the mean over the row's scalars. */
static void print_csv(FILE *o, astate *st)
{
    size_t i;
    fprintf(o, "mcu,section,key,method,system,w,op,ct,status,scalars,cycles,ms\n");
    for (i = 0; i < st->nrows; i++) {
        const arow *r = &st->rows[i];
        char sec[16], meth[48], sys[48] = "", op[8] = "", ct[4] = "";
        unsigned w = 0;
        int haw = 0;
        double m = mean(r);
        if (sscanf(r->key, "field/%15[^/]/%47[^/]/%7s", sec, meth, op) == 3) {
            const sc_fp_method *fm = !strcmp(sec, "fp") ? sc_fp_method_find(meth) : NULL;
            if (fm)
                snprintf(ct, sizeof ct, "%d", fm->ct ? 1 : 0);
        } else if (sscanf(r->key, "%15[^/]/%47[^/]/%47[^/]/%u", sec, meth, sys, &w) == 4) {
            haw = 1;
            snprintf(ct, sizeof ct, "%d", row_ct(r->key));
        } else {
            continue;
        }
        fprintf(o, "%s,%s,%s,%s,%s,", st->mcu, sec, r->key, meth, sys);
        if (haw)
            fprintf(o, "%u", w);
        fprintf(o, ",%s,%s,%s,%u", op, ct, r->bad ? "FAILED" : "ok", r->n);
        if (!r->bad && r->n)
            fprintf(o, ",%.1f,%.4f\n", m, m / AVR_HZ * 1e3);
        else
            fprintf(o, ",,\n");
    }
}

static void usage(FILE *o, const char *prog)
{
    fprintf(o,
            "usage: %s explore --target avr [--curve secp160r1] [--quick] [--md | --csv] [-o FILE] [--force]\n"
            "           [--elf FILE] [--sim FILE]\n"
            "  The method matrix on the ATmega (cycle-exact, sc-avrsim): field methods, every scalar\n"
            "  multiplication method x coordinate system x window (one scalar each), and the papers'\n"
            "  claims checked in cycles (\"about x\" holds within x/2 .. 3x/2, a factor within half of\n"
            "  the paper's).  --quick: only the claims' rows, four scalars each.\n"
            "  --md: Markdown; --csv: the measured rows, one line each (columns: mcu,section,key,method,\n"
            "  system,w,op,ct,status,scalars,cycles,ms); -o FILE: to FILE (existing: only with --force).\n"
            "  --elf: the image (default: explore_secp160r1[_quick].elf in %s)\n"
            "  --sim: the runner (default: %s)\n",
            prog, SC_EXPLORE_AVR_FW_DIR, SC_EXPLORE_AVRSIM_PATH);
}

int sc_explore_avr_main(int argc, char **argv, const char *prog)
{
    static astate st;
    const char *curve = "secp160r1", *elf = NULL, *sim = SC_EXPLORE_AVRSIM_PATH, *out = "-";
    char elfbuf[1024], err[4096], who[96];
    int a, md = 0, csv = 0, quick = 0, bad = 0, force = 0, rc;
    size_t i;
    FILE *o;
    xo_mem m;

    memset(&st, 0, sizeof st);
    snprintf(who, sizeof who, "%s %s --target avr", prog, argv[0]);
    for (a = 1; a < argc; a++) {
        const char *opt = argv[a], *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (!strcmp(opt, "-h") || !strcmp(opt, "--help")) {
            usage(stdout, prog);
            return 0;
        } else if (v && !strcmp(opt, "--target")) {
            if (strcmp(argv[++a], "avr")) {
                fprintf(stderr, "%s explore: unknown --target '%s' (avr)\n", prog, argv[a]);
                return 2;
            }
        } else if (!strcmp(opt, "--md")) {
            md = 1;
        } else if (!strcmp(opt, "--csv")) {
            csv = 1;
        } else if (!strcmp(opt, "--force")) {
            force = 1;
        } else if (!strcmp(opt, "--png") || !strncmp(opt, "--png=", 6)) {
            return xo_png_refused(who, "seacurve explore --target avr --csv -o FILE, then plot FILE with "
                                       "matplotlib as tools/plot/plot_cost.py does for `seacurve cost --csv`");
        } else if (v && !strcmp(opt, "-o")) {
            out = argv[++a];
        } else if (!strcmp(opt, "--quick")) {
            quick = 1;
        } else if (v && !strcmp(opt, "--curve")) {
            curve = argv[++a];
        } else if (v && !strcmp(opt, "--elf")) {
            elf = argv[++a];
        } else if (v && !strcmp(opt, "--sim")) {
            sim = argv[++a];
        } else {
            fprintf(stderr, "%s: unknown option or missing value '%s' (see --help)\n", who, opt);
            return 2;
        }
    }
    if (md && csv) {
        fprintf(stderr, "%s: --md and --csv exclude each other\n", who);
        return 2;
    }
    if (strcmp(curve, "secp160r1")) {
        fprintf(stderr, "%s: the mote image covers secp160r1 only, not '%s'\n", who, curve);
        return 2;
    }
    if (xo_check(who, out, force))   /* before the run */
        return 2;
    if (!elf) {
        snprintf(elfbuf, sizeof elfbuf, "%s/explore_secp160r1%s.elf", SC_EXPLORE_AVR_FW_DIR, quick ? "_quick" : "");
        elf = elfbuf;
    }
    if (run_image(&st, sim, elf, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", who, err);
        return 1;
    }
    for (i = 0; i < st.nrows; i++)
        bad |= st.rows[i].bad;
    if (xo_mem_open(&m)) {
        fprintf(stderr, "%s: out of memory\n", who);
        return 2;
    }
    o = m.f;
    if (csv) {
        print_csv(o, &st);
    } else {
        if (md)
            fprintf(o, "# seacurve explore --target avr: secp160r1\n\n");
        fprintf(o, "%s%s on %s (sc-avrsim, cycle-exact; the same counts on the ATmega128), %u scalar%s per row; "
                "ms at 7.37 MHz (MICAz / IRIS); whole run %lld cycles\n",
                md ? "" : "explore --target avr: ", curve, st.mcu, st.nsc, st.nsc == 1 ? "" : "s", st.total);
        print_field(o, &st, md);
        print_points(o, &st, md, "var", "Variable base: k*P", "sc_ec_mul");
        print_points(o, &st, md, "fix", "Fixed base: k*G", "sc_ec_mul_gen");
        print_points(o, &st, md, "double", "Double scalar: u1*G + u2*Q", "sc_ec_mul2_var");
        print_claims(o, &st, md);
    }
    if (xo_mem_close(&m)) {
        fprintf(stderr, "%s: out of memory\n", who);
        rc = 2;
    } else {
        rc = xo_write(who, out, m.data, m.len, force) ? 2 : bad ? 1 : 0;
    }
    free(m.data);
    return rc;
}
