/* ecm: the variable-base methods (k*P). */
#include "ecm_internal.h"

const sc_ecm_method sc_ecm_list_var[] = {
    { "(none)", "", 0, 0, 0, 0, NULL, NULL, NULL, NULL } /* placeholder until the first method lands */
};
const size_t sc_ecm_list_var_n = 0;
