/* firmware/restart_ops.c: the restartable operations on the mote (restart.h,
 * docs/mote.md "Restartable operations"); images restart_160 (secp160r1,
 * atmega128) and restart_256 (secp256r1, atmega1281).
 *
 * On the build's first curve, with a fixed key d, a fixed peer key and a
 * fixed digest:
 *   regions 1-4     the one-shot calls: sc_pubkey, sc_ecdsa_sign (RFC 6979),
 *                   sc_ecdsa_verify, sc_ecdh (one measurement each);
 *   regions 10-21   the same operations sliced, budget N = 1, 8, 32: region
 *                   10 + 4 i + op (i: 0, 1, 2 for N = 1, 8, 32; op: 0 pubkey,
 *                   1 sign, 2 verify, 3 ECDH), one measurement per
 *                   sc_op_step call; each result is checked against the
 *                   one-shot call's ("restart errors 0" at the end);
 *   regions 40-42   constant time: ECDH, pubkey and sign sliced at N = 8 with
 *                   eight secret keys, one measurement per step; the console
 *                   line "ct <op> secret <s> steps <n>" after each run.
 * tools/avrsim/restart_cycles.cmake checks the results, that the per-step
 * counts are the same sequence for the eight secrets (for signing: the steps
 * after RFC 6979's set-up and candidate nonces, whose number depends on the
 * key as in sc_ecdsa_sign: four steps each at N = 8), and prints the longest
 * step of each operation and budget. */
#include <string.h>

#include "mote.h"
#include <seacurve/seacurve.h>

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

static const sc_curve *C;
static uint8_t D[SC_FP_MAXBYTES], DIG[32];
static uint8_t PUB[1 + 2 * SC_FP_MAXBYTES], PEER[1 + 2 * SC_FP_MAXBYTES];
static uint8_t SIG[2 * SC_FP_MAXBYTES], SEC[SC_FP_MAXBYTES];
static uint8_t OUT[1 + 2 * SC_FP_MAXBYTES];
static size_t PUBLEN, PEERLEN;
static sc_op OP;
static uint8_t errors;

static void fill(uint8_t *b, uint8_t n, uint32_t x)
{
    uint8_t i;
    for (i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        b[i] = (uint8_t)(x >> 7);
    }
    b[0] = 0;                      /* below n on both curves (secp160r1: n just above 2^160) */
    b[n - 1] |= 1;
}

/* Run a started operation to its end, each step in region id; the number of steps. */
static uint16_t run(sc_err e, uint8_t id, unsigned budget, sc_err *res)
{
    uint16_t n = 0;
    /* region ids are immediate operands of the marker: one case per id */
#define STEP_IN(r)                       \
    case r:                              \
        sc_mote_start(r);                \
        e = sc_op_step(&OP, budget);     \
        sc_mote_stop(r);                 \
        break
    while (e == SC_IN_PROGRESS) {
        switch (id) {
        STEP_IN(10); STEP_IN(11); STEP_IN(12); STEP_IN(13); STEP_IN(14); STEP_IN(15);
        STEP_IN(16); STEP_IN(17); STEP_IN(18); STEP_IN(19); STEP_IN(20); STEP_IN(21);
        STEP_IN(40); STEP_IN(41); STEP_IN(42);
        default:
            e = SC_ERR_ARG;
        }
        n++;
    }
#undef STEP_IN
    *res = e;
    return n;
}

static sc_err start(uint8_t op, const uint8_t *d)
{
    size_t l = sizeof OUT;
    static size_t publen;
    switch (op) {
    case 0:
        publen = l;
        return sc_pubkey_start(&OP, C, OUT, &publen, 0, d, C->nlen);
    case 1:
        return sc_ecdsa_sign_start(&OP, C, OUT, 2u * C->nlen, DIG, sizeof DIG, SC_HASH_SHA256, d, C->nlen, NULL, 0);
    case 2:
        return sc_ecdsa_verify_start(&OP, C, SIG, 2u * C->nlen, DIG, sizeof DIG, PUB, PUBLEN);
    default:
        return sc_ecdh_start(&OP, C, OUT, C->flen, d, C->nlen, PEER, PEERLEN);
    }
}

