/* Wycheproof ECDH vectors (secp224r1, secp256r1, secp256k1; the binary sect283k1, sect283r1,
 * sect409k1, sect409r1: plain sc_ecdh, no cofactor, as Wycheproof) through the public API.
 *
 * Files: tests/vectors/flat/wycheproof/ecdh_<curve>[_ecpoint|_pem|_webcrypto].txt
 * (tools/vectors/convert.py).  How each encoding reaches sc_ecdh:
 *   ecpoint    raw SEC1 point (compressed or uncompressed) straight to sc_ecdh;
 *   asn        SubjectPublicKeyInfo DER -> sc_key_parse; the key's curve must be the curve of
 *              the private key (the check an application makes: sc_ecdh takes a bare point);
 *              then sc_ecdh with the parsed point;
 *   pem        as asn, from PEM text; the private key is a PKCS#8 PEM, also read by sc_key_parse;
 *   webcrypto  the JWK was decoded by the converter (seacurve has no JWK reader): "crv" must name
 *              the private key's curve, then 04||x||y goes to sc_ecdh.
 * Any error anywhere in that chain counts as "rejected".
 *
 * Policy: "valid" must succeed with exactly the expected shared secret; "invalid" must be
 * rejected.  "acceptable" passes either way, but if accepted the secret must equal the expected
 * one (when the file gives one); outcomes are counted per flag set under labels.  What seacurve
 * deliberately rejects among the acceptable vectors: explicit curve parameters that are not
 * exactly those of the named curve (ModifiedCofactor, ModifiedGenerator, WrongOrder,
 * ModifiedCurveParameter: sc_key_parse matches specifiedCurve against its built-in curves, so
 * explicit parameters that spell out the curve itself are accepted) and non-DER encodings
 * (InvalidAsn / InvalidPem: the DER reader is strict).  Explicit parameters without the
 * cofactor (NoCofactor, "invalid" here) are rejected as RFC 3279 2.3.5 requires.  Compressed public points (CompressedPublic) are
 * supported and must give the right secret. */
#include "katutil.h"
#include <stdlib.h>
#include <string.h>

static const char *const files[] = {
    "ecdh_secp224r1", "ecdh_secp224r1_ecpoint", "ecdh_secp224r1_pem",
    "ecdh_secp256r1", "ecdh_secp256r1_ecpoint", "ecdh_secp256r1_pem", "ecdh_secp256r1_webcrypto",
    "ecdh_secp256k1", "ecdh_secp256k1_webcrypto",
    "ecdh_sect283k1", "ecdh_sect283r1", "ecdh_sect409k1", "ecdh_sect409r1",
};

typedef struct group {
    const sc_curve *c;
    char curve[24];
    char enc[16];
    char source[64];
} group;

/* Public point from an SPKI (DER or PEM) key file; the key's curve must be c. */
static sc_err peer_from_keyfile(const sc_curve *c, uint8_t *pub, size_t *publen, const uint8_t *in,
                                size_t inlen, int *curve_mismatch)
{
    sc_key key;
    sc_err e = sc_key_parse(&key, in, inlen);
    *curve_mismatch = 0;
    if (e != SC_OK)
        return e;
    if (key.curve != c) {
        *curve_mismatch = 1;
        return SC_ERR_CURVE_MISMATCH;
    }
    if (!key.has_pub || key.publen > SC_PK_MAX_PUB)
        return SC_ERR_KEY_TYPE;
    memcpy(pub, key.pub, key.publen);
    *publen = key.publen;
    sc_key_wipe(&key);
    return SC_OK;
}

