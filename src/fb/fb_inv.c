/* Inversion, division, trace, half-trace, quadratic solver and square root
 * in GF(2^m) (fb.h, fb_methods.h). */
#include <string.h>
#include <seacurve/fb.h>
#include <seacurve/fb_methods.h>
#include <seacurve/opcount.h>
#include <seacurve/util.h>

#define W SC_WORD_BITS

/* Itoh-Tsujii along the binary addition chain of m - 1 (fb_methods.h),
 * written as state, init, step (one link of the chain) and finish, so that
 * a restartable interface can run it in slices.  Invariant: b = a^(2^k - 1);
 * the bits of e = m - 1 below i are left.  The chain depends on m only. */
typedef struct {
    sc_fb_elt b;
    unsigned k, i;
} itoh_state;

static void itoh_init(itoh_state *st, const sc_word *a, const sc_fb_field *f)
{
    unsigned e = f->m - 1u, top = 0;
    while ((e >> (top + 1)) != 0)
        top++;
    sc_fb_copy(st->b, a, f);             /* k = 1: b = a */
    st->k = 1;
    st->i = top;
}

/* b_2k = b_k^(2^k) b_k, then b_(k+1) = b_k^2 a where bit i - 1 of e is set;
 * a is read, never written. */
static void itoh_step(itoh_state *st, const sc_word *a, const sc_fb_field *f)
{
    sc_fb_elt t;
    unsigned i = --st->i;
    sc_fb_sqr_n(t, st->b, st->k, f);     /* b^(2^k) = a^(2^2k - 2^k) */
    sc_fb_mul(st->b, t, st->b, f);       /* k = 2k */
    st->k *= 2;
    if (((f->m - 1u) >> i) & 1u) {
        sc_fb_sqr(st->b, st->b, f);
        sc_fb_mul(st->b, st->b, a, f);   /* k = k + 1 */
        st->k++;
    }
    sc_memzero(t, sizeof t);
}

void sc_fb_inv_itoh(sc_word *r, const sc_word *a, const sc_fb_field *f)
{
    itoh_state st;
    SC_OPC_ENTER(inv);
    itoh_init(&st, a, f);
    while (st.i > 0)
        itoh_step(&st, a, f);            /* a is intact: r is written last */
    sc_fb_sqr(r, st.b, f);               /* a^(2^m - 2) = a^-1 */
    sc_memzero(&st, sizeof st);
    SC_OPC_LEAVE();
}

void sc_fb_inv(sc_word *r, const sc_word *a, const sc_fb_field *f)
{
    sc_fb_inv_itoh(r, a, f);
}

void sc_fb_inv_fermat(sc_word *r, const sc_word *a, const sc_fb_field *f)
{
    sc_fb_elt acc, x;
    unsigned i;
    SC_OPC_ENTER(inv);
    sc_fb_copy(x, a, f);
    sc_fb_copy(acc, a, f);
    for (i = 2; i < f->m; i++) {         /* exponent 2^(i) - 1 after each step */
        sc_fb_sqr(acc, acc, f);
        sc_fb_mul(acc, acc, x, f);
    }
    sc_fb_sqr(r, acc, f);                /* 2^m - 2 */
    sc_memzero(acc, sizeof acc);
    sc_memzero(x, sizeof x);
    SC_OPC_LEAVE();
}

/* ---- extended Euclid (variable time) ---- */

/* degree of a (n words), -1 for 0 */
static int deg_var(const sc_word *a, size_t n)
{
    size_t i = n;
    while (i--) {
        if (a[i]) {
            int d = (int)(i * W);
            sc_word v = a[i];
            while (v >>= 1)
                d++;
            return d;
        }
    }
    return -1;
}

/* a ^= b x^j (n words; the result fits) */
static void addshift_var(sc_word *a, const sc_word *b, size_t n, unsigned j)
{
    size_t q = j / W, i;
    unsigned s = j % W;
    for (i = n; i-- > q;) {
        sc_word v = (sc_word)(b[i - q] << s);
        if (s && i > q)
            v |= (sc_word)(b[i - q - 1] >> (W - s));
        a[i] ^= v;
    }
}

