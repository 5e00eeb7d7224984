/* port/cortexm/mp_mul_umaal.S: the n-word product on the Cortex-M4 (ARMv7E-M) by UMAAL.
 *
 *   void sc_cm4_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n);
 *
 * r = a * b, 2n words, little-endian words; n >= 1; r must not overlap a or b.
 * Operand scanning (row-wise; [GECC] Alg. 2.9): row i adds a * b[i] into r[i .. i+n], each
 * step one UMAAL (RdHi:RdLo = Rn * Rm + RdHi + RdLo, which cannot overflow 64 bits:
 * (2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1), so the carry word needs no separate addition.
 * r[0 .. n-1] is zeroed first; r[i+n] is written by row i before row i+1 reads it.
 *
 * Constant time: the loop counts depend on n alone (public: the field's word count), and
 * UMAAL takes one cycle whatever its operands on the Cortex-M4 ([ArmM4TRM] 3.3.1; not so
 * the Cortex-M3's early-terminating UMLAL, which is why this kernel is M4-only).
 * Cycles (tools/cmsim model): about 9 per word product (loads, UMAAL, store, loop).
 *
 *   void sc_cm4_mul8(uint32_t r[16], const uint32_t a[8], const uint32_t b[8]);
 *
 * The same for n = 8 (the 256-bit fields) written out: a0..a7 stay in r4-r11, each of the 64
 * steps is LDR, UMAAL, STR (row 0: UMULL / UMAAL on zero, no load), about 4 cycles each. */
#if defined(__ARM_FEATURE_DSP)
    .syntax unified
    .thumb
    .section .text.sc_cm4_mul, "ax", %progbits
    .global sc_cm4_mul
    .type sc_cm4_mul, %function
    .thumb_func
sc_cm4_mul:
    push    {r4-r11, lr}
    movs    r4, #0
    mov     r5, r0
    mov     r6, r3
1:  str     r4, [r5], #4            @ r[0 .. n-1] = 0
    subs    r6, #1
    bne     1b
    mov     r8, r0                  @ r8 = &r[i]
    mov     r7, r3                  @ rows left
2:  ldr     r9, [r2], #4            @ r9 = b[i]
    movs    r10, #0                 @ r10 = carry word
    mov     r5, r8                  @ r5 = &r[i + j]
    mov     r6, r1                  @ r6 = &a[j]
    mov     r11, r3                 @ columns left
3:  ldr     r4, [r5]
    ldr     r12, [r6], #4
    umaal   r4, r10, r12, r9        @ r10:r4 = a[j] b[i] + r[i+j] + carry
    str     r4, [r5], #4
    subs    r11, #1
    bne     3b
    str     r10, [r5]               @ r[i + n] = carry
    add     r8, r8, #4
    subs    r7, #1
    bne     2b
    pop     {r4-r11, pc}
    .size sc_cm4_mul, . - sc_cm4_mul

    .section .text.sc_cm4_mul8, "ax", %progbits
    .global sc_cm4_mul8
    .type sc_cm4_mul8, %function
    .thumb_func
