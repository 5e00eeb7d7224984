/* ec: scalar multiplication on short-Weierstrass curves.
 *
 * sc_ec_mul      constant time, variable base: the signed odd fixed window
 *                (sc_ec_mul_fixwin: regular recoding, Joye-Tunstall 2009,
 *                "Exponent recoding and regular exponentiation algorithms",
 *                AFRICACRYPT, Alg. 6 / the "odd-only" signed window), odd
 *                multiples P, 3P, .., (2^w-1)P built by mixed additions on an
 *                isomorphic curve (see odd_multiples_st).  The gateway keeps
 *                them Jacobian on E (fixwin_jac).  The mote (SC_EC_FIXWIN_AFFINE,
 *                w = 3: four points) keeps them co-Z as they are built
 *                (coz_table, also the table builder of sc_ec_mul2_var), which
 *                leaves them affine on the isomorphic curve E_g, and runs the
 *                whole loop there (a enters the doublings through (g Z)^2,
 *                sc_ep_dbl_jac_t), so that no inversion runs under the table;
 *                its formulas work in place and the table's frame is gone
 *                before the last addition and the inversion (fixwin_coz).
 *                One full-table scan per lookup; digits read from the scalar
 *                where they are used.  On secp256k1 the gateway (Jacobian
 *                form, SC_EC_FIXWIN_AFFINE 0) splits k by the GLV
 *                endomorphism instead (glv_mul): two regular windows of half
 *                the length over one table, half the doublings, still
 *                constant time.  The co-Z Montgomery ladder
 *                (sc_ec_mul_ladder, [GJMRV11]: two co-Z points, no table) is
 *                the method of the restartable operations, and sc_ec_mul's for
 *                fields up to SC_EC_LADDER_MAXBITS bits (default 0).
 * sc_ec_mul_gen  constant time, fixed base: the same recoding against the
 *                precomputed affine table of src/curves/gtab.h (no doublings,
 *                one mixed addition per window).
 * sc_ec_mul2_var variable time: interleaving (Hankerson-Menezes-Vanstone,
 *                Guide to ECC, Alg. 3.51 / Moeller's interleaving) of
 *                width-w signed digits read left to right from the bits
 *                (wMOF, [OSST04]; the density of the wNAF, no digit array):
 *                width 5 for Q on the gateway (odd multiples as for
 *                sc_ec_mul, Jacobian: an affine table by one shared inversion
 *                was measured slower, the inversion costing ~250 M), width 4
 *                on the mote (8/16-bit limbs), affine by one inversion
 *                (SC_EC_MUL2_AFFINE: two thirds of the RAM, mixed additions);
 *                width w+1 for G from window 0 of the table (w = 6: G, 3G,
 *                .., 63G; without the tables of G, SC_NO_GTAB, window 0
 *                alone, w = 4, src/curves/gen/gtab_w0.c); on the gateway
 *                from a window of its own, w = 8, G .. 255G
 *                (src/curves/gen/gtab_wide.c, curve_gtab_mul2).
 *                On secp256k1 (curve_glv) each scalar is split by the GLV
 *                endomorphism into two halves below 2^128 and the four
 *                streams G, phi(G), Q, phi(Q) are interleaved (mul2_glv_var):
 *                128 doublings instead of 256.  There the gateway makes Q's
 *                and phi(Q)'s multiples affine on an isomorphic curve by one
 *                shared Z, with no inversion, and runs the sum on that curve
 *                (glv_eg_var): Q's additions are mixed, G's cost 2M more
 *                than mixed ones.
 *                sc_ec_mul2_jac_var leaves the sum Jacobian, and
 *                sc_ec_jac_x_eq_var compares its x with an ECDSA r as
 *                X = (r + j n) Z^2 (no inversion; docs/methods-scalar.md).
 *
 * Scalars: c->fn->nw words, little-endian, canonical.  No heap: all tables
 * are on the stack or const. */
#include <seacurve/ec.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>
#include "curves/gtab.h"
#include "ep/ep_internal.h"
#include "ec_internal.h"
#include "mp/accel.h"
#include "util/flash.h"
#include <string.h>

/* Largest window of sc_ec_mul (stack: 2^(w-1) Jacobian points). */
#ifndef SC_EC_MUL_WMAX
#  if SC_WORD_BITS >= 32
#    define SC_EC_MUL_WMAX 6
#  else
#    define SC_EC_MUL_WMAX 4
#  endif
#endif
/* sc_ec_mul: the co-Z ladder (sc_ec_mul_ladder: a few field elements of
 * stack) for fields of at most this many bits, the fixed window above.
 * Default 0, never: the window is the faster on the gateway at every size,
 * and on the mote, with the table on E_g and the in-place formulas, it is
 * also the smaller in flash (it shares its table builder and point
 * formulas with sc_ec_mul2_var) and needs no more stack than verification
 * (secp160r1: 6.7 M cycles against the ladder's 7.4 M).  The ladder stays
 * the method of the restartable operations (src/pk/restart.c). */
#ifndef SC_EC_LADDER_MAXBITS
#  define SC_EC_LADDER_MAXBITS 0
#endif
/* The bits of the smallest prime field of the build (the curves kept,
 * seacurve/config.h; the opf curves' fields have the bits of their names). */
#if SC_CURVE_SECP160R1 || SC_CURVE_OPF160
#  define EC_FP_MIN_BITS 160
#elif SC_CURVE_SECP192R1 || SC_CURVE_OPF192
#  define EC_FP_MIN_BITS 192
#elif SC_CURVE_SECP224R1 || SC_CURVE_OPF224
#  define EC_FP_MIN_BITS 224
#else
#  define EC_FP_MIN_BITS 256
#endif
/* sc_ec_mul_fixwin's table for a != 0: affine on E by one inversion (1) or
 * Jacobian (0).  On the mote the affine table is the faster (an inversion
 * against 4M + 1S saved per addition: P-256 at w = 4 about 0.6 M cycles) and
 * two thirds of the RAM; on the gateway the Jacobian one. */
#ifndef SC_EC_FIXWIN_AFFINE
#  if SC_WORD_BITS >= 32
#    define SC_EC_FIXWIN_AFFINE 0
#  else
#    define SC_EC_FIXWIN_AFFINE 1
#  endif
#endif
/* Whether the Jacobian table of the fixed window is compiled: always on the
 * host (both forms tested), on the mote only when it is the default (flash). */
#if defined(__AVR__) && SC_EC_FIXWIN_AFFINE
#  define EC_FIXWIN_JAC 0
#else
#  define EC_FIXWIN_JAC 1
#endif
/* Q's table of sc_ec_mul2_var affine by one inversion (1: two thirds of
 * the RAM, mixed additions, 8M + 3S against 12M + 4S) or Jacobian (0).  On
 * the mote the affine one, on the gateway (where the inversion costs
 * ~250 M) the Jacobian one. */
#ifndef SC_EC_MUL2_AFFINE
#  if SC_WORD_BITS >= 32
#    define SC_EC_MUL2_AFFINE 0
#  else
#    define SC_EC_MUL2_AFFINE 1
#  endif
#endif

/* Out of line, so that a helper's temporaries are no part of its caller's
 * frame during the caller's main loop (stack on the mote). */
#if defined(__GNUC__)
#  define EC_NOINLINE __attribute__((noinline))
#  define EC_INLINE inline __attribute__((always_inline))
#else
#  define EC_NOINLINE
#  define EC_INLINE inline
#endif
/* Jacobian odd multiples (odd_multiples, jacobian_z): the fixed window's
 * Jacobian table or a Jacobian table of Q. */
#define EC_ODD_JAC (EC_FIXWIN_JAC || !SC_EC_MUL2_AFFINE)
/* The gateway's GLV verification runs on the curve where Q's table is affine
 * (mul2_stream's zg, glv_eg_var). */
#define EC_GLV_EG (!SC_EC_MUL2_AFFINE && EC_FIXWIN_JAC && SC_CURVE_SECP256K1)
/* The Jacobian sum of sc_ec_mul2_jac_var (no inversion; ECDSA verification's
 * comparison on the gateway) needs one more pointer through the chain of
 * mul2_* and glv_* functions.  Builds below 64-bit limbs (the motes, whose
 * verification compares the affine x) leave it out, so their code and frames
 * stay as they are; there sc_ec_mul2_jac_var is the affine sum lifted. */
#define EC_MUL2_JAC (SC_WORD_BITS == 64)
#if EC_MUL2_JAC
#  define MUL2_RJ_DECL sc_ep_jac *rj,
#  define MUL2_RJ rj,
#  define MUL2_RJ_NONE NULL,
#else
#  define MUL2_RJ_DECL
#  define MUL2_RJ
#  define MUL2_RJ_NONE
#endif

/* cnt <= 8 bits of k (nw words) from bit pos on, 0 beyond the words,
 * read from the top one down (no shift by a variable count of the
 * result); positions are public.  The shifted word passes sc_ct_barrier:
 * clang's msp430 target otherwise turns (x >> s) & 1 into a test of bit s
 * and a branch on it. */
static unsigned get_bits(const sc_word *k, size_t nw, size_t pos, unsigned cnt)
{
    unsigned v = 0;
    while (cnt-- > 0) {
        size_t b = pos + cnt;
        v <<= 1;
        if (b < nw * SC_WORD_BITS)
            v |= (unsigned)sc_ct_barrier((sc_word)(k[b / SC_WORD_BITS] >> (b % SC_WORD_BITS))) & 1u;
    }
    return v;
}

/* Regular signed odd recoding (Joye-Tunstall 2009) of an ODD k < 2^bits:
 * k = sum_{j<m} d_j 2^(w j) with every d_j odd, |d_j| <= 2^w - 1, d_{m-1} > 0,
 * m = ceil((bits+1)/w).  With k_0 = k and k_{j+1} = (k_j - d_j) / 2^w one has
 * k_j = (k >> wj) | 1, so d_j = (((k >> wj) mod 2^(w+1)) | 1) - 2^w, read
 * straight from the bits: any digit is found on its own, in any order, and no
 * digit array is kept.  The top digit is k_(m-1) itself: bit wm of k is 0
 * (wm > bits), so v gets bit w set there.  Returned as index |d_j| >> 1
 * (bits 0-6) and sign (bit 7).  Constant time: arithmetic only (j, m, w
 * are public). */
static uint8_t regular_digit(const sc_word *k, size_t nw, unsigned j, unsigned m, unsigned w)
{
    unsigned v = get_bits(k, nw, (size_t)w * j, w + 1) | 1u | ((unsigned)(j + 1 == m) << w);
    unsigned neg = ((unsigned)sc_ct_barrier((sc_word)(v >> w)) & 1u) ^ 1u; /* v < 2^w: d = v - 2^w < 0 */
    unsigned t = (v ^ (0u - neg)) & ((1u << w) - 1u);   /* |d| = v - 2^w or 2^w - v (both odd) */
    return (uint8_t)((t >> 1) | (neg << 7));
}

/* number of digits of the regular recoding of a scalar of bits bits */
static unsigned regular_len(unsigned bits, unsigned w)
{
    return (bits + 1 + w - 1) / w;
}

/* kk = k if k is odd, else n - k (odd since n is odd); returns the all-ones
 * mask when k was even (the result must then be negated). */
static sc_word make_odd(sc_word *kk, const sc_word *k, const sc_ep_curve *c)
{
    size_t nw = c->fn->nw;
    sc_word even = sc_ct_mask_bit((sc_word)~k[0]);
    sc_mp_sub(kk, c->fn->p, k, nw);
    sc_mp_cmov(kk, k, (sc_word)~even, nw);
    return even;
}

/* acc (len words) = entry idx of the n entries at e (entry 0 already in
 * acc), reading every entry (constant time). */
static void scan_window(sc_word *acc, const sc_word *e, unsigned n, unsigned idx, size_t len)
{
    unsigned i;
    size_t j;
    for (i = 1; i < n; i++) {
        sc_word m = sc_ct_mask_z((sc_word)(i ^ idx));
        e += len;
        for (j = 0; j < len; j++)
            acc[j] ^= (acc[j] ^ e[j]) & m;
    }
}

/* The same for a fixed length L, accumulating in a local array that the
 * compiler keeps in (vector) registers. */
#define SC_SCAN_FIXED(L)                                                            \
    static void scan_window_##L(sc_word *acc, const sc_word *e, unsigned n, unsigned idx) \
    {                                                                               \
        sc_word a[L];                                                               \
        unsigned i, j;                                                              \
        for (j = 0; j < L; j++)                                                     \
            a[j] = e[j];                                                            \
        for (i = 1; i < n; i++) {                                                   \
            sc_word m = sc_ct_mask_z((sc_word)(i ^ idx));                           \
            e += L;                                                                 \
            for (j = 0; j < L; j++)                                                 \
                a[j] ^= (a[j] ^ e[j]) & m;                                          \
        }                                                                           \
        for (j = 0; j < L; j++)                                                     \
            acc[j] = a[j];                                                          \
    }
#if SC_WORD_BITS >= 32
SC_SCAN_FIXED(6)
SC_SCAN_FIXED(8)
SC_SCAN_FIXED(9)
SC_SCAN_FIXED(12)
#endif

/* acc (len words) = entry idx of a packed table of n entries of len words;
 * on x86-64 the AVX2 scan (sc_mp_select_accel) where the CPU has it, else
 * the fixed lengths of the 64-bit fields (2 or 3 coordinates of 3 or 4
 * words) have their own unrolled scans. */
