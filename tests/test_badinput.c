/* Bad inputs at the pk.h / encoding.h level: every error path returns its own
 * sc_err code and zeroes its outputs; random corruptions never crash.
 *
 * Valid keys, special points (a small-x point, an x with no square root),
 * p and n all come from OpenSSL, never from the code under test.
 *
 * Where pk.h leaves the exact code open (a fixed-size output buffer of the
 * wrong size: SC_ERR_LENGTH or SC_ERR_BUFFER; a prefix byte that does not
 * match the length: SC_ERR_LENGTH or SC_ERR_POINT) the test accepts either
 * and says so in the message.
 *
 * Fuzz part: tu_cases(2000) corruptions per curve (10,000 per run over the
 * five curves) of public keys, P1363 signatures and DER signatures, fed to
 * sc_pub_validate, sc_ecdsa_verify, sc_ecdh and sc_sig_der_to_p1363; each must
 * return a known code, agree with OpenSSL's verdict, and never crash (run this
 * test in the ASan build as well).
 *
 * Binary curves: sect163r1 (general a, h = 2) and sect283k1 (Koblitz, h = 4)
 * run the same private-key, signature, buffer, NULL, DER and fuzz checks (a
 * point counts as valid for OpenSSL when it is on the curve and n*Q = O), and
 * test_pub_binary's GF(2^m) cases: coordinates of degree >= m, off-curve
 * points, an x with no point (Tr = 1), the point of order 2 (0, sqrt b), and
 * points outside the subgroup (Q + T, T of order 2). */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "testutil.h"
#include <seacurve/seacurve.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/obj_mac.h>
#include <stdlib.h>
#include <string.h>

static const char *cur = "";  /* curve name for messages */

#define EXPECT(call, want, what)                                                              \
    do {                                                                                      \
        sc_err got_ = (call);                                                                 \
        CHECK(got_ == (want), "%s: %s: got %d (%s), want %d (%s)", cur, what, (int)got_,      \
              sc_strerror(got_), (int)(want), sc_strerror(want));                             \
    } while (0)
/* pk.h leaves the choice between two codes open here */
#define EXPECT2(call, w1, w2, what)                                                           \
    do {                                                                                      \
        sc_err got_ = (call);                                                                 \
        CHECK(got_ == (w1) || got_ == (w2), "%s: %s: got %d (%s), want %d or %d", cur, what,  \
              (int)got_, sc_strerror(got_), (int)(w1), (int)(w2));                            \
    } while (0)

static int all_zero(const uint8_t *p, size_t n)
{
    size_t i;
    uint8_t acc = 0;
    for (i = 0; i < n; i++)
        acc |= p[i];
    return acc == 0;
}

#define DIRTY(buf) memset((buf), 0xa5, sizeof(buf))
#define ZEROED(buf, n, what) CHECK(all_zero((buf), (n)), "%s: %s: output not zeroed on failure", cur, what)

static int known_code(sc_err e)
{
    return e <= 0 && e >= SC_ERR_FAULT;
}

/* ---- per-curve material from OpenSSL ---- */
typedef struct {
    const sc_curve *c;
    int nid;
    EC_GROUP *g;
    BN_CTX *bn;
    BIGNUM *p, *a, *b;
    const BIGNUM *n;
    size_t fl, nl;
    EC_KEY *key, *other;            /* two valid key pairs */
    uint8_t priv[SC_FP_MAXBYTES], priv2[SC_FP_MAXBYTES];
    uint8_t pubu[SC_PK_MAX_PUB], pubc[SC_PK_MAX_PUB], pub2u[SC_PK_MAX_PUB];
    size_t pubul, pubcl, pub2ul;
    uint8_t dg[32];
    uint8_t sig[SC_PK_MAX_SIG];     /* valid signature by key over dg (OpenSSL) */
    uint8_t der[SC_PK_MAX_DER_SIG]; /* the same in DER */
    size_t derl;
} mat;

static void bn_be(const BIGNUM *v, uint8_t *out, size_t len) { BN_bn2binpad(v, out, (int)len); }

/* A key pair with d uniform in [1, n-1] from the test PRNG (reproducible under SC_TEST_SEED). */
static void det_key(mat *m, EC_KEY *k)
{
    uint8_t buf[SC_FP_MAXBYTES + 16];
    BIGNUM *d = BN_new(), *nm1 = BN_dup(m->n);
    EC_POINT *q = EC_POINT_new(m->g);
    tu_rand_bytes(buf, sizeof buf);
    BN_bin2bn(buf, (int)sizeof buf, d);
    BN_sub_word(nm1, 1);
    BN_mod(d, d, nm1, m->bn);
    BN_add_word(d, 1);
    EC_POINT_mul(m->g, q, d, NULL, NULL, m->bn);
    EC_KEY_set_private_key(k, d);
    EC_KEY_set_public_key(k, q);
    EC_POINT_free(q);
    BN_free(d);
    BN_free(nm1);
}

static int setup(mat *m, const char *name, int nid)
{
    EC_POINT *q;
    ECDSA_SIG *s;
    unsigned char *dp;
    memset(m, 0, sizeof *m);
    m->c = sc_curve_find(name);
    m->nid = nid;
    if (!CHECK(m->c != NULL, "curve %s", name))
        return 0;
    m->g = EC_GROUP_new_by_curve_name(nid);
    m->bn = BN_CTX_new();
    m->p = BN_new(); m->a = BN_new(); m->b = BN_new();
    EC_GROUP_get_curve(m->g, m->p, m->a, m->b, m->bn);
    m->n = EC_GROUP_get0_order(m->g);
    m->fl = m->c->flen;
    m->nl = m->c->nlen;
    m->key = EC_KEY_new_by_curve_name(nid);
    m->other = EC_KEY_new_by_curve_name(nid);
    det_key(m, m->key);
    det_key(m, m->other);
    bn_be(EC_KEY_get0_private_key(m->key), m->priv, m->nl);
    bn_be(EC_KEY_get0_private_key(m->other), m->priv2, m->nl);
    q = (EC_POINT *)EC_KEY_get0_public_key(m->key);
    m->pubul = EC_POINT_point2oct(m->g, q, POINT_CONVERSION_UNCOMPRESSED, m->pubu, sizeof m->pubu, m->bn);
    m->pubcl = EC_POINT_point2oct(m->g, q, POINT_CONVERSION_COMPRESSED, m->pubc, sizeof m->pubc, m->bn);
    m->pub2ul = EC_POINT_point2oct(m->g, EC_KEY_get0_public_key(m->other), POINT_CONVERSION_UNCOMPRESSED,
                                   m->pub2u, sizeof m->pub2u, m->bn);
    tu_rand_bytes(m->dg, sizeof m->dg);
    s = ECDSA_do_sign(m->dg, sizeof m->dg, m->key);
    bn_be(ECDSA_SIG_get0_r(s), m->sig, m->nl);
    bn_be(ECDSA_SIG_get0_s(s), m->sig + m->nl, m->nl);
    dp = m->der;
    m->derl = (size_t)i2d_ECDSA_SIG(s, &dp);
    ECDSA_SIG_free(s);
    return 1;
}

static void teardown(mat *m)
{
    EC_KEY_free(m->key);
    EC_KEY_free(m->other);
    BN_free(m->p); BN_free(m->a); BN_free(m->b);
    EC_GROUP_free(m->g);
    BN_CTX_free(m->bn);
}

/* y^2 = x^3 + ax + b: returns y (new BIGNUM) or NULL if rhs is not a square. */
static BIGNUM *curve_y(mat *m, const BIGNUM *x)
{
    BIGNUM *r = BN_new(), *t = BN_new(), *y;
    BN_mod_sqr(r, x, m->p, m->bn);
    BN_mod_add(r, r, m->a, m->p, m->bn);
    BN_mod_mul(r, r, x, m->p, m->bn);
    BN_mod_add(r, r, m->b, m->p, m->bn);
    y = BN_mod_sqrt(NULL, r, m->p, m->bn);
    if (y) {  /* BN_mod_sqrt may return garbage for non-squares: confirm */
        BN_mod_sqr(t, y, m->p, m->bn);
        if (BN_cmp(t, r) != 0) {
            BN_free(y);
            y = NULL;
        }
    }
    BN_free(r);
    BN_free(t);
    return y;
}

/* ---- fixed error paths ---- */

