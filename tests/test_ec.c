/* ec layer: sc_ec_mul (constant-time signed fixed window, every window size,
 * and the co-Z ladder sc_ec_mul_ladder: both on every build, whichever
 * sc_ec_mul picks),
 * sc_ec_mul_gen (fixed-base table) and sc_ec_mul2_var (interleaved wNAF),
 * cross-checked against OpenSSL libcrypto's EC_POINT_mul on the prime
 * curves (SEC 2 and opf*) and against each other.  With SC_EC_BENCH set in the environment it
 * also prints microseconds per operation (and OpenSSL's, same process). */
#define _POSIX_C_SOURCE 199309L
#include "ecutil.h"
#include "curves/gtab.h"
#include "ec/ec_internal.h"
#include "mp/accel.h"
#include <stdlib.h>
#include <time.h>

#ifndef SC_EC_MUL_WMAX_TEST
#  if SC_WORD_BITS >= 32
#    define SC_EC_MUL_WMAX_TEST 6
#  else
#    define SC_EC_MUL_WMAX_TEST 4
#  endif
#endif

/* result r (with status e) equals the OpenSSL point o (infinity allowed) */
static int res_eq(ectest *t, sc_err e, const sc_ep_aff *r, const EC_POINT *o)
{
    if (EC_POINT_is_at_infinity(t->grp, o))
        return e == SC_ERR_INFINITY && sc_fp_is_zero(r->x, t->c->fp) && sc_fp_is_zero(r->y, t->c->fp);
    return e == SC_OK && ect_eq(t, r, o);
}

/* the edge and random scalars every method is tried on */
static size_t scalars(ectest *t, BIGNUM **ks, size_t max)
{
    size_t n = 0, i;
    int nb = BN_num_bits(t->order);
    long r, cases = tu_cases(12);
    for (i = 1; i <= 17 && n < max; i++) {      /* 1, 2, 3, .. 17 */
        ks[n] = BN_new();
        BN_set_word(ks[n++], (BN_ULONG)i);
    }
    for (i = 1; i <= 17 && n < max; i++) {      /* n-1, n-2, .., n-17 */
        ks[n] = BN_dup(t->order);
        BN_sub_word(ks[n++], (BN_ULONG)i);
    }
    for (i = 5; i < (size_t)nb && n < max; i += 7) {   /* powers of two */
        ks[n] = BN_new();
        BN_set_bit(ks[n++], (int)i);
    }
    if (n + 4 < max) {
        /* high Hamming weight: 2^(nb-1) - 1; all ones below n's top bit and n - 2^k */
        ks[n] = BN_new();
        BN_set_bit(ks[n], nb - 1);
        BN_sub_word(ks[n++], 1);
        ks[n] = BN_new();
        BN_set_bit(ks[n], nb - 2);
        BN_sub_word(ks[n++], 1);
        ks[n] = BN_dup(t->order);
        BN_sub(ks[n], ks[n], BN_value_one());
        BN_clear_bit(ks[n++], nb / 2);
        /* low Hamming weight: 2^(nb-1) + 1 */
        ks[n] = BN_new();
        BN_set_bit(ks[n], nb - 1);
        BN_add_word(ks[n++], 1);
    }
    for (r = 0; r < cases && n < max; r++) {
        ks[n] = ect_rand_scalar(t);
        if (BN_is_zero(ks[n]))
            BN_one(ks[n]);
        n++;
    }
    return n;
}


/* The gateway's verification table of G (gtab.h, SC_GTAB_WIDE): window 0 of
 * width 8 in the field's internal form, entry t = (2t+1) G by the fixed-base
 * multiplication (its own table); sc_curve_get_info reports the width of
 * G's digits from the table verification reads (this one, else the curve's). */
static void check_gtab_wide(const sc_curve *cv)
{
    const sc_ep_curve *c = cv->ep;
    const char *nm = cv->name;
    sc_curve_info in;
    sc_curve_get_info(cv, &in);
#if SC_GTAB_WIDE
    static const struct { const char *name; const struct sc_ec_gtab *g; } wide[] = {
#if SC_CURVE_SECP160R1
        { "secp160r1", &sc_gtab_wide_secp160r1 },
#endif
#if SC_CURVE_SECP192R1
        { "secp192r1", &sc_gtab_wide_secp192r1 },
#endif
#if SC_CURVE_SECP224R1
        { "secp224r1", &sc_gtab_wide_secp224r1 },
#endif
#if SC_CURVE_SECP256R1
        { "secp256r1", &sc_gtab_wide_secp256r1 },
#endif
#if SC_CURVE_SECP256K1
        { "secp256k1", &sc_gtab_wide_secp256k1 },
#endif
#if SC_CURVE_OPF160
        { "opf160", &sc_gtab_wide_opf160 },
#endif
#if SC_CURVE_OPF192
        { "opf192", &sc_gtab_wide_opf192 },
#endif
#if SC_CURVE_OPF224
        { "opf224", &sc_gtab_wide_opf224 },
#endif
#if SC_CURVE_OPF256
        { "opf256", &sc_gtab_wide_opf256 },
#endif
        { NULL, NULL }
    };
    const struct sc_ec_gtab *g = NULL;
    const size_t nw = c->fp->nw;
    unsigned i, bad = 0;
    for (i = 0; wide[i].name; i++)
        if (strcmp(wide[i].name, nm) == 0)
            g = wide[i].g;
    CHECK(g != NULL, "%s: has the verification table of G", nm);
    if (!g)
        return;
    CHECK(g->w == 8 && g->nwin == 1 && g->npts == 128 && g->mont == c->fp->mont,
          "%s: verification table of G: one window of 128 points in the field's form", nm);
    for (i = 0; i < g->npts; i++) {
        sc_word k[SC_FP_MAXW] = { 0 };
        sc_ep_aff r;
        k[0] = 2u * i + 1u;
        if (sc_ec_mul_gen(&r, k, c) != SC_OK || memcmp(r.x, g->pts + 2 * i * nw, nw * sizeof(sc_word)) != 0 ||
            memcmp(r.y, g->pts + (2 * i + 1) * nw, nw * sizeof(sc_word)) != 0)
            bad++;
    }
    CHECK(bad == 0, "%s: verification table of G: every entry is (2t+1) G (%u wrong)", nm, bad);
    CHECK(in.mul2_g_table == 1 && in.mul2_wg == g->w + 1u, "%s: curve info: G's digits of width %u", nm,
          (unsigned)in.mul2_wg);
#else
    CHECK(!c->gtab || (in.mul2_g_table == 1 && in.mul2_wg == c->gtab->w + 1u), "%s: curve info: G's digits of width %u",
          nm, (unsigned)in.mul2_wg);
#endif
}

