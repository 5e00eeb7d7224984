/* port/cortexm/mp_cm.h: the Cortex-M assembly kernels of the mp layer (the .S files beside it),
 * called by src/mp/mul.c when the library is built with SC_CM_ASM on a core that has them. */
#ifndef SC_PORT_CORTEXM_MP_CM_H
#define SC_PORT_CORTEXM_MP_CM_H

#include <stddef.h>
#include <stdint.h>

/* r = a * b (2n words), n >= 1, r not overlapping a or b; Cortex-M4 (UMAAL): mp_mul_umaal.S */
void sc_cm4_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n);

#endif
