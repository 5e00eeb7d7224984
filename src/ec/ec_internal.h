/* ec: internal entry points (not part of the public API), for the tests that
 * check each method behind a public function whatever the build's default. */
#ifndef SC_EC_INTERNAL_H
#define SC_EC_INTERNAL_H

#include <seacurve/ec.h>

/* sc_ec_mul_fixwin with the form of its table for a != 0 chosen: affine on E
 * by one inversion (affine != 0) or Jacobian (0); sc_ec_mul_fixwin takes
 * SC_EC_FIXWIN_AFFINE (src/ec/ec.c).  Same contract, constant time.  An AVR
 * build compiles the default form alone (flash) and ignores affine. */
sc_err sc_ec_mul_fixwin_form(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c, unsigned w,
                             int affine);

/* k*P on secp256k1 by the GLV endomorphism (two half-length regular signed
 * windows over one table, src/ec/ec.c glv_mul): sc_ec_mul's method for
 * secp256k1 where the fixed window's table is Jacobian (SC_EC_FIXWIN_AFFINE
 * 0: the gateway), compiled on every host build for the tests.  Same
 * contract as sc_ec_mul, constant time; SC_ERR_UNSUPPORTED (r zeroed) on a
 * curve without GLV data or in a build without it. */
sc_err sc_ec_mul_glv(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c);

/* The co-Z ladder's state between bits (src/ec/ec.c: init, one step per bit,
 * finish; the one-shot sc_ec_mul_ladder runs them in a row).  The registers
 * (R0, R1) = (jP, (j+1)P), j the bits of kk above bit i, share one Z that is
 * never stored. */
typedef struct {
    sc_ep_aff r0, r1;           /* R_b, R_(1-b) of the previous bit (swap) */
    sc_word kk[SC_FP_MAXW + 1]; /* the regularised scalar, bits + 1 bits */
    sc_word negm, one, zero;    /* fix-up masks (secret) */
    unsigned swap;
    unsigned i;                 /* bits still to process */
} ec_ladder;

/* sc_ec_mul_ladder in steps, for the restartable operations (src/pk/restart.c):
 * the ladder's state and its base point (P, or 2P when xP = 0).
 *   sc_ec_ladder_start   the scalar regularised, the top bit (XYCZ-IDBL);
 *   while sc_ec_ladder_bits(op) > 1:
 *     sc_ec_ladder_addc  swap + XYCZ-ADDC (5M + 3S), then
 *     sc_ec_ladder_add   XYCZ-ADD (4M + 2S);
 *   sc_ec_ladder_pre     the last bit: num, den with 1/Z = num / den (11M + 5S);
 *   (the caller inverts den into inv, constant time)
 *   sc_ec_ladder_post    r = kP (5M + 1S), op wiped; SC_ERR_INFINITY as
 *                        sc_ec_mul_ladder.
 * The same field operations as sc_ec_mul_ladder, so the same result;
 * constant time in k. */
typedef struct {
    ec_ladder st;
    sc_ep_aff p;
} sc_ec_ladder_op;

void sc_ec_ladder_start(sc_ec_ladder_op *op, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c);
unsigned sc_ec_ladder_bits(const sc_ec_ladder_op *op);
void sc_ec_ladder_addc(sc_ec_ladder_op *op, const sc_ep_curve *c);
void sc_ec_ladder_add(sc_ec_ladder_op *op, const sc_ep_curve *c);
void sc_ec_ladder_pre(sc_word *num, sc_word *den, sc_ec_ladder_op *op, const sc_ep_curve *c);
sc_err sc_ec_ladder_post(sc_ep_aff *r, sc_ec_ladder_op *op, sc_word *inv, sc_word *num, const sc_ep_curve *c);

/* The wMOF digits that sc_ec_mul2_var reads from a scalar k (nw words) at
 * width w (2 .. 8): out[t] = d_t for t < outlen (zero-filled), outlen >=
 * nw * SC_WORD_BITS + 1.  Returns the index of the top nonzero digit + 1 (0
 * for k = 0), or 0 for bad arguments.  Variable time (public scalars). */
size_t sc_ec_mof_digits_var(int8_t *out, size_t outlen, const sc_word *k, size_t nw, unsigned w);

#endif
