/* scalarmul: fixed-base scalar multiplication r = k*G in any coordinate system of
 * coords.h (the method matrix; docs/methods-fixed-double.md), over the const
 * tables of src/scalarmul/gen/tab_<curve>.c (tools/gen_scalarmul_tables.py, layout in tab.h).
 *
 *   sc_scalarmul_fix_sliding   [WM-ECC] (sec. 3.2.3 and 4.1.2): window of w = 4 bits over
 *                        the 15 precomputed points 1G .. 15G, sliding over zero bits
 *                        (variable time)
 *   sc_scalarmul_fix_comb      Lim-Lee comb, single table of 2^w - 1 points, w = 4 .. 8 teeth
 *                        (variable time)
 *   sc_scalarmul_fix_comb_ct   the same comb, constant time in k: full-table masked lookups and
 *                        the system's complete constant-time operations (tab.h); on
 *                        x86-64 the entries are scanned by the AVX2 kernel where the
 *                        CPU has it (sc_mp_select_accel), else by masked copies
 *
 * The table points are affine and enter with the system's mixed addition
 * (madd / madd_ct); the combs double with the system's dbl / dbl_ct.  No heap;
 * the tables are const data, nothing is copied to RAM but the entry in use.
 * A curve without a table (or a build with SC_NO_SCALARMUL_TABLES) gets
 * SC_ERR_UNSUPPORTED. */
#include "scalarmul/gen/tab.h"
#include <seacurve/mp.h>
#include <seacurve/util.h>
#include <string.h>
#include "util/flash.h"
#include "mp/accel.h"

static const struct sc_scalarmul_table *const tables[] = { SC_SCALARMUL_TABLES };

const struct sc_scalarmul_table *sc_scalarmul_table_find(const sc_ep_curve *c)
{
    size_t i, nw;
    if (!c || !c->fp)
        return NULL;
    nw = c->fp->nw;
    for (i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        const struct sc_scalarmul_table *t = tables[i];
        if (t && !memcmp(t->p, c->fp->p, nw * sizeof(sc_word)) && !sc_flash_cmp(t->gx, c->gx, nw * sizeof(sc_word)))
            return t->mont && !c->fp->mont ? NULL : t;
    }
    return NULL;
}

/* x then y (nw words each) of a table entry into the field's internal form:
 * a copy when the forms agree, else canonical -> internal (sc_scalarmul_table_find
 * refuses Montgomery entries for a plain field).  Constant time in e. */
static void entry_to_aff(sc_ep_aff *r, const sc_word *e, const struct sc_scalarmul_table *t, const sc_fp_field *f)
{
    if (t->mont == f->mont) {
        sc_fp_copy(r->x, e, f);
        sc_fp_copy(r->y, e + f->nw, f);
    } else {
        sc_fp_from_canon(r->x, e, f);
        sc_fp_from_canon(r->y, e + f->nw, f);
    }
}

void sc_scalarmul_table_point(sc_ep_aff *r, const struct sc_scalarmul_table *t, const sc_word *pts, size_t i, const sc_ep_curve *c)
{
    sc_word tmp[2 * SC_FP_MAXW];
    size_t stride = 2u * c->fp->nw;
    entry_to_aff(r, sc_flash_words(tmp, pts + i * stride, stride), t, c->fp);
}

/* The arguments every method needs; r is zeroed on an error (when given). */
static sc_err check_args(sc_ep_aff *r, const sc_word *k, const sc_coords_sys *s, const sc_ep_curve *c)
{
    if (!r)
        return SC_ERR_ARG;
    if (!k || !s || !c || !c->fp || !c->fn) {
        memset(r, 0, sizeof *r);
        return SC_ERR_ARG;
    }
    return SC_OK;
}

static sc_err fail(sc_ep_aff *r, sc_err e)
{
    memset(r, 0, sizeof *r);
    return e;
}

/* ------------------------------------------------------------------ */
/* [WM-ECC]: fixed-base window over 15 precomputed points              */

#define FIX_SLIDING_WMIN 2u
#define FIX_SLIDING_WMAX 4u