static void test_curve(ectest *t)
{
    const sc_ep_curve *c = t->c;
    const char *nm = t->cv->name;
    BIGNUM *ks[128], *zero = BN_new(), *v = BN_new();
    size_t nk = scalars(t, ks, 128), i;
    sc_word k[SC_FP_MAXW], k2[SC_FP_MAXW], z[SC_FP_MAXW] = { 0 };
    sc_ep_aff g, p, q, r1, r2, r3;
    EC_POINT *op = ect_rand_point(t, &p), *oq = ect_rand_point(t, &q), *o = EC_POINT_new(t->grp);
    const EC_POINT *og = EC_GROUP_get0_generator(t->grp);
    sc_err e1, e2, e3;
    unsigned w;

    sc_ep_generator(&g, c);
    if (!CHECK(op && oq, "%s: random points", nm))
        return;
    /* the group: n prime (OpenSSL's BN_check_prime) and n*G = O, i.e. (n-1)*G = -G,
     * by both the variable-base and the fixed-base multiplication */
    CHECK(BN_check_prime(t->order, t->ctx, NULL) == 1, "%s: n is prime", nm);
    {
        BIGNUM *nm1 = BN_dup(t->order);
        sc_fe ny;
        BN_sub_word(nm1, 1);
        ect_bn_to_sc(t, k, nm1);
        sc_fp_neg(ny, g.y, c->fp);
        CHECK(sc_ec_mul(&r1, k, &g, c) == SC_OK && sc_fp_eq(r1.x, g.x, c->fp) && sc_fp_eq(r1.y, ny, c->fp),
              "%s: (n-1)*G = -G (sc_ec_mul)", nm);
        CHECK(sc_ec_mul_gen(&r1, k, c) == SC_OK && sc_fp_eq(r1.x, g.x, c->fp) && sc_fp_eq(r1.y, ny, c->fp),
              "%s: (n-1)*G = -G (sc_ec_mul_gen)", nm);
        BN_free(nm1);
    }
    CHECK(c->gtab != NULL, "%s: has a fixed-base table", nm);
    if (c->gtab)   /* generated in the field's internal form (SC_GTAB_MONT_* in gtab.h vs params.c) */
        CHECK(c->gtab->mont == c->fp->mont, "%s: fixed-base table form matches the field", nm);
    check_gtab_wide(t->cv);

    for (i = 0; i < nk; i++) {
        ect_bn_to_sc(t, k, ks[i]);
        /* k*P */
        EC_POINT_mul(t->grp, o, NULL, op, ks[i], t->ctx);
        e1 = sc_ec_mul(&r1, k, &p, c);
        CHECK(res_eq(t, e1, &r1, o), "%s: mul k#%u * P", nm, (unsigned)i);
        /* both methods behind sc_ec_mul, whichever is the default of this build */
        e2 = sc_ec_mul_ladder(&r2, k, &p, c);
        CHECK(res_eq(t, e2, &r2, o), "%s: mul_ladder k#%u * P", nm, (unsigned)i);
        e2 = sc_ec_mul_fixwin_form(&r2, k, &p, c, 4, 0);
        CHECK(res_eq(t, e2, &r2, o), "%s: mul_fixwin w=4 Jacobian k#%u * P", nm, (unsigned)i);
        e2 = sc_ec_mul_fixwin_form(&r2, k, &p, c, 4, 1);
        CHECK(res_eq(t, e2, &r2, o), "%s: mul_fixwin w=4 affine k#%u * P", nm, (unsigned)i);
        r2 = p;   /* r aliasing P */
        e2 = sc_ec_mul_ladder(&r2, k, &r2, c);
        CHECK(res_eq(t, e2, &r2, o), "%s: mul_ladder k#%u * P in place", nm, (unsigned)i);
        /* k*G by all three methods against OpenSSL and each other */
        EC_POINT_mul(t->grp, o, ks[i], NULL, NULL, t->ctx);
        e1 = sc_ec_mul(&r1, k, &g, c);
        e2 = sc_ec_mul_gen(&r2, k, c);
        e3 = sc_ec_mul2_var(&r3, k, z, &q, c);
        CHECK(res_eq(t, e1, &r1, o), "%s: mul k#%u * G", nm, (unsigned)i);
        CHECK(res_eq(t, e2, &r2, o), "%s: mul_gen k#%u", nm, (unsigned)i);
        CHECK(res_eq(t, e3, &r3, o), "%s: mul2_var(k#%u, 0)", nm, (unsigned)i);
        CHECK(e1 == SC_OK && e2 == SC_OK && e3 == SC_OK && ect_aff_eq(t, &r1, &r2) && ect_aff_eq(t, &r1, &r3),
              "%s: mul(k,G) == mul_gen(k) == mul2_var(k,0) k#%u", nm, (unsigned)i);
        /* 0*G + k*Q */
        EC_POINT_mul(t->grp, o, NULL, oq, ks[i], t->ctx);
        e3 = sc_ec_mul2_var(&r3, z, k, &q, c);
        CHECK(res_eq(t, e3, &r3, o), "%s: mul2_var(0, k#%u)", nm, (unsigned)i);
        /* k*G + k'*Q with k' the next scalar */
        ect_bn_to_sc(t, k2, ks[(i + 1) % nk]);
        EC_POINT_mul(t->grp, o, ks[i], oq, ks[(i + 1) % nk], t->ctx);
        e3 = sc_ec_mul2_var(&r3, k, k2, &q, c);
        CHECK(res_eq(t, e3, &r3, o), "%s: mul2_var(k#%u, k#%u)", nm, (unsigned)i, (unsigned)((i + 1) % nk));
    }

    /* every window size of the variable-base method on a few scalars */
    for (w = 2; w <= SC_EC_MUL_WMAX_TEST; w++) {
        size_t idx[] = { 0, 1, 2, 17, 18, 19, nk - 1, nk - 2 };
        for (i = 0; i < sizeof idx / sizeof idx[0]; i++) {
            ect_bn_to_sc(t, k, ks[idx[i]]);
            EC_POINT_mul(t->grp, o, NULL, op, ks[idx[i]], t->ctx);
            e1 = sc_ec_mul_fixwin(&r1, k, &p, c, w);
            CHECK(res_eq(t, e1, &r1, o), "%s: mul w=%u k#%u", nm, w, (unsigned)idx[i]);
            /* both table forms, whichever is the default */
            e1 = sc_ec_mul_fixwin_form(&r1, k, &p, c, w, 0);
            CHECK(res_eq(t, e1, &r1, o), "%s: mul w=%u Jacobian table k#%u", nm, w, (unsigned)idx[i]);
            e1 = sc_ec_mul_fixwin_form(&r1, k, &p, c, w, 1);
            CHECK(res_eq(t, e1, &r1, o), "%s: mul w=%u affine table k#%u", nm, w, (unsigned)idx[i]);
        }
    }
    CHECK(sc_ec_mul_fixwin(&r1, k, &p, c, 1) == SC_ERR_ARG, "%s: w=1 rejected", nm);
    CHECK(sc_ec_mul_fixwin(&r1, k, &p, c, SC_EC_MUL_WMAX_TEST + 1) == SC_ERR_ARG, "%s: w too large rejected", nm);

    /* the ladder on a point with x = 0 (where b is a square: secp160r1, P-192,
     * P-256), whose final Z it cannot recover from x: through (k/2)(2P) */
    {
        sc_ep_aff p0;
        sc_fe zx = { 0 };
        if (sc_ep_decompress_var(&p0, zx, 0, c) == SC_OK) {
            EC_POINT *o0 = ect_to_ossl(t, &p0);
            for (i = 0; i < nk && o0; i += 3) {
                ect_bn_to_sc(t, k, ks[i]);
                EC_POINT_mul(t->grp, o, NULL, o0, ks[i], t->ctx);
                e1 = sc_ec_mul_ladder(&r1, k, &p0, c);
                CHECK(res_eq(t, e1, &r1, o), "%s: mul_ladder k#%u * (0, y)", nm, (unsigned)i);
                e1 = sc_ec_mul(&r1, k, &p0, c);
                CHECK(res_eq(t, e1, &r1, o), "%s: mul k#%u * (0, y)", nm, (unsigned)i);
            }
            CHECK(o0 != NULL, "%s: (0, y) to OpenSSL", nm);
            EC_POINT_free(o0);
        }
    }

    /* zero scalars: infinity */
    e1 = sc_ec_mul(&r1, z, &p, c);
    CHECK(e1 == SC_ERR_INFINITY && sc_fp_is_zero(r1.x, c->fp) && sc_fp_is_zero(r1.y, c->fp), "%s: 0*P", nm);
    e1 = sc_ec_mul_ladder(&r1, z, &p, c);
    CHECK(e1 == SC_ERR_INFINITY && sc_fp_is_zero(r1.x, c->fp) && sc_fp_is_zero(r1.y, c->fp), "%s: 0*P (ladder)", nm);
    e1 = sc_ec_mul_fixwin(&r1, z, &p, c, 4);
    CHECK(e1 == SC_ERR_INFINITY && sc_fp_is_zero(r1.x, c->fp) && sc_fp_is_zero(r1.y, c->fp), "%s: 0*P (fixwin)", nm);
    e2 = sc_ec_mul_gen(&r2, z, c);
    CHECK(e2 == SC_ERR_INFINITY && sc_fp_is_zero(r2.x, c->fp), "%s: 0*G", nm);
    e3 = sc_ec_mul2_var(&r3, z, z, &q, c);
    CHECK(e3 == SC_ERR_INFINITY, "%s: 0*G + 0*Q", nm);

    /* u1*G + u2*Q = infinity: Q = G, u2 = n - u1; and Q = -G, u2 = u1; and the doubling case Q = G, u2 = u1 */
    for (i = 0; i < nk; i += 5) {
        sc_ep_aff ng;
        ect_bn_to_sc(t, k, ks[i]);
        BN_sub(v, t->order, ks[i]);
        ect_bn_to_sc(t, k2, v);
        e3 = sc_ec_mul2_var(&r3, k, k2, &g, c);
        CHECK(e3 == SC_ERR_INFINITY, "%s: k*G + (n-k)*G = inf, k#%u", nm, (unsigned)i);
        sc_ep_neg_aff(&ng, &g, c);
        e3 = sc_ec_mul2_var(&r3, k, k, &ng, c);
        CHECK(e3 == SC_ERR_INFINITY, "%s: k*G + k*(-G) = inf, k#%u", nm, (unsigned)i);
        BN_mod_add(v, ks[i], ks[i], t->order, t->ctx);
        EC_POINT_mul(t->grp, o, v, NULL, NULL, t->ctx);
        e3 = sc_ec_mul2_var(&r3, k, k, &g, c);
        CHECK(res_eq(t, e3, &r3, o), "%s: k*G + k*G, k#%u", nm, (unsigned)i);
    }

    /* round trip through a chain: k2*(k1*G) == (k1*k2)*G */
    for (i = 0; i + 1 < nk; i += 9) {
        ect_bn_to_sc(t, k, ks[i]);
        ect_bn_to_sc(t, k2, ks[i + 1]);
        e1 = sc_ec_mul_gen(&r1, k, c);
        e2 = sc_ec_mul(&r2, k2, &r1, c);
        BN_mod_mul(v, ks[i], ks[i + 1], t->order, t->ctx);
        EC_POINT_mul(t->grp, o, v, NULL, NULL, t->ctx);
        CHECK(e1 == SC_OK && res_eq(t, e2, &r2, o), "%s: k2*(k1*G), k#%u", nm, (unsigned)i);
    }
    (void)og;

    for (i = 0; i < nk; i++)
        BN_free(ks[i]);
    BN_free(zero);
    BN_free(v);
    EC_POINT_free(op);
    EC_POINT_free(oq);
    EC_POINT_free(o);
}

