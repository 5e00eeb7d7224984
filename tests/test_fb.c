/* fb: GF(2^m) arithmetic (include/seacurve/fb.h, fb_methods.h) for m = 163,
 * 233, 283, 409 at the build's limb width:
 *  - the field descriptors against the SEC 2 polynomials of
 *    tests/vectors/curves/sec2-params.txt; lookup by m and by name;
 *  - the trace positions against the definition (sum of conjugates) on every
 *    basis element x^i;
 *  - on edge values (0, 1, x, x^(m-1), all-ones below m, T(x), ...) and
 *    thousands of random elements per field: multiplication, squaring,
 *    inversion, division, square root, the quadratic solver against OpenSSL's
 *    BN_GF2m_*_arr functions with the SEC 2 arrays; every polynomial product
 *    (comb4, comb4-scan, comb4-var, clmul) against the bit-serial reference,
 *    every squaring against the product; the reducers (shift-and-xor,
 *    multiply-by-T portable and PCLMULQDQ, bit-serial) against each other and
 *    BN_GF2m_mod_arr on products and on arbitrary c of degree <= 2m - 2;
 *    Itoh-Tsujii against Euclid and Fermat; half-trace identities;
 *  - the production sc_fb_mul / sc_fb_sqr with the PCLMULQDQ kernels on and
 *    off (when the CPU has them);
 *  - aliasing (r = a, r = b, a = b, r = c for the reducers), bytes, cmov,
 *    cswap, and the method registry. */
#include "testutil.h"
#include <seacurve/fb.h>
#include <seacurve/fb_methods.h>
#include <seacurve/opcount.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <string.h>

#define W SC_WORD_BITS

static BN_CTX *ctx;

static BIGNUM *to_bn(const sc_word *a, const sc_fb_field *f)
{
    uint8_t buf[SC_FB_MAXBYTES];
    sc_fb_to_bytes(buf, a, f);
    return BN_bin2bn(buf, (int)sc_fb_bytes(f), NULL);
}

/* 1 if a equals the BIGNUM b (and a is reduced) */
static int eq_bn(const sc_word *a, const BIGNUM *b, const sc_fb_field *f)
{
    BIGNUM *x = to_bn(a, f);
    int ok = BN_cmp(x, b) == 0;
    BN_free(x);
    /* the bits >= m are zero */
    if (f->m % W && (a[f->nw - 1] >> (f->m % W)))
        ok = 0;
    return ok;
}

/* random n words with degree < bits; sparse / dense / plain */
static void rand_poly(sc_word *r, size_t n, unsigned bits)
{
    size_t i;
    unsigned mode = (unsigned)(tu_rand64() % 4);
    for (i = 0; i < n; i++) {
        sc_word v = (sc_word)tu_rand64();
        if (mode == 0)
            v &= (sc_word)(tu_rand64() & tu_rand64());
        else if (mode == 1)
            v |= (sc_word)(tu_rand64() | tu_rand64());
        r[i] = v;
    }
    for (i = 0; i < n; i++) {
        if ((i + 1) * W <= bits)
            continue;
        if (i * W >= bits)
            r[i] = 0;
        else
            r[i] &= (sc_word)(((sc_word)1 << (bits - i * W)) - 1u);
    }
}

#define NEDGE 10
/* edge element e (< NEDGE) */
static void edge(sc_word *r, int e, const sc_fb_field *f)
{
    unsigned m = f->m, i;
    sc_fb_zero(r, f);
    switch (e) {
    case 0: break;                                   /* 0 */
    case 1: r[0] = 1; break;                         /* 1 */
    case 2: r[0] = 2; break;                         /* x */
    case 3: r[(m - 1) / W] = (sc_word)((sc_word)1 << ((m - 1) % W)); break;   /* x^(m-1) */
    case 4:                                          /* all ones below m */
        for (i = 0; i < m; i++)
            r[i / W] |= (sc_word)((sc_word)1 << (i % W));
        break;
    case 5: memcpy(r, f->t, f->tw * sizeof(sc_word)); break;   /* T(x) = x^m mod f */
    case 6: r[(m - 1) / W] = (sc_word)((sc_word)1 << ((m - 1) % W)); r[0] |= 1; break;
    case 7:                                          /* x^(m-1) + ... + x^(m-W) */
        for (i = m - W; i < m; i++)
            r[i / W] |= (sc_word)((sc_word)1 << (i % W));
        break;
    case 8: r[0] = (sc_word)~(sc_word)0; break;
    default:                                         /* alternating bits */
        for (i = 0; i < m; i += 2)
            r[i / W] |= (sc_word)((sc_word)1 << (i % W));
        break;
    }
}

