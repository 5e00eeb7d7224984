/* scalarmul: scalar-multiplication methods, selectable (the method matrix, docs/methods.md).
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

typedef enum sc_scalarmul_kind {
    SC_SCALARMUL_VAR = 1,    /**< k*P, random base point */
    SC_SCALARMUL_FIX = 2,    /**< k*G, fixed base (tables in const data) */
    SC_SCALARMUL_DOUBLE = 3  /**< u1*G + u2*Q */
} sc_scalarmul_kind;

typedef sc_err (*sc_scalarmul_var_fn)(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w,
                                const sc_coords_sys *sys, const sc_ep_curve *c);
typedef sc_err (*sc_scalarmul_fix_fn)(sc_ep_aff *r, const sc_word *k, unsigned w,
                                const sc_coords_sys *sys, const sc_ep_curve *c);
typedef sc_err (*sc_scalarmul_dbl_fn)(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                                unsigned w, const sc_coords_sys *sys, const sc_ep_curve *c);

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

size_t sc_scalarmul_count(void);
const sc_scalarmul_method *sc_scalarmul_at(size_t i);
const sc_scalarmul_method *sc_scalarmul_find(const char *name);
/* 1 if method m can run in system s (its `systems` list, and s->ct for ct methods). */
int sc_scalarmul_supports(const sc_scalarmul_method *m, const sc_coords_sys *s);

/* ---- variable base: r = k*P ---- */
sc_err sc_scalarmul_binary_l2r(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
sc_err sc_scalarmul_binary_r2l(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
sc_err sc_scalarmul_naf(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/* width-w NAF, w = 2..6; precomputed odd multiples kept in the system's coordinates */
sc_err sc_scalarmul_wnaf(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/* width-w NAF with the precomputed points normalised to affine (one simultaneous inversion),
 * main loop doubling in the system and adding with madd: [Kodali] Alg. 4 when s is jacproj */
sc_err sc_scalarmul_wnaf_mixed(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/* sliding window (unsigned, odd multiples), w = 2..6 */
sc_err sc_scalarmul_sliding(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/* Montgomery ladder (constant time, fixed length nbits + 1 via k + n or k + 2n) */
sc_err sc_scalarmul_ladder(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/* co-Z Montgomery ladder (Goundar-Joye-Miyaji XYCZ-ADD / XYCZ-ADDC), Jacobian only, constant time */
sc_err sc_scalarmul_coz_ladder(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/* regular signed fixed window (constant time), w = 2..6 */
sc_err sc_scalarmul_fixwin(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);

/* ---- fixed base: r = k*G ---- */
/* [WM-ECC]'s sliding window over 15 precomputed odd multiples of G (w = 4) in const data */
sc_err sc_scalarmul_fix_sliding(sc_ep_aff *r, const sc_word *k, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/* comb (Lim-Lee, single table), w = 4..8 teeth, tables in const data */
sc_err sc_scalarmul_fix_comb(sc_ep_aff *r, const sc_word *k, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);

/* ---- double scalar: r = u1*G + u2*Q (variable time) ---- */
/* Shamir's trick, w = 1 ([WM-ECC]: G, Q, G+Q) or w = 2 (the 15 combinations iG + jQ) */
sc_err sc_scalarmul_shamir(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/* interleaved width-w NAF (w = 2..6 for both) */
sc_err sc_scalarmul_interleave(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);
/* joint sparse form (Solinas 2001) with G, Q, G+Q, G-Q */
sc_err sc_scalarmul_jsf(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q, unsigned w, const sc_coords_sys *s, const sc_ep_curve *c);

/* ---- recodings (exposed for the tests and the cost model) ---- */
/* width-w NAF digits of k (little-endian digit order, odd digits |d| < 2^(w-1)), w = 2..8;
 * returns the digit count (<= nbits + 1), or 0 if out holds fewer than nbits + 1 digits. */
size_t sc_scalarmul_recode_wnaf(int8_t *out, size_t outlen, const sc_word *k, size_t nwords, unsigned w);
/* JSF of (u1, u2): two digit rows in {-1, 0, 1}; returns the length, or 0 if too short. */
size_t sc_scalarmul_recode_jsf(int8_t *d1, int8_t *d2, size_t outlen, const sc_word *u1, const sc_word *u2, size_t nwords);

#ifdef __cplusplus
}
#endif

#endif
