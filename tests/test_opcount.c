/* opcount: operation counters (include/seacurve/opcount.h).
 *
 * Built twice (tests/CMakeLists.txt):
 *  - test_opcount, against the normal library: nothing is counted
 *    (sc_opcount_enabled() == 0, the counters stay zero whatever runs);
 *  - test_opcount_counting (ctest opcount_counting), against the counting
 *    library seacurve_opcount (SC_OPCOUNT=1): every count asserted below is
 *    a published figure, not a value read from the code under test:
 *      one field operation = one M / S / A / C; one inversion of any method
 *      = 1 I and no M / S / A (opcount.h's attribution rules); a square root
 *      = 1 sqrt and no M / S;
 *      point formulas as src/ep/ep.c names them, with the EFD costs
 *      (hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-3.html, -0.html):
 *        dbl-2004-hmv (a = -3)   4M + 4S
 *        a = 0 doubling          3M + 4S: dbl-2004-hmv with its alpha
 *                                (1M + 1S: delta = Z1^2, 3 (X1 - delta)(X1 + delta))
 *                                replaced by dbl-2009-l's (1S: 3 X1^2)
 *        madd-2004-hmv           8M + 3S
 *        add-1998-cmo-2          12M + 4S
 *      and the complete (constant-time) additions also evaluate the doubling;
 *      word multiplies: Comba s^2 (product) and s(s+1)/2 (squaring); the
 *      Montgomery multiplications 2s^2 + s ([OPF] section 1 for FIPS;
 *      Koc-Acar-Kaliski 1996 for SOS and CIOS), their squarings with each
 *      cross product once s(s+1)/2 + s^2 + s; REDC s^2 + s (Montgomery 1985:
 *      s rows of one m = t_i p' and s products m p_j).
 * The word-multiply count of the mp layer is checked only where that layer
 * counts (nonzero). */
#include "testutil.h"
#include <seacurve/seacurve.h>
#include <seacurve/curves.h>
#include <seacurve/ep.h>
#include <seacurve/fp.h>
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <seacurve/opcount.h>
#include <string.h>

static void rand_fe(sc_word *r, const sc_fp_field *f)
{
    uint8_t buf[2 * SC_FP_MAXBYTES];
    tu_rand_bytes(buf, sizeof buf);
    sc_fp_from_bytes_reduce(r, buf, sizeof buf, f);
}

static sc_opcount snap(void)
{
    sc_opcount o;
    sc_opcount_get(&o);
    return o;
}

/* A random finite Jacobian point with Z != 1: 2G + G scaled. */
static void rand_point(sc_ep_jac *pj, sc_ep_aff *pa, const sc_ep_curve *c)
{
    sc_ep_aff g;
    sc_ep_jac t;
    sc_fe z, z2, z3;
    sc_ep_generator(&g, c);
    sc_ep_jac_from_aff(&t, &g, c);
    sc_ep_dbl_jac(&t, &t, c);
    sc_ep_add_mixed(&t, &t, &g, c);
    sc_ep_jac_to_aff_var(pa, &t, c);
    rand_fe(z, c->fp);
    sc_fp_sqr(z2, z, c->fp);
    sc_fp_mul(z3, z2, z, c->fp);
    sc_fp_mul(pj->x, pa->x, z2, c->fp);
    sc_fp_mul(pj->y, pa->y, z3, c->fp);
    sc_fp_copy(pj->z, z, c->fp);
}

#define CHECK_OPS(o, M, S, I, A, what, ...) \
    CHECK((o).mul == (uint64_t)(M) && (o).sqr == (uint64_t)(S) && (o).inv == (uint64_t)(I) && \
          ((A) < 0 || (o).add == (uint64_t)(A)), \
          what ": M %llu S %llu I %llu A %llu, want %d %d %d %d", __VA_ARGS__, \
          (unsigned long long)(o).mul, (unsigned long long)(o).sqr, (unsigned long long)(o).inv, \
          (unsigned long long)(o).add, (M), (S), (I), (A))

#if defined(SC_OPCOUNT) && SC_OPCOUNT

