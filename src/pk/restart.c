/* Restartable operations (restart.h): each operation is a sequence of units
 * of bounded work, run by sc_op_step while they fit in its budget.
 *
 * k*P and k*G are the co-Z Montgomery ladder of sc_ec_mul_ladder
 * (src/ec/ec_internal.h: a unit per half of a ladder bit), its final
 * inversion a Fermat chain of one field operation per unit
 * (src/fp/inv_steps.h); the modular inversions of ECDSA (k^-1 mod n, s^-1
 * mod n) are the same chain over the scalar field.  These are the one-shot
 * calls' formulas, so the results are the same bytes (tests/test_restart.c
 * checks it for every curve, limb width and budget). */
#include "pk_internal.h"
#include <seacurve/restart.h>
#include <seacurve/rng.h>
#include "ec/ec_internal.h"
#include "fp/inv_steps.h"
#include <limits.h>
#include <string.h>

/* Unit weights in field multiplications (a squaring counts as one). */
enum {
    W_LSTART = 12,   /* the ladder's top bit: a Jacobian doubling and 3M + 1S */
    W_ADDC = 8,      /* XYCZ-ADDC: 5M + 3S */
    W_ADD = 6,       /* XYCZ-ADD: 4M + 2S */
    W_PRE = 17,      /* the ladder's last bit: 12M + 5S */
    W_POST = 5,      /* the affine result: 4M + 1S */
    W_INV = 1,       /* one squaring or multiplication of an inversion mod p */
    W_INVN = 2,      /* one of an inversion mod n (the scalar field's reducer is the slower:
                      * about twice the cycles of p's on the mote, secp160r1) */
    W_SMALL = 4,     /* conversions and at most 4M of ECDSA's scalar arithmetic */
    W_VADD = 12,     /* verification's mixed addition: 8M + 3S (or a doubling) */
    W_HMAC = 48,     /* one HMAC-SHA-256 of RFC 6979's HMAC-DRBG: 4 to 6 compressions */
    W_HASH = 64      /* one candidate key (sc_random and its validation) */
};

enum { OP_IDLE = 0, OP_KEYGEN, OP_PUBKEY, OP_SIGN, OP_VERIFY, OP_ECDH, OP_DELIVER };

/* The scalar multiplication in units: ladder start, (ADDC, ADD) per bit, last
 * bit, inversion chain, affine result. */
enum { M_START = 0, M_ADDC, M_ADD, M_PRE, M_INV, M_POST };

typedef struct {
    sc_ec_ladder_op lad;
    sc_fe num;
    sc_fp_inv_steps inv;
} mul_engine;

/* Phases of the operations around the scalar multiplications. */
enum {
    PH_MUL = 0,      /* in the engine (sub-phase mph) */
    PH_OUT,          /* public key / shared secret: encode */
    PH_DRBG,         /* sign: RFC 6979 set-up, one HMAC per unit (sub: 0-3) */
    PH_GEN,          /* sign: V = HMAC(K, V), candidate bytes (sub: bytes out so far) */
    PH_UPD,          /* sign: the update after generate (sub 0: K, 1: V) */
    PH_NONCE,        /* sign: the candidate k tested */
    PH_R,            /* sign: r = x(kG) mod n, start k^-1 */
    PH_KINV,         /* sign: the chain of k^-1 */
    PH_S,            /* sign: s, the signature (SC_FAULT_CHECKS >= 2: start s^-1) */
    PH_CINV,         /* sign's check: the chain of s^-1 */
    PH_CT,           /* sign's check: t = s^-1 (e + r d), then t G in the engine */
    PH_CX,           /* sign's check: x(tG) mod n == r, the signature */
    PH_W,            /* verify: start s^-1 */
    PH_WINV,         /* verify: the chain of s^-1 */
    PH_U,            /* verify: u1, u2 */
    PH_VADD,         /* verify: u1 G + u2 Q, start 1/Z */
    PH_ZINV,         /* verify: the chain of 1/Z */
    PH_X             /* verify: x mod n == r */
};

