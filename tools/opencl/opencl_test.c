/* The OpenCL kernels against the CPU library, item by item (ctest opencl_bitexact).
 *
 * Batch k*P: every item's status equals sc_ecdh's on the same scalar and point;
 * every computed point equals sc_ec_mul's (x and y), its x equals sc_ecdh's
 * secret, and for P = G it equals sc_pubkey's key (a second, fixed-base method).
 * Edge scalars 1, 2, n-2, n-1, invalid scalars 0 and n, points off the curve
 * and out of range are included.
 *
 * Batch verification: every verdict equals sc_ecdsa_verify's, over valid
 * signatures (digests shorter and longer than n, compressed keys, the
 * malleated (r, n - s)), forged ones (digest, r, s or key changed), r or s out
 * of range, malformed keys and signature lengths, a signature whose R is the
 * point at infinity, and one by the key -G (G + Q = O in the verifier's
 * table); each category's verdict is also checked against what it must be, so
 * that the comparison cannot pass on a wrong reference.
 *
 * The six curves below by default; SC_OCL_TEST_ALL=1 in the environment: every
 * curve of the build.  Without an OpenCL device the test says so and fails: the
 * ctest exists only in builds that found OpenCL (SC_OPENCL). */
#include "ocl.h"

#include <seacurve/eb.h>
#include <seacurve/ec.h>
#include <seacurve/fb.h>
#include <seacurve/fp.h>
#include <seacurve/mp.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define MAXP (1 + 2 * SC_FP_MAXBYTES)
#define MAXN (SC_FP_MAXBYTES + 1)

static const char *const curves[] = {"secp160r1", "secp256r1", "secp256k1", "secp224r1", "sect163r1", "sect233k1"};

/* a uniform scalar in [1, n-1] */
static void rand_scalar(const sc_curve *c, uint8_t *k)
{
    unsigned top = c->nbits % 8;
    do {
        tu_rand_bytes(k, c->nlen);
        if (top)
            k[0] &= (uint8_t)((1u << top) - 1);
    } while (sc_priv_validate(c, k, c->nlen) != SC_OK);
}

/* n - v for small v, as nlen big-endian bytes */
static void n_minus(const sc_curve *c, uint8_t *out, unsigned v)
{
    sc_word w[SC_FP_MAXW], s[SC_FP_MAXW];
    memset(s, 0, sizeof s);
    s[0] = (sc_word)v;
    sc_mp_sub(w, c->fn->p, s, c->fn->nw);
    sc_mp_to_be(out, c->nlen, w, c->fn->nw);
}

static void set_small(const sc_curve *c, uint8_t *out, unsigned v)
{
    memset(out, 0, c->nlen);
    out[c->nlen - 1] = (uint8_t)v;
}

/* k*P by the CPU library's sc_ec_mul (prime curves) or sc_eb_mul_ladder (binary
 * curves), SEC1 uncompressed */
static sc_err cpu_mul(const sc_curve *c, uint8_t *out, const uint8_t *k, const uint8_t *pt)
{
    const sc_ep_curve *e = c->ep;
    sc_ep_aff p, r;
    sc_word kw[SC_FP_MAXW];
    sc_err err;
    memset(kw, 0, sizeof kw);
    sc_mp_from_be(kw, c->fn->nw, k, c->nlen);
    if (c->eb) {
        const sc_fb_field *f = c->eb->f;
        sc_eb_aff bp, br;
        memset(&bp, 0, sizeof bp);
        if (sc_fb_from_bytes(bp.x, pt + 1, c->flen, f) != SC_OK ||
            sc_fb_from_bytes(bp.y, pt + 1 + c->flen, c->flen, f) != SC_OK)
            return SC_ERR_RANGE;
        if ((err = sc_eb_mul_ladder(&br, kw, &bp, c->eb)) != SC_OK)
            return err;
        if (br.inf)
            return SC_ERR_INFINITY;
        out[0] = 0x04;
        sc_fb_to_bytes(out + 1, br.x, f);
        sc_fb_to_bytes(out + 1 + c->flen, br.y, f);
        return SC_OK;
    }
    if (sc_fp_from_bytes(p.x, pt + 1, c->flen, e->fp) != SC_OK ||
        sc_fp_from_bytes(p.y, pt + 1 + c->flen, c->flen, e->fp) != SC_OK)
        return SC_ERR_RANGE;
    if ((err = sc_ec_mul(&r, kw, &p, e)) != SC_OK)
        return err;
    out[0] = 0x04;
    sc_fp_to_bytes(out + 1, r.x, e->fp);
    sc_fp_to_bytes(out + 1 + c->flen, r.y, e->fp);
    return SC_OK;
}