/* x(R) mod n = r decided in Jacobian coordinates (sc_ec_mul2_jac_var +
 * sc_ec_jac_x_eq_var, ECDSA verification's final check on the gateway)
 * against the affine x of sc_ec_mul2_var reduced mod n by OpenSSL's BIGNUMs:
 * the Jacobian sum is the affine one, and the verdict is 1 for r = x(R) mod n
 * and 0 for its neighbours, on the edge and random scalars.  Then the cases
 * the real curves do not reach by chance, on Jacobian (X : Y : Z) built from
 * chosen x and random Z (the comparison reads X and Z only, so the point need
 * not be on the curve): where n < p, x in [n, p) matches r = x - n and not
 * r = x - n + 1; where n > p (secp160r1), an r in [p, n) matches nothing;
 * infinity matches nothing. */
static void test_xeq(ectest *t)
{
    const sc_ep_curve *c = t->c;
    const sc_fp_field *f = c->fp;
    const char *nm = t->cv->name;
    BIGNUM *ks[64], *x = BN_new(), *v = BN_new(), *p = BN_new(), *zb = BN_new();
    size_t nk = scalars(t, ks, 64), i;
    sc_word k[SC_FP_MAXW], k2[SC_FP_MAXW], rr[SC_FP_MAXW];
    sc_ep_aff q, ra, tmp;
    sc_ep_jac rj;
    EC_POINT *oq = ect_rand_point(t, &q);
    uint8_t b[SC_FP_MAXBYTES];
    sc_err ea, ej;

    if (!CHECK(oq && x && v && p && zb, "%s: xeq setup", nm))
        return;
    EC_GROUP_get_curve(t->grp, p, NULL, NULL, t->ctx);
    for (i = 0; i < nk; i++) {
        ect_bn_to_sc(t, k, ks[i]);
        ect_bn_to_sc(t, k2, ks[(i + 3) % nk]);
        ea = sc_ec_mul2_var(&ra, k, k2, &q, c);
        ej = sc_ec_mul2_jac_var(&rj, k, k2, &q, c);
        CHECK(ea == ej, "%s: mul2_jac_var status k#%u", nm, (unsigned)i);
        if (ea != SC_OK)
            continue;
        CHECK(sc_ep_jac_to_aff_var(&tmp, &rj, c) == SC_OK && ect_aff_eq(t, &tmp, &ra),
              "%s: mul2_jac_var = mul2_var k#%u", nm, (unsigned)i);
        sc_fp_to_bytes(b, ra.x, f);
        BN_bin2bn(b, (int)t->flen, x);
        BN_nnmod(v, x, t->order, t->ctx);                  /* x(R) mod n */
        ect_bn_to_sc(t, rr, v);
        CHECK(sc_ec_jac_x_eq_var(&rj, rr, c) == 1, "%s: x(R) mod n = r k#%u", nm, (unsigned)i);
        BN_add_word(v, 1);
        BN_nnmod(v, v, t->order, t->ctx);
        ect_bn_to_sc(t, rr, v);
        CHECK(sc_ec_jac_x_eq_var(&rj, rr, c) == 0, "%s: x(R) mod n != r + 1 k#%u", nm, (unsigned)i);
        BN_sub_word(v, 2);
        BN_nnmod(v, v, t->order, t->ctx);
        ect_bn_to_sc(t, rr, v);
        CHECK(sc_ec_jac_x_eq_var(&rj, rr, c) == 0, "%s: x(R) mod n != r - 1 k#%u", nm, (unsigned)i);
    }
    /* constructed: (X : Y : Z) = (x Z^2 : 1 : Z), Z random nonzero */
    for (i = 0; i < 16; i++) {
        sc_fe zc, xc;
        int below = BN_cmp(t->order, p) < 0;
        BN_rand_range(zb, p);
        if (BN_is_zero(zb))
            BN_one(zb);
        if (below) {                        /* x in [n, p): x = n + d, d < p - n */
            BN_sub(v, p, t->order);
            BN_rand_range(x, v);
            if (i == 0)
                BN_zero(x);                 /* x = n */
            if (i == 1) {                   /* x = p - 1 */
                BN_copy(x, v);
                BN_sub_word(x, 1);
            }
            BN_add(x, x, t->order);
        } else {                            /* n > p: any x below p */
            BN_rand_range(x, p);
        }
        memset(&rj, 0, sizeof rj);
        BN_bn2binpad(zb, b, (int)t->flen);
        sc_fp_from_bytes(zc, b, t->flen, f);
        BN_bn2binpad(x, b, (int)t->flen);
        sc_fp_from_bytes(xc, b, t->flen, f);
        sc_fp_sqr(rj.x, zc, f);
        sc_fp_mul(rj.x, rj.x, xc, f);
        sc_fp_set_one(rj.y, f);
        sc_fp_copy(rj.z, zc, f);
        BN_nnmod(v, x, t->order, t->ctx);   /* x - n where x >= n */
        ect_bn_to_sc(t, rr, v);
        CHECK(sc_ec_jac_x_eq_var(&rj, rr, c) == 1, "%s: constructed x, r = x mod n, case %u", nm, (unsigned)i);
        BN_add_word(v, 1);
        BN_nnmod(v, v, t->order, t->ctx);
        ect_bn_to_sc(t, rr, v);
        CHECK(sc_ec_jac_x_eq_var(&rj, rr, c) == 0, "%s: constructed x, r = x mod n + 1, case %u", nm, (unsigned)i);
        if (!below) {                       /* r in [p, n) matches no x below p */
            BN_sub(v, t->order, p);
            BN_rand_range(v, v);
            BN_add(v, v, p);
            ect_bn_to_sc(t, rr, v);
            CHECK(sc_ec_jac_x_eq_var(&rj, rr, c) == 0, "%s: r in [p, n) refused, case %u", nm, (unsigned)i);
        }
        sc_fp_set_zero(rj.z, f);            /* infinity */
        BN_nnmod(v, x, t->order, t->ctx);
        ect_bn_to_sc(t, rr, v);
        CHECK(sc_ec_jac_x_eq_var(&rj, rr, c) == 0, "%s: infinity matches no r, case %u", nm, (unsigned)i);
    }
    for (i = 0; i < nk; i++)
        BN_free(ks[i]);
    BN_free(x);
    BN_free(v);
    BN_free(p);
    BN_free(zb);
    EC_POINT_free(oq);
}