typedef struct {
    const sc_curve *c;
    uint8_t kind, ph, mph, second;   /* second: verify's second multiplication, sign's check */
    uint8_t compressed, tries, inf1, sub;
    uint8_t *out;
    size_t outcap;
    size_t *outlen;
    sc_err result;                   /* OP_DELIVER: the result to return */
    sc_pk_point pt;                  /* a multiplication's result */
    mul_engine m;
    union {
        struct {                     /* pubkey, ECDH */
            sc_fe d;
            sc_pk_point q;
        } k;
        struct {                     /* sign */
            sc_fe d, e, k, r;
#if SC_FAULT_CHECKS >= 2
            sc_fe dc, ec;            /* the check's own copies of d and e, loaded apart */
#endif
            sc_hmac_drbg drbg;
            uint8_t t[SC_FP_MAXBYTES];   /* the candidate's bytes */
            const uint8_t *extra;
            size_t extralen;
            sc_hash_alg alg;
        } s;
        struct {                     /* verify */
            sc_fe r, u1, u2;
            union {
                sc_pk_point q;
                sc_ep_jac acc;
            } u;
            sc_pk_point p1;
        } v;
        struct {                     /* a result made by a one-shot call (binary curves), keygen */
            uint8_t buf[1 + 2 * SC_FP_MAXBYTES];
            size_t len;
        } b;
    } u;
} op_state;

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(op_state) <= sizeof(sc_op), "SC_OP_WORDS too small for the operations' state");
#endif

static op_state *st_of(sc_op *op)
{
    return (op_state *)(void *)op;
}

static void end_op(op_state *s)
{
    sc_memzero(s, sizeof(sc_op));
}

/* ---- the scalar multiplication engine ---- */

static unsigned mul_weight(const op_state *s)
{
    switch (s->mph) {
    case M_START: return W_LSTART;
    case M_ADDC: return W_ADDC;
    case M_ADD: return W_ADD;
    case M_PRE: return W_PRE;
    case M_INV: return W_INV;
    default: return W_POST;
    }
}

/* One unit of k*P; k, p are read by M_START only.  Returns SC_IN_PROGRESS,
 * or the multiplication's result (in s->pt). */
static sc_err mul_unit(op_state *s, const sc_word *k, const sc_ep_aff *p)
{
    const sc_ep_curve *c = s->c->ep;
    mul_engine *m = &s->m;
    sc_err e;
    switch (s->mph) {
    case M_START:
        sc_ec_ladder_start(&m->lad, k, p, c);
        s->mph = sc_ec_ladder_bits(&m->lad) > 1 ? M_ADDC : M_PRE;
        return SC_IN_PROGRESS;
    case M_ADDC:
        sc_ec_ladder_addc(&m->lad, c);
        s->mph = M_ADD;
        return SC_IN_PROGRESS;
    case M_ADD:
        sc_ec_ladder_add(&m->lad, c);
        s->mph = sc_ec_ladder_bits(&m->lad) > 1 ? M_ADDC : M_PRE;
        return SC_IN_PROGRESS;
    case M_PRE: {
        sc_fe den;
        sc_ec_ladder_pre(m->num, den, &m->lad, c);
        sc_fp_inv_steps_start(&m->inv, den, c->fp);
        sc_memzero(den, sizeof den);
        s->mph = M_INV;
        return SC_IN_PROGRESS;
    }
    case M_INV:
        if (sc_fp_inv_steps_step(&m->inv, c->fp))
            s->mph = M_POST;
        return SC_IN_PROGRESS;
    default:
        e = sc_ec_ladder_post(&s->pt.ep, &m->lad, m->inv.acc, m->num, c);
        sc_memzero(m, sizeof *m);
        s->mph = M_START;
        return e;
    }
}

/* ---- start calls ---- */

static sc_err start_common(sc_op *op)
{
    if (!op)
        return SC_ERR_ARG;
    sc_memzero(op, sizeof *op);
    return SC_OK;
}

/* An operation whose result the start call has already made (binary curves):
 * the first step delivers it. */