static void field_counts(const sc_fp_field *f)
{
    sc_fe a, b, r;
    sc_opcount o;
    size_t i, s = f->nw;
    sc_fp_field mf;
    rand_fe(a, f);
    rand_fe(b, f);

    sc_opcount_reset();
    sc_fp_mul(r, a, b, f);
    o = snap();
    CHECK_OPS(o, 1, 0, 0, 0, "%s mul", f->name);
    sc_opcount_reset();
    sc_fp_sqr(r, a, f);
    o = snap();
    CHECK_OPS(o, 0, 1, 0, 0, "%s sqr", f->name);
    sc_opcount_reset();
    sc_fp_add(r, a, b, f);
    sc_fp_sub(r, r, b, f);
    sc_fp_neg(r, r, f);
    o = snap();
    CHECK_OPS(o, 0, 0, 0, 3, "%s add+sub+neg", f->name);
    CHECK(o.smul == 0, "%s add: C %llu", f->name, (unsigned long long)o.smul);
    sc_opcount_reset();
    sc_fp_dbl(r, a, f);
    o = snap();
    CHECK_OPS(o, 0, 0, 0, 0, "%s dbl", f->name);
    CHECK(o.smul == 1, "%s dbl: C %llu", f->name, (unsigned long long)o.smul);

    /* every inversion method: 1 I, the inner operations hidden */
    for (i = 0; i < sc_fp_method_count(); i++) {
        const sc_fp_method *m = sc_fp_method_at(i);
        if (m->kind != SC_FP_METHOD_INVERSION || !m->applies(f))
            continue;
        sc_opcount_reset();
        m->inv(r, a, f);
        o = snap();
        CHECK_OPS(o, 0, 0, 1, 0, "%s inv %s", f->name, m->name);
        CHECK(o.smul == 0 && o.sqrt == 0, "%s inv %s: C/sqrt", f->name, m->name);
    }
    sc_opcount_reset();
    sc_fp_div_great_divide_var(r, b, a, f);
    o = snap();
    CHECK_OPS(o, 0, 0, 1, 0, "%s div great-divide", f->name);

    /* square root of a square */
    sc_fp_sqr(b, a, f);
    sc_opcount_reset();
    CHECK(sc_fp_sqrt_var(r, b, f) == SC_OK, "%s sqrt", f->name);
    o = snap();
    CHECK_OPS(o, 0, 0, 0, 0, "%s sqrt", f->name);
    CHECK(o.sqrt == 1, "%s sqrt count %llu", f->name, (unsigned long long)o.sqrt);

    /* Montgomery multiplications: one M or S and their published word counts */
    if (sc_fp_field_derive(&mf, f, sc_fp_reduce_mont, 1) == SC_OK) {
        static const struct {
            const char *name;
            int sqr_shares; /* the squaring forms each cross product once */
        } mm[] = { { "mont-sos", 1 }, { "mont-cios", 0 }, { "mont-fips", 1 } };
        size_t k;
        uint64_t wm = 2 * s * s + s, ws = s * (s + 1) / 2 + s * s + s;
        sc_fp_from_canon(a, a, &mf);
        /* separated: the library product (counted by the mp layer) + REDC s^2 + s */
        {
            sc_word t[2 * SC_FP_MAXW];
            uint64_t wp;
            sc_opcount_reset();
            sc_mp_mul(t, a, a, s);
            wp = snap().wmul;
            sc_opcount_reset();
            sc_fp_mont_mul_sep(r, a, a, &mf);
            o = snap();
            CHECK_OPS(o, 1, 0, 0, 0, "%s mont-sep mul", f->name);
            if (wp)
                CHECK(o.wmul == wp + s * s + s, "%s mont-sep: W %llu, want %llu + %zu", f->name,
                      (unsigned long long)o.wmul, (unsigned long long)wp, s * s + s);
#if SC_WORD_BITS == 64
            /* the 64-bit fast path of sc_fp_mul / sc_fp_sqr: the product as
             * the mp layer counts it (s^2, squaring s(s+1)/2 in C, s^2 when
             * the MULX routines run) and REDC s^2 + s */
            if ((s == 3 || s == 4) && wp) {
                uint64_t wq;
                sc_opcount_reset();
                sc_mp_sqr(t, a, s);
                wq = snap().wmul;
                CHECK(wp == s * s && (wq == s * (s + 1) / 2 || wq == s * s), "%s mp products: W %llu, %llu",
                      f->name, (unsigned long long)wp, (unsigned long long)wq);
                sc_opcount_reset();
                sc_fp_mul(r, a, a, &mf);
                CHECK(snap().wmul == wp + s * s + s, "%s fp_mul on REDC: W %llu", f->name,
                      (unsigned long long)snap().wmul);
                sc_opcount_reset();
                sc_fp_sqr(r, a, &mf);
                CHECK(snap().wmul == wq + s * s + s, "%s fp_sqr on REDC: W %llu", f->name,
                      (unsigned long long)snap().wmul);
            }
#endif
        }
        for (k = 0; k < sizeof mm / sizeof mm[0]; k++) {
            const sc_fp_method *m = sc_fp_method_find(mm[k].name);
            if (!CHECK(m != NULL, "method %s", mm[k].name))
                continue;
            sc_opcount_reset();
            m->mul(r, a, a, &mf);
            o = snap();
            CHECK_OPS(o, 1, 0, 0, 0, "%s %s mul", f->name, m->name);
            CHECK(o.wmul == wm, "%s %s mul: W %llu, want %llu", f->name, m->name,
                  (unsigned long long)o.wmul, (unsigned long long)wm);
            sc_opcount_reset();
            m->sqr(r, a, &mf);
            o = snap();
            CHECK_OPS(o, 0, 1, 0, 0, "%s %s sqr", f->name, m->name);
            CHECK(o.wmul == (mm[k].sqr_shares ? ws : wm), "%s %s sqr: W %llu", f->name, m->name,
                  (unsigned long long)o.wmul);
        }
    }
}

