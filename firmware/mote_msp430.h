/* firmware/mote_msp430.h: the firmware side of the MSP430 runner's measuring protocol
 * (tools/msp430/msp430sim.py; docs/mote.md, "MSP430"), included by firmware/mote.h on MSP430.
 *
 * The same interface as the AVR's (sc_mote_start / stop / calibrate, the console
 * printers, sc_mote_exit), over three words at the start of RAM that port/msp430/rt/
 * crt0.S defines and the runner watches in mspdebug's simulator (a watchpoint on each
 * stops the simulation right after the write):
 *
 *   sc_mote_region    region marker: id (1..127) starts region id, 0x80 | id stops it;
 *                     id 0 is the calibration region (sc_mote_calibrate)
 *   sc_mote_console   one byte of the firmware's standard output
 *   sc_mote_exitcode  the run ends with this exit code (0..119)
 *
 * A marker is one instruction, `mov #v, &sc_mote_region` (5 cycles, MSP430x1xx
 * Family User's Guide SLAU049, table 3-16, #N -> &EDE); the simulator stops after it,
 * so a region's raw count is its body plus the stop marker, which the calibration
 * region measures and the runner subtracts.  Flash data needs no special access on the
 * MSP430 (one address space): PROGMEM and the pgm_read_* / *_P helpers of avr-libc
 * that the shared firmware sources use are plain reads here. */
#ifndef SC_FIRMWARE_MOTE_MSP430_H
#define SC_FIRMWARE_MOTE_MSP430_H

#include <stdint.h>
#include <string.h>

extern volatile uint16_t sc_mote_region, sc_mote_console, sc_mote_exitcode;
__attribute__((noreturn)) void sc_msp430_exit(uint16_t code);

#define SC_MOTE_CAL_ID 0

/* v: an integer constant expression (0..255) */
#define SC_MOTE_MARK_(v) __asm__ __volatile__("mov %0, &sc_mote_region" ::"i"(v) : "memory")

#define sc_mote_start(id) SC_MOTE_MARK_((id) & 0x7F)
#define sc_mote_stop(id) SC_MOTE_MARK_(0x80 | ((id) & 0x7F))
#define sc_mote_calibrate()                                                         \
    do {                                                                            \
        sc_mote_start(SC_MOTE_CAL_ID);                                              \
        sc_mote_stop(SC_MOTE_CAL_ID);                                               \
    } while (0)

static inline void sc_mote_putc(char c)
{
    sc_mote_console = (uint8_t)c;
}

/* End the run with this exit code (crt0.S: the exit marker, then a loop with
 * interrupts off). */
static inline __attribute__((noreturn)) void sc_mote_exit(uint8_t code)
{
    sc_msp430_exit(code);
}

#include "mote_console.h"

/* No .mmcu record: the runner reads the RAM bounds from the ELF's symbols
 * (port/msp430/msp430.ld), and mspdebug's simulator is the same for every device. */
#define SC_MOTE_MMCU(mcu, hz) extern const char sc_mote_no_mmcu_[]

#endif
