/* fb: GF(2^m) elements, the field table, the production multiply and square
 * (include/seacurve/fb.h) and the glue to the PCLMULQDQ kernels of
 * port/x86_64/fb_clmul.c.
 *
 * Addition is xor; nothing here branches on or indexes by element values.
 * The PCLMULQDQ kernels work on 64-bit pieces: an element of n words is the
 * same little-endian byte string as ceil(nW/64) pieces, so at 8/16/32-bit
 * limbs the glue copies it into zero-padded piece buffers (memcpy; the host
 * is little-endian x86-64), and at 64-bit limbs the words are the pieces. */
#include <string.h>
#include <seacurve/fb.h>
#include <seacurve/fb_methods.h>
#include <seacurve/opcount.h>
#include <seacurve/util.h>
#include "fb/fb_internal.h"

#define W SC_WORD_BITS

/* ---- fields ---- */

size_t sc_fb_field_count(void)
{
    return sc_fb_nfields;
}

const sc_fb_field *sc_fb_field_at(size_t i)
{
    return i < sc_fb_nfields ? &sc_fb_fields[i] : NULL;
}

const sc_fb_field *sc_fb_field_get(unsigned m)
{
    size_t i;
    for (i = 0; i < sc_fb_nfields; i++)
        if (sc_fb_fields[i].m == m)
            return &sc_fb_fields[i];
    return NULL;
}

const sc_fb_field *sc_fb_field_find(const char *name)
{
    unsigned m = 0;
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; i < sc_fb_nfields; i++)
        if (strcmp(name, sc_fb_fields[i].name) == 0)
            return &sc_fb_fields[i];
    /* "sectNNN" followed by k1, r1 or r2 */
    if (strncmp(name, "sect", 4) != 0)
        return NULL;
    for (i = 4; i < 7; i++) {
        if (name[i] < '0' || name[i] > '9')
            return NULL;
        m = 10 * m + (unsigned)(name[i] - '0');
    }
    if (!(strcmp(name + 7, "k1") == 0 || strcmp(name + 7, "r1") == 0 ||
          (m == 163 && strcmp(name + 7, "r2") == 0)))
        return NULL;
    return sc_fb_field_get(m);
}

/* ---- run-time choice of the PCLMULQDQ kernels ---- */

#if SC_FB_HAVE_CLMUL
#include <stdatomic.h>
/* -1: not probed yet; 0 / 1.  Probed once (CPUID). */
static atomic_int fb_clmul_cpu = -1;
static atomic_int fb_accel_state = -1;

int sc_fb_clmul_available(void)
{
    int v = atomic_load_explicit(&fb_clmul_cpu, memory_order_relaxed);
    if (v < 0) {
        v = sc_fb_clmul_cpu();
        atomic_store_explicit(&fb_clmul_cpu, v, memory_order_relaxed);
    }
    return v;
}

int sc_fb_set_accel(int enable)
{
    int on = enable && sc_fb_clmul_available();
    atomic_store_explicit(&fb_accel_state, on, memory_order_relaxed);
    return on;
}

int sc_fb_accel(void)
{
    int v = atomic_load_explicit(&fb_accel_state, memory_order_relaxed);
    if (v < 0) {
        /* first use: probe, but never overwrite a concurrent sc_fb_set_accel */
        int expected = -1, probed = sc_fb_clmul_available();
        if (!atomic_compare_exchange_strong(&fb_accel_state, &expected, probed))
            probed = expected;
        v = probed;
    }
    return v;
}
#else
int sc_fb_clmul_available(void)
{
    return 0;
}

int sc_fb_set_accel(int enable)
{
    (void)enable;
    return 0;
}

int sc_fb_accel(void)
{
    return 0;
}
#endif

/* The portable product of sc_fb_mul: the comb with masked rows, constant time
 * everywhere.  On AVR the comb with direct table lookups instead (1.8x fewer
 * cycles), in 64-bit blocks of b so that its table is 144 bytes at every m
 * (comb4_blk_var): the AVR has no cache and every SRAM load takes 2 cycles
 * whatever its address, so an index into the table leaks nothing in time; the
 * firmware test fw_ct_b163 checks the cycles (docs/binary.md).
 * SC_FB_AVR_MASKED_COMB keeps the masked comb there too. */
