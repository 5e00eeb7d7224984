/* Polynomial products and squares over GF(2) on sc_word limbs (fb_methods.h):
 * the bit-serial reference, the Lopez-Dahab comb with 4-bit windows in three
 * lookup disciplines, and squaring by bit interleaving (arithmetic spreading,
 * constant time; a 256-entry table, variable time).
 *
 * Bounds: a, b have n <= SC_FB_MAXW words; the products have degree
 * <= 2nW - 2 and fill r[0 .. 2n).  r must not overlap a or b. */
#include <string.h>
#include <seacurve/fb_methods.h>
#include <seacurve/util.h>
#include "util/flash.h"
#include "util/dword.h"

#define W SC_WORD_BITS

#include "fb_internal.h" /* FB_SPECIALISE, FB_INLINE */

/* r (len words) <<= s, 0 < s < W.  Inlined everywhere, so that s is a
 * constant at each call (8-bit AVR has no barrel shifter: a variable shift is
 * a loop of one-bit shifts). */
#if defined(__GNUC__) || defined(__clang__)
static inline __attribute__((always_inline)) void shl_words(sc_word *r, size_t len, unsigned s)
#else
static inline void shl_words(sc_word *r, size_t len, unsigned s)
#endif
{
    size_t i;
    for (i = len - 1; i > 0; i--)
        r[i] = (sc_word)((sc_word)(r[i] << s) | (sc_word)(r[i - 1] >> (W - s)));
    r[0] = (sc_word)(r[0] << s);
}

void sc_fb_pmul_ref(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    size_t i = n * W, j;
    memset(r, 0, 2 * n * sizeof(sc_word));
    while (i--) {
        sc_word mask = sc_ct_mask_bit((sc_word)(a[i / W] >> (i % W)));
        shl_words(r, 2 * n, 1);
        for (j = 0; j < n; j++)
            r[j] ^= (sc_word)(b[j] & mask);
    }
}

/* rows[i] = x^i b (n + 1 words), i < 4 */
static void comb_rows(sc_word rows[4][SC_FB_MAXW + 1], const sc_word *b, size_t n)
{
    size_t i;
    memcpy(rows[0], b, n * sizeof(sc_word));
    rows[0][n] = 0;
    for (i = 1; i < 4; i++) {
        memcpy(rows[i], rows[i - 1], (n + 1) * sizeof(sc_word));
        shl_words(rows[i], n + 1, 1);
    }
}

/* Guide Alg. 2.36, with B_u = u(x) b(x) formed from the four rows x^i b and the
 * masks of the bits of u (the map u -> B_u is GF(2)-linear): constant time. */
static FB_INLINE void comb4_body(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    sc_word x[4][SC_FB_MAXW + 1];
    size_t j, w;
    int k;
    comb_rows(x, b, n);
    memset(r, 0, 2 * n * sizeof(sc_word));
    for (k = W / 4 - 1; k >= 0; k--) {
        for (j = 0; j < n; j++) {
            sc_word u = (sc_word)(a[j] >> (4 * k));
            sc_word m0 = sc_ct_mask_bit(u), m1 = sc_ct_mask_bit((sc_word)(u >> 1));
            sc_word m2 = sc_ct_mask_bit((sc_word)(u >> 2)), m3 = sc_ct_mask_bit((sc_word)(u >> 3));
            sc_word *rj = r + j;
            for (w = 0; w <= n; w++)
                rj[w] ^= (sc_word)((x[0][w] & m0) ^ (x[1][w] & m1) ^ (x[2][w] & m2) ^ (x[3][w] & m3));
        }
        if (k)
            shl_words(r, 2 * n, 4);
    }
    sc_memzero(x, sizeof x);
}

/* tab[u] = u(x) b(x), u < 16 (n + 1 words each; Guide Alg. 2.36 step 1) */
static void comb_table(sc_word tab[16][SC_FB_MAXW + 1], const sc_word *b, size_t n)
{
    size_t u, w;
    memset(tab[0], 0, (n + 1) * sizeof(sc_word));
    memcpy(tab[1], b, n * sizeof(sc_word));
    tab[1][n] = 0;
    for (u = 2; u < 16; u++) {
        if (u & 1) {
            for (w = 0; w <= n; w++)
                tab[u][w] = (sc_word)(tab[u - 1][w] ^ tab[1][w]);
        } else {
            memcpy(tab[u], tab[u / 2], (n + 1) * sizeof(sc_word));
            shl_words(tab[u], n + 1, 1);
        }
    }
}

