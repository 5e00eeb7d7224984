/* fp_methods: every registered field method (include/seacurve/fp_methods.h)
 * on every curve's p and n where it applies, at the build's limb width:
 *  - reducers on t < p^2 (edge values and random) against OpenSSL
 *    (t mod p, or t R^-1 mod p for Montgomery reducers), and as the reducer
 *    of a derived field under sc_fp_mul / sc_fp_sqr against BN_mod_mul;
 *  - modular multiplications (mul and sqr) against BN_mod_mul, and against
 *    each other word for word;
 *  - inversions against BN_mod_inverse in both forms (plain and Montgomery),
 *    0 -> 0, and against each other; Great Divide division y / x;
 *  - which reducers apply to which primes (each special reducer to its own
 *    prime only; pm-generic where p = 2^bits - c, c < 2^(bits/2)), and the
 *    refusals of sc_fp_field_derive; derived fields' r2, one, pinv
 *    (the pseudo-Mersenne ones include secp192r1.n and secp224r1.n, whose
 *    c = 2^bits - n is below 2^(bits/2));
 *  - a whole curve on each reducer: an sc_ep_curve copy whose fp points at
 *    a derived field computes sc_ec_mul, sc_ec_mul_gen and sc_ec_mul2_var
 *    equal to the production curve. */
#include "testutil.h"
#include <seacurve/seacurve.h>
#include <seacurve/curves.h>
#include <seacurve/ec.h>
#include <seacurve/fp.h>
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <openssl/bn.h>
#include <string.h>

#define W SC_WORD_BITS

static BN_CTX *ctx;

static BIGNUM *bn_words(const sc_word *a, size_t n)
{
    BIGNUM *r = BN_new();
    size_t i = n;
    BN_zero(r);
    while (i--) {
        BN_lshift(r, r, W);
        BN_add_word(r, (BN_ULONG)a[i]);
    }
    return r;
}

/* b < 2^(nW) -> n words */
static void words_bn(sc_word *r, size_t n, const BIGNUM *b)
{
    size_t i, k;
    for (i = 0; i < n; i++) {
        sc_word w = 0;
        for (k = 0; k < W; k++)
            if (BN_is_bit_set(b, (int)(i * W + k)))
                w = (sc_word)(w | (sc_word)((sc_word)1 << k));
        r[i] = w;
    }
}

static BIGNUM *rand_below(const BIGNUM *m)
{
    uint8_t buf[2 * SC_FP_MAXBYTES + 16];
    BIGNUM *r;
    size_t i;
    tu_rand_bytes(buf, sizeof buf);
    switch (tu_rand64() % 4) {
    case 0: /* sparse */
        for (i = 0; i < sizeof buf; i++)
            buf[i] &= (uint8_t)(tu_rand64() & tu_rand64());
        break;
    case 1: /* dense */
        for (i = 0; i < sizeof buf; i++)
            buf[i] |= (uint8_t)(tu_rand64() | tu_rand64());
        break;
    default:
        break;
    }
    r = BN_bin2bn(buf, sizeof buf, NULL);
    BN_nnmod(r, r, m, ctx);
    return r;
}

/* Edge values below m: 0, 1, 2, m-1, m-2, (m-1)/2, 2^k and 2^k - 1 at word
 * and bit boundaries, 2^(bits-1), runs of ones. */
#define NEDGE 16
static BIGNUM *edge(const BIGNUM *m, int i)
{
    BIGNUM *r = BN_new();
    int bits = BN_num_bits(m);
    switch (i) {
    case 0: BN_zero(r); break;
    case 1: BN_one(r); break;
    case 2: BN_set_word(r, 2); break;
    case 3: BN_copy(r, m); BN_sub_word(r, 1); break;
    case 4: BN_copy(r, m); BN_sub_word(r, 2); break;
    case 5: BN_copy(r, m); BN_sub_word(r, 1); BN_rshift1(r, r); break;
    case 6: BN_zero(r); BN_set_bit(r, bits - 1); break;
    case 7: BN_zero(r); BN_set_bit(r, bits - 1); BN_sub_word(r, 1); break;
    case 8: BN_zero(r); BN_set_bit(r, W); break;
    case 9: BN_zero(r); BN_set_bit(r, W); BN_sub_word(r, 1); break;
    case 10: BN_zero(r); BN_set_bit(r, bits / 2); break;
    case 11: BN_zero(r); BN_set_bit(r, (bits / 2 / W) * W); BN_sub_word(r, 1); break;
    case 12: BN_zero(r); BN_set_bit(r, 32); BN_add_word(r, 977); break;
    case 13: BN_zero(r); BN_set_bit(r, 31); BN_add_word(r, 1); break;
    case 14: BN_copy(r, m); BN_rshift(r, r, W); break;
    default: BN_zero(r); BN_set_bit(r, bits - 2); BN_add_word(r, 1); break;
    }
    BN_nnmod(r, r, m, ctx);
    return r;
}

