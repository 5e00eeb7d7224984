/* The multi-precision multiplication and squaring methods of the papers,
 * each a separate function (include/seacurve/mp_methods.h), and their
 * registry.  Comba (product scanning) is in mul.c.
 *
 * Everything here is constant time in the operand values: loop bounds,
 * branches and addresses depend only on the public sizes n and d; carries
 * are taken from double-word sums or unsigned comparisons (no branch).
 * Scratch lives on the stack, bounded by SC_FP_MAXW. */
#include <seacurve/mp.h>
#include <seacurve/mp_methods.h>
#include <seacurve/opcount.h>
#include <string.h>
#include "util/dword.h"

#define W SC_WORD_BITS
#define MAXN (2 * SC_FP_MAXW)   /* largest operand, words */
#define HALFN SC_FP_MAXW        /* largest Karatsuba half, words (ceil(MAXN / 2)) */

#if defined(__GNUC__) || defined(__clang__)
#  define SC_INLINE static inline __attribute__((always_inline))
#else
#  define SC_INLINE static inline
#endif

/* The hybrid column accumulator holds 2d+1 words: a block column adds at
 * most K <= n block products (< B^(2d) each) to a carry-in < B^(d+1), which
 * stays below B^(2d+1) while K + 1 <= B (B = 2^W). */
_Static_assert(W >= 16 || MAXN + 1 <= 256, "hybrid accumulator: block count must stay below the word base");

/* ---------------------------------------------------------------------- */
/* small helpers on word strings                                           */

/* s (nx words) = x (nx words) + y (ny <= nx words); returns the carry. */
static sc_word add_uneven(sc_word *s, const sc_word *x, size_t nx, const sc_word *y, size_t ny)
{
    sc_word c = 0;
    size_t i;
    for (i = 0; i < nx; i++) {
        sc_dword t = (sc_dword)((sc_dword)x[i] + (i < ny ? y[i] : 0) + c);
        s[i] = (sc_word)t;
        c = (sc_word)(t >> W);
    }
    return c;
}

/* t (nt words) += x (nx <= nt words) & mask, carry rippled to the top word
 * of t and dropped there (callers know the sum fits). */
static void acc_add(sc_word *t, size_t nt, const sc_word *x, size_t nx, sc_word mask)
{
    sc_word c = 0;
    size_t i;
    for (i = 0; i < nt; i++) {
        sc_dword s = (sc_dword)((sc_dword)t[i] + (sc_word)((i < nx ? x[i] : 0) & mask) + c);
        t[i] = (sc_word)s;
        c = (sc_word)(s >> W);
    }
}

/* t (nt words) -= x (nx <= nt words), borrow rippled to the top and dropped
 * (callers know the difference is non-negative). */
static void acc_sub(sc_word *t, size_t nt, const sc_word *x, size_t nx)
{
    sc_word bw = 0;
    size_t i;
    for (i = 0; i < nt; i++) {
        sc_word xi = i < nx ? x[i] : 0;
        sc_word d = (sc_word)(t[i] - xi);
        sc_word b1 = (sc_word)(t[i] < xi);
        sc_word d2 = (sc_word)(d - bw);
        sc_word b2 = (sc_word)(d < bw);
        t[i] = d2;
        bw = (sc_word)(b1 | b2);
    }
}

/* ---------------------------------------------------------------------- */
/* row-wise (operand scanning)                                             */

void sc_mp_mul_rowwise(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    size_t i, j;
    SC_OPC_W(n * n);
    for (i = 0; i < n; i++)
        r[i] = 0;
    for (j = 0; j < n; j++) {
        sc_word c = 0, bj = b[j];
        for (i = 0; i < n; i++) {
            sc_dword t = (sc_dword)((sc_dword)a[i] * bj + r[i + j] + c);
            r[i + j] = (sc_word)t;
            c = (sc_word)(t >> W);
        }
        r[n + j] = c;
    }
}

