/* SEC1 v2 point encoding (2.3.3) and decoding with full public-key validation
 * (2.3.4, 3.2.2.1), on prime curves (ep) and binary curves (eb). */
#include "pk_internal.h"
#include "util/flash.h"
#include <string.h>

#if SC_CURVES_BINARY
/* SEC1 2.3.4 step 3 for GF(2^m) (public data, variable time): the point with
 * x-coordinate x whose y~ (bit 0 of y / x; 0 when x = 0) is ybit.
 * x = 0: y = sqrt(b).  Else z^2 + z = beta = x + a + b / x^2 has a root z
 * (half-trace, fb's sc_fb_solve_quad) unless Tr(beta) = 1; pick the root whose
 * bit 0 is ybit and y = x z. */
static sc_err eb_decompress(sc_eb_aff *q, const sc_word *x, unsigned ybit, const sc_eb_curve *c)
{
    const sc_fb_field *f = c->f;
    sc_word ta[SC_FB_MAXW], tb[SC_FB_MAXW];
    const sc_word *a = sc_flash_words(ta, c->a, f->nw), *b = sc_flash_words(tb, c->b, f->nw);
    sc_fb_elt beta, z;

    memset(q, 0, sizeof *q);
    sc_fb_copy(q->x, x, f);
    if (sc_fb_is_zero(x, f)) {
        if (ybit)
            return SC_ERR_POINT;          /* y~ of a point with x = 0 is 0 (SEC1 2.3.3) */
        sc_fb_sqrt(q->y, b, f);
        return SC_OK;
    }
    sc_fb_sqr(beta, x, f);
    sc_fb_div_var(beta, b, beta, f);      /* b / x^2 */
    sc_fb_add(beta, beta, a, f);
    sc_fb_add(beta, beta, x, f);
    if (sc_fb_solve_quad(z, beta, f) != SC_OK)
        return SC_ERR_POINT;              /* no point with this x */
    if ((z[0] & 1u) != ybit)
        z[0] ^= 1u;                       /* the other root, z + 1 */
    sc_fb_mul(q->y, x, z, f);
    return SC_OK;
}

static sc_err eb_decode(sc_eb_aff *q, const sc_curve *c, const uint8_t *in, size_t len)
{
    const sc_fb_field *f = c->eb->f;
    size_t fl = c->flen;
    sc_fb_elt x;
    sc_err e;

    memset(q, 0, sizeof *q);
    if (in[0] == 0x04) {
        if (len != 1 + 2 * fl)
            return SC_ERR_LENGTH;
        if ((e = sc_fb_from_bytes(q->x, in + 1, fl, f)) != SC_OK ||
            (e = sc_fb_from_bytes(q->y, in + 1 + fl, fl, f)) != SC_OK)
            return e;
    } else if (in[0] == 0x02 || in[0] == 0x03) {
        if (len != 1 + fl)
            return SC_ERR_LENGTH;
        memset(x, 0, sizeof x);
        if ((e = sc_fb_from_bytes(x, in + 1, fl, f)) != SC_OK)
            return e;
        if ((e = eb_decompress(q, x, in[0] & 1u, c->eb)) != SC_OK)
            return e;
    } else {
        return SC_ERR_POINT;
    }
    /* on the curve and, h being 2 or 4, n Q = O (SEC1 3.2.2.1 steps 2-4) */
    return sc_eb_validate_var(q, c->eb);
}
#endif

