/* Strict decoding, table-driven: every malformed form of every key file and
 * signature format is refused with its own sc_err, and OpenSSL refuses it too.
 *
 * The valid bases come from OpenSSL, never from seacurve: on secp160r1,
 * prime256v1, secp256k1 and sect163k1 (named parameters only: explicit
 * binary-field parameters are SC_ERR_UNSUPPORTED by design), a key pair (d from the test PRNG) written by
 * libcrypto as SEC1 ECPrivateKey (i2d_ECPrivateKey), PKCS#8 PrivateKeyInfo
 * (i2d_PKCS8_PRIV_KEY_INFO) and SubjectPublicKeyInfo (i2d_EC_PUBKEY), each with
 * named-curve and with explicit parameters (OPENSSL_EC_EXPLICIT_CURVE), in DER
 * and in PEM (PEM_write_bio); and an ECDSA signature (ECDSA_do_sign) in DER
 * (i2d_ECDSA_SIG) and as P1363 r || s.  Each base must be accepted by both.
 *
 * The test takes each DER base apart into a tree of elements (every
 * constructed element, and the OCTET STRING that holds PKCS#8's ECPrivateKey)
 * and writes it back with one mutation, the other lengths recomputed:
 *
 *   - at every element: a length one byte longer than minimal, a length with
 *     two leading zero bytes (30 83 00 00 79 ...), the indefinite length 0x80
 *     (the content then ends with 00 00), a length of 2^31 - 1, a wrong tag;
 *     for the last element of each constructed one (and the outermost), a
 *     length one past its end; inside each constructed element, an extra
 *     element (05 00) after its last one;
 *   - at the whole: trailing garbage, and truncation at every byte;
 *   - at fields: version 0 / 2 / negative / empty / with a superfluous
 *     leading zero, d = 0 / n / all ones / longer than nlen / empty, a BIT
 *     STRING with unused bits, a point off the curve, a malformed OID, another
 *     algorithm, an unknown curve, explicit parameters of version 4, without
 *     the cofactor, over a characteristic-two field, or with another p; for
 *     signatures r or s = 0, = n, negative, longer than nlen, with a
 *     superfluous leading zero, empty.
 *
 * Every DER row runs twice: as DER and wrapped in PEM with the right label.
 * PEM framing rows (on each PEM base): text before BEGIN or after END on the
 * marker's line, a marker indented, data on a marker's line, markers inside a
 * line, BEGIN twice, mismatched BEGIN/END labels, lowercase or short markers,
 * a missing END, truncation at every byte, blank lines inside the block,
 * characters outside the alphabet, '=' in the middle, wrong padding, data
 * after the padding, non-canonical trailing bits, an RFC 1421 header.
 * P1363 rows: wrong lengths, r or s = 0, = n, all ones, a changed s.
 *
 * Expected codes: SC_ERR_ENCODING for every malformed DER / PEM / base64;
 * SC_ERR_SCALAR for d outside [1, n-1]; SC_ERR_POINT for a point off the
 * curve; SC_ERR_CURVE for an unknown named curve; SC_ERR_UNSUPPORTED for a
 * non-EC algorithm and for explicit parameters of no built-in prime curve;
 * for signatures SC_ERR_SIG_RANGE (r, s outside [1, n-1]), SC_ERR_LENGTH
 * (P1363 of the wrong length), SC_ERR_VERIFY.
 *
 * Cross-check: OpenSSL "accepts" an input when d2i_ECPrivateKey /
 * d2i_PKCS8_PRIV_KEY_INFO + EVP_PKCS82PKEY / d2i_EC_PUBKEY decodes it using
 * every byte and EC_KEY_check_key passes (for PEM: PEM_bytes_read_bio with the
 * label, then the same); a signature when ECDSA_verify (DER) or ECDSA_do_verify
 * (P1363 values) returns 1.  Every row must be refused by OpenSSL too, except
 * the forms where OpenSSL is knowingly laxer and seacurve stricter on purpose
 * (the rows marked LAX, docs/encoding.md):
 *   - BER lengths: non-minimal long forms and, in constructed elements, the
 *     indefinite length (OpenSSL's ASN1_get_object reads BER);
 *   - an ECPrivateKey of a version other than 1 (RFC 5915 3), a PrivateKeyInfo
 *     version above 1, explicit parameters of version 4 or without cofactor;
 *   - a seed BIT STRING with unused bits in explicit parameters;
 *   - base64: a missing or short '=' padding, data after the padding,
 *     non-zero trailing bits (EVP_DecodeUpdate is lenient);
 *   - PEM: a blank line, or an RFC 1421 header and a blank line, right after
 *     BEGIN (OpenSSL reads it as an empty header section).
 *   - PEM: a control character (other than LF) or a byte of 0x80 and above
 *     ending a line, marker or data (OpenSSL reads it as a space), and text
 *     after a NUL byte on a line (OpenSSL ends the line there).
 * Each input is passed in a heap block of exactly its size (ASan build).
 * A LAX row OpenSSL accepts is counted and printed; a row not marked LAX
 * that OpenSSL accepts fails the test, so the list cannot silently grow. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "osslverdict.h"
#include "testutil.h"
#include <seacurve/seacurve.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>

enum { K_SEC1, K_PKCS8, K_SPKI, K_SIG };
static const char *const kind_name[] = { "SEC1", "PKCS#8", "SPKI", "DER signature" };
static const char *const kind_label[] = { "EC PRIVATE KEY", "PRIVATE KEY", "PUBLIC KEY", NULL };

/* ---- the element tree of a DER base ---- */

#define MAXN 64
#define BUF 2048

typedef struct tnode {
    unsigned tag;
    const uint8_t *c; /* content (primitive) */
    size_t clen;
    int parent, nkids, kids[16];
    int container;
    char path[24];    /* child indexes from the outermost element, "" for it */
} tnode;

typedef struct tree {
    tnode n[MAXN];
    int count;
} tree;

/* Minimal DER parse of one element at p[0..len) into t (the test's own reader:
 * the bases are OpenSSL's, so only the definite short and long forms occur). */
static int parse_el(tree *t, const uint8_t *p, size_t len, int parent, int index, size_t *used);