static void check(uint8_t op, sc_err e)
{
    int ok = e == SC_OK;
    if (op == 0)
        ok = ok && !memcmp(OUT, PUB, PUBLEN);
    else if (op == 1)
        ok = ok && !memcmp(OUT, SIG, 2u * C->nlen);
    else if (op == 3)
        ok = ok && !memcmp(OUT, SEC, C->flen);
    if (!ok)
        errors++;
}

int main(void)
{
    static const unsigned budgets[3] = { 1, 8, 32 };
    uint8_t d2[SC_FP_MAXBYTES], i, op, s;
    sc_err e;

    sc_mote_calibrate();
    C = sc_curve_at(0);
    fill(D, C->nlen, 0x12345678u);
    fill(d2, C->nlen, 0x9abcdef1u);
    fill(DIG, sizeof DIG, 0x2468ace1u);
    PEERLEN = sizeof PEER;
    if (sc_pubkey(C, PEER, &PEERLEN, 0, d2, C->nlen) != SC_OK)
        errors++;
    sc_mote_print("restart ");
    sc_mote_puts(C->name);
    sc_mote_print(" sizeof(sc_op) ");
    sc_mote_putu32(sizeof(sc_op));
    sc_mote_putc('\n');

    /* one-shot */
    PUBLEN = sizeof PUB;
    sc_mote_start(1);
    e = sc_pubkey(C, PUB, &PUBLEN, 0, D, C->nlen);
    sc_mote_stop(1);
    errors += e != SC_OK;
    sc_mote_start(2);
    e = sc_ecdsa_sign(C, SIG, 2u * C->nlen, DIG, sizeof DIG, SC_HASH_SHA256, D, C->nlen, NULL, 0);
    sc_mote_stop(2);
    errors += e != SC_OK;
    sc_mote_start(3);
    e = sc_ecdsa_verify(C, SIG, 2u * C->nlen, DIG, sizeof DIG, PUB, PUBLEN);
    sc_mote_stop(3);
    errors += e != SC_OK;
    sc_mote_start(4);
    e = sc_ecdh(C, SEC, C->flen, D, C->nlen, PEER, PEERLEN);
    sc_mote_stop(4);
    errors += e != SC_OK;

    /* sliced */
    for (i = 0; i < 3; i++)
        for (op = 0; op < 4; op++) {
            uint16_t n = run(start(op, D), (uint8_t)(10 + 4 * i + op), budgets[i], &e);
            sc_mote_print("sliced op ");
            sc_mote_putu32(op);
            sc_mote_print(" N ");
            sc_mote_putu32(budgets[i]);
            sc_mote_print(" steps ");
            sc_mote_putu32(n);
            sc_mote_putc('\n');
            check(op, e);
        }

    /* constant time: eight secrets, N = 8 */
    for (op = 0; op < 3; op++) {
        static const uint8_t ops[3] = { 3, 0, 1 };
        for (s = 0; s < 8; s++) {
            uint8_t dk[SC_FP_MAXBYTES];
            uint16_t n;
            fill(dk, C->nlen, 0x1000193u * (uint32_t)(s + 1) + 77u);
            n = run(start(ops[op], dk), (uint8_t)(40 + op), 8, &e);
            if (e != SC_OK)
                errors++;
            sc_mote_print("ct ");
            sc_mote_putu32(op);
            sc_mote_print(" secret ");
            sc_mote_putu32(s);
            sc_mote_print(" steps ");
            sc_mote_putu32(n);
            sc_mote_putc('\n');
        }
    }
    sc_mote_print("restart errors ");
    sc_mote_putu32(errors);
    sc_mote_putc('\n');
    sc_mote_exit(errors ? 1 : 0);
}