static BIGNUM *value(const BIGNUM *m, long i)
{
    return i < NEDGE ? edge(m, (int)i) : rand_below(m);
}

/* canonical BIGNUM -> internal element of f, and back */
static void fe_set(sc_word *r, const BIGNUM *b, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW];
    words_bn(c, f->nw, b);
    sc_fp_from_canon(r, c, f);
}

static BIGNUM *fe_get(const sc_word *a, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW];
    sc_fp_to_canon(c, a, f);
    return bn_words(c, f->nw);
}

/* a is fully reduced (its internal words < p) and its value is want */
static int fe_is(const sc_word *a, const BIGNUM *want, const sc_fp_field *f)
{
    BIGNUM *g = fe_get(a, f), *raw = bn_words(a, f->nw), *p = bn_words(f->p, f->nw);
    int ok = BN_cmp(g, want) == 0 && BN_cmp(raw, p) < 0;
    BN_free(g);
    BN_free(raw);
    BN_free(p);
    return ok;
}

/* ---- the derived field's own constants ---- */

static void check_field_consts(const sc_fp_field *df, const sc_fp_field *base)
{
    BIGNUM *p = bn_words(df->p, df->nw), *R = BN_new(), *t = BN_new(), *x;
    CHECK(df->nw == base->nw && df->bits == base->bits && memcmp(df->p, base->p, df->nw * sizeof(sc_word)) == 0,
          "%s derived: p copied", base->name);
    BN_zero(R);
    BN_set_bit(R, (int)(W * df->nw));
    BN_mod_mul(t, R, R, p, ctx);
    x = bn_words(df->r2, df->nw);
    CHECK(BN_cmp(x, t) == 0, "%s derived r2", base->name);
    BN_free(x);
    if (df->mont)
        BN_nnmod(t, R, p, ctx);
    else
        BN_one(t);
    x = bn_words(df->one, df->nw);
    CHECK(BN_cmp(x, t) == 0, "%s derived one (mont %d)", base->name, df->mont);
    BN_free(x);
    /* p * pinv = -1 mod 2^W */
    BN_set_word(t, (BN_ULONG)df->pinv);
    BN_mul(t, t, p, ctx);
    BN_add_word(t, 1);
    BN_mask_bits(t, W);
    CHECK(BN_is_zero(t), "%s derived pinv", base->name);
    BN_free(p);
    BN_free(R);
    BN_free(t);
}

/* ---- reducers ---- */

/* t (2nw words) through red directly, against t mod p or t R^-1 mod p. */
static void check_reduce_t(const sc_fp_field *df, const BIGNUM *tb, const BIGNUM *p, const BIGNUM *Rinv,
                           const char *mname)
{
    sc_word t[2 * SC_FP_MAXW], r[SC_FP_MAXW];
    BIGNUM *want = BN_new(), *got;
    words_bn(t, 2 * df->nw, tb);
    df->reduce(r, t, df);
    if (df->mont)
        BN_mod_mul(want, tb, Rinv, p, ctx);
    else
        BN_nnmod(want, tb, p, ctx);
    got = bn_words(r, df->nw);
    if (!CHECK(BN_cmp(got, want) == 0, "%s reducer %s on t", df->name, mname)) {
        char *h = BN_bn2hex(tb);
        fprintf(stderr, "  t = %s\n", h);
        OPENSSL_free(h);
    }
    BN_free(want);
    BN_free(got);
}

