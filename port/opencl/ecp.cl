/* Prime-curve kernels (OpenCL C 1.2): batch k*P and batch ECDSA verification on
 * y^2 = x^3 + a x + b over GF(p), p odd, for curves of prime order.
 *
 * Built once per curve by tools/opencl/ocl.c after mont.cl, with -DNL=<32-bit
 * limbs>, NL = ceil(max(bits of p, bits of n) / 32).  Field elements are NL
 * little-endian 32-bit limbs; arithmetic mod p and mod n is mont.cl's Montgomery
 * multiplication with R = 2^(32 NL).  k*P works in homogeneous projective
 * (X : Y : Z) coordinates where every addition, doubling included, is the
 * complete addition of [RCB16] Algorithm 1 (any a): on a curve of prime order it
 * is correct for every pair of points, the identity (0 : 1 : 0) included, so the
 * constant-time kernel has no exceptional case.  Verification (public data)
 * works in Jacobian coordinates with cheaper formulas and takes their
 * exceptional cases by branches.
 *
 * The curve (argument cv, NL limbs each, canonical, little-endian):
 *   CV_P p, CV_N n, CV_PR2 R^2 mod p, CV_NR2 R^2 mod n, CV_A a, CV_B b,
 *   CV_GX, CV_GY the generator; then the words -p^-1 mod 2^32, -n^-1 mod 2^32,
 *   bits of n.
 */

#define CV_P (0 * NL)
#define CV_N (1 * NL)
#define CV_PR2 (2 * NL)
#define CV_NR2 (3 * NL)
#define CV_A (4 * NL)
#define CV_B (5 * NL)
#define CV_GX (6 * NL)
#define CV_GY (7 * NL)
#define CV_PINV (8 * NL)
#define CV_NINV (8 * NL + 1)
#define CV_NBITS (8 * NL + 2)

/* The curve constants the point formulas read, Montgomery form mod p. */
typedef struct {
    modulus p;
    uint a[NL], b3[NL], one[NL];
} pcurve;

typedef struct {
    uint x[NL], y[NL], z[NL];
} ppoint;

static void pcurve_load(pcurve *c, __constant const uint *cv)
{
    uint t[NL];
    modulus_load(&c->p, cv, CV_P, CV_PINV);
    fe_set_word(t, 1);
    to_mont(c->one, t, cv + CV_PR2, &c->p);
    fe_load(t, cv + CV_A);
    to_mont(c->a, t, cv + CV_PR2, &c->p);
    fe_load(t, cv + CV_B);
    to_mont(c->b3, t, cv + CV_PR2, &c->p);
    f_add(t, c->b3, c->b3, &c->p);
    f_add(c->b3, t, c->b3, &c->p);
}

static void pt_set_inf(ppoint *r, const pcurve *c)
{
    fe_set_word(r->x, 0);
    fe_copy(r->y, c->one);
    fe_set_word(r->z, 0);
}

/* r = p + q by [RCB16] Algorithm 1: complete on a curve of prime order (p = q,
 * p = -q and the identity included); 12 M + 3 m_a + 2 m_3b + 23 additions.
 * Constant time.  r may alias p or q. */
static void pt_add(ppoint *r, const ppoint *p, const ppoint *q, const pcurve *c)
{
    const modulus *m = &c->p;
    uint t0[NL], t1[NL], t2[NL], t3[NL], t4[NL], t5[NL], x3[NL], y3[NL], z3[NL];
    f_mul(t0, p->x, q->x, m);
    f_mul(t1, p->y, q->y, m);
    f_mul(t2, p->z, q->z, m);
    f_add(t3, p->x, p->y, m);
    f_add(t4, q->x, q->y, m);
    f_mul(t3, t3, t4, m);
    f_add(t4, t0, t1, m);
    f_sub(t3, t3, t4, m);
    f_add(t4, p->x, p->z, m);
    f_add(t5, q->x, q->z, m);
    f_mul(t4, t4, t5, m);
    f_add(t5, t0, t2, m);
    f_sub(t4, t4, t5, m);
    f_add(t5, p->y, p->z, m);
    f_add(x3, q->y, q->z, m);
    f_mul(t5, t5, x3, m);
    f_add(x3, t1, t2, m);
    f_sub(t5, t5, x3, m);
    f_mul(z3, c->a, t4, m);
    f_mul(x3, c->b3, t2, m);
    f_add(z3, x3, z3, m);
    f_sub(x3, t1, z3, m);
    f_add(z3, t1, z3, m);
    f_mul(y3, x3, z3, m);
    f_add(t1, t0, t0, m);
    f_add(t1, t1, t0, m);
    f_mul(t2, c->a, t2, m);
    f_mul(t4, c->b3, t4, m);
    f_add(t1, t1, t2, m);
    f_sub(t2, t0, t2, m);
    f_mul(t2, c->a, t2, m);
    f_add(t4, t4, t2, m);
    f_mul(t0, t1, t4, m);
    f_add(y3, y3, t0, m);
    f_mul(t0, t5, t4, m);
    f_mul(x3, t3, x3, m);
    f_sub(x3, x3, t0, m);
    f_mul(t0, t3, t1, m);
    f_mul(z3, t5, z3, m);
    f_add(z3, z3, t0, m);
    fe_copy(r->x, x3);
    fe_copy(r->y, y3);
    fe_copy(r->z, z3);
}

