/* port/cortexm/fp_red256.S: the P-256 reduction on ARMv7-M (Cortex-M3, Cortex-M4).
 *
 *   void sc_cm_red256(uint32_t r[8], const uint32_t t[16]);
 *
 * r = t mod p for p = 2^256 - 2^224 + 2^192 + 2^96 - 1 and any t < 2^512, fully reduced
 * (r < p); r may be t itself (each column reads its low word before writing it, the high
 * words are loaded first). The method of the C fallback sc_fp_reduce_p256_chunks
 * (src/fp/reduce_special.c; FIPS 186-4 D.2.3 [FIPS186], Solinas): with the 32-bit words
 * c0..c15 of t, column j of T + 2 S1 + 2 S2 + S3 + S4 - D1 - D2 - D3 - D4 is summed into
 * r2 with its signed carry in r3 (an addition carries with ADC, a subtraction borrows with
 * SBC; the carry into the next column is sign(r3) + carry, so that r3 holds floor(column
 * / 2^32) as a signed word), giving 8 words and a carry k, -4 <= k <= 6. Two folds add
 * k (2^224 - 2^192 - 2^96 + 1) = k 2^256 mod p (the second's k is 0 or +-1), then p is
 * subtracted under a mask when the result is >= p.
 *
 * Constant time: no branch, no memory index from the data; every instruction takes the
 * same cycles whatever its operands (additions, subtractions, shifts, single loads and
 * stores, LDM / STM). AAPCS: r4-r11 saved. */
#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)
    .syntax unified
    .thumb
    .section .text.sc_cm_red256, "ax", %progbits
    .global sc_cm_red256
    .type sc_cm_red256, %function
    .thumb_func
