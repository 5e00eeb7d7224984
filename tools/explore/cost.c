/* cost: `seacurve cost` (explore.h): seed 002's cost model next to seacurve's counts.
 *
 * Seed 002 (Kodali et al., fast point multiplication for WSNs) models three
 * point multiplications by their field operations for a t-bit scalar and a
 * width-w NAF (density 1/(w+1)):
 *   eq. (1)/(2) mixed-coordinate wNAF  I t/(w+1) + M (4 + 4t + 18t/(w+1)) + S (6t + 1 + 2t/(w+1))
 *   eq. (3)/(4) double-and-add, affine I 3t/2 + M 3t + S 5t/2
 *   eq. (5)/(6) wNAF, affine           I (t + t/(w+1)) + M (2t + 2t/(w+1)) + S (2t + t/(w+1))
 * and, with S/M = 0.8 and b = I/M, prints them in multiplications as
 *   eq. (7) C_mnaf = 4.8 + 8.8t + (19.6 + b)t/(w+1)
 *   eq. (8) C_da   = (3b + 5)t/2
 *   eq. (9) C_naf  = (b + 3.6)t + (b + 2.8)t/(w+1)
 * which at t = 160, w = 4 are eq. (10)-(12) and at b = 20 Table VII (2680, 5200,
 * 4505.6); Fig. 1 plots (10)-(12) against b.  This command evaluates the model
 * for any t, w, S/M, I/M, reproduces Table VII, counts seacurve's own
 * implementations of the three algorithms (sc-explore-count: binary_l2r and
 * wnaf in the affine system, wnaf_mixed in jacproj and jacproj_noinv), explains
 * where model and counts part, draws Fig. 1 with the measured points (--png),
 * and checks seed 003's anatomy of a fixed-base point multiplication
 * (sec. 4.1.2) against the counters. */
#define _POSIX_C_SOURCE 200809L
#include "explore.h"
#include "countrun.h"
#include "engine.h"
#include "png.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { double I, M, S; } cm_ops;

/* eq. (2), (4), (6): operation counts */
static cm_ops eq2_mnaf(double t, double w)
{
    cm_ops c = { t / (w + 1), 4 + 4 * t + 18 * t / (w + 1), 6 * t + 1 + 2 * t / (w + 1) };
    return c;
}

static cm_ops eq4_da(double t)
{
    cm_ops c = { 3 * t / 2, 3 * t, 5 * t / 2 };
    return c;
}

static cm_ops eq6_naf(double t, double w)
{
    cm_ops c = { t + t / (w + 1), 2 * t + 2 * t / (w + 1), 2 * t + t / (w + 1) };
    return c;
}

static double meq(cm_ops c, double sm, double im)
{
    return c.M + sm * c.S + im * c.I;
}

/* eq. (7), (8), (9) as printed (S/M = 0.8 built in) */
static double eq7(double t, double w, double b) { return 4.8 + 8.8 * t + (19.6 + b) * t / (w + 1); }
static double eq8(double t, double b) { return (3 * b + 5) * t / 2; }
static double eq9(double t, double w, double b) { return (b + 3.6) * t + (b + 2.8) * t / (w + 1); }

/* Table VII of seed 002 (t = 160, w = 4, b = 20), the paper's numbers */
static const double table7_paper[3] = { 5200.0, 4505.6, 2680.0 };   /* D&A, wNAF, mixed wNAF */

/* seed 003 sec. 4.1.2: 164 doublings, 41 additions; add 8M + 3S, dbl 4M + 4S; 12 / 11 reductions */
static const int s003_dbl = 164, s003_add = 41;
static const int s003_M = 984, s003_S = 779, s003_R = 2296;

enum { MS_DA, MS_NAF, MS_MNAF, MS_MNAFX, MS_N };

typedef struct cstate {
    double t, w, sm, im;
    const char *png, *count_bin;
    int json;
    size_t nsc;
    const sc_curve *cv;          /* measured on */
    unsigned tbits;
    xc_result run, anat;
    const xc_entry *ms[MS_N];
    char key[MS_N][96];
    /* digit statistics of the same scalars */
    double bits_mean, wt_mean, wnaf_len_mean, wnaf_nz_mean;
    int have_stats;
} cstate;

static const char *ms_label[MS_N] = {
    "double-and-add, affine (Alg. 1)", "width-w NAF, affine (Alg. 3)", "mixed wNAF, jacproj (Alg. 4)",
    "mixed wNAF, jacproj_noinv (no I)"
};