static void scan_table(sc_word *acc, const sc_word *e, unsigned n, unsigned idx, size_t len)
{
    size_t j;
#ifdef SC_MP_HAVE_MULX
    if (sc_mp_select_accel(acc, e, n, idx, len))
        return;
#endif
#if SC_WORD_BITS >= 32
    if (len == 6) {
        scan_window_6(acc, e, n, idx);
        return;
    } else if (len == 8) {
        scan_window_8(acc, e, n, idx);
        return;
    } else if (len == 9) {
        scan_window_9(acc, e, n, idx);
        return;
    } else if (len == 12) {
        scan_window_12(acc, e, n, idx);
        return;
    }
#endif
    for (j = 0; j < len; j++)
        acc[j] = e[j];
    scan_window(acc, e, n, idx, len);
}

/* The fixed-base table of G is in flash on AVR (SC_FLASH, util/flash.h):
 * there scan_gtab reads each word by LPM, with the same full masked scan
 * (LPM takes 3 cycles at any address, so the timing is independent of idx);
 * elsewhere it is scan_table. */
#ifdef SC_NO_GTAB
/* no table: nothing to scan */
#elif SC_FLASH_SEPARATE
static void scan_gtab(sc_word *acc, const sc_word *e, unsigned n, unsigned idx, size_t len)
{
    unsigned i;
    size_t j;
    for (j = 0; j < len; j++)
        acc[j] = sc_flash_rd_word(e + j);
    for (i = 1; i < n; i++) {
        sc_word m = sc_ct_mask_z((sc_word)(i ^ idx));
        e += len;
        for (j = 0; j < len; j++)
            acc[j] ^= (acc[j] ^ sc_flash_rd_word(e + j)) & m;
    }
}
#else
#  define scan_gtab scan_table
#endif

/* Odd multiples of an affine point P for a window method, computed on the
 * isomorphic curve on which D = 2P is affine.  The map (x, y) -> (u^2 x, u^3 y)
 * takes E to E_u: y^2 = x^3 + a u^4 x + b u^6, and a Jacobian point (X:Y:Z)
 * of E to (X:Y:Z/u) of E_u; additions do not involve a or b, so with u = Z(D)
 * the chain T_i = T_(i-1) + D' is a run of mixed additions (8M + 3S each
 * instead of 12M + 4S).  This is the co-Z idea of Meloni 2007 ("New point
 * addition formulae for ECC applications", WAIFI) in the form of the
 * "effective affine" precomputation of libsecp256k1 (Wuille et al.).
 *
 * Output: entry i of tab (stride st words, st >= 2*nw) holds X_i, Y_i, and
 * entry i of zr (stride zst) the ratio zr_i with Z_i = Z_(i-1) * zr_i (zr_0
 * unused) of T_i = (2i+1)P on E_u, where T_0 has Z_0 = 1 (the packed
 * Jacobian layout: st = zst = 3*nw, zr = tab + 2*nw); last = T_(n-1) on E_u;
 * u = Z(D).  So T_i on E is (X_i : Y_i : Z_i * u).  No exceptional case:
 * T_(i-1) = +-D would need 2i-1 = +-2 mod n, impossible for odd 2i-1 and
 * 2i+1 < n.  Constant time. */
#if EC_ODD_JAC
/* The start of odd_multiples_st: D = 2P = (dx, dy : u) affine on E_u, and P on
 * E_u in last (last is D's scratch: no Jacobian temporary, so inlined into
 * its callers at no cost in stack). */
EC_INLINE static void odd_multiples_start(sc_ep_jac *last, sc_word *dx, sc_word *dy, sc_word *u,
                                          const sc_ep_aff *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_ep_dbl_aff(last, p, c);
    sc_fp_copy(u, last->z, f);
    sc_fp_copy(dx, last->x, f);
    sc_fp_copy(dy, last->y, f);
    sc_fp_sqr(last->z, u, f);
    sc_fp_mul(last->x, p->x, last->z, f);
    sc_fp_mul(last->z, last->z, u, f);
    sc_fp_mul(last->y, p->y, last->z, f);
    sc_fp_set_one(last->z, f);
}

EC_NOINLINE static void odd_multiples_st(sc_word *tab, size_t st, sc_word *zr, size_t zst, sc_ep_jac *last, sc_word *u,
                             const sc_ep_aff *p, unsigned n, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_ep_aff da;
    unsigned i;
    odd_multiples_start(last, da.x, da.y, u, p, c);
    sc_fp_copy(tab, last->x, f);
    sc_fp_copy(tab + f->nw, last->y, f);
    sc_fp_set_one(zr, f);
    for (i = 1; i < n; i++) {
        sc_ep_add_mixed_zr(last, last, da.x, da.y, tab + i * st, tab + i * st + f->nw, zr + i * zst, c);
        sc_fp_copy(tab + i * st, last->x, f);
        sc_fp_copy(tab + i * st + f->nw, last->y, f);
    }
    sc_memzero(&da, sizeof da);
}

static void odd_multiples(sc_word *tab, sc_ep_jac *last, sc_word *u, const sc_ep_aff *p, unsigned n,
                          const sc_ep_curve *c)
{
    const size_t st = 3 * (size_t)c->fp->nw;
    odd_multiples_st(tab, st, tab + 2 * (size_t)c->fp->nw, st, last, u, p, n, c);
}
#endif

#if EC_FIXWIN_JAC
/* Rescale the output of odd_multiples to the common Z of T_(n-1): walking
 * down, rho_i = zr_(i+1) * .. * zr_(n-1) = Z_(n-1) / Z_i and
 * (X_i, Y_i) <- (rho_i^2 X_i, rho_i^3 Y_i) (4M + 1S per point), then pack
 * the entries to stride 2*nw.  The table is then affine on the curve E_g,
 * g = Z_(n-1) * u, isomorphic to E as in odd_multiples.  Constant time. */
static void common_z(sc_word *tab, unsigned n, const sc_fp_field *f)
{
    const size_t nw = f->nw, st = 3 * nw;
    sc_fe rho, r2;
    unsigned i;
    size_t j;
    for (i = n - 1; i-- > 0;) {
        sc_word *e = tab + (size_t)i * st;
        if (i == n - 2)
            sc_fp_copy(rho, e + st + 2 * nw, f);
        else
            sc_fp_mul(rho, rho, e + st + 2 * nw, f);
        sc_fp_sqr(r2, rho, f);
        sc_fp_mul(e, e, r2, f);
        sc_fp_mul(r2, r2, rho, f);
        sc_fp_mul(e + nw, e + nw, r2, f);
    }
    for (i = 1; i < n; i++)        /* destination below source: forward copy is safe */
        for (j = 0; j < 2 * nw; j++)
            tab[(size_t)i * 2 * nw + j] = tab[(size_t)i * st + j];
    sc_memzero(rho, sizeof rho);
    sc_memzero(r2, sizeof r2);
}
#endif

#if EC_ODD_JAC
/* Turn the ratios zr_i of odd_multiples_st (entry stride st, the ratio at
 * word 2*nw of each entry) into the Z coordinates on E,
 * Z_i * u = zr_i * (Z_(i-1) * u), so the table holds Jacobian points of E
 * (1M per point).  Constant time. */
static void jacobian_z(sc_word *tab, size_t st, const sc_word *u, unsigned n, const sc_fp_field *f)
{
    const size_t nw = f->nw;
    unsigned i;
    sc_fp_copy(tab + 2 * nw, u, f);
    for (i = 1; i < n; i++)
        sc_fp_mul(tab + i * st + 2 * nw, tab + i * st + 2 * nw, tab + (i - 1) * st + 2 * nw, f);
}
#endif

/* y = -y where mask is all ones, constant time: sc_fp_cneg's one pass at
 * 64-bit limbs; the motes keep the negation and selection they link anyway
 * (no further routine in their flash). */
static EC_INLINE void cneg_y(sc_word *y, sc_word mask, const sc_fp_field *f)
{
#if SC_WORD_BITS == 64
    sc_fp_cneg(y, y, mask, f);
#else
    sc_fe ny;
    sc_fp_neg(ny, y, f);
    sc_fp_cmov(y, ny, mask, f);
    sc_memzero(ny, sizeof ny);
#endif
}

/* sign(d) * entry |d| >> 1 of a packed table (constant time): Jacobian
 * (stride 3*nw) or affine (stride 2*nw, r->z untouched) */
#if EC_FIXWIN_JAC
static void lookup_jac(sc_ep_jac *r, const sc_word *tab, unsigned n, uint8_t d, const sc_fp_field *f)
{
    const size_t nw = f->nw;
    sc_word acc[3 * SC_FP_MAXW];
    scan_table(acc, tab, n, d & 0x7fu, 3 * nw);
    sc_fp_copy(r->x, acc, f);
    sc_fp_cneg(r->y, acc + nw, sc_ct_mask_bit((sc_word)(d >> 7)), f);
    sc_fp_copy(r->z, acc + 2 * nw, f);
    sc_memzero(acc, sizeof acc);
}
#endif

static void lookup_aff(sc_ep_aff *r, const sc_word *tab, unsigned n, uint8_t d, const sc_fp_field *f)
{
    const size_t nw = f->nw;
    sc_word acc[2 * SC_FP_MAXW];
    scan_table(acc, tab, n, d & 0x7fu, 2 * nw);
    sc_fp_copy(r->x, acc, f);
    sc_fp_copy(r->y, acc + nw, f);
    cneg_y(r->y, sc_ct_mask_bit((sc_word)(d >> 7)), f);
    sc_memzero(acc, sizeof acc);
}

/* Bound on the GLV half-scalars of a build (|k1|, |k2| < 2^EC_GLV_HBITS; the
 * generated hbits must not exceed it, curve_glv) and the words that hold one
 * (half a scalar's: the four halves stay on the stack through the loop). */
#define EC_GLV_HBITS 128
#define EC_GLV_HW SC_WORDS(EC_GLV_HBITS)

/* The GLV data of c (src/curves/gtab.h), or NULL: found by comparing the
 * curve (a = 0, b, p and n: these determine the curve and its endomorphism
 * ring) with the generated constants, so the curve descriptors need no
 * field for it.  Public data, variable time. */
static const struct sc_ec_glv *curve_glv(const sc_ep_curve *c)
{
#if SC_CURVE_SECP256K1
    const struct sc_ec_glv *gl = &sc_glv_secp256k1;   /* in flash on AVR (util/flash.h) */
    const size_t nw = c->fp->nw, bytes = nw * sizeof(sc_word);
    const unsigned hbits = sc_flash_rd_u16(&gl->hbits), shift = sc_flash_rd_u16(&gl->shift);
    if (c->a_kind != SC_EP_A_ZERO || c->fn->nw != nw || nw != SC_WORDS(256) ||
        hbits > EC_GLV_HBITS || shift % SC_WORD_BITS || hbits % SC_WORD_BITS)
        return NULL;
    if (sc_flash_cmp(c->fp->p, gl->p, bytes) || sc_flash_cmp(c->fn->p, gl->n, bytes) ||
        sc_flash_cmp_ff(c->b, gl->b, bytes))
        return NULL;
    return gl;
#else
    (void)c;
    return NULL;   /* the only GLV curve is not in this build */
#endif
}

/* c = round(k * g / 2^shift) = floor((k * g + 2^(shift-1)) / 2^shift) for k, g
 * of nw words; c < 2^(2*nw*W - shift) (nw words, zero-extended).  Constant time. */
static void glv_round(sc_word *c, const sc_word *k, const sc_word *g, unsigned shift, size_t nw)
{
    sc_word prod[2 * SC_FP_MAXW];
    const size_t lo = (shift - 1u) / SC_WORD_BITS, top = shift / SC_WORD_BITS;
    sc_mp_mul(prod, k, g, nw);
    sc_mp_add_word(prod + lo, prod + lo, (sc_word)((sc_word)1 << ((shift - 1u) % SC_WORD_BITS)), 2 * nw - lo);
    sc_mp_zero(c, nw);
    sc_mp_copy(c, prod + top, 2 * nw - top);
    sc_memzero(prod, sizeof prod);
}

/* v (canonical, < n, nw words) -> its magnitude |v'| (EC_GLV_HW words) and a
 * sign mask, where v' is the representative of v in (-2^hbits, 2^hbits): v
 * itself if v < 2^hbits, else v - n (then n - v < 2^hbits <= 2^EC_GLV_HBITS
 * by the bound of glv_split and curve_glv).  Constant time. */
static void glv_signed(sc_word *mag, sc_word *neg, const sc_word *v, const struct sc_ec_glv *gl, size_t nw)
{
    sc_word hi = 0, t[SC_FP_MAXW];
    size_t i;
    for (i = sc_flash_rd_u16(&gl->hbits) / SC_WORD_BITS; i < nw; i++)
        hi |= v[i];
    *neg = sc_ct_mask_nz(hi);
    sc_mp_sub(t, sc_flash_words(t, gl->n, nw), v, nw);   /* sc_mp_sub allows r to alias a */
    sc_mp_cmov(t, v, (sc_word)~*neg, nw);
    sc_mp_copy(mag, t, EC_GLV_HW);
    sc_memzero(t, sizeof t);
}

/* GLV split (Gallant-Lambert-Vanstone 2001, sec. 4; Guide to ECC Alg. 3.74 with
 * the rounding by precomputed g1, g2): for k < n, c1 = round(k*b2/n),
 * c2 = round(-k*b1/n) as round(k*g_i/2^384), then k2 = c1*(-b1) - c2*b2 and
 * k1 = k - k2*lambda (mod n, in the scalar field: (a_i, b_i) lie in the lattice
 * so this equals k - c1*a1 - c2*a2).  Bound: with x_1 = k*b2/n, |k*g1/2^384 -
 * x_1| <= k/2^385 < 2^-129, so |x_1 - c1| <= 1/2 + 2^-129 (likewise c2), and
 * (k1, k2) = (x_1 - c1)*v1 + (x_2 - c2)*v2 gives |k1| <= (1/2 + 2^-129)(a1 + a2)
 * < 2^127.35 and |k2| <= (1/2 + 2^-129)(|b1| + b2) < 2^127.12 for secp256k1
 * (tools/gen_gtab.py asserts both below 2^hbits = 2^128).  Outputs: k1 = s1*h1,
 * k2 = s2*h2 with h1, h2 < 2^hbits (EC_GLV_HW words) and s_i = -1 where the
 * mask is all-ones.  Out of line: its temporaries are
 * gone before the streams run.  Constant time. */
