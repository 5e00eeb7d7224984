/* Exhaustive tests on tiny curves (tests/gen/tiny_curves.c, tools/gen_tiny_curves.py): prime
 * order n of a few thousand points over a pseudo-Mersenne, a generic Montgomery and an
 * OPF-shaped prime, and (8-bit limbs) a binary curve over GF(2^13) with cofactor 2, each run
 * through the library's own descriptors and code paths.
 *
 * The reference is naive: the multiples kG for every k in [0, n) by repeated affine addition
 * in plain integer arithmetic mod p, or carry-less arithmetic mod f(x), written here (no library
 * point or field code).  Against it:
 *  - every scalar k in [0, n): sc_ec_mul, sc_ec_mul_ladder, sc_ec_mul_fixwin (every window),
 *    sc_ec_mul_gen (the table of G), and every variable-base method of scalarmul.h in every
 *    coordinate system it supports, at its smallest and largest window;
 *  - the double-scalar sc_ec_mul2_var and every double-scalar method of scalarmul.h for every
 *    u1 with two u2 each: one arbitrary, one that makes u1 G + u2 Q the point at infinity;
 *  - ECDSA: for every private key d, the public key (d G), signatures of two digests checked
 *    by the reference verification equation, accepted by sc_ecdsa_verify, and tampered r / s
 *    refused exactly when the reference refuses them; for one key every nonce k through
 *    sc_ecdsa_sign_with_k (r and s as the reference computes them, or SC_ERR_SCALAR when r = 0),
 *    and each signature's recovery id (sc_ecdsa_recid_var) against kG's y parity and x >= n;
 *  - ECDH: every private key against four public points, the secret x(d Q) of the reference;
 *    invalid peer keys refused;
 *  - validation: (x, y) of the field through sc_ep_on_curve (every y for every 8th x, the points
 *    and their neighbours for the others) and every x through the compressed encoding
 *    (sc_pub_convert), against the brute-force set of points;
 *  - the binary curve: every k through the eb ladder (also on a point outside the subgroup), k G,
 *    the variable-time methods, every u1 through the three double-scalar methods, every point of
 *    E through sc_pub_validate (accepted exactly in the subgroup), ECDSA and ECDH as above.
 * Edge cases the real curves never reach are among them: k = n - 1, u1 G + u2 Q = O, r = x mod n
 * with x >= n, and a field element 0 as x or y. */
#include "testutil.h"
#include "tiny_curves.h"
#include <seacurve/ec.h>
#include <seacurve/fp.h>
#include <seacurve/fp_methods.h>
#include <seacurve/pk.h>
#include <seacurve/coords.h>
#include <seacurve/scalarmul.h>
#include <seacurve/hash.h>
#include <seacurve/eb.h>
#include <seacurve/fb.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { uint32_t x, y; int inf; } rpt;

/* The reference curve: plain integers mod p, or bit vectors mod f(x). */
typedef struct {
    const sc_curve *c;
    int bin;            /* binary curve: p = 2^m, f the reduction polynomial */
    uint32_t p, a, b, n, f;
    rpt *mult;          /* mult[k] = kG, k = 0 .. n-1 */
} ref_curve;

static uint32_t mulmod(uint32_t a, uint32_t b, uint32_t m) { return (uint32_t)((uint64_t)a * b % m); }

static uint32_t powmod(uint32_t a, uint32_t e, uint32_t m)
{
    uint32_t r = 1 % m;
    while (e) {
        if (e & 1)
            r = mulmod(r, a, m);
        a = mulmod(a, a, m);
        e >>= 1;
    }
    return r;
}

static uint32_t invmod(uint32_t a, uint32_t m) { return powmod(a % m, m - 2, m); } /* m prime */

/* GF(2^m): carry-less product reduced bit by bit modulo f (degree m) */
static uint32_t gmul(uint32_t a, uint32_t b, const ref_curve *R)
{
    uint32_t r = 0, m = 0;
    unsigned i;
    while ((1u << (m + 1)) <= R->p)
        m++;
    for (i = 0; b; i++, b >>= 1)
        if (b & 1)
            r ^= a << i;
    for (i = 2 * m; i-- > m;)
        if ((r >> i) & 1)
            r ^= R->f << (i - m);
    return r;
}

static uint32_t ginv(uint32_t a, const ref_curve *R)
{
    uint32_t r = 1, e = R->p - 2;
    while (e) {
        if (e & 1)
            r = gmul(r, a, R);
        a = gmul(a, a, R);
        e >>= 1;
    }
    return r;
}

/* y^2 + xy = x^3 + a x^2 + b: the affine formulas (Guide to ECC sec. 3.1.2) */
static rpt bin_add(const ref_curve *R, rpt P, rpt Q)
{
    rpt S = { 0, 0, 0 };
    uint32_t lam;
    if (P.inf)
        return Q;
    if (Q.inf)
        return P;
    if (P.x == Q.x && (Q.y == (P.y ^ P.x) || P.x == 0)) {
        S.inf = 1;  /* Q = -P (or P = -P, x = 0) */
        return S;
    }
    if (P.x == Q.x) {
        lam = P.x ^ gmul(P.y, ginv(P.x, R), R);
        S.x = gmul(lam, lam, R) ^ lam ^ R->a;
        S.y = gmul(P.x, P.x, R) ^ gmul(lam ^ 1u, S.x, R);
    } else {
        lam = gmul(P.y ^ Q.y, ginv(P.x ^ Q.x, R), R);
        S.x = gmul(lam, lam, R) ^ lam ^ P.x ^ Q.x ^ R->a;
        S.y = gmul(lam, P.x ^ S.x, R) ^ S.x ^ P.y;
    }
    return S;
}

