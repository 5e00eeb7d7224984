/* ecm internals: the method lists, one per source file owner.
 * list_var.c: variable-base methods; list_fixdbl.c: fixed-base and double-scalar methods. */
#ifndef SC_ECM_INTERNAL_H
#define SC_ECM_INTERNAL_H

#include <seacurve/ecm.h>

extern const sc_ecm_method sc_ecm_list_var[];
extern const size_t sc_ecm_list_var_n;
extern const sc_ecm_method sc_ecm_list_fixdbl[];
extern const size_t sc_ecm_list_fixdbl_n;

#endif
