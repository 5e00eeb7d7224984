/* out: the reports of `explore` and `cost` written to files by the rules every command of the
 * CLI follows (tools/common/outfile.h; docs/cli.md, "File safety"): "-" is stdout, an existing
 * file is replaced only with --force (checked before the work by xo_check, and again when the
 * file is put in place), a file is written whole or not at all.
 * Errors print one line, "<who>: <file>: <problem>" (who: "seacurve cost"), and return 2. */
#ifndef SC_EXPLORE_OUT_H
#define SC_EXPLORE_OUT_H

#include <stddef.h>
#include <stdio.h>

/* 0 if path may be written (force: an existing file will be replaced), else 2 after the message. */
int xo_check(const char *who, const char *path, int force);
/* Write len bytes to path as above; 0, or 2 after the message. */
int xo_write(const char *who, const char *path, const char *data, size_t len, int force);

/* A report rendered in memory (open_memstream): xo_mem_open, print into f, xo_mem_close,
 * then xo_write(.., m.data, m.len, ..) and free(m.data). */
typedef struct xo_mem {
    FILE *f;
    char *data;
    size_t len;
} xo_mem;
int xo_mem_open(xo_mem *m);                 /* 0 or -1 */
int xo_mem_close(xo_mem *m);                /* 0 or -1 (data stays valid: free it) */

/* `--png` where no script draws the report (explore): one line, "<who>: --png: ...: <how>"
 * (how: the commands to use instead); returns 2. */
int xo_png_refused(const char *who, const char *how);

/* `cost --png FILE`: a figure drawn by a plotting script of tools/plot (script: its file name,
 * "plot_cost.py"), run as `PYTHON SCRIPT DATA.csv -o FIG.png`.
 * The script is looked for in $SC_PLOT_DIR if that is set (and only there), else in the
 * installed data directory beside the running program (BINDIR/../share/seacurve: the relative
 * path SC_PLOT_INSTALL_REL, compiled in), else in the source tree's tools/plot
 * (SC_PLOT_SOURCE_DIR, compiled in).  The interpreter is $PYTHON if set, else python3 from
 * $PATH, then /usr/bin/python3 where the first lacks matplotlib (the script's exit status 3).
 * xo_plot_find: before the work, the script and an interpreter are there; 0, or 2 after the
 * message.
 * xo_plot: the script draws csv (csvlen bytes) in a scratch directory (outfile.h), and the PNG
 * it made (checked: the PNG signature) is written to png by the rules above; 0, or 2 after one
 * line saying what failed (python3 or matplotlib missing, the script's own last line). */
typedef struct xo_plotter {
    char script[1024];
    char python[2][1024];
    int npython;
} xo_plotter;
int xo_plot_find(const char *who, const char *script, xo_plotter *p);
int xo_plot(const char *who, const xo_plotter *p, const char *csv, size_t csvlen, const char *png, int force);

#endif
