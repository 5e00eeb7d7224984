/* port/cortexm/fp_red160.S: the secp160r1 reduction on ARMv7-M (Cortex-M3, Cortex-M4).
 *
 *   void sc_cm_red160(uint32_t r[5], const uint32_t t[10]);
 *
 * r = t mod p for p = 2^160 - 2^31 - 1 and any t < 2^320, fully reduced (r < p); r may be t
 * (t is loaded whole first). The method of the C fallback sc_fp_reduce_secp160r1_chunks
 * (src/fp/reduce_special.c; [DSP] Alg. 4, [WM-ECC] eq. 15-17): with t = H 2^160 + L and
 * 2^160 = 2^31 + 1 mod p, t = L + H + H 2^31; H 2^31 is formed word by word as
 * (H_j << 31) | (H_{j-1} >> 1). First fold: < 2^192 (six words); second fold of the top
 * word h: + h + h 2^31, < 2^160 + 2^64, a carry k of 0 or 1; third fold of k: + k (2^31 + 1),
 * which cannot carry again; then p is subtracted under a mask (2^160 < 2p).
 *
 * Constant time: no branch, no data-dependent address. AAPCS: r4-r11 saved. */
#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)
    .syntax unified
    .thumb
    .section .text.sc_cm_red160, "ax", %progbits
    .global sc_cm_red160
    .type sc_cm_red160, %function
    .thumb_func
sc_cm_red160:
    push    {r4-r11, lr}
    add     r12, r1, #20
    ldm     r12, {r4-r8}            @ H0 .. H4
    ldm     r1, {r9-r12, lr}        @ L0 .. L4
    adds    r9, r9, r4              @ L + H
    adcs    r10, r10, r5
    adcs    r11, r11, r6
    adcs    r12, r12, r7
    adcs    lr, lr, r8
    mov     r3, #0
    adc     r3, r3, #0              @ word 5
    lsl     r1, r4, #31             @ + H 2^31 (shifts and ORR without S keep the carry)
    adds    r9, r9, r1
    lsr     r2, r4, #1
    orr     r2, r2, r5, lsl #31
    adcs    r10, r10, r2
    lsr     r2, r5, #1
    orr     r2, r2, r6, lsl #31
    adcs    r11, r11, r2
    lsr     r2, r6, #1
    orr     r2, r2, r7, lsl #31
    adcs    r12, r12, r2
    lsr     r2, r7, #1
    orr     r2, r2, r8, lsl #31
    adcs    lr, lr, r2
    lsr     r2, r8, #1
    adc     r3, r3, r2              @ h = word 5 (the sum is below 2^192)
    adds    r9, r9, r3              @ second fold: + h
    adcs    r10, r10, #0
    adcs    r11, r11, #0
    adcs    r12, r12, #0
    adcs    lr, lr, #0
    mov     r4, #0
    adc     r4, r4, #0
    lsl     r1, r3, #31             @ + h 2^31
    lsr     r2, r3, #1
    adds    r9, r9, r1
    adcs    r10, r10, r2
    adcs    r11, r11, #0
    adcs    r12, r12, #0
    adcs    lr, lr, #0
    adc     r4, r4, #0              @ k, 0 or 1
    add     r1, r4, r4, lsl #31     @ third fold: + k (2^31 + 1)
    adds    r9, r9, r1
    adcs    r10, r10, #0
    adcs    r11, r11, #0
    adcs    r12, r12, #0
    adc     lr, lr, #0
    mvn     r2, #0                  @ p = 2^160 - 2^31 - 1: words 7fffffff, ffffffff x 4
    mvn     r1, #0x80000000
    subs    r3, r9, r1              @ the borrow of r - p, result discarded
    sbcs    r3, r10, r2
    sbcs    r3, r11, r2
    sbcs    r3, r12, r2
    sbcs    r3, lr, r2
    sbc     r3, r3, r3              @ 0 when r >= p, else -1
    mvn     r3, r3                  @ mask: subtract p
    and     r1, r1, r3
    and     r2, r2, r3
    subs    r9, r9, r1
    sbcs    r10, r10, r2
    sbcs    r11, r11, r2
    sbcs    r12, r12, r2
    sbc     lr, lr, r2
    stm     r0, {r9-r12, lr}
    pop     {r4-r11, pc}
    .size sc_cm_red160, . - sc_cm_red160
#endif
