/* fp exponentiation, inversion and square roots.
 *
 * - sc_fp_inv: safegcd (inv_safegcd.c) or sc_fp_inv_fermat, see below.
 * - sc_fp_inv_fermat: a^(p-2) (constant time in a; the exponent is the
 *   public p - 2, so branching on its bits reveals nothing secret), by an
 *   addition chain on the special primes and the optimal primes, a sliding
 *   window otherwise.
 * - sc_fp_inv_var: the faster of safegcd and sc_fp_inv_eea_var, for public inputs.
 * - sc_fp_inv_eea_var: binary extended Euclid (Guide to ECC Alg. 2.22), variable
 *   time, public inputs only.
 * - sc_fp_sqrt_var: a^((p+1)/4) for p = 3 mod 4 (Guide to ECC §3.6.1 /
 *   SEC 1 §2.3.4), otherwise Tonelli-Shanks (Cohen, A Course in Computational
 *   Algebraic Number Theory, Alg. 1.5.1), or Cipolla's method where p - 1 has
 *   a large power of two (the optimal primes, P-224); the root is always
 *   verified.  The p = 1 mod 4 methods only where the build needs them
 *   (SC_FP_SQRT_1MOD4 below). */
#include <seacurve/fp.h>
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>
#include <seacurve/opcount.h>
#include "util/flash.h"

#define W SC_WORD_BITS

/* Operation counting (opcount.h): every public inversion counts one I and
 * every square root one sqrt, and hides the multiplications, squarings and
 * additions inside (SC_OPC_ENTER / SC_OPC_LEAVE around the static bodies,
 * which may return early). */

/* r = a^x, x public: x = e (ne words), or x = p - 2 when e is NULL, written
 * into r once the table is built (r may alias a, which is read only before
 * that; no buffer for the exponent).  Left-to-right sliding window of width
 * POW_W over the odd powers a, a^3, ..., a^(2^POW_W - 1) (HAC Alg. 14.85).
 * POW_W = 3 at 8- and 16-bit limbs (the motes): four table entries instead
 * of eight keep 4 elements (84 bytes at secp160r1's n) off the stack of the
 * mod-n inversion of signing, for about 4 more multiplications in 200; 4
 * elsewhere.  a^2 is built in acc, which the first window overwrites: the
 * table and acc are the only elements.  The sequence of squarings and
 * multiplications depends only on x; the table index is a window of x,
 * never of a. */
#if SC_WORD_BITS <= 16
#  define POW_W 3
#else
#  define POW_W 4
#endif
static void fp_pow_pub(sc_word *r, const sc_word *a, const sc_word *e, size_t ne, const sc_fp_field *f)
{
    sc_fe tab[1u << (POW_W - 1)], acc;
    size_t i, nb;
    int started = 0;

    sc_fp_copy(tab[0], a, f);
    sc_fp_sqr(acc, a, f);
    for (i = 1; i < (1u << (POW_W - 1)); i++)
        sc_fp_mul(tab[i], tab[i - 1], acc, f);
    if (!e) {
        /* x = p - 2 into r, acc holding the 2 */
        sc_mp_zero(acc, ne);
        acc[0] = 2;
        sc_mp_sub(r, f->p, acc, ne);
        e = r;
    }
    sc_fp_set_one(acc, f);   /* the result for x = 0 */
    nb = sc_mp_bits_var(e, ne);

    i = nb;
    while (i > 0) {
        if (!sc_mp_bit(e, i - 1)) {
            if (started)
                sc_fp_sqr(acc, acc, f);
            i--;
            continue;
        }
        {
            /* window [i-1 .. j], at most POW_W bits, ending in a 1 bit */
            size_t j = i >= POW_W ? i - POW_W : 0, k;
            unsigned v = 0;
            while (!sc_mp_bit(e, j))
                j++;
            for (k = i; k-- > j;) {
                v = (v << 1) | sc_mp_bit(e, k);
                if (started)
                    sc_fp_sqr(acc, acc, f);
            }
            if (started)
                sc_fp_mul(acc, acc, tab[v >> 1], f);
            else
                sc_fp_copy(acc, tab[v >> 1], f);
            started = 1;
            i = j;
        }
    }
    sc_fp_copy(r, acc, f);
    sc_memzero(tab, sizeof tab);
    sc_memzero(acc, sizeof acc);
}

