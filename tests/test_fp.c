/* fp: every field of every curve (p and n) against OpenSSL's BIGNUM, and
 * each special reducer against the generic Montgomery and Barrett reducers
 * (copies of the field struct with another reducer), plus encodings, range
 * errors, inversion of 0, square roots of non-squares and aliasing. */
#include "testutil.h"
#include <seacurve/seacurve.h>
#include <seacurve/fp.h>
#include <seacurve/mp.h>
#include "fp/reduce_special.h"
#include "mp/accel.h"
#include <openssl/bn.h>
#include <string.h>

#define W SC_WORD_BITS

static BN_CTX *ctx;

/* words -> BIGNUM, independent of sc_mp_to_be */
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

/* BIGNUM (< 2^(nW)) -> words, independent of sc_mp_from_be */
static void words_bn(sc_word *r, size_t n, const BIGNUM *b)
{
    size_t i;
    for (i = 0; i < n; i++) {
        sc_word w = 0;
        size_t k;
        for (k = 0; k < W; k++)
            if (BN_is_bit_set(b, (int)(i * W + k)))
                w = (sc_word)(w | (sc_word)((sc_word)1 << k));
        r[i] = w;
    }
}

static void fe_from_bn(sc_word *r, const BIGNUM *b, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW];
    words_bn(c, f->nw, b);
    sc_fp_from_canon(r, c, f);
}

static BIGNUM *fe_bn(const sc_word *a, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW];
    sc_fp_to_canon(c, a, f);
    return bn_words(c, f->nw);
}

static int fe_is(const sc_word *a, const BIGNUM *want, const sc_fp_field *f)
{
    BIGNUM *g = fe_bn(a, f);
    int ok = BN_cmp(g, want) == 0;
    BN_free(g);
    return ok;
}

static BIGNUM *rand_below(const BIGNUM *m)
{
    uint8_t buf[80];
    BIGNUM *r;
    tu_rand_bytes(buf, sizeof buf);
    /* sometimes sparse or dense bit patterns */
    switch (tu_rand64() % 4) {
    case 0: {
        size_t i;
        for (i = 0; i < sizeof buf; i++)
            buf[i] &= (uint8_t)(tu_rand64() & tu_rand64() & tu_rand64());
        break;
    }
    case 1: {
        size_t i;
        for (i = 0; i < sizeof buf; i++)
            buf[i] |= (uint8_t)(tu_rand64() | tu_rand64() | tu_rand64());
        break;
    }
    default:
        break;
    }
    r = BN_bin2bn(buf, sizeof buf, NULL);
    BN_nnmod(r, r, m, ctx);
    return r;
}

/* Edge-case values below m: 0, 1, 2, m-1, m-2, (m-1)/2, (m+1)/2, 2^k +- 1,
 * runs of ones and zeros. */
#define NEDGE 40
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
    case 6: BN_copy(r, m); BN_add_word(r, 1); BN_rshift1(r, r); break;
    case 7: BN_set_word(r, 3); break;
    default: {
        int k = (int)((unsigned)(i - 8) * 7919u % (unsigned)bits);
        BN_zero(r);
        switch (i % 4) {
        case 0: BN_set_bit(r, k); BN_add_word(r, 1); break;                 /* 2^k + 1 */
        case 1: BN_set_bit(r, k); BN_sub_word(r, 1); break;                 /* 2^k - 1: run of ones */
        case 2: BN_set_bit(r, bits - 1); BN_set_bit(r, k); break;           /* long run of zeros */
        default: BN_set_bit(r, bits); BN_sub_word(r, 1);                    /* ones with a hole */
            BN_clear_bit(r, k); break;
        }
        BN_nnmod(r, r, m, ctx);
    }
    }
    return r;
}

static BIGNUM *value(const BIGNUM *m, long i)
{
    return i < NEDGE ? edge(m, (int)i) : rand_below(m);
}

/* The field's own parameters: pinv, r2, one agree with OpenSSL. */
static void check_params(const sc_fp_field *f)
{
    BIGNUM *p = bn_words(f->p, f->nw), *R = BN_new(), *t = BN_new(), *b = BN_new();
    BIGNUM *x;
    BN_set_bit(R, (int)(W * f->nw));
    CHECK(BN_num_bits(p) == f->bits, "%s bits", f->name);
    CHECK(f->nw == SC_WORDS(f->bits), "%s nw", f->name);
    CHECK(f->bits <= SC_FP_MAX_BITS, "%s bits within SC_FP_MAX_BITS", f->name);
    /* p * pinv = -1 mod 2^W */
    BN_zero(b);
    BN_set_bit(b, W);
    BN_set_word(t, (BN_ULONG)f->pinv);
    BN_mod_mul(t, t, p, b, ctx);
    BN_add_word(t, 1);
    BN_nnmod(t, t, b, ctx);
    CHECK(BN_is_zero(t), "%s pinv", f->name);
    BN_mod_sqr(t, R, p, ctx);
    x = bn_words(f->r2, f->nw);
    CHECK(BN_cmp(x, t) == 0, "%s r2", f->name);
    BN_free(x);
    x = bn_words(f->one, f->nw);
    if (f->mont)
        BN_nnmod(t, R, p, ctx);
    else
        BN_one(t);
    CHECK(BN_cmp(x, t) == 0, "%s one", f->name);
    BN_free(x);
    BN_free(p);
    BN_free(R);
    BN_free(t);
    BN_free(b);
}

/* Copies of a field with the generic reducers. */
static void make_mont(sc_fp_field *g, const sc_fp_field *f)
{
    BIGNUM *p = bn_words(f->p, f->nw), *R = BN_new();
    *g = *f;
    g->reduce = sc_fp_reduce_mont;
    g->mont = 1;
    BN_set_bit(R, (int)(W * f->nw));
    BN_nnmod(R, R, p, ctx);
    memset(g->one, 0, sizeof g->one);
    words_bn(g->one, f->nw, R);
    BN_free(p);
    BN_free(R);
}

static void make_barrett(sc_fp_field *g, const sc_fp_field *f)
{
    *g = *f;
    g->reduce = sc_fp_reduce_barrett;
    g->mont = 0;
    memset(g->one, 0, sizeof g->one);
    g->one[0] = 1;
}

