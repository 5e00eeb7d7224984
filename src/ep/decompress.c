/* Point decompression, SEC1 v2 section 2.3.4: y = sqrt(x^3 + a*x + b) with the requested parity. */
#include <seacurve/ep.h>
#include <seacurve/util.h>
#include "util/flash.h"

sc_err sc_ep_decompress_var(sc_ep_aff *r, const sc_word *x, unsigned y_odd, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_fe t, u;

    sc_fp_from_canon(r->x, x, f);
    sc_fp_sqr(t, r->x, f);
    if (c->a_kind != SC_EP_A_ZERO) {
        sc_fp_from_canon(u, sc_flash_words(u, c->a, f->nw), f);
        sc_fp_add(t, t, u, f);
    }
    sc_fp_mul(t, t, r->x, f);           /* x^3 + a*x */
    sc_fp_from_canon(u, sc_flash_words(u, c->b, f->nw), f);
    sc_fp_add(t, t, u, f);              /* x^3 + a*x + b */
    if (sc_fp_sqrt_var(r->y, t, f) != SC_OK)
        goto fail;
    if (sc_fp_is_odd(r->y, f) != (y_odd & 1u))
        sc_fp_neg(r->y, r->y, f);
    /* y = 0 has no odd root: the parity request cannot be met */
    if (sc_fp_is_odd(r->y, f) != (y_odd & 1u))
        goto fail;
    return SC_OK;
fail:
    sc_memzero(r, sizeof *r);
    return SC_ERR_POINT;
}
