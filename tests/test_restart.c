/* Restartable operations (restart.h): for every curve, random keys, digests
 * and peers, the sliced result at budgets 1, 3, 8, 32 and unbounded equals
 * the one-shot call's byte for byte, errors included; R = O in verification
 * by a constructed digest; abort wipes; a step after the end is an error;
 * the number of steps of the secret operations does not depend on the key. */
#include "testutil.h"
#include <seacurve/seacurve.h>
#include <seacurve/mp.h>
#include <openssl/bn.h>
#include <string.h>

#define MAXB SC_FP_MAXBYTES
static const unsigned budgets[] = { 1, 3, 8, 32, 0 };
#define NB (sizeof budgets / sizeof budgets[0])

/* a resettable deterministic source for sc_rng_set: byte i of the stream is a
 * hash of (seed, i) */
static uint64_t rng_seed, rng_pos;
static int test_rng(void *ctx, uint8_t *out, size_t len)
{
    size_t i;
    (void)ctx;
    for (i = 0; i < len; i++, rng_pos++) {
        uint64_t z = rng_seed + 0x9e3779b97f4a7c15ull * (rng_pos + 1);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        out[i] = (uint8_t)(z ^ (z >> 31));
    }
    return 0;
}

/* run a started op to its end; returns the final code, *steps the calls */
static sc_err run(sc_op *op, sc_err started, unsigned budget, unsigned *steps)
{
    sc_err e = started;
    unsigned n = 0;
    while (e == SC_IN_PROGRESS) {
        e = sc_op_step(op, budget);
        n++;
        if (n > 100000)
            return SC_ERR_ARG;
    }
    if (steps)
        *steps = n;
    return e;
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

static void rand_priv(const sc_curve *c, uint8_t *d)
{
    do
        tu_rand_bytes(d, c->nlen);
    while (sc_priv_validate(c, d, c->nlen) != SC_OK);
}

static void test_curve(const sc_curve *c)
{
    uint8_t d[MAXB], d2[MAXB], pub[1 + 2 * MAXB], peer[1 + 2 * MAXB], a[1 + 2 * MAXB], b[1 + 2 * MAXB];
    uint8_t dig[32], sig[2 * MAXB], sig2[2 * MAXB];
    size_t pl, peerl, la, lb, k;
    unsigned steps[NB], s0[NB];
    sc_op op;
    sc_err e1, e2;
    int cases = (int)tu_cases(2), t, comp;

    for (t = 0; t < cases; t++) {
        rand_priv(c, d);
        rand_priv(c, d2);
        tu_rand_bytes(dig, sizeof dig);
        peerl = sizeof peer;
        CHECK(sc_pubkey(c, peer, &peerl, 0, d2, c->nlen) == SC_OK, "%s peer", c->name);
        for (k = 0; k < NB; k++) {
            /* public keys, both encodings */
            for (comp = 0; comp < 2; comp++) {
                la = lb = sizeof a;
                e1 = sc_pubkey(c, a, &la, comp, d, c->nlen);
                e2 = run(&op, sc_pubkey_start(&op, c, b, &lb, comp, d, c->nlen), budgets[k], NULL);
                CHECK(e1 == SC_OK && e2 == e1 && la == lb && !memcmp(a, b, la), "%s pubkey budget %u comp %d: %d %d",
                      c->name, budgets[k], comp, e1, e2);
                CHECK(all_zero(&op, sizeof op), "%s pubkey: context wiped", c->name);
            }
            pl = la;
            memcpy(pub, a, pl);
            /* ECDH */
            memset(b, 0xaa, sizeof b);
            e1 = sc_ecdh(c, a, c->flen, d, c->nlen, peer, peerl);
            e2 = run(&op, sc_ecdh_start(&op, c, b, c->flen, d, c->nlen, peer, peerl), budgets[k], &steps[k]);
            CHECK(e1 == SC_OK && e2 == e1 && !memcmp(a, b, c->flen), "%s ecdh budget %u", c->name, budgets[k]);
            if (t == 0)
                s0[k] = steps[k];
            else
                CHECK(s0[k] == steps[k], "%s ecdh: steps %u vs %u for another key", c->name, steps[k], s0[k]);
            /* signing, with and without extra data */
            e1 = sc_ecdsa_sign(c, sig, 2u * c->nlen, dig, sizeof dig, SC_HASH_SHA256, d, c->nlen, NULL, 0);
            e2 = run(&op, sc_ecdsa_sign_start(&op, c, sig2, 2u * c->nlen, dig, sizeof dig, SC_HASH_SHA256, d, c->nlen,
                                              NULL, 0), budgets[k], NULL);
            CHECK(e1 == SC_OK && e2 == e1 && !memcmp(sig, sig2, 2u * c->nlen), "%s sign budget %u", c->name, budgets[k]);
            e1 = sc_ecdsa_sign(c, sig, 2u * c->nlen, dig, 20, SC_HASH_SHA256, d, c->nlen, dig + 20, 12);
            e2 = run(&op, sc_ecdsa_sign_start(&op, c, sig2, 2u * c->nlen, dig, 20, SC_HASH_SHA256, d, c->nlen,
                                              dig + 20, 12), budgets[k], NULL);
            CHECK(e1 == SC_OK && e2 == e1 && !memcmp(sig, sig2, 2u * c->nlen), "%s sign extra budget %u", c->name,
                  budgets[k]);
            /* verification: good, then a flipped bit */
            e1 = sc_ecdsa_verify(c, sig, 2u * c->nlen, dig, 20, pub, pl);
            e2 = run(&op, sc_ecdsa_verify_start(&op, c, sig, 2u * c->nlen, dig, 20, pub, pl), budgets[k], NULL);
            CHECK(e1 == SC_OK && e2 == SC_OK, "%s verify budget %u: %d %d", c->name, budgets[k], e1, e2);
            sig[c->nlen + 3] ^= 0x10;
            e1 = sc_ecdsa_verify(c, sig, 2u * c->nlen, dig, 20, pub, pl);
            e2 = run(&op, sc_ecdsa_verify_start(&op, c, sig, 2u * c->nlen, dig, 20, pub, pl), budgets[k], NULL);
            CHECK(e1 == e2 && e1 != SC_OK, "%s verify bad sig budget %u: %d %d", c->name, budgets[k], e1, e2);
            /* key generation from a reproducible source */
            rng_seed = tu_rand64();
            rng_pos = 0;
            e1 = sc_keygen(c, a, c->nlen);
            rng_pos = 0;
            memset(b, 0, sizeof b);
            e2 = run(&op, sc_keygen_start(&op, c, b, c->nlen), budgets[k], NULL);
            CHECK(e1 == SC_OK && e2 == e1 && !memcmp(a, b, c->nlen), "%s keygen budget %u", c->name, budgets[k]);
        }
    }
}

/* errors: the start calls report bad input at once with the one-shot's code */
static void test_errors(const sc_curve *c)
{
    uint8_t d[MAXB], zero[MAXB], n[MAXB], pub[1 + 2 * MAXB], out[2 * MAXB + 1], dig[32];
    size_t pl = sizeof pub, l;
    sc_op op;
    sc_err e1, e2;
    rand_priv(c, d);
    memset(zero, 0, sizeof zero);
    sc_mp_to_be(n, c->nlen, c->fn->p, c->fn->nw);
    tu_rand_bytes(dig, sizeof dig);
    CHECK(sc_pubkey(c, pub, &pl, 0, d, c->nlen) == SC_OK, "%s pub", c->name);

    /* bad private keys: 0 and n */
    memset(out, 0x55, sizeof out);
    e1 = sc_ecdh(c, out, c->flen, zero, c->nlen, pub, pl);
    memset(out, 0x55, sizeof out);
    e2 = sc_ecdh_start(&op, c, out, c->flen, n, c->nlen, pub, pl);
    CHECK(e1 == SC_ERR_SCALAR && e2 == e1 && all_zero(out, c->flen), "%s ecdh bad key %d %d", c->name, e1, e2);
    CHECK(sc_op_step(&op, 8) == SC_ERR_ARG, "%s step after a failed start", c->name);
    l = sizeof out;
    e2 = sc_pubkey_start(&op, c, out, &l, 1, zero, c->nlen);
    CHECK(e2 == SC_ERR_SCALAR && l == 0, "%s pubkey bad key %d", c->name, e2);
    l = 2;
    e1 = sc_pubkey(c, out, &l, 0, d, c->nlen);
    l = 2;
    e2 = sc_pubkey_start(&op, c, out, &l, 0, d, c->nlen);
    CHECK(e1 == SC_ERR_BUFFER && e2 == e1 && l == 0, "%s pubkey short buffer %d %d", c->name, e1, e2);
    e1 = sc_ecdsa_sign(c, out, 2u * c->nlen, dig, 32, SC_HASH_SHA256, n, c->nlen, NULL, 0);
    e2 = sc_ecdsa_sign_start(&op, c, out, 2u * c->nlen, dig, 32, SC_HASH_SHA256, n, c->nlen, NULL, 0);
    CHECK(e1 == SC_ERR_SCALAR && e2 == e1 && all_zero(out, 2u * c->nlen), "%s sign bad key", c->name);
    e2 = sc_ecdsa_sign_start(&op, c, out, 2u * c->nlen + 1, dig, 32, SC_HASH_SHA256, d, c->nlen, NULL, 0);
    CHECK(e2 == SC_ERR_LENGTH, "%s sign bad length %d", c->name, e2);
    e2 = sc_ecdsa_sign_start(&op, c, out, 2u * c->nlen, dig, 32, (sc_hash_alg)77, d, c->nlen, NULL, 0);
    CHECK(e2 == SC_ERR_HASH, "%s sign bad hash %d", c->name, e2);
    /* bad peer / public key: not on the curve */
    pub[pl - 1] ^= 1;
    e1 = sc_ecdh(c, out, c->flen, d, c->nlen, pub, pl);
    e2 = sc_ecdh_start(&op, c, out, c->flen, d, c->nlen, pub, pl);
    CHECK(e1 != SC_OK && e2 == e1, "%s ecdh bad peer %d %d", c->name, e1, e2);
    memset(out, 1, 2u * c->nlen);
    e1 = sc_ecdsa_verify(c, out, 2u * c->nlen, dig, 32, pub, pl);
    e2 = sc_ecdsa_verify_start(&op, c, out, 2u * c->nlen, dig, 32, pub, pl);
    CHECK(e1 != SC_OK && e2 == e1, "%s verify bad key %d %d", c->name, e1, e2);
    pub[pl - 1] ^= 1;
    /* bad signatures: r = 0, s = n */
    memset(out, 0, c->nlen);
    memset(out + c->nlen, 1, c->nlen);
    e2 = sc_ecdsa_verify_start(&op, c, out, 2u * c->nlen, dig, 32, pub, pl);
    CHECK(e2 == SC_ERR_SIG_RANGE, "%s verify r = 0: %d", c->name, e2);
    memset(out, 1, c->nlen);
    memcpy(out + c->nlen, n, c->nlen);
    e2 = sc_ecdsa_verify_start(&op, c, out, 2u * c->nlen, dig, 32, pub, pl);
    CHECK(e2 == SC_ERR_SIG_RANGE, "%s verify s = n: %d", c->name, e2);
    CHECK(sc_op_step(NULL, 1) == SC_ERR_ARG, "NULL op");

    /* abort wipes; a step after the end or an abort is an error */
    e2 = sc_ecdh_start(&op, c, out, c->flen, d, c->nlen, pub, pl);
    CHECK(e2 == SC_IN_PROGRESS, "%s ecdh started", c->name);
    if (c->ep)  /* binary curves: the result is delivered by the first step (not yet sliced) */
        CHECK(sc_op_step(&op, 40) == SC_IN_PROGRESS, "%s ecdh in progress", c->name);
    CHECK(!all_zero(&op, sizeof op), "%s context in use", c->name);
    sc_op_abort(&op);
    CHECK(all_zero(&op, sizeof op), "%s abort wipes", c->name);
    CHECK(sc_op_step(&op, 8) == SC_ERR_ARG, "%s step after abort", c->name);
    CHECK(run(&op, sc_ecdh_start(&op, c, out, c->flen, d, c->nlen, pub, pl), 0, NULL) == SC_OK, "%s ecdh", c->name);
    CHECK(sc_op_step(&op, 8) == SC_ERR_ARG, "%s step after the end", c->name);
}

/* R = u1 G + u2 Q = O: with Q = dG this is e = -r d mod n; the digest is e
 * placed so that bits2int gives it back (shifted up by 8 nlen - nbits). */
static void test_verify_infinity(const sc_curve *c)
{
    uint8_t d[MAXB], pub[1 + 2 * MAXB], sig[2 * MAXB], dig[MAXB], nb[MAXB];
    size_t pl = sizeof pub;
    BIGNUM *bn = BN_new(), *bd = BN_new(), *br = BN_new(), *be = BN_new();
    BN_CTX *ctx = BN_CTX_new();
    sc_op op;
    sc_err e1, e2;
    unsigned k;
    rand_priv(c, d);
    CHECK(sc_pubkey(c, pub, &pl, 0, d, c->nlen) == SC_OK, "%s pub", c->name);
    sc_mp_to_be(nb, c->nlen, c->fn->p, c->fn->nw);
    BN_bin2bn(nb, (int)c->nlen, bn);
    BN_bin2bn(d, (int)c->nlen, bd);
    rand_priv(c, sig);                      /* r */
    rand_priv(c, sig + c->nlen);            /* s */
    BN_bin2bn(sig, (int)c->nlen, br);
    BN_mod_mul(be, br, bd, bn, ctx);
    BN_sub(be, bn, be);                     /* -r d mod n, nonzero */
    BN_lshift(be, be, (int)(8u * c->nlen - c->nbits));
    BN_bn2binpad(be, dig, (int)c->nlen);
    e1 = sc_ecdsa_verify(c, sig, 2u * c->nlen, dig, c->nlen, pub, pl);
    CHECK(e1 == SC_ERR_VERIFY, "%s one-shot R = O: %d", c->name, e1);
    for (k = 0; k < NB; k++) {
        e2 = run(&op, sc_ecdsa_verify_start(&op, c, sig, 2u * c->nlen, dig, c->nlen, pub, pl), budgets[k], NULL);
        CHECK(e2 == e1, "%s sliced R = O budget %u: %d", c->name, budgets[k], e2);
    }
    /* u1 = 0: e = 0 (a zero digest), R = u2 Q */
    memset(dig, 0, sizeof dig);
    e1 = sc_ecdsa_verify(c, sig, 2u * c->nlen, dig, c->nlen, pub, pl);
    e2 = run(&op, sc_ecdsa_verify_start(&op, c, sig, 2u * c->nlen, dig, c->nlen, pub, pl), 8, NULL);
    CHECK(e2 == e1, "%s u1 = 0: %d %d", c->name, e1, e2);
    BN_free(bn);
    BN_free(bd);
    BN_free(br);
    BN_free(be);
    BN_CTX_free(ctx);
}

int main(void)
{
    size_t i;
    tu_seed_init("restart");
    CHECK(sc_rng_set(test_rng, NULL) == SC_OK, "rng hook");
    CHECK(SC_IN_PROGRESS > 0 && SC_OK == 0, "codes");
    CHECK(strcmp(sc_strerror(SC_IN_PROGRESS), "unknown error") != 0, "strerror");
    printf("sizeof(sc_op) = %u bytes\n", (unsigned)sizeof(sc_op));
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        if (tu_opf_skip(c->name))
            continue;
        test_curve(c);
        test_errors(c);
        if (c->ep)
            test_verify_infinity(c);
    }
    return tu_done("restart");
}
