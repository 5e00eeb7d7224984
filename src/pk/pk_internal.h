/* pk internals: scalar and point codecs shared by keys, ECDH and ECDSA, and
 * the per-family dispatch (src/pk/family.c): every other pk file is written
 * once for both curve families and reaches ep / ec or eb only through the
 * sc_pk_* functions below. */
#ifndef SC_PK_INTERNAL_H
#define SC_PK_INTERNAL_H

#include <seacurve/pk.h>
#include <seacurve/ec.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>

/* A point of either family: ep (prime curves; never the point at infinity)
 * or eb (binary curves; inf set for infinity).  Which one is live follows
 * from the curve (c->eb != NULL). */
typedef union sc_pk_point {
    sc_ep_aff ep;
#if SC_CURVES_BINARY
    sc_eb_aff eb;
#endif
} sc_pk_point;

#if SC_CURVES_BINARY
#  define SC_PK_BINARY(c) ((c)->eb != NULL)
#else
#  define SC_PK_BINARY(c) 0
#endif

/* d (canonical words, c->fn->nw) from nlen big-endian bytes; SC_ERR_LENGTH or
 * SC_ERR_SCALAR unless 1 <= d < n.  Constant time in d (the verdict is public). */
sc_err sc_pk_load_scalar(sc_word *d, const sc_curve *c, const uint8_t *in, size_t len);
/* Decode and fully validate a SEC1 point (public data): on the curve, not
 * infinity, and n*Q = O when the cofactor is not 1. */
sc_err sc_pk_decode_point(sc_pk_point *q, const sc_curve *c, const uint8_t *in, size_t len);
/* Encode an affine point; *outlen in: size, out: bytes written.  Constant time
 * in the point (it may be a fresh public key still marked secret). */
sc_err sc_pk_encode_point(uint8_t *out, size_t *outlen, const sc_pk_point *q, const sc_curve *c, int compressed);
/* RFC 6979 bits2int on exactly nlen bytes: keep the leftmost nbits bits (ecdsa.c). */
void sc_pk_keep_leftmost_bits(uint8_t *buf, size_t nlen, unsigned nbits);
/* e = bits2int(digest) mod n (SEC1 4.1.3 step 5 / RFC 6979 2.3.2 + 2.3.4), in the internal form of c->fn. */
void sc_pk_digest_to_scalar(sc_word *e, const sc_curve *c, const uint8_t *digest, size_t len);

/* ---- per-family dispatch (family.c) ---- */
/* r = k G, constant time in k (k canonical, 1 <= k < n); r must not alias k. */
sc_err sc_pk_mul_gen(sc_pk_point *r, const sc_word *k, const sc_curve *c);
/* r = k q, constant time in k and q (q a validated point; binary curves: the
 * Montgomery ladder sc_eb_mul_ladder); r may alias q (every method reads q
 * before it writes r). */
sc_err sc_pk_mul(sc_pk_point *r, const sc_word *k, const sc_pk_point *q, const sc_curve *c);
/* r = u1 G + u2 q, public inputs (verification). */
sc_err sc_pk_mul2_var(sc_pk_point *r, const sc_word *u1, const sc_word *u2, const sc_pk_point *q,
                      const sc_curve *c);
/* ECDSA's final check on a prime curve (SEC1 4.1.4 steps 5-7): SC_OK when
 * R = u1 G + u2 q is not infinity and x(R) mod n = r (r canonical, < n),
 * decided in Jacobian coordinates without an inversion
 * (sc_ec_jac_x_eq_var), else SC_ERR_VERIFY.  Public inputs. */
sc_err sc_pk_mul2_xeq_var(const sc_word *r, const sc_word *u1, const sc_word *u2, const sc_pk_point *q,
                          const sc_curve *c);
/* The x-coordinate of p as c->flen big-endian bytes (SEC1 2.3.5 / 2.3.9). */
void sc_pk_x_to_bytes(uint8_t *out, const sc_pk_point *p, const sc_curve *c);
/* All-ones if p is a finite point satisfying the curve equation, else 0; constant time. */
sc_word sc_pk_on_curve(const sc_pk_point *p, const sc_curve *c);

/* ---- fault checks (SC_FAULT_CHECKS, config.h) ---- */
/* (family.c) SC_OK if p (a computed result, coordinates reduced) is on the curve, else
 * SC_ERR_FAULT.  Constant time in p; the verdict is public. */
sc_err sc_pk_check_point(const sc_pk_point *p, const sc_curve *c);
/* (ecdsa.c) SC_OK if sig = r || s (2 nlen bytes) is a valid ECDSA signature of the
 * digest under the public key d G of priv (nlen bytes, 1 <= d < n) made with the
 * nonce k (canonical words), else SC_ERR_FAULT.  Constant time in d and k; r, s
 * and the verdict are public. */
sc_err sc_pk_sign_check(const sc_curve *c, const uint8_t *sig, const uint8_t *digest, size_t digestlen,
                        const uint8_t *priv, const sc_word *k);

#endif