/* The wMOF digits of sc_ec_mul2_var (sc_ec_mof_digits_var) against a
 * reference written here from the definition, bit by bit: d_t = k_(t-1) -
 * k_t; from the top, a window opens at the next nonzero d_i, spans w
 * positions and closes at its lowest nonzero d_j, whose digit is the value
 * sum_{t=j..i} d_t 2^(t-j).  Same digits on edge and random scalars of 1 ..
 * SC_FP_MAXW words, every width 2 .. 8; and the digits' own properties: odd,
 * |d| <= 2^(w-1) - 1, sum d_t 2^t = k (OpenSSL's BIGNUMs). */
static int ref_bit(const sc_word *k, size_t nw, long i)
{
    if (i < 0 || (size_t)i >= nw * SC_WORD_BITS)
        return 0;
    return (int)((k[(size_t)i / SC_WORD_BITS] >> ((size_t)i % SC_WORD_BITS)) & 1u);
}

static void ref_mof(int8_t *out, const sc_word *k, size_t nw, unsigned w)
{
    long i = (long)(nw * SC_WORD_BITS), j, t;
    memset(out, 0, nw * SC_WORD_BITS + 1);
    for (;;) {
        int v = 0;
        while (i >= 0 && ref_bit(k, nw, i - 1) - ref_bit(k, nw, i) == 0)
            i--;
        if (i < 0)
            return;
        j = i - (long)w + 1 < 0 ? 0 : i - (long)w + 1;
        while (ref_bit(k, nw, j - 1) - ref_bit(k, nw, j) == 0)
            j++;
        for (t = i; t >= j; t--)
            v = 2 * v + (ref_bit(k, nw, t - 1) - ref_bit(k, nw, t));
        out[j] = (int8_t)v;
        i = j - 1;
    }
}

