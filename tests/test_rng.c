/* The source of randomness (rng.h), key generation from it, and ephemeral ECDH.
 *
 * One process, in order:
 *  1. no source set: sc_random and sc_keygen use the OS default (getrandom);
 *  2. sc_rng_set: the first call wins, the same (fn, ctx) again is accepted,
 *     another fn or ctx is refused (SC_ERR_ARG) and changes nothing;
 *  3. the source set here is the test's own, switched between behaviours
 *     through its ctx (the library's source stays the same):
 *     - failing (after scribbling on the buffer): SC_ERR_RNG from sc_random,
 *       sc_keygen and sc_ecdh_ephemeral, every output zeroed, *publen 0;
 *     - all zeros, all ones (bytes that never give a scalar in [1, n-1]):
 *       sc_keygen, sc_keygen_start (stepped) and sc_ecdh_ephemeral answer
 *       SC_ERR_RNG, not SC_ERR_SCALAR, after exactly 64 draws, outputs
 *       zeroed; 63 zero candidates and then a valid d give d (the bound is
 *       64 candidates, not fewer);
 *     - a script of candidates (all ones, zero, then d): sc_keygen rejects
 *       the first two and returns d, a known answer;
 *     - OpenSSL's RAND_bytes (seeded by tu_seed_init: a stream of the run's
 *       SC_TEST_SEED): sc_ecdh_ephemeral on every curve, checked from
 *       the peer's side by OpenSSL (the peer's private key k and OpenSSL's
 *       k * my_pub give the same secret); with a scripted d, my_pub and the
 *       secret equal OpenSSL's d*G and x(d*Q);
 *     - bad peers, short buffers, wrong lengths, NULLs: their own codes,
 *       outputs zeroed, no randomness drawn.
 * Step 1 reads the OS generator, the subject of the check, so its bytes do not
 * repeat under SC_TEST_SEED; every other draw does.
 * The bare-metal case (no OS default) is tests/rng_nodefault.c. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "testutil.h"
#include "osslgroup.h"
#include <seacurve/seacurve.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/rand.h>
#include <string.h>

enum mode { M_OPENSSL, M_FAIL, M_ZERO, M_ONES, M_SCRIPT };

typedef struct src {
    enum mode mode;
    long calls;
    /* M_SCRIPT: the candidates, one per call, each of len bytes */
    const uint8_t *script;
    size_t script_len, script_n;
} src;

static int source(void *ctx, uint8_t *out, size_t len)
{
    src *s = (src *)ctx;
    s->calls++;
    switch (s->mode) {
    case M_OPENSSL:
        return RAND_bytes(out, (int)len) == 1 ? 0 : 1;
    case M_FAIL:
        memset(out, 0x5a, len);   /* bytes written before the failure must not escape */
        return -1;
    case M_ZERO:
        memset(out, 0, len);
        return 0;
    case M_ONES:
        memset(out, 0xff, len);
        return 0;
    case M_SCRIPT:
        if (len != s->script_len || s->script_n == 0)
            return 1;
        memcpy(out, s->script, len);
        s->script += len;
        s->script_n--;
        return 0;
    }
    return 1;
}

static int other_source(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    memset(out, 0x11, len);
    return 0;
}

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    while (n--)
        acc |= *p++;
    return acc == 0;
}

static void test_os_default(void)
{
    uint8_t a[64], b[64], d[SC_FP_MAXBYTES];
    const sc_curve *c = sc_curve_find("secp256r1");
    CHECK(sc_random(NULL, 4) == SC_ERR_ARG, "sc_random(NULL, 4)");
    CHECK(sc_random(NULL, 0) == SC_OK, "sc_random(NULL, 0)");
    CHECK(sc_random(a, sizeof a) == SC_OK && sc_random(b, sizeof b) == SC_OK, "OS default source");
    CHECK(!all_zero(a, sizeof a) && memcmp(a, b, sizeof a) != 0, "OS default: two draws differ");
    CHECK(sc_keygen(c, d, c->nlen) == SC_OK && sc_priv_validate(c, d, c->nlen) == SC_OK,
          "keygen from the OS default");
    CHECK(sc_rng_set(NULL, NULL) == SC_ERR_ARG, "sc_rng_set(NULL)");
    CHECK(strstr(sc_strerror(SC_ERR_RNG), "sc_rng_set") != NULL, "sc_strerror(SC_ERR_RNG) says what to do: %s",
          sc_strerror(SC_ERR_RNG));
}

