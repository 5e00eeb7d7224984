/* Constant-time modular inversion by divsteps: Bernstein and Yang, "Fast
 * constant-time gcd computation and modular inversion", TCHES 2019 (3),
 * section 11 (divstep, Theorem 11.2 for the iteration count) and the
 * "jumping" idea of its section 12 (batches of divsteps on the low bits of
 * f, g give a transition matrix, applied afterwards to the full numbers).
 *
 * divstep(delta, f, g) = (1 - delta, g, (g - f)/2)  if delta > 0, g odd
 *                        (1 + delta, f, (g + f)/2)  if g odd otherwise
 *                        (1 + delta, f, g/2)        if g even
 * from (1, p, a) reaches g = 0, f = +-gcd(p, a) after
 * m = floor((49 d + 57) / 17) steps (d >= 46; (49 d + 80) / 17 below) when
 * f^2 + 4 g^2 <= 5 * 2^(2d), i.e. d = bits of p since 0 <= a < p.
 * From d = 24 bits up the "half-delta" variant runs instead [SAFEGCD-BOUNDS]:
 * the same steps started from delta = 1/2, i.e. on delta' = 2 delta from
 * delta' = 1 with the updates 2 -+ delta' (the conditions on delta' > 0 are
 * those on delta > 0).  For 0 <= g <= f <= M, M >= 4257874, it ends within
 * floor((3787 log2(M) + 2166) / 1644) steps (verified for all M <= 2^3805;
 * 591 for 256 bits against 741), with M = 2^d - 1 here.  The count depends
 * only on the public bit length; every step runs, without a branch on the
 * values (masks select the cases).
 *
 * Layout: numbers are signed, in SG_NL limbs of 60 bits (limbs 0..nl-2 in
 * [0, 2^60), the top limb a signed int64).  Each batch runs 60 divsteps on
 * the low 64 bits of f and g and yields the matrix (u v; q r), entries of
 * absolute row sum <= 2^60, with 2^60 (f', g') = (u f + v g, q f + r g).
 * Alongside, d and e with f = d a / s and g = e a / s (mod p) are updated
 * as d' = (u d + v e) / 2^60 mod p: adding md p, md in [0, 2^60) chosen
 * with p^-1 mod 2^60 to clear the low 60 bits, makes the division exact;
 * from d, e in [0, p) the result lies in (-p, 2p) and one masked addition
 * and one masked subtraction of p bring it back to [0, p).  At the end
 * f = +-1 and a^-1 s = +-d.  s = 1 for plain fields; s = R^2 mod p for
 * Montgomery fields, so that the inverse of aR comes out as a^-1 R.
 *
 * Needs a 128-bit integer type (gcc and clang on 64-bit hosts); p odd, a
 * fully reduced and invertible or 0 (0 maps to 0: g stays 0, d stays 0). */
#include <seacurve/fp.h>
#include <seacurve/util.h>
#include <seacurve/opcount.h>
#include "mp/accel.h"

#if defined(__SIZEOF_INT128__)
typedef __int128 sg_i128;
typedef unsigned __int128 sg_u128;

#define SG_B 60
#define SG_M (((uint64_t)1 << SG_B) - 1)
/* limbs for a signed number of magnitude < 2^(SC_FP_MAX_BITS + 1) */
#define SG_NL ((SC_FP_MAX_BITS + 2 + SG_B - 1) / SG_B)
#define SG_INLINE static inline __attribute__((always_inline))
/* sg_inv's modes: constant time (the C steps, or the x86-64 kernel's), or
 * variable time */
#define SG_CT 0
#define SG_CT_KERNEL 1
#define SG_VAR 2

/* sc_word array (nw words) -> 60-bit limbs (nl of them), value < 2^(60 nl). */
static void sg_from_words(int64_t *x, const sc_word *a, size_t nw, size_t nl)
{
    uint64_t w[SG_NL + 1] = { 0 };
    size_t i;
    for (i = 0; i < nw; i++)
        w[(i * SC_WORD_BITS) / 64] |= (uint64_t)a[i] << ((i * SC_WORD_BITS) % 64);
    for (i = 0; i < nl; i++) {
        size_t k = (i * SG_B) / 64, s = (i * SG_B) % 64;
        uint64_t v = w[k] >> s;
        if (s > 64 - SG_B && k + 1 < SG_NL + 1)
            v |= w[k + 1] << (64 - s);
        x[i] = (int64_t)(v & SG_M);
    }
}

