/* Encodings against OpenSSL's libcrypto: key files (SPKI, SEC1, PKCS#8 in DER
 * and PEM, compressed and uncompressed points) both ways, DER signatures both
 * ways, Wycheproof's DER signature cases, and hand-made malformed inputs with
 * their expected error codes.  Curves: the prime curves (SEC 2 and opf*) and the nine SEC 2
 * binary curves (key files and DER signatures byte for byte against OpenSSL).
 * Explicit curve parameters (specifiedCurve): OpenSSL's read by seacurve and
 * seacurve's read by OpenSSL on the prime curves (byte for byte without the
 * seed), round trips, and hand-made SpecifiedECDomain variants with their
 * expected codes. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <seacurve/seacurve.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"

typedef struct {
    const char *name;
    int nid;
} tcurve;

static const tcurve curves[] = {
    { "secp160r1", NID_secp160r1 },
    { "secp192r1", NID_X9_62_prime192v1 },
    { "secp224r1", NID_secp224r1 },
    { "secp256r1", NID_X9_62_prime256v1 },
    { "secp256k1", NID_secp256k1 },
    { "sect163k1", NID_sect163k1 },
    { "sect163r1", NID_sect163r1 },
    { "sect163r2", NID_sect163r2 },
    { "sect233k1", NID_sect233k1 },
    { "sect233r1", NID_sect233r1 },
    { "sect283k1", NID_sect283k1 },
    { "sect283r1", NID_sect283r1 },
    { "sect409k1", NID_sect409k1 },
    { "sect409r1", NID_sect409r1 },
};
#define NCURVES (sizeof curves / sizeof curves[0])

/* ---- small helpers ---- */

/* DER TLV (short or long length) appended at out + *len. */
static void tlv(uint8_t *out, size_t *len, unsigned tag, const uint8_t *c, size_t n)
{
    size_t o = *len;
    out[o++] = (uint8_t)tag;
    if (n < 0x80) {
        out[o++] = (uint8_t)n;
    } else if (n < 0x100) {
        out[o++] = 0x81;
        out[o++] = (uint8_t)n;
    } else {
        out[o++] = 0x82;
        out[o++] = (uint8_t)(n >> 8);
        out[o++] = (uint8_t)n;
    }
    if (n)
        memmove(out + o, c, n);
    *len = o + n;
}

static void cat(uint8_t *out, size_t *len, const uint8_t *c, size_t n)
{
    if (n)
        memcpy(out + *len, c, n);
    *len += n;
}

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

static size_t bio_take(BIO *b, uint8_t *out, size_t max)
{
    char *p;
    long n = BIO_get_mem_data(b, &p);
    if (n < 0 || (size_t)n > max)
        return 0;
    memcpy(out, p, (size_t)n);
    return (size_t)n;
}

/* An OpenSSL key on the curve; d from bytes (nlen) if given, else random. */
static EC_KEY *ossl_key(int nid, const uint8_t *d, size_t dlen, int compressed)
{
    EC_KEY *k = EC_KEY_new_by_curve_name(nid);
    if (!k)
        return NULL;
    if (d) {
        BIGNUM *bn = BN_bin2bn(d, (int)dlen, NULL);
        EC_POINT *q = EC_POINT_new(EC_KEY_get0_group(k));
        EC_POINT_mul(EC_KEY_get0_group(k), q, bn, NULL, NULL, NULL);
        EC_KEY_set_private_key(k, bn);
        EC_KEY_set_public_key(k, q);
        EC_POINT_free(q);
        BN_free(bn);
    } else {
        EC_KEY_generate_key(k);
    }
    EC_KEY_set_conv_form(k, compressed ? POINT_CONVERSION_COMPRESSED : POINT_CONVERSION_UNCOMPRESSED);
    return k;
}

static size_t ossl_pub(const EC_KEY *k, uint8_t *out, size_t max, int compressed)
{
    return EC_POINT_point2oct(EC_KEY_get0_group(k), EC_KEY_get0_public_key(k),
                              compressed ? POINT_CONVERSION_COMPRESSED : POINT_CONVERSION_UNCOMPRESSED,
                              out, max, NULL);
}

/* sc_key parsed from a file must hold OpenSSL's d (if priv) and point. */
static void check_key(const char *what, const sc_key *k, const sc_curve *c, const EC_KEY *ek, int priv,
                      int compressed)
{
    uint8_t d[64], q[200];
    size_t ql = ossl_pub(ek, q, sizeof q, compressed);
    CHECK(k->curve == c, "%s %s: curve", c->name, what);
    CHECK(k->has_pub == 1, "%s %s: has_pub", c->name, what);
    CHECK(k->publen == ql && memcmp(k->pub, q, ql) == 0, "%s %s: public point", c->name, what);
    CHECK(k->has_priv == priv, "%s %s: has_priv", c->name, what);
    if (priv) {
        BN_bn2binpad(EC_KEY_get0_private_key(ek), d, c->nlen);
        CHECK(memcmp(k->priv, d, c->nlen) == 0, "%s %s: d", c->name, what);
    }
}

/* OpenSSL's view of a key we wrote must be the same key. */
static void check_ossl(const char *what, const EC_KEY *got, const EC_KEY *want, int priv)
{
    const EC_GROUP *g = EC_KEY_get0_group(want);
    if (!CHECK(got != NULL, "%s: OpenSSL parses it", what))
        return;
    CHECK(EC_GROUP_get_curve_name(EC_KEY_get0_group(got)) == EC_GROUP_get_curve_name(g), "%s: curve", what);
    CHECK(EC_POINT_cmp(g, EC_KEY_get0_public_key(got), EC_KEY_get0_public_key(want), NULL) == 0,
          "%s: point", what);
    if (priv)
        CHECK(EC_KEY_get0_private_key(got) &&
                  BN_cmp(EC_KEY_get0_private_key(got), EC_KEY_get0_private_key(want)) == 0,
              "%s: d", what);
}

/* ---- key files against OpenSSL ---- */

static void test_keys_one(const sc_curve *c, int nid, EC_KEY *ek, int compressed)
{
    uint8_t ossl[2048], buf[2048], *p;
    size_t n, m;
    const unsigned char *cp;
    sc_key k;
    sc_err e;
    int len;
    BIO *b;
    EVP_PKEY *pk = EVP_PKEY_new();
    char what[96];

    EVP_PKEY_set1_EC_KEY(pk, ek);

    /* SPKI DER: i2d_PUBKEY */
    p = ossl;
    len = i2d_PUBKEY(pk, &p);
    e = sc_key_parse(&k, ossl, (size_t)len);
    snprintf(what, sizeof what, "SPKI DER c=%d", compressed);
    if (CHECK(e == SC_OK && len > 0, "%s %s: parse %d", c->name, what, e))
        check_key(what, &k, c, ek, 0, compressed);
    /* i2d_EC_PUBKEY follows the EC_KEY's point form; sc_key_encode must give the same bytes */
    p = ossl;
    len = i2d_EC_PUBKEY(ek, &p);
    e = sc_key_parse(&k, ossl, (size_t)len);
    CHECK(e == SC_OK, "%s %s: parse i2d_EC_PUBKEY %d", c->name, what, e);
    n = sizeof buf;
    e = sc_key_encode(buf, &n, &k, SC_KEYFMT_SPKI, 0);
    CHECK(e == SC_OK && n == (size_t)len && memcmp(buf, ossl, n) == 0, "%s %s: encode == OpenSSL", c->name, what);
    cp = buf;
    {
        EVP_PKEY *got = d2i_PUBKEY(NULL, &cp, (long)n);
        EC_KEY *gk = got ? EVP_PKEY_get1_EC_KEY(got) : NULL;
        check_ossl("SPKI d2i_PUBKEY", gk, ek, 0);
        EC_KEY_free(gk);
        EVP_PKEY_free(got);
    }
    /* SPKI PEM */
    b = BIO_new(BIO_s_mem());
    PEM_write_bio_EC_PUBKEY(b, ek);
    n = bio_take(b, ossl, sizeof ossl);
    BIO_free(b);
    e = sc_key_parse(&k, ossl, n);
    snprintf(what, sizeof what, "SPKI PEM c=%d", compressed);
    if (CHECK(e == SC_OK, "%s %s: parse %d", c->name, what, e))
        check_key(what, &k, c, ek, 0, compressed);
    m = sizeof buf;
    e = sc_key_encode(buf, &m, &k, SC_KEYFMT_SPKI, 1);
    CHECK(e == SC_OK && m == n && memcmp(buf, ossl, n) == 0, "%s %s: PEM encode == OpenSSL", c->name, what);
    b = BIO_new_mem_buf(buf, (int)m);
    {
        EVP_PKEY *got = PEM_read_bio_PUBKEY(b, NULL, NULL, NULL);
        EC_KEY *gk = got ? EVP_PKEY_get1_EC_KEY(got) : NULL;
        check_ossl("SPKI PEM_read_bio_PUBKEY", gk, ek, 0);
        EC_KEY_free(gk);
        EVP_PKEY_free(got);
    }
    BIO_free(b);

    /* SEC1 DER: i2d_ECPrivateKey (with [0] parameters and [1] point) */
    p = ossl;
    len = i2d_ECPrivateKey(ek, &p);
    e = sc_key_parse(&k, ossl, (size_t)len);
    snprintf(what, sizeof what, "SEC1 DER c=%d", compressed);
    if (CHECK(e == SC_OK, "%s %s: parse %d", c->name, what, e))
        check_key(what, &k, c, ek, 1, compressed);
    n = sizeof buf;
    e = sc_key_encode(buf, &n, &k, SC_KEYFMT_SEC1, 0);
    CHECK(e == SC_OK && n == (size_t)len && memcmp(buf, ossl, n) == 0, "%s %s: encode == OpenSSL", c->name, what);
    cp = buf;
    {
        EC_KEY *gk = d2i_ECPrivateKey(NULL, &cp, (long)n);
        check_ossl("SEC1 d2i_ECPrivateKey", gk, ek, 1);
        EC_KEY_free(gk);
    }
    /* SEC1 PEM */
    b = BIO_new(BIO_s_mem());
    PEM_write_bio_ECPrivateKey(b, ek, NULL, NULL, 0, NULL, NULL);
    n = bio_take(b, ossl, sizeof ossl);
    BIO_free(b);
    e = sc_key_parse(&k, ossl, n);
    snprintf(what, sizeof what, "SEC1 PEM c=%d", compressed);
    if (CHECK(e == SC_OK, "%s %s: parse %d", c->name, what, e))
        check_key(what, &k, c, ek, 1, compressed);
    m = sizeof buf;
    e = sc_key_encode(buf, &m, &k, SC_KEYFMT_SEC1, 1);
    CHECK(e == SC_OK && m == n && memcmp(buf, ossl, n) == 0, "%s %s: PEM encode == OpenSSL", c->name, what);
    b = BIO_new_mem_buf(buf, (int)m);
    {
        EC_KEY *gk = PEM_read_bio_ECPrivateKey(b, NULL, NULL, NULL);
        check_ossl("SEC1 PEM_read_bio_ECPrivateKey", gk, ek, 1);
        EC_KEY_free(gk);
    }
    BIO_free(b);

    /* "openssl ecparam -genkey" layout: EC PARAMETERS block, then the SEC1 key */
    b = BIO_new(BIO_s_mem());
    PEM_write_bio_ECPKParameters(b, EC_KEY_get0_group(ek));
    PEM_write_bio_ECPrivateKey(b, ek, NULL, NULL, 0, NULL, NULL);
    n = bio_take(b, ossl, sizeof ossl);
    BIO_free(b);
    e = sc_key_parse(&k, ossl, n);
    snprintf(what, sizeof what, "EC PARAMETERS + SEC1 PEM c=%d", compressed);
    if (CHECK(e == SC_OK, "%s %s: parse %d", c->name, what, e))
        check_key(what, &k, c, ek, 1, compressed);

    /* PKCS#8 DER: i2d_PKCS8PrivateKey_bio (unencrypted) */
    b = BIO_new(BIO_s_mem());
    i2d_PKCS8PrivateKey_bio(b, pk, NULL, NULL, 0, NULL, NULL);
    n = bio_take(b, ossl, sizeof ossl);
    BIO_free(b);
    e = sc_key_parse(&k, ossl, n);
    snprintf(what, sizeof what, "PKCS#8 DER c=%d", compressed);
    if (CHECK(e == SC_OK && n > 0, "%s %s: parse %d", c->name, what, e))
        check_key(what, &k, c, ek, 1, compressed);
    m = sizeof buf;
    e = sc_key_encode(buf, &m, &k, SC_KEYFMT_PKCS8, 0);
    CHECK(e == SC_OK && m == n && memcmp(buf, ossl, n) == 0, "%s %s: encode == OpenSSL", c->name, what);
    cp = buf;
    {
        EVP_PKEY *got = d2i_AutoPrivateKey(NULL, &cp, (long)m);
        EC_KEY *gk = got ? EVP_PKEY_get1_EC_KEY(got) : NULL;
        check_ossl("PKCS#8 d2i_AutoPrivateKey", gk, ek, 1);
        EC_KEY_free(gk);
        EVP_PKEY_free(got);
    }
    /* PKCS#8 PEM: PEM_write_bio_PrivateKey */
    b = BIO_new(BIO_s_mem());
    PEM_write_bio_PrivateKey(b, pk, NULL, NULL, 0, NULL, NULL);
    n = bio_take(b, ossl, sizeof ossl);
    BIO_free(b);
    e = sc_key_parse(&k, ossl, n);
    snprintf(what, sizeof what, "PKCS#8 PEM c=%d", compressed);
    if (CHECK(e == SC_OK, "%s %s: parse %d", c->name, what, e))
        check_key(what, &k, c, ek, 1, compressed);
    m = sizeof buf;
    e = sc_key_encode(buf, &m, &k, SC_KEYFMT_PKCS8, 1);
    CHECK(e == SC_OK && m == n && memcmp(buf, ossl, n) == 0, "%s %s: PEM encode == OpenSSL", c->name, what);
    b = BIO_new_mem_buf(buf, (int)m);
    {
        EVP_PKEY *got = PEM_read_bio_PrivateKey(b, NULL, NULL, NULL);
        EC_KEY *gk = got ? EVP_PKEY_get1_EC_KEY(got) : NULL;
        check_ossl("PKCS#8 PEM_read_bio_PrivateKey", gk, ek, 1);
        EC_KEY_free(gk);
        EVP_PKEY_free(got);
    }
    BIO_free(b);

    /* the private key also gives SPKI (public part) that OpenSSL reads */
    n = sizeof buf;
    e = sc_key_encode(buf, &n, &k, SC_KEYFMT_SPKI, 0);
    cp = buf;
    {
        EC_KEY *gk = e == SC_OK ? d2i_EC_PUBKEY(NULL, &cp, (long)n) : NULL;
        check_ossl("SPKI from private key", gk, ek, 0);
        EC_KEY_free(gk);
    }
    (void)nid;
    EVP_PKEY_free(pk);
}