static void test_set_once(src *s)
{
    src other;
    uint8_t b[16];
    CHECK(sc_rng_set(source, s) == SC_OK, "first sc_rng_set");
    CHECK(sc_rng_set(source, s) == SC_OK, "the same source again");
    CHECK(sc_rng_set(other_source, s) == SC_ERR_ARG, "another fn refused");
    CHECK(sc_rng_set(source, &other) == SC_ERR_ARG, "another ctx refused");
    CHECK(sc_rng_set(NULL, s) == SC_ERR_ARG, "NULL fn refused");
    s->mode = M_ZERO;
    s->calls = 0;
    memset(b, 0xaa, sizeof b);
    CHECK(sc_random(b, sizeof b) == SC_OK && all_zero(b, sizeof b) && s->calls == 1,
          "sc_random reads the first source");
}

static void test_failing(src *s, const sc_curve *c)
{
    uint8_t b[40], d[SC_FP_MAXBYTES], pub[SC_PK_MAX_PUB], sec[SC_FP_MAXBYTES], peer[SC_PK_MAX_PUB];
    size_t publen = sizeof pub, peerlen = sizeof peer;
    s->mode = M_OPENSSL;
    CHECK(sc_keygen(c, d, c->nlen) == SC_OK && sc_pubkey(c, peer, &peerlen, 0, d, c->nlen) == SC_OK,
          "%s: a peer key", c->name);
    s->mode = M_FAIL;
    memset(b, 0xaa, sizeof b);
    CHECK(sc_random(b, sizeof b) == SC_ERR_RNG && all_zero(b, sizeof b), "%s: failing source: sc_random",
          c->name);
    memset(d, 0xaa, sizeof d);
    CHECK(sc_keygen(c, d, c->nlen) == SC_ERR_RNG && all_zero(d, c->nlen), "%s: failing source: keygen",
          c->name);
    memset(pub, 0xaa, sizeof pub);
    memset(sec, 0xaa, sizeof sec);
    CHECK(sc_ecdh_ephemeral(c, pub, &publen, sec, c->flen, peer, peerlen) == SC_ERR_RNG &&
              all_zero(pub, sizeof pub) && all_zero(sec, c->flen) && publen == 0,
          "%s: failing source: ephemeral ECDH", c->name);
}

static void ossl_scalar(uint8_t *out, const sc_curve *c, const EC_GROUP *g, BIGNUM *k);