static void rand_elt(sc_word *r, const sc_fb_field *f)
{
    rand_poly(r, f->nw, f->m);
}

/* ---- descriptors ---- */

static void test_descriptors(void)
{
    FILE *fp = fopen(tu_vector("curves/sec2-params.txt"), "r");
    char line[512], name[64] = "";
    int seen = 0;
    size_t i;
    CHECK(fp != NULL, "sec2-params.txt");
    if (!fp)
        return;
    while (fgets(line, sizeof line, fp)) {
        if (sscanf(line, "name = %63s", name) == 1)
            continue;
        if (strncmp(line, "poly_terms =", 12) == 0) {
            int t[8], nt = 0, off = 12, used;
            const sc_fb_field *f;
            while (nt < 8 && sscanf(line + off, "%d%n", &t[nt], &used) == 1) {
                nt++;
                off += used;
            }
            f = sc_fb_field_find(name);
            CHECK(f != NULL, "%s: field found by curve name", name);
            if (!f)
                continue;
            seen++;
            CHECK(f->m == (unsigned)t[0] && f->nk == (unsigned)(nt - 2) && t[nt - 1] == 0, "%s: f shape", name);
            for (i = 0; i + 2 < (size_t)nt && i < 3; i++)
                CHECK(f->k[i] == (unsigned)t[i + 1], "%s: k[%zu]", name, i);
            /* T(x) words */
            {
                sc_word tt[SC_WORDS(128)] = { 0 };
                int j;
                for (j = 1; j < nt; j++)
                    tt[t[j] / W] |= (sc_word)((sc_word)1 << (t[j] % W));
                CHECK(memcmp(tt, f->t, sizeof tt) == 0, "%s: T(x) words", name);
                CHECK(f->tw == SC_WORDS((unsigned)t[1] + 1u) && f->nw == SC_WORDS((unsigned)t[0]), "%s: sizes", name);
            }
        }
    }
    fclose(fp);
    CHECK(seen == 9, "nine binary curves in sec2-params.txt (%d)", seen);
    CHECK(sc_fb_field_count() == 4, "four fields");
    for (i = 0; i < sc_fb_field_count(); i++) {
        const sc_fb_field *f = sc_fb_field_at(i);
        char nm[16];
        snprintf(nm, sizeof nm, "gf2m%u", (unsigned)f->m);
        CHECK(sc_fb_field_get(f->m) == f && sc_fb_field_find(nm) == f && strcmp(f->name, nm) == 0, "lookup %s", nm);
    }
    CHECK(sc_fb_field_at(4) == NULL && sc_fb_field_get(160) == NULL && sc_fb_field_find("sect163r3") == NULL &&
          sc_fb_field_find("sect233r2") == NULL && sc_fb_field_find("secp160r1") == NULL &&
          sc_fb_field_find(NULL) == NULL && sc_fb_field_find("sect16") == NULL &&
          sc_fb_field_find("sect163r2") == sc_fb_field_get(163), "lookup refusals");
}

/* Tr(x^i) by the positions against the definition, every i < m */
static void test_trace(const sc_fb_field *f)
{
    sc_fb_elt a;
    unsigned i, bad = 0;
    for (i = 0; i < f->m; i++) {
        sc_fb_zero(a, f);
        a[i / W] = (sc_word)((sc_word)1 << (i % W));
        if (sc_fb_trace(a, f) != sc_fb_trace_ref(a, f))
            bad++;
    }
    CHECK(bad == 0, "%s: trace positions (%u bad)", f->name, bad);
}

/* ---- the random / edge loop ---- */