static void test_reducer(const sc_fp_method *m, const sc_fp_field *base, long ncases)
{
    sc_fp_field df;
    BIGNUM *p = bn_words(base->p, base->nw), *p2 = BN_new(), *R = BN_new(), *Rinv, *t = BN_new(), *x, *y;
    sc_fe a, b, r;
    long i;
    int k;

    if (!CHECK(sc_fp_method_field(&df, m, base) == SC_OK, "%s derive %s", base->name, m->name))
        goto out;
    CHECK(df.reduce == m->reduce && df.mont == (m->form == SC_FP_FORM_MONT), "%s derive %s: reducer and form",
          base->name, m->name);
    check_field_consts(&df, base);
    BN_sqr(p2, p, ctx);
    BN_zero(R);
    BN_set_bit(R, (int)(W * base->nw));
    Rinv = BN_mod_inverse(NULL, R, p, ctx);

    /* direct: boundary t (each kept only if < p^2), then random t < p^2 */
    for (k = 0; k < 12; k++) {
        int bits = BN_num_bits(p);
        BN_zero(t);
        switch (k) {
        case 0: break;
        case 1: BN_one(t); break;
        case 2: BN_sub(t, p2, BN_value_one()); break;                              /* p^2 - 1 */
        case 3: BN_sub(t, p, BN_value_one()); BN_sqr(t, t, ctx); break;           /* (p-1)^2 */
        case 4: BN_set_bit(t, bits); break;                                        /* 2^k */
        case 5: BN_set_bit(t, bits); BN_sub_word(t, 1); break;                     /* 2^k - 1 */
        case 6: BN_set_bit(t, 2 * bits - 2); break;
        case 7: BN_set_bit(t, 2 * bits - 2); BN_sub_word(t, 1); break;
        case 8: BN_copy(t, R); break;                                              /* R */
        case 9: BN_copy(t, R); BN_sub_word(t, 1); break;
        case 10: BN_mul(t, p, R, ctx); BN_rshift(t, t, 1); break;
        default: BN_copy(t, p); BN_lshift(t, t, bits - 1); BN_sub_word(t, 1); break; /* p 2^(k-1) - 1 */
        }
        if (BN_cmp(t, p2) < 0)
            check_reduce_t(&df, t, p, Rinv, m->name);
    }
    for (i = 0; i < ncases; i++) {
        BIGNUM *tr = rand_below(p2);
        check_reduce_t(&df, tr, p, Rinv, m->name);
        BN_free(tr);
    }
    /* as the derived field's reducer: sc_fp_mul / sc_fp_sqr */
    for (i = 0; i < NEDGE + ncases; i++) {
        x = value(p, i);
        y = i < NEDGE ? value(p, (i * 7 + 3) % NEDGE) : rand_below(p);
        fe_set(a, x, &df);
        fe_set(b, y, &df);
        sc_fp_mul(r, a, b, &df);
        BN_mod_mul(t, x, y, p, ctx);
        CHECK(fe_is(r, t, &df), "%s %s fp_mul case %ld", base->name, m->name, i);
        sc_fp_sqr(r, a, &df);
        BN_mod_sqr(t, x, p, ctx);
        CHECK(fe_is(r, t, &df), "%s %s fp_sqr case %ld", base->name, m->name, i);
        BN_free(x);
        BN_free(y);
    }
    BN_free(Rinv);
out:
    BN_free(p);
    BN_free(p2);
    BN_free(R);
    BN_free(t);
}

/* ---- modular multiplications ---- */

