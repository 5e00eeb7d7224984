/** @file fb_methods.h
 * @brief fb_methods: the GF(2^m) methods side by side (the fb row of the
 * method matrix; docs/binary.md).  fb.h's sc_fb_mul / sc_fb_sqr use one product and one
 * reducer per field; this header names every alternative as its own
 * function so that they are cross-checked (tests/test_fb.c), timed
 * (tests/test_fb_timing.c, docs/binary.md, [OMAP] Table III) and listed
 * for `seacurve explore` (the registry at the end).
 *
 * Polynomial products (no reduction): a, b are n words each, 1 <= n <=
 * SC_FB_MAXW, any bits; r is 2n words, fully written, and must not overlap
 * a or b.  Reducers: c is 2 * f->nw words holding any polynomial (a product
 * of two reduced elements has degree <= 2m - 2); c is clobbered; r (f->nw
 * words, reduced) may be c itself (the same address) but must not overlap
 * c otherwise.  Constant time unless the name ends in _var. */
#ifndef SEACURVE_FB_METHODS_H
#define SEACURVE_FB_METHODS_H

#include "fb.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup fb_methods
 * @brief Every GF(2^m) product, square, reducer and inversion as its own function, and
 * their registry.
 * @{ */

/** A polynomial product r = a b (no reduction).
 * @param r  2n words, fully written; must not overlap a or b.
 * @param a  n words, any bits.
 * @param b  n words, any bits.
 * @param n  1 <= n <= SC_FB_MAXW. */
typedef void (*sc_fb_pmul_fn)(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** A polynomial square r = a^2 (no reduction).
 * @param r  2n words, fully written; must not overlap a.
 * @param a  n words, any bits.
 * @param n  1 <= n <= SC_FB_MAXW. */
typedef void (*sc_fb_psqr_fn)(sc_word *r, const sc_word *a, size_t n);
/** A reducer r = c mod f(x).
 * @param r  f->nw words, reduced; may be c itself, must not overlap it otherwise.
 * @param c  2 * f->nw words, any polynomial; clobbered.
 * @param f  the field. */
typedef void (*sc_fb_reduce_fn)(sc_word *r, sc_word *c, const sc_fb_field *f);
/** An inversion r = a^-1 (0 maps to 0).
 * @param r  an element; may alias a.
 * @param a  an element.
 * @param f  the field. */
typedef void (*sc_fb_inv_fn)(sc_word *r, const sc_word *a, const sc_fb_field *f);

/* ---- polynomial multiplication ---- */

/** Bit-serial polynomial product (a test reference).
 * Reference: bit-serial shift-and-add (right-to-left shift-and-add, Hankerson,
 * Menezes, Vanstone, "Guide to Elliptic Curve Cryptography" (2004), Alg. 2.33,
 * without the reduction): for each bit of a from the top, r = r x + (a_i ? b : 0),
 * the selection by a mask.  For tests; n W iterations over 2n words.
 * @copydetails sc_fb_pmul_fn */
void sc_fb_pmul_ref(sc_word *r, const sc_word *a, const sc_word *b, size_t n);

/** Lopez-Dahab comb product, width 4, constant time.
 * Lopez-Dahab left-to-right comb with windows of width 4 (Lopez, Dahab, "High-
 * speed software multiplication in F_2^m", INDOCRYPT 2000; Guide Alg. 2.36):
 * B_u = u(x) b(x) for the 16 polynomials u of degree < 4; for k = W/4 - 1
 * down to 0, for every word j of a, add B_u to r at word j, u the k-th nibble
 * of a[j]; then r = r x^4 (except after k = 0).  W/4 - 1 shifts of r and n W/4
 * row additions of n + 1 words.  The nibbles u are secret, so the three
 * versions differ only in how B_u is fetched:
 *  - comb4: constant time.  u -> B_u is GF(2)-linear (B_u = sum_i u_i x^i b),
 *    so the row is formed from the 4 rows x^i b (i < 4) each ANDed with the
 *    mask of bit u_i: exactly the entry a full-table scan would select, with
 *    4 rows read instead of 16, and a 4-row table (4 (n + 1) words of stack);
 *  - comb4_scan: constant time, the 16-entry table read whole for every
 *    lookup and the entry selected by masks (16 rows read per lookup);
 *  - comb4_var: Alg. 2.36 as printed, B_u read at index u: variable time (the
 *    address depends on a), for public operands only.
 * @copydetails sc_fb_pmul_fn */
void sc_fb_pmul_comb4(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** Lopez-Dahab comb product, the 16-entry table read whole for every lookup (comb4_scan of
 * sc_fb_pmul_comb4).  Constant time.
 * @copydetails sc_fb_pmul_fn */
void sc_fb_pmul_comb4_scan(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** Lopez-Dahab comb product with a table indexed by a: variable time.
 * comb4_var of sc_fb_pmul_comb4: Guide Alg. 2.36 as printed, for public operands only.
 * @copydetails sc_fb_pmul_fn */
void sc_fb_pmul_comb4_var(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** comb4_var with a bounded table (the product on AVR, where RAM is short): b in
 * blocks of 64 bits, a 16-entry table per block whose rows are shifted by 4 bits
 * between the nibble passes instead of the accumulator; 16 (SC_WORDS(64) + 1)
 * words of table at any n.  Variable time (secret-indexed table).
 * @copydetails sc_fb_pmul_fn */
void sc_fb_pmul_comb4_blk_var(sc_word *r, const sc_word *a, const sc_word *b, size_t n);

/** Carry-less product with PCLMULQDQ and Karatsuba.
 * Carry-less multiplication of 64-bit pieces with PCLMULQDQ (Intel, "Intel
 * Carry-Less Multiplication Instruction and its Usage for Computing the GCM
 * Mode", Gueron and Kounavis, 2010; the modern XORMPY of [OMAP] sec. III-C):
 * the operands as ceil(nW/64) 64-bit pieces, multiplied by recursive
 * Karatsuba (Karatsuba-Ofman; split ceil(k/2) / floor(k/2)) down to 1-, 2-
 * (3 products) and 3-piece (6 products) kernels: 6, 9, 15, 24 PCLMULQDQ for
 * 3, 4, 5, 7 pieces (m = 163, 233, 283, 409).  Constant time (PCLMULQDQ has
 * fixed latency).  Where the CPU lacks it (or off x86-64) this is
 * sc_fb_pmul_comb4.
 * @copydetails sc_fb_pmul_fn */
void sc_fb_pmul_clmul(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** 1 if sc_fb_pmul_clmul and the other _clmul functions use PCLMULQDQ on this
 * CPU (whatever sc_fb_set_accel says).
 * @return 1 or 0. */
int sc_fb_clmul_available(void);

/* ---- polynomial squaring: r = a^2 = sum a_i x^(2i), "bit interleaving" ---- */

/** Polynomial square by bit spreading, constant time.
 * Arithmetic bit spreading: each half word h is spread to a whole word by
 * log2(W) - 1 steps h = (h | h << s) & mask_s, s = W/4, ..., 1 (the "interleave
 * zeros" shift-and-mask method; Warren, "Hacker's Delight", sec. 7-2).
 * Constant time (no table).
 * @copydetails sc_fb_psqr_fn */
void sc_fb_psqr_spread(sc_word *r, const sc_word *a, size_t n);
/** Polynomial square by a byte table: variable time.
 * 256-entry table of spread bytes (Guide sec. 2.3.4, Alg. 2.39): variable
 * time, because the table is indexed by the bytes of a (a cache-timing
 * channel); public operands only.
 * @copydetails sc_fb_psqr_fn */
void sc_fb_psqr_table_var(sc_word *r, const sc_word *a, size_t n);
/** PCLMULQDQ of each 64-bit piece with itself (the carry-less square is the
 * spread); sc_fb_psqr_spread without it.  Constant time.
 * @copydetails sc_fb_psqr_fn */
void sc_fb_psqr_clmul(sc_word *r, const sc_word *a, size_t n);

/* ---- reduction modulo f(x) = x^m + T(x) ([OMAP] sec. III-B, after Haibin,
 * Jin, You, "Unbalanced exponent modular reduction over binary field", ICICIC
 * 2006): C = C_h x^m + C_l = C_h T + C_l (mod f) because x^m = T (mod f); when
 * T has low degree ("unbalanced exponents") two steps reduce any 2m-bit C. ---- */

/** Reduction by shift-and-xor folding.
 * (a) Shift-and-xor ([OMAP] Fig. 3 right, the method of its Table III column
 * "Shift-Add"), as word-level folding (Guide Alg. 2.41-2.43 written for any f,
 * any W): from the top word down, the word c_i = C[i] (its bits at degrees
 * iW .. iW+W-1 >= m) is cleared and xored at bit offsets iW - m + k for each
 * term x^k of T (k = k[0..nk-1] and 0): 2 (trinomial) or 4 (pentanomial)
 * shifted xors per word, each touching two words, all strictly below word i
 * since m - k[0] > W.  Then the bits >= m of word nw-1 the same way.  Shift
 * amounts depend on m and k only.
 * @copydetails sc_fb_reduce_fn */
void sc_fb_reduce_shxor(sc_word *r, sc_word *c, const sc_fb_field *f);
/** Reduction by multiplication with T(x), portable word products.
 * (b) Multiplication by T(x) ([OMAP] Fig. 3 left, the "XORMPY Method"): C_h =
 * C >> m as words, C = C_l + C_h T(x) with C_h T formed by a word-level
 * carry-less multiplier, applied while the public degree bound of C is >= m
 * (two rounds for 2m-bit C in these four fields).  T(x) is treated as a dense
 * tw-word multiplier (a multiplier does not care how many terms it has, only
 * how wide it is: the point of Table III).  Word products:
 *  - mult: portable W x W -> 2W carry-less products, 4-bit windows over the
 *    T word (public) into a 16-entry table of multiples of the C_h word (its
 *    index is public, so the lookup is constant time);
 *  - mult_clmul: PCLMULQDQ on 64-bit pieces (any W), with the partial
 *    products aligned to the pieces as [OMAP] aligns them to XORMPY's 24-bit
 *    subwords: a piece c_i above degree m is multiplied by the constant
 *    T(x) x^s, s = 64 ceil(m/64) - m, and xored at piece i - ceil(m/64), so
 *    C_h is never shifted out; then the bits >= m of the top piece times T.
 *    4, 10, 6, 16 PCLMULQDQ for m = 163, 233, 283, 409 (T spans one piece
 *    for the pentanomials, two for the trinomials).  mult without PCLMULQDQ.
 * @copydetails sc_fb_reduce_fn */
void sc_fb_reduce_mult(sc_word *r, sc_word *c, const sc_fb_field *f);
/** mult_clmul: the multiplication by T(x) with PCLMULQDQ (above; mult without it).  Constant time.
 * @copydetails sc_fb_reduce_fn */
void sc_fb_reduce_mult_clmul(sc_word *r, sc_word *c, const sc_fb_field *f);
/** Reference: bit-serial, from degree 2 nw W - 1 down to m, bit i (masked) adds
 * f(x) x^(i-m).  For tests.
 * @copydetails sc_fb_reduce_fn */
void sc_fb_reduce_ref(sc_word *r, sc_word *c, const sc_fb_field *f);

/* ---- modular multiplication with a named product and reducer ---- */

/** r = a b mod f with the product pmul (NULL: the production product) and the
 * reducer red (NULL: the production reducer).  For tests and timing.
 * @param[out] r     an element.
 * @param[in]  a     elements.
 * @param[in]  b     elements.
 * @param[in]  f     the field.
 * @param[in]  pmul  the product, or NULL.
 * @param[in]  red   the reducer, or NULL. */
void sc_fb_mul_with(sc_word *r, const sc_word *a, const sc_word *b, const sc_fb_field *f,
                    sc_fb_pmul_fn pmul, sc_fb_reduce_fn red);

/* ---- inversion ---- */

/** Itoh-Tsujii inversion, constant time.
 * Itoh-Tsujii (Itoh, Tsujii, "A fast algorithm for computing multiplicative
 * inverses in GF(2^m) using normal bases", Inf. Comput. 78, 1988; Guajardo,
 * Paar, "Itoh-Tsujii inversion in standard basis and its application in
 * cryptography and codes", DCC 25, 2002): a^-1 = (a^(2^(m-1) - 1))^2, with
 * b_k = a^(2^k - 1) built along the binary addition chain of m - 1
 * (b_2k = b_k^(2^k) b_k, b_k+1 = b_k^2 a): floor(log2(m-1)) + wt(m-1) - 1
 * multiplications (9, 10, 11, 11 for m = 163, 233, 283, 409) and m - 1
 * squarings.  Constant time; 0 -> 0.  (= sc_fb_inv)
 * @copydetails sc_fb_inv_fn */
void sc_fb_inv_itoh(sc_word *r, const sc_word *a, const sc_fb_field *f);
/** Euclidean inversion: variable time.
 * Extended Euclidean algorithm for binary polynomials (Guide Alg. 2.48):
 * u = a, v = f, g1 = 1, g2 = 0; while u != 1: j = deg u - deg v, if j < 0
 * swap (u, v) and (g1, g2), j = -j; u += x^j v, g1 += x^j g2.  Variable time;
 * 0 -> 0.  (= sc_fb_inv_var)
 * @copydetails sc_fb_inv_fn */
void sc_fb_inv_euclid_var(sc_word *r, const sc_word *a, const sc_fb_field *f);
/** Fermat: a^(2^m - 2) by square-and-multiply over the public exponent
 * (m - 1 squarings, m - 2 multiplications).  Constant time; a reference.
 * @copydetails sc_fb_inv_fn */
void sc_fb_inv_fermat(sc_word *r, const sc_word *a, const sc_fb_field *f);

/** Tr(a) as the sum of the m conjugates a^(2^i) (a reference for sc_fb_trace).
 * @param[in] a  an element.
 * @param[in] f  the field.
 * @return Tr(a), 0 or 1. */
unsigned sc_fb_trace_ref(const sc_word *a, const sc_fb_field *f);

/* ---- registry ---- */

/** What a registered method computes. */
enum sc_fb_method_kind {
    SC_FB_METHOD_PMUL = 1,     /**< pmul: polynomial product */
    SC_FB_METHOD_PSQR = 2,     /**< psqr: polynomial square */
    SC_FB_METHOD_REDUCER = 3,  /**< reduce */
    SC_FB_METHOD_INVERSION = 4 /**< inv */
};

/** A registered method: exactly one of pmul, psqr, reduce, inv is set, as kind says. */
typedef struct sc_fb_method {
    const char *name;        /**< e.g. "comb4", "clmul", "shxor", "mult-clmul", "itoh" */
    const char *source;      /**< paper and algorithm */
    int kind;                /**< enum sc_fb_method_kind */
    uint8_t ct;              /**< constant time in the element values */
    uint8_t ref;             /**< a test reference (slow), not a method to time */
    sc_fb_pmul_fn pmul;      /**< SC_FB_METHOD_PMUL */
    sc_fb_psqr_fn psqr;      /**< SC_FB_METHOD_PSQR */
    sc_fb_reduce_fn reduce;  /**< SC_FB_METHOD_REDUCER */
    sc_fb_inv_fn inv;        /**< SC_FB_METHOD_INVERSION */
    /** 1 if the method runs as described on this machine (the _clmul ones
     * need PCLMULQDQ; they fall back to portable code otherwise) */
    int (*available)(void);
} sc_fb_method;

/** The number of registered methods.
 * @return the count. */
size_t sc_fb_method_count(void);
/** NULL past the end.
 * @param[in] i  0 .. sc_fb_method_count() - 1.
 * @return method i, or NULL. */
const sc_fb_method *sc_fb_method_at(size_t i);
/** By name; NULL if unknown.
 * @param[in] name  NUL-terminated.
 * @return the method, or NULL. */
const sc_fb_method *sc_fb_method_find(const char *name);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
