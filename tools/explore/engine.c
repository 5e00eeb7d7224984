/* engine: combinations, inputs and cross-checks of `seacurve explore` (engine.h). */
#include "engine.h"
#include <seacurve/fp.h>
#include <seacurve/mp.h>
#include <stdio.h>
#include <string.h>

const char *xe_section_name(int kind)
{
    switch (kind) {
    case SC_SCALARMUL_VAR: return "var";
    case SC_SCALARMUL_FIX: return "fix";
    case SC_SCALARMUL_DOUBLE: return "double";
    default: return "?";
    }
}

int xe_section_kind(const char *name)
{
    if (!strcmp(name, "var"))
        return SC_SCALARMUL_VAR;
    if (!strcmp(name, "fix"))
        return SC_SCALARMUL_FIX;
    if (!strcmp(name, "double"))
        return SC_SCALARMUL_DOUBLE;
    return 0;
}

static int runnable(const sc_scalarmul_method *m)
{
    switch (m->kind) {
    case SC_SCALARMUL_VAR: return m->var != NULL;
    case SC_SCALARMUL_FIX: return m->fix != NULL;
    case SC_SCALARMUL_DOUBLE: return m->dbl != NULL;
    default: return 0;
    }
}

size_t xe_enumerate(xe_combo *out, size_t cap)
{
    static const int kinds[3] = { SC_SCALARMUL_VAR, SC_SCALARMUL_FIX, SC_SCALARMUL_DOUBLE };
    size_t n = 0, i, j, kk;
    for (kk = 0; kk < 3; kk++)
        for (i = 0; i < sc_scalarmul_count(); i++) {
            const sc_scalarmul_method *m = sc_scalarmul_at(i);
            if (!m || m->kind != kinds[kk] || !runnable(m))
                continue;
            for (j = 0; j < sc_coords_count(); j++) {
                const sc_coords_sys *s = sc_coords_at(j);
                unsigned w, w0 = m->wmin, w1 = m->wmax;
                if (!s || !sc_scalarmul_supports(m, s))
                    continue;
                if (w1 < w0)
                    w1 = w0;
                for (w = w0; w <= w1; w++) {
                    if (out && n < cap) {
                        out[n].m = m;
                        out[n].s = s;
                        out[n].w = w;
                    }
                    n++;
                }
            }
        }
    return out && n > cap ? cap : n;
}

void xe_combo_key(char *buf, size_t len, const xe_combo *c)
{
    snprintf(buf, len, "%s/%s/%s/%u", xe_section_name(c->m->kind), c->m->name, c->s->name, c->w);
}

int xe_combo_parse(xe_combo *c, const char *key)
{
    char sec[16], meth[48], sys[48];
    unsigned w;
    const char *p = key, *q;
    size_t n;
    /* section/method/system/w, names without '/' */
    q = strchr(p, '/');
    if (!q || (n = (size_t)(q - p)) >= sizeof sec)
        return -1;
    memcpy(sec, p, n);
    sec[n] = 0;
    p = q + 1;
    q = strchr(p, '/');
    if (!q || (n = (size_t)(q - p)) >= sizeof meth)
        return -1;
    memcpy(meth, p, n);
    meth[n] = 0;
    p = q + 1;
    q = strchr(p, '/');
    if (!q || (n = (size_t)(q - p)) >= sizeof sys)
        return -1;
    memcpy(sys, p, n);
    sys[n] = 0;
    if (sscanf(q + 1, "%u", &w) != 1)
        return -1;
    c->m = sc_scalarmul_find(meth);
    c->s = sc_coords_find(sys);
    c->w = w;
    if (!c->m || !c->s || c->m->kind != xe_section_kind(sec) || !runnable(c->m) ||
        !sc_scalarmul_supports(c->m, c->s))
        return -1;
    if (c->m->wmax ? (w < c->m->wmin || w > c->m->wmax) : w != c->m->wmin)
        return -1;
    return 0;
}

