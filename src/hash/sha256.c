/* hash: SHA-224 / SHA-256 compression function (FIPS 180-4 6.2.2 and 6.3),
 * with a 16-word circular message schedule so a block needs 64 bytes of
 * schedule instead of 256 (the same trick as FIPS 180-4 6.1.3 for SHA-1). */
#include "hash_impl.h"
#include <seacurve/util.h>

#define ROTR32(x, n) ((uint32_t)((x) >> (n) | (x) << (32 - (n))))
/* FIPS 180-4 4.1.2 (4.4)-(4.7) */
#define BSIG0(x) (ROTR32(x, 2) ^ ROTR32(x, 13) ^ ROTR32(x, 22))
#define BSIG1(x) (ROTR32(x, 6) ^ ROTR32(x, 11) ^ ROTR32(x, 25))
#define SSIG0(x) (ROTR32(x, 7) ^ ROTR32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ROTR32(x, 17) ^ ROTR32(x, 19) ^ ((x) >> 10))

/* FIPS 180-4 4.2.2: first 32 bits of the fractional parts of the cube roots
 * of the first 64 primes. */
static const uint32_t k256[64] SC_HASH_FLASH = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u,
    0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
    0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
    0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
    0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u,
    0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u,
    0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u
};

/* FIPS 180-4 5.3.3 (SHA-256) and 5.3.2 (SHA-224). */
static const uint32_t iv256[2][8] SC_HASH_FLASH = {
    {
        0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
        0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u
    },
    {
        0xc1059ed8u, 0x367cd507u, 0x3070dd17u, 0xf70e5939u,
        0xffc00b31u, 0x68581511u, 0x64f98fa7u, 0xbefa4fa4u
    }
};

void sc_hash_sha256_iv(uint32_t h[8], int is224)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        h[i] = sc_hash_rd32(&iv256[is224 ? 1 : 0][i]);
}

/* AVR assembly (port/avr/gen/sha256_avr.S, tools/gen_avr_sha.py, docs/mote-asm.md):
 * firmware builds with sc_fw_lib(... ASM) define SC_AVR_ASM and put port/avr/gen on
 * the include path.  The C below stays the fallback and, in those builds, is
 * kept callable as sc_hash_sha256_blocks_c for the firmware comparison test. */
#if SC_WORD_BITS == 8 && defined(SC_AVR_ASM) && defined(__AVR__)
#include <sha_avr.h>
#  define SC_SHA256_AVR_ASM 1
#  define sha256_blocks_c sc_hash_sha256_blocks_c
#  define SHA256_C_LINKAGE
#else
#  define SHA256_C_LINKAGE static
#endif

/* Portable compression function (the fallback). */
SHA256_C_LINKAGE void sha256_blocks_c(uint32_t h[8], const uint8_t *p, size_t n)
{
    uint32_t w[16], a, b, c, d, e, f, g, hh, t1, t2;
    unsigned i;

    for (; n > 0; n--, p += 64) {
        a = h[0]; b = h[1]; c = h[2]; d = h[3];
        e = h[4]; f = h[5]; g = h[6]; hh = h[7];
        for (i = 0; i < 64; i++) {
            if (i < 16) {
                w[i] = sc_hash_be32(p + 4 * i);
            } else {
                /* W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16], indices mod 16 */
                t1 = w[(i + 14) & 15];
                t2 = w[(i + 1) & 15];
                w[i & 15] += SSIG1(t1) + w[(i + 9) & 15] + SSIG0(t2);
            }
            t1 = hh + BSIG1(e) + ((e & f) ^ (~e & g)) + sc_hash_rd32(&k256[i]) + w[i & 15];
            t2 = BSIG0(a) + ((a & b) ^ (a & c) ^ (b & c));
            hh = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d;
        h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
    sc_memzero(w, sizeof w);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdatomic.h>
/* port/x86_64/sha256_shani.c */
int sc_hash_sha256_shani_available(void);
void sc_hash_sha256_blocks_shani(uint32_t h[8], const uint8_t *p, size_t n);

/* -1: not probed yet; 0: portable C; 1: SHA-NI.  Probed once (CPUID). */
static atomic_int sha256_impl = -1;

int sc_hash_set_accel(int enable)
{
    int on = enable && sc_hash_sha256_shani_available();
    atomic_store_explicit(&sha256_impl, on, memory_order_relaxed);
    return on;
}

void sc_hash_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n)
{
    int impl = atomic_load_explicit(&sha256_impl, memory_order_relaxed);
    if (impl < 0) {
        /* first use: probe, but never overwrite a concurrent sc_hash_set_accel */
        int expected = -1, probed = sc_hash_sha256_shani_available();
        if (!atomic_compare_exchange_strong(&sha256_impl, &expected, probed))
            probed = expected;
        impl = probed;
    }
    if (impl)
        sc_hash_sha256_blocks_shani(h, p, n);
    else
        sha256_blocks_c(h, p, n);
}
#else
int sc_hash_set_accel(int enable)
{
    (void)enable;
    return 0;
}

void sc_hash_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n)
{
#ifdef SC_SHA256_AVR_ASM
    for (; n > 0; n--, p += 64)
        sc_avr_sha256_block(h, p);
#else
    sha256_blocks_c(h, p, n);
#endif
}
#endif