static const sc_fb_pmul_fn pmuls[] = { sc_fb_pmul_comb4, sc_fb_pmul_comb4_scan, sc_fb_pmul_comb4_var,
                                       sc_fb_pmul_comb4_blk_var, sc_fb_pmul_clmul };
static const char *const pmul_names[] = { "comb4", "comb4_scan", "comb4_var", "comb4_blk_var", "clmul" };
static const sc_fb_reduce_fn reds[] = { sc_fb_reduce_shxor, sc_fb_reduce_mult, sc_fb_reduce_mult_clmul };
static const char *const red_names[] = { "shxor", "mult", "mult_clmul" };

static long n_mul, n_inv;

static void check_pair(const sc_fb_field *f, const sc_word *a, const sc_word *b, int *parr, int full)
{
    size_t n = f->nw, i;
    sc_word ref[2 * SC_FB_MAXW], t[2 * SC_FB_MAXW], c[2 * SC_FB_MAXW], rr[SC_FB_MAXW];
    sc_fb_elt r, r2, x;
    BIGNUM *A = to_bn(a, f), *B = to_bn(b, f), *E = BN_new(), *P = BN_new();
    BN_GF2m_arr2poly(parr, P);

    /* products */
    sc_fb_pmul_ref(ref, a, b, n);
    for (i = 0; i < sizeof pmuls / sizeof pmuls[0]; i++) {
        memset(t, 0xa5, sizeof t);
        pmuls[i](t, a, b, n);
        CHECK(memcmp(t, ref, 2 * n * sizeof(sc_word)) == 0, "%s: pmul %s", f->name, pmul_names[i]);
    }
    /* reducers on the product, against the bit-serial reference and OpenSSL */
    BN_GF2m_mod_mul_arr(E, A, B, parr, ctx);
    memcpy(c, ref, sizeof c);
    sc_fb_reduce_ref(rr, c, f);
    CHECK(eq_bn(rr, E, f), "%s: reduce_ref vs BN_GF2m_mod_mul_arr", f->name);
    for (i = 0; i < sizeof reds / sizeof reds[0]; i++) {
        memcpy(c, ref, sizeof c);
        memset(r, 0x5a, sizeof r);
        reds[i](r, c, f);
        CHECK(memcmp(r, rr, n * sizeof(sc_word)) == 0, "%s: reducer %s", f->name, red_names[i]);
        memcpy(c, ref, sizeof c);
        reds[i](c, c, f);   /* r = c */
        CHECK(memcmp(c, rr, n * sizeof(sc_word)) == 0, "%s: reducer %s, r = c", f->name, red_names[i]);
    }
    /* the production multiply, both paths, and aliasing */
    sc_fb_mul(r, a, b, f);
    CHECK(eq_bn(r, E, f), "%s: sc_fb_mul vs BN_GF2m_mod_mul_arr", f->name);
    if (sc_fb_clmul_available()) {
        int was = sc_fb_accel();
        sc_fb_set_accel(!was);
        sc_fb_mul(r2, a, b, f);
        CHECK(memcmp(r, r2, n * sizeof(sc_word)) == 0, "%s: sc_fb_mul with accel %d", f->name, !was);
        sc_fb_set_accel(was);
    }
    sc_fb_copy(x, a, f);
    sc_fb_mul(x, x, b, f);
    CHECK(memcmp(x, r, n * sizeof(sc_word)) == 0, "%s: mul r = a", f->name);
    sc_fb_copy(x, b, f);
    sc_fb_mul(x, a, x, f);
    CHECK(memcmp(x, r, n * sizeof(sc_word)) == 0, "%s: mul r = b", f->name);
    for (i = 0; i < 4; i++) {
        sc_fb_mul_with(r2, a, b, f, i == 0 ? NULL : pmuls[i - 1], i == 0 ? NULL : reds[(i - 1) % 3]);
        CHECK(memcmp(r2, r, n * sizeof(sc_word)) == 0, "%s: mul_with %zu", f->name, i);
    }
    sc_fb_add(r2, a, b, f);
    BN_GF2m_add(E, A, B);
    CHECK(eq_bn(r2, E, f), "%s: add", f->name);

    /* squarings */
    BN_GF2m_mod_sqr_arr(E, A, parr, ctx);
    sc_fb_pmul_ref(ref, a, a, n);
    {
        static const sc_fb_psqr_fn sq[] = { sc_fb_psqr_spread, sc_fb_psqr_table_var, sc_fb_psqr_clmul };
        for (i = 0; i < 3; i++) {
            memset(t, 0xa5, sizeof t);
            sq[i](t, a, n);
            CHECK(memcmp(t, ref, 2 * n * sizeof(sc_word)) == 0, "%s: psqr %zu", f->name, i);
        }
    }
    sc_fb_sqr(r, a, f);
    CHECK(eq_bn(r, E, f), "%s: sc_fb_sqr vs BN_GF2m_mod_sqr_arr", f->name);
    sc_fb_mul(r2, a, a, f);
    CHECK(memcmp(r, r2, n * sizeof(sc_word)) == 0, "%s: sqr = mul(a, a)", f->name);
    if (sc_fb_clmul_available()) {
        int was = sc_fb_accel();
        sc_fb_set_accel(!was);
        sc_fb_sqr(r2, a, f);
        CHECK(memcmp(r, r2, n * sizeof(sc_word)) == 0, "%s: sc_fb_sqr with accel %d", f->name, !was);
        sc_fb_set_accel(was);
    }
    sc_fb_copy(x, a, f);
    sc_fb_sqr(x, x, f);
    CHECK(memcmp(x, r, n * sizeof(sc_word)) == 0, "%s: sqr r = a", f->name);
    n_mul++;

    if (!full)
        goto out;
    n_inv++;
    /* inversion and division */
    sc_fb_inv(r, a, f);
    sc_fb_inv_var(r2, a, f);
    CHECK(memcmp(r, r2, n * sizeof(sc_word)) == 0, "%s: Itoh-Tsujii = Euclid", f->name);
    if (BN_is_zero(A)) {
        CHECK(sc_fb_is_zero(r, f) != 0, "%s: inv(0) = 0", f->name);
    } else {
        BN_GF2m_mod_inv_arr(E, A, parr, ctx);
        CHECK(eq_bn(r, E, f), "%s: inv vs BN_GF2m_mod_inv_arr", f->name);
        BN_GF2m_mod_div_arr(E, B, A, parr, ctx);
        sc_fb_div(x, b, a, f);
        CHECK(eq_bn(x, E, f), "%s: div vs BN_GF2m_mod_div_arr", f->name);
        sc_fb_div_var(x, b, a, f);
        CHECK(eq_bn(x, E, f), "%s: div_var vs BN_GF2m_mod_div_arr", f->name);
        sc_fb_copy(x, a, f);
        sc_fb_div(x, b, x, f);   /* r = x */
        CHECK(eq_bn(x, E, f), "%s: div r = x", f->name);
        sc_fb_copy(x, b, f);
        sc_fb_div_var(x, x, a, f);   /* r = y */
        CHECK(eq_bn(x, E, f), "%s: div_var r = y", f->name);
    }
    sc_fb_copy(x, a, f);
    sc_fb_inv(x, x, f);
    CHECK(memcmp(x, r, n * sizeof(sc_word)) == 0, "%s: inv r = a", f->name);
    sc_fb_copy(x, a, f);
    sc_fb_inv_var(x, x, f);
    CHECK(memcmp(x, r, n * sizeof(sc_word)) == 0, "%s: inv_var r = a", f->name);
    if (n_inv % 16 == 1) {
        sc_fb_inv_fermat(x, a, f);
        CHECK(memcmp(x, r, n * sizeof(sc_word)) == 0, "%s: Fermat = Itoh-Tsujii", f->name);
    }

    /* square root */
    BN_GF2m_mod_sqrt_arr(E, A, parr, ctx);
    sc_fb_sqrt(r, a, f);
    CHECK(eq_bn(r, E, f), "%s: sqrt vs BN_GF2m_mod_sqrt_arr", f->name);
    sc_fb_sqr(r2, r, f);
    CHECK(memcmp(r2, a, n * sizeof(sc_word)) == 0, "%s: sqrt^2", f->name);

    /* trace, half-trace, z^2 + z = c */
    {
        unsigned tr = sc_fb_trace(a, f);
        sc_err e;
        int bnok;
        if (n_inv % 8 == 1)
            CHECK(tr == sc_fb_trace_ref(a, f), "%s: trace vs definition", f->name);
        sc_fb_halftrace(r, a, f);
        sc_fb_sqr(r2, r, f);
        sc_fb_add(r2, r2, r, f);
        r2[0] ^= (sc_word)tr;
        CHECK(memcmp(r2, a, n * sizeof(sc_word)) == 0, "%s: H(c)^2 + H(c) = c + Tr(c)", f->name);
        memset(x, 0x33, sizeof x);
        e = sc_fb_solve_quad(x, a, f);
        bnok = BN_GF2m_mod_solve_quad_arr(E, A, parr, ctx);
        ERR_clear_error();
        CHECK((e == SC_OK) == (tr == 0) && (bnok == 1) == (tr == 0), "%s: solvable iff Tr(c) = 0", f->name);
        if (e == SC_OK) {
            sc_fb_elt z1;
            sc_fb_copy(z1, x, f);
            z1[0] ^= 1u;
            CHECK(eq_bn(x, E, f) || eq_bn(z1, E, f), "%s: solve_quad vs BN_GF2m_mod_solve_quad_arr", f->name);
            CHECK(memcmp(x, r, n * sizeof(sc_word)) == 0, "%s: solve_quad = H(c)", f->name);
            sc_fb_copy(r2, a, f);
            sc_fb_solve_quad(r2, r2, f);   /* r = c */
            CHECK(memcmp(x, r2, n * sizeof(sc_word)) == 0, "%s: solve_quad r = c", f->name);
        } else {
            CHECK(e == SC_ERR_NOT_SQUARE && sc_fb_is_zero(x, f), "%s: solve_quad refusal zeroes r", f->name);
        }
    }
out:
    BN_free(A);
    BN_free(B);
    BN_free(E);
    BN_free(P);
}