static rpt prime_add(const ref_curve *R, rpt P, rpt Q)
{
    uint32_t p = R->p, lam;
    rpt S = { 0, 0, 0 };
    if (P.inf)
        return Q;
    if (Q.inf)
        return P;
    if (P.x == Q.x && (P.y + Q.y) % p == 0) {
        S.inf = 1;
        return S;
    }
    if (P.x == Q.x)
        lam = mulmod((3u * mulmod(P.x, P.x, p) + R->a) % p, invmod(2u * P.y % p, p), p);
    else
        lam = mulmod((Q.y + p - P.y) % p, invmod((Q.x + p - P.x) % p, p), p);
    S.x = (uint32_t)(((uint64_t)mulmod(lam, lam, p) + 2u * p - P.x - Q.x) % p);
    S.y = (uint32_t)(((uint64_t)mulmod(lam, (P.x + p - S.x) % p, p) + p - P.y) % p);
    return S;
}

static rpt ref_add(const ref_curve *R, rpt P, rpt Q)
{
    return R->bin ? bin_add(R, P, Q) : prime_add(R, P, Q);
}

static int ref_on_curve(const ref_curve *R, uint32_t x, uint32_t y)
{
    uint32_t p = R->p;
    if (R->bin) {
        uint32_t x2 = gmul(x, x, R);
        return (gmul(y, y, R) ^ gmul(x, y, R)) == (gmul(x2, x, R) ^ gmul(R->a, x2, R) ^ R->b);
    }
    uint32_t rhs = (uint32_t)(((uint64_t)mulmod(mulmod(x, x, p), x, p) + mulmod(R->a, x, p) + R->b) % p);
    return mulmod(y, y, p) == rhs;
}

/* big-endian bytes <-> integers */
static uint32_t be_get(const uint8_t *b, size_t len)
{
    uint32_t v = 0;
    size_t i;
    for (i = 0; i < len; i++)
        v = (v << 8) | b[i];
    return v;
}

static void be_put(uint8_t *b, size_t len, uint32_t v)
{
    size_t i;
    for (i = len; i-- > 0; v >>= 8)
        b[i] = (uint8_t)v;
}

static void fe_get(sc_word *r, uint32_t v, const sc_fp_field *f)
{
    uint8_t b[4];
    be_put(b, sc_fp_bytes(f), v);
    if (sc_fp_from_bytes(r, b, sc_fp_bytes(f), f) != SC_OK)
        abort();
}

static uint32_t fe_val(const sc_word *a, const sc_fp_field *f)
{
    uint8_t b[4];
    sc_fp_to_bytes(b, a, f);
    return be_get(b, sc_fp_bytes(f));
}

/* a scalar k < 2^32 as c->fn->nw little-endian words */
static void sc_of(sc_word *k, uint32_t v, const sc_fp_field *fn)
{
    size_t i;
    uint64_t x = v;
    memset(k, 0, SC_FP_MAXW * sizeof(sc_word));
    for (i = 0; i < fn->nw; i++) {
        k[i] = (sc_word)x;
#if SC_WORD_BITS < 64
        x >>= SC_WORD_BITS;
#else
        x = 0;
#endif
    }
}

static void aff_of(sc_ep_aff *r, rpt P, const sc_ep_curve *c)
{
    fe_get(r->x, P.x, c->fp);
    fe_get(r->y, P.y, c->fp);
}

/* the library's answer (err, r) equals the reference point P */
static int same(sc_err e, const sc_ep_aff *r, rpt P, const sc_ep_curve *c)
{
    if (P.inf)
        return e == SC_ERR_INFINITY;
    return e == SC_OK && fe_val(r->x, c->fp) == P.x && fe_val(r->y, c->fp) == P.y;
}

/* a modulus of at most 32 bits from its nw little-endian words */
static uint32_t words_val(const sc_word *w, size_t nw)
{
    uint64_t v = 0;
    size_t i;
    for (i = nw; i-- > 0;)
        v = (SC_WORD_BITS < 64 ? v << (SC_WORD_BITS % 64) : 0) | (uint64_t)w[i];
    return (uint32_t)v;
}

/* p (or 2^m), f, a, b, n and G from the descriptors (canonical constants) */
static rpt ref_params(ref_curve *R, const sc_curve *c)
{
    rpt g = { 0, 0, 0 };
    R->c = c;
    if (c->eb) {
        const sc_eb_curve *b = c->eb;
        R->bin = 1;
        R->p = 1u << b->f->m;
        R->f = R->p | words_val(b->f->t, b->f->tw);
        R->a = words_val(b->a, b->f->nw);
        R->b = words_val(b->b, b->f->nw);
        R->n = words_val(b->n, b->nw);
        g.x = words_val(b->gx, b->f->nw);
        g.y = words_val(b->gy, b->f->nw);
    } else {
        const sc_ep_curve *e = c->ep;
        sc_ep_aff ga;
        sc_word t[SC_FP_MAXW];
        R->p = words_val(e->fp->p, e->fp->nw);
        R->n = words_val(e->fn->p, e->fn->nw);
        sc_fp_from_canon(t, e->a, e->fp);
        R->a = fe_val(t, e->fp);
        sc_fp_from_canon(t, e->b, e->fp);
        R->b = fe_val(t, e->fp);
        sc_ep_generator(&ga, e);
        g.x = fe_val(ga.x, e->fp);
        g.y = fe_val(ga.y, e->fp);
    }
    return g;
}

