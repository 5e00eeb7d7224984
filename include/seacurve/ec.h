/** @file ec.h
 * @brief ec: scalar multiplication.
 *
 * Scalars are arrays of c->fn->nw words, little-endian, canonical (< n).
 * sc_ec_mul and sc_ec_mul_gen are constant time in the scalar (no secret-
 * dependent branch, memory index or loop bound; the scalar's bit length is
 * hidden).  sc_ec_mul2_var is for public scalars (verification).
 *
 * Stack figures: sc-avrsim on firmware/stack_ops.c (stack_<curve>.elf: asm kernels,
 * the table of G, -Os), what the call itself uses. */
#ifndef SEACURVE_EC_H
#define SEACURVE_EC_H

#include "ep.h"

/** @addtogroup ec
 * @brief Scalar multiplication on the prime curves, k*P, k*G and u1*G + u2*Q: the
 * production methods.
 * @{ */

/** Default window of sc_ec_mul's fixed window (SC_EC_MUL_W; 2^(w-1) table
 * points), chosen by measurement.  Gateway: 5.  Mote (8/16-bit limbs, affine
 * table): 3, whose 4 table points keep k*P within the stack of verification
 * (secp160r1: 4 would take 2.7 % fewer cycles and 168 B more stack; P-256:
 * 1 M cycles fewer for 256 B more). */
#ifndef SC_EC_MUL_W
#  if SC_WORD_BITS >= 32
#    define SC_EC_MUL_W 5 /**< sc_ec_mul's window: 5 on the gateway, 3 on the mote */
#  else
#    define SC_EC_MUL_W 3
#  endif
#endif
/** wNAF width for the variable point Q of sc_ec_mul2_var (2^(w-2) points on
 * the stack). */
