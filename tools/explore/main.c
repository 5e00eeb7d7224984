/* sc-explore: standalone driver of `explore` and `cost` (explore.h); the seacurve
 * CLI offers the same as `seacurve explore` and `seacurve cost`. */
#include "explore.h"
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "explore"))
        return sc_explore_main(argc - 1, argv + 1, "sc-explore");
    if (argc >= 2 && !strcmp(argv[1], "cost"))
        return sc_cost_main(argc - 1, argv + 1, "sc-explore");
    fprintf(argc >= 2 && strcmp(argv[1], "-h") && strcmp(argv[1], "--help") ? stderr : stdout,
            "usage: sc-explore explore --curve NAME [options]   (sc-explore explore --help)\n"
            "       sc-explore cost [options]                   (sc-explore cost --help)\n");
    return argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) ? 0 : 2;
}
