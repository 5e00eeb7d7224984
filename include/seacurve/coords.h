/** @file coords.h
 * @brief coords: point arithmetic in selectable coordinate systems (the method matrix, docs/methods.md).
 *
 * The production code paths (ep.h / ec.h) use Jacobian coordinates with fixed,
 * constant-time formulas.  This header makes the coordinate system a run-time
 * choice so that every scalar-multiplication method of scalarmul.h can run in every
 * system, be cross-checked against the others and be counted (opcount.h):
 *
 *   affine       (x, y)                               every add/dbl costs an inversion
 *   projective   (X, Y, Z): x = X/Z, y = Y/Z          homogeneous; [Kodali] Tables V/VI
 *   jacobian     (X, Y, Z): x = X/Z^2, y = Y/Z^3      a = -3 / a = 0 / generic doubling
 *   mjacobian    (X, Y, Z, aZ^4)                      modified Jacobian ([CMO98]; [DSP], [WM-ECC])
 *   chudnovsky   (X, Y, Z, Z^2, Z^3)                  Chudnovsky Jacobian
 *   jacproj     Jacobian state, Jacobian doubling, additions done in projective
 *                coordinates with the conversions of [Kodali] Alg. 4 (paper-faithful,
 *                including its per-addition inversion; see docs/methods-coords.md)
 *   jacproj_noinv    the same without the inversion (J -> P as (X Z, Y, Z^3)), for the cost model
 *
 * The systems, their formulas, sources and M/S counts: docs/methods-coords.md.
 *
 * A point of any system is an sc_coords_point: up to SC_COORDS_MAXC field elements in the
 * field's internal form, of which sys->ncoords are used.  Every system
 * represents the point at infinity (affine: with a flag in v[2][0]).
 *
 * Each system provides complete variable-time operations (they branch on the
 * special cases: infinity, P == Q, P == -Q; public data only) and, where the
 * system has them (sys->ct), complete constant-time ones.  Formulas name their
 * source (paper + equation, or EFD formula name) in the implementation and in
 * docs/methods.md. */
#ifndef SEACURVE_COORDS_H
#define SEACURVE_COORDS_H

#include "ep.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup coords
 * @brief Point arithmetic in affine, projective, Jacobian, modified Jacobian, Chudnovsky
 * and the mixed systems of [Kodali], selectable at run time.
 * @{ */

/** The most field elements a point of any system uses. */
#define SC_COORDS_MAXC 5

/** A point of any system: sys->ncoords elements of v used, in the field's internal form. */
typedef struct sc_coords_point { sc_fe v[SC_COORDS_MAXC]; } sc_coords_point;
/** @var sc_coords_point::v
 * the coordinates (their meaning per system: coords.h). */

/** A coordinate system (struct sc_coords_sys). */
typedef struct sc_coords_sys sc_coords_sys;
/** A coordinate system: its name and its operations.  Every operation takes the curve c;
 * points are of this system unless typed sc_ep_aff. */
struct sc_coords_sys {
    const char *name;       /**< "affine", "projective", "jacobian", "mjacobian", "chudnovsky", "jacproj",
                             * "jacproj_noinv" */
    const char *source;     /**< one line: papers / EFD formula names */
    uint8_t ncoords;        /**< field elements used in sc_coords_point.v */
    uint8_t ct;             /**< 1: dbl_ct / add_ct / madd_ct / to_aff are provided (constant time, complete) */

    /** r = the point at infinity */
    void (*set_inf)(sc_coords_point *r, const sc_ep_curve *c);
    /** nonzero if p is the point at infinity (variable time) */
    int (*is_inf_var)(const sc_coords_point *p, const sc_ep_curve *c);
    /** r = the affine point p in this system */
    void (*from_aff)(sc_coords_point *r, const sc_ep_aff *p, const sc_ep_curve *c);
    /** r = p in affine coordinates; SC_ERR_INFINITY (r zeroed) for the point at infinity;
     * variable-time inversion */
    sc_err (*to_aff_var)(sc_ep_aff *r, const sc_coords_point *p, const sc_ep_curve *c);
    /** r = -p */
    void (*neg)(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c);

    /** r = 2p: complete, variable time; r may alias p */
    void (*dbl)(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c);
    /** r = p + q: complete, variable time; r may alias p or q */
    void (*add)(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c);
    /** r = p + q, q affine (finite): complete, variable time; r may alias p */
    void (*madd)(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c);

    /** r = 2p: complete, constant time (NULL unless ct) */
    void (*dbl_ct)(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c);
    /** r = p + q: complete, constant time (NULL unless ct) */
    void (*add_ct)(sc_coords_point *r, const sc_coords_point *p, const sc_coords_point *q, const sc_ep_curve *c);
    /** r = p + q, q affine: complete, constant time (NULL unless ct) */
    void (*madd_ct)(sc_coords_point *r, const sc_coords_point *p, const sc_ep_aff *q, const sc_ep_curve *c);
    /** r = p in affine coordinates by a constant-time inversion; SC_ERR_INFINITY for the
     * point at infinity (decided in constant time); NULL unless ct */
    sc_err (*to_aff)(sc_ep_aff *r, const sc_coords_point *p, const sc_ep_curve *c);
};

/** The systems, in the order above; NULL past the end / for an unknown name.
 * @return the number of systems. */
size_t sc_coords_count(void);
/** The system at index i, in the order of the table above.
 * @param[in] i  0 .. sc_coords_count() - 1.
 * @return the system, or NULL past the end. */
const sc_coords_sys *sc_coords_at(size_t i);
/** The system of the given name.
 * @param[in] name  e.g. "jacobian" (NUL-terminated).
 * @return the system, or NULL for an unknown name. */
const sc_coords_sys *sc_coords_find(const char *name);

/* Helpers common to every system: constant-time select and copy. */
/** Constant-time select: r = mask ? a : r over the system's ncoords elements.
 * @param[in,out] r     a point of system s.
 * @param[in]     a     a point of system s.
 * @param[in]     mask  all-ones (copy) or zero.
 * @param[in]     s     the system (its ncoords).
 * @param[in]     c     the curve. */
void sc_coords_cmov(sc_coords_point *r, const sc_coords_point *a, sc_word mask, const sc_coords_sys *s, const sc_ep_curve *c);
/** r = a over the system's ncoords elements.
 * @param[out] r  a point of system s.
 * @param[in]  a  a point of system s.
 * @param[in]  s  the system.
 * @param[in]  c  the curve. */
void sc_coords_copy(sc_coords_point *r, const sc_coords_point *a, const sc_coords_sys *s, const sc_ep_curve *c);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
