/* firmware/cortexm/startup.c: reset and vector table of the Cortex-M images.
 *
 * The smallest start-up an image needs, on every core (ARMv6-M and ARMv7-M take the
 * same vector table layout, [ArmV7MArm] B1.5.3): the initial stack pointer and the reset
 * handler, which copies .data from flash, zeroes .bss and calls main. Every other
 * exception (NMI, HardFault, and on ARMv7-M MemManage, BusFault, UsageFault) ends the
 * run through semihosting with exit code 123, the runners' "crash"; so does a main
 * that returns. No interrupt is enabled. */
#include <stdint.h>
#include <string.h>

#include "mote_cm.h"

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[], __stack_top[];
int main(void);

void sc_cm_reset(void);
void sc_cm_fault(void);

__attribute__((noreturn)) void sc_cm_fault(void)
{
    sc_mote_exit(123);
}

__attribute__((noreturn)) void sc_cm_reset(void)
{
    memcpy(__data_start, __data_load, (size_t)((char *)__data_end - (char *)__data_start));
    memset(__bss_start, 0, (size_t)((char *)__bss_end - (char *)__bss_start));
    main();
    sc_mote_exit(123);
}

/* Initial SP, reset, then NMI .. SysTick (entries 2..15): the fault handler. */
__attribute__((section(".vectors"), used)) void (*const sc_cm_vectors[16])(void) = {
    (void (*)(void))__stack_top, sc_cm_reset, sc_cm_fault, sc_cm_fault, sc_cm_fault, sc_cm_fault,
    sc_cm_fault, 0, 0, 0, 0, sc_cm_fault, sc_cm_fault, 0, sc_cm_fault, sc_cm_fault};
