/* Mutation fuzzing of the encoding readers: valid SPKI / SEC1 / PKCS#8 DER and
 * PEM files (named and explicit curve parameters) and DER signatures written
 * by OpenSSL, corrupted at random (bit
 * flips, truncations, insertions, deletions, length-byte edits, PEM character
 * edits).  Each corrupted input sits in a heap block of exactly its size, so
 * an ASan build catches any read past the end.  Every call must return an
 * error with zeroed outputs, or a result that is valid: the key is consistent
 * (d in range, point valid and equal to d*G, re-encodes and re-parses to the
 * same key) and, for DER, OpenSSL reads the same key from the same bytes; an
 * accepted signature re-encodes to exactly the input and OpenSSL reads the
 * same r and s. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <seacurve/seacurve.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"

enum { K_SPKI, K_SEC1, K_PKCS8, K_SIG };

typedef struct {
    int kind;     /* K_* */
    int pem;
    const sc_curve *c;
    uint8_t *data;
    size_t len;
} seed;

#define MAX_SEEDS 128
static seed seeds[MAX_SEEDS];
static size_t nseeds;

static void add_seed(int kind, int pem, const sc_curve *c, const uint8_t *p, size_t n)
{
    if (nseeds == MAX_SEEDS || n == 0)
        return;
    seeds[nseeds].kind = kind;
    seeds[nseeds].pem = pem;
    seeds[nseeds].c = c;
    seeds[nseeds].data = malloc(n);
    memcpy(seeds[nseeds].data, p, n);
    seeds[nseeds].len = n;
    nseeds++;
}

static void add_bio_seed(int kind, BIO *b, const sc_curve *c)
{
    char *p;
    long n = BIO_get_mem_data(b, &p);
    if (n > 0)
        add_seed(kind, 1, c, (const uint8_t *)p, (size_t)n);
    BIO_free(b);
}