EC_NOINLINE static void glv_split(sc_word *h1, sc_word *s1, sc_word *h2, sc_word *s2, const sc_word *k,
                      const struct sc_ec_glv *gl, const sc_ep_curve *c)
{
    const sc_fp_field *fn = c->fn;
    const size_t nw = fn->nw;
    const unsigned shift = sc_flash_rd_u16(&gl->shift);
    sc_fe c1, c2, t, kk;
    /* gl is in flash on AVR: each constant is read through t (sc_flash_words) */
    glv_round(c1, k, sc_flash_words(t, gl->g1, nw), shift, nw);
    glv_round(c2, k, sc_flash_words(t, gl->g2, nw), shift, nw);
    sc_fp_from_canon(c1, c1, fn);           /* c1, c2 < 2^129 < n */
    sc_fp_from_canon(c2, c2, fn);
    sc_fp_from_canon(t, sc_flash_words(t, gl->mb1, nw), fn);
    sc_fp_mul(c1, c1, t, fn);
    sc_fp_from_canon(t, sc_flash_words(t, gl->b2, nw), fn);
    sc_fp_mul(c2, c2, t, fn);
    sc_fp_sub(c1, c1, c2, fn);              /* k2 */
    sc_fp_from_canon(t, sc_flash_words(t, gl->lambda, nw), fn);
    sc_fp_mul(t, t, c1, fn);
    sc_fp_from_canon(kk, k, fn);
    sc_fp_sub(kk, kk, t, fn);               /* k1 */
    sc_fp_to_canon(c2, kk, fn);             /* c2 is free from here: the canonical k1, then k2 */
    glv_signed(h1, s1, c2, gl, nw);
    sc_fp_to_canon(c2, c1, fn);
    glv_signed(h2, s2, c2, gl, nw);
    sc_memzero(c1, sizeof c1);
    sc_memzero(c2, sizeof c2);
    sc_memzero(t, sizeof t);
    sc_memzero(kk, sizeof kk);
}

#if EC_FIXWIN_JAC
/* The main loop of the fixed window over a built table of n odd multiples:
 * Jacobian on E (stride 3*nw, aff = 0), or affine (stride 2*nw, aff = 1) on E
 * (uiso NULL) or on the isomorphic E_u (uiso = u, a = 0: the doubling formula
 * is the same there, and Z is scaled back by u at the end).
 *
 * Most significant digit first.  Before digit j the accumulator holds
 * k_{j+1} P with k_{j+1} = (kk >> w(j+1)) | 1, so the addition computes
 * 2^w k_{j+1} P + d_j P.  It is exceptional only if 2^w k_{j+1} - d_j =
 * k_j - 2 d_j or 2^w k_{j+1} + d_j = k_j is 0 mod n.  For j >= 1,
 * k_j < 2^(bits-wj) + 2, so both values lie in (0, 2^(bits-w) + 2^(w+1) + 2)
 * which is below 2^(bits-1) < n: the incomplete addition is safe.  For j = 0
 * they can reach n (e.g. kk = n-2, or kk = n when k = 0), so the last
 * addition is the complete one.  The doublings handle infinity by
 * themselves (odd order: no 2-torsion).  The digits are read from kk where
 * they are used (regular_digit).  Constant time. */
EC_NOINLINE static sc_err fixwin_loop(sc_ep_aff *r, const sc_word *kk, sc_word even, const sc_word *tab, unsigned n,
                                      unsigned w, int aff, const sc_word *uiso, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    const size_t knw = c->fn->nw;
    const unsigned m = regular_len(c->fn->bits, w);
    sc_ep_jac q;
    union { sc_ep_jac j; sc_ep_aff a; } t;   /* the looked-up entry, of the table's form */
    unsigned j;
    sc_err e;

    if (aff) {
        lookup_aff(&t.a, tab, n, regular_digit(kk, knw, m - 1, m, w), f);
        sc_ep_jac_from_aff(&q, &t.a, c);
    } else {
        lookup_jac(&q, tab, n, regular_digit(kk, knw, m - 1, m, w), f);
    }
    for (j = m - 1; j-- > 0;) {
        sc_ep_dbl_jac_n(&q, w, c);
        if (aff) {
            lookup_aff(&t.a, tab, n, regular_digit(kk, knw, j, m, w), f);
            if (j > 0)
                sc_ep_add_mixed_inc(&q, &q, &t.a, c);
            else
                sc_ep_add_mixed(&q, &q, &t.a, c);
        } else {
            lookup_jac(&t.j, tab, n, regular_digit(kk, knw, j, m, w), f);
            if (j > 0)
                sc_ep_add_jac_inc(&q, &q, &t.j, c);
            else
                sc_ep_add_jac(&q, &q, &t.j, c);
        }
    }
    if (uiso)
        sc_fp_mul(q.z, q.z, uiso, f);     /* back to E */
    sc_ep_cneg_jac(&q, even, c);
    e = sc_ep_jac_to_aff(r, &q, c);
    sc_memzero(&q, sizeof q);
    sc_memzero(&t, sizeof t);
    return e;
}

/* The table in the packed Jacobian layout: Jacobian on E, or for a = 0
 * affine on E_u after common_z. */
EC_NOINLINE static sc_err fixwin_jac(sc_ep_aff *r, const sc_word *kk, sc_word even, const sc_ep_aff *p, unsigned n,
                                     unsigned w, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_word tab[(1u << (SC_EC_MUL_WMAX - 1)) * 3 * SC_FP_MAXW];
    sc_ep_jac last;
    sc_fe u;
    sc_err e;
    int iso = c->a_kind == SC_EP_A_ZERO;     /* public */
    odd_multiples(tab, &last, u, p, n, c);
    if (iso) {
        common_z(tab, n, f);
        sc_fp_mul(u, u, last.z, f);       /* E -> E_u: (X:Y:Z) -> (X:Y:Z/u) */
    } else {
        jacobian_z(tab, 3 * (size_t)f->nw, u, n, f);
    }
    sc_memzero(&last, sizeof last);
    e = fixwin_loop(r, kk, even, tab, n, w, iso, iso ? u : NULL, c);
    sc_memzero(tab, (size_t)n * 3 * f->nw * sizeof(sc_word));
    sc_memzero(u, sizeof u);
    return e;
}
#endif

#if EC_FIXWIN_JAC && SC_CURVE_SECP256K1
/* ---- k*P by the GLV endomorphism, constant time (secp256k1) ----
 *
 * k = k1 + k2*lambda mod n by glv_split (Babai rounding with the
 * precomputed g1, g2; constant time), |k_i| = h_i < 2^127.4, k_i = s_i h_i.
 * Each h_i is made odd as h_i' = h_i | 1 (e_i = 1 when h_i was even: the
 * "skew" of the regular recoding, subtracted at the end) and recoded into
 * m = regular_len(128, w) regular signed odd digits (Joye-Tunstall, as
 * fixwin_loop; read from the bits where used).  One table, the odd multiples
 * P, 3P, .., (2^w - 1)P affine on the isomorphic curve E_g (odd_multiples
 * and common_z, as fixwin_jac for a = 0); the entries of phi(P) are the
 * same with x times beta (phi commutes with the isomorphism, a = 0), made
 * after the lookup (1M).  Then from the top digit: w doublings, the digit of
 * h1' (table entry, sign s1 times the digit's) and of h2' (sign s2, x times
 * beta) by mixed additions: (m - 1) w doublings, 2m - 1 additions, against
 * about 2m w doublings and 2m additions of the plain fixed window.
 *
 * Exceptional cases.  With p_i(j) = (h_i' >> wj) | 1 <= 2^(128 - wj) the
 * value of stream i's digits from j up, the accumulator before the first
 * addition of window j is 2^w s1 p_1(j+1) + lambda 2^w s2 p_2(j+1) (times
 * P), and before the second s1 p_1(j) + lambda 2^w s2 p_2(j+1).  An addition
 * of +-d P or +-d phi(P) (|d| < 2^w) is exceptional (equal or opposite
 * points, or an infinite accumulator) only if some (x, y) != (0, 0) with
 * x + y lambda = 0 mod n has |x|, |y| <= 2^(128 - wj) + 2^w (y, or x, is
 * 2^w or 1 times an odd prefix, so nonzero).  Such (x, y) is c1 v1 + c2 v2
 * in the reduced basis of src/curves/gtab.h with c1 = (x b2 - y a2) / n,
 * c2 = (y a1 - x b1) / n; for |x|, |y| < 2^124, as a2 + b2 < 2^128.5,
 * a1 - b1 < 2^128.2 and n > 2^255, both |c_i| < 2^-2.5, so c1 = c2 = 0.
 * For j >= 1 the bound, at most 2^(128 - w) + 2^w = 2^123 + 2^5 (w = 5),
 * is below 2^124: those additions are the incomplete mixed addition
 * (sc_ep_add_mixed_inc; madd-2004-hmv).  The two additions of the last
 * window (j = 0) and the two skew corrections are the complete
 * sc_ep_add_mixed_g, whose output, on infinity or a doubling, is right as
 * well (k = 0 ends at infinity through them).  Constant time in k: the
 * signs and skews are masks, every lookup a full-table scan. */
#define EC_GLV_W 5   /* >= 5: the bound of the exceptional cases above */

/* the entry of digit d of stream i (sign mask si) as an affine point on E_g,
 * through phi when beta is given (beta in the field's form) */
static void glv_lookup(sc_ep_aff *t, const sc_word *tab, unsigned n, uint8_t d, sc_word si, const sc_word *beta,
                       const sc_fp_field *f)
{
    lookup_aff(t, tab, n, (uint8_t)(d ^ (uint8_t)(si & 0x80u)), f);
    if (beta)
        sc_fp_mul(t->x, t->x, beta, f);
}

EC_NOINLINE static sc_err glv_mul(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c,
                                  const struct sc_ec_glv *gl)
{
    const sc_fp_field *f = c->fp;
    const unsigned w = EC_GLV_W, n = 1u << (EC_GLV_W - 1), m = regular_len(EC_GLV_HBITS, EC_GLV_W);
    sc_word tab[(1u << (EC_GLV_W - 1)) * 3 * SC_FP_MAXW];
    sc_word h[2][EC_GLV_HW], s[2], ev[2];
    sc_ep_jac q, last;
    sc_ep_aff t;
    sc_fe g, beta, ny;
    unsigned i, j, b;
    sc_err e;

    glv_split(h[0], &s[0], h[1], &s[1], k, gl, c);
    for (i = 0; i < 2; i++) {
        ev[i] = sc_ct_mask_bit((sc_word)~h[i][0]);
        h[i][0] |= 1u;
    }
    sc_fp_from_canon(beta, sc_flash_words(beta, gl->beta, f->nw), f);

    odd_multiples(tab, &last, g, p, n, c);
    common_z(tab, n, f);
    sc_fp_mul(g, g, last.z, f);             /* the table is affine on E_g */

    glv_lookup(&t, tab, n, regular_digit(h[0], EC_GLV_HW, m - 1, m, w), s[0], NULL, f);
    sc_ep_jac_from_aff(&q, &t, c);
    glv_lookup(&t, tab, n, regular_digit(h[1], EC_GLV_HW, m - 1, m, w), s[1], beta, f);
    sc_ep_add_mixed_inc(&q, &q, &t, c);
    for (j = m - 1; j-- > 0;) {
        sc_ep_dbl_jac_n(&q, w, c);
        for (b = 0; b < 2; b++) {
            glv_lookup(&t, tab, n, regular_digit(h[b], EC_GLV_HW, j, m, w), s[b], b ? beta : NULL, f);
            if (j > 0)
                sc_ep_add_mixed_inc(&q, &q, &t, c);
            else
                sc_ep_add_mixed_g(&q, &q, &t, NULL, c);
        }
    }
    /* the skews: minus s_i P (through phi for i = 1) where h_i was even */
    for (b = 0; b < 2; b++) {
        sc_fp_copy(t.x, tab, f);
        sc_fp_copy(t.y, tab + f->nw, f);
        if (b)
            sc_fp_mul(t.x, t.x, beta, f);
        sc_fp_neg(ny, t.y, f);
        sc_fp_cmov(t.y, ny, (sc_word)~s[b], f);
        sc_ep_add_mixed_g(&last, &q, &t, NULL, c);
        sc_fp_cmov(q.x, last.x, ev[b], f);
        sc_fp_cmov(q.y, last.y, ev[b], f);
        sc_fp_cmov(q.z, last.z, ev[b], f);
    }
    sc_fp_mul(q.z, q.z, g, f);              /* back to E */
    e = sc_ep_jac_to_aff(r, &q, c);
    sc_memzero(tab, (size_t)n * 3 * f->nw * sizeof(sc_word));
    sc_memzero(h, sizeof h);
    sc_memzero(s, sizeof s);
    sc_memzero(ev, sizeof ev);
    sc_memzero(&q, sizeof q);
    sc_memzero(&last, sizeof last);
    sc_memzero(&t, sizeof t);
    sc_memzero(g, sizeof g);
    sc_memzero(ny, sizeof ny);
    return e;
}
#endif

