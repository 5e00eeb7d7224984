/* firmware/explore_avr.c: the method matrix on the mote (docs/methods.md), run by
 * `seacurve explore --target avr` (tools/explore/avr.c) under sc-avrsim.
 *
 * On the one curve of the library (secp160r1, firmware/explore.cmake), in cycles:
 *  - field: every multi-precision multiplication method of mp_methods.h (mul and
 *    sqr of field-size operands) and every field method of fp_methods.h that
 *    applies to p (reducers: sc_fp_mul / sc_fp_sqr on the derived field;
 *    modular multiplications: their mul / sqr; inversions: their inv);
 *  - points: every scalar-multiplication method x coordinate system x window of
 *    scalarmul.h (the enumeration of tools/explore/engine.c), and the production entry
 *    points sc_ec_mul / sc_ec_mul_gen / sc_ec_mul2_var.
 * Every result is compared with the production path before it counts (a row that
 * differs prints "bad").  SC_EXPLORE_QUICK: only the rows of the papers' claims
 * (tools/explore/avr.c, "Claims"), each on more scalars.
 *
 * Console protocol, one line each, then the measurement of region 1:
 *   row <key> <scalar index>     key: field/mp/<method>/mul|sqr, field/fp/<method>/mul|sqr|inv,
 *                                var|fix|double/<method>/<system>/<w>
 *   bad <key>                    the result differed (the host marks the row FAILED)
 * and at the end "explore done <bad rows>"; exit code min(bad rows, 119). */
#include <string.h>

#include "mote.h"
#include <seacurve/seacurve.h>
#include <seacurve/ec.h>
#include <seacurve/scalarmul.h>
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <seacurve/mp_methods.h>

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

#ifdef SC_EXPLORE_QUICK
#define NSC 4
#else
#define NSC 1
#endif
#define ROW 1 /* the region id of every row */

static const sc_curve *C;
static sc_ep_aff P, Q, R, want[3][NSC];
static sc_word k1[NSC][SC_FP_MAXW], k2[NSC][SC_FP_MAXW];
static uint16_t bad_rows;
static uint32_t rng = 0x6a09e667u;

static int same(const sc_ep_aff *a, const sc_ep_aff *b)
{
    const sc_fp_field *f = C->ep->fp;
    return sc_fp_eq(a->x, b->x, f) && sc_fp_eq(a->y, b->y, f);
}

static uint8_t rnd8(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (uint8_t)(rng >> 7);
}

/* a scalar with its top bit at bits(n) - 2: 2^(b-2) <= k < 2^(b-1) < n, the domain of
 * every method (a draw of n's full length may exceed n: on secp160r1 n is just above
 * 2^160, and the co-Z ladder, for one, takes only k < n) */
static void draw_scalar(sc_word *k)
{
    const sc_fp_field *fn = C->ep->fn;
    uint16_t top = (uint16_t)(fn->bits - 2u), i;
    memset(k, 0, SC_FP_MAXW * sizeof(sc_word));
    for (i = 0; i < fn->nw; i++)
        k[i] = rnd8();
    for (i = top; i < 8u * fn->nw; i++)
        k[i / 8] &= (uint8_t)~(1u << (i % 8));
    k[top / 8] |= (uint8_t)(1u << (top % 8));
    k[0] |= 1;
}

static void key_print(const char *sec, const char *a, const char *b, const char *c)
{
    sc_mote_puts(sec);
    sc_mote_putc('/');
    sc_mote_puts(a);
    sc_mote_putc('/');
    sc_mote_puts(b);
    if (c) {
        sc_mote_putc('/');
        sc_mote_puts(c);
    }
}

static void row_start(const char *sec, const char *a, const char *b, const char *c, uint8_t i)
{
    sc_mote_print("row ");
    key_print(sec, a, b, c);
    sc_mote_putc(' ');
    sc_mote_putu32(i);
    sc_mote_putc('\n');
}

static void row_bad(const char *sec, const char *a, const char *b, const char *c)
{
    sc_mote_print("bad ");
    key_print(sec, a, b, c);
    sc_mote_putc('\n');
    bad_rows++;
}

/* ---- field ---- */

static sc_word fa[SC_FP_MAXW], fb[SC_FP_MAXW], fr[2 * SC_FP_MAXW], fw[2 * SC_FP_MAXW];
static uint8_t want_mul[SC_FP_MAXBYTES], want_sqr[SC_FP_MAXBYTES], want_inv[SC_FP_MAXBYTES];
static uint8_t ab[SC_FP_MAXBYTES], bb[SC_FP_MAXBYTES], got[SC_FP_MAXBYTES];
static sc_fp_field F;

