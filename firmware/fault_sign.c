/* firmware/fault_sign.c: one secp160r1 ECDSA signature (RFC 6979, SHA-256 digest)
 * as the target of fault injection (tools/avrsim/fault_inject.py, ctest
 * fw_fault_inject; docs/testing.md "Fault injection").  Built twice: with the
 * fault checks (SC_FAULT_CHECKS=2, fault_sign_on) and without (fault_sign_off,
 * the negative control).
 *
 * Console: "key ADDR HEX", "digest ADDR HEX", "sig ADDR" (the data-space
 * addresses of the buffers, which the injector also flips, and their
 * contents), region 1 around sc_ecdsa_sign, then "rc CODE HEX" with the
 * result and the signature buffer as it left the call.  The key and digest
 * are fixed; the expected signature is computed by the injector in Python. */
#include "mote.h"
#include <seacurve/seacurve.h>
#include <string.h>

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

/* A fixed key d (1 <= d < n) and a fixed 32-byte digest. */
static const uint8_t key_P[21] SC_MOTE_PROGMEM = {
    0x00, 0x9a, 0x31, 0x4e, 0x0b, 0x8c, 0x57, 0xd2, 0x13, 0x66, 0xaf,
    0x40, 0x7e, 0xc1, 0x25, 0x98, 0x3d, 0xe4, 0x5b, 0x70, 0x1f};
static const uint8_t digest_P[32] SC_MOTE_PROGMEM = {
    0x6b, 0x0e, 0x3f, 0x92, 0xd1, 0x44, 0x87, 0x2a, 0xc5, 0x19, 0x7d, 0xe0, 0x33, 0x58, 0xb6, 0x0f,
    0x81, 0xfa, 0x26, 0x4d, 0x9c, 0x0b, 0x62, 0xe7, 0x15, 0xa8, 0x3c, 0x71, 0xd4, 0x09, 0x5e, 0xb3};

static uint8_t key[21], digest[32], sig[42];

static void show(const char *what_P, const uint8_t *buf, uint16_t len)
{
    sc_mote_puts_P(what_P);
    sc_mote_putc(' ');
    sc_mote_puthex((uint16_t)(uintptr_t)buf, 2);
    sc_mote_putc(' ');
    sc_mote_putu32(len);
    sc_mote_putc(' ');
    sc_mote_puthexbuf(buf, len);
    sc_mote_putc('\n');
}

int main(void)
{
    static const char k_[] SC_MOTE_PROGMEM = "key", d_[] SC_MOTE_PROGMEM = "digest",
                      s_[] SC_MOTE_PROGMEM = "sig";
    const sc_curve *c = sc_curve_find("secp160r1");
    sc_err e;
    uint8_t i;
    for (i = 0; i < sizeof key; i++)
        key[i] = sc_mote_rd_P(key_P + i);
    for (i = 0; i < sizeof digest; i++)
        digest[i] = sc_mote_rd_P(digest_P + i);
    sc_mote_calibrate();
    show(k_, key, sizeof key);
    show(d_, digest, sizeof digest);
    show(s_, sig, sizeof sig);
    sc_mote_start(1);
    e = sc_ecdsa_sign(c, sig, sizeof sig, digest, sizeof digest, SC_HASH_SHA256, key, sizeof key, NULL, 0);
    sc_mote_stop(1);
    sc_mote_print("rc ");
    sc_mote_putu32((uint32_t)(-(int)e));
    sc_mote_putc(' ');
    sc_mote_puthexbuf(sig, sizeof sig);
    sc_mote_putc('\n');
    sc_mote_exit(0);
}
