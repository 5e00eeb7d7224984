/* fp: GF(p) element arithmetic through the field's reducer.
 *
 * Elements are fully reduced (0 <= a < p) in f->nw words.  Addition and
 * subtraction are word-serial with a final correction selected by a mask
 * (no branch on values); multiplication is sc_mp_mul / sc_mp_sqr followed by
 * f->reduce.  Every function here is constant time and allows r to alias
 * any input. */
#include <seacurve/fp.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>
#include <seacurve/opcount.h>
#include "util/dword.h"
#include "util/flash.h"

/* AVR assembly add / sub / neg (port/avr/gen/fp_addsub<N>.S, tools/gen_avr_fp.py,
 * docs/mote-asm.md) for the 20/24/28/32-byte fields at 8-bit limbs in firmware
 * builds with sc_fw_lib(... ASM); the C code below stays the fallback (and the
 * code for every other size).  f->nw is public, so the switch is no
 * secret-dependent branch; the routines read p from f->p.  Sizes of no field
 * of the build (SC_FP_AVR_<N> below) are left out of the switches. */
#if SC_WORD_BITS == 8 && defined(SC_AVR_ASM) && defined(__AVR__)
#include <fp_avr.h>
#  define SC_FP_AVR_ASM 1
/* Only the sizes of the build's fields (coordinate fields and group orders of
 * its curves) are in the switches, so an image links only the add / sub / neg
 * routines it can call (1.1 - 1.8 KB of flash each). */
/* secp160r1's field (recognised by its reducer: public) adds and subtracts by
 * sc_avr_fp_add160 / sub160, p's bytes constants in the code (about 100 and
 * 70 cycles less than the generic 20-byte routines; neg as 0 - a); the
 * generic 20-byte routines only with opf160 in the build (other 20-byte
 * fields take the C code) */
#  define SC_FP_AVR_160 SC_CURVE_SECP160R1
#  define SC_FP_AVR_20G SC_CURVE_OPF160
#  define SC_FP_AVR_24 (SC_CURVE_SECP192R1 || SC_CURVE_OPF192)
#  define SC_FP_AVR_28 (SC_CURVE_SECP224R1 || SC_CURVE_OPF224)
#  define SC_FP_AVR_32 (SC_CURVE_SECP256R1 || SC_CURVE_SECP256K1 || SC_CURVE_OPF256)
/* secp160r1's products and squares: sc_avr_mul20 / sqr20 (port/avr/gen/mp_*20.S)
 * and sc_avr_red160 called straight from fp_mul_c / fp_sqr_c, without the
 * size dispatch of sc_mp_mul and the call through f->reduce (the same
 * kernels, in the same order; the field is recognised by its reducer) */
#  if SC_FP_AVR_160
#    include <mp_avr.h>
#  endif
#endif

/* Optimal prime fields (f->reduce == sc_fp_reduce_opf) at 8-bit limbs on AVR:
 * the product kernel of port/avr/gen/mp_*.S and the reduction of fp_opf<N>.S called
 * directly (src/fp/opf_avr.h says when). */
#include "opf_avr.h"
#ifdef SC_FP_AVR_OPF_RED
#  define SC_FP_AVR_OPF_MUL 1
#endif

/* A counting build (SC_OPCOUNT) leaves out the fused MULX routines of
 * port/x86_64 so that the C paths, whose word multiplies the mp layer
 * counts, run; the counts of M, S, A, C are the same either way. */
#if defined(SC_OPCOUNT) && SC_OPCOUNT
#define FP_COUNTING 1
#else
#define FP_COUNTING 0
#endif

#if SC_WORD_BITS == 64
/* Fast paths at 64-bit limbs for the 3- and 4-word fields (160 to 256
 * bits): fixed-count loops that the compiler fully unrolls into one
 * add/adc (sub/sbb) chain per pass, with no call into mp; products from
 * mp/mul64.h fused with the field's reducer from reduce64.h (the reducer
 * is recognised by its address, a public property of the field).  Other
 * sizes and widths take the generic word-serial code below. */
#include "mp/mul64.h"
#include "reduce64.h"

#ifdef SC_MP_HAVE_MULX
/* The fused x86-64 multiplications, each a MULX product with the field's
 * reduction inlined, used where the switch of mp/accel.h is on (it is set
 * with the products' by sc_mp_set_accel): port/x86_64/mp_mont_mulx.c (the
 * P-256 and P-224 Montgomery multiplications), ep_p256_mulx.c (the P-256
 * Montgomery squaring), mp_secp256k1_mulx.c (the
 * secp256k1 multiplication and squaring), mp_fused3_mulx.c (the
 * 3-word fields' multiplication and squaring: secp160r1, P-192, generic
 * Montgomery) and mp_mont4_mulx.c (the 4-word generic Montgomery ones). */