sc_err sc_ec_mul_glv(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c)
{
#if EC_FIXWIN_JAC && SC_CURVE_SECP256K1
    const struct sc_ec_glv *gl = curve_glv(c);
    if (gl)
        return glv_mul(r, k, p, c, gl);
#else
    (void)k;
    (void)p;
    (void)c;
#endif
    sc_memzero(r, sizeof *r);
    return SC_ERR_UNSUPPORTED;
}

/* ---- the fixed window with a small affine table (the mote's sc_ec_mul) ----
 *
 * The recoding and the loop of fixwin_loop with the table affine, in little
 * RAM: the table of n = 2^(w-1) entries is the only array, the point
 * formulas work in place with two temporaries, the table needs no Z ratios
 * to become affine (coz_table), and the last, complete addition and the
 * inversion of the result run after the table's frame is gone. */

/* The odd multiples T_i = (2i+1)P, i < n (n >= 2), in tab (stride 2*nw),
 * without Z ratios.  D = 2P by doubling (xP : yP : 1), u = Z(D); on the
 * isomorphic curve E_u of odd_multiples_st D is affine and T_0 = P =
 * (xP u^2, yP u^3) has Z = 1, and T_i = T_(i-1) + D is a mixed addition
 * (madd-2004-hmv).  The entries are kept co-Z ([Mel07]): the addition
 * multiplies Z by H and yields T_(i-1) at the new Z as (X H^2, Y H^3), and
 * the older entries are brought to it by the same H^2, H^3, so the table
 * never holds ratios (2M per older entry and step: (n-1)(n-2) M in all).
 * Then T_i = (X_i : Y_i : g) on E with g = Z u: the table is affine on the
 * isomorphic curve E_g (x, y) -> (g^2 x, g^3 y), and g is returned (r->x
 * of sc_ec_mul's loop, or coz_to_e's inversion).  The table depends on P
 * alone, never on the scalar.  No exceptional case: as odd_multiples_st.
 * Workspace: *ws (three field elements: the common Z, a temporary, u) and
 * the table itself: the doubling's temporaries are entries 0 and 1, D
 * waits in entry n-1 (read by the last addition before its result goes
 * there).  g may be ws->x.  Constant time. */
EC_NOINLINE static void coz_table(sc_word *tab, sc_word *g, sc_ep_jac *ws, const sc_ep_aff *p, unsigned n,
                                  const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    const size_t nw = f->nw, st = 2 * nw;
    sc_word *const z = ws->x, *const t1 = ws->y, *const u = ws->z;
    sc_word *const dx = tab + (size_t)(n - 1) * st, *const dy = dx + nw;
    sc_fe t2;
    unsigned i, j;

    sc_ep_jac_from_aff(ws, p, c);
    sc_ep_dbl_jac_t(ws, tab, tab + st, NULL, c);
    sc_fp_copy(dx, ws->x, f);
    sc_fp_copy(dy, ws->y, f);
    sc_fp_sqr(t1, u, f);
    sc_fp_mul(tab, p->x, t1, f);
    sc_fp_mul(t1, t1, u, f);
    sc_fp_mul(tab + nw, p->y, t1, f);
    for (i = 1; i < n; i++) {
        sc_word *x1 = tab + (i - 1) * st, *y1 = x1 + nw, *x3 = x1 + st, *y3 = x3 + nw;
        if (i == 1) {                    /* Z = 1 */
            sc_fp_sub(x3, dx, x1, f);
            sc_fp_sub(y3, dy, y1, f);
            sc_fp_copy(z, x3, f);
        } else {
            sc_fp_sqr(t1, z, f);
            sc_fp_mul(t2, t1, z, f);
            sc_fp_mul(x3, dx, t1, f);
            sc_fp_mul(y3, dy, t2, f);
            sc_fp_sub(x3, x3, x1, f);    /* H */
            sc_fp_sub(y3, y3, y1, f);    /* R */
            sc_fp_mul(z, z, x3, f);
        }
        sc_fp_sqr(t1, x3, f);            /* H^2 */
        sc_fp_mul(t2, t1, x3, f);        /* H^3 */
        for (j = 0; j < i; j++) {        /* T_0 .. T_(i-1) to the new Z; T_(i-1) = (V, Y1 H^3) */
            sc_fp_mul(tab + j * st, tab + j * st, t1, f);
            sc_fp_mul(tab + j * st + nw, tab + j * st + nw, t2, f);
        }
        sc_fp_sqr(t1, y3, f);
        sc_fp_sub(t1, t1, t2, f);
        sc_fp_sub(t1, t1, x1, f);
        sc_fp_sub(t1, t1, x1, f);        /* X3 = R^2 - H^3 - 2V */
        sc_fp_sub(t2, x1, t1, f);
        sc_fp_mul(t2, t2, y3, f);
        sc_fp_sub(y3, t2, y1, f);        /* Y3 = R (V - X3) - Y1 H^3 */
        sc_fp_copy(x3, t1, f);
    }
    sc_fp_mul(g, z, u, f);
    sc_memzero(t1, sizeof(sc_fe));
    sc_memzero(u, sizeof(sc_fe));
    sc_memzero(t2, sizeof t2);
}

/* The table of coz_table from E_g to E: (X g^-2, Y g^-3) for each entry,
 * g = 1 on return; ws (three elements) the workspace.  One inversion of a
 * public value (the table depends on P alone), sc_ep_inv_pub.  Constant
 * time. */
EC_NOINLINE static void coz_to_e(sc_word *tab, sc_word *g, sc_ep_jac *ws, unsigned n, const sc_fp_field *f)
{
    const size_t nw = f->nw, st = 2 * nw;
    unsigned i;
    sc_ep_inv_pub(ws->y, g, f);
    sc_fp_sqr(ws->x, ws->y, f);
    sc_fp_mul(ws->y, ws->y, ws->x, f);
    for (i = 0; i < n; i++) {
        sc_fp_mul(tab + i * st, tab + i * st, ws->x, f);
        sc_fp_mul(tab + i * st + nw, tab + i * st + nw, ws->y, f);
    }
    sc_fp_set_one(g, f);
}

/* Whether sc_ec_mul's loop runs on E (the table brought there by
 * coz_to_e, its inversion under the table's frame) rather than on E_g (W
 * carried through the doublings: 1M per doubling and 1M + 1S per addition
 * more than on E).  Public.  On E_g up to 192-bit fields, where that costs
 * less than the inversion and its frames under the table would be the
 * deepest stack of the application (secp160r1: ECDH 6.72 M cycles against
 * 6.79 M, 30 B less stack); on E above (P-256: 26.5 M against 27.1 M).
 * For a = 0 the doublings do not involve a: always on E_g, no W. */
static int coz_on_e(const sc_ep_curve *c)
{
#if SC_FP_MAX_BITS > 192
    return c->a_kind != SC_EP_A_ZERO && c->fp->bits > 192;
#else
    (void)c;
    return 0;
#endif
}

/* The window loop on E_g over the table (n = 2^(w-1) entries, affine on
 * E_g; g in r->x) for the scalar k: kk (r->y) = k made odd (make_odd;
 * *even as there), then as fixwin_loop down to the last digit, whose entry
 * is left in t for the caller's complete addition (the exceptional cases
 * are fixwin_loop's).  For a != 0 the doublings depend on a: ww carries
 * W = (g Z)^2 for them (sc_ep_dbl_jac_t: 1M per doubling instead of 1S to
 * square Z and 1M by g^2), set anew after each addition (1M + 1S); for
 * a = 0 it is unused.  t is the doublings' two temporaries and the
 * additions' (sc_ep_madd consumes the entry): this frame holds no
 * field element.  Constant time in k. */
EC_NOINLINE static void coz_loop(sc_ep_jac *q, sc_ep_aff *t, sc_ep_aff *r, sc_word *ww, sc_word *even,
                                 const sc_word *k, const sc_word *tab, unsigned w, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    const size_t knw = c->fn->nw;
    const unsigned n = 1u << (w - 1), m = regular_len(c->fn->bits, w);
    sc_word *const kk = r->y, *const wp = c->a_kind == SC_EP_A_ZERO || coz_on_e(c) ? NULL : ww;
    unsigned i, j;

    *even = make_odd(kk, k, c);
    lookup_aff(t, tab, n, regular_digit(kk, knw, m - 1, m, w), f);
    sc_ep_jac_from_aff(q, t, c);
    sc_fp_sqr(ww, r->x, f);              /* Z = 1 */
    for (j = m - 1; j-- > 0;) {
        for (i = 0; i < w; i++)
            sc_ep_dbl_jac_t(q, t->x, t->y, wp, c);
        lookup_aff(t, tab, n, regular_digit(kk, knw, j, m, w), f);
        if (j > 0) {
            (void)sc_ep_madd(q, q, t->x, t->y, t->x, t->y, f, NULL, SC_EP_MADD_INC);
            if (wp) {                    /* public */
                sc_fp_mul(ww, q->z, r->x, f);
                sc_fp_sqr(ww, ww, f);
            }
        }
    }
}

/* The table of P in tab (coz_table), then coz_loop; q is the workspace of
 * the first, r (which may alias p, read by coz_table's start alone) holds
 * g in r->x and kk in r->y, ww is W.  q, t and g on E_g as coz_loop and
 * coz_table leave them.  Inlined into the frame of the table. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void coz_run(sc_ep_jac *q, sc_ep_aff *t, sc_ep_aff *r, sc_word *ww, sc_word *even, const sc_word *k,
                           sc_word *tab, const sc_ep_aff *p, unsigned w, const sc_ep_curve *c)
{
    const unsigned n = 1u << (w - 1);
    coz_table(tab, r->x, q, p, n, c);
    if (coz_on_e(c))                     /* public */
        coz_to_e(tab, r->x, q, n, c->fp);
    coz_loop(q, t, r, ww, even, k, tab, w, c);
    sc_memzero(tab, (size_t)n * 2 * c->fp->nw * sizeof(sc_word));
}

/* coz_run with a table for the default window (the stack of sc_ec_mul) */
EC_NOINLINE static void coz_run_def(sc_ep_jac *q, sc_ep_aff *t, sc_ep_aff *r, sc_word *ww, sc_word *even,
                                    const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_ep_curve *c)
{
    sc_word tab[(1u << (SC_EC_MUL_W - 1)) * 2 * SC_FP_MAXW];
    coz_run(q, t, r, ww, even, k, tab, p, w, c);
}

#if SC_EC_MUL_WMAX > SC_EC_MUL_W
/* and for every window of sc_ec_mul_fixwin */
EC_NOINLINE static void coz_run_max(sc_ep_jac *q, sc_ep_aff *t, sc_ep_aff *r, sc_word *ww, sc_word *even,
                                    const sc_word *k, const sc_ep_aff *p, unsigned w, const sc_ep_curve *c)
{
    sc_word tab[(1u << (SC_EC_MUL_WMAX - 1)) * 2 * SC_FP_MAXW];
    coz_run(q, t, r, ww, even, k, tab, p, w, c);
}
#endif

/* k*P by the fixed window of width w (2 .. SC_EC_MUL_WMAX) with the table
 * of coz_table: the loop in coz_run, then the last digit by the complete
 * mixed addition, back to E (Z times g), the sign of make_odd, and the
 * affine result by one constant-time inversion, after the table's frame is
 * gone.  r is the workspace of g and of the odd scalar (r must not alias
 * k; it may alias p).  Constant time in k.  Inlined: with w = SC_EC_MUL_W
 * the larger table's frame is not linked. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline sc_err fixwin_coz(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c, unsigned w)
{
    const sc_fp_field *f = c->fp;
    sc_ep_jac q;
    sc_ep_aff t;
    sc_fe ww;
    sc_word even;
    sc_err e;
#if SC_EC_MUL_WMAX > SC_EC_MUL_W
    if (w > SC_EC_MUL_W)                 /* public */
        coz_run_max(&q, &t, r, ww, &even, k, p, w, c);
    else
#endif
        coz_run_def(&q, &t, r, ww, &even, k, p, w, c);
    sc_ep_add_mixed_g(&q, &q, &t, c->a_kind == SC_EP_A_ZERO || coz_on_e(c) ? NULL : ww, c);
    sc_fp_mul(q.z, q.z, r->x, f);        /* E_g -> E (g = 1 after coz_to_e) */
    sc_ep_cneg_jac(&q, even, c);
    e = sc_ep_jac_to_aff(r, &q, c);
    sc_memzero(&q, sizeof q);
    sc_memzero(&t, sizeof t);
    sc_memzero(ww, sizeof ww);
    even = 0;
    return e;
}

#if !EC_FIXWIN_JAC && SC_FP_MAX_BITS > SC_EC_LADDER_MAXBITS
/* sc_ec_mul's window on the mote */
EC_NOINLINE static sc_err fixwin_coz_def(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c)
{
    return fixwin_coz(r, k, p, c, SC_EC_MUL_W);
}
#endif

sc_err sc_ec_mul_fixwin_form(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c, unsigned w,
                             int affine)
{
    if (w < 2 || w > SC_EC_MUL_WMAX) {
        sc_memzero(r, sizeof *r);
        return SC_ERR_ARG;
    }
#if EC_FIXWIN_JAC
    if (!affine) {
        sc_word kk[SC_FP_MAXW], even;
        sc_err e;
        even = make_odd(kk, k, c);
        e = fixwin_jac(r, kk, even, p, 1u << (w - 1), w, c);
        sc_memzero(kk, sizeof kk);
        return e;
    }
#else
    (void)affine;                        /* flash: the mote builds the affine form alone */
#endif
    return fixwin_coz(r, k, p, c, w);
}

sc_err sc_ec_mul_fixwin(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c, unsigned w)
{
    return sc_ec_mul_fixwin_form(r, k, p, c, w, SC_EC_FIXWIN_AFFINE);
}

