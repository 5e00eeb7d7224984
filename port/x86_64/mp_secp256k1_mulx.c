/* secp256k1 field multiplication and squaring at 64-bit limbs, each fused
 * into one routine: the inline MULX product (or squaring) and
 * pseudo-Mersenne reduction of secp256k1_mulx.h (which states the
 * algorithms and bounds), out of line for the field layer.  r = a b mod p
 * (a^2 mod p) < p for any a, b < 2^256; r may alias a or b.  Constant time.
 * Used by src/fp/fp.c for the secp256k1 field when CPUID reports BMI2 and
 * ADX and sc_mp_set_accel has not turned it off; tests/test_fp.c compares
 * it with the C path and with OpenSSL BN, and tests/ct_valgrind.c runs it
 * on secret inputs. */
#include <seacurve/config.h>

#if SC_WORD_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <stdint.h>
#include "secp256k1_mulx.h"

void sc_fp_mul_secp256k1_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void sc_fp_sqr_secp256k1_mulx(uint64_t r[4], const uint64_t a[4]);

void sc_fp_mul_secp256k1_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    k1_mul_mulx(r, a, b);
}

void sc_fp_sqr_secp256k1_mulx(uint64_t r[4], const uint64_t a[4])
{
    k1_sqr_mulx(r, a);
}
#endif
