#include <seacurve/util.h>
#include <seacurve/err.h>
#include <string.h>

void sc_memzero(void *p, size_t n)
{
#if defined(__GNUC__)
    /* memset, then a barrier that tells the compiler the zeroed memory may be
     * read: the store cannot be removed as dead. */
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile unsigned char *v = (volatile unsigned char *)p;
    while (n--)
        *v++ = 0;
#endif
}

int sc_ct_memeq(const void *a, const void *b, size_t n)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    unsigned char d = 0;
    size_t i;
    for (i = 0; i < n; i++)
        d |= (unsigned char)(x[i] ^ y[i]);
    return (int)(1u & (((unsigned)d - 1u) >> 8));
}

const char *sc_strerror(sc_err e)
{
    switch (e) {
    case SC_OK: return "success";
    case SC_ERR_ARG: return "invalid argument";
    case SC_ERR_LENGTH: return "input has the wrong length";
    case SC_ERR_BUFFER: return "output buffer too small";
    case SC_ERR_CURVE: return "unknown or unsupported curve";
    case SC_ERR_CURVE_MISMATCH: return "key or point belongs to another curve";
    case SC_ERR_RANGE: return "field element out of range (>= p)";
    case SC_ERR_POINT: return "point is not on the curve or badly encoded";
    case SC_ERR_INFINITY: return "point at infinity";
    case SC_ERR_SCALAR: return "scalar out of range (must be 1 <= k < n)";
    case SC_ERR_SIG_RANGE: return "signature value out of range (must be 1 <= r, s < n)";
    case SC_ERR_ENCODING: return "malformed encoding";
    case SC_ERR_VERIFY: return "signature is invalid";
    case SC_ERR_RNG: return "random source missing, failed, or gave unusable output (all zeros, stuck): set a working one with sc_rng_set";
    case SC_ERR_HASH: return "unknown hash algorithm";
    case SC_ERR_NOT_SQUARE: return "no square root exists";
    case SC_ERR_UNSUPPORTED: return "unsupported input";
    case SC_ERR_KEY_TYPE: return "wrong key type";
    case SC_ERR_FAULT: return "fault detected: the result failed its check and was withheld";
    case SC_IN_PROGRESS: return "operation in progress";
    }
    return "unknown error";
}
