/** @file restart.h
 * @brief Restartable operations: key generation, public keys, ECDSA signing and
 * verification and ECDH in slices of bounded work, so that a node's radio and
 * scheduler keep running between them.
 *
 * A caller-owned context (sc_op, no heap) is set up by a start call that takes
 * the one-shot call's arguments and validates them at once: bad input is
 * reported there with the one-shot call's error and zeroed outputs.  Then
 * sc_op_step runs a bounded amount of work per call and returns SC_IN_PROGRESS
 * until the result is ready; its last call returns exactly what the one-shot
 * call returns (same outputs, same error).  The output buffers are written
 * only by that last call; the inputs are read by the start call, but for
 * sc_ecdsa_sign_start's extra data, read by the RFC 6979 set-up's units (it
 * must stay valid until the operation ends).  Secrets in the
 * context are wiped when the operation ends or is aborted (sc_op_abort).
 * A step after the end, or on a context never started, returns SC_ERR_ARG.
 *
 * Budget: in field multiplications (a squaring counts as one).  A step runs
 * whole units while the next one fits in what is left of the budget, and at
 * least one, so it does at most max(budget, largest unit) of work.  The units
 * (docs/mote.md, "Restartable operations", states their weights and the
 * measured cycles of the longest step): one half of a co-Z ladder bit
 * (XYCZ-ADDC, 8; XYCZ-ADD, 6), one squaring or multiplication of an inversion
 * (1 mod p, 2 mod n), the ladder's first and last bits, the point addition of verification,
 * the scalar conversions; the RFC 6979 nonce generator's set-up and each
 * candidate nonce are one unit each (HMAC: weight 64), as is one candidate
 * key of sc_keygen_start.  budget 0 means unbounded: the whole operation in
 * one step.
 *
 * Constant time: for key generation, public keys, signing and ECDH the
 * sequence of units and the units per step depend only on the curve, the
 * budget and the lengths (and, as for the one-shot calls, on how many nonce
 * or key candidates are rejected), never on the secrets.  Verification is on
 * public data and may vary.
 *
 * Method: k*P and k*G by the co-Z Montgomery ladder of sc_ec_mul_ladder, run
 * a unit at a time, its inversion as a Fermat chain; verification as
 * u1*G and u2*Q by two ladders and one addition.  Binary curves are not yet
 * sliced: their start call computes the result by the one-shot call and the
 * first step delivers it. */
#ifndef SEACURVE_RESTART_H
#define SEACURVE_RESTART_H