/* Arithmetic of one field against BIGNUM. */
static void check_arith(const sc_fp_field *f, long cases, long slow_cases)
{
    BIGNUM *p = bn_words(f->p, f->nw), *want = BN_new();
    long i;
    size_t len = sc_fp_bytes(f);
    for (i = 0; i < cases; i++) {
        BIGNUM *a = value(p, i), *b = value(p, (i * 7 + 3) % (cases > NEDGE ? cases : NEDGE + 1));
        sc_fe x, y, r, s;
        uint8_t ba[SC_FP_MAXBYTES + 1], bb[SC_FP_MAXBYTES + 1];
        BN_bn2binpad(a, ba, (int)len);
        BN_bn2binpad(b, bb, (int)len);
        CHECK(sc_fp_from_bytes(x, ba, len, f) == SC_OK, "%s from_bytes a", f->name);
        CHECK(sc_fp_from_bytes(y, bb, len, f) == SC_OK, "%s from_bytes b", f->name);
        CHECK(fe_is(x, a, f), "%s from_bytes value", f->name);
        {
            uint8_t back[SC_FP_MAXBYTES + 1];
            sc_fp_to_bytes(back, x, f);
            CHECK(memcmp(back, ba, len) == 0, "%s to_bytes round trip", f->name);
        }
        sc_fp_add(r, x, y, f);
        BN_mod_add(want, a, b, p, ctx);
        CHECK(fe_is(r, want, f), "%s add case %ld", f->name, i);
        sc_fp_sub(r, x, y, f);
        BN_mod_sub(want, a, b, p, ctx);
        CHECK(fe_is(r, want, f), "%s sub case %ld", f->name, i);
        sc_fp_neg(r, x, f);
        BN_mod_sub(want, p, a, p, ctx);
        CHECK(fe_is(r, want, f), "%s neg case %ld", f->name, i);
        sc_fp_cneg(r, x, ~(sc_word)0, f);
        CHECK(fe_is(r, want, f), "%s cneg (mask set) case %ld", f->name, i);
        sc_fp_copy(s, x, f);
        sc_fp_cneg(s, s, ~(sc_word)0, f);
        CHECK(fe_is(s, want, f), "%s cneg aliased case %ld", f->name, i);
        sc_fp_cneg(r, x, 0, f);
        CHECK(fe_is(r, a, f), "%s cneg (mask clear) case %ld", f->name, i);
        sc_fp_dbl(r, x, f);
        BN_mod_add(want, a, a, p, ctx);
        CHECK(fe_is(r, want, f), "%s dbl case %ld", f->name, i);
        sc_fp_mul(r, x, y, f);
        BN_mod_mul(want, a, b, p, ctx);
        CHECK(fe_is(r, want, f), "%s mul case %ld", f->name, i);
        sc_fp_sqr(r, x, f);
        BN_mod_sqr(want, a, p, ctx);
        CHECK(fe_is(r, want, f), "%s sqr case %ld", f->name, i);
        CHECK(sc_fp_is_odd(x, f) == (unsigned)BN_is_odd(a), "%s is_odd", f->name);
        CHECK((sc_fp_eq(x, y, f) != 0) == (BN_cmp(a, b) == 0), "%s eq", f->name);
        CHECK((sc_fp_is_zero(x, f) != 0) == (BN_is_zero(a) != 0), "%s is_zero", f->name);
        /* aliasing: r == a == b */
        sc_fp_copy(s, x, f);
        sc_fp_mul(s, s, s, f);
        BN_mod_sqr(want, a, p, ctx);
        CHECK(fe_is(s, want, f), "%s mul aliased", f->name);
        sc_fp_copy(s, x, f);
        sc_fp_add(s, s, s, f);
        BN_mod_add(want, a, a, p, ctx);
        CHECK(fe_is(s, want, f), "%s add aliased", f->name);
        sc_fp_copy(s, x, f);
        sc_fp_sub(s, s, y, f);
        BN_mod_sub(want, a, b, p, ctx);
        CHECK(fe_is(s, want, f), "%s sub aliased", f->name);
        sc_fp_copy(s, x, f);
        sc_fp_sqr(s, s, f);
        BN_mod_sqr(want, a, p, ctx);
        CHECK(fe_is(s, want, f), "%s sqr aliased", f->name);
        /* cmov */
        sc_fp_copy(s, x, f);
        sc_fp_cmov(s, y, 0, f);
        CHECK(sc_fp_eq(s, x, f) != 0, "%s cmov 0", f->name);
        sc_fp_cmov(s, y, (sc_word)~(sc_word)0, f);
        CHECK(sc_fp_eq(s, y, f) != 0, "%s cmov 1", f->name);

        if (i < slow_cases) {
            if (!BN_is_zero(a)) {
                BN_mod_inverse(want, a, p, ctx);
                sc_fp_inv(r, x, f);
                CHECK(fe_is(r, want, f), "%s inv case %ld", f->name, i);
                sc_fp_inv_var(r, x, f);
                CHECK(fe_is(r, want, f), "%s inv_var case %ld", f->name, i);
                sc_fp_inv_eea_var(r, x, f);
                CHECK(fe_is(r, want, f), "%s inv_eea_var case %ld", f->name, i);
                sc_fp_inv_fermat(r, x, f);
                CHECK(fe_is(r, want, f), "%s inv_fermat case %ld", f->name, i);
#ifdef SC_FP_HAVE_SAFEGCD
                sc_fp_copy(s, x, f);
                sc_fp_inv_safegcd(s, s, f);
                CHECK(fe_is(s, want, f), "%s inv_safegcd case %ld", f->name, i);
#endif
                sc_fp_copy(s, x, f);
                sc_fp_inv(s, s, f);
                CHECK(fe_is(s, want, f), "%s inv aliased", f->name);
            }
        }
        BN_free(a);
        BN_free(b);
    }
    /* inversion of 0 gives 0 */
    {
        sc_fe z, r;
        sc_fp_set_zero(z, f);
        sc_fp_set_one(r, f);
        sc_fp_inv(r, z, f);
        CHECK(sc_fp_is_zero(r, f) != 0, "%s inv(0)", f->name);
        sc_fp_set_one(r, f);
        sc_fp_inv_var(r, z, f);
        CHECK(sc_fp_is_zero(r, f) != 0, "%s inv_var(0)", f->name);
        sc_fp_set_one(r, f);
        sc_fp_inv_eea_var(r, z, f);
        CHECK(sc_fp_is_zero(r, f) != 0, "%s inv_eea_var(0)", f->name);
        sc_fp_set_one(r, f);
        sc_fp_inv_fermat(r, z, f);
        CHECK(sc_fp_is_zero(r, f) != 0, "%s inv_fermat(0)", f->name);
#ifdef SC_FP_HAVE_SAFEGCD
        sc_fp_set_one(r, f);
        sc_fp_inv_safegcd(r, z, f);
        CHECK(sc_fp_is_zero(r, f) != 0, "%s inv_safegcd(0)", f->name);
#endif
        sc_fp_set_one(r, f);
        BN_one(want);
        CHECK(fe_is(r, want, f), "%s set_one", f->name);
    }
    BN_free(p);
    BN_free(want);
}

/* Square roots: of squares (always a root), of random values (root iff
 * OpenSSL finds one), of known non-squares. */
