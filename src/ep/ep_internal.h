/* ep: internal entry points for the ec layer (not part of the public API). */
#ifndef SC_EP_INTERNAL_H
#define SC_EP_INTERNAL_H

#include <seacurve/ep.h>

/* r = a^-1 for a public a by the faster inversion of the build: on the mote
 * up to 192 bits the Fermat chain of sc_fp_inv (secp160r1: 404 k against
 * 516 k cycles for the binary extended Euclid), sc_fp_inv_var above (P-256:
 * 1.34 M against 1.62 M) and on the gateway (safegcd). */
static inline void sc_ep_inv_pub(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    if (SC_WORD_BITS < 32 && f->bits <= 192)
        sc_fp_inv(r, a, f);
    else
        sc_fp_inv_var(r, a, f);
}

/* o = p + (qx, qy), the mixed addition madd-2004-hmv of ep.c (the formula
 * of sc_ep_add_mixed_inc) with the caller's temporaries a and b (which may
 * be qx and qy: the point is then consumed), mode SC_EP_MADD_INC (the
 * incomplete addition: p finite, p != +-q; returns 0) and h_out NULL or
 * receiving H = Z(o) / Z(p); mode SC_EP_MADD_STOP (public data only)
 * returns the all-ones mask, before anything is written, when p == q (or p
 * is infinity), else 0; the other modes are ep.c's own.  Constant time in
 * mode SC_EP_MADD_INC; o may alias p. */
enum { SC_EP_MADD_INC = 0, SC_EP_MADD_STOP = 2 };
sc_word sc_ep_madd(sc_ep_jac *o, const sc_ep_jac *p, const sc_word *qx, const sc_word *qy, sc_word *a, sc_word *b,
                   const sc_fp_field *f, sc_word *h_out, int mode);

/* r = p + (qx, qy), the incomplete mixed addition of sc_ep_add_mixed_inc
 * (same preconditions: p finite, p != +-q), that also returns the Z ratio
 * zr = H with Z(r) = Z(p) * zr.  a and b (one field element each) are two
 * of the formula's temporaries, the caller's: they may be qx and qy (the
 * point is then consumed), else they alias nothing.  Constant time; r may
 * alias p; zr aliases neither r nor p. */
void sc_ep_add_mixed_zr(sc_ep_jac *r, const sc_ep_jac *p, const sc_word *qx, const sc_word *qy, sc_word *a,
                        sc_word *b, sc_word *zr, const sc_ep_curve *c);

/* q = 2q in place, the formulas of sc_ep_dbl_jac with the caller's two
 * temporaries t1, t2 (distinct, aliasing no coordinate of q; secret on
 * return: the caller wipes them), on E for w = NULL, else on the curve E_g
 * isomorphic to E by (x, y) -> (g^2 x, g^3 y) (a_g = a g^4) with w =
 * (g Z)^2 given and updated to (g Z3)^2 (unused for a = 0).  Constant
 * time. */
void sc_ep_dbl_jac_t(sc_ep_jac *q, sc_word *t1, sc_word *t2, sc_word *w, const sc_ep_curve *c);

/* q = 2^n q in place on E (n doublings, the formulas of sc_ep_dbl_jac): the
 * field's kernel looked up once for the n of them.  Constant time. */
void sc_ep_dbl_jac_n(sc_ep_jac *q, unsigned n, const sc_ep_curve *c);

/* sc_ep_add_mixed on E_g as sc_ep_dbl_jac_t (w = (g Z(p))^2, overwritten;
 * NULL: on E; the addition itself does not involve a).  Constant time. */
void sc_ep_add_mixed_g(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, sc_word *w, const sc_ep_curve *c);

/* r = 2P for an affine P, in Jacobian coordinates (Z(r) = 2*y(P)); two
 * temporaries beside r's coordinates.  Constant time. */
void sc_ep_dbl_aff(sc_ep_jac *r, const sc_ep_aff *p, const sc_ep_curve *c);

/* acc = acc + q, the complete variable-time mixed addition of
 * sc_ep_add_mixed_var, with q's coordinates as two of the formula's
 * temporaries: q is consumed (its contents are unspecified afterwards).
 * Public points only. */
void sc_ep_acc_mixed_var(sc_ep_jac *acc, sc_ep_aff *q, const sc_ep_curve *c);

/* r = p + q as sc_ep_add_jac_var, with zc = Z2^2 then Z2^3 of q (fp->nw
 * words each, internal form): where the field has point kernels they use
 * them (1M + 1S fewer); elsewhere the general formula runs.  Public points
 * only. */
void sc_ep_add_jac_zc_var(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_jac *q, const sc_word *zc,
                          const sc_ep_curve *c);

/* Point doubling (a = -3; secp256k1: a = 0) and additions on inlined MULX
 * field operations, 64-bit limbs on x86-64: P-256 and P-224
 * (port/x86_64/ep_p256_mulx.c, ep_p224_mulx.c), secp256k1 (ep_k1_mulx.c),
 * P-192 and secp160r1 (ep_p192_mulx.c, ep_secp160r1_mulx.c).  The formulas
 * of ep.c, bit-identical, reached from ep.c where the fused field kernels
 * are on; ct_valgrind calls them directly. */
#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>
void sc_ep_dbl_p256_mulx(sc_ep_jac *q);
uint64_t sc_ep_madd_p256_mulx(sc_ep_jac *o, const sc_ep_jac *p, const uint64_t *qx, const uint64_t *qy,
                              uint64_t *a, uint64_t *b, uint64_t *h_out, int mode);
uint64_t sc_ep_add_p256_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const uint64_t *zc,
                            int mode);
void sc_ep_dbl_p224_mulx(sc_ep_jac *q);
uint64_t sc_ep_madd_p224_mulx(sc_ep_jac *o, const sc_ep_jac *p, const uint64_t *qx, const uint64_t *qy,
                              uint64_t *a, uint64_t *b, uint64_t *h_out, int mode);
uint64_t sc_ep_add_p224_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const uint64_t *zc,
                            int mode);
void sc_ep_dbl_k1_mulx(sc_ep_jac *q);
uint64_t sc_ep_madd_k1_mulx(sc_ep_jac *o, const sc_ep_jac *p, const uint64_t *qx, const uint64_t *qy,
                            uint64_t *a, uint64_t *b, uint64_t *h_out, int mode);
uint64_t sc_ep_add_k1_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const uint64_t *zc,
                            int mode);
void sc_ep_dbl_p192_mulx(sc_ep_jac *q);
uint64_t sc_ep_madd_p192_mulx(sc_ep_jac *o, const sc_ep_jac *p, const uint64_t *qx, const uint64_t *qy,
                              uint64_t *a, uint64_t *b, uint64_t *h_out, int mode);
uint64_t sc_ep_add_p192_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const uint64_t *zc,
                            int mode);
void sc_ep_dbl_secp160r1_mulx(sc_ep_jac *q);
uint64_t sc_ep_madd_secp160r1_mulx(sc_ep_jac *o, const sc_ep_jac *p, const uint64_t *qx, const uint64_t *qy,
                                   uint64_t *a, uint64_t *b, uint64_t *h_out, int mode);
uint64_t sc_ep_add_secp160r1_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const uint64_t *zc,
                            int mode);
#endif

#endif
