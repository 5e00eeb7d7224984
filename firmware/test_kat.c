/* firmware/test_kat.c: the known-answer test image (issue 5 item 3), one per
 * library configuration (firmware/tests.cmake builds it; ctest fw_kat_* runs it
 * under sc-avrsim).
 *
 * 1. Known-answer vectors of every curve compiled into the library, from the
 *    flash byte stream fw_kat_vectors.h (tools/vectors/gen_fw_kat.py writes it at
 *    build time from tests/vectors/flat/; its docstring has the record format and
 *    sources: GEC 2, NIST CAVP SigGen with k, RFC 6979, k*G tables, Wycheproof
 *    ECDH and secp160r1 ECDSA verification).
 * 2. Round trips per curve: two key pairs from fixed private keys, RFC 6979
 *    ECDSA-SHA-256 sign + verify, a tampered signature and a tampered digest
 *    rejected, ECDH both ways equal.
 * 3. With the asm kernels (SC_AVR_ASM): sc_avr_mul<N> / sc_avr_sqr<N> against
 *    sc_mp_mul_comba / sc_mp_sqr_comba for N = 20, 24, 28, 32 on edge cases,
 *    single-bit operands (every bit of a against a single bit of b, every eighth
 *    also against a random b) and SC_KAT_ASM_ROUNDS pseudo-random pairs (half of
 *    them with a == b), checking a
 *    guard byte after r and that the inputs are unchanged; plus sc_mp_mul /
 *    sc_mp_sqr (the library's entry points, which dispatch to the kernels).
 *
 * Console: one line per group with its passed/total, one line per failure, then
 * "kat passed P failed F"; exit code min(F, 119). */
#include <avr/pgmspace.h>
#include <string.h>

#include "mote.h"
#include <seacurve/seacurve.h>
#include <seacurve/mp.h>

#include "fw_kat_vectors.h"

#ifdef SC_AVR_ASM
#include <mp_avr.h>
#endif

#ifndef SC_KAT_ASM_ROUNDS
#define SC_KAT_ASM_ROUNDS 300
#endif

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

static uint32_t g_pass, g_fail;
static uint16_t grp_pass, grp_total;

static const char *const curve_names[5] = {"secp160r1", "secp192r1", "secp224r1", "secp256r1",
                                           "secp256k1"};
static const char type_names[6][8] = {"", "kg", "sigk", "rfc6979", "ecdh", "verify"};

static void check(int ok, uint16_t idx)
{
    grp_total++;
    if (ok) {
        g_pass++;
        grp_pass++;
    } else {
        g_fail++;
        sc_mote_print("FAIL record ");
        sc_mote_putu32(idx);
        sc_mote_putc('\n');
    }
}

static void group_end(const char *name, const char *what)
{
    sc_mote_puts(name);
    sc_mote_putc(' ');
    sc_mote_puts(what);
    sc_mote_putc(' ');
    sc_mote_putu32(grp_pass);
    sc_mote_putc('/');
    sc_mote_putu32(grp_total);
    sc_mote_putc('\n');
    grp_pass = grp_total = 0;
}

/* ---- 1. known answers ---- */

#define KAT_MAXFIELD 72
static uint8_t fld[4][KAT_MAXFIELD];
static uint8_t fldlen[4];

static int kat_one(uint8_t type, const sc_curve *c)
{
    uint8_t out[SC_PK_MAX_PUB];
    size_t len = sizeof out;
    size_t nl = c->nlen;
    sc_err e;

    switch (type) {
    case 1: /* kg: d, pub */
        e = sc_pubkey(c, out, &len, 0, fld[0], fldlen[0]);
        return e == SC_OK && len == fldlen[1] && memcmp(out, fld[1], len) == 0;
    case 2: /* sigk: digest, d, k, r||s; the signature must verify too */
        e = sc_ecdsa_sign_with_k(c, out, 2 * nl, fld[0], fldlen[0], fld[1], fldlen[1], fld[2], fldlen[2]);
        if (e != SC_OK || fldlen[3] != 2 * nl || memcmp(out, fld[3], 2 * nl) != 0)
            return 0;
        {
            uint8_t pub[SC_PK_MAX_PUB];
            size_t pl = sizeof pub;
            if (sc_pubkey(c, pub, &pl, 0, fld[1], fldlen[1]) != SC_OK)
                return 0;
            return sc_ecdsa_verify(c, out, 2 * nl, fld[0], fldlen[0], pub, pl) == SC_OK;
        }
    case 3: /* rfc6979: hash id, digest, d, r||s */
        e = sc_ecdsa_sign(c, out, 2 * nl, fld[1], fldlen[1], (sc_hash_alg)fld[0][0], fld[2], fldlen[2], NULL, 0);
        return e == SC_OK && fldlen[3] == 2 * nl && memcmp(out, fld[3], 2 * nl) == 0;
    case 4: /* ecdh: d, peer, z (empty: rejected) */
        e = sc_ecdh(c, out, c->flen, fld[0], fldlen[0], fld[1], fldlen[1]);
        if (fldlen[2] == 0)
            return e != SC_OK;
        return e == SC_OK && fldlen[2] == c->flen && memcmp(out, fld[2], c->flen) == 0;
    case 5: /* verify: pub, digest, sig, ok */
        e = sc_ecdsa_verify(c, fld[2], fldlen[2], fld[1], fldlen[1], fld[0], fldlen[0]);
        return fld[3][0] ? e == SC_OK : e != SC_OK;
    default:
        return 0;
    }
}