void sc_mp_sqr_rowwise(sc_word *r, const sc_word *a, size_t n)
{
    size_t i, j;
    sc_word c;
    SC_OPC_W(n * (n + 1) / 2);
    for (i = 0; i < 2 * n; i++)
        r[i] = 0;
    /* cross products a[i] * a[j], i < j: row i lands at words i+1 .. i+n */
    for (i = 0; i + 1 < n; i++) {
        sc_word ai = a[i];
        c = 0;
        for (j = i + 1; j < n; j++) {
            sc_dword t = (sc_dword)((sc_dword)ai * a[j] + r[i + j] + c);
            r[i + j] = (sc_word)t;
            c = (sc_word)(t >> W);
        }
        r[i + n] = c;
    }
    /* double (the cross sum is below B^(2n) / 2: nothing shifts out) */
    c = 0;
    for (i = 0; i < 2 * n; i++) {
        sc_word w = r[i];
        r[i] = (sc_word)((sc_word)(w << 1) | c);
        c = (sc_word)(w >> (W - 1));
    }
    /* add the squares on the diagonal */
    c = 0;
    for (i = 0; i < n; i++) {
        sc_dword t = (sc_dword)((sc_dword)a[i] * a[i] + r[2 * i] + c);
        sc_dword u;
        r[2 * i] = (sc_word)t;
        u = (sc_dword)((sc_dword)r[2 * i + 1] + (sc_word)(t >> W));
        r[2 * i + 1] = (sc_word)u;
        c = (sc_word)(u >> W);
    }
}

/* ---------------------------------------------------------------------- */
/* hybrid (Gura et al.): product scanning over d-word blocks, each block   */
/* product row-wise in locals                                              */

/* p (sx + sy words) = x (sx words) * y (sy words), row-wise. */
SC_INLINE void hyb_prod(sc_word *p, const sc_word *x, size_t sx, const sc_word *y, size_t sy)
{
    sc_word c;
    size_t i, j;
    for (i = 0; i < sx; i++)
        p[i] = 0;
    for (j = 0; j < sy; j++) {
        sc_word yj = y[j];
        c = 0;
        for (i = 0; i < sx; i++) {
            sc_dword t = (sc_dword)((sc_dword)x[i] * yj + p[i + j] + c);
            p[i + j] = (sc_word)t;
            c = (sc_word)(t >> W);
        }
        p[sx + j] = c;
    }
}

/* acc (alen words) += x (sx words) * y (sy words), twice when dbl; the
 * block product p is formed row-wise first.  sx, sy <= MAXN, alen >= sx+sy. */
SC_INLINE void hyb_block(sc_word *acc, size_t alen, const sc_word *x, size_t sx,
                         const sc_word *y, size_t sy, int dbl)
{
    sc_word p[2 * MAXN];
    sc_word c = 0;
    size_t i;
    hyb_prod(p, x, sx, y, sy);
    for (i = 0; i < sx + sy; i++) {
        /* acc + p (+ p) + c <= 3(B-1) + 2: fits a double word, carry <= 2 */
        sc_dword t = (sc_dword)((sc_dword)acc[i] + p[i] + (dbl ? p[i] : 0) + c);
        acc[i] = (sc_word)t;
        c = (sc_word)(t >> W);
    }
    for (; i < alen; i++) {
        sc_dword t = (sc_dword)((sc_dword)acc[i] + c);
        acc[i] = (sc_word)t;
        c = (sc_word)(t >> W);
    }
}

/* hyb_block for a full d x d block, its loops marked for complete unrolling
 * (effective when d is a compile-time constant: hybrid2 / hybrid4), so that
 * the block product and the accumulator live in registers. */
#if defined(__clang__)
#  define SC_UNROLL _Pragma("unroll")
#elif defined(__GNUC__) && __GNUC__ >= 8
#  define SC_UNROLL _Pragma("GCC unroll 16")
#else
#  define SC_UNROLL
#endif
SC_INLINE void hyb_block_full(sc_word *acc, size_t d, const sc_word *x, const sc_word *y, int dbl)
{
    sc_word p[2 * MAXN];
    sc_word c;
    size_t i, j;
    SC_UNROLL
    for (j = 0; j < d; j++) {
        sc_word yj = y[j];
        c = 0;
        SC_UNROLL
        for (i = 0; i < d; i++) {
            sc_dword t = (sc_dword)((sc_dword)x[i] * yj + (j ? p[i + j] : 0) + c);
            p[i + j] = (sc_word)t;
            c = (sc_word)(t >> W);
        }
        p[d + j] = c;
    }
    c = 0;
    SC_UNROLL
    for (i = 0; i < 2 * d; i++) {
        sc_dword t = (sc_dword)((sc_dword)acc[i] + p[i] + (dbl ? p[i] : 0) + c);
        acc[i] = (sc_word)t;
        c = (sc_word)(t >> W);
    }
    acc[2 * d] = (sc_word)(acc[2 * d] + c);
}

