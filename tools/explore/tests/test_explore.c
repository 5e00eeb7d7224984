/* test_explore: `cost` and `explore` (tools/explore).
 *
 *  1. cost --json reproduces [Kodali] Table VII (t = 160, w = 4, b = 20) from the
 *     equations: the expected values below are the paper's printed numbers
 *     (5200, 4505.6, 2680), not this tool's output; its measured rows are present.
 *  2. cost --csv (the lines of [Kodali] Fig. 1, which tools/plot/plot_cost.py draws):
 *     the header's columns, every number parses, the printed equations give Table VII
 *     at b = 20, the model rows are M + (S/M) S + b I of eq. (2), (4), (6), and the
 *     counted rows equal the JSON's and the text report's (M-eq column); the file
 *     rules (an existing -o FILE is kept without --force, replaced with it; so is an
 *     existing --png FILE), --json with --csv refused.
 *  3. explore --curve secp160r1 --quick --json runs with exit status 0: every row
 *     "ok" (checked against production, no FAILED), counts available, every
 *     method of the scalarmul / coords / mp / fp registries present; explore --csv
 *     (--no-time) has the same rows with the same counts.
 *  4. The counting build's M / S / I for binary_l2r in Jacobian coordinates on a
 *     fixed scalar equal the count derived here from the scalar's bits and the
 *     formulas' published costs (a = -3 doubling 4M + 4S, madd-2004-hmv 8M + 3S,
 *     conversion to affine I + 3M + S).
 *  5. explore --target avr --csv on a stand-in runner (a shell script printing the
 *     image's console lines): the rows, FAILED marks and cycles / ms. */
#define _POSIX_C_SOURCE 200809L
#include "countrun.h"
#include "explore.h"
#include <seacurve/curves.h>
#include <seacurve/scalarmul.h>
#include <seacurve/coords.h>
#include <seacurve/fp_methods.h>
#include <seacurve/mp_methods.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SC_EXPLORE_TEST_TMP
#define SC_EXPLORE_TEST_TMP "."
#endif

static int failures;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            failures++;                                                    \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);          \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

/* ------------------------------------------------------------------ */
/* a small JSON reader                                                 */

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct jv {
    int type;
    double num;                /* J_NUM, J_BOOL */
    char *str;                 /* J_STR */
    struct jv *kid;            /* J_ARR, J_OBJ */
    char **key;                /* J_OBJ */
    size_t n;
} jv;

static const char *jp;

static void jws(void)
{
    while (*jp == ' ' || *jp == '\n' || *jp == '\r' || *jp == '\t')
        jp++;
}

static int jparse(jv *v);

static char *jstring(void)
{
    size_t cap = 16, n = 0;
    char *s = malloc(cap);
    if (*jp != '"' || !s) {
        free(s);
        return NULL;
    }
    jp++;
    while (*jp && *jp != '"') {
        char ch = *jp++;
        if (ch == '\\') {
            ch = *jp++;
            if (ch == 'n') ch = '\n';
            else if (ch == 't') ch = '\t';
            else if (ch == 'u') {
                unsigned u = 0;
                int i;
                for (i = 0; i < 4 && *jp; i++, jp++)
                    u = u * 16 + (unsigned)(*jp <= '9' ? *jp - '0' : (*jp | 32) - 'a' + 10);
                ch = (char)(u < 128 ? u : '?');
            }
        }
        if (n + 2 > cap) {
            char *t = realloc(s, cap *= 2);
            if (!t) {
                free(s);
                return NULL;
            }
            s = t;
        }
        s[n++] = ch;
    }
    if (*jp != '"') {
        free(s);
        return NULL;
    }
    jp++;
    s[n] = 0;
    return s;
}

static int jparse(jv *v)
{
    memset(v, 0, sizeof *v);
    jws();
    if (*jp == '{' || *jp == '[') {
        int obj = *jp == '{';
        char close = obj ? '}' : ']';
        v->type = obj ? J_OBJ : J_ARR;
        jp++;
        jws();
        if (*jp == close) {
            jp++;
            return 0;
        }
        for (;;) {
            jv *nk = realloc(v->kid, (v->n + 1) * sizeof *nk);
            if (!nk)
                return -1;
            v->kid = nk;
            if (obj) {
                char **nkey = realloc(v->key, (v->n + 1) * sizeof *nkey);
                if (!nkey)
                    return -1;
                v->key = nkey;
                jws();
                if (!(v->key[v->n] = jstring()))
                    return -1;
                jws();
                if (*jp++ != ':')
                    return -1;
            }
            if (jparse(&v->kid[v->n]))
                return -1;
            v->n++;
            jws();
            if (*jp == ',') {
                jp++;
                continue;
            }
            if (*jp == close) {
                jp++;
                return 0;
            }
            return -1;
        }
    }
    if (*jp == '"') {
        v->type = J_STR;
        return (v->str = jstring()) ? 0 : -1;
    }
    if (!strncmp(jp, "true", 4) || !strncmp(jp, "false", 5)) {
        v->type = J_BOOL;
        v->num = *jp == 't';
        jp += *jp == 't' ? 4 : 5;
        return 0;
    }
    if (!strncmp(jp, "null", 4)) {
        jp += 4;
        return 0;
    }
    {
        char *end;
        v->type = J_NUM;
        v->num = strtod(jp, &end);
        if (end == jp)
            return -1;
        jp = end;
        return 0;
    }
}

