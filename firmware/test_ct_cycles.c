/* firmware/test_ct_cycles.c: constant time in cycles (issue 5 item 5).
 *
 * On the one curve the library is built with (secp160r1 or secp256r1,
 * firmware/tests.cmake), runs each secret-dependent operation with eight secrets
 * s_0..s_7 = 1, 2, n-1, n-2, low Hamming weight (2^(b-1) + 2^(b/2) + 1, b = bit
 * length of n), high Hamming weight (2^(b-1) - 1: b-1 ones), and two fixed
 * pseudo-random scalars, each call inside its own sc-avrsim region
 * id = 10 * op + secret:
 *
 *   op 1  k*P       sc_ec_mul(s, P), P a fixed point (7G)
 *   op 2  k*G       sc_ec_mul_gen(s)
 *   op 3  pubkey    sc_pubkey(d = s), uncompressed
 *   op 4  sign k    sc_ecdsa_sign_with_k, the nonce k = s (fixed key, fixed digest)
 *   op 5  sign      sc_ecdsa_sign (RFC 6979, SHA-256) with the private key d = s
 *   op 6  ECDH      sc_ecdh(d = s, fixed peer)
 *
 * tools/avrsim/ct_cycles.cmake checks that every op reads the same cycle count for
 * all eight secrets (and that every call returned SC_OK: the console line
 * "ct errors 0"). */
#include <string.h>

#include "mote.h"
#include <seacurve/seacurve.h>
#include <seacurve/ec.h>

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

#define NSEC 8

static uint8_t sec_be[NSEC][SC_FP_MAXBYTES]; /* big-endian, nlen bytes */
static sc_word sec_w[NSEC][SC_FP_MAXW];      /* little-endian words, fn->nw */
static uint8_t errors;

static void note(sc_err e)
{
    if (e != SC_OK)
        errors++;
}

/* big-endian bytes <-> little-endian byte words (SC_WORD_BITS = 8) */
static void be_to_w(sc_word *w, const uint8_t *b, uint8_t nl, uint8_t nw)
{
    uint8_t i;
    memset(w, 0, SC_FP_MAXW * sizeof(sc_word));
    for (i = 0; i < nl && i < nw; i++)
        w[i] = b[nl - 1 - i];
}

static void make_secrets(const sc_curve *c)
{
    const sc_fp_field *fn = c->ep->fn;
    uint8_t nl = c->nlen, i, j;
    uint16_t b = c->nbits;
    uint8_t nbe[SC_FP_MAXBYTES];
    uint32_t x = 0x9e3779b9u;

    for (i = 0; i < nl; i++)
        nbe[i] = fn->p[nl - 1 - i];
    memset(sec_be, 0, sizeof sec_be);
    sec_be[0][nl - 1] = 1;
    sec_be[1][nl - 1] = 2;
    for (j = 2; j <= 3; j++) { /* n - 1, n - 2 */
        uint8_t sub = (uint8_t)(j - 1), borrow = 0;
        for (i = nl; i-- > 0;) {
            int16_t v = (int16_t)nbe[i] - sub - borrow;
            sub = 0;
            borrow = v < 0;
            sec_be[j][i] = (uint8_t)v;
        }
    }
#define SETBIT(s, k) (sec_be[s][nl - 1 - (k) / 8] |= (uint8_t)(1u << ((k) % 8)))
    SETBIT(4, b - 1);
    SETBIT(4, b / 2);
    SETBIT(4, 0);
    for (i = 0; (uint16_t)(i + 1u) < b; i++)
        SETBIT(5, i);
#undef SETBIT
    for (j = 6; j < 8; j++) {
        for (i = 0; i < nl; i++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            sec_be[j][i] = (uint8_t)(x >> 9);
        }
        /* below 2^(b-1) < n */
        sec_be[j][0] &= (uint8_t)((1u << ((b - 1) % 8 ? (b - 1) % 8 : 8)) - 1u);
        if ((b - 1) % 8 == 0)
            sec_be[j][0] = 0;
    }
    for (j = 0; j < NSEC; j++)
        be_to_w(sec_w[j], sec_be[j], nl, fn->nw);
}

