/* Wycheproof ECDSA verification vectors through the public API.
 *
 * Files: tests/vectors/flat/wycheproof/ecdsa_<curve>_<hash>[_p1363|_bitcoin].txt, converted from
 * the upstream JSON by tools/vectors/convert.py.  Per test: digest = hash(msg); a DER signature
 * goes through sc_sig_der_to_p1363 (strict DER: any parse failure counts as "rejected") and then
 * sc_ecdsa_verify; a P1363 signature goes to sc_ecdsa_verify as given (wrong lengths included).
 * Expected outcome: "valid" must verify, "invalid" must be rejected.  (These files have no
 * "acceptable" results; if one appears it is counted under a label and either outcome passes.)
 *
 * Bitcoin variant (ecdsa_secp256k1_sha256_bitcoin): Bitcoin additionally requires low s
 * (s <= (n-1)/2, BIP 62/146), which plain ECDSA does not.  The driver applies that rule itself on
 * top of plain verification (seacurve has no low-s mode), so every vector is checked against the
 * file's expectation exactly; cases rejected only by the low-s rule (plain ECDSA accepts them) are
 * counted under their own label.
 *
 * Per key group, also: sc_pub_validate on the uncompressed key, and sc_key_parse of the group's
 * SubjectPublicKeyInfo DER must give the same curve and point (source "wycheproof-ecdsa spki").
 * For each valid P1363 case, sc_ecdsa_verify_msg (hash inside the library) must agree too; for
 * each valid DER case, sc_sig_p1363_to_der must give back the exact DER bytes. */
#include "katutil.h"
#include <stdlib.h>
#include <string.h>

static const char *const files[] = {
    "ecdsa_secp160r1_sha256", "ecdsa_secp160r1_sha256_p1363",
    "ecdsa_secp192r1_sha256", "ecdsa_secp192r1_sha256_p1363",
    "ecdsa_secp224r1_sha224", "ecdsa_secp224r1_sha224_p1363",
    "ecdsa_secp224r1_sha256", "ecdsa_secp224r1_sha256_p1363",
    "ecdsa_secp224r1_sha512", "ecdsa_secp224r1_sha512_p1363",
    "ecdsa_secp256r1_sha256", "ecdsa_secp256r1_sha256_p1363",
    "ecdsa_secp256r1_sha512", "ecdsa_secp256r1_sha512_p1363",
    "ecdsa_secp256k1_sha256", "ecdsa_secp256k1_sha256_p1363",
    "ecdsa_secp256k1_sha512", "ecdsa_secp256k1_sha512_p1363",
    "ecdsa_secp256k1_sha256_bitcoin",
};

typedef struct group {
    const sc_curve *c;
    char curve[24];
    char hash[16];
    char fmt[16];
    char source[64];
    uint8_t pub[SC_PK_MAX_PUB];
    size_t publen;
    uint8_t halfn[SC_FP_MAXBYTES];
    int have_halfn;
} group;

static void read_group(group *g, const kat_file *k)
{
    const char *curve = kat_str(k, "curve"), *hash = kat_str(k, "hash"), *fmt = kat_str(k, "fmt");
    long n;
    memset(g, 0, sizeof *g);
    snprintf(g->curve, sizeof g->curve, "%s", curve ? curve : "?");
    snprintf(g->hash, sizeof g->hash, "%s", hash ? hash : "?");
    snprintf(g->fmt, sizeof g->fmt, "%s", fmt ? fmt : "?");
    snprintf(g->source, sizeof g->source, "wycheproof-ecdsa %s %s", g->hash, g->fmt);
    g->c = sc_curve_find(g->curve);
    n = kat_hex(k, "pub", g->pub, sizeof g->pub);
    g->publen = n > 0 ? (size_t)n : 0;
    if (g->c && kat_str(k, "halfn"))
        g->have_halfn = kat_int(k, "halfn", g->halfn, g->c->nlen) == 0;

    /* group-level checks: the key validates, and its SPKI DER parses to the same key */
    kat_begin("wycheproof-ecdsa spki", g->curve);
    if (CHECK(g->c != NULL, "%s:%ld: curve %s unknown to seacurve", k->path, k->lineno, g->curve)) {
        size_t spkilen = 0;
        uint8_t *spki = kat_hexdup(k, "spki", &spkilen);
        sc_key key;
        sc_err e;
        CHECK(n > 0, "%s:%ld: bad pub", k->path, k->lineno);
        e = sc_pub_validate(g->c, g->pub, g->publen);
        CHECK(e == SC_OK, "%s:%ld: sc_pub_validate(group key) = %s", k->path, k->lineno, sc_strerror(e));
        if (CHECK(spki != NULL, "%s:%ld: bad spki", k->path, k->lineno)) {
            e = sc_key_parse(&key, spki, spkilen);
            if (CHECK(e == SC_OK, "%s:%ld: sc_key_parse(SPKI) = %s", k->path, k->lineno, sc_strerror(e))) {
                CHECK(key.curve == g->c, "%s:%ld: SPKI curve", k->path, k->lineno);
                CHECK(key.has_pub && !key.has_priv, "%s:%ld: SPKI flags", k->path, k->lineno);
                CHECK(key.publen == g->publen && memcmp(key.pub, g->pub, g->publen) == 0,
                      "%s:%ld: SPKI point differs", k->path, k->lineno);
            }
        }
        free(spki);
    }
    kat_end();
}

