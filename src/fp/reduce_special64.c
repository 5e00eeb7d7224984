/* Special reducers at 64-bit limbs (word-based versions of the formulas in
 * reduce_special.c). */
#include <seacurve/fp.h>
#include "reduce_special.h"

#if SC_WORD_BITS == 64
void sc_fp_reduce_secp160r1(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    sc_fp_reduce_secp160r1_chunks(r, t, f);
}
void sc_fp_reduce_p192(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    sc_fp_reduce_p192_chunks(r, t, f);
}
void sc_fp_reduce_p224(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    sc_fp_reduce_p224_chunks(r, t, f);
}
void sc_fp_reduce_p256(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    sc_fp_reduce_p256_chunks(r, t, f);
}
void sc_fp_reduce_secp256k1(sc_word *r, sc_word *t, const sc_fp_field *f)
{
    sc_fp_reduce_secp256k1_chunks(r, t, f);
}
#else
typedef int sc_fp_reduce_special64_unused;
#endif