static void ref_build(ref_curve *R, const sc_curve *c)
{
    uint32_t k;
    rpt g = ref_params(R, c);
    R->mult = malloc(R->n * sizeof *R->mult);
    if (!R->mult)
        abort();
    R->mult[0].inf = 1;
    R->mult[0].x = R->mult[0].y = 0;
    R->mult[1] = g;
    for (k = 2; k < R->n; k++)
        R->mult[k] = ref_add(R, R->mult[k - 1], g);
    /* the reference itself: G on the curve, nG = O, and no earlier multiple is O */
    CHECK(ref_on_curve(R, g.x, g.y), "%s: G on the curve", c->name);
    CHECK(ref_add(R, R->mult[R->n - 1], g).inf, "%s: nG = O", c->name);
    for (k = 1; k < R->n; k++)
        if (R->mult[k].inf || !ref_on_curve(R, R->mult[k].x, R->mult[k].y))
            break;
    CHECK(k == R->n, "%s: %u G", c->name, k);
}

/* ---- k*P for every k ---- */

/* sc_ec_mul_fixwin's windows (ec.h): 2 .. 6 at 32/64-bit limbs, 2 .. 4 at 8/16 */
#define FIXWIN_MAX (SC_WORD_BITS >= 32 ? 6u : 4u)

static const uint32_t PMUL = 5; /* the variable-base point P = 5 G */

static void test_ec_mul(const ref_curve *R)
{
    const sc_ep_curve *c = R->c->ep;
    sc_ep_aff p, r;
    sc_word k[SC_FP_MAXW];
    uint32_t i, n = R->n;
    unsigned w;
    long bad = 0;
    aff_of(&p, R->mult[PMUL], c);
    for (i = 0; i < n; i++) {
        rpt want = R->mult[(uint64_t)i * PMUL % n];
        sc_of(k, i, c->fn);
        bad += !same(sc_ec_mul(&r, k, &p, c), &r, want, c);
        bad += !same(sc_ec_mul_ladder(&r, k, &p, c), &r, want, c);
        for (w = 2; w <= FIXWIN_MAX; w++)
            bad += !same(sc_ec_mul_fixwin(&r, k, &p, c, w), &r, want, c);
        bad += sc_ec_mul_fixwin(&r, k, &p, c, FIXWIN_MAX + 1) != SC_ERR_ARG;
        bad += !same(sc_ec_mul_gen(&r, k, c), &r, R->mult[i], c);
        if (bad && !CHECK(0, "%s: sc_ec_mul* at k = %u", R->c->name, i))
            return;
    }
    CHECK(bad == 0, "%s: ec", R->c->name);
}

static void test_scalarmul(const ref_curve *R)
{
    const sc_ep_curve *c = R->c->ep;
    sc_ep_aff p, r;
    sc_word k[SC_FP_MAXW];
    size_t mi, si;
    uint32_t i, n = R->n;
    aff_of(&p, R->mult[PMUL], c);
    for (mi = 0; mi < sc_scalarmul_count(); mi++) {
        const sc_scalarmul_method *m = sc_scalarmul_at(mi);
        if (m->kind == SC_SCALARMUL_DOUBLE)
            continue;
        for (si = 0; si < sc_coords_count(); si++) {
            const sc_coords_sys *s = sc_coords_at(si);
            unsigned ws[2], wi;
            if (!sc_scalarmul_supports(m, s))
                continue;
            ws[0] = m->wmin;
            ws[1] = m->wmax;
            for (wi = 0; wi < (m->wmin == m->wmax ? 1u : 2u); wi++) {
                long bad = 0;
                /* every k at the largest window in the Jacobian system, every
                 * 16th k at the smallest window and in the other systems */
                uint32_t step = (wi == 0 && m->wmin != m->wmax) || strcmp(s->name, "jacobian") != 0 ? 16u : 1u;
                for (i = 0; i < n && bad == 0; i += step) {
                    sc_err e;
                    sc_of(k, i, c->fn);
                    if (m->kind == SC_SCALARMUL_VAR) {
                        e = m->var(&r, k, &p, ws[wi], s, c);
                        bad += !same(e, &r, R->mult[(uint64_t)i * PMUL % n], c);
                    } else {
                        /* the fixed-base methods read the library's own tables of G
                         * (src/scalarmul/gen), which have none for these curves */
                        e = m->fix(&r, k, ws[wi], s, c);
                        bad += e != SC_ERR_UNSUPPORTED;
                    }
                    if (bad)
                        CHECK(0, "%s: %s/%s w = %u at k = %u: error %d", R->c->name, m->name, s->name,
                              ws[wi], i, (int)e);
                }
                CHECK(bad == 0, "%s: %s/%s", R->c->name, m->name, s->name);
            }
        }
    }
}

/* ---- u1 G + u2 Q ---- */

