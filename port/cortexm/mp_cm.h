/* port/cortexm/mp_cm.h: the Cortex-M assembly kernels of the mp and fp layers (the .S files
 * beside it), called by src/mp/mul.c and src/fp/reduce_special.c when the library is built
 * with SC_CM_ASM on a core that has them. */
#ifndef SC_PORT_CORTEXM_MP_CM_H
#define SC_PORT_CORTEXM_MP_CM_H

#include <stddef.h>
#include <stdint.h>

/* r = a * b (2n words), n >= 1, r not overlapping a or b; Cortex-M4 (UMAAL): mp_mul_umaal.S */
void sc_cm4_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n);
/* the same for n = 8, written out */
void sc_cm4_mul8(uint32_t *r, const uint32_t *a, const uint32_t *b);
/* the same on the Cortex-M3 (ARMv7-M, MULs on 16-bit halves): mp_mul_v7m.S */
void sc_cm3_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n);
/* r = a^2 (2n words), n >= 1, r not overlapping a; Cortex-M3: mp_mul_v7m.S */
void sc_cm3_sqr(uint32_t *r, const uint32_t *a, size_t n);

/* r = t mod p256 (r < p), t < 2^512 (16 words), r may be t; ARMv7-M: fp_red256.S */
void sc_cm_red256(uint32_t *r, const uint32_t *t);

/* r = t mod (2^160 - 2^31 - 1) (r < p), t < 2^320 (10 words), r may be t; ARMv7-M: fp_red160.S */
void sc_cm_red160(uint32_t *r, const uint32_t *t);

/* r = a + b, a - b mod p for an 8-word p, a, b < p, r may alias a or b; ARMv7-M: fp_addsub8.S */
void sc_cm_fp_add8(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *p);
void sc_cm_fp_sub8(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *p);

#endif
