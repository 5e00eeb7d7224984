/* seacurve CLI: reading key files, with a precise reason when they are bad. */
#include "cli.h"
#include <stdlib.h>
#include <string.h>

static char g_msg[256];

const char *cli_key_err(sc_err e)
{
    switch (e) {
    case SC_ERR_CURVE:
        return "curve not supported by seacurve, or the key names no curve";
    case SC_ERR_CURVE_MISMATCH:
        return "the key and its curve parameters name different curves";
    case SC_ERR_SCALAR:
        return "private key out of range (0 or not below the group order)";
    case SC_ERR_POINT:
        return "public key is not a point of its curve, or does not match the private key";
    case SC_ERR_RANGE:
        return "public key coordinate out of range (not below p)";
    case SC_ERR_INFINITY:
        return "public key is the point at infinity";
    case SC_ERR_LENGTH:
        return "public key of the wrong length for its curve";
    case SC_ERR_KEY_TYPE:
        return "public key where a private key is expected";
    case SC_ERR_UNSUPPORTED:
        return "not an EC key on a curve seacurve supports (other algorithms, explicit parameters of an unknown or binary-field curve, and encrypted keys are not supported)";
    case SC_ERR_ENCODING:
        return "malformed key encoding";
    default:
        return sc_strerror(e);
    }
}

enum { DL_OK, DL_TRUNC, DL_INDEF, DL_TOOLONG, DL_LEAD0, DL_SHORT };

static const char *const der_len_why[] = {
    "", "truncated length", "indefinite length (BER, not DER)", "length field of more than 4 bytes",
    "non-minimal length (leading zero byte)", "non-minimal length (long form for a length below 128)"
};

/* One DER length field at p[0..left) (X.690 8.1.3, 10.1: definite, minimal):
 * the content length in *len and the field's size in *ll; DL_OK or why not. */
static int der_len(const unsigned char *p, size_t left, size_t *len, size_t *ll)
{
    size_t n, i;
    *len = 0;
    *ll = 0;
    if (left < 1)
        return DL_TRUNC;
    if (p[0] < 0x80) {
        *len = p[0];
        *ll = 1;
        return DL_OK;
    }
    if (p[0] == 0x80)
        return DL_INDEF;
    n = p[0] & 0x7fu;
    if (n > 4)
        return DL_TOOLONG;
    if (left < 1 + n)
        return DL_TRUNC;
    if (p[1] == 0)
        return DL_LEAD0;
    for (i = 0; i < n; i++)
        *len = (*len << 8) | p[1 + i];
    if (*len < 0x80)
        return DL_SHORT;
    *ll = 1 + n;
    return DL_OK;
}

/* The first DER rule broken anywhere in p[0..len), walking into every
 * constructed element and into the OCTET STRING that holds a PKCS#8 key's
 * ECPrivateKey (third element of the outer SEQUENCE); NULL if none.  An
 * explicit stack of enclosing ends, no recursion. */
static const char *der_walk(const unsigned char *p, size_t len)
{
    size_t end[8], idx[8], depth = 0, pos = 0;
    end[0] = len;
    idx[0] = 0;
    for (;;) {
        size_t clen, ll, hdr, room;
        unsigned tag;
        int dl;
        if (pos == end[depth]) {
            if (depth == 0)
                return NULL;
            depth--;
            continue;
        }
        tag = p[pos];
        room = end[depth] - pos - 1;
        if ((tag & 0x1fu) == 0x1fu) {
            snprintf(g_msg, sizeof g_msg, "malformed DER: multi-byte tag at offset %zu", pos);
            return g_msg;
        }
        dl = der_len(p + pos + 1, room, &clen, &ll);
        if (dl == DL_TRUNC && pos == 0)
            return "truncated DER (length cut off)";
        if (dl != DL_OK) {
            snprintf(g_msg, sizeof g_msg, "malformed DER: %s at offset %zu", der_len_why[dl], pos + 1);
            return g_msg;
        }
        hdr = 1 + ll;
        if (clen > room - ll) {
            if (pos == 0)
                snprintf(g_msg, sizeof g_msg, "truncated DER (%zu bytes, the encoding needs %zu)", len, hdr + clen);
            else
                snprintf(g_msg, sizeof g_msg,
                         "malformed DER: the element at offset %zu runs past the end of the one that holds it", pos);
            return g_msg;
        }
        if (pos == 0 && hdr + clen < len) {
            snprintf(g_msg, sizeof g_msg, "%zu bytes of trailing data after the DER structure", len - (hdr + clen));
            return g_msg;
        }
        if (tag == 0x02 && (clen == 0 || (clen > 1 && ((p[pos + hdr] == 0 && !(p[pos + hdr + 1] & 0x80)) ||
                                                        (p[pos + hdr] == 0xff && (p[pos + hdr + 1] & 0x80)))))) {
            snprintf(g_msg, sizeof g_msg, "malformed DER: INTEGER at offset %zu is not minimally encoded", pos);
            return g_msg;
        }
        if (tag == 0x03 && (clen == 0 || p[pos + hdr] != 0)) {
            snprintf(g_msg, sizeof g_msg, "malformed DER: BIT STRING at offset %zu has unused bits", pos);
            return g_msg;
        }
        idx[depth]++;
        if (depth + 1 < sizeof end / sizeof end[0] &&
            ((tag & 0x20u) || (tag == 0x04 && depth == 1 && idx[1] == 3 && clen && p[pos + hdr] == 0x30))) {
            end[++depth] = pos + hdr + clen;
            idx[depth] = 0;
            pos += hdr;
        } else {
            pos += hdr + clen;
        }
    }
}

