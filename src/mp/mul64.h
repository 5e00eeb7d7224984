/* Internal: fully unrolled 64-bit Comba multiply and square for 3 and 4
 * words (product scanning, Comba 1990; Guide to ECC Alg. 2.10 / 2.13 by
 * columns), as static inline functions so that the fp layer can fuse them
 * with its reducers (no call, no copy).  mul.c uses them for sc_mp_mul /
 * sc_mp_sqr.  On x86-64 the *_best versions call the MULX kernels instead
 * where the switch of accel.h is on.  The accumulator is a 128-bit (c1:c0)
 * plus a carry word c2; the compiler turns each step into mul/add/adc/adc.
 * r must not alias a or b. */
#ifndef SEACURVE_MP_MUL64_H
#define SEACURVE_MP_MUL64_H

#include <seacurve/mp.h>
#include "accel.h"

#if SC_WORD_BITS == 64
typedef unsigned __int128 sc_u128;

#define MA(i, j) do { sc_u128 p_ = (sc_u128)a[i] * b[j]; acc += p_; c2 += (uint64_t)(acc < p_); } while (0)
#define SA(i, j) do { sc_u128 p_ = (sc_u128)a[i] * a[j]; acc += p_; c2 += (uint64_t)(acc < p_); \
                      acc += p_; c2 += (uint64_t)(acc < p_); } while (0)
#define SQ(i) do { sc_u128 p_ = (sc_u128)a[i] * a[i]; acc += p_; c2 += (uint64_t)(acc < p_); } while (0)
#define COL(k) do { r[k] = (uint64_t)acc; acc = (acc >> 64) | ((sc_u128)c2 << 64); c2 = 0; } while (0)

static inline void mp64_mul3(sc_word *r, const sc_word *a, const sc_word *b)
{
    sc_u128 acc = 0;
    uint64_t c2 = 0;
    MA(0, 0); COL(0);
    MA(0, 1); MA(1, 0); COL(1);
    MA(0, 2); MA(1, 1); MA(2, 0); COL(2);
    MA(1, 2); MA(2, 1); COL(3);
    MA(2, 2); COL(4);
    r[5] = (uint64_t)acc;
}

static inline void mp64_mul4(sc_word *r, const sc_word *a, const sc_word *b)
{
    sc_u128 acc = 0;
    uint64_t c2 = 0;
    MA(0, 0); COL(0);
    MA(0, 1); MA(1, 0); COL(1);
    MA(0, 2); MA(1, 1); MA(2, 0); COL(2);
    MA(0, 3); MA(1, 2); MA(2, 1); MA(3, 0); COL(3);
    MA(1, 3); MA(2, 2); MA(3, 1); COL(4);
    MA(2, 3); MA(3, 2); COL(5);
    MA(3, 3); COL(6);
    r[7] = (uint64_t)acc;
}

static inline void mp64_sqr3(sc_word *r, const sc_word *a)
{
    sc_u128 acc = 0;
    uint64_t c2 = 0;
    SQ(0); COL(0);
    SA(0, 1); COL(1);
    SA(0, 2); SQ(1); COL(2);
    SA(1, 2); COL(3);
    SQ(2); COL(4);
    r[5] = (uint64_t)acc;
}

static inline void mp64_sqr4(sc_word *r, const sc_word *a)
{
    sc_u128 acc = 0;
    uint64_t c2 = 0;
    SQ(0); COL(0);
    SA(0, 1); COL(1);
    SA(0, 2); SQ(1); COL(2);
    SA(0, 3); SA(1, 2); COL(3);
    SA(1, 3); SQ(2); COL(4);
    SA(2, 3); COL(5);
    SQ(3); COL(6);
    r[7] = (uint64_t)acc;
}
#undef MA
#undef SA
#undef SQ
#undef COL

#ifdef SC_MP_HAVE_MULX
/* port/x86_64/mp_mulx.c: MULX/ADCX/ADOX products, used when the switch of
 * accel.h is on. */
void sc_mp_mul4_mulx(uint64_t r[8], const uint64_t a[4], const uint64_t b[4]);
void sc_mp_mul3_mulx(uint64_t r[6], const uint64_t a[3], const uint64_t b[3]);

static inline void mp64_mul4_best(sc_word *r, const sc_word *a, const sc_word *b)
{
    if (mp64_use_mulx())
        sc_mp_mul4_mulx(r, a, b);
    else
        mp64_mul4(r, a, b);
}

static inline void mp64_mul3_best(sc_word *r, const sc_word *a, const sc_word *b)
{
    if (mp64_use_mulx())
        sc_mp_mul3_mulx(r, a, b);
    else
        mp64_mul3(r, a, b);
}

static inline void mp64_sqr4_best(sc_word *r, const sc_word *a)
{
    if (mp64_use_mulx())
        sc_mp_mul4_mulx(r, a, a);
    else
        mp64_sqr4(r, a);
}

static inline void mp64_sqr3_best(sc_word *r, const sc_word *a)
{
    if (mp64_use_mulx())
        sc_mp_mul3_mulx(r, a, a);
    else
        mp64_sqr3(r, a);
}
#else
#define mp64_mul4_best mp64_mul4
#define mp64_mul3_best mp64_mul3
#define mp64_sqr4_best mp64_sqr4
#define mp64_sqr3_best mp64_sqr3
#endif
#endif

#endif