static const uint32_t QMUL = 7; /* Q = 7 G */

static void test_double(const ref_curve *R)
{
    const sc_ep_curve *c = R->c->ep;
    sc_ep_aff q, r;
    sc_word u1[SC_FP_MAXW], u2[SC_FP_MAXW];
    uint32_t i, j, n = R->n, v2[2];
    size_t mi, si;
    long bad = 0;
    aff_of(&q, R->mult[QMUL], c);
    for (i = 0; i < n; i++) {
        v2[0] = (uint32_t)(((uint64_t)i * 2654435761u + 12345u) % n);
        /* u1 + 7 u2 = 0 mod n: u2 = -u1 / 7 */
        v2[1] = mulmod((n - i) % n, invmod(QMUL, n), n);
        sc_of(u1, i, c->fn);
        for (j = 0; j < 2; j++) {
            rpt want = R->mult[(i + (uint64_t)v2[j] * QMUL) % n];
            sc_of(u2, v2[j], c->fn);
            if (!same(sc_ec_mul2_var(&r, u1, u2, &q, c), &r, want, c)) {
                bad++;
                CHECK(0, "%s: sc_ec_mul2_var(%u, %u)", R->c->name, i, v2[j]);
            }
            /* the method matrix: every 8th u1, with both u2 */
            for (mi = 0; mi < sc_scalarmul_count() && bad < 5 && i % 8 == 0; mi++) {
                const sc_scalarmul_method *m = sc_scalarmul_at(mi);
                if (m->kind != SC_SCALARMUL_DOUBLE)
                    continue;
                for (si = 0; si < sc_coords_count(); si++) {
                    const sc_coords_sys *s = sc_coords_at(si);
                    sc_err e;
                    if (!sc_scalarmul_supports(m, s))
                        continue;
                    e = m->dbl(&r, u1, u2, &q, m->wmax, s, c);
                    if (!same(e, &r, want, c)) {
                        bad++;
                        CHECK(0, "%s: %s/%s (%u, %u): error %d", R->c->name, m->name, s->name, i, v2[j], (int)e);
                    }
                }
            }
        }
    }
    CHECK(bad == 0, "%s: double-scalar", R->c->name);
}

/* ---- ECDSA ---- */

static uint32_t digest_to_e(const uint8_t *h, size_t hlen, const ref_curve *R)
{
    /* SEC1 4.1.3: the leftmost bits(n) bits of the digest */
    unsigned nb = R->c->nbits;
    uint32_t e = be_get(h, 4);
    (void)hlen;
    return (e >> (32 - nb)) % R->n;
}

/* SEC1 4.1.4 with the reference: valid iff 1 <= r, s < n and x(u1 G + u2 Q) mod n = r */
static int ref_verify(const ref_curve *R, uint32_t d, uint32_t e, uint32_t r, uint32_t s)
{
    uint32_t n = R->n, w, u1, u2;
    rpt X;
    if (r == 0 || r >= n || s == 0 || s >= n)
        return 0;
    w = invmod(s, n);
    u1 = mulmod(e, w, n);
    u2 = mulmod(r, w, n);
    X = R->mult[(u1 + (uint64_t)u2 * d) % n];
    return !X.inf && X.x % n == r;
}

