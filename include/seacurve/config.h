/** @file config.h
 * @brief seacurve build configuration: limb width and size limits.
 *
 * SC_WORD_BITS selects the limb ("word") width of every multi-precision
 * number: 8, 16, 32 or 64.  The default is the native width of the target
 * (64 where the compiler has a 128-bit integer type, 8 on AVR, 32 elsewhere).
 * Every width is built and tested on the host. */
#ifndef SEACURVE_CONFIG_H
#define SEACURVE_CONFIG_H

#include <stddef.h>
#include <stdint.h>

/* The Arduino IDE passes no -D flags to a library: there (ARDUINO defined) the
 * options below come from arduino_config.h, which the library's user edits
 * (docs/integration.md).  SC_NO_ARDUINO_CONFIG leaves it out (PlatformIO with
 * build flags of its own). */
#if defined(ARDUINO) && !defined(SC_NO_ARDUINO_CONFIG)
#  include "arduino_config.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup config
 * @brief Limb width, the curves and parts of the build, and the buffer sizes that follow
 * from them (config.h; docs/mote-port.md).
 * @{ */

#ifndef SC_WORD_BITS
#  if defined(__AVR__)
#    define SC_WORD_BITS 8
#  elif defined(__SIZEOF_INT128__)
#    define SC_WORD_BITS 64 /**< limb width in bits: 8, 16, 32 or 64 (-DSC_WORD_BITS=N) */
#  else
#    define SC_WORD_BITS 32
#  endif
#endif

#if SC_WORD_BITS == 64
typedef uint64_t sc_word; /**< one limb: an unsigned integer of SC_WORD_BITS bits */
#  define SC_W64(x) ((sc_word)(x)) /**< a 64-bit constant as the little-endian words that hold it */
#elif SC_WORD_BITS == 32
typedef uint32_t sc_word;
#  define SC_W64(x) ((sc_word)((x) & 0xffffffffu)), ((sc_word)((uint64_t)(x) >> 32))
#elif SC_WORD_BITS == 16
typedef uint16_t sc_word;
#  define SC_W64(x) ((sc_word)((x) & 0xffffu)), ((sc_word)(((uint64_t)(x) >> 16) & 0xffffu)), \
                    ((sc_word)(((uint64_t)(x) >> 32) & 0xffffu)), ((sc_word)((uint64_t)(x) >> 48))
#elif SC_WORD_BITS == 8
typedef uint8_t sc_word;
#  define SC_W64(x) ((sc_word)((x) & 0xffu)), ((sc_word)(((uint64_t)(x) >> 8) & 0xffu)), \
                    ((sc_word)(((uint64_t)(x) >> 16) & 0xffu)), ((sc_word)(((uint64_t)(x) >> 24) & 0xffu)), \
                    ((sc_word)(((uint64_t)(x) >> 32) & 0xffu)), ((sc_word)(((uint64_t)(x) >> 40) & 0xffu)), \
                    ((sc_word)(((uint64_t)(x) >> 48) & 0xffu)), ((sc_word)((uint64_t)(x) >> 56))
#else
#  error "SC_WORD_BITS must be 8, 16, 32 or 64"
#endif

/* SC_W64(x) expands a 64-bit constant into the little-endian sequence of
 * words that holds it, so constants are written once for every width.
 * SC_WT(n, x) expands the last chunk of a constant, x < 2^(8n) with
 * 1 <= n <= 7 bytes, into the SC_WORDS(8n) words that hold it, so that a
 * constant of b bits fills exactly SC_WORDS(b) words at every width
 * (tools/gen_curves.py writes floor(b / 64) SC_W64 chunks, then one SC_WT). */
#define SC_WT(n, x) SC_WT_##n((uint64_t)(x)) /**< the last n bytes of a constant as SC_WORDS(8n) words */
#define SC_WB_(x, i) ((sc_word)(((x) >> (8 * (i))) & 0xffu))
#if SC_WORD_BITS == 64
#  define SC_WT_1(x) ((sc_word)(x))
#  define SC_WT_2(x) ((sc_word)(x))
#  define SC_WT_3(x) ((sc_word)(x))
#  define SC_WT_4(x) ((sc_word)(x))
#  define SC_WT_5(x) ((sc_word)(x))
#  define SC_WT_6(x) ((sc_word)(x))
#  define SC_WT_7(x) ((sc_word)(x))
#elif SC_WORD_BITS == 32
#  define SC_WT_1(x) ((sc_word)(x))
#  define SC_WT_2(x) ((sc_word)(x))
#  define SC_WT_3(x) ((sc_word)(x))
#  define SC_WT_4(x) ((sc_word)(x))
#  define SC_WT_5(x) ((sc_word)((x) & 0xffffffffu)), ((sc_word)((x) >> 32))
#  define SC_WT_6(x) SC_WT_5(x)
#  define SC_WT_7(x) SC_WT_5(x)
#elif SC_WORD_BITS == 16
#  define SC_WT_1(x) ((sc_word)(x))
#  define SC_WT_2(x) ((sc_word)(x))
#  define SC_WT_3(x) ((sc_word)((x) & 0xffffu)), ((sc_word)((x) >> 16))
#  define SC_WT_4(x) SC_WT_3(x)
#  define SC_WT_5(x) ((sc_word)((x) & 0xffffu)), ((sc_word)(((x) >> 16) & 0xffffu)), ((sc_word)((x) >> 32))
#  define SC_WT_6(x) SC_WT_5(x)
#  define SC_WT_7(x) SC_WT_5(x), ((sc_word)((x) >> 48))
#else
#  define SC_WT_1(x) SC_WB_(x, 0)
#  define SC_WT_2(x) SC_WT_1(x), SC_WB_(x, 1)
#  define SC_WT_3(x) SC_WT_2(x), SC_WB_(x, 2)
#  define SC_WT_4(x) SC_WT_3(x), SC_WB_(x, 3)
#  define SC_WT_5(x) SC_WT_4(x), SC_WB_(x, 4)
#  define SC_WT_6(x) SC_WT_5(x), SC_WB_(x, 5)
#  define SC_WT_7(x) SC_WT_6(x), SC_WB_(x, 6)
#endif

/* ---- What the build contains (docs/mote-port.md) ----
 *
 * On the host every curve and every part is in (nothing below changes a host
 * build).  A firmware build keeps only what it uses:
 *   SC_CURVES_ALL=0 with SC_CURVE_<NAME>=1 for each curve kept (SECP160R1,
 *     SECP192R1, SECP224R1, SECP256R1, SECP256K1, the non-standard optimal-
 *     prime-field curves OPF160, OPF192, OPF224, OPF256 (docs/opf.md), and the
 *     binary SECT163K1,
 *     SECT163R1, SECT163R2, SECT233K1, SECT233R1, SECT283K1, SECT283R1,
 *     SECT409K1, SECT409R1; SC_CURVES_BINARY_ALL=0 drops every binary curve,
 *     the default on AVR);
 *   SC_NO_GTAB: no precomputed fixed-base table of G (k*G by sc_ec_mul on G);
 *     the default on AVR, where a table (35-90 KB per curve at w = 6) exceeds
 *     the 32 KB object limit and the 64 KB that LPM reaches;
 *   SC_NO_EB_GTAB: no fixed-base comb tables of G for the binary curves
 *     (src/eb/gen/eb_gtab.c, 6-14 KB per curve at 64-bit chunks); sc_eb_mul_gen
 *     is then the Montgomery ladder on G; the default on AVR;
 *   SC_NO_SCALARMUL_TABLES: no method-matrix tables of src/scalarmul (host research code);
 *     the default on AVR;
 *   SC_NO_KEYFILE: no PEM / DER key files (src/pk/keyfile.c, pem.c);
 *   SC_NO_SHA512: no SHA-384 / SHA-512, which also halves the hash and HMAC
 *     contexts (block 64 bytes, digest 32); on AVR both are the default.
 * An SC_NO_* option is on when defined (any value); on AVR, where they are
 * the default, SC_WITH_GTAB, SC_WITH_EB_GTAB, SC_WITH_SCALARMUL_TABLES, SC_WITH_KEYFILE and
 * SC_WITH_SHA512 keep the part. */
#ifndef SC_CURVES_ALL
#  define SC_CURVES_ALL 1 /**< default of every SC_CURVE_<NAME>: 1 keeps every curve */
#endif
#ifndef SC_CURVE_SECP160R1
#  define SC_CURVE_SECP160R1 SC_CURVES_ALL /**< 1: the curve secp160r1 is in the build */
#endif
#ifndef SC_CURVE_SECP192R1
#  define SC_CURVE_SECP192R1 SC_CURVES_ALL /**< 1: the curve secp192r1 is in the build */
#endif
#ifndef SC_CURVE_SECP224R1
#  define SC_CURVE_SECP224R1 SC_CURVES_ALL /**< 1: the curve secp224r1 is in the build */
#endif
#ifndef SC_CURVE_SECP256R1
#  define SC_CURVE_SECP256R1 SC_CURVES_ALL /**< 1: the curve secp256r1 is in the build */
#endif
#ifndef SC_CURVE_SECP256K1
#  define SC_CURVE_SECP256K1 SC_CURVES_ALL /**< 1: the curve secp256k1 is in the build */
#endif
#ifndef SC_CURVE_OPF160
#  define SC_CURVE_OPF160 SC_CURVES_ALL /**< 1: the curve opf160 is in the build */
#endif
#ifndef SC_CURVE_OPF192
#  define SC_CURVE_OPF192 SC_CURVES_ALL /**< 1: the curve opf192 is in the build */
#endif
#ifndef SC_CURVE_OPF224
#  define SC_CURVE_OPF224 SC_CURVES_ALL /**< 1: the curve opf224 is in the build */
#endif
#ifndef SC_CURVE_OPF256
#  define SC_CURVE_OPF256 SC_CURVES_ALL /**< 1: the curve opf256 is in the build */
#endif
/* The SEC 2 binary curves (src/eb over src/fb): on by default on the host,
 * off on AVR (SC_CURVES_BINARY_ALL=0 there), so that a mote build neither
 * links the binary layers nor sizes its scalar buffers for 409-bit orders. */
#ifndef SC_CURVES_BINARY_ALL
#  if defined(__AVR__)
#    define SC_CURVES_BINARY_ALL 0
#  else
#    define SC_CURVES_BINARY_ALL SC_CURVES_ALL /**< default of every binary SC_CURVE_SECT<NAME> */
#  endif
#endif
#ifndef SC_CURVE_SECT163K1
#  define SC_CURVE_SECT163K1 SC_CURVES_BINARY_ALL /**< 1: the curve sect163k1 is in the build */
#endif
#ifndef SC_CURVE_SECT163R1
#  define SC_CURVE_SECT163R1 SC_CURVES_BINARY_ALL /**< 1: the curve sect163r1 is in the build */
#endif
#ifndef SC_CURVE_SECT163R2
#  define SC_CURVE_SECT163R2 SC_CURVES_BINARY_ALL /**< 1: the curve sect163r2 is in the build */
#endif
#ifndef SC_CURVE_SECT233K1
#  define SC_CURVE_SECT233K1 SC_CURVES_BINARY_ALL /**< 1: the curve sect233k1 is in the build */
#endif
#ifndef SC_CURVE_SECT233R1
#  define SC_CURVE_SECT233R1 SC_CURVES_BINARY_ALL /**< 1: the curve sect233r1 is in the build */
#endif
#ifndef SC_CURVE_SECT283K1
#  define SC_CURVE_SECT283K1 SC_CURVES_BINARY_ALL /**< 1: the curve sect283k1 is in the build */
#endif
#ifndef SC_CURVE_SECT283R1
#  define SC_CURVE_SECT283R1 SC_CURVES_BINARY_ALL /**< 1: the curve sect283r1 is in the build */
#endif
#ifndef SC_CURVE_SECT409K1
#  define SC_CURVE_SECT409K1 SC_CURVES_BINARY_ALL /**< 1: the curve sect409k1 is in the build */
#endif
#ifndef SC_CURVE_SECT409R1
#  define SC_CURVE_SECT409R1 SC_CURVES_BINARY_ALL /**< 1: the curve sect409r1 is in the build */
#endif
/* 1 when at least one binary curve is in the build (pk then dispatches to eb). */
#if SC_CURVE_SECT163K1 || SC_CURVE_SECT163R1 || SC_CURVE_SECT163R2 || SC_CURVE_SECT233K1 || \
    SC_CURVE_SECT233R1 || SC_CURVE_SECT283K1 || SC_CURVE_SECT283R1 || SC_CURVE_SECT409K1 || SC_CURVE_SECT409R1
#  define SC_CURVES_BINARY 1 /**< 1 when the build has a binary curve (0 otherwise) */
#else
#  define SC_CURVES_BINARY 0
#endif
/** SC_FP_GENERIC_SIZES (0/1): the C product (Comba) and Montgomery reduction
 * behind the AVR kernels in sc_mp_mul / sc_mp_sqr (src/mp/mul.c) and
 * sc_fp_reduce_mont (src/fp/reduce_mont.c), for operand sizes without a
 * kernel.  A firmware build with the kernels (SC_AVR_ASM) and prime curves
 * only has a kernel for every field of its curves (p and n), so there it is
 * 0 (0.4 KB less of flash) unless SC_WITH_GENERIC_SIZES asks for other sizes:
 * an application's own sc_fp_field or sc_mp_mul on other lengths, or the
 * method matrix of fp_methods.h on a modulus whose size has no REDC kernel.
 * With 0, sc_mp_mul / sc_mp_sqr / sc_fp_reduce_mont of such a size write
 * zeros, and sc_fp_field_derive answers SC_ERR_UNSUPPORTED for a field they
 * would serve so.  1 everywhere else (the binary curves' group orders have
 * sizes without a kernel). */
#ifndef SC_FP_GENERIC_SIZES
#  if SC_WORD_BITS == 8 && defined(SC_AVR_ASM) && defined(__AVR__) && !SC_CURVES_BINARY && \
      !defined(SC_WITH_GENERIC_SIZES)
#    define SC_FP_GENERIC_SIZES 0
#  else
#    define SC_FP_GENERIC_SIZES 1
#  endif
#endif

#if !(SC_CURVE_SECP160R1 || SC_CURVE_SECP192R1 || SC_CURVE_SECP224R1 || SC_CURVE_SECP256R1 || SC_CURVE_SECP256K1 || \
      SC_CURVE_OPF160 || SC_CURVE_OPF192 || SC_CURVE_OPF224 || SC_CURVE_OPF256)
