/* firmware/test_opf.c: the AVR kernels for optimal prime fields (port/avr/gen/fp_opf<N>.S,
 * tools/gen_avr_opf.py, docs/mote-asm.md) on the mote, against the C code.
 *
 * For N = 20, 24, 28, 32 bytes (up to SC_FP_MAXW) and fields p = u 2^(8N-16) + 1 built at
 * run time (the primes of `gen_avr_opf.py --primes`, 160 bits also [OPF]'s u = 52542, and
 * one modulus of that shape with an even u, which an OPF with a larger k gives):
 *
 *  - sc_avr_opf_red<N>(r, t, u) against sc_fp_reduce_opf_c (src/fp/reduce_opf.c) and through
 *    sc_fp_reduce_opf, on t = 0, 1, p, (p-1)^2, p (p-1), products of the elements {0, 1, 2,
 *    p-1, p-2, random}, t = (1 + e) p + d 2^(8N) (the sum before the final subtraction is
 *    p + d: just below, at and above p) and random products; a guard byte after r, t unchanged;
 *  - sc_fp_mul / sc_fp_sqr (which call the product kernel and the reduction directly) against
 *    sc_mp_mul_comba / sc_mp_sqr_comba + sc_fp_reduce_opf_c, also with r aliasing a and b;
 *  - cycles: regions 1-4 sc_avr_opf_red20..32, 5-8 sc_avr_mul20..32, 9-12 sc_avr_sqr20..32,
 *    13-16 sc_fp_mul, 17-20 sc_fp_sqr, 21-24 the C reduction sc_fp_reduce_opf_c, 25-28
 *    sc_avr_opf_mul20..32, 29-32 sc_avr_opf_sqr20..32 (direct calls, arguments in globals;
 *    the library figures of docs/mote-asm.md), each on the
 *    operands 0, p-1 and two random ones (tools/avrsim/opf_cycles.cmake checks that the four
 *    counts of every region are equal).
 *
 * Console: one line per group with its passed/total, "opf passed P failed F"; exit code
 * min(F, 119). */
#include <string.h>

#include "mote.h"
#include <seacurve/seacurve.h>
#include <seacurve/fp.h>
#include <seacurve/mp.h>

#include <fp_opf_avr.h>
#include <mp_avr.h>
#include "fp/reduce_mont.h"

SC_MOTE_MMCU(SC_MOTE_MCU_NAME, 7372800);

#ifndef SC_OPF_ROUNDS
#define SC_OPF_ROUNDS 100
#endif

static uint32_t g_pass, g_fail;
static uint16_t grp_pass, grp_total;
static uint32_t rs = 0x2545F491u;

static sc_fp_field FL;
static uint16_t U;
static uint8_t A[SC_FP_MAXW], B[SC_FP_MAXW], T[2 * SC_FP_MAXW], T2[2 * SC_FP_MAXW];
static uint8_t RA[SC_FP_MAXW + 1], RC[SC_FP_MAXW + 1];

static uint8_t rnd8(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 17;
    rs ^= rs << 5;
    return (uint8_t)(rs >> 11);
}

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

static void group(const char *what, uint8_t n)
{
    sc_mote_puts(what);
    sc_mote_putu32(n);
    sc_mote_putc(' ');
    sc_mote_putu32(U);
    sc_mote_putc(' ');
    sc_mote_putu32(grp_pass);
    sc_mote_putc('/');
    sc_mote_putu32(grp_total);
    sc_mote_putc('\n');
    grp_pass = grp_total = 0;
}

static void set_opf(uint8_t n, uint16_t u)
{
    memset(&FL, 0, sizeof FL);
    FL.name = "opf";
    FL.bits = (uint16_t)(8u * n);
    FL.nw = n;
    FL.mont = 1;
    FL.reduce = sc_fp_reduce_opf;
    FL.pinv = 0xFF;
    FL.p[0] = 1;
    FL.p[n - 2] = (uint8_t)u;
    FL.p[n - 1] = (uint8_t)(u >> 8);
    U = u;
}

/* a random element below p */
static void rnd_elem(uint8_t *x, uint8_t n)
{
    uint8_t i;
    for (i = 0; i < n; i++)
        x[i] = rnd8();
    x[n - 1] = (uint8_t)(x[n - 1] % FL.p[n - 1]);
}

