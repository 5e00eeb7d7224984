/* scalarmul fixed-base and double-scalar methods (src/scalarmul/fixed_base.c, double_scalar.c,
 * recode_jsf.c, list_fixed_double.c) and their const tables (src/scalarmul/gen/tab_*.c).
 *
 *  - the tables: every entry of every curve recomputed with OpenSSL's
 *    EC_POINT_mul (i*G, and sum 2^(i d) G from the bits of the comb index)
 *    and compared; the table's form (Montgomery or not) agrees with the field;
 *  - every fixed-base method of the registry, in every coordinate system
 *    sc_scalarmul_supports() accepts, at every window of its range, on the scalars
 *    0, 1, 2, n-1, n-2, comb-shaped and random ones: compared with the
 *    production sc_ec_mul_gen, whose values are compared with OpenSSL;
 *  - every double-scalar method likewise on pairs (u1, u2) with the same
 *    scalars and 0 on either side, for a random Q, Q = G and Q = -G (G + Q or
 *    G - Q is then infinity, as is u1 G + u2 Q for u2 = n - u1 with Q = G):
 *    compared with sc_ec_mul2_var, whose values are compared with OpenSSL's
 *    EC_POINT_mul(G, u1, Q, u2);
 *  - sc_scalarmul_recode_jsf against the definition of the joint sparse form (sum of
 *    the digits with OpenSSL BIGNUMs, JSF-1, JSF-2, JSF-3), exhaustively on
 *    small pairs and on the test scalars;
 *  - curves with a copied field in the other form (table conversion, and the
 *    "no table" path: fixed-base methods refuse, interleave computes G's
 *    multiples), refusals (ct method in a non-ct system, windows out of
 *    range, NULL arguments), r aliasing Q.
 * At 8- and 16-bit limbs each (method, system, window) combination runs on
 * one curve (rotating) and on fewer random scalars, to keep the test near a
 * minute. */
#include "ecutil.h"
#include <seacurve/scalarmul.h>
#include <seacurve/coords.h>
#include "scalarmul/gen/tab.h"

#define MAXK 24
#define MAXQ 3

typedef struct {
    sc_word k[SC_FP_MAXW];
    BIGNUM *bn;
    char what[32];
} kcase;

typedef struct {
    const kcase *a, *b;     /* u1, u2 */
    unsigned q;             /* index of Q */
    sc_ep_aff exp;
    sc_err e;
} pcase;

static void add_case(ectest *t, kcase *ks, size_t *nk, BIGNUM *v, const char *what)
{
    kcase *kc = &ks[*nk];
    if (*nk >= MAXK) {
        BN_free(v);
        return;
    }
    kc->bn = v;
    snprintf(kc->what, sizeof kc->what, "%s", what);
    ect_bn_to_sc(t, kc->k, v);
    (*nk)++;
}

/* 0, 1, 2, n-1, n-2 first (indices 0..4), then shapes that fill or empty comb
 * columns, then random scalars */
static size_t make_scalars(ectest *t, kcase *ks, long nrand)
{
    size_t nk = 0;
    int nb = BN_num_bits(t->order), i;
    BIGNUM *v;
    long r;
    for (i = 0; i <= 2; i++) {
        static const char *nm[] = { "0", "1", "2" };
        v = BN_new();
        BN_set_word(v, (BN_ULONG)i);
        add_case(t, ks, &nk, v, nm[i]);
    }
    for (i = 1; i <= 2; i++) {
        static const char *nm[] = { "", "n-1", "n-2" };
        v = BN_dup(t->order);
        BN_sub_word(v, (BN_ULONG)i);
        add_case(t, ks, &nk, v, nm[i]);
    }
    v = BN_new();                       /* 2^(nb-1) - 1: all columns full below the top */
    BN_set_bit(v, nb - 1);
    BN_sub_word(v, 1);
    add_case(t, ks, &nk, v, "2^(nb-1)-1");
    v = BN_new();                       /* the top bit alone */
    BN_set_bit(v, nb - 1);
    add_case(t, ks, &nk, v, "2^(nb-1)");
    v = BN_new();                       /* bits 0, 41, 82, 123 (secp160r1's w = 4 comb: one column) */
    for (i = 0; i < nb - 1; i += 41)
        BN_set_bit(v, i);
    add_case(t, ks, &nk, v, "sum 2^(41i)");
    v = BN_new();                       /* 0x..eeee: windows of 3 ones and a zero */
    for (i = 0; i + 1 < nb; i++)
        if (i % 4)
            BN_set_bit(v, i);
    add_case(t, ks, &nk, v, "0x..eeee");
    for (r = 0; r < nrand; r++) {
        char nm[32];
        v = ect_rand_scalar(t);
        snprintf(nm, sizeof nm, "random %d", (int)r);
        add_case(t, ks, &nk, v, nm);
    }
    return nk;
}