#include "config.h"
#include "err.h"
#include "curves.h"
#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup restart
 * @brief Key generation, public keys, signing, verification and ECDH in bounded slices
 * of work (restart.h).
 * @{ */

/** Words of the context: the largest operation's state (verification: 20
 * field elements of SC_FP_MAXW words, the ladder's scalar and masks, a few
 * pointers and counters; with SC_FAULT_CHECKS = 2 signing's state holds two
 * field elements more, the check's own copies of d and e) for the build's
 * largest field; src/pk/restart.c asserts that every operation's state fits. */
#define SC_OP_WORDS ((20 + 2 * (SC_FAULT_CHECKS >= 2)) * SC_FP_MAXW + 4 + (8 * sizeof(void *) + 24) / sizeof(sc_word))

/** The context.  Its fields are internal; its size is sizeof(sc_op). */
typedef union sc_op {
    void *align_;            /**< alignment only */
    sc_word w_[SC_OP_WORDS]; /**< the operation's state (internal) */
} sc_op;

/** sc_keygen in steps (one candidate key per unit).
 * @param[out] op       the context (caller-owned, no heap).
 * @param[in]  c        the curve.
 * @param[out] priv     privlen bytes, written by the last step.
 * @param[in]  privlen  must be c->nlen.
 * @return SC_OK when started (then call sc_op_step), else the error sc_keygen would
 *        return for these arguments. */
sc_err sc_keygen_start(sc_op *op, const sc_curve *c, uint8_t *priv, size_t privlen);
/** sc_pubkey in steps; *publen is written by the last step.
 * @param[out]    op          the context.
 * @param[in]     c           the curve.
 * @param[out]    pub         *publen bytes, written by the last step.
 * @param[in,out] publen      in: the size of pub; out: bytes written (by the last step).
 * @param[in]     compressed  nonzero for the compressed form.
 * @param[in]     priv        privlen bytes (read by this call).
 * @param[in]     privlen     must be c->nlen.
 * @return SC_OK when started, else the error of sc_pubkey. */
sc_err sc_pubkey_start(sc_op *op, const sc_curve *c, uint8_t *pub, size_t *publen, int compressed,
                       const uint8_t *priv, size_t privlen);
/** sc_ecdsa_sign in steps (RFC 6979 from the digest); extra is read by the first step.
 * @param[out] op         the context.
 * @param[in]  c          the curve.
 * @param[out] sig        siglen bytes: r || s, written by the last step.
 * @param[in]  siglen     must be 2*c->nlen.
 * @param[in]  digest     digestlen bytes (read by this call).
 * @param[in]  digestlen  any length.
 * @param[in]  alg        the HMAC hash of RFC 6979.
 * @param[in]  priv       privlen bytes (read by this call).
 * @param[in]  privlen    must be c->nlen.
 * @param[in]  extra      extralen bytes of RFC 6979 additional data, or NULL; must stay
 *                       valid until the operation ends.
 * @param[in]  extralen   0 when extra is NULL.
 * @return SC_OK when started, else the error of sc_ecdsa_sign. */
sc_err sc_ecdsa_sign_start(sc_op *op, const sc_curve *c, uint8_t *sig, size_t siglen,
                           const uint8_t *digest, size_t digestlen, sc_hash_alg alg,
                           const uint8_t *priv, size_t privlen,
                           const uint8_t *extra, size_t extralen);
/** sc_ecdsa_verify in steps.
 * @param[out] op         the context.
 * @param[in]  c          the curve.
 * @param[in]  sig        siglen bytes: r || s (read by this call).
 * @param[in]  siglen     must be 2*c->nlen.
 * @param[in]  digest     digestlen bytes (read by this call).
 * @param[in]  digestlen  any length.
 * @param[in]  pub        the SEC1 public key, publen bytes (read by this call).
 * @param[in]  publen     its length.
 * @return SC_OK when started, else the error of sc_ecdsa_verify for a bad argument or key
 *        (the verdict itself comes from the last step). */
sc_err sc_ecdsa_verify_start(sc_op *op, const sc_curve *c, const uint8_t *sig, size_t siglen,
                             const uint8_t *digest, size_t digestlen,
                             const uint8_t *pub, size_t publen);
/** sc_ecdh in steps.
 * @param[out] op         the context.
 * @param[in]  c          the curve.
 * @param[out] secret     secretlen bytes, written by the last step.
 * @param[in]  secretlen  must be c->flen.
 * @param[in]  priv       privlen bytes (read by this call).
 * @param[in]  privlen    must be c->nlen.
 * @param[in]  peer       the peer's SEC1 public key, peerlen bytes (read by this call).
 * @param[in]  peerlen    its length.
 * @return SC_OK when started, else the error of sc_ecdh. */
sc_err sc_ecdh_start(sc_op *op, const sc_curve *c, uint8_t *secret, size_t secretlen,
                     const uint8_t *priv, size_t privlen, const uint8_t *peer, size_t peerlen);

/** Work of at most max(budget, largest unit) field multiplications (budget 0:
 * unbounded).  SC_IN_PROGRESS while unfinished, then the one-shot call's
 * result; SC_ERR_ARG for a NULL op or one not in progress.
 * @param[in,out] op      a started context.
 * @param[in]     budget  field multiplications for this step (0: run to the end).
 * @retval SC_IN_PROGRESS the operation is not finished; call again.
 * @retval SC_ERR_ARG     op is NULL or not in progress.
 * @return otherwise, on the last step, the one-shot call's result (outputs written). */
sc_err sc_op_step(sc_op *op, unsigned budget);
/** Abandon the operation (if any) and wipe the context; outputs untouched.
 * @param[in,out] op  the context (NULL is ignored). */
void sc_op_abort(sc_op *op);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
