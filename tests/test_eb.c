/* eb: points on the nine SEC 2 binary curves (include/seacurve/eb.h) against
 * OpenSSL's EC2M implementation (EC_GROUP_new_by_curve_name(NID_sect...)):
 *  - the descriptors (G, n, h, a, b) against OpenSSL's group; G on the curve,
 *    validated, n G = O by the ladder and by wNAF;
 *  - the constant-time Montgomery ladder k G and k P on random scalars and on
 *    the edge scalars 0, 1, 2, n-2, n-1, n, n+1, 2^nbits - 1, against
 *    EC_POINT_mul; the wNAF sc_eb_mul_var and the double-scalar
 *    sc_eb_mul2_var against the ladder and OpenSSL;
 *  - doubling and mixed addition with random Z against EC_POINT_dbl / add,
 *    and the special cases P + (-P) = O, P + P = 2P, O + P, P + O, 2O;
 *  - points outside the subgroup of order n (random points of the whole
 *    group, the point (0, sqrt b) of order 2, points of order 4 on the
 *    h = 4 curves): the ladder against wNAF and OpenSSL, and their rejection
 *    by sc_eb_validate_var; off-curve points, coordinates of degree >= m,
 *    infinity; scalars >= 2^nbits refused by the ladder.
 * `test_eb --timing` prints ns per ladder k P and per OpenSSL EC_POINT_mul. */
#define _POSIX_C_SOURCE 199309L
#include "testutil.h"
#include <seacurve/eb.h>
#include <seacurve/mp.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <string.h>
#include <time.h>

static BN_CTX *ctx;

static const struct { const char *name; int nid; } curves[] = {
    { "sect163k1", NID_sect163k1 }, { "sect163r1", NID_sect163r1 }, { "sect163r2", NID_sect163r2 },
    { "sect233k1", NID_sect233k1 }, { "sect233r1", NID_sect233r1 }, { "sect283k1", NID_sect283k1 },
    { "sect283r1", NID_sect283r1 }, { "sect409k1", NID_sect409k1 }, { "sect409r1", NID_sect409r1 },
};

static BIGNUM *fe_bn(const sc_word *a, const sc_eb_curve *c)
{
    uint8_t buf[SC_FB_MAXBYTES];
    sc_fb_to_bytes(buf, a, c->f);
    return BN_bin2bn(buf, (int)sc_fb_bytes(c->f), NULL);
}

static void bn_fe(sc_word *r, const BIGNUM *b, const sc_eb_curve *c)
{
    uint8_t buf[SC_FB_MAXBYTES];
    size_t len = sc_fb_bytes(c->f);
    memset(r, 0, sizeof(sc_fb_elt));
    BN_bn2binpad(b, buf, (int)len);
    if (sc_fb_from_bytes(r, buf, len, c->f) != SC_OK)
        CHECK(0, "bn_fe range");
}

static void bn_scalar(sc_word *k, const BIGNUM *b, const sc_eb_curve *c)
{
    uint8_t buf[SC_FB_MAXBYTES + 8];
    int len = BN_num_bytes(b);
    memset(k, 0, SC_EB_NW * sizeof(sc_word));
    BN_bn2bin(b, buf);
    if (sc_mp_from_be(k, c->nw, buf, (size_t)len) != 0)
        CHECK(0, "bn_scalar: too long");
}

static void to_ossl(EC_POINT *r, const sc_eb_aff *p, const EC_GROUP *g, const sc_eb_curve *c)
{
    if (p->inf) {
        EC_POINT_set_to_infinity(g, r);
        return;
    }
    BIGNUM *x = fe_bn(p->x, c), *y = fe_bn(p->y, c);
    if (!EC_POINT_set_affine_coordinates(g, r, x, y, ctx))
        CHECK(0, "EC_POINT_set_affine_coordinates");
    BN_free(x);
    BN_free(y);
}

static void from_ossl(sc_eb_aff *r, const EC_POINT *p, const EC_GROUP *g, const sc_eb_curve *c)
{
    BIGNUM *x = BN_new(), *y = BN_new();
    memset(r, 0, sizeof *r);
    if (EC_POINT_is_at_infinity(g, p)) {
        sc_eb_set_inf(r, c);
    } else {
        EC_POINT_get_affine_coordinates(g, p, x, y, ctx);
        bn_fe(r->x, x, c);
        bn_fe(r->y, y, c);
    }
    BN_free(x);
    BN_free(y);
}

/* p equals OpenSSL's point o */
static int eq_ossl(const sc_eb_aff *p, const EC_POINT *o, const EC_GROUP *g, const sc_eb_curve *c)
{
    sc_eb_aff t;
    from_ossl(&t, o, g, c);
    return sc_eb_eq(p, &t, c) != 0;
}

