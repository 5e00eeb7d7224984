/* Generic Montgomery reduction (REDC) for any odd p.
 *
 * Montgomery 1985; word-serial "separated operand scanning" form of Koc,
 * Acar, Kaliski, "Analyzing and comparing Montgomery multiplication
 * algorithms" (IEEE Micro 1996), = HAC Alg. 14.32: for each of the nw low
 * words, m = t[i] * (-p^-1) mod 2^W and t += m p 2^(iW), which clears t[i];
 * then t / R < 2p and one masked subtraction gives the result.  Input
 * t < p^2 (2nw words), output t R^-1 mod p, constant time. */
#include <seacurve/fp.h>
#include <seacurve/mp.h>

#define W SC_WORD_BITS

#if SC_WORD_BITS == 64
/* Unrolled REDC for n = 3 and 4 words at 64-bit limbs: the same algorithm
 * with p in registers and 128-bit products. */
typedef unsigned __int128 u128;

/* one row: t[i..i+n] += m p, m = t[i] pinv; carry out of t[i+n] in top */
#define REDC_ROW(i, n) do {                                                  \
        uint64_t m_ = t[i] * pinv, c_;                                       \
        u128 a_ = (u128)m_ * p0 + t[i];                                      \
        c_ = (uint64_t)(a_ >> 64);                                           \
        a_ = (u128)m_ * p1 + t[(i) + 1] + c_; t[(i) + 1] = (uint64_t)a_; c_ = (uint64_t)(a_ >> 64); \
        a_ = (u128)m_ * p2 + t[(i) + 2] + c_; t[(i) + 2] = (uint64_t)a_; c_ = (uint64_t)(a_ >> 64); \
        if ((n) == 4) {                                                      \
            a_ = (u128)m_ * p3 + t[(i) + 3] + c_; t[(i) + 3] = (uint64_t)a_; c_ = (uint64_t)(a_ >> 64); \
        }                                                                    \
        a_ = (u128)t[(i) + (n)] + c_ + top;                                  \
        t[(i) + (n)] = (uint64_t)a_;                                         \
        top = (uint64_t)(a_ >> 64);                                          \
    } while (0)

static void redc4(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    const uint64_t p0 = f->p[0], p1 = f->p[1], p2 = f->p[2], p3 = f->p[3], pinv = f->pinv;
    uint64_t top = 0, d0, d1, d2, d3, m;
    u128 a;
    REDC_ROW(0, 4);
    REDC_ROW(1, 4);
    REDC_ROW(2, 4);
    REDC_ROW(3, 4);
    /* (top : t[4..7]) < 2p; subtract p when top or no borrow */
    a = (u128)t[4] - p0;
    d0 = (uint64_t)a;
    a = (u128)t[5] - p1 - (uint64_t)(a >> 127);
    d1 = (uint64_t)a;
    a = (u128)t[6] - p2 - (uint64_t)(a >> 127);
    d2 = (uint64_t)a;
    a = (u128)t[7] - p3 - (uint64_t)(a >> 127);
    d3 = (uint64_t)a;
    m = (uint64_t)0 - (top | ((uint64_t)(a >> 127) ^ 1u));
    r[0] = t[4] ^ (m & (t[4] ^ d0));
    r[1] = t[5] ^ (m & (t[5] ^ d1));
    r[2] = t[6] ^ (m & (t[6] ^ d2));
    r[3] = t[7] ^ (m & (t[7] ^ d3));
}

static void redc3(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    const uint64_t p0 = f->p[0], p1 = f->p[1], p2 = f->p[2], pinv = f->pinv;
    uint64_t top = 0, d0, d1, d2, m, p3 = 0;
    u128 a;
    (void)p3;
    REDC_ROW(0, 3);
    REDC_ROW(1, 3);
    REDC_ROW(2, 3);
    a = (u128)t[3] - p0;
    d0 = (uint64_t)a;
    a = (u128)t[4] - p1 - (uint64_t)(a >> 127);
    d1 = (uint64_t)a;
    a = (u128)t[5] - p2 - (uint64_t)(a >> 127);
    d2 = (uint64_t)a;
    m = (uint64_t)0 - (top | ((uint64_t)(a >> 127) ^ 1u));
    r[0] = t[3] ^ (m & (t[3] ^ d0));
    r[1] = t[4] ^ (m & (t[4] ^ d1));
    r[2] = t[5] ^ (m & (t[5] ^ d2));
}
#endif

void sc_fp_reduce_mont(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    size_t n = f->nw, i, j;
    const sc_word *p = f->p;
    sc_word top = 0; /* carry out of word i + n from the previous row */
    sc_word d[SC_FP_MAXW], bw, mask;

#if SC_WORD_BITS == 64
    if (n == 4) {
        redc4(r, t, f);
        return;
    }
    if (n == 3) {
        redc3(r, t, f);
        return;
    }
#endif

    for (i = 0; i < n; i++) {
        sc_word m = (sc_word)((sc_dword)t[i] * f->pinv);
        sc_word c = 0;
        sc_dword s;
        for (j = 0; j < n; j++) {
            s = (sc_dword)((sc_dword)m * p[j] + t[i + j] + c);
            t[i + j] = (sc_word)s;
            c = (sc_word)(s >> W);
        }
        s = (sc_dword)((sc_dword)t[i + n] + c + top);
        t[i + n] = (sc_word)s;
        top = (sc_word)(s >> W);
    }
    /* (top : t[n..2n-1]) < 2p: subtract p when top = 1 or no borrow */
    bw = sc_mp_sub(d, t + n, p, n);
    mask = (sc_word)((sc_word)0 - (sc_word)(top | (sc_word)(bw ^ 1u)));
    for (i = 0; i < n; i++)
        r[i] = (sc_word)(t[n + i] ^ (mask & (t[n + i] ^ d[i])));
}
