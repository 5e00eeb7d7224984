/* scalarmul: scalar recodings exposed for the tests and the cost model (scalarmul.h).
 *
 * sc_scalarmul_recode_wnaf: the width-w non-adjacent form ([Kodali] Alg. 2; Solinas
 * 2000; Hankerson-Menezes-Vanstone, Guide to ECC, Alg. 3.35), variable time:
 * for public scalars only.  The regular (constant-time) recoding of
 * sc_scalarmul_fixwin lives next to that method in variable_base.c. */
#include <seacurve/scalarmul.h>
#include <seacurve/mp.h>

/* cnt <= 8 bits of k (nw words) from bit pos on, bits past the end read as 0.
 * pos and cnt are public; the value is not inspected. */
static unsigned bits_at(const sc_word *k, size_t nw, size_t pos, unsigned cnt)
{
    unsigned v = 0, i;
    for (i = 0; i < cnt; i++) {
        size_t b = pos + i;
        if (b < nw * SC_WORD_BITS)
            v |= (unsigned)((k[b / SC_WORD_BITS] >> (b % SC_WORD_BITS)) & 1u) << i;
    }
    return v;
}

/* Width-w NAF of k, read from the bits of k with one carry instead of the
 * multi-precision subtract-and-halve of Alg. 2 (same digits): at position i
 * the remaining value is (k >> i) + carry.  If it is even the digit is 0 and
 * the carry is unchanged; if it is odd the digit is d = u mods 2^w where
 * u = ((k >> i) + carry) mod 2^w = bits i..i+w-1 plus carry (odd, so < 2^w),
 * and ((k >> i) + carry - d) / 2^w = (k >> (i + w)) + [d < 0]: the next w-1
 * digits are 0 and the carry becomes [d < 0].  So every digit is odd with
 * |d| < 2^(w-1), any w consecutive digits hold at most one nonzero, and
 * sum d_i 2^i = k.  Past the top bit only a carry can remain, giving one
 * more digit (+1): at most bits(k) + 1 digits.
 *
 * out is zero-filled over all outlen entries; the return value is the index
 * of the top nonzero digit + 1 (0 for k = 0, which has no digits), or 0 when
 * w is outside 2..8 or outlen < bits(k) + 1.  Variable time. */
size_t sc_scalarmul_recode_wnaf(int8_t *out, size_t outlen, const sc_word *k, size_t nwords, unsigned w)
{
    size_t nbits, i, len = 0;
    unsigned carry = 0;
    const unsigned full = 1u << w, half = 1u << (w - 1);

    if (!out || !k || w < 2 || w > 8)
        return 0;
    nbits = sc_mp_bits_var(k, nwords);
    if (outlen < nbits + 1)
        return 0;
    for (i = 0; i < outlen; i++)
        out[i] = 0;
    i = 0;
    while (i < nbits || carry) {
        unsigned bit = bits_at(k, nwords, i, 1);
        unsigned u;
        int d;
        if (bit == carry) {       /* (k >> i) + carry even */
            i++;
            continue;
        }
        u = (bits_at(k, nwords, i, w) + carry) & (full - 1u);
        if (u >= half) {
            d = (int)u - (int)full;
            carry = 1;
        } else {
            d = (int)u;
            carry = 0;
        }
        out[i] = (int8_t)d;
        len = i + 1;
        i += w;
    }
    return len;
}
