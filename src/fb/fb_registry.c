/* The registry of GF(2^m) methods (fb_methods.h): products, squarings,
 * reducers and inversions with their sources and constant-time property,
 * for the tests and `seacurve explore`. */
#include <string.h>
#include <seacurve/fb_methods.h>

static int always(void)
{
    return 1;
}

#define PMUL(nm, src, ct, ref, fn) { nm, src, SC_FB_METHOD_PMUL, ct, ref, fn, NULL, NULL, NULL, always }
#define PSQR(nm, src, ct, fn) { nm, src, SC_FB_METHOD_PSQR, ct, 0, NULL, fn, NULL, NULL, always }
#define RED(nm, src, ct, ref, fn) { nm, src, SC_FB_METHOD_REDUCER, ct, ref, NULL, NULL, fn, NULL, always }
#define INV(nm, src, ct, ref, fn) { nm, src, SC_FB_METHOD_INVERSION, ct, ref, NULL, NULL, NULL, fn, always }

static const sc_fb_method methods[] = {
    PMUL("ref", "shift-and-add, bit-serial (Guide to ECC Alg. 2.33 without reduction)", 1, 1, sc_fb_pmul_ref),
    PMUL("comb4", "Lopez-Dahab left-to-right comb, w = 4 (Guide Alg. 2.36); B_u by masks of u's bits", 1, 0,
         sc_fb_pmul_comb4),
    PMUL("comb4-scan", "Lopez-Dahab comb, w = 4 (Guide Alg. 2.36); full 16-entry masked table scan", 1, 0,
         sc_fb_pmul_comb4_scan),
    PMUL("comb4-var", "Lopez-Dahab comb, w = 4 (Guide Alg. 2.36) as printed; secret-indexed table", 0, 0,
         sc_fb_pmul_comb4_var),
    PMUL("comb4-blk-var", "Lopez-Dahab comb, w = 4 (Guide Alg. 2.36), b in 64-bit blocks, table rows shifted "
         "instead of the accumulator; secret-indexed table", 0, 0, sc_fb_pmul_comb4_blk_var),
    { "clmul", "PCLMULQDQ 64x64 products, recursive Karatsuba on 64-bit pieces ([OMAP] III-C: XORMPY)",
      SC_FB_METHOD_PMUL, 1, 0, sc_fb_pmul_clmul, NULL, NULL, NULL, sc_fb_clmul_available },
    PSQR("spread", "bit interleaving by shift-and-mask spreading (Hacker's Delight 7-2)", 1, sc_fb_psqr_spread),
    PSQR("table", "bit interleaving by a 256-entry byte table (Guide Alg. 2.39); secret-indexed", 0,
         sc_fb_psqr_table_var),
    { "clmul-sqr", "PCLMULQDQ of each 64-bit piece with itself", SC_FB_METHOD_PSQR, 1, 0, NULL,
      sc_fb_psqr_clmul, NULL, NULL, sc_fb_clmul_available },
    RED("red-ref", "bit-serial: each set bit >= m adds f(x) x^(i-m)", 1, 1, sc_fb_reduce_ref),
    RED("shxor", "unbalanced-exponent reduction by shift-and-xor word folding ([OMAP] III-B/D, Fig. 3 right; "
        "Guide Alg. 2.41-2.43)", 1, 0, sc_fb_reduce_shxor),
    RED("mult", "unbalanced-exponent reduction C_l + C_h T(x), software word clmul ([OMAP] III-B/D, Fig. 3 left)",
        1, 0, sc_fb_reduce_mult),
    { "mult-clmul", "unbalanced-exponent reduction C_l + C_h T(x) with PCLMULQDQ ([OMAP] Fig. 3 left: XORMPY)",
      SC_FB_METHOD_REDUCER, 1, 0, NULL, NULL, sc_fb_reduce_mult_clmul, NULL, sc_fb_clmul_available },
    INV("itoh", "Itoh-Tsujii 1988 / Guajardo-Paar 2002, binary addition chain on m-1", 1, 0, sc_fb_inv_itoh),
    INV("euclid", "extended Euclid for binary polynomials (Guide Alg. 2.48)", 0, 0, sc_fb_inv_euclid_var),
    INV("fermat", "a^(2^m-2) by square-and-multiply", 1, 1, sc_fb_inv_fermat),
};

size_t sc_fb_method_count(void)
{
    return sizeof methods / sizeof methods[0];
}

const sc_fb_method *sc_fb_method_at(size_t i)
{
    return i < sc_fb_method_count() ? &methods[i] : NULL;
}

const sc_fb_method *sc_fb_method_find(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; i < sc_fb_method_count(); i++)
        if (strcmp(methods[i].name, name) == 0)
            return &methods[i];
    return NULL;
}
