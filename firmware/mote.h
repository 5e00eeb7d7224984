/* firmware/mote.h: the firmware side of the tools/avrsim measuring protocol.
 *
 * A firmware image run by sc-avrsim (tools/avrsim) talks to the runner by writing
 * to three data addresses that no peripheral uses on the ATmega128 / ATmega1281
 * (reserved extended I/O; the runner refuses to start if its simavr model of the
 * MCU has anything there):
 *
 *   0xF0  region marker: id (1..127) starts region id, 0x80 | id stops it;
 *         id 0 is the calibration region (sc_mote_calibrate)
 *   0xF1  console: one byte of the firmware's standard output
 *   0xF2  exit code: the run ends, sc-avrsim exits with this code (0..119)
 *
 * The runner reports, per region, the cycles between the markers minus the
 * markers' own cost (measured by the calibration region, so an empty region
 * reads exactly 0), and the deepest stack seen (bytes below RAMEND).
 * docs/mote.md, "The simulator runner", has the whole protocol.
 *
 * Needs avr-gcc (the markers are inline assembly); everything here is header-only.
 * Built for ARM, the same functions come from firmware/cortexm/mote_cm.h (markers as
 * stores to RAM, console and exit through semihosting; docs/mote.md, "Cortex-M"), so the
 * test and benchmark images build for both families from one source; built for the MSP430,
 * from firmware/mote_msp430.h (tools/msp430/msp430sim.py's protocol; docs/mote.md, "MSP430").
 */
#ifndef SC_FIRMWARE_MOTE_H
#define SC_FIRMWARE_MOTE_H

#if defined(__arm__)
#include "cortexm/mote_cm.h"
#elif defined(__MSP430__)
/* the MSP430 runner's protocol, same interface (tools/msp430/msp430sim.py) */
#include "mote_msp430.h"
#else

#include <stdint.h>

#define SC_MOTE_REG_REGION 0xF0
#define SC_MOTE_REG_CONSOLE 0xF1
#define SC_MOTE_REG_EXIT 0xF2
#define SC_MOTE_CAL_ID 0 /* region id of the calibration region */

/* One marker write as a fixed two-instruction sequence, `ldi rN, v` (1 cycle) then
 * `sts 0xF0, rN` (2 cycles), in a single asm statement so the compiler can neither
 * split nor reorder it (the "memory" clobber also keeps loads and stores of the
 * measured code on their side of the marker). The runner sees the write during the
 * sts, before its cycles are counted, so a region costs 2 (start sts) + 1 (stop ldi)
 * cycles more than its body: exactly what the calibration region measures.
 * v must be an integer constant expression (asm constraint "M": 0..255). */
#define SC_MOTE_MARK_(v)                                                            \
    do {                                                                            \
        uint8_t sc_mote_tmp_;                                                       \
        __asm__ __volatile__("ldi %0, %1\n\tsts %2, %0"                             \
                             : "=d"(sc_mote_tmp_)                                   \
                             : "M"(v), "n"(SC_MOTE_REG_REGION)                      \
                             : "memory");                                           \
    } while (0)

/* Start / stop region id (an integer constant, 1..127). Regions may nest or repeat;
 * each stop prints one report line. */
#define sc_mote_start(id) SC_MOTE_MARK_((id) & 0x7F)
#define sc_mote_stop(id) SC_MOTE_MARK_(0x80 | ((id) & 0x7F))

/* The calibration region: an empty region with id 0. Run it once before any
 * measured region; the runner subtracts its cycle count from every region. */
#define sc_mote_calibrate()                                                         \
    do {                                                                            \
        sc_mote_start(SC_MOTE_CAL_ID);                                              \
        sc_mote_stop(SC_MOTE_CAL_ID);                                               \
    } while (0)

/* Flash constants of the images: program memory, read with lpm (sc_mote_rd_P). */
#define SC_MOTE_PROGMEM __attribute__((progmem))

