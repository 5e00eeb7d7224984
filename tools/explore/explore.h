/* explore: `seacurve explore` (every scalar-multiplication method x coordinate
 * system x window, and the field methods, counted and timed on one curve) and
 * `seacurve cost` ([Kodali]'s cost model, eq. 1-12, Table VII and the lines of
 * Fig. 1, next to the counts of seacurve's implementations of the same
 * algorithms, and [WM-ECC]'s anatomy of a point multiplication).  Both write
 * data (text, JSON, CSV; files by the CLI's rules, out.h); the figures are
 * drawn by tools/plot (`cost --png` runs its plot_cost.py, out.h).
 *
 * argv[0] is the subcommand name ("explore", "cost"); prog is the program name
 * for messages.  Both return a process exit status (0 success, 1 failure, 2 usage or
 * file error).
 * Counts come from the companion executable sc-explore-count (the counting
 * build, seacurve_opcount), found through $SC_EXPLORE_COUNT_BIN, next to the
 * running executable, or at its build-tree path. */
#ifndef SC_EXPLORE_H
#define SC_EXPLORE_H

int sc_explore_main(int argc, char **argv, const char *prog);
/* `explore --target avr` (avr.c): the method matrix in cycles on the ATmega,
 * run under sc-avrsim; sc_explore_main hands over when it sees --target. */
int sc_explore_avr_main(int argc, char **argv, const char *prog);
int sc_cost_main(int argc, char **argv, const char *prog);

#endif