/* Addition chains for a^(p-2) on the special primes, written with
 * x_k = a^(2^k - 1): blocks x_k of k one bits are built by doubling and
 * adding lengths (x_(j+k) = x_j^(2^k) x_k), then the runs of p - 2 are
 * appended from the top (acc^(2^(z+k)) x_k appends z zero bits and k one
 * bits).  Step { d, s, k, m }: slot d = slot s ^ (2^k) * slot m, slot 0 = a.
 * The chains (checked by simulation of the exponents) cost, against about
 * bits + bits/5 + 8 operations for the sliding window:
 *   secp160r1 159S + 12M  (p - 2 = 1^128 0 1^29 0 1)
 *   P-192     191S + 12M  (1^127 0 1^62 0 1)
 *   P-224     223S + 11M  (1^127 0 1^96)
 *   P-256     255S + 12M  (1^32 0^31 1 0^96 1^94 0 1)
 *   secp256k1 255S + 15M  (1^223 0 1^22 0^4 1 0 1^2 0 1)
 * The exponent is public, so is the sequence of operations. */
struct chain_step {
    uint8_t d, s, k, m;
};
/* The chains are in flash on AVR (SC_FLASH, util/flash.h); each is compiled
 * only when its curve is in the build (SC_CURVE_<NAME>): a field without its
 * chain takes the generic exponentiation below. */

#if SC_CURVE_SECP192R1
static const struct chain_step chain_p192[] SC_FLASH = {
    { 1, 0, 1, 0 }, { 2, 1, 1, 0 }, { 3, 2, 3, 2 }, { 4, 3, 6, 3 }, { 5, 4, 12, 4 }, { 6, 5, 6, 3 }, { 6, 6, 1, 0 }, { 7, 6, 31, 6 }, { 8, 7, 62, 7 }, { 8, 8, 3, 2 }, { 8, 8, 63, 7 }, { 8, 8, 2, 0 }
};
#endif
#if SC_CURVE_SECP224R1
static const struct chain_step chain_p224[] SC_FLASH = {
    { 1, 0, 1, 0 }, { 2, 1, 1, 0 }, { 3, 2, 3, 2 }, { 4, 3, 6, 3 }, { 5, 4, 12, 4 }, { 6, 5, 24, 5 }, { 7, 6, 48, 6 }, { 8, 7, 24, 5 }, { 8, 8, 6, 3 }, { 8, 8, 1, 0 }, { 8, 8, 97, 7 }
};
#endif
#if SC_CURVE_SECP160R1
/* five slots: a slot is reused once its block is no longer read (x_24 goes
 * where x_6 was, x_58 where x_2, x_116 where x_3) */
static const struct chain_step chain_secp160r1[] SC_FLASH = {
    { 1, 0, 1, 0 }, { 2, 1, 1, 0 }, { 3, 2, 3, 2 }, { 4, 3, 6, 3 }, { 3, 4, 12, 4 }, { 3, 3, 3, 2 }, { 3, 3, 2, 1 }, { 1, 3, 29, 3 }, { 2, 1, 58, 1 }, { 2, 2, 12, 4 }, { 2, 2, 30, 3 }, { 2, 2, 2, 0 }
};
#endif
#if SC_CURVE_SECP256K1
static const struct chain_step chain_secp256k1[] SC_FLASH = {
    { 1, 0, 1, 0 }, { 2, 1, 1, 0 }, { 3, 2, 3, 2 }, { 3, 3, 3, 2 }, { 3, 3, 2, 1 }, { 4, 3, 11, 3 }, { 5, 4, 22, 4 }, { 6, 5, 44, 5 }, { 7, 6, 88, 6 }, { 7, 7, 44, 5 }, { 7, 7, 3, 2 }, { 7, 7, 23, 4 }, { 7, 7, 5, 0 }, { 7, 7, 3, 1 }, { 7, 7, 2, 0 }
};
#endif
#if SC_CURVE_SECP256R1
static const struct chain_step chain_p256[] SC_FLASH = {
    { 1, 0, 1, 0 }, { 2, 1, 1, 0 }, { 3, 2, 3, 2 }, { 4, 3, 6, 3 }, { 4, 4, 3, 2 }, { 5, 4, 15, 4 }, { 6, 5, 2, 1 }, { 7, 6, 32, 0 }, { 7, 7, 128, 6 }, { 7, 7, 32, 6 }, { 7, 7, 30, 5 }, { 7, 7, 2, 0 }
};
#endif