static void jfree(jv *v)
{
    size_t i;
    for (i = 0; i < v->n; i++) {
        jfree(&v->kid[i]);
        if (v->key)
            free(v->key[i]);
    }
    free(v->kid);
    free(v->key);
    free(v->str);
}

static const jv *jget(const jv *v, const char *key)
{
    size_t i;
    if (!v || v->type != J_OBJ)
        return NULL;
    for (i = 0; i < v->n; i++)
        if (!strcmp(v->key[i], key))
            return &v->kid[i];
    return NULL;
}

static double jnum(const jv *v, const char *key, double dflt)
{
    const jv *x = jget(v, key);
    return x && (x->type == J_NUM || x->type == J_BOOL) ? x->num : dflt;
}

static const char *jstr(const jv *v, const char *key)
{
    const jv *x = jget(v, key);
    return x && x->type == J_STR ? x->str : "";
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n + 1);
        if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
        if (buf) {
            buf[n] = 0;
            if (len)
                *len = (size_t)n;
        }
    }
    fclose(f);
    return buf;
}

static int load_json(jv *root, const char *path)
{
    char *text = slurp(path, NULL);
    int rc;
    if (!text)
        return -1;
    jp = text;
    rc = jparse(root);
    jws();
    if (*jp)
        rc = -1;
    free(text);
    return rc;
}

/* ------------------------------------------------------------------ */
/* a small CSV reader (no quoted fields: the tools write none)         */

typedef struct csv {
    char **cell;               /* rows x cols, row 0 the header */
    size_t rows, cols;
    char *text;
} csv;

static int load_csv(csv *c, const char *path)
{
    char *p, *line;
    size_t cap = 0;
    memset(c, 0, sizeof *c);
    if (!(c->text = slurp(path, NULL)))
        return -1;
    for (p = c->text; *p; p++)
        if (*p == '"' || *p == '\r')
            return -1;
    for (line = c->text; *line;) {
        char *end = strchr(line, '\n'), *q;
        size_t n = 1, k;
        if (!end)
            return -1;   /* every line ends with \n */
        *end = 0;
        for (q = line; *q; q++)
            n += *q == ',';
        if (c->rows == 0)
            c->cols = n;
        else if (n != c->cols)
            return -1;
        if ((c->rows + 1) * c->cols > cap) {
            char **nc = realloc(c->cell, (cap = 2 * (c->rows + 1) * c->cols) * sizeof *nc);
            if (!nc)
                return -1;
            c->cell = nc;
        }
        for (k = 0, q = line; k < n; k++) {
            char *comma = strchr(q, ',');
            c->cell[c->rows * c->cols + k] = q;
            if (comma) {
                *comma = 0;
                q = comma + 1;
            }
        }
        c->rows++;
        line = end + 1;
    }
    return c->rows ? 0 : -1;
}

static void csv_free(csv *c)
{
    free(c->cell);
    free(c->text);
}

static int csv_col(const csv *c, const char *name)
{
    size_t k;
    for (k = 0; k < c->cols; k++)
        if (!strcmp(c->cell[k], name))
            return (int)k;
    return -1;
}

static const char *csv_get(const csv *c, size_t row, const char *name)
{
    int k = csv_col(c, name);
    return k < 0 || row >= c->rows ? "" : c->cell[row * c->cols + (size_t)k];
}

/* the number in a cell: 1 if it is one (the whole cell), 0 if empty, -1 if not a number */
static int csv_num(const csv *c, size_t row, const char *name, double *v)
{
    const char *s = csv_get(c, row, name);
    char *end;
    if (!*s)
        return 0;
    *v = strtod(s, &end);
    return *end || end == s ? -1 : 1;
}

static double csv_val(const csv *c, size_t row, const char *name)
{
    double v = NAN;
    return csv_num(c, row, name, &v) == 1 ? v : NAN;
}

