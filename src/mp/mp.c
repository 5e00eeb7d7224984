/* mp: multi-precision naturals over sc_word limbs (little-endian word order).
 *
 * Basic word-serial arithmetic, constant-time selection, bitwise long
 * division mod m, and big-endian byte conversion.  Every routine runs in time
 * that depends only on the word counts (public), never on the values. */
#include <seacurve/mp.h>
#include <seacurve/util.h>
#include "util/dword.h"

#define W SC_WORD_BITS

/* AVR: the conditional swap of 4 k bytes by sc_avr_mp_cswap
 * (port/avr/gen/mp_cswap.S, tools/gen_avr_fp.py; 55 k + 6 cycles against
 * about 19 per byte for the loop below), firmware builds with the asm kernels */
#if SC_WORD_BITS == 8 && defined(SC_AVR_ASM) && defined(__AVR__)
#include <fp_avr.h>
#define MP_AVR_CSWAP 1
#endif

sc_word sc_mp_add(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    sc_word c = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        sc_dword s = (sc_dword)a[i] + b[i] + c;
        r[i] = (sc_word)s;
        c = (sc_word)(s >> W);
    }
    return c;
}

sc_word sc_mp_sub(sc_word *r, const sc_word *a, const sc_word *b, size_t n)
{
    sc_word bw = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        sc_dword d = (sc_dword)a[i] - b[i] - bw;
        r[i] = (sc_word)d;
        bw = (sc_word)((d >> W) & 1u);
    }
    return bw;
}

sc_word sc_mp_add_word(sc_word *r, const sc_word *a, sc_word w, size_t n)
{
    sc_word c = w;
    size_t i;
    for (i = 0; i < n; i++) {
        sc_dword s = (sc_dword)a[i] + c;
        r[i] = (sc_word)s;
        c = (sc_word)(s >> W);
    }
    return c;
}

int sc_mp_cmp(const sc_word *a, const sc_word *b, size_t n)
{
    /* Scan every word from the least significant up; a more significant
     * difference overrides a less significant one, with masks only. */
    sc_word gt = 0, lt = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        sc_word x = a[i], y = b[i];
        sc_word ne = sc_ct_mask_nz((sc_word)(x ^ y));
        /* borrow of x - y: 1 iff x < y */
        sc_word xlt = (sc_word)((sc_dword)((sc_dword)x - y) >> W) & 1u;
        sc_word mlt = (sc_word)((sc_word)0 - xlt);
        lt = (sc_word)((lt & (sc_word)~ne) | (ne & mlt));
        gt = (sc_word)((gt & (sc_word)~ne) | (ne & (sc_word)~mlt));
    }
    return (int)(gt & 1u) - (int)(lt & 1u);
}

sc_word sc_mp_is_zero(const sc_word *a, size_t n)
{
    sc_word acc = 0;
    size_t i;
    for (i = 0; i < n; i++)
        acc |= a[i];
    /* all-ones iff acc == 0 */
    return sc_ct_mask_z(acc);
}

void sc_mp_cmov(sc_word *r, const sc_word *a, sc_word mask, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        r[i] = (sc_word)(r[i] ^ (mask & (r[i] ^ a[i])));
}

void sc_mp_cswap(sc_word *a, sc_word *b, sc_word mask, size_t n)
{
    size_t i;
#ifdef MP_AVR_CSWAP
    if (n % 4 == 0 && n != 0 && n <= 1020) {    /* n is public */
        sc_avr_mp_cswap(a, b, mask, (uint8_t)(n / 4));
        return;
    }
#endif
    for (i = 0; i < n; i++) {
        sc_word d = (sc_word)(mask & (a[i] ^ b[i]));
        a[i] ^= d;
        b[i] ^= d;
    }
}

void sc_mp_copy(sc_word *r, const sc_word *a, size_t n)
{
    size_t i;
    if (r == a)
        return;
    for (i = 0; i < n; i++)
        r[i] = a[i];
}

void sc_mp_zero(sc_word *r, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        r[i] = 0;
}

sc_word sc_mp_shl1(sc_word *r, const sc_word *a, size_t n)
{
    sc_word c = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        sc_word x = a[i];
        r[i] = (sc_word)((sc_word)(x << 1) | c);
        c = (sc_word)(x >> (W - 1));
    }
    return c;
}

