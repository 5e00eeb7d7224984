/* port/msp430/mp/mp_mul.S: multi-precision multiplication and squaring on the MSP430's
 * hardware multiplier, 16-bit limbs, any length n (mp_msp430.h).
 *
 * Product scanning (Comba 1990; Guide to ECC Alg. 2.10 by columns) with the
 * multiplier's multiply-and-accumulate as the column accumulator: MAC a_i, OP2 b_j
 * adds a_i b_j to the 32-bit RESHI:RESLO and leaves the carry out of it in SUMEXT
 * (MSP430x1xx Family User's Guide SLAU049 7.2; MPY32 in 16-bit mode: SLAU208), which is
 * added to a third word c2 in a register.  At the end of column k, RESLO is r[k] and
 * the accumulator moves down one word (RESLO = RESHI, RESHI = c2) for column k + 1, as
 * in the three-word accumulator of src/mp/mul.c.  Squaring (Guide to ECC Alg. 2.13):
 * the cross products a_i a_j, i < j, by the same column scan, then one pass that
 * doubles that sum and adds the squares a_i^2 (two words at a time, the carry between
 * pairs at most 3).
 *
 * Constant time: loop counts depend on n only, no branch on data, and the multiplier
 * takes the same time for every operand.  The multiplier's registers are not saved:
 * an interrupt handler that multiplies must save them.  Per product (the inner loop):
 * mov @a+, &MAC (5 cycles), mov @b, &OP2 (5), decd (1), add &SUMEXT, c2 (3),
 * dec (1), jnz (2): 17 cycles (SLAU049 table 3-16; mspdebug's model counts the
 * constant-generator instructions decd / dec 1 and 2 cycles more).
 *
 * SC_MSP430_MPY: the multiplier's base address, 0x0130 (F1xx) or 0x04C0 (MPY32),
 * from the build. */
#ifndef SC_MSP430_MPY
#error "SC_MSP430_MPY (the hardware multiplier's base address) is not set"
#endif
#define MPY (SC_MSP430_MPY + 0x0)
#define MAC (SC_MSP430_MPY + 0x4)
#define OP2 (SC_MSP430_MPY + 0x8)
#define RESLO (SC_MSP430_MPY + 0xA)
#define RESHI (SC_MSP430_MPY + 0xC)
#define SUMEXT (SC_MSP430_MPY + 0xE)

/* mov @rN+, &addr: LLVM's assembler lacks this form (auto-increment source, absolute
 * destination), so it is written out: MOV, As = 11 (@rN+), Ad = 1, rD = 2 (absolute). */
.macro movpi_abs rn, addr
    .word 0x40B2 | (\rn << 8)
    .word \addr
.endm

/* One column: the products of the `count` pairs (pa, pb), pa going up and pb down,
 * accumulated into RESHI:RESLO and c2 (r4); pa in r5, pb in r6, count in r7 (>= 1). */
.macro column_products lbl, back
\lbl:
    movpi_abs 5, MAC
    mov @r6, &OP2
    decd r6
    add &SUMEXT, r4
    dec r7
    jnz \back
.endm

/* r[k] = RESLO (r12 the next output word), then the accumulator moves down one word. */
.macro column_emit
    mov &RESLO, 0(r12)
    incd r12
    mov &RESHI, &RESLO
    mov r4, &RESHI
    clr r4
.endm

    .text
/* void sc_msp430_mul(uint16_t *r (r12), const uint16_t *a (r13), const uint16_t *b (r14),
 *                    size_t n (r15)); clobbers r11-r15 (caller-saved), saves r4-r10. */
    .section .text.sc_msp430_mul, "ax", @progbits
    .global sc_msp430_mul
    .type sc_msp430_mul, @function
sc_msp430_mul:
    push r4
    push r5
    push r6
    push r7
    push r8
    push r9
    push r10
    clr &RESLO
    clr &RESHI
    clr r4
    mov r15, r10            /* n */
    /* columns k = 0 .. n-1: pa = a, pb = b + 2k, count = k + 1 */
    mov r14, r9
    mov #1, r8
