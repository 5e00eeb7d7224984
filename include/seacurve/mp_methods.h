/** @file mp_methods.h
 * @brief mp_methods: every multi-precision multiplication and squaring method of
 * the papers, each as its own function, plus a registry that lists them as
 * mul/sqr pairs (the method matrix; `seacurve explore` times them).
 * docs/methods-mp.md gives each method's source, word-multiply count and
 * when to choose it.
 *
 * Common contract (unless stated):
 *  - a, b: n words each, 1 <= n <= 2 * SC_FP_MAXW; r: 2n words, fully
 *    written, and r must not overlap a or b;
 *  - no heap; stack scratch bounded by SC_FP_MAXW (a few times 2 * SC_FP_MAXW
 *    words at most);
 *  - constant time in the operand values: loop bounds and addresses depend on
 *    n (and d) only, carries are computed without branches;
 *  - in a counting build (SC_OPCOUNT, include/seacurve/opcount.h) each call
 *    adds its number of word x word -> double-word multiplies to the W
 *    counter (formulas below; n^2 for a general product of n words).
 *
 * sc_mp_mul_comba and sc_mp_sqr_comba (product scanning) are declared in
 * mp.h. */
#ifndef SEACURVE_MP_METHODS_H
#define SEACURVE_MP_METHODS_H