/* 60-bit limbs (non-negative value < 2^(W nw)) -> sc_word array. */
static void sg_to_words(sc_word *r, const int64_t *x, size_t nw, size_t nl)
{
    sg_u128 acc = 0;
    unsigned have = 0;
    size_t i, j = 0;
    for (i = 0; i < nl && j < nw; i++) {
        acc |= (sg_u128)((uint64_t)x[i] & SG_M) << have;
        have += SG_B;
        while (have >= SC_WORD_BITS && j < nw) {
            r[j++] = (sc_word)acc;
            acc >>= SC_WORD_BITS;
            have -= SC_WORD_BITS;
        }
    }
    while (j < nw) {
        r[j++] = (sc_word)acc;
        acc >>= SC_WORD_BITS;
    }
}

/* 60 divsteps on the low bits of f and g, as two runs of 30 (sg_run30:
 * the new eta = -delta and the packed rows of the run's matrix), then
 * sg_divsteps: the matrix t = { u, v, q, r } of the 60.  One step, with
 * the masks c1 = (delta > 0) = (eta < 0), c2 = (g odd), s = c1 & c2 (the
 * swap case):
 *   f = s ? g : f                  (f, g) -> (g, (g - f) / 2) when s
 *   g += (c1 ? -f : f) & c2        (old f) g - f, g + f or g: even
 *   g /= 2
 * and the same on the rows: (u, v) = s ? (q, r) : (u, v) with the old
 * (q, r), (q, r) += (+-(old u, v)) & c2, (u, v) *= 2 (rows stay scaled by
 * 2^i, so g /= 2 becomes f's row doubled); delta' = inc - delta (swap) or
 * inc + delta, i.e. eta' = s ? -eta - inc : eta - inc (inc = 1, or 2 in the
 * half-delta variant).  The selections are masks (y ^ ((y ^ z) & s)), the
 * conditional negation is (y ^ c1) - c1, c1 comes from an arithmetic right
 * shift (signed shifts are arithmetic on gcc and clang, the compilers with
 * a 128-bit type), and the next c2 is bit 1 of g + x, taken before the
 * halving.  With the x86-64 kernels on, the two runs are their loops
 * (port/x86_64/divsteps_x86_64.c: the same steps, the selections by CMOV).
 * Within a run of 30 steps
 * each row's entries are below 2^30 in absolute value, so a row is packed
 * into one word as u + 2^32 v (sums, negations and doublings act on both
 * halves at once; the halves are split by sign extension afterwards), and
 * f, g keep 34 valid low bits, enough for the second run.  The two run
 * matrices are multiplied into the batch matrix (entries <= 2^60). */
SG_INLINE uint64_t sg_run30(uint64_t eta, uint64_t inc, uint64_t *fp, uint64_t *gp, uint64_t rows[2])
{
    uint64_t f = *fp, g = *gp, rf = 1, rg = (uint64_t)1 << 32, c1, c2, s, a, b, x, xr;
    int i;
    c1 = (uint64_t)((int64_t)eta >> 63);
    c2 = (uint64_t)0 - (g & 1u);
    for (i = 0; i < SG_B / 2; i++) {
        s = c1 & c2;
        a = eta - inc;
        b = (uint64_t)0 - eta - inc;
        x = ((f ^ c1) - c1) & c2;
        xr = ((rf ^ c1) - c1) & c2;
        f ^= (f ^ g) & s;
        rf ^= (rf ^ rg) & s;
        g += x;
        rg += xr;
        eta = a ^ ((a ^ b) & s);
        c1 = (uint64_t)((int64_t)eta >> 63);
        c2 = (uint64_t)((int64_t)(g << 62) >> 63);
        g >>= 1;
        rf <<= 1;
    }
    *fp = f;
    *gp = g;
    rows[0] = rf;
    rows[1] = rg;
    return eta;
}

/* A packed row u + 2^32 v split: low half sign-extended from 32 bits, high
 * half (row - low) / 2^32. */
