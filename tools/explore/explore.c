/* explore: `seacurve explore --curve NAME` (explore.h).
 *
 * For one curve: the field section (every multi-precision multiplication
 * method of mp_methods.h, every field method of fp_methods.h that applies to
 * p, timed; their word-multiply counts) and the three scalar-multiplication
 * sections (variable base, fixed base, double scalar), one row per method x
 * coordinate system x window.  Each row: the operation counts of the counting
 * build (sc-explore-count, averaged over the engine's scalars), the
 * M-equivalent cost at the S/M and I/M ratios, and the time measured here
 * (bench_core: median of batches), after every scalar's result was checked
 * against the production entry point (a row that disagrees is FAILED and not
 * timed).  Output as a text table, JSON (--json: every number), CSV (--csv: the
 * scalar-multiplication rows, one line each, for plotting) or Markdown (--md);
 * to stdout or, by the CLI's file rules (out.h), to -o FILE. */
#define _POSIX_C_SOURCE 200809L
#include "explore.h"
#include "bench_core.h"
#include "countrun.h"
#include "engine.h"
#include "out.h"
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <seacurve/mp_methods.h>
#include <seacurve/opcount.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { FMT_TEXT, FMT_JSON, FMT_MD, FMT_CSV };

typedef struct xrow {
    char key[160];
    int kind;                  /* sc_scalarmul_kind */
    const char *method, *system, *source;
    unsigned w;
    int ct, prod;
    xe_combo cb;
    int failed;                /* cross-check against production failed (timing build) */
    char err[192]; /* "counting build: " + the counting entry's err */
    int have_cnt;              /* counts from the counting build */
    int cnt_failed;            /* the counting build's cross-check failed */
    double cnt[XC_N];
    double meq;                /* M-equivalent */
    int timed;
    bc_result t;
    int fastest, fastest_ct, cheapest;
} xrow;

typedef struct xfield {        /* one field or mp method row */
    char name[48], kind[16];
    const char *source;
    int ct, applies, failed;
    double ns[3];              /* mul, sqr, inv (0: n/a) */
    double cy[3];
    long long w[3];            /* word multiplies (counting build), -1 n/a */
} xfield;

typedef struct xopts {
    const char *curve, *out, *count_bin;
    int fmt, quick, no_time, force;
    double sm, im;             /* < 0: measured */
    size_t nsc;
    uint64_t seed;
} xopts;

typedef struct xstate {
    xopts o;
    const sc_curve *cv;
    xe_ctx *x;
    xc_result cnt;
    bc_opts bo;
    /* base field timings and ratios */
    bc_result base[4];         /* mul, sqr, inv (ct), inv_var */
    double sm, im_ct, im_var;
    int ratios_given;
    xfield *mp, *fpm;
    size_t nmp, nfpm;
    xrow *rows;
    size_t nrows;
} xstate;

/* ------------------------------------------------------------------ */
/* timing callbacks                                                    */

typedef struct { const sc_fp_field *f; sc_fe a, b; int op; sc_fp_mul_fn mul; sc_fp_sqr_fn sqr; sc_fp_inv_fn inv; } fop;

static int op_fp(void *arg, long iters)
{
    fop *p = arg;
    long i;
    for (i = 0; i < iters; i++) {
        switch (p->op) {
        case 0: p->mul(p->a, p->a, p->b, p->f); break;
        case 1: p->sqr(p->a, p->a, p->f); break;
        default: p->inv(p->a, p->a, p->f); break;
        }
    }
    return 0;
}

typedef struct { const sc_mp_method *m; size_t n; sc_word a[2 * SC_FP_MAXW], b[2 * SC_FP_MAXW], r[4 * SC_FP_MAXW]; int sqr; } mop;

static int op_mp(void *arg, long iters)
{
    mop *p = arg;
    long i;
    for (i = 0; i < iters; i++) {
        if (p->sqr)
            p->m->sqr(p->r, p->a, p->n);
        else
            p->m->mul(p->r, p->a, p->b, p->n);
        p->a[0] ^= p->r[p->n];   /* a dependency from one call to the next */
    }
    return 0;
}

typedef struct { const xe_ctx *x; const xe_combo *cb; int prod_kind; size_t i; } eop;

static int op_scalarmul(void *arg, long iters)
{
    eop *p = arg;
    long j;
    for (j = 0; j < iters; j++) {
        sc_ep_aff r;
        sc_err e;
        size_t i = p->i++ % p->x->nsc;
        e = p->prod_kind ? xe_run_prod(p->x, p->prod_kind, i, &r) : xe_run(p->x, p->cb, i, &r);
        if (e != SC_OK && e != SC_ERR_INFINITY)
            return 1;
    }
    return 0;
}

static void fill_elem(sc_word *a, const sc_fp_field *f, unsigned salt)
{
    size_t i;
    memset(a, 0, sizeof(sc_fe));
    for (i = 0; i < f->nw; i++)
        a[i] = (sc_word)(0x9e3779b97f4a7c15ull * (i + 7 + salt) ^ (0xc2b2ae3d27d4eb4full >> (i % 5)));
    a[f->nw - 1] &= (sc_word)(f->p[f->nw - 1] >> 1);   /* below p, in any form */
    if (sc_fp_is_zero(a, f))
        a[0] = 1;
}

static void measure_fp(bc_result *r, const sc_fp_field *f, int op, sc_fp_mul_fn mul, sc_fp_sqr_fn sqr,
                       sc_fp_inv_fn inv, const bc_opts *o)
{
    fop p;
    memset(&p, 0, sizeof p);
    p.f = f;
    p.op = op;
    p.mul = mul;
    p.sqr = sqr;
    p.inv = inv;
    fill_elem(p.a, f, 1);
    fill_elem(p.b, f, 2);
    bc_measure(r, op_fp, &p, o);
}

/* ------------------------------------------------------------------ */
/* the field section                                                   */

