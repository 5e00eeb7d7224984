/* bench_core: calibrated batches, medians, and table / JSON / CSV output. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "bench_core.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BC_MAX_REPS 101

void bc_opts_quick(bc_opts *o)
{
    o->target_ns = 4e6;   /* 4 ms batches */
    o->reps = 7;
    o->max_ns = 80e6;     /* at most ~80 ms per operation after calibration */
}

void bc_opts_full(bc_opts *o)
{
    o->target_ns = 10e6;  /* 10 ms batches */
    o->reps = 21;
    o->max_ns = 1.5e9;
}

uint64_t bc_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
uint64_t bc_cycles(void)
{
    uint32_t lo, hi;
    /* lfence keeps rdtsc from being hoisted above the work it brackets */
    __asm__ __volatile__("lfence\n\trdtsc" : "=a"(lo), "=d"(hi)::"memory");
    return (uint64_t)hi << 32 | lo;
}
int bc_have_cycles(void) { return 1; }
#else
uint64_t bc_cycles(void) { return 0; }
int bc_have_cycles(void) { return 0; }
#endif

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int bc_measure(bc_result *r, bc_op_fn op, void *arg, const bc_opts *o)
{
    return bc_measure_batch(r, op, arg, o, 0);
}

int bc_measure_batch(bc_result *r, bc_op_fn op, void *arg, const bc_opts *o, long batch)
{
    double ns[BC_MAX_REPS], cy[BC_MAX_REPS], spent = 0;
    long n = batch > 0 ? batch : 1;
    int reps = o->reps < 1 ? 1 : (o->reps > BC_MAX_REPS ? BC_MAX_REPS : o->reps), i, done = 0;

    memset(r, 0, sizeof *r);
    if (op(arg, 1))                        /* warm-up (caches, lazy tables) and a sanity run */
        return 0;
    /* calibrate: grow the batch until it takes target_ns */
    while (batch <= 0) {
        uint64_t t0 = bc_now_ns(), t;
        if (op(arg, n))
            return 0;
        t = bc_now_ns() - t0;
        if ((double)t >= o->target_ns || n >= (1L << 30))
            break;
        {
            double f = t ? o->target_ns * 1.2 / (double)t : 100.0;
            if (f < 2) f = 2;
            if (f > 100) f = 100;
            n = (long)((double)n * f);
        }
    }
    for (i = 0; i < reps; i++) {
        uint64_t t0, c0, t1, c1;
        t0 = bc_now_ns();
        c0 = bc_cycles();
        if (op(arg, n))
            return 0;
        c1 = bc_cycles();
        t1 = bc_now_ns();
        ns[i] = (double)(t1 - t0) / (double)n;
        cy[i] = (double)(c1 - c0) / (double)n;
        spent += (double)(t1 - t0);
        done = i + 1;
        if (done >= 3 && spent > o->max_ns)
            break;
    }
    {
        double lo = ns[0], hi = ns[0];
        for (i = 1; i < done; i++) {
            if (ns[i] < lo) lo = ns[i];
            if (ns[i] > hi) hi = ns[i];
        }
        r->ns_per_op = median(ns, done);
        r->spread = r->ns_per_op > 0 ? (hi - lo) / r->ns_per_op : 0;
    }
    r->cycles_per_op = bc_have_cycles() ? median(cy, done) : 0;
    r->ops_per_s = r->ns_per_op > 0 ? 1e9 / r->ns_per_op : 0;
    r->batch = n;
    r->reps = done;
    r->ok = 1;
    return 1;
}

void bc_table_init(bc_table *t)
{
    memset(t, 0, sizeof *t);
}

bc_row *bc_table_add(bc_table *t, const char *group, const char *op, const bc_result *sc,
                     const char *ref_name, const bc_result *ref)
{
    bc_row *r;
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 32;
        bc_row *nr = realloc(t->rows, cap * sizeof *nr);
        if (!nr)
            return NULL;
        t->rows = nr;
        t->cap = cap;
    }
    r = &t->rows[t->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->group, sizeof r->group, "%s", group);
    snprintf(r->op, sizeof r->op, "%s", op);
    if (sc)
        r->sc = *sc;
    if (ref && ref_name) {
        snprintf(r->ref_name, sizeof r->ref_name, "%s", ref_name);
        r->ref = *ref;
    }
    return r;
}

void bc_combine(bc_result *out, const bc_result *runs, int n)
{
    double ns[BC_MAX_RUNS], cy[BC_MAX_RUNS];
    int i;
    memset(out, 0, sizeof *out);
    if (n < 1 || n > BC_MAX_RUNS)
        return;
    for (i = 0; i < n; i++) {
        if (!runs[i].ok)
            return;
        ns[i] = runs[i].ns_per_op;
        cy[i] = runs[i].cycles_per_op;
        if (runs[i].spread > out->spread)
            out->spread = runs[i].spread;
        out->reps += runs[i].reps;
    }
    out->ns_per_op = median(ns, n);
    out->cycles_per_op = median(cy, n);
    out->ops_per_s = out->ns_per_op > 0 ? 1e9 / out->ns_per_op : 0;
    out->batch = runs[0].batch;
    out->ok = 1;
}