/* random scalar below 2^bits, also as a BIGNUM */
static void rand_scalar(sc_word *k, BIGNUM *b, unsigned bits, const sc_eb_curve *c)
{
    uint8_t buf[SC_FB_MAXBYTES + 8];
    size_t len = (bits + 7) / 8;
    tu_rand_bytes(buf, len);
    if (bits % 8)
        buf[0] &= (uint8_t)((1u << (bits % 8)) - 1u);
    switch (tu_rand64() % 8) { /* some short scalars */
    case 0: memset(buf, 0, len / 2); break;
    case 1: memset(buf, 0, len - 2); break;
    default: break;
    }
    BN_bin2bn(buf, (int)len, b);
    memset(k, 0, SC_EB_NW * sizeof(sc_word));
    sc_mp_from_be(k, c->nw, buf, len);
}

/* a random point of the whole group (usually of order h n or n h/2): random
 * x != 0, z^2 + z = x + a + b / x^2, y = x z (the curve equation divided by x^2) */
static void rand_curve_point(sc_eb_aff *r, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt x, t, u, a, b;
    uint8_t buf[SC_FB_MAXBYTES];
    size_t len = sc_fb_bytes(f);
    /* a, b from the descriptor's arrays (SC_W64 chunks = words on the host) */
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    memcpy(a, c->a, f->nw * sizeof(sc_word));
    memcpy(b, c->b, f->nw * sizeof(sc_word));
    for (;;) {
        tu_rand_bytes(buf, len);
        buf[0] &= (uint8_t)((1u << (f->m % 8 ? f->m % 8 : 8)) - 1u);
        memset(x, 0, sizeof x);
        if (sc_fb_from_bytes(x, buf, len, f) != SC_OK || sc_fb_is_zero(x, f))
            continue;
        sc_fb_sqr(t, x, f);
        sc_fb_inv(t, t, f);
        sc_fb_mul(t, t, b, f);
        sc_fb_add(t, t, x, f);
        sc_fb_add(t, t, a, f);
        if (sc_fb_solve_quad(u, t, f) == SC_OK)
            break;
    }
    memset(r, 0, sizeof *r);
    sc_fb_copy(r->x, x, f);
    sc_fb_mul(r->y, x, u, f);
}

/* Lopez-Dahab form of p with a random nonzero Z: (x Z, y Z^2, Z) */
static void ld_random_z(sc_eb_ld *r, const sc_eb_aff *p, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_fb_elt z, z2;
    uint8_t buf[SC_FB_MAXBYTES];
    do {
        memset(buf, 0, sizeof buf);
        tu_rand_bytes(buf + 1, sc_fb_bytes(f) - 1);
        sc_fb_from_bytes(z, buf, sc_fb_bytes(f), f);
    } while (sc_fb_is_zero(z, f));
    memset(r, 0, sizeof *r);
    sc_fb_mul(r->x, p->x, z, f);
    sc_fb_sqr(z2, z, f);
    sc_fb_mul(r->y, p->y, z2, f);
    sc_fb_copy(r->z, z, f);
}

typedef struct {
    const sc_eb_curve *c;
    EC_GROUP *g;
    BIGNUM *n;
} cv;

/* ladder, wNAF: k p against OpenSSL k p (p = NULL: G) */
static long ossl_small_disagree;

/* k p for p of order dividing 4, by OpenSSL's additions: (k mod 4) p */
static void small_mul_ossl(EC_POINT *o, const BIGNUM *kb, const EC_POINT *op, const EC_GROUP *g)
{
    BN_ULONG r = BN_mod_word(kb, 4), i;
    EC_POINT *t = EC_POINT_new(g);
    EC_POINT_set_to_infinity(g, o);
    for (i = 0; i < r; i++)
        EC_POINT_add(g, o, o, op, ctx);
    /* OpenSSL 3.0's EC_POINT_mul (its ladder) on these points: counted, not asserted */
    EC_POINT_mul(g, t, NULL, op, kb, ctx);
    if (EC_POINT_cmp(g, t, o, ctx) != 0)
        ossl_small_disagree++;
    EC_POINT_free(t);
}

static void check_mul_(cv *v, const sc_word *k, const BIGNUM *kb, const sc_eb_aff *p, const char *what, int small);
static void check_mul(cv *v, const sc_word *k, const BIGNUM *kb, const sc_eb_aff *p, const char *what)
{
    check_mul_(v, k, kb, p, what, 0);
}

