/* port/msp430/mp/mp_msp430.h: the MSP430 kernels, used at 16-bit limbs when the build
 * defines SC_MSP430_ASM (firmware/msp430): the multiply / squaring of mp_mul.S behind
 * src/mp/mul.c's sc_mp_mul / sc_mp_sqr, the secp160r1 reduction of fp_red160.S behind
 * src/fp/reduce_special.c's sc_fp_reduce_secp160r1, the Montgomery reduction of fp_redc.S
 * behind src/fp/reduce_mont.c's sc_fp_reduce_mont, the modular addition and subtraction of
 * fp_addsub.S behind src/fp/fp.c's sc_fp_add / sc_fp_sub / sc_fp_dbl.  docs/mote.md,
 * "MSP430", has their cycles. */
#ifndef SC_PORT_MSP430_MP_H
#define SC_PORT_MSP430_MP_H

#include <stddef.h>
#include <stdint.h>

/* r[0..2n-1] = a[0..n-1] * b[0..n-1], 1 <= n < 2^14; r must not overlap a or b. */
void sc_msp430_mul(uint16_t *r, const uint16_t *a, const uint16_t *b, size_t n);
/* r[0..2n-1] = a[0..n-1]^2, 1 <= n < 2^14; r must not overlap a. */
void sc_msp430_sqr(uint16_t *r, const uint16_t *a, size_t n);
/* r[0..9] = t[0..19] mod (2^160 - 2^31 - 1), fully reduced; t is clobbered; r may be t. */
void sc_msp430_red160(uint16_t *r, uint16_t *t);
/* r[0..n-1] = t R^-1 mod p, R = 2^(16n), for odd p (n words) and t < p^2 (2n words,
 * clobbered); pinv = -p^-1 mod 2^16; r must not overlap t. */
void sc_msp430_redc(uint16_t *r, uint16_t *t, const uint16_t *p, size_t n, uint16_t pinv);
/* r = a + b mod p and r = a - b mod p for a, b < p (n words); r may alias a or b. */
void sc_msp430_fp_add(uint16_t *r, const uint16_t *a, const uint16_t *b, const uint16_t *p, size_t n);
void sc_msp430_fp_sub(uint16_t *r, const uint16_t *a, const uint16_t *b, const uint16_t *p, size_t n);

#endif
