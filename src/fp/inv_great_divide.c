/* Modular division and inversion by the Great Divide (fp_methods.h).
 *
 * [WM-ECC] (Wang, Sheng, Tan, Li), section 3.1.2, after S. Chang
 * Shantz, "From Euclid's GCD to Montgomery multiplication to the Great
 * Divide", Sun Labs TR-2001-95.  To get y / x mod p keep
 *     A y = U x  and  B y = V x   (mod p),   from (A, B, U, V) = (x, p, y, 0):
 *  - A even: A /= 2, U /= 2 (mod p: U + p when U is odd);
 *  - else B even: B /= 2, V /= 2;
 *  - else (both odd) the larger of A, B becomes (A - B) / 2 (or (B - A) / 2),
 *    and U (or V) becomes (U - V) / 2 (or (V - U) / 2) mod p;
 * until A = B, which is then gcd(x, p) = 1, so y = U x.  Every step removes
 * at least one bit from A or B: at most 2 log2 p steps, each a shift and at
 * most one subtraction and one addition of n words.  Variable time (the
 * branches follow the bits of x): public inputs only.
 *
 * Forms: U ends as y_int / x_val where x_val is the integer A started from.
 * Division starts from A = canonical x and U = y's internal value, so U is
 * the internal value of y / x in both forms.  Inversion starts from A = the
 * internal value a_int of a and U = 1 (plain) or R^2 mod p (Montgomery:
 * R^2 / (a R) = a^-1 R), no conversion at all. */
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>
#include <seacurve/opcount.h>
#include "util/flash.h"

#define W SC_WORD_BITS

/* x = x / 2 mod p, x < p (p odd). */
static void half_mod(sc_word *x, const sc_word *p, size_t n)
{
    sc_word c = 0;
    if (x[0] & 1u)
        c = sc_mp_add(x, x, p, n);
    sc_mp_shr1(x, x, n);
    x[n - 1] = (sc_word)(x[n - 1] | (sc_word)(c << (W - 1)));
}

/* x = (x - y) / 2 mod p, x, y < p. */
static void sub_half_mod(sc_word *x, const sc_word *y, const sc_word *p, size_t n)
{
    if (sc_mp_sub(x, x, y, n))
        sc_mp_add(x, x, p, n);
    half_mod(x, p, n);
}

/* The loop on A (value x_val, 0 < x_val < p) and U (u0 < p): r = u0 / x_val mod p. */
static void great_divide(sc_word *r, const sc_word *xv, const sc_word *u0, const sc_fp_field *f)
{
    size_t n = f->nw;
    const sc_word *p = f->p;
    sc_word A[SC_FP_MAXW], B[SC_FP_MAXW], U[SC_FP_MAXW], V[SC_FP_MAXW];
    int c;
    sc_mp_copy(A, xv, n);
    sc_mp_copy(B, p, n);
    sc_mp_copy(U, u0, n);
    sc_mp_zero(V, n);
    while ((c = sc_mp_cmp(A, B, n)) != 0) {
        if ((A[0] & 1u) == 0) {
            sc_mp_shr1(A, A, n);
            half_mod(U, p, n);
        } else if ((B[0] & 1u) == 0) {
            sc_mp_shr1(B, B, n);
            half_mod(V, p, n);
        } else if (c > 0) {
            sc_mp_sub(A, A, B, n);
            sc_mp_shr1(A, A, n);
            sub_half_mod(U, V, p, n);
        } else {
            sc_mp_sub(B, B, A, n);
            sc_mp_shr1(B, B, n);
            sub_half_mod(V, U, p, n);
        }
    }
    sc_mp_copy(r, U, n);
}

void sc_fp_div_great_divide_var(sc_word *r, const sc_word *y, const sc_word *x, const sc_fp_field *f)
{
    sc_word xc[SC_FP_MAXW];
    SC_OPC_ENTER(inv);
    sc_fp_to_canon(xc, x, f);
    if (sc_mp_is_zero(xc, f->nw))
        sc_mp_zero(r, f->nw);
    else
        great_divide(r, xc, y, f);
    SC_OPC_LEAVE();
}

void sc_fp_inv_great_divide_var(sc_word *r, const sc_word *a, const sc_fp_field *f)
{
    sc_word one[SC_FP_MAXW] = { 1 }, r2[SC_FP_MAXW];
    SC_OPC_ENTER(inv);
    if (sc_mp_is_zero(a, f->nw))
        sc_mp_zero(r, f->nw);
    else
        great_divide(r, a, f->mont ? sc_flash_words(r2, f->r2, f->nw) : one, f);
    SC_OPC_LEAVE();
}
