/* ECDSA, SEC1 v2 section 4.1 (FIPS 186-4 6.4), with RFC 6979 deterministic nonces
 * (optionally hedged with extra data as in RFC 6979 3.6). */
#include "pk_internal.h"
#include <string.h>

/* Verification on a prime curve compares x(R) with r in Jacobian coordinates
 * (sc_pk_mul2_xeq_var: X against r Z^2 and (r + n) Z^2, no inversion) when 1;
 * by the affine x(R) (one inversion) when 0.  Default: 1 on the gateway
 * (64-bit limbs), 0 on the motes, whose verification keeps its stack (the
 * Jacobian R would add a field element to the deepest frame); the tests
 * check both on every limb width through the ec functions. */
#ifndef SC_ECDSA_VERIFY_JAC
#  if SC_WORD_BITS == 64
#    define SC_ECDSA_VERIFY_JAC 1
#  else
#    define SC_ECDSA_VERIFY_JAC 0
#  endif
#endif

/* bits2int on a buffer of exactly nlen bytes: keep the leftmost nbits bits. */
void sc_pk_keep_leftmost_bits(uint8_t *buf, size_t nlen, unsigned nbits)
{
    unsigned shift = (unsigned)(nlen * 8u - nbits), carry = 0;
    size_t i;
    if (!shift)
        return;
    for (i = 0; i < nlen; i++) {
        unsigned b = buf[i];
        buf[i] = (uint8_t)((b >> shift) | carry);
        carry = (b << (8u - shift)) & 0xffu;
    }
}

void sc_pk_digest_to_scalar(sc_word *e, const sc_curve *c, const uint8_t *digest, size_t len)
{
    uint8_t buf[SC_FP_MAXBYTES];
    size_t take = len < c->nlen ? len : c->nlen;
    memcpy(buf, digest, take);
    /* Only a digest of at least nlen bytes can be longer than n (nlen*8 - nbits < 8). */
    if (len >= c->nlen)
        sc_pk_keep_leftmost_bits(buf, c->nlen, c->nbits);
    sc_fp_from_bytes_reduce(e, buf, take, c->fn);
}

#if defined(__GNUC__)
#  define PK_NOINLINE __attribute__((noinline))
#else
#  define PK_NOINLINE
#endif

/* s = k^-1 (e + r d) (SEC1 4.1.3 step 6) with r in fn's internal form, k
 * canonical, d from the (validated) key bytes and e from the digest: both
 * are loaded here, so that no caller holds them across the fixed-base
 * multiplication, and s holds e, then k^-1, so that t is the only local
 * beside the inversion (stack on the mote).  s must not alias r or k.
 * Constant time. */
PK_NOINLINE static void sign_s(sc_word *s, const sc_curve *c, const sc_word *k, const uint8_t *priv,
                               const uint8_t *digest, size_t digestlen, const sc_word *r)
{
    const sc_fp_field *fn = c->fn;
    sc_fe t;
    (void)sc_pk_load_scalar(t, c, priv, c->nlen);   /* d, validated by the caller */
    sc_fp_from_canon(t, t, fn);
    sc_fp_mul(t, t, r, fn);
    sc_pk_digest_to_scalar(s, c, digest, digestlen);
    sc_fp_add(t, t, s, fn);                         /* e + r*d */
    sc_fp_from_canon(s, k, fn);
    sc_fp_inv(s, s, fn);                            /* k^-1, constant time */
    sc_fp_mul(s, s, t, fn);
    sc_memzero(t, sizeof t);
}

/* (r, s) for nonce k (canonical, 1 <= k < n), the key priv (c->nlen bytes,
 * 1 <= d < n) and the digest.  Returns 1 when kG = O or r or s is zero (the
 * caller must pick another k), -1 when kG fails its fault check (SC_FAULT_CHECKS
 * >= 1: not on the curve), else 0.  The point R = kG is the only local
 * beside the fixed-base multiplication: x(R) goes to r through sig as
 * scratch (c->flen <= 2 c->nlen bytes: n > p / 4 by Hasse's bound with a
 * cofactor of at most 4), and r and s overlay R once x(R) is out. */
