/* hash: SHA-1/224/256/384/512, HMAC and HMAC-DRBG.
 * Known answers typed in from their sources (FIPS 180-4 examples, RFC 4231,
 * RFC 2202, RFC 6979 A.2.5), then cross-checks against OpenSSL's libcrypto
 * (EVP_Digest, HMAC) for every length 0..300 and random streaming splits, and
 * an HMAC-DRBG reference built on OpenSSL's HMAC. */
#include "testutil.h"
#include <seacurve/hash.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdlib.h>
#include <string.h>

static const sc_hash_alg algs[5] = {
    SC_HASH_SHA1, SC_HASH_SHA224, SC_HASH_SHA256, SC_HASH_SHA384, SC_HASH_SHA512
};

static int eq_hex(const uint8_t *got, size_t n, const char *hex)
{
    uint8_t want[SC_HASH_MAX_LEN];
    long wl = tu_hex(want, sizeof want, hex);
    return wl >= 0 && (size_t)wl <= n && memcmp(got, want, (size_t)wl) == 0;
}

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i] != 0)
            return 0;
    return 1;
}

/* ---- FIPS 180-4 examples (NIST CSRC "Examples with Intermediate Values":
 * SHA1.pdf, SHA224.pdf, SHA256.pdf, SHA384.pdf, SHA512.pdf) and the
 * one-million-'a' message of FIPS 180-2 Appendices A.3, B.3, C.3, D.3. */