/* The slots of the longest chain of the build: 9, or 5 where secp160r1's is
 * the only one (the mote's secp160r1 images: 84 bytes less of stack under
 * sc_fp_inv at 21-byte elements) */
#if SC_CURVE_SECP192R1 || SC_CURVE_SECP224R1 || SC_CURVE_SECP256R1 || SC_CURVE_SECP256K1
#  define CHAIN_SLOTS 9
#else
#  define CHAIN_SLOTS 5
#endif

#if SC_CURVE_SECP160R1 || SC_CURVE_SECP192R1 || SC_CURVE_SECP224R1 || SC_CURVE_SECP256R1 || SC_CURVE_SECP256K1
#  define SC_FP_HAVE_CHAINS 1
#endif

#ifdef SC_FP_HAVE_CHAINS
/* Inline into its one caller, fp_inv_fermat, also where its slots are large
 * (9 elements at P-256, past GCC's large-stack-frame limit for inlining): out
 * of line it would cost flash and cycles to keep its slots off the stack of
 * the generic path (fp_pow_pub, the inversions mod n), which is on no
 * operation's deepest path (the mote images' figures, docs/mote.md). */
static inline __attribute__((always_inline)) void pow_chain(sc_word *r, const sc_word *a,
                                                            const struct chain_step *st, size_t nst,
                                                            const sc_fp_field *f)
{
    sc_fe x[CHAIN_SLOTS];
    size_t i;
    unsigned k;
    struct chain_step c = { 0, 0, 0, 0 };
    sc_fp_copy(x[0], a, f); /* r may alias a */
    for (i = 0; i < nst; i++) {
        sc_flash_cpy(&c, &st[i], sizeof c);
        sc_fp_sqr(x[c.d], x[c.s], f);
        for (k = 1; k < c.k; k++)
            sc_fp_sqr(x[c.d], x[c.d], f);
        sc_fp_mul(x[c.d], x[c.d], x[c.m], f);
    }
    sc_fp_copy(r, x[c.d], f);   /* c is the last step (nst >= 1) */
    sc_memzero(x, sizeof x);
}
#endif

/* r = a^(p-2) for an optimal prime p = U 2^K + 1, K = bits - 16 a multiple
 * of 16, U < 2^16 (the opf* primes: sc_fp_opf_params): p - 2 = (U - 1) 2^K +
 * (2^K - 1), so x16 = a^(2^16 - 1) by x_2j = x_j^(2^j) x_j (15 S + 4 M), then
 * a^(U - 1) by square-and-multiply (15 S, one M per further set bit), then K/16
 * times acc^(2^16) x16.  174 S + 22 M at 160 bits against about 160 S + 44 M
 * for the sliding window.  The operation sequence depends on p only (public);
 * 0 maps to 0.  Returns 0 (r untouched) where p has not that shape.  Compiled
 * only with an opf curve in the build (a mote image pays nothing otherwise). */