static void check_sqrt(const sc_fp_field *f, long cases)
{
    BIGNUM *p = bn_words(f->p, f->nw), *a = NULL, *sq = BN_new(), *t = BN_new();
    long i;
    int nonsq = 0;
    for (i = 0; i < cases; i++) {
        sc_fe x, r, r2;
        sc_err e;
        int is_sq;
        a = value(p, i);
        /* 1: the square a^2 */
        BN_mod_sqr(sq, a, p, ctx);
        fe_from_bn(x, sq, f);
        e = sc_fp_sqrt_var(r, x, f);
        CHECK(e == SC_OK, "%s sqrt of a square, case %ld", f->name, i);
        {
            BIGNUM *g = fe_bn(r, f);
            BN_sub(t, p, g);
            CHECK(BN_cmp(g, a) == 0 || BN_cmp(t, a) == 0 || (BN_is_zero(a) && BN_is_zero(g)),
                  "%s sqrt is +-a, case %ld", f->name, i);
            BN_free(g);
        }
        /* 2: a itself: square iff Legendre symbol (a|p) != -1 (Euler via BN) */
        BN_sub(t, p, BN_value_one());
        BN_rshift1(t, t);
        BN_mod_exp(t, a, t, p, ctx);
        is_sq = BN_is_one(t) || BN_is_zero(a);
        fe_from_bn(x, a, f);
        e = sc_fp_sqrt_var(r, x, f);
        if (is_sq) {
            CHECK(e == SC_OK, "%s sqrt of residue, case %ld", f->name, i);
            sc_fp_sqr(r2, r, f);
            CHECK(sc_fp_eq(r2, x, f) != 0, "%s sqrt^2, case %ld", f->name, i);
        } else {
            nonsq++;
            CHECK(e == SC_ERR_NOT_SQUARE, "%s non-square rejected, case %ld", f->name, i);
            CHECK(sc_fp_is_zero(r, f) != 0, "%s non-square output zeroed", f->name);
        }
        BN_free(a);
    }
    /* the smallest non-residue, by Euler's criterion in BN (few cases at 8-bit limbs can all
     * be squares: every edge value is one modulo the opf primes, p = 1 mod 8 and 3 | p - 1) */
    {
        sc_fe x, r;
        BIGNUM *z = BN_new();
        BN_sub(t, p, BN_value_one());
        BN_rshift1(t, t);
        for (BN_set_word(z, 2);; BN_add_word(z, 1)) {
            BN_mod_exp(sq, z, t, p, ctx);
            if (!BN_is_one(sq))
                break;
        }
        fe_from_bn(x, z, f);
        CHECK(sc_fp_sqrt_var(r, x, f) == SC_ERR_NOT_SQUARE && sc_fp_is_zero(r, f), "%s non-square rejected",
              f->name);
        BN_free(z);
        nonsq++;
    }
    CHECK(nonsq > 0, "%s some non-squares were tried", f->name);
    BN_free(p);
    BN_free(sq);
    BN_free(t);
}

/* Reducer r(t) for random t < p^2 against t mod p (plain) or t R^-1 mod p. */
static void check_reducer(const char *what, sc_fp_reduce_fn red, int mont, const sc_fp_field *f, long cases)
{
    BIGNUM *p = bn_words(f->p, f->nw), *p2 = BN_new(), *Ri = BN_new(), *want = BN_new();
    long i;
    size_t n = f->nw;
    BN_sqr(p2, p, ctx);
    BN_zero(Ri);
    BN_set_bit(Ri, (int)(W * n));
    BN_mod_inverse(Ri, Ri, p, ctx);
    for (i = 0; i < cases; i++) {
        sc_word t[2 * SC_FP_MAXW], r[SC_FP_MAXW];
        BIGNUM *tb;
        if (i < NEDGE) {
            /* edge: products of edge values (incl. (p-1)^2, 0) */
            BIGNUM *a = edge(p, (int)i), *b = edge(p, (int)((i * 3 + 1) % NEDGE));
            tb = BN_new();
            BN_mul(tb, a, b, ctx);
            BN_free(a);
            BN_free(b);
        } else {
            uint8_t buf[2 * SC_FP_MAXBYTES + 16];
            tu_rand_bytes(buf, sizeof buf);
            tb = BN_bin2bn(buf, sizeof buf, NULL);
            BN_nnmod(tb, tb, p2, ctx);
        }
        words_bn(t, 2 * n, tb);
        if (i >= NEDGE && i % 3 == 1) {
            /* words below the top set to 0 or all ones at random (runs of
             * carries and borrows in the reducers), kept when still < p^2 */
            size_t j;
            BIGNUM *tm;
            for (j = 0; j + 1 < 2 * n; j++) {
                unsigned k = (unsigned)(tu_rand64() % 3);
                if (k < 2)
                    t[j] = k ? (sc_word)~(sc_word)0 : 0;
            }
            tm = bn_words(t, 2 * n);
            if (BN_cmp(tm, p2) < 0) {
                BN_free(tb);
                tb = tm;
            } else {
                BN_free(tm);
                words_bn(t, 2 * n, tb);
            }
        }
        red(r, t, f);
        if (mont)
            BN_mod_mul(want, tb, Ri, p, ctx);
        else
            BN_nnmod(want, tb, p, ctx);
        {
            BIGNUM *g = bn_words(r, n);
            CHECK(BN_cmp(g, want) == 0, "%s %s reducer case %ld", f->name, what, i);
            BN_free(g);
        }
        BN_free(tb);
    }
    BN_free(p);
    BN_free(p2);
    BN_free(Ri);
    BN_free(want);
}

/* The special reducer against Montgomery and Barrett copies of the field:
 * products of the same canonical inputs, compared after converting forms. */
static void check_against_generic(const sc_fp_field *f, long cases)
{
    sc_fp_field m, b;
    BIGNUM *p = bn_words(f->p, f->nw);
    long i;
    make_mont(&m, f);
    make_barrett(&b, f);
    for (i = 0; i < cases; i++) {
        BIGNUM *x = value(p, i), *y = value(p, i + 1);
        sc_word cx[SC_FP_MAXW], cy[SC_FP_MAXW], c1[SC_FP_MAXW], c2[SC_FP_MAXW], c3[SC_FP_MAXW];
        sc_fe fx, fy, mx, my, bx, by, r;
        memset(cx, 0, sizeof cx);
        memset(cy, 0, sizeof cy);
        words_bn(cx, f->nw, x);
        words_bn(cy, f->nw, y);
        sc_fp_from_canon(fx, cx, f);
        sc_fp_from_canon(fy, cy, f);
        sc_fp_from_canon(mx, cx, &m);
        sc_fp_from_canon(my, cy, &m);
        sc_fp_from_canon(bx, cx, &b);
        sc_fp_from_canon(by, cy, &b);
        sc_fp_mul(r, fx, fy, f);
        sc_fp_to_canon(c1, r, f);
        sc_fp_mul(r, mx, my, &m);
        sc_fp_to_canon(c2, r, &m);
        sc_fp_mul(r, bx, by, &b);
        sc_fp_to_canon(c3, r, &b);
        CHECK(memcmp(c1, c2, f->nw * sizeof(sc_word)) == 0, "%s mul: field reducer vs Montgomery, case %ld",
              f->name, i);
        CHECK(memcmp(c1, c3, f->nw * sizeof(sc_word)) == 0, "%s mul: field reducer vs Barrett, case %ld",
              f->name, i);
        sc_fp_sqr(r, fx, f);
        sc_fp_to_canon(c1, r, f);
        sc_fp_sqr(r, mx, &m);
        sc_fp_to_canon(c2, r, &m);
        CHECK(memcmp(c1, c2, f->nw * sizeof(sc_word)) == 0, "%s sqr: field reducer vs Montgomery, case %ld",
              f->name, i);
        BN_free(x);
        BN_free(y);
    }
    BN_free(p);
}

