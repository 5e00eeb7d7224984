/* fb internals: the field table and the x86-64 PCLMULQDQ kernels
 * (port/x86_64/fb_clmul.c), which work on 64-bit pieces.  The library's
 * element layout (little-endian words, little-endian bytes on x86-64) is the
 * same byte string at every limb width, so the wrappers in fb_clmul_glue.c
 * copy elements into 64-bit pieces with memcpy (none at 64-bit limbs). */
#ifndef SC_FB_INTERNAL_H
#define SC_FB_INTERNAL_H

#include <seacurve/fb.h>
#include <seacurve/fb_methods.h>

extern const sc_fb_field sc_fb_fields[];
extern const size_t sc_fb_nfields;

/* 64-bit pieces of the largest element and of a double-length product. */
#define SC_FB_MAXP ((SC_FB_MAX_BITS + 63) / 64)

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SC_FB_HAVE_CLMUL 1
/* 1 if CPUID.01H:ECX.PCLMULQDQ[bit 1]. */
int sc_fb_clmul_cpu(void);
/* r (2k pieces) = a b (k pieces each), 1 <= k <= SC_FB_MAXP; r must not overlap a, b. */
void sc_fb_clmul_mul64(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t k);
/* r (2k pieces) = a^2. r must not overlap a. */
void sc_fb_clmul_sqr64(uint64_t *r, const uint64_t *a, size_t k);
/* c (kc = 2 ceil(m/64) pieces, degree < 2m - 1) reduced in place modulo
 * x^m + T(x), T of kt pieces and degree k0: the multiply-by-T reduction; the
 * result is in the low ceil(m/64) pieces, the others are zero on return.
 * Returns 0 (c untouched) for shapes it does not handle (see fb_clmul.c; the
 * SEC 2 fields are all handled). */
int sc_fb_clmul_reduce_t(uint64_t *c, size_t kc, unsigned m, const uint64_t *t, size_t kt, unsigned k0);
/* r = a b mod f / a^(2^n) mod f (n >= 1 squarings) (ceil(m/64) pieces each;
 * r may alias a, b), the products and the shift-and-xor reduction fused, on
 * pieces kept in registers, for the four SEC 2 field polynomials; returns 0
 * (r untouched) for any other f, and for n = 0. */
int sc_fb_clmul_mulmod(uint64_t *r, const uint64_t *a, const uint64_t *b, const sc_fb_field *f);
int sc_fb_clmul_sqrmod(uint64_t *r, const uint64_t *a, unsigned n, const sc_fb_field *f);
/* The loop of the x-only Montgomery ladder (src/eb/eb_ladder.c) on pieces:
 * for the bits L-1 .. 0 of k (little-endian bytes), swap (X1:Z1), (X2:Z2) by
 * the bit (merged swaps), then (X2:Z2) = Madd with x, (X1:Z1) = Mdouble with b
 * (b_one: b = 1); the final swap by bit 0.  Constant time.  Returns 0
 * (nothing done) for a field other than the SEC 2 ones. */
int sc_fb_clmul_ladder(uint64_t *x1, uint64_t *z1, uint64_t *x2, uint64_t *z2, const uint64_t *x,
                       const uint64_t *b, int b_one, const uint8_t *k, unsigned L, const sc_fb_field *f);
#else
#define SC_FB_HAVE_CLMUL 0
#endif

/* FB_SPECIALISE: the comb and the reducers compiled once more for each SEC 2
 * field with its constants as literals (host builds; a mote build keeps the
 * one generic body, for code size). */
#if !defined(__AVR__) && (defined(__GNUC__) || defined(__clang__))
#  define FB_SPECIALISE 1
#  define FB_INLINE inline __attribute__((always_inline))
#else
#  define FB_SPECIALISE 0
#  define FB_INLINE inline
#endif


#endif
