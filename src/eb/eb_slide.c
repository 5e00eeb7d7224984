/* eb: u1 G + u2 q for public scalars and points with little memory
 * (include/seacurve/eb.h, sc_eb_mul2_slide_var): interleaved left-to-right
 * sliding windows (Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
 * Cryptography" (2004), Alg. 3.38 for the windows, Alg. 3.51 for the
 * interleaving) on one chain of Lopez-Dahab doublings.
 *
 * Scanning a scalar k from its top bit down, a window opens at a set bit i and
 * spans bits i .. j, j the lowest set bit with i - j < w: its value v (odd,
 * < 2^w) is added, as v P, after the doubling of step j, since v P 2^j is what
 * the bits i .. j contribute.  Each scalar keeps one open window (its end j and
 * value v), so the digits are found on the fly: no recoding buffer.  With
 * window w the additions number about (bits) / (w + 1).
 *
 * Memory: G's multiples come from flash (c->godd, one affine point copied per
 * addition); q's multiples q, 3q, 5q, 7q (w = 3 on the 163-bit curves; q, 3q
 * with w = 2 above, where the ATmega128 has no room for four) are affine
 * points on the stack, each made affine as it is formed (an inversion each: no batch of
 * Lopez-Dahab points waiting for a shared inversion).  The loop is written as
 * state, init, step (one bit) and finish, init and step in frames of their own
 * (noinline: their temporaries never add up on the stack). */
#include <seacurve/eb.h>
#include <string.h>
#include "eb_internal.h"
#include "util/flash.h"

#define W SC_WORD_BITS
/* the window of q on c, and the affine multiples of q the build's curves need */
#define WQ(c) ((c)->f->m <= 163 ? 3u : 2u)
#define NQ_MAX (SC_FB_HAS_163 ? 4u : 2u)
#define STRIDE(m) SC_WORDS(64u * (((m) + 63u) / 64u))

typedef struct {
    const sc_word *k;   /* the scalar (nw words), NULL for none */
    int end;            /* the open window's lowest bit, -1 if none is open */
    uint8_t v;          /* its value (odd) */
} slide_win;

typedef struct {
    slide_win s[2];     /* u1 (G), u2 (q) */
    const sc_eb_aff *q;
    sc_eb_aff tq[NQ_MAX - 1]; /* (2i + 1) q, 1 <= i < 2^(WQ - 1) (tq[i - 1]) */
    sc_eb_ld acc;
    int i;              /* the next bit, -1 when done */
} slide_state;

static unsigned kbit(const sc_word *k, int i)
{
    return (unsigned)(k[i / W] >> (i % W)) & 1u;
}

/* the top set bit of the nw-word k, -1 for 0 */
static int top_bit(const sc_word *k, size_t nw)
{
    int i;
    for (i = (int)(nw * W) - 1; i >= 0; i--)
        if (kbit(k, i))
            return i;
    return -1;
}

/* at bit i (set) of s->k: open the window i .. j */
static void win_open(slide_win *s, int i, unsigned w)
{
    int j = i - (int)w + 1, b;
    unsigned v = 0;
    if (j < 0)
        j = 0;
    while (!kbit(s->k, j))
        j++;
    for (b = i; b >= j; b--)
        v = 2u * v + kbit(s->k, b);
    s->end = j;
    s->v = (uint8_t)v;
}

/* r = v G from the flash table (v odd, < 2^SC_EB_GODD_W) */
static void godd_point(sc_eb_aff *r, unsigned v, const sc_eb_curve *c)
{
    const size_t st = STRIDE(c->f->m);
    const sc_word *t = c->godd + (size_t)(v >> 1) * 2u * st;
    memset(r, 0, sizeof *r);
    sc_flash_cpy(r->x, t, c->f->nw * sizeof(sc_word));
    sc_flash_cpy(r->y, t + st, c->f->nw * sizeof(sc_word));
}

__attribute__((noinline)) static void slide_init(slide_state *st, const sc_word *u1, const sc_word *u2, const sc_eb_aff *q,
                       const sc_eb_curve *c)
{
    size_t i;
    int t;
    st->s[0].k = u1;
    st->s[1].k = (u2 && !q->inf) ? u2 : NULL;
    st->s[0].end = st->s[1].end = -1;
    st->i = -1;
    for (i = 0; i < 2; i++)
        if (st->s[i].k && (t = top_bit(st->s[i].k, c->nw)) > st->i)
            st->i = t;
    sc_eb_ld_set_inf(&st->acc, c);
    st->q = q;
    if (st->s[1].k) {
        /* (2i + 1) q: 2q affine, then (2i + 1) q = (2i - 1) q + 2q, each made affine */
        sc_eb_aff q2;
        sc_eb_ld t2;
        sc_eb_ld_from_aff(&t2, q, c);
        sc_eb_dbl_ld(&t2, &t2, c);
        sc_eb_ld_to_aff_var(&q2, &t2, c);
        for (i = 1; i < (1u << (WQ(c) - 1)); i++) {
            sc_eb_ld_from_aff(&t2, i == 1 ? q : &st->tq[i - 2], c);
            sc_eb_add_mixed_var(&t2, &t2, &q2, c);
            sc_eb_ld_to_aff_var(&st->tq[i - 1], &t2, c);
        }
    }
}

/* one bit: acc = 2 acc, then the windows that end here */
__attribute__((noinline)) static void slide_step(slide_state *st, const sc_eb_curve *c)
{
    const int i = st->i;
    size_t j;
    sc_eb_aff t;
    if (!sc_eb_ld_is_inf(&st->acc, c))
        sc_eb_dbl_ld(&st->acc, &st->acc, c);
    for (j = 0; j < 2; j++) {
        slide_win *s = &st->s[j];
        if (!s->k)
            continue;
        if (s->end < 0 && kbit(s->k, i))
            win_open(s, i, j == 0 ? SC_EB_GODD_W : WQ(c));
        if (s->end == i) {
            if (j == 0) {
                godd_point(&t, s->v, c);
                sc_eb_add_mixed_var(&st->acc, &st->acc, &t, c);
            } else {
                sc_eb_add_mixed_var(&st->acc, &st->acc, s->v == 1 ? st->q : &st->tq[(s->v >> 1) - 1], c);
            }
            s->end = -1;
        }
    }
    st->i = i - 1;
}

sc_err sc_eb_mul2_slide_var(sc_eb_aff *r, const sc_word *u1, const sc_word *u2, const sc_eb_aff *q,
                            const sc_eb_curve *c)
{
    slide_state st;
    slide_init(&st, u1, u2, q, c);
    while (st.i >= 0)
        slide_step(&st, c);
    return sc_eb_ld_to_aff_var(r, &st.acc, c);
}
