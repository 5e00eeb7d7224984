/** @file pk.h
 * @brief pk: keys, ECDSA and ECDH on byte arrays.
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

/** @addtogroup pk
 * @brief Key generation and validation, ECDSA (RFC 6979) and ECDH on byte arrays.
 *
 * Buffer sizes for a curve c (curves.h): private key and scalars c->nlen bytes; SEC1
 * public key 1 + 2*c->flen (uncompressed) or 1 + c->flen (compressed) bytes; ECDH
 * secret c->flen bytes; P1363 signature 2*c->nlen bytes.  The SC_PK_MAX_* macros bound
 * them for every curve of the build, for static buffers.  Common errors: SC_ERR_ARG for
 * a NULL pointer (or a NULL curve), SC_ERR_LENGTH for a buffer of the wrong length;
 * on failure every output is zeroed.  Every function is constant time in the private
 * key, the nonce and the secret; verification and public-key validation handle public
 * data only.
 * @{ */

/** @brief Largest SEC1 public key of the build (uncompressed): 1 + 2*SC_FP_MAXBYTES bytes. */
#define SC_PK_MAX_PUB (1 + 2 * SC_FP_MAXBYTES)
/** @brief Largest P1363 signature r || s of the build: 2*SC_FP_MAXBYTES bytes. */
#define SC_PK_MAX_SIG (2 * SC_FP_MAXBYTES)
/** @brief Largest DER signature of the build (sc_sig_p1363_to_der): the SEQUENCE and
 * two INTEGERs with their headers and sign bytes, 2*SC_FP_MAXBYTES + 9 bytes. */
#define SC_PK_MAX_DER_SIG (2 * SC_FP_MAXBYTES + 9)

/** @brief New private key, uniform in [1, n-1], from sc_random (rng.h), by rejection
 * sampling of nlen-byte candidates (the top bits beyond n's length masked).
 * Constant time in the key (the number of rejected candidates is public).
 * @param[in]  c        the curve.
 * @param[out] priv     privlen bytes: the key, big-endian; zeroed on failure.
 * @param[in]  privlen  must be c->nlen.
 * @retval SC_OK          priv holds the key.
 * @retval SC_ERR_ARG     c or priv is NULL.
 * @retval SC_ERR_LENGTH  privlen != c->nlen.
 * @retval SC_ERR_RNG     there is no source, the source fails, or 64 candidates in a row
 *                        are out of range (a broken source: all zeros, stuck). */
sc_err sc_keygen(const sc_curve *c, uint8_t *priv, size_t privlen);
/** @brief Check a private key: 1 <= d < n and privlen == c->nlen.  Constant time in d.
 * @param[in] c        the curve.
 * @param[in] priv     privlen bytes, big-endian.
 * @param[in] privlen  its length.
 * @retval SC_OK          a valid key.
 * @retval SC_ERR_ARG     c or priv is NULL.
 * @retval SC_ERR_LENGTH  privlen != c->nlen.
 * @retval SC_ERR_SCALAR  d = 0 or d >= n. */
sc_err sc_priv_validate(const sc_curve *c, const uint8_t *priv, size_t privlen);
/** @brief Public key of priv, Q = d*G, as a SEC1 point.  Constant time in d.
 * Stack (AVR, secp160r1 / P-256): 526 / 766 B.
 * @param[in]     c           the curve.
 * @param[out]    pub         *publen bytes: 1 + 2*c->flen (uncompressed) or 1 + c->flen
 *                            (compressed) are written; SC_PK_MAX_PUB always suffices.
 * @param[in,out] publen      in: the size of pub; out: bytes written (0 on failure).
 * @param[in]     compressed  nonzero: 0x02/0x03 || X; zero: 0x04 || X || Y.
 * @param[in]     priv        privlen bytes, big-endian, 1 <= d < n.
 * @param[in]     privlen     must be c->nlen.
 * @retval SC_OK          pub holds the point.
 * @retval SC_ERR_ARG     a NULL pointer.
 * @retval SC_ERR_LENGTH  privlen != c->nlen.
 * @retval SC_ERR_SCALAR  d = 0 or d >= n.
 * @retval SC_ERR_BUFFER  *publen is too small. */
sc_err sc_pubkey(const sc_curve *c, uint8_t *pub, size_t *publen, int compressed,
                 const uint8_t *priv, size_t privlen);