/* small: p has order dividing 4; the reference is OpenSSL's repeated addition */
static void check_mul_(cv *v, const sc_word *k, const BIGNUM *kb, const sc_eb_aff *p, const char *what, int small)
{
    const sc_eb_curve *c = v->c;
    EC_POINT *o = EC_POINT_new(v->g), *op = EC_POINT_new(v->g);
    sc_eb_aff r1, r2, r3, r4, g;
    sc_err e1, e2, e3, e4;
    int kob = c->b_one;
    if (p) {
        to_ossl(op, p, v->g, c);
        if (small)
            small_mul_ossl(o, kb, op, v->g);
        else
            EC_POINT_mul(v->g, o, NULL, op, kb, ctx);
        e1 = sc_eb_mul_ladder(&r1, k, p, c);
        e2 = sc_eb_mul_var(&r2, k, p, c);
        e3 = sc_eb_mul_wnaf_var(&r3, k, p, c);
        e4 = sc_eb_mul_tnaf_var(&r4, k, p, c);
    } else {
        EC_POINT_mul(v->g, o, kb, NULL, NULL, ctx);
        e1 = sc_eb_mul_gen(&r1, k, c);
        sc_eb_generator(&g, c);
        e2 = sc_eb_mul_var(&r2, k, &g, c);
        e3 = sc_eb_mul_ladder(&r3, k, &g, c);
        e4 = sc_eb_mul_tnaf_var(&r4, k, &g, c);
    }
    CHECK(eq_ossl(&r1, o, v->g, c), "%s %s %s", c->name, p ? "ladder" : "mul_gen", what);
    CHECK(eq_ossl(&r2, o, v->g, c), "%s mul_var %s", c->name, what);
    CHECK(eq_ossl(&r3, o, v->g, c), "%s %s %s", c->name, p ? "wnaf" : "ladder on G", what);
    CHECK((e1 == SC_ERR_INFINITY) == (EC_POINT_is_at_infinity(v->g, o) == 1) && (e1 == SC_OK || e1 == SC_ERR_INFINITY),
          "%s ladder verdict %s (%d)", c->name, what, (int)e1);
    CHECK(e1 == e2 && e1 == e3, "%s var verdicts %s", c->name, what);
    if (kob) {
        CHECK(eq_ossl(&r4, o, v->g, c), "%s tnaf %s", c->name, what);
        CHECK(e4 == e1, "%s tnaf verdict %s", c->name, what);
    } else {
        CHECK(e4 == SC_ERR_ARG && r4.inf, "%s tnaf refused", c->name);
    }
    EC_POINT_free(o);
    EC_POINT_free(op);
}

static void check_mul2(cv *v, const sc_word *u1, const BIGNUM *b1, const sc_word *u2, const BIGNUM *b2,
                       const sc_eb_aff *q, const char *what)
{
    const sc_eb_curve *c = v->c;
    EC_POINT *o = EC_POINT_new(v->g), *oq = EC_POINT_new(v->g);
    sc_eb_aff r, a1, a2;
    sc_eb_ld s;
    sc_err e;
    to_ossl(oq, q, v->g, c);
    EC_POINT_mul(v->g, o, b1, oq, b2, ctx);
    e = sc_eb_mul2_var(&r, u1, u2, q, c);
    CHECK(eq_ossl(&r, o, v->g, c), "%s mul2 %s", c->name, what);
    CHECK((e == SC_ERR_INFINITY) == (EC_POINT_is_at_infinity(v->g, o) == 1), "%s mul2 verdict %s", c->name, what);
    {
        sc_eb_aff rw, rt;
        sc_err ew = sc_eb_mul2_wnaf_var(&rw, u1, u2, q, c), et = sc_eb_mul2_tnaf_var(&rt, u1, u2, q, c);
        CHECK(eq_ossl(&rw, o, v->g, c) && ew == e, "%s mul2 wnaf %s", c->name, what);
        if (c->b_one)
            CHECK(eq_ossl(&rt, o, v->g, c) && et == e, "%s mul2 tnaf %s", c->name, what);
        else
            CHECK(et == SC_ERR_ARG, "%s mul2 tnaf refused", c->name);
        ew = sc_eb_mul2_slide_var(&rw, u1, u2, q, c);
        CHECK(eq_ossl(&rw, o, v->g, c) && ew == e, "%s mul2 slide %s", c->name, what);
        ew = sc_eb_mul2_slide_var(&rw, NULL, u2, q, c);
        et = sc_eb_mul2_wnaf_var(&rt, NULL, u2, q, c);
        CHECK(sc_eb_eq(&rw, &rt, c) && ew == et, "%s slide u2 q = wnaf %s", c->name, what);
        ew = sc_eb_mul2_slide_var(&rw, u1, NULL, q, c);
        et = sc_eb_mul2_wnaf_var(&rt, u1, NULL, q, c);
        CHECK(sc_eb_eq(&rw, &rt, c) && ew == et, "%s slide u1 G = wnaf %s", c->name, what);
    }
    /* and as two ladders plus one addition */
    sc_eb_mul_gen(&a1, u1, c);
    sc_eb_mul_ladder(&a2, u2, q, c);
    sc_eb_ld_from_aff(&s, &a1, c);
    sc_eb_add_mixed(&s, &s, &a2, c);
    sc_eb_ld_to_aff(&a1, &s, c);
    CHECK(sc_eb_eq(&a1, &r, c), "%s mul2 = ladders %s", c->name, what);
    EC_POINT_free(o);
    EC_POINT_free(oq);
}

