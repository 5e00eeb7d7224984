/* bench_ops: the operations sc-bench times, seacurve and OpenSSL side by side
 * in one process on the same inputs.
 *
 * Protocol level (pk.h): keygen (private + public key), ECDSA sign, ECDSA
 * verify, ECDH including validation of the peer's encoded public key.
 * Scalar multiplication (ec.h): k*P, k*G, u1*G + u2*Q (results in affine form
 * on both sides).  Point arithmetic (ep.h): Jacobian doubling, Jacobian +
 * Jacobian addition (both inputs with Z != 1), mixed Jacobian + affine
 * addition, against EC_POINT_dbl / EC_POINT_add on points in the same state
 * (OpenSSL's public point API: its generic Jacobian formulas on every curve).  Field level (fp.h): mul, sqr, inv (constant time and _var) against
 * OpenSSL's generic BIGNUM Montgomery arithmetic (labelled "openssl-bn":
 * OpenSSL's EC code uses internal field routines that are not public).
 *
 * Before timing, each curve's inputs are cross-checked between the two
 * libraries (same public key, same ECDH secret, mutual signature verification)
 * so that a broken operation is never reported as a fast one; the point
 * operations are checked one step each (both results converted to affine). */
#ifndef SC_BENCH_OPS_H
#define SC_BENCH_OPS_H

#include "bench_core.h"

enum {
    BO_PK = 1,  /* keygen, sign, verify, ecdh */
    BO_EC = 2,  /* scalar multiplications */
    BO_FP = 4,  /* field operations */
    BO_EP = 8,  /* point doubling and additions */
    BO_ALL = 15
};

/* Benchmark one curve (any name sc_curve_find accepts) into t, rows in the order
 * pk, ec, ep, fp.  with_ref: also time the references (OpenSSL; on secp256k1's protocol
 * rows also libsecp256k1 where the build found it).  runs (1 .. BC_MAX_RUNS): side-by-side
 * runs per row, each timing seacurve and then each reference (bc_table_add_runs).
 * progress: NULL for silence, or a prefix (e.g. "sc-bench: [2/5]") for progress on stderr:
 * one line rewritten in place on a terminal, plain lines otherwise.  Returns 0, or -1 for an
 * unknown curve, -2 if the cross-check against a reference failed (rows are still added,
 * marked failed; nothing is timed). */
int bo_run_curve(bc_table *t, const char *curve, unsigned what, int with_ref, int runs, const bc_opts *o,
                 const char *progress);

/* The cross-check of bo_run_curve alone, nothing timed: 0 passed, -1 unknown curve, -2 failed.
 * refs (refs_len bytes) receives the references checked, e.g. "openssl, libsecp256k1". */
int bo_check_curve(const char *curve, char *refs, size_t refs_len);

/* Print the rows bo_run_curve would time for this curve, one "curve,operation,references"
 * line each (references: "openssl", "openssl-bn", "openssl+libsecp256k1", or "-" without
 * with_ref), and nothing else: no key is made, nothing is timed.  Returns the number of rows. */
size_t bo_list_curve(FILE *f, const char *curve, unsigned what, int with_ref);

/* Whether this build times libsecp256k1 beside secp256k1 (libsecp256k1-dev found at configure time). */
int bo_have_libsecp256k1(void);

/* OpenSSL's version string, and a short name of the EC method it uses for a curve
 * ("nistz256", "nistp224", "nist", "mont", ...) for the report. */
const char *bo_openssl_version(void);
const char *bo_openssl_method(const char *curve);

#endif