/* the row whose column col is val (and, if col2, col2 is val2); rows if none */
static size_t csv_find(const csv *c, const char *col, const char *val, const char *col2, const char *val2)
{
    size_t r;
    for (r = 1; r < c->rows; r++)
        if (!strcmp(csv_get(c, r, col), val) && (!col2 || !strcmp(csv_get(c, r, col2), val2)))
            return r;
    return c->rows;
}

/* ------------------------------------------------------------------ */
/* 1. cost: Table VII                                                  */

static void test_cost(const char *json)
{
    char *argv[] = { "cost", "--json", "-o", (char *)json, NULL };
    jv root;
    const jv *t7, *model, *meas, *rows, *lines;
    size_t i;
    int rc;
    remove(json);
    rc = sc_cost_main(4, argv, "test_explore");
    CHECK(rc == 0, "cost exit status %d", rc);
    if (load_json(&root, json)) {
        CHECK(0, "cost: unreadable JSON %s", json);
        return;
    }
    t7 = jget(&root, "table7");
    model = jget(t7, "model");
    /* [Kodali] Table VII: Double and Add 5200, Width-w NAF 4505.6, Mixed Coordinate wNAF 2680 */
    CHECK(fabs(jnum(model, "double_and_add", -1) - 5200.0) < 0.05, "Table VII D&A %g", jnum(model, "double_and_add", -1));
    CHECK(fabs(jnum(model, "wnaf", -1) - 4505.6) < 0.05, "Table VII wNAF %g", jnum(model, "wnaf", -1));
    CHECK(fabs(jnum(model, "mixed_wnaf", -1) - 2680.0) < 0.05, "Table VII mixed %g", jnum(model, "mixed_wnaf", -1));
    /* eq. (10)-(12): M(400 + 240b), M(665.6 + 192b), M(2040 + 32b) at the defaults t = 160, w = 4 */
    model = jget(&root, "model");
    CHECK(fabs(jnum(jget(model, "double_and_add"), "a", -1) - 400) < 1e-6 &&
              fabs(jnum(jget(model, "double_and_add"), "b_coef", -1) - 240) < 1e-6, "eq. (11)");
    CHECK(fabs(jnum(jget(model, "wnaf"), "a", -1) - 665.6) < 1e-6 &&
              fabs(jnum(jget(model, "wnaf"), "b_coef", -1) - 192) < 1e-6, "eq. (12)");
    CHECK(fabs(jnum(jget(model, "mixed_wnaf"), "a", -1) - 2040) < 1e-6 &&
              fabs(jnum(jget(model, "mixed_wnaf"), "b_coef", -1) - 32) < 1e-6, "eq. (10)");
    /* the paper's reductions: 48.4% against double-and-add */
    CHECK(fabs(jnum(t7, "reduction_vs_da", -1) - 0.484) < 0.001, "reduction %g", jnum(t7, "reduction_vs_da", -1));
    meas = jget(&root, "measured");
    CHECK(jnum(meas, "available", 0) == 1, "cost: counts unavailable");
    rows = jget(meas, "rows");
    CHECK(rows && rows->type == J_ARR && rows->n >= 3, "cost: measured rows");
    for (i = 0; rows && i < rows->n && i < 3; i++) {
        const jv *r = &rows->kid[i];
        CHECK(!strcmp(jstr(r, "status"), "ok"), "cost: %s %s", jstr(r, "key"), jstr(r, "status"));
        CHECK(jnum(r, "M", 0) > 0, "cost: %s no M", jstr(r, "key"));
    }
    /* affine double-and-add: about 1.5 t inversions (t - 1 doublings, t/2 - 1 additions, 1 conversion) */
    if (rows && rows->n >= 1) {
        double inv = jnum(&rows->kid[0], "I", 0);
        CHECK(inv > 200 && inv < 280, "affine double-and-add: %g inversions", inv);
    }
    CHECK(jnum(jget(&root, "fixed_base_anatomy"), "available", 0) == 1, "[WM-ECC] anatomy: counts unavailable");
    lines = jget(&root, "fig1_lines");
    CHECK(lines && lines->type == J_ARR && lines->n == 10, "cost: fig1_lines (%zu)", lines ? lines->n : 0);
    jfree(&root);
}

/* ------------------------------------------------------------------ */
/* 2. cost --csv: the lines of Fig. 1                                  */

static const char *const cost_cols[] = { "source", "method", "eq", "key", "curve", "scalars", "t", "w", "sm", "im",
                                         "status", "I", "M", "S", "A", "C", "W", "a", "slope", "meq" };

