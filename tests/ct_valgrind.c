/* Constant-time test: run under valgrind memcheck in the SC_CT_VALGRIND build.
 *
 * Private keys, nonces, hedging data and OS randomness are marked undefined
 * (VALGRIND_MAKE_MEM_UNDEFINED, and SC_CLASSIFY inside sc_random), so memcheck
 * reports every branch and every memory index that depends on them.  The
 * library declassifies only published values (validity verdicts, signatures);
 * the test declassifies the outputs it checks.  valgrind must report no error
 * in the real checks (VALGRIND_COUNT_ERRORS == 0); a negative control then
 * runs a variable-time routine on a secret and must be reported, which shows
 * the tainting works.
 *
 * Curves: the five SEC 2 prime curves, opf160 (and opf256 at 32/64-bit limbs:
 * the OPF reducer is one code path at every size), and binary curves through the same pk calls
 * (keygen, pubkey, signing, ECDH, cofactor and ephemeral ECDH, key files, PEM key
 * files parsed with every byte of the file secret: the eb
 * Montgomery ladder on secret scalars): sect163r1 (general a) and sect233k1
 * (Koblitz, h = 4) at 32/64-bit limbs, sect163k1 alone at 8/16-bit limbs
 * (slow under valgrind). */
#include "testutil.h"
#include <seacurve/seacurve.h>
#include <seacurve/fp.h>
#include <seacurve/ec.h>
#include <seacurve/scalarmul.h>
#include <seacurve/coords.h>
#include <seacurve/mp.h>
#include "ec/ec_internal.h"
#include <valgrind/memcheck.h>
#include <string.h>

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

/* The constant-time variable-base methods of scalarmul.h (Montgomery ladder, co-Z
 * ladder, regular fixed window) in every constant-time coordinate system they
 * support, on secret scalars: a random one (from sc_keygen) and n - 1 (the
 * co-Z ladder's folded edge case); results checked against sc_ec_mul on a
 * public copy.  At 8/16-bit limbs (slow under valgrind) only the random
 * scalar, and one window of fixwin per curve (rotating). */
static void ct_scalarmul_methods(const sc_curve *cv, size_t ci)
{
    static const char *const names[] = { "ladder", "coz_ladder", "fixwin" };
    const sc_ep_curve *c = cv->ep;
    const size_t nw = c->fn->nw;
    sc_word kpub[2][SC_FP_MAXW], k[SC_FP_MAXW], two[SC_FP_MAXW] = { 2 };
    uint8_t kb[SC_FP_MAXBYTES];
    sc_ep_aff p, r, want;
    size_t mi, si, j, nk = SC_WORD_BITS >= 32 ? 2 : 1;
    unsigned w;

    /* a public base point other than G: 2G */
    CHECK(sc_ec_mul_gen(&p, two, c) == SC_OK, "%s: 2G", cv->name);
    CHECK(sc_keygen(cv, kb, cv->nlen) == SC_OK, "%s: keygen for the scalarmul scalar", cv->name);
    PUBLIC(kb, cv->nlen);                /* the test's public copy; marked secret per run below */
    memset(kpub, 0, sizeof kpub);
    sc_mp_from_be(kpub[0], nw, kb, cv->nlen);
    sc_mp_copy(kpub[1], c->fn->p, nw);
    kpub[1][0] = (sc_word)(kpub[1][0] - 1u);  /* n - 1 (n is odd) */
    for (mi = 0; mi < sizeof names / sizeof names[0]; mi++) {
        const sc_scalarmul_method *m = sc_scalarmul_find(names[mi]);
        if (!CHECK(m != NULL && m->ct, "scalarmul method %s registered, constant time", names[mi]))
            continue;
        for (si = 0; si < sc_coords_count(); si++) {
            const sc_coords_sys *s = sc_coords_at(si);
            unsigned wlo = m->wmin, whi = m->wmax;
            if (!sc_scalarmul_supports(m, s))
                continue;
            if (SC_WORD_BITS < 32 && m->wmin)
                wlo = whi = m->wmin + (unsigned)(ci % (size_t)(m->wmax - m->wmin + 1u));
            for (w = wlo; w <= whi; w++) {
                for (j = 0; j < nk; j++) {
                    sc_err e, ew;
                    memcpy(k, kpub[j], sizeof k);
                    SECRET(k, sizeof k);
                    e = m->var(&r, k, &p, w, s, c);
                    PUBLIC(&r, sizeof r);
                    PUBLIC(&e, sizeof e);
                    ew = sc_ec_mul(&want, kpub[j], &p, c);
                    CHECK(e == ew && sc_fp_eq(r.x, want.x, c->fp) && sc_fp_eq(r.y, want.y, c->fp),
                          "%s: scalarmul %s in %s, w=%u, scalar %zu", cv->name, m->name, s->name, w, j);
                }
            }
        }
    }
    memset(kb, 0, sizeof kb);
}

