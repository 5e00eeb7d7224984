/* Binary-curve kernels (OpenCL C 1.2): batch k*P and batch ECDSA verification on
 * y^2 + x y = x^3 + a x^2 + b over GF(2^m) = GF(2)[x] / f, f = x^m + x^K0 [+ x^K1
 * + x^K2] + 1 (SEC 2's trinomials and pentanomials).
 *
 * Built once per curve by tools/opencl/ocl.c after mont.cl, with -DNL=<32-bit
 * limbs> (NL = ceil(m / 32): n < 2^m on these curves), -DFB_M=m, -DFB_K0,
 * -DFB_K1, -DFB_K2 (-1 for a trinomial).  Elements are NL little-endian 32-bit
 * words, bits m and above zero.  The field's arithmetic is constant time: the
 * product by shift-and-xor under masks, the reduction word by word at fixed
 * positions, inversion by Fermat (a^(2^m - 2)).
 *
 * k*P is the x-only Montgomery ladder of [LD99] in projective (X : Z), which
 * starts from (1 : 0) = O so that every scalar takes nbits steps (constant
 * time in k), with [LD99]'s recovery of y; the only exceptional case of the
 * recovery, (k + 1) P = O, is taken by a constant-time selection of -P.
 * Verification computes u1 G and u2 Q by the same ladder and adds them in
 * affine coordinates (variable time, public data).  Scalars mod n use mont.cl.
 *
 * The curve (argument cv, NL words each): CB_N n, CB_NR2 R^2 mod n, CB_A a,
 * CB_B b, CB_GX, CB_GY the generator; then the words -n^-1 mod 2^32, bits of n.
 */
#if !defined(FB_M) || !defined(FB_K0) || !defined(FB_K1) || !defined(FB_K2)
#error "FB_M, FB_K0, FB_K1, FB_K2 must be defined"
#endif
#if FB_M / 32 != NL - 1 || FB_M % 32 == 0
#error "NL must be ceil(FB_M / 32), FB_M not a multiple of 32"
#endif

#define CB_N (0 * NL)
#define CB_NR2 (1 * NL)
#define CB_A (2 * NL)
#define CB_B (3 * NL)
#define CB_GX (4 * NL)
#define CB_GY (5 * NL)
#define CB_NINV (6 * NL)
#define CB_NBITS (6 * NL + 1)

typedef struct {
    uint a[NL], b[NL];
} bcurve;

/* affine point; inf = 1 for O */
typedef struct {
    uint x[NL], y[NL];
    uint inf;
} bpoint;

static void fb_add(uint *r, const uint *a, const uint *b)
{
    for (int i = 0; i < NL; i++)
        r[i] = a[i] ^ b[i];
}

/* the carry-less product of two words; constant time */
static ulong clmul32(uint a, uint b)
{
    ulong r = 0, aa = a;
    for (int i = 0; i < 32; i++)
        r ^= (aa << i) & (0ul - (ulong)((b >> i) & 1u));
    return r;
}

/* c ^= w x^pos, pos public */
static void xor_at(uint *c, int pos, uint w)
{
    int q = pos >> 5, s = pos & 31;
    c[q] ^= w << s;
    if (s)
        c[q + 1] ^= w >> (32 - s);
}

/* r = a b mod f: the 2 NL-word carry-less product, then reduction from the top
 * word down, each word w at x^(32 i) replaced by w x^(32 i - m) (x^K0 + x^K1 +
 * x^K2 + 1) (x^m = that sum mod f); the partial top word last. */
static void fb_mul(uint *r, const uint *a, const uint *b)
{
    uint c[2 * NL + 1];
    for (int i = 0; i < 2 * NL + 1; i++)
        c[i] = 0;
    for (int i = 0; i < NL; i++)
        for (int j = 0; j < NL; j++) {
            ulong p = clmul32(a[i], b[j]);
            c[i + j] ^= (uint)p;
            c[i + j + 1] ^= (uint)(p >> 32);
        }
    for (int i = 2 * NL - 1; i >= NL; i--) {
        uint w = c[i];
        int base = 32 * i - FB_M;
        c[i] = 0;
        xor_at(c, base + FB_K0, w);
#if FB_K1 >= 0
        xor_at(c, base + FB_K1, w);
        xor_at(c, base + FB_K2, w);
#endif
        xor_at(c, base, w);
    }
    {
        uint w = c[NL - 1] >> (FB_M % 32);
        c[NL - 1] &= (1u << (FB_M % 32)) - 1u;
        xor_at(c, FB_K0, w);
#if FB_K1 >= 0
        xor_at(c, FB_K1, w);
        xor_at(c, FB_K2, w);
#endif
        c[0] ^= w;
    }
    fe_copy(r, c);
}

/* r = a^-1 = a^(2^m - 2) (0 for a = 0): r = a^(2^j - 1) for j = 1 .. m - 1 by
 * r <- r^2 a, then one squaring.  Constant time. */