static void test_never_a_scalar(src *s, const sc_curve *c)
{
    uint8_t d[SC_FP_MAXBYTES], pub[SC_PK_MAX_PUB], sec[SC_FP_MAXBYTES], peer[SC_PK_MAX_PUB];
    enum mode m[2] = { M_ZERO, M_ONES };
    size_t peerlen = sizeof peer, publen;
    sc_op op;
    int i;
    /* a valid peer: the public key of d = 1 (G), computed before the source is broken */
    memset(d, 0, sizeof d);
    d[c->nlen - 1] = 1;
    CHECK(sc_pubkey(c, peer, &peerlen, 0, d, c->nlen) == SC_OK, "%s: G as a peer", c->name);
    for (i = 0; i < 2; i++) {
        const char *what = i ? "ones" : "zeros";
        sc_err e;
        s->mode = m[i];
        s->calls = 0;
        memset(d, 0xaa, sizeof d);
        e = sc_keygen(c, d, c->nlen);
        CHECK(e == SC_ERR_RNG && all_zero(d, c->nlen) && s->calls == 64,
              "%s: source of all %s: keygen %d (%s) after %ld draws", c->name, what, (int)e, sc_strerror(e),
              s->calls);
        /* the restartable key generation: one candidate per unit, the same bound */
        s->calls = 0;
        memset(d, 0xaa, sizeof d);
        e = sc_keygen_start(&op, c, d, c->nlen);
        while (e == SC_OK || e == SC_IN_PROGRESS)
            if ((e = sc_op_step(&op, 1)) != SC_IN_PROGRESS)
                break;
        CHECK(e == SC_ERR_RNG && all_zero(d, c->nlen) && s->calls == 64,
              "%s: source of all %s: sc_keygen_start/sc_op_step %d (%s) after %ld draws", c->name, what, (int)e,
              sc_strerror(e), s->calls);
        /* ephemeral ECDH draws its key as sc_keygen does */
        s->calls = 0;
        publen = sizeof pub;
        memset(pub, 0xaa, sizeof pub);
        memset(sec, 0xaa, sizeof sec);
        e = sc_ecdh_ephemeral(c, pub, &publen, sec, c->flen, peer, peerlen);
        CHECK(e == SC_ERR_RNG && all_zero(pub, sizeof pub) && all_zero(sec, c->flen) && publen == 0 &&
                  s->calls == 64,
              "%s: source of all %s: ecdh_ephemeral %d (%s) after %ld draws", c->name, what, (int)e,
              sc_strerror(e), s->calls);
    }
}

/* The bound is exactly 64 candidates: 63 unusable ones (zero) and then a valid
 * d give d; 64 unusable ones give SC_ERR_RNG (test_never_a_scalar). */
static void test_bound(src *s, const sc_curve *c, const EC_GROUP *g)
{
    static uint8_t cand[64 * SC_FP_MAXBYTES];
    uint8_t d[SC_FP_MAXBYTES];
    BIGNUM *k = BN_new();
    size_t nl = c->nlen;
    memset(cand, 0, sizeof cand);
    ossl_scalar(cand + 63 * nl, c, g, k);
    s->mode = M_SCRIPT;
    s->script = cand;
    s->script_len = nl;
    s->script_n = 64;
    s->calls = 0;
    CHECK(sc_keygen(c, d, nl) == SC_OK && memcmp(d, cand + 63 * nl, nl) == 0 && s->calls == 64,
          "%s: keygen takes the 64th candidate after 63 zero ones", c->name);
    BN_free(k);
}

/* d: a uniform scalar in [1, n-1] drawn by OpenSSL, as nlen big-endian bytes */
static void ossl_scalar(uint8_t *out, const sc_curve *c, const EC_GROUP *g, BIGNUM *k)
{
    const BIGNUM *n = EC_GROUP_get0_order(g);
    do
        BN_rand_range(k, n);
    while (BN_is_zero(k));
    BN_bn2binpad(k, out, c->nlen);
}

static size_t ossl_mul_enc(uint8_t *out, const EC_GROUP *g, const EC_POINT *p, const BIGNUM *k,
                           BN_CTX *bc)
{
    EC_POINT *r = EC_POINT_new(g);
    size_t len = 0;
    if (r && EC_POINT_mul(g, r, p ? NULL : k, p, p ? k : NULL, bc) == 1)
        len = EC_POINT_point2oct(g, r, POINT_CONVERSION_UNCOMPRESSED, out, SC_PK_MAX_PUB, bc);
    EC_POINT_free(r);
    return len;
}

/* x of k * (SEC1 point in), by OpenSSL; 0 if in is not a point of g */
static int ossl_secret(uint8_t *x, size_t flen, const EC_GROUP *g, const uint8_t *in, size_t inlen,
                       const BIGNUM *k, BN_CTX *bc)
{
    EC_POINT *q = EC_POINT_new(g), *r = EC_POINT_new(g);
    BIGNUM *bx = BN_new();
    int ok = q && r && bx && EC_POINT_oct2point(g, q, in, inlen, bc) == 1 &&
             EC_POINT_mul(g, r, NULL, q, k, bc) == 1 && !EC_POINT_is_at_infinity(g, r) &&
             EC_POINT_get_affine_coordinates(g, r, bx, NULL, bc) == 1 && BN_bn2binpad(bx, x, (int)flen) > 0;
    EC_POINT_free(q);
    EC_POINT_free(r);
    BN_free(bx);
    return ok;
}

