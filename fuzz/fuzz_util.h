/* Helpers of the libFuzzer targets: curves picked by an input byte, OpenSSL's
 * group of a curve, and the failure report (a property that does not hold
 * aborts, so libFuzzer saves the input as a crash). */
#ifndef SC_FUZZ_UTIL_H
#define SC_FUZZ_UTIL_H

#define OPENSSL_SUPPRESS_DEPRECATED
#include <seacurve/seacurve.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A property failed: say which and abort. */
#define FZ_CHECK(cond, ...)                                                    \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: property failed: ", __FILE__, __LINE__);   \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
            abort();                                                           \
        }                                                                      \
    } while (0)

/* OpenSSL's NID of a seacurve curve; NID_undef for a curve OpenSSL lacks by
 * name (the opf curves). */
static inline int fz_nid(const sc_curve *c)
{
    if (strcmp(c->name, "secp192r1") == 0)
        return NID_X9_62_prime192v1;
    if (strcmp(c->name, "secp256r1") == 0)
        return NID_X9_62_prime256v1;
    if (c->oid_len == 0)
        return NID_undef;
    return OBJ_sn2nid(c->name);
}

/* OpenSSL's group of c, made once per curve; NULL if OpenSSL lacks it. */
static inline const EC_GROUP *fz_group(const sc_curve *c)
{
    static const sc_curve *curve[64];
    static EC_GROUP *group[64];
    size_t i;
    for (i = 0; i < 64 && curve[i]; i++)
        if (curve[i] == c)
            return group[i];
    if (i == 64)
        return NULL;
    curve[i] = c;
    group[i] = fz_nid(c) == NID_undef ? NULL : EC_GROUP_new_by_curve_name(fz_nid(c));
    return group[i];
}

/* The curve of index sel among names (a NULL-terminated list). */
static inline const sc_curve *fz_pick(const char *const *names, uint8_t sel)
{
    size_t n = 0;
    while (names[n])
        n++;
    return sc_curve_find(names[sel % n]);
}

#endif
