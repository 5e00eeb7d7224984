/* sc-explore-count: the counting half of `seacurve explore` and `seacurve cost`.
 *
 * Built from the engine sources with -DSC_EXPLORE_COUNT=1 and linked with
 * seacurve_opcount (every field operation counted, opcount.h).  For each
 * combination it runs the method on the engine's deterministic scalars,
 * checks every result against the production entry point, and prints the
 * operation counts per scalar multiplication, averaged over the scalars:
 *
 *   # sc-explore-count 1 curve=NAME word_bits=W scalars=N seed=S tbits=T
 *   combo KEY ok M S I A C W SQRT        (KEY: section/method/system/w)
 *   combo KEY FAILED message
 *   mp NAME Wmul Wsqr                     (word multiplies of one n-word product / square)
 *   fpm NAME KIND Wmul Wsqr Winv          (field methods: per modular mul / sqr / inversion; -1: n/a)
 *   op SYSTEM OP M S I A C W              (one point operation: dbl, add, madd, to_aff_var and the
 *                                          _ct ones, on points with Z != 1)
 *   end
 *
 * Options: --curve NAME (required), --scalars N, --seed S, --tbits T (scalars of
 * exactly T bits), --scalar HEX [--scalar2 HEX] (one given scalar), --only KEY
 * (repeatable), --field (the mp / fp lines), --ops (the op lines), --list (keys only). */
#if !defined(SC_EXPLORE_COUNT) || !SC_EXPLORE_COUNT
#error "count_main.c is the counting build: compile with -DSC_EXPLORE_COUNT=1"
#endif
#include "engine.h"
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <seacurve/mp_methods.h>
#include <seacurve/opcount.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXONLY 64

static void usage(FILE *f)
{
    fprintf(f, "usage: sc-explore-count --curve NAME [--scalars N] [--seed S] [--tbits T]\n"
               "         [--scalar HEX [--scalar2 HEX]] [--only section/method/system/w]... [--field] [--ops] [--list]\n");
}

static void print_combo(const xe_ctx *x, const xe_combo *cb)
{
    char key[160], err[160];
    double sum[7] = { 0 };
    size_t i;
    xe_combo_key(key, sizeof key, cb);
    for (i = 0; i < x->nsc; i++) {
        sc_opcount oc;
        sc_ep_aff r;
        sc_err e;
        sc_opcount_reset();
        e = xe_run(x, cb, i, &r);
        sc_opcount_get(&oc);
        if (!xe_matches(x, cb, i, e, &r)) {
            snprintf(err, sizeof err, "scalar %zu: %s", i, e == SC_OK ? "wrong point" : sc_strerror(e));
            printf("combo %s FAILED %s\n", key, err);
            return;
        }
        sum[0] += (double)oc.mul;
        sum[1] += (double)oc.sqr;
        sum[2] += (double)oc.inv;
        sum[3] += (double)oc.add;
        sum[4] += (double)oc.smul;
        sum[5] += (double)oc.wmul;
        sum[6] += (double)oc.sqrt;
    }
    for (i = 0; i < 7; i++)
        sum[i] /= (double)x->nsc;
    printf("combo %s ok %.4f %.4f %.4f %.4f %.4f %.4f %.4f\n", key, sum[0], sum[1], sum[2], sum[3], sum[4],
           sum[5], sum[6]);
}

/* the production entry point of a section, as "combo SECTION/NAME/production/0" */
static void print_prod(const xe_ctx *x, int kind)
{
    double sum[7] = { 0 };
    size_t i;
    for (i = 0; i < x->nsc; i++) {
        sc_opcount oc;
        sc_ep_aff r;
        sc_opcount_reset();
        (void)xe_run_prod(x, kind, i, &r);
        sc_opcount_get(&oc);
        sum[0] += (double)oc.mul;
        sum[1] += (double)oc.sqr;
        sum[2] += (double)oc.inv;
        sum[3] += (double)oc.add;
        sum[4] += (double)oc.smul;
        sum[5] += (double)oc.wmul;
        sum[6] += (double)oc.sqrt;
    }
    for (i = 0; i < 7; i++)
        sum[i] /= (double)x->nsc;
    printf("combo %s/%s/production/0 ok %.4f %.4f %.4f %.4f %.4f %.4f %.4f\n", xe_section_name(kind),
           xe_prod_name(kind), sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], sum[6]);
}

