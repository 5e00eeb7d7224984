/* Randomized batch verification of ECDSA ([NMVR94] for DSA, [KDRBB12] and
 * [CY07] for ECDSA; the lifted-R form of [ABGLSV05]).  An item (r, s) on
 * (e, Q) is valid iff u1 G + u2 Q = R with x(R) mod n = r, u1 = e s^-1,
 * u2 = r s^-1.  R is lifted from r (x = r, or r + n; y a square root), and
 * a group of m items of one curve is accepted at once when
 *
 *     (sum z_i u1_i) G + sum (z_i u2_i) Q_i - sum z_i R_i = O
 *
 * for fresh random odd 128-bit weights z_i (sc_random): an invalid item
 * passes only if an unknown z_i hits a fixed residue, probability about
 * 2^-127 per group (times the 2^k sign patterns tried below).  The sum is one
 * interleaved wNAF multi-scalar multiplication (Straus, [GECC] Alg. 3.51 with
 * width-5 NAFs), its doublings shared by all 2m + 1 points, its table points
 * made affine by one simultaneous inversion.
 *
 * The sign of y(R) is not in the signature.  An item may carry it (the
 * recovery id); otherwise the group tries the sign patterns of its k
 * unknown items: D = the sum above without those items' R, T_j = z_j R_j,
 * and the group passes when D = sum +-T_j for one pattern; comparing x
 * only makes a pattern and its opposite one test, 2^(k-1) candidates, in
 * Gray-code order (one point addition each).  k <= SC_BATCH_RBV_SIGNS.
 *
 * Every item that does not take this path (a binary curve, a cofactor, a
 * malformed or out-of-range input, no lift, an x that r + n could also give
 * without a recovery id), and every item of a group whose equation fails,
 * gets the single call's verdict from the single call.  Variable time: every
 * input is public; the weights are secret until the check is done and are
 * never reused. */
#include "batch_internal.h"

#include <seacurve/mp.h>
#include <seacurve/util.h>

#include <string.h>

#define RBV_W 5                                 /* wNAF width: 8 odd multiples per point */
#define RBV_TPTS (1u << (RBV_W - 2))
#define RBV_ZBYTES 16                           /* 128-bit weights */
#define RBV_MAXPTS (2u * SC_BATCH_RBV_GROUP + 1u)
#define RBV_MAXDIG (SC_FP_MAX_BITS + 2u)

enum { IT_SINGLE, IT_KNOWN, IT_UNKNOWN };

typedef struct rbv_item {
    int kind;
    sc_ep_aff q, R;        /* the key; the lifted R (y even when its sign is unknown) */
    sc_fe r, s, e, z;      /* internal form of fn; s becomes s^-1 */
} rbv_item;

typedef struct rbv_ctx {
    const sc_batch_verify_item *items;
    const uint8_t *recid;
    sc_err *verdicts;
    size_t group;
    sc_batch_rbv_stats st;  /* updated atomically */
} rbv_ctx;

#define STAT_ADD(x, field, v) __atomic_fetch_add(&(x)->st.field, (uint64_t)(v), __ATOMIC_RELAXED)

static sc_err single(const sc_batch_verify_item *it)
{
    if (it->alg == SC_HASH_NONE)
        return sc_ecdsa_verify(it->curve, it->sig, it->siglen, it->data, it->datalen, it->pub, it->publen);
    return sc_ecdsa_verify_msg(it->curve, it->sig, it->siglen, it->alg, it->data, it->datalen, it->pub,
                               it->publen);
}

/* 1 <= v < n from nlen big-endian bytes. */
static int load_sig_scalar(sc_word *v, const sc_curve *c, const uint8_t *in)
{
    if (sc_fp_from_bytes(v, in, c->nlen, c->fn) != SC_OK)
        return 0;
    return !sc_fp_is_zero(v, c->fn);
}