static void test_modmuls(const sc_fp_field *base, long ncases)
{
    const sc_fp_method *mm[16];
    sc_fp_field mf[16];
    size_t nm = 0, i, j;
    BIGNUM *p = bn_words(base->p, base->nw), *t = BN_new();
    sc_fe ref, refs;
    long c;

    for (i = 0; i < sc_fp_method_count() && nm < 16; i++) {
        const sc_fp_method *m = sc_fp_method_at(i);
        if (m->kind != SC_FP_METHOD_MODMUL)
            continue;
        if (!m->applies(base))
            continue;
        if (!CHECK(sc_fp_method_field(&mf[nm], m, base) == SC_OK, "%s field for %s", base->name, m->name))
            continue;
        mm[nm++] = m;
    }
    CHECK(nm >= 5, "%s: %zu modmul methods apply", base->name, nm);
    for (c = 0; c < NEDGE * NEDGE / 4 + ncases; c++) {
        BIGNUM *x, *y;
        int have_ref = 0;
        if (c < NEDGE * NEDGE / 4) {
            x = edge(p, (int)(c % NEDGE));
            y = edge(p, (int)((c / NEDGE) * 4 + c % 4) % NEDGE);
        } else {
            x = rand_below(p);
            y = rand_below(p);
        }
        for (j = 0; j < nm; j++) {
            const sc_fp_field *f = &mf[j];
            sc_fe a, b, r, s, a2;
            fe_set(a, x, f);
            fe_set(b, y, f);
            mm[j]->mul(r, a, b, f);
            BN_mod_mul(t, x, y, p, ctx);
            CHECK(fe_is(r, t, f), "%s %s mul case %ld", base->name, mm[j]->name, c);
            mm[j]->sqr(s, a, f);
            BN_mod_sqr(t, x, p, ctx);
            CHECK(fe_is(s, t, f), "%s %s sqr case %ld", base->name, mm[j]->name, c);
            /* aliasing: r = a * r */
            sc_fp_copy(a2, a, f);
            mm[j]->mul(a2, a2, b, f);
            CHECK(sc_fp_eq(a2, r, f) != 0, "%s %s mul aliased case %ld", base->name, mm[j]->name, c);
            mm[j]->sqr(a, a, f);
            CHECK(sc_fp_eq(a, s, f) != 0, "%s %s sqr aliased case %ld", base->name, mm[j]->name, c);
            /* the Montgomery methods against each other, word for word */
            if (f->mont && mm[j]->form == SC_FP_FORM_MONT) {
                if (!have_ref) {
                    sc_fp_copy(ref, r, f);
                    sc_fp_copy(refs, s, f);
                    have_ref = 1;
                } else {
                    CHECK(memcmp(ref, r, f->nw * sizeof(sc_word)) == 0 &&
                          memcmp(refs, s, f->nw * sizeof(sc_word)) == 0,
                          "%s %s agrees with the other Montgomery methods, case %ld", base->name, mm[j]->name, c);
                }
            }
        }
        BN_free(x);
        BN_free(y);
    }
    BN_free(p);
    BN_free(t);
}

/* ---- inversions ---- */

static void test_inversions(const sc_fp_field *base, long ncases)
{
    sc_fp_field forms[2];
    BIGNUM *p = bn_words(base->p, base->nw), *t = BN_new();
    int nf = 0, k;
    size_t i;
    long c;

    forms[nf++] = *base;
    /* the other form: Montgomery copy of a plain field, Barrett copy of a Montgomery one */
    if (CHECK(sc_fp_field_derive(&forms[nf], base, base->mont ? sc_fp_reduce_barrett : sc_fp_reduce_mont,
                                 !base->mont) == SC_OK, "%s other form", base->name))
        nf++;
    for (k = 0; k < nf; k++) {
        const sc_fp_field *f = &forms[k];
        for (c = 0; c < 8 + ncases; c++) {
            BIGNUM *x = c < 8 ? edge(p, (int)c) : rand_below(p), *y = rand_below(p);
            sc_fe a, r, ref, yv, q;
            int have = 0;
            fe_set(a, x, f);
            if (BN_is_zero(x))
                BN_zero(t);
            else
                BN_mod_inverse(t, x, p, ctx);
            for (i = 0; i < sc_fp_method_count(); i++) {
                const sc_fp_method *m = sc_fp_method_at(i);
                if (m->kind != SC_FP_METHOD_INVERSION || !m->applies(f))
                    continue;
                m->inv(r, a, f);
                CHECK(fe_is(r, t, f), "%s (mont %d) inv %s case %ld", base->name, f->mont, m->name, c);
                if (!have) {
                    sc_fp_copy(ref, r, f);
                    have = 1;
                } else {
                    CHECK(memcmp(ref, r, f->nw * sizeof(sc_word)) == 0, "%s inv %s agrees, case %ld",
                          base->name, m->name, c);
                }
                sc_fp_copy(r, a, f); /* aliasing */
                m->inv(r, r, f);
                CHECK(sc_fp_eq(r, ref, f) != 0, "%s inv %s aliased, case %ld", base->name, m->name, c);
            }
            /* Great Divide division y / x */
            fe_set(yv, y, f);
            sc_fp_div_great_divide_var(q, yv, a, f);
            if (!BN_is_zero(x))
                BN_mod_mul(t, t, y, p, ctx);
            CHECK(fe_is(q, t, f), "%s (mont %d) great-divide y/x case %ld", base->name, f->mont, c);
            BN_free(x);
            BN_free(y);
        }
    }
    BN_free(p);
    BN_free(t);
}