static void test_priv(mat *m)
{
    const sc_curve *c = m->c;
    size_t nl = m->nl, fl = m->fl, sl = 2 * nl;
    uint8_t bad[5][SC_FP_MAXBYTES], buf[SC_FP_MAXBYTES + 4], pub[SC_PK_MAX_PUB], sig[SC_PK_MAX_SIG];
    uint8_t sec[SC_FP_MAXBYTES];
    const char *names[5] = { "d = 0", "d = n", "d = n+1", "d = all-ones", "d = 2^(8*nlen-1) or n+2 (>= n)" };
    BIGNUM *v = BN_new();
    size_t publen;
    int i;

    memset(bad[0], 0, nl);
    bn_be(m->n, bad[1], nl);
    BN_copy(v, m->n);
    BN_add_word(v, 1);
    bn_be(v, bad[2], nl);
    memset(bad[3], 0xff, nl);
    BN_zero(v);
    BN_set_bit(v, (int)(8 * nl - 1));
    if (BN_cmp(v, m->n) <= 0)  /* the top bit alone is < n (P-256...): make it >= n */
        BN_add(v, v, m->n);
    if (BN_num_bytes(v) > (int)nl)
        BN_copy(v, m->n), BN_add_word(v, 2);
    bn_be(v, bad[4], nl);

    for (i = 0; i < 5; i++) {
        char what[96];
        snprintf(what, sizeof what, "sc_priv_validate(%s)", names[i]);
        EXPECT(sc_priv_validate(c, bad[i], nl), SC_ERR_SCALAR, what);

        snprintf(what, sizeof what, "sc_pubkey(%s)", names[i]);
        DIRTY(pub);
        publen = sizeof pub;
        EXPECT(sc_pubkey(c, pub, &publen, 0, bad[i], nl), SC_ERR_SCALAR, what);
        ZEROED(pub, sizeof pub, what);
        CHECK(publen == 0, "%s: %s: *publen %zu not 0", cur, what, publen);

        snprintf(what, sizeof what, "sc_ecdsa_sign(%s)", names[i]);
        DIRTY(sig);
        EXPECT(sc_ecdsa_sign(c, sig, sl, m->dg, sizeof m->dg, SC_HASH_SHA256, bad[i], nl, NULL, 0), SC_ERR_SCALAR, what);
        ZEROED(sig, sl, what);

        snprintf(what, sizeof what, "sc_ecdsa_sign_msg(%s)", names[i]);
        DIRTY(sig);
        EXPECT(sc_ecdsa_sign_msg(c, sig, sl, SC_HASH_SHA256, (const uint8_t *)"abc", 3, bad[i], nl), SC_ERR_SCALAR, what);
        ZEROED(sig, sl, what);

        snprintf(what, sizeof what, "sc_ecdsa_sign_with_k(%s)", names[i]);
        DIRTY(sig);
        EXPECT(sc_ecdsa_sign_with_k(c, sig, sl, m->dg, sizeof m->dg, bad[i], nl, m->priv2, nl), SC_ERR_SCALAR, what);
        ZEROED(sig, sl, what);

        snprintf(what, sizeof what, "sc_ecdsa_sign_with_k(k: %s)", names[i]);
        DIRTY(sig);
        EXPECT(sc_ecdsa_sign_with_k(c, sig, sl, m->dg, sizeof m->dg, m->priv, nl, bad[i], nl), SC_ERR_SCALAR, what);
        ZEROED(sig, sl, what);

        snprintf(what, sizeof what, "sc_ecdh(%s)", names[i]);
        DIRTY(sec);
        EXPECT(sc_ecdh(c, sec, fl, bad[i], nl, m->pub2u, m->pub2ul), SC_ERR_SCALAR, what);
        ZEROED(sec, fl, what);
    }

    /* boundaries that are valid: 1 and n-1 (public key -G: same x as G) */
    memset(buf, 0, nl);
    buf[nl - 1] = 1;
    EXPECT(sc_priv_validate(c, buf, nl), SC_OK, "d = 1");
    {
        uint8_t g1[SC_PK_MAX_PUB], gn[SC_PK_MAX_PUB];
        size_t l1 = sizeof g1, ln = sizeof gn;
        EXPECT(sc_pubkey(c, g1, &l1, 0, buf, nl), SC_OK, "pubkey(1)");
        BN_copy(v, m->n);
        BN_sub_word(v, 1);
        bn_be(v, buf, nl);
        EXPECT(sc_priv_validate(c, buf, nl), SC_OK, "d = n-1");
        EXPECT(sc_pubkey(c, gn, &ln, 0, buf, nl), SC_OK, "pubkey(n-1)");
        CHECK(l1 == 1 + 2 * fl && ln == l1 && memcmp(g1, gn, 1 + fl) == 0 && memcmp(g1 + 1 + fl, gn + 1 + fl, fl) != 0,
              "%s: (n-1)G = -G", cur);
    }

    /* wrong lengths */
    memset(buf, 0, sizeof buf);
    memcpy(buf + 1, m->priv, nl);          /* the valid key with a leading zero byte */
    EXPECT(sc_priv_validate(c, buf, nl + 1), SC_ERR_LENGTH, "priv nlen+1 (leading zero)");
    EXPECT(sc_priv_validate(c, m->priv, nl - 1), SC_ERR_LENGTH, "priv nlen-1");
    EXPECT(sc_priv_validate(c, m->priv, 0), SC_ERR_LENGTH, "priv len 0");
    DIRTY(pub);
    publen = sizeof pub;
    EXPECT(sc_pubkey(c, pub, &publen, 1, buf, nl + 1), SC_ERR_LENGTH, "sc_pubkey priv nlen+1");
    ZEROED(pub, sizeof pub, "sc_pubkey priv nlen+1");
    DIRTY(sig);
    EXPECT(sc_ecdsa_sign(c, sig, sl, m->dg, sizeof m->dg, SC_HASH_SHA256, m->priv, nl - 1, NULL, 0), SC_ERR_LENGTH, "sign priv nlen-1");
    ZEROED(sig, sl, "sign priv nlen-1");
    DIRTY(sig);
    EXPECT(sc_ecdsa_sign_with_k(c, sig, sl, m->dg, sizeof m->dg, m->priv, nl, m->priv2, nl - 1), SC_ERR_LENGTH, "sign_with_k klen nlen-1");
    ZEROED(sig, sl, "sign_with_k klen nlen-1");
    DIRTY(sec);
    EXPECT(sc_ecdh(c, sec, fl, buf, nl + 1, m->pub2u, m->pub2ul), SC_ERR_LENGTH, "ecdh priv nlen+1");
    ZEROED(sec, fl, "ecdh priv nlen+1");
    DIRTY(buf);
    EXPECT(sc_keygen(c, buf, nl - 1), SC_ERR_LENGTH, "keygen nlen-1");
    ZEROED(buf, nl - 1, "keygen nlen-1");
    DIRTY(buf);
    EXPECT(sc_keygen(c, buf, nl + 1), SC_ERR_LENGTH, "keygen nlen+1");
    ZEROED(buf, nl + 1, "keygen nlen+1");
    BN_free(v);
}

/* Every public-key consumer gives the same code for a bad point. */
static void expect_pub(mat *m, const uint8_t *pub, size_t len, sc_err want, sc_err alt, const char *what)
{
    const sc_curve *c = m->c;
    uint8_t out[SC_PK_MAX_PUB], sec[SC_FP_MAXBYTES];
    size_t outl = sizeof out;
    char w[128];
    snprintf(w, sizeof w, "sc_pub_validate(%s)", what);
    EXPECT2(sc_pub_validate(c, pub, len), want, alt, w);
    snprintf(w, sizeof w, "sc_pub_convert(%s)", what);
    DIRTY(out);
    EXPECT2(sc_pub_convert(c, out, &outl, 1, pub, len), want, alt, w);
    if (want != SC_OK)
        ZEROED(out, sizeof out, w);
    snprintf(w, sizeof w, "sc_ecdsa_verify(pub: %s)", what);
    if (want == SC_OK && !((len == m->pubul && memcmp(pub, m->pubu, len) == 0) ||
                           (len == m->pubcl && memcmp(pub, m->pubc, len) == 0)))
        EXPECT(sc_ecdsa_verify(c, m->sig, 2 * m->nl, m->dg, sizeof m->dg, pub, len), SC_ERR_VERIFY, w); /* valid, other key */
    else
        EXPECT2(sc_ecdsa_verify(c, m->sig, 2 * m->nl, m->dg, sizeof m->dg, pub, len), want, alt, w);
    snprintf(w, sizeof w, "sc_ecdh(peer: %s)", what);
    DIRTY(sec);
    EXPECT2(sc_ecdh(c, sec, m->fl, m->priv, m->nl, pub, len), want, alt, w);
    if (want != SC_OK)
        ZEROED(sec, m->fl, w);
}

