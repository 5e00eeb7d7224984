/* scalarmul: scalar recodings exposed for the tests and the cost model (scalarmul.h).
 *
 * sc_scalarmul_recode_wnaf: the width-w non-adjacent form ([Kodali] Alg. 2; Solinas
 * 2000; Hankerson-Menezes-Vanstone, Guide to ECC, Alg. 3.35), variable time:
 * for public scalars only.  The regular (constant-time) recoding of
 * sc_scalarmul_fixwin lives next to that method in variable_base.c. */
#include <seacurve/scalarmul.h>
#include <seacurve/mp.h>

/* cnt <= 8 bits of k (nw words) from bit pos on, bits past the end read as 0:
 * at most two words (cnt <= 8 <= SC_WORD_BITS).  Variable time. */
static unsigned bits_at(const sc_word *k, size_t nw, size_t pos, unsigned cnt)
{
    const size_t q = pos / SC_WORD_BITS;
    const unsigned b = (unsigned)(pos % SC_WORD_BITS);
    unsigned long v = 0;
    if (q < nw)
        v = (unsigned long)(k[q] >> b);
    if (b + cnt > SC_WORD_BITS && q + 1 < nw)
        v |= (unsigned long)k[q + 1] << (SC_WORD_BITS - b);
    return (unsigned)(v & ((1ul << cnt) - 1u));
}

/* the index of the lowest set bit of m != 0 */
static unsigned low_bit(sc_word m)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll((unsigned long long)m);
#else
    unsigned n = 0;
    while (!(m & 1u)) {
        m >>= 1;
        n++;
    }
    return n;
#endif
}

/* The first position t >= i at which bit t of k differs from c (0 or 1),
 * bits past the words reading as 0, a word at a time: the lowest set bit of
 * k (c = 0) or of its complement (c = 1) at or above i.  Returns i itself
 * when i is past the words (bit 0 there: different from c = 1, and for
 * c = 0 the recoding is done), nw * SC_WORD_BITS when no word has one. */
static size_t skip_run(const sc_word *k, size_t nw, size_t i, unsigned c)
{
    const sc_word flip = (sc_word)0 - (sc_word)c;
    size_t q = i / SC_WORD_BITS;
    sc_word m;
    if (q >= nw)
        return i;
    m = (sc_word)((k[q] ^ flip) & (sc_word)((sc_word)~(sc_word)0 << (i % SC_WORD_BITS)));
    while (!m) {
        if (++q == nw)
            return nw * SC_WORD_BITS;
        m = (sc_word)(k[q] ^ flip);
    }
    return q * SC_WORD_BITS + low_bit(m);
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
 * w is outside 2..8 or outlen < bits(k) + 1.  The runs of zero digits are
 * skipped a word at a time (skip_run) and each window's w bits read at once,
 * so the work is one step per nonzero digit and per word, not per bit.
 * Variable time. */
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
    for (;;) {
        unsigned u;
        int d;
        /* (k >> t) + carry is even exactly while bit t of k equals the
         * carry: zero digits, the carry unchanged; the run is skipped a word
         * at a time */
        i = skip_run(k, nwords, i, carry);
        if (i >= nbits && !carry)
            break;
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