static void test_keys(void)
{
    size_t i;
    int j, comp;
    for (i = 0; i < NCURVES; i++) {
        const sc_curve *c = sc_curve_find(curves[i].name);
        if (!CHECK(c != NULL, "curve %s", curves[i].name))
            continue;
        for (j = 0; j < 6; j++) {
            for (comp = 0; comp < 2; comp++) {
                EC_KEY *ek;
                uint8_t d[64];
                if (j < 4) {
                    ek = ossl_key(curves[i].nid, NULL, 0, comp);
                } else {
                    /* d with leading zero bytes: OpenSSL pads to nlen */
                    tu_rand_bytes(d, c->nlen);
                    memset(d, 0, (size_t)(j == 4 ? 1 : 3));
                    d[c->nlen - 1] |= 1;
                    ek = ossl_key(curves[i].nid, d, c->nlen, comp);
                }
                test_keys_one(c, curves[i].nid, ek, comp);
                EC_KEY_free(ek);
            }
        }
    }
}

/* ---- hand-made key files with expected errors ---- */

static const uint8_t oid_ecpub[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };
static const uint8_t oid_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };
static const uint8_t oid_p384[] = { 0x2b, 0x81, 0x04, 0x00, 0x22 };

/* SPKI from parts: algorithm OID, raw parameters TLV, BIT STRING contents. */
static size_t mk_spki(uint8_t *out, const uint8_t *alg, size_t alglen, const uint8_t *params, size_t plen,
                      const uint8_t *bits, size_t bitslen)
{
    uint8_t a[256], s[512];
    size_t al = 0, sl = 0, n = 0;
    tlv(a, &al, 0x06, alg, alglen);
    cat(a, &al, params, plen);
    tlv(s, &sl, 0x30, a, al);
    tlv(s, &sl, 0x03, bits, bitslen);
    tlv(out, &n, 0x30, s, sl);
    return n;
}

/* ECPrivateKey from parts (version, d, optional [0] params TLV, optional point). */
static size_t mk_sec1(uint8_t *out, unsigned version, const uint8_t *d, size_t dlen, const uint8_t *params,
                      size_t plen, const uint8_t *pub, size_t publen)
{
    uint8_t s[512], t[256], v = (uint8_t)version;
    size_t sl = 0, tl = 0, n = 0;
    tlv(s, &sl, 0x02, &v, 1);
    tlv(s, &sl, 0x04, d, dlen);
    if (params)
        tlv(s, &sl, 0xa0, params, plen);
    if (pub) {
        uint8_t bits[200];
        bits[0] = 0;
        memcpy(bits + 1, pub, publen);
        tlv(t, &tl, 0x03, bits, publen + 1);
        tlv(s, &sl, 0xa1, t, tl);
    }
    tlv(out, &n, 0x30, s, sl);
    return n;
}

static size_t mk_pkcs8(uint8_t *out, unsigned version, const uint8_t *curve_oid, size_t oidlen,
                       const uint8_t *ecpriv, size_t eclen)
{
    uint8_t s[512], a[256], v = (uint8_t)version;
    size_t sl = 0, al = 0, n = 0;
    tlv(s, &sl, 0x02, &v, 1);
    tlv(a, &al, 0x06, oid_ecpub, sizeof oid_ecpub);
    tlv(a, &al, 0x06, curve_oid, oidlen);
    tlv(s, &sl, 0x30, a, al);
    tlv(s, &sl, 0x04, ecpriv, eclen);
    tlv(out, &n, 0x30, s, sl);
    return n;
}

static void expect_parse(const char *what, const uint8_t *in, size_t n, sc_err want)
{
    sc_key k;
    sc_err e;
    memset(&k, 0xa5, sizeof k);
    e = sc_key_parse(&k, in, n);
    CHECK(e == want, "%s: got %d want %d", what, e, want);
    if (want != SC_OK)
        CHECK(all_zero(&k, sizeof k), "%s: key zeroed on failure", what);
}

/* ---- explicit curve parameters (specifiedCurve) ---- */

#define NPRIME 5 /* curves[0..4]: the prime curves */

/* A copy of ek whose group OpenSSL writes as explicit parameters, G and Q in
 * the given point form; keep_seed 0 drops the curve's seed (then OpenSSL's
 * bytes are what seacurve writes). */
static EC_KEY *ossl_explicit(const EC_KEY *ek, int keep_seed, int compressed)
{
    EC_GROUP *g = EC_GROUP_dup(EC_KEY_get0_group(ek));
    EC_KEY *ex = EC_KEY_new();
    point_conversion_form_t form = compressed ? POINT_CONVERSION_COMPRESSED : POINT_CONVERSION_UNCOMPRESSED;
    EC_GROUP_set_asn1_flag(g, OPENSSL_EC_EXPLICIT_CURVE);
    EC_GROUP_set_point_conversion_form(g, form);
    if (!keep_seed)
        EC_GROUP_set_seed(g, NULL, 0);
    EC_KEY_set_group(ex, g);
    if (EC_KEY_get0_private_key(ek))
        EC_KEY_set_private_key(ex, EC_KEY_get0_private_key(ek));
    EC_KEY_set_public_key(ex, EC_KEY_get0_public_key(ek));
    EC_KEY_set_conv_form(ex, form);
    EC_GROUP_free(g);
    return ex;
}

/* OpenSSL writes ek as fmt (SPKI / SEC1 / PKCS#8), DER or PEM; returns the length. */
static size_t ossl_write(EC_KEY *ek, sc_key_format fmt, int pem, uint8_t *out, size_t max)
{
    BIO *b = BIO_new(BIO_s_mem());
    EVP_PKEY *pk = EVP_PKEY_new();
    size_t n;
    EVP_PKEY_set1_EC_KEY(pk, ek);
    if (fmt == SC_KEYFMT_SPKI)
        pem ? PEM_write_bio_EC_PUBKEY(b, ek) : i2d_EC_PUBKEY_bio(b, ek);
    else if (fmt == SC_KEYFMT_SEC1)
        pem ? PEM_write_bio_ECPrivateKey(b, ek, NULL, NULL, 0, NULL, NULL) : i2d_ECPrivateKey_bio(b, ek);
    else
        pem ? PEM_write_bio_PrivateKey(b, pk, NULL, NULL, 0, NULL, NULL)
            : i2d_PKCS8PrivateKey_bio(b, pk, NULL, NULL, 0, NULL, NULL);
    n = bio_take(b, out, max);
    BIO_free(b);
    EVP_PKEY_free(pk);
    return n;
}

/* OpenSSL reads a key file of format fmt (through EVP for PKCS#8). */
static EC_KEY *ossl_read(sc_key_format fmt, int pem, const uint8_t *in, size_t n)
{
    BIO *b = BIO_new_mem_buf(in, (int)n);
    EC_KEY *k = NULL;
    if (fmt == SC_KEYFMT_SPKI) {
        k = pem ? PEM_read_bio_EC_PUBKEY(b, NULL, NULL, NULL) : d2i_EC_PUBKEY_bio(b, NULL);
    } else if (fmt == SC_KEYFMT_SEC1) {
        k = pem ? PEM_read_bio_ECPrivateKey(b, NULL, NULL, NULL) : d2i_ECPrivateKey_bio(b, NULL);
    } else {
        EVP_PKEY *pk = pem ? PEM_read_bio_PrivateKey(b, NULL, NULL, NULL) : d2i_PrivateKey_bio(b, NULL);
        k = pk ? EVP_PKEY_get1_EC_KEY(pk) : NULL;
        EVP_PKEY_free(pk);
    }
    BIO_free(b);
    return k;
}

/* OpenSSL's key read from our explicit file: same group (compared by value), point and d. */
static void check_ossl_explicit(const char *what, const EC_KEY *got, const EC_KEY *want, int priv)
{
    const EC_GROUP *g = EC_KEY_get0_group(want);
    if (!CHECK(got != NULL, "%s: OpenSSL parses it", what))
        return;
    CHECK(EC_GROUP_cmp(EC_KEY_get0_group(got), g, NULL) == 0, "%s: same group", what);
    CHECK(EC_GROUP_check(EC_KEY_get0_group(got), NULL) == 1, "%s: EC_GROUP_check", what);
    CHECK(EC_KEY_check_key(got) == 1, "%s: EC_KEY_check_key", what);
    CHECK(EC_POINT_cmp(g, EC_KEY_get0_public_key(got), EC_KEY_get0_public_key(want), NULL) == 0,
          "%s: point", what);
    if (priv)
        CHECK(EC_KEY_get0_private_key(got) &&
                  BN_cmp(EC_KEY_get0_private_key(got), EC_KEY_get0_private_key(want)) == 0,
              "%s: d", what);
}

