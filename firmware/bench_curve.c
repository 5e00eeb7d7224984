/* firmware/bench_curve.c: the benchmark image of one curve (docs/mote.md).
 *
 * Built once per curve with SC_CURVES_ALL=0 SC_CURVE_<NAME>=1 and
 * SC_BENCH_CURVE="<name>" (firmware/bench.cmake). Every operation runs once
 * inside its own sc-avrsim region (firmware/mote.h), so the runner reports its
 * exact cycles and the deepest stack; tools/mote_report.py turns the --json
 * output into the tables of docs/mote.md ("Benchmarks").
 *
 * Console protocol (read by tools/mote_report.py and tools/avrsim/bench_smoke.cmake):
 *   "bench <curve> <mcu> fbits <p bits> nw <words>"   first line
 *   "region <id> <label>"                              before region id runs
 *   "check <what> ok|FAILED"                           results checked after the runs
 *   "bench done <failures>"                            last line; exit code = failures
 *
 * The operations are checked against each other (a benchmark that measures a
 * wrong answer is no benchmark): ECDH's secret equals the x of d*P computed by
 * sc_ec_mul, signatures verify, the field inverses give a*a^-1 = 1, the two
 * multiplies agree, the hashes match the FIPS 180 answers for 64 bytes of 'a'.
 * No timing is asserted anywhere. */
#include <stdint.h>
#include <string.h>
#if defined(__AVR__)
#include <avr/pgmspace.h>
#endif

#include "mote.h"
#include "bench_common.h"

#include <seacurve/curves.h>
#include <seacurve/ec.h>
#include <seacurve/ep.h>
#include <seacurve/fp.h>
#include <seacurve/hash.h>
#include <seacurve/mp.h>
#include <seacurve/pk.h>

#ifndef SC_BENCH_CURVE
#  error "SC_BENCH_CURVE (the curve's name as a string) is required"
#endif
#ifndef SC_MOTE_MCU_NAME
#  define SC_MOTE_MCU_NAME "atmega128"
#endif

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

/* Region ids: the report script prints the labels the image writes. */
enum {
    R_FP_ADD = 1, R_FP_SUB, R_FP_MUL, R_FP_SQR, R_FP_RED, R_FP_INV, R_FP_INV_VAR,
    R_MP_MUL, R_MP_SQR, R_EP_DBL, R_EP_ADD_MIXED, R_EP_ADD_JAC,
    R_EC_MUL, R_EC_MUL_GEN, R_PUBKEY,
    R_SIGN_K_SHA1, R_SIGN_K_SHA256, R_SIGN_6979_SHA256,
    R_VERIFY_SHA1, R_VERIFY_SHA256, R_ECDH,
    R_SHA1_64, R_SHA256_64, R_FP_SQRT
};

/* FIPS 180 digests of 64 bytes of 'a' (0x61). */
static const uint8_t sha1_aa64[20] SC_MOTE_PROGMEM = {
    0x00, 0x98, 0xba, 0x82, 0x4b, 0x5c, 0x16, 0x42, 0x7b, 0xd7,
    0xa1, 0x12, 0x2a, 0x5a, 0x44, 0x2a, 0x25, 0xec, 0x64, 0x4d};
static const uint8_t sha256_aa64[32] SC_MOTE_PROGMEM = {
    0xff, 0xe0, 0x54, 0xfe, 0x7a, 0xe0, 0xcb, 0x6d, 0xc6, 0x5c, 0x3a, 0xf9, 0xb6, 0x1d, 0x52, 0x09,
    0xf4, 0x39, 0x85, 0x1d, 0xb4, 0x3d, 0x0b, 0xa5, 0x99, 0x73, 0x37, 0xdf, 0x15, 0x46, 0x68, 0xeb};

static int eq_P(const uint8_t *ram, const uint8_t *flash, uint8_t n)
{
    uint8_t d = 0;
    for (uint8_t i = 0; i < n; i++) {
        d |= (uint8_t)(sc_mote_rd_P(flash + i) ^ ram[i]);
    }
    return d == 0;
}

/* Large objects at file scope (.bss), so the measured stack is the library's own
 * plus main's small frame. */
