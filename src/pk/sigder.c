/* ECDSA signatures: IEEE P1363 r || s <-> DER Ecdsa-Sig-Value
 * (SEC1 v2 C.8 / RFC 3279 2.2.3: SEQUENCE { r INTEGER, s INTEGER }).
 * Signatures are public: these functions are not constant time. */
#include <seacurve/encoding.h>
#include <seacurve/util.h>
#include <string.h>
#include "asn1.h"

sc_err sc_sig_p1363_to_der(uint8_t *der, size_t *derlen, const uint8_t *sig_in, size_t siglen)
{
    uint8_t sig[2 * SC_FP_MAXBYTES];   /* a copy, so that der may overlap sig_in */
    size_t cap, nlen, body;
    sc_asn1w w;
    sc_err e;

    if (!derlen)
        return SC_ERR_ARG;
    cap = *derlen;
    *derlen = 0;
    if (!der || !sig_in) {
        if (der)
            sc_memzero(der, cap);
        return SC_ERR_ARG;
    }
    nlen = siglen / 2;
    if (siglen == 0 || (siglen & 1u) || nlen > SC_FP_MAXBYTES) {
        sc_memzero(der, cap);
        return SC_ERR_LENGTH;
    }
    memcpy(sig, sig_in, siglen);
    body = sc_asn1_tlv_size(sc_asn1_uint_len(sig, nlen)) +
           sc_asn1_tlv_size(sc_asn1_uint_len(sig + nlen, nlen));
    sc_asn1w_init(&w, der, cap);
    sc_asn1w_hdr(&w, SC_ASN1_SEQUENCE, body);
    sc_asn1w_uint(&w, sig, nlen);
    sc_asn1w_uint(&w, sig + nlen, nlen);
    e = sc_asn1w_done(&w);
    if (e != SC_OK) {
        sc_memzero(der, cap);
        return e;
    }
    *derlen = w.pos;
    return SC_OK;
}

/* Strict DER (X.690 10): one SEQUENCE spanning exactly derlen bytes holding
 * exactly two minimal non-negative INTEGERs, each at most nlen bytes long
 * once the sign-padding zero is removed. */
sc_err sc_sig_der_to_p1363(uint8_t *sig, size_t siglen, const uint8_t *der, size_t derlen)
{
    size_t nlen = siglen / 2, i;
    uint8_t out[2 * SC_FP_MAXBYTES];   /* built here, so that sig may overlap der */
    sc_asn1 rd, seq;
    const uint8_t *v[2];
    size_t vl[2];
    sc_err e = SC_OK;

    if (!sig)
        return SC_ERR_ARG;
    if (!der)
        e = SC_ERR_ARG;
    else if (siglen == 0 || (siglen & 1u) || nlen > SC_FP_MAXBYTES)
        e = SC_ERR_LENGTH;
    if (e == SC_OK) {
        sc_asn1_init(&rd, der, derlen);
        e = sc_asn1_get(&rd, SC_ASN1_SEQUENCE, &seq);
        if (e == SC_OK && !sc_asn1_empty(&rd))
            e = SC_ERR_ENCODING;
    }
    for (i = 0; i < 2 && e == SC_OK; i++) {
        e = sc_asn1_get_uint(&seq, &v[i], &vl[i]);
        if (e == SC_OK && vl[i] > nlen)
            e = SC_ERR_ENCODING;
    }
    if (e == SC_OK && !sc_asn1_empty(&seq))
        e = SC_ERR_ENCODING;
    if (e != SC_OK) {
        sc_memzero(sig, siglen);
        return e;
    }
    memset(out, 0, siglen);
    for (i = 0; i < 2; i++)
        memcpy(out + i * nlen + (nlen - vl[i]), v[i], vl[i]);
    memcpy(sig, out, siglen);
    return SC_OK;
}