static void scalar_stats(cstate *cs)
{
    static xe_ctx x;
    char err[128];
    size_t i, nw;
    int8_t dig[SC_FP_MAX_BITS + 2];
    double b = 0, wt = 0, len = 0, nz = 0;
    if (cs->w < 2 || cs->w > 8 || xe_ctx_init(&x, cs->cv, cs->nsc, XE_DEFAULT_SEED, cs->tbits, NULL, NULL, err, sizeof err))
        return;
    nw = cs->cv->ep->fn->nw;
    for (i = 0; i < x.nsc; i++) {
        size_t j, n, bits = 0, weight = 0;
        for (j = 0; j < nw * SC_WORD_BITS; j++)
            if (x.k1[i][j / SC_WORD_BITS] >> (j % SC_WORD_BITS) & 1) {
                bits = j + 1;
                weight++;
            }
        b += (double)bits;
        wt += (double)weight;
        n = sc_scalarmul_recode_wnaf(dig, sizeof dig, x.k1[i], nw, (unsigned)cs->w);
        len += (double)n;
        for (j = 0; j < n; j++)
            nz += dig[j] != 0;
    }
    cs->bits_mean = b / (double)x.nsc;
    cs->wt_mean = wt / (double)x.nsc;
    cs->wnaf_len_mean = len / (double)x.nsc;
    cs->wnaf_nz_mean = nz / (double)x.nsc;
    cs->have_stats = 1;
}

static double ms_meq(const cstate *cs, const xc_entry *e, double im)
{
    return e->v[XC_M] + cs->sm * e->v[XC_S] + im * e->v[XC_I];
}

/* ------------------------------------------------------------------ */
/* Fig. 1                                                              */

enum { COL_BG, COL_FG, COL_GRID, COL_DA, COL_NAF, COL_MNAF, COL_X, COL_GREY };