static void field_rows(void)
{
    const sc_fp_field *fp = C->ep->fp;
    uint8_t n = fp->nw, i, len = (uint8_t)sc_fp_bytes(fp);
    size_t j;

    /* operands below p; the wanted results from the production field */
    for (i = 0; i < len; i++) {
        ab[i] = rnd8();
        bb[i] = rnd8();
    }
    ab[0] &= 0x7f;
    bb[0] &= 0x7f;
    sc_fp_from_bytes(fa, ab, len, fp);
    sc_fp_from_bytes(fb, bb, len, fp);
    sc_fp_mul(fr, fa, fb, fp);
    sc_fp_to_bytes(want_mul, fr, fp);
    sc_fp_sqr(fr, fa, fp);
    sc_fp_to_bytes(want_sqr, fr, fp);
    sc_fp_inv(fr, fa, fp);
    sc_fp_to_bytes(want_inv, fr, fp);

    /* multi-precision products of the plain operands */
    for (i = 0; i < len; i++) { /* big-endian bytes -> little-endian words */
        fa[i] = ab[len - 1 - i];
        fb[i] = bb[len - 1 - i];
    }
    sc_mp_mul_comba(fw, fa, fb, n);
    for (j = 0; j < sc_mp_method_count(); j++) {
        const sc_mp_method *m = sc_mp_method_at(j);
        row_start("field", "mp", m->name, "mul", 0);
        sc_mote_start(ROW);
        m->mul(fr, fa, fb, n);
        sc_mote_stop(ROW);
        if (memcmp(fr, fw, 2u * n * sizeof(sc_word)))
            row_bad("field", "mp", m->name, "mul");
    }
    sc_mp_sqr_comba(fw, fa, n);
    for (j = 0; j < sc_mp_method_count(); j++) {
        const sc_mp_method *m = sc_mp_method_at(j);
        row_start("field", "mp", m->name, "sqr", 0);
        sc_mote_start(ROW);
        m->sqr(fr, fa, n);
        sc_mote_stop(ROW);
        if (memcmp(fr, fw, 2u * n * sizeof(sc_word)))
            row_bad("field", "mp", m->name, "sqr");
    }

    /* field methods on the derived fields */
    for (j = 0; j < sc_fp_method_count(); j++) {
        const sc_fp_method *m = sc_fp_method_at(j);
        if (sc_fp_method_field(&F, m, fp) != SC_OK)
            continue;
        sc_fp_from_bytes(fa, ab, len, &F);
        sc_fp_from_bytes(fb, bb, len, &F);
        if (m->kind == SC_FP_METHOD_INVERSION) {
            row_start("field", "fp", m->name, "inv", 0);
            sc_mote_start(ROW);
            m->inv(fr, fa, &F);
            sc_mote_stop(ROW);
            sc_fp_to_bytes(got, fr, &F);
            if (memcmp(got, want_inv, len))
                row_bad("field", "fp", m->name, "inv");
            continue;
        }
        row_start("field", "fp", m->name, "mul", 0);
        if (m->kind == SC_FP_METHOD_REDUCER) {
            sc_mote_start(ROW);
            sc_fp_mul(fr, fa, fb, &F);
            sc_mote_stop(ROW);
        } else {
            sc_mote_start(ROW);
            m->mul(fr, fa, fb, &F);
            sc_mote_stop(ROW);
        }
        sc_fp_to_bytes(got, fr, &F);
        if (memcmp(got, want_mul, len))
            row_bad("field", "fp", m->name, "mul");
        row_start("field", "fp", m->name, "sqr", 0);
        if (m->kind == SC_FP_METHOD_REDUCER) {
            sc_mote_start(ROW);
            sc_fp_sqr(fr, fa, &F);
            sc_mote_stop(ROW);
        } else {
            sc_mote_start(ROW);
            m->sqr(fr, fa, &F);
            sc_mote_stop(ROW);
        }
        sc_fp_to_bytes(got, fr, &F);
        if (memcmp(got, want_sqr, len))
            row_bad("field", "fp", m->name, "sqr");
    }
}

/* ---- points ---- */

static const char *section(uint8_t kind)
{
    return kind == SC_SCALARMUL_VAR ? "var" : kind == SC_SCALARMUL_FIX ? "fix" : "double";
}

#ifdef SC_EXPLORE_QUICK
/* The rows of the papers' claims (tools/explore/avr.c, "Claims"). */
static int wanted(const char *sec, const char *m, const char *s, uint8_t w)
{
    static const struct { const char *sec, *m, *s; uint8_t w; } rows[] = {
        { "var", "binary_l2r", "jacobian", 0 }, { "var", "naf", "jacobian", 0 },
        { "var", "wnaf", "jacobian", 4 },       { "var", "wnaf_mixed", "jacobian", 4 },
        { "fix", "fix_sliding", "jacobian", 4 }, { "double", "shamir", "jacobian", 1 },
    };
    uint8_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (!strcmp(sec, rows[i].sec) && !strcmp(m, rows[i].m) && !strcmp(s, rows[i].s) && w == rows[i].w)
            return 1;
    return 0;
}
#endif

