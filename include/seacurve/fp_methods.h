/** @file fp_methods.h
 * @brief fp_methods: field-arithmetic methods side by side (the method matrix, docs/methods-fp.md).
 *
 * The production field code (fp.h) uses one tuned method per field.  This
 * header names every alternative of the papers (and the usual textbook
 * ones) as a separate function, so that they can be cross-checked, counted
 * (opcount.h) and timed on the same primes (`seacurve explore`,
 * docs/methods-fp.md):
 *  - reducers (sc_fp_reduce_fn, fp.h): the special ones of fp.h, the generic
 *    pseudo-Mersenne loop, Montgomery REDC and Barrett;
 *  - Montgomery modular multiplications that interleave product and
 *    reduction (CIOS, FIPS, SOS) or keep them separated;
 *  - inversions: binary extended Euclid, Great Divide, Fermat, safegcd.
 * sc_fp_field_derive copies a field with another reducer, so a whole curve
 * (sc_ep_curve pointing at the copy) runs on any reducer.
 *
 * Conventions as in fp.h: elements are fully reduced, in the field's
 * internal form; functions without _var are constant time in the element
 * values; r may alias any input.  The Montgomery multiplications need a
 * Montgomery field (f->mont = 1, f->pinv set: sc_fp_field_derive with
 * sc_fp_reduce_mont gives one for any odd p). */
#ifndef SEACURVE_FP_METHODS_H
#define SEACURVE_FP_METHODS_H

