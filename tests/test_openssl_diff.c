/* Differential tests of pk.h / encoding.h against OpenSSL's libcrypto.
 *
 * For each curve, tu_cases(1000) random cases (SC_TEST_LONG=1: a million):
 *  - public key d*G: sc_pubkey (compressed and uncompressed) against
 *    EC_POINT_mul + EC_POINT_point2oct for the same d; sc_pub_validate and
 *    sc_pub_convert on OpenSSL's encodings;
 *  - ECDSA: seacurve signs (deterministic and hedged), OpenSSL verifies;
 *    the nonce is checked against an independent RFC 6979 nonce derivation
 *    written here on OpenSSL's HMAC and BIGNUM (s*k == e + r*d mod n);
 *    OpenSSL signs, seacurve verifies; tampered signatures and digests are
 *    rejected by both; bits past the truncation point of long digests are
 *    ignored by both; DER signatures agree with i2d_ECDSA_SIG / d2i;
 *  - ECDH both ways: seacurve's secret equals ECDH_compute_key's; sc_ecdh_cofactor
 *    equals ECDH_compute_key with EC_FLAG_COFACTOR_ECDH (x(h d Q); h = 1 on the
 *    prime curves, 2 or 4 on the binary ones).
 * Curves: the five SEC 2 prime curves, the four non-standard opf* curves (on
 * OpenSSL's side a group built from the explicit parameters of
 * tests/vectors/curves/opf-params.txt, osslgroup.h) and the nine SEC 2 binary
 * curves (sect163r1 and the opf* curves have no public vectors: this test is
 * their reference; at 8/16-bit limbs and under ASan opf160 and opf256 stand for
 * the four, tu_opf_skip).  Binary curves run the same
 * count except at 8- and 16-bit limbs, where every case is several times
 * slower: there the prime curves run half of it and the binary ones (163..409-bit
 * fields) a tenth (500 and 100 by default); 1,000 per curve run at 32- and
 * 64-bit limbs and under clang.
 * Digest lengths vary from 1 byte to 64 bytes (SHA-512 on secp160r1 and
 * P-192 exercises the truncation to the bit length of n; n of secp160r1
 * has 161 bits, so a 20-byte digest is not truncated and a 21-byte one is).
 *
 * Environment: SC_TEST_LONG=1 (x1000 cases), SC_TEST_SEED (PRNG seed),
 * SC_DIFF_CASES=N (override the per-curve count, e.g. for quick runs). */
#define OPENSSL_SUPPRESS_DEPRECATED /* EC_KEY / ECDSA_do_* / ECDH_compute_key: the low-level APIs compared here */
#include "testutil.h"
#include <seacurve/seacurve.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/obj_mac.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "osslgroup.h"

typedef struct {
    const char *name; /* seacurve name; OpenSSL's group from osslgroup.h */
} diff_curve;

static const diff_curve curves[] = {
    { "secp160r1" }, { "secp192r1" }, { "secp224r1" }, { "secp256r1" }, { "secp256k1" },
    /* the non-standard OPF curves: OpenSSL on explicit parameters from opf-params.txt */
    { "opf160" }, { "opf192" }, { "opf224" }, { "opf256" },
    { "sect163k1" },
    { "sect163r1" },    /* no public vectors: OpenSSL is its only reference */
    { "sect163r2" }, { "sect233k1" }, { "sect233r1" }, { "sect283k1" }, { "sect283r1" }, { "sect409k1" },
    { "sect409r1" },
};

static const sc_hash_alg algs[] = { SC_HASH_SHA1, SC_HASH_SHA224, SC_HASH_SHA256, SC_HASH_SHA384, SC_HASH_SHA512 };

/* Per-curve state shared by the cases. */
typedef struct {
    const sc_curve *c;
    EC_GROUP *g;
    const BIGNUM *n;
    BN_CTX *bn;
    EC_KEY *k1, *k2;   /* OpenSSL key objects, refilled per case */
    size_t fl, nl;
    unsigned nbits;
} ctx_t;

static uint32_t rnd(uint32_t m) { return (uint32_t)(tu_rand64() % m); }

/* A private key in [1, n-1] as nlen bytes: mostly uniform from the test PRNG,
 * with edge values (1, 2, n-1, n-2, 2^(nbits-1), small and top-heavy) early on
 * and some from sc_keygen and OpenSSL's generator (both on streams of the run's seed:
 * tu_rng_source, tu_seed_init). */