static sc_err run_prod(uint8_t kind, uint8_t i)
{
    sc_err e;
    sc_mote_start(ROW);
    if (kind == SC_SCALARMUL_VAR)
        e = sc_ec_mul(&R, k1[i], &P, C->ep);
    else if (kind == SC_SCALARMUL_FIX)
        e = sc_ec_mul_gen(&R, k1[i], C->ep);
    else
        e = sc_ec_mul2_var(&R, k1[i], k2[i], &Q, C->ep);
    sc_mote_stop(ROW);
    return e;
}

static sc_err run_combo(const sc_scalarmul_method *m, const sc_coords_sys *s, uint8_t w, uint8_t i)
{
    sc_err e;
    sc_mote_start(ROW);
    if (m->kind == SC_SCALARMUL_VAR)
        e = m->var(&R, k1[i], &P, w, s, C->ep);
    else if (m->kind == SC_SCALARMUL_FIX)
        e = m->fix(&R, k1[i], w, s, C->ep);
    else
        e = m->dbl(&R, k1[i], k2[i], &Q, w, s, C->ep);
    sc_mote_stop(ROW);
    return e;
}

static void point_rows(void)
{
    static const uint8_t kinds[3] = { SC_SCALARMUL_VAR, SC_SCALARMUL_FIX, SC_SCALARMUL_DOUBLE };
    char wbuf[4];
    uint8_t kk, i;
    size_t mi, si;

    for (kk = 0; kk < 3; kk++) {
        uint8_t kind = kinds[kk];
        const char *sec = section(kind);
        const char *prod = kind == SC_SCALARMUL_VAR ? "sc_ec_mul" : kind == SC_SCALARMUL_FIX ? "sc_ec_mul_gen" : "sc_ec_mul2_var";
        uint8_t ok = 1;
        for (i = 0; i < NSC; i++) {
            row_start(sec, prod, "production", "0", i);
            ok &= run_prod(kind, i) == SC_OK && same(&R, &want[kk][i]);
        }
        if (!ok)
            row_bad(sec, prod, "production", "0");
        for (mi = 0; mi < sc_scalarmul_count(); mi++) {
            const sc_scalarmul_method *m = sc_scalarmul_at(mi);
            if (m->kind != kind || !(kind == SC_SCALARMUL_VAR ? m->var != NULL : kind == SC_SCALARMUL_FIX ? m->fix != NULL : m->dbl != NULL))
                continue;
            for (si = 0; si < sc_coords_count(); si++) {
                const sc_coords_sys *s = sc_coords_at(si);
                uint8_t w, w1 = m->wmax < m->wmin ? m->wmin : m->wmax;
                if (!sc_scalarmul_supports(m, s))
                    continue;
                for (w = m->wmin; w <= w1; w++) {
#ifdef SC_EXPLORE_QUICK
                    if (!wanted(sec, m->name, s->name, w))
                        continue;
#endif
                    wbuf[0] = (char)('0' + w);
                    wbuf[1] = 0;
                    ok = 1;
                    for (i = 0; i < NSC; i++) {
                        row_start(sec, m->name, s->name, wbuf, i);
                        ok &= run_combo(m, s, w, i) == SC_OK && same(&R, &want[kk][i]);
                    }
                    if (!ok)
                        row_bad(sec, m->name, s->name, wbuf);
                }
            }
        }
    }
}

int main(void)
{
    sc_word seven[SC_FP_MAXW], five[SC_FP_MAXW];
    uint8_t i;
    sc_err e = SC_OK;

    sc_mote_calibrate();
    C = sc_curve_at(0);
    sc_mote_print("explore ");
    sc_mote_puts(C->name);
    sc_mote_print(" " SC_MOTE_MCU_NAME " scalars ");
    sc_mote_putu32(NSC);
    sc_mote_putc('\n');

    field_rows();

    memset(seven, 0, sizeof seven);
    memset(five, 0, sizeof five);
    seven[0] = 7;
    five[0] = 5;
    if (sc_ec_mul_gen(&P, seven, C->ep) != SC_OK || sc_ec_mul_gen(&Q, five, C->ep) != SC_OK)
        e = SC_ERR_ARG;
    for (i = 0; i < NSC && e == SC_OK; i++) {
        draw_scalar(k1[i]);
        draw_scalar(k2[i]);
        if (sc_ec_mul(&want[0][i], k1[i], &P, C->ep) != SC_OK || sc_ec_mul_gen(&want[1][i], k1[i], C->ep) != SC_OK ||
            sc_ec_mul2_var(&want[2][i], k1[i], k2[i], &Q, C->ep) != SC_OK)
            e = SC_ERR_ARG;
    }
    if (e != SC_OK) {
        sc_mote_print("explore setup failed\n");
        sc_mote_exit(119);
    }
    point_rows();

    sc_mote_print("explore done ");
    sc_mote_putu32(bad_rows);
    sc_mote_putc('\n');
    sc_mote_exit(bad_rows > 119 ? 119 : (uint8_t)bad_rows);
}
