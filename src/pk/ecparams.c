/* ECParameters for the key files: namedCurve, and specifiedCurve
 * (SpecifiedECDomain, SEC 1 v2 C.2 / RFC 3279 2.3.5) for prime fields:
 *
 *   SpecifiedECDomain ::= SEQUENCE {
 *       version   INTEGER { 1, 2, 3 },
 *       fieldID   SEQUENCE { fieldType OBJECT IDENTIFIER, parameters ANY },
 *                 -- prime-field 1.2.840.10045.1.1: parameters INTEGER p
 *       curve     SEQUENCE { a OCTET STRING, b OCTET STRING, seed BIT STRING OPTIONAL },
 *                 -- seed: whole bytes (no unused bits), otherwise ignored
 *       base      OCTET STRING,            -- SEC1 point G, uncompressed or compressed
 *       order     INTEGER,
 *       cofactor  INTEGER OPTIONAL,        -- required here (RFC 3279 2.3.5: MUST in keys)
 *       hash      AlgorithmIdentifier OPTIONAL }
 *
 * Reading matches the values exactly against the built-in prime curves and
 * yields that curve; nothing is computed on the parameters themselves, so a
 * file can only ever select a curve the library already trusts.  Field
 * elements a and b may be shorter than the field length (leading zeros left
 * out, as some OpenSSL versions write them) but not longer.
 *
 * Only public data passes through this file. */
#include "ecparams.h"
#include "pk_internal.h"
#include "util/flash.h"
#include <string.h>

#ifndef SC_NO_KEYFILE

/* 1.2.840.10045.1.1 prime-field, 1.2.840.10045.1.2 characteristic-two-field (X9.62) */
static const uint8_t oid_prime_field[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x01, 0x01 };

/* A parsed SpecifiedECDomain over a prime field (pointers into the input). */
typedef struct specified {
    const uint8_t *p, *a, *b, *g, *n, *h;
    size_t plen, alen, blen, glen, nlen, hlen;
} specified;

/* p (flen bytes), a, b, G (uncompressed) and n (nlen bytes) of a prime curve. */
static void domain_bytes(uint8_t *p, uint8_t *a, uint8_t *b, uint8_t *g, uint8_t *n, const sc_curve *c)
{
    const sc_ep_curve *ep = c->ep;
    const sc_fp_field *f = ep->fp;
    sc_word t[SC_FP_MAXW];
    size_t fl = c->flen;

    sc_mp_to_be(p, fl, f->p, f->nw);
    sc_mp_to_be(a, fl, sc_flash_words(t, ep->a, f->nw), f->nw);
    sc_mp_to_be(b, fl, sc_flash_words(t, ep->b, f->nw), f->nw);
    g[0] = 0x04;
    sc_mp_to_be(g + 1, fl, sc_flash_words(t, ep->gx, f->nw), f->nw);
    sc_mp_to_be(g + 1 + fl, fl, sc_flash_words(t, ep->gy, f->nw), f->nw);
    sc_mp_to_be(n, c->nlen, c->fn->p, c->fn->nw);
}

/* x (xl bytes, leading zeros allowed) == ref (rl bytes) as numbers; public data. */
static int num_eq(const uint8_t *x, size_t xl, const uint8_t *ref, size_t rl)
{
    while (xl && *x == 0) {
        x++;
        xl--;
    }
    while (rl && *ref == 0) {
        ref++;
        rl--;
    }
    return xl == rl && memcmp(x, ref, xl) == 0;
}

/* Does s spell out the prime curve c? */
static int matches(const specified *s, const sc_curve *c)
{
    uint8_t p[SC_FP_MAXBYTES], a[SC_FP_MAXBYTES], b[SC_FP_MAXBYTES], n[SC_FP_MAXBYTES];
    uint8_t g[1 + 2 * SC_FP_MAXBYTES];
    uint8_t h = c->h;
    size_t fl = c->flen;

    if (s->alen > fl || s->blen > fl)
        return 0;
    domain_bytes(p, a, b, g, n, c);
    if (!num_eq(s->p, s->plen, p, fl) || !num_eq(s->a, s->alen, a, fl) || !num_eq(s->b, s->blen, b, fl) ||
        !num_eq(s->n, s->nlen, n, c->nlen))
        return 0;
    if (!num_eq(s->h, s->hlen, &h, 1))
        return 0;
    if (s->glen == 1 + 2 * fl && s->g[0] == 0x04)
        return memcmp(s->g, g, s->glen) == 0;
    if (s->glen == 1 + fl && (s->g[0] == 0x02 || s->g[0] == 0x03))
        return memcmp(s->g + 1, g + 1, fl) == 0 && (s->g[0] & 1u) == (g[2 * fl] & 1u);
    return 0;
}

