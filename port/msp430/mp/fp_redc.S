/* port/msp430/mp/fp_redc.S: Montgomery reduction (REDC) on the MSP430's hardware
 * multiplier, any odd modulus of n 16-bit words (mp_msp430.h).
 *
 * void sc_msp430_redc(uint16_t *r, uint16_t *t, const uint16_t *p, size_t n, uint16_t pinv):
 * r = t R^-1 mod p, R = 2^(16n), for t < p^2 (2n words, clobbered), pinv = -p^-1 mod 2^16;
 * r must not overlap t.  The word-serial form of src/fp/reduce_mont.c (Montgomery 1985;
 * [KAK96] SOS, HAC Alg. 14.32): for each low word i, m = t_i pinv mod 2^16 and
 * t += m p 2^(16i) (one MPY per word: the multiplier keeps m as its first operand, each
 * OP2 write starts m p_j), the row's carry added to t_(i+n) with the carry out of the
 * previous row; then (top : t_n .. t_(2n-1)) < 2p, and p is subtracted when top = 1 or
 * the subtraction does not borrow, by masks.  Constant time: loop counts depend on n only;
 * the borrow chain of the subtraction keeps its carry across the loop control in a copy
 * of the status register. */
#ifndef SC_MSP430_MPY
#error "SC_MSP430_MPY (the hardware multiplier's base address) is not set"
#endif
#define MPY (SC_MSP430_MPY + 0x0)
#define OP2 (SC_MSP430_MPY + 0x8)
#define RESLO (SC_MSP430_MPY + 0xA)
#define RESHI (SC_MSP430_MPY + 0xC)

/* mov @rN+, &addr, written out (LLVM's assembler lacks the form; as in mp_mul.S) */
.macro movpi_abs rn, addr
    .word 0x40B2 | (\rn << 8)
    .word \addr
.endm

    .section .text.sc_msp430_redc, "ax", @progbits
    .global sc_msp430_redc
    .type sc_msp430_redc, @function
sc_msp430_redc:
    push r4
    push r5
    push r6
    push r7
    push r8
    push r9
    push r10
    /* r12 r, r13 t (row pointer t + 2i), r14 p, r15 n, 16(r1) pinv; r11 top */
    clr r11
    mov r15, r4                 /* rows left */
1:  mov @r13, &MPY              /* m = t_i pinv mod 2^16 */
    mov 16(r1), &OP2
    mov &RESLO, &MPY            /* the multiplier's first operand: m */
    mov r14, r6                 /* p_j */
    mov r13, r7                 /* t_(i+j) */
    clr r8                      /* c */
    mov r15, r5                 /* words left */
2:  movpi_abs 6, OP2            /* m p_j */
    mov &RESLO, r9
    mov &RESHI, r10
    add r8, r9
    addc #0, r10
    add @r7, r9
    addc #0, r10
    mov r9, 0(r7)
    incd r7
    mov r10, r8
    dec r5
    jnz 2b
    /* t_(i+n) += c + top */
    mov @r7, r9
    clr r10
    add r8, r9
    addc #0, r10
    add r11, r9
    addc #0, r10
    mov r9, 0(r7)
    mov r10, r11
    incd r13
    dec r4
    jnz 1b
    /* r13 = t + n words.  r = (t_n..) - p, the borrow chain across the loop in r10 (SR copy) */
    mov r13, r7
    mov r14, r6
    mov r12, r8
    mov r15, r5
    setc                        /* no borrow in */
    mov r2, r10
3:  mov @r7+, r9
    mov r10, r2
    subc @r6+, r9
    mov r2, r10
    mov r9, 0(r8)
    incd r8
    dec r5
    jnz 3b
    /* mask = -(top | no borrow): all-ones takes the difference */
    mov r10, r2
    clr r9
    addc #0, r9                 /* C: 1 = no borrow */
    bis r11, r9
    clr r4
    sub r9, r4                  /* mask */
    /* r_i = t_(n+i) ^ (mask & (t_(n+i) ^ d_i)), d_i in r_i */
    mov r13, r7
    mov r15, r5
4:  mov @r7+, r9
    mov @r12, r10
    xor r9, r10
    and r4, r10
    xor r9, r10
    mov r10, 0(r12)
    incd r12
    dec r5
    jnz 4b
    pop r10
    pop r9
    pop r8
    pop r7
    pop r6
    pop r5
    pop r4
    ret
    .size sc_msp430_redc, . - sc_msp430_redc
