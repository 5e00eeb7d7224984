/* EC key files, OpenSSL-compatible:
 *   SubjectPublicKeyInfo  RFC 5280 4.1.2.7 with RFC 5480 2 (id-ecPublicKey,
 *                         ECParameters, BIT STRING SEC1 point);
 *   ECPrivateKey          RFC 5915 3 / SEC1 v2 C.4 (version 1, OCTET STRING d,
 *                         [0] ECParameters, [1] BIT STRING public point);
 *   PrivateKeyInfo        RFC 5208 5 / OneAsymmetricKey RFC 5958 2 (version 0
 *                         or 1, AlgorithmIdentifier, OCTET STRING holding the
 *                         ECPrivateKey, [0] attributes, [1] public key);
 * in DER or in PEM (RFC 7468 labels "PUBLIC KEY", "EC PRIVATE KEY",
 * "PRIVATE KEY", with an optional "EC PARAMETERS" block as written by
 * `openssl ecparam -genkey`).
 *
 * ECParameters (ecparams.c) are read as namedCurve or as specifiedCurve
 * (explicit prime-field parameters, matched exactly to a built-in curve:
 * `openssl ecparam -param_enc explicit`), and written as namedCurve unless
 * explicit parameters are asked for (sc_key_encode_ex) or the curve has no OID.
 *
 * Points and scalars are checked only through pk.h.  Private key bytes pass
 * through the caller's sc_key and through local buffers that are wiped. */
#include <seacurve/encoding.h>
#include <seacurve/util.h>
#include <string.h>
#include "asn1.h"
#include "ecparams.h"

#ifndef SC_NO_KEYFILE /* else: key files left out of this build (seacurve/config.h) */

/* 1.2.840.10045.2.1 id-ecPublicKey (RFC 5480 2.1.1) */
static const uint8_t oid_ec_public_key[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };

/* Largest DER key file accepted through PEM or written as PEM: a PKCS#8 P-256
 * key with its uncompressed point is 138 bytes with a named curve, about 360
 * with explicit parameters (and an OpenSSL seed); a key file holds at most
 * about 9 field-sized values plus under 200 bytes of structure, and room is
 * left for attributes. */
#define SC_KEY_DER_MAX (256 + 10 * SC_FP_MAXBYTES)

static const char *const pem_label[4] = { NULL, "PUBLIC KEY", "EC PRIVATE KEY", "PRIVATE KEY" };

/* AlgorithmIdentifier { id-ecPublicKey, ECParameters } (RFC 5480 2.1.1). */
static sc_err parse_algid(const sc_curve **c, sc_asn1 *rd)
{
    sc_asn1 alg;
    const uint8_t *oid;
    size_t oidlen;
    sc_err e;

    *c = NULL;
    e = sc_asn1_get(rd, SC_ASN1_SEQUENCE, &alg);
    if (e == SC_OK)
        e = sc_asn1_get_oid(&alg, &oid, &oidlen);
    if (e != SC_OK)
        return e;
    if (oidlen != sizeof oid_ec_public_key || memcmp(oid, oid_ec_public_key, oidlen) != 0)
        return SC_ERR_UNSUPPORTED; /* another key algorithm (RSA, Ed25519, id-ecDH, ...) */
    e = sc_ecparams_read(c, &alg);
    if (e == SC_OK && !sc_asn1_empty(&alg))
        e = SC_ERR_ENCODING;
    if (e != SC_OK)
        *c = NULL;
    return e;
}

/* Validate a SEC1 point of key->curve and store it in key->pub. */
static sc_err set_pub(sc_key *key, const uint8_t *pt, size_t n)
{
    sc_err e;
    if (n == 0 || n > sizeof key->pub)
        return SC_ERR_POINT;
    e = sc_pub_validate(key->curve, pt, n);
    if (e != SC_OK)
        return e;
    memcpy(key->pub, pt, n);
    key->publen = n;
    key->has_pub = 1;
    return SC_OK;
}

/* key->pub from key->priv, in the same form as the point the file carried
 * (if any); SC_ERR_POINT if that point does not belong to d. */
static sc_err derive_or_check_pub(sc_key *key)
{
    uint8_t q[SC_PK_MAX_PUB];
    size_t ql = sizeof q;
    int compressed = key->has_pub && key->pub[0] != 0x04;
    sc_err e = sc_pubkey(key->curve, q, &ql, compressed, key->priv, key->curve->nlen);
    if (e == SC_OK) {
        if (!key->has_pub) {
            memcpy(key->pub, q, ql);
            key->publen = ql;
            key->has_pub = 1;
        } else if (ql != key->publen || !sc_ct_memeq(q, key->pub, ql)) {
            e = SC_ERR_POINT;
        }
    }
    return e;
}