#include "fp.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup fp_methods
 * @brief Every reducer, Montgomery multiplication and inversion of the papers as its own
 * function, field derivation for any reducer, and the registry.
 * @{ */

/** A modular multiplication r = a b in the field's form.
 * @param r  an element; may alias a or b.
 * @param a  an element.
 * @param b  an element.
 * @param f  the field. */
typedef void (*sc_fp_mul_fn)(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f);
/** A modular squaring r = a^2 in the field's form.
 * @param r  an element; may alias a.
 * @param a  an element.
 * @param f  the field. */
typedef void (*sc_fp_sqr_fn)(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** An inversion r = a^-1 (0 maps to 0).
 * @param r  an element; may alias a.
 * @param a  an element.
 * @param f  the field. */
typedef void (*sc_fp_inv_fn)(sc_word *r, const sc_word *a, const sc_fp_field *f);

/* ---- reducers ---- */

/** Generic pseudo-Mersenne reduction, constant time.
 * Generic pseudo-Mersenne reduction for p = 2^k - c, k = f->bits,
 * 0 < c < 2^(k/2) ([DSP], Alg. 3): t = H 2^k + L = H c + L (mod p),
 * folded a fixed number of times (4 or 5, from the public bit lengths of p
 * and c, never from t), then one masked subtraction of p.  Plain form; c is
 * derived from f->p on every call.  Constant time.  Applies to secp160r1
 * (c = 2^31 + 1), P-192 (c = 2^64 + 1), P-224 (c = 2^96 - 1) and secp256k1
 * (c = 2^32 + 977); check with sc_fp_is_pseudo_mersenne.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_pm_generic(sc_word *r, sc_word *t, const sc_fp_field *f);
/** 1 if f->p = 2^bits - c with 0 < c < 2^floor(bits/2), else 0 (public, variable time).
 * @param[in] f  the field.
 * @return 1 or 0. */
int sc_fp_is_pseudo_mersenne(const sc_fp_field *f);

/** 1 if f->p = u 2^k + 1 with 1 <= u < 2^16 and k >= 64 (an optimal prime of
 * [OPF]: sc_fp_reduce_opf and sc_fp_mont_mul_opf apply), else 0 (public,
 * variable time).
 * @param[in] f  the field.
 * @return 1 or 0. */
int sc_fp_is_opf(const sc_fp_field *f);
/** The same test, also giving u and k when it holds (u odd: k is the lowest set bit of p - 1).
 * @param[in]  f  the field.
 * @param[out] u  u, when p is an optimal prime.
 * @param[out] k  k, when p is an optimal prime.
 * @return 1 (u and k written) or 0. */
int sc_fp_opf_params(const sc_fp_field *f, unsigned *u, unsigned *k);

/** out = base with reducer red and form mont (1: Montgomery, elements a R mod p,
 * R = 2^(SC_WORD_BITS * nw); 0: plain): pinv, r2 and one recomputed from p; name,
 * bits, nw and p copied.  Refuses (SC_ERR_ARG, out untouched) a Montgomery form
 * for an even p, and a reducer of the registry below that does not apply to p or
 * that needs the other form (so a special reducer never meets another prime);
 * SC_ERR_UNSUPPORTED (out untouched) for a field whose products or generic
 * REDC this build cannot compute (SC_FP_GENERIC_SIZES = 0, config.h).
 * Curve constants (a, b, G) are canonical, so an sc_ep_curve copy whose fp (or fn)
 * points at out runs every ep / ec function on the new reducer.  Variable time
 * (p is public).
 * @param[out] out   the new field.
 * @param[in]  base  the field to copy.
 * @param[in]  red   the reducer.
 * @param[in]  mont  1: Montgomery form; 0: plain.
 * @retval SC_OK              out is the derived field.
 * @retval SC_ERR_ARG         a combination refused above.
 * @retval SC_ERR_UNSUPPORTED sizes this build cannot compute. */
sc_err sc_fp_field_derive(sc_fp_field *out, const sc_fp_field *base, sc_fp_reduce_fn red, int mont);

/* ---- Montgomery multiplication (f->mont = 1) ----
 * r = a b R^-1 mod p (mul) or a^2 R^-1 mod p (sqr) for a, b < p; constant time
 * (the final subtraction of p is selected by a mask).  Word multiplies for
 * s = f->nw words: */
/** Separated: the library product sc_mp_mul / sc_mp_sqr, then sc_fp_reduce_mont
 * (whatever f->reduce is).  s^2 + (s^2 + s) (mul), s(s+1)/2 + (s^2 + s) (sqr).
 * @copydetails sc_fp_mul_fn */
void sc_fp_mont_mul_sep(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f);
/** The separated squaring (sc_fp_mont_mul_sep).
 * @copydetails sc_fp_sqr_fn */
void sc_fp_mont_sqr_sep(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** SOS, separated operand scanning (Koc, Acar, Kaliski 1996): a schoolbook
 * (row by row) product, then s reduction rows.  2s^2 + s (mul); the squaring
 * forms each cross product once: s(s+1)/2 + s^2 + s.
 * @copydetails sc_fp_mul_fn */
void sc_fp_mont_mul_sos(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f);
/** The SOS squaring (sc_fp_mont_mul_sos).
 * @copydetails sc_fp_sqr_fn */
void sc_fp_mont_sqr_sos(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** CIOS, coarsely integrated operand scanning (Koc, Acar, Kaliski 1996): for each
 * word b_i, one product row a b_i and one reduction row, in an (s + 2)-word
 * accumulator.  2s^2 + s.  The squaring is the multiplication with b = a (the
 * interleaved rows leave no cross product to share).
 * @copydetails sc_fp_mul_fn */
void sc_fp_mont_mul_cios(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f);
/** The CIOS squaring (sc_fp_mont_mul_cios).
 * @copydetails sc_fp_sqr_fn */
void sc_fp_mont_sqr_cios(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** Montgomery multiplication by FIPS.
 * FIPS, finely integrated product scanning ([OPF], Alg. 1): Comba's column
 * order with the reduction products m_j p_(i-j) in the same columns, a
 * three-word accumulator (t, u, v).  2s^2 + s (mul); the squaring doubles each
 * cross product a_j a_(i-j) of a column once: s(s+1)/2 + s^2 + s.
 * @copydetails sc_fp_mul_fn */
void sc_fp_mont_mul_fips(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f);
/** The FIPS squaring (sc_fp_mont_mul_fips).
 * @copydetails sc_fp_sqr_fn */
void sc_fp_mont_sqr_fips(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** Montgomery multiplication by OPF-FIPS (optimal primes).
 * OPF-FIPS ([OPF], Alg. 2): FIPS for an optimal prime p = u 2^k + 1
 * (sc_fp_is_opf): m_i = -v (n'_0 = -1), m_i p_0 = m_i is an addition, and of
 * the products m_j p_(i-j) only those with a nonzero top word p_(i-j) are
 * formed.  s^2 + s (nw - jt) word multiplies (jt: first nonzero word of p
 * above word 0), s^2 + 2s at 8-bit limbs; the squaring s(s+1)/2 + s (nw - jt).
 * @copydetails sc_fp_mul_fn */
void sc_fp_mont_mul_opf(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f);
/** The OPF-FIPS squaring (sc_fp_mont_mul_opf).
 * @copydetails sc_fp_sqr_fn */
void sc_fp_mont_sqr_opf(sc_word *r, const sc_word *a, const sc_fp_field *f);

/* ---- inversion and division ---- */

/** r = a^-1 by Shantz's Great Divide ([WM-ECC] section 3.1.2): invariants
 * A y = U x, B y = V x (mod p) from (A, B, U, V) = (x, p, y, 0); halve A or B
 * while even (halving U or V mod p), else replace the larger of A, B by
 * (A - B) / 2 and U or V likewise, until A = B = 1; then U = y / x.  For the
 * inverse y = 1 in the field's form (A = a's internal value, U = R^2 mod p on
 * Montgomery fields, so no conversion).  About 2 log2 p steps of shifts and
 * n-word additions.  Variable time: public inputs only; 0 maps to 0.
 * @copydetails sc_fp_inv_fn */
void sc_fp_inv_great_divide_var(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** r = y / x by the Great Divide (same loop, U = y); 0 when x = 0.  Variable time.
 * @param[out] r  an element.
 * @param[in]  y  the dividend (public).
 * @param[in]  x  the divisor (public).
 * @param[in]  f  the field. */
void sc_fp_div_great_divide_var(sc_word *r, const sc_word *y, const sc_word *x, const sc_fp_field *f);
/** r = a^-1 by Bernstein-Yang divsteps (as sc_fp_inv_safegcd) in portable
 * arithmetic: 30-bit limbs, batches of 30 divsteps on 32-bit words, 64-bit
 * products (no 128-bit type: builds for AVR and 32-bit targets).  Constant
 * time, any odd p (a invertible or 0; 0 maps to 0).
 * @copydetails sc_fp_inv_fn */
void sc_fp_inv_safegcd32(sc_word *r, const sc_word *a, const sc_fp_field *f);

/* ---- registry ---- */

/** What a registered method computes. */
enum sc_fp_method_kind {
    SC_FP_METHOD_REDUCER = 1,   /**< reduce: the field's reducer (sc_fp_field_derive) */
    SC_FP_METHOD_MODMUL = 2,    /**< mul / sqr: a whole modular multiplication */
    SC_FP_METHOD_INVERSION = 3  /**< inv */
};

/** Form a method needs (sc_fp_method.form). */
enum sc_fp_method_form {
    SC_FP_FORM_PLAIN = 0,  /**< elements in plain form */
    SC_FP_FORM_MONT = 1,   /**< Montgomery form, pinv set */
    SC_FP_FORM_ANY = 2     /**< whatever the field uses (runs on the field as given) */
};

/** A registered method: the function kind says is set. */
typedef struct sc_fp_method {
    const char *name;        /**< e.g. "pm-generic", "mont-fips", "great-divide" */
    const char *source;      /**< paper and algorithm, or textbook reference */
    int kind;                /**< enum sc_fp_method_kind */
    uint8_t form;            /**< enum sc_fp_method_form */
    uint8_t ct;              /**< constant time in the element values */
    sc_fp_reduce_fn reduce;  /**< SC_FP_METHOD_REDUCER */
    sc_fp_mul_fn mul;        /**< SC_FP_METHOD_MODMUL */
    sc_fp_sqr_fn sqr;        /**< SC_FP_METHOD_MODMUL */
    sc_fp_inv_fn inv;        /**< SC_FP_METHOD_INVERSION */
    /** 1 if the method is correct for the modulus of f (any form of f) */
    int (*applies)(const sc_fp_field *f);
} sc_fp_method;

/** The number of registered methods.
 * @return the count. */
size_t sc_fp_method_count(void);
/** NULL past the end.
 * @param[in] i  0 .. sc_fp_method_count() - 1.
 * @return method i, or NULL. */
const sc_fp_method *sc_fp_method_at(size_t i);
/** By name; NULL if unknown.
 * @param[in] name  NUL-terminated.
 * @return the method, or NULL. */
const sc_fp_method *sc_fp_method_find(const char *name);
/** The registry entry of a reducer (by address), or NULL.
 * @param[in] red  a reducer.
 * @return its registry entry, or NULL. */
const sc_fp_method *sc_fp_method_of_reducer(sc_fp_reduce_fn red);
/** out = the field on which m runs for the modulus of base: for a reducer, base
 * derived with m->reduce in m's form; for a modular multiplication or an
 * inversion, base itself (form ANY) or base derived with sc_fp_reduce_mont (MONT)
 * or with sc_fp_reduce_barrett (PLAIN) when base has the other form.  Then
 * sc_fp_mul / sc_fp_sqr on out time a reducer, m->mul / m->sqr / m->inv run on
 * out.  SC_ERR_UNSUPPORTED when m does not apply to base's modulus.
 * @param[out] out   the field on which m runs.
 * @param[in]  m     the method.
 * @param[in]  base  the field whose modulus is used.
 * @retval SC_OK              out is ready.
 * @retval SC_ERR_UNSUPPORTED m does not apply to base's modulus.
 * @return otherwise an error of sc_fp_field_derive. */
sc_err sc_fp_method_field(sc_fp_field *out, const sc_fp_method *m, const sc_fp_field *base);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