static int sign_core(uint8_t *sig, const sc_curve *c, const sc_word *k, const uint8_t *priv,
                     const uint8_t *digest, size_t digestlen)
{
    const sc_fp_field *fn = c->fn;
    union {
        sc_pk_point R;
        struct {
            sc_fe r, s;
        } rs;
    } u;
    int retry;

    retry = sc_pk_mul_gen(&u.R, k, c) != SC_OK;      /* SEC1 4.1.3 steps 1-3 */
#if SC_FAULT_CHECKS >= 1
    if (!retry && sc_pk_check_point(&u.R, c) != SC_OK) {
        sc_memzero(&u, sizeof u);
        return -1;
    }
#endif
    if (!retry) {
        sc_pk_x_to_bytes(sig, &u.R, c);
        sc_fp_from_bytes_reduce(u.rs.r, sig, c->flen, fn);   /* r = x(R) mod n */
        sign_s(u.rs.s, c, k, priv, digest, digestlen, u.rs.r);
        retry = (sc_fp_is_zero(u.rs.r, fn) | sc_fp_is_zero(u.rs.s, fn)) != 0;
        SC_DECLASSIFY(&retry, sizeof retry);
    }
    if (!retry) {
        sc_fp_to_bytes(sig, u.rs.r, fn);
        sc_fp_to_bytes(sig + c->nlen, u.rs.s, fn);
        SC_DECLASSIFY(sig, 2u * c->nlen);   /* the signature is public */
    }
    sc_memzero(&u, sizeof u);
    return retry;
}

sc_err sc_ecdsa_sign_with_k(const sc_curve *c, uint8_t *sig, size_t siglen,
                            const uint8_t *digest, size_t digestlen,
                            const uint8_t *priv, size_t privlen,
                            const uint8_t *k, size_t klen)
{
    sc_fe kk;
    sc_err err;
#if SC_FAULT_CHECKS >= 2
    uint8_t out[2 * SC_FP_MAXBYTES];   /* the signature until it passes its check (sc_ecdsa_sign) */
#endif
    if (!sig)
        return SC_ERR_ARG;
    if (!c || !digest || !priv || !k)
        err = SC_ERR_ARG;
    else if (siglen != 2u * c->nlen)
        err = SC_ERR_LENGTH;
    else if ((err = sc_priv_validate(c, priv, privlen)) == SC_OK &&
             (err = sc_pk_load_scalar(kk, c, k, klen)) == SC_OK) {
#if SC_FAULT_CHECKS >= 2
        int rc = sign_core(out, c, kk, priv, digest, digestlen);
        if (rc)
            err = rc < 0 ? SC_ERR_FAULT : SC_ERR_SCALAR;
        else if (sc_pk_load_scalar(kk, c, k, klen) != SC_OK)   /* the nonce read again */
            err = SC_ERR_FAULT;
        else if ((err = sc_pk_sign_check(c, out, digest, digestlen, priv, kk)) == SC_OK)
            memcpy(sig, out, siglen);
        sc_memzero(out, sizeof out);
#elif SC_FAULT_CHECKS == 1
        int rc = sign_core(sig, c, kk, priv, digest, digestlen);
        if (rc)
            err = rc < 0 ? SC_ERR_FAULT : SC_ERR_SCALAR;
#else
        if (sign_core(sig, c, kk, priv, digest, digestlen))
            err = SC_ERR_SCALAR;
#endif
    }
    sc_memzero(kk, sizeof kk);
    if (err != SC_OK)
        memset(sig, 0, siglen);
    return err;
}

/* The fault check of signing (SC_FAULT_CHECKS >= 2, config.h; docs/security.md
 * "Fault attacks"): ECDSA verification (SEC1 v2 4.1.4) of the signature
 * sig = r || s just made with the key priv, with Q = dG folded into the equation:
 * u1 G + u2 Q = (e + r d) s^-1 G, so the check is x(t G) = r mod n for
 * t = s^-1 (e + r d) mod n, which is the nonce k when nothing was disturbed:
 * t must also equal k, the nonce as the caller derived it a second time
 * (RFC 6979 run again, or the caller's k read again), which catches a fault in
 * the derivation of the nonce (a valid signature with another nonce, one bit
 * off k, gives the key with the correct signature).  It needs no public key and
 * one constant-time fixed-base multiplication (t is secret: it equals k); d and
 * e are loaded again from priv and the digest, so that a fault in the
 * signature's own copies of them, in k*G, in k, in k^-1 or in the arithmetic
 * of s makes the equation fail.  s^-1 is taken in variable time: s is public.
 * Out of line, its locals two scalars and one point: its frame replaces
 * signing's (stack on the mote). */