static void make_seeds(void)
{
    static const struct {
        const char *name;
        int nid;
    } cv[] = {
        { "secp160r1", NID_secp160r1 },         { "secp192r1", NID_X9_62_prime192v1 },
        { "secp224r1", NID_secp224r1 },         { "secp256r1", NID_X9_62_prime256v1 },
        { "secp256k1", NID_secp256k1 },
    };
    size_t i;
    int comp;
    for (i = 0; i < sizeof cv / sizeof cv[0]; i++) {
        const sc_curve *c = sc_curve_find(cv[i].name);
        for (comp = 0; comp < 2; comp++) {
            EC_KEY *k = EC_KEY_new_by_curve_name(cv[i].nid);
            EVP_PKEY *pk = EVP_PKEY_new();
            uint8_t buf[1024], *p, dg[32];
            int n;
            BIO *b;
            ECDSA_SIG *s;
            EC_KEY_generate_key(k);
            EC_KEY_set_conv_form(k, comp ? POINT_CONVERSION_COMPRESSED : POINT_CONVERSION_UNCOMPRESSED);
            EVP_PKEY_set1_EC_KEY(pk, k);
            p = buf;
            n = i2d_EC_PUBKEY(k, &p);
            add_seed(K_SPKI, 0, c, buf, (size_t)n);
            p = buf;
            n = i2d_ECPrivateKey(k, &p);
            add_seed(K_SEC1, 0, c, buf, (size_t)n);
            b = BIO_new(BIO_s_mem());
            i2d_PKCS8PrivateKey_bio(b, pk, NULL, NULL, 0, NULL, NULL);
            {
                char *q;
                long m = BIO_get_mem_data(b, &q);
                add_seed(K_PKCS8, 0, c, (const uint8_t *)q, (size_t)m);
            }
            BIO_free(b);
            b = BIO_new(BIO_s_mem());
            PEM_write_bio_EC_PUBKEY(b, k);
            add_bio_seed(K_SPKI, b, c);
            b = BIO_new(BIO_s_mem());
            PEM_write_bio_ECPKParameters(b, EC_KEY_get0_group(k));
            PEM_write_bio_ECPrivateKey(b, k, NULL, NULL, 0, NULL, NULL);
            add_bio_seed(K_SEC1, b, c);
            b = BIO_new(BIO_s_mem());
            PEM_write_bio_PrivateKey(b, pk, NULL, NULL, 0, NULL, NULL);
            add_bio_seed(K_PKCS8, b, c);
            /* the same key with explicit curve parameters (specifiedCurve, with
             * OpenSSL's seed where the curve has one) */
            {
                EC_GROUP *g = EC_GROUP_dup(EC_KEY_get0_group(k));
                EC_KEY *x = EC_KEY_dup(k);
                EVP_PKEY *xp = EVP_PKEY_new();
                EC_GROUP_set_asn1_flag(g, OPENSSL_EC_EXPLICIT_CURVE);
                EC_KEY_set_group(x, g);
                EC_KEY_set_private_key(x, EC_KEY_get0_private_key(k));
                EC_KEY_set_public_key(x, EC_KEY_get0_public_key(k));
                EC_KEY_set_conv_form(x, comp ? POINT_CONVERSION_COMPRESSED : POINT_CONVERSION_UNCOMPRESSED);
                EVP_PKEY_set1_EC_KEY(xp, x);
                p = buf;
                n = i2d_EC_PUBKEY(x, &p);
                add_seed(K_SPKI, 0, c, buf, (size_t)n);
                p = buf;
                n = i2d_ECPrivateKey(x, &p);
                add_seed(K_SEC1, 0, c, buf, (size_t)n);
                b = BIO_new(BIO_s_mem());
                i2d_PKCS8PrivateKey_bio(b, xp, NULL, NULL, 0, NULL, NULL);
                {
                    char *q;
                    long m = BIO_get_mem_data(b, &q);
                    add_seed(K_PKCS8, 0, c, (const uint8_t *)q, (size_t)m);
                }
                BIO_free(b);
                b = BIO_new(BIO_s_mem());
                PEM_write_bio_ECPKParameters(b, g);
                PEM_write_bio_ECPrivateKey(b, x, NULL, NULL, 0, NULL, NULL);
                add_bio_seed(K_SEC1, b, c);
                EVP_PKEY_free(xp);
                EC_KEY_free(x);
                EC_GROUP_free(g);
            }
            tu_rand_bytes(dg, sizeof dg);
            s = ECDSA_do_sign(dg, sizeof dg, k);
            p = buf;
            n = i2d_ECDSA_SIG(s, &p);
            add_seed(K_SIG, 0, c, buf, (size_t)n);
            ECDSA_SIG_free(s);
            EVP_PKEY_free(pk);
            EC_KEY_free(k);
        }
    }
}

/* Offsets of the length bytes of every TLV header in a DER seed (walked
 * iteratively: constructed elements are entered, primitives skipped). */
static size_t der_length_offsets(const uint8_t *d, size_t n, size_t *off, size_t max)
{
    size_t pos = 0, k = 0;
    while (pos + 2 <= n && k < max) {
        uint8_t tag = d[pos];
        size_t len, hl;
        off[k++] = pos + 1;
        if (d[pos + 1] < 0x80) {
            len = d[pos + 1];
            hl = 2;
        } else {
            size_t nb = d[pos + 1] & 0x7f, j;
            if (pos + 2 + nb > n)
                break;
            for (len = 0, j = 0; j < nb; j++)
                len = len << 8 | d[pos + 2 + j];
            hl = 2 + nb;
        }
        /* OCTET STRINGs of PKCS#8 hold DER too: enter them as well */
        if ((tag & 0x20) || tag == 0x04)
            pos += hl;
        else
            pos += hl + len;
    }
    return k;
}

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* One random corruption of s into out (room for s->len + 16); returns the length.
 * *how: the mutation class, for the counts printed at the end. */