#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup mp_methods
 * @brief Row-wise, Comba, hybrid, Karatsuba and half-word products and squarings, and
 * their registry (constant time; common contract in mp_methods.h).
 * @{ */

/* --- multiplication ------------------------------------------------------ */

/** Row-wise (operand scanning, the schoolbook method): for each word b[j],
 * the row a * b[j] is added into r at word j, its carry becoming r[n + j].
 * [DSP] sec. 4.2 ("row-wise"), [OPF] sec. 3.1 ("schoolbook"); HAC
 * Alg. 14.12.  W: n^2.
 * @param[out] r  2n words; must not overlap a or b.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_mul_rowwise(sc_word *r, const sc_word *a, const sc_word *b, size_t n);

/** Hybrid multiplication with a block size of d words.
 * Hybrid multiplication with block size d words (Gura et al. 2004, as used
 * by [WM-ECC] sec. 3.1.1 with d = 4 and [OPF] sec. 3.1/4.2): the operands
 * are cut into ceil(n/d) blocks of d words (the top block holds the
 * remaining n mod d words when d does not divide n); the outer loops are
 * product scanning over block columns, and each d x d block product is
 * formed row-wise (operand scanning) in local variables, then added to a
 * (2d+1)-word column accumulator.  d = 1 is Comba; d >= n is row-wise.
 * d = 0 is taken as 1 and d > n as n; 1 <= d <= 2 * SC_FP_MAXW.  W: n^2.
 * @param[out] r  2n words; must not overlap a or b.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW.
 * @param[in]  d  block size in words. */
void sc_mp_mul_hybrid(sc_word *r, const sc_word *a, const sc_word *b, size_t n, size_t d);
/** sc_mp_mul_hybrid with d = 2 / d = 4 (compiled with d a constant).
 * @param[out] r  2n words; must not overlap a or b.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_mul_hybrid2(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** sc_mp_mul_hybrid with d = 4 (compiled with d a constant).
 * @param[out] r  2n words; must not overlap a or b.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_mul_hybrid4(sc_word *r, const sc_word *a, const sc_word *b, size_t n);

/** One level of Karatsuba over Comba: a = a1*B^m + a0, b likewise, with
 * m = ceil(n/2) (odd n splits unevenly: the low halves have one word more);
 * z0 = a0*b0, z2 = a1*b1, z1 = (a0+a1)(b0+b1) - z0 - z2, the half sums'
 * carry bits handled by masked additions.  The three half products are
 * sc_mp_mul_comba (which counts them).  n = 1 is a single Comba product.
 * W: 2*m^2 + (n-m)^2 for n >= 2 (1 for n = 1).
 * @param[out] r  2n words; must not overlap a or b.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_mul_karatsuba1(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** Two levels: the same split, the three half products done by
 * sc_mp_mul_karatsuba1.  W: 2*K1(m) + K1(n-m) for n >= 2 (1 for n = 1),
 * K1 the count of sc_mp_mul_karatsuba1.
 * @param[out] r  2n words; must not overlap a or b.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_mul_karatsuba2(sc_word *r, const sc_word *a, const sc_word *b, size_t n);

/** Row-wise multiplication from half-word products.
 * [DSP] Alg. 2: row-wise multiplication on a target whose multiplier is
 * half a word wide (the C6416 DSP's 16x16 -> 32 MPYU/MPYHU/MPYHL/MPYLH, an
 * 8-bit MCU's 8x8 MUL building 16x16): each word product a[i]*b[j] is formed
 * from four half-word x half-word products, low x low and high x high added
 * at the word boundaries, the two middle products summed (with their carry
 * c1 chained along the row) and added shifted by half a word.  The rows
 * accumulate in a local y[] as in the paper.  Unlike the paper's listing,
 * the last middle sum's high half and carry are added into the row's top
 * word (step 13 of the listing drops them).  At SC_WORD_BITS == 8 the half
 * word is 4 bits (correct, a model only).  W: n^2 word-level equivalents,
 * i.e. 4*n^2 half-width multiplies.
 * @param[out] r  2n words; must not overlap a or b.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_mul_halfword(sc_word *r, const sc_word *a, const sc_word *b, size_t n);

/* --- squaring ------------------------------------------------------------ */

/** Row-wise squaring.
 * Row-wise squaring: the cross products a[i]*a[j], i < j, row by row, then
 * doubled by a one-bit shift and the squares a[i]^2 added on the diagonal
 * (HAC Alg. 14.16 done by rows; [DSP] sec. 4.2 counts n(n+1)/2).
 * r must not overlap a.  W: n(n+1)/2.
 * @param[out] r  2n words.
 * @param[in]  a  n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_sqr_rowwise(sc_word *r, const sc_word *a, size_t n);

/** Hybrid squaring with a block size of d words.
 * Hybrid squaring with block size d ([OPF] sec. 4.2): block columns by
 * product scanning; an off-diagonal block product A_i*A_j (i < j) is formed
 * once, row-wise, and added twice; a diagonal block A_i*A_i is a full
 * block product added once (the paper's scheme: 240 byte multiplies for
 * 160 bits, d = 4).  d as for sc_mp_mul_hybrid.  r must not overlap a.
 * W: (n^2 + sum of s_k^2) / 2 over the block sizes s_k, i.e. n(n+d)/2 when
 * d divides n.
 * @param[out] r  2n words.
 * @param[in]  a  n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW.
 * @param[in]  d  block size in words. */
void sc_mp_sqr_hybrid(sc_word *r, const sc_word *a, size_t n, size_t d);
/** sc_mp_sqr_hybrid with d = 2 (compiled with d a constant).
 * @param[out] r  2n words.
 * @param[in]  a  n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_sqr_hybrid2(sc_word *r, const sc_word *a, size_t n);
/** sc_mp_sqr_hybrid with d = 4 (compiled with d a constant).
 * @param[out] r  2n words.
 * @param[in]  a  n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_sqr_hybrid4(sc_word *r, const sc_word *a, size_t n);

/** Karatsuba squaring, one level.
 * Karatsuba squaring, one level over Comba squaring, from three half
 * squares: 2*a0*a1 = (a0+a1)^2 - a0^2 - a1^2 ([WM-ECC] sec. 3.1.1 writes
 * A^2 with the two halves; m = ceil(n/2) as for the product).  The squares
 * are sc_mp_sqr_comba (which counts them).  r must not overlap a.
 * W: m(m+1) + (n-m)(n-m+1)/2 for n >= 2 (1 for n = 1).
 * @param[out] r  2n words.
 * @param[in]  a  n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_sqr_karatsuba1(sc_word *r, const sc_word *a, size_t n);
/** Two levels: the three half squares by sc_mp_sqr_karatsuba1.
 * W: 2*S1(m) + S1(n-m) for n >= 2 (1 for n = 1), S1 the count above.
 * @param[out] r  2n words.
 * @param[in]  a  n words.
 * @param[in]  n  1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_sqr_karatsuba2(sc_word *r, const sc_word *a, size_t n);

/* --- registry ------------------------------------------------------------ */

/** One multiplication method with its squaring.  name: short key
 * ("rowwise", "comba", "hybrid2", "hybrid4", "karatsuba1", "karatsuba2",
 * "halfword", "default"); source: the paper / algorithm, and whether sqr is
 * a dedicated squaring or the product with a == b.  mul and sqr keep the
 * contract above (r of 2n words, no overlap, 1 <= n <= 2 * SC_FP_MAXW). */
typedef struct {
    const char *name;   /**< short key, e.g. "comba" */
    const char *source; /**< the paper / algorithm */
    void (*mul)(sc_word *, const sc_word *, const sc_word *, size_t); /**< r (2n words) = a b */
    void (*sqr)(sc_word *, const sc_word *, size_t);                  /**< r (2n words) = a^2 */
} sc_mp_method;

/** Number of registered methods.
 * @return the count. */
size_t sc_mp_method_count(void);
/** Method i (0 <= i < count), NULL past the end.
 * @param[in] i  0 .. sc_mp_method_count() - 1.
 * @return method i, or NULL. */
const sc_mp_method *sc_mp_method_at(size_t i);
/** Method by exact name, NULL if none.
 * @param[in] name  NUL-terminated.
 * @return the method, or NULL. */
const sc_mp_method *sc_mp_method_find(const char *name);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
