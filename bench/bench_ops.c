/* bench_ops: seacurve and OpenSSL operations for sc-bench (see bench_ops.h). */
#define _POSIX_C_SOURCE 200809L     /* isatty */
#define OPENSSL_SUPPRESS_DEPRECATED /* EC_KEY, ECDSA_do_*, ECDH_compute_key: OpenSSL's fastest direct APIs */
#include "bench_ops.h"
#include <seacurve/seacurve.h>
#include <seacurve/ec.h>
#include <seacurve/ep.h>
#include <seacurve/fp.h>
#include <seacurve/mp.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/obj_mac.h>
#include <openssl/sha.h>
#include <string.h>
#include <unistd.h>
#if defined(SC_HAVE_LIBSECP256K1) && SC_HAVE_LIBSECP256K1
#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#define BO_K1 1
#else
#define BO_K1 0
#endif

typedef struct {
    const sc_curve *c;
    size_t nl, fl, publ, peerl;
    uint8_t priv[SC_FP_MAXBYTES], pub[SC_PK_MAX_PUB];
    uint8_t peerpriv[SC_FP_MAXBYTES], peer[SC_PK_MAX_PUB];   /* peer key (uncompressed SEC1) */
    uint8_t dg[32], sdg[32], sig[SC_PK_MAX_SIG], secret[SC_FP_MAXBYTES];
    sc_word k[SC_FP_MAXW], u1[SC_FP_MAXW], u2[SC_FP_MAXW];
    sc_ep_aff P, R;
    /* point level: J1, J2 Jacobian with Z != 1, A affine; jr[] the chained results */
    sc_ep_jac j1, j2, jr[2];
    sc_ep_aff A;
    int ji;
    sc_fe fa, fb;
    /* OpenSSL */
    EC_GROUP *g;
    EC_KEY *key, *tmp;
    EC_POINT *op, *oq, *ores;
    EC_POINT *oj1, *oj2, *oa, *ojr;   /* same points: oj1, oj2 not affine internally, oa affine */
    ECDSA_SIG *osig;
    BN_CTX *bn;
    BIGNUM *ok, *ou1, *ou2, *x, *y, *ba, *bb, *bp, *bpm2;
    BN_MONT_CTX *mont;
    uint8_t osec[SC_FP_MAXBYTES];
#if BO_K1
    secp256k1_context *k1;   /* libsecp256k1, on secp256k1 only (else NULL) */
    uint8_t k1sec[32];
#endif
    volatile uint8_t sink;
} st_t;

static int nid_of(const sc_curve *c)
{
    if (!strcmp(c->name, "secp160r1")) return NID_secp160r1;
    if (!strcmp(c->name, "secp192r1")) return NID_X9_62_prime192v1;
    if (!strcmp(c->name, "secp224r1")) return NID_secp224r1;
    if (!strcmp(c->name, "secp256r1")) return NID_X9_62_prime256v1;
    if (!strcmp(c->name, "secp256k1")) return NID_secp256k1;
#ifndef OPENSSL_NO_EC2M
    if (!strcmp(c->name, "sect163k1")) return NID_sect163k1;
    if (!strcmp(c->name, "sect163r1")) return NID_sect163r1;
    if (!strcmp(c->name, "sect163r2")) return NID_sect163r2;
    if (!strcmp(c->name, "sect233k1")) return NID_sect233k1;
    if (!strcmp(c->name, "sect233r1")) return NID_sect233r1;
    if (!strcmp(c->name, "sect283k1")) return NID_sect283k1;
    if (!strcmp(c->name, "sect283r1")) return NID_sect283r1;
    if (!strcmp(c->name, "sect409k1")) return NID_sect409k1;
    if (!strcmp(c->name, "sect409r1")) return NID_sect409r1;
#endif
    return NID_undef;
}

/* big-endian words -> BIGNUM */
static BIGNUM *bn_of(const sc_word *w, size_t nw, size_t len)
{
    uint8_t b[SC_FP_MAXBYTES];
    sc_mp_to_be(b, len, w, nw);
    return BN_bin2bn(b, (int)len, NULL);
}

/* OpenSSL's group for c: by NID, or for a curve without one (the opf* curves)
 * built from the curve's explicit parameters (p, a, b, G, n, h). */
static EC_GROUP *group_of(const sc_curve *c)
{
    const sc_ep_curve *e = c->ep;
    BIGNUM *p, *a, *b, *gx, *gy, *n, *h;
    EC_GROUP *g = NULL;
    EC_POINT *G = NULL;
    if (nid_of(c) != NID_undef)
        return EC_GROUP_new_by_curve_name(nid_of(c));
    if (!e || !e->fp->mont || e->a_kind != SC_EP_A_MINUS3)
        return NULL;
    p = bn_of(e->fp->p, e->fp->nw, c->flen);
    a = BN_dup(p);
    BN_sub_word(a, 3);
    b = bn_of(e->b, e->fp->nw, c->flen);
    gx = bn_of(e->gx, e->fp->nw, c->flen);
    gy = bn_of(e->gy, e->fp->nw, c->flen);
    n = bn_of(e->fn->p, e->fn->nw, c->nlen);
    h = BN_new();
    BN_set_word(h, c->h);
    if ((g = EC_GROUP_new_curve_GFp(p, a, b, NULL)) != NULL) {
        G = EC_POINT_new(g);
        if (!G || !EC_POINT_set_affine_coordinates(g, G, gx, gy, NULL) || !EC_GROUP_set_generator(g, G, n, h)) {
            EC_GROUP_free(g);
            g = NULL;
        }
    }
    EC_POINT_free(G);
    BN_free(p); BN_free(a); BN_free(b); BN_free(gx); BN_free(gy); BN_free(n); BN_free(h);
    return g;
}

