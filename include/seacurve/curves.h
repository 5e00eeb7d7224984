/** @file curves.h
 * @brief curves: the named curves seacurve knows, looked up by name or OID. */
#ifndef SEACURVE_CURVES_H
#define SEACURVE_CURVES_H

#include "ep.h"
#include "eb.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup curves
 * @brief The named curves of the build: lookup by name, alias or OID; their sizes.
 *
 * The descriptors are const data; lookups are variable time (names are public).
 * @{ */

/** A named curve: prime (SEC 2 secp*, arithmetic in ep over fp) or binary
 * (SEC 2 sect*, arithmetic in eb over fb); exactly one of ep and eb is set.
 * Every pk.h and encoding.h function works on both families; the per-family
 * dispatch is internal to pk (src/pk/family.c). */
typedef struct sc_curve {
    const char *name;              /**< canonical SEC 2 name, e.g. "secp256r1", "sect163k1" */
    const char *aliases[3];        /**< other accepted names (NULL-terminated) */
    const uint8_t *oid;            /**< named-curve OID, DER contents (no tag/length) */
    uint8_t oid_len;               /**< bytes of oid; 0 for a curve without an OID */
    uint8_t flen;                  /**< bytes in a field element: (p bits + 7) / 8, or (m + 7) / 8 */
    uint8_t nlen;                  /**< bytes in a scalar / private key: (n bits + 7) / 8 */
    uint16_t nbits;                /**< bit length of the group order n */
    const sc_ep_curve *ep;         /**< prime curves: arithmetic; NULL on a binary curve */
    const sc_eb_curve *eb;         /**< binary curves: arithmetic; NULL on a prime curve */
    const sc_fp_field *fn;         /**< scalars: Z/nZ (n prime), both families */
    uint8_t h;                     /**< cofactor: 1 on the prime curves, 2 or 4 on the binary ones */
} sc_curve;

/** Look up by canonical name or alias (ASCII case-insensitive); NULL if unknown.
 * @param[in] name  NUL-terminated, e.g. "secp256r1", "P-256", "prime256v1".
 * @return the curve, or NULL if unknown or not in this build. */
const sc_curve *sc_curve_find(const char *name);
/** Look up by OID contents; NULL if unknown.
 * @param[in] oid  len bytes: the OID's DER contents (no tag, no length).
 * @param[in] len  their count.
 * @return the curve, or NULL if unknown or not in this build. */
const sc_curve *sc_curve_by_oid(const uint8_t *oid, size_t len);
/** Enumerate every curve of the build: NULL past the end.  The prime curves
 * come first: sc_curve_at(i) has ep set exactly for i < sc_curve_prime_count().
 * @param[in] i  0 .. sc_curve_count() - 1.
 * @return curve i, or NULL past the end. */
const sc_curve *sc_curve_at(size_t i);
/** The number of curves in this build (18 on the host: 9 prime, 9 binary).
 * @return sc_curve_count() curves are reachable through sc_curve_at. */
size_t sc_curve_count(void);
/** The number of prime curves; they come first in sc_curve_at's order.
 * @return at most sc_curve_count(). */
size_t sc_curve_prime_count(void);

/** How this build computes on a prime curve c, for display (`seacurve curves`): plain numbers,
 * no strings (nothing for a mote to keep in RAM).  The field reducers are told
 * apart by c->ep->fp->reduce / c->ep->fn->reduce and their mont flags (fp.h). */
typedef struct sc_curve_info {
    uint8_t mul_w;        /**< k*P (sc_ec_mul: ECDH): width of the signed odd fixed window */
    uint8_t gen_w;        /**< k*G (sc_ec_mul_gen: key generation, signing): digit width of the
                           * precomputed table of G; 0 if there is none (sc_ec_mul is used) */
    uint8_t gen_windows;  /**< windows in that table (one mixed addition each, no doubling) */
    uint8_t mul2_wq;      /**< u1*G + u2*Q (sc_ec_mul2_var: verification): wNAF width for Q */
    uint8_t glv;          /**< 1 if sc_ec_mul2_var splits both scalars with the GLV endomorphism */
    uint8_t inv_safegcd;  /**< constant-time inversion sc_fp_inv: 1 safegcd (Bernstein-Yang), 0 Fermat */
    uint8_t mul2_wg;      /**< u1*G + u2*Q: wNAF width for G, from a precomputed window of G's odd
                           * multiples (mul2_g_table 1) or, without one, from multiples made per call */
    uint8_t mul2_g_table; /**< 1 if G's odd multiples for u1*G + u2*Q come from const data */
} sc_curve_info;
/** Fill info with the methods of c (all zero for a binary curve: eb.h states its fixed
 * methods).
 * @param[in]  c     the curve.
 * @param[out] info  the methods this build uses on c. */
void sc_curve_get_info(const sc_curve *c, sc_curve_info *info);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
