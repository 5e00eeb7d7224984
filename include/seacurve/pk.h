/* pk: keys, ECDSA and ECDH on byte arrays.
 *
 * Every function works on the prime and the binary curves alike (curves.h).
 * Sizes for a curve c: private key c->nlen bytes (big-endian, 1 <= d < n);
 * public key as a SEC1 point: 1 + 2*c->flen bytes uncompressed (0x04 || X || Y)
 * or 1 + c->flen compressed (0x02/0x03 || X); ECDH secret c->flen bytes (the
 * x-coordinate); signature r || s (IEEE P1363) 2*c->nlen bytes.
 *
 * Every function validates its inputs and returns an sc_err; on failure every
 * output buffer is zeroed.  Secrets are handled in constant time and wiped.
 *
 * Stack figures: sc-avrsim on firmware/stack_ops.c (stack_<curve>.elf: asm kernels,
 * the table of G, -Os), what the call itself uses, on the prime curves. */
#ifndef SEACURVE_PK_H
#define SEACURVE_PK_H

#include "curves.h"
#include "hash.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SC_PK_MAX_PUB (1 + 2 * SC_FP_MAXBYTES)
#define SC_PK_MAX_SIG (2 * SC_FP_MAXBYTES)
#define SC_PK_MAX_DER_SIG (2 * SC_FP_MAXBYTES + 9)

/* New private key, uniform in [1, n-1], from sc_random (rng.h).  SC_ERR_RNG when
 * there is no source, the source fails, or 64 candidates in a row are out of
 * range (a broken source: all zeros, stuck); priv is then zeroed. */
sc_err sc_keygen(const sc_curve *c, uint8_t *priv, size_t privlen);
/* 1 <= d < n and privlen == c->nlen */
sc_err sc_priv_validate(const sc_curve *c, const uint8_t *priv, size_t privlen);
/* Public key of priv as a SEC1 point; *publen in: buffer size, out: bytes written.
 * Stack (AVR, secp160r1 / P-256): 526 / 766 B. */
sc_err sc_pubkey(const sc_curve *c, uint8_t *pub, size_t *publen, int compressed,
                 const uint8_t *priv, size_t privlen);
/* Full public-key validation of a SEC1 point (compressed or uncompressed): length,
 * coordinates < p (binary curves: of degree < m), on the curve, not infinity, and
 * n*Q = O when the cofactor is not 1 (the binary curves).  Compressed binary points
 * carry y~ = bit 0 of y/x (SEC1 2.3.3; 0 when x = 0).  Stack (AVR, secp160r1 / P-256): 224 / 343 B.
 * (uncompressed) */
sc_err sc_pub_validate(const sc_curve *c, const uint8_t *pub, size_t publen);
/* Re-encode a SEC1 point compressed or uncompressed (validates it). */
sc_err sc_pub_convert(const sc_curve *c, uint8_t *out, size_t *outlen, int compressed,
                      const uint8_t *pub, size_t publen);

/* ECDH (SEC1 3.3.1, the plain primitive): secret = x-coordinate of d*Q, c->flen
 * bytes.  The peer key is always fully validated (on the curve, not infinity,
 * n*Q = O), so on the binary curves (h = 2 or 4) d*Q never leaves the subgroup.
 * This is what Wycheproof's ECDH vectors and OpenSSL's default derive compute.
 * Stack (AVR, secp160r1 / P-256): 624 / 886 B. */
sc_err sc_ecdh(const sc_curve *c, uint8_t *secret, size_t secretlen,
               const uint8_t *priv, size_t privlen, const uint8_t *peer, size_t peerlen);
/* Cofactor ECDH (SEC1 3.3.2, NIST SP 800-56A 5.7.1.2 "ECC CDH", OpenSSL's
 * EVP_PKEY_CTX_set_ecdh_cofactor_mode 1): secret = x(h*d*Q), h = c->h.  Same
 * arguments, validation and errors as sc_ecdh; identical to it on the prime
 * curves (h = 1).  Stack (AVR, secp160r1 / P-256): 624 / 886 B. */
sc_err sc_ecdh_cofactor(const sc_curve *c, uint8_t *secret, size_t secretlen,
                        const uint8_t *priv, size_t privlen, const uint8_t *peer, size_t peerlen);

/* Ephemeral ECDH: a fresh private key d from sc_random (as sc_keygen), then
 * my_pub = d*G (SEC1 uncompressed, 1 + 2*c->flen bytes; *my_publen in: buffer
 * size, out: bytes written) and secret = x(d*Q) as sc_ecdh computes it, and d
 * is wiped.  The peer key is fully validated (sc_ecdh).  Errors as sc_keygen
 * and sc_ecdh, SC_ERR_BUFFER for a short my_pub; on failure both outputs are
 * zeroed and *my_publen is 0. */
sc_err sc_ecdh_ephemeral(const sc_curve *c, uint8_t *my_pub, size_t *my_publen,
                         uint8_t *secret, size_t secretlen, const uint8_t *peer, size_t peerlen);

/* ECDSA over a message digest (any length; truncated to the bit length of n as
 * in SEC1 4.1.3).  The nonce is RFC 6979 deterministic using HMAC with `alg`;
 * extra (may be NULL/0) is mixed in as RFC 6979 3.6 additional data for hedged
 * signatures.  sig: r || s, 2*c->nlen bytes.  Stack (AVR, secp160r1 / P-256): 587 / 809 B.
 * (SHA-256) */
sc_err sc_ecdsa_sign(const sc_curve *c, uint8_t *sig, size_t siglen,
                     const uint8_t *digest, size_t digestlen, sc_hash_alg alg,
                     const uint8_t *priv, size_t privlen,
                     const uint8_t *extra, size_t extralen);
/* ECDSA with a caller-supplied nonce k (nlen bytes, 1 <= k < n): for known-answer tests only.
 * Stack (AVR, secp160r1 / P-256): 552 / 797 B. */
sc_err sc_ecdsa_sign_with_k(const sc_curve *c, uint8_t *sig, size_t siglen,
                            const uint8_t *digest, size_t digestlen,
                            const uint8_t *priv, size_t privlen,
                            const uint8_t *k, size_t klen);
/* SC_OK if valid; SC_ERR_VERIFY if invalid; SC_ERR_SIG_RANGE if r or s is 0 or >= n;
 * other codes for a bad public key or lengths.  Stack (AVR, secp160r1 / P-256): 650 / 901 B. */
sc_err sc_ecdsa_verify(const sc_curve *c, const uint8_t *sig, size_t siglen,
                       const uint8_t *digest, size_t digestlen,
                       const uint8_t *pub, size_t publen);

/* Hash-then-sign conveniences: digest = alg(msg). */
sc_err sc_ecdsa_sign_msg(const sc_curve *c, uint8_t *sig, size_t siglen, sc_hash_alg alg,
                         const uint8_t *msg, size_t msglen, const uint8_t *priv, size_t privlen);
sc_err sc_ecdsa_verify_msg(const sc_curve *c, const uint8_t *sig, size_t siglen, sc_hash_alg alg,
                           const uint8_t *msg, size_t msglen, const uint8_t *pub, size_t publen);

#ifdef __cplusplus
}
#endif

#endif