#if SC_CURVE_OPF160 || SC_CURVE_OPF192 || SC_CURVE_OPF224 || SC_CURVE_OPF256
__attribute__((noinline)) static int fp_inv_opf(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    unsigned u, k, big_k = (unsigned)f->bits - 16u, big_u, e, hb, i, j;
    sc_fe x, t, acc;
    if (f->reduce != sc_fp_reduce_opf || !sc_fp_opf_params(f, &u, &k) || big_k % 16u != 0 || k < big_k ||
        k - big_k >= 16u)
        return 0;
    big_u = u << (k - big_k);
    if (big_u < 2u || big_u > 0xFFFFu)
        return 0;
    sc_fp_copy(x, a, f);
    for (j = 1; j < 16u; j *= 2) {
        sc_fp_copy(t, x, f);
        for (i = 0; i < j; i++)
            sc_fp_sqr(t, t, f);
        sc_fp_mul(x, t, x, f);
    }
    e = big_u - 1u;
    for (hb = 15; !((e >> hb) & 1u); hb--)
        ;
    sc_fp_copy(acc, a, f);
    for (i = hb; i-- > 0;) {
        sc_fp_sqr(acc, acc, f);
        if ((e >> i) & 1u)
            sc_fp_mul(acc, acc, a, f);
    }
    for (j = 0; j < big_k / 16u; j++) {
        for (i = 0; i < 16u; i++)
            sc_fp_sqr(acc, acc, f);
        sc_fp_mul(acc, acc, x, f);
    }
    sc_fp_copy(r, acc, f);
    sc_memzero(x, sizeof x);
    sc_memzero(t, sizeof t);
    sc_memzero(acc, sizeof acc);
    return 1;
}
#endif

/* The chain of f's prime, recognised by its reducer (public), or NULL with
 * *n = 0.  One call of pow_chain below, inlined into fp_inv_fermat. */
#ifdef SC_FP_HAVE_CHAINS
#define USE_CHAIN(c) (*n = sizeof(c) / sizeof((c)[0]), (c))
static const struct chain_step *chain_of(const sc_fp_field *f, size_t *n)
{
#if SC_CURVE_SECP256R1
    if (f->reduce == sc_fp_reduce_p256 || f->reduce == sc_fp_reduce_p256_mont)
        return USE_CHAIN(chain_p256);
#endif
#if SC_CURVE_SECP160R1
    if (f->reduce == sc_fp_reduce_secp160r1)
        return USE_CHAIN(chain_secp160r1);
#endif
#if SC_CURVE_SECP192R1
    if (f->reduce == sc_fp_reduce_p192)
        return USE_CHAIN(chain_p192);
#endif
#if SC_CURVE_SECP224R1
    if (f->reduce == sc_fp_reduce_p224 || f->reduce == sc_fp_reduce_p224_mont)
        return USE_CHAIN(chain_p224);
#endif
#if SC_CURVE_SECP256K1
    if (f->reduce == sc_fp_reduce_secp256k1)
        return USE_CHAIN(chain_secp256k1);
#endif
    *n = 0;
    return NULL;
}
#endif

static void fp_inv_fermat(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
#ifdef SC_FP_HAVE_CHAINS
    size_t n;
    const struct chain_step *st = chain_of(f, &n);
    if (st) {
        pow_chain(r, a, st, n, f);
        return;
    }
#endif
    fp_pow_pub(r, a, NULL, f->nw, f);
}

void sc_fp_inv_fermat(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    SC_OPC_ENTER(inv);
#if SC_CURVE_OPF160 || SC_CURVE_OPF192 || SC_CURVE_OPF224 || SC_CURVE_OPF256
    if (!fp_inv_opf(r, a, f))
#endif
        fp_inv_fermat(r, a, f);
    SC_OPC_LEAVE();
}

/* Safegcd at 32- and 64-bit limbs (measured faster than every chain there);
 * Fermat at 8 and 16 bits, where the mote has no 128-bit type and the
 * 64-bit products of safegcd would be emulated. */
void sc_fp_inv(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    SC_OPC_ENTER(inv);
#if defined(SC_FP_HAVE_SAFEGCD) && SC_WORD_BITS >= 32
    sc_fp_inv_safegcd(r, a, f);
#else
    sc_fp_inv_fermat(r, a, f);
#endif
    SC_OPC_LEAVE();
}

