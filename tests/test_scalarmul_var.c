/* scalarmul variable-base methods (src/scalarmul/variable_base.c, recode.c, list_var.c).
 *
 * Every variable-base method of the registry, in every coordinate system
 * sc_scalarmul_supports() accepts, at every window of its range, on the edge
 * scalars 0, 1, 2, 3, n-1, n-2, n-3, (n-1)/2, (n+1)/2, low and high Hamming
 * weight and random ones; each result is compared with the production
 * sc_ec_mul, and each of those expected values with OpenSSL's EC_POINT_mul.
 * At 8- and 16-bit limbs each (method, system, window) combination runs on
 * one curve (rotating), to keep the test near a minute.  The co-Z ladder is
 * also run on a point with x = 0 (its Z-tracking path) where the curve has
 * one.  Methods refuse systems they do not support and windows out of range.
 * sc_scalarmul_recode_wnaf is checked against its definition: the digits, summed
 * with OpenSSL BIGNUMs, give k; each is odd and below 2^(w-1) in size; any w
 * consecutive digits hold at most one nonzero. */
#include "ecutil.h"
#include <seacurve/scalarmul.h>
#include <seacurve/coords.h>

#define MAXK 40

typedef struct {
    sc_word k[SC_FP_MAXW];
    BIGNUM *bn;
    char what[32];
    sc_ep_aff exp;
    sc_err e;
} kcase;

/* r with status e is the expected result of kc */
static int same(ectest *t, sc_err e, const sc_ep_aff *r, const kcase *kc)
{
    if (kc->e == SC_ERR_INFINITY)
        return e == SC_ERR_INFINITY && sc_fp_is_zero(r->x, t->c->fp) && sc_fp_is_zero(r->y, t->c->fp);
    return e == SC_OK && ect_aff_eq(t, r, &kc->exp);
}

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

/* the edge and random scalars, each < n */
static size_t make_scalars(ectest *t, kcase *ks, long nrand)
{
    size_t nk = 0;
    int nb = BN_num_bits(t->order);
    unsigned i;
    BIGNUM *v;
    long r;
    for (i = 0; i <= 3; i++) {
        static const char *nm[] = { "0", "1", "2", "3" };
        v = BN_new();
        BN_set_word(v, i);
        add_case(t, ks, &nk, v, nm[i]);
    }
    for (i = 1; i <= 3; i++) {
        static const char *nm[] = { "", "n-1", "n-2", "n-3" };
        v = BN_dup(t->order);
        BN_sub_word(v, i);
        add_case(t, ks, &nk, v, nm[i]);
    }
    v = BN_dup(t->order);
    BN_rshift1(v, v);                   /* (n-1)/2 */
    add_case(t, ks, &nk, v, "(n-1)/2");
    v = BN_dup(t->order);
    BN_rshift1(v, v);
    BN_add_word(v, 1);                  /* (n+1)/2 */
    add_case(t, ks, &nk, v, "(n+1)/2");
    v = BN_new();                       /* low weight: 2^(nb-1) + 1 */
    BN_set_bit(v, nb - 1);
    BN_add_word(v, 1);
    add_case(t, ks, &nk, v, "2^(nb-1)+1");
    v = BN_new();                       /* one bit in the middle */
    BN_set_bit(v, nb / 2);
    add_case(t, ks, &nk, v, "2^(nb/2)");
    v = BN_new();                       /* high weight: 2^(nb-1) - 1 */
    BN_set_bit(v, nb - 1);
    BN_sub_word(v, 1);
    add_case(t, ks, &nk, v, "2^(nb-1)-1");
    v = BN_new();                       /* alternating bits 0101.. below the top */
    for (i = 0; i + 1 < (unsigned)nb; i += 2)
        BN_set_bit(v, (int)i);
    add_case(t, ks, &nk, v, "0x..5555");
    for (r = 0; r < nrand; r++) {
        char nm[32];
        v = ect_rand_scalar(t);
        snprintf(nm, sizeof nm, "random %d", (int)(r % 100000));
        add_case(t, ks, &nk, v, nm);
    }
    return nk;
}

/* expected results: production sc_ec_mul, checked against OpenSSL */
static void expect(ectest *t, kcase *ks, size_t nk, const sc_ep_aff *p, const EC_POINT *op, const char *pname)
{
    size_t i;
    EC_POINT *o = EC_POINT_new(t->grp);
    for (i = 0; i < nk; i++) {
        kcase *kc = &ks[i];
        if (BN_is_zero(kc->bn)) {
            memset(&kc->exp, 0, sizeof kc->exp);
            kc->e = SC_ERR_INFINITY;
        } else {
            kc->e = sc_ec_mul(&kc->exp, kc->k, p, t->c);
        }
        EC_POINT_mul(t->grp, o, NULL, op, kc->bn, t->ctx);
        if (EC_POINT_is_at_infinity(t->grp, o))
            CHECK(kc->e == SC_ERR_INFINITY, "%s %s: sc_ec_mul k=%s: infinity expected", t->cv->name, pname, kc->what);
        else
            CHECK(kc->e == SC_OK && ect_eq(t, &kc->exp, o), "%s %s: sc_ec_mul k=%s differs from OpenSSL",
                  t->cv->name, pname, kc->what);
    }
    EC_POINT_free(o);
}