static void test_ecdsa(const ref_curve *R)
{
    const sc_curve *c = R->c;
    size_t nl = c->nlen, fl = c->flen, publen;
    uint8_t priv[4], pub[1 + 2 * 4], sig[8], bad_sig[8], digest[2][32], kb[4];
    uint32_t d, k, n = R->n, h, e, r, s;
    long bad = 0, tampered_valid = 0, zero_rs = 0, wrapped = 0;
    sc_hash(SC_HASH_SHA256, digest[0], (const uint8_t *)"tiny", 4);
    sc_hash(SC_HASH_SHA256, digest[1], (const uint8_t *)"exhaustive", 10);
    for (d = 0; d < n; d++) {
        be_put(priv, nl, d);
        publen = sizeof pub;
        if (d == 0) {
            CHECK(sc_pubkey(c, pub, &publen, 0, priv, nl) == SC_ERR_SCALAR, "%s: d = 0", c->name);
            CHECK(sc_ecdsa_sign(c, sig, 2 * nl, digest[0], 32, SC_HASH_SHA256, priv, nl, NULL, 0) == SC_ERR_SCALAR,
                  "%s: sign with d = 0", c->name);
            continue;
        }
        if (sc_pubkey(c, pub, &publen, 0, priv, nl) != SC_OK || publen != 1 + 2 * fl || pub[0] != 4 ||
            be_get(pub + 1, fl) != R->mult[d].x || be_get(pub + 1 + fl, fl) != R->mult[d].y) {
            bad++;
            CHECK(0, "%s: public key of d = %u", c->name, d);
            continue;
        }
        for (h = 0; h < 2; h++) {
            e = digest_to_e(digest[h], 32, R);
            if (sc_ecdsa_sign(c, sig, 2 * nl, digest[h], 32, SC_HASH_SHA256, priv, nl, NULL, 0) != SC_OK) {
                bad++;
                CHECK(0, "%s: sign d = %u", c->name, d);
                continue;
            }
            r = be_get(sig, nl);
            s = be_get(sig + nl, nl);
            bad += !CHECK(ref_verify(R, d, e, r, s), "%s: signature of d = %u fails the reference", c->name, d);
            bad += !CHECK(sc_ecdsa_verify(c, sig, 2 * nl, digest[h], 32, pub, publen) == SC_OK,
                          "%s: verify d = %u", c->name, d);
            /* tampered: r + 1, s + 1 (mod n, as raw bytes: r = n - 1 becomes n, out of range) */
            {
                unsigned t;
                for (t = 0; t < 2; t++) {
                    uint32_t r2 = r + (t == 0), s2 = s + (t == 1);
                    int want = ref_verify(R, d, e, r2, s2);
                    sc_err got;
                    memcpy(bad_sig, sig, 2 * nl);
                    be_put(bad_sig, nl, r2);
                    be_put(bad_sig + nl, nl, s2);
                    if (r2 >> (8 * nl) || s2 >> (8 * nl))
                        continue;
                    got = sc_ecdsa_verify(c, bad_sig, 2 * nl, digest[h], 32, pub, publen);
                    tampered_valid += want;
                    if (want)
                        bad += !CHECK(got == SC_OK, "%s: d = %u, tampered (%u, %u) valid", c->name, d, r2, s2);
                    else
                        bad += !CHECK(got == SC_ERR_VERIFY || (got == SC_ERR_SIG_RANGE && (r2 >= n || s2 >= n)),
                                      "%s: d = %u, tampered (%u, %u) accepted (%d)", c->name, d, r2, s2, (int)got);
                }
            }
        }
        if (bad > 5)
            break;
    }
    /* every nonce k for one key: r = x(kG) mod n, s = k^-1 (e + r d); r = 0 refused; on a
     * prime curve the recovery id of (r, s) names kG: bit 0 y(kG) odd, bit 1 x(kG) >= n */
    d = n / 3;
    be_put(priv, nl, d);
    pub[0] = 4;
    be_put(pub + 1, fl, R->mult[d].x);
    be_put(pub + 1 + fl, fl, R->mult[d].y);
    e = digest_to_e(digest[0], 32, R);
    for (k = 1; k < n && bad <= 5; k++) {
        sc_err got;
        uint8_t id = 0xff;
        be_put(kb, nl, k);
        got = sc_ecdsa_sign_with_k(c, sig, 2 * nl, digest[0], 32, priv, nl, kb, nl);
        r = R->mult[k].x % n;
        s = mulmod(invmod(k, n), (uint32_t)((e + (uint64_t)r * d) % n), n);
        zero_rs += r == 0 || s == 0;
        wrapped += R->mult[k].x >= n;
        if (r == 0 || s == 0) {
            bad += !CHECK(got == SC_ERR_SCALAR, "%s: k = %u gives r or s = 0: %d", c->name, k, (int)got);
            continue;
        }
        bad += !CHECK(got == SC_OK && be_get(sig, nl) == r && be_get(sig + nl, nl) == s,
                      "%s: sign with k = %u", c->name, k);
        got = sc_ecdsa_recid_var(c, &id, sig, 2 * nl, digest[0], 32, pub, 1 + 2 * fl);
        if (R->bin)
            bad += !CHECK(got == SC_ERR_UNSUPPORTED && id == 0, "%s: recovery id on a binary curve", c->name);
        else
            bad += !CHECK(got == SC_OK && id == ((R->mult[k].y & 1u) | (R->mult[k].x >= n ? 2u : 0u)),
                          "%s: recovery id of k = %u: %u (%d)", c->name, k, id, (int)got);
    }
    CHECK(bad == 0, "%s: ecdsa", c->name);
    printf("  ecdsa: %ld tampered signatures valid (and accepted), %ld nonces with r or s = 0 (refused), "
           "%ld with x(kG) >= n\n", tampered_valid, zero_rs, wrapped);
}

/* ---- ECDH ---- */

static void test_ecdh(const ref_curve *R)
{
    const sc_curve *c = R->c;
    size_t nl = c->nlen, fl = c->flen;
    uint8_t priv[4], peer[1 + 2 * 4], sec[4];
    uint32_t d, n = R->n, qs[4], qi;
    long bad = 0;
    qs[0] = 1;
    qs[1] = 2;
    qs[2] = n - 1;
    qs[3] = n / 2 + 3;
    for (qi = 0; qi < 4; qi++) {
        rpt Q = R->mult[qs[qi]];
        peer[0] = 4;
        be_put(peer + 1, fl, Q.x);
        be_put(peer + 1 + fl, fl, Q.y);
        for (d = 1; d < n && bad <= 5; d++) {
            be_put(priv, nl, d);
            bad += !CHECK(sc_ecdh(c, sec, fl, priv, nl, peer, 1 + 2 * fl) == SC_OK &&
                              be_get(sec, fl) == R->mult[(uint64_t)d * qs[qi] % n].x,
                          "%s: ecdh d = %u, Q = %u G", c->name, d, qs[qi]);
        }
    }
    /* invalid peers: off the curve, a coordinate >= p, infinity, d out of range */
    be_put(priv, nl, 1);
    {
        rpt Q = R->mult[3];
        peer[0] = 4;
        be_put(peer + 1, fl, Q.x);
        uint32_t y1 = R->bin ? Q.y ^ 1u : (Q.y + 1) % R->p;
        be_put(peer + 1 + fl, fl, y1);
        if (!ref_on_curve(R, Q.x, y1))
            CHECK(sc_ecdh(c, sec, fl, priv, nl, peer, 1 + 2 * fl) == SC_ERR_POINT, "%s: off-curve peer", c->name);
        be_put(peer + 1 + fl, fl, Q.y + R->p);
        if ((Q.y + R->p) >> (8 * fl) == 0)
            CHECK(sc_ecdh(c, sec, fl, priv, nl, peer, 1 + 2 * fl) == SC_ERR_RANGE, "%s: y >= p", c->name);
        peer[0] = 0;
        CHECK(sc_ecdh(c, sec, fl, priv, nl, peer, 1) != SC_OK, "%s: infinity", c->name);
        peer[0] = 4;
        be_put(peer + 1 + fl, fl, Q.y);
        be_put(priv, nl, n);
        CHECK(sc_ecdh(c, sec, fl, priv, nl, peer, 1 + 2 * fl) == SC_ERR_SCALAR, "%s: d = n", c->name);
    }
    CHECK(bad == 0, "%s: ecdh", c->name);
}

