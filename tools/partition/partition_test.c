/* The offload transports against the library on this thread, bit-exact
 * (docs/partition.md): for the thread and process transports, and the OpenCL
 * device where a platform is found, every job on secp160r1, P-256, secp256k1,
 * sect163r1, sect283r1 and sect409r1 where the transport offers it.
 * Field products are checked against OpenSSL's BN_mod_mul / BN_GF2m_mod_mul,
 * k*P against sc_ecdh, verdicts against sc_ecdsa_verify, forged and
 * malformed items included; echo against its input. */
#include "partition.h"
#include "testutil.h"

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <stdlib.h>
#include <string.h>

#define NV 12

static int nid_of(const char *name)
{
    static const struct { const char *n; int nid; } t[] = {
        {"secp160r1", NID_secp160r1}, {"secp256r1", NID_X9_62_prime256v1}, {"secp256k1", NID_secp256k1},
        {"sect163r1", NID_sect163r1}, {"sect283r1", NID_sect283r1}, {"sect409r1", NID_sect409r1}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcmp(t[i].n, name))
            return t[i].nid;
    return 0;
}

/* a b in the curve's field by OpenSSL */
static void ossl_fmul(const sc_curve *c, uint8_t *out, const uint8_t *a, const uint8_t *b)
{
    EC_GROUP *g = EC_GROUP_new_by_curve_name(nid_of(c->name));
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *p = BN_new(), *x = BN_bin2bn(a, c->flen, NULL), *y = BN_bin2bn(b, c->flen, NULL), *r = BN_new();
    EC_GROUP_get_curve(g, p, NULL, NULL, ctx);
    if (c->ep)
        BN_mod_mul(r, x, y, p, ctx);
    else
        BN_GF2m_mod_mul(r, x, y, p, ctx);
    BN_bn2binpad(r, out, c->flen);
    BN_free(p), BN_free(x), BN_free(y), BN_free(r);
    BN_CTX_free(ctx);
    EC_GROUP_free(g);
}

static void rand_field(const sc_curve *c, uint8_t *e)
{
    tu_rand_bytes(e, c->flen);
    e[0] = 0; /* below p, and of degree below m */
}

static void rand_scalar(const sc_curve *c, uint8_t *k)
{
    do
        tu_rand_bytes(k, c->nlen);
    while (sc_priv_validate(c, k, c->nlen) != SC_OK);
}