static sc_ep_aff g_aff, p_aff, r_aff;
static sc_ep_jac j1, j2, j3;
static sc_fe fa, fb, fr, fr2;
static sc_word t2[2 * SC_FP_MAXW], t2c[2 * SC_FP_MAXW];
static sc_word kd[SC_FP_MAXW], ke[SC_FP_MAXW];
static uint8_t d_bytes[SC_FP_MAXBYTES], e_bytes[SC_FP_MAXBYTES], k_bytes[SC_FP_MAXBYTES];
static uint8_t pub_d[1 + 2 * SC_FP_MAXBYTES], pub_e[1 + 2 * SC_FP_MAXBYTES];
static uint8_t sig1[2 * SC_FP_MAXBYTES], sig256[2 * SC_FP_MAXBYTES], sig6979[2 * SC_FP_MAXBYTES];
static uint8_t h1[20], h256[32], secret[SC_FP_MAXBYTES], xb[SC_FP_MAXBYTES];
static uint8_t block[64];
static const char msg[] = "node 17: 21.5 C";

int main(void)
{
    sc_mote_calibrate();
    const sc_curve *c = sc_curve_find(SC_BENCH_CURVE);
    if (!c) {
        sc_mote_print("bench: curve not in this build\n");
        sc_mote_exit(100);
    }
    const sc_ep_curve *ep = c->ep;
    const sc_fp_field *f = ep->fp;
    const uint8_t nw = f->nw, nlen = c->nlen;
    size_t publen_d = sizeof pub_d, publen_e = sizeof pub_e;
    sc_err e1, e2, e3, e4, e5, e6, e7, e8;

    sc_mote_print("bench " SC_BENCH_CURVE " " SC_MOTE_MCU_NAME " fbits ");
    sc_mote_putu32(f->bits);
    sc_mote_print(" nw ");
    sc_mote_putu32(nw);
    sc_mote_putc('\n');

    pattern(d_bytes, nlen, 0x5a);
    pattern(e_bytes, nlen, 0xc3);
    pattern(k_bytes, nlen, 0x17);
    sc_mp_from_be(kd, ep->fn->nw, d_bytes, nlen);
    sc_mp_from_be(ke, ep->fn->nw, e_bytes, nlen);

    /* ---- field GF(p): operands Gx, Gy in internal form */
    sc_ep_generator(&g_aff, ep);
    sc_fp_copy(fa, g_aff.x, f);
    sc_fp_copy(fb, g_aff.y, f);

    LABEL(R_FP_ADD, "fp add");
    sc_mote_start(R_FP_ADD);
    sc_fp_add(fr, fa, fb, f);
    sc_mote_stop(R_FP_ADD);

    LABEL(R_FP_SUB, "fp sub");
    sc_mote_start(R_FP_SUB);
    sc_fp_sub(fr, fa, fb, f);
    sc_mote_stop(R_FP_SUB);

    LABEL(R_FP_MUL, "fp mul (product + reduction)");
    sc_mote_start(R_FP_MUL);
    sc_fp_mul(fr, fa, fb, f);
    sc_mote_stop(R_FP_MUL);

    LABEL(R_FP_SQR, "fp sqr (square + reduction)");
    sc_mote_start(R_FP_SQR);
    sc_fp_sqr(fr2, fa, f);
    sc_mote_stop(R_FP_SQR);

    LABEL(R_MP_MUL, "mp mul (n = field words)");
    sc_mote_start(R_MP_MUL);
    sc_mp_mul(t2, fa, fb, nw);
    sc_mote_stop(R_MP_MUL);
    sc_mp_copy(t2c, t2, 2u * nw);

    LABEL(R_FP_RED, "fp reduction alone");
    sc_mote_start(R_FP_RED);
    f->reduce(fr2, t2, f);
    sc_mote_stop(R_FP_RED);
    CHECK(sc_mp_cmp(fr, fr2, nw) == 0, "fp mul = reduce(mp mul)");

    LABEL(R_MP_SQR, "mp sqr (n = field words)");
    sc_mote_start(R_MP_SQR);
    sc_mp_sqr(t2, fa, nw);
    sc_mote_stop(R_MP_SQR);
    sc_mp_mul_comba(t2c, fa, fa, nw);
    CHECK(sc_mp_cmp(t2, t2c, 2u * nw) == 0, "mp sqr = comba a*a");

    LABEL(R_FP_INV, "fp inv (constant time)");
    sc_mote_start(R_FP_INV);
    sc_fp_inv(fr, fa, f);
    sc_mote_stop(R_FP_INV);
    sc_fp_mul(fr2, fr, fa, f);
    sc_fp_set_one(t2c, f);
    CHECK(sc_mp_cmp(fr2, t2c, nw) == 0, "a * inv(a) = 1");

    LABEL(R_FP_INV_VAR, "fp inv_var");
    sc_mote_start(R_FP_INV_VAR);
    sc_fp_inv_var(fr2, fa, f);
    sc_mote_stop(R_FP_INV_VAR);
    CHECK(sc_mp_cmp(fr2, fr, nw) == 0, "inv_var = inv");

    /* square root of a square (point decompression): a^((p+1)/4) where p = 3 mod 4,
     * Tonelli-Shanks where p - 1 has a large power of two (the opf* primes) */
    sc_fp_sqr(fr, fa, f);
    LABEL(R_FP_SQRT, "fp sqrt (decompression, variable time)");
    sc_mote_start(R_FP_SQRT);
    e1 = sc_fp_sqrt_var(fr2, fr, f);
    sc_mote_stop(R_FP_SQRT);
    sc_fp_sqr(fr2, fr2, f);
    CHECK(e1 == SC_OK && sc_mp_cmp(fr2, fr, nw) == 0, "sqrt(a^2)^2 = a^2");

    /* ---- points: Jacobian G, 2G */
    sc_ep_jac_from_aff(&j1, &g_aff, ep);
    LABEL(R_EP_DBL, "point doubling (Jacobian)");
    sc_mote_start(R_EP_DBL);
    sc_ep_dbl_jac(&j2, &j1, ep);
    sc_mote_stop(R_EP_DBL);

    LABEL(R_EP_ADD_MIXED, "point addition, mixed (Jacobian + affine)");
    sc_mote_start(R_EP_ADD_MIXED);
    sc_ep_add_mixed(&j3, &j2, &g_aff, ep);
    sc_mote_stop(R_EP_ADD_MIXED);

    LABEL(R_EP_ADD_JAC, "point addition, Jacobian");
    sc_mote_start(R_EP_ADD_JAC);
    sc_ep_add_jac(&j1, &j3, &j2, ep);
    sc_mote_stop(R_EP_ADD_JAC); /* 5G */

    /* ---- scalar multiplication: P = e*G, then d*P */
    LABEL(R_EC_MUL_GEN, "k*G (sc_ec_mul_gen)");
    sc_mote_start(R_EC_MUL_GEN);
    e1 = sc_ec_mul_gen(&p_aff, ke, ep);
    sc_mote_stop(R_EC_MUL_GEN);

    LABEL(R_EC_MUL, "k*P random point (sc_ec_mul)");
    sc_mote_start(R_EC_MUL);
    e2 = sc_ec_mul(&r_aff, kd, &p_aff, ep);
    sc_mote_stop(R_EC_MUL);
    CHECK(e1 == SC_OK && e2 == SC_OK, "scalar multiplications");

    /* ---- keys, ECDSA, ECDH */
    LABEL(R_PUBKEY, "key generation from bytes (sc_pubkey)");
    sc_mote_start(R_PUBKEY);
    e1 = sc_pubkey(c, pub_d, &publen_d, 0, d_bytes, nlen);
    sc_mote_stop(R_PUBKEY);
    e2 = sc_pubkey(c, pub_e, &publen_e, 0, e_bytes, nlen);
    CHECK(e1 == SC_OK && e2 == SC_OK, "public keys");

    e3 = sc_hash(SC_HASH_SHA1, h1, msg, sizeof msg - 1);
    e4 = sc_hash(SC_HASH_SHA256, h256, msg, sizeof msg - 1);
    CHECK(e3 == SC_OK && e4 == SC_OK, "message digests");

    LABEL(R_SIGN_K_SHA1, "ECDSA sign, given k, SHA-1 digest");
    sc_mote_start(R_SIGN_K_SHA1);
    e1 = sc_ecdsa_sign_with_k(c, sig1, 2u * nlen, h1, sizeof h1, d_bytes, nlen, k_bytes, nlen);
    sc_mote_stop(R_SIGN_K_SHA1);

    LABEL(R_SIGN_K_SHA256, "ECDSA sign, given k, SHA-256 digest");
    sc_mote_start(R_SIGN_K_SHA256);
    e2 = sc_ecdsa_sign_with_k(c, sig256, 2u * nlen, h256, sizeof h256, d_bytes, nlen, k_bytes,
                              nlen);
    sc_mote_stop(R_SIGN_K_SHA256);

    LABEL(R_SIGN_6979_SHA256, "ECDSA sign, RFC 6979 nonce, SHA-256");
    sc_mote_start(R_SIGN_6979_SHA256);
    e3 = sc_ecdsa_sign(c, sig6979, 2u * nlen, h256, sizeof h256, SC_HASH_SHA256, d_bytes, nlen,
                       0, 0);
    sc_mote_stop(R_SIGN_6979_SHA256);

    LABEL(R_VERIFY_SHA1, "ECDSA verify, SHA-1 digest");
    sc_mote_start(R_VERIFY_SHA1);
    e4 = sc_ecdsa_verify(c, sig1, 2u * nlen, h1, sizeof h1, pub_d, publen_d);
    sc_mote_stop(R_VERIFY_SHA1);

    LABEL(R_VERIFY_SHA256, "ECDSA verify, SHA-256 digest");
    sc_mote_start(R_VERIFY_SHA256);
    e5 = sc_ecdsa_verify(c, sig256, 2u * nlen, h256, sizeof h256, pub_d, publen_d);
    sc_mote_stop(R_VERIFY_SHA256);
    CHECK(e1 == SC_OK && e2 == SC_OK && e3 == SC_OK, "signatures made");
    CHECK(e4 == SC_OK && e5 == SC_OK, "signatures verify");
    sig256[nlen - 1] ^= 1;
    e6 = sc_ecdsa_verify(c, sig256, 2u * nlen, h256, sizeof h256, pub_d, publen_d);
    e7 = sc_ecdsa_verify(c, sig6979, 2u * nlen, h256, sizeof h256, pub_d, publen_d);
    CHECK(e6 != SC_OK && e7 == SC_OK, "tampered signature rejected, RFC 6979 one verifies");

    LABEL(R_ECDH, "ECDH (peer key validated)");
    sc_mote_start(R_ECDH);
    e8 = sc_ecdh(c, secret, c->flen, d_bytes, nlen, pub_e, publen_e);
    sc_mote_stop(R_ECDH);
    sc_fp_to_bytes(xb, r_aff.x, f);
    CHECK(e8 == SC_OK && memcmp(secret, xb, c->flen) == 0, "ECDH = x(d * eG) of sc_ec_mul");

    /* ---- hashes of one 64-byte block */
    memset(block, 'a', sizeof block);
    LABEL(R_SHA1_64, "SHA-1 of 64 bytes");
    sc_mote_start(R_SHA1_64);
    e1 = sc_hash(SC_HASH_SHA1, h1, block, sizeof block);
    sc_mote_stop(R_SHA1_64);

    LABEL(R_SHA256_64, "SHA-256 of 64 bytes");
    sc_mote_start(R_SHA256_64);
    e2 = sc_hash(SC_HASH_SHA256, h256, block, sizeof block);
    sc_mote_stop(R_SHA256_64);
    CHECK(e1 == SC_OK && eq_P(h1, sha1_aa64, 20), "SHA-1 FIPS 180 answer");
    CHECK(e2 == SC_OK && eq_P(h256, sha256_aa64, 32), "SHA-256 FIPS 180 answer");

    sc_mote_print("bench done ");
    sc_mote_putu32(failures);
    sc_mote_putc('\n');
    sc_mote_exit(failures);
}
