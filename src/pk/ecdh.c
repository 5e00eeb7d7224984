/* ECDH primitives: SEC1 v2 section 3.3.1 (the shared secret is x(d*Q)) and
 * the cofactor variant of SEC1 3.3.2 / NIST SP 800-56A 5.7.1.2 (x(h*d*Q)). */
#include "pk_internal.h"
#include <string.h>

/* x((d * mult) Q) for mult = 1 or h (public).  Q is fully validated (in the
 * subgroup of order n), so h*d*Q = ((h*d) mod n) Q, nonzero since n is a
 * prime larger than h: one constant-time multiplication by (h*d) mod n,
 * written over Q (one point in the frame: stack on the mote). */
static sc_err ecdh(const sc_curve *c, uint8_t *secret, size_t secretlen, const uint8_t *priv,
                   size_t privlen, const uint8_t *peer, size_t peerlen, unsigned mult)
{
    sc_fe d;
    sc_pk_point q;
    sc_err e;
    unsigned i;
    if (!secret)
        return SC_ERR_ARG;
    if (!c || !priv || !peer)
        e = SC_ERR_ARG;
    else if (secretlen != c->flen)
        e = SC_ERR_LENGTH;
    else if ((e = sc_pk_decode_point(&q, c, peer, peerlen)) == SC_OK &&
             (e = sc_pk_load_scalar(d, c, priv, privlen)) == SC_OK) {
        if (mult > 1) {                          /* h = 2 or 4: doublings mod n */
            sc_fp_from_canon(d, d, c->fn);
            for (i = 1; i < mult; i <<= 1)
                sc_fp_dbl(d, d, c->fn);
            sc_fp_to_canon(d, d, c->fn);
        }
        e = sc_pk_mul(&q, d, &q, c);
#if SC_FAULT_CHECKS >= 1
        if (e == SC_OK)
            e = sc_pk_check_point(&q, c);    /* a faulty d*Q leaves the curve */
#endif
        if (e == SC_OK)
            sc_pk_x_to_bytes(secret, &q, c);
    }
    sc_memzero(d, sizeof d);
    sc_memzero(&q, sizeof q);
    if (e != SC_OK)
        memset(secret, 0, secretlen);
    return e;
}

sc_err sc_ecdh(const sc_curve *c, uint8_t *secret, size_t secretlen,
               const uint8_t *priv, size_t privlen, const uint8_t *peer, size_t peerlen)
{
    return ecdh(c, secret, secretlen, priv, privlen, peer, peerlen, 1);
}

sc_err sc_ecdh_cofactor(const sc_curve *c, uint8_t *secret, size_t secretlen,
                        const uint8_t *priv, size_t privlen, const uint8_t *peer, size_t peerlen)
{
    return ecdh(c, secret, secretlen, priv, privlen, peer, peerlen, c ? c->h : 1u);
}
