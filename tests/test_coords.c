/* coords: the coordinate systems of the method matrix (docs/methods-coords.md).
 *
 * Every system of sc_coords_at, on every curve: from_aff / to_aff round trips,
 * the point at infinity, dbl / add / madd and their constant-time versions on
 * random points (k*G from the production sc_ec_mul_gen) and on the special
 * cases (P+P with two different representations of P, P+(-P), O+P, P+O, O+O,
 * 2*O), each result checked against OpenSSL's EC_POINT_add / EC_POINT_dbl and
 * against the production ep.h functions, and a chain of random mixed
 * operations run in all systems side by side against an OpenSSL chain.  Each
 * curve runs twice: as it is (a = -3 or a = 0 formulas) and labelled
 * SC_EP_A_GENERIC, so that the generic-a formulas are checked too. */
#include "ecutil.h"
#include <seacurve/coords.h>
#include <seacurve/util.h>
#include <stdlib.h>

/* the curve's name, marked when its generic-a formulas are under test */
static const char *cname(const ectest *t)
{
    static char buf[64];
    if (t->c->a_kind == t->cv->ep->a_kind)
        return t->cv->name;
    snprintf(buf, sizeof buf, "%s(as generic a)", t->cv->name);
    return buf;
}

/* a random point k*G (1 <= k < n) from sc_ec_mul_gen; *o gets OpenSSL's k*G */
static int rand_pt(ectest *t, sc_ep_aff *p, EC_POINT **o)
{
    sc_word k[SC_FP_MAXW];
    BIGNUM *bk = ect_rand_scalar(t);
    int ok;
    if (BN_is_zero(bk))
        BN_one(bk);
    ect_bn_to_sc(t, k, bk);
    *o = EC_POINT_new(t->grp);
    ok = EC_POINT_mul(t->grp, *o, bk, NULL, NULL, t->ctx) && sc_ec_mul_gen(p, k, t->c) == SC_OK &&
         ect_eq(t, p, *o);
    BN_free(bk);
    return CHECK(ok, "%s: sc_ec_mul_gen vs EC_POINT_mul", cname(t));
}

/* e (in system s) represents the OpenSSL point o (infinity allowed): to_aff_var,
 * to_aff (ct systems, when ct_too) and is_inf_var all agree with o */
static int sys_eq(ectest *t, const sc_coords_sys *s, const sc_coords_point *e, const EC_POINT *o, int ct_too)
{
    sc_ep_aff a, b;
    sc_err e1 = s->to_aff_var(&a, e, t->c), e2 = SC_OK;
    int ok;
    if (s->ct && ct_too)
        e2 = s->to_aff(&b, e, t->c);
    if (EC_POINT_is_at_infinity(t->grp, o)) {
        ok = e1 == SC_ERR_INFINITY && s->is_inf_var(e, t->c) && sc_fp_is_zero(a.x, t->c->fp) &&
             sc_fp_is_zero(a.y, t->c->fp);
        if (s->ct && ct_too)
            ok = ok && e2 == SC_ERR_INFINITY && sc_fp_is_zero(b.x, t->c->fp) && sc_fp_is_zero(b.y, t->c->fp);
        return ok;
    }
    ok = e1 == SC_OK && !s->is_inf_var(e, t->c) && ect_eq(t, &a, o) && sc_ep_on_curve(&a, t->c);
    if (s->ct && ct_too)
        ok = ok && e2 == SC_OK && ect_aff_eq(t, &a, &b);
    return ok;
}

/* e (in system s) equals the production result j (Jacobian, ep.h) */
static int sys_eq_jac(ectest *t, const sc_coords_sys *s, const sc_coords_point *e, const sc_ep_jac *j)
{
    sc_ep_aff a, b;
    sc_err e1 = s->to_aff_var(&a, e, t->c), e2 = sc_ep_jac_to_aff_var(&b, j, t->c);
    if (e2 == SC_ERR_INFINITY)
        return e1 == SC_ERR_INFINITY;
    return e1 == SC_OK && e2 == SC_OK && ect_aff_eq(t, &a, &b);
}

/* a representation of the point p (OpenSSL o) in s that is not the one
 * from_aff gives: (p - T) + T for a random T, through s->add */
static void rep(ectest *t, const sc_coords_sys *s, sc_coords_point *e, const sc_ep_aff *p, const EC_POINT *o)
{
    sc_ep_aff tp, d;
    sc_coords_point et;
    EC_POINT *ot = NULL, *od = EC_POINT_new(t->grp);
    if (!rand_pt(t, &tp, &ot))
        goto plain;
    EC_POINT_copy(od, ot);
    EC_POINT_invert(t->grp, od, t->ctx);
    EC_POINT_add(t->grp, od, o, od, t->ctx);
    if (!ect_from_ossl(t, &d, od))
        goto plain;                      /* p == T: negligible */
    s->from_aff(e, &d, t->c);
    s->from_aff(&et, &tp, t->c);
    s->add(e, e, &et, t->c);
    if (!CHECK(sys_eq(t, s, e, o, 0), "%s/%s: rep", cname(t), s->name))
        goto plain;
    EC_POINT_free(ot);
    EC_POINT_free(od);
    return;
plain:
    s->from_aff(e, p, t->c);
    EC_POINT_free(ot);
    EC_POINT_free(od);
}

