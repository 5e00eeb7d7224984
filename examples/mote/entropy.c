/* ADC-noise entropy for AVR motes (entropy.h, docs/rng.md). */
#include "entropy.h"

#include <avr/io.h>
#include <avr/pgmspace.h>
#include <string.h>
#include <seacurve/util.h>

/* The band-gap reference as an ADC input: MUX4..0 = 11110 on the ATmega128 /
 * 1281 (1.23 V / 1.1 V), MUX3..0 = 1110 on the ATmega328P (1.1 V). */
#if defined(MUX4)
#  define BANDGAP_MUX 0x1Eu
#else
#  define BANDGAP_MUX 0x0Eu
#endif
/* ADC clock = F_CPU / 64: 115 kHz at 7.37 MHz, 125 kHz at 8 MHz (the ADC wants
 * 50-200 kHz for its full resolution), 13 ADC clocks per conversion. */
#define ADC_PRESCALE ((1u << ADPS2) | (1u << ADPS1))
/* Polls of ADSC before a conversion counts as lost (about 10x its length). */
#define ADC_POLLS 10000u

/* The DRBG's personalization string, kept in flash (copied to the stack for use). */
static const char pers[] PROGMEM = "seacurve mote entropy v1";

void mote_pool_start(mote_pool *p)
{
    memset(p, 0, sizeof *p);
    sc_hash_init(&p->sha, SC_HASH_SHA256);
}

void mote_pool_add(mote_pool *p, uint8_t ch, uint16_t sample)
{
    uint8_t b[2];
    b[0] = (uint8_t)(sample >> 8);
    b[1] = (uint8_t)sample;
    sc_hash_update(&p->sha, b, 2);
    ch &= 1u;
    if (p->samples >= 2 && sample == p->last[ch]) {
        if (++p->run[ch] >= MOTE_ENTROPY_RCT_CUTOFF)
            p->stuck = 1;
    } else {
        p->run[ch] = 1;
    }
    p->last[ch] = sample;
    if (p->samples < 0xFFFFu)
        p->samples++;
}

int mote_entropy_seed(mote_entropy *e, mote_pool *p, const uint8_t *nonce, size_t nlen)
{
    uint8_t seed[32], ps[sizeof pers - 1];
    int r = p->stuck ? -2 : p->samples < MOTE_ENTROPY_SAMPLES ? -1 : 0;
    memcpy_P(ps, pers, sizeof ps);
    sc_hash_final(&p->sha, seed);
    sc_memzero(p, sizeof *p);
    e->ready = 0;
    if (r == 0 && sc_hmac_drbg_init(&e->drbg, SC_HASH_SHA256, seed, sizeof seed, nonce, nlen,
                                    ps, sizeof ps) == SC_OK)
        e->ready = 1;
    sc_memzero(seed, sizeof seed);
    return e->ready ? 0 : r ? r : -1;
}

/* One conversion of input mux: 0 and the 10-bit result in *v, or -1. */
static int adc_read(uint8_t mux, uint16_t *v)
{
    uint16_t n = ADC_POLLS;
    ADMUX = (uint8_t)((1u << REFS0) | mux); /* AVCC reference, right adjusted */
    ADCSRA = (uint8_t)((1u << ADEN) | (1u << ADSC) | (1u << ADIF) | ADC_PRESCALE);
    while (ADCSRA & (1u << ADSC))
        if (--n == 0)
            return -1;
    *v = ADC;
    return 0;
}

int mote_entropy_init(mote_entropy *e, const uint8_t *nonce, size_t nlen)
{
    mote_pool p;
    uint16_t i, v;
    int r;
    mote_pool_start(&p);
    for (i = 0; i < MOTE_ENTROPY_SAMPLES; i++) {
        uint8_t ch = (uint8_t)(i & 1u);
        if (adc_read(ch ? (uint8_t)MOTE_ENTROPY_PIN : BANDGAP_MUX, &v) != 0)
            break;
        mote_pool_add(&p, ch, v);
        if (p.stuck)
            break;
    }
    ADCSRA = 0; /* ADC off: it draws current */
    r = mote_entropy_seed(e, &p, nonce, nlen);
    return r;
}

int mote_entropy_read(void *ctx, uint8_t *out, size_t len)
{
    mote_entropy *e = (mote_entropy *)ctx;
    if (!e || !e->ready)
        return -1;
    sc_hmac_drbg_generate(&e->drbg, out, len);
    return 0;
}

void mote_entropy_wipe(mote_entropy *e)
{
    sc_hmac_drbg_wipe(&e->drbg);
    e->ready = 0;
}