#if SC_WORD_BITS == 64
/* 64-bit word-based special reducers against the 32-bit chunk versions. */
static void check_chunks(const sc_fp_field *f, long cases)
{
    void (*chunk)(sc_word *, const sc_word *, const sc_fp_field *) = NULL;
    BIGNUM *p = bn_words(f->p, f->nw);
    long i;
    if (f->reduce == sc_fp_reduce_secp160r1) chunk = sc_fp_reduce_secp160r1_chunks;
    if (f->reduce == sc_fp_reduce_p192) chunk = sc_fp_reduce_p192_chunks;
    if (f->reduce == sc_fp_reduce_p224) chunk = sc_fp_reduce_p224_chunks;
    if (f->reduce == sc_fp_reduce_p256) chunk = sc_fp_reduce_p256_chunks;
    if (f->reduce == sc_fp_reduce_secp256k1) chunk = sc_fp_reduce_secp256k1_chunks;
    if (!chunk) {
        BN_free(p);
        return;
    }
    for (i = 0; i < cases; i++) {
        BIGNUM *x = value(p, i), *y = value(p, i * 5 + 2), *t = BN_new();
        sc_word tw[2 * SC_FP_MAXW], tw2[2 * SC_FP_MAXW], r1[SC_FP_MAXW], r2[SC_FP_MAXW];
        BN_mul(t, x, y, ctx);
        words_bn(tw, 2 * f->nw, t);
        memcpy(tw2, tw, sizeof tw);
        f->reduce(r1, tw, f);
        chunk(r2, tw2, f);
        CHECK(memcmp(r1, r2, f->nw * sizeof(sc_word)) == 0, "%s 64-bit vs chunk reducer, case %ld", f->name, i);
        BN_free(x);
        BN_free(y);
        BN_free(t);
    }
    BN_free(p);
}
#endif

static void check_bytes(const sc_fp_field *f, long cases)
{
    size_t len = sc_fp_bytes(f), j, l;
    uint8_t buf[2 * SC_FP_MAXBYTES + 2];
    BIGNUM *p = bn_words(f->p, f->nw), *t = BN_new();
    sc_fe r;
    long i;

    /* wrong lengths */
    memset(buf, 0, sizeof buf);
    CHECK(sc_fp_from_bytes(r, buf, len - 1, f) == SC_ERR_LENGTH, "%s short", f->name);
    CHECK(sc_fp_from_bytes(r, buf, len + 1, f) == SC_ERR_LENGTH, "%s long", f->name);
    /* p, p + 1, all ones: out of range, output zeroed */
    BN_bn2binpad(p, buf, (int)len);
    sc_fp_set_one(r, f);
    CHECK(sc_fp_from_bytes(r, buf, len, f) == SC_ERR_RANGE, "%s p rejected", f->name);
    CHECK(sc_mp_is_zero(r, f->nw) != 0, "%s zeroed on error", f->name);
    BN_add_word(t, 0);
    BN_copy(t, p);
    BN_add_word(t, 1);
    if (BN_num_bytes(t) <= (int)len) {
        BN_bn2binpad(t, buf, (int)len);
        CHECK(sc_fp_from_bytes(r, buf, len, f) == SC_ERR_RANGE, "%s p+1 rejected", f->name);
    }
    memset(buf, 0xff, len);
    CHECK(sc_fp_from_bytes(r, buf, len, f) == SC_ERR_RANGE, "%s all-ones rejected", f->name);
    BN_copy(t, p);
    BN_sub_word(t, 1);
    BN_bn2binpad(t, buf, (int)len);
    CHECK(sc_fp_from_bytes(r, buf, len, f) == SC_OK && fe_is(r, t, f), "%s p-1 accepted", f->name);
    if (f->bits % 8) {
        /* a value with a bit above the field's bit length */
        memset(buf, 0, len);
        buf[0] = (uint8_t)(1u << (f->bits % 8));
        CHECK(sc_fp_from_bytes(r, buf, len, f) == SC_ERR_RANGE, "%s high bit rejected", f->name);
    }
    /* from_bytes_reduce: any length up to 2 * SC_FP_MAXBYTES */
    for (i = 0; i < cases; i++) {
        l = (size_t)(tu_rand64() % (2 * SC_FP_MAXBYTES + 1));
        BIGNUM *v;
        if (i == 0)
            l = 0;
        tu_rand_bytes(buf, l);
        if (i % 3 == 1)
            for (j = 0; j < l; j++)
                buf[j] = 0xff;
        v = BN_bin2bn(buf, (int)l, NULL);
        BN_nnmod(v, v, p, ctx);
        CHECK(sc_fp_from_bytes_reduce(r, buf, l, f) == SC_OK && fe_is(r, v, f), "%s from_bytes_reduce len %zu",
              f->name, l);
        BN_free(v);
    }
    /* the short-input path (len <= field bytes): every length, with values
     * near multiples of p (k p - 1, k p, k p + 1 for k < 2^8) and all ones */
    for (l = 1; l <= len; l++) {
        for (i = 0; i < 64; i++) {
            BIGNUM *v = BN_new(), *w;
            if (i < 48 && l == len) {
                BN_mul_word(BN_copy(v, p), (BN_ULONG)(tu_rand64() % 256));
                if (i % 3 == 0)
                    BN_sub_word(v, 1);
                else if (i % 3 == 1)
                    BN_add_word(v, 1);
                BN_mask_bits(v, 8 * (int)l);
                BN_bn2binpad(v, buf, (int)l);
            } else if (i % 2) {
                memset(buf, 0xff, l);
            } else {
                tu_rand_bytes(buf, l);
            }
            w = BN_bin2bn(buf, (int)l, NULL);
            BN_nnmod(v, w, p, ctx);
            CHECK(sc_fp_from_bytes_reduce(r, buf, l, f) == SC_OK && fe_is(r, v, f),
                  "%s from_bytes_reduce short len %zu case %ld", f->name, l, i);
            BN_free(v);
            BN_free(w);
        }
    }
    CHECK(sc_fp_from_bytes_reduce(r, buf, 2 * SC_FP_MAXBYTES + 1, f) == SC_ERR_LENGTH, "%s reduce too long",
          f->name);
    BN_free(p);
    BN_free(t);
}

#ifdef SC_FP_HAVE_SAFEGCD
/* Safegcd inversion against BN_mod_inverse on edge and random inputs
 * (0 -> 0 included), and against Fermat on every 8th. */
static void check_inv_safegcd(const sc_fp_field *f, long cases)
{
    BIGNUM *p = bn_words(f->p, f->nw), *want = BN_new();
    sc_fe x, r, s;
    long i;
    for (i = 0; i < cases; i++) {
        BIGNUM *a = value(p, i);
        fe_from_bn(x, a, f);
        sc_fp_inv_safegcd(r, x, f);
        sc_fp_inv_safegcd_var(s, x, f);
        if (BN_is_zero(a)) {
            CHECK(sc_fp_is_zero(r, f) != 0, "%s safegcd(0)", f->name);
            CHECK(sc_fp_is_zero(s, f) != 0, "%s safegcd_var(0)", f->name);
        } else {
            BN_mod_inverse(want, a, p, ctx);
            CHECK(fe_is(r, want, f), "%s safegcd case %ld", f->name, i);
            CHECK(fe_is(s, want, f), "%s safegcd_var case %ld", f->name, i);
        }
        if (i % 8 == 0) {
            sc_fp_inv_fermat(s, x, f);
            CHECK(sc_fp_eq(r, s, f) != 0, "%s safegcd = fermat case %ld", f->name, i);
        }
        BN_free(a);
    }
    BN_free(p);
    BN_free(want);
}
#endif

/* The fused MULX multiplication / squaring (port/x86_64, on where the CPU
 * has BMI2 and ADX) against the C path, element by element, on words drawn
 * from 0, 1, 2^32 - 1, 2^32, 2^63, 2^64 - 1 and random (reduced below p so
 * both paths take valid inputs), which reach the carry and final-subtraction
 * borders of the reductions.  No-op where acceleration is unavailable. */
