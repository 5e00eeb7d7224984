/* The registry of field-arithmetic methods (fp_methods.h): every reducer,
 * modular multiplication and inversion with its source, form, constant-time
 * property and the test of whether it applies to a modulus; and the
 * derivation of a field with another reducer, checked against the table. */
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <string.h>
#include "reduce_mont.h"

/* ---- which moduli a method applies to (public, variable time) ---- */

/* +-2^e terms of a special prime. */
struct pterm {
    int8_t sign;
    uint16_t e;
};

/* 1 if f->p equals the sum of the terms and has `bits` bits. */
#if SC_CURVE_SECP160R1 || SC_CURVE_SECP192R1 || SC_CURVE_SECP224R1 || SC_CURVE_SECP256R1 || SC_CURVE_SECP256K1
static int p_is(const sc_fp_field *f, unsigned bits, const struct pterm *t, size_t nt)
{
    sc_word acc[SC_FP_MAXW + 1], one[SC_FP_MAXW + 1];
    size_t n = f->nw, i;
    if (f->bits != bits || n != SC_WORDS(bits))
        return 0;
    sc_mp_zero(acc, n + 1);
    for (i = 0; i < nt; i++) {
        sc_mp_zero(one, n + 1);
        one[t[i].e / SC_WORD_BITS] = (sc_word)((sc_word)1 << (t[i].e % SC_WORD_BITS));
        if (t[i].sign > 0)
            sc_mp_add(acc, acc, one, n + 1);
        else
            sc_mp_sub(acc, acc, one, n + 1);
    }
    return acc[n] == 0 && memcmp(acc, f->p, n * sizeof(sc_word)) == 0;
}
#endif

#define P_IS(f, bits, ...) p_is((f), (bits), (const struct pterm[]){ __VA_ARGS__ }, \
    sizeof((const struct pterm[]){ __VA_ARGS__ }) / sizeof(struct pterm))

#if SC_CURVE_SECP160R1
static int is_secp160r1(const sc_fp_field *f)
{
    return P_IS(f, 160, { 1, 160 }, { -1, 31 }, { -1, 0 });
}
#endif

#if SC_CURVE_SECP192R1
static int is_p192(const sc_fp_field *f)
{
    return P_IS(f, 192, { 1, 192 }, { -1, 64 }, { -1, 0 });
}
#endif

#if SC_CURVE_SECP224R1
static int is_p224(const sc_fp_field *f)
{
    return P_IS(f, 224, { 1, 224 }, { -1, 96 }, { 1, 0 });
}
#endif

#if SC_CURVE_SECP256R1
static int is_p256(const sc_fp_field *f)
{
    return P_IS(f, 256, { 1, 256 }, { -1, 224 }, { 1, 192 }, { 1, 96 }, { -1, 0 });
}
#endif

#if SC_CURVE_SECP256K1
static int is_secp256k1(const sc_fp_field *f)
{
    /* 977 = 2^9 + 2^8 + 2^7 + 2^6 + 2^4 + 1 */
    return P_IS(f, 256, { 1, 256 }, { -1, 32 }, { -1, 9 }, { -1, 8 }, { -1, 7 }, { -1, 6 }, { -1, 4 },
                { -1, 0 });
}
#endif

static int is_odd(const sc_fp_field *f)
{
    return f->nw > 0 && (f->p[0] & 1u) != 0;
}

static int is_any(const sc_fp_field *f)
{
    return f->nw > 0 && f->p[f->nw - 1] != 0;
}

/* ---- the table ---- */

#define REDUCER(nm, src, fn, frm, app) { nm, SC_DOC(src), SC_FP_METHOD_REDUCER, frm, 1, fn, NULL, NULL, NULL, app }
#define MODMUL(nm, src, mf, sf, frm, app) { nm, SC_DOC(src), SC_FP_METHOD_MODMUL, frm, 1, NULL, mf, sf, NULL, app }
#define INVERSION(nm, src, fn, ctv, app) { nm, SC_DOC(src), SC_FP_METHOD_INVERSION, SC_FP_FORM_ANY, ctv, NULL, NULL, NULL, fn, app }

/* The special-prime reducers of the curves compiled in (SC_CURVE_<NAME>): a
 * one-curve mote build keeps only its own. */
