/* Private to src/pk: ECParameters (RFC 3279 2.3.5, RFC 5480 2.1.1, SEC 1 v2
 * C.2) read and written by the key files (keyfile.c).
 *
 *   ECParameters ::= CHOICE { namedCurve OBJECT IDENTIFIER, implicitCurve NULL,
 *                             specifiedCurve SpecifiedECDomain }
 *
 * specifiedCurve is read for prime fields and matched exactly against the
 * built-in prime curves (p, a, b, G, n, h); it is written for
 * the prime curves (version 1, no seed, uncompressed G, cofactor present).
 * Everything here is public data: no secrets pass through. */
#ifndef SC_PK_ECPARAMS_H
#define SC_PK_ECPARAMS_H

#include <seacurve/curves.h>
#include "asn1.h"

/* Read one ECParameters element from rd into *c (the built-in curve it names
 * or spells out).  SC_ERR_ENCODING malformed DER or a SpecifiedECDomain whose
 * version is not 1, 2 or 3 or that lacks the cofactor (RFC 3279 2.3.5); SC_ERR_CURVE an unknown named-curve OID;
 * SC_ERR_UNSUPPORTED implicitCurve, explicit parameters of no built-in prime
 * curve, or of a field other than a prime field (characteristic two included).
 * *c is NULL on failure. */
sc_err sc_ecparams_read(const sc_curve **c, sc_asn1 *rd);

/* Writer for the ECParameters of c: named (its OID) unless explicit is set or
 * c has no OID.  sc_ecparams_out_init fails with SC_ERR_UNSUPPORTED when the
 * explicit form is needed for a binary curve (not written by seacurve). */
typedef struct sc_ecparams_out {
    const sc_curve *c;
    int explicit_;
    uint8_t p[SC_FP_MAXBYTES], a[SC_FP_MAXBYTES], b[SC_FP_MAXBYTES];
    uint8_t g[1 + 2 * SC_FP_MAXBYTES], n[SC_FP_MAXBYTES];
} sc_ecparams_out;

sc_err sc_ecparams_out_init(sc_ecparams_out *po, const sc_curve *c, int explicit_);
/* Total DER size of the ECParameters element. */
size_t sc_ecparams_size(const sc_ecparams_out *po);
void sc_ecparams_put(sc_asn1w *w, const sc_ecparams_out *po);

#endif
