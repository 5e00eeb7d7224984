/* firmware/bench_common.h: the console protocol of the benchmark images
 * (bench_curve.c, bench_binary.c; read by tools/mote_report.py and
 * tools/avrsim/bench_smoke.cmake): "region <id> <label>" before a region runs,
 * "check <what> ok|FAILED" for a cross-check of the results, and the secret-like
 * operand pattern both use.  Labels and check names live in flash. */
#ifndef SC_FIRMWARE_BENCH_COMMON_H
#define SC_FIRMWARE_BENCH_COMMON_H

#include <stdint.h>
#if defined(__AVR__)
#include <avr/pgmspace.h>
#endif

#include "mote.h"

static uint8_t failures;

static void label(uint8_t id, const char *lab_P)
{
    sc_mote_print("region ");
    sc_mote_putu32(id);
    sc_mote_putc(' ');
    sc_mote_puts_P(lab_P);
    sc_mote_putc('\n');
}
#define LABEL(id, lit)                                                              \
    do {                                                                            \
        static const char lab_[] SC_MOTE_PROGMEM = lit;                    \
        label(id, lab_);                                                            \
    } while (0)

static void check(int ok, const char *what_P)
{
    sc_mote_print("check ");
    sc_mote_puts_P(what_P);
    if (ok) {
        sc_mote_print(" ok\n");
    } else {
        sc_mote_print(" FAILED\n");
        failures++;
    }
}
#define CHECK(ok, lit)                                                              \
    do {                                                                            \
        static const char what_[] SC_MOTE_PROGMEM = lit;                   \
        check((ok), what_);                                                         \
    } while (0)

/* Fixed "secret" bytes: a spread pattern with a leading zero byte, so the value
 * is below n on every curve and still about as long as n. */
static void pattern(uint8_t *out, uint8_t len, uint8_t seed)
{
    out[0] = 0;
    for (uint8_t i = 1; i < len; i++)
        out[i] = (uint8_t)(seed + 0x3b * i + (i >> 2));
}

#endif
