/* seacurve CLI: error reporting, option parsing and file I/O. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "outfile.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* ---- error reporting ---- */

static const char *g_cmd = "";
static int g_reported;

void cli_begin(void)
{
    g_cmd = "";
    g_reported = 0;
}

void cli_set_cmd(const char *cmd)
{
    g_cmd = cmd ? cmd : "";
}

const char *cli_cmd(void)
{
    return g_cmd;
}

const char *cli_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "stdin" : path;
}

/* Copy s to stderr with control characters shown as '?', so that one error
 * stays one line whatever a file name holds. */
static void put_clean(const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        fputc(ch < 0x20 || ch == 0x7f ? '?' : ch, stderr);
    }
}

int cli_fail(const char *subject, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    if (g_reported)
        return CLI_EXIT_ERROR;
    g_reported = 1;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fputs("seacurve", stderr);
    if (*g_cmd) {
        fputc(' ', stderr);
        put_clean(g_cmd);
    }
    fputs(": ", stderr);
    if (subject) {
        put_clean(subject);
        fputs(": ", stderr);
    }
    put_clean(msg);
    fputc('\n', stderr);
    fflush(stderr);
    return CLI_EXIT_ERROR;
}

/* ---- options ---- */

int cli_parse(int argc, char **argv, const cli_opt *opts, int *help)
{
    int i;
    *help = 0;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *eq, *val = NULL;
        const cli_opt *o;
        size_t nlen;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            *help = 1;
            return 0;
        }
        if (strncmp(a, "--", 2) != 0 || a[2] == '\0')
            return cli_fail(a, "unexpected argument (options are --name VALUE; see seacurve %s --help)", g_cmd);
        eq = strchr(a, '=');
        nlen = eq ? (size_t)(eq - a) : strlen(a);
        for (o = opts; o->name; o++)
            if (strlen(o->name) == nlen && strncmp(o->name, a, nlen) == 0)
                break;
        if (!o->name) {
            char nm[64];
            snprintf(nm, sizeof nm, "%.*s", (int)(nlen < 60 ? nlen : 60), a);
            return cli_fail(nm, "unknown option (see seacurve %s --help)", g_cmd);
        }
        if (o->has_arg) {
            if (eq)
                val = eq + 1;
            else if (i + 1 < argc)
                val = argv[++i];
            else
                return cli_fail(o->name, "needs a value");
            if (*o->val)
                return cli_fail(o->name, "given twice");
            if (!*val)
                return cli_fail(o->name, "empty value");
            *o->val = val;
        } else {
            if (eq)
                return cli_fail(o->name, "takes no value");
            if (*o->flag)
                return cli_fail(o->name, "given twice");
            *o->flag = 1;
        }
    }
    return 0;
}

int cli_missing(const char *opt)
{
    return cli_fail(opt, "missing (required; see seacurve %s --help)", g_cmd);
}

const sc_curve *cli_curve(const char *name)
{
    const sc_curve *c = sc_curve_find(name);
    if (!c) {
        char sub[128];
        snprintf(sub, sizeof sub, "--curve %.100s", name);
        cli_fail(sub, "unknown curve (see seacurve curves)");
    }
    return c;
}

int cli_hash(const char *name, sc_hash_alg *alg)
{
    *alg = name ? sc_hash_from_name(name) : SC_HASH_SHA256;
    if (*alg == SC_HASH_NONE) {
        char sub[128];
        snprintf(sub, sizeof sub, "--hash %.100s", name);
        return cli_fail(sub, "unknown hash (sha1, sha224, sha256, sha384 or sha512)");
    }
    return 0;
}

int cli_pem_or_der(const char *opt, const char *val)
{
    if (strcmp(val, "pem") == 0 || strcmp(val, "PEM") == 0)
        return 1;
    if (strcmp(val, "der") == 0 || strcmp(val, "DER") == 0)
        return 0;
    {
        char sub[128];
        snprintf(sub, sizeof sub, "%s %.100s", opt, val);
        cli_fail(sub, "unknown format (pem or der)");
    }
    return -1;
}

int cli_param_enc(const char *val)
{
    if (strcmp(val, "named") == 0 || strcmp(val, "named_curve") == 0)
        return SC_PARAMS_NAMED;
    if (strcmp(val, "explicit") == 0)
        return SC_PARAMS_EXPLICIT;
    {
        char sub[128];
        snprintf(sub, sizeof sub, "--param-enc %.100s", val);
        cli_fail(sub, "unknown parameter encoding (named or explicit)");
    }
    return -1;
}

