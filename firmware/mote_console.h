/* firmware/mote_console.h: the console printers and avr-libc's flash-access names for the
 * targets with one address space (firmware/cortexm/mote_cm.h, firmware/mote_msp430.h).
 * Each includes this after defining sc_mote_putc(char); flash data there is read by
 * ordinary loads, so the program-memory helpers the shared firmware sources use (written
 * for the AVR) are plain C. */
#ifndef SC_FIRMWARE_MOTE_CONSOLE_H
#define SC_FIRMWARE_MOTE_CONSOLE_H

#include <stdint.h>
#include <string.h>

#define SC_MOTE_PROGMEM
#ifndef PROGMEM
#define PROGMEM
#endif
#define sc_mote_rd_P(p) (*(const uint8_t *)(p))
#define pgm_read_byte(p) (*(const uint8_t *)(p))
#define pgm_read_word(p) (*(const uint16_t *)(p))
#define memcpy_P memcpy
#define memcmp_P memcmp

static inline void sc_mote_puts(const char *s)
{
    while (*s)
        sc_mote_putc(*s++);
}
#define sc_mote_puts_P(s) sc_mote_puts(s)
#define sc_mote_print(lit) sc_mote_puts(lit)

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

static inline void sc_mote_puthex(uint32_t v, uint8_t nbytes)
{
    static const char hex[16] = "0123456789abcdef";
    while (nbytes--) {
        uint8_t b = (uint8_t)(v >> (8u * nbytes));
        sc_mote_putc(hex[b >> 4]);
        sc_mote_putc(hex[b & 15u]);
    }
}

static inline void sc_mote_puthexbuf(const uint8_t *buf, uint16_t len)
{
    while (len--)
        sc_mote_puthex(*buf++, 1);
}

#endif
