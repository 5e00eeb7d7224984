/* RFC 6979 deterministic ECDSA (Appendix A.2: P-192, P-224, P-256, and the binary B-163/K-163 ..
 * B-409/K-409 = sect163r2/sect163k1 .. sect409r1/sect409k1; SHA-1/224/256/384/512; messages
 * "sample" and "test") through the public API; per curve 1 key, 10 signatures and 20
 * verifications, asserted (kat_expect).
 *
 * File: tests/vectors/flat/rfc6979.txt (tools/vectors/convert.py, from OpenSSL's evp_test file;
 * the nonce k from the normalised JSON of the shared vector tree).
 *   key      sc_pubkey(d) = Q; sc_key_parse of the PKCS#8 PEM gives d, Q and the curve;
 *            sc_key_parse of the SPKI PEM gives Q.
 *   sign     sc_ecdsa_sign (nonce by RFC 6979 with HMAC over the message hash's algorithm) must
 *            give exactly (r, s); so must sc_ecdsa_sign_msg and sc_ecdsa_sign_with_k(k);
 *            sc_sig_p1363_to_der(r || s) must give OpenSSL's DER bytes.
 *   verify   DER -> sc_sig_der_to_p1363 -> sc_ecdsa_verify: "ok" must verify, "fail" (OpenSSL's
 *            VERIFY_ERROR cases: last byte of s changed) must not. */
#include "katutil.h"
#include <stdlib.h>
#include <string.h>

typedef struct key {
    char name[16];
    char curve[24];
    const sc_curve *c;
    uint8_t d[SC_FP_MAXBYTES];
    uint8_t pub[SC_PK_MAX_PUB];
    size_t publen;
} key;

static key keys[16];
static size_t nkeys;

static const key *find_key(const char *name)
{
    size_t i;
    for (i = 0; name && i < nkeys; i++)
        if (strcmp(keys[i].name, name) == 0)
            return &keys[i];
    return NULL;
}

static void read_key(const kat_file *k)
{
    const char *name = kat_str(k, "name"), *curve = kat_str(k, "curve");
    key *kk;
    size_t privpemlen = 0, pubpemlen = 0, publen = SC_PK_MAX_PUB;
    uint8_t *privpem = kat_hexdup(k, "privpem", &privpemlen), *pubpem = kat_hexdup(k, "pubpem", &pubpemlen);
    uint8_t pub[SC_PK_MAX_PUB];
    long n;
    sc_key sk;
    sc_err e;

    kat_begin("rfc6979 keys", curve ? curve : "?");
    if (!CHECK(nkeys < sizeof keys / sizeof keys[0] && name && curve && privpem && pubpem,
               "%s:%ld: unusable key record", k->path, k->lineno))
        goto out;
    kk = &keys[nkeys];
    memset(kk, 0, sizeof *kk);
    snprintf(kk->name, sizeof kk->name, "%s", name);
    snprintf(kk->curve, sizeof kk->curve, "%s", curve);
    kk->c = sc_curve_find(curve);
    if (!CHECK(kk->c != NULL, "curve %s unknown to seacurve", curve))
        goto out;
    n = kat_hex(k, "pub", kk->pub, sizeof kk->pub);
    if (!CHECK(kat_int(k, "d", kk->d, kk->c->nlen) == 0 && n > 0, "%s:%ld: bad d or pub", k->path, k->lineno))
        goto out;
    kk->publen = (size_t)n;
    nkeys++;

    e = sc_pubkey(kk->c, pub, &publen, 0, kk->d, kk->c->nlen);
    CHECK(e == SC_OK && publen == kk->publen && memcmp(pub, kk->pub, publen) == 0, "%s: Q = d*G differs (%s)",
          name, sc_strerror(e));
    e = sc_key_parse(&sk, privpem, privpemlen);
    if (CHECK(e == SC_OK, "%s: sc_key_parse(PKCS#8 PEM) = %s", name, sc_strerror(e))) {
        CHECK(sk.curve == kk->c && sk.has_priv && memcmp(sk.priv, kk->d, kk->c->nlen) == 0,
              "%s: PKCS#8 private key differs", name);
        CHECK(sk.has_pub && sk.publen == kk->publen && memcmp(sk.pub, kk->pub, kk->publen) == 0,
              "%s: PKCS#8 public point differs", name);
        sc_key_wipe(&sk);
    }
    e = sc_key_parse(&sk, pubpem, pubpemlen);
    if (CHECK(e == SC_OK, "%s: sc_key_parse(SPKI PEM) = %s", name, sc_strerror(e)))
        CHECK(sk.curve == kk->c && sk.has_pub && !sk.has_priv && sk.publen == kk->publen &&
                  memcmp(sk.pub, kk->pub, kk->publen) == 0,
              "%s: SPKI public key differs", name);
out:
    kat_end();
    free(privpem);
    free(pubpem);
}