static const char *const fmt_name[4] = { "", "SPKI", "SEC1", "PKCS#8" };

static void test_keys_explicit_one(const sc_curve *c, EC_KEY *ek, int comp)
{
    EC_KEY *ex = ossl_explicit(ek, 1, comp), *ex0 = ossl_explicit(ek, 0, comp);
    uint8_t ossl[2048], buf[2048], buf2[2048], named[2048];
    size_t n, m, m2, nn;
    sc_key k, k2;
    sc_err e;
    char what[128];
    int f, pem;

    for (f = SC_KEYFMT_SPKI; f <= SC_KEYFMT_PKCS8; f++)
        for (pem = 0; pem < 2; pem++) {
            int priv = f != SC_KEYFMT_SPKI;
            /* OpenSSL -> seacurve, with and without the seed */
            snprintf(what, sizeof what, "explicit %s %s c=%d (OpenSSL, seed)", fmt_name[f], pem ? "PEM" : "DER", comp);
            n = ossl_write(ex, (sc_key_format)f, pem, ossl, sizeof ossl);
            e = sc_key_parse(&k, ossl, n);
            if (CHECK(e == SC_OK && n > 0, "%s %s: parse %d", c->name, what, e))
                check_key(what, &k, c, ek, priv, comp);
            snprintf(what, sizeof what, "explicit %s %s c=%d (OpenSSL, no seed)", fmt_name[f], pem ? "PEM" : "DER", comp);
            n = ossl_write(ex0, (sc_key_format)f, pem, ossl, sizeof ossl);
            e = sc_key_parse(&k, ossl, n);
            if (CHECK(e == SC_OK && n > 0, "%s %s: parse %d", c->name, what, e))
                check_key(what, &k, c, ek, priv, comp);
            /* seacurve -> OpenSSL: same bytes as OpenSSL without the seed (uncompressed G) */
            snprintf(what, sizeof what, "%s explicit %s %s c=%d (seacurve)", c->name, fmt_name[f], pem ? "PEM" : "DER", comp);
            m = sizeof buf;
            e = sc_key_encode_ex(buf, &m, &k, (sc_key_format)f, pem, SC_PARAMS_EXPLICIT);
            if (!CHECK(e == SC_OK, "%s: encode %d", what, e))
                continue;
            if (!comp)
                CHECK(m == n && memcmp(buf, ossl, n) == 0, "%s: == OpenSSL's bytes", what);
            {
                EC_KEY *got = ossl_read((sc_key_format)f, pem, buf, m);
                check_ossl_explicit(what, got, ek, priv);
                EC_KEY_free(got);
            }
            /* round trip named -> explicit -> named, and explicit read back */
            nn = sizeof named;
            e = sc_key_encode(named, &nn, &k, (sc_key_format)f, pem);
            CHECK(e == SC_OK, "%s: named encode", what);
            e = sc_key_parse(&k2, buf, m);
            if (CHECK(e == SC_OK, "%s: read back %d", what, e))
                check_key(what, &k2, c, ek, priv, comp);
            m2 = sizeof buf2;
            e = sc_key_encode_ex(buf2, &m2, &k2, (sc_key_format)f, pem, SC_PARAMS_NAMED);
            CHECK(e == SC_OK && m2 == nn && memcmp(buf2, named, nn) == 0, "%s: named -> explicit -> named", what);
            CHECK(m > nn, "%s: explicit is longer than named", what);
        }

    /* "openssl ecparam -param_enc explicit -genkey": explicit EC PARAMETERS, then the key */
    {
        BIO *b = BIO_new(BIO_s_mem());
        PEM_write_bio_ECPKParameters(b, EC_KEY_get0_group(ex));
        PEM_write_bio_ECPrivateKey(b, ex, NULL, NULL, 0, NULL, NULL);
        n = bio_take(b, ossl, sizeof ossl);
        BIO_free(b);
        e = sc_key_parse(&k, ossl, n);
        snprintf(what, sizeof what, "explicit EC PARAMETERS + SEC1 PEM c=%d", comp);
        if (CHECK(e == SC_OK, "%s %s: parse %d", c->name, what, e))
            check_key(what, &k, c, ek, 1, comp);
        /* explicit parameters of another curve before a named key */
        b = BIO_new(BIO_s_mem());
        {
            EC_KEY *other = ossl_key(c == sc_curve_find("secp256k1") ? NID_secp224r1 : NID_secp256k1, NULL, 0, 0);
            EC_KEY *oex = ossl_explicit(other, 1, 0);
            PEM_write_bio_ECPKParameters(b, EC_KEY_get0_group(oex));
            EC_KEY_free(oex);
            EC_KEY_free(other);
        }
        PEM_write_bio_ECPrivateKey(b, ek, NULL, NULL, 0, NULL, NULL);
        n = bio_take(b, ossl, sizeof ossl);
        BIO_free(b);
        snprintf(what, sizeof what, "%s other curve's explicit EC PARAMETERS + SEC1 PEM", c->name);
        expect_parse(what, ossl, n, SC_ERR_CURVE_MISMATCH);
    }
    sc_key_wipe(&k);
    sc_key_wipe(&k2);
    EC_KEY_free(ex);
    EC_KEY_free(ex0);
}

static void test_keys_explicit(void)
{
    uint8_t buf[2048];
    size_t i, n;
    int j, comp;
    sc_key k;
    sc_err e;

    for (i = 0; i < NPRIME; i++) {
        const sc_curve *c = sc_curve_find(curves[i].name);
        if (!CHECK(c != NULL && c->ep != NULL, "prime curve %s", curves[i].name))
            continue;
        for (j = 0; j < 3; j++)
            for (comp = 0; comp < 2; comp++) {
                EC_KEY *ek = ossl_key(curves[i].nid, NULL, 0, comp);
                test_keys_explicit_one(c, ek, comp);
                EC_KEY_free(ek);
            }
    }
    /* binary curves: explicit parameters are neither read nor written */
    for (i = NPRIME; i < NCURVES; i++) {
        const sc_curve *c = sc_curve_find(curves[i].name);
        EC_KEY *ek, *ex;
        if (!c)
            continue;
        ek = ossl_key(curves[i].nid, NULL, 0, 0);
        ex = ossl_explicit(ek, 1, 0);
        n = ossl_write(ex, SC_KEYFMT_SEC1, 0, buf, sizeof buf);
        expect_parse("binary explicit SEC1 (OpenSSL)", buf, n, SC_ERR_UNSUPPORTED);
        n = ossl_write(ex, SC_KEYFMT_SPKI, 1, buf, sizeof buf);
        expect_parse("binary explicit SPKI PEM (OpenSSL)", buf, n, SC_ERR_UNSUPPORTED);
        n = ossl_write(ek, SC_KEYFMT_SEC1, 0, buf, sizeof buf);
        e = sc_key_parse(&k, buf, n);
        CHECK(e == SC_OK, "%s named SEC1", c->name);
        memset(buf, 0xa5, sizeof buf);
        n = sizeof buf;
        e = sc_key_encode_ex(buf, &n, &k, SC_KEYFMT_PKCS8, 1, SC_PARAMS_EXPLICIT);
        CHECK(e == SC_ERR_UNSUPPORTED && n == 0 && all_zero(buf, sizeof buf), "%s explicit encode refused", c->name);
        n = sizeof buf;
        e = sc_key_encode_ex(buf, &n, &k, SC_KEYFMT_SEC1, 0, SC_PARAMS_NAMED);
        CHECK(e == SC_OK, "%s encode_ex named", c->name);
        sc_key_wipe(&k);
        EC_KEY_free(ex);
        EC_KEY_free(ek);
    }
    /* a curve without an OID (as the opf curves, docs/opf.md) is always written with explicit
     * parameters: a copy of secp256r1 with its OID removed gives the explicit encoding, which
     * reads back as secp256r1 itself */
    for (i = 0; i < NPRIME; i++) {
        const sc_curve *c = sc_curve_find(curves[i].name);
        sc_curve nooid = *c;
        EC_KEY *ek = ossl_key(curves[i].nid, NULL, 0, 0);
        uint8_t want[2048];
        size_t wl;
        int f, pem;
        nooid.oid = NULL;
        nooid.oid_len = 0;
        n = ossl_write(ek, SC_KEYFMT_SEC1, 0, buf, sizeof buf);
        e = sc_key_parse(&k, buf, n);
        CHECK(e == SC_OK, "%s parse", c->name);
        for (f = SC_KEYFMT_SPKI; f <= SC_KEYFMT_PKCS8; f++)
            for (pem = 0; pem < 2; pem++) {
                sc_key k2;
                wl = sizeof want;
                e = sc_key_encode_ex(want, &wl, &k, (sc_key_format)f, pem, SC_PARAMS_EXPLICIT);
                CHECK(e == SC_OK, "%s explicit encode", c->name);
                k.curve = &nooid;
                n = sizeof buf;
                e = sc_key_encode(buf, &n, &k, (sc_key_format)f, pem);
                CHECK(e == SC_OK && n == wl && memcmp(buf, want, n) == 0, "%s without OID, %s %s: explicit",
                      c->name, fmt_name[f], pem ? "PEM" : "DER");
                n = sizeof buf;
                e = sc_key_encode_ex(buf, &n, &k, (sc_key_format)f, pem, SC_PARAMS_NAMED);
                CHECK(e == SC_OK && n == wl && memcmp(buf, want, n) == 0, "%s without OID, %s %s: explicit (_ex)",
                      c->name, fmt_name[f], pem ? "PEM" : "DER");
                k.curve = c;
                e = sc_key_parse(&k2, buf, n);
                CHECK(e == SC_OK && k2.curve == c, "%s without OID, %s %s: reads back", c->name, fmt_name[f],
                      pem ? "PEM" : "DER");
                sc_key_wipe(&k2);
            }
        sc_key_wipe(&k);
        EC_KEY_free(ek);
    }
    /* a params value that is neither */
    {
        EC_KEY *ek = ossl_key(NID_X9_62_prime256v1, NULL, 0, 0);
        n = ossl_write(ek, SC_KEYFMT_SEC1, 0, buf, sizeof buf);
        e = sc_key_parse(&k, buf, n);
        n = sizeof buf;
        e = sc_key_encode_ex(buf, &n, &k, SC_KEYFMT_SEC1, 0, (sc_param_enc)2);
        CHECK(e == SC_ERR_ARG && n == 0 && all_zero(buf, sizeof buf), "encode_ex params 2: SC_ERR_ARG");
        sc_key_wipe(&k);
        EC_KEY_free(ek);
    }
}

/* Every built-in prime curve without an OID (the opf curves, docs/opf.md) is written with
 * explicit parameters in every format: seacurve reads each file back to the same curve and
 * key, libcrypto reads it (the group from the parameters) and passes EC_KEY_check_key, and
 * OpenSSL's re-encoding of what it read is the same bytes. */
