/* Shared reader and tallies for the known-answer drivers (tests/test_kat_*.c).
 *
 * The flat files under tests/vectors/flat/ are written by tools/vectors/convert.py (format at
 * the top of that script): one record per line, "type key=value key=value ...", '#' comments,
 * hex for binary values, '-' for an empty value.
 *
 * Tallies: every vector is one "case" of a (source, curve) pair.  A case runs between
 * kat_begin() and kat_end(); it passed when none of the CHECK()s made inside it failed.
 * A vector that is not run is counted with kat_skip() and a reason.  kat_label() adds a named
 * counter (for example how "acceptable" vectors came out).  kat_report() prints the table. */
#ifndef SC_KATUTIL_H
#define SC_KATUTIL_H

#include "testutil.h"
#include <seacurve/seacurve.h>

#define KAT_MAXF 24

typedef struct kat_file {
    FILE *f;
    char path[512];
    char *buf;
    size_t cap;
    long lineno;
    const char *type;          /* record type of the current line */
    int n;                     /* fields in the current line */
    char *key[KAT_MAXF];
    char *val[KAT_MAXF];
} kat_file;

/* Open tests/vectors/flat/<rel>; on failure records a failed CHECK and returns 0. */
int kat_open(kat_file *k, const char *rel);
/* Next record: 1, or 0 at the end of the file.  A malformed line is a failed CHECK and skipped. */
int kat_next(kat_file *k);
void kat_close(kat_file *k);

/* Field value (NULL if absent; "-" means empty). */
const char *kat_str(const kat_file *k, const char *key);
/* Hex field into out: number of bytes, 0 for "-", -1 if absent, malformed or too long. */
long kat_hex(const kat_file *k, const char *key, uint8_t *out, size_t max);
/* Hex field into a new malloc'd buffer (at least one byte long; free() it); *len gets the byte
 * count.  NULL if absent or malformed. */
uint8_t *kat_hexdup(const kat_file *k, const char *key, size_t *len);
/* Hex field as a big-endian integer of exactly len bytes (left-padded with zeros; leading zero
 * bytes beyond len dropped).  Returns 0, or -1 if absent, malformed or the value needs more than
 * len bytes. */
int kat_int(const kat_file *k, const char *key, uint8_t *out, size_t len);
/* SEC1 uncompressed point 04 || x || y from two integer fields, each padded to c->flen bytes.
 * A coordinate too large for flen bytes is written at its own (minimal) length instead, which
 * gives an encoding of the wrong length: *fits is set to 0 in that case (1 otherwise).
 * Returns the encoding's length, or -1 if a field is absent or malformed. */
long kat_point(uint8_t *out, size_t max, const sc_curve *c, const kat_file *k,
               const char *xkey, const char *ykey, int *fits);

/* Digest of msg with the named hash ("sha1", ...); returns its length or -1. */
long kat_digest(uint8_t *out, const char *hashname, const uint8_t *msg, size_t msglen);

/* Tallies. */
void kat_begin(const char *source, const char *curve);
int kat_end(void);                          /* 1 if the case passed */
void kat_skip(const char *source, const char *curve, const char *reason);
void kat_label(const char *source, const char *curve, const char *label);
/* A failed CHECK unless exactly `ran` cases of (source, curve) ran and none was skipped: the
 * drivers assert their expected counts so that a curve or file silently left out fails. */
void kat_expect(const char *source, const char *curve, long ran);
/* Print the per-source, per-curve table and the labels; then call tu_done(name). */
int kat_report(const char *name);

#endif