static EC_KEY *key_of(const EC_GROUP *g)
{
    EC_KEY *k = g ? EC_KEY_new() : NULL;
    if (k && !EC_KEY_set_group(k, g)) {
        EC_KEY_free(k);
        k = NULL;
    }
    return k;
}

const char *bo_openssl_version(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}

const char *bo_openssl_method(const char *curve)
{
    const sc_curve *c = sc_curve_find(curve);
    EC_GROUP *g;
    const EC_METHOD *m;
    const char *r = "other";
    if (!c || !(g = group_of(c)))
        return "none";
    m = EC_GROUP_method_of(g);
    if (m == EC_GFp_mont_method())
        r = "mont (generic)";
    else if (m == EC_GFp_nist_method())
        r = "nist (generic, NIST reduction)";
#ifndef OPENSSL_NO_EC_NISTP_64_GCC_128
    else if (m == EC_GFp_nistp224_method())
        r = "nistp224 (64-bit C)";
    else if (m == EC_GFp_nistp256_method())
        r = "nistp256 (64-bit C)";
#endif
#ifndef OPENSSL_NO_EC2M
    else if (m == EC_GF2m_simple_method())
        r = "gf2m (generic)";
#endif
    else if (EC_GROUP_get_curve_name(g) == NID_X9_62_prime256v1)
        r = "nistz256 (x86-64 asm)";
    EC_GROUP_free(g);
    return r;
}

/* ---- seacurve operations ---- */
static int sc_keygen_op(void *a, long n)
{
    st_t *s = a;
    uint8_t d[SC_FP_MAXBYTES], q[SC_PK_MAX_PUB];
    for (; n > 0; n--) {
        size_t ql = sizeof q;
        if (sc_keygen(s->c, d, s->nl) != SC_OK || sc_pubkey(s->c, q, &ql, 0, d, s->nl) != SC_OK)
            return 1;
        s->sink ^= q[1];
    }
    return 0;
}

static int sc_sign_op(void *a, long n)
{
    st_t *s = a;
    uint8_t sig[SC_PK_MAX_SIG];
    for (; n > 0; n--) {
        if (sc_ecdsa_sign(s->c, sig, 2 * s->nl, s->sdg, sizeof s->sdg, SC_HASH_SHA256, s->priv, s->nl, NULL, 0) != SC_OK)
            return 1;
        s->sdg[0] ^= sig[0];  /* a new digest each time (dependency chain, no caching) */
    }
    return 0;
}

static int sc_verify_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (sc_ecdsa_verify(s->c, s->sig, 2 * s->nl, s->dg, sizeof s->dg, s->pub, s->publ) != SC_OK)
            return 1;
    return 0;
}

static int sc_ecdh_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--) {
        if (sc_ecdh(s->c, s->secret, s->fl, s->priv, s->nl, s->peer, s->peerl) != SC_OK)
            return 1;
        s->sink ^= s->secret[0];
    }
    return 0;
}

static int sc_mul_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (sc_ec_mul(&s->R, s->k, &s->P, s->c->ep) != SC_OK)
            return 1;
    return 0;
}

static int sc_mulgen_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (sc_ec_mul_gen(&s->R, s->k, s->c->ep) != SC_OK)
            return 1;
    return 0;
}

static int sc_mul2_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (sc_ec_mul2_var(&s->R, s->u1, s->u2, &s->P, s->c->ep) != SC_OK)
            return 1;
    return 0;
}

/* point operations: each result feeds the next call (no overlap, nothing to cache);
 * two buffers because ep.h does not promise that r may alias p */
static int sc_dbl_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--, s->ji ^= 1)
        sc_ep_dbl_jac(&s->jr[s->ji ^ 1], &s->jr[s->ji], s->c->ep);
    return 0;
}

static int sc_addj_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--, s->ji ^= 1)
        sc_ep_add_jac(&s->jr[s->ji ^ 1], &s->jr[s->ji], &s->j2, s->c->ep);
    return 0;
}

static int sc_addm_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--, s->ji ^= 1)
        sc_ep_add_mixed(&s->jr[s->ji ^ 1], &s->jr[s->ji], &s->A, s->c->ep);
    return 0;
}