static int same(ectest *t, sc_err e, const sc_ep_aff *r, sc_err ee, const sc_ep_aff *exp)
{
    if (ee == SC_ERR_INFINITY)
        return e == SC_ERR_INFINITY && sc_fp_is_zero(r->x, t->c->fp) && sc_fp_is_zero(r->y, t->c->fp);
    return ee == SC_OK && e == SC_OK && ect_aff_eq(t, r, exp);
}

/* combination number idx runs on this curve (all of them at 32/64-bit limbs) */
static int sampled(size_t idx, size_t curve)
{
#if SC_WORD_BITS >= 32
    (void)idx;
    (void)curve;
    return 1;
#else
    return idx % sc_curve_prime_count() == curve;
#endif
}

/* ------------------------------------------------------------------ */
/* tables                                                              */

static void check_entry(ectest *t, const struct sc_scalarmul_table *tb, const sc_word *pts, size_t i, const BIGNUM *k,
                        const char *what)
{
    EC_POINT *o = EC_POINT_new(t->grp);
    sc_ep_aff a;
    sc_scalarmul_table_point(&a, tb, pts, i, t->c);
    EC_POINT_mul(t->grp, o, k, NULL, NULL, t->ctx);
    CHECK(!EC_POINT_is_at_infinity(t->grp, o) && ect_eq(t, &a, o), "%s: table %s entry %zu differs from OpenSSL",
          t->cv->name, what, i);
    EC_POINT_free(o);
}

static void test_tables(ectest *t)
{
    const struct sc_scalarmul_table *tb = sc_scalarmul_table_find(t->c);
    BIGNUM *k = BN_new();
    unsigned w, j, i, m;
    size_t n = 0;
    if (!CHECK(tb != NULL, "%s: no scalarmul table", t->cv->name)) {
        BN_free(k);
        return;
    }
    CHECK(tb->mont == t->c->fp->mont, "%s: table form (mont %u) differs from the field's (%u)", t->cv->name,
          tb->mont, t->c->fp->mont);
    CHECK(tb->nbits == BN_num_bits(t->order), "%s: table nbits", t->cv->name);
    for (j = 0; j < SC_SCALARMUL_MUL_N; j++, n++) {
        m = j < 15 ? j + 1 : 17 + 2 * (j - 15);
        BN_set_word(k, m);
        check_entry(t, tb, tb->mul, j, k, "mul");
    }
    CHECK(m == SC_SCALARMUL_MUL_MAX, "SC_SCALARMUL_MUL_MAX");
    for (w = SC_SCALARMUL_COMB_WMIN; w <= SC_SCALARMUL_COMB_WMAX; w++) {
        unsigned d = (tb->nbits + w - 1) / w;
        char nm[16];
        snprintf(nm, sizeof nm, "comb%u", w);
        for (j = 1; j < (1u << w); j++, n++) {
            BN_zero(k);
            for (i = 0; i < w; i++)
                if (j >> i & 1)
                    BN_set_bit(k, (int)(i * d));
            check_entry(t, tb, tb->comb[w - SC_SCALARMUL_COMB_WMIN], j - 1, k, nm);
        }
    }
    printf("test_scalarmul_fixed: %s: %zu table entries checked against OpenSSL\n", t->cv->name, n);
    BN_free(k);
}

/* ------------------------------------------------------------------ */
/* fixed base                                                          */