/* Public keys on a binary curve (GF(2^m), h = 2 or 4). */
static void test_pub_binary(mat *m)
{
    size_t fl = m->fl, ul = 1 + 2 * fl, cl = 1 + fl, i;
    unsigned mdeg = (unsigned)EC_GROUP_get_degree(m->g);
    uint8_t pt[SC_PK_MAX_PUB + 2];
    static const uint8_t bad_prefix[] = { 0x01, 0x05, 0x06, 0x07, 0x08, 0xff };
    EC_POINT *q = EC_POINT_new(m->g), *t2 = EC_POINT_new(m->g);
    BIGNUM *x = BN_new(), *y = BN_new();
    int poly[8], found;
    char w[96];

    expect_pub(m, m->pubu, m->pubul, SC_OK, SC_OK, "valid uncompressed");
    expect_pub(m, m->pubc, m->pubcl, SC_OK, SC_OK, "valid compressed");
    pt[0] = 0x00;
    expect_pub(m, pt, 1, SC_ERR_INFINITY, SC_ERR_INFINITY, "infinity 0x00");
    expect_pub(m, pt, 0, SC_ERR_LENGTH, SC_ERR_LENGTH, "empty");
    for (i = 0; i < sizeof bad_prefix; i++) {
        memcpy(pt, m->pubu, ul);
        pt[0] = bad_prefix[i];
        snprintf(w, sizeof w, "prefix 0x%02x", bad_prefix[i]);
        expect_pub(m, pt, ul, SC_ERR_POINT, SC_ERR_LENGTH, w);
    }
    expect_pub(m, m->pubu, ul - 1, SC_ERR_LENGTH, SC_ERR_LENGTH, "uncompressed one byte short");
    expect_pub(m, m->pubc, cl + 1, SC_ERR_LENGTH, SC_ERR_LENGTH, "compressed one byte long");

    /* a coordinate of degree >= m (the bit just above x^(m-1)) */
    memcpy(pt, m->pubu, ul);
    pt[1] |= (uint8_t)(1u << (mdeg % 8));
    expect_pub(m, pt, ul, SC_ERR_RANGE, SC_ERR_RANGE, "x of degree m");
    memcpy(pt, m->pubu, ul);
    pt[1 + fl] |= (uint8_t)(1u << (mdeg % 8));
    expect_pub(m, pt, ul, SC_ERR_RANGE, SC_ERR_RANGE, "y of degree m");
    memcpy(pt, m->pubc, cl);
    pt[1] |= 0x80;
    expect_pub(m, pt, cl, SC_ERR_RANGE, SC_ERR_RANGE, "compressed x with the top bit of the top byte");

    /* off the curve: y + 1 */
    memcpy(pt, m->pubu, ul);
    pt[ul - 1] ^= 1;
    expect_pub(m, pt, ul, SC_ERR_POINT, SC_ERR_POINT, "y + 1 (off the curve)");

    /* an x with no point: OpenSSL cannot decompress it either */
    for (found = 0, i = 1; i < 200 && !found; i++) {
        BN_set_word(x, (BN_ULONG)i);
        ERR_set_mark();
        found = EC_POINT_set_compressed_coordinates(m->g, q, x, 0, m->bn) != 1;
        ERR_pop_to_mark();
    }
    if (CHECK(found, "%s: an x with no point", m->c->name)) {
        memset(pt, 0, cl);
        pt[0] = 0x02;
        pt[cl - 1] = (uint8_t)(i - 1);
        expect_pub(m, pt, cl, SC_ERR_POINT, SC_ERR_POINT, "compressed x with Tr(x + a + b/x^2) = 1");
    }

    /* T = (0, sqrt b), the point of order 2, and Q + T (order 2n): on the curve, not in the subgroup */
    CHECK(EC_GROUP_get_basis_type(m->g) != 0 && EC_GROUP_get_pentanomial_basis(m->g, NULL, NULL, NULL) >= 0, "basis");
    {
        int np = BN_GF2m_poly2arr(m->p, poly, 8);
        CHECK(np > 0 && BN_GF2m_mod_sqrt_arr(y, m->b, poly, m->bn) == 1, "%s: sqrt b", m->c->name);
    }
    BN_zero(x);
    CHECK(EC_POINT_set_affine_coordinates(m->g, t2, x, y, m->bn) == 1, "%s: T = (0, sqrt b) on the curve", m->c->name);
    memset(pt, 0, ul);
    pt[0] = 0x04;
    bn_be(y, pt + 1 + fl, fl);
    expect_pub(m, pt, ul, SC_ERR_POINT, SC_ERR_POINT, "T = (0, sqrt b), order 2");
    memset(pt, 0, cl);
    pt[0] = 0x02;
    expect_pub(m, pt, cl, SC_ERR_POINT, SC_ERR_POINT, "compressed x = 0 (T)");
    pt[0] = 0x03;
    expect_pub(m, pt, cl, SC_ERR_POINT, SC_ERR_POINT, "compressed x = 0, y~ = 1");
    CHECK(EC_POINT_add(m->g, q, EC_KEY_get0_public_key(m->key), t2, m->bn) == 1 &&
              EC_POINT_is_on_curve(m->g, q, m->bn) == 1, "%s: Q + T on the curve", m->c->name);
    EC_POINT_point2oct(m->g, q, POINT_CONVERSION_UNCOMPRESSED, pt, sizeof pt, m->bn);
    expect_pub(m, pt, ul, SC_ERR_POINT, SC_ERR_POINT, "Q + T (order 2n, outside the subgroup)");
    EC_POINT_point2oct(m->g, q, POINT_CONVERSION_COMPRESSED, pt, sizeof pt, m->bn);
    expect_pub(m, pt, cl, SC_ERR_POINT, SC_ERR_POINT, "compressed Q + T");
    {   /* cofactor ECDH refuses it as well, output zeroed */
        uint8_t sec[SC_FP_MAXBYTES];
        EC_POINT_point2oct(m->g, q, POINT_CONVERSION_UNCOMPRESSED, pt, sizeof pt, m->bn);
        DIRTY(sec);
        EXPECT(sc_ecdh_cofactor(m->c, sec, fl, m->priv, m->nl, pt, ul), SC_ERR_POINT, "sc_ecdh_cofactor(Q + T)");
        ZEROED(sec, fl, "sc_ecdh_cofactor(Q + T)");
        DIRTY(sec);
        EXPECT(sc_ecdh_cofactor(m->c, sec, fl - 1, m->priv, m->nl, m->pub2u, m->pub2ul), SC_ERR_LENGTH,
               "sc_ecdh_cofactor(short secret)");
        ZEROED(sec, fl - 1, "sc_ecdh_cofactor(short secret)");
        EXPECT(sc_ecdh_cofactor(m->c, sec, fl, m->priv, m->nl, m->pub2u, m->pub2ul), SC_OK, "sc_ecdh_cofactor(valid)");
    }
    EC_POINT_free(q);
    EC_POINT_free(t2);
    BN_free(x);
    BN_free(y);
}