static void run_sign(const kat_file *k)
{
    const key *kk = find_key(kat_str(k, "key"));
    const char *hash = kat_str(k, "hash");
    size_t msglen = 0, derlen = 0, nl, outlen;
    uint8_t *msg = kat_hexdup(k, "msg", &msglen), *der = kat_hexdup(k, "der", &derlen);
    uint8_t rs[SC_PK_MAX_SIG], sig[SC_PK_MAX_SIG], nonce[SC_FP_MAXBYTES], digest[SC_HASH_MAX_LEN];
    uint8_t out[SC_PK_MAX_DER_SIG];
    sc_hash_alg alg = hash ? sc_hash_from_name(hash) : SC_HASH_NONE;
    long dl;
    sc_err e;

    kat_begin("rfc6979 sign", kk ? kk->curve : "?");
    if (!CHECK(kk && hash && msg && der, "%s:%ld: unusable record", k->path, k->lineno))
        goto out;
    nl = kk->c->nlen;
    if (!CHECK(kat_int(k, "r", rs, nl) == 0 && kat_int(k, "s", rs + nl, nl) == 0 && kat_int(k, "k", nonce, nl) == 0,
               "%s:%ld: bad r, s or k", k->path, k->lineno))
        goto out;
    dl = kat_digest(digest, hash, msg, msglen);
    if (!CHECK(dl > 0, "hash %s unavailable", hash))
        goto out;

    e = sc_ecdsa_sign(kk->c, sig, 2 * nl, digest, (size_t)dl, alg, kk->d, nl, NULL, 0);
    CHECK(e == SC_OK && memcmp(sig, rs, 2 * nl) == 0, "%s %s \"%.*s\": sc_ecdsa_sign differs (%s)", kk->name, hash,
          (int)msglen, (const char *)msg, sc_strerror(e));
    e = sc_ecdsa_sign_msg(kk->c, sig, 2 * nl, alg, msg, msglen, kk->d, nl);
    CHECK(e == SC_OK && memcmp(sig, rs, 2 * nl) == 0, "%s %s \"%.*s\": sc_ecdsa_sign_msg differs (%s)", kk->name,
          hash, (int)msglen, (const char *)msg, sc_strerror(e));
    e = sc_ecdsa_sign_with_k(kk->c, sig, 2 * nl, digest, (size_t)dl, kk->d, nl, nonce, nl);
    CHECK(e == SC_OK && memcmp(sig, rs, 2 * nl) == 0, "%s %s \"%.*s\": sc_ecdsa_sign_with_k differs (%s)", kk->name,
          hash, (int)msglen, (const char *)msg, sc_strerror(e));
    outlen = sizeof out;
    e = sc_sig_p1363_to_der(out, &outlen, rs, 2 * nl);
    CHECK(e == SC_OK && outlen == derlen && memcmp(out, der, derlen) == 0, "%s %s: DER encoding differs (%s)",
          kk->name, hash, sc_strerror(e));
out:
    kat_end();
    free(msg);
    free(der);
}

static void run_verify(const kat_file *k)
{
    const key *kk = find_key(kat_str(k, "key"));
    const char *hash = kat_str(k, "hash"), *result = kat_str(k, "result");
    size_t msglen = 0, derlen = 0, nl;
    uint8_t *msg = kat_hexdup(k, "msg", &msglen), *der = kat_hexdup(k, "der", &derlen);
    uint8_t rs[SC_PK_MAX_SIG], digest[SC_HASH_MAX_LEN];
    long dl;
    int want;
    sc_err e;

    kat_begin("rfc6979 verify", kk ? kk->curve : "?");
    if (!CHECK(kk && hash && msg && der && result, "%s:%ld: unusable record", k->path, k->lineno))
        goto out;
    nl = kk->c->nlen;
    dl = kat_digest(digest, hash, msg, msglen);
    if (!CHECK(dl > 0, "hash %s unavailable", hash))
        goto out;
    want = strcmp(result, "ok") == 0;
    e = sc_sig_der_to_p1363(rs, 2 * nl, der, derlen);
    if (e == SC_OK)
        e = sc_ecdsa_verify(kk->c, rs, 2 * nl, digest, (size_t)dl, kk->pub, kk->publen);
    CHECK((e == SC_OK) == want, "%s %s \"%.*s\": expected %s, got %s", kk->name, hash, (int)msglen,
          (const char *)msg, want ? "valid" : "invalid", sc_strerror(e));
out:
    kat_end();
    free(msg);
    free(der);
}

int main(void)
{
    kat_file k;
    if (kat_open(&k, "rfc6979.txt")) {
        while (kat_next(&k)) {
            if (strcmp(k.type, "key") == 0)
                read_key(&k);
            else if (strcmp(k.type, "sign") == 0)
                run_sign(&k);
            else if (strcmp(k.type, "verify") == 0)
                run_verify(&k);
            else
                CHECK(0, "%s:%ld: unexpected record %s", k.path, k.lineno, k.type);
        }
        kat_close(&k);
    }
    {
        static const char *const curves[] = { "secp192r1", "secp224r1", "secp256r1", "sect163k1", "sect163r2",
                                              "sect233k1", "sect233r1", "sect283k1", "sect283r1", "sect409k1",
                                              "sect409r1" };
        size_t i;
        for (i = 0; i < sizeof curves / sizeof curves[0]; i++) {
            kat_expect("rfc6979 keys", curves[i], 1);
            kat_expect("rfc6979 sign", curves[i], 10);
            kat_expect("rfc6979 verify", curves[i], 20);
        }
    }
    return kat_report("kat_rfc6979");
}
