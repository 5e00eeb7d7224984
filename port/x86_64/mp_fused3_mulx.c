/* 3-word field multiplication and squaring at 64-bit limbs, each fused into
 * one routine: a MULX/ADCX/ADOX product (or squaring) kept in registers,
 * followed at once by the field's reduction on those registers (no call,
 * no product stored to memory and reloaded).
 *
 * The products and the secp160r1 (p = 2^160 - 2^31 - 1) and P-192
 * (Solinas, p = 2^192 - 2^64 - 1) reductions are the inline routines of
 * fp3_mulx.h (shared with the point routines of ep_secp160r1_mulx.c and
 * ep_p192_mulx.c); the generic 3-word Montgomery REDC (any odd p, the group
 * orders n) is here.  The formulas are those of the C reducers in
 * src/fp/reduce64.h.  The C paths of src/fp/fp.c stay; these override them
 * when CPUID reports BMI2 and ADX and sc_mp_set_accel has not turned them
 * off; tests/test_fp.c runs the field suite both ways.  Constant time: no
 * branch, no data-dependent address. */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>
#include <seacurve/fp.h>
#include "fp3_mulx.h"

void sc_fp_mul_secp160r1_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3]);
void sc_fp_sqr_secp160r1_mulx(uint64_t r[3], const uint64_t a[3]);
void sc_fp_mul_p192_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3]);
void sc_fp_sqr_p192_mulx(uint64_t r[3], const uint64_t a[3]);
void sc_fp_mul_mont3_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3], const sc_fp_field *f);
void sc_fp_sqr_mont3_mulx(uint64_t r[3], const uint64_t a[3], const sc_fp_field *f);

/* Montgomery reduction (REDC, Montgomery 1985), operand scanning over the
 * three words of t: m = t[i] pinv mod 2^64, t += m p 2^(64 i) (low halves
 * on the ADCX chain, high halves on the ADOX chain, both carries run up to
 * the extra top word t6); then (t6 : t5 : t4 : t3) < 2p and p is
 * subtracted unless that borrows (CMOV).  Output t R^-1 mod p, R = 2^192. */
#define REDC3_ROW(w0, w1, w2, w3)                                         \
    "movq %[" w0 "], %%rdx\n\t"                                           \
    "imulq %[pinv], %%rdx\n\t"                                            \
    "xorl %k[z], %k[z]\n\t"                                               \
    "mulxq 0(%[p]), %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[" w0 "]\n\t"                                          \
    "adoxq %[hi], %[" w1 "]\n\t"                                          \
    "mulxq 8(%[p]), %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[" w1 "]\n\t"                                          \
    "adoxq %[hi], %[" w2 "]\n\t"                                          \
    "mulxq 16(%[p]), %[lo], %[hi]\n\t"                                       \
    "adcxq %[lo], %[" w2 "]\n\t"                                          \
    "adoxq %[hi], %[" w3 "]\n\t"                                          \
    "adcxq %[z], %[" w3 "]\n\t"

static inline __attribute__((always_inline)) void redc3_asm(uint64_t r[3], uint64_t t[6], const sc_fp_field *f)
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6, lo, hi, z;
    __asm__(
        "xorl %k[t6], %k[t6]\n\t"
        REDC3_ROW("t0", "t1", "t2", "t3")
        /* CF and OF both pending into t4: carry on up to t6 */
        "adoxq %[z], %[t4]\n\t"
        "adcxq %[z], %[t4]\n\t"
        "adoxq %[z], %[t5]\n\t"
        "adcxq %[z], %[t5]\n\t"
        "adoxq %[z], %[t6]\n\t"
        "adcxq %[z], %[t6]\n\t"
        REDC3_ROW("t1", "t2", "t3", "t4")
        "adoxq %[z], %[t5]\n\t"
        "adcxq %[z], %[t5]\n\t"
        "adoxq %[z], %[t6]\n\t"
        "adcxq %[z], %[t6]\n\t"
        REDC3_ROW("t2", "t3", "t4", "t5")
        "adoxq %[z], %[t6]\n\t"
        "adcxq %[z], %[t6]\n\t"
        /* d = (t6 : t5 : t4 : t3) - p; keep t when that borrows */
        "movq %[t3], %[t0]\n\t"
        "movq %[t4], %[t1]\n\t"
        "movq %[t5], %[t2]\n\t"
        "subq 0(%[p]), %[t0]\n\t"
        "sbbq 8(%[p]), %[t1]\n\t"
        "sbbq 16(%[p]), %[t2]\n\t"
        "sbbq $0, %[t6]\n\t"
        "cmovcq %[t3], %[t0]\n\t"
        "cmovcq %[t4], %[t1]\n\t"
        "cmovcq %[t5], %[t2]\n\t"
        : [t0] "+r"(t0), [t1] "+r"(t1), [t2] "+r"(t2), [t3] "+r"(t3), [t4] "+r"(t4), [t5] "+r"(t5),
          [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z)
        : [p] "r"(f->p), [pinv] "m"(f->pinv)
        : "rdx", "cc", "memory");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

void sc_fp_mul_secp160r1_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])
{
    fp3_mul_secp160r1(r, a, b);
}

void sc_fp_sqr_secp160r1_mulx(uint64_t r[3], const uint64_t a[3])
{
    fp3_sqr_secp160r1(r, a);
}

void sc_fp_mul_p192_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])
{
    fp3_mul_p192(r, a, b);
}

void sc_fp_sqr_p192_mulx(uint64_t r[3], const uint64_t a[3])
{
    fp3_sqr_p192(r, a);
}

void sc_fp_mul_mont3_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3], const sc_fp_field *f)
{
    uint64_t t[6];
    fp3_mul_product(t, a, b);
    redc3_asm(r, t, f);
}

void sc_fp_sqr_mont3_mulx(uint64_t r[3], const uint64_t a[3], const sc_fp_field *f)
{
    uint64_t t[6];
    fp3_sqr_product(t, a);
    redc3_asm(r, t, f);
}
#else
typedef int sc_fp_fused3_mulx_unused;
#endif
