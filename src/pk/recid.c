/* The recovery id of an ECDSA signature: which of the (up to four) points
 * with x mod n = r is the R = u1 G + u2 Q of the signature (SEC1 4.1.6, whose
 * public-key recovery walks the same candidates: x = r + j n, then the two
 * signs of y).  A verifier that batches signatures with R lifted from r
 * (docs/batch.md, "Randomized batch verification") needs only this small id
 * to lift the right R.  Public data: variable time. */
#include "pk_internal.h"

#include <string.h>

/* Big-endian a (alen bytes) = b (blen bytes) as integers. */
static int be_equal(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    while (alen > blen) {
        if (*a++)
            return 0;
        alen--;
    }
    while (blen > alen) {
        if (*b++)
            return 0;
        blen--;
    }
    return memcmp(a, b, alen) == 0;
}

sc_err sc_ecdsa_recid_var(const sc_curve *c, uint8_t *recid, const uint8_t *sig, size_t siglen,
                          const uint8_t *digest, size_t digestlen, const uint8_t *pub, size_t publen)
{
    uint8_t enc[1 + SC_FP_MAXBYTES];
    size_t enclen = sizeof enc;
    sc_pk_point q;
    sc_fe u1, u2, t, w;
    sc_err err;

    if (!recid)
        return SC_ERR_ARG;
    *recid = 0;
    if (!c || !sig || !digest || !pub)
        return SC_ERR_ARG;
    if (SC_PK_BINARY(c))
        return SC_ERR_UNSUPPORTED;
    if (siglen != 2u * c->nlen)
        return SC_ERR_LENGTH;
    if ((err = sc_pk_decode_point(&q, c, pub, publen)) != SC_OK)
        return err;
    if (sc_pk_load_scalar(u1, c, sig, c->nlen) != SC_OK ||
        sc_pk_load_scalar(u2, c, sig + c->nlen, c->nlen) != SC_OK)
        return SC_ERR_SIG_RANGE;
    /* SEC1 4.1.4 steps 4-5: u1 = e s^-1, u2 = r s^-1 mod n */
    sc_fp_from_canon(w, u2, c->fn);
    sc_fp_inv_var(w, w, c->fn);
    sc_fp_from_canon(t, u1, c->fn);
    sc_fp_mul(u2, t, w, c->fn);
    sc_pk_digest_to_scalar(t, c, digest, digestlen);
    sc_fp_mul(u1, t, w, c->fn);
    sc_fp_to_canon(u1, u1, c->fn);
    sc_fp_to_canon(u2, u2, c->fn);
    if (sc_pk_mul2_var(&q, u1, u2, &q, c) != SC_OK)
        return SC_ERR_VERIFY;                      /* R = O */
    if (sc_pk_encode_point(enc, &enclen, &q, c, 1) != SC_OK)
        return SC_ERR_ARG;
    /* x(R) mod n = r (the verification), and x(R) = r exactly unless x(R) = r + n */
    sc_fp_from_bytes_reduce(t, enc + 1, c->flen, c->fn);
    sc_fp_to_canon(t, t, c->fn);
    (void)sc_pk_load_scalar(u1, c, sig, c->nlen);
    if (sc_mp_cmp(t, u1, c->fn->nw) != 0)
        return SC_ERR_VERIFY;
    *recid = (uint8_t)((enc[0] & 1u) | (be_equal(enc + 1, c->flen, sig, c->nlen) ? 0u : 2u));
    return SC_OK;
}