/* One region per call: the id must be a constant, hence the switch. */
#define REGION(id, call)                                                            \
    case id:                                                                        \
        sc_mote_start(id);                                                          \
        e = call;                                                                   \
        sc_mote_stop(id);                                                           \
        break

#define OP_SECRETS(op, callfn)                                                      \
    REGION(op * 10 + 0, callfn(0)); REGION(op * 10 + 1, callfn(1));                 \
    REGION(op * 10 + 2, callfn(2)); REGION(op * 10 + 3, callfn(3));                 \
    REGION(op * 10 + 4, callfn(4)); REGION(op * 10 + 5, callfn(5));                 \
    REGION(op * 10 + 6, callfn(6)); REGION(op * 10 + 7, callfn(7))

static const sc_curve *C;
static sc_ep_aff P, R;
static uint8_t pub[SC_PK_MAX_PUB], sig[SC_PK_MAX_SIG], z[SC_FP_MAXBYTES], dig[32];
static uint8_t dfix[SC_FP_MAXBYTES], peer[SC_PK_MAX_PUB];
static size_t publen, peerlen;

#define CALL_KP(s) sc_ec_mul(&R, sec_w[s], &P, C->ep)
#define CALL_KG(s) sc_ec_mul_gen(&R, sec_w[s], C->ep)
#define CALL_PUB(s) (publen = sizeof pub, sc_pubkey(C, pub, &publen, 0, sec_be[s], C->nlen))
#define CALL_SIGK(s) sc_ecdsa_sign_with_k(C, sig, 2u * C->nlen, dig, sizeof dig, dfix, C->nlen, sec_be[s], C->nlen)
#define CALL_SIGN(s) sc_ecdsa_sign(C, sig, 2u * C->nlen, dig, sizeof dig, SC_HASH_SHA256, sec_be[s], C->nlen, NULL, 0)
#define CALL_ECDH(s) sc_ecdh(C, z, C->flen, sec_be[s], C->nlen, peer, peerlen)

static void run(uint8_t id)
{
    sc_err e = SC_ERR_ARG;
    switch (id) {
        OP_SECRETS(1, CALL_KP);
        OP_SECRETS(2, CALL_KG);
        OP_SECRETS(3, CALL_PUB);
        OP_SECRETS(4, CALL_SIGK);
        OP_SECRETS(5, CALL_SIGN);
        OP_SECRETS(6, CALL_ECDH);
    default:
        break;
    }
    note(e);
}

int main(void)
{
    sc_word seven[SC_FP_MAXW];
    uint8_t op, s, i;

    sc_mote_calibrate();
    C = sc_curve_at(0);
    make_secrets(C);
    memset(seven, 0, sizeof seven);
    seven[0] = 7;
    note(sc_ec_mul_gen(&P, seven, C->ep));
    for (i = 0; i < sizeof dig; i++)
        dig[i] = (uint8_t)(0xa7 ^ (13u * i));
    memset(dfix, 0x3c, sizeof dfix);
    dfix[0] = 0;
    memset(peer, 0, sizeof peer);
    peer[C->nlen - 1] = 5;
    peerlen = sizeof peer;
    note(sc_pubkey(C, peer, &peerlen, 0, peer, C->nlen)); /* peer = 5G */

    sc_mote_print("ct ");
    sc_mote_puts(C->name);
    sc_mote_print(" " SC_MOTE_MCU_NAME "\n");
    for (s = 0; s < NSEC; s++) {
        sc_mote_print("secret ");
        sc_mote_putu32(s);
        sc_mote_putc(' ');
        sc_mote_puthexbuf(sec_be[s], C->nlen);
        sc_mote_putc('\n');
    }
    for (op = 1; op <= 6; op++)
        for (s = 0; s < NSEC; s++)
            run((uint8_t)(op * 10 + s));
    sc_mote_print("ct errors ");
    sc_mote_putu32(errors);
    sc_mote_putc('\n');
    sc_mote_exit(errors > 119 ? 119 : errors);
}
