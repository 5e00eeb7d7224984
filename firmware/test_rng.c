/* firmware/test_rng.c: the source of randomness, key generation and ephemeral
 * ECDH on the mote (secp160r1; docs/rng.md, tools/avrsim/rng.cmake).
 *
 *  1. No source set (bare metal has no default): sc_random, sc_keygen and
 *     sc_ecdh_ephemeral answer SC_ERR_RNG with every output zeroed.
 *  2. The ADC entropy source of examples/mote/entropy.c: in the simulator the
 *     ADC reads the same value every time, so the repetition count test
 *     refuses it, mote_entropy_init answers -2 (region 1 measures the attempt)
 *     and the generator, not seeded, answers -1.
 *  3. The same conditioning (SHA-256 pool, HMAC-DRBG) seeded from 2048
 *     stand-in readings of a 16-bit LFSR (region 2): deterministic, so the
 *     keys below are the same on every run, which is what a simulator can
 *     show and no more.  It becomes the library's source through this image's
 *     own sc_rng_fn, whose mode switches it to failing or all-zero output;
 *     sc_rng_set accepts it once, then refuses another.
 *  4. sc_keygen (region 3) gives a valid key, a second one differs, and its
 *     public key (sc_pubkey, region 4) validates.
 *  5. A fixed peer (d_B, its public key a known answer computed outside the
 *     library and checked against sc_pubkey): sc_ecdh_ephemeral (region 5)
 *     gives a public key that validates and a secret that the peer's side,
 *     sc_ecdh(d_B, my_pub) (region 6), computes too.
 *  6. A failing source: SC_ERR_RNG from sc_random, sc_keygen and
 *     sc_ecdh_ephemeral, outputs zeroed; an all-zero source: sc_keygen
 *     answers SC_ERR_RNG (not SC_ERR_SCALAR) with the key zeroed.
 *
 * Console: "ok <what>" or "FAIL <what>" per check, then
 * "rng passed P failed F"; exit code min(F, 119). */
#include <string.h>

#include "mote.h"
#include "entropy.h"
#include <seacurve/seacurve.h>

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

enum mode { M_DRBG, M_FAIL, M_ZERO };

typedef struct src {
    enum mode mode;
    mote_entropy *ent;
} src;

static uint16_t passed, failed;

static void check_(int ok, const char *what)
{
    if (ok) {
        passed++;
        sc_mote_print("ok ");
    } else {
        failed++;
        sc_mote_print("FAIL ");
    }
    sc_mote_puts_P(what);
    sc_mote_putc('\n');
}
#define check(ok, lit)                                                                  \
    do {                                                                                \
        static const char what_[] __attribute__((progmem)) = lit;                       \
        check_((ok), what_);                                                            \
    } while (0)

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    while (n--)
        acc |= *p++;
    return acc == 0;
}

static int source(void *ctx, uint8_t *out, size_t len)
{
    src *s = (src *)ctx;
    switch (s->mode) {
    case M_DRBG:
        return mote_entropy_read(s->ent, out, len);
    case M_ZERO:
        memset(out, 0, len);
        return 0;
    case M_FAIL:
        memset(out, 0x5a, len); /* written before failing: must not escape */
        return -1;
    }
    return -1;
}

static int other_source(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    memset(out, 0x11, len);
    return 0;
}

/* The fixed peer on secp160r1: d_B = SHA-256("seacurve rng test peer")
 * truncated to 21 bytes mod n, and Q_B = d_B * G, computed with Python's
 * integers (affine double-and-add), not by this library. */
static const uint8_t peer_priv[21] = {
    0x00, 0x70, 0xe6, 0xff, 0x07, 0xbe, 0x8c, 0xc9, 0xdf, 0x1c, 0x1a, 0x04, 0xf5, 0x2d, 0xdd, 0xe6,
    0x3b, 0x37, 0x3b, 0x49, 0xd9};
static const uint8_t peer_pub[41] = {
    0x04, 0x0d, 0x0d, 0x6f, 0x8a, 0x39, 0x14, 0xc4, 0xf0, 0x7b, 0xfc, 0x6f, 0x34, 0xd4, 0x58, 0xd9,
    0x60, 0xd1, 0xdd, 0x30, 0x4a, 0x31, 0x02, 0x58, 0x33, 0x42, 0xce, 0x28, 0xbf, 0xe1, 0x52, 0x58,
    0x51, 0x3b, 0xf8, 0x41, 0x28, 0xec, 0x27, 0xf7, 0x39};

static mote_entropy ent_adc, ent;
static uint8_t d[21], d2[21], pub[41], pub2[41], sec[20], sec2[20], buf[24];

