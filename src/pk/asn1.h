/* Private to src/pk: a strict, bounded DER reader and a small DER writer
 * (ITU-T X.690 section 10: definite, minimal-length encodings).
 *
 * Reader: a cursor over a byte range.  Every read checks the remaining length
 * first, so nothing past the input is ever touched; there is no recursion and
 * no heap.  Only single-byte (low-number) tags are accepted, which is all the
 * key and signature formats use.
 *
 * Writer: a cursor over a caller buffer that keeps counting after it runs
 * out of room, so one pass both sizes and fills (SC_ERR_BUFFER at the end). */
#ifndef SC_PK_ASN1_H
#define SC_PK_ASN1_H

#include <seacurve/config.h>
#include <seacurve/err.h>

/* Universal and context tags used by the key and signature formats. */
#define SC_ASN1_INTEGER 0x02u
#define SC_ASN1_BIT_STRING 0x03u
#define SC_ASN1_OCTET_STRING 0x04u
#define SC_ASN1_NULL 0x05u
#define SC_ASN1_OID 0x06u
#define SC_ASN1_SEQUENCE 0x30u
#define SC_ASN1_SET 0x31u
#define SC_ASN1_CTX0 0xa0u /* [0] constructed */
#define SC_ASN1_CTX1 0xa1u /* [1] constructed */
#define SC_ASN1_CTX1_PRIM 0x81u /* [1] IMPLICIT primitive (RFC 5958 publicKey) */

typedef struct sc_asn1 {
    const uint8_t *p; /* next unread byte */
    size_t n;         /* bytes left */
} sc_asn1;

void sc_asn1_init(sc_asn1 *rd, const uint8_t *p, size_t n);
/* 1 if no bytes are left. */
int sc_asn1_empty(const sc_asn1 *rd);
/* Tag of the next element, or -1 if none is left (does not consume). */
int sc_asn1_peek(const sc_asn1 *rd);
/* Read one element whose tag byte must equal tag; *content covers its value.
 * SC_ERR_ENCODING for a different tag, a high tag number, an indefinite,
 * non-minimal or overlong length, or a length past the end of the input. */
sc_err sc_asn1_get(sc_asn1 *rd, unsigned tag, sc_asn1 *content);
/* Read an element with any single-byte tag (used to skip optional fields). */
sc_err sc_asn1_get_any(sc_asn1 *rd, unsigned *tag, sc_asn1 *content);
/* INTEGER that must be non-negative and minimally encoded (X.690 8.3.2);
 * *mag / *maglen: its magnitude without the sign-padding zero ("0" is one
 * zero byte). */
sc_err sc_asn1_get_uint(sc_asn1 *rd, const uint8_t **mag, size_t *maglen);
/* Small non-negative INTEGER (a version field): value in *v, at most 127. */
sc_err sc_asn1_get_small(sc_asn1 *rd, unsigned *v);
/* OBJECT IDENTIFIER with well-formed base-128 subidentifiers (X.690 8.19). */
sc_err sc_asn1_get_oid(sc_asn1 *rd, const uint8_t **oid, size_t *oidlen);
/* BIT STRING with no unused bits; *bits / *bitslen: the bytes after the
 * unused-bits octet.  tag is SC_ASN1_BIT_STRING or an implicit tag. */
sc_err sc_asn1_get_bits(sc_asn1 *rd, unsigned tag, const uint8_t **bits, size_t *bitslen);

typedef struct sc_asn1w {
    uint8_t *buf; /* may be NULL for a sizing pass */
    size_t cap;
    size_t pos;   /* bytes produced so far (may exceed cap) */
} sc_asn1w;

void sc_asn1w_init(sc_asn1w *w, uint8_t *buf, size_t cap);
/* Bytes a definite length field takes (1..5). */
size_t sc_asn1_len_size(size_t len);
/* Total size of a TLV with len content bytes. */
size_t sc_asn1_tlv_size(size_t len);
void sc_asn1w_bytes(sc_asn1w *w, const uint8_t *p, size_t n);
/* Tag and minimal definite length (content written separately). */
void sc_asn1w_hdr(sc_asn1w *w, unsigned tag, size_t len);
/* Content length of the minimal non-negative INTEGER for the big-endian
 * magnitude (leading zeros stripped, a zero byte added before a set top bit). */
size_t sc_asn1_uint_len(const uint8_t *mag, size_t n);
void sc_asn1w_uint(sc_asn1w *w, const uint8_t *mag, size_t n);
/* SC_OK if everything fit, else SC_ERR_BUFFER. */
sc_err sc_asn1w_done(const sc_asn1w *w);

/* PEM framing (pem.c): locate the first "-----BEGIN label-----" ...
 * "-----END label-----" block, each marker a line of its own; *body /
 * *bodylen: the lines between the marker lines, *start: offset of the BEGIN
 * marker.  SC_ERR_ENCODING if there is no such block or it is not closed. */
sc_err sc_pem_find(const uint8_t **body, size_t *bodylen, size_t *start, const char *label,
                   const uint8_t *in, size_t inlen);
/* 1 if "-----BEGIN " occurs anywhere in in[0..inlen), else 0; constant time
 * in the bytes, only the verdict published. */
int sc_pem_has_begin(const uint8_t *in, size_t inlen);

#endif