static void run_test(const group *g, const kat_file *k)
{
    const char *result = kat_str(k, "result"), *id = kat_str(k, "id"), *flags = kat_str(k, "flags");
    size_t publen = 0, privlen = 0, sharedlen = 0, peerlen = 0;
    uint8_t *pub = kat_hexdup(k, "pub", &publen), *priv = kat_hexdup(k, "priv", &privlen);
    uint8_t *shared = kat_hexdup(k, "shared", &sharedlen);
    uint8_t peer[SC_PK_MAX_PUB], d[SC_FP_MAXBYTES], z[SC_FP_MAXBYTES];
    size_t dlen = 0;
    sc_err e = SC_ERR_ARG;
    int mismatch = 0, accepted, ok_secret = 0, called = 0;
    char label[96];

    kat_begin(g->source, g->curve);
    if (!CHECK(g->c != NULL && pub && priv && shared && result && id, "%s:%ld: unusable record", k->path,
               k->lineno))
        goto out;

    /* the private key */
    if (strcmp(g->enc, "pem") == 0) {
        sc_key key;
        sc_err ep = sc_key_parse(&key, priv, privlen);
        if (!CHECK(ep == SC_OK && key.has_priv && key.curve == g->c, "%s tc %s: private PEM: %s", g->source,
                   id, sc_strerror(ep)))
            goto out;
        dlen = g->c->nlen;
        memcpy(d, key.priv, dlen);
        sc_key_wipe(&key);
    } else {
        if (!CHECK(privlen == g->c->nlen, "%s tc %s: private key length %zu", g->source, id, privlen))
            goto out;
        dlen = privlen;
        memcpy(d, priv, dlen);
    }

    /* the peer's public point */
    if (strcmp(g->enc, "ecpoint") == 0) {
        e = publen <= sizeof peer ? SC_OK : SC_ERR_LENGTH;
        if (e == SC_OK) {
            memcpy(peer, pub, publen);
            peerlen = publen;
        }
    } else if (strcmp(g->enc, "asn") == 0 || strcmp(g->enc, "pem") == 0) {
        e = peer_from_keyfile(g->c, peer, &peerlen, pub, publen, &mismatch);
    } else if (strcmp(g->enc, "webcrypto") == 0) {
        const char *crv = kat_str(k, "pubcrv");
        const sc_curve *pc = crv ? sc_curve_find(crv) : NULL;
        e = SC_OK;
        if (pc != g->c) {
            mismatch = 1;
            e = SC_ERR_CURVE_MISMATCH;
        } else if (publen > sizeof peer) {
            e = SC_ERR_LENGTH;
        } else {
            memcpy(peer, pub, publen);
            peerlen = publen;
        }
    } else {
        CHECK(0, "%s: unknown encoding %s", k->path, g->enc);
        goto out;
    }

    memset(z, 0xaa, sizeof z);
    if (e == SC_OK) {
        e = sc_ecdh(g->c, z, g->c->flen, d, dlen, peer, peerlen);
        called = 1;
    }
    accepted = e == SC_OK;
    ok_secret = accepted && sharedlen == g->c->flen && memcmp(z, shared, sharedlen) == 0;
    if (called && !accepted) {
        /* sc_ecdh zeroes its output on failure (pk.h: never a partial output) */
        size_t i, nz = 0;
        for (i = 0; i < g->c->flen; i++)
            nz |= z[i];
        CHECK(nz == 0, "%s tc %s: secret buffer not zeroed on failure", g->source, id);
    }

    if (strcmp(result, "valid") == 0) {
        if (CHECK(accepted, "%s %s tc %s [%s]: valid vector rejected: %s", g->source, g->curve, id,
                  flags ? flags : "", sc_strerror(e)))
            CHECK(ok_secret, "%s %s tc %s [%s]: wrong shared secret", g->source, g->curve, id, flags ? flags : "");
    } else if (strcmp(result, "invalid") == 0) {
        CHECK(!accepted, "%s %s tc %s [%s]: invalid vector accepted", g->source, g->curve, id, flags ? flags : "");
        if (mismatch)
            kat_label(g->source, g->curve, "invalid: rejected by the driver's curve check (key of another curve)");
    } else {
        if (accepted && sharedlen)
            CHECK(ok_secret, "%s %s tc %s [%s]: acceptable vector accepted with a wrong secret", g->source,
                  g->curve, id, flags ? flags : "");
        snprintf(label, sizeof label, "acceptable %s: %s", flags ? flags : "", accepted ? "accepted" : "rejected");
        kat_label(g->source, g->curve, label);
    }
out:
    kat_end();
    sc_memzero(d, sizeof d);
    free(pub);
    free(priv);
    free(shared);
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof files / sizeof files[0]; i++) {
        kat_file k;
        group g;
        char rel[128];
        int have_group = 0;
        snprintf(rel, sizeof rel, "wycheproof/%s.txt", files[i]);
        if (!kat_open(&k, rel))
            continue;
        while (kat_next(&k)) {
            if (strcmp(k.type, "group") == 0) {
                const char *curve = kat_str(&k, "curve"), *enc = kat_str(&k, "enc");
                memset(&g, 0, sizeof g);
                snprintf(g.curve, sizeof g.curve, "%s", curve ? curve : "?");
                snprintf(g.enc, sizeof g.enc, "%s", enc ? enc : "?");
                snprintf(g.source, sizeof g.source, "wycheproof-ecdh %s", g.enc);
                g.c = sc_curve_find(g.curve);
                have_group = 1;
            } else if (strcmp(k.type, "test") == 0 && have_group) {
                run_test(&g, &k);
            } else {
                CHECK(0, "%s:%ld: unexpected record %s", k.path, k.lineno, k.type);
            }
        }
        kat_close(&k);
    }
    {   /* expected counts (the test records of each file) */
        static const struct { const char *enc, *curve; long n; } want[] = {
            { "asn", "secp224r1", 714 }, { "ecpoint", "secp224r1", 458 }, { "pem", "secp224r1", 714 },
            { "asn", "secp256r1", 612 }, { "ecpoint", "secp256r1", 355 }, { "pem", "secp256r1", 612 },
            { "webcrypto", "secp256r1", 353 }, { "asn", "secp256k1", 752 }, { "webcrypto", "secp256k1", 496 },
            { "asn", "sect283k1", 267 }, { "asn", "sect283r1", 260 }, { "asn", "sect409k1", 265 },
            { "asn", "sect409r1", 258 },
        };
        char src[64];
        for (i = 0; i < sizeof want / sizeof want[0]; i++) {
            snprintf(src, sizeof src, "wycheproof-ecdh %s", want[i].enc);
            kat_expect(src, want[i].curve, want[i].n);
        }
    }
    return kat_report("kat_wycheproof_ecdh");
}
