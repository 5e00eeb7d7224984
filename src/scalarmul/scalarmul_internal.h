/* scalarmul internals: the method lists, one per source file owner.
 * list_var.c: variable-base methods; list_fixed_double.c: fixed-base and double-scalar methods. */
#ifndef SC_SCALARMUL_INTERNAL_H
#define SC_SCALARMUL_INTERNAL_H

#include <seacurve/scalarmul.h>

extern const sc_scalarmul_method sc_scalarmul_list_var[];
extern const size_t sc_scalarmul_list_var_n;
extern const sc_scalarmul_method sc_scalarmul_list_fixed_double[];
extern const size_t sc_scalarmul_list_fixed_double_n;

#endif
