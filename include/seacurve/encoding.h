/** @file encoding.h
 * @brief Encodings: DER ECDSA signatures and key files (SubjectPublicKeyInfo, SEC1
 * ECPrivateKey, PKCS#8) in DER and PEM, compatible with OpenSSL.
 *
 * The DER reader is strict (definite minimal lengths, minimal INTEGERs, no
 * trailing data), bounded and non-recursive; no heap.  Byte-level only: these
 * functions never touch field or point arithmetic except through pk.h. */
#ifndef SEACURVE_ENCODING_H
#define SEACURVE_ENCODING_H

#include "pk.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup encoding
 * @brief DER / P1363 signatures; SPKI, SEC1 and PKCS#8 key files in DER and PEM.
 *
 * Byte-level, on public data (a key file's private key is copied, never branched on);
 * outputs are zeroed on failure.  Left out of a build with SC_NO_KEYFILE (the default
 * on AVR) except for the signature conversions.
 * @{ */

/* ---- ECDSA signatures (output may overlap input, e.g. in place) ---- */
/** P1363 r||s (2*nlen bytes) -> DER SEQUENCE { INTEGER r, INTEGER s }.
 * @param[out]    der     *derlen bytes (SC_PK_MAX_DER_SIG always suffices); may overlap sig.
 * @param[in,out] derlen  in: the size of der; out: bytes written (0 on failure).
 * @param[in]     sig     siglen bytes: r || s, each siglen/2 bytes big-endian.
 * @param[in]     siglen  even, 2 .. 2*SC_FP_MAXBYTES.
 * @retval SC_OK          der holds the encoding.
 * @retval SC_ERR_ARG     a NULL pointer.
 * @retval SC_ERR_LENGTH  siglen is 0, odd or too long.
 * @retval SC_ERR_BUFFER  *derlen is too small. */
sc_err sc_sig_p1363_to_der(uint8_t *der, size_t *derlen, const uint8_t *sig, size_t siglen);
/** strict DER -> P1363 r||s, each padded to nlen bytes (values longer than nlen: SC_ERR_ENCODING).
 * @param[out] sig     siglen bytes: r || s, each left-padded to siglen/2 bytes; may overlap der.
 * @param[in]  siglen  2*nlen of the curve (2*c->nlen), even.
 * @param[in]  der     derlen bytes: SEQUENCE { INTEGER r, INTEGER s }, strict DER.
 * @param[in]  derlen  its length (no trailing data allowed).
 * @retval SC_OK           sig holds r || s.
 * @retval SC_ERR_ARG      a NULL pointer.
 * @retval SC_ERR_LENGTH   siglen is 0, odd or too long.
 * @retval SC_ERR_ENCODING anything but strict DER, or r or s longer than siglen/2 bytes. */
sc_err sc_sig_der_to_p1363(uint8_t *sig, size_t siglen, const uint8_t *der, size_t derlen);

/* ---- keys ---- */
/** A key as a key file holds it: the curve, the private scalar and / or the public
 * point.  Holds a secret: wipe it with sc_key_wipe. */
typedef struct sc_key {
    const sc_curve *curve;           /**< the key's curve */
    int has_priv;                    /**< private key present */
    int has_pub;                     /**< public point present */
    uint8_t priv[SC_FP_MAXBYTES];    /**< curve->nlen bytes */
    uint8_t pub[SC_PK_MAX_PUB];      /**< SEC1 point as encoded in the file / derived */
    size_t publen;                   /**< bytes of pub in use */
} sc_key;

/** The key-file structures. */
typedef enum sc_key_format {
    SC_KEYFMT_SPKI = 1,      /**< SubjectPublicKeyInfo ("PUBLIC KEY") */
    SC_KEYFMT_SEC1 = 2,      /**< ECPrivateKey ("EC PRIVATE KEY") */
    SC_KEYFMT_PKCS8 = 3      /**< PrivateKeyInfo ("PRIVATE KEY") */
} sc_key_format;

/** How a key file gives its curve (ECParameters, RFC 3279 2.3.5 / SEC 1 v2 C.2). */
typedef enum sc_param_enc {
    SC_PARAMS_NAMED = 0,     /**< namedCurve: the curve's OID (a curve without one,
                              * oid_len == 0, is written explicitly anyway) */
    SC_PARAMS_EXPLICIT = 1   /**< specifiedCurve: SpecifiedECDomain version 1 with a
                              * prime field, a and b as flen-byte strings, no seed,
                              * uncompressed G, order n and cofactor h; as
                              * `openssl ecparam -param_enc explicit` less the seed */
} sc_param_enc;

/** Parse a key file in DER or PEM (format detected: SPKI, SEC1, PKCS#8; PEM may carry an
 * "EC PARAMETERS" block before the key, which is checked against the key's curve).  A
 * private key without its public point gets it derived; a public point is validated
 * and, if both are present, checked to match.  Wherever ECParameters occur they may be
 * namedCurve or specifiedCurve (explicit parameters): a SpecifiedECDomain of version 1,
 * 2 or 3 over a prime field is matched exactly (p, a, b, G uncompressed or compressed,
 * n, h; seed and hash ignored; a and b may omit leading zero bytes) to a built-in prime
 * curve, and the key gets that curve.  The cofactor must be present (RFC 3279 2.3.5
 * requires it in key parameters; SEC 1 makes it optional).  On failure *key is zeroed.
 * Errors: SC_ERR_ENCODING malformed DER / PEM / base64 (or a PEM label that does not
 * match its contents, a SpecifiedECDomain version other than 1..3 or without its
 * cofactor); SC_ERR_CURVE unknown curve OID, or a bare ECPrivateKey without parameters;
 * SC_ERR_UNSUPPORTED explicit parameters of no built-in curve, explicit parameters over
 * a characteristic-two (or any non-prime) field, implicitCurve, a non-EC algorithm,
 * encrypted PEM or "ENCRYPTED PRIVATE KEY"; SC_ERR_CURVE_MISMATCH PKCS#8 and inner
 * ECPrivateKey (or an "EC PARAMETERS" block) naming different curves; SC_ERR_SCALAR
 * d = 0 or d >= n; SC_ERR_POINT (and the other sc_pub_validate codes) for a bad point,
 * SC_ERR_POINT also for a point that is not d*G.  A private key's d may be written
 * shorter than nlen bytes (leading zeros dropped); it is left-padded.
 * @param[out] key    the key (curve, private and/or public part).
 * @param[in]  in     inlen bytes: DER, or PEM text (not NUL-terminated).
 * @param[in]  inlen  its length.
 * @return SC_OK, or one of the errors above (SC_ERR_ARG for a NULL pointer). */
sc_err sc_key_parse(sc_key *key, const uint8_t *in, size_t inlen);
/* Key and PEM functions: outputs must not overlap inputs. */
/** Encode: DER if pem == 0, else PEM with the right label.  SPKI needs has_pub; SEC1
 * and PKCS#8 need has_priv (the public point is included).  *outlen: in size, out bytes.
 * Output is byte-identical to OpenSSL's (i2d_PUBKEY / i2d_ECPrivateKey /
 * i2d_PKCS8PrivateKey and the PEM writers): d as nlen bytes, SEC1 with [0] and [1],
 * PKCS#8 v1 whose inner ECPrivateKey omits [0].  PEM has 64-column lines, LF endings and
 * no NUL terminator.  SC_ERR_KEY_TYPE if the needed part is missing, SC_ERR_POINT if
 * a stored point is not d*G, SC_ERR_BUFFER (output zeroed, *outlen = 0) if too small.
 * Same as sc_key_encode_ex with SC_PARAMS_NAMED.
 * @param[out]    out     *outlen bytes; must not overlap key.
 * @param[in,out] outlen  in: the size of out; out: bytes written.
 * @param[in]     key     the key (sc_key_parse, or filled by the caller).
 * @param[in]     fmt     SPKI, SEC1 or PKCS#8.
 * @param[in]     pem     0: DER; nonzero: PEM.
 * @return SC_OK or one of the errors above; SC_ERR_ARG for a NULL pointer, a key without
 *        curve or an unknown fmt. */
sc_err sc_key_encode(uint8_t *out, size_t *outlen, const sc_key *key, sc_key_format fmt, int pem);
/** sc_key_encode with a choice of ECParameters (in the SPKI AlgorithmIdentifier, SEC1 [0],
 * and the PKCS#8 AlgorithmIdentifier; the ECPrivateKey inside PKCS#8 still omits [0]).
 * SC_PARAMS_EXPLICIT on a binary curve: SC_ERR_UNSUPPORTED (explicit characteristic-two
 * parameters are not written); another params value: SC_ERR_ARG.
 * @param[out]    out     *outlen bytes; must not overlap key.
 * @param[in,out] outlen  in: the size of out; out: bytes written.
 * @param[in]     key     the key.
 * @param[in]     fmt     SPKI, SEC1 or PKCS#8.
 * @param[in]     pem     0: DER; nonzero: PEM.
 * @param[in]     params  named or explicit ECParameters.
 * @return as sc_key_encode, and the errors above. */
sc_err sc_key_encode_ex(uint8_t *out, size_t *outlen, const sc_key *key, sc_key_format fmt, int pem,
                        sc_param_enc params);
/** Wipe a key (sc_memzero of the whole struct); NULL is ignored.
 * @param[out] key  the key. */
void sc_key_wipe(sc_key *key);

/* ---- PEM / base64 (generic) ---- */
/** Find the first PEM block with the given label ("PUBLIC KEY", ...) and decode it.
 * Markers are lines of their own, no blank line inside, whole lines around the block are
 * ignored (docs/encoding.md); base64 is strict on alphabet and padding
 * (canonical trailing bits), any line length and CRLF are accepted.  *derlen: in size,
 * out bytes.  SC_ERR_ENCODING (no such block, bad base64), SC_ERR_UNSUPPORTED (RFC 1421
 * encrypted headers), SC_ERR_BUFFER; the output is zeroed on failure.
 * @param[out]    der     *derlen bytes: the block's contents.
 * @param[in,out] derlen  in: the size of der; out: bytes written (0 on failure).
 * @param[in]     label   the label, e.g. "PUBLIC KEY" (NUL-terminated).
 * @param[in]     in      inlen bytes of text (not NUL-terminated).
 * @param[in]     inlen   its length.
 * @return SC_OK, SC_ERR_ARG for a NULL pointer, or one of the errors above. */
sc_err sc_pem_decode(uint8_t *der, size_t *derlen, const char *label, const uint8_t *in, size_t inlen);
/** Encode der as one PEM block with the given label: 64-column lines, LF endings, no NUL
 * terminator.
 * @param[out]    out     *outlen bytes; must not overlap der.
 * @param[in,out] outlen  in: the size of out; out: bytes written (0 on failure).
 * @param[in]     label   the label (NUL-terminated).
 * @param[in]     der     derlen bytes.
 * @param[in]     derlen  its length.
 * @retval SC_OK          out holds the PEM text.
 * @retval SC_ERR_ARG     a NULL pointer, or a label that is too long.
 * @retval SC_ERR_LENGTH  derlen too large to encode.
 * @retval SC_ERR_BUFFER  *outlen is too small (out zeroed). */
sc_err sc_pem_encode(uint8_t *out, size_t *outlen, const char *label, const uint8_t *der, size_t derlen);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
