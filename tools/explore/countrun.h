/* countrun: run sc-explore-count (the counting build) and parse what it prints. */
#ifndef SC_EXPLORE_COUNTRUN_H
#define SC_EXPLORE_COUNTRUN_H

#include <stddef.h>

enum { XC_M, XC_S, XC_I, XC_A, XC_C, XC_W, XC_SQRT, XC_N };

typedef struct xc_entry {
    char key[160];          /* section/method/system/w */
    int ok;                 /* 0: FAILED in the counting build (err) */
    double v[XC_N];         /* mean counts per scalar multiplication */
    char err[160];
} xc_entry;

typedef struct xc_wcount {
    char name[48];
    char kind[16];          /* fpm: reducer / modmul / inversion; mp: "" */
    long long w[3];         /* mp: mul, sqr; fpm: mul, sqr, inv (-1 n/a) */
} xc_wcount;

typedef struct xc_op {       /* one point operation in one system */
    char sys[24], op[16];
    double v[6];              /* M S I A C W */
} xc_op;

typedef struct xc_result {
    int ran;                /* 1 if the binary ran and ended with "end" */
    char bin[1024];         /* the binary used */
    char err[256];          /* why not */
    char header[256];       /* its "#" line */
    xc_entry *e;
    size_t n;
    xc_wcount mp[32], fpm[64];
    size_t nmp, nfpm;
    xc_op ops[96];
    size_t nops;
} xc_result;

/* Locate the counting binary: override (if non-NULL), $SC_EXPLORE_COUNT_BIN, next to the
 * running executable (/proc/self/exe), the build-tree path compiled in.  0 if found. */
int xc_locate(char *out, size_t len, const char *override);
/* Run it with args (NULL-terminated, without argv[0]); r->ran tells whether it worked. */
void xc_run(xc_result *r, const char *override, const char *const *args);
const xc_entry *xc_find(const xc_result *r, const char *key);
const xc_op *xc_find_op(const xc_result *r, const char *sys, const char *op);
void xc_free(xc_result *r);

/* JSON string with escapes */
#include <stdio.h>
void xj_str(FILE *f, const char *s);

#endif