static int parse_kids(tree *t, int me, const uint8_t *p, size_t len)
{
    size_t off = 0, u;
    int i = 0;
    while (off < len) {
        int k = parse_el(t, p + off, len - off, me, i++, &u);
        if (k < 0 || t->n[me].nkids == 16)
            return -1;
        t->n[me].kids[t->n[me].nkids++] = k;
        off += u;
    }
    return 0;
}

static int parse_el(tree *t, const uint8_t *p, size_t len, int parent, int index, size_t *used)
{
    size_t hl = 2, cl, i;
    int me;
    tnode *n;
    if (len < 2 || t->count == MAXN)
        return -1;
    cl = p[1];
    if (p[1] & 0x80) {
        size_t k = p[1] & 0x7fu;
        if (k == 0 || k > 2 || len < 2 + k)
            return -1;
        for (cl = 0, i = 0; i < k; i++)
            cl = (cl << 8) | p[2 + i];
        hl = 2 + k;
    }
    if (cl > len - hl)
        return -1;
    me = t->count++;
    n = &t->n[me];
    memset(n, 0, sizeof *n);
    n->tag = p[0];
    n->c = p + hl;
    n->clen = cl;
    n->parent = parent;
    if (parent < 0) {
        n->path[0] = 0;
    } else {
        size_t l = strlen(t->n[parent].path);
        if (l + 4 > sizeof n->path)
            return -1;
        memcpy(n->path, t->n[parent].path, l);
        if (l)
            n->path[l++] = '.';
        if (index >= 10)
            n->path[l++] = (char)('0' + index / 10);
        n->path[l++] = (char)('0' + index % 10);
        n->path[l] = 0;
    }
    /* constructed; or PKCS#8's privateKey OCTET STRING (the outermost's third element) holding a SEQUENCE */
    n->container = (p[0] & 0x20u) || (p[0] == 0x04 && strcmp(n->path, "2") == 0 && cl > 2 && p[hl] == 0x30);
    if (n->container && parse_kids(t, me, p + hl, cl) != 0)
        return -1;
    *used = hl + cl;
    return me;
}

static int tree_build(tree *t, const uint8_t *der, size_t len)
{
    size_t u;
    t->count = 0;
    return parse_el(t, der, len, -1, 0, &u) == 0 && u == len ? 0 : -1;
}

static int find_path(const tree *t, const char *path)
{
    int i;
    for (i = 0; i < t->count; i++)
        if (strcmp(t->n[i].path, path) == 0)
            return i;
    return -1;
}

/* ---- mutations ---- */

enum {
    M_NONE,
    M_NONMIN1,  /* length one byte longer than minimal */
    M_NONMIN2,  /* length with two leading zero bytes */
    M_INDEF,    /* indefinite length, content then 00 00 */
    M_HUGE,     /* length 2^31 - 1 */
    M_OVERRUN,  /* length one past the end of what holds it (last element) */
    M_TAG,      /* a tag the structure does not allow here */
    M_EXTRA,    /* an extra element 05 00 inside a constructed element */
    M_DELETE,   /* the element left out */
    M_SET,      /* the content replaced */
    M_TRAIL,    /* one byte after the whole encoding */
    M_TRUNC     /* the encoding cut at len bytes */
};

typedef struct mut {
    int kind, target;
    const uint8_t *val;
    size_t vallen;
} mut;

static size_t put_len(uint8_t *o, size_t len, int extra)
{
    uint8_t be[4];
    size_t lb = 0, k = 0, i;
    size_t v = len;
    do {
        be[3 - lb++] = (uint8_t)v;
        v >>= 8;
    } while (v);
    if (len < 0x80 && !extra) {
        o[0] = (uint8_t)len;
        return 1;
    }
    if (len < 0x80 && extra == 1) {
        o[0] = 0x81;
        o[1] = (uint8_t)len;
        return 2;
    }
    if (len < 0x80)
        extra--; /* 82 00 L: one zero byte and the length byte */
    o[k++] = (uint8_t)(0x80u | (lb + (size_t)extra));
    for (i = 0; i < (size_t)extra; i++)
        o[k++] = 0;
    for (i = 0; i < lb; i++)
        o[k++] = be[4 - lb + i];
    return k;
}

static unsigned wrong_tag(unsigned tag)
{
    if ((tag & 0xc0u) == 0x80u)
        return tag + 2;          /* [0] -> [2], [1] -> [3] */
    if (tag & 0x20u)
        return tag + 1;          /* SEQUENCE -> SET */
    return 0x0c;                 /* a primitive -> UTF8String */
}

/* Write element i of t with mutation m into o; returns the bytes written. */
static size_t emit(uint8_t *o, const tree *t, int i, const mut *m)
{
    const tnode *n = &t->n[i];
    uint8_t content[BUF];
    size_t cl = 0, k = 0, j;
    int me = m->target == i;

    if (me && m->kind == M_DELETE)
        return 0;
    if (me && m->kind == M_SET) {
        if (m->vallen)
            memcpy(content, m->val, m->vallen);
        cl = m->vallen;
    } else if (n->container) {
        for (j = 0; j < (size_t)n->nkids; j++)
            cl += emit(content + cl, t, n->kids[j], m);
    } else {
        memcpy(content, n->c, n->clen);
        cl = n->clen;
    }
    if (me && m->kind == M_EXTRA) {
        content[cl++] = 0x05;
        content[cl++] = 0x00;
    }
    o[k++] = (uint8_t)(me && m->kind == M_TAG ? wrong_tag(n->tag) : n->tag);
    if (me && m->kind == M_NONMIN1)
        k += put_len(o + k, cl, 1);
    else if (me && m->kind == M_NONMIN2)
        k += put_len(o + k, cl, 2);
    else if (me && m->kind == M_INDEF)
        o[k++] = 0x80;
    else if (me && m->kind == M_HUGE) {
        static const uint8_t huge[5] = { 0x84, 0x7f, 0xff, 0xff, 0xff };
        memcpy(o + k, huge, 5);
        k += 5;
    } else if (me && m->kind == M_OVERRUN)
        k += put_len(o + k, cl + 1, 0);
    else
        k += put_len(o + k, cl, 0);
    memcpy(o + k, content, cl);
    k += cl;
    if (me && m->kind == M_INDEF) {
        o[k++] = 0;
        o[k++] = 0;
    }
    return k;
}