static void test_keys_no_oid(void)
{
    size_t i, n, m;
    int f, pem, count = 0;
    sc_err e;
    for (i = 0; i < sc_curve_prime_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        uint8_t buf[2048], re[2048], q[200], d[80];
        sc_key k, k2;
        if (c->oid_len)
            continue;
        count++;
        memset(&k, 0, sizeof k);
        k.curve = c;
        k.publen = sizeof k.pub;
        e = sc_keygen(c, k.priv, c->nlen);
        if (e == SC_OK)
            e = sc_pubkey(c, k.pub, &k.publen, 0, k.priv, c->nlen);
        if (!CHECK(e == SC_OK, "%s keygen", c->name))
            continue;
        k.has_priv = k.has_pub = 1;
        for (f = SC_KEYFMT_SPKI; f <= SC_KEYFMT_PKCS8; f++)
            for (pem = 0; pem < 2; pem++) {
                int priv = f != SC_KEYFMT_SPKI;
                EC_KEY *ok;
                n = sizeof buf;
                e = sc_key_encode(buf, &n, &k, (sc_key_format)f, pem);
                if (!CHECK(e == SC_OK, "%s (no OID) %s %s: encode %d", c->name, fmt_name[f], pem ? "PEM" : "DER", e))
                    continue;
                e = sc_key_parse(&k2, buf, n);
                CHECK(e == SC_OK && k2.curve == c && k2.publen == k.publen && memcmp(k2.pub, k.pub, k.publen) == 0 &&
                          k2.has_priv == priv && (!priv || memcmp(k2.priv, k.priv, c->nlen) == 0),
                      "%s (no OID) %s %s: reads back", c->name, fmt_name[f], pem ? "PEM" : "DER");
                ok = ossl_read((sc_key_format)f, pem, buf, n);
                if (!CHECK(ok != NULL, "%s (no OID) %s %s: OpenSSL reads it", c->name, fmt_name[f], pem ? "PEM" : "DER"))
                    continue;
                CHECK(EC_KEY_check_key(ok) == 1, "%s (no OID) %s: EC_KEY_check_key", c->name, fmt_name[f]);
                m = ossl_pub(ok, q, sizeof q, 0);
                CHECK(m == k.publen && memcmp(q, k.pub, m) == 0, "%s (no OID) %s: OpenSSL's point", c->name,
                      fmt_name[f]);
                if (priv) {
                    BN_bn2binpad(EC_KEY_get0_private_key(ok), d, c->nlen);
                    CHECK(memcmp(d, k.priv, c->nlen) == 0, "%s (no OID) %s: OpenSSL's d", c->name, fmt_name[f]);
                }
                m = ossl_write(ok, (sc_key_format)f, pem, re, sizeof re);
                CHECK(m == n && memcmp(re, buf, n) == 0, "%s (no OID) %s %s: OpenSSL re-encodes the same bytes",
                      c->name, fmt_name[f], pem ? "PEM" : "DER");
                EC_KEY_free(ok);
                sc_key_wipe(&k2);
            }
        sc_key_wipe(&k);
    }
    printf("curves without an OID (explicit parameters only): %d\n", count);
}

/* ---- hand-made SpecifiedECDomain variants ---- */

static const uint8_t oid_prime_field[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x01, 0x01 };
static const uint8_t oid_char2_field[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x01, 0x02 };
static const uint8_t sha256_algid[] = { 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01 };

typedef struct dom {
    uint8_t version;
    const uint8_t *foid;
    size_t foidlen;
    uint8_t p[80], a[80], b[80], g[160], n[80], h[4]; /* INTEGER / OCTET STRING contents */
    size_t pl, al, bl, gl, nl, hl;                    /* hl 0: no cofactor */
    int seed, hash, extra; /* seed 1 whole bytes, 2 an unused bit; hash 1 sha256, 2 garbage */
} dom;

/* INTEGER contents of a BIGNUM (minimal, sign byte when needed). */
static size_t bn_int(uint8_t *out, const BIGNUM *x)
{
    size_t l = (size_t)BN_num_bytes(x);
    out[0] = 0;
    BN_bn2bin(x, out + 1);
    if (l == 0)
        return 1;
    if (out[1] & 0x80)
        return l + 1;
    memmove(out, out + 1, l);
    return l;
}

static void dom_init(dom *d, const sc_curve *c, int nid)
{
    EC_GROUP *g = EC_GROUP_new_by_curve_name(nid);
    BIGNUM *p = BN_new(), *a = BN_new(), *b = BN_new();
    memset(d, 0, sizeof *d);
    d->version = 1;
    d->foid = oid_prime_field;
    d->foidlen = sizeof oid_prime_field;
    EC_GROUP_get_curve(g, p, a, b, NULL);
    d->pl = bn_int(d->p, p);
    BN_bn2binpad(a, d->a, c->flen);
    BN_bn2binpad(b, d->b, c->flen);
    d->al = d->bl = c->flen;
    d->gl = EC_POINT_point2oct(g, EC_GROUP_get0_generator(g), POINT_CONVERSION_UNCOMPRESSED, d->g, sizeof d->g, NULL);
    d->nl = bn_int(d->n, EC_GROUP_get0_order(g));
    d->h[0] = 1;
    d->hl = 1;
    BN_free(p);
    BN_free(a);
    BN_free(b);
    EC_GROUP_free(g);
}

/* ECParameters TLV for d. */
static size_t dom_der(uint8_t *out, const dom *d)
{
    uint8_t s[600], f[120], cv[240];
    size_t sl = 0, fl = 0, cl = 0, n = 0;
    static const uint8_t seed[20] = { 0 };
    uint8_t bits[21];
    tlv(s, &sl, 0x02, &d->version, 1);
    tlv(f, &fl, 0x06, d->foid, d->foidlen);
    tlv(f, &fl, 0x02, d->p, d->pl);
    tlv(s, &sl, 0x30, f, fl);
    tlv(cv, &cl, 0x04, d->a, d->al);
    tlv(cv, &cl, 0x04, d->b, d->bl);
    if (d->seed) {
        bits[0] = (uint8_t)(d->seed - 1); /* seed 2: one unused bit (not whole bytes) */
        memcpy(bits + 1, seed, sizeof seed);
        tlv(cv, &cl, 0x03, bits, sizeof bits);
    }
    tlv(s, &sl, 0x30, cv, cl);
    tlv(s, &sl, 0x04, d->g, d->gl);
    tlv(s, &sl, 0x02, d->n, d->nl);
    if (d->hl)
        tlv(s, &sl, 0x02, d->h, d->hl);
    if (d->hash == 1)
        tlv(s, &sl, 0x30, sha256_algid, sizeof sha256_algid);
    if (d->hash == 2)
        tlv(s, &sl, 0x30, (const uint8_t *)"\x01", 1); /* not an AlgorithmIdentifier */
    if (d->extra)
        tlv(s, &sl, 0x05, NULL, 0);
    tlv(out, &n, 0x30, s, sl);
    return n;
}

/* SPKI, SEC1 (with [0]) and PKCS#8 with the parameters of d around key ek; each must parse to want. */
static void expect_dom(const char *what, const dom *d, const sc_curve *c, const EC_KEY *ek, sc_err want)
{
    uint8_t params[700], a[800], s[1200], inner[1200], out[1400], q[160], bits[161], dd[256];
    size_t pl = dom_der(params, d), al = 0, sl, il = 0, n, ql;
    char w[160];
    static const uint8_t v0 = 0, v1 = 1;

    ql = ossl_pub(ek, q, sizeof q, 0);
    bits[0] = 0;
    memcpy(bits + 1, q, ql);
    BN_bn2binpad(EC_KEY_get0_private_key(ek), dd, c->nlen);
    /* SPKI */
    tlv(a, &al, 0x06, oid_ecpub, sizeof oid_ecpub);
    cat(a, &al, params, pl);
    sl = 0;
    tlv(s, &sl, 0x30, a, al);
    tlv(s, &sl, 0x03, bits, ql + 1);
    n = 0;
    tlv(out, &n, 0x30, s, sl);
    snprintf(w, sizeof w, "%s %s SPKI", c->name, what);
    expect_parse(w, out, n, want);
    /* SEC1 [0] */
    sl = 0;
    tlv(s, &sl, 0x02, &v1, 1);
    tlv(s, &sl, 0x04, dd, c->nlen);
    tlv(s, &sl, 0xa0, params, pl);
    n = 0;
    tlv(out, &n, 0x30, s, sl);
    snprintf(w, sizeof w, "%s %s SEC1", c->name, what);
    expect_parse(w, out, n, want);
    /* PKCS#8 (inner ECPrivateKey without parameters) */
    sl = 0;
    tlv(s, &sl, 0x02, &v1, 1);
    tlv(s, &sl, 0x04, dd, c->nlen);
    tlv(inner, &il, 0x30, s, sl);
    sl = 0;
    tlv(s, &sl, 0x02, &v0, 1);
    tlv(s, &sl, 0x30, a, al);
    tlv(s, &sl, 0x04, inner, il);
    n = 0;
    tlv(out, &n, 0x30, s, sl);
    snprintf(w, sizeof w, "%s %s PKCS#8", c->name, what);
    expect_parse(w, out, n, want);
}