PK_NOINLINE sc_err sc_pk_sign_check(const sc_curve *c, const uint8_t *sig, const uint8_t *digest,
                                    size_t digestlen, const uint8_t *priv, const sc_word *k)
{
    const sc_fp_field *fn = c->fn;
    sc_fe t, u;
    sc_pk_point T;
    uint8_t *x = (uint8_t *)u;           /* x(tG)'s bytes: flen <= SC_FP_MAXBYTES <= sizeof u */
    int ok;
    sc_err e = SC_ERR_FAULT;

    if (sc_pk_load_scalar(t, c, sig, c->nlen) == SC_OK &&            /* r */
        sc_pk_load_scalar(u, c, priv, c->nlen) == SC_OK) {           /* d */
        sc_fp_from_canon(t, t, fn);
        sc_fp_from_canon(u, u, fn);
        sc_fp_mul(t, t, u, fn);                                      /* r d */
        sc_pk_digest_to_scalar(u, c, digest, digestlen);
        sc_fp_add(t, t, u, fn);                                      /* e + r d */
        if (sc_pk_load_scalar(u, c, sig + c->nlen, c->nlen) == SC_OK) {   /* s */
            sc_fp_from_canon(u, u, fn);
            sc_fp_inv_var(u, u, fn);
            sc_fp_mul(t, t, u, fn);
            sc_fp_to_canon(t, t, fn);                                /* t = k */
            ok = sc_ct_memeq(t, k, fn->nw * sizeof(sc_word));
            if (sc_pk_mul_gen(&T, t, c) == SC_OK) {
                sc_pk_x_to_bytes(x, &T, c);
                sc_fp_from_bytes_reduce(t, x, c->flen, fn);
                sc_fp_to_bytes(x, t, fn);                            /* x(tG) mod n */
                ok &= sc_ct_memeq(x, sig, c->nlen);
                SC_DECLASSIFY(&ok, sizeof ok);                      /* the verdict is public */
                if (ok)
                    e = SC_OK;
            }
        }
    }
    sc_memzero(t, sizeof t);
    sc_memzero(u, sizeof u);
    sc_memzero(&T, sizeof T);
    return e;
}

/* RFC 6979 3.2: the nonce k (canonical) that follows `skip` valid
 * candidates, from K, V seeded with int2octets(x) || bits2octets(h1)
 * [|| extra].  The generator lives in this frame only, gone before the
 * signature is computed (stack on the mote); in the rare case that a nonce
 * gives r = 0 or s = 0, the caller asks again with skip + 1 and the same
 * sequence is drawn again from the start.  A candidate k >= n is rejected:
 * with probability about 1/2 on secp160r1 (n just above 2^160, qlen = 161),
 * far less on the others; 64 draws in a row without a nonce have
 * probability about 2^-64 at worst: SC_ERR_RNG. */
PK_NOINLINE static sc_err rfc6979_nonce(sc_word *k, const sc_curve *c, const uint8_t *priv,
                                        const uint8_t *digest, size_t digestlen, sc_hash_alg alg,
                                        const uint8_t *extra, size_t extralen, unsigned skip)
{
    uint8_t t[SC_FP_MAXBYTES];
    sc_hmac_drbg drbg;
    unsigned tries;
    sc_err err;

    sc_pk_digest_to_scalar(k, c, digest, digestlen);
    sc_fp_to_bytes(t, k, c->fn);                     /* bits2octets(h1) */
    err = sc_hmac_drbg_init(&drbg, alg, priv, c->nlen, t, c->nlen, extra, extralen);
    for (tries = 0; err == SC_OK; tries++) {
        if (tries == 64) {
            err = SC_ERR_RNG;
            break;
        }
        sc_hmac_drbg_candidate(&drbg, t, c->nlen, tries > 0);   /* RFC 6979 3.2 h.3's update, h.2 */
        sc_pk_keep_leftmost_bits(t, c->nlen, c->nbits);   /* k = bits2int(T) */
        if (sc_pk_load_scalar(k, c, t, c->nlen) == SC_OK && skip-- == 0)
            break;
    }
    sc_hmac_drbg_wipe(&drbg);
    sc_memzero(t, sizeof t);
    if (err != SC_OK)
        sc_memzero(k, sizeof(sc_fe));
    return err;
}