static int draw_fig1(const cstate *cs, const char *path)
{
    scp_canvas c;
    const int W = 860, H = 600, L = 92, R = 24, T = 48, B = 64;
    const int pw = W - L - R, ph = H - T - B;
    double bmax = 100, ymax = 0, ystep, v;
    int i, rc, ly;
    char buf[128];
    /* y range: the highest curve / point at b = 100, rounded up to a nice step */
    {
        double cand[4] = { eq8(cs->t, bmax), eq9(cs->t, cs->w, bmax), eq7(cs->t, cs->w, bmax),
                           meq(eq4_da(cs->t), cs->sm, bmax) };
        for (i = 0; i < 4; i++)
            if (cand[i] > ymax)
                ymax = cand[i];
        for (i = 0; i < MS_N; i++)
            if (cs->ms[i] && cs->ms[i]->ok && ms_meq(cs, cs->ms[i], bmax) > ymax)
                ymax = ms_meq(cs, cs->ms[i], bmax);
    }
    {
        double mag = pow(10, floor(log10(ymax / 5))), steps[3] = { 1, 2, 5 };
        ystep = mag * 10;
        for (i = 0; i < 3; i++)
            if (ymax / (mag * steps[i]) <= 8) {
                ystep = mag * steps[i];
                break;
            }
        ymax = ceil(ymax / ystep) * ystep;
    }
    if (scp_init(&c, W, H))
        return -1;
    scp_color(&c, COL_BG, 255, 255, 255);
    scp_color(&c, COL_FG, 0, 0, 0);
    scp_color(&c, COL_GRID, 225, 225, 225);
    scp_color(&c, COL_DA, 200, 30, 30);
    scp_color(&c, COL_NAF, 30, 80, 200);
    scp_color(&c, COL_MNAF, 20, 140, 40);
    scp_color(&c, COL_X, 150, 40, 170);
    scp_color(&c, COL_GREY, 110, 110, 110);
#define PX(b) (L + (int)lround((b) / bmax * pw))
#define PY(y) (T + ph - (int)lround((y) / ymax * ph))
    /* grid, ticks, labels */
    for (i = 0; i <= 10; i++) {
        int x = PX(i * 10.0);
        scp_line(&c, x, T, x, T + ph, COL_GRID, 1, 0);
        scp_line(&c, x, T + ph, x, T + ph + 5, COL_FG, 1, 0);
        snprintf(buf, sizeof buf, "%d", i * 10);
        scp_text(&c, x - scp_text_width(buf, 2) / 2, T + ph + 10, buf, COL_FG, 2, 0);
    }
    for (v = 0; v <= ymax + ystep / 2; v += ystep) {
        int y = PY(v);
        scp_line(&c, L, y, L + pw, y, COL_GRID, 1, 0);
        scp_line(&c, L - 5, y, L, y, COL_FG, 1, 0);
        snprintf(buf, sizeof buf, "%.0f", v);
        scp_text(&c, L - 9 - scp_text_width(buf, 2), y - 7, buf, COL_FG, 2, 0);
    }
    scp_rect(&c, L, T, L + pw, T + ph, COL_FG);
    snprintf(buf, sizeof buf, "I/M ratio b");
    scp_text(&c, L + pw / 2 - scp_text_width(buf, 2) / 2, H - 26, buf, COL_FG, 2, 0);
    snprintf(buf, sizeof buf, "field multiplications (M)");
    scp_text(&c, 8, T + ph / 2 + scp_text_width(buf, 2) / 2, buf, COL_FG, 2, 1);
    snprintf(buf, sizeof buf, "seed 002 Fig. 1: t = %g, w = %g, S/M = %g", cs->t, cs->w, cs->sm);
    scp_text(&c, L, 14, buf, COL_FG, 2, 0);

    /* model lines (straight in b): printed eq. (8), (9), (7); eq. (4) dashed where it differs */
    scp_line(&c, PX(1), PY(eq8(cs->t, 1)), PX(bmax), PY(eq8(cs->t, bmax)), COL_DA, 3, 0);
    scp_line(&c, PX(1), PY(eq9(cs->t, cs->w, 1)), PX(bmax), PY(eq9(cs->t, cs->w, bmax)), COL_NAF, 3, 0);
    scp_line(&c, PX(1), PY(eq7(cs->t, cs->w, 1)), PX(bmax), PY(eq7(cs->t, cs->w, bmax)), COL_MNAF, 3, 0);
    scp_line(&c, PX(1), PY(meq(eq4_da(cs->t), cs->sm, 1)), PX(bmax), PY(meq(eq4_da(cs->t), cs->sm, bmax)), COL_DA, 2, 8);
    if (fabs(meq(eq6_naf(cs->t, cs->w), cs->sm, 1) - eq9(cs->t, cs->w, 1)) > 0.5)
        scp_line(&c, PX(1), PY(meq(eq6_naf(cs->t, cs->w), cs->sm, 1)), PX(bmax),
                 PY(meq(eq6_naf(cs->t, cs->w), cs->sm, bmax)), COL_NAF, 2, 8);
    if (fabs(meq(eq2_mnaf(cs->t, cs->w), cs->sm, 1) - eq7(cs->t, cs->w, 1)) > 0.5)
        scp_line(&c, PX(1), PY(meq(eq2_mnaf(cs->t, cs->w), cs->sm, 1)), PX(bmax),
                 PY(meq(eq2_mnaf(cs->t, cs->w), cs->sm, bmax)), COL_MNAF, 2, 8);
    /* measured points: b = 1, 10, 20, .., 100 */
    {
        static const int shape[MS_N] = { 0, 1, 2, 3 };
        static const int col[MS_N] = { COL_DA, COL_NAF, COL_MNAF, COL_X };
        int k;
        for (k = 0; k < MS_N; k++) {
            if (!cs->ms[k] || !cs->ms[k]->ok)
                continue;
            for (i = 0; i <= 10; i++) {
                double b = i ? i * 10.0 : 1.0;
                scp_marker(&c, PX(b), PY(ms_meq(cs, cs->ms[k], b)), shape[k], 5, col[k]);
            }
        }
    }
    /* legend, top left inside the plot */
    {
        int lx = L + 14, lw = 470, n = 4 + MS_N + 1;
        struct { int col, kind, shape; char text[96]; } e[12];
        int ne = 0, k;
        const char *mnames[MS_N] = { "binary_l2r / affine", "wnaf / affine", "wnaf_mixed / jacproj",
                                     "wnaf_mixed / jacproj_noinv" };
        static const int mcol[MS_N] = { COL_DA, COL_NAF, COL_MNAF, COL_X };
        e[ne].col = COL_DA; e[ne].kind = 0; snprintf(e[ne++].text, 96, "double-and-add, eq. (8)");
        e[ne].col = COL_DA; e[ne].kind = 1; snprintf(e[ne++].text, 96, "double-and-add, eq. (4) at S/M = %g", cs->sm);
        e[ne].col = COL_NAF; e[ne].kind = 0; snprintf(e[ne++].text, 96, "width-w NAF, eq. (9)");
        e[ne].col = COL_MNAF; e[ne].kind = 0; snprintf(e[ne++].text, 96, "mixed-coordinate wNAF, eq. (7)");
        for (k = 0; k < MS_N; k++) {
            if (!cs->ms[k] || !cs->ms[k]->ok)
                continue;
            e[ne].col = mcol[k];
            e[ne].kind = 2;
            e[ne].shape = k;
            snprintf(e[ne++].text, 96, "seacurve %s (counted)", mnames[k]);
        }
        n = ne;
        for (k = 0; k < n; k++)
            if (48 + scp_text_width(e[k].text, 2) + 12 > lw)
                lw = 48 + scp_text_width(e[k].text, 2) + 12;
        ly = T + 12;
        scp_fill(&c, lx - 8, ly - 8, lx + lw, ly + n * 22 + 4, COL_BG);
        scp_rect(&c, lx - 8, ly - 8, lx + lw, ly + n * 22 + 4, COL_GREY);
        for (k = 0; k < n; k++) {
            int y = ly + k * 22 + 7;
            if (e[k].kind == 2)
                scp_marker(&c, lx + 18, y, e[k].shape, 5, e[k].col);
            else
                scp_line(&c, lx, y, lx + 36, y, e[k].col, e[k].kind ? 2 : 3, e[k].kind ? 6 : 0);
            scp_text(&c, lx + 48, y - 7, e[k].text, COL_FG, 2, 0);
        }
    }
#undef PX
#undef PY
    rc = scp_write_png_file(&c, path);
    scp_free(&c);
    return rc;
}