/* reducers on arbitrary c of degree <= 2m - 2 (not only products) */
static void check_reduce_any(const sc_fb_field *f, int *parr)
{
    sc_word c0[2 * SC_FB_MAXW], c[2 * SC_FB_MAXW], r[SC_FB_MAXW], rr[SC_FB_MAXW];
    uint8_t buf[2 * SC_FB_MAXW * 8];
    size_t n = f->nw, i, j;
    BIGNUM *C, *E = BN_new();
    rand_poly(c0, 2 * n, 2u * f->m - 1u);
    for (j = 0; j < 2 * n * (W / 8); j++)
        buf[2 * n * (W / 8) - 1 - j] = (uint8_t)(c0[j / (W / 8)] >> (8 * (j % (W / 8))));
    C = BN_bin2bn(buf, (int)(2 * n * (W / 8)), NULL);
    BN_GF2m_mod_arr(E, C, parr);
    memcpy(c, c0, sizeof c);
    sc_fb_reduce_ref(rr, c, f);
    CHECK(eq_bn(rr, E, f), "%s: reduce_ref vs BN_GF2m_mod_arr", f->name);
    for (i = 0; i < sizeof reds / sizeof reds[0]; i++) {
        memcpy(c, c0, sizeof c);
        reds[i](r, c, f);
        CHECK(memcmp(r, rr, n * sizeof(sc_word)) == 0, "%s: %s on any c", f->name, red_names[i]);
    }
    BN_free(C);
    BN_free(E);
}