#define SC_FP_HAVE_FUSED 1
void sc_fp_mul_p256_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void sc_fp_mul_p224_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void sc_fp_sqr_p256_mulx(uint64_t r[4], const uint64_t a[4]);
void sc_fp_mul_secp256k1_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void sc_fp_sqr_secp256k1_mulx(uint64_t r[4], const uint64_t a[4]);
void sc_fp_mul_secp160r1_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3]);
void sc_fp_sqr_secp160r1_mulx(uint64_t r[3], const uint64_t a[3]);
void sc_fp_mul_p192_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3]);
void sc_fp_sqr_p192_mulx(uint64_t r[3], const uint64_t a[3]);
void sc_fp_mul_mont3_mulx(uint64_t r[3], const uint64_t a[3], const uint64_t b[3], const sc_fp_field *f);
void sc_fp_sqr_mont3_mulx(uint64_t r[3], const uint64_t a[3], const sc_fp_field *f);
void sc_fp_mul_mont4_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const sc_fp_field *f);
void sc_fp_sqr_mont4_mulx(uint64_t r[4], const uint64_t a[4], const sc_fp_field *f);
#endif

#define FP64_INLINE static inline __attribute__((always_inline))

/* Word multiplies of the unrolled products below (opcount.h), counted as
 * sc_mp_mul / sc_mp_sqr count them: the MULX routines count their own, so
 * the C figure is added only when the C product ran. */
#ifdef SC_MP_HAVE_MULX
#  define FP64_OPC_PRODUCT(k) SC_OPC_W(mp64_use_mulx() ? 0 : (k))
#else
#  define FP64_OPC_PRODUCT(k) SC_OPC_W(k)
#endif

/* One word of an add-with-carry / subtract-with-borrow chain (c, bw are 0
 * or 1): the adc / sbb instructions through the compiler's intrinsics on
 * x86-64, 128-bit arithmetic elsewhere. */
#if defined(__x86_64__)
#include <x86intrin.h>
FP64_INLINE u64 fp64_adc(u64 x, u64 y, unsigned char *c)
{
    unsigned long long o;
    *c = _addcarry_u64(*c, x, y, &o);
    return (u64)o;
}

FP64_INLINE u64 fp64_sbb(u64 x, u64 y, unsigned char *bw)
{
    unsigned long long o;
    *bw = _subborrow_u64(*bw, x, y, &o);
    return (u64)o;
}
#else
FP64_INLINE u64 fp64_adc(u64 x, u64 y, unsigned char *c)
{
    u128 s = (u128)x + y + *c;
    *c = (unsigned char)(s >> 64);
    return (u64)s;
}

FP64_INLINE u64 fp64_sbb(u64 x, u64 y, unsigned char *bw)
{
    u128 d = (u128)x - y - *bw;
    *bw = (unsigned char)((d >> 64) & 1u);
    return (u64)d;
}
#endif

/* r = a + b mod p (a, b < p), n = 3 or 4 words (a constant after
 * inlining, so every "n == 4" test folds away): s = a + b (carry c),
 * d = s - p (borrow bw); d is taken when c = 1 or bw = 0. */
FP64_INLINE void fp64_add(u64 *r, const u64 *a, const u64 *b, const u64 *p, unsigned n)
{
    u64 s0, s1, s2, s3 = 0, d0, d1, d2, d3 = 0, m;
    unsigned char c = 0, bw = 0;
    s0 = fp64_adc(a[0], b[0], &c);
    s1 = fp64_adc(a[1], b[1], &c);
    s2 = fp64_adc(a[2], b[2], &c);
    if (n == 4)
        s3 = fp64_adc(a[3], b[3], &c);
    d0 = fp64_sbb(s0, p[0], &bw);
    d1 = fp64_sbb(s1, p[1], &bw);
    d2 = fp64_sbb(s2, p[2], &bw);
    if (n == 4)
        d3 = fp64_sbb(s3, p[3], &bw);
    m = (u64)0 - (u64)(c | (bw ^ 1u));
    r[0] = s0 ^ (m & (s0 ^ d0));
    r[1] = s1 ^ (m & (s1 ^ d1));
    r[2] = s2 ^ (m & (s2 ^ d2));
    if (n == 4)
        r[3] = s3 ^ (m & (s3 ^ d3));
}

/* r = a - b mod p: d = a - b, plus p masked by the borrow.  The words of
 * p are read and masked before the first store to r and r is written last,
 * so the compiler keeps one add chain with no reload (r may alias p as far
 * as it knows). */
FP64_INLINE void fp64_sub(u64 *r, const u64 *a, const u64 *b, const u64 *p, unsigned n)
{
    u64 d0, d1, d2, d3 = 0, q0, q1, q2, q3 = 0, m;
    unsigned char bw = 0, c = 0;
    d0 = fp64_sbb(a[0], b[0], &bw);
    d1 = fp64_sbb(a[1], b[1], &bw);
    d2 = fp64_sbb(a[2], b[2], &bw);
    if (n == 4)
        d3 = fp64_sbb(a[3], b[3], &bw);
    m = (u64)0 - (u64)bw;
    q0 = p[0] & m;
    q1 = p[1] & m;
    q2 = p[2] & m;
    if (n == 4)
        q3 = p[3] & m;
    d0 = fp64_adc(d0, q0, &c);
    d1 = fp64_adc(d1, q1, &c);
    d2 = fp64_adc(d2, q2, &c);
    if (n == 4)
        d3 = fp64_adc(d3, q3, &c);
    r[0] = d0;
    r[1] = d1;
    r[2] = d2;
    if (n == 4)
        r[3] = d3;
}

