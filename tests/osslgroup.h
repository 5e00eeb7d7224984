/* The OpenSSL EC_GROUP of a seacurve curve, for the differential tests: by
 * NID for the SEC 2 curves, and for the non-standard opf* curves (no OID)
 * with explicit parameters read from tests/vectors/curves/opf-params.txt,
 * the committed output of tools/opf/ (so OpenSSL computes on the published
 * parameters, not on the library's compiled copy of them). */
#ifndef SC_TESTS_OSSLGROUP_H
#define SC_TESTS_OSSLGROUP_H

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <stdio.h>
#include <string.h>
#include "testutil.h"

/* OpenSSL's NID for a seacurve curve name, NID_undef for the opf* curves. */
static inline int tu_ossl_nid(const char *name)
{
    if (strcmp(name, "secp192r1") == 0)
        return NID_X9_62_prime192v1;
    if (strcmp(name, "secp256r1") == 0)
        return NID_X9_62_prime256v1;
    if (strncmp(name, "opf", 3) == 0)
        return NID_undef;
    return OBJ_sn2nid(name);
}

/* value of "key = hex" in section [name] of opf-params.txt, into a BIGNUM; NULL if absent */
static inline BIGNUM *tu_opf_param(const char *name, const char *key)
{
    char line[512], sect[64];
    FILE *f = fopen(tu_vector("curves/opf-params.txt"), "r");
    BIGNUM *r = NULL;
    int in = 0;
    if (!f)
        return NULL;
    snprintf(sect, sizeof sect, "[%s]", name);
    while (!r && fgets(line, sizeof line, f)) {
        char *eq, *k = line, *v, *e;
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '[') {
            in = strcmp(line, sect) == 0;
            continue;
        }
        if (!in || !(eq = strchr(line, '=')))
            continue;
        *eq = 0;
        for (e = eq; e > k && e[-1] == ' '; e--)
            e[-1] = 0;
        for (v = eq + 1; *v == ' '; v++)
            ;
        if (strcmp(k, key) == 0 && !BN_hex2bn(&r, v))
            r = NULL;
    }
    fclose(f);
    return r;
}

/* The group (caller frees): named, or explicit for the opf* curves (asn1 flag
 * explicit, as OpenSSL writes keys on groups without an OID). */
static inline EC_GROUP *tu_ossl_group(const char *name)
{
    int nid = tu_ossl_nid(name);
    BIGNUM *p, *a, *b, *gx, *gy, *n, *h;
    EC_GROUP *g = NULL;
    EC_POINT *G = NULL;
    BN_CTX *ctx;
    if (nid != NID_undef)
        return EC_GROUP_new_by_curve_name(nid);
    p = tu_opf_param(name, "p");
    a = tu_opf_param(name, "a");
    b = tu_opf_param(name, "b");
    gx = tu_opf_param(name, "Gx");
    gy = tu_opf_param(name, "Gy");
    n = tu_opf_param(name, "n");
    h = tu_opf_param(name, "h");
    ctx = BN_CTX_new();
    if (p && a && b && gx && gy && n && h && (g = EC_GROUP_new_curve_GFp(p, a, b, ctx)) != NULL) {
        G = EC_POINT_new(g);
        if (!G || !EC_POINT_set_affine_coordinates(g, G, gx, gy, ctx) || !EC_GROUP_set_generator(g, G, n, h)) {
            EC_GROUP_free(g);
            g = NULL;
        } else {
            EC_GROUP_set_asn1_flag(g, OPENSSL_EC_EXPLICIT_CURVE);
        }
    }
    EC_POINT_free(G);
    BN_CTX_free(ctx);
    BN_free(p);
    BN_free(a);
    BN_free(b);
    BN_free(gx);
    BN_free(gy);
    BN_free(n);
    BN_free(h);
    return g;
}

#endif