/* SubjectPublicKeyInfo body (after the outer SEQUENCE header). */
static sc_err parse_spki(sc_key *key, sc_asn1 *seq)
{
    const uint8_t *pt;
    size_t ptl;
    sc_err e = parse_algid(&key->curve, seq);
    if (e == SC_OK)
        e = sc_asn1_get_bits(seq, SC_ASN1_BIT_STRING, &pt, &ptl);
    if (e == SC_OK && !sc_asn1_empty(seq))
        e = SC_ERR_ENCODING;
    if (e == SC_OK)
        e = set_pub(key, pt, ptl);
    return e;
}

/* ECPrivateKey (RFC 5915 3) given its SEQUENCE contents.  outer: the curve
 * named by an enclosing PKCS#8 AlgorithmIdentifier, or NULL. */
static sc_err parse_ecpriv(sc_key *key, sc_asn1 *seq, const sc_curve *outer)
{
    sc_asn1 d, tagged;
    const sc_curve *c = NULL;
    const uint8_t *pt = NULL;
    size_t ptl = 0;
    unsigned version;
    sc_err e;

    e = sc_asn1_get_small(seq, &version);
    if (e == SC_OK && version != 1)
        e = SC_ERR_ENCODING;
    if (e == SC_OK)
        e = sc_asn1_get(seq, SC_ASN1_OCTET_STRING, &d);
    if (e == SC_OK && sc_asn1_peek(seq) == (int)SC_ASN1_CTX0) {
        e = sc_asn1_get(seq, SC_ASN1_CTX0, &tagged);
        if (e == SC_OK)
            e = sc_ecparams_read(&c, &tagged);
        if (e == SC_OK && !sc_asn1_empty(&tagged))
            e = SC_ERR_ENCODING;
    }
    if (e == SC_OK && sc_asn1_peek(seq) == (int)SC_ASN1_CTX1) {
        e = sc_asn1_get(seq, SC_ASN1_CTX1, &tagged);
        if (e == SC_OK)
            e = sc_asn1_get_bits(&tagged, SC_ASN1_BIT_STRING, &pt, &ptl);
        if (e == SC_OK && !sc_asn1_empty(&tagged))
            e = SC_ERR_ENCODING;
    }
    if (e == SC_OK && !sc_asn1_empty(seq))
        e = SC_ERR_ENCODING;
    if (e != SC_OK)
        return e;
    if (outer && c && outer != c)
        return SC_ERR_CURVE_MISMATCH;
    if (!outer && !c)
        return SC_ERR_CURVE; /* no parameters anywhere: the curve is unknown */
    key->curve = outer ? outer : c;
    /* d is nlen bytes as OpenSSL writes it; a shorter string (leading zeros
     * dropped by other writers) is left-padded. */
    if (d.n == 0 || d.n > key->curve->nlen)
        return SC_ERR_ENCODING;
    memcpy(key->priv + (key->curve->nlen - d.n), d.p, d.n);
    key->has_priv = 1;
    e = sc_priv_validate(key->curve, key->priv, key->curve->nlen);
    if (e == SC_OK && pt)
        e = set_pub(key, pt, ptl);
    return e;
}

/* PrivateKeyInfo / OneAsymmetricKey body (RFC 5208 5, RFC 5958 2). */
static sc_err parse_pkcs8(sc_key *key, sc_asn1 *seq)
{
    sc_asn1 inner, ecpriv, attrs;
    const sc_curve *c = NULL;
    const uint8_t *pt = NULL;
    size_t ptl = 0;
    unsigned version;
    sc_err e;

    e = sc_asn1_get_small(seq, &version);
    if (e == SC_OK && version > 1)
        e = SC_ERR_ENCODING;
    if (e == SC_OK)
        e = parse_algid(&c, seq);
    if (e == SC_OK)
        e = sc_asn1_get(seq, SC_ASN1_OCTET_STRING, &inner);
    if (e == SC_OK && sc_asn1_peek(seq) == (int)SC_ASN1_CTX0)
        e = sc_asn1_get(seq, SC_ASN1_CTX0, &attrs); /* attributes: ignored */
    if (e == SC_OK && version == 1 && sc_asn1_peek(seq) == (int)SC_ASN1_CTX1_PRIM)
        e = sc_asn1_get_bits(seq, SC_ASN1_CTX1_PRIM, &pt, &ptl);
    if (e == SC_OK && !sc_asn1_empty(seq))
        e = SC_ERR_ENCODING;
    if (e == SC_OK)
        e = sc_asn1_get(&inner, SC_ASN1_SEQUENCE, &ecpriv);
    if (e == SC_OK && !sc_asn1_empty(&inner))
        e = SC_ERR_ENCODING;
    if (e == SC_OK)
        e = parse_ecpriv(key, &ecpriv, c);
    if (e == SC_OK && pt) {
        /* RFC 5958 publicKey: must agree with the one inside, if any */
        if (key->has_pub) {
            if (ptl != key->publen || memcmp(pt, key->pub, ptl) != 0)
                e = SC_ERR_POINT;
        } else {
            e = set_pub(key, pt, ptl);
        }
    }
    return e;
}