/* ---- the co-Z Montgomery ladder ---- */

/* XYCZ-ADDC ([GJMRV11], the conjugate co-Z addition; (X, Y) only, the
 * common Z never stored): from P = (X1, Y1), Q = (X2, Y2) with a common Z,
 * q = P + Q and p = P - Q with the common Z' = Z (X2 - X1).  B = X1 A,
 * C = X2 A with A = (X2 - X1)^2, E = Y1 (C - B); X3 = (Y2 - Y1)^2 - B - C,
 * Y3 = (Y2 - Y1)(B - X3) - E, X3' = (Y1 + Y2)^2 - B - C,
 * Y3' = (Y1 + Y2)(X3' - B) - E.  5M + 3S, in place with three temporaries
 * and one copy.  Correct when P, Q are
 * finite and X1 != X2.  Constant time.  Like the point formulas of ep.c it
 * leaves its temporaries to the caller's final wipe. */
static void xycz_addc(sc_ep_aff *p, sc_ep_aff *q, const sc_fp_field *f)
{
    sc_fe a, u, v;
    sc_fp_sub(a, q->x, p->x, f);
    sc_fp_sqr(a, a, f);
    sc_fp_mul(p->x, p->x, a, f);         /* B */
    sc_fp_mul(q->x, q->x, a, f);         /* C */
    sc_fp_sub(u, q->y, p->y, f);
    sc_fp_add(v, q->y, p->y, f);
    sc_fp_sub(a, q->x, p->x, f);
    sc_fp_mul(p->y, p->y, a, f);         /* E */
    sc_fp_add(q->x, q->x, p->x, f);      /* B + C */
    sc_fp_sqr(a, v, f);
    sc_fp_sub(a, a, q->x, f);            /* X3' */
    sc_fp_sqr(q->y, u, f);
    sc_fp_sub(q->x, q->y, q->x, f);      /* X3 */
    sc_fp_sub(q->y, p->x, q->x, f);
    sc_fp_mul(q->y, u, q->y, f);
    sc_fp_sub(q->y, q->y, p->y, f);      /* Y3 */
    sc_fp_sub(u, a, p->x, f);
    sc_fp_mul(u, v, u, f);
    sc_fp_sub(p->y, u, p->y, f);         /* Y3' */
    sc_fp_copy(p->x, a, f);
}

/* XYCZ-ADD ([GJMRV11]): from P, Q with a common Z, q = P + Q and p = P with
 * the common Z' = Z (X2 - X1): with B, C, E as above, X3 = (Y2 - Y1)^2 - B - C,
 * Y3 = (Y2 - Y1)(B - X3) - E, P = (B, E).  4M + 2S, two temporaries.  Same
 * preconditions; constant time. */
static void xycz_add(sc_ep_aff *p, sc_ep_aff *q, const sc_fp_field *f)
{
    sc_fe a, u;
    sc_fp_sub(a, q->x, p->x, f);
    sc_fp_sqr(a, a, f);
    sc_fp_mul(p->x, p->x, a, f);         /* B */
    sc_fp_mul(q->x, q->x, a, f);         /* C */
    sc_fp_sub(u, q->y, p->y, f);
    sc_fp_sub(a, q->x, p->x, f);
    sc_fp_mul(p->y, p->y, a, f);         /* E */
    sc_fp_sqr(a, u, f);
    sc_fp_sub(a, a, p->x, f);
    sc_fp_sub(q->x, a, q->x, f);         /* X3 */
    sc_fp_sub(a, p->x, q->x, f);
    sc_fp_mul(a, u, a, f);
    sc_fp_sub(q->y, a, p->y, f);         /* Y3 */
}

/* The ladder's state between bits: ec_ladder (ec_internal.h). */

/* Scalar.  kt = min(k, n - k) (the result negated when k > (n-1)/2), and kt
 * in {0, 1} replaced by 2 (the result then fixed up to O or P), so kt lies in
 * [2, (n-1)/2]; the ladder runs over kk = kt + n, or kt + 2n when bit nbits
 * of kt + n is clear: nbits + 1 bits with the top one set.  All by masks.
 *
 * Exceptional cases (the co-Z formulas are incomplete).  Before bit i the
 * registers are (jP, (j+1)P), j = floor(kk / 2^(i+1)), 1 <= j < 2n.
 * XYCZ-ADDC adds R0 and R1 (exceptional iff 2j+1 = 0 mod n), XYCZ-ADD adds
 * (2j+1)P and -+P (exceptional iff j = 0 or -1 mod n); the bad j are
 * (n-1)/2, n-1, n and (3n-1)/2.  kk = kt + n lies in [n+2, (3n-1)/2], so its
 * prefixes stay below n-1, and j = (n-1)/2 would need kk in [n-1, n+1) or
 * kk >= 2n-2; kk = kt + 2n lies in [2n+2, (5n-1)/2]: j = n needs kk in
 * [2n, 2n+2) or kk >= 4n, j = n-1 needs kk < 2n or kk >= 4n-4, j = (n-1)/2
 * needs kk in [2n-2, 2n+2) or beyond, j = (3n-1)/2 needs kk >= 3n-1.  No
 * exceptional case occurs for kt in [2, (n-1)/2].  Constant time. */
EC_NOINLINE static void ladder_init(ec_ladder *st, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp, *fn = c->fn;
    const size_t nw = fn->nw;
    sc_word *const kt = st->kk;                    /* kt, then kk in place: one temporary */
    sc_word t[SC_FP_MAXW + 1], hi, small, lo;
    sc_ep_jac d;
    size_t i;

    /* kt = min(k, n - k), then 2 if it was 0 or 1 */
    sc_mp_shr1(t, fn->p, nw);                      /* (n - 1) / 2 */
    st->negm = sc_ct_mask_bit(sc_mp_sub(t, t, k, nw));  /* k > (n-1)/2 */
    sc_mp_sub(t, fn->p, k, nw);
    sc_mp_copy(kt, k, nw);
    sc_mp_cmov(kt, t, st->negm, nw);
    hi = (sc_word)(kt[0] >> 1);
    for (i = 1; i < nw; i++)
        hi |= kt[i];
    small = sc_ct_mask_z(hi);
    lo = sc_ct_mask_bit(kt[0]);
    st->one = small & lo;
    st->zero = small & (sc_word)~lo;
    sc_mp_zero(t, nw);
    t[0] = 2;
    sc_mp_cmov(kt, t, small, nw);
    /* kk = kt + n, or kt + 2n when that has bit nbits clear */
    kt[nw] = 0;
    sc_mp_copy(t, fn->p, nw);
    t[nw] = 0;
    sc_mp_add(st->kk, kt, t, nw + 1);
    sc_mp_add(t, st->kk, t, nw + 1);
    sc_mp_cmov(st->kk, t, (sc_word)~sc_ct_mask_bit((sc_word)sc_mp_bit(st->kk, fn->bits)), nw + 1);

    /* top bit: (R1, R0) = (2P, P) with a common Z (XYCZ-IDBL): 2P by the
     * Jacobian doubling of (xP : yP : 1), whose Z is 2yP, and P brought to
     * that Z.  Public P. */
    sc_ep_jac_from_aff(&d, p, c);
    sc_ep_dbl_jac(&d, &d, c);
    sc_fp_copy(st->r1.x, d.x, f);
    sc_fp_copy(st->r1.y, d.y, f);
    sc_fp_sqr(d.x, d.z, f);
    sc_fp_mul(st->r0.x, p->x, d.x, f);
    sc_fp_mul(d.x, d.x, d.z, f);
    sc_fp_mul(st->r0.y, p->y, d.x, f);
    st->swap = 0;
    st->i = fn->bits;
    sc_memzero(t, sizeof t);
    hi = small = lo = 0;
}

/* One bit of the ladder (i >= 1 left): R_(1-b) = R_b + R_(1-b), R_b = 2 R_b
 * by XYCZ-ADDC then XYCZ-ADD (9M + 5S), the registers swapped in by masks on
 * b xor the previous b.  Its two halves are the units of the restartable
 * operations (sc_ec_ladder_addc, sc_ec_ladder_add).  Constant time. */
#if defined(__GNUC__)
__attribute__((always_inline))   /* inside ladder_step's loop: no call per bit */
#endif
static inline void ladder_step_addc(ec_ladder *st, const sc_fp_field *f)
{
    unsigned b;
    st->i--;
    b = sc_mp_bit(st->kk, st->i);
    sc_mp_cswap(st->r0.x, st->r1.x, sc_ct_mask_bit((sc_word)(b ^ st->swap)), f->nw);
    sc_mp_cswap(st->r0.y, st->r1.y, sc_ct_mask_bit((sc_word)(b ^ st->swap)), f->nw);
    st->swap = b;
    xycz_addc(&st->r0, &st->r1, f);
}

static void ladder_step(ec_ladder *st, const sc_fp_field *f)
{
    ladder_step_addc(st, f);
    xycz_add(&st->r1, &st->r0, f);
}

/* ladder_finish up to the inversion: the last bit, the affine coordinates
 * of the result up to the factor 1/Z = num / den, den != 0 (to be inverted);
 * t a temporary (secret on return: the caller wipes it). */
#if defined(__GNUC__)
__attribute__((always_inline))   /* ladder_finish's code as one function (cycles, stack) */
#endif
static inline void ladder_finish_pre(sc_word *num, sc_word *den, sc_word *t, ec_ladder *st, const sc_ep_aff *p,
                                     const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    unsigned b;
    b = sc_mp_bit(st->kk, 0);
    sc_mp_cswap(st->r0.x, st->r1.x, sc_ct_mask_bit((sc_word)(b ^ st->swap)), f->nw);
    sc_mp_cswap(st->r0.y, st->r1.y, sc_ct_mask_bit((sc_word)(b ^ st->swap)), f->nw);
    xycz_addc(&st->r0, &st->r1, f);
    sc_fp_neg(t, p->y, f);
    sc_fp_cmov(t, p->y, sc_ct_mask_bit((sc_word)b), f);   /* y of R_b = +-P */
    sc_fp_mul(num, st->r0.x, t, f);
    sc_fp_sub(t, st->r0.x, st->r1.x, f);
    sc_fp_mul(den, p->x, st->r0.y, f);
    sc_fp_mul(den, den, t, f);
    xycz_add(&st->r1, &st->r0, f);
    sc_mp_cswap(st->r0.x, st->r1.x, sc_ct_mask_bit((sc_word)b), f->nw);
    sc_mp_cswap(st->r0.y, st->r1.y, sc_ct_mask_bit((sc_word)b), f->nw);
}

/* ladder_finish after the inversion: t = 1/den on entry (overwritten),
 * num as left by ladder_finish_pre; the fix-ups, r, the state wiped. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline sc_err ladder_finish_post(sc_ep_aff *r, ec_ladder *st, sc_word *t, sc_word *num,
                                             const sc_ep_aff *p, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_word zero;
    sc_fp_mul(t, t, num, f);                        /* 1 / Z */
    sc_fp_sqr(num, t, f);
    sc_fp_mul(st->r1.x, st->r0.x, num, f);
    sc_fp_mul(num, num, t, f);
    sc_fp_mul(st->r1.y, st->r0.y, num, f);
    /* fix-ups: kt was 1 (result P) or 0 (infinity); the sign of k */
    sc_fp_cmov(st->r1.x, p->x, st->one, f);
    sc_fp_cmov(st->r1.y, p->y, st->one, f);
    sc_fp_neg(t, st->r1.y, f);
    sc_fp_cmov(st->r1.y, t, st->negm, f);
    zero = st->zero;
    *r = st->r1;
    sc_memzero(st, sizeof *st);
    SC_DECLASSIFY(&zero, sizeof zero);              /* the infinity verdict is published */
    if (zero) {
        sc_memzero(r, sizeof *r);
        return SC_ERR_INFINITY;
    }
    return SC_OK;
}

/* The last bit and the affine result.  Z at the end without Z in the loop
 * ([GJMRV11] sec. 4): after the last XYCZ-ADDC, R_b (b = bit 0 of kk) holds
 * R_b - R_(1-b) = +-P (+ for b = 1) as (X_b, Y_b) = (xP Z^2, +-yP Z^3), so
 * Z = xP Y_b / (X_b (+-yP)); the last XYCZ-ADD (P = R_(1-b), Q = R_b)
 * multiplies Z by X_b - X_(1-b), so 1/Z' = X_b (+-yP) / (xP Y_b (X_b -
 * X_(1-b))): one constant-time inversion, of a nonzero value (Y_b != 0: odd
 * order; X_b != X_(1-b): no exceptional case; xP != 0, see
 * sc_ec_mul_ladder).  The result is formed in R1 (free by then), so r may
 * alias p.  Constant time; the infinity verdict is published. */
EC_NOINLINE static sc_err ladder_finish(sc_ep_aff *r, ec_ladder *st, const sc_ep_aff *p, const sc_ep_curve *c)
{
    sc_fe num, den, t;
    sc_err e;
    ladder_finish_pre(num, den, t, st, p, c);
    sc_fp_inv(t, den, c->fp);
    e = ladder_finish_post(r, st, t, num, p, c);
    sc_memzero(num, sizeof num);
    sc_memzero(den, sizeof den);
    sc_memzero(t, sizeof t);
    return e;
}

static sc_err ladder_run(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c)
{
    ec_ladder st;
    ladder_init(&st, k, p, c);
    while (st.i > 1)
        ladder_step(&st, c->fp);
    return ladder_finish(r, &st, p, c);
}

/* xP = 0 (public: P is), where the final Z cannot be recovered from xP:
 * k P = (k/2 mod n)(2P), and x(2P) != 0 (2P = +-P would need ord(P) | 3).
 * k/2 mod n = (k + (k odd ? n : 0)) / 2, by masks.  Variable time in P only. */
