/* fb_ct: the constant-time GF(2^m) operations on secret elements, for
 * valgrind memcheck (the method of tests/ct_valgrind.c, docs/design.md).
 *
 * In the SC_CT_VALGRIND build, run under valgrind:
 *   valgrind --quiet --track-origins=yes build/fbct/tests/test_fb_ct
 * the inputs are marked undefined, so memcheck reports any branch or memory
 * address computed from them.  Every function without _var runs on secret
 * inputs, with the PCLMULQDQ kernels on and off, and the run must end with
 * no valgrind error; then a negative control (the comb with a secret-indexed
 * table, the byte-table squaring and Euclid's inversion, all _var) must be
 * reported, which shows the tainting works.  Results are declassified only
 * to compare them with the same operation on public copies.
 *
 * Outside valgrind (every other build, and as a plain ctest) the same calls
 * run as a functional test and the error counts are not checked. */
#include "testutil.h"
#include <seacurve/fb.h>
#include <seacurve/fb_methods.h>
#include <string.h>

#if defined(SC_CT_VALGRIND)
#include <valgrind/memcheck.h>
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define ON_VALGRIND() RUNNING_ON_VALGRIND
#define ERRORS() VALGRIND_COUNT_ERRORS
#else
#define SECRET(p, n) ((void)(p), (void)(n))
#define PUBLIC(p, n) ((void)(p), (void)(n))
#define ON_VALGRIND() 0
#define ERRORS() 0
#endif

#define W SC_WORD_BITS

static void rand_elt(sc_word *a, const sc_fb_field *f)
{
    size_t i;
    memset(a, 0, sizeof(sc_fb_elt));   /* a is a whole sc_fb_elt */
    for (i = 0; i < f->nw; i++)
        a[i] = (sc_word)tu_rand64();
    a[(f->m - 1u) / W] &= (sc_word)(((sc_word)1 << (f->m % W)) - 1u);
}

/* r (public result of the secret run) equals e (the same operation on public copies) */
static void same(const sc_word *r, const sc_word *e, size_t nw, const char *what, const sc_fb_field *f)
{
    sc_word x[2 * SC_FB_MAXW];
    memcpy(x, r, nw * sizeof(sc_word));
    PUBLIC(x, nw * sizeof(sc_word));
    CHECK(memcmp(x, e, nw * sizeof(sc_word)) == 0, "%s: %s on secret input", f->name, what);
}

