/* eb_ct: the constant-time binary-curve scalar multiplications on secret
 * scalars and points, for valgrind memcheck (the method of
 * tests/ct_valgrind.c and tests/test_fb_ct.c).
 *
 * In the SC_CT_VALGRIND build, run under valgrind (ctest eb_ct_valgrind):
 *   valgrind --quiet --track-origins=yes build/ebct/tests/test_eb_ct
 * On every one of the nine curves, with the PCLMULQDQ kernels on and off:
 * the Montgomery ladder sc_eb_mul_ladder on a secret scalar and a secret
 * point, the fixed-base comb sc_eb_mul_gen on a secret scalar (the masked
 * table scans included), the complete mixed addition and the constant-time
 * conversion to affine; memcheck must report nothing.  Only the published
 * verdicts are declassified, by the library (SC_DECLASSIFY).  A negative
 * control then runs the variable-time sc_eb_mul_var on a secret scalar,
 * which must be reported.  Results are declassified here only to compare
 * them with the same operation on public copies.
 *
 * Outside valgrind the same calls run as a functional test. */
#include "testutil.h"
#include <seacurve/eb.h>
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

static void rand_scalar(sc_word *k, const sc_eb_curve *c)
{
    size_t i;
    memset(k, 0, SC_EB_NW * sizeof(sc_word));
    for (i = 0; i < c->nw; i++)
        k[i] = (sc_word)tu_rand64();
    if (c->nbits % SC_WORD_BITS)
        k[c->nw - 1] &= (sc_word)(((sc_word)1 << (c->nbits % SC_WORD_BITS)) - 1u);
}

/* r (from the secret run) equals e (public run) */
static void same(const sc_eb_aff *r, const sc_eb_aff *e, const char *what, const sc_eb_curve *c)
{
    sc_eb_aff x = *r;
    sc_word eq;
    PUBLIC(&x, sizeof x);
    eq = sc_eb_eq(&x, e, c);
    CHECK(eq != 0, "%s: %s on secret input", c->name, what);
}

static void ct_curve(const sc_eb_curve *c)
{
    sc_word k[SC_EB_NW], kp[SC_EB_NW];
    sc_eb_aff g, p, pp, r, e;
    sc_eb_ld l, lp;
    sc_err err;

    sc_eb_generator(&g, c);
    rand_scalar(kp, c);
    sc_eb_mul_ladder(&pp, kp, &g, c);          /* a public random point */
    rand_scalar(kp, c);
    memcpy(k, kp, sizeof k);
    p = pp;
    SECRET(k, sizeof k);
    SECRET(&p, sizeof p);

    /* ladder: secret k, secret P */
    err = sc_eb_mul_ladder(&r, k, &p, c);
    CHECK(err == sc_eb_mul_ladder(&e, kp, &pp, c), "%s: ladder verdict", c->name);
    same(&r, &e, "ladder", c);

    /* comb: secret k (and the ladder fallback's result as reference) */
    err = sc_eb_mul_gen(&r, k, c);
    CHECK(err == sc_eb_mul_ladder(&e, kp, &g, c), "%s: mul_gen verdict", c->name);
    same(&r, &e, "mul_gen", c);

    /* k = 0 (secret): O in the same code path */
    memset(k, 0, sizeof k);
    SECRET(k, sizeof k);
    err = sc_eb_mul_gen(&r, k, c);
    CHECK(err == SC_ERR_INFINITY, "%s: mul_gen 0", c->name);

    /* complete mixed addition and conversion, secret points */
    sc_eb_ld_from_aff(&lp, &pp, c);
    sc_eb_dbl_ld(&lp, &lp, c);
    l = lp;
    SECRET(&l, sizeof l);
    sc_eb_add_mixed(&l, &l, &p, c);
    sc_eb_add_mixed(&lp, &lp, &pp, c);
    sc_eb_ld_to_aff(&r, &l, c);
    sc_eb_ld_to_aff(&e, &lp, c);
    same(&r, &e, "add_mixed + to_aff", c);
}

int main(void)
{
    size_t i;
    int pass, on_vg = ON_VALGRIND() != 0;
    unsigned long before = 0;
    tu_seed_init("eb_ct");
    for (pass = 0; pass < 2; pass++) {
        int on = sc_fb_set_accel(pass == 0);
        for (i = 0; i < sc_eb_curve_count(); i++)
            ct_curve(sc_eb_curve_at(i));
        printf("eb_ct: PCLMULQDQ kernels %s\n", on ? "on" : "off");
    }
    sc_fb_set_accel(1);
#if defined(SC_CT_VALGRIND)
    if (on_vg) {
        CHECK(ERRORS() == 0, "no valgrind report on the constant-time eb operations (%u)", (unsigned)ERRORS());
        /* negative control: the variable-time wNAF / TNAF on a secret scalar must be reported */
        {
            const sc_eb_curve *c = sc_eb_curve_find("sect163k1");
            sc_word k[SC_EB_NW];
            sc_eb_aff g, r;
            sc_eb_generator(&g, c);
            rand_scalar(k, c);
            SECRET(k, sizeof k);
            printf("eb_ct: negative control: valgrind must report sc_eb_mul_var below\n");
            fflush(stdout);
            before = ERRORS();
            sc_eb_mul_var(&r, k, &g, c);
            CHECK(ERRORS() > before, "negative control reported (%lu)", (unsigned long)(ERRORS() - before));
            PUBLIC(&r, sizeof r);
        }
        printf("eb_ct: ran under valgrind\n");
    } else
#endif
    {
        printf("eb_ct: not under valgrind: functional run only\n");
    }
    (void)before;
    (void)on_vg;
    return tu_done("eb_ct");
}
