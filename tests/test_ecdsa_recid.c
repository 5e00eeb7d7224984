/* sc_ecdsa_recid_var against OpenSSL on every prime curve of the build: for signatures
 * made by seacurve with random keys and digests, OpenSSL computes R = u1 G + u2 Q
 * (EC_POINT_mul) and the point its recovery id names, x = r + (id >> 1) n with y's
 * parity id & 1 (EC_POINT_set_compressed_coordinates); the two must be one point.
 * Forged and malformed signatures get sc_ecdsa_verify's verdict and an id of 0; a
 * binary curve gets SC_ERR_UNSUPPORTED.  (x(R) >= n, id bit 1, has probability at most
 * about 2^-96 on these curves: the tiny curves of test_tiny_exhaustive.c reach it.) */
#include <seacurve/seacurve.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <string.h>
#include "osslgroup.h"
#include "testutil.h"

/* OpenSSL: 1 if the point that id names from r is u1 G + u2 Q of (r, s) on the digest
 * e (dglen * 8 <= nbits bytes: bits2int is the integer itself); 0 if not, -1 on error. */
static int ossl_names_R(const sc_curve *c, const uint8_t *pub, size_t publen, const uint8_t *dg,
                        size_t dglen, const uint8_t *sig, unsigned id)
{
    EC_GROUP *g = tu_ossl_group(c->name);
    BN_CTX *ctx = BN_CTX_new();
    EC_POINT *q = g ? EC_POINT_new(g) : NULL, *R = g ? EC_POINT_new(g) : NULL, *P = g ? EC_POINT_new(g) : NULL;
    BIGNUM *r = BN_bin2bn(sig, (int)c->nlen, NULL), *s = BN_bin2bn(sig + c->nlen, (int)c->nlen, NULL);
    BIGNUM *e = BN_bin2bn(dg, (int)dglen, NULL), *w = BN_new(), *u1 = BN_new(), *u2 = BN_new(), *x = BN_new();
    const BIGNUM *n = g ? EC_GROUP_get0_order(g) : NULL;
    int v = -1;
    if (g && ctx && q && R && P && r && s && e && w && u1 && u2 && x && n &&
        EC_POINT_oct2point(g, q, pub, publen, ctx) && BN_mod_inverse(w, s, n, ctx) &&
        BN_mod_mul(u1, e, w, n, ctx) && BN_mod_mul(u2, r, w, n, ctx) &&
        EC_POINT_mul(g, R, u1, q, u2, ctx) && BN_copy(x, r) && (!(id & 2u) || BN_add(x, x, n))) {
        if (!EC_POINT_set_compressed_coordinates(g, P, x, (int)(id & 1u), ctx))
            v = 0;                                   /* no point of that x */
        else
            v = EC_POINT_cmp(g, P, R, ctx) == 0;
    }
    BN_free(r); BN_free(s); BN_free(e); BN_free(w); BN_free(u1); BN_free(u2); BN_free(x);
    EC_POINT_free(q); EC_POINT_free(R); EC_POINT_free(P);
    BN_CTX_free(ctx);
    EC_GROUP_free(g);
    return v;
}

static void test_curve(const sc_curve *c, long cases)
{
    uint8_t priv[SC_FP_MAXBYTES], pub[SC_PK_MAX_PUB], dg[SC_FP_MAXBYTES], sig[2 * SC_FP_MAXBYTES];
    uint8_t bad[2 * SC_FP_MAXBYTES], id;
    sc_err e;
    size_t sl = 2u * c->nlen, dl = c->nbits / 8u, pl;
    long i, odd = 0, fails = 0;
    for (i = 0; i < cases && fails < 5; i++) {
        pl = sizeof pub;
        if (!CHECK(sc_keygen(c, priv, c->nlen) == SC_OK &&
                   sc_pubkey(c, pub, &pl, (int)(i & 1), priv, c->nlen) == SC_OK, "%s: key", c->name))
            return;
        tu_rand_bytes(dg, dl);
        if (!CHECK(sc_ecdsa_sign(c, sig, sl, dg, dl, SC_HASH_SHA256, priv, c->nlen, NULL, 0) == SC_OK,
                   "%s: sign", c->name))
            return;
        id = 0xff;
        e = sc_ecdsa_recid_var(c, &id, sig, sl, dg, dl, pub, pl);
        if (!CHECK(e == SC_OK && id <= 3, "%s: id %u (%d)", c->name, id, (int)e)) {
            fails++;
            continue;
        }
        odd += id & 1u;
        fails += !CHECK(ossl_names_R(c, pub, pl, dg, dl, sig, id) == 1, "%s: id %u is not R's", c->name, id);
        fails += !CHECK(ossl_names_R(c, pub, pl, dg, dl, sig, id ^ 1u) == 0, "%s: id %u is R's", c->name, id ^ 1u);
        if (i % 8)
            continue;
        /* forged and malformed: the single verification's verdict, id 0 */
        memcpy(bad, sig, sl);
        bad[sl - 1] ^= 1;
        id = 0xff;
        fails += !CHECK(sc_ecdsa_recid_var(c, &id, bad, sl, dg, dl, pub, pl) == SC_ERR_VERIFY && id == 0,
                        "%s: forged s", c->name);
        dg[0] ^= 0x80;
        id = 0xff;
        fails += !CHECK(sc_ecdsa_recid_var(c, &id, sig, sl, dg, dl, pub, pl) == SC_ERR_VERIFY && id == 0,
                        "%s: another digest", c->name);
        dg[0] ^= 0x80;
        memset(bad, 0, c->nlen);
        fails += !CHECK(sc_ecdsa_recid_var(c, &id, bad, sl, dg, dl, pub, pl) == SC_ERR_SIG_RANGE, "%s: r = 0",
                        c->name);
        fails += !CHECK(sc_ecdsa_recid_var(c, &id, sig, sl - 1, dg, dl, pub, pl) == SC_ERR_LENGTH, "%s: length",
                        c->name);
        memcpy(bad, pub, pl);
        bad[pl - 1] ^= 1;
        fails += !CHECK(sc_ecdsa_recid_var(c, &id, sig, sl, dg, dl, bad, pl) ==
                            sc_ecdsa_verify(c, sig, sl, dg, dl, bad, pl), "%s: bad key", c->name);
        fails += !CHECK(sc_ecdsa_recid_var(c, NULL, sig, sl, dg, dl, pub, pl) == SC_ERR_ARG, "%s: NULL", c->name);
    }
    /* both parities occur (each has probability 1/2 per signature) */
    CHECK(cases < 32 || (odd > 0 && odd < cases), "%s: %ld of %ld ids odd", c->name, odd, cases);
    printf("  %s: %ld signatures, %ld with y(R) odd\n", c->name, cases, odd);
}

int main(void)
{
    size_t i;
    tu_seed_init("ecdsa_recid");
    sc_rng_set(tu_rng_source, NULL);
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        if (c->eb) {
            uint8_t id = 0xff, z[2 * SC_FP_MAXBYTES] = { 0 };
            CHECK(sc_ecdsa_recid_var(c, &id, z, 2u * c->nlen, z, 20, z, 1) == SC_ERR_UNSUPPORTED && id == 0,
                  "%s: binary curve", c->name);
            continue;
        }
        if (tu_opf_skip(c->name))
            continue;
        test_curve(c, tu_cases(64));
    }
    return tu_done("ecdsa_recid");
}
