/* ec: scalar multiplication on short-Weierstrass curves.
 *
 * sc_ec_mul      constant time, variable base: signed odd fixed window
 *                (regular recoding, Joye-Tunstall 2009, "Exponent recoding and
 *                regular exponentiation algorithms", AFRICACRYPT, Alg. 6 / the
 *                "odd-only" signed window), odd multiples P, 3P, .., (2^w-1)P in
 *                Jacobian coordinates, one full-table scan per lookup.
 * sc_ec_mul_gen  constant time, fixed base: the same recoding against the
 *                precomputed affine table of src/curves/gtab.h (no doublings,
 *                one mixed addition per window).
 * sc_ec_mul2_var variable time: interleaved width-w NAF (Hankerson-Menezes-
 *                Vanstone, Guide to ECC, Alg. 3.51 / Moeller's interleaving):
 *                width 5 for Q (4 at 8/16-bit limbs), width w+1 for G from
 *                window 0 of the table (w = 6: G, 3G, .., 63G).
 *
 * Scalars: c->fn->nw words, little-endian, canonical.  No heap: all tables
 * are on the stack or const. */
#include <seacurve/ec.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>
#include "curves/gtab.h"

/* Largest window of sc_ec_mul (stack: 2^(w-1) Jacobian points). */
#ifndef SC_EC_MUL_WMAX
#  if SC_WORD_BITS >= 32
#    define SC_EC_MUL_WMAX 6
#  else
#    define SC_EC_MUL_WMAX 4
#  endif
#endif
/* Default window of sc_ec_mul (chosen by measurement, see tests/test_ec.c). */
#ifndef SC_EC_MUL_W
#  if SC_WORD_BITS >= 32
#    define SC_EC_MUL_W 5
#  else
#    define SC_EC_MUL_W 4
#  endif
#endif
/* wNAF width for the variable point Q of sc_ec_mul2_var (2^(w-2) Jacobian points on the stack). */
#ifndef SC_EC_MUL2_WQ
#  if SC_WORD_BITS >= 32
#    define SC_EC_MUL2_WQ 5
#  else
#    define SC_EC_MUL2_WQ 4
#  endif
#endif
#define SC_EC_MAXDIG (SC_FP_MAX_BITS + 2)

/* cnt <= 8 bits of k (nw words) from bit pos on; positions are public. */
static unsigned get_bits(const sc_word *k, size_t nw, size_t pos, unsigned cnt)
{
    unsigned v = 0, i;
    for (i = 0; i < cnt; i++) {
        size_t b = pos + i;
        if (b < nw * SC_WORD_BITS)
            v |= (unsigned)((k[b / SC_WORD_BITS] >> (b % SC_WORD_BITS)) & 1u) << i;
    }
    return v;
}

/* Regular signed odd recoding (Joye-Tunstall 2009) of an ODD k < 2^bits:
 * k = sum_{j<m} d_j 2^(w j) with every d_j odd, |d_j| <= 2^w - 1, d_{m-1} > 0,
 * m = ceil((bits+1)/w).  With k_0 = k and k_{j+1} = (k_j - d_j) / 2^w one has
 * k_j = (k >> wj) | 1, so d_j = (((k >> wj) mod 2^(w+1)) | 1) - 2^w, read
 * straight from the bits.  Each digit is stored as index |d_j| >> 1 (bits 0-6)
 * and sign (bit 7).  Constant time: arithmetic only. */
static unsigned recode_regular(uint8_t *dig, const sc_word *k, size_t nw, unsigned bits, unsigned w)
{
    unsigned m = (bits + 1 + w - 1) / w, j;
    unsigned full = (1u << w) - 1u;
    for (j = 0; j < m; j++) {
        unsigned v = get_bits(k, nw, (size_t)w * j, j + 1 < m ? w + 1 : w) | 1u;
        unsigned neg, t;
        if (j + 1 == m)
            v |= 1u << w;                        /* top digit is v itself, positive */
        neg = ((v >> w) & 1u) ^ 1u;              /* v < 2^w: d = v - 2^w < 0 */
        t = (v ^ (0u - neg)) & full;             /* |d| = v - 2^w or 2^w - v (both odd) */
        dig[j] = (uint8_t)((t >> 1) | (neg << 7));
    }
    return m;
}