/* kh = k/2 mod n and p2 = 2P (affine, P public) for ladder_x0 and sc_ec_ladder_start. */
EC_NOINLINE static void ladder_halve(sc_word *kh, sc_ep_aff *p2, const sc_word *k, const sc_ep_aff *p,
                                     const sc_ep_curve *c)
{
    const size_t nw = c->fn->nw;
    sc_word t[SC_FP_MAXW], m = sc_ct_mask_bit(k[0]), carry;
    sc_ep_jac d;
    size_t i;
    for (i = 0; i < nw; i++)
        t[i] = c->fn->p[i] & m;
    carry = sc_mp_add(kh, k, t, nw);
    sc_mp_shr1(kh, kh, nw);
    kh[nw - 1] |= (sc_word)(carry << (SC_WORD_BITS - 1));
    sc_ep_jac_from_aff(&d, p, c);
    sc_ep_dbl_jac(&d, &d, c);
    sc_ep_jac_to_aff_var(p2, &d, c);
    sc_memzero(t, sizeof t);
}

EC_NOINLINE static sc_err ladder_x0(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c)
{
    sc_word kh[SC_FP_MAXW];
    sc_ep_aff p2;
    sc_err e;
    ladder_halve(kh, &p2, k, p, c);
    e = ladder_run(r, kh, &p2, c);
    sc_memzero(kh, sizeof kh);
    return e;
}

sc_err sc_ec_mul_ladder(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c)
{
    if (sc_fp_is_zero(p->x, c->fp))      /* public */
        return ladder_x0(r, k, p, c);
    return ladder_run(r, k, p, c);
}

void sc_ec_ladder_start(sc_ec_ladder_op *op, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c)
{
    if (sc_fp_is_zero(p->x, c->fp)) {    /* public */
        sc_word kh[SC_FP_MAXW];
        ladder_halve(kh, &op->p, k, p, c);
        ladder_init(&op->st, kh, &op->p, c);
        sc_memzero(kh, sizeof kh);
    } else {
        op->p = *p;
        ladder_init(&op->st, k, &op->p, c);
    }
}

unsigned sc_ec_ladder_bits(const sc_ec_ladder_op *op)
{
    return op->st.i;
}

void sc_ec_ladder_addc(sc_ec_ladder_op *op, const sc_ep_curve *c)
{
    ladder_step_addc(&op->st, c->fp);
}

void sc_ec_ladder_add(sc_ec_ladder_op *op, const sc_ep_curve *c)
{
    xycz_add(&op->st.r1, &op->st.r0, c->fp);
}

void sc_ec_ladder_pre(sc_word *num, sc_word *den, sc_ec_ladder_op *op, const sc_ep_curve *c)
{
    sc_fe t;
    ladder_finish_pre(num, den, t, &op->st, &op->p, c);
    sc_memzero(t, sizeof t);
}

sc_err sc_ec_ladder_post(sc_ep_aff *r, sc_ec_ladder_op *op, sc_word *inv, sc_word *num, const sc_ep_curve *c)
{
    sc_err e = ladder_finish_post(r, &op->st, inv, num, &op->p, c);
    sc_memzero(&op->p, sizeof op->p);
    return e;
}

sc_err sc_ec_mul(sc_ep_aff *r, const sc_word *k, const sc_ep_aff *p, const sc_ep_curve *c)
{
#if SC_FP_MAX_BITS <= SC_EC_LADDER_MAXBITS
    /* every field of the build takes the ladder: the fixed window is not linked (flash) */
    return sc_ec_mul_ladder(r, k, p, c);
#else
#  if EC_FP_MIN_BITS <= SC_EC_LADDER_MAXBITS
    /* the field size is public; a build without such a field links no ladder (flash) */
    if (c->fp->bits <= SC_EC_LADDER_MAXBITS)
        return sc_ec_mul_ladder(r, k, p, c);
#  endif
#  if EC_FIXWIN_JAC
#    if SC_CURVE_SECP256K1 && !SC_EC_FIXWIN_AFFINE
    {
        const struct sc_ec_glv *gl = curve_glv(c);   /* public */
        if (gl)
            return glv_mul(r, k, p, c, gl);
    }
#    endif
    return sc_ec_mul_fixwin(r, k, p, c, SC_EC_MUL_W);
#  else
    return fixwin_coz_def(r, k, p, c);
#  endif
#endif
}

/* The curve's fixed-base table, or NULL when it cannot be used: entries in
 * Montgomery form for a field that is not (tests/test_ec.c checks that the
 * forms agree, see SC_GTAB_MONT_* in gtab.h). */
static const struct sc_ec_gtab *curve_gtab(const sc_ep_curve *c)
{
    const struct sc_ec_gtab *g = c->gtab;
    return g && g->mont && !c->fp->mont ? NULL : g;
}

/* The table sc_ec_mul2_var reads for G's digits: on the gateway its window
 * of width 8 (gtab.h, SC_GTAB_WIDE: digits of width 9, a fifth fewer
 * additions than from window 0 of the width-6 table), else the curve's
 * table.  Public data. */
static const struct sc_ec_gtab *curve_gtab_mul2(const sc_ep_curve *c)
{
    return sc_gtab_mul2(curve_gtab(c));
}

#ifndef SC_NO_GTAB /* the table method of sc_ec_mul_gen only */
/* a table entry (x then y, nw words each) into the field's internal form: a
 * copy when the table was generated in that form (g->mont == f->mont, the
 * normal case), else a conversion from canonical.  Public flags. */
static void gtab_to_internal(sc_ep_aff *r, const sc_word *e, const struct sc_ec_gtab *g, const sc_fp_field *f)
{
    const size_t nw = f->nw;
    if (g->mont == f->mont) {
        sc_fp_copy(r->x, e, f);
        sc_fp_copy(r->y, e + nw, f);
    } else {
        sc_fp_from_canon(r->x, e, f);
        sc_fp_from_canon(r->y, e + nw, f);
    }
}

/* r = sign(d) * (entry |d| >> 1 of window win) of the fixed-base table, by
 * scanning the whole window (constant time); converted to the field's
 * internal form when that is not the plain one. */
static void lookup_gtab(sc_ep_aff *r, const struct sc_ec_gtab *g, unsigned win, uint8_t d,
                        const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    const size_t nw = f->nw, stride = 2 * nw;
    const sc_word *e = g->pts + (size_t)win * g->npts * stride;
    sc_word acc[2 * SC_FP_MAXW];
    scan_gtab(acc, e, g->npts, d & 0x7fu, stride);
    gtab_to_internal(r, acc, g, f);
    cneg_y(r->y, sc_ct_mask_bit((sc_word)(d >> 7)), f);
    sc_memzero(acc, sizeof acc);
}
#endif

/* k*G by the variable-base multiplication of G, with G in r: both of its
 * methods (the ladder, the fixed window) read P before they write r, so G
 * needs no frame of its own (stack on the mote). */
static sc_err mul_gen_var_base(sc_ep_aff *r, const sc_word *k, const sc_ep_curve *c)
{
    sc_ep_generator(r, c);
    return sc_ec_mul(r, k, r, c);
}

#ifdef SC_NO_GTAB
/* No fixed-base tables in this build (firmware, seacurve/config.h): k*G is the
 * constant-time variable-base multiplication of G, with no frame of the
 * table method below it on the stack. */
sc_err sc_ec_mul_gen(sc_ep_aff *r, const sc_word *k, const sc_ep_curve *c)
{
    return mul_gen_var_base(r, k, c);
}
#else
/* The odd scalar kk lives in r->y until the result overwrites it (stack on
 * the mote); r must not alias k. */
sc_err sc_ec_mul_gen(sc_ep_aff *r, const sc_word *k, const sc_ep_curve *c)
{
    const struct sc_ec_gtab *g = curve_gtab(c);
    sc_word *kk = r->y, even;
    sc_ep_jac q;
    sc_ep_aff t;
    unsigned m, j, bits = c->fn->bits;
    sc_err e;

    if (!g)
        return mul_gen_var_base(r, k, c);
    even = make_odd(kk, k, c);
    m = regular_len(bits, g->w);
    if (m != g->nwin) { /* a table built for another curve size: a build error, never secret */
        sc_memzero(r, sizeof *r);
        return SC_ERR_CURVE;
    }

    /* Windows from the least significant up.  Before window j the accumulator
     * holds A_j = sum_{i<j} d_i 2^(wi): an odd integer with |A_j| <= 2^(wj) - 1,
     * so it is never infinity.  The addition of d_j 2^(wj) G is exceptional
     * only if A_j -+ d_j 2^(wj) = 0 mod n; as integers these are nonzero (the
     * second term is larger) and smaller than 2^(w(j+1)) in size, so the
     * incomplete addition is safe while w(j+1) <= bits - 1 (2^(bits-1) < n).
     * The last window(s) use the complete addition. */
    lookup_gtab(&t, g, 0, regular_digit(kk, c->fn->nw, 0, m, g->w), c);
    sc_ep_jac_from_aff(&q, &t, c);
    for (j = 1; j < m; j++) {
        lookup_gtab(&t, g, j, regular_digit(kk, c->fn->nw, j, m, g->w), c);
        if (g->w * (j + 1) <= bits - 1)
            sc_ep_add_mixed_inc(&q, &q, &t, c);
        else
            sc_ep_add_mixed(&q, &q, &t, c);
    }
    sc_ep_cneg_jac(&q, even, c);
    sc_memzero(kk, sizeof(sc_fe));
    e = sc_ep_jac_to_aff(r, &q, c);
    sc_memzero(&q, sizeof q);
    sc_memzero(&t, sizeof t);
    return e;
}
#endif

/* ---- u1*G + u2*Q, variable time ---- */

/* Width-w mutual opposite form (wMOF, [OSST04]), read
 * left to right straight from the bits of k: the MOF of k has the digits
 * d_t = k_(t-1) - k_t (k_(-1) = 0, t up to the word length), so that
 * sum d_t 2^t = 2k - k = k; its nonzero digits alternate in sign.  A window
 * starts at a nonzero d_i, spans d_i .. d_(i-w+1) and ends at its lowest
 * nonzero digit d_j; the sum telescopes to the window value
 *   v = sum_{t=j..i} d_t 2^(t-j) = k_(j-1) + (k_(i-1) .. k_j)_2 - k_i 2^(i-j),
 * odd (d_j = +-1) with |v| <= 2^(i-j) - 1 <= 2^(w-1) - 1: the digit set of the
 * width-w NAF (Guide to ECC, Alg. 3.35), with the same density 1/(w+1)
 * ([OSST04]).  Each digit comes from the bits alone, so no digit
 * array is kept: the stream holds the position and value of the next nonzero
 * digit.  Variable time (public scalars). */
typedef struct {
    const sc_word *k;   /* the scalar, nw words */
    size_t nw;
    unsigned w;         /* window width, 2 .. 9 */
    int pos;            /* position of the next nonzero digit; -1: none left */
    int dig;            /* its value */
} mof_stream;

/* bit i of k (0 outside the nw words) */
static unsigned bit_var(const sc_word *k, size_t nw, int i)
{
    if (i < 0 || (size_t)i >= nw * SC_WORD_BITS)
        return 0;
    return (unsigned)(k[(size_t)i / SC_WORD_BITS] >> ((size_t)i % SC_WORD_BITS)) & 1u;
}

#if SC_WORD_BITS == 64 && defined(__GNUC__)
/* Word q (0 .. nw) of the MOF's nonzero pattern x = k xor 2k: bit t of x is
 * k_t xor k_(t-1), set exactly where d_t != 0 (bit nw*64 of k is 0, so word
 * nw holds the top bit of k alone). */
static sc_word mof_xword(const sc_word *k, size_t nw, size_t q)
{
    sc_word cur = q < nw ? k[q] : 0, prev = q > 0 ? k[q - 1] >> (SC_WORD_BITS - 1) : 0;
    return cur ^ ((cur << 1) | prev);
}

/* the next nonzero wMOF digit at a position <= i, a word at a time: the top
 * set bit of x at or below i (the start of the window) by a count of leading
 * zeros, the lowest set bit of x in the window's w positions (its end j) by
 * a count of trailing zeros, and the window's value from the bits j-1 .. i
 * of k, at most w + 1 <= 9 bits across at most two words; the same digits
 * as reading x and k bit by bit (tests/test_ec.c checks both). */
