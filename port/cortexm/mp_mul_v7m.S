/* port/cortexm/mp_mul_v7m.S: the n-word product on the Cortex-M3 (ARMv7-M without the DSP
 * extension) from MULs on 16-bit halves.
 *
 *   void sc_cm3_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n);
 *
 * r = a * b, 2n words, little-endian words; n >= 1; r must not overlap a or b.
 * Operand scanning (row-wise; [GECC] Alg. 2.9): row i adds a * b[i] into r[i .. i+n].
 * The Cortex-M3 ends UMULL / UMLAL early on small operands ([ArmM3TRM], instruction timings),
 * so each 32 x 32 -> 64 word product is made of four MULs (32 x 32 -> low 32, one cycle
 * whatever the operands) on 16-bit halves ([DSP] Alg. 2), b[i] split once per row:
 *
 *   a b = a1 b1 2^32 + a0 b1 2^16 + a1 b0 2^16 + a0 b0         (a = a1 2^16 + a0, b likewise)
 *
 * The two middle terms are added shifted into the low word with ADDS and their high halves
 * with the carry into the high word by ADC (Thumb-2 shifted-register operands); the high word
 * cannot overflow, since the full product is below 2^64. Then r[i+j] and the carry word are
 * added: a b + r + c <= (2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1, no overflow either.
 *
 * Constant time: no long multiply, no branch but the loops, whose counts depend on n alone
 * (public: the field's word count); memory addresses depend on n and the pointers alone.
 * Cycles (tools/cmsim model): about 20 per word product. r[0 .. n-1] is zeroed first; r[i+n]
 * is written by row i before row i+1 reads it.
 *
 *   void sc_cm3_sqr(uint32_t *r, const uint32_t *a, size_t n);
 *
 * r = a^2, 2n words; n >= 1; r must not overlap a. The n (n - 1) / 2 products a[i] a[j],
 * i < j, by the rows above (row i adds a[i+1 ..] a[i] into r[2i+1 ..]), then one pass that
 * doubles r (the bit shifted out of each word moves into the next, no flags) and adds the
 * squares a[i]^2 = a1^2 2^32 + a0 a1 2^17 + a0^2 (three MULs) at r[2i], r[2i+1] with the
 * carry kept in a register ([GECC] Alg. 2.13's order of work). The same loop counts and
 * addresses for every a of n words. */
#if defined(__ARM_ARCH_7M__)
    .syntax unified
    .thumb
    .section .text.sc_cm3_mul, "ax", %progbits
    .global sc_cm3_mul
    .type sc_cm3_mul, %function
    .thumb_func
sc_cm3_mul:
    push    {r4-r11, lr}
    lsls    r3, r3, #2              @ 4n bytes
    add     r12, r1, r3             @ r12 = end of a
    add     r7, r2, r3              @ r7 = end of b
    movs    r4, #0
    mov     r5, r0
1:  str     r4, [r5], #4            @ r[0 .. n-1] = 0
    subs    r3, #4
    bne     1b
    mov     r8, r0                  @ r8 = &r[i]
2:  ldr     r10, [r2], #4           @ b[i]
    uxth    r9, r10                 @ r9 = b0
    lsr     r10, r10, #16           @ r10 = b1
    movs    r11, #0                 @ r11 = carry word
    mov     r5, r8                  @ r5 = &r[i + j]
    mov     r6, r1                  @ r6 = &a[j]
3:  ldr     r4, [r6], #4            @ a[j]
    uxth    r0, r4                  @ a0
    lsr     r4, r4, #16             @ a1
    mul     r3, r0, r9              @ a0 b0
    mul     r0, r0, r10             @ a0 b1
    mul     lr, r4, r9              @ a1 b0
    mul     r4, r4, r10             @ a1 b1
    adds    r3, r3, r0, lsl #16
    adc     r4, r4, r0, lsr #16
    adds    r3, r3, lr, lsl #16
    adc     r4, r4, lr, lsr #16     @ r4:r3 = a[j] b[i]
    ldr     r0, [r5]
    adds    r3, r3, r0
    adc     r4, r4, #0              @ + r[i + j]
    adds    r3, r3, r11
    adc     r11, r4, #0             @ + carry; r11 = the new carry word
    str     r3, [r5], #4
    cmp     r6, r12
    bne     3b
    str     r11, [r5]               @ r[i + n] = carry
    add     r8, r8, #4
    cmp     r2, r7
    bne     2b
    pop     {r4-r11, pc}
    .size sc_cm3_mul, . - sc_cm3_mul

    .section .text.sc_cm3_sqr, "ax", %progbits
    .global sc_cm3_sqr
    .type sc_cm3_sqr, %function
    .thumb_func
