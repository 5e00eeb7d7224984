/* scalarmul: the fixed-base (k*G) and double-scalar (u1*G + u2*Q) methods,
 * implemented in fixed_base.c and double_scalar.c over the const tables of
 * gen/tab_<curve>.c; costs and choice in docs/methods-fixed-double.md. */
#include "scalarmul_internal.h"
#include "scalarmul/gen/tab.h"

const sc_scalarmul_method sc_scalarmul_list_fixed_double[] = {
    { "fix_sliding", SC_DOC("[WM-ECC] sec. 3.2.3 / 4.1.2: w-bit windows sliding over zero bits, 15 precomputed points 1G..15G"),
      SC_SCALARMUL_FIX, 0, 2, 4, NULL, NULL, sc_scalarmul_fix_sliding, NULL },
    { "comb", SC_DOC("Lim-Lee CRYPTO '94 comb, single table of 2^w - 1 points (Guide to ECC Alg. 3.44)"),
      SC_SCALARMUL_FIX, 0, SC_SCALARMUL_COMB_WMIN, SC_SCALARMUL_COMB_WMAX, NULL, NULL, sc_scalarmul_fix_comb, NULL },
    { "comb_ct", SC_DOC("Lim-Lee comb, constant time: full-table masked lookups, dbl_ct / madd_ct"),
      SC_SCALARMUL_FIX, 1, SC_SCALARMUL_COMB_WMIN, SC_SCALARMUL_COMB_WMAX, NULL, NULL, sc_scalarmul_fix_comb_ct, NULL },
    { "shamir", SC_DOC("[WM-ECC] sec. 3.2.3: Shamir's trick, w = 1 (G, Q, G+Q) or w = 2 (iG + jQ, i, j < 4)"),
      SC_SCALARMUL_DOUBLE, 0, 1, 2, NULL, NULL, NULL, sc_scalarmul_shamir },
    { "interleave", SC_DOC("Moeller SAC 2001: interleaved width-w NAFs, G's odd multiples in const data (Guide Alg. 3.51)"),
      SC_SCALARMUL_DOUBLE, 0, 2, 6, NULL, NULL, NULL, sc_scalarmul_interleave },
    { "jsf", SC_DOC("Solinas 2001: joint sparse form with G, Q, G+Q, G-Q (Guide to ECC Alg. 3.50 + 3.48)"),
      SC_SCALARMUL_DOUBLE, 0, 0, 0, NULL, NULL, NULL, sc_scalarmul_jsf },
};
const size_t sc_scalarmul_list_fixed_double_n = sizeof sc_scalarmul_list_fixed_double / sizeof sc_scalarmul_list_fixed_double[0];
