/* coords: internal declarations shared by the coordinate systems (not public API). */
#ifndef SC_COORDS_INTERNAL_H
#define SC_COORDS_INTERNAL_H

#include <seacurve/coords.h>

/* The systems, one per file (src/coords/<name>.c). */
extern const sc_coords_sys sc_coords_affine;
extern const sc_coords_sys sc_coords_projective;
extern const sc_coords_sys sc_coords_jacobian;
extern const sc_coords_sys sc_coords_mjacobian;
extern const sc_coords_sys sc_coords_chudnovsky;
extern const sc_coords_sys sc_coords_jacproj;
extern const sc_coords_sys sc_coords_jacproj_noinv;

/* The jacobian system's common operations (x = X/Z^2, y = Y/Z^3, Z = 0 is
 * infinity), shared by the systems whose first three coordinates are Jacobian
 * (mjacobian, chudnovsky, jacproj, jacproj_noinv): they read only v[0..2] and
 * write only v[0..2]. */
void sc_coords_jac_set_inf(sc_coords_point *r, const sc_ep_curve *c);
int sc_coords_jac_is_inf_var(const sc_coords_point *p, const sc_ep_curve *c);
void sc_coords_jac_from_aff(sc_coords_point *r, const sc_ep_aff *p, const sc_ep_curve *c);
sc_err sc_coords_jac_to_aff_var(sc_ep_aff *r, const sc_coords_point *p, const sc_ep_curve *c);
sc_err sc_coords_jac_to_aff(sc_ep_aff *r, const sc_coords_point *p, const sc_ep_curve *c);
void sc_coords_jac_neg(sc_coords_point *r, const sc_coords_point *p, const sc_ep_curve *c);

/* sc_coords_point <-> sc_ep_jac (element copies; the first three coordinates). */
void sc_coords_to_jac(sc_ep_jac *r, const sc_coords_point *p, const sc_ep_curve *c);
void sc_coords_from_jac(sc_coords_point *r, const sc_ep_jac *p, const sc_ep_curve *c);

/* Curve constants in internal form: c->a, c->b and 3*c->b.  Loading a constant
 * (a Montgomery conversion) is set-up, not formula cost: in a counting build
 * (opcount.h) these hide their field operations from the counters, as a real
 * implementation would hold the constants precomputed. */
void sc_coords_get_a(sc_word *r, const sc_ep_curve *c);
void sc_coords_get_b(sc_word *r, const sc_ep_curve *c);
void sc_coords_get_b3(sc_word *r, const sc_ep_curve *c);

/* r = 3*a and r = 8*a by doublings and additions (counted as C / A). */
void sc_coords_mul3(sc_word *r, const sc_word *a, const sc_fp_field *f);
void sc_coords_mul8(sc_word *r, const sc_word *a, const sc_fp_field *f);

/* Result of a to_aff: r = (x, y) or, when inf (a public verdict, published with
 * SC_DECLASSIFY), zeroed with SC_ERR_INFINITY. */
sc_err sc_coords_aff_result(sc_ep_aff *r, sc_word inf, const sc_fp_field *f);

/* [Kodali] Table V: homogeneous projective addition (Cohen-Miyaji-Ono 1998,
 * EFD add-1998-cmo-2), 12M + 2S, on v[0..2] = (X, Y, Z) of p and q:
 *   u = Y_Q Z_P - Y_P Z_Q, v = X_Q Z_P - X_P Z_Q, A = u^2 Z_P Z_Q - v^3 - 2 v^2 X_P Z_Q,
 *   X_R = v A, Y_R = u (v^2 X_P Z_Q - A) - v^3 Y_P Z_Q, Z_R = v^3 Z_P Z_Q.
 * Correct for finite P != +-Q; P == -Q gives Z_R = 0, P == Q gives (0, 0, 0).
 * u_out / v_out (NULL or not) receive u and v for the special-case tests.
 * Only v[0..2] of o are written; o may alias p or q. */
void sc_coords_proj_add_t5(sc_coords_point *o, const sc_coords_point *p, const sc_coords_point *q, const sc_fp_field *f,
                        sc_word *u_out, sc_word *v_out);
/* [Kodali] Table VI: homogeneous projective doubling (Cohen-Miyaji-Ono 1998),
 * w = a Z^2 + 3 X^2 (a = -3: 3 (X - Z)(X + Z); a = 0: 3 X^2), s = Y Z, B = X Y s,
 * h = w^2 - 8 B, X_R = 2 h s, Y_R = w (4 B - h) - 8 Y^2 s^2, Z_R = 8 s^3:
 * 7M + 5S generic, 7M + 3S for a = -3, 6M + 4S for a = 0.  Z = 0 gives Z_R = 0. */
void sc_coords_proj_dbl_t6(sc_coords_point *o, const sc_coords_point *p, const sc_ep_curve *c);

#endif
