/* ep layer: point formulas (dbl-2001-b, dbl-2009-l, dbl-2007-bl, madd-2007-bl,
 * add-2007-bl) and their constant-time special cases, cross-checked against
 * OpenSSL libcrypto's EC_POINT_add / EC_POINT_dbl on the prime curves (SEC 2 and opf*),
 * with the x86-64 kernels on and off (sc_mp_set_accel); and the P-256, P-224,
 * secp256k1, P-192 and secp160r1 point routines of port/x86_64/ep_p256_mulx.c,
 * ep_p224_mulx.c, ep_k1_mulx.c, ep_p192_mulx.c and ep_secp160r1_mulx.c
 * (reached with the kernels on) against the generic formulas (kernels off),
 * coordinate for coordinate. */
#include "ecutil.h"
#include "ep/ep_internal.h"
#include <seacurve/util.h>

/* random nonzero field element */
static void rand_fe(ectest *t, sc_word *z)
{
    uint8_t b[SC_FP_MAXBYTES + 16];
    do {
        tu_rand_bytes(b, t->flen + 8);
        sc_fp_from_bytes_reduce(z, b, t->flen + 8, t->c->fp);
    } while (sc_fp_is_zero(z, t->c->fp));
}

/* the same point in Jacobian coordinates with a random Z (X = x Z^2, Y = y Z^3) */
static void rand_jac(ectest *t, sc_ep_jac *r, const sc_ep_aff *p)
{
    const sc_fp_field *f = t->c->fp;
    sc_fe z2;
    rand_fe(t, r->z);
    sc_fp_sqr(z2, r->z, f);
    sc_fp_mul(r->x, p->x, z2, f);
    sc_fp_mul(z2, z2, r->z, f);
    sc_fp_mul(r->y, p->y, z2, f);
}

/* r (Jacobian) equals the OpenSSL point o (infinity allowed) */
static int jac_eq_ossl(ectest *t, const sc_ep_jac *r, const EC_POINT *o)
{
    sc_ep_aff a, b;
    sc_err e1 = sc_ep_jac_to_aff(&a, r, t->c), e2 = sc_ep_jac_to_aff_var(&b, r, t->c);
    if (EC_POINT_is_at_infinity(t->grp, o))
        return e1 == SC_ERR_INFINITY && e2 == SC_ERR_INFINITY && sc_ep_jac_is_inf(r, t->c) &&
               sc_fp_is_zero(a.x, t->c->fp) && sc_fp_is_zero(a.y, t->c->fp);
    return e1 == SC_OK && e2 == SC_OK && ect_aff_eq(t, &a, &b) && ect_eq(t, &a, o) && sc_ep_on_curve(&a, t->c);
}

/* p + q by sc_ep_add_jac_zc_var, q's Z^2 and Z^3 given: the point o, and the
 * words of want (sc_ep_add_jac_var's result: the same formula); also in
 * place (r == p) */
static void check_add_zc(ectest *t, const sc_ep_jac *want, const sc_ep_jac *p, const sc_ep_jac *q,
                         const EC_POINT *o, const char *what)
{
    const sc_fp_field *f = t->c->fp;
    const size_t nw = f->nw;
    sc_word zc[2 * SC_FP_MAXW];
    sc_ep_jac r;
    memset(&r, 0, sizeof r);
    sc_fp_sqr(zc, q->z, f);
    sc_fp_mul(zc + nw, zc, q->z, f);
    sc_ep_add_jac_zc_var(&r, p, q, zc, t->c);
    CHECK(jac_eq_ossl(t, &r, o), "%s: add_jac_zc_var %s", t->cv->name, what);
    CHECK(memcmp(r.x, want->x, nw * sizeof(sc_word)) == 0 && memcmp(r.y, want->y, nw * sizeof(sc_word)) == 0 &&
              memcmp(r.z, want->z, nw * sizeof(sc_word)) == 0,
          "%s: add_jac_zc_var %s = add_jac_var word for word", t->cv->name, what);
    r = *p;
    sc_ep_add_jac_zc_var(&r, &r, q, zc, t->c);
    CHECK(jac_eq_ossl(t, &r, o), "%s: add_jac_zc_var %s in place", t->cv->name, what);
}

