/* mp: multi-precision naturals against OpenSSL's BIGNUM: add/sub with
 * carries, Comba multiply and squaring (generic and the unrolled default),
 * long division mod m, byte conversions, compare/select/shift helpers. */
#include "testutil.h"
#include <seacurve/mp.h>
#include <openssl/bn.h>
#include <string.h>
#include "mp/accel.h"

#define W SC_WORD_BITS
#define MAXN 40

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

static int is(const sc_word *a, size_t n, const BIGNUM *want)
{
    BIGNUM *g = bn_words(a, n);
    int ok = BN_cmp(g, want) == 0;
    BN_free(g);
    return ok;
}

/* random words with a mix of patterns: random, all ones, zeros, sparse */
static void rand_words(sc_word *a, size_t n, long i)
{
    size_t j;
    int mode = (int)(i % 6);
    for (j = 0; j < n; j++) {
        sc_word w = (sc_word)tu_rand64();
        switch (mode) {
        case 0: w = (sc_word)~(sc_word)0; break;
        case 1: w = (sc_word)(w & (sc_word)tu_rand64() & (sc_word)tu_rand64()); break;
        case 2: w = (sc_word)(w | (sc_word)tu_rand64() | (sc_word)tu_rand64()); break;
        case 3: if (j % 2) w = 0; break;
        default: break;
        }
        a[j] = w;
    }
    if (i == 6)
        memset(a, 0, n * sizeof *a);
}

static void check_addsub(size_t n, long cases)
{
    long i;
    BIGNUM *t = BN_new(), *R = BN_new();
    BN_zero(R);
    BN_set_bit(R, (int)(n * W));
    for (i = 0; i < cases; i++) {
        sc_word a[MAXN], b[MAXN], r[MAXN], s[MAXN];
        sc_word c, w;
        BIGNUM *A, *B;
        rand_words(a, n, i);
        rand_words(b, n, i / 6);
        A = bn_words(a, n);
        B = bn_words(b, n);
        /* add with carry */
        c = sc_mp_add(r, a, b, n);
        BN_add(t, A, B);
        CHECK(c == (sc_word)(BN_cmp(t, R) >= 0), "add carry n=%zu", n);
        if (c)
            BN_sub(t, t, R);
        CHECK(is(r, n, t), "add n=%zu", n);
        /* sub with borrow */
        c = sc_mp_sub(r, a, b, n);
        BN_sub(t, A, B);
        CHECK(c == (sc_word)BN_is_negative(t), "sub borrow n=%zu", n);
        if (BN_is_negative(t))
            BN_add(t, t, R);
        CHECK(is(r, n, t), "sub n=%zu", n);
        /* aliasing r == a */
        memcpy(s, a, n * sizeof *a);
        sc_mp_add(s, s, b, n);
        sc_mp_sub(s, s, b, n);
        CHECK(memcmp(s, a, n * sizeof *a) == 0, "add/sub round trip aliased n=%zu", n);
        /* add_word */
        w = b[0];
        c = sc_mp_add_word(r, a, w, n);
        BN_copy(t, A);
        BN_add_word(t, (BN_ULONG)w);
        CHECK(c == (sc_word)(BN_cmp(t, R) >= 0), "add_word carry");
        if (c)
            BN_sub(t, t, R);
        CHECK(is(r, n, t), "add_word n=%zu", n);
        /* cmp, is_zero */
        CHECK(sc_mp_cmp(a, b, n) == BN_cmp(A, B), "cmp n=%zu", n);
        CHECK(sc_mp_cmp(a, a, n) == 0, "cmp equal");
        CHECK((sc_mp_is_zero(a, n) != 0) == (BN_is_zero(A) != 0), "is_zero");
        CHECK(sc_mp_is_zero(a, n) == 0 || sc_mp_is_zero(a, n) == (sc_word)~(sc_word)0, "is_zero mask");
        /* shifts */
        c = sc_mp_shl1(r, a, n);
        BN_lshift1(t, A);
        CHECK(c == (sc_word)BN_is_bit_set(t, (int)(n * W)), "shl1 out");
        BN_clear_bit(t, (int)(n * W));
        CHECK(is(r, n, t), "shl1 n=%zu", n);
        c = sc_mp_shr1(r, a, n);
        BN_rshift1(t, A);
        CHECK(c == (sc_word)BN_is_bit_set(A, 0), "shr1 out");
        CHECK(is(r, n, t), "shr1 n=%zu", n);
        /* bits */
        CHECK(sc_mp_bits_var(a, n) == (size_t)BN_num_bits(A), "bits_var n=%zu", n);
        {
            size_t k = (size_t)(tu_rand64() % (n * W));
            CHECK(sc_mp_bit(a, k) == (unsigned)BN_is_bit_set(A, (int)k), "bit %zu", k);
        }
        /* cmov, cswap */
        memcpy(r, a, n * sizeof *a);
        sc_mp_cmov(r, b, 0, n);
        CHECK(memcmp(r, a, n * sizeof *a) == 0, "cmov 0");
        sc_mp_cmov(r, b, (sc_word)~(sc_word)0, n);
        CHECK(memcmp(r, b, n * sizeof *a) == 0, "cmov 1");
        memcpy(r, a, n * sizeof *a);
        memcpy(s, b, n * sizeof *a);
        sc_mp_cswap(r, s, 0, n);
        CHECK(memcmp(r, a, n * sizeof *a) == 0 && memcmp(s, b, n * sizeof *a) == 0, "cswap 0");
        sc_mp_cswap(r, s, (sc_word)~(sc_word)0, n);
        CHECK(memcmp(r, b, n * sizeof *a) == 0 && memcmp(s, a, n * sizeof *a) == 0, "cswap 1");
        sc_mp_copy(r, a, n);
        CHECK(memcmp(r, a, n * sizeof *a) == 0, "copy");
        sc_mp_zero(r, n);
        CHECK(sc_mp_is_zero(r, n) != 0, "zero");
        BN_free(A);
        BN_free(B);
    }
    BN_free(t);
    BN_free(R);
}