/* [WM-ECC] (sec. 3.2.3): k = sum k_i 2^(s i) with s-bit clusters k_i and the
 * points k_i G precomputed "for every possible value of k_i" (s = 4: 2^4 - 1
 * = 15 points, 1G .. 15G, the table `mul` of tab.h), one addition per
 * cluster; its sec. 4.1.2 counts 4 doublings and 1 addition per window (41
 * windows for a 161-bit key: fixed windows).  Here the window slides, as the
 * paper's name for it says: from the top, a zero bit costs one doubling and a
 * set bit opens a window of the next w bits (cut at bit 0), whose value v
 * (2^(w-1) <= v < 2^w for a full window, smaller only for the cut one) costs
 * w doublings and one mixed addition of vG.  So for t = bits(k): about t - w
 * doublings and at most ceil(t / w) - 1 additions, about t / (w + 1) on
 * average (each window is followed by one expected zero bit) against the
 * paper's t / w.  w = 2, 3 use the first 2^w - 1 entries of the same table.
 * Variable time. */
sc_err sc_scalarmul_fix_sliding(sc_ep_aff *r, const sc_word *k, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, s, c);
    const struct sc_scalarmul_table *t;
    sc_ep_aff a;
    sc_coords_point q;
    long i, l, j;
    int started = 0;
    if (e != SC_OK)
        return e;
    if (w < FIX_SLIDING_WMIN || w > FIX_SLIDING_WMAX || !(t = sc_scalarmul_table_find(c)))
        return fail(r, SC_ERR_UNSUPPORTED);
    i = (long)sc_mp_bits_var(k, c->fn->nw) - 1;
    if (i < 0)
        return fail(r, SC_ERR_INFINITY);
    s->set_inf(&q, c);
    while (i >= 0) {
        unsigned v = 0;
        if (!sc_mp_bit(k, (size_t)i)) {
            s->dbl(&q, &q, c);          /* started: the top bit is set */
            i--;
            continue;
        }
        l = i - (long)w + 1;
        if (l < 0)
            l = 0;
        for (j = i; j >= l; j--)
            v = (v << 1) | sc_mp_bit(k, (size_t)j);
        sc_scalarmul_table_point(&a, t, t->mul, v - 1u, c);   /* vG, 1 <= v <= 15 */
        if (started) {
            for (j = i; j >= l; j--)
                s->dbl(&q, &q, c);
            s->madd(&q, &q, &a, c);
        } else {
            s->from_aff(&q, &a, c);
            started = 1;
        }
        i = l - 1;
    }
    return s->to_aff_var(r, &q, c);
}

/* ------------------------------------------------------------------ */
/* Lim-Lee comb                                                        */

/* Column col of the comb: bit (i d + col) of k as bit i, i < w.  Positions
 * at or past nbits read as 0 (k < n < 2^nbits).  The positions are public;
 * the value is not inspected. */
static unsigned comb_column(const sc_word *k, unsigned nbits, unsigned w, unsigned d, unsigned col)
{
    unsigned i, v = 0;
    for (i = 0; i < w; i++) {
        unsigned pos = i * d + col;
        if (pos < nbits)
            v |= sc_mp_bit(k, pos) << i;
    }
    return v;
}

/* Lim, Lee, "More flexible exponentiation with precomputation", CRYPTO '94
 * (single table: h = w, v = 1), as Guide to ECC Alg. 3.44: with d =
 * ceil(nbits / w) write k as w rows of d bits, k = sum_i K_i 2^(i d); the
 * table holds T[j] = sum over the set bits i of j of 2^(i d) G, and for
 * column c = d-1 .. 0 (top first) Q = 2Q + T[column c].  d - 1 doublings and
 * at most d mixed additions (d (1 - 2^-w) on average); 2^w - 1 table points.
 * Variable time (columns equal to 0 skip the addition, and the start skips
 * the doublings of infinity). */
