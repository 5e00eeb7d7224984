/* firmware/test_kat.c: the known-answer test image (docs/mote.md), one per
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
 *    sc_mp_mul_comba / sc_mp_sqr_comba for N = 20, 24, 28, 32, and sc_mp_mul /
 *    sc_mp_sqr at N = 21 (the 20-byte kernel and the top byte's rows) (up to
 *    SC_FP_MAXW, the build's largest field: the others are not linked) on edge cases,
 *    single-bit operands (every bit of a against a single bit of b, every eighth
 *    also against a random b) and SC_KAT_ASM_ROUNDS pseudo-random pairs (half of
 *    them with a == b), checking a
 *    guard byte after r and that the inputs are unchanged; plus sc_mp_mul /
 *    sc_mp_sqr (the library's entry points, which dispatch to the kernels).
 * 4. With the asm kernels: the modular kernels of port/avr/gen/fp_*.S against their C
 *    fallbacks: sc_avr_red160 / 192 / 224 / 256 / 256k1 against sc_fp_reduce_*_chunks on
 *    2N-byte inputs 0, p, p 2^(8N), (p-1)^2, (p-1)^2 + p - 1, all-0xFF, single
 *    bytes, random and random products; sc_avr_fp_add / sub / neg<N> against the
 *    C formula of src/fp/fp.c (sc_mp_add / sc_mp_sub / sc_mp_cmov) on 0, 1, p-1,
 *    p-2 and random elements of each N-byte prime (secp160r1, P-192, P-224, P-256,
 *    secp256k1), also with r aliasing an input and through sc_fp_add / sub / neg,
 *    and secp160r1's sc_avr_fp_add160 / sub160 (sc_fp_add / sub / neg with its reducer);
 *    a guard byte after every output; sc_avr_redc<N> (N = 20 (with opf160), 21, 24, 28, 32)
 *    and sc_avr_redc21s against sc_fp_reduce_mont_c for the orders n of the curves in the
 *    build and random odd moduli (at 21 bytes two of the form 2^160 + c, c < 2^88), on 0, 1, p, (p-1)^2, p 2^(8N) - 1, random products and random
 *    t < p 2^(8N), and through sc_fp_reduce_mont.  Section 4 runs the sizes N up
 *    to SC_FP_MAXW, the largest field of the build (the C fallbacks' buffers):
 *    every size in kat_all_asm, 20 to 24 bytes in kat_160_asm.
 * 5. With the asm kernels: sc_avr_sha1_block / sc_avr_sha256_block
 *    (port/avr/gen/sha1_avr.S, sha256_avr.S) against the C block functions
 *    sc_hash_sha1_blocks_c / sc_hash_sha256_blocks_c: FIPS 180 "abc", the 448-bit
 *    two-block message and 64 x 'a' through sc_hash (known digests) and the C,
 *    random messages of every length 0..200 hashed by sc_hash (the library,
 *    which calls the asm) against the C block function called directly with
 *    its own padding, and 20 random (h, block) pairs through the two block
 *    functions (guard word after h, block unchanged).  kat_160_asm only
 *    (SC_KAT_SHA=0 in kat_all_asm, whose flash is full).
 *
 * 6. Built for Cortex-M with its kernels (SC_CM_ASM, firmware/cortexm): on the M4 sc_mp_mul and
 *    sc_mp_sqr (the UMAAL product of port/cortexm) against sc_mp_mul_comba / sc_mp_sqr_comba
 *    for n = 1..9 words on zeros, all-ones, every single bit of a and 50 random pairs, with a
 *    guard word after the product and the inputs checked unchanged; on the M0+ the 64-bit
 *    product (port/cortexm/lmul_v6m.S) against 16-bit schoolbook on edge cases and 2,000
 *    random 32 x 32 and 64 x 64 pairs; on the M3 and M4 the secp160r1 and P-256 reductions
 *    (port/cortexm/fp_red160.S, fp_red256.S) against sc_fp_reduce_secp160r1_chunks /
 *    sc_fp_reduce_p256_chunks on 0, p, p 2^(32n), (p-1)^2,
 *    2^(64n) - 1, single bits (alone and among all-ones words), 300 random inputs and
 *    300 random products, with a guard word and in place; and sc_fp_add / sc_fp_sub /
 *    sc_fp_dbl on P-256 (port/cortexm/fp_addsub8.S) against the formulas of src/fp/fp.c on
 *    0, 1, p-1, p-2, 2^255 pairwise and 300 random pairs, also with r aliasing a and b.
 *
 * 7. With the MSP430 kernels (SC_MSP430_ASM, port/msp430/mp): sc_msp430_mul /
 *    sc_msp430_sqr against sc_mp_mul_comba / sc_mp_sqr_comba at n = 1, 2, 3, 5, 10, 11
 *    and 16 words (up to SC_FP_MAXW) on 0, all-ones and 1, every bit of a against a
 *    single bit of b, and SC_KAT_ASM_ROUNDS pseudo-random pairs (half with a == b), with
 *    a guard word after r and the inputs checked unchanged; then through sc_mp_mul /
 *    sc_mp_sqr.  With secp160r1: sc_msp430_red160 against sc_fp_reduce_secp160r1_w16 on
 *    0, p, (p-1)^2, p 2^160, all-ones, single bits and SC_KAT_ASM_ROUNDS random inputs.
 *    sc_msp430_redc against sc_fp_reduce_mont_c for the group order n of every curve of the
 *    build and random odd moduli of 1 to SC_FP_MAXW words, on 0, 1, (p-1)^2, p R - 1 and
 *    SC_KAT_ASM_ROUNDS random t < p R.  sc_msp430_fp_add / sc_msp430_fp_sub against the
 *    C formula of src/fp/fp.c (sc_mp_add / sc_mp_sub / sc_mp_cmov) for p and n of every
 *    curve of the build, on 0, 1, p-1, p-2 and random elements, also with r aliasing a.
 *
 * Console: one line per group with its passed/total, one line per failure, then
 * "kat passed P failed F"; exit code min(F, 119). */
#if defined(__AVR__)
#include <avr/pgmspace.h>
#endif
#include <string.h>

#include "mote.h"
#include <seacurve/seacurve.h>
#include <seacurve/mp.h>

#include "fw_kat_vectors.h"

#ifdef SC_CM_ASM
#include <seacurve/fp.h>
#include "fp/reduce_special.h"
#endif
#ifdef SC_MSP430_ASM
#include <mp_msp430.h>
#include "fp/reduce_mont.h"
#include "fp/reduce_special.h"
#endif

#ifdef SC_AVR_ASM
#include <fp_avr.h>
#include <mp_avr.h>
#include "fp/reduce_mont.h"
#include "fp/reduce_special.h"
#include "hash/hash_impl.h"
#include <sha_avr.h>
#endif

#ifndef SC_KAT_SHA
#define SC_KAT_SHA 1
#endif

#ifndef SC_KAT_ASM_ROUNDS
#define SC_KAT_ASM_ROUNDS 300
#endif

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

static uint32_t g_pass, g_fail;
static uint16_t grp_pass, grp_total;

/* tools/vectors/gen_fw_kat.py's CURVES, in its order */
/* (in flash: the ATmega128 image's RAM is full; curve_name copies one out) */
static const char curve_names[11][10] PROGMEM = {"secp160r1", "secp192r1", "secp224r1", "secp256r1",
                                                 "secp256k1", "sect163k1", "sect163r2", "opf160",
                                                 "opf192",    "opf224",    "opf256"};