static void pick_priv(ctx_t *t, long i, uint8_t *priv)   /* i < 0: uniform only */
{
    BIGNUM *d = BN_new(), *nm1 = BN_new();
    uint8_t buf[SC_FP_MAXBYTES + 16];
    BN_copy(nm1, t->n);
    BN_sub_word(nm1, 1);
    switch (i < 0 ? -1 : i) {
    case 0: BN_one(d); break;
    case 1: BN_set_word(d, 2); break;
    case 2: BN_copy(d, nm1); break;
    case 3: BN_copy(d, nm1); BN_sub_word(d, 1); break;
    case 4: BN_zero(d); BN_set_bit(d, (int)t->nbits - 1); break;
    case 5: BN_set_word(d, 0xffffffffu); break;
    case 6: BN_copy(d, nm1); BN_rshift1(d, d); break;               /* (n-1)/2 */
    case 7: BN_copy(d, nm1); BN_rshift1(d, d); BN_add_word(d, 1); break;
    default:
        if (i >= 0 && i % 16 == 8) {
            int e = sc_keygen(t->c, priv, t->nl);
            CHECK(e == SC_OK, "%s sc_keygen: %d", t->c->name, e);
            CHECK(sc_priv_validate(t->c, priv, t->nl) == SC_OK, "%s keygen output valid", t->c->name);
            BN_free(d);
            BN_free(nm1);
            return;
        }
        if (i >= 0 && i % 16 == 9) {
            CHECK(EC_KEY_generate_key(t->k1) == 1, "OpenSSL keygen");
            BN_copy(d, EC_KEY_get0_private_key(t->k1));
            break;
        }
        tu_rand_bytes(buf, t->nl + 16);
        BN_bin2bn(buf, (int)(t->nl + 16), d);
        BN_mod(d, d, nm1, t->bn);
        BN_add_word(d, 1);
        break;
    }
    BN_bn2binpad(d, priv, (int)t->nl);
    BN_free(d);
    BN_free(nm1);
}

/* Load d into an EC_KEY and compute its public point with EC_POINT_mul. */
static void ossl_setkey(ctx_t *t, EC_KEY *k, const uint8_t *priv)
{
    BIGNUM *d = BN_bin2bn(priv, (int)t->nl, NULL);
    EC_POINT *q = EC_POINT_new(t->g);
    CHECK(EC_POINT_mul(t->g, q, d, NULL, NULL, t->bn) == 1, "EC_POINT_mul");
    CHECK(EC_KEY_set_private_key(k, d) == 1 && EC_KEY_set_public_key(k, q) == 1, "EC_KEY_set");
    EC_POINT_free(q);
    BN_clear_free(d);
}

static size_t ossl_pub(ctx_t *t, const EC_KEY *k, uint8_t *out, int compressed)
{
    return EC_POINT_point2oct(t->g, EC_KEY_get0_public_key(k),
                              compressed ? POINT_CONVERSION_COMPRESSED : POINT_CONVERSION_UNCOMPRESSED,
                              out, SC_PK_MAX_PUB, t->bn);
}

/* bits2int (RFC 6979 2.3.2): the leftmost nbits bits of buf as an integer. */
static BIGNUM *bits2int(const uint8_t *buf, size_t len, unsigned nbits)
{
    BIGNUM *v = BN_bin2bn(buf, (int)len, NULL);
    if (len * 8 > nbits)
        BN_rshift(v, v, (int)(len * 8 - nbits));
    return v;
}