static void check_fused_vs_c(const sc_fp_field *f, long cases)
{
#if W == 64
    static const uint64_t pat[6] = { 0, 1, 0xffffffffu, 0x100000000u, (uint64_t)1 << 63, ~(uint64_t)0 };
    long i;
    size_t k;
    for (i = 0; i < cases; i++) {
        sc_fe x, y, r1, r2, s1, s2;
        BIGNUM *p = bn_words(f->p, f->nw), *bx, *by;
        for (k = 0; k < f->nw; k++) {
            uint64_t u = tu_rand64(), v = tu_rand64();
            x[k] = (u & 7) < 6 ? pat[u & 7] : v;
            y[k] = ((u >> 3) & 7) < 6 ? pat[(u >> 3) & 7] : (v ^ u);
        }
        bx = bn_words(x, f->nw);
        by = bn_words(y, f->nw);
        BN_nnmod(bx, bx, p, ctx);
        BN_nnmod(by, by, p, ctx);
        words_bn(x, f->nw, bx);
        words_bn(y, f->nw, by);
        if (!sc_mp_set_accel(1)) {
            BN_free(p); BN_free(bx); BN_free(by);
            return;
        }
        sc_fp_mul(r1, x, y, f);
        sc_fp_sqr(s1, x, f);
        sc_mp_set_accel(0);
        sc_fp_mul(r2, x, y, f);
        sc_fp_sqr(s2, x, f);
        CHECK(memcmp(r1, r2, f->nw * sizeof(sc_word)) == 0, "%s fused mul vs C case %ld", f->name, i);
        CHECK(memcmp(s1, s2, f->nw * sizeof(sc_word)) == 0, "%s fused sqr vs C case %ld", f->name, i);
        BN_free(p); BN_free(bx); BN_free(by);
    }
#else
    (void)f;
    (void)cases;
#endif
}

/* The secp256k1 kernels of port/x86_64/mp_secp256k1_mulx.c called directly
 * (their contract covers any inputs below 2^256, not only below p) against
 * OpenSSL's BN_mod_mul / BN_mod_sqr, the result required fully reduced: on
 * the borders 0, 1, p - 1, p, p + 1, 2^256 - 1, 2^256 - C (= p) +- small,
 * values whose products saturate the carry chains (all-ones words, words
 * 2^64 - 1 beside 0), products landing just below and above p after the
 * first fold, and random words.  No-op where the CPU lacks BMI2 / ADX. */
#if defined(SC_MP_HAVE_MULX) && SC_CURVE_SECP256K1
void sc_fp_mul_secp256k1_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void sc_fp_sqr_secp256k1_mulx(uint64_t r[4], const uint64_t a[4]);

static void k1_pick(uint64_t x[4], long i)
{
    static const uint64_t P0 = 0xfffffffefffffc2fULL, C = 0x1000003d1ULL;
    static const uint64_t pat[8] = { 0, 1, 0xffffffffu, 0x100000000u, (uint64_t)1 << 63, ~(uint64_t)0,
                                     0xfffffffefffffc2fULL, 0xfffffffefffffc30ULL };
    size_t k;
    uint64_t u = tu_rand64();
    switch (i < 16 ? i : 16 + (long)(u % 6)) {
    case 0: x[0] = 0; x[1] = 0; x[2] = 0; x[3] = 0; return;                        /* 0 */
    case 1: x[0] = 1; x[1] = 0; x[2] = 0; x[3] = 0; return;                        /* 1 */
    case 2: x[0] = P0 - 1; x[1] = x[2] = x[3] = ~(uint64_t)0; return;              /* p - 1 */
    case 3: x[0] = P0; x[1] = x[2] = x[3] = ~(uint64_t)0; return;                  /* p */
    case 4: x[0] = P0 + 1; x[1] = x[2] = x[3] = ~(uint64_t)0; return;              /* p + 1 */
    case 5: x[0] = x[1] = x[2] = x[3] = ~(uint64_t)0; return;                      /* 2^256 - 1 */
    case 6: x[0] = ~(uint64_t)0 - C - 5; x[1] = x[2] = x[3] = ~(uint64_t)0; return; /* p - 6 */
    case 7: x[0] = C; x[1] = 0; x[2] = 0; x[3] = 0; return;                        /* C */
    case 8: x[0] = 0; x[1] = 0; x[2] = 0; x[3] = (uint64_t)1 << 63; return;         /* 2^255 */
    case 9: x[0] = ~(uint64_t)0; x[1] = 0; x[2] = ~(uint64_t)0; x[3] = 0; return;
    case 10: x[0] = 0; x[1] = ~(uint64_t)0; x[2] = 0; x[3] = ~(uint64_t)0; return;
    case 11: x[0] = (uint64_t)1 << 32; x[1] = x[2] = x[3] = ~(uint64_t)0; return;   /* below p */
    case 12: x[0] = 0x7fffffff7ffffe17ULL; x[1] = x[2] = ~(uint64_t)0;             /* (p - 1) / 2 */
        x[3] = 0x7fffffffffffffffULL; return;
    case 13: x[0] = 0x7fffffff7ffffe18ULL; x[1] = x[2] = ~(uint64_t)0;             /* (p + 1) / 2 */
        x[3] = 0x7fffffffffffffffULL; return;
    case 14: x[0] = 0; x[1] = 0; x[2] = 0; x[3] = ~(uint64_t)0; return;
    case 15: x[0] = ~(uint64_t)0; x[1] = 0; x[2] = 0; x[3] = 0; return;
    case 16: case 17:                                                               /* patterned words */
        for (k = 0; k < 4; k++)
            x[k] = pat[(u >> (3 * k + 8)) & 7];
        return;
    case 18:                                                                        /* near 2^256 */
        x[0] = ~(uint64_t)0 - (u >> 20) % (2 * C);
        x[1] = x[2] = x[3] = ~(uint64_t)0;
        return;
    default:                                                                        /* random */
        for (k = 0; k < 4; k++)
            x[k] = tu_rand64();
        return;
    }
}

static void check_secp256k1_kernel(long cases)
{
    static const sc_word pw[4] = { 0xfffffffefffffc2fULL, ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0 };
    BIGNUM *p, *want = BN_new();
    long i, j;
    if (!sc_mp_mulx_available()) {
        BN_free(want);
        return;
    }
    p = bn_words(pw, 4);
    for (i = 0; i < cases; i++) {
        for (j = 0; j < (i < 16 ? 16 : 1); j++) {
            uint64_t x[4], y[4], r[4], s[4], xa[4];
            BIGNUM *bx, *by, *g;
            k1_pick(x, i);
            k1_pick(y, i < 16 ? j : i + 1);
            bx = bn_words(x, 4);
            by = bn_words(y, 4);
            sc_fp_mul_secp256k1_mulx(r, x, y);
            g = bn_words(r, 4);
            BN_mod_mul(want, bx, by, p, ctx);
            CHECK(BN_cmp(g, want) == 0, "secp256k1 MULX kernel mul case %ld/%ld", i, j);
            BN_free(g);
            sc_fp_sqr_secp256k1_mulx(s, x);
            g = bn_words(s, 4);
            BN_mod_sqr(want, bx, p, ctx);
            CHECK(BN_cmp(g, want) == 0, "secp256k1 MULX kernel sqr case %ld", i);
            BN_free(g);
            memcpy(xa, x, sizeof xa);                  /* r aliasing a */
            sc_fp_mul_secp256k1_mulx(xa, xa, y);
            CHECK(memcmp(xa, r, sizeof r) == 0, "secp256k1 MULX kernel mul in place case %ld", i);
            memcpy(xa, x, sizeof xa);
            sc_fp_sqr_secp256k1_mulx(xa, xa);
            CHECK(memcmp(xa, s, sizeof s) == 0, "secp256k1 MULX kernel sqr in place case %ld", i);
            BN_free(bx);
            BN_free(by);
        }
    }
    BN_free(p);
    BN_free(want);
}
#endif

