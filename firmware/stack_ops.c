/* firmware/stack_ops.c: the stack of each public ec / ep / pk function on the mote.
 *
 * One sc-avrsim region per function (ids below), each call made from main with its
 * operands already in place, so a region's stack - base is what the call itself
 * uses: the figures the headers state ("Stack (AVR, secp160r1 / P-256)").  Built by
 * firmware/bench.cmake with the benchmark library of one curve (SC_BENCH_CURVE:
 * asm kernels, the table of G).  The exit code is the number of calls that failed;
 * results are checked by the host tests, not here. */
#include <stdint.h>
#include <string.h>

#include "mote.h"

#include <seacurve/curves.h>
#include <seacurve/ec.h>
#include <seacurve/pk.h>

#ifndef SC_MOTE_MCU_NAME
#  define SC_MOTE_MCU_NAME "atmega128"
#endif
SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

enum {
    S_DBL = 1, S_ADD_MIXED, S_ADD_JAC, S_ADD_MIXED_INC, S_ADD_JAC_INC, S_ADD_MIXED_VAR, S_ADD_JAC_VAR,
    S_TO_AFF, S_TO_AFF_VAR, S_ON_CURVE, S_DECOMPRESS, S_MUL, S_MUL_LADDER, S_MUL_FIXWIN, S_MUL_GEN,
    S_MUL2, S_PUBKEY, S_PUB_VALIDATE, S_SIGN, S_SIGN_K, S_VERIFY, S_ECDH, S_ECDH_COF
};

#define REGION(id, call)                                                            \
    do {                                                                            \
        sc_mote_start(id);                                                          \
        fails += (call) != SC_OK;                                                   \
        sc_mote_stop(id);                                                           \
    } while (0)
#define REGION_VOID(id, call)                                                       \
    do {                                                                            \
        sc_mote_start(id);                                                          \
        call;                                                                       \
        sc_mote_stop(id);                                                           \
    } while (0)

int main(void)
{
    const sc_curve *c = sc_curve_find(SC_BENCH_CURVE);
    const sc_ep_curve *ep = c->ep;
    static uint8_t d[SC_FP_MAXBYTES], d2[SC_FP_MAXBYTES], pub[1 + 2 * SC_FP_MAXBYTES];
    static uint8_t pub2[1 + 2 * SC_FP_MAXBYTES], sig[2 * SC_FP_MAXBYTES], h[32], sec[SC_FP_MAXBYTES];
    static sc_word k[SC_FP_MAXW], k2[SC_FP_MAXW];
    static sc_ep_aff g, p, r;
    static sc_ep_jac j1, j2, j3;
    size_t publen = sizeof pub, pub2len = sizeof pub2;
    uint8_t fails = 0, i;

    sc_mote_calibrate();
    for (i = 0; i < c->nlen; i++) {
        d[i] = (uint8_t)(i ? 0x5a + 0x3b * i : 0);
        d2[i] = (uint8_t)(i ? 0x21 + 0x17 * i : 0);
        h[i % 32] = (uint8_t)(0x11 * i);
    }
    for (i = 0; i < ep->fn->nw; i++) {
        k[i] = (sc_word)(0xa5 + 0x35 * i);
        k2[i] = (sc_word)(0x3c + 0x51 * i);
    }
    k[ep->fn->nw - 1] = k2[ep->fn->nw - 1] = 0;
    sc_ep_generator(&g, ep);
    fails += sc_ec_mul_gen(&p, k2, ep) != SC_OK;
    sc_ep_jac_from_aff(&j1, &g, ep);
    sc_ep_dbl_jac(&j2, &j1, ep);

    REGION_VOID(S_DBL, sc_ep_dbl_jac(&j3, &j2, ep));
    REGION_VOID(S_ADD_MIXED, sc_ep_add_mixed(&j3, &j2, &p, ep));
    REGION_VOID(S_ADD_JAC, sc_ep_add_jac(&j3, &j2, &j3, ep));
    REGION_VOID(S_ADD_MIXED_INC, sc_ep_add_mixed_inc(&j3, &j2, &p, ep));
    REGION_VOID(S_ADD_JAC_INC, sc_ep_add_jac_inc(&j3, &j2, &j3, ep));
    REGION_VOID(S_ADD_MIXED_VAR, sc_ep_add_mixed_var(&j3, &j2, &p, ep));
    REGION_VOID(S_ADD_JAC_VAR, sc_ep_add_jac_var(&j3, &j2, &j3, ep));
    REGION(S_TO_AFF, sc_ep_jac_to_aff(&r, &j3, ep));
    REGION(S_TO_AFF_VAR, sc_ep_jac_to_aff_var(&r, &j3, ep));
    REGION_VOID(S_ON_CURVE, fails += !sc_ep_on_curve(&p, ep));
    REGION(S_DECOMPRESS, sc_ep_decompress_var(&r, g.x, sc_fp_is_odd(g.y, ep->fp), ep));
    REGION(S_MUL, sc_ec_mul(&r, k, &p, ep));
    REGION(S_MUL_LADDER, sc_ec_mul_ladder(&r, k, &p, ep));
    REGION(S_MUL_FIXWIN, sc_ec_mul_fixwin(&r, k, &p, ep, 4));
    REGION(S_MUL_GEN, sc_ec_mul_gen(&r, k, ep));
    REGION(S_MUL2, sc_ec_mul2_var(&r, k, k2, &p, ep));
    REGION(S_PUBKEY, sc_pubkey(c, pub, &publen, 0, d, c->nlen));
    fails += sc_pubkey(c, pub2, &pub2len, 0, d2, c->nlen) != SC_OK;
    REGION(S_PUB_VALIDATE, sc_pub_validate(c, pub2, pub2len));
    REGION(S_SIGN, sc_ecdsa_sign(c, sig, 2u * c->nlen, h, sizeof h, SC_HASH_SHA256, d, c->nlen, 0, 0));
    REGION(S_VERIFY, sc_ecdsa_verify(c, sig, 2u * c->nlen, h, sizeof h, pub, publen));
    REGION(S_SIGN_K, sc_ecdsa_sign_with_k(c, sig, 2u * c->nlen, h, sizeof h, d, c->nlen, d2, c->nlen));
    REGION(S_ECDH, sc_ecdh(c, sec, c->flen, d, c->nlen, pub2, pub2len));
    REGION(S_ECDH_COF, sc_ecdh_cofactor(c, sec, c->flen, d, c->nlen, pub2, pub2len));
    sc_mote_exit(fails);
}