/* The M-eq column of the text report's measured row for key (the next-to-last number). */
static double text_meq(const char *text, const char *key)
{
    const char *p = strstr(text, "\nmeasured:"), *l;
    double v[16];
    int n = 0;
    char *end;
    if (!p || !(l = strstr(p, key)))
        return NAN;
    l += strlen(key);
    while (*l && *l != '\n' && n < 16) {
        double x = strtod(l, &end);
        if (end == l) {
            l++;
            continue;
        }
        v[n++] = x;
        l = end;
    }
    return n >= 2 ? v[n - 2] : NAN;
}

static void test_cost_csv(const char *dir, const char *json)
{
    char cc[1024], ct[1024];
    char *argv_csv[] = { "cost", "--csv", "-o", cc, NULL };
    char *argv_txt[] = { "cost", "-o", ct, NULL };
    csv c;
    jv root;
    const jv *jrows = NULL;
    char *text;
    size_t i, r;
    int rc, nprinted = 0, nmodel = 0, ncounted = 0;
    snprintf(cc, sizeof cc, "%s/test_cost.csv", dir);
    snprintf(ct, sizeof ct, "%s/test_cost.txt", dir);
    remove(cc);
    remove(ct);
    rc = sc_cost_main(4, argv_csv, "test_explore");
    CHECK(rc == 0, "cost --csv exit status %d", rc);
    rc = sc_cost_main(3, argv_txt, "test_explore");
    CHECK(rc == 0, "cost (text) exit status %d", rc);
    if (load_csv(&c, cc)) {
        CHECK(0, "cost: unreadable CSV %s (every line the same number of fields, no quotes)", cc);
        return;
    }
    text = slurp(ct, NULL);
    CHECK(text != NULL, "cost: no text report %s", ct);
    if (!load_json(&root, json))
        jrows = jget(jget(&root, "measured"), "rows");
    else
        memset(&root, 0, sizeof root);
    for (i = 0; i < sizeof cost_cols / sizeof cost_cols[0]; i++)
        CHECK(csv_col(&c, cost_cols[i]) == (int)i, "cost --csv: column %zu is not %s", i, cost_cols[i]);
    CHECK(c.cols == sizeof cost_cols / sizeof cost_cols[0], "cost --csv: %zu columns", c.cols);
    CHECK(c.rows == 11, "cost --csv: %zu lines (header + 10)", c.rows);
    for (r = 1; r < c.rows; r++) {
        const char *src = csv_get(&c, r, "source"), *meth = csv_get(&c, r, "method");
        double v, a = csv_val(&c, r, "a"), slope = csv_val(&c, r, "slope"), meq = csv_val(&c, r, "meq");
        for (i = 5; i < c.cols; i++)
            if (strcmp(cost_cols[i], "status"))
                CHECK(csv_num(&c, r, cost_cols[i], &v) >= 0, "cost --csv: line %zu %s '%s' is not a number", r,
                      cost_cols[i], csv_get(&c, r, cost_cols[i]));
        CHECK(csv_val(&c, r, "t") == 160 && csv_val(&c, r, "w") == 4 && csv_val(&c, r, "sm") == 0.8 &&
                  csv_val(&c, r, "im") == 20, "cost --csv: line %zu parameters", r);
        CHECK(!strcmp(csv_get(&c, r, "status"), "ok"), "cost --csv: %s %s %s", src, meth, csv_get(&c, r, "status"));
        CHECK(fabs(a + 20 * slope - meq) < 1e-6 * (1 + meq), "cost --csv: line %zu meq %g != a + 20 slope", r, meq);
        if (!strcmp(src, "printed")) {
            /* eq. (7)-(9) at t = 160, w = 4: Table VII at b = 20 */
            static const struct { const char *m, *eq; double a, slope, t7; } want[3] = {
                { "double_and_add", "8", 400, 240, 5200 }, { "wnaf", "9", 665.6, 192, 4505.6 },
                { "mixed_wnaf", "7", 2040, 32, 2680 } };
            for (i = 0; i < 3; i++)
                if (!strcmp(meth, want[i].m)) {
                    nprinted++;
                    CHECK(!strcmp(csv_get(&c, r, "eq"), want[i].eq), "cost --csv: %s printed as eq. %s", meth,
                          csv_get(&c, r, "eq"));
                    CHECK(fabs(a - want[i].a) < 1e-6 && fabs(slope - want[i].slope) < 1e-6 &&
                              fabs(meq - want[i].t7) < 1e-6, "cost --csv: %s printed %g + %g b = %g", meth, a, slope, meq);
                }
        } else if (!strcmp(src, "model")) {
            double I = csv_val(&c, r, "I"), M = csv_val(&c, r, "M"), S = csv_val(&c, r, "S");
            nmodel++;
            CHECK(fabs(M + 0.8 * S - a) < 1e-6 && I == slope, "cost --csv: model %s a %g slope %g", meth, a, slope);
            if (!strcmp(meth, "double_and_add"))   /* eq. (4) at S/M = 0.8: M(3b + 10)t/2, 5600 at b = 20 */
                CHECK(fabs(meq - 5600) < 1e-6 && csv_val(&c, r, "I") == 240, "cost --csv: eq. (4) %g", meq);
        } else if (!strcmp(src, "counted")) {
            const char *key = csv_get(&c, r, "key");
            double I = csv_val(&c, r, "I"), M = csv_val(&c, r, "M"), S = csv_val(&c, r, "S"), tm;
            ncounted++;
            CHECK(!strcmp(csv_get(&c, r, "curve"), "secp160r1") && csv_val(&c, r, "scalars") == 16,
                  "cost --csv: %s counted on %s, %s scalars", key, csv_get(&c, r, "curve"), csv_get(&c, r, "scalars"));
            CHECK(fabs(M + 0.8 * S - a) < 1e-6 * (1 + a) && I == slope && M > 0, "cost --csv: counted %s", key);
            CHECK(csv_num(&c, r, "A", &tm) == 1 && csv_num(&c, r, "C", &tm) == 1 && csv_num(&c, r, "W", &tm) == 1,
                  "cost --csv: counted %s without A, C, W", key);
            /* the same numbers as the JSON report's and the text report's */
            for (i = 0; jrows && i < jrows->n; i++)
                if (!strcmp(jstr(&jrows->kid[i], "key"), key))
                    break;
            CHECK(jrows && i < jrows->n, "cost --csv: %s not in the JSON", key);
            if (jrows && i < jrows->n)
                CHECK(fabs(jnum(&jrows->kid[i], "M", -1) - M) < 1e-3 && fabs(jnum(&jrows->kid[i], "I", -1) - I) < 1e-3 &&
                          fabs(jnum(&jrows->kid[i], "meq", -1) - meq) < 0.01, "cost --csv: %s differs from the JSON", key);
            tm = text ? text_meq(text, key) : NAN;
            CHECK(fabs(tm - meq) < 0.051, "cost --csv: %s M-eq %g, text report %g", key, meq, tm);
        } else {
            CHECK(0, "cost --csv: source '%s'", src);
        }
    }
    CHECK(nprinted == 3 && nmodel == 3 && ncounted == 4, "cost --csv: %d printed, %d model, %d counted lines", nprinted,
          nmodel, ncounted);
    /* the text report's Table VII line holds the same numbers */
    CHECK(text && strstr(text, "Mixed Coordinate wNAF (eq. 7/10)") && strstr(text, "2680.0     2680.0"),
          "cost: Table VII in the text report");
    CHECK(text && strstr(text, "[Kodali]") && strstr(text, "[WM-ECC] (Wang et al.) sec. 4.1.2"),
          "cost: the text report names the papers by their keys");
    csv_free(&c);
    free(text);
    jfree(&root);

    /* the file rules: an existing -o FILE is kept without --force (checked before the work),
     * replaced with it; --png onto an existing file is refused before the work, by the same
     * rule (drawing it needs python3 and matplotlib: the ctest cli does); --json with --csv is
     * refused */
    {
        char *argv_keep[] = { "cost", "--csv", "-o", cc, "--scalars", "2", NULL };
        char *argv_force[] = { "cost", "--csv", "-o", cc, "--scalars", "2", "--force", NULL };
        char *argv_png[] = { "cost", "--png", ct, NULL };
        char *argv_both[] = { "cost", "--csv", "--json", NULL };
        FILE *f = fopen(cc, "w");
        char *back;
        if (f) {
            fputs("keep me\n", f);
            fclose(f);
        }
        rc = sc_cost_main(6, argv_keep, "test_explore");
        back = slurp(cc, NULL);
        CHECK(rc == 2 && back && !strcmp(back, "keep me\n"), "cost -o EXISTING without --force: rc %d, file %s", rc,
              back && !strcmp(back, "keep me\n") ? "kept" : "changed");
        free(back);
        rc = sc_cost_main(7, argv_force, "test_explore");
        back = slurp(cc, NULL);
        CHECK(rc == 0 && back && !strncmp(back, "source,method,", 14), "cost -o EXISTING --force: rc %d", rc);
        free(back);
        rc = sc_cost_main(3, argv_png, "test_explore");
        back = slurp(ct, NULL);
        CHECK(rc == 2 && back && strstr(back, "[Kodali]"), "cost --png EXISTING without --force: rc %d, file %s", rc,
              back && strstr(back, "[Kodali]") ? "kept" : "changed");
        free(back);
        rc = sc_cost_main(3, argv_both, "test_explore");
        CHECK(rc == 2, "cost --csv --json: exit status %d, want 2", rc);
    }
}

