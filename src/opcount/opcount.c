/* opcount: the process-wide operation counters (include/seacurve/opcount.h).
 *
 * The counter variables exist only in a counting build (SC_OPCOUNT=1: the
 * seacurve_opcount library, or the whole build with -DSC_OPCOUNT=ON); the
 * three functions exist in every build, so a tool can ask at run time
 * whether the library it links counts. */
#include <seacurve/opcount.h>
#include <string.h>

#if defined(SC_OPCOUNT) && SC_OPCOUNT
sc_opcount sc_opcount_now;
int sc_opcount_depth;

int sc_opcount_enabled(void)
{
    return 1;
}

void sc_opcount_reset(void)
{
    memset(&sc_opcount_now, 0, sizeof sc_opcount_now);
    sc_opcount_depth = 0;
}

void sc_opcount_get(sc_opcount *out)
{
    *out = sc_opcount_now;
}
#else
int sc_opcount_enabled(void)
{
    return 0;
}

void sc_opcount_reset(void)
{
}

void sc_opcount_get(sc_opcount *out)
{
    memset(out, 0, sizeof *out);
}
#endif
