/* The source of randomness: the application's callback, set once, else the
 * operating system's generator (include/seacurve/rng.h, docs/rng.md). */
#include <seacurve/rng.h>
#include <seacurve/util.h>

#if defined(SC_NO_OS_RNG)
#  define SC_RNG_OS 0
#elif defined(__linux__)
#  define SC_RNG_OS 1
#  include <sys/random.h>
#  include <errno.h>
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || \
      defined(__NetBSD__) || defined(__DragonFly__)
#  define SC_RNG_OS 2
#  include <unistd.h>
#  if defined(__APPLE__)
#    include <sys/random.h>
#  endif
#else
#  define SC_RNG_OS 0
#endif

enum { RNG_NONE = 0, RNG_SETTING = 1, RNG_SET = 2 };

/* The state byte orders the two pointers: 0 no source, 1 being set by the
 * first sc_rng_set, 2 set (fn and ctx written before, never again).  With
 * lock-free atomic bytes the transitions are a compare-and-swap (0 -> 1) and a
 * release store (-> 2), read with acquire; elsewhere (AVR, other compilers)
 * plain accesses, which a single-threaded program needs. */
#if defined(__GNUC__) && defined(__GCC_ATOMIC_CHAR_LOCK_FREE) && \
    __GCC_ATOMIC_CHAR_LOCK_FREE == 2 && !defined(__AVR__)
#  define RNG_LOAD(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#  define RNG_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
static int rng_claim(unsigned char *p)
{
    unsigned char none = RNG_NONE;
    return __atomic_compare_exchange_n(p, &none, RNG_SETTING, 0, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE);
}
#else
#  define RNG_LOAD(p) (*(volatile unsigned char *)(p))
#  define RNG_STORE(p, v) (*(volatile unsigned char *)(p) = (v))
static int rng_claim(unsigned char *p)
{
    if (RNG_LOAD(p) != RNG_NONE)
        return 0;
    RNG_STORE(p, RNG_SETTING);
    return 1;
}
#endif

static unsigned char rng_state;
static sc_rng_fn rng_fn;
static void *rng_ctx;

sc_err sc_rng_set(sc_rng_fn fn, void *ctx)
{
    if (!fn)
        return SC_ERR_ARG;
    if (rng_claim(&rng_state)) {
        rng_fn = fn;
        rng_ctx = ctx;
        RNG_STORE(&rng_state, RNG_SET);
        return SC_OK;
    }
    while (RNG_LOAD(&rng_state) != RNG_SET)
        ; /* another thread is between its two stores */
    return rng_fn == fn && rng_ctx == ctx ? SC_OK : SC_ERR_ARG;
}

/* The operating system's generator: 0 when all len bytes were written. */
static int os_random(uint8_t *out, size_t len)
{
#if SC_RNG_OS == 1
    while (len) {
        ssize_t got = getrandom(out, len, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        out += got;
        len -= (size_t)got;
    }
    return 0;
#elif SC_RNG_OS == 2
    while (len) {
        size_t n = len < 256 ? len : 256; /* getentropy's limit per call */
        if (getentropy(out, n) != 0)
            return -1;
        out += n;
        len -= n;
    }
    return 0;
#else
    (void)out;
    (void)len;
    return -1;
#endif
}

sc_err sc_random(uint8_t *out, size_t len)
{
    int rc;
    if (!out && len)
        return SC_ERR_ARG;
    if (RNG_LOAD(&rng_state) == RNG_SET)
        rc = rng_fn(rng_ctx, out, len);
    else
        rc = os_random(out, len);
    if (rc != 0) {
        if (len)
            sc_memzero(out, len);
        return SC_ERR_RNG;
    }
    SC_CLASSIFY(out, len); /* fresh secret bytes, for the constant-time test build */
    return SC_OK;
}
