/* 4-word Montgomery multiplication and squaring for any odd p < 2^256
 * (R = 2^256): the MULX/ADCX/ADOX product or squaring of mont4_mulx.h, then
 * the Montgomery reduction (REDC, Montgomery 1985) on the registers, with the
 * field's p and pinv = -p^-1 mod 2^64.  These serve the 4-word fields whose
 * reducer is the generic REDC or the optimal-prime one (opf224, opf256, and
 * the 4-word group orders): an OPF p = u 2^k + 1 has mostly zero words, but
 * a row of four MULX on the ADCX/ADOX chains costs about what the one-multiply
 * OPF row of src/fp/reduce64.h costs in C, and this one keeps T in registers
 * from the product to the result.
 *
 * Reduction, operand scanning over the four low words of T: m = t[i] pinv
 * mod 2^64, T += m p 2^(64 i) (low halves on ADCX, high halves on ADOX, both
 * carries run up to the extra top word t8); then (t8 : .. : t4) < 2p, and p
 * is subtracted unless that borrows (CMOV).  Inputs a, b < p; r < p; r may
 * alias a or b.  No branch, no data-dependent address.  Used by
 * src/fp/fp.c at 64-bit limbs when CPUID reports BMI2 and ADX and
 * sc_mp_set_accel has not turned them off; tests/test_fp.c runs the field
 * suite both ways. */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stddef.h>
#include <stdint.h>
#include <seacurve/fp.h>
#include "mont4_mulx.h"

void sc_fp_mul_mont4_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const sc_fp_field *f);
void sc_fp_sqr_mont4_mulx(uint64_t r[4], const uint64_t a[4], const sc_fp_field *f);

/* T += m p 2^(64 i) on the window (w0 .. w4), m = w0 pinv; the carries of
 * both chains are left pending into the word above w4 */
#define REDC4_ROW(w0, w1, w2, w3, w4)                                     \
    "movq %[" w0 "], %%rdx\n\t"                                           \
    "imulq %c[oi](%[f]), %%rdx\n\t"                                           \
    "xorl %k[z], %k[z]\n\t"                                           \
    "mulxq %c[op]+0(%[f]), %[lo], %[hi]\n\t"                                           \
    "adcxq %[lo], %[" w0 "]\n\t"                                           \
    "adoxq %[hi], %[" w1 "]\n\t"                                           \
    "mulxq %c[op]+8(%[f]), %[lo], %[hi]\n\t"                                           \
    "adcxq %[lo], %[" w1 "]\n\t"                                           \
    "adoxq %[hi], %[" w2 "]\n\t"                                           \
    "mulxq %c[op]+16(%[f]), %[lo], %[hi]\n\t"                                           \
    "adcxq %[lo], %[" w2 "]\n\t"                                           \
    "adoxq %[hi], %[" w3 "]\n\t"                                           \
    "mulxq %c[op]+24(%[f]), %[lo], %[hi]\n\t"                                           \
    "adcxq %[lo], %[" w3 "]\n\t"                                           \
    "adoxq %[hi], %[" w4 "]\n\t"                                           \
    "adcxq %[z], %[" w4 "]\n\t"

/* both pending carries into w */
#define CARRY2(w)                                                         \
    "adoxq %[z], %[" w "]\n\t"                                           \
    "adcxq %[z], %[" w "]\n\t"

static inline __attribute__((always_inline)) void redc4(uint64_t r[4], uint64_t t0, uint64_t t1, uint64_t t2,
                                                        uint64_t t3, uint64_t t4, uint64_t t5, uint64_t t6,
                                                        uint64_t t7, const sc_fp_field *f)
{
    uint64_t t8, lo, hi, z;
    __asm__(
        "xorl %k[t8], %k[t8]\n\t"
        REDC4_ROW("t0", "t1", "t2", "t3", "t4")
        CARRY2("t5") CARRY2("t6") CARRY2("t7") CARRY2("t8")
        REDC4_ROW("t1", "t2", "t3", "t4", "t5")
        CARRY2("t6") CARRY2("t7") CARRY2("t8")
        REDC4_ROW("t2", "t3", "t4", "t5", "t6")
        CARRY2("t7") CARRY2("t8")
        REDC4_ROW("t3", "t4", "t5", "t6", "t7")
        CARRY2("t8")
        /* d = (t8 : t7 : t6 : t5 : t4) - p; keep t when that borrows */
        "movq %[t4], %[t0]\n\t"
        "movq %[t5], %[t1]\n\t"
        "movq %[t6], %[t2]\n\t"
        "movq %[t7], %[t3]\n\t"
        "subq %c[op]+0(%[f]), %[t0]\n\t"
        "sbbq %c[op]+8(%[f]), %[t1]\n\t"
        "sbbq %c[op]+16(%[f]), %[t2]\n\t"
        "sbbq %c[op]+24(%[f]), %[t3]\n\t"
        "sbbq $0, %[t8]\n\t"
        "cmovcq %[t4], %[t0]\n\t"
        "cmovcq %[t5], %[t1]\n\t"
        "cmovcq %[t6], %[t2]\n\t"
        "cmovcq %[t7], %[t3]\n\t"
        : [t0] "+r"(t0), [t1] "+r"(t1), [t2] "+r"(t2), [t3] "+r"(t3), [t4] "+r"(t4), [t5] "+r"(t5),
          [t6] "+r"(t6), [t7] "+r"(t7), [t8] "=&r"(t8), [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z)
        : [f] "r"(f), [op] "i"(offsetof(sc_fp_field, p)), [oi] "i"(offsetof(sc_fp_field, pinv))
        : "rdx", "cc", "memory");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

void sc_fp_mul_mont4_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const sc_fp_field *f)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(MONT4_MUL_PRODUCT : MONT4_OUTPUTS : MONT4_A(a), MONT4_B(b) : "rdx", "cc");
    redc4(r, t0, t1, t2, t3, t4, t5, t6, t7, f);
}

void sc_fp_sqr_mont4_mulx(uint64_t r[4], const uint64_t a[4], const sc_fp_field *f)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__(MONT4_SQR_PRODUCT : MONT4_OUTPUTS : MONT4_A(a) : "rdx", "cc");
    redc4(r, t0, t1, t2, t3, t4, t5, t6, t7, f);
}
#else
typedef int sc_fp_mont4_mulx_unused;
#endif
