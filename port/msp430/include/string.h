/* port/msp430/include/string.h: the <string.h> of the MSP430 images.
 *
 * clang's msp430 target is freestanding (Debian 12 ships no MSP430 C library): its own
 * headers give <stdint.h>, <stddef.h>, <limits.h> and <stdatomic.h>; this header declares
 * the string functions the library and the firmware images call, which
 * port/msp430/rt/mem.c defines (ISO C11 7.24 semantics). */
#ifndef SC_MSP430_STRING_H
#define SC_MSP430_STRING_H

#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);

#endif
