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

/* `--png` is not an option of the C tools (plots are drawn by tools/plot, with matplotlib):
 * one line, "<who>: --png: ...: <how>" (how: the commands to use instead); returns 2. */
int xo_png_refused(const char *who, const char *how);

#endif