/** @brief Full public-key validation of a SEC1 point (compressed or uncompressed): length,
 * coordinates < p (binary curves: of degree < m), on the curve, not infinity, and
 * n*Q = O when the cofactor is not 1 (the binary curves).  Compressed binary points
 * carry y~ = bit 0 of y/x (SEC1 2.3.3; 0 when x = 0).  Variable time (public data).
 * Stack (AVR, secp160r1 / P-256): 224 / 343 B. (uncompressed)
 * @param[in] c       the curve.
 * @param[in] pub     publen bytes: 0x04 || X || Y or 0x02/0x03 || X.
 * @param[in] publen  1 + 2*c->flen or 1 + c->flen.
 * @retval SC_OK           a valid public key of c.
 * @retval SC_ERR_ARG      c or pub is NULL.
 * @retval SC_ERR_LENGTH   publen fits neither form.
 * @retval SC_ERR_RANGE    a coordinate >= p (degree >= m).
 * @retval SC_ERR_POINT    bad prefix byte, not on the curve, no point with this x, or
 *                         outside the subgroup of order n.
 * @retval SC_ERR_INFINITY the point at infinity (the one-byte encoding 0x00). */
sc_err sc_pub_validate(const sc_curve *c, const uint8_t *pub, size_t publen);
/** @brief Re-encode a SEC1 point compressed or uncompressed (validates it as
 * sc_pub_validate does).  Variable time (public data).
 * @param[in]     c           the curve.
 * @param[out]    out         *outlen bytes (SC_PK_MAX_PUB always suffices); must not
 *                            overlap pub.
 * @param[in,out] outlen      in: the size of out; out: bytes written (0 on failure).
 * @param[in]     compressed  nonzero: compressed output; zero: uncompressed.
 * @param[in]     pub         publen bytes, either form.
 * @param[in]     publen      its length.
 * @return SC_OK, SC_ERR_BUFFER for a short out, SC_ERR_ARG for a NULL pointer, or an
 *         error of sc_pub_validate. */
sc_err sc_pub_convert(const sc_curve *c, uint8_t *out, size_t *outlen, int compressed,
                      const uint8_t *pub, size_t publen);

/** @brief ECDH (SEC1 3.3.1, the plain primitive): secret = x-coordinate of d*Q, c->flen
 * bytes.  The peer key is always fully validated (on the curve, not infinity,
 * n*Q = O), so on the binary curves (h = 2 or 4) d*Q never leaves the subgroup.
 * This is what Wycheproof's ECDH vectors and OpenSSL's default derive compute.
 * Constant time in d and in the secret.
 * Stack (AVR, secp160r1 / P-256): 624 / 886 B.
 * @param[in]  c          the curve.
 * @param[out] secret     secretlen bytes: x(d*Q), big-endian; zeroed on failure.
 * @param[in]  secretlen  must be c->flen.
 * @param[in]  priv       privlen bytes, 1 <= d < n.
 * @param[in]  privlen    must be c->nlen.
 * @param[in]  peer       the peer's SEC1 public key, peerlen bytes, either form.
 * @param[in]  peerlen    its length.
 * @retval SC_OK          secret holds the shared secret.
 * @retval SC_ERR_ARG     a NULL pointer.
 * @retval SC_ERR_LENGTH  secretlen != c->flen or privlen != c->nlen (or a bad peerlen).
 * @retval SC_ERR_SCALAR  d = 0 or d >= n.
 * @return any error of sc_pub_validate for a bad peer key. */
sc_err sc_ecdh(const sc_curve *c, uint8_t *secret, size_t secretlen,
               const uint8_t *priv, size_t privlen, const uint8_t *peer, size_t peerlen);
/** @brief Cofactor ECDH (SEC1 3.3.2, NIST SP 800-56A 5.7.1.2 "ECC CDH", OpenSSL's
 * EVP_PKEY_CTX_set_ecdh_cofactor_mode 1): secret = x(h*d*Q), h = c->h.  Same
 * arguments, validation and errors as sc_ecdh; identical to it on the prime
 * curves (h = 1).  Constant time in d.  Stack (AVR, secp160r1 / P-256): 624 / 886 B.
 * @param[in]  c          the curve.
 * @param[out] secret     secretlen bytes: x(h*d*Q); zeroed on failure.
 * @param[in]  secretlen  must be c->flen.
 * @param[in]  priv       privlen bytes, 1 <= d < n.
 * @param[in]  privlen    must be c->nlen.
 * @param[in]  peer       the peer's SEC1 public key, peerlen bytes.
 * @param[in]  peerlen    its length.
 * @return as sc_ecdh. */
