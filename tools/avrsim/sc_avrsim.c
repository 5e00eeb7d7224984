/* sc-avrsim: run an AVR firmware ELF in libsimavr and report exact cycle counts and
 * stack depth between the markers of firmware/mote.h (docs/mote.md, "The simulator
 * runner").
 *
 * Protocol (data-space writes by the firmware, hooked with avr_register_io_write;
 * 0xF0..0xF2 are reserved extended I/O on the ATmega128 and ATmega1281, and the
 * runner refuses an MCU model that has a handler there):
 *   0xF0  v = 1..127 starts region v, 0x80 | v stops it; v = 0 / 0x80 is the
 *         calibration region (an empty region: its cycles are the markers' cost)
 *   0xF1  one console byte, copied to stdout
 *   0xF2  exit code: the run ends and sc-avrsim exits with it
 *
 * Cycles: simavr calls the write hook during the marker's sts, before adding the
 * instruction's cycles to avr->cycle, so a region's raw count is the start sts, the
 * body and the stop marker's ldi; the calibration region measures that overhead
 * (3 cycles for mote.h's markers) and it is subtracted from every region, so an empty
 * region reads 0 and a body of N nops reads N.
 *
 * Stack: SP is sampled after every instruction (the core is run one instruction per
 * avr_run call: run_cycle_limit = 1); depth = RAMEND - SP. SP is written one byte at
 * a time: gcc's prologues do `out SPH; out SREG; out SPL`, and in between SP holds
 * the new high byte with the old low byte, up to 255 bytes deeper than either the
 * old or the new SP. So after an `out`/`sts` to one half of SP, samples are skipped
 * until the other half is written (or 8 instructions have passed: a one-byte update).
 *
 * Fault injection (--flip, up to 8): one bit of a register (R0..R31, or a flag of
 * SREG) or of a data-space byte is inverted once, after the instruction during
 * which avr->cycle reaches the given cycle, absolute (@N) or counted from the
 * first start of region ID (@rID+N: the region's start marker, as its cycles are
 * counted).  What is flipped and at which cycle is reported ("avrsim flip ..." /
 * the JSON's "flips"; cycle -1: the run ended first).
 *
 * Exit status: the firmware's exit code (0..119 by convention), else
 *   120 usage, 121 ELF / MCU load error, 122 protocol error (stop without start,
 *   start twice, reserved addresses in use), 123 crash (simavr crashed, sleep with
 *   interrupts off, `rjmp .` with interrupts off as in avr-libc's _exit after main
 *   returns), 124 timeout (wall clock or cycle limit). Failures print one line on
 *   stderr. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sim_avr.h>
#include <sim_elf.h>

#define REG_REGION 0xF0
#define REG_CONSOLE 0xF1
#define REG_EXIT 0xF2

enum {
    RC_USAGE = 120,
    RC_LOAD = 121,
    RC_PROTOCOL = 122,
    RC_CRASH = 123,
    RC_TIMEOUT = 124,
};

/* Cost of an empty region with mote.h's markers (ldi + sts each), used only when the
 * firmware never ran the calibration region. */
#define DEFAULT_OVERHEAD 3u

struct region {
    int open;
    int seen;        /* started at least once */
    uint64_t first;  /* avr->cycle at its first start */
    uint64_t start;  /* avr->cycle at the start marker's write */
    uint16_t base;   /* SP at the start marker */
    uint16_t min_sp; /* lowest SP since the start marker */
};

struct result {
    uint8_t id;
    uint64_t cycles;
    uint32_t stack; /* RAMEND - lowest SP in the region */
    uint32_t base;  /* RAMEND - SP at the start marker */
};

struct buf {
    char *p;
    size_t len, cap;
};

/* One --flip: bit `bit` of data[addr] (kind 'm', registers too: R0..R31 are
 * data[0..31]) or of SREG (kind 's': simavr keeps SREG's flags apart). */
struct flip {
    char kind;
    uint16_t addr;
    uint8_t bit;
    int region;      /* -1: absolute cycle */
    uint64_t at;
    int64_t done;    /* the cycle it was applied, -1 not yet */
    char text[48];
};
#define MAX_FLIPS 8

