/* pk internals: scalar and point codecs shared by keys, ECDH and ECDSA. */
#ifndef SC_PK_INTERNAL_H
#define SC_PK_INTERNAL_H

#include <seacurve/pk.h>
#include <seacurve/ec.h>
#include <seacurve/mp.h>
#include <seacurve/util.h>

/* d (canonical words, fn->nw) from nlen big-endian bytes; SC_ERR_LENGTH or
 * SC_ERR_SCALAR unless 1 <= d < n.  Constant time in d (the verdict is public). */
sc_err sc_pk_load_scalar(sc_word *d, const sc_curve *c, const uint8_t *in, size_t len);
/* Decode and fully validate a SEC1 point (public data). */
sc_err sc_pk_decode_point(sc_ep_aff *q, const sc_curve *c, const uint8_t *in, size_t len);
/* Encode an affine point; *outlen in: size, out: bytes written. */
sc_err sc_pk_encode_point(uint8_t *out, size_t *outlen, const sc_ep_aff *q, const sc_curve *c, int compressed);
/* e = bits2int(digest) mod n (SEC1 4.1.3 step 5 / RFC 6979 2.3.2 + 2.3.4), in the internal form of fn. */
void sc_pk_digest_to_scalar(sc_word *e, const sc_curve *c, const uint8_t *digest, size_t len);

#endif