/* SpecifiedECDomain contents (after the SEQUENCE header).  The whole structure
 * is checked for well-formed DER before any matching, so a malformed element
 * is SC_ERR_ENCODING whatever the field type. */
static sc_err read_specified(const sc_curve **c, sc_asn1 *dom)
{
    sc_asn1 field, curve, base, skip;
    specified s;
    const uint8_t *oid;
    size_t oidlen, i;
    unsigned version, tag;
    int prime;
    sc_err e;

    memset(&s, 0, sizeof s);
    e = sc_asn1_get_small(dom, &version);
    if (e == SC_OK && (version < 1 || version > 3))
        e = SC_ERR_ENCODING;
    /* fieldID */
    if (e == SC_OK)
        e = sc_asn1_get(dom, SC_ASN1_SEQUENCE, &field);
    if (e == SC_OK)
        e = sc_asn1_get_oid(&field, &oid, &oidlen);
    if (e != SC_OK)
        return e;
    prime = oidlen == sizeof oid_prime_field && memcmp(oid, oid_prime_field, oidlen) == 0;
    if (prime) {
        e = sc_asn1_get_uint(&field, &s.p, &s.plen);
        if (e == SC_OK && !sc_asn1_empty(&field))
            e = SC_ERR_ENCODING;
    } else {
        /* characteristic-two (or another) field: its parameters are not read */
        e = sc_asn1_get_any(&field, &tag, &skip);
        if (e == SC_OK && !sc_asn1_empty(&field))
            e = SC_ERR_ENCODING;
    }
    /* curve */
    if (e == SC_OK)
        e = sc_asn1_get(dom, SC_ASN1_SEQUENCE, &curve);
    if (e == SC_OK)
        e = sc_asn1_get(&curve, SC_ASN1_OCTET_STRING, &skip);
    if (e == SC_OK) {
        s.a = skip.p;
        s.alen = skip.n;
        e = sc_asn1_get(&curve, SC_ASN1_OCTET_STRING, &skip);
    }
    if (e == SC_OK) {
        s.b = skip.p;
        s.blen = skip.n;
        if (sc_asn1_peek(&curve) == (int)SC_ASN1_BIT_STRING) {
            /* seed: ignored, but must be whole bytes as X9.62 and OpenSSL write it */
            const uint8_t *seed;
            size_t seedlen;
            e = sc_asn1_get_bits(&curve, SC_ASN1_BIT_STRING, &seed, &seedlen);
        }
    }
    if (e == SC_OK && !sc_asn1_empty(&curve))
        e = SC_ERR_ENCODING;
    /* base, order, cofactor, hash */
    if (e == SC_OK)
        e = sc_asn1_get(dom, SC_ASN1_OCTET_STRING, &base);
    if (e == SC_OK) {
        /* a, b and G are OCTET STRINGs, which the reader leaves unpublished;
         * they are public curve parameters */
        SC_DECLASSIFY(s.a, s.alen);
        SC_DECLASSIFY(s.b, s.blen);
        SC_DECLASSIFY(base.p, base.n);
        s.g = base.p;
        s.glen = base.n;
        e = sc_asn1_get_uint(dom, &s.n, &s.nlen);
    }
    /* cofactor: OPTIONAL in SEC 1, but RFC 3279 2.3.5 says it MUST be present in
     * ECDSA and ECDH public key parameters, and every writer includes it */
    if (e == SC_OK)
        e = sc_asn1_get_uint(dom, &s.h, &s.hlen);
    if (e == SC_OK && sc_asn1_peek(dom) == (int)SC_ASN1_SEQUENCE) {
        /* hash: an AlgorithmIdentifier { OID, parameters OPTIONAL }, ignored */
        sc_asn1 alg;
        e = sc_asn1_get(dom, SC_ASN1_SEQUENCE, &alg);
        if (e == SC_OK)
            e = sc_asn1_get_oid(&alg, &oid, &oidlen);
        if (e == SC_OK && !sc_asn1_empty(&alg))
            e = sc_asn1_get_any(&alg, &tag, &skip);
        if (e == SC_OK && !sc_asn1_empty(&alg))
            e = SC_ERR_ENCODING;
    }
    if (e == SC_OK && !sc_asn1_empty(dom))
        e = SC_ERR_ENCODING;
    if (e != SC_OK)
        return e;
    if (!prime)
        return SC_ERR_UNSUPPORTED; /* characteristic-two or unknown field type */
    for (i = 0; i < sc_curve_prime_count(); i++)
        if (matches(&s, sc_curve_at(i))) {
            *c = sc_curve_at(i);
            return SC_OK;
        }
    return SC_ERR_UNSUPPORTED; /* parameters of no built-in curve */
}

