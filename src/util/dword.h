/* dword: the double-width limb type (internal header).
 *
 * sc_dword holds the full product of two sc_word limbs (2 * SC_WORD_BITS
 * bits), the type of the schoolbook and Comba column arithmetic in mp, fp, fb
 * and ep.  At 64-bit limbs it is GCC/Clang's unsigned __int128, an extension
 * that ISO C and C++ lack; it is therefore kept out of the public headers,
 * which compile as ISO C11 and C++ (docs/integration.md).  64-bit limbs
 * require a compiler with __int128 (config.h picks 32-bit limbs by default
 * where there is none). */
#ifndef SC_UTIL_DWORD_H
#define SC_UTIL_DWORD_H

#include <seacurve/config.h>

#if SC_WORD_BITS == 64
typedef unsigned __int128 sc_dword;
#elif SC_WORD_BITS == 32
typedef uint64_t sc_dword;
#elif SC_WORD_BITS == 16
typedef uint32_t sc_dword;
#else
typedef uint16_t sc_dword;
#endif

#endif