sc_err sc_scalarmul_fix_comb(sc_ep_aff *r, const sc_word *k, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, s, c);
    const struct sc_scalarmul_table *t;
    sc_ep_aff a;
    sc_coords_point q;
    unsigned d, col;
    int started = 0;
    if (e != SC_OK)
        return e;
    if (w < SC_SCALARMUL_COMB_WMIN || w > SC_SCALARMUL_COMB_WMAX || !(t = sc_scalarmul_table_find(c)))
        return fail(r, SC_ERR_UNSUPPORTED);
    d = (t->nbits + w - 1) / w;
    s->set_inf(&q, c);
    for (col = d; col-- > 0;) {
        unsigned v = comb_column(k, t->nbits, w, d, col);
        if (started)
            s->dbl(&q, &q, c);
        if (!v)
            continue;
        sc_scalarmul_table_point(&a, t, t->comb[w - SC_SCALARMUL_COMB_WMIN], v - 1u, c);
        if (started) {
            s->madd(&q, &q, &a, c);
        } else {
            s->from_aff(&q, &a, c);
            started = 1;
        }
    }
    if (!started)
        return fail(r, SC_ERR_INFINITY);   /* k = 0 */
    return s->to_aff_var(r, &q, c);
}

/* The same comb, constant time in k: every column costs one dbl_ct (but the
 * first) and one madd_ct whatever its value; the point is read by scanning
 * all 2^w - 1 entries with masked selects, and a zero column (no entry)
 * keeps Q by a masked select of the sum's predecessor.  Q starts at infinity
 * (the complete operations take it), so k = 0 ends at infinity and to_aff
 * decides that in constant time.  d - 1 dbl_ct, d madd_ct, d (2^w - 1)
 * entry reads. */
sc_err sc_scalarmul_fix_comb_ct(sc_ep_aff *r, const sc_word *k, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c)
{
    sc_err e = check_args(r, k, s, c);
    const struct sc_scalarmul_table *t;
    const sc_word *pts;   /* SC_FLASH */
    sc_word acc[2 * SC_FP_MAXW], ent[2 * SC_FP_MAXW];
    sc_ep_aff a;
    sc_coords_point q, sum;
    unsigned d, col, j, n, v = 0;
    size_t stride;
    if (e != SC_OK)
        return e;
    if (w < SC_SCALARMUL_COMB_WMIN || w > SC_SCALARMUL_COMB_WMAX || !(t = sc_scalarmul_table_find(c)))
        return fail(r, SC_ERR_UNSUPPORTED);
    if (!s->ct || !s->dbl_ct || !s->madd_ct || !s->to_aff)
        return fail(r, SC_ERR_UNSUPPORTED);
    d = (t->nbits + w - 1) / w;
    n = (1u << w) - 1u;
    pts = t->comb[w - SC_SCALARMUL_COMB_WMIN];
    stride = 2u * c->fp->nw;
    s->set_inf(&q, c);
    for (col = d; col-- > 0;) {
        if (col + 1 != d)
            s->dbl_ct(&q, &q, c);
        v = comb_column(k, t->nbits, w, d, col);
#ifdef SC_MP_HAVE_MULX
        /* entry v (index v - 1; v = 0 reads entry 1, whose sum is discarded) */
        if (!sc_mp_select_accel(acc, pts, n, (unsigned)((v - 1u) & ~(unsigned)sc_ct_mask_z((sc_word)v)), stride))
#endif
        {
            sc_mp_copy(acc, sc_flash_words(ent, pts, stride), stride);   /* entry j = 1 */
            for (j = 2; j <= n; j++)
                sc_mp_cmov(acc, sc_flash_words(ent, pts + (size_t)(j - 1) * stride, stride),
                           sc_ct_mask_z((sc_word)(j ^ v)), stride);
        }
        entry_to_aff(&a, acc, t, c->fp);
        s->madd_ct(&sum, &q, &a, c);
        sc_coords_cmov(&q, &sum, sc_ct_mask_nz((sc_word)v), s, c);
    }
    e = s->to_aff(r, &q, c);
    sc_memzero(acc, sizeof acc);
    sc_memzero(ent, sizeof ent);
    sc_memzero(&a, sizeof a);
    sc_memzero(&q, sizeof q);
    sc_memzero(&sum, sizeof sum);
    v = 0;
    return e;
}
