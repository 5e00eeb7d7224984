/* firmware/footprint_ops.c: minimal images for the footprint table (docs/mote.md).
 *
 * A main that calls only the operations of one deployment and nothing else (no
 * printf, no console text): avr-size of the linked ELF is then the flash and RAM
 * such a node pays for the library, and running it under sc-avrsim gives the
 * deepest stack (one region per operation; the summary's stack is the image's
 * deepest). firmware/bench.cmake builds it per profile; tools/mote_report.py
 * prints the table.
 *
 *   SC_FP_OPS=1  ECDSA + ECDH: public key from the private key, SHA-256 of a message,
 *                RFC 6979 signature, verification of it, ECDH with a peer key
 *   SC_FP_OPS=2  ECDH only: public key from the private key, ECDH with a peer key
 *   SC_FP_OPS=3  verification only: SHA-256 of a message, ECDSA verify (given key
 *                and signature)
 *
 * Built with one curve (secp160r1: the peer key and signature below) or with every
 * curve (SC_FP_ALL_CURVES=1, SC_FP_OPS=1: the same operations on each curve, the
 * peer key being the node's own). Keys and signatures live in flash (PROGMEM)
 * and are copied to RAM when used, as a node would keep them. The exit code is the
 * number of failed operations. Values: host build of the library, checked by it. */
#include <stdint.h>
#include <string.h>

#include <avr/pgmspace.h>

#include "mote.h"

#include <seacurve/curves.h>
#include <seacurve/hash.h>
#include <seacurve/pk.h>

#ifndef SC_FP_OPS
#  error "SC_FP_OPS (1 ECDSA + ECDH, 2 ECDH, 3 verify) is required"
#endif
#ifndef SC_FP_ALL_CURVES
#  define SC_FP_ALL_CURVES 0
#endif
#ifndef SC_MOTE_MCU_NAME
#  define SC_MOTE_MCU_NAME "atmega128"
#endif

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

enum { R_PUBKEY = 1, R_HASH, R_SIGN, R_VERIFY, R_ECDH };

static const char msg[] PROGMEM = "node 17: 21.5 C";

#if !SC_FP_ALL_CURVES
/* secp160r1: the private key is pattern(0x5a) below, fp_pub its public key (the
 * peer of ECDH), fp_sig the RFC 6979 SHA-256 signature of msg under it. */
static const uint8_t fp_pub[41] PROGMEM = {
    0x04, 0xf6, 0x54, 0x36, 0x74, 0x8a, 0x86, 0x3b, 0x7b, 0xd5, 0xa5, 0x8f,
    0xac, 0xb2, 0x8c, 0xae, 0xa5, 0x15, 0xeb, 0x0a, 0xdd, 0x35, 0x93, 0xe5,
    0x69, 0xca, 0x5d, 0x5e, 0x57, 0xf8, 0x9d, 0x52, 0x9b, 0x87, 0x5f, 0x77,
    0x74, 0xe5, 0x4d, 0x59, 0xf6};
#  if SC_FP_OPS == 3
static const uint8_t fp_sig[42] PROGMEM = {
    0x00, 0x25, 0xe3, 0x12, 0xd6, 0xfc, 0xd7, 0x8b, 0x82, 0xdc, 0xf4, 0xe2,
    0x45, 0x9e, 0x79, 0x7c, 0x68, 0x23, 0x34, 0xc2, 0xf2, 0x00, 0x82, 0xcf,
    0xba, 0x1f, 0x3a, 0x75, 0xcd, 0xd9, 0x66, 0xb4, 0xcc, 0x0d, 0xbd, 0x37,
    0x53, 0x72, 0x15, 0x57, 0x62, 0x18};
#  endif
#endif

#if SC_FP_OPS != 3
/* The private key: a fixed pattern with a leading zero byte (below n on every curve). */
static void pattern(uint8_t *out, uint8_t len, uint8_t seed)
{
    out[0] = 0;
    for (uint8_t i = 1; i < len; i++)
        out[i] = (uint8_t)(seed + 0x3b * i + (i >> 2));
}
#endif

static uint8_t run(const sc_curve *c)
{
    uint8_t fails = 0;
    uint8_t buf[16];
    uint8_t h[32];
    uint8_t pub[1 + 2 * SC_FP_MAXBYTES];
    size_t publen = sizeof pub;
    (void)buf;
    (void)h;
#if SC_FP_OPS != 3
    uint8_t d[SC_FP_MAXBYTES];
    pattern(d, c->nlen, 0x5a);
    sc_mote_start(R_PUBKEY);
    fails += sc_pubkey(c, pub, &publen, 0, d, c->nlen) != SC_OK;
    sc_mote_stop(R_PUBKEY);
#else
    memcpy_P(pub, fp_pub, sizeof fp_pub);
    publen = sizeof fp_pub;
#endif
#if SC_FP_OPS != 2
    memcpy_P(buf, msg, sizeof msg - 1);
    sc_mote_start(R_HASH);
    fails += sc_hash(SC_HASH_SHA256, h, buf, sizeof msg - 1) != SC_OK;
    sc_mote_stop(R_HASH);
    uint8_t sig[2 * SC_FP_MAXBYTES];
#endif
#if SC_FP_OPS == 1
    sc_mote_start(R_SIGN);
    fails += sc_ecdsa_sign(c, sig, 2u * c->nlen, h, sizeof h, SC_HASH_SHA256, d, c->nlen, 0, 0) !=
             SC_OK;
    sc_mote_stop(R_SIGN);
#elif SC_FP_OPS == 3
    memcpy_P(sig, fp_sig, sizeof fp_sig);
#endif
#if SC_FP_OPS != 2
    sc_mote_start(R_VERIFY);
    fails += sc_ecdsa_verify(c, sig, 2u * c->nlen, h, sizeof h, pub, publen) != SC_OK;
    sc_mote_stop(R_VERIFY);
#endif
#if SC_FP_OPS != 3
    uint8_t secret[SC_FP_MAXBYTES];
#  if !SC_FP_ALL_CURVES
    memcpy_P(pub, fp_pub, sizeof fp_pub); /* the peer */
    publen = sizeof fp_pub;
#  endif
    sc_mote_start(R_ECDH);
    fails += sc_ecdh(c, secret, c->flen, d, c->nlen, pub, publen) != SC_OK;
    sc_mote_stop(R_ECDH);
#endif
    return fails;
}

int main(void)
{
    uint8_t fails = 0;
    sc_mote_calibrate();
#if SC_FP_ALL_CURVES
    for (size_t i = 0; i < sc_curve_count(); i++)
        fails += run(sc_curve_at(i));
#else
    fails += run(sc_curve_find("secp160r1"));
#endif
    sc_mote_exit(fails);
}