static void point_counts(const char *curve, int dbl_m, int dbl_s)
{
    const sc_curve *cv = sc_curve_find(curve);
    const sc_ep_curve *c;
    sc_ep_jac p, q, r;
    sc_ep_aff pa, qa;
    sc_opcount o;
    uint64_t ad[3], cd[3];
    if (!CHECK(cv != NULL, "curve %s", curve))
        return;
    c = cv->ep;
    rand_point(&p, &pa, c);
    rand_point(&q, &qa, c);
    sc_ep_dbl_jac(&q, &q, c);          /* q != +-p */
    sc_ep_jac_to_aff_var(&qa, &q, c);

    sc_opcount_reset();
    sc_ep_dbl_jac(&r, &p, c);
    o = snap();
    CHECK_OPS(o, dbl_m, dbl_s, 0, -1, "%s dbl", curve);
    ad[0] = o.add;
    cd[0] = o.smul;
    sc_opcount_reset();
    sc_ep_add_mixed_inc(&r, &p, &qa, c);
    o = snap();
    CHECK_OPS(o, 8, 3, 0, -1, "%s madd-2004-hmv", curve);
    ad[1] = o.add;
    cd[1] = o.smul;
    sc_opcount_reset();
    sc_ep_add_jac_inc(&r, &p, &q, c);
    o = snap();
    CHECK_OPS(o, 12, 4, 0, -1, "%s add-1998-cmo-2", curve);
    ad[2] = o.add;
    cd[2] = o.smul;
    /* complete additions: the formula and the doubling candidate */
    sc_opcount_reset();
    sc_ep_add_mixed(&r, &p, &qa, c);
    o = snap();
    CHECK_OPS(o, 8 + dbl_m, 3 + dbl_s, 0, -1, "%s add_mixed (complete)", curve);
    sc_opcount_reset();
    sc_ep_add_jac(&r, &p, &q, c);
    o = snap();
    CHECK_OPS(o, 12 + dbl_m, 4 + dbl_s, 0, -1, "%s add_jac (complete)", curve);
    /* to affine: one inversion */
    sc_opcount_reset();
    sc_ep_jac_to_aff(&pa, &p, c);
    o = snap();
    CHECK(o.inv == 1, "%s jac_to_aff: I %llu", curve, (unsigned long long)o.inv);
    printf("%s: dbl %dM + %dS + %lluA + %lluC, madd 8M + 3S + %lluA + %lluC, add 12M + 4S + %lluA + %lluC\n", curve,
           dbl_m, dbl_s, (unsigned long long)ad[0], (unsigned long long)cd[0], (unsigned long long)ad[1],
           (unsigned long long)cd[1], (unsigned long long)ad[2], (unsigned long long)cd[2]);
}

