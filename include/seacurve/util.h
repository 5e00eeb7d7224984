/* Constant-time helpers and secret wiping shared by every layer. */
#ifndef SEACURVE_UTIL_H
#define SEACURVE_UTIL_H

#include "config.h"

/* Zero n bytes in a way the compiler cannot remove (barrier-protected). */
void sc_memzero(void *p, size_t n);

/* 1 if the n bytes at a and b are equal, else 0; time depends only on n. */
int sc_ct_memeq(const void *a, const void *b, size_t n);

/* Masks: all-ones word if the condition holds, else 0 (branch-free). */
static inline sc_word sc_ct_mask_nz(sc_word x)
{
    /* (x | -x) has its top bit set iff x != 0 */
    return (sc_word)0 - (sc_word)((sc_word)(x | (sc_word)(0 - x)) >> (SC_WORD_BITS - 1));
}
static inline sc_word sc_ct_mask_z(sc_word x) { return (sc_word)~sc_ct_mask_nz(x); }
static inline sc_word sc_ct_mask_bit(sc_word bit) { return (sc_word)((sc_word)0 - (sc_word)(bit & 1u)); }

#endif