static void test_mul(sc_ocl *o, const sc_curve *c)
{
    enum { N = 24 };
    size_t plen = 1u + 2u * c->flen, publen;
    uint8_t k[N][MAXN], pt[N][MAXP], out[N][MAXP], ref[MAXP], sec[SC_FP_MAXBYTES], d[MAXN], g[MAXP];
    uint8_t one[MAXN], kb[N * MAXN], pb[N * MAXP], ob[N * MAXP];
    sc_err st[N];
    int is_g[N];

    set_small(c, one, 1);
    publen = sizeof g;
    CHECK(sc_pubkey(c, g, &publen, 0, one, c->nlen) == SC_OK, "%s: G", c->name);
    for (size_t i = 0; i < N; i++) {
        is_g[i] = i % 4 == 0;
        if (is_g[i]) {
            memcpy(pt[i], g, plen);
        } else {
            rand_scalar(c, d);
            publen = sizeof pt[i];
            CHECK(sc_pubkey(c, pt[i], &publen, 0, d, c->nlen) == SC_OK, "%s: point %zu", c->name, i);
        }
        rand_scalar(c, k[i]);
    }
    /* edge scalars, invalid scalars, invalid points */
    set_small(c, k[1], 1);
    set_small(c, k[2], 2);
    n_minus(c, k[3], 2);
    n_minus(c, k[4], 1);
    set_small(c, k[5], 2);
    n_minus(c, k[6], 1);
    set_small(c, k[7], 0);
    n_minus(c, k[9], 0);
    pt[10][plen - 1] ^= 1;               /* y changed: off the curve */
    memset(pt[11] + 1, 0xff, c->flen);   /* x >= p */
    pt[13][0] = 0x05;                    /* no SEC1 prefix */

    /* the batch takes packed arrays: nlen bytes per scalar, plen per point */
    for (size_t i = 0; i < N; i++) {
        memcpy(kb + i * c->nlen, k[i], c->nlen);
        memcpy(pb + i * plen, pt[i], plen);
    }
    CHECK(sc_ocl_mul_batch(o, c, N, kb, pb, ob, st) == SC_OK, "%s: mul batch ran: %s", c->name,
          sc_ocl_error(o));
    for (size_t i = 0; i < N; i++)
        memcpy(out[i], ob + i * plen, plen);
    for (size_t i = 0; i < N; i++) {
        sc_err ecdh = sc_ecdh(c, sec, c->flen, k[i], c->nlen, pt[i], plen);
        CHECK(st[i] == ecdh, "%s: k*P #%zu status %d, sc_ecdh %d", c->name, i, st[i], ecdh);
        if (i == 7 || i == 9)
            CHECK(st[i] == SC_ERR_SCALAR, "%s: k*P #%zu invalid scalar refused (%d)", c->name, i, st[i]);
        if (i == 10 || i == 11 || i == 13)
            CHECK(st[i] != SC_OK, "%s: k*P #%zu invalid point refused", c->name, i);
        if (st[i] != SC_OK || ecdh != SC_OK)
            continue;
        CHECK(cpu_mul(c, ref, k[i], pt[i]) == SC_OK && memcmp(ref, out[i], plen) == 0,
              "%s: k*P #%zu equals sc_ec_mul", c->name, i);
        CHECK(memcmp(sec, out[i] + 1, c->flen) == 0, "%s: x(k*P) #%zu equals sc_ecdh", c->name, i);
        if (is_g[i]) {
            publen = sizeof ref;
            CHECK(sc_pubkey(c, ref, &publen, 0, k[i], c->nlen) == SC_OK && memcmp(ref, out[i], plen) == 0,
                  "%s: k*G #%zu equals sc_pubkey", c->name, i);
        }
    }
}