static sc_err start_deliver(op_state *s, sc_err result, uint8_t *out, size_t len, size_t *outlen)
{
    s->kind = OP_DELIVER;
    s->result = result;
    s->out = out;
    s->outlen = outlen;
    s->u.b.len = len;
    return SC_IN_PROGRESS;
}

sc_err sc_keygen_start(sc_op *op, const sc_curve *c, uint8_t *priv, size_t privlen)
{
    op_state *s = st_of(op);
    if (!priv || start_common(op) != SC_OK)
        return SC_ERR_ARG;
    if (!c) {
        memset(priv, 0, privlen);
        return SC_ERR_ARG;
    }
    if (privlen != c->nlen) {
        memset(priv, 0, privlen);
        return SC_ERR_LENGTH;
    }
    s->c = c;
    s->kind = OP_KEYGEN;
    s->out = priv;
    s->outcap = privlen;
    return SC_IN_PROGRESS;
}

sc_err sc_pubkey_start(sc_op *op, const sc_curve *c, uint8_t *pub, size_t *publen, int compressed,
                       const uint8_t *priv, size_t privlen)
{
    op_state *s = st_of(op);
    sc_err e = SC_ERR_ARG;
    size_t cap;
    if (!pub || !publen || start_common(op) != SC_OK)
        return SC_ERR_ARG;
    cap = *publen;
    if (c && priv && (e = sc_pk_load_scalar(s->u.k.d, c, priv, privlen)) == SC_OK &&
        cap < (compressed ? 1u + c->flen : 1u + 2u * c->flen))
        e = SC_ERR_BUFFER;
    if (e != SC_OK) {
        end_op(s);
        memset(pub, 0, cap);
        *publen = 0;
        return e;
    }
    s->c = c;
    s->out = pub;
    s->outcap = cap;
    s->outlen = publen;
    s->compressed = compressed != 0;
    if (SC_PK_BINARY(c)) {
        size_t n = sizeof s->u.b.buf;
        sc_memzero(s->u.k.d, sizeof s->u.k.d);
        e = sc_pubkey(c, s->u.b.buf, &n, compressed, priv, privlen);
        return start_deliver(s, e, pub, n, publen);
    }
    s->kind = OP_PUBKEY;
    sc_ep_generator(&s->u.k.q.ep, c->ep);
    return SC_IN_PROGRESS;
}

sc_err sc_ecdh_start(sc_op *op, const sc_curve *c, uint8_t *secret, size_t secretlen,
                     const uint8_t *priv, size_t privlen, const uint8_t *peer, size_t peerlen)
{
    op_state *s = st_of(op);
    sc_err e;
    if (!secret || start_common(op) != SC_OK)
        return SC_ERR_ARG;
    if (!c || !priv || !peer)
        e = SC_ERR_ARG;
    else if (secretlen != c->flen)
        e = SC_ERR_LENGTH;
    else if ((e = sc_pk_decode_point(&s->u.k.q, c, peer, peerlen)) == SC_OK)
        e = sc_pk_load_scalar(s->u.k.d, c, priv, privlen);
    if (e != SC_OK) {
        end_op(s);
        memset(secret, 0, secretlen);
        return e;
    }
    s->c = c;
    s->out = secret;
    s->outcap = secretlen;
    if (SC_PK_BINARY(c)) {
        sc_memzero(&s->u.k, sizeof s->u.k);
        e = sc_ecdh(c, s->u.b.buf, secretlen, priv, privlen, peer, peerlen);
        return start_deliver(s, e, secret, secretlen, NULL);
    }
    s->kind = OP_ECDH;
    return SC_IN_PROGRESS;
}