static void test_mof(void)
{
    enum { MAXB = SC_FP_MAXW * SC_WORD_BITS + 1 };
    int8_t got[MAXB], want[MAXB];
    sc_word k[SC_FP_MAXW];
    size_t nw, t, len;
    long r;
    unsigned w;
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *sum = BN_new(), *kb = BN_new(), *term = BN_new();
    uint8_t be[SC_FP_MAXW * sizeof(sc_word)];
    for (nw = 1; nw <= SC_FP_MAXW; nw++)
        for (r = 0; r < 40 + tu_cases(60); r++) {
            size_t i;
            for (i = 0; i < nw; i++) {
                switch (r) {
                case 0: k[i] = 0; break;
                case 1: k[i] = i ? 0 : 1; break;
                case 2: k[i] = (sc_word)~(sc_word)0; break;
                case 3: k[i] = (sc_word)0x5555555555555555ULL; break;
                case 4: k[i] = (sc_word)0xaaaaaaaaaaaaaaaaULL; break;
                case 5: k[i] = i + 1 == nw ? (sc_word)((sc_word)1 << (SC_WORD_BITS - 1)) : 0; break;
                case 6: k[i] = (sc_word)0x0f0f0f0f0f0f0f0fULL; break;
                case 7: k[i] = (sc_word)0x3838383838383838ULL; break;
                default:
                    k[i] = (sc_word)tu_rand64();
                    if (r & 1)      /* long runs of equal bits */
                        k[i] &= (sc_word)tu_rand64() & (sc_word)tu_rand64();
                    if (r & 2)
                        k[i] |= (sc_word)tu_rand64() | (sc_word)tu_rand64();
                }
            }
            for (w = 2; w <= 8; w++) {
                int ok = 1;
                len = sc_ec_mof_digits_var(got, sizeof got, k, nw, w);
                ref_mof(want, k, nw, w);
                CHECK(memcmp(got, want, nw * SC_WORD_BITS + 1) == 0, "mof: digits = reference, nw %zu w %u case %ld",
                      nw, w, r);
                BN_zero(sum);
                for (t = 0; t < nw * SC_WORD_BITS + 1; t++) {
                    int d = got[t];
                    if (!d)
                        continue;
                    ok &= (d & 1) && d <= (1 << (w - 1)) - 1 && d >= -((1 << (w - 1)) - 1) && t < len;
                    BN_set_word(term, (BN_ULONG)(d < 0 ? -d : d));
                    BN_lshift(term, term, (int)t);
                    if (d < 0)
                        BN_sub(sum, sum, term);
                    else
                        BN_add(sum, sum, term);
                }
                sc_mp_to_be(be, nw * sizeof(sc_word), k, nw);
                BN_bin2bn(be, (int)(nw * sizeof(sc_word)), kb);
                CHECK(ok && BN_cmp(sum, kb) == 0 && (len == 0) == (BN_is_zero(kb) != 0) && (len == 0 || got[len - 1]),
                      "mof: odd digits below 2^(w-1), sum = k, nw %zu w %u case %ld", nw, w, r);
            }
        }
    CHECK(sc_ec_mof_digits_var(got, SC_WORD_BITS, k, 1, 4) == 0, "mof: short output refused");
    BN_free(sum);
    BN_free(kb);
    BN_free(term);
    BN_CTX_free(ctx);
}