static void edge_scalars(cv *v, const sc_eb_aff *p)
{
    const sc_eb_curve *c = v->c;
    BIGNUM *b = BN_new();
    sc_word k[SC_EB_NW];
    static const char *names[] = { "0", "1", "2", "n-2", "n-1", "n", "n+1", "2^nbits-1", "2n-1", "h" };
    int i;
    for (i = 0; i < 10; i++) {
        switch (i) {
        case 0: BN_zero(b); break;
        case 1: BN_one(b); break;
        case 2: BN_set_word(b, 2); break;
        case 3: BN_copy(b, v->n); BN_sub_word(b, 2); break;
        case 4: BN_copy(b, v->n); BN_sub_word(b, 1); break;
        case 5: BN_copy(b, v->n); break;
        case 6: BN_copy(b, v->n); BN_add_word(b, 1); break;
        case 7: BN_zero(b); BN_set_bit(b, c->nbits); BN_sub_word(b, 1); break;
        case 8: BN_lshift1(b, v->n); BN_sub_word(b, 1); break;
        case 9: BN_set_word(b, c->h); break;
        }
        if (BN_num_bits(b) > c->nbits)
            continue; /* 2n - 1 has nbits + 1 bits */
        bn_scalar(k, b, c);
        check_mul(v, k, b, p, names[i]);
    }
    BN_free(b);
}

static void add_cases(cv *v, const sc_eb_aff *p, const sc_eb_aff *q)
{
    const sc_eb_curve *c = v->c;
    EC_POINT *op = EC_POINT_new(v->g), *oq = EC_POINT_new(v->g), *o = EC_POINT_new(v->g);
    sc_eb_ld lp, r, r2;
    sc_eb_aff a, np, inf;
    to_ossl(op, p, v->g, c);
    to_ossl(oq, q, v->g, c);
    /* generic p + q, p with random Z */
    ld_random_z(&lp, p, c);
    EC_POINT_add(v->g, o, op, oq, ctx);
    sc_eb_add_mixed(&r, &lp, q, c);
    sc_eb_ld_to_aff(&a, &r, c);
    CHECK(eq_ossl(&a, o, v->g, c), "%s add", c->name);
    sc_eb_add_mixed_var(&r, &lp, q, c);
    sc_eb_ld_to_aff_var(&a, &r, c);
    CHECK(eq_ossl(&a, o, v->g, c), "%s add_var", c->name);
    /* 2p */
    EC_POINT_dbl(v->g, o, op, ctx);
    sc_eb_dbl_ld(&r, &lp, c);
    sc_eb_ld_to_aff(&a, &r, c);
    CHECK(eq_ossl(&a, o, v->g, c), "%s dbl", c->name);
    /* p + p = 2p */
    sc_eb_add_mixed(&r2, &lp, p, c);
    sc_eb_ld_to_aff(&a, &r2, c);
    CHECK(eq_ossl(&a, o, v->g, c), "%s add p + p", c->name);
    sc_eb_add_mixed_var(&r2, &lp, p, c);
    sc_eb_ld_to_aff_var(&a, &r2, c);
    CHECK(eq_ossl(&a, o, v->g, c), "%s add_var p + p", c->name);
    /* p + (-p) = O */
    sc_eb_neg(&np, p, c);
    EC_POINT_copy(o, op);
    EC_POINT_invert(v->g, o, ctx);
    CHECK(eq_ossl(&np, o, v->g, c) && sc_eb_on_curve(&np, c), "%s neg", c->name);
    sc_eb_add_mixed(&r, &lp, &np, c);
    CHECK(sc_eb_ld_is_inf(&r, c) && sc_eb_ld_to_aff(&a, &r, c) == SC_ERR_INFINITY && a.inf, "%s p - p", c->name);
    sc_eb_add_mixed_var(&r, &lp, &np, c);
    CHECK(sc_eb_ld_is_inf(&r, c), "%s p - p var", c->name);
    /* -p in LD form */
    sc_eb_ld_neg(&r, &lp, c);
    sc_eb_ld_to_aff(&a, &r, c);
    CHECK(sc_eb_eq(&a, &np, c), "%s ld_neg", c->name);
    /* O + q, p + O, 2 O */
    sc_eb_ld_set_inf(&r, c);
    sc_eb_add_mixed(&r, &r, q, c);
    sc_eb_ld_to_aff(&a, &r, c);
    CHECK(sc_eb_eq(&a, q, c), "%s O + q", c->name);
    sc_eb_ld_set_inf(&r, c);
    sc_eb_add_mixed_var(&r, &r, q, c);
    sc_eb_ld_to_aff_var(&a, &r, c);
    CHECK(sc_eb_eq(&a, q, c), "%s O + q var", c->name);
    sc_eb_set_inf(&inf, c);
    sc_eb_add_mixed(&r, &lp, &inf, c);
    sc_eb_ld_to_aff(&a, &r, c);
    CHECK(sc_eb_eq(&a, p, c), "%s p + O", c->name);
    sc_eb_add_mixed_var(&r, &lp, &inf, c);
    sc_eb_ld_to_aff(&a, &r, c);
    CHECK(sc_eb_eq(&a, p, c), "%s p + O var", c->name);
    sc_eb_ld_set_inf(&r, c);
    sc_eb_add_mixed(&r, &r, &inf, c);
    CHECK(sc_eb_ld_is_inf(&r, c), "%s O + O", c->name);
    sc_eb_dbl_ld(&r, &r, c);
    CHECK(sc_eb_ld_is_inf(&r, c), "%s 2 O", c->name);
    EC_POINT_free(op);
    EC_POINT_free(oq);
    EC_POINT_free(o);
}