static void test_fix(ectest *t, size_t curve, const kcase *ks, size_t nk)
{
    sc_ep_aff exp[MAXK];
    sc_err ee[MAXK];
    EC_POINT *o = EC_POINT_new(t->grp);
    size_t i, mi, si, idx = 0, runs = 0;
    for (i = 0; i < nk; i++) {
        ee[i] = sc_ec_mul_gen(&exp[i], ks[i].k, t->c);
        EC_POINT_mul(t->grp, o, ks[i].bn, NULL, NULL, t->ctx);
        if (EC_POINT_is_at_infinity(t->grp, o))
            CHECK(ee[i] == SC_ERR_INFINITY, "%s: sc_ec_mul_gen k=%s: infinity expected", t->cv->name, ks[i].what);
        else
            CHECK(ee[i] == SC_OK && ect_eq(t, &exp[i], o), "%s: sc_ec_mul_gen k=%s differs from OpenSSL",
                  t->cv->name, ks[i].what);
    }
    for (mi = 0; mi < sc_scalarmul_count(); mi++) {
        const sc_scalarmul_method *m = sc_scalarmul_at(mi);
        if (m->kind != SC_SCALARMUL_FIX)
            continue;
        for (si = 0; si < sc_coords_count(); si++) {
            const sc_coords_sys *s = sc_coords_at(si);
            unsigned w;
            sc_ep_aff r;
            if (!sc_scalarmul_supports(m, s)) {
                memset(&r, 0xa5, sizeof r);
                CHECK(m->fix(&r, ks[1].k, m->wmin, s, t->c) == SC_ERR_UNSUPPORTED && sc_fp_is_zero(r.x, t->c->fp),
                      "%s: %s in %s (unsupported) must refuse", t->cv->name, m->name, s->name);
                continue;
            }
            for (w = m->wmin; w <= m->wmax; w++) {
                if (!sampled(idx++, curve))
                    continue;
                runs++;
                for (i = 0; i < nk; i++) {
                    sc_err e;
                    memset(&r, 0xa5, sizeof r);
                    e = m->fix(&r, ks[i].k, w, s, t->c);
                    CHECK(same(t, e, &r, ee[i], &exp[i]), "%s: %s in %s, w=%u, k=%s: got %d", t->cv->name, m->name,
                          s->name, w, ks[i].what, (int)e);
                }
            }
            memset(&r, 0xa5, sizeof r);
            CHECK(m->fix(&r, ks[2].k, m->wmin - 1u, s, t->c) == SC_ERR_UNSUPPORTED && sc_fp_is_zero(r.y, t->c->fp),
                  "%s: %s w=%u accepted", t->cv->name, m->name, m->wmin - 1u);
            CHECK(m->fix(&r, ks[2].k, m->wmax + 1u, s, t->c) == SC_ERR_UNSUPPORTED, "%s: %s w=%u accepted",
                  t->cv->name, m->name, m->wmax + 1u);
        }
    }
    printf("test_scalarmul_fixed: %s: %zu fixed-base method/system/window combinations x %zu scalars\n", t->cv->name, runs,
           nk);
    EC_POINT_free(o);
}

/* ------------------------------------------------------------------ */
/* double scalar                                                       */

/* the pairs: (0, 0), each test scalar against 0 on either side, edge pairs,
 * consecutive random pairs; with Q = G also u2 = n - u1 (infinity) */
static size_t make_pairs(pcase *ps, size_t max, const kcase *ks, size_t nk, const kcase *neg, size_t nneg)
{
    size_t np = 0, i, j;
#define PAIR(x, y, qi) do { if (np < max) { ps[np].a = (x); ps[np].b = (y); ps[np].q = (qi); np++; } } while (0)
    PAIR(&ks[0], &ks[0], 0);
    for (i = 1; i < nk; i++) {
        PAIR(&ks[i], &ks[0], 0);
        PAIR(&ks[0], &ks[i], 0);
    }
    for (i = 1; i < 5; i++)             /* 1, 2, n-1, n-2 against each other */
        for (j = 1; j < 5; j++)
            PAIR(&ks[i], &ks[j], 0);
    for (i = 5; i + 1 < nk; i++)
        PAIR(&ks[i], &ks[i + 1], 0);
    for (j = 1; j < MAXQ; j++) {        /* Q = G, Q = -G */
        PAIR(&ks[1], &ks[1], j);
        PAIR(&ks[3], &ks[1], j);
        PAIR(&ks[nk - 1], &ks[nk - 2], j);
        PAIR(&ks[0], &ks[nk - 1], j);
        for (i = 0; i < nneg; i++)
            PAIR(&ks[nk - 1 - i], &neg[i], j);   /* u1 G + (n - u1) Q */
    }
#undef PAIR
    return np;
}