struct sim {
    avr_t *avr;
    int json;
    struct region reg[128];
    uint8_t open_ids[128];
    int nopen;
    int calibrated;
    uint64_t overhead;
    uint16_t min_sp; /* lowest SP over the run */
    int exited;
    uint8_t exit_code;
    int error; /* RC_* once the run must stop */
    char msg[160];
    struct result *res;
    size_t nres, capres;
    struct buf console; /* JSON mode: the console text */
    struct buf pending; /* text mode: report lines waiting for the console's newline */
    int midline;        /* text mode: console output not at a line start */
};

static void oom(void)
{
    fputs("sc-avrsim: out of memory\n", stderr);
    exit(RC_LOAD);
}

static void buf_add(struct buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p)
            oom();
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static void fail(struct sim *s, int rc, const char *fmt, ...)
{
    if (s->error)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    s->error = rc;
}

static uint16_t sp_of(const avr_t *avr)
{
    return (uint16_t)(avr->data[R_SPL] | (avr->data[R_SPH] << 8));
}

static uint32_t depth(const avr_t *avr, uint16_t sp)
{
    return sp <= avr->ramend ? (uint32_t)(avr->ramend - sp) : 0u;
}

static void report_region(struct sim *s, const struct result *r)
{
    if (s->nres == s->capres) {
        size_t cap = s->capres ? 2 * s->capres : 64;
        struct result *p = realloc(s->res, cap * sizeof *p);
        if (!p)
            oom();
        s->res = p;
        s->capres = cap;
    }
    s->res[s->nres++] = *r;
    if (s->json)
        return;
    char line[128];
    int n = snprintf(line, sizeof line, "avrsim region %u cycles %" PRIu64 " stack %" PRIu32
                     " base %" PRIu32 "\n", r->id, r->cycles, r->stack, r->base);
    if (s->midline) {
        buf_add(&s->pending, line, (size_t)n);
    } else {
        fputs(line, stdout);
    }
}

/* 0xF0: region start (1..127), stop (0x80 | id), calibration (0 / 0x80). */
static void on_region(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    struct sim *s = param;
    uint8_t id = v & 0x7F;
    struct region *g = &s->reg[id];
    avr->data[addr] = v;
    if (!(v & 0x80)) {
        if (g->open) {
            fail(s, RC_PROTOCOL, "region %u started twice (pc 0x%04x)", id, (unsigned)avr->pc);
            return;
        }
        g->open = 1;
        g->start = avr->cycle;
        if (!g->seen) {
            g->seen = 1;
            g->first = avr->cycle;
        }
        g->base = g->min_sp = sp_of(avr);
        s->open_ids[s->nopen++] = id;
        return;
    }
    if (!g->open) {
        fail(s, RC_PROTOCOL, "region %u stopped but not started (pc 0x%04x)", id,
             (unsigned)avr->pc);
        return;
    }
    g->open = 0;
    for (int i = 0; i < s->nopen; i++)
        if (s->open_ids[i] == id) {
            s->open_ids[i] = s->open_ids[--s->nopen];
            break;
        }
    uint64_t raw = avr->cycle - g->start;
    if (id == 0) {
        s->calibrated = 1;
        s->overhead = raw;
        return;
    }
    if (raw < s->overhead) {
        fail(s, RC_PROTOCOL, "region %u: %" PRIu64 " cycles, less than the markers' %" PRIu64,
             id, raw, s->overhead);
        return;
    }
    struct result r = {id, raw - s->overhead, depth(avr, g->min_sp), depth(avr, g->base)};
    report_region(s, &r);
}

/* 0xF1: console byte. */
static void on_console(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    struct sim *s = param;
    char c = (char)v;
    avr->data[addr] = v;
    if (s->json) {
        buf_add(&s->console, &c, 1);
        return;
    }
    putchar(c);
    s->midline = c != '\n';
    if (!s->midline && s->pending.len) {
        fputs(s->pending.p, stdout);
        s->pending.len = 0;
    }
}

