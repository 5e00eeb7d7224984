/* firmware/test_ct_cycles.c: constant time in cycles (docs/mote.md).
 *
 * On the curve SC_CT_CURVE (else the build's first; secp160r1, secp256r1 or
 * sect163r2, firmware/tests.cmake), runs each secret-dependent operation with eight secrets
 * s_0..s_7 = 1, 2, n-1, n-2, low Hamming weight (2^(b-1) + 2^(b/2) + 1, b = bit
 * length of n), high Hamming weight (2^(b-1) - 1: b-1 ones), and two fixed
 * pseudo-random scalars, each call inside the sc-avrsim region of its operation
 * (one id per operation, one measurement per call; the console line
 * "op <op> secret <s>" before each says which):
 *
 *   op 1  k*P       sc_ec_mul(s, P), P a fixed point (7G); binary curves: sc_eb_mul_ladder
 *   op 2  k*G       sc_ec_mul_gen(s); binary curves: sc_eb_mul_gen
 *   op 3  pubkey    sc_pubkey(d = s), uncompressed
 *   op 4  sign k    sc_ecdsa_sign_with_k, the nonce k = s (fixed key, fixed digest)
 *   op 5  sign      sc_ecdsa_sign (RFC 6979, SHA-256) with the private key d = s
 *   op 6  ECDH      sc_ecdh(d = s, fixed peer)
 *
 * tools/avrsim/ct_cycles.cmake checks that ops 1-4 and 6 read the same cycle count
 * for all eight secrets, op 5 the same up to whole RFC 6979 candidates (see
 * rfc6979_candidates below: the console line "secret <s> <hex> rfc6979 <count>"),
 * and that every call returned SC_OK and k*G (sc_ec_mul_gen: the table of G where
 * the build has one) equals sc_ec_mul(k, G) for every secret (the console line
 * "ct errors 0"). */
#include <string.h>

#include "mote.h"
#include <seacurve/seacurve.h>
#include <seacurve/ec.h>
#if SC_CURVES_BINARY
#include <seacurve/eb.h>
#include <seacurve/fb.h>
#endif

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

/* byte i (little-endian) of the words w */
#define W_BYTE(w, i) ((uint8_t)((w)[(i) / sizeof(sc_word)] >> (8u * ((i) % sizeof(sc_word)))))

/* big-endian bytes -> little-endian words (nw of them) */
static void be_to_w(sc_word *w, const uint8_t *b, uint8_t nl, uint8_t nw)
{
    uint8_t i;
    memset(w, 0, SC_FP_MAXW * sizeof(sc_word));
    for (i = 0; i < nl && i < nw * sizeof(sc_word); i++)
        w[i / sizeof(sc_word)] |= (sc_word)((sc_word)b[nl - 1 - i] << (8u * (i % sizeof(sc_word))));
}

