/** @file opcount.h
 * @brief opcount: operation counters for the method matrix (docs/methods.md).
 *
 * Built with -DSC_OPCOUNT=1 (CMake: the seacurve_opcount library, or
 * -DSC_OPCOUNT=ON for the whole build) every field multiplication, squaring,
 * inversion, addition/subtraction, multiplication by a small constant and
 * word-level multiply is counted in a process-wide counter set.  In normal
 * builds the macros expand to nothing: zero cost, and sc_opcount_enabled()
 * returns 0.
 *
 * Attribution rules (so that counts match the papers' M / S / I / A model):
 *  - M: sc_fp_mul (and every modular-multiplication method); S: sc_fp_sqr.
 *  - I: one per field inversion, whatever the method; the multiplications and
 *    squarings inside an inversion (Fermat chains) or square root are NOT
 *    added to M / S (they are the inversion's cost; see `sqrt` for roots).
 *  - A: sc_fp_add, sc_fp_sub, sc_fp_neg.  C: sc_fp_dbl and other
 *    multiplications by small constants (2x, 3x, 4x, 8x).
 *  - W: word x word -> double-word multiplies done by the mp layer (counted
 *    per call from the method's known count, or exactly where the method's
 *    count depends on the operands); the x86-64 fused kernels are switched
 *    off in a counting build so the C paths (the ones counted) run.
 * Counting is not thread-safe (a counting build is for measurement only). */
#ifndef SEACURVE_OPCOUNT_H
#define SEACURVE_OPCOUNT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup opcount
 * @brief Field M, S, I, A, C and word-multiply counters of a counting build (SC_OPCOUNT).
 * @{ */

/** A set of operation counters. */
typedef struct sc_opcount {
    uint64_t mul;   /**< M: field multiplications */
    uint64_t sqr;   /**< S: field squarings */
    uint64_t inv;   /**< I: field inversions */
    uint64_t add;   /**< A: field additions, subtractions, negations */
    uint64_t smul;  /**< C: multiplications by small constants (incl. doubling) */
    uint64_t sqrt;  /**< field square roots */
    uint64_t wmul;  /**< W: word-level multiplies */
} sc_opcount;

/** 1 if this build counts (SC_OPCOUNT), else 0.
 * @return 1 or 0. */
int sc_opcount_enabled(void);
/** Zero the counters. */
void sc_opcount_reset(void);
/** Copy the counters (all zero in a non-counting build).
 * @param[out] out  the counters. */
void sc_opcount_get(sc_opcount *out);

#if defined(SC_OPCOUNT) && SC_OPCOUNT
extern sc_opcount sc_opcount_now;   /**< the live counters (library internal) */
extern int sc_opcount_depth;        /**< >0 inside an inversion / square root: M, S, A, C not counted */
#  define SC_OPC(field, n) \
    do { if (sc_opcount_depth == 0) sc_opcount_now.field += (uint64_t)(n); } while (0)
#  define SC_OPC_W(n) (sc_opcount_now.wmul += (uint64_t)(n))
/* Bracket an inversion or square root: counts one of `field` and hides the inner M/S/A/C. */
#  define SC_OPC_ENTER(field) do { SC_OPC(field, 1); sc_opcount_depth++; } while (0)
#  define SC_OPC_LEAVE() (sc_opcount_depth--)
#else
#  define SC_OPC(field, n) ((void)0)
#  define SC_OPC_W(n) ((void)0)
#  define SC_OPC_ENTER(field) ((void)0)
#  define SC_OPC_LEAVE() ((void)0)
#endif

/** @} */

#ifdef __cplusplus
}
#endif

#endif