/* Independent RFC 6979 (section 3.2, with 3.6 additional data) nonce, on OpenSSL's HMAC. */
static BIGNUM *rfc6979_k(ctx_t *t, sc_hash_alg alg, const uint8_t *priv, const uint8_t *dg, size_t dlen,
                         const uint8_t *extra, size_t elen)
{
    const EVP_MD *md = tu_evp_md(alg);
    size_t hl = (size_t)EVP_MD_get_size(md), nl = t->nl, tl;
    uint8_t V[64], K[64], h1[SC_FP_MAXBYTES], buf[64 + 1 + 2 * SC_FP_MAXBYTES + 64], T[128];
    unsigned ol;
    BIGNUM *z = bits2int(dg, dlen, t->nbits), *k = NULL;
    int round;

    if (BN_cmp(z, t->n) >= 0)
        BN_sub(z, z, t->n);        /* bits2octets: z1 mod q, z1 < 2q */
    BN_bn2binpad(z, h1, (int)nl);
    BN_free(z);
    memset(V, 0x01, hl);
    memset(K, 0x00, hl);
    for (round = 0; round < 2; round++) {   /* steps d-g */
        size_t m = 0;
        memcpy(buf, V, hl); m += hl;
        buf[m++] = (uint8_t)round;
        memcpy(buf + m, priv, nl); m += nl;
        memcpy(buf + m, h1, nl); m += nl;
        if (elen) { memcpy(buf + m, extra, elen); m += elen; }
        HMAC(md, K, (int)hl, buf, m, K, &ol);
        HMAC(md, K, (int)hl, V, hl, V, &ol);
    }
    for (;;) {                               /* step h */
        for (tl = 0; tl * 8 < t->nbits; tl += hl) {
            HMAC(md, K, (int)hl, V, hl, V, &ol);
            memcpy(T + tl, V, hl);
        }
        k = bits2int(T, tl, t->nbits);
        if (!BN_is_zero(k) && BN_cmp(k, t->n) < 0)
            return k;
        BN_free(k);
        memcpy(buf, V, hl);
        buf[hl] = 0x00;
        HMAC(md, K, (int)hl, buf, hl + 1, K, &ol);
        HMAC(md, K, (int)hl, V, hl, V, &ol);
    }
}

/* P1363 r||s -> ECDSA_SIG */
static ECDSA_SIG *to_ossl_sig(ctx_t *t, const uint8_t *sig)
{
    ECDSA_SIG *s = ECDSA_SIG_new();
    ECDSA_SIG_set0(s, BN_bin2bn(sig, (int)t->nl, NULL), BN_bin2bn(sig + t->nl, (int)t->nl, NULL));
    return s;
}

static int ossl_verify(ctx_t *t, const uint8_t *sig, const uint8_t *dg, size_t dlen, EC_KEY *k)
{
    ECDSA_SIG *s = to_ossl_sig(t, sig);
    int v = ECDSA_do_verify(dg, (int)dlen, s, k);
    ECDSA_SIG_free(s);
    return v;
}

/* s*k == e + r*d (mod n), e = bits2int(digest): the signature used nonce k. */
static int sig_uses_k(ctx_t *t, const uint8_t *sig, const BIGNUM *k, const uint8_t *priv,
                      const uint8_t *dg, size_t dlen)
{
    BIGNUM *r = BN_bin2bn(sig, (int)t->nl, NULL), *s = BN_bin2bn(sig + t->nl, (int)t->nl, NULL);
    BIGNUM *d = BN_bin2bn(priv, (int)t->nl, NULL), *e = bits2int(dg, dlen, t->nbits);
    BIGNUM *lhs = BN_new(), *rhs = BN_new();
    int ok;
    BN_mod_mul(lhs, s, k, t->n, t->bn);
    BN_mod_mul(rhs, r, d, t->n, t->bn);
    BN_mod_add(rhs, rhs, e, t->n, t->bn);
    ok = BN_cmp(lhs, rhs) == 0;
    BN_free(r); BN_free(s); BN_free(d); BN_free(e); BN_free(lhs); BN_free(rhs);
    return ok;
}

/* Digest length for case i: cycles through short, exact and long lengths. */
static size_t pick_dlen(ctx_t *t, long i)
{
    static const size_t fixed[] = { 20, 28, 32, 48, 64, 1, 16, 0 /* nlen */, 0 /* nlen+1 */, 0 /* random */ };
    size_t j = (size_t)(i % 10);
    if (j == 7) return t->nl;
    if (j == 8) return t->nl + 1;
    if (j == 9) return 1 + rnd(64);
    return fixed[j];
}

static void hexdump(const char *label, const uint8_t *p, size_t n)
{
    fprintf(stderr, "  %s = ", label);
    tu_print_hex(stderr, p, n);
    fputc('\n', stderr);
}