static void make_secrets(const sc_curve *c)
{
    const sc_fp_field *fn = c->fn;
    uint8_t nl = c->nlen, i, j;
    uint16_t b = c->nbits;
    uint8_t nbe[SC_FP_MAXBYTES];
    uint32_t x = 0x9e3779b9u;

    for (i = 0; i < nl; i++)
        nbe[i] = W_BYTE(fn->p, nl - 1u - i);
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

/* The secret reaches each call through a volatile pointer read inside the region,
 * so every secret runs the very same instructions around the library call and one
 * region id per operation serves all eight (sc-avrsim prints one line per run). */
static const sc_curve *C;
static sc_ep_aff P, R;
#if SC_CURVES_BINARY
static sc_eb_aff PB, RB;
#endif

/* k*P and k*G of the curve's family: the prime curves' sc_ec_mul / sc_ec_mul_gen,
 * the binary curves' Montgomery ladder sc_eb_mul_ladder / sc_eb_mul_gen. */
static sc_err mul_p(sc_ep_aff *r, const sc_word *k)
{
#if SC_CURVES_BINARY
    if (C->eb)
        return sc_eb_mul_ladder(&RB, k, &PB, C->eb);
#endif
    return sc_ec_mul(r, k, &P, C->ep);
}

static sc_err mul_g(sc_ep_aff *r, const sc_word *k)
{
#if SC_CURVES_BINARY
    if (C->eb)
        return sc_eb_mul_gen(&RB, k, C->eb);
#endif
    return sc_ec_mul_gen(r, k, C->ep);
}
static uint8_t pub[SC_PK_MAX_PUB], sig[SC_PK_MAX_SIG], z[SC_FP_MAXBYTES], dig[SC_FP_MAXBYTES];
static uint8_t dfix[SC_FP_MAXBYTES], peer[SC_PK_MAX_PUB];
static size_t publen, peerlen, diglen;
static const uint8_t *volatile cur_be;
static const sc_word *volatile cur_w;

#define OP(id, call)                                                                \
    case id:                                                                        \
        sc_mote_start(id);                                                          \
        e = call;                                                                   \
        sc_mote_stop(id);                                                           \
        break

static void run(uint8_t op, uint8_t s)
{
    sc_err e = SC_ERR_ARG;
    cur_be = sec_be[s];
    cur_w = sec_w[s];
    switch (op) {
        OP(1, mul_p(&R, cur_w));
        OP(2, mul_g(&R, cur_w));
        OP(3, (publen = sizeof pub, sc_pubkey(C, pub, &publen, 0, cur_be, C->nlen)));
        OP(4, sc_ecdsa_sign_with_k(C, sig, 2u * C->nlen, dig, diglen, dfix, C->nlen, cur_be, C->nlen));
        OP(5, sc_ecdsa_sign(C, sig, 2u * C->nlen, dig, diglen, SC_HASH_SHA256, cur_be, C->nlen, NULL, 0));
        OP(6, sc_ecdh(C, z, C->flen, cur_be, C->nlen, peer, peerlen));
    default:
        break;
    }
    note(e);
}

/* RFC 6979 nonce candidates sc_ecdsa_sign draws for the private key s and dig,
 * recomputed here (RFC 6979 3.2 with HMAC-SHA-256): candidates k >= n or 0 are
 * rejected and the next one drawn.  On secp160r1 (n just above 2^160, qlen = 161)
 * about half the keys need a second candidate.  A rejected candidate is discarded
 * and independent of the nonce used, so the check is that the cycles are
 * base + (candidates - 1) * T for one constant T: the count of rejections is all
 * the time says.  dig is floor(bits(n) / 8) bytes with a zero first byte, so
 * bits2int(dig) = dig < n and h1 = dig left-padded to nlen bytes. */
static uint8_t rfc6979_candidates(uint8_t s)
{
    sc_hmac_drbg d;
    uint8_t h1[SC_FP_MAXBYTES], t[SC_FP_MAXBYTES], nbe[SC_FP_MAXBYTES];
    uint8_t nl = C->nlen, shift = (uint8_t)(8u * nl - C->nbits), i, tries;
    const sc_fp_field *fn = C->fn;

    for (i = 0; i < nl; i++)
        nbe[i] = W_BYTE(fn->p, nl - 1u - i);
    memset(h1, 0, nl);
    memcpy(h1 + (nl - diglen), dig, diglen);
    if (sc_hmac_drbg_init(&d, SC_HASH_SHA256, sec_be[s], nl, h1, nl, NULL, 0) != SC_OK)
        return 0;
    for (tries = 1; tries < 64; tries++) {
        uint8_t carry = 0, zero = 1;
        int cmp = 0;
        sc_hmac_drbg_generate(&d, t, nl);
        for (i = 0; shift && i < nl; i++) { /* keep the leftmost nbits */
            uint8_t b = t[i];
            t[i] = (uint8_t)((b >> shift) | carry);
            carry = (uint8_t)(b << (8u - shift));
        }
        for (i = 0; i < nl; i++) {
            zero &= t[i] == 0;
            if (!cmp && t[i] != nbe[i])
                cmp = t[i] < nbe[i] ? -1 : 1;
        }
        if (!zero && cmp < 0)
            break;
    }
    sc_hmac_drbg_wipe(&d);
    return tries;
}

int main(void)
{
    sc_word seven[SC_FP_MAXW];
    uint8_t op, s, i;

    sc_mote_calibrate();
#ifdef SC_CT_CURVE
    C = sc_curve_find(SC_CT_CURVE);
#else
    C = sc_curve_at(0);
#endif
    make_secrets(C);
    memset(seven, 0, sizeof seven);
    seven[0] = 7;
#if SC_CURVES_BINARY
    if (C->eb)
        note(sc_eb_mul_gen(&PB, seven, C->eb));
    else
#endif
        note(sc_ec_mul_gen(&P, seven, C->ep));
    diglen = C->nbits / 8u; /* 8 diglen <= bits(n): bits2int(dig) = dig, below n */
    for (i = 0; i < diglen; i++)
        dig[i] = (uint8_t)(0xa7 ^ (13u * i));
    dig[0] = 0;
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
        sc_mote_print(" rfc6979 ");
        sc_mote_putu32(rfc6979_candidates(s));
        sc_mote_putc('\n');
    }
    for (op = 1; op <= 6; op++)
        for (s = 0; s < NSEC; s++) {
            sc_mote_print("op ");
            sc_mote_putu32(op);
            sc_mote_print(" secret ");
            sc_mote_putu32(s);
            sc_mote_putc('\n');
            run(op, s);
        }
    /* Results, outside the regions: the fixed-base path (the table of G where the
     * build has one) against the variable-base multiplication of G. */
    for (s = 0; s < NSEC; s++) {
        int same;
#if SC_CURVES_BINARY
        if (C->eb) {
            sc_eb_aff g, a, b;
            sc_eb_generator(&g, C->eb);
            same = sc_eb_mul_gen(&a, sec_w[s], C->eb) == SC_OK && sc_eb_mul_var(&b, sec_w[s], &g, C->eb) == SC_OK &&
                   a.inf == b.inf && sc_fb_eq(a.x, b.x, C->eb->f) && sc_fb_eq(a.y, b.y, C->eb->f);
        } else
#endif
        {
            sc_ep_aff g, a, b;
            sc_ep_generator(&g, C->ep);
            same = sc_ec_mul_gen(&a, sec_w[s], C->ep) == SC_OK && sc_ec_mul(&b, sec_w[s], &g, C->ep) == SC_OK &&
                   sc_fp_eq(a.x, b.x, C->ep->fp) && sc_fp_eq(a.y, b.y, C->ep->fp);
        }
        if (!same) {
            sc_mote_print("k*G differs from k*(G as a point) for secret ");
            sc_mote_putu32(s);
            sc_mote_putc('\n');
            errors++;
        }
    }
    sc_mote_print("ct errors ");
    sc_mote_putu32(errors);
    sc_mote_putc('\n');
    sc_mote_exit(errors > 119 ? 119 : errors);
}
