/* ECDH primitive, SEC1 v2 section 3.3.1 (cofactor 1): the shared secret is x(d*Q). */
#include "pk_internal.h"
#include <string.h>

sc_err sc_ecdh(const sc_curve *c, uint8_t *secret, size_t secretlen,
               const uint8_t *priv, size_t privlen, const uint8_t *peer, size_t peerlen)
{
    sc_fe d;
    sc_ep_aff q, s;
    sc_err e;
    if (!secret)
        return SC_ERR_ARG;
    if (!c || !priv || !peer)
        e = SC_ERR_ARG;
    else if (secretlen != c->flen)
        e = SC_ERR_LENGTH;
    else if ((e = sc_pk_decode_point(&q, c, peer, peerlen)) == SC_OK &&
             (e = sc_pk_load_scalar(d, c, priv, privlen)) == SC_OK &&
             (e = sc_ec_mul(&s, d, &q, c->ep)) == SC_OK)
        sc_fp_to_bytes(secret, s.x, c->ep->fp);
    sc_memzero(d, sizeof d);
    sc_memzero(&s, sizeof s);
    if (e != SC_OK)
        memset(secret, 0, secretlen);
    return e;
}