/* 0xF2: exit code; the run loop stops after this instruction. */
static void on_exit_code(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    struct sim *s = param;
    avr->data[addr] = v;
    s->exited = 1;
    s->exit_code = v;
}

/* simavr's own messages: errors to stderr, the rest (load chatter) dropped. */
static void quiet_logger(avr_t *avr, const int level, const char *fmt, va_list ap)
{
    (void)avr;
    if (level > LOG_ERROR || level == LOG_NONE)
        return;
    fputs("sc-avrsim: simavr: ", stderr);
    vfprintf(stderr, fmt, ap);
}

static uint16_t flash16(const avr_t *avr, uint32_t pc)
{
    if (pc + 1 > avr->flashend)
        return 0;
    return (uint16_t)(avr->flash[pc] | (avr->flash[pc + 1] << 8));
}

/* Which half of SP the instruction at pc writes: R_SPL, R_SPH (data addresses) or 0.
 * `out A, Rr` is 1011 1AAr rrrr AAAA (I/O address A = data address - 32);
 * `sts k, Rr` is 1001 001r rrrr 0000 followed by k. */
static unsigned sp_half_written(const avr_t *avr, uint32_t pc)
{
    uint16_t op = flash16(avr, pc);
    unsigned a = 0;
    if ((op & 0xF800) == 0xB800)
        a = 32u + ((((unsigned)op >> 5) & 0x30u) | (op & 0x0Fu));
    else if ((op & 0xFE0F) == 0x9200)
        a = flash16(avr, pc + 2);
    return a == R_SPL || a == R_SPH ? a : 0u;
}

/* simavr paces a sleeping core to real time with usleep; the runner wants no pacing
 * (a core asleep with nothing to wake it just runs into --max-cycles / --timeout). */
