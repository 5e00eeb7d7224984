/* cost: `seacurve cost` (explore.h): [Kodali]'s cost model next to seacurve's counts.
 *
 * [Kodali] (Kodali et al., fast point multiplication for WSNs) models three
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
 * 4505.6); [Kodali] Fig. 1 plots (10)-(12) against b.  This command evaluates the
 * model for any t, w, S/M, I/M, reproduces Table VII, counts seacurve's own
 * implementations of the three algorithms (sc-explore-count: binary_l2r and
 * wnaf in the affine system, wnaf_mixed in jacproj and jacproj_noinv), explains
 * where model and counts part, and checks [WM-ECC]'s anatomy of a fixed-base
 * point multiplication (sec. 4.1.2) against the counters.  Every cost is a
 * straight line in b (a + slope b); --csv writes those lines (the numbers of
 * Fig. 1, which tools/plot/plot_cost.py draws), --json every number of the report. */
#define _POSIX_C_SOURCE 200809L
#include "explore.h"
#include "countrun.h"
#include "engine.h"
#include "out.h"
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

/* [Kodali] Table VII (t = 160, w = 4, b = 20), the paper's numbers */
static const double table7_paper[3] = { 5200.0, 4505.6, 2680.0 };   /* D&A, wNAF, mixed wNAF */

/* [WM-ECC] sec. 4.1.2: 164 doublings, 41 additions; add 8M + 3S, dbl 4M + 4S; 12 / 11 reductions */
static const int wm_dbl = 164, wm_add = 41;
static const int wm_M = 984, wm_S = 779, wm_R = 2296;

enum { MS_DA, MS_NAF, MS_MNAF, MS_MNAFX, MS_N };
enum { FMT_TEXT, FMT_JSON, FMT_CSV };