/* ---- applicability and derivation refusals ---- */

static void test_applies(void)
{
    static const struct {
        const char *field, *reducer;
    } own[] = {
        { "secp160r1.p", "secp160r1" }, { "secp192r1.p", "p192" }, { "secp224r1.p", "p224" },
        { "secp256r1.p", "p256" },     { "secp256k1.p", "secp256k1" }, { "secp224r1.p", "p224-mont" },
        { "secp256r1.p", "p256-mont" },
    };
    size_t i, j, k;
    for (i = 0; i < sc_curve_prime_count(); i++) {
        const sc_fp_field *fs[2] = { sc_curve_at(i)->ep->fp, sc_curve_at(i)->ep->fn };
        for (k = 0; k < 2; k++) {
            const sc_fp_field *f = fs[k];
            /* p = 2^bits - c, 0 < c < 2^(bits/2), by OpenSSL */
            BIGNUM *p = bn_words(f->p, f->nw), *cb = BN_new();
            int want_pm;
            BN_zero(cb);
            BN_set_bit(cb, f->bits);
            BN_sub(cb, cb, p);
            want_pm = !BN_is_zero(cb) && 2 * BN_num_bits(cb) <= f->bits;
            BN_free(p);
            BN_free(cb);
            CHECK(sc_fp_is_pseudo_mersenne(f) == want_pm, "%s pseudo-Mersenne: %d", f->name, want_pm);
            for (j = 0; j < sizeof own / sizeof own[0]; j++) {
                const sc_fp_method *m = sc_fp_method_find(own[j].reducer);
                int want = strcmp(f->name, own[j].field) == 0;
                sc_fp_field d;
                if (!CHECK(m != NULL, "reducer %s registered", own[j].reducer))
                    continue;
                CHECK(m->applies(f) == want, "%s applies to %s: %d", own[j].reducer, f->name, want);
                if (!want)
                    CHECK(sc_fp_field_derive(&d, f, m->reduce, m->form == SC_FP_FORM_MONT) == SC_ERR_ARG,
                          "derive %s with %s refused", f->name, m->name);
                /* the wrong form is refused too */
                CHECK(sc_fp_field_derive(&d, f, m->reduce, m->form != SC_FP_FORM_MONT) == SC_ERR_ARG,
                      "derive %s with %s in the wrong form refused", f->name, m->name);
            }
        }
    }
    CHECK(sc_fp_method_find("no-such-method") == NULL, "find unknown");
    CHECK(sc_fp_method_at(sc_fp_method_count()) == NULL, "at past the end");
    for (i = 0; i < sc_fp_method_count(); i++) {
        const sc_fp_method *m = sc_fp_method_at(i);
        CHECK(sc_fp_method_find(m->name) == m, "find %s", m->name);
        CHECK(m->source && m->source[0] && m->applies, "%s documented", m->name);
        CHECK((m->kind == SC_FP_METHOD_REDUCER && m->reduce) || (m->kind == SC_FP_METHOD_MODMUL && m->mul && m->sqr) ||
                  (m->kind == SC_FP_METHOD_INVERSION && m->inv),
              "%s has its functions", m->name);
        if (m->kind == SC_FP_METHOD_REDUCER)
            CHECK(sc_fp_method_of_reducer(m->reduce) == m, "of_reducer %s", m->name);
    }
    {
        const sc_fp_field *f = sc_curve_find("secp256k1")->ep->fp;
        sc_fp_field d;
        CHECK(sc_fp_method_field(&d, sc_fp_method_find("secp160r1"), f) == SC_ERR_UNSUPPORTED,
              "method_field refuses a reducer that does not apply");
    }
}

/* ---- optimal-prime moduli p = u 2^k + 1 beyond the curves' ---- */

/* The OPF reducer and OPF-FIPS on moduli u 2^k + 1 (prime or not: Montgomery
 * reduction needs only an odd modulus) with u from 1 to 2^16 - 1 and k from
 * 64 up, so that u 2^k straddles word boundaries at every limb width; [OPF]'s
 * p = 52542 2^144 + 1 among them.  Also: the test sc_fp_is_opf against
 * moduli that are not of the form. */
