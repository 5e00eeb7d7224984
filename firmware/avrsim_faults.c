/* firmware/avrsim_faults.c: images that end badly, one per SC_FAULT value, to test
 * that sc-avrsim reports each failure with its own exit status (tools/avrsim):
 *   1  endless loop, never exits                 -> timeout (124)
 *   2  returns from main without sc_mote_exit    -> halt: avr-libc's `cli; rjmp .` (123)
 *   3  sleep with interrupts off, no exit code   -> simavr stops the core (123)
 *   4  stops a region that was never started     -> protocol error (122)
 *   5  exit code 7                               -> exit status 7
 *   6  sleep with interrupts on, nothing to wake  -> timeout (124) */
#include "mote.h"

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

int main(void)
{
    sc_mote_print("fault ");
    sc_mote_putu32(SC_FAULT);
    sc_mote_putc('\n');
#if SC_FAULT == 1
    /* not a bare `rjmp .`: with interrupts off the runner would call that a halt */
    volatile uint8_t n = 0;
    for (;;)
        n++;
#elif SC_FAULT == 2
    return 3;
#elif SC_FAULT == 3
    __asm__ __volatile__("cli\n\tsleep" ::: "memory");
    for (;;)
        __asm__ __volatile__("" ::: "memory");
#elif SC_FAULT == 4
    sc_mote_calibrate();
    sc_mote_stop(5);
    sc_mote_exit(0);
#elif SC_FAULT == 5
    sc_mote_exit(7);
#elif SC_FAULT == 6
    for (;;)
        __asm__ __volatile__("sei\n\tsleep" ::: "memory");
#else
#error "SC_FAULT must be 1..6"
#endif
}