sc_err sc_ecdsa_sign_start(sc_op *op, const sc_curve *c, uint8_t *sig, size_t siglen,
                           const uint8_t *digest, size_t digestlen, sc_hash_alg alg,
                           const uint8_t *priv, size_t privlen,
                           const uint8_t *extra, size_t extralen)
{
    op_state *s = st_of(op);
    sc_err e = SC_OK;
    if (!sig || start_common(op) != SC_OK)
        return SC_ERR_ARG;
    if (!c || !digest || !priv || (!extra && extralen))
        e = SC_ERR_ARG;
    else if (siglen != 2u * c->nlen)
        e = SC_ERR_LENGTH;
    else if (sc_hash_len(alg) == 0)
        e = SC_ERR_HASH;
    else
        e = sc_pk_load_scalar(s->u.s.d, c, priv, privlen);
    if (e != SC_OK) {
        end_op(s);
        memset(sig, 0, siglen);
        return e;
    }
    s->c = c;
    s->out = sig;
    s->outcap = siglen;
    if (SC_PK_BINARY(c)) {
        sc_memzero(&s->u.s, sizeof s->u.s);
        e = sc_ecdsa_sign(c, s->u.b.buf, siglen, digest, digestlen, alg, priv, privlen, extra, extralen);
        return start_deliver(s, e, sig, siglen, NULL);
    }
    sc_pk_digest_to_scalar(s->u.s.e, c, digest, digestlen);
#if SC_FAULT_CHECKS >= 2
    (void)sc_pk_load_scalar(s->u.s.dc, c, priv, privlen);   /* valid: loaded above */
    sc_pk_digest_to_scalar(s->u.s.ec, c, digest, digestlen);
#endif
    s->u.s.extra = extra;
    s->u.s.extralen = extralen;
    s->u.s.alg = alg;
    s->kind = OP_SIGN;
    s->ph = PH_DRBG;
    return SC_IN_PROGRESS;
}

sc_err sc_ecdsa_verify_start(sc_op *op, const sc_curve *c, const uint8_t *sig, size_t siglen,
                             const uint8_t *digest, size_t digestlen,
                             const uint8_t *pub, size_t publen)
{
    op_state *s = st_of(op);
    sc_err e;
    if (start_common(op) != SC_OK)
        return SC_ERR_ARG;
    if (!c || !sig || !digest || !pub)
        e = SC_ERR_ARG;
    else if (siglen != 2u * c->nlen)
        e = SC_ERR_LENGTH;
    else if ((e = sc_pk_decode_point(&s->u.v.u.q, c, pub, publen)) == SC_OK &&
             (sc_pk_load_scalar(s->u.v.r, c, sig, c->nlen) != SC_OK ||
              sc_pk_load_scalar(s->u.v.u2, c, sig + c->nlen, c->nlen) != SC_OK))
        e = SC_ERR_SIG_RANGE;
    if (e != SC_OK) {
        end_op(s);
        return e;
    }
    s->c = c;
    if (SC_PK_BINARY(c)) {
        sc_memzero(&s->u.v, sizeof s->u.v);
        e = sc_ecdsa_verify(c, sig, siglen, digest, digestlen, pub, publen);
        return start_deliver(s, e, NULL, 0, NULL);
    }
    sc_pk_digest_to_scalar(s->u.v.u1, c, digest, digestlen);
    s->kind = OP_VERIFY;
    s->ph = PH_W;
    return SC_IN_PROGRESS;
}

/* ---- the units of each operation ---- */

static unsigned weight(const op_state *s)
{
    switch (s->kind) {
    case OP_KEYGEN:
        return W_HASH;
    case OP_DELIVER:
        return 1;
    default:
        break;
    }
    switch (s->ph) {
    case PH_MUL: return mul_weight(s);
    case PH_DRBG:
    case PH_GEN:
    case PH_UPD: return W_HMAC;
    case PH_KINV:
    case PH_CINV:
    case PH_WINV: return W_INVN;
    case PH_ZINV: return W_INV;
    case PH_VADD: return W_VADD;
    default: return W_SMALL;
    }
}

static sc_err unit_keygen(op_state *s)
{
    const sc_curve *c = s->c;
    unsigned top = c->nbits % 8u;
    sc_err e;
    if ((e = sc_random(s->u.b.buf, c->nlen)) != SC_OK)
        return e;
    if (top)
        s->u.b.buf[0] &= (uint8_t)((1u << top) - 1u);
    if (sc_priv_validate(c, s->u.b.buf, c->nlen) == SC_OK) {
        memcpy(s->out, s->u.b.buf, c->nlen);
        return SC_OK;
    }
    return ++s->tries == 64 ? SC_ERR_RNG : SC_IN_PROGRESS;
}

