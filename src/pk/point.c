/* SEC1 v2 point encoding (2.3.3) and decoding with full public-key validation (2.3.4, 3.2.2.1). */
#include "pk_internal.h"
#include <string.h>

sc_err sc_pk_decode_point(sc_ep_aff *q, const sc_curve *c, const uint8_t *in, size_t len)
{
    const sc_fp_field *f = c->ep->fp;
    size_t fl = c->flen;
    sc_fe x;
    sc_err e;

    if (len == 0)
        return SC_ERR_LENGTH;
    if (in[0] == 0x00)
        return len == 1 ? SC_ERR_INFINITY : SC_ERR_POINT;
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

sc_err sc_pk_encode_point(uint8_t *out, size_t *outlen, const sc_ep_aff *q, const sc_curve *c, int compressed)
{
    size_t fl = c->flen, need = compressed ? 1 + fl : 1 + 2 * fl;
    if (*outlen < need)
        return SC_ERR_BUFFER;
    sc_fp_to_bytes(out + 1, q->x, c->ep->fp);
    if (compressed) {
        out[0] = (uint8_t)(0x02 | sc_fp_is_odd(q->y, c->ep->fp));
    } else {
        out[0] = 0x04;
        sc_fp_to_bytes(out + 1 + fl, q->y, c->ep->fp);
    }
    *outlen = need;
    return SC_OK;
}

sc_err sc_pub_validate(const sc_curve *c, const uint8_t *pub, size_t publen)
{
    sc_ep_aff q;
    if (!c || !pub)
        return SC_ERR_ARG;
    return sc_pk_decode_point(&q, c, pub, publen);
}

sc_err sc_pub_convert(const sc_curve *c, uint8_t *out, size_t *outlen, int compressed,
                      const uint8_t *pub, size_t publen)
{
    sc_ep_aff q;
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