const char *cli_der_problem(const unsigned char *p, size_t len)
{
    if (len == 0)
        return "empty DER";
    if (p[0] != 0x30)
        return "does not start with a DER SEQUENCE";
    if (len < 2)
        return "truncated DER (no length)";
    return der_walk(p, len);
}

static const unsigned char *memfind(const unsigned char *h, size_t hl, const char *n)
{
    size_t nl = strlen(n), i;
    if (nl > hl)
        return NULL;
    for (i = 0; i + nl <= hl; i++)
        if (memcmp(h + i, n, nl) == 0)
            return h + i;
    return NULL;
}

/* 1 if the DER holds the id-ecPublicKey OID (PKCS#8, SPKI) or a named-curve
 * OID (SEC1 parameters): tells "not an EC key" from "a broken EC key". */
static int has_ec_oid(const unsigned char *p, size_t len)
{
    static const unsigned char ec_pub[] = { 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };
    size_t i, j;
    for (i = 0; i + sizeof ec_pub <= len; i++)
        if (memcmp(p + i, ec_pub, sizeof ec_pub) == 0)
            return 1;
    for (j = 0; sc_curve_at(j); j++) {
        const sc_curve *c = sc_curve_at(j);
        if (c->oid_len == 0)
            continue;   /* a curve without an OID (oid NULL): nothing to find */
        for (i = 0; i + 2 + c->oid_len <= len; i++)
            if (p[i] == 0x06 && p[i + 1] == c->oid_len && memcmp(p + i + 2, c->oid, c->oid_len) == 0)
                return 1;
    }
    return 0;
}

/* 1 if the marker at m starts a line of in[0..len) and only spaces, tabs and
 * a CR follow its closing "-----" on that line (the library's PEM rule). */
static int marker_line_ok(const unsigned char *in, size_t len, const unsigned char *m)
{
    const unsigned char *e = in + len, *q;
    if (m != in && m[-1] != '\n')
        return 0;
    q = memfind(m + 5, (size_t)(e - (m + 5)), "-----");
    if (!q)
        return 0;
    for (q += 5; q < e && *q != '\n'; q++)
        if (*q != ' ' && *q != '\t' && *q != '\r')
            return 0;
    return 1;
}

/* 1 if a line between the BEGIN line at b and the END line at e is blank. */
static int blank_line_between(const unsigned char *b, const unsigned char *e)
{
    const unsigned char *q = memchr(b, '\n', (size_t)(e - b));
    while (q && ++q < e) {
        const unsigned char *r = q;
        while (r < e && (*r == ' ' || *r == '\t' || *r == '\r'))
            r++;
        if (r < e && *r == '\n')
            return 1;
        q = memchr(q, '\n', (size_t)(e - q));
    }
    return 0;
}

static const char *const key_labels[] = { "EC PRIVATE KEY", "PRIVATE KEY", "PUBLIC KEY" };