sc_word sc_mp_shr1(sc_word *r, const sc_word *a, size_t n)
{
    sc_word c = 0;
    size_t i = n;
    while (i--) {
        sc_word x = a[i];
        r[i] = (sc_word)((x >> 1) | (sc_word)(c << (W - 1)));
        c = (sc_word)(x & 1u);
    }
    return c;
}

unsigned sc_mp_bit(const sc_word *a, size_t i)
{
    return (unsigned)((a[i / W] >> (i % W)) & 1u);
}

size_t sc_mp_bits_var(const sc_word *a, size_t n)
{
    size_t i = n;
    while (i--) {
        if (a[i]) {
            sc_word x = a[i];
            size_t b = 0;
            while (x) {
                b++;
                x = (sc_word)(x >> 1);
            }
            return i * W + b;
        }
    }
    return 0;
}

/* r (nm words) = a (na words) mod m: restoring binary long division, one bit
 * of a per step from the top (HAC Alg. 14.20 at radix 2).  Invariant r < m;
 * each step r = 2r + bit, then r - m is taken when it does not borrow or when
 * the doubling overflowed, selected by a mask.  3 passes over nm words per
 * bit, no temporary buffer.  The division starts from the top q = (bits(m) -
 * 1) / W words of a (at most na), and the next (bits(m) - 1) mod W bits are
 * shifted in without a subtraction: up to there r < 2^(bits(m) - 1) <= m.
 * So an input no longer than m takes at most W subtraction steps (8 for a
 * 21-byte input modulo secp160r1's 161-bit n at 8-bit limbs, 1 for 32 bytes
 * modulo P-256's n).  m > 0; the sequence of steps depends on na and m only
 * (public). */
void sc_mp_mod(sc_word *r, const sc_word *a, size_t na, const sc_word *m, size_t nm)
{
    size_t i, j, b = sc_mp_bits_var(m, nm) - 1, q = b / W, skip = b % W;
    if (q > na)
        q = na;
    sc_mp_zero(r, nm);
    for (j = 0; j < q; j++)
        r[j] = a[na - q + j];
    for (i = (na - q) * W; i-- > 0;) {
        sc_word top = sc_mp_shl1(r, r, nm);
        sc_word bw = 0, mask, c;
        r[0] |= (sc_word)sc_mp_bit(a, i);
        if (skip > 0) { /* r < 2^(bits(m) - 1) still */
            skip--;
            continue;
        }
        /* borrow of r - m, not stored */
        for (j = 0; j < nm; j++) {
            sc_dword d = (sc_dword)r[j] - m[j] - bw;
            bw = (sc_word)((d >> W) & 1u);
        }
        /* subtract when top (true value >= 2^(nm W) > m) or no borrow */
        mask = (sc_word)((sc_word)0 - (sc_word)(top | (sc_word)(bw ^ 1u)));
        c = 0;
        for (j = 0; j < nm; j++) {
            sc_dword d = (sc_dword)r[j] - (sc_word)(m[j] & mask) - c;
            r[j] = (sc_word)d;
            c = (sc_word)((d >> W) & 1u);
        }
    }
}

int sc_mp_from_be(sc_word *r, size_t n, const uint8_t *in, size_t len)
{
    size_t i, q = 0;
    uint8_t extra = 0;
    sc_mp_zero(r, n);
#if SC_WORD_BITS == 64
    /* the gateway: the whole words at the end of in, eight bytes at a time */
    for (; len >= 8 && q < n; q++, len -= 8) {
        const uint8_t *b = in + len - 8;
        r[q] = (sc_word)b[0] << 56 | (sc_word)b[1] << 48 | (sc_word)b[2] << 40 | (sc_word)b[3] << 32 |
               (sc_word)b[4] << 24 | (sc_word)b[5] << 16 | (sc_word)b[6] << 8 | b[7];
    }
#endif
    for (i = 0; i < len; i++) {
        size_t pos = len - 1 - i; /* byte i counts from the least significant end */
        if (i < (n - q) * (W / 8))
            r[q + i / (W / 8)] |= (sc_word)((sc_word)in[pos] << (8 * (i % (W / 8))));
        else
            extra |= in[pos];
    }
    if (extra) {
        sc_mp_zero(r, n);
        return -1;
    }
    return 0;
}

void sc_mp_to_be(uint8_t *out, size_t len, const sc_word *a, size_t n)
{
    size_t i;
    for (i = 0; i < len; i++) {
        uint8_t b = 0;
        if (i < n * (W / 8))
            b = (uint8_t)(a[i / (W / 8)] >> (8 * (i % (W / 8))));
        out[len - 1 - i] = b;
    }
}
