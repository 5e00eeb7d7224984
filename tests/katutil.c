/* Flat known-answer file reader and per-source tallies; see katutil.h. */
#include "katutil.h"
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- reader */

int kat_open(kat_file *k, const char *rel)
{
    char rp[400];
    memset(k, 0, sizeof *k);
    snprintf(rp, sizeof rp, "flat/%s", rel);
    snprintf(k->path, sizeof k->path, "%s", tu_vector(rp));
    k->f = fopen(k->path, "r");
    return CHECK(k->f != NULL, "cannot open %s", k->path);
}

/* Read one physical line of any length into k->buf (without its newline); 0 at EOF. */
static int read_line(kat_file *k)
{
    size_t len = 0;
    int c;
    if (!k->f)
        return 0;
    for (;;) {
        c = fgetc(k->f);
        if (c == EOF) {
            if (len == 0)
                return 0;
            break;
        }
        if (c == '\n')
            break;
        if (len + 2 > k->cap) {
            size_t ncap = k->cap ? 2 * k->cap : 4096;
            char *nb = realloc(k->buf, ncap);
            if (!nb)
                return 0;
            k->buf = nb;
            k->cap = ncap;
        }
        k->buf[len++] = (char)c;
    }
    if (!k->buf) {                      /* an empty first line */
        k->buf = malloc(16);
        k->cap = 16;
        if (!k->buf)
            return 0;
    }
    k->buf[len] = '\0';
    if (len && k->buf[len - 1] == '\r')
        k->buf[len - 1] = '\0';
    k->lineno++;
    return 1;
}

int kat_next(kat_file *k)
{
    while (read_line(k)) {
        char *p = k->buf, *tok;
        int ok = 1;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        k->n = 0;
        k->type = NULL;
        while (*p) {
            tok = p;
            while (*p && *p != ' ' && *p != '\t')
                p++;
            if (*p)
                *p++ = '\0';
            while (*p == ' ' || *p == '\t')
                p++;
            if (!k->type) {
                k->type = tok;
                continue;
            }
            {
                char *eq = strchr(tok, '=');
                if (!eq || k->n >= KAT_MAXF) {
                    ok = 0;
                    break;
                }
                *eq = '\0';
                k->key[k->n] = tok;
                k->val[k->n] = eq + 1;
                k->n++;
            }
        }
        if (!CHECK(ok, "%s:%ld: malformed record", k->path, k->lineno))
            continue;
        return 1;
    }
    return 0;
}

void kat_close(kat_file *k)
{
    if (k->f)
        fclose(k->f);
    free(k->buf);
    memset(k, 0, sizeof *k);
}

const char *kat_str(const kat_file *k, const char *key)
{
    int i;
    for (i = 0; i < k->n; i++)
        if (strcmp(k->key[i], key) == 0)
            return k->val[i];
    return NULL;
}

long kat_hex(const kat_file *k, const char *key, uint8_t *out, size_t max)
{
    const char *v = kat_str(k, key);
    if (!v)
        return -1;
    if (strcmp(v, "-") == 0)
        return 0;
    return tu_hex(out, max, v);
}

uint8_t *kat_hexdup(const kat_file *k, const char *key, size_t *len)
{
    const char *v = kat_str(k, key);
    size_t max;
    uint8_t *out;
    long got;
    if (!v)
        return NULL;
    max = strlen(v) / 2 + 1;
    out = malloc(max);
    if (!out)
        return NULL;
    got = strcmp(v, "-") == 0 ? 0 : tu_hex(out, max, v);
    if (got < 0) {
        free(out);
        return NULL;
    }
    *len = (size_t)got;
    return out;
}

/* Hex field as a big-endian integer without leading zero bytes: its length in *len.
 * An odd number of digits is allowed (the sources write integers without a leading 0 nibble). */
static int kat_uint(const kat_file *k, const char *key, uint8_t *out, size_t max, size_t *len)
{
    const char *v = kat_str(k, key);
    size_t digits, i, n;
    long got;
    char *hex;
    if (!v)
        return -1;
    if (strcmp(v, "-") == 0)
        v = "";
    digits = strlen(v);
    hex = malloc(digits + 2);
    if (!hex)
        return -1;
    hex[0] = '0';
    memcpy(hex + 1, v, digits + 1);
    got = tu_hex(out, max, (digits & 1) ? hex : hex + 1);
    free(hex);
    if (got < 0)
        return -1;
    n = (size_t)got;
    for (i = 0; i < n && out[i] == 0; i++)
        ;
    memmove(out, out + i, n - i);
    *len = n - i;
    return 0;
}

int kat_int(const kat_file *k, const char *key, uint8_t *out, size_t len)
{
    uint8_t tmp[1024];
    size_t n;
    if (kat_uint(k, key, tmp, sizeof tmp, &n) != 0 || n > len)
        return -1;
    memset(out, 0, len - n);
    memcpy(out + len - n, tmp, n);
    return 0;
}

