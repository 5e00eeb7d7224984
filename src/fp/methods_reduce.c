/* The generic pseudo-Mersenne reducer (fp_methods.h).
 *
 * sc_fp_reduce_pm_generic is [DSP] Alg. 3 (Yan, Shi, Fei: "while C1 != 0:
 * (C1, C0) = C1 * w + C0; if C0 >= p: C0 -= p") for p = 2^k - c, made
 * constant time: the loop runs a fixed number of folds computed from public
 * bit bounds (below), every fold with fixed word counts, and the final
 * comparison is a masked subtraction.  [DSP] Alg. 4 (and [WM-ECC]
 * eq. 15-17) are the same folds specialised to secp160r1: that is
 * sc_fp_reduce_secp160r1 (reduce_special.c, reduce64.h).
 *
 * Fold schedule, with t < p^2 < 2^(2k), c < 2^cb, 2 cb <= k: a value
 * v < 2^(k + hb) (hb bits above bit k) folds to H c + L < 2^(hb + cb) + 2^k,
 * i.e. hb' = max(hb + cb, k) + 1 - k: hb = k, cb + 1, <= 2, 1.  Once hb = 1
 * (v < 2^(k+1), H <= 1) two more folds give v < 2^k: the first leaves
 * c + L < 2^k + c, and if that still has H = 1 the second leaves
 * c + (v - 2^k) < 2c <= 2^k.  Then v < 2^k < 2p (as c < 2^(k-1)) and one
 * masked subtraction of p finishes.  At most 5 folds; each costs
 * ceil(hb / W) * ceil(cb / W) word multiplies. */
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <seacurve/opcount.h>
#include "util/dword.h"

#define W SC_WORD_BITS

/* c = 2^k - p in n words (n = f->nw); returns bits(c) when 0 < c and
 * 2 bits(c) <= k (c < 2^floor(k/2)), else 0.  Public, variable time. */
static size_t pm_c(sc_word *c, const sc_fp_field *f)
{
    size_t n = f->nw, k = f->bits, cb;
    sc_word two_k[SC_FP_MAXW + 1] = { 0 }, pp[SC_FP_MAXW + 1], cc[SC_FP_MAXW + 1];
    if (k < 8 || n == 0)
        return 0;
    two_k[k / W] = (sc_word)((sc_word)1 << (k % W));
    sc_mp_copy(pp, f->p, n);
    pp[n] = 0;
    if (sc_mp_sub(cc, two_k, pp, n + 1)) /* p > 2^k: not this form */
        return 0;
    cb = sc_mp_bits_var(cc, n + 1);
    if (cb == 0 || 2 * cb > k)
        return 0;
    sc_mp_copy(c, cc, n);
    return cb;
}

int sc_fp_is_pseudo_mersenne(const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW];
    return pm_c(c, f) != 0;
}

/* One fold: v (vw valid words, v < 2^(k + hb)) <- H c + L, H = v >> k
 * (hb bits), L = v mod 2^k, written to nv words (the new bound fits them).
 * Word counts and shifts are public. */
static void pm_fold(sc_word *v, size_t vw, size_t nv, size_t k, size_t hb, const sc_word *c, size_t cw)
{
    sc_word h[SC_FP_MAXW + 1], prod[2 * SC_FP_MAXW + 2], carry;
    size_t hw = (hb + W - 1) / W, pw = hw + cw, ko = k / W, ks = k % W, i, j;

    /* H: hw words from bit k */
    for (i = 0; i < hw; i++) {
        sc_word lo = ko + i < vw ? v[ko + i] : 0;
        sc_word hi = ko + i + 1 < vw ? v[ko + i + 1] : 0;
        h[i] = ks ? (sc_word)((sc_word)(lo >> ks) | (sc_word)(hi << (W - ks))) : lo;
    }
    if (hb % W)
        h[hw - 1] = (sc_word)(h[hw - 1] & (sc_word)(((sc_word)1 << (hb % W)) - 1u));
    /* prod = H c, schoolbook */
    for (i = 0; i < pw; i++)
        prod[i] = 0;
    for (i = 0; i < hw; i++) {
        carry = 0;
        for (j = 0; j < cw; j++) {
            sc_dword x = (sc_dword)((sc_dword)h[i] * c[j] + prod[i + j] + carry);
            prod[i + j] = (sc_word)x;
            carry = (sc_word)(x >> W);
        }
        prod[i + cw] = carry;
    }
    SC_OPC_W(hw * cw);
    /* v = L + prod over nv words; L = words below ko and the low ks bits of word ko */
    carry = 0;
    for (i = 0; i < nv; i++) {
        sc_word l = i < ko ? v[i] : (i == ko && ks ? (sc_word)(v[ko] & (sc_word)(((sc_word)1 << ks) - 1u)) : 0);
        sc_dword x = (sc_dword)((sc_dword)l + (i < pw ? prod[i] : 0) + carry);
        v[i] = (sc_word)x;
        carry = (sc_word)(x >> W);
    }
}

void sc_fp_reduce_pm_generic(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW], d[SC_FP_MAXW], bw;
    size_t n = f->nw, k = f->bits, cb = pm_c(c, f), cw, hb, vw = 2 * n, tail = 0;

    if (cb == 0) { /* not a pseudo-Mersenne prime: a caller error; stay defined */
        sc_mp_zero(r, n);
        return;
    }
    cw = (cb + W - 1) / W;
    hb = k; /* t < p^2 < 2^(2k) */
    while (tail < 2) {
        size_t vb = (hb + cb > k ? hb + cb : k) + 1, nv = (vb + W - 1) / W;
        if (nv > 2 * n)
            nv = 2 * n;
        pm_fold(t, vw, nv, k, hb, c, cw);
        if (hb == 1)
            tail++;
        vw = nv;
        hb = vb - k;
    }
    /* v < 2^k < 2p, in the low n words: subtract p unless that borrows */
    bw = sc_mp_sub(d, t, f->p, n);
    sc_mp_copy(r, t, n);
    sc_mp_cmov(r, d, (sc_word)(bw - 1u), n);
}