/* points outside the subgroup: ladder vs wNAF vs OpenSSL, and rejection */
static void outside(cv *v)
{
    const sc_eb_curve *c = v->c;
    const sc_fb_field *f = c->f;
    sc_eb_aff q, t, r1, r2;
    sc_word k[SC_EB_NW], nn[SC_EB_NW];
    BIGNUM *kb = BN_new();
    int i;
    memset(nn, 0, sizeof nn);
    memcpy(nn, c->n, c->nw * sizeof(sc_word));
    for (i = 0; i < 8; i++) {
        rand_curve_point(&q, c);
        CHECK(sc_eb_on_curve(&q, c), "%s random point on curve", c->name);
        /* n q = O with probability 1/h */
        {
            sc_err e = sc_eb_mul_var(&t, nn, &q, c);
            sc_err ev = sc_eb_validate_var(&q, c);
            CHECK((e == SC_ERR_INFINITY) == (ev == SC_OK) && (ev == SC_OK || ev == SC_ERR_POINT),
                  "%s validate random point", c->name);
            if (e != SC_ERR_INFINITY) {
                /* t = n q: of order dividing h, != O */
                CHECK(sc_eb_validate_var(&t, c) == SC_ERR_POINT, "%s small-order point rejected", c->name);
                rand_scalar(k, kb, c->nbits, c);
                check_mul_(v, k, kb, &t, "small order", 1);
            }
        }
        rand_scalar(k, kb, c->nbits, c);
        check_mul(v, k, kb, &q, "outside subgroup");
    }
    /* (0, sqrt b): order 2 */
    memset(&t, 0, sizeof t);
    memcpy(t.y, c->b, f->nw * sizeof(sc_word));
    sc_fb_sqrt(t.y, t.y, f);
    CHECK(sc_eb_on_curve(&t, c), "%s (0, sqrt b) on curve", c->name);
    CHECK(sc_eb_validate_var(&t, c) == SC_ERR_POINT, "%s order-2 point rejected", c->name);
    /* k G + (0, sqrt b): in 2E (h = 4) or not (h = 2), never in the subgroup */
    for (i = 0; i < 4; i++) {
        sc_eb_ld l;
        rand_scalar(k, kb, c->nbits, c);
        sc_eb_mul_gen(&r1, k, c);
        CHECK(sc_eb_validate_var(&r1, c) == SC_OK, "%s k G valid", c->name);
        sc_eb_ld_from_aff(&l, &r1, c);
        sc_eb_add_mixed_var(&l, &l, &t, c);
        sc_eb_ld_to_aff_var(&r2, &l, c);
        CHECK(sc_eb_on_curve(&r2, c) && sc_eb_mul_wnaf_var(&q, nn, &r2, c) != SC_ERR_INFINITY,
              "%s k G + T2 outside the subgroup", c->name);
        CHECK(sc_eb_validate_var(&r2, c) == SC_ERR_POINT, "%s k G + T2 rejected", c->name);
    }
    for (i = 0; i < 6; i++) {
        memset(k, 0, sizeof k);
        k[0] = (sc_word)i;
        BN_set_word(kb, (unsigned long)i);
        check_mul_(v, k, kb, &t, "order 2", 1);
        sc_eb_mul_ladder(&r1, k, &t, c);
        CHECK((i & 1) ? sc_eb_eq(&r1, &t, c) : r1.inf, "%s k T", c->name);
    }
    /* order 4 on h = 4: a point whose double is (0, sqrt b) */
    if (c->h == 4) {
        int found = 0;
        for (i = 0; i < 40 && !found; i++) {
            sc_eb_ld l;
            rand_curve_point(&q, c);
            sc_eb_mul_var(&r1, nn, &q, c);
            if (r1.inf)
                continue;
            sc_eb_ld_from_aff(&l, &r1, c);
            sc_eb_dbl_ld(&l, &l, c);
            sc_eb_ld_to_aff_var(&r2, &l, c);
            if (r2.inf)
                continue; /* order 2 */
            found = 1;
            CHECK(sc_fb_is_zero(r2.x, f) != 0, "%s 2 (order-4 point) = (0, .)", c->name);
            CHECK(sc_eb_validate_var(&r1, c) == SC_ERR_POINT, "%s order-4 point rejected", c->name);
            memset(k, 0, sizeof k);
            k[0] = 4;
            CHECK(sc_eb_mul_ladder(&r2, k, &r1, c) == SC_ERR_INFINITY, "%s 4 (order-4 point) = O", c->name);
            k[0] = 3;
            BN_set_word(kb, 3);
            sc_eb_neg(&r2, &r1, c);
            sc_eb_mul_ladder(&q, k, &r1, c);
            CHECK(sc_eb_eq(&q, &r2, c), "%s ladder 3 T4 = -T4", c->name);
            sc_eb_mul_var(&q, k, &r1, c);
            CHECK(sc_eb_eq(&q, &r2, c), "%s wnaf 3 T4 = -T4", c->name);
            k[0] = 5;
            sc_eb_mul_ladder(&q, k, &r1, c);
            CHECK(sc_eb_eq(&q, &r1, c), "%s ladder 5 T4 = T4", c->name);
            k[0] = 3;
            check_mul_(v, k, kb, &r1, "order 4", 1);
        }
        CHECK(found, "%s found an order-4 point", c->name);
    }
    BN_free(kb);
}