/* x = r + add_n n as canonical words of fp; 0 if it is not below p. */
static int lift_x(sc_word *x, const sc_word *rc, int add_n, const sc_curve *c)
{
    const sc_fp_field *fp = c->ep->fp, *fn = c->fn;
    sc_word a[SC_FP_MAXW + 1], b[SC_FP_MAXW + 1];
    size_t w = fp->nw > fn->nw ? fp->nw : fn->nw, i;
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    memcpy(a, rc, fn->nw * sizeof(sc_word));
    if (add_n)
        memcpy(b, fn->p, fn->nw * sizeof(sc_word));
    a[w] = sc_mp_add(a, a, b, w);
    for (i = fp->nw; i <= w; i++)
        if (a[i])
            return 0;
    if (sc_mp_cmp(a, fp->p, fp->nw) >= 0)
        return 0;
    memcpy(x, a, fp->nw * sizeof(sc_word));
    return 1;
}

/* The checks of the single call that the batch path needs, and the lift of R:
 * IT_KNOWN or IT_UNKNOWN when the item joins the equation, else IT_SINGLE. */
static int prepare(rbv_item *t, const sc_batch_verify_item *it, unsigned recid, rbv_ctx *x)
{
    uint8_t h[SC_HASH_MAX_LEN];
    const uint8_t *digest = it->data;
    size_t digestlen = it->datalen;
    const sc_curve *c = it->curve;
    sc_fe rc, xc;
    int add_n;

    if (!c || !c->ep || c->h != 1 || !it->sig || !it->pub || it->siglen != 2u * c->nlen)
        return IT_SINGLE;
    if (it->alg != SC_HASH_NONE) {
        if (!it->data || sc_hash(it->alg, h, it->data, it->datalen) != SC_OK)
            return IT_SINGLE;
        digest = h;
        digestlen = sc_hash_len(it->alg);
    } else if (!digest) {
        return IT_SINGLE;
    }
    if (sc_batch_decode_pub(&t->q, c, it->pub, it->publen) != SC_OK)
        return IT_SINGLE;
    if (!load_sig_scalar(t->r, c, it->sig) || !load_sig_scalar(t->s, c, it->sig + c->nlen))
        return IT_SINGLE;
    sc_batch_digest_to_scalar(t->e, c, digest, digestlen);
    sc_fp_to_canon(rc, t->r, c->fn);
    if (recid == SC_BATCH_RECID_NONE) {
        /* x = r unless r + n is also below p (then which one is not known: single call) */
        if (lift_x(xc, rc, 1, c))
            return IT_SINGLE;
        add_n = 0;
    } else {
        add_n = (recid >> 1) & 1u;
    }
    if (!lift_x(xc, rc, add_n, c))
        return IT_SINGLE;
    STAT_ADD(x, sqrts, 1);
    if (sc_ep_decompress_var(&t->R, xc, recid == SC_BATCH_RECID_NONE ? 0u : recid & 1u, c->ep) != SC_OK)
        return IT_SINGLE;                      /* no point has x = r: the single call refuses it */
    return recid == SC_BATCH_RECID_NONE ? IT_UNKNOWN : IT_KNOWN;
}

/* Width-RBV_W NAF of k (nw words): digits little-endian, odd, |d| < 2^(RBV_W-1)
 * ([GECC] Alg. 3.35); returns the digit count (<= bits(k) + 1). */
static size_t wnaf(int8_t *out, const sc_word *k, size_t nw)
{
    sc_word t[SC_FP_MAXW + 1], one[SC_FP_MAXW + 1];
    size_t len = 0;
    memcpy(t, k, nw * sizeof(sc_word));
    t[nw] = 0;
    memset(one, 0, sizeof one);
    while (!sc_mp_is_zero(t, nw + 1)) {
        int d = 0;
        if (t[0] & 1u) {
            d = (int)(t[0] & ((1u << RBV_W) - 1u));
            if (d >= 1 << (RBV_W - 1))
                d -= 1 << RBV_W;
            one[0] = (sc_word)(d > 0 ? d : -d);
            if (d > 0)
                (void)sc_mp_sub(t, t, one, nw + 1);
            else
                (void)sc_mp_add(t, t, one, nw + 1);
        }
        out[len++] = (int8_t)d;
        (void)sc_mp_shr1(t, t, nw + 1);
    }
    return len;
}