/* r = -a mod p = (p - a) masked to 0 when a = 0. */
/* r = p - a, or a itself where mask is 0 or a = 0 (then -a = 0 = a) */
FP64_INLINE void fp64_cneg(u64 *r, const u64 *a, u64 mask, const u64 *p, unsigned n)
{
    u64 d[4], z = 0, m;
    unsigned char bw = 0;
    unsigned i;
    for (i = 0; i < n; i++) {
        z |= a[i];
        d[i] = fp64_sbb(p[i], a[i], &bw);
    }
    m = mask & ((u64)0 - ((z | ((u64)0 - z)) >> 63));
    for (i = 0; i < n; i++)
        r[i] = a[i] ^ (m & (a[i] ^ d[i]));
}

FP64_INLINE void fp64_neg(u64 *r, const u64 *a, const u64 *p, unsigned n)
{
    u64 d0, d1, d2, d3 = 0, z, m;
    unsigned char bw = 0;
    z = a[0] | a[1] | a[2];
    d0 = fp64_sbb(p[0], a[0], &bw);
    d1 = fp64_sbb(p[1], a[1], &bw);
    d2 = fp64_sbb(p[2], a[2], &bw);
    if (n == 4) {
        z |= a[3];
        d3 = fp64_sbb(p[3], a[3], &bw);
    }
    m = (u64)0 - ((z | ((u64)0 - z)) >> 63);
    r[0] = d0 & m;
    r[1] = d1 & m;
    r[2] = d2 & m;
    if (n == 4)
        r[3] = d3 & m;
}

/* t (2n words, clobbered) -> r through the field's reducer, inlined for the
 * reducers of the 3- and 4-word fields. */
FP64_INLINE void fp64_reduce(u64 *r, u64 *t, const sc_fp_field *f, unsigned n)
{
    sc_fp_reduce_fn red = f->reduce;
    /* word multiplies (opcount.h) as in reduce_mont.c: REDC n^2 + n, the
     * P-256 and OPF rows one each, the P-224 rows none; the special plain
     * reducers' multiplies by their small constants are not counted */
    if (n == 4) {
        if (red == sc_fp_reduce_p256_mont) {
            SC_OPC_W(4);
            fp64_redc_p256(r, t);
        } else if (red == sc_fp_reduce_p224_mont) {
            fp64_redc_p224(r, t);
        } else if (red == sc_fp_reduce_mont) {
            SC_OPC_W(20);
            fp64_redc4(r, t, f);
        } else if (red == sc_fp_reduce_opf && f->p[1] == 0 && f->p[2] == 0) {
            SC_OPC_W(4);
            fp64_redc_opf(r, t, f->p, 4);
        } else if (red == sc_fp_reduce_secp256k1) {
            fp64_red_secp256k1(r, t);
        } else if (red == sc_fp_reduce_p224) {
            fp64_red_p224(r, t);
        } else if (red == sc_fp_reduce_p256) {
            fp64_red_p256(r, t);
        } else {
            red(r, t, f);
        }
    } else {
        if (red == sc_fp_reduce_secp160r1) {
            fp64_red_secp160r1(r, t);
        } else if (red == sc_fp_reduce_p192) {
            fp64_red_p192(r, t);
        } else if (red == sc_fp_reduce_mont) {
            SC_OPC_W(12);
            fp64_redc3(r, t, f);
        } else if (red == sc_fp_reduce_opf && f->p[1] == 0) {
            SC_OPC_W(3);
            fp64_redc_opf(r, t, f->p, 3);
        } else {
            red(r, t, f);
        }
    }
}

/* Run stmt with the word count n a compile-time 4 or 3 when f->nw is. */
#define FP64_DISPATCH(f, stmt) do {                                          \
        if ((f)->nw == 4) { const unsigned n_ = 4; stmt; return; }          \
        if ((f)->nw == 3) { const unsigned n_ = 3; stmt; return; }          \
    } while (0)
#else
#define FP64_DISPATCH(f, stmt) ((void)0)
#endif

size_t sc_fp_bytes(const sc_fp_field *f)
{
    return ((size_t)f->bits + 7) / 8;
}

/* The assembly add / sub / neg for the field's size (1 when one ran), called
 * by the entry points before the C versions below set up their frames (their
 * local arrays and saved registers cost more than the routines' own
 * overhead); the C versions are kept out of line for that. */
#ifdef SC_FP_AVR_ASM
#  define FP_C_NOINLINE __attribute__((noinline))
#  define FP_AVR_INLINE static inline __attribute__((always_inline))
FP_AVR_INLINE int fp_add_avr(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
#  if SC_FP_AVR_160
    if (f->reduce == sc_fp_reduce_secp160r1) {
        sc_avr_fp_add160(r, a, b);
        return 1;
    }
#  endif
    switch (f->nw) {
#if SC_FP_AVR_20G
    case 20: sc_avr_fp_add20(r, a, b, f->p); return 1;
#endif
#if SC_FP_AVR_24
    case 24: sc_avr_fp_add24(r, a, b, f->p); return 1;
#endif
#if SC_FP_MAXW >= 28 && SC_FP_AVR_28
    case 28: sc_avr_fp_add28(r, a, b, f->p); return 1;
#endif
#if SC_FP_MAXW >= 32 && SC_FP_AVR_32
    case 32: sc_avr_fp_add32(r, a, b, f->p); return 1;
#endif
    default: return 0;
    }
}