static size_t build(uint8_t *o, const tree *t, const uint8_t *der, const mut *m)
{
    size_t k;
    if (m->kind == M_TRUNC) {
        memcpy(o, der, m->vallen);
        return m->vallen;
    }
    k = emit(o, t, 0, m);
    if (m->kind == M_TRAIL)
        o[k++] = 0x00;
    return k;
}

/* ---- OpenSSL's verdicts ---- */

typedef struct base {
    const sc_curve *c;
    int nid, kind, explicit_;
    EC_KEY *key;
    uint8_t der[BUF];
    size_t derlen;
    uint8_t dg[32];
    uint8_t pub[SC_PK_MAX_PUB];
    size_t publen;
} base;

/* Key files: tests/osslverdict.h (OV_SEC1, OV_PKCS8, OV_SPKI are K_SEC1, K_PKCS8, K_SPKI). */
static int ossl_key_ok(int kind, const uint8_t *in, size_t len, int pem)
{
    return pem ? ov_accepts_pem(kind, in, len) : ov_accepts_der(kind, in, len);
}

static int ossl_key_lax(int kind, const uint8_t *in, size_t len, int pem)
{
    return pem ? ov_lax_pem(kind, in, len) : ov_lax_der(kind, in, len);
}

static int ossl_sig_ok(const base *b, const uint8_t *der, size_t len)
{
    int ok = ECDSA_verify(0, b->dg, sizeof b->dg, der, (int)len, b->key) == 1;
    ERR_clear_error();
    return ok;
}

static int ossl_p1363_ok(const base *b, const uint8_t *sig, size_t len)
{
    ECDSA_SIG *s = ECDSA_SIG_new();
    size_t nl = b->c->nlen;
    int ok;
    ECDSA_SIG_set0(s, BN_bin2bn(sig, (int)nl, NULL), BN_bin2bn(sig + nl, (int)nl, NULL));
    ok = len == 2 * nl && ECDSA_do_verify(b->dg, sizeof b->dg, s, b->key) == 1;
    ECDSA_SIG_free(s);
    ERR_clear_error();
    return ok;
}

/* PEM of der with OpenSSL's writer. */
static size_t ossl_pem(uint8_t *out, size_t cap, const char *label, const uint8_t *der, size_t len)
{
    BIO *b = BIO_new(BIO_s_mem());
    char *p;
    long n;
    PEM_write_bio(b, label, "", der, (long)len);
    n = BIO_get_mem_data(b, &p);
    if (n < 0 || (size_t)n > cap)
        n = 0;
    memcpy(out, p, (size_t)n);
    BIO_free(b);
    return (size_t)n;
}

/* ---- running rows ---- */

static long rows, lax_accepted;

/* The forms where OpenSSL is knowingly laxer (see the top of the file). */
#define LAX_BER "BER lengths (non-minimal long form; indefinite in a constructed element)"
#define LAX_VERSION "ECPrivateKey version not 1, PrivateKeyInfo version above 1 or negative"
#define LAX_BITS "public key BIT STRING with unused bits (OpenSSL masks them off)"
#define LAX_INNER "PKCS#8 ECPrivateKey followed by more bytes in its OCTET STRING"
#define LAX_PARAMS "explicit parameters of version 0 or 4, or without the cofactor"
#define LAX_SEED "explicit parameters: seed BIT STRING with unused bits"
#define LAX_B64 "base64: padding missing or short, data after it, non-zero unused bits"
#define LAX_HEADER "PEM: a blank line, or an RFC 1421 header and a blank line, after BEGIN"
#define LAX_LINE_END "PEM: a control character or a byte >= 0x80 ending a line, anything after a NUL byte"

static const char *lax_seen[16];
static long lax_n[16];

static void lax_count(const char *lax)
{
    int i;
    lax_accepted++;
    for (i = 0; i < 16 && lax_seen[i] && lax_seen[i] != lax; i++)
        ;
    if (i < 16) {
        lax_seen[i] = lax;
        lax_n[i]++;
    }
}

static sc_err sc_sig_der(const base *b, const uint8_t *der, size_t len)
{
    uint8_t sig[SC_PK_MAX_SIG];
    size_t sl = 2 * b->c->nlen;
    sc_err e = sc_sig_der_to_p1363(sig, sl, der, len);
    if (e == SC_OK)
        e = sc_ecdsa_verify(b->c, sig, sl, b->dg, sizeof b->dg, b->pub, b->publen);
    return e;
}

static void describe(char *w, size_t wn, const base *b, const char *form, int pem)
{
    snprintf(w, wn, "%s %s%s %s: %s", b->c->name, kind_name[b->kind],
             b->kind == K_SIG ? "" : b->explicit_ ? " explicit" : " named", pem ? "PEM" : "DER", form);
}

/* One row: input in[0..len), expected code, and whether OpenSSL may accept it. */
static void row(const base *b, const uint8_t *in, size_t len, int pem, sc_err want, const char *lax, const char *form)
{
    char w[160];
    sc_key key;
    sc_err got;
    int ossl;
    uint8_t *heap = malloc(len ? len : 1);   /* exactly len bytes: ASan sees any over-read */
    describe(w, sizeof w, b, form, pem);
    rows++;
    if (!CHECK(heap != NULL, "%s: malloc", w))
        return;
    memcpy(heap, in, len);
    in = heap;
    if (b->kind == K_SIG) {
        got = sc_sig_der(b, in, len);
        ossl = ossl_sig_ok(b, in, len);
    } else {
        memset(&key, 0xa5, sizeof key);
        got = sc_key_parse(&key, in, len);
        ossl = ossl_key_ok(b->kind, in, len, pem);
        if (got != SC_OK) {
            sc_key zero;
            memset(&zero, 0, sizeof zero);
            CHECK(memcmp(&key, &zero, sizeof key) == 0, "%s: key zeroed on failure", w);
        }
    }
    CHECK(got == want, "%s: got %d (%s), want %d (%s)", w, (int)got, sc_strerror(got), (int)want,
          sc_strerror(want));
    /* osslverdict.h's rule for the fuzz targets agrees with this table: a base is
     * OpenSSL's own encoding, a laxer form one that OpenSSL rewrites */
    if (want == SC_OK) {
        CHECK(ossl, "%s: OpenSSL accepts the base", w);
        if (b->kind != K_SIG)
            CHECK(!ossl_key_lax(b->kind, in, len, pem), "%s: the base is OpenSSL's own encoding", w);
    } else if (ossl && lax) {
        lax_count(lax);
        if (b->kind != K_SIG)
            CHECK(ossl_key_lax(b->kind, in, len, pem), "%s: OpenSSL rewrites the laxer form", w);
    } else
        CHECK(!ossl, "%s: OpenSSL accepts a form seacurve refuses, not listed as laxer", w);
    free(heap);
}