static void test_double(ectest *t, size_t curve, const kcase *ks, size_t nk)
{
    pcase ps[4 * MAXK + 40];
    kcase neg[2];
    sc_ep_aff qs[MAXQ];
    EC_POINT *oq[MAXQ], *o = EC_POINT_new(t->grp);
    const char *qname[MAXQ] = { "random Q", "Q = G", "Q = -G" };
    size_t np, i, mi, si, idx = 0, runs = 0;
    oq[0] = ect_rand_point(t, &qs[0]);
    sc_ep_generator(&qs[1], t->c);
    sc_ep_neg_aff(&qs[2], &qs[1], t->c);
    oq[1] = ect_to_ossl(t, &qs[1]);
    oq[2] = ect_to_ossl(t, &qs[2]);
    if (!CHECK(oq[0] && oq[1] && oq[2], "%s: the points Q", t->cv->name))
        goto out;
    for (i = 0; i < 2; i++) {           /* n - u1 for the last two test scalars */
        BIGNUM *v = BN_dup(t->order);
        BN_sub(v, v, ks[nk - 1 - i].bn);
        neg[i].bn = v;
        snprintf(neg[i].what, sizeof neg[i].what, "n-(%s)", ks[nk - 1 - i].what);
        ect_bn_to_sc(t, neg[i].k, v);
    }
    np = make_pairs(ps, sizeof ps / sizeof ps[0], ks, nk, neg, 2);
    for (i = 0; i < np; i++) {
        pcase *pc = &ps[i];
        pc->e = sc_ec_mul2_var(&pc->exp, pc->a->k, pc->b->k, &qs[pc->q], t->c);
        EC_POINT_mul(t->grp, o, pc->a->bn, oq[pc->q], pc->b->bn, t->ctx);
        if (EC_POINT_is_at_infinity(t->grp, o))
            CHECK(pc->e == SC_ERR_INFINITY, "%s: sc_ec_mul2_var (%s, %s), %s: infinity expected", t->cv->name,
                  pc->a->what, pc->b->what, qname[pc->q]);
        else
            CHECK(pc->e == SC_OK && ect_eq(t, &pc->exp, o), "%s: sc_ec_mul2_var (%s, %s), %s differs from OpenSSL",
                  t->cv->name, pc->a->what, pc->b->what, qname[pc->q]);
    }
    for (mi = 0; mi < sc_scalarmul_count(); mi++) {
        const sc_scalarmul_method *m = sc_scalarmul_at(mi);
        if (m->kind != SC_SCALARMUL_DOUBLE)
            continue;
        for (si = 0; si < sc_coords_count(); si++) {
            const sc_coords_sys *s = sc_coords_at(si);
            unsigned w;
            sc_ep_aff r;
            if (!sc_scalarmul_supports(m, s)) {
                memset(&r, 0xa5, sizeof r);
                CHECK(m->dbl(&r, ks[1].k, ks[1].k, &qs[0], m->wmin, s, t->c) == SC_ERR_UNSUPPORTED,
                      "%s: %s in %s (unsupported) must refuse", t->cv->name, m->name, s->name);
                continue;
            }
            for (w = m->wmin; w <= m->wmax; w++) {
                if (!sampled(idx++, curve))
                    continue;
                runs++;
                for (i = 0; i < np; i++) {
                    const pcase *pc = &ps[i];
                    sc_err e;
                    memset(&r, 0xa5, sizeof r);
                    e = m->dbl(&r, pc->a->k, pc->b->k, &qs[pc->q], w, s, t->c);
                    CHECK(same(t, e, &r, pc->e, &pc->exp), "%s: %s in %s, w=%u, (%s, %s), %s: got %d", t->cv->name,
                          m->name, s->name, w, pc->a->what, pc->b->what, qname[pc->q], (int)e);
                }
            }
            if (m->wmin) {
                memset(&r, 0xa5, sizeof r);
                CHECK(m->dbl(&r, ks[2].k, ks[2].k, &qs[0], m->wmin - 1u, s, t->c) == SC_ERR_UNSUPPORTED &&
                          sc_fp_is_zero(r.x, t->c->fp), "%s: %s w=%u accepted", t->cv->name, m->name, m->wmin - 1u);
                CHECK(m->dbl(&r, ks[2].k, ks[2].k, &qs[0], m->wmax + 1u, s, t->c) == SC_ERR_UNSUPPORTED,
                      "%s: %s w=%u accepted", t->cv->name, m->name, m->wmax + 1u);
            } else if (sampled(idx++, curve)) {
                sc_err e = m->dbl(&r, ps[np - 1].a->k, ps[np - 1].b->k, &qs[ps[np - 1].q], 9, s, t->c);
                CHECK(same(t, e, &r, ps[np - 1].e, &ps[np - 1].exp), "%s: %s in %s: w is ignored", t->cv->name,
                      m->name, s->name);
            }
            if (sampled(idx++, curve)) {   /* r may alias Q */
                const pcase *pc = &ps[np / 2];
                sc_ep_aff a = qs[pc->q];
                sc_err e = m->dbl(&a, pc->a->k, pc->b->k, &a, m->wmax, s, t->c);
                CHECK(same(t, e, &a, pc->e, &pc->exp), "%s: %s in %s with r == Q", t->cv->name, m->name, s->name);
            }
        }
    }
    printf("test_scalarmul_fixed: %s: %zu double-scalar method/system/window combinations x %zu pairs\n", t->cv->name, runs,
           np);
    for (i = 0; i < 2; i++)
        BN_free(neg[i].bn);
out:
    for (i = 0; i < MAXQ; i++)
        EC_POINT_free(oq[i]);
    EC_POINT_free(o);
}