#  error "no prime curve selected (SC_CURVE_<NAME>)"
#endif

#if defined(__AVR__)
#  if !defined(SC_NO_GTAB) && !defined(SC_WITH_GTAB)
#    define SC_NO_GTAB 1
#  endif
#  if !defined(SC_NO_EB_GTAB) && !defined(SC_WITH_EB_GTAB)
#    define SC_NO_EB_GTAB 1
#  endif
#  if !defined(SC_NO_SCALARMUL_TABLES) && !defined(SC_WITH_SCALARMUL_TABLES)
#    define SC_NO_SCALARMUL_TABLES 1
#  endif
#  if !defined(SC_NO_KEYFILE) && !defined(SC_WITH_KEYFILE)
#    define SC_NO_KEYFILE 1
#  endif
#  if !defined(SC_NO_SHA512) && !defined(SC_WITH_SHA512)
#    define SC_NO_SHA512 1
#  endif
#endif

/** SC_FAULT_CHECKS: checks against faults injected while a secret is in use
 * (docs/security.md, "Fault attacks"), a level:
 *   0  none;
 *   1  the points: k*G of ECDSA signing, the ECDH result and a computed public
 *      key are checked to lie on the curve before anything derived from them
 *      leaves (a few field multiplications each);
 *   2  1, and every ECDSA signature is verified before it is released: the
 *      verification equation with Q = dG folded in, x((s^-1 (e + r d)) G) = r
 *      mod n, by a second constant-time fixed-base multiplication (about the
 *      cost of the signature again).
 * A check that fails zeroes the output and returns SC_ERR_FAULT.  Default 0
 * (docs/security.md gives the measured costs on the ATmega128 and the
 * reasons); a mote exposed to an attacker in the field sets 2. */
