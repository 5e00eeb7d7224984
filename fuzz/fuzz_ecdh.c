/* ECDH with an attacker's public key.  Input: a curve byte, the private
 * scalar (nlen bytes), the peer's key (the rest).  Properties: sc_ecdh either
 * refuses the peer (then OpenSSL finds no point of the subgroup other than
 * infinity in it, a hybrid encoding aside) or gives x(d*Q) equal to OpenSSL's
 * EC_POINT_mul; on the binary curves sc_ecdh_cofactor gives x(h*d*Q) likewise;
 * a refused secret is zeroed. */
#include "fuzz_util.h"
#include <openssl/bn.h>
#include <openssl/err.h>

static const char *const curves[] = { "secp160r1", "secp256r1", "secp256k1", "sect163k1", "sect233r1", NULL };

/* x(m*d*Q) by OpenSSL into out (flen bytes); 0 if Q is no point of the subgroup. */
static int ossl_ecdh(const sc_curve *c, const EC_GROUP *g, const uint8_t *d, const uint8_t *peer, size_t peerlen,
                     unsigned m, uint8_t *out)
{
    EC_POINT *q = EC_POINT_new(g), *r = EC_POINT_new(g);
    BIGNUM *k = BN_bin2bn(d, (int)c->nlen, NULL), *x = BN_new();
    int ok = EC_POINT_oct2point(g, q, peer, peerlen, NULL) == 1 && !EC_POINT_is_at_infinity(g, q) &&
             EC_POINT_mul(g, r, NULL, q, EC_GROUP_get0_order(g), NULL) == 1 && EC_POINT_is_at_infinity(g, r) &&
             BN_mul_word(k, m) == 1 && EC_POINT_mul(g, r, NULL, q, k, NULL) == 1 &&
             !EC_POINT_is_at_infinity(g, r) && EC_POINT_get_affine_coordinates(g, r, x, NULL, NULL) == 1 &&
             BN_bn2binpad(x, out, c->flen) == (int)c->flen;
    EC_POINT_free(q);
    EC_POINT_free(r);
    BN_free(k);
    BN_free(x);
    ERR_clear_error();
    return ok;
}

static void one(const sc_curve *c, const EC_GROUP *g, const uint8_t *d, const uint8_t *peer, size_t peerlen, int cof)
{
    uint8_t s[SC_FP_MAXBYTES], want[SC_FP_MAXBYTES], zero[SC_FP_MAXBYTES] = { 0 };
    sc_err e = cof ? sc_ecdh_cofactor(c, s, c->flen, d, c->nlen, peer, peerlen)
                   : sc_ecdh(c, s, c->flen, d, c->nlen, peer, peerlen);
    int ossl = ossl_ecdh(c, g, d, peer, peerlen, cof ? c->h : 1, want);
    if (e != SC_OK)
        FZ_CHECK(memcmp(s, zero, c->flen) == 0, "%s: secret not zeroed", c->name);
    if (e == SC_ERR_SCALAR)
        return;
    if (peerlen > 0 && (peer[0] & ~1) == 0x06) {
        FZ_CHECK(e == SC_ERR_POINT, "%s: hybrid peer: %d", c->name, (int)e);
        return;
    }
    FZ_CHECK((e == SC_OK) == ossl, "%s%s: verdict %d (%s), OpenSSL's %d", c->name, cof ? " cofactor" : "", (int)e,
             sc_strerror(e), ossl);
    if (e == SC_OK)
        FZ_CHECK(memcmp(s, want, c->flen) == 0, "%s%s: secret differs from OpenSSL's", c->name, cof ? " cofactor" : "");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const sc_curve *c;
    const EC_GROUP *g;
    uint8_t d[SC_FP_MAXBYTES];
    sc_err ev;
    if (size < 1)
        return 0;
    c = fz_pick(curves, data[0]);
    g = fz_group(c);
    if (size < 1 + c->nlen)
        return 0;
    memcpy(d, data + 1, c->nlen);
    ev = sc_priv_validate(c, d, c->nlen);
    data += 1 + c->nlen;
    size -= 1 + c->nlen;
    one(c, g, d, data, size, 0);
    if (c->h != 1)
        one(c, g, d, data, size, 1);
    if (ev != SC_OK) {
        uint8_t s[SC_FP_MAXBYTES];
        FZ_CHECK(sc_ecdh(c, s, c->flen, d, c->nlen, data, size) != SC_OK, "%s: ECDH with an invalid d", c->name);
    }
    return 0;
}