static void run_kat(void)
{
    const uint8_t *p = sc_kat_blob;
    uint16_t idx = 0;
    uint8_t cur_curve = 0xFF, cur_type = 0;

    for (;; idx++) {
        uint8_t type = pgm_read_byte(p), ci = pgm_read_byte(p + 1), nf = pgm_read_byte(p + 2);
        uint8_t i;
        const sc_curve *c;
        int bad = 0;

        if (type != cur_type || ci != cur_curve) {
            if (grp_total)
                group_end(curve_names[cur_curve], type_names[cur_type]);
            cur_type = type;
            cur_curve = ci;
        }
        if (type == 0)
            break;
        p += 3;
        for (i = 0; i < nf; i++) {
            uint8_t l = pgm_read_byte(p++);
            if (i < 4 && l <= KAT_MAXFIELD) {
                memcpy_P(fld[i], p, l);
                fldlen[i] = l;
            } else {
                bad = 1;
            }
            p += l;
        }
        c = ci < 5 ? sc_curve_find(curve_names[ci]) : NULL;
        check(!bad && type <= 5 && c && kat_one(type, c), idx);
    }
}

/* ---- 2. round trips ---- */

static void fill(uint8_t *b, size_t n, uint8_t seed)
{
    size_t i;
    for (i = 0; i < n; i++)
        b[i] = (uint8_t)(seed + 37u * i + (i >> 3));
}

static void roundtrip(const sc_curve *c)
{
    uint8_t da[SC_FP_MAXBYTES], db[SC_FP_MAXBYTES], dig[32];
    uint8_t pa[SC_PK_MAX_PUB], pb[SC_PK_MAX_PUB], sig[SC_PK_MAX_SIG];
    uint8_t za[SC_FP_MAXBYTES], zb[SC_FP_MAXBYTES];
    size_t nl = c->nlen, fl = c->flen, la = sizeof pa, lb = sizeof pb;

    fill(da, nl, 0x11);
    fill(db, nl, 0x5a);
    da[0] = db[0] = 0; /* below n on every curve */
    fill(dig, sizeof dig, 0xc3);
    check(sc_pubkey(c, pa, &la, 0, da, nl) == SC_OK && sc_pubkey(c, pb, &lb, 1, db, nl) == SC_OK, 1000);
    check(sc_ecdsa_sign(c, sig, 2 * nl, dig, sizeof dig, SC_HASH_SHA256, da, nl, NULL, 0) == SC_OK, 1001);
    check(sc_ecdsa_verify(c, sig, 2 * nl, dig, sizeof dig, pa, la) == SC_OK, 1002);
    sig[nl + 3] ^= 0x10;
    check(sc_ecdsa_verify(c, sig, 2 * nl, dig, sizeof dig, pa, la) != SC_OK, 1003);
    sig[nl + 3] ^= 0x10;
    dig[5] ^= 1;
    check(sc_ecdsa_verify(c, sig, 2 * nl, dig, sizeof dig, pa, la) != SC_OK, 1004);
    /* B's key compressed: A's side decompresses it */
    check(sc_ecdh(c, za, fl, da, nl, pb, lb) == SC_OK && sc_ecdh(c, zb, fl, db, nl, pa, la) == SC_OK &&
              memcmp(za, zb, fl) == 0,
          1005);
}

/* ---- 3. asm kernels against the C product scanning ---- */