static void test_explicit_malformed(void)
{
    static const struct { const char *name; int nid; } tc[] = {
        { "secp256r1", NID_X9_62_prime256v1 }, { "secp256k1", NID_secp256k1 }, { "secp160r1", NID_secp160r1 }
    };
    uint8_t buf[2048], pembuf[2048];
    size_t i, n, pn, l;
    sc_err e;
    sc_key k;

    for (i = 0; i < sizeof tc / sizeof tc[0]; i++) {
        const sc_curve *c = sc_curve_find(tc[i].name), *other;
        EC_KEY *ek = ossl_key(tc[i].nid, NULL, 0, 0);
        size_t fl = c->flen;
        dom d, d0;
        int f, pem;

        dom_init(&d0, c, tc[i].nid);
        d = d0;
        expect_dom("valid", &d, c, ek, SC_OK);
        d.version = 2;
        expect_dom("version 2", &d, c, ek, SC_OK);
        d.version = 3;
        expect_dom("version 3", &d, c, ek, SC_OK);
        d.version = 0;
        expect_dom("version 0", &d, c, ek, SC_ERR_ENCODING);
        d.version = 4;
        expect_dom("version 4", &d, c, ek, SC_ERR_ENCODING);
        d = d0;
        d.foid = oid_char2_field;
        expect_dom("characteristic-two field OID", &d, c, ek, SC_ERR_UNSUPPORTED);
        d.foid = oid_ecpub;
        d.foidlen = sizeof oid_ecpub;
        expect_dom("unknown field OID", &d, c, ek, SC_ERR_UNSUPPORTED);
        /* p of another curve with this curve's a, b, G, n */
        d = d0;
        other = sc_curve_find(i == 1 ? "secp256r1" : "secp256k1");
        {
            dom od;
            dom_init(&od, other, i == 1 ? NID_X9_62_prime256v1 : NID_secp256k1);
            memcpy(d.p, od.p, od.pl);
            d.pl = od.pl;
        }
        expect_dom("p of another curve", &d, c, ek, SC_ERR_UNSUPPORTED);
        d = d0;
        memmove(d.p + 1, d.p, d.pl);
        d.p[0] = 0;
        d.pl++;
        if (d.p[1] & 0x80) { /* already had its sign byte: two zeros now */
            expect_dom("p non-minimal INTEGER", &d, c, ek, SC_ERR_ENCODING);
        } else {
            expect_dom("p non-minimal INTEGER", &d, c, ek, SC_ERR_ENCODING);
        }
        d = d0;
        d.b[fl - 1] ^= 1;
        expect_dom("b of no curve", &d, c, ek, SC_ERR_UNSUPPORTED);
        d = d0;
        d.a[fl - 1] ^= 1;
        expect_dom("a of no curve", &d, c, ek, SC_ERR_UNSUPPORTED);
        /* a and b longer than flen (leading zero): rejected; shorter with leading zeros implied: accepted */
        d = d0;
        memmove(d.b + 1, d.b, fl);
        d.b[0] = 0;
        d.bl = fl + 1;
        expect_dom("b longer than the field", &d, c, ek, SC_ERR_UNSUPPORTED);
        if (i == 1) { /* secp256k1: a = 0 */
            d = d0;
            d.al = 1;
            expect_dom("a = 0 as one byte", &d, c, ek, SC_OK);
            d.al = 0;
            expect_dom("a = 0 as an empty string", &d, c, ek, SC_OK);
        }
        d = d0;
        d.g[d.gl - 1] ^= 1;
        expect_dom("G not on the curve", &d, c, ek, SC_ERR_UNSUPPORTED);
        d = d0;
        d.gl = ossl_pub(ek, d.g, sizeof d.g, 0); /* another point of the curve */
        expect_dom("G another point", &d, c, ek, SC_ERR_UNSUPPORTED);
        d = d0;
        d.g[0] = (uint8_t)(0x02 | (d0.g[2 * fl] & 1));
        d.gl = 1 + fl;
        expect_dom("G compressed", &d, c, ek, SC_OK);
        d.g[0] ^= 1;
        expect_dom("G compressed, wrong parity", &d, c, ek, SC_ERR_UNSUPPORTED);
        d = d0;
        d.gl--;
        expect_dom("G short", &d, c, ek, SC_ERR_UNSUPPORTED);
        d = d0;
        d.g[0] = 0x06;
        expect_dom("G hybrid form", &d, c, ek, SC_ERR_UNSUPPORTED);
        d = d0;
        d.n[d.nl - 1] ^= 2;
        expect_dom("order mismatch", &d, c, ek, SC_ERR_UNSUPPORTED);
        d = d0;
        d.h[0] = 2;
        expect_dom("cofactor 2", &d, c, ek, SC_ERR_UNSUPPORTED);
        d.hl = 0; /* OPTIONAL in SEC 1, but RFC 3279 2.3.5: MUST in keys (Wycheproof: invalid) */
        expect_dom("no cofactor", &d, c, ek, SC_ERR_ENCODING);
        d.h[0] = 0;
        d.h[1] = 1;
        d.hl = 2;
        expect_dom("cofactor non-minimal", &d, c, ek, SC_ERR_ENCODING);
        d = d0;
        d.seed = 1;
        d.hash = 1;
        expect_dom("seed and hash", &d, c, ek, SC_OK);
        d.extra = 1;
        expect_dom("extra element", &d, c, ek, SC_ERR_ENCODING);
        d = d0;
        d.seed = 2;
        expect_dom("seed with an unused bit", &d, c, ek, SC_ERR_ENCODING);
        d = d0;
        d.hash = 2;
        expect_dom("hash not an AlgorithmIdentifier", &d, c, ek, SC_ERR_ENCODING);
        d.hl = 0;
        expect_dom("no cofactor, hash not an AlgorithmIdentifier", &d, c, ek, SC_ERR_ENCODING);

        /* truncation at every length and trailing garbage, of seacurve-written explicit files */
        n = ossl_write(ek, SC_KEYFMT_SEC1, 0, buf, sizeof buf);
        e = sc_key_parse(&k, buf, n);
        CHECK(e == SC_OK, "%s parse", c->name);
        for (f = SC_KEYFMT_SPKI; f <= SC_KEYFMT_PKCS8; f++)
            for (pem = 0; pem < 2; pem++) {
                char w[96];
                uint8_t *x = pem ? pembuf : buf;
                sc_key kk;
                n = sizeof buf;
                pn = sizeof pembuf;
                e = sc_key_encode_ex(buf, &n, &k, (sc_key_format)f, 0, SC_PARAMS_EXPLICIT);
                if (e == SC_OK)
                    e = sc_key_encode_ex(pembuf, &pn, &k, (sc_key_format)f, 1, SC_PARAMS_EXPLICIT);
                if (!CHECK(e == SC_OK, "%s encode explicit %s", c->name, fmt_name[f]))
                    continue;
                if (pem)
                    n = pn;
                /* PEM without its final newline is still complete */
                for (l = 0; l < n - (size_t)pem; l++) {
                    memset(&kk, 0xa5, sizeof kk);
                    e = sc_key_parse(&kk, x, l);
                    if (!CHECK(e == SC_ERR_ENCODING && all_zero(&kk, sizeof kk), "%s explicit %s %s cut at %zu: %d",
                               c->name, fmt_name[f], pem ? "PEM" : "DER", l, e))
                        break;
                }
                snprintf(w, sizeof w, "%s explicit %s %s whole", c->name, fmt_name[f], pem ? "PEM" : "DER");
                expect_parse(w, x, n, SC_OK);
                if (!pem) {
                    x[n] = 0;
                    snprintf(w, sizeof w, "%s explicit %s DER trailing byte", c->name, fmt_name[f]);
                    expect_parse(w, x, n + 1, SC_ERR_ENCODING);
                }
            }
        sc_key_wipe(&k);
        EC_KEY_free(ek);
    }
}

