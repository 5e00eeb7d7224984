/* sc-bench-eb: the binary curves (src/eb, src/fb) against OpenSSL's EC2M and
 * BN_GF2m code, same process, same inputs (docs/binary.md, "Measured against OpenSSL").
 *
 * A program of its own rather than rows of `seacurve bench`: that tool runs
 * on the curve descriptors (sc_curve) and the pk API; these rows measure the
 * binary-curve arithmetic itself and use only eb.h / fb.h.  Timing and report: bench_core (calibrated batches, medians,
 * TSC cycles and ns).  Every seacurve result is checked against OpenSSL
 * before it is timed.
 *
 * Measuring on a loaded machine: by default each seacurve operation and its
 * OpenSSL counterpart are timed in alternating batches (calibrated to at
 * least 2 ms each; 31 pairs, 9 with --quick), and the fastest batch of each
 * is reported: load from other processes only ever adds time, and both sides
 * see the same load.  --median reports bench_core's median of consecutive
 * batches instead (bc_measure, as `seacurve bench` does).
 *
 * Usage: sc-bench-eb [--quick] [--median] [--json|--csv] [curve ...]   (default: all nine) */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "bench_core.h"
#include <seacurve/eb.h>
#include <seacurve/fb.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/rand.h>
#include <stdlib.h>
#include <string.h>

static const struct { const char *name; int nid; } nids[] = {
    { "sect163k1", NID_sect163k1 }, { "sect163r1", NID_sect163r1 }, { "sect163r2", NID_sect163r2 },
    { "sect233k1", NID_sect233k1 }, { "sect233r1", NID_sect233r1 }, { "sect283k1", NID_sect283k1 },
    { "sect283r1", NID_sect283r1 }, { "sect409k1", NID_sect409k1 }, { "sect409r1", NID_sect409r1 },
};

typedef struct {
    const sc_eb_curve *c;
    const sc_fb_field *f;
    sc_word k[SC_EB_NW], u1[SC_EB_NW], u2[SC_EB_NW];
    sc_eb_aff P, R;
    sc_fb_elt fa, fb, fr;
    EC_GROUP *g;
    EC_POINT *op, *ores;
    BN_CTX *bn;
    BIGNUM *ok, *ou1, *ou2, *ba, *bb, *br;
    int parr[6];
    volatile sc_word sink;
} st_t;

/* big-endian bytes <-> little-endian words */
static void words_to_bytes(uint8_t *out, size_t len, const sc_word *w, size_t nw)
{
    size_t i;
    memset(out, 0, len);
    for (i = 0; i < len && i < nw * sizeof(sc_word); i++)
        out[len - 1 - i] = (uint8_t)(w[i / sizeof(sc_word)] >> (8 * (i % sizeof(sc_word))));
}
static void bytes_to_words(sc_word *w, size_t nw, const uint8_t *in, size_t len)
{
    size_t i;
    memset(w, 0, nw * sizeof(sc_word));
    for (i = 0; i < len && i < nw * sizeof(sc_word); i++)
        w[i / sizeof(sc_word)] |= (sc_word)((sc_word)in[len - 1 - i] << (8 * (i % sizeof(sc_word))));
}

static BIGNUM *bn_of(const sc_word *w, size_t nw)
{
    uint8_t b[SC_EB_KW * sizeof(sc_word)];
    words_to_bytes(b, nw * sizeof(sc_word), w, nw);
    return BN_bin2bn(b, (int)(nw * sizeof(sc_word)), NULL);
}

static void to_ossl(EC_POINT *r, const sc_eb_aff *p, st_t *s)
{
    uint8_t b[SC_FB_MAXBYTES];
    size_t len = sc_fb_bytes(s->f);
    BIGNUM *x, *y;
    sc_fb_to_bytes(b, p->x, s->f);
    x = BN_bin2bn(b, (int)len, NULL);
    sc_fb_to_bytes(b, p->y, s->f);
    y = BN_bin2bn(b, (int)len, NULL);
    EC_POINT_set_affine_coordinates(s->g, r, x, y, s->bn);
    BN_free(x);
    BN_free(y);
}

