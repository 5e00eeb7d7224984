/* The CLI's benchmarking commands are not fuzzed (they time, they do not parse
 * files): in fuzz_cli they end as a build without them would, exit 2. */
#include "cli.h"

static int left_out(void)
{
    return cli_fail(NULL, "not in this build");
}

int cmd_bench(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return left_out();
}

int cmd_explore(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return left_out();
}

int cmd_cost(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return left_out();
}
