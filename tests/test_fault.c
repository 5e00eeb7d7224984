/* Fault checks (SC_FAULT_CHECKS, config.h; docs/security.md "Fault attacks"):
 * the checks themselves, at every limb width and whatever the build's level.
 * For every curve, random keys, digests and nonces: sc_pk_sign_check accepts
 * the signatures sc_ecdsa_sign_with_k makes with their nonce, and rejects what
 * a fault in signing would release, each case also judged by sc_ecdsa_verify
 * with the public key (an independent method: the double-scalar
 * multiplication): a bit flipped in r or s, r from another nonce than s (a
 * fault in k*G or in k), s made with a disturbed key or digest; and a valid
 * signature made with another nonce than the one expected (a fault in the
 * nonce's derivation), which verification accepts.  sc_pk_check_point accepts the public key's point
 * and rejects it with one bit of y flipped, which sc_pk_decode_point (the
 * full validation) refuses too.  In a build with the checks on, the known
 * answers of the other tests show that nothing correct is withheld. */
#include "testutil.h"
#include "pk/pk_internal.h"
#include <seacurve/seacurve.h>
#include <string.h>

#define MAXB SC_FP_MAXBYTES

static void rand_priv(const sc_curve *c, uint8_t *d)
{
    do
        tu_rand_bytes(d, c->nlen);
    while (sc_priv_validate(c, d, c->nlen) != SC_OK);
}

/* both methods reject sig for (dig, d / pub), k the expected nonce */
static void rejected(const sc_curve *c, const uint8_t *sig, const uint8_t *dig, const uint8_t *d,
                     const sc_word *k, const uint8_t *pub, size_t pl, const char *what, long i)
{
    sc_err e1 = sc_pk_sign_check(c, sig, dig, 32, d, k);
    sc_err e2 = sc_ecdsa_verify(c, sig, 2u * c->nlen, dig, 32, pub, pl);
    CHECK(e1 == SC_ERR_FAULT, "%s case %ld %s: check %d", c->name, i, what, e1);
    CHECK(e2 == SC_ERR_VERIFY || e2 == SC_ERR_SIG_RANGE, "%s case %ld %s: verify %d", c->name, i,
          what, e2);
}