SG_INLINE void sg_unpack(int64_t t[2], uint64_t row)
{
    t[0] = (int64_t)((row & 0xffffffffu) ^ 0x80000000u) - (int64_t)0x80000000;
    t[1] = (int64_t)(row - (uint64_t)t[0]) >> 32;
}

SG_INLINE uint64_t sg_divsteps(uint64_t eta, uint64_t inc, uint64_t f, uint64_t g, int64_t t[4], int kern)
{
    uint64_t rows[4];
    int64_t a[4], b[4];
#ifdef SC_MP_HAVE_MULX
    if (kern)
        eta = sc_fp_divsteps60_x86_64(eta, inc, f, g, rows);
    else
#else
    (void)kern;
#endif
    {
        eta = sg_run30(eta, inc, &f, &g, rows);
        eta = sg_run30(eta, inc, &f, &g, rows + 2);
    }
    sg_unpack(a, rows[0]);
    sg_unpack(a + 2, rows[1]);
    sg_unpack(b, rows[2]);
    sg_unpack(b + 2, rows[3]);
    /* second run after the first: B A */
    t[0] = b[0] * a[0] + b[1] * a[2];
    t[1] = b[0] * a[1] + b[1] * a[3];
    t[2] = b[2] * a[0] + b[3] * a[2];
    t[3] = b[2] * a[1] + b[3] * a[3];
    return eta;
}

/* The same 60 divsteps, variable time (public inputs), on the plain delta
 * (eta = -delta; the variable-time loop needs no step bound): a run of k
 * zero bits of g is k steps at once (g >>= k, (u, v) <<= k, eta -= k, by a
 * count of trailing zeros), and with g odd and delta <= 0 (after the swap
 * (f, g) <- (g, -f), delta <- -delta when delta > 0) the next
 * l = min(1 - delta, steps left, 6) steps add w f to g for the one w in
 * [0, 2^l) that clears the low l bits, w = -g / f mod 2^l: no swap can
 * occur among them (delta rises by one per step from <= 0), so they are
 * exactly those steps; f^-1 mod 64 is f (2 - f^2) (Newton from f^-1 = f
 * mod 8).  The matrix is the product of the single steps' (the bound of
 * sg_divsteps holds), formed mod 2^64 and exact at the end.  f and g hold
 * as many valid low bits as steps are left, all a jump reads. */
SG_INLINE uint64_t sg_divsteps_var(uint64_t eta, uint64_t f, uint64_t g, int64_t t[4])
{
    uint64_t u = 1, v = 0, q = 0, r = 1, w, x;
    unsigned left = SG_B, k, l;
    for (;;) {
        k = (unsigned)__builtin_ctzll(g | (~(uint64_t)0 << left));
        g >>= k;
        u <<= k;
        v <<= k;
        eta -= k;
        left -= k;
        if (left == 0)
            break;
        if ((int64_t)eta < 0) {
            eta = (uint64_t)0 - eta;
            x = f, f = g, g = (uint64_t)0 - x;
            x = u, u = q, q = (uint64_t)0 - x;
            x = v, v = r, r = (uint64_t)0 - x;
        }
        l = eta + 1 < left ? (unsigned)eta + 1 : left;
        if (l > 6)
            l = 6;
        w = (f * g * (f * f - 2u)) & (~(uint64_t)0 >> (64 - l));
        g += f * w;
        q += u * w;
        r += v * w;
    }
    t[0] = (int64_t)u;
    t[1] = (int64_t)v;
    t[2] = (int64_t)q;
    t[3] = (int64_t)r;
    return eta;
}

/* (f, g) = ((u f + v g) / 2^60, (q f + r g) / 2^60), both exact. */
SG_INLINE void sg_update_fg(int64_t *f, int64_t *g, const int64_t t[4], size_t nl)
{
    sg_i128 cf, cg;
    size_t i;
    cf = (sg_i128)t[0] * f[0] + (sg_i128)t[1] * g[0];
    cg = (sg_i128)t[2] * f[0] + (sg_i128)t[3] * g[0];
    cf >>= SG_B;
    cg >>= SG_B;
    for (i = 1; i < nl; i++) {
        cf += (sg_i128)t[0] * f[i] + (sg_i128)t[1] * g[i];
        cg += (sg_i128)t[2] * f[i] + (sg_i128)t[3] * g[i];
        f[i - 1] = (int64_t)((uint64_t)cf & SG_M);
        g[i - 1] = (int64_t)((uint64_t)cg & SG_M);
        cf >>= SG_B;
        cg >>= SG_B;
    }
    f[nl - 1] = (int64_t)cf;
    g[nl - 1] = (int64_t)cg;
}

