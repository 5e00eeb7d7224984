/* scalarmul: the joint sparse form of a pair of scalars (scalarmul.h, sc_scalarmul_recode_jsf),
 * for sc_scalarmul_jsf (src/scalarmul/double_scalar.c).  Variable time: public scalars only.
 *
 * Solinas, "Low-weight binary representations for pairs of integers",
 * CACR technical report CORR 2001-41, sec. 3 (the JSF and its construction);
 * the same algorithm is Alg. 3.50 of Hankerson, Menezes, Vanstone, Guide to
 * Elliptic Curve Cryptography.  The JSF of (u1, u2) is the unique pair of
 * signed binary expansions with digits in {-1, 0, 1} such that
 *   (JSF-1) of any three consecutive columns at least one is (0, 0);
 *   (JSF-2) adjacent digits of one row never have opposite signs;
 *   (JSF-3) if u_(j,i+1) u_(j,i) != 0 then u_(1-j,i+1) = +-1 and u_(1-j,i) = 0;
 * it has minimal joint weight (about half of the columns nonzero on average,
 * against 3/4 for the plain binary pair) and at most max(bits) + 1 columns. */
#include <seacurve/scalarmul.h>
#include <seacurve/mp.h>

/* cnt <= 8 bits of k (nw words) from bit pos on, bits past the end read as 0 */
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

/* The construction reads each scalar bit by bit with a carry d_j in {0, 1}:
 * at column i the remaining value of row j is l_j = (u_j >> i) + d_j, of
 * which only l_j mod 8 matters:
 *   l_j even: digit 0;
 *   l_j odd:  digit l_j mods 4 (+1 for l_j = 1 mod 4, -1 for 3 mod 4),
 *             negated when l_j = +-3 mod 8 and the other row's l = 2 mod 4
 *             (that choice makes the next column of row j zero while the
 *             other row's digit there is nonzero, JSF-3);
 * and the remainder (l_j - digit) / 2 = (u_j >> (i+1)) + (d_j + b - digit) / 2
 * with b = bit i of u_j gives the new carry d_j' = (d_j + b - digit) / 2
 * (in {0, 1}: the digit makes d_j + b - digit even and lies in [-1, 1]).
 * This is Solinas' update "d_j = 1 - d_j if 2 d_j = 1 + digit" written out.
 *
 * d1 and d2 are zero-filled over all outlen entries; the return value is
 * the index of the top nonzero column + 1 (0 for u1 = u2 = 0), or 0 when
 * outlen < max(bits(u1), bits(u2)) + 1 or an argument is NULL. */
size_t sc_scalarmul_recode_jsf(int8_t *d1, int8_t *d2, size_t outlen, const sc_word *u1, const sc_word *u2,
                         size_t nwords)
{
    size_t nbits, b2, i, len = 0;
    unsigned c1 = 0, c2 = 0;

    if (!d1 || !d2 || !u1 || !u2)
        return 0;
    nbits = sc_mp_bits_var(u1, nwords);
    b2 = sc_mp_bits_var(u2, nwords);
    if (b2 > nbits)
        nbits = b2;
    if (outlen < nbits + 1)
        return 0;
    for (i = 0; i < outlen; i++)
        d1[i] = d2[i] = 0;
    for (i = 0; i < nbits || c1 || c2; i++) {
        unsigned l1 = (bits_at(u1, nwords, i, 3) + c1) & 7u;
        unsigned l2 = (bits_at(u2, nwords, i, 3) + c2) & 7u;
        int g1 = 0, g2 = 0;
        if (i >= outlen)            /* cannot happen (length <= nbits + 1); defensive */
            return 0;
        if (l1 & 1u) {
            g1 = (l1 & 3u) == 1u ? 1 : -1;
            if ((l1 == 3u || l1 == 5u) && (l2 & 3u) == 2u)
                g1 = -g1;
        }
        if (l2 & 1u) {
            g2 = (l2 & 3u) == 1u ? 1 : -1;
            if ((l2 == 3u || l2 == 5u) && (l1 & 3u) == 2u)
                g2 = -g2;
        }
        c1 = (unsigned)(((int)c1 + (int)bits_at(u1, nwords, i, 1) - g1) / 2);
        c2 = (unsigned)(((int)c2 + (int)bits_at(u2, nwords, i, 1) - g2) / 2);
        d1[i] = (int8_t)g1;
        d2[i] = (int8_t)g2;
        if (g1 || g2)
            len = i + 1;
    }
    return len;
}