/* swap p and q when mask is all-ones; constant time */
static void pt_cswap(ppoint *p, ppoint *q, uint mask)
{
    for (int i = 0; i < NL; i++) {
        uint t = mask & (p->x[i] ^ q->x[i]);
        p->x[i] ^= t;
        q->x[i] ^= t;
        t = mask & (p->y[i] ^ q->y[i]);
        p->y[i] ^= t;
        q->y[i] ^= t;
        t = mask & (p->z[i] ^ q->z[i]);
        p->z[i] ^= t;
        q->z[i] ^= t;
    }
}

/* (x, y) canonical, x, y < p: all-ones if y^2 = x^3 + a x + b */
static uint on_curve_mask(const uint *xm, const uint *ym, const pcurve *c, __constant const uint *cv)
{
    const modulus *m = &c->p;
    uint l[NL], rr[NL], t[NL];
    f_mul(l, ym, ym, m);
    f_mul(rr, xm, xm, m);
    f_add(rr, rr, c->a, m);
    f_mul(rr, rr, xm, m);
    fe_load(t, cv + CV_B);
    to_mont(t, t, cv + CV_PR2, m);
    f_add(rr, rr, t, m);
    return fe_eq_mask(l, rr);
}

/* Affine (x, y) canonical from the projective p (Z != 0); x = X / Z, y = Y / Z. */
static void pt_to_affine(uint *x, uint *y, const ppoint *p, const pcurve *c)
{
    uint zi[NL];
    f_inv(zi, p->z, c->one, &c->p);
    f_mul(x, p->x, zi, &c->p);
    f_mul(y, p->y, zi, &c->p);
    from_mont(x, x, &c->p);
    from_mont(y, y, &c->p);
}

/* Batch k*P.  Item i: k = ks[i NL ..] (canonical, k < 2^nbits), P = (pts[2 i NL ..],
 * pts[(2 i + 1) NL ..]) canonical affine.  Out: the affine k*P in out (x then y),
 * status[i] M_OK; M_INFINITY for k*P = O (out zero); M_KEY for a P off the curve
 * or with a coordinate >= p (out zero).  The Montgomery ladder [Mon87] over the
 * nbits bits of k with the complete addition: constant time in k. */
__kernel void ecp_mul(__constant const uint *cv, __global const uint *ks, __global const uint *pts,
                      __global uint *out, __global uint *status, uint count)
{
    uint i = get_global_id(0);
    if (i >= count)
        return;
    pcurve c;
    pcurve_load(&c, cv);
    uint x[NL], y[NL], k[NL];
    fe_gload(x, pts + (size_t)2 * NL * i);
    fe_gload(y, pts + (size_t)2 * NL * i + NL);
    fe_gload(k, ks + (size_t)NL * i);
    __global uint *o = out + (size_t)2 * NL * i;
    if (mp_ge(x, c.p.m) || mp_ge(y, c.p.m)) {
        for (int j = 0; j < 2 * NL; j++)
            o[j] = 0;
        status[i] = M_KEY;
        return;
    }
    ppoint r0, r1;
    to_mont(r1.x, x, cv + CV_PR2, &c.p);
    to_mont(r1.y, y, cv + CV_PR2, &c.p);
    fe_copy(r1.z, c.one);
    if (!on_curve_mask(r1.x, r1.y, &c, cv)) {
        for (int j = 0; j < 2 * NL; j++)
            o[j] = 0;
        status[i] = M_KEY;
        return;
    }
    pt_set_inf(&r0, &c);
    int nbits = (int)cv[CV_NBITS];
    for (int b = nbits - 1; b >= 0; b--) {
        uint mask = 0u - ((k[b >> 5] >> (b & 31)) & 1u);
        pt_cswap(&r0, &r1, mask);
        pt_add(&r1, &r0, &r1, &c);
        pt_add(&r0, &r0, &r0, &c);
        pt_cswap(&r0, &r1, mask);
    }
    if (fe_zero_mask(r0.z)) {
        for (int j = 0; j < 2 * NL; j++)
            o[j] = 0;
        status[i] = M_INFINITY;
        return;
    }
    pt_to_affine(x, y, &r0, &c);
    for (int j = 0; j < NL; j++) {
        o[j] = x[j];
        o[NL + j] = y[j];
    }
    status[i] = M_OK;
}

