/* Ephemeral ECDH: a one-use key pair from the library's source of randomness
 * and the shared secret with a peer (SEC1 3.3.1), the private key never
 * leaving this function. */
#include "pk_internal.h"
#include <string.h>

sc_err sc_ecdh_ephemeral(const sc_curve *c, uint8_t *my_pub, size_t *my_publen,
                         uint8_t *secret, size_t secretlen, const uint8_t *peer, size_t peerlen)
{
    uint8_t d[SC_FP_MAXBYTES];
    size_t cap;
    sc_err e;
    if (!my_pub || !my_publen || !secret)
        return SC_ERR_ARG;
    cap = *my_publen;
    if (!c || !peer)
        e = SC_ERR_ARG;
    else if (secretlen != c->flen)
        e = SC_ERR_LENGTH;
    else if (cap < 1u + 2u * c->flen)
        e = SC_ERR_BUFFER;
    /* The secret first: a bad peer key is refused before d*G is spent on it. */
    else if ((e = sc_keygen(c, d, c->nlen)) == SC_OK &&
             (e = sc_ecdh(c, secret, secretlen, d, c->nlen, peer, peerlen)) == SC_OK)
        e = sc_pubkey(c, my_pub, my_publen, 0, d, c->nlen);
    sc_memzero(d, sizeof d);
    if (e != SC_OK) {
        sc_memzero(secret, secretlen);
        memset(my_pub, 0, cap);
        *my_publen = 0;
    }
    return e;
}