static void field_section(xstate *st)
{
    const sc_fp_field *f = st->cv->ep->fp;
    size_t i, j;
    bc_opts fo = st->bo;
    fo.target_ns /= 4;   /* field operations: short batches suffice */

    /* the production operations and the ratios */
    measure_fp(&st->base[0], f, 0, sc_fp_mul, NULL, NULL, &fo);
    measure_fp(&st->base[1], f, 1, NULL, sc_fp_sqr, NULL, &fo);
    measure_fp(&st->base[2], f, 2, NULL, NULL, sc_fp_inv, &fo);
    measure_fp(&st->base[3], f, 2, NULL, NULL, sc_fp_inv_var, &fo);
    if (st->base[0].ok && st->base[0].ns_per_op > 0) {
        st->sm = st->base[1].ns_per_op / st->base[0].ns_per_op;
        st->im_ct = st->base[2].ns_per_op / st->base[0].ns_per_op;
        st->im_var = st->base[3].ns_per_op / st->base[0].ns_per_op;
    }
    if (st->o.sm >= 0)
        st->sm = st->o.sm;
    if (st->o.im >= 0)
        st->im_ct = st->im_var = st->o.im;
    st->ratios_given = st->o.sm >= 0 || st->o.im >= 0;

    /* multi-precision methods at this field's size */
    st->nmp = sc_mp_method_count();
    st->mp = calloc(st->nmp ? st->nmp : 1, sizeof *st->mp);
    for (i = 0; st->mp && i < st->nmp; i++) {
        const sc_mp_method *m = sc_mp_method_at(i);
        xfield *x = &st->mp[i];
        mop p;
        bc_result r;
        snprintf(x->name, sizeof x->name, "%s", m->name);
        x->source = m->source;
        x->ct = 1;
        x->applies = 1;
        x->w[0] = x->w[1] = x->w[2] = -1;
        for (j = 0; j < st->cnt.nmp; j++)
            if (!strcmp(st->cnt.mp[j].name, m->name)) {
                x->w[0] = st->cnt.mp[j].w[0];
                x->w[1] = st->cnt.mp[j].w[1];
            }
        memset(&p, 0, sizeof p);
        p.m = m;
        p.n = f->nw;
        for (j = 0; j < p.n; j++) {
            p.a[j] = (sc_word)(0x8f1bbcdcca62c1d6ull * (j + 3));
            p.b[j] = (sc_word)(0x5a827999ed9eba14ull * (j + 5));
        }
        /* check against the library product before timing */
        {
            sc_word want[4 * SC_FP_MAXW], got[4 * SC_FP_MAXW];
            sc_mp_mul(want, p.a, p.b, p.n);
            m->mul(got, p.a, p.b, p.n);
            if (memcmp(want, got, 2 * p.n * sizeof(sc_word)))
                x->failed = 1;
            sc_mp_sqr(want, p.a, p.n);
            m->sqr(got, p.a, p.n);
            if (memcmp(want, got, 2 * p.n * sizeof(sc_word)))
                x->failed = 1;
        }
        if (x->failed || st->o.no_time)
            continue;
        p.sqr = 0;
        if (bc_measure(&r, op_mp, &p, &fo)) {
            x->ns[0] = r.ns_per_op;
            x->cy[0] = r.cycles_per_op;
        }
        p.sqr = 1;
        if (bc_measure(&r, op_mp, &p, &fo)) {
            x->ns[1] = r.ns_per_op;
            x->cy[1] = r.cycles_per_op;
        }
    }

    /* field methods: reducers, modular multiplications, inversions */
    st->nfpm = sc_fp_method_count();
    st->fpm = calloc(st->nfpm ? st->nfpm : 1, sizeof *st->fpm);
    for (i = 0; st->fpm && i < st->nfpm; i++) {
        const sc_fp_method *m = sc_fp_method_at(i);
        xfield *x = &st->fpm[i];
        sc_fp_field g;
        sc_fe a, b, z, z2, ca, cb, cz;
        bc_result r;
        snprintf(x->name, sizeof x->name, "%s", m->name);
        snprintf(x->kind, sizeof x->kind, "%s", m->kind == SC_FP_METHOD_REDUCER ? "reducer"
                                               : m->kind == SC_FP_METHOD_MODMUL ? "modmul" : "inversion");
        x->source = m->source;
        x->ct = m->ct;
        x->w[0] = x->w[1] = x->w[2] = -1;
        for (j = 0; j < st->cnt.nfpm; j++)
            if (!strcmp(st->cnt.fpm[j].name, m->name)) {
                x->w[0] = st->cnt.fpm[j].w[0];
                x->w[1] = st->cnt.fpm[j].w[1];
                x->w[2] = st->cnt.fpm[j].w[2];
            }
        if (sc_fp_method_field(&g, m, f) != SC_OK)
            continue;
        x->applies = 1;
        fill_elem(ca, f, 5);   /* canonical values below p */
        fill_elem(cb, f, 6);
        sc_fp_from_canon(a, ca, &g);
        sc_fp_from_canon(b, cb, &g);
        /* cross-checks before timing */
        if (m->kind == SC_FP_METHOD_REDUCER) {
            sc_fe pa, pb;
            sc_fp_from_canon(pa, ca, f);
            sc_fp_from_canon(pb, cb, f);
            sc_fp_mul(z, a, b, &g);
            sc_fp_mul(z2, pa, pb, f);
            sc_fp_to_canon(cz, z, &g);
            sc_fp_to_canon(z, z2, f);
            if (!sc_fp_eq(cz, z, f))
                x->failed = 1;
            sc_fp_sqr(z, a, &g);
            sc_fp_sqr(z2, pa, f);
            sc_fp_to_canon(cz, z, &g);
            sc_fp_to_canon(z, z2, f);
            if (!sc_fp_eq(cz, z, f))
                x->failed = 1;
        } else if (m->kind == SC_FP_METHOD_MODMUL) {
            m->mul(z, a, b, &g);
            sc_fp_mul(z2, a, b, &g);
            if (!sc_fp_eq(z, z2, &g))
                x->failed = 1;
            m->sqr(z, a, &g);
            sc_fp_sqr(z2, a, &g);
            if (!sc_fp_eq(z, z2, &g))
                x->failed = 1;
        } else if (m->inv) {
            m->inv(z, a, &g);
            sc_fp_mul(z2, z, a, &g);
            if (!sc_fp_eq(z2, g.one, &g))
                x->failed = 1;
        }
        if (x->failed || st->o.no_time)
            continue;
        if (m->kind == SC_FP_METHOD_REDUCER) {
            measure_fp(&r, &g, 0, sc_fp_mul, NULL, NULL, &fo);
            x->ns[0] = r.ns_per_op;
            x->cy[0] = r.cycles_per_op;
            measure_fp(&r, &g, 1, NULL, sc_fp_sqr, NULL, &fo);
            x->ns[1] = r.ns_per_op;
            x->cy[1] = r.cycles_per_op;
        } else if (m->kind == SC_FP_METHOD_MODMUL) {
            measure_fp(&r, &g, 0, m->mul, NULL, NULL, &fo);
            x->ns[0] = r.ns_per_op;
            x->cy[0] = r.cycles_per_op;
            measure_fp(&r, &g, 1, NULL, m->sqr, NULL, &fo);
            x->ns[1] = r.ns_per_op;
            x->cy[1] = r.cycles_per_op;
        } else if (m->inv) {
            measure_fp(&r, &g, 2, NULL, NULL, m->inv, &fo);
            x->ns[2] = r.ns_per_op;
            x->cy[2] = r.cycles_per_op;
        }
    }
}