/* Guide Alg. 2.36, every lookup a masked scan of the whole 16-entry table. */
static FB_INLINE void comb4_scan_body(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    sc_word tab[16][SC_FB_MAXW + 1], row[SC_FB_MAXW + 1];
    size_t j, w, e;
    int k;
    comb_table(tab, b, n);
    memset(r, 0, 2 * n * sizeof(sc_word));
    for (k = W / 4 - 1; k >= 0; k--) {
        for (j = 0; j < n; j++) {
            sc_word u = (sc_word)((a[j] >> (4 * k)) & 15u);
            memset(row, 0, (n + 1) * sizeof(sc_word));
            for (e = 0; e < 16; e++) {
                sc_word m = sc_ct_mask_z((sc_word)(u ^ (sc_word)e));
                for (w = 0; w <= n; w++)
                    row[w] |= (sc_word)(tab[e][w] & m);
            }
            for (w = 0; w <= n; w++)
                r[j + w] ^= row[w];
        }
        if (k)
            shl_words(r, 2 * n, 4);
    }
    sc_memzero(tab, sizeof tab);
    sc_memzero(row, sizeof row);
}

/* Guide Alg. 2.36 as printed: B_u read at index u (variable time where memory
 * has caches; the production product on AVR, which has none: fb.c). */
static FB_INLINE void comb4_var_body(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    sc_word tab[16][SC_FB_MAXW + 1];
    size_t j, w;
    int k;
    comb_table(tab, b, n);
    memset(r, 0, 2 * n * sizeof(sc_word));
    for (k = W / 4 - 1; k >= 0; k--) {
        for (j = 0; j < n; j++) {
            const sc_word *row = tab[(a[j] >> (4 * k)) & 15u];
            for (w = 0; w <= n; w++)
                r[j + w] ^= row[w];
        }
        if (k)
            shl_words(r, 2 * n, 4);
    }
    sc_memzero(tab, sizeof tab);   /* multiples of b (AVR: the production product) */
}

/* Guide Alg. 2.36 with the table bounded: b is taken in blocks of
 * FB_BLK words (64 bits), and for each block a 16-entry table of u(x) times the
 * block (FB_BLK + 1 words per row).  The accumulator is never shifted: after
 * the pass over nibble k of every word of a, the table rows are shifted by 4
 * bits instead (row u then holds u(x) x^(4(k+1)) times the block, which fits
 * FB_BLK + 1 words while 4(k + 1) <= W).  Row additions land at word s + j,
 * s the block's first word: s + j + FB_BLK < 2n.  The same row additions as
 * the comb, one table per block, (W/4 - 1) table shifts per block instead of
 * W/4 - 1 shifts of r; the table takes 16 (FB_BLK + 1) words of stack at any
 * n (144 bytes at 8-bit limbs) where comb4_var's takes 16 (n + 1).  The index
 * is secret: variable time where memory has caches (the product on AVR, fb.c). */
#define FB_BLK SC_WORDS(64)
void sc_fb_pmul_comb4_blk_var(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    sc_word tab[16][FB_BLK + 1];
    size_t s, len, j, w, u;
    unsigned k;
    memset(r, 0, 2 * n * sizeof(sc_word));
    for (s = 0; s < n; s += len) {
        len = n - s < FB_BLK ? n - s : FB_BLK;
        memset(tab[0], 0, sizeof tab[0]);
        memset(tab[1], 0, sizeof tab[1]);
        memcpy(tab[1], b + s, len * sizeof(sc_word));
        for (u = 2; u < 16; u++) {
            if (u & 1) {
                for (w = 0; w <= len; w++)
                    tab[u][w] = (sc_word)(tab[u - 1][w] ^ tab[1][w]);
            } else {
                memcpy(tab[u], tab[u / 2], (len + 1) * sizeof(sc_word));
                shl_words(tab[u], len + 1, 1);
            }
        }
        for (k = 0; k < W / 4; k++) {
            for (j = 0; j < n; j++) {
                sc_word aj = a[j];
                const sc_word *row;
                sc_word *rj = r + s + j;
#if W == 8
                if (k)
                    aj = (sc_word)(aj >> 4);     /* constant shifts (no shift loop on AVR) */
#else
                aj = (sc_word)(aj >> (4 * k));
#endif
                row = tab[aj & 15u];
                for (w = 0; w <= len; w++)
                    rj[w] ^= row[w];
            }
            if (k + 1 < W / 4)
                for (u = 1; u < 16; u++)
                    shl_words(tab[u], len + 1, 4);
        }
    }
    sc_memzero(tab, sizeof tab);
}

