/* Constant-time inversion by divsteps in portable 32/64-bit arithmetic
 * (fp_methods.h: sc_fp_inv_safegcd32).
 *
 * The algorithm of inv_safegcd.c (Bernstein and Yang, "Fast constant-time
 * gcd computation and modular inversion", TCHES 2019 (3): divstep of
 * section 11, the iteration bound of Theorem 11.2, the batching of section
 * 12), scaled down so that no 128-bit type is needed: numbers in signed
 * 30-bit limbs (int32_t, top limb signed), batches of 30 divsteps on the low
 * limbs of f and g, transition matrices with entries |u| + |v| <= 2^30
 * (int32_t), and the matrix-vector updates in int64_t (a limb update is two
 * or three products below 2^60 plus a carry, < 2^62).  This is the form a
 * mote without a 128-bit type (AVR, 32-bit cores) can run; on a 64-bit host
 * inv_safegcd.c's 60-step batches are about twice as fast.
 *
 * divstep(delta, f, g) = (1 - delta, g, (g - f)/2)  if delta > 0 and g odd,
 *                        (1 + delta, f, (g + f)/2)  if delta <= 0 and g odd,
 *                        (1 + delta, f, g/2)        if g even,
 * run from (1, p, a) for m = floor((49 d + 57) / 17) steps (d >= 46;
 * (49 d + 80) / 17 below), d = bits of p: then g = 0 and f = +-1 (a
 * invertible) or f = p (a = 0).  In a batch the matrix T = (u v; q r) with
 * 2^30 (f', g') = (u f + v g, q f + r g) is built on the low words, then
 * applied to the full f, g and to d, e, where f = d a / s, g = e a / s
 * (mod p) with s = 1 (plain) or R^2 mod p (Montgomery: the inverse of a R
 * comes out as a^-1 R).  d' = (u d + v e) / 2^30 is made exact mod p by
 * adding md p, md = -(u d + v e) p^-1 mod 2^30; from d, e in [0, p) the
 * result lies in (-p, 2p), brought back by one masked addition and one
 * masked subtraction.  Every step runs; masks select the cases. */
#include <seacurve/fp_methods.h>
#include <seacurve/util.h>
#include <seacurve/opcount.h>
#include "util/flash.h"

#define L30 30
#define M30 (((uint32_t)1 << L30) - 1u)
/* limbs for a signed number of magnitude < 2^(SC_FP_MAX_BITS + 1) */
#define NL30 ((SC_FP_MAX_BITS + 2 + L30 - 1) / L30)

/* Bits [pos, pos + 30) of the little-endian nw-word number a. */
static uint32_t words_get30(const sc_word *a, size_t nw, size_t pos)
{
    uint32_t v = 0;
    size_t got = 0;
    while (got < L30) {
        size_t bit = pos + got, wi = bit / SC_WORD_BITS, off = bit % SC_WORD_BITS;
        if (wi >= nw)
            break;
        v |= (uint32_t)((uint64_t)(a[wi] >> off) << got);
        got += SC_WORD_BITS - off;
    }
    return v & M30;
}

/* sc_word array (nw words) -> nl 30-bit limbs. */
static void sg30_from_words(int32_t *x, const sc_word *a, size_t nw, size_t nl)
{
    size_t i;
    for (i = 0; i < nl; i++)
        x[i] = (int32_t)words_get30(a, nw, L30 * i);
}

/* nl non-negative 30-bit limbs -> nw words. */
static void sg30_to_words(sc_word *r, const int32_t *x, size_t nw, size_t nl)
{
    size_t j;
    for (j = 0; j < nw; j++) {
        sc_word w = 0;
        size_t got = 0;
        while (got < SC_WORD_BITS) {
            size_t bit = j * SC_WORD_BITS + got, li = bit / L30, off = bit % L30;
            if (li >= nl)
                break;
            w = (sc_word)(w | (sc_word)((uint64_t)((uint32_t)x[li] >> off) << got));
            got += L30 - off;
        }
        r[j] = w;
    }
}

