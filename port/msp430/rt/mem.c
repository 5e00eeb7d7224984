/* port/msp430/rt/mem.c: the string functions of <string.h> (port/msp430/include) for the
 * freestanding MSP430 images, ISO C11 7.24.
 *
 * Built with -fno-builtin: the compiler would otherwise recognise these loops as
 * memcpy / memset and call the function from inside itself.  Byte loops: the library
 * copies a few dozen bytes at a time.  memcpy, memmove and memset take a time that
 * depends on n only, never on the bytes (they copy and clear secrets); memcmp and the
 * str* functions stop at the first difference: the library compares only public data
 * with them (OIDs, names, encodings). */
#include <string.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d < s) {
        while (n--)
            *d++ = *s++;
    } else {
        while (n--)
            d[n] = s[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++) {
        if (*p != *q)
            return (int)*p - (int)*q;
    }
    return 0;
}

size_t strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}

int strcmp(const char *a, const char *b)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    while (*p && *p == *q) {
        p++;
        q++;
    }
    return (int)*p - (int)*q;
}

int strncmp(const char *a, const char *b, size_t n)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    for (; n; n--, p++, q++) {
        if (*p != *q || !*p)
            return (int)*p - (int)*q;
    }
    return 0;
}

char *strchr(const char *s, int c)
{
    for (;; s++) {
        if (*s == (char)c)
            return (char *)s;
        if (!*s)
            return NULL;
    }
}