static inline uint8_t sc_mote_rd_P(const uint8_t *p)
{
    uint8_t c;
    __asm__("lpm %0, Z" : "=r"(c) : "z"(p));
    return c;
}

static inline void sc_mote_putc(char c)
{
    *(volatile uint8_t *)SC_MOTE_REG_CONSOLE = (uint8_t)c;
}

/* End the run with this exit code; never returns (interrupts off, sleep: should the
 * runner not stop at the write, simavr stops at the sleep). */
static inline __attribute__((noreturn)) void sc_mote_exit(uint8_t code)
{
    *(volatile uint8_t *)SC_MOTE_REG_EXIT = code;
    for (;;)
        __asm__ __volatile__("cli\n\tsleep" ::: "memory");
}

/* Small printers instead of avr-libc's printf (vfprintf alone is about 1.5-2 KB of
 * flash): a string from RAM, a string from flash, unsigned decimal and hex. */
static inline void sc_mote_puts(const char *s)
{
    while (*s)
        sc_mote_putc(*s++);
}

/* s points to program memory (PROGMEM / __flash): read with lpm. */
static inline void sc_mote_puts_P(const char *s)
{
    for (;;) {
        char c;
        __asm__ __volatile__("lpm %0, Z+" : "=r"(c), "+z"(s));
        if (!c)
            break;
        sc_mote_putc(c);
    }
}

/* A string literal kept in flash, printed by sc_mote_puts_P (no RAM copy). */
#define sc_mote_print(lit)                                                          \
    do {                                                                            \
        static const char sc_mote_str_[] __attribute__((progmem)) = lit;            \
        sc_mote_puts_P(sc_mote_str_);                                               \
    } while (0)

static inline void sc_mote_putu32(uint32_t v)
{
    char buf[10];
    uint8_t n = 0;
    do {
        buf[n++] = (char)('0' + (uint8_t)(v % 10u));
        v /= 10u;
    } while (v);
    while (n)
        sc_mote_putc(buf[--n]);
}

/* nbytes of v, most significant first, two lowercase hex digits each. */
static inline void sc_mote_puthex(uint32_t v, uint8_t nbytes)
{
    static const char hex[16] __attribute__((progmem)) = "0123456789abcdef";
    while (nbytes--) {
        uint8_t b = (uint8_t)(v >> (8u * nbytes));
        const char *p = hex + (b >> 4);
        char c;
        __asm__("lpm %0, Z" : "=r"(c) : "z"(p));
        sc_mote_putc(c);
        p = hex + (b & 15u);
        __asm__("lpm %0, Z" : "=r"(c) : "z"(p));
        sc_mote_putc(c);
    }
}

/* A byte array in hex (e.g. a digest or a public key). */
static inline void sc_mote_puthexbuf(const uint8_t *buf, uint16_t len)
{
    while (len--)
        sc_mote_puthex(*buf++, 1);
}

/* Optional .mmcu record for the runner (and simavr's own tools): the MCU name and
 * clock, so `sc-avrsim firmware.elf` needs no --mcu. Same tag-length-value layout
 * as simavr's avr_mcu_section.h (tag 1 = name in 64 bytes, tag 2 = frequency,
 * 32-bit little endian). Link with -Wl,--undefined=_mmcu
 * -Wl,--section-start=.mmcu=0x910000 so it is kept but never lands in flash.
 * Use once, at file scope: SC_MOTE_MMCU("atmega128", 7372800); */
struct sc_mote_mmcu {
    uint8_t name_tag, name_len;
    char name[64];
    uint8_t freq_tag, freq_len;
    uint32_t freq;
} __attribute__((packed));

#define SC_MOTE_MMCU(mcu, hz)                                                       \
    const struct sc_mote_mmcu _mmcu __attribute__((section(".mmcu"), used)) = {     \
        1, 64, mcu, 2, 4, (hz)}

#endif /* AVR */

#endif