/* 1 if OpenSSL's point r equals p */
static int same(const EC_POINT *r, const sc_eb_aff *p, st_t *s)
{
    EC_POINT *t = EC_POINT_new(s->g);
    int eq;
    to_ossl(t, p, s);
    eq = !p->inf && EC_POINT_cmp(s->g, t, r, s->bn) == 0;
    EC_POINT_free(t);
    return eq;
}

/* a random scalar below n (nbits - 1 random bits, odd) */
static void rand_scalar(sc_word *k, const sc_eb_curve *c)
{
    uint8_t b[SC_EB_NW * sizeof(sc_word)];
    size_t nb = (size_t)(c->nbits - 1 + 7) / 8;
    RAND_bytes(b, (int)nb);
    if ((c->nbits - 1) % 8)
        b[0] &= (uint8_t)((1u << ((c->nbits - 1) % 8)) - 1u);
    bytes_to_words(k, c->nw, b, nb);
    k[0] |= 1u;
}

static void rand_elt(sc_word *a, const sc_fb_field *f)
{
    uint8_t b[SC_FB_MAXBYTES];
    size_t len = sc_fb_bytes(f);
    RAND_bytes(b, (int)len);
    b[0] &= (uint8_t)((1u << (f->m % 8)) - 1u);
    sc_fb_from_bytes(a, b, len, f);
}

static BIGNUM *bn_elt(const sc_word *a, const sc_fb_field *f)
{
    uint8_t b[SC_FB_MAXBYTES];
    sc_fb_to_bytes(b, a, f);
    return BN_bin2bn(b, (int)sc_fb_bytes(f), NULL);
}

#define OPS(name, body)                                                        \
    static int name(void *arg, long n)                                        \
    {                                                                         \
        st_t *s = arg;                                                        \
        long i;                                                               \
        for (i = 0; i < n; i++) {                                             \
            body;                                                             \
        }                                                                     \
        return 0;                                                             \
    }

OPS(sc_ladder_op, sc_eb_mul_ladder(&s->R, s->k, &s->P, s->c))
OPS(sc_var_op, sc_eb_mul_var(&s->R, s->k, &s->P, s->c))
OPS(os_mul_op, EC_POINT_mul(s->g, s->ores, NULL, s->op, s->ok, s->bn))
OPS(sc_gen_op, sc_eb_mul_gen(&s->R, s->k, s->c))
OPS(os_gen_op, EC_POINT_mul(s->g, s->ores, s->ok, NULL, NULL, s->bn))
OPS(sc_mul2_op, sc_eb_mul2_var(&s->R, s->u1, s->u2, &s->P, s->c))
OPS(os_mul2_op, EC_POINT_mul(s->g, s->ores, s->ou1, s->op, s->ou2, s->bn))
OPS(sc_fmul_op, sc_fb_mul(s->fr, s->fr, s->fb, s->f))
OPS(os_fmul_op, BN_GF2m_mod_mul_arr(s->br, s->br, s->bb, s->parr, s->bn))
OPS(sc_fsqr_op, sc_fb_sqr(s->fr, s->fr, s->f))
OPS(os_fsqr_op, BN_GF2m_mod_sqr_arr(s->br, s->br, s->parr, s->bn))
OPS(sc_finv_op, sc_fb_inv(s->fr, s->fr, s->f))
OPS(os_finv_op, BN_GF2m_mod_inv_arr(s->br, s->br, s->parr, s->bn))

typedef struct {
    const char *name;
    bc_op_fn sc, ref;
    const char *ref_name;
} item_t;

static const item_t items[] = {
    { "k*P ladder (ct)", sc_ladder_op, os_mul_op, "openssl" },
    { "k*P var", sc_var_op, os_mul_op, "openssl" },
    { "k*G (ct)", sc_gen_op, os_gen_op, "openssl" },
    { "u1*G+u2*Q (var)", sc_mul2_op, os_mul2_op, "openssl" },
    { "fb mul", sc_fmul_op, os_fmul_op, "openssl-bn" },
    { "fb sqr", sc_fsqr_op, os_fsqr_op, "openssl-bn" },
    { "fb inv (ct)", sc_finv_op, os_finv_op, "openssl-bn" },
};