/* ------------------------------------------------------------------ */
/* the scalar-multiplication sections                                  */

static double meq_of(const xstate *st, const xrow *r)
{
    double im = r->ct ? st->im_ct : st->im_var;
    return r->cnt[XC_M] + st->sm * r->cnt[XC_S] + im * r->cnt[XC_I];
}

static int scalarmul_sections(xstate *st)
{
    size_t n = xe_enumerate(NULL, 0), i, k;
    xe_combo *all = calloc(n ? n : 1, sizeof *all);
    int kinds[3] = { SC_SCALARMUL_VAR, SC_SCALARMUL_FIX, SC_SCALARMUL_DOUBLE }, bad = 0;
    if (!all)
        return -1;
    xe_enumerate(all, n);
    st->rows = calloc(n + 3, sizeof *st->rows);
    if (!st->rows) {
        free(all);
        return -1;
    }
    for (k = 0; k < 3; k++) {
        /* the production entry point first, then every combination */
        xrow *r = &st->rows[st->nrows++];
        r->kind = kinds[k];
        r->prod = 1;
        r->method = xe_prod_name(kinds[k]);
        r->system = "production";
        r->source = "ec.h: the tuned default";
        r->ct = kinds[k] != SC_SCALARMUL_DOUBLE;
        snprintf(r->key, sizeof r->key, "%s/%s/production/0", xe_section_name(kinds[k]), r->method);
        for (i = 0; i < n; i++) {
            if (all[i].m->kind != kinds[k])
                continue;
            r = &st->rows[st->nrows++];
            r->cb = all[i];
            r->kind = kinds[k];
            r->method = all[i].m->name;
            r->system = all[i].s->name;
            r->source = all[i].m->source;
            r->w = all[i].w;
            r->ct = all[i].m->ct;
            xe_combo_key(r->key, sizeof r->key, &all[i]);
        }
    }
    free(all);

    for (i = 0; i < st->nrows; i++) {
        xrow *r = &st->rows[i];
        const xc_entry *ce = xc_find(&st->cnt, r->key);
        if (ce) {
            r->have_cnt = ce->ok;
            r->cnt_failed = !ce->ok;
            memcpy(r->cnt, ce->v, sizeof r->cnt);
            if (!ce->ok)
                snprintf(r->err, sizeof r->err, "counting build: %s", ce->err);
            if (ce->ok)
                r->meq = meq_of(st, r);
        }
        if (!r->prod && xe_check(st->x, &r->cb, r->err, sizeof r->err)) {
            r->failed = 1;
            bad = 1;
            continue;
        }
        if (r->cnt_failed)
            bad = 1;
        if (st->o.no_time || r->cnt_failed)
            continue;
        {
            eop p;
            memset(&p, 0, sizeof p);
            p.x = st->x;
            p.cb = &r->cb;
            p.prod_kind = r->prod ? r->kind : 0;
            if (bc_measure(&r->t, op_scalarmul, &p, &st->bo))
                r->timed = 1;
            else {
                r->failed = 1;
                snprintf(r->err, sizeof r->err, "operation failed while timed");
                bad = 1;
            }
        }
        if (isatty(2)) {
            fprintf(stderr, "\r  %zu/%zu %-60s", i + 1, st->nrows, r->key);
            fflush(stderr);
        }
    }
    if (isatty(2))
        fprintf(stderr, "\r%80s\r", "");
    /* marks per section */
    for (k = 0; k < 3; k++) {
        xrow *best = NULL, *best_ct = NULL, *cheap = NULL;
        for (i = 0; i < st->nrows; i++) {
            xrow *r = &st->rows[i];
            if (r->kind != kinds[k] || r->failed)
                continue;
            if (r->timed && (!best || r->t.ns_per_op < best->t.ns_per_op))
                best = r;
            if (r->timed && r->ct && (!best_ct || r->t.ns_per_op < best_ct->t.ns_per_op))
                best_ct = r;
            if (r->have_cnt && !r->prod && (!cheap || r->meq < cheap->meq))
                cheap = r;
        }
        if (best)
            best->fastest = 1;
        if (best_ct)
            best_ct->fastest_ct = 1;
        if (cheap)
            cheap->cheapest = 1;
    }
    return bad;
}

/* ------------------------------------------------------------------ */
/* output                                                              */

static const char *section_title(int kind)
{
    switch (kind) {
    case SC_SCALARMUL_VAR: return "variable base: k*P";
    case SC_SCALARMUL_FIX: return "fixed base: k*G";
    default: return "double scalar: u1*G + u2*Q";
    }
}

static void cpu_name(char *buf, size_t len)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    snprintf(buf, len, "unknown CPU");
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "model name", 10)) {
            char *c = strchr(line, ':'), *e;
            if (c) {
                c++;
                while (*c == ' ' || *c == '\t')
                    c++;
                e = c + strlen(c);
                while (e > c && (e[-1] == '\n' || e[-1] == ' '))
                    *--e = 0;
                snprintf(buf, len, "%s", c);
            }
            break;
        }
    }
    fclose(f);
}

