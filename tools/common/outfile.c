/* outfile.h: writing a file whole or not at all, never replacing anything but a
 * regular file, and never unasked. */
#define _POSIX_C_SOURCE 200809L
#include "outfile.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int say(char *msg, size_t msglen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msglen, fmt, ap);
    va_end(ap);
    return -1;
}

/* "a character device" etc.: what a file that is not a regular one is. */
static const char *kind(mode_t m)
{
    if (S_ISREG(m))
        return "a regular file";
    if (S_ISDIR(m))
        return "a directory";
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
    if (S_ISFIFO(m))
        return "a FIFO (named pipe)";
    if (S_ISSOCK(m))
        return "a socket";
    if (S_ISLNK(m))
        return "a symbolic link";
    return "not a regular file";
}

/* What is at path now: 0 nothing (or nothing that can be examined: the write
 * reports the real error), 1 a regular file, -1 anything else (msg says what). */
static int existing(const char *path, char *msg, size_t msglen)
{
    struct stat st, to;
    if (lstat(path, &st) != 0)
        return 0;
    if (S_ISREG(st.st_mode))
        return 1;
    if (S_ISLNK(st.st_mode)) {
        if (stat(path, &to) != 0)
            return say(msg, msglen, "is a symbolic link to a missing file: links are not followed or "
                                    "replaced, even with --force");
        return say(msg, msglen, "is a symbolic link to %s: links are not followed or replaced, even "
                                "with --force (name the file itself)", kind(to.st_mode));
    }
    if (S_ISDIR(st.st_mode))
        return say(msg, msglen, "is a directory");
    return say(msg, msglen, "is %s, not a regular file: not replaced, even with --force", kind(st.st_mode));
}

