#include "testutil.h"
#include <seacurve/config.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

long tu_pass, tu_fail;

int tu_check(int cond, const char *file, int line, const char *fmt, ...)
{
    if (cond) {
        tu_pass++;
        return 1;
    }
    tu_fail++;
    if (tu_fail <= 50) {
        va_list ap;
        fprintf(stderr, "FAIL %s:%d: ", file, line);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
    }
    return 0;
}

int tu_done(const char *name)
{
    printf("%s: %ld passed, %ld failed\n", name, tu_pass, tu_fail);
    return (tu_fail == 0 && tu_pass > 0) ? 0 : 1;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

long tu_hex(uint8_t *out, size_t max, const char *hex)
{
    size_t n = 0;
    int hi = -1;
    for (; *hex; hex++) {
        int v;
        if (*hex == ' ' || *hex == '\t' || *hex == '\n' || *hex == '\r' || *hex == ':')
            continue;
        v = hexval((unsigned char)*hex);
        if (v < 0)
            return -1;
        if (hi < 0) {
            hi = v;
        } else {
            if (n >= max)
                return -1;
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return hi < 0 ? (long)n : -1;
}

void tu_print_hex(FILE *f, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        fprintf(f, "%02x", p[i]);
}

const char *tu_vector(const char *rel)
{
    static char buf[4096];
    const char *dir = getenv("SC_VECTORS");
    snprintf(buf, sizeof buf, "%s/%s", dir ? dir : SC_VECTORS_DIR, rel);
    return buf;
}

static uint64_t rs[4] = { 0x9e3779b97f4a7c15ULL, 0xbf58476d1ce4e5b9ULL, 0x94d049bb133111ebULL, 0x2545f4914f6cdd1dULL };

void tu_seed(uint64_t s)
{
    int i;
    for (i = 0; i < 4; i++) {
        uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        rs[i] = z ^ (z >> 31);
    }
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t tu_rand64(void)
{
    uint64_t r = rotl(rs[1] * 5, 7) * 9, t = rs[1] << 17;
    rs[2] ^= rs[0]; rs[3] ^= rs[1]; rs[1] ^= rs[2]; rs[0] ^= rs[3];
    rs[2] ^= t; rs[3] = rotl(rs[3], 45);
    return r;
}

void tu_rand_bytes(uint8_t *out, size_t n)
{
    while (n) {
        uint64_t r = tu_rand64();
        size_t k = n < 8 ? n : 8;
        memcpy(out, &r, k);
        out += k;
        n -= k;
    }
}

int tu_opf_skip(const char *curve)
{
#if SC_WORD_BITS < 32 || defined(SC_TEST_SANITIZE)
    return strcmp(curve, "opf192") == 0 || strcmp(curve, "opf224") == 0;
#else
    (void)curve;
    return 0;
#endif
}

long tu_cases(long n)
{
    const char *scale = getenv("SC_TEST_SCALE");
    if (getenv("SC_TEST_LONG"))
        return n * 1000;
    if (scale && atol(scale) > 1)
        return n * atol(scale);
    return n;
}

const EVP_MD *tu_evp_md(sc_hash_alg a)
{
    switch (a) {
    case SC_HASH_SHA1: return EVP_sha1();
    case SC_HASH_SHA224: return EVP_sha224();
    case SC_HASH_SHA256: return EVP_sha256();
    case SC_HASH_SHA384: return EVP_sha384();
    case SC_HASH_SHA512: return EVP_sha512();
    default: return NULL;
    }
}