/* One DER key file; fmt 0 detects the format, otherwise it must match. */
static sc_err parse_der(sc_key *key, const uint8_t *der, size_t derlen, int fmt)
{
    sc_asn1 rd, seq, probe;
    unsigned version;
    int found;
    sc_err e;

    sc_asn1_init(&rd, der, derlen);
    e = sc_asn1_get(&rd, SC_ASN1_SEQUENCE, &seq);
    if (e != SC_OK)
        return e;
    if (!sc_asn1_empty(&rd))
        return SC_ERR_ENCODING;
    /* SPKI starts with a SEQUENCE; SEC1 with INTEGER 1 then an OCTET STRING;
     * PKCS#8 with INTEGER 0 or 1 then a SEQUENCE. */
    probe = seq;
    if (sc_asn1_peek(&probe) == (int)SC_ASN1_SEQUENCE) {
        found = SC_KEYFMT_SPKI;
    } else {
        e = sc_asn1_get_small(&probe, &version);
        if (e != SC_OK)
            return e;
        if (sc_asn1_peek(&probe) == (int)SC_ASN1_OCTET_STRING)
            found = SC_KEYFMT_SEC1;
        else if (sc_asn1_peek(&probe) == (int)SC_ASN1_SEQUENCE)
            found = SC_KEYFMT_PKCS8;
        else
            return SC_ERR_ENCODING;
    }
    if (fmt && fmt != found)
        return SC_ERR_ENCODING;
    switch (found) {
    case SC_KEYFMT_SPKI:
        return parse_spki(key, &seq);
    case SC_KEYFMT_SEC1:
        e = parse_ecpriv(key, &seq, NULL);
        break;
    default:
        e = parse_pkcs8(key, &seq);
        break;
    }
    if (e == SC_OK)
        e = derive_or_check_pub(key);
    return e;
}

/* PEM input: the first key block decides the format; an "EC PARAMETERS"
 * block anywhere in the input must name the key's curve. */
static sc_err parse_pem(sc_key *key, const uint8_t *in, size_t inlen)
{
    uint8_t der[SC_KEY_DER_MAX];
    size_t derlen, best = (size_t)-1, start, bodylen;
    const uint8_t *body;
    int fmt = 0, i;
    sc_err e;

    for (i = SC_KEYFMT_SPKI; i <= SC_KEYFMT_PKCS8; i++)
        if (sc_pem_find(&body, &bodylen, &start, pem_label[i], in, inlen) == SC_OK && start < best) {
            best = start;
            fmt = i;
        }
    if (!fmt) {
        if (sc_pem_find(&body, &bodylen, &start, "ENCRYPTED PRIVATE KEY", in, inlen) == SC_OK)
            return SC_ERR_UNSUPPORTED;
        return SC_ERR_ENCODING;
    }
    derlen = sizeof der;
    e = sc_pem_decode(der, &derlen, pem_label[fmt], in + best, inlen - best);
    if (e == SC_ERR_BUFFER)
        e = SC_ERR_ENCODING; /* larger than any key file we support */
    if (e == SC_OK)
        e = parse_der(key, der, derlen, fmt);
    sc_memzero(der, sizeof der);
    if (e != SC_OK)
        return e;
    if (sc_pem_find(&body, &bodylen, &start, "EC PARAMETERS", in, inlen) == SC_OK) {
        const sc_curve *c;
        sc_asn1 rd;
        derlen = sizeof der;
        e = sc_pem_decode(der, &derlen, "EC PARAMETERS", in, inlen);
        if (e == SC_ERR_BUFFER)
            e = SC_ERR_ENCODING;
        if (e == SC_OK) {
            sc_asn1_init(&rd, der, derlen);
            e = sc_ecparams_read(&c, &rd);
            if (e == SC_OK && !sc_asn1_empty(&rd))
                e = SC_ERR_ENCODING;
            if (e == SC_OK && c != key->curve)
                e = SC_ERR_CURVE_MISMATCH;
        }
    }
    return e;
}