static void run_ratios(double *sp, const bc_result *sc, const bc_result *ref, int n)
{
    int i;
    for (i = 0; i < n; i++)
        sp[i] = sc[i].ok && ref[i].ok && sc[i].ns_per_op > 0 ? ref[i].ns_per_op / sc[i].ns_per_op : 0;
}

bc_row *bc_table_add_runs(bc_table *t, const char *group, const char *op, int runs, const bc_result *sc,
                          const char *ref_name, const bc_result *ref, const char *ref2_name,
                          const bc_result *ref2)
{
    bc_result c;
    bc_row *r;
    if (runs < 1 || runs > BC_MAX_RUNS)
        return NULL;
    if (!ref_name || !ref_name[0])
        ref = NULL;
    if (!ref2_name || !ref2_name[0])
        ref2 = NULL;
    bc_combine(&c, sc, runs);
    if (!(r = bc_table_add(t, group, op, &c, NULL, NULL)))
        return NULL;
    r->runs = runs;
    if (ref) {
        snprintf(r->ref_name, sizeof r->ref_name, "%s", ref_name);
        bc_combine(&r->ref, ref, runs);
        run_ratios(r->sp, sc, ref, runs);
    }
    if (ref2) {
        snprintf(r->ref2_name, sizeof r->ref2_name, "%s", ref2_name);
        bc_combine(&r->ref2, ref2, runs);
        run_ratios(r->sp2, sc, ref2, runs);
    }
    return r;
}

void bc_table_free(bc_table *t)
{
    free(t->rows);
    memset(t, 0, sizeof *t);
}

int bc_ratio_range(const bc_row *r, int which, double *med, double *lo, double *hi)
{
    const bc_result *ref = which == 2 ? &r->ref2 : &r->ref;
    const double *sp = which == 2 ? r->sp2 : r->sp;
    double v[BC_MAX_RUNS];
    int i;
    *med = *lo = *hi = 0;
    if (!r->sc.ok || !ref->ok || r->sc.ns_per_op <= 0)
        return 0;
    if (r->runs < 1) {                  /* a single run added by bc_table_add */
        *med = *lo = *hi = ref->ns_per_op / r->sc.ns_per_op;
        return 1;
    }
    for (i = 0; i < r->runs; i++) {
        if (sp[i] <= 0)
            return 0;
        v[i] = sp[i];
    }
    *med = median(v, r->runs);          /* sorts v */
    *lo = v[0];
    *hi = v[r->runs - 1];
    return 1;
}

double bc_ratio(const bc_row *r)
{
    double m, lo, hi;
    bc_ratio_range(r, 1, &m, &lo, &hi);
    return m;
}

const char *bc_fmt_num(char *buf, size_t len, double v, int decimals)
{
    char tmp[64], *p;
    int intlen, i, out = 0, neg = v < 0;
    snprintf(tmp, sizeof tmp, "%.*f", decimals, neg ? -v : v);
    p = strchr(tmp, '.');
    intlen = p ? (int)(p - tmp) : (int)strlen(tmp);
    if (len == 0)
        return buf;
    if (neg && (size_t)out + 1 < len)
        buf[out++] = '-';
    for (i = 0; tmp[i] && (size_t)out + 1 < len; i++) {
        if (i < intlen && i > 0 && (intlen - i) % 3 == 0 && (size_t)out + 2 < len)
            buf[out++] = ',';
        buf[out++] = tmp[i];
    }
    buf[out] = 0;
    return buf;
}

/* JSON string with the few escapes our names can need */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        if ((unsigned char)*s >= 0x20)
            fputc(*s, f);
    }
    fputc('"', f);
}

