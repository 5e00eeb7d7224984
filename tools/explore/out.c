/* out: writing the reports of explore and cost (out.h). */
#define _POSIX_C_SOURCE 200809L
#include "out.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static int fail(const char *who, const char *path, const char *what, int err)
{
    if (err)
        fprintf(stderr, "%s: %s: %s: %s\n", who, path, what, strerror(err));
    else
        fprintf(stderr, "%s: %s: %s\n", who, path, what);
    return 2;
}

int xo_check(const char *who, const char *path, int force)
{
    struct stat st;
    if (!strcmp(path, "-"))
        return 0;
    if (!*path)
        return fail(who, "-o", "empty file name", 0);
    if (lstat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return fail(who, path, "is a directory", 0);
        if (!force)
            return fail(who, path, "already exists (use --force to overwrite)", 0);
    }
    return 0;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int xo_write(const char *who, const char *path, const char *data, size_t len, int force)
{
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    char tmp[4096];
    int fd, err = 0;
    mode_t um;

    if (!strcmp(path, "-")) {
        if (fflush(stdout) != 0 || write_all(STDOUT_FILENO, data, len) != 0)
            return fail(who, "stdout", "write error", errno);
        return 0;
    }
    if (!*base)
        return fail(who, path, "not a file name", 0);
    if (!slash)
        snprintf(tmp, sizeof tmp, "./.seacurve-XXXXXX");
    else if ((size_t)(slash - path) + 20 >= sizeof tmp)
        return fail(who, path, "path too long", 0);
    else
        snprintf(tmp, sizeof tmp, "%.*s/.seacurve-XXXXXX", (int)(slash - path), path);
    if ((fd = mkstemp(tmp)) < 0)
        return fail(who, path, "cannot create a temporary file beside it", errno);
    um = umask(0);   /* a report is no secret: 0666 less the umask, like a public key */
    umask(um);
    if (fchmod(fd, 0666 & ~um) != 0 || write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        err = errno;
        close(fd);
        goto out;
    }
    if (close(fd) != 0) {
        err = errno;
        goto out;
    }
    if (force) {
        if (rename(tmp, path) != 0)
            err = errno;
        else
            return 0;
    } else if (link(tmp, path) != 0) {
        err = errno;
        if (err == EPERM || err == ENOTSUP || err == EOPNOTSUPP || err == ENOSYS || err == EMLINK) {
            /* no hard links here: claim the name (no clobber), then rename over the placeholder */
            int ph = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY, 0666);
            err = 0;
            if (ph < 0)
                err = errno;
            else {
                close(ph);
                if (rename(tmp, path) != 0) {
                    err = errno;
                    unlink(path);
                } else
                    return 0;
            }
        }
    }
out:
    unlink(tmp);   /* the temporary name, after link() or a failure */
    if (err == EEXIST)
        return fail(who, path, "already exists (use --force to overwrite)", 0);
    if (err)
        return fail(who, path, "cannot write", err);
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