/* ------------------------------------------------------------------ */
/* 3. explore                                                          */

static int has_name(const jv *arr, const char *field, const char *name)
{
    size_t i;
    for (i = 0; arr && i < arr->n; i++)
        if (!strcmp(jstr(&arr->kid[i], field), name))
            return 1;
    return 0;
}

static void test_explore(const char *json, const char *csvpath)
{
    /* S/M and I/M given: the CSV run (not timed) gets the same M-eq */
    char *argv[] = { "explore", "--curve", "secp160r1", "--quick", "--sm", "0.8", "--im", "100", "--json", "-o",
                     (char *)json, NULL };
    char *argv_csv[] = { "explore", "--curve", "secp160r1", "--no-time", "--sm", "0.8", "--im", "100", "--csv", "-o",
                         (char *)csvpath, NULL };
    char *argv_png[] = { "explore", "--curve", "secp160r1", "--png", "x.png", NULL };
    jv root;
    const jv *rows, *mp, *fp;
    csv c;
    size_t i, j, bad = 0;
    int rc;
    remove(json);
    remove(csvpath);
    rc = sc_explore_main(11, argv, "test_explore");
    CHECK(rc == 0, "explore exit status %d", rc);
    if (load_json(&root, json)) {
        CHECK(0, "explore: unreadable JSON %s", json);
        return;
    }
    CHECK(!strcmp(jstr(&root, "curve"), "secp160r1"), "explore: curve");
    CHECK(jnum(jget(&root, "counts"), "available", 0) == 1, "explore: counts unavailable");
    rows = jget(&root, "rows");
    mp = jget(&root, "mp");
    fp = jget(&root, "fp");
    CHECK(rows && rows->type == J_ARR && rows->n > 50, "explore: rows");
    for (i = 0; rows && i < rows->n; i++) {
        const jv *r = &rows->kid[i];
        if (strcmp(jstr(r, "status"), "ok")) {
            if (bad++ < 20)
                CHECK(0, "explore: %s %s %s", jstr(r, "key"), jstr(r, "status"), jstr(r, "error"));
        }
        CHECK(jget(r, "M") && jget(r, "S") && jget(r, "I") && jget(r, "meq"), "explore: %s has no counts",
              jstr(r, "key"));
        CHECK(jnum(r, "ns", 0) > 0, "explore: %s not timed", jstr(r, "key"));
    }
    CHECK(bad == 0, "explore: %zu rows not ok", bad);
    /* every registry method appears */
    for (i = 0; i < sc_scalarmul_count(); i++) {
        const sc_scalarmul_method *m = sc_scalarmul_at(i);
        int runs = 0;
        for (j = 0; j < sc_coords_count(); j++)
            runs |= sc_scalarmul_supports(m, sc_coords_at(j));
        CHECK(!runs || has_name(rows, "method", m->name), "explore: scalarmul method %s missing", m->name);
    }
    for (j = 0; j < sc_coords_count(); j++)
        CHECK(has_name(rows, "system", sc_coords_at(j)->name), "explore: system %s missing", sc_coords_at(j)->name);
    for (i = 0; i < sc_mp_method_count(); i++) {
        CHECK(has_name(mp, "name", sc_mp_method_at(i)->name), "explore: mp method %s missing", sc_mp_method_at(i)->name);
    }
    for (i = 0; mp && i < mp->n; i++)
        CHECK(jnum(&mp->kid[i], "failed", 1) == 0 && jnum(&mp->kid[i], "mul_ns", 0) > 0, "explore: mp %s",
              jstr(&mp->kid[i], "name"));
    for (i = 0; i < sc_fp_method_count(); i++)
        CHECK(has_name(fp, "name", sc_fp_method_at(i)->name), "explore: fp method %s missing", sc_fp_method_at(i)->name);
    for (i = 0; fp && i < fp->n; i++)
        CHECK(jnum(&fp->kid[i], "failed", 1) == 0, "explore: fp %s failed", jstr(&fp->kid[i], "name"));

    /* --csv: the same rows, the same counts */
    rc = sc_explore_main(11, argv_csv, "test_explore");
    CHECK(rc == 0, "explore --csv exit status %d", rc);
    if (load_csv(&c, csvpath)) {
        CHECK(0, "explore: unreadable CSV %s", csvpath);
    } else {
        static const char *const cols[] = { "curve", "section", "key", "method", "system", "w", "ct", "production",
                                            "status", "M", "S", "I", "A", "C", "W", "sm", "im", "meq", "ns", "cycles",
                                            "fastest", "fastest_ct", "cheapest" };
        for (j = 0; j < sizeof cols / sizeof cols[0]; j++)
            CHECK(csv_col(&c, cols[j]) == (int)j, "explore --csv: column %zu is not %s", j, cols[j]);
        CHECK(rows && c.rows == rows->n + 1, "explore --csv: %zu lines for %zu rows", c.rows, rows ? rows->n : 0);
        for (i = 0; rows && i < rows->n; i++) {
            const jv *r = &rows->kid[i];
            size_t k = csv_find(&c, "key", jstr(r, "key"), NULL, NULL);
            double v;
            if (k == c.rows) {
                CHECK(0, "explore --csv: %s missing", jstr(r, "key"));
                continue;
            }
            for (j = 5; j < sizeof cols / sizeof cols[0]; j++)
                if (strcmp(cols[j], "status"))
                    CHECK(csv_num(&c, k, cols[j], &v) >= 0, "explore --csv: %s %s '%s'", jstr(r, "key"), cols[j],
                          csv_get(&c, k, cols[j]));
            CHECK(!strcmp(csv_get(&c, k, "status"), "ok"), "explore --csv: %s %s", jstr(r, "key"),
                  csv_get(&c, k, "status"));
            CHECK(!strcmp(csv_get(&c, k, "method"), jstr(r, "method")) &&
                      !strcmp(csv_get(&c, k, "system"), jstr(r, "system")) &&
                      !strcmp(csv_get(&c, k, "section"), jstr(r, "section")),
                  "explore --csv: %s names", jstr(r, "key"));
            CHECK(fabs(csv_val(&c, k, "M") - jnum(r, "M", -1)) < 1e-3 && fabs(csv_val(&c, k, "S") - jnum(r, "S", -1)) < 1e-3 &&
                      fabs(csv_val(&c, k, "I") - jnum(r, "I", -1)) < 1e-3 &&
                      fabs(csv_val(&c, k, "meq") - jnum(r, "meq", -1)) < 0.01,
                  "explore --csv: %s counts differ from the JSON", jstr(r, "key"));
            CHECK(csv_num(&c, k, "ns", &v) == 0, "explore --csv --no-time: %s has a time", jstr(r, "key"));
        }
        csv_free(&c);
    }
    rc = sc_explore_main(5, argv_png, "test_explore");
    CHECK(rc == 2, "explore --png: exit status %d, want 2", rc);
    jfree(&root);
}