static void ct_field(const sc_fb_field *f)
{
    sc_fb_elt a, b, ap, bp, r, e;
    sc_word t[2 * SC_FB_MAXW], tp[2 * SC_FB_MAXW], c[2 * SC_FB_MAXW];
    uint8_t bytes[SC_FB_MAXBYTES];
    size_t n = f->nw, i;
    sc_word mask;
    sc_err err;
    static const sc_fb_pmul_fn pm[] = { sc_fb_pmul_ref, sc_fb_pmul_comb4, sc_fb_pmul_comb4_scan, sc_fb_pmul_clmul };
    static const sc_fb_reduce_fn rd[] = { sc_fb_reduce_ref, sc_fb_reduce_shxor, sc_fb_reduce_mult,
                                          sc_fb_reduce_mult_clmul };
    static const sc_fb_psqr_fn sq[] = { sc_fb_psqr_spread, sc_fb_psqr_clmul };

    rand_elt(ap, f);
    rand_elt(bp, f);
    memcpy(a, ap, sizeof a);
    memcpy(b, bp, sizeof b);
    SECRET(a, sizeof a);
    SECRET(b, sizeof b);

    /* products, squarings, reducers */
    sc_fb_pmul_ref(tp, ap, bp, n);
    for (i = 0; i < sizeof pm / sizeof pm[0]; i++) {
        pm[i](t, a, b, n);
        same(t, tp, 2 * n, "pmul", f);
    }
    sc_fb_pmul_ref(tp, ap, ap, n);
    for (i = 0; i < sizeof sq / sizeof sq[0]; i++) {
        sq[i](t, a, n);
        same(t, tp, 2 * n, "psqr", f);
    }
    sc_fb_pmul_ref(tp, ap, bp, n);
    memcpy(c, tp, sizeof c);
    sc_fb_reduce_ref(e, c, f);
    for (i = 0; i < sizeof rd / sizeof rd[0]; i++) {
        sc_fb_pmul_comb4(t, a, b, n);
        rd[i](r, t, f);
        same(r, e, n, "reduce", f);
    }
    sc_fb_mul(r, a, b, f);
    same(r, e, n, "sc_fb_mul", f);
    sc_fb_sqr(r, a, f);
    sc_fb_sqr(e, ap, f);
    same(r, e, n, "sc_fb_sqr", f);

    /* inversion, division, square root, trace, half-trace, solver */
    sc_fb_inv(r, a, f);
    sc_fb_inv_var(e, ap, f);
    same(r, e, n, "inv (Itoh-Tsujii)", f);
    sc_fb_div(r, b, a, f);
    sc_fb_div_var(e, bp, ap, f);
    same(r, e, n, "div", f);
    sc_fb_sqrt(r, a, f);
    sc_fb_sqrt(e, ap, f);
    same(r, e, n, "sqrt", f);
    {
        unsigned tr = sc_fb_trace(a, f), trp = sc_fb_trace(ap, f);
        PUBLIC(&tr, sizeof tr);
        CHECK(tr == trp, "%s: trace on secret input", f->name);
    }
    sc_fb_halftrace(r, a, f);
    sc_fb_halftrace(e, ap, f);
    same(r, e, n, "halftrace", f);
    err = sc_fb_solve_quad(r, a, f);   /* the verdict is declassified by the library */
    CHECK(err == sc_fb_solve_quad(e, ap, f), "%s: solve_quad verdict", f->name);
    same(r, e, n, "solve_quad", f);

    /* element helpers */
    sc_fb_add(r, a, b, f);
    sc_fb_add(e, ap, bp, f);
    same(r, e, n, "add", f);
    mask = sc_fb_eq(a, b, f);
    PUBLIC(&mask, sizeof mask);
    CHECK(mask == 0, "%s: eq", f->name);
    mask = sc_fb_is_zero(a, f);
    sc_fb_copy(r, a, f);
    sc_fb_cmov(r, b, mask, f);     /* secret mask */
    sc_fb_cswap(r, b, mask, f);
    sc_fb_to_bytes(bytes, a, f);
    err = sc_fb_from_bytes(r, bytes, sc_fb_bytes(f), f);
    CHECK(err == SC_OK, "%s: bytes", f->name);
    same(r, ap, n, "bytes", f);
}

int main(void)
{
    size_t fi;
    int pass, on_vg = ON_VALGRIND() != 0;
    unsigned long before;
    tu_seed_init("fb_ct");
    for (pass = 0; pass < 2; pass++) {
        int on = sc_fb_set_accel(pass == 0);
        for (fi = 0; fi < sc_fb_field_count(); fi++)
            ct_field(sc_fb_field_at(fi));
        printf("fb_ct: PCLMULQDQ kernels %s\n", on ? "on" : "off");
    }
    sc_fb_set_accel(1);
#if defined(SC_CT_VALGRIND)
    if (on_vg) {
        CHECK(ERRORS() == 0, "no valgrind report on the constant-time fb operations (%u)", (unsigned)ERRORS());
        /* negative control: the _var functions on a secret must be reported */
        {
            const sc_fb_field *f = sc_fb_field_get(163);
            sc_fb_elt a, b, r;
            sc_word t[2 * SC_FB_MAXW];
            rand_elt(a, f);
            rand_elt(b, f);
            SECRET(a, sizeof a);
            printf("fb_ct: negative control: valgrind must report the _var functions below\n");
            fflush(stdout);
            before = ERRORS();
            sc_fb_pmul_comb4_var(t, a, b, f->nw);
            sc_fb_psqr_table_var(t, a, f->nw);
            sc_fb_inv_var(r, a, f);
            CHECK(ERRORS() > before, "negative control reported (%lu)", (unsigned long)(ERRORS() - before));
            PUBLIC(t, sizeof t);
            PUBLIC(r, sizeof r);
        }
        printf("fb_ct: ran under valgrind\n");
    } else
#endif
    {
        printf("fb_ct: not under valgrind: functional run only\n");
    }
    (void)before;
    (void)on_vg;
    return tu_done("fb_ct");
}
