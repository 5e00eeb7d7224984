/* epc: internal declarations shared by the coordinate systems (not public API). */
#ifndef SC_EPC_INTERNAL_H
#define SC_EPC_INTERNAL_H

#include <seacurve/epc.h>

/* The systems, one per file (src/epc/<name>.c). */
extern const sc_epc_sys sc_epc_affine;
extern const sc_epc_sys sc_epc_projective;
extern const sc_epc_sys sc_epc_jacobian;
extern const sc_epc_sys sc_epc_mjacobian;
extern const sc_epc_sys sc_epc_chudnovsky;
extern const sc_epc_sys sc_epc_mixed002;
extern const sc_epc_sys sc_epc_mixed002x;

/* sc_epc <-> sc_ep_jac (element copies; the first three coordinates). */
void sc_epc_to_jac(sc_ep_jac *r, const sc_epc *p, const sc_ep_curve *c);
void sc_epc_from_jac(sc_epc *r, const sc_ep_jac *p, const sc_ep_curve *c);

/* c->a in internal form. */
void sc_epc_get_a(sc_word *r, const sc_ep_curve *c);
/* c->b in internal form. */
void sc_epc_get_b(sc_word *r, const sc_ep_curve *c);

#endif
