/* console.h: the example's output, for the sc-avrsim simulator runner.
 *
 * Three writes to data addresses that no peripheral of the ATmega128 / ATmega1281 /
 * ATmega2560 uses (the protocol of seacurve's simulator runner, docs/mote.md):
 * 0xF1 takes one byte of console output, 0xF2 ends the run with an exit code.  A
 * copy of the few lines of the repository's firmware/mote.h this example needs,
 * because the example is a project of its own that builds against an installed
 * seacurve, which does not install firmware/.  On a real mote, replace
 * console_putc by a UART write and console_exit by whatever ends the program. */
#ifndef MOTE_EXAMPLE_CONSOLE_H
#define MOTE_EXAMPLE_CONSOLE_H

#include <stddef.h>
#include <stdint.h>
#include <avr/pgmspace.h>

static inline void console_putc(char c)
{
    *(volatile uint8_t *)0xF1 = (uint8_t)c;
}

/* End the run: sc-avrsim exits with code (0..119). */
static inline __attribute__((noreturn)) void console_exit(uint8_t code)
{
    *(volatile uint8_t *)0xF2 = code;
    for (;;)
        __asm__ __volatile__("cli\n\tsleep" ::: "memory");
}

/* A string in flash (PSTR), so that the text takes no RAM. */
static inline void console_puts_P(const char *s)
{
    char c;
    while ((c = (char)pgm_read_byte(s++)) != 0)
        console_putc(c);
}
#define console_print(lit) console_puts_P(PSTR(lit))

static inline void console_hex(const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    while (n--) {
        console_putc(digits[*p >> 4]);
        console_putc(digits[*p++ & 15]);
    }
}

#endif
