/* Shared helpers of test_ep.c and test_ec.c: seacurve points and scalars
 * <-> OpenSSL libcrypto EC_POINT / BIGNUM for the prime curves (osslgroup.h). */
#ifndef SC_TESTS_ECUTIL_H
#define SC_TESTS_ECUTIL_H

#include <seacurve/curves.h>
#include <seacurve/ec.h>
#include <seacurve/mp.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <string.h>
#include "testutil.h"
#include "osslgroup.h"

typedef struct {
    const sc_curve *cv;
    const sc_ep_curve *c;
    EC_GROUP *grp;
    BN_CTX *ctx;
    const BIGNUM *order;
    size_t flen, nlen;
} ectest;

static inline int ect_init(ectest *t, size_t i)
{
    memset(t, 0, sizeof *t);
    t->cv = sc_curve_at(i);
    if (!t->cv || !t->cv->ep)
        return 0;
    t->c = t->cv->ep;
    t->grp = tu_ossl_group(t->cv->name);
    t->ctx = BN_CTX_new();
    if (t->grp)
        t->order = EC_GROUP_get0_order(t->grp);
    t->flen = t->cv->flen;
    t->nlen = t->cv->nlen;
    return t->grp != NULL;
}

static inline void ect_free(ectest *t)
{
    EC_GROUP_free(t->grp);
    BN_CTX_free(t->ctx);
}

/* sc affine point -> OpenSSL point */
static inline EC_POINT *ect_to_ossl(ectest *t, const sc_ep_aff *p)
{
    uint8_t bx[SC_FP_MAXBYTES], by[SC_FP_MAXBYTES];
    EC_POINT *q = EC_POINT_new(t->grp);
    BIGNUM *x, *y;
    sc_fp_to_bytes(bx, p->x, t->c->fp);
    sc_fp_to_bytes(by, p->y, t->c->fp);
    x = BN_bin2bn(bx, (int)t->flen, NULL);
    y = BN_bin2bn(by, (int)t->flen, NULL);
    if (!EC_POINT_set_affine_coordinates(t->grp, q, x, y, t->ctx)) {
        EC_POINT_free(q);
        q = NULL;
    }
    BN_free(x);
    BN_free(y);
    return q;
}

/* OpenSSL point (finite) -> sc affine; 0 on failure or infinity */
static inline int ect_from_ossl(ectest *t, sc_ep_aff *r, const EC_POINT *p)
{
    uint8_t bx[SC_FP_MAXBYTES], by[SC_FP_MAXBYTES];
    BIGNUM *x = BN_new(), *y = BN_new();
    int ok = 0;
    if (!EC_POINT_is_at_infinity(t->grp, p) && EC_POINT_get_affine_coordinates(t->grp, p, x, y, t->ctx) &&
        BN_bn2binpad(x, bx, (int)t->flen) > 0 && BN_bn2binpad(y, by, (int)t->flen) > 0 &&
        sc_fp_from_bytes(r->x, bx, t->flen, t->c->fp) == SC_OK &&
        sc_fp_from_bytes(r->y, by, t->flen, t->c->fp) == SC_OK)
        ok = 1;
    BN_free(x);
    BN_free(y);
    return ok;
}

/* 1 if sc point equals the OpenSSL point (finite) */
static inline int ect_eq(ectest *t, const sc_ep_aff *a, const EC_POINT *b)
{
    sc_ep_aff bb;
    if (!ect_from_ossl(t, &bb, b))
        return 0;
    return sc_fp_eq(a->x, bb.x, t->c->fp) && sc_fp_eq(a->y, bb.y, t->c->fp) ? 1 : 0;
}

static inline int ect_aff_eq(ectest *t, const sc_ep_aff *a, const sc_ep_aff *b)
{
    return sc_fp_eq(a->x, b->x, t->c->fp) && sc_fp_eq(a->y, b->y, t->c->fp) ? 1 : 0;
}

/* BIGNUM (0 <= v < 2^(8*nlen)) -> scalar words */
static inline void ect_bn_to_sc(ectest *t, sc_word *k, const BIGNUM *v)
{
    uint8_t b[SC_FP_MAXBYTES + 8];
    memset(k, 0, SC_FP_MAXW * sizeof(sc_word));
    BN_bn2binpad(v, b, (int)t->nlen);
    sc_mp_from_be(k, t->c->fn->nw, b, t->nlen);
}

/* uniform random BIGNUM in [0, n) from the test PRNG */
static inline BIGNUM *ect_rand_scalar(ectest *t)
{
    uint8_t b[SC_FP_MAXBYTES + 16];
    BIGNUM *v;
    tu_rand_bytes(b, t->nlen + 8);
    v = BN_bin2bn(b, (int)t->nlen + 8, NULL);
    BN_nnmod(v, v, t->order, t->ctx);
    return v;
}

/* a random point k*G (k random nonzero), as both sc affine and OpenSSL */
static inline EC_POINT *ect_rand_point(ectest *t, sc_ep_aff *r)
{
    BIGNUM *k = ect_rand_scalar(t);
    EC_POINT *p = EC_POINT_new(t->grp);
    if (BN_is_zero(k))
        BN_one(k);
    EC_POINT_mul(t->grp, p, k, NULL, NULL, t->ctx);
    BN_free(k);
    if (!ect_from_ossl(t, r, p)) {
        EC_POINT_free(p);
        return NULL;
    }
    return p;
}

#endif