static void test_key_malformed(void)
{
    const sc_curve *c = sc_curve_find("secp256r1"), *c2 = sc_curve_find("secp256k1");
    EC_KEY *ek = ossl_key(NID_X9_62_prime256v1, NULL, 0, 0), *ek2 = ossl_key(NID_secp256k1, NULL, 0, 0);
    uint8_t d[32], q[65], q2[65], bits[66], params[16], buf[1024], der[1024], n_bytes[32];
    size_t ql, n, pl = 0, dl;
    int i;
    sc_key k;
    sc_err e;
    BIGNUM *order = BN_new();

    BN_bn2binpad(EC_KEY_get0_private_key(ek), d, 32);
    ql = ossl_pub(ek, q, sizeof q, 0);
    ossl_pub(ek2, q2, sizeof q2, 0);
    EC_GROUP_get_order(EC_KEY_get0_group(ek), order, NULL);
    BN_bn2binpad(order, n_bytes, 32);
    bits[0] = 0;
    memcpy(bits + 1, q, ql);
    tlv(params, &pl, 0x06, c->oid, c->oid_len);

    /* SPKI */
    n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, params, pl, bits, ql + 1);
    expect_parse("SPKI hand-made valid", buf, n, SC_OK);
    buf[n] = 0;
    expect_parse("SPKI trailing byte", buf, n + 1, SC_ERR_ENCODING);
    expect_parse("SPKI truncated", buf, n - 1, SC_ERR_ENCODING);
    expect_parse("empty input", buf, 0, SC_ERR_ENCODING);
    {
        uint8_t p384[16];
        size_t l = 0;
        tlv(p384, &l, 0x06, oid_p384, sizeof oid_p384);
        n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, p384, l, bits, ql + 1);
        expect_parse("SPKI unknown curve OID (secp384r1)", buf, n, SC_ERR_CURVE);
    }
    {
        static const uint8_t null_params[] = { 0x05, 0x00 }, badoid[] = { 0x06, 0x02, 0x2b, 0x80 },
                             nonmin_oid[] = { 0x06, 0x03, 0x2b, 0x80, 0x01 }, bool_params[] = { 0x01, 0x01, 0xff };
        n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, null_params, 2, bits, ql + 1);
        expect_parse("SPKI implicitCurve (NULL)", buf, n, SC_ERR_UNSUPPORTED);
        n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, badoid, sizeof badoid, bits, ql + 1);
        expect_parse("SPKI curve OID ends mid-subidentifier", buf, n, SC_ERR_ENCODING);
        n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, nonmin_oid, sizeof nonmin_oid, bits, ql + 1);
        expect_parse("SPKI curve OID non-minimal subidentifier", buf, n, SC_ERR_ENCODING);
        n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, bool_params, sizeof bool_params, bits, ql + 1);
        expect_parse("SPKI parameters of a wrong type", buf, n, SC_ERR_ENCODING);
        n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, NULL, 0, bits, ql + 1);
        expect_parse("SPKI parameters missing", buf, n, SC_ERR_ENCODING);
    }
    n = mk_spki(buf, oid_rsa, sizeof oid_rsa, (const uint8_t *)"\x05\x00", 2, bits, ql + 1);
    expect_parse("SPKI rsaEncryption", buf, n, SC_ERR_UNSUPPORTED);
    bits[0] = 1;
    n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, params, pl, bits, ql + 1);
    expect_parse("SPKI BIT STRING with unused bits", buf, n, SC_ERR_ENCODING);
    bits[0] = 0;
    bits[ql] ^= 1;
    n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, params, pl, bits, ql + 1);
    expect_parse("SPKI point not on the curve", buf, n, SC_ERR_POINT);
    bits[ql] ^= 1;
    n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, params, pl, bits, 1);
    expect_parse("SPKI empty point", buf, n, SC_ERR_POINT);
    n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, params, pl, bits, ql + 1);
    buf[1] = 0x81; /* long-form length for a short value: [30 81 59 ...] would need a shift */
    memmove(buf + 3, buf + 2, n - 2);
    buf[2] = (uint8_t)(n - 2);
    expect_parse("SPKI non-minimal long-form length", buf, n + 1, SC_ERR_ENCODING);
    n = mk_spki(buf, oid_ecpub, sizeof oid_ecpub, params, pl, bits, ql + 1);
    buf[1] = 0x80; /* indefinite length */
    buf[n] = 0;
    buf[n + 1] = 0;
    expect_parse("SPKI indefinite length", buf, n + 2, SC_ERR_ENCODING);

    /* explicit curve parameters written by OpenSSL (specifiedCurve) */
    {
        uint8_t *p = der;
        int len;
        EC_GROUP *g = EC_GROUP_dup(EC_KEY_get0_group(ek));
        EC_KEY *ex = EC_KEY_dup(ek);
        EC_GROUP_set_asn1_flag(g, OPENSSL_EC_EXPLICIT_CURVE);
        EC_KEY_set_group(ex, g);
        EC_KEY_set_private_key(ex, EC_KEY_get0_private_key(ek));
        EC_KEY_set_public_key(ex, EC_KEY_get0_public_key(ek));
        len = i2d_EC_PUBKEY(ex, &p);
        expect_parse("SPKI specifiedCurve (OpenSSL explicit)", der, (size_t)len, SC_OK);
        p = der;
        len = i2d_ECPrivateKey(ex, &p);
        expect_parse("SEC1 specifiedCurve (OpenSSL explicit)", der, (size_t)len, SC_OK);
        EC_KEY_free(ex);
        EC_GROUP_free(g);
    }

    /* SEC1 */
    n = mk_sec1(buf, 1, d, 32, params, pl, q, ql);
    expect_parse("SEC1 hand-made valid", buf, n, SC_OK);
    n = mk_sec1(buf, 2, d, 32, params, pl, q, ql);
    expect_parse("SEC1 version 2", buf, n, SC_ERR_ENCODING);
    n = mk_sec1(buf, 1, d, 32, NULL, 0, q, ql);
    expect_parse("SEC1 without parameters", buf, n, SC_ERR_CURVE);
    n = mk_sec1(buf, 1, d, 32, params, pl, q2, ql);
    expect_parse("SEC1 with another key's point", buf, n, SC_ERR_POINT);
    n = mk_sec1(buf, 1, d, 32, params, pl, NULL, 0);
    e = sc_key_parse(&k, buf, n);
    CHECK(e == SC_OK && k.has_pub && k.publen == ql && memcmp(k.pub, q, ql) == 0,
          "SEC1 without point: point derived (%d)", e);
    memset(der, 0, 32);
    n = mk_sec1(buf, 1, der, 32, params, pl, NULL, 0);
    expect_parse("SEC1 d = 0", buf, n, SC_ERR_SCALAR);
    n = mk_sec1(buf, 1, n_bytes, 32, params, pl, NULL, 0);
    expect_parse("SEC1 d = n", buf, n, SC_ERR_SCALAR);
    memset(der, 0xff, 32);
    n = mk_sec1(buf, 1, der, 32, params, pl, NULL, 0);
    expect_parse("SEC1 d = 2^256 - 1", buf, n, SC_ERR_SCALAR);
    der[0] = 0;
    memcpy(der + 1, d, 32);
    n = mk_sec1(buf, 1, der, 33, params, pl, NULL, 0);
    expect_parse("SEC1 d longer than nlen", buf, n, SC_ERR_ENCODING);
    n = mk_sec1(buf, 1, d, 0, params, pl, NULL, 0);
    expect_parse("SEC1 empty d", buf, n, SC_ERR_ENCODING);
    /* a d with leading zero bytes written short must still parse, left-padded */
    {
        uint8_t ds[32];
        EC_KEY *ez;
        memcpy(ds, d, 32);
        ds[0] = 0;
        ds[1] = 0;
        ez = ossl_key(NID_X9_62_prime256v1, ds, 32, 0);
        ossl_pub(ez, der + 100, 65, 0);
        n = mk_sec1(buf, 1, ds + 2, 30, params, pl, der + 100, 65);
        e = sc_key_parse(&k, buf, n);
        CHECK(e == SC_OK && memcmp(k.priv, ds, 32) == 0, "SEC1 short d padded (%d)", e);
        dl = sizeof der;
        e = sc_key_encode(der, &dl, &k, SC_KEYFMT_SEC1, 0);
        {
            const unsigned char *cp = der;
            EC_KEY *gk = e == SC_OK ? d2i_ECPrivateKey(NULL, &cp, (long)dl) : NULL;
            check_ossl("SEC1 short d re-encoded", gk, ez, 1);
            EC_KEY_free(gk);
        }
        CHECK(e == SC_OK && der[5] == 0x04 && der[6] == 32, "SEC1 re-encoded d is nlen bytes");
        EC_KEY_free(ez);
    }
    /* [0] with a trailing element inside, [1] with unused bits */
    {
        uint8_t p2[32];
        size_t l = 0;
        cat(p2, &l, params, pl);
        cat(p2, &l, (const uint8_t *)"\x05\x00", 2);
        n = mk_sec1(buf, 1, d, 32, p2, l, q, ql);
        expect_parse("SEC1 [0] with extra content", buf, n, SC_ERR_ENCODING);
    }

    /* PKCS#8 */
    {
        uint8_t inner[256];
        size_t il = mk_sec1(inner, 1, d, 32, NULL, 0, q, ql);
        n = mk_pkcs8(buf, 0, c->oid, c->oid_len, inner, il);
        expect_parse("PKCS#8 hand-made valid", buf, n, SC_OK);
        n = mk_pkcs8(buf, 2, c->oid, c->oid_len, inner, il);
        expect_parse("PKCS#8 version 2", buf, n, SC_ERR_ENCODING);
        n = mk_pkcs8(buf, 0, oid_p384, sizeof oid_p384, inner, il);
        expect_parse("PKCS#8 unknown curve", buf, n, SC_ERR_CURVE);
        il = mk_sec1(inner, 1, d, 32, params, pl, q, ql);
        n = mk_pkcs8(buf, 0, c->oid, c->oid_len, inner, il);
        expect_parse("PKCS#8 inner [0] same curve", buf, n, SC_OK);
        n = mk_pkcs8(buf, 0, c2->oid, c2->oid_len, inner, il);
        expect_parse("PKCS#8 inner [0] other curve", buf, n, SC_ERR_CURVE_MISMATCH);
        inner[il] = 0;
        n = mk_pkcs8(buf, 0, c->oid, c->oid_len, inner, il + 1);
        expect_parse("PKCS#8 trailing byte in OCTET STRING", buf, n, SC_ERR_ENCODING);
        il = mk_sec1(inner, 1, d, 32, NULL, 0, NULL, 0);
        n = mk_pkcs8(buf, 0, c->oid, c->oid_len, inner, il);
        e = sc_key_parse(&k, buf, n);
        CHECK(e == SC_OK && k.publen == ql && memcmp(k.pub, q, ql) == 0, "PKCS#8 without point: derived (%d)", e);
        /* RFC 5208 attributes [0] and RFC 5958 v2 publicKey [1]: rebuild the
         * outer SEQUENCE with extra trailing fields */
        {
            static const uint8_t attrs[] = { 0xa0, 0x00 };
            uint8_t body[512], pk1[300], q2c[33];
            size_t bl, l;
            const struct {
                const char *what;
                unsigned version;
                int attr, pub;
                sc_err want;
            } v[] = {
                { "PKCS#8 v1 with attributes", 0, 1, 0, SC_OK },
                { "PKCS#8 v1 with publicKey [1]", 0, 0, 1, SC_ERR_ENCODING },
                { "OneAsymmetricKey v2 with publicKey [1]", 1, 1, 1, SC_OK },
                { "OneAsymmetricKey v2, [1] of another key", 1, 0, 2, SC_ERR_POINT },
                { "OneAsymmetricKey v2 without publicKey", 1, 0, 0, SC_OK },
            };
            size_t j;
            ossl_pub(ek2, q2c, sizeof q2c, 1);
            for (j = 0; j < sizeof v / sizeof v[0]; j++) {
                n = mk_pkcs8(buf, v[j].version, c->oid, c->oid_len, inner, il);
                /* strip the outer header (30 81 xx) and append the fields */
                l = buf[1] < 0x80 ? 2 : 2 + (size_t)(buf[1] & 0x7f);
                bl = n - l;
                memcpy(body, buf + l, bl);
                if (v[j].attr)
                    cat(body, &bl, attrs, sizeof attrs);
                if (v[j].pub) {
                    uint8_t bits[256];
                    bits[0] = 0;
                    if (v[j].pub == 1)
                        memcpy(bits + 1, q, ql);
                    else
                        memcpy(bits + 1, q2, ql);
                    l = 0;
                    tlv(pk1, &l, 0x81, bits, ql + 1);
                    cat(body, &bl, pk1, l);
                }
                n = 0;
                tlv(buf, &n, 0x30, body, bl);
                e = sc_key_parse(&k, buf, n);
                CHECK(e == v[j].want, "%s: got %d want %d", v[j].what, e, v[j].want);
                if (e == SC_OK)
                    CHECK(k.has_priv && k.publen == ql && memcmp(k.pub, q, ql) == 0 && memcmp(k.priv, d, 32) == 0,
                          "%s: key", v[j].what);
            }
        }
    }

    /* encoder errors */
    n = mk_sec1(buf, 1, d, 32, params, pl, q, ql);
    e = sc_key_parse(&k, buf, n);
    CHECK(e == SC_OK, "SEC1 for the encoder checks");
    k.has_priv = 0;
    memset(k.priv, 0, sizeof k.priv);
    n = sizeof buf;
    e = sc_key_encode(buf, &n, &k, SC_KEYFMT_SEC1, 0);
    CHECK(e == SC_ERR_KEY_TYPE && n == 0, "encode SEC1 from a public key: %d", e);
    n = sizeof buf;
    e = sc_key_encode(buf, &n, &k, SC_KEYFMT_PKCS8, 1);
    CHECK(e == SC_ERR_KEY_TYPE && n == 0, "encode PKCS#8 from a public key: %d", e);
    k.has_pub = 0;
    n = sizeof buf;
    e = sc_key_encode(buf, &n, &k, SC_KEYFMT_SPKI, 0);
    CHECK(e == SC_ERR_KEY_TYPE && n == 0, "encode SPKI with no point: %d", e);
    e = sc_key_parse(&k, (const uint8_t *)"x", 1);
    CHECK(e == SC_ERR_ENCODING, "garbage: %d", e);
    n = mk_sec1(buf, 1, d, 32, params, pl, q, ql);
    sc_key_parse(&k, buf, n);
    for (i = 0; i < 3; i++) {
        static const sc_key_format f[3] = { SC_KEYFMT_SPKI, SC_KEYFMT_SEC1, SC_KEYFMT_PKCS8 };
        size_t full = sizeof buf, small;
        e = sc_key_encode(buf, &full, &k, f[i], 0);
        CHECK(e == SC_OK, "encode fmt %d", i);
        small = full - 1;
        memset(buf, 0xee, sizeof buf);
        e = sc_key_encode(buf, &small, &k, f[i], 0);
        CHECK(e == SC_ERR_BUFFER && small == 0 && all_zero(buf, full - 1), "encode fmt %d one byte short: %d", i, e);
        full = sizeof buf;
        e = sc_key_encode(buf, &full, &k, f[i], 1);
        small = full - 1;
        memset(buf, 0xee, sizeof buf);
        e = sc_key_encode(buf, &small, &k, f[i], 1);
        CHECK(e == SC_ERR_BUFFER && small == 0 && all_zero(buf, full - 1), "PEM encode fmt %d one byte short: %d", i, e);
    }
    /* inconsistent key: point of another key */
    memcpy(k.pub, q2, 65);
    n = sizeof buf;
    e = sc_key_encode(buf, &n, &k, SC_KEYFMT_SEC1, 0);
    CHECK(e == SC_ERR_POINT, "encode SEC1 with a point that is not d*G: %d", e);

    BN_free(order);
    EC_KEY_free(ek);
    EC_KEY_free(ek2);
}

/* ---- PEM framing and base64 ---- */