1:  mov r13, r5
    mov r9, r6
    mov r8, r7
    column_products 2, 2b
    column_emit
    incd r9
    inc r8
    cmp r8, r10
    jhs 1b
    /* columns k = n .. 2n-2: pa = a + 2(k-n+1), pb = b + 2(n-1), count = 2n-1-k */
    mov r10, r11
    dec r11
    add r11, r11
    add r14, r11            /* b + 2(n-1) */
    mov r13, r9
    incd r9                 /* a + 2 */
    mov r10, r8
    dec r8                  /* n - 1 */
    jz 4f
3:  mov r9, r5
    mov r11, r6
    mov r8, r7
    column_products 5, 5b
    column_emit
    incd r9
    dec r8
    jnz 3b
4:  mov &RESLO, 0(r12)      /* r[2n-1] */
    pop r10
    pop r9
    pop r8
    pop r7
    pop r6
    pop r5
    pop r4
    ret
    .size sc_msp430_mul, . - sc_msp430_mul

/* void sc_msp430_sqr(uint16_t *r (r12), const uint16_t *a (r13), size_t n (r14)) */
    .section .text.sc_msp430_sqr, "ax", @progbits
    .global sc_msp430_sqr
    .type sc_msp430_sqr, @function
sc_msp430_sqr:
    push r4
    push r5
    push r6
    push r7
    push r8
    push r9
    push r10
    push r12                /* r, for the second pass */
    clr &RESLO
    clr &RESHI
    clr r4
    mov r14, r10            /* n */
    /* pass 1, columns k = 0 .. n-1: pa = a, pb = a + 2k, count = floor((k+1)/2) */
    mov r13, r9             /* a + 2k */
    clr r8                  /* k */
1:  mov r8, r7
    inc r7
    rra r7                  /* (k+1)/2: k < 2^14, so rra shifts in a zero */
    tst r7
    jz 6f
    mov r13, r5
    mov r9, r6
    column_products 2, 2b
6:  column_emit
    incd r9
    inc r8
    cmp r10, r8
    jlo 1b
    /* columns k = n .. 2n-2: pa = a + 2(k-n+1), pb = a + 2(n-1),
       count = floor((k+1)/2) - (k-n+1) */
    mov r9, r11
    decd r11                /* a + 2(n-1) */
    mov r13, r9
    incd r9                 /* a + 2(k-n+1) for k = n */
    mov r10, r15
    add r10, r15
    dec r15                 /* 2n - 1: the end of k */
    mov r10, r14
    dec r14                 /* k - n + 1 - ... : r14 = k - (k-n+1) = n - 1, constant */
3:  cmp r15, r8
    jhs 4f
    mov r8, r7
    inc r7
    rra r7
    mov r8, r6
    sub r14, r6             /* k - n + 1 */
    sub r6, r7              /* count */
    jz 7f
    jn 7f
    mov r9, r5
    mov r11, r6
    column_products 5, 5b
7:  column_emit
    incd r9
    inc r8
    jmp 3b
4:  mov &RESLO, 0(r12)      /* r[2n-1] */
    /* pass 2: (r[2i+1]:r[2i]) = 2 (r[2i+1]:r[2i]) + a_i^2 + carry, i = 0 .. n-1 */
    pop r6                  /* r */
    mov r13, r5
    clr r7                  /* carry between pairs, 0..3 */
    mov r10, r8
8:  mov @r5+, r9
    mov r9, &MPY
    mov r9, &OP2
    mov @r6, r10
    mov 2(r6), r11
    clr r4
    add r10, r10
    addc r11, r11
    addc #0, r4
    add &RESLO, r10
    addc &RESHI, r11
    addc #0, r4
    add r7, r10
    addc #0, r11
    addc #0, r4
    mov r10, 0(r6)
    mov r11, 2(r6)
    add #4, r6
    mov r4, r7
    dec r8
    jnz 8b
    pop r10
    pop r9
    pop r8
    pop r7
    pop r6
    pop r5
    pop r4
    ret
    .size sc_msp430_sqr, . - sc_msp430_sqr