/* field operations chained through fa so none can be optimised away or overlapped */
static int sc_fmul_op(void *a, long n)
{
    st_t *s = a;
    const sc_fp_field *f = s->c->ep->fp;
    for (; n > 0; n--)
        sc_fp_mul(s->fa, s->fa, s->fb, f);
    return 0;
}

static int sc_fsqr_op(void *a, long n)
{
    st_t *s = a;
    const sc_fp_field *f = s->c->ep->fp;
    for (; n > 0; n--)
        sc_fp_sqr(s->fa, s->fa, f);
    return 0;
}

static int sc_finv_op(void *a, long n)
{
    st_t *s = a;
    const sc_fp_field *f = s->c->ep->fp;
    for (; n > 0; n--)
        sc_fp_inv(s->fa, s->fa, f);
    return 0;
}

static int sc_finv_var_op(void *a, long n)
{
    st_t *s = a;
    const sc_fp_field *f = s->c->ep->fp;
    for (; n > 0; n--)
        sc_fp_inv_var(s->fa, s->fa, f);
    return 0;
}

/* ---- OpenSSL operations ---- */
/* keygen: EC_KEY_generate_key, then the public key encoded uncompressed, as
 * sc_pubkey and the libsecp256k1 row do.  EC_KEY_generate_key alone leaves
 * the public point Jacobian (its affine conversion, an inversion, waits for
 * the encoding), so without the encoding the two sides would not do the same
 * work. */
static int os_keygen_op(void *a, long n)
{
    st_t *s = a;
    unsigned char q[SC_PK_MAX_PUB];
    for (; n > 0; n--) {
        if (EC_KEY_generate_key(s->tmp) != 1 ||
            EC_POINT_point2oct(s->g, EC_KEY_get0_public_key(s->tmp), POINT_CONVERSION_UNCOMPRESSED, q, sizeof q,
                               NULL) != s->publ)
            return 1;
        s->sink ^= q[1];
    }
    return 0;
}

static int os_sign_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--) {
        ECDSA_SIG *sig = ECDSA_do_sign(s->sdg, sizeof s->sdg, s->key);
        if (!sig)
            return 1;
        s->sdg[0] ^= (uint8_t)BN_is_odd(ECDSA_SIG_get0_r(sig));
        ECDSA_SIG_free(sig);
    }
    return 0;
}

static int os_verify_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (ECDSA_do_verify(s->dg, sizeof s->dg, s->osig, s->key) != 1)
            return 1;
    return 0;
}

/* decode + validate the peer's encoded point (oct2point checks it is on the curve), then derive */
static int os_ecdh_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--) {
        if (EC_POINT_oct2point(s->g, s->oq, s->peer, s->peerl, s->bn) != 1 ||
            ECDH_compute_key(s->osec, s->fl, s->oq, s->key, NULL) != (int)s->fl)
            return 1;
        s->sink ^= s->osec[0];
    }
    return 0;
}

static int os_mul_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (EC_POINT_mul(s->g, s->ores, NULL, s->op, s->ok, s->bn) != 1 ||
            EC_POINT_get_affine_coordinates(s->g, s->ores, s->x, s->y, s->bn) != 1)
            return 1;
    return 0;
}

static int os_mulgen_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (EC_POINT_mul(s->g, s->ores, s->ok, NULL, NULL, s->bn) != 1 ||
            EC_POINT_get_affine_coordinates(s->g, s->ores, s->x, s->y, s->bn) != 1)
            return 1;
    return 0;
}

static int os_mul2_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (EC_POINT_mul(s->g, s->ores, s->ou1, s->op, s->ou2, s->bn) != 1 ||
            EC_POINT_get_affine_coordinates(s->g, s->ores, s->x, s->y, s->bn) != 1)
            return 1;
    return 0;
}

/* EC_POINT_dbl / EC_POINT_add accept r == a; the result stays Jacobian (never made affine) */
static int os_dbl_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (EC_POINT_dbl(s->g, s->ojr, s->ojr, s->bn) != 1)
            return 1;
    return 0;
}

static int os_addj_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (EC_POINT_add(s->g, s->ojr, s->ojr, s->oj2, s->bn) != 1)
            return 1;
    return 0;
}

static int os_addm_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (EC_POINT_add(s->g, s->ojr, s->ojr, s->oa, s->bn) != 1)
            return 1;
    return 0;
}

static int os_fmul_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (!BN_mod_mul_montgomery(s->ba, s->ba, s->bb, s->mont, s->bn))
            return 1;
    return 0;
}

static int os_fsqr_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (!BN_mod_mul_montgomery(s->ba, s->ba, s->ba, s->mont, s->bn))
            return 1;
    return 0;
}

/* constant time: Fermat a^(p-2), as OpenSSL's own EC field inversion does */
static int os_finv_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (!BN_mod_exp_mont_consttime(s->ba, s->ba, s->bpm2, s->bp, s->bn, s->mont))
            return 1;
    return 0;
}

/* variable time: BN_mod_inverse (binary / Euclidean) */
static int os_finv_var_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--)
        if (!BN_mod_inverse(s->ba, s->ba, s->bp, s->bn))
            return 1;
    return 0;
}