FP_AVR_INLINE int fp_sub_avr(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
#  if SC_FP_AVR_160
    if (f->reduce == sc_fp_reduce_secp160r1) {
        sc_avr_fp_sub160(r, a, b);
        return 1;
    }
#  endif
    switch (f->nw) {
#if SC_FP_AVR_20G
    case 20: sc_avr_fp_sub20(r, a, b, f->p); return 1;
#endif
#if SC_FP_AVR_24
    case 24: sc_avr_fp_sub24(r, a, b, f->p); return 1;
#endif
#if SC_FP_MAXW >= 28 && SC_FP_AVR_28
    case 28: sc_avr_fp_sub28(r, a, b, f->p); return 1;
#endif
#if SC_FP_MAXW >= 32 && SC_FP_AVR_32
    case 32: sc_avr_fp_sub32(r, a, b, f->p); return 1;
#endif
    default: return 0;
    }
}

FP_AVR_INLINE int fp_neg_avr(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
#  if SC_FP_AVR_160
    /* -a = 0 - a by the subtraction (neg is rare: no routine of its own, 304
     * bytes of flash less) */
    if (f->reduce == sc_fp_reduce_secp160r1) {
        sc_word z[20] = { 0 };
        sc_avr_fp_sub160(r, z, a);
        return 1;
    }
#  endif
    switch (f->nw) {
#if SC_FP_AVR_20G
    case 20: sc_avr_fp_neg20(r, a, f->p); return 1;
#endif
#if SC_FP_AVR_24
    case 24: sc_avr_fp_neg24(r, a, f->p); return 1;
#endif
#if SC_FP_MAXW >= 28 && SC_FP_AVR_28
    case 28: sc_avr_fp_neg28(r, a, f->p); return 1;
#endif
#if SC_FP_MAXW >= 32 && SC_FP_AVR_32
    case 32: sc_avr_fp_neg32(r, a, f->p); return 1;
#endif
    default: return 0;
    }
}
#  define FP_AVR_RUN(call) do { if (call) return; } while (0)
#else
#  define FP_C_NOINLINE
#  define FP_AVR_RUN(call) ((void)0)
#endif

/* Cortex-M3 / M4 assembly (port/cortexm/fp_addsub8.S, docs/mote.md "Cortex-M"): addition and
 * subtraction modulo the 8-word primes (P-256, secp256k1), where the library is built with
 * SC_CM_ASM for ARMv7-M: the formulas of fp_add / fp_sub below (which serve the other sizes;
 * the Cortex-M KAT image checks the kernels against them). f->nw is public. */
#if SC_WORD_BITS == 32 && defined(SC_CM_ASM) && (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)) && \
    SC_FP_MAXW >= 8
#include <mp_cm.h>
#  define FP_CM_ADD(r, a, b, f) do { if ((f)->nw == 8) { sc_cm_fp_add8(r, a, b, (f)->p); return; } } while (0)
#  define FP_CM_SUB(r, a, b, f) do { if ((f)->nw == 8) { sc_cm_fp_sub8(r, a, b, (f)->p); return; } } while (0)
#else
#  define FP_CM_ADD(r, a, b, f) ((void)0)
#  define FP_CM_SUB(r, a, b, f) ((void)0)
#endif

/* The MSP430 modular addition and subtraction (port/msp430/mp/fp_addsub.S, the same
 * formulas as fp_add / fp_sub below, any size): firmware builds with SC_MSP430_ASM; the
 * firmware test compares the two. */
#if SC_WORD_BITS == 16 && defined(SC_MSP430_ASM) && defined(__MSP430__)
#include <mp_msp430.h>
#  define FP_MSP430_ADD(r, a, b, f) do { sc_msp430_fp_add(r, a, b, (f)->p, (f)->nw); return; } while (0)
#  define FP_MSP430_SUB(r, a, b, f) do { sc_msp430_fp_sub(r, a, b, (f)->p, (f)->nw); return; } while (0)
#else
#  define FP_MSP430_ADD(r, a, b, f) ((void)0)
#  define FP_MSP430_SUB(r, a, b, f) ((void)0)
#endif

/* r = a + b mod p: s = a + b (carry c), t = s - p (borrow bw); take t when
 * c = 1 or bw = 0.  Needs a, b < p.  Shared by sc_fp_add and sc_fp_dbl
 * (which count differently). */
FP_C_NOINLINE static void fp_add(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    size_t n;
    sc_word s[SC_FP_MAXW], t[SC_FP_MAXW], c;
    FP64_DISPATCH(f, fp64_add(r, a, b, f->p, n_));
    n = f->nw;
    c = sc_mp_add(s, a, b, n);
    sc_word bw = sc_mp_sub(t, s, f->p, n);
    sc_word mask = (sc_word)((sc_word)0 - (sc_word)(c | (sc_word)(bw ^ 1u)));
    sc_mp_cmov(s, t, mask, n);
    sc_mp_copy(r, s, n);
}