sc_err sc_ecdsa_sign(const sc_curve *c, uint8_t *sig, size_t siglen,
                     const uint8_t *digest, size_t digestlen, sc_hash_alg alg,
                     const uint8_t *priv, size_t privlen,
                     const uint8_t *extra, size_t extralen)
{
    sc_fe k;
    sc_err err;
    unsigned skip;
#if SC_FAULT_CHECKS >= 2
    /* Signing reads the key and the digest twice (the nonce, then s): it reads
     * copies of them, the check the caller's buffers, so that a fault in either
     * between two reads (a nonce from one value, s from another: the key
     * follows from the pair of signatures) makes the two disagree.  Only the
     * digest's leftmost nlen bytes count (bits2int, RFC 6979 2.3.2).  The
     * signature stays in `out` until it has passed the check: the caller's
     * buffer never holds a faulty one, whatever a fault does to the zeroing of
     * the error path. */
    uint8_t dk[SC_FP_MAXBYTES], dh[SC_FP_MAXBYTES], out[2 * SC_FP_MAXBYTES];
    const uint8_t *sk = dk, *sh = dh;
    uint8_t *so = out;
    size_t shl = 0;
#else
    const uint8_t *sk = priv, *sh = digest;
    uint8_t *so = sig;
    size_t shl = digestlen;
#endif

    if (!sig)
        return SC_ERR_ARG;
    if (!c || !digest || !priv || (!extra && extralen))
        err = SC_ERR_ARG;
    else if (siglen != 2u * c->nlen)
        err = SC_ERR_LENGTH;
    else if (sc_hash_len(alg) == 0)
        err = SC_ERR_HASH;
    else
        err = sc_priv_validate(c, priv, privlen);
#if SC_FAULT_CHECKS >= 2
    if (err == SC_OK) {
        shl = digestlen < c->nlen ? digestlen : c->nlen;
        memcpy(dk, priv, c->nlen);
        memcpy(dh, digest, shl);
    }
#endif
    for (skip = 0; err == SC_OK; skip++) {
#if SC_FAULT_CHECKS >= 1
        int rc;
        err = rfc6979_nonce(k, c, sk, sh, shl, alg, extra, extralen, skip);
        if (err != SC_OK)
            break;
        rc = sign_core(so, c, k, sk, sh, shl);
        if (rc < 0)
            err = SC_ERR_FAULT;
        else if (rc == 0)
            break;
#else   /* the code without the checks: sign_core never returns -1 */
        err = rfc6979_nonce(k, c, sk, sh, shl, alg, extra, extralen, skip);
        if (err == SC_OK && !sign_core(so, c, k, sk, sh, shl))
            break;
#endif
    }
#if SC_FAULT_CHECKS >= 2
    sc_memzero(dk, sizeof dk);
    if (err == SC_OK) {   /* the nonce derived again, from the caller's buffers */
        if (rfc6979_nonce(k, c, priv, digest, digestlen, alg, extra, extralen, skip) != SC_OK)
            err = SC_ERR_FAULT;
        else if ((err = sc_pk_sign_check(c, out, digest, digestlen, priv, k)) == SC_OK)
            memcpy(sig, out, siglen);
    }
    sc_memzero(out, sizeof out);
#endif
    sc_memzero(k, sizeof k);
    if (err != SC_OK)
        memset(sig, 0, siglen);
    return err;
}

/* SEC1 4.1.4 steps 4-5: u1 = e s^-1, u2 = r s^-1 mod n (canonical), in
 * place of the canonical r (in u1) and s (in u2), e from the digest.
 * Public data, variable time.  Out of line: its temporaries are gone before
 * the double-scalar multiplication (stack on the mote). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void verify_scalars(sc_word *u1, sc_word *u2, const sc_curve *c, const uint8_t *digest, size_t digestlen)
{
    const sc_fp_field *fn = c->fn;
    sc_fe w, t;
    sc_fp_from_canon(w, u2, fn);
    sc_fp_inv_var(w, w, fn);                 /* w = s^-1 */
    sc_fp_from_canon(t, u1, fn);
    sc_fp_mul(u2, t, w, fn);                 /* r w */
    sc_pk_digest_to_scalar(t, c, digest, digestlen);
    sc_fp_mul(u1, t, w, fn);                 /* e w */
    sc_fp_to_canon(u1, u1, fn);
    sc_fp_to_canon(u2, u2, fn);
}