#if defined(__AVR__) && !defined(SC_FB_AVR_MASKED_COMB)
#  define FB_PMUL_PORTABLE sc_fb_pmul_comb4_blk_var
#else
#  define FB_PMUL_PORTABLE sc_fb_pmul_comb4
#endif

/* ---- PCLMULQDQ products and reducer (fallbacks: the portable methods) ---- */

#if SC_FB_HAVE_CLMUL && W == 64
/* sc_word is uint64_t: the words are the pieces. */
void sc_fb_pmul_clmul(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    if (!sc_fb_clmul_available()) {
        sc_fb_pmul_comb4(r, a, b, n);
        return;
    }
    sc_fb_clmul_mul64(r, a, b, n);
}

void sc_fb_psqr_clmul(sc_word *r, const sc_word *a, size_t n)
{
    if (!sc_fb_clmul_available()) {
        sc_fb_psqr_spread(r, a, n);
        return;
    }
    sc_fb_clmul_sqr64(r, a, n);
}

void sc_fb_reduce_mult_clmul(sc_word *r, sc_word *c, const sc_fb_field *f)
{
    if (!sc_fb_clmul_available()) {
        sc_fb_reduce_mult(r, c, f);
        return;
    }
    if (!sc_fb_clmul_reduce_t(c, 2u * f->nw, f->m, f->t, f->tw, f->k[0])) {
        sc_fb_reduce_mult(r, c, f);
        return;
    }
    if (r != c)
        memcpy(r, c, f->nw * sizeof(sc_word));
}
#elif SC_FB_HAVE_CLMUL
#define PIECES(nw) (((nw) * (size_t)W + 63u) / 64u)

void sc_fb_pmul_clmul(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    uint64_t pa[SC_FB_MAXP] = { 0 }, pb[SC_FB_MAXP] = { 0 }, pr[2 * SC_FB_MAXP];
    if (!sc_fb_clmul_available()) {
        sc_fb_pmul_comb4(r, a, b, n);
        return;
    }
    memcpy(pa, a, n * sizeof(sc_word));
    memcpy(pb, b, n * sizeof(sc_word));
    sc_fb_clmul_mul64(pr, pa, pb, PIECES(n));
    memcpy(r, pr, 2 * n * sizeof(sc_word));   /* the product fits in 2nW bits */
}

void sc_fb_psqr_clmul(sc_word *r, const sc_word *a, size_t n)
{
    uint64_t pa[SC_FB_MAXP] = { 0 }, pr[2 * SC_FB_MAXP];
    if (!sc_fb_clmul_available()) {
        sc_fb_psqr_spread(r, a, n);
        return;
    }
    memcpy(pa, a, n * sizeof(sc_word));
    sc_fb_clmul_sqr64(pr, pa, PIECES(n));
    memcpy(r, pr, 2 * n * sizeof(sc_word));
}

void sc_fb_reduce_mult_clmul(sc_word *r, sc_word *c, const sc_fb_field *f)
{
    uint64_t pc[2 * SC_FB_MAXP] = { 0 }, pt[2] = { 0, 0 };
    size_t kc = 2 * PIECES(f->nw);
    if (!sc_fb_clmul_available()) {
        sc_fb_reduce_mult(r, c, f);
        return;
    }
    memcpy(pc, c, 2u * f->nw * sizeof(sc_word));
    memcpy(pt, f->t, f->tw * sizeof(sc_word));
    if (!sc_fb_clmul_reduce_t(pc, kc, f->m, pt, (f->k[0] + 64u) / 64u, f->k[0])) {
        sc_fb_reduce_mult(r, c, f);
        return;
    }
    memcpy(r, pc, f->nw * sizeof(sc_word));
}
#else
void sc_fb_pmul_clmul(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    FB_PMUL_PORTABLE(r, a, b, n);
}

void sc_fb_psqr_clmul(sc_word *r, const sc_word *a, size_t n)
{
    sc_fb_psqr_spread(r, a, n);
}

