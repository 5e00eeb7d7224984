/* curves: the named curves seacurve knows, looked up by name or OID. */
#ifndef SEACURVE_CURVES_H
#define SEACURVE_CURVES_H

#include "ep.h"

typedef struct sc_curve {
    const char *name;              /* canonical SEC 2 name, e.g. "secp256r1" */
    const char *aliases[3];        /* other accepted names (NULL-terminated) */
    const uint8_t *oid;            /* named-curve OID, DER contents (no tag/length) */
    uint8_t oid_len;
    uint8_t flen;                  /* bytes in a field element: (p bits + 7) / 8 */
    uint8_t nlen;                  /* bytes in a scalar / private key: (n bits + 7) / 8 */
    uint16_t nbits;                /* bit length of the group order n */
    const sc_ep_curve *ep;         /* arithmetic */
} sc_curve;

/* Look up by canonical name or alias (ASCII case-insensitive); NULL if unknown. */
const sc_curve *sc_curve_find(const char *name);
/* Look up by OID contents; NULL if unknown. */
const sc_curve *sc_curve_by_oid(const uint8_t *oid, size_t len);
/* Enumerate: NULL past the end. */
const sc_curve *sc_curve_at(size_t i);
size_t sc_curve_count(void);

#endif