/* r = sum k_i P_i, k_i canonical (< n), P_i finite affine: interleaved
 * width-5 NAFs, one doubling per bit for all points, the odd multiples of
 * every point made affine by one simultaneous inversion.  Variable time. */
static void msm_var(sc_ep_jac *r, const sc_ep_aff *p, sc_word (*k)[SC_FP_MAXW], size_t np, const sc_curve *c)
{
    static const sc_word zero[SC_FP_MAXW];
    const sc_ep_curve *ep = c->ep;
    const sc_fp_field *fp = ep->fp;
    int8_t dig[RBV_MAXPTS][RBV_MAXDIG];
    sc_ep_jac tj[RBV_MAXPTS * RBV_TPTS], d;
    sc_ep_aff ta[RBV_MAXPTS * RBV_TPTS], neg;
    sc_word *zs[RBV_MAXPTS * RBV_TPTS];
    sc_fe scratch[RBV_MAXPTS * RBV_TPTS], z2;
    size_t len[RBV_MAXPTS], top = 0, i, j, m = 0;
    int b;

    for (i = 0; i < np; i++) {
        if (!memcmp(k[i], zero, c->fn->nw * sizeof(sc_word))) {
            len[i] = 0;
            continue;
        }
        len[i] = wnaf(dig[i], k[i], c->fn->nw);
        if (len[i] > top)
            top = len[i];
        /* P, 3P, ..., 15P */
        sc_ep_jac_from_aff(&tj[i * RBV_TPTS], &p[i], ep);
        sc_ep_dbl_jac(&d, &tj[i * RBV_TPTS], ep);
        for (j = 1; j < RBV_TPTS; j++)
            sc_ep_add_jac_var(&tj[i * RBV_TPTS + j], &tj[i * RBV_TPTS + j - 1], &d, ep);
    }
    /* odd multiples of a point of prime order n > 15 are finite */
    for (i = 0; i < np; i++)
        for (j = 0; len[i] && j < RBV_TPTS; j++)
            zs[m++] = tj[i * RBV_TPTS + j].z;
    if (m)
        sc_batch_inv_var(zs, scratch, m, fp);
    for (i = 0; i < np; i++)
        for (j = 0; len[i] && j < RBV_TPTS; j++) {
            const sc_ep_jac *s = &tj[i * RBV_TPTS + j];
            sc_fp_sqr(z2, s->z, fp);
            sc_fp_mul(ta[i * RBV_TPTS + j].x, s->x, z2, fp);
            sc_fp_mul(z2, z2, s->z, fp);
            sc_fp_mul(ta[i * RBV_TPTS + j].y, s->y, z2, fp);
        }
    sc_ep_jac_set_inf(r, ep);
    for (b = (int)top - 1; b >= 0; b--) {
        sc_ep_dbl_jac(r, r, ep);
        for (i = 0; i < np; i++) {
            int v = (size_t)b < len[i] ? dig[i][b] : 0;
            if (v > 0) {
                sc_ep_add_mixed_var(r, r, &ta[i * RBV_TPTS + (size_t)(v - 1) / 2u], ep);
            } else if (v < 0) {
                sc_ep_neg_aff(&neg, &ta[i * RBV_TPTS + (size_t)(-v - 1) / 2u], ep);
                sc_ep_add_mixed_var(r, r, &neg, ep);
            }
        }
    }
}