/* A DER row, run as DER and (key files) as PEM. */
static void der_row(const base *b, const tree *t, const mut *m, sc_err want, const char *lax, const char *form)
{
    uint8_t o[BUF], pem[3 * BUF];
    size_t n = build(o, t, b->der, m), pl;
    row(b, o, n, 0, want, lax, form);
    if (b->kind != K_SIG) {
        pl = ossl_pem(pem, sizeof pem, kind_label[b->kind], o, n);
        row(b, pem, pl, 1, want, lax, form);
    }
}

static const char *mut_name[] = { "", "non-minimal length (one byte more)", "non-minimal length (two leading zero bytes)",
                                  "indefinite length", "length 2^31 - 1", "length past the end", "wrong tag",
                                  "extra element inside", "element left out", "content", "trailing byte",
                                  "truncated" };

/* Every structural mutation at every element, the whole truncated at every byte. */
static void structural(const base *b, const tree *t)
{
    char form[96];
    int i, k;
    mut m;
    memset(&m, 0, sizeof m);
    for (i = 0; i < t->count; i++) {
        const tnode *n = &t->n[i];
        int last = n->parent < 0 || t->n[n->parent].kids[t->n[n->parent].nkids - 1] == i;
        for (k = M_NONMIN1; k <= M_EXTRA; k++) {
            const char *lax = NULL;
            if (k == M_OVERRUN && !last)
                continue;
            if (k == M_EXTRA && !n->container)
                continue;
            if (k == M_NONMIN2 && n->clen >= 0x10000)
                continue;
            /* BER: OpenSSL reads non-minimal lengths, and indefinite ones in constructed elements */
            if (k == M_NONMIN1 || k == M_NONMIN2 || (k == M_INDEF && (n->tag & 0x20u)))
                lax = LAX_BER;
            /* OpenSSL decodes PKCS#8's inner ECPrivateKey without checking that it fills its OCTET STRING */
            if (k == M_EXTRA && n->tag == 0x04)
                lax = LAX_INNER;
            m.kind = k;
            m.target = i;
            snprintf(form, sizeof form, "%s at element [%s] (tag %02x)", mut_name[k], n->path, n->tag);
            der_row(b, t, &m, SC_ERR_ENCODING, lax, form);
        }
    }
    m.kind = M_TRAIL;
    m.target = -1;
    der_row(b, t, &m, SC_ERR_ENCODING, NULL, "trailing byte after the outermost SEQUENCE");
    m.kind = M_TRUNC;
    for (m.vallen = 0; m.vallen < b->derlen; m.vallen++) {
        snprintf(form, sizeof form, "truncated to %zu of %zu bytes", m.vallen, b->derlen);
        row(b, b->der, m.vallen, 0, SC_ERR_ENCODING, NULL, form);
    }
}

/* Replace the content of the element at path. */
static void set_row(const base *b, const tree *t, const char *path, const uint8_t *v, size_t vl, sc_err want,
                    const char *lax, const char *form)
{
    mut m;
    char f[128];
    m.kind = M_SET;
    m.target = find_path(t, path);
    m.val = v;
    m.vallen = vl;
    if (!CHECK(m.target >= 0, "%s %s: no element [%s] for %s", b->c->name, kind_name[b->kind], path, form))
        return;
    snprintf(f, sizeof f, "[%s] %s", path, form);
    der_row(b, t, &m, want, lax, f);
}

static void del_row(const base *b, const tree *t, const char *path, sc_err want, const char *lax, const char *form)
{
    mut m;
    char f[128];
    memset(&m, 0, sizeof m);
    m.kind = M_DELETE;
    m.target = find_path(t, path);
    if (!CHECK(m.target >= 0, "%s %s: no element [%s] for %s", b->c->name, kind_name[b->kind], path, form))
        return;
    snprintf(f, sizeof f, "[%s] %s", path, form);
    der_row(b, t, &m, want, lax, f);
}

/* Version INTEGER rows at path: bad is a value the field may not take; lax: a
 * mask of the rows OpenSSL accepts (1 that value, 2 a negative one, 4 an
 * empty INTEGER). */
static void version_rows(const base *b, const tree *t, const char *path, unsigned bad, int lax)
{
    static const uint8_t neg[1] = { 0xff }, lead0[2] = { 0x00, 0x01 };
    uint8_t other[1];
    char f[64];
    other[0] = (uint8_t)bad;
    snprintf(f, sizeof f, "version %u", bad);
    set_row(b, t, path, other, 1, SC_ERR_ENCODING, (lax & 1) ? LAX_VERSION : NULL, f);
    set_row(b, t, path, neg, 1, SC_ERR_ENCODING, (lax & 2) ? LAX_VERSION : NULL, "version negative (INTEGER -1)");
    set_row(b, t, path, lead0, 2, SC_ERR_ENCODING, NULL, "version INTEGER with a superfluous leading zero");
    set_row(b, t, path, NULL, 0, SC_ERR_ENCODING, (lax & 4) ? LAX_VERSION : NULL, "version INTEGER empty");
}