static const char *fmt_cnt(char *b, size_t n, double v)
{
    if (v == (double)(long long)v)
        snprintf(b, n, "%lld", (long long)v);
    else
        snprintf(b, n, "%.1f", v);
    return b;
}

static const char *fmt_ns(char *b, size_t n, double ns)
{
    if (ns <= 0)
        snprintf(b, n, "-");
    else if (ns >= 1e6)
        snprintf(b, n, "%.2f ms", ns / 1e6);
    else if (ns >= 1e3)
        snprintf(b, n, "%.1f us", ns / 1e3);
    else
        snprintf(b, n, "%.1f ns", ns);
    return b;
}

static const char *marks(char *b, size_t n, const xrow *r)
{
    snprintf(b, n, "%s%s%s", r->fastest ? "*" : "", r->fastest_ct ? "#" : "", r->cheapest ? "+" : "");
    return b;
}

static void print_header_lines(FILE *f, const xstate *st, const char *pre)
{
    const sc_fp_field *fp = st->cv->ep->fp;
    char cpu[256], b0[32], b1[32], b2[32], b3[32];
    cpu_name(cpu, sizeof cpu);
    fprintf(f, "%scurve %s: p of %u bits (%u words of %d bits), n of %u bits; %s, %s\n", pre, st->cv->name,
            fp->bits, fp->nw, SC_WORD_BITS, st->cv->nbits, cpu,
#if defined(__clang__)
            "clang " __clang_version__
#elif defined(__GNUC__)
            "gcc " __VERSION__
#else
            "cc"
#endif
    );
    fprintf(f, "%sfield: sc_fp_mul %s, sc_fp_sqr %s, sc_fp_inv (ct) %s, sc_fp_inv_var %s\n", pre,
            fmt_ns(b0, sizeof b0, st->base[0].ns_per_op), fmt_ns(b1, sizeof b1, st->base[1].ns_per_op),
            fmt_ns(b2, sizeof b2, st->base[2].ns_per_op), fmt_ns(b3, sizeof b3, st->base[3].ns_per_op));
    fprintf(f, "%sratios %s: S/M = %.2f, I/M = %.1f for constant-time methods (sc_fp_inv), %.1f for the others "
               "(sc_fp_inv_var)\n",
            pre, st->ratios_given ? "(given)" : "(measured here)", st->sm, st->im_ct, st->im_var);
    fprintf(f, "%sM-eq = M + (S/M) S + (I/M) I.  Counts: per scalar multiplication, mean over %zu random scalars "
               "(seed 0x%llx), from the counting build (%s)%s%s\n",
            pre, st->x->nsc, (unsigned long long)st->x->seed,
            st->cnt.ran ? "sc-explore-count" : "unavailable", st->cnt.ran ? "" : ": ", st->cnt.ran ? "" : st->cnt.err);
    fprintf(f, "%sTimes: median of timed batches in this (non-counting) build, after every scalar's result was "
               "checked against the production function; the machine may have been loaded.\n", pre);
    fprintf(f, "%sMarks: * fastest in the section, # fastest constant-time, + lowest M-eq; ct = constant time "
               "in the scalar.\n", pre);
}

static void print_text(FILE *f, const xstate *st)
{
    size_t i;
    int k, kinds[3] = { SC_SCALARMUL_VAR, SC_SCALARMUL_FIX, SC_SCALARMUL_DOUBLE };
    char b[8][32];
    fprintf(f, "seacurve explore\n");
    print_header_lines(f, st, "");
    fprintf(f, "\nmultiplication methods (mp_methods.h), %u-word operands:\n", st->cv->ep->fp->nw);
    fprintf(f, "  %-12s %10s %10s %6s %6s\n", "method", "mul", "sqr", "W mul", "W sqr");
    for (i = 0; i < st->nmp; i++) {
        const xfield *x = &st->mp[i];
        fprintf(f, "  %-12s %10s %10s %6s %6s%s\n", x->name, fmt_ns(b[0], 32, x->ns[0]), fmt_ns(b[1], 32, x->ns[1]),
                x->w[0] >= 0 ? fmt_cnt(b[2], 32, (double)x->w[0]) : "-", x->w[1] >= 0 ? fmt_cnt(b[3], 32, (double)x->w[1]) : "-",
                x->failed ? "  FAILED" : "");
    }
    fprintf(f, "\nfield methods (fp_methods.h) on %s:\n", st->cv->ep->fp->name);
    fprintf(f, "  %-16s %-9s %-3s %10s %10s %10s %7s %6s %6s %6s\n", "method", "kind", "ct", "mul", "sqr", "inv", "I/M",
            "W mul", "W sqr", "W inv");
    for (i = 0; i < st->nfpm; i++) {
        const xfield *x = &st->fpm[i];
        if (!x->applies) {
            fprintf(f, "  %-16s %-9s %-3s (does not apply to this p)\n", x->name, x->kind, x->ct ? "ct" : "");
            continue;
        }
        snprintf(b[4], 32, "%.1f", x->ns[2] > 0 && st->base[0].ns_per_op > 0 ? x->ns[2] / st->base[0].ns_per_op : 0);
        fprintf(f, "  %-16s %-9s %-3s %10s %10s %10s %7s %6s %6s %6s%s\n", x->name, x->kind, x->ct ? "ct" : "",
                fmt_ns(b[0], 32, x->ns[0]), fmt_ns(b[1], 32, x->ns[1]), fmt_ns(b[2], 32, x->ns[2]),
                x->ns[2] > 0 ? b[4] : "-", x->w[0] >= 0 ? fmt_cnt(b[5], 32, (double)x->w[0]) : "-",
                x->w[1] >= 0 ? fmt_cnt(b[6], 32, (double)x->w[1]) : "-", x->w[2] >= 0 ? fmt_cnt(b[7], 32, (double)x->w[2]) : "-",
                x->failed ? "  FAILED" : "");
    }
    fprintf(f, "\npoint operations (coords.h), one each on points with Z != 1, counted:\n");
    fprintf(f, "  %-11s %-11s %3s %4s %4s %4s %4s %6s\n", "system", "operation", "I", "M", "S", "A", "C", "W");
    for (i = 0; i < st->cnt.nops; i++) {
        const xc_op *o = &st->cnt.ops[i];
        fprintf(f, "  %-11s %-11s %3.0f %4.0f %4.0f %4.0f %4.0f %6.0f\n", o->sys, o->op, o->v[2], o->v[0], o->v[1],
                o->v[3], o->v[4], o->v[5]);
    }
    for (k = 0; k < 3; k++) {
        fprintf(f, "\n%s\n", section_title(kinds[k]));
        fprintf(f, "  %-3s %-16s %-11s %2s %-3s %8s %8s %5s %8s %7s %9s %9s %10s %12s\n", "", "method", "system", "w",
                "ct", "M", "S", "I", "A", "C", "W", "M-eq", "time", "cycles");
        for (i = 0; i < st->nrows; i++) {
            const xrow *r = &st->rows[i];
            char mk[8], cy[32];
            if (r->kind != kinds[k])
                continue;
            marks(mk, sizeof mk, r);
            fprintf(f, "  %-3s %-16s %-11s %2u %-3s", mk, r->method, r->system, r->w, r->ct ? "ct" : "");
            if (r->have_cnt)
                fprintf(f, " %8s %8s %5s %8s %7s %9s %9.0f", fmt_cnt(b[0], 32, r->cnt[XC_M]), fmt_cnt(b[1], 32, r->cnt[XC_S]),
                        fmt_cnt(b[2], 32, r->cnt[XC_I]), fmt_cnt(b[3], 32, r->cnt[XC_A]), fmt_cnt(b[4], 32, r->cnt[XC_C]),
                        fmt_cnt(b[5], 32, r->cnt[XC_W]), r->meq);
            else
                fprintf(f, " %8s %8s %5s %8s %7s %9s %9s", "-", "-", "-", "-", "-", "-", "-");
            if (r->failed || r->cnt_failed)
                fprintf(f, "  FAILED: %s\n", r->err);
            else {
                snprintf(cy, sizeof cy, "%.0f", r->t.cycles_per_op);
                fprintf(f, " %10s %12s\n", fmt_ns(b[6], 32, r->timed ? r->t.ns_per_op : 0), r->timed ? cy : "-");
            }
        }
    }
}

