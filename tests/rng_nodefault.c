/* The source of randomness without an OS default, as on bare metal: this
 * program links its own copy of src/pk/rng.c built with SC_NO_OS_RNG
 * (tests/CMakeLists.txt), ahead of the library's.
 *
 *  - before any source is set, sc_random, sc_keygen and sc_ecdh_ephemeral
 *    answer SC_ERR_RNG with every output zeroed (and *publen 0);
 *  - eight threads race to set eight different sources at once: exactly one
 *    sc_rng_set answers SC_OK, and every thread's sc_random then reads the
 *    winner's source (its ctx), also concurrently;
 *  - key generation then works: the key is the source's bytes and its public
 *    key validates. */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t */
#include "testutil.h"
#include <seacurve/seacurve.h>
#include <pthread.h>
#include <string.h>

#define NTHREADS 8

static int tag_source(void *ctx, uint8_t *out, size_t len)
{
    uint8_t tag = *(const uint8_t *)ctx;
    size_t i;
    /* distinct per source; the first byte 0 and the rest nonzero make every
     * draw of nlen bytes a valid scalar (1 <= d < 2^(8 nlen - 8) < n) */
    for (i = 0; i < len; i++)
        out[i] = i ? (uint8_t)(tag + 1 + 37 * i) : 0;
    return 0;
}

static uint8_t tags[NTHREADS];
static sc_err set_result[NTHREADS];
static uint8_t drawn[NTHREADS][8];
static pthread_barrier_t start;

static void *racer(void *arg)
{
    size_t t = (size_t)arg;
    pthread_barrier_wait(&start);
    set_result[t] = sc_rng_set(tag_source, &tags[t]);
    if (sc_random(drawn[t], sizeof drawn[t]) != SC_OK)
        memset(drawn[t], 0, sizeof drawn[t]);
    return NULL;
}

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    while (n--)
        acc |= *p++;
    return acc == 0;
}

int main(void)
{
    const sc_curve *c = sc_curve_find("secp160r1");
    uint8_t b[32], d[SC_FP_MAXBYTES], pub[SC_PK_MAX_PUB], sec[SC_FP_MAXBYTES], want[8];
    const uint8_t peer_g[] = { 0x02 }; /* never read: the source fails first */
    size_t publen = sizeof pub, i, winners = 0, w = 0;
    pthread_t th[NTHREADS];

    memset(b, 0xaa, sizeof b);
    CHECK(sc_random(b, sizeof b) == SC_ERR_RNG && all_zero(b, sizeof b), "no source: sc_random");
    memset(d, 0xaa, sizeof d);
    CHECK(sc_keygen(c, d, c->nlen) == SC_ERR_RNG && all_zero(d, c->nlen), "no source: keygen");
    memset(pub, 0xaa, sizeof pub);
    memset(sec, 0xaa, sizeof sec);
    CHECK(sc_ecdh_ephemeral(c, pub, &publen, sec, c->flen, peer_g, sizeof peer_g) == SC_ERR_RNG &&
              publen == 0 && all_zero(pub, sizeof pub) && all_zero(sec, c->flen),
          "no source: ephemeral ECDH");
    CHECK(strstr(sc_strerror(SC_ERR_RNG), "sc_rng_set") != NULL, "sc_strerror(SC_ERR_RNG): %s",
          sc_strerror(SC_ERR_RNG));

    pthread_barrier_init(&start, NULL, NTHREADS);
    for (i = 0; i < NTHREADS; i++) {
        tags[i] = (uint8_t)(16 * i);
        pthread_create(&th[i], NULL, racer, (void *)i);
    }
    for (i = 0; i < NTHREADS; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&start);
    for (i = 0; i < NTHREADS; i++) {
        if (set_result[i] == SC_OK) {
            winners++;
            w = i;
        } else {
            CHECK(set_result[i] == SC_ERR_ARG, "thread %zu: sc_rng_set lost with %d", i, (int)set_result[i]);
        }
    }
    CHECK(winners == 1, "exactly one sc_rng_set wins (%zu did)", winners);
    tag_source(&tags[w], want, sizeof want);
    for (i = 0; i < NTHREADS; i++)
        CHECK(memcmp(drawn[i], want, sizeof want) == 0, "thread %zu reads the winner's source", i);
    CHECK(sc_rng_set(tag_source, &tags[w]) == SC_OK, "the winner again: SC_OK");
    CHECK(sc_rng_set(tag_source, &tags[(w + 1) % NTHREADS]) == SC_ERR_ARG, "a loser again: SC_ERR_ARG");

    publen = sizeof pub;
    tag_source(&tags[w], b, c->nlen);
    CHECK(sc_keygen(c, d, c->nlen) == SC_OK && memcmp(d, b, c->nlen) == 0, "keygen with a source: its bytes");
    CHECK(sc_pubkey(c, pub, &publen, 0, d, c->nlen) == SC_OK && sc_pub_validate(c, pub, publen) == SC_OK,
          "its public key validates");
    return tu_done("rng_nodefault");
}
