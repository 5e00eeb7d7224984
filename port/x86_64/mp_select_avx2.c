/* Constant-time table lookup with AVX2: r = entry idx of a packed table of
 * n entries of len 64-bit words, every entry read in full whatever idx.
 * Each entry is ANDed with an all-ones or all-zero lane mask (VPCMPEQQ of a
 * running counter against idx, no branch, no data-dependent address) and
 * ORed into the accumulator, which starts at zero: exactly one entry
 * matches when idx < n, none when idx >= n (r = 0).  Four words per ymm
 * register, so an affine entry of a 4-word field (8 words) takes two loads,
 * two VPAND and two VPOR, half the work of the SSE2 code the compiler makes
 * of the portable scan (src/ec/ec.c scan_table), which stays the fallback
 * and the reference (tests/test_ec.c compares the two through
 * sc_mp_set_accel).
 *
 * Chosen at run time by CPUID (AVX2 and the OS's saving of the ymm state,
 * [IntelSDM] vol. 1 sec. 14.3), compiled with the target attribute so that
 * the rest of the library keeps the baseline instruction set. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

int sc_mp_avx2_available(void);
int sc_mp_select_avx2(uint64_t *r, const uint64_t *tab, unsigned n, unsigned idx, size_t len);

int sc_mp_avx2_available(void)
{
    unsigned a, b, c, d, lo, hi;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    /* CPUID.1:ECX.OSXSAVE[bit 27] and .AVX[bit 28] */
    if (!((c >> 27) & 1u) || !((c >> 28) & 1u))
        return 0;
    /* XCR0: the OS saves the SSE (bit 1) and AVX (bit 2) states */
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    if ((lo & 6u) != 6u)
        return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    /* CPUID.(EAX=7,ECX=0):EBX.AVX2[bit 5] */
    return (int)((b >> 5) & 1u);
}

/* len = 4, 8 or 12 words (one, two or three ymm per entry: the affine entries
 * of 2-word fields, of 4-word fields, and the Jacobian entries of 4-word
 * fields), 6 (one ymm and one xmm: the affine entries of 3-word fields) or
 * 9 (two ymm and one 64-bit lane of an xmm: the Jacobian entries of 3-word
 * fields); returns 0 without reading the table for any other len, 1 when
 * done. */
__attribute__((target("avx2"))) int sc_mp_select_avx2(uint64_t *r, const uint64_t *tab, unsigned n, unsigned idx,
                                                      size_t len)
{
    const __m256i want = _mm256_set1_epi64x((long long)idx), one = _mm256_set1_epi64x(1);
    __m256i ctr = _mm256_setzero_si256(), a0 = ctr, a1 = ctr, a2 = ctr;
    __m128i h = _mm_setzero_si128();
    unsigned i;
    if (len != 4 && len != 6 && len != 8 && len != 9 && len != 12)
        return 0;
    for (i = 0; i < n; i++, tab += len) {
        const __m256i m = _mm256_cmpeq_epi64(ctr, want);
        ctr = _mm256_add_epi64(ctr, one);
        a0 = _mm256_or_si256(a0, _mm256_and_si256(_mm256_loadu_si256((const __m256i *)tab), m));
        if (len == 6) {
            h = _mm_or_si128(h, _mm_and_si128(_mm_loadu_si128((const __m128i *)(tab + 4)), _mm256_castsi256_si128(m)));
        } else if (len >= 8) {
            a1 = _mm256_or_si256(a1, _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(tab + 4)), m));
            if (len == 9)
                h = _mm_or_si128(h, _mm_and_si128(_mm_loadl_epi64((const __m128i *)(tab + 8)), _mm256_castsi256_si128(m)));
            else if (len == 12)
                a2 = _mm256_or_si256(a2, _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(tab + 8)), m));
        }
    }
    _mm256_storeu_si256((__m256i *)r, a0);
    if (len == 6)
        _mm_storeu_si128((__m128i *)(r + 4), h);
    else if (len >= 8)
        _mm256_storeu_si256((__m256i *)(r + 4), a1);
    if (len == 9)
        _mm_storel_epi64((__m128i *)(r + 8), h);
    else if (len == 12)
        _mm256_storeu_si256((__m256i *)(r + 8), a2);
    return 1;
}
#endif