/* the production (ep.h) counterpart of e: Jacobian from the affine point, or infinity */
static void prod_jac(ectest *t, sc_ep_jac *j, const EC_POINT *o)
{
    sc_ep_aff a;
    if (EC_POINT_is_at_infinity(t->grp, o) || !ect_from_ossl(t, &a, o))
        sc_ep_jac_set_inf(j, t->c);
    else
        sc_ep_jac_from_aff(j, &a, t->c);
}

/* dbl / add / madd and their ct versions on P = ep (OpenSSL op) and Q = eq (oq;
 * qa its affine form, NULL when Q is infinity), in system s; `what` names the case */
static void check_ops(ectest *t, const sc_coords_sys *s, const sc_coords_point *ep, const EC_POINT *op, const sc_coords_point *eq,
                      const EC_POINT *oq, const sc_ep_aff *qa, const char *what)
{
    const char *nm = cname(t), *sn = s->name;
    EC_POINT *rs = EC_POINT_new(t->grp), *rd = EC_POINT_new(t->grp);
    sc_ep_jac jp, jq, js, jd;
    sc_coords_point r;
    EC_POINT_add(t->grp, rs, op, oq, t->ctx);
    EC_POINT_dbl(t->grp, rd, op, t->ctx);
    prod_jac(t, &jp, op);
    prod_jac(t, &jq, oq);
    sc_ep_add_jac_var(&js, &jp, &jq, t->c);
    sc_ep_dbl_jac(&jd, &jp, t->c);

    s->add(&r, ep, eq, t->c);
    CHECK(sys_eq(t, s, &r, rs, 0) && sys_eq_jac(t, s, &r, &js), "%s/%s: add %s", nm, sn, what);
    r = *ep;
    s->add(&r, &r, eq, t->c);            /* r aliases p */
    CHECK(sys_eq(t, s, &r, rs, 0), "%s/%s: add %s (r = p)", nm, sn, what);
    r = *eq;
    s->add(&r, ep, &r, t->c);            /* r aliases q */
    CHECK(sys_eq(t, s, &r, rs, 0), "%s/%s: add %s (r = q)", nm, sn, what);
    s->dbl(&r, ep, t->c);
    CHECK(sys_eq(t, s, &r, rd, 0) && sys_eq_jac(t, s, &r, &jd), "%s/%s: dbl %s", nm, sn, what);
    r = *ep;
    s->dbl(&r, &r, t->c);
    CHECK(sys_eq(t, s, &r, rd, 0), "%s/%s: dbl %s (r = p)", nm, sn, what);
    if (qa) {
        s->madd(&r, ep, qa, t->c);
        CHECK(sys_eq(t, s, &r, rs, 0), "%s/%s: madd %s", nm, sn, what);
        r = *ep;
        s->madd(&r, &r, qa, t->c);
        CHECK(sys_eq(t, s, &r, rs, 0), "%s/%s: madd %s (r = p)", nm, sn, what);
    }
    if (s->ct) {
        s->add_ct(&r, ep, eq, t->c);
        CHECK(sys_eq(t, s, &r, rs, 1), "%s/%s: add_ct %s", nm, sn, what);
        r = *eq;
        s->add_ct(&r, ep, &r, t->c);
        CHECK(sys_eq(t, s, &r, rs, 0), "%s/%s: add_ct %s (r = q)", nm, sn, what);
        r = *ep;
        s->dbl_ct(&r, &r, t->c);
        CHECK(sys_eq(t, s, &r, rd, 1), "%s/%s: dbl_ct %s", nm, sn, what);
        if (qa) {
            r = *ep;
            s->madd_ct(&r, &r, qa, t->c);
            CHECK(sys_eq(t, s, &r, rs, 1), "%s/%s: madd_ct %s", nm, sn, what);
        }
    }
    EC_POINT_free(rs);
    EC_POINT_free(rd);
}

