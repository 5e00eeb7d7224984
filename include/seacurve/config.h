/* seacurve build configuration: limb width and size limits.
 *
 * SC_WORD_BITS selects the limb ("word") width of every multi-precision
 * number: 8, 16, 32 or 64.  The default is the native width of the target
 * (64 where the compiler has a 128-bit integer type, 8 on AVR, 32 elsewhere).
 * Every width is built and tested on the host. */
#ifndef SEACURVE_CONFIG_H
#define SEACURVE_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#ifndef SC_WORD_BITS
#  if defined(__AVR__)
#    define SC_WORD_BITS 8
#  elif defined(__SIZEOF_INT128__)
#    define SC_WORD_BITS 64
#  else
#    define SC_WORD_BITS 32
#  endif
#endif

#if SC_WORD_BITS == 64
typedef uint64_t sc_word;
typedef unsigned __int128 sc_dword;
#  define SC_W64(x) ((sc_word)(x))
#elif SC_WORD_BITS == 32
typedef uint32_t sc_word;
typedef uint64_t sc_dword;
#  define SC_W64(x) ((sc_word)((x) & 0xffffffffu)), ((sc_word)((uint64_t)(x) >> 32))
#elif SC_WORD_BITS == 16
typedef uint16_t sc_word;
typedef uint32_t sc_dword;
#  define SC_W64(x) ((sc_word)((x) & 0xffffu)), ((sc_word)(((uint64_t)(x) >> 16) & 0xffffu)), \
                    ((sc_word)(((uint64_t)(x) >> 32) & 0xffffu)), ((sc_word)((uint64_t)(x) >> 48))
#elif SC_WORD_BITS == 8
typedef uint8_t sc_word;
typedef uint16_t sc_dword;
#  define SC_W64(x) ((sc_word)((x) & 0xffu)), ((sc_word)(((uint64_t)(x) >> 8) & 0xffu)), \
                    ((sc_word)(((uint64_t)(x) >> 16) & 0xffu)), ((sc_word)(((uint64_t)(x) >> 24) & 0xffu)), \
                    ((sc_word)(((uint64_t)(x) >> 32) & 0xffu)), ((sc_word)(((uint64_t)(x) >> 40) & 0xffu)), \
                    ((sc_word)(((uint64_t)(x) >> 48) & 0xffu)), ((sc_word)((uint64_t)(x) >> 56))
#else
#  error "SC_WORD_BITS must be 8, 16, 32 or 64"
#endif

/* SC_W64(x) expands a 64-bit constant into the little-endian sequence of
 * words that holds it, so constants are written once for every width. */

/* Largest prime-field size in bits (fields and group orders). */
#ifndef SC_FP_MAX_BITS
#  define SC_FP_MAX_BITS 256
#endif

#define SC_WORDS(bits) (((bits) + SC_WORD_BITS - 1) / SC_WORD_BITS)
/* Words in one field element or scalar buffer.  One spare word at 64 bits
 * keeps room for 64-bit-chunk initialisers of every width. */
#define SC_FP_MAXW SC_WORDS(SC_FP_MAX_BITS)
#define SC_FP_MAXBYTES ((SC_FP_MAX_BITS + 7) / 8)

#endif