sc_cm3_sqr:
    push    {r4-r11, lr}
    add     r12, r1, r2, lsl #2     @ r12 = end of a
    lsls    r3, r2, #3              @ 8n bytes
    mov     r2, r0                  @ r2 = r
    movs    r4, #0
    mov     r5, r0
1:  str     r4, [r5], #4            @ r[0 .. 2n-1] = 0
    subs    r3, #4
    bne     1b
    mov     r7, r1                  @ r7 = &a[i]
    add     r8, r2, #4              @ r8 = &r[2i + 1]
2:  ldr     r10, [r7], #4           @ a[i]; r7 = &a[i + 1]
    cmp     r7, r12
    beq     4f                      @ i = n - 1: no product left
    uxth    r9, r10                 @ r9 = a[i] low half
    lsr     r10, r10, #16           @ r10 = a[i] high half
    movs    r11, #0                 @ r11 = carry word
    mov     r5, r8                  @ r5 = &r[i + j]
    mov     r6, r7                  @ r6 = &a[j], j = i + 1 ..
3:  ldr     r4, [r6], #4            @ a[j]
    uxth    r0, r4
    lsr     r4, r4, #16
    mul     r3, r0, r9
    mul     r0, r0, r10
    mul     lr, r4, r9
    mul     r4, r4, r10
    adds    r3, r3, r0, lsl #16
    adc     r4, r4, r0, lsr #16
    adds    r3, r3, lr, lsl #16
    adc     r4, r4, lr, lsr #16     @ r4:r3 = a[j] a[i]
    ldr     r0, [r5]
    adds    r3, r3, r0
    adc     r4, r4, #0
    adds    r3, r3, r11
    adc     r11, r4, #0
    str     r3, [r5], #4
    cmp     r6, r12
    bne     3b
    str     r11, [r5]               @ r[i + n] = carry
    add     r8, r8, #8
    b       2b
4:  mov     r5, r2                  @ r5 = &r[2i]
    mov     r6, r1                  @ r6 = &a[i]
    movs    r7, #0                  @ r7 = bit shifted out of r[2i - 1]
    movs    r11, #0                 @ r11 = carry word
5:  ldr     r4, [r6], #4            @ a[i]
    uxth    r0, r4
    lsr     r4, r4, #16
    mul     r3, r0, r0              @ a0^2
    mul     r0, r0, r4              @ a0 a1
    mul     r4, r4, r4              @ a1^2
    adds    r3, r3, r0, lsl #17
    adc     r4, r4, r0, lsr #15     @ r4:r3 = a[i]^2
    adds    r3, r3, r11
    adc     r4, r4, #0              @ + carry (below 2^64: a[i]^2 <= 2^64 - 2^33 + 1)
    ldr     r8, [r5]
    ldr     r9, [r5, #4]
    orr     r10, r7, r8, lsl #1     @ 2 r[2i] + the bit from below
    lsr     r8, r8, #31
    orr     r8, r8, r9, lsl #1      @ 2 r[2i + 1] + the bit of r[2i]
    lsr     r7, r9, #31
    adds    r10, r10, r3
    adcs    r8, r8, r4
    mov     r11, #0                 @ (MOV without S leaves C alone)
    adc     r11, r11, #0            @ r11 = carry out
    str     r10, [r5], #4
    str     r8, [r5], #4
    cmp     r6, r12
    bne     5b
    pop     {r4-r11, pc}
    .size sc_cm3_sqr, . - sc_cm3_sqr
#endif