/* One block product of the column.  With unrolled set (hybrid2 / hybrid4:
 * d a compile-time constant), full d x d blocks go straight into the
 * accumulator through hyb_block_full, and a block involving the short top
 * block is formed in a scratch accumulator t first and then added, so that
 * acc is only ever indexed by constants and can stay in registers.
 * Otherwise (any d at run time) every block goes through hyb_block.  Block
 * sizes are public. */
SC_INLINE void hyb_mac(sc_word *acc, size_t d, const sc_word *x, size_t sx,
                       const sc_word *y, size_t sy, int dbl, int unrolled)
{
    if (!unrolled) {
        hyb_block(acc, 2 * d + 1, x, sx, y, sy, dbl);
    } else if (sx == d && sy == d) {
        hyb_block_full(acc, d, x, y, dbl);
    } else {
        /* the short top block: its product, then added with the constant
         * length 2d + 1 (zero past its sx + sy words) */
        sc_word p[2 * MAXN], c = 0;
        size_t k, len = sx + sy;
        hyb_prod(p, x, sx, y, sy);
        SC_UNROLL
        for (k = 0; k < 2 * d + 1; k++) {
            sc_word pk = k < len ? p[k] : 0;
            sc_dword u = (sc_dword)((sc_dword)acc[k] + pk + (dbl ? pk : 0) + c);
            acc[k] = (sc_word)u;
            c = (sc_word)(u >> W);
        }
    }
}

/* Emit block column l (d words) and shift the accumulator down by d. */
SC_INLINE void hyb_emit(sc_word *r, sc_word *acc, size_t d)
{
    size_t k;
    for (k = 0; k < d; k++)
        r[k] = acc[k];
    for (k = 0; k <= d; k++)
        acc[k] = acc[k + d];
    for (k = d + 1; k < 2 * d + 1; k++)
        acc[k] = 0;
}

SC_INLINE size_t hyb_d(size_t n, size_t d)
{
    if (d == 0)
        d = 1;
    return d > n ? n : d;
}

SC_INLINE void hyb_mul(sc_word *r, const sc_word *a, const sc_word *b, size_t n, size_t d, int unrolled)
{
    sc_word acc[2 * MAXN + 1];
    size_t K, s, l, i, k;
    if (!unrolled)      /* the unrolled callers pass a constant d <= n */
        d = hyb_d(n, d);
    K = (n + d - 1) / d;          /* blocks */
    s = n - (K - 1) * d;          /* words in the top block, 1..d */
    SC_OPC_W(n * n);
    for (k = 0; k < 2 * d + 1; k++)
        acc[k] = 0;
    for (l = 0; l + 1 < 2 * K; l++) {
        size_t lo = l < K ? 0 : l - K + 1;
        size_t hi = l < K ? l : K - 1;
        for (i = lo; i <= hi; i++) {
            size_t j = l - i;
            hyb_mac(acc, d, a + i * d, i + 1 < K ? d : s, b + j * d, j + 1 < K ? d : s, 0, unrolled);
        }
        if (l + 2 < 2 * K)
            hyb_emit(r + l * d, acc, d);
    }
    /* the last column: the top 2s words */
    for (k = 0; k < 2 * s; k++)
        r[(2 * K - 2) * d + k] = acc[k];
}

SC_INLINE void hyb_sqr(sc_word *r, const sc_word *a, size_t n, size_t d, int unrolled)
{
    sc_word acc[2 * MAXN + 1];
    size_t K, s, l, i, k;
    if (!unrolled)      /* the unrolled callers pass a constant d <= n */
        d = hyb_d(n, d);
    K = (n + d - 1) / d;
    s = n - (K - 1) * d;
    SC_OPC_W((n * n + (K - 1) * d * d + s * s) / 2);
    for (k = 0; k < 2 * d + 1; k++)
        acc[k] = 0;
    for (l = 0; l + 1 < 2 * K; l++) {
        size_t lo = l < K ? 0 : l - K + 1;
        /* off-diagonal block products once, added twice */
        for (i = lo; i < l - i; i++) {
            size_t j = l - i;
            hyb_mac(acc, d, a + i * d, i + 1 < K ? d : s, a + j * d, j + 1 < K ? d : s, 1, unrolled);
        }
        /* the diagonal block (even columns), a full block product, once */
        if ((l & 1) == 0) {
            i = l / 2;
            hyb_mac(acc, d, a + i * d, i + 1 < K ? d : s, a + i * d, i + 1 < K ? d : s, 0, unrolled);
        }
        if (l + 2 < 2 * K)
            hyb_emit(r + l * d, acc, d);
    }
    for (k = 0; k < 2 * s; k++)
        r[(2 * K - 2) * d + k] = acc[k];
}

