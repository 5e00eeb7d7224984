/* flash: constants that stay in program memory on AVR (internal header).
 *
 * avr-gcc copies every `const` object into RAM at start-up (.data) unless it
 * is placed in program memory, which is then read with LPM, not through an
 * ordinary pointer.  seacurve marks its large or rarely read constants
 * (fixed-base tables, GLV data, curve constants a, b, G) with SC_FLASH and
 * reads them only through the accessors below.  On every other target
 * SC_FLASH is empty, the accessors are plain loads and sc_flash_words returns
 * its argument, so a host build compiles to the same code as before.
 *
 * PROGMEM (a GCC attribute) is used rather than the named address space
 * __flash so the library stays ISO C11 (-std=c11): __flash needs the GNU
 * dialect and would change the pointer types of every reader.
 *
 * Reach: LPM addresses the first 64 KB of flash; avr-gcc links .progmem
 * before the code, so the constants of a build stay below 64 KB as long as
 * they total less than that (every curve without fixed-base tables: ~2 KB).
 *
 * Constant time: LPM takes the same 3 cycles at every address, and the
 * readers of secret-indexed tables still scan the whole table with masks
 * (ec.c), so reading from flash changes no timing that depends on secrets. */
#ifndef SC_UTIL_FLASH_H
#define SC_UTIL_FLASH_H

#include <seacurve/config.h>
#include <string.h>

#if defined(__AVR__)
#  include <avr/pgmspace.h>
/* 1 where SC_FLASH data is in a separate address space (AVR). */
#  define SC_FLASH_SEPARATE 1
#  define SC_FLASH PROGMEM

static inline sc_word sc_flash_rd_word(const sc_word *p)
{
#  if SC_WORD_BITS == 8
    return pgm_read_byte(p);
#  elif SC_WORD_BITS == 16
    return pgm_read_word(p);
#  elif SC_WORD_BITS == 32
    return pgm_read_dword(p);
#  else
    const uint32_t *q = (const uint32_t *)p; /* little-endian */
    return (sc_word)pgm_read_dword(q + 1) << 32 | pgm_read_dword(q);
#  endif
}
static inline uint8_t sc_flash_rd_u8(const uint8_t *p) { return pgm_read_byte(p); }
static inline uint16_t sc_flash_rd_u16(const uint16_t *p) { return pgm_read_word(p); }
/* dst (RAM) = n bytes at src (flash) */
static inline void sc_flash_cpy(void *dst, const void *src, size_t n) { memcpy_P(dst, src, n); }
/* memcmp with b in flash */
static inline int sc_flash_cmp(const void *a_ram, const void *b_flash, size_t n)
{
    return memcmp_P(a_ram, b_flash, n);
}
/* memcmp with a and b both in flash; 0 if equal, else nonzero */
static inline int sc_flash_cmp_ff(const void *a_flash, const void *b_flash, size_t n)
{
    const uint8_t *a = (const uint8_t *)a_flash, *b = (const uint8_t *)b_flash;
    size_t i;
    for (i = 0; i < n; i++)
        if (pgm_read_byte(a + i) != pgm_read_byte(b + i))
            return 1;
    return 0;
}
#else
#  define SC_FLASH_SEPARATE 0
#  define SC_FLASH
static inline sc_word sc_flash_rd_word(const sc_word *p) { return *p; }
static inline uint8_t sc_flash_rd_u8(const uint8_t *p) { return *p; }
static inline uint16_t sc_flash_rd_u16(const uint16_t *p) { return *p; }
static inline void sc_flash_cpy(void *dst, const void *src, size_t n) { memcpy(dst, src, n); }
static inline int sc_flash_cmp(const void *a_ram, const void *b_flash, size_t n)
{
    return memcmp(a_ram, b_flash, n);
}
static inline int sc_flash_cmp_ff(const void *a_flash, const void *b_flash, size_t n)
{
    return memcmp(a_flash, b_flash, n);
}
#endif

/* n words of SC_FLASH data usable as an ordinary pointer: on AVR copied into
 * tmp (n words of caller storage) and tmp returned; elsewhere src itself
 * (no copy, tmp unused). */
static inline const sc_word *sc_flash_words(sc_word *tmp, const sc_word *src, size_t n)
{
#if SC_FLASH_SEPARATE
    sc_flash_cpy(tmp, src, n * sizeof(sc_word));
    return tmp;
#else
    (void)tmp;
    (void)n;
    return src;
#endif
}

#endif
