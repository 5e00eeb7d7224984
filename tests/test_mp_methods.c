/* mp_methods: every multiplication / squaring method of the registry (and the
 * hybrid methods at other block sizes) for every n from 1 to 2 * SC_FP_MAXW,
 * against OpenSSL's BN_mul / BN_sqr (operands and products through big-endian
 * bytes) and against each other: random operands, all-ones, zero, single-bit
 * operands.  The product buffer is filled with two different garbage
 * patterns before the call (every word must be written) and has guard words
 * after its 2n words (none may be).  In a counting build (SC_OPCOUNT) the
 * word-multiply counts are checked against the closed forms of
 * docs/methods-mp.md, computed here independently. */
#include "testutil.h"
#include <seacurve/mp.h>
#include <seacurve/mp_methods.h>
#include <seacurve/opcount.h>
#include <openssl/bn.h>
#include <string.h>

#define W SC_WORD_BITS
#define MAXN (2 * SC_FP_MAXW)
#define GUARD 4
#define WB (W / 8)   /* bytes per word */

static BN_CTX *ctx;

/* hybrid block sizes exercised beyond hybrid2 / hybrid4 (0 means "n") */
static const size_t hyb_ds[] = { 1, 3, 5, 8, 0 };
#define NHYB (sizeof hyb_ds / sizeof hyb_ds[0])

static size_t hyb_d_for(size_t i, size_t n)
{
    return hyb_ds[i] ? hyb_ds[i] : n;
}

static BIGNUM *bn_of(const sc_word *a, size_t n)
{
    uint8_t buf[MAXN * WB];
    sc_mp_to_be(buf, n * WB, a, n);
    return BN_bin2bn(buf, (int)(n * WB), NULL);
}

/* product from OpenSSL as 2n words */
static void ref_product(sc_word *want, const sc_word *a, const sc_word *b, size_t n, int sqr)
{
    uint8_t buf[2 * MAXN * WB];
    BIGNUM *x = bn_of(a, n), *y = bn_of(b, n), *z = BN_new();
    if (sqr)
        BN_sqr(z, x, ctx);
    else
        BN_mul(z, x, y, ctx);
    CHECK(BN_bn2binpad(z, buf, (int)(2 * n * WB)) == (int)(2 * n * WB), "bn2binpad");
    CHECK(sc_mp_from_be(want, 2 * n, buf, 2 * n * WB) == 0, "from_be");
    BN_free(x);
    BN_free(y);
    BN_free(z);
}

/* call one method (index m < count: the registry; then the hybrid d's) */
static void call(size_t m, int sqr, sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    size_t cnt = sc_mp_method_count();
    if (m < cnt) {
        const sc_mp_method *M = sc_mp_method_at(m);
        if (sqr)
            M->sqr(r, a, n);
        else
            M->mul(r, a, b, n);
    } else if (sqr) {
        sc_mp_sqr_hybrid(r, a, n, hyb_d_for(m - cnt, n));
    } else {
        sc_mp_mul_hybrid(r, a, b, n, hyb_d_for(m - cnt, n));
    }
}

static void method_name(char *out, size_t len, size_t m, size_t n)
{
    size_t cnt = sc_mp_method_count();
    if (m < cnt)
        snprintf(out, len, "%s", sc_mp_method_at(m)->name);
    else
        snprintf(out, len, "hybrid(d=%zu)", hyb_d_for(m - cnt, n));
}

/* every method on (a, b) and on a^2, each result against OpenSSL's; the
 * first (row-wise) result is kept for the cross-check of the others. */
static void check_all(const sc_word *a, const sc_word *b, size_t n, const char *what)
{
    sc_word want[2 * MAXN], first[2 * MAXN], r[2 * MAXN + GUARD];
    size_t nm = sc_mp_method_count() + NHYB, m, k;
    int sqr, fill;
    for (sqr = 0; sqr < 2; sqr++) {
        ref_product(want, a, sqr ? a : b, n, sqr);
        for (m = 0; m < nm; m++) {
            char name[32];
            method_name(name, sizeof name, m, n);
            for (fill = 0; fill < 2; fill++) {
                sc_word g = fill ? (sc_word)~(sc_word)0 : (sc_word)0x5a;
                for (k = 0; k < 2 * n + GUARD; k++)
                    r[k] = (sc_word)(g ^ (sc_word)k);
                call(m, sqr, r, a, b, n);
                CHECK(memcmp(r, want, 2 * n * sizeof(sc_word)) == 0,
                      "%s %s n=%zu %s fill %d vs OpenSSL", name, sqr ? "sqr" : "mul", n, what, fill);
                for (k = 2 * n; k < 2 * n + GUARD; k++)
                    CHECK(r[k] == (sc_word)(g ^ (sc_word)k), "%s %s n=%zu: wrote past 2n words",
                          name, sqr ? "sqr" : "mul", n);
            }
            if (m == 0)
                memcpy(first, r, 2 * n * sizeof(sc_word));
            else
                CHECK(memcmp(r, first, 2 * n * sizeof(sc_word)) == 0, "%s %s n=%zu %s vs rowwise",
                      name, sqr ? "sqr" : "mul", n, what);
        }
    }
}