void sc_mp_mul_hybrid(sc_word *r, const sc_word *a, const sc_word *b, size_t n, size_t d)
{
    hyb_mul(r, a, b, n, d, 0);
}

void sc_mp_mul_hybrid2(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    if (n >= 2)
        hyb_mul(r, a, b, n, 2, 1);
    else
        hyb_mul(r, a, b, n, n, 0);
}

void sc_mp_mul_hybrid4(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    if (n >= 4)
        hyb_mul(r, a, b, n, 4, 1);
    else
        hyb_mul(r, a, b, n, n, 0);
}

void sc_mp_sqr_hybrid(sc_word *r, const sc_word *a, size_t n, size_t d)
{
    hyb_sqr(r, a, n, d, 0);
}

void sc_mp_sqr_hybrid2(sc_word *r, const sc_word *a, size_t n)
{
    if (n >= 2)
        hyb_sqr(r, a, n, 2, 1);
    else
        hyb_sqr(r, a, n, n, 0);
}

void sc_mp_sqr_hybrid4(sc_word *r, const sc_word *a, size_t n)
{
    if (n >= 4)
        hyb_sqr(r, a, n, 4, 1);
    else
        hyb_sqr(r, a, n, n, 0);
}

/* ---------------------------------------------------------------------- */
/* Karatsuba over Comba                                                    */

typedef void (*mul_fn)(sc_word *, const sc_word *, const sc_word *, size_t);
typedef void (*sqr_fn)(sc_word *, const sc_word *, size_t);

/* r = a * b with one Karatsuba level; the three half products by sub. */
static void kara_mul(sc_word *r, const sc_word *a, const sc_word *b, size_t n, mul_fn sub)
{
    sc_word sa[HALFN], sb[HALFN], z1[2 * HALFN + 1];
    sc_word ca, cb, one = 1;
    size_t m, h;
    if (n < 2) {
        sub(r, a, b, n);
        return;
    }
    m = (n + 1) / 2;   /* low halves: m words; high halves: h = n - m <= m */
    h = n - m;
    sub(r, a, b, m);                   /* z0 = a0 * b0 -> r[0 .. 2m) */
    sub(r + 2 * m, a + m, b + m, h);   /* z2 = a1 * b1 -> r[2m .. 2n) */
    ca = add_uneven(sa, a, m, a + m, h);
    cb = add_uneven(sb, b, m, b + m, h);
    /* z1 = (sa + ca B^m)(sb + cb B^m) = sa sb + (ca sb + cb sa) B^m + ca cb B^2m < 4 B^2m */
    sub(z1, sa, sb, m);
    z1[2 * m] = 0;
    acc_add(z1 + m, m + 1, sb, m, (sc_word)(0 - ca));
    acc_add(z1 + m, m + 1, sa, m, (sc_word)(0 - cb));
    acc_add(z1 + 2 * m, 1, &one, 1, (sc_word)(0 - (ca & cb)));
    /* z1 - z0 - z2 = a0 b1 + a1 b0 < 2 B^n */
    acc_sub(z1, 2 * m + 1, r, 2 * m);
    acc_sub(z1, 2 * m + 1, r + 2 * m, 2 * h);
    /* r += z1 B^m: r + m has 2n - m >= n + 1 words, enough for z1's value */
    {
        size_t room = 2 * n - m, len = 2 * m + 1 < room ? 2 * m + 1 : room;
        acc_add(r + m, room, z1, len, (sc_word)~(sc_word)0);
    }
}

/* r = a^2 with one Karatsuba level; the three half squares by sub. */
static void kara_sqr(sc_word *r, const sc_word *a, size_t n, sqr_fn sub)
{
    sc_word sa[HALFN], z1[2 * HALFN + 1];
    sc_word ca, one = 1;
    size_t m, h;
    if (n < 2) {
        sub(r, a, n);
        return;
    }
    m = (n + 1) / 2;
    h = n - m;
    sub(r, a, m);                  /* a0^2 */
    sub(r + 2 * m, a + m, h);      /* a1^2 */
    ca = add_uneven(sa, a, m, a + m, h);
    /* (sa + ca B^m)^2 = sa^2 + 2 ca sa B^m + ca B^2m < 4 B^2m */
    sub(z1, sa, m);
    z1[2 * m] = 0;
    acc_add(z1 + m, m + 1, sa, m, (sc_word)(0 - ca));
    acc_add(z1 + m, m + 1, sa, m, (sc_word)(0 - ca));
    acc_add(z1 + 2 * m, 1, &one, 1, (sc_word)(0 - ca));
    /* minus a0^2 and a1^2: 2 a0 a1 < 2 B^n */
    acc_sub(z1, 2 * m + 1, r, 2 * m);
    acc_sub(z1, 2 * m + 1, r + 2 * m, 2 * h);
    {
        size_t room = 2 * n - m, len = 2 * m + 1 < room ? 2 * m + 1 : room;
        acc_add(r + m, room, z1, len, (sc_word)~(sc_word)0);
    }
}

