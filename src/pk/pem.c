/* PEM (RFC 7468 textual encoding) and base64 (RFC 4648 section 4).
 *
 * The base64 codec maps characters to values with branch-free arithmetic
 * (no table index depends on the data), since PEM blocks carry private keys.
 * Decoding is strict on the alphabet and on padding (only a final "=" or "==",
 * and the unused low bits of the last character must be zero), and tolerant
 * of whitespace inside a line (any line length, LF or CRLF).
 *
 * Framing, as OpenSSL's PEM_read_bio reads it: each marker is a line of its
 * own, "-----BEGIN label-----" or "-----END label-----" from the first column,
 * followed by nothing but spaces, tabs or a CR; a marker that does not start a
 * line or has other text after it is no marker.  Every line between the two
 * holds base64 (a blank line there is refused: OpenSSL refuses one between or
 * after the data lines, and takes one right after BEGIN for an RFC 1421 header
 * separator, which seacurve does not support).  Whole lines before the BEGIN
 * line and after the END line are ignored. */
#include <seacurve/encoding.h>
#include <seacurve/util.h>
#include <limits.h>
#include <string.h>
#include "asn1.h"

#ifndef SC_NO_KEYFILE /* else: PEM left out with the key files (seacurve/config.h) */

#define SC_PEM_MAX_LABEL 64
#define SC_PEM_LINE 64

/* all-ones if lo <= c <= hi (0 <= c <= 255), else 0; branch-free */
static unsigned in_range(int c, int lo, int hi)
{
    unsigned s = (unsigned)(lo - 1 - c) & (unsigned)(c - hi - 1);
    return 0u - (s >> (sizeof(unsigned) * CHAR_BIT - 1));
}

/* Base64 value of c (RFC 4648 Table 1), or -1; constant time in c. */
static int b64_val(int c)
{
    unsigned v = 0, ok;
    v |= in_range(c, 'A', 'Z') & (unsigned)(c - 'A');
    v |= in_range(c, 'a', 'z') & (unsigned)(c - 'a' + 26);
    v |= in_range(c, '0', '9') & (unsigned)(c - '0' + 52);
    v |= in_range(c, '+', '+') & 62u;
    v |= in_range(c, '/', '/') & 63u;
    ok = in_range(c, 'A', 'Z') | in_range(c, 'a', 'z') | in_range(c, '0', '9') |
         in_range(c, '+', '+') | in_range(c, '/', '/');
    return (int)(v & ok) | (int)~ok;
}

/* Base64 character of 0 <= v < 64; constant time in v. */
static uint8_t b64_chr(unsigned v)
{
    /* start from 'A' + v and add the gap to the next range for each range
     * boundary v has passed (arithmetic mod 256) */
    unsigned c = v + 'A';
    c += in_range((int)v, 26, 63) & 6u;                  /* 'a' - 'A' - 26 */
    c += in_range((int)v, 52, 63) & (unsigned)(256 - 75); /* '0' - 'a' - 26 */
    c += in_range((int)v, 62, 63) & (unsigned)(256 - 15); /* '+' - '0' - 10 */
    c += in_range((int)v, 63, 63) & 3u;                  /* '/' - '+' - 1 */
    return (uint8_t)c;
}