static void mof_next(mof_stream *s, int i)
{
    const sc_word *k = s->k;
    const size_t nw = s->nw;
    size_t q;
    unsigned b, cnt;
    sc_word m, lo;
    int j, v;
    if (i < 0) {
        s->pos = -1;
        return;
    }
    q = (size_t)i / SC_WORD_BITS;
    b = (unsigned)i % SC_WORD_BITS;
    m = mof_xword(k, nw, q) & (~(sc_word)0 >> (SC_WORD_BITS - 1u - b));
    while (!m) {
        if (q == 0) {
            s->pos = -1;
            return;
        }
        m = mof_xword(k, nw, --q);
    }
    i = (int)(q * SC_WORD_BITS) + (SC_WORD_BITS - 1) - __builtin_clzll((unsigned long long)m);
    j = i - (int)s->w + 1;
    if (j < 0)
        j = 0;
    q = (size_t)j / SC_WORD_BITS;
    m = mof_xword(k, nw, q) & (~(sc_word)0 << ((unsigned)j % SC_WORD_BITS));
    while (!m)                      /* stops at the word of i at the latest */
        m = mof_xword(k, nw, ++q);
    j = (int)(q * SC_WORD_BITS) + __builtin_ctzll((unsigned long long)m);
    cnt = (unsigned)(i - j);        /* bits j .. i-1 of k, cnt <= w - 1 */
    lo = 0;
    if (cnt) {
        q = (size_t)j / SC_WORD_BITS;
        b = (unsigned)j % SC_WORD_BITS;
        lo = k[q] >> b;
        if (b + cnt > SC_WORD_BITS && q + 1 < nw)
            lo |= k[q + 1] << (SC_WORD_BITS - b);
        lo &= ((sc_word)1 << cnt) - 1u;
    }
    v = (int)lo + (int)bit_var(k, nw, j - 1) - ((int)bit_var(k, nw, i) << cnt);
    s->pos = j;
    s->dig = v;
}
#else
/* the next nonzero wMOF digit at a position <= i, bit by bit */
static void mof_next(mof_stream *s, int i)
{
    int j, t, v = 0;
    while (i >= 0 && bit_var(s->k, s->nw, i - 1) == bit_var(s->k, s->nw, i))
        i--;
    if (i < 0) {
        s->pos = -1;
        return;
    }
    j = i - (int)s->w + 1;
    if (j < 0)
        j = 0;
    while (bit_var(s->k, s->nw, j - 1) == bit_var(s->k, s->nw, j))   /* stops at j = i at the latest */
        j++;
    for (t = i - 1; t >= j; t--)
        v = 2 * v + (int)bit_var(s->k, s->nw, t);
    v += (int)bit_var(s->k, s->nw, j - 1) - ((int)bit_var(s->k, s->nw, i) << (i - j));
    s->pos = j;
    s->dig = v;
}
#endif

static void mof_start(mof_stream *s, const sc_word *k, size_t nw, unsigned w)
{
    s->k = k;
    s->nw = nw;
    s->w = w;
    mof_next(s, (int)(nw * SC_WORD_BITS));
}

size_t sc_ec_mof_digits_var(int8_t *out, size_t outlen, const sc_word *k, size_t nw, unsigned w)
{
    mof_stream st;
    size_t i, len = 0;
    if (!out || !k || w < 2 || w > 8 || outlen < nw * SC_WORD_BITS + 1)
        return 0;
    for (i = 0; i < outlen; i++)
        out[i] = 0;
    mof_start(&st, k, nw, w);
    while (st.pos >= 0) {
        out[st.pos] = (int8_t)st.dig;
        if (!len)
            len = (size_t)st.pos + 1;
        mof_next(&st, st.pos - 1);
    }
    return len;
}

#if !SC_EC_MUL2_AFFINE
/* Jacobian odd multiples (2i+1)P, i < n, of an affine P in tab (stride
 * 5*nw words: X, Y, Z, then Z^2 and Z^3 for sc_ep_add_jac_zc_var):
 * odd_multiples_st, the Z coordinates on E, then their square and cube.
 * Out of line, so that its temporaries are no part of the caller's frame in
 * the main loop. */
EC_NOINLINE static void odd_multiples_jac(sc_word *tab, const sc_ep_aff *p, unsigned n, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    const size_t nw = f->nw, st = 5 * nw;
    sc_fe u;
    sc_ep_jac last;
    unsigned i;
    odd_multiples_st(tab, st, tab + 2 * nw, st, &last, u, p, n, c);
    jacobian_z(tab, st, u, n, f);
    for (i = 0; i < n; i++) {
        sc_word *e = tab + (size_t)i * st;
        sc_fp_sqr(e + 3 * nw, e + 2 * nw, f);
        sc_fp_mul(e + 4 * nw, e + 3 * nw, e + 2 * nw, f);
    }
}
#endif

/* entry ix of window win of the fixed-base table, in the field's internal
 * form (read from flash on AVR, converted in place when the table's form is
 * not the field's) */
static void gtab_point(sc_ep_aff *a, const struct sc_ec_gtab *g, unsigned win, unsigned ix,
                       const sc_fp_field *f)
{
    const size_t nw = f->nw;
    const sc_word *e = g->pts + ((size_t)win * g->npts + ix) * 2 * nw;
    sc_flash_cpy(a->x, e, nw * sizeof(sc_word));
    sc_flash_cpy(a->y, e + nw, nw * sizeof(sc_word));
    if (g->mont != f->mont) {
        sc_fp_from_canon(a->x, a->x, f);
        sc_fp_from_canon(a->y, a->y, f);
    }
}

/* One stream of the interleaved sum: a wMOF digit stream, the table its
 * digits index (Q's odd multiples: affine, stride 2*nw, or Jacobian with
 * Z^2 and Z^3, stride 5*nw, by SC_EC_MUL2_AFFINE; NULL: the window of the
 * table of G that curve_gtab_mul2 gives),
 * whether the stream is negated, and beta (canonical, the GLV constant in
 * flash on AVR: read where it is used, see glv_phi_x) when the points are
 * taken through the GLV endomorphism phi(x, y) = (beta*x, y) (phi(X:Y:Z) =
 * (beta*X : Y : Z) in Jacobian coordinates too).  zg (the gateway's GLV
 * path, glv_q_var): when not NULL the accumulator runs on the curve E_g
 * isomorphic to E ((x, y) -> (g^2 x, g^3 y), g = zg) on which Q's table is
 * affine (stride 2*nw), and G's entries, affine on E, enter by
 * acc_add_e_var; every stream of a sum has the same zg. */
typedef struct {
    mof_stream m;
    const sc_word *tab;
    int neg;
    const sc_word *beta;
#if EC_GLV_EG
    const sc_word *zg;
#endif
} mul2_stream;

#if SC_CURVE_SECP256K1   /* beta is set by the GLV streams alone (curve_glv) */
/* x = beta*x for beta canonical (in flash on AVR).  Out of line: beta's copy
 * is no part of the frame of mul2_add_var during the addition (stack on the
 * mote); the conversion is a copy in the plain form of secp256k1's field. */
EC_NOINLINE static void glv_phi_x(sc_word *x, const sc_word *beta, const sc_fp_field *f)
{
    sc_fe b;
    sc_fp_from_canon(b, sc_flash_words(b, beta, f->nw), f);
    sc_fp_mul(x, x, b, f);
}
#endif

#if EC_GLV_EG
/* acc (Jacobian on E_g, g = zg) += a, an affine point of E (consumed),
 * variable time.  As a Jacobian point of E the accumulator is
 * (X : Y : Z g) (E_g -> E multiplies Z by g), so the mixed addition of
 * madd-2004-hmv runs on E from that Z, and its Z3 = Z g H maps back to
 * Z H on E_g: 8M + 3S + 2M, against the 12M + 4S of a Jacobian entry.
 * P == Q is found before anything is written (the doubling, which does
 * not involve g for a = 0, then runs on E_g); P == -Q gives H = 0 and so
 * Z3 = 0.  From infinity: a on E_g, (g^2 x, g^3 y, 1).  Public points. */
static void acc_add_e_var(sc_ep_jac *acc, sc_ep_aff *a, const sc_word *zg, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    sc_ep_jac pe;
    sc_fe h;
    if (sc_fp_is_zero(acc->z, f)) {
        sc_fp_sqr(h, zg, f);
        sc_fp_mul(a->x, a->x, h, f);
        sc_fp_mul(h, h, zg, f);
        sc_fp_mul(a->y, a->y, h, f);
        sc_ep_jac_from_aff(acc, a, c);
        return;
    }
    sc_fp_copy(pe.x, acc->x, f);
    sc_fp_copy(pe.y, acc->y, f);
    sc_fp_mul(pe.z, acc->z, zg, f);
    if (sc_ep_madd(&pe, &pe, a->x, a->y, a->x, a->y, f, h, SC_EP_MADD_STOP)) {
        sc_ep_dbl_jac(acc, acc, c);
        return;
    }
    sc_fp_mul(pe.z, acc->z, h, f);
    *acc = pe;
}
#endif

/* acc += the point of digit d of stream st, variable time.  An affine
 * entry is copied into a, which the addition then consumes as two of its
 * temporaries (sc_ep_acc_mixed_var). */
EC_NOINLINE static void mul2_add_var(sc_ep_jac *acc, const mul2_stream *st, int d, const struct sc_ec_gtab *g,
                         const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp;
    const size_t nw = f->nw;
    const unsigned ix = (unsigned)(d < 0 ? -d : d) >> 1;
    const int neg = (d < 0) ^ (st->neg != 0);
#if EC_GLV_EG
    if (st->zg) {                       /* GLV on E_g: Q's entries affine there, G's on E */
        sc_ep_aff a;
        if (!st->tab) {
            gtab_point(&a, g, 0, ix, f);
        } else {
            const sc_word *e = st->tab + (size_t)ix * 2 * nw;
            sc_fp_copy(a.x, e, f);
            sc_fp_copy(a.y, e + nw, f);
        }
        if (st->beta)
            glv_phi_x(a.x, st->beta, f);
        if (neg)
            sc_fp_neg(a.y, a.y, f);
        if (!st->tab)
            acc_add_e_var(acc, &a, st->zg, c);
        else
            sc_ep_acc_mixed_var(acc, &a, c);
        return;
    }
#endif
#if SC_EC_MUL2_AFFINE
    sc_ep_aff a;
    if (!st->tab) {
        gtab_point(&a, g, 0, ix, f);
    } else {
        const sc_word *e = st->tab + (size_t)ix * 2 * nw;
        sc_fp_copy(a.x, e, f);
        sc_fp_copy(a.y, e + nw, f);
    }
#if SC_CURVE_SECP256K1
    if (st->beta)
        glv_phi_x(a.x, st->beta, f);
#endif
    if (neg)
        sc_fp_neg(a.y, a.y, f);
    sc_ep_acc_mixed_var(acc, &a, c);
#else
    if (!st->tab) {
        sc_ep_aff a;
        gtab_point(&a, g, 0, ix, f);
#if SC_CURVE_SECP256K1
        if (st->beta)
            glv_phi_x(a.x, st->beta, f);
#endif
        if (neg)
            sc_fp_neg(a.y, a.y, f);
        sc_ep_acc_mixed_var(acc, &a, c);
    } else {
        const sc_word *e = st->tab + (size_t)ix * 5 * nw;
        sc_ep_jac t;
        sc_fp_copy(t.x, e, f);
#if SC_CURVE_SECP256K1
        if (st->beta)
            glv_phi_x(t.x, st->beta, f);
#endif
        if (neg)
            sc_fp_neg(t.y, e + nw, f);
        else
            sc_fp_copy(t.y, e + nw, f);
        sc_fp_copy(t.z, e + 2 * nw, f);
        sc_ep_add_jac_zc_var(acc, acc, &t, e + 3 * nw, c);
    }
#endif
}

/* r = the sum of the ns streams (Moeller's interleaving, Guide to ECC Alg.
 * 3.51): one doubling per digit position below the top one, one addition
 * per nonzero digit; acc is the caller's (the scratch of the table's
 * construction before).  The sum goes to r in affine form, or, when rj is
 * not NULL, to rj as it is (Jacobian, no inversion; r unused). */
EC_NOINLINE static sc_err mul2_interleave_var(sc_ep_aff *r, MUL2_RJ_DECL sc_ep_jac *acc, mul2_stream *st,
                                              unsigned ns, const struct sc_ec_gtab *g, const sc_ep_curve *c)
{
    int i = -1;
    unsigned s;
    for (s = 0; s < ns; s++)
        if (st[s].m.pos > i)
            i = st[s].m.pos;
    sc_ep_jac_set_inf(acc, c);
#if SC_WORD_BITS == 64
    /* the gateway: the doublings from one digit position to the next as
     * one run (one kernel lookup); the motes keep the smaller loop below */
    while (i >= 0) {
        int next = -1;
        for (s = 0; s < ns; s++) {
            if (st[s].m.pos == i) {
                mul2_add_var(acc, &st[s], st[s].m.dig, g, c);
                mof_next(&st[s].m, i - 1);
            }
            if (st[s].m.pos > next)
                next = st[s].m.pos;
        }
        sc_ep_dbl_jac_n(acc, (unsigned)(i - (next > 0 ? next : 0)), c);
        i = next;
    }
#else
    {
        const int top = i;
        for (; i >= 0; i--) {
            if (i != top)
                sc_ep_dbl_jac(acc, acc, c);
            for (s = 0; s < ns; s++) {
                if (st[s].m.pos == i) {
                    mul2_add_var(acc, &st[s], st[s].m.dig, g, c);
                    mof_next(&st[s].m, i - 1);
                }
            }
        }
    }
#endif
#if EC_GLV_EG
    if (st[0].zg)
        sc_fp_mul(acc->z, acc->z, st[0].zg, c->fp);   /* E_g -> E */
#endif
#if EC_MUL2_JAC
    if (rj) {
        *rj = *acc;
        return sc_fp_is_zero(rj->z, c->fp) ? SC_ERR_INFINITY : SC_OK;
    }
#endif
    return sc_ep_jac_to_aff_var(r, acc, c);
}

/* Entries of Q's table and the words of one (affine: two coordinates;
 * Jacobian: three, then Z^2 and Z^3 for sc_ep_add_jac_zc_var). */
enum { NQ = 1 << (SC_EC_MUL2_WQ - 2), QW = (SC_EC_MUL2_AFFINE ? 2 : 5) * SC_FP_MAXW };

/* A table of NQ odd multiples of p (stride QW / SC_FP_MAXW * nw), acc
 * its scratch (the affine form's: coz_table's workspace, then
 * coz_to_e's), then the accumulator of the streams. */
typedef struct {
    sc_ep_jac acc;
} mul2_scratch;

