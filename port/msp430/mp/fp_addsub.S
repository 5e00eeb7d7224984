/* port/msp430/mp/fp_addsub.S: modular addition and subtraction for any modulus of n 16-bit
 * words (mp_msp430.h), the formulas of src/fp/fp.c:
 *
 *   sc_msp430_fp_add(r, a, b, p, n): s = a + b (carry c); p is subtracted from s when c = 1
 *     or s - p does not borrow (s - (p & mask), mask = -(c | no borrow));
 *   sc_msp430_fp_sub(r, a, b, p, n): d = a - b; p is added back when it borrowed.
 *
 * a, b < p; r may alias a or b (word i is written after a_i and b_i are read).  Each
 * pass is one carry chain over n words; the carry crosses the loop control (dec / jnz)
 * in a copy of the status register (r10).  Constant time: no branch but the loops on n. */

    .section .text.sc_msp430_fp_add, "ax", @progbits
    .global sc_msp430_fp_add
    .type sc_msp430_fp_add, @function
/* void sc_msp430_fp_add(uint16_t *r (r12), const uint16_t *a (r13), const uint16_t *b (r14),
 *                       const uint16_t *p (r15), size_t n (stack)) */
sc_msp430_fp_add:
    push r4
    push r5
    push r6
    push r9
    push r10
    /* s = a + b into r */
    mov 12(r1), r5
    mov r12, r6
    clrc
    mov r2, r10
1:  mov @r13+, r9
    mov r10, r2
    addc @r14+, r9
    mov r2, r10
    mov r9, 0(r6)
    incd r6
    dec r5
    jnz 1b
    mov r10, r2
    clr r11
    addc #0, r11                /* c */
    /* no borrow of s - p? */
    mov 12(r1), r5
    mov r12, r6
    mov r15, r13
    setc
    mov r2, r10
2:  mov @r6+, r9
    mov r10, r2
    subc @r13+, r9
    mov r2, r10
    dec r5
    jnz 2b
    mov r10, r2
    clr r9
    addc #0, r9                 /* 1: no borrow */
    bis r11, r9
    clr r4
    sub r9, r4                  /* mask */
    /* r = s - (p & mask) */
    mov 12(r1), r5
    mov r12, r6
    setc
    mov r2, r10
3:  mov @r15+, r9
    and r4, r9
    mov r10, r2
    subc r9, 0(r6)
    mov r2, r10
    incd r6
    dec r5
    jnz 3b
    pop r10
    pop r9
    pop r6
    pop r5
    pop r4
    ret
    .size sc_msp430_fp_add, . - sc_msp430_fp_add

    .section .text.sc_msp430_fp_sub, "ax", @progbits
    .global sc_msp430_fp_sub
    .type sc_msp430_fp_sub, @function
/* void sc_msp430_fp_sub(uint16_t *r (r12), const uint16_t *a (r13), const uint16_t *b (r14),
 *                       const uint16_t *p (r15), size_t n (stack)) */
sc_msp430_fp_sub:
    push r4
    push r5
    push r6
    push r9
    push r10
    /* d = a - b into r */
    mov 12(r1), r5
    mov r12, r6
    setc
    mov r2, r10
1:  mov @r13+, r9
    mov r10, r2
    subc @r14+, r9
    mov r2, r10
    mov r9, 0(r6)
    incd r6
    dec r5
    jnz 1b
    mov r10, r2
    clr r4
    subc #0, r4                 /* mask = C - 1: all-ones when it borrowed */
    /* r = d + (p & mask) */
    mov 12(r1), r5
    mov r12, r6
    clrc
    mov r2, r10
2:  mov @r15+, r9
    and r4, r9
    mov r10, r2
    addc r9, 0(r6)
    mov r2, r10
    incd r6
    dec r5
    jnz 2b
    pop r10
    pop r9
    pop r6
    pop r5
    pop r4
    ret
    .size sc_msp430_fp_sub, . - sc_msp430_fp_sub