static void bitstring_rows(const base *b, const tree *t, const char *path, const char *lax_unused)
{
    int i = find_path(t, path);
    uint8_t v[BUF];
    if (!CHECK(i >= 0 && t->n[i].tag == 0x03, "%s: BIT STRING at [%s]", b->c->name, path))
        return;
    memcpy(v, t->n[i].c, t->n[i].clen);
    v[0] = 1;
    set_row(b, t, path, v, t->n[i].clen, SC_ERR_ENCODING, lax_unused, "BIT STRING with 1 unused bit");
    v[0] = 0;
    set_row(b, t, path, NULL, 0, SC_ERR_ENCODING, NULL, "BIT STRING empty");
}

/* A point BIT STRING at path with its last byte changed: off the curve. */
static void point_rows(const base *b, const tree *t, const char *path)
{
    int i = find_path(t, path);
    uint8_t v[BUF];
    if (i < 0)
        return;
    memcpy(v, t->n[i].c, t->n[i].clen);
    v[t->n[i].clen - 1] ^= 1;
    set_row(b, t, path, v, t->n[i].clen, SC_ERR_POINT, NULL, "public point off the curve");
}

static void n_bytes(const base *b, uint8_t *out)
{
    BN_bn2binpad(EC_GROUP_get0_order(EC_KEY_get0_group(b->key)), out, (int)b->c->nlen);
}

/* ECPrivateKey rows; pre: the path prefix of the ECPrivateKey SEQUENCE ("" or "2.0"). */
static void ecpriv_rows(const base *b, const tree *t, const char *pre, int in_pkcs8)
{
    char p[40], pk[40];
    uint8_t v[SC_FP_MAXBYTES + 1];
    size_t nl = b->c->nlen;
    int i;
    snprintf(p, sizeof p, "%s%s0", pre, *pre ? "." : "");
    version_rows(b, t, p, 2, 7);   /* OpenSSL does not check ECPrivateKey's version */
    snprintf(p, sizeof p, "%s%s1", pre, *pre ? "." : "");
    memset(v, 0, nl);
    set_row(b, t, p, v, nl, SC_ERR_SCALAR, NULL, "d = 0");
    n_bytes(b, v);
    set_row(b, t, p, v, nl, SC_ERR_SCALAR, NULL, "d = n");
    memset(v, 0xff, nl);
    set_row(b, t, p, v, nl, SC_ERR_SCALAR, NULL, "d = all ones (>= n)");
    i = find_path(t, p);
    if (i >= 0) {
        v[0] = 0x01;
        memcpy(v + 1, t->n[i].c, nl);
        set_row(b, t, p, v, nl + 1, SC_ERR_ENCODING, NULL, "d longer than nlen");
    }
    set_row(b, t, p, NULL, 0, SC_ERR_ENCODING, NULL, "d empty");
    /* [1] publicKey: the last element; its BIT STRING */
    i = find_path(t, pre);
    if (i < 0)
        return;
    i = t->n[i].kids[t->n[i].nkids - 1];
    if (t->n[i].tag == 0xa1) {
        snprintf(pk, sizeof pk, "%s.0", t->n[i].path);
        bitstring_rows(b, t, pk, LAX_BITS);   /* OpenSSL masks the unused bits off */
        point_rows(b, t, pk);
    }
    (void)in_pkcs8;
}

/* ECParameters rows at path (an OID or a SpecifiedECDomain SEQUENCE). */
static void params_rows(const base *b, const tree *t, const char *path)
{
    static const uint8_t secp384r1[] = { 0x2b, 0x81, 0x04, 0x00, 0x22 };
    static const uint8_t char2[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x01, 0x02 };
    int i = find_path(t, path);
    uint8_t v[BUF];
    char q[40];
    if (i < 0)
        return;
    if (t->n[i].tag == 0x06) {
        size_t l = t->n[i].clen;
        set_row(b, t, path, secp384r1, sizeof secp384r1, SC_ERR_CURVE, NULL, "curve OID of secp384r1 (unsupported)");
        /* a subidentifier with a leading 0x80 byte (X.690 8.19.2) */
        memcpy(v, t->n[i].c, l - 1);
        v[l - 1] = 0x80;
        v[l] = t->n[i].c[l - 1];
        set_row(b, t, path, v, l + 1, SC_ERR_ENCODING, NULL, "curve OID with a non-minimal subidentifier");
        memcpy(v, t->n[i].c, l);
        v[l - 1] |= 0x80;
        set_row(b, t, path, v, l, SC_ERR_ENCODING, NULL, "curve OID ending inside a subidentifier");
        return;
    }
    /* SpecifiedECDomain: version, fieldID {type, p}, curve {a, b, seed?}, G, n, h */
    snprintf(q, sizeof q, "%s.0", path);
    {
        static const uint8_t v4[1] = { 4 }, v0[1] = { 0 };
        set_row(b, t, q, v4, 1, SC_ERR_ENCODING, LAX_PARAMS, "explicit parameters of version 4");
        set_row(b, t, q, v0, 1, SC_ERR_ENCODING, LAX_PARAMS, "explicit parameters of version 0");
    }
    snprintf(q, sizeof q, "%s.5", path);
    del_row(b, t, q, SC_ERR_ENCODING, LAX_PARAMS, "explicit parameters without the cofactor");
    snprintf(q, sizeof q, "%s.1.0", path);
    set_row(b, t, q, char2, sizeof char2, SC_ERR_UNSUPPORTED, NULL, "explicit parameters over a characteristic-two field");
    snprintf(q, sizeof q, "%s.1.1", path);
    i = find_path(t, q);
    if (i >= 0) {
        memcpy(v, t->n[i].c, t->n[i].clen);
        v[t->n[i].clen - 1] ^= 2;
        set_row(b, t, q, v, t->n[i].clen, SC_ERR_UNSUPPORTED, NULL, "explicit parameters with another p");
    }
    snprintf(q, sizeof q, "%s.2.2", path);
    if (find_path(t, q) >= 0)
        bitstring_rows(b, t, q, LAX_SEED);
}

static void algid_rows(const base *b, const tree *t, const char *algid)
{
    static const uint8_t rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };
    static const uint8_t ecdh[] = { 0x2b, 0x81, 0x04, 0x01, 0x0c };
    char q[40];
    snprintf(q, sizeof q, "%s.0", algid);
    set_row(b, t, q, rsa, sizeof rsa, SC_ERR_UNSUPPORTED, NULL, "algorithm rsaEncryption");
    set_row(b, t, q, ecdh, sizeof ecdh, SC_ERR_UNSUPPORTED, NULL, "algorithm id-ecDH");
    snprintf(q, sizeof q, "%s.1", algid);
    params_rows(b, t, q);
}