int cli_sig_format(const char *val)
{
    if (!val || strcmp(val, "der") == 0 || strcmp(val, "DER") == 0)
        return 0;
    if (strcmp(val, "p1363") == 0 || strcmp(val, "P1363") == 0 || strcmp(val, "raw") == 0)
        return 1;
    {
        char sub[128];
        snprintf(sub, sizeof sub, "--sig-format %.100s", val);
        cli_fail(sub, "unknown signature format (der or p1363)");
    }
    return -1;
}

int cli_one_stdin(const char *const *paths, size_t n)
{
    size_t i, k = 0;
    for (i = 0; i < n; i++)
        if (paths[i] && strcmp(paths[i], "-") == 0)
            k++;
    if (k > 1)
        return cli_fail("-", "only one input can be read from stdin");
    return 0;
}

/* ---- reading ---- */

/* Open an input ("-": stdin); *fd, or CLI_EXIT_ERROR after reporting. */
static int open_in(const char *path, int *fd)
{
    struct stat st;
    if (strcmp(path, "-") == 0) {
        *fd = STDIN_FILENO;
    } else {
        *fd = open(path, O_RDONLY | O_NOCTTY);
        if (*fd < 0)
            return cli_fail(path, "cannot open: %s", strerror(errno));
    }
    if (fstat(*fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (*fd != STDIN_FILENO)
            close(*fd);
        return cli_fail(cli_name(path), "is a directory");
    }
    return 0;
}

static void close_in(int fd)
{
    if (fd != STDIN_FILENO)
        close(fd);
}

/* read() that retries on EINTR; -1 on error */
static ssize_t read_some(int fd, unsigned char *p, size_t n)
{
    ssize_t r;
    do
        r = read(fd, p, n);
    while (r < 0 && errno == EINTR);
    return r;
}

int cli_read_small(const char *path, size_t max, cli_buf *b)
{
    int fd, rc;
    b->p = NULL;
    b->len = b->cap = 0;
    if ((rc = open_in(path, &fd)) != 0)
        return rc;
    b->cap = max + 1;
    b->p = malloc(b->cap);
    if (!b->p) {
        close_in(fd);
        b->cap = 0;
        return cli_fail(cli_name(path), "out of memory");
    }
    for (;;) {
        ssize_t r = read_some(fd, b->p + b->len, b->cap - b->len);
        if (r < 0) {
            int err = errno;
            close_in(fd);
            cli_buf_free(b);
            return cli_fail(cli_name(path), "read error: %s", strerror(err));
        }
        if (r == 0)
            break;
        b->len += (size_t)r;
        if (b->len > max) {
            close_in(fd);
            cli_buf_free(b);
            return cli_fail(cli_name(path), "too large (over %zu KiB): not a key or signature file", max / 1024);
        }
    }
    close_in(fd);
    if (b->len == 0) {
        cli_buf_free(b);
        return cli_fail(cli_name(path), "empty file");
    }
    return 0;
}

void cli_buf_free(cli_buf *b)
{
    if (b->p) {
        sc_memzero(b->p, b->cap);
        free(b->p);
    }
    b->p = NULL;
    b->len = b->cap = 0;
}

int cli_hash_file(const char *path, sc_hash_alg alg, uint8_t *out)
{
    enum { CHUNK = 64 * 1024 };
    unsigned char *buf;
    sc_hash_ctx h;
    int fd, rc;
    if ((rc = open_in(path, &fd)) != 0)
        return rc;
    buf = malloc(CHUNK);
    if (!buf) {
        close_in(fd);
        return cli_fail(cli_name(path), "out of memory");
    }
    if (sc_hash_init(&h, alg) != SC_OK) {
        close_in(fd);
        free(buf);
        return cli_fail(sc_hash_name(alg), "%s", sc_strerror(SC_ERR_HASH));
    }
    for (;;) {
        ssize_t r = read_some(fd, buf, CHUNK);
        if (r < 0) {
            int err = errno;
            close_in(fd);
            free(buf);
            sc_memzero(&h, sizeof h);
            return cli_fail(cli_name(path), "read error: %s", strerror(err));
        }
        if (r == 0)
            break;
        sc_hash_update(&h, buf, (size_t)r);
    }
    close_in(fd);
    free(buf);
    sc_hash_final(&h, out);
    return 0;
}

/* ---- writing (tools/common/outfile.h) ---- */

int cli_check_out(const char *path, int force)
{
    char msg[256];
    if (sc_outfile_check(path, force, msg, sizeof msg) != 0)
        return cli_fail(path, "%s", msg);
    return 0;
}

int cli_write_out(const char *path, const void *data, size_t len, int secret, int force)
{
    char msg[256];
    if (sc_outfile_write(path, data, len, secret, force, msg, sizeof msg) != 0)
        return cli_fail(strcmp(path, "-") == 0 ? "stdout" : path, "%s", msg);
    return 0;
}