/* element number k of {0, 1, 2, p-1, p-2, random} */
static void edge_elem(uint8_t *x, uint8_t n, uint8_t k)
{
    memset(x, 0, n);
    if (k < 3) {
        x[0] = k;
    } else if (k < 5) {
        memcpy(x, FL.p, n);
        x[0] = 0;                         /* p - 1 = u 2^(8n-16) */
        if (k == 4) {                     /* p - 2 = (u - 1) 2^(8n-16) + 2^(8n-16) - 1 */
            uint16_t v = (uint16_t)(U - 1u);
            memset(x, 0xFF, n - 2u);
            x[n - 2] = (uint8_t)v;
            x[n - 1] = (uint8_t)(v >> 8);
        }
    } else {
        rnd_elem(x, n);
    }
}

static void red_asm(uint8_t n, uint8_t *r, const uint8_t *t)
{
    switch (n) {
    case 20: sc_avr_opf_red20(r, t, U); break;
    case 24: sc_avr_opf_red24(r, t, U); break;
    case 28: sc_avr_opf_red28(r, t, U); break;
    default: sc_avr_opf_red32(r, t, U); break;
    }
}

/* T (2n bytes, < p^2) through the kernel, the C and sc_fp_reduce_opf */
static int red_one(uint8_t n)
{
    int ok;
    memcpy(T2, T, 2u * n);
    memset(RA, 0xA5, sizeof RA);
    RA[n] = 0x5C;
    red_asm(n, RA, T2);
    ok = memcmp(T2, T, 2u * n) == 0;
    sc_fp_reduce_opf_c(RC, T2, &FL);
    ok = ok && memcmp(RA, RC, n) == 0 && RA[n] == 0x5C;
    memcpy(T2, T, 2u * n);
    memset(RA, 0xA5, sizeof RA);
    RA[n] = 0x5C;
    sc_fp_reduce_opf(RA, T2, &FL);
    ok = ok && memcmp(RA, RC, n) == 0 && RA[n] == 0x5C;
#ifdef SC_OPF_DEBUG
    if (!ok) {
        sc_mote_puthexbuf(T, 2u * n);
        sc_mote_putc('\n');
        sc_mote_puthexbuf(RC, n + 1);
        sc_mote_putc('\n');
        memcpy(T2, T, 2u * n);
        red_asm(n, RA, T2);
        sc_mote_puthexbuf(RA, n + 1);
        sc_mote_putc('\n');
    }
#endif
    return ok;
}

/* a b (sqr: a^2) through sc_fp_mul / sc_fp_sqr against the C, r apart and aliased */
static int mul_one(uint8_t n, uint8_t sqr)
{
    uint8_t x[SC_FP_MAXW];
    int ok;
    if (sqr)
        sc_mp_sqr_comba(T, A, n);
    else
        sc_mp_mul_comba(T, A, B, n);
    sc_fp_reduce_opf_c(RC, T, &FL);
    memset(RA, 0xA5, sizeof RA);
    RA[n] = 0x5C;
    if (sqr)
        sc_fp_sqr(RA, A, &FL);
    else
        sc_fp_mul(RA, A, B, &FL);
    ok = memcmp(RA, RC, n) == 0 && RA[n] == 0x5C;
    memcpy(x, A, n);
    if (sqr)
        sc_fp_sqr(x, x, &FL);
    else
        sc_fp_mul(x, x, B, &FL);
    ok = ok && memcmp(x, RC, n) == 0;
    if (!sqr) {
        memcpy(x, B, n);
        sc_fp_mul(x, A, x, &FL);
        ok = ok && memcmp(x, RC, n) == 0;
    }
    return ok;
}