/* ---- libsecp256k1 operations (secp256k1; the same inputs, the same work) ---- */
int bo_have_libsecp256k1(void)
{
    return BO_K1;
}

#if BO_K1
/* keygen: a private key from sc_random (the source seacurve's keygen draws from), by rejection
 * as sc_keygen, its public key, encoded uncompressed as sc_pubkey does */
static int k1_keygen_op(void *a, long n)
{
    st_t *s = a;
    uint8_t d[32], q[65];
    int rc = 0;
    for (; n > 0 && !rc; n--) {
        secp256k1_pubkey pk;
        size_t ql = sizeof q;
        do {
            if (sc_random(d, sizeof d) != SC_OK)
                return 1;
        } while (!secp256k1_ec_seckey_verify(s->k1, d));
        if (!secp256k1_ec_pubkey_create(s->k1, &pk, d) ||
            !secp256k1_ec_pubkey_serialize(s->k1, q, &ql, &pk, SECP256K1_EC_UNCOMPRESSED))
            rc = 1;
        s->sink ^= q[1];
    }
    sc_memzero(d, sizeof d);
    return rc;
}

/* sign: RFC 6979 nonces (libsecp256k1's default), the signature encoded r || s as seacurve's */
static int k1_sign_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--) {
        secp256k1_ecdsa_signature sg;
        uint8_t sig[64];
        if (!secp256k1_ecdsa_sign(s->k1, &sg, s->sdg, s->priv, NULL, NULL) ||
            !secp256k1_ecdsa_signature_serialize_compact(s->k1, sig, &sg))
            return 1;
        s->sdg[0] ^= sig[0];
    }
    return 0;
}

/* verify seacurve's signature from its encodings, as sc_ecdsa_verify does: parse the public key
 * and the signature, normalize s (libsecp256k1 accepts low s only; seacurve signs either), verify */
static int k1_verify_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--) {
        secp256k1_pubkey pk;
        secp256k1_ecdsa_signature sg;
        if (!secp256k1_ec_pubkey_parse(s->k1, &pk, s->pub, s->publ) ||
            !secp256k1_ecdsa_signature_parse_compact(s->k1, &sg, s->sig))
            return 1;
        secp256k1_ecdsa_signature_normalize(s->k1, &sg, &sg);
        if (!secp256k1_ecdsa_verify(s->k1, &sg, s->dg, &pk))
            return 1;
    }
    return 0;
}

/* the ECDH secret is the shared point's x coordinate, as sc_ecdh and ECDH_compute_key give it
 * (libsecp256k1's default would hash the point with SHA-256) */
static int k1_hash_x(unsigned char *out, const unsigned char *x32, const unsigned char *y32, void *data)
{
    (void)y32;
    (void)data;
    memcpy(out, x32, 32);
    return 1;
}

/* ECDH: parse (and so validate) the peer's encoded key, then derive */
static int k1_ecdh_op(void *a, long n)
{
    st_t *s = a;
    for (; n > 0; n--) {
        secp256k1_pubkey pk;
        if (!secp256k1_ec_pubkey_parse(s->k1, &pk, s->peer, s->peerl) ||
            !secp256k1_ecdh(s->k1, s->k1sec, &pk, s->priv, k1_hash_x, NULL))
            return 1;
        s->sink ^= s->k1sec[0];
    }
    return 0;
}

/* libsecp256k1 against seacurve on the keys of setup: the same public key, each accepts the
 * other's signature (both RFC 6979: the same signature once s is normalized), the same ECDH
 * secret.  Returns 1 when all hold. */
static int setup_k1(st_t *s)
{
    secp256k1_pubkey pk;
    secp256k1_ecdsa_signature sg, own;
    uint8_t q[65], sig[64], nsig[64], seed[32];
    size_t ql = sizeof q;
    int ok = 1;

    if (!(s->k1 = secp256k1_context_create(SECP256K1_CONTEXT_NONE)))
        return 0;
    ok &= sc_random(seed, sizeof seed) == SC_OK && secp256k1_context_randomize(s->k1, seed);
    ok &= secp256k1_ec_pubkey_create(s->k1, &pk, s->priv) &&
          secp256k1_ec_pubkey_serialize(s->k1, q, &ql, &pk, SECP256K1_EC_UNCOMPRESSED);
    ok &= ql == s->publ && memcmp(q, s->pub, ql) == 0;
    ok &= k1_verify_op(s, 1) == 0;
    ok &= secp256k1_ecdsa_sign(s->k1, &sg, s->dg, s->priv, NULL, NULL) &&
          secp256k1_ecdsa_signature_serialize_compact(s->k1, sig, &sg);
    ok &= sc_ecdsa_verify(s->c, sig, sizeof sig, s->dg, sizeof s->dg, s->pub, s->publ) == SC_OK;
    ok &= secp256k1_ecdsa_signature_parse_compact(s->k1, &own, s->sig);
    secp256k1_ecdsa_signature_normalize(s->k1, &own, &own);
    ok &= secp256k1_ecdsa_signature_serialize_compact(s->k1, nsig, &own) && memcmp(nsig, sig, sizeof sig) == 0;
    ok &= k1_ecdh_op(s, 1) == 0 && memcmp(s->k1sec, s->secret, 32) == 0;
    return ok;
}
#endif

