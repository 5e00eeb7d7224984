/* firmware/msp430/selftest.c: the MSP430 runner's self-test (tools/msp430/msp430sim.py,
 * tools/msp430/selftest.cmake; docs/mote.md, "MSP430").
 *
 * Regions of known instruction sequences, their expected cycles from the MSP430x1xx
 * Family User's Guide (SLAU049, tables 3-14 to 3-16) and from mspdebug's model where the
 * two differ (the constant generator, region 7), and known stack depths:
 *   1 empty                                   0 cycles
 *   2 1 nop (mov #0, r3: register mode)       1
 *   3 10 nop                                  10
 *   4 call #f, ret (f: ret only), jmp $+2     5 + 3 + 2 = 10; stack 2
 *   5 8 push r4, 8 pop r4 (mov @r1+, r4)      8 x 3 + 8 x 2 = 40; stack 16
 *   6 mov #0x1234, r4; mov r4, &word;
 *     mov &word, r5; add 2(r1), r5             2 + 4 + 3 + 3 = 12
 *   7 inc r4 (add #1, r4: constant generator) 1 in the guide, 3 in mspdebug's model
 *   8 recursion deep(6) with a 32-byte frame  stack >= 6 x 34
 *   9 the multiplier: 0x1234 * 0x5678 by MPY / OP2, RESLO / RESHI read: printed
 * The console line "mpy 06260060" (0x1234 * 0x5678 = 0x06260060) checks the multiplier;
 * exit code 0. */
#include <stdint.h>

#include "mote.h"

volatile uint16_t sc_selftest_word;

__attribute__((noinline)) static void leaf(void)
{
    __asm__ __volatile__("");
}

__attribute__((noinline)) static uint16_t deep(uint16_t n)
{
    volatile uint8_t frame[32];
    uint16_t i, s = 0;
    for (i = 0; i < sizeof frame; i++)
        frame[i] = (uint8_t)(n + i);
    if (n)
        s = deep((uint16_t)(n - 1));
    for (i = 0; i < sizeof frame; i++)
        s = (uint16_t)(s + frame[i]);
    return s;
}

int main(void)
{
    sc_mote_calibrate();
    sc_mote_start(1);
    sc_mote_stop(1);
    sc_mote_start(2);
    __asm__ __volatile__("nop" ::: "memory");
    sc_mote_stop(2);
    sc_mote_start(3);
    __asm__ __volatile__("nop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop" ::: "memory");
    sc_mote_stop(3);
    sc_mote_start(4);
    __asm__ __volatile__("call #1f\n\tjmp 2f\n1:\tret\n2:" ::: "memory");
    sc_mote_stop(4);
    sc_mote_start(5);
    __asm__ __volatile__(".rept 8\n\tpush r4\n\t.endr\n\t.rept 8\n\tpop r4\n\t.endr" ::: "r4", "memory");
    sc_mote_stop(5);
    sc_mote_start(6);
    __asm__ __volatile__("mov #0x1234, r4\n\tmov r4, &sc_selftest_word\n\tmov &sc_selftest_word, r5\n\tadd 2(r1), r5"
                         ::: "r4", "r5", "memory");
    sc_mote_stop(6);
    sc_mote_start(7);
    __asm__ __volatile__("inc r4" ::: "r4", "memory");
    sc_mote_stop(7);
    sc_mote_start(8);
    uint16_t s = deep(6);
    sc_mote_stop(8);
    leaf();
    sc_mote_start(9);
    volatile uint16_t *mpy = (volatile uint16_t *)0x0130, *op2 = (volatile uint16_t *)0x0138;
    volatile uint16_t *reslo = (volatile uint16_t *)0x013A, *reshi = (volatile uint16_t *)0x013C;
    *mpy = 0x1234;
    *op2 = 0x5678;
    uint16_t lo = *reslo, hi = *reshi;
    sc_mote_stop(9);
    sc_mote_print("mpy ");
    sc_mote_puthex((uint32_t)hi << 16 | lo, 4);
    sc_mote_print("\ndeep ");
    sc_mote_putu32(s);
    sc_mote_putc('\n');
    return 0;
}
