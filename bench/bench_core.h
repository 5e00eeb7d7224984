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
/* The same with the batch size given (batch > 0: no calibration, e.g. the later runs of a
 * side-by-side comparison reuse the first run's batch); batch <= 0 calibrates as bc_measure. */
int bc_measure_batch(bc_result *r, bc_op_fn op, void *arg, const bc_opts *o, long batch);

/* Side-by-side runs: a comparison is timed up to BC_MAX_RUNS times, each run timing
 * seacurve and then each reference, so every run's speed-up compares figures taken under
 * nearly the same load; a row reports the median over the runs and the smallest and largest
 * speed-up. */
#define BC_MAX_RUNS 25

/* ---- report: rows of (group, operation, seacurve result, up to two reference results) ---- */
typedef struct bc_row {
    char group[32];      /* e.g. curve name */
    char op[48];         /* e.g. "ecdsa sign" */
    char ref_name[24];   /* e.g. "openssl", "" if no reference */
    bc_result sc;        /* seacurve (over several runs: the median run's figures, see bc_combine) */
    bc_result ref;       /* reference implementation (ref.ok = 0 if none) */
    char ref2_name[24];  /* a second reference, e.g. "libsecp256k1"; "" if none */
    bc_result ref2;
    int runs;            /* side-by-side runs behind the row; 0 for a row added by bc_table_add */
    double sp[BC_MAX_RUNS];  /* speed-up of each run against ref (ref ns / sc ns; 0: a side failed) */
    double sp2[BC_MAX_RUNS]; /* the same against ref2 */
} bc_row;

typedef struct bc_table {
    bc_row *rows;
    size_t n, cap;
} bc_table;

void bc_table_init(bc_table *t);
/* Append a row (copies); returns it, or NULL when out of memory. */
bc_row *bc_table_add(bc_table *t, const char *group, const char *op, const bc_result *sc,
                     const char *ref_name, const bc_result *ref);
/* Append a row measured in `runs` side-by-side runs (1 .. BC_MAX_RUNS): sc[i], ref[i], ref2[i]
 * are run i's results (ref / ref2 NULL, or their name NULL or "", when there is no such
 * reference).  The row's sc / ref / ref2 figures combine the runs (bc_combine), and sp / sp2
 * hold each run's speed-up.  Returns the row, or NULL when out of memory or runs is out of range. */
bc_row *bc_table_add_runs(bc_table *t, const char *group, const char *op, int runs, const bc_result *sc,
                          const char *ref_name, const bc_result *ref, const char *ref2_name,
                          const bc_result *ref2);
void bc_table_free(bc_table *t);

/* Combine n runs' results of one side: ok only if every run is; ns_per_op and cycles_per_op the
 * medians over the runs, ops_per_s from that ns_per_op, spread the largest run's batch spread,
 * batch the first run's, reps the batches timed over all runs. */
void bc_combine(bc_result *out, const bc_result *runs, int n);

/* speed ratio seacurve / reference (= ref ns / sc ns); > 1: seacurve faster.  0 if either is missing.
 * For a row of several runs: the median of the runs' speed-ups. */
double bc_ratio(const bc_row *r);
/* The speed-up against reference `which` (1: ref, 2: ref2): median, smallest and largest over
 * the runs (all three equal for a single run).  Returns 0 (and zeros) when not measured. */
int bc_ratio_range(const bc_row *r, int which, double *med, double *lo, double *hi);

typedef enum { BC_FMT_TABLE = 0, BC_FMT_JSON = 1, BC_FMT_CSV = 2 } bc_format;
/* title: a header line (table), or a "meta" string member (JSON) / comment (CSV); may be NULL. */
void bc_table_print(FILE *f, const bc_table *t, bc_format fmt, const char *title);

/* Format a count with thousands separators into buf (for the table). */
const char *bc_fmt_num(char *buf, size_t len, double v, int decimals);

#endif
