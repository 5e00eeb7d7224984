/* Montgomery multiplication methods (fp_methods.h): separated, SOS, CIOS
 * and FIPS, at every limb width.
 *
 * Montgomery, "Modular multiplication without trial division", Math. Comp.
 * 44 (1985); the word-level variants are those of Koc, Acar, Kaliski,
 * "Analyzing and comparing Montgomery multiplication algorithms", IEEE
 * Micro 16(3), 1996 (SOS, CIOS, FIPS), FIPS as in [OPF] (Zhang,
 * Grossschaedl), Alg. 1.  All need f->mont and f->pinv = -p^-1 mod 2^W;
 * inputs a, b < p give a result < 2p before the final subtraction, which is
 * selected by a mask (constant time).  Every loop bound is the public word
 * count s = f->nw.
 *
 * Word arithmetic: a product plus two words fits a double word
 * ((2^W - 1)^2 + 2 (2^W - 1) = 2^(2W) - 1).  Products are formed in sc_dword
 * (unsigned at every width: at 8 bits the operands promote to int, whose
 * range holds 255 * 255 + 2 * 255). */
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>
#include <seacurve/opcount.h>
#include "reduce_mont.h"
#include "util/dword.h"

#define W SC_WORD_BITS

/* r (s words) = x (s words) + top * 2^(sW), minus p if that is >= p; x < 2p. */
static void mont_final(sc_word *r, const sc_word *x, sc_word top, const sc_fp_field *f)
{
    size_t s = f->nw, i;
    sc_word d[SC_FP_MAXW], bw, mask;
    bw = sc_mp_sub(d, x, f->p, s);
    mask = (sc_word)((sc_word)0 - (sc_word)(top | (sc_word)(bw ^ 1u)));
    for (i = 0; i < s; i++)
        r[i] = (sc_word)(x[i] ^ (mask & (x[i] ^ d[i])));
}

/* ---- separated: the library product, then REDC ---- */

void sc_fp_mont_mul_sep(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    sc_word t[2 * SC_FP_MAXW];
    SC_OPC(mul, 1);
    sc_mp_mul(t, a, b, f->nw);
    sc_fp_reduce_mont(r, t, f);
}

void sc_fp_mont_sqr_sep(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_word t[2 * SC_FP_MAXW];
    SC_OPC(sqr, 1);
    sc_mp_sqr(t, a, f->nw);
    sc_fp_reduce_mont(r, t, f);
}

/* ---- SOS ---- */

/* t (2s + 1 words, t[2s] = 0 on entry) -> r: s rows t += m p 2^(iW),
 * m = t_i pinv, each row's carry rippled up to the top word (Koc's ADD). */
static void sos_reduce(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    size_t s = f->nw, i, j;
    for (i = 0; i < s; i++) {
        sc_word m = (sc_word)((sc_dword)t[i] * f->pinv), c = 0;
        for (j = 0; j < s; j++) {
            sc_dword x = (sc_dword)((sc_dword)m * f->p[j] + t[i + j] + c);
            t[i + j] = (sc_word)x;
            c = (sc_word)(x >> W);
        }
        for (j = i + s; j <= 2 * s; j++) {
            sc_dword x = (sc_dword)((sc_dword)t[j] + c);
            t[j] = (sc_word)x;
            c = (sc_word)(x >> W);
        }
    }
    mont_final(r, t + s, t[2 * s], f);
}

void sc_fp_mont_mul_sos(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    size_t s = f->nw, i, j;
    sc_word t[2 * SC_FP_MAXW + 1];
    SC_OPC(mul, 1);
    SC_OPC_W(2 * s * s + s);
    for (i = 0; i <= 2 * s; i++)
        t[i] = 0;
    for (i = 0; i < s; i++) {
        sc_word c = 0;
        for (j = 0; j < s; j++) {
            sc_dword x = (sc_dword)((sc_dword)a[j] * b[i] + t[i + j] + c);
            t[i + j] = (sc_word)x;
            c = (sc_word)(x >> W);
        }
        t[i + s] = c;
    }
    sos_reduce(r, t, f);
    sc_memzero(t, sizeof t);
}