/* Comba: s^2 word multiplies (product), s(s+1)/2 (squaring), s = 160-bit words. */
static void word_counts(void)
{
    const size_t s = SC_WORDS(160);
    sc_word a[SC_WORDS(160)], b[SC_WORDS(160)], t[2 * SC_WORDS(160)];
    sc_opcount o;
    tu_rand_bytes((uint8_t *)a, sizeof a);
    tu_rand_bytes((uint8_t *)b, sizeof b);
    sc_opcount_reset();
    sc_mp_mul_comba(t, a, b, s);
    o = snap();
    if (o.wmul == 0) {
        printf("mp layer does not count word multiplies (W = 0): not checked\n");
        return;
    }
    CHECK(o.wmul == s * s, "160-bit Comba product: W %llu, want %zu", (unsigned long long)o.wmul, s * s);
    sc_opcount_reset();
    sc_mp_sqr_comba(t, a, s);
    o = snap();
    CHECK(o.wmul == s * (s + 1) / 2, "160-bit Comba squaring: W %llu, want %zu", (unsigned long long)o.wmul,
          s * (s + 1) / 2);
}

int main(void)
{
    size_t i;
    tu_seed_init("opcount_counting");
    CHECK(sc_opcount_enabled() == 1, "counting build: enabled");
    for (i = 0; i < sc_curve_prime_count(); i++) {
        field_counts(sc_curve_at(i)->ep->fp);
        field_counts(sc_curve_at(i)->ep->fn);
    }
    /* EFD dbl-2004-hmv for a = -3; a = 0 as derived in the header comment */
    point_counts("secp160r1", 4, 4);
    point_counts("secp256r1", 4, 4);
    point_counts("secp256k1", 3, 4);
    word_counts();
    /* reset clears */
    sc_opcount_reset();
    {
        sc_opcount o = snap();
        CHECK(o.mul == 0 && o.sqr == 0 && o.inv == 0 && o.add == 0 && o.smul == 0 && o.sqrt == 0 && o.wmul == 0,
              "reset clears");
    }
    return tu_done("opcount_counting");
}

#else /* normal build: nothing is counted */

int main(void)
{
    size_t i;
    tu_seed_init("opcount");
    CHECK(sc_opcount_enabled() == 0, "normal build: not enabled");
    sc_opcount_reset();
    for (i = 0; i < sc_curve_prime_count(); i++) {
        const sc_ep_curve *c = sc_curve_at(i)->ep;
        const sc_fp_field *f = c->fp;
        sc_fe a, b, r;
        sc_ep_jac p;
        sc_ep_aff pa;
        sc_opcount o;
        rand_fe(a, f);
        rand_fe(b, f);
        sc_fp_mul(r, a, b, f);
        sc_fp_sqr(r, r, f);
        sc_fp_add(r, r, a, f);
        sc_fp_dbl(r, r, f);
        sc_fp_inv(r, r, f);
        sc_fp_inv_var(r, a, f);
        sc_fp_mont_mul_fips(r, a, b, f); /* any odd p: the value is irrelevant here */
        sc_fp_inv_great_divide_var(r, a, f);
        rand_point(&p, &pa, c);
        sc_ep_dbl_jac(&p, &p, c);
        sc_ep_add_mixed(&p, &p, &pa, c);
        o = snap();
        CHECK(o.mul == 0 && o.sqr == 0 && o.inv == 0 && o.add == 0 && o.smul == 0 && o.sqrt == 0 && o.wmul == 0,
              "%s: counters stay zero", f->name);
        memset(&o, 0xff, sizeof o);
        sc_opcount_get(&o);
        CHECK(o.mul == 0 && o.wmul == 0, "%s: get zeroes its output", f->name);
    }
    return tu_done("opcount");
}

#endif