static void run_test(const group *g, const kat_file *k)
{
    const char *result = kat_str(k, "result"), *id = kat_str(k, "id"), *flags = kat_str(k, "flags");
    size_t msglen = 0, siglen = 0;
    uint8_t *msg = kat_hexdup(k, "msg", &msglen), *sig = kat_hexdup(k, "sig", &siglen);
    uint8_t digest[SC_HASH_MAX_LEN], rs[SC_PK_MAX_SIG];
    long dlen;
    sc_err e = SC_ERR_ARG;
    int accepted = 0, lows_only = 0;

    kat_begin(g->source, g->curve);
    if (!CHECK(g->c != NULL && msg && sig && result && id, "%s:%ld: unusable record", k->path, k->lineno))
        goto out;
    dlen = kat_digest(digest, g->hash, msg, msglen);
    if (!CHECK(dlen > 0, "%s: hash %s unavailable", k->path, g->hash))
        goto out;

    if (strcmp(g->fmt, "p1363") == 0) {
        e = sc_ecdsa_verify(g->c, sig, siglen, digest, (size_t)dlen, g->pub, g->publen);
        accepted = e == SC_OK;
        if (strcmp(result, "valid") == 0) {
            sc_hash_alg alg = sc_hash_from_name(g->hash);
            sc_err e2 = sc_ecdsa_verify_msg(g->c, sig, siglen, alg, msg, msglen, g->pub, g->publen);
            CHECK(e2 == e, "%s tc %s: sc_ecdsa_verify_msg = %s but sc_ecdsa_verify = %s", g->source, id,
                  sc_strerror(e2), sc_strerror(e));
        }
    } else {
        size_t nl = g->c->nlen;
        e = sc_sig_der_to_p1363(rs, 2 * nl, sig, siglen);
        if (e == SC_OK) {
            e = sc_ecdsa_verify(g->c, rs, 2 * nl, digest, (size_t)dlen, g->pub, g->publen);
            accepted = e == SC_OK;
            if (strcmp(result, "valid") == 0) {
                /* valid signatures are strict DER, so re-encoding gives the same bytes */
                uint8_t der[SC_PK_MAX_DER_SIG];
                size_t derlen = sizeof der;
                sc_err e2 = sc_sig_p1363_to_der(der, &derlen, rs, 2 * nl);
                CHECK(e2 == SC_OK && derlen == siglen && memcmp(der, sig, siglen) == 0,
                      "%s tc %s: DER re-encoding differs (%s)", g->source, id, sc_strerror(e2));
            }
            /* Bitcoin's low-s rule on top of plain ECDSA: s > (n-1)/2 is rejected */
            if (accepted && strcmp(g->fmt, "bitcoin") == 0) {
                if (CHECK(g->have_halfn, "%s: no halfn in group", k->path) &&
                    memcmp(rs + nl, g->halfn, nl) > 0) {
                    accepted = 0;
                    lows_only = 1;
                }
            }
        }
    }

    if (strcmp(result, "acceptable") == 0) {
        kat_label(g->source, g->curve, accepted ? "acceptable: accepted" : "acceptable: rejected");
    } else {
        int want = strcmp(result, "valid") == 0;
        CHECK(accepted == want, "%s %s tc %s [%s]: expected %s, got %s (%s)", g->source, g->curve, id,
              flags ? flags : "", want ? "accept" : "reject", accepted ? "accept" : "reject",
              lows_only ? "rejected by low-s only" : sc_strerror(e));
        if (lows_only)
            kat_label(g->source, g->curve, "invalid: plain ECDSA accepts, rejected by the low-s rule");
    }
out:
    kat_end();
    free(msg);
    free(sig);
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
                read_group(&g, &k);
                have_group = 1;
            } else if (strcmp(k.type, "test") == 0 && have_group) {
                run_test(&g, &k);
            } else {
                CHECK(0, "%s:%ld: unexpected record %s", k.path, k.lineno, k.type);
            }
        }
        kat_close(&k);
    }
    return kat_report("kat_wycheproof_ecdsa");
}