/* ------------------------------------------------------------------ */

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s cost [--t T] [--w W] [--sm R] [--im B] [--png FILE] [--json] [--scalars N]\n"
            "Seed 002's cost model (Kodali et al., eq. 1-12) for double-and-add, width-w NAF and the\n"
            "mixed-coordinate wNAF, Table VII reproduced, the same three algorithms counted in\n"
            "seacurve (sc-explore-count: binary_l2r and wnaf in affine coordinates, wnaf_mixed in\n"
            "jacproj and jacproj_noinv) with the reasons model and counts differ, and seed 003's\n"
            "anatomy of a fixed-base point multiplication (sec. 4.1.2) against the counters.\n"
            "  --t T       scalar bits (default 160; counted on the smallest curve with n >= 2^(T-1))\n"
            "  --w W       NAF width (default 4)\n"
            "  --sm R      S/M (default 0.8, the paper's)\n"
            "  --im B      I/M = b (default 20, Table VII's)\n"
            "  --png FILE  draw Fig. 1 (M against b = 1..100) with the counted points\n"
            "  --json      JSON instead of text\n"
            "  --scalars N scalars averaged for the counts (default %d)\n"
            "  --count-bin PATH  the counting executable (as for explore)\n"
            "Exit status: 0 ok, 1 counts unavailable or a method failed, 2 usage.\n",
            prog, XE_DEFAULT_SCALARS);
}

static void run_counts(cstate *cs)
{
    const char *args[40];
    char tb[16], ns[16];
    size_t na = 0, k;
    unsigned w = (unsigned)cs->w;
    snprintf(tb, sizeof tb, "%u", cs->tbits);
    snprintf(ns, sizeof ns, "%zu", cs->nsc);
    snprintf(cs->key[MS_DA], sizeof cs->key[0], "var/binary_l2r/affine/0");
    snprintf(cs->key[MS_NAF], sizeof cs->key[0], "var/wnaf/affine/%u", w);
    snprintf(cs->key[MS_MNAF], sizeof cs->key[0], "var/wnaf_mixed/jacproj/%u", w);
    snprintf(cs->key[MS_MNAFX], sizeof cs->key[0], "var/wnaf_mixed/jacproj_noinv/%u", w);
    args[na++] = "--curve";
    args[na++] = cs->cv->name;
    args[na++] = "--tbits";
    args[na++] = tb;
    args[na++] = "--scalars";
    args[na++] = ns;
    args[na++] = "--ops";
    for (k = 0; k < MS_N; k++) {
        args[na++] = "--only";
        args[na++] = cs->key[k];
    }
    args[na] = NULL;
    xc_run(&cs->run, cs->count_bin, args);
    for (k = 0; k < MS_N; k++)
        cs->ms[k] = xc_find(&cs->run, cs->key[k]);
    /* seed 003: secp160r1, scalars uniform below n (the paper's "161 bit private key") */
    na = 0;
    args[na++] = "--curve";
    args[na++] = "secp160r1";
    args[na++] = "--scalars";
    args[na++] = ns;
    args[na++] = "--ops";
    args[na++] = "--only";
    args[na++] = "fix/fix_sliding/mjacobian/4";
    args[na++] = "--only";
    args[na++] = "fix/fix_sliding/jacobian/4";
    args[na++] = "--only";
    args[na++] = "var/naf/mjacobian/0";
    args[na] = NULL;
    xc_run(&cs->anat, cs->count_bin, args);
}

static const char *anat_keys[3] = { "fix/fix_sliding/mjacobian/4", "fix/fix_sliding/jacobian/4", "var/naf/mjacobian/0" };

static void print_op(FILE *f, const xc_result *r, const char *sys, const char *op, const char *paper)
{
    const xc_op *o = xc_find_op(r, sys, op);
    if (!o) {
        fprintf(f, "    %-10s %-6s not counted\n", sys, op);
        return;
    }
    fprintf(f, "    %-10s %-6s %2.0f I + %4.0f M + %3.0f S  (+ %2.0f A, %2.0f C)   paper: %s\n", sys, op, o->v[2], o->v[0],
            o->v[1], o->v[3], o->v[4], paper);
}

/* Split a row's M and S into doublings and mixed additions with the per-operation
 * counts of its system (dbl, madd, to_aff_var): two equations, two unknowns. */
static int anat_split(const xc_result *r, const xc_entry *e, const char *sys, double *nd, double *na)
{
    const xc_op *d = xc_find_op(r, sys, "dbl"), *a = xc_find_op(r, sys, "madd"), *c = xc_find_op(r, sys, "to_aff_var");
    double m, s, det;
    if (!d || !a || !c)
        return 0;
    m = e->v[XC_M] - c->v[0];
    s = e->v[XC_S] - c->v[1];
    det = d->v[0] * a->v[1] - a->v[0] * d->v[1];
    if (fabs(det) < 1e-9)
        return 0;
    *nd = (m * a->v[1] - a->v[0] * s) / det;
    *na = (d->v[0] * s - m * d->v[1]) / det;
    return 1;
}