static void op_line(const char *sys, const char *op)
{
    sc_opcount oc;
    sc_opcount_get(&oc);
    printf("op %s %s %llu %llu %llu %llu %llu %llu\n", sys, op, (unsigned long long)oc.mul,
           (unsigned long long)oc.sqr, (unsigned long long)oc.inv, (unsigned long long)oc.add,
           (unsigned long long)oc.smul, (unsigned long long)oc.wmul);
}

/* one of each point operation per system, on A = 2P and B = 2Q (Z != 1 in the
 * projective-type systems) and the affine Q */
static void print_ops(const xe_ctx *x)
{
    const sc_ep_curve *c = x->c;
    size_t i;
    for (i = 0; i < sc_coords_count(); i++) {
        const sc_coords_sys *s = sc_coords_at(i);
        sc_coords_point pa, pb, r;
        sc_ep_aff ra;
        s->from_aff(&pa, &x->p, c);
        s->from_aff(&pb, &x->q, c);
        s->dbl(&pa, &pa, c);
        s->dbl(&pb, &pb, c);
        sc_opcount_reset();
        s->dbl(&r, &pa, c);
        op_line(s->name, "dbl");
        sc_opcount_reset();
        s->add(&r, &pa, &pb, c);
        op_line(s->name, "add");
        sc_opcount_reset();
        s->madd(&r, &pa, &x->q, c);
        op_line(s->name, "madd");
        sc_opcount_reset();
        (void)s->to_aff_var(&ra, &pa, c);
        op_line(s->name, "to_aff_var");
        if (!s->ct)
            continue;
        sc_opcount_reset();
        s->dbl_ct(&r, &pa, c);
        op_line(s->name, "dbl_ct");
        sc_opcount_reset();
        s->add_ct(&r, &pa, &pb, c);
        op_line(s->name, "add_ct");
        sc_opcount_reset();
        s->madd_ct(&r, &pa, &x->q, c);
        op_line(s->name, "madd_ct");
        sc_opcount_reset();
        (void)s->to_aff(&ra, &pa, c);
        op_line(s->name, "to_aff");
    }
}

static void fill_words(sc_word *w, size_t n, unsigned salt)
{
    size_t i;
    for (i = 0; i < n; i++)
        w[i] = (sc_word)(0x9e3779b97f4a7c15ull * (i + 1 + salt) ^ (0xd1b54a32d192ed03ull >> (i % 7)));
}

static void print_field(const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    size_t n = f->nw, i;
    sc_word a[2 * SC_FP_MAXW], b[2 * SC_FP_MAXW], r[4 * SC_FP_MAXW];
    sc_opcount oc;
    fill_words(a, n, 1);
    fill_words(b, n, 2);
    for (i = 0; i < sc_mp_method_count(); i++) {
        const sc_mp_method *m = sc_mp_method_at(i);
        uint64_t wm, ws;
        sc_opcount_reset();
        m->mul(r, a, b, n);
        sc_opcount_get(&oc);
        wm = oc.wmul;
        sc_opcount_reset();
        m->sqr(r, a, n);
        sc_opcount_get(&oc);
        ws = oc.wmul;
        printf("mp %s %llu %llu\n", m->name, (unsigned long long)wm, (unsigned long long)ws);
    }
    for (i = 0; i < sc_fp_method_count(); i++) {
        const sc_fp_method *m = sc_fp_method_at(i);
        sc_fp_field g;
        sc_fe x, y, z;
        long long wm = -1, ws = -1, wi = -1;
        const char *kind = m->kind == SC_FP_METHOD_REDUCER ? "reducer"
                         : m->kind == SC_FP_METHOD_MODMUL ? "modmul" : "inversion";
        if (sc_fp_method_field(&g, m, f) != SC_OK)
            continue;
        memset(x, 0, sizeof x);
        memset(y, 0, sizeof y);
        fill_words(x, n, 3);
        fill_words(y, n, 4);
        x[n - 1] &= (sc_word)(g.p[n - 1] >> 1);   /* below p */
        y[n - 1] &= (sc_word)(g.p[n - 1] >> 1);
        if (m->kind == SC_FP_METHOD_REDUCER) {
            sc_opcount_reset();
            sc_fp_mul(z, x, y, &g);
            sc_opcount_get(&oc);
            wm = (long long)oc.wmul;
            sc_opcount_reset();
            sc_fp_sqr(z, x, &g);
            sc_opcount_get(&oc);
            ws = (long long)oc.wmul;
        } else if (m->kind == SC_FP_METHOD_MODMUL) {
            sc_opcount_reset();
            m->mul(z, x, y, &g);
            sc_opcount_get(&oc);
            wm = (long long)oc.wmul;
            sc_opcount_reset();
            m->sqr(z, x, &g);
            sc_opcount_get(&oc);
            ws = (long long)oc.wmul;
        } else if (m->inv) {
            sc_opcount_reset();
            m->inv(z, x, &g);
            sc_opcount_get(&oc);
            wi = (long long)oc.wmul;
        }
        printf("fpm %s %s %lld %lld %lld\n", m->name, kind, wm, ws, wi);
    }
}