static const char m448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char m896[] = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                           "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
static const struct {
    sc_hash_alg alg;
    const char *msg; /* NULL: one million 'a' */
    const char *hex;
} fips[] = {
    { SC_HASH_SHA1, "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
    { SC_HASH_SHA1, m448, "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
    { SC_HASH_SHA1, NULL, "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
    { SC_HASH_SHA224, "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
    { SC_HASH_SHA224, m448, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525" },
    { SC_HASH_SHA224, NULL, "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67" },
    { SC_HASH_SHA256, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
    { SC_HASH_SHA256, m448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
    { SC_HASH_SHA256, NULL, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
    { SC_HASH_SHA384, "abc",
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
      "8086072ba1e7cc2358baeca134c825a7" },
    { SC_HASH_SHA384, m896,
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
      "fcc7c71a557e2db966c3e9fa91746039" },
    { SC_HASH_SHA384, NULL,
      "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
      "07b8b3dc38ecc4ebae97ddd87f3d8985" },
    { SC_HASH_SHA512, "abc",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
    { SC_HASH_SHA512, m896,
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
      "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
    { SC_HASH_SHA512, NULL,
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
      "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b" },
};

static void test_fips(void)
{
    size_t i, off, n;
    uint8_t out[SC_HASH_MAX_LEN];
    uint8_t *million = malloc(1000000);
    sc_hash_ctx ctx;

    if (!CHECK(million != NULL, "malloc"))
        return;
    memset(million, 'a', 1000000);
    for (i = 0; i < sizeof fips / sizeof fips[0]; i++) {
        const uint8_t *m = fips[i].msg ? (const uint8_t *)fips[i].msg : million;
        size_t len = fips[i].msg ? strlen(fips[i].msg) : 1000000;
        size_t dl = sc_hash_len(fips[i].alg);
        CHECK(2 * dl == strlen(fips[i].hex), "FIPS %zu: digest length", i);
        memset(out, 0, sizeof out);
        CHECK(sc_hash(fips[i].alg, out, m, len) == SC_OK, "FIPS %zu: sc_hash ok", i);
        CHECK(eq_hex(out, dl, fips[i].hex), "FIPS %zu (%s): one-shot", i, sc_hash_name(fips[i].alg));
        /* streaming in odd-sized pieces (997 bytes, or 1 byte for the short ones) */
        memset(out, 0, sizeof out);
        CHECK(sc_hash_init(&ctx, fips[i].alg) == SC_OK, "FIPS %zu: init", i);
        for (off = 0; off < len; off += n) {
            n = fips[i].msg ? 1 : 997;
            if (n > len - off)
                n = len - off;
            sc_hash_update(&ctx, m + off, n);
        }
        sc_hash_final(&ctx, out);
        CHECK(eq_hex(out, dl, fips[i].hex), "FIPS %zu (%s): streaming", i, sc_hash_name(fips[i].alg));
        CHECK(all_zero(&ctx, sizeof ctx), "FIPS %zu: context wiped after final", i);
    }
    free(million);
}

/* ---- HMAC known answers: RFC 2202 section 3 (HMAC-SHA-1) and RFC 4231
 * section 4 (HMAC-SHA-224/256/384/512).  Key / data given as hex; case 5 is
 * truncated (96 bits in RFC 2202, 128 bits in RFC 4231). */
#define HI_THERE "4869205468657265"
#define JEFE "4a656665"
#define WHAT "7768617420646f2079612077616e7420666f72206e6f7468696e673f"
#define K20_0B "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b"
#define K20_AA "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define K20_0C "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c"
#define K25 "0102030405060708090a0b0c0d0e0f10111213141516171819"
#define TRUNC "546573742057697468205472756e636174696f6e"
static const struct {
    const char *name;
    const char *key; /* hex; "aa*N" written out as repeat count below */
    int keyrep;      /* >0: key is keyrep bytes of 0xaa */
    const char *data;
    int datarep;     /* >0: data is datarep bytes of the byte in data */
    sc_hash_alg alg;
    const char *mac;
} hmac_kat[] = {
    /* RFC 2202 */
    { "2202-1", K20_0B, 0, HI_THERE, 0, SC_HASH_SHA1, "b617318655057264e28bc0b6fb378c8ef146be00" },
    { "2202-2", JEFE, 0, WHAT, 0, SC_HASH_SHA1, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79" },
    { "2202-3", K20_AA, 0, "dd", 50, SC_HASH_SHA1, "125d7342b9ac11cd91a39af48aa17b4f63f175d3" },
    { "2202-4", K25, 0, "cd", 50, SC_HASH_SHA1, "4c9007f4026250c6bc8414f9bf50c86c2d7235da" },
    { "2202-5", K20_0C, 0, TRUNC, 0, SC_HASH_SHA1, "4c1a03424b55e07fe7f27be1" },
    { "2202-6", NULL, 80,
      "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a"
      "65204b6579202d2048617368204b6579204669727374", 0,
      SC_HASH_SHA1, "aa4ae5e15272d00e95705637ce8a3b55ed402112" },
    { "2202-7", NULL, 80,
      "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a"
      "65204b657920616e64204c6172676572205468616e204f6e6520426c6f636b2d"
      "53697a652044617461", 0,
      SC_HASH_SHA1, "e8e99d0f45237d786d6bbaa7965c7808bbff1a91" },
    /* RFC 4231 4.2 - 4.8 */
    { "4231-1", K20_0B, 0, HI_THERE, 0, SC_HASH_SHA224,
      "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22" },
    { "4231-1", K20_0B, 0, HI_THERE, 0, SC_HASH_SHA256,
      "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7" },
    { "4231-1", K20_0B, 0, HI_THERE, 0, SC_HASH_SHA384,
      "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
      "faea9ea9076ede7f4af152e8b2fa9cb6" },
    { "4231-1", K20_0B, 0, HI_THERE, 0, SC_HASH_SHA512,
      "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
      "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854" },
    { "4231-2", JEFE, 0, WHAT, 0, SC_HASH_SHA224,
      "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44" },
    { "4231-2", JEFE, 0, WHAT, 0, SC_HASH_SHA256,
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
    { "4231-2", JEFE, 0, WHAT, 0, SC_HASH_SHA384,
      "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
      "8e2240ca5e69e2c78b3239ecfab21649" },
    { "4231-2", JEFE, 0, WHAT, 0, SC_HASH_SHA512,
      "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
      "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" },
    { "4231-3", K20_AA, 0, "dd", 50, SC_HASH_SHA224,
      "7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea" },
    { "4231-3", K20_AA, 0, "dd", 50, SC_HASH_SHA256,
      "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe" },
    { "4231-3", K20_AA, 0, "dd", 50, SC_HASH_SHA384,
      "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b"
      "2a5ab39dc13814b94e3ab6e101a34f27" },
    { "4231-3", K20_AA, 0, "dd", 50, SC_HASH_SHA512,
      "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
      "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb" },
    { "4231-4", K25, 0, "cd", 50, SC_HASH_SHA224,
      "6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a" },
    { "4231-4", K25, 0, "cd", 50, SC_HASH_SHA256,
      "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b" },
    { "4231-4", K25, 0, "cd", 50, SC_HASH_SHA384,
      "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e"
      "6801dd23c4a7d679ccf8a386c674cffb" },
    { "4231-4", K25, 0, "cd", 50, SC_HASH_SHA512,
      "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
      "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd" },
    { "4231-5", K20_0C, 0, TRUNC, 0, SC_HASH_SHA224, "0e2aea68a90c8d37c988bcdb9fca6fa8" },
    { "4231-5", K20_0C, 0, TRUNC, 0, SC_HASH_SHA256, "a3b6167473100ee06e0c796c2955552b" },
    { "4231-5", K20_0C, 0, TRUNC, 0, SC_HASH_SHA384, "3abf34c3503b2a23a46efc619baef897" },
    { "4231-5", K20_0C, 0, TRUNC, 0, SC_HASH_SHA512, "415fad6271580a531d4179bc891d87a6" },
#define LARGER_KEY "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a" \
                   "65204b6579202d2048617368204b6579204669727374"
    { "4231-6", NULL, 131, LARGER_KEY, 0, SC_HASH_SHA224,
      "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e" },
    { "4231-6", NULL, 131, LARGER_KEY, 0, SC_HASH_SHA256,
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54" },
    { "4231-6", NULL, 131, LARGER_KEY, 0, SC_HASH_SHA384,
      "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c6"
      "0c2ef6ab4030fe8296248df163f44952" },
    { "4231-6", NULL, 131, LARGER_KEY, 0, SC_HASH_SHA512,
      "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
      "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598" },
#define LARGER_DATA "5468697320697320612074657374207573696e672061206c6172676572207468" \
                    "616e20626c6f636b2d73697a65206b657920616e642061206c61726765722074" \
                    "68616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565" \
                    "647320746f20626520686173686564206265666f7265206265696e6720757365" \
                    "642062792074686520484d414320616c676f726974686d2e"
    { "4231-7", NULL, 131, LARGER_DATA, 0, SC_HASH_SHA224,
      "3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1" },
    { "4231-7", NULL, 131, LARGER_DATA, 0, SC_HASH_SHA256,
      "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2" },
    { "4231-7", NULL, 131, LARGER_DATA, 0, SC_HASH_SHA384,
      "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5"
      "a678cc31e799176d3860e6110c46523e" },
    { "4231-7", NULL, 131, LARGER_DATA, 0, SC_HASH_SHA512,
      "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
      "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58" },
};

static void test_hmac_kat(void)
{
    size_t i;
    uint8_t key[256], data[256], out[SC_HASH_MAX_LEN];
    long kl, dl;
    sc_hmac_ctx ctx;

    for (i = 0; i < sizeof hmac_kat / sizeof hmac_kat[0]; i++) {
        const char *nm = hmac_kat[i].name, *an = sc_hash_name(hmac_kat[i].alg);
        size_t macbytes = strlen(hmac_kat[i].mac) / 2;
        if (hmac_kat[i].keyrep > 0) {
            kl = hmac_kat[i].keyrep;
            memset(key, 0xaa, (size_t)kl);
        } else {
            kl = tu_hex(key, sizeof key, hmac_kat[i].key);
        }
        dl = tu_hex(data, sizeof data, hmac_kat[i].data);
        if (hmac_kat[i].datarep > 0) {
            memset(data, data[0], (size_t)hmac_kat[i].datarep);
            dl = hmac_kat[i].datarep;
        }
        if (!CHECK(kl >= 0 && dl >= 0, "HMAC %s %s: vector decodes", nm, an))
            continue;
        CHECK(macbytes == sc_hash_len(hmac_kat[i].alg) || macbytes == 12 || macbytes == 16,
              "HMAC %s %s: MAC length", nm, an);
        memset(out, 0, sizeof out);
        CHECK(sc_hmac(hmac_kat[i].alg, out, key, (size_t)kl, data, (size_t)dl) == SC_OK,
              "HMAC %s %s: ok", nm, an);
        CHECK(eq_hex(out, sizeof out, hmac_kat[i].mac), "HMAC %s %s: one-shot", nm, an);
        /* streaming byte by byte */
        memset(out, 0, sizeof out);
        CHECK(sc_hmac_init(&ctx, hmac_kat[i].alg, key, (size_t)kl) == SC_OK, "HMAC %s %s: init", nm, an);
        {
            long j;
            for (j = 0; j < dl; j++)
                sc_hmac_update(&ctx, data + j, 1);
        }
        sc_hmac_final(&ctx, out);
        CHECK(eq_hex(out, sizeof out, hmac_kat[i].mac), "HMAC %s %s: streaming", nm, an);
        CHECK(all_zero(&ctx, sizeof ctx), "HMAC %s %s: context wiped", nm, an);
    }
}

/* Feed msg to ctx in a random number (1..5) of pieces at random split points. */
static void update_split(void (*upd)(void *, const void *, size_t), void *ctx, const uint8_t *msg, size_t len)
{
    size_t off = 0, n;
    int pieces = 1 + (int)(tu_rand64() % 5);
    while (pieces-- > 1 && off < len) {
        n = (size_t)(tu_rand64() % (len - off + 1));
        upd(ctx, msg + off, n);
        off += n;
    }
    upd(ctx, msg + off, len - off);
}
static void upd_hash(void *c, const void *d, size_t n) { sc_hash_update((sc_hash_ctx *)c, d, n); }
static void upd_hmac(void *c, const void *d, size_t n) { sc_hmac_update((sc_hmac_ctx *)c, d, n); }

/* ---- Cross-checks against OpenSSL for every algorithm and length 0..300,
 * HMAC keys of 0..300 bytes (up to more than two SHA-512 blocks). */
static void test_vs_openssl(void)
{
    uint8_t msg[4096], key[300], a[SC_HASH_MAX_LEN], b[EVP_MAX_MD_SIZE];
    unsigned int bl;
    size_t len, ai, dl;
    long rep, r;
    sc_hash_ctx hc;
    sc_hmac_ctx mc;

    for (ai = 0; ai < 5; ai++) {
        sc_hash_alg alg = algs[ai];
        const char *an = sc_hash_name(alg);
        long bad_hash = 0, bad_stream = 0, bad_hmac = 0, bad_hstream = 0;
        dl = sc_hash_len(alg);
        for (rep = 0; rep < tu_cases(1); rep++) {
            for (len = 0; len <= 300; len++) {
                size_t kl = (size_t)(tu_rand64() % 301);
                tu_rand_bytes(msg, len);
                tu_rand_bytes(key, kl);
                if (!EVP_Digest(msg, len, b, &bl, tu_evp_md(alg), NULL) || bl != dl) {
                    bad_hash++;
                    continue;
                }
                sc_hash(alg, a, msg, len);
                bad_hash += memcmp(a, b, dl) != 0;
                sc_hash_init(&hc, alg);
                update_split(upd_hash, &hc, msg, len);
                sc_hash_final(&hc, a);
                bad_stream += memcmp(a, b, dl) != 0;

                if (!HMAC(tu_evp_md(alg), key, (int)kl, msg, len, b, &bl) || bl != dl) {
                    bad_hmac++;
                    continue;
                }
                sc_hmac(alg, a, kl ? key : NULL, kl, msg, len);
                bad_hmac += memcmp(a, b, dl) != 0;
                sc_hmac_init(&mc, alg, key, kl);
                update_split(upd_hmac, &mc, msg, len);
                sc_hmac_final(&mc, a);
                bad_hstream += memcmp(a, b, dl) != 0;
            }
        }
        CHECK(bad_hash == 0, "%s vs EVP_Digest, lengths 0..300: %ld mismatches", an, bad_hash);
        CHECK(bad_stream == 0, "%s streaming at random splits: %ld mismatches", an, bad_stream);
        CHECK(bad_hmac == 0, "HMAC-%s vs OpenSSL HMAC, keys 0..300: %ld mismatches", an, bad_hmac);
        CHECK(bad_hstream == 0, "HMAC-%s streaming: %ld mismatches", an, bad_hstream);

        /* longer messages in many pieces */
        for (r = 0; r < tu_cases(20); r++) {
            size_t off = 0, n;
            len = (size_t)(tu_rand64() % sizeof msg);
            tu_rand_bytes(msg, len);
            EVP_Digest(msg, len, b, &bl, tu_evp_md(alg), NULL);
            sc_hash_init(&hc, alg);
            while (off < len) {
                n = (size_t)(tu_rand64() % 300);
                if (n > len - off)
                    n = len - off;
                sc_hash_update(&hc, msg + off, n);
                off += n;
            }
            sc_hash_final(&hc, a);
            CHECK(memcmp(a, b, dl) == 0, "%s long streaming, %zu bytes", an, len);
        }

        /* aliasing: output over the input */
        tu_rand_bytes(msg, 100);
        EVP_Digest(msg, 100, b, &bl, tu_evp_md(alg), NULL);
        CHECK(sc_hash(alg, msg, msg, 100) == SC_OK && memcmp(msg, b, dl) == 0, "%s out == data", an);
        tu_rand_bytes(key, 200);
        tu_rand_bytes(msg, 200);
        HMAC(tu_evp_md(alg), key, 200, msg, 200, b, &bl);
        CHECK(sc_hmac(alg, key, key, 200, msg, 200) == SC_OK && memcmp(key, b, dl) == 0, "HMAC-%s out == key", an);
    }
}

static void test_names_and_errors(void)
{
    static const struct { const char *s; sc_hash_alg a; } names[] = {
        { "sha1", SC_HASH_SHA1 }, { "SHA-1", SC_HASH_SHA1 }, { "Sha_1", SC_HASH_SHA1 },
        { "sha224", SC_HASH_SHA224 }, { "SHA-224", SC_HASH_SHA224 },
        { "sha256", SC_HASH_SHA256 }, { "SHA-256", SC_HASH_SHA256 }, { "SHA256", SC_HASH_SHA256 },
        { "sha384", SC_HASH_SHA384 }, { "SHA-384", SC_HASH_SHA384 },
        { "sha512", SC_HASH_SHA512 }, { "sHa-512", SC_HASH_SHA512 },
        { "md5", SC_HASH_NONE }, { "sha", SC_HASH_NONE }, { "sha-", SC_HASH_NONE },
        { "sha2566", SC_HASH_NONE }, { "sha--256", SC_HASH_NONE }, { "sha256 ", SC_HASH_NONE },
        { "", SC_HASH_NONE }, { "sh", SC_HASH_NONE }, { "sha3-256", SC_HASH_NONE },
    };
    static const size_t lens[5][2] = { { 20, 64 }, { 28, 64 }, { 32, 64 }, { 48, 128 }, { 64, 128 } };
    size_t i;
    uint8_t out[SC_HASH_MAX_LEN], key[4] = { 1, 2, 3, 4 };
    sc_hash_ctx hc;
    sc_hmac_ctx mc;
    sc_hmac_drbg d;

    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        CHECK(sc_hash_from_name(names[i].s) == names[i].a, "sc_hash_from_name(\"%s\")", names[i].s);
    CHECK(sc_hash_from_name(NULL) == SC_HASH_NONE, "sc_hash_from_name(NULL)");
    for (i = 0; i < 5; i++) {
        CHECK(sc_hash_from_name(sc_hash_name(algs[i])) == algs[i], "name round trip %zu", i);
        CHECK(sc_hash_len(algs[i]) == lens[i][0], "sc_hash_len %zu", i);
        CHECK(sc_hash_block_len(algs[i]) == lens[i][1], "sc_hash_block_len %zu", i);
        CHECK((size_t)EVP_MD_get_size(tu_evp_md(algs[i])) == lens[i][0], "length agrees with OpenSSL %zu", i);
    }
    CHECK(sc_hash_len(SC_HASH_NONE) == 0 && sc_hash_block_len((sc_hash_alg)9) == 0, "unknown lengths 0");
    CHECK(sc_hash_init(&hc, SC_HASH_NONE) == SC_ERR_HASH, "init NONE");
    CHECK(sc_hash_init(&hc, (sc_hash_alg)6) == SC_ERR_HASH, "init 6");
    CHECK(sc_hash_init(NULL, SC_HASH_SHA256) == SC_ERR_ARG, "init NULL ctx");
    CHECK(sc_hash(SC_HASH_NONE, out, "x", 1) == SC_ERR_HASH, "sc_hash NONE");
    CHECK(sc_hash(SC_HASH_SHA256, out, NULL, 1) == SC_ERR_ARG, "sc_hash NULL data");
    CHECK(sc_hash(SC_HASH_SHA256, out, NULL, 0) == SC_OK, "sc_hash NULL, 0 bytes");
    CHECK(eq_hex(out, 32, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
          "SHA-256 of the empty string (FIPS 180-4 padding of a 0-bit message)");
    CHECK(sc_hmac_init(&mc, (sc_hash_alg)0, key, 4) == SC_ERR_HASH, "hmac init NONE");
    CHECK(sc_hmac_init(&mc, SC_HASH_SHA1, NULL, 4) == SC_ERR_ARG, "hmac init NULL key");
    CHECK(sc_hmac(SC_HASH_SHA512, out, key, 4, NULL, 3) == SC_ERR_ARG, "hmac NULL data");
    CHECK(sc_hmac_drbg_init(&d, SC_HASH_NONE, key, 4, NULL, 0, NULL, 0) == SC_ERR_HASH, "drbg init NONE");
    CHECK(all_zero(&d, sizeof d), "drbg zeroed on failure");
    CHECK(sc_hmac_drbg_init(&d, SC_HASH_SHA256, NULL, 4, NULL, 0, NULL, 0) == SC_ERR_ARG, "drbg NULL entropy");
}

/* ---- HMAC-DRBG.  RFC 6979 A.2.5 (P-256): private key x and the nonces k for
 * message "sample" with each hash.  entropy = int2octets(x),
 * nonce = bits2octets(h1) (section 3.2 steps a-d); the first qlen = 256 bits
 * of output are k (step h) when, as in all these cases, that value is below q. */
static const char p256_q[] = "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551";
static const char p256_x[] = "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721";
static const struct {
    sc_hash_alg alg;
    const char *msg;
    const char *k;
} rfc6979[] = {
    { SC_HASH_SHA1, "sample", "882905F1227FD620FBF2ABF21244F0BA83D0DC3A9103DBBEE43A1FB858109DB4" },
    { SC_HASH_SHA224, "sample", "103F90EE9DC52E5E7FB5132B7033C63066D194321491862059967C715985D473" },
    { SC_HASH_SHA256, "sample", "A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60" },
    { SC_HASH_SHA384, "sample", "09F634B188CEFD98E7EC88B1AA9852D734D0BC272F7D2A47DECC6EBEB375AAD4" },
    { SC_HASH_SHA512, "sample", "5FA81C63109BADB88C1F367B47DA606DA28CAD69AA22C4FE6AD7DF73A7173AA5" },
    { SC_HASH_SHA256, "test", "D16B6AE827F17175E040871A1C7EC3500192C4C92677336EC2537ACAEE0008E0" },
};

/* bits2octets(h1) for a 256-bit q (RFC 6979 2.3.4): leftmost 256 bits of h1
 * (left-padded with zeros when h1 is shorter), reduced mod q; the test asserts
 * it is already below q, so no subtraction is needed. */
static int bits2octets_p256(uint8_t out[32], const uint8_t *h1, size_t hl)
{
    uint8_t q[32];
    memset(out, 0, 32);
    if (hl >= 32)
        memcpy(out, h1, 32);
    else
        memcpy(out + 32 - hl, h1, hl);
    tu_hex(q, sizeof q, p256_q);
    return memcmp(out, q, 32) < 0;
}

/* Reference HMAC-DRBG (SP 800-90A 10.1.2) on OpenSSL's HMAC. */
typedef struct { const EVP_MD *md; size_t hl; uint8_t k[64], v[64]; } ref_drbg;
static void ref_update(ref_drbg *r, const uint8_t *data, size_t dlen, int have)
{
    uint8_t buf[64 + 1 + 600];
    unsigned int ol;
    int round;
    for (round = 0; round < (have ? 2 : 1); round++) {
        memcpy(buf, r->v, r->hl);
        buf[r->hl] = (uint8_t)round;
        if (dlen > 0)
            memcpy(buf + r->hl + 1, data, dlen);
        HMAC(r->md, r->k, (int)r->hl, buf, r->hl + 1 + dlen, r->k, &ol);
        HMAC(r->md, r->k, (int)r->hl, r->v, r->hl, r->v, &ol);
    }
}
static void ref_generate(ref_drbg *r, uint8_t *out, size_t len)
{
    unsigned int ol;
    size_t n;
    while (len > 0) {
        HMAC(r->md, r->k, (int)r->hl, r->v, r->hl, r->v, &ol);
        n = len < r->hl ? len : r->hl;
        memcpy(out, r->v, n);
        out += n;
        len -= n;
    }
    ref_update(r, NULL, 0, 0);
}

static void test_drbg(void)
{
    uint8_t x[32], h1[SC_HASH_MAX_LEN], nonce[32], k[32], out[300], ref[300], seed[600];
    size_t i, ai;
    long r;
    sc_hmac_drbg d, d2;

    tu_hex(x, sizeof x, p256_x);
    for (i = 0; i < sizeof rfc6979 / sizeof rfc6979[0]; i++) {
        const char *an = sc_hash_name(rfc6979[i].alg);
        sc_hash(rfc6979[i].alg, h1, rfc6979[i].msg, strlen(rfc6979[i].msg));
        CHECK(bits2octets_p256(nonce, h1, sc_hash_len(rfc6979[i].alg)), "RFC 6979 %s: h1 < q", an);
        tu_hex(k, sizeof k, rfc6979[i].k);
        CHECK(sc_hmac_drbg_init(&d, rfc6979[i].alg, x, 32, nonce, 32, NULL, 0) == SC_OK, "drbg init %s", an);
        memset(out, 0, sizeof out);
        sc_hmac_drbg_generate(&d, out, 32);
        CHECK(memcmp(out, k, 32) == 0, "RFC 6979 A.2.5 P-256 %s \"%s\": k", an, rfc6979[i].msg);
        sc_hmac_drbg_wipe(&d);
        CHECK(all_zero(&d, sizeof d), "drbg wiped");
    }

    /* Successive generates of every length against the reference. */
    for (ai = 0; ai < 5; ai++) {
        const char *an = sc_hash_name(algs[ai]);
        long bad = 0, bad2 = 0;
        for (r = 0; r < tu_cases(40); r++) {
            ref_drbg rd;
            size_t el = (size_t)(tu_rand64() % 100), nl = (size_t)(tu_rand64() % 50);
            size_t pl = (size_t)(tu_rand64() % 50), len;
            int call;
            tu_rand_bytes(seed, el + nl + pl);
            rd.md = tu_evp_md(algs[ai]);
            rd.hl = sc_hash_len(algs[ai]);
            memset(rd.k, 0, sizeof rd.k);
            memset(rd.v, 1, sizeof rd.v);
            ref_update(&rd, seed, el + nl + pl, 1);
            sc_hmac_drbg_init(&d, algs[ai], seed, el, seed + el, nl, pl ? seed + el + nl : NULL, pl);
            memcpy(&d2, &d, sizeof d);
            for (call = 0; call < 3; call++) {
                len = (size_t)(tu_rand64() % 150);
                ref_generate(&rd, ref, len);
                sc_hmac_drbg_generate(&d, out, len);
                bad += memcmp(out, ref, len) != 0;
                /* RFC 6979 candidates: the update before each output after the first */
                sc_hmac_drbg_candidate(&d2, out, len, call > 0);
                bad2 += memcmp(out, ref, len) != 0;
            }
        }
        CHECK(bad == 0, "HMAC-DRBG-%s vs reference on OpenSSL HMAC: %ld mismatches", an, bad);
        CHECK(bad2 == 0, "HMAC-DRBG-%s candidates vs reference on OpenSSL HMAC: %ld mismatches", an, bad2);
    }
}

int main(void)
{
    int pass;
    tu_seed_init("hash");
    /* every check with the portable code, then with the CPU extension if present */
    for (pass = 0; pass < 2; pass++) {
        int accel = sc_hash_set_accel(pass);
        if (pass == 1 && !accel) {
            printf("hash: no CPU hash extension here: portable code only\n");
            break;
        }
        printf("hash: checks with %s SHA-256\n", accel ? "SHA-NI" : "portable");
        test_fips();
        test_hmac_kat();
        test_vs_openssl();
        test_names_and_errors();
        test_drbg();
    }
    return tu_done("hash");
}