static void md_cnt(FILE *f, double v)
{
    char b[32];
    fprintf(f, " %s |", fmt_cnt(b, sizeof b, v));
}

static void print_md(FILE *f, const xstate *st)
{
    size_t i;
    int k, kinds[3] = { SC_SCALARMUL_VAR, SC_SCALARMUL_FIX, SC_SCALARMUL_DOUBLE };
    char b[8][32];
    fprintf(f, "# seacurve explore: %s\n\n", st->cv->name);
    fprintf(f, "Generated by `seacurve explore --curve %s --md`%s.\n\n", st->cv->name,
            st->o.quick ? " (with --quick)" : "");
    print_header_lines(f, st, "- ");
    fprintf(f, "\n## Multiplication methods (%u-word operands)\n\n", st->cv->ep->fp->nw);
    fprintf(f, "| method | mul | sqr | W mul | W sqr | source |\n|---|---:|---:|---:|---:|---|\n");
    for (i = 0; i < st->nmp; i++) {
        const xfield *x = &st->mp[i];
        fprintf(f, "| `%s` | %s | %s | %s | %s | %s%s |\n", x->name, fmt_ns(b[0], 32, x->ns[0]), fmt_ns(b[1], 32, x->ns[1]),
                x->w[0] >= 0 ? fmt_cnt(b[2], 32, (double)x->w[0]) : "-", x->w[1] >= 0 ? fmt_cnt(b[3], 32, (double)x->w[1]) : "-",
                x->source ? x->source : "", x->failed ? " **FAILED**" : "");
    }
    fprintf(f, "\n## Field methods on %s\n\n", st->cv->ep->fp->name);
    fprintf(f, "| method | kind | ct | mul | sqr | inv | I/M | W mul | W sqr | W inv |\n"
               "|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (i = 0; i < st->nfpm; i++) {
        const xfield *x = &st->fpm[i];
        if (!x->applies) {
            fprintf(f, "| `%s` | %s | %s | n/a (does not apply to this p) | | | | | | |\n", x->name, x->kind, x->ct ? "yes" : "no");
            continue;
        }
        snprintf(b[4], 32, "%.1f", x->ns[2] > 0 && st->base[0].ns_per_op > 0 ? x->ns[2] / st->base[0].ns_per_op : 0);
        fprintf(f, "| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |%s\n", x->name, x->kind, x->ct ? "yes" : "no",
                fmt_ns(b[0], 32, x->ns[0]), fmt_ns(b[1], 32, x->ns[1]), fmt_ns(b[2], 32, x->ns[2]), x->ns[2] > 0 ? b[4] : "-",
                x->w[0] >= 0 ? fmt_cnt(b[5], 32, (double)x->w[0]) : "-", x->w[1] >= 0 ? fmt_cnt(b[6], 32, (double)x->w[1]) : "-",
                x->w[2] >= 0 ? fmt_cnt(b[7], 32, (double)x->w[2]) : "-", x->failed ? " **FAILED**" : "");
    }
    fprintf(f, "\n## Point operations (one each, points with Z != 1, counted)\n\n");
    fprintf(f, "| system | dbl | add | madd | to_aff_var | dbl_ct | add_ct | madd_ct | to_aff |\n"
               "|---|---|---|---|---|---|---|---|---|\n");
    for (i = 0; i < sc_coords_count(); i++) {
        static const char *const opn[8] = { "dbl", "add", "madd", "to_aff_var", "dbl_ct", "add_ct", "madd_ct", "to_aff" };
        const char *sys = sc_coords_at(i)->name;
        int j;
        fprintf(f, "| %s |", sys);
        for (j = 0; j < 8; j++) {
            const xc_op *o = xc_find_op(&st->cnt, sys, opn[j]);
            char t[64] = "";
            size_t tl = 0;
            if (!o) {
                fprintf(f, " - |");
                continue;
            }
            if (o->v[2] > 0)
                tl += (size_t)snprintf(t + tl, sizeof t - tl, "%.0fI + ", o->v[2]);
            snprintf(t + tl, sizeof t - tl, "%.0fM + %.0fS", o->v[0], o->v[1]);
            fprintf(f, " %s |", t);
        }
        fprintf(f, "\n");
    }
    fprintf(f, "\nA (additions) and C (small-constant multiplications) per operation are in the JSON output.\n");
    for (k = 0; k < 3; k++) {
        fprintf(f, "\n## %s\n\n", section_title(kinds[k]));
        fprintf(f, "| | method | system | w | ct | M | S | I | A | C | W | M-eq | time | cycles |\n"
                   "|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (i = 0; i < st->nrows; i++) {
            const xrow *r = &st->rows[i];
            char mk[8];
            if (r->kind != kinds[k])
                continue;
            fprintf(f, "| %s | `%s` | %s | %u | %s |", marks(mk, sizeof mk, r), r->method, r->system, r->w,
                    r->ct ? "yes" : "no");
            if (r->have_cnt) {
                int j;
                for (j = 0; j < XC_W + 1; j++)
                    if (j != XC_SQRT)
                        md_cnt(f, r->cnt[j]);
                fprintf(f, " %.0f |", r->meq);
            } else {
                fprintf(f, " - | - | - | - | - | - | - |");
            }
            if (r->failed || r->cnt_failed)
                fprintf(f, " **FAILED**: %s | |\n", r->err);
            else
                fprintf(f, " %s | %.0f |\n", fmt_ns(b[0], 32, r->timed ? r->t.ns_per_op : 0), r->timed ? r->t.cycles_per_op : 0);
        }
    }
}