static void fb_inv(uint *r, const uint *a)
{
    uint t[NL];
    fe_copy(t, a);
    for (int j = 1; j < FB_M - 1; j++) {
        fb_mul(t, t, t);
        fb_mul(t, t, a);
    }
    fb_mul(r, t, t);
}

/* 1 if every bit at m and above is zero */
static uint fb_in_range(const uint *a)
{
    return (a[NL - 1] >> (FB_M % 32)) == 0;
}

/* all-ones if y^2 + x y = x^3 + a x^2 + b */
static uint fb_on_curve_mask(const uint *x, const uint *y, const bcurve *c)
{
    uint l[NL], rr[NL], t[NL];
    fb_add(t, y, x);
    fb_mul(l, t, y);           /* y^2 + x y */
    fb_add(t, x, c->a);
    fb_mul(rr, x, x);
    fb_mul(rr, rr, t);         /* x^3 + a x^2 */
    fb_add(rr, rr, c->b);
    return fe_eq_mask(l, rr);
}

static void bcurve_load(bcurve *c, __constant const uint *cv)
{
    fe_load(c->a, cv + CB_A);
    fe_load(c->b, cv + CB_B);
}

/* k P by [LD99]'s ladder over the nbits low bits of k; P = (px, py) on the
 * curve, of odd order.  Constant time in k. */
static void ladder(bpoint *r, const uint *k, int nbits, const uint *px, const uint *py, const bcurve *c)
{
    uint x1[NL], z1[NL], x2[NL], z2[NL], t1[NL], t2[NL], t3[NL];
    fe_set_word(x1, 1);
    fe_set_word(z1, 0);
    fe_copy(x2, px);
    fe_set_word(z2, 1);
    for (int b = nbits - 1; b >= 0; b--) {
        uint mask = 0u - ((k[b >> 5] >> (b & 31)) & 1u);
        for (int j = 0; j < NL; j++) {
            uint s = mask & (x1[j] ^ x2[j]);
            x1[j] ^= s, x2[j] ^= s;
            s = mask & (z1[j] ^ z2[j]);
            z1[j] ^= s, z2[j] ^= s;
        }
        /* (x2 : z2) <- (x1 : z1) + (x2 : z2), the difference being P:
         * Z = (X1 Z2 + X2 Z1)^2, X = x Z + X1 Z2 X2 Z1 */
        fb_mul(t1, x1, z2);
        fb_mul(t2, x2, z1);
        fb_add(t3, t1, t2);
        fb_mul(z2, t3, t3);
        fb_mul(t1, t1, t2);
        fb_mul(x2, px, z2);
        fb_add(x2, x2, t1);
        /* (x1 : z1) <- 2 (x1 : z1): X = X^4 + b Z^4, Z = X^2 Z^2 */
        fb_mul(t1, x1, x1);
        fb_mul(t2, z1, z1);
        fb_mul(z1, t1, t2);
        fb_mul(t1, t1, t1);
        fb_mul(t2, t2, t2);
        fb_mul(t2, t2, c->b);
        fb_add(x1, t1, t2);
        for (int j = 0; j < NL; j++) {
            uint s = mask & (x1[j] ^ x2[j]);
            x1[j] ^= s, x2[j] ^= s;
            s = mask & (z1[j] ^ z2[j]);
            z1[j] ^= s, z2[j] ^= s;
        }
    }
    /* (x1 : z1) = k P, (x2 : z2) = (k + 1) P.  With a1 = x(kP), a2 = x((k+1)P):
     * y(kP) = (a1 + x) ((a1 + x)(a2 + x) + x^2 + y) / x + y  [LD99] */
    uint a1[NL], a2[NL], y[NL];
    r->inf = fe_zero_mask(z1) & 1u;
    uint km1 = fe_zero_mask(z2); /* (k + 1) P = O: k P = -P = (x, x + y) */
    fb_inv(t1, z1);
    fb_mul(a1, x1, t1);
    fb_inv(t1, z2);
    fb_mul(a2, x2, t1);
    fb_add(t1, a1, px);
    fb_add(t2, a2, px);
    fb_mul(t2, t1, t2);
    fb_mul(t3, px, px);
    fb_add(t2, t2, t3);
    fb_add(t2, t2, py);
    fb_mul(t2, t1, t2);
    fb_inv(t3, px);
    fb_mul(t2, t2, t3);
    fb_add(y, t2, py);
    fb_add(t1, px, py);
    fe_cmov(a1, px, km1);
    fe_cmov(y, t1, km1);
    fe_copy(r->x, a1);
    fe_copy(r->y, y);
}

/* x(p + q) in x, or returns 0 when p + q = O.  Affine [LD99]/SEC 1 formulas:
 * l = (y1 + y2) / (x1 + x2), x3 = l^2 + l + x1 + x2 + a; doubling: l = x1 + y1 / x1,
 * x3 = l^2 + l + a.  Variable time (public data). */
