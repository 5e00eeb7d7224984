/* Shared helpers for seacurve's tests: counters, hex, vector files. */
#ifndef SC_TESTUTIL_H
#define SC_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stddef.h>

extern long tu_pass, tu_fail;

/* Record one check; prints the failure with its location. Returns cond. */
int tu_check(int cond, const char *file, int line, const char *fmt, ...);
#define CHECK(cond, ...) tu_check(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

/* Print "<name>: N passed, N failed" and return the process exit code. */
int tu_done(const char *name);

/* Decode hex (whitespace ignored) into out; returns the byte count or -1. */
long tu_hex(uint8_t *out, size_t max, const char *hex);
void tu_print_hex(FILE *f, const uint8_t *p, size_t n);

/* 1 if the per-curve tests leave this curve out here: the four opf curves run one
 * code path at four sizes, so in the slow configurations (8/16-bit limbs, the
 * sanitizer build) opf160 and opf256 stand for opf192 and opf224; every curve
 * runs at 32/64-bit limbs and under clang. */
int tu_opf_skip(const char *curve);

/* Full path of a file under tests/vectors (static buffer). */
const char *tu_vector(const char *rel);

/* The seed of this run's random cases: SC_TEST_SEED from the environment (decimal or 0x hex)
 * if set, else a fresh one (getrandom, else /dev/urandom, else time ^ pid ^ clock).  Prints
 * "seed: SC_TEST_SEED=0x<16 hex digits>" on one line of stdout (flushed), seeds tu_rand64 with
 * it, and makes OpenSSL's generator (RAND_bytes, BN_rand*, key generation, ECDSA nonces) draw
 * from a second stream of the same seed, so that a run repeats exactly under the same
 * SC_TEST_SEED.  From then on every failed CHECK, tu_done's summary of a failed run and (at
 * exit) a run that failed without reaching tu_done name the seed.  Call it once at the start
 * of main, before anything random; later calls return the same seed.  test_name labels the
 * exit line (NULL: "test").  Exits with status 2 on a malformed SC_TEST_SEED. */
uint64_t tu_seed_init(const char *test_name);

/* Test PRNG (xoshiro256**) on the run's seed; the first draw calls tu_seed_init(NULL) if the
 * test has not, so no draw is ever from a fixed state. */
uint64_t tu_rand64(void);
void tu_rand_bytes(uint8_t *out, size_t n);

/* A source for sc_rng_set (rng.h) that reads a third stream of the run's seed: sc_keygen and
 * sc_ecdh_ephemeral then repeat under SC_TEST_SEED.  ctx is unused. */
int tu_rng_source(void *ctx, uint8_t *out, size_t len);

/* OpenSSL's EVP_MD for a seacurve hash algorithm (NULL if none); returns const EVP_MD *. */
#include <openssl/evp.h>
#include <seacurve/hash.h>
const EVP_MD *tu_evp_md(sc_hash_alg a);

/* Number of random cases: n, or n * 1000 when SC_TEST_LONG is set in the environment,
 * or n * N with SC_TEST_SCALE=N. */
long tu_cases(long n);

#endif