static void print_text(FILE *f, cstate *cs)
{
    double nd = 0, na = 0;
    double t = cs->t, w = cs->w, sm = cs->sm, im = cs->im;
    cm_ops da = eq4_da(t), nf = eq6_naf(t, w), mn = eq2_mnaf(t, w);
    double p[3] = { eq8(t, im), eq9(t, w, im), eq7(t, w, im) };
    double tv[3] = { eq8(160, 20), eq9(160, 4, 20), eq7(160, 4, 20) };
    cm_ops m3[3];
    const char *names[3] = { "double-and-add", "width-w NAF", "mixed wNAF" };
    const char *eqn[3][2] = { { "4", "8" }, { "6", "9" }, { "2", "7" } };
    int i;
    m3[0] = da;
    m3[1] = nf;
    m3[2] = mn;
    fprintf(f, "seacurve cost: seed 002 (Kodali et al.) cost model, t = %g, w = %g, S/M = %g, I/M = b = %g\n\n", t, w,
            sm, im);
    fprintf(f, "model: operation counts (eq. 2, 4, 6), their M-equivalent M + (S/M) S + b I, and the paper's\n"
               "printed forms in M (eq. 7-9, S/M = 0.8 built in; eq. 10-12 are these at t = 160, w = 4):\n");
    fprintf(f, "  %-16s %8s %8s %8s %10s   %-18s %s\n", "method", "I", "M", "S", "M-eq", "printed", "as a + b'b");
    for (i = 0; i < 3; i++) {
        double a0 = i == 0 ? eq8(t, 0) : i == 1 ? eq9(t, w, 0) : eq7(t, w, 0);
        double a1 = (i == 0 ? eq8(t, 1) : i == 1 ? eq9(t, w, 1) : eq7(t, w, 1)) - a0;
        fprintf(f, "  %-16s %8.1f %8.1f %8.1f %10.1f   %9.1f (eq. %s)  M(%g + %gb)   [eq. %s]\n", names[i], m3[i].I,
                m3[i].M, m3[i].S, meq(m3[i], sm, im), p[i], eqn[i][1], a0, a1, eqn[i][0]);
    }
    fprintf(f, "\nTable VII (t = 160, w = 4, b = 20), from the printed equations:\n");
    fprintf(f, "  %-34s %10s %10s\n", "", "paper", "model");
    fprintf(f, "  %-34s %10.1f %10.1f\n", "Double and Add (eq. 8/11)", table7_paper[0], tv[0]);
    fprintf(f, "  %-34s %10.1f %10.1f\n", "Width-w NAF (eq. 9/12)", table7_paper[1], tv[1]);
    fprintf(f, "  %-34s %10.1f %10.1f\n", "Mixed Coordinate wNAF (eq. 7/10)", table7_paper[2], tv[2]);
    fprintf(f, "  reduction by the mixed wNAF: %.2f%% vs double-and-add (paper: 48.4%%), %.2f%% vs wNAF (paper: about 40%%)\n",
            100 * (1 - tv[2] / tv[0]), 100 * (1 - tv[2] / tv[1]));
    fprintf(f, "  eq. (4) at S/M = 0.8 gives %.1f for double-and-add, not 5200: see note 1.\n",
            meq(eq4_da(160), 0.8, 20));

    fprintf(f, "\nmeasured: seacurve's implementations on %s, %zu scalars of exactly %u bits (seed 0x%llx),\n"
               "counting build (sc-explore-count), mean per point multiplication including the final\n"
               "conversion to affine; M-eq at S/M = %g, I/M = %g:\n",
            cs->cv->name, cs->nsc, cs->tbits, (unsigned long long)XE_DEFAULT_SEED, sm, im);
    if (!cs->run.ran)
        fprintf(f, "  counts unavailable: %s\n", cs->run.err);
    fprintf(f, "  %-34s %-28s %6s %8s %8s %8s %6s %10s %10s\n", "algorithm", "seacurve", "I", "M", "S", "A", "C", "M-eq",
            "model");
    for (i = 0; i < MS_N; i++) {
        const xc_entry *e = cs->ms[i];
        double model = i == MS_DA ? meq(da, sm, im) : i == MS_NAF ? meq(nf, sm, im) : meq(mn, sm, im);
        if (!e) {
            fprintf(f, "  %-34s %-28s not counted\n", ms_label[i], cs->key[i]);
            continue;
        }
        if (!e->ok) {
            fprintf(f, "  %-34s %-28s %s\n", ms_label[i], cs->key[i], e->err);
            continue;
        }
        fprintf(f, "  %-34s %-28s %6.1f %8.1f %8.1f %8.1f %6.1f %10.1f %10.1f\n", ms_label[i], cs->key[i], e->v[XC_I],
                e->v[XC_M], e->v[XC_S], e->v[XC_A], e->v[XC_C], ms_meq(cs, e, im), model);
    }
    if (cs->have_stats)
        fprintf(f, "  the scalars: %.1f bits, %.1f set bits (model: t/2 = %g), wNAF of %.1f digits with %.1f nonzero\n"
                   "  (model: t = %g digits, t/(w+1) = %.1f nonzero)\n",
                cs->bits_mean, cs->wt_mean, t / 2, cs->wnaf_len_mean, cs->wnaf_nz_mean, t, t / (w + 1));
    fprintf(f, "\n  point operations as counted (one each, points with Z != 1), against seed 002 Table II:\n");
    print_op(f, &cs->run, "affine", "dbl", "I + 2M + 2S");
    print_op(f, &cs->run, "affine", "madd", "I + 2M + S");
    print_op(f, &cs->run, "jacobian", "dbl", "4M + 6S");
    print_op(f, &cs->run, "projective", "add", "12M + 2S");
    print_op(f, &cs->run, "jacproj", "madd", "(I + 2M) + (12M + 2S + 2M) + 2M = I + 18M + 2S (steps 3-5)");
    print_op(f, &cs->run, "jacproj", "add", "- (precomputation: both operands in the system)");
    print_op(f, &cs->run, "jacproj_noinv", "madd", "- (the conversions without inversion)");

    fprintf(f,
            "\nwhy model and counts differ:\n"
            "  1. eq. (8) does not follow from eq. (4): at S/M = 0.8 eq. (4) is M(3b + 10)t/2 (%.0f at\n"
            "     t = 160, b = 20), and (8) = M(3b + 5)t/2 is eq. (4) with its 3t M left out and S counted\n"
            "     as M.  Table VII and Fig. 1 use (8); eq. (7) and (9) do follow from (2) and (6).\n"
            "  2. S/M: the printed forms fix S/M = 0.8; with another S/M only eq. (2), (4), (6) apply.\n"
            "  3. Digit density: the model takes t doublings and t/(w+1) additions (t/2 for the binary\n"
            "     method); a t-bit scalar has t - 1 doublings after the top bit, its wNAF up to t + 1\n"
            "     digits and a density slightly above 1/(w+1) at these lengths (measured above).\n"
            "  4. The model leaves out the precomputation of the odd multiples (1 D + (2^(w-2) - 1) A,\n"
            "     i.e. 2^(w-2) inversions in affine coordinates; Alg. 3 even lists A_i up to 2^w - 1) and,\n"
            "     for the mixed method, their conversion to affine (one simultaneous inversion); in\n"
            "     jacproj each of those additions converts both operands (2 I, see jacproj add).\n"
            "  5. Mixed coordinates (Alg. 4): the model charges each addition I + 2M to go from Jacobian\n"
            "     to projective (step 3), 2M to lift the affine A_i (Z = 1: free) and 2M back (step 5);\n"
            "     jacproj does exactly that, with its inversion, while jacproj_noinv converts without one\n"
            "     ((X, Y, Z) -> (XZ, Y, Z^3)), which removes the t/(w+1) I term entirely.  The model's\n"
            "     first conversion (S + 2M) is free for an affine input, and its final conversion (in the\n"
            "     4M + S) has no inversion, where ours costs I + 3M + S.\n"
            "  6. The model counts only I, M, S; A (additions) and C (small-constant multiplications)\n"
            "     are shown but not in the M-equivalent.\n",
            meq(eq4_da(160), 0.8, 20));

    fprintf(f, "\nseed 003 (Wang et al.) sec. 4.1.2, anatomy of a fixed-base point multiplication on\n"
               "secp160r1 (sliding window w = 4, 15 precomputed points, mixed modified-Jacobian + affine):\n");
    fprintf(f, "  paper: %d doublings (4M + 4S, 11 reductions) + %d additions (8M + 3S, 12 reductions) =\n"
               "         %d M, %d S, %d reductions (a reduction after every M, S and shift)\n",
            s003_dbl, s003_add, s003_M, s003_S, s003_R);
    if (!cs->anat.ran)
        fprintf(f, "  counts unavailable: %s\n", cs->anat.err);
    for (i = 0; i < 3; i++) {
        const xc_entry *e = xc_find(&cs->anat, anat_keys[i]);
        if (!e) {
            fprintf(f, "  %-30s not counted\n", anat_keys[i]);
            continue;
        }
        if (!e->ok) {
            fprintf(f, "  %-30s %s\n", anat_keys[i], e->err);
            continue;
        }
        fprintf(f, "  seacurve %-28s %6.1f M, %6.1f S, %6.1f reductions (M + S), %4.1f I, %6.1f A, %5.1f C\n",
                anat_keys[i], e->v[XC_M], e->v[XC_S], e->v[XC_M] + e->v[XC_S], e->v[XC_I], e->v[XC_A], e->v[XC_C]);
        if (anat_split(&cs->anat, e, i == 0 ? "mjacobian" : i == 1 ? "jacobian" : "mjacobian", &nd, &na))
            fprintf(f, "  %-37s = %.1f doublings + %.1f mixed additions + the conversion to affine\n", "", nd, na);
    }
    print_op(f, &cs->anat, "mjacobian", "dbl", "4M + 4S (a = -3, eq. 13-14)");
    print_op(f, &cs->anat, "mjacobian", "madd", "8M + 3S (eq. 12, aZ^4 not updated)");
    fprintf(f, "  seacurve reduces once per M and S (the fp layer's multiply-then-reduce); doublings by small\n"
               "  constants (C) are modular additions, not reductions, hence fewer reductions than the paper.\n"
               "  The paper counts ceil(161/4) = 41 windows of 4 doublings and 1 addition each; a sliding\n"
               "  window skips zero runs and needs about t/(w+1) additions and t - 1 doublings.\n");
    if (cs->png)
        fprintf(f, "\nFig. 1 written to %s\n", cs->png);
}