void sc_fb_reduce_mult_clmul(sc_word *r, sc_word *c, const sc_fb_field *f)
{
    sc_fb_reduce_mult(r, c, f);
}
#endif

/* ---- production multiply and square ---- */

/* The reducer sc_fb_mul / sc_fb_sqr use: with PCLMULQDQ the field's
 * measured preference (f->red_clmul, docs/binary.md), else shift-and-xor
 * (a software multiply by T costs far more than 2 or 4 shifted xors). */
static void reduce_best(sc_word *r, sc_word *c, const sc_fb_field *f, int accel)
{
    if (accel && f->red_clmul == SC_FB_RED_MULT)
        sc_fb_reduce_mult_clmul(r, c, f);
    else
        sc_fb_reduce_shxor(r, c, f);
}

/* The fused PCLMULQDQ kernels (product and reduction in registers) for the
 * SEC 2 polynomials; 0 where they do not apply.  At W < 64 the element's
 * bytes are copied into 64-bit pieces (same layout on x86-64). */
#if SC_FB_HAVE_CLMUL && W == 64
#define FUSED_MUL(r, a, b, f) sc_fb_clmul_mulmod(r, a, b, f)
#define FUSED_SQR(r, a, n, f) sc_fb_clmul_sqrmod(r, a, n, f)
#elif SC_FB_HAVE_CLMUL
static int fused_mul(sc_word *r, const sc_word *a, const sc_word *b, const sc_fb_field *f)
{
    uint64_t pa[SC_FB_MAXP] = { 0 }, pb[SC_FB_MAXP] = { 0 }, pr[SC_FB_MAXP];
    memcpy(pa, a, f->nw * sizeof(sc_word));
    memcpy(pb, b, f->nw * sizeof(sc_word));
    if (!sc_fb_clmul_mulmod(pr, pa, pb, f))
        return 0;
    memcpy(r, pr, f->nw * sizeof(sc_word));   /* degree < m <= nw W */
    return 1;
}
static int fused_sqr(sc_word *r, const sc_word *a, unsigned n, const sc_fb_field *f)
{
    uint64_t pa[SC_FB_MAXP] = { 0 }, pr[SC_FB_MAXP];
    memcpy(pa, a, f->nw * sizeof(sc_word));
    if (!sc_fb_clmul_sqrmod(pr, pa, n, f))
        return 0;
    memcpy(r, pr, f->nw * sizeof(sc_word));
    return 1;
}
#define FUSED_MUL(r, a, b, f) fused_mul(r, a, b, f)
#define FUSED_SQR(r, a, n, f) fused_sqr(r, a, n, f)
#else
#define FUSED_MUL(r, a, b, f) 0
#define FUSED_SQR(r, a, n, f) 0
#endif

void sc_fb_mul(sc_word *r, const sc_word *a, const sc_word *b, const sc_fb_field *f)
{
    sc_word t[2 * SC_FB_MAXW];
    int accel = sc_fb_accel();
    SC_OPC(mul, 1);
    if (accel && FUSED_MUL(r, a, b, f))
        return;
    if (accel)
        sc_fb_pmul_clmul(t, a, b, f->nw);
    else
        FB_PMUL_PORTABLE(t, a, b, f->nw);
    reduce_best(r, t, f, accel);
}

void sc_fb_sqr(sc_word *r, const sc_word *a, const sc_fb_field *f)
{
    sc_word t[2 * SC_FB_MAXW];
    int accel = sc_fb_accel();
    SC_OPC(sqr, 1);
    if (accel && FUSED_SQR(r, a, 1u, f))
        return;
    if (accel)
        sc_fb_psqr_clmul(t, a, f->nw);
    else
        sc_fb_psqr_spread(t, a, f->nw);
    reduce_best(r, t, f, accel);
}

void sc_fb_sqr_n(sc_word *r, const sc_word *a, unsigned k, const sc_fb_field *f)
{
    unsigned i;
    if (k && sc_fb_accel() && FUSED_SQR(r, a, k, f)) {
        SC_OPC(sqr, k);
        return;
    }
    if (r != a)
        sc_fb_copy(r, a, f);
    for (i = 0; i < k; i++)
        sc_fb_sqr(r, r, f);
}

