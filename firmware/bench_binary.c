/* firmware/bench_binary.c: the benchmark image of one binary curve (docs/binary.md).
 *
 * Built per curve by firmware/bench.cmake with SC_CURVE_<SECT...>=1 (plus
 * secp160r1, the build's required prime curve) and SC_BENCH_CURVE="<name>".
 * The same console protocol as firmware/bench_curve.c (tools/mote_report.py reads
 * both): "bench <curve> <mcu> fbits <m> nw <words>", "region <id> <label>",
 * "check <what> ok|FAILED", "bench done <failures>".
 *
 * GF(2^m) with the portable Lopez-Dahab comb (window 4: the mote has no
 * carry-less multiplier) and the reduction of the field's registry entry; points
 * in Lopez-Dahab coordinates; secret scalars on the constant-time Montgomery
 * ladder (no fixed-base table on AVR by default: SC_NO_EB_GTAB). Checked: the
 * ladder against the variable-time multiplication, ECDH both ways, a*a^-1 = 1,
 * signatures verify and a tampered one does not.  No timing is asserted. */
#include <stdint.h>
#include <string.h>

#include "mote.h"
#include "bench_common.h"

#include <seacurve/curves.h>
#include <seacurve/eb.h>
#include <seacurve/fb.h>
#include <seacurve/hash.h>
#include <seacurve/mp.h>
#include <seacurve/pk.h>

#ifndef SC_BENCH_CURVE
#  error "SC_BENCH_CURVE (the curve's name as a string) is required"
#endif

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

enum {
    R_FB_ADD = 1, R_FB_MUL, R_FB_SQR, R_FB_INV, R_FB_INV_VAR, R_FB_HALFTRACE,
    R_EB_DBL, R_EB_MADD,
    R_EB_LADDER, R_EB_GEN, R_EB_VAR, R_EB_MUL2,
    R_PUBKEY, R_SIGN_K_SHA256, R_SIGN_6979_SHA256, R_VERIFY_SHA256, R_ECDH, R_ECDH_COF
};

static int same(const sc_eb_aff *a, const sc_eb_aff *b, const sc_fb_field *f)
{
    return a->inf == b->inf && sc_fb_eq(a->x, b->x, f) && sc_fb_eq(a->y, b->y, f);
}

/* Large objects at file scope (.bss): the measured stack is the library's own. */
static sc_eb_aff g, p, r1, r2;
static sc_eb_ld l1, l2;
static sc_fb_elt fa, fb, fr, fr2;
static sc_word kd[SC_EB_KW], ke[SC_EB_KW];
static uint8_t d_bytes[SC_FP_MAXBYTES], e_bytes[SC_FP_MAXBYTES], k_bytes[SC_FP_MAXBYTES];
static uint8_t pub_d[SC_PK_MAX_PUB], pub_e[SC_PK_MAX_PUB];
static uint8_t sig[SC_PK_MAX_SIG], sig6979[SC_PK_MAX_SIG], h256[32];
static uint8_t sa[SC_PK_MAX_PUB], sb[SC_PK_MAX_PUB];
static const char msg[] = "node 17: 21.5 C";

