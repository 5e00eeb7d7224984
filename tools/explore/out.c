/* out: writing the reports of explore and cost (out.h), by the rules of
 * tools/common/outfile.h. */
#define _POSIX_C_SOURCE 200809L
#include "out.h"
#include "outfile.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SC_PLOT_INSTALL_REL
#define SC_PLOT_INSTALL_REL "../share/seacurve"
#endif
#ifndef SC_PLOT_SOURCE_DIR
#define SC_PLOT_SOURCE_DIR ""
#endif

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
    fprintf(stderr, "%s: --png: no figure of this report is drawn here, only its data: %s\n", who, how);
    return 2;
}

/* dir/name into out if that is a readable file; 1 found, else 0 */
static int script_at(char *out, size_t len, const char *dir, const char *name)
{
    struct stat st;
    if (!*dir || (size_t)snprintf(out, len, "%s/%s", dir, name) >= len)
        return 0;
    return stat(out, &st) == 0 && S_ISREG(st.st_mode) && access(out, R_OK) == 0;
}

/* An executable regular file? */
static int runnable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* name (no '/') searched in $PATH, else name itself, into out; 1 found, else 0. */
static int find_program(const char *name, char *out, size_t len)
{
    const char *path = getenv("PATH"), *p, *e;
    if (strchr(name, '/'))
        return (size_t)snprintf(out, len, "%s", name) < len && runnable(out);
    if (!path)
        path = "/usr/bin:/bin";
    for (p = path;; p = e + 1) {
        size_t n;
        e = strchr(p, ':');
        n = e ? (size_t)(e - p) : strlen(p);
        if ((size_t)snprintf(out, len, "%.*s/%s", (int)n, n ? p : ".", name) < len && runnable(out))
            return 1;
        if (!e)
            return 0;
    }
}

int xo_plot_find(const char *who, const char *script, xo_plotter *p)
{
    const char *env = getenv("SC_PLOT_DIR");
    char self[1024], dir[1200];
    ssize_t n;
    int found = 0;
    if (env) {
        if (!script_at(p->script, sizeof p->script, env, script)) {
            fprintf(stderr, "%s: --png: no %s in $SC_PLOT_DIR (%s)\n", who, script, env);
            return 2;
        }
        found = 1;
    }
    if (!found && (n = readlink("/proc/self/exe", self, sizeof self - 1)) > 0) {
        char *slash;
        self[n] = 0;
        if ((slash = strrchr(self, '/')) != NULL) {
            *slash = 0;
            snprintf(dir, sizeof dir, "%s/%s", self, SC_PLOT_INSTALL_REL);
            found = script_at(p->script, sizeof p->script, dir, script);
        }
    }
    if (!found)
        found = script_at(p->script, sizeof p->script, SC_PLOT_SOURCE_DIR, script);
    if (!found) {
        fprintf(stderr, "%s: --png: the plotting script %s is not installed (looked in %s beside the program "
                "and in %s; set SC_PLOT_DIR)\n", who, script, SC_PLOT_INSTALL_REL,
                *SC_PLOT_SOURCE_DIR ? SC_PLOT_SOURCE_DIR : "the source tree");
        return 2;
    }
    /* the interpreter: $PYTHON alone if set, else python3 from $PATH, then /usr/bin/python3
     * (a python3 of $PATH without matplotlib, e.g. a pyenv or venv one, falls back to the
     * system's) */
    p->npython = 0;
    if (getenv("PYTHON") && *getenv("PYTHON")) {
        if (!find_program(getenv("PYTHON"), p->python[0], sizeof p->python[0])) {
            fprintf(stderr, "%s: --png: $PYTHON (%s): python3 not found\n", who, getenv("PYTHON"));
            return 2;
        }
        p->npython = 1;
        return 0;
    }
    if (find_program("python3", p->python[0], sizeof p->python[0]))
        p->npython = 1;
    if (runnable("/usr/bin/python3") && !(p->npython && !strcmp(p->python[0], "/usr/bin/python3")))
        snprintf(p->python[p->npython++], sizeof p->python[0], "%s", "/usr/bin/python3");
    if (!p->npython) {
        fprintf(stderr, "%s: --png: python3 not found in PATH (the figure is drawn by %s with matplotlib; "
                "or set PYTHON)\n", who, script);
        return 2;
    }
    return 0;
}

