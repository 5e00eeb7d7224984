/* Fixed-base tables for the generators of the named curves (ec layer).
 *
 * Format (written by tools/gen_gtab.py, read by sc_ec_mul_gen and
 * sc_ec_mul2_var): for window j = 0 .. nwin-1 and t = 0 .. npts-1, the affine
 * point (2t+1) * 2^(w*j) * G, x then y, each coordinate fp->nw words in
 * the field's internal form (canonical, or Montgomery when mont is set),
 * little-endian.  A scalar recoded into nwin signed
 * odd digits d_j with |d_j| < 2^w (regular recoding, Joye-Tunstall 2009)
 * then needs one table lookup and one mixed addition per window and no
 * doubling (fixed-base windowing, Hankerson-Menezes-Vanstone, Guide to ECC,
 * Alg. 3.41 with signed odd digits).  Window 0 holds G, 3G, ..., (2^w-1)G,
 * which is also the width-(w+1) NAF table of G used by sc_ec_mul2_var. */
#ifndef SEACURVE_GTAB_H
#define SEACURVE_GTAB_H

#include <seacurve/ep.h>
#include "util/flash.h"

struct sc_ec_gtab {
    uint8_t w;          /* digit width: odd digits |d| <= 2^w - 1 */
    uint8_t nwin;       /* windows: ceil((bits(n) + 1) / w) */
    uint16_t npts;      /* points per window: 2^(w-1) */
    uint8_t mont;       /* coordinates in Montgomery form (x R mod p, R = 2^(SC_WORD_BITS * fp->nw)) */
    const sc_word *pts; /* nwin * npts * 2 * fp->nw words; SC_FLASH (in flash on AVR, util/flash.h) */
};

/* Which tables are generated in Montgomery form: exactly the fields that
 * src/curves/gen/params.c keeps in Montgomery form (f->mont), so lookups copy
 * without conversion.  The lookups still convert if the two ever disagree,
 * and tests/test_ec.c checks that they agree. */
#if SC_WORD_BITS == 64
#  define SC_GTAB_MONT_SECP224R1 1
#  define SC_GTAB_MONT_SECP256R1 1
#else
#  define SC_GTAB_MONT_SECP224R1 0
#  define SC_GTAB_MONT_SECP256R1 0
#endif
/* The opf* fields are in Montgomery form at every width (R = 2^bits at 8, 16
 * and 32-bit limbs, 2^(64 ceil(bits / 64)) at 64). */
#define SC_GTAB_MONT_OPF160 1
#define SC_GTAB_MONT_OPF192 1
#define SC_GTAB_MONT_OPF224 1
#define SC_GTAB_MONT_OPF256 1

/* A 32-bit chunk ending a coordinate whose bit length is an odd multiple of
 * 32 (160, 224): one word at 32 and 64 bits (zero-extended), else 2 or 4
 * words, so a coordinate takes exactly fp->nw words at every width. */
#if SC_WORD_BITS == 64 || SC_WORD_BITS == 32
#  define SC_GT_W32(x) ((sc_word)(x))
#elif SC_WORD_BITS == 16
#  define SC_GT_W32(x) ((sc_word)((x) & 0xffffu)), ((sc_word)(((uint32_t)(x) >> 16) & 0xffffu))
#else
#  define SC_GT_W32(x) ((sc_word)((x) & 0xffu)), ((sc_word)(((uint32_t)(x) >> 8) & 0xffu)), \
                       ((sc_word)(((uint32_t)(x) >> 16) & 0xffu)), ((sc_word)((uint32_t)(x) >> 24))
#endif

#ifdef SC_NO_GTAB
/* Without the tables of G a curve's table is its window 0 alone (one window,
 * src/curves/gen/gtab_w0.c): the odd multiples of G that sc_ec_mul2_var
 * reads; sc_ec_mul_gen does not use it. */
extern const struct sc_ec_gtab sc_gtab_w0_secp160r1;
extern const struct sc_ec_gtab sc_gtab_w0_secp192r1;
extern const struct sc_ec_gtab sc_gtab_w0_secp224r1;
extern const struct sc_ec_gtab sc_gtab_w0_secp256r1;
extern const struct sc_ec_gtab sc_gtab_w0_secp256k1;
extern const struct sc_ec_gtab sc_gtab_w0_opf160;
extern const struct sc_ec_gtab sc_gtab_w0_opf192;
extern const struct sc_ec_gtab sc_gtab_w0_opf224;
extern const struct sc_ec_gtab sc_gtab_w0_opf256;
#  define SC_GTAB_SECP160R1 (&sc_gtab_w0_secp160r1)
#  define SC_GTAB_SECP192R1 (&sc_gtab_w0_secp192r1)
#  define SC_GTAB_SECP224R1 (&sc_gtab_w0_secp224r1)
#  define SC_GTAB_SECP256R1 (&sc_gtab_w0_secp256r1)
#  define SC_GTAB_SECP256K1 (&sc_gtab_w0_secp256k1)
#  define SC_GTAB_OPF160 (&sc_gtab_w0_opf160)
#  define SC_GTAB_OPF192 (&sc_gtab_w0_opf192)
#  define SC_GTAB_OPF224 (&sc_gtab_w0_opf224)
#  define SC_GTAB_OPF256 (&sc_gtab_w0_opf256)
#else
extern const struct sc_ec_gtab sc_gtab_secp160r1;
extern const struct sc_ec_gtab sc_gtab_secp192r1;
extern const struct sc_ec_gtab sc_gtab_secp224r1;
extern const struct sc_ec_gtab sc_gtab_secp256r1;
extern const struct sc_ec_gtab sc_gtab_secp256k1;
#  define SC_GTAB_SECP160R1 (&sc_gtab_secp160r1)
#  define SC_GTAB_SECP192R1 (&sc_gtab_secp192r1)
#  define SC_GTAB_SECP224R1 (&sc_gtab_secp224r1)
#  define SC_GTAB_SECP256R1 (&sc_gtab_secp256r1)
#  define SC_GTAB_SECP256K1 (&sc_gtab_secp256k1)
extern const struct sc_ec_gtab sc_gtab_opf160;
extern const struct sc_ec_gtab sc_gtab_opf192;
extern const struct sc_ec_gtab sc_gtab_opf224;
extern const struct sc_ec_gtab sc_gtab_opf256;
#  define SC_GTAB_OPF160 (&sc_gtab_opf160)
#  define SC_GTAB_OPF192 (&sc_gtab_opf192)
#  define SC_GTAB_OPF224 (&sc_gtab_opf224)
#  define SC_GTAB_OPF256 (&sc_gtab_opf256)
#endif