static void test_bytes_misc(const sc_fb_field *f)
{
    uint8_t buf[SC_FB_MAXBYTES + 2], out[SC_FB_MAXBYTES];
    size_t len = sc_fb_bytes(f);
    sc_fb_elt a, b, c, d;
    int i;
    CHECK(len == (f->m + 7u) / 8u, "%s: bytes", f->name);
    for (i = 0; i < 50; i++) {
        rand_elt(a, f);
        sc_fb_to_bytes(out, a, f);
        buf[0] = 0;
        memcpy(buf + 1, out, len);
        CHECK(sc_fb_from_bytes(b, buf, len + 1, f) == SC_OK && sc_fb_eq(a, b, f) != 0, "%s: bytes round trip", f->name);
        /* a bit at degree m (or beyond) is refused */
        buf[1] |= (uint8_t)(1u << (f->m % 8));
        memset(b, 0x77, sizeof b);
        CHECK(sc_fb_from_bytes(b, buf + 1, len, f) == SC_ERR_RANGE && sc_fb_is_zero(b, f), "%s: degree m refused", f->name);
        buf[1] = out[0];
        buf[0] = 1;
        CHECK(sc_fb_from_bytes(b, buf, len + 1, f) == SC_ERR_RANGE, "%s: extra byte refused", f->name);
        /* cmov / cswap / eq / is_zero */
        rand_elt(b, f);
        sc_fb_copy(c, a, f);
        sc_fb_cmov(c, b, 0, f);
        CHECK(sc_fb_eq(c, a, f) != 0, "%s: cmov 0", f->name);
        sc_fb_cmov(c, b, (sc_word)~(sc_word)0, f);
        CHECK(sc_fb_eq(c, b, f) != 0, "%s: cmov 1", f->name);
        sc_fb_copy(c, a, f);
        sc_fb_copy(d, b, f);
        sc_fb_cswap(c, d, 0, f);
        CHECK(sc_fb_eq(c, a, f) && sc_fb_eq(d, b, f), "%s: cswap 0", f->name);
        sc_fb_cswap(c, d, (sc_word)~(sc_word)0, f);
        CHECK(sc_fb_eq(c, b, f) && sc_fb_eq(d, a, f), "%s: cswap 1", f->name);
        sc_fb_add(c, a, a, f);
        CHECK(sc_fb_is_zero(c, f) != 0 && (sc_fb_is_zero(a, f) != 0) == (sc_fb_eq(a, c, f) != 0), "%s: is_zero", f->name);
    }
    CHECK(sc_fb_from_bytes(NULL, buf, 1, f) == SC_ERR_ARG, "%s: NULL", f->name);
    sc_fb_one(a, f);
    sc_fb_sqr_n(b, a, 7, f);
    CHECK(sc_fb_eq(a, b, f) != 0, "%s: 1^(2^7)", f->name);
}