static void test_field(uint8_t n, uint16_t u)
{
    uint8_t i, j;
    uint16_t r, idx = (uint16_t)(100u * (n - 20u));
    set_opf(n, u);
    memset(T, 0, 2u * n);
    check(red_one(n), idx + 1);                        /* 0 */
    T[0] = 1;
    check(red_one(n), idx + 2);                        /* 1 */
    memcpy(T, FL.p, n);
    check(red_one(n), idx + 3);                        /* p */
    edge_elem(A, n, 3);
    sc_mp_mul_comba(T, A, FL.p, n);
    check(red_one(n), idx + 4);                        /* p (p-1) */
    for (i = 0; i < 6; i++)                            /* edge products */
        for (j = 0; j < 6; j++) {
            edge_elem(A, n, i);
            edge_elem(B, n, j);
            sc_mp_mul_comba(T, A, B, n);
            check(red_one(n), idx + 10 + i);
        }
    for (i = 0; i < 4; i++)                            /* before the subtraction: p + d, d = -1..2 */
        for (j = 0; j < 3; j++) {
            uint8_t e = (uint8_t)((j == 2 ? 5 : j) + (i == 0 ? 3 : 0));
            uint32_t v = (uint32_t)(1u + e) * U;   /* (1 + e) p = (1 + e) + (1 + e) u 2^(8n-16) */
            memset(T, 0, 2u * n);
            T[0] = (uint8_t)(1u + e);
            T[n - 2] = (uint8_t)v;
            T[n - 1] = (uint8_t)(v >> 8);
            T[n] = (uint8_t)(v >> 16);              /* >= 1 for e >= 3, u >= 2^14 */
            T[n] = (uint8_t)(T[n] + i - 1);         /* + d 2^(8n), d = i - 1 */
            check(red_one(n), idx + 20 + i);
        }
    for (r = 0; r < SC_OPF_ROUNDS; r++) {
        rnd_elem(A, n);
        rnd_elem(B, n);
        sc_mp_mul_comba(T, A, B, n);
        check(red_one(n), idx + 30);
    }
    group("opf red", n);
    for (i = 0; i < 6; i++)
        for (j = 0; j < 6; j++) {
            edge_elem(A, n, i);
            edge_elem(B, n, j);
            check(mul_one(n, 0), idx + 40 + i);
            check(mul_one(n, 1), idx + 50 + i);
        }
    for (r = 0; r < SC_OPF_ROUNDS; r++) {
        rnd_elem(A, n);
        rnd_elem(B, n);
        check(mul_one(n, 0), idx + 60);
        check(mul_one(n, 1), idx + 61);
    }
    group("opf fp_mul/sqr ", n);
}

/* One measured call of each routine for size n (a, b in A, B), region ids as above.
 * Each case names its kernels directly (a table of function pointers once misread under
 * -Os, docs/mote-asm.md). */