/* x in (-p, 2p) -> [0, p): add p when x < 0, then subtract p unless that
 * borrows; both selected by masks. */
SG_INLINE void sg_normalize(int64_t *x, const int64_t *p, size_t nl)
{
    int64_t y[SG_NL];
    uint64_t m = (uint64_t)0 - ((uint64_t)x[nl - 1] >> 63);
    int64_t c = 0;
    size_t i;
    for (i = 0; i < nl; i++) {
        c += x[i] + (int64_t)((uint64_t)p[i] & m);
        x[i] = (int64_t)((uint64_t)c & SG_M);
        c >>= SG_B;
    }
    x[nl - 1] += (int64_t)((uint64_t)c << SG_B);
    c = 0;
    for (i = 0; i < nl; i++) {
        c += x[i] - p[i];
        y[i] = (int64_t)((uint64_t)c & SG_M);
        c >>= SG_B;
    }
    y[nl - 1] += (int64_t)((uint64_t)c << SG_B);
    m = (uint64_t)0 - ((uint64_t)y[nl - 1] >> 63); /* all ones: x < p, keep x */
    for (i = 0; i < nl; i++)
        x[i] = (int64_t)((uint64_t)x[i] ^ (~m & ((uint64_t)x[i] ^ (uint64_t)y[i])));
}

/* (d, e) = ((u d + v e) / 2^60 mod p, (q d + r e) / 2^60 mod p), in [0, p). */
SG_INLINE void sg_update_de(int64_t *d, int64_t *e, const int64_t t[4], const int64_t *p,
                            uint64_t pinv, size_t nl)
{
    sg_i128 cd, ce;
    uint64_t md, me;
    size_t i;
    md = ((uint64_t)0 - ((uint64_t)t[0] * (uint64_t)d[0] + (uint64_t)t[1] * (uint64_t)e[0]) * pinv) & SG_M;
    me = ((uint64_t)0 - ((uint64_t)t[2] * (uint64_t)d[0] + (uint64_t)t[3] * (uint64_t)e[0]) * pinv) & SG_M;
    cd = (sg_i128)t[0] * d[0] + (sg_i128)t[1] * e[0] + (sg_i128)(sg_u128)md * (uint64_t)p[0];
    ce = (sg_i128)t[2] * d[0] + (sg_i128)t[3] * e[0] + (sg_i128)(sg_u128)me * (uint64_t)p[0];
    cd >>= SG_B;
    ce >>= SG_B;
    for (i = 1; i < nl; i++) {
        cd += (sg_i128)t[0] * d[i] + (sg_i128)t[1] * e[i] + (sg_i128)(sg_u128)md * (uint64_t)p[i];
        ce += (sg_i128)t[2] * d[i] + (sg_i128)t[3] * e[i] + (sg_i128)(sg_u128)me * (uint64_t)p[i];
        d[i - 1] = (int64_t)((uint64_t)cd & SG_M);
        e[i - 1] = (int64_t)((uint64_t)ce & SG_M);
        cd >>= SG_B;
        ce >>= SG_B;
    }
    d[nl - 1] = (int64_t)cd;
    e[nl - 1] = (int64_t)ce;
    sg_normalize(d, p, nl);
    sg_normalize(e, p, nl);
}

/* The whole inversion for nl limbs (a compile-time constant when inlined).
 * var (public inputs only): stop after the first batch that leaves g = 0;
 * the remaining steps would leave f, g, d, e as they are (g even: the
 * matrix is diag(2^60, 1) and d' = d), so the result is the same. */
