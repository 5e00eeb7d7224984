/* mp: multi-precision naturals over sc_word limbs (little-endian word order).
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

/* r = a + b (n words); returns the carry (0 or 1). */
sc_word sc_mp_add(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/* r = a - b (n words); returns the borrow (0 or 1). */
sc_word sc_mp_sub(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/* r = a + w (n words, w one word); returns the carry. */
sc_word sc_mp_add_word(sc_word *r, const sc_word *a, sc_word w, size_t n);
/* -1, 0 or 1 as a < b, a == b, a > b; constant time. */
int sc_mp_cmp(const sc_word *a, const sc_word *b, size_t n);
/* all-ones if a == 0 else 0 */
sc_word sc_mp_is_zero(const sc_word *a, size_t n);
/* r = mask ? a : r, mask all-ones or zero */
void sc_mp_cmov(sc_word *r, const sc_word *a, sc_word mask, size_t n);
/* conditional swap of a and b when mask is all-ones */
void sc_mp_cswap(sc_word *a, sc_word *b, sc_word mask, size_t n);
void sc_mp_copy(sc_word *r, const sc_word *a, size_t n);
void sc_mp_zero(sc_word *r, size_t n);
/* r = a << 1 / a >> 1 (n words); return the bit shifted out. */
sc_word sc_mp_shl1(sc_word *r, const sc_word *a, size_t n);
sc_word sc_mp_shr1(sc_word *r, const sc_word *a, size_t n);
/* bit i of a (i < n*SC_WORD_BITS); i is public. */
unsigned sc_mp_bit(const sc_word *a, size_t i);
/* number of significant bits (variable time: public values only). */
size_t sc_mp_bits_var(const sc_word *a, size_t n);

/* r (2n words) = a * b (n words each): product scanning (Comba).  r must not alias a or b. */
void sc_mp_mul_comba(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
/* r (2n words) = a^2, dedicated squaring (cross products once, doubled).  No aliasing. */
void sc_mp_sqr_comba(sc_word *r, const sc_word *a, size_t n);
/* Use the x86-64 MULX/ADCX/ADOX products (port/x86_64) when enable != 0 and
 * the CPU has BMI2 and ADX; 0 selects the portable C products.  Default: on
 * in clang builds, off in gcc builds (where they measured no faster).
 * It also switches the fused MULX multiply-and-reduce routines of the P-256,
 * P-224, secp160r1 and P-192 fields and of the 3-word Montgomery fields (on by
 * default where the CPU has BMI2 and ADX, either compiler).
 * Returns whether they are now in use (always 0 off x86-64 or below 64-bit
 * limbs).  For tests and benchmarks; not thread-safe against running code. */
int sc_mp_set_accel(int enable);
/* Default multiply / square used by the fp layer. */
void sc_mp_mul(sc_word *r, const sc_word *a, const sc_word *b, size_t n);
void sc_mp_sqr(sc_word *r, const sc_word *a, size_t n);
/* 1 when sc_mp_mul / sc_mp_sqr compute n-word products in this build: always,
 * except in an AVR firmware build with SC_FP_GENERIC_SIZES = 0 (config.h),
 * where they serve the kernels' sizes only (those of the build's curves). */
int sc_mp_mul_serves(size_t n);

/* r (nm words) = a (na words) mod m (nm words, m odd or even, top word of m nonzero);
 * constant-time bitwise long division (time depends on na, nm and the bit length of m only). r may not
 * alias a. */
void sc_mp_mod(sc_word *r, const sc_word *a, size_t na, const sc_word *m, size_t nm);

/* Big-endian bytes <-> words.  from_be: r (n words) = the len-byte number in
 * (len may exceed n words only if the extra leading bytes are zero: returns -1
 * otherwise, 0 on success).  to_be: writes exactly len bytes (truncating high
 * words / zero-padding). */
int sc_mp_from_be(sc_word *r, size_t n, const uint8_t *in, size_t len);
void sc_mp_to_be(uint8_t *out, size_t len, const sc_word *a, size_t n);

#ifdef __cplusplus
}
#endif

#endif