static void test_script(src *s, const sc_curve *c, const EC_GROUP *g)
{
    uint8_t cand[3 * SC_FP_MAXBYTES], d[SC_FP_MAXBYTES];
    BIGNUM *k = BN_new();
    size_t nl = c->nlen;
    ossl_scalar(cand + 2 * nl, c, g, k);
    memset(cand, 0xff, nl);       /* masked to nbits: 2^nbits - 1 >= n */
    memset(cand + nl, 0, nl);     /* zero */
    s->mode = M_SCRIPT;
    s->script = cand;
    s->script_len = nl;
    s->script_n = 3;
    s->calls = 0;
    CHECK(sc_keygen(c, d, nl) == SC_OK && memcmp(d, cand + 2 * nl, nl) == 0 && s->calls == 3,
          "%s: keygen rejects 2^nbits - 1 and 0, returns the third candidate", c->name);
    BN_free(k);
}

/* sc_ecdh_ephemeral with a bad argument: the code want, and (where both
 * output buffers exist) both outputs zeroed and *publen 0 */
static void eph_err(sc_err want, const char *what, const sc_curve *c, const sc_curve *arg_c, uint8_t *pub,
                    size_t cap, uint8_t *sec, size_t slen, const uint8_t *peer, size_t peerlen)
{
    uint8_t pbuf[SC_PK_MAX_PUB], sbuf[SC_FP_MAXBYTES + 1];
    size_t pl = cap;
    sc_err e;
    memset(pbuf, 0xaa, sizeof pbuf);
    memset(sbuf, 0xaa, sizeof sbuf);
    e = sc_ecdh_ephemeral(arg_c, pub ? pbuf : NULL, pub ? &pl : NULL, sec ? sbuf : NULL, slen, peer, peerlen);
    CHECK(e == want, "%s: %s: got %d (%s)", c->name, what, (int)e, sc_strerror(e));
    if (pub && sec && want != SC_ERR_ARG)
        CHECK(pl == 0 && all_zero(pbuf, cap) && all_zero(sbuf, slen), "%s: %s: outputs zeroed", c->name, what);
}

