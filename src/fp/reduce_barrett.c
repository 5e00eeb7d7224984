/* Generic Barrett reduction, plain form (the reference reducer).
 *
 * Barrett 1986; HAC Alg. 14.42 with base b = 2^W and k = nw:
 *   q1 = floor(t / b^(k-1)), q3 = floor(q1 mu / b^(k+1)), mu = floor(b^(2k) / p),
 *   r = (t mod b^(k+1)) - (q3 p mod b^(k+1)) mod b^(k+1), then r < 3p and two
 *   masked subtractions of p finish (HAC Fact 14.43).
 * The field struct carries no mu, so mu is derived from p on every call by
 * binary long division; p is public, so that step may be variable time while
 * everything touching t is constant time.  It is a reference for the tests,
 * not a fast path. */
#include <seacurve/fp.h>
#include <seacurve/mp.h>

#define W SC_WORD_BITS
#define KMAX (SC_FP_MAXW + 1)

/* mu (k + 1 words) = floor(2^(2kW) / p); p has k words, top word nonzero. */
static void barrett_mu(sc_word *mu, const sc_word *p, size_t k)
{
    sc_word rem[KMAX], tmp[KMAX], pp[KMAX];
    size_t i;
    sc_mp_zero(mu, k + 1);
    sc_mp_zero(rem, k + 1);
    sc_mp_copy(pp, p, k);
    pp[k] = 0;
    /* the dividend is a single 1 bit at position 2kW: feed it, then 2kW zeros */
    for (i = 2 * k * W + 1; i-- > 0;) {
        sc_mp_shl1(rem, rem, k + 1);
        if (i == 2 * k * W)
            rem[0] |= 1u;
        if (sc_mp_sub(tmp, rem, pp, k + 1) == 0) {
            sc_mp_copy(rem, tmp, k + 1);
            if (i < (k + 1) * W)
                mu[i / W] |= (sc_word)((sc_word)1 << (i % W));
        }
    }
}

void sc_fp_reduce_barrett(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    size_t k = f->nw, i, pass;
    sc_word mu[KMAX], pp[KMAX], q2[2 * KMAX], rr[KMAX], d[KMAX];

    barrett_mu(mu, f->p, k);
    sc_mp_copy(pp, f->p, k);
    pp[k] = 0;
    /* q2 = q1 * mu, q1 = t[k-1 .. 2k-1] (k + 1 words) */
    sc_mp_mul_comba(q2, t + (k - 1), mu, k + 1);
    /* q3 = q2[k+1 .. 2k+1]; q2 (low k+1 words reused) = q3 * p */
    {
        sc_word q3[KMAX], q3p[2 * KMAX];
        sc_mp_copy(q3, q2 + (k + 1), k + 1);
        sc_mp_mul_comba(q3p, q3, pp, k + 1);
        sc_mp_sub(rr, t, q3p, k + 1); /* mod b^(k+1): the borrow is dropped */
    }
    for (pass = 0; pass < 2; pass++) {
        sc_word bw = sc_mp_sub(d, rr, pp, k + 1);
        sc_mp_cmov(rr, d, (sc_word)(bw - 1u), k + 1);
    }
    for (i = 0; i < k; i++)
        r[i] = rr[i];
}