void sc_mp_mul_karatsuba1(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    kara_mul(r, a, b, n, sc_mp_mul_comba);
}

void sc_mp_mul_karatsuba2(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    kara_mul(r, a, b, n, sc_mp_mul_karatsuba1);
}

void sc_mp_sqr_karatsuba1(sc_word *r, const sc_word *a, size_t n)
{
    kara_sqr(r, a, n, sc_mp_sqr_comba);
}

void sc_mp_sqr_karatsuba2(sc_word *r, const sc_word *a, size_t n)
{
    kara_sqr(r, a, n, sc_mp_sqr_karatsuba1);
}

/* ---------------------------------------------------------------------- */
/* [DSP] Alg. 2: row-wise with a half-word multiplier                     */

#define H (W / 2)
#define HMASK ((sc_word)(((sc_word)1 << H) - 1))

/* half-word x half-word -> word: the narrow multiplier (MPYU and friends) */
#define HMUL(x, y) ((sc_word)((sc_word)(x) * (sc_word)(y)))

/* s += x, c += carry out */
#define ADDC(s, c, x) do { sc_word x_ = (x); (s) = (sc_word)((s) + x_); (c) = (sc_word)((c) + (sc_word)((s) < x_)); } while (0)

void sc_mp_mul_halfword(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    sc_word y[MAXN];   /* the running row sum, shifted down one word per row */
    size_t i, j;
    SC_OPC_W(n * n);   /* 4 n^2 half-width multiplies = n^2 word products */
    for (i = 0; i < n; i++)
        y[i] = 0;
    for (j = 0; j < n; j++) {
        sc_word bl = (sc_word)(b[j] & HMASK), bh = (sc_word)(b[j] >> H);
        sc_word al = (sc_word)(a[0] & HMASK), ah = (sc_word)(a[0] >> H);
        sc_word hl = HMUL(ah, bl), lh = HMUL(al, bh);
        sc_word tmp1, tmp2, c1, c2, s;
        /* 2: (c1, tmp2) = mpyhl + mpylh */
        tmp2 = (sc_word)(hl + lh);
        c1 = (sc_word)(tmp2 < hl);
        /* 3: (c2, z_j) = y_0 + (tmp2 << H) + mpyu */
        s = y[0];
        c2 = 0;
        ADDC(s, c2, (sc_word)(tmp2 << H));
        ADDC(s, c2, HMUL(al, bl));
        r[j] = s;
        /* 4: c2 += mpyhu */
        c2 = (sc_word)(c2 + HMUL(ah, bh));
        tmp1 = tmp2;
        for (i = 1; i < n; i++) {
            sc_word mid, cc;
            al = (sc_word)(a[i] & HMASK);
            ah = (sc_word)(a[i] >> H);
            hl = HMUL(ah, bl);
            lh = HMUL(al, bh);
            /* 7: (c1, tmp2) = mpyhl + mpylh + c1 (carry out <= 1) */
            tmp2 = (sc_word)(hl + lh);
            cc = (sc_word)(tmp2 < hl);
            tmp2 = (sc_word)(tmp2 + c1);
            cc = (sc_word)(cc + (sc_word)(tmp2 < c1));
            c1 = cc;
            /* 8: mid = (tmp2 << H) | (tmp1 >> H) */
            mid = (sc_word)((sc_word)(tmp2 << H) | (sc_word)(tmp1 >> H));
            /* 9: (c2, y_{i-1}) = y_i + mid + c2 + mpyu (carry <= 3) */
            s = y[i];
            cc = 0;
            ADDC(s, cc, mid);
            ADDC(s, cc, c2);
            ADDC(s, cc, HMUL(al, bl));
            y[i - 1] = s;
            /* 10: c2 = carry + mpyhu (< B: mpyhu <= B - 2^(H+1) + 1) */
            c2 = (sc_word)(cc + HMUL(ah, bh));
            tmp1 = tmp2;
        }
        /* 13: y_{n-1} = c2 plus the last middle sum's high half and carry
         * (the paper's listing omits the latter; the row sum is below
         * B^(n+1), so this word cannot overflow) */
        y[n - 1] = (sc_word)(c2 + (sc_word)((sc_word)(c1 << H) | (sc_word)(tmp1 >> H)));
    }
    /* 15: the top n words */
    for (i = 0; i < n; i++)
        r[n + i] = y[i];
}