static void rand_words(sc_word *a, size_t n)
{
    uint8_t buf[MAXN * WB];
    tu_rand_bytes(buf, n * WB);
    sc_mp_from_be(a, n, buf, n * WB);
}

static void set_bit(sc_word *a, size_t n, size_t bit)
{
    memset(a, 0, n * sizeof *a);
    a[bit / W] = (sc_word)((sc_word)1 << (bit % W));
}

static void check_size(size_t n, long cases)
{
    sc_word a[MAXN], b[MAXN];
    size_t bits = n * W, i, j;
    size_t pos[6];
    long c;
    /* zero, all ones, zero times all ones */
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    check_all(a, b, n, "zero");
    memset(a, 0xff, sizeof a);
    memset(b, 0xff, sizeof b);
    check_all(a, b, n, "all-ones");
    memset(b, 0, sizeof b);
    check_all(a, b, n, "ones*zero");
    /* single-bit operands at the word edges, the middle and the top */
    pos[0] = 0;
    pos[1] = W - 1;
    pos[2] = bits > W ? W : bits - 1;
    pos[3] = bits / 2;
    pos[4] = bits - 1;
    pos[5] = (size_t)(tu_rand64() % bits);
    for (i = 0; i < 6; i++)
        for (j = 0; j < 6; j++) {
            set_bit(a, n, pos[i]);
            set_bit(b, n, pos[j]);
            check_all(a, b, n, "single-bit");
        }
    /* a single bit times all ones */
    set_bit(a, n, pos[5]);
    memset(b, 0xff, sizeof b);
    check_all(a, b, n, "bit*ones");
    /* random operands, some with forced all-ones / zero halves (Karatsuba carries) */
    for (c = 0; c < cases; c++) {
        rand_words(a, n);
        rand_words(b, n);
        if (c % 4 == 1) {
            memset(a + n / 2, 0xff, (n - n / 2) * sizeof(sc_word));
            memset(b, 0xff, (n / 2) * sizeof(sc_word));
        } else if (c % 4 == 2) {
            for (i = 0; i < n; i++)
                a[i] = (sc_word)(a[i] | (sc_word)((sc_word)1 << (W - 1)));
            memset(b + n / 2, 0, (n - n / 2) * sizeof(sc_word));
        }
        check_all(a, b, n, "random");
    }
}

static void check_registry(void)
{
    static const char *const names[] = {
        "rowwise", "comba", "hybrid2", "hybrid4", "karatsuba1", "karatsuba2", "halfword", "default"
    };
    size_t i, j, cnt = sc_mp_method_count();
    CHECK(cnt >= sizeof names / sizeof names[0], "method count %zu", cnt);
    CHECK(sc_mp_method_at(cnt) == NULL, "at(count) is NULL");
    CHECK(sc_mp_method_find("no-such-method") == NULL, "find unknown");
    CHECK(sc_mp_method_find(NULL) == NULL, "find NULL");
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        const sc_mp_method *m = sc_mp_method_find(names[i]);
        CHECK(m != NULL && strcmp(m->name, names[i]) == 0, "find %s", names[i]);
    }
    for (i = 0; i < cnt; i++) {
        const sc_mp_method *m = sc_mp_method_at(i);
        CHECK(m && m->name && m->source && m->mul && m->sqr && strlen(m->source) > 10,
              "method %zu complete", i);
        CHECK(sc_mp_method_find(m->name) == m, "find(at(%zu)->name)", i);
        for (j = 0; j < i; j++)
            CHECK(strcmp(sc_mp_method_at(j)->name, m->name) != 0, "duplicate name %s", m->name);
    }
    CHECK(sc_mp_method_find("rowwise")->mul == sc_mp_mul_rowwise, "rowwise mul");
    CHECK(sc_mp_method_find("comba")->mul == sc_mp_mul_comba, "comba mul");
    CHECK(sc_mp_method_find("comba")->sqr == sc_mp_sqr_comba, "comba sqr");
    CHECK(sc_mp_method_find("hybrid4")->sqr == sc_mp_sqr_hybrid4, "hybrid4 sqr");
    CHECK(sc_mp_method_find("karatsuba2")->mul == sc_mp_mul_karatsuba2, "karatsuba2 mul");
    CHECK(sc_mp_method_find("halfword")->mul == sc_mp_mul_halfword, "halfword mul");
}

