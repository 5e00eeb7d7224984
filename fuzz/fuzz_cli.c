/* The command-line tool (tools/seacurve) in-process: cli_main on an argument
 * list and files taken from the input.
 *
 * Input: segments separated by NUL bytes.  The first holds the arguments
 * after the program name, separated by spaces, tabs or newlines (at most 24);
 * the next three become the files f0, f1, f2 of a private work directory,
 * which also holds a directory d and a symbolic link l -> f0.  The process
 * works in that directory (LLVMFuzzerInitialize changes to it: give libFuzzer
 * absolute paths, as scripts/fuzz.sh does); an argument holding '/' is not
 * run, so every name the tool sees lies in it.  stdin reads /dev/null.  The
 * directories are removed at exit.
 *
 * Properties (docs/cli.md): no crash; the exit status is 0 or 2, or 1 from
 * verify and verify-batch; afterwards the work directory's parent holds only the work
 * directory, which holds only f0..f2, d, l and at most the one file named
 * by --out, and only when the tool succeeded; d and l are untouched, and a
 * file changes only when it is that output (written with --force); an output
 * is whole: a key file that parses, a signature or secret of its size. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "fuzz_util.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAXARGS 24
#define NFILES 3

static char root[64], work[96];

static void clean(void);

/* At exit: the work directory and its parent removed. */
static void remove_root(void)
{
    if (chdir(work) == 0) {
        clean();
        rmdir("d");
    }
    rmdir(work);
    rmdir(root);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    int fd = open("/dev/null", O_RDWR);
    (void)argc;
    (void)argv;
    snprintf(root, sizeof root, "%s/sc-fuzz-cli-XXXXXX", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
    FZ_CHECK(fd >= 0 && mkdtemp(root) != NULL, "temporary directory");
    snprintf(work, sizeof work, "%s/w", root);
    FZ_CHECK(mkdir(work, 0700) == 0 && chdir(work) == 0, "work directory");
    atexit(remove_root);
    dup2(fd, STDIN_FILENO);
    dup2(fd, STDOUT_FILENO);
    close(fd);
    return 0;
}

static void put(const char *name, const uint8_t *p, size_t n)
{
    FILE *f = fopen(name, "wb");
    FZ_CHECK(f && fwrite(p, 1, n, f) == n && fclose(f) == 0, "write %s", name);
}

/* the file's bytes (malloc'd) and length; NULL if it is not a regular file */
static uint8_t *slurp(const char *name, size_t *n)
{
    struct stat st;
    uint8_t *p;
    FILE *f;
    if (lstat(name, &st) != 0 || !S_ISREG(st.st_mode))
        return NULL;
    p = malloc((size_t)st.st_size + 1);
    f = fopen(name, "rb");
    FZ_CHECK(p && f, "read %s", name);
    *n = fread(p, 1, (size_t)st.st_size, f);
    fclose(f);
    return p;
}

/* The file the command writes: the value of --out, or NULL. */
static const char *out_name(int argc, char **argv)
{
    int i;
    for (i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            return argv[i + 1];
        if (strncmp(argv[i], "--out=", 6) == 0)
            return argv[i] + 6;
    }
    return NULL;
}

/* An output of cmd is whole: a key file, or a signature / secret of a curve's size. */
static int whole(const char *cmd, const uint8_t *p, size_t n)
{
    sc_key k;
    size_t i;
    if (strcmp(cmd, "keygen") == 0 || strcmp(cmd, "pubkey") == 0) {
        int ok = sc_key_parse(&k, p, n) == SC_OK;
        sc_key_wipe(&k);
        return ok;
    }
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        uint8_t sig[SC_PK_MAX_SIG];
        if (n == c->flen || n == 2u * c->nlen || sc_sig_der_to_p1363(sig, 2u * c->nlen, p, n) == SC_OK)
            return 1;
    }
    return 0;
}

