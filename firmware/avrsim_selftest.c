/* firmware/avrsim_selftest.c: calibration and self-test image for sc-avrsim.
 *
 * Each region has a body whose cost is known exactly from the AVR instruction set
 * manual (ATmega128/1281: nop 1 cycle, rjmp 2, rcall 3, ret 4, push/pop 2), so the
 * runner's figures can be checked, not just read. tools/avrsim/selftest.cmake runs
 * this image under ctest and asserts:
 *   region 1 (empty)              0 cycles
 *   region 2 (1 nop)              1 cycle
 *   region 3 (10 nops)           10 cycles
 *   region 4 (100 nops)         100 cycles
 *   region 5 (rcall; ret; rjmp)   9 cycles, 2 bytes of stack below its start
 *   region 6 (16 push, 16 pop)   64 cycles, 16 bytes of stack below its start
 *   region 7 (recursion)         at least 9 frames of 34 bytes below its start
 *   region 8 (5 nops, 3 times)    5 cycles each time
 *   region 9 (SP moved by hand)  14 cycles, exactly the printed frame size below its
 *                                start (checks the runner's SP-half-write filter)
 * the console line below, and exit code 0. */
#include "mote.h"

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

/* Recursion with a 32-byte local array per frame (volatile so it stays on the
 * stack): n + 1 frames of 32 bytes + return address + saved registers. */
static uint8_t __attribute__((noinline)) deep(uint8_t n)
{
    volatile uint8_t buf[32];
    buf[0] = n;
    buf[31] = 0;
    if (n)
        buf[31] = deep((uint8_t)(n - 1u));
    return (uint8_t)(buf[0] + buf[31]);
}

int main(void)
{
    sc_mote_calibrate();

    sc_mote_start(1);
    sc_mote_stop(1);

    sc_mote_start(2);
    __asm__ __volatile__("nop");
    sc_mote_stop(2);

    sc_mote_start(3);
    __asm__ __volatile__(".rept 10\n\tnop\n\t.endr");
    sc_mote_stop(3);

    sc_mote_start(4);
    __asm__ __volatile__(".rept 100\n\tnop\n\t.endr");
    sc_mote_stop(4);

    /* rcall 3 + ret 4 + rjmp 2 = 9 cycles; the call pushes a 2-byte return address */
    sc_mote_start(5);
    __asm__ __volatile__("rcall 1f\n\trjmp 2f\n1:\tret\n2:" ::: "memory");
    sc_mote_stop(5);

    /* 16 pushes and 16 pops of r0, 2 cycles each: 64 cycles, 16 bytes deep */
    sc_mote_start(6);
    __asm__ __volatile__(".rept 16\n\tpush r0\n\t.endr\n\t"
                         ".rept 16\n\tpop r0\n\t.endr" ::: "memory");
    sc_mote_stop(6);

    sc_mote_start(7);
    uint8_t r = deep(8);
    sc_mote_stop(7);

    /* SP moved byte by byte as gcc's prologues do (high byte first): from H:L to
     * (H-1):0x01 (low byte first), then to (H-2):0x81 (high byte first, so for a few
     * instructions SP reads (H-2):0x01, 128 bytes deeper than it ever really is),
     * and back. The region must read k = H:L - (H-2):0x81 = 512 + L - 0x81 bytes
     * below its start, not k + 128; the console prints k. */
    uint8_t lo, hi, t;
    sc_mote_start(9);
    __asm__ __volatile__("in %0, __SP_L__\n\t"
                         "in %1, __SP_H__\n\t"
                         "ldi %2, 0x01\n\t"
                         "out __SP_L__, %2\n\t"
                         "mov %2, %1\n\t"
                         "subi %2, 1\n\t"
                         "out __SP_H__, %2\n\t"
                         "subi %2, 1\n\t"
                         "out __SP_H__, %2\n\t"
                         "nop\n\t"
                         "ldi %2, 0x81\n\t"
                         "out __SP_L__, %2\n\t"
                         "out __SP_H__, %1\n\t"
                         "out __SP_L__, %0"
                         : "=&r"(lo), "=&r"(hi), "=&d"(t)
                         :
                         : "memory");
    sc_mote_stop(9);
    (void)hi;
    (void)t;

    for (uint8_t i = 0; i < 3; i++) {
        sc_mote_start(8);
        __asm__ __volatile__(".rept 5\n\tnop\n\t.endr");
        sc_mote_stop(8);
    }

    sc_mote_print("avrsim selftest on " SC_MOTE_MCU_NAME ": ");
    sc_mote_putu32(4294967295u);
    sc_mote_putc(' ');
    sc_mote_putu32(0);
    sc_mote_print(" 0x");
    sc_mote_puthex(0xBEEFu, 2);
    sc_mote_print(" deep ");
    sc_mote_putu32(r);
    sc_mote_print(" frame ");
    sc_mote_putu32(512u + lo - 0x81u);
    sc_mote_putc('\n');
    sc_mote_exit(0);
}