static void check_mul(size_t n, long cases)
{
    long i;
    BIGNUM *t = BN_new();
    for (i = 0; i < cases; i++) {
        sc_word a[MAXN], b[MAXN], r[2 * MAXN], r2[2 * MAXN];
        BIGNUM *A, *B;
        rand_words(a, n, i);
        rand_words(b, n, i / 6 + 1);
        A = bn_words(a, n);
        B = bn_words(b, n);
        BN_mul(t, A, B, ctx);
        sc_mp_mul_comba(r, a, b, n);
        CHECK(is(r, 2 * n, t), "mul_comba n=%zu case %ld", n, i);
        sc_mp_mul(r2, a, b, n);
        CHECK(is(r2, 2 * n, t), "mul n=%zu case %ld", n, i);
        BN_sqr(t, A, ctx);
        sc_mp_sqr_comba(r, a, n);
        CHECK(is(r, 2 * n, t), "sqr_comba n=%zu case %ld", n, i);
        sc_mp_sqr(r2, a, n);
        CHECK(is(r2, 2 * n, t), "sqr n=%zu case %ld", n, i);
        BN_free(A);
        BN_free(B);
    }
    BN_free(t);
}

static void check_mod(size_t na, size_t nm, long cases)
{
    long i;
    BIGNUM *t = BN_new();
    for (i = 0; i < cases; i++) {
        sc_word a[MAXN], m[MAXN], r[MAXN];
        BIGNUM *A, *M;
        rand_words(a, na, i);
        rand_words(m, nm, i / 6 + 2);
        if (i % 2)
            m[0] &= (sc_word)~(sc_word)1; /* even moduli too */
        if (m[nm - 1] == 0)
            m[nm - 1] = 2;
        /* the ends of sc_mp_mod's start: top word 1 (the top nm - 1 words of a
         * taken whole, every further bit a subtraction step) and all ones (W - 1
         * bits shifted in before the first subtraction) */
        if (i % 3 == 2)
            m[nm - 1] = 1;
        else if (i % 5 == 4)
            m[nm - 1] = (sc_word)~(sc_word)0;
        A = bn_words(a, na);
        M = bn_words(m, nm);
        BN_nnmod(t, A, M, ctx);
        sc_mp_mod(r, a, na, m, nm);
        CHECK(is(r, nm, t), "mod na=%zu nm=%zu case %ld", na, nm, i);
        BN_free(A);
        BN_free(M);
    }
    BN_free(t);
}

static void check_bytes(long cases)
{
    long i;
    for (i = 0; i < cases; i++) {
        uint8_t in[72], out[72];
        size_t len = (size_t)(tu_rand64() % 70), n = (size_t)(tu_rand64() % 9) + 1, k;
        sc_word r[MAXN];
        BIGNUM *B, *g;
        int rc, fits;
        tu_rand_bytes(in, len);
        if (i % 3 == 0) /* leading zero bytes */
            for (k = 0; k < len / 2; k++)
                in[k] = 0;
        B = BN_bin2bn(in, (int)len, NULL);
        fits = BN_num_bytes(B) <= (int)(n * W / 8);
        rc = sc_mp_from_be(r, n, in, len);
        CHECK(rc == (fits ? 0 : -1), "from_be rc len=%zu n=%zu", len, n);
        if (fits) {
            g = bn_words(r, n);
            CHECK(BN_cmp(g, B) == 0, "from_be value len=%zu n=%zu", len, n);
            BN_free(g);
            sc_mp_to_be(out, len, r, n);
            CHECK(memcmp(out, in, len) == 0, "to_be round trip len=%zu", len);
            {
                size_t big = n * W / 8 + 3;
                uint8_t padded[80];
                sc_mp_to_be(padded, big, r, n);
                g = BN_bin2bn(padded, (int)big, NULL);
                CHECK(BN_cmp(g, B) == 0 && padded[0] == 0, "to_be zero-padded");
                BN_free(g);
            }
        } else {
            CHECK(sc_mp_is_zero(r, n) != 0, "from_be zeroed on error");
        }
        BN_free(B);
    }
}

