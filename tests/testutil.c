/* getpid (POSIX) under -std=c11; RAND_set_rand_method, deprecated in OpenSSL 3 but the one way
 * to put a seeded generator under libcrypto's legacy EC_KEY / ECDSA / BN_rand calls. */
#define _POSIX_C_SOURCE 200809L
#define OPENSSL_SUPPRESS_DEPRECATED
#include "testutil.h"
#include <seacurve/config.h>
#include <openssl/rand.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif
#if defined(__linux__) && defined(__has_include)
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#define TU_HAVE_GETRANDOM 1
#endif
#endif

long tu_pass, tu_fail;

/* The run's seed: seeded is 0 until tu_seed_init, done once tu_done printed the summary. */
static uint64_t run_seed;
static int seeded, done;
static const char *run_name = "test";

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
        if (seeded)
            fprintf(stderr, " [SC_TEST_SEED=0x%016llx]", (unsigned long long)run_seed);
        fputc('\n', stderr);
    }
    return 0;
}

int tu_done(const char *name)
{
    int ok = tu_fail == 0 && tu_pass > 0;
    done = 1;
    if (!ok && seeded)
        printf("%s: %ld passed, %ld failed; reproduce with SC_TEST_SEED=0x%016llx\n", name, tu_pass,
               tu_fail, (unsigned long long)run_seed);
    else
        printf("%s: %ld passed, %ld failed\n", name, tu_pass, tu_fail);
    fflush(stdout);
    return ok ? 0 : 1;
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

/* xoshiro256** (Blackman, Vigna) on a state filled by splitmix64 from one 64-bit seed; three
 * independent streams of the run's seed: the test's own draws, OpenSSL's generator and the
 * sc_rng_set source, so that a change in how often libcrypto draws leaves the test's cases alone. */
typedef struct {
    uint64_t s[4];
} stream;

static stream st_test, st_ossl, st_sc;

static void stream_seed(stream *st, uint64_t x)
{
    int i;
    for (i = 0; i < 4; i++) {
        uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        st->s[i] = z ^ (z >> 31);
    }
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t stream_next(stream *st)
{
    uint64_t *rs = st->s;
    uint64_t r = rotl(rs[1] * 5, 7) * 9, t = rs[1] << 17;
    rs[2] ^= rs[0]; rs[3] ^= rs[1]; rs[1] ^= rs[2]; rs[0] ^= rs[3];
    rs[2] ^= t; rs[3] = rotl(rs[3], 45);
    return r;
}

static void stream_bytes(stream *st, uint8_t *out, size_t n)
{
    while (n) {
        uint64_t r = stream_next(st);
        size_t k = n < 8 ? n : 8;
        memcpy(out, &r, k);
        out += k;
        n -= k;
    }
}

static int ossl_bytes(unsigned char *buf, int num)
{
    if (num < 0)
        return 0;
    stream_bytes(&st_ossl, buf, (size_t)num);
    return 1;
}

static int ossl_status(void) { return 1; }

static const RAND_METHOD ossl_method = {
    .bytes = ossl_bytes,
    .pseudorand = ossl_bytes,
    .status = ossl_status,
};

/* A fresh seed: the kernel's generator, else /dev/urandom, else the clock and process id. */
static uint64_t fresh_seed(void)
{
    uint64_t x = 0;
    FILE *f;
#ifdef TU_HAVE_GETRANDOM
    if (getrandom(&x, sizeof x, 0) == (ssize_t)sizeof x)
        return x;
#endif
    f = fopen("/dev/urandom", "rb");
    if (f) {
        size_t n = fread(&x, 1, sizeof x, f);
        fclose(f);
        if (n == sizeof x)
            return x;
    }
    x = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ULL ^ (uint64_t)clock();
#if defined(__unix__) || defined(__APPLE__)
    x ^= (uint64_t)getpid() << 32;
#endif
    return x;
}

static void at_exit(void)
{
    if (seeded && tu_fail > 0 && !done) {
        fflush(stdout);
        fprintf(stderr, "%s: %ld failed checks; reproduce with SC_TEST_SEED=0x%016llx\n", run_name, tu_fail,
                (unsigned long long)run_seed);
    }
}

uint64_t tu_seed_init(const char *test_name)
{
    const char *env = getenv("SC_TEST_SEED");
    if (seeded)
        return run_seed;
    if (test_name)
        run_name = test_name;
    if (env && *env) {
        char *end;
        run_seed = strtoull(env, &end, 0);
        if (*end != '\0' || *env == '-') {
            fprintf(stderr, "%s: SC_TEST_SEED=%s is not a number (decimal or 0x hex)\n", run_name, env);
            exit(2);
        }
    } else {
        run_seed = fresh_seed();
    }
    seeded = 1;
    stream_seed(&st_test, run_seed);
    stream_seed(&st_ossl, run_seed ^ 0x6f70656e73736c00ULL);
    stream_seed(&st_sc, run_seed ^ 0x7365616375727600ULL);
    RAND_set_rand_method(&ossl_method);
    atexit(at_exit);
    printf("seed: SC_TEST_SEED=0x%016llx\n", (unsigned long long)run_seed);
    fflush(stdout);
    return run_seed;
}

uint64_t tu_rand64(void)
{
    if (!seeded)
        tu_seed_init(NULL);
    return stream_next(&st_test);
}

void tu_rand_bytes(uint8_t *out, size_t n)
{
    if (!seeded)
        tu_seed_init(NULL);
    stream_bytes(&st_test, out, n);
}

int tu_rng_source(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    if (!seeded)
        tu_seed_init(NULL);
    stream_bytes(&st_sc, out, len);
    return 0;
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

#ifdef SC_TEST_SANITIZE
/* LeakSanitizer's hook.  OpenSSL 3's exit-time cleanup (OPENSSL_cleanup) allocates ex_data for
 * its random generator when an application's RAND_METHOD is installed (tu_seed_init) and does
 * not free it.  The fast unwinder stops inside libcrypto (no frame pointers), so the leak is
 * matched by its module: allocations made by libcrypto are the tests' OpenSSL reference, never
 * the library under test, which allocates nothing. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libcrypto.so\n";
}
#endif