static void json_ops(FILE *f, const xc_result *r)
{
    size_t i;
    fprintf(f, "[");
    for (i = 0; i < r->nops; i++) {
        const xc_op *o = &r->ops[i];
        fprintf(f, "%s{\"system\": \"%s\", \"op\": \"%s\", \"M\": %g, \"S\": %g, \"I\": %g, \"A\": %g, \"C\": %g, \"W\": %g}",
                i ? ", " : "", o->sys, o->op, o->v[0], o->v[1], o->v[2], o->v[3], o->v[4], o->v[5]);
    }
    fprintf(f, "]");
}

static void json_entry(FILE *f, const cstate *cs, const xc_entry *e, const char *key)
{
    fprintf(f, "{\"key\": ");
    xj_str(f, key);
    if (!e) {
        fprintf(f, ", \"status\": \"missing\"}");
        return;
    }
    if (!e->ok) {
        fprintf(f, ", \"status\": \"%s\", \"error\": ", strncmp(e->err, "unsupported", 11) ? "FAILED" : "unsupported");
        xj_str(f, e->err);
        fprintf(f, "}");
        return;
    }
    fprintf(f, ", \"status\": \"ok\", \"I\": %.4f, \"M\": %.4f, \"S\": %.4f, \"A\": %.4f, \"C\": %.4f, \"W\": %.4f, \"meq\": %.2f}",
            e->v[XC_I], e->v[XC_M], e->v[XC_S], e->v[XC_A], e->v[XC_C], e->v[XC_W], ms_meq(cs, e, cs->im));
}

