/** @file util.h
 * @brief Constant-time helpers and secret wiping shared by every layer. */
#ifndef SEACURVE_UTIL_H
#define SEACURVE_UTIL_H

#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup util
 * @brief Wiping secrets, constant-time comparison and masks.
 * @{ */

/** @brief Zero n bytes in a way the compiler cannot remove (barrier-protected).
 * @param[out] p  the bytes to wipe (may be NULL when n is 0).
 * @param[in] n   their count. */
void sc_memzero(void *p, size_t n);

/** @brief Compare two byte strings in constant time.
 * @param[in] a     n bytes.
 * @param[in] b     n bytes.
 * @param[in] n     their length; the running time depends on n only.
 * @return 1 if the n bytes at a and b are equal, else 0. */
int sc_ct_memeq(const void *a, const void *b, size_t n);

#if defined(SC_CT_VALGRIND)
#  include <valgrind/memcheck.h>
#  define SC_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#  define SC_CLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#else
/** @brief SC_DECLASSIFY(p, n): the n bytes at p are derived from secrets but may be
 * published (a validity verdict, a signature).  A no-op except in the constant-time
 * test build (SC_CT_VALGRIND), where the bytes are marked as defined so that valgrind
 * checks every other use of secret data. */
#  define SC_DECLASSIFY(p, n) ((void)(p), (void)(n))
/** @brief SC_CLASSIFY(p, n): mark fresh secret bytes (OS randomness) as undefined for
 * the valgrind constant-time test (SC_CT_VALGRIND); a no-op otherwise. */
#  define SC_CLASSIFY(p, n) ((void)(p), (void)(n))
#endif

/** @brief Hide a word's value from the optimiser, so that a mask computed from a secret
 * stays an opaque word: without it clang turns mask-and-select table scans back into
 * conditional branches.
 * @param[in] x  any word.
 * @return x. */
static inline sc_word sc_ct_barrier(sc_word x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/** @brief Branch-free mask of x != 0.
 * @param[in] x  any word.
 * @return the all-ones word if x != 0, else 0. */
static inline sc_word sc_ct_mask_nz(sc_word x)
{
    /* (x | -x) has its top bit set iff x != 0 */
    sc_word t = sc_ct_barrier((sc_word)(x | (sc_word)(0 - x)));
    return sc_ct_barrier((sc_word)0 - (sc_word)(t >> (SC_WORD_BITS - 1)));
}
/** @brief Branch-free mask of x == 0.
 * @param[in] x  any word.
 * @return the all-ones word if x == 0, else 0. */
static inline sc_word sc_ct_mask_z(sc_word x) { return (sc_word)~sc_ct_mask_nz(x); }
/** @brief Branch-free mask of bit 0.
 * @param[in] bit  a word whose bit 0 is tested (the others are ignored).
 * @return the all-ones word if bit 0 of bit is set, else 0. */
static inline sc_word sc_ct_mask_bit(sc_word bit) { return sc_ct_barrier((sc_word)((sc_word)0 - (sc_word)(bit & 1u))); }

/** @} */

#ifdef __cplusplus
}
#endif

#endif