/* ---- validation: (x, y) pairs and compressed points ---- */

static void test_validate(const ref_curve *R)
{
    const sc_curve *c = R->c;
    const sc_ep_curve *e = c->ep;
    size_t fl = c->flen;
    uint32_t x, y, p = R->p, count = 1, xs;
    uint8_t enc[1 + 2 * 4];
    sc_ep_aff pt;
    sc_fe one;
    size_t checked = 0;
    long bad = 0;
    char *on = calloc((size_t)p * p, 1);
    uint32_t i;
    if (!on)
        abort();
    for (i = 1; i < R->n; i++)
        on[(size_t)R->mult[i].x * p + R->mult[i].y] = 1;
    fe_get(one, 1, e->fp);
    sc_fp_set_zero(pt.x, e->fp);
    for (x = 0; x < p; x++, sc_fp_add(pt.x, pt.x, one, e->fp)) {
        /* every y for every 8th x (the whole grid costs 8 times as much); for
         * the other x the y of a point, its neighbours y +- 1, and 0 */
        int grid = x % 8 == 0;
        xs = 0;
        sc_fp_set_zero(pt.y, e->fp);
        for (y = 0; y < p; y++, sc_fp_add(pt.y, pt.y, one, e->fp)) {
            int want = on[(size_t)x * p + y];
            xs += (uint32_t)want;
            if (!grid && !want && y != 0 && !on[(size_t)x * p + (y + 1) % p] && !on[(size_t)x * p + (y + p - 1) % p])
                continue;
            /* the brute-force set (the multiples of G) is the set of solutions */
            bad += want != ref_on_curve(R, x, y);
            bad += (sc_ep_on_curve(&pt, e) != 0) != want;
            checked++;
        }
        count += xs;
        bad += fe_val(pt.y, e->fp) != 0; /* y ran through every element: back to 0 */
        /* compressed: accepted exactly for the x of a point, with the y of that parity */
        for (y = 0; y < 2; y++) {
            uint8_t out[1 + 2 * 4];
            size_t ol = sizeof out;
            sc_err got;
            enc[0] = (uint8_t)(2 + y);
            be_put(enc + 1, fl, x);
            got = sc_pub_convert(c, out, &ol, 0, enc, 1 + fl);
            if (xs == 0) {
                bad += !CHECK(got == SC_ERR_POINT, "%s: compressed x = %u accepted", c->name, x);
            } else {
                uint32_t yy = be_get(out + 1 + fl, fl);
                bad += !CHECK(got == SC_OK && (yy & 1) == y && on[(size_t)x * p + yy],
                              "%s: compressed x = %u parity %u", c->name, x, y);
            }
        }
        if (bad > 5)
            break;
    }
    CHECK(bad == 0, "%s: on-curve verdicts", c->name);
    CHECK(count == R->n, "%s: %u points", c->name, count);
    CHECK(checked > (size_t)p * p / 8, "%s: %zu pairs checked", c->name, checked);
    free(on);
}


/* ---- the binary curve (8-bit limbs: tools/gen_tiny_curves.py) ---- */

static void bfe_get(sc_word *r, uint32_t v, const sc_fb_field *f)
{
    uint8_t b[4];
    be_put(b, sc_fb_bytes(f), v);
    if (sc_fb_from_bytes(r, b, sc_fb_bytes(f), f) != SC_OK)
        abort();
}

static uint32_t bfe_val(const sc_word *a, const sc_fb_field *f)
{
    uint8_t b[4];
    sc_fb_to_bytes(b, a, f);
    return be_get(b, sc_fb_bytes(f));
}

static void baff_of(sc_eb_aff *r, rpt P, const sc_eb_curve *c)
{
    memset(r, 0, sizeof *r);
    if (P.inf) {
        r->inf = (sc_word)-1;
        return;
    }
    bfe_get(r->x, P.x, c->f);
    bfe_get(r->y, P.y, c->f);
}

static int bsame(sc_err e, const sc_eb_aff *r, rpt P, const sc_eb_curve *c)
{
    if (P.inf)
        return e == SC_ERR_INFINITY && r->inf;
    return e == SC_OK && !r->inf && bfe_val(r->x, c->f) == P.x && bfe_val(r->y, c->f) == P.y;
}