static size_t mutate(uint8_t *out, const seed *s, int *how)
{
    size_t n = s->len, pos, k;
    int m = (int)(tu_rand64() % 7);
    memcpy(out, s->data, n);
    pos = (size_t)(tu_rand64() % n);
    *how = m;
    switch (m) {
    case 0: /* flip 1..3 bits */
        for (k = 1 + tu_rand64() % 3; k; k--) {
            pos = (size_t)(tu_rand64() % n);
            out[pos] ^= (uint8_t)(1u << (tu_rand64() % 8));
        }
        break;
    case 1: /* truncate */
        n = pos;
        break;
    case 2: /* insert 1..4 random bytes (PEM: base64 characters, '=', whitespace) */
        k = 1 + (size_t)(tu_rand64() % 4);
        memmove(out + pos + k, out + pos, n - pos);
        {
            size_t j;
            for (j = 0; j < k; j++) {
                uint64_t r = tu_rand64();
                if (!s->pem)
                    out[pos + j] = (uint8_t)r;
                else
                    out[pos + j] = (uint8_t)((r & 8) ? b64[(r >> 4) % 64] : "=\n\r -"[(r >> 4) % 5]);
            }
        }
        n += k;
        break;
    case 3: /* delete 1..4 bytes */
        k = 1 + (size_t)(tu_rand64() % 4);
        if (k > n - pos)
            k = n - pos;
        memmove(out + pos, out + pos + k, n - pos - k);
        n -= k;
        break;
    case 4: /* length-byte edit (DER) / base64 character swap (PEM) */
        if (s->pem) {
            out[pos] = (uint8_t)b64[tu_rand64() % 64];
        } else {
            size_t offs[64], no = der_length_offsets(s->data, s->len, offs, 64);
            static const uint8_t vals[] = { 0x00, 0x7f, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0xff };
            uint64_t r = tu_rand64();
            pos = offs[r % no];
            r >>= 8;
            if (r % 3 == 0)
                out[pos] = vals[(r >> 2) % sizeof vals];
            else if (r % 3 == 1)
                out[pos]++;
            else
                out[pos]--;
        }
        break;
    case 5: /* overwrite a byte with a random value */
        out[pos] = (uint8_t)tu_rand64();
        break;
    default: /* tag-byte edit (DER) / swap two characters (PEM) */
        if (s->pem) {
            size_t q = (size_t)(tu_rand64() % n);
            uint8_t t = out[pos];
            out[pos] = out[q];
            out[q] = t;
        } else {
            size_t offs[64], no = der_length_offsets(s->data, s->len, offs, 64);
            static const uint8_t tags[] = { 0x02, 0x03, 0x04, 0x05, 0x06, 0x30, 0x31, 0xa0, 0xa1, 0x81, 0x1f, 0x00 };
            pos = offs[tu_rand64() % no] - 1;
            out[pos] = tags[tu_rand64() % sizeof tags];
        }
        break;
    }
    return n;
}

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

static int known_key_error(sc_err e)
{
    return e == SC_ERR_ENCODING || e == SC_ERR_CURVE || e == SC_ERR_UNSUPPORTED || e == SC_ERR_POINT ||
           e == SC_ERR_SCALAR || e == SC_ERR_LENGTH || e == SC_ERR_RANGE || e == SC_ERR_CURVE_MISMATCH ||
           e == SC_ERR_INFINITY;
}

static long n_ok, n_err, n_ossl;