static void no_sleep(avr_t *avr, avr_cycle_count_t howlong)
{
    (void)avr;
    (void)howlong;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void json_string(FILE *f, const char *p, size_t n)
{
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 0x20 || c >= 0x7F)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void usage(FILE *f)
{
    fputs("usage: sc-avrsim [--mcu atmega128|atmega1281] [--timeout SECONDS]\n"
          "                 [--max-cycles N] [--json] [--flip WHAT:BIT@WHEN]... FIRMWARE.elf\n"
          "Runs an AVR firmware image in simavr; prints its console output and one line\n"
          "per measured region: avrsim region ID cycles N stack BYTES base BYTES\n"
          "(stack, base: bytes below RAMEND, deepest in the region / at its start),\n"
          "then: avrsim exit CODE cycles N stack BYTES overhead N.\n"
          "--json: one JSON object on stdout instead (console text included).\n"
          "--flip: invert one bit once (fault injection): WHAT is reg:R0..R31, reg:SREG\n"
          "or mem:ADDRESS (data space, 0x.. or decimal), BIT 0..7, WHEN N (cycle) or\n"
          "rID+N (N cycles after region ID first starts); e.g. --flip reg:R5:3@r1+1000.\n"
          "Exit status: the firmware's exit code; 120 usage, 121 load error,\n"
          "122 protocol error, 123 crash, 124 timeout. See docs/mote.md.\n",
          f);
}

static int parse_u64(const char *a, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(a, &end, 10);
    if (errno || end == a || *end || a[0] == '-')
        return -1;
    *v = x;
    return 0;
}

/* --flip WHAT:BIT@WHEN (usage()); 0 on success. */
static int parse_flip(const char *a, struct flip *f)
{
    char what[24], *end;
    const char *at = strchr(a, '@'), *colon;
    size_t wl;
    unsigned long long x;
    if (!at || strlen(a) >= sizeof f->text)
        return -1;
    colon = at;
    while (colon > a && colon[-1] != ':')
        colon--;
    if (colon <= a + 1 || (size_t)(colon - 1 - a) >= sizeof what)
        return -1;
    wl = (size_t)(colon - 1 - a);
    memcpy(what, a, wl);
    what[wl] = 0;
    if (colon[0] < '0' || colon[0] > '7' || colon + 1 != at)
        return -1;
    f->bit = (uint8_t)(colon[0] - '0');
    if (!strncmp(what, "reg:", 4)) {
        if (!strcmp(what + 4, "SREG")) {
            f->kind = 's';
            f->addr = 0;
        } else {
            if (what[4] != 'R' || what[5] < '0' || what[5] > '9')
                return -1;
            errno = 0;
            x = strtoull(what + 5, &end, 10);
            if (errno || *end || x > 31)
                return -1;
            f->kind = 'm';
            f->addr = (uint16_t)x;
        }
    } else if (!strncmp(what, "mem:", 4)) {
        errno = 0;
        x = strtoull(what + 4, &end, 0);
        if (errno || end == what + 4 || *end || what[4] == '-' || x > 0xFFFF)
            return -1;
        f->kind = 'm';
        f->addr = (uint16_t)x;
    } else {
        return -1;
    }
    at++;
    f->region = -1;
    if (at[0] == 'r') {
        errno = 0;
        x = strtoull(at + 1, &end, 10);
        if (errno || end == at + 1 || *end != '+' || x > 127)
            return -1;
        f->region = (int)x;
        at = end + 1;
    }
    if (parse_u64(at, &f->at))
        return -1;
    f->done = -1;
    strcpy(f->text, a);
    return 0;
}

/* Apply the flips that are due (after each instruction). */
static void apply_flips(struct sim *s, struct flip *fl, int nfl)
{
    avr_t *avr = s->avr;
    for (int i = 0; i < nfl; i++) {
        struct flip *f = &fl[i];
        uint64_t due;
        if (f->done >= 0)
            continue;
        if (f->region >= 0) {
            if (!s->reg[f->region].seen)
                continue;
            due = s->reg[f->region].first + f->at;
        } else {
            due = f->at;
        }
        if (avr->cycle < due)
            continue;
        if (f->kind == 's')
            avr->sreg[f->bit] ^= 1;
        else
            avr->data[f->addr] ^= (uint8_t)(1u << f->bit);
        f->done = (int64_t)avr->cycle;
    }
}

int main(int argc, char **argv)
{
    const char *elf = NULL, *mcu = NULL;
    uint64_t timeout_s = 60, max_cycles = 0;
    static struct sim s;
    static struct flip flips[MAX_FLIPS];
    int nflips = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--json")) {
            s.json = 1;
        } else if (!strcmp(a, "--mcu") && i + 1 < argc) {
            mcu = argv[++i];
        } else if (!strcmp(a, "--timeout") && i + 1 < argc) {
            if (parse_u64(argv[++i], &timeout_s) || !timeout_s) {
                fprintf(stderr, "sc-avrsim: bad --timeout '%s'\n", argv[i]);
                return RC_USAGE;
            }
        } else if (!strcmp(a, "--max-cycles") && i + 1 < argc) {
            if (parse_u64(argv[++i], &max_cycles)) {
                fprintf(stderr, "sc-avrsim: bad --max-cycles '%s'\n", argv[i]);
                return RC_USAGE;
            }
        } else if (!strcmp(a, "--flip") && i + 1 < argc) {
            if (nflips == MAX_FLIPS || parse_flip(argv[++i], &flips[nflips])) {
                fprintf(stderr, "sc-avrsim: bad --flip '%s' (at most %d; --help)\n", argv[i], MAX_FLIPS);
                return RC_USAGE;
            }
            nflips++;
        } else if (a[0] == '-' || elf) {
            fprintf(stderr, "sc-avrsim: bad argument '%s' (--help)\n", a);
            return RC_USAGE;
        } else {
            elf = a;
        }
    }
    if (!elf) {
        usage(stderr);
        return RC_USAGE;
    }

    avr_global_logger_set(quiet_logger);
    FILE *probe = fopen(elf, "rb");
    if (!probe) {
        fprintf(stderr, "sc-avrsim: %s: %s\n", elf, strerror(errno));
        return RC_LOAD;
    }
    fclose(probe);
    static elf_firmware_t fw;
    if (elf_read_firmware(elf, &fw) != 0 || !fw.flashsize) {
        fprintf(stderr, "sc-avrsim: %s: not an AVR firmware ELF\n", elf);
        return RC_LOAD;
    }
    if (!mcu)
        mcu = fw.mmcu;
    if (!mcu[0]) {
        fprintf(stderr, "sc-avrsim: %s: no .mmcu record, give --mcu\n", elf);
        return RC_LOAD;
    }
    if (strcmp(mcu, "atmega128") && strcmp(mcu, "atmega1281")) {
        fprintf(stderr, "sc-avrsim: MCU '%s' not supported (atmega128, atmega1281)\n", mcu);
        return RC_LOAD;
    }
    if (fw.mmcu[0] && strcmp(mcu, fw.mmcu))
        fprintf(stderr, "sc-avrsim: warning: %s was built for %s, running it as %s\n", elf,
                fw.mmcu, mcu);
    avr_t *avr = avr_make_mcu_by_name(mcu);
    if (!avr || avr_init(avr) != 0) {
        fprintf(stderr, "sc-avrsim: simavr has no model of '%s'\n", mcu);
        return RC_LOAD;
    }
    if (fw.flashbase + fw.flashsize > avr->flashend + 1u) {
        fprintf(stderr, "sc-avrsim: %s: %" PRIu32 " bytes of flash image, %s has %" PRIu32 "\n",
                elf, fw.flashsize, mcu, (uint32_t)avr->flashend + 1u);
        return RC_LOAD;
    }
    avr_load_firmware(avr, &fw);
    avr->run_cycle_limit = 1; /* one instruction per avr_run: SP sampled after each */
    avr->sleep = no_sleep;
    s.avr = avr;
    s.overhead = DEFAULT_OVERHEAD;
    for (unsigned a = REG_REGION; a <= REG_EXIT; a++)
        if (avr->io[AVR_DATA_TO_IO(a)].w.c || avr->io[AVR_DATA_TO_IO(a)].r.c) {
            fprintf(stderr, "sc-avrsim: data address 0x%02X is used by simavr's %s model\n",
                    a, mcu);
            return RC_PROTOCOL;
        }
    avr_register_io_write(avr, REG_REGION, on_region, &s);
    avr_register_io_write(avr, REG_CONSOLE, on_console, &s);
    avr_register_io_write(avr, REG_EXIT, on_exit_code, &s);
    for (int i = 0; i < nflips; i++)
        if (flips[i].kind == 'm' && flips[i].addr > avr->ramend) {
            fprintf(stderr, "sc-avrsim: --flip %s: address beyond RAMEND 0x%04x\n", flips[i].text,
                    (unsigned)avr->ramend);
            return RC_USAGE;
        }

    s.min_sp = sp_of(avr);
    double t0 = now_s();
    uint64_t steps = 0;
    unsigned sp_pending = 0, sp_wait = 0; /* half of SP written, the other still due */
    while (!s.exited && !s.error) {
        uint32_t pc = avr->pc;
        int st = avr_run(avr);
        if (s.exited || s.error)
            break;
        if (nflips)
            apply_flips(&s, flips, nflips);
        if (st == cpu_Crashed) {
            fail(&s, RC_CRASH, "crashed at pc 0x%04x, cycle %" PRIu64, (unsigned)avr->pc,
                 (uint64_t)avr->cycle);
            break;
        }
        if (st == cpu_Done) {
            fail(&s, RC_CRASH, "sleep with interrupts off at pc 0x%04x, cycle %" PRIu64
                 ", no exit code written", (unsigned)pc, (uint64_t)avr->cycle);
            break;
        }
        unsigned half = sp_half_written(avr, pc);
        if (half) {
            if (sp_pending && sp_pending != half) {
                sp_pending = 0; /* both halves written: SP is whole again */
            } else {
                sp_pending = half;
                sp_wait = 8;
            }
        } else if (sp_pending && !--sp_wait) {
            sp_pending = 0;
        }
        if (!sp_pending) {
            uint16_t sp = sp_of(avr);
            if (sp < s.min_sp)
                s.min_sp = sp;
            for (int i = 0; i < s.nopen; i++) {
                struct region *g = &s.reg[s.open_ids[i]];
                if (sp < g->min_sp)
                    g->min_sp = sp;
            }
        }
        /* `rjmp .` with interrupts off never ends: avr-libc's _exit (main returned,
         * exit(), abort()) or a dead loop */
        if (!avr->sreg[S_I] && flash16(avr, avr->pc) == 0xCFFF) {
            fail(&s, RC_CRASH, "halted at pc 0x%04x (rjmp . with interrupts off: main returned,"
                 " exit() or a dead loop), cycle %" PRIu64 ", no exit code written",
                 (unsigned)avr->pc, (uint64_t)avr->cycle);
            break;
        }
        if (max_cycles && avr->cycle > max_cycles) {
            fail(&s, RC_TIMEOUT, "timeout: cycle limit %" PRIu64 " reached at pc 0x%04x",
                 max_cycles, (unsigned)avr->pc);
            break;
        }
        if (!(++steps & 0xFFFF) && now_s() - t0 > (double)timeout_s) {
            fail(&s, RC_TIMEOUT, "timeout: %" PRIu64 " s wall clock at cycle %" PRIu64
                 ", pc 0x%04x", timeout_s, (uint64_t)avr->cycle, (unsigned)avr->pc);
            break;
        }
    }
    if (!s.error && s.nopen)
        fprintf(stderr, "sc-avrsim: warning: region %u still open at exit\n", s.open_ids[0]);
    if (!s.error && !s.calibrated && s.nres)
        fprintf(stderr, "sc-avrsim: warning: no calibration region; assumed %u cycles of markers\n",
                DEFAULT_OVERHEAD);

    int rc = s.error ? s.error : s.exit_code;
    uint32_t stack = depth(avr, s.min_sp);
    if (s.json) {
        printf("{\"elf\": ");
        json_string(stdout, elf, strlen(elf));
        printf(", \"mcu\": \"%s\", \"ramend\": %u, \"frequency\": %" PRIu32
               ", \"overhead\": %" PRIu64 ", \"calibrated\": %s,\n \"regions\": [",
               mcu, (unsigned)avr->ramend, fw.frequency, s.overhead,
               s.calibrated ? "true" : "false");
        for (size_t i = 0; i < s.nres; i++)
            printf("%s\n  {\"id\": %u, \"cycles\": %" PRIu64 ", \"stack\": %" PRIu32
                   ", \"base\": %" PRIu32 "}", i ? "," : "", s.res[i].id, s.res[i].cycles,
                   s.res[i].stack, s.res[i].base);
        printf("],\n \"console\": ");
        json_string(stdout, s.console.p ? s.console.p : "", s.console.len);
        printf(",\n \"cycles\": %" PRIu64 ", \"stack\": %" PRIu32 ", \"exit\": %d",
               (uint64_t)avr->cycle, stack, rc);
        if (nflips) {
            printf(",\n \"flips\": [");
            for (int i = 0; i < nflips; i++)
                printf("%s{\"what\": \"%s\", \"cycle\": %" PRId64 "}", i ? ", " : "", flips[i].text,
                       flips[i].done);
            printf("]");
        }
        if (s.error) {
            printf(", \"error\": ");
            json_string(stdout, s.msg, strlen(s.msg));
        }
        printf("}\n");
    } else {
        if (s.midline)
            putchar('\n');
        if (s.pending.len)
            fputs(s.pending.p, stdout);
        for (int i = 0; i < nflips; i++)
            printf("avrsim flip %s cycle %" PRId64 "\n", flips[i].text, flips[i].done);
        printf("avrsim exit %d cycles %" PRIu64 " stack %" PRIu32 " overhead %" PRIu64 "\n", rc,
               (uint64_t)avr->cycle, stack, s.overhead);
    }
    fflush(stdout);
    if (s.error)
        fprintf(stderr, "sc-avrsim: %s: %s\n", elf, s.msg);
    avr_terminate(avr);
    free(s.res);
    free(s.console.p);
    free(s.pending.p);
    return rc;
}