static void rejections(cv *v)
{
    const sc_eb_curve *c = v->c;
    const sc_fb_field *f = c->f;
    sc_eb_aff g, p, r;
    sc_word k[SC_EB_NW];
    sc_eb_generator(&g, c);
    CHECK(sc_eb_validate_var(&g, c) == SC_OK, "%s G valid", c->name);
    p = g;
    p.y[0] ^= 1u;
    CHECK(!sc_eb_on_curve(&p, c) && sc_eb_validate_var(&p, c) == SC_ERR_POINT, "%s off curve", c->name);
    p = g;
    p.x[0] ^= 4u;
    CHECK(!sc_eb_on_curve(&p, c) && sc_eb_validate_var(&p, c) == SC_ERR_POINT, "%s off curve x", c->name);
    p = g;
    p.x[f->m / SC_WORD_BITS] |= (sc_word)1 << (f->m % SC_WORD_BITS);
    CHECK(sc_eb_validate_var(&p, c) == SC_ERR_RANGE, "%s degree m", c->name);
    sc_eb_set_inf(&p, c);
    CHECK(sc_eb_validate_var(&p, c) == SC_ERR_INFINITY && !sc_eb_on_curve(&p, c), "%s infinity", c->name);
    /* ladder on infinity */
    memset(k, 0, sizeof k);
    k[0] = 5;
    CHECK(sc_eb_mul_ladder(&r, k, &p, c) == SC_ERR_INFINITY && r.inf, "%s 5 O", c->name);
    CHECK(sc_eb_mul_var(&r, k, &p, c) == SC_ERR_INFINITY && r.inf, "%s 5 O var", c->name);
    /* scalars >= 2^nbits */
    if (c->nbits % SC_WORD_BITS) {
        memset(k, 0, sizeof k);
        k[c->nbits / SC_WORD_BITS] = (sc_word)1 << (c->nbits % SC_WORD_BITS);
        CHECK(sc_eb_mul_ladder(&r, k, &g, c) == SC_ERR_SCALAR && r.inf, "%s scalar 2^nbits", c->name);
    }
    /* n G = O */
    memset(k, 0, sizeof k);
    memcpy(k, c->n, c->nw * sizeof(sc_word));
    CHECK(sc_eb_mul_gen(&r, k, c) == SC_ERR_INFINITY && r.inf, "%s n G ladder", c->name);
    CHECK(sc_eb_mul_var(&r, k, &g, c) == SC_ERR_INFINITY && r.inf, "%s n G wnaf", c->name);
    /* aliasing r = p */
    p = g;
    k[0] = 7;
    memset(k + 1, 0, (c->nw - 1) * sizeof(sc_word));
    sc_eb_mul_ladder(&r, k, &g, c);
    sc_eb_mul_ladder(&p, k, &p, c);
    CHECK(sc_eb_eq(&p, &r, c), "%s ladder r = p", c->name);
}

/* k G by the comb (sc_eb_mul_gen) against the ladder on G for the scalars
 * 2^i and 2^i - 1, every i < nbits (each comb column and tooth alone and
 * runs of full columns), and k >= 2^nbits refused like the ladder */
static void comb_scalars(cv *v)
{
    const sc_eb_curve *c = v->c;
    sc_word k[SC_EB_NW], one[SC_EB_NW];
    sc_eb_aff g, r1, r2;
    unsigned i;
    sc_err e1, e2;
    int bad = 0;
    sc_eb_generator(&g, c);
    memset(one, 0, sizeof one);
    one[0] = 1;
#if defined(SC_NO_EB_GTAB)
    CHECK(sc_eb_mul_gen_table(c) == 0, "%s no comb table (SC_NO_EB_GTAB)", c->name);
#else
    CHECK(sc_eb_mul_gen_table(c) == 1, "%s comb table present", c->name);
#endif
    for (i = 0; i < c->nbits; i++) {
        memset(k, 0, sizeof k);
        k[i / SC_WORD_BITS] = (sc_word)1 << (i % SC_WORD_BITS);
        e1 = sc_eb_mul_gen(&r1, k, c);
        e2 = sc_eb_mul_ladder(&r2, k, &g, c);
        bad += !(e1 == e2 && sc_eb_eq(&r1, &r2, c));
        sc_mp_sub(k, k, one, c->nw);
        e1 = sc_eb_mul_gen(&r1, k, c);
        e2 = sc_eb_mul_ladder(&r2, k, &g, c);
        bad += !(e1 == e2 && sc_eb_eq(&r1, &r2, c));
    }
    CHECK(bad == 0, "%s comb = ladder on 2^i, 2^i - 1 (%d bad)", c->name, bad);
    if (c->nbits % SC_WORD_BITS) {
        memset(k, 0, sizeof k);
        k[c->nw - 1] = (sc_word)1 << (c->nbits % SC_WORD_BITS);
        e1 = sc_eb_mul_gen(&r1, k, c);
        CHECK(e1 == SC_ERR_SCALAR && r1.inf, "%s comb refuses k >= 2^nbits", c->name);
    }
}