/* The methods behind sc_ec_mul, whichever this build's default is: the co-Z
 * ladder, the fixed window (w = 4) with its table in both forms and, on
 * secp256k1, the GLV multiplication (sc_ec_mul_glv: split, skews, signs and
 * both half-scalars' digits from the secret), on the secret scalars of
 * ct_scalarmul_methods (a random one and n - 1), against each other and
 * sc_ec_mul_gen on a public copy. */
static void ct_ec_methods(const sc_curve *cv)
{
    const sc_ep_curve *c = cv->ep;
    const size_t nw = c->fn->nw;
    sc_word kpub[2][SC_FP_MAXW], k[SC_FP_MAXW];
    uint8_t kb[SC_FP_MAXBYTES];
    sc_ep_aff g, r[4], want;
    sc_err e[4], ew;
    size_t j, m, nm = strcmp(cv->name, "secp256k1") == 0 ? 4 : 3;

    sc_ep_generator(&g, c);
    CHECK(sc_keygen(cv, kb, cv->nlen) == SC_OK, "%s: keygen for the ec scalar", cv->name);
    PUBLIC(kb, cv->nlen);
    memset(kpub, 0, sizeof kpub);
    sc_mp_from_be(kpub[0], nw, kb, cv->nlen);
    sc_mp_copy(kpub[1], c->fn->p, nw);
    kpub[1][0] = (sc_word)(kpub[1][0] - 1u);  /* n - 1 (n is odd) */
    for (j = 0; j < 2; j++) {
        memcpy(k, kpub[j], sizeof k);
        SECRET(k, sizeof k);
        e[0] = sc_ec_mul_ladder(&r[0], k, &g, c);
        e[1] = sc_ec_mul_fixwin_form(&r[1], k, &g, c, 4, 0);
        e[2] = sc_ec_mul_fixwin_form(&r[2], k, &g, c, 4, 1);
        if (nm > 3)
            e[3] = sc_ec_mul_glv(&r[3], k, &g, c);
        PUBLIC(r, sizeof r);
        PUBLIC(e, sizeof e);
        ew = sc_ec_mul_gen(&want, kpub[j], c);
        for (m = 0; m < nm; m++)
            CHECK(e[m] == ew && sc_fp_eq(r[m].x, want.x, c->fp) && sc_fp_eq(r[m].y, want.y, c->fp),
                  "%s: ec method %zu (ladder, fixwin Jacobian, fixwin affine, GLV), scalar %zu", cv->name, m, j);
    }
}

/* The x86-64 MULX kernels on secret inputs.  valgrind hides BMI2 and ADX
 * from CPUID, so under it the library never dispatches to its MULX kernels
 * (sc_mp_set_accel reports them unavailable); it does execute MULX / ADCX /
 * ADOX, so the kernels are called directly here where the host CPU has them
 * (/proc/cpuinfo, which valgrind passes through). */
#if SC_WORD_BITS == 64 && defined(__x86_64__) &&                                                            \
    (SC_CURVE_SECP256R1 || SC_CURVE_SECP224R1 || SC_CURVE_SECP256K1 || SC_CURVE_SECP192R1 || SC_CURVE_SECP160R1)
#include <stdio.h>

static int host_has_bmi2_adx(void)
{
    char line[4096];
    int bmi2 = 0, adx = 0;
    FILE *fp = fopen("/proc/cpuinfo", "r");
    if (!fp)
        return 0;
    while (fgets(line, sizeof line, fp))
        if (strncmp(line, "flags", 5) == 0) {
            bmi2 = strstr(line, " bmi2") != NULL;
            adx = strstr(line, " adx") != NULL;
            break;
        }
    fclose(fp);
    return bmi2 && adx;
}
#endif

/* The secp256k1 kernels (port/x86_64/mp_secp256k1_mulx.c): a chain of
 * products and squares of secret values, the result checked against the C
 * path on a public copy. */