/* ---- setup, cross-check, run ---- */
/* Progress on stderr: on a terminal one line rewritten in place (which side is being
 * timed, too); otherwise one plain line per operation, for logs. */
#define BO_PROGRESS_W 78
static int stderr_tty(void)
{
    static int tty = -1;
    if (tty < 0)
        tty = isatty(2);
    return tty;
}

static void progress_line(const char *prefix, const char *curve, const char *op, const char *side)
{
    char line[160];
    if (!prefix)
        return;
    if (stderr_tty()) {
        snprintf(line, sizeof line, "%s %s: %s%s%s", prefix, curve, op, side ? " - " : "", side ? side : "");
        fprintf(stderr, "\r%-*.*s", BO_PROGRESS_W, BO_PROGRESS_W, line);
    } else if (!side || !strcmp(side, "seacurve")) {
        fprintf(stderr, "%s %s: %s\n", prefix, curve, op);
    }
    fflush(stderr);
}

static void progress_done(const char *prefix)
{
    if (prefix && stderr_tty()) {
        fprintf(stderr, "\r%*s\r", BO_PROGRESS_W, "");
        fflush(stderr);
    }
}

static void bytes_to_scalar(sc_word *w, const sc_curve *c, const uint8_t *b)
{
    memset(w, 0, SC_FP_MAXW * sizeof(sc_word));
    sc_mp_from_be(w, c->ep->fn->nw, b, c->nlen);
}

/* seacurve Jacobian point j and OpenSSL point o: both finite, neither affine internally
 * (Z != 1 on both sides, if want_jac), same affine coordinates */
static int same_point(st_t *s, const sc_ep_jac *j, const EC_POINT *o, int want_jac)
{
    const sc_fp_field *f = s->c->ep->fp;
    sc_ep_aff a;
    sc_fe one;
    uint8_t sb[2 * SC_FP_MAXBYTES], ob[2 * SC_FP_MAXBYTES];
    int ok = 1;

    if (sc_ep_jac_to_aff_var(&a, j, s->c->ep) != SC_OK || EC_POINT_is_at_infinity(s->g, o) ||
        EC_POINT_get_affine_coordinates(s->g, o, s->x, s->y, s->bn) != 1)
        return 0;
    sc_fp_to_bytes(sb, a.x, f);
    sc_fp_to_bytes(sb + s->fl, a.y, f);
    ok &= BN_bn2binpad(s->x, ob, (int)s->fl) == (int)s->fl && BN_bn2binpad(s->y, ob + s->fl, (int)s->fl) == (int)s->fl;
    ok &= memcmp(sb, ob, 2 * s->fl) == 0;
    if (want_jac) {
        BIGNUM *z = BN_new();
        sc_fp_set_one(one, f);
        ok &= !sc_fp_eq(j->z, one, f);
        ok &= z && EC_POINT_get_Jprojective_coordinates_GFp(s->g, o, NULL, NULL, z, s->bn) == 1 && !BN_is_one(z);
        BN_free(z);
    }
    return ok;
}

/* point level: J1 = 2P (P the peer's public point), J2 = 4G, both Jacobian with Z != 1
 * on both sides; A = the own public point, affine (OpenSSL: decoded, so Z is one).
 * One step of each timed point operation must agree before anything is timed. */
static int setup_points(st_t *s)
{
    const sc_ep_curve *e = s->c->ep;
    sc_ep_jac t;
    sc_ep_aff g;
    int ok = 1;

    s->oj1 = EC_POINT_new(s->g);
    s->oj2 = EC_POINT_new(s->g);
    s->oa = EC_POINT_new(s->g);
    s->ojr = EC_POINT_new(s->g);
    if (!s->oj1 || !s->oj2 || !s->oa || !s->ojr)
        return 0;
    sc_ep_jac_from_aff(&t, &s->P, e);
    sc_ep_dbl_jac(&s->j1, &t, e);
    sc_ep_generator(&g, e);
    sc_ep_jac_from_aff(&t, &g, e);
    sc_ep_dbl_jac(&s->jr[0], &t, e);
    sc_ep_dbl_jac(&s->j2, &s->jr[0], e);
    ok &= sc_fp_from_bytes(s->A.x, s->pub + 1, s->fl, e->fp) == SC_OK &&
          sc_fp_from_bytes(s->A.y, s->pub + 1 + s->fl, s->fl, e->fp) == SC_OK;
    ok &= EC_POINT_dbl(s->g, s->oj1, s->op, s->bn) == 1;
    ok &= EC_POINT_dbl(s->g, s->oj2, EC_GROUP_get0_generator(s->g), s->bn) == 1 &&
          EC_POINT_dbl(s->g, s->oj2, s->oj2, s->bn) == 1;
    ok &= EC_POINT_oct2point(s->g, s->oa, s->pub, s->publ, s->bn) == 1;
    if (!ok)
        return 0;
    ok &= same_point(s, &s->j1, s->oj1, 1) && same_point(s, &s->j2, s->oj2, 1);
    sc_ep_jac_from_aff(&t, &s->A, e);
    ok &= same_point(s, &t, s->oa, 0);
    /* 2*J1, J1 + J2, J1 + A */
    sc_ep_dbl_jac(&t, &s->j1, e);
    ok &= EC_POINT_dbl(s->g, s->ojr, s->oj1, s->bn) == 1 && same_point(s, &t, s->ojr, 1);
    sc_ep_add_jac(&t, &s->j1, &s->j2, e);
    ok &= EC_POINT_add(s->g, s->ojr, s->oj1, s->oj2, s->bn) == 1 && same_point(s, &t, s->ojr, 1);
    sc_ep_add_mixed(&t, &s->j1, &s->A, e);
    ok &= EC_POINT_add(s->g, s->ojr, s->oj1, s->oa, s->bn) == 1 && same_point(s, &t, s->ojr, 1);
    /* the timed chains start from J1 */
    s->jr[0] = s->j1;
    s->ji = 0;
    ok &= EC_POINT_copy(s->ojr, s->oj1) == 1;
    return ok;
}

