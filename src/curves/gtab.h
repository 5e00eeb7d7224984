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

struct sc_ec_gtab {
    uint8_t w;          /* digit width: odd digits |d| <= 2^w - 1 */
    uint8_t nwin;       /* windows: ceil((bits(n) + 1) / w) */
    uint16_t npts;      /* points per window: 2^(w-1) */
    uint8_t mont;       /* coordinates in Montgomery form (x R mod p, R = 2^(SC_WORD_BITS * fp->nw)) */
    const sc_word *pts; /* nwin * npts * 2 * fp->nw words */
};

/* Which tables are generated in Montgomery form: exactly the fields that
 * src/curves/params.c keeps in Montgomery form (f->mont), so lookups copy
 * without conversion.  The lookups still convert if the two ever disagree,
 * and tests/test_ec.c checks that they agree. */
#if SC_WORD_BITS == 64
#  define SC_GTAB_MONT_SECP256R1 1
#else
#  define SC_GTAB_MONT_SECP256R1 0
#endif

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
#  define SC_GTAB_SECP160R1 NULL
#  define SC_GTAB_SECP192R1 NULL
#  define SC_GTAB_SECP224R1 NULL
#  define SC_GTAB_SECP256R1 NULL
#  define SC_GTAB_SECP256K1 NULL
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
#endif

#endif
