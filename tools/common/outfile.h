/* The one way the command-line tools write a file (docs/cli.md, "File safety"):
 *  - "-" is stdout, written straight to the descriptor (no copy of a secret
 *    left in stdio's buffer);
 *  - only a regular file is ever replaced, and only with force.  Whatever
 *    else is at the name is refused, with or without force: a directory, a
 *    device node, a FIFO, a socket, and every symbolic link (whatever it
 *    points to: a link is neither followed nor replaced, so nothing is ever
 *    written through one).  Checked before the work (sc_outfile_check), again
 *    before the temporary file is made, and again just before it is put in
 *    place;
 *  - a file is written whole or not at all: the data go to a temporary file in
 *    the destination directory (mode 0600 for a secret, else 0666 less the
 *    umask, from its creation), are flushed with fsync, then link()ed into
 *    place (which fails if the name exists) or, with force, rename()d over the
 *    regular file; the temporary file is removed on every failure and on
 *    SIGINT, SIGTERM, SIGHUP or SIGQUIT while it exists.
 * The functions print nothing: on failure they return -1 and leave one line
 * (without the file name, which the caller prints as the subject) in msg. */
#ifndef SC_TOOLS_OUTFILE_H
#define SC_TOOLS_OUTFILE_H

#include <stddef.h>

/* 0 if path may be written, else -1 and msg. */
int sc_outfile_check(const char *path, int force, char *msg, size_t msglen);

/* Write len bytes of data to path as above; 0, or -1 and msg. */
int sc_outfile_write(const char *path, const void *data, size_t len, int secret, int force,
                     char *msg, size_t msglen);

/* A scratch directory for a helper program's files (the PNG of `cost --png`):
 * mkdtemp under $TMPDIR (else /tmp), mode 0700.  sc_scratch_file names a file
 * in it (at most SC_SCRATCH_FILES names, each under 32 bytes; the returned
 * path lives until sc_scratch_remove, NULL if the table is full).
 * sc_scratch_run runs a helper program there: argv[0] (a path) with argv,
 * stdout and stderr to the file log; it returns when the helper ends, with
 * its wait status in *status: 0, or -1 and errno if it could not be started
 * (a helper that cannot exec exits 127).
 * sc_scratch_remove removes the directory and everything in it.  SIGINT,
 * SIGTERM, SIGHUP or SIGQUIT while it exists first ends the helper (SIGTERM)
 * and waits for it, then removes the named files and the directory (only
 * async-signal-safe calls: a file the helper made under a name of its own
 * keeps the directory).  One scratch directory at a time. */
#define SC_SCRATCH_FILES 4
int sc_scratch_make(char *msg, size_t msglen);
const char *sc_scratch_file(const char *name);
int sc_scratch_run(const char *const *argv, const char *log, int *status);
void sc_scratch_remove(void);

#endif