/* pubkey, ECDH: d*G or d*Q, then the encoding */
static sc_err unit_mul_out(op_state *s)
{
    const sc_curve *c = s->c;
    sc_err e;
    if (s->ph == PH_MUL) {
        e = mul_unit(s, s->u.k.d, &s->u.k.q.ep);
        if (s->mph == M_ADDC || s->mph == M_PRE)
            sc_memzero(s->u.k.d, sizeof s->u.k.d);    /* in the ladder's state now */
        if (e == SC_OK)
            s->ph = PH_OUT;
        return e == SC_OK ? SC_IN_PROGRESS : e;
    }
#if SC_FAULT_CHECKS >= 1
    if ((e = sc_pk_check_point(&s->pt, c)) != SC_OK)
        return e;
#endif
    if (s->kind == OP_ECDH) {
        sc_pk_x_to_bytes(s->out, &s->pt, c);
        return SC_OK;
    }
    e = sc_pk_encode_point(s->out, &s->outcap, &s->pt, c, s->compressed);
    if (e == SC_OK) {
        SC_DECLASSIFY(s->out, s->outcap);
        *s->outlen = s->outcap;
    }
    return e;
}

static sc_err unit_sign(op_state *s)
{
    const sc_curve *c = s->c;
    const sc_fp_field *fn = c->fn;
    uint8_t t[SC_FP_MAXBYTES], h1[SC_FP_MAXBYTES];
    sc_hmac_drbg *drbg;
    size_t hl, n;
    sc_fe x;
    sc_err e;
    int retry;
    switch (s->ph) {
    case PH_DRBG:   /* RFC 6979 3.2 b-g (HMAC_DRBG instantiate, SP 800-90A 10.1.2.3):
                     * K = HMAC_K(V || 0x00 || int2octets(x) || bits2octets(h1) [|| extra]),
                     * V = HMAC_K(V), the same with 0x01; one HMAC per unit */
        drbg = &s->u.s.drbg;
        hl = sc_hash_len(s->u.s.alg);
        if (s->sub == 0) {
            drbg->alg = s->u.s.alg;
            memset(drbg->k, 0, sizeof drbg->k);
            memset(drbg->v, 0x01, hl);
        }
        if (s->sub & 1u) {
            sc_hmac(drbg->alg, drbg->v, drbg->k, hl, drbg->v, hl);
        } else {
            uint8_t sep = (uint8_t)(s->sub >> 1);
            sc_hmac_ctx h;
            sc_mp_to_be(t, c->nlen, s->u.s.d, fn->nw);
            sc_fp_to_bytes(h1, s->u.s.e, fn);
            sc_hmac_init(&h, drbg->alg, drbg->k, hl);
            sc_hmac_update(&h, drbg->v, hl);
            sc_hmac_update(&h, &sep, 1);
            sc_hmac_update(&h, t, c->nlen);
            sc_hmac_update(&h, h1, c->nlen);
            sc_hmac_update(&h, s->u.s.extra, s->u.s.extralen);
            sc_hmac_final(&h, drbg->k);
            sc_memzero(t, sizeof t);
        }
        if (++s->sub == 4) {
            s->sub = 0;
            s->ph = PH_GEN;
        }
        return SC_OK;
    case PH_GEN:    /* RFC 6979 3.2 h.2: V = HMAC_K(V), T = T || V until nlen bytes */
        drbg = &s->u.s.drbg;
        hl = sc_hash_len(drbg->alg);
        sc_hmac(drbg->alg, drbg->v, drbg->k, hl, drbg->v, hl);
        n = (size_t)c->nlen - s->sub;
        if (n > hl)
            n = hl;
        memcpy(s->u.s.t + s->sub, drbg->v, n);
        s->sub = (uint8_t)(s->sub + n);
        if (s->sub == c->nlen) {
            s->sub = 0;
            s->ph = PH_UPD;
        }
        return SC_OK;
    case PH_UPD:    /* RFC 6979 3.2 h.3: K = HMAC_K(V || 0x00), V = HMAC_K(V) */
        drbg = &s->u.s.drbg;
        hl = sc_hash_len(drbg->alg);
        if (s->sub == 0) {
            uint8_t z = 0;
            sc_hmac_ctx h;
            sc_hmac_init(&h, drbg->alg, drbg->k, hl);
            sc_hmac_update(&h, drbg->v, hl);
            sc_hmac_update(&h, &z, 1);
            sc_hmac_final(&h, drbg->k);
            s->sub = 1;
        } else {
            sc_hmac(drbg->alg, drbg->v, drbg->k, hl, drbg->v, hl);
            s->sub = 0;
            s->ph = PH_NONCE;
        }
        return SC_OK;
    case PH_NONCE:  /* k = bits2int(T), rejected when not in [1, n-1] */
        if (s->tries == 64)
            return SC_ERR_RNG;
        s->tries++;
        sc_pk_keep_leftmost_bits(s->u.s.t, c->nlen, c->nbits);
        if (sc_pk_load_scalar(s->u.s.k, c, s->u.s.t, c->nlen) == SC_OK) {
            s->ph = PH_MUL;
            s->mph = M_START;
        } else {
            s->ph = PH_GEN;
        }
        sc_memzero(s->u.s.t, sizeof s->u.s.t);
        return SC_OK;
    case PH_MUL: {
        sc_ep_aff g;
        if (s->mph == M_START)
            sc_ep_generator(&g, c->ep);
        e = mul_unit(s, s->second ? s->u.s.d : s->u.s.k, &g);
        if (e == SC_IN_PROGRESS)
            return SC_OK;
        if (s->second) {                          /* the check's t G */
            s->ph = PH_CX;
            return e == SC_OK ? SC_OK : SC_ERR_FAULT;
        }
        s->ph = e == SC_OK ? PH_R : PH_GEN;      /* kG = O: another k */
        return SC_OK;
    }
    case PH_R:      /* r = x(kG) mod n; k^-1 by the chain */
#if SC_FAULT_CHECKS >= 1
        if ((e = sc_pk_check_point(&s->pt, c)) != SC_OK)
            return e;
#endif
        sc_pk_x_to_bytes(t, &s->pt, c);
        sc_fp_from_bytes_reduce(s->u.s.r, t, c->flen, fn);
        sc_memzero(&s->pt, sizeof s->pt);
        sc_memzero(t, sizeof t);
        sc_fp_from_canon(x, s->u.s.k, fn);
        sc_fp_inv_steps_start(&s->m.inv, x, fn);
        sc_memzero(x, sizeof x);
        s->ph = PH_KINV;
        return SC_OK;
    case PH_KINV:
        if (sc_fp_inv_steps_step(&s->m.inv, fn))
            s->ph = PH_S;
        return SC_OK;
#if SC_FAULT_CHECKS >= 2
    /* The check of sc_pk_sign_check (src/pk/ecdsa.c) in units: s^-1 by the
     * chain (s, public, in k's place: k is no longer needed), t = s^-1 (e + r d)
     * from the check's own copies of d and e (a fault in the copies signing
     * reads twice makes the two disagree), in d's place, t G in the engine,
     * x(tG) mod n against r; the signature is written out only when it holds. */
    case PH_CINV:
        if (sc_fp_inv_steps_step(&s->m.inv, fn))
            s->ph = PH_CT;
        return SC_OK;
    case PH_CT:
        sc_fp_from_canon(x, s->u.s.dc, fn);
        sc_fp_mul(x, x, s->u.s.r, fn);
        sc_fp_add(x, x, s->u.s.ec, fn);
        sc_fp_mul(x, s->m.inv.acc, x, fn);
        sc_fp_to_canon(s->u.s.d, x, fn);
        sc_memzero(&s->m, sizeof s->m);
        sc_memzero(x, sizeof x);
        s->second = 1;
        s->ph = PH_MUL;
        s->mph = M_START;
        return SC_OK;
    case PH_CX:
        sc_pk_x_to_bytes(t, &s->pt, c);
        sc_fp_from_bytes_reduce(x, t, c->flen, fn);
        sc_memzero(&s->pt, sizeof s->pt);
        sc_memzero(t, sizeof t);
        retry = sc_fp_eq(x, s->u.s.r, fn) != 0;
        SC_DECLASSIFY(&retry, sizeof retry);      /* the verdict is public */
        sc_memzero(x, sizeof x);
        if (!retry)
            return SC_ERR_FAULT;
        sc_fp_to_bytes(s->out, s->u.s.r, fn);
        sc_fp_to_bytes(s->out + c->nlen, s->u.s.k, fn);
        SC_DECLASSIFY(s->out, 2u * c->nlen);
        s->kind = OP_IDLE;
        return SC_OK;
#endif
    default:        /* s = k^-1 (e + r d) */
        sc_fp_from_canon(x, s->u.s.d, fn);
        sc_fp_mul(x, x, s->u.s.r, fn);
        sc_fp_add(x, x, s->u.s.e, fn);
        sc_fp_mul(x, s->m.inv.acc, x, fn);
        sc_memzero(&s->m, sizeof s->m);
        retry = (sc_fp_is_zero(s->u.s.r, fn) | sc_fp_is_zero(x, fn)) != 0;
        SC_DECLASSIFY(&retry, sizeof retry);
        if (retry) {
            sc_memzero(x, sizeof x);
            s->ph = PH_GEN;
            return SC_OK;
        }
#if SC_FAULT_CHECKS >= 2
        sc_fp_copy(s->u.s.k, x, fn);              /* s, public: k's place */
        SC_DECLASSIFY(s->u.s.k, sizeof s->u.s.k);
        sc_fp_inv_steps_start(&s->m.inv, x, fn);
        sc_memzero(x, sizeof x);
        s->ph = PH_CINV;
        return SC_OK;
#endif
        sc_fp_to_bytes(s->out, s->u.s.r, fn);
        sc_fp_to_bytes(s->out + c->nlen, x, fn);
        SC_DECLASSIFY(s->out, 2u * c->nlen);
        sc_memzero(x, sizeof x);
        s->kind = OP_IDLE;        /* finished: signals the caller */
        return SC_OK;
    }
}