#ifndef SC_FAULT_CHECKS
#  define SC_FAULT_CHECKS 0
#endif
#if SC_FAULT_CHECKS < 0 || SC_FAULT_CHECKS > 2
#  error "SC_FAULT_CHECKS must be 0, 1 or 2"
#endif

/** The descriptive strings of the method registries (the `source` fields of
 * scalarmul.h, coords.h, fp_methods.h, mp_methods.h): kept on the host, empty on AVR,
 * where avr-gcc keeps string literals in RAM (about 5 KB of them);
 * SC_WITH_DOC_STRINGS keeps them there too. */
#if defined(__AVR__) && !defined(SC_WITH_DOC_STRINGS)
#  define SC_DOC(s) ""
#else
#  define SC_DOC(s) s
#endif

/** Largest prime-field size in bits (fields and group orders): by default the
 * exact need of the build, the longest p or n of its prime curves rounded up
 * to a whole byte (secp160r1: n has 161 bits, hence 168), so that an element
 * buffer holds SC_WORDS(bits) words and no more (the generated constants fill
 * exactly that many, SC_WT above).  The binary curves need it for their group
 * orders (scalars mod n through sc_fp_field), rounded up to a multiple of 64
 * bits as their tables (src/eb/gen, src/fb/gen) are written: n has up to 409
 * bits (sect409r1), hence 448. */
