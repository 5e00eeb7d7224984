/* NIST CAVP ECDSA vectors (FIPS 186-2 and 186-3; P-192, P-224, P-256 and the binary B-163,
 * K-163, B-233, K-233, B-283, K-283, B-409, K-409 = sect163r2, sect163k1, ..., sect409k1)
 * through the public API.  The count of every (file, curve) is asserted (kat_expect).
 *
 * Files: tests/vectors/flat/cavp/186-{2,3}_{SigGen,SigVer,KeyPair,PKV}.txt (tools/vectors/convert.py
 * from the pyca copies of the CAVP files).
 *   SigGen   digest = hash(Msg); sc_ecdsa_sign_with_k(d, k) must give exactly (R, S);
 *            sc_pubkey(d) must give Q; sc_ecdsa_verify must accept (R, S) under Q.
 *   SigVer   sc_ecdsa_verify of (R, S) on hash(Msg) under Q: Result P must verify, F must not.
 *   KeyPair  sc_pubkey(d) must be Q, uncompressed and compressed (02/03 by the parity of Qy),
 *            and sc_pub_convert of the compressed form (decompression) must give Q back.
 *   PKV      sc_pub_validate(04 || Qx || Qy): P must pass, F must fail.  A coordinate wider than
 *            the field cannot be written in the fixed-width SEC1 encoding; such vectors are passed
 *            at their own width, so they exercise the length check (counted under a label).
 * FIPS 186-2 vectors use SHA-1; 186-3 SigGen/SigVer use SHA-1/224/256/384/512 (digests longer
 * than n are truncated inside the library). */
#include "katutil.h"
#include <stdlib.h>
#include <string.h>

static void siggen(const char *src, const sc_curve *c, const char *curve, const kat_file *k)
{
    uint8_t d[SC_FP_MAXBYTES], kk[SC_FP_MAXBYTES], rs[SC_PK_MAX_SIG], sig[SC_PK_MAX_SIG];
    uint8_t q[SC_PK_MAX_PUB], pub[SC_PK_MAX_PUB], digest[SC_HASH_MAX_LEN];
    size_t nl = c->nlen, msglen = 0, publen = sizeof pub;
    uint8_t *msg = kat_hexdup(k, "msg", &msglen);
    const char *hash = kat_str(k, "hash");
    long dl, ql;
    int fits;
    sc_err e;

    if (!CHECK(msg && hash && kat_int(k, "d", d, nl) == 0 && kat_int(k, "k", kk, nl) == 0 &&
               kat_int(k, "r", rs, nl) == 0 && kat_int(k, "s", rs + nl, nl) == 0,
               "%s:%ld: unusable record", k->path, k->lineno))
        goto out;
    ql = kat_point(q, sizeof q, c, k, "qx", "qy", &fits);
    dl = kat_digest(digest, hash, msg, msglen);
    if (!CHECK(ql > 0 && fits && dl > 0, "%s:%ld: bad Q or hash", k->path, k->lineno))
        goto out;
    e = sc_ecdsa_sign_with_k(c, sig, 2 * nl, digest, (size_t)dl, d, nl, kk, nl);
    if (CHECK(e == SC_OK, "%s %s:%ld: sign_with_k: %s", src, curve, k->lineno, sc_strerror(e)))
        CHECK(memcmp(sig, rs, 2 * nl) == 0, "%s %s %s:%ld: (r, s) differs", src, curve, hash, k->lineno);
    e = sc_pubkey(c, pub, &publen, 0, d, nl);
    CHECK(e == SC_OK && publen == (size_t)ql && memcmp(pub, q, publen) == 0, "%s %s:%ld: Q = d*G differs (%s)",
          src, curve, k->lineno, sc_strerror(e));
    e = sc_ecdsa_verify(c, rs, 2 * nl, digest, (size_t)dl, q, (size_t)ql);
    CHECK(e == SC_OK, "%s %s:%ld: verify of the expected signature: %s", src, curve, k->lineno, sc_strerror(e));
out:
    free(msg);
}

static void sigver(const char *src, const sc_curve *c, const char *curve, const kat_file *k)
{
    uint8_t rs[SC_PK_MAX_SIG], q[SC_PK_MAX_PUB], digest[SC_HASH_MAX_LEN];
    size_t nl = c->nlen, msglen = 0;
    uint8_t *msg = kat_hexdup(k, "msg", &msglen);
    const char *hash = kat_str(k, "hash"), *result = kat_str(k, "result"), *reason = kat_str(k, "reason");
    long dl, ql;
    int fits, want;
    char label[96];
    sc_err e;

    if (!CHECK(msg && hash && result && reason && kat_int(k, "r", rs, nl) == 0 && kat_int(k, "s", rs + nl, nl) == 0,
               "%s:%ld: unusable record", k->path, k->lineno))
        goto out;
    ql = kat_point(q, sizeof q, c, k, "qx", "qy", &fits);
    dl = kat_digest(digest, hash, msg, msglen);
    if (!CHECK(ql > 0 && dl > 0, "%s:%ld: bad Q or hash", k->path, k->lineno))
        goto out;
    e = sc_ecdsa_verify(c, rs, 2 * nl, digest, (size_t)dl, q, (size_t)ql);
    want = strcmp(result, "P") == 0;
    CHECK((e == SC_OK) == want, "%s %s %s:%ld: expected %s (%s), got %s", src, curve, hash, k->lineno,
          want ? "pass" : "fail", reason, sc_strerror(e));
    if (!want) {
        snprintf(label, sizeof label, "F %s -> %s", reason, sc_strerror(e));
        kat_label(src, curve, label);
    }
out:
    free(msg);
}