static void test_pem(void)
{
    EC_KEY *ek = ossl_key(NID_secp224r1, NULL, 0, 0), *ek2 = ossl_key(NID_X9_62_prime256v1, NULL, 0, 0);
    const sc_curve *c = sc_curve_find("secp224r1");
    uint8_t pem[4096], alt[4096], der[1024], out[1024];
    size_t n, m, i, o, col, dl;
    sc_key k;
    sc_err e;
    BIO *b = BIO_new(BIO_s_mem());

    PEM_write_bio_ECPrivateKey(b, ek, NULL, NULL, 0, NULL, NULL);
    n = bio_take(b, pem, sizeof pem);
    BIO_free(b);
    expect_parse("PEM SEC1 as written", pem, n, SC_OK);

    /* CRLF, 76-column lines, text around the block */
    {
        const char *pre = "Key for mote 17\r\nsome text -----\r\n", *post = "\r\ntrailing text\r\n";
        size_t bstart, bend;
        const uint8_t *p = (const uint8_t *)strstr((char *)pem, "-----\n") + 6;
        const uint8_t *q = (const uint8_t *)strstr((char *)pem, "-----END");
        pem[n] = 0;
        o = 0;
        memcpy(alt, pre, strlen(pre));
        o += strlen(pre);
        bstart = (size_t)(p - pem);
        bend = (size_t)(q - pem);
        memcpy(alt + o, pem, bstart - 1);
        o += bstart - 1;
        alt[o++] = '\r';
        alt[o++] = '\n';
        col = 0;
        for (i = bstart; i < bend; i++) {
            if (pem[i] == '\n')
                continue;
            alt[o++] = pem[i];
            if (++col == 76) {
                alt[o++] = '\r';
                alt[o++] = '\n';
                col = 0;
            }
        }
        alt[o++] = '\r';
        alt[o++] = '\n';
        memcpy(alt + o, q, n - bend - 1);
        o += n - bend - 1;
        memcpy(alt + o, post, strlen(post));
        o += strlen(post);
        e = sc_key_parse(&k, alt, o);
        if (CHECK(e == SC_OK, "PEM CRLF + 76 columns + text around: %d", e))
            check_key("PEM CRLF", &k, c, ek, 1, 0);
        /* a NUL-free one-line body works too */
        m = 0;
        memcpy(alt, pem, bstart);
        m = bstart;
        for (i = bstart; i < bend; i++)
            if (pem[i] != '\n')
                alt[m++] = pem[i];
        alt[m++] = '\n';
        memcpy(alt + m, q, n - bend);
        m += n - bend;
        expect_parse("PEM body on one line", alt, m, SC_OK);
        /* text before the block that starts with '0' (the DER SEQUENCE tag) */
        alt[0] = '0';
        alt[1] = '\n';
        memcpy(alt + 2, pem, n);
        expect_parse("PEM after a line starting with '0'", alt, n + 2, SC_OK);
        /* corruptions of the body */
        memcpy(alt, pem, n);
        alt[bstart + 5] = '*';
        expect_parse("PEM character outside the alphabet", alt, n, SC_ERR_ENCODING);
        memcpy(alt, pem, n);
        alt[bstart + 5] = '=';
        expect_parse("PEM '=' inside the data", alt, n, SC_ERR_ENCODING);
        memcpy(alt, pem, n);
        memmove(alt + bstart + 1, alt + bstart + 2, n - bstart - 2);
        expect_parse("PEM one character missing", alt, n - 1, SC_ERR_ENCODING);
        memcpy(alt, pem, n);
        memcpy(alt + n - 10, "-----", 5);
        expect_parse("PEM END line damaged", alt, n, SC_ERR_ENCODING);
        memcpy(alt, pem, bend);
        expect_parse("PEM without END line", alt, bend, SC_ERR_ENCODING);
        memcpy(alt, pem, n);
        memcpy(alt + 11, "XX", 2); /* "-----BEGIN XX PRIVATE KEY" */
        expect_parse("PEM unknown label", alt, n, SC_ERR_ENCODING);
        /* Proc-Type header of legacy encrypted PEM */
        m = 0;
        memcpy(alt, pem, bstart);
        m = bstart;
        memcpy(alt + m, "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\n", 49);
        m += 49;
        memcpy(alt + m, pem + bstart, n - bstart);
        m += n - bstart;
        expect_parse("PEM legacy encrypted", alt, m, SC_ERR_UNSUPPORTED);
    }

    /* labels: a PUBLIC KEY block holding an ECPrivateKey is rejected */
    dl = sizeof der;
    CHECK(sc_pem_decode(der, &dl, "EC PRIVATE KEY", pem, n) == SC_OK, "sc_pem_decode");
    m = sizeof alt;
    CHECK(sc_pem_encode(alt, &m, "PUBLIC KEY", der, dl) == SC_OK, "sc_pem_encode");
    expect_parse("PUBLIC KEY label over an ECPrivateKey", alt, m, SC_ERR_ENCODING);
    m = sizeof alt;
    sc_pem_encode(alt, &m, "ENCRYPTED PRIVATE KEY", der, dl);
    expect_parse("ENCRYPTED PRIVATE KEY", alt, m, SC_ERR_UNSUPPORTED);
    /* EC PARAMETERS of another curve */
    b = BIO_new(BIO_s_mem());
    PEM_write_bio_ECPKParameters(b, EC_KEY_get0_group(ek2));
    PEM_write_bio_ECPrivateKey(b, ek, NULL, NULL, 0, NULL, NULL);
    m = bio_take(b, alt, sizeof alt);
    BIO_free(b);
    expect_parse("EC PARAMETERS of another curve", alt, m, SC_ERR_CURVE_MISMATCH);

    /* base64 against OpenSSL's EVP_EncodeBlock / EVP_DecodeBlock for every length 0..100 */
    for (i = 0; i <= 100; i++) {
        uint8_t raw[128], enc[256];
        char b64[256];
        int bl;
        size_t el, rl;
        tu_rand_bytes(raw, i);
        bl = EVP_EncodeBlock((unsigned char *)b64, raw, (int)i);
        el = sizeof enc;
        e = sc_pem_encode(enc, &el, "T", raw, i);
        /* the body of our PEM is OpenSSL's base64 in 64-column lines */
        {
            size_t j, t = 0, ok = 1;
            for (j = 18; j < el && enc[j] != '-'; j++)
                if (enc[j] != '\n' && (t >= (size_t)bl || enc[j] != (uint8_t)b64[t++]))
                    ok = 0;
            CHECK(e == SC_OK && ok && t == (size_t)bl, "base64 encode len %zu", i);
        }
        rl = sizeof out;
        e = sc_pem_decode(out, &rl, "T", enc, el);
        CHECK(e == SC_OK && rl == i && memcmp(out, raw, i) == 0, "base64 round trip len %zu", i);
        if (i % 3 != 0) {
            /* set an unused low bit of the last data character: non-canonical */
            size_t j = el - 9 - 1 - 6 - 1; /* last body char before "\n-----END T-----\n" */
            while (enc[j] == '=' || enc[j] == '\n')
                j--;
            {
                const char *alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
                int v = (int)(strchr(alpha, enc[j]) - alpha);
                enc[j] = (uint8_t)alpha[v ^ 1];
            }
            rl = sizeof out;
            e = sc_pem_decode(out, &rl, "T", enc, el);
            CHECK(e == SC_ERR_ENCODING && rl == 0, "base64 non-canonical padding bits len %zu: %d", i, e);
        }
        if (i > 3) {
            rl = i - 1;
            el = sizeof enc;
            sc_pem_encode(enc, &el, "T", raw, i);
            e = sc_pem_decode(out, &rl, "T", enc, el);
            CHECK(e == SC_ERR_BUFFER && rl == 0, "base64 decode into a short buffer len %zu: %d", i, e);
        }
    }
    {
        static const char *bad[] = {
            "-----BEGIN T-----\nQUJD\n=\n-----END T-----\n",   /* stray '=' */
            "-----BEGIN T-----\nQUI===\n-----END T-----\n",     /* three '=' */
            "-----BEGIN T-----\nQU=I\n-----END T-----\n",       /* '=' then data */
            "-----BEGIN T-----\nQUJ\n-----END T-----\n",        /* incomplete quartet */
            "-----BEGIN T-----\nQUJD=\n-----END T-----\n",      /* '=' after a full quartet */
            "-----BEGIN T-----\nQQ==QUJD\n-----END T-----\n",   /* data after padding */
            "-----BEGIN T-----\nQUJ-\n-----END T-----\n",       /* '-' (base64url) */
            "-----BEGIN T-----\nQUJ_\n-----END T-----\n",       /* '_' (base64url) */
            "-----BEGIN T-----\nQUJD\n",                        /* no END */
        };
        for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            size_t rl = sizeof out;
            e = sc_pem_decode(out, &rl, "T", (const uint8_t *)bad[i], strlen(bad[i]));
            CHECK(e == SC_ERR_ENCODING && rl == 0, "bad base64 %zu: %d", i, e);
        }
        {
            static const char *good = "junk\n-----BEGIN T-----\r\n Q U J D \r\n\tQQ==\r\n-----END T-----";
            size_t rl = sizeof out;
            e = sc_pem_decode(out, &rl, "T", (const uint8_t *)good, strlen(good));
            CHECK(e == SC_OK && rl == 4 && memcmp(out, "ABCA", 4) == 0, "base64 with spaces/tabs/CRLF: %d", e);
        }
    }
    EC_KEY_free(ek);
    EC_KEY_free(ek2);
}

/* ---- DER signatures ---- */

static void test_sig_openssl(void)
{
    size_t i;
    long t, cases = tu_cases(200);
    for (i = 0; i < NCURVES; i++) {
        const sc_curve *c = sc_curve_find(curves[i].name);
        size_t nl = c->nlen;
        EC_KEY *ek = ossl_key(curves[i].nid, NULL, 0, 0);
        for (t = 0; t < cases; t++) {
            uint8_t sig[2 * SC_FP_MAXBYTES], back[2 * SC_FP_MAXBYTES], der[SC_PK_MAX_DER_SIG],
                oder[SC_PK_MAX_DER_SIG + 8], *p = oder;
            size_t dl = sizeof der;
            int ol;
            ECDSA_SIG *s;
            BIGNUM *r, *ss;
            sc_err e;
            if (t % 4 == 0) {
                /* real signature by OpenSSL */
                uint8_t dg[32];
                tu_rand_bytes(dg, sizeof dg);
                s = ECDSA_do_sign(dg, sizeof dg, ek);
                BN_bn2binpad(ECDSA_SIG_get0_r(s), sig, (int)nl);
                BN_bn2binpad(ECDSA_SIG_get0_s(s), sig + nl, (int)nl);
            } else {
                /* random r, s with zero runs and top bits set, to hit every INTEGER shape */
                tu_rand_bytes(sig, 2 * nl);
                if (t % 4 == 1)
                    memset(sig, 0, (size_t)(tu_rand64() % (nl + 1)));
                if (t % 4 == 2)
                    memset(sig + nl, 0, (size_t)(tu_rand64() % (nl + 1)));
                if (t % 8 == 3) {
                    sig[0] |= 0x80;
                    sig[nl] |= 0x80;
                }
                r = BN_bin2bn(sig, (int)nl, NULL);
                ss = BN_bin2bn(sig + nl, (int)nl, NULL);
                s = ECDSA_SIG_new();
                ECDSA_SIG_set0(s, r, ss);
            }
            ol = i2d_ECDSA_SIG(s, &p);
            e = sc_sig_p1363_to_der(der, &dl, sig, 2 * nl);
            CHECK(e == SC_OK && dl == (size_t)ol && memcmp(der, oder, dl) == 0,
                  "%s: P1363 -> DER == i2d_ECDSA_SIG (case %ld)", c->name, t);
            e = sc_sig_der_to_p1363(back, 2 * nl, oder, (size_t)ol);
            CHECK(e == SC_OK && memcmp(back, sig, 2 * nl) == 0, "%s: i2d_ECDSA_SIG -> P1363 (case %ld)", c->name, t);
            {
                const unsigned char *cp = der;
                ECDSA_SIG *g = d2i_ECDSA_SIG(NULL, &cp, (long)dl);
                CHECK(g && BN_cmp(ECDSA_SIG_get0_r(g), ECDSA_SIG_get0_r(s)) == 0 &&
                          BN_cmp(ECDSA_SIG_get0_s(g), ECDSA_SIG_get0_s(s)) == 0,
                      "%s: d2i_ECDSA_SIG of ours (case %ld)", c->name, t);
                ECDSA_SIG_free(g);
            }
            if (t < 4) {
                size_t small = dl - 1;
                memset(der, 0xee, sizeof der);
                e = sc_sig_p1363_to_der(der, &small, sig, 2 * nl);
                CHECK(e == SC_ERR_BUFFER && small == 0 && all_zero(der, dl - 1), "%s: short DER buffer", c->name);
            }
            ECDSA_SIG_free(s);
        }
        EC_KEY_free(ek);
    }
}

static void expect_sig(const char *what, const char *hex, size_t siglen, sc_err want)
{
    uint8_t der[256], sig[2 * SC_FP_MAXBYTES + 2];
    long n = tu_hex(der, sizeof der, hex);
    sc_err e;
    memset(sig, 0xa5, sizeof sig);
    e = sc_sig_der_to_p1363(sig, siglen, der, (size_t)n);
    CHECK(e == want, "%s: got %d want %d", what, e, want);
    if (want != SC_OK && siglen <= sizeof sig)
        CHECK(all_zero(sig, siglen), "%s: output zeroed", what);
}

