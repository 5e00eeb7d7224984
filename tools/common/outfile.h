/* The one way the command-line tools write a file (docs/cli.md, "File safety"):
 *  - "-" is stdout, written straight to the descriptor (no copy of a secret
 *    left in stdio's buffer);
 *  - an existing file is replaced only with force: checked before the work
 *    (sc_outfile_check) and again, atomically, when the file is put in place;
 *  - a file is written whole or not at all: the data go to a temporary file in
 *    the destination directory (mode 0600 for a secret, else 0666 less the
 *    umask, from its creation), are flushed with fsync, then link()ed into
 *    place (which fails if the name exists) or, with force, rename()d over it;
 *    the temporary file is removed on every failure and on SIGINT, SIGTERM,
 *    SIGHUP or SIGQUIT while it exists.
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

#endif