static void keypair(const char *src, const sc_curve *c, const char *curve, const kat_file *k)
{
    uint8_t d[SC_FP_MAXBYTES], q[SC_PK_MAX_PUB], pub[SC_PK_MAX_PUB], comp[SC_PK_MAX_PUB], back[SC_PK_MAX_PUB];
    size_t nl = c->nlen, fl = c->flen, publen = sizeof pub, complen = sizeof comp, backlen = sizeof back;
    long ql;
    int fits;
    sc_err e;

    ql = kat_point(q, sizeof q, c, k, "qx", "qy", &fits);
    if (!CHECK(kat_int(k, "d", d, nl) == 0 && ql == (long)(1 + 2 * fl) && fits, "%s:%ld: unusable record",
               k->path, k->lineno))
        return;
    e = sc_pubkey(c, pub, &publen, 0, d, nl);
    CHECK(e == SC_OK && publen == (size_t)ql && memcmp(pub, q, publen) == 0, "%s %s:%ld: Q = d*G differs (%s)",
          src, curve, k->lineno, sc_strerror(e));
    /* y~ is the parity of y on a prime curve; on a binary curve it is bit 0 of y/x, which
     * the decompression below checks (the wrong y~ decompresses to -Q = (x, x + y)). */
    e = sc_pubkey(c, comp, &complen, 1, d, nl);
    CHECK(e == SC_OK && complen == 1 + fl && (c->eb ? (comp[0] | 1) == 3 : comp[0] == (uint8_t)(2 | (q[2 * fl] & 1))) &&
              memcmp(comp + 1, q + 1, fl) == 0,
          "%s %s:%ld: compressed Q differs (%s)", src, curve, k->lineno, sc_strerror(e));
    e = sc_pub_convert(c, back, &backlen, 0, comp, complen);
    CHECK(e == SC_OK && backlen == (size_t)ql && memcmp(back, q, backlen) == 0,
          "%s %s:%ld: decompression of Q differs (%s)", src, curve, k->lineno, sc_strerror(e));
}

static void pkv(const char *src, const sc_curve *c, const char *curve, const kat_file *k)
{
    uint8_t q[2 * SC_PK_MAX_PUB];
    const char *result = kat_str(k, "result"), *reason = kat_str(k, "reason");
    long ql;
    int fits, want;
    char label[96];
    sc_err e;

    ql = kat_point(q, sizeof q, c, k, "qx", "qy", &fits);
    if (!CHECK(ql > 0 && result && reason, "%s:%ld: unusable record", k->path, k->lineno))
        return;
    e = sc_pub_validate(c, q, (size_t)ql);
    want = strcmp(result, "P") == 0;
    CHECK((e == SC_OK) == want, "%s %s:%ld: expected %s (%s), got %s", src, curve, k->lineno, want ? "pass" : "fail",
          reason, sc_strerror(e));
    if (!want) {
        snprintf(label, sizeof label, "F %s%s -> %s", reason, fits ? "" : " [wider than the field]", sc_strerror(e));
        kat_label(src, curve, label);
    }
}

int main(void)
{
    static const char *const vers[] = { "186-2", "186-3" };
    static const char *const kinds[] = { "SigGen", "SigVer", "KeyPair", "PKV" };
    size_t v, t;
    for (v = 0; v < 2; v++)
        for (t = 0; t < 4; t++) {
            kat_file k;
            char rel[64], src[64];
            snprintf(rel, sizeof rel, "cavp/%s_%s.txt", vers[v], kinds[t]);
            snprintf(src, sizeof src, "cavp %s %s", vers[v], kinds[t]);
            if (!kat_open(&k, rel))
                continue;
            while (kat_next(&k)) {
                const char *curve = kat_str(&k, "curve");
                const sc_curve *c = curve ? sc_curve_find(curve) : NULL;
                kat_begin(src, curve ? curve : "?");
                if (CHECK(c != NULL, "%s:%ld: curve %s unknown to seacurve", k.path, k.lineno, curve ? curve : "?")) {
                    if (strcmp(k.type, "siggen") == 0)
                        siggen(src, c, curve, &k);
                    else if (strcmp(k.type, "sigver") == 0)
                        sigver(src, c, curve, &k);
                    else if (strcmp(k.type, "keypair") == 0)
                        keypair(src, c, curve, &k);
                    else if (strcmp(k.type, "pkv") == 0)
                        pkv(src, c, curve, &k);
                    else
                        CHECK(0, "%s:%ld: unexpected record %s", k.path, k.lineno, k.type);
                }
                kat_end();
            }
            kat_close(&k);
        }
    {   /* expected counts: every curve of every file (per curve: 15/15/10/12 in 186-2, 75/75/10/12 in 186-3) */
        static const char *const curves[] = { "secp192r1", "secp224r1", "secp256r1", "sect163k1", "sect163r2",
                                              "sect233k1", "sect233r1", "sect283k1", "sect283r1", "sect409k1",
                                              "sect409r1" };
        static const long per[2][4] = { { 15, 15, 10, 12 }, { 75, 75, 10, 12 } };
        size_t i;
        for (v = 0; v < 2; v++)
            for (t = 0; t < 4; t++) {
                char src[64];
                snprintf(src, sizeof src, "cavp %s %s", vers[v], kinds[t]);
                for (i = 0; i < sizeof curves / sizeof curves[0]; i++)
                    kat_expect(src, curves[i], per[v][t]);
            }
    }
    return kat_report("kat_cavp");
}