sc_err sc_key_parse(sc_key *key, const uint8_t *in, size_t inlen)
{
    sc_err e;
    if (!key)
        return SC_ERR_ARG;
    sc_key_wipe(key);
    if (!in)
        return SC_ERR_ARG;
    /* DER starts with a SEQUENCE tag, which is also the character '0': text
     * starting with '0' that holds a PEM block falls back to PEM. */
    e = SC_ERR_ENCODING;
    if (inlen) {
        uint8_t first = in[0];
        SC_DECLASSIFY(&first, 1); /* the format's first byte: public */
        if (first == SC_ASN1_SEQUENCE)
            e = parse_der(key, in, inlen, 0);
    }
    if (e == SC_ERR_ENCODING && sc_pem_has_begin(in, inlen)) {
        sc_key_wipe(key);
        e = parse_pem(key, in, inlen);
    }
    if (e != SC_OK)
        sc_key_wipe(key);
    return e;
}

void sc_key_wipe(sc_key *key)
{
    if (key)
        sc_memzero(key, sizeof *key);
}

/* ---- encoding ---- */

static size_t algid_len(const sc_ecparams_out *po)
{
    return sc_asn1_tlv_size(sizeof oid_ec_public_key) + sc_ecparams_size(po);
}

static void put_algid(sc_asn1w *w, const sc_ecparams_out *po)
{
    sc_asn1w_hdr(w, SC_ASN1_SEQUENCE, algid_len(po));
    sc_asn1w_hdr(w, SC_ASN1_OID, sizeof oid_ec_public_key);
    sc_asn1w_bytes(w, oid_ec_public_key, sizeof oid_ec_public_key);
    sc_ecparams_put(w, po);
}

/* RFC 5480 2: SEQUENCE { AlgorithmIdentifier, BIT STRING point } */
static void put_spki(sc_asn1w *w, const sc_ecparams_out *po, const uint8_t *pub, size_t publen)
{
    static const uint8_t zero = 0;
    sc_asn1w_hdr(w, SC_ASN1_SEQUENCE, sc_asn1_tlv_size(algid_len(po)) + sc_asn1_tlv_size(1 + publen));
    put_algid(w, po);
    sc_asn1w_hdr(w, SC_ASN1_BIT_STRING, 1 + publen);
    sc_asn1w_bytes(w, &zero, 1);
    sc_asn1w_bytes(w, pub, publen);
}

/* RFC 5915 3 ECPrivateKey; po: include [0] ECParameters, NULL: leave them out
 * (PKCS#8, as OpenSSL does, since the AlgorithmIdentifier carries them). */
static size_t ecpriv_len(const sc_curve *c, size_t publen, const sc_ecparams_out *po)
{
    size_t n = 3 + sc_asn1_tlv_size(c->nlen) + sc_asn1_tlv_size(sc_asn1_tlv_size(1 + publen));
    if (po)
        n += sc_asn1_tlv_size(sc_ecparams_size(po));
    return n;
}

static void put_ecpriv(sc_asn1w *w, const sc_key *key, const uint8_t *pub, size_t publen,
                       const sc_ecparams_out *po)
{
    static const uint8_t v1[3] = { SC_ASN1_INTEGER, 1, 1 }, zero = 0;
    const sc_curve *c = key->curve;
    sc_asn1w_hdr(w, SC_ASN1_SEQUENCE, ecpriv_len(c, publen, po));
    sc_asn1w_bytes(w, v1, 3);
    sc_asn1w_hdr(w, SC_ASN1_OCTET_STRING, c->nlen);
    sc_asn1w_bytes(w, key->priv, c->nlen);
    if (po) {
        sc_asn1w_hdr(w, SC_ASN1_CTX0, sc_ecparams_size(po));
        sc_ecparams_put(w, po);
    }
    sc_asn1w_hdr(w, SC_ASN1_CTX1, sc_asn1_tlv_size(1 + publen));
    sc_asn1w_hdr(w, SC_ASN1_BIT_STRING, 1 + publen);
    sc_asn1w_bytes(w, &zero, 1);
    sc_asn1w_bytes(w, pub, publen);
}