#undef H
#undef HMASK
#undef HMUL
#undef ADDC

/* ---------------------------------------------------------------------- */
/* registry                                                                */

static void sqr_halfword(sc_word *r, const sc_word *a, size_t n)
{
    sc_mp_mul_halfword(r, a, a, n);
}

static const sc_mp_method methods[] = {
    { "rowwise",
      SC_DOC("operand scanning: [DSP] sec. 4.2 (row-wise), [OPF] sec. 3.1 (schoolbook), HAC Alg. 14.12; "
      "sqr: dedicated, cross products by rows, doubled, plus the diagonal (HAC Alg. 14.16)"),
      sc_mp_mul_rowwise, sc_mp_sqr_rowwise },
    { "comba",
      SC_DOC("product scanning: Comba 1990, [DSP] sec. 4.2 (column-wise), [OPF] sec. 3.1, Guide to ECC Alg. 2.10; "
      "sqr: dedicated (Guide to ECC Alg. 2.13 by columns, [OPF] sec. 3.2)"),
      sc_mp_mul_comba, sc_mp_sqr_comba },
    { "hybrid2",
      SC_DOC("hybrid, d = 2: Gura et al. 2004 as in [DSP] sec. 4.2, [WM-ECC] sec. 3.1.1, [OPF] sec. 3.1 / 4.2; "
      "sqr: dedicated hybrid squaring of [OPF] sec. 4.2 (off-diagonal blocks once, added twice)"),
      sc_mp_mul_hybrid2, sc_mp_sqr_hybrid2 },
    { "hybrid4",
      SC_DOC("hybrid, d = 4 (the AVR choice of [WM-ECC] and [OPF]): Gura et al. 2004, [WM-ECC] sec. 3.1.1, [OPF] sec. 3.1 / 4.2; "
      "sqr: dedicated hybrid squaring of [OPF] sec. 4.2"),
      sc_mp_mul_hybrid4, sc_mp_sqr_hybrid4 },
    { "karatsuba1",
      SC_DOC("one Karatsuba level over Comba (Karatsuba and Ofman 1962; Knuth TAOCP 4.3.3; halves of ceil(n/2) and floor(n/2) words); "
      "sqr: dedicated, three half squares over Comba squaring (the halves of [WM-ECC] sec. 3.1.1, "
      "the cross term as (a0+a1)^2 - a0^2 - a1^2)"),
      sc_mp_mul_karatsuba1, sc_mp_sqr_karatsuba1 },
    { "karatsuba2",
      SC_DOC("two Karatsuba levels over Comba; sqr: dedicated, two levels of half squares over Comba squaring"),
      sc_mp_mul_karatsuba2, sc_mp_sqr_karatsuba2 },
    { "halfword",
      SC_DOC("[DSP] Alg. 2: row-wise with a half-word multiplier (4 half products per word product); "
      "sqr: no dedicated squaring, the product with a == b"),
      sc_mp_mul_halfword, sqr_halfword },
    { "default",
      SC_DOC("the library's sc_mp_mul / sc_mp_sqr: unrolled Comba or MULX/ADCX/ADOX rows at 3 and 4 words with 64-bit "
      "limbs, Comba elsewhere; sqr: dedicated (the MULX path squares with the product)"),
      sc_mp_mul, sc_mp_sqr },
};

size_t sc_mp_method_count(void)
{
    return sizeof methods / sizeof methods[0];
}

const sc_mp_method *sc_mp_method_at(size_t i)
{
    return i < sc_mp_method_count() ? &methods[i] : NULL;
}

const sc_mp_method *sc_mp_method_find(const char *name)
{
    size_t i;
    if (name == NULL)
        return NULL;
    for (i = 0; i < sc_mp_method_count(); i++)
        if (strcmp(methods[i].name, name) == 0)
            return &methods[i];
    return NULL;
}