sc_cm_red256:
    push    {r4-r11, lr}
    add     r12, r1, #32
    ldm     r12, {r4-r11}           @ c8 .. c15
    @ column 0: + c8 + c9 - c11 - c12 - c13 - c14
    ldr     r2, [r1, #0]
    movs    r3, #0
    adds    r2, r2, r4
    adc     r3, r3, #0
    adds    r2, r2, r5
    adc     r3, r3, #0
    subs    r2, r2, r7
    sbc     r3, r3, #0
    subs    r2, r2, r8
    sbc     r3, r3, #0
    subs    r2, r2, r9
    sbc     r3, r3, #0
    subs    r2, r2, r10
    sbc     r3, r3, #0
    str     r2, [r0, #0]
    @ column 1: + c9 + c10 - c12 - c13 - c14 - c15
    ldr     r2, [r1, #4]
    asr     r12, r3, #31
    adds    r2, r2, r3
    adc     r3, r12, #0
    adds    r2, r2, r5
    adc     r3, r3, #0
    adds    r2, r2, r6
    adc     r3, r3, #0
    subs    r2, r2, r8
    sbc     r3, r3, #0
    subs    r2, r2, r9
    sbc     r3, r3, #0
    subs    r2, r2, r10
    sbc     r3, r3, #0
    subs    r2, r2, r11
    sbc     r3, r3, #0
    str     r2, [r0, #4]
    @ column 2: + c10 + c11 - c13 - c14 - c15
    ldr     r2, [r1, #8]
    asr     r12, r3, #31
    adds    r2, r2, r3
    adc     r3, r12, #0
    adds    r2, r2, r6
    adc     r3, r3, #0
    adds    r2, r2, r7
    adc     r3, r3, #0
    subs    r2, r2, r9
    sbc     r3, r3, #0
    subs    r2, r2, r10
    sbc     r3, r3, #0
    subs    r2, r2, r11
    sbc     r3, r3, #0
    str     r2, [r0, #8]
    @ column 3: + c11 + c11 + c12 + c12 + c13 - c15 - c8 - c9
    ldr     r2, [r1, #12]
    asr     r12, r3, #31
    adds    r2, r2, r3
    adc     r3, r12, #0
    adds    r2, r2, r7
    adc     r3, r3, #0
    adds    r2, r2, r7
    adc     r3, r3, #0
    adds    r2, r2, r8
    adc     r3, r3, #0
    adds    r2, r2, r8
    adc     r3, r3, #0
    adds    r2, r2, r9
    adc     r3, r3, #0
    subs    r2, r2, r11
    sbc     r3, r3, #0
    subs    r2, r2, r4
    sbc     r3, r3, #0
    subs    r2, r2, r5
    sbc     r3, r3, #0
    str     r2, [r0, #12]
    @ column 4: + c12 + c12 + c13 + c13 + c14 - c9 - c10
    ldr     r2, [r1, #16]
    asr     r12, r3, #31
    adds    r2, r2, r3
    adc     r3, r12, #0
    adds    r2, r2, r8
    adc     r3, r3, #0
    adds    r2, r2, r8
    adc     r3, r3, #0
    adds    r2, r2, r9
    adc     r3, r3, #0
    adds    r2, r2, r9
    adc     r3, r3, #0
    adds    r2, r2, r10
    adc     r3, r3, #0
    subs    r2, r2, r5
    sbc     r3, r3, #0
    subs    r2, r2, r6
    sbc     r3, r3, #0
    str     r2, [r0, #16]
    @ column 5: + c13 + c13 + c14 + c14 + c15 - c10 - c11
    ldr     r2, [r1, #20]
    asr     r12, r3, #31
    adds    r2, r2, r3
    adc     r3, r12, #0
    adds    r2, r2, r9
    adc     r3, r3, #0
    adds    r2, r2, r9
    adc     r3, r3, #0
    adds    r2, r2, r10
    adc     r3, r3, #0
    adds    r2, r2, r10
    adc     r3, r3, #0
    adds    r2, r2, r11
    adc     r3, r3, #0
    subs    r2, r2, r6
    sbc     r3, r3, #0
    subs    r2, r2, r7
    sbc     r3, r3, #0
    str     r2, [r0, #20]
    @ column 6: + c14 + c14 + c14 + c15 + c15 + c13 - c8 - c9
    ldr     r2, [r1, #24]
    asr     r12, r3, #31
    adds    r2, r2, r3
    adc     r3, r12, #0
    adds    r2, r2, r10
    adc     r3, r3, #0
    adds    r2, r2, r10
    adc     r3, r3, #0
    adds    r2, r2, r10
    adc     r3, r3, #0
    adds    r2, r2, r11
    adc     r3, r3, #0
    adds    r2, r2, r11
    adc     r3, r3, #0
    adds    r2, r2, r9
    adc     r3, r3, #0
    subs    r2, r2, r4
    sbc     r3, r3, #0
    subs    r2, r2, r5
    sbc     r3, r3, #0
    str     r2, [r0, #24]
    @ column 7: + c15 + c15 + c15 + c8 - c10 - c11 - c12 - c13
    ldr     r2, [r1, #28]
    asr     r12, r3, #31
    adds    r2, r2, r3
    adc     r3, r12, #0
    adds    r2, r2, r11
    adc     r3, r3, #0
    adds    r2, r2, r11
    adc     r3, r3, #0
    adds    r2, r2, r11
    adc     r3, r3, #0
    adds    r2, r2, r4
    adc     r3, r3, #0
    subs    r2, r2, r6
    sbc     r3, r3, #0
    subs    r2, r2, r7
    sbc     r3, r3, #0
    subs    r2, r2, r8
    sbc     r3, r3, #0
    subs    r2, r2, r9
    sbc     r3, r3, #0
    str     r2, [r0, #28]
    @ two folds of the carry k (r1) at 2^256: + k at word 0 and 7, - k at words 3 and 6
    ldm     r0, {r4-r11}
    mov     r1, r3
    asr     r2, r1, #31             @ sign word of k
    bl      sc_cm_red256_fold
    mov     r1, r3
    asr     r2, r1, #31
    bl      sc_cm_red256_fold
    @ r4..r11 < 2^256: subtract p = (ffffffff, 1, 0, 0, 0, ffffffff, ffffffff, ffffffff)
    @ (most significant word first) when no borrow comes out of r - p
    mvn     lr, #0
    subs    r2, r4, lr
    sbcs    r2, r5, lr
    sbcs    r2, r6, lr
    sbcs    r2, r7, #0
    sbcs    r2, r8, #0
    sbcs    r2, r9, #0
    sbcs    r2, r10, #1
    sbcs    r2, r11, lr
    sbc     r3, r3, r3              @ 0 when r >= p (no borrow), else -1
    mvn     r3, r3                  @ mask: all ones when r >= p
    lsr     r12, r3, #31            @ p's word 6 (1) under the mask
    subs    r4, r4, r3
    sbcs    r5, r5, r3
    sbcs    r6, r6, r3
    sbcs    r7, r7, #0
    sbcs    r8, r8, #0
    sbcs    r9, r9, #0
    sbcs    r10, r10, r12
    sbcs    r11, r11, r3
    stm     r0, {r4-r11}
    pop     {r4-r11, pc}
    .size sc_cm_red256, . - sc_cm_red256

/* One fold: r4..r11 += k (2^224 - 2^192 - 2^96 + 1) with k in r1, its sign word in r2;
 * returns the signed carry out of word 7 in r3. Clobbers r12. */
    .section .text.sc_cm_red256_fold, "ax", %progbits
    .type sc_cm_red256_fold, %function
    .thumb_func
sc_cm_red256_fold:
    adds    r4, r4, r1              @ word 0: + k
    adc     r3, r2, #0
    asr     r12, r3, #31            @ word 1
    adds    r5, r5, r3
    adc     r3, r12, #0
    asr     r12, r3, #31            @ word 2
    adds    r6, r6, r3
    adc     r3, r12, #0
    asr     r12, r3, #31            @ word 3: - k
    adds    r7, r7, r3
    adc     r3, r12, #0
    subs    r7, r7, r1
    sbc     r3, r3, r2
    asr     r12, r3, #31            @ word 4
    adds    r8, r8, r3
    adc     r3, r12, #0
    asr     r12, r3, #31            @ word 5
    adds    r9, r9, r3
    adc     r3, r12, #0
    asr     r12, r3, #31            @ word 6: - k
    adds    r10, r10, r3
    adc     r3, r12, #0
    subs    r10, r10, r1
    sbc     r3, r3, r2
    asr     r12, r3, #31            @ word 7: + k
    adds    r11, r11, r3
    adc     r3, r12, #0
    adds    r11, r11, r1
    adc     r3, r3, r2
    bx      lr
    .size sc_cm_red256_fold, . - sc_cm_red256_fold
#endif
