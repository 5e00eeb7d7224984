/* bench_core: the measuring and reporting half of seacurve's host benchmarks.
 *
 * Independent of what is measured (no seacurve or OpenSSL types), so the
 * `seacurve bench` tool and sc-bench share it.
 *
 * Method: an operation is a callback that performs it `iters` times.  The
 * batch size is calibrated so that one batch takes at least target_ns; then
 * `reps` batches are timed (monotonic clock, and rdtsc on x86-64) and the
 * median batch gives ns/op and cycles/op.  Medians, not means: the machines
 * are shared and noisy, and one preempted batch must not move the figure.
 * Note: rdtsc counts reference (TSC) cycles at the nominal frequency, not
 * core clock cycles under turbo or throttling; ratios are what we quote. */
#ifndef SC_BENCH_CORE_H
#define SC_BENCH_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Perform the operation `iters` times; return nonzero on failure (aborts that measurement). */
typedef int (*bc_op_fn)(void *arg, long iters);

typedef struct bc_opts {
    double target_ns;   /* minimum duration of one timed batch */
    int reps;           /* timed batches; the median is reported */
    double max_ns;      /* stop adding batches (keeping at least 3) once this much time was spent */
} bc_opts;

/* Quick: whole 5-curve run well under 30 s.  Full: tighter medians. */
void bc_opts_quick(bc_opts *o);
void bc_opts_full(bc_opts *o);

typedef struct bc_result {
    int ok;              /* 0 if the operation reported failure */
    double ns_per_op;    /* median over batches */
    double cycles_per_op;/* median TSC cycles per op; 0 where no cycle counter */
    double ops_per_s;    /* 1e9 / ns_per_op */
    double spread;       /* (max - min) / median of the batch times, a noise indicator */
    long batch;          /* operations per batch */
    int reps;            /* batches timed */
} bc_result;

/* Monotonic time in ns; cycle counter (0 where unavailable). */
uint64_t bc_now_ns(void);
uint64_t bc_cycles(void);
int bc_have_cycles(void);

/* Measure op(arg, n); returns r->ok. */
int bc_measure(bc_result *r, bc_op_fn op, void *arg, const bc_opts *o);

/* ---- report: rows of (group, operation, seacurve result, optional reference result) ---- */
typedef struct bc_row {
    char group[32];      /* e.g. curve name */
    char op[48];         /* e.g. "ecdsa sign" */
    char ref_name[24];   /* e.g. "openssl", "" if no reference */
    bc_result sc;        /* seacurve */
    bc_result ref;       /* reference implementation (ref.ok = 0 if none) */
} bc_row;

typedef struct bc_table {
    bc_row *rows;
    size_t n, cap;
} bc_table;

void bc_table_init(bc_table *t);
/* Append a row (copies); returns it, or NULL when out of memory. */
bc_row *bc_table_add(bc_table *t, const char *group, const char *op, const bc_result *sc,
                     const char *ref_name, const bc_result *ref);
void bc_table_free(bc_table *t);

/* speed ratio seacurve / reference (= ref ns / sc ns); > 1: seacurve faster.  0 if either is missing. */
double bc_ratio(const bc_row *r);

typedef enum { BC_FMT_TABLE = 0, BC_FMT_JSON = 1, BC_FMT_CSV = 2 } bc_format;
/* title: a header line (table), or a "meta" string member (JSON) / comment (CSV); may be NULL. */
void bc_table_print(FILE *f, const bc_table *t, bc_format fmt, const char *title);

/* Format a count with thousands separators into buf (for the table). */
const char *bc_fmt_num(char *buf, size_t len, double v, int decimals);

#endif
