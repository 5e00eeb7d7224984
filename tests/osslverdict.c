/* OpenSSL's verdicts on key files and its laxer forms (osslverdict.h). */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "osslverdict.h"
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>

static const char *const labels[OV_NKINDS] = { "EC PRIVATE KEY", "PRIVATE KEY", "PUBLIC KEY" };

const char *ov_label(int kind)
{
    return kind >= 0 && kind < OV_NKINDS ? labels[kind] : "";
}

EC_KEY *ov_key_der(int kind, const uint8_t *der, size_t len)
{
    const unsigned char *p = der;
    EC_KEY *k = NULL;
    if (kind == OV_SEC1) {
        k = d2i_ECPrivateKey(NULL, &p, (long)len);
    } else if (kind == OV_PKCS8) {
        PKCS8_PRIV_KEY_INFO *p8 = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)len);
        if (p8) {
            EVP_PKEY *pk = EVP_PKCS82PKEY(p8);
            if (pk) {
                k = EVP_PKEY_get1_EC_KEY(pk);
                EVP_PKEY_free(pk);
            }
            PKCS8_PRIV_KEY_INFO_free(p8);
        }
    } else if (kind == OV_SPKI) {
        k = d2i_EC_PUBKEY(NULL, &p, (long)len);
    }
    if (k && (p != der + len || EC_KEY_check_key(k) != 1)) {
        EC_KEY_free(k);
        k = NULL;
    }
    ERR_clear_error();
    return k;
}

int ov_accepts_der(int kind, const uint8_t *der, size_t len)
{
    EC_KEY *k = ov_key_der(kind, der, len);
    EC_KEY_free(k);
    return k != NULL;
}

/* The first block labelled for kind: its contents (OPENSSL_free), or NULL. */
static unsigned char *pem_block(int kind, const uint8_t *pem, size_t len, long *dl)
{
    BIO *b = BIO_new_mem_buf(pem, (int)len);
    unsigned char *data = NULL;
    char *name = NULL;
    if (PEM_bytes_read_bio(&data, dl, &name, ov_label(kind), b, NULL, NULL) != 1)
        data = NULL;
    OPENSSL_free(name);
    BIO_free(b);
    ERR_clear_error();
    return data;
}

int ov_accepts_pem(int kind, const uint8_t *pem, size_t len)
{
    long dl = 0;
    unsigned char *data = pem_block(kind, pem, len, &dl);
    int ok = data && ov_accepts_der(kind, data, (size_t)dl);
    OPENSSL_free(data);
    return ok;
}

/* OpenSSL's DER of k as kind (OPENSSL_free), its length in *n; NULL on failure. */
static unsigned char *reencode(int kind, EC_KEY *k, int *n)
{
    unsigned char *out = NULL;
    *n = -1;
    if (kind == OV_SEC1) {
        *n = i2d_ECPrivateKey(k, &out);
    } else if (kind == OV_SPKI) {
        *n = i2d_EC_PUBKEY(k, &out);
    } else if (kind == OV_PKCS8) {
        EVP_PKEY *pk = EVP_PKEY_new();
        PKCS8_PRIV_KEY_INFO *p8 = NULL;
        if (pk && EVP_PKEY_set1_EC_KEY(pk, k) == 1 && (p8 = EVP_PKEY2PKCS8(pk)) != NULL)
            *n = i2d_PKCS8_PRIV_KEY_INFO(p8, &out);
        PKCS8_PRIV_KEY_INFO_free(p8);
        EVP_PKEY_free(pk);
    }
    ERR_clear_error();
    return *n > 0 ? out : NULL;
}

/* 1 if DER that OpenSSL read as SEC1 has a version other than 1: its writer
 * keeps the version it read (the outer header, then INTEGER 1: 02 01 01). */
static int sec1_version_not_1(const uint8_t *der, size_t len)
{
    size_t i = 2;
    if (len < 2)
        return 1;
    if (der[1] & 0x80u)
        i += der[1] & 0x7fu;
    return len < i + 3 || der[i] != 0x02 || der[i + 1] != 0x01 || der[i + 2] != 0x01;
}

int ov_lax_der(int kind, const uint8_t *der, size_t len)
{
    EC_KEY *k = ov_key_der(kind, der, len);
    unsigned char *re;
    int n, lax;
    if (!k)
        return 0;
    re = reencode(kind, k, &n);
    lax = !re || (size_t)n != len || memcmp(re, der, len) != 0 || (kind == OV_SEC1 && sec1_version_not_1(der, len));
    OPENSSL_free(re);
    EC_KEY_free(k);
    return lax;
}

/* What seacurve allows after a marker on its line (docs/encoding.md, "PEM"). */
static int marker_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r';
}

/* The text between the first BEGIN line of the label and its END line, with
 * spaces, tabs, CRs and LFs removed, into out (*outlen bytes; a NUL byte, where
 * OpenSSL ends the line, stays in); -1 if absent or too long.  *header: a marker's line holds more than spaces, tabs and CRs
 * (OpenSSL reads control characters and bytes >= 0x80 there as spaces), or the
 * block starts with a blank line or a header line. */
static int pem_body(int kind, const uint8_t *pem, size_t len, char *out, size_t cap, size_t *outlen, int *header)
{
    char begin[64], end[64];
    const char *s = (const char *)pem, *e = s + len, *b = NULL, *q;
    size_t bl, el, k = 0;
    snprintf(begin, sizeof begin, "-----BEGIN %s-----", ov_label(kind));
    snprintf(end, sizeof end, "-----END %s-----", ov_label(kind));
    bl = strlen(begin);
    el = strlen(end);
    for (q = s; q + bl <= e; q++)
        if ((q == s || q[-1] == '\n') && memcmp(q, begin, bl) == 0) {
            b = q + bl;
            break;
        }
    if (!b)
        return -1;
    *header = 0;
    for (; b < e && *b != '\n'; b++)
        if (!marker_blank(*b))
            *header = 1;
    if (b < e)
        b++;
    for (q = b; q < e && *q != '\n'; q++)
        if (*q == ':')
            *header = 1;
    for (q = b; q < e && (*q == ' ' || *q == '\t' || *q == '\r'); q++)
        ;
    if (q < e && *q == '\n')
        *header = 1;
    for (q = b; q < e; q++) {
        if ((q == b || q[-1] == '\n') && q + el <= e && memcmp(q, end, el) == 0) {
            for (q += el; q < e && *q != '\n'; q++)
                if (!marker_blank(*q))
                    *header = 1;
            break;
        }
        if (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n')
            continue;
        if (k >= cap)
            return -1;
        out[k++] = *q;
    }
    *outlen = k;
    return 0;
}

int ov_lax_pem(int kind, const uint8_t *pem, size_t len)
{
    long dl = 0;
    unsigned char *data = pem_block(kind, pem, len, &dl);
    char *body = NULL, *canon = NULL;
    int header = 0, lax = 0;
    size_t bl = 0;
    if (!data || !ov_accepts_der(kind, data, (size_t)dl)) {
        OPENSSL_free(data);
        return 0;
    }
    body = malloc(2 * len + 1);
    canon = malloc(4 * ((size_t)dl / 3 + 1) + 1);
    if (body && canon) {
        EVP_EncodeBlock((unsigned char *)canon, data, (int)dl);
        lax = pem_body(kind, pem, len, body, 2 * len + 1, &bl, &header) != 0 || header ||
              bl != strlen(canon) || memcmp(body, canon, bl) != 0 || ov_lax_der(kind, data, (size_t)dl);
    }
    free(body);
    free(canon);
    OPENSSL_free(data);
    return lax;
}