/* r = 2 p in Jacobian coordinates (X / Z^2, Y / Z^3), dbl-2007-bl [EFD] (any a):
 * 1M + 8S + 1 m_a; O (Z = 0) stays O.  r may alias p. */
static void jac_dbl(ppoint *r, const ppoint *p, const pcurve *c)
{
    const modulus *m = &c->p;
    uint xx[NL], yy[NL], yyyy[NL], zz[NL], s[NL], mm[NL], t[NL], u[NL];
    f_mul(xx, p->x, p->x, m);
    f_mul(yy, p->y, p->y, m);
    f_mul(yyyy, yy, yy, m);
    f_mul(zz, p->z, p->z, m);
    f_add(t, p->x, yy, m);
    f_mul(t, t, t, m);
    f_sub(t, t, xx, m);
    f_sub(t, t, yyyy, m);
    f_add(s, t, t, m);          /* S = 2 ((X + YY)^2 - XX - YYYY) */
    f_mul(t, zz, zz, m);
    f_mul(t, t, c->a, m);
    f_add(mm, xx, xx, m);
    f_add(mm, mm, xx, m);
    f_add(mm, mm, t, m);        /* M = 3 XX + a ZZ^2 */
    f_add(u, p->y, p->z, m);
    f_mul(u, u, u, m);
    f_sub(u, u, yy, m);
    f_sub(r->z, u, zz, m);      /* Z3 = (Y + Z)^2 - YY - ZZ: p is not read after this */
    f_mul(t, mm, mm, m);
    f_add(u, s, s, m);
    f_sub(r->x, t, u, m);       /* X3 = M^2 - 2 S */
    f_sub(t, s, r->x, m);
    f_mul(t, mm, t, m);
    f_add(u, yyyy, yyyy, m);
    f_add(u, u, u, m);
    f_add(u, u, u, m);
    f_sub(r->y, t, u, m);       /* Y3 = M (S - X3) - 8 YYYY */
}

/* r = p + (x2, y2), p Jacobian, (x2, y2) affine (Montgomery form), madd-2007-bl
 * [EFD]: 7M + 4S, with the exceptional cases taken by branches: p = O, p = q
 * (doubling), p = -q (O).  Variable time (public data).  r may alias p. */
static void jac_madd_var(ppoint *r, const ppoint *p, const uint *x2, const uint *y2, const pcurve *c)
{
    const modulus *m = &c->p;
    uint z1z1[NL], u2[NL], s2[NL], h[NL], hh[NL], i4[NL], j[NL], rr[NL], v[NL], t[NL], y1j[NL];
    if (fe_zero_mask(p->z)) {
        fe_copy(r->x, x2);
        fe_copy(r->y, y2);
        fe_copy(r->z, c->one);
        return;
    }
    f_mul(z1z1, p->z, p->z, m);
    f_mul(u2, x2, z1z1, m);
    f_mul(s2, y2, p->z, m);
    f_mul(s2, s2, z1z1, m);
    f_sub(h, u2, p->x, m);      /* H = U2 - X1 */
    f_sub(rr, s2, p->y, m);
    if (fe_zero_mask(h)) {
        if (fe_zero_mask(rr)) {
            jac_dbl(r, p, c);
        } else {
            fe_copy(r->x, c->one);
            fe_copy(r->y, c->one);
            fe_set_word(r->z, 0);
        }
        return;
    }
    f_add(rr, rr, rr, m);       /* r = 2 (S2 - Y1) */
    f_mul(hh, h, h, m);
    f_add(i4, hh, hh, m);
    f_add(i4, i4, i4, m);       /* I = 4 HH */
    f_mul(j, h, i4, m);         /* J = H I */
    f_mul(v, p->x, i4, m);      /* V = X1 I */
    f_mul(y1j, p->y, j, m);
    f_add(y1j, y1j, y1j, m);    /* 2 Y1 J */
    f_add(t, p->z, h, m);
    f_mul(t, t, t, m);
    f_sub(t, t, z1z1, m);
    f_sub(r->z, t, hh, m);      /* Z3 = (Z1 + H)^2 - Z1Z1 - HH: p is not read after this */
    f_mul(t, rr, rr, m);
    f_sub(t, t, j, m);
    f_sub(t, t, v, m);
    f_sub(r->x, t, v, m);       /* X3 = r^2 - J - 2 V */
    f_sub(t, v, r->x, m);
    f_mul(t, rr, t, m);
    f_sub(r->y, t, y1j, m);     /* Y3 = r (V - X3) - 2 Y1 J */
}