static void test_pub(mat *m, const mat *othercurve_same_len, const mat *othercurve_diff_len)
{
    size_t fl = m->fl, ul = 1 + 2 * fl, cl = 1 + fl;
    uint8_t pt[SC_PK_MAX_PUB + 2];
    static const uint8_t bad_prefix[] = { 0x01, 0x05, 0x06, 0x07, 0x08, 0x14, 0x40, 0x80, 0xff };
    BIGNUM *x = BN_new(), *y, *t = BN_new();
    size_t i;
    char w[96];

    /* sanity: the valid encodings pass */
    expect_pub(m, m->pubu, m->pubul, SC_OK, SC_OK, "valid uncompressed");
    expect_pub(m, m->pubc, m->pubcl, SC_OK, SC_OK, "valid compressed");

    /* infinity and empty */
    pt[0] = 0x00;
    expect_pub(m, pt, 1, SC_ERR_INFINITY, SC_ERR_INFINITY, "infinity 0x00");
    memset(pt, 0, ul);
    expect_pub(m, pt, ul, SC_ERR_POINT, SC_ERR_INFINITY, "0x00 + 2*flen zero bytes");
    expect_pub(m, pt, 0, SC_ERR_LENGTH, SC_ERR_LENGTH, "empty");

    /* bad prefix bytes on a valid point */
    for (i = 0; i < sizeof bad_prefix; i++) {
        memcpy(pt, m->pubu, ul);
        pt[0] = bad_prefix[i];
        snprintf(w, sizeof w, "prefix 0x%02x, uncompressed length", bad_prefix[i]);
        expect_pub(m, pt, ul, SC_ERR_POINT, SC_ERR_POINT, w);
        memcpy(pt, m->pubc, cl);
        pt[0] = bad_prefix[i];
        snprintf(w, sizeof w, "prefix 0x%02x, compressed length", bad_prefix[i]);
        expect_pub(m, pt, cl, SC_ERR_POINT, SC_ERR_POINT, w);
    }
    /* prefix and length disagree */
    memcpy(pt, m->pubu, cl);
    expect_pub(m, pt, cl, SC_ERR_LENGTH, SC_ERR_POINT, "0x04 with compressed length");
    memcpy(pt, m->pubu, ul);
    pt[0] = 0x02;
    expect_pub(m, pt, ul, SC_ERR_LENGTH, SC_ERR_POINT, "0x02 with uncompressed length");
    /* wrong lengths */
    expect_pub(m, m->pubu, ul - 1, SC_ERR_LENGTH, SC_ERR_LENGTH, "uncompressed, 1 byte short");
    memcpy(pt, m->pubu, ul);
    pt[ul] = 0;
    expect_pub(m, pt, ul + 1, SC_ERR_LENGTH, SC_ERR_LENGTH, "uncompressed, 1 byte long");
    expect_pub(m, m->pubc, cl - 1, SC_ERR_LENGTH, SC_ERR_LENGTH, "compressed, 1 byte short");
    memcpy(pt, m->pubc, cl);
    pt[cl] = 0;
    expect_pub(m, pt, cl + 1, SC_ERR_LENGTH, SC_ERR_LENGTH, "compressed, 1 byte long");
    expect_pub(m, m->pubu, 1, SC_ERR_LENGTH, SC_ERR_LENGTH, "0x04 alone");
    expect_pub(m, m->pubc, 1, SC_ERR_LENGTH, SC_ERR_LENGTH, "0x02 alone");

    /* off the curve: y + 1, and (0, 0) */
    memcpy(pt, m->pubu, ul);
    BN_bin2bn(pt + 1 + fl, (int)fl, t);
    BN_add_word(t, 1);
    BN_mod(t, t, m->p, m->bn);
    bn_be(t, pt + 1 + fl, fl);
    expect_pub(m, pt, ul, SC_ERR_POINT, SC_ERR_POINT, "(x, y+1) off the curve");
    memset(pt + 1, 0, 2 * fl);
    expect_pub(m, pt, ul, SC_ERR_POINT, SC_ERR_POINT, "(0, 0)");

    /* coordinates >= p */
    memcpy(pt, m->pubu, ul);
    bn_be(m->p, pt + 1, fl);
    expect_pub(m, pt, ul, SC_ERR_RANGE, SC_ERR_RANGE, "x = p");
    memcpy(pt, m->pubu, ul);
    bn_be(m->p, pt + 1 + fl, fl);
    expect_pub(m, pt, ul, SC_ERR_RANGE, SC_ERR_RANGE, "y = p");
    memcpy(pt, m->pubu, ul);
    memset(pt + 1, 0xff, fl);
    expect_pub(m, pt, ul, SC_ERR_RANGE, SC_ERR_RANGE, "x = all-ones");
    memcpy(pt, m->pubu, ul);
    memset(pt + 1 + fl, 0xff, fl);
    expect_pub(m, pt, ul, SC_ERR_RANGE, SC_ERR_RANGE, "y = all-ones");
    pt[0] = 0x02;
    bn_be(m->p, pt + 1, fl);
    expect_pub(m, pt, cl, SC_ERR_RANGE, SC_ERR_RANGE, "compressed x = p");
    memset(pt + 1, 0xff, fl);
    pt[0] = 0x03;
    expect_pub(m, pt, cl, SC_ERR_RANGE, SC_ERR_RANGE, "compressed x = all-ones");

    /* the smallest x on the curve, encoded as x + p (same point mod p: must be rejected,
     * not reduced), and the smallest x with no square root (compressed) */
    {
        int found_on = 0, found_off = 0;
        unsigned long xi;
        for (xi = 0; xi < 1000 && !(found_on && found_off); xi++) {
            BN_set_word(x, xi);
            y = curve_y(m, x);
            if (y && !found_on) {
                found_on = 1;
                pt[0] = 0x04;
                bn_be(x, pt + 1, fl);
                bn_be(y, pt + 1 + fl, fl);
                snprintf(w, sizeof w, "small point x = %lu", xi);
                expect_pub(m, pt, ul, SC_OK, SC_OK, w);
                BN_add(t, x, m->p);
                if (BN_num_bytes(t) <= (int)fl) {
                    bn_be(t, pt + 1, fl);
                    snprintf(w, sizeof w, "x = %lu + p (uncompressed)", xi);
                    expect_pub(m, pt, ul, SC_ERR_RANGE, SC_ERR_RANGE, w);
                    pt[0] = (uint8_t)(0x02 | BN_is_odd(y));
                    snprintf(w, sizeof w, "x = %lu + p (compressed)", xi);
                    expect_pub(m, pt, cl, SC_ERR_RANGE, SC_ERR_RANGE, w);
                }
                BN_add(t, y, m->p);
                if (BN_num_bytes(t) <= (int)fl) {
                    pt[0] = 0x04;
                    bn_be(x, pt + 1, fl);
                    bn_be(t, pt + 1 + fl, fl);
                    expect_pub(m, pt, ul, SC_ERR_RANGE, SC_ERR_RANGE, "y + p");
                }
                BN_sub(t, m->p, y);
                if (BN_add(t, t, m->p) && BN_num_bytes(t) <= (int)fl) {
                    pt[0] = 0x04;
                    bn_be(x, pt + 1, fl);
                    bn_be(t, pt + 1 + fl, fl);
                    expect_pub(m, pt, ul, SC_ERR_RANGE, SC_ERR_RANGE, "(p - y) + p");
                }
            } else if (!y && !found_off) {
                found_off = 1;
                pt[0] = 0x02;
                bn_be(x, pt + 1, fl);
                snprintf(w, sizeof w, "compressed x = %lu, no square root", xi);
                expect_pub(m, pt, cl, SC_ERR_POINT, SC_ERR_POINT, w);
                pt[0] = 0x03;
                expect_pub(m, pt, cl, SC_ERR_POINT, SC_ERR_POINT, w);
            }
            BN_free(y);
        }
        CHECK(found_on && found_off, "%s: found small on/off-curve x", cur);
        /* and a random x with no root, near the top of the field */
        for (xi = 0; xi < 1000; xi++) {
            BN_rand_range(x, m->p);
            y = curve_y(m, x);
            if (!y) {
                pt[0] = (uint8_t)(0x02 | (xi & 1));
                bn_be(x, pt + 1, fl);
                expect_pub(m, pt, cl, SC_ERR_POINT, SC_ERR_POINT, "random compressed x, no square root");
                break;
            }
            BN_free(y);
        }
    }

    /* a key of another curve */
    if (othercurve_same_len) {
        snprintf(w, sizeof w, "uncompressed key of %s", othercurve_same_len->c->name);
        expect_pub(m, othercurve_same_len->pubu, othercurve_same_len->pubul, SC_ERR_POINT, SC_ERR_POINT, w);
    }
    if (othercurve_diff_len) {
        snprintf(w, sizeof w, "uncompressed key of %s", othercurve_diff_len->c->name);
        expect_pub(m, othercurve_diff_len->pubu, othercurve_diff_len->pubul, SC_ERR_LENGTH, SC_ERR_LENGTH, w);
        snprintf(w, sizeof w, "compressed key of %s", othercurve_diff_len->c->name);
        expect_pub(m, othercurve_diff_len->pubc, othercurve_diff_len->pubcl, SC_ERR_LENGTH, SC_ERR_LENGTH, w);
    }
    BN_free(x);
    BN_free(t);
}