void sc_fp_add(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    SC_OPC(add, 1);
    FP_AVR_RUN(fp_add_avr(r, a, b, f));
    FP_CM_ADD(r, a, b, f);
    FP_MSP430_ADD(r, a, b, f);
    fp_add(r, a, b, f);
}

/* r = a - b mod p: d = a - b, add p back under the borrow mask. */
FP_C_NOINLINE static void fp_sub(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    size_t n, i;
    sc_word d[SC_FP_MAXW], bw, mask, c = 0;
    FP64_DISPATCH(f, fp64_sub(r, a, b, f->p, n_));
    n = f->nw;
    bw = sc_mp_sub(d, a, b, n);
    mask = (sc_word)((sc_word)0 - bw);
    for (i = 0; i < n; i++) {
        sc_dword s = (sc_dword)((sc_dword)d[i] + (sc_word)(f->p[i] & mask) + c);
        r[i] = (sc_word)s;
        c = (sc_word)(s >> SC_WORD_BITS);
    }
}

/* r = -a mod p = (p - a) masked to 0 when a = 0. */
FP_C_NOINLINE static void fp_neg(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    size_t n, i;
    sc_word nz, d[SC_FP_MAXW];
    FP64_DISPATCH(f, fp64_neg(r, a, f->p, n_));
    n = f->nw;
    nz = (sc_word)~sc_mp_is_zero(a, n);
    sc_mp_sub(d, f->p, a, n);
    for (i = 0; i < n; i++)
        r[i] = (sc_word)(d[i] & nz);
}

void sc_fp_sub(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    SC_OPC(add, 1);
    FP_AVR_RUN(fp_sub_avr(r, a, b, f));
    FP_CM_SUB(r, a, b, f);
    FP_MSP430_SUB(r, a, b, f);
    fp_sub(r, a, b, f);
}

void sc_fp_neg(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    SC_OPC(add, 1);
    FP_AVR_RUN(fp_neg_avr(r, a, f));
    fp_neg(r, a, f);
}

/* r = 2a mod p: counted as a multiplication by a small constant (C). */
void sc_fp_dbl(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    SC_OPC(smul, 1);
    FP_AVR_RUN(fp_add_avr(r, a, a, f));
    FP_CM_ADD(r, a, a, f);
    FP_MSP430_ADD(r, a, a, f);
    fp_add(r, a, a, f);
}

#ifdef SC_FP_AVR_OPF_MUL
/* r = a b R^-1 (sqr: a^2 R^-1) for an OPF field of 20/24/28/32 bytes (up to
 * SC_FP_MAXW) by sc_avr_opf_mul<N> / sqr<N> (the product kernel and the
 * reduction in one routine, the product on its stack): 1 when one ran, 0 where
 * they do not apply (src/fp/opf_avr.h).  r may alias a or b.  Counts as
 * sc_mp_mul / sc_mp_sqr and sc_fp_reduce_opf.
 * The C paths are kept out of line (FP_MUL_NOINLINE below) so that this one
 * runs without their frame. */
/* u of p = u 2^(8n-16) + 1, 0xFFFF where the kernels do not apply: opf_avr.h's
 * sc_fp_opf_avr_u with the size a constant (6 cycles less per call) */
#define FP_OPF_U(f, n) \
    ((f)->p[(n) - 3] == 0 ? (uint16_t)((f)->p[(n) - 2] | ((uint16_t)(f)->p[(n) - 1] << 8)) : 0xFFFFu)
#define FP_OPF_CASE(n, call, prod)                                                  \
    case n: {                                                                       \
        uint16_t u_ = FP_OPF_U(f, n);                                               \
        if (u_ == 0xFFFFu)                                                          \
            return 0;                                                               \
        SC_OPC_W((size_t)(prod) + (size_t)(n) * ((f)->p[(n) - 2] ? 2 : 1));         \
        call;                                                                       \
        return 1;                                                                   \
    }
static inline __attribute__((always_inline)) int fp_opf_mul_avr(sc_word *r, const sc_word *a,
                                                                 const sc_word *b, const sc_fp_field *f)
{
    if (f->reduce != sc_fp_reduce_opf)
        return 0;
    switch (f->nw) {
#if SC_FP_OPF_AVR_20
    FP_OPF_CASE(20, sc_avr_opf_mul20(r, a, b, u_), 20 * 20)
#endif
#if SC_FP_OPF_AVR_24
    FP_OPF_CASE(24, sc_avr_opf_mul24(r, a, b, u_), 24 * 24)
#endif
#if SC_FP_OPF_AVR_28
    FP_OPF_CASE(28, sc_avr_opf_mul28(r, a, b, u_), 28 * 28)
#endif
#if SC_FP_OPF_AVR_32
    FP_OPF_CASE(32, sc_avr_opf_mul32(r, a, b, u_), 32 * 32)
#endif
    default: return 0;
    }
}
static inline __attribute__((always_inline)) int fp_opf_sqr_avr(sc_word *r, const sc_word *a,
                                                                 const sc_fp_field *f)
{
    if (f->reduce != sc_fp_reduce_opf)
        return 0;
    switch (f->nw) {
#if SC_FP_OPF_AVR_20
    FP_OPF_CASE(20, sc_avr_opf_sqr20(r, a, u_), 20 * 21 / 2)
#endif
#if SC_FP_OPF_AVR_24
    FP_OPF_CASE(24, sc_avr_opf_sqr24(r, a, u_), 24 * 25 / 2)
#endif
#if SC_FP_OPF_AVR_28
    FP_OPF_CASE(28, sc_avr_opf_sqr28(r, a, u_), 28 * 29 / 2)
#endif
#if SC_FP_OPF_AVR_32
    FP_OPF_CASE(32, sc_avr_opf_sqr32(r, a, u_), 32 * 33 / 2)
#endif
    default: return 0;
    }
}
#  define FP_MUL_NOINLINE __attribute__((noinline))
#elif defined(SC_FP_AVR_ASM) && SC_FP_AVR_160
/* inside sc_fp_mul / sc_fp_sqr, their only callers: no call level more */
#  define FP_MUL_NOINLINE inline __attribute__((always_inline))
#else
#  define FP_MUL_NOINLINE
#endif