#if SC_WORD_BITS == 64 && defined(__x86_64__) && SC_CURVE_SECP256K1
void sc_fp_mul_secp256k1_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void sc_fp_sqr_secp256k1_mulx(uint64_t r[4], const uint64_t a[4]);

static void ct_secp256k1_kernels(void)
{
    const sc_curve *cv = sc_curve_find("secp256k1");
    const sc_fp_field *f;
    uint64_t a[4], b[4], x[4], y[4];
    sc_fe pa, pb, px;
    int i;
    if (!cv || !host_has_bmi2_adx())
        return;
    f = cv->ep->fp;
    for (i = 0; i < 4; i++) {
        a[i] = tu_rand64();
        b[i] = tu_rand64();
    }
    a[3] >>= 1;   /* below p */
    b[3] >>= 1;
    memcpy(pa, a, sizeof a);
    memcpy(pb, b, sizeof b);
    SECRET(a, sizeof a);
    SECRET(b, sizeof b);
    for (i = 0; i < 64; i++) {
        sc_fp_mul_secp256k1_mulx(x, a, b);
        sc_fp_sqr_secp256k1_mulx(y, x);
        memcpy(a, y, sizeof a);
        sc_fp_mul(px, pa, pb, f);
        sc_fp_sqr(pa, px, f);
    }
    PUBLIC(a, sizeof a);
    CHECK(memcmp(a, pa, sizeof a) == 0, "secp256k1 MULX kernels = C path on secret inputs");
}
#endif

/* The 4-word generic Montgomery kernels (port/x86_64/mp_mont4_mulx.c) on
 * the fields of opf224 and opf256 and on P-256's group order: a chain of
 * products and squares of secret values, checked against the C path on a
 * public copy. */
#if SC_WORD_BITS == 64 && defined(__x86_64__) && (SC_CURVE_SECP256K1 || SC_CURVE_SECP256R1 || SC_CURVE_SECP224R1)
void sc_fp_mul_mont4_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const sc_fp_field *f);
void sc_fp_sqr_mont4_mulx(uint64_t r[4], const uint64_t a[4], const sc_fp_field *f);

static void ct_mont4_kernel(const sc_fp_field *f)
{
    uint64_t a[4], b[4], x[4], y[4];
    sc_fe pa, pb, px;
    int i;
    for (i = 0; i < 4; i++) {
        a[i] = tu_rand64();
        b[i] = tu_rand64();
    }
    a[3] &= ((uint64_t)1 << (f->bits - 193)) - 1;   /* below 2^(bits-1) < p */
    b[3] &= ((uint64_t)1 << (f->bits - 193)) - 1;
    memcpy(pa, a, sizeof a);
    memcpy(pb, b, sizeof b);
    SECRET(a, sizeof a);
    SECRET(b, sizeof b);
    for (i = 0; i < 64; i++) {
        sc_fp_mul_mont4_mulx(x, a, b, f);
        sc_fp_sqr_mont4_mulx(y, x, f);
        memcpy(a, y, sizeof a);
        sc_fp_mul(px, pa, pb, f);
        sc_fp_sqr(pa, px, f);
    }
    PUBLIC(a, sizeof a);
    CHECK(memcmp(a, pa, sizeof a) == 0, "%s: 4-word Montgomery MULX kernels = C path on secret inputs", f->name);
}

static void ct_mont4_kernels(void)
{
    static const char *const names[] = { "opf224", "opf256", "secp256r1" };
    size_t i;
    if (!host_has_bmi2_adx())
        return;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        const sc_curve *cv = sc_curve_find(names[i]);
        if (!cv)
            continue;
        ct_mont4_kernel(i < 2 ? cv->ep->fp : cv->ep->fn);
    }
}
#endif

/* The AVX2 table scan (port/x86_64/mp_select_avx2.c) with a secret index,
 * called directly: the library reaches it through sc_mp_select_accel where
 * CPUID reports AVX2, which valgrind may or may not pass through, so the
 * kernel is run here where the host has it (/proc/cpuinfo), on every length
 * it takes, and the result checked against plain indexing on a public copy. */
#if SC_WORD_BITS == 64 && defined(__x86_64__)
#include <stdio.h>
int sc_mp_select_avx2(uint64_t *r, const uint64_t *tab, unsigned n, unsigned idx, size_t len);

static int host_has_avx2(void)
{
    char line[4096];
    int avx2 = 0;
    FILE *fp = fopen("/proc/cpuinfo", "r");
    if (!fp)
        return 0;
    while (fgets(line, sizeof line, fp))
        if (strncmp(line, "flags", 5) == 0) {
            avx2 = strstr(line, " avx2") != NULL;
            break;
        }
    fclose(fp);
    return avx2;
}