#ifdef SC_AVR_ASM
static uint32_t rng = 0x2545f491u;
static uint8_t rnd8(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (uint8_t)(rng >> 11);
}

static uint8_t A[32], B[32], A0[32], B0[32], R[65], C[64];

/* One comparison of size n (kernel called directly, then through sc_mp_mul / sc_mp_sqr). */
static int cmp_one(uint8_t n, uint8_t sqr)
{
    int ok;
    memcpy(A0, A, n);
    memcpy(B0, B, n);
    memset(R, 0xA5, sizeof R);
    R[2 * n] = 0x5C;
    if (sqr) {
        switch (n) {
        case 20: sc_avr_sqr20(R, A); break;
        case 24: sc_avr_sqr24(R, A); break;
        case 28: sc_avr_sqr28(R, A); break;
        default: sc_avr_sqr32(R, A); break;
        }
        sc_mp_sqr_comba(C, A, n);
    } else {
        switch (n) {
        case 20: sc_avr_mul20(R, A, B); break;
        case 24: sc_avr_mul24(R, A, B); break;
        case 28: sc_avr_mul28(R, A, B); break;
        default: sc_avr_mul32(R, A, B); break;
        }
        sc_mp_mul_comba(C, A, B, n);
    }
    ok = memcmp(R, C, 2 * n) == 0 && R[2 * n] == 0x5C && memcmp(A, A0, n) == 0 && memcmp(B, B0, n) == 0;
    memset(R, 0, sizeof R);
    if (sqr)
        sc_mp_sqr(R, A, n);
    else
        sc_mp_mul(R, A, B, n);
    return ok && memcmp(R, C, 2 * n) == 0;
}

static void run_asm(void)
{
    static const uint8_t sizes[4] = {20, 24, 28, 32};
    uint8_t si, sqr;
    for (si = 0; si < 4; si++) {
        uint8_t n = sizes[si];
        for (sqr = 0; sqr < 2; sqr++) {
            uint16_t r, bit;
            /* 0 x 0, FF.. x FF.., 1 x FF.. */
            memset(A, 0, n); memset(B, 0, n);
            check(cmp_one(n, sqr), 2000 + n);
            memset(A, 0xFF, n); memset(B, 0xFF, n);
            check(cmp_one(n, sqr), 2100 + n);
            memset(A, 0, n); A[0] = 1;
            check(cmp_one(n, sqr), 2200 + n);
            /* every bit position of a, against a single bit and a random b */
            for (bit = 0; bit < 8u * n; bit++) {
                uint8_t i;
                memset(A, 0, n);
                A[bit >> 3] = (uint8_t)(1u << (bit & 7));
                memset(B, 0, n);
                B[(uint8_t)(bit * 7u % (8u * n)) >> 3] = (uint8_t)(1u << (bit * 7u % 8u));
                check(cmp_one(n, sqr), 2300 + n);
                if ((bit & 7) == 3) {
                    for (i = 0; i < n; i++)
                        B[i] = rnd8();
                    check(cmp_one(n, sqr), 2400 + n);
                }
            }
            for (r = 0; r < SC_KAT_ASM_ROUNDS; r++) {
                uint8_t i;
                for (i = 0; i < n; i++) {
                    A[i] = rnd8();
                    B[i] = rnd8();
                }
                if (r & 1)
                    memcpy(B, A, n); /* a == b operands too */
                check(cmp_one(n, sqr), 2500 + n);
            }
            sc_mote_print("asm ");
            sc_mote_puts(sqr ? "sqr" : "mul");
            sc_mote_putu32(n);
            sc_mote_putc(' ');
            sc_mote_putu32(grp_pass);
            sc_mote_putc('/');
            sc_mote_putu32(grp_total);
            sc_mote_putc('\n');
            grp_pass = grp_total = 0;
        }
    }
}
#endif

int main(void)
{
    size_t i;
    sc_mote_print("kat " SC_MOTE_MCU_NAME " " SC_KAT_CONFIG "\n");
#ifdef SC_AVR_ASM
    run_asm();
#endif
    run_kat();
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        roundtrip(c);
        group_end(c->name, "roundtrip");
    }
    sc_mote_print("kat passed ");
    sc_mote_putu32(g_pass);
    sc_mote_print(" failed ");
    sc_mote_putu32(g_fail);
    sc_mote_putc('\n');
    sc_mote_exit(g_fail > 119 ? 119 : (uint8_t)g_fail);
}