static sc_err unit_verify(op_state *s)
{
    const sc_curve *c = s->c;
    const sc_fp_field *fn = c->fn;
    const sc_fp_field *fp = c->ep->fp;
    uint8_t xb[SC_FP_MAXBYTES];
    sc_fe t;
    sc_err e;
    switch (s->ph) {
    case PH_W:      /* SEC1 4.1.4 steps 4-5: w = s^-1 (s in u2) */
        sc_fp_from_canon(t, s->u.v.u2, fn);
        sc_fp_inv_steps_start(&s->m.inv, t, fn);
        s->ph = PH_WINV;
        return SC_IN_PROGRESS;
    case PH_WINV:
        if (sc_fp_inv_steps_step(&s->m.inv, fn))
            s->ph = PH_U;
        return SC_IN_PROGRESS;
    case PH_U:      /* u1 = e w, u2 = r w (canonical) */
        sc_fp_mul(s->u.v.u1, s->u.v.u1, s->m.inv.acc, fn);
        sc_fp_from_canon(t, s->u.v.r, fn);
        sc_fp_mul(s->u.v.u2, t, s->m.inv.acc, fn);
        sc_fp_to_canon(s->u.v.u1, s->u.v.u1, fn);
        sc_fp_to_canon(s->u.v.u2, s->u.v.u2, fn);
        sc_memzero(&s->m, sizeof s->m);
        s->ph = PH_MUL;
        s->mph = M_START;
        return SC_IN_PROGRESS;
    case PH_MUL:    /* u1 G, then u2 Q */
        if (!s->second) {
            sc_ep_aff g;
            if (s->mph == M_START)
                sc_ep_generator(&g, c->ep);
            e = mul_unit(s, s->u.v.u1, &g);
            if (e == SC_IN_PROGRESS)
                return e;
            s->inf1 = e != SC_OK;
            s->u.v.p1 = s->pt;
            s->second = 1;
            return SC_IN_PROGRESS;
        }
        e = mul_unit(s, s->u.v.u2, &s->u.v.u.q.ep);
        if (e == SC_IN_PROGRESS)
            return e;
        if (e != SC_OK)        /* u2 Q = O: impossible for u2 != 0 and Q of order n */
            return SC_ERR_VERIFY;
        s->ph = PH_VADD;
        return SC_IN_PROGRESS;
    case PH_VADD:   /* R = u1 G + u2 Q (complete addition), 1/Z by the chain */
        sc_ep_jac_from_aff(&s->u.v.u.acc, &s->pt.ep, c->ep);
        if (!s->inf1)
            sc_ep_add_mixed_var(&s->u.v.u.acc, &s->u.v.u.acc, &s->u.v.p1.ep, c->ep);
        if (sc_ep_jac_is_inf(&s->u.v.u.acc, c->ep))
            return SC_ERR_VERIFY;
        sc_fp_inv_steps_start(&s->m.inv, s->u.v.u.acc.z, fp);
        s->ph = PH_ZINV;
        return SC_IN_PROGRESS;
    case PH_ZINV:
        if (sc_fp_inv_steps_step(&s->m.inv, fp))
            s->ph = PH_X;
        return SC_IN_PROGRESS;
    default:        /* x(R) = X / Z^2; x mod n == r */
        sc_fp_sqr(t, s->m.inv.acc, fp);
        sc_fp_mul(t, s->u.v.u.acc.x, t, fp);
        sc_fp_to_bytes(xb, t, fp);
        sc_fp_from_bytes_reduce(t, xb, c->flen, fn);
        sc_fp_to_canon(t, t, fn);
        return sc_mp_cmp(t, s->u.v.r, fn->nw) == 0 ? SC_OK : SC_ERR_VERIFY;
    }
}