/* the polynomial products and squares at every size n = 1 .. SC_FB_MAXW
 * (the generic bodies and every Karatsuba size of the PCLMULQDQ product) */
static void test_sizes(void)
{
    sc_word a[SC_FB_MAXW], b[SC_FB_MAXW], ref[2 * SC_FB_MAXW], t[2 * SC_FB_MAXW];
    size_t n, i, k;
    static const sc_fb_psqr_fn sq[] = { sc_fb_psqr_spread, sc_fb_psqr_table_var, sc_fb_psqr_clmul };
    for (n = 1; n <= SC_FB_MAXW; n++)
        for (k = 0; k < 20; k++) {
            rand_poly(a, n, (unsigned)(n * W));
            rand_poly(b, n, (unsigned)(n * W));
            sc_fb_pmul_ref(ref, a, b, n);
            for (i = 0; i < sizeof pmuls / sizeof pmuls[0]; i++) {
                memset(t, 0xa5, sizeof t);
                pmuls[i](t, a, b, n);
                CHECK(memcmp(t, ref, 2 * n * sizeof(sc_word)) == 0, "pmul %s, n = %zu", pmul_names[i], n);
            }
            sc_fb_pmul_ref(ref, a, a, n);
            for (i = 0; i < 3; i++) {
                memset(t, 0xa5, sizeof t);
                sq[i](t, a, n);
                CHECK(memcmp(t, ref, 2 * n * sizeof(sc_word)) == 0, "psqr %zu, n = %zu", i, n);
            }
        }
}

