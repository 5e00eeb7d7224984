/* Special reducers at 64-bit limbs: public entry points of the word-based
 * versions in reduce64.h (formulas and sources there). */
#include <seacurve/fp.h>
#include "reduce64.h"

#if SC_WORD_BITS == 64
void sc_fp_reduce_secp160r1(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    (void)f;
    fp64_red_secp160r1(r, t);
}

void sc_fp_reduce_p192(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    (void)f;
    fp64_red_p192(r, t);
}

void sc_fp_reduce_p224(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    (void)f;
    fp64_red_p224(r, t);
}

void sc_fp_reduce_p256(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    (void)f;
    fp64_red_p256(r, t);
}

void sc_fp_reduce_secp256k1(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    (void)f;
    fp64_red_secp256k1(r, t);
}
#else
typedef int sc_fp_reduce_special64_unused;
#endif
