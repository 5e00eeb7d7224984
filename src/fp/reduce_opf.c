/* Montgomery reduction for optimal primes (OPF) p = u 2^k + 1.
 *
 * [OPF] (Zhang, Großschädl) sec. 4.3: for p = u 2^k + 1 with a small u
 * (here 1 <= u < 2^16) and k >= 64, p = 1 mod 2^W at every limb width W, so
 * -p^-1 mod 2^W = 2^W - 1 and REDC's quotient word is just m = -t_i; and p's
 * words are all zero except word 0 (= 1) and the one or two top words that
 * hold u 2^(k mod W).  One REDC row is therefore "t_i + m" (which clears t_i
 * and carries 1 exactly when t_i != 0) plus m times the top words of p:
 * (nw - jt) word multiplies per row instead of nw + 1 (jt = k / W, the first
 * nonzero word of p above word 0), 2s multiplies for the whole reduction at
 * 8-bit limbs where the generic REDC takes s^2 + s.
 *
 * Row i leaves its carry out of word i pending for word i + 1 (the next
 * row's t_i), and its carry out of the top word (i + nw) in `top`, so no
 * carry ripples through the middle zero words.  After nw rows the pending
 * carry goes into word nw, (top : t_nw .. t_2nw-1) < 2p and one masked
 * subtraction finishes.  Input t < p^2 (2nw words, clobbered); output
 * t R^-1 mod p, R = 2^(W nw); constant time (every loop bound and index
 * depends only on p, which is public).
 *
 * At 8-bit limbs on AVR the assembly kernels of port/avr/gen (docs/mote-asm.md)
 * take over where a firmware build provides them; this C code is the
 * fallback and the reference they are tested against. */
#include <seacurve/fp.h>
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <seacurve/opcount.h>
#include "opf_avr.h"
#include "reduce_mont.h"
#include "util/dword.h"

#include "reduce64.h"

#define W SC_WORD_BITS

/* Index of the first nonzero word of p above word 0 (public; reduce_mont.h). */
size_t sc_fp_opf_top_index(const sc_fp_field *f)
{
    size_t j;
    for (j = 1; j + 1 < f->nw; j++)
        if (f->p[j] != 0)
            break;
    return j;
}

void sc_fp_reduce_opf_c(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    size_t n = f->nw, jt = sc_fp_opf_top_index(f), i, j;
    const sc_word *p = f->p;
    sc_word top = 0, c = 0, d[SC_FP_MAXW], bw, mask;
    sc_dword s;

    for (i = 0; i < n; i++) {
        sc_word ti, m, cc = 0;
        /* t_i + pending carry, then m = -t_i clears it: the carry out is
         * 1 when the addition wrapped (t_i is then 0) or t_i != 0 */
        s = (sc_dword)((sc_dword)t[i] + c);
        ti = (sc_word)s;
        m = (sc_word)((sc_word)0 - ti);
        c = (sc_word)((sc_word)(s >> W) | (sc_word)((sc_word)(ti | m) >> (W - 1)));
        t[i] = 0;
        for (j = jt; j < n; j++) {
            s = (sc_dword)((sc_dword)m * p[j] + t[i + j] + cc);
            t[i + j] = (sc_word)s;
            cc = (sc_word)(s >> W);
        }
        s = (sc_dword)((sc_dword)t[i + n] + cc + top);
        t[i + n] = (sc_word)s;
        top = (sc_word)(s >> W);
    }
    /* the last row's pending carry into word n, rippled to the top */
    for (i = n; i < 2 * n; i++) {
        s = (sc_dword)((sc_dword)t[i] + c);
        t[i] = (sc_word)s;
        c = (sc_word)(s >> W);
    }
    top = (sc_word)(top + c);
    bw = sc_mp_sub(d, t + n, p, n);
    mask = (sc_word)((sc_word)0 - (sc_word)(top | (sc_word)(bw ^ 1u)));
    for (i = 0; i < n; i++)
        r[i] = (sc_word)(t[n + i] ^ (mask & (t[n + i] ^ d[i])));
}

/* The unrolled rows of reduce64.h at 64-bit limbs for the 3- and 4-word
 * fields whose only nonzero top word is the last (all the opf* curves); the
 * AVR kernels (opf_avr.h) at 8-bit limbs where the build has them. */
void sc_fp_reduce_opf(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    size_t jt = sc_fp_opf_top_index(f);
    (void)jt;
    SC_OPC_W(f->nw * (f->nw - jt)); /* m p_j for the top words, per row */
#if SC_WORD_BITS == 64
    if ((f->nw == 3 || f->nw == 4) && jt == f->nw - 1u) {
        fp64_redc_opf(r, t, f->p, f->nw);
        return;
    }
#endif
#ifdef SC_FP_AVR_OPF_RED
    if (sc_fp_opf_avr_red(r, t, f))
        return;
#endif
    sc_fp_reduce_opf_c(r, t, f);
}

int sc_fp_opf_params(const sc_fp_field *f, unsigned *u, unsigned *k)
{
    size_t n, i, e;
    sc_word w;
    uint32_t uu = 0;
    if (!f || f->nw == 0 || f->p[0] != 1 || f->bits < 64 + 1)
        return 0;
    n = f->nw;
    /* p - 1 = u 2^k: k = index of the lowest set bit of p above bit 0 */
    for (e = 1; e < (size_t)f->bits; e++)
        if ((f->p[e / W] >> (e % W)) & 1u)
            break;
    if (e < 64 || e >= (size_t)f->bits || (size_t)f->bits - e > 16)
        return 0;
    /* u = p >> e, at most 16 bits; and nothing above bit `bits` */
    for (i = e; i < (size_t)f->bits; i++)
        uu |= (uint32_t)((f->p[i / W] >> (i % W)) & 1u) << (i - e);
    for (i = f->bits; i < n * W; i++)
        if ((f->p[i / W] >> (i % W)) & 1u)
            return 0;
    w = f->p[n - 1];
    if (w == 0)
        return 0;
    if (u)
        *u = (unsigned)uu;
    if (k)
        *k = (unsigned)e;
    return 1;
}

int sc_fp_is_opf(const sc_fp_field *f)
{
    return sc_fp_opf_params(f, NULL, NULL);
}
