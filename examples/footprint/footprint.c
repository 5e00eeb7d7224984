/* examples/footprint/footprint.c: the application of the footprint table (docs/mote.md,
 * "Footprint"), built against an installed mote build of seacurve with one curve.
 *
 * One operation set per image (FOOTPRINT_OPS):
 *   1  sign only:   public key from the private key, SHA-256 of the message, RFC 6979 signature
 *   2  verify only: SHA-256 of the message, verification of a given signature and public key
 *   3  sign + verify + ECDH: public key, SHA-256, RFC 6979 signature, verification of that
 *      signature, ECDH with a peer's public key
 *   4  the same through the restartable API (seacurve/restart.h): each operation started on one
 *      static context and stepped with a budget of FOOTPRINT_BUDGET field multiplications per
 *      sc_op_step call until it is done, as a node's scheduler would run it
 *
 * Each operation runs in its own sc-avrsim region (firmware/mote.h), so the runner reports its
 * cycles and its deepest stack. Every result is checked against footprint_vectors.h, written
 * by tools/footprint.py with Python integers (affine arithmetic, RFC 6979 section 3.2 on
 * hmac, hashlib), independent of seacurve; the exit code is the number of failed checks.
 * Keys, message and expected values live in flash (PROGMEM) and are copied to RAM when used,
 * as a node would keep them. No console output: avr-size of the ELF is what the library costs
 * such a node, plus this file's buffers and copies. */
#include <stdint.h>
#include <string.h>

#ifdef __AVR__
#include <avr/pgmspace.h>
#endif

#include <seacurve/curves.h>
#include <seacurve/hash.h>
#include <seacurve/pk.h>
#include <seacurve/restart.h>

#include "mote.h"

#include "footprint_vectors.h"

#ifndef FOOTPRINT_OPS
#  error "FOOTPRINT_OPS (1 sign, 2 verify, 3 sign + verify + ECDH, 4 the same restartable) is required"
#endif
#ifndef FOOTPRINT_BUDGET
#  define FOOTPRINT_BUDGET 32
#endif

#if FOOTPRINT_OPS == 4
/* The one context of the restartable operations: static, so it counts in static RAM. */
static sc_op op;

/* Steps the started operation (its start call's result: SC_IN_PROGRESS) to its end: the
 * one-shot call's result. */
static sc_err run(sc_err e)
{
    while (e == SC_IN_PROGRESS)
        e = sc_op_step(&op, FOOTPRINT_BUDGET);
    return e;
}
#  define PUBKEY(c, pub, publen, d, dlen) run(sc_pubkey_start(&op, c, pub, publen, 0, d, dlen))
#  define SIGN(c, sig, siglen, h, hlen, d, dlen) \
    run(sc_ecdsa_sign_start(&op, c, sig, siglen, h, hlen, SC_HASH_SHA256, d, dlen, 0, 0))
#  define VERIFY(c, sig, siglen, h, hlen, pub, publen) \
    run(sc_ecdsa_verify_start(&op, c, sig, siglen, h, hlen, pub, publen))
#  define ECDH(c, z, zlen, d, dlen, peer, peerlen) run(sc_ecdh_start(&op, c, z, zlen, d, dlen, peer, peerlen))
#else
#  define PUBKEY(c, pub, publen, d, dlen) sc_pubkey(c, pub, publen, 0, d, dlen)
#  define SIGN(c, sig, siglen, h, hlen, d, dlen) sc_ecdsa_sign(c, sig, siglen, h, hlen, SC_HASH_SHA256, d, dlen, 0, 0)
#  define VERIFY(c, sig, siglen, h, hlen, pub, publen) sc_ecdsa_verify(c, sig, siglen, h, hlen, pub, publen)
#  define ECDH(c, z, zlen, d, dlen, peer, peerlen) sc_ecdh(c, z, zlen, d, dlen, peer, peerlen)
#endif

enum { R_PUBKEY = 1, R_HASH, R_SIGN, R_VERIFY, R_ECDH };

/* 1 if the RAM buffer differs from the flash copy. */
static uint8_t differs_P(const uint8_t *ram, const uint8_t *flash, size_t len)
{
    return memcmp_P(ram, flash, len) != 0;
}

int main(void)
{
    uint8_t fails = 0;
    uint8_t h[32];
    uint8_t pub[sizeof fv_pub];
    uint8_t sig[sizeof fv_sig];
    sc_mote_calibrate();
    const sc_curve *c = sc_curve_at(0);
    if (sc_curve_count() != 1 || c->nlen != sizeof fv_d || 2u * c->flen + 1 != sizeof fv_pub)
        sc_mote_exit(100);
#if FOOTPRINT_OPS != 2
    uint8_t d[sizeof fv_d];
    size_t publen = sizeof pub;
    memcpy_P(d, fv_d, sizeof d);
    sc_mote_start(R_PUBKEY);
    fails += PUBKEY(c, pub, &publen, d, sizeof d) != SC_OK;
    sc_mote_stop(R_PUBKEY);
    fails += publen != sizeof pub || differs_P(pub, fv_pub, sizeof pub);
#else
    memcpy_P(pub, fv_pub, sizeof pub);
#endif
    {
        uint8_t m[sizeof fv_msg];
        memcpy_P(m, fv_msg, sizeof m);
        sc_mote_start(R_HASH);
        fails += sc_hash(SC_HASH_SHA256, h, m, sizeof m) != SC_OK;
        sc_mote_stop(R_HASH);
        fails += differs_P(h, fv_digest, sizeof h);
    }
#if FOOTPRINT_OPS != 2
    sc_mote_start(R_SIGN);
    fails += SIGN(c, sig, sizeof sig, h, sizeof h, d, sizeof d) != SC_OK;
    sc_mote_stop(R_SIGN);
    fails += differs_P(sig, fv_sig, sizeof sig);
#else
    memcpy_P(sig, fv_sig, sizeof sig);
#endif
#if FOOTPRINT_OPS != 1
    sc_mote_start(R_VERIFY);
    fails += VERIFY(c, sig, sizeof sig, h, sizeof h, pub, sizeof pub) != SC_OK;
    sc_mote_stop(R_VERIFY);
    /* the signature with the last bit of s flipped must be rejected (outside the region: not part of the cost) */
    sig[sizeof sig - 1] ^= 1;
    fails += VERIFY(c, sig, sizeof sig, h, sizeof h, pub, sizeof pub) == SC_OK;
#endif
#if FOOTPRINT_OPS >= 3
    {
        uint8_t secret[sizeof fv_z];
        memcpy_P(pub, fv_peer, sizeof pub);
        sc_mote_start(R_ECDH);
        fails += ECDH(c, secret, sizeof secret, d, sizeof d, pub, sizeof pub) != SC_OK;
        sc_mote_stop(R_ECDH);
        fails += differs_P(secret, fv_z, sizeof secret);
    }
#endif
    sc_mote_exit(fails);
}
