/* fp: inversion in steps of one field operation, for the restartable
 * operations (src/pk/restart.c). */
#ifndef SC_FP_INV_STEPS_H
#define SC_FP_INV_STEPS_H

#include <seacurve/fp.h>

/* a^-1 = a^(p-2) (Fermat) by left-to-right binary exponentiation over the
 * public exponent p - 2: one squaring per bit below the top one and one
 * multiplication per set bit, each a separate step (one unit of the
 * restartable operations).  The sequence of steps depends on p alone, so it is
 * constant time in a; a = 0 gives 0.  The result is the inverse in internal
 * form, the same element as sc_fp_inv's. */
typedef struct {
    sc_fe a;          /* the base */
    sc_fe acc;        /* a^(the bits of p - 2 above bit i) */
    int i;            /* next bit of p - 2 to process; -1: done */
    unsigned mul;     /* 1: the multiplication of bit i is next */
} sc_fp_inv_steps;

void sc_fp_inv_steps_start(sc_fp_inv_steps *st, const sc_word *a, const sc_fp_field *f);
/* One squaring or multiplication; returns 1 when the inverse is in st->acc. */
int sc_fp_inv_steps_step(sc_fp_inv_steps *st, const sc_fp_field *f);

#endif
