/* ECDSA verification with an attacker's public key, signature and digest.
 * Input: a curve byte, a length byte for the key (0: the uncompressed form's
 * length, 1: the compressed form's, any other value: that length), the key,
 * the P1363 signature (2 * nlen bytes), the digest (the rest, 1 to 64 bytes).  Property: the verdict of sc_ecdsa_verify equals OpenSSL's
 * ECDSA_do_verify on the same key (EC_POINT_oct2point), r, s and digest
 * (differential); a key seacurve refuses OpenSSL refuses too, a hybrid one
 * aside (not supported). */
#include "fuzz_util.h"
#include <openssl/bn.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>

static const char *const curves[] = { "secp160r1", "secp256r1", "secp256k1", NULL };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const sc_curve *c;
    const EC_GROUP *g;
    const uint8_t *pub, *sig, *dg;
    size_t publen, nl, dl;
    sc_err e;
    int ossl = 0;
    EC_KEY *k;
    EC_POINT *q;
    if (size < 2)
        return 0;
    c = fz_pick(curves, data[0]);
    g = fz_group(c);
    nl = c->nlen;
    publen = data[1] == 0 ? 1 + 2u * c->flen : data[1] == 1 ? 1u + c->flen : data[1];
    data += 2;
    size -= 2;
    if (size < publen + 2 * nl + 1 || size > publen + 2 * nl + 64)
        return 0;
    pub = data;
    sig = data + publen;
    dg = sig + 2 * nl;
    dl = size - publen - 2 * nl;

    e = sc_ecdsa_verify(c, sig, 2 * nl, dg, dl, pub, publen);
    k = EC_KEY_new();
    q = EC_POINT_new(g);
    if (EC_KEY_set_group(k, g) == 1 && EC_POINT_oct2point(g, q, pub, publen, NULL) == 1 && EC_KEY_set_public_key(k, q) == 1) {
        ECDSA_SIG *s = ECDSA_SIG_new();
        ECDSA_SIG_set0(s, BN_bin2bn(sig, (int)nl, NULL), BN_bin2bn(sig + nl, (int)nl, NULL));
        ossl = ECDSA_do_verify(dg, (int)dl, s, k) == 1;
        ECDSA_SIG_free(s);
    }
    ERR_clear_error();
    if ((pub[0] & ~1) == 0x06)
        FZ_CHECK(e == SC_ERR_POINT, "%s: hybrid key: %d", c->name, (int)e);
    else
        FZ_CHECK((e == SC_OK) == ossl, "%s: verdict %d (%s), OpenSSL's %d", c->name, (int)e, sc_strerror(e), ossl);
    FZ_CHECK(e == SC_OK || e == SC_ERR_VERIFY || e == SC_ERR_SIG_RANGE || e == SC_ERR_POINT ||
                 e == SC_ERR_LENGTH || e == SC_ERR_RANGE || e == SC_ERR_INFINITY,
             "%s: error %d", c->name, (int)e);
    EC_POINT_free(q);
    EC_KEY_free(k);
    return 0;
}