static void json_num(FILE *f, const char *name, double v, int comma)
{
    fprintf(f, "\"%s\": %.6g%s", name, v, comma ? ", " : "");
}

static void print_json(FILE *f, const xstate *st)
{
    size_t i;
    int first;
    fprintf(f, "{\n  \"tool\": \"seacurve explore\", \"curve\": ");
    xj_str(f, st->cv->name);
    fprintf(f, ", \"word_bits\": %d, \"p_bits\": %u, \"words\": %u, \"n_bits\": %u,\n", SC_WORD_BITS,
            st->cv->ep->fp->bits, st->cv->ep->fp->nw, st->cv->nbits);
    fprintf(f, "  \"scalars\": %zu, \"seed\": \"0x%llx\", \"quick\": %s,\n", st->x->nsc,
            (unsigned long long)st->x->seed, st->o.quick ? "true" : "false");
    fprintf(f, "  \"counts\": {\"available\": %s, \"source\": ", st->cnt.ran ? "true" : "false");
    xj_str(f, st->cnt.ran ? st->cnt.header : st->cnt.err);
    fprintf(f, ", \"per\": \"scalar multiplication, mean over the scalars\"},\n");
    fprintf(f, "  \"ratios\": {\"given\": %s, ", st->ratios_given ? "true" : "false");
    json_num(f, "sm", st->sm, 1);
    json_num(f, "im_ct", st->im_ct, 1);
    json_num(f, "im_var", st->im_var, 0);
    fprintf(f, "},\n  \"base\": {");
    json_num(f, "mul_ns", st->base[0].ns_per_op, 1);
    json_num(f, "sqr_ns", st->base[1].ns_per_op, 1);
    json_num(f, "inv_ns", st->base[2].ns_per_op, 1);
    json_num(f, "inv_var_ns", st->base[3].ns_per_op, 0);
    fprintf(f, "},\n  \"registry\": {\"scalarmul\": [");
    for (i = 0; i < sc_scalarmul_count(); i++) {
        fprintf(f, "%s", i ? ", " : "");
        xj_str(f, sc_scalarmul_at(i)->name);
    }
    fprintf(f, "], \"coords\": [");
    for (i = 0; i < sc_coords_count(); i++) {
        fprintf(f, "%s", i ? ", " : "");
        xj_str(f, sc_coords_at(i)->name);
    }
    fprintf(f, "], \"mp\": [");
    for (i = 0; i < sc_mp_method_count(); i++) {
        fprintf(f, "%s", i ? ", " : "");
        xj_str(f, sc_mp_method_at(i)->name);
    }
    fprintf(f, "], \"fp\": [");
    for (i = 0; i < sc_fp_method_count(); i++) {
        fprintf(f, "%s", i ? ", " : "");
        xj_str(f, sc_fp_method_at(i)->name);
    }
    fprintf(f, "]},\n  \"mp\": [");
    for (i = 0; i < st->nmp; i++) {
        const xfield *x = &st->mp[i];
        fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
        xj_str(f, x->name);
        fprintf(f, ", \"failed\": %s, ", x->failed ? "true" : "false");
        json_num(f, "mul_ns", x->ns[0], 1);
        json_num(f, "sqr_ns", x->ns[1], 1);
        json_num(f, "mul_cycles", x->cy[0], 1);
        json_num(f, "sqr_cycles", x->cy[1], 1);
        fprintf(f, "\"W_mul\": %lld, \"W_sqr\": %lld}", x->w[0], x->w[1]);
    }
    fprintf(f, "\n  ],\n  \"fp\": [");
    for (i = 0; i < st->nfpm; i++) {
        const xfield *x = &st->fpm[i];
        fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
        xj_str(f, x->name);
        fprintf(f, ", \"kind\": \"%s\", \"ct\": %s, \"applies\": %s, \"failed\": %s, ", x->kind, x->ct ? "true" : "false",
                x->applies ? "true" : "false", x->failed ? "true" : "false");
        json_num(f, "mul_ns", x->ns[0], 1);
        json_num(f, "sqr_ns", x->ns[1], 1);
        json_num(f, "inv_ns", x->ns[2], 1);
        json_num(f, "im", x->ns[2] > 0 && st->base[0].ns_per_op > 0 ? x->ns[2] / st->base[0].ns_per_op : 0, 1);
        fprintf(f, "\"W_mul\": %lld, \"W_sqr\": %lld, \"W_inv\": %lld}", x->w[0], x->w[1], x->w[2]);
    }
    fprintf(f, "\n  ],\n  \"ops\": [");
    for (i = 0; i < st->cnt.nops; i++) {
        const xc_op *o = &st->cnt.ops[i];
        fprintf(f, "%s\n    {\"system\": \"%s\", \"op\": \"%s\", \"I\": %g, \"M\": %g, \"S\": %g, \"A\": %g, \"C\": %g, \"W\": %g}",
                i ? "," : "", o->sys, o->op, o->v[2], o->v[0], o->v[1], o->v[3], o->v[4], o->v[5]);
    }
    fprintf(f, "\n  ],\n  \"rows\": [");
    for (i = 0, first = 1; i < st->nrows; i++) {
        const xrow *r = &st->rows[i];
        fprintf(f, "%s\n    {\"section\": \"%s\", \"key\": ", first ? "" : ",", xe_section_name(r->kind));
        first = 0;
        xj_str(f, r->key);
        fprintf(f, ", \"method\": ");
        xj_str(f, r->method);
        fprintf(f, ", \"system\": ");
        xj_str(f, r->system);
        fprintf(f, ", \"w\": %u, \"ct\": %s, \"production\": %s, \"status\": \"%s\"", r->w, r->ct ? "true" : "false",
                r->prod ? "true" : "false", r->failed || r->cnt_failed ? "FAILED" : "ok");
        if (r->failed || r->cnt_failed) {
            fprintf(f, ", \"error\": ");
            xj_str(f, r->err);
        }
        if (r->have_cnt)
            fprintf(f, ", \"M\": %.4f, \"S\": %.4f, \"I\": %.4f, \"A\": %.4f, \"C\": %.4f, \"W\": %.4f, \"meq\": %.2f",
                    r->cnt[XC_M], r->cnt[XC_S], r->cnt[XC_I], r->cnt[XC_A], r->cnt[XC_C], r->cnt[XC_W], r->meq);
        if (r->timed)
            fprintf(f, ", \"ns\": %.1f, \"cycles\": %.0f", r->t.ns_per_op, r->t.cycles_per_op);
        fprintf(f, ", \"fastest\": %s, \"fastest_ct\": %s, \"cheapest\": %s}", r->fastest ? "true" : "false",
                r->fastest_ct ? "true" : "false", r->cheapest ? "true" : "false");
    }
    fprintf(f, "\n  ]\n}\n");
}