static void ct_select_avx2(void)
{
    static const size_t lens[] = { 4, 6, 8, 9, 12 };
    uint64_t tab[32 * 12], r[12];
    unsigned idx, pidx;
    size_t i, l;
    if (!host_has_avx2())
        return;
    for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
        tab[i] = tu_rand64();
    for (l = 0; l < sizeof lens / sizeof lens[0]; l++) {
        pidx = (unsigned)(tu_rand64() % 32u);
        idx = pidx;
        SECRET(&idx, sizeof idx);
        sc_mp_select_avx2(r, tab, 32, idx, lens[l]);
        PUBLIC(r, sizeof r);
        CHECK(memcmp(r, tab + pidx * lens[l], lens[l] * sizeof(uint64_t)) == 0,
              "AVX2 table scan, secret index, len %zu", lens[l]);
    }
}
#endif

/* The safegcd divstep kernel (port/x86_64/divsteps_x86_64.c) inside the
 * constant-time inversion, on secret inputs.  The library takes it where
 * the field kernels' switch is on, which the CPUID probe leaves off under
 * valgrind; the kernel needs no more than x86-64 itself, so the switch is
 * set here for the inversion alone, on every prime field of the build
 * (coordinates and scalars), and the result checked against the C steps on
 * a public copy. */
#if SC_WORD_BITS == 64 && defined(__x86_64__) && defined(SC_FP_HAVE_SAFEGCD)
#include "mp/accel.h"

static void ct_safegcd_kernel(void)
{
    size_t i, j;
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        const sc_fp_field *fs[2];
        size_t k;
        if (!c->ep)
            continue;
        fs[0] = c->ep->fp;
        fs[1] = c->ep->fn;
        for (k = 0; k < 2; k++) {
            const sc_fp_field *f = fs[k];
            sc_fe x, px, r, pr;
            int saved = atomic_load(&sc_mp_fused_state);
            for (j = 0; j < f->nw; j++)
                x[j] = (sc_word)tu_rand64();
            x[f->nw - 1] &= ((sc_word)1 << ((f->bits - 1) % 64)) - 1;   /* below 2^(bits-1) < p */
            memcpy(px, x, sizeof x);
            SECRET(x, sizeof x);
            atomic_store(&sc_mp_fused_state, 1);
            sc_fp_inv_safegcd(r, x, f);
            atomic_store(&sc_mp_fused_state, 0);
            sc_fp_inv_safegcd(pr, px, f);
            atomic_store(&sc_mp_fused_state, saved);
            PUBLIC(r, sizeof r);
            CHECK(memcmp(r, pr, f->nw * sizeof(sc_word)) == 0, "%s: safegcd kernel = C steps on a secret input (%s)",
                  c->name, k ? "scalars" : "coordinates");
        }
    }
}
#endif

/* The P-256, P-224, secp256k1, P-192 and secp160r1 point routines of
 * port/x86_64/ep_p256_mulx.c, ep_p224_mulx.c, ep_k1_mulx.c, ep_p192_mulx.c
 * and ep_secp160r1_mulx.c (and the P-256 squaring) on secret points,
 * called directly as the secp256k1 kernels above: a chain of doublings, mixed and Jacobian
 * additions (incomplete, and with the mask of the complete additions'
 * P == Q test) on secret coordinates, checked against the generic formulas
 * of ep.c on public copies. */
#if SC_WORD_BITS == 64 && defined(__x86_64__) &&                                                            \
    (SC_CURVE_SECP256R1 || SC_CURVE_SECP224R1 || SC_CURVE_SECP256K1 || SC_CURVE_SECP192R1 || SC_CURVE_SECP160R1)
#include "ep/ep_internal.h"
void sc_fp_sqr_p256_mulx(uint64_t r[4], const uint64_t a[4]);

typedef struct {
    const char *curve;
    void (*dbl)(sc_ep_jac *q);
    uint64_t (*madd)(sc_ep_jac *o, const sc_ep_jac *p, const uint64_t *qx, const uint64_t *qy, uint64_t *a,
                     uint64_t *b, uint64_t *h_out, int mode);
    uint64_t (*add)(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const uint64_t *zc, int mode);
} ct_mulx;

