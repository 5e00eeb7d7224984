/* seacurve: the command table and the dispatch of one command line (cli_main). */
#include "cli.h"
#include <string.h>

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} cli_command;

static const cli_command commands[] = {
    { "keygen", cmd_keygen, "generate a private key (SEC1 or PKCS#8, PEM or DER)" },
    { "pubkey", cmd_pubkey, "write the public key of a key file (SubjectPublicKeyInfo)" },
    { "sign", cmd_sign, "ECDSA-sign a file (RFC 6979; DER or P1363 signature)" },
    { "verify", cmd_verify, "verify an ECDSA signature of a file (exit 0 valid, 1 invalid)" },
#if SC_BATCH
    { "verify-batch", cmd_verify_batch, "verify many signatures (JSON lines or CSV), a verdict per record" },
#endif
    { "ecdh", cmd_ecdh, "derive an ECDH shared secret (raw x-coordinate)" },
    { "curves", cmd_curves, "list the curves, their sizes, OIDs and arithmetic methods" },
    { "bench", cmd_bench, "time seacurve against OpenSSL (see seacurve bench --help)" },
    { "explore", cmd_explore, "every method on one curve: operations counted, timed, compared" },
    { "cost", cmd_cost, "[Kodali]'s cost model (Table VII, Fig. 1 data or --png) beside measured counts" },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(void)
{
    size_t i;
    printf("usage: seacurve COMMAND [options]    (seacurve COMMAND --help for its options)\n"
           "Elliptic-curve keys, signatures and key agreement; files compatible with OpenSSL.\n"
           "Commands:\n");
    for (i = 0; i < NCOMMANDS; i++)
        printf("  %-12s %s\n", commands[i].name, commands[i].summary);
    printf("Curves:");
    for (i = 0; i < sc_curve_count(); i++)
        printf(" %s", sc_curve_at(i)->name);
    printf("\n"
           "Files: - is stdin / stdout; an existing output is never replaced without --force, and\n"
           "--force replaces only a regular file (never a symbolic link, device, FIFO or directory);\n"
           "outputs are written completely or not at all; private keys and secrets get mode 0600.\n"
           "Exit status: 0 success, 1 signature invalid (verify), 2 error (one line on stderr).\n"
           "  -h, --help     this text\n"
           "  --version      version and limb width\n");
}

static const cli_command *find(const char *name)
{
    size_t i;
    for (i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

int cli_main(int argc, char **argv)
{
    const cli_command *cmd;
    cli_begin();
    if (argc < 2)
        return cli_fail(NULL, "no command given (see seacurve --help)");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage();
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("seacurve %s (%u-bit limbs)\n", SEACURVE_VERSION, (unsigned)SC_WORD_BITS);
        return 0;
    }
    if (strcmp(argv[1], "help") == 0) {
        char *hargv[3];
        if (argc < 3) {
            usage();
            return 0;
        }
        if (!(cmd = find(argv[2])))
            return cli_fail(argv[2], "unknown command (see seacurve --help)");
        cli_set_cmd(cmd->name);
        hargv[0] = argv[2];
        hargv[1] = (char *)"--help";
        hargv[2] = NULL;
        return cmd->run(2, hargv);
    }
    if (!(cmd = find(argv[1])))
        return cli_fail(argv[1], "unknown command (see seacurve --help)");
    cli_set_cmd(cmd->name);
    return cmd->run(argc - 1, argv + 1);
}
