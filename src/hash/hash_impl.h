/* hash: internal declarations shared by the SHA compression functions and the
 * streaming / HMAC code (not part of the public API). */
#ifndef SC_HASH_IMPL_H
#define SC_HASH_IMPL_H

#include <seacurve/hash.h>

/* Round constants and initial values live in flash on AVR (4 KiB of RAM on a
 * MICAz); sc_hash_rd32 / sc_hash_rd64 read one entry wherever it lives. */
#if defined(__AVR__)
#  include <avr/pgmspace.h>
#  define SC_HASH_FLASH PROGMEM
static inline uint32_t sc_hash_rd32(const uint32_t *p) { return pgm_read_dword(p); }
/* AVR is little-endian: the low 32 bits of a uint64_t come first. */
static inline uint64_t sc_hash_rd64(const uint64_t *p)
{
    const uint32_t *q = (const uint32_t *)p;
    return (uint64_t)pgm_read_dword(q + 1) << 32 | pgm_read_dword(q);
}
#else
#  define SC_HASH_FLASH
static inline uint32_t sc_hash_rd32(const uint32_t *p) { return *p; }
static inline uint64_t sc_hash_rd64(const uint64_t *p) { return *p; }
#endif

/* Big-endian loads (FIPS 180-4 3.1: words are big-endian).  Casting before
 * shifting keeps the arithmetic unsigned where int has 16 bits (AVR). */
static inline uint32_t sc_hash_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}
static inline uint64_t sc_hash_be64(const uint8_t *p)
{
    return (uint64_t)sc_hash_be32(p) << 32 | sc_hash_be32(p + 4);
}

/* Starts a hash of alg in ctx without clearing ctx->buf (the block buffer
 * may hold data the caller then absorbs with sc_hash_update(ctx, ctx->buf,
 * block length): a whole block from an empty buffer is compressed in place).
 * SC_ERR_HASH for an algorithm the build lacks. */
sc_err sc_hash_restart(sc_hash_ctx *ctx, sc_hash_alg alg);

/* An HMAC key as the chaining values after its two key blocks, K0 ^ ipad
 * and K0 ^ opad (FIPS 198-1 / [RFC2104] section 4: these may be stored in
 * place of the key): a MAC resumed from them costs the compressions of its
 * data only.  sc_hmac_key_of takes them from a context that sc_hmac_init
 * has just keyed; sc_hmac_resume starts ctx as sc_hmac_init would with that
 * key. */
typedef struct sc_hmac_key {
    sc_hash_alg alg;
    sc_hash_state inner, outer;
} sc_hmac_key;
void sc_hmac_key_of(sc_hmac_key *k, const sc_hmac_ctx *ctx);
void sc_hmac_resume(sc_hmac_ctx *ctx, const sc_hmac_key *k);

/* Initial hash values (FIPS 180-4 5.3). */
void sc_hash_sha1_iv(uint32_t h[5]);
void sc_hash_sha256_iv(uint32_t h[8], int is224);
void sc_hash_sha512_iv(uint64_t h[8], int is384);

/* Compression functions: process n consecutive blocks at p (64 bytes each for
 * SHA-1 and SHA-256, 128 bytes for SHA-512); the message schedule is wiped on
 * return. */
void sc_hash_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t n);
void sc_hash_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n);
void sc_hash_sha512_blocks(uint64_t h[8], const uint8_t *p, size_t n);

/* The portable C compression functions where an assembly routine overrides
 * them (AVR with SC_AVR_ASM, docs/mote-asm.md): kept callable so that the
 * firmware test (firmware/test_kat.c section 5) compares the two. */
#if SC_WORD_BITS == 8 && defined(SC_AVR_ASM) && defined(__AVR__)
void sc_hash_sha1_blocks_c(uint32_t h[5], const uint8_t *p, size_t n);
void sc_hash_sha256_blocks_c(uint32_t h[8], const uint8_t *p, size_t n);
#endif

#endif