static void test_sig(mat *m, const mat *othercurve)
{
    const sc_curve *c = m->c;
    size_t nl = m->nl, sl = 2 * nl;
    uint8_t s[SC_PK_MAX_SIG + 2], vals[6][SC_FP_MAXBYTES];
    const char *names[6] = { "0", "n", "n+1", "all-ones", "p (>= n)", "between n and p" };
    BIGNUM *v = BN_new();
    int i, half, nv = 4;
    char w[96];

    EXPECT(sc_ecdsa_verify(c, m->sig, sl, m->dg, sizeof m->dg, m->pubu, m->pubul), SC_OK, "valid OpenSSL signature");
    EXPECT(sc_ecdsa_verify(c, m->sig, sl, m->dg, sizeof m->dg, m->pubc, m->pubcl), SC_OK, "valid OpenSSL signature, compressed key");

    memset(vals[0], 0, nl);
    bn_be(m->n, vals[1], nl);
    BN_copy(v, m->n);
    BN_add_word(v, 1);
    bn_be(v, vals[2], nl);
    memset(vals[3], 0xff, nl);
    if (BN_cmp(m->p, m->n) >= 0 && BN_num_bytes(m->p) <= (int)nl)  /* x(R) in [n, p) is the classic trap */
        bn_be(m->p, vals[nv++], nl);
    BN_sub(v, m->p, m->n);        /* n + (p - n) / 2 when p > n */
    if (BN_cmp(m->p, m->n) > 0) {
        BN_rshift1(v, v);
        BN_add(v, v, m->n);
        bn_be(v, vals[nv], nl);
        names[nv++] = "between n and p";
    }
    for (i = 0; i < nv; i++) {
        for (half = 0; half < 2; half++) {
            memcpy(s, m->sig, sl);
            memcpy(s + half * nl, vals[i], nl);
            snprintf(w, sizeof w, "%s = %s", half ? "s" : "r", names[i]);
            EXPECT(sc_ecdsa_verify(c, s, sl, m->dg, sizeof m->dg, m->pubu, m->pubul), SC_ERR_SIG_RANGE, w);
        }
    }
    /* n - 1 is in range: the signature is merely wrong */
    BN_copy(v, m->n);
    BN_sub_word(v, 1);
    memcpy(s, m->sig, sl);
    bn_be(v, s, nl);
    EXPECT(sc_ecdsa_verify(c, s, sl, m->dg, sizeof m->dg, m->pubu, m->pubul), SC_ERR_VERIFY, "r = n-1");
    memcpy(s, m->sig, sl);
    bn_be(v, s + nl, nl);
    EXPECT(sc_ecdsa_verify(c, s, sl, m->dg, sizeof m->dg, m->pubu, m->pubul), SC_ERR_VERIFY, "s = n-1");
    /* lengths */
    EXPECT(sc_ecdsa_verify(c, m->sig, sl - 1, m->dg, sizeof m->dg, m->pubu, m->pubul), SC_ERR_LENGTH, "siglen 2*nlen-1");
    memcpy(s, m->sig, sl);
    s[sl] = 0;
    EXPECT(sc_ecdsa_verify(c, s, sl + 1, m->dg, sizeof m->dg, m->pubu, m->pubul), SC_ERR_LENGTH, "siglen 2*nlen+1");
    EXPECT(sc_ecdsa_verify(c, m->sig, 0, m->dg, sizeof m->dg, m->pubu, m->pubul), SC_ERR_LENGTH, "siglen 0");
    /* valid signature under another key; another digest; the negated key */
    EXPECT(sc_ecdsa_verify(c, m->sig, sl, m->dg, sizeof m->dg, m->pub2u, m->pub2ul), SC_ERR_VERIFY, "other key");
    {
        uint8_t d2[32], negc[SC_PK_MAX_PUB];
        memcpy(d2, m->dg, sizeof d2);
        d2[0] ^= 0x80;
        EXPECT(sc_ecdsa_verify(c, m->sig, sl, d2, sizeof d2, m->pubu, m->pubul), SC_ERR_VERIFY, "other digest");
        memcpy(negc, m->pubc, m->pubcl);
        negc[0] ^= 1;
        EXPECT(sc_ecdsa_verify(c, m->sig, sl, m->dg, sizeof m->dg, negc, m->pubcl), SC_ERR_VERIFY, "negated key");
    }
    /* a signature of another curve (same byte length where the curves share nlen) */
    if (othercurve && othercurve->nl == nl)
        EXPECT2(sc_ecdsa_verify(c, othercurve->sig, sl, m->dg, sizeof m->dg, m->pubu, m->pubul),
                SC_ERR_VERIFY, SC_ERR_SIG_RANGE, "signature of another curve");
    BN_free(v);
}

static void test_buffers_and_hash(mat *m)
{
    const sc_curve *c = m->c;
    size_t nl = m->nl, fl = m->fl, sl = 2 * nl;
    uint8_t pub[SC_PK_MAX_PUB + 8], sig[SC_PK_MAX_SIG + 8], sec[SC_FP_MAXBYTES + 8], der[SC_PK_MAX_DER_SIG + 8];
    size_t l;

    /* variable-size outputs: SC_ERR_BUFFER, zeroed, *len = 0 */
    DIRTY(pub);
    l = 2 * fl;
    EXPECT(sc_pubkey(c, pub, &l, 0, m->priv, nl), SC_ERR_BUFFER, "sc_pubkey uncompressed into 2*flen");
    ZEROED(pub, 2 * fl, "sc_pubkey small buffer");
    CHECK(l == 0, "%s: sc_pubkey small buffer: *publen = %zu", cur, l);
    DIRTY(pub);
    l = fl;
    EXPECT(sc_pubkey(c, pub, &l, 1, m->priv, nl), SC_ERR_BUFFER, "sc_pubkey compressed into flen");
    ZEROED(pub, fl, "sc_pubkey compressed small buffer");
    l = 0;
    EXPECT(sc_pubkey(c, pub, &l, 1, m->priv, nl), SC_ERR_BUFFER, "sc_pubkey into 0 bytes");
    l = sizeof pub;
    EXPECT(sc_pubkey(c, pub, &l, 1, m->priv, nl), SC_OK, "sc_pubkey into a large buffer");
    CHECK(l == 1 + fl && memcmp(pub, m->pubc, l) == 0, "%s: sc_pubkey large buffer: length %zu", cur, l);
    DIRTY(pub);
    l = 2 * fl;
    EXPECT(sc_pub_convert(c, pub, &l, 0, m->pubc, m->pubcl), SC_ERR_BUFFER, "sc_pub_convert small buffer");
    ZEROED(pub, 2 * fl, "sc_pub_convert small buffer");
    DIRTY(der);
    l = 8;
    EXPECT(sc_sig_p1363_to_der(der, &l, m->sig, sl), SC_ERR_BUFFER, "sc_sig_p1363_to_der small buffer");
    ZEROED(der, 8, "sc_sig_p1363_to_der small buffer");
    DIRTY(der);
    l = m->derl - 1;
    EXPECT(sc_sig_p1363_to_der(der, &l, m->sig, sl), SC_ERR_BUFFER, "sc_sig_p1363_to_der one byte short");
    ZEROED(der, m->derl - 1, "sc_sig_p1363_to_der one byte short");
    l = sizeof der;
    EXPECT(sc_sig_p1363_to_der(der, &l, m->sig, sl), SC_OK, "sc_sig_p1363_to_der exact");
    CHECK(l == m->derl && memcmp(der, m->der, l) == 0, "%s: DER matches i2d_ECDSA_SIG", cur);
    l = sizeof der;
    EXPECT2(sc_sig_p1363_to_der(der, &l, m->sig, sl - 1), SC_ERR_LENGTH, SC_ERR_ARG, "sc_sig_p1363_to_der odd siglen");

    /* fixed-size outputs (signature 2*nlen, secret flen): pk.h asks for the exact size */
    DIRTY(sig);
    EXPECT2(sc_ecdsa_sign(c, sig, sl - 1, m->dg, sizeof m->dg, SC_HASH_SHA256, m->priv, nl, NULL, 0),
            SC_ERR_BUFFER, SC_ERR_LENGTH, "sign into 2*nlen-1 bytes");
    ZEROED(sig, sl - 1, "sign into 2*nlen-1 bytes");
    DIRTY(sig);
    EXPECT2(sc_ecdsa_sign(c, sig, sl + 1, m->dg, sizeof m->dg, SC_HASH_SHA256, m->priv, nl, NULL, 0),
            SC_ERR_LENGTH, SC_OK, "sign into 2*nlen+1 bytes");
    DIRTY(sig);
    EXPECT2(sc_ecdsa_sign_with_k(c, sig, sl - 1, m->dg, sizeof m->dg, m->priv, nl, m->priv2, nl),
            SC_ERR_BUFFER, SC_ERR_LENGTH, "sign_with_k into 2*nlen-1 bytes");
    ZEROED(sig, sl - 1, "sign_with_k into 2*nlen-1 bytes");
    DIRTY(sig);
    EXPECT2(sc_ecdsa_sign_msg(c, sig, sl - 1, SC_HASH_SHA256, (const uint8_t *)"abc", 3, m->priv, nl),
            SC_ERR_BUFFER, SC_ERR_LENGTH, "sign_msg into 2*nlen-1 bytes");
    ZEROED(sig, sl - 1, "sign_msg into 2*nlen-1 bytes");
    DIRTY(sec);
    EXPECT2(sc_ecdh(c, sec, fl - 1, m->priv, nl, m->pub2u, m->pub2ul), SC_ERR_BUFFER, SC_ERR_LENGTH, "ecdh into flen-1 bytes");
    ZEROED(sec, fl - 1, "ecdh into flen-1 bytes");
    DIRTY(sec);
    EXPECT2(sc_ecdh(c, sec, 0, m->priv, nl, m->pub2u, m->pub2ul), SC_ERR_BUFFER, SC_ERR_LENGTH, "ecdh into 0 bytes");

    /* hash algorithm */
    DIRTY(sig);
    EXPECT(sc_ecdsa_sign(c, sig, sl, m->dg, sizeof m->dg, SC_HASH_NONE, m->priv, nl, NULL, 0), SC_ERR_HASH, "sign alg NONE");
    ZEROED(sig, sl, "sign alg NONE");
    DIRTY(sig);
    EXPECT(sc_ecdsa_sign(c, sig, sl, m->dg, sizeof m->dg, (sc_hash_alg)99, m->priv, nl, NULL, 0), SC_ERR_HASH, "sign alg 99");
    ZEROED(sig, sl, "sign alg 99");
    DIRTY(sig);
    EXPECT(sc_ecdsa_sign_msg(c, sig, sl, SC_HASH_NONE, (const uint8_t *)"abc", 3, m->priv, nl), SC_ERR_HASH, "sign_msg alg NONE");
    ZEROED(sig, sl, "sign_msg alg NONE");
    EXPECT(sc_ecdsa_verify_msg(c, m->sig, sl, (sc_hash_alg)-3, (const uint8_t *)"abc", 3, m->pubu, m->pubul), SC_ERR_HASH, "verify_msg alg -3");
    /* sign_msg / verify_msg round trip (valid control) */
    EXPECT(sc_ecdsa_sign_msg(c, sig, sl, SC_HASH_SHA384, (const uint8_t *)"abc", 3, m->priv, nl), SC_OK, "sign_msg");
    EXPECT(sc_ecdsa_verify_msg(c, sig, sl, SC_HASH_SHA384, (const uint8_t *)"abc", 3, m->pubu, m->pubul), SC_OK, "verify_msg");
    EXPECT(sc_ecdsa_verify_msg(c, sig, sl, SC_HASH_SHA384, (const uint8_t *)"abd", 3, m->pubu, m->pubul), SC_ERR_VERIFY, "verify_msg other message");
    EXPECT(sc_ecdsa_verify_msg(c, sig, sl, SC_HASH_SHA256, (const uint8_t *)"abc", 3, m->pubu, m->pubul), SC_ERR_VERIFY, "verify_msg other hash");
}

