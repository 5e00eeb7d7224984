/* seacurve bench: the host benchmarks of bench/ (sc_bench_main), when built with OpenSSL. */
#include "cli.h"

#if defined(SC_CLI_HAVE_BENCH) && SC_CLI_HAVE_BENCH
#include "bench_cli.h"

int cmd_bench(int argc, char **argv)
{
    return sc_bench_main(argc, argv, "seacurve bench");
}
#else
int cmd_bench(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("seacurve bench: built without OpenSSL\n", stderr);
    return CLI_EXIT_ERROR;
}
#endif