/* The inline 3-word field operations of port/x86_64/fp3_mulx.h on fully
 * reduced values (P-192's, those of its point routines and field layer;
 * secp160r1's product and squaring, those of its field layer) called
 * directly against OpenSSL's BN_mod_add / sub / mul / sqr and a / 2 = a
 * (p + 1) / 2 mod p, the result required fully reduced: every pair of the
 * edge values of value() (0, 1, 2, p - 1, p - 2, (p -+ 1) / 2, 2^k +- 1,
 * runs of ones and zeros: sums landing on p and just around it, differences
 * on 0 and just below), then random pairs; each also with the output
 * aliasing an input.  No-op where the CPU lacks BMI2 / ADX. */
#if defined(SC_MP_HAVE_MULX) && (SC_CURVE_SECP160R1 || SC_CURVE_SECP192R1)
#include "../port/x86_64/fp3_mulx.h"

typedef struct {
    const char *curve;
    void (*mul)(uint64_t r[3], const uint64_t a[3], const uint64_t b[3]);
    void (*sqr)(uint64_t r[3], const uint64_t a[3]);
    void (*add)(uint64_t r[3], const uint64_t a[3], const uint64_t b[3]);
    void (*sub)(uint64_t r[3], const uint64_t a[3], const uint64_t b[3]);
    void (*dbl)(uint64_t r[3], const uint64_t a[3]);
    void (*half)(uint64_t r[3], const uint64_t a[3]);
} fp3_ops;

#define FP3_MUL_OPS_OF(name)                                                                         \
    static void fp3t_mul_##name(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])          \
    {                                                                                              \
        fp3_mul_##name(r, a, b);                                                                   \
    }                                                                                              \
    static void fp3t_sqr_##name(uint64_t r[3], const uint64_t a[3]) { fp3_sqr_##name(r, a); }
#define FP3_OPS_OF(name)                                                                             \
    FP3_MUL_OPS_OF(name)                                                                           \
    static void fp3t_add_##name(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])          \
    {                                                                                              \
        fp3_add_##name(r, a, b);                                                                   \
    }                                                                                              \
    static void fp3t_sub_##name(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])          \
    {                                                                                              \
        fp3_sub_##name(r, a, b);                                                                   \
    }                                                                                              \
    static void fp3t_dbl_##name(uint64_t r[3], const uint64_t a[3]) { fp3_dbl_##name(r, a); }     \
    static void fp3t_half_##name(uint64_t r[3], const uint64_t a[3]) { fp3_half_##name(r, a); }
FP3_MUL_OPS_OF(secp160r1)
FP3_OPS_OF(p192)

/* r = op(x, y) mod p as words, from OpenSSL: 0 add, 1 sub, 2 mul, 3 sqr, 4 dbl, 5 half */
static void fp3_want(uint64_t r[3], int op, const BIGNUM *x, const BIGNUM *y, const BIGNUM *p)
{
    BIGNUM *t = BN_new();
    switch (op) {
    case 0: BN_mod_add(t, x, y, p, ctx); break;
    case 1: BN_mod_sub(t, x, y, p, ctx); break;
    case 2: BN_mod_mul(t, x, y, p, ctx); break;
    case 3: BN_mod_sqr(t, x, p, ctx); break;
    case 4: BN_mod_add(t, x, x, p, ctx); break;
    default:                                    /* x (p + 1) / 2 */
        BN_copy(t, p);
        BN_add_word(t, 1);
        BN_rshift1(t, t);
        BN_mod_mul(t, t, x, p, ctx);
        break;
    }
    words_bn(r, 3, t);
    BN_free(t);
}

static void fp3_run(uint64_t r[3], const fp3_ops *o, int op, const uint64_t x[3], const uint64_t y[3])
{
    switch (op) {
    case 0: o->add(r, x, y); break;
    case 1: o->sub(r, x, y); break;
    case 2: o->mul(r, x, y); break;
    case 3: o->sqr(r, x); break;
    case 4: o->dbl(r, x); break;
    default: o->half(r, x); break;
    }
}

static void check_fp3_inline(const fp3_ops *o, long cases)
{
    const sc_curve *cv = sc_curve_find(o->curve);
    BIGNUM *p;
    long i, j;
    int op;
    if (!cv || !sc_mp_mulx_available())
        return;
    p = bn_words(cv->ep->fp->p, 3);
    for (i = 0; i < NEDGE + cases; i++) {
        for (j = 0; j < (i < NEDGE ? NEDGE : 1); j++) {
            BIGNUM *bx = value(p, i), *by = value(p, i < NEDGE ? j : NEDGE);
            uint64_t x[3], y[3], want[3], got[3], xa[3], ya[3];
            words_bn(x, 3, bx);
            words_bn(y, 3, by);
            for (op = 0; op < 6; op++) {
                if (op != 2 && op != 3 && !o->add)
                    continue;                   /* the field's product and squaring only */
                fp3_want(want, op, bx, by, p);
                fp3_run(got, o, op, x, y);
                memcpy(xa, x, sizeof xa);       /* r aliasing a */
                fp3_run(xa, o, op, xa, y);
                memcpy(ya, y, sizeof ya);       /* r aliasing b */
                if (op <= 2)
                    fp3_run(ya, o, op, x, ya);
                else
                    memcpy(ya, want, sizeof ya);
                CHECK(memcmp(got, want, sizeof want) == 0 && memcmp(xa, want, sizeof want) == 0 &&
                          memcmp(ya, want, sizeof want) == 0,
                      "%s fp3_mulx.h op %d case %ld/%ld", o->curve, op, i, j);
            }
            BN_free(bx);
            BN_free(by);
        }
    }
    BN_free(p);
}
#endif

/* The lazy secp160r1 operations of port/x86_64/fp3_mulx.h (those of the
 * secp160r1 point routines), on 3-word values up to 2^192 - 1, against
 * OpenSSL: each result congruent mod p to BN_mod_* of the inputs, and in its
 * class (any: 3 words; short: below 2^192 - C = 2^32 p, C = 2^63 + 2^32, for
 * products, squares, halves and differences from a short minuend; below p
 * for the product reduced in full and the reduction to canonical).
 * Inputs: the edge words below (0, 1, C - 1, C, the largest short value and
 * the smallest value above it, 2^191 -+ 1, 2^192 - 1, 2^192 - 2, multiples
 * of p next to 2^192, p -+ 1, 2^160 -+ 1, runs of ones at each word) in
 * every pair, then random words (a third of them in the top 2^64, where
 * the values that are not short lie); each operation
 * only on the inputs its precondition admits (a short term of a sum, a
 * short subtrahend), and again with the output aliasing an input. */
#if defined(SC_MP_HAVE_MULX) && SC_CURVE_SECP160R1
#define L160_NEDGE 28