static void test_null(mat *m)
{
    const sc_curve *c = m->c;
    size_t nl = m->nl, fl = m->fl, sl = 2 * nl, l;
    uint8_t pub[SC_PK_MAX_PUB], sig[SC_PK_MAX_SIG], sec[SC_FP_MAXBYTES], der[SC_PK_MAX_DER_SIG], priv[SC_FP_MAXBYTES];
    const uint8_t *dg = m->dg;

    EXPECT(sc_random(NULL, 4), SC_ERR_ARG, "sc_random(NULL, 4)");
    EXPECT(sc_keygen(NULL, priv, nl), SC_ERR_ARG, "keygen c NULL");
    EXPECT(sc_keygen(c, NULL, nl), SC_ERR_ARG, "keygen priv NULL");
    EXPECT(sc_priv_validate(NULL, m->priv, nl), SC_ERR_ARG, "priv_validate c NULL");
    EXPECT(sc_priv_validate(c, NULL, nl), SC_ERR_ARG, "priv_validate priv NULL");

    l = sizeof pub;
    DIRTY(pub);
    EXPECT(sc_pubkey(NULL, pub, &l, 0, m->priv, nl), SC_ERR_ARG, "pubkey c NULL");
    ZEROED(pub, sizeof pub, "pubkey c NULL");
    EXPECT(sc_pubkey(c, NULL, &l, 0, m->priv, nl), SC_ERR_ARG, "pubkey pub NULL");
    EXPECT(sc_pubkey(c, pub, NULL, 0, m->priv, nl), SC_ERR_ARG, "pubkey publen NULL");
    l = sizeof pub;
    DIRTY(pub);
    EXPECT(sc_pubkey(c, pub, &l, 0, NULL, nl), SC_ERR_ARG, "pubkey priv NULL");
    ZEROED(pub, sizeof pub, "pubkey priv NULL");

    EXPECT(sc_pub_validate(NULL, m->pubu, m->pubul), SC_ERR_ARG, "pub_validate c NULL");
    EXPECT(sc_pub_validate(c, NULL, m->pubul), SC_ERR_ARG, "pub_validate pub NULL");
    l = sizeof pub;
    EXPECT(sc_pub_convert(c, NULL, &l, 1, m->pubu, m->pubul), SC_ERR_ARG, "pub_convert out NULL");
    EXPECT(sc_pub_convert(c, pub, NULL, 1, m->pubu, m->pubul), SC_ERR_ARG, "pub_convert outlen NULL");
    DIRTY(pub);
    EXPECT(sc_pub_convert(c, pub, &l, 1, NULL, m->pubul), SC_ERR_ARG, "pub_convert pub NULL");
    ZEROED(pub, sizeof pub, "pub_convert pub NULL");

    DIRTY(sec);
    EXPECT(sc_ecdh(NULL, sec, fl, m->priv, nl, m->pub2u, m->pub2ul), SC_ERR_ARG, "ecdh c NULL");
    ZEROED(sec, fl, "ecdh c NULL");
    EXPECT(sc_ecdh(c, NULL, fl, m->priv, nl, m->pub2u, m->pub2ul), SC_ERR_ARG, "ecdh secret NULL");
    DIRTY(sec);
    EXPECT(sc_ecdh(c, sec, fl, NULL, nl, m->pub2u, m->pub2ul), SC_ERR_ARG, "ecdh priv NULL");
    ZEROED(sec, fl, "ecdh priv NULL");
    DIRTY(sec);
    EXPECT(sc_ecdh(c, sec, fl, m->priv, nl, NULL, m->pub2ul), SC_ERR_ARG, "ecdh peer NULL");
    ZEROED(sec, fl, "ecdh peer NULL");

    DIRTY(sig);
    EXPECT(sc_ecdsa_sign(NULL, sig, sl, dg, 32, SC_HASH_SHA256, m->priv, nl, NULL, 0), SC_ERR_ARG, "sign c NULL");
    ZEROED(sig, sl, "sign c NULL");
    EXPECT(sc_ecdsa_sign(c, NULL, sl, dg, 32, SC_HASH_SHA256, m->priv, nl, NULL, 0), SC_ERR_ARG, "sign sig NULL");
    DIRTY(sig);
    EXPECT(sc_ecdsa_sign(c, sig, sl, NULL, 32, SC_HASH_SHA256, m->priv, nl, NULL, 0), SC_ERR_ARG, "sign digest NULL");
    ZEROED(sig, sl, "sign digest NULL");
    DIRTY(sig);
    EXPECT(sc_ecdsa_sign(c, sig, sl, dg, 32, SC_HASH_SHA256, NULL, nl, NULL, 0), SC_ERR_ARG, "sign priv NULL");
    ZEROED(sig, sl, "sign priv NULL");
    DIRTY(sig);
    EXPECT(sc_ecdsa_sign(c, sig, sl, dg, 32, SC_HASH_SHA256, m->priv, nl, NULL, 5), SC_ERR_ARG, "sign extra NULL, extralen 5");
    ZEROED(sig, sl, "sign extra NULL");
    DIRTY(sig);
    EXPECT(sc_ecdsa_sign_with_k(c, sig, sl, dg, 32, m->priv, nl, NULL, nl), SC_ERR_ARG, "sign_with_k k NULL");
    ZEROED(sig, sl, "sign_with_k k NULL");
    DIRTY(sig);
    EXPECT(sc_ecdsa_sign_msg(c, sig, sl, SC_HASH_SHA256, NULL, 3, m->priv, nl), SC_ERR_ARG, "sign_msg msg NULL");
    ZEROED(sig, sl, "sign_msg msg NULL");

    EXPECT(sc_ecdsa_verify(NULL, m->sig, sl, dg, 32, m->pubu, m->pubul), SC_ERR_ARG, "verify c NULL");
    EXPECT(sc_ecdsa_verify(c, NULL, sl, dg, 32, m->pubu, m->pubul), SC_ERR_ARG, "verify sig NULL");
    EXPECT(sc_ecdsa_verify(c, m->sig, sl, NULL, 32, m->pubu, m->pubul), SC_ERR_ARG, "verify digest NULL");
    EXPECT(sc_ecdsa_verify(c, m->sig, sl, dg, 32, NULL, m->pubul), SC_ERR_ARG, "verify pub NULL");
    EXPECT(sc_ecdsa_verify_msg(c, m->sig, sl, SC_HASH_SHA256, NULL, 3, m->pubu, m->pubul), SC_ERR_ARG, "verify_msg msg NULL");

    l = sizeof der;
    EXPECT(sc_sig_p1363_to_der(NULL, &l, m->sig, sl), SC_ERR_ARG, "p1363_to_der der NULL");
    EXPECT(sc_sig_p1363_to_der(der, NULL, m->sig, sl), SC_ERR_ARG, "p1363_to_der derlen NULL");
    EXPECT(sc_sig_p1363_to_der(der, &l, NULL, sl), SC_ERR_ARG, "p1363_to_der sig NULL");
    EXPECT(sc_sig_der_to_p1363(NULL, sl, m->der, m->derl), SC_ERR_ARG, "der_to_p1363 sig NULL");
    DIRTY(sig);
    EXPECT(sc_sig_der_to_p1363(sig, sl, NULL, m->derl), SC_ERR_ARG, "der_to_p1363 der NULL");
    ZEROED(sig, sl, "der_to_p1363 der NULL");
}

