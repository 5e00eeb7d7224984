/* The tiny curves of tests/gen/tiny_curves.c (tools/gen_tiny_curves.py): test data for
 * tests/test_tiny_exhaustive.c, kept out of sc_curve_find's list. */
#ifndef SC_TINY_CURVES_H
#define SC_TINY_CURVES_H

#include <seacurve/curves.h>

extern const sc_curve sc_tiny_curves[];
extern const size_t sc_tiny_curve_count;

#endif
