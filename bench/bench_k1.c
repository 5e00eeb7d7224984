/* sc-bench-k1: secp256k1 against libsecp256k1 (Debian's libsecp256k1-dev), one
 * process, the same inputs for both libraries.
 *
 *   pubkey   d -> Q = d*G, serialised uncompressed (sc_pubkey;
 *            secp256k1_ec_pubkey_create + secp256k1_ec_pubkey_serialize)
 *   sign     a 32-byte digest, RFC 6979 nonce (sc_ecdsa_sign;
 *            secp256k1_ecdsa_sign + secp256k1_ecdsa_signature_serialize_compact)
 *   verify   libsecp256k1's (low-s) signature of the digest, the uncompressed key
 *            parsed each time (sc_ecdsa_verify; secp256k1_ec_pubkey_parse +
 *            secp256k1_ecdsa_signature_parse_compact + secp256k1_ecdsa_verify)
 *   ecdh     x(d*Q) of an uncompressed peer key, parsed and validated each time
 *            (sc_ecdh; secp256k1_ec_pubkey_parse + secp256k1_ecdh with a hash
 *            function that returns x itself, so neither side hashes)
 *
 * Each operation cycles over NKEYS keys and digests; every result is checked
 * once against the other library's before timing (same public key, same
 * signature, both verdicts valid, same shared secret).  Timing by bench_core
 * (median batch); the ratio is libsecp256k1's time / seacurve's (> 1: seacurve
 * faster).  Usage: sc-bench-k1 [-r RUNS] [-q]: RUNS repetitions of the whole
 * table (default 1), -q the quick batch settings. */
#include "bench_core.h"
#include <seacurve/seacurve.h>
#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NKEYS 16

typedef struct {
    const sc_curve *c;
    secp256k1_context *ctx;
    uint8_t priv[NKEYS][32], dig[NKEYS][32], pub[NKEYS][65], sig[NKEYS][64];
    size_t i;
} k1_state;

static int copy_x(unsigned char *out, const unsigned char *x, const unsigned char *y, void *data)
{
    (void)y;
    (void)data;
    memcpy(out, x, 32);
    return 1;
}

static int sc_pub_op(void *arg, long n)
{
    k1_state *s = arg;
    uint8_t out[65];
    while (n-- > 0) {
        size_t ol = sizeof out, j = s->i++ % NKEYS;
        if (sc_pubkey(s->c, out, &ol, 0, s->priv[j], 32) != SC_OK)
            return 1;
    }
    return 0;
}

static int lib_pub_op(void *arg, long n)
{
    k1_state *s = arg;
    uint8_t out[65];
    while (n-- > 0) {
        size_t ol = sizeof out, j = s->i++ % NKEYS;
        secp256k1_pubkey pk;
        if (!secp256k1_ec_pubkey_create(s->ctx, &pk, s->priv[j]) ||
            !secp256k1_ec_pubkey_serialize(s->ctx, out, &ol, &pk, SECP256K1_EC_UNCOMPRESSED))
            return 1;
    }
    return 0;
}

static int sc_sign_op(void *arg, long n)
{
    k1_state *s = arg;
    uint8_t sig[64];
    while (n-- > 0) {
        size_t j = s->i++ % NKEYS;
        if (sc_ecdsa_sign(s->c, sig, 64, s->dig[j], 32, SC_HASH_SHA256, s->priv[j], 32, NULL, 0) != SC_OK)
            return 1;
    }
    return 0;
}

static int lib_sign_op(void *arg, long n)
{
    k1_state *s = arg;
    uint8_t sig[64];
    while (n-- > 0) {
        size_t j = s->i++ % NKEYS;
        secp256k1_ecdsa_signature sg;
        if (!secp256k1_ecdsa_sign(s->ctx, &sg, s->dig[j], s->priv[j], NULL, NULL) ||
            !secp256k1_ecdsa_signature_serialize_compact(s->ctx, sig, &sg))
            return 1;
    }
    return 0;
}

static int sc_verify_op(void *arg, long n)
{
    k1_state *s = arg;
    while (n-- > 0) {
        size_t j = s->i++ % NKEYS;
        if (sc_ecdsa_verify(s->c, s->sig[j], 64, s->dig[j], 32, s->pub[j], 65) != SC_OK)
            return 1;
    }
    return 0;
}

static int lib_verify_op(void *arg, long n)
{
    k1_state *s = arg;
    while (n-- > 0) {
        size_t j = s->i++ % NKEYS;
        secp256k1_pubkey pk;
        secp256k1_ecdsa_signature sg;
        if (!secp256k1_ec_pubkey_parse(s->ctx, &pk, s->pub[j], 65) ||
            !secp256k1_ecdsa_signature_parse_compact(s->ctx, &sg, s->sig[j]) ||
            !secp256k1_ecdsa_verify(s->ctx, &sg, s->dig[j], &pk))
            return 1;
    }
    return 0;
}

static int sc_ecdh_op(void *arg, long n)
{
    k1_state *s = arg;
    uint8_t sec[32];
    while (n-- > 0) {
        size_t j = s->i++ % NKEYS;
        if (sc_ecdh(s->c, sec, 32, s->priv[j], 32, s->pub[(j + 1) % NKEYS], 65) != SC_OK)
            return 1;
    }
    return 0;
}