static void clean(void)
{
    DIR *d = opendir(".");
    struct dirent *e;
    FZ_CHECK(d != NULL, "open the work directory");
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && strcmp(e->d_name, "d") != 0)
            FZ_CHECK(unlink(e->d_name) == 0, "remove %s", e->d_name);
    closedir(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[NFILES] = { "f0", "f1", "f2" };
    char *args = NULL, *argv[MAXARGS + 2], *tok;
    uint8_t *before[NFILES] = { 0 };
    size_t blen[NFILES] = { 0 }, seg, off, n;
    const char *out;
    int argc = 1, rc, i;
    struct stat st;
    DIR *dir;
    struct dirent *e;

    /* the arguments */
    for (seg = 0; seg < size && data[seg]; seg++)
        ;
    args = malloc(seg + 1);
    memcpy(args, data, seg);
    args[seg] = 0;
    argv[0] = (char *)"seacurve";
    for (tok = strtok(args, " \t\n"); tok && argc <= MAXARGS; tok = strtok(NULL, " \t\n")) {
        if (strchr(tok, '/'))
            goto done;
        argv[argc++] = tok;
    }
    if (tok)
        goto done;
    argv[argc] = NULL;

    /* the files */
    clean();
    FZ_CHECK((mkdir("d", 0700) == 0 || errno == EEXIST) && symlink("f0", "l") == 0, "d and l");
    for (off = seg + 1, i = 0; i < NFILES; i++) {
        size_t end = off;
        while (end < size && data[end])
            end++;
        put(names[i], off < size ? data + off : (const uint8_t *)"", off < size ? end - off : 0);
        off = end + 1;
    }
    for (i = 0; i < NFILES; i++)
        before[i] = slurp(names[i], &blen[i]);

    rc = cli_main(argc, argv);
    out = out_name(argc, argv);

    FZ_CHECK(rc == 0 || rc == 2 || (rc == 1 && argc > 1 && (strcmp(argv[1], "verify") == 0 ||
                                                           strcmp(argv[1], "verify-batch") == 0)),
             "exit status %d", rc);
    dir = opendir(root);
    while ((e = readdir(dir)) != NULL)
        FZ_CHECK(strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 || strcmp(e->d_name, "w") == 0,
                 "%s written outside the work directory", e->d_name);
    closedir(dir);
    FZ_CHECK(lstat("d", &st) == 0 && S_ISDIR(st.st_mode), "d is still a directory");
    {
        char t[8];
        ssize_t k = readlink("l", t, sizeof t);
        FZ_CHECK(k == 2 && memcmp(t, "f0", 2) == 0, "l is still the link to f0");
    }
    dir = opendir("d");
    while ((e = readdir(dir)) != NULL)
        FZ_CHECK(strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0, "d/%s written", e->d_name);
    closedir(dir);
    dir = opendir(".");
    while ((e = readdir(dir)) != NULL) {
        const char *f = e->d_name;
        int known = 0;
        if (strcmp(f, ".") == 0 || strcmp(f, "..") == 0 || strcmp(f, "d") == 0 || strcmp(f, "l") == 0)
            continue;
        for (i = 0; i < NFILES; i++)
            if (strcmp(f, names[i]) == 0) {
                uint8_t *now = slurp(f, &n);
                known = 1;
                FZ_CHECK(now, "%s is still a regular file", f);
                if (n != blen[i] || memcmp(now, before[i], n) != 0)
                    FZ_CHECK(rc == 0 && out && strcmp(out, f) == 0 && whole(argv[1], now, n),
                             "%s changed (exit %d)", f, rc);
                free(now);
            }
        if (!known) {
            uint8_t *now;
            FZ_CHECK(rc == 0 && out && strcmp(out, f) == 0, "%s created (exit %d)", f, rc);
            now = slurp(f, &n);
            FZ_CHECK(now && whole(argv[1], now, n), "%s is not a whole output", f);
            free(now);
        }
    }
    closedir(dir);
done:
    for (i = 0; i < NFILES; i++)
        free(before[i]);
    free(args);
    return 0;
}
