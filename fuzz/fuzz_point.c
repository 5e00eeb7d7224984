/* Point decoding (SEC1 compressed 02/03 and uncompressed 04; hybrid 06/07 is
 * not supported and refused with SC_ERR_POINT) on prime and binary curves.
 * Input: a curve byte, then the encoding.  Properties:
 *  - sc_pub_validate accepts exactly what OpenSSL's EC_POINT_oct2point reads
 *    to a point other than infinity that n*Q = O keeps in the subgroup (the
 *    binary curves' cofactor), hybrid encodings aside;
 *  - an accepted point converts to both forms, each equal to OpenSSL's
 *    EC_POINT_point2oct, the input's own form to the input's bytes;
 *  - opf160 (not in OpenSSL): the two forms convert to each other. */
#include "fuzz_util.h"

static const char *const curves[] = { "secp160r1", "secp192r1", "secp224r1", "secp256r1", "secp256k1",
                                      "sect163k1", "sect163r1", "sect233r1", "sect283k1", "opf160", NULL };

static int ossl_point(const EC_GROUP *g, const uint8_t *in, size_t len, EC_POINT *q)
{
    EC_POINT *t = EC_POINT_new(g);
    int ok = EC_POINT_oct2point(g, q, in, len, NULL) == 1 && !EC_POINT_is_at_infinity(g, q) &&
             EC_POINT_mul(g, t, NULL, q, EC_GROUP_get0_order(g), NULL) == 1 && EC_POINT_is_at_infinity(g, t);
    EC_POINT_free(t);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const sc_curve *c;
    const EC_GROUP *g;
    uint8_t u[SC_PK_MAX_PUB], z[SC_PK_MAX_PUB], back[SC_PK_MAX_PUB];
    size_t ul = sizeof u, zl = sizeof z, bl = sizeof back;
    sc_err e;
    if (size < 1)
        return 0;
    c = fz_pick(curves, data[0]);
    g = fz_group(c);
    data++;
    size--;
    e = sc_pub_validate(c, data, size);
    if (e == SC_OK) {
        int comp = data[0] != 0x04;
        FZ_CHECK(sc_pub_convert(c, u, &ul, 0, data, size) == SC_OK && ul == 1 + 2u * c->flen, "%s: uncompressed", c->name);
        FZ_CHECK(sc_pub_convert(c, z, &zl, 1, data, size) == SC_OK && zl == 1u + c->flen, "%s: compressed", c->name);
        FZ_CHECK(comp ? (zl == size && memcmp(z, data, size) == 0) : (ul == size && memcmp(u, data, size) == 0),
                 "%s: the input's form is not its own conversion", c->name);
        FZ_CHECK(sc_pub_convert(c, back, &bl, 0, z, zl) == SC_OK && bl == ul && memcmp(back, u, ul) == 0,
                 "%s: compressed back to uncompressed", c->name);
    } else {
        FZ_CHECK(sc_pub_convert(c, u, &ul, 0, data, size) == e && ul == 0, "%s: convert refuses as validate", c->name);
    }
    if (g) {
        EC_POINT *q = EC_POINT_new(g);
        int ossl = ossl_point(g, data, size, q), hybrid = size > 0 && (data[0] & ~1) == 0x06;
        unsigned char o[2 * SC_PK_MAX_PUB];
        if (hybrid)
            FZ_CHECK(e == SC_ERR_POINT, "%s: hybrid point: %d", c->name, (int)e);
        else
            FZ_CHECK((e == SC_OK) == ossl, "%s: verdict %d, OpenSSL's %d", c->name, (int)e, ossl);
        if (e == SC_OK) {
            FZ_CHECK(EC_POINT_point2oct(g, q, POINT_CONVERSION_UNCOMPRESSED, o, sizeof o, NULL) == ul &&
                         memcmp(o, u, ul) == 0, "%s: uncompressed differs from OpenSSL's", c->name);
            FZ_CHECK(EC_POINT_point2oct(g, q, POINT_CONVERSION_COMPRESSED, o, sizeof o, NULL) == zl &&
                         memcmp(o, z, zl) == 0, "%s: compressed differs from OpenSSL's", c->name);
        }
        EC_POINT_free(q);
    }
    return 0;
}