static void test_opf_moduli(long nred, long nmul)
{
    static const struct {
        unsigned u, k;
    } mods[] = {
        { 52542, 144 }, { 0xffff, 176 }, { 0x8001, 208 }, { 0xc5a3, 240 }, { 1, 64 },
        { 0xffff, 64 }, { 0x1234, 100 }, { 3, 129 }, { 0x7fff, 190 }, { 0xfffd, 239 },
    };
    size_t i;
    for (i = 0; i < sizeof mods / sizeof mods[0]; i++) {
        sc_fp_field base;
        unsigned bits = mods[i].k, u = mods[i].u, gu = 0, gk = 0, b;
        for (b = 0; (u >> b) != 0; b++)
            bits++;
        if (bits > SC_FP_MAXW * W)
            continue;
        memset(&base, 0, sizeof base);
        base.name = "opf-test";
        base.bits = (uint16_t)bits;
        base.nw = (uint8_t)SC_WORDS(bits);
        base.p[0] = 1;
        for (b = 0; b < 16; b++)
            if ((u >> b) & 1u)
                base.p[(mods[i].k + b) / W] |= (sc_word)((sc_word)1 << ((mods[i].k + b) % W));
        /* (u, k) comes back with u odd: 52542 2^144 = 26271 2^145 */
        CHECK(sc_fp_opf_params(&base, &gu, &gk) && gk >= mods[i].k && gk - mods[i].k < 16 &&
                  (gu << (gk - mods[i].k)) == u && (gu & 1u),
              "opf params of u %u k %u", u, mods[i].k);
        /* not an OPF: an extra bit in the middle, or a bit below k */
        {
            sc_fp_field x = base;
            x.p[(mods[i].k / 2) / W] |= (sc_word)((sc_word)1 << ((mods[i].k / 2) % W));
            CHECK(!sc_fp_is_opf(&x), "u %u k %u plus 2^(k/2) is no OPF", u, mods[i].k);
            x = base;
            x.p[0] = 3;
            CHECK(!sc_fp_is_opf(&x), "u %u k %u plus 2 is no OPF", u, mods[i].k);
        }
        {
            sc_fp_field d;
            if (!CHECK(sc_fp_field_derive(&d, &base, sc_fp_reduce_mont, 1) == SC_OK, "derive u %u k %u", u,
                       mods[i].k))
                continue;
            test_reducer(sc_fp_method_find("opf"), &d, nred);
            test_modmuls(&d, nmul);
        }
    }
    /* k < 64 is refused (p = 1 mod 2^64 is what makes n'_0 = -1 at every width) */
    {
        sc_fp_field x;
        memset(&x, 0, sizeof x);
        x.bits = 80;
        x.nw = (uint8_t)SC_WORDS(80);
        x.p[0] = 1;
        x.p[79 / W] |= (sc_word)((sc_word)1 << (79 % W));
        x.p[63 / W] |= (sc_word)((sc_word)1 << (63 % W));
        CHECK(!sc_fp_is_opf(&x), "k = 63 is no OPF");
        CHECK(sc_fp_field_derive(&x, &x, sc_fp_reduce_opf, 1) == SC_ERR_ARG, "derive refuses opf for k = 63");
    }
}

/* ---- whole curves on derived fields ---- */

static void point_bytes(uint8_t *out, const sc_ep_aff *p, const sc_fp_field *f)
{
    sc_fp_to_bytes(out, p->x, f);
    sc_fp_to_bytes(out + sc_fp_bytes(f), p->y, f);
}

static void rand_scalar(sc_word *k, const sc_fp_field *fn)
{
    BIGNUM *n = bn_words(fn->p, fn->nw), *x = rand_below(n);
    if (BN_is_zero(x))
        BN_one(x);
    words_bn(k, fn->nw, x);
    BN_free(n);
    BN_free(x);
}