static int setup(st_t *s, const sc_curve *c)
{
    uint8_t buf[SC_PK_MAX_PUB];
    size_t l;
    int ok = 1;
    ECDSA_SIG *os;

    memset(s, 0, sizeof *s);
    s->c = c;
    s->nl = c->nlen;
    s->fl = c->flen;
    s->g = group_of(c);
    s->bn = BN_CTX_new();
    s->key = key_of(s->g);
    s->tmp = key_of(s->g);
    if (!s->g || !s->key || !s->tmp)
        return 0;
    s->op = EC_POINT_new(s->g);
    s->oq = EC_POINT_new(s->g);
    s->ores = EC_POINT_new(s->g);
    s->ok = BN_new(); s->ou1 = BN_new(); s->ou2 = BN_new();
    s->x = BN_new(); s->y = BN_new(); s->ba = BN_new(); s->bb = BN_new(); s->bp = BN_new(); s->bpm2 = BN_new();

    /* same private keys on both sides */
    ok &= sc_keygen(c, s->priv, s->nl) == SC_OK && sc_keygen(c, s->peerpriv, s->nl) == SC_OK;
    s->publ = sizeof s->pub;
    s->peerl = sizeof s->peer;
    ok &= sc_pubkey(c, s->pub, &s->publ, 0, s->priv, s->nl) == SC_OK;
    ok &= sc_pubkey(c, s->peer, &s->peerl, 0, s->peerpriv, s->nl) == SC_OK;
    {
        BIGNUM *d = BN_bin2bn(s->priv, (int)s->nl, NULL);
        EC_POINT *q = EC_POINT_new(s->g);
        ok &= EC_POINT_mul(s->g, q, d, NULL, NULL, s->bn) == 1;
        ok &= EC_KEY_set_private_key(s->key, d) == 1 && EC_KEY_set_public_key(s->key, q) == 1;
        l = EC_POINT_point2oct(s->g, q, POINT_CONVERSION_UNCOMPRESSED, buf, sizeof buf, s->bn);
        ok &= l == s->publ && memcmp(buf, s->pub, l) == 0;             /* same public key */
        EC_POINT_free(q);
        BN_clear_free(d);
    }
    SHA256((const unsigned char *)"seacurve bench", 14, s->dg);
    memcpy(s->sdg, s->dg, sizeof s->sdg);
    ok &= sc_ecdsa_sign(c, s->sig, 2 * s->nl, s->dg, sizeof s->dg, SC_HASH_SHA256, s->priv, s->nl, NULL, 0) == SC_OK;
    os = ECDSA_SIG_new();
    ECDSA_SIG_set0(os, BN_bin2bn(s->sig, (int)s->nl, NULL), BN_bin2bn(s->sig + s->nl, (int)s->nl, NULL));
    s->osig = os;
    ok &= ECDSA_do_verify(s->dg, sizeof s->dg, s->osig, s->key) == 1;     /* OpenSSL accepts seacurve's signature */
    ok &= sc_ecdsa_verify(c, s->sig, 2 * s->nl, s->dg, sizeof s->dg, s->pub, s->publ) == SC_OK;
    ok &= sc_ecdh(c, s->secret, s->fl, s->priv, s->nl, s->peer, s->peerl) == SC_OK;
    ok &= EC_POINT_oct2point(s->g, s->oq, s->peer, s->peerl, s->bn) == 1 &&
          ECDH_compute_key(s->osec, s->fl, s->oq, s->key, NULL) == (int)s->fl &&
          memcmp(s->osec, s->secret, s->fl) == 0;                          /* same ECDH secret */

#if BO_K1
    if (ok && !strcmp(c->name, "secp256k1"))
        ok &= setup_k1(s);
#endif
    /* binary curves: the key, ECDSA and ECDH rows only (their point and field rows
     * are sc-bench-eb's, bench/bench_eb.c) */
    if (c->eb)
        return ok;
    /* point level: k a random scalar in [1, n-1], P = the peer's public point, u1/u2 the two private keys */
    ok &= sc_keygen(c, buf, s->nl) == SC_OK;
    bytes_to_scalar(s->k, c, buf);
    BN_bin2bn(buf, (int)s->nl, s->ok);
    bytes_to_scalar(s->u1, c, s->peerpriv);
    BN_bin2bn(s->peerpriv, (int)s->nl, s->ou1);
    bytes_to_scalar(s->u2, c, s->priv);
    BN_bin2bn(s->priv, (int)s->nl, s->ou2);
    ok &= sc_fp_from_bytes(s->P.x, s->peer + 1, s->fl, c->ep->fp) == SC_OK &&
          sc_fp_from_bytes(s->P.y, s->peer + 1 + s->fl, s->fl, c->ep->fp) == SC_OK;
    EC_POINT_copy(s->op, s->oq);
    /* k*P agrees */
    if (ok && sc_ec_mul(&s->R, s->k, &s->P, c->ep) == SC_OK &&
        EC_POINT_mul(s->g, s->ores, NULL, s->op, s->ok, s->bn) == 1 &&
        EC_POINT_get_affine_coordinates(s->g, s->ores, s->x, s->y, s->bn) == 1) {
        uint8_t xb[SC_FP_MAXBYTES];
        sc_fp_to_bytes(buf, s->R.x, c->ep->fp);
        BN_bn2binpad(s->x, xb, (int)s->fl);
        ok &= memcmp(buf, xb, s->fl) == 0;
    } else {
        ok = 0;
    }
    ok = ok && setup_points(s);

    /* field: a, b random below p; OpenSSL Montgomery context on the same p */
    sc_random(buf, s->fl);
    buf[0] &= 0x7f;
    sc_fp_from_bytes(s->fa, buf, s->fl, c->ep->fp);
    BN_bin2bn(buf, (int)s->fl, s->ba);
    sc_random(buf, s->fl);
    buf[0] &= 0x7f;
    sc_fp_from_bytes(s->fb, buf, s->fl, c->ep->fp);
    BN_bin2bn(buf, (int)s->fl, s->bb);
    EC_GROUP_get_curve(s->g, s->bp, NULL, NULL, s->bn);
    BN_copy(s->bpm2, s->bp);
    BN_sub_word(s->bpm2, 2);
    s->mont = BN_MONT_CTX_new();
    BN_MONT_CTX_set(s->mont, s->bp, s->bn);
    BN_to_montgomery(s->ba, s->ba, s->mont, s->bn);
    BN_to_montgomery(s->bb, s->bb, s->mont, s->bn);
    return ok;
}