/* batch size for op to take at least ns */
static long calibrate(bc_op_fn op, void *arg, double ns)
{
    long n = 1;
    op(arg, 1);
    for (;;) {
        uint64_t t0 = bc_now_ns(), t;
        op(arg, n);
        t = bc_now_ns() - t0;
        if ((double)t >= ns || n >= (1L << 30))
            return n;
        n *= t ? ((double)ns * 1.2 / (double)t > 2 ? (long)((double)ns * 1.2 / (double)t) + 1 : 2) : 100;
    }
}

static void fill(bc_result *r, double ns, double cy, double med, long n, int reps)
{
    memset(r, 0, sizeof *r);
    r->ok = 1;
    r->ns_per_op = ns;
    r->cycles_per_op = bc_have_cycles() ? cy : 0;
    r->ops_per_s = 1e9 / ns;
    r->spread = (med - ns) / ns;
    r->batch = n;
    r->reps = reps;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* alternating batches of a and b; the fastest batch of each (spread: median / min - 1) */
static void measure_pair(bc_result *ra, bc_result *rb, bc_op_fn a, bc_op_fn b, void *arg, int reps)
{
    double ta[64], tb[64], ca = 1e300, cb = 1e300, ma = 1e300, mb = 1e300;
    long na = calibrate(a, arg, 2e6), nb = calibrate(b, arg, 2e6);
    int i;
    for (i = 0; i < reps; i++) {
        uint64_t t0 = bc_now_ns(), c0 = bc_cycles(), t1, c1;
        a(arg, na);
        c1 = bc_cycles();
        t1 = bc_now_ns();
        ta[i] = (double)(t1 - t0) / (double)na;
        if (ta[i] < ma) {
            ma = ta[i];
            ca = (double)(c1 - c0) / (double)na;
        }
        t0 = bc_now_ns();
        c0 = bc_cycles();
        b(arg, nb);
        c1 = bc_cycles();
        t1 = bc_now_ns();
        tb[i] = (double)(t1 - t0) / (double)nb;
        if (tb[i] < mb) {
            mb = tb[i];
            cb = (double)(c1 - c0) / (double)nb;
        }
    }
    qsort(ta, (size_t)reps, sizeof ta[0], cmp_d);
    qsort(tb, (size_t)reps, sizeof tb[0], cmp_d);
    fill(ra, ma, ca, ta[reps / 2], na, reps);
    fill(rb, mb, cb, tb[reps / 2], nb, reps);
}

static int setup(st_t *s, const sc_eb_curve *c, int nid)
{
    sc_eb_aff g;
    int ok = 1;
    size_t i;
    memset(s, 0, sizeof *s);
    s->c = c;
    s->f = c->f;
    s->g = EC_GROUP_new_by_curve_name(nid);
    s->bn = BN_CTX_new();
    s->op = EC_POINT_new(s->g);
    s->ores = EC_POINT_new(s->g);
    sc_eb_generator(&g, c);
    rand_scalar(s->k, c);
    sc_eb_mul_ladder(&s->P, s->k, &g, c);
    rand_scalar(s->k, c);
    rand_scalar(s->u1, c);
    rand_scalar(s->u2, c);
    s->ok = bn_of(s->k, c->nw);
    s->ou1 = bn_of(s->u1, c->nw);
    s->ou2 = bn_of(s->u2, c->nw);
    to_ossl(s->op, &s->P, s);
    /* cross-checks */
    EC_POINT_mul(s->g, s->ores, NULL, s->op, s->ok, s->bn);
    sc_eb_mul_ladder(&s->R, s->k, &s->P, c);
    ok &= same(s->ores, &s->R, s);
    sc_eb_mul_var(&s->R, s->k, &s->P, c);
    ok &= same(s->ores, &s->R, s);
    EC_POINT_mul(s->g, s->ores, s->ok, NULL, NULL, s->bn);
    sc_eb_mul_gen(&s->R, s->k, c);
    ok &= same(s->ores, &s->R, s);
    EC_POINT_mul(s->g, s->ores, s->ou1, s->op, s->ou2, s->bn);
    sc_eb_mul2_var(&s->R, s->u1, s->u2, &s->P, c);
    ok &= same(s->ores, &s->R, s);
    /* field */
    s->parr[0] = s->f->m;
    for (i = 0; i < s->f->nk; i++)
        s->parr[1 + i] = s->f->k[i];
    s->parr[1 + s->f->nk] = 0;
    s->parr[2 + s->f->nk] = -1;
    rand_elt(s->fa, s->f);
    rand_elt(s->fb, s->f);
    s->ba = bn_elt(s->fa, s->f);
    s->bb = bn_elt(s->fb, s->f);
    s->br = BN_new();
    BN_GF2m_mod_mul_arr(s->br, s->ba, s->bb, s->parr, s->bn);
    sc_fb_mul(s->fr, s->fa, s->fb, s->f);
    {
        BIGNUM *t = bn_elt(s->fr, s->f);
        ok &= BN_cmp(t, s->br) == 0;
        BN_free(t);
    }
    sc_fb_copy(s->fr, s->fa, s->f);
    BN_copy(s->br, s->ba);
    return ok;
}

static void teardown(st_t *s)
{
    EC_POINT_free(s->op);
    EC_POINT_free(s->ores);
    EC_GROUP_free(s->g);
    BN_free(s->ok);
    BN_free(s->ou1);
    BN_free(s->ou2);
    BN_free(s->ba);
    BN_free(s->bb);
    BN_free(s->br);
    BN_CTX_free(s->bn);
}

int main(int argc, char **argv)
{
    static st_t st;
    bc_opts o;
    bc_table t;
    bc_format fmt = BC_FMT_TABLE;
    int quick = 0, rc = 0, a, named = 0, use_median = 0;
    size_t i, j;
    char title[256];
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--quick"))
            quick = 1;
        else if (!strcmp(argv[a], "--median"))
            use_median = 1;
        else if (!strcmp(argv[a], "--json"))
            fmt = BC_FMT_JSON;
        else if (!strcmp(argv[a], "--csv"))
            fmt = BC_FMT_CSV;
        else if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
            printf("usage: %s [--quick] [--median] [--json|--csv] [curve ...]\n", argv[0]);
            return 0;
        } else if (!sc_eb_curve_find(argv[a])) {
            fprintf(stderr, "%s: unknown curve %s\n", argv[0], argv[a]);
            return 2;
        } else
            named = 1;
    }
    if (quick)
        bc_opts_quick(&o);
    else
        bc_opts_full(&o);
    snprintf(title, sizeof title, "seacurve binary curves (SC_WORD_BITS=%d, PCLMULQDQ %s) vs %s; %s; %s", SC_WORD_BITS,
             sc_fb_accel() ? "on" : "off", OpenSSL_version(OPENSSL_VERSION), quick ? "quick" : "full",
             use_median ? "median of consecutive batches" : "fastest of alternating batches");
    bc_table_init(&t);
    for (i = 0; i < sizeof nids / sizeof nids[0]; i++) {
        const sc_eb_curve *c = sc_eb_curve_find(nids[i].name);
        int want = !named;
        for (a = 1; a < argc && !want; a++)
            want = !strcmp(argv[a], nids[i].name);
        if (!want || !c)
            continue;
        fprintf(stderr, "%s: %s\n", argv[0], c->name);
        if (!setup(&st, c, nids[i].nid)) {
            fprintf(stderr, "%s: %s: seacurve and OpenSSL disagree; not timed\n", argv[0], c->name);
            rc = 1;
            teardown(&st);
            continue;
        }
        for (j = 0; j < sizeof items / sizeof items[0]; j++) {
            bc_result rs, rr;
            memset(&rs, 0, sizeof rs);
            memset(&rr, 0, sizeof rr);
            if (use_median) {
                bc_measure(&rs, items[j].sc, &st, &o);
                bc_measure(&rr, items[j].ref, &st, &o);
            } else {
                measure_pair(&rs, &rr, items[j].sc, items[j].ref, &st, quick ? 9 : 31);
            }
            bc_table_add(&t, c->name, items[j].name, &rs, items[j].ref_name, &rr);
        }
        teardown(&st);
    }
    bc_table_print(stdout, &t, fmt, title);
    for (i = 0; i < t.n; i++)
        if (!t.rows[i].sc.ok || !t.rows[i].ref.ok)
            rc = 1;
    bc_table_free(&t);
    return rc;
}