sc_err sc_ecdh_cofactor(const sc_curve *c, uint8_t *secret, size_t secretlen,
                        const uint8_t *priv, size_t privlen, const uint8_t *peer, size_t peerlen);

/** @brief Ephemeral ECDH: a fresh private key d from sc_random (as sc_keygen), then
 * my_pub = d*G (SEC1 uncompressed, 1 + 2*c->flen bytes) and secret = x(d*Q) as sc_ecdh
 * computes it, and d is wiped.  The peer key is fully validated (sc_ecdh).  On failure
 * both outputs are zeroed and *my_publen is 0.  Constant time in d.
 * @param[in]     c          the curve.
 * @param[out]    my_pub     *my_publen bytes; 1 + 2*c->flen are written.
 * @param[in,out] my_publen  in: the size of my_pub; out: bytes written.
 * @param[out]    secret     secretlen bytes: the shared secret.
 * @param[in]     secretlen  must be c->flen.
 * @param[in]     peer       the peer's SEC1 public key, peerlen bytes.
 * @param[in]     peerlen    its length.
 * @retval SC_OK          both outputs written.
 * @retval SC_ERR_BUFFER  my_pub is shorter than 1 + 2*c->flen.
 * @return otherwise the errors of sc_keygen (SC_ERR_RNG) and sc_ecdh. */
sc_err sc_ecdh_ephemeral(const sc_curve *c, uint8_t *my_pub, size_t *my_publen,
                         uint8_t *secret, size_t secretlen, const uint8_t *peer, size_t peerlen);

/** @brief ECDSA over a message digest (any length; truncated to the bit length of n as
 * in SEC1 4.1.3).  The nonce is RFC 6979 deterministic using HMAC with `alg`;
 * extra (may be NULL/0) is mixed in as RFC 6979 3.6 additional data for hedged
 * signatures.  Constant time in d and the nonce.
 * Stack (AVR, secp160r1 / P-256): 587 / 809 B. (SHA-256)
 * @param[in]  c          the curve.
 * @param[out] sig        siglen bytes: r || s (IEEE P1363); zeroed on failure.
 * @param[in]  siglen     must be 2*c->nlen.
 * @param[in]  digest     digestlen bytes: the message's hash.
 * @param[in]  digestlen  any length.
 * @param[in]  alg        the HMAC hash of RFC 6979 (usually the one that made digest).
 * @param[in]  priv       privlen bytes, 1 <= d < n.
 * @param[in]  privlen    must be c->nlen.
 * @param[in]  extra      extralen bytes of additional data, or NULL.
 * @param[in]  extralen   0 when extra is NULL.
 * @retval SC_OK          sig holds the signature.
 * @retval SC_ERR_ARG     a NULL pointer.
 * @retval SC_ERR_LENGTH  siglen != 2*c->nlen or privlen != c->nlen.
 * @retval SC_ERR_HASH    alg is unknown or left out of the build.
 * @retval SC_ERR_SCALAR  d = 0 or d >= n.
 * @retval SC_ERR_RNG     64 nonce candidates in a row rejected (probability about 2^-64
 *                        at worst). */
sc_err sc_ecdsa_sign(const sc_curve *c, uint8_t *sig, size_t siglen,
                     const uint8_t *digest, size_t digestlen, sc_hash_alg alg,
                     const uint8_t *priv, size_t privlen,
                     const uint8_t *extra, size_t extralen);
/** @brief ECDSA with a caller-supplied nonce k (nlen bytes, 1 <= k < n): for known-answer
 * tests only (a repeated or biased k reveals the key).  Constant time in d and k.
 * Stack (AVR, secp160r1 / P-256): 552 / 797 B.
 * @param[in]  c          the curve.
 * @param[out] sig        siglen bytes: r || s; zeroed on failure.
 * @param[in]  siglen     must be 2*c->nlen.
 * @param[in]  digest     digestlen bytes.
 * @param[in]  digestlen  any length.
 * @param[in]  priv       privlen bytes, 1 <= d < n.
 * @param[in]  privlen    must be c->nlen.
 * @param[in]  k          klen bytes, 1 <= k < n.
 * @param[in]  klen       must be c->nlen.
 * @retval SC_OK          sig holds the signature.
 * @retval SC_ERR_ARG     a NULL pointer.
 * @retval SC_ERR_LENGTH  a length other than the above.
 * @retval SC_ERR_SCALAR  d or k out of [1, n-1], or k gives r = 0 or s = 0. */