static void test_curve(const sc_curve *c, long cases)
{
    uint8_t d[MAXB], d2[MAXB], k1[MAXB], k2[MAXB], pub[1 + 2 * MAXB], dig[32], dig2[32];
    uint8_t sig[2 * MAXB], sig2[2 * MAXB], bad[2 * MAXB];
    size_t pl, nl = c->nlen;
    sc_pk_point q;
    long i;
    sc_err e;

    for (i = 0; i < cases; i++) {
        unsigned bit;
        sc_fe kw, kw2;
        rand_priv(c, d);
        rand_priv(c, k1);
        rand_priv(c, k2);
        tu_rand_bytes(dig, sizeof dig);
        CHECK(sc_pk_load_scalar(kw, c, k1, nl) == SC_OK && sc_pk_load_scalar(kw2, c, k2, nl) == SC_OK,
              "%s nonces", c->name);
        pl = sizeof pub;
        CHECK(sc_pubkey(c, pub, &pl, 0, d, nl) == SC_OK, "%s pubkey", c->name);
        e = sc_ecdsa_sign_with_k(c, sig, 2u * nl, dig, 32, d, nl, k1, nl);
        CHECK(e == SC_OK, "%s case %ld sign: %d", c->name, i, e);
        CHECK(sc_pk_sign_check(c, sig, dig, 32, d, kw) == SC_OK, "%s case %ld: check refuses a good signature",
              c->name, i);
        CHECK(sc_ecdsa_verify(c, sig, 2u * nl, dig, 32, pub, pl) == SC_OK, "%s case %ld verify", c->name, i);

        /* one bit of r or s flipped */
        memcpy(bad, sig, 2u * nl);
        bit = (unsigned)(tu_rand64() % (16u * nl));
        bad[bit / 8u] ^= (uint8_t)(1u << (bit % 8u));
        rejected(c, bad, dig, d, kw, pub, pl, "bit flipped", i);

        /* r of k2 G with s of k1: a fault in the nonce's point or in the nonce */
        CHECK(sc_ecdsa_sign_with_k(c, sig2, 2u * nl, dig, 32, d, nl, k2, nl) == SC_OK, "%s sign k2", c->name);
        memcpy(bad, sig2, nl);
        memcpy(bad + nl, sig + nl, nl);
        rejected(c, bad, dig, d, kw, pub, pl, "r of another nonce", i);

        /* a valid signature, but with k2 where k1 was derived: a fault in the derivation */
        CHECK(sc_ecdsa_verify(c, sig2, 2u * nl, dig, 32, pub, pl) == SC_OK, "%s case %ld verify k2", c->name, i);
        CHECK(sc_pk_sign_check(c, sig2, dig, 32, d, kw) == SC_ERR_FAULT, "%s case %ld: another nonce accepted",
              c->name, i);
        CHECK(sc_pk_sign_check(c, sig2, dig, 32, d, kw2) == SC_OK, "%s case %ld: check with k2", c->name, i);

        /* s made with a key that differs in one bit (a fault in d), same nonce */
        memcpy(d2, d, nl);
        bit = (unsigned)(tu_rand64() % (8u * nl));
        d2[bit / 8u] ^= (uint8_t)(1u << (bit % 8u));
        if (sc_priv_validate(c, d2, nl) == SC_OK &&
            sc_ecdsa_sign_with_k(c, bad, 2u * nl, dig, 32, d2, nl, k1, nl) == SC_OK)
            rejected(c, bad, dig, d, kw, pub, pl, "s of a disturbed key", i);

        /* s made with a digest that differs in one bit (a fault in e), same nonce */
        memcpy(dig2, dig, sizeof dig);
        dig2[tu_rand64() % 20u] ^= 0x10;   /* within the leftmost nlen bytes of every curve */
        if (sc_ecdsa_sign_with_k(c, bad, 2u * nl, dig2, 32, d, nl, k1, nl) == SC_OK)
            rejected(c, bad, dig, d, kw, pub, pl, "s of a disturbed digest", i);

        /* the point check: the public key's point, then with one bit of y flipped */
        CHECK(sc_pk_decode_point(&q, c, pub, pl) == SC_OK, "%s decode", c->name);
        CHECK(sc_pk_check_point(&q, c) == SC_OK, "%s case %ld: point check refuses Q", c->name, i);
        memcpy(bad, pub, pl);
        bit = (unsigned)(tu_rand64() % (8u * c->flen));
        bad[1 + c->flen + bit / 8u] ^= (uint8_t)(1u << (bit % 8u));
        e = sc_pk_decode_point(&q, c, bad, pl);
        CHECK(e == SC_ERR_POINT || e == SC_ERR_RANGE, "%s case %ld: flipped y decoded: %d", c->name, i, e);
        CHECK(sc_pk_decode_point(&q, c, pub, pl) == SC_OK, "%s decode", c->name);
#if SC_CURVES_BINARY
        if (c->eb)
            q.eb.y[0] ^= (sc_word)1u << (bit % SC_WORD_BITS);
        else
#endif
            q.ep.y[0] ^= (sc_word)1u << (bit % SC_WORD_BITS);
        CHECK(sc_pk_check_point(&q, c) == SC_ERR_FAULT, "%s case %ld: point check accepts a flipped y",
              c->name, i);
    }
}

int main(void)
{
    size_t i;
    long cases = tu_cases(8);
    tu_seed_init("fault");
    CHECK(SC_ERR_FAULT < 0 && strcmp(sc_strerror(SC_ERR_FAULT), "unknown error") != 0, "SC_ERR_FAULT");
    printf("SC_FAULT_CHECKS = %d\n", SC_FAULT_CHECKS);
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        if (tu_opf_skip(c->name))
            continue;
        test_curve(c, cases);
    }
    return tu_done("fault");
}