static void test_registry(void)
{
    size_t i, j, kinds[5] = { 0 };
    for (i = 0; i < sc_fb_method_count(); i++) {
        const sc_fb_method *m = sc_fb_method_at(i);
        CHECK(m && m->name && m->source && m->available && sc_fb_method_find(m->name) == m, "method %zu", i);
        if (!m)
            continue;
        for (j = 0; j < i; j++)
            CHECK(strcmp(sc_fb_method_at(j)->name, m->name) != 0, "unique name %s", m->name);
        CHECK(m->kind >= 1 && m->kind <= 4, "%s: kind", m->name);
        kinds[m->kind]++;
        CHECK((m->kind == SC_FB_METHOD_PMUL) == (m->pmul != NULL) && (m->kind == SC_FB_METHOD_PSQR) == (m->psqr != NULL) &&
              (m->kind == SC_FB_METHOD_REDUCER) == (m->reduce != NULL) &&
              (m->kind == SC_FB_METHOD_INVERSION) == (m->inv != NULL), "%s: one function", m->name);
        /* each runs correctly on a random element of every field */
        {
            size_t fi;
            for (fi = 0; fi < sc_fb_field_count(); fi++) {
                const sc_fb_field *f = sc_fb_field_at(fi);
                sc_fb_elt a, b, r, e;
                sc_word t[2 * SC_FB_MAXW], c[2 * SC_FB_MAXW];
                rand_elt(a, f);
                rand_elt(b, f);
                switch (m->kind) {
                case SC_FB_METHOD_PMUL:
                    m->pmul(t, a, b, f->nw);
                    sc_fb_reduce_shxor(r, t, f);
                    sc_fb_mul(e, a, b, f);
                    break;
                case SC_FB_METHOD_PSQR:
                    m->psqr(t, a, f->nw);
                    sc_fb_reduce_shxor(r, t, f);
                    sc_fb_sqr(e, a, f);
                    break;
                case SC_FB_METHOD_REDUCER:
                    sc_fb_pmul_comb4(t, a, b, f->nw);
                    memcpy(c, t, sizeof c);
                    m->reduce(r, c, f);
                    sc_fb_mul(e, a, b, f);
                    break;
                default:
                    m->inv(r, a, f);
                    sc_fb_inv_var(e, a, f);
                    break;
                }
                CHECK(sc_fb_eq(r, e, f) != 0, "%s on %s", m->name, f->name);
            }
        }
    }
    CHECK(kinds[1] == 6 && kinds[2] == 3 && kinds[3] == 4 && kinds[4] == 3, "registry sizes");
    CHECK(sc_fb_method_find("nope") == NULL && sc_fb_method_at(sc_fb_method_count()) == NULL, "registry refusals");
}

int main(void)
{
    size_t fi;
    long cases = tu_cases(5000), inv_cases = tu_cases(1000);
    ctx = BN_CTX_new();
    tu_seed_init("fb");
    test_descriptors();
    test_registry();
    test_sizes();
    printf("fb: W = %d, PCLMULQDQ %s (accel default %d)\n", W, sc_fb_clmul_available() ? "present" : "absent",
           sc_fb_accel());
    for (fi = 0; fi < sc_fb_field_count(); fi++) {
        const sc_fb_field *f = sc_fb_field_at(fi);
        int parr[6], k = 0, e1, e2;
        long i, pass0 = tu_pass;
        sc_fb_elt a, b;
        parr[k++] = f->m;
        for (e1 = 0; e1 < f->nk; e1++)
            parr[k++] = f->k[e1];
        parr[k++] = 0;
        parr[k] = -1;
        n_mul = n_inv = 0;
        test_trace(f);
        test_bytes_misc(f);
        for (e1 = 0; e1 < NEDGE; e1++)
            for (e2 = 0; e2 < NEDGE; e2++) {
                edge(a, e1, f);
                edge(b, e2, f);
                check_pair(f, a, b, parr, e2 == 0 || e2 == 4);
            }
        for (i = 0; i < cases; i++) {
            rand_elt(a, f);
            rand_elt(b, f);
            if (i % 7 == 0)
                edge(b, (int)(tu_rand64() % NEDGE), f);
            check_pair(f, a, b, parr, i < inv_cases);
            check_reduce_any(f, parr);
        }
        printf("%s: %ld products/squares/reductions, %ld inversions/roots/solves, %ld checks\n", f->name, n_mul,
               n_inv, tu_pass - pass0);
    }
    BN_CTX_free(ctx);
    return tu_done("fb");
}
