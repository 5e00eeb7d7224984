/* Jacobian point formulas over inlined field operations: a template,
 * included by ep_p256_mulx.c and ep_p224_mulx.c (Montgomery form, four
 * words, a = -3), ep_k1_mulx.c (secp256k1, four words, a = 0),
 * ep_secp160r1_mulx.c and ep_p192_mulx.c (three words, a = -3) after they
 * define
 *   FE_NW   the number of 64-bit words of a field element,
 *   FE(op)  their inline field operations FE(mul), FE(sqr), FE(add),
 *           FE(sub), FE(dbl), FE(half), FE(is_zero) (FE_NW words, results
 *           fully reduced, outputs may alias inputs),
 *   EPJ(op) the names of the three routines defined here, and
 *   EPJ_A_ZERO (optional) for the doubling of a curve with a = 0, and
 *   FE_LAZY (optional) when the field operations take and return other
 *           representatives (any FE_NW words) than the reduced one, with
 *           conditions: FE(add) wants one term, FE(sub) its subtrahend,
 *           FE(dbl) its operand to be an input coordinate, a product, a
 *           half, or a difference whose minuend is one of these (every
 *           such call below meets them); FE(sub_any) is the subtraction
 *           without the condition, FE(mulc) the product reduced in full
 *           (Z3: one reduction instead of two), FE(canon) the reduction
 *           of one value (each other coordinate once written, and H as
 *           written to h_out), and FE(is_zero) tests the value mod p.
 * The formulas are those of src/ep/ep.c operation for operation (but for
 * S - X3 = 3 S - M^2 in the lazy doubling), and the coordinates written
 * are reduced, so the results are bit-identical to the generic path's
 * (tests/test_ep.c).
 * Only the FE_NW words of each coordinate are read and written, as the
 * generic field layer does.  Constant time: the mode is public, and mode 2
 * returns early on public data only. */

/* a coordinate reduced once its last value is written (FE_LAZY) */
#ifdef FE_LAZY
#define EPJ_OUT(x) FE(canon)(x, x)
#define EPJ_MUL_OUT FE(mulc)
#else
#define EPJ_OUT(x) ((void)0)
#define EPJ_MUL_OUT FE(mul)
#endif

/* q = 2q in place: the formulas of sc_ep_dbl_jac_t (src/ep/ep.c).
 * a = -3: 4M + 4S + 10 additions, M = 3 (X1 - Z1^2)(X1 + Z1^2) (the idea of
 * dbl-2001-b, [Ber01]); a = 0 (EPJ_A_ZERO): 3M + 4S + 8 additions,
 * M = 3 X1^2 (as dbl-2009-l, [EFD]); then Y2 = 2 Y1, Z3 = Y2 Z1,
 * YY = Y2^2, S = X1 YY, X3 = M^2 - 2 S, Y3 = M (S - X3) - YY^2 / 2.  dbl-2001-b itself (3M + 5S,
 * Z3 = (Y1 + Z1)^2 - Y1^2 - Z1^2, 16 additions) measured slower here: an
 * addition costs about a quarter of a multiplication.  Z1 = 0 gives
 * Z3 = 0. */
void EPJ(dbl)(sc_ep_jac *q)
{
    u64 m[FE_NW], t[FE_NW];
#ifdef EPJ_A_ZERO
    FE(sqr)(m, q->x);
    FE(dbl)(t, m);
    FE(add)(m, m, t);                    /* M = 3 X1^2 */
#else
    FE(sqr)(t, q->z);                    /* Z1^2 */
    FE(add)(m, q->x, t);
    FE(sub)(t, q->x, t);
    FE(mul)(m, m, t);
    FE(dbl)(t, m);
    FE(add)(m, m, t);                    /* M */
#endif
    FE(dbl)(q->y, q->y);                 /* Y2 */
    EPJ_MUL_OUT(q->z, q->y, q->z);       /* Z3 */
    FE(sqr)(q->y, q->y);                 /* YY */
    FE(mul)(t, q->x, q->y);              /* S */
    FE(sqr)(q->x, m);                    /* M^2 */
#ifdef FE_LAZY
    {
        u64 s2[FE_NW];
        FE(dbl)(s2, t);                  /* 2 S */
        FE(add)(t, t, s2);               /* 3 S */
        FE(sub)(t, t, q->x);             /* S - X3 = 3 S - M^2, one subtraction after M^2 */
        FE(sub_any)(q->x, q->x, s2);     /* X3 */
        EPJ_OUT(q->x);
    }
#else
    FE(sub)(q->x, q->x, t);
    FE(sub)(q->x, q->x, t);              /* X3 */
    FE(sub)(t, t, q->x);
#endif
    FE(mul)(t, t, m);                    /* M (S - X3) */
    FE(sqr)(q->y, q->y);
    FE(half)(q->y, q->y);                /* 8 Y1^4 */
    FE(sub)(q->y, t, q->y);              /* Y3 */
    EPJ_OUT(q->y);
}

