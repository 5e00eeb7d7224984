/* scalarmul: the variable-base methods (k*P), implemented in variable_base.c; costs and
 * choice in docs/methods-scalar.md. */
#include "scalarmul_internal.h"

const sc_scalarmul_method sc_scalarmul_list_var[] = {
    { "binary_l2r", SC_DOC("[Kodali] Alg. 1: double-and-add, left to right (mixed additions of P)"),
      SC_SCALARMUL_VAR, 0, 0, 0, NULL, sc_scalarmul_binary_l2r, NULL, NULL },
    { "binary_r2l", SC_DOC("double-and-add, right to left (Guide to ECC Alg. 3.26)"),
      SC_SCALARMUL_VAR, 0, 0, 0, NULL, sc_scalarmul_binary_r2l, NULL, NULL },
    { "naf", SC_DOC("[DSP] sec. 4.5 / [WM-ECC] sec. 3.2.3: NAF digits, binary method (Guide to ECC Alg. 3.31)"),
      SC_SCALARMUL_VAR, 0, 0, 0, NULL, sc_scalarmul_naf, NULL, NULL },
    { "wnaf", SC_DOC("[Kodali] Alg. 2 + 3: width-w NAF, odd multiples in the system (Solinas 2000)"),
      SC_SCALARMUL_VAR, 0, 2, 6, NULL, sc_scalarmul_wnaf, NULL, NULL },
    { "wnaf_mixed", SC_DOC("[Kodali] Alg. 4: width-w NAF, affine odd multiples (one inversion), madd"),
      SC_SCALARMUL_VAR, 0, 2, 6, NULL, sc_scalarmul_wnaf_mixed, NULL, NULL },
    { "sliding", SC_DOC("sliding window over odd multiples (Guide to ECC Alg. 3.38)"),
      SC_SCALARMUL_VAR, 0, 2, 6, NULL, sc_scalarmul_sliding, NULL, NULL },
    { "ladder", SC_DOC("Montgomery ladder (Montgomery 1987), fixed length via k + n / k + 2n"),
      SC_SCALARMUL_VAR, 1, 0, 0, NULL, sc_scalarmul_ladder, NULL, NULL },
    { "coz_ladder", SC_DOC("Goundar-Joye-Miyaji CHES 2010: co-Z Montgomery ladder (XYCZ-ADDC, XYCZ-ADD)"),
      SC_SCALARMUL_VAR, 1, 0, 0, "jacobian", sc_scalarmul_coz_ladder, NULL, NULL },
    { "fixwin", SC_DOC("Joye-Tunstall AFRICACRYPT 2009: regular signed odd fixed window, full-table scans"),
      SC_SCALARMUL_VAR, 1, 2, 6, NULL, sc_scalarmul_fixwin, NULL, NULL },
};
const size_t sc_scalarmul_list_var_n = sizeof sc_scalarmul_list_var / sizeof sc_scalarmul_list_var[0];