/* The C products and reducers (the 64-bit fast paths of mp/mul64.h and
 * reduce64.h, or mp + f->reduce).  Kept out of line so that the fused MULX
 * routines below are reached without this frame (six saved registers and
 * the product buffer). */
#if SC_WORD_BITS == 64
__attribute__((noinline))
#endif
FP_MUL_NOINLINE static void fp_mul_c(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    sc_word t[2 * SC_FP_MAXW];
#if SC_WORD_BITS == 64
    if (f->nw == 4) {
        FP64_OPC_PRODUCT(16);
        mp64_mul4_best(t, a, b);
        fp64_reduce(r, t, f, 4);
        return;
    }
    if (f->nw == 3) {
        FP64_OPC_PRODUCT(9);
        mp64_mul3_best(t, a, b);
        fp64_reduce(r, t, f, 3);
        return;
    }
#endif
#if defined(SC_FP_AVR_ASM) && SC_FP_AVR_160
    if (f->reduce == sc_fp_reduce_secp160r1) {
        SC_OPC_W(20 * 20);
        sc_avr_mul20(t, a, b);
        sc_avr_red160(r, t);
        return;
    }
#endif
    sc_mp_mul(t, a, b, f->nw);
    f->reduce(r, t, f);
}

#if SC_WORD_BITS == 64
__attribute__((noinline))
#endif
FP_MUL_NOINLINE static void fp_sqr_c(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_word t[2 * SC_FP_MAXW];
#if SC_WORD_BITS == 64
    if (f->nw == 4) {
        FP64_OPC_PRODUCT(10);
        mp64_sqr4_best(t, a);
        fp64_reduce(r, t, f, 4);
        return;
    }
    if (f->nw == 3) {
        FP64_OPC_PRODUCT(6);
        mp64_sqr3_best(t, a);
        fp64_reduce(r, t, f, 3);
        return;
    }
#endif
#if defined(SC_FP_AVR_ASM) && SC_FP_AVR_160
    if (f->reduce == sc_fp_reduce_secp160r1) {
        SC_OPC_W(20 * 21 / 2);
        sc_avr_sqr20(t, a);
        sc_avr_red160(r, t);
        return;
    }
#endif
    sc_mp_sqr(t, a, f->nw);
    f->reduce(r, t, f);
}

/* Multiplication and squaring: the fused MULX routines of port/x86_64 for
 * P-256, P-224 (Montgomery), secp256k1, secp160r1, P-192 and the 3- and 4-word
 * Montgomery fields (generic REDC with the field's pinv: also the optimal
 * primes opf160 to opf256, where it measured faster than the C product
 * with the one-multiply OPF rows) where they are on (CPUID, sc_mp_set_accel), recognised by the
 * field's reducer (a public property of the field); the C path otherwise.
 * A field derived with sc_fp_field_derive (fp_methods.h) reaches a fused
 * routine only with the reducer and modulus that routine is for (the
 * derivation refuses a special reducer on another prime), so the address
 * test stays sound; the 3-word Montgomery routine reads p and pinv from
 * the field. */
void sc_fp_mul(sc_word *r, const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    SC_OPC(mul, 1);
#if defined(SC_FP_HAVE_FUSED) && !FP_COUNTING
    if (mp64_use_fused()) {
        sc_fp_reduce_fn red = f->reduce;
        if (f->nw == 4) {
            if (red == sc_fp_reduce_p256_mont) {
                sc_fp_mul_p256_mulx(r, a, b);
                return;
            }
            if (red == sc_fp_reduce_p224_mont) {
                sc_fp_mul_p224_mulx(r, a, b);
                return;
            }
            if (red == sc_fp_reduce_secp256k1) {
                sc_fp_mul_secp256k1_mulx(r, a, b);
                return;
            }
            if (red == sc_fp_reduce_mont || red == sc_fp_reduce_opf) {
                sc_fp_mul_mont4_mulx(r, a, b, f);
                return;
            }
        } else if (f->nw == 3) {
            if (red == sc_fp_reduce_mont || red == sc_fp_reduce_opf) {
                sc_fp_mul_mont3_mulx(r, a, b, f);
                return;
            }
            if (red == sc_fp_reduce_secp160r1) {
                sc_fp_mul_secp160r1_mulx(r, a, b);
                return;
            }
            if (red == sc_fp_reduce_p192) {
                sc_fp_mul_p192_mulx(r, a, b);
                return;
            }
        }
    }
#endif
#ifdef SC_FP_AVR_OPF_MUL
    if (fp_opf_mul_avr(r, a, b, f))
        return;
#endif
    fp_mul_c(r, a, b, f);
}