static void test_curve_on(const sc_curve *cv, const sc_fp_method *m, const sc_fp_method *mn)
{
    const sc_ep_curve *c = cv->ep;
    sc_ep_curve dc = *c;
    sc_fp_field dfp, dfn;
    sc_word k[SC_FP_MAXW], u1[SC_FP_MAXW], u2[SC_FP_MAXW];
    sc_ep_aff g0, g1, r0, r1, q0, q1;
    uint8_t b0[2 * SC_FP_MAXBYTES], b1[2 * SC_FP_MAXBYTES];
    size_t pb = 2 * sc_fp_bytes(c->fp);

    if (!CHECK(sc_fp_method_field(&dfp, m, c->fp) == SC_OK, "%s: field for %s", cv->name, m->name))
        return;
    dc.fp = &dfp;
    if (mn) {
        if (!CHECK(sc_fp_method_field(&dfn, mn, c->fn) == SC_OK, "%s: n field for %s", cv->name, mn->name))
            return;
        dc.fn = &dfn;
    }
    rand_scalar(k, c->fn);
    sc_ep_generator(&g0, c);
    sc_ep_generator(&g1, &dc);
    CHECK(sc_ep_on_curve(&g1, &dc) != 0, "%s on %s: G on the curve", cv->name, m->name);
    /* k G by the variable-base method */
    CHECK(sc_ec_mul(&r0, k, &g0, c) == SC_OK && sc_ec_mul(&r1, k, &g1, &dc) == SC_OK, "%s on %s: ec_mul",
          cv->name, m->name);
    point_bytes(b0, &r0, c->fp);
    point_bytes(b1, &r1, &dfp);
    CHECK(memcmp(b0, b1, pb) == 0, "%s: sc_ec_mul on reducer %s%s%s equals production", cv->name, m->name,
          mn ? ", n " : "", mn ? mn->name : "");
    /* fixed base, then u1 G + u2 Q with Q = k G */
    rand_scalar(u1, c->fn);
    rand_scalar(u2, c->fn);
    CHECK(sc_ec_mul_gen(&q0, u1, c) == SC_OK && sc_ec_mul_gen(&q1, u1, &dc) == SC_OK, "%s on %s: mul_gen",
          cv->name, m->name);
    point_bytes(b0, &q0, c->fp);
    point_bytes(b1, &q1, &dfp);
    CHECK(memcmp(b0, b1, pb) == 0, "%s: sc_ec_mul_gen on reducer %s equals production", cv->name, m->name);
    CHECK(sc_ec_mul2_var(&q0, u1, u2, &r0, c) == SC_OK && sc_ec_mul2_var(&q1, u1, u2, &r1, &dc) == SC_OK,
          "%s on %s: mul2_var", cv->name, m->name);
    point_bytes(b0, &q0, c->fp);
    point_bytes(b1, &q1, &dfp);
    CHECK(memcmp(b0, b1, pb) == 0, "%s: sc_ec_mul2_var on reducer %s equals production", cv->name, m->name);
}

static void test_curves(void)
{
    size_t i, j;
    for (i = 0; i < sc_curve_prime_count(); i++) {
        const sc_curve *cv = sc_curve_at(i);
        int first = 1;
        if (tu_opf_skip(cv->name))
            continue;
        for (j = 0; j < sc_fp_method_count(); j++) {
            const sc_fp_method *m = sc_fp_method_at(j);
            if (m->kind != SC_FP_METHOD_REDUCER || !m->applies(cv->ep->fp))
                continue;
            /* once per curve also with the scalar field on Barrett */
            test_curve_on(cv, m, first ? sc_fp_method_find("barrett") : NULL);
            first = 0;
        }
    }
}

int main(void)
{
    size_t i, j;
    long nred = tu_cases(SC_WORD_BITS >= 32 ? 300 : 150);
    long nmul = tu_cases(SC_WORD_BITS >= 32 ? 300 : 100);
    long ninv = tu_cases(SC_WORD_BITS >= 32 ? 60 : 16);
    tu_seed_init("fp_methods");
    ctx = BN_CTX_new();
    test_applies();
    for (i = 0; i < sc_curve_prime_count(); i++) {
        const sc_fp_field *fs[2] = { sc_curve_at(i)->ep->fp, sc_curve_at(i)->ep->fn };
        size_t k;
        if (tu_opf_skip(sc_curve_at(i)->name))
            continue;
        for (k = 0; k < 2; k++) {
            for (j = 0; j < sc_fp_method_count(); j++) {
                const sc_fp_method *m = sc_fp_method_at(j);
                if (m->kind == SC_FP_METHOD_REDUCER && m->applies(fs[k]))
                    test_reducer(m, fs[k], nred);
            }
            test_modmuls(fs[k], nmul);
            test_inversions(fs[k], ninv);
        }
    }
    test_opf_moduli(nred, nmul);
    test_curves();
    BN_CTX_free(ctx);
    return tu_done("fp_methods");
}
