/* ecm: the fixed-base (k*G) and double-scalar (u1*G + u2*Q) methods. */
#include "ecm_internal.h"

const sc_ecm_method sc_ecm_list_fixdbl[] = {
    { "(none)", "", 0, 0, 0, 0, NULL, NULL, NULL, NULL } /* placeholder until the first method lands */
};
const size_t sc_ecm_list_fixdbl_n = 0;
