/* 60 divsteps of the constant-time safegcd inversion (src/fp/inv_safegcd.c,
 * sg_run30, which states the step and the packed rows) as two x86-64 loops
 * of 30.
 * The step's three selections by the swap condition s = c1 & c2 (eta's
 * update, f <- g, row f <- row g) are CMOVs on the flags of one TEST of c1
 * against c2, so the chain from g through s to the next c1 is TEST, CMOV,
 * SAR; the compiled C forms s as a mask and selects with AND and XOR, one
 * cycle more per step on that chain (4 against 5; the 160-bit inversion
 * about 1.15x faster than with the C steps).  Branch-free: the loop count
 * is public.  Used by src/fp/inv_safegcd.c where the fused field kernels'
 * switch is on (sc_mp_set_accel); tests/test_fp.c checks the inversion
 * with it on and off against OpenSSL BN, and tests/ct_valgrind.c runs it
 * on secret inputs. */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include "mp/accel.h"

/* 30 steps on (eta, f, g) in place; the packed rows in rows[0], rows[1] */
static inline __attribute__((always_inline)) void run30(uint64_t *etap, uint64_t inc, uint64_t *fp, uint64_t *gp,
                                                        uint64_t rows[2])
{
    uint64_t eta = *etap, f = *fp, g = *gp, rf = 1, rg = (uint64_t)1 << 32, n = 30, b, x, xr;
    uint64_t c1 = (uint64_t)((int64_t)eta >> 63), c2 = (uint64_t)0 - (g & 1u);
    __asm__(".p2align 6\n\t"
            "1:\n\t"
            /* eta' without the swap (eta - inc) and with it (-eta - inc) */
            "movq %[eta], %[b]\n\t"
            "negq %[b]\n\t"
            "subq %[inc], %[b]\n\t"
            "subq %[inc], %[eta]\n\t"
            /* x = +-f (by c1) where g is odd (c2), and the same on the rows */
            "movq %[f], %[x]\n\t"
            "xorq %[c1], %[x]\n\t"
            "subq %[c1], %[x]\n\t"
            "andq %[c2], %[x]\n\t"
            "movq %[rf], %[xr]\n\t"
            "xorq %[c1], %[xr]\n\t"
            "subq %[c1], %[xr]\n\t"
            "andq %[c2], %[xr]\n\t"
            /* the swap (c1 & c2): eta', f <- g, row f <- row g */
            "testq %[c2], %[c1]\n\t"
            "cmovnzq %[b], %[eta]\n\t"
            "cmovnzq %[g], %[f]\n\t"
            "cmovnzq %[rg], %[rf]\n\t"
            "addq %[x], %[g]\n\t"
            "addq %[xr], %[rg]\n\t"
            /* next c1 = (eta' < 0), next c2 = bit 1 of g + x, then g /= 2 */
            "movq %[eta], %[c1]\n\t"
            "sarq $63, %[c1]\n\t"
            "movq %[g], %[c2]\n\t"
            "shlq $62, %[c2]\n\t"
            "sarq $63, %[c2]\n\t"
            "shrq $1, %[g]\n\t"
            "addq %[rf], %[rf]\n\t"
            "decq %[n]\n\t"
            "jnz 1b\n\t"
            : [eta] "+&r"(eta), [f] "+&r"(f), [g] "+&r"(g), [rf] "+&r"(rf), [rg] "+&r"(rg), [c1] "+&r"(c1),
              [c2] "+&r"(c2), [n] "+&r"(n), [b] "=&r"(b), [x] "=&r"(x), [xr] "=&r"(xr)
            : [inc] "r"(inc)
            : "cc");
    *etap = eta;
    *fp = f;
    *gp = g;
    rows[0] = rf;
    rows[1] = rg;
}

uint64_t sc_fp_divsteps60_x86_64(uint64_t eta, uint64_t inc, uint64_t f, uint64_t g, uint64_t rows[4])
{
    run30(&eta, inc, &f, &g, rows);
    run30(&eta, inc, &f, &g, rows + 2);
    return eta;
}
#else
typedef int sc_fp_divsteps60_x86_64_unused;
#endif