/* CSV: the scalar-multiplication rows (RFC 4180; no field needs quotes: keys, method and
 * system names are identifiers; the error text of a FAILED row is left to --json). */
static void print_csv(FILE *f, const xstate *st)
{
    size_t i;
    fprintf(f, "curve,section,key,method,system,w,ct,production,status,M,S,I,A,C,W,sm,im,meq,ns,cycles,"
               "fastest,fastest_ct,cheapest\n");
    for (i = 0; i < st->nrows; i++) {
        const xrow *r = &st->rows[i];
        fprintf(f, "%s,%s,%s,%s,%s,%u,%d,%d,%s", st->cv->name, xe_section_name(r->kind), r->key, r->method, r->system,
                r->w, r->ct, r->prod, r->failed || r->cnt_failed ? "FAILED" : "ok");
        if (r->have_cnt)
            fprintf(f, ",%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.6g,%.6g,%.10g", r->cnt[XC_M], r->cnt[XC_S], r->cnt[XC_I],
                    r->cnt[XC_A], r->cnt[XC_C], r->cnt[XC_W], st->sm, r->ct ? st->im_ct : st->im_var, r->meq);
        else
            fprintf(f, ",,,,,,,,,");
        if (r->timed)
            fprintf(f, ",%.1f,%.0f", r->t.ns_per_op, r->t.cycles_per_op);
        else
            fprintf(f, ",,");
        fprintf(f, ",%d,%d,%d\n", r->fastest, r->fastest_ct, r->cheapest);
    }
}

/* ------------------------------------------------------------------ */

static void usage(FILE *f, const char *prog)
{
    size_t i;
    fprintf(f,
            "usage: %s explore --curve NAME [--json | --csv | --md] [--sm R] [--im R] [--quick]\n"
            "           [-o FILE] [--force] [--scalars N] [--seed S] [--no-time] [--count-bin PATH]\n"
            "Every scalar-multiplication method x coordinate system x window (variable base, fixed base,\n"
            "double scalar) and every field method on one curve: operation counts (M, S, I, A, C = small-\n"
            "constant multiplications, W = word multiplies) from the counting build, the M-equivalent\n"
            "cost M + (S/M) S + (I/M) I, and the time measured here.  Every result is checked against\n"
            "sc_ec_mul / sc_ec_mul_gen / sc_ec_mul2_var first; a method that disagrees is FAILED.\n"
            "  --curve NAME   the curve (required)\n"
            "  --json         every number as JSON instead of the text tables\n"
            "  --csv          the scalar-multiplication rows as CSV, one line per method x system x\n"
            "                 window (columns: curve,section,key,method,system,w,ct,production,status,\n"
            "                 M,S,I,A,C,W,sm,im,meq,ns,cycles,fastest,fastest_ct,cheapest)\n"
            "  --md           Markdown (the tables of docs/explore/CURVE.md)\n"
            "  --sm R --im R  S/M and I/M for the M-equivalent (default: measured here, the I/M of\n"
            "                 sc_fp_inv for constant-time methods and of sc_fp_inv_var for the others)\n"
            "  --quick        short timing batches\n"
            "  --no-time      counts and cross-checks only\n"
            "  --scalars N    scalars per combination (default %d), --seed S their seed\n"
            "  -o FILE        write the report to FILE (default, or -: stdout); an existing FILE is\n"
            "                 replaced only with --force, and FILE is written whole or not at all\n"
            "  --count-bin P  the counting executable (default: $SC_EXPLORE_COUNT_BIN, next to this\n"
            "                 program, or the build tree's sc-explore-count)\n"
            "Figures: plot the --csv or --json data (tools/plot, matplotlib); --png is for cost only.\n"
            "Exit status: 0 ok, 1 a method FAILED or the counts were unavailable, 2 usage or file error.\n"
            "On the mote, in cycles: %s explore --target avr --help.\n"
            "Curves:",
            prog, XE_DEFAULT_SCALARS, prog);
    for (i = 0; i < sc_curve_count(); i++)
        fprintf(f, " %s", sc_curve_at(i)->name);
    fprintf(f, "\n");
}

