/** @file mp.h
 * @brief mp: multi-precision naturals over sc_word limbs (little-endian word order).
 *
 * Every function here is constant time in the values of its operands (the
 * word counts are public).  Word counts are passed explicitly; buffers are
 * caller-owned.  Unless stated, r may alias an input of the same length. */
#ifndef SEACURVE_MP_H
#define SEACURVE_MP_H

#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup mp
 * @brief Little-endian arrays of sc_word limbs, word counts passed explicitly; constant
 * time in the values.
 * @{ */

/** r = a + b (n words); returns the carry (0 or 1).
 * @param[out] r  n words; may alias a or b.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  word count.
 * @return the carry out (0 or 1). */
sc_word sc_mp_add(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** r = a - b (n words); returns the borrow (0 or 1).
 * @param[out] r  n words; may alias a or b.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  word count.
 * @return the borrow out (0 or 1). */
sc_word sc_mp_sub(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** r = a + w (n words, w one word); returns the carry.
 * @param[out] r  n words; may alias a.
 * @param[in]  a  n words.
 * @param[in]  w  one word.
 * @param[in]  n  word count (at least 1).
 * @return the carry out (0 or 1). */
sc_word sc_mp_add_word(sc_word *r, const sc_word *a, sc_word w, size_t n);
/** -1, 0 or 1 as a < b, a == b, a > b; constant time.
 * @param[in] a    n words.
 * @param[in] b    n words.
 * @param[in] n  word count.
 * @return -1, 0 or 1. */
int sc_mp_cmp(const sc_word *a, const sc_word *b, size_t n);
/** all-ones if a == 0 else 0
 * @param[in] a  n words.
 * @param[in] n  word count.
 * @return the all-ones word if a == 0, else 0. */
sc_word sc_mp_is_zero(const sc_word *a, size_t n);
/** r = mask ? a : r, mask all-ones or zero
 * @param[in,out] r  n words.
 * @param[in]     a  n words.
 * @param[in]     mask  all-ones (copy) or zero (keep r).
 * @param[in]     n  word count. */
void sc_mp_cmov(sc_word *r, const sc_word *a, sc_word mask, size_t n);
/** conditional swap of a and b when mask is all-ones
 * @param[in,out] a    n words.
 * @param[in,out] b    n words.
 * @param[in]     mask  all-ones (swap) or zero.
 * @param[in]     n  word count. */
void sc_mp_cswap(sc_word *a, sc_word *b, sc_word mask, size_t n);
/** r = a.
 * @param[out] r  n words.
 * @param[in]  a  n words.
 * @param[in]  n  word count. */
void sc_mp_copy(sc_word *r, const sc_word *a, size_t n);
/** r = 0.
 * @param[out] r  n words.
 * @param[in]  n  word count. */
void sc_mp_zero(sc_word *r, size_t n);
/** r = a << 1 / a >> 1 (n words); return the bit shifted out.
 * @param[out] r  n words; may alias a.
 * @param[in]  a  n words.
 * @param[in]  n  word count.
 * @return the bit shifted out (the top bit of a). */
sc_word sc_mp_shl1(sc_word *r, const sc_word *a, size_t n);
/** r = a >> 1 (n words).
 * @param[out] r  n words; may alias a.
 * @param[in]  a  n words.
 * @param[in]  n  word count.
 * @return the bit shifted out (bit 0 of a). */
sc_word sc_mp_shr1(sc_word *r, const sc_word *a, size_t n);
/** bit i of a (i < n*SC_WORD_BITS); i is public.
 * @param[in] a  the number.
 * @param[in] i  the bit index.
 * @return 0 or 1. */
unsigned sc_mp_bit(const sc_word *a, size_t i);
/** number of significant bits (variable time: public values only).
 * @param[in] a  n words (public).
 * @param[in] n  word count.
 * @return the bit length of a (0 for a = 0). */
size_t sc_mp_bits_var(const sc_word *a, size_t n);

/** r (2n words) = a * b (n words each): product scanning (Comba).  r must not alias a or b.
 * @param[out] r  2n words.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  word count, 1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_mul_comba(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** r (2n words) = a^2, dedicated squaring (cross products once, doubled).  No aliasing.
 * @param[out] r  2n words.
 * @param[in]  a  n words.
 * @param[in]  n  word count, 1 <= n <= 2 * SC_FP_MAXW. */
void sc_mp_sqr_comba(sc_word *r, const sc_word *a, size_t n);
/** Use the x86-64 MULX/ADCX/ADOX products (port/x86_64) when enable != 0 and
 * the CPU has BMI2 and ADX; 0 selects the portable C products.  Default: on
 * in clang builds, off in gcc builds (where they measured no faster).
 * It also switches the fused MULX multiply-and-reduce routines of the P-256,
 * P-224, secp160r1 and P-192 fields and of the 3-word Montgomery fields (on by
 * default where the CPU has BMI2 and ADX, either compiler), and the AVX2
 * constant-time table scan of the fixed-base and window tables (on by default
 * where the CPU has AVX2).
 * Returns whether they are now in use (always 0 off x86-64 or below 64-bit
 * limbs).  For tests and benchmarks; not thread-safe against running code.
 * @param[in] enable  nonzero to use the MULX/ADX code where the CPU has it.
 * @return 1 if the accelerated products are now in use, else 0. */
int sc_mp_set_accel(int enable);
/** Default multiply / square used by the fp layer.
 * The build's fastest product: r (2n words) = a * b (n words each); r must not alias a or b.
 * The AVR assembly kernels where they exist for n, else Comba (or MULX/ADX on x86-64).
 * Constant time.
 * @param[out] r  2n words.
 * @param[in]  a    n words.
 * @param[in]  b    n words.
 * @param[in]  n  word count. */
void sc_mp_mul(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/** The build's fastest square: r (2n words) = a^2; r must not alias a.  Constant time.
 * @param[out] r  2n words.
 * @param[in]  a  n words.
 * @param[in]  n  word count. */
void sc_mp_sqr(sc_word *r, const sc_word *a, size_t n);
/** 1 when sc_mp_mul / sc_mp_sqr compute n-word products in this build: always,
 * except in an AVR firmware build with SC_FP_GENERIC_SIZES = 0 (config.h),
 * where they serve the kernels' sizes only (those of the build's curves).
 * @param[in] n  word count.
 * @return 1 if sc_mp_mul / sc_mp_sqr compute n-word products in this build, else 0. */
int sc_mp_mul_serves(size_t n);

/** r (nm words) = a (na words) mod m (nm words, m odd or even, top word of m nonzero);
 * constant-time bitwise long division (time depends on na, nm and the bit length of m only). r may not
 * alias a.
 * @param[out] r   nm words.
 * @param[in]  a   na words.
 * @param[in]  na  words of a.
 * @param[in]  m   the modulus, nm words, top word nonzero.
 * @param[in]  nm  words of m. */
void sc_mp_mod(sc_word *r, const sc_word *a, size_t na, const sc_word *m, size_t nm);

/** Big-endian bytes <-> words.  from_be: r (n words) = the len-byte number in
 * (len may exceed n words only if the extra leading bytes are zero: returns -1
 * otherwise, 0 on success).  to_be: writes exactly len bytes (truncating high
 * words / zero-padding).
 * @param[out] r    n words.
 * @param[in]  n    words of r.
 * @param[in]  in   len bytes, big-endian.
 * @param[in]  len  any length.
 * @return 0 on success, -1 if the value does not fit n words (r is then zeroed). */
int sc_mp_from_be(sc_word *r, size_t n, const uint8_t *in, size_t len);
/** Words -> big-endian bytes: writes exactly len bytes (truncating high words / zero-padding).
 * @param[out] out  len bytes, big-endian.
 * @param[in]  len  bytes to write.
 * @param[in]  a    n words.
 * @param[in]  n    words of a. */
void sc_mp_to_be(uint8_t *out, size_t len, const sc_word *a, size_t n);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
