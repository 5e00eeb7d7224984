/* fp: GF(p) element arithmetic through the field's reducer.
 *
 * Elements are fully reduced (0 <= a < p) in f->nw words.  Addition and
 * subtraction are word-serial with a final correction selected by a mask
 * (no branch on values); multiplication is sc_mp_mul / sc_mp_sqr followed by
 * f->reduce.  Every function here is constant time and allows r to alias
 * any input. */
#include <seacurve/fp.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>

size_t sc_fp_bytes(const sc_fp_field *f)
{
    return ((size_t)f->bits + 7) / 8;
}

/* r = a + b mod p: s = a + b (carry c), t = s - p (borrow bw); take t when
 * c = 1 or bw = 0.  Needs a, b < p. */
void sc_fp_add(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    size_t n = f->nw;
    sc_word s[SC_FP_MAXW], t[SC_FP_MAXW];
    sc_word c = sc_mp_add(s, a, b, n);
    sc_word bw = sc_mp_sub(t, s, f->p, n);
    sc_word mask = (sc_word)((sc_word)0 - (sc_word)(c | (sc_word)(bw ^ 1u)));
    sc_mp_cmov(s, t, mask, n);
    sc_mp_copy(r, s, n);
}

/* r = a - b mod p: d = a - b, add p back under the borrow mask. */
void sc_fp_sub(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    size_t n = f->nw, i;
    sc_word d[SC_FP_MAXW];
    sc_word bw = sc_mp_sub(d, a, b, n);
    sc_word mask = (sc_word)((sc_word)0 - bw), c = 0;
    for (i = 0; i < n; i++) {
        sc_dword s = (sc_dword)((sc_dword)d[i] + (sc_word)(f->p[i] & mask) + c);
        r[i] = (sc_word)s;
        c = (sc_word)(s >> SC_WORD_BITS);
    }
}

/* r = -a mod p = (p - a) masked to 0 when a = 0. */
void sc_fp_neg(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    size_t n = f->nw, i;
    sc_word nz = (sc_word)~sc_mp_is_zero(a, n);
    sc_word d[SC_FP_MAXW];
    sc_mp_sub(d, f->p, a, n);
    for (i = 0; i < n; i++)
        r[i] = (sc_word)(d[i] & nz);
}

void sc_fp_dbl(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_fp_add(r, a, a, f);
}

void sc_fp_mul(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    sc_word t[2 * SC_FP_MAXW];
    sc_mp_mul(t, a, b, f->nw);
    f->reduce(r, t, f);
}

void sc_fp_sqr(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_word t[2 * SC_FP_MAXW];
    sc_mp_sqr(t, a, f->nw);
    f->reduce(r, t, f);
}

sc_word sc_fp_is_zero(const sc_word *a, const sc_fp_field *f)
{
    return sc_mp_is_zero(a, f->nw);
}

sc_word sc_fp_eq(const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    sc_word d = 0;
    size_t i;
    for (i = 0; i < f->nw; i++)
        d |= (sc_word)(a[i] ^ b[i]);
    return sc_ct_mask_z(d);
}

void sc_fp_cmov(sc_word *r, const sc_word *a, sc_word mask, const sc_fp_field *f)
{
    sc_mp_cmov(r, a, mask, f->nw);
}

void sc_fp_copy(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_mp_copy(r, a, f->nw);
}

void sc_fp_set_zero(sc_word *r, const sc_fp_field *f)
{
    sc_mp_zero(r, f->nw);
}

void sc_fp_set_one(sc_word *r, const sc_fp_field *f)
{
    sc_mp_copy(r, f->one, f->nw);
}

unsigned sc_fp_is_odd(const sc_word *a, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW];
    sc_fp_to_canon(c, a, f);
    return (unsigned)(c[0] & 1u);
}

/* Montgomery fields: from = REDC(a * R^2) = a R mod p; to = REDC(a) = a R^-1. */
void sc_fp_from_canon(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    if (f->mont)
        sc_fp_mul(r, a, f->r2, f);
    else
        sc_mp_copy(r, a, f->nw);
}

void sc_fp_to_canon(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    if (f->mont) {
        sc_word t[2 * SC_FP_MAXW];
        size_t n = f->nw;
        sc_mp_copy(t, a, n);
        sc_mp_zero(t + n, n);
        f->reduce(r, t, f);
    } else {
        sc_mp_copy(r, a, f->nw);
    }
}

sc_err sc_fp_from_bytes(sc_word *r, const uint8_t *in, size_t len, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW], t[SC_FP_MAXW];
    size_t n = f->nw;
    sc_mp_zero(r, n);
    if (len != sc_fp_bytes(f))
        return SC_ERR_LENGTH;
    if (sc_mp_from_be(c, n, in, len) != 0)
        return SC_ERR_RANGE;
    /* in range iff c - p borrows */
    if (sc_mp_sub(t, c, f->p, n) == 0)
        return SC_ERR_RANGE;
    sc_fp_from_canon(r, c, f);
    return SC_OK;
}

void sc_fp_to_bytes(uint8_t *out, const sc_word *a, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW];
    sc_fp_to_canon(c, a, f);
    sc_mp_to_be(out, sc_fp_bytes(f), c, f->nw);
}

sc_err sc_fp_from_bytes_reduce(sc_word *r, const uint8_t *in, size_t len, const sc_fp_field *f)
{
    sc_word t[SC_WORDS(16 * SC_FP_MAXBYTES) + 1], c[SC_FP_MAXW];
    size_t nt;
    sc_mp_zero(r, f->nw);
    if (len > 2 * SC_FP_MAXBYTES)
        return SC_ERR_LENGTH;
    nt = SC_WORDS(8 * len);
    if (nt == 0)
        return SC_OK;
    sc_mp_from_be(t, nt, in, len);
    sc_mp_mod(c, t, nt, f->p, f->nw);
    sc_fp_from_canon(r, c, f);
    return SC_OK;
}