int sc_outfile_check(const char *path, int force, char *msg, size_t msglen)
{
    const char *slash;
    int e;
    if (strcmp(path, "-") == 0)
        return 0;
    if (!*path)
        return say(msg, msglen, "empty file name");
    slash = strrchr(path, '/');
    if (slash && !slash[1])
        return say(msg, msglen, "not a file name");
    if ((e = existing(path, msg, msglen)) < 0)
        return -1;
    if (e > 0 && !force)
        return say(msg, msglen, "already exists (use --force to overwrite)");
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

/* ---- what a signal removes: the temporary file being written, the scratch directory ---- */

static char g_tmp[4096];
static volatile sig_atomic_t g_tmp_live;
static char g_scratch[1024];
static char g_scratch_files[SC_SCRATCH_FILES][1024 + 40];
static volatile sig_atomic_t g_scratch_n;   /* names in use */
static volatile sig_atomic_t g_scratch_live;
static volatile pid_t g_scratch_pid;
static const int g_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define NSIGS (sizeof g_sigs / sizeof g_sigs[0])
static struct sigaction g_old[NSIGS];
static int g_guarded;

static void on_signal(int sig)
{
    sig_atomic_t i;
    if (g_tmp_live)
        unlink(g_tmp);
    if (g_scratch_live) {
        if (g_scratch_pid > 0) {
            kill(g_scratch_pid, SIGTERM);
            waitpid(g_scratch_pid, NULL, 0);
        }
        for (i = 0; i < g_scratch_n; i++)
            unlink(g_scratch_files[i]);
        rmdir(g_scratch);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* The handler is in place while something is live, the caller's otherwise. */
static void guard_update(void)
{
    size_t i;
    int want = g_tmp_live || g_scratch_live;
    if (want && !g_guarded) {
        for (i = 0; i < NSIGS; i++) {
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_signal;
            sigemptyset(&sa.sa_mask);
            sigaction(g_sigs[i], &sa, &g_old[i]);
            if (g_old[i].sa_handler == SIG_IGN)   /* an ignored signal (nohup) stays ignored */
                sigaction(g_sigs[i], &g_old[i], NULL);
        }
    } else if (!want && g_guarded) {
        for (i = 0; i < NSIGS; i++)
            sigaction(g_sigs[i], &g_old[i], NULL);
    }
    g_guarded = want;
}

/* Block the guarded signals (*old: the mask to restore), so that a file and the
 * flag saying it exists appear together for the handler. */
static void block_guarded(sigset_t *old)
{
    sigset_t block;
    size_t i;
    sigemptyset(&block);
    for (i = 0; i < NSIGS; i++)
        sigaddset(&block, g_sigs[i]);
    sigprocmask(SIG_BLOCK, &block, old);
}

/* Put the finished temporary file g_tmp in place at path: 0, or an errno
 * (EEXIST: the name is taken), or -1 with msg. */
static int install(const char *path, int force, mode_t mode, char *msg, size_t msglen)
{
    int ph, e;
    /* the last look before the name is used: only a regular file is replaced */
    if ((e = existing(path, msg, msglen)) < 0)
        return -1;
    if (e > 0) {
        if (!force)
            return EEXIST;
        return rename(g_tmp, path) != 0 ? errno : 0;
    }
    if (link(g_tmp, path) == 0) {
        unlink(g_tmp);
        return 0;
    }
    if (errno != EPERM && errno != ENOTSUP && errno != EOPNOTSUPP && errno != ENOSYS && errno != EMLINK)
        return errno;
    /* no hard links here: claim the name (no clobber, no link followed), then
     * replace the empty placeholder with the finished file in one rename */
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
    const char *slash = strrchr(path, '/');
    mode_t mode = secret ? 0600 : 0666, um;
    int fd, dirlen, err;
    sigset_t sigs;

    if (strcmp(path, "-") == 0) {
        if (fflush(stdout) != 0 || write_all(STDOUT_FILENO, data, len) != 0)
            return say(msg, msglen, "write error: %s", strerror(errno));
        return 0;
    }
    if (sc_outfile_check(path, force, msg, msglen) != 0)
        return -1;
    dirlen = !slash ? -1 : slash == path ? 1 : (int)(slash - path);
    if ((size_t)snprintf(g_tmp, sizeof g_tmp, "%.*s/.seacurve-XXXXXX", dirlen < 0 ? 1 : dirlen,
                         dirlen < 0 ? "." : path) >= sizeof g_tmp)
        return say(msg, msglen, "path too long");

    block_guarded(&sigs);
    if ((fd = mkstemp(g_tmp)) < 0) {    /* mode 0600 from its creation */
        err = errno;
        sigprocmask(SIG_SETMASK, &sigs, NULL);
        return say(msg, msglen, "cannot create a temporary file beside it: %s", strerror(err));
    }
    g_tmp_live = 1;
    guard_update();
    sigprocmask(SIG_SETMASK, &sigs, NULL);
    um = umask(0);
    umask(um);
    err = 0;
    if ((!secret && fchmod(fd, mode & ~um) != 0) || write_all(fd, data, len) != 0 || fsync(fd) != 0)
        err = errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err)
        err = install(path, force, secret ? mode : mode & ~um, msg, msglen);
    if (err)
        unlink(g_tmp);
    g_tmp_live = 0;
    guard_update();
    if (err == EEXIST)
        return say(msg, msglen, "already exists (use --force to overwrite)");
    if (err > 0)
        return say(msg, msglen, "cannot write: %s", strerror(err));
    return err ? -1 : 0;
}

/* ---- the scratch directory ---- */

int sc_scratch_make(char *msg, size_t msglen)
{
    const char *t = getenv("TMPDIR");
    sigset_t sigs;
    if (!t || !*t)
        t = "/tmp";
    if ((size_t)snprintf(g_scratch, sizeof g_scratch, "%s/seacurve-XXXXXX", t) >= sizeof g_scratch)
        return say(msg, msglen, "TMPDIR is too long");
    g_scratch_n = 0;
    block_guarded(&sigs);
    if (!mkdtemp(g_scratch)) {
        int err = errno;
        sigprocmask(SIG_SETMASK, &sigs, NULL);
        return say(msg, msglen, "cannot make a temporary directory in %s: %s", t, strerror(err));
    }
    g_scratch_live = 1;
    guard_update();
    sigprocmask(SIG_SETMASK, &sigs, NULL);
    return 0;
}

const char *sc_scratch_file(const char *name)
{
    char *p;
    if (!g_scratch_live || g_scratch_n >= SC_SCRATCH_FILES || strlen(name) >= 32)
        return NULL;
    p = g_scratch_files[g_scratch_n];
    snprintf(p, sizeof g_scratch_files[0], "%s/%s", g_scratch, name);
    g_scratch_n++;   /* after the name is complete: the handler may read it */
    return p;
}

int sc_scratch_run(const char *const *argv, const char *log, int *status)
{
    sigset_t old;
    pid_t pid;
    size_t i;
    int fd, err;
    /* no signal between fork and recording the child: the handler ends it */
    block_guarded(&old);
    fflush(stdout);
    fflush(stderr);
    if ((pid = fork()) < 0) {
        err = errno;
        sigprocmask(SIG_SETMASK, &old, NULL);
        errno = err;
        return -1;
    }
    if (pid == 0) {
        /* the caller's dispositions back (exec keeps an ignored signal ignored) */
        for (i = 0; i < NSIGS && g_guarded; i++)
            sigaction(g_sigs[i], &g_old[i], NULL);
        sigprocmask(SIG_SETMASK, &old, NULL);
        if ((fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY, 0600)) >= 0) {
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
            close(fd);
        }
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    g_scratch_pid = pid;
    sigprocmask(SIG_SETMASK, &old, NULL);
    while (waitpid(pid, status, 0) < 0)
        if (errno != EINTR) {
            err = errno;
            g_scratch_pid = 0;
            errno = err;
            return -1;
        }
    g_scratch_pid = 0;
    return 0;
}

void sc_scratch_remove(void)
{
    char path[sizeof g_scratch + 260];
    struct dirent *de;
    DIR *d;
    if (!g_scratch_live)
        return;
    g_scratch_pid = 0;
    if ((d = opendir(g_scratch)) != NULL) {   /* the named files and any the helper left */
        while ((de = readdir(d)) != NULL)
            if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") &&
                (size_t)snprintf(path, sizeof path, "%s/%s", g_scratch, de->d_name) < sizeof path)
                unlink(path);
        closedir(d);
    }
    rmdir(g_scratch);
    g_scratch_live = 0;
    g_scratch_n = 0;
    guard_update();
}