EC_NOINLINE static void mul2_table(sc_word *tab, mul2_scratch *sc, const sc_ep_aff *p, const sc_ep_curve *c)
{
#if SC_EC_MUL2_AFFINE
    if (NQ == 1) {                  /* SC_EC_MUL2_WQ = 2: P alone */
        sc_fp_copy(tab, p->x, c->fp);
        sc_fp_copy(tab + c->fp->nw, p->y, c->fp);
        return;
    }
    coz_table(tab, sc->acc.x, &sc->acc, p, NQ, c);
    coz_to_e(tab, sc->acc.x, &sc->acc, NQ, c->fp);
#else
    (void)sc;
    odd_multiples_jac(tab, p, NQ, c);
#endif
}

/* The Q streams (flag bit s set in qmask) index a table of Q's odd
 * multiples built here when one of them has a digit; the G streams keep
 * their table (gt, or the fixed-base table). */
EC_NOINLINE static sc_err mul2_run_var(sc_ep_aff *r, MUL2_RJ_DECL mul2_stream *st, unsigned ns, unsigned qmask,
                                       const sc_ep_aff *q, const struct sc_ec_gtab *g, const sc_ep_curve *c)
{
    sc_word qt[NQ * QW];
    mul2_scratch sc;
    unsigned s;
    int any = 0;
    for (s = 0; s < ns; s++)
        if ((qmask >> s) & 1u) {
            st[s].tab = qt;
            any |= st[s].m.pos >= 0;
        }
    if (any)
        mul2_table(qt, &sc, q, c);
    return mul2_interleave_var(r, MUL2_RJ &sc.acc, st, ns, g, c);
}

/* The same when G has no fixed-base table (and a digit): its odd multiples
 * on the stack too, as many as Q's. */
EC_NOINLINE static sc_err mul2_run_gt_var(sc_ep_aff *r, MUL2_RJ_DECL mul2_stream *st, unsigned ns,
                                          unsigned qmask, const sc_ep_aff *q, const sc_ep_curve *c)
{
    sc_word gt[NQ * QW];
    unsigned s;
    {
        sc_ep_aff gen;
        mul2_scratch sc;
        sc_ep_generator(&gen, c);
        mul2_table(gt, &sc, &gen, c);
    }
    for (s = 0; s < ns; s++)
        if (!((qmask >> s) & 1u))
            st[s].tab = gt;
    return mul2_run_var(r, MUL2_RJ st, ns, qmask, q, NULL, c);
}

/* streams set, tables to make: dispatch on whether G has a table */
EC_INLINE static sc_err mul2_tables_var(sc_ep_aff *r, MUL2_RJ_DECL mul2_stream *st, unsigned ns, unsigned qmask,
                              const sc_ep_aff *q, const struct sc_ec_gtab *g, const sc_ep_curve *c)
{
    unsigned s;
    int gdig = 0;
    for (s = 0; s < ns; s++)
        if (!((qmask >> s) & 1u))
            gdig |= st[s].m.pos >= 0;
    if (!g && gdig)
        return mul2_run_gt_var(r, MUL2_RJ st, ns, qmask, q, c);
    return mul2_run_var(r, MUL2_RJ st, ns, qmask, q, g, c);
}

/* GLV (Gallant-Lambert-Vanstone 2001) for sc_ec_mul2_var: u1*G + u2*Q =
 * u1a*G + u1b*phi(G) + u2a*Q + u2b*phi(Q) with u = ua + ub*lambda mod n and
 * |ua|, |ub| < 2^hbits = 2^128 (glv_split), phi(x, y) = (beta*x, y) = lambda*(x, y).
 * Four interleaved streams of at most hbits + 1 digits (Guide to ECC,
 * Alg. 3.77 with Alg. 3.51's interleaving): half the doublings of the plain
 * method and the same number of additions.  The phi-images of the table
 * entries are made when used (one field multiplication), so no second table
 * is kept (stack, for the mote); a negative half negates its stream.
 *
 * Frames, outermost first (stack on the mote): G's odd multiples when G has
 * no fixed-base table (glv_gt_var), Q's (glv_q_var), then the split and the
 * streams (glv_streams_var): the tables' construction, whose inversion is the
 * deepest point, runs without the half-scalars and streams on the stack, and
 * the split's temporaries are gone before the streams run. */

/* the split of u1, u2 into the four streams (0, 1: G, phi(G) over gt, or the
 * fixed-base table when gt is NULL; 2, 3: Q, phi(Q) over qt), then their sum */
EC_NOINLINE static sc_err glv_streams_var(sc_ep_aff *r, MUL2_RJ_DECL sc_ep_jac *acc, const sc_word *gt,
                                          const sc_word *qt, const sc_word *qpt, const sc_word *zg, const sc_word *u1,
                                          const sc_word *u2, const struct sc_ec_gtab *g, const sc_ep_curve *c,
                                          const struct sc_ec_glv *glv)
{
    sc_word h[4][EC_GLV_HW], neg[4];
    mul2_stream st[4];
    unsigned s;
#if !EC_GLV_EG
    (void)qpt;
    (void)zg;
#endif

    glv_split(h[0], &neg[0], h[1], &neg[1], u1, glv, c);
    glv_split(h[2], &neg[2], h[3], &neg[3], u2, glv, c);
    for (s = 0; s < 4; s++) {
        mof_start(&st[s].m, h[s], EC_GLV_HW, s < 2 && g ? g->w + 1u : SC_EC_MUL2_WQ);
        st[s].tab = s < 2 ? gt : qt;
        st[s].neg = neg[s] != 0;
        st[s].beta = (s & 1u) ? glv->beta : NULL;
#if EC_GLV_EG
        st[s].zg = zg;
        if (s == 3 && qpt) {            /* phi(Q)'s own table */
            st[s].tab = qpt;
            st[s].beta = NULL;
        }
#endif
    }
    return mul2_interleave_var(r, MUL2_RJ acc, st, 4, g, c);
}

#if EC_GLV_EG
/* The gateway's form when G has its table: Q's odd multiples made affine on
 * E_g by one shared Z (odd_multiples, common_z: mixed additions in the
 * table's construction and in the sum, with no inversion), and phi(Q)'s
 * beside them, (beta x, y) on E_g too (phi commutes with the isomorphism
 * for a = 0): 2^(w-2) M once instead of 1M per phi(Q) digit; the sum runs
 * on E_g (mul2_stream's zg). */
EC_NOINLINE static sc_err glv_eg_var(sc_ep_aff *r, MUL2_RJ_DECL const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                                     const struct sc_ec_gtab *g, const sc_ep_curve *c, const struct sc_ec_glv *glv)
{
    const sc_fp_field *f = c->fp;
    const size_t nw = f->nw;
    sc_word qt[2 * NQ * 2 * SC_FP_MAXW], *qpt = qt + 2 * (size_t)NQ * nw;
    sc_ep_jac acc;
    sc_fe zg, beta;
    unsigned i;
    odd_multiples(qt, &acc, zg, q, NQ, c);  /* stride 3 nw: 3 NQ nw <= 4 NQ nw words */
    common_z(qt, NQ, f);
    sc_fp_mul(zg, zg, acc.z, f);
    sc_fp_from_canon(beta, sc_flash_words(beta, glv->beta, nw), f);
    for (i = 0; i < NQ; i++) {
        sc_fp_mul(qpt + (size_t)i * 2 * nw, qt + (size_t)i * 2 * nw, beta, f);
        sc_fp_copy(qpt + (size_t)i * 2 * nw + nw, qt + (size_t)i * 2 * nw + nw, f);
    }
    return glv_streams_var(r, MUL2_RJ &acc, NULL, qt, qpt, zg, u1, u2, g, c, glv);
}
#endif

/* Q's table (none when u2 = 0: no digit indexes it), then the streams; the
 * accumulator is the table's scratch. */
EC_NOINLINE static sc_err glv_q_var(sc_ep_aff *r, MUL2_RJ_DECL const sc_word *gt, const sc_word *u1,
                                    const sc_word *u2,
                                    const sc_ep_aff *q, const struct sc_ec_gtab *g, const sc_ep_curve *c,
                                    const struct sc_ec_glv *glv)
{
    sc_word qt[NQ * QW];
    mul2_scratch sc;
    if (!sc_mp_is_zero(u2, c->fn->nw))
        mul2_table(qt, &sc, q, c);
    return glv_streams_var(r, MUL2_RJ &sc.acc, gt, qt, NULL, NULL, u1, u2, g, c, glv);
}

/* G without a fixed-base table: its odd multiples, as many as Q's, first. */
EC_NOINLINE static sc_err glv_gt_var(sc_ep_aff *r, MUL2_RJ_DECL const sc_word *u1, const sc_word *u2,
                                     const sc_ep_aff *q, const sc_ep_curve *c, const struct sc_ec_glv *glv)
{
    sc_word gt[NQ * QW];
    {
        sc_ep_aff gen;
        mul2_scratch sc;
        sc_ep_generator(&gen, c);
        mul2_table(gt, &sc, &gen, c);
    }
    return glv_q_var(r, MUL2_RJ gt, u1, u2, q, NULL, c, glv);
}

EC_INLINE static sc_err mul2_glv_var(sc_ep_aff *r, MUL2_RJ_DECL const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                           const sc_ep_curve *c, const struct sc_ec_glv *glv)
{
    const struct sc_ec_gtab *g = curve_gtab_mul2(c);
    if (!g && !sc_mp_is_zero(u1, c->fn->nw))
        return glv_gt_var(r, MUL2_RJ u1, u2, q, c, glv);
#if EC_GLV_EG
    if (g && !sc_mp_is_zero(u2, c->fn->nw))     /* G from its table: the sum on E_g */
        return glv_eg_var(r, MUL2_RJ u1, u2, q, g, c, glv);
#endif
    return glv_q_var(r, MUL2_RJ NULL, u1, u2, q, g, c, glv);
}

/* u1*G + u2*Q into r (affine) or, rj not NULL, into rj (Jacobian); inlined
 * into both entry points, so that neither adds a frame (stack on the mote) */
EC_INLINE static sc_err mul2_any_var(sc_ep_aff *r, MUL2_RJ_DECL const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                           const sc_ep_curve *c)
{
    const struct sc_ec_gtab *g = curve_gtab_mul2(c);
    const struct sc_ec_glv *glv = curve_glv(c);
    const size_t nw = c->fn->nw;
    mul2_stream st[2];

    if (glv)
        return mul2_glv_var(r, MUL2_RJ u1, u2, q, c, glv);
    /* G: width w+1 against window 0 of its table (odd multiples up to (2^w-1)G) */
    mof_start(&st[0].m, u1, nw, g ? g->w + 1u : SC_EC_MUL2_WQ);
    mof_start(&st[1].m, u2, nw, SC_EC_MUL2_WQ);
    st[0].tab = st[1].tab = NULL;
    st[0].neg = st[1].neg = 0;
    st[0].beta = st[1].beta = NULL;
#if EC_GLV_EG
    st[0].zg = st[1].zg = NULL;
#endif
    return mul2_tables_var(r, MUL2_RJ st, 2, 0x2u, q, g, c);
}

sc_err sc_ec_mul2_var(sc_ep_aff *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                      const sc_ep_curve *c)
{
    return mul2_any_var(r, MUL2_RJ_NONE u1, u2, q, c);
}

sc_err sc_ec_mul2_jac_var(sc_ep_jac *r, const sc_word *u1, const sc_word *u2, const sc_ep_aff *q,
                          const sc_ep_curve *c)
{
#if EC_MUL2_JAC
    return mul2_any_var(NULL, r, u1, u2, q, c);
#else
    sc_ep_aff a;
    sc_err e = mul2_any_var(&a, u1, u2, q, c);
    if (e == SC_OK)
        sc_ep_jac_from_aff(r, &a, c);
    else
        sc_ep_jac_set_inf(r, c);
    return e;
#endif
}

/* Whether x(R) mod n = r for R = (X : Y : Z) Jacobian, Z != 0, without
 * inverting Z: x(R) = X / Z^2 is some x in [0, p), and x mod n = r (r in
 * [0, n)) exactly when x = r + j n for an integer j >= 0 with r + j n < p,
 * that is when X = (r + j n) Z^2 in GF(p) for such a j (the map x -> x Z^2
 * is a bijection of GF(p) for Z != 0, so distinct candidates below p give
 * distinct products).  With a cofactor of 1 Hasse's bound puts n within
 * 2 sqrt(p) + 1 of p + 1, so there are at most two candidates, r and r + n
 * (none when r >= p, possible where n > p as on secp160r1).  1 S + 1 M per
 * candidate and a conversion to the field's form, against the inversion of
 * sc_ep_jac_to_aff_var.  Variable time (public R and r). */
int sc_ec_jac_x_eq_var(const sc_ep_jac *R, const sc_word *r, const sc_ep_curve *c)
{
    const sc_fp_field *f = c->fp, *fn = c->fn;
    const size_t w = f->nw > fn->nw ? f->nw : fn->nw;
    sc_word t[SC_FP_MAXW + 1], p[SC_FP_MAXW + 1], n[SC_FP_MAXW + 1], carry;
    sc_fe z2, x;
    if (sc_fp_is_zero(R->z, f))
        return 0;
    memset(t, 0, sizeof t);
    memset(p, 0, sizeof p);
    memset(n, 0, sizeof n);
    sc_mp_copy(t, r, fn->nw);
    sc_mp_copy(p, f->p, f->nw);
    sc_mp_copy(n, fn->p, fn->nw);
    sc_fp_sqr(z2, R->z, f);
    for (;;) {
        if (sc_mp_cmp(t, p, w) >= 0)
            return 0;
        sc_fp_from_canon(x, t, f);
        sc_fp_mul(x, x, z2, f);
        if (sc_fp_eq(x, R->x, f))
            return 1;
        carry = sc_mp_add(t, t, n, w);
        if (carry)
            return 0;
    }
}
