/* Key files, DER and PEM, every kind sc_key_parse reads (SEC1, PKCS#8, SPKI;
 * named and explicit parameters).  Properties:
 *  - a refused input leaves the key zeroed;
 *  - an accepted key re-encodes (one of the formats it has the parts for, DER
 *    or PEM, named or explicit parameters, chosen by the input) and parses back
 *    to the same key;
 *  - the verdict equals OpenSSL's (tests/osslverdict.h) on DER and on PEM text
 *    with one block, except where seacurve refuses on purpose: a
 *    curve or parameter form it lacks (SC_ERR_CURVE, SC_ERR_UNSUPPORTED), a
 *    form OpenSSL normalises (SC_ERR_ENCODING, docs/encoding.md) and hybrid
 *    points (SC_ERR_POINT); when both accept, the same d and Q. */
#include "fuzz_util.h"
#include "osslverdict.h"
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/pem.h>

static void same_key(const sc_key *a, const sc_key *b, const char *what)
{
    uint8_t pa[SC_PK_MAX_PUB], pb[SC_PK_MAX_PUB];
    size_t la = sizeof pa, lb = sizeof pb;
    FZ_CHECK(a->curve == b->curve && a->has_priv == b->has_priv && a->has_pub == b->has_pub, "%s: parts", what);
    FZ_CHECK(!a->has_priv || memcmp(a->priv, b->priv, a->curve->nlen) == 0, "%s: d", what);
    if (a->has_pub) {
        FZ_CHECK(sc_pub_convert(a->curve, pa, &la, 0, a->pub, a->publen) == SC_OK &&
                     sc_pub_convert(b->curve, pb, &lb, 0, b->pub, b->publen) == SC_OK &&
                     la == lb && memcmp(pa, pb, la) == 0, "%s: Q", what);
    }
}

/* One of the twelve encodings (format, DER or PEM, named or explicit), chosen by
 * sel: each costs a scalar multiplication or two, so one per input keeps the
 * target fast, and the fuzzer's inputs reach all twelve. */
static void round_trip(const sc_key *key, unsigned sel)
{
    static uint8_t out[8192];
    int fmt = SC_KEYFMT_SPKI + (int)(sel % 3), pem = (int)(sel / 3 % 2), params = (int)(sel / 6 % 2);
    size_t n = sizeof out;
    sc_key back;
    sc_err e = sc_key_encode_ex(out, &n, key, (sc_key_format)fmt, pem, (sc_param_enc)params);
    if (params && key->curve->eb) {
        FZ_CHECK(e == SC_ERR_UNSUPPORTED, "explicit binary parameters: %d", (int)e);
        return;
    }
    if (fmt == SC_KEYFMT_SPKI ? !key->has_pub : !key->has_priv) {
        FZ_CHECK(e == SC_ERR_KEY_TYPE, "encode without the part: %d", (int)e);
        return;
    }
    FZ_CHECK(e == SC_OK, "encode format %d pem %d params %d: %d", fmt, pem, params, (int)e);
    FZ_CHECK(sc_key_parse(&back, out, n) == SC_OK, "parse back format %d pem %d params %d", fmt, pem, params);
    if (fmt == SC_KEYFMT_SPKI) {
        sc_key pub = *key;
        pub.has_priv = 0;
        memset(pub.priv, 0, sizeof pub.priv);
        same_key(&pub, &back, "SPKI round trip");
    } else {
        same_key(key, &back, "private round trip");
    }
    sc_key_wipe(&back);
}

/* OpenSSL's key and d, Q equal to seacurve's. */
static void same_as_openssl(const sc_key *key, const EC_KEY *k)
{
    const EC_GROUP *g = EC_KEY_get0_group(k);
    uint8_t q[SC_PK_MAX_PUB], d[SC_FP_MAXBYTES];
    unsigned char oq[2 * SC_PK_MAX_PUB];
    size_t ql = sizeof q, oql;
    int nid = EC_GROUP_get_curve_name(g);
    if (nid != NID_undef)
        FZ_CHECK(fz_nid(key->curve) == nid, "curve %s, OpenSSL's NID %d", key->curve->name, nid);
    FZ_CHECK(sc_pub_convert(key->curve, q, &ql, 0, key->pub, key->publen) == SC_OK, "own Q");
    oql = EC_POINT_point2oct(g, EC_KEY_get0_public_key(k), POINT_CONVERSION_UNCOMPRESSED, oq, sizeof oq, NULL);
    FZ_CHECK(oql == ql && memcmp(oq, q, ql) == 0, "Q differs from OpenSSL's");
    if (key->has_priv) {
        FZ_CHECK(EC_KEY_get0_private_key(k) &&
                     BN_bn2binpad(EC_KEY_get0_private_key(k), d, key->curve->nlen) == (int)key->curve->nlen &&
                     memcmp(d, key->priv, key->curve->nlen) == 0, "d differs from OpenSSL's");
    }
}

