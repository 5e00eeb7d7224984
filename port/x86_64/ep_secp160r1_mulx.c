/* secp160r1 Jacobian point arithmetic at 64-bit limbs with every field
 * operation inlined: the point formulas of ep_jac_mulx.h (those of
 * src/ep/ep.c for a = -3: the doubling with M = 3 (X1 - Z1^2)(X1 + Z1^2),
 * madd-2004-hmv, add-1998-cmo-2) over the 3-word MULX multiplication and
 * squaring and the branch-free addition, subtraction, doubling and halving
 * of fp3_mulx.h, on lazy values: any three words congruent mod p = 2^160 -
 * 2^31 - 1, their excess over 2^192 folded at a word boundary as 2^192 =
 * 2^63 + 2^32 (mod p), with no shift by the 160 bits of p (FE_LAZY).  No
 * call and no dispatch per field operation.
 *
 * The points taken and returned are in plain form, fully reduced (< p), as
 * src/fp/fp.c keeps them: each coordinate is reduced once written, and H
 * and R are reduced before their zero test, so the points are
 * bit-identical to those of the generic formulas of src/ep/ep.c, which
 * tests/test_ep.c checks on random and exceptional inputs.
 * Constant time: no branch and no memory index depends on the values (the
 * mode of the additions is a public parameter).  Used by src/ep/ep.c for
 * the secp160r1 field where the fused field kernels are on (CPUID BMI2 +
 * ADX, sc_mp_set_accel). */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>
#include <seacurve/ep.h>
#include "fp3_mulx.h"

typedef uint64_t u64;

void sc_ep_dbl_secp160r1_mulx(sc_ep_jac *q);
u64 sc_ep_madd_secp160r1_mulx(sc_ep_jac *o, const sc_ep_jac *p, const u64 *qx, const u64 *qy, u64 *a, u64 *b,
                              u64 *h_out, int mode);
u64 sc_ep_add_secp160r1_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const u64 *zc, int mode);

#define FE_NW 3
#define FE_LAZY
#define FE(op) fp3_##op##l_secp160r1
#define fp3_canonl_secp160r1 fp3_canon_secp160r1 /* FE(canon), FE(mulc): results reduced */
#define fp3_mulcl_secp160r1 fp3_mulc_secp160r1
#define EPJ(op) sc_ep_##op##_secp160r1_mulx
#include "ep_jac_mulx.h"
#else
typedef int sc_ep_secp160r1_mulx_unused;
#endif
