/* P-192 Jacobian point arithmetic at 64-bit limbs with every field
 * operation inlined: the point formulas of ep_jac_mulx.h (those of
 * src/ep/ep.c for a = -3: the doubling with M = 3 (X1 - Z1^2)(X1 + Z1^2),
 * madd-2004-hmv, add-1998-cmo-2) over the 3-word MULX multiplication and
 * squaring with the reduction mod p = 2^192 - 2^64 - 1 (Solinas) and the branch-free
 * addition, subtraction, doubling and halving of fp3_mulx.h: no call and
 * no dispatch per field operation.
 *
 * Field elements are three words, plain form, fully reduced (< p), as
 * src/fp/fp.c keeps them for this field; every routine here returns fully
 * reduced values, so the points are bit-identical to those of the generic
 * formulas of src/ep/ep.c (the same formulas, the same representatives),
 * which tests/test_ep.c checks on random and exceptional inputs.
 * Constant time: no branch and no memory index depends on the values (the
 * mode of the additions is a public parameter).  Used by src/ep/ep.c for
 * the P-192 field where the fused field kernels are on (CPUID BMI2 +
 * ADX, sc_mp_set_accel). */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>
#include <seacurve/ep.h>
#include "fp3_mulx.h"

typedef uint64_t u64;

void sc_ep_dbl_p192_mulx(sc_ep_jac *q);
u64 sc_ep_madd_p192_mulx(sc_ep_jac *o, const sc_ep_jac *p, const u64 *qx, const u64 *qy, u64 *a, u64 *b,
                              u64 *h_out, int mode);
u64 sc_ep_add_p192_mulx(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const u64 *zc, int mode);

#define fp3_is_zero_p192 fp3_is_zero
#define FE_NW 3
#define FE(op) fp3_##op##_p192
#define EPJ(op) sc_ep_##op##_p192_mulx
#include "ep_jac_mulx.h"
#else
typedef int sc_ep_p192_mulx_unused;
#endif
