/* eb: variable-time k P and u1 G + u2 Q for public scalars and points by
 * the width-w NAF in Lopez-Dahab coordinates with affine odd multiples
 * (Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve Cryptography"
 * (2004), Alg. 3.35 recoding, Alg. 3.36 multiplication, Alg. 3.51
 * interleaving; Montgomery's simultaneous inversion, Guide Alg. 2.26).  The
 * inversions are Itoh-Tsujii (sc_fb_inv): on x86-64 with PCLMULQDQ it is
 * faster than the variable-time Euclidean inversion (13.6 / 15.6 / 28.7 /
 * 34.8 us against 16.2 / 31.9 / 33.4 / 50.4 us for m = 163 / 233 / 283 / 409,
 * one loaded run), so the public paths use it too. */
#include <seacurve/eb.h>
#include <seacurve/mp.h>
#include <string.h>
#include "eb_internal.h"

#define W_G 5 /* window for G in sc_eb_mul2_wnaf_var: 8 odd multiples */
#define W_P 4 /* window for a variable point: 4 odd multiples */
#define MAXD (SC_EB_NW * SC_WORD_BITS + 2)

/* wNAF digits of k (nw words), least significant first (Guide Alg. 3.35):
 * while k > 0: d = k mods 2^w if k is odd, else 0; k = (k - d) / 2.
 * Returns the number of digits (<= nw W + 1). */
static size_t wnaf(int8_t *d, const sc_word *k, size_t nw, unsigned w)
{
    sc_word t[SC_EB_NW + 1];
    size_t len = 0;
    int v;
    memcpy(t, k, nw * sizeof(sc_word));
    t[nw] = 0;
    while (!sc_mp_is_zero(t, nw + 1)) {
        v = 0;
        if (t[0] & 1u) {
            v = (int)(t[0] & ((1u << w) - 1u));
            if (v >= (1 << (w - 1)))
                v -= 1 << w;
            if (v > 0)
                t[0] -= (sc_word)v; /* the low w bits are v: no borrow */
            else
                sc_mp_add_word(t, t, (sc_word)-v, nw + 1);
        }
        d[len++] = (int8_t)v;
        sc_mp_shr1(t, t, nw + 1);
    }
    return len;
}

/* tab[i] = (2i + 1) p, i < cnt, affine (p finite).  2p is made affine first
 * (one inversion), then 3p, 5p, ... = previous + 2p by mixed additions, and
 * made affine with one shared inversion (Montgomery's trick: 1I + 3(cnt-2)M). */
void sc_eb_odd_multiples_var(sc_eb_aff *tab, size_t cnt, const sc_eb_aff *p, const sc_eb_curve *c)
{
    sc_eb_ld ld[16], t;
    sc_eb_aff p2;
    size_t i;
    tab[0] = *p;
    if (cnt < 2)
        return;
    sc_eb_ld_from_aff(&t, p, c);
    sc_eb_dbl_ld(&t, &t, c);
    sc_eb_ld_to_aff(&p2, &t, c);
    sc_eb_ld_from_aff(&ld[0], p, c);
    for (i = 1; i < cnt; i++)
        sc_eb_add_mixed_var(&ld[i], &ld[i - 1], &p2, c);
    sc_eb_ld_to_aff_batch_var(tab + 1, ld + 1, cnt - 1, c);
}

/* q += d p_tab (d odd, signed) */
static void add_digit(sc_eb_ld *q, const sc_eb_aff *tab, int d, const sc_eb_curve *c)
{
    sc_eb_aff n;
    if (d > 0) {
        sc_eb_add_mixed_var(q, q, &tab[d >> 1], c);
    } else {
        sc_eb_neg(&n, &tab[(-d) >> 1], c);
        sc_eb_add_mixed_var(q, q, &n, c);
    }
}

sc_err sc_eb_mul_wnaf_var(sc_eb_aff *r, const sc_word *k, const sc_eb_aff *p, const sc_eb_curve *c)
{
    return sc_eb_mul2_wnaf_var(r, NULL, k, p, c);
}

sc_err sc_eb_mul2_wnaf_var(sc_eb_aff *r, const sc_word *u1, const sc_word *u2, const sc_eb_aff *q,
                      const sc_eb_curve *c)
{
    sc_eb_aff tg[1u << (W_G - 2)], tq[1u << (W_P - 2)], g;
    int8_t d1[MAXD], d2[MAXD];
    size_t l1 = 0, l2 = 0, len, i;
    sc_eb_ld acc;
    if (u1) {
        l1 = wnaf(d1, u1, c->nw, W_G);
        if (l1) {
            sc_eb_generator(&g, c);
            sc_eb_odd_multiples_var(tg, sizeof tg / sizeof tg[0], &g, c);
        }
    }
    if (u2 && !q->inf) {
        l2 = wnaf(d2, u2, c->nw, W_P);
        if (l2)
            sc_eb_odd_multiples_var(tq, sizeof tq / sizeof tq[0], q, c);
    }
    len = l1 > l2 ? l1 : l2;
    sc_eb_ld_set_inf(&acc, c);
    for (i = len; i-- > 0;) {
        if (!sc_eb_ld_is_inf(&acc, c))
            sc_eb_dbl_ld(&acc, &acc, c);
        if (i < l1 && d1[i])
            add_digit(&acc, tg, d1[i], c);
        if (i < l2 && d2[i])
            add_digit(&acc, tq, d2[i], c);
    }
    return sc_eb_ld_to_aff(r, &acc, c);
}