static void test_curve(ectest *t)
{
    const sc_ep_curve *c = t->c;
    const sc_fp_field *f = c->fp;
    const char *nm = t->cv->name;
    long i, cases = tu_cases(20);
    sc_ep_aff g, p, q, np;
    sc_ep_jac J, K, R, inf;
    EC_POINT *o = EC_POINT_new(t->grp), *op, *oq, *onp = EC_POINT_new(t->grp);
    const EC_POINT *og = EC_GROUP_get0_generator(t->grp);

    /* generator, on-curve check, negation */
    sc_ep_generator(&g, c);
    CHECK(ect_eq(t, &g, og), "%s: generator", nm);
    CHECK(sc_ep_on_curve(&g, c) == (sc_word)~(sc_word)0, "%s: G on curve", nm);
    p = g;
    sc_fp_add(p.y, p.y, f->one, f);
    CHECK(sc_ep_on_curve(&p, c) == 0, "%s: G + (0,1) not on curve", nm);
    sc_ep_neg_aff(&np, &g, c);
    EC_POINT_copy(onp, og);
    EC_POINT_invert(t->grp, onp, t->ctx);
    CHECK(ect_eq(t, &np, onp), "%s: -G", nm);

    /* infinity */
    sc_ep_jac_set_inf(&inf, c);
    CHECK(sc_ep_jac_is_inf(&inf, c) != 0, "%s: set_inf", nm);
    CHECK(sc_ep_jac_to_aff(&p, &inf, c) == SC_ERR_INFINITY && sc_fp_is_zero(p.x, f) && sc_fp_is_zero(p.y, f),
          "%s: to_aff(inf)", nm);
    CHECK(sc_ep_jac_to_aff_var(&p, &inf, c) == SC_ERR_INFINITY, "%s: to_aff_var(inf)", nm);
    sc_ep_dbl_jac(&R, &inf, c);
    CHECK(sc_ep_jac_is_inf(&R, c) != 0, "%s: 2*inf", nm);
    sc_ep_add_jac(&R, &inf, &inf, c);
    CHECK(sc_ep_jac_is_inf(&R, c) != 0, "%s: inf+inf", nm);

    for (i = 0; i < cases; i++) {
        op = ect_rand_point(t, &p);
        oq = ect_rand_point(t, &q);
        if (!CHECK(op && oq, "%s: random points", nm))
            break;
        CHECK(sc_ep_on_curve(&p, c) != 0, "%s: on curve", nm);
        sc_ep_jac_from_aff(&J, &p, c);
        CHECK(jac_eq_ossl(t, &J, op), "%s: from_aff/to_aff", nm);
        rand_jac(t, &J, &p);
        CHECK(jac_eq_ossl(t, &J, op), "%s: random-Z round trip", nm);
        rand_jac(t, &K, &q);

        /* doubling (Z != 1), in place too */
        EC_POINT_dbl(t->grp, o, op, t->ctx);
        sc_ep_dbl_jac(&R, &J, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: dbl", nm);
        R = J;
        sc_ep_dbl_jac(&R, &R, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: dbl in place", nm);
        sc_ep_dbl_aff(&R, &p, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: dbl_aff", nm);

        /* P + Q: every addition variant */
        EC_POINT_add(t->grp, o, op, oq, t->ctx);
        sc_ep_add_mixed(&R, &J, &q, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_mixed", nm);
        sc_ep_add_mixed_inc(&R, &J, &q, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_mixed_inc", nm);
        sc_ep_add_mixed_var(&R, &J, &q, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_mixed_var", nm);
        {   /* the consuming forms: Q's coordinates as the formula's temporaries */
            sc_ep_aff qc = q;
            sc_fe h, z1;
            R = J;
            sc_ep_acc_mixed_var(&R, &qc, c);
            CHECK(jac_eq_ossl(t, &R, o), "%s: acc_mixed_var", nm);
            qc = q;
            sc_ep_add_mixed_zr(&R, &J, qc.x, qc.y, qc.x, qc.y, h, c);
            CHECK(jac_eq_ossl(t, &R, o), "%s: add_mixed_zr, Q consumed", nm);
            sc_fp_mul(z1, J.z, h, f);
            CHECK(sc_fp_eq(z1, R.z, f) != 0, "%s: add_mixed_zr ratio", nm);
        }
        sc_ep_add_jac(&R, &J, &K, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_jac", nm);
        sc_ep_add_jac_inc(&R, &J, &K, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_jac_inc", nm);
        sc_ep_add_jac_var(&R, &J, &K, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_jac_var", nm);
        check_add_zc(t, &R, &J, &K, o, "P+Q");
        R = J;
        sc_ep_add_jac(&R, &R, &K, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_jac r == p", nm);
        R = K;
        sc_ep_add_jac(&R, &J, &R, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_jac r == q", nm);
        R = J;
        sc_ep_add_mixed(&R, &R, &q, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_mixed r == p", nm);

        /* P + P (must double), with a different Z on each side */
        EC_POINT_dbl(t->grp, o, op, t->ctx);
        sc_ep_add_mixed(&R, &J, &p, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_mixed P+P", nm);
        sc_ep_add_mixed_var(&R, &J, &p, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_mixed_var P+P", nm);
        {
            sc_ep_aff pc = p;
            R = J;
            sc_ep_acc_mixed_var(&R, &pc, c);
            CHECK(jac_eq_ossl(t, &R, o), "%s: acc_mixed_var P+P", nm);
        }
        rand_jac(t, &K, &p);
        sc_ep_add_jac(&R, &J, &K, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_jac P+P", nm);
        sc_ep_add_jac_var(&R, &J, &K, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_jac_var P+P", nm);
        check_add_zc(t, &R, &J, &K, o, "P+P");

        /* P + (-P) = infinity */
        sc_ep_neg_aff(&np, &p, c);
        EC_POINT_set_to_infinity(t->grp, o);
        sc_ep_add_mixed(&R, &J, &np, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_mixed P-P", nm);
        sc_ep_add_mixed_inc(&R, &J, &np, c);
        CHECK(sc_ep_jac_is_inf(&R, c) != 0, "%s: add_mixed_inc P-P gives Z=0", nm);
        sc_ep_add_mixed_var(&R, &J, &np, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_mixed_var P-P", nm);
        {
            sc_ep_aff pc = np;
            R = J;
            sc_ep_acc_mixed_var(&R, &pc, c);
            CHECK(jac_eq_ossl(t, &R, o), "%s: acc_mixed_var P-P", nm);
        }
        sc_ep_neg_jac(&K, &K, c);
        sc_ep_add_jac(&R, &J, &K, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_jac P-P", nm);
        sc_ep_add_jac_var(&R, &J, &K, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: add_jac_var P-P", nm);
        check_add_zc(t, &R, &J, &K, o, "P-P");
        K = J;
        sc_ep_cneg_jac(&K, (sc_word)~(sc_word)0, c);
        sc_ep_add_jac(&R, &J, &K, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: cneg(all-ones) then P-P", nm);
        sc_ep_cneg_jac(&K, 0, c);
        sc_ep_add_jac(&R, &J, &K, c);
        CHECK(jac_eq_ossl(t, &R, o), "%s: cneg(0) keeps", nm);

        /* infinity + Q, P + infinity (infinity with random X, Y) */
        rand_jac(t, &R, &q);
        sc_fp_set_zero(R.z, f);
        sc_ep_add_mixed(&K, &R, &q, c);
        CHECK(jac_eq_ossl(t, &K, oq), "%s: inf + Q mixed", nm);
        sc_ep_add_mixed_var(&K, &R, &q, c);
        CHECK(jac_eq_ossl(t, &K, oq), "%s: inf + Q mixed var", nm);
        {
            sc_ep_aff qc = q;
            K = R;
            sc_ep_acc_mixed_var(&K, &qc, c);
            CHECK(jac_eq_ossl(t, &K, oq), "%s: inf + Q acc_mixed_var", nm);
        }
        sc_ep_add_jac(&K, &R, &J, c);
        CHECK(jac_eq_ossl(t, &K, op), "%s: inf + P jac", nm);
        sc_ep_add_jac(&K, &J, &R, c);
        CHECK(jac_eq_ossl(t, &K, op), "%s: P + inf jac", nm);
        sc_ep_add_jac_var(&K, &R, &J, c);
        CHECK(jac_eq_ossl(t, &K, op), "%s: inf + P jac var", nm);
        sc_ep_add_jac_var(&K, &J, &R, c);
        CHECK(jac_eq_ossl(t, &K, op), "%s: P + inf jac var", nm);
        check_add_zc(t, &K, &J, &R, op, "P+inf");
        K = J;
        check_add_zc(t, &J, &R, &K, op, "inf+P");

        /* off-curve point is rejected */
        np = p;
        sc_fp_add(np.x, np.x, f->one, f);
        CHECK(sc_ep_on_curve(&np, c) == 0, "%s: off-curve", nm);
        EC_POINT_free(op);
        EC_POINT_free(oq);
    }
    EC_POINT_free(o);
    EC_POINT_free(onp);
}


/* Each point operation with the kernels on (P-256, P-224, secp256k1, P-192,
 * secp160r1: port/x86_64/ep_p256_mulx.c, ep_p224_mulx.c, ep_k1_mulx.c,
 * ep_p192_mulx.c, ep_secp160r1_mulx.c where the CPU has BMI2 and ADX) and off (the generic formulas of ep.c on the
 * C field path): the same coordinates, word for word, on random points with
 * random Z, Z = 1, infinity, P == Q and P == -Q. */
static int jac_same(const sc_ep_jac *a, const sc_ep_jac *b, const sc_fp_field *f)
{
    size_t n = f->nw * sizeof(sc_word);
    return !memcmp(a->x, b->x, n) && !memcmp(a->y, b->y, n) && !memcmp(a->z, b->z, n);
}

enum { OP_DBL, OP_MADD, OP_MADD_INC, OP_MADD_VAR, OP_MADD_ZR, OP_ADD, OP_ADD_INC, OP_ADD_VAR, OP_COUNT };
static const char *const op_name[OP_COUNT] = {"dbl", "add_mixed", "add_mixed_inc", "add_mixed_var",
                                              "add_mixed_zr", "add_jac", "add_jac_inc", "add_jac_var"};

static void run_op(int op, sc_ep_jac *r, sc_word *zr, const sc_ep_jac *p, const sc_ep_jac *q, const sc_ep_aff *a,
                   const sc_ep_curve *c)
{
    sc_fe ta, tb;
    switch (op) {
    case OP_DBL: sc_ep_dbl_jac(r, p, c); break;
    case OP_MADD: sc_ep_add_mixed(r, p, a, c); break;
    case OP_MADD_INC: sc_ep_add_mixed_inc(r, p, a, c); break;
    case OP_MADD_VAR: sc_ep_add_mixed_var(r, p, a, c); break;
    case OP_MADD_ZR: sc_ep_add_mixed_zr(r, p, a->x, a->y, ta, tb, zr, c); break;
    case OP_ADD: sc_ep_add_jac(r, p, q, c); break;
    case OP_ADD_INC: sc_ep_add_jac_inc(r, p, q, c); break;
    default: sc_ep_add_jac_var(r, p, q, c); break;
    }
}

static void test_kernel_vs_generic(ectest *t)
{
    const sc_ep_curve *c = t->c;
    const sc_fp_field *f = c->fp;
    const char *nm = t->cv->name;
    long i, cases = tu_cases(50);
    int op;
    for (i = 0; i < cases; i++) {
        sc_ep_aff a, b;
        sc_ep_jac p, q, r1, r2;
        sc_fe z1, z2;
        int kind = (int)(i % 5); /* 0 random, 1 Z = 1, 2 P infinity, 3 Q == P, 4 Q == -P */
        EC_POINT_free(ect_rand_point(t, &a));
        EC_POINT_free(ect_rand_point(t, &b));
        rand_jac(t, &p, &a);
        if (kind == 1)
            sc_ep_jac_from_aff(&p, &a, c);
        if (kind == 2)
            sc_ep_jac_set_inf(&p, c);
        if (kind == 3)
            b = a;
        if (kind == 4)
            sc_ep_neg_aff(&b, &a, c);
        rand_jac(t, &q, &b);
        for (op = 0; op < OP_COUNT; op++) {
            if ((op == OP_MADD_INC || op == OP_MADD_ZR || op == OP_ADD_INC) && kind >= 2)
                continue; /* preconditions: P finite, P != +-Q */
            memset(z1, 0, sizeof z1);
            memset(z2, 0, sizeof z2);
            sc_mp_set_accel(1);
            run_op(op, &r1, z1, &p, &q, &b, c);
            sc_mp_set_accel(0);
            run_op(op, &r2, z2, &p, &q, &b, c);
            sc_mp_set_accel(1);
            CHECK(jac_same(&r1, &r2, f) && !memcmp(z1, z2, sizeof z1), "%s: %s kernels on = off (case %d)", nm,
                  op_name[op], kind);
        }
        /* in place: r aliasing p */
        r1 = p;
        sc_ep_add_jac(&r1, &r1, &q, c);
        sc_mp_set_accel(0);
        r2 = p;
        sc_ep_add_jac(&r2, &r2, &q, c);
        sc_mp_set_accel(1);
        CHECK(jac_same(&r1, &r2, f), "%s: add_jac in place, kernels on = off (case %d)", nm, kind);
        r1 = p;
        sc_ep_dbl_jac(&r1, &r1, c);
        sc_ep_add_mixed(&r1, &r1, &b, c);
        sc_mp_set_accel(0);
        r2 = p;
        sc_ep_dbl_jac(&r2, &r2, c);
        sc_ep_add_mixed(&r2, &r2, &b, c);
        sc_mp_set_accel(1);
        CHECK(jac_same(&r1, &r2, f), "%s: dbl, add_mixed in place, kernels on = off (case %d)", nm, kind);
    }
}

int main(void)
{
    size_t i;
    tu_seed_init("ep");
    for (i = 0; i < sc_curve_prime_count(); i++) {
        ectest t;
        if (tu_opf_skip(sc_curve_at(i)->name))
            continue;
        if (!CHECK(ect_init(&t, i), "OpenSSL group for curve %u", (unsigned)i))
            continue;
        sc_mp_set_accel(0);
        test_curve(&t);
        sc_mp_set_accel(1);
        test_curve(&t);
        test_kernel_vs_generic(&t);
        ect_free(&t);
    }
    return tu_done("ep");
}