static void test_ephemeral(src *s, const sc_curve *c, const EC_GROUP *g, BN_CTX *bc, int cases)
{
    uint8_t peer[SC_PK_MAX_PUB], pub[SC_PK_MAX_PUB], want_pub[SC_PK_MAX_PUB], sec[SC_FP_MAXBYTES],
        want[SC_FP_MAXBYTES], d[SC_FP_MAXBYTES];
    BIGNUM *k = BN_new(), *bd = BN_new();
    size_t fl = c->flen, peerlen, publen, wl;
    int i;
    for (i = 0; i < cases; i++) {
        sc_err e;
        /* the peer: k and k*G from OpenSSL, compressed on odd cases */
        ossl_scalar(d, c, g, k);
        peerlen = ossl_mul_enc(peer, g, NULL, k, bc);
        if (i & 1) {
            uint8_t tmp[SC_PK_MAX_PUB];
            size_t tl = sizeof tmp;
            CHECK(sc_pub_convert(c, tmp, &tl, 1, peer, peerlen) == SC_OK, "%s: compress the peer", c->name);
            memcpy(peer, tmp, tl);
            peerlen = tl;
        }
        s->mode = M_OPENSSL;
        publen = sizeof pub;
        e = sc_ecdh_ephemeral(c, pub, &publen, sec, fl, peer, peerlen);
        CHECK(e == SC_OK && publen == 1 + 2u * fl && pub[0] == 4, "%s case %d: ephemeral ECDH %d", c->name, i,
              (int)e);
        CHECK(ossl_secret(want, fl, g, pub, publen, k, bc) && memcmp(want, sec, fl) == 0,
              "%s case %d: OpenSSL derives the same secret from my_pub and the peer's key", c->name, i);

        /* a known d: my_pub = d*G and secret = x(d*Q), both by OpenSSL */
        ossl_scalar(d, c, g, bd);
        s->mode = M_SCRIPT;
        s->script = d;
        s->script_len = c->nlen;
        s->script_n = 1;
        publen = sizeof pub;
        wl = ossl_mul_enc(want_pub, g, NULL, bd, bc);
        e = sc_ecdh_ephemeral(c, pub, &publen, sec, fl, peer, peerlen);
        CHECK(e == SC_OK && publen == wl && memcmp(pub, want_pub, wl) == 0, "%s case %d: my_pub = d*G", c->name,
              i);
        CHECK(ossl_secret(want, fl, g, peer, peerlen, bd, bc) && memcmp(want, sec, fl) == 0,
              "%s case %d: secret = x(d*Q)", c->name, i);
    }

    /* errors: each its code, outputs zeroed, no randomness drawn */
    s->mode = M_OPENSSL;
    s->calls = 0;
    eph_err(SC_ERR_BUFFER, "my_pub of 2*flen bytes", c, c, pub, 2u * fl, sec, fl, peer, peerlen);
    eph_err(SC_ERR_LENGTH, "secret of flen-1 bytes", c, c, pub, sizeof pub, sec, fl - 1, peer, peerlen);
    eph_err(SC_ERR_LENGTH, "secret of flen+1 bytes", c, c, pub, sizeof pub, sec, fl + 1, peer, peerlen);
    eph_err(SC_ERR_ARG, "curve NULL", c, NULL, pub, sizeof pub, sec, fl, peer, peerlen);
    eph_err(SC_ERR_ARG, "peer NULL", c, c, pub, sizeof pub, sec, fl, NULL, peerlen);
    eph_err(SC_ERR_ARG, "my_pub NULL", c, c, NULL, sizeof pub, sec, fl, peer, peerlen);
    eph_err(SC_ERR_ARG, "secret NULL", c, c, pub, sizeof pub, NULL, fl, peer, peerlen);
    CHECK(s->calls == 0, "%s: no randomness drawn for a bad argument (%ld draws)", c->name, s->calls);
    /* a peer off the curve: the last byte of y (uncompressed) changed */
    peerlen = ossl_mul_enc(peer, g, NULL, k, bc);
    peer[peerlen - 1] ^= 1;
    {
        size_t pl = sizeof pub;
        sc_err e;
        memset(pub, 0xaa, sizeof pub);
        memset(sec, 0xaa, sizeof sec);
        e = sc_ecdh_ephemeral(c, pub, &pl, sec, fl, peer, peerlen);
        CHECK(e == SC_ERR_POINT && pl == 0 && all_zero(pub, sizeof pub) && all_zero(sec, fl),
              "%s: peer off the curve: %d (%s), outputs zeroed", c->name, (int)e, sc_strerror(e));
    }
    BN_free(k);
    BN_free(bd);
}

int main(void)
{
    src s;
    size_t i;
    BN_CTX *bc;
    tu_seed_init("rng");
    bc = BN_CTX_new();
    memset(&s, 0, sizeof s);
    test_os_default();
    test_set_once(&s);
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        EC_GROUP *g;
        int cases = SC_WORD_BITS >= 32 ? 4 : (c->eb ? 1 : 2);
        if (tu_opf_skip(c->name))
            continue;
        g = tu_ossl_group(c->name);
        if (!CHECK(g != NULL, "%s: OpenSSL group", c->name))
            continue;
        test_failing(&s, c);
        test_never_a_scalar(&s, c);
        test_script(&s, c, g);
        test_bound(&s, c, g);
        test_ephemeral(&s, c, g, bc, cases);
        EC_GROUP_free(g);
    }
    BN_CTX_free(bc);
    return tu_done("rng");
}
