/* firmware/cortexm/mote_cm.h: the firmware side of the measuring protocol on Cortex-M
 * (the same functions as the AVR's firmware/mote.h, which includes this file when built
 * for ARM; docs/mote.md, "Cortex-M").
 *
 *   region marker  a 32-bit store to the first word of RAM, 0x20000000 (reserved by
 *                  firmware/cortexm/cortexm.ld): id (1..127) starts region id,
 *                  0x80 | id stops it, 0 / 0x80 is the calibration region
 *   console        ARM semihosting SYS_WRITEC (0x03), one byte per call
 *   exit code      ARM semihosting SYS_EXIT_EXTENDED (0x20) with
 *                  ADS_Stopped_ApplicationExit and the code
 *
 * Semihosting (ARM "Semihosting for AArch32 and AArch64", [ArmSemihosting]) is a
 * `bkpt 0xab` with the operation in r0 and its argument in r1; qemu-system-arm
 * -semihosting and tools/cmsim/sc_cmsim.py both answer it, so one image runs in either.
 * The marker store is a RAM write that QEMU executes like any other and sc_cmsim hooks.
 *
 * Header-only; needs a Thumb target (the markers and the semihosting call are inline
 * assembly). */
#ifndef SC_FIRMWARE_MOTE_CM_H
#define SC_FIRMWARE_MOTE_CM_H

#include <stdint.h>
#include <string.h>

#define SC_MOTE_CAL_ID 0
#define SC_CM_SYS_WRITEC 0x03u
#define SC_CM_SYS_EXIT_EXTENDED 0x20u
#define SC_CM_ADS_APPLICATION_EXIT 0x20026u

/* One marker as a fixed four-instruction sequence in one asm statement (all 16-bit
 * Thumb encodings, valid on ARMv6-M and ARMv7-M): the marker's address 0x20000000
 * built as 32 << 24, the value, the store. The "memory" clobber keeps the measured
 * code's memory accesses on their side. A region therefore costs the start's store
 * plus the stop's three set-up instructions more than its body: what the calibration
 * region measures and the runner subtracts. v: an integer constant, 0..255. */
#define SC_MOTE_MARK_(v)                                                            \
    do {                                                                            \
        uint32_t sc_mote_a_, sc_mote_v_;                                            \
        __asm__ __volatile__("movs %0, #32\n\tlsls %0, %0, #24\n\tmovs %1, %2\n\t"  \
                             "str %1, [%0]"                                         \
                             : "=&l"(sc_mote_a_), "=&l"(sc_mote_v_)                 \
                             : "I"(v)                                               \
                             : "memory", "cc");                                     \
    } while (0)

#define sc_mote_start(id) SC_MOTE_MARK_((id) & 0x7F)
#define sc_mote_stop(id) SC_MOTE_MARK_(0x80 | ((id) & 0x7F))
#define sc_mote_calibrate()                                                         \
    do {                                                                            \
        sc_mote_start(SC_MOTE_CAL_ID);                                              \
        sc_mote_stop(SC_MOTE_CAL_ID);                                               \
    } while (0)

/* One semihosting call: operation op, argument block arg; returns r0. */
static inline uint32_t sc_cm_semihost(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ __volatile__("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

static inline void sc_mote_putc(char c)
{
    sc_cm_semihost(SC_CM_SYS_WRITEC, &c);
}

/* End the run with this exit code (0..119 by the runner's convention); never returns. */
static inline __attribute__((noreturn)) void sc_mote_exit(uint8_t code)
{
    const uint32_t blk[2] = {SC_CM_ADS_APPLICATION_EXIT, code};
    sc_cm_semihost(SC_CM_SYS_EXIT_EXTENDED, blk);
    for (;;)
        __asm__ __volatile__("wfi" ::: "memory");
}

#include "../mote_console.h"

/* The core record for the runner: the -mcpu name (and the clock the image assumes),
 * in the non-allocated section .sc_core (cortexm.ld keeps it, outside the image), so
 * `sc_cmsim.py image.elf` needs no --core. Use once, at file scope. */
struct sc_mote_core {
    char name[16];
    uint32_t hz;
};
#define SC_MOTE_MMCU(core, hz)                                                      \
    const struct sc_mote_core sc_mote_core_rec                                      \
        __attribute__((section(".sc_core"), used)) = {core, (hz)}

#endif