/* edge value i, or random words (i >= L160_NEDGE), every third one in the top 2^64 */
static void l160_value(uint64_t x[3], long i)
{
    static const uint64_t e[L160_NEDGE][3] = {
        {0, 0, 0},
        {1, 0, 0},
        {0x80000000ffffffffULL, 0, 0},                                             /* C - 1 */
        {0x8000000100000000ULL, 0, 0},                                             /* C */
        {0x8000000100000001ULL, 0, 0},                                             /* C + 1 */
        {0x7ffffffeffffffffULL, ~0ULL, ~0ULL},                                     /* 2^192 - C - 1 */
        {0x7fffffff00000000ULL, ~0ULL, ~0ULL},                                     /* 2^192 - C */
        {~0ULL, ~0ULL, 0x7fffffffffffffffULL},                                     /* 2^191 - 1 */
        {0, 0, 0x8000000000000000ULL},                                             /* 2^191 */
        {1, 0, 0x8000000000000000ULL},                                             /* 2^191 + 1 */
        {~0ULL, ~0ULL, ~0ULL},                                                     /* 2^192 - 1 */
        {~0ULL - 1, ~0ULL, ~0ULL},                                                 /* 2^192 - 2 */
        {0x7fffffff00000000ULL - 1, ~0ULL, ~0ULL},                                 /* 2^32 p - 1 */
        {0x7fffffff00000000ULL - 0xffffffff7fffffffULL, ~0ULL - 1, ~0ULL},        /* 2^32 p - p */
        {0xffffffff7ffffffeULL, ~0ULL, 0xffffffffULL},                             /* p - 1 */
        {0xffffffff7fffffffULL, ~0ULL, 0xffffffffULL},                             /* p */
        {0xffffffff80000000ULL, ~0ULL, 0xffffffffULL},                             /* p + 1 */
        {0xfffffffeffffffffULL, ~0ULL, 0x1ffffffffULL},                            /* 2p */
        {~0ULL, ~0ULL, 0xffffffffULL},                                             /* 2^160 - 1 */
        {0, 0, 0x100000000ULL},                                                    /* 2^160 */
        {1, 0, 0x100000000ULL},                                                    /* 2^160 + 1 */
        {~0ULL, 0, 0},
        {0, ~0ULL, 0},
        {0, 0, ~0ULL},
        {~0ULL, ~0ULL, 0},
        {0, ~0ULL, ~0ULL},
        {~0ULL, 0, ~0ULL},
        {0x8000000080000000ULL, 0x8000000080000000ULL, 0x8000000080000000ULL},
    };
    int k;
    if (i < L160_NEDGE) {
        memcpy(x, e[i], sizeof e[i]);
        return;
    }
    for (k = 0; k < 3; k++)
        x[k] = tu_rand64();
    if (i % 3 == 0)                                   /* the top 2^64: half of them not short */
        x[1] = x[2] = ~0ULL;
}

/* x < 2^192 - C (short) */
static int l160_short(const uint64_t x[3])
{
    return x[2] != ~0ULL || x[1] != ~0ULL || x[0] < 0x7fffffff00000000ULL;
}

/* r = op(x, y) mod p reduced: 0 add, 1 sub, 2 sub_any, 3 mul, 4 mulc, 5 sqr, 6 dbl, 7 half, 8 canon */
static void l160_want(uint64_t r[3], int op, const BIGNUM *x, const BIGNUM *y, const BIGNUM *p)
{
    BIGNUM *t = BN_new();
    switch (op) {
    case 0: BN_mod_add(t, x, y, p, ctx); break;
    case 1: case 2: BN_mod_sub(t, x, y, p, ctx); break;
    case 3: case 4: BN_mod_mul(t, x, y, p, ctx); break;
    case 5: BN_mod_sqr(t, x, p, ctx); break;
    case 6: BN_mod_add(t, x, x, p, ctx); break;
    case 7:                                         /* x (p + 1) / 2 */
        BN_copy(t, p);
        BN_add_word(t, 1);
        BN_rshift1(t, t);
        BN_mod_mul(t, t, x, p, ctx);
        break;
    default: BN_nnmod(t, x, p, ctx); break;
    }
    words_bn(r, 3, t);
    BN_free(t);
}

static void l160_run(uint64_t r[3], int op, const uint64_t x[3], const uint64_t y[3])
{
    switch (op) {
    case 0: fp3_addl_secp160r1(r, x, y); break;
    case 1: fp3_subl_secp160r1(r, x, y); break;
    case 2: fp3_sub_anyl_secp160r1(r, x, y); break;
    case 3: fp3_mull_secp160r1(r, x, y); break;
    case 4: fp3_mulc_secp160r1(r, x, y); break;
    case 5: fp3_sqrl_secp160r1(r, x); break;
    case 6: fp3_dbll_secp160r1(r, x); break;
    case 7: fp3_halfl_secp160r1(r, x); break;
    default: fp3_canon_secp160r1(r, x); break;
    }
}

/* the precondition of op on (x, y): a short term (add), a short
 * subtrahend (sub), a short operand (dbl) */
static int l160_admits(int op, const uint64_t x[3], const uint64_t y[3])
{
    switch (op) {
    case 0: return l160_short(x) || l160_short(y);
    case 1: return l160_short(y);
    case 6: return l160_short(x);
    default: return 1;
    }
}

static void check_l160(long cases)
{
    const sc_curve *cv = sc_curve_find("secp160r1");
    BIGNUM *p;
    long i, j, n = 0;
    int op;
    if (!cv || !sc_mp_mulx_available())
        return;
    p = bn_words(cv->ep->fp->p, 3);
    for (i = 0; i < L160_NEDGE + cases; i++) {
        for (j = 0; j < (i < L160_NEDGE ? L160_NEDGE : 1); j++) {
            uint64_t x[3], y[3], want[3], got[3], xa[3], ya[3], rm[3];
            BIGNUM *bx, *by, *bg;
            l160_value(x, i);
            l160_value(y, i < L160_NEDGE ? j : i + 1);
            bx = bn_words(x, 3);
            by = bn_words(y, 3);
            for (op = 0; op < 9; op++) {
                int in_class, unary = op >= 5;
                if (!l160_admits(op, x, y))
                    continue;
                l160_want(want, op, bx, by, p);
                l160_run(got, op, x, y);
                bg = bn_words(got, 3);
                BN_nnmod(bg, bg, p, ctx);
                words_bn(rm, 3, bg);
                BN_free(bg);
                memcpy(xa, x, sizeof xa);       /* r aliasing a */
                l160_run(xa, op, xa, y);
                memcpy(ya, y, sizeof ya);       /* r aliasing b */
                if (!unary)
                    l160_run(ya, op, x, ya);
                else
                    memcpy(ya, got, sizeof ya);
                in_class = op == 4 || op == 8 ? memcmp(got, want, sizeof want) == 0
                           : op == 3 || op == 5 || op == 7 ? l160_short(got)
                           : op == 1 && l160_short(x) ? l160_short(got) : 1;
                CHECK(memcmp(rm, want, sizeof want) == 0 && in_class && memcmp(xa, got, sizeof got) == 0 &&
                          memcmp(ya, got, sizeof got) == 0,
                      "secp160r1 lazy fp3_mulx.h op %d case %ld/%ld", op, i, j);
                n++;
            }
            BN_free(bx);
            BN_free(by);
        }
    }
    CHECK(n > 8 * cases, "secp160r1 lazy fp3_mulx.h: %ld checks", n);
    BN_free(p);
}
#endif

/* SC_WT (seacurve/config.h): a constant of one 64-bit chunk and a last chunk of
 * n = 1 .. 7 bytes fills exactly SC_WORDS(64 + 8n) words, and its value read
 * back big-endian is the bytes it was written from. */