#ifdef SC_MP_HAVE_MULX
/* The AVX2 table scan (port/x86_64/mp_select_avx2.c through
 * sc_mp_select_accel) against plain indexing: every length it takes, tables
 * of 1 .. 64 random entries, every index; an index past the table gives
 * zeros; a length it does not take is refused with nothing written.  Off
 * (sc_mp_set_accel(0)) it declines every call. */
static void check_select(void)
{
    static const size_t lens[] = { 4, 6, 8, 9, 12 };
    sc_word tab[64 * 12], r[12], zero[12];
    size_t li, j;
    unsigned n, idx;
    memset(zero, 0, sizeof zero);
    for (j = 0; j < sizeof tab / sizeof tab[0]; j++)
        tab[j] = (sc_word)tu_rand64();
    if (!sc_mp_set_accel(1) || !sc_mp_select_accel(r, tab, 1, 0, 4)) {
        sc_mp_set_accel(0);
        CHECK(!sc_mp_select_accel(r, tab, 1, 0, 4), "select: declined without the kernel");
        sc_mp_set_accel(1);
        return;
    }
    for (li = 0; li < sizeof lens / sizeof lens[0]; li++)
        for (n = 1; n <= 64; n++)
            for (idx = 0; idx <= n; idx++) {
                const sc_word *want = idx < n ? tab + (size_t)idx * lens[li] : zero;
                memset(r, 0xa5, sizeof r);
                CHECK(sc_mp_select_accel(r, tab, n, idx, lens[li]) == 1 &&
                      memcmp(r, want, lens[li] * sizeof(sc_word)) == 0 &&
                      (lens[li] == 12 || r[lens[li]] == (sc_word)0xa5a5a5a5a5a5a5a5ULL),
                      "select len %zu n %u idx %u", lens[li], n, idx);
            }
    memset(r, 0xa5, sizeof r);
    CHECK(sc_mp_select_accel(r, tab, 4, 1, 5) == 0 && r[0] == (sc_word)0xa5a5a5a5a5a5a5a5ULL,
          "select: length 5 refused, nothing written");
    sc_mp_set_accel(0);
    CHECK(sc_mp_select_accel(r, tab, 4, 1, 8) == 0, "select: off after sc_mp_set_accel(0)");
    sc_mp_set_accel(1);
}
#endif

int main(void)
{
    static const size_t sizes[] = { 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 14, 16, 20, 21, 24, 28, 32, 33 };
    size_t i;
    tu_seed_init("mp");
    ctx = BN_CTX_new();
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        long cases = tu_cases(n <= 8 ? 600 : 200);
        check_addsub(n, cases);
        check_mul(n, cases);
    }
    /* The x86-64 MULX/ADCX/ADOX products (port/x86_64) against the C
     * fallback of sc_mp_mul / sc_mp_sqr, on the same inputs. */
    if (sc_mp_set_accel(1)) {
        long k;
        for (k = 0; k < tu_cases(20000); k++) {
            size_t n = 3 + (size_t)(k & 1);
            sc_word a[MAXN], b[MAXN], r1[2 * MAXN], r2[2 * MAXN];
            rand_words(a, n, k);
            rand_words(b, n, k / 6 + 1);
            sc_mp_set_accel(1);
            sc_mp_mul(r1, a, b, n);
            sc_mp_set_accel(0);
            sc_mp_mul(r2, a, b, n);
            CHECK(memcmp(r1, r2, 2 * n * sizeof(sc_word)) == 0, "mulx vs C mul n=%zu case %ld", n, k);
            sc_mp_set_accel(1);
            sc_mp_sqr(r1, a, n);
            sc_mp_set_accel(0);
            sc_mp_sqr(r2, a, n);
            CHECK(memcmp(r1, r2, 2 * n * sizeof(sc_word)) == 0, "mulx vs C sqr n=%zu case %ld", n, k);
        }
        /* and the C products on their own (the loop above left accel off) */
        check_mul(3, tu_cases(600));
        check_mul(4, tu_cases(600));
        sc_mp_set_accel(1);
    }
#ifdef SC_MP_HAVE_MULX
    check_select();
#endif
    check_mod(1, 1, tu_cases(300));
    check_mod(2, 1, tu_cases(300));
    check_mod(6, 3, tu_cases(300));
    check_mod(8, 4, tu_cases(300));
    check_mod(9, 4, tu_cases(300));
    check_mod(16 * 8 / W, 4 * 8 / W + 1, tu_cases(100));
    check_mod(3, 5, tu_cases(100));
    check_mod(3, 4, tu_cases(100));
    check_mod(4, 4, tu_cases(100));
    check_mod(5, 4, tu_cases(100));
    check_bytes(tu_cases(2000));
    BN_CTX_free(ctx);
    return tu_done("mp");
}