int main(int argc, char **argv)
{
    const char *curve = NULL, *k1 = NULL, *k2 = NULL, *only[MAXONLY];
    size_t nonly = 0, nsc = XE_DEFAULT_SCALARS, i, n;
    uint64_t seed = XE_DEFAULT_SEED;
    unsigned tbits = 0;
    int field = 0, list = 0, ops = 0, a;
    const sc_curve *cv;
    static xe_ctx x;
    xe_combo *all;
    char err[160];

    for (a = 1; a < argc; a++) {
        const char *o = argv[a], *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (!strcmp(o, "--field")) { field = 1; continue; }
        if (!strcmp(o, "--list")) { list = 1; continue; }
        if (!strcmp(o, "--ops")) { ops = 1; continue; }
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) { usage(stdout); return 0; }
        if (!v) { usage(stderr); return 2; }
        a++;
        if (!strcmp(o, "--curve")) curve = v;
        else if (!strcmp(o, "--scalars")) nsc = (size_t)strtoul(v, NULL, 10);
        else if (!strcmp(o, "--seed")) seed = strtoull(v, NULL, 0);
        else if (!strcmp(o, "--tbits")) tbits = (unsigned)strtoul(v, NULL, 10);
        else if (!strcmp(o, "--scalar")) k1 = v;
        else if (!strcmp(o, "--scalar2")) k2 = v;
        else if (!strcmp(o, "--only") && nonly < MAXONLY) only[nonly++] = v;
        else { usage(stderr); return 2; }
    }
    if (!curve || !(cv = sc_curve_find(curve)) || !cv->ep) {
        fprintf(stderr, "sc-explore-count: unknown or missing --curve\n");
        return 2;
    }
    if (!sc_opcount_enabled()) {
        fprintf(stderr, "sc-explore-count: not linked with the counting library (seacurve_opcount)\n");
        return 1;
    }
    n = xe_enumerate(NULL, 0);
    all = calloc(n ? n : 1, sizeof *all);
    if (!all)
        return 1;
    xe_enumerate(all, n);
    if (list) {
        for (i = 0; i < n; i++) {
            char key[160];
            xe_combo_key(key, sizeof key, &all[i]);
            printf("%s\n", key);
        }
        free(all);
        return 0;
    }
    if (xe_ctx_init(&x, cv, nsc, seed, tbits, k1, k2, err, sizeof err)) {
        fprintf(stderr, "sc-explore-count: %s\n", err);
        free(all);
        return 1;
    }
    printf("# sc-explore-count 1 curve=%s word_bits=%d scalars=%zu seed=0x%llx tbits=%u\n", cv->name,
           SC_WORD_BITS, x.nsc, (unsigned long long)seed, tbits);
    if (field)
        print_field(cv->ep);
    if (ops)
        print_ops(&x);
    if (nonly) {
        for (i = 0; i < nonly; i++) {
            xe_combo cb;
            if (xe_combo_parse(&cb, only[i])) {
                printf("combo %s unsupported (no such method, system or window)\n", only[i]);
                continue;
            }
            print_combo(&x, &cb);
        }
    } else {
        for (i = 0; i < n; i++)
            print_combo(&x, &all[i]);
    }
    if (!nonly) {
        static const int kinds[3] = { SC_SCALARMUL_VAR, SC_SCALARMUL_FIX, SC_SCALARMUL_DOUBLE };
        for (i = 0; i < 3; i++)
            print_prod(&x, kinds[i]);
    }
    printf("end\n");
    free(all);
    return 0;
}