void sc_fp_inv_var(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    SC_OPC_ENTER(inv);
#if defined(SC_FP_HAVE_SAFEGCD) && SC_WORD_BITS >= 32
    sc_fp_inv_safegcd_var(r, a, f);
#else
    sc_fp_inv_eea_var(r, a, f);
#endif
    SC_OPC_LEAVE();
}

/* Binary inversion (Guide to ECC Alg. 2.22) on canonical values:
 * invariants x1 a = u, x2 a = v (mod p). */
static void fp_inv_eea(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    size_t n = f->nw;
    sc_word u[SC_FP_MAXW], v[SC_FP_MAXW], x1[SC_FP_MAXW], x2[SC_FP_MAXW];

    sc_fp_to_canon(u, a, f);
    if (sc_mp_is_zero(u, n)) {
        sc_mp_zero(r, n);
        return;
    }
    sc_mp_copy(v, f->p, n);
    sc_mp_zero(x1, n);
    x1[0] = 1;
    sc_mp_zero(x2, n);
    /* u == 1 exactly when u has bit length 1 (counted only when u[0] = 1) */
    while (!(u[0] == 1 && sc_mp_bits_var(u, n) == 1) && !(v[0] == 1 && sc_mp_bits_var(v, n) == 1)) {
        while ((u[0] & 1u) == 0) {
            sc_mp_shr1(u, u, n);
            if (x1[0] & 1u) {
                sc_word c = sc_mp_add(x1, x1, f->p, n);
                sc_mp_shr1(x1, x1, n);
                x1[n - 1] |= (sc_word)(c << (W - 1));
            } else {
                sc_mp_shr1(x1, x1, n);
            }
        }
        while ((v[0] & 1u) == 0) {
            sc_mp_shr1(v, v, n);
            if (x2[0] & 1u) {
                sc_word c = sc_mp_add(x2, x2, f->p, n);
                sc_mp_shr1(x2, x2, n);
                x2[n - 1] |= (sc_word)(c << (W - 1));
            } else {
                sc_mp_shr1(x2, x2, n);
            }
        }
        if (sc_mp_cmp(u, v, n) >= 0) {
            sc_mp_sub(u, u, v, n);
            sc_fp_sub(x1, x1, x2, f);
        } else {
            sc_mp_sub(v, v, u, n);
            sc_fp_sub(x2, x2, x1, f);
        }
    }
    if (sc_mp_bits_var(u, n) == 1)
        sc_fp_from_canon(r, x1, f);
    else
        sc_fp_from_canon(r, x2, f);
}

void sc_fp_inv_eea_var(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    SC_OPC_ENTER(inv);
    fp_inv_eea(r, a, f);
    SC_OPC_LEAVE();
}

/* Square roots modulo p = 1 mod 4 (Tonelli-Shanks, Cipolla's method) are
 * compiled where a curve of the build has such a prime (P-224, the optimal
 * primes) and on the host; a mote build without one (every other SEC 2 prime
 * is 3 mod 4) leaves out their 1.8 KB and answers SC_ERR_UNSUPPORTED for such
 * a p. */
#if !defined(__AVR__) || SC_CURVE_SECP224R1 || SC_CURVE_OPF160 || SC_CURVE_OPF192 || SC_CURVE_OPF224 || \
    SC_CURVE_OPF256
#  define SC_FP_SQRT_1MOD4 1
#endif

#ifdef SC_FP_SQRT_1MOD4
/* The Legendre symbol (a | p) of a canonical a < p, p an odd prime, as the
 * Jacobi symbol by the binary algorithm (Cohen, A Course in Computational
 * Algebraic Number Theory, Alg. 1.4.10, with subtraction for the reduction):
 * halve a while even (a factor -1 when p = 3, 5 mod 8), make a >= p by a swap
 * (a factor -1 when both are 3 mod 4: reciprocity), a -= p; returns 1, -1, or 0
 * for a = 0.  About 2 log2 p shift-and-subtract steps instead of Euler's
 * exponentiation.  Variable time (public inputs). */
