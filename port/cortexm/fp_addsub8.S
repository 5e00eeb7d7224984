/* port/cortexm/fp_addsub8.S: addition and subtraction modulo an 8-word prime on ARMv7-M
 * (Cortex-M3, Cortex-M4): the 256-bit fields (P-256, secp256k1).
 *
 *   void sc_cm_fp_add8(uint32_t r[8], const uint32_t a[8], const uint32_t b[8], const uint32_t p[8]);
 *   void sc_cm_fp_sub8(uint32_t r[8], const uint32_t a[8], const uint32_t b[8], const uint32_t p[8]);
 *
 * a, b < p; r < p; r may be a or b (both are loaded before r is written). The formulas of the C
 * in src/fp/fp.c: add: s = a + b with carry c, t = s - p with borrow bw, r = t when c = 1 or
 * bw = 0, else s (the choice by a mask, t computed as s - (p AND mask)); sub: d = a - b with
 * borrow bw, r = d + (p AND -bw).
 *
 * Constant time: no branch, no data-dependent address; ADDS / ADCS / SUBS / SBCS, AND and the
 * LDM / STM take the same cycles whatever the values. AAPCS: r4-r11 saved. */
#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)
    .syntax unified
    .thumb

    .section .text.sc_cm_fp_add8, "ax", %progbits
    .global sc_cm_fp_add8
    .type sc_cm_fp_add8, %function
    .thumb_func
sc_cm_fp_add8:
    push    {r4-r11, lr}
    ldm     r1, {r4-r11}            @ a
    ldm     r2!, {r1, r12, lr}      @ s = a + b (LDM leaves the flags alone)
    adds    r4, r4, r1
    adcs    r5, r5, r12
    adcs    r6, r6, lr
    ldm     r2!, {r1, r12, lr}
    adcs    r7, r7, r1
    adcs    r8, r8, r12
    adcs    r9, r9, lr
    ldm     r2, {r1, r12}
    adcs    r10, r10, r1
    adcs    r11, r11, r12
    mov     r2, #0
    adc     r2, r2, #0              @ c
    ldm     r3!, {r1, r12}          @ the borrow of s - p, results discarded
    subs    lr, r4, r1
    sbcs    lr, r5, r12
    ldm     r3!, {r1, r12}
    sbcs    lr, r6, r1
    sbcs    lr, r7, r12
    ldm     r3!, {r1, r12}
    sbcs    lr, r8, r1
    sbcs    lr, r9, r12
    ldm     r3!, {r1, r12}
    sbcs    lr, r10, r1
    sbcs    lr, r11, r12
    sbc     lr, lr, lr              @ 0 when s >= p, else -1
    mvn     lr, lr                  @ -1 when s >= p
    rsb     r2, r2, #0              @ -c
    orr     lr, lr, r2              @ mask: take t = s - p
    sub     r3, r3, #32
    ldm     r3!, {r1, r12}          @ s - (p AND mask)
    and     r1, r1, lr
    and     r12, r12, lr
    subs    r4, r4, r1
    sbcs    r5, r5, r12
    ldm     r3!, {r1, r12}
    and     r1, r1, lr
    and     r12, r12, lr
    sbcs    r6, r6, r1
    sbcs    r7, r7, r12
    ldm     r3!, {r1, r12}
    and     r1, r1, lr
    and     r12, r12, lr
    sbcs    r8, r8, r1
    sbcs    r9, r9, r12
    ldm     r3!, {r1, r12}
    and     r1, r1, lr
    and     r12, r12, lr
    sbcs    r10, r10, r1
    sbcs    r11, r11, r12
    stm     r0, {r4-r11}
    pop     {r4-r11, pc}
    .size sc_cm_fp_add8, . - sc_cm_fp_add8

    .section .text.sc_cm_fp_sub8, "ax", %progbits
    .global sc_cm_fp_sub8
    .type sc_cm_fp_sub8, %function
    .thumb_func
sc_cm_fp_sub8:
    push    {r4-r11, lr}
    ldm     r1, {r4-r11}            @ a
    ldm     r2!, {r1, r12, lr}      @ d = a - b
    subs    r4, r4, r1
    sbcs    r5, r5, r12
    sbcs    r6, r6, lr
    ldm     r2!, {r1, r12, lr}
    sbcs    r7, r7, r1
    sbcs    r8, r8, r12
    sbcs    r9, r9, lr
    ldm     r2, {r1, r12}
    sbcs    r10, r10, r1
    sbcs    r11, r11, r12
    sbc     lr, lr, lr              @ mask: -1 when a < b
    ldm     r3!, {r1, r12}          @ d + (p AND mask)
    and     r1, r1, lr
    and     r12, r12, lr
    adds    r4, r4, r1
    adcs    r5, r5, r12
    ldm     r3!, {r1, r12}
    and     r1, r1, lr
    and     r12, r12, lr
    adcs    r6, r6, r1
    adcs    r7, r7, r12
    ldm     r3!, {r1, r12}
    and     r1, r1, lr
    and     r12, r12, lr
    adcs    r8, r8, r1
    adcs    r9, r9, r12
    ldm     r3!, {r1, r12}
    and     r1, r1, lr
    and     r12, r12, lr
    adcs    r10, r10, r1
    adcs    r11, r11, r12
    stm     r0, {r4-r11}
    pop     {r4-r11, pc}
    .size sc_cm_fp_sub8, . - sc_cm_fp_sub8
#endif