/* x(a) == x(b) with both finite, or both infinite. */
static int same_x(const sc_ep_jac *a, const sc_ep_jac *b, const sc_ep_curve *ep)
{
    const sc_fp_field *fp = ep->fp;
    sc_fe za, zb, l, r;
    int ia = (int)sc_ep_jac_is_inf(a, ep), ib = (int)sc_ep_jac_is_inf(b, ep);
    if (ia || ib)
        return ia && ib;
    sc_fp_sqr(za, a->z, fp);
    sc_fp_sqr(zb, b->z, fp);
    sc_fp_mul(l, a->x, zb, fp);
    sc_fp_mul(r, b->x, za, fp);
    return (int)sc_fp_eq(l, r, fp);
}

/* The equation over the items idx[0 .. m) of curve c (all IT_KNOWN or
 * IT_UNKNOWN, at most SC_BATCH_RBV_SIGNS of the latter); 1 if it holds. */
static int check_group(rbv_item *t, const size_t *idx, size_t m, const sc_curve *c, rbv_ctx *x)
{
    const sc_fp_field *fn = c->fn;
    const sc_ep_curve *ep = c->ep;
    sc_ep_aff pts[RBV_MAXPTS];
    sc_word k[RBV_MAXPTS][SC_FP_MAXW];
    sc_word *ptr[SC_BATCH_RBV_GROUP];
    sc_fe scratch[SC_BATCH_RBV_GROUP], a, u;
    uint8_t zb[SC_BATCH_RBV_GROUP * RBV_ZBYTES];
    sc_ep_jac D, S, T2[SC_BATCH_RBV_SIGNS], T2n[SC_BATCH_RBV_SIGNS];
    size_t unk[SC_BATCH_RBV_SIGNS], nu = 0, np = 1, i;
    unsigned long g, ng;
    int sgn[SC_BATCH_RBV_SIGNS];

    if (sc_random(zb, m * RBV_ZBYTES) != SC_OK)
        return 0;
    for (i = 0; i < m; i++) {
        rbv_item *it = &t[idx[i]];
        zb[i * RBV_ZBYTES + RBV_ZBYTES - 1] |= 1u;                 /* odd: never 0 */
        sc_fp_from_bytes_reduce(it->z, zb + i * RBV_ZBYTES, RBV_ZBYTES, fn);
        ptr[i] = it->s;
    }
    sc_memzero(zb, sizeof zb);
    sc_batch_inv_var(ptr, scratch, m, fn);                      /* every s^-1 */
    sc_fp_set_zero(a, fn);
    memset(k, 0, sizeof k);
    sc_ep_generator(&pts[0], ep);
    for (i = 0; i < m; i++) {
        rbv_item *it = &t[idx[i]];
        sc_fp_mul(u, it->e, it->s, fn);                          /* z u1 */
        sc_fp_mul(u, u, it->z, fn);
        sc_fp_add(a, a, u, fn);
        sc_fp_mul(u, it->r, it->s, fn);                          /* z u2 */
        sc_fp_mul(u, u, it->z, fn);
        sc_fp_to_canon(k[np], u, fn);
        pts[np++] = it->q;
        if (it->kind == IT_KNOWN) {                              /* - z R */
            sc_fp_to_canon(k[np], it->z, fn);
            sc_ep_neg_aff(&pts[np++], &it->R, ep);
        } else {
            unk[nu++] = idx[i];
        }
    }
    sc_fp_to_canon(k[0], a, fn);
    msm_var(&D, pts, k, np, c);
    STAT_ADD(x, groups, 1);
    if (nu == 0) {
        STAT_ADD(x, candidates, 1);
        return (int)sc_ep_jac_is_inf(&D, ep);
    }
    /* D = sum +-T_j, T_j = z_j R_j: S runs through the patterns with sgn[0] = +1 */
    sc_ep_jac_set_inf(&S, ep);
    for (i = 0; i < nu; i++) {
        sc_word kz[1][SC_FP_MAXW];
        sc_ep_jac T;
        sc_fp_to_canon(kz[0], t[unk[i]].z, fn);
        msm_var(&T, &t[unk[i]].R, kz, 1, c);
        sc_ep_add_jac_var(&S, &S, &T, ep);
        sc_ep_dbl_jac(&T2[i], &T, ep);
        T2n[i] = T2[i];
        sc_ep_neg_jac(&T2n[i], &T2[i], ep);
        sgn[i] = 1;
    }
    ng = 1ul << (nu - 1);
    for (g = 0;; ) {
        STAT_ADD(x, candidates, 1);
        if (same_x(&D, &S, ep))
            return 1;
        if (++g == ng)
            return 0;
        i = 1;                                                   /* Gray code: flip 1 + ctz(g) */
        while (!((g >> (i - 1)) & 1ul))
            i++;
        sgn[i] = -sgn[i];
        sc_ep_add_jac_var(&S, &S, sgn[i] > 0 ? &T2[i] : &T2n[i], ep);
    }
}