/* ------------------------------------------------------------------ */
/* fields in the other form                                            */

/* r (status e, in field f) and x (status ex, in field g) are the same result */
static int canon_same(sc_err e, const sc_ep_aff *r, const sc_fp_field *f, sc_err ex, const sc_ep_aff *x,
                      const sc_fp_field *g)
{
    sc_word a[2][SC_FP_MAXW], b[2][SC_FP_MAXW];
    if (e != ex)
        return 0;
    if (e != SC_OK)
        return 1;
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    sc_fp_to_canon(a[0], r->x, f);
    sc_fp_to_canon(a[1], r->y, f);
    sc_fp_to_canon(b[0], x->x, g);
    sc_fp_to_canon(b[1], x->y, g);
    return !memcmp(a, b, sizeof a);
}

/* A copy of the curve whose field p is held in the other form: Montgomery
 * (generic REDC, one = R mod p) for a plain field, the plain field with the
 * generic Barrett reducer for a Montgomery one.  The fixed-base methods then
 * convert canonical table entries, or refuse Montgomery ones (and
 * sc_scalarmul_interleave computes G's odd multiples itself). */
static void test_other_form(ectest *t, const kcase *ks, size_t nk)
{
    const sc_ep_curve *c0 = t->c;
    sc_fp_field f = *c0->fp;
    sc_ep_curve c = *c0;
    const sc_coords_sys *s = sc_coords_find("jacobian");
    const sc_scalarmul_method *cb = sc_scalarmul_find("comb"), *sl = sc_scalarmul_find("fix_sliding");
    const sc_scalarmul_method *il = sc_scalarmul_find("interleave");
    const struct sc_scalarmul_table *tb0 = sc_scalarmul_table_find(c0);
    sc_word three[SC_FP_MAXW] = { 3 }, cx[SC_FP_MAXW] = { 0 }, cy[SC_FP_MAXW] = { 0 };
    uint8_t be[SC_FP_MAXBYTES + 8];
    const size_t nb = c0->fp->nw * sizeof(sc_word);
    sc_ep_aff qa, qb, r, ex;
    size_t i;
    int refuse;
    if (!CHECK(s && cb && sl && il && tb0, "%s: other form: prerequisites", t->cv->name))
        return;
    memset(f.one, 0, sizeof f.one);
    if (c0->fp->mont) {
        f.mont = 0;
        f.reduce = sc_fp_reduce_barrett;
        f.one[0] = 1;
    } else {
        BIGNUM *p = BN_new(), *R = BN_new();
        sc_mp_to_be(be, nb, c0->fp->p, c0->fp->nw);
        BN_bin2bn(be, (int)nb, p);
        BN_set_bit(R, (int)(SC_WORD_BITS * f.nw));
        BN_nnmod(R, R, p, t->ctx);
        BN_bn2binpad(R, be, (int)nb);
        sc_mp_from_be(f.one, f.nw, be, nb);
        f.mont = 1;
        f.reduce = sc_fp_reduce_mont;
        BN_free(p);
        BN_free(R);
    }
    c.fp = &f;
    refuse = tb0->mont && !f.mont;
    CHECK((sc_scalarmul_table_find(&c) == NULL) == refuse, "%s: other form: table lookup", t->cv->name);
    CHECK(sc_ec_mul_gen(&qa, three, c0) == SC_OK, "3G");        /* Q = 3G, in both forms */
    sc_fp_to_canon(cx, qa.x, c0->fp);
    sc_fp_to_canon(cy, qa.y, c0->fp);
    sc_fp_from_canon(qb.x, cx, &f);
    sc_fp_from_canon(qb.y, cy, &f);
    for (i = 0; i < nk; i += 3) {
        sc_err e0 = sc_ec_mul_gen(&ex, ks[i].k, c0), e;
        e = cb->fix(&r, ks[i].k, 5, s, &c);
        if (refuse) {
            CHECK(e == SC_ERR_UNSUPPORTED, "%s: other form: comb must refuse a Montgomery table", t->cv->name);
            CHECK(sl->fix(&r, ks[i].k, 4, s, &c) == SC_ERR_UNSUPPORTED, "%s: other form: fix_sliding must refuse",
                  t->cv->name);
        } else {
            CHECK(canon_same(e, &r, &f, e0, &ex, c0->fp), "%s: other form: comb k=%s", t->cv->name, ks[i].what);
            e = sl->fix(&r, ks[i].k, 4, s, &c);
            CHECK(canon_same(e, &r, &f, e0, &ex, c0->fp), "%s: other form: fix_sliding k=%s", t->cv->name,
                  ks[i].what);
        }
        e0 = sc_ec_mul2_var(&ex, ks[i].k, ks[nk - 1].k, &qa, c0);
        e = il->dbl(&r, ks[i].k, ks[nk - 1].k, &qb, 5, s, &c);
        CHECK(canon_same(e, &r, &f, e0, &ex, c0->fp), "%s: other form: interleave u1=%s", t->cv->name, ks[i].what);
    }
}