/* CSV field: quoted when it holds a comma or a quote (RFC 4180), e.g. "u1*G+u2*Q (affine, var)" */
static void csv_str(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void json_res(FILE *f, const bc_result *r)
{
    fprintf(f, "{\"ns_per_op\": %.1f, \"cycles_per_op\": %.0f, \"ops_per_s\": %.1f, \"spread\": %.3f, "
               "\"batch\": %ld, \"reps\": %d}",
            r->ns_per_op, r->cycles_per_op, r->ops_per_s, r->spread, r->batch, r->reps);
}

/* "lo-hi" of a row's run speed-ups, "-" for a single run or where not measured */
static const char *range_str(char *buf, size_t len, const bc_row *r, int which)
{
    double m, lo, hi;
    if (r->runs > 1 && bc_ratio_range(r, which, &m, &lo, &hi))
        snprintf(buf, len, "%.2f-%.2f", lo, hi);
    else
        snprintf(buf, len, "-");
    return buf;
}

static void print_table(FILE *f, const bc_table *t, const char *title)
{
    size_t i;
    char a[32], b[32], c[32], d[32], e[32], g[32], h[32];
    const char *rule = "----------------------------------------------------------------------------------------------------"
                       "----------------------------------------------------------------------------------------------------";
    const char *ref2 = NULL;
    int runs = 0, width = 10 + 1 + 24 + 3 + 13 + 1 + 13 + 1 + 11 + 3 + 13 + 1 + 13 + 1 + 11 + 3 + 8 + 1 + 11;
    for (i = 0; i < t->n; i++) {
        if (t->rows[i].ref2_name[0] && !ref2)
            ref2 = t->rows[i].ref2_name;
        if (t->rows[i].runs > runs)
            runs = t->rows[i].runs;
    }
    if (title)
        fprintf(f, "%s\n", title);
    fprintf(f, "%-10s %-24s | %13s %13s %11s | %13s %13s %11s | %8s %11s", "curve", "operation", "seacurve ns", "cycles",
            "ops/s", "openssl ns", "cycles", "ops/s", "speedup", "min-max");
    if (ref2) {
        char hd[40];
        snprintf(hd, sizeof hd, "%s ns", ref2);
        fprintf(f, " | %16s %8s %11s", hd, "speedup", "min-max");
        width += 3 + 16 + 1 + 8 + 1 + 11;
    }
    fprintf(f, "\n%.*s\n", width, rule);
    for (i = 0; i < t->n; i++) {
        const bc_row *r = &t->rows[i];
        int other = r->ref_name[0] && strcmp(r->ref_name, "openssl");
        if (i > 0 && strcmp(r->group, t->rows[i - 1].group) != 0)
            fputc('\n', f);
        if (r->sc.ok)
            fprintf(f, "%-10s %-24s | %13s %13s %11s |", r->group, r->op, bc_fmt_num(a, sizeof a, r->sc.ns_per_op, 0),
                    r->sc.cycles_per_op > 0 ? bc_fmt_num(b, sizeof b, r->sc.cycles_per_op, 0) : "-",
                    bc_fmt_num(c, sizeof c, r->sc.ops_per_s, 0));
        else
            fprintf(f, "%-10s %-24s | %13s %13s %11s |", r->group, r->op, "FAILED", "-", "-");
        if (r->ref.ok)
            fprintf(f, " %13s %13s %11s | %7.2fx %11s", bc_fmt_num(d, sizeof d, r->ref.ns_per_op, 0),
                    r->ref.cycles_per_op > 0 ? bc_fmt_num(e, sizeof e, r->ref.cycles_per_op, 0) : "-",
                    bc_fmt_num(g, sizeof g, r->ref.ops_per_s, 0), bc_ratio(r), range_str(h, sizeof h, r, 1));
        else
            fprintf(f, " %13s %13s %11s | %8s %11s", r->ref_name[0] ? "FAILED" : "-", "-", "-", "-", "-");
        if (ref2) {
            double m, lo, hi;
            if (r->ref2.ok && bc_ratio_range(r, 2, &m, &lo, &hi))
                fprintf(f, " | %16s %7.2fx %11s", bc_fmt_num(d, sizeof d, r->ref2.ns_per_op, 0), m,
                        range_str(h, sizeof h, r, 2));
            else
                fprintf(f, " | %16s %8s %11s", r->ref2_name[0] ? "FAILED" : "-", "-", "-");
        }
        fprintf(f, "%s%s\n", other ? "  vs " : "", other ? r->ref_name : "");
    }
    fprintf(f, "speedup = reference's time / seacurve's time (> 1: seacurve faster); medians of timed batches; "
               "cycles = TSC reference cycles\n");
    if (runs > 1)
        fprintf(f, "%d side-by-side runs per row: figures and speedup are the medians over the runs, min-max the "
                   "smallest and largest run's speedup\n", runs);
    for (i = 0; i < t->n; i++)
        if (!strncmp(t->rows[i].op, "point ", 6) && t->rows[i].ref_name[0]) {
            fprintf(f, "point rows: OpenSSL's EC_POINT_dbl / EC_POINT_add, its generic Jacobian formulas on every curve "
                       "(nistp224 / nistz256 code is only reached through EC_POINT_mul)\n");
            break;
        }
    for (i = 0; i < t->n; i++)
        if (!strcmp(t->rows[i].ref_name, "openssl-bn")) {
            fprintf(f, "openssl-bn: OpenSSL's generic BIGNUM arithmetic (BN_mod_mul_montgomery, BN_mod_exp_mont_consttime "
                       "a^(p-2), BN_mod_inverse); its EC code's own field routines are not public\n");
            break;
        }
}

/* JSON: ", "speedup": M, "speedup_min": L, "speedup_max": H, "speedups": [run, ...]" for reference which */
static void json_speedups(FILE *f, const bc_row *r, int which)
{
    double m, lo, hi;
    const double *sp = which == 2 ? r->sp2 : r->sp;
    int i, n = r->runs > 0 ? r->runs : 1;
    if (!bc_ratio_range(r, which, &m, &lo, &hi)) {
        fprintf(f, "\"speedup\": null, \"speedup_min\": null, \"speedup_max\": null, \"speedups\": []");
        return;
    }
    fprintf(f, "\"speedup\": %.4f, \"speedup_min\": %.4f, \"speedup_max\": %.4f, \"speedups\": [", m, lo, hi);
    for (i = 0; i < n; i++)
        fprintf(f, "%s%.4f", i ? ", " : "", r->runs > 0 ? sp[i] : m);
    fputc(']', f);
}

static void csv_res(FILE *f, const bc_result *r)
{
    if (r->ok)
        fprintf(f, ",%.1f,%.0f,%.1f", r->ns_per_op, r->cycles_per_op, r->ops_per_s);
    else
        fprintf(f, ",,,");
}

static void csv_speedups(FILE *f, const bc_row *r, int which)
{
    double m, lo, hi;
    if (bc_ratio_range(r, which, &m, &lo, &hi))
        fprintf(f, ",%.4f,%.4f,%.4f", m, lo, hi);
    else
        fprintf(f, ",,,");
}

void bc_table_print(FILE *f, const bc_table *t, bc_format fmt, const char *title)
{
    size_t i;
    if (fmt == BC_FMT_TABLE) {
        print_table(f, t, title);
        return;
    }
    if (fmt == BC_FMT_CSV) {
        if (title)
            fprintf(f, "# %s\n", title);
        fprintf(f, "curve,operation,sc_ns_per_op,sc_cycles_per_op,sc_ops_per_s,ref,ref_ns_per_op,ref_cycles_per_op,"
                   "ref_ops_per_s,speedup,speedup_min,speedup_max,runs,ref2,ref2_ns_per_op,ref2_cycles_per_op,"
                   "ref2_ops_per_s,speedup2,speedup2_min,speedup2_max\n");
        for (i = 0; i < t->n; i++) {
            const bc_row *r = &t->rows[i];
            csv_str(f, r->group);
            fputc(',', f);
            csv_str(f, r->op);
            csv_res(f, &r->sc);
            fputc(',', f);
            csv_str(f, r->ref_name);
            csv_res(f, &r->ref);
            csv_speedups(f, r, 1);
            fprintf(f, ",%d,", r->runs > 0 ? r->runs : 1);
            csv_str(f, r->ref2_name);
            csv_res(f, &r->ref2);
            csv_speedups(f, r, 2);
            fputc('\n', f);
        }
        return;
    }
    fprintf(f, "{\n  \"meta\": ");
    json_str(f, title ? title : "");
    fprintf(f, ",\n  \"results\": [\n");
    for (i = 0; i < t->n; i++) {
        const bc_row *r = &t->rows[i];
        fprintf(f, "    {\"curve\": ");
        json_str(f, r->group);
        fprintf(f, ", \"operation\": ");
        json_str(f, r->op);
        fprintf(f, ", \"runs\": %d,\n     \"seacurve\": ", r->runs > 0 ? r->runs : 1);
        if (r->sc.ok)
            json_res(f, &r->sc);
        else
            fprintf(f, "null");
        fprintf(f, ",\n     \"reference\": ");
        if (r->ref_name[0]) {
            fprintf(f, "{\"name\": ");
            json_str(f, r->ref_name);
            fprintf(f, ", \"result\": ");
            if (r->ref.ok)
                json_res(f, &r->ref);
            else
                fprintf(f, "null");
            fprintf(f, "}");
        } else {
            fprintf(f, "null");
        }
        fprintf(f, ",\n     ");
        json_speedups(f, r, 1);
        fprintf(f, ",\n     \"reference2\": ");
        if (r->ref2_name[0]) {
            fprintf(f, "{\"name\": ");
            json_str(f, r->ref2_name);
            fprintf(f, ", \"result\": ");
            if (r->ref2.ok)
                json_res(f, &r->ref2);
            else
                fprintf(f, "null");
            fprintf(f, ", ");
            json_speedups(f, r, 2);
            fprintf(f, "}}");
        } else {
            fprintf(f, "null}");
        }
        fprintf(f, "%s\n", i + 1 < t->n ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
}