/* The three combs with the sizes of the SEC 2 fields as constants (unrolled
 * inner loops), the generic body for other sizes. */
#if FB_SPECIALISE
#define COMB_DISPATCH(name, body)                                              \
    void name(sc_word *r, const sc_word *a, const sc_word *b, size_t n)       \
    {                                                                         \
        switch (n) {                                                          \
        case SC_WORDS(163): body(r, a, b, SC_WORDS(163)); return;             \
        case SC_WORDS(233): body(r, a, b, SC_WORDS(233)); return;             \
        case SC_WORDS(283): body(r, a, b, SC_WORDS(283)); return;             \
        case SC_WORDS(409): body(r, a, b, SC_WORDS(409)); return;             \
        default: body(r, a, b, n); return;                                    \
        }                                                                     \
    }
#else
#define COMB_DISPATCH(name, body)                                              \
    void name(sc_word *r, const sc_word *a, const sc_word *b, size_t n)       \
    {                                                                         \
        body(r, a, b, n);                                                     \
    }
#endif
COMB_DISPATCH(sc_fb_pmul_comb4, comb4_body)
COMB_DISPATCH(sc_fb_pmul_comb4_scan, comb4_scan_body)
COMB_DISPATCH(sc_fb_pmul_comb4_var, comb4_var_body)

/* ---- squaring ---- */

/* The W/2 low bits of h spread to the even bit positions of a word:
 * h = (h | h << s) & (~0 / (2^s + 1)) for s = W/4, ..., 2, 1 (the mask keeps
 * s-bit groups with s-bit gaps: 0x0000ffff0000ffff, ..., 0x5555...). */
static inline sc_word spread_half(sc_word h)
{
    unsigned s;
    h = (sc_word)(h & (sc_word)(((sc_word)1 << (W / 2)) - 1u));
    for (s = W / 4; s >= 1; s >>= 1)
        h = (sc_word)((h | (sc_word)(h << s)) & (sc_word)((sc_word)~(sc_word)0 / (sc_word)(((sc_word)1 << s) + 1u)));
    return h;
}

void sc_fb_psqr_spread(sc_word *r, const sc_word *a, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        sc_word v = a[i];
        r[2 * i] = spread_half(v);
        r[2 * i + 1] = spread_half((sc_word)(v >> (W / 2)));
    }
}

/* FB_SP(b): byte b with a zero inserted above each bit (16 bits). */
#define FB_SP(b) ((uint16_t)(((b) & 1) | ((b) & 2) << 1 | ((b) & 4) << 2 | ((b) & 8) << 3 | \
    ((b) & 16) << 4 | ((b) & 32) << 5 | ((b) & 64) << 6 | ((b) & 128) << 7))
#define FB_SP4(b) FB_SP(b), FB_SP((b) + 1), FB_SP((b) + 2), FB_SP((b) + 3)
#define FB_SP16(b) FB_SP4(b), FB_SP4((b) + 4), FB_SP4((b) + 8), FB_SP4((b) + 12)
#define FB_SP64(b) FB_SP16(b), FB_SP16((b) + 16), FB_SP16((b) + 32), FB_SP16((b) + 48)
/* in program memory on AVR (util/flash.h), read by sc_flash_rd_u16 */
static const uint16_t sq_table[256] SC_FLASH = { FB_SP64(0), FB_SP64(64), FB_SP64(128), FB_SP64(192) };

void sc_fb_psqr_table_var(sc_word *r, const sc_word *a, size_t n)
{
    size_t i, q;
    for (i = 0; i < n; i++) {
        sc_dword acc = 0;
        for (q = 0; q < W / 8; q++)
            acc |= (sc_dword)((sc_dword)sc_flash_rd_u16(&sq_table[(a[i] >> (8 * q)) & 0xffu]) << (16 * q));
        r[2 * i] = (sc_word)acc;
        r[2 * i + 1] = (sc_word)(acc >> W);
    }
}