int main(void)
{
    const sc_curve *c = sc_curve_find("secp160r1");
    src s = {M_DRBG, &ent};
    size_t publen;
    uint16_t i, lfsr = 0xACE1u;
    static const uint8_t node_id[2] = {0x01, 0x60};
    sc_err e;
    int r;

    sc_mote_calibrate();
    check(c != 0 && c->nlen == 21 && c->flen == 20, "secp160r1 in the build");

    /* 1. no source */
    memset(buf, 0xaa, sizeof buf);
    check(sc_random(buf, sizeof buf) == SC_ERR_RNG && all_zero(buf, sizeof buf), "no source: sc_random");
    memset(d, 0xaa, sizeof d);
    check(sc_keygen(c, d, 21) == SC_ERR_RNG && all_zero(d, 21), "no source: sc_keygen");
    memset(pub, 0xaa, sizeof pub);
    memset(sec, 0xaa, sizeof sec);
    publen = sizeof pub;
    check(sc_ecdh_ephemeral(c, pub, &publen, sec, 20, peer_pub, 41) == SC_ERR_RNG && publen == 0 &&
              all_zero(pub, 41) && all_zero(sec, 20),
          "no source: sc_ecdh_ephemeral");

    /* 2. the ADC source in the simulator */
    sc_mote_start(1);
    r = mote_entropy_init(&ent_adc, node_id, sizeof node_id);
    sc_mote_stop(1);
    check(r == -2 && mote_entropy_read(&ent_adc, buf, sizeof buf) != 0,
          "ADC source refused in the simulator: a stuck channel");

    /* 3. the conditioning from stand-in readings; the library's source */
    sc_mote_start(2);
    {
        mote_pool p;
        mote_pool_start(&p);
        for (i = 0; i < MOTE_ENTROPY_SAMPLES; i++) {
            /* Galois LFSR x^16 + x^14 + x^13 + x^11 + 1, low 10 bits as a reading */
            lfsr = (uint16_t)((lfsr >> 1) ^ (-(lfsr & 1u) & 0xB400u));
            mote_pool_add(&p, (uint8_t)(i & 1u), (uint16_t)(lfsr & 0x3FFu));
        }
        r = mote_entropy_seed(&ent, &p, node_id, sizeof node_id);
    }
    sc_mote_stop(2);
    check(r == 0, "DRBG seeded from the pool");
    check(sc_rng_set(source, &s) == SC_OK, "sc_rng_set");
    check(sc_rng_set(other_source, &s) == SC_ERR_ARG, "a second source refused");
    check(sc_rng_set(source, &s) == SC_OK, "the same source again accepted");

    /* 4. key generation */
    sc_mote_start(3);
    e = sc_keygen(c, d, 21);
    sc_mote_stop(3);
    check(e == SC_OK && sc_priv_validate(c, d, 21) == SC_OK, "sc_keygen");
    check(sc_keygen(c, d2, 21) == SC_OK && memcmp(d, d2, 21) != 0, "a second key differs");
    publen = sizeof pub;
    sc_mote_start(4);
    e = sc_pubkey(c, pub, &publen, 0, d, 21);
    sc_mote_stop(4);
    check(e == SC_OK && publen == 41 && sc_pub_validate(c, pub, 41) == SC_OK, "sc_pubkey of the new key");

    /* 5. ephemeral ECDH with the fixed peer, checked from the peer's side */
    publen = sizeof pub2;
    check(sc_pubkey(c, pub2, &publen, 0, peer_priv, 21) == SC_OK && memcmp(pub2, peer_pub, 41) == 0,
          "the peer's public key (known answer)");
    publen = sizeof pub;
    sc_mote_start(5);
    e = sc_ecdh_ephemeral(c, pub, &publen, sec, 20, peer_pub, 41);
    sc_mote_stop(5);
    check(e == SC_OK && publen == 41 && sc_pub_validate(c, pub, 41) == SC_OK, "sc_ecdh_ephemeral");
    sc_mote_start(6);
    e = sc_ecdh(c, sec2, 20, peer_priv, 21, pub, 41);
    sc_mote_stop(6);
    check(e == SC_OK && memcmp(sec, sec2, 20) == 0 && !all_zero(sec, 20), "the peer derives the same secret");

    /* 6. failing and all-zero sources */
    s.mode = M_FAIL;
    memset(buf, 0xaa, sizeof buf);
    check(sc_random(buf, sizeof buf) == SC_ERR_RNG && all_zero(buf, sizeof buf), "failing source: sc_random");
    memset(d, 0xaa, sizeof d);
    check(sc_keygen(c, d, 21) == SC_ERR_RNG && all_zero(d, 21), "failing source: sc_keygen");
    memset(pub, 0xaa, sizeof pub);
    memset(sec, 0xaa, sizeof sec);
    publen = sizeof pub;
    check(sc_ecdh_ephemeral(c, pub, &publen, sec, 20, peer_pub, 41) == SC_ERR_RNG && publen == 0 &&
              all_zero(pub, 41) && all_zero(sec, 20),
          "failing source: sc_ecdh_ephemeral");
    s.mode = M_ZERO;
    memset(d, 0xaa, sizeof d);
    check(sc_keygen(c, d, 21) == SC_ERR_RNG && all_zero(d, 21), "all-zero source: sc_keygen SC_ERR_RNG");

    mote_entropy_wipe(&ent);
    sc_mote_print("rng passed ");
    sc_mote_putu32(passed);
    sc_mote_print(" failed ");
    sc_mote_putu32(failed);
    sc_mote_putc('\n');
    sc_mote_exit((uint8_t)(failed > 119 ? 119 : failed));
}