/* kk = k if k is odd, else n - k (odd since n is odd); returns the all-ones
 * mask when k was even (the result must then be negated). */
static sc_word make_odd(sc_word *kk, const sc_word *k, const sc_ep_curve *c)
{
    size_t nw = c->fn->nw;
    sc_word even = sc_ct_mask_bit((sc_word)~k[0]);
    sc_mp_sub(kk, c->fn->p, k, nw);
    sc_mp_cmov(kk, k, (sc_word)~even, nw);
    return even;
}

/* r = sign(d) * tab[|d| >> 1] by scanning all n entries (constant time). */
static void lookup_jac(sc_ep_jac *r, const sc_ep_jac *tab, unsigned n, uint8_t d, const sc_ep_curve *c)
{
    const size_t nw = c->fp->nw;
    unsigned idx = d & 0x7fu, i;
    size_t j;
    *r = tab[0];
    for (i = 1; i < n; i++) {
        sc_word m = sc_ct_mask_z((sc_word)(i ^ idx));
        for (j = 0; j < nw; j++) {
            r->x[j] ^= (r->x[j] ^ tab[i].x[j]) & m;
            r->y[j] ^= (r->y[j] ^ tab[i].y[j]) & m;
            r->z[j] ^= (r->z[j] ^ tab[i].z[j]) & m;
        }
    }
    sc_ep_cneg_jac(r, sc_ct_mask_bit((sc_word)(d >> 7)), c);
}

sc_err sc_ec_mul_fixwin(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c, unsigned w)
{
    sc_ep_jac tab[1u << (SC_EC_MUL_WMAX - 1)], q, t;
    uint8_t dig[SC_EC_MAXDIG];
    sc_word kk[SC_FP_MAXW], even;
    unsigned n, m, j, i;
    sc_err e;

    if (w < 2 || w > SC_EC_MUL_WMAX)
        return SC_ERR_ARG;
    n = 1u << (w - 1);
    even = make_odd(kk, k, c);
    m = recode_regular(dig, kk, c->fn->nw, c->fn->bits, w);

    /* Odd multiples: tab[i] = (2i+1)P.  P has order n (cofactor 1; the point
     * is validated by the caller), and (2i-1)P + 2P never meets an exceptional
     * case: 2i-1 -+ 2 is a nonzero integer of size < 2^w < n. */
    sc_ep_jac_from_aff(&tab[0], p, c);
    sc_ep_dbl_jac(&t, &tab[0], c);
    for (i = 1; i < n; i++)
        sc_ep_add_jac_inc(&tab[i], &tab[i - 1], &t, c);

    /* Main loop, most significant digit first.  Before digit j the
     * accumulator holds k_{j+1} P with k_{j+1} = (kk >> w(j+1)) | 1, so the
     * addition computes 2^w k_{j+1} P + d_j P.  It is exceptional only if
     * 2^w k_{j+1} - d_j = k_j - 2 d_j or 2^w k_{j+1} + d_j = k_j is 0 mod n.
     * For j >= 1, k_j < 2^(bits-wj) + 2, so both values lie in
     * (0, 2^(bits-w) + 2^(w+1) + 2) which is below 2^(bits-1) < n: the
     * incomplete addition is safe.  For j = 0 they can reach n (e.g. kk = n-2,
     * or kk = n when k = 0), so the last addition is the complete one.  The
     * doublings handle infinity by themselves (odd order: no 2-torsion). */
    lookup_jac(&q, tab, n, dig[m - 1], c);
    for (j = m - 1; j-- > 0;) {
        for (i = 0; i < w; i++)
            sc_ep_dbl_jac(&q, &q, c);
        lookup_jac(&t, tab, n, dig[j], c);
        if (j > 0)
            sc_ep_add_jac_inc(&q, &q, &t, c);
        else
            sc_ep_add_jac(&q, &q, &t, c);
    }
    sc_ep_cneg_jac(&q, even, c);
    e = sc_ep_jac_to_aff(r, &q, c);
    sc_memzero(dig, sizeof dig);
    sc_memzero(kk, sizeof kk);
    sc_memzero(tab, sizeof tab);
    sc_memzero(&q, sizeof q);
    sc_memzero(&t, sizeof t);
    return e;
}

sc_err sc_ec_mul(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c)
{
    return sc_ec_mul_fixwin(r, k, p, c, SC_EC_MUL_W);
}

