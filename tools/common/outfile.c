/* outfile.h: writing a file whole or not at all, never replacing one unasked. */
#define _POSIX_C_SOURCE 200809L
#include "outfile.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static int say(char *msg, size_t msglen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msglen, fmt, ap);
    va_end(ap);
    return -1;
}

int sc_outfile_check(const char *path, int force, char *msg, size_t msglen)
{
    struct stat st;
    if (strcmp(path, "-") == 0)
        return 0;
    if (!*path)
        return say(msg, msglen, "empty file name");
    if (lstat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return say(msg, msglen, "is a directory");
        if (!force)
            return say(msg, msglen, "already exists (use --force to overwrite)");
    }
    return 0;
}

static int write_all(int fd, const unsigned char *p, size_t n)
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

/* The temporary file being written, removed by the signal handler. */
static char g_tmp[4096];
static volatile sig_atomic_t g_tmp_live;
static const int g_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

static void on_signal(int sig)
{
    if (g_tmp_live)
        unlink(g_tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void guard_signals(int on)
{
    size_t i;
    for (i = 0; i < sizeof g_sigs / sizeof g_sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on ? on_signal : SIG_DFL;
        sigemptyset(&sa.sa_mask);
        sigaction(g_sigs[i], &sa, NULL);
    }
}

/* Put the finished temporary file g_tmp in place at path: 0 or an errno. */
static int install(const char *path, int force, mode_t mode)
{
    int ph;
    if (force)
        return rename(g_tmp, path) != 0 ? errno : 0;
    if (link(g_tmp, path) == 0) {
        unlink(g_tmp);
        return 0;
    }
    if (errno != EPERM && errno != ENOTSUP && errno != EOPNOTSUPP && errno != ENOSYS && errno != EMLINK)
        return errno;
    /* no hard links here: claim the name (no clobber), then replace the empty
     * placeholder with the finished file in one rename */
    if ((ph = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY, mode)) < 0)
        return errno;
    close(ph);
    if (rename(g_tmp, path) != 0) {
        int err = errno;
        unlink(path);
        return err;
    }
    return 0;
}

int sc_outfile_write(const char *path, const void *data, size_t len, int secret, int force,
                     char *msg, size_t msglen)
{
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    mode_t mode = secret ? 0600 : 0666, um;
    int fd, dirlen, err;

    if (strcmp(path, "-") == 0) {
        if (fflush(stdout) != 0 || write_all(STDOUT_FILENO, data, len) != 0)
            return say(msg, msglen, "write error: %s", strerror(errno));
        return 0;
    }
    if (!*base)
        return say(msg, msglen, "not a file name");
    dirlen = !slash ? -1 : slash == path ? 1 : (int)(slash - path);
    if ((size_t)snprintf(g_tmp, sizeof g_tmp, "%.*s/.seacurve-XXXXXX", dirlen < 0 ? 1 : dirlen,
                         dirlen < 0 ? "." : path) >= sizeof g_tmp)
        return say(msg, msglen, "path too long");

    guard_signals(1);
    if ((fd = mkstemp(g_tmp)) < 0) {     /* mode 0600 from its creation */
        err = errno;
        guard_signals(0);
        return say(msg, msglen, "cannot create a temporary file beside it: %s", strerror(err));
    }
    g_tmp_live = 1;
    um = umask(0);
    umask(um);
    err = 0;
    if ((!secret && fchmod(fd, mode & ~um) != 0) || write_all(fd, data, len) != 0 || fsync(fd) != 0)
        err = errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err)
        err = install(path, force, secret ? mode : mode & ~um);
    if (err)
        unlink(g_tmp);
    g_tmp_live = 0;
    guard_signals(0);
    if (err == EEXIST)
        return say(msg, msglen, "already exists (use --force to overwrite)");
    if (err)
        return say(msg, msglen, "cannot write: %s", strerror(err));
    return 0;
}
