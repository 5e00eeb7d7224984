/* An entropy source for AVR motes from ADC noise, conditioned by SHA-256 and
 * expanded by the HMAC-DRBG, as an sc_rng_fn (docs/rng.md says what it is
 * worth: little, and nothing in the simulator).
 *
 *   static mote_entropy ent;
 *   if (mote_entropy_init(&ent, node_id, sizeof node_id) == 0)
 *       sc_rng_set(mote_entropy_read, &ent);
 *
 * mote_entropy_init reads MOTE_ENTROPY_SAMPLES conversions of the ADC,
 * alternating between the internal band-gap reference and the pin
 * MOTE_ENTROPY_PIN, all measured against AVCC; every 10-bit reading goes into
 * a SHA-256 pool.  A repetition count test per channel (NIST SP 800-90B
 * 4.4.1) refuses a stuck input.  The pool's digest seeds the HMAC-DRBG
 * (SP 800-90A 10.1.2) with the caller's nonce (a node id: two motes with the
 * same samples still differ) and a fixed personalization string.
 *
 * Not thread- or interrupt-safe: one mote_entropy per caller context.  Built
 * with avr-gcc for the ATmega128 / 1281 and the ATmega328P. */
#ifndef SC_EXAMPLES_MOTE_ENTROPY_H
#define SC_EXAMPLES_MOTE_ENTROPY_H

#include <stddef.h>
#include <stdint.h>
#include <seacurve/hash.h>

/* Samples per seed, both channels together.  Credited at 1/8 bit each (a
 * design assumption, not a measurement: docs/rng.md), 2048 samples stand for
 * 256 bits. */
#ifndef MOTE_ENTROPY_SAMPLES
#define MOTE_ENTROPY_SAMPLES 2048u
#endif
/* The repetition count test's cutoff C = 1 + ceil(20 / H) for H = 1/8 bit per
 * sample (SP 800-90B 4.4.1, false alarms with probability 2^-20): this many
 * equal readings in a row on one channel mean a stuck input. */
#define MOTE_ENTROPY_RCT_CUTOFF 161u
/* The ADC pin read beside the band-gap (left floating, or a sensor). */
#ifndef MOTE_ENTROPY_PIN
#define MOTE_ENTROPY_PIN 0u
#endif

/* The pool while samples are collected (on the stack of the caller). */
typedef struct mote_pool {
    sc_hash_ctx sha;        /* SHA-256 over the readings */
    uint16_t last[2];       /* last reading of each channel */
    uint8_t run[2];         /* equal readings in a row, per channel */
    uint16_t samples;
    uint8_t stuck;          /* the repetition count test failed */
} mote_pool;

/* The generator: the DRBG's state, seeded or not. */
typedef struct mote_entropy {
    sc_hmac_drbg drbg;
    uint8_t ready;
} mote_entropy;

void mote_pool_start(mote_pool *p);
/* One reading of channel ch (0 or 1) into the pool and its health test. */
void mote_pool_add(mote_pool *p, uint8_t ch, uint16_t sample);
/* Seed e from the pool (then wiped): 0; -2 when a channel was stuck (the
 * repetition count test), -1 when the pool holds fewer than
 * MOTE_ENTROPY_SAMPLES readings; e is then not ready. */
int mote_entropy_seed(mote_entropy *e, mote_pool *p, const uint8_t *nonce, size_t nlen);
/* Collect MOTE_ENTROPY_SAMPLES readings from the ADC and seed e: 0; -2 for a
 * stuck channel (it stops at the first), -1 for an ADC that does not answer.
 * Leaves the ADC off. */
int mote_entropy_init(mote_entropy *e, const uint8_t *nonce, size_t nlen);
/* An sc_rng_fn: ctx is a mote_entropy; -1 unless it is seeded. */
int mote_entropy_read(void *ctx, uint8_t *out, size_t len);
void mote_entropy_wipe(mote_entropy *e);

#endif
