/* bench_cli: the command-line driver of seacurve's host benchmarks.
 *
 * Shared by sc-bench (whose main is a one-line call) and `seacurve bench`
 * (tools/seacurve), so both accept the same options and print the same report.
 * Built as the static library scbench_cli (links scbench_ops, hence OpenSSL's
 * libcrypto; the seacurve library itself never links OpenSSL). */
#ifndef SC_BENCH_CLI_H
#define SC_BENCH_CLI_H

/* Parse argv[1..argc-1] (argv[0] is the program or subcommand name and is not
 * parsed), run the benchmarks, print the report on stdout and progress on
 * stderr.  prog names the command in messages and usage text, e.g.
 * "seacurve bench" or "sc-bench"; NULL means argv[0] (or "sc-bench").
 * Returns the process exit status: 0 success, 1 a benchmark or cross-check
 * failed, 2 usage error. */
int sc_bench_main(int argc, char **argv, const char *prog);

#endif