static void test_system(ectest *t, const sc_coords_sys *s)
{
    const char *nm = cname(t), *sn = s->name;
    long i, cases = tu_cases(6);
    sc_ep_aff p, q, np, a;
    sc_coords_point ep, ep2, eq, en, inf, x;
    EC_POINT *op = NULL, *oq = NULL, *onp = EC_POINT_new(t->grp), *oinf = EC_POINT_new(t->grp);
    EC_POINT_set_to_infinity(t->grp, oinf);

    /* the point at infinity */
    s->set_inf(&inf, t->c);
    CHECK(s->is_inf_var(&inf, t->c), "%s/%s: set_inf", nm, sn);
    memset(&a, 0x5a, sizeof a);
    CHECK(s->to_aff_var(&a, &inf, t->c) == SC_ERR_INFINITY && sc_fp_is_zero(a.x, t->c->fp) &&
          sc_fp_is_zero(a.y, t->c->fp), "%s/%s: to_aff_var(O)", nm, sn);
    if (s->ct) {
        memset(&a, 0x5a, sizeof a);
        CHECK(s->to_aff(&a, &inf, t->c) == SC_ERR_INFINITY && sc_fp_is_zero(a.x, t->c->fp) &&
              sc_fp_is_zero(a.y, t->c->fp), "%s/%s: to_aff(O)", nm, sn);
    }
    s->neg(&x, &inf, t->c);
    CHECK(s->is_inf_var(&x, t->c), "%s/%s: -O", nm, sn);
    check_ops(t, s, &inf, oinf, &inf, oinf, NULL, "O+O, 2*O");

    for (i = 0; i < cases; i++) {
        if (!rand_pt(t, &p, &op) || !rand_pt(t, &q, &oq))
            break;
        /* round trips */
        s->from_aff(&ep, &p, t->c);
        CHECK(s->to_aff_var(&a, &ep, t->c) == SC_OK && ect_aff_eq(t, &a, &p), "%s/%s: from_aff/to_aff_var", nm, sn);
        if (s->ct)
            CHECK(s->to_aff(&a, &ep, t->c) == SC_OK && ect_aff_eq(t, &a, &p), "%s/%s: from_aff/to_aff", nm, sn);
        CHECK(!s->is_inf_var(&ep, t->c), "%s/%s: finite", nm, sn);
        /* negation */
        sc_ep_neg_aff(&np, &p, t->c);
        EC_POINT_copy(onp, op);
        EC_POINT_invert(t->grp, onp, t->ctx);
        rep(t, s, &ep, &p, op);
        s->neg(&en, &ep, t->c);
        CHECK(sys_eq(t, s, &en, onp, 1), "%s/%s: neg", nm, sn);
        /* copy / cmov */
        sc_coords_copy(&x, &ep, s, t->c);
        CHECK(sys_eq(t, s, &x, op, 0), "%s/%s: copy", nm, sn);
        sc_coords_cmov(&x, &en, 0, s, t->c);
        CHECK(sys_eq(t, s, &x, op, 0), "%s/%s: cmov 0", nm, sn);
        sc_coords_cmov(&x, &en, (sc_word)~(sc_word)0, s, t->c);
        CHECK(sys_eq(t, s, &x, onp, 0), "%s/%s: cmov 1", nm, sn);

        rep(t, s, &eq, &q, oq);
        check_ops(t, s, &ep, op, &eq, oq, &q, "P+Q");
        rep(t, s, &ep2, &p, op);         /* P again, another representation */
        check_ops(t, s, &ep, op, &ep2, op, &p, "P+P");
        s->neg(&en, &ep2, t->c);
        check_ops(t, s, &ep, op, &en, onp, &np, "P+(-P)");
        check_ops(t, s, &inf, oinf, &ep, op, &p, "O+P");
        check_ops(t, s, &ep, op, &inf, oinf, NULL, "P+O");
        EC_POINT_free(op);
        EC_POINT_free(oq);
        op = oq = NULL;
    }
    EC_POINT_free(op);
    EC_POINT_free(oq);
    EC_POINT_free(onp);
    EC_POINT_free(oinf);
}

#define NT 4
#define CHAIN 50

/* CHAIN random steps (dbl, add, madd, their ct versions, P-P, P+P) in every
 * system at once, each step checked against the same chain in OpenSSL */
