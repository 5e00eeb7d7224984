/** @file scalarmul.h
 * @brief scalarmul: scalar-multiplication methods, selectable (the method matrix, docs/methods.md).
 *
 * The production entry points (ec.h: sc_ec_mul, sc_ec_mul_gen, sc_ec_mul2_var)
 * stay fixed and tuned; this header exposes every method of the papers (and the
 * usual alternatives) as a separately named function running in any coordinate
 * system of coords.h, so that they can be cross-checked, counted and timed side by
 * side (`seacurve explore`, `sc-bench`, docs/methods.md).
 *
 * Conventions: scalars are canonical words (little-endian limbs, c->fn->nw of
 * them, value < n; 0 is allowed and gives SC_ERR_INFINITY); results are affine
 * (SC_ERR_INFINITY, r zeroed, for the point at infinity).  Variable-base
 * methods take a valid affine point P.  w is the method's window parameter
 * (ignored by methods without one; SC_ERR_UNSUPPORTED outside the method's
 * range).  A method marked ct is constant time in the scalar (it runs in the
 * system's ct operations and returns SC_ERR_UNSUPPORTED for a system with
 * sys->ct == 0); all others are variable time: public scalars only. */
#ifndef SEACURVE_SCALARMUL_H
#define SEACURVE_SCALARMUL_H

