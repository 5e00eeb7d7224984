/* seacurve explore / seacurve cost: the method matrix and seed 002's cost model
 * (tools/explore, explore.h). */
#include "cli.h"
#include "explore.h"

int cmd_explore(int argc, char **argv)
{
    return sc_explore_main(argc, argv, "seacurve");
}

int cmd_cost(int argc, char **argv)
{
    return sc_cost_main(argc, argv, "seacurve");
}