/* sc words (nw) -> BIGNUM */
static BIGNUM *words_to_bn(ectest *t, const sc_word *w)
{
    uint8_t b[SC_FP_MAXBYTES];
    sc_mp_to_be(b, t->nlen, w, t->c->fn->nw);
    return BN_bin2bn(b, (int)t->nlen, NULL);
}

/* GLV (secp256k1): sc_ec_mul2_var and sc_ec_mul against OpenSSL and against
 * the same curve with a_kind = GENERIC (no GLV data is found for it, so it
 * runs the plain methods), on scalars that stress the split: 0, 1, n-1,
 * lambda and its small multiples (k1 = 0), small scalars (k2 = 0), scalars
 * at the rounding boundaries of c1 = round(k*b2/n) and c2 = round(-k*b1/n),
 * and random ones; plus sums that cancel through the endomorphism.  The
 * double-scalar products also run on the curve without its fixed-base table
 * (G's odd multiples built on the stack, as Q's). */
static void test_glv(ectest *t)
{
    const struct sc_ec_glv *gl = &sc_glv_secp256k1;
    sc_ep_curve plain, nogt;
    BIGNUM *ks[160], *lam, *b2, *mb1, *v, *w;
    size_t nk = 0, i;
    long j;
    sc_word k[SC_FP_MAXW], k2[SC_FP_MAXW], z[SC_FP_MAXW] = { 0 };
    sc_ep_aff g, lg, p, q, r1, r2;
    EC_POINT *op, *oq, *o;
    sc_err e1, e2;

    if (strcmp(t->cv->name, "secp256k1") != 0)
        return;
    o = EC_POINT_new(t->grp);
    v = BN_new();
    w = BN_new();
    plain = *t->c;
    plain.a_kind = SC_EP_A_GENERIC;
    nogt = *t->c;
    nogt.gtab = NULL;
    op = ect_rand_point(t, &p);
    oq = ect_rand_point(t, &q);
    lam = words_to_bn(t, gl->lambda);
    b2 = words_to_bn(t, gl->b2);
    mb1 = words_to_bn(t, gl->mb1);
    sc_ep_generator(&g, t->c);

    CHECK(sc_ec_mul_glv(&r1, k2, &p, &plain) == SC_ERR_UNSUPPORTED && sc_fp_is_zero(r1.x, t->c->fp),
          "glv: mul_glv refuses a curve without GLV data");

    /* lambda*G = (beta*Gx, Gy) through the library */
    ect_bn_to_sc(t, k, lam);
    e1 = sc_ec_mul_gen(&lg, k, t->c);
    {
        sc_fe beta, bx;
        sc_fp_from_canon(beta, gl->beta, t->c->fp);
        sc_fp_mul(bx, beta, g.x, t->c->fp);
        CHECK(e1 == SC_OK && sc_fp_eq(bx, lg.x, t->c->fp) && sc_fp_eq(g.y, lg.y, t->c->fp),
              "glv: lambda*G == (beta*Gx, Gy)");
    }

#define ADDK(expr)                                                                                                  do {                                                                                                                if (nk < sizeof ks / sizeof ks[0]) {                                                                                ks[nk] = BN_new();                                                                                              expr;                                                                                                           BN_nnmod(ks[nk], ks[nk], t->order, t->ctx);                                                                     nk++;                                                                                                       }                                                                                                           } while (0)
    ADDK(BN_zero(ks[nk]));
    ADDK(BN_one(ks[nk]));
    ADDK(BN_sub(ks[nk], t->order, BN_value_one()));
    ADDK(BN_copy(ks[nk], lam));
    ADDK(BN_sub(ks[nk], t->order, lam));
    ADDK(BN_add(ks[nk], lam, BN_value_one()));
    ADDK(BN_sub(ks[nk], lam, BN_value_one()));
    ADDK(BN_mod_sqr(ks[nk], lam, t->order, t->ctx));
    for (j = 2; j <= 9; j++) {
        ADDK((BN_set_word(w, (BN_ULONG)j), BN_mod_mul(ks[nk], lam, w, t->order, t->ctx)));  /* k1 = 0 */
        ADDK((BN_set_word(w, (BN_ULONG)j), BN_mod_mul(ks[nk], lam, w, t->order, t->ctx),
              BN_sub(ks[nk], t->order, ks[nk])));                                              /* -j*lambda */
        ADDK(BN_set_word(ks[nk], (BN_ULONG)j));                                                 /* k2 = 0 */
    }
    ADDK((BN_set_word(w, 1), BN_lshift(w, w, 128), BN_mod_mul(ks[nk], lam, w, t->order, t->ctx)));
    ADDK((BN_one(ks[nk]), BN_lshift(ks[nk], ks[nk], 128)));
    ADDK((BN_one(ks[nk]), BN_lshift(ks[nk], ks[nk], 128), BN_sub_word(ks[nk], 1)));
    /* rounding boundaries: k ~ (2m+1)*n / (2*b) for b = b2, -b1, and k +- 1 */
    for (j = 0; j < 8; j++) {
        BIGNUM *bb = (j & 1) ? mb1 : b2;
        BIGNUM *mm = ect_rand_scalar(t);
        int d;
        BN_nnmod(mm, mm, bb, t->ctx);
        if (j < 2)
            BN_set_word(mm, (BN_ULONG)j);
        BN_lshift1(mm, mm);
        BN_add_word(mm, 1);
        BN_mul(v, mm, t->order, t->ctx);
        BN_lshift1(w, bb);
        BN_div(v, NULL, v, w, t->ctx);
        for (d = -1; d <= 1; d++)
            ADDK((BN_copy(ks[nk], v), d < 0 ? BN_sub_word(ks[nk], 1) : d > 0 ? BN_add_word(ks[nk], 1) : 1));
        BN_free(mm);
    }
#undef ADDK
    for (j = 0; j < tu_cases(40) && nk < sizeof ks / sizeof ks[0]; j++)
        ks[nk++] = ect_rand_scalar(t);

    for (i = 0; i < nk; i++) {
        const BIGNUM *kb = ks[i], *kb2 = ks[(i * 7 + 3) % nk];
        ect_bn_to_sc(t, k, kb);
        ect_bn_to_sc(t, k2, kb2);
        /* k*G, k*Q, k*G + k'*Q */
        EC_POINT_mul(t->grp, o, kb, NULL, NULL, t->ctx);
        e1 = sc_ec_mul2_var(&r1, k, z, &q, t->c);
        e2 = sc_ec_mul2_var(&r2, k, z, &q, &plain);
        CHECK(res_eq(t, e1, &r1, o) && res_eq(t, e2, &r2, o), "glv: mul2_var(k#%u, 0)", (unsigned)i);
        e2 = sc_ec_mul2_var(&r2, k, z, &q, &nogt);
        CHECK(res_eq(t, e2, &r2, o), "glv: mul2_var(k#%u, 0) without the table of G", (unsigned)i);
        EC_POINT_mul(t->grp, o, NULL, oq, kb, t->ctx);
        e1 = sc_ec_mul2_var(&r1, z, k, &q, t->c);
        e2 = sc_ec_mul2_var(&r2, z, k, &q, &plain);
        CHECK(res_eq(t, e1, &r1, o) && res_eq(t, e2, &r2, o), "glv: mul2_var(0, k#%u)", (unsigned)i);
        e2 = sc_ec_mul2_var(&r2, z, k, &q, &nogt);
        CHECK(res_eq(t, e2, &r2, o), "glv: mul2_var(0, k#%u) without the table of G", (unsigned)i);
        EC_POINT_mul(t->grp, o, kb, oq, kb2, t->ctx);
        e1 = sc_ec_mul2_var(&r1, k, k2, &q, t->c);
        e2 = sc_ec_mul2_var(&r2, k, k2, &q, &plain);
        CHECK(res_eq(t, e1, &r1, o) && res_eq(t, e2, &r2, o), "glv: mul2_var(k#%u, k')", (unsigned)i);
        e2 = sc_ec_mul2_var(&r2, k, k2, &q, &nogt);
        CHECK(res_eq(t, e2, &r2, o), "glv: mul2_var(k#%u, k') without the table of G", (unsigned)i);
        /* k*P (variable base) */
        EC_POINT_mul(t->grp, o, NULL, op, kb, t->ctx);
        e1 = sc_ec_mul(&r1, k, &p, t->c);
        e2 = sc_ec_mul(&r2, k, &p, &plain);
        CHECK(res_eq(t, e1, &r1, o) && res_eq(t, e2, &r2, o), "glv: mul(k#%u, P)", (unsigned)i);
        /* the GLV k*P itself (sc_ec_mul's method on the gateway, here on every
         * width), with the field kernels on and off, and against the plain
         * fixed window on k*G as well */
        {
            int mode;
#ifdef SC_MP_HAVE_MULX
            const int ms = atomic_load(&sc_mp_mulx_state), fs = atomic_load(&sc_mp_fused_state);
#endif
            for (mode = 0; mode < 2; mode++) {
                sc_mp_set_accel(mode == 0);
                e1 = sc_ec_mul_glv(&r1, k, &p, t->c);
                CHECK(res_eq(t, e1, &r1, o), "glv: mul_glv(k#%u, P), kernels %s", (unsigned)i,
                      mode == 0 ? "on" : "off");
            }
#ifdef SC_MP_HAVE_MULX
            atomic_store(&sc_mp_mulx_state, ms);     /* the build's defaults again */
            atomic_store(&sc_mp_fused_state, fs);
#endif
            e1 = sc_ec_mul_glv(&r1, k, &g, t->c);
            e2 = sc_ec_mul_fixwin_form(&r2, k, &g, t->c, 4, 0);
            CHECK((e2 == SC_OK || e2 == SC_ERR_INFINITY) && e1 == e2 && sc_fp_eq(r1.x, r2.x, t->c->fp) &&
                      sc_fp_eq(r1.y, r2.y, t->c->fp),
                  "glv: mul_glv(k#%u, G) == mul_fixwin(k#%u, G)", (unsigned)i, (unsigned)i);
        }
        /* cancellation through phi: k*G + (n - k*lambda^-1)*(lambda*G) = infinity, i.e.
         * u1 = k, u2 = -k/lambda with Q = lambda*G; and k*G + k*Q with Q = G */
        BN_mod_inverse(v, lam, t->order, t->ctx);
        BN_mod_mul(v, v, kb, t->order, t->ctx);
        BN_sub(v, t->order, v);
        BN_nnmod(v, v, t->order, t->ctx);
        ect_bn_to_sc(t, k2, v);
        e1 = sc_ec_mul2_var(&r1, k, k2, &lg, t->c);
        CHECK(e1 == SC_ERR_INFINITY, "glv: k*G - k*lambda^-1*(lambda*G) = inf, k#%u", (unsigned)i);
        BN_mod_add(v, kb, kb2, t->order, t->ctx);
        EC_POINT_mul(t->grp, o, v, NULL, NULL, t->ctx);
        ect_bn_to_sc(t, k2, kb2);
        e1 = sc_ec_mul2_var(&r1, k, k2, &g, t->c);
        CHECK(res_eq(t, e1, &r1, o), "glv: k*G + k'*G, k#%u", (unsigned)i);
    }
    for (i = 0; i < nk; i++)
        BN_free(ks[i]);
    BN_free(lam);
    BN_free(b2);
    BN_free(mb1);
    BN_free(v);
    BN_free(w);
    EC_POINT_free(op);
    EC_POINT_free(oq);
    EC_POINT_free(o);
}