/* Only what is live is kept: Q (decoded here, then overwritten by R =
 * u1 G + u2 Q on the prime curves, whose multiplication reads Q before it
 * writes R), u1 and u2 (r and s before verify_scalars; r is read again
 * from the signature at the end, and x(R)'s bytes go to u2's words). */
sc_err sc_ecdsa_verify(const sc_curve *c, const uint8_t *sig, size_t siglen,
                       const uint8_t *digest, size_t digestlen,
                       const uint8_t *pub, size_t publen)
{
    const sc_fp_field *fn;
    sc_pk_point q;
#if SC_CURVES_BINARY
    sc_pk_point rb;
#endif
    sc_pk_point *R = &q;
    sc_fe u1, u2;
    sc_err err;

    if (!c || !sig || !digest || !pub)
        return SC_ERR_ARG;
#if SC_CURVES_BINARY
    if (SC_PK_BINARY(c))
        R = &rb;
#endif
    fn = c->fn;
    if (siglen != 2u * c->nlen)
        return SC_ERR_LENGTH;
    if ((err = sc_pk_decode_point(&q, c, pub, publen)) != SC_OK)
        return err;
    /* SEC1 4.1.4 step 1: 1 <= r, s < n */
    if (sc_pk_load_scalar(u1, c, sig, c->nlen) != SC_OK ||
        sc_pk_load_scalar(u2, c, sig + c->nlen, c->nlen) != SC_OK)
        return SC_ERR_SIG_RANGE;
    verify_scalars(u1, u2, c, digest, digestlen);
#if SC_ECDSA_VERIFY_JAC
    if (!SC_PK_BINARY(c)) {
        sc_fe r;
        (void)sc_pk_load_scalar(r, c, sig, c->nlen);    /* r, in range (checked above) */
        return sc_pk_mul2_xeq_var(r, u1, u2, &q, c);
    }
#endif
    if (sc_pk_mul2_var(R, u1, u2, &q, c) != SC_OK)
        return SC_ERR_VERIFY;                /* R = O */
    sc_pk_x_to_bytes((uint8_t *)u2, R, c);   /* flen <= SC_FP_MAXBYTES <= sizeof u2 */
    sc_fp_from_bytes_reduce(u1, (const uint8_t *)u2, c->flen, fn);
    sc_fp_to_canon(u1, u1, fn);
    (void)sc_pk_load_scalar(u2, c, sig, c->nlen);   /* r, in range (checked above) */
    return sc_mp_cmp(u1, u2, fn->nw) == 0 ? SC_OK : SC_ERR_VERIFY;
}

sc_err sc_ecdsa_sign_msg(const sc_curve *c, uint8_t *sig, size_t siglen, sc_hash_alg alg,
                         const uint8_t *msg, size_t msglen, const uint8_t *priv, size_t privlen)
{
    uint8_t h[SC_HASH_MAX_LEN];
    sc_err err = SC_ERR_ARG;
    if ((!msg && msglen) || (err = sc_hash(alg, h, msg, msglen)) != SC_OK) {
        if (sig)
            memset(sig, 0, siglen);
        return err;
    }
    return sc_ecdsa_sign(c, sig, siglen, h, sc_hash_len(alg), alg, priv, privlen, NULL, 0);
}

sc_err sc_ecdsa_verify_msg(const sc_curve *c, const uint8_t *sig, size_t siglen, sc_hash_alg alg,
                           const uint8_t *msg, size_t msglen, const uint8_t *pub, size_t publen)
{
    uint8_t h[SC_HASH_MAX_LEN];
    sc_err err;
    if (!msg && msglen)
        return SC_ERR_ARG;
    if ((err = sc_hash(alg, h, msg, msglen)) != SC_OK)
        return err;
    return sc_ecdsa_verify(c, sig, siglen, h, sc_hash_len(alg), pub, publen);
}