/* a point of order 2n, outside the subgroup <G> (h = 2): the first with x != 0 whose n-th
 * multiple is not O */
static rpt bin_outside(const ref_curve *R)
{
    uint32_t x, y, k;
    for (x = 1; x < R->p; x++)
        for (y = 0; y < R->p; y++)
            if (ref_on_curve(R, x, y)) {
                rpt P = { x, y, 0 }, Q = { 0, 0, 1 }, A = P;
                for (k = R->n; k; k >>= 1, A = ref_add(R, A, A))
                    if (k & 1)
                        Q = ref_add(R, Q, A);
                if (!Q.inf)
                    return P;
            }
    abort();
}

static void test_bin_mul(const ref_curve *R)
{
    const sc_eb_curve *c = R->c->eb;
    sc_eb_aff p, r, p0;
    sc_word k[SC_FP_MAXW];
    uint32_t i, n = R->n;
    rpt P0 = bin_outside(R), A = { 0, 0, 1 };
    int accel;
    long bad = 0;
    baff_of(&p, R->mult[PMUL], c);
    baff_of(&p0, P0, c);
    CHECK(!sc_eb_mul_gen_table(c), "%s: k G by the ladder (no comb table)", R->c->name);
    for (accel = 0; accel < 2; accel++) {
        sc_fb_set_accel(accel);
        for (i = 0; i < n && bad < 5; i++) {
            rpt want = R->mult[(uint64_t)i * PMUL % n];
            sc_of(k, i, R->c->fn);
            bad += !CHECK(bsame(sc_eb_mul_ladder(&r, k, &p, c), &r, want, c), "%s: ladder k = %u", R->c->name, i);
            bad += !CHECK(bsame(sc_eb_mul_gen(&r, k, c), &r, R->mult[i], c), "%s: mul_gen k = %u", R->c->name, i);
            bad += !CHECK(bsame(sc_eb_mul_var(&r, k, &p, c), &r, want, c), "%s: mul_var k = %u", R->c->name, i);
            bad += !CHECK(bsame(sc_eb_mul_wnaf_var(&r, k, &p, c), &r, want, c), "%s: wnaf k = %u", R->c->name, i);
            bad += !CHECK(sc_eb_mul_tnaf_var(&r, k, &p, c) == SC_ERR_ARG && r.inf, "%s: tnaf refused", R->c->name);
            /* a point outside the subgroup: the ladder's k + h n is right for every point of E */
            if (accel == 0) {
                bad += !CHECK(bsame(sc_eb_mul_ladder(&r, k, &p0, c), &r, A, c), "%s: ladder k = %u on P0", R->c->name, i);
                A = ref_add(R, A, P0);
            }
        }
    }
    sc_fb_set_accel(1);
    CHECK(bad == 0, "%s: binary scalar multiplications", R->c->name);
}

static void test_bin_double(const ref_curve *R)
{
    const sc_eb_curve *c = R->c->eb;
    sc_eb_aff q, r;
    sc_word u1[SC_FP_MAXW], u2[SC_FP_MAXW];
    uint32_t i, j, n = R->n, v2[2];
    long bad = 0;
    baff_of(&q, R->mult[QMUL], c);
    for (i = 0; i < n && bad < 5; i++) {
        v2[0] = (uint32_t)(((uint64_t)i * 2654435761u + 12345u) % n);
        v2[1] = mulmod((n - i) % n, invmod(QMUL, n), n);
        sc_of(u1, i, R->c->fn);
        for (j = 0; j < 2; j++) {
            rpt want = R->mult[(i + (uint64_t)v2[j] * QMUL) % n];
            sc_of(u2, v2[j], R->c->fn);
            bad += !CHECK(bsame(sc_eb_mul2_var(&r, u1, u2, &q, c), &r, want, c), "%s: mul2 (%u, %u)", R->c->name, i, v2[j]);
            bad += !CHECK(bsame(sc_eb_mul2_wnaf_var(&r, u1, u2, &q, c), &r, want, c), "%s: mul2_wnaf (%u, %u)",
                          R->c->name, i, v2[j]);
            bad += !CHECK(bsame(sc_eb_mul2_slide_var(&r, u1, u2, &q, c), &r, want, c), "%s: mul2_slide (%u, %u)",
                          R->c->name, i, v2[j]);
        }
    }
    CHECK(bad == 0, "%s: binary double-scalar", R->c->name);
}

/* every (x, y) for every 8th x (else the points and their neighbours) through sc_eb_on_curve;
 * every point of E through sc_pub_validate: accepted exactly in the subgroup of order n */