/* acc (len words) = entry idx of the n entries at e (entry 0 already in
 * acc), reading every entry (constant time). */
static inline void scan_window(sc_word *acc, const sc_word *e, unsigned n, unsigned idx, size_t len)
{
    unsigned i;
    size_t j;
    for (i = 1; i < n; i++) {
        sc_word m = sc_ct_mask_z((sc_word)(i ^ idx));
        e += len;
        for (j = 0; j < len; j++)
            acc[j] ^= (acc[j] ^ e[j]) & m;
    }
}

/* r = sign(d) * (entry |d| >> 1 of window win) of the fixed-base table, by
 * scanning the whole window (constant time); converted to the field's
 * internal form when that is not the plain one. */
static void lookup_gtab(sc_ep_aff *r, const struct sc_ec_gtab *g, unsigned win, uint8_t d,
                        const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    const size_t nw = f->nw, stride = 2 * nw;
    const sc_word *e = g->pts + (size_t)win * g->npts * stride;
    unsigned idx = d & 0x7fu;
    size_t j;
    sc_word acc[2 * SC_FP_MAXW];
    sc_fe ny;
    for (j = 0; j < stride; j++)
        acc[j] = e[j];
    /* the fixed-length cases let the compiler vectorize the scan */
    if (stride == 6)
        scan_window(acc, e, g->npts, idx, 6);
    else if (stride == 8)
        scan_window(acc, e, g->npts, idx, 8);
    else
        scan_window(acc, e, g->npts, idx, stride);
    if (f->mont) { /* public field property */
        sc_fp_from_canon(r->x, acc, f);
        sc_fp_from_canon(r->y, acc + nw, f);
    } else {
        sc_fp_copy(r->x, acc, f);
        sc_fp_copy(r->y, acc + nw, f);
    }
    sc_fp_neg(ny, r->y, f);
    sc_fp_cmov(r->y, ny, sc_ct_mask_bit((sc_word)(d >> 7)), f);
    sc_memzero(acc, sizeof acc);
}

sc_err sc_ec_mul_gen(sc_ep_aff *r, const sc_word *k, const sc_ep_curve *c)
{
    const struct sc_ec_gtab *g = c->gtab;
    uint8_t dig[SC_EC_MAXDIG];
    sc_word kk[SC_FP_MAXW], even;
    sc_ep_jac q;
    sc_ep_aff t;
    unsigned m, j, bits = c->fn->bits;
    sc_err e;

    if (!g) {
        sc_ep_aff gen;
        sc_ep_generator(&gen, c);
        return sc_ec_mul(r, k, &gen, c);
    }
    even = make_odd(kk, k, c);
    m = recode_regular(dig, kk, c->fn->nw, bits, g->w);
    if (m != g->nwin)
        return SC_ERR_CURVE;

    /* Windows from the least significant up.  Before window j the accumulator
     * holds A_j = sum_{i<j} d_i 2^(wi): an odd integer with |A_j| <= 2^(wj) - 1,
     * so it is never infinity.  The addition of d_j 2^(wj) G is exceptional
     * only if A_j -+ d_j 2^(wj) = 0 mod n; as integers these are nonzero (the
     * second term is larger) and smaller than 2^(w(j+1)) in size, so the
     * incomplete addition is safe while w(j+1) <= bits - 1 (2^(bits-1) < n).
     * The last window(s) use the complete addition. */
    lookup_gtab(&t, g, 0, dig[0], c);
    sc_ep_jac_from_aff(&q, &t, c);
    for (j = 1; j < m; j++) {
        lookup_gtab(&t, g, j, dig[j], c);
        if (g->w * (j + 1) <= bits - 1)
            sc_ep_add_mixed_inc(&q, &q, &t, c);
        else
            sc_ep_add_mixed(&q, &q, &t, c);
    }
    sc_ep_cneg_jac(&q, even, c);
    e = sc_ep_jac_to_aff(r, &q, c);
    sc_memzero(dig, sizeof dig);
    sc_memzero(kk, sizeof kk);
    sc_memzero(&q, sizeof q);
    sc_memzero(&t, sizeof t);
    return e;
}