long kat_point(uint8_t *out, size_t max, const sc_curve *c, const kat_file *k,
               const char *xkey, const char *ykey, int *fits)
{
    const char *keys[2];
    size_t pos = 1, j;
    keys[0] = xkey;
    keys[1] = ykey;
    *fits = 1;
    if (max < 1)
        return -1;
    out[0] = 0x04;
    for (j = 0; j < 2; j++) {
        uint8_t tmp[1024];
        size_t n, w;
        if (kat_uint(k, keys[j], tmp, sizeof tmp, &n) != 0)
            return -1;
        w = n <= c->flen ? c->flen : n;     /* too large: keep its own length */
        if (n > c->flen)
            *fits = 0;
        if (w > max - pos)
            return -1;
        memset(out + pos, 0, w - n);
        memcpy(out + pos + w - n, tmp, n);
        pos += w;
    }
    return (long)pos;
}

long kat_digest(uint8_t *out, const char *hashname, const uint8_t *msg, size_t msglen)
{
    sc_hash_alg a = sc_hash_from_name(hashname);
    size_t n = sc_hash_len(a);
    if (a == SC_HASH_NONE || n == 0)
        return -1;
    if (sc_hash(a, out, msg, msglen) != SC_OK)
        return -1;
    return (long)n;
}

/* ---------------------------------------------------------------- tallies */

typedef struct row {
    char source[64];
    char curve[24];
    long ran, passed, failed, skipped;
} row;

typedef struct label {
    int row;
    char text[96];
    long count;
} label;

#define MAX_ROWS 160
#define MAX_LABELS 400

static row rows[MAX_ROWS];
static int nrows;
static label labels[MAX_LABELS];
static int nlabels;
static int cur_row = -1;
static long cur_fail;

static int find_row(const char *source, const char *curve)
{
    int i;
    for (i = 0; i < nrows; i++)
        if (strcmp(rows[i].source, source) == 0 && strcmp(rows[i].curve, curve) == 0)
            return i;
    if (nrows == MAX_ROWS)
        return MAX_ROWS - 1;            /* table full: lump into the last row */
    snprintf(rows[nrows].source, sizeof rows[nrows].source, "%s", source);
    snprintf(rows[nrows].curve, sizeof rows[nrows].curve, "%s", curve);
    return nrows++;
}

static void add_label(int r, const char *text)
{
    int i;
    for (i = 0; i < nlabels; i++)
        if (labels[i].row == r && strcmp(labels[i].text, text) == 0) {
            labels[i].count++;
            return;
        }
    if (nlabels == MAX_LABELS)
        return;
    labels[nlabels].row = r;
    snprintf(labels[nlabels].text, sizeof labels[nlabels].text, "%s", text);
    labels[nlabels].count = 1;
    nlabels++;
}

void kat_begin(const char *source, const char *curve)
{
    cur_row = find_row(source, curve);
    cur_fail = tu_fail;
}

int kat_end(void)
{
    int ok;
    if (cur_row < 0)
        return 0;
    ok = tu_fail == cur_fail;
    rows[cur_row].ran++;
    if (ok)
        rows[cur_row].passed++;
    else
        rows[cur_row].failed++;
    cur_row = -1;
    return ok;
}

void kat_skip(const char *source, const char *curve, const char *reason)
{
    char text[96];
    int r = find_row(source, curve);
    rows[r].skipped++;
    snprintf(text, sizeof text, "skipped: %s", reason);
    add_label(r, text);
}

void kat_label(const char *source, const char *curve, const char *text)
{
    add_label(find_row(source, curve), text);
}

void kat_expect(const char *source, const char *curve, long ran)
{
    int i;
    for (i = 0; i < nrows; i++)
        if (strcmp(rows[i].source, source) == 0 && strcmp(rows[i].curve, curve) == 0)
            break;
    CHECK(i < nrows && rows[i].ran == ran && rows[i].skipped == 0, "%s %s: expected %ld cases run, got %ld (%ld skipped)",
          source, curve, ran, i < nrows ? rows[i].ran : 0L, i < nrows ? rows[i].skipped : 0L);
}

int kat_report(const char *name)
{
    int i, j;
    long t_ran = 0, t_pass = 0, t_fail = 0, t_skip = 0;
    printf("%-34s %-10s %6s %6s %6s %7s\n", "source", "curve", "ran", "passed", "failed", "skipped");
    for (i = 0; i < nrows; i++) {
        printf("%-34s %-10s %6ld %6ld %6ld %7ld\n", rows[i].source, rows[i].curve, rows[i].ran,
               rows[i].passed, rows[i].failed, rows[i].skipped);
        for (j = 0; j < nlabels; j++)
            if (labels[j].row == i)
                printf("    %-60s %6ld\n", labels[j].text, labels[j].count);
        t_ran += rows[i].ran;
        t_pass += rows[i].passed;
        t_fail += rows[i].failed;
        t_skip += rows[i].skipped;
    }
    printf("%-34s %-10s %6ld %6ld %6ld %7ld\n", "TOTAL", "", t_ran, t_pass, t_fail, t_skip);
    return tu_done(name);
}