static int add_x_var(uint *x, const bpoint *p, const bpoint *q, const bcurve *c)
{
    uint l[NL], t[NL], u[NL];
    if (p->inf && q->inf)
        return 0;
    if (p->inf || q->inf) {
        fe_copy(x, p->inf ? q->x : p->x);
        return 1;
    }
    if (fe_eq_mask(p->x, q->x)) {
        if (!fe_eq_mask(p->y, q->y) || fe_zero_mask(p->x))
            return 0; /* q = -p, or 2p with p of order 2 */
        fb_inv(t, p->x);
        fb_mul(l, p->y, t);
        fb_add(l, l, p->x);
        fb_mul(t, l, l);
        fb_add(t, t, l);
        fb_add(x, t, c->a);
        return 1;
    }
    fb_add(t, p->x, q->x);
    fb_add(u, p->y, q->y);
    fb_inv(l, t);
    fb_mul(l, l, u);
    fb_mul(u, l, l);
    fb_add(u, u, l);
    fb_add(u, u, t);
    fb_add(x, u, c->a);
    return 1;
}

/* Batch k*P: as ecp_mul (same arguments and statuses), on the binary curve. */
__kernel void ecb_mul(__constant const uint *cv, __global const uint *ks, __global const uint *pts,
                      __global uint *out, __global uint *status, uint count)
{
    uint i = get_global_id(0);
    if (i >= count)
        return;
    bcurve c;
    bcurve_load(&c, cv);
    uint x[NL], y[NL], k[NL];
    fe_gload(x, pts + (size_t)2 * NL * i);
    fe_gload(y, pts + (size_t)2 * NL * i + NL);
    fe_gload(k, ks + (size_t)NL * i);
    __global uint *o = out + (size_t)2 * NL * i;
    for (int j = 0; j < 2 * NL; j++)
        o[j] = 0;
    if (!fb_in_range(x) || !fb_in_range(y) || !fb_on_curve_mask(x, y, &c) || fe_zero_mask(x)) {
        status[i] = M_KEY;
        return;
    }
    bpoint r;
    ladder(&r, k, (int)cv[CB_NBITS], x, y, &c);
    if (r.inf) {
        status[i] = M_INFINITY;
        return;
    }
    for (int j = 0; j < NL; j++) {
        o[j] = r.x[j];
        o[NL + j] = r.y[j];
    }
    status[i] = M_OK;
}

/* Batch ECDSA verification: as ecp_verify (same item layout and verdicts), on
 * the binary curve; x(R) is read as an integer and reduced mod n (SEC1 4.1.4
 * step 6 via 2.3.9). */
__kernel void ecb_verify(__constant const uint *cv, __global const uint *items, __global uint *verdict, uint count)
{
    uint i = get_global_id(0);
    if (i >= count)
        return;
    __global const uint *it = items + (size_t)5 * NL * i;
    bcurve c;
    bcurve_load(&c, cv);
    modulus n;
    modulus_load(&n, cv, CB_N, CB_NINV);
    uint qx[NL], qy[NL], e[NL], r[NL], s[NL];
    fe_gload(qx, it);
    fe_gload(qy, it + NL);
    fe_gload(e, it + 2 * NL);
    fe_gload(r, it + 3 * NL);
    fe_gload(s, it + 4 * NL);
    if (!fb_in_range(qx) || !fb_in_range(qy) || !fb_on_curve_mask(qx, qy, &c) || fe_zero_mask(qx)) {
        verdict[i] = V_KEY;
        return;
    }
    if (fe_zero_mask(r) || fe_zero_mask(s) || mp_ge(r, n.m) || mp_ge(s, n.m)) {
        verdict[i] = V_SIG_RANGE;
        return;
    }
    uint none[NL], w[NL], u1[NL], u2[NL], t[NL];
    fe_set_word(t, 1);
    to_mont(none, t, cv + CB_NR2, &n);
    to_mont(w, s, cv + CB_NR2, &n);
    f_inv(w, w, none, &n);
    if (mp_ge(e, n.m))
        mp_sub(e, e, n.m);
    f_mul(u1, e, w, &n);
    f_mul(u2, r, w, &n);

    bpoint p1, p2;
    uint gx[NL], gy[NL], x[NL];
    fe_load(gx, cv + CB_GX);
    fe_load(gy, cv + CB_GY);
    int nbits = (int)cv[CB_NBITS];
    ladder(&p1, u1, nbits, gx, gy, &c);
    ladder(&p2, u2, nbits, qx, qy, &c);
    if (!add_x_var(x, &p1, &p2, &c)) {
        verdict[i] = V_FAIL;
        return;
    }
    while (mp_ge(x, n.m))
        mp_sub(x, x, n.m);
    verdict[i] = fe_eq_mask(x, r) ? V_OK : V_FAIL;
}