sc_err sc_ecdsa_sign_with_k(const sc_curve *c, uint8_t *sig, size_t siglen,
                            const uint8_t *digest, size_t digestlen,
                            const uint8_t *priv, size_t privlen,
                            const uint8_t *k, size_t klen);
/** @brief Verify an ECDSA signature over a digest (SEC1 4.1.4).  Variable time (public
 * data).  Stack (AVR, secp160r1 / P-256): 650 / 901 B.
 * @param[in] c          the curve.
 * @param[in] sig        siglen bytes: r || s.
 * @param[in] siglen     must be 2*c->nlen.
 * @param[in] digest     digestlen bytes.
 * @param[in] digestlen  any length.
 * @param[in] pub        the signer's SEC1 public key, publen bytes, either form.
 * @param[in] publen     its length.
 * @retval SC_OK            the signature is valid.
 * @retval SC_ERR_VERIFY    it is not.
 * @retval SC_ERR_SIG_RANGE r or s is 0 or >= n.
 * @retval SC_ERR_ARG       a NULL pointer.
 * @retval SC_ERR_LENGTH    siglen != 2*c->nlen.
 * @return any error of sc_pub_validate for a bad public key. */
sc_err sc_ecdsa_verify(const sc_curve *c, const uint8_t *sig, size_t siglen,
                       const uint8_t *digest, size_t digestlen,
                       const uint8_t *pub, size_t publen);

/** @brief Hash-then-sign: sc_ecdsa_sign of digest = alg(msg), the nonce's HMAC with alg,
 * no extra data.
 * @param[in]  c        the curve.
 * @param[out] sig      siglen bytes: r || s; zeroed on failure.
 * @param[in]  siglen   must be 2*c->nlen.
 * @param[in]  alg      the hash.
 * @param[in]  msg      msglen bytes.
 * @param[in]  msglen   any length.
 * @param[in]  priv     privlen bytes.
 * @param[in]  privlen  must be c->nlen.
 * @return as sc_ecdsa_sign. */
sc_err sc_ecdsa_sign_msg(const sc_curve *c, uint8_t *sig, size_t siglen, sc_hash_alg alg,
                         const uint8_t *msg, size_t msglen, const uint8_t *priv, size_t privlen);
/** @brief Hash-then-verify: sc_ecdsa_verify of digest = alg(msg).
 * @param[in] c       the curve.
 * @param[in] sig     siglen bytes: r || s.
 * @param[in] siglen  must be 2*c->nlen.
 * @param[in] alg     the hash.
 * @param[in] msg     msglen bytes.
 * @param[in] msglen  any length.
 * @param[in] pub     the SEC1 public key, publen bytes.
 * @param[in] publen  its length.
 * @return as sc_ecdsa_verify, and SC_ERR_HASH for an unknown alg. */
sc_err sc_ecdsa_verify_msg(const sc_curve *c, const uint8_t *sig, size_t siglen, sc_hash_alg alg,
                           const uint8_t *msg, size_t msglen, const uint8_t *pub, size_t publen);
/** @brief The recovery id of a valid signature: which point R = u1 G + u2 Q with
 * x(R) mod n = r the signature was made with (SEC1 4.1.6's candidates).  Bit 0: y(R) is
 * odd; bit 1: x(R) = r + n (possible only when r + n < p).  A signer computes it from its
 * own signature and key and sends it with the signature; sc_batch_verify_rbv (batch.h)
 * then lifts the right R from r.  Prime curves only.  Variable time (public data).
 * @param[in]  c          the curve.
 * @param[out] recid      0 .. 3; 0 on failure.
 * @param[in]  sig        siglen bytes: r || s.
 * @param[in]  siglen     must be 2*c->nlen.
 * @param[in]  digest     digestlen bytes (as sc_ecdsa_verify).
 * @param[in]  digestlen  any length.
 * @param[in]  pub        the signer's SEC1 public key, publen bytes.
 * @param[in]  publen     its length.
 * @retval SC_OK            the signature verifies; *recid is its id.
 * @retval SC_ERR_UNSUPPORTED a binary curve.
 * @return otherwise what sc_ecdsa_verify returns for the same inputs. */
sc_err sc_ecdsa_recid_var(const sc_curve *c, uint8_t *recid, const uint8_t *sig, size_t siglen,
                          const uint8_t *digest, size_t digestlen, const uint8_t *pub, size_t publen);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