void sc_fp_sqr(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    SC_OPC(sqr, 1);
#if defined(SC_FP_HAVE_FUSED) && !FP_COUNTING
    if (mp64_use_fused()) {
        sc_fp_reduce_fn red = f->reduce;
        if (f->nw == 4) {
            if (red == sc_fp_reduce_p256_mont) {
                sc_fp_sqr_p256_mulx(r, a);
                return;
            }
            if (red == sc_fp_reduce_p224_mont) {
                sc_fp_mul_p224_mulx(r, a, a);
                return;
            }
            if (red == sc_fp_reduce_secp256k1) {
                sc_fp_sqr_secp256k1_mulx(r, a);
                return;
            }
            if (red == sc_fp_reduce_mont || red == sc_fp_reduce_opf) {
                sc_fp_sqr_mont4_mulx(r, a, f);
                return;
            }
        } else if (f->nw == 3) {
            if (red == sc_fp_reduce_mont || red == sc_fp_reduce_opf) {
                sc_fp_sqr_mont3_mulx(r, a, f);
                return;
            }
            if (red == sc_fp_reduce_secp160r1) {
                sc_fp_sqr_secp160r1_mulx(r, a);
                return;
            }
            if (red == sc_fp_reduce_p192) {
                sc_fp_sqr_p192_mulx(r, a);
                return;
            }
        }
    }
#endif
#ifdef SC_FP_AVR_OPF_MUL
    if (fp_opf_sqr_avr(r, a, f))
        return;
#endif
    fp_sqr_c(r, a, f);
}

/* Word loops with the count n as a parameter: inlined with a constant n by
 * the 64-bit dispatch, with f->nw otherwise. */
static inline sc_word fp_or(const sc_word *a, size_t n)
{
    sc_word d = 0;
    size_t i;
    for (i = 0; i < n; i++)
        d |= a[i];
    return d;
}

static inline sc_word fp_diff(const sc_word *a, const sc_word *b, size_t n)
{
    sc_word d = 0;
    size_t i;
    for (i = 0; i < n; i++)
        d |= (sc_word)(a[i] ^ b[i]);
    return d;
}

static inline void fp_cmov(sc_word *r, const sc_word *a, sc_word mask, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        r[i] = (sc_word)(r[i] ^ (mask & (r[i] ^ a[i])));
}

static inline void fp_copy(sc_word *r, const sc_word *a, size_t n)
{
#if SC_WORD_BITS == 8
    /* a byte count down to zero and moving pointers: LD, ST, DEC, BRNE on
     * AVR (7 cycles a byte against 14 for the indexed loop); n >= 1 */
    uint8_t k = (uint8_t)n;
    do
        *r++ = *a++;
    while (--k);
#else
    size_t i;
    for (i = 0; i < n; i++)
        r[i] = a[i];
#endif
}

static inline void fp_zero(sc_word *r, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        r[i] = 0;
}

sc_word sc_fp_is_zero(const sc_word *a, const sc_fp_field *f)
{
#if SC_WORD_BITS == 64
    if (f->nw == 4)
        return sc_ct_mask_z(fp_or(a, 4));
    if (f->nw == 3)
        return sc_ct_mask_z(fp_or(a, 3));
#endif
    return sc_ct_mask_z(fp_or(a, f->nw));
}

sc_word sc_fp_eq(const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
#if SC_WORD_BITS == 64
    if (f->nw == 4)
        return sc_ct_mask_z(fp_diff(a, b, 4));
    if (f->nw == 3)
        return sc_ct_mask_z(fp_diff(a, b, 3));
#endif
    return sc_ct_mask_z(fp_diff(a, b, f->nw));
}

void sc_fp_cmov(sc_word *r, const sc_word *a, sc_word mask, const sc_fp_field *f)
{
    FP64_DISPATCH(f, fp_cmov(r, a, mask, n_));
    fp_cmov(r, a, mask, f->nw);
}

void sc_fp_copy(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    FP64_DISPATCH(f, fp_copy(r, a, n_));
    fp_copy(r, a, f->nw);
}

void sc_fp_cneg(sc_word *r, const sc_word *a, sc_word mask, const sc_fp_field *f)
{
    sc_fe d;
    SC_OPC(add, 1);
    FP64_DISPATCH(f, fp64_cneg(r, a, mask, f->p, n_));
    fp_neg(d, a, f);
    fp_copy(r, a, f->nw);
    fp_cmov(r, d, mask, f->nw);
    sc_memzero(d, sizeof d);
}

void sc_fp_set_zero(sc_word *r, const sc_fp_field *f)
{
    FP64_DISPATCH(f, fp_zero(r, n_));
    fp_zero(r, f->nw);
}