/* Batch ECDSA verification (SEC1 4.1.4 from step 4).  Item i, 5 NL words at
 * items[5 i NL ..]: the public key Q = (qx, qy) canonical affine, e = the digest
 * truncated to the bits of n (e < 2^nbits, reduced here), r, s.  verdict[i]:
 * V_KEY for Q off the curve or a coordinate >= p, V_SIG_RANGE for r or s out of
 * [1, n-1], V_FAIL when u1 G + u2 Q = O or x(R) mod n != r, V_OK.  Shamir's trick
 * [ElG85] with G, Q and G + Q affine, in Jacobian coordinates (the complete
 * projective addition costs 17 multiplications with those by a and 3b, a
 * Jacobian doubling 10 and a mixed addition 11).  Variable time (public data). */
__kernel void ecp_verify(__constant const uint *cv, __global const uint *items, __global uint *verdict, uint count)
{
    uint i = get_global_id(0);
    if (i >= count)
        return;
    __global const uint *it = items + (size_t)5 * NL * i;
    pcurve c;
    pcurve_load(&c, cv);
    modulus n;
    modulus_load(&n, cv, CV_N, CV_NINV);
    uint qx[NL], qy[NL], e[NL], r[NL], s[NL];
    fe_gload(qx, it);
    fe_gload(qy, it + NL);
    fe_gload(e, it + 2 * NL);
    fe_gload(r, it + 3 * NL);
    fe_gload(s, it + 4 * NL);
    if (mp_ge(qx, c.p.m) || mp_ge(qy, c.p.m)) {
        verdict[i] = V_KEY;
        return;
    }
    ppoint tab[4];
    to_mont(tab[2].x, qx, cv + CV_PR2, &c.p);
    to_mont(tab[2].y, qy, cv + CV_PR2, &c.p);
    fe_copy(tab[2].z, c.one);
    if (!on_curve_mask(tab[2].x, tab[2].y, &c, cv)) {
        verdict[i] = V_KEY;
        return;
    }
    if (fe_zero_mask(r) || fe_zero_mask(s) || mp_ge(r, n.m) || mp_ge(s, n.m)) {
        verdict[i] = V_SIG_RANGE;
        return;
    }
    /* u1 = e s^-1, u2 = r s^-1 mod n: w = (s R)^-1 R in Montgomery form, then
     * Mont(e, w) = e s^-1 directly in canonical form */
    uint none[NL], w[NL], u1[NL], u2[NL], t[NL];
    fe_set_word(t, 1);
    to_mont(none, t, cv + CV_NR2, &n);
    to_mont(w, s, cv + CV_NR2, &n);
    f_inv(w, w, none, &n);
    if (mp_ge(e, n.m))
        mp_sub(e, e, n.m);
    f_mul(u1, e, w, &n);
    f_mul(u2, r, w, &n);

    fe_load(t, cv + CV_GX);
    to_mont(tab[1].x, t, cv + CV_PR2, &c.p);
    fe_load(t, cv + CV_GY);
    to_mont(tab[1].y, t, cv + CV_PR2, &c.p);
    fe_copy(tab[1].z, c.one);
    /* the table G, Q, G + Q in affine form (G + Q by the complete addition, then
     * one inversion; G + Q = O leaves its entry out) */
    pt_add(&tab[3], &tab[1], &tab[2], &c);
    int inf3 = fe_zero_mask(tab[3].z) != 0;
    if (!inf3) {
        f_inv(t, tab[3].z, c.one, &c.p);
        f_mul(tab[3].x, tab[3].x, t, &c.p);
        f_mul(tab[3].y, tab[3].y, t, &c.p);
    }
    ppoint acc;
    fe_copy(acc.x, c.one);
    fe_copy(acc.y, c.one);
    fe_set_word(acc.z, 0);
    int nbits = (int)cv[CV_NBITS];
    for (int b = nbits - 1; b >= 0; b--) {
        jac_dbl(&acc, &acc, &c);
        uint d = ((u1[b >> 5] >> (b & 31)) & 1u) | (((u2[b >> 5] >> (b & 31)) & 1u) << 1);
        if (d && !(d == 3 && inf3))
            jac_madd_var(&acc, &acc, tab[d].x, tab[d].y, &c);
    }
    if (fe_zero_mask(acc.z)) {
        verdict[i] = V_FAIL;
        return;
    }
    uint x[NL];
    f_inv(t, acc.z, c.one, &c.p);
    f_mul(t, t, t, &c.p);
    f_mul(x, acc.x, t, &c.p);
    from_mont(x, x, &c.p);
    while (mp_ge(x, n.m))
        mp_sub(x, x, n.m);
    verdict[i] = fe_eq_mask(x, r) ? V_OK : V_FAIL;
}
