/* Arithmetic modulo an odd m < 2^(32 NL) for the OpenCL kernels (OpenCL C 1.2):
 * naturals of NL little-endian 32-bit limbs, Montgomery multiplication (CIOS,
 * [KAK96]) with R = 2^(32 NL), inversion by Fermat's little theorem.  The prime
 * kernels (ecp.cl) compute mod p and mod n with it, the binary ones (ecb.cl)
 * mod n.  The host (tools/opencl/ocl.c) prepends this file to either and builds
 * it with -DNL=<limbs>.  Every function is constant time unless it says
 * otherwise. */
#ifndef NL
#error "NL (limbs of 32 bits) must be defined"
#endif

/* Verdicts of the verification kernels, mapped to sc_err by the host. */
#define V_OK 0u
#define V_FAIL 1u
#define V_SIG_RANGE 2u
#define V_KEY 3u

/* Status of the k*P kernels. */
#define M_OK 0u
#define M_INFINITY 1u
#define M_KEY 2u

/* One modulus and its Montgomery constant, copied to private memory. */
typedef struct {
    uint m[NL];
    uint minv; /* -m^-1 mod 2^32 */
} modulus;

static void fe_copy(uint *r, const uint *a)
{
    for (int i = 0; i < NL; i++)
        r[i] = a[i];
}

static void fe_load(uint *r, __constant const uint *a)
{
    for (int i = 0; i < NL; i++)
        r[i] = a[i];
}

static void fe_gload(uint *r, __global const uint *a)
{
    for (int i = 0; i < NL; i++)
        r[i] = a[i];
}

static void fe_set_word(uint *r, uint w)
{
    r[0] = w;
    for (int i = 1; i < NL; i++)
        r[i] = 0;
}

/* all-ones if a = 0, else 0; constant time */
static uint fe_zero_mask(const uint *a)
{
    uint t = 0;
    for (int i = 0; i < NL; i++)
        t |= a[i];
    return (uint)(((ulong)t - 1u) >> 32);
}

/* all-ones if a = b, else 0; constant time */
static uint fe_eq_mask(const uint *a, const uint *b)
{
    uint t = 0;
    for (int i = 0; i < NL; i++)
        t |= a[i] ^ b[i];
    return (uint)(((ulong)t - 1u) >> 32);
}

/* r = mask ? a : r */
static void fe_cmov(uint *r, const uint *a, uint mask)
{
    for (int i = 0; i < NL; i++)
        r[i] ^= mask & (r[i] ^ a[i]);
}

/* r = a - b over NL limbs; returns the borrow (0 or 1).  r may alias a or b. */
static uint mp_sub(uint *r, const uint *a, const uint *b)
{
    uint bw = 0;
    for (int i = 0; i < NL; i++) {
        ulong t = (ulong)a[i] - b[i] - bw;
        r[i] = (uint)t;
        bw = (uint)(t >> 63);
    }
    return bw;
}

/* 1 if a >= b (as naturals), else 0 */
static uint mp_ge(const uint *a, const uint *b)
{
    uint t[NL];
    return mp_sub(t, a, b) ^ 1u;
}

/* r = a + b mod m, for a, b < m.  Constant time. */
static void f_add(uint *r, const uint *a, const uint *b, const modulus *m)
{
    uint s[NL], d[NL];
    ulong c = 0;
    for (int i = 0; i < NL; i++) {
        c = (ulong)a[i] + b[i] + (c >> 32);
        s[i] = (uint)c;
    }
    uint carry = (uint)(c >> 32);
    uint bw = mp_sub(d, s, m->m);
    /* the sum is >= m exactly when it carried out or the subtraction did not borrow */
    fe_copy(r, s);
    fe_cmov(r, d, 0u - (carry | (bw ^ 1u)));
}

/* r = a - b mod m, for a, b < m.  Constant time. */
static void f_sub(uint *r, const uint *a, const uint *b, const modulus *m)
{
    uint d[NL];
    uint mask = 0u - mp_sub(d, a, b);
    ulong c = 0;
    for (int i = 0; i < NL; i++) {
        c = (ulong)d[i] + (m->m[i] & mask) + (c >> 32);
        r[i] = (uint)c;
    }
}

/* r = a b R^-1 mod m (Montgomery multiplication, CIOS [KAK96]), for a, b < m.
 * The accumulator stays below 2m < 2R: NL + 1 limbs and a carry bit.
 * Constant time.  r may alias a or b. */
static void f_mul(uint *r, const uint *a, const uint *b, const modulus *m)
{
    uint t[NL + 2];
    for (int i = 0; i < NL + 2; i++)
        t[i] = 0;
    for (int i = 0; i < NL; i++) {
        ulong c = 0;
        uint bi = b[i];
        for (int j = 0; j < NL; j++) {
            c = (ulong)t[j] + (ulong)a[j] * bi + (c >> 32);
            t[j] = (uint)c;
        }
        c = (ulong)t[NL] + (c >> 32);
        t[NL] = (uint)c;
        t[NL + 1] = (uint)(c >> 32);
        uint q = t[0] * m->minv;
        c = (ulong)t[0] + (ulong)q * m->m[0];
        for (int j = 1; j < NL; j++) {
            c = (ulong)t[j] + (ulong)q * m->m[j] + (c >> 32);
            t[j - 1] = (uint)c;
        }
        c = (ulong)t[NL] + (c >> 32);
        t[NL - 1] = (uint)c;
        t[NL] = t[NL + 1] + (uint)(c >> 32);
    }
    uint d[NL];
    uint bw = mp_sub(d, t, m->m);
    fe_copy(r, t);
    fe_cmov(r, d, 0u - (t[NL] | (bw ^ 1u)));
}

/* r = a^e in Montgomery form (a, one Montgomery form), e public with ebits bits.
 * Variable time in e only (left-to-right square and multiply). */
static void f_pow_pub(uint *r, const uint *a, const uint *e, int ebits, const uint *one, const modulus *m)
{
    uint t[NL];
    fe_copy(t, one);
    for (int i = ebits - 1; i >= 0; i--) {
        f_mul(t, t, t, m);
        if ((e[i >> 5] >> (i & 31)) & 1u)
            f_mul(t, t, a, m);
    }
    fe_copy(r, t);
}

/* r = a^-1 (Montgomery form in and out) by Fermat: a^(m-2); m prime, a != 0.
 * Constant time in a. */
static void f_inv(uint *r, const uint *a, const uint *one, const modulus *m)
{
    uint e[NL], two[NL];
    fe_set_word(two, 2);
    mp_sub(e, m->m, two);
    f_pow_pub(r, a, e, 32 * NL, one, m);
}

static void modulus_load(modulus *m, __constant const uint *cv, int off, int inv)
{
    fe_load(m->m, cv + off);
    m->minv = cv[inv];
}

/* x R mod m */
static void to_mont(uint *r, const uint *x, __constant const uint *r2, const modulus *m)
{
    uint t[NL];
    fe_load(t, r2);
    f_mul(r, x, t, m);
}

/* x R^-1 mod m: back from Montgomery form (canonical, < m) */
static void from_mont(uint *r, const uint *x, const modulus *m)
{
    uint one[NL];
    fe_set_word(one, 1);
    f_mul(r, x, one, m);
}