/* Why PEM input failed to parse as a key (after sc_key_parse said SC_ERR_ENCODING). */
static const char *pem_problem(const unsigned char *in, size_t len)
{
    const unsigned char *best = NULL, *b, *end;
    const char *label = NULL;
    char marker[64];
    size_t i;

    for (i = 0; i < sizeof key_labels / sizeof key_labels[0]; i++) {
        snprintf(marker, sizeof marker, "-----BEGIN %s-----", key_labels[i]);
        b = memfind(in, len, marker);
        if (b && (!best || b < best)) {
            best = b;
            label = key_labels[i];
        }
    }
    if (!best) {
        b = memfind(in, len, "-----BEGIN ");
        if (!b)
            return "not a PEM or DER key";
        b += 11;
        for (i = 0; b + i < in + len && i < 40 && b[i] != '-' && b[i] >= 0x20 && b[i] < 0x7f; i++)
            ;
        if (b + i + 5 > in + len || memcmp(b + i, "-----", 5) != 0)
            return "malformed PEM: bad -----BEGIN line";
        if (i == 14 && memcmp(b, "EC PARAMETERS", 13) == 0)
            return "PEM holds only EC PARAMETERS, no key";
        snprintf(g_msg, sizeof g_msg, "PEM block \"%.*s\" is not an EC key (EC PRIVATE KEY, PRIVATE KEY or PUBLIC KEY)",
                 (int)i, (const char *)b);
        return g_msg;
    }
    if (!marker_line_ok(in, len, best)) {
        snprintf(g_msg, sizeof g_msg, "malformed PEM: the -----BEGIN %s----- marker is not on a line of its own",
                 label);
        return g_msg;
    }
    snprintf(marker, sizeof marker, "-----END %s-----", label);
    end = memfind(best, len - (size_t)(best - in), marker);
    if (!end) {
        snprintf(g_msg, sizeof g_msg, "truncated PEM: no \"%s\" line", marker);
        return g_msg;
    }
    if (!marker_line_ok(in, len, end)) {
        snprintf(g_msg, sizeof g_msg, "malformed PEM: the %s marker is not on a line of its own", marker);
        return g_msg;
    }
    if (blank_line_between(best, end)) {
        snprintf(g_msg, sizeof g_msg, "malformed PEM: blank line inside the %s block", label);
        return g_msg;
    }
    {
        size_t cap = len, derlen = cap;
        unsigned char *der = malloc(cap);
        const char *why;
        int ec;
        sc_err e;
        if (!der)
            return "out of memory";
        e = sc_pem_decode(der, &derlen, label, best, len - (size_t)(best - in));
        if (e != SC_OK) {
            sc_memzero(der, cap);
            free(der);
            if (e == SC_ERR_UNSUPPORTED)
                return "encrypted PEM is not supported";
            snprintf(g_msg, sizeof g_msg, "bad base64 in the %s PEM block", label);
            return g_msg;
        }
        why = cli_der_problem(der, derlen);
        ec = has_ec_oid(der, derlen);
        sc_memzero(der, cap);
        free(der);
        if (!why && !ec)
            why = "not an EC key (no id-ecPublicKey or named-curve OID)";
        if (why) {
            snprintf(g_msg, sizeof g_msg, "%s PEM block: %s", label, why);
            return g_msg;
        }
        if (memfind(in, len, "-----BEGIN EC PARAMETERS-----"))
            snprintf(g_msg, sizeof g_msg, "%s PEM block or EC PARAMETERS block is not a valid EC key structure", label);
        else
            snprintf(g_msg, sizeof g_msg, "%s PEM block is not a valid %s structure", label,
                     label[0] == 'E' ? "SEC1 ECPrivateKey" : label[1] == 'R' ? "PKCS#8 PrivateKeyInfo" : "SubjectPublicKeyInfo");
        return g_msg;
    }
}

static int looks_text(const unsigned char *in, size_t len)
{
    size_t i;
    for (i = 0; i < len && i < 256; i++)
        if ((in[i] < 0x20 && in[i] != '\n' && in[i] != '\r' && in[i] != '\t') || in[i] >= 0x7f)
            return 0;
    return 1;
}

/* Why input failed to parse (SC_ERR_ENCODING from sc_key_parse). */
static const char *encoding_problem(const unsigned char *in, size_t len)
{
    const char *why;
    if (memfind(in, len, "-----BEGIN "))
        return pem_problem(in, len);
    if (in[0] != 0x30)
        return looks_text(in, len) ? "not a PEM or DER key (no -----BEGIN line)" : "not a PEM or DER key";
    if ((why = cli_der_problem(in, len)) != NULL)
        return why;
    if (!has_ec_oid(in, len))
        return "not an EC key (no id-ecPublicKey or named-curve OID in the DER)";
    return "malformed EC key: well-formed DER, but not a valid SEC1 ECPrivateKey, PKCS#8 PrivateKeyInfo or "
           "SubjectPublicKeyInfo (a wrong tag, version or field)";
}

int cli_load_key(const char *path, sc_key *key, int need_priv)
{
    cli_buf b;
    sc_err e;
    int rc;
    sc_key_wipe(key);
    if ((rc = cli_read_small(path, CLI_KEYFILE_MAX, &b)) != 0)
        return rc;
    e = sc_key_parse(key, b.p, b.len);
    if (e != SC_OK) {
        const char *why;
        if (e == SC_ERR_ENCODING)
            why = encoding_problem(b.p, b.len);
        else if (e == SC_ERR_UNSUPPORTED && (memfind(b.p, b.len, "ENCRYPTED") || memfind(b.p, b.len, "Proc-Type:")))
            why = "encrypted keys are not supported (decrypt with openssl pkey first)";
        else
            why = cli_key_err(e);
        rc = cli_fail(cli_name(path), "%s", why);
        cli_buf_free(&b);
        sc_key_wipe(key);
        return rc;
    }
    cli_buf_free(&b);
    if (need_priv && !key->has_priv) {
        sc_key_wipe(key);
        return cli_fail(cli_name(path), "public key where a private key is expected");
    }
    if (!key->has_pub) { /* sc_key_parse derives it; be safe */
        sc_key_wipe(key);
        return cli_fail(cli_name(path), "key without a public point");
    }
    return 0;
}