/* An accepted key must be a real, consistent key. */
static void check_key_valid(const sc_key *k, const uint8_t *in, size_t n, int pem, long id)
{
    uint8_t q[SC_PK_MAX_PUB], enc[2048];
    size_t ql = sizeof q, el;
    sc_key k2;
    sc_err e;
    if (!CHECK(k->curve && k->has_pub && k->publen > 0 && k->publen <= sizeof k->pub, "case %ld: key fields", id))
        return;
    CHECK(sc_pub_validate(k->curve, k->pub, k->publen) == SC_OK, "case %ld: point valid", id);
    if (k->has_priv) {
        CHECK(sc_priv_validate(k->curve, k->priv, k->curve->nlen) == SC_OK, "case %ld: d valid", id);
        e = sc_pubkey(k->curve, q, &ql, k->pub[0] != 0x04, k->priv, k->curve->nlen);
        CHECK(e == SC_OK && ql == k->publen && memcmp(q, k->pub, ql) == 0, "case %ld: point is d*G", id);
    }
    el = sizeof enc;
    e = sc_key_encode(enc, &el, k, k->has_priv ? SC_KEYFMT_PKCS8 : SC_KEYFMT_SPKI, 0);
    CHECK(e == SC_OK && sc_key_parse(&k2, enc, el) == SC_OK && memcmp(&k2, k, sizeof k2) == 0,
          "case %ld: re-encode / re-parse gives the same key", id);
    if (!pem) {
        /* OpenSSL must read the same key from the same bytes */
        const unsigned char *cp = in;
        EC_KEY *ek = NULL;
        if (k->has_priv) {
            EVP_PKEY *pk = d2i_AutoPrivateKey(NULL, &cp, (long)n);
            if (pk) {
                ek = EVP_PKEY_get1_EC_KEY(pk);
                EVP_PKEY_free(pk);
            } else {
                cp = in;
                ek = d2i_ECPrivateKey(NULL, &cp, (long)n);
            }
        } else {
            ek = d2i_EC_PUBKEY(NULL, &cp, (long)n);
        }
        if (CHECK(ek != NULL, "case %ld: OpenSSL reads the accepted key too", id)) {
            uint8_t oq[SC_PK_MAX_PUB], od[SC_FP_MAXBYTES];
            size_t oql = EC_POINT_point2oct(EC_KEY_get0_group(ek), EC_KEY_get0_public_key(ek),
                                            k->pub[0] == 0x04 ? POINT_CONVERSION_UNCOMPRESSED
                                                              : POINT_CONVERSION_COMPRESSED,
                                            oq, sizeof oq, NULL);
            CHECK(oql == k->publen && memcmp(oq, k->pub, oql) == 0, "case %ld: OpenSSL's point", id);
            if (k->has_priv) {
                BN_bn2binpad(EC_KEY_get0_private_key(ek), od, k->curve->nlen);
                CHECK(memcmp(od, k->priv, k->curve->nlen) == 0, "case %ld: OpenSSL's d", id);
            }
            n_ossl++;
            EC_KEY_free(ek);
        }
    }
}

static void check_sig(const uint8_t *in, size_t n, const sc_curve *c, long id)
{
    uint8_t sig[2 * SC_FP_MAXBYTES + 2], der[SC_PK_MAX_DER_SIG + 8];
    size_t siglen = 2 * c->nlen, dl = sizeof der;
    sc_err e;
    /* sometimes a wrong size: another curve's, or odd */
    uint64_t r = tu_rand64() % 16;
    if (r == 0)
        siglen = 2 * (c->nlen == 32 ? 24 : 32);
    else if (r == 1)
        siglen = 2 * c->nlen + 1;
    memset(sig, 0xa5, sizeof sig);
    e = sc_sig_der_to_p1363(sig, siglen, in, n);
    if (e == SC_OK) {
        const unsigned char *cp = in;
        ECDSA_SIG *s;
        n_ok++;
        CHECK(sc_sig_p1363_to_der(der, &dl, sig, siglen) == SC_OK && dl == n && memcmp(der, in, n) == 0,
              "sig case %ld: accepted DER is canonical", id);
        s = d2i_ECDSA_SIG(NULL, &cp, (long)n);
        if (CHECK(s != NULL && cp == in + n, "sig case %ld: OpenSSL reads it", id)) {
            uint8_t w[2 * SC_FP_MAXBYTES];
            BN_bn2binpad(ECDSA_SIG_get0_r(s), w, (int)(siglen / 2));
            BN_bn2binpad(ECDSA_SIG_get0_s(s), w + siglen / 2, (int)(siglen / 2));
            CHECK(memcmp(w, sig, siglen) == 0, "sig case %ld: same r, s as OpenSSL", id);
            n_ossl++;
        }
        ECDSA_SIG_free(s);
    } else {
        n_err++;
        CHECK((e == SC_ERR_ENCODING || (e == SC_ERR_LENGTH && (siglen & 1))) && all_zero(sig, siglen),
              "sig case %ld: error %d with zeroed output", id, e);
    }
}