static int fp_legendre_var(const sc_word *a, const sc_fp_field *f)
{
    size_t n = f->nw;
    sc_word x[SC_FP_MAXW], m[SC_FP_MAXW], *px = x, *pm = m, *sw;
    int t = 1;
    sc_mp_copy(x, a, n);
    sc_mp_copy(m, f->p, n);
    while (!sc_mp_is_zero(px, n)) {
        while ((px[0] & 1u) == 0) {
            sc_mp_shr1(px, px, n);
            if ((pm[0] & 7u) == 3u || (pm[0] & 7u) == 5u)
                t = -t;
        }
        if (sc_mp_cmp(px, pm, n) < 0) {
            sw = px;
            px = pm;
            pm = sw;
            if ((px[0] & 3u) == 3u && (pm[0] & 3u) == 3u)
                t = -t;
        }
        sc_mp_sub(px, px, pm, n);
    }
    /* gcd = pm: 1 unless a shared a factor with p (a = 0 mod p) */
    return (pm[0] == 1u && sc_mp_bits_var(pm, n) == 1u) ? t : 0;
}

/* x = sqrt(a) by Cipolla's method (1903; Crandall, Pomerance, Prime Numbers,
 * Alg. 2.3.8) for a nonzero square a: find t (t = 1, 2, ...; two tries on
 * average) with w = t^2 - a a non-residue (the Legendre symbol above); then in
 * GF(p^2) = GF(p)[X]/(X^2 - w), (t + X)^((p+1)/2) = sqrt(a), an element of
 * GF(p).  About log2 p squarings in GF(p^2) (4 field operations each) plus
 * the symbols: a cost independent of the 2-adicity s of p - 1, where
 * Tonelli-Shanks' loop takes up to s^2/2 squarings (s = 145 for opf160's p).
 * If a is no square the result is wrong and the caller's check rejects it.
 * Variable time (public inputs). */
/* (kept out of fp_sqrt: its locals would enlarge the frame of every square root) */
__attribute__((noinline)) static void fp_sqrt_cipolla(sc_word *x, const sc_word *a, const sc_fp_field *f)
{
    size_t n = f->nw, i;
    sc_word e[SC_FP_MAXW], k[SC_FP_MAXW] = { 0 }, wc[SC_FP_MAXW];
    sc_fe t, w, a0, a1, s0, s1, m;

    for (k[0] = 1;; k[0]++) {
        sc_fp_from_canon(t, k, f);
        sc_fp_sqr(w, t, f);
        sc_fp_sub(w, w, a, f);
        if (sc_fp_is_zero(w, f)) { /* a = t^2 */
            sc_fp_copy(x, t, f);
            return;
        }
        sc_fp_to_canon(wc, w, f);
        if (fp_legendre_var(wc, f) < 0)
            break;
    }
    /* e = (p + 1) / 2 */
    sc_mp_shr1(e, f->p, n);
    sc_mp_add_word(e, e, 1, n);
    /* (a0 + a1 X) = (t + X)^e, left to right from the top bit (which is 1) */
    sc_fp_copy(a0, t, f);
    sc_fp_set_one(a1, f);
    for (i = sc_mp_bits_var(e, n) - 1; i-- > 0;) {
        /* square: (a0^2 + w a1^2) + 2 a0 a1 X */
        sc_fp_sqr(s0, a0, f);
        sc_fp_sqr(s1, a1, f);
        sc_fp_mul(m, a0, a1, f);
        sc_fp_mul(s1, s1, w, f);
        sc_fp_add(a0, s0, s1, f);
        sc_fp_dbl(a1, m, f);
        if (sc_mp_bit(e, i)) {
            /* times (t + X): (a0 t + a1 w) + (a0 + a1 t) X */
            sc_fp_mul(s0, a0, t, f);
            sc_fp_mul(s1, a1, w, f);
            sc_fp_mul(m, a1, t, f);
            sc_fp_add(a1, a0, m, f);
            sc_fp_add(a0, s0, s1, f);
        }
    }
    sc_fp_copy(x, a0, f);
}
#endif

