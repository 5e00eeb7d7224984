/* OpenSSL's verdict on an EC key file, and whether it reached that verdict by
 * normalising a form that seacurve refuses on purpose (docs/encoding.md, "Where
 * OpenSSL is laxer").  Shared by tests/test_strict.c, which checks this rule
 * against every row it marks as laxer and every valid base, and by the fuzz
 * targets (fuzz/), which apply it to arbitrary inputs.
 *
 * The rule: OpenSSL accepts a key file when its reader (d2i_ECPrivateKey,
 * d2i_PKCS8_PRIV_KEY_INFO + EVP_PKCS82PKEY, d2i_EC_PUBKEY; for PEM first
 * PEM_bytes_read_bio with the label) decodes it using every byte and
 * EC_KEY_check_key passes.  It accepted a laxer form when its own writer
 * (i2d_ECPrivateKey, i2d_PKCS8_PRIV_KEY_INFO of EVP_PKEY2PKCS8, i2d_EC_PUBKEY;
 * for PEM the base64 of EVP_EncodeBlock) does not give back the input: BER
 * lengths, versions, unused bits, bytes after PKCS#8's ECPrivateKey, explicit
 * parameters of another version or without the cofactor, lenient base64, a
 * header section after BEGIN and stray bytes ending a line are all rewritten
 * by it; an ECPrivateKey's version
 * it writes back as read, so that one is checked directly. */
#ifndef SC_TESTS_OSSLVERDICT_H
#define SC_TESTS_OSSLVERDICT_H

#include <openssl/ec.h>
#include <stddef.h>
#include <stdint.h>

enum { OV_SEC1, OV_PKCS8, OV_SPKI, OV_NKINDS };

/* The PEM label of a kind: "EC PRIVATE KEY", "PRIVATE KEY", "PUBLIC KEY". */
const char *ov_label(int kind);

/* The key OpenSSL reads from DER of the given kind (caller frees), NULL if it
 * refuses it. */
EC_KEY *ov_key_der(int kind, const uint8_t *der, size_t len);

/* 1 if OpenSSL accepts der as the given kind, else 0. */
int ov_accepts_der(int kind, const uint8_t *der, size_t len);

/* 1 if OpenSSL accepts PEM text holding a block of the kind's label. */
int ov_accepts_pem(int kind, const uint8_t *pem, size_t len);

/* 1 if OpenSSL accepts der (kind) and its writer gives other bytes back. */
int ov_lax_der(int kind, const uint8_t *der, size_t len);

/* 1 if OpenSSL accepts the PEM text (kind) and either its block's text is not
 * the canonical base64 of the contents (whitespace aside; a header section or a
 * blank line after BEGIN included) or the contents are a laxer DER form. */
int ov_lax_pem(int kind, const uint8_t *pem, size_t len);

#endif
