/* pk's per-family dispatch: prime curves through the ec layer (over ep),
 * binary curves through eb.  The only pk file that names either layer's
 * scalar multiplications. */
#include "pk_internal.h"

sc_err sc_pk_mul_gen(sc_pk_point *r, const sc_word *k, const sc_curve *c)
{
#if SC_CURVES_BINARY
    if (c->eb)
        return sc_eb_mul_gen(&r->eb, k, c->eb);
#endif
    return sc_ec_mul_gen(&r->ep, k, c->ep);
}

sc_err sc_pk_mul(sc_pk_point *r, const sc_word *k, const sc_pk_point *q, const sc_curve *c)
{
#if SC_CURVES_BINARY
    if (c->eb)
        return sc_eb_mul_ladder(&r->eb, k, &q->eb, c->eb);
#endif
    return sc_ec_mul(&r->ep, k, &q->ep, c->ep);
}

sc_err sc_pk_mul2_var(sc_pk_point *r, const sc_word *u1, const sc_word *u2, const sc_pk_point *q,
                      const sc_curve *c)
{
#if SC_CURVES_BINARY
    if (c->eb)
        return sc_eb_mul2_var(&r->eb, u1, u2, &q->eb, c->eb);
#endif
    return sc_ec_mul2_var(&r->ep, u1, u2, &q->ep, c->ep);
}

sc_err sc_pk_mul2_xeq_var(const sc_word *r, const sc_word *u1, const sc_word *u2, const sc_pk_point *q,
                          const sc_curve *c)
{
    sc_ep_jac R;
    if (sc_ec_mul2_jac_var(&R, u1, u2, &q->ep, c->ep) != SC_OK)
        return SC_ERR_VERIFY;
    return sc_ec_jac_x_eq_var(&R, r, c->ep) ? SC_OK : SC_ERR_VERIFY;
}

void sc_pk_x_to_bytes(uint8_t *out, const sc_pk_point *p, const sc_curve *c)
{
#if SC_CURVES_BINARY
    if (c->eb) {
        sc_fb_to_bytes(out, p->eb.x, c->eb->f);
        return;
    }
#endif
    sc_fp_to_bytes(out, p->ep.x, c->ep->fp);
}

sc_word sc_pk_on_curve(const sc_pk_point *p, const sc_curve *c)
{
#if SC_CURVES_BINARY
    if (c->eb)
        return sc_eb_on_curve(&p->eb, c->eb);
#endif
    return sc_ep_on_curve(&p->ep, c->ep);
}

/* Fault checks (SC_FAULT_CHECKS, config.h; docs/security.md "Fault attacks"): a
 * point computed with a secret is checked before anything derived from it
 * leaves, so that a fault that takes it off the curve yields SC_ERR_FAULT. */
sc_err sc_pk_check_point(const sc_pk_point *p, const sc_curve *c)
{
    sc_word ok = sc_pk_on_curve(p, c);
    SC_DECLASSIFY(&ok, sizeof ok);          /* the verdict is public */
    return ok ? SC_OK : SC_ERR_FAULT;
}