/* Squaring: the cross products a_i a_j (i < j) once, doubled by a shift of
 * the whole row sum, then the squares a_i^2 on the diagonal. */
void sc_fp_mont_sqr_sos(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    size_t s = f->nw, i, j;
    sc_word t[2 * SC_FP_MAXW + 1], c;
    SC_OPC(sqr, 1);
    SC_OPC_W(s * (s + 1) / 2 + s * s + s);
    for (i = 0; i <= 2 * s; i++)
        t[i] = 0;
    for (i = 0; i + 1 < s; i++) {
        c = 0;
        for (j = i + 1; j < s; j++) {
            sc_dword x = (sc_dword)((sc_dword)a[j] * a[i] + t[i + j] + c);
            t[i + j] = (sc_word)x;
            c = (sc_word)(x >> W);
        }
        t[i + s] = c;
    }
    sc_mp_shl1(t, t, 2 * s);
    c = 0;
    for (i = 0; i < s; i++) {
        sc_dword x = (sc_dword)((sc_dword)a[i] * a[i] + t[2 * i] + c);
        t[2 * i] = (sc_word)x;
        x = (sc_dword)((sc_dword)t[2 * i + 1] + (sc_word)(x >> W));
        t[2 * i + 1] = (sc_word)x;
        c = (sc_word)(x >> W);
    }
    sos_reduce(r, t, f);
    sc_memzero(t, sizeof t);
}

/* ---- CIOS ---- */

static void cios(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    size_t s = f->nw, i, j;
    sc_word t[SC_FP_MAXW + 2];
    SC_OPC_W(2 * s * s + s);
    for (i = 0; i < s + 2; i++)
        t[i] = 0;
    for (i = 0; i < s; i++) {
        sc_word c = 0, m;
        sc_dword x;
        /* t += a b_i */
        for (j = 0; j < s; j++) {
            x = (sc_dword)((sc_dword)a[j] * b[i] + t[j] + c);
            t[j] = (sc_word)x;
            c = (sc_word)(x >> W);
        }
        x = (sc_dword)((sc_dword)t[s] + c);
        t[s] = (sc_word)x;
        t[s + 1] = (sc_word)(x >> W);
        /* t = (t + m p) / 2^W, m = t_0 pinv (the low word becomes 0) */
        m = (sc_word)((sc_dword)t[0] * f->pinv);
        x = (sc_dword)((sc_dword)m * f->p[0] + t[0]);
        c = (sc_word)(x >> W);
        for (j = 1; j < s; j++) {
            x = (sc_dword)((sc_dword)m * f->p[j] + t[j] + c);
            t[j - 1] = (sc_word)x;
            c = (sc_word)(x >> W);
        }
        x = (sc_dword)((sc_dword)t[s] + c);
        t[s - 1] = (sc_word)x;
        t[s] = (sc_word)(t[s + 1] + (sc_word)(x >> W));
    }
    mont_final(r, t, t[s], f);
    sc_memzero(t, sizeof t);
}

void sc_fp_mont_mul_cios(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    SC_OPC(mul, 1);
    cios(r, a, b, f);
}

void sc_fp_mont_sqr_cios(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    SC_OPC(sqr, 1);
    cios(r, a, a, f);
}

/* ---- FIPS ([OPF] Alg. 1) ---- */

/* (t, u, v) += x y */
#define MAC3(t, u, v, x, y) do {                                         \
        sc_dword p_ = (sc_dword)((sc_dword)(x) * (y));                   \
        sc_dword s_ = (sc_dword)((sc_dword)(v) + (sc_word)p_);           \
        (v) = (sc_word)s_;                                               \
        s_ = (sc_dword)((sc_dword)(u) + (sc_word)(p_ >> W) + (sc_word)(s_ >> W)); \
        (u) = (sc_word)s_;                                               \
        (t) = (sc_word)((t) + (sc_word)(s_ >> W));                       \
    } while (0)

