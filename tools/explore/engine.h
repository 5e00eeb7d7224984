/* engine: the combinations of `seacurve explore` (scalar-multiplication method x
 * coordinate system x window), their inputs and the cross-check against the
 * production entry points.
 *
 * The same source is compiled twice: into scexplore (the normal library: the
 * timings) and into sc-explore-count (-DSC_EXPLORE_COUNT=1, linked with the
 * counting library seacurve_opcount: the operation counts).  Both draw the same
 * deterministic scalars, so counts and timings describe the same work. */
#ifndef SC_EXPLORE_ENGINE_H
#define SC_EXPLORE_ENGINE_H

#include <seacurve/curves.h>
#include <seacurve/ec.h>
#include <seacurve/scalarmul.h>
#include <seacurve/coords.h>
#include <stdint.h>

#define XE_MAXSC 64               /* scalars per combination, at most */
#define XE_DEFAULT_SCALARS 16
#define XE_DEFAULT_SEED 0x5eac0e7e5eac0e7eull

/* section names by sc_scalarmul_kind */
const char *xe_section_name(int kind);   /* "var", "fix", "double" */
int xe_section_kind(const char *name);   /* 0 if unknown */

typedef struct xe_combo {
    const sc_scalarmul_method *m;
    const sc_coords_sys *s;
    unsigned w;
} xe_combo;

/* Every runnable combination, registry order (methods, then systems, then w).
 * Returns the number written (at most cap), or the total when out is NULL. */
size_t xe_enumerate(xe_combo *out, size_t cap);
/* key "section/method/system/w" */
void xe_combo_key(char *buf, size_t len, const xe_combo *c);
/* parse a key into a combination; 0 on success */
int xe_combo_parse(xe_combo *c, const char *key);

typedef struct xe_ctx {
    const sc_curve *cv;
    const sc_ep_curve *c;
    size_t nsc;                          /* scalars */
    uint64_t seed;
    unsigned tbits;                      /* 0: uniform in [1, n), else exactly tbits bits */
    sc_word k1[XE_MAXSC][SC_FP_MAXW];    /* k (var, fix) and u1 (double) */
    sc_word k2[XE_MAXSC][SC_FP_MAXW];    /* u2 (double) */
    sc_ep_aff p;                         /* variable base point */
    sc_ep_aff q;                         /* the second point of double-scalar methods */
    sc_ep_aff want_var[XE_MAXSC];        /* sc_ec_mul(k1, p) */
    sc_ep_aff want_fix[XE_MAXSC];        /* sc_ec_mul_gen(k1) */
    sc_ep_aff want_dbl[XE_MAXSC];        /* sc_ec_mul2_var(k1, k2, q) */
} xe_ctx;

/* Draw nsc scalars (or take the given ones: k1hex / k2hex non-NULL, nsc = 1),
 * the points, and the production results.  0 on success, else a message in err. */
int xe_ctx_init(xe_ctx *x, const sc_curve *cv, size_t nsc, uint64_t seed, unsigned tbits,
                const char *k1hex, const char *k2hex, char *err, size_t errlen);

/* Run combination cb on scalar i; the result goes to r. */
sc_err xe_run(const xe_ctx *x, const xe_combo *cb, size_t i, sc_ep_aff *r);
/* 1 if r (with error e) is the production result for scalar i */
int xe_matches(const xe_ctx *x, const xe_combo *cb, size_t i, sc_err e, const sc_ep_aff *r);
/* Run every scalar and compare; 0 if all match, else -1 with a message. */
int xe_check(const xe_ctx *x, const xe_combo *cb, char *err, size_t errlen);

/* The production entry point of a section (sc_ec_mul, sc_ec_mul_gen, sc_ec_mul2_var):
 * its name, and a run on scalar i.  Timed and counted next to the methods as the
 * reference row "section/NAME/production/0". */
const char *xe_prod_name(int kind);
sc_err xe_run_prod(const xe_ctx *x, int kind, size_t i, sc_ep_aff *r);

/* hex (big-endian, optional 0x) to canonical words; 0 on success */
int xe_parse_hex(sc_word *out, size_t nw, const char *hex);

#endif