static void sig_rows(const base *b, const tree *t)
{
    size_t nl = b->c->nlen;
    uint8_t v[SC_FP_MAXBYTES + 2], nb[SC_FP_MAXBYTES];
    static const uint8_t zero[1] = { 0 }, neg[1] = { 0x80 };
    const char *const which[2] = { "0", "1" };
    int j;
    n_bytes(b, nb);
    for (j = 0; j < 2; j++) {
        int i = find_path(t, which[j]);
        char f[64];
        const char *rs = j ? "s" : "r";
        size_t l;
        if (i < 0)
            continue;
        l = t->n[i].clen;
        snprintf(f, sizeof f, "%s = 0", rs);
        set_row(b, t, which[j], zero, 1, SC_ERR_SIG_RANGE, NULL, f);
        snprintf(f, sizeof f, "%s negative", rs);
        set_row(b, t, which[j], neg, 1, SC_ERR_ENCODING, NULL, f);
        snprintf(f, sizeof f, "%s empty", rs);
        set_row(b, t, which[j], NULL, 0, SC_ERR_ENCODING, NULL, f);
        v[0] = 0;
        memcpy(v + 1, t->n[i].c, l);
        snprintf(f, sizeof f, "%s with a superfluous leading zero", rs);
        set_row(b, t, which[j], v, l + 1, SC_ERR_ENCODING, NULL, f);
        v[0] = 0;
        memcpy(v + 1, nb, nl);
        snprintf(f, sizeof f, "%s = n", rs);
        set_row(b, t, which[j], (nb[0] & 0x80) ? v : v + 1, nl + ((nb[0] & 0x80) ? 1 : 0), SC_ERR_SIG_RANGE, NULL, f);
        v[0] = 1;
        memcpy(v + 1, nb, nl);
        snprintf(f, sizeof f, "%s longer than nlen", rs);
        set_row(b, t, which[j], v, nl + 1, SC_ERR_ENCODING, NULL, f);
    }
}

/* P1363 r || s rows (no OpenSSL decoder for the lengths: values only). */
static void p1363_rows(const base *b)
{
    uint8_t sig[2 * SC_FP_MAXBYTES + 1], v[2 * SC_FP_MAXBYTES + 1], nb[SC_FP_MAXBYTES];
    size_t nl = b->c->nlen, sl = 2 * nl;
    ECDSA_SIG *s = d2i_ECDSA_SIG(NULL, &(const unsigned char *){ b->der }, (long)b->derlen);
    char w[128];
    int j;
    struct { const char *form; sc_err want; } r[7] = {
        { "r = 0", SC_ERR_SIG_RANGE }, { "s = 0", SC_ERR_SIG_RANGE }, { "r = n", SC_ERR_SIG_RANGE },
        { "s = n", SC_ERR_SIG_RANGE }, { "r = all ones", SC_ERR_SIG_RANGE }, { "s = all ones", SC_ERR_SIG_RANGE },
        { "s changed in its last bit", SC_ERR_VERIFY }
    };
    BN_bn2binpad(ECDSA_SIG_get0_r(s), sig, (int)nl);
    BN_bn2binpad(ECDSA_SIG_get0_s(s), sig + nl, (int)nl);
    ECDSA_SIG_free(s);
    n_bytes(b, nb);
    snprintf(w, sizeof w, "%s P1363: the base", b->c->name);
    CHECK(sc_ecdsa_verify(b->c, sig, sl, b->dg, sizeof b->dg, b->pub, b->publen) == SC_OK && ossl_p1363_ok(b, sig, sl),
          "%s verifies with both", w);
    for (j = 0; j < 7; j++) {
        sc_err got;
        memcpy(v, sig, sl);
        if (j < 2)
            memset(v + j * nl, 0, nl);
        else if (j < 4)
            memcpy(v + (j - 2) * nl, nb, nl);
        else if (j < 6)
            memset(v + (j - 4) * nl, 0xff, nl);
        else
            v[sl - 1] ^= 1;
        got = sc_ecdsa_verify(b->c, v, sl, b->dg, sizeof b->dg, b->pub, b->publen);
        rows++;
        CHECK(got == r[j].want, "%s P1363: %s: got %d (%s), want %d", b->c->name, r[j].form, (int)got,
              sc_strerror(got), (int)r[j].want);
        CHECK(!ossl_p1363_ok(b, v, sl), "%s P1363: %s: OpenSSL refuses it too", b->c->name, r[j].form);
    }
    /* lengths: any other than 2*nlen */
    {
        const size_t lens[4] = { 0, sl - 1, sl + 1, nl };
        for (j = 0; j < 4; j++) {
            sc_err got;
            memcpy(v, sig, sl);
            v[sl] = 0;
            got = sc_ecdsa_verify(b->c, v, lens[j], b->dg, sizeof b->dg, b->pub, b->publen);
            rows++;
            CHECK(got == SC_ERR_LENGTH, "%s P1363 of %zu bytes (not %zu): got %d (%s)", b->c->name, lens[j], sl,
                  (int)got, sc_strerror(got));
        }
    }
}

/* ---- PEM framing ---- */