static void ct_mulx_points(const ct_mulx *km)
{
    const sc_curve *cv = sc_curve_find(km->curve);
    const sc_ep_curve *c;
    const sc_fp_field *f;
    sc_ep_aff g, q, pq;
    sc_ep_jac j, k, pj, pk;
    sc_fe ta, tb, h, ph, x, px;
    uint64_t same[2], zdiff = 0;
    int i;
    if (!cv || !host_has_bmi2_adx())
        return;
    c = cv->ep;
    f = c->fp;
    memset(&pj, 0, sizeof pj);                      /* the words above nw too, for memcmp */
    memset(&pk, 0, sizeof pk);
    sc_ep_generator(&g, c);
    sc_ep_dbl_aff(&pj, &g, c);                     /* 2G, Z != 1 */
    sc_ep_jac_from_aff(&pk, &g, c);
    sc_ep_dbl_jac(&pk, &pk, c);
    sc_ep_add_mixed_var(&pk, &pk, &g, c);           /* 3G */
    sc_ep_dbl_jac(&pk, &pk, c);                     /* 6G */
    pq = g;
    j = pj;
    k = pk;
    q = pq;
    SECRET(&j, sizeof j);
    SECRET(&k, sizeof k);
    SECRET(&q, sizeof q);
    for (i = 0; i < 8; i++) {
        km->dbl(&j);
        (void)km->madd(&j, &j, q.x, q.y, ta, tb, h, 0);
        same[0] = km->madd(&k, &k, q.x, q.y, ta, tb, NULL, 1);
        {   /* the addition with q's Z^2 and Z^3 given: the same words */
            uint64_t zc[2 * SC_FP_MAXW];
            sc_ep_jac jz = j;
            size_t w;
            sc_fp_sqr(zc, k.z, f);
            sc_fp_mul(zc + f->nw, zc, k.z, f);
            (void)km->add(&jz, &jz, &k, zc, 1);
            same[1] = km->add(&j, &j, &k, NULL, 1);
            for (w = 0; w < f->nw; w++)
                zdiff |= (jz.x[w] ^ j.x[w]) | (jz.y[w] ^ j.y[w]) | (jz.z[w] ^ j.z[w]);
        }
        (void)km->add(&k, &k, &j, NULL, 0);
        sc_ep_dbl_jac(&pj, &pj, c);
        sc_ep_add_mixed_zr(&pj, &pj, pq.x, pq.y, ta, tb, ph, c);
        sc_ep_add_mixed_inc(&pk, &pk, &pq, c);
        sc_ep_add_jac_inc(&pj, &pj, &pk, c);
        sc_ep_add_jac_inc(&pk, &pk, &pj, c);
    }
    memcpy(x, j.x, sizeof x);
    sc_fp_sqr(px, pj.x, f);
    if (strcmp(km->curve, "secp256r1") == 0)      /* the P-256 squaring on its own */
        sc_fp_sqr_p256_mulx(x, x);
    else
        memcpy(x, px, sizeof x);
    PUBLIC(&j, sizeof j);
    PUBLIC(&k, sizeof k);
    PUBLIC(h, sizeof h);
    PUBLIC(x, sizeof x);
    PUBLIC(same, sizeof same);
    PUBLIC(&zdiff, sizeof zdiff);
    CHECK(memcmp(&j, &pj, sizeof j) == 0 && memcmp(&k, &pk, sizeof k) == 0 && sc_fp_eq(h, ph, f) &&
              sc_fp_eq(x, px, f) && same[0] == 0 && same[1] == 0 && zdiff == 0,
          "%s MULX point routines = generic formulas on secret points", km->curve);
    sc_memzero(ta, sizeof ta);
    sc_memzero(tb, sizeof tb);
}
#endif