static sc_err fp_sqrt(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    size_t n = f->nw;
    sc_word e[SC_FP_MAXW];
    sc_fe x, chk;

    if (sc_fp_is_zero(a, f)) {
        sc_fp_set_zero(r, f);
        return SC_OK;
    }
    if ((f->p[0] & 3u) == 3u) {
        /* e = (p + 1) / 4 */
        sc_word c = sc_mp_add_word(e, f->p, 1, n);
        sc_mp_shr1(e, e, n);
        e[n - 1] |= (sc_word)(c << (W - 1));
        sc_mp_shr1(e, e, n);
        fp_pow_pub(x, a, e, n, f);
    } else {
#ifndef SC_FP_SQRT_1MOD4
        sc_fp_set_zero(r, f);
        return SC_ERR_UNSUPPORTED;
#else
        /* Tonelli-Shanks: p - 1 = 2^s q, q odd; z a non-residue.  Where
         * s^2 / 4 (the loop's average squarings) exceeds Cipolla's cost of
         * about 6 log2 p operations (s > 48 at 160 bits: the optimal primes,
         * s >= 144, and P-224, s = 96), Cipolla instead. */
        sc_word q[SC_FP_MAXW], ez[SC_FP_MAXW];
        sc_fe z, c, t, b, tt, one;
        size_t s = 0, m, i, j;
        sc_mp_sub(q, f->p, (const sc_word[SC_FP_MAXW]){ 1 }, n);
        while ((q[0] & 1u) == 0) {
            sc_mp_shr1(q, q, n);
            s++;
        }
        if (s * s > 24u * f->bits) {
            fp_sqrt_cipolla(x, a, f);
            goto check;
        }
        /* ez = (p - 1) / 2: Euler's criterion z^ez = -1 for a non-residue */
        sc_mp_shr1(ez, f->p, n);
        sc_fp_set_one(one, f);
        {
            sc_word k[SC_FP_MAXW] = { 2 };
            sc_fe mone;
            sc_fp_neg(mone, one, f);
            for (;;) {
                sc_fe zc, le;
                sc_fp_from_canon(zc, k, f);
                fp_pow_pub(le, zc, ez, n, f);
                if (sc_fp_eq(le, mone, f)) {
                    sc_fp_copy(z, zc, f);
                    break;
                }
                k[0]++;
            }
        }
        fp_pow_pub(c, z, q, n, f); /* c = z^q, order 2^s */
        fp_pow_pub(t, a, q, n, f); /* t = a^q */
        /* x = a^((q+1)/2) = a^((q-1)/2) * a */
        sc_mp_shr1(e, q, n);
        fp_pow_pub(x, a, e, n, f);
        sc_fp_mul(x, x, a, f);
        m = s;
        while (!sc_fp_eq(t, one, f)) {
            /* least i with t^(2^i) = 1 */
            sc_fp_copy(tt, t, f);
            for (i = 0; i < m && !sc_fp_eq(tt, one, f); i++)
                sc_fp_sqr(tt, tt, f);
            if (i == m)
                break; /* a is not a square */
            sc_fp_copy(b, c, f);
            for (j = 0; j + i + 1 < m; j++)
                sc_fp_sqr(b, b, f);
            sc_fp_mul(x, x, b, f);
            sc_fp_sqr(c, b, f);
            sc_fp_mul(t, t, c, f);
            m = i;
        }
#endif
    }
#ifdef SC_FP_SQRT_1MOD4
check:
#endif
    sc_fp_sqr(chk, x, f);
    if (!sc_fp_eq(chk, a, f)) {
        sc_fp_set_zero(r, f);
        return SC_ERR_NOT_SQUARE;
    }
    sc_fp_copy(r, x, f);
    return SC_OK;
}

sc_err sc_fp_sqrt_var(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_err e;
    SC_OPC_ENTER(sqrt);
    e = fp_sqrt(r, a, f);
    SC_OPC_LEAVE();
    return e;
}
