/* A complete mote firmware on seacurve: make a key, sign a sensor reading, verify it,
 * agree on a secret with a peer (ECDH), printing each result on the console.
 *
 * Built against an installed mote build of the library (README.md here); runs on the
 * sc-avrsim simulator, whose console and exit code console.h writes.  The curve is the
 * first of the library's build (SC_CURVES; secp160r1 by default).  Exit code 0 when every
 * step gave the expected result, else the number of the step that failed. */
#include <seacurve/seacurve.h>
#include <string.h>

#include "console.h"

/* The keys.  A real mote makes its key from an entropy source set with sc_rng_set; here
 * both private keys are given (the top bytes zero, so each is below the group order n of
 * every curve), as a stand-in until the mote has such a source. */
static const uint8_t mote_key_lo[16] PROGMEM = {
    0x3a, 0x1f, 0x9c, 0x42, 0x77, 0x05, 0xe8, 0xd1, 0x6b, 0x20, 0x94, 0xc3, 0x5e, 0x81, 0x0f, 0x66};
static const uint8_t peer_key_lo[16] PROGMEM = {
    0x71, 0xc4, 0x08, 0xbd, 0x2e, 0x93, 0x5a, 0x17, 0xf6, 0x4c, 0x81, 0x3d, 0xa0, 0x69, 0xe2, 0x15};

static void fixed_key(uint8_t *priv, size_t nlen, const uint8_t *lo_P)
{
    memset(priv, 0, nlen);
    memcpy_P(priv + nlen - 16, lo_P, 16);
}

static void result(const char *label_P, sc_err e)
{
    console_puts_P(label_P);
    if (e == SC_OK) {
        console_print("ok\n");
    } else {
        /* the error code as a number: sc_strerror's texts would take RAM on AVR */
        uint8_t v = (uint8_t)-(int)e;
        console_print("FAILED: sc_err -0x");
        console_hex(&v, 1);
        console_putc('\n');
    }
}

static void line_hex(const char *label_P, const uint8_t *p, size_t n)
{
    console_puts_P(label_P);
    console_hex(p, n);
    console_putc('\n');
}

/* A sensor reading as it goes on the air: node id, sequence number, temperature in
 * hundredths of a degree Celsius, big-endian. */
static size_t encode_reading(uint8_t *out, uint16_t node, uint32_t seq, int16_t centi_c)
{
    out[0] = (uint8_t)(node >> 8);
    out[1] = (uint8_t)node;
    out[2] = (uint8_t)(seq >> 24);
    out[3] = (uint8_t)(seq >> 16);
    out[4] = (uint8_t)(seq >> 8);
    out[5] = (uint8_t)seq;
    out[6] = (uint8_t)((uint16_t)centi_c >> 8);
    out[7] = (uint8_t)centi_c;
    return 8;
}

int main(void)
{
    static uint8_t priv[SC_FP_MAXBYTES], peer_priv[SC_FP_MAXBYTES];
    static uint8_t pub[SC_PK_MAX_PUB], peer_pub[SC_PK_MAX_PUB];
    static uint8_t sig[SC_PK_MAX_SIG], secret[SC_FP_MAXBYTES], peer_secret[SC_FP_MAXBYTES];
    uint8_t reading[8];
    size_t publen = sizeof pub, peer_publen = sizeof peer_pub, readlen, siglen;
    const sc_curve *c = sc_curve_at(0);
    sc_err e;

    console_print("seacurve mote example: ");
    {
        const char *s = c->name;
        while (*s)
            console_putc(*s++);
    }
    console_putc('\n');
    siglen = 2u * c->nlen;

    /* 1. the mote's key pair */
    fixed_key(priv, c->nlen, mote_key_lo);
    e = sc_pubkey(c, pub, &publen, 0, priv, c->nlen);
    result(PSTR("key: "), e);
    if (e)
        console_exit(1);
    line_hex(PSTR("public key: "), pub, publen);

    /* 2. sign a reading (ECDSA, SHA-256, RFC 6979 nonce) */
    readlen = encode_reading(reading, 17, 4711, 2150);
    line_hex(PSTR("reading: "), reading, readlen);
    e = sc_ecdsa_sign_msg(c, sig, siglen, SC_HASH_SHA256, reading, readlen, priv, c->nlen);
    result(PSTR("sign: "), e);
    if (e)
        console_exit(2);
    line_hex(PSTR("signature: "), sig, siglen);

    /* 3. verify it, and see a changed reading rejected */
    e = sc_ecdsa_verify_msg(c, sig, siglen, SC_HASH_SHA256, reading, readlen, pub, publen);
    result(PSTR("verify: "), e);
    if (e)
        console_exit(3);
    reading[7] ^= 1;
    e = sc_ecdsa_verify_msg(c, sig, siglen, SC_HASH_SHA256, reading, readlen, pub, publen);
    if (e != SC_ERR_VERIFY) {
        console_print("verify changed reading: ACCEPTED\n");
        console_exit(4);
    }
    console_print("verify changed reading: rejected\n");

    /* 4. ECDH with a peer: each side's private key with the other's public key */
    fixed_key(peer_priv, c->nlen, peer_key_lo);
    e = sc_pubkey(c, peer_pub, &peer_publen, 1, peer_priv, c->nlen);
    if (e == SC_OK)
        e = sc_ecdh(c, secret, c->flen, priv, c->nlen, peer_pub, peer_publen);
    if (e == SC_OK)
        e = sc_ecdh(c, peer_secret, c->flen, peer_priv, c->nlen, pub, publen);
    if (e == SC_OK && memcmp(secret, peer_secret, c->flen) != 0)
        e = SC_ERR_VERIFY;
    result(PSTR("ecdh: "), e);
    if (e)
        console_exit(5);
    line_hex(PSTR("peer private key (test key): "), peer_priv, c->nlen);
    line_hex(PSTR("shared secret: "), secret, c->flen);

    sc_memzero(priv, sizeof priv);
    sc_memzero(peer_priv, sizeof peer_priv);
    sc_memzero(secret, sizeof secret);
    sc_memzero(peer_secret, sizeof peer_secret);
    console_print("done\n");
    console_exit(0);
}