/* ------------------------------------------------------------------ */
/* 5. explore --target avr --csv, on a stand-in runner                 */

static void test_avr_csv(const char *dir)
{
    char sim[1024], out[1024];
    char *argv[] = { "explore", "--target", "avr", "--csv", "--sim", sim, "--elf", sim, "-o", out, NULL };
    FILE *f;
    csv c;
    size_t r;
    int rc;
    snprintf(sim, sizeof sim, "%s/test_fake_avrsim.sh", dir);
    snprintf(out, sizeof out, "%s/test_avr.csv", dir);
    remove(out);
    if (!(f = fopen(sim, "w"))) {
        CHECK(0, "cannot write %s", sim);
        return;
    }
    /* the console of firmware/explore_avr.c and the runner's region / exit lines */
    fputs("#!/bin/sh\n"
          "echo 'explore secp160r1 atmega1281 scalars 1'\n"
          "echo 'row field/mp/comba/mul 0'\necho 'avrsim region 1 cycles 1000 stack 10'\n"
          "echo 'row field/fp/secp160r1/mul 0'\necho 'avrsim region 1 cycles 3000 stack 10'\n"
          "echo 'row var/wnaf/jacobian/4 0'\necho 'avrsim region 1 cycles 7372800 stack 10'\n"
          "echo 'row var/naf/jacobian/0 0'\necho 'avrsim region 1 cycles 5 stack 10'\n"
          "echo 'bad var/naf/jacobian/0'\n"
          "echo 'explore done 1'\necho 'avrsim exit 1 cycles 123456'\nexit 1\n", f);
    fclose(f);
    chmod(sim, 0755);
    rc = sc_explore_main(10, argv, "test_explore");
    CHECK(rc == 1, "explore --target avr --csv: exit status %d, want 1 (one row FAILED)", rc);
    if (load_csv(&c, out)) {
        CHECK(0, "explore --target avr: unreadable CSV %s", out);
        return;
    }
    CHECK(c.rows == 5 && csv_col(&c, "mcu") == 0 && csv_col(&c, "cycles") >= 0 && csv_col(&c, "ms") >= 0,
          "explore --target avr --csv: %zu lines", c.rows);
    r = csv_find(&c, "key", "var/wnaf/jacobian/4", NULL, NULL);
    CHECK(r < c.rows && !strcmp(csv_get(&c, r, "mcu"), "atmega1281") && !strcmp(csv_get(&c, r, "section"), "var") &&
              !strcmp(csv_get(&c, r, "method"), "wnaf") && !strcmp(csv_get(&c, r, "system"), "jacobian") &&
              csv_val(&c, r, "w") == 4 && csv_val(&c, r, "cycles") == 7372800 && fabs(csv_val(&c, r, "ms") - 1000) < 1e-6,
          "explore --target avr --csv: the wnaf row");
    r = csv_find(&c, "key", "var/naf/jacobian/0", NULL, NULL);
    CHECK(r < c.rows && !strcmp(csv_get(&c, r, "status"), "FAILED") && !*csv_get(&c, r, "cycles"),
          "explore --target avr --csv: the FAILED row");
    r = csv_find(&c, "key", "field/fp/secp160r1/mul", NULL, NULL);
    CHECK(r < c.rows && !strcmp(csv_get(&c, r, "section"), "fp") && !strcmp(csv_get(&c, r, "op"), "mul") &&
              csv_val(&c, r, "cycles") == 3000, "explore --target avr --csv: the fp row");
    csv_free(&c);
}