static const sc_fp_method methods[] = {
    /* reducers */
#if SC_CURVE_SECP160R1
    REDUCER("secp160r1", "[DSP] Alg. 4 / [WM-ECC] eq. 15-17: p = 2^160 - 2^31 - 1 folded as 2^160 = 2^31 + 1",
            sc_fp_reduce_secp160r1, SC_FP_FORM_PLAIN, is_secp160r1),
#endif
#if SC_CURVE_SECP192R1
    REDUCER("p192", "FIPS 186-4 D.2.1 (Solinas 1999): 2^192 = 2^64 + 1", sc_fp_reduce_p192, SC_FP_FORM_PLAIN, is_p192),
#endif
#if SC_CURVE_SECP224R1
    REDUCER("p224", "FIPS 186-4 D.2.2 (Solinas 1999)", sc_fp_reduce_p224, SC_FP_FORM_PLAIN, is_p224),
#endif
#if SC_CURVE_SECP256R1
    REDUCER("p256", "FIPS 186-4 D.2.3 (Solinas 1999)", sc_fp_reduce_p256, SC_FP_FORM_PLAIN, is_p256),
#endif
#if SC_CURVE_SECP256K1
    REDUCER("secp256k1", "pseudo-Mersenne, 2^256 = 2^32 + 977 (two folds)", sc_fp_reduce_secp256k1,
            SC_FP_FORM_PLAIN, is_secp256k1),
#endif
#if SC_CURVE_SECP256R1
    REDUCER("p256-mont", "Montgomery REDC specialised to P-256 (-p^-1 mod 2^64 = 1; generic REDC below 64-bit limbs)",
            sc_fp_reduce_p256_mont, SC_FP_FORM_MONT, is_p256),
#endif
#if SC_CURVE_SECP224R1
    REDUCER("p224-mont", "Montgomery REDC specialised to P-224 (-p^-1 mod 2^64 = 2^64 - 1; generic below 64-bit limbs)",
            sc_fp_reduce_p224_mont, SC_FP_FORM_MONT, is_p224),
#endif
    REDUCER("pm-generic", "[DSP] Alg. 3: generic pseudo-Mersenne p = 2^k - c, fixed fold count",
            sc_fp_reduce_pm_generic, SC_FP_FORM_PLAIN, sc_fp_is_pseudo_mersenne),
    REDUCER("opf", "[OPF] sec. 4.3: Montgomery REDC for optimal primes p = u 2^k + 1 (n'_0 = -1, top words only)",
            sc_fp_reduce_opf, SC_FP_FORM_MONT, sc_fp_is_opf),
    REDUCER("mont", "Montgomery 1985 REDC, word-serial (HAC Alg. 14.32)", sc_fp_reduce_mont, SC_FP_FORM_MONT, is_odd),
    REDUCER("barrett", "Barrett 1986 (HAC Alg. 14.42), mu derived per call", sc_fp_reduce_barrett, SC_FP_FORM_PLAIN,
            is_any),
    /* modular multiplications */
    MODMUL("fp-mul", "production sc_fp_mul / sc_fp_sqr (the field's reducer, fused kernels where on)", sc_fp_mul,
           sc_fp_sqr, SC_FP_FORM_ANY, is_any),
    MODMUL("mont-sep", "separated: sc_mp_mul / sc_mp_sqr then REDC (Montgomery 1985)", sc_fp_mont_mul_sep,
           sc_fp_mont_sqr_sep, SC_FP_FORM_MONT, is_odd),
    MODMUL("mont-sos", "SOS, separated operand scanning (Koc-Acar-Kaliski 1996)", sc_fp_mont_mul_sos,
           sc_fp_mont_sqr_sos, SC_FP_FORM_MONT, is_odd),
    MODMUL("mont-cios", "CIOS, coarsely integrated operand scanning (Koc-Acar-Kaliski 1996)", sc_fp_mont_mul_cios,
           sc_fp_mont_sqr_cios, SC_FP_FORM_MONT, is_odd),
    MODMUL("mont-fips", "FIPS, finely integrated product scanning ([OPF] Alg. 1; Koc-Acar-Kaliski 1996)",
           sc_fp_mont_mul_fips, sc_fp_mont_sqr_fips, SC_FP_FORM_MONT, is_odd),
    MODMUL("mont-opf", "OPF-FIPS, FIPS for optimal primes p = u 2^k + 1 ([OPF] Alg. 2)", sc_fp_mont_mul_opf,
           sc_fp_mont_sqr_opf, SC_FP_FORM_MONT, sc_fp_is_opf),
    /* inversions */
    INVERSION("fp-inv", "production sc_fp_inv (safegcd at 32/64-bit limbs, Fermat below)", sc_fp_inv, 1, is_odd),
    INVERSION("fp-inv-var", "production sc_fp_inv_var (safegcd at 32/64-bit limbs, binary EEA below)", sc_fp_inv_var,
              0, is_odd),
    INVERSION("fermat", "Fermat a^(p-2): addition chains on the special primes, 4-bit sliding window otherwise",
              sc_fp_inv_fermat, 1, is_odd),
#ifdef SC_FP_HAVE_SAFEGCD
    INVERSION("safegcd", "Bernstein-Yang 2019 divsteps, 60-step batches (128-bit products), half-delta from 24 bits",
              sc_fp_inv_safegcd, 1, is_odd),
#endif
    INVERSION("safegcd32", "Bernstein-Yang 2019 divsteps, 30-bit batches (64-bit products, no 128-bit type)",
              sc_fp_inv_safegcd32, 1, is_odd),
    INVERSION("eea", "binary extended Euclid (Guide to ECC Alg. 2.22)", sc_fp_inv_eea_var, 0, is_odd),
    INVERSION("great-divide", "Great Divide ([WM-ECC] sec. 3.1.2; Shantz 2001)", sc_fp_inv_great_divide_var, 0, is_odd),
};