/* (t, u, v) += 2 x y */
#define MAC3X2(t, u, v, x, y) do {                                       \
        sc_dword p_ = (sc_dword)((sc_dword)(x) * (y));                   \
        sc_word lo_ = (sc_word)((sc_word)p_ << 1);                       \
        sc_word hi_ = (sc_word)((sc_word)(p_ >> W) << 1 | (sc_word)((sc_word)p_ >> (W - 1))); \
        sc_word top_ = (sc_word)((sc_word)(p_ >> W) >> (W - 1));         \
        sc_dword s_ = (sc_dword)((sc_dword)(v) + lo_);                   \
        (v) = (sc_word)s_;                                               \
        s_ = (sc_dword)((sc_dword)(u) + hi_ + (sc_word)(s_ >> W));       \
        (u) = (sc_word)s_;                                               \
        (t) = (sc_word)((t) + top_ + (sc_word)(s_ >> W));                \
    } while (0)

/* Alg. 1: column i (i < s) takes a_j b_(i-j) and m_j p_(i-j) for j < i,
 * then a_i b_0; its low word v fixes m_i = v pinv, and m_i p_0 clears v;
 * the accumulator shifts one word.  Columns s .. 2s-2 emit the result
 * words.  The result (u, o) < 2p. */
void sc_fp_mont_mul_fips(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    size_t s = f->nw, i, j;
    sc_word m[SC_FP_MAXW], o[SC_FP_MAXW], t = 0, u = 0, v = 0;
    const sc_word *p = f->p;
    SC_OPC(mul, 1);
    SC_OPC_W(2 * s * s + s);
    for (i = 0; i < s; i++) {
        for (j = 0; j < i; j++) {
            MAC3(t, u, v, a[j], b[i - j]);
            MAC3(t, u, v, m[j], p[i - j]);
        }
        MAC3(t, u, v, a[i], b[0]);
        m[i] = (sc_word)((sc_dword)v * f->pinv);
        MAC3(t, u, v, m[i], p[0]); /* v becomes 0 */
        v = u;
        u = t;
        t = 0;
    }
    for (i = s; i < 2 * s - 1; i++) {
        for (j = i - s + 1; j < s; j++) {
            MAC3(t, u, v, a[j], b[i - j]);
            MAC3(t, u, v, m[j], p[i - j]);
        }
        o[i - s] = v;
        v = u;
        u = t;
        t = 0;
    }
    o[s - 1] = v;
    mont_final(r, o, u, f);
    sc_memzero(m, sizeof m);
    sc_memzero(o, sizeof o);
}

/* Squaring: in column i the pairs a_j a_(i-j), j < i - j, once and doubled
 * (MAC3X2), the square a_(i/2)^2 once for even i; the reduction products
 * m_j p_(i-j) as in the multiplication. */
void sc_fp_mont_sqr_fips(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    size_t s = f->nw, i, j;
    sc_word m[SC_FP_MAXW], o[SC_FP_MAXW], t = 0, u = 0, v = 0;
    const sc_word *p = f->p;
    SC_OPC(sqr, 1);
    SC_OPC_W(s * (s + 1) / 2 + s * s + s);
    for (i = 0; i < s; i++) {
        for (j = 0; 2 * j < i; j++)
            MAC3X2(t, u, v, a[j], a[i - j]);
        if ((i & 1u) == 0)
            MAC3(t, u, v, a[i / 2], a[i / 2]);
        for (j = 0; j < i; j++)
            MAC3(t, u, v, m[j], p[i - j]);
        m[i] = (sc_word)((sc_dword)v * f->pinv);
        MAC3(t, u, v, m[i], p[0]);
        v = u;
        u = t;
        t = 0;
    }
    for (i = s; i < 2 * s - 1; i++) {
        for (j = i - s + 1; 2 * j < i; j++)
            MAC3X2(t, u, v, a[j], a[i - j]);
        if ((i & 1u) == 0)
            MAC3(t, u, v, a[i / 2], a[i / 2]);
        for (j = i - s + 1; j < s; j++)
            MAC3(t, u, v, m[j], p[i - j]);
        o[i - s] = v;
        v = u;
        u = t;
        t = 0;
    }
    o[s - 1] = v;
    mont_final(r, o, u, f);
    sc_memzero(m, sizeof m);
    sc_memzero(o, sizeof o);
}

/* ---- OPF-FIPS ([OPF] Alg. 2) ---- */