typedef struct cstate {
    double t, w, sm, im;
    const char *count_bin;
    int fmt;                     /* FMT_* */
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

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s cost [--t T] [--w W] [--sm R] [--im B] [--json | --csv] [-o FILE] [--png FILE]\n"
            "           [--force] [--curve NAME] [--scalars N] [--count-bin PATH]\n"
            "[Kodali]'s cost model (Kodali et al., eq. 1-12) for double-and-add, width-w NAF and the\n"
            "mixed-coordinate wNAF, Table VII reproduced, the same three algorithms counted in\n"
            "seacurve (sc-explore-count: binary_l2r and wnaf in affine coordinates, wnaf_mixed in\n"
            "jacproj and jacproj_noinv) with the reasons model and counts differ, and [WM-ECC]'s\n"
            "anatomy of a fixed-base point multiplication (sec. 4.1.2) against the counters.\n"
            "  --t T       scalar bits (default 160)\n"
            "  --w W       NAF width (default 4)\n"
            "  --sm R      S/M (default 0.8, the paper's)\n"
            "  --im B      I/M = b (default 20, Table VII's)\n"
            "  --json      every number of the report as JSON instead of text\n"
            "  --csv       the cost lines of [Kodali] Fig. 1 as CSV instead of text, one row each: the\n"
            "              printed eq. (7)-(9), the model eq. (2), (4), (6) at S/M and seacurve's counts;\n"
            "              cost in M = a + slope * b (columns: source,method,eq,key,curve,scalars,t,w,sm,\n"
            "              im,status,I,M,S,A,C,W,a,slope,meq); tools/plot/plot_cost.py draws it\n"
            "  -o FILE     write the report to FILE (default, or -: stdout); an existing FILE is\n"
            "              replaced only with --force, and FILE is written whole or not at all\n"
            "  --png FILE  draw [Kodali] Fig. 1 with seacurve's counts into FILE (PNG), by the same\n"
            "              rules: the --csv data drawn by plot_cost.py (python3 and matplotlib; found in\n"
            "              $SC_PLOT_DIR, ../share/seacurve beside this program, or the source tree's\n"
            "              tools/plot); with --png the report is written only if -o is given\n"
            "  --force     replace an existing FILE (only a regular file, never a link or a device)\n"
            "  --curve NAME  count on this curve (default: the smallest SEC 2 curve with n >= 2^(T-1),\n"
            "              secp160r1 at T = 160)\n"
            "  --scalars N scalars averaged for the counts (default %d)\n"
            "  --count-bin PATH  the counting executable (as for explore)\n"
            "Figures: --png, or tools/plot/make_figures.sh BUILD_DIR (docs/cost-fig1.png).\n"
            "Exit status: 0 ok, 1 counts unavailable or a method failed, 2 usage or file error.\n",
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
    /* [WM-ECC]: secp160r1, scalars uniform below n (the paper's "161 bit private key") */
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
        fprintf(f, "    %-13s %-6s not counted\n", sys, op);
        return;
    }
    fprintf(f, "    %-13s %-6s %2.0f I + %4.0f M + %3.0f S  (+ %2.0f A, %2.0f C)   paper: %s\n", sys, op, o->v[2], o->v[0],
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
    fprintf(f, "seacurve cost: [Kodali] (Kodali et al.) cost model, t = %g, w = %g, S/M = %g, I/M = b = %g\n\n", t,
            w, sm, im);
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
    fprintf(f, "  %-34s %-31s %6s %8s %8s %8s %6s %10s %10s\n", "algorithm", "seacurve", "I", "M", "S", "A", "C", "M-eq",
            "model");
    for (i = 0; i < MS_N; i++) {
        const xc_entry *e = cs->ms[i];
        double model = i == MS_DA ? meq(da, sm, im) : i == MS_NAF ? meq(nf, sm, im) : meq(mn, sm, im);
        if (!e) {
            fprintf(f, "  %-34s %-31s not counted\n", ms_label[i], cs->key[i]);
            continue;
        }
        if (!e->ok) {
            fprintf(f, "  %-34s %-31s %s\n", ms_label[i], cs->key[i], e->err);
            continue;
        }
        fprintf(f, "  %-34s %-31s %6.1f %8.1f %8.1f %8.1f %6.1f %10.1f %10.1f\n", ms_label[i], cs->key[i], e->v[XC_I],
                e->v[XC_M], e->v[XC_S], e->v[XC_A], e->v[XC_C], ms_meq(cs, e, im), model);
    }
    if (cs->have_stats)
        fprintf(f, "  the scalars: %.1f bits, %.1f set bits (model: t/2 = %g), wNAF of %.1f digits with %.1f nonzero\n"
                   "  (model: t = %g digits, t/(w+1) = %.1f nonzero)\n",
                cs->bits_mean, cs->wt_mean, t / 2, cs->wnaf_len_mean, cs->wnaf_nz_mean, t, t / (w + 1));
    fprintf(f, "\n  point operations as counted (one each, points with Z != 1), against [Kodali] Table II:\n");
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

    fprintf(f, "\n[WM-ECC] (Wang et al.) sec. 4.1.2, anatomy of a fixed-base point multiplication on\n"
               "secp160r1 (sliding window w = 4, 15 precomputed points, mixed modified-Jacobian + affine):\n");
    fprintf(f, "  paper: %d doublings (4M + 4S, 11 reductions) + %d additions (8M + 3S, 12 reductions) =\n"
               "         %d M, %d S, %d reductions (a reduction after every M, S and shift)\n",
            wm_dbl, wm_add, wm_M, wm_S, wm_R);
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

/* ------------------------------------------------------------------ */
/* the cost lines of Fig. 1: cost in M = a + slope b (b = I/M)         */

typedef struct cline {
    const char *source;          /* "printed" (eq. 7-9), "model" (eq. 2, 4, 6 at S/M), "counted" */
    const char *method;          /* double_and_add, wnaf, mixed_wnaf, mixed_wnaf_noinv */
    const char *eq;              /* equation number, "" for counted */
    const char *key;             /* counted: the explore key; else "" */
    const char *status;          /* ok, FAILED, unsupported, missing */
    int have_ops, have_asw;      /* I, M, S known; A, C, W known (counted) */
    double I, M, S, A, C, W;
    double a, slope;
} cline;

enum { NLINES = 6 + MS_N };

static const char *method_id[MS_N] = { "double_and_add", "wnaf", "mixed_wnaf", "mixed_wnaf_noinv" };

static size_t cost_lines(const cstate *cs, cline *l)
{
    static const char *peq[3] = { "8", "9", "7" }, *meqn[3] = { "4", "6", "2" };
    double t = cs->t, w = cs->w;
    cm_ops m3[3];
    size_t n = 0;
    int i;
    m3[0] = eq4_da(t);
    m3[1] = eq6_naf(t, w);
    m3[2] = eq2_mnaf(t, w);
    memset(l, 0, NLINES * sizeof *l);
    for (i = 0; i < 3; i++, n++) {   /* as printed, S/M = 0.8 built in */
        double a0 = i == 0 ? eq8(t, 0) : i == 1 ? eq9(t, w, 0) : eq7(t, w, 0);
        double a1 = i == 0 ? eq8(t, 1) : i == 1 ? eq9(t, w, 1) : eq7(t, w, 1);
        l[n].source = "printed";
        l[n].method = method_id[i];
        l[n].eq = peq[i];
        l[n].key = "";
        l[n].status = "ok";
        l[n].a = a0;
        l[n].slope = a1 - a0;
    }
    for (i = 0; i < 3; i++, n++) {   /* the operation counts at the given S/M */
        l[n].source = "model";
        l[n].method = method_id[i];
        l[n].eq = meqn[i];
        l[n].key = "";
        l[n].status = "ok";
        l[n].have_ops = 1;
        l[n].I = m3[i].I;
        l[n].M = m3[i].M;
        l[n].S = m3[i].S;
        l[n].a = m3[i].M + cs->sm * m3[i].S;
        l[n].slope = m3[i].I;
    }
    for (i = 0; i < MS_N; i++, n++) {
        const xc_entry *e = cs->ms[i];
        l[n].source = "counted";
        l[n].method = method_id[i];
        l[n].eq = "";
        l[n].key = cs->key[i];
        l[n].status = !e ? "missing" : e->ok ? "ok" : strncmp(e->err, "unsupported", 11) ? "FAILED" : "unsupported";
        if (!e || !e->ok)
            continue;
        l[n].have_ops = l[n].have_asw = 1;
        l[n].I = e->v[XC_I];
        l[n].M = e->v[XC_M];
        l[n].S = e->v[XC_S];
        l[n].A = e->v[XC_A];
        l[n].C = e->v[XC_C];
        l[n].W = e->v[XC_W];
        l[n].a = e->v[XC_M] + cs->sm * e->v[XC_S];
        l[n].slope = e->v[XC_I];
    }
    return n;
}

static int line_drawn(const cline *l)
{
    return !strcmp(l->status, "ok");
}

/* CSV (RFC 4180: comma-separated, a header line, "\n" line ends; no field needs quotes) */
static void print_csv(FILE *f, const cstate *cs)
{
    cline l[NLINES];
    size_t n = cost_lines(cs, l), i;
    fprintf(f, "source,method,eq,key,curve,scalars,t,w,sm,im,status,I,M,S,A,C,W,a,slope,meq\n");
    for (i = 0; i < n; i++) {
        int counted = !strcmp(l[i].source, "counted");
        fprintf(f, "%s,%s,%s,%s,%s,", l[i].source, l[i].method, l[i].eq, l[i].key, counted ? cs->cv->name : "");
        if (counted)
            fprintf(f, "%zu", cs->nsc);
        fprintf(f, ",%.10g,%.10g,%.10g,%.10g,%s", cs->t, cs->w, cs->sm, cs->im, l[i].status);
        if (l[i].have_ops)
            fprintf(f, ",%.10g,%.10g,%.10g", l[i].I, l[i].M, l[i].S);
        else
            fprintf(f, ",,,");
        if (l[i].have_asw)
            fprintf(f, ",%.10g,%.10g,%.10g", l[i].A, l[i].C, l[i].W);
        else
            fprintf(f, ",,,");
        if (line_drawn(&l[i]))
            fprintf(f, ",%.10g,%.10g,%.10g\n", l[i].a, l[i].slope, l[i].a + l[i].slope * cs->im);
        else
            fprintf(f, ",,,\n");
    }
}

static void json_lines(FILE *f, const cstate *cs)
{
    cline l[NLINES];
    size_t n = cost_lines(cs, l), i;
    fprintf(f, "[");
    for (i = 0; i < n; i++) {
        fprintf(f, "%s\n    {\"source\": \"%s\", \"method\": \"%s\", \"eq\": \"%s\", \"key\": ", i ? "," : "",
                l[i].source, l[i].method, l[i].eq);
        xj_str(f, l[i].key);
        fprintf(f, ", \"status\": \"%s\"", l[i].status);
        if (l[i].have_ops)
            fprintf(f, ", \"I\": %.4f, \"M\": %.4f, \"S\": %.4f", l[i].I, l[i].M, l[i].S);
        if (l[i].have_asw)
            fprintf(f, ", \"A\": %.4f, \"C\": %.4f, \"W\": %.4f", l[i].A, l[i].C, l[i].W);
        if (line_drawn(&l[i]))
            fprintf(f, ", \"a\": %.4f, \"slope\": %.4f, \"meq\": %.4f", l[i].a, l[i].slope,
                    l[i].a + l[i].slope * cs->im);
        fprintf(f, "}");
    }
    fprintf(f, "\n  ]");
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
    fprintf(f, "{\n  \"tool\": \"seacurve cost\", \"paper\": \"[Kodali]\", \"t\": %g, \"w\": %g, \"sm\": %g, \"im\": %g,\n"
               "  \"model\": {", t, w, sm, im);
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
    fprintf(f, "},\n  \"fixed_base_anatomy\": {\"source\": \"[WM-ECC] sec. 4.1.2\", \"curve\": \"secp160r1\",\n"
               "    \"paper\": {\"dbl\": %d, \"add\": %d, \"M\": %d, \"S\": %d, \"reductions\": %d},\n"
               "    \"available\": %s, \"rows\": [",
            wm_dbl, wm_add, wm_M, wm_S, wm_R, cs->anat.ran ? "true" : "false");
    for (i = 0; i < 3; i++) {
        fprintf(f, "%s\n    ", i ? "," : "");
        json_entry(f, cs, xc_find(&cs->anat, anat_keys[i]), anat_keys[i]);
    }
    fprintf(f, "],\n    \"ops\": ");
    json_ops(f, &cs->anat);
    fprintf(f, "},\n  \"fig1_lines\": ");
    json_lines(f, cs);
    fprintf(f, "\n}\n");
}

int sc_cost_main(int argc, char **argv, const char *prog)
{
    static cstate cs;
    const char *out = NULL, *curve = NULL, *png = NULL;
    static xo_plotter plotter;
    char who[96];
    int a, rc = 0, force = 0, json = 0, csv = 0;
    size_t i;
    xo_mem m;
    int fmt;

    memset(&cs, 0, sizeof cs);
    cs.t = 160;
    cs.w = 4;
    cs.sm = 0.8;
    cs.im = 20;
    cs.nsc = XE_DEFAULT_SCALARS;
    snprintf(who, sizeof who, "%s %s", prog, argv[0]);
    for (a = 1; a < argc; a++) {
        const char *o = argv[a], *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            usage(stdout, prog);
            return 0;
        } else if (!strcmp(o, "--json")) {
            json = 1;
        } else if (!strcmp(o, "--csv")) {
            csv = 1;
        } else if (!strcmp(o, "--force")) {
            force = 1;
        } else if (v && !strcmp(o, "--png")) {
            png = argv[++a];
        } else if (v && !strcmp(o, "--t")) {
            cs.t = atof(argv[++a]);
        } else if (v && !strcmp(o, "--w")) {
            cs.w = atof(argv[++a]);
        } else if (v && !strcmp(o, "--sm")) {
            cs.sm = atof(argv[++a]);
        } else if (v && !strcmp(o, "--im")) {
            cs.im = atof(argv[++a]);
        } else if (v && !strcmp(o, "-o")) {
            out = argv[++a];
        } else if (v && !strcmp(o, "--curve")) {
            curve = argv[++a];
        } else if (v && !strcmp(o, "--scalars")) {
            cs.nsc = (size_t)strtoul(argv[++a], NULL, 10);
        } else if (v && !strcmp(o, "--count-bin")) {
            cs.count_bin = argv[++a];
        } else {
            fprintf(stderr, "%s: unknown option or missing value '%s' (see %s --help)\n", who, o, who);
            return 2;
        }
    }
    if (json && csv) {
        fprintf(stderr, "%s: --json and --csv exclude each other\n", who);
        return 2;
    }
    cs.fmt = json ? FMT_JSON : csv ? FMT_CSV : FMT_TEXT;
    if (!(cs.t >= 2 && cs.t <= SC_FP_MAX_BITS) || !(cs.w >= 1 && cs.w <= 16) || !(cs.sm >= 0) || !(cs.im >= 0) ||
        cs.nsc < 1 || cs.nsc > XE_MAXSC) {
        fprintf(stderr, "%s: need 2 <= t <= %d, 1 <= w <= 16, S/M, I/M >= 0, 1 <= scalars <= %d\n", who,
                SC_FP_MAX_BITS, XE_MAXSC);
        return 2;
    }
    cs.tbits = (unsigned)lround(cs.t);
    if (curve) {
        if (!(cs.cv = sc_curve_find(curve)) || !cs.cv->ep || cs.cv->nbits < cs.tbits) {
            fprintf(stderr, "%s: --curve %s: not a prime-field curve whose n has at least %u bits\n", who, curve,
                    cs.tbits);
            return 2;
        }
    } else {
        /* the smallest SEC 2 curve whose n has at least t bits ([WM-ECC]'s secp160r1 at t = 160),
         * else the smallest curve at all */
        int pass;
        for (pass = 0; pass < 2 && !cs.cv; pass++)
            for (i = 0; i < sc_curve_count(); i++) {
                const sc_curve *c = sc_curve_at(i);
                if (c->ep && c->nbits >= cs.tbits && (pass || !strncmp(c->name, "secp", 4)) &&
                    (!cs.cv || c->nbits < cs.cv->nbits))
                    cs.cv = c;
            }
    }
    if (!cs.cv) {
        fprintf(stderr, "%s: no curve with a %u-bit group order\n", who, cs.tbits);
        return 2;
    }
    if (!out && !png)
        out = "-";
    if (out && png && !strcmp(out, png) && strcmp(out, "-")) {
        fprintf(stderr, "%s: %s: named by both -o and --png\n", who, png);
        return 2;
    }
    if (png && !strcmp(png, "-")) {
        fprintf(stderr, "%s: --png: a file name, not stdout\n", who);
        return 2;
    }
    /* before the work */
    if (out && xo_check(who, out, force))
        return 2;
    if (png && (xo_check(who, png, force) || xo_plot_find(who, "plot_cost.py", &plotter)))
        return 2;
    run_counts(&cs);
    scalar_stats(&cs);
    /* the report (-o), then the figure, drawn from the CSV */
    for (fmt = 0; fmt < 2 && !rc; fmt++) {
        const char *dest = fmt ? png : out;
        if (!dest)
            continue;
        if (xo_mem_open(&m)) {
            fprintf(stderr, "%s: out of memory\n", who);
            rc = 2;
            break;
        }
        if (fmt)
            print_csv(m.f, &cs);
        else if (cs.fmt == FMT_JSON)
            print_json(m.f, &cs);
        else if (cs.fmt == FMT_CSV)
            print_csv(m.f, &cs);
        else
            print_text(m.f, &cs);
        if (xo_mem_close(&m)) {
            fprintf(stderr, "%s: out of memory\n", who);
            rc = 2;
        } else if (fmt ? xo_plot(who, &plotter, m.data, m.len, png, force)
                       : xo_write(who, out, m.data, m.len, force)) {
            rc = 2;
        }
        free(m.data);
    }
    if (!rc && (!cs.run.ran || !cs.anat.ran))
        rc = 1;
    for (i = 0; !rc && i < MS_N; i++)
        if (cs.ms[i] && !cs.ms[i]->ok && strncmp(cs.ms[i]->err, "unsupported", 11))
            rc = 1;
    xc_free(&cs.run);
    xc_free(&cs.anat);
    return rc;
}
