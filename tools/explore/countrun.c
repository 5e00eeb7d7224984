/* countrun: run sc-explore-count and parse its lines (countrun.h). */
#define _POSIX_C_SOURCE 200809L
#include "countrun.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SC_EXPLORE_COUNT_PATH
#define SC_EXPLORE_COUNT_PATH ""
#endif

static int usable(const char *p)
{
    return p && *p && access(p, X_OK) == 0;
}

int xc_locate(char *out, size_t len, const char *override)
{
    const char *env = getenv("SC_EXPLORE_COUNT_BIN");
    char self[1024];
    ssize_t n;
    if (override) {
        snprintf(out, len, "%s", override);
        return usable(out) ? 0 : -1;
    }
    if (usable(env)) {
        snprintf(out, len, "%s", env);
        return 0;
    }
    n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        char *slash;
        self[n] = 0;
        slash = strrchr(self, '/');
        if (slash) {
            slash[1] = 0;
            if (strlen(self) + 20 < len) {
                snprintf(out, len, "%ssc-explore-count", self);
                if (usable(out))
                    return 0;
            }
        }
    }
    {
        static const char built[] = SC_EXPLORE_COUNT_PATH; /* the build tree's copy */
        if (len < sizeof built)
            return -1;
        memcpy(out, built, sizeof built);
    }
    return usable(out) ? 0 : -1;
}

static void parse_line(xc_result *r, char *line)
{
    if (!strncmp(line, "# ", 2)) {
        snprintf(r->header, sizeof r->header, "%s", line + 2);
    } else if (!strncmp(line, "combo ", 6)) {
        xc_entry *e;
        char key[160], st[16];
        int off = 0;
        void *ne = realloc(r->e, (r->n + 1) * sizeof *r->e);
        if (!ne)
            return;
        r->e = ne;
        e = &r->e[r->n];
        memset(e, 0, sizeof *e);
        if (sscanf(line + 6, "%159s %15s %n", key, st, &off) < 2)
            return;
        snprintf(e->key, sizeof e->key, "%s", key);
        if (!strcmp(st, "ok")) {
            e->ok = sscanf(line + 6 + off, "%lf %lf %lf %lf %lf %lf %lf", &e->v[0], &e->v[1], &e->v[2],
                           &e->v[3], &e->v[4], &e->v[5], &e->v[6]) == XC_N;
            if (!e->ok)
                snprintf(e->err, sizeof e->err, "unreadable count line");
        } else {
            size_t sl = strlen(st);
            e->ok = 0;
            memcpy(e->err, st, sl);   /* "FAILED why" or "unsupported why" */
            e->err[sl] = ' ';
            snprintf(e->err + sl + 1, sizeof e->err - sl - 1, "%s", line + 6 + off);
        }
        r->n++;
    } else if (!strncmp(line, "mp ", 3) && r->nmp < sizeof r->mp / sizeof r->mp[0]) {
        xc_wcount *w = &r->mp[r->nmp];
        memset(w, 0, sizeof *w);
        w->w[2] = -1;
        if (sscanf(line + 3, "%47s %lld %lld", w->name, &w->w[0], &w->w[1]) == 3)
            r->nmp++;
    } else if (!strncmp(line, "fpm ", 4) && r->nfpm < sizeof r->fpm / sizeof r->fpm[0]) {
        xc_wcount *w = &r->fpm[r->nfpm];
        memset(w, 0, sizeof *w);
        if (sscanf(line + 4, "%47s %15s %lld %lld %lld", w->name, w->kind, &w->w[0], &w->w[1], &w->w[2]) == 5)
            r->nfpm++;
    } else if (!strncmp(line, "op ", 3) && r->nops < sizeof r->ops / sizeof r->ops[0]) {
        xc_op *o = &r->ops[r->nops];
        memset(o, 0, sizeof *o);
        if (sscanf(line + 3, "%23s %15s %lf %lf %lf %lf %lf %lf", o->sys, o->op, &o->v[0], &o->v[1], &o->v[2],
                   &o->v[3], &o->v[4], &o->v[5]) == 8)
            r->nops++;
    } else if (!strcmp(line, "end")) {
        r->ran = 1;
    }
}

void xc_run(xc_result *r, const char *override, const char *const *args)
{
    int fd[2], status = 0;
    pid_t pid;
    char *buf = NULL;
    size_t len = 0, cap = 0, i, start;
    const char *argv[64];
    size_t na = 0;

    memset(r, 0, sizeof *r);
    if (xc_locate(r->bin, sizeof r->bin, override)) {
        snprintf(r->err, sizeof r->err, "sc-explore-count not found (build the target sc-explore-count, "
                                        "or set SC_EXPLORE_COUNT_BIN)");
        return;
    }
    argv[na++] = r->bin;
    for (i = 0; args[i] && na < 63; i++)
        argv[na++] = args[i];
    argv[na] = NULL;
    if (pipe(fd)) {
        snprintf(r->err, sizeof r->err, "pipe: %s", strerror(errno));
        return;
    }
    fflush(NULL);
    pid = fork();
    if (pid < 0) {
        snprintf(r->err, sizeof r->err, "fork: %s", strerror(errno));
        close(fd[0]);
        close(fd[1]);
        return;
    }
    if (pid == 0) {
        close(fd[0]);
        if (dup2(fd[1], 1) < 0)
            _exit(127);
        close(fd[1]);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(fd[1]);
    for (;;) {
        ssize_t got;
        if (len + 4096 + 1 > cap) {
            char *nb = realloc(buf, cap = cap ? 2 * cap : 65536);
            if (!nb)
                break;
            buf = nb;
        }
        got = read(fd[0], buf + len, cap - len - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        len += (size_t)got;
    }
    close(fd[0]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (!buf) {
        snprintf(r->err, sizeof r->err, "sc-explore-count: no output");
        return;
    }
    buf[len] = 0;
    for (i = start = 0; i <= len; i++)
        if (i == len || buf[i] == '\n') {
            buf[i] = 0;
            parse_line(r, buf + start);
            start = i + 1;
        }
    free(buf);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        r->ran = 0;
        snprintf(r->err, sizeof r->err, "sc-explore-count failed (status %d)", status);
    } else if (!r->ran) {
        snprintf(r->err, sizeof r->err, "sc-explore-count: output incomplete");
    }
}

const xc_entry *xc_find(const xc_result *r, const char *key)
{
    size_t i;
    for (i = 0; i < r->n; i++)
        if (!strcmp(r->e[i].key, key))
            return &r->e[i];
    return NULL;
}

const xc_op *xc_find_op(const xc_result *r, const char *sys, const char *op)
{
    size_t i;
    for (i = 0; i < r->nops; i++)
        if (!strcmp(r->ops[i].sys, sys) && !strcmp(r->ops[i].op, op))
            return &r->ops[i];
    return NULL;
}

void xc_free(xc_result *r)
{
    free(r->e);
    r->e = NULL;
    r->n = 0;
}

void xj_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}
