/* SHA-256 compression with the x86 SHA extensions (SHA-NI: SHA256RNDS2,
 * SHA256MSG1, SHA256MSG2; Intel, "Intel SHA Extensions", 2013), selected at
 * run time by CPUID.  The portable C version (src/hash/sha256.c) stays the
 * fallback, and tests/test_hash.c runs every check with both.
 *
 * State layout for SHA256RNDS2: one register holds (A, B, E, F) and the other
 * (C, D, G, H), A and C in the high lanes. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#include <cpuid.h>
#include <stddef.h>
#include <stdint.h>

int sc_hash_sha256_shani_available(void);
void sc_hash_sha256_blocks_shani(uint32_t h[8], const uint8_t *p, size_t n);

int sc_hash_sha256_shani_available(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 19)) || !(c & (1u << 9)))
        return 0;                       /* SSE4.1 and SSSE3 */
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return (b >> 29) & 1u;              /* CPUID.(EAX=7,ECX=0):EBX.SHA[bit 29] */
}

/* FIPS 180-4 4.2.2, four round constants per 128-bit lane group. */
static const uint32_t k256[64] __attribute__((aligned(16))) = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u
};

__attribute__((target("sha,sse4.1,ssse3")))
void sc_hash_sha256_blocks_shani(uint32_t h[8], const uint8_t *p, size_t n)
{
    /* byte order: big-endian message words */
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i abef, cdgh, t, w[4], m, save0, save1;
    unsigned i;

    t = _mm_loadu_si128((const __m128i *)(const void *)&h[0]);      /* d c b a (lane 3..0) */
    cdgh = _mm_loadu_si128((const __m128i *)(const void *)&h[4]);   /* h g f e */
    t = _mm_shuffle_epi32(t, 0xB1);                                  /* c d a b */
    cdgh = _mm_shuffle_epi32(cdgh, 0x1B);                            /* e f g h */
    abef = _mm_alignr_epi8(t, cdgh, 8);                              /* a b e f */
    cdgh = _mm_blend_epi16(cdgh, t, 0xF0);                           /* c d g h */

    for (; n > 0; n--, p += 64) {
        save0 = abef;
        save1 = cdgh;
        for (i = 0; i < 16; i++) {
            __m128i *wi = &w[i & 3];
            if (i < 4) {
                *wi = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i)), bswap);
            } else {
                /* W[t..t+3] from the previous 16 words (FIPS 180-4 6.2.2 step 1) */
                __m128i s = _mm_sha256msg1_epu32(w[i & 3], w[(i + 1) & 3]);
                s = _mm_add_epi32(s, _mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4));
                *wi = _mm_sha256msg2_epu32(s, w[(i + 3) & 3]);
            }
            m = _mm_add_epi32(*wi, _mm_load_si128((const __m128i *)(const void *)&k256[4 * i]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, m);             /* rounds 4i, 4i+1 */
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(m, 0x0E)); /* 4i+2, 4i+3 */
        }
        abef = _mm_add_epi32(abef, save0);
        cdgh = _mm_add_epi32(cdgh, save1);
    }

    t = _mm_shuffle_epi32(abef, 0x1B);                               /* f e b a */
    cdgh = _mm_shuffle_epi32(cdgh, 0xB1);                            /* d c h g */
    abef = _mm_blend_epi16(t, cdgh, 0xF0);                           /* d c b a */
    cdgh = _mm_alignr_epi8(cdgh, t, 8);                              /* h g f e */
    _mm_storeu_si128((__m128i *)(void *)&h[0], abef);
    _mm_storeu_si128((__m128i *)(void *)&h[4], cdgh);
    w[0] = w[1] = w[2] = w[3] = _mm_setzero_si128();
}
#else
typedef int sc_sha256_shani_unused; /* not x86-64: nothing to build */
#endif
