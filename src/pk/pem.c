/* PEM (RFC 7468 textual encoding) and base64 (RFC 4648 section 4).
 *
 * The base64 codec maps characters to values with branch-free arithmetic
 * (no table index depends on the data), and decoding is constant time in the
 * base64 characters (see b64_decode and the notes on what is public below),
 * since PEM blocks carry private keys.
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

/* Opaque copy of a mask, so that the compiler cannot turn a mask computed
 * from a secret back into a branch. */
static uint32_t bar(uint32_t x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* all-ones if lo <= c <= hi (0 <= c <= 255), else 0; branch-free */
static uint32_t in_range(int c, int lo, int hi)
{
    uint32_t s = (uint32_t)(lo - 1 - c) & (uint32_t)(c - hi - 1);
    return bar(0u - (s >> 31));
}

/* all-ones if x != 0, else 0; branch-free */
static uint32_t mask_nz(uint32_t x)
{
    return bar(0u - ((x | (0u - x)) >> 31));
}

/* all-ones if a < b, else 0; branch-free (the borrow of a - b, Hacker's
 * Delight [Warren] sec. 2-12) */
static uint32_t mask_lt(size_t a, size_t b)
{
    size_t lt = (a ^ ((a ^ b) | ((a - b) ^ b))) >> (sizeof(size_t) * CHAR_BIT - 1);
    return bar(0u - (uint32_t)lt);
}

/* Base64 value of c (RFC 4648 Table 1) in *v and the all-ones mask in the
 * return value, or 0 with *v = 0 if c is not in the alphabet; constant time
 * in c: arithmetic on the character, no table indexed by it. */
static uint32_t b64_val(uint32_t *v, int c)
{
    uint32_t az = in_range(c, 'A', 'Z'), la = in_range(c, 'a', 'z'), dg = in_range(c, '0', '9');
    uint32_t pl = in_range(c, '+', '+'), sl = in_range(c, '/', '/');
    *v = (az & (uint32_t)(c - 'A')) | (la & (uint32_t)(c - 'a' + 26)) | (dg & (uint32_t)(c - '0' + 52)) |
         (pl & 62u) | (sl & 63u);
    return az | la | dg | pl | sl;
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

/* What is public in a PEM block holding a private key: its layout, that is
 * the length, the marker lines and where the whitespace (line breaks, and
 * any spaces, tabs or CRs) is; a writer puts it at fixed positions and it
 * carries no key bit.  What is secret: which base64 character each other
 * position holds.  The functions below classify a character with
 * branch-free arithmetic and publish (SC_DECLASSIFY) only these layout
 * facts, and every verdict on a whole line (is it a marker, is it blank);
 * the control flow depends on nothing else.  In a well-formed file a data
 * line is never a marker (base64 has no '-') and never blank, so those
 * verdicts are constant over the data. */

/* 1 if c is an LF, else 0; a published layout fact. */
static int is_lf(uint8_t c)
{
    uint32_t m = in_range(c, '\n', '\n') & 1u;
    SC_DECLASSIFY(&m, sizeof m);
    return (int)m;
}

/* all-ones if c is a space, tab or CR (blank inside a line), else 0 */
static uint32_t blank_mask(uint8_t c)
{
    return in_range(c, ' ', ' ') | in_range(c, '\t', '\t') | in_range(c, '\r', '\r');
}

/* 1 if c is whitespace (space, tab, CR, LF), else 0; a published layout fact. */
static int is_space(uint8_t c)
{
    uint32_t m = (blank_mask(c) | in_range(c, '\n', '\n')) & 1u;
    SC_DECLASSIFY(&m, sizeof m);
    return (int)m;
}

/* Offset of the first LF at or after i in in[0..n), or n. */
static size_t line_end(const uint8_t *in, size_t n, size_t i)
{
    while (i < n && !is_lf(in[i]))
        i++;
    return i;
}

/* 1 if in[s..e) holds only spaces, tabs and CRs, else 0; the verdict is
 * published, the characters are read in constant time. */
static int blank_line(const uint8_t *in, size_t s, size_t e)
{
    uint32_t ok = 0xffffffffu;
    for (; s < e; s++)
        ok &= blank_mask(in[s]);
    ok &= 1u;
    SC_DECLASSIFY(&ok, sizeof ok);
    return (int)ok;
}

/* 1 if the line in[s..e) (without its LF) is the marker "<kind><label>-----"
 * followed by nothing but blanks, else 0; constant time in the characters,
 * the verdict published. */
static int marker_line(const uint8_t *in, size_t s, size_t e, const char *kind, const char *label)
{
    size_t kl = strlen(kind), ll = strlen(label), m = kl + ll + 5, j;
    uint32_t diff = 0, ok;
    if (e - s < m)
        return 0;
    for (j = 0; j < m; j++) {
        int want = j < kl ? kind[j] : j < kl + ll ? label[j - kl] : '-';
        diff |= (uint32_t)(in[s + j] ^ (uint8_t)want);
    }
    ok = ~mask_nz(diff);
    for (j = s + m; j < e; j++)
        ok &= blank_mask(in[j]);
    ok &= 1u;
    SC_DECLASSIFY(&ok, sizeof ok);
    return (int)ok;
}

/* RFC 4648 section 4 decoding of in[0..n) with whitespace skipped, strict
 * on the alphabet, on padding (only a final "=" or "==") and on the unused
 * low bits of the last character.  Constant time in the non-whitespace
 * characters: each is mapped by b64_val, every quartet is decoded and
 * checked with masks, the first error is selected by masks, and only the
 * result code and the output length are published.  The verdict is that of
 * a reading from left to right that stops at the first error: in each
 * quartet an encoding error comes before a full output buffer. */
static sc_err b64_decode(uint8_t *out, size_t *outlen, const uint8_t *in, size_t n)
{
    size_t cap = *outlen, k = 0, i, j;
    uint32_t v[4] = { 0 }, ok[4] = { 0 }, eq[4] = { 0 };  /* one quartet: values, alphabet and "=" masks */
    uint32_t acc, enc, buf, pad1, pad2, prevpad = 0, done = 0, err = 0, padn = 0;
    unsigned q = 0;
    int e;

    for (i = 0; i <= n; i++) {
        if (i < n) {
            int c = in[i];
            if (is_space((uint8_t)c))
                continue;
            ok[q] = b64_val(&v[q], c);
            eq[q] = in_range(c, '=', '=');
            if (++q < 4)
                continue;
        } else if (q == 0) {
            break;
        }
        if (q < 4) { /* a short quartet at the end of the input */
            err |= ~done & (uint32_t)SC_ERR_ENCODING;
            break;
        }
        enc = prevpad | eq[0] | eq[1];     /* data after padding, "=" too early */
        for (j = 0; j < 4; j++)
            enc |= ~(ok[j] | eq[j]);       /* a character outside the alphabet */
        enc |= eq[2] & ~eq[3];             /* "=" followed by data */
        pad2 = eq[2] & eq[3];
        pad1 = ~eq[2] & eq[3];
        acc = (v[0] << 18) | (v[1] << 12) | (v[2] << 6) | v[3];
        /* non-canonical: unused bits of the last data character set */
        enc |= (pad2 & mask_nz(v[1] & 0xfu)) | (pad1 & mask_nz(v[2] & 0x3u));
        buf = mask_lt(cap, 3 * k + 3 - ((pad2 & 2u) | (pad1 & 1u)));
        err |= ~done & ((enc & (uint32_t)SC_ERR_ENCODING) | (~enc & buf & (uint32_t)SC_ERR_BUFFER));
        done |= enc | buf;
        padn |= (pad2 & 2u) | (pad1 & 1u);
        prevpad = eq[3];
        /* the bytes a padding character stands for are zero (checked above) */
        for (j = 0; j < 3; j++)
            if (3 * k + j < cap)
                out[3 * k + j] = (uint8_t)(acc >> (16 - 8 * j));
        k++;
        q = 0;
    }
    acc = 0;
    sc_memzero(v, sizeof v);
    sc_memzero(ok, sizeof ok);
    sc_memzero(eq, sizeof eq);
    SC_DECLASSIFY(&err, sizeof err);
    SC_DECLASSIFY(&padn, sizeof padn);
    e = (int)(int32_t)err;
    if (e != SC_OK) {
        sc_memzero(out, cap);
        *outlen = 0;
        return (sc_err)e;
    }
    *outlen = 3 * k - padn;
    return SC_OK;
}

/* Offset of the first marker line "<kind><label>-----" at or after the line
 * start from (see marker_line); *after: the offset past the marker line's LF
 * (or inlen).  (size_t)-1 if there is none. */
static size_t find_marker(const uint8_t *in, size_t inlen, const char *kind, const char *label,
                          size_t from, size_t *after)
{
    size_t s = from, e;
    while (s < inlen) {
        e = line_end(in, inlen, s);
        if (marker_line(in, s, e, kind, label)) {
            *after = e < inlen ? e + 1 : e;
            return s;
        }
        s = e + 1;
    }
    return (size_t)-1;
}

/* SC_OK if every line of body[0..n) (each ended by an LF: the body stops at
 * the start of the END line) holds something other than blanks. */
static sc_err no_blank_line(const uint8_t *body, size_t n)
{
    size_t s = 0, e;
    while (s < n) {
        e = line_end(body, n, s);
        if (blank_line(body, s, e))
            return SC_ERR_ENCODING;
        s = e + 1;
    }
    return SC_OK;
}

/* 1 if needle occurs anywhere in h[0..hn); every position is compared in
 * constant time and only the verdict is published. */
static int contains(const uint8_t *h, size_t hn, const char *needle)
{
    size_t nn = strlen(needle), i, j;
    uint32_t found = 0;
    for (i = 0; i + nn <= hn; i++) {
        uint32_t diff = 0;
        for (j = 0; j < nn; j++)
            diff |= (uint32_t)(h[i + j] ^ (uint8_t)needle[j]);
        found |= ~mask_nz(diff);
    }
    found &= 1u;
    SC_DECLASSIFY(&found, sizeof found);
    return (int)found;
}

int sc_pem_has_begin(const uint8_t *in, size_t inlen)
{
    return contains(in, inlen, "-----BEGIN ");
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
    if (contains(body, bodylen, "Proc-Type:"))
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