static void measure(uint8_t n)
{
    switch (n) {
    case 20:
        memcpy(T2, T, 40);
        sc_mote_start(1); sc_avr_opf_red20(RA, T2, U); sc_mote_stop(1);
        sc_mote_start(5); sc_avr_mul20(T2, A, B); sc_mote_stop(5);
        sc_mote_start(9); sc_avr_sqr20(T2, A); sc_mote_stop(9);
        sc_mote_start(13); sc_fp_mul(RA, A, B, &FL); sc_mote_stop(13);
        sc_mote_start(17); sc_fp_sqr(RA, A, &FL); sc_mote_stop(17);
        memcpy(T2, T, 40);
        sc_mote_start(21); sc_fp_reduce_opf_c(RA, T2, &FL); sc_mote_stop(21);
        sc_mote_start(25); sc_avr_opf_mul20(RA, A, B, U); sc_mote_stop(25);
        sc_mote_start(29); sc_avr_opf_sqr20(RA, A, U); sc_mote_stop(29);
        break;
#if SC_FP_MAXW >= 24
    case 24:
        memcpy(T2, T, 48);
        sc_mote_start(2); sc_avr_opf_red24(RA, T2, U); sc_mote_stop(2);
        sc_mote_start(6); sc_avr_mul24(T2, A, B); sc_mote_stop(6);
        sc_mote_start(10); sc_avr_sqr24(T2, A); sc_mote_stop(10);
        sc_mote_start(14); sc_fp_mul(RA, A, B, &FL); sc_mote_stop(14);
        sc_mote_start(18); sc_fp_sqr(RA, A, &FL); sc_mote_stop(18);
        memcpy(T2, T, 48);
        sc_mote_start(22); sc_fp_reduce_opf_c(RA, T2, &FL); sc_mote_stop(22);
        sc_mote_start(26); sc_avr_opf_mul24(RA, A, B, U); sc_mote_stop(26);
        sc_mote_start(30); sc_avr_opf_sqr24(RA, A, U); sc_mote_stop(30);
        break;
#endif
#if SC_FP_MAXW >= 28
    case 28:
        memcpy(T2, T, 56);
        sc_mote_start(3); sc_avr_opf_red28(RA, T2, U); sc_mote_stop(3);
        sc_mote_start(7); sc_avr_mul28(T2, A, B); sc_mote_stop(7);
        sc_mote_start(11); sc_avr_sqr28(T2, A); sc_mote_stop(11);
        sc_mote_start(15); sc_fp_mul(RA, A, B, &FL); sc_mote_stop(15);
        sc_mote_start(19); sc_fp_sqr(RA, A, &FL); sc_mote_stop(19);
        memcpy(T2, T, 56);
        sc_mote_start(23); sc_fp_reduce_opf_c(RA, T2, &FL); sc_mote_stop(23);
        sc_mote_start(27); sc_avr_opf_mul28(RA, A, B, U); sc_mote_stop(27);
        sc_mote_start(31); sc_avr_opf_sqr28(RA, A, U); sc_mote_stop(31);
        break;
#endif
#if SC_FP_MAXW >= 32
    case 32:
        memcpy(T2, T, 64);
        sc_mote_start(4); sc_avr_opf_red32(RA, T2, U); sc_mote_stop(4);
        sc_mote_start(8); sc_avr_mul32(T2, A, B); sc_mote_stop(8);
        sc_mote_start(12); sc_avr_sqr32(T2, A); sc_mote_stop(12);
        sc_mote_start(16); sc_fp_mul(RA, A, B, &FL); sc_mote_stop(16);
        sc_mote_start(20); sc_fp_sqr(RA, A, &FL); sc_mote_stop(20);
        memcpy(T2, T, 64);
        sc_mote_start(24); sc_fp_reduce_opf_c(RA, T2, &FL); sc_mote_stop(24);
        sc_mote_start(28); sc_avr_opf_mul32(RA, A, B, U); sc_mote_stop(28);
        sc_mote_start(32); sc_avr_opf_sqr32(RA, A, U); sc_mote_stop(32);
        break;
#endif
    default:
        break;
    }
}

static void time_field(uint8_t n)
{
    uint8_t k;
    for (k = 0; k < 4; k++) {
        if (k == 0) {
            memset(A, 0, n);
            memset(B, 0, n);
        } else if (k == 1) {
            edge_elem(A, n, 3);
            edge_elem(B, n, 3);
        } else {
            rnd_elem(A, n);
            rnd_elem(B, n);
        }
        sc_mp_mul_comba(T, A, B, n);
        sc_mote_print("opf time ");
        sc_mote_putu32(n);
        sc_mote_putc(' ');
        sc_mote_putu32(k);
        sc_mote_putc('\n');
        measure(n);
    }
}

int main(void)
{
    /* per size: the primes of `tools/gen_avr_opf.py --primes` (largest and smallest u in
     * [2^15, 2^16 - 2]; 160 bits also [OPF]'s 52542), and 0x7FFE (not prime, even u) */
    static const uint16_t us[4][4] = {{52542u, 65436u, 32830u, 0x7FFEu},
                                      {65428u, 32791u, 0x7FFEu, 0},
                                      {65520u, 32815u, 0x7FFEu, 0},
                                      {65497u, 32776u, 0x7FFEu, 0}};
    static const uint8_t ns[4] = {20, 24, 28, 32};
    uint8_t k, i;
    sc_mote_calibrate();
    for (k = 0; k < 4; k++) {
        uint8_t n = ns[k];
        if (n > SC_FP_MAXW)
            continue;
        for (i = 0; i < 4 && us[k][i]; i++)
            test_field(n, us[k][i]);
        set_opf(n, us[k][0]);
        time_field(n);
    }
    sc_mote_print("opf passed ");
    sc_mote_putu32(g_pass);
    sc_mote_print(" failed ");
    sc_mote_putu32(g_fail);
    sc_mote_putc('\n');
    sc_mote_exit((uint8_t)(g_fail > 119 ? 119 : g_fail));
}