/* ---- deterministic scalars: splitmix64 ---- */

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void rand_words(sc_word *w, size_t nw, uint64_t *s)
{
    size_t i;
    uint64_t v = 0;
    unsigned have = 0;
    for (i = 0; i < nw; i++) {
        if (have < SC_WORD_BITS) {
            v = splitmix(s);
            have = 64;
        }
        w[i] = (sc_word)v;
#if SC_WORD_BITS < 64
        v >>= SC_WORD_BITS;
#else
        v = 0;
#endif
        have -= SC_WORD_BITS;
    }
}

static void keep_bits(sc_word *w, size_t nw, size_t bits)
{
    size_t i;
    for (i = 0; i < nw; i++) {
        size_t lo = i * SC_WORD_BITS;
        if (lo >= bits)
            w[i] = 0;
        else if (bits - lo < SC_WORD_BITS)
            w[i] &= (sc_word)(((sc_word)1 << (bits - lo)) - 1);
    }
}

/* a scalar in [1, n) (tbits = 0) or with exactly tbits bits, below n */
static int draw_scalar(sc_word *k, const sc_ep_curve *c, unsigned tbits, uint64_t *s)
{
    const sc_fp_field *fn = c->fn;
    size_t nb = sc_mp_bits_var(fn->p, fn->nw), tries;
    if (tbits > nb)
        return -1;
    for (tries = 0; tries < 1000; tries++) {
        memset(k, 0, sizeof(sc_word) * SC_FP_MAXW);
        rand_words(k, fn->nw, s);
        if (tbits) {
            keep_bits(k, fn->nw, tbits);
            k[(tbits - 1) / SC_WORD_BITS] |= (sc_word)((sc_word)1 << ((tbits - 1) % SC_WORD_BITS));
        } else {
            keep_bits(k, fn->nw, nb);
        }
        if (!sc_mp_is_zero(k, fn->nw) && sc_mp_cmp(k, fn->p, fn->nw) < 0)
            return 0;
    }
    return -1;
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

int xe_parse_hex(sc_word *out, size_t nw, const char *hex)
{
    size_t len, i, bit = 0;
    if (hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X'))
        hex += 2;
    len = strlen(hex);
    if (!len)
        return -1;
    memset(out, 0, nw * sizeof(sc_word));
    for (i = len; i-- > 0; bit += 4) {
        int v = hexval((unsigned char)hex[i]);
        if (v < 0)
            return -1;
        if (v && bit / SC_WORD_BITS >= nw)
            return -1;
        if (bit / SC_WORD_BITS < nw)
            out[bit / SC_WORD_BITS] |= (sc_word)((sc_word)v << (bit % SC_WORD_BITS));
    }
    return 0;
}

static int canon_scalar(sc_word *k, const sc_ep_curve *c, const char *hex)
{
    if (xe_parse_hex(k, SC_FP_MAXW, hex))
        return -1;
    if (SC_FP_MAXW > c->fn->nw && !sc_mp_is_zero(k + c->fn->nw, SC_FP_MAXW - c->fn->nw))
        return -1;
    return sc_mp_cmp(k, c->fn->p, c->fn->nw) < 0 ? 0 : -1;
}

int xe_ctx_init(xe_ctx *x, const sc_curve *cv, size_t nsc, uint64_t seed, unsigned tbits,
                const char *k1hex, const char *k2hex, char *err, size_t errlen)
{
    uint64_t s = seed;
    sc_word a[SC_FP_MAXW];
    size_t i;
    memset(x, 0, sizeof *x);
    x->cv = cv;
    x->c = cv->ep;
    x->seed = seed;
    x->tbits = tbits;
    if (k1hex || k2hex)
        nsc = 1;
    if (nsc < 1 || nsc > XE_MAXSC) {
        snprintf(err, errlen, "scalars: 1 .. %d", XE_MAXSC);
        return -1;
    }
    x->nsc = nsc;
    /* the points first, so the scalars are the same whatever nsc is */
    if (draw_scalar(a, x->c, 0, &s) || sc_ec_mul_gen(&x->p, a, x->c) != SC_OK ||
        draw_scalar(a, x->c, 0, &s) || sc_ec_mul_gen(&x->q, a, x->c) != SC_OK) {
        snprintf(err, errlen, "cannot make the base points");
        return -1;
    }
    for (i = 0; i < nsc; i++) {
        if (draw_scalar(x->k1[i], x->c, tbits, &s) || draw_scalar(x->k2[i], x->c, tbits, &s)) {
            snprintf(err, errlen, "cannot draw a %u-bit scalar below n", tbits);
            return -1;
        }
    }
    if (k1hex && canon_scalar(x->k1[0], x->c, k1hex)) {
        snprintf(err, errlen, "scalar: hex, below n");
        return -1;
    }
    if (k2hex && canon_scalar(x->k2[0], x->c, k2hex)) {
        snprintf(err, errlen, "scalar2: hex, below n");
        return -1;
    }
    for (i = 0; i < nsc; i++) {
        sc_err e1 = sc_ec_mul(&x->want_var[i], x->k1[i], &x->p, x->c);
        sc_err e2 = sc_ec_mul_gen(&x->want_fix[i], x->k1[i], x->c);
        sc_err e3 = sc_ec_mul2_var(&x->want_dbl[i], x->k1[i], x->k2[i], &x->q, x->c);
        if ((e1 != SC_OK && e1 != SC_ERR_INFINITY) || (e2 != SC_OK && e2 != SC_ERR_INFINITY) ||
            (e3 != SC_OK && e3 != SC_ERR_INFINITY)) {
            snprintf(err, errlen, "production scalar multiplication failed");
            return -1;
        }
        /* infinity is marked by an all-zero point (never on these curves: b != 0) */
    }
    return 0;
}

sc_err xe_run(const xe_ctx *x, const xe_combo *cb, size_t i, sc_ep_aff *r)
{
    switch (cb->m->kind) {
    case SC_SCALARMUL_VAR: return cb->m->var(r, x->k1[i], &x->p, cb->w, cb->s, x->c);
    case SC_SCALARMUL_FIX: return cb->m->fix(r, x->k1[i], cb->w, cb->s, x->c);
    case SC_SCALARMUL_DOUBLE: return cb->m->dbl(r, x->k1[i], x->k2[i], &x->q, cb->w, cb->s, x->c);
    default: return SC_ERR_ARG;
    }
}

int xe_matches(const xe_ctx *x, const xe_combo *cb, size_t i, sc_err e, const sc_ep_aff *r)
{
    const sc_ep_aff *want = cb->m->kind == SC_SCALARMUL_VAR ? &x->want_var[i]
                          : cb->m->kind == SC_SCALARMUL_FIX ? &x->want_fix[i] : &x->want_dbl[i];
    const sc_fp_field *f = x->c->fp;
    int want_inf = sc_fp_is_zero(want->x, f) && sc_fp_is_zero(want->y, f);
    if (e == SC_ERR_INFINITY)
        return want_inf;
    if (e != SC_OK)
        return 0;
    return sc_fp_eq(r->x, want->x, f) && sc_fp_eq(r->y, want->y, f);
}

int xe_check(const xe_ctx *x, const xe_combo *cb, char *err, size_t errlen)
{
    size_t i;
    for (i = 0; i < x->nsc; i++) {
        sc_ep_aff r;
        sc_err e = xe_run(x, cb, i, &r);
        if (!xe_matches(x, cb, i, e, &r)) {
            snprintf(err, errlen, "scalar %zu: %s", i, e == SC_OK ? "wrong point" : sc_strerror(e));
            return -1;
        }
    }
    return 0;
}

const char *xe_prod_name(int kind)
{
    switch (kind) {
    case SC_SCALARMUL_VAR: return "sc_ec_mul";
    case SC_SCALARMUL_FIX: return "sc_ec_mul_gen";
    case SC_SCALARMUL_DOUBLE: return "sc_ec_mul2_var";
    default: return "?";
    }
}

sc_err xe_run_prod(const xe_ctx *x, int kind, size_t i, sc_ep_aff *r)
{
    switch (kind) {
    case SC_SCALARMUL_VAR: return sc_ec_mul(r, x->k1[i], &x->p, x->c);
    case SC_SCALARMUL_FIX: return sc_ec_mul_gen(r, x->k1[i], x->c);
    case SC_SCALARMUL_DOUBLE: return sc_ec_mul2_var(r, x->k1[i], x->k2[i], &x->q, x->c);
    default: return SC_ERR_ARG;
    }
}
