/* OpenSSL's verdict on an ECDSA signature, for the tests that compare the
 * batch layer's verdicts with an independent verifier.  Uses the low-level
 * EC_KEY / ECDSA_do_verify API: the including file defines
 * OPENSSL_SUPPRESS_DEPRECATED before any OpenSSL header. */
#ifndef SC_TESTS_OSSLECDSA_H
#define SC_TESTS_OSSLECDSA_H

#include <openssl/ecdsa.h>
#include "osslgroup.h"

/* OpenSSL's verdict on (curve, SEC1 pub, digest, P1363 sig r || s): 1 valid,
 * 0 not, -1 no opinion (a group, key or signature OpenSSL does not take). */
static inline int tu_ossl_ecdsa_verify(const sc_curve *c, const uint8_t *pub, size_t publen,
                                       const uint8_t *dg, size_t dglen, const uint8_t *sig)
{
    EC_GROUP *g = tu_ossl_group(c->name);
    EC_KEY *k = EC_KEY_new();
    EC_POINT *q = g ? EC_POINT_new(g) : NULL;
    ECDSA_SIG *s = ECDSA_SIG_new();
    int v = -1;
    if (g && k && q && s && EC_KEY_set_group(k, g) && EC_POINT_oct2point(g, q, pub, publen, NULL) &&
        EC_KEY_set_public_key(k, q)) {
        BIGNUM *r = BN_bin2bn(sig, (int)c->nlen, NULL), *ss = BN_bin2bn(sig + c->nlen, (int)c->nlen, NULL);
        if (r && ss && ECDSA_SIG_set0(s, r, ss))
            v = ECDSA_do_verify(dg, (int)dglen, s, k);
        else {
            BN_free(r);
            BN_free(ss);
        }
    }
    ECDSA_SIG_free(s);
    EC_POINT_free(q);
    EC_KEY_free(k);
    EC_GROUP_free(g);
    return v < 0 ? -1 : v;
}

#endif
