/* Prime-curve kernels (OpenCL C 1.2): batch k*P and batch ECDSA verification on
 * y^2 = x^3 + a x + b over GF(p), p odd, for curves of prime order.
 *
 * Built once per curve by tools/opencl/ocl.c after mont.cl, with -DNL=<32-bit
 * limbs>, NL = ceil(max(bits of p, bits of n) / 32).  Field elements are NL
 * little-endian 32-bit limbs; arithmetic mod p and mod n is mont.cl's Montgomery
 * multiplication with R = 2^(32 NL).  Points are homogeneous projective (X : Y : Z)
 * and every addition, doubling included, is the complete addition of [RCB16]
 * Algorithm 1 (any a): on a curve of prime order it is correct for every pair
 * of points, the identity (0 : 1 : 0) included, so neither kernel has an
 * exceptional case.
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

/* Batch ECDSA verification (SEC1 4.1.4 from step 4).  Item i, 5 NL words at
 * items[5 i NL ..]: the public key Q = (qx, qy) canonical affine, e = the digest
 * truncated to the bits of n (e < 2^nbits, reduced here), r, s.  verdict[i]:
 * V_KEY for Q off the curve or a coordinate >= p, V_SIG_RANGE for r or s out of
 * [1, n-1], V_FAIL when u1 G + u2 Q = O or x(R) mod n != r, V_OK.  Shamir's trick
 * [ElG85] with G + Q precomputed.  Variable time (public data). */
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
    pt_add(&tab[3], &tab[1], &tab[2], &c);
    ppoint acc;
    pt_set_inf(&acc, &c);
    int nbits = (int)cv[CV_NBITS];
    for (int b = nbits - 1; b >= 0; b--) {
        pt_add(&acc, &acc, &acc, &c);
        uint d = ((u1[b >> 5] >> (b & 31)) & 1u) | (((u2[b >> 5] >> (b & 31)) & 1u) << 1);
        if (d)
            pt_add(&acc, &acc, &tab[d], &c);
    }
    if (fe_zero_mask(acc.z)) {
        verdict[i] = V_FAIL;
        return;
    }
    uint x[NL];
    f_inv(t, acc.z, c.one, &c.p);
    f_mul(x, acc.x, t, &c.p);
    from_mont(x, x, &c.p);
    while (mp_ge(x, n.m))
        mp_sub(x, x, n.m);
    verdict[i] = fe_eq_mask(x, r) ? V_OK : V_FAIL;
}