typedef struct {
    uint8_t dig[64], sig[2 * MAXN], pub[MAXP];
    size_t diglen, siglen, publen;
    sc_err want; /* what the category must give */
    int any;     /* 1: the category does not fix the verdict */
} vcase;

static void sign(const sc_curve *c, vcase *v, const uint8_t *d)
{
    v->siglen = 2u * c->nlen;
    CHECK(sc_ecdsa_sign(c, v->sig, v->siglen, v->dig, v->diglen, SC_HASH_SHA256, d, c->nlen, NULL, 0) == SC_OK,
          "%s: sign", c->name);
}

static void test_verify(sc_ocl *o, const sc_curve *c, size_t nrand)
{
    size_t ncase = 20 + nrand, nl = c->nlen;
    vcase *v = calloc(ncase, sizeof *v);
    sc_ocl_vitem *it = calloc(ncase, sizeof *it);
    sc_err *verdict = calloc(ncase, sizeof *verdict);
    uint8_t d[MAXN], d2[MAXN], dn1[MAXN], tmp[MAXN];
    size_t i;

    if (!CHECK(v && it && verdict, "memory"))
        goto out;
    rand_scalar(c, d);
    rand_scalar(c, d2);
    n_minus(c, dn1, 1);
    for (i = 0; i < ncase; i++) {
        static const size_t lens[] = {32, 20, 48, 64, 16};
        vcase *x = &v[i];
        x->diglen = lens[i % 5];
        tu_rand_bytes(x->dig, x->diglen);
        x->publen = sizeof x->pub;
        /* item 20: Q = -G, so that G + Q = O in the verifier's table */
        const uint8_t *key = i < 20 ? d : i == 20 ? dn1 : d2;
        CHECK(sc_pubkey(c, x->pub, &x->publen, i == 1, key, nl) == SC_OK, "%s: key", c->name);
        sign(c, x, key);
        x->want = SC_OK;
        if (i >= 20)
            rand_scalar(c, d2); /* a new signer per random item */
        if (i >= 20 && (i & 1)) {
            x->dig[0] ^= 0x80; /* half of the random items forged */
            x->want = SC_ERR_VERIFY;
        }
    }
    /* 0, 1 (compressed key), 2..4: valid.  5: malleated (r, n - s), valid */
    {
        sc_word s[SC_FP_MAXW], t[SC_FP_MAXW];
        memset(s, 0, sizeof s);
        sc_mp_from_be(s, c->fn->nw, v[5].sig + nl, nl);
        sc_mp_sub(t, c->fn->p, s, c->fn->nw);
        sc_mp_to_be(v[5].sig + nl, nl, t, c->fn->nw);
    }
    v[6].dig[3] ^= 1, v[6].want = SC_ERR_VERIFY;            /* digest changed */
    v[7].sig[nl - 1] ^= 1, v[7].want = SC_ERR_VERIFY;       /* r changed */
    v[8].sig[2 * nl - 1] ^= 1, v[8].want = SC_ERR_VERIFY;   /* s changed */
    v[9].publen = sizeof v[9].pub;                          /* another key */
    CHECK(sc_pubkey(c, v[9].pub, &v[9].publen, 0, d2, nl) == SC_OK, "%s: key 2", c->name);
    v[9].want = SC_ERR_VERIFY;
    memset(v[10].sig, 0, nl), v[10].want = SC_ERR_SIG_RANGE;             /* r = 0 */
    memset(v[11].sig + nl, 0, nl), v[11].want = SC_ERR_SIG_RANGE;        /* s = 0 */
    n_minus(c, v[12].sig, 0), v[12].want = SC_ERR_SIG_RANGE;             /* r = n */
    n_minus(c, v[13].sig + nl, 0), v[13].want = SC_ERR_SIG_RANGE;        /* s = n */
    v[14].pub[v[14].publen - 1] ^= 1, v[14].any = 1;        /* key off the curve */
    v[15].pub[0] = 0x07, v[15].any = 1;                     /* bad SEC1 prefix */
    v[16].publen -= 1, v[16].any = 1;                       /* short key */
    v[17].siglen -= 1, v[17].want = SC_ERR_LENGTH;          /* short signature */
    memset(v[18].pub + 1, 0xff, c->flen), v[18].any = 1;    /* x >= p */
    /* 19: Q = G, e + r = n, so u1 G + u2 Q = (e + r) s^-1 G = O */
    {
        uint8_t one[MAXN];
        set_small(c, one, 1);
        v[19].publen = sizeof v[19].pub;
        CHECK(sc_pubkey(c, v[19].pub, &v[19].publen, 0, one, nl) == SC_OK, "%s: G", c->name);
        v[19].diglen = (c->nbits - 1) / 8; /* shorter than n: e is the digest itself */
        memset(v[19].dig, 0, v[19].diglen);
        v[19].dig[v[19].diglen - 1] = 5;
        n_minus(c, v[19].sig, 5);
        set_small(c, tmp, 7);
        memcpy(v[19].sig + nl, tmp, nl);
        v[19].want = SC_ERR_VERIFY;
    }
    for (i = 0; i < ncase; i++) {
        it[i].digest = v[i].dig;
        it[i].digestlen = v[i].diglen;
        it[i].sig = v[i].sig;
        it[i].siglen = v[i].siglen;
        it[i].pub = v[i].pub;
        it[i].publen = v[i].publen;
    }
    CHECK(sc_ocl_verify_batch(o, c, ncase, it, verdict) == SC_OK, "%s: verify batch ran: %s", c->name,
          sc_ocl_error(o));
    for (i = 0; i < ncase; i++) {
        sc_err cpu = sc_ecdsa_verify(c, v[i].sig, v[i].siglen, v[i].dig, v[i].diglen, v[i].pub, v[i].publen);
        CHECK(verdict[i] == cpu, "%s: verify #%zu device %d, sc_ecdsa_verify %d", c->name, i, verdict[i], cpu);
        if (v[i].any)
            CHECK(cpu != SC_OK && cpu != SC_ERR_VERIFY, "%s: verify #%zu malformed key refused (%d)", c->name, i,
                  cpu);
        else
            CHECK(cpu == v[i].want, "%s: verify #%zu verdict %d, expected %d", c->name, i, cpu, v[i].want);
    }
out:
    free(v);
    free(it);
    free(verdict);
}

int main(void)
{
    char err[256];
    sc_ocl *o;

    tu_seed_init("opencl_bitexact");
    o = sc_ocl_open(err, sizeof err);
    if (!CHECK(o != NULL, "an OpenCL device: %s", err))
        return tu_done("opencl_bitexact");
    printf("device: %s\n", sc_ocl_device_name(o));
    /* SC_OCL_TEST_ALL=1: every curve of the build instead of the six above */
    int all = getenv("SC_OCL_TEST_ALL") != NULL;
    size_t ncurves = all ? sc_curve_count() : sizeof curves / sizeof curves[0];
    for (size_t i = 0; i < ncurves; i++) {
        const sc_curve *c = all ? sc_curve_at(i) : sc_curve_find(curves[i]);
        if (!CHECK(c && sc_ocl_supports(c), "%s: supported", all ? c->name : curves[i]))
            continue;
        test_mul(o, c);
        test_verify(o, c, (size_t)tu_cases(44));
    }
    sc_ocl_close(o);
    return tu_done("opencl_bitexact");
}
