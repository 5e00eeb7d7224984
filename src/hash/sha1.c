/* hash: SHA-1 compression function (FIPS 180-4 6.1.2), with the 16-word
 * circular message schedule of FIPS 180-4 6.1.3 / RFC 3174 7.1 method 2. */
#include "hash_impl.h"
#include <seacurve/util.h>

#define ROTL32(x, n) ((uint32_t)((x) << (n) | (x) >> (32 - (n))))

static const uint32_t sha1_iv[5] SC_HASH_FLASH = {
    0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u
};

void sc_hash_sha1_iv(uint32_t h[5])
{
    unsigned i;
    for (i = 0; i < 5; i++)
        h[i] = sc_hash_rd32(&sha1_iv[i]);
}

/* AVR assembly (port/avr/gen/sha1_avr.S, tools/gen_avr_sha.py, docs/mote-asm.md)
 * where the firmware library is built with its kernels (SC_AVR_ASM); the C below
 * stays the fallback and is then kept callable as sc_hash_sha1_blocks_c for the
 * firmware comparison test. */
#if SC_WORD_BITS == 8 && defined(SC_AVR_ASM) && defined(__AVR__)
#include <sha_avr.h>
#  define SC_SHA1_AVR_ASM 1
#  define sha1_blocks_c sc_hash_sha1_blocks_c
#  define SHA1_C_LINKAGE
#else
#  define SHA1_C_LINKAGE static
#endif

/* Portable compression function (the fallback). */
SHA1_C_LINKAGE void sha1_blocks_c(uint32_t h[5], const uint8_t *p, size_t n)
{
    uint32_t w[16], a, b, c, d, e, f, k, t;
    unsigned i;

    for (; n > 0; n--, p += 64) {
        a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4];
        for (i = 0; i < 80; i++) {
            if (i < 16) {
                w[i] = sc_hash_be32(p + 4 * i);
            } else {
                /* W[t] = ROTL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]), indices mod 16 */
                t = w[(i + 13) & 15] ^ w[(i + 8) & 15] ^ w[(i + 2) & 15] ^ w[i & 15];
                w[i & 15] = ROTL32(t, 1);
            }
            /* f_t and K_t (FIPS 180-4 4.1.1, 4.2.1): Ch, Parity, Maj, Parity */
            if (i < 20) {
                f = (b & c) ^ (~b & d);
                k = 0x5a827999u;
            } else if (i < 40) {
                f = b ^ c ^ d;
                k = 0x6ed9eba1u;
            } else if (i < 60) {
                f = (b & c) ^ (b & d) ^ (c & d);
                k = 0x8f1bbcdcu;
            } else {
                f = b ^ c ^ d;
                k = 0xca62c1d6u;
            }
            t = ROTL32(a, 5) + f + e + k + w[i & 15];
            e = d;
            d = c;
            c = ROTL32(b, 30);
            b = a;
            a = t;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
    }
    sc_memzero(w, sizeof w);
}

void sc_hash_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t n)
{
#ifdef SC_SHA1_AVR_ASM
    for (; n > 0; n--, p += 64)
        sc_avr_sha1_block(h, p);
#else
    sha1_blocks_c(h, p, n);
#endif
}