int main(void)
{
    long cases = tu_cases(12000), t, per_kind[4] = { 0 }, per_mut[7] = { 0 }, pem_cases = 0;
    size_t i;
    tu_seed_init("fuzz_encoding");
    make_seeds();
    CHECK(nseeds == 110, "seeds: %zu", nseeds);
    /* the seeds themselves are valid */
    for (i = 0; i < nseeds; i++) {
        sc_key k;
        uint8_t sig[2 * SC_FP_MAXBYTES];
        if (seeds[i].kind == K_SIG)
            CHECK(sc_sig_der_to_p1363(sig, 2 * seeds[i].c->nlen, seeds[i].data, seeds[i].len) == SC_OK,
                  "seed %zu", i);
        else
            CHECK(sc_key_parse(&k, seeds[i].data, seeds[i].len) == SC_OK && k.curve == seeds[i].c, "seed %zu", i);
    }
    for (t = 0; t < cases; t++) {
        const seed *s = &seeds[tu_rand64() % nseeds];
        uint8_t *tmp = malloc(s->len + 16), *in;
        int how;
        size_t n = mutate(tmp, s, &how);
        /* exact-size heap copy: ASan flags any read past the end */
        in = malloc(n ? n : 1);
        memcpy(in, tmp, n);
        per_kind[s->kind]++;
        per_mut[how]++;
        pem_cases += s->pem;
        if (s->kind == K_SIG) {
            check_sig(in, n, s->c, t);
        } else {
            sc_key k;
            sc_err e;
            memset(&k, 0x5a, sizeof k);
            e = sc_key_parse(&k, in, n);
            if (e == SC_OK) {
                n_ok++;
                check_key_valid(&k, in, n, s->pem, t);
            } else {
                n_err++;
                CHECK(known_key_error(e) && all_zero(&k, sizeof k), "case %ld: error %d with zeroed key", t, e);
            }
        }
        free(in);
        free(tmp);
    }
    /* random garbage through the PEM decoder and the key parser */
    for (t = 0; t < tu_cases(1000); t++) {
        size_t n = (size_t)(tu_rand64() % 200), dl = 64;
        uint8_t *in = malloc(n + 47), der[64];
        sc_key k;
        sc_err e;
        memcpy(in, "-----BEGIN PUBLIC KEY-----\n", 27);
        for (i = 27; i < n + 27; i++)
            in[i] = (uint8_t)b64[tu_rand64() % 64];
        memcpy(in + n + 27, "\n-----END PUBLIC KEY", 20);
        e = sc_pem_decode(der, &dl, "PUBLIC KEY", in, n + 47);
        CHECK(e == SC_OK ? dl <= 64 : ((e == SC_ERR_ENCODING || e == SC_ERR_BUFFER) && dl == 0 && all_zero(der, 64)),
              "garbage PEM %ld: %d", t, e);
        e = sc_key_parse(&k, in, n + 47);
        CHECK(e != SC_OK && all_zero(&k, sizeof k), "garbage key %ld: %d", t, e);
        free(in);
    }
    printf("fuzz: %ld corrupted inputs (SPKI %ld, SEC1 %ld, PKCS#8 %ld, signatures %ld; %ld PEM); "
           "mutations flip %ld, truncate %ld, insert %ld, delete %ld, length/char %ld, overwrite %ld, tag/swap %ld; "
           "%ld accepted (%ld confirmed by OpenSSL), %ld rejected\n",
           cases, per_kind[0], per_kind[1], per_kind[2], per_kind[3], pem_cases, per_mut[0], per_mut[1],
           per_mut[2], per_mut[3], per_mut[4], per_mut[5], per_mut[6], n_ok, n_ossl, n_err);
    CHECK(cases >= 10000, "at least 10000 cases");
    for (i = 0; i < nseeds; i++)
        free(seeds[i].data);
    return tu_done("fuzz_encoding");
}