/* ------------------------------------------------------------------ */
/* JSF                                                                 */

/* the digits of sc_scalarmul_recode_jsf against the definition */
static int check_jsf(const sc_word *u1, const sc_word *u2, size_t nw, const BIGNUM *b1, const BIGNUM *b2,
                     const char *what)
{
    int8_t d1[SC_FP_MAX_BITS + 8], d2[SC_FP_MAX_BITS + 8];
    size_t bits = (size_t)(BN_num_bits(b1) > BN_num_bits(b2) ? BN_num_bits(b1) : BN_num_bits(b2)), len, i;
    BIGNUM *a1 = BN_new(), *a2 = BN_new();
    int ok = 1;
    memset(d1, 0x55, sizeof d1);
    memset(d2, 0x55, sizeof d2);
    len = sc_scalarmul_recode_jsf(d1, d2, sizeof d1, u1, u2, nw);
    if (bits == 0) {
        ok &= CHECK(len == 0 && d1[0] == 0 && d2[0] == 0, "JSF of (0, 0) has no digits");
        goto out;
    }
    ok &= CHECK(len >= 1 && len <= bits + 1, "%s: JSF length %zu for %zu bits", what, len, bits);
    for (i = len; i < sizeof d1; i++)
        if (d1[i] || d2[i])
            break;
    ok &= CHECK(i == sizeof d1 && (d1[len - 1] || d2[len - 1]), "%s: JSF: top column zero or digits past it",
                what);
    for (i = len; i-- > 0;) {
        BN_lshift1(a1, a1);
        BN_lshift1(a2, a2);
        if (d1[i] == 1)
            BN_add_word(a1, 1);
        else if (d1[i] == -1)
            BN_sub_word(a1, 1);
        else
            ok &= CHECK(d1[i] == 0, "%s: JSF digit %d", what, d1[i]);
        if (d2[i] == 1)
            BN_add_word(a2, 1);
        else if (d2[i] == -1)
            BN_sub_word(a2, 1);
        else
            ok &= CHECK(d2[i] == 0, "%s: JSF digit %d", what, d2[i]);
    }
    ok &= CHECK(BN_cmp(a1, b1) == 0 && BN_cmp(a2, b2) == 0, "%s: JSF digits do not sum to (u1, u2)", what);
    for (i = 0; i + 2 < len + 2; i++) {   /* JSF-1 over all columns (past len: zero) */
        int z0 = !d1[i] && !d2[i], z1 = !d1[i + 1] && !d2[i + 1], z2 = !d1[i + 2] && !d2[i + 2];
        if (!(z0 || z1 || z2)) {
            ok &= CHECK(0, "%s: JSF-1 fails at columns %zu..%zu", what, i, i + 2);
            break;
        }
    }
    for (i = 0; i + 1 < len; i++) {
        const int8_t *row[2] = { d1, d2 };
        int j;
        for (j = 0; j < 2; j++) {
            int p = row[j][i + 1] * row[j][i];
            if (p == -1) {
                ok &= CHECK(0, "%s: JSF-2 fails at row %d, column %zu", what, j, i);
                break;
            }
            if (p != 0 && !((row[1 - j][i + 1] == 1 || row[1 - j][i + 1] == -1) && row[1 - j][i] == 0)) {
                ok &= CHECK(0, "%s: JSF-3 fails at row %d, column %zu", what, j, i);
                break;
            }
        }
    }
    /* a buffer one short of bits + 1 is refused */
    ok &= CHECK(sc_scalarmul_recode_jsf(d1, d2, bits, u1, u2, nw) == 0, "%s: JSF: short buffer accepted", what);
out:
    BN_free(a1);
    BN_free(a2);
    return ok;
}