static const char b64_alpha[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static size_t pem_replace(uint8_t *o, const uint8_t *in, size_t len, size_t at, size_t cut, const char *ins)
{
    size_t il = strlen(ins);
    memcpy(o, in, at);
    memcpy(o + at, ins, il);
    memcpy(o + at + il, in + at + cut, len - at - cut);
    return len - cut + il;
}

static size_t pos_of(const uint8_t *in, size_t len, const char *s, size_t from)
{
    size_t sl = strlen(s), i;
    for (i = from; i + sl <= len; i++)
        if (memcmp(in + i, s, sl) == 0)
            return i;
    return (size_t)-1;
}

static void pem_rows(const base *b, const uint8_t *pem, size_t len)
{
    uint8_t o[3 * BUF];
    char endm[48], form[96];
    size_t eb = pos_of(pem, len, "\n", 0) + 1;     /* first data line */
    size_t ee, e_end, n, i, pad, last;
    snprintf(endm, sizeof endm, "-----END %s-----", kind_label[b->kind]);
    ee = pos_of(pem, len, endm, 0);                 /* END marker */
    e_end = ee + strlen(endm);
    last = ee - 1;                                  /* the LF ending the last data line */
    pad = pos_of(pem, len, "=", 0);

    row(b, pem, len, 1, SC_OK, NULL, "the base");
    n = pem_replace(o, pem, len, 0, 0, "junk ");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "text before BEGIN on its line");
    n = pem_replace(o, pem, len, 0, 0, " ");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "BEGIN marker indented");
    n = pem_replace(o, pem, len, eb - 1, 0, "x");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "text after BEGIN on its line");
    n = pem_replace(o, pem, len, eb - 1, 1, "");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "data on the BEGIN line");
    /* OpenSSL reads these bytes at the end of a line as spaces, and a line as a C
     * string (it ends at a NUL byte); seacurve allows only spaces, tabs and CRs */
    n = pem_replace(o, pem, len, eb - 1, 0, "\xfe");
    row(b, o, n, 1, SC_ERR_ENCODING, LAX_LINE_END, "byte 0xfe after BEGIN on its line");
    n = pem_replace(o, pem, len, e_end, 0, "\x01");
    row(b, o, n, 1, SC_ERR_ENCODING, LAX_LINE_END, "control character 0x01 after END on its line");
    n = pem_replace(o, pem, len, last, 0, "\x01");
    row(b, o, n, 1, SC_ERR_ENCODING, LAX_LINE_END, "control character 0x01 ending the last data line");
    memcpy(o, pem, last);
    memcpy(o + last, "\0x!", 3);
    memcpy(o + last + 3, pem + last, len - last);
    row(b, o, len + 3, 1, SC_ERR_ENCODING, LAX_LINE_END, "a NUL byte and text ending the last data line");
    n = pem_replace(o, pem, len, ee, 0, "x");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "text before END on its line");
    n = pem_replace(o, pem, len, ee, 0, " ");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "END marker indented");
    n = pem_replace(o, pem, len, e_end, 0, " x");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "text after END on its line");
    n = pem_replace(o, pem, len, last, 1, "");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "END marker at the end of the last data line");
    n = pem_replace(o, pem, len, eb, 0, "-----BEGIN X-----\n");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "a marker line inside the block");
    memcpy(o, pem, eb);
    memcpy(o + eb, pem, len);
    row(b, o, eb + len, 1, SC_ERR_ENCODING, NULL, "BEGIN line twice");
    n = pem_replace(o, pem, len, ee, e_end - ee, strcmp(kind_label[b->kind], "PUBLIC KEY") ? "-----END PUBLIC KEY-----"
                                                                                          : "-----END PRIVATE KEY-----");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "END label differs from BEGIN label");
    n = pem_replace(o, pem, len, 0, 10, "-----begin");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "lowercase begin");
    n = pem_replace(o, pem, len, ee, 5, "----");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "END marker with four dashes");
    row(b, pem, ee, 1, SC_ERR_ENCODING, NULL, "END line missing");
    for (i = 0; i < e_end; i++) {
        snprintf(form, sizeof form, "truncated to %zu of %zu bytes", i, len);
        row(b, pem, i, 1, SC_ERR_ENCODING, NULL, form);
    }
    n = pem_replace(o, pem, len, eb, 0, "\n");
    row(b, o, n, 1, SC_ERR_ENCODING, LAX_HEADER, "blank line right after BEGIN");
    n = pem_replace(o, pem, len, eb, 0, "Comment: x\n\n");
    row(b, o, n, 1, SC_ERR_ENCODING, LAX_HEADER, "RFC 1421 header and a blank line after BEGIN");
    n = pem_replace(o, pem, len, ee, 0, "\n");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "blank line before END");
    n = pem_replace(o, pem, len, ee, 0, " \t\r\n");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "whitespace-only line before END");
    if (eb + 64 < ee) {
        n = pem_replace(o, pem, len, eb + 65, 0, "\n");
        row(b, o, n, 1, SC_ERR_ENCODING, NULL, "blank line between data lines");
    }
    {
        static const char *const bad[] = { "!", "-", "_", ".", "\x80" };
        for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            n = pem_replace(o, pem, len, eb + 8, 1, bad[i]);
            snprintf(form, sizeof form, "character 0x%02x outside the base64 alphabet", (unsigned)(uint8_t)bad[i][0]);
            row(b, o, n, 1, SC_ERR_ENCODING, NULL, form);
        }
    }
    n = pem_replace(o, pem, len, eb + 8, 0, "=");
    row(b, o, n, 1, SC_ERR_ENCODING, NULL, "'=' in the middle of the data");
    if (pad < ee) {
        int two = pem[pad + 1] == '=';
        n = pem_replace(o, pem, len, pad, two ? 2 : 1, "");
        row(b, o, n, 1, SC_ERR_ENCODING, LAX_B64, "padding missing");
        if (two) {
            n = pem_replace(o, pem, len, pad, 1, "");
            row(b, o, n, 1, SC_ERR_ENCODING, LAX_B64, "padding '=' instead of '=='");
        }
        n = pem_replace(o, pem, len, pad + (two ? 2 : 1), 0, "AAAA");
        row(b, o, n, 1, SC_ERR_ENCODING, LAX_B64, "data after the padding");
        n = pem_replace(o, pem, len, pad + (two ? 2 : 1), 0, "=");
        row(b, o, n, 1, SC_ERR_ENCODING, NULL, "one '=' too many");
        /* the last data character with its unused low bits set */
        memcpy(o, pem, len);
        o[pad - 1] = (uint8_t)b64_alpha[(strchr(b64_alpha, pem[pad - 1]) - b64_alpha) | 1];
        row(b, o, len, 1, SC_ERR_ENCODING, LAX_B64, "non-zero unused bits before the padding");
    } else {
        n = pem_replace(o, pem, len, last, 0, "=");
        row(b, o, n, 1, SC_ERR_ENCODING, NULL, "'=' after complete data");
    }
}

