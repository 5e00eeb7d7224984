/* port/msp430/mp/fp_red160.S: the secp160r1 reduction on the MSP430 (mp_msp430.h).
 *
 * void sc_msp430_red160(uint16_t r[10], uint16_t t[20]): r = t mod p, p = 2^160 - 2^31 - 1,
 * t < 2^320; t is clobbered (its high half is shifted in place); r may be t.
 * The folds of src/fp/reduce_special16.c ([DSP] Alg. 4, [WM-ECC] eq. 15-17) as carry
 * chains: t = H 2^160 + L = L + H + H 2^31 (mod p), with H 2^31 = (H >> 1) 2^32 + (H & 1) 2^31,
 * so the first fold is L + H, then H shifted right one bit in place and added two words up,
 * its low bit at bit 31: 12 words, < 2^192.  The top 32 bits T fold again the same way
 * (T + (T >> 1) 2^32 + (T & 1) 2^31), with a carry k <= 1 out of 2^160 that folds a third
 * time (k + k 2^31 cannot carry); then r - p = r + 2^31 + 1 - 2^160 is taken when it does
 * not borrow (the carry out of r + 2^31 + 1), by masks.  Constant time: straight-line
 * code, carries through the status register only. */

    .section .text.sc_msp430_red160, "ax", @progbits
    .global sc_msp430_red160
    .type sc_msp430_red160, @function
sc_msp430_red160:
    push r4
    push r5
    push r6
    push r7
    push r8
    push r9
    push r10
    /* r12 = r, r13 = t.  First fold, part 1: r[0..9] = L + H, carry into r14 (o10), r15 = 0 (o11) */
    mov 0(r13), r4
    add 20(r13), r4
    mov r4, 0(r12)
    mov 2(r13), r4
    addc 22(r13), r4
    mov r4, 2(r12)
    mov 4(r13), r4
    addc 24(r13), r4
    mov r4, 4(r12)
    mov 6(r13), r4
    addc 26(r13), r4
    mov r4, 6(r12)
    mov 8(r13), r4
    addc 28(r13), r4
    mov r4, 8(r12)
    mov 10(r13), r4
    addc 30(r13), r4
    mov r4, 10(r12)
    mov 12(r13), r4
    addc 32(r13), r4
    mov r4, 12(r12)
    mov 14(r13), r4
    addc 34(r13), r4
    mov r4, 14(r12)
    mov 16(r13), r4
    addc 36(r13), r4
    mov r4, 16(r12)
    mov 18(r13), r4
    addc 38(r13), r4
    mov r4, 18(r12)
    clr r14
    addc #0, r14
    clr r15
    /* part 2: H >>= 1 in place (top word first), its low bit to r5 as bit 15 */
    clrc
    rrc 38(r13)
    rrc 36(r13)
    rrc 34(r13)
    rrc 32(r13)
    rrc 30(r13)
    rrc 28(r13)
    rrc 26(r13)
    rrc 24(r13)
    rrc 22(r13)
    rrc 20(r13)
    clr r5
    rrc r5
    /* (H & 1) 2^31 + (H >> 1) 2^32: r5 at word 1, H >> 1 at words 2..11 */
    add r5, 2(r12)
    addc 20(r13), 4(r12)
    addc 22(r13), 6(r12)
    addc 24(r13), 8(r12)
    addc 26(r13), 10(r12)
    addc 28(r13), 12(r12)
    addc 30(r13), 14(r12)
    addc 32(r13), 16(r12)
    addc 34(r13), 18(r12)
    addc 36(r13), r14
    addc 38(r13), r15
    /* second fold of T = r15:r14: + T at words 0, 1 */
    add r14, 0(r12)
    addc r15, 2(r12)
    addc #0, 4(r12)
    addc #0, 6(r12)
    addc #0, 8(r12)
    addc #0, 10(r12)
    addc #0, 12(r12)
    addc #0, 14(r12)
    addc #0, 16(r12)
    addc #0, 18(r12)
    clr r6                      /* k */
    addc #0, r6
    /* + (T & 1) 2^31 + (T >> 1) 2^32 */
    clrc
    rrc r15
    rrc r14
    clr r5
    rrc r5
    add r5, 2(r12)
    addc r14, 4(r12)
    addc r15, 6(r12)
    addc #0, 8(r12)
    addc #0, 10(r12)
    addc #0, 12(r12)
    addc #0, 14(r12)
    addc #0, 16(r12)
    addc #0, 18(r12)
    addc #0, r6
    /* third fold of k in {0, 1}: + k + k 2^31 */
    mov r6, r7
    rra r7                      /* C = k */
    clr r7
    rrc r7                      /* k << 15 */
    add r6, 0(r12)
    addc r7, 2(r12)
    addc #0, 4(r12)
    addc #0, 6(r12)
    addc #0, 8(r12)
    addc #0, 10(r12)
    addc #0, 12(r12)
    addc #0, 14(r12)
    addc #0, 16(r12)
    addc #0, 18(r12)
    /* d = r + 2^31 + 1 in r4..r10, r13..r15 (t is no longer needed) */
    mov 0(r12), r4
    add #1, r4
    mov 2(r12), r5
    addc #0x8000, r5
    mov 4(r12), r6
    addc #0, r6
    mov 6(r12), r7
    addc #0, r7
    mov 8(r12), r8
    addc #0, r8
    mov 10(r12), r9
    addc #0, r9
    mov 12(r12), r10
    addc #0, r10
    mov 14(r12), r13
    addc #0, r13
    mov 16(r12), r14
    addc #0, r14
    mov 18(r12), r15
    addc #0, r15
    /* carry out: r >= p, take d; m = C - 1 (0: take d, all-ones: keep r) */
    clr r11
    subc #0, r11
    /* r_i = d_i ^ ((d_i ^ r_i) & m) */
.macro sel_word reg, off
    xor \reg, \off(r12)
    and r11, \off(r12)
    xor \reg, \off(r12)
.endm
    sel_word r4, 0
    sel_word r5, 2
    sel_word r6, 4
    sel_word r7, 6
    sel_word r8, 8
    sel_word r9, 10
    sel_word r10, 12
    sel_word r13, 14
    sel_word r14, 16
    sel_word r15, 18
    pop r10
    pop r9
    pop r8
    pop r7
    pop r6
    pop r5
    pop r4
    ret
    .size sc_msp430_red160, . - sc_msp430_red160