static void run_combo(ectest *t, const sc_scalarmul_method *m, const sc_coords_sys *s, unsigned w, const sc_ep_aff *p,
                      const kcase *ks, size_t nk, const char *pname)
{
    size_t i;
    for (i = 0; i < nk; i++) {
        sc_ep_aff r;
        sc_err e;
        memset(&r, 0xa5, sizeof r);
        e = m->var(&r, ks[i].k, p, w, s, t->c);
        CHECK(same(t, e, &r, &ks[i]), "%s %s: %s in %s, w=%u, k=%s: got %d", t->cv->name, pname, m->name, s->name,
              w, ks[i].what, (int)e);
    }
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

static void test_methods(ectest *t, size_t curve)
{
    kcase ks[MAXK];
    sc_ep_aff p;
    EC_POINT *op = ect_rand_point(t, &p);
#if SC_WORD_BITS >= 32
    size_t nk = make_scalars(t, ks, tu_cases(3));
#else
    size_t nk = make_scalars(t, ks, tu_cases(1));
#endif
    size_t mi, si, idx = 0, i, runs = 0;
    if (!CHECK(op != NULL, "%s: random point", t->cv->name))
        return;
    expect(t, ks, nk, &p, op, "P");
    for (mi = 0; mi < sc_scalarmul_count(); mi++) {
        const sc_scalarmul_method *m = sc_scalarmul_at(mi);
        if (m->kind != SC_SCALARMUL_VAR)
            continue;
        for (si = 0; si < sc_coords_count(); si++) {
            const sc_coords_sys *s = sc_coords_at(si);
            unsigned w, wlo = m->wmin ? m->wmin : 0, whi = m->wmin ? m->wmax : 0;
            if (!sc_scalarmul_supports(m, s)) {
                sc_ep_aff r;
                memset(&r, 0xa5, sizeof r);
                CHECK(m->var(&r, ks[1].k, &p, wlo, s, t->c) == SC_ERR_UNSUPPORTED && sc_fp_is_zero(r.x, t->c->fp),
                      "%s: %s in %s (unsupported) must refuse", t->cv->name, m->name, s->name);
                continue;
            }
            for (w = wlo; w <= whi; w++) {
                if (sampled(idx++, curve)) {
                    run_combo(t, m, s, w, &p, ks, nk, "P");
                    runs++;
                }
            }
            if (m->wmin) {  /* windows out of range */
                sc_ep_aff r;
                CHECK(m->var(&r, ks[2].k, &p, m->wmin - 1u, s, t->c) == SC_ERR_UNSUPPORTED,
                      "%s: %s w=%u accepted", t->cv->name, m->name, m->wmin - 1u);
                CHECK(m->var(&r, ks[2].k, &p, m->wmax + 1u, s, t->c) == SC_ERR_UNSUPPORTED,
                      "%s: %s w=%u accepted", t->cv->name, m->name, m->wmax + 1u);
            } else if (sampled(idx++, curve)) {
                /* no window: w is ignored */
                run_combo(t, m, s, 7, &p, ks + 2, 2, "P");
            }
            /* r may alias P */
            if (sampled(idx++, curve)) {
                sc_ep_aff a = p;
                sc_err e = m->var(&a, ks[nk - 1].k, &a, m->wmin ? m->wmax : 0, s, t->c);
                CHECK(same(t, e, &a, &ks[nk - 1]), "%s: %s in %s with r == P", t->cv->name, m->name, s->name);
            }
        }
    }
    printf("test_scalarmul_var: %s: %zu method/system/window combinations x %zu scalars\n", t->cv->name, runs, nk);

    /* a point with x = 0, where the curve has one: the co-Z ladder's Z-tracking
     * path (and every ct method on it) */
    {
        sc_word x0[SC_FP_MAXW] = { 0 };
        sc_ep_aff pz;
        if (sc_ep_decompress_var(&pz, x0, 0, t->c) == SC_OK) {
            EC_POINT *oz = ect_to_ossl(t, &pz);
            const char *ctm[] = { "coz_ladder", "ladder", "fixwin" };
            const sc_coords_sys *jac = sc_coords_find("jacobian");
            if (CHECK(oz != NULL && jac != NULL, "%s: point with x = 0", t->cv->name)) {
                expect(t, ks, nk, &pz, oz, "(0, y)");
                for (i = 0; i < 3; i++) {
                    const sc_scalarmul_method *m = sc_scalarmul_find(ctm[i]);
                    if (CHECK(m != NULL, "method %s registered", ctm[i]) && sc_scalarmul_supports(m, jac))
                        run_combo(t, m, jac, m->wmin ? m->wmin + 2u : 0, &pz, ks, nk, "(0, y)");
                }
            }
            EC_POINT_free(oz);
        }
    }
    for (i = 0; i < nk; i++)
        BN_free(ks[i].bn);
    EC_POINT_free(op);
}

/* The width-w NAF bit by bit (Guide to ECC Alg. 3.35 with the carry of
 * recode.c's comment), the reference for the word-at-a-time recoder. */
static size_t ref_wnaf(int8_t *out, size_t outlen, const sc_word *k, size_t nw, unsigned w)
{
    size_t i = 0, len = 0, nbits = nw * SC_WORD_BITS;
    unsigned carry = 0;
    memset(out, 0, outlen);
    while (nbits > 0 && !((k[(nbits - 1) / SC_WORD_BITS] >> ((nbits - 1) % SC_WORD_BITS)) & 1u))
        nbits--;
    while (i < nbits || carry) {
        unsigned u = 0, j;
        for (j = 0; j < w; j++)
            if (i + j < nw * SC_WORD_BITS)
                u |= (unsigned)((k[(i + j) / SC_WORD_BITS] >> ((i + j) % SC_WORD_BITS)) & 1u) << j;
        if ((u & 1u) == carry) {
            i++;
            continue;
        }
        u = (u + carry) & ((1u << w) - 1u);
        carry = u >= (1u << (w - 1));
        out[i] = (int8_t)(carry ? (int)u - (int)(1u << w) : (int)u);
        len = i + 1;
        i += w;
    }
    return len;
}

/* digits of sc_scalarmul_recode_wnaf against the definition of the width-w NAF */
static void check_wnaf(ectest *t, const sc_word *k, const BIGNUM *kb, unsigned w, const char *what)
{
    int8_t d[SC_FP_MAX_BITS + 8];
    size_t nw = t->c->fn->nw, bits = (size_t)BN_num_bits(kb), len, i, j;
    BIGNUM *acc = BN_new();
    int ok = 1;
    memset(d, 0x55, sizeof d);
    len = sc_scalarmul_recode_wnaf(d, sizeof d, k, nw, w);
    {
        int8_t ref[SC_FP_MAX_BITS + 8];
        size_t rl = ref_wnaf(ref, sizeof ref, k, nw, w);
        CHECK(rl == len && memcmp(ref, d, sizeof d) == 0, "%s: w=%u k=%s: digits = the bit-by-bit reference",
              t->cv->name, w, what);
    }
    if (BN_is_zero(kb)) {
        CHECK(len == 0 && d[0] == 0, "%s: wNAF of 0 has no digits", t->cv->name);
        BN_free(acc);
        return;
    }
    ok &= CHECK(len >= 1 && len <= bits + 1, "%s: w=%u k=%s: wNAF length %zu for %zu bits", t->cv->name, w, what,
                len, bits);
    ok &= CHECK(len >= 1 && d[len - 1] > 0, "%s: w=%u k=%s: top digit not positive", t->cv->name, w, what);
    for (i = len; i < sizeof d; i++)
        if (d[i] != 0)
            break;
    ok &= CHECK(i == sizeof d, "%s: w=%u k=%s: digits past the length not zeroed", t->cv->name, w, what);
    BN_zero(acc);
    for (i = len; i-- > 0;) {
        int v = d[i];
        BN_lshift1(acc, acc);
        if (v > 0)
            BN_add_word(acc, (BN_ULONG)v);
        else if (v < 0)
            BN_sub_word(acc, (BN_ULONG)-v);
        if (v) {
            if (!(v & 1) || v >= (1 << (w - 1)) || -v >= (1 << (w - 1)))
                ok = 0;
            for (j = i + 1; j < i + w && j < len; j++)
                if (d[j])
                    ok = 0;
        }
    }
    ok &= CHECK(ok, "%s: w=%u k=%s: a digit even, too large, or two nonzero within %u", t->cv->name, w, what, w);
    CHECK(BN_cmp(acc, kb) == 0, "%s: w=%u k=%s: sum d_i 2^i != k", t->cv->name, w, what);
    /* a buffer one short of bits + 1 is refused */
    CHECK(sc_scalarmul_recode_wnaf(d, bits, k, nw, w) == 0, "%s: w=%u k=%s: short buffer accepted", t->cv->name, w,
          what);
    (void)ok;
    BN_free(acc);
}

static void test_recode(ectest *t)
{
    kcase ks[MAXK];
    size_t nk = make_scalars(t, ks, tu_cases(20)), i;
    unsigned w;
    int8_t d[SC_FP_MAX_BITS + 8];
    for (i = 0; i < nk; i++)
        for (w = 2; w <= 8; w++)
            check_wnaf(t, ks[i].k, ks[i].bn, w, ks[i].what);
    CHECK(sc_scalarmul_recode_wnaf(d, sizeof d, ks[1].k, t->c->fn->nw, 1) == 0, "wNAF w=1 accepted");
    CHECK(sc_scalarmul_recode_wnaf(d, sizeof d, ks[1].k, t->c->fn->nw, 9) == 0, "wNAF w=9 accepted");
    /* a 7 = 111b: NAF 100(-1) */
    {
        sc_word seven[SC_FP_MAXW] = { 7 };
        CHECK(sc_scalarmul_recode_wnaf(d, sizeof d, seven, t->c->fn->nw, 2) == 4 && d[0] == -1 && d[1] == 0 &&
                  d[2] == 0 && d[3] == 1, "NAF of 7");
    }
    for (i = 0; i < nk; i++)
        BN_free(ks[i].bn);
}

static void test_registry(void)
{
    static const struct { const char *name; int ct; unsigned wmin, wmax; } want[] = {
        { "binary_l2r", 0, 0, 0 }, { "binary_r2l", 0, 0, 0 }, { "naf", 0, 0, 0 },
        { "wnaf", 0, 2, 6 }, { "wnaf_mixed", 0, 2, 6 }, { "sliding", 0, 2, 6 },
        { "ladder", 1, 0, 0 }, { "coz_ladder", 1, 0, 0 }, { "fixwin", 1, 2, 6 },
    };
    size_t i, j;
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        const sc_scalarmul_method *m = sc_scalarmul_find(want[i].name);
        if (!CHECK(m != NULL, "method %s not registered", want[i].name))
            continue;
        CHECK(m->kind == SC_SCALARMUL_VAR && m->var && !m->fix && !m->dbl && m->source && m->source[0],
              "%s: kind / function / source", m->name);
        CHECK(m->ct == want[i].ct && m->wmin == want[i].wmin && m->wmax == want[i].wmax, "%s: ct / window range",
              m->name);
    }
    for (i = 0; i < sc_scalarmul_count(); i++)
        for (j = i + 1; j < sc_scalarmul_count(); j++)
            CHECK(strcmp(sc_scalarmul_at(i)->name, sc_scalarmul_at(j)->name) != 0, "method name %s twice", sc_scalarmul_at(i)->name);
    {
        const sc_scalarmul_method *coz = sc_scalarmul_find("coz_ladder");
        for (i = 0; coz && i < sc_coords_count(); i++) {
            const sc_coords_sys *s = sc_coords_at(i);
            CHECK(sc_scalarmul_supports(coz, s) == (!strcmp(s->name, "jacobian") && s->ct), "coz_ladder supports %s",
                  s->name);
        }
    }
}

