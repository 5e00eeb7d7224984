/* ep: internal entry points for the ec layer (not part of the public API). */
#ifndef SC_EP_INTERNAL_H
#define SC_EP_INTERNAL_H

#include <seacurve/ep.h>

/* r = p + q, the incomplete mixed addition of sc_ep_add_mixed_inc (same
 * preconditions: p finite, p != +-q), that also returns the Z ratio zr = H
 * with Z(r) = Z(p) * zr.  Constant time; r may alias p. */
void sc_ep_add_mixed_zr(sc_ep_jac *r, const sc_ep_jac *p, const sc_ep_aff *q, sc_word *zr,
                        const sc_ep_curve *c);

#endif