#if defined(SC_OPCOUNT) && SC_OPCOUNT
/* Expected word multiplies, computed from the methods' definitions. */
static uint64_t k1_mul(size_t n)
{
    size_t m = (n + 1) / 2;
    return n < 2 ? (uint64_t)n * n : 2 * (uint64_t)m * m + (uint64_t)(n - m) * (n - m);
}

static uint64_t k1_sqr(size_t n)
{
    size_t m = (n + 1) / 2, h = n - m;
    return n < 2 ? 1 : (uint64_t)m * (m + 1) + (uint64_t)h * (h + 1) / 2;
}

/* hybrid squaring: one full block product per block pair i <= j */
static uint64_t hyb_sqr_count(size_t n, size_t d)
{
    size_t i, j, k = 0, sz[MAXN];
    uint64_t t = 0;
    if (d == 0)
        d = 1;
    if (d > n)
        d = n;
    for (i = 0; i < n; i += d)
        sz[k++] = n - i < d ? n - i : d;
    for (i = 0; i < k; i++)
        for (j = i; j < k; j++)
            t += (uint64_t)sz[i] * sz[j];
    return t;
}

static uint64_t expected(size_t m, int sqr, size_t n, int mulx_on)
{
    size_t cnt = sc_mp_method_count();
    uint64_t nn = (uint64_t)n * n, tri = (uint64_t)n * (n + 1) / 2;
    const char *name;
    if (m >= cnt)
        return sqr ? hyb_sqr_count(n, hyb_d_for(m - cnt, n)) : nn;
    name = sc_mp_method_at(m)->name;
    if (!sqr)
        return strcmp(name, "karatsuba1") == 0 ? k1_mul(n)
             : strcmp(name, "karatsuba2") == 0 ? (n < 2 ? 1 : 2 * k1_mul((n + 1) / 2) + k1_mul(n / 2))
             : nn;
    if (strcmp(name, "hybrid2") == 0)
        return hyb_sqr_count(n, 2);
    if (strcmp(name, "hybrid4") == 0)
        return hyb_sqr_count(n, 4);
    if (strcmp(name, "karatsuba1") == 0)
        return k1_sqr(n);
    if (strcmp(name, "karatsuba2") == 0)
        return n < 2 ? 1 : 2 * k1_sqr((n + 1) / 2) + k1_sqr(n / 2);
    if (strcmp(name, "halfword") == 0)
        return nn;
    if (strcmp(name, "default") == 0 && mulx_on && (n == 3 || n == 4))
        return nn;   /* the MULX path squares with the product */
    return tri;
}

static void check_counts(void)
{
    sc_word a[MAXN], b[MAXN], r[2 * MAXN];
    size_t nm = sc_mp_method_count() + NHYB, m, n;
    int pass, sqr;
    if (!sc_opcount_enabled())
        return;
    rand_words(a, MAXN);
    rand_words(b, MAXN);
    for (pass = 0; pass < 2; pass++) {
        int mulx_on = sc_mp_set_accel(pass);
        if (pass == 1 && !mulx_on)
            break;
        for (n = 1; n <= MAXN; n++)
            for (m = 0; m < nm; m++)
                for (sqr = 0; sqr < 2; sqr++) {
                    sc_opcount oc;
                    char name[32];
                    uint64_t want = expected(m, sqr, n, mulx_on);
                    method_name(name, sizeof name, m, n);
                    sc_opcount_reset();
                    call(m, sqr, r, a, b, n);
                    sc_opcount_get(&oc);
                    CHECK(oc.wmul == want, "%s %s n=%zu mulx=%d: %llu word multiplies, want %llu", name,
                          sqr ? "sqr" : "mul", n, mulx_on, (unsigned long long)oc.wmul,
                          (unsigned long long)want);
                }
    }
    printf("mp_methods: word-multiply counts checked\n");
}
#endif

int main(void)
{
    size_t n;
    tu_seed_init("mp_methods");
    ctx = BN_CTX_new();
    check_registry();
    for (n = 1; n <= MAXN; n++)
        check_size(n, tu_cases(n <= 8 ? 200 : 60));
    /* "default" with the x86-64 MULX products on, then off (where the CPU has them) */
    if (sc_mp_set_accel(1)) {
        for (n = 1; n <= 5; n++)
            check_size(n, tu_cases(20));
        sc_mp_set_accel(0);
        for (n = 1; n <= 5; n++)
            check_size(n, tu_cases(20));
        sc_mp_set_accel(1);
    }
#if defined(SC_OPCOUNT) && SC_OPCOUNT
    check_counts();
#endif
    BN_CTX_free(ctx);
    return tu_done("mp_methods");
}