/* Guide Alg. 2.48.  Invariants a g1 = u, a g2 = v (mod f); deg g1, deg g2 < m. */
void sc_fb_inv_euclid_var(sc_word *r, const sc_word *a, const sc_fb_field *f)
{
    sc_word u[SC_FB_MAXW + 1], v[SC_FB_MAXW + 1], g1[SC_FB_MAXW + 1], g2[SC_FB_MAXW + 1];
    size_t n = f->nw + 1, e;
    int du, dv;
    SC_OPC_ENTER(inv);
    memset(u, 0, sizeof u);
    memset(v, 0, sizeof v);
    memset(g1, 0, sizeof g1);
    memset(g2, 0, sizeof g2);
    memcpy(u, a, f->nw * sizeof(sc_word));
    /* v = f(x) */
    v[f->m / W] |= (sc_word)((sc_word)1 << (f->m % W));
    for (e = 0; e < f->nk; e++)
        v[f->k[e] / W] |= (sc_word)((sc_word)1 << (f->k[e] % W));
    v[0] |= 1u;
    g1[0] = 1;
    du = deg_var(u, n);
    dv = f->m;
    if (du < 0) {
        sc_fb_zero(r, f);
        SC_OPC_LEAVE();
        return;
    }
    while (du > 0) {
        int j = du - dv;
        if (j < 0) {
            sc_word t;
            size_t i;
            int td;
            for (i = 0; i < n; i++) {
                t = u[i]; u[i] = v[i]; v[i] = t;
                t = g1[i]; g1[i] = g2[i]; g2[i] = t;
            }
            td = du; du = dv; dv = td;
            j = -j;
        }
        addshift_var(u, v, n, (unsigned)j);
        addshift_var(g1, g2, n, (unsigned)j);
        du = deg_var(u, n);
    }
    memcpy(r, g1, f->nw * sizeof(sc_word));
    SC_OPC_LEAVE();
}

void sc_fb_inv_var(sc_word *r, const sc_word *a, const sc_fb_field *f)
{
    sc_fb_inv_euclid_var(r, a, f);
}

void sc_fb_div(sc_word *r, const sc_word *y, const sc_word *x, const sc_fb_field *f)
{
    sc_fb_elt t;
    sc_fb_inv(t, x, f);
    sc_fb_mul(r, y, t, f);
    sc_memzero(t, sizeof t);
}

void sc_fb_div_var(sc_word *r, const sc_word *y, const sc_word *x, const sc_fb_field *f)
{
    sc_fb_elt t;
    sc_fb_inv_var(t, x, f);
    sc_fb_mul(r, y, t, f);
}

/* ---- trace, half-trace, z^2 + z = c, square root ---- */

unsigned sc_fb_trace(const sc_word *a, const sc_fb_field *f)
{
    sc_word t = 0;
    size_t i;
    for (i = 0; i < f->ntr; i++)
        t ^= (sc_word)(a[f->tr[i] / W] >> (f->tr[i] % W));
    return (unsigned)(t & 1u);
}

unsigned sc_fb_trace_ref(const sc_word *a, const sc_fb_field *f)
{
    sc_fb_elt s, acc;
    unsigned i;
    sc_fb_copy(s, a, f);
    sc_fb_copy(acc, a, f);
    for (i = 1; i < f->m; i++) {
        sc_fb_sqr(s, s, f);
        sc_fb_add(acc, acc, s, f);
    }
    /* acc is 0 or 1 */
    return (unsigned)(acc[0] & 1u);
}

/* H(a) = sum_{i=0}^{(m-1)/2} a^(4^i) (Guide sec. 3.6.2; m odd): (m - 1)
 * squarings, (m - 1)/2 additions, no table (a half-trace table indexed by
 * the bits of a would not be constant time). */
void sc_fb_halftrace(sc_word *r, const sc_word *a, const sc_fb_field *f)
{
    sc_fb_elt s, h;
    unsigned i;
    sc_fb_copy(s, a, f);
    sc_fb_copy(h, a, f);
    for (i = 1; i <= (f->m - 1u) / 2u; i++) {
        sc_fb_sqr(s, s, f);
        sc_fb_sqr(s, s, f);
        sc_fb_add(h, h, s, f);
    }
    sc_fb_copy(r, h, f);
    sc_memzero(s, sizeof s);
    sc_memzero(h, sizeof h);
}

/* z = H(c) solves z^2 + z = c + Tr(c) (m odd: H(c)^2 + H(c) = c + Tr(c)). */
sc_err sc_fb_solve_quad(sc_word *r, const sc_word *c, const sc_fb_field *f)
{
    unsigned tr = sc_fb_trace(c, f);
    sc_fb_halftrace(r, c, f);
    SC_DECLASSIFY(&tr, sizeof tr);       /* the verdict is published */
    if (tr) {
        sc_fb_zero(r, f);
        return SC_ERR_NOT_SQUARE;
    }
    return SC_OK;
}

void sc_fb_sqrt(sc_word *r, const sc_word *a, const sc_fb_field *f)
{
    SC_OPC_ENTER(sqrt);
    sc_fb_sqr_n(r, a, f->m - 1u, f);
    SC_OPC_LEAVE();
}