static void print_json(FILE *f, cstate *cs)
{
    double t = cs->t, w = cs->w, sm = cs->sm, im = cs->im;
    cm_ops m3[3];
    const char *names[3] = { "double_and_add", "wnaf", "mixed_wnaf" };
    const char *eqn[3][2] = { { "4", "8" }, { "6", "9" }, { "2", "7" } };
    double p[3] = { eq8(t, im), eq9(t, w, im), eq7(t, w, im) };
    int i;
    m3[0] = eq4_da(t);
    m3[1] = eq6_naf(t, w);
    m3[2] = eq2_mnaf(t, w);
    fprintf(f, "{\n  \"tool\": \"seacurve cost\", \"t\": %g, \"w\": %g, \"sm\": %g, \"im\": %g,\n  \"model\": {", t, w, sm, im);
    for (i = 0; i < 3; i++) {
        double a0 = i == 0 ? eq8(t, 0) : i == 1 ? eq9(t, w, 0) : eq7(t, w, 0);
        double a1 = (i == 0 ? eq8(t, 1) : i == 1 ? eq9(t, w, 1) : eq7(t, w, 1)) - a0;
        fprintf(f, "%s\n    \"%s\": {\"eq\": %s, \"I\": %.4f, \"M\": %.4f, \"S\": %.4f, \"meq\": %.4f, "
                   "\"printed_eq\": %s, \"printed\": %.4f, \"a\": %.4f, \"b_coef\": %.4f}",
                i ? "," : "", names[i], eqn[i][0], m3[i].I, m3[i].M, m3[i].S, meq(m3[i], sm, im), eqn[i][1], p[i], a0, a1);
    }
    fprintf(f, "\n  },\n  \"table7\": {\"t\": 160, \"w\": 4, \"b\": 20,\n");
    fprintf(f, "    \"paper\": {\"double_and_add\": %.1f, \"wnaf\": %.1f, \"mixed_wnaf\": %.1f},\n", table7_paper[0],
            table7_paper[1], table7_paper[2]);
    fprintf(f, "    \"model\": {\"double_and_add\": %.4f, \"wnaf\": %.4f, \"mixed_wnaf\": %.4f},\n", eq8(160, 20),
            eq9(160, 4, 20), eq7(160, 4, 20));
    fprintf(f, "    \"eq4_at_sm_0_8\": %.4f, \"reduction_vs_da\": %.4f, \"reduction_vs_wnaf\": %.4f},\n",
            meq(eq4_da(160), 0.8, 20), 1 - eq7(160, 4, 20) / eq8(160, 20), 1 - eq7(160, 4, 20) / eq9(160, 4, 20));
    fprintf(f, "  \"measured\": {\"curve\": \"%s\", \"tbits\": %u, \"scalars\": %zu, \"available\": %s, \"rows\": [",
            cs->cv->name, cs->tbits, cs->nsc, cs->run.ran ? "true" : "false");
    for (i = 0; i < MS_N; i++) {
        fprintf(f, "%s\n    ", i ? "," : "");
        json_entry(f, cs, cs->ms[i], cs->key[i]);
    }
    fprintf(f, "\n  ],\n    \"ops\": ");
    json_ops(f, &cs->run);
    if (cs->have_stats)
        fprintf(f, ",\n    \"scalar_bits\": %.4f, \"set_bits\": %.4f, \"wnaf_digits\": %.4f, \"wnaf_nonzero\": %.4f",
                cs->bits_mean, cs->wt_mean, cs->wnaf_len_mean, cs->wnaf_nz_mean);
    fprintf(f, "},\n  \"seed003\": {\"paper\": {\"dbl\": %d, \"add\": %d, \"M\": %d, \"S\": %d, \"reductions\": %d},\n"
               "    \"available\": %s, \"rows\": [",
            s003_dbl, s003_add, s003_M, s003_S, s003_R, cs->anat.ran ? "true" : "false");
    for (i = 0; i < 3; i++) {
        fprintf(f, "%s\n    ", i ? "," : "");
        json_entry(f, cs, xc_find(&cs->anat, anat_keys[i]), anat_keys[i]);
    }
    fprintf(f, "],\n    \"ops\": ");
    json_ops(f, &cs->anat);
    fprintf(f, "},\n  \"png\": ");
    if (cs->png)
        xj_str(f, cs->png);
    else
        fprintf(f, "null");
    fprintf(f, "\n}\n");
}