/* 1 if der holds OpenSSL's key's public point in the hybrid form (X9.62 06 / 07). */
static int hybrid_in(const EC_KEY *k, const uint8_t *der, size_t len)
{
    unsigned char h[2 * SC_PK_MAX_PUB];
    size_t hl = EC_POINT_point2oct(EC_KEY_get0_group(k), EC_KEY_get0_public_key(k), POINT_CONVERSION_HYBRID, h,
                                   sizeof h, NULL), i;
    for (i = 0; hl && i + hl <= len; i++)
        if (memcmp(der + i, h, hl) == 0)
            return 1;
    return 0;
}

static size_t count(const uint8_t *s, size_t n, const char *pat)
{
    size_t k = 0, i, pl = strlen(pat);
    for (i = 0; i + pl <= n; i++)
        k += memcmp(s + i, pat, pl) == 0;
    return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sc_key key, zero;
    EC_KEY *ok = NULL;
    int kind, lax = 0, hybrid = 0;
    size_t blocks = count(data, size, "-----BEGIN");
    sc_err e;

    memset(&key, 0xa5, sizeof key);
    e = sc_key_parse(&key, data, size);
    memset(&zero, 0, sizeof zero);
    if (e != SC_OK)
        FZ_CHECK(memcmp(&key, &zero, sizeof key) == 0, "key not zeroed on failure");
    else
        round_trip(&key, (unsigned)(size + data[size - 1]));

    /* OpenSSL's verdict: DER (a SEQUENCE) as each kind, else the one PEM block of
     * a key label; several blocks are left out (seacurve takes the first key
     * block, OpenSSL the first of the label asked for) */
    if (size && data[0] == 0x30) {
        for (kind = 0; kind < OV_NKINDS && !ok; kind++)
            ok = ov_key_der(kind, data, size);
        lax = ok && ov_lax_der(kind - 1, data, size);
        hybrid = ok && hybrid_in(ok, data, size);
    }
    if (!ok && blocks > 1)
        goto done;
    if (!ok && blocks == 1) {
        char begin[64];
        for (kind = 0; kind < OV_NKINDS; kind++) {
            snprintf(begin, sizeof begin, "-----BEGIN %s-----", ov_label(kind));
            if (count(data, size, begin))
                break;
        }
        if (kind < OV_NKINDS && ov_accepts_pem(kind, data, size)) {
            BIO *b = BIO_new_mem_buf(data, (int)size);
            unsigned char *der = NULL;
            char *name = NULL;
            long dl = 0;
            lax = ov_lax_pem(kind, data, size);
            if (PEM_bytes_read_bio(&der, &dl, &name, ov_label(kind), b, NULL, NULL) == 1)
                ok = ov_key_der(kind, der, (size_t)dl);
            hybrid = ok && hybrid_in(ok, der, (size_t)dl);
            OPENSSL_free(der);
            OPENSSL_free(name);
            BIO_free(b);
        }
    }

    if (e == SC_OK) {
        FZ_CHECK(ok != NULL, "seacurve accepts (%s) what OpenSSL refuses", key.curve->name);
        same_as_openssl(&key, ok);
    } else if (ok) {
        FZ_CHECK(e == SC_ERR_CURVE || e == SC_ERR_UNSUPPORTED || (e == SC_ERR_ENCODING && lax) ||
                     (e == SC_ERR_POINT && hybrid),
                 "OpenSSL accepts, seacurve refuses with %d (%s), laxer form %d, hybrid %d", (int)e,
                 sc_strerror(e), lax, hybrid);
    }
done:
    EC_KEY_free(ok);
    sc_key_wipe(&key);
    return 0;
}