/* The last non-empty line of the first 64 KiB of a text file, without its newline, into out
 * ("" if none). */
static void last_line(const char *path, char *out, size_t len)
{
    static char buf[64 * 1024];
    size_t n = 0;
    char *start;
    FILE *f = fopen(path, "r");
    out[0] = 0;
    if (!f)
        return;
    n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' '))
        n--;
    buf[n] = 0;
    start = strrchr(buf, '\n');
    start = start ? start + 1 : buf;
    n = strlen(start);
    if (n >= len)
        n = len - 1;
    memcpy(out, start, n);
    out[n] = 0;
}

/* Read a file of at most max bytes into a new buffer; NULL on failure. */
static unsigned char *slurp_file(const char *path, size_t max, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *b;
    size_t n;
    if (!f)
        return NULL;
    if (!(b = malloc(max + 1))) {
        fclose(f);
        return NULL;
    }
    n = fread(b, 1, max + 1, f);
    fclose(f);
    if (n == 0 || n > max) {
        free(b);
        return NULL;
    }
    *len = n;
    return b;
}

int xo_plot(const char *who, const xo_plotter *p, const char *csv, size_t csvlen, const char *png, int force)
{
    static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    enum { PNG_MAX = 64u << 20 };
    const char *data, *fig, *log;
    char msg[512], why[300];
    unsigned char *img = NULL;
    size_t imglen = 0;
    int rc = 2, status = 0, k;
    FILE *f;

    if (sc_scratch_make(msg, sizeof msg) != 0) {
        fprintf(stderr, "%s: --png: %s\n", who, msg);
        return 2;
    }
    data = sc_scratch_file("data.csv");
    fig = sc_scratch_file("figure.png");
    log = sc_scratch_file("plot.log");
    if (!(f = fopen(data, "wb")) || fwrite(csv, 1, csvlen, f) != csvlen || fclose(f) != 0) {
        fprintf(stderr, "%s: --png: cannot write the data for %s: %s\n", who, p->script, strerror(errno));
        goto out;
    }
    /* each interpreter in turn while the script says matplotlib is missing (exit 3) */
    for (k = 0; k < p->npython; k++) {
        const char *argv[] = { p->python[k], p->script, data, "-o", fig, NULL };
        if (sc_scratch_run(argv, log, &status) != 0) {
            fprintf(stderr, "%s: --png: cannot run %s: %s\n", who, p->python[k], strerror(errno));
            goto out;
        }
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 3)
            break;
    }
    last_line(log, why, sizeof why);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 3) {
        fprintf(stderr, "%s: --png: matplotlib is missing for %s%s (Debian: apt-get install "
                "python3-matplotlib; or pip install matplotlib; or set PYTHON)\n", who, p->python[0],
                p->npython > 1 ? " and /usr/bin/python3" : "");
        goto out;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        fprintf(stderr, "%s: --png: cannot run %s\n", who, p->python[k < p->npython ? k : p->npython - 1]);
        goto out;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        if (WIFEXITED(status))
            fprintf(stderr, "%s: --png: %s failed (exit %d)%s%s\n", who, p->script, WEXITSTATUS(status),
                    *why ? ": " : "", why);
        else
            fprintf(stderr, "%s: --png: %s killed by signal %d\n", who, p->script, WTERMSIG(status));
        goto out;
    }
    if (!(img = slurp_file(fig, PNG_MAX, &imglen)) || imglen < sizeof sig || memcmp(img, sig, sizeof sig) != 0) {
        fprintf(stderr, "%s: --png: %s wrote no PNG\n", who, p->script);
        goto out;
    }
    rc = xo_write(who, png, (const char *)img, imglen, force);
out:
    free(img);
    sc_scratch_remove();
    return rc;
}