/* ---- the bases ---- */

/* A key pair with d uniform in [1, n-1] from the test PRNG. */
static EC_KEY *det_key(int nid)
{
    EC_KEY *k = EC_KEY_new_by_curve_name(nid);
    const EC_GROUP *g = EC_KEY_get0_group(k);
    uint8_t buf[SC_FP_MAXBYTES + 16];
    BIGNUM *d = BN_new(), *nm1 = BN_dup(EC_GROUP_get0_order(g));
    BN_CTX *bn = BN_CTX_new();
    EC_POINT *q = EC_POINT_new(g);
    tu_rand_bytes(buf, sizeof buf);
    BN_bin2bn(buf, (int)sizeof buf, d);
    BN_sub_word(nm1, 1);
    BN_mod(d, d, nm1, bn);
    BN_add_word(d, 1);
    EC_POINT_mul(g, q, d, NULL, NULL, bn);
    EC_KEY_set_private_key(k, d);
    EC_KEY_set_public_key(k, q);
    EC_POINT_free(q);
    BN_free(d);
    BN_free(nm1);
    BN_CTX_free(bn);
    return k;
}

static size_t ossl_der(uint8_t *out, EC_KEY *k, int kind)
{
    unsigned char *p = out;
    int n = -1;
    if (kind == K_SEC1) {
        n = i2d_ECPrivateKey(k, &p);
    } else if (kind == K_PKCS8) {
        EVP_PKEY *pk = EVP_PKEY_new();
        PKCS8_PRIV_KEY_INFO *p8;
        EVP_PKEY_set1_EC_KEY(pk, k);
        p8 = EVP_PKEY2PKCS8(pk);
        n = p8 ? i2d_PKCS8_PRIV_KEY_INFO(p8, &p) : -1;
        PKCS8_PRIV_KEY_INFO_free(p8);
        EVP_PKEY_free(pk);
    } else if (kind == K_SPKI) {
        n = i2d_EC_PUBKEY(k, &p);
    }
    return n > 0 && n <= BUF ? (size_t)n : 0;
}

static void run_base(base *b)
{
    tree t;
    char w[96];
    uint8_t pem[3 * BUF];
    size_t pl;
    mut none;
    describe(w, sizeof w, b, "tree", 0);
    if (!CHECK(b->derlen > 0 && tree_build(&t, b->der, b->derlen) == 0, "%s: OpenSSL's base parses", w))
        return;
    memset(&none, 0, sizeof none);
    none.target = -1;
    {
        uint8_t o[BUF];
        size_t n = build(o, &t, b->der, &none);
        CHECK(n == b->derlen && memcmp(o, b->der, n) == 0, "%s: rebuilt byte for byte", w);
    }
    der_row(b, &t, &none, SC_OK, NULL, "the base");
    structural(b, &t);
    switch (b->kind) {
    case K_SEC1:
        ecpriv_rows(b, &t, "", 0);
        params_rows(b, &t, "2.0");
        break;
    case K_PKCS8:
        version_rows(b, &t, "0", 2, 3);
        algid_rows(b, &t, "1");
        ecpriv_rows(b, &t, "2.0", 1);
        break;
    case K_SPKI:
        algid_rows(b, &t, "0");
        bitstring_rows(b, &t, "1", LAX_BITS);
        point_rows(b, &t, "1");
        break;
    default:
        sig_rows(b, &t);
        p1363_rows(b);
        return;
    }
    pl = ossl_pem(pem, sizeof pem, kind_label[b->kind], b->der, b->derlen);
    pem_rows(b, pem, pl);
}

int main(void)
{
    /* explicit: whether seacurve reads the curve's explicit parameters (prime curves only) */
    static const struct { const char *name; int nid, explicit_; } curves[] = {
        { "secp160r1", NID_secp160r1, 1 }, { "secp256r1", NID_X9_62_prime256v1, 1 },
        { "secp256k1", NID_secp256k1, 1 }, { "sect163k1", NID_sect163k1, 0 }
    };
    size_t ci;
    tu_seed_init("strict");
    for (ci = 0; ci < sizeof curves / sizeof curves[0]; ci++) {
        base b;
        int kind, ex;
        memset(&b, 0, sizeof b);
        b.c = sc_curve_find(curves[ci].name);
        b.nid = curves[ci].nid;
        if (!CHECK(b.c != NULL, "curve %s", curves[ci].name))
            continue;
        b.key = det_key(b.nid);
        b.publen = EC_POINT_point2oct(EC_KEY_get0_group(b.key), EC_KEY_get0_public_key(b.key),
                                      POINT_CONVERSION_UNCOMPRESSED, b.pub, sizeof b.pub, NULL);
        for (ex = 0; ex <= curves[ci].explicit_; ex++) {
            EC_KEY_set_asn1_flag(b.key, ex ? OPENSSL_EC_EXPLICIT_CURVE : OPENSSL_EC_NAMED_CURVE);
            b.explicit_ = ex;
            for (kind = K_SEC1; kind <= K_SPKI; kind++) {
                b.kind = kind;
                b.derlen = ossl_der(b.der, b.key, kind);
                run_base(&b);
            }
        }
        EC_KEY_set_asn1_flag(b.key, OPENSSL_EC_NAMED_CURVE);
        {
            ECDSA_SIG *s;
            unsigned char *p = b.der;
            int n;
            tu_rand_bytes(b.dg, sizeof b.dg);
            s = ECDSA_do_sign(b.dg, sizeof b.dg, b.key);
            n = i2d_ECDSA_SIG(s, &p);
            ECDSA_SIG_free(s);
            b.kind = K_SIG;
            b.explicit_ = 0;
            b.derlen = n > 0 ? (size_t)n : 0;
            run_base(&b);
        }
        EC_KEY_free(b.key);
    }
    printf("strict: %ld rows; %ld of them OpenSSL accepts (forms where it is knowingly laxer):\n", rows, lax_accepted);
    for (ci = 0; ci < 16 && lax_seen[ci]; ci++)
        printf("  %5ld  %s\n", lax_n[ci], lax_seen[ci]);
    return tu_done("strict");
}