int main(void)
{
    size_t i;
    if (!CHECK(RUNNING_ON_VALGRIND, "ct_valgrind must run under valgrind (ctest does this)"))
        return tu_done("ct_valgrind");
#if SC_WORD_BITS == 64 && defined(__x86_64__) && SC_CURVE_SECP256K1
    ct_secp256k1_kernels();
#endif
#if SC_WORD_BITS == 64 && defined(__x86_64__)
    ct_select_avx2();
#endif
#if SC_WORD_BITS == 64 && defined(__x86_64__) && defined(SC_FP_HAVE_SAFEGCD)
    ct_safegcd_kernel();
#endif
#if SC_WORD_BITS == 64 && defined(__x86_64__) && (SC_CURVE_SECP256K1 || SC_CURVE_SECP256R1 || SC_CURVE_SECP224R1)
    ct_mont4_kernels();
#endif
#if SC_WORD_BITS == 64 && defined(__x86_64__) &&                                                            \
    (SC_CURVE_SECP256R1 || SC_CURVE_SECP224R1 || SC_CURVE_SECP256K1 || SC_CURVE_SECP192R1 || SC_CURVE_SECP160R1)
    {
        static const ct_mulx km[] = {
            {"secp256r1", sc_ep_dbl_p256_mulx, sc_ep_madd_p256_mulx, sc_ep_add_p256_mulx},
            {"secp224r1", sc_ep_dbl_p224_mulx, sc_ep_madd_p224_mulx, sc_ep_add_p224_mulx},
            {"secp192r1", sc_ep_dbl_p192_mulx, sc_ep_madd_p192_mulx, sc_ep_add_p192_mulx},
            {"secp160r1", sc_ep_dbl_secp160r1_mulx, sc_ep_madd_secp160r1_mulx, sc_ep_add_secp160r1_mulx},
        };
        size_t n;
        for (n = 0; n < sizeof km / sizeof km[0]; n++)
            ct_mulx_points(&km[n]);
    }
    {
        static const ct_mulx k1 = {"secp256k1", sc_ep_dbl_k1_mulx, sc_ep_madd_k1_mulx, sc_ep_add_k1_mulx};
        ct_mulx_points(&k1);
    }
#endif
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        if (c->eb && !(SC_WORD_BITS >= 32 ? strcmp(c->name, "sect163r1") == 0 || strcmp(c->name, "sect233k1") == 0
                                          : strcmp(c->name, "sect163k1") == 0))
            continue;
        /* the opf curves share one reducer and one code path at every size: opf160 and, at
         * 32/64-bit limbs (where the 4-word fast path differs from the 3-word one), opf256 */
        if (strncmp(c->name, "opf", 3) == 0 && strcmp(c->name, "opf160") != 0 &&
            !(SC_WORD_BITS >= 32 && strcmp(c->name, "opf256") == 0))
            continue;
        uint8_t d_plain[SC_FP_MAXBYTES], d[SC_FP_MAXBYTES], d2[SC_FP_MAXBYTES], k[SC_FP_MAXBYTES], extra[32];
        uint8_t pub[SC_PK_MAX_PUB], pubc[SC_PK_MAX_PUB], pub2[SC_PK_MAX_PUB];
        uint8_t sig[SC_PK_MAX_SIG], s1[SC_FP_MAXBYTES], s2[SC_FP_MAXBYTES], dig[32];
        size_t publen = sizeof pub, pubclen = sizeof pubc, pub2len = sizeof pub2, siglen = 2u * c->nlen;
        int rep;

        for (rep = 0; rep < 2; rep++) {
            /* key generation: the randomness is classified inside sc_random */
            CHECK(sc_keygen(c, d, c->nlen) == SC_OK, "%s keygen", c->name);
            CHECK(sc_keygen(c, d2, c->nlen) == SC_OK, "%s keygen 2", c->name);
            memcpy(d_plain, d, c->nlen);
            PUBLIC(d_plain, c->nlen);  /* the test's own copy, for comparisons */
            SECRET(d, c->nlen);
            SECRET(d2, c->nlen);
            publen = sizeof pub;
            pubclen = sizeof pubc;
            pub2len = sizeof pub2;
            CHECK(sc_pubkey(c, pub, &publen, 0, d, c->nlen) == SC_OK, "%s pubkey", c->name);
            CHECK(sc_pubkey(c, pubc, &pubclen, 1, d, c->nlen) == SC_OK, "%s pubkey compressed", c->name);
            CHECK(sc_pubkey(c, pub2, &pub2len, 0, d2, c->nlen) == SC_OK, "%s pubkey 2", c->name);

            /* deterministic and hedged ECDSA */
            tu_rand_bytes(dig, sizeof dig);
            CHECK(sc_ecdsa_sign(c, sig, siglen, dig, sizeof dig, SC_HASH_SHA256, d, c->nlen, NULL, 0) == SC_OK,
                  "%s sign", c->name);
            PUBLIC(sig, siglen);
            CHECK(sc_ecdsa_verify(c, sig, siglen, dig, sizeof dig, pub, publen) == SC_OK, "%s verify", c->name);
            tu_rand_bytes(extra, sizeof extra);
            SECRET(extra, sizeof extra);
            CHECK(sc_ecdsa_sign(c, sig, siglen, dig, sizeof dig, SC_HASH_SHA256, d, c->nlen, extra,
                                sizeof extra) == SC_OK, "%s hedged sign", c->name);
            PUBLIC(sig, siglen);
            CHECK(sc_ecdsa_verify(c, sig, siglen, dig, sizeof dig, pubc, pubclen) == SC_OK, "%s verify hedged",
                  c->name);

            /* explicit nonce */
            CHECK(sc_keygen(c, k, c->nlen) == SC_OK, "%s nonce", c->name);
            SECRET(k, c->nlen);
            CHECK(sc_ecdsa_sign_with_k(c, sig, siglen, dig, sizeof dig, d, c->nlen, k, c->nlen) == SC_OK,
                  "%s sign_with_k", c->name);
            PUBLIC(sig, siglen);
            CHECK(sc_ecdsa_verify(c, sig, siglen, dig, sizeof dig, pub, publen) == SC_OK, "%s verify k", c->name);

            /* ECDH both ways */
            CHECK(sc_ecdh(c, s1, c->flen, d, c->nlen, pub2, pub2len) == SC_OK, "%s ecdh 1", c->name);
            CHECK(sc_ecdh(c, s2, c->flen, d2, c->nlen, pubc, pubclen) == SC_OK, "%s ecdh 2", c->name);
            PUBLIC(s1, c->flen);
            PUBLIC(s2, c->flen);
            CHECK(memcmp(s1, s2, c->flen) == 0, "%s ecdh agree", c->name);
            CHECK(sc_ecdh_cofactor(c, s1, c->flen, d, c->nlen, pub2, pub2len) == SC_OK, "%s cofactor ecdh 1", c->name);
            CHECK(sc_ecdh_cofactor(c, s2, c->flen, d2, c->nlen, pubc, pubclen) == SC_OK, "%s cofactor ecdh 2", c->name);
            PUBLIC(s1, c->flen);
            PUBLIC(s2, c->flen);
            CHECK(memcmp(s1, s2, c->flen) == 0, "%s cofactor ecdh agree", c->name);
            /* the restartable operations (restart.h) at budget 8: keygen, pubkey, sign, ECDH */
            {
                uint8_t dk[SC_FP_MAXBYTES], out[SC_PK_MAX_PUB];
                size_t outlen = sizeof out;
                sc_op op;
                sc_err e = sc_keygen_start(&op, c, dk, c->nlen);
                while (e == SC_IN_PROGRESS)
                    e = sc_op_step(&op, 8);
                CHECK(e == SC_OK, "%s sliced keygen", c->name);
                e = sc_pubkey_start(&op, c, out, &outlen, 0, d, c->nlen);
                while (e == SC_IN_PROGRESS)
                    e = sc_op_step(&op, 8);
                CHECK(e == SC_OK && outlen == publen && memcmp(out, pub, publen) == 0, "%s sliced pubkey", c->name);
                e = sc_ecdsa_sign_start(&op, c, out, siglen, dig, sizeof dig, SC_HASH_SHA256, d, c->nlen, NULL, 0);
                while (e == SC_IN_PROGRESS)
                    e = sc_op_step(&op, 8);
                PUBLIC(out, siglen);
                CHECK(e == SC_OK && sc_ecdsa_verify(c, out, siglen, dig, sizeof dig, pub, publen) == SC_OK,
                      "%s sliced sign", c->name);
                e = sc_ecdh_start(&op, c, out, c->flen, d, c->nlen, pub2, pub2len);
                while (e == SC_IN_PROGRESS)
                    e = sc_op_step(&op, 8);
                CHECK(sc_ecdh(c, s1, c->flen, d, c->nlen, pub2, pub2len) == SC_OK, "%s ecdh again", c->name);
                PUBLIC(out, c->flen);
                PUBLIC(s1, c->flen);
                CHECK(e == SC_OK && memcmp(out, s1, c->flen) == 0, "%s sliced ecdh", c->name);
            }
            /* ephemeral ECDH: its private key comes from sc_random (classified there) */
            pubclen = sizeof pubc;
            CHECK(sc_ecdh_ephemeral(c, pubc, &pubclen, s1, c->flen, pub2, pub2len) == SC_OK, "%s ephemeral ecdh",
                  c->name);
            CHECK(sc_ecdh(c, s2, c->flen, d2, c->nlen, pubc, pubclen) == SC_OK, "%s ecdh with the ephemeral key",
                  c->name);
            PUBLIC(s1, c->flen);
            PUBLIC(s2, c->flen);
            CHECK(memcmp(s1, s2, c->flen) == 0, "%s ephemeral ecdh agree", c->name);

            /* key files holding the secret: encode (DER and PEM) and parse back */
            {
                sc_key key, back;
                uint8_t der[512], pem[1024];
                size_t derlen = sizeof der, pemlen = sizeof pem;
                memset(&key, 0, sizeof key);
                key.curve = c;
                key.has_priv = 1;
                memcpy(key.priv, d, c->nlen);   /* still secret (undefined) */
                CHECK(sc_key_encode(pem, &pemlen, &key, SC_KEYFMT_PKCS8, 1) == SC_OK, "%s encode PKCS#8 PEM",
                      c->name);
                CHECK(sc_key_encode(der, &derlen, &key, SC_KEYFMT_SEC1, 0) == SC_OK, "%s encode SEC1 DER",
                      c->name);
                /* the DER is public except the private-key bytes (and the pubkey derived from them) */
                PUBLIC(der, derlen);
                {
                    size_t off;
                    for (off = 0; off + c->nlen <= derlen; off++)
                        if (memcmp(der + off, d_plain, c->nlen) == 0)
                            break;
                    CHECK(off + c->nlen <= derlen, "%s private key found in the DER", c->name);
                    if (off + c->nlen <= derlen)
                        SECRET(der + off, c->nlen);
                }
                CHECK(sc_key_parse(&back, der, derlen) == SC_OK, "%s parse SEC1 DER", c->name);
                PUBLIC(back.priv, sizeof back.priv);
                CHECK(back.has_priv && memcmp(back.priv, d_plain, c->nlen) == 0, "%s parsed key", c->name);
                sc_key_wipe(&back);
                /* PEM key files (SEC1 and PKCS#8) read with every byte of the file secret:
                 * the library may publish only the layout (line breaks, markers), the DER
                 * structure and the public key, never the base64 characters themselves */
                {
                    static const sc_key_format fmts[2] = { SC_KEYFMT_SEC1, SC_KEYFMT_PKCS8 };
                    size_t fi;
                    for (fi = 0; fi < 2; fi++) {
                        pemlen = sizeof pem;
                        CHECK(sc_key_encode(pem, &pemlen, &key, fmts[fi], 1) == SC_OK, "%s encode %s PEM",
                              c->name, fi ? "PKCS#8" : "SEC1");
                        SECRET(pem, pemlen);
                        CHECK(sc_key_parse(&back, pem, pemlen) == SC_OK, "%s parse %s PEM", c->name,
                              fi ? "PKCS#8" : "SEC1");
                        PUBLIC(&back, sizeof back);
                        CHECK(back.has_priv && memcmp(back.priv, d_plain, c->nlen) == 0 && back.has_pub &&
                                  back.publen == publen && memcmp(back.pub, pub, publen) == 0,
                              "%s key parsed from %s PEM", c->name, fi ? "PKCS#8" : "SEC1");
                        sc_key_wipe(&back);
                    }
                }
                sc_key_wipe(&key);
            }
        }
        if (c->ep) {
            ct_scalarmul_methods(c, i);
            ct_ec_methods(c);
        }
        printf("ct_valgrind: %s: keygen, pubkey, sign (RFC 6979, hedged, explicit k), ECDH, cofactor ECDH%s checked\n",
               c->name, c->ep ? ", scalarmul ct methods, ec ladder and fixed window" : "");
    }
    {
        unsigned errors = VALGRIND_COUNT_ERRORS;
        const sc_fp_field *f = sc_curve_find("secp256r1")->ep->fn;
        sc_fe x, y;
        CHECK(errors == 0, "valgrind reported %u uses of secret data (see above)", errors);
        printf("ct_valgrind: %u valgrind reports in the checks above\n", errors);
        /* negative control: binary-EEA inversion branches on its input */
        printf("ct_valgrind: negative control: valgrind reports on sc_fp_inv_eea_var are expected below\n");
        fflush(stdout);
        sc_fp_set_one(x, f);
        sc_fp_add(x, x, x, f);
        SECRET(x, sizeof x);
        sc_fp_inv_eea_var(y, x, f);
        PUBLIC(y, sizeof y);
        CHECK(VALGRIND_COUNT_ERRORS > errors, "negative control: valgrind missed a secret-dependent branch");
    }
    return tu_done("ct_valgrind");
}