static int setup(cv *v, size_t i)
{
    BIGNUM *a = BN_new(), *b = BN_new(), *poly = BN_new(), *x = BN_new(), *y = BN_new(), *h = BN_new();
    const EC_POINT *og;
    int ok = 1;
    v->c = sc_eb_curve_find(curves[i].name);
    v->g = EC_GROUP_new_by_curve_name(curves[i].nid);
    if (!CHECK(v->c && v->g, "%s: curve found here and in OpenSSL", curves[i].name))
        return 0;
    v->n = BN_dup(EC_GROUP_get0_order(v->g));
    EC_GROUP_get_curve(v->g, poly, a, b, ctx);
    og = EC_GROUP_get0_generator(v->g);
    EC_POINT_get_affine_coordinates(v->g, og, x, y, ctx);
    {
        sc_eb_aff g;
        sc_word n[SC_EB_NW], hn[SC_EB_KW];
        BIGNUM *t = fe_bn(v->c->a, v->c), *u = fe_bn(v->c->b, v->c);
        sc_eb_generator(&g, v->c);
        ok &= CHECK(eq_ossl(&g, og, v->g, v->c), "%s G", v->c->name);
        ok &= CHECK(BN_cmp(t, a) == 0 && BN_cmp(u, b) == 0, "%s a, b", v->c->name);
        ok &= CHECK(v->c->a_kind == (BN_is_zero(a) ? SC_EB_A_ZERO : BN_is_one(a) ? SC_EB_A_ONE : SC_EB_A_GENERIC),
                    "%s a kind", v->c->name);
        ok &= CHECK(v->c->b_one == BN_is_one(b), "%s b = 1", v->c->name);
        ok &= CHECK(v->c->f->m == EC_GROUP_get_degree(v->g), "%s m", v->c->name);
        BN_free(t);
        BN_free(u);
        bn_scalar(n, v->n, v->c);
        ok &= CHECK(memcmp(n, v->c->n, v->c->nw * sizeof(sc_word)) == 0 && v->c->nbits == BN_num_bits(v->n),
                    "%s n", v->c->name);
        ok &= CHECK(BN_is_word(EC_GROUP_get0_cofactor(v->g), v->c->h), "%s h", v->c->name);
        BN_mul_word(t = BN_dup(v->n), v->c->h);
        memset(hn, 0, sizeof hn);
        {
            uint8_t buf[SC_FB_MAXBYTES + 8];
            int len = BN_bn2bin(t, buf);
            sc_mp_from_be(hn, v->c->hnw, buf, (size_t)len);
        }
        ok &= CHECK(memcmp(hn, v->c->hn, v->c->hnw * sizeof(sc_word)) == 0 && v->c->hnbits == BN_num_bits(t),
                    "%s h n", v->c->name);
        BN_free(t);
        ok &= CHECK(sc_eb_on_curve(&g, v->c) != 0, "%s G on curve", v->c->name);
    }
    BN_free(a);
    BN_free(b);
    BN_free(poly);
    BN_free(x);
    BN_free(y);
    BN_free(h);
    return ok;
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* median of 21 samples of batch calls each, ns per call: ladder k P, OpenSSL
 * EC_POINT_mul(NULL, P, k), sc_eb_mul_var, sc_eb_mul2_var, OpenSSL u1 G + u2 Q */
static void timing(cv *v)
{
    enum { SAMPLES = 21 };
    const sc_eb_curve *c = v->c;
    double t[5][SAMPLES], med[5];
    sc_word k[SC_EB_NW], k2[SC_EB_NW];
    BIGNUM *kb = BN_new(), *kb2 = BN_new();
    EC_POINT *op = EC_POINT_new(v->g), *o = EC_POINT_new(v->g);
    sc_eb_aff p, r;
    int s, j, batch = c->f->m > 300 ? 10 : 20;
    sc_eb_generator(&p, c);
    rand_scalar(k, kb, c->nbits, c);
    sc_eb_mul_gen(&p, k, c);
    to_ossl(op, &p, v->g, c);
    for (s = 0; s < SAMPLES; s++) {
        double t0;
        rand_scalar(k, kb, c->nbits - 1, c);
        rand_scalar(k2, kb2, c->nbits - 1, c);
        k[0] |= 1u;
        BN_set_bit(kb, 0);
        t0 = now_ns();
        for (j = 0; j < batch; j++)
            sc_eb_mul_ladder(&r, k, &p, c);
        t[0][s] = (now_ns() - t0) / batch;
        t0 = now_ns();
        for (j = 0; j < batch; j++)
            EC_POINT_mul(v->g, o, NULL, op, kb, ctx);
        t[1][s] = (now_ns() - t0) / batch;
        t0 = now_ns();
        for (j = 0; j < batch; j++)
            sc_eb_mul_var(&r, k, &p, c);
        t[2][s] = (now_ns() - t0) / batch;
        t0 = now_ns();
        for (j = 0; j < batch; j++)
            sc_eb_mul2_var(&r, k, k2, &p, c);
        t[3][s] = (now_ns() - t0) / batch;
        t0 = now_ns();
        for (j = 0; j < batch; j++)
            EC_POINT_mul(v->g, o, kb, op, kb2, ctx);
        t[4][s] = (now_ns() - t0) / batch;
    }
    for (j = 0; j < 5; j++) {
        qsort(t[j], SAMPLES, sizeof(double), cmp_d);
        med[j] = t[j][SAMPLES / 2];
    }
    printf("| %s | %.0f | %.0f | %.2f | %.0f | %.0f | %.0f |\n", c->name, med[0], med[1], med[1] / med[0], med[2],
           med[3], med[4]);
    BN_free(kb);
    BN_free(kb2);
    EC_POINT_free(op);
    EC_POINT_free(o);
}

int main(int argc, char **argv)
{
    size_t i;
    int do_timing = argc > 1 && strcmp(argv[1], "--timing") == 0;
    long cases = tu_cases(200);
    ctx = BN_CTX_new();
    tu_seed_init("eb");
    CHECK(sc_eb_curve_count() == 9 && sc_eb_curve_at(9) == NULL && !sc_eb_curve_find("sect999r1") &&
              !sc_eb_curve_find(NULL), "curve table");
    if (do_timing)
        printf("| curve | ladder k P (ns) | OpenSSL k P (ns) | OpenSSL / ladder | wNAF k P (ns) | u1 G + u2 Q (ns) | OpenSSL u1 G + u2 Q (ns) |\n"
               "|---|---:|---:|---:|---:|---:|---:|\n");
    for (i = 0; i < sizeof curves / sizeof curves[0]; i++) {
        cv v;
        long before = tu_pass, j;
        sc_eb_aff g, p, q;
        sc_word k[SC_EB_NW], k2[SC_EB_NW];
        BIGNUM *kb = BN_new(), *kb2 = BN_new();
        if (!setup(&v, i))
            continue;
        if (do_timing) {
            timing(&v);
            continue;
        }
        sc_eb_generator(&g, v.c);
        rejections(&v);
        edge_scalars(&v, NULL);
        for (j = 0; j < cases; j++) {
            /* P = j' G for a random j' (OpenSSL), then k G, k P, u1 G + u2 P */
            EC_POINT *o = EC_POINT_new(v.g);
            rand_scalar(k, kb, v.c->nbits, v.c);
            EC_POINT_mul(v.g, o, kb, NULL, NULL, ctx);
            from_ossl(&p, o, v.g, v.c);
            EC_POINT_free(o);
            if (p.inf)
                continue;
            CHECK(sc_eb_validate_var(&p, v.c) == SC_OK, "%s validate k G", v.c->name);
            rand_scalar(k, kb, v.c->nbits, v.c);
            check_mul(&v, k, kb, NULL, "k G");
            rand_scalar(k, kb, v.c->nbits, v.c);
            check_mul(&v, k, kb, &p, "k P");
            if (j % 4 == 0) {
                rand_scalar(k, kb, v.c->nbits, v.c);
                rand_scalar(k2, kb2, v.c->nbits, v.c);
                check_mul2(&v, k, kb, k2, kb2, &p, "u1 G + u2 P");
            }
            if (j < 20) {
                sc_eb_neg(&q, &g, v.c);
                add_cases(&v, &p, j % 2 ? &g : &q);
                if (j < 3)
                    edge_scalars(&v, &p);
            }
        }
        /* the double-scalar edge cases: u1 = 0, u2 = 0, u1 G + u2 Q = O */
        {
            BIGNUM *z = BN_new();
            sc_word zero[SC_EB_NW];
            memset(zero, 0, sizeof zero);
            BN_zero(z);
            rand_scalar(k, kb, v.c->nbits, v.c);
            check_mul2(&v, zero, z, k, kb, &g, "u1 = 0");
            check_mul2(&v, k, kb, zero, z, &g, "u2 = 0");
            check_mul2(&v, zero, z, zero, z, &g, "both 0");
            /* u1 G + (n - u1) G = O */
            BN_mod(kb, kb, v.n, ctx);
            bn_scalar(k, kb, v.c);
            BN_sub(kb2, v.n, kb);
            bn_scalar(k2, kb2, v.c);
            check_mul2(&v, k, kb, k2, kb2, &g, "sum O");
            /* u1 G + u1 G */
            check_mul2(&v, k, kb, k, kb, &g, "u1 G + u1 G");
            BN_free(z);
        }
        outside(&v);
        comb_scalars(&v);
        printf("%s: %ld checks\n", v.c->name, tu_pass - before);
        BN_free(kb);
        BN_free(kb2);
        EC_GROUP_free(v.g);
        BN_free(v.n);
    }
    BN_CTX_free(ctx);
    if (!do_timing)
        printf("OpenSSL EC_POINT_mul disagreed with its own additions on %ld of the order-2/4 cases\n",
               ossl_small_disagree);
    return do_timing ? 0 : tu_done("eb");
}