/* Hand-made malformed DER signatures: strict DER or SC_ERR_ENCODING. */
static void test_der(mat *m)
{
    size_t nl = m->nl, sl = 2 * nl, i;
    uint8_t sig[SC_PK_MAX_SIG], der[2 * SC_FP_MAXBYTES + 32];
    static const struct {
        const char *hex;
        int ok;
        const char *what;
    } cases[] = {
        { "3006020101020102", 1, "r=1, s=2" },
        { "", 0, "empty" },
        { "30", 0, "tag only" },
        { "3000", 0, "empty SEQUENCE" },
        { "3007020101020102", 0, "SEQUENCE length too long" },
        { "3005020101020102", 0, "SEQUENCE length too short" },
        { "300602010102010200", 0, "trailing byte" },
        { "3106020101020102", 0, "SET instead of SEQUENCE" },
        { "308106020101020102", 0, "non-minimal long length" },
        { "3080020101020102 0000", 0, "indefinite length" },
        { "300702020001020102", 0, "non-minimal INTEGER r" },
        { "3007020101020200 02", 0, "non-minimal INTEGER s" },
        { "3006020181020102", 0, "negative r" },
        { "30060201010201 80", 0, "negative s" },
        { "3003020101", 0, "s missing" },
        { "3009020101020102020103", 0, "third INTEGER" },
        { "30050200020102", 0, "zero-length INTEGER" },
        { "3006040101020102", 0, "OCTET STRING instead of INTEGER" },
        { "3006 1f01 01 020102", 0, "high tag number" },
        { "3084ffffffff020101020102", 0, "huge length" },
        { "3006020101020302", 0, "inner length past the end" },
        { "30 07 02 01 01 02 81 01 02", 0, "long-form inner length (non-minimal)" },
    };
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long n = tu_hex(der, sizeof der, cases[i].hex);
        char w[96];
        snprintf(w, sizeof w, "der_to_p1363(%s)", cases[i].what);
        DIRTY(sig);
        if (n < 0) {
            CHECK(0, "bad hex in DER case %zu", i);
            continue;
        }
        if (cases[i].ok) {
            EXPECT(sc_sig_der_to_p1363(sig, sl, der, (size_t)n), SC_OK, w);
            CHECK(all_zero(sig, nl - 1) && sig[nl - 1] == 1 && all_zero(sig + nl, nl - 1) && sig[sl - 1] == 2,
                  "%s: %s: value", cur, w);
        } else {
            EXPECT(sc_sig_der_to_p1363(sig, sl, der, (size_t)n), SC_ERR_ENCODING, w);
            ZEROED(sig, sl, w);
        }
    }
    /* r of nlen+1 significant bytes: too long for the curve */
    {
        size_t k = 0;
        der[k++] = 0x30;
        der[k++] = (uint8_t)(2 + nl + 1 + 3);
        der[k++] = 0x02;
        der[k++] = (uint8_t)(nl + 1);
        der[k++] = 0x01;
        memset(der + k, 0x00, nl);
        k += nl;
        der[k++] = 0x02; der[k++] = 0x01; der[k++] = 0x01;
        DIRTY(sig);
        EXPECT(sc_sig_der_to_p1363(sig, sl, der, k), SC_ERR_ENCODING, "DER r longer than nlen");
        ZEROED(sig, sl, "DER r longer than nlen");
        /* r of nlen bytes with the top bit set: one 00 pad byte, fits */
        k = 0;
        der[k++] = 0x30;
        der[k++] = (uint8_t)(2 + nl + 1 + 3);
        der[k++] = 0x02;
        der[k++] = (uint8_t)(nl + 1);
        der[k++] = 0x00;
        memset(der + k, 0xff, nl);
        k += nl;
        der[k++] = 0x02; der[k++] = 0x01; der[k++] = 0x01;
        EXPECT(sc_sig_der_to_p1363(sig, sl, der, k), SC_OK, "DER r = all-ones (nlen bytes, padded)");
        /* such an r is >= n: verify says SIG_RANGE */
        EXPECT(sc_ecdsa_verify(m->c, sig, sl, m->dg, sizeof m->dg, m->pubu, m->pubul), SC_ERR_SIG_RANGE, "verify r = all-ones from DER");
    }
    /* OpenSSL's DER of the valid signature, into too short and odd P1363 buffers */
    DIRTY(sig);
    EXPECT2(sc_sig_der_to_p1363(sig, sl - 1, m->der, m->derl), SC_ERR_LENGTH, SC_ERR_ARG, "der_to_p1363 odd siglen");
    DIRTY(sig);
    EXPECT(sc_sig_der_to_p1363(sig, sl, m->der, m->derl), SC_OK, "der_to_p1363 valid");
    CHECK(memcmp(sig, m->sig, sl) == 0, "%s: der_to_p1363 value", cur);
    EXPECT(sc_sig_der_to_p1363(sig, sl, m->der, m->derl - 1), SC_ERR_ENCODING, "der truncated by 1");
}

/* ---- random corruptions ---- */

