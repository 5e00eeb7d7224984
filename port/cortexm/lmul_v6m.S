/* port/cortexm/lmul_v6m.S: the 64-bit product of the ARM run-time ABI, in constant time, for
 * ARMv6-M (Cortex-M0 / M0+).
 *
 *   uint64_t __aeabi_lmul(uint64_t a, uint64_t b);   low 64 bits of a * b
 *
 * ARMv6-M has MULS (32 x 32 -> low 32 bits) and no long multiply, so the compiler turns every
 * (uint64_t) x * y of the library's word products (sc_dword, SC_WORD_BITS = 32) into a call of
 * __aeabi_lmul ([ArmRTABI] 4.2). libgcc's version takes a branch on the carry of its middle
 * term: its time depends on the operands, which are secret in a scalar multiplication
 * (tools/cmsim's constant-time test shows it). This one computes the same result with
 * straight-line code, so the library's images use it instead (the linker takes it from
 * libseacurve.a before libgcc):
 *
 *   a * b mod 2^64 = al bl + 2^32 (al bh + ah bl)       (a = ah 2^32 + al, b likewise)
 *   al bl = a1 b1 2^32 + (a0 b1 + a1 b0) 2^16 + a0 b0    (16-bit halves, [DSP] Alg. 2)
 *
 * The middle sum a0 b1 + a1 b0 can carry into bit 32; that carry is taken with ADCS into a
 * register, never branched on. 4 + 2 MULS (one cycle each on a core with the fast
 * multiplier), no branch, no memory access but the pushes: the same cycles for every input.
 * AAPCS: a in r0 (low), r1; b in r2 (low), r3; result r0 (low), r1; r4-r7 preserved. */
#if defined(__ARM_ARCH_6M__)
    .syntax unified
    .thumb
    .section .text.__aeabi_lmul, "ax", %progbits
    .global __aeabi_lmul
    .type __aeabi_lmul, %function
    .thumb_func
__aeabi_lmul:
    push    {r4-r7, lr}
    muls    r1, r2                  @ ah bl (low 32 bits)
    muls    r3, r0                  @ bh al (low 32 bits)
    adds    r7, r1, r3              @ cross terms, mod 2^32
    uxth    r4, r0                  @ a0
    lsrs    r5, r0, #16             @ a1
    uxth    r6, r2                  @ b0
    lsrs    r2, r2, #16             @ b1
    movs    r0, r4
    muls    r0, r6                  @ a0 b0
    muls    r4, r2                  @ a0 b1
    muls    r6, r5                  @ a1 b0
    muls    r5, r2                  @ a1 b1
    adds    r4, r4, r6              @ middle sum, its carry in C
    movs    r6, #0                  @ (MOVS leaves C alone)
    adcs    r6, r6                  @ r6 = carry of the middle sum
    lsls    r2, r4, #16             @ middle sum, low half, in place
    lsrs    r4, r4, #16             @ middle sum, high half
    lsls    r6, r6, #16             @ its carry at bit 48 of the product
    adds    r0, r0, r2              @ low word, carry in C
    adcs    r5, r4                  @ a1 b1 + middle high half + carry
    adds    r5, r5, r6
    adds    r1, r5, r7              @ high word
    pop     {r4-r7, pc}
    .size __aeabi_lmul, . - __aeabi_lmul
#endif