static void teardown(st_t *s)
{
#if BO_K1
    if (s->k1)
        secp256k1_context_destroy(s->k1);
#endif
    EC_KEY_free(s->key);
    EC_KEY_free(s->tmp);
    EC_POINT_free(s->op);
    EC_POINT_free(s->oq);
    EC_POINT_free(s->ores);
    EC_POINT_free(s->oj1);
    EC_POINT_free(s->oj2);
    EC_POINT_free(s->oa);
    EC_POINT_free(s->ojr);
    ECDSA_SIG_free(s->osig);
    BN_free(s->ok); BN_free(s->ou1); BN_free(s->ou2);
    BN_free(s->x); BN_free(s->y); BN_free(s->ba); BN_free(s->bb); BN_free(s->bp); BN_free(s->bpm2);
    BN_MONT_CTX_free(s->mont);
    EC_GROUP_free(s->g);
    BN_CTX_free(s->bn);
    sc_memzero(s->priv, sizeof s->priv);
    sc_memzero(s->peerpriv, sizeof s->peerpriv);
}

typedef struct {
    unsigned what;
    const char *name;
    bc_op_fn sc, ref;
    const char *ref_name;
    bc_op_fn k1;   /* libsecp256k1 on secp256k1, or NULL */
} bo_item;

#if BO_K1
#define K1(f) f
#else
#define K1(f) NULL
#endif
#define BO_K1_NAME "libsecp256k1"