/* RFC 5208 5: SEQUENCE { INTEGER 0, AlgorithmIdentifier, OCTET STRING ECPrivateKey } */
static void put_pkcs8(sc_asn1w *w, const sc_key *key, const uint8_t *pub, size_t publen,
                      const sc_ecparams_out *po)
{
    static const uint8_t v0[3] = { SC_ASN1_INTEGER, 1, 0 };
    const sc_curve *c = key->curve;
    size_t inner = sc_asn1_tlv_size(ecpriv_len(c, publen, NULL));
    sc_asn1w_hdr(w, SC_ASN1_SEQUENCE, 3 + sc_asn1_tlv_size(algid_len(po)) + sc_asn1_tlv_size(inner));
    sc_asn1w_bytes(w, v0, 3);
    put_algid(w, po);
    sc_asn1w_hdr(w, SC_ASN1_OCTET_STRING, inner);
    put_ecpriv(w, key, pub, publen, NULL);
}

/* The key's DER in fmt into der[0..*derlen) (*derlen: in size, out bytes). */
static sc_err encode_der(uint8_t *der, size_t *derlen, const sc_key *key, sc_key_format fmt,
                         sc_param_enc params)
{
    uint8_t q[SC_PK_MAX_PUB];
    size_t ql = sizeof q;
    sc_ecparams_out po;
    sc_asn1w w;
    sc_err e;

    e = sc_ecparams_out_init(&po, key->curve, params == SC_PARAMS_EXPLICIT);
    if (e != SC_OK)
        return e;

    if (fmt == SC_KEYFMT_SPKI) {
        if (!key->has_pub)
            return SC_ERR_KEY_TYPE;
        if (key->publen == 0 || key->publen > sizeof key->pub)
            return SC_ERR_ARG;
        e = sc_pub_validate(key->curve, key->pub, key->publen);
        if (e != SC_OK)
            return e;
        memcpy(q, key->pub, key->publen);
        ql = key->publen;
    } else {
        if (!key->has_priv)
            return SC_ERR_KEY_TYPE;
        e = sc_priv_validate(key->curve, key->priv, key->curve->nlen);
        if (e != SC_OK)
            return e;
        if (key->has_pub && (key->publen == 0 || key->publen > sizeof key->pub))
            return SC_ERR_ARG;
        /* the public point written is always the one d gives, in the form
         * the key holds; a stored point that disagrees is an error */
        e = sc_pubkey(key->curve, q, &ql, key->has_pub && key->pub[0] != 0x04, key->priv,
                      key->curve->nlen);
        if (e != SC_OK)
            return e;
        if (key->has_pub && (ql != key->publen || !sc_ct_memeq(q, key->pub, ql)))
            return SC_ERR_POINT;
    }
    sc_asn1w_init(&w, der, *derlen);
    if (fmt == SC_KEYFMT_SPKI)
        put_spki(&w, &po, q, ql);
    else if (fmt == SC_KEYFMT_SEC1)
        put_ecpriv(&w, key, q, ql, &po);
    else
        put_pkcs8(&w, key, q, ql, &po);
    e = sc_asn1w_done(&w);
    if (e == SC_OK)
        *derlen = w.pos;
    return e;
}

sc_err sc_key_encode(uint8_t *out, size_t *outlen, const sc_key *key, sc_key_format fmt, int pem)
{
    return sc_key_encode_ex(out, outlen, key, fmt, pem, SC_PARAMS_NAMED);
}

sc_err sc_key_encode_ex(uint8_t *out, size_t *outlen, const sc_key *key, sc_key_format fmt, int pem,
                        sc_param_enc params)
{
    uint8_t der[SC_KEY_DER_MAX];
    size_t cap, derlen = sizeof der;
    sc_err e;

    if (!outlen)
        return SC_ERR_ARG;
    cap = *outlen;
    *outlen = 0;
    if (!out)
        return SC_ERR_ARG;
    sc_memzero(out, cap);
    if (!key || !key->curve || (fmt != SC_KEYFMT_SPKI && fmt != SC_KEYFMT_SEC1 && fmt != SC_KEYFMT_PKCS8) ||
        (params != SC_PARAMS_NAMED && params != SC_PARAMS_EXPLICIT))
        return SC_ERR_ARG;
    if (!pem) {
        derlen = cap;
        e = encode_der(out, &derlen, key, fmt, params);
        if (e == SC_OK)
            *outlen = derlen;
        else
            sc_memzero(out, cap);
        return e;
    }
    e = encode_der(der, &derlen, key, fmt, params);
    if (e == SC_OK) {
        *outlen = cap;
        e = sc_pem_encode(out, outlen, pem_label[fmt], der, derlen);
    }
    sc_memzero(der, sizeof der);
    return e;
}

#endif
