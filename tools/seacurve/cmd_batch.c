/* seacurve verify-batch: many signatures from JSON lines or CSV records, verified
 * by the batch layer (include/seacurve/batch.h) on every core, one verdict and
 * reason per record; a bad record is reported and the run goes on. */
#define _POSIX_C_SOURCE 200809L /* getline, isatty, fileno */
#include "cli.h"
#include <seacurve/batch.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BLOCK 4096                   /* records read, then verified, at a time */
#define LINE_MAX_BYTES (1u << 20)    /* longest record */
#define ID_MAX 80                    /* longest id echoed back */

enum { F_CURVE, F_PUB, F_SIG, F_MSG, F_DIGEST, F_HASH, F_ID, F_RECID, NFIELDS };
static const char *const field_names[NFIELDS] = { "curve", "pub", "sig", "msg", "digest", "hash", "id",
                                                  "recid" };

typedef struct record {
    uint8_t pub[SC_PK_MAX_PUB];
    uint8_t digest[SC_HASH_MAX_LEN];
    uint8_t sig[SC_PK_MAX_SIG];
    char id[ID_MAX + 1];
    int id_is_string;                /* JSON: the id was a string (echoed quoted) */
    const char *problem;             /* why the record is malformed; NULL if it was read */
    char problem_buf[96];
    size_t item;                     /* its index among the verified items */
} record;

static void batch_usage(void)
{
    printf("usage: seacurve verify-batch [--in FILE] [--format jsonl|csv] [--hash ALG] [--threads N]\n"
           "                             [--cache-mb M] [--randomized] [--quiet]\n"
           "Verify many ECDSA signatures: one record per line, one verdict per record on stdout.\n"
           "  --in FILE       the records (default or -: stdin)\n"
           "  --format F      jsonl: one JSON object per line; csv: RFC 4180, a header row naming the\n"
           "                  columns (default: jsonl if the first record starts with {, else csv)\n"
           "  --hash ALG      the hash of msg fields without their own hash (default sha256)\n"
           "  --threads N     worker threads (default 0: every online CPU)\n"
           "  --cache-mb M    memory for the repeat-signer tables (default 64; 0: no cache; unused\n"
           "                  with --randomized)\n"
           "  --randomized    randomized batch verification: one equation per group of signatures\n"
           "                  of a prime curve, the single call for an equation that fails; the\n"
           "                  verdicts are the same, the summary adds its counts\n"
           "  --quiet         no progress bar (it is drawn on stderr only when stderr is a terminal)\n"
           "Fields (JSON keys or CSV columns): curve (a name of seacurve curves), pub (SEC1 public key,\n"
           "hex), sig (hex: r || s, or DER), msg (the message, hex) or digest (hex), optional hash\n"
           "(sha1 .. sha512, for msg), id (echoed) and recid (0 .. 3: the recovery id of R, bit 0 y(R)\n"
           "odd, bit 1 x(R) = r + n; used by --randomized, never changes a verdict).  Output, in the\n"
           "input's format: record (from 1), id, verdict (valid, invalid, malformed) and reason; a\n"
           "summary on stderr.\n"
           "Exit status: 0 every record valid, 1 one or more invalid or malformed, 2 error.\n");
}

/* ---- hex and field decoding ---- */

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    ch = tolower(ch);
    return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* Hex text (len chars) into out (at most max bytes); the byte count or -1. */
