/** @file fp.h
 * @brief fp: arithmetic in GF(p) for one prime p, through a reducer.
 *
 * An element is an array of SC_FP_MAXW words of which the first f->nw are
 * used; it is always fully reduced (0 <= a < p).  A field either keeps its
 * elements in plain form or, when f->mont is set, in Montgomery form a*R mod p
 * with R = 2^(SC_WORD_BITS * nw).  Use sc_fp_from_bytes / sc_fp_to_bytes or
 * sc_fp_from_canon / sc_fp_to_canon at the boundaries; all other operations
 * work on the internal form.
 *
 * Every function is constant time in the element values except those whose
 * names end in _var.  r may alias any input. */
#ifndef SEACURVE_FP_H
#define SEACURVE_FP_H

#include "config.h"
#include "err.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup fp
 * @brief GF(p) elements through a per-field reducer; constant time except _var.
 * @{ */

/** A field element or scalar buffer: SC_FP_MAXW words, f->nw of them used. */
typedef sc_word sc_fe[SC_FP_MAXW];

/** A prime field (struct sc_fp_field). */
typedef struct sc_fp_field sc_fp_field;

/** A reducer: r (nw words, 0 <= r < p) = t mod p (plain fields) or t * R^-1 mod p
 * (Montgomery fields), for 0 <= t < p^2 held in 2*nw words.  t is clobbered.
 * @param r  nw words: the result.
 * @param t  2*nw words, 0 <= t < p^2; clobbered.
 * @param f  the field. */
typedef void (*sc_fp_reduce_fn)(sc_word *r, sc_word *t, const sc_fp_field *f);

/** On AVR the two constants that every operation does not read, R^2 mod p and
 * R mod p, stay in flash and the descriptor (in RAM: p, nw and reduce are read
 * by every field operation) holds pointers to them: 34 bytes of RAM per field
 * instead of 72 at SC_FP_MAX_BITS = 168 (SC_FP_CONSTS_IN_FLASH).  Read them
 * through sc_fp_set_one and sc_fp_from_canon, or sc_flash_words
 * (src/util/flash.h), which costs nothing on the host. */
#if defined(__AVR__)
#  define SC_FP_CONSTS_IN_FLASH 1
#else
#  define SC_FP_CONSTS_IN_FLASH 0
#endif

/** A prime field GF(p) (or Z/nZ for scalars) and its reducer: const data
 * (src/curves/gen, or sc_fp_field_derive). */
struct sc_fp_field {
    const char *name;        /**< e.g. "secp160r1.p"; "" on AVR (SC_DOC, config.h) */
    uint16_t bits;           /**< bit length of p */
    uint8_t nw;              /**< words per element = SC_WORDS(bits) */
    uint8_t mont;            /**< elements held in Montgomery form */
    sc_fp_reduce_fn reduce;  /**< the reducer behind sc_fp_mul / sc_fp_sqr */
    sc_word pinv;            /**< -p^-1 mod 2^SC_WORD_BITS (Montgomery reducers) */
    sc_word p[SC_FP_MAXW];   /**< the modulus */
#if SC_FP_CONSTS_IN_FLASH
    const sc_word *r2;       /**< R^2 mod p, R = 2^(SC_WORD_BITS*nw), SC_FLASH */
    const sc_word *rp;       /**< R mod p, SC_FLASH: the 1 of the Montgomery form (1 itself in a plain field) */
#else
    sc_word r2[SC_FP_MAXW];  /**< R^2 mod p, R = 2^(SC_WORD_BITS*nw) */
    sc_word one[SC_FP_MAXW]; /**< 1 in internal form (R mod p for Montgomery fields) */
#endif
};

/* Reducers (fp/reduce_*.c): each one's contract, parameters and constant-time
 * behaviour are sc_fp_reduce_fn's. */
/** Generic Montgomery (REDC), any odd p.  Constant time.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_mont(sc_word *r, sc_word *t, const sc_fp_field *f);
/** Generic Barrett reduction, plain form (a reference).  Constant time.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_barrett(sc_word *r, sc_word *t, const sc_fp_field *f);
/** Special reduction for the secp160r1 prime.
 * p = 2^160 - 2^31 - 1: special reduction ([DSP] Alg. 4, [WM-ECC] eq. 15-17).
 * Constant time.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_secp160r1(sc_word *r, sc_word *t, const sc_fp_field *f);
/** Solinas, p = 2^192 - 2^64 - 1 ([FIPS186] 186-4 D.2).  Constant time.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_p192(sc_word *r, sc_word *t, const sc_fp_field *f);
/** Solinas, p = 2^224 - 2^96 + 1 ([FIPS186] 186-4 D.2).  Constant time.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_p224(sc_word *r, sc_word *t, const sc_fp_field *f);
/** Solinas, p = 2^256 - 2^224 + 2^192 + 2^96 - 1 ([FIPS186] 186-4 D.2).  Constant time.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_p256(sc_word *r, sc_word *t, const sc_fp_field *f);
/** p = 2^256 - 2^32 - 977 (secp256k1).  Constant time.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_secp256k1(sc_word *r, sc_word *t, const sc_fp_field *f);
/** Montgomery (REDC) for an optimal prime p = u 2^k + 1, 1 <= u < 2^16, k >= 64 ([OPF]; the
 * opf* curves): -p^-1 = -1 mod 2^W and only the top word(s) of p are multiplied, 2s word
 * multiplies at 8-bit limbs (fp/reduce_opf.c); sc_fp_is_opf (fp_methods.h) tells whether
 * it applies.  Constant time.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_opf(sc_word *r, sc_word *t, const sc_fp_field *f);
/** Montgomery (REDC) specialised to the P-256 prime (-p^-1 mod 2^64 = 1): the P-256 field
 * at 64-bit limbs.  Constant time.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_p256_mont(sc_word *r, sc_word *t, const sc_fp_field *f);
/** Montgomery (REDC) specialised to the P-224 prime (-p^-1 mod 2^64 = 2^64 - 1, no
 * multiplies): P-224 at 64-bit limbs.  Constant time.
 * @copydetails sc_fp_reduce_fn */
void sc_fp_reduce_p224_mont(sc_word *r, sc_word *t, const sc_fp_field *f);

/** Byte length of an element: (bits + 7) / 8.
 * @param[in] f  the field.
 * @return (f->bits + 7) / 8. */
size_t sc_fp_bytes(const sc_fp_field *f);

/** r = a + b mod p.
 * @param[out] r  an element; may alias a or b.
 * @param[in]  a    elements.
 * @param[in]  b    elements.
 * @param[in]  f  the field. */
void sc_fp_add(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f);
/** r = a - b mod p.
 * @param[out] r  an element; may alias a or b.
 * @param[in]  a    elements.
 * @param[in]  b    elements.
 * @param[in]  f  the field. */
void sc_fp_sub(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f);
/** r = -a mod p (0 stays 0).
 * @param[out] r  an element; may alias a.
 * @param[in]  a  an element.
 * @param[in]  f  the field. */
void sc_fp_neg(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** r = -a mod p where mask is all ones, r = a where it is 0 (constant time in
 * a and mask; one pass at 64-bit limbs).
 * @param[out] r     an element; may alias a.
 * @param[in]  a     an element.
 * @param[in]  mask  all ones or 0.
 * @param[in]  f     the field. */
void sc_fp_cneg(sc_word *r, const sc_word *a, sc_word mask, const sc_fp_field *f);
/** r = 2a mod p.
 * @param[out] r  an element; may alias a.
 * @param[in]  a  an element.
 * @param[in]  f  the field. */
void sc_fp_dbl(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** r = a * b in the field's form (the product, then f->reduce).
 * @param[out] r  an element; may alias a or b.
 * @param[in]  a    elements.
 * @param[in]  b    elements.
 * @param[in]  f  the field. */
void sc_fp_mul(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f);
/** r = a^2 in the field's form.
 * @param[out] r  an element; may alias a.
 * @param[in]  a  an element.
 * @param[in]  f  the field. */
void sc_fp_sqr(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** r = a^-1, constant time; 0 maps to 0.  Safegcd (sc_fp_inv_safegcd) where it is
 * available and SC_WORD_BITS >= 32, Fermat otherwise.
 * @param[out] r  an element; may alias a.
 * @param[in]  a  an element.
 * @param[in]  f  the field (p prime). */
void sc_fp_inv(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** r = a^-1 = a^(p-2) (Fermat; addition chains on the special primes), constant time; 0 maps to 0.
 * @param[out] r  an element; may alias a.
 * @param[in]  a  an element.
 * @param[in]  f  the field (p prime). */
void sc_fp_inv_fermat(sc_word *r, const sc_word *a, const sc_fp_field *f);
#if defined(__SIZEOF_INT128__)
#define SC_FP_HAVE_SAFEGCD 1 /**< sc_fp_inv_safegcd exists (a 128-bit integer type) */
/** r = a^-1 by Bernstein-Yang divsteps (fp/inv_safegcd.c), constant time, any odd
 * modulus (a invertible or 0; 0 maps to 0).  Needs a 128-bit integer type.
 * @param[out] r  an element; may alias a.
 * @param[in]  a  an element.
 * @param[in]  f  the field (p odd). */
void sc_fp_inv_safegcd(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** sc_fp_inv_safegcd for public inputs: the same steps, ended once g = 0
 * (variable time).
 * @param[out] r  an element; may alias a.
 * @param[in]  a  an element (public).
 * @param[in]  f  the field (p odd). */
void sc_fp_inv_safegcd_var(sc_word *r, const sc_word *a, const sc_fp_field *f);
#endif
/** r = a^-1 for public inputs, whichever method is faster here: sc_fp_inv_safegcd_var at
 * 32/64-bit limbs (measured 3x faster than the binary algorithm), else sc_fp_inv_eea_var;
 * 0 maps to 0.
 * @param[out] r  an element; may alias a.
 * @param[in]  a  an element (public).
 * @param[in]  f  the field. */
void sc_fp_inv_var(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** r = a^-1 by the binary extended Euclidean algorithm; variable time, public inputs only; 0 maps to 0.
 * @param[out] r  an element; may alias a.
 * @param[in]  a  an element (public).
 * @param[in]  f  the field. */
void sc_fp_inv_eea_var(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** r = a square root of a (either one); SC_ERR_NOT_SQUARE if none.  Variable time
 * (public inputs: point decompression).  Handles p = 3 mod 4 and any other odd p (Tonelli-Shanks,
 * Cipolla); a mote (AVR) build compiles the p = 1 mod 4 methods only with a curve that needs them
 * (P-224, the opf* curves) and answers SC_ERR_UNSUPPORTED for such a p otherwise.
 * @param[out] r  an element (zeroed on failure).
 * @param[in]  a  an element (public).
 * @param[in]  f  the field (p an odd prime).
 * @retval SC_OK              r^2 = a.
 * @retval SC_ERR_NOT_SQUARE  a is not a square.
 * @retval SC_ERR_UNSUPPORTED p = 1 mod 4 in a mote build without those methods. */
sc_err sc_fp_sqrt_var(sc_word *r, const sc_word *a, const sc_fp_field *f);

/** all-ones mask if a == 0
 * @param[in] a  an element.
 * @param[in] f  the field.
 * @return the all-ones word if a == 0, else 0. */
sc_word sc_fp_is_zero(const sc_word *a, const sc_fp_field *f);
/** all-ones mask if equal
 * @param[in] a    elements.
 * @param[in] b    elements.
 * @param[in] f  the field.
 * @return the all-ones word if a == b, else 0. */
sc_word sc_fp_eq(const sc_word *a, const sc_word *b, const sc_fp_field *f);
/** r = mask ? a : r, constant time.
 * @param[in,out] r  an element.
 * @param[in]     a  an element.
 * @param[in]     mask  all-ones (copy) or zero (keep).
 * @param[in]     f  the field. */
void sc_fp_cmov(sc_word *r, const sc_word *a, sc_word mask, const sc_fp_field *f);
/** r = a.
 * @param[out] r  an element.
 * @param[in]  a  an element.
 * @param[in]  f  the field. */
void sc_fp_copy(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** r = 0.
 * @param[out] r  an element.
 * @param[in]  f  the field. */
void sc_fp_set_zero(sc_word *r, const sc_fp_field *f);
/** r = 1 in the field's form (R mod p in a Montgomery field).
 * @param[out] r  an element.
 * @param[in]  f  the field. */
void sc_fp_set_one(sc_word *r, const sc_fp_field *f);
/** parity (bit 0) of the canonical value of a; constant time
 * @param[in] a  an element (internal form).
 * @param[in] f  the field.
 * @return 0 or 1. */
unsigned sc_fp_is_odd(const sc_word *a, const sc_fp_field *f);

/** canonical words (0 <= a < p) <-> internal form
 * Canonical words (0 <= a < p) -> internal form.
 * @param[out] r  an element; may alias a.
 * @param[in]  a  f->nw words, 0 <= a < p.
 * @param[in]  f  the field. */
void sc_fp_from_canon(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** Internal form -> canonical words (0 <= r < p).
 * @param[out] r  f->nw words; may alias a.
 * @param[in]  a  an element.
 * @param[in]  f  the field. */
void sc_fp_to_canon(sc_word *r, const sc_word *a, const sc_fp_field *f);
/** big-endian bytes, exactly sc_fp_bytes(f) long; SC_ERR_LENGTH / SC_ERR_RANGE (value >= p).
 * @param[out] r    an element (zeroed on failure).
 * @param[in]  in   len bytes, big-endian.
 * @param[in]  len  must be sc_fp_bytes(f).
 * @param[in]  f    the field.
 * @retval SC_OK          r holds the element.
 * @retval SC_ERR_LENGTH  len != sc_fp_bytes(f).
 * @retval SC_ERR_RANGE   the value is >= p. */
sc_err sc_fp_from_bytes(sc_word *r, const uint8_t *in, size_t len, const sc_fp_field *f);
/** Internal form -> big-endian bytes of the canonical value, exactly sc_fp_bytes(f) long.
 * @param[out] out  sc_fp_bytes(f) bytes.
 * @param[in]  a    an element.
 * @param[in]  f    the field. */
void sc_fp_to_bytes(uint8_t *out, const sc_word *a, const sc_fp_field *f);
/** r = (big-endian number of any length len <= 2*SC_FP_MAXBYTES) mod p, into internal form; constant time in the value.
 * @param[out] r    an element.
 * @param[in]  in   len bytes, big-endian.
 * @param[in]  len  at most 2*SC_FP_MAXBYTES.
 * @param[in]  f    the field.
 * @retval SC_OK          r holds the element.
 * @retval SC_ERR_LENGTH  len > 2*SC_FP_MAXBYTES. */
sc_err sc_fp_from_bytes_reduce(sc_word *r, const uint8_t *in, size_t len, const sc_fp_field *f);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
