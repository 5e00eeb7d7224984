/** @file ep.h
 * @brief ep: points on short-Weierstrass curves y^2 = x^3 + a*x + b over GF(p).
 *
 * Coordinates are fp elements in the field's internal form.  Formulas name
 * their source (EFD names).  Functions without _var are constant time.
 *
 * Stack figures: sc-avrsim on firmware/stack_ops.c (stack_<curve>.elf: asm kernels,
 * -Os), what the call itself uses. */
#ifndef SEACURVE_EP_H
#define SEACURVE_EP_H

#include "fp.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup ep
 * @brief Affine and Jacobian points on y^2 = x^3 + ax + b over GF(p); constant time
 * except _var.  Stack figures on the mote: secp160r1 / P-256 (sc-avrsim, firmware/stack_ops.c).
 * @{ */

/** The curve's a, which selects the doubling formula. */
enum sc_ep_a_kind {
    SC_EP_A_GENERIC = 0, /**< any a */
    SC_EP_A_MINUS3 = 1,  /**< a = -3 (the NIST curves, secp160r1) */
    SC_EP_A_ZERO = 2     /**< a = 0 (secp256k1) */
};

struct sc_ec_gtab; /* fixed-base table for G (ec layer) */

/** The curve constants a, b, Gx, Gy: arrays inside sc_ep_curve, except on AVR
 * where they stay in flash (4 KiB of RAM on a MICAz) and the struct holds
 * pointers to them (SC_EP_CONSTS_IN_FLASH).  Read them with
 * sc_flash_words (src/util/flash.h), which costs nothing on the host. */
#if defined(__AVR__)
#  define SC_EP_CONSTS_IN_FLASH 1
#  define SC_EP_CONST_FE(name) const sc_word *name
#else
#  define SC_EP_CONSTS_IN_FLASH 0
#  define SC_EP_CONST_FE(name) sc_word name[SC_FP_MAXW] /**< a curve constant's member: an array here, a flash pointer on AVR */
#endif

/** A prime curve: its fields, constants and the table of G.  Const data (src/curves/gen). */
typedef struct sc_ep_curve {
    const sc_fp_field *fp;          /**< coordinate field GF(p) */
    const sc_fp_field *fn;          /**< scalar field Z/nZ (n prime) */
    uint8_t a_kind;                 /**< enum sc_ep_a_kind */
    uint8_t h;                      /**< cofactor */
    SC_EP_CONST_FE(a);              /* canonical (plain) form */
    SC_EP_CONST_FE(b);              /* canonical form */
    SC_EP_CONST_FE(gx);             /* generator, canonical form */
    SC_EP_CONST_FE(gy);             /**< canonical form */
    const struct sc_ec_gtab *gtab;  /**< precomputed multiples of G, or NULL */
} sc_ep_curve;

/** Affine point; the point at infinity is not representable here. */
typedef struct { sc_fe x, y; } sc_ep_aff;
/** @var sc_ep_aff::x
 * x-coordinate, internal form.
 * @var sc_ep_aff::y
 * y-coordinate, internal form. */
/** Jacobian point (X/Z^2, Y/Z^3); Z = 0 is the point at infinity. */
typedef struct { sc_fe x, y, z; } sc_ep_jac;
/** @var sc_ep_jac::x
 * X, internal form.
 * @var sc_ep_jac::y
 * Y, internal form.
 * @var sc_ep_jac::z
 * Z, internal form; 0 for the point at infinity. */

/** G in affine internal form.
 * @param[out] g  the generator.
 * @param[in]  c  the curve. */
void sc_ep_generator(sc_ep_aff *g, const sc_ep_curve *c);
/** all-ones mask if P satisfies the curve equation (coordinates assumed < p)
 * Stack (AVR, secp160r1 / P-256): 143 / 229 B.
 * @param[in] p  an affine point.
 * @param[in] c  the curve.
 * @return the all-ones word if y^2 = x^3 + ax + b, else 0. */
sc_word sc_ep_on_curve(const sc_ep_aff *p, const sc_ep_curve *c);

/** (X, Y, Z) = (x, y, 1).
 * @param[out] r  Jacobian point.
 * @param[in]  p  affine point.
 * @param[in]  c  the curve. */
void sc_ep_jac_from_aff(sc_ep_jac *r, const sc_ep_aff *p, const sc_ep_curve *c);
/** r = the point at infinity (Z = 0).
 * @param[out] r  Jacobian point.
 * @param[in]  c  the curve. */
void sc_ep_jac_set_inf(sc_ep_jac *r, const sc_ep_curve *c);
/** Test for the point at infinity, constant time.
 * @param[in] p  Jacobian point.
 * @param[in] c  the curve.
 * @return the all-ones word if p is the point at infinity (Z = 0), else 0. */
sc_word sc_ep_jac_is_inf(const sc_ep_jac *p, const sc_ep_curve *c);
/** affine from Jacobian: constant-time inversion; returns SC_ERR_INFINITY (r zeroed) for the point at infinity.
 * Stack (AVR, secp160r1 / P-256): 225 / 471 B.
 * @param[out] r  affine point.
 * @param[in]  p  Jacobian point.
 * @param[in]  c  the curve.
 * @retval SC_OK           r holds the point.
 * @retval SC_ERR_INFINITY p is the point at infinity (r zeroed). */
sc_err sc_ep_jac_to_aff(sc_ep_aff *r, const sc_ep_jac *p, const sc_ep_curve *c);
/** same, variable-time inversion (public points only).  Stack (AVR, secp160r1 / P-256): 225 / 263 B.
 * @param[out] r  affine point.
 * @param[in]  p  Jacobian point (public).
 * @param[in]  c  the curve.
 * @retval SC_OK           r holds the point.
 * @retval SC_ERR_INFINITY p is the point at infinity (r zeroed). */
sc_err sc_ep_jac_to_aff_var(sc_ep_aff *r, const sc_ep_jac *p, const sc_ep_curve *c);

/** Point decompression (SEC1 2.3.4): the point with canonical x-coordinate x (words, < p)
 * whose y has parity y_odd.  Variable time (public data).  SC_ERR_POINT if x^3 + ax + b
 * is not a square.  Stack (AVR, secp160r1 / P-256): 326 / 489 B.
 * @param[out] r      affine point; zeroed on failure.
 * @param[in]  x      canonical x-coordinate, c->fp->nw words, < p.
 * @param[in]  y_odd  1 for the odd y, 0 for the even one.
 * @param[in]  c      the curve.
 * @retval SC_OK        r holds the point.
 * @retval SC_ERR_POINT no point has this x (or y = 0 with y_odd set; or a mote build
 *                      without the square root for this p, fp.h). */
sc_err sc_ep_decompress_var(sc_ep_aff *r, const sc_word *x, unsigned y_odd, const sc_ep_curve *c);

/** r = -p = (x, -y).  Constant time; r may alias p.
 * @param[out] r  affine point.
 * @param[in]  p  affine point.
 * @param[in]  c  the curve. */
void sc_ep_neg_aff(sc_ep_aff *r, const sc_ep_aff *p, const sc_ep_curve *c);
/** r = 2p (handles infinity; a = -3 / a = 0 / generic formulas chosen by c->a_kind).
 * Stack (AVR, secp160r1 / P-256): 136 / 211 B.
 * @param[out] r  Jacobian point; may alias p.
 * @param[in]  p  Jacobian point.
 * @param[in]  c  the curve. */
void sc_ep_dbl_jac(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_curve *c);
/** r = p + q, mixed Jacobian + affine.  Constant time; handles p = q, p = -q and p = infinity.
 * Stack (AVR, secp160r1 / P-256): 321 / 473 B.
 * @param[out] r  Jacobian point; may alias p.
 * @param[in]  p  Jacobian point.
 * @param[in]  q  affine point (finite).
 * @param[in]  c  the curve. */
void sc_ep_add_mixed(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, const sc_ep_curve *c);
/** r = p + q, Jacobian + Jacobian.  Constant time; handles every special case; r may alias
 * p or q.  Stack (AVR, secp160r1 / P-256): 320 / 483 B.
 * @param[out] r  Jacobian point.
 * @param[in]  p    Jacobian points.
 * @param[in]  q    Jacobian points.
 * @param[in]  c  the curve. */
void sc_ep_add_jac(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_ep_curve *c);

/* Jacobian helpers for the scalar multiplications of ec.c. */
/** r = -p = (X, -Y, Z).  Constant time; r may alias p.
 * @param[out] r  Jacobian point.
 * @param[in]  p  Jacobian point.
 * @param[in]  c  the curve. */
void sc_ep_neg_jac(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_curve *c);
/** p = -p when mask is all-ones, unchanged when zero (constant time)
 * @param[in,out] p     Jacobian point.
 * @param[in]     mask  all-ones (negate) or zero.
 * @param[in]     c     the curve. */
void sc_ep_cneg_jac(sc_ep_jac *p, sc_word mask, const sc_ep_curve *c);
/** Incomplete ("fast") additions, constant time but correct only when p and q
 * are finite and p != +-q (p == -q yields Z = 0); callers argue why no
 * exceptional case can occur.  r may alias p or q.  Stack (AVR, secp160r1 / P-256): 196 / 293 B. (mixed),
 * 239 / 369 B (Jacobian).
 * @param[out] r  Jacobian point.
 * @param[in]  p  Jacobian point, finite, p != +-q.
 * @param[in]  q  affine point.
 * @param[in]  c  the curve. */
void sc_ep_add_mixed_inc(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, const sc_ep_curve *c);
/** Incomplete Jacobian + Jacobian addition, as sc_ep_add_mixed_inc: constant time, correct only
 * for finite p != +-q.  Its stack figure is the Jacobian one stated with sc_ep_add_mixed_inc.
 * @param[out] r  Jacobian point; may alias p or q.
 * @param[in]  p    Jacobian points, finite, p != +-q.
 * @param[in]  q    Jacobian points, finite, p != +-q.
 * @param[in]  c  the curve. */
void sc_ep_add_jac_inc(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_ep_curve *c);
/** Complete additions that branch on the special cases: variable time, public points only;
 * r may alias p or q.  Stack (AVR, secp160r1 / P-256): 204 / 301 B. (mixed), 249 / 379 B (Jacobian).
 * @param[out] r  Jacobian point.
 * @param[in]  p  Jacobian point (public).
 * @param[in]  q  affine point (public, finite).
 * @param[in]  c  the curve. */
void sc_ep_add_mixed_var(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, const sc_ep_curve *c);
/** Complete Jacobian + Jacobian addition branching on the special cases, as sc_ep_add_mixed_var:
 * variable time, public points only; r may alias p or q.  Its stack figure is the Jacobian
 * one stated with sc_ep_add_mixed_var.
 * @param[out] r  Jacobian point.
 * @param[in]  p    Jacobian points (public).
 * @param[in]  q    Jacobian points (public).
 * @param[in]  c  the curve. */
void sc_ep_add_jac_var(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_ep_curve *c);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
