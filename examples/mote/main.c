/* A complete mote firmware on seacurve: make a key, sign a sensor reading, verify it,
 * agree on a secret with a peer (ECDH), printing each result on the console.
 *
 * Built against an installed mote build of the library (docs/integration.md); runs on the
 * sc-avrsim simulator, whose console and exit code console.h writes.  The curve is the
 * first of the library's build (SC_CURVES; secp160r1 by default).  Exit code 0 when every
 * step gave the expected result, else the number of the step that failed.
 *
 * Randomness: the library takes it from the source set with sc_rng_set, here the ADC-noise
 * source of entropy.c (docs/rng.md says what it is worth).  In the simulator the ADC repeats
 * one reading and that source refuses itself; a build with MOTE_EXAMPLE_STANDIN then seeds
 * it from fixed stand-in readings instead, so that the example runs there: its keys are the
 * same on every run, which is right for a test and wrong for a mote. */
#include <seacurve/seacurve.h>
#include <string.h>

#include "console.h"
#include "entropy.h"

/* The node's id, the DRBG's nonce: two motes with the same samples still differ. */
static const uint8_t node_id[2] = {0x00, 0x11};
static mote_entropy entropy;

#if defined(MOTE_EXAMPLE_STANDIN)
/* Stand-in readings for the simulator: a 16-bit Galois LFSR (x^16 + x^14 + x^13 + x^11 + 1),
 * its low 10 bits as a reading.  Deterministic: NOT entropy. */
static int seed_standin(void)
{
    mote_pool p;
    uint16_t i, lfsr = 0xACE1u;
    mote_pool_start(&p);
    for (i = 0; i < MOTE_ENTROPY_SAMPLES; i++) {
        lfsr = (uint16_t)((lfsr >> 1) ^ (-(lfsr & 1u) & 0xB400u));
        mote_pool_add(&p, (uint8_t)(i & 1u), (uint16_t)(lfsr & 0x3FFu));
    }
    return mote_entropy_seed(&entropy, &p, node_id, sizeof node_id);
}
#endif

/* The library's source of randomness: the ADC, else (simulator builds) the stand-in. */
static int start_entropy(void)
{
    int r = mote_entropy_init(&entropy, node_id, sizeof node_id);
    if (r == 0) {
        console_print("entropy: ADC noise\n");
    } else {
        console_print("entropy: the ADC source refused itself (a stuck channel or no ADC)\n");
#if defined(MOTE_EXAMPLE_STANDIN)
        r = seed_standin();
        console_print("entropy: stand-in readings (simulator build): NOT random\n");
#endif
    }
    if (r == 0 && sc_rng_set(mote_entropy_read, &entropy) != SC_OK)
        r = -1;
    return r;
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

    /* 1. the mote's key pair, from the source of randomness */
    if (start_entropy() != 0)
        console_exit(1);
    e = sc_keygen(c, priv, c->nlen);
    if (e == SC_OK)
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

    /* 4. ECDH with a peer (its key made here too, to play both sides): each side's private
     * key with the other's public key */
    e = sc_keygen(c, peer_priv, c->nlen);
    if (e == SC_OK)
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
    line_hex(PSTR("peer private key (printed for checking): "), peer_priv, c->nlen);
    line_hex(PSTR("shared secret: "), secret, c->flen);

    sc_memzero(priv, sizeof priv);
    sc_memzero(peer_priv, sizeof peer_priv);
    sc_memzero(secret, sizeof secret);
    sc_memzero(peer_secret, sizeof peer_secret);
    mote_entropy_wipe(&entropy);
    console_print("done\n");
    console_exit(0);
}
