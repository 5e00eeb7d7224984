/* Strict DER reader and minimal DER writer (ITU-T X.690 section 10).
 * See asn1.h.  Everything here handles public structure only; callers wipe
 * any buffer that held secret content.
 *
 * The reader publishes (SC_DECLASSIFY) every byte it branches on: the tag
 * and length bytes of each element and the contents of INTEGERs, OBJECT
 * IDENTIFIERs and BIT STRINGs, which in the key and signature formats are
 * structure, versions, curve names and parameters, public points and
 * signatures.  It never reads an OCTET STRING's contents, where a key file
 * keeps its private key, so that key stays secret when the whole file is
 * (the constant-time test parses PEM key files marked secret in full). */
#include "asn1.h"
#include <seacurve/util.h>
#include <string.h>

void sc_asn1_init(sc_asn1 *rd, const uint8_t *p, size_t n)
{
    rd->p = p;
    rd->n = p ? n : 0;
}

int sc_asn1_empty(const sc_asn1 *rd)
{
    return rd->n == 0;
}

int sc_asn1_peek(const sc_asn1 *rd)
{
    if (!rd->n)
        return -1;
    SC_DECLASSIFY(rd->p, 1);
    return (int)rd->p[0];
}

/* X.690 8.1.2 (identifier) and 8.1.3 / 10.1 (definite length, minimal form). */
sc_err sc_asn1_get_any(sc_asn1 *rd, unsigned *tag, sc_asn1 *content)
{
    const uint8_t *p = rd->p;
    size_t left = rd->n, hl;
    uint32_t len;
    unsigned t;

    content->p = NULL;
    content->n = 0;
    if (left < 2)
        return SC_ERR_ENCODING;
    SC_DECLASSIFY(p, 2);
    t = p[0];
    if ((t & 0x1fu) == 0x1fu) /* high tag number form: never used here */
        return SC_ERR_ENCODING;
    if (p[1] < 0x80u) {
        len = p[1];
        hl = 2;
    } else {
        size_t k = p[1] & 0x7fu, i;
        /* 0x80 is the indefinite form (BER only); more than 4 length bytes
         * cannot describe anything that fits. */
        if (k == 0 || k > 4 || left - 2 < k)
            return SC_ERR_ENCODING;
        SC_DECLASSIFY(p + 2, k);
        if (p[2] == 0) /* leading zero length byte: not minimal */
            return SC_ERR_ENCODING;
        len = 0;
        for (i = 0; i < k; i++)
            len = (len << 8) | p[2 + i];
        if (len < 0x80u) /* long form for a short length: not minimal */
            return SC_ERR_ENCODING;
        hl = 2 + k;
    }
    if ((uint64_t)len > (uint64_t)(left - hl))
        return SC_ERR_ENCODING;
    *tag = t;
    content->p = p + hl;
    content->n = (size_t)len;
    rd->p = p + hl + len;
    rd->n = left - hl - len;
    return SC_OK;
}

sc_err sc_asn1_get(sc_asn1 *rd, unsigned tag, sc_asn1 *content)
{
    sc_asn1 save = *rd;
    unsigned t;
    sc_err e = sc_asn1_get_any(rd, &t, content);
    if (e != SC_OK)
        return e;
    if (t != tag) {
        *rd = save;
        content->p = NULL;
        content->n = 0;
        return SC_ERR_ENCODING;
    }
    return SC_OK;
}

/* X.690 8.3: two's complement, 8.3.2: the first nine bits are not all equal. */
sc_err sc_asn1_get_uint(sc_asn1 *rd, const uint8_t **mag, size_t *maglen)
{
    sc_asn1 c;
    sc_err e = sc_asn1_get(rd, SC_ASN1_INTEGER, &c);
    *mag = NULL;
    *maglen = 0;
    if (e != SC_OK)
        return e;
    if (c.n == 0)
        return SC_ERR_ENCODING;
    SC_DECLASSIFY(c.p, c.n);
    if (c.p[0] & 0x80u) /* negative */
        return SC_ERR_ENCODING;
    if (c.p[0] == 0 && c.n > 1) {
        if (!(c.p[1] & 0x80u)) /* redundant leading zero */
            return SC_ERR_ENCODING;
        c.p++;
        c.n--;
    }
    *mag = c.p;
    *maglen = c.n;
    return SC_OK;
}