SG_INLINE void sg_inv(sc_word *r, const sc_word *a, const sc_fp_field *f, size_t nl, int mode)
{
    const int var = mode == SG_VAR, kern = mode == SG_CT_KERNEL;
    int64_t fl[SG_NL], gl[SG_NL], d[SG_NL], e[SG_NL], p[SG_NL], t[4];
    const size_t nw = f->nw;
    const unsigned bits = f->bits;
    const uint64_t inc = bits >= 24 ? 2u : 1u; /* the half-delta variant (public) */
    const unsigned steps = inc == 2u ? (3787u * bits + 2166u) / 1644u
                           : bits < 46 ? (49u * bits + 80u) / 17u : (49u * bits + 57u) / 17u;
    /* var: batches until g = 0, within the plain variant's bound */
    const unsigned batches = var ? ((49u * bits + 80u) / 17u + SG_B - 1) / SG_B : (steps + SG_B - 1) / SG_B;
    uint64_t pinv, eta = (uint64_t)0 - 1u, m; /* eta = -delta', delta' = 1 (delta = 1 or 1/2) */
    int64_t c;
    unsigned b;
    size_t i;

    sg_from_words(p, f->p, nw, nl);
    /* p^-1 mod 2^64 by Newton's iteration x = x (2 - p x), which doubles
     * the number of correct low bits; p p = 1 mod 8 gives 3 to start. */
    pinv = (uint64_t)p[0];
    for (b = 0; b < 5; b++)
        pinv *= 2u - (uint64_t)p[0] * pinv;
    sg_from_words(fl, f->p, nw, nl);
    sg_from_words(gl, a, nw, nl);
    for (i = 0; i < nl; i++)
        d[i] = 0;
    if (f->mont)
        sg_from_words(e, f->r2, nw, nl);
    else {
        for (i = 0; i < nl; i++)
            e[i] = 0;
        e[0] = 1;
    }
    for (b = 0; b < batches; b++) {
        if (var)
            eta = sg_divsteps_var(eta, (uint64_t)fl[0], (uint64_t)gl[0], t);
        else
            eta = sg_divsteps(eta, inc, (uint64_t)fl[0], (uint64_t)gl[0], t, kern);
        sg_update_fg(fl, gl, t, nl);
        sg_update_de(d, e, t, p, pinv, nl);
        if (var) {
            int64_t z = 0;
            for (i = 0; i < nl; i++)
                z |= gl[i];
            if (z == 0)
                break;
        }
    }
    /* f = +-1 (or p when a = 0, with d = 0): r = d or p - d, then p -> 0 */
    m = (uint64_t)0 - ((uint64_t)fl[nl - 1] >> 63);
    c = 0;
    for (i = 0; i < nl; i++) {
        c += (int64_t)((uint64_t)p[i] & m) + (int64_t)(((uint64_t)d[i] ^ m) - m);
        d[i] = (int64_t)((uint64_t)c & SG_M);
        c >>= SG_B;
    }
    d[nl - 1] += (int64_t)((uint64_t)c << SG_B);
    sg_normalize(d, p, nl);
    sg_to_words(r, d, nw, nl);
    sc_memzero(fl, sizeof fl);
    sc_memzero(gl, sizeof gl);
    sc_memzero(d, sizeof d);
    sc_memzero(e, sizeof e);
    sc_memzero(t, sizeof t);
}

/* The field's limb count made a constant for the common sizes. */
SG_INLINE void sg_inv_nl(sc_word *r, const sc_word *a, const sc_fp_field *f, int mode)
{
    size_t nl = ((size_t)f->bits + 2 + SG_B - 1) / SG_B;
    if (nl == 3)
        sg_inv(r, a, f, 3, mode);
    else if (nl == 4)
        sg_inv(r, a, f, 4, mode);
    else if (nl == 5)
        sg_inv(r, a, f, 5, mode);
    else
        sg_inv(r, a, f, nl, mode);
}

/* The kernel's switch read once, outside the loop: one instance of the
 * loop per mode (the switch tested inside the batch loop measured 13 %
 * slower). */
void sc_fp_inv_safegcd(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    SC_OPC_ENTER(inv);
#ifdef SC_MP_HAVE_MULX
    if (mp64_use_fused())
        sg_inv_nl(r, a, f, SG_CT_KERNEL);
    else
#endif
        sg_inv_nl(r, a, f, SG_CT);
    SC_OPC_LEAVE();
}

void sc_fp_inv_safegcd_var(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    SC_OPC_ENTER(inv);
    sg_inv_nl(r, a, f, SG_VAR);
    SC_OPC_LEAVE();
}
#else
typedef int sc_fp_inv_safegcd_unused;
#endif