static const bo_item items[] = {
    { BO_PK, "keygen (priv+pub)", sc_keygen_op, os_keygen_op, "openssl", K1(k1_keygen_op) },
    { BO_PK, "ecdsa sign", sc_sign_op, os_sign_op, "openssl", K1(k1_sign_op) },
    { BO_PK, "ecdsa verify", sc_verify_op, os_verify_op, "openssl", K1(k1_verify_op) },
    { BO_PK, "ecdh (+peer validation)", sc_ecdh_op, os_ecdh_op, "openssl", K1(k1_ecdh_op) },
    { BO_EC, "k*P (affine)", sc_mul_op, os_mul_op, "openssl", NULL },
    { BO_EC, "k*G (affine)", sc_mulgen_op, os_mulgen_op, "openssl", NULL },
    { BO_EC, "u1*G+u2*Q (affine, var)", sc_mul2_op, os_mul2_op, "openssl", NULL },
    { BO_EP, "point dbl (Jacobian)", sc_dbl_op, os_dbl_op, "openssl", NULL },
    { BO_EP, "point add (Jacobian)", sc_addj_op, os_addj_op, "openssl", NULL },
    { BO_EP, "point add (mixed J+A)", sc_addm_op, os_addm_op, "openssl", NULL },
    { BO_FP, "fp mul", sc_fmul_op, os_fmul_op, "openssl-bn", NULL },
    { BO_FP, "fp sqr", sc_fsqr_op, os_fsqr_op, "openssl-bn", NULL },
    { BO_FP, "fp inv (const time)", sc_finv_op, os_finv_op, "openssl-bn", NULL },
    { BO_FP, "fp inv_var", sc_finv_var_op, os_finv_var_op, "openssl-bn", NULL },
};

static const sc_curve *known(const char *curve)
{
    const sc_curve *c = sc_curve_find(curve);
    return c && (nid_of(c) != NID_undef || c->ep) ? c : NULL;
}

/* whether curve c gets row it, and libsecp256k1 beside it */
static int has_row(const sc_curve *c, const bo_item *it, unsigned what)
{
    return (it->what & what) && !(c->eb && it->what != BO_PK);
}

static int has_k1(const sc_curve *c, const bo_item *it)
{
    return it->k1 && !strcmp(c->name, "secp256k1");
}

size_t bo_list_curve(FILE *f, const char *curve, unsigned what, int with_ref)
{
    const sc_curve *c = known(curve);
    size_t i, n = 0;
    if (!c)
        return 0;
    for (i = 0; i < sizeof items / sizeof items[0]; i++) {
        const bo_item *it = &items[i];
        if (!has_row(c, it, what))
            continue;
        fprintf(f, "%s,%s,%s%s%s\n", c->name, it->name, with_ref ? it->ref_name : "-",
                with_ref && has_k1(c, it) ? "+" : "", with_ref && has_k1(c, it) ? BO_K1_NAME : "");
        n++;
    }
    return n;
}

int bo_check_curve(const char *curve, char *refs, size_t refs_len)
{
    const sc_curve *c = known(curve);
    static st_t state; /* large; one curve at a time */
    int ok;
    if (refs_len)
        refs[0] = 0;
    if (!c)
        return -1;
    ok = setup(&state, c);
    snprintf(refs, refs_len, "openssl%s", BO_K1 && !strcmp(c->name, "secp256k1") ? ", " BO_K1_NAME : "");
    teardown(&state);
    return ok ? 0 : -2;
}

int bo_run_curve(bc_table *t, const char *curve, unsigned what, int with_ref, int runs, const bc_opts *o,
                 const char *progress)
{
    const sc_curve *c = known(curve);
    st_t *s;
    size_t i;
    int checked, r;
    char step[96];
    static st_t state; /* large; one curve at a time */
    static bc_result rs[BC_MAX_RUNS], rr[BC_MAX_RUNS], rk[BC_MAX_RUNS];

    if (!c)
        return -1;
    if (runs < 1 || runs > BC_MAX_RUNS)
        return -2;
    s = &state;
    progress_line(progress, c->name, "setup + cross-check with the references", NULL);
    checked = setup(s, c);
    for (i = 0; i < sizeof items / sizeof items[0]; i++) {
        const bo_item *it = &items[i];
        int k1 = with_ref && has_k1(c, it);
#if BO_K1
        k1 = k1 && s->k1;
#else
        k1 = 0;
#endif
        if (!has_row(c, it, what))
            continue;
        memset(rs, 0, sizeof rs);
        memset(rr, 0, sizeof rr);
        memset(rk, 0, sizeof rk);
        /* run by run: seacurve, then each reference; the later runs reuse the first run's batches */
        for (r = 0; checked && r < runs; r++) {
            if (runs > 1)
                snprintf(step, sizeof step, "%s (run %d/%d)", it->name, r + 1, runs);
            else
                snprintf(step, sizeof step, "%s", it->name);
            progress_line(progress, c->name, step, "seacurve");
            bc_measure_batch(&rs[r], it->sc, s, o, r ? rs[0].batch : 0);
            if (with_ref) {
                progress_line(progress, c->name, step, "openssl");
                bc_measure_batch(&rr[r], it->ref, s, o, r ? rr[0].batch : 0);
            }
            if (k1) {
                progress_line(progress, c->name, step, BO_K1_NAME);
                bc_measure_batch(&rk[r], it->k1, s, o, r ? rk[0].batch : 0);
            }
        }
        bc_table_add_runs(t, c->name, it->name, runs, rs, with_ref ? it->ref_name : NULL, rr,
                          with_ref && has_k1(c, it) && BO_K1 ? BO_K1_NAME : NULL, rk);
    }
    progress_done(progress);
    teardown(s);
    return checked ? 0 : -2;
}