static long run_curve(const diff_curve *dc, long cases)
{
    ctx_t t;
    long i, done = 0;
    long n_pub = 0, n_scsign = 0, n_osign = 0, n_tamper = 0, n_ecdh = 0, n_trunc = 0, n_evp = 0;
    long fail0 = tu_fail;

    memset(&t, 0, sizeof t);
    t.c = sc_curve_find(dc->name);
    if (!CHECK(t.c != NULL, "curve %s known", dc->name))
        return 0;
    t.g = tu_ossl_group(dc->name);
    if (!CHECK(t.g != NULL, "OpenSSL knows %s", dc->name))
        return 0;
    t.n = EC_GROUP_get0_order(t.g);
    t.bn = BN_CTX_new();
    t.k1 = EC_KEY_new();
    t.k2 = EC_KEY_new();
    EC_KEY_set_group(t.k1, t.g);
    EC_KEY_set_group(t.k2, t.g);
    t.fl = t.c->flen;
    t.nl = t.c->nlen;
    t.nbits = t.c->nbits;
    CHECK((unsigned)BN_num_bits(t.n) == t.nbits, "%s nbits", dc->name);
    CHECK((size_t)((EC_GROUP_get_degree(t.g) + 7) / 8) == t.fl, "%s flen", dc->name);

    for (i = 0; i < cases; i++) {
        uint8_t d1[SC_FP_MAXBYTES], d2[SC_FP_MAXBYTES];
        uint8_t su[SC_PK_MAX_PUB], sc[SC_PK_MAX_PUB], ou[SC_PK_MAX_PUB], oc[SC_PK_MAX_PUB], cv[SC_PK_MAX_PUB];
        uint8_t o2u[SC_PK_MAX_PUB], o2c[SC_PK_MAX_PUB], s1u[SC_PK_MAX_PUB];
        uint8_t dg[64], sig[SC_PK_MAX_SIG], sig2[SC_PK_MAX_SIG], sig3[SC_PK_MAX_SIG], osig[SC_PK_MAX_SIG];
        uint8_t extra[64], der[SC_PK_MAX_DER_SIG + 8], oder[SC_PK_MAX_DER_SIG + 8], back[SC_PK_MAX_SIG];
        uint8_t sec1[SC_FP_MAXBYTES], sec2[SC_FP_MAXBYTES], osec[SC_FP_MAXBYTES];
        size_t sul = sizeof su, scl = sizeof sc, oul, ocl, cvl, o2ul, o2cl, s1ul = sizeof s1u;
        size_t dlen = pick_dlen(&t, i), elen, derl, oderl, bit;
        size_t sl = 2 * t.nl;
        sc_hash_alg alg = algs[rnd(5)];
        BIGNUM *k;
        ECDSA_SIG *os;
        unsigned char *op;
        int e, v, ok;

        /* ---- public key ---- */
        pick_priv(&t, i, d1);
        ossl_setkey(&t, t.k1, d1);
        oul = ossl_pub(&t, t.k1, ou, 0);
        ocl = ossl_pub(&t, t.k1, oc, 1);
        e = sc_pubkey(t.c, su, &sul, 0, d1, t.nl);
        ok = CHECK(e == SC_OK && sul == oul && memcmp(su, ou, oul) == 0, "%s case %ld: uncompressed pubkey (e=%d)", dc->name, i, e);
        e = sc_pubkey(t.c, sc, &scl, 1, d1, t.nl);
        ok &= CHECK(e == SC_OK && scl == ocl && memcmp(sc, oc, ocl) == 0, "%s case %ld: compressed pubkey (e=%d)", dc->name, i, e);
        if (!ok) {
            hexdump("d", d1, t.nl);
            hexdump("openssl Q", ou, oul);
            hexdump("seacurve Q", su, sul);
        }
        CHECK(sc_pub_validate(t.c, ou, oul) == SC_OK, "%s case %ld: validate OpenSSL uncompressed", dc->name, i);
        CHECK(sc_pub_validate(t.c, oc, ocl) == SC_OK, "%s case %ld: validate OpenSSL compressed", dc->name, i);
        cvl = sizeof cv;
        e = sc_pub_convert(t.c, cv, &cvl, 0, oc, ocl);     /* decompression */
        CHECK(e == SC_OK && cvl == oul && memcmp(cv, ou, oul) == 0, "%s case %ld: decompress (e=%d)", dc->name, i, e);
        cvl = sizeof cv;
        e = sc_pub_convert(t.c, cv, &cvl, 1, ou, oul);
        CHECK(e == SC_OK && cvl == ocl && memcmp(cv, oc, ocl) == 0, "%s case %ld: compress (e=%d)", dc->name, i, e);
        n_pub++;

        /* ---- seacurve signs (RFC 6979), OpenSSL verifies ---- */
        tu_rand_bytes(dg, dlen);
        e = sc_ecdsa_sign(t.c, sig, sl, dg, dlen, alg, d1, t.nl, NULL, 0);
        CHECK(e == SC_OK, "%s case %ld: sc_ecdsa_sign %d", dc->name, i, e);
        v = ossl_verify(&t, sig, dg, dlen, t.k1);
        if (!CHECK(v == 1, "%s case %ld: OpenSSL verifies seacurve signature (dlen %zu, %s)", dc->name, i, dlen, sc_hash_name(alg))) {
            hexdump("d", d1, t.nl);
            hexdump("digest", dg, dlen);
            hexdump("sig", sig, sl);
        }
        k = rfc6979_k(&t, alg, d1, dg, dlen, NULL, 0);
        CHECK(sig_uses_k(&t, sig, k, d1, dg, dlen), "%s case %ld: RFC 6979 nonce (dlen %zu, %s)", dc->name, i, dlen, sc_hash_name(alg));
        BN_free(k);
        CHECK(sc_ecdsa_verify(t.c, sig, sl, dg, dlen, ou, oul) == SC_OK, "%s case %ld: seacurve verifies own sig", dc->name, i);

        /* DER: sc_sig_p1363_to_der == i2d_ECDSA_SIG, and back */
        os = to_ossl_sig(&t, sig);
        op = oder;
        oderl = (size_t)i2d_ECDSA_SIG(os, &op);
        ECDSA_SIG_free(os);
        derl = sizeof der;
        e = sc_sig_p1363_to_der(der, &derl, sig, sl);
        CHECK(e == SC_OK && derl == oderl && memcmp(der, oder, derl) == 0, "%s case %ld: DER encoding (e=%d)", dc->name, i, e);
        e = sc_sig_der_to_p1363(back, sl, oder, oderl);
        CHECK(e == SC_OK && memcmp(back, sig, sl) == 0, "%s case %ld: DER decoding (e=%d)", dc->name, i, e);

        /* hedged: extra data of 1..64 bytes */
        elen = 1 + rnd(64);
        tu_rand_bytes(extra, elen);
        e = sc_ecdsa_sign(t.c, sig2, sl, dg, dlen, alg, d1, t.nl, extra, elen);
        CHECK(e == SC_OK, "%s case %ld: hedged sign %d", dc->name, i, e);
        CHECK(ossl_verify(&t, sig2, dg, dlen, t.k1) == 1, "%s case %ld: OpenSSL verifies hedged signature", dc->name, i);
        CHECK(memcmp(sig, sig2, sl) != 0, "%s case %ld: hedged differs from deterministic", dc->name, i);
        k = rfc6979_k(&t, alg, d1, dg, dlen, extra, elen);
        CHECK(sig_uses_k(&t, sig2, k, d1, dg, dlen), "%s case %ld: RFC 6979 3.6 hedged nonce", dc->name, i);
        BN_free(k);
        if (i % 16 == 0) {
            e = sc_ecdsa_sign(t.c, sig3, sl, dg, dlen, alg, d1, t.nl, NULL, 0);
            CHECK(e == SC_OK && memcmp(sig, sig3, sl) == 0, "%s case %ld: deterministic repeat", dc->name, i);
        }
        n_scsign++;

        /* ---- OpenSSL signs, seacurve verifies (pub uncompressed or compressed) ---- */
        os = ECDSA_do_sign(dg, (int)dlen, t.k1);
        CHECK(os != NULL, "ECDSA_do_sign");
        BN_bn2binpad(ECDSA_SIG_get0_r(os), osig, (int)t.nl);
        BN_bn2binpad(ECDSA_SIG_get0_s(os), osig + t.nl, (int)t.nl);
        op = oder;
        oderl = (size_t)i2d_ECDSA_SIG(os, &op);
        ECDSA_SIG_free(os);
        e = sc_ecdsa_verify(t.c, osig, sl, dg, dlen, (i & 1) ? oc : ou, (i & 1) ? ocl : oul);
        if (!CHECK(e == SC_OK, "%s case %ld: seacurve verifies OpenSSL signature: %d", dc->name, i, e)) {
            hexdump("Q", ou, oul);
            hexdump("digest", dg, dlen);
            hexdump("sig", osig, sl);
        }
        e = sc_sig_der_to_p1363(back, sl, oder, oderl);
        CHECK(e == SC_OK && memcmp(back, osig, sl) == 0, "%s case %ld: OpenSSL DER decoded", dc->name, i);
        n_osign++;

        /* ---- tampering: a flipped signature bit, a flipped digest bit ---- */
        memcpy(sig3, osig, sl);
        bit = rnd((uint32_t)(sl * 8));
        sig3[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        e = sc_ecdsa_verify(t.c, sig3, sl, dg, dlen, ou, oul);
        CHECK(e == SC_ERR_VERIFY || e == SC_ERR_SIG_RANGE, "%s case %ld: tampered sig rejected by seacurve (%d)", dc->name, i, e);
        CHECK(ossl_verify(&t, sig3, dg, dlen, t.k1) != 1, "%s case %ld: tampered sig rejected by OpenSSL", dc->name, i);
        {
            size_t used = dlen * 8 < t.nbits ? dlen * 8 : t.nbits;   /* bits of the digest that count */
            uint8_t dg2[64];
            memcpy(dg2, dg, dlen);
            bit = rnd((uint32_t)used);
            dg2[bit / 8] ^= (uint8_t)(0x80u >> (bit % 8));
            e = sc_ecdsa_verify(t.c, osig, sl, dg2, dlen, ou, oul);
            CHECK(e == SC_ERR_VERIFY, "%s case %ld: tampered digest rejected by seacurve (%d)", dc->name, i, e);
            CHECK(ossl_verify(&t, osig, dg2, dlen, t.k1) != 1, "%s case %ld: tampered digest rejected by OpenSSL", dc->name, i);
            if (dlen * 8 > t.nbits) {
                /* a bit past the leftmost nbits: both must ignore it */
                memcpy(dg2, dg, dlen);
                bit = t.nbits + rnd((uint32_t)(dlen * 8 - t.nbits));
                dg2[bit / 8] ^= (uint8_t)(0x80u >> (bit % 8));
                e = sc_ecdsa_verify(t.c, osig, sl, dg2, dlen, ou, oul);
                CHECK(e == SC_OK, "%s case %ld: digest bit %zu past n ignored by seacurve (%d)", dc->name, i, bit, e);
                CHECK(ossl_verify(&t, osig, dg2, dlen, t.k1) == 1, "%s case %ld: digest bit past n ignored by OpenSSL", dc->name, i);
                n_trunc++;
            }
        }
        n_tamper++;

        /* ---- ECDH both ways ---- */
        pick_priv(&t, -1, d2);
        ossl_setkey(&t, t.k2, d2);
        o2ul = ossl_pub(&t, t.k2, o2u, 0);
        o2cl = ossl_pub(&t, t.k2, o2c, 1);
        e = sc_ecdh(t.c, sec1, t.fl, d1, t.nl, (i & 2) ? o2c : o2u, (i & 2) ? o2cl : o2ul);
        CHECK(e == SC_OK, "%s case %ld: sc_ecdh(d1, Q2) %d", dc->name, i, e);
        memcpy(s1u, su, sul);
        s1ul = sul;
        e = sc_ecdh(t.c, sec2, t.fl, d2, t.nl, (i & 4) ? sc : s1u, (i & 4) ? scl : s1ul);
        CHECK(e == SC_OK, "%s case %ld: sc_ecdh(d2, Q1) %d", dc->name, i, e);
        v = ECDH_compute_key(osec, t.fl, EC_KEY_get0_public_key(t.k1), t.k2, NULL);
        if (!CHECK(v == (int)t.fl && memcmp(sec1, osec, t.fl) == 0 && memcmp(sec2, osec, t.fl) == 0,
                   "%s case %ld: ECDH secrets agree with OpenSSL", dc->name, i)) {
            hexdump("d1", d1, t.nl);
            hexdump("d2", d2, t.nl);
            hexdump("openssl", osec, t.fl);
            hexdump("sc(d1,Q2)", sec1, t.fl);
            hexdump("sc(d2,Q1)", sec2, t.fl);
        }
        /* cofactor ECDH: OpenSSL's EC_FLAG_COFACTOR_ECDH */
        e = sc_ecdh_cofactor(t.c, sec2, t.fl, d2, t.nl, s1u, s1ul);
        EC_KEY_set_flags(t.k2, EC_FLAG_COFACTOR_ECDH);
        v = ECDH_compute_key(osec, t.fl, EC_KEY_get0_public_key(t.k1), t.k2, NULL);
        EC_KEY_clear_flags(t.k2, EC_FLAG_COFACTOR_ECDH);
        CHECK(e == SC_OK && v == (int)t.fl && memcmp(sec2, osec, t.fl) == 0,
              "%s case %ld: cofactor ECDH agrees with OpenSSL (e=%d)", dc->name, i, e);
        if (t.c->h == 1)
            CHECK(memcmp(sec2, sec1, t.fl) == 0, "%s case %ld: cofactor ECDH = ECDH when h = 1", dc->name, i);
        if (i % 32 == 0) {
            /* the EVP interface gives the same secret */
            EVP_PKEY *pk1 = EVP_PKEY_new(), *pk2 = EVP_PKEY_new();
            EVP_PKEY_CTX *dc2;
            uint8_t esec[SC_FP_MAXBYTES];
            size_t el = sizeof esec;
            EVP_PKEY_set1_EC_KEY(pk1, t.k1);
            EVP_PKEY_set1_EC_KEY(pk2, t.k2);
            dc2 = EVP_PKEY_CTX_new(pk2, NULL);
            v = dc2 && EVP_PKEY_derive_init(dc2) == 1 && EVP_PKEY_derive_set_peer(dc2, pk1) == 1 &&
                EVP_PKEY_derive(dc2, esec, &el) == 1;
            CHECK(v && el == t.fl && memcmp(esec, sec1, t.fl) == 0, "%s case %ld: EVP_PKEY_derive agrees", dc->name, i);
            EVP_PKEY_CTX_free(dc2);
            EVP_PKEY_free(pk1);
            EVP_PKEY_free(pk2);
            n_evp++;
        }
        n_ecdh++;
        done++;
        if (tu_fail - fail0 > 200)
            break; /* something is badly wrong: stop flooding */
    }
    printf("  %-10s %6ld cases: pubkey %ld, sc-sign/ossl-verify %ld (x2 incl. hedged), ossl-sign/sc-verify %ld, "
           "tamper %ld (truncation %ld), ecdh %ld (EVP %ld); failures %ld\n",
           dc->name, done, n_pub, n_scsign, n_osign, n_tamper, n_trunc, n_ecdh, n_evp, tu_fail - fail0);
    fflush(stdout);
    EC_KEY_free(t.k1);
    EC_KEY_free(t.k2);
    EC_GROUP_free(t.g);
    BN_CTX_free(t.bn);
    return done;
}

int main(void)
{
    long cases = tu_cases(1000);
    const char *env = getenv("SC_DIFF_CASES");
    size_t i;
    tu_seed_init("openssl_diff");
    CHECK(sc_rng_set(tu_rng_source, NULL) == SC_OK, "sc_rng_set: the seeded source");
    if (env && atol(env) > 0)
        cases = atol(env);
    printf("openssl_diff: %ld cases per curve, SC_WORD_BITS=%d\n", cases, SC_WORD_BITS);
    for (i = 0; i < sizeof curves / sizeof curves[0]; i++) {
        clock_t t0 = clock();
        const sc_curve *c = sc_curve_find(curves[i].name);
        long n = cases;
        if (tu_opf_skip(curves[i].name))
            continue;
        if (SC_WORD_BITS < 32 && !(env && atol(env) > 0)) /* 8/16-bit limbs: slower cases */
            n = c && c->eb ? (cases / 10 > 0 ? cases / 10 : 1) : (cases / 2 > 0 ? cases / 2 : 1);
        CHECK(run_curve(&curves[i], n) == n, "%s: all %ld cases ran", curves[i].name, n);
        printf("  %-10s %.1f s\n", curves[i].name, (double)(clock() - t0) / CLOCKS_PER_SEC);
    }
    return tu_done("openssl_diff");
}