/* Flip 1-3 bits, truncate, extend, replace the prefix or randomise, per a random choice. */
static size_t corrupt(uint8_t *buf, size_t len, size_t cap)
{
    uint32_t kind = (uint32_t)(tu_rand64() % 6), nflip, j;
    switch (kind) {
    case 0: case 1:
        nflip = 1 + (uint32_t)(tu_rand64() % 3);
        for (j = 0; j < nflip; j++) {
            size_t bit = (size_t)(tu_rand64() % (len * 8));
            buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        return len;
    case 2:
        return (size_t)(tu_rand64() % len);            /* truncate (maybe to 0) */
    case 3: {
        size_t extra = 1 + (size_t)(tu_rand64() % 3);
        if (len + extra > cap)
            extra = cap - len;
        tu_rand_bytes(buf + len, extra);
        return len + extra;
    }
    case 4:
        buf[0] = (uint8_t)tu_rand64();
        return len;
    default:
        tu_rand_bytes(buf + 1, len - 1);
        return len;
    }
}

/* OpenSSL's verdict on a SEC1 point: 1 if it decodes to a point on the curve. */
static int ossl_point_ok(mat *m, const uint8_t *p, size_t len)
{
    EC_POINT *q = EC_POINT_new(m->g), *t = EC_POINT_new(m->g);
    int ok = len > 0 && EC_POINT_oct2point(m->g, q, p, len, m->bn) == 1 && !EC_POINT_is_at_infinity(m->g, q) &&
             EC_POINT_is_on_curve(m->g, q, m->bn) == 1;
    if (ok && m->c->h > 1)   /* full validation: n*Q = O */
        ok = EC_POINT_mul(m->g, t, NULL, q, m->n, m->bn) == 1 && EC_POINT_is_at_infinity(m->g, t);
    EC_POINT_free(q);
    EC_POINT_free(t);
    return ok;
}

static void fuzz(mat *m, long cases, long *counts)
{
    const sc_curve *c = m->c;
    size_t nl = m->nl, fl = m->fl, sl = 2 * nl;
    long i;
    for (i = 0; i < cases; i++) {
        uint8_t pub[SC_PK_MAX_PUB + 4], sig[SC_PK_MAX_SIG + 4], der[SC_PK_MAX_DER_SIG + 4], out[SC_PK_MAX_SIG];
        uint8_t sec[SC_FP_MAXBYTES];
        size_t pl, sgl, dl;
        int comp = (int)(tu_rand64() & 1);
        sc_err ev, ee, es, ed;

        /* public key */
        pl = comp ? m->pubcl : m->pubul;
        memcpy(pub, comp ? m->pubc : m->pubu, pl);
        pl = corrupt(pub, pl, sizeof pub);
        ev = sc_pub_validate(c, pub, pl);
        CHECK(known_code(ev) && (ev == SC_OK || ev == SC_ERR_LENGTH || ev == SC_ERR_RANGE || ev == SC_ERR_POINT ||
                                 ev == SC_ERR_INFINITY),
              "%s: fuzz %ld: pub_validate code %d", cur, i, (int)ev);
        {
            int o = ossl_point_ok(m, pub, pl), hybrid = pl > 0 && (pub[0] == 6 || pub[0] == 7);
            if (!CHECK((ev == SC_OK) == (o && !hybrid), "%s: fuzz %ld: pub_validate %d but OpenSSL says %d", cur, i, (int)ev, o)) {
                fprintf(stderr, "  pub = ");
                tu_print_hex(stderr, pub, pl);
                fputc('\n', stderr);
            }
        }
        memset(sec, 0xa5, sizeof sec);
        ee = sc_ecdh(c, sec, fl, m->priv, nl, pub, pl);
        CHECK(ee == ev, "%s: fuzz %ld: ecdh %d vs validate %d", cur, i, (int)ee, (int)ev);
        if (ee != SC_OK) {
            CHECK(all_zero(sec, fl), "%s: fuzz %ld: ecdh secret zeroed", cur, i);
        } else {
            /* a corrupted key that is still valid (e.g. 02 <-> 03): compare with OpenSSL */
            EC_POINT *q = EC_POINT_new(m->g);
            uint8_t os[SC_FP_MAXBYTES];
            EC_POINT_oct2point(m->g, q, pub, pl, m->bn);
            CHECK(ECDH_compute_key(os, fl, q, m->key, NULL) == (int)fl && memcmp(os, sec, fl) == 0,
                  "%s: fuzz %ld: ecdh on corrupted-but-valid key agrees with OpenSSL", cur, i);
            EC_POINT_free(q);
            counts[3]++;
        }
        es = sc_ecdsa_verify(c, m->sig, sl, m->dg, sizeof m->dg, pub, pl);
        {
            /* a no-op corruption (same prefix byte drawn, a bit flipped twice) leaves the key itself */
            int same = (pl == m->pubul && memcmp(pub, m->pubu, pl) == 0) || (pl == m->pubcl && memcmp(pub, m->pubc, pl) == 0);
            CHECK(es == (ev != SC_OK ? ev : same ? SC_OK : SC_ERR_VERIFY), "%s: fuzz %ld: verify with corrupted key %d (validate %d, unchanged %d)",
                  cur, i, (int)es, (int)ev, same);
        }
        counts[0]++;

        /* P1363 signature */
        memcpy(sig, m->sig, sl);
        sgl = corrupt(sig, sl, sizeof sig);
        es = sc_ecdsa_verify(c, sig, sgl, m->dg, sizeof m->dg, m->pubu, m->pubul);
        if (sgl != sl)
            CHECK(es == SC_ERR_LENGTH, "%s: fuzz %ld: verify sig of length %zu: %d", cur, i, sgl, (int)es);
        else if (memcmp(sig, m->sig, sl) == 0)
            CHECK(es == SC_OK, "%s: fuzz %ld: unchanged sig", cur, i);
        else {
            BIGNUM *r = BN_bin2bn(sig, (int)nl, NULL), *s = BN_bin2bn(sig + nl, (int)nl, NULL);
            int inrange = !BN_is_zero(r) && !BN_is_zero(s) && BN_cmp(r, m->n) < 0 && BN_cmp(s, m->n) < 0;
            CHECK(es == (inrange ? SC_ERR_VERIFY : SC_ERR_SIG_RANGE), "%s: fuzz %ld: verify corrupted sig: %d (in range %d)",
                  cur, i, (int)es, inrange);
            BN_free(r);
            BN_free(s);
        }
        counts[1]++;

        /* DER signature */
        memcpy(der, m->der, m->derl);
        dl = corrupt(der, m->derl, sizeof der);
        memset(out, 0xa5, sizeof out);
        ed = sc_sig_der_to_p1363(out, sl, der, dl);
        CHECK(ed == SC_OK || ed == SC_ERR_ENCODING, "%s: fuzz %ld: der_to_p1363 code %d", cur, i, (int)ed);
        {
            const unsigned char *pp = der;
            ECDSA_SIG *os = dl ? d2i_ECDSA_SIG(NULL, &pp, (long)dl) : NULL;
            int canon = 0;
            if (os && pp == der + dl && !BN_is_negative(ECDSA_SIG_get0_r(os)) && !BN_is_negative(ECDSA_SIG_get0_s(os))) {
                uint8_t re[SC_PK_MAX_DER_SIG + 16];
                unsigned char *rp = re;
                int rl = i2d_ECDSA_SIG(os, &rp);
                canon = rl == (int)dl && memcmp(re, der, dl) == 0;   /* strict DER round-trips exactly */
                if (canon && (BN_num_bytes(ECDSA_SIG_get0_r(os)) > (int)nl || BN_num_bytes(ECDSA_SIG_get0_s(os)) > (int)nl))
                    canon = 0;
            }
            if (!CHECK((ed == SC_OK) == canon, "%s: fuzz %ld: der_to_p1363 %d, OpenSSL strict-DER verdict %d", cur, i, (int)ed, canon)) {
                fprintf(stderr, "  der = ");
                tu_print_hex(stderr, der, dl);
                fputc('\n', stderr);
            }
            if (ed == SC_OK && os) {
                uint8_t rs[SC_PK_MAX_SIG];
                BN_bn2binpad(ECDSA_SIG_get0_r(os), rs, (int)nl);
                BN_bn2binpad(ECDSA_SIG_get0_s(os), rs + nl, (int)nl);
                CHECK(memcmp(rs, out, sl) == 0, "%s: fuzz %ld: der_to_p1363 value", cur, i);
                counts[4]++;
            } else if (ed != SC_OK) {
                CHECK(all_zero(out, sl), "%s: fuzz %ld: der_to_p1363 zeroed", cur, i);
            }
            ECDSA_SIG_free(os);
        }
        counts[2]++;
    }
}

int main(void)
{
    static const struct { const char *name; int nid; } list[] = {
        { "secp160r1", NID_secp160r1 }, { "secp192r1", NID_X9_62_prime192v1 }, { "secp224r1", NID_secp224r1 },
        { "secp256r1", NID_X9_62_prime256v1 }, { "secp256k1", NID_secp256k1 },
    };
    mat m[5];
    long fuzz_cases = tu_cases(2000);
    int i, ok[5];

    tu_seed_init("badinput");
    for (i = 0; i < 5; i++)
        ok[i] = setup(&m[i], list[i].name, list[i].nid);
    for (i = 0; i < 5; i++) {
        long f0 = tu_fail, p0 = tu_pass, counts[5] = { 0, 0, 0, 0, 0 };
        const mat *same = NULL, *diff = NULL;
        if (!ok[i])
            continue;
        cur = m[i].c->name;
        /* another curve with the same field size (P-256 <-> secp256k1) and one with another size */
        if (i == 3) same = &m[4];
        if (i == 4) same = &m[3];
        {
            int j;
            for (j = 1; j < 5 && !diff; j++)
                if (ok[(i + j) % 5] && m[(i + j) % 5].fl != m[i].fl)
                    diff = &m[(i + j) % 5];
        }
        test_priv(&m[i]);
        test_pub(&m[i], same, diff);
        test_sig(&m[i], same);
        test_buffers_and_hash(&m[i]);
        test_null(&m[i]);
        test_der(&m[i]);
        printf("  %-10s fixed cases: %ld checks, %ld failed\n", cur, tu_pass - p0 + (tu_fail - f0), tu_fail - f0);
        f0 = tu_fail;
        p0 = tu_pass;
        fuzz(&m[i], fuzz_cases, counts);
        printf("  %-10s fuzz: %ld corrupted keys (%ld still valid), %ld corrupted sigs, %ld corrupted DER (%ld still strict DER); "
               "%ld checks, %ld failed\n",
               cur, counts[0], counts[3], counts[1], counts[2], counts[4], tu_pass - p0 + (tu_fail - f0), tu_fail - f0);
        fflush(stdout);
    }
    for (i = 0; i < 5; i++)
        if (ok[i])
            teardown(&m[i]);
    {   /* binary curves */
        static const struct { const char *name; int nid; } bl[] = {
            { "sect163r1", NID_sect163r1 }, { "sect283k1", NID_sect283k1 },
        };
        mat bm;
        for (i = 0; i < 2; i++) {
            long f0 = tu_fail, p0 = tu_pass, counts[5] = { 0, 0, 0, 0, 0 };
            if (!setup(&bm, bl[i].name, bl[i].nid))
                continue;
            cur = bm.c->name;
            test_priv(&bm);
            test_pub_binary(&bm);
            test_sig(&bm, NULL);
            test_buffers_and_hash(&bm);
            test_null(&bm);
            test_der(&bm);
            printf("  %-10s fixed cases: %ld checks, %ld failed\n", cur, tu_pass - p0 + (tu_fail - f0), tu_fail - f0);
            f0 = tu_fail;
            p0 = tu_pass;
            fuzz(&bm, fuzz_cases / 2, counts);
            printf("  %-10s fuzz: %ld corrupted keys (%ld still valid), %ld corrupted sigs, %ld corrupted DER; "
                   "%ld checks, %ld failed\n",
                   cur, counts[0], counts[3], counts[1], counts[2], tu_pass - p0 + (tu_fail - f0), tu_fail - f0);
            fflush(stdout);
            teardown(&bm);
        }
    }
    return tu_done("badinput");
}
