/* seacurve command-line tool: shared declarations.
 *
 * Every subcommand is `int cmd_X(int argc, char **argv)` with argv[0] the
 * subcommand name; it returns the process exit status: 0 success, 1 a
 * signature that does not verify (verify only), 2 any error.  Errors are
 * reported once, as one line on stderr: "seacurve <cmd>: <subject>: <what>". */
#ifndef SC_CLI_H
#define SC_CLI_H

#include <seacurve/seacurve.h>
#include <stddef.h>
#include <stdio.h>

#define CLI_EXIT_OK 0
#define CLI_EXIT_INVALID 1
#define CLI_EXIT_ERROR 2

#define CLI_KEYFILE_MAX (64u * 1024u) /* largest key or signature file read */

/* ---- the whole tool ---- */
/* Run one command line (argv[0] the program, argv[1] the command) and return its
 * exit status; no exit(), no signal handlers (main.c sets those), so it can be
 * called again in the same process (fuzz/fuzz_cli.c). */
int cli_main(int argc, char **argv);

/* ---- error reporting ---- */
/* Start a run: no subcommand, no error printed yet. */
void cli_begin(void);
/* The current subcommand (for messages) and whether an error line was printed. */
void cli_set_cmd(const char *cmd);
const char *cli_cmd(void);
/* Print "seacurve <cmd>: <subject>: <message>" on stderr, only for the first
 * error of the run; returns CLI_EXIT_ERROR. */
int cli_fail(const char *subject, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* How a file is named in messages ("stdin" / "stdout" for "-"). */
const char *cli_name(const char *path);

/* ---- options ---- */
typedef struct cli_opt {
    const char *name;  /* "--curve" */
    int has_arg;       /* 1: takes a value */
    const char **val;  /* has_arg: where the value goes */
    int *flag;         /* !has_arg: set to 1 */
} cli_opt;
/* Parse argv[1..argc-1] against opts (terminated by a NULL name).  Accepts
 * "--name value" and "--name=value"; "-h"/"--help" sets *help.  Returns 0, or
 * CLI_EXIT_ERROR after reporting an unknown, repeated or incomplete option
 * or a stray argument. */
int cli_parse(int argc, char **argv, const cli_opt *opts, int *help);
/* Report a missing required option; returns CLI_EXIT_ERROR. */
int cli_missing(const char *opt);

/* Lookups with error reporting (subject: the option). */
const sc_curve *cli_curve(const char *name);            /* NULL after reporting */
int cli_hash(const char *name, sc_hash_alg *alg);       /* 0 or CLI_EXIT_ERROR */
/* "pem" -> 1, "der" -> 0; -1 after reporting */
int cli_pem_or_der(const char *opt, const char *val);
/* --param-enc value: SC_PARAMS_NAMED ("named", also OpenSSL's "named_curve") or
 * SC_PARAMS_EXPLICIT ("explicit"); else prints an error and returns -1. */
int cli_param_enc(const char *val);
/* "der" -> 0, "p1363" -> 1; -1 after reporting */
int cli_sig_format(const char *val);
/* At most one of the paths may be "-" (stdin); 0 or CLI_EXIT_ERROR. */
int cli_one_stdin(const char *const *paths, size_t n);

/* ---- files ---- */
typedef struct cli_buf {
    unsigned char *p;
    size_t len, cap;
} cli_buf;
/* Read a whole file ("-": stdin) of at most max bytes into a new buffer.
 * Errors (reported, subject: the file): cannot open, not a regular file or
 * pipe, read error, larger than max, empty.  0 or CLI_EXIT_ERROR. */
int cli_read_small(const char *path, size_t max, cli_buf *b);
/* Wipe and free. */
void cli_buf_free(cli_buf *b);
/* Stream a file ("-": stdin) through the hash; out gets sc_hash_len(alg) bytes. */
int cli_hash_file(const char *path, sc_hash_alg alg, uint8_t *out);
/* Output files, by the rules of tools/common/outfile.h (errors reported,
 * subject: the file).  Before the work: unless force, fail if path exists;
 * "-" is always fine. */
int cli_check_out(const char *path, int force);
/* Write data to path whole or not at all ("-": stdout); mode 0600 if secret. */
int cli_write_out(const char *path, const void *data, size_t len, int secret, int force);

/* ---- keys ---- */
/* Read and parse a key file (subject: the file).  need_priv: a public key is
 * an error.  Diagnoses malformed input precisely.  On failure key is wiped. */
int cli_load_key(const char *path, sc_key *key, int need_priv);
/* Message for an sc_err from the library, for a key / point context. */
const char *cli_key_err(sc_err e);
/* Describe why DER bytes are not what was expected: NULL if the outer TLV
 * looks complete and well-formed, else "truncated ..." etc. */
const char *cli_der_problem(const unsigned char *p, size_t len);

/* ---- help ---- */
/* Every curve of the library's table (sc_curve_at), canonical name and aliases,
 * "secp256r1 (prime256v1, P-256), ...", on stdout in lines of at most width
 * columns, each starting with indent (cmd_curves.c). */
void cli_print_curve_names(const char *indent, size_t width);

/* ---- subcommands ---- */
int cmd_keygen(int argc, char **argv);
int cmd_pubkey(int argc, char **argv);
int cmd_sign(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_verify_batch(int argc, char **argv);   /* SC_BATCH builds (cmd_batch.c) */
int cmd_ecdh(int argc, char **argv);
int cmd_curves(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_explore(int argc, char **argv);
int cmd_cost(int argc, char **argv);

#endif