void sc_fb_mul_with(sc_word *r, const sc_word *a, const sc_word *b, const sc_fb_field *f,
                    sc_fb_pmul_fn pmul, sc_fb_reduce_fn red)
{
    sc_word t[2 * SC_FB_MAXW];
    int accel = sc_fb_accel();
    if (!pmul)
        pmul = accel ? sc_fb_pmul_clmul : FB_PMUL_PORTABLE;
    pmul(t, a, b, f->nw);
    if (red)
        red(r, t, f);
    else
        reduce_best(r, t, f, accel);
}

/* ---- elements ---- */

size_t sc_fb_bytes(const sc_fb_field *f)
{
    return (f->m + 7u) / 8u;
}

sc_err sc_fb_from_bytes(sc_word *r, const uint8_t *in, size_t len, const sc_fb_field *f)
{
    size_t n = f->nw, i;
    sc_word extra = 0, bad;
    if (!r || (!in && len))
        return SC_ERR_ARG;
    memset(r, 0, n * sizeof(sc_word));
    for (i = 0; i < len; i++) {
        uint8_t v = in[len - 1 - i];   /* byte i from the least significant end */
        if (i < n * (W / 8))
            r[i / (W / 8)] |= (sc_word)((sc_word)v << (8 * (i % (W / 8))));
        else
            extra |= v;
    }
    if (f->m % W)
        extra |= (sc_word)(r[n - 1] >> (f->m % W));
    bad = sc_ct_mask_nz(extra);
    SC_DECLASSIFY(&bad, sizeof bad);
    if (bad) {
        memset(r, 0, n * sizeof(sc_word));
        return SC_ERR_RANGE;
    }
    return SC_OK;
}

void sc_fb_to_bytes(uint8_t *out, const sc_word *a, const sc_fb_field *f)
{
    size_t len = sc_fb_bytes(f), i;
    for (i = 0; i < len; i++)
        out[len - 1 - i] = (uint8_t)(a[i / (W / 8)] >> (8 * (i % (W / 8))));
}

void sc_fb_zero(sc_word *r, const sc_fb_field *f)
{
    memset(r, 0, f->nw * sizeof(sc_word));
}

void sc_fb_one(sc_word *r, const sc_fb_field *f)
{
    memset(r, 0, f->nw * sizeof(sc_word));
    r[0] = 1;
}

void sc_fb_copy(sc_word *r, const sc_word *a, const sc_fb_field *f)
{
    if (r != a)
        memmove(r, a, f->nw * sizeof(sc_word));
}

void sc_fb_add(sc_word *r, const sc_word *a, const sc_word *b, const sc_fb_field *f)
{
    size_t i;
    SC_OPC(add, 1);
    for (i = 0; i < f->nw; i++)
        r[i] = (sc_word)(a[i] ^ b[i]);
}

sc_word sc_fb_is_zero(const sc_word *a, const sc_fb_field *f)
{
    sc_word acc = 0;
    size_t i;
    for (i = 0; i < f->nw; i++)
        acc |= a[i];
    return sc_ct_mask_z(acc);
}

sc_word sc_fb_eq(const sc_word *a, const sc_word *b, const sc_fb_field *f)
{
    sc_word acc = 0;
    size_t i;
    for (i = 0; i < f->nw; i++)
        acc |= (sc_word)(a[i] ^ b[i]);
    return sc_ct_mask_z(acc);
}

void sc_fb_cmov(sc_word *r, const sc_word *a, sc_word mask, const sc_fb_field *f)
{
    size_t i;
    mask = sc_ct_barrier(mask);
    for (i = 0; i < f->nw; i++)
        r[i] = (sc_word)(r[i] ^ (mask & (r[i] ^ a[i])));
}

void sc_fb_cswap(sc_word *a, sc_word *b, sc_word mask, const sc_fb_field *f)
{
    size_t i;
    mask = sc_ct_barrier(mask);
    for (i = 0; i < f->nw; i++) {
        sc_word d = (sc_word)(mask & (a[i] ^ b[i]));
        a[i] = (sc_word)(a[i] ^ d);
        b[i] = (sc_word)(b[i] ^ d);
    }
}