sc_cm4_mul8:
    push    {r4-r11, lr}
    ldm     r1, {r4-r11}            @ a0 .. a7
    ldr     r3, [r2], #4            @ row 0: r[0 .. 8] = a b0
    umull   r12, lr, r4, r3
    str     r12, [r0, #0]
    mov     r12, #0
    umaal   r12, lr, r5, r3
    str     r12, [r0, #4]
    mov     r12, #0
    umaal   r12, lr, r6, r3
    str     r12, [r0, #8]
    mov     r12, #0
    umaal   r12, lr, r7, r3
    str     r12, [r0, #12]
    mov     r12, #0
    umaal   r12, lr, r8, r3
    str     r12, [r0, #16]
    mov     r12, #0
    umaal   r12, lr, r9, r3
    str     r12, [r0, #20]
    mov     r12, #0
    umaal   r12, lr, r10, r3
    str     r12, [r0, #24]
    mov     r12, #0
    umaal   r12, lr, r11, r3
    str     r12, [r0, #28]
    str     lr, [r0, #32]
    add     r0, r0, #4              @ row 1: r[1 .. 9] += a b1
    ldr     r3, [r2], #4
    mov     lr, #0
    ldr     r12, [r0, #0]
    umaal   r12, lr, r4, r3
    str     r12, [r0, #0]
    ldr     r12, [r0, #4]
    umaal   r12, lr, r5, r3
    str     r12, [r0, #4]
    ldr     r12, [r0, #8]
    umaal   r12, lr, r6, r3
    str     r12, [r0, #8]
    ldr     r12, [r0, #12]
    umaal   r12, lr, r7, r3
    str     r12, [r0, #12]
    ldr     r12, [r0, #16]
    umaal   r12, lr, r8, r3
    str     r12, [r0, #16]
    ldr     r12, [r0, #20]
    umaal   r12, lr, r9, r3
    str     r12, [r0, #20]
    ldr     r12, [r0, #24]
    umaal   r12, lr, r10, r3
    str     r12, [r0, #24]
    ldr     r12, [r0, #28]
    umaal   r12, lr, r11, r3
    str     r12, [r0, #28]
    str     lr, [r0, #32]
    add     r0, r0, #4              @ row 2: r[2 .. 10] += a b2
    ldr     r3, [r2], #4
    mov     lr, #0
    ldr     r12, [r0, #0]
    umaal   r12, lr, r4, r3
    str     r12, [r0, #0]
    ldr     r12, [r0, #4]
    umaal   r12, lr, r5, r3
    str     r12, [r0, #4]
    ldr     r12, [r0, #8]
    umaal   r12, lr, r6, r3
    str     r12, [r0, #8]
    ldr     r12, [r0, #12]
    umaal   r12, lr, r7, r3
    str     r12, [r0, #12]
    ldr     r12, [r0, #16]
    umaal   r12, lr, r8, r3
    str     r12, [r0, #16]
    ldr     r12, [r0, #20]
    umaal   r12, lr, r9, r3
    str     r12, [r0, #20]
    ldr     r12, [r0, #24]
    umaal   r12, lr, r10, r3
    str     r12, [r0, #24]
    ldr     r12, [r0, #28]
    umaal   r12, lr, r11, r3
    str     r12, [r0, #28]
    str     lr, [r0, #32]
    add     r0, r0, #4              @ row 3: r[3 .. 11] += a b3
    ldr     r3, [r2], #4
    mov     lr, #0
    ldr     r12, [r0, #0]
    umaal   r12, lr, r4, r3
    str     r12, [r0, #0]
    ldr     r12, [r0, #4]
    umaal   r12, lr, r5, r3
    str     r12, [r0, #4]
    ldr     r12, [r0, #8]
    umaal   r12, lr, r6, r3
    str     r12, [r0, #8]
    ldr     r12, [r0, #12]
    umaal   r12, lr, r7, r3
    str     r12, [r0, #12]
    ldr     r12, [r0, #16]
    umaal   r12, lr, r8, r3
    str     r12, [r0, #16]
    ldr     r12, [r0, #20]
    umaal   r12, lr, r9, r3
    str     r12, [r0, #20]
    ldr     r12, [r0, #24]
    umaal   r12, lr, r10, r3
    str     r12, [r0, #24]
    ldr     r12, [r0, #28]
    umaal   r12, lr, r11, r3
    str     r12, [r0, #28]
    str     lr, [r0, #32]
    add     r0, r0, #4              @ row 4: r[4 .. 12] += a b4
    ldr     r3, [r2], #4
    mov     lr, #0
    ldr     r12, [r0, #0]
    umaal   r12, lr, r4, r3
    str     r12, [r0, #0]
    ldr     r12, [r0, #4]
    umaal   r12, lr, r5, r3
    str     r12, [r0, #4]
    ldr     r12, [r0, #8]
    umaal   r12, lr, r6, r3
    str     r12, [r0, #8]
    ldr     r12, [r0, #12]
    umaal   r12, lr, r7, r3
    str     r12, [r0, #12]
    ldr     r12, [r0, #16]
    umaal   r12, lr, r8, r3
    str     r12, [r0, #16]
    ldr     r12, [r0, #20]
    umaal   r12, lr, r9, r3
    str     r12, [r0, #20]
    ldr     r12, [r0, #24]
    umaal   r12, lr, r10, r3
    str     r12, [r0, #24]
    ldr     r12, [r0, #28]
    umaal   r12, lr, r11, r3
    str     r12, [r0, #28]
    str     lr, [r0, #32]
    add     r0, r0, #4              @ row 5: r[5 .. 13] += a b5
    ldr     r3, [r2], #4
    mov     lr, #0
    ldr     r12, [r0, #0]
    umaal   r12, lr, r4, r3
    str     r12, [r0, #0]
    ldr     r12, [r0, #4]
    umaal   r12, lr, r5, r3
    str     r12, [r0, #4]
    ldr     r12, [r0, #8]
    umaal   r12, lr, r6, r3
    str     r12, [r0, #8]
    ldr     r12, [r0, #12]
    umaal   r12, lr, r7, r3
    str     r12, [r0, #12]
    ldr     r12, [r0, #16]
    umaal   r12, lr, r8, r3
    str     r12, [r0, #16]
    ldr     r12, [r0, #20]
    umaal   r12, lr, r9, r3
    str     r12, [r0, #20]
    ldr     r12, [r0, #24]
    umaal   r12, lr, r10, r3
    str     r12, [r0, #24]
    ldr     r12, [r0, #28]
    umaal   r12, lr, r11, r3
    str     r12, [r0, #28]
    str     lr, [r0, #32]
    add     r0, r0, #4              @ row 6: r[6 .. 14] += a b6
    ldr     r3, [r2], #4
    mov     lr, #0
    ldr     r12, [r0, #0]
    umaal   r12, lr, r4, r3
    str     r12, [r0, #0]
    ldr     r12, [r0, #4]
    umaal   r12, lr, r5, r3
    str     r12, [r0, #4]
    ldr     r12, [r0, #8]
    umaal   r12, lr, r6, r3
    str     r12, [r0, #8]
    ldr     r12, [r0, #12]
    umaal   r12, lr, r7, r3
    str     r12, [r0, #12]
    ldr     r12, [r0, #16]
    umaal   r12, lr, r8, r3
    str     r12, [r0, #16]
    ldr     r12, [r0, #20]
    umaal   r12, lr, r9, r3
    str     r12, [r0, #20]
    ldr     r12, [r0, #24]
    umaal   r12, lr, r10, r3
    str     r12, [r0, #24]
    ldr     r12, [r0, #28]
    umaal   r12, lr, r11, r3
    str     r12, [r0, #28]
    str     lr, [r0, #32]
    add     r0, r0, #4              @ row 7: r[7 .. 15] += a b7
    ldr     r3, [r2], #4
    mov     lr, #0
    ldr     r12, [r0, #0]
    umaal   r12, lr, r4, r3
    str     r12, [r0, #0]
    ldr     r12, [r0, #4]
    umaal   r12, lr, r5, r3
    str     r12, [r0, #4]
    ldr     r12, [r0, #8]
    umaal   r12, lr, r6, r3
    str     r12, [r0, #8]
    ldr     r12, [r0, #12]
    umaal   r12, lr, r7, r3
    str     r12, [r0, #12]
    ldr     r12, [r0, #16]
    umaal   r12, lr, r8, r3
    str     r12, [r0, #16]
    ldr     r12, [r0, #20]
    umaal   r12, lr, r9, r3
    str     r12, [r0, #20]
    ldr     r12, [r0, #24]
    umaal   r12, lr, r10, r3
    str     r12, [r0, #24]
    ldr     r12, [r0, #28]
    umaal   r12, lr, r11, r3
    str     r12, [r0, #28]
    str     lr, [r0, #32]
    pop     {r4-r11, pc}
    .size sc_cm4_mul8, . - sc_cm4_mul8
#endif