static void rbv_range(void *ctx, size_t begin, size_t end)
{
    rbv_ctx *x = ctx;
    rbv_item t[SC_BATCH_RBV_GROUP];
    unsigned char done[SC_BATCH_RBV_GROUP];
    size_t idx[SC_BATCH_RBV_GROUP], i, j, m, nu;

    for (i = 0; i < end - begin; i++) {
        unsigned rid = x->recid ? x->recid[begin + i] : SC_BATCH_RECID_NONE;
        t[i].kind = prepare(&t[i], &x->items[begin + i], rid, x);
        done[i] = t[i].kind == IT_SINGLE;
    }
    for (i = 0; i < end - begin; i++) {
        const sc_curve *c;
        int ok;
        if (done[i])
            continue;
        c = x->items[begin + i].curve;
        for (m = nu = 0, j = i; j < end - begin; j++) {
            if (done[j] || x->items[begin + j].curve != c)
                continue;
            if (t[j].kind == IT_UNKNOWN) {
                if (nu == SC_BATCH_RBV_SIGNS)
                    continue;                                    /* the next group of this curve */
                nu++;
            }
            done[j] = 1;
            idx[m++] = j;
        }
        ok = check_group(t, idx, m, c, x);
        for (j = 0; j < m; j++)
            x->verdicts[begin + idx[j]] = ok ? SC_OK : SC_ERR_VERIFY;
        if (!ok) {
            STAT_ADD(x, groups_failed, 1);
            for (j = 0; j < m; j++)
                t[idx[j]].kind = IT_SINGLE;
        }
    }
    for (i = 0; i < end - begin; i++)
        if (t[i].kind == IT_SINGLE) {
            STAT_ADD(x, singles, 1);
            x->verdicts[begin + i] = single(&x->items[begin + i]);
        }
}

sc_err sc_batch_verify_rbv(sc_batch_pool *pool, sc_err *verdicts, const sc_batch_verify_item *items,
                           const uint8_t *recid, size_t n, sc_batch_rbv_stats *stats)
{
    rbv_ctx x;
    size_t per, i;
    if (stats)
        memset(stats, 0, sizeof *stats);
    if (n == 0)
        return SC_OK;
    if (!verdicts || !items)
        return SC_ERR_ARG;
    memset(&x, 0, sizeof x);
    x.items = items;
    x.recid = recid;
    x.verdicts = verdicts;
    /* groups of SC_BATCH_RBV_GROUP, or smaller so that every thread gets one */
    per = (n + sc_batch_pool_threads(pool) - 1u) / sc_batch_pool_threads(pool);
    sc_batch_run(pool, rbv_range, &x, n, per < SC_BATCH_RBV_GROUP ? per : SC_BATCH_RBV_GROUP);
    if (stats)
        *stats = x.st;
    for (i = 0; i < n; i++)
        if (verdicts[i] != SC_OK)
            return SC_ERR_VERIFY;
    return SC_OK;
}