/* (t, u, v) += x (one word) */
#define ACC3(t, u, v, x) do {                                            \
        sc_dword s_ = (sc_dword)((sc_dword)(v) + (sc_word)(x));          \
        (v) = (sc_word)s_;                                               \
        s_ = (sc_dword)((sc_dword)(u) + (sc_word)(s_ >> W));             \
        (u) = (sc_word)s_;                                               \
        (t) = (sc_word)((t) + (sc_word)(s_ >> W));                       \
    } while (0)

/* Column i of Alg. 2's reduction: the products m_j p_(i-j) with p_(i-j) a
 * top word (i - j >= jt), j from lo to min(i - jt, s - 1). */
#define OPF_RED_COLUMN(i, lo) do {                                       \
        size_t j_;                                                       \
        for (j_ = (lo); j_ + jt <= (i) && j_ < s; j_++)                  \
            MAC3(t, u, v, m[j_], p[(i) - j_]);                           \
    } while (0)

/* Alg. 2 with word-sized steps: column i (i < s) takes a_j b_(i-j), then
 * the top-word products m_j p_(i-j); m_i = -v (pinv = -1) and m_i p_0 = m_i
 * is added, which clears v.  Columns s .. 2s-2 as in Alg. 1 with only the
 * top-word products. */
void sc_fp_mont_mul_opf(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    size_t s = f->nw, jt = sc_fp_opf_top_index(f), i, j;
    sc_word m[SC_FP_MAXW], o[SC_FP_MAXW], t = 0, u = 0, v = 0;
    const sc_word *p = f->p;
    SC_OPC(mul, 1);
    SC_OPC_W(s * s + s * (s - jt));
    for (i = 0; i < s; i++) {
        for (j = 0; j <= i; j++)
            MAC3(t, u, v, a[j], b[i - j]);
        OPF_RED_COLUMN(i, 0);
        m[i] = (sc_word)((sc_word)0 - v);
        ACC3(t, u, v, m[i]); /* v becomes 0 */
        v = u;
        u = t;
        t = 0;
    }
    for (i = s; i < 2 * s - 1; i++) {
        for (j = i - s + 1; j < s; j++)
            MAC3(t, u, v, a[j], b[i - j]);
        OPF_RED_COLUMN(i, i - s + 1);
        o[i - s] = v;
        v = u;
        u = t;
        t = 0;
    }
    o[s - 1] = v;
    mont_final(r, o, u, f);
    sc_memzero(m, sizeof m);
    sc_memzero(o, sizeof o);
}

/* Squaring: the column products of sc_fp_mont_sqr_fips, the reduction of
 * sc_fp_mont_mul_opf. */
void sc_fp_mont_sqr_opf(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    size_t s = f->nw, jt = sc_fp_opf_top_index(f), i, j;
    sc_word m[SC_FP_MAXW], o[SC_FP_MAXW], t = 0, u = 0, v = 0;
    const sc_word *p = f->p;
    SC_OPC(sqr, 1);
    SC_OPC_W(s * (s + 1) / 2 + s * (s - jt));
    for (i = 0; i < s; i++) {
        for (j = 0; 2 * j < i; j++)
            MAC3X2(t, u, v, a[j], a[i - j]);
        if ((i & 1u) == 0)
            MAC3(t, u, v, a[i / 2], a[i / 2]);
        OPF_RED_COLUMN(i, 0);
        m[i] = (sc_word)((sc_word)0 - v);
        ACC3(t, u, v, m[i]);
        v = u;
        u = t;
        t = 0;
    }
    for (i = s; i < 2 * s - 1; i++) {
        for (j = i - s + 1; 2 * j < i; j++)
            MAC3X2(t, u, v, a[j], a[i - j]);
        if ((i & 1u) == 0)
            MAC3(t, u, v, a[i / 2], a[i / 2]);
        OPF_RED_COLUMN(i, i - s + 1);
        o[i - s] = v;
        v = u;
        u = t;
        t = 0;
    }
    o[s - 1] = v;
    mont_final(r, o, u, f);
    sc_memzero(m, sizeof m);
    sc_memzero(o, sizeof o);
}