#ifndef SC_FP_MAX_BITS
#  if SC_CURVE_SECT409K1 || SC_CURVE_SECT409R1
#    define SC_FP_MAX_BITS 448
#  elif SC_CURVE_SECT283K1 || SC_CURVE_SECT283R1
#    define SC_FP_MAX_BITS 320
#  elif SC_CURVE_SECT233K1 || SC_CURVE_SECT233R1 || SC_CURVE_SECP256R1 || SC_CURVE_SECP256K1 || SC_CURVE_OPF256
#    define SC_FP_MAX_BITS 256
#  elif SC_CURVE_SECP224R1 || SC_CURVE_OPF224
#    define SC_FP_MAX_BITS 224
#  elif SC_CURVE_SECT163K1 || SC_CURVE_SECT163R1 || SC_CURVE_SECT163R2
#    define SC_FP_MAX_BITS 192
#  elif SC_CURVE_SECP192R1 || SC_CURVE_OPF192
#    define SC_FP_MAX_BITS 192
#  else
#    define SC_FP_MAX_BITS 168
#  endif
#endif

/** Words that hold a number of the given bit length. */
#define SC_WORDS(bits) (((bits) + SC_WORD_BITS - 1) / SC_WORD_BITS)
/** Words in one field element or scalar buffer. */
#define SC_FP_MAXW SC_WORDS(SC_FP_MAX_BITS)
/** Bytes of the largest field element or scalar of the build (sc_key, SC_PK_MAX_*). */
#define SC_FP_MAXBYTES ((SC_FP_MAX_BITS + 7) / 8)

/** @} */

#ifdef __cplusplus
}
#endif

#endif