void sc_fp_set_one(sc_word *r, const sc_fp_field *f)
{
#if SC_FP_CONSTS_IN_FLASH
    if (f->mont) {
        sc_flash_cpy(r, f->rp, f->nw * sizeof(sc_word));
    } else {
        fp_zero(r, f->nw);
        r[0] = 1;
    }
#else
    FP64_DISPATCH(f, fp_copy(r, f->one, n_));
    fp_copy(r, f->one, f->nw);
#endif
}

unsigned sc_fp_is_odd(const sc_word *a, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW];
    sc_fp_to_canon(c, a, f);
    return (unsigned)(c[0] & 1u);
}

/* Montgomery fields: from = REDC(a * R^2) = a R mod p; to = REDC(a) = a R^-1. */
/* R^2 read from flash on AVR into a frame of its own, so that the plain
 * fields' path (a copy) has none */
__attribute__((noinline)) static void fp_to_mont(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_word t[SC_FP_MAXW];
    sc_fp_mul(r, a, sc_flash_words(t, f->r2, f->nw), f);
}

void sc_fp_from_canon(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    if (f->mont)
        fp_to_mont(r, a, f);
    else
        sc_mp_copy(r, a, f->nw);
}

void sc_fp_to_canon(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    if (f->mont) {
        sc_word t[2 * SC_FP_MAXW];
        size_t n = f->nw;
        sc_mp_copy(t, a, n);
        sc_mp_zero(t + n, n);
        f->reduce(r, t, f);
    } else {
        sc_mp_copy(r, a, f->nw);
    }
}

sc_err sc_fp_from_bytes(sc_word *r, const uint8_t *in, size_t len, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW], t[SC_FP_MAXW];
    size_t n = f->nw;
    sc_mp_zero(r, n);
    if (len != sc_fp_bytes(f))
        return SC_ERR_LENGTH;
    if (sc_mp_from_be(c, n, in, len) != 0)
        return SC_ERR_RANGE;
    /* in range iff c - p borrows */
    if (sc_mp_sub(t, c, f->p, n) == 0)
        return SC_ERR_RANGE;
    sc_fp_from_canon(r, c, f);
    return SC_OK;
}

void sc_fp_to_bytes(uint8_t *out, const sc_word *a, const sc_fp_field *f)
{
    sc_word c[SC_FP_MAXW];
    sc_fp_to_canon(c, a, f);
    sc_mp_to_be(out, sc_fp_bytes(f), c, f->nw);
}

#if SC_WORD_BITS == 64
/* c = t mod p for t < 2^(bits(p) - 1 + e) in nw + 1 words (the top one 0):
 * the restoring division from its first possible step, e masked
 * subtractions of p 2^j for j = e-1 .. 0 (t < 2^(j+1) p before each, as
 * p >= 2^(bits(p) - 1)).  e is public; constant time in t. */
static void fp_mod_short(sc_word *c, sc_word *t, unsigned e, const sc_fp_field *f)
{
    const size_t nw = f->nw;
    sc_word pj[SC_FP_MAXW + 1], d[SC_FP_MAXW + 1];
    size_t i;
    while (e-- > 0) {
        pj[nw] = e ? f->p[nw - 1] >> (SC_WORD_BITS - e) : 0;
        for (i = nw; i-- > 0;)
            pj[i] = (f->p[i] << e) | (e && i ? f->p[i - 1] >> (SC_WORD_BITS - e) : 0);
        sc_mp_cmov(t, d, sc_mp_sub(d, t, pj, nw + 1) - 1u, nw + 1);
    }
    sc_mp_copy(c, t, nw);
    sc_memzero(d, sizeof d);
}
#endif

/* One path for every length: sc_mp_mod starts its division from the top
 * words of the input that are below p, so an input no longer than p (ECDSA's
 * x(R) and digests) takes at most a word's worth of its steps; at 64-bit
 * limbs such an input starts at its first possible step instead
 * (fp_mod_short: 8 steps for a 21-byte digest modulo secp160r1's 161-bit n,
 * against 64). */
sc_err sc_fp_from_bytes_reduce(sc_word *r, const uint8_t *in, size_t len, const sc_fp_field *f)
{
    sc_word t[SC_WORDS(16 * SC_FP_MAXBYTES) + 1], c[SC_FP_MAXW];
    size_t nt;
    sc_mp_zero(r, f->nw);
    if (len > 2 * SC_FP_MAXBYTES)
        return SC_ERR_LENGTH;
    nt = SC_WORDS(8 * len);
    if (nt == 0)
        return SC_OK;
    sc_mp_from_be(t, nt, in, len);
#if SC_WORD_BITS == 64
    if (nt <= f->nw && 8 * len < (size_t)f->bits + SC_WORD_BITS) {
        size_t i;
        for (i = nt; i <= f->nw; i++)
            t[i] = 0;
        fp_mod_short(c, t, 8 * len >= f->bits ? (unsigned)(8 * len - f->bits + 1) : 0, f);
    } else
#endif
        sc_mp_mod(c, t, nt, f->p, f->nw);
    sc_fp_from_canon(r, c, f);
    sc_memzero(t, sizeof t);
    sc_memzero(c, sizeof c);
    return SC_OK;
}
