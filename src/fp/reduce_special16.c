/* Special reducers for secp160r1 and P-256 over 16-bit words (16-bit limbs).
 *
 * The same folds as the 32-bit-chunk reducers of reduce_special.c, with a 32-bit
 * accumulator per 16-bit word instead of a 64-bit one per 32-bit chunk: clang's msp430
 * target (16-bit registers, no conditional move) expands the carries of 64-bit
 * additions into compare-and-branch sequences, which makes the chunk code's time
 * depend on the value there.  Here only 32-bit additions, subtractions and shifts by
 * constants are used (add / addc / subc and word moves on a 16-bit machine): no branch
 * or index depends on the value.  The right shift of a negative int32_t is arithmetic
 * (as reduce_special.c relies on for int64_t). */
#include <seacurve/fp.h>
#include <seacurve/mp.h>
#include "reduce_special.h"

#if SC_WORD_BITS == 16

/* r = a - p if that does not borrow, else a (a < 2p) */
static void sub_p_masked(sc_word *r, const sc_fp_field *f)
{
    sc_word d[SC_FP_MAXW], bw;
    bw = sc_mp_sub(d, r, f->p, f->nw);
    sc_mp_cmov(r, d, (sc_word)(bw - 1u), f->nw);
}

/* secp160r1, p = 2^160 - 2^31 - 1 ([DSP] Alg. 4, [WM-ECC] eq. 15-17): t = H 2^160 + L
 * = L + H + H 2^31 (mod p).  H 2^31 = G 2^16 with the 11 words
 * G_i = (H_i << 15 | H_{i-1} >> 1) mod 2^16 (H_10 = H_-1 = 0).  First fold: < 2^192
 * (12 words); the top 32 bits T fold again as T + T 2^31, < 2^160 + 2^63: a carry
 * k <= 1 out of 2^160, folded a third time (k + k 2^31 cannot carry); then one
 * masked subtraction (the value is < 2^160 < 2p). */
void sc_fp_reduce_secp160r1_w16(sc_word *r, const sc_word *t, const sc_fp_field *f)
{
    sc_word o[12];
    uint32_t acc = 0;
    size_t i;
    for (i = 0; i < 12; i++) {
        if (i < 10)
            acc += (uint32_t)t[i] + t[10 + i];
        if (i >= 1 && i <= 10)
            acc += (sc_word)(t[10 + i - 1] << 15);
        if (i >= 2)
            acc += (sc_word)(t[10 + i - 2] >> 1);
        o[i] = (sc_word)acc;
        acc >>= 16;
    }
    /* second fold: T = o[11]:o[10] at 2^160; T 2^31 = (T << 15) 2^16, the 47-bit
     * T << 15 in three words w1, w2, w3 added at words 1, 2, 3 */
    {
        sc_word w1 = (sc_word)(o[10] << 15);
        sc_word w2 = (sc_word)(o[10] >> 1 | (sc_word)(o[11] << 15));
        sc_word w3 = (sc_word)(o[11] >> 1);
        acc = (uint32_t)o[0] + o[10];
        r[0] = (sc_word)acc;
        acc = (acc >> 16) + o[1] + o[11] + w1;
        r[1] = (sc_word)acc;
        acc = (acc >> 16) + o[2] + w2;
        r[2] = (sc_word)acc;
        acc = (acc >> 16) + o[3] + w3;
        r[3] = (sc_word)acc;
        acc >>= 16;
        for (i = 4; i < 10; i++) {
            acc += o[i];
            r[i] = (sc_word)acc;
            acc >>= 16;
        }
    }
    /* third fold of the carry k = acc in {0, 1}: k + k 2^31 */
    {
        sc_word k = (sc_word)acc;
        acc = (uint32_t)r[0] + k;
        r[0] = (sc_word)acc;
        acc = (acc >> 16) + r[1] + (sc_word)(k << 15);
        r[1] = (sc_word)acc;
        acc >>= 16;
        for (i = 2; i < 10; i++) {
            acc += r[i];
            r[i] = (sc_word)acc;
            acc >>= 16;
        }
    }
    sub_p_masked(r, f);
}

/* P-256, p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4 D.2.3): the formula of
 * sc_fp_reduce_p256_chunks over the 32-bit chunks A_j = (t[2j+1], t[2j]), applied to
 * the low and the high words of the chunks separately (the coefficients are per chunk,
 * so word 2i sums the low words and word 2i+1 the high words of chunk i's terms): each
 * word sum is a signed 32-bit value of magnitude below 2^20; one signed carry pass
 * (arithmetic shifts by 16) leaves the 16 words and a carry k, -4 <= k <= 6, at 2^256,
 * folded twice with 2^256 = 2^224 - 2^192 - 2^96 + 1 (mod p), then one masked
 * subtraction. */
#define LO(j) ((int32_t)t[2 * (j)])
#define HI(j) ((int32_t)t[2 * (j) + 1])
#define P256_0(C) (C(0) + C(8) + C(9) - C(11) - C(12) - C(13) - C(14))
#define P256_1(C) (C(1) + C(9) + C(10) - C(12) - C(13) - C(14) - C(15))
#define P256_2(C) (C(2) + C(10) + C(11) - C(13) - C(14) - C(15))
#define P256_3(C) (C(3) + C(11) + C(11) + C(12) + C(12) + C(13) - C(15) - C(8) - C(9))
#define P256_4(C) (C(4) + C(12) + C(12) + C(13) + C(13) + C(14) - C(9) - C(10))
#define P256_5(C) (C(5) + C(13) + C(13) + C(14) + C(14) + C(15) - C(10) - C(11))
#define P256_6(C) (C(6) + C(14) + C(14) + C(14) + C(15) + C(15) + C(13) - C(8) - C(9))
#define P256_7(C) (C(7) + C(15) + C(15) + C(15) + C(8) - C(10) - C(11) - C(12) - C(13))

/* one signed carry pass over the 16 word sums; returns the carry out */
static int32_t carry16(sc_word *r, const int32_t *acc)
{
    int32_t k = 0;
    size_t i;
    for (i = 0; i < 16; i++) {
        int32_t s = acc[i] + k;
        r[i] = (sc_word)s;
        k = s >> 16;
    }
    return k;
}

void sc_fp_reduce_p256_w16(sc_word *r, const sc_word *t, const sc_fp_field *f)
{
    int32_t acc[16], k;
    size_t pass, i;
    acc[0] = P256_0(LO);
    acc[1] = P256_0(HI);
    acc[2] = P256_1(LO);
    acc[3] = P256_1(HI);
    acc[4] = P256_2(LO);
    acc[5] = P256_2(HI);
    acc[6] = P256_3(LO);
    acc[7] = P256_3(HI);
    acc[8] = P256_4(LO);
    acc[9] = P256_4(HI);
    acc[10] = P256_5(LO);
    acc[11] = P256_5(HI);
    acc[12] = P256_6(LO);
    acc[13] = P256_6(HI);
    acc[14] = P256_7(LO);
    acc[15] = P256_7(HI);
    k = carry16(r, acc);
    /* k 2^256 = k (2^224 - 2^192 - 2^96 + 1): +k at word 0 and 14, -k at words 6 and 12 */
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < 16; i++)
            acc[i] = r[i];
        acc[0] += k;
        acc[6] -= k;
        acc[12] -= k;
        acc[14] += k;
        k = carry16(r, acc);
    }
    sub_p_masked(r, f);
}
#undef LO
#undef HI

#endif