sc_err sc_asn1_get_small(sc_asn1 *rd, unsigned *v)
{
    const uint8_t *m;
    size_t n;
    sc_err e = sc_asn1_get_uint(rd, &m, &n);
    *v = 0;
    if (e != SC_OK)
        return e;
    if (n != 1 || m[0] > 127u)
        return SC_ERR_ENCODING;
    *v = m[0];
    return SC_OK;
}

/* X.690 8.19.2: each subidentifier is base 128, high bit set on all but its
 * last byte, and uses as few bytes as possible (no leading 0x80). */
sc_err sc_asn1_get_oid(sc_asn1 *rd, const uint8_t **oid, size_t *oidlen)
{
    sc_asn1 c;
    size_t i;
    int start = 1;
    sc_err e = sc_asn1_get(rd, SC_ASN1_OID, &c);
    *oid = NULL;
    *oidlen = 0;
    if (e != SC_OK)
        return e;
    SC_DECLASSIFY(c.p, c.n);
    if (c.n == 0 || (c.p[c.n - 1] & 0x80u))
        return SC_ERR_ENCODING;
    for (i = 0; i < c.n; i++) {
        if (start && c.p[i] == 0x80u)
            return SC_ERR_ENCODING;
        start = !(c.p[i] & 0x80u);
    }
    *oid = c.p;
    *oidlen = c.n;
    return SC_OK;
}

/* X.690 8.6: the first content byte counts the unused bits of the last byte;
 * key formats (RFC 5480 2.2, RFC 5915 3) carry whole octets, so it must be 0. */
sc_err sc_asn1_get_bits(sc_asn1 *rd, unsigned tag, const uint8_t **bits, size_t *bitslen)
{
    sc_asn1 c;
    sc_err e = sc_asn1_get(rd, tag, &c);
    *bits = NULL;
    *bitslen = 0;
    if (e != SC_OK)
        return e;
    SC_DECLASSIFY(c.p, c.n);
    if (c.n == 0 || c.p[0] != 0)
        return SC_ERR_ENCODING;
    *bits = c.p + 1;
    *bitslen = c.n - 1;
    return SC_OK;
}

void sc_asn1w_init(sc_asn1w *w, uint8_t *buf, size_t cap)
{
    w->buf = buf;
    w->cap = buf ? cap : 0;
    w->pos = 0;
}

size_t sc_asn1_len_size(size_t len)
{
    size_t k = 1;
    if (len < 0x80u)
        return 1;
    while (len) {
        k++;
        len >>= 8;
    }
    return k;
}

size_t sc_asn1_tlv_size(size_t len)
{
    return 1 + sc_asn1_len_size(len) + len;
}

static void put(sc_asn1w *w, uint8_t b)
{
    if (w->pos < w->cap)
        w->buf[w->pos] = b;
    w->pos++;
}

void sc_asn1w_bytes(sc_asn1w *w, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        put(w, p[i]);
}

void sc_asn1w_hdr(sc_asn1w *w, unsigned tag, size_t len)
{
    size_t k = sc_asn1_len_size(len);
    put(w, (uint8_t)tag);
    if (k == 1) {
        put(w, (uint8_t)len);
    } else {
        put(w, (uint8_t)(0x80u | (k - 1)));
        while (--k)
            put(w, (uint8_t)(len >> (8 * (k - 1))));
    }
}

static void strip(const uint8_t **mag, size_t *n)
{
    while (*n > 1 && (*mag)[0] == 0) {
        (*mag)++;
        (*n)--;
    }
}

size_t sc_asn1_uint_len(const uint8_t *mag, size_t n)
{
    if (n == 0)
        return 1;
    strip(&mag, &n);
    return n + ((mag[0] & 0x80u) ? 1u : 0u);
}

void sc_asn1w_uint(sc_asn1w *w, const uint8_t *mag, size_t n)
{
    size_t len = sc_asn1_uint_len(mag, n);
    sc_asn1w_hdr(w, SC_ASN1_INTEGER, len);
    if (n == 0) {
        put(w, 0);
        return;
    }
    strip(&mag, &n);
    if (mag[0] & 0x80u)
        put(w, 0);
    sc_asn1w_bytes(w, mag, n);
}

sc_err sc_asn1w_done(const sc_asn1w *w)
{
    return w->pos <= w->cap ? SC_OK : SC_ERR_BUFFER;
}
