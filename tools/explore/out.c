/* out: writing the reports of explore and cost (out.h), by the rules of
 * tools/common/outfile.h. */
#define _POSIX_C_SOURCE 200809L
#include "out.h"
#include "outfile.h"
#include <stdio.h>
#include <string.h>

int xo_check(const char *who, const char *path, int force)
{
    char msg[256];
    if (sc_outfile_check(path, force, msg, sizeof msg) != 0) {
        fprintf(stderr, "%s: %s: %s\n", who, *path ? path : "-o", msg);
        return 2;
    }
    return 0;
}

int xo_write(const char *who, const char *path, const char *data, size_t len, int force)
{
    char msg[256];
    if (sc_outfile_write(path, data, len, 0, force, msg, sizeof msg) != 0) {
        fprintf(stderr, "%s: %s: %s\n", who, strcmp(path, "-") == 0 ? "stdout" : path, msg);
        return 2;
    }
    return 0;
}

int xo_mem_open(xo_mem *m)
{
    m->data = NULL;
    m->len = 0;
    m->f = open_memstream(&m->data, &m->len);
    return m->f ? 0 : -1;
}

int xo_mem_close(xo_mem *m)
{
    int rc = m->f && fclose(m->f) == 0 && m->data ? 0 : -1;
    m->f = NULL;
    return rc;
}

int xo_png_refused(const char *who, const char *how)
{
    fprintf(stderr, "%s: --png: no pictures from seacurve, it writes the data: %s\n", who, how);
    return 2;
}