static long unhex(uint8_t *out, size_t max, const char *s, size_t len)
{
    size_t i;
    if (len % 2 || len / 2 > max)
        return -1;
    for (i = 0; i < len; i += 2) {
        int hi = hexval((unsigned char)s[i]), lo = hexval((unsigned char)s[i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(len / 2);
}

static sc_hash_alg hash_by_name(const char *s)
{
    static const struct { const char *n; sc_hash_alg a; } t[] = {
        { "sha1", SC_HASH_SHA1 }, { "sha224", SC_HASH_SHA224 }, { "sha256", SC_HASH_SHA256 },
        { "sha384", SC_HASH_SHA384 }, { "sha512", SC_HASH_SHA512 },
    };
    size_t i;
    for (i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(s, t[i].n) == 0)
            return t[i].a;
    return SC_HASH_NONE;
}

/* The fields of one record (pointers into the line, NUL-terminated; NULL if absent). */
typedef struct fields {
    char *v[NFIELDS];
    int id_is_string;
} fields;

static int problem(record *r, const char *fmt, const char *arg)
{
    snprintf(r->problem_buf, sizeof r->problem_buf, fmt, arg);
    r->problem = r->problem_buf;
    return -1;
}

/* Decode the fields into r and the item; 0 or -1 (r->problem set). */
static int decode(record *r, sc_batch_verify_item *it, uint8_t *recid, const fields *f, sc_hash_alg defalg)
{
    const sc_curve *c;
    uint8_t der[SC_PK_MAX_DER_SIG];
    long n;
    size_t i;
    static const int need[] = { F_CURVE, F_PUB, F_SIG };
    for (i = 0; i < sizeof need / sizeof need[0]; i++)
        if (!f->v[need[i]])
            return problem(r, "no %s field", field_names[need[i]]);
    if (!f->v[F_MSG] == !f->v[F_DIGEST])
        return problem(r, "%s", f->v[F_MSG] ? "both msg and digest" : "no msg or digest field");
    if (!(c = sc_curve_find(f->v[F_CURVE])))
        return problem(r, "unknown curve %.40s", f->v[F_CURVE]);
    *recid = SC_BATCH_RECID_NONE;
    if (f->v[F_RECID]) {
        const char *v = f->v[F_RECID];
        if (v[0] < '0' || v[0] > '3' || v[1])
            return problem(r, "recid %.40s: not 0, 1, 2 or 3", v);
        *recid = (uint8_t)(v[0] - '0');
    }
    memset(it, 0, sizeof *it);
    it->curve = c;
    if ((n = unhex(r->pub, sizeof r->pub, f->v[F_PUB], strlen(f->v[F_PUB]))) <= 0)
        return problem(r, "%s", "pub: not hex, or longer than any key");
    it->pub = r->pub;
    it->publen = (size_t)n;
    if ((n = unhex(der, sizeof der, f->v[F_SIG], strlen(f->v[F_SIG]))) <= 0)
        return problem(r, "%s", "sig: not hex, or longer than any signature");
    if ((size_t)n == 2u * c->nlen) {
        memcpy(r->sig, der, (size_t)n);
    } else if (der[0] != 0x30 || sc_sig_der_to_p1363(r->sig, 2u * c->nlen, der, (size_t)n) != SC_OK) {
        return problem(r, "%s", "sig: neither r || s of this curve's size nor a DER signature for it");
    }
    it->sig = r->sig;
    it->siglen = 2u * c->nlen;
    if (f->v[F_DIGEST]) {
        if ((n = unhex(r->digest, sizeof r->digest, f->v[F_DIGEST], strlen(f->v[F_DIGEST]))) <= 0)
            return problem(r, "%s", "digest: not hex, or longer than any digest");
        it->datalen = (size_t)n;
    } else {
        sc_hash_alg alg = f->v[F_HASH] ? hash_by_name(f->v[F_HASH]) : defalg;
        size_t len = strlen(f->v[F_MSG]);
        if (alg == SC_HASH_NONE)
            return problem(r, "unknown hash %.40s", f->v[F_HASH]);
        /* the message decoded in place: its hex text is at least as long */
        if (unhex((uint8_t *)f->v[F_MSG], len / 2, f->v[F_MSG], len) < 0)
            return problem(r, "%s", "msg: not hex");
        if (sc_hash(alg, r->digest, f->v[F_MSG], len / 2) != SC_OK)
            return problem(r, "hash %s not in this build", f->v[F_HASH] ? f->v[F_HASH] : "");
        it->datalen = sc_hash_len(alg);
    }
    it->data = r->digest;
    it->alg = SC_HASH_NONE;
    return 0;
}

/* ---- JSON lines: one flat object of strings, numbers, true / false / null ---- */

static char *skip_ws(char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

/* A JSON string at p (after its opening quote), unescaped in place; the end, or NULL. */
static char *json_string(char *p, char **out)
{
    char *w = p;
    *out = p;
    for (;;) {
        char ch = *p++;
        if (ch == '"') {
            *w = 0;
            return p;
        }
        if (ch == 0 || (unsigned char)ch < 0x20)
            return NULL;
        if (ch == '\\') {
            ch = *p++;
            switch (ch) {
            case '"': case '\\': case '/': *w++ = ch; break;
            case 'n': *w++ = '\n'; break;
            case 't': *w++ = '\t'; break;
            case 'r': *w++ = '\r'; break;
            case 'b': *w++ = '\b'; break;
            case 'f': *w++ = '\f'; break;
            case 'u': {
                int i, v = 0;
                for (i = 0; i < 4; i++) {
                    int h = hexval((unsigned char)p[i]);
                    if (h < 0)
                        return NULL;
                    v = v << 4 | h;
                }
                if (v == 0 || v > 0x7f)
                    return NULL;          /* ASCII only: every field is a name or hex */
                *w++ = (char)v;
                p += 4;
                break;
            }
            default:
                return NULL;
            }
        } else {
            *w++ = ch;
        }
    }
}

static int field_index(const char *name)
{
    int i;
    for (i = 0; i < NFIELDS; i++)
        if (strcmp(name, field_names[i]) == 0)
            return i;
    return -1;
}

/* A bare JSON value: true, false, null or a number (RFC 8259 sec. 6 grammar). */
static int json_literal(const char *v)
{
    if (!strcmp(v, "true") || !strcmp(v, "false") || !strcmp(v, "null"))
        return 1;
    if (*v == '-')
        v++;
    if (*v == '0')
        v++;
    else if (isdigit((unsigned char)*v))
        while (isdigit((unsigned char)*v))
            v++;
    else
        return 0;
    if (*v == '.') {
        if (!isdigit((unsigned char)*++v))
            return 0;
        while (isdigit((unsigned char)*v))
            v++;
    }
    if (*v == 'e' || *v == 'E') {
        v++;
        if (*v == '+' || *v == '-')
            v++;
        if (!isdigit((unsigned char)*v))
            return 0;
        while (isdigit((unsigned char)*v))
            v++;
    }
    return *v == 0;
}

static int parse_json(char *line, fields *f, record *r)
{
    char *p = skip_ws(line);
    memset(f, 0, sizeof *f);
    if (*p++ != '{')
        return problem(r, "%s", "not a JSON object");
    p = skip_ws(p);
    if (*p == '}')
        p++;
    else
        for (;;) {
            char *key, *val, next;
            int k, str = 0;
            if (*p != '"' || !(p = json_string(p + 1, &key)))
                return problem(r, "%s", "JSON: expected a key string");
            p = skip_ws(p);
            if (*p++ != ':')
                return problem(r, "%s", "JSON: expected :");
            p = skip_ws(p);
            if (*p == '"') {
                if (!(p = json_string(p + 1, &val)))
                    return problem(r, "%s", "JSON: bad string");
                str = 1;
            } else if (*p == '-' || isdigit((unsigned char)*p) || isalpha((unsigned char)*p)) {
                val = p;
                while (*p == '-' || *p == '+' || *p == '.' || isalnum((unsigned char)*p))
                    p++;
            } else {
                return problem(r, "%s", "JSON: values are strings, numbers, true, false or null");
            }
            if (str) {
                p = skip_ws(p);
                next = *p;
            } else {                             /* end the bare token; keep its delimiter */
                next = *p;
                *p = 0;
                if (next == ' ' || next == '\t' || next == '\r' || next == '\n') {
                    p = skip_ws(p + 1);
                    next = *p;
                }
            }
            if (!str && !json_literal(val))
                return problem(r, "%s", "JSON: values are strings, numbers, true, false or null");
            if ((k = field_index(key)) >= 0) {
                if (f->v[k])
                    return problem(r, "JSON: key %s twice", field_names[k]);
                if (!str && k != F_ID && k != F_RECID)
                    return problem(r, "JSON: %s must be a string", field_names[k]);
                f->v[k] = val;
                if (k == F_ID)
                    f->id_is_string = str;
            }
            if (next == ',') {
                p = skip_ws(p + 1);
                continue;
            }
            if (next != '}')
                return problem(r, "%s", "JSON: expected , or }");
            p++;
            break;
        }
    if (*skip_ws(p))
        return problem(r, "%s", "JSON: text after the object");
    return 0;
}

/* ---- CSV (RFC 4180): fields split in place; quoted fields unquoted ---- */

static int csv_split(char *line, char **cols, int max)
{
    int n = 0;
    char *p = line;
    size_t len = strlen(line);
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = 0;
    for (;;) {
        char *w;
        if (n == max)
            return -1;
        if (*p == '"') {
            cols[n++] = w = ++p;
            for (;;) {
                if (*p == 0)
                    return -1;
                if (*p == '"') {
                    if (p[1] == '"') {
                        *w++ = '"';
                        p += 2;
                        continue;
                    }
                    p++;
                    break;
                }
                *w++ = *p++;
            }
            if (*p != ',' && *p != 0)
                return -1;
            *w = 0;
        } else {
            cols[n++] = p;
            while (*p && *p != ',')
                p++;
        }
        if (*p == 0)
            return n;
        *p++ = 0;
    }
}

/* ---- output ---- */

static void put_json_str(FILE *o, const char *s)
{
    fputc('"', o);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(o, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(o, "\\u%04x", ch);
        else
            fputc(ch, o);
    }
    fputc('"', o);
}

static void put_csv(FILE *o, const char *s)
{
    if (strpbrk(s, ",\"\r\n")) {
        fputc('"', o);
        for (; *s; s++) {
            if (*s == '"')
                fputc('"', o);
            fputc(*s, o);
        }
        fputc('"', o);
    } else {
        fputs(s, o);
    }
}

static const char *verdict_word(sc_err e)
{
    if (e == SC_OK)
        return "valid";
    /* well-formed, and wrong: another key, message or signature */
    return e == SC_ERR_VERIFY || e == SC_ERR_SIG_RANGE ? "invalid" : "malformed";
}

static const char *reason(sc_err e)
{
    switch (e) {
    case SC_OK: return "";
    case SC_ERR_VERIFY: return "signature does not verify (another message, key or hash)";
    case SC_ERR_SIG_RANGE: return "r or s is 0 or not below the group order";
    default: return sc_strerror(e);
    }
}

typedef struct totals {
    unsigned long long records, valid, invalid, malformed;
} totals;

static void emit(FILE *o, int csv, unsigned long long no, const record *r, sc_err e, totals *t)
{
    const char *word = r->problem ? "malformed" : verdict_word(e);
    const char *why = r->problem ? r->problem : reason(e);
    if (!strcmp(word, "valid"))
        t->valid++;
    else if (!strcmp(word, "invalid"))
        t->invalid++;
    else
        t->malformed++;
    if (csv) {
        fprintf(o, "%llu,", no);
        put_csv(o, r->id);
        fprintf(o, ",%s,", word);
        put_csv(o, why);
        fputc('\n', o);
    } else {
        fprintf(o, "{\"record\":%llu", no);
        if (r->id[0]) {
            fputs(",\"id\":", o);
            if (r->id_is_string)
                put_json_str(o, r->id);
            else
                fputs(r->id, o);
        }
        fprintf(o, ",\"verdict\":\"%s\",\"reason\":", word);
        put_json_str(o, why);
        fputs("}\n", o);
    }
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "\r[#####.....]  45%  12345 records  8123/s" on stderr (size 0: no bar, the count only). */
static void progress(unsigned long long done, double rate, long long pos, long long size)
{
    if (size > 0) {
        int i, w = 30, fill = (int)(pos * w / size);
        fputs("\r[", stderr);
        for (i = 0; i < w; i++)
            fputc(i < fill ? '#' : '.', stderr);
        fprintf(stderr, "] %3d%%", (int)(pos * 100 / size));
    } else {
        fputc('\r', stderr);
    }
    fprintf(stderr, "  %llu records  %.0f/s ", done, rate);
    fflush(stderr);
}

int cmd_verify_batch(int argc, char **argv)
{
    const char *in = NULL, *fmt = NULL, *hashn = NULL, *threads_s = NULL, *cache_s = NULL;
    int quiet = 0, help = 0, randomized = 0, rc, csv = -1, colmap[64], ncols = 0, bar;
    const cli_opt opts[] = {
        { "--in", 1, &in, NULL }, { "--format", 1, &fmt, NULL }, { "--hash", 1, &hashn, NULL },
        { "--threads", 1, &threads_s, NULL }, { "--cache-mb", 1, &cache_s, NULL },
        { "--randomized", 0, NULL, &randomized }, { "--quiet", 0, NULL, &quiet },
        { NULL, 0, NULL, NULL }
    };
    static record recs[BLOCK];
    static sc_batch_verify_item items[BLOCK];
    static sc_err verdicts[BLOCK];
    static uint8_t recids[BLOCK];
    sc_batch_rbv_stats rst = { 0, 0, 0, 0, 0 };
    sc_hash_alg defalg;
    unsigned long threads = 0, cache_mb = 64;
    sc_batch_pool *pool = NULL;
    sc_batch_cache *cache = NULL;
    FILE *f;
    char *line = NULL, *end;
    size_t cap = 0;
    ssize_t got;
    long long size = 0;
    unsigned long long lineno = 0;
    totals t = { 0, 0, 0, 0 };
    double t0;
    int eof = 0, status = CLI_EXIT_OK;

    if ((rc = cli_parse(argc, argv, opts, &help)) != 0)
        return rc;
    if (help) {
        batch_usage();
        return 0;
    }
    if ((rc = cli_hash(hashn, &defalg)) != 0)
        return rc;
    if (fmt && strcmp(fmt, "jsonl") && strcmp(fmt, "csv"))
        return cli_fail("--format", "%s: not jsonl or csv", fmt);
    if (fmt)
        csv = !strcmp(fmt, "csv");
    if (threads_s) {
        errno = 0;
        threads = strtoul(threads_s, &end, 10);
        if (errno || *end || !*threads_s || threads > 1024)
            return cli_fail("--threads", "%s: not a number from 0 to 1024", threads_s);
    }
    if (cache_s) {
        errno = 0;
        cache_mb = strtoul(cache_s, &end, 10);
        if (errno || *end || !*cache_s || cache_mb > (1ul << 20))
            return cli_fail("--cache-mb", "%s: not a number of MiB from 0 to 1048576", cache_s);
    }
    if (!in || !strcmp(in, "-")) {
        f = stdin;
        in = "-";
    } else if (!(f = fopen(in, "r"))) {
        return cli_fail(in, "cannot open: %s", strerror(errno));
    }
    {
        struct stat st;
        if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode))
            size = (long long)st.st_size;
    }
    if (sc_batch_pool_new(&pool, (unsigned)threads) != SC_OK) {
        if (f != stdin)
            fclose(f);
        return cli_fail(NULL, "cannot start %lu threads", threads);
    }
    if (randomized)
        cache_mb = 0;                          /* sc_batch_verify_rbv takes no cache */
    if (cache_mb && sc_batch_cache_new(&cache, (size_t)cache_mb << 20) != SC_OK) {
        sc_batch_pool_free(pool);
        if (f != stdin)
            fclose(f);
        return cli_fail("--cache-mb", "%lu MiB: too small for two tables, or no memory", cache_mb);
    }
    bar = !quiet && isatty(fileno(stderr));
    t0 = now_s();
    while (!eof) {
        size_t nrec = 0, nitem = 0, i;
        unsigned long long first = t.records + 1;
        while (nrec < BLOCK) {
            record *r = &recs[nrec];
            fields fl;
            char *p;
            if ((got = getline(&line, &cap, f)) < 0) {
                eof = 1;
                break;
            }
            lineno++;
            p = skip_ws(line);
            if (*p == 0)
                continue;                      /* blank lines are not records */
            if (csv < 0)
                csv = *p != '{';
            if (csv && ncols == 0) {           /* the header row */
                char *cols[64];
                int k, n = csv_split(line, cols, 64);
                if (n <= 0) {
                    status = cli_fail(cli_name(in), "line %llu: not a CSV header row", lineno);
                    goto out;
                }
                for (k = 0; k < n; k++)
                    colmap[k] = field_index(cols[k]);
                ncols = n;
                continue;
            }
            memset(r, 0, sizeof *r);
            if ((size_t)got > LINE_MAX_BYTES) {
                problem(r, "%s", "longer than 1 MiB");
            } else if (csv) {
                char *cols[64];
                int k, n = csv_split(line, cols, 64);
                memset(&fl, 0, sizeof fl);
                if (n != ncols)
                    problem(r, "%s", "not as many CSV fields as the header names");
                else
                    for (k = 0; k < n; k++)
                        if (colmap[k] >= 0 && *cols[k])
                            fl.v[colmap[k]] = cols[k];
                fl.id_is_string = 1;
            } else {
                parse_json(line, &fl, r);
            }
            if (!r->problem && fl.v[F_ID]) {
                snprintf(r->id, sizeof r->id, "%s", fl.v[F_ID]);
                r->id_is_string = fl.id_is_string;
            }
            if (!r->problem && decode(r, &items[nitem], &recids[nitem], &fl, defalg) == 0)
                r->item = nitem++;
            nrec++;
        }
        if (ferror(f)) {
            status = cli_fail(cli_name(in), "read error: %s", strerror(errno));
            goto out;
        }
        if (randomized) {
            sc_batch_rbv_stats bs;
            (void)sc_batch_verify_rbv(pool, verdicts, items, recids, nitem, &bs);
            rst.groups += bs.groups;
            rst.groups_failed += bs.groups_failed;
            rst.candidates += bs.candidates;
            rst.sqrts += bs.sqrts;
            rst.singles += bs.singles;
        } else {
            (void)sc_batch_verify(pool, cache, verdicts, items, nitem);
        }
        for (i = 0; i < nrec; i++) {
            if (csv && t.records == 0 && i == 0)
                printf("record,id,verdict,reason\n");
            emit(stdout, csv, first + i, &recs[i], recs[i].problem ? SC_OK : verdicts[recs[i].item], &t);
        }
        t.records += nrec;
        if (bar)
            progress(t.records, (double)t.records / (now_s() - t0 + 1e-9), f == stdin ? 0 : ftello(f), size);
    }
    if (bar)
        fputc('\n', stderr);
    fflush(stdout);
    {
        double dt = now_s() - t0;
        fprintf(stderr, "seacurve verify-batch: %llu records: %llu valid, %llu invalid, %llu malformed; "
                "%.0f records/s on %u threads", t.records, t.valid, t.invalid, t.malformed,
                dt > 0 ? (double)t.records / dt : 0.0, sc_batch_pool_threads(pool));
        if (randomized)
            fprintf(stderr, "; randomized: %llu equations, %llu failed, %llu candidates, %llu single calls",
                    (unsigned long long)rst.groups, (unsigned long long)rst.groups_failed,
                    (unsigned long long)rst.candidates, (unsigned long long)rst.singles);
        fputc('\n', stderr);
    }
    status = t.valid == t.records ? CLI_EXIT_OK : CLI_EXIT_INVALID;
out:
    free(line);
    sc_batch_cache_free(cache);
    sc_batch_pool_free(pool);
    if (f != stdin)
        fclose(f);
    return status;
}
