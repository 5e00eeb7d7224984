/* seacurve: command-line tool for keys, ECDSA and ECDH, interoperable with OpenSSL's files. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include <signal.h>

int main(int argc, char **argv)
{
    /* a closed pipe on stdout is a write error (exit 2, one line), not a silent kill */
    signal(SIGPIPE, SIG_IGN);
    /* so is a file-size limit (ulimit -f): the temporary file is removed, the error reported */
    signal(SIGXFSZ, SIG_IGN);
    return cli_main(argc, argv);
}