static int lib_ecdh_op(void *arg, long n)
{
    k1_state *s = arg;
    uint8_t sec[32];
    while (n-- > 0) {
        size_t j = s->i++ % NKEYS;
        secp256k1_pubkey pk;
        if (!secp256k1_ec_pubkey_parse(s->ctx, &pk, s->pub[(j + 1) % NKEYS], 65) ||
            !secp256k1_ecdh(s->ctx, sec, &pk, s->priv[j], copy_x, NULL))
            return 1;
    }
    return 0;
}

/* keys, digests, public keys and signatures, each checked across the libraries */
static int setup(k1_state *s)
{
    size_t j, k;
    for (j = 0; j < NKEYS; j++) {
        uint8_t out[65];
        size_t ol = sizeof out;
        secp256k1_pubkey pk;
        secp256k1_ecdsa_signature sg;
        if (sc_keygen(s->c, s->priv[j], 32) != SC_OK)
            return 0;
        for (k = 0; k < 32; k++)
            s->dig[j][k] = (uint8_t)(j * 37 + k * 11 + 5);
        if (sc_pubkey(s->c, s->pub[j], &ol, 0, s->priv[j], 32) != SC_OK ||
            !secp256k1_ec_pubkey_create(s->ctx, &pk, s->priv[j]) ||
            !secp256k1_ec_pubkey_serialize(s->ctx, out, &ol, &pk, SECP256K1_EC_UNCOMPRESSED) ||
            memcmp(out, s->pub[j], 65) != 0)
            return 0;
        if (!secp256k1_ecdsa_sign(s->ctx, &sg, s->dig[j], s->priv[j], NULL, NULL) ||
            !secp256k1_ecdsa_signature_serialize_compact(s->ctx, s->sig[j], &sg) ||
            sc_ecdsa_verify(s->c, s->sig[j], 64, s->dig[j], 32, s->pub[j], 65) != SC_OK)
            return 0;
        {
            uint8_t sig[64];
            secp256k1_ecdsa_signature sg2;
            if (sc_ecdsa_sign(s->c, sig, 64, s->dig[j], 32, SC_HASH_SHA256, s->priv[j], 32, NULL, 0) != SC_OK ||
                !secp256k1_ecdsa_signature_parse_compact(s->ctx, &sg2, sig))
                return 0;
            secp256k1_ecdsa_signature_normalize(s->ctx, &sg2, &sg2);
            if (!secp256k1_ecdsa_verify(s->ctx, &sg2, s->dig[j], &pk))
                return 0;
        }
    }
    for (j = 0; j < NKEYS; j++) {
        uint8_t a[32], b[32];
        secp256k1_pubkey pk;
        if (sc_ecdh(s->c, a, 32, s->priv[j], 32, s->pub[(j + 1) % NKEYS], 65) != SC_OK ||
            !secp256k1_ec_pubkey_parse(s->ctx, &pk, s->pub[(j + 1) % NKEYS], 65) ||
            !secp256k1_ecdh(s->ctx, b, &pk, s->priv[j], copy_x, NULL) || memcmp(a, b, 32) != 0)
            return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        bc_op_fn sc, lib;
    } ops[] = {
        { "pubkey", sc_pub_op, lib_pub_op },
        { "sign", sc_sign_op, lib_sign_op },
        { "verify", sc_verify_op, lib_verify_op },
        { "ecdh", sc_ecdh_op, lib_ecdh_op },
    };
    k1_state s;
    bc_opts o;
    int runs = 1, quick = 0, r, a;
    size_t i;
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-r") && a + 1 < argc) {
            runs = atoi(argv[++a]);
        } else if (!strcmp(argv[a], "-q")) {
            quick = 1;
        } else {
            fprintf(stderr, "usage: sc-bench-k1 [-r RUNS] [-q]\n");
            return 2;
        }
    }
    if (quick)
        bc_opts_quick(&o);
    else
        bc_opts_full(&o);
    memset(&s, 0, sizeof s);
    s.c = sc_curve_find("secp256k1");
    s.ctx = secp256k1_context_create(SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY);
    if (!s.c || !s.ctx || !setup(&s)) {
        fprintf(stderr, "sc-bench-k1: setup or cross-check failed\n");
        return 1;
    }
    printf("run op          seacurve_ns  libsecp256k1_ns  ratio\n");
    for (r = 0; r < runs; r++) {
        for (i = 0; i < sizeof ops / sizeof ops[0]; i++) {
            bc_result x, y;
            if (!bc_measure(&x, ops[i].sc, &s, &o) || !bc_measure(&y, ops[i].lib, &s, &o)) {
                fprintf(stderr, "sc-bench-k1: %s failed\n", ops[i].name);
                return 1;
            }
            printf("%d   %-10s %12.0f %16.0f  %5.2f\n", r + 1, ops[i].name, x.ns_per_op, y.ns_per_op,
                   y.ns_per_op / x.ns_per_op);
            fflush(stdout);
        }
    }
    secp256k1_context_destroy(s.ctx);
    return 0;
}