static void check_curve(sc_pt *t, const sc_curve *c)
{
    size_t pl = 1u + 2u * c->flen, nl = c->nlen, vl = sc_pt_in_bytes(SC_PT_VERIFY, c, 1), publen;
    uint8_t in[NV * 256], out[NV * 256], want[NV * 256], priv[72], pub[160];
    const char *tn = sc_pt_name(t);

    if (sc_pt_offers(t, SC_PT_FMUL, c)) {
        for (int i = 0; i < 4; i++) {
            rand_field(c, in + 2 * c->flen * i);
            rand_field(c, in + 2 * c->flen * i + c->flen);
            ossl_fmul(c, want + c->flen * i, in + 2 * c->flen * i, in + 2 * c->flen * i + c->flen);
        }
        CHECK(sc_pt_submit(t, SC_PT_FMUL, c, 4, in, out) == SC_OK, "%s %s fmul", tn, c->name);
        CHECK(!memcmp(out, want, 4 * c->flen), "%s %s fmul differs from OpenSSL", tn, c->name);
    }
    rand_scalar(c, priv);
    publen = pl;
    sc_pubkey(c, pub, &publen, 0, priv, nl);
    if (sc_pt_offers(t, SC_PT_PMUL, c)) {
        for (int i = 0; i < 4; i++) {
            uint8_t *p = in + (nl + pl) * i, *w = want + (1 + c->flen) * i;
            rand_scalar(c, p);
            if (i == 3)
                memset(p, 0, nl); /* k = 0: SC_ERR_SCALAR */
            memcpy(p + nl, pub, pl);
            memset(w, 0, 1 + c->flen);
            w[0] = (uint8_t)-sc_ecdh(c, w + 1, c->flen, p, nl, pub, pl);
        }
        CHECK(want[3 * (1 + c->flen)] == (uint8_t)-SC_ERR_SCALAR, "%s k = 0", c->name);
        CHECK(sc_pt_submit(t, SC_PT_PMUL, c, 4, in, out) == SC_OK, "%s %s pmul", tn, c->name);
        CHECK(!memcmp(out, want, 4 * (1 + c->flen)), "%s %s k*P differs from sc_ecdh", tn, c->name);
    }
    /* NV signatures: every third forged (digest), item 4 a bad key, item 5 r = 0 */
    for (int i = 0; i < NV; i++) {
        uint8_t *p = in + vl * i;
        tu_rand_bytes(p, SC_PT_DIGEST);
        sc_ecdsa_sign(c, p + SC_PT_DIGEST, 2 * nl, p, SC_PT_DIGEST, SC_HASH_SHA256, priv, nl, NULL, 0);
        memcpy(p + SC_PT_DIGEST + 2 * nl, pub, pl);
        if (i % 3 == 2)
            p[5] ^= 0x10;
        if (i == 4)
            p[SC_PT_DIGEST + 2 * nl + pl - 1] ^= 1;
        if (i == 5)
            memset(p + SC_PT_DIGEST, 0, nl);
        want[i] = (uint8_t)-sc_ecdsa_verify(c, p + SC_PT_DIGEST, 2 * nl, p, SC_PT_DIGEST, p + SC_PT_DIGEST + 2 * nl, pl);
    }
    CHECK(want[0] == 0 && want[2] == (uint8_t)-SC_ERR_VERIFY && want[4] != 0 && want[5] == (uint8_t)-SC_ERR_SIG_RANGE,
          "%s: the items are as meant", c->name);
    if (sc_pt_offers(t, SC_PT_VERIFY, c)) {
        for (int i = 0; i < 3; i++) {
            CHECK(sc_pt_submit(t, SC_PT_VERIFY, c, 1, in + vl * i, out) == SC_OK, "%s %s verify", tn, c->name);
            CHECK(out[0] == want[i], "%s %s verify item %d: %d, want %d", tn, c->name, i, out[0], want[i]);
        }
        CHECK(sc_pt_submit(t, SC_PT_VBATCH, c, NV, in, out) == SC_OK, "%s %s batch", tn, c->name);
        CHECK(!memcmp(out, want, NV), "%s %s batch verdicts differ from sc_ecdsa_verify", tn, c->name);
    }
}

static void check_transport(sc_pt *t)
{
    static const size_t sizes[] = {1, 16, 1001, 65536};
    static uint8_t a[65536], b[65536];
    const char *names[] = {"secp160r1", "secp256r1", "secp256k1", "sect163r1", "sect283r1", "sect409r1"};

    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        tu_rand_bytes(a, sizes[i]);
        memset(b, 0, sizes[i]);
        CHECK(sc_pt_submit(t, SC_PT_ECHO, NULL, sizes[i], a, b) == SC_OK, "%s echo %zu", sc_pt_name(t), sizes[i]);
        CHECK(!memcmp(a, b, sizes[i]), "%s echo of %zu bytes differs", sc_pt_name(t), sizes[i]);
    }
    CHECK(sc_pt_submit(t, SC_PT_ECHO, NULL, 65537, a, b) == SC_ERR_LENGTH, "%s: over the cap", sc_pt_name(t));
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const sc_curve *c = sc_curve_find(names[i]);
        CHECK(c != NULL, "%s in the build", names[i]);
        if (c)
            check_curve(t, c);
    }
    printf("%s: checked\n", sc_pt_name(t));
}

int main(void)
{
    char err[256];
    sc_pt *t;
    uint8_t x[64];

    for (int k = SC_PT_THREAD; k <= SC_PT_OPENCL; k++) {
        if (!(t = sc_pt_open((sc_pt_kind)k, 65536, err, sizeof err))) {
            CHECK(k == SC_PT_OPENCL, "transport %d: %s", k, err);
            printf("opencl: skipped (%s)\n", err);
            continue;
        }
        if (k == SC_PT_OPENCL)
            CHECK(sc_pt_submit(t, SC_PT_FMUL, sc_curve_find("secp256r1"), 1, x, x) == SC_ERR_CURVE,
                  "opencl offers no field multiplication");
        check_transport(t);
        sc_pt_close(t);
    }
    return tu_done("partition");
}