/* Width-w NAF of k (nw words), variable time (Guide to ECC, Alg. 3.35):
 * naf[i] in {0, +-1, +-3, .., +-(2^(w-1)-1)}; returns the length. */
static size_t wnaf_var(int8_t *naf, const sc_word *k, size_t nw, unsigned w)
{
    sc_word t[SC_FP_MAXW + 1];
    size_t len = 0, i;
    int half = 1 << (w - 1), full = 1 << w;
    sc_mp_copy(t, k, nw);
    t[nw] = 0;
    while (!sc_mp_is_zero(t, nw + 1)) {
        int d = 0;
        if (t[0] & 1u) {
            d = (int)(t[0] & (sc_word)(full - 1));
            if (d >= half)
                d -= full;
            if (d > 0)
                sc_mp_sub(t, t, (const sc_word[SC_FP_MAXW + 1]){ (sc_word)d }, nw + 1);
            else
                sc_mp_add_word(t, t, (sc_word)-d, nw + 1);
        }
        naf[len++] = (int8_t)d;
        sc_mp_shr1(t, t, nw + 1);
    }
    for (i = len; i < SC_EC_MAXDIG; i++)
        naf[i] = 0;
    return len;
}

sc_err sc_ec_mul2_var(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                      const sc_ep_curve *c)
{
    enum { WQ = SC_EC_MUL2_WQ, NQ = 1 << (WQ - 2) };
    const struct sc_ec_gtab *g = c->gtab;
    const size_t nw = c->fn->nw;
    int8_t n1[SC_EC_MAXDIG], n2[SC_EC_MAXDIG];
    sc_ep_jac qt[NQ], gt[NQ], acc, t;
    sc_ep_aff a;
    unsigned wg = g ? g->w + 1u : WQ;
    size_t l1, l2, len, i;

    l1 = wnaf_var(n1, u1, nw, wg);
    l2 = wnaf_var(n2, u2, nw, WQ);
    len = l1 > l2 ? l1 : l2;

    /* odd multiples (2i+1)Q, and (2i+1)G when there is no fixed-base table */
    if (l2) {
        sc_ep_jac_from_aff(&qt[0], q, c);
        sc_ep_dbl_jac(&t, &qt[0], c);
        for (i = 1; i < NQ; i++)
            sc_ep_add_jac_var(&qt[i], &qt[i - 1], &t, c);
    }
    if (!g && l1) {
        sc_ep_generator(&a, c);
        sc_ep_jac_from_aff(&gt[0], &a, c);
        sc_ep_dbl_jac(&t, &gt[0], c);
        for (i = 1; i < NQ; i++)
            sc_ep_add_jac_var(&gt[i], &gt[i - 1], &t, c);
    }

    sc_ep_jac_set_inf(&acc, c);
    for (i = len; i-- > 0;) {
        sc_ep_dbl_jac(&acc, &acc, c);
        if (n1[i]) {
            int d = n1[i];
            unsigned ix = (unsigned)(d < 0 ? -d : d) >> 1;
            if (g) {
                const sc_word *e = g->pts + (size_t)ix * 2 * c->fp->nw;
                if (c->fp->mont) {
                    sc_fp_from_canon(a.x, e, c->fp);
                    sc_fp_from_canon(a.y, e + c->fp->nw, c->fp);
                } else {
                    sc_fp_copy(a.x, e, c->fp);
                    sc_fp_copy(a.y, e + c->fp->nw, c->fp);
                }
                if (d < 0)
                    sc_fp_neg(a.y, a.y, c->fp);
                sc_ep_add_mixed_var(&acc, &acc, &a, c);
            } else {
                if (d < 0) {
                    sc_ep_neg_jac(&t, &gt[ix], c);
                    sc_ep_add_jac_var(&acc, &acc, &t, c);
                } else {
                    sc_ep_add_jac_var(&acc, &acc, &gt[ix], c);
                }
            }
        }
        if (n2[i]) {
            int d = n2[i];
            unsigned ix = (unsigned)(d < 0 ? -d : d) >> 1;
            if (d < 0) {
                sc_ep_neg_jac(&t, &qt[ix], c);
                sc_ep_add_jac_var(&acc, &acc, &t, c);
            } else {
                sc_ep_add_jac_var(&acc, &acc, &qt[ix], c);
            }
        }
    }
    return sc_ep_jac_to_aff_var(r, &acc, c);
}
