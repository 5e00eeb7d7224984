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
#include <seacurve/opcount.h>

#define W SC_WORD_BITS

#include "reduce64.h"

void sc_fp_reduce_mont(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    size_t n = f->nw, i, j;
    const sc_word *p = f->p;
    sc_word top = 0; /* carry out of word i + n from the previous row */
    sc_word d[SC_FP_MAXW], bw, mask;

    SC_OPC_W(n * n + n); /* m = t_i pinv and m p, per row */
#if SC_WORD_BITS == 64
    if (n == 4) {
        fp64_redc4(r, t, f);
        return;
    }
    if (n == 3) {
        fp64_redc3(r, t, f);
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

/* REDC for the P-256 prime: the specialised rows of reduce64.h at 64-bit
 * limbs, the generic REDC above at other widths (same result). */
void sc_fp_reduce_p256_mont(sc_word *r, sc_word *t, const sc_fp_field *f)
{
#if SC_WORD_BITS == 64
    (void)f;
    SC_OPC_W(4); /* one m p3 per row */
    fp64_redc_p256(r, t);
#else
    sc_fp_reduce_mont(r, t, f);
#endif
}

/* REDC for the P-224 prime (-p^-1 mod 2^64 = 2^64 - 1): the specialised rows
 * of reduce64.h at 64-bit limbs, the generic REDC above at other widths. */
void sc_fp_reduce_p224_mont(sc_word *r, sc_word *t, const sc_fp_field *f)
{
#if SC_WORD_BITS == 64
    (void)f;
    fp64_redc_p224(r, t);
#else
    sc_fp_reduce_mont(r, t, f);
#endif
}