sc_err sc_ecparams_read(const sc_curve **c, sc_asn1 *rd)
{
    sc_asn1 v;
    const uint8_t *oid;
    size_t oidlen;
    sc_err e;

    *c = NULL;
    switch (sc_asn1_peek(rd)) {
    case SC_ASN1_OID:
        e = sc_asn1_get_oid(rd, &oid, &oidlen);
        if (e != SC_OK)
            return e;
        *c = sc_curve_by_oid(oid, oidlen);
        return *c ? SC_OK : SC_ERR_CURVE;
    case SC_ASN1_NULL:
        e = sc_asn1_get(rd, SC_ASN1_NULL, &v);
        if (e != SC_OK)
            return e;
        return v.n == 0 ? SC_ERR_UNSUPPORTED : SC_ERR_ENCODING;
    case SC_ASN1_SEQUENCE:
        e = sc_asn1_get(rd, SC_ASN1_SEQUENCE, &v);
        if (e == SC_OK)
            e = read_specified(c, &v);
        if (e != SC_OK)
            *c = NULL;
        return e;
    default:
        return SC_ERR_ENCODING;
    }
}

/* ---- writing ---- */

sc_err sc_ecparams_out_init(sc_ecparams_out *po, const sc_curve *c, int explicit_)
{
    memset(po, 0, sizeof *po);
    po->c = c;
    po->explicit_ = explicit_ || c->oid_len == 0;
    if (!po->explicit_)
        return SC_OK;
    if (!c->ep)
        return SC_ERR_UNSUPPORTED; /* explicit characteristic-two parameters are not written */
    domain_bytes(po->p, po->a, po->b, po->g, po->n, c);
    return SC_OK;
}

static const uint8_t v1[3] = { SC_ASN1_INTEGER, 1, 1 };

static size_t fieldid_len(const sc_ecparams_out *po)
{
    return sc_asn1_tlv_size(sizeof oid_prime_field) + sc_asn1_tlv_size(sc_asn1_uint_len(po->p, po->c->flen));
}

static size_t curve_len(const sc_ecparams_out *po)
{
    return 2 * sc_asn1_tlv_size(po->c->flen);
}

/* SpecifiedECDomain contents. */
static size_t specified_len(const sc_ecparams_out *po)
{
    const sc_curve *c = po->c;
    return sizeof v1 + sc_asn1_tlv_size(fieldid_len(po)) + sc_asn1_tlv_size(curve_len(po)) +
           sc_asn1_tlv_size(1 + 2 * (size_t)c->flen) + sc_asn1_tlv_size(sc_asn1_uint_len(po->n, c->nlen)) +
           sc_asn1_tlv_size(1);
}

size_t sc_ecparams_size(const sc_ecparams_out *po)
{
    if (!po->explicit_)
        return sc_asn1_tlv_size(po->c->oid_len);
    return sc_asn1_tlv_size(specified_len(po));
}

void sc_ecparams_put(sc_asn1w *w, const sc_ecparams_out *po)
{
    const sc_curve *c = po->c;
    uint8_t h = c->h;

    if (!po->explicit_) {
        sc_asn1w_hdr(w, SC_ASN1_OID, c->oid_len);
        sc_asn1w_bytes(w, c->oid, c->oid_len);
        return;
    }
    sc_asn1w_hdr(w, SC_ASN1_SEQUENCE, specified_len(po));
    sc_asn1w_bytes(w, v1, sizeof v1);
    sc_asn1w_hdr(w, SC_ASN1_SEQUENCE, fieldid_len(po));
    sc_asn1w_hdr(w, SC_ASN1_OID, sizeof oid_prime_field);
    sc_asn1w_bytes(w, oid_prime_field, sizeof oid_prime_field);
    sc_asn1w_uint(w, po->p, c->flen);
    sc_asn1w_hdr(w, SC_ASN1_SEQUENCE, curve_len(po));
    sc_asn1w_hdr(w, SC_ASN1_OCTET_STRING, c->flen);
    sc_asn1w_bytes(w, po->a, c->flen);
    sc_asn1w_hdr(w, SC_ASN1_OCTET_STRING, c->flen);
    sc_asn1w_bytes(w, po->b, c->flen);
    sc_asn1w_hdr(w, SC_ASN1_OCTET_STRING, 1 + 2 * (size_t)c->flen);
    sc_asn1w_bytes(w, po->g, 1 + 2 * (size_t)c->flen);
    sc_asn1w_uint(w, po->n, c->nlen);
    sc_asn1w_uint(w, &h, 1);
}

#endif