static void test_chain(ectest *t)
{
    const char *nm = cname(t);
    size_t ns = sc_coords_count(), si;
    sc_coords_point acc[16], tr, tmp;
    int bad[16] = { 0 };                 /* report a system's first failing step only */
    sc_ep_aff ta[NT];
    EC_POINT *to[NT], *oacc = EC_POINT_new(t->grp);
    long st;
    int k;
    if (!CHECK(ns <= 16, "too many systems"))
        return;
    for (k = 0; k < NT; k++)
        if (!rand_pt(t, &ta[k], &to[k]))
            return;
    EC_POINT_set_to_infinity(t->grp, oacc);
    for (si = 0; si < ns; si++)
        sc_coords_at(si)->set_inf(&acc[si], t->c);
    for (st = 0; st < CHAIN; st++) {
        unsigned op = (unsigned)(tu_rand64() % 8), ix = (unsigned)(tu_rand64() % NT);
        if (op == 6 && tu_rand64() % 4)  /* back to O only now and then */
            op = 0;
        switch (op) {
        case 0: case 3: EC_POINT_dbl(t->grp, oacc, oacc, t->ctx); break;
        case 1: case 2: case 4: case 5: EC_POINT_add(t->grp, oacc, oacc, to[ix], t->ctx); break;
        case 6: EC_POINT_set_to_infinity(t->grp, oacc); break;
        default: EC_POINT_dbl(t->grp, oacc, oacc, t->ctx); break;
        }
        for (si = 0; si < ns; si++) {
            const sc_coords_sys *s = sc_coords_at(si);
            sc_coords_point *e = &acc[si];
            int ct = s->ct != 0;
            sc_ep_aff nta;
            sc_ep_neg_aff(&nta, &ta[ix], t->c);
            s->from_aff(&tr, &ta[ix], t->c);  /* T as 2T - T: not the from_aff representation */
            s->dbl(&tr, &tr, t->c);
            s->madd(&tr, &tr, &nta, t->c);
            switch (op) {
            case 0: s->dbl(e, e, t->c); break;
            case 1: s->madd(e, e, &ta[ix], t->c); break;
            case 2: s->add(e, e, &tr, t->c); break;
            case 3: if (ct) s->dbl_ct(e, e, t->c); else s->dbl(e, e, t->c); break;
            case 4: if (ct) s->madd_ct(e, e, &ta[ix], t->c); else s->madd(e, e, &ta[ix], t->c); break;
            case 5: if (ct) s->add_ct(e, &tr, e, t->c); else s->add(e, &tr, e, t->c); break;
            case 6: s->neg(&tmp, e, t->c); s->add(e, e, &tmp, t->c); break;
            default: sc_coords_copy(&tmp, e, s, t->c); s->add(e, e, &tmp, t->c); break;
            }
            if (!bad[si])
                bad[si] = !CHECK(sys_eq(t, s, e, oacc, 0), "%s/%s: chain step %ld (op %u)", nm, s->name, st, op);
        }
    }
    for (k = 0; k < NT; k++)
        EC_POINT_free(to[k]);
    EC_POINT_free(oacc);
}

static void test_registry(void)
{
    size_t i, n = sc_coords_count();
    static const char *const expect[] = { "affine", "projective", "jacobian", "mjacobian",
                                          "chudnovsky", "jacproj", "jacproj_noinv" };
    CHECK(n >= 1, "systems registered");
    CHECK(sc_coords_at(n) == NULL, "at(count) is NULL");
    CHECK(sc_coords_find("no-such-system") == NULL && sc_coords_find(NULL) == NULL, "find unknown");
    for (i = 0; i < n; i++) {
        const sc_coords_sys *s = sc_coords_at(i);
        int ok = s && s->name && s->source && s->ncoords >= 2 && s->ncoords <= SC_COORDS_MAXC && s->set_inf &&
                 s->is_inf_var && s->from_aff && s->to_aff_var && s->neg && s->dbl && s->add && s->madd;
        if (ok && s->ct)
            ok = s->dbl_ct && s->add_ct && s->madd_ct && s->to_aff;
        CHECK(ok, "system %u complete", (unsigned)i);
        if (ok)
            CHECK(sc_coords_find(s->name) == s, "find(%s)", s->name);
    }
    for (i = 0; i < sizeof expect / sizeof expect[0]; i++)
        CHECK(sc_coords_find(expect[i]) != NULL, "system %s registered", expect[i]);
}

int main(void)
{
    size_t ci, si;
    tu_seed_init("coords");
    test_registry();
    for (ci = 0; ci < sc_curve_prime_count(); ci++) {
        ectest t;
        if (tu_opf_skip(sc_curve_at(ci)->name))
            continue;
        if (!CHECK(ect_init(&t, ci), "curve %u in OpenSSL", (unsigned)ci)) {
            ect_free(&t);
            continue;
        }
        for (si = 0; si < sc_coords_count(); si++)
            test_system(&t, sc_coords_at(si));
        test_chain(&t);
        if (t.c->a_kind != SC_EP_A_GENERIC) {
            /* The five curves have a = -3 or a = 0, whose special formulas the
             * systems choose by a_kind; run the generic-a formulas on the same
             * curve (same a, b, G) by labelling it generic. */
            sc_ep_curve gc = *t.c;
            gc.a_kind = SC_EP_A_GENERIC;
            t.c = &gc;
            for (si = 0; si < sc_coords_count(); si++)
                test_system(&t, sc_coords_at(si));
            test_chain(&t);
        }
        ect_free(&t);
    }
    return tu_done("coords");
}
