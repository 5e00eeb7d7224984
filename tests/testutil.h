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

/* Deterministic test PRNG (xoshiro-style), seeded by tu_seed (env SC_TEST_SEED or fixed). */
void tu_seed(uint64_t s);
uint64_t tu_rand64(void);
void tu_rand_bytes(uint8_t *out, size_t n);

/* OpenSSL's EVP_MD for a seacurve hash algorithm (NULL if none); returns const EVP_MD *. */
#include <openssl/evp.h>
#include <seacurve/hash.h>
const EVP_MD *tu_evp_md(sc_hash_alg a);

/* Number of random cases: n, or n * 1000 when SC_TEST_LONG is set in the environment,
 * or n * N with SC_TEST_SCALE=N. */
long tu_cases(long n);

#endif
