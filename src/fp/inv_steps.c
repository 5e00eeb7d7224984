/* fp: Fermat inversion in steps (inv_steps.h). */
#include "inv_steps.h"
#include <seacurve/mp.h>

/* bit i of p - 2: p is an odd prime > 3, so p - 2 = p with its bit 1 cleared
 * when that bit is set, else p - 2 = (p - 4) + 2 with the borrow of the 4
 * running up from bit 2 through the zero bits.  Public. */
static unsigned pm2_bit(const sc_fp_field *f, unsigned i)
{
    unsigned j;
    if (i == 0)
        return 1;
    if (sc_mp_bit(f->p, 1))
        return i == 1 ? 0 : sc_mp_bit(f->p, i);
    if (i == 1)
        return 1;
    /* p = ...1 0..0 01 from bit 2: the borrow flips bits 2 .. the lowest set bit >= 2 */
    for (j = 2; !sc_mp_bit(f->p, j); j++)
        if (j == i)
            return 1;
    return j == i ? 0 : sc_mp_bit(f->p, i);
}

void sc_fp_inv_steps_start(sc_fp_inv_steps *st, const sc_word *a, const sc_fp_field *f)
{
    sc_fp_copy(st->a, a, f);
    sc_fp_copy(st->acc, a, f);        /* the top bit of p - 2 (bit bits-1, p > 3) */
    st->i = (int)f->bits - 2;
    st->mul = 0;
}

int sc_fp_inv_steps_step(sc_fp_inv_steps *st, const sc_fp_field *f)
{
    if (st->i < 0)
        return 1;
    if (st->mul) {
        sc_fp_mul(st->acc, st->acc, st->a, f);
        st->mul = 0;
        st->i--;
    } else {
        sc_fp_sqr(st->acc, st->acc, f);
        if (pm2_bit(f, (unsigned)st->i))
            st->mul = 1;
        else
            st->i--;
    }
    return st->i < 0;
}