static void test_args(ectest *t)
{
    const sc_coords_sys *s = sc_coords_find("jacobian");
    sc_word k[SC_FP_MAXW] = { 5 };
    sc_ep_aff p, r;
    size_t i;
    sc_ep_generator(&p, t->c);
    for (i = 0; i < sc_scalarmul_count(); i++) {
        const sc_scalarmul_method *m = sc_scalarmul_at(i);
        unsigned w = m->wmin;
        if (m->kind != SC_SCALARMUL_VAR)
            continue;
        CHECK(m->var(NULL, k, &p, w, s, t->c) == SC_ERR_ARG, "%s: r NULL", m->name);
        memset(&r, 0xa5, sizeof r);
        CHECK(m->var(&r, NULL, &p, w, s, t->c) == SC_ERR_ARG && sc_fp_is_zero(r.x, t->c->fp), "%s: k NULL", m->name);
        CHECK(m->var(&r, k, NULL, w, s, t->c) == SC_ERR_ARG, "%s: P NULL", m->name);
        CHECK(m->var(&r, k, &p, w, NULL, t->c) == SC_ERR_ARG, "%s: system NULL", m->name);
        CHECK(m->var(&r, k, &p, w, s, NULL) == SC_ERR_ARG, "%s: curve NULL", m->name);
    }
}

int main(void)
{
    size_t i;
    tu_seed_init("scalarmul_var");
    test_registry();
    for (i = 0; i < sc_curve_prime_count(); i++) {
        ectest t;
        if (tu_opf_skip(sc_curve_at(i)->name))
            continue;
        if (!ect_init(&t, i)) {
            ect_free(&t);
            continue;
        }
        test_recode(&t);
        if (i == 0)
            test_args(&t);
        test_methods(&t, i);
        ect_free(&t);
    }
    return tu_done("test_scalarmul_var");
}