/* o = p + (qx, qy): sc_ep_madd of src/ep/ep.c (madd-2004-hmv, 8M + 3S),
 * operation for operation, with its arguments and modes (0: incomplete,
 * returns 0; 1: returns the all-ones mask when H = R = 0; 2: also returns
 * before writing o then, public data only).  a and b may be qx and qy. */
u64 EPJ(madd)(sc_ep_jac *o, const sc_ep_jac *p, const u64 *qx, const u64 *qy, u64 *a, u64 *b,
                         u64 *h_out, int mode)
{
    u64 t[FE_NW], v[FE_NW], same = 0;
    FE(sqr)(t, p->z);
    FE(mul)(a, qx, t);                   /* U2 */
    FE(mul)(t, t, p->z);
    FE(mul)(b, qy, t);                   /* S2 */
    FE(sub)(a, a, p->x);                 /* H */
    FE(sub)(b, b, p->y);                 /* R */
    if (mode != 0)
        same = FE(is_zero)(a) & FE(is_zero)(b);
    if (mode == 2 && same)
        return same;
    FE(sqr)(t, a);                       /* HH */
    FE(mul)(v, t, p->x);                 /* V */
    FE(mul)(t, t, a);                    /* HHH */
    EPJ_MUL_OUT(o->z, p->z, a);          /* Z3: X1 and Z1 read by now */
    if (h_out) {
#ifdef FE_LAZY
        FE(canon)(h_out, a);
#else
        for (int i = 0; i < FE_NW; i++)
            h_out[i] = a[i];
#endif
    }
    FE(sqr)(a, b);
    FE(sub)(a, a, t);
    FE(sub)(a, a, v);
    FE(sub)(o->x, a, v);                 /* X3 */
    FE(mul)(t, t, p->y);                 /* Y1 HHH: Y1 still unwritten */
    FE(sub)(v, v, o->x);                 /* X3: from R^2, a product, by subtractions */
    EPJ_OUT(o->x);
    FE(mul)(v, v, b);
    FE(sub)(o->y, v, t);                 /* Y3 */
    EPJ_OUT(o->y);
    return same;
}

/* o = p + q, Jacobian: add_core of src/ep/ep.c (add-1998-cmo-2, 12M + 4S)
 * operation for operation, modes as EPJ(madd); o may alias p
 * or q (Z1 Z2 is formed from the inputs before o is written).  zc, when not
 * NULL, holds Z2^2 then Z2^3 (FE_NW words each, reduced): 11M + 3S, the
 * same result (the branch is on the public presence of zc). */
u64 EPJ(add)(sc_ep_jac *o, const sc_ep_jac *p, const sc_ep_jac *q, const u64 *zc, int mode)
{
    u64 z1z1[FE_NW], z2z2[FE_NW], u1[FE_NW], u2[FE_NW], s1[FE_NW], s2[FE_NW], hh[FE_NW], same = 0;
    FE(sqr)(z1z1, p->z);
    if (zc) {
        for (int i = 0; i < FE_NW; i++)
            z2z2[i] = zc[i];
        FE(mul)(u1, p->x, z2z2);
        FE(mul)(s1, p->y, zc + FE_NW);
    } else {
        FE(sqr)(z2z2, q->z);
        FE(mul)(u1, p->x, z2z2);
        FE(mul)(s1, p->y, q->z);
        FE(mul)(s1, s1, z2z2);
    }
    FE(mul)(u2, q->x, z1z1);
    FE(mul)(s2, q->y, p->z);
    FE(mul)(s2, s2, z1z1);
    FE(sub)(u2, u2, u1);                 /* H */
    FE(sub)(s2, s2, s1);                 /* r */
    if (mode != 0)
        same = FE(is_zero)(u2) & FE(is_zero)(s2);
    if (mode == 2 && same)
        return same;
    FE(mul)(z2z2, p->z, q->z);           /* Z1 Z2 */
    FE(sqr)(hh, u2);
    FE(mul)(z1z1, hh, u2);               /* HHH */
    FE(mul)(u1, u1, hh);                 /* V */
    FE(mul)(s1, s1, z1z1);               /* S1 HHH */
    EPJ_MUL_OUT(o->z, z2z2, u2);         /* Z3 (inputs all read by now) */
    FE(sqr)(hh, s2);
    FE(sub)(hh, hh, z1z1);
    FE(sub)(hh, hh, u1);
    FE(sub)(o->x, hh, u1);               /* X3 */
    FE(sub)(u1, u1, o->x);               /* X3: from r^2, a product, by subtractions */
    EPJ_OUT(o->x);
    FE(mul)(u1, u1, s2);
    FE(sub)(o->y, u1, s1);               /* Y3 */
    EPJ_OUT(o->y);
    return same;
}