int sc_cost_main(int argc, char **argv, const char *prog)
{
    static cstate cs;
    const char *out = NULL;
    FILE *f = stdout;
    int a, rc = 0;
    size_t i;

    memset(&cs, 0, sizeof cs);
    cs.t = 160;
    cs.w = 4;
    cs.sm = 0.8;
    cs.im = 20;
    cs.nsc = XE_DEFAULT_SCALARS;
    for (a = 1; a < argc; a++) {
        const char *o = argv[a], *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            usage(stdout, prog);
            return 0;
        } else if (!strcmp(o, "--json")) {
            cs.json = 1;
        } else if (v && !strcmp(o, "--t")) {
            cs.t = atof(argv[++a]);
        } else if (v && !strcmp(o, "--w")) {
            cs.w = atof(argv[++a]);
        } else if (v && !strcmp(o, "--sm")) {
            cs.sm = atof(argv[++a]);
        } else if (v && !strcmp(o, "--im")) {
            cs.im = atof(argv[++a]);
        } else if (v && !strcmp(o, "--png")) {
            cs.png = argv[++a];
        } else if (v && !strcmp(o, "-o")) {
            out = argv[++a];
        } else if (v && !strcmp(o, "--scalars")) {
            cs.nsc = (size_t)strtoul(argv[++a], NULL, 10);
        } else if (v && !strcmp(o, "--count-bin")) {
            cs.count_bin = argv[++a];
        } else {
            fprintf(stderr, "%s %s: unknown option or missing value '%s' (see %s %s --help)\n", prog, argv[0], o, prog,
                    argv[0]);
            return 2;
        }
    }
    if (!(cs.t >= 2 && cs.t <= SC_FP_MAX_BITS) || !(cs.w >= 1 && cs.w <= 16) || !(cs.sm >= 0) || !(cs.im >= 0) ||
        cs.nsc < 1 || cs.nsc > XE_MAXSC) {
        fprintf(stderr, "%s %s: need 2 <= t <= %d, 1 <= w <= 16, S/M, I/M >= 0, 1 <= scalars <= %d\n", prog, argv[0],
                SC_FP_MAX_BITS, XE_MAXSC);
        return 2;
    }
    cs.tbits = (unsigned)lround(cs.t);
    /* the curve: the smallest whose n has at least t bits */
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        if (c->ep && c->nbits >= cs.tbits && (!cs.cv || c->nbits < cs.cv->nbits))
            cs.cv = c;
    }
    if (!cs.cv) {
        fprintf(stderr, "%s %s: no curve with a %u-bit group order\n", prog, argv[0], cs.tbits);
        return 2;
    }
    run_counts(&cs);
    scalar_stats(&cs);
    if (cs.png && draw_fig1(&cs, cs.png)) {
        fprintf(stderr, "%s %s: cannot write %s\n", prog, argv[0], cs.png);
        rc = 1;
    }
    if (out && !(f = fopen(out, "w"))) {
        fprintf(stderr, "%s %s: cannot write %s\n", prog, argv[0], out);
        rc = 1;
    } else {
        if (cs.json)
            print_json(f, &cs);
        else
            print_text(f, &cs);
        if (f != stdout && fclose(f) != 0)
            rc = 1;
    }
    if (!cs.run.ran || !cs.anat.ran)
        rc = 1;
    for (i = 0; i < MS_N; i++)
        if (cs.ms[i] && !cs.ms[i]->ok && strncmp(cs.ms[i]->err, "unsupported", 11))
            rc = 1;
    xc_free(&cs.run);
    xc_free(&cs.anat);
    return rc;
}