/* 30 divsteps on the low limbs (30 bits) of f and g: step i (from 0) reads
 * bit 0 of g, and 30 - i low bits of f and g are still exact then.  eta = -delta.  Per step, with
 * c1 = (eta < 0), c2 = (g odd), s = c1 & c2 (the swap case):
 *   g += (c1 ? -f : f) & c2; f += g & s (= old g when swapping); g /= 2,
 * and the rows: (q, r) += +-(u, v) & c2, (u, v) += (q, r) & s,
 * (u, v) *= 2 (rows scaled by 2^i, so halving g is doubling f's row);
 * eta' = (eta ^ s) - s - 1.  Arithmetic on uint32_t (wrapping), the
 * entries read back as int32_t (|entries| <= 2^30). */
static uint32_t sg30_divsteps(uint32_t eta, uint32_t f, uint32_t g, int32_t t[4])
{
    uint32_t u = 1, v = 0, q = 0, r = 1, c1, c2, s;
    int i;
    for (i = 0; i < L30; i++) {
        c1 = (uint32_t)0 - (eta >> 31);
        c2 = (uint32_t)0 - (g & 1u);
        s = c1 & c2;
        g += ((f ^ c1) - c1) & c2;
        q += ((u ^ c1) - c1) & c2;
        r += ((v ^ c1) - c1) & c2;
        f += g & s;
        u += q & s;
        v += r & s;
        eta = (eta ^ s) - (s + 1u);
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    t[0] = (int32_t)u;
    t[1] = (int32_t)v;
    t[2] = (int32_t)q;
    t[3] = (int32_t)r;
    return eta;
}

/* Arithmetic right shift of a signed 64-bit value by 30 (portable: the
 * shift of a negative value is implementation-defined in C). */
static int64_t sar30(int64_t x)
{
    uint64_t m = (uint64_t)0 - ((uint64_t)x >> 63);
    return (int64_t)((((uint64_t)x ^ m) >> L30) ^ m);
}

/* (f, g) = ((u f + v g) / 2^30, (q f + r g) / 2^30), both exact. */
static void sg30_update_fg(int32_t *f, int32_t *g, const int32_t t[4], size_t nl)
{
    int64_t cf, cg;
    size_t i;
    cf = (int64_t)t[0] * f[0] + (int64_t)t[1] * g[0];
    cg = (int64_t)t[2] * f[0] + (int64_t)t[3] * g[0];
    cf = sar30(cf);
    cg = sar30(cg);
    for (i = 1; i < nl; i++) {
        cf += (int64_t)t[0] * f[i] + (int64_t)t[1] * g[i];
        cg += (int64_t)t[2] * f[i] + (int64_t)t[3] * g[i];
        f[i - 1] = (int32_t)((uint32_t)cf & M30);
        g[i - 1] = (int32_t)((uint32_t)cg & M30);
        cf = sar30(cf);
        cg = sar30(cg);
    }
    f[nl - 1] = (int32_t)cf;
    g[nl - 1] = (int32_t)cg;
}

/* x in (-p, 2p) -> [0, p): add p when x < 0, subtract p unless that borrows. */
static void sg30_normalize(int32_t *x, const int32_t *p, size_t nl)
{
    int32_t y[NL30];
    uint32_t m = (uint32_t)0 - ((uint32_t)x[nl - 1] >> 31);
    int64_t c = 0;
    size_t i;
    for (i = 0; i < nl; i++) {
        c += (int64_t)x[i] + (int64_t)(uint32_t)((uint32_t)p[i] & m);
        x[i] = (int32_t)((uint32_t)c & M30);
        c = sar30(c);
    }
    x[nl - 1] = (int32_t)((uint32_t)x[nl - 1] + ((uint32_t)c << L30));
    c = 0;
    for (i = 0; i < nl; i++) {
        c += (int64_t)x[i] - p[i];
        y[i] = (int32_t)((uint32_t)c & M30);
        c = sar30(c);
    }
    y[nl - 1] = (int32_t)((uint32_t)y[nl - 1] + ((uint32_t)c << L30));
    m = (uint32_t)0 - ((uint32_t)y[nl - 1] >> 31); /* all ones: x < p, keep x */
    for (i = 0; i < nl; i++)
        x[i] = (int32_t)((uint32_t)x[i] ^ (~m & ((uint32_t)x[i] ^ (uint32_t)y[i])));
}

/* (d, e) = ((u d + v e) / 2^30 mod p, (q d + r e) / 2^30 mod p), in [0, p). */
static void sg30_update_de(int32_t *d, int32_t *e, const int32_t t[4], const int32_t *p,
                           uint32_t pinv, size_t nl)
{
    int64_t cd, ce;
    uint32_t md, me;
    size_t i;
    md = ((uint32_t)0 - ((uint32_t)t[0] * (uint32_t)d[0] + (uint32_t)t[1] * (uint32_t)e[0]) * pinv) & M30;
    me = ((uint32_t)0 - ((uint32_t)t[2] * (uint32_t)d[0] + (uint32_t)t[3] * (uint32_t)e[0]) * pinv) & M30;
    cd = (int64_t)t[0] * d[0] + (int64_t)t[1] * e[0] + (int64_t)md * p[0];
    ce = (int64_t)t[2] * d[0] + (int64_t)t[3] * e[0] + (int64_t)me * p[0];
    cd = sar30(cd);
    ce = sar30(ce);
    for (i = 1; i < nl; i++) {
        cd += (int64_t)t[0] * d[i] + (int64_t)t[1] * e[i] + (int64_t)md * p[i];
        ce += (int64_t)t[2] * d[i] + (int64_t)t[3] * e[i] + (int64_t)me * p[i];
        d[i - 1] = (int32_t)((uint32_t)cd & M30);
        e[i - 1] = (int32_t)((uint32_t)ce & M30);
        cd = sar30(cd);
        ce = sar30(ce);
    }
    d[nl - 1] = (int32_t)cd;
    e[nl - 1] = (int32_t)ce;
    sg30_normalize(d, p, nl);
    sg30_normalize(e, p, nl);
}

void sc_fp_inv_safegcd32(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    int32_t fl[NL30], gl[NL30], d[NL30], e[NL30], p[NL30], t[4];
    const size_t nw = f->nw, nl = ((size_t)f->bits + 2 + L30 - 1) / L30;
    const unsigned bits = f->bits;
    const unsigned steps = bits < 46 ? (49u * bits + 80u) / 17u : (49u * bits + 57u) / 17u;
    const unsigned batches = (steps + L30 - 1) / L30;
    uint32_t pinv, eta = (uint32_t)0 - 1u, m; /* eta = -delta, delta = 1 */
    int64_t c;
    unsigned b;
    size_t i;

    SC_OPC_ENTER(inv);
    sg30_from_words(p, f->p, nw, nl);
    /* p^-1 mod 2^32 by Newton's iteration (3 -> 6 -> 12 -> 24 -> 48 bits) */
    pinv = (uint32_t)p[0];
    for (b = 0; b < 4; b++)
        pinv *= 2u - (uint32_t)p[0] * pinv;
    sg30_from_words(fl, f->p, nw, nl);
    sg30_from_words(gl, a, nw, nl);
    for (i = 0; i < nl; i++)
        d[i] = 0;
    if (f->mont) {
        sc_word r2[SC_FP_MAXW];
        sg30_from_words(e, sc_flash_words(r2, f->r2, nw), nw, nl);
    } else {
        for (i = 0; i < nl; i++)
            e[i] = 0;
        e[0] = 1;
    }
    for (b = 0; b < batches; b++) {
        eta = sg30_divsteps(eta, (uint32_t)fl[0], (uint32_t)gl[0], t);
        sg30_update_fg(fl, gl, t, nl);
        sg30_update_de(d, e, t, p, pinv, nl);
    }
    /* f = +-1 (or p when a = 0, with d = 0): r = d or p - d, then p -> 0 */
    m = (uint32_t)0 - ((uint32_t)fl[nl - 1] >> 31);
    c = 0;
    for (i = 0; i < nl; i++) {
        c += (int64_t)(uint32_t)((uint32_t)p[i] & m) + (int64_t)(int32_t)(((uint32_t)d[i] ^ m) - m);
        d[i] = (int32_t)((uint32_t)c & M30);
        c = sar30(c);
    }
    d[nl - 1] = (int32_t)((uint32_t)d[nl - 1] + ((uint32_t)c << L30));
    sg30_normalize(d, p, nl);
    sg30_to_words(r, d, nw, nl);
    sc_memzero(fl, sizeof fl);
    sc_memzero(gl, sizeof gl);
    sc_memzero(d, sizeof d);
    sc_memzero(e, sizeof e);
    sc_memzero(t, sizeof t);
    SC_OPC_LEAVE();
}