static sc_err ep_decode(sc_ep_aff *q, const sc_curve *c, const uint8_t *in, size_t len)
{
    const sc_fp_field *f = c->ep->fp;
    size_t fl = c->flen;
    sc_fe x;
    sc_err e;

    if (in[0] == 0x04) {
        if (len != 1 + 2 * fl)
            return SC_ERR_LENGTH;
        if ((e = sc_fp_from_bytes(q->x, in + 1, fl, f)) != SC_OK ||
            (e = sc_fp_from_bytes(q->y, in + 1 + fl, fl, f)) != SC_OK)
            return e;
        if (!sc_ep_on_curve(q, c->ep))
            return SC_ERR_POINT;
    } else if (in[0] == 0x02 || in[0] == 0x03) {
        if (len != 1 + fl)
            return SC_ERR_LENGTH;
        if ((e = sc_fp_from_bytes(x, in + 1, fl, f)) != SC_OK)
            return e;
        sc_fp_to_canon(x, x, f);
        if ((e = sc_ep_decompress_var(q, x, in[0] & 1u, c->ep)) != SC_OK)
            return e;
    } else {
        return SC_ERR_POINT;
    }
    /* With cofactor 1 every curve point other than O has order n (SEC1 3.2.2.1 step 4 is implied). */
    if (c->ep->h != 1)
        return SC_ERR_UNSUPPORTED;
    return SC_OK;
}

sc_err sc_pk_decode_point(sc_pk_point *q, const sc_curve *c, const uint8_t *in, size_t len)
{
    if (len == 0)
        return SC_ERR_LENGTH;
    if (in[0] == 0x00)
        return len == 1 ? SC_ERR_INFINITY : SC_ERR_POINT;
#if SC_CURVES_BINARY
    if (c->eb)
        return eb_decode(&q->eb, c, in, len);
#endif
    return ep_decode(&q->ep, c, in, len);
}

sc_err sc_pk_encode_point(uint8_t *out, size_t *outlen, const sc_pk_point *q, const sc_curve *c, int compressed)
{
    size_t fl = c->flen, need = compressed ? 1 + fl : 1 + 2 * fl;
    if (*outlen < need)
        return SC_ERR_BUFFER;
#if SC_CURVES_BINARY
    if (c->eb) {
        const sc_fb_field *f = c->eb->f;
        sc_fb_to_bytes(out + 1, q->eb.x, f);
        if (compressed) {
            /* y~ = bit 0 of y / x (SEC1 2.3.3 step 3.3); sc_fb_div gives 0 for x = 0,
             * where y~ is 0: constant time, no case split. */
            sc_fb_elt t;
            sc_fb_div(t, q->eb.y, q->eb.x, f);
            out[0] = (uint8_t)(0x02 | (t[0] & 1u));
            sc_memzero(t, sizeof t);
        } else {
            out[0] = 0x04;
            sc_fb_to_bytes(out + 1 + fl, q->eb.y, f);
        }
        *outlen = need;
        return SC_OK;
    }
#endif
    sc_fp_to_bytes(out + 1, q->ep.x, c->ep->fp);
    if (compressed) {
        out[0] = (uint8_t)(0x02 | sc_fp_is_odd(q->ep.y, c->ep->fp));
    } else {
        out[0] = 0x04;
        sc_fp_to_bytes(out + 1 + fl, q->ep.y, c->ep->fp);
    }
    *outlen = need;
    return SC_OK;
}

sc_err sc_pub_validate(const sc_curve *c, const uint8_t *pub, size_t publen)
{
    sc_pk_point q;
    if (!c || !pub)
        return SC_ERR_ARG;
    return sc_pk_decode_point(&q, c, pub, publen);
}

sc_err sc_pub_convert(const sc_curve *c, uint8_t *out, size_t *outlen, int compressed,
                      const uint8_t *pub, size_t publen)
{
    sc_pk_point q;
    sc_err e = SC_ERR_ARG;
    size_t cap;
    if (!out || !outlen)
        return SC_ERR_ARG;
    cap = *outlen;
    if (c && pub && (e = sc_pk_decode_point(&q, c, pub, publen)) == SC_OK)
        e = sc_pk_encode_point(out, outlen, &q, c, compressed);
    if (e != SC_OK) {
        memset(out, 0, cap);
        *outlen = 0;
    }
    return e;
}
