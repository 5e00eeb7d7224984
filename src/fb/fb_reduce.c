/* Reduction modulo f(x) = x^m + T(x) for the SEC 2 fields (fb_methods.h):
 * [OMAP]'s two unbalanced-exponent methods (sec. III-B, III-D, Fig. 3,
 * Table III; after Haibin, Jin, You, ICICIC 2006), written once for every
 * field and limb width, and a bit-serial reference.
 *
 * Contract (all three): c holds 2 f->nw words of degree <= 2m - 2 (the
 * product or square of reduced elements; shxor and ref accept any 2nw-word
 * c); c is clobbered; r receives the f->nw reduced words and may be c
 * itself.  The shift amounts, loop bounds and word indices depend on m, the
 * exponents of T and W only: constant time. */
#include <string.h>
#include <seacurve/fb_methods.h>
#include <seacurve/util.h>

#define W SC_WORD_BITS

#include "fb_internal.h" /* FB_SPECIALISE, FB_INLINE */
#define SEC2_163(f) ((f)->m == 163 && (f)->nk == 3 && (f)->k[0] == 7 && (f)->k[1] == 6 && (f)->k[2] == 3)
#define SEC2_233(f) ((f)->m == 233 && (f)->nk == 1 && (f)->k[0] == 74)
#define SEC2_283(f) ((f)->m == 283 && (f)->nk == 3 && (f)->k[0] == 12 && (f)->k[1] == 7 && (f)->k[2] == 5)
#define SEC2_409(f) ((f)->m == 409 && (f)->nk == 1 && (f)->k[0] == 87)

/* c ^= w x^pos (w one word; pos public; the words touched exist) */
static inline void xor_at(sc_word *c, sc_word w, size_t pos)
{
    size_t q = pos / W;
    unsigned s = (unsigned)(pos % W);
    c[q] ^= (sc_word)(w << s);
    if (s)
        c[q + 1] ^= (sc_word)(w >> (W - s));
}

/* (a) shift-and-xor word folding.  Word i >= nw holds degrees iW .. iW+W-1,
 * all >= m; x^d = x^(d-m) T(x) (mod f), so the word is cleared and xored at
 * offsets iW - m + k for each exponent k of T.  m - k[0] > W keeps every
 * deposit strictly below word i (it is folded in a later, lower step if it
 * lands at degree >= m).  Last, the bits >= m of word nw - 1 are folded the
 * same way at offsets k (their deposits stay below degree k[0] + W < m). */
static FB_INLINE void shxor_body(sc_word *r, sc_word *c, size_t n, unsigned m, unsigned nk,
                                  unsigned k0, unsigned k1, unsigned k2)
{
    const unsigned ks[4] = { k0, nk > 1 ? k1 : 0u, nk > 1 ? k2 : 0u, 0u };
    unsigned sh = m % W, nt = nk + 1u, e;
    size_t i;
    for (i = 2 * n; i-- > n;) {
        sc_word w = c[i];
        c[i] = 0;
        for (e = 0; e < nt; e++)
            xor_at(c, w, i * W - m + (e == nt - 1u ? 0u : ks[e]));
    }
    if (sh) {
        sc_word w = (sc_word)(c[n - 1] >> sh);
        c[n - 1] &= (sc_word)(((sc_word)1 << sh) - 1u);
        for (e = 0; e < nt; e++)
            xor_at(c, w, e == nt - 1u ? 0u : ks[e]);
    }
    if (r != c)
        memcpy(r, c, n * sizeof(sc_word));
}

void sc_fb_reduce_shxor(sc_word *r, sc_word *c, const sc_fb_field *f)
{
#if FB_SPECIALISE
    /* the SEC 2 fields with their constants in the code (unrolled loops,
     * immediate shifts); the descriptor is checked, so another polynomial
     * of the same degree takes the generic body */
    if (SEC2_163(f)) {
        shxor_body(r, c, SC_WORDS(163), 163, 3, 7, 6, 3);
        return;
    }
    if (SEC2_233(f)) {
        shxor_body(r, c, SC_WORDS(233), 233, 1, 74, 0, 0);
        return;
    }
    if (SEC2_283(f)) {
        shxor_body(r, c, SC_WORDS(283), 283, 3, 12, 7, 5);
        return;
    }
    if (SEC2_409(f)) {
        shxor_body(r, c, SC_WORDS(409), 409, 1, 87, 0, 0);
        return;
    }
#endif
    shxor_body(r, c, f->nw, f->m, f->nk, f->k[0], f->k[1], f->k[2]);
}

/* (hi : lo) = a(x) b(x) for one word each, carry-less, b public: a 4-bit
 * window over b into the table ta/th[u] = u(x) a(x) (u < 16; th the bits
 * above W), from the top nibble of b down.  The table is indexed by nibbles
 * of the public b only.  A software stand-in for XORMPY / PCLMULQDQ. */