static void test_jsf(ectest *t, const kcase *ks, size_t nk, int small)
{
    size_t i, j, n = 0;
    unsigned a, b;
    int8_t d1[8], d2[8];
    BIGNUM *b1 = BN_new(), *b2 = BN_new();
    /* exhaustive on small pairs (one word holds them at every width) */
    for (a = 0; small && a < 128; a++) {
        for (b = 0; b < 128; b++) {
            sc_word u1[1] = { (sc_word)a }, u2[1] = { (sc_word)b };
            char nm[32];
            BN_set_word(b1, a);
            BN_set_word(b2, b);
            snprintf(nm, sizeof nm, "(%u, %u)", a, b);
            if (!check_jsf(u1, u2, 1, b1, b2, nm))
                goto out;
            n++;
        }
    }
    for (i = 0; i < nk; i++) {
        for (j = 0; j < nk; j++) {
            char nm[80];
            snprintf(nm, sizeof nm, "%s: (%s, %s)", t->cv->name, ks[i].what, ks[j].what);
            check_jsf(ks[i].k, ks[j].k, t->c->fn->nw, ks[i].bn, ks[j].bn, nm);
            n++;
        }
    }
    /* (3, 1): JSF columns (-1, 1), (0, 0), (1, 0) ... checked by value: 3 = 4 - 1 */
    {
        sc_word u1[1] = { 3 }, u2[1] = { 1 };
        size_t len = sc_scalarmul_recode_jsf(d1, d2, sizeof d1, u1, u2, 1);
        CHECK(len == 3 && d1[0] == -1 && d1[1] == 0 && d1[2] == 1 && d2[0] == 1 && d2[1] == 0 && d2[2] == 0,
              "JSF of (3, 1)");
    }
    CHECK(sc_scalarmul_recode_jsf(NULL, d2, sizeof d2, ks[1].k, ks[1].k, t->c->fn->nw) == 0, "JSF: NULL accepted");
    printf("test_scalarmul_fixed: %s: %zu JSF pairs checked\n", t->cv->name, n);
out:
    BN_free(b1);
    BN_free(b2);
}

/* ------------------------------------------------------------------ */