/* ------------------------------------------------------------------ */
/* 4. counted binary method against the formula costs                  */

static void test_binary_count(void)
{
    /* a fixed 160-bit scalar below n of secp160r1 */
    static const char hex[] = "c0ffee0123456789abcdef0fedcba98765432100";
    const char *args[] = { "--curve", "secp160r1", "--scalar", hex, "--only", "var/binary_l2r/jacobian/0", NULL };
    xc_result r;
    const xc_entry *e;
    size_t i, t = 0, wt = 0;
    long want_m, want_s;
    for (i = 0; i < strlen(hex) * 4; i++) {
        char ch = hex[strlen(hex) - 1 - i / 4];
        unsigned v = (unsigned)(ch <= '9' ? ch - '0' : ch - 'a' + 10);
        if (v >> (i % 4) & 1) {
            t = i + 1;
            wt++;
        }
    }
    /* (t - 1) doublings (a = -3: dbl-2001-b with Z3 = 2YZ as a multiplication: 4M + 4S, also
     * [WM-ECC]'s count), wt - 1 mixed additions (madd-2004-hmv, Guide Alg. 3.22: 8M + 3S),
     * the conversion to affine (I + 3M + S) */
    want_m = 4L * (long)(t - 1) + 8L * (long)(wt - 1) + 3;
    want_s = 4L * (long)(t - 1) + 3L * (long)(wt - 1) + 1;
    xc_run(&r, NULL, args);
    CHECK(r.ran, "sc-explore-count: %s", r.err);
    e = xc_find(&r, "var/binary_l2r/jacobian/0");
    CHECK(e && e->ok, "binary_l2r/jacobian not counted (%s)", e ? e->err : "missing");
    if (e && e->ok) {
        CHECK(e->v[XC_M] == (double)want_m, "binary_l2r jacobian: M %g, want %ld (t %zu, wt %zu)", e->v[XC_M], want_m, t,
              wt);
        CHECK(e->v[XC_S] == (double)want_s, "binary_l2r jacobian: S %g, want %ld", e->v[XC_S], want_s);
        CHECK(e->v[XC_I] == 1.0, "binary_l2r jacobian: I %g, want 1", e->v[XC_I]);
    }
    xc_free(&r);
}

int main(void)
{
    const char *dir = getenv("SC_EXPLORE_TEST_DIR") ? getenv("SC_EXPLORE_TEST_DIR") : SC_EXPLORE_TEST_TMP;
    char cj[1024], ej[1024], ec[1024];
    snprintf(cj, sizeof cj, "%s/test_cost.json", dir);
    snprintf(ej, sizeof ej, "%s/test_explore.json", dir);
    snprintf(ec, sizeof ec, "%s/test_explore.csv", dir);
    test_binary_count();
    test_cost(cj);
    test_cost_csv(dir, cj);
    test_avr_csv(dir);
    test_explore(ej, ec);
    if (failures) {
        fprintf(stderr, "test_explore: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_explore: ok\n");
    return 0;
}