static sc_err unit(op_state *s)
{
    sc_err e;
    switch (s->kind) {
    case OP_KEYGEN:
        return unit_keygen(s);
    case OP_PUBKEY:
    case OP_ECDH:
        return unit_mul_out(s);
    case OP_SIGN:
        e = unit_sign(s);
        if (e != SC_OK)
            return e;
        return s->kind == OP_IDLE ? SC_OK : SC_IN_PROGRESS;
    case OP_VERIFY:
        return unit_verify(s);
    default:        /* OP_DELIVER */
        if (s->out && s->u.b.len)
            memcpy(s->out, s->u.b.buf, s->u.b.len);
        if (s->outlen)
            *s->outlen = s->u.b.len;
        return s->result;
    }
}

/* Zeroed outputs on failure, as the one-shot calls leave them. */
static void fail_outputs(op_state *s, int kind)
{
    if (!s->out)
        return;
    memset(s->out, 0, s->outcap);
    if (kind == OP_PUBKEY || (kind == OP_DELIVER && s->outlen)) {
        memset(s->out, 0, s->outcap);
        *s->outlen = 0;
    }
}

sc_err sc_op_step(sc_op *op, unsigned budget)
{
    op_state *s = st_of(op);
    unsigned left = budget ? budget : UINT_MAX, w;
    int first = 1, kind;
    sc_err e;
    if (!op || s->kind == OP_IDLE)
        return SC_ERR_ARG;
    kind = s->kind;
    for (;;) {
        w = weight(s);
        if (!first && w > left)
            return SC_IN_PROGRESS;
        e = unit(s);
        if (e != SC_IN_PROGRESS)
            break;
        left = w >= left ? 0 : left - w;
        first = 0;
    }
    if (e != SC_OK)
        fail_outputs(s, kind);
    end_op(s);
    return e;
}

void sc_op_abort(sc_op *op)
{
    if (op)
        sc_memzero(op, sizeof *op);
}