static void test_sig_malformed(void)
{
    uint8_t sig[64], der[80];
    size_t dl;
    expect_sig("minimal", "3006020101020102", 64, SC_OK);
    expect_sig("zero values", "3006020100020100", 64, SC_OK);
    expect_sig("empty", "", 64, SC_ERR_ENCODING);
    expect_sig("trailing byte", "300602010102010200", 64, SC_ERR_ENCODING);
    expect_sig("trailing byte inside", "30070201010201020000", 64, SC_ERR_ENCODING);
    expect_sig("indefinite length", "3080020101020102 0000", 64, SC_ERR_ENCODING);
    expect_sig("long form for short length", "308106020101020102", 64, SC_ERR_ENCODING);
    expect_sig("long form with leading zero", "30820006020101020102", 64, SC_ERR_ENCODING);
    expect_sig("integer long-form length", "30070281010102 0102", 64, SC_ERR_ENCODING);
    expect_sig("integer leading zero", "300702020001020102", 64, SC_ERR_ENCODING);
    expect_sig("negative r", "3006020181020102", 64, SC_ERR_ENCODING);
    expect_sig("negative s", "30060201010201ff", 64, SC_ERR_ENCODING);
    expect_sig("empty integer", "30050200020102", 64, SC_ERR_ENCODING);
    expect_sig("SET instead of SEQUENCE", "3106020101020102", 64, SC_ERR_ENCODING);
    expect_sig("BIT STRING instead of INTEGER", "3006030101020102", 64, SC_ERR_ENCODING);
    expect_sig("three integers", "3009020101020102020103", 64, SC_ERR_ENCODING);
    expect_sig("one integer", "3003020101", 64, SC_ERR_ENCODING);
    expect_sig("length past the end", "3007020101020102", 64, SC_ERR_ENCODING);
    expect_sig("integer past the sequence", "3005020101020102", 64, SC_ERR_ENCODING);
    expect_sig("high tag number", "1f06020101020102", 64, SC_ERR_ENCODING);
    expect_sig("r of nlen+1 bytes", "3026 0221 01" "0000000000000000000000000000000000000000000000000000000000000000 020101",
               64, SC_ERR_ENCODING);
    expect_sig("r of nlen bytes with sign zero", "3026 0221 0080" "00000000000000000000000000000000000000000000000000000000000000 020101",
               64, SC_OK);
    expect_sig("odd siglen", "3006020101020102", 63, SC_ERR_LENGTH);
    expect_sig("siglen 0", "3006020101020102", 0, SC_ERR_LENGTH);
    /* secp160r1: nlen 21, so siglen 42 */
    expect_sig("secp160r1 21-byte r", "301a 0215 01" "0000000000000000000000000000000000000000 020101", 42, SC_OK);
    dl = sizeof der;
    memset(sig, 0, sizeof sig);
    CHECK(sc_sig_p1363_to_der(der, &dl, sig, 64) == SC_OK && dl == 8 &&
              memcmp(der, "\x30\x06\x02\x01\x00\x02\x01\x00", 8) == 0,
          "P1363 zeros -> DER INTEGER 0");
    dl = sizeof der;
    CHECK(sc_sig_p1363_to_der(der, &dl, sig, 63) == SC_ERR_LENGTH && dl == 0, "P1363 odd length");
}

/* Wycheproof ECDSA DER cases: ours accepts exactly what OpenSSL decodes and
 * re-encodes to the same bytes (strict DER) with non-negative r, s of at
 * most nlen bytes, and every case Wycheproof marks valid. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *b;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    b = malloc((size_t)n + 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    if (b) {
        b[n] = 0;
        *len = (size_t)n;
    }
    return b;
}

static void test_wycheproof(void)
{
    static const struct {
        const char *file, *curve;
    } files[] = {
        { "ecdsa_secp160r1_sha256_test.json", "secp160r1" },
        { "ecdsa_secp192r1_sha256_test.json", "secp192r1" },
        { "ecdsa_secp224r1_sha224_test.json", "secp224r1" },
        { "ecdsa_secp224r1_sha256_test.json", "secp224r1" },
        { "ecdsa_secp224r1_sha512_test.json", "secp224r1" },
        { "ecdsa_secp256r1_sha256_test.json", "secp256r1" },
        { "ecdsa_secp256r1_sha512_test.json", "secp256r1" },
        { "ecdsa_secp256k1_sha256_test.json", "secp256k1" },
        { "ecdsa_secp256k1_sha512_test.json", "secp256k1" },
        { "ecdsa_secp256k1_sha256_bitcoin_test.json", "secp256k1" },
    };
    size_t f;
    long total = 0, accepted = 0, rejected = 0;
    const char *dir = getenv("SC_WYCHEPROOF");
    for (f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024], *js, *p;
        size_t len;
        const sc_curve *c = sc_curve_find(files[f].curve);
        if (dir)
            snprintf(path, sizeof path, "%s/%s", dir, files[f].file);
        else
            snprintf(path, sizeof path, "%s/%s", tu_vector("wycheproof"), files[f].file);
        js = slurp(path, &len);
        if (!CHECK(js != NULL, "open %s", files[f].file))
            continue;
        for (p = strstr(js, "\"sig\""); p; p = strstr(p + 1, "\"sig\"")) {
            static uint8_t der[16384];
            static char hex[32768];
            uint8_t sig[2 * SC_FP_MAXBYTES], want[2 * SC_FP_MAXBYTES];
            char *q = strchr(p + 5, '"'), *end, *res;
            long dl;
            int valid, ref = 0;
            sc_err e;
            if (!q || !(end = strchr(q + 1, '"')) || (size_t)(end - q - 1) >= sizeof hex)
                break;
            memcpy(hex, q + 1, (size_t)(end - q - 1));
            hex[end - q - 1] = 0;
            dl = tu_hex(der, sizeof der, hex);
            res = strstr(end, "\"result\"");
            valid = res && strncmp(strchr(res + 8, '"'), "\"valid\"", 7) == 0;
            if (dl < 0)
                continue;
            {
                const unsigned char *cp = der;
                ECDSA_SIG *s = d2i_ECDSA_SIG(NULL, &cp, dl);
                if (s && cp == der + dl) {
                    unsigned char *re = NULL;
                    int rl = i2d_ECDSA_SIG(s, &re);
                    const BIGNUM *r = ECDSA_SIG_get0_r(s), *ss = ECDSA_SIG_get0_s(s);
                    ref = rl == dl && memcmp(re, der, (size_t)dl) == 0 && !BN_is_negative(r) &&
                          !BN_is_negative(ss) && BN_num_bytes(r) <= (int)c->nlen &&
                          BN_num_bytes(ss) <= (int)c->nlen;
                    if (ref) {
                        BN_bn2binpad(r, want, (int)c->nlen);
                        BN_bn2binpad(ss, want + c->nlen, (int)c->nlen);
                    }
                    OPENSSL_free(re);
                }
                ECDSA_SIG_free(s);
            }
            e = sc_sig_der_to_p1363(sig, 2 * c->nlen, der, (size_t)dl);
            total++;
            if (e == SC_OK)
                accepted++;
            else
                rejected++;
            CHECK((e == SC_OK) == ref, "%s: sig %.40s... ours %d, OpenSSL strict %d", files[f].file, hex, e, ref);
            if (ref && e == SC_OK)
                CHECK(memcmp(sig, want, 2 * c->nlen) == 0, "%s: values", files[f].file);
            if (valid)
                CHECK(e == SC_OK, "%s: Wycheproof-valid DER accepted", files[f].file);
            if (e != SC_OK)
                CHECK(e == SC_ERR_ENCODING, "%s: rejection code %d", files[f].file, e);
        }
        free(js);
    }
    printf("wycheproof DER: %ld signatures, %ld accepted, %ld rejected\n", total, accepted, rejected);
    CHECK(total > 3000, "wycheproof: enough DER cases read (%ld)", total);
}

/* Wycheproof ECDH PEM files: every PKCS#8 private key (written without its
 * public point) and SPKI public key of a valid case parses. */
static void test_wycheproof_pem(void)
{
    static const char *files[] = { "ecdh_secp224r1_pem_test.json", "ecdh_secp256r1_pem_test.json" };
    size_t f;
    long n = 0;
    for (f = 0; f < 2; f++) {
        char path[1024], *js, *p;
        size_t len;
        snprintf(path, sizeof path, "%s/%s", tu_vector("wycheproof"), files[f]);
        js = slurp(path, &len);
        if (!CHECK(js != NULL, "open %s", files[f]))
            continue;
        for (p = strstr(js, "\"tcId\""); p; p = strstr(p + 1, "\"tcId\"")) {
            char *next = strstr(p + 1, "\"tcId\""), *res = strstr(p, "\"result\"");
            const char *keys[2] = { "\"public\"", "\"private\"" };
            int i;
            if (!res || (next && res > next) || strncmp(strchr(res + 8, '"'), "\"valid\"", 7) != 0)
                continue;
            for (i = 0; i < 2; i++) {
                char *k = strstr(p, keys[i]), *q, *end, pem[4096];
                size_t o = 0;
                sc_key key;
                sc_err e;
                if (!k || (next && k > next))
                    continue;
                q = strchr(k + strlen(keys[i]), '"');
                end = strchr(q + 1, '"');
                for (q++; q < end && o < sizeof pem; q++) {
                    if (q[0] == '\\' && q[1] == 'n') {
                        pem[o++] = '\n';
                        q++;
                    } else {
                        pem[o++] = *q;
                    }
                }
                e = sc_key_parse(&key, (const uint8_t *)pem, o);
                CHECK(e == SC_OK && key.has_pub && key.has_priv == i, "%s: valid %s key parses (%d)", files[f],
                      keys[i], e);
                n++;
            }
        }
        free(js);
    }
    printf("wycheproof PEM keys: %ld parsed\n", n);
}

/* The signature conversions work in place (output overlapping input). */
static void test_sig_in_place(void)
{
    size_t nl;
    for (nl = 20; nl <= 32; nl += 4) {
        uint8_t sig[2 * 32], buf[2 * 32 + 16], back[2 * 32];
        size_t derlen = sizeof buf, rep;
        for (rep = 0; rep < 50; rep++) {
            tu_rand_bytes(sig, 2 * nl);
            sig[0] |= (uint8_t)(rep & 1 ? 0x80 : 0x01);   /* with and without a sign byte */
            memcpy(buf, sig, 2 * nl);
            derlen = sizeof buf;
            CHECK(sc_sig_p1363_to_der(buf, &derlen, buf, 2 * nl) == SC_OK, "in-place p1363->der nlen %zu", nl);
            CHECK(sc_sig_der_to_p1363(back, 2 * nl, buf, derlen) == SC_OK, "der->p1363 nlen %zu", nl);
            CHECK(memcmp(back, sig, 2 * nl) == 0, "in-place p1363->der round trip nlen %zu", nl);
            CHECK(sc_sig_der_to_p1363(buf, 2 * nl, buf, derlen) == SC_OK, "in-place der->p1363 nlen %zu", nl);
            CHECK(memcmp(buf, sig, 2 * nl) == 0, "in-place der->p1363 value nlen %zu", nl);
        }
    }
}

int main(void)
{
    tu_seed_init("encoding");
    CHECK(sc_rng_set(tu_rng_source, NULL) == SC_OK, "sc_rng_set: the seeded source (sc_keygen)");
    test_sig_malformed();
    test_sig_openssl();
    test_wycheproof();
    test_pem();
    test_key_malformed();
    test_keys();
    test_keys_explicit();
    test_keys_no_oid();
    test_explicit_malformed();
    test_wycheproof_pem();
    test_sig_in_place();
    return tu_done("encoding");
}