/* Known answers: k*G from point-at-infinity.org (tests/vectors/pycryptodome,
 * see SOURCES.md there) for P-192, P-224, P-256, by all three methods. */
static void test_kat(ectest *t)
{
    static const char *files[][2] = { { "secp192r1", "pycryptodome/point-at-infinity.org-P192.txt" },
                                      { "secp224r1", "pycryptodome/point-at-infinity.org-P224.txt" },
                                      { "secp256r1", "pycryptodome/point-at-infinity.org-P256.txt" } };
    const char *fn = NULL;
    char line[512];
    size_t i;
    int nvec = 0;
    BIGNUM *k = NULL;
    sc_word kw[SC_FP_MAXW], z[SC_FP_MAXW] = { 0 };
    sc_ep_aff want, r1, r2, r3, g;
    FILE *fp;
    for (i = 0; i < 3; i++)
        if (strcmp(t->cv->name, files[i][0]) == 0)
            fn = files[i][1];
    if (!fn)
        return;
    fp = fopen(tu_vector(fn), "r");
    if (!CHECK(fp != NULL, "open %s", fn))
        return;
    sc_ep_generator(&g, t->c);
    while (fgets(line, sizeof line, fp)) {
        uint8_t b[SC_FP_MAXBYTES];
        char *v = strchr(line, '=');
        size_t L;
        if (line[0] == '#' || !v)
            continue;
        v++;
        while (*v == ' ')
            v++;
        L = strlen(v);
        while (L && (v[L - 1] == '\n' || v[L - 1] == '\r'))
            v[--L] = 0;
        if (line[0] == 'k') {
            BN_free(k);
            k = NULL;
            BN_dec2bn(&k, v);
        } else if (line[0] == 'x') {
            CHECK(tu_hex(b, sizeof b, v) == (long)t->flen && sc_fp_from_bytes(want.x, b, t->flen, t->c->fp) == SC_OK,
                  "%s: parse x", fn);
        } else if (line[0] == 'y') {
            sc_err e1, e2, e3;
            CHECK(tu_hex(b, sizeof b, v) == (long)t->flen && sc_fp_from_bytes(want.y, b, t->flen, t->c->fp) == SC_OK,
                  "%s: parse y", fn);
            ect_bn_to_sc(t, kw, k);
            e1 = sc_ec_mul(&r1, kw, &g, t->c);
            e2 = sc_ec_mul_gen(&r2, kw, t->c);
            e3 = sc_ec_mul2_var(&r3, kw, z, &g, t->c);
            CHECK(e1 == SC_OK && ect_aff_eq(t, &r1, &want), "%s: KAT mul #%d", fn, nvec);
            CHECK(e2 == SC_OK && ect_aff_eq(t, &r2, &want), "%s: KAT mul_gen #%d", fn, nvec);
            CHECK(e3 == SC_OK && ect_aff_eq(t, &r3, &want), "%s: KAT mul2_var #%d", fn, nvec);
            nvec++;
        }
    }
    fclose(fp);
    BN_free(k);
    CHECK(nvec >= 50, "%s: %d vectors read", fn, nvec);
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* microseconds per operation (best of 9 runs of iters), seacurve and OpenSSL */
static void bench_curve(ectest *t, int iters)
{
    const sc_ep_curve *c = t->c;
    sc_word k[SC_FP_MAXW], k2[SC_FP_MAXW];
    sc_ep_aff p, q, r;
    BIGNUM *bk = ect_rand_scalar(t), *bk2 = ect_rand_scalar(t);
    EC_POINT *op = ect_rand_point(t, &p), *oq = ect_rand_point(t, &q), *o = EC_POINT_new(t->grp);
    double best[6] = { 1e30, 1e30, 1e30, 1e30, 1e30, 1e30 };
    int rep, i, m;
    ect_bn_to_sc(t, k, bk);
    ect_bn_to_sc(t, k2, bk2);
    for (rep = 0; rep < 9; rep++) {
        for (m = 0; m < 6; m++) {
            double t0 = now_us(), dt;
            for (i = 0; i < iters; i++) {
                switch (m) {
                case 0: sc_ec_mul(&r, k, &p, c); break;
                case 1: sc_ec_mul_gen(&r, k, c); break;
                case 2: sc_ec_mul2_var(&r, k, k2, &q, c); break;
                case 3: EC_POINT_mul(t->grp, o, NULL, op, bk, t->ctx); break;
                case 4: EC_POINT_mul(t->grp, o, bk, NULL, NULL, t->ctx); break;
                default: EC_POINT_mul(t->grp, o, bk, oq, bk2, t->ctx); break;
                }
            }
            dt = (now_us() - t0) / iters;
            if (dt < best[m])
                best[m] = dt;
        }
    }
    printf("bench %-9s W=%d: mul %8.1f us (OpenSSL %8.1f, x%.1f)  mul_gen %8.1f us (OpenSSL %8.1f, x%.1f)"
           "  mul2_var %8.1f us (OpenSSL %8.1f, x%.1f)\n",
           t->cv->name, SC_WORD_BITS, best[0], best[3], best[3] / best[0], best[1], best[4], best[4] / best[1],
           best[2], best[5], best[5] / best[2]);
    BN_free(bk);
    BN_free(bk2);
    EC_POINT_free(op);
    EC_POINT_free(oq);
    EC_POINT_free(o);
}

int main(void)
{
    size_t i;
    const char *b = getenv("SC_EC_BENCH");
    tu_seed_init("ec");
    test_mof();
    for (i = 0; i < sc_curve_prime_count(); i++) {
        ectest t;
        if (tu_opf_skip(sc_curve_at(i)->name))
            continue;
        if (!CHECK(ect_init(&t, i), "OpenSSL group for curve %u", (unsigned)i))
            continue;
        test_curve(&t);
        test_xeq(&t);
        test_glv(&t);
        test_kat(&t);
        if (b)
            bench_curve(&t, atoi(b) > 0 ? atoi(b) : 200);
        ect_free(&t);
    }
#if SC_WORD_BITS == 64
    /* once more with the x86-64 kernels off (sc_mp_set_accel: the AVX2 table
     * scan, the MULX field code): the portable scans of src/ec/ec.c against
     * OpenSSL and the other methods */
    sc_mp_set_accel(0);
    for (i = 0; i < sc_curve_prime_count(); i++) {
        ectest t;
        if (tu_opf_skip(sc_curve_at(i)->name))
            continue;
        if (!CHECK(ect_init(&t, i), "OpenSSL group for curve %u", (unsigned)i))
            continue;
        test_curve(&t);
        ect_free(&t);
    }
#endif
    return tu_done("ec");
}