/* The gateway's table of G for verification (src/curves/gen/gtab_wide.c):
 * window 0 alone at width 8, G, 3G, .., 255G, in the full tables' forms at
 * 64-bit limbs; sc_ec_mul2_var reads it for G's digits (width 9) in place of
 * window 0 of the full table.  Only with the tables of G at 64-bit limbs. */
#if SC_WORD_BITS == 64 && !defined(SC_NO_GTAB) && !defined(__AVR__)
#  define SC_GTAB_WIDE 1
extern const struct sc_ec_gtab sc_gtab_wide_secp160r1;
extern const struct sc_ec_gtab sc_gtab_wide_secp192r1;
extern const struct sc_ec_gtab sc_gtab_wide_secp224r1;
extern const struct sc_ec_gtab sc_gtab_wide_secp256r1;
extern const struct sc_ec_gtab sc_gtab_wide_secp256k1;
extern const struct sc_ec_gtab sc_gtab_wide_opf160;
extern const struct sc_ec_gtab sc_gtab_wide_opf192;
extern const struct sc_ec_gtab sc_gtab_wide_opf224;
extern const struct sc_ec_gtab sc_gtab_wide_opf256;
#else
#  define SC_GTAB_WIDE 0
#endif

/* The table sc_ec_mul2_var reads for G's digits, given the curve's table g
 * (NULL: none): the gateway's window of width 8 where g is a full table and
 * the window is in g's form (src/curves/curves.c), else g itself.  One
 * answer for ec.c and sc_curve_get_info. */
#if SC_GTAB_WIDE
const struct sc_ec_gtab *sc_gtab_mul2(const struct sc_ec_gtab *g);
#else
static inline const struct sc_ec_gtab *sc_gtab_mul2(const struct sc_ec_gtab *g)
{
    return g;
}
#endif

/* GLV endomorphism data (Gallant, Lambert, Vanstone, "Faster point
 * multiplication on elliptic curves with efficient endomorphisms", CRYPTO
 * 2001) of an a = 0 curve y^2 = x^3 + b over GF(p) with p = 1 mod 3, written
 * by tools/gen_gtab.py, which derives and checks every value.  All values are
 * canonical (plain, not Montgomery), fp->nw words each.  phi(x, y) = (beta*x,
 * y) is the endomorphism phi(P) = lambda*P.  The lattice {(x, y) : x + y*lambda
 * = 0 mod n} has the reduced basis v1 = (a1, b1), v2 = (a2, b2) with a1 = b2 > 0,
 * b1 < 0, a2 > 0 (Guide to ECC, Alg. 3.74); a scalar k < n splits as
 * c1 = round(k*b2/n), c2 = round(-k*b1/n) (by the products with g1, g2: see
 * sc_ec_glv_split in src/ec/ec.c), k2 = c1*(-b1) - c2*b2, k1 = k - k2*lambda
 * mod n, and then |k1|, |k2| < 2^hbits. */
struct sc_ec_glv {
    sc_word p[SC_FP_MAXW];      /* the curve: field prime, group order, b */
    sc_word n[SC_FP_MAXW];
    sc_word b[SC_FP_MAXW];
    sc_word beta[SC_FP_MAXW];   /* cube root of unity mod p */
    sc_word lambda[SC_FP_MAXW]; /* cube root of unity mod n with lambda*(x, y) = (beta*x, y) */
    sc_word g1[SC_FP_MAXW];     /* round(2^shift * b2 / n) */
    sc_word g2[SC_FP_MAXW];     /* round(2^shift * (-b1) / n) */
    sc_word mb1[SC_FP_MAXW];    /* -b1 */
    sc_word b2[SC_FP_MAXW];     /* b2 */
    uint16_t shift;             /* 384: a multiple of every SC_WORD_BITS */
    uint16_t hbits;             /* |k1|, |k2| < 2^hbits */
};

/* Not under SC_NO_GTAB: the GLV data is small and independent of the tables.
 * SC_FLASH: in flash on AVR, read through util/flash.h. */
#if SC_CURVE_SECP256K1
extern const struct sc_ec_glv sc_glv_secp256k1 SC_FLASH;
#endif

#endif