static char curve_name_buf[10];
static const char *curve_name(uint8_t ci)
{
    memcpy_P(curve_name_buf, curve_names[ci < 11 ? ci : 0], sizeof curve_name_buf);
    return curve_name_buf;
}
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
                group_end(curve_name(cur_curve), type_names[cur_type]);
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
        c = ci < 11 ? sc_curve_find(curve_name(ci)) : NULL;
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
/* xorshift32 (Marsaglia) from a fixed start, as cm0_rng and mrng below: an image cannot read
 * SC_TEST_SEED, and the same operands on every run keep each image's check count and results
 * exact; the host tests run the C side of these kernels with a fresh seed each run
 * (docs/testing.md, "Random seeds"). */
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
        case 21: sc_mp_sqr(R, A, 21); break; /* sqr20 + the top byte's row (src/mp/mul.c) */
        case 24: sc_avr_sqr24(R, A); break;
#if SC_FP_MAXW >= 28
        case 28: sc_avr_sqr28(R, A); break;
#endif
#if SC_FP_MAXW >= 32
        case 32: sc_avr_sqr32(R, A); break;
#endif
        default: break;
        }
        sc_mp_sqr_comba(C, A, n);
    } else {
        switch (n) {
        case 20: sc_avr_mul20(R, A, B); break;
        case 21: sc_mp_mul(R, A, B, 21); break; /* mul20 + the top bytes' rows (src/mp/mul.c) */
        case 24: sc_avr_mul24(R, A, B); break;
#if SC_FP_MAXW >= 28
        case 28: sc_avr_mul28(R, A, B); break;
#endif
#if SC_FP_MAXW >= 32
        case 32: sc_avr_mul32(R, A, B); break;
#endif
        default: break;
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
    static const uint8_t sizes[5] = {20, 21, 24, 28, 32};
    uint8_t si, sqr;
    for (si = 0; si < 5; si++) {
        uint8_t n = sizes[si];
        if (n > SC_FP_MAXW)
            continue; /* kernels above the build's largest field are not linked */
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

/* ---- 4. modular kernels against their C fallbacks ---- */

/* the primes, little-endian */
static const uint8_t P160[20] = {0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
static const uint8_t P192[24] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff,
                                 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
static const uint8_t P224[28] = {0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff,
                                 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
static const uint8_t P256[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                 0x01, 0, 0, 0, 0xff, 0xff, 0xff, 0xff};
static const uint8_t P256K1[32] = {0x2f, 0xfc, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

/* RAM is tight on the atmega128 (the deepest stack is in the round trips): the
 * field and outputs live in run_fp's frame, the 2N-byte inputs reuse C and R. */
static struct fp_ctx {
    sc_fp_field fl;
    uint8_t ra[33], rc[33];
} *fpc;
#define FL (fpc->fl)
#define RA (fpc->ra)
#define RC (fpc->rc)
#define T C
#define T2 R

static void set_field(const uint8_t *p, uint8_t n)
{
    memset(&FL, 0, sizeof FL);
    FL.name = "test";
    FL.bits = (uint16_t)(8u * n);
    FL.nw = n;
    memcpy(FL.p, p, n);
}

/* a random element below p: random bytes, the top one below p's top byte */
static void rnd_elem(uint8_t *x, uint8_t n)
{
    uint8_t i;
    for (i = 0; i < n; i++)
        x[i] = rnd8();
    x[n - 1] = (uint8_t)(x[n - 1] % FL.p[n - 1]);
}

/* T (2n bytes) through the asm reducer and the C chunk reducer (bits 257:
 * secp256k1) */
static int red_one(uint16_t bits)
{
    uint8_t n = (uint8_t)(bits / 8);
    memcpy(T2, T, 2u * n);
    memset(RA, 0xA5, sizeof RA);
    RA[n] = 0x5C;
    if (bits == 160) {
        sc_fp_reduce_secp160r1_chunks(RC, T, &FL);
        sc_avr_red160(RA, T2); /* clobbers T2 */
    } else if (bits == 192) {
        sc_fp_reduce_p192_chunks(RC, T, &FL);
        sc_avr_red192(RA, T2);
    } else if (bits == 224) {
        sc_fp_reduce_p224_chunks(RC, T, &FL);
        sc_avr_red224(RA, T2);
    } else if (bits == 257) {
        sc_fp_reduce_secp256k1_chunks(RC, T, &FL);
        sc_avr_red256k1(RA, T2);
    } else {
        sc_fp_reduce_p256_chunks(RC, T, &FL);
        sc_avr_red256(RA, T2);
    }
    return memcmp(RA, RC, n) == 0 && RA[n] == 0x5C;
}

static void run_red(void)
{
    static const uint16_t bitss[5] = {160, 192, 224, 256, 257};
    static const uint8_t *const ps[5] = {P160, P192, P224, P256, P256K1};
    uint8_t k;
    for (k = 0; k < 5; k++) {
        uint8_t n = (uint8_t)(bitss[k] / 8), i;
        uint16_t r;
        if (n > SC_FP_MAXW)
            continue; /* the C fallback's buffers hold SC_FP_MAXW bytes (largest curve built) */
        set_field(ps[k], n);
        memset(T, 0, 2u * n);
        check(red_one(bitss[k]), 3000 + n);               /* 0 */
        memcpy(T, FL.p, n);
        check(red_one(bitss[k]), 3001 + n);               /* p */
        memset(T, 0, n);
        memcpy(T + n, FL.p, n);
        check(red_one(bitss[k]), 3002 + n);               /* p 2^(8n) */
        memcpy(A, FL.p, n);
        A[0]--;                                           /* p - 1 (p is odd) */
        sc_mp_mul_comba(T, A, A, n);
        check(red_one(bitss[k]), 3003 + n);               /* (p-1)^2 */
        sc_mp_add_word(T + n, T + n, sc_mp_add(T, T, A, n), n); /* < p^2: no carry out */
        check(red_one(bitss[k]), 3004 + n);               /* (p-1)^2 + p - 1 */
        memset(T, 0xFF, 2u * n);
        check(red_one(bitss[k]), 3005 + n);               /* all-0xFF */
        for (i = 0; i < 2 * n; i++) {                     /* one byte set, in every place */
            memset(T, 0, 2u * n);
            T[i] = (uint8_t)(rnd8() | 1u);
            check(red_one(bitss[k]), 3006 + n);
        }
        for (r = 0; r < SC_KAT_ASM_ROUNDS; r++) {
            if (r & 1) {                                  /* product of two elements */
                rnd_elem(A, n);
                rnd_elem(B, n);
                sc_mp_mul_comba(T, A, B, n);
            } else {
                for (i = 0; i < 2 * n; i++)
                    T[i] = rnd8();
                if (r & 2)
                    memset(T + n, 0xFF, (uint8_t)(n / 2)); /* high half near the top */
            }
            check(red_one(bitss[k]), 3007 + n);
        }
        sc_mote_print("asm red");
        if (bitss[k] == 257)
            sc_mote_print("256k1");
        else
            sc_mote_putu32(bitss[k]);
        sc_mote_putc(' ');
        sc_mote_putu32(grp_pass);
        sc_mote_putc('/');
        sc_mote_putu32(grp_total);
        sc_mote_putc('\n');
        grp_pass = grp_total = 0;
    }
}

/* r = a op b mod p by the C formula of src/fp/fp.c (op 0 add, 1 sub, 2 neg) */
static void addsub_ref(uint8_t *r, const uint8_t *a, const uint8_t *b, uint8_t op, uint8_t n)
{
    uint8_t s[32], t[32], c, bw;
    if (op == 0) {
        c = sc_mp_add(s, a, b, n);
        bw = sc_mp_sub(t, s, FL.p, n);
        sc_mp_cmov(s, t, (uint8_t)(0u - (uint8_t)(c | (bw ^ 1u))), n);
    } else if (op == 1) {
        bw = sc_mp_sub(s, a, b, n);
        memset(t, 0, n);
        sc_mp_cmov(t, FL.p, (uint8_t)(0u - bw), n);
        sc_mp_add(s, s, t, n);
    } else {
        sc_mp_sub(s, FL.p, a, n);
        memset(t, 0, n);
        sc_mp_cmov(s, t, sc_mp_is_zero(a, n), n);
    }
    memcpy(r, s, n);
}

static void addsub_asm(uint8_t *r, const uint8_t *a, const uint8_t *b, uint8_t op, uint8_t n)
{
    const uint8_t *p = FL.p;
    if (op == 0) {
        switch (n) {
        case 20: sc_avr_fp_add20(r, a, b, p); break;
        case 24: sc_avr_fp_add24(r, a, b, p); break;
        case 28: sc_avr_fp_add28(r, a, b, p); break;
        default: sc_avr_fp_add32(r, a, b, p); break;
        }
    } else if (op == 1) {
        switch (n) {
        case 20: sc_avr_fp_sub20(r, a, b, p); break;
        case 24: sc_avr_fp_sub24(r, a, b, p); break;
        case 28: sc_avr_fp_sub28(r, a, b, p); break;
        default: sc_avr_fp_sub32(r, a, b, p); break;
        }
    } else {
        switch (n) {
        case 20: sc_avr_fp_neg20(r, a, p); break;
        case 24: sc_avr_fp_neg24(r, a, p); break;
        case 28: sc_avr_fp_neg28(r, a, p); break;
        default: sc_avr_fp_neg32(r, a, p); break;
        }
    }
}

static int addsub_one(uint8_t op, uint8_t n)
{
    int ok;
    memcpy(A0, A, n);
    memcpy(B0, B, n);
    addsub_ref(RC, A, B, op, n);
    memset(RA, 0xA5, sizeof RA);
    RA[n] = 0x5C;
    addsub_asm(RA, A, B, op, n);
    ok = memcmp(RA, RC, n) == 0 && RA[n] == 0x5C && memcmp(A, A0, n) == 0 && memcmp(B, B0, n) == 0;
    /* r aliasing a (and b for add / sub) */
    memcpy(RA, A, n);
    addsub_asm(RA, RA, B, op, n);
    ok = ok && memcmp(RA, RC, n) == 0 && RA[n] == 0x5C;
    if (op != 2) {
        memcpy(RA, B, n);
        addsub_asm(RA, A, RA, op, n);
        ok = ok && memcmp(RA, RC, n) == 0;
    }
    /* secp160r1's own routines (sc_fp_add / sub / neg take them for its
     * reducer: neg as 0 - a) */
    if (n == 20 && memcmp(FL.p, P160, 20) == 0) {
        FL.reduce = sc_fp_reduce_secp160r1;
    }
    if (n == 20 && op != 2 && FL.reduce == sc_fp_reduce_secp160r1) {
        memset(RA, 0xA5, sizeof RA);
        RA[n] = 0x5C;
        if (op == 0)
            sc_avr_fp_add160(RA, A, B);
        else
            sc_avr_fp_sub160(RA, A, B);
        ok = ok && memcmp(RA, RC, n) == 0 && RA[n] == 0x5C;
        memcpy(RA, A, n);
        if (op == 0)
            sc_avr_fp_add160(RA, RA, B);
        else
            sc_avr_fp_sub160(RA, RA, B);
        ok = ok && memcmp(RA, RC, n) == 0;
        memcpy(RA, B, n);
        if (op == 0)
            sc_avr_fp_add160(RA, A, RA);
        else
            sc_avr_fp_sub160(RA, A, RA);
        ok = ok && memcmp(RA, RC, n) == 0 && RA[n] == 0x5C;
    }
    /* the library's entry points */
    if (op == 0)
        sc_fp_add(RA, A, B, &FL);
    else if (op == 1)
        sc_fp_sub(RA, A, B, &FL);
    else
        sc_fp_neg(RA, A, &FL);
    FL.reduce = NULL;
    return ok && memcmp(RA, RC, n) == 0 && RA[n] == 0x5C;
}

static void edge_val(uint8_t *x, uint8_t which, uint8_t n)
{
    uint8_t d[32];
    memset(x, 0, n);
    if (which == 1)
        x[0] = 1;
    else if (which >= 2) {                                /* p - 1, p - 2 */
        memset(d, 0, n);
        d[0] = (uint8_t)(which - 1u);
        sc_mp_sub(x, FL.p, d, n);
    }
}

static void run_addsub(void)
{
    static const uint8_t *const ps[5] = {P160, P192, P224, P256, P256K1};
    static const uint8_t ns[5] = {20, 24, 28, 32, 32};
    uint8_t k, op;
    for (k = 0; k < 5; k++) {
        uint8_t n = ns[k];
        if (n > SC_FP_MAXW)
            continue;
        set_field(ps[k], n);
        for (op = 0; op < 3; op++) {
            uint8_t i, j;
            uint16_t r;
            for (i = 0; i < 5; i++)
                for (j = 0; j < 5; j++) {
                    if (i < 4)
                        edge_val(A, i, n);
                    else
                        rnd_elem(A, n);
                    if (j < 4)
                        edge_val(B, j, n);
                    else
                        rnd_elem(B, n);
                    check(addsub_one(op, n), 3100 + 10 * op + k);
                }
            for (r = 0; r < SC_KAT_ASM_ROUNDS; r++) {
                rnd_elem(A, n);
                rnd_elem(B, n);
                if (r % 3 == 0)
                    memcpy(B, A, n);
                check(addsub_one(op, n), 3100 + 10 * op + k);
            }
            sc_mote_print("asm fp_");
            sc_mote_puts(op == 0 ? "add" : op == 1 ? "sub" : "neg");
            sc_mote_putu32(n);
            sc_mote_putc(k == 4 ? 'k' : ' ');
            sc_mote_putc(' ');
            sc_mote_putu32(grp_pass);
            sc_mote_putc('/');
            sc_mote_putu32(grp_total);
            sc_mote_putc('\n');
            grp_pass = grp_total = 0;
        }
    }
}

/* T (2n bytes, < p 2^(8n)) through the asm REDC, the C REDC and sc_fp_reduce_mont */
static int redc_one(uint8_t n)
{
    int ok;
    memcpy(T2, T, 2u * n);
    memset(RA, 0xA5, sizeof RA);
    RA[n] = 0x5C;
    switch (n) {
#if SC_CURVE_OPF160
    case 20: sc_avr_redc20(RA, T2, FL.p, FL.pinv); break;
#endif
    case 21: /* sc_avr_redc21s for p = 2^160 + c, c < 2^88, else sc_avr_redc21 */
        if (FL.p[20] == 1 && sc_mp_is_zero(FL.p + 11, 9))
            sc_avr_redc21s(RA, T2, FL.p, FL.pinv);
        else
            sc_avr_redc21(RA, T2, FL.p, FL.pinv);
        break;
    case 24: sc_avr_redc24(RA, T2, FL.p, FL.pinv); break;
    case 28: sc_avr_redc28(RA, T2, FL.p, FL.pinv); break;
    default: sc_avr_redc32(RA, T2, FL.p, FL.pinv); break;
    }
    memcpy(T2, T, 2u * n);
    sc_fp_reduce_mont_c(RC, T2, &FL);
    ok = memcmp(RA, RC, n) == 0 && RA[n] == 0x5C;
    memcpy(T2, T, 2u * n);
    sc_fp_reduce_mont(RA, T2, &FL);
    return ok && memcmp(RA, RC, n) == 0 && RA[n] == 0x5C;
}

static void redc_modulus(const uint8_t *p, uint8_t n)
{
    uint8_t i, x;
    uint16_t r;
    set_field(p, n);
    FL.mont = 1;
    x = p[0];                              /* p^-1 mod 2^8 by Newton: 3 -> 6 -> 12 bits */
    x = (uint8_t)(x * (2u - p[0] * x));
    x = (uint8_t)(x * (2u - p[0] * x));
    FL.pinv = (uint8_t)(0u - x);
    memset(T, 0, 2u * n);
    check(redc_one(n), 3200 + n);         /* 0 */
    T[0] = 1;
    check(redc_one(n), 3201 + n);         /* 1 */
    memcpy(T, p, n);
    check(redc_one(n), 3202 + n);         /* p */
    memcpy(A, p, n);
    A[0]--;
    sc_mp_mul_comba(T, A, A, n);
    check(redc_one(n), 3203 + n);         /* (p-1)^2 */
    memset(T, 0xFF, n);
    memcpy(T + n, A, n);
    check(redc_one(n), 3204 + n);         /* p 2^(8n) - 1 */
    for (r = 0; r < SC_KAT_ASM_ROUNDS / 2; r++) {
        rnd_elem(A, n);
        if (r & 1) {
            rnd_elem(B, n);
            sc_mp_mul_comba(T, A, B, n);  /* a product */
        } else {
            for (i = 0; i < n; i++)
                T[i] = rnd8();
            memcpy(T + n, A, n);          /* any t < p 2^(8n) */
        }
        check(redc_one(n), 3205 + n);
    }
}

static void run_redc(void)
{
    static const uint8_t ns[5] = {20, 21, 24, 28, 32};
    uint8_t p[32], k, i;
    size_t ci;
    for (k = 0; k < 5; k++) {
        uint8_t n = ns[k];
        if (n > SC_FP_MAXW || (n == 20 && !SC_CURVE_OPF160)) /* redc20 is linked for opf160's n only */
            continue;
        for (i = 0; i < 3; i++) {          /* random odd moduli, top bit set / clear */
            uint8_t j;
            for (j = 0; j < n; j++)
                p[j] = rnd8();
            p[0] |= 1;
            p[n - 1] = (uint8_t)(i == 1 ? (p[n - 1] >> 1) | 1u : p[n - 1] | 0x80u);
            if (n == 21 && i < 2) {        /* sc_avr_redc21s: p = 2^160 + c, c < 2^88 */
                memset(p + 11, 0, 9);
                p[20] = 1;
                if (i == 1)
                    p[10] = 0xFF;
            }
            redc_modulus(p, n);
        }
        for (ci = 0; ci < sc_curve_count(); ci++) {
            const sc_fp_field *fn = sc_curve_at(ci)->fn; /* both families */
            if (fn->nw == n && fn->mont) {
                memcpy(p, fn->p, n);
                redc_modulus(p, n);
            }
        }
        sc_mote_print("asm redc");
        sc_mote_putu32(n);
        sc_mote_putc(' ');
        sc_mote_putu32(grp_pass);
        sc_mote_putc('/');
        sc_mote_putu32(grp_total);
        sc_mote_putc('\n');
        grp_pass = grp_total = 0;
    }
}

static void run_fp(void)
{
    struct fp_ctx ctx;
    fpc = &ctx;
    run_red();
    run_addsub();
    run_redc();
    fpc = NULL;
}
#endif

/* ---- 5. SHA-1 and SHA-256 compression in assembly against the C ---- */

#if defined(SC_AVR_ASM) && SC_KAT_SHA
/* FIPS 180-2 appendix A.1 / B.1 ("abc"), A.2 / B.2 (the 448-bit two-block
 * message) and 64 x 'a' (the bench image's block); [alg][vector], SHA-1 in
 * the first 20 bytes. */
static const char sha_m2[] PROGMEM = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const uint8_t sha_d[2][3][32] PROGMEM = {
    {{0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
      0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad},
     {0x24, 0x8d, 0x6a, 0x61, 0xd2, 0x06, 0x38, 0xb8, 0xe5, 0xc0, 0x26, 0x93, 0x0c, 0x3e, 0x60, 0x39,
      0xa3, 0x3c, 0xe4, 0x59, 0x64, 0xff, 0x21, 0x67, 0xf6, 0xec, 0xed, 0xd4, 0x19, 0xdb, 0x06, 0xc1},
     {0xff, 0xe0, 0x54, 0xfe, 0x7a, 0xe0, 0xcb, 0x6d, 0xc6, 0x5c, 0x3a, 0xf9, 0xb6, 0x1d, 0x52, 0x09,
      0xf4, 0x39, 0x85, 0x1d, 0xb4, 0x3d, 0x0b, 0xa5, 0x99, 0x73, 0x37, 0xdf, 0x15, 0x46, 0x68, 0xeb}},
    {{0xa9, 0x99, 0x3e, 0x36, 0x47, 0x06, 0x81, 0x6a, 0xba, 0x3e, 0x25, 0x71, 0x78, 0x50, 0xc2, 0x6c,
      0x9c, 0xd0, 0xd8, 0x9d},
     {0x84, 0x98, 0x3e, 0x44, 0x1c, 0x3b, 0xd2, 0x6e, 0xba, 0xae, 0x4a, 0xa1, 0xf9, 0x51, 0x29, 0xe5,
      0xe5, 0x46, 0x70, 0xf1},
     {0x00, 0x98, 0xba, 0x82, 0x4b, 0x5c, 0x16, 0x42, 0x7b, 0xd7, 0xa1, 0x12, 0x2a, 0x5a, 0x44, 0x2a,
      0x25, 0xec, 0x64, 0x4d}}};

/* on run_sha's stack, not in .bss: kat_160_asm's RAM is nearly full */
struct sha_bufs {
    uint8_t msg[201], tail[129], out[33], ref[32];
};
static struct sha_bufs *shb;
#define sha_msg (shb->msg)
#define sha_tail (shb->tail)
#define sha_out (shb->out)
#define sha_ref (shb->ref)

/* the C block functions (the fallbacks), s1: SHA-1, else SHA-256 */
static void sha_blocks_c(uint8_t s1, uint32_t *h, const uint8_t *p, size_t n)
{
    if (s1)
        sc_hash_sha1_blocks_c(h, p, n);
    else
        sc_hash_sha256_blocks_c(h, p, n);
}

/* The hash of sha_msg[0..len) by the C block function called directly (own
 * padding, FIPS 180-4 5.1.1) into sha_ref. */
static void sha_ref_c(uint8_t s1, uint8_t len)
{
    uint32_t h[8];
    uint8_t full = len & 0xC0, rest = len & 63, i, tl;
    if (s1)
        sc_hash_sha1_iv(h);
    else
        sc_hash_sha256_iv(h, 0);
    sha_blocks_c(s1, h, sha_msg, full >> 6);
    memset(sha_tail, 0, sizeof sha_tail);
    memcpy(sha_tail, sha_msg + full, rest);
    sha_tail[rest] = 0x80;
    tl = rest < 56 ? 64 : 128;
    sha_tail[tl - 2] = (uint8_t)(len >> 5);
    sha_tail[tl - 1] = (uint8_t)(len << 3);
    sha_blocks_c(s1, h, sha_tail, tl >> 6);
    for (i = 0; i < (s1 ? 20 : 32); i++)
        sha_ref[i] = (uint8_t)(h[i >> 2] >> (24 - 8 * (i & 3)));
}

/* sc_hash (the library, through the asm block function) against sha_ref_c,
 * with a guard byte after the digest. */
static int sha_one(uint8_t s1, uint8_t len)
{
    uint8_t dl = s1 ? 20 : 32;
    sha_ref_c(s1, len);
    sha_out[dl] = 0x5C;
    return sc_hash(s1 ? SC_HASH_SHA1 : SC_HASH_SHA256, sha_out, sha_msg, len) == SC_OK &&
           memcmp(sha_out, sha_ref, dl) == 0 && sha_out[dl] == 0x5C;
}

static void run_sha(void)
{
    struct sha_bufs bufs;
    uint16_t r;
    uint8_t i, len, s1;
    shb = &bufs;
    for (s1 = 0; s1 < 2; s1++) {
        uint8_t dl = s1 ? 20 : 32, nw = s1 ? 5 : 8;
        /* known answers through sc_hash and through the C reference */
        memcpy(sha_msg, "abc", 3);
        check(sha_one(s1, 3) && memcmp_P(sha_out, sha_d[s1][0], dl) == 0, 5000);
        memcpy_P(sha_msg, sha_m2, 56);
        check(sha_one(s1, 56) && memcmp_P(sha_out, sha_d[s1][1], dl) == 0, 5001);
        memset(sha_msg, 'a', 64);
        check(sha_one(s1, 64) && memcmp_P(sha_out, sha_d[s1][2], dl) == 0, 5002);
        /* random messages of every length 0..200 */
        for (len = 0; len <= 200; len++) {
            for (i = 0; i < len; i++)
                sha_msg[i] = rnd8();
            check(sha_one(s1, len), 5100);
        }
        /* the block functions alone on random chaining values and blocks, the
         * block (input) checked unchanged and a guard word after h */
        for (r = 0; r < 20; r++) {
            uint32_t h1[9], h2[8];
            for (i = 0; i < 64; i++)
                sha_tail[i] = sha_msg[i] = rnd8();
            for (i = 0; i < 8; i++)
                h1[i] = h2[i] =
                    (uint32_t)rnd8() << 24 | (uint32_t)rnd8() << 16 | (uint16_t)rnd8() << 8 | rnd8();
            h1[nw] = 0x5C5C5C5Cu;
            if (s1)
                sc_avr_sha1_block(h1, sha_msg);
            else
                sc_avr_sha256_block(h1, sha_msg);
            sha_blocks_c(s1, h2, sha_tail, 1);
            check(memcmp(h1, h2, 4u * nw) == 0 && h1[nw] == 0x5C5C5C5Cu &&
                      memcmp(sha_msg, sha_tail, 64) == 0, 5200);
        }
        group_end(s1 ? "sha1" : "sha256", "asm");
    }
    shb = NULL;
}
#endif

#if defined(SC_CM_ASM) && defined(__ARM_ARCH_6M__)
/* ---- Cortex-M0+: the constant-time __aeabi_lmul (port/cortexm/lmul_v6m.S), which every
 * (uint64_t) product of the library calls, against 16-bit schoolbook in 32-bit arithmetic ---- */

static uint32_t cm0_rng = 0x9e3779b9u;
static uint32_t cm0_rnd(void)
{
    cm0_rng ^= cm0_rng << 13;
    cm0_rng ^= cm0_rng >> 17;
    cm0_rng ^= cm0_rng << 5;
    return cm0_rng;
}

/* low 64 bits of x * y from 16-bit digits, each partial product and column sum below 2^32 */
static uint64_t lmul_ref(uint64_t x, uint64_t y)
{
    uint32_t xd[4], yd[4], r[4] = {0, 0, 0, 0}, c = 0;
    uint8_t i, j;
    for (i = 0; i < 4; i++) {
        xd[i] = (uint32_t)(x >> (16 * i)) & 0xFFFFu;
        yd[i] = (uint32_t)(y >> (16 * i)) & 0xFFFFu;
    }
    for (i = 0; i < 4; i++) {
        c = 0;
        for (j = 0; i + j < 4; j++) {
            uint32_t t = xd[i] * yd[j] + r[i + j] + c; /* < 2^32: (2^16-1)^2 + 2 (2^16-1) */
            r[i + j] = t & 0xFFFFu;
            c = t >> 16;
        }
    }
    return (uint64_t)r[0] | (uint64_t)r[1] << 16 | (uint64_t)r[2] << 32 | (uint64_t)r[3] << 48;
}

static void run_cm0_lmul(void)
{
    static const uint64_t edge[6] = {0, 1, 0xFFFFFFFFu, 0x100000000u, 0xFFFFFFFFFFFFFFFFu, 0x8000000080000000u};
    volatile uint64_t x, y; /* volatile: the products below are the library's call, not folded */
    uint16_t r;
    uint8_t i, j;
    for (i = 0; i < 6; i++)
        for (j = 0; j < 6; j++) {
            x = edge[i];
            y = edge[j];
            check(x * y == lmul_ref(x, y), 3100);
        }
    for (r = 0; r < 2000; r++) {
        uint32_t a = cm0_rnd(), b = cm0_rnd();
        x = a;
        y = b;
        check(x * y == lmul_ref(x, y), 3101); /* the word products: 32 x 32 -> 64 */
        x = (uint64_t)cm0_rnd() << 32 | a;
        y = (uint64_t)cm0_rnd() << 32 | b;
        check(x * y == lmul_ref(x, y), 3102);
    }
    group_end("cm0", "lmul");
}
#endif

#if defined(SC_CM_ASM) && defined(__ARM_FEATURE_DSP)
/* ---- Cortex-M4: the UMAAL product (port/cortexm) against the C product scanning ---- */

static uint32_t cm_rng = 0x2545f491u;
static sc_word cm_rnd(void)
{
    cm_rng ^= cm_rng << 13;
    cm_rng ^= cm_rng >> 17;
    cm_rng ^= cm_rng << 5;
    return (sc_word)cm_rng;
}

/* sc_mp_mul / sc_mp_sqr (the kernel) against sc_mp_mul_comba / sc_mp_sqr_comba on n words,
 * a guard word after the product, the inputs unchanged */
static int cm_cmp(const sc_word *a, const sc_word *b, size_t n)
{
    sc_word a0[9], b0[9], r[19], c[18];
    int ok;
    memcpy(a0, a, n * sizeof *a);
    memcpy(b0, b, n * sizeof *b);
    r[2 * n] = 0x5C5C5C5Cu;
    sc_mp_mul(r, a, b, n);
    sc_mp_mul_comba(c, a, b, n);
    ok = memcmp(r, c, 2 * n * sizeof *r) == 0 && r[2 * n] == 0x5C5C5C5Cu;
    sc_mp_sqr(r, a, n);
    sc_mp_sqr_comba(c, a, n);
    ok = ok && memcmp(r, c, 2 * n * sizeof *r) == 0 && r[2 * n] == 0x5C5C5C5Cu;
    return ok && memcmp(a, a0, n * sizeof *a) == 0 && memcmp(b, b0, n * sizeof *b) == 0;
}

#endif

#if defined(SC_CM_ASM) && (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)) && SC_CURVE_SECP160R1
/* ---- Cortex-M3 / M4: the secp160r1 reduction (port/cortexm/fp_red160.S, through
 * sc_fp_reduce_secp160r1) against the C chunk reduction ---- */

static uint32_t r160_rng = 0xbb67ae85u;
static sc_word r160_rnd(void)
{
    r160_rng ^= r160_rng << 13;
    r160_rng ^= r160_rng >> 17;
    r160_rng ^= r160_rng << 5;
    return (sc_word)r160_rng;
}

static int red160_one(const sc_word *t, const sc_fp_field *f)
{
    sc_word t1[10], t2[10], r[6], c[5];
    memcpy(t1, t, sizeof t1);
    memcpy(t2, t, sizeof t2);
    r[5] = 0x5C5C5C5Cu;
    sc_fp_reduce_secp160r1(r, t1, f);
    sc_fp_reduce_secp160r1_chunks(c, t, f);
    sc_fp_reduce_secp160r1(t2, t2, f);
    return memcmp(r, c, sizeof c) == 0 && r[5] == 0x5C5C5C5Cu && memcmp(t2, c, sizeof c) == 0;
}

static void run_cm_red160(void)
{
    const sc_fp_field *f = sc_curve_find("secp160r1")->ep->fp;
    sc_word t[10], a[5];
    uint16_t i, k;
    memset(t, 0, sizeof t);
    check(red160_one(t, f), 3400); /* 0 */
    memcpy(t, f->p, 5 * sizeof(sc_word));
    check(red160_one(t, f), 3401); /* p */
    memset(t, 0, sizeof t);
    memcpy(t + 5, f->p, 5 * sizeof(sc_word));
    check(red160_one(t, f), 3402); /* p 2^160 */
    memcpy(a, f->p, sizeof a);
    a[0] -= 1;
    sc_mp_mul_comba(t, a, a, 5);
    check(red160_one(t, f), 3403); /* (p - 1)^2 */
    memset(t, 0xFF, sizeof t);
    check(red160_one(t, f), 3404); /* 2^320 - 1 */
    for (k = 0; k < 320; k++) { /* single bits, and each with every other word all ones */
        memset(t, 0, sizeof t);
        t[k / 32] = (sc_word)1u << (k % 32);
        check(red160_one(t, f), 3405);
        for (i = 0; i < 10; i++)
            t[i] = (i & 1) ? 0xFFFFFFFFu : t[i];
        check(red160_one(t, f), 3406);
    }
    for (k = 0; k < 300; k++) {
        sc_word b[5];
        for (i = 0; i < 10; i++)
            t[i] = r160_rnd();
        check(red160_one(t, f), 3407); /* random 320-bit */
        for (i = 0; i < 5; i++) {
            a[i] = r160_rnd();
            b[i] = r160_rnd();
        }
        a[4] &= 0x7FFFFFFFu; /* below p */
        b[4] &= 0x7FFFFFFFu;
        sc_mp_mul_comba(t, a, b, 5);
        check(red160_one(t, f), 3408); /* random products */
    }
    group_end("cm", "red160");
}
#endif

#if defined(SC_CM_ASM) && (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)) && SC_CURVE_SECP256R1
/* ---- Cortex-M3 / M4: the P-256 reduction (port/cortexm/fp_red256.S, through
 * sc_fp_reduce_p256) against the C chunk reduction ---- */

static uint32_t red_rng = 0x6a09e667u;
static sc_word red_rnd(void)
{
    red_rng ^= red_rng << 13;
    red_rng ^= red_rng >> 17;
    red_rng ^= red_rng << 5;
    return (sc_word)red_rng;
}

/* t (16 words) through both, and in place (r = t) through the kernel; a guard word after r */
static int red256_one(const sc_word *t, const sc_fp_field *f)
{
    sc_word t1[16], t2[16], r[9], c[8];
    memcpy(t1, t, sizeof t1);
    memcpy(t2, t, sizeof t2);
    r[8] = 0x5C5C5C5Cu;
    sc_fp_reduce_p256(r, t1, f);
    sc_fp_reduce_p256_chunks(c, t, f);
    sc_fp_reduce_p256(t2, t2, f);
    return memcmp(r, c, sizeof c) == 0 && r[8] == 0x5C5C5C5Cu && memcmp(t2, c, sizeof c) == 0;
}

static void run_cm_red256(void)
{
    const sc_curve *cv = sc_curve_find("secp256r1");
    const sc_fp_field *f = cv->ep->fp;
    sc_word t[16], a[8], b[8];
    uint16_t i, k;
    memset(t, 0, sizeof t);
    check(red256_one(t, f), 3200); /* 0 */
    memcpy(t, f->p, 8 * sizeof(sc_word));
    check(red256_one(t, f), 3201); /* p */
    memset(t, 0, sizeof t);
    memcpy(t + 8, f->p, 8 * sizeof(sc_word));
    check(red256_one(t, f), 3202); /* p 2^256 */
    memcpy(a, f->p, sizeof a);
    a[0] -= 1;
    sc_mp_mul_comba(t, a, a, 8);
    check(red256_one(t, f), 3203); /* (p - 1)^2 */
    memset(t, 0xFF, sizeof t);
    check(red256_one(t, f), 3204); /* 2^512 - 1 */
    for (k = 0; k < 512; k++) { /* single bits, and each with every other word all ones */
        memset(t, 0, sizeof t);
        t[k / 32] = (sc_word)1u << (k % 32);
        check(red256_one(t, f), 3205);
        for (i = 0; i < 16; i++)
            t[i] = (i & 1) ? 0xFFFFFFFFu : t[i];
        check(red256_one(t, f), 3206);
    }
    for (k = 0; k < 300; k++) {
        for (i = 0; i < 16; i++)
            t[i] = red_rnd();
        check(red256_one(t, f), 3207); /* random 512-bit */
        for (i = 0; i < 8; i++) {
            a[i] = red_rnd();
            b[i] = red_rnd();
        }
        a[7] &= 0x7FFFFFFFu; /* below p */
        b[7] &= 0x7FFFFFFFu;
        sc_mp_mul_comba(t, a, b, 8);
        check(red256_one(t, f), 3208); /* random products */
    }
    group_end("cm", "red256");
}

/* The formulas of src/fp/fp.c through the mp layer: r = a + b mod p, a - b mod p */
static void addsub_ref(sc_word *r, const sc_word *a, const sc_word *b, const sc_word *p, int sub)
{
    sc_word s[8], t[8], c, bw, i;
    if (sub) {
        bw = sc_mp_sub(s, a, b, 8);
        for (i = 0; i < 8; i++)
            t[i] = p[i] & (sc_word)(0u - bw);
        sc_mp_add(r, s, t, 8);
        return;
    }
    c = sc_mp_add(s, a, b, 8);
    bw = sc_mp_sub(t, s, p, 8);
    sc_mp_cmov(s, t, (sc_word)(0u - (c | (bw ^ 1u))), 8);
    sc_mp_copy(r, s, 8);
}

/* sc_fp_add / sc_fp_sub / sc_fp_dbl (port/cortexm/fp_addsub8.S) against addsub_ref, with a
 * guard word, and with r aliasing a and b */
static int addsub_one(const sc_word *a, const sc_word *b, const sc_fp_field *f)
{
    sc_word r[9], c[8], x[8];
    int ok = 1, sub;
    for (sub = 0; sub < 2; sub++) {
        addsub_ref(c, a, b, f->p, sub);
        r[8] = 0x5C5C5C5Cu;
        if (sub)
            sc_fp_sub(r, a, b, f);
        else
            sc_fp_add(r, a, b, f);
        ok &= memcmp(r, c, sizeof c) == 0 && r[8] == 0x5C5C5C5Cu;
        memcpy(x, a, sizeof x);
        if (sub)
            sc_fp_sub(x, x, b, f);
        else
            sc_fp_add(x, x, b, f);
        ok &= memcmp(x, c, sizeof c) == 0;
        memcpy(x, b, sizeof x);
        if (sub)
            sc_fp_sub(x, a, x, f);
        else
            sc_fp_add(x, a, x, f);
        ok &= memcmp(x, c, sizeof c) == 0;
    }
    addsub_ref(c, a, a, f->p, 0);
    sc_fp_dbl(r, a, f);
    return ok && memcmp(r, c, sizeof c) == 0;
}

static void run_cm_addsub8(void)
{
    const sc_fp_field *f = sc_curve_find("secp256r1")->ep->fp;
    sc_word v[5][8], a[8], b[8];
    uint16_t k, i, j;
    memset(v, 0, sizeof v);
    v[1][0] = 1;                               /* 0, 1, p - 1, p - 2, 2^255 */
    memcpy(v[2], f->p, sizeof v[2]);
    v[2][0] -= 1;
    memcpy(v[3], f->p, sizeof v[3]);
    v[3][0] -= 2;
    v[4][7] = 0x80000000u;
    for (i = 0; i < 5; i++)
        for (j = 0; j < 5; j++)
            check(addsub_one(v[i], v[j], f), 3300);
    for (k = 0; k < 300; k++) {
        for (i = 0; i < 8; i++) {
            a[i] = red_rnd();
            b[i] = red_rnd();
        }
        a[7] &= 0x7FFFFFFFu; /* below p */
        if (k & 1)
            memcpy(b, v[2 + (k & 2) / 2], sizeof b); /* against p - 1 and p - 2 */
        else
            b[7] &= 0x7FFFFFFFu;
        check(addsub_one(a, b, f), 3301);
    }
    group_end("cm", "addsub8");
}
#endif

#ifdef SC_CM_ASM
static void run_cm_asm(void)
{
#if defined(__ARM_ARCH_6M__)
    run_cm0_lmul();
#endif
#if defined(__ARM_FEATURE_DSP)
    sc_word a[9], b[9];
    size_t n, i, r;
    for (n = 1; n <= 9; n++) {
        memset(a, 0, sizeof a);
        memset(b, 0, sizeof b);
        check(cm_cmp(a, b, n), 3000);
        memset(a, 0xFF, sizeof a);
        memset(b, 0xFF, sizeof b);
        check(cm_cmp(a, b, n), 3001); /* every carry chain at its longest */
        for (i = 0; i < 32 * n; i++) { /* single bits */
            memset(a, 0, sizeof a);
            memset(b, 0xFF, sizeof b);
            a[i / 32] = (sc_word)1u << (i % 32);
            check(cm_cmp(a, b, n), 3002);
        }
        for (r = 0; r < 50; r++) {
            for (i = 0; i < n; i++) {
                a[i] = cm_rnd();
                b[i] = cm_rnd();
            }
            check(cm_cmp(a, b, n), 3003);
        }
    }
    group_end("cm4", "umaal");
#endif
#if (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)) && SC_CURVE_SECP160R1
    run_cm_red160();
#endif
#if (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)) && SC_CURVE_SECP256R1
    run_cm_red256();
    run_cm_addsub8();
#endif
}
#endif

/* ---- 3'. MSP430 kernels against the C product scanning ---- */

#ifdef SC_MSP430_ASM
static uint32_t mrng = 0x2545f491u;
static uint16_t rnd16(void)
{
    mrng ^= mrng << 13;
    mrng ^= mrng >> 17;
    mrng ^= mrng << 5;
    return (uint16_t)(mrng >> 7);
}

static sc_word MA[SC_FP_MAXW], MB[SC_FP_MAXW], MA0[SC_FP_MAXW], MB0[SC_FP_MAXW];
static sc_word MR[2 * SC_FP_MAXW + 1], MC[2 * SC_FP_MAXW];

static int mcmp_one(uint8_t n, uint8_t sqr)
{
    int ok;
    memcpy(MA0, MA, n * sizeof(sc_word));
    memcpy(MB0, MB, n * sizeof(sc_word));
    memset(MR, 0xA5, sizeof MR);
    MR[2 * n] = 0x5CC5;
    if (sqr) {
        sc_msp430_sqr(MR, MA, n);
        sc_mp_sqr_comba(MC, MA, n);
    } else {
        sc_msp430_mul(MR, MA, MB, n);
        sc_mp_mul_comba(MC, MA, MB, n);
    }
    ok = memcmp(MR, MC, 2u * n * sizeof(sc_word)) == 0 && MR[2 * n] == 0x5CC5 &&
         memcmp(MA, MA0, n * sizeof(sc_word)) == 0 && memcmp(MB, MB0, n * sizeof(sc_word)) == 0;
    memset(MR, 0, sizeof MR);
    if (sqr)
        sc_mp_sqr(MR, MA, n);
    else
        sc_mp_mul(MR, MA, MB, n);
    return ok && memcmp(MR, MC, 2u * n * sizeof(sc_word)) == 0;
}

static void run_msp430(void)
{
    static const uint8_t sizes[7] = {1, 2, 3, 5, 10, 11, 16};
    uint8_t si, sqr, i;
    for (si = 0; si < 7; si++) {
        uint8_t n = sizes[si];
        if (n > SC_FP_MAXW)
            continue;
        for (sqr = 0; sqr < 2; sqr++) {
            uint16_t r, bit;
            memset(MA, 0, sizeof MA);
            memset(MB, 0, sizeof MB);
            check(mcmp_one(n, sqr), 2000 + n);
            memset(MA, 0xFF, n * sizeof(sc_word));
            memset(MB, 0xFF, n * sizeof(sc_word));
            check(mcmp_one(n, sqr), 2100 + n);
            memset(MA, 0, sizeof MA);
            MA[0] = 1;
            check(mcmp_one(n, sqr), 2200 + n);
            for (bit = 0; bit < 16u * n; bit++) {
                memset(MA, 0, sizeof MA);
                MA[bit >> 4] = (sc_word)(1u << (bit & 15));
                memset(MB, 0, sizeof MB);
                MB[(uint16_t)(bit * 7u % (16u * n)) >> 4] = (sc_word)(1u << (bit * 7u % 16u));
                check(mcmp_one(n, sqr), 2300 + n);
                if ((bit & 15) == 3) {
                    for (i = 0; i < n; i++)
                        MB[i] = rnd16();
                    check(mcmp_one(n, sqr), 2400 + n);
                }
            }
            for (r = 0; r < SC_KAT_ASM_ROUNDS; r++) {
                for (i = 0; i < n; i++) {
                    MA[i] = rnd16();
                    MB[i] = rnd16();
                }
                if (r & 1)
                    memcpy(MB, MA, n * sizeof(sc_word));
                check(mcmp_one(n, sqr), 2500 + n);
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
#if SC_CURVE_SECP160R1
    {
        const sc_fp_field *f = NULL;
        sc_word t[20], t2[20], ra[10], rc[10];
        uint16_t r, k;
        size_t ci;
        for (ci = 0; ci < sc_curve_count(); ci++)
            if (sc_curve_at(ci)->ep && sc_curve_at(ci)->ep->fp->reduce == sc_fp_reduce_secp160r1)
                f = sc_curve_at(ci)->ep->fp;
        for (r = 0; f && r < 330 + SC_KAT_ASM_ROUNDS; r++) {
            memset(t, 0, sizeof t);
            if (r == 1) {
                memcpy(t, f->p, 20);                     /* p */
            } else if (r == 2) {
                memcpy(MA, f->p, 20);
                MA[0]--;
                sc_mp_mul_comba(t, MA, MA, 10);          /* (p-1)^2 */
            } else if (r == 3) {
                memcpy(t + 10, f->p, 20);                /* p 2^160 */
            } else if (r == 4) {
                memset(t, 0xFF, sizeof t);               /* 2^320 - 1 */
            } else if (r >= 10 && r < 330) {
                t[(r - 10) >> 4] = (sc_word)(1u << ((r - 10) & 15)); /* single bits */
            } else if (r >= 330) {
                for (k = 0; k < 20; k++)
                    t[k] = rnd16();
            }
            memcpy(t2, t, sizeof t);
            sc_msp430_red160(ra, t);
            sc_fp_reduce_secp160r1_w16(rc, t2, f);
            check(memcmp(ra, rc, sizeof ra) == 0, 2600);
        }
        sc_mote_print("asm red160 ");
        sc_mote_putu32(grp_pass);
        sc_mote_putc('/');
        sc_mote_putu32(grp_total);
        sc_mote_putc('\n');
        grp_pass = grp_total = 0;
    }
#endif
    {
        static sc_fp_field fl;
        sc_word t[2 * SC_FP_MAXW], t2[2 * SC_FP_MAXW], ra[SC_FP_MAXW], rc[SC_FP_MAXW];
        uint16_t r, k, nc = (uint16_t)sc_curve_prime_count(), m;
        for (m = 0; m < nc + 8; m++) {
            size_t n;
            if (m < nc) {
                fl = *sc_curve_at(m)->ep->fn;            /* the group order n */
            } else {                                   /* random odd moduli, top word nonzero */
                memset(&fl, 0, sizeof fl);
                fl.nw = 1u + (uint16_t)(rnd16() % SC_FP_MAXW);
                for (k = 0; k < fl.nw; k++)
                    fl.p[k] = rnd16();
                fl.p[0] |= 1u;
                fl.p[fl.nw - 1] |= 0x8000u;
                fl.pinv = 1u;                          /* -p^-1 mod 2^16 by Newton */
                for (k = 0; k < 5; k++)
                    fl.pinv = (sc_word)(fl.pinv * (sc_word)(2u - fl.p[0] * fl.pinv));
                fl.pinv = (sc_word)(0u - fl.pinv);
            }
            n = fl.nw;
            for (r = 0; r < 4 + SC_KAT_ASM_ROUNDS; r++) {
                memset(t, 0, sizeof t);
                if (r == 1) {
                    t[0] = 1;
                } else if (r == 2) {
                    memcpy(MA, fl.p, n * sizeof(sc_word));
                    MA[0]--;
                    sc_mp_mul_comba(t, MA, MA, n);     /* (p-1)^2 */
                } else if (r == 3) {
                    memcpy(t + n, fl.p, n * sizeof(sc_word)); /* p R - 1 (p_0 odd: no borrow) */
                    for (k = 0; k < n; k++)
                        t[k] = 0xFFFFu;
                    sc_mp_sub(t + n, t + n, (const sc_word[1]){1}, 1);
                } else if (r >= 4) {
                    for (k = 0; k < 2 * n; k++)
                        t[k] = rnd16();
                    t[2 * n - 1] = (sc_word)(t[2 * n - 1] % fl.p[n - 1]); /* t < p R */
                }
                memcpy(t2, t, sizeof t);
                sc_msp430_redc(ra, t, fl.p, n, fl.pinv);
                sc_fp_reduce_mont_c(rc, t2, &fl);
                check(memcmp(ra, rc, n * sizeof(sc_word)) == 0, 2700);
            }
        }
        sc_mote_print("asm redc ");
        sc_mote_putu32(grp_pass);
        sc_mote_putc('/');
        sc_mote_putu32(grp_total);
        sc_mote_putc('\n');
        grp_pass = grp_total = 0;
        /* modular addition and subtraction */
        for (m = 0; m < 2 * nc; m++) {
            const sc_fp_field *g = m & 1 ? sc_curve_at(m / 2)->ep->fn : sc_curve_at(m / 2)->ep->fp;
            size_t n = g->nw;
            sc_word x[SC_FP_MAXW], y[SC_FP_MAXW], s1[SC_FP_MAXW], s2[SC_FP_MAXW], c, bw;
            for (r = 0; r < 16 + SC_KAT_ASM_ROUNDS; r++) {
                for (k = 0; k < n; k++) {
                    x[k] = rnd16();
                    y[k] = rnd16();
                }
                x[n - 1] = (sc_word)(x[n - 1] % g->p[n - 1]);
                y[n - 1] = (sc_word)(y[n - 1] % g->p[n - 1]);
                if (r < 16) {                          /* 0, 1, p-1, p-2 against each other */
                    const uint16_t e[2] = {(uint16_t)(r & 3), (uint16_t)((r >> 2) & 3)};
                    sc_word *v[2] = {x, y};
                    for (k = 0; k < 2; k++) {
                        memset(v[k], 0, n * sizeof(sc_word));
                        if (e[k] == 1)
                            v[k][0] = 1;
                        else if (e[k] >= 2) {
                            memcpy(v[k], g->p, n * sizeof(sc_word));
                            v[k][0] = (sc_word)(v[k][0] - (e[k] - 1u));
                        }
                    }
                }
                /* add: s = x + y, take s - p when it carried or did not borrow */
                c = sc_mp_add(s1, x, y, n);
                bw = sc_mp_sub(s2, s1, g->p, n);
                sc_mp_cmov(s1, s2, (sc_word)(0u - (c | (bw ^ 1u))), n);
                memcpy(MR, x, n * sizeof(sc_word));
                sc_msp430_fp_add(MR, MR, y, g->p, n);  /* r aliasing a */
                check(memcmp(MR, s1, n * sizeof(sc_word)) == 0, 2800);
                /* sub: d = x - y, plus p when it borrowed */
                bw = sc_mp_sub(s1, x, y, n);
                sc_mp_add(s2, s1, g->p, n);
                sc_mp_cmov(s1, s2, (sc_word)(0u - bw), n);
                sc_msp430_fp_sub(MR, x, y, g->p, n);
                check(memcmp(MR, s1, n * sizeof(sc_word)) == 0, 2801);
            }
        }
        sc_mote_print("asm addsub ");
        sc_mote_putu32(grp_pass);
        sc_mote_putc('/');
        sc_mote_putu32(grp_total);
        sc_mote_putc('\n');
        grp_pass = grp_total = 0;
    }
}
#endif

int main(void)
{
    size_t i;
    sc_mote_print("kat " SC_MOTE_MCU_NAME " " SC_KAT_CONFIG "\n");
#ifdef SC_MSP430_ASM
    run_msp430();
#endif
#ifdef SC_AVR_ASM
    run_asm();
    run_fp();
#if SC_KAT_SHA
    run_sha();
#endif
#endif
#ifdef SC_CM_ASM
    run_cm_asm();
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