#define WT_CASE(n, tail, ...)                                                                  \
    do {                                                                                       \
        static const sc_word x[] = { SC_W64(0x0123456789abcdefULL), SC_WT(n, tail) };         \
        static const uint8_t be[] = { __VA_ARGS__, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef }; \
        uint8_t got[sizeof be];                                                                \
        CHECK(sizeof x == SC_WORDS(64 + 8 * (n)) * sizeof(sc_word), "SC_WT(%d) word count", n); \
        CHECK(sizeof be == 8 + (n), "SC_WT(%d) bytes", n);                                    \
        sc_mp_to_be(got, sizeof got, x, sizeof x / sizeof x[0]);                               \
        CHECK(memcmp(got, be, sizeof be) == 0, "SC_WT(%d) value", n);                          \
    } while (0)

static void check_wt(void)
{
    WT_CASE(1, 0xf1ULL, 0xf1);
    WT_CASE(2, 0xf1e2ULL, 0xf1, 0xe2);
    WT_CASE(3, 0xf1e2d3ULL, 0xf1, 0xe2, 0xd3);
    WT_CASE(4, 0xf1e2d3c4ULL, 0xf1, 0xe2, 0xd3, 0xc4);
    WT_CASE(5, 0xf1e2d3c4b5ULL, 0xf1, 0xe2, 0xd3, 0xc4, 0xb5);
    WT_CASE(6, 0xf1e2d3c4b5a6ULL, 0xf1, 0xe2, 0xd3, 0xc4, 0xb5, 0xa6);
    WT_CASE(7, 0xf1e2d3c4b5a697ULL, 0xf1, 0xe2, 0xd3, 0xc4, 0xb5, 0xa6, 0x97);
    /* buffers hold the build's largest field or order and no more than its limbs need */
    CHECK(SC_FP_MAXW == SC_WORDS(SC_FP_MAX_BITS), "SC_FP_MAXW");
    CHECK(sizeof(sc_fe) * 8 < SC_FP_MAX_BITS + SC_WORD_BITS, "sc_fe exact to a limb");
}

static void check_all_fields(long scale, int accel)
{
    size_t ci;
    for (ci = 0; ci < sc_curve_prime_count(); ci++) {
        const sc_curve *c = sc_curve_at(ci);
        const sc_fp_field *fs[2];
        int k;
        if (tu_opf_skip(c->name))
            continue;
        fs[0] = c->ep->fp;
        fs[1] = c->ep->fn;
        for (k = 0; k < 2; k++) {
            const sc_fp_field *f = fs[k];
            sc_fp_field m, b;
            check_params(f);
            check_arith(f, tu_cases(500 * scale), tu_cases(60 * scale));
            check_sqrt(f, tu_cases(12 * scale));
            check_bytes(f, tu_cases(100));
            check_reducer("own", f->reduce, f->mont, f, tu_cases(1000 * scale));
            make_mont(&m, f);
            make_barrett(&b, f);
            check_reducer("Montgomery", sc_fp_reduce_mont, 1, &m, tu_cases(300 * scale));
            check_reducer("Barrett", sc_fp_reduce_barrett, 0, &b, tu_cases(100 * scale));
            check_arith(&m, tu_cases(60), tu_cases(10));
            check_arith(&b, tu_cases(60), tu_cases(10));
            check_fused_vs_c(f, tu_cases(2000));
            check_fused_vs_c(&m, tu_cases(500));
            sc_mp_set_accel(accel);
#ifdef SC_FP_HAVE_SAFEGCD
            check_inv_safegcd(f, tu_cases(2000));
            check_inv_safegcd(&m, tu_cases(500));
            check_inv_safegcd(&b, tu_cases(200));
#endif
            if (f->reduce == sc_fp_reduce_p256 || f->reduce == sc_fp_reduce_p256_mont) {
                /* P-256 has two reducers (Solinas, plain form; specialised REDC,
                 * Montgomery form): whichever the field uses, test both. */
                sc_fp_field g;
                make_mont(&g, f);
                g.reduce = sc_fp_reduce_p256_mont;
                check_reducer("P-256 REDC", sc_fp_reduce_p256_mont, 1, &g, tu_cases(1000 * scale));
                check_arith(&g, tu_cases(200 * scale), tu_cases(20));
                make_barrett(&g, f);
                g.reduce = sc_fp_reduce_p256;
                check_reducer("P-256 Solinas", sc_fp_reduce_p256, 0, &g, tu_cases(1000 * scale));
                check_arith(&g, tu_cases(200 * scale), tu_cases(20));
                check_against_generic(&g, tu_cases(200 * scale));
#if SC_WORD_BITS == 64
                check_chunks(&g, tu_cases(2000));
#endif
            }
            if (f->reduce == sc_fp_reduce_p224 || f->reduce == sc_fp_reduce_p224_mont) {
                /* P-224 likewise: Solinas (plain) and specialised REDC (Montgomery) */
                sc_fp_field g;
                make_mont(&g, f);
                g.reduce = sc_fp_reduce_p224_mont;
                check_reducer("P-224 REDC", sc_fp_reduce_p224_mont, 1, &g, tu_cases(1000 * scale));
                check_arith(&g, tu_cases(200 * scale), tu_cases(20));
                make_barrett(&g, f);
                g.reduce = sc_fp_reduce_p224;
                check_reducer("P-224 Solinas", sc_fp_reduce_p224, 0, &g, tu_cases(1000 * scale));
                check_arith(&g, tu_cases(200 * scale), tu_cases(20));
                check_against_generic(&g, tu_cases(200 * scale));
#if SC_WORD_BITS == 64
                check_chunks(&g, tu_cases(2000));
#endif
            }
            if (!f->mont) {
                check_against_generic(f, tu_cases(200 * scale));
#if SC_WORD_BITS == 64
                check_chunks(f, tu_cases(2000));
#endif
            }
        }
    }
}

int main(void)
{
    long scale = W == 8 ? 1 : W == 16 ? 2 : 4;
    tu_seed_init("fp");
    ctx = BN_CTX_new();
    check_wt();
#if defined(SC_MP_HAVE_MULX) && SC_CURVE_SECP256K1
    check_secp256k1_kernel(tu_cases(20000));
#endif
#if defined(SC_MP_HAVE_MULX) && (SC_CURVE_SECP160R1 || SC_CURVE_SECP192R1)
    {
        static const fp3_ops fp3[] = {
            {"secp160r1", fp3t_mul_secp160r1, fp3t_sqr_secp160r1, NULL, NULL, NULL, NULL},
            {"secp192r1", fp3t_mul_p192, fp3t_sqr_p192, fp3t_add_p192, fp3t_sub_p192, fp3t_dbl_p192,
             fp3t_half_p192},
        };
        check_fp3_inline(&fp3[0], tu_cases(20000));
        check_fp3_inline(&fp3[1], tu_cases(20000));
    }
#endif
#if defined(SC_MP_HAVE_MULX) && SC_CURVE_SECP160R1
    check_l160(tu_cases(40000));
#endif
    /* every check with the x86-64 MULX products when the CPU has them, then
     * with the portable C products they override */
    if (sc_mp_set_accel(1))
        check_all_fields(scale, 1);
    sc_mp_set_accel(0);
    check_all_fields(scale, 0);
    sc_mp_set_accel(1);
    BN_CTX_free(ctx);
    return tu_done("fp");
}