static inline void clmul_word_pub(sc_word *lo, sc_word *hi, const sc_word tl[16], const sc_word th[16], sc_word b)
{
    sc_word l = 0, h = 0;
    int k;
    for (k = W / 4 - 1; k >= 0; k--) {
        unsigned u = (unsigned)((b >> (4 * k)) & 15u);
        h = (sc_word)((sc_word)(h << 4) | (sc_word)(l >> (W - 4)));
        l = (sc_word)(l << 4);
        l ^= tl[u];
        h ^= th[u];
    }
    *lo = l;
    *hi = h;
}

static inline void clmul_table(sc_word tl[16], sc_word th[16], sc_word a)
{
    unsigned u;
    tl[0] = 0;
    th[0] = 0;
    tl[1] = a;
    th[1] = 0;
    for (u = 2; u < 16; u++) {
        if (u & 1) {
            tl[u] = (sc_word)(tl[u - 1] ^ a);
            th[u] = th[u - 1];
        } else {
            tl[u] = (sc_word)(tl[u / 2] << 1);
            th[u] = (sc_word)((sc_word)(th[u / 2] << 1) | (sc_word)(tl[u / 2] >> (W - 1)));
        }
    }
}

/* (b) multiplication by T(x): while the public degree bound of c (2m - 1 on
 * entry) exceeds m: C_h = c >> m (hb = bound - m bits), c = c mod x^m,
 * c ^= C_h T (every word of C_h times every one of the tw words of T), and
 * the bound becomes hb + k[0].  Two rounds for these fields. */
static FB_INLINE void mult_body(sc_word *r, sc_word *c, const sc_word *t, size_t n, unsigned m, size_t tw,
                                 unsigned k0)
{
    sc_word hw[SC_FB_MAXW + 1], tl[16], th[16];
    size_t kc = 2 * n, q = m / W, i, j;
    unsigned sh = m % W, bound = 2 * m - 1;
    while (bound > m) {
        unsigned hb = bound - m;
        size_t nh = (hb + W - 1) / W;
        for (j = 0; j < nh; j++) {
            sc_word lo = (sc_word)(c[q + j] >> sh);
            sc_word hi = (sh && q + j + 1 < kc) ? (sc_word)(c[q + j + 1] << (W - sh)) : 0;
            hw[j] = (sc_word)(lo | hi);
        }
        c[q] &= (sc_word)(((sc_word)1 << sh) - 1u);
        for (i = q + 1; i < kc; i++)
            c[i] = 0;
        for (j = 0; j < nh; j++) {
            clmul_table(tl, th, hw[j]);
            for (i = 0; i < tw; i++) {
                sc_word lo, hi;
                clmul_word_pub(&lo, &hi, tl, th, t[i]);
                c[i + j] ^= lo;
                if (i + j + 1 < kc)
                    c[i + j + 1] ^= hi;
            }
        }
        bound = hb + k0;
    }
    sc_memzero(hw, sizeof hw);
    sc_memzero(tl, sizeof tl);
    sc_memzero(th, sizeof th);
    if (r != c)
        memcpy(r, c, n * sizeof(sc_word));
}

void sc_fb_reduce_mult(sc_word *r, sc_word *c, const sc_fb_field *f)
{
#if FB_SPECIALISE
    if (SEC2_163(f)) {
        mult_body(r, c, f->t, SC_WORDS(163), 163, SC_WORDS(8), 7);
        return;
    }
    if (SEC2_233(f)) {
        mult_body(r, c, f->t, SC_WORDS(233), 233, SC_WORDS(75), 74);
        return;
    }
    if (SEC2_283(f)) {
        mult_body(r, c, f->t, SC_WORDS(283), 283, SC_WORDS(13), 12);
        return;
    }
    if (SEC2_409(f)) {
        mult_body(r, c, f->t, SC_WORDS(409), 409, SC_WORDS(88), 87);
        return;
    }
#endif
    mult_body(r, c, f->t, f->nw, f->m, f->tw, f->k[0]);
}

/* Reference: bit i of c, from the top down to m, is the coefficient of
 * x^i = x^(i-m) f(x) + x^(i-m) T(x): xor f(x) x^(i-m), masked by the bit. */
void sc_fb_reduce_ref(sc_word *r, sc_word *c, const sc_fb_field *f)
{
    size_t n = f->nw, i = 2 * n * W, e;
    unsigned m = f->m;
    while (i-- > m) {
        sc_word mask = sc_ct_mask_bit((sc_word)(c[i / W] >> (i % W)));
        size_t d = i - m;
        c[i / W] ^= (sc_word)(mask & (sc_word)((sc_word)1 << (i % W)));   /* the x^m term */
        for (e = 0; e < f->nk; e++)
            c[(d + f->k[e]) / W] ^= (sc_word)(mask & (sc_word)((sc_word)1 << ((d + f->k[e]) % W)));
        c[d / W] ^= (sc_word)(mask & (sc_word)((sc_word)1 << (d % W)));
    }
    if (r != c)
        memcpy(r, c, n * sizeof(sc_word));
}
