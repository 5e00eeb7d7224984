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

#endif