int main(void)
{
    sc_mote_calibrate();
    const sc_curve *c = sc_curve_find(SC_BENCH_CURVE);
    if (!c || !c->eb) {
        sc_mote_print("bench: binary curve not in this build\n");
        sc_mote_exit(100);
    }
    const sc_eb_curve *eb = c->eb;
    const sc_fb_field *f = eb->f;
    const uint8_t nlen = c->nlen;
    size_t publen_d = sizeof pub_d, publen_e = sizeof pub_e;
    sc_err e1, e2, e3, e4, e5, e6;

    sc_mote_print("bench " SC_BENCH_CURVE " " SC_MOTE_MCU_NAME " fbits ");
    sc_mote_putu32(f->m);
    sc_mote_print(" nw ");
    sc_mote_putu32(f->nw);
    sc_mote_putc('\n');

    pattern(d_bytes, nlen, 0x5a);
    pattern(e_bytes, nlen, 0xc3);
    pattern(k_bytes, nlen, 0x17);
    memset(kd, 0, sizeof kd);
    memset(ke, 0, sizeof ke);
    sc_mp_from_be(kd, eb->nw, d_bytes, nlen);
    sc_mp_from_be(ke, eb->nw, e_bytes, nlen);

    /* ---- GF(2^m): operands x(G), y(G) */
    sc_eb_generator(&g, eb);
    sc_fb_copy(fa, g.x, f);
    sc_fb_copy(fb, g.y, f);

    LABEL(R_FB_ADD, "fb add");
    sc_mote_start(R_FB_ADD);
    sc_fb_add(fr, fa, fb, f);
    sc_mote_stop(R_FB_ADD);

    LABEL(R_FB_MUL, "fb mul (comb + reduction)");
    sc_mote_start(R_FB_MUL);
    sc_fb_mul(fr, fa, fb, f);
    sc_mote_stop(R_FB_MUL);

    LABEL(R_FB_SQR, "fb sqr");
    sc_mote_start(R_FB_SQR);
    sc_fb_sqr(fr2, fa, f);
    sc_mote_stop(R_FB_SQR);

    LABEL(R_FB_INV, "fb inv (Itoh-Tsujii, constant time)");
    sc_mote_start(R_FB_INV);
    sc_fb_inv(fr, fa, f);
    sc_mote_stop(R_FB_INV);
    sc_fb_mul(fr2, fr, fa, f);
    sc_fb_one(fb, f);
    CHECK(sc_fb_eq(fr2, fb, f), "a * inv(a) = 1");

    LABEL(R_FB_INV_VAR, "fb inv_var");
    sc_mote_start(R_FB_INV_VAR);
    sc_fb_inv_var(fr2, fa, f);
    sc_mote_stop(R_FB_INV_VAR);
    CHECK(sc_fb_eq(fr2, fr, f), "inv_var = inv");

    LABEL(R_FB_HALFTRACE, "fb half-trace (decompression)");
    sc_mote_start(R_FB_HALFTRACE);
    sc_fb_halftrace(fr, fa, f);
    sc_mote_stop(R_FB_HALFTRACE);

    /* ---- points */
    sc_eb_ld_from_aff(&l1, &g, eb);
    LABEL(R_EB_DBL, "point doubling (Lopez-Dahab)");
    sc_mote_start(R_EB_DBL);
    sc_eb_dbl_ld(&l2, &l1, eb);
    sc_mote_stop(R_EB_DBL);

    LABEL(R_EB_MADD, "point addition, mixed (LD + affine, constant time)");
    sc_mote_start(R_EB_MADD);
    sc_eb_add_mixed(&l1, &l2, &g, eb);
    sc_mote_stop(R_EB_MADD); /* 3G */

    LABEL(R_EB_GEN, "k*G (sc_eb_mul_gen)");
    sc_mote_start(R_EB_GEN);
    e1 = sc_eb_mul_gen(&p, ke, eb);
    sc_mote_stop(R_EB_GEN);

    LABEL(R_EB_LADDER, "k*P random point (Montgomery ladder, constant time)");
    sc_mote_start(R_EB_LADDER);
    e2 = sc_eb_mul_ladder(&r1, kd, &p, eb);
    sc_mote_stop(R_EB_LADDER);

    LABEL(R_EB_VAR, "k*P variable time (sc_eb_mul_var)");
    sc_mote_start(R_EB_VAR);
    e3 = sc_eb_mul_var(&r2, kd, &p, eb);
    sc_mote_stop(R_EB_VAR);
    CHECK(e1 == SC_OK && e2 == SC_OK && e3 == SC_OK && same(&r1, &r2, f), "ladder = variable-time k*P");

    LABEL(R_EB_MUL2, "u1*G + u2*Q (sc_eb_mul2_var)");
    sc_mote_start(R_EB_MUL2);
    e1 = sc_eb_mul2_var(&r2, kd, ke, &p, eb);
    sc_mote_stop(R_EB_MUL2);
    CHECK(e1 == SC_OK && r2.inf == 0, "u1*G + u2*Q");

    /* ---- keys, ECDSA, ECDH */
    LABEL(R_PUBKEY, "key generation from bytes (sc_pubkey)");
    sc_mote_start(R_PUBKEY);
    e1 = sc_pubkey(c, pub_d, &publen_d, 0, d_bytes, nlen);
    sc_mote_stop(R_PUBKEY);
    e2 = sc_pubkey(c, pub_e, &publen_e, 1, e_bytes, nlen);
    CHECK(e1 == SC_OK && e2 == SC_OK, "public keys");
    e3 = sc_hash(SC_HASH_SHA256, h256, msg, sizeof msg - 1);

    LABEL(R_SIGN_K_SHA256, "ECDSA sign, given k, SHA-256 digest");
    sc_mote_start(R_SIGN_K_SHA256);
    e1 = sc_ecdsa_sign_with_k(c, sig, 2u * nlen, h256, sizeof h256, d_bytes, nlen, k_bytes, nlen);
    sc_mote_stop(R_SIGN_K_SHA256);

    LABEL(R_SIGN_6979_SHA256, "ECDSA sign, RFC 6979 nonce, SHA-256");
    sc_mote_start(R_SIGN_6979_SHA256);
    e2 = sc_ecdsa_sign(c, sig6979, 2u * nlen, h256, sizeof h256, SC_HASH_SHA256, d_bytes, nlen, 0, 0);
    sc_mote_stop(R_SIGN_6979_SHA256);

    LABEL(R_VERIFY_SHA256, "ECDSA verify, SHA-256 digest");
    sc_mote_start(R_VERIFY_SHA256);
    e4 = sc_ecdsa_verify(c, sig, 2u * nlen, h256, sizeof h256, pub_d, publen_d);
    sc_mote_stop(R_VERIFY_SHA256);
    CHECK(e1 == SC_OK && e2 == SC_OK && e3 == SC_OK && e4 == SC_OK, "signatures made and verified");
    sig[nlen - 1] ^= 1;
    e5 = sc_ecdsa_verify(c, sig, 2u * nlen, h256, sizeof h256, pub_d, publen_d);
    e6 = sc_ecdsa_verify(c, sig6979, 2u * nlen, h256, sizeof h256, pub_d, publen_d);
    CHECK(e5 != SC_OK && e6 == SC_OK, "tampered signature rejected, RFC 6979 one verifies");

    LABEL(R_ECDH, "ECDH (peer key compressed, validated)");
    sc_mote_start(R_ECDH);
    e1 = sc_ecdh(c, sa, c->flen, d_bytes, nlen, pub_e, publen_e);
    sc_mote_stop(R_ECDH);
    e2 = sc_ecdh(c, sb, c->flen, e_bytes, nlen, pub_d, publen_d);
    CHECK(e1 == SC_OK && e2 == SC_OK && memcmp(sa, sb, c->flen) == 0, "ECDH both ways equal");

    LABEL(R_ECDH_COF, "ECDH with cofactor (NIST CDH)");
    sc_mote_start(R_ECDH_COF);
    e1 = sc_ecdh_cofactor(c, sa, c->flen, d_bytes, nlen, pub_e, publen_e);
    sc_mote_stop(R_ECDH_COF);
    e2 = sc_ecdh_cofactor(c, sb, c->flen, e_bytes, nlen, pub_d, publen_d);
    CHECK(e1 == SC_OK && e2 == SC_OK && memcmp(sa, sb, c->flen) == 0, "cofactor ECDH both ways equal");

    sc_mote_print("bench done ");
    sc_mote_putu32(failures);
    sc_mote_putc('\n');
    sc_mote_exit(failures);
}