#define NMETHODS (sizeof methods / sizeof methods[0])

size_t sc_fp_method_count(void)
{
    return NMETHODS;
}

const sc_fp_method *sc_fp_method_at(size_t i)
{
    return i < NMETHODS ? &methods[i] : NULL;
}

const sc_fp_method *sc_fp_method_find(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; i < NMETHODS; i++)
        if (strcmp(methods[i].name, name) == 0)
            return &methods[i];
    return NULL;
}

const sc_fp_method *sc_fp_method_of_reducer(sc_fp_reduce_fn red)
{
    size_t i;
    for (i = 0; i < NMETHODS; i++)
        if (methods[i].kind == SC_FP_METHOD_REDUCER && methods[i].reduce == red)
            return &methods[i];
    return NULL;
}

/* -p^-1 mod 2^W by Newton's iteration (p odd): x = x (2 - p x) doubles the
 * correct low bits; x = p is right to 3 bits (p p = 1 mod 8). */
static sc_word neg_pinv(sc_word p0)
{
    sc_word x = p0;
    int i;
    for (i = 0; i < 6; i++)
        x = (sc_word)(x * (sc_word)(2u - (sc_word)(p0 * x)));
    return (sc_word)((sc_word)0 - x);
}

sc_err sc_fp_field_derive(sc_fp_field *out, const sc_fp_field *base, sc_fp_reduce_fn red, int mont)
{
    const sc_fp_method *m;
    sc_fp_field f;

    if (!out || !base || !red || base->nw == 0 || base->nw > SC_FP_MAXW)
        return SC_ERR_ARG;
    mont = mont ? 1 : 0;
    if (mont && (base->p[0] & 1u) == 0)
        return SC_ERR_ARG;
    m = sc_fp_method_of_reducer(red);
    if (m && ((m->form != SC_FP_FORM_ANY && m->form != (uint8_t)mont) || (m->applies && !m->applies(base))))
        return SC_ERR_ARG;
    f = *base;
    f.reduce = red;
    f.mont = (uint8_t)mont;
    f.pinv = (f.p[0] & 1u) ? neg_pinv(f.p[0]) : 0;
#if !SC_FP_GENERIC_SIZES
    /* a product or REDC of a size without a kernel would be zero (config.h) */
    if (!sc_mp_mul_serves(f.nw) ||
        ((red == sc_fp_reduce_mont || red == sc_fp_reduce_p256_mont || red == sc_fp_reduce_p224_mont) &&
         !sc_fp_reduce_mont_serves(&f)))
        return SC_ERR_UNSUPPORTED;
#endif
#if SC_FP_CONSTS_IN_FLASH
    /* R^2 mod p and R mod p depend on p and nw only: base's flash constants serve */
#else
    {
        sc_word big[2 * SC_FP_MAXW + 1];
        size_t n = f.nw;
        /* r2 = 2^(2 W n) mod p */
        sc_mp_zero(big, 2 * n + 1);
        big[2 * n] = 1;
        sc_mp_zero(f.r2, SC_FP_MAXW);
        sc_mp_mod(f.r2, big, 2 * n + 1, f.p, n);
        sc_mp_zero(f.one, SC_FP_MAXW);
        if (mont) {
            sc_mp_zero(big, n + 1);
            big[n] = 1; /* R mod p */
            sc_mp_mod(f.one, big, n + 1, f.p, n);
        } else {
            f.one[0] = 1;
        }
    }
#endif
    *out = f;
    return SC_OK;
}

sc_err sc_fp_method_field(sc_fp_field *out, const sc_fp_method *m, const sc_fp_field *base)
{
    if (!out || !m || !base)
        return SC_ERR_ARG;
    if (m->applies && !m->applies(base))
        return SC_ERR_UNSUPPORTED;
    if (m->kind == SC_FP_METHOD_REDUCER)
        return sc_fp_field_derive(out, base, m->reduce, m->form == SC_FP_FORM_MONT);
    if (m->form == SC_FP_FORM_ANY || m->form == base->mont) {
        *out = *base;
        return SC_OK;
    }
    if (m->form == SC_FP_FORM_MONT)
        return sc_fp_field_derive(out, base, sc_fp_reduce_mont, 1);
    return sc_fp_field_derive(out, base, sc_fp_reduce_barrett, 0);
}