static int is_space(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* RFC 4648 section 4 decoding of in[0..n) with whitespace skipped. */
static sc_err b64_decode(uint8_t *out, size_t *outlen, const uint8_t *in, size_t n)
{
    size_t cap = *outlen, o = 0, i;
    uint32_t acc = 0;
    unsigned q = 0, pad = 0;
    sc_err e = SC_OK;

    for (i = 0; i < n && e == SC_OK; i++) {
        uint8_t c = in[i];
        int v;
        if (is_space(c))
            continue;
        if (c == '=') {
            /* padding: only in the last two positions of a quartet */
            if (q < 2) {
                e = SC_ERR_ENCODING;
                break;
            }
            pad++;
            q++;
            if (q == 4) {
                q = 0;
                if (pad == 2 ? (acc & 0xfu) : (acc & 0x3u))
                    e = SC_ERR_ENCODING; /* non-canonical trailing bits */
                else if (o + (3 - pad) > cap)
                    e = SC_ERR_BUFFER;
                else if (pad == 2) {
                    out[o++] = (uint8_t)(acc >> 4);
                } else {
                    out[o++] = (uint8_t)(acc >> 10);
                    out[o++] = (uint8_t)(acc >> 2);
                }
                acc = 0;
                /* after a padded quartet only whitespace may follow */
                for (i++; i < n && e == SC_OK; i++)
                    if (!is_space(in[i]))
                        e = SC_ERR_ENCODING;
                break;
            }
            continue;
        }
        if (pad) {
            e = SC_ERR_ENCODING;
            break;
        }
        v = b64_val(c);
        if (v < 0) {
            e = SC_ERR_ENCODING;
            break;
        }
        acc = (acc << 6) | (uint32_t)v;
        if (++q == 4) {
            if (o + 3 > cap) {
                e = SC_ERR_BUFFER;
                break;
            }
            out[o++] = (uint8_t)(acc >> 16);
            out[o++] = (uint8_t)(acc >> 8);
            out[o++] = (uint8_t)acc;
            acc = 0;
            q = 0;
        }
    }
    if (e == SC_OK && q != 0)
        e = SC_ERR_ENCODING; /* incomplete quartet */
    acc = 0;
    if (e != SC_OK) {
        sc_memzero(out, cap);
        *outlen = 0;
        return e;
    }
    *outlen = o;
    return SC_OK;
}

/* Index of needle in h[from..hn), or (size_t)-1. */
static size_t find(const uint8_t *h, size_t hn, const char *needle, size_t nn, size_t from)
{
    size_t i;
    if (nn > hn)
        return (size_t)-1;
    for (i = from; i + nn <= hn; i++)
        if (memcmp(h + i, needle, nn) == 0)
            return i;
    return (size_t)-1;
}

/* 1 if in[i..) up to the next LF (or the end) is only spaces, tabs and CRs;
 * *eol: the offset just past that LF (or inlen). */
static int rest_of_line_blank(const uint8_t *in, size_t inlen, size_t i, size_t *eol)
{
    for (; i < inlen && in[i] != '\n'; i++)
        if (in[i] != ' ' && in[i] != '\t' && in[i] != '\r')
            return 0;
    *eol = i < inlen ? i + 1 : i;
    return 1;
}

/* Offset of the first marker line "<kind><label>-----" at or after from: it
 * starts a line (offset 0 or just after an LF) and nothing but blanks follow
 * it on that line.  *after: the offset past the marker line's LF (or inlen).
 * (size_t)-1 if there is none. */
static size_t find_marker(const uint8_t *in, size_t inlen, const char *kind, const char *label,
                          size_t from, size_t *after)
{
    size_t kl = strlen(kind), ll = strlen(label), pos = from;
    for (;;) {
        size_t i = find(in, inlen, kind, kl, pos);
        if (i == (size_t)-1)
            return i;
        if ((i == 0 || in[i - 1] == '\n') && inlen - (i + kl) >= ll + 5 &&
            memcmp(in + i + kl, label, ll) == 0 && memcmp(in + i + kl + ll, "-----", 5) == 0 &&
            rest_of_line_blank(in, inlen, i + kl + ll + 5, after))
            return i;
        pos = i + 1;
    }
}

/* SC_OK if every line of body[0..n) (each ended by an LF: the body stops at
 * the start of the END line) holds something other than blanks.  Its branches
 * depend only on where the whitespace and line ends are, as b64_decode's do,
 * not on the values of the base64 characters. */
static sc_err no_blank_line(const uint8_t *body, size_t n)
{
    size_t i = 0, eol;
    while (i < n) {
        if (rest_of_line_blank(body, n, i, &eol))
            return SC_ERR_ENCODING;
        while (i < n && body[i] != '\n')
            i++;
        i++;
    }
    return SC_OK;
}

sc_err sc_pem_find(const uint8_t **body, size_t *bodylen, size_t *start, const char *label,
                   const uint8_t *in, size_t inlen)
{
    size_t b, bend, e, eend;
    *body = NULL;
    *bodylen = 0;
    *start = (size_t)-1;
    if (!label || !in || strlen(label) > SC_PEM_MAX_LABEL)
        return SC_ERR_ARG;
    b = find_marker(in, inlen, "-----BEGIN ", label, 0, &bend);
    if (b == (size_t)-1)
        return SC_ERR_ENCODING;
    e = find_marker(in, inlen, "-----END ", label, bend, &eend);
    if (e == (size_t)-1)
        return SC_ERR_ENCODING;
    *body = in + bend;
    *bodylen = e - bend;
    *start = b;
    return SC_OK;
}

sc_err sc_pem_decode(uint8_t *der, size_t *derlen, const char *label, const uint8_t *in, size_t inlen)
{
    const uint8_t *body;
    size_t bodylen, start, cap;
    sc_err e;

    if (!derlen)
        return SC_ERR_ARG;
    cap = *derlen;
    *derlen = 0;
    if (!der) {
        return SC_ERR_ARG;
    }
    sc_memzero(der, cap);
    e = sc_pem_find(&body, &bodylen, &start, label, in, inlen);
    if (e != SC_OK)
        return e;
    /* RFC 1421 encapsulated headers (legacy encrypted PEM) are not supported. */
    if (find(body, bodylen, "Proc-Type:", 10, 0) != (size_t)-1)
        return SC_ERR_UNSUPPORTED;
    e = no_blank_line(body, bodylen);
    if (e != SC_OK)
        return e;
    *derlen = cap;
    return b64_decode(der, derlen, body, bodylen);
}

static size_t pem_size(size_t ll, size_t derlen)
{
    size_t b64 = 4 * ((derlen + 2) / 3);
    size_t lines = (b64 + SC_PEM_LINE - 1) / SC_PEM_LINE;
    return (11 + ll + 5 + 1) + b64 + lines + (9 + ll + 5 + 1);
}

static void put_str(uint8_t *out, size_t *o, const char *s)
{
    size_t n = strlen(s);
    memcpy(out + *o, s, n);
    *o += n;
}

sc_err sc_pem_encode(uint8_t *out, size_t *outlen, const char *label, const uint8_t *der, size_t derlen)
{
    size_t cap, ll, need, o = 0, i, col = 0;

    if (!outlen)
        return SC_ERR_ARG;
    cap = *outlen;
    *outlen = 0;
    if (!out)
        return SC_ERR_ARG;
    sc_memzero(out, cap);
    if (!label || (!der && derlen) || (ll = strlen(label)) > SC_PEM_MAX_LABEL)
        return SC_ERR_ARG;
    if (derlen > ((size_t)-1 - 256) / 2)
        return SC_ERR_LENGTH;
    need = pem_size(ll, derlen);
    if (need > cap)
        return SC_ERR_BUFFER;
    put_str(out, &o, "-----BEGIN ");
    put_str(out, &o, label);
    put_str(out, &o, "-----\n");
    for (i = 0; i < derlen; i += 3) {
        size_t k = derlen - i < 3 ? derlen - i : 3, j;
        uint32_t acc = (uint32_t)der[i] << 16;
        uint8_t q[4];
        if (k > 1)
            acc |= (uint32_t)der[i + 1] << 8;
        if (k > 2)
            acc |= der[i + 2];
        q[0] = b64_chr((acc >> 18) & 63u);
        q[1] = b64_chr((acc >> 12) & 63u);
        q[2] = k > 1 ? b64_chr((acc >> 6) & 63u) : (uint8_t)'=';
        q[3] = k > 2 ? b64_chr(acc & 63u) : (uint8_t)'=';
        for (j = 0; j < 4; j++) {
            out[o++] = q[j];
            if (++col == SC_PEM_LINE) {
                out[o++] = '\n';
                col = 0;
            }
        }
        acc = 0;
        sc_memzero(q, sizeof q);
    }
    if (col)
        out[o++] = '\n';
    put_str(out, &o, "-----END ");
    put_str(out, &o, label);
    put_str(out, &o, "-----\n");
    *outlen = o;
    return SC_OK;
}

#endif