int sc_explore_main(int argc, char **argv, const char *prog)
{
    static xstate st;
    int a, rc = 0, bad;
    char err[160], nbuf[32], sbuf[32];
    const char *args[16];
    size_t na = 0;
    char who[96];
    int nfmt = 0;

    for (a = 1; a < argc; a++)   /* the mote: tools/explore/avr.c */
        if (!strcmp(argv[a], "--target"))
            return sc_explore_avr_main(argc, argv, prog);
    memset(&st, 0, sizeof st);
    snprintf(who, sizeof who, "%s %s", prog, argv[0]);
    st.o.sm = st.o.im = -1;
    st.o.nsc = XE_DEFAULT_SCALARS;
    st.o.seed = XE_DEFAULT_SEED;
    for (a = 1; a < argc; a++) {
        const char *o = argv[a], *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            usage(stdout, prog);
            return 0;
        } else if (!strcmp(o, "--json")) {
            st.o.fmt = FMT_JSON;
            nfmt++;
        } else if (!strcmp(o, "--csv")) {
            st.o.fmt = FMT_CSV;
            nfmt++;
        } else if (!strcmp(o, "--md")) {
            st.o.fmt = FMT_MD;
            nfmt++;
        } else if (!strcmp(o, "--force")) {
            st.o.force = 1;
        } else if (!strcmp(o, "--png") || !strncmp(o, "--png=", 6)) {
            return xo_png_refused(who, "seacurve explore --curve NAME --csv -o FILE (or --json), then plot FILE "
                                       "with matplotlib as tools/plot/plot_cost.py does for `seacurve cost --csv`");
        } else if (!strcmp(o, "--quick")) {
            st.o.quick = 1;
        } else if (!strcmp(o, "--no-time")) {
            st.o.no_time = 1;
        } else if (v && !strcmp(o, "--curve")) {
            st.o.curve = argv[++a];
        } else if (v && !strcmp(o, "--sm")) {
            st.o.sm = atof(argv[++a]);
        } else if (v && !strcmp(o, "--im")) {
            st.o.im = atof(argv[++a]);
        } else if (v && !strcmp(o, "-o")) {
            st.o.out = argv[++a];
        } else if (v && !strcmp(o, "--scalars")) {
            st.o.nsc = (size_t)strtoul(argv[++a], NULL, 10);
        } else if (v && !strcmp(o, "--seed")) {
            st.o.seed = strtoull(argv[++a], NULL, 0);
        } else if (v && !strcmp(o, "--count-bin")) {
            st.o.count_bin = argv[++a];
        } else {
            fprintf(stderr, "%s: unknown option or missing value '%s' (see %s --help)\n", who, o, who);
            return 2;
        }
    }
    if (nfmt > 1) {
        fprintf(stderr, "%s: --json, --csv and --md exclude each other\n", who);
        return 2;
    }
    if (!st.o.curve || !(st.cv = sc_curve_find(st.o.curve)) || !st.cv->ep) {
        fprintf(stderr, "%s: --curve NAME required, a known curve (see %s --help)\n", who, who);
        return 2;
    }
    if (!st.o.out)
        st.o.out = "-";
    if (xo_check(who, st.o.out, st.o.force))   /* before the work */
        return 2;
    if (st.o.quick) {
        st.bo.target_ns = 1e6;
        st.bo.reps = 3;
        st.bo.max_ns = 15e6;
    } else {
        bc_opts_quick(&st.bo);
    }
    st.x = calloc(1, sizeof *st.x);
    if (!st.x)
        return 1;
    if (xe_ctx_init(st.x, st.cv, st.o.nsc, st.o.seed, 0, NULL, NULL, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", who, err);
        free(st.x);
        return 2;
    }
    /* counts first (another process: the counting build) */
    snprintf(nbuf, sizeof nbuf, "%zu", st.o.nsc);
    snprintf(sbuf, sizeof sbuf, "0x%llx", (unsigned long long)st.o.seed);
    args[na++] = "--curve";
    args[na++] = st.cv->name;
    args[na++] = "--scalars";
    args[na++] = nbuf;
    args[na++] = "--seed";
    args[na++] = sbuf;
    args[na++] = "--field";
    args[na++] = "--ops";
    args[na] = NULL;
    xc_run(&st.cnt, st.o.count_bin, args);
    if (!st.cnt.ran)
        fprintf(stderr, "%s: counts unavailable: %s\n", who, st.cnt.err);

    field_section(&st);
    bad = scalarmul_sections(&st);
    if (bad < 0) {
        rc = 1;
    } else {
        xo_mem m;
        if (xo_mem_open(&m)) {
            fprintf(stderr, "%s: out of memory\n", who);
            rc = 2;
        } else {
            if (st.o.fmt == FMT_JSON)
                print_json(m.f, &st);
            else if (st.o.fmt == FMT_CSV)
                print_csv(m.f, &st);
            else if (st.o.fmt == FMT_MD)
                print_md(m.f, &st);
            else
                print_text(m.f, &st);
            if (xo_mem_close(&m)) {
                fprintf(stderr, "%s: out of memory\n", who);
                rc = 2;
            } else if (xo_write(who, st.o.out, m.data, m.len, st.o.force)) {
                rc = 2;
            }
            free(m.data);
        }
        if (!rc && (bad || !st.cnt.ran))
            rc = 1;
        {
            size_t i;
            for (i = 0; !rc && i < st.nmp; i++)
                rc = st.mp[i].failed ? 1 : 0;
            for (i = 0; !rc && i < st.nfpm; i++)
                rc = st.fpm[i].failed ? 1 : 0;
        }
    }
    xc_free(&st.cnt);
    free(st.mp);
    free(st.fpm);
    free(st.rows);
    free(st.x);
    return rc;
}