static void test_bin_validate(const ref_curve *R)
{
    const sc_curve *cv = R->c;
    const sc_eb_curve *c = cv->eb;
    size_t fl = cv->flen;
    uint32_t x, y, p = R->p, count = 1, in_sub = 0;
    uint8_t enc[1 + 2 * 4];
    sc_eb_aff pt;
    long bad = 0;
    char *sub = calloc((size_t)p * p, 1);
    uint32_t *sq = malloc(p * sizeof *sq), *xy = malloc(p * sizeof *xy);
    uint32_t i;
    if (!sub)
        abort();
    for (i = 1; i < R->n; i++)
        sub[(size_t)R->mult[i].x * p + R->mult[i].y] = 1;
    if (!sq || !xy)
        abort();
    for (y = 0; y < p; y++)
        sq[y] = gmul(y, y, R);
    memset(&pt, 0, sizeof pt);
    for (x = 0; x < p && bad < 5; x++) {
        /* y^2 + xy = x^3 + a x^2 + b, with xy by linearity: xy[y] = xy[y - lowbit] ^ x lowbit */
        uint32_t x2 = gmul(x, x, R), rhs = gmul(x2, x, R) ^ gmul(R->a, x2, R) ^ R->b;
        uint32_t xt[32];
        unsigned bit;
        for (bit = 0; (1u << bit) < p; bit++)
            xt[bit] = gmul(x, 1u << bit, R);
        xy[0] = 0;
        for (y = 1; y < p; y++) {
            for (bit = 0; !((y >> bit) & 1u); bit++)
                ;
            xy[y] = xy[y & (y - 1)] ^ xt[bit];
        }
        bfe_get(pt.x, x, c->f);
        for (y = 0; y < p; y++) {
            int want = (sq[y] ^ xy[y]) == rhs;
            count += (uint32_t)want;
            if (x % 8 != 0 && !want && (sq[y ^ 1u] ^ xy[y ^ 1u]) != rhs)
                continue;
            bfe_get(pt.y, y, c->f);
            bad += (sc_eb_on_curve(&pt, c) != 0) != want;
            if (want) {
                sc_err e;
                bad += !ref_on_curve(R, x, y);
                enc[0] = 4;
                be_put(enc + 1, fl, x);
                be_put(enc + 1 + fl, fl, y);
                e = sc_pub_validate(cv, enc, 1 + 2 * fl);
                in_sub += sub[(size_t)x * p + y];
                bad += !CHECK(sub[(size_t)x * p + y] ? e == SC_OK : e == SC_ERR_POINT,
                              "%s: validate (%u, %u): %d", cv->name, x, y, (int)e);
            }
        }
    }
    CHECK(count == 2 * R->n, "%s: %u points, h n = %u", cv->name, count, 2 * R->n);
    CHECK(in_sub == R->n - 1, "%s: %u points of the subgroup accepted", cv->name, in_sub);
    CHECK(bad == 0, "%s: binary validation", cv->name);
    free(sub);
    free(sq);
    free(xy);
}

static unsigned x0_points(const ref_curve *R)
{
    uint32_t k;
    unsigned c = 0;
    for (k = 1; k < R->n; k++)
        c += R->mult[k].x == 0;
    return c;
}

/* each curve runs on the reducer of its shape (tools/gen_tiny_curves.py) */
static void check_reducer(const sc_curve *c)
{
    const sc_fp_field *f;
    if (c->eb) {
        CHECK(!c->ep && c->h == 2 && c->eb->h == 2 && c->eb->f->m == 13 && c->fn->reduce == sc_fp_reduce_mont,
              "%s: descriptors", c->name);
        return;
    }
    f = c->ep->fp;
    if (!strcmp(c->name, "tiny_pm"))
        CHECK(f->reduce == sc_fp_reduce_pm_generic && !f->mont && sc_fp_is_pseudo_mersenne(f), "%s: reducer", c->name);
    else if (!strcmp(c->name, "tiny_mont"))
        CHECK(f->reduce == sc_fp_reduce_mont && f->mont, "%s: reducer", c->name);
    else if (!strcmp(c->name, "tiny_opf"))
        /* p = 13 * 2^8 + 1 is 1 mod 2^W only at 8-bit limbs */
        CHECK(f->reduce == (SC_WORD_BITS == 8 ? sc_fp_reduce_opf : sc_fp_reduce_mont) && f->mont &&
              f->p[0] == (SC_WORD_BITS == 8 ? 1u : 3329u), "%s: reducer", c->name);
    else
        CHECK(0, "%s: unknown tiny curve", c->name);
    CHECK(c->ep->fn->reduce == sc_fp_reduce_mont && c->ep->fn->mont && c->h == 1 && !c->eb, "%s: Z/nZ", c->name);
}

static void timed(const char *what, void (*fn)(const ref_curve *), const ref_curve *R)
{
    clock_t t0 = clock();
    long f0 = tu_fail;
    fn(R);
    printf("  %-10s %6.2f s cpu%s\n", what, (double)(clock() - t0) / CLOCKS_PER_SEC, tu_fail > f0 ? "  FAILED" : "");
}

int main(void)
{
    size_t i;
    for (i = 0; i < sc_tiny_curve_count; i++) {
        ref_curve R;
        memset(&R, 0, sizeof R);
        ref_build(&R, &sc_tiny_curves[i]);
        printf("%s: %s = %u, n = %u, points with x = 0: %u\n", R.c->name, R.bin ? "2^m" : "p", R.p, R.n,
               x0_points(&R));
        check_reducer(R.c);
        if (R.bin) {
            timed("validate", test_bin_validate, &R);
            timed("eb", test_bin_mul, &R);
            timed("double", test_bin_double, &R);
        } else {
            timed("validate", test_validate, &R);
            timed("ec", test_ec_mul, &R);
            timed("scalarmul", test_scalarmul, &R);
            timed("double", test_double, &R);
        }
        timed("ecdsa", test_ecdsa, &R);
        timed("ecdh", test_ecdh, &R);
        free(R.mult);
    }
    return tu_done("tiny_exhaustive");
}
