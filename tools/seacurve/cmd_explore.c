/* seacurve explore / seacurve cost: the method matrix and [Kodali]'s cost model
 * (tools/explore, explore.h); both write data (text, JSON, CSV, Markdown), the figures
 * are drawn from it by tools/plot. */
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