static void test_registry(void)
{
    static const struct { const char *name; unsigned kind, ct, wmin, wmax; } want[] = {
        { "fix_sliding", SC_SCALARMUL_FIX, 0, 2, 4 }, { "comb", SC_SCALARMUL_FIX, 0, 4, 8 }, { "comb_ct", SC_SCALARMUL_FIX, 1, 4, 8 },
        { "shamir", SC_SCALARMUL_DOUBLE, 0, 1, 2 }, { "interleave", SC_SCALARMUL_DOUBLE, 0, 2, 6 },
        { "jsf", SC_SCALARMUL_DOUBLE, 0, 0, 0 },
    };
    size_t i;
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        const sc_scalarmul_method *m = sc_scalarmul_find(want[i].name);
        if (!CHECK(m != NULL, "method %s not registered", want[i].name))
            continue;
        CHECK(m->kind == want[i].kind && !m->var && (m->kind == SC_SCALARMUL_FIX ? m->fix && !m->dbl : m->dbl && !m->fix) &&
                  m->source && m->source[0] && m->systems == NULL,
              "%s: kind / function / source / systems", m->name);
        CHECK(m->ct == want[i].ct && m->wmin == want[i].wmin && m->wmax == want[i].wmax, "%s: ct / window range",
              m->name);
    }
}

static void test_args(ectest *t)
{
    const sc_coords_sys *s = sc_coords_find("jacobian");
    sc_word k[SC_FP_MAXW] = { 5 };
    sc_ep_aff q, r;
    size_t i;
    sc_ep_generator(&q, t->c);
    for (i = 0; i < sc_scalarmul_count(); i++) {
        const sc_scalarmul_method *m = sc_scalarmul_at(i);
        unsigned w = m->wmin;
        if (m->kind == SC_SCALARMUL_FIX) {
            CHECK(m->fix(NULL, k, w, s, t->c) == SC_ERR_ARG, "%s: r NULL", m->name);
            memset(&r, 0xa5, sizeof r);
            CHECK(m->fix(&r, NULL, w, s, t->c) == SC_ERR_ARG && sc_fp_is_zero(r.x, t->c->fp), "%s: k NULL",
                  m->name);
            CHECK(m->fix(&r, k, w, NULL, t->c) == SC_ERR_ARG, "%s: system NULL", m->name);
            CHECK(m->fix(&r, k, w, s, NULL) == SC_ERR_ARG, "%s: curve NULL", m->name);
        } else if (m->kind == SC_SCALARMUL_DOUBLE) {
            CHECK(m->dbl(NULL, k, k, &q, w, s, t->c) == SC_ERR_ARG, "%s: r NULL", m->name);
            memset(&r, 0xa5, sizeof r);
            CHECK(m->dbl(&r, NULL, k, &q, w, s, t->c) == SC_ERR_ARG && sc_fp_is_zero(r.x, t->c->fp), "%s: u1 NULL",
                  m->name);
            CHECK(m->dbl(&r, k, NULL, &q, w, s, t->c) == SC_ERR_ARG, "%s: u2 NULL", m->name);
            CHECK(m->dbl(&r, k, k, NULL, w, s, t->c) == SC_ERR_ARG, "%s: Q NULL", m->name);
            CHECK(m->dbl(&r, k, k, &q, w, NULL, t->c) == SC_ERR_ARG, "%s: system NULL", m->name);
            CHECK(m->dbl(&r, k, k, &q, w, s, NULL) == SC_ERR_ARG, "%s: curve NULL", m->name);
        }
    }
}

int main(void)
{
    size_t i, j;
    tu_seed_init("scalarmul_fixed");
    test_registry();
    for (i = 0; i < sc_curve_prime_count(); i++) {
        ectest t;
        kcase ks[MAXK];
        size_t nk;
        if (tu_opf_skip(sc_curve_at(i)->name))
            continue;
        if (!ect_init(&t, i)) {
            ect_free(&t);
            continue;
        }
#if SC_WORD_BITS >= 32
        nk = make_scalars(&t, ks, tu_cases(4));
#else
        nk = make_scalars(&t, ks, tu_cases(2));
#endif
        if (i == 0)
            test_args(&t);
        test_tables(&t);
        test_jsf(&t, ks, nk, i == 0);
        test_fix(&t, i, ks, nk);
        test_double(&t, i, ks, nk);
        test_other_form(&t, ks, nk);
        for (j = 0; j < nk; j++)
            BN_free(ks[j].bn);
        ect_free(&t);
    }
    return tu_done("test_scalarmul_fixed");
}
