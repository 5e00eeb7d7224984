/* Constant-time helpers and secret wiping shared by every layer. */
#ifndef SEACURVE_UTIL_H
#define SEACURVE_UTIL_H

#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Zero n bytes in a way the compiler cannot remove (barrier-protected). */
void sc_memzero(void *p, size_t n);

/* 1 if the n bytes at a and b are equal, else 0; time depends only on n. */
int sc_ct_memeq(const void *a, const void *b, size_t n);

/* SC_DECLASSIFY(p, n): the n bytes at p are derived from secrets but may be
 * published (a validity verdict, a signature).  A no-op except in the
 * constant-time test build (SC_CT_VALGRIND), where the bytes are marked as
 * defined so that valgrind checks every other use of secret data. */
#if defined(SC_CT_VALGRIND)
#  include <valgrind/memcheck.h>
#  define SC_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#  define SC_CLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#else
#  define SC_DECLASSIFY(p, n) ((void)(p), (void)(n))
#  define SC_CLASSIFY(p, n) ((void)(p), (void)(n))
#endif
/* SC_CLASSIFY(p, n): mark fresh secret bytes (OS randomness) for that test. */

/* sc_ct_barrier(x) returns x, but hides its value from the optimiser, so a
 * mask computed from a secret stays an opaque word: without it clang turns
 * mask-and-select table scans back into conditional branches. */
static inline sc_word sc_ct_barrier(sc_word x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* Masks: all-ones word if the condition holds, else 0 (branch-free). */
static inline sc_word sc_ct_mask_nz(sc_word x)
{
    /* (x | -x) has its top bit set iff x != 0 */
    sc_word t = sc_ct_barrier((sc_word)(x | (sc_word)(0 - x)));
    return sc_ct_barrier((sc_word)0 - (sc_word)(t >> (SC_WORD_BITS - 1)));
}
static inline sc_word sc_ct_mask_z(sc_word x) { return (sc_word)~sc_ct_mask_nz(x); }
static inline sc_word sc_ct_mask_bit(sc_word bit) { return sc_ct_barrier((sc_word)((sc_word)0 - (sc_word)(bit & 1u))); }

#ifdef __cplusplus
}
#endif

#endif
