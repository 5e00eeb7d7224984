/* Private keys: generation from the library's source of randomness (rng.h),
 * validation, and the public key d*G. */
#include "pk_internal.h"
#include <string.h>

sc_err sc_pk_load_scalar(sc_word *d, const sc_curve *c, const uint8_t *in, size_t len)
{
    const sc_fp_field *fn = c->fn;
    sc_word ok;
    if (len != c->nlen)
        return SC_ERR_LENGTH;
    sc_mp_zero(d, SC_FP_MAXW);
    if (sc_mp_from_be(d, fn->nw, in, len) != 0) {
        sc_memzero(d, sizeof(sc_fe));
        return SC_ERR_SCALAR;
    }
    ok = (sc_word)(~sc_mp_is_zero(d, fn->nw)) & (sc_word)(0 - (sc_word)(sc_mp_cmp(d, fn->p, fn->nw) < 0));
    SC_DECLASSIFY(&ok, sizeof ok);  /* only the verdict is published */
    if (!ok) {
        sc_memzero(d, sizeof(sc_fe));
        return SC_ERR_SCALAR;
    }
    return SC_OK;
}

sc_err sc_priv_validate(const sc_curve *c, const uint8_t *priv, size_t privlen)
{
    sc_fe d;
    sc_err e;
    if (!c || !priv)
        return SC_ERR_ARG;
    e = sc_pk_load_scalar(d, c, priv, privlen);
    sc_memzero(d, sizeof d);
    return e;
}

sc_err sc_keygen(const sc_curve *c, uint8_t *priv, size_t privlen)
{
    unsigned top, tries;
    sc_err e = SC_ERR_RNG;
    if (!priv)
        return SC_ERR_ARG;
    if (!c) {
        memset(priv, 0, privlen);
        return SC_ERR_ARG;
    }
    if (privlen != c->nlen) {
        memset(priv, 0, privlen);
        return SC_ERR_LENGTH;
    }
    /* Rejection sampling (FIPS 186-4 B.4.2): mask to the bit length of n, retry
     * until 1 <= d < n.  A candidate is accepted with probability at least about
     * 1/2 on every curve (n just above 2^(nbits-1) at worst), so 64 rejections in
     * a row happen with probability about 2^-64 from a working source: they mean
     * that the source is broken (all zeros, stuck), an SC_ERR_RNG. */
    top = c->nbits % 8u;
    for (tries = 0; tries < 64; tries++) {
        if ((e = sc_random(priv, privlen)) != SC_OK)
            break;
        if (top)
            priv[0] &= (uint8_t)((1u << top) - 1u);
        if (sc_priv_validate(c, priv, privlen) == SC_OK)
            return SC_OK;
        e = SC_ERR_RNG;
    }
    sc_memzero(priv, privlen);
    return e;
}

sc_err sc_pubkey(const sc_curve *c, uint8_t *pub, size_t *publen, int compressed,
                 const uint8_t *priv, size_t privlen)
{
    sc_fe d;
    sc_pk_point q;
    sc_err e = SC_ERR_ARG;
    size_t cap;
    if (!pub || !publen)
        return SC_ERR_ARG;
    cap = *publen;
    if (c && priv && (e = sc_pk_load_scalar(d, c, priv, privlen)) == SC_OK &&
        (e = sc_pk_mul_gen(&q, d, c)) == SC_OK
#if SC_FAULT_CHECKS >= 1
        && (e = sc_pk_check_point(&q, c)) == SC_OK
#endif
        )
        e = sc_pk_encode_point(pub, publen, &q, c, compressed);
    if (e == SC_OK)
        SC_DECLASSIFY(pub, *publen);    /* the public key is public */
    sc_memzero(d, sizeof d);
    sc_memzero(&q, sizeof q);
    if (e != SC_OK) {
        memset(pub, 0, cap);
        *publen = 0;
    }
    return e;
}