#include "coords.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup scalarmul
 * @brief Every k*P, k*G and u1*G + u2*Q method of the papers in any coordinate system of
 * coords.h, the recodings and the registry.
 * @{ */

/** What a method computes. */
typedef enum sc_scalarmul_kind {
    SC_SCALARMUL_VAR = 1,    /**< k*P, random base point */
    SC_SCALARMUL_FIX = 2,    /**< k*G, fixed base (tables in const data) */
    SC_SCALARMUL_DOUBLE = 3  /**< u1*G + u2*Q */
} sc_scalarmul_kind;

/** A variable-base method: r = k*P (the conventions of scalarmul.h).
 * @param r    affine result.
 * @param k    the scalar, c->fn->nw words, < n.
 * @param p    a valid affine point.
 * @param w    the window.
 * @param sys  the coordinate system.
 * @param c    the curve. */
typedef sc_err (*sc_scalarmul_var_fn)(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w,
                                const sc_coords_sys *sys, const sc_ep_curve *c);
/** A fixed-base method: r = k*G.
 * @param r    affine result.
 * @param k    the scalar, c->fn->nw words, < n.
 * @param w    the window.
 * @param sys  the coordinate system.
 * @param c    the curve. */
typedef sc_err (*sc_scalarmul_fix_fn)(sc_ep_aff *r, const sc_word *k, unsigned w,
                                const sc_coords_sys *sys, const sc_ep_curve *c);
/** A double-scalar method: r = u1*G + u2*Q.
 * @param r    affine result.
 * @param u1   the scalar of G.
 * @param u2   the scalar of Q.
 * @param q    a valid affine point.
 * @param w    the window.
 * @param sys  the coordinate system.
 * @param c    the curve. */
typedef sc_err (*sc_scalarmul_dbl_fn)(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                                unsigned w, const sc_coords_sys *sys, const sc_ep_curve *c);

/** A registered method. */
typedef struct sc_scalarmul_method {
    const char *name;       /**< e.g. "wnaf", "ladder", "comb", "shamir" */
    const char *source;     /**< paper + algorithm, or textbook reference */
    uint8_t kind;           /**< sc_scalarmul_kind */
    uint8_t ct;             /**< constant time in the scalar(s) */
    uint8_t wmin, wmax;     /**< window range (0, 0: no window) */
    const char *systems;    /**< NULL: any system of coords.h; else a comma-separated list it runs in
                             * (e.g. "jacobian" for the co-Z ladder) */
    sc_scalarmul_var_fn var;      /**< kind == SC_SCALARMUL_VAR */
    sc_scalarmul_fix_fn fix;      /**< kind == SC_SCALARMUL_FIX */
    sc_scalarmul_dbl_fn dbl;      /**< kind == SC_SCALARMUL_DOUBLE */
} sc_scalarmul_method;
/** @var sc_scalarmul_method::wmin
 * smallest window (0 with wmax 0: no window). */

/** The number of registered methods.
 * @return the count. */
size_t sc_scalarmul_count(void);
/** Method i of the registry.
 * @param[in] i  0 .. sc_scalarmul_count() - 1.
 * @return the method, or NULL past the end. */
const sc_scalarmul_method *sc_scalarmul_at(size_t i);
/** The method of the given name.
 * @param[in] name  NUL-terminated.
 * @return the method, or NULL if unknown. */
const sc_scalarmul_method *sc_scalarmul_find(const char *name);
/** 1 if method m can run in system s (its `systems` list, and s->ct for ct methods).
 * @param[in] m  the method.
 * @param[in] s  the system.
 * @return 1 or 0. */
int sc_scalarmul_supports(const sc_scalarmul_method *m, const sc_coords_sys *s);

/* ---- variable base: r = k*P ---- */
/** Left-to-right double-and-add: variable time.
 * The binary method of [Kodali] Alg. 1.
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  p  a valid affine point.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*P.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_binary_l2r(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** Right-to-left double-and-add.  Variable time.
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  p  a valid affine point.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*P.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_binary_r2l(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** NAF double-and-add-or-subtract: variable time.
 * The method of [DSP] sec. 4.5.
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  p  a valid affine point.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*P.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_naf(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** width-w NAF, w = 2..6; precomputed odd multiples kept in the system's coordinates
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  p  a valid affine point.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*P.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_wnaf(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** Width-w NAF with an affine table and mixed additions.
 * width-w NAF with the precomputed points normalised to affine (one simultaneous inversion),
 * main loop doubling in the system and adding with madd: [Kodali] Alg. 4 when s is jacproj
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  p  a valid affine point.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*P.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_wnaf_mixed(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** sliding window (unsigned, odd multiples), w = 2..6
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  p  a valid affine point.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*P.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_sliding(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** Montgomery ladder (constant time, fixed length nbits + 1 via k + n or k + 2n)
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  p  a valid affine point.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*P.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_ladder(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** co-Z Montgomery ladder (Goundar-Joye-Miyaji XYCZ-ADD / XYCZ-ADDC), Jacobian only, constant time
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  p  a valid affine point.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*P.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_coz_ladder(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** regular signed fixed window (constant time), w = 2..6
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  p  a valid affine point.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*P.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_fixwin(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);

/* ---- fixed base: r = k*G ---- */
/** [WM-ECC]'s sliding window over 15 precomputed odd multiples of G (w = 4) in const data
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*G.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_fix_sliding(sc_ep_aff *r, const sc_word *k, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** comb (Lim-Lee, single table), w = 4..8 teeth, tables in const data
 * @param[out] r  affine result (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, < n.
 * @param[in]  w  the window (ignored by methods without one).
 * @param[in]  s  the coordinate system.
 * @param[in]  c  the curve.
 * @retval SC_OK              r = k*G.
 * @retval SC_ERR_INFINITY    the result is the point at infinity (k = 0).
 * @retval SC_ERR_UNSUPPORTED w out of the method's range, or a system it cannot run in. */
sc_err sc_scalarmul_fix_comb(sc_ep_aff *r, const sc_word *k, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);

/* ---- double scalar: r = u1*G + u2*Q (variable time) ---- */
/** Shamir's trick, w = 1 ([WM-ECC]: G, Q, G+Q) or w = 2 (the 15 combinations iG + jQ)
 * @param[out] r   affine result (zeroed on failure).
 * @param[in]  u1  the scalar of G, c->fn->nw words, < n (public).
 * @param[in]  u2  the scalar of Q, c->fn->nw words, < n (public).
 * @param[in]  q   a valid affine point.
 * @param[in]  w   the window (ignored by methods without one).
 * @param[in]  s   the coordinate system.
 * @param[in]  c   the curve.
 * @retval SC_OK              r = u1*G + u2*Q.
 * @retval SC_ERR_INFINITY    the sum is the point at infinity.
 * @retval SC_ERR_UNSUPPORTED w out of the method's range. */
sc_err sc_scalarmul_shamir(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** interleaved width-w NAF (w = 2..6 for both)
 * @param[out] r   affine result (zeroed on failure).
 * @param[in]  u1  the scalar of G, c->fn->nw words, < n (public).
 * @param[in]  u2  the scalar of Q, c->fn->nw words, < n (public).
 * @param[in]  q   a valid affine point.
 * @param[in]  w   the window (ignored by methods without one).
 * @param[in]  s   the coordinate system.
 * @param[in]  c   the curve.
 * @retval SC_OK              r = u1*G + u2*Q.
 * @retval SC_ERR_INFINITY    the sum is the point at infinity.
 * @retval SC_ERR_UNSUPPORTED w out of the method's range. */
sc_err sc_scalarmul_interleave(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/** joint sparse form (Solinas 2001) with G, Q, G+Q, G-Q
 * @param[out] r   affine result (zeroed on failure).
 * @param[in]  u1  the scalar of G, c->fn->nw words, < n (public).
 * @param[in]  u2  the scalar of Q, c->fn->nw words, < n (public).
 * @param[in]  q   a valid affine point.
 * @param[in]  w   the window (ignored by methods without one).
 * @param[in]  s   the coordinate system.
 * @param[in]  c   the curve.
 * @retval SC_OK              r = u1*G + u2*Q.
 * @retval SC_ERR_INFINITY    the sum is the point at infinity.
 * @retval SC_ERR_UNSUPPORTED w out of the method's range. */
sc_err sc_scalarmul_jsf(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);

/* ---- recodings (exposed for the tests and the cost model) ---- */
/** width-w NAF digits of k (little-endian digit order, odd digits |d| < 2^(w-1)), w = 2..8;
 * returns the digit count (<= nbits + 1), or 0 if out holds fewer than nbits + 1 digits.
 * @param[out] out     outlen digits.
 * @param[in]  outlen  at least nbits + 1.
 * @param[in]  k       nwords words.
 * @param[in]  nwords  words of k.
 * @param[in]  w       2 .. 8.
 * @return the digit count, or 0. */
size_t sc_scalarmul_recode_wnaf(int8_t *out, size_t outlen, const sc_word *k, size_t nwords, unsigned w);
/** JSF of (u1, u2): two digit rows in {-1, 0, 1}; returns the length, or 0 if too short.
 * @param[out] d1      outlen digits.
 * @param[out] d2      outlen digits.
 * @param[in]  outlen  digits available.
 * @param[in]  u1      nwords words.
 * @param[in]  u2      nwords words.
 * @param[in]  nwords  words of u1 and u2.
 * @return the length, or 0. */
size_t sc_scalarmul_recode_jsf(int8_t *d1, int8_t *d2, size_t outlen, const sc_word *u1, const sc_word *u2, size_t nwords);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