#ifndef SC_EC_MUL2_WQ
#  if SC_WORD_BITS >= 32
#    define SC_EC_MUL2_WQ 5 /**< sc_ec_mul2_var's wNAF width for Q: 5 on the gateway, 4 on the mote */
#  else
#    define SC_EC_MUL2_WQ 4
#  endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** r = k*P for 1 <= k < n and P a valid affine point.  SC_ERR_INFINITY (r zeroed) if
 * the result is the point at infinity (only possible for k = 0 mod ord(P)).  The
 * signed fixed window (sc_ec_mul_fixwin, window SC_EC_MUL_W above: on the mote its
 * table points affine, on the gateway Jacobian); the co-Z ladder (sc_ec_mul_ladder)
 * instead for fields up to SC_EC_LADDER_MAXBITS bits (default 0: never).  Constant
 * time in k; P is public (a peer's key or G): the table of its multiples is made
 * affine by a variable-time inversion.  r may alias p, not k.
 * Stack (AVR, secp160r1 / P-256): 529 / 758 B.
 * @param[out] r  affine point (zeroed on failure); may alias p.
 * @param[in]  k  the scalar, c->fn->nw words, 1 <= k < n (secret).
 * @param[in]  p  a valid affine point (public).
 * @param[in]  c  the curve.
 * @retval SC_OK           r = k*P.
 * @retval SC_ERR_INFINITY k*P is the point at infinity. */
sc_err sc_ec_mul(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c);
/** r = k*G using the curve's fixed-base table (falls back to sc_ec_mul without one); r must not alias k.
 * Stack (AVR, secp160r1 / P-256): 447 / 654 B. (with the table)
 * @param[out] r  affine point (zeroed on failure).
 * @param[in]  k  the scalar, c->fn->nw words, 1 <= k < n (secret).
 * @param[in]  c  the curve.
 * @retval SC_OK           r = k*G.
 * @retval SC_ERR_INFINITY k = 0. */
sc_err sc_ec_mul_gen(sc_ep_aff *r, const sc_word *k, const sc_ep_curve *c);
/** r = u1*G + u2*Q, variable time (public inputs); u1 and/or u2 may be zero.
 * SC_ERR_INFINITY if the sum is infinity.  Stack (AVR, secp160r1 / P-256): 544 / 751 B. (with the
 * table of G)
 * @param[out] r   affine point (zeroed on failure).
 * @param[in]  u1  scalar for G, c->fn->nw words, < n (public).
 * @param[in]  u2  scalar for Q, c->fn->nw words, < n (public).
 * @param[in]  q   a valid affine point (public).
 * @param[in]  c   the curve.
 * @retval SC_OK           r = u1*G + u2*Q.
 * @retval SC_ERR_INFINITY the sum is the point at infinity. */
sc_err sc_ec_mul2_var(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                      const sc_ep_curve *c);
/** sc_ec_mul2_var with the sum left in Jacobian coordinates (no inversion): for
 * ECDSA verification with sc_ec_jac_x_eq_var.  Same contract, variable time.
 * @param[out] r   Jacobian point (Z = 0: infinity).
 * @param[in]  u1  scalar for G, c->fn->nw words, < n (public).
 * @param[in]  u2  scalar for Q, c->fn->nw words, < n (public).
 * @param[in]  q   a valid affine point (public).
 * @param[in]  c   the curve.
 * @retval SC_OK           r = u1*G + u2*Q.
 * @retval SC_ERR_INFINITY the sum is the point at infinity. */
sc_err sc_ec_mul2_jac_var(sc_ep_jac *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                          const sc_ep_curve *c);
/** Whether x(R) mod n equals r, for a Jacobian R, without inverting Z: X is
 * compared with r Z^2 and, where r + n < p, with (r + n) Z^2.  Variable time
 * (public inputs).
 * @param[in] R  Jacobian point; infinity (Z = 0) gives 0.
 * @param[in] r  c->fn->nw words, canonical (< n).
 * @param[in] c  the curve.
 * @return 1 if x(R) mod n = r, else 0. */
int sc_ec_jac_x_eq_var(const sc_ep_jac *R, const sc_word *r, const sc_ep_curve *c);

/** r = k*P by the co-Z Montgomery ladder (XYCZ-ADDC + XYCZ-ADD per bit, the
 * scalar regularised to a fixed length): few field elements of stack, no
 * table; the method of the restartable API (seacurve/restart.h).  Same contract as
 * sc_ec_mul (k = 0 gives SC_ERR_INFINITY); r may alias p.  Constant time.
 * Stack (AVR, secp160r1 / P-256): 417 / 740 B.
 * @param[out] r  affine point (zeroed on failure); may alias p.
 * @param[in]  k  the scalar, c->fn->nw words, < n (secret).
 * @param[in]  p  a valid affine point.
 * @param[in]  c  the curve.
 * @retval SC_OK           r = k*P.
 * @retval SC_ERR_INFINITY k*P is the point at infinity (k = 0). */
sc_err sc_ec_mul_ladder(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c);

/** sc_ec_mul with an explicit window w (2 .. SC_EC_MUL_WMAX: 6 at 32/64-bit limbs, 4 at 8/16);
 * SC_ERR_ARG for another w.  Constant time in k.  The table affine on E by one
 * variable-time inversion (P public) on the mote, Jacobian on the gateway
 * (SC_EC_FIXWIN_AFFINE); a = 0: affine on an isomorphic curve.  r may alias p, not k.
 * Stack (AVR, secp160r1 / P-256): 703 / 1,020 B. (w = 4)
 * @param[out] r  affine point (zeroed on failure); may alias p.
 * @param[in]  k  the scalar, c->fn->nw words, 1 <= k < n (secret).
 * @param[in]  p  a valid affine point (public).
 * @param[in]  c  the curve.
 * @param[in]  w  the window, 2 .. SC_EC_MUL_WMAX.
 * @retval SC_OK           r = k*P.
 * @retval SC_ERR_ARG      w out of range.
 * @retval SC_ERR_INFINITY k*P is the point at infinity. */
sc_err sc_ec_mul_fixwin(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c, unsigned w);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
