/* sc-bench: seacurve against OpenSSL's libcrypto, same process, same inputs.
 * The options and the driver live in bench_cli.c (shared with `seacurve bench`);
 * run `sc-bench --help` for them. */
#include "bench_cli.h"

int main(int argc, char **argv) { return sc_bench_main(argc, argv, "sc-bench"); }
