/* seacurve ecdh */
#include "cli.h"
#include <string.h>

static void ecdh_usage(void)
{
    printf("usage: seacurve ecdh --key FILE --peer FILE [--cofactor] [--out FILE] [--force]\n"
           "ECDH (SEC1 3.3.1): writes the shared secret, the raw x-coordinate of d * Q (as many\n"
           "bytes as a field element: 20 to 32 on the prime curves, 21 to 52 on the binary ones),\n"
           "like openssl pkeyutl -derive -inkey key.pem -peerkey peer.pem.\n"
           "The peer's point is fully validated (on the binary curves also n * Q = O).\n"
           "  --cofactor    cofactor ECDH, x(h * d * Q) (SEC1 3.3.2, NIST SP 800-56A), like\n"
           "                openssl pkeyutl -derive -pkeyopt ecdh_cofactor_mode:1; the same as\n"
           "                without it on the prime curves (h = 1)\n"
           "  --key FILE    own private key: SEC1 or PKCS#8, PEM or DER (-: stdin)\n"
           "  --peer FILE   the peer's public key (SPKI; a private key file gives its public part)\n"
           "  --out FILE    secret output, created with mode 0600 (default or -: stdout)\n"
           "  --force       replace the output if it is a regular file (never a link, device\n"
           "                or directory; default: refuse)\n"
           "Exit status: 0 written, 2 error (e.g. a peer key on another curve).\n");
}

int cmd_ecdh(int argc, char **argv)
{
    const char *keyf = NULL, *peerf = NULL, *out = NULL;
    int force = 0, help = 0, cof = 0, rc;
    const cli_opt opts[] = {
        { "--key", 1, &keyf, NULL }, { "--peer", 1, &peerf, NULL }, { "--out", 1, &out, NULL },
        { "--force", 0, NULL, &force }, { "--cofactor", 0, NULL, &cof }, { NULL, 0, NULL, NULL }
    };
    const char *ins[2];
    sc_key key, peer;
    const sc_curve *c;
    uint8_t secret[SC_FP_MAXBYTES];
    sc_err e;

    if ((rc = cli_parse(argc, argv, opts, &help)) != 0)
        return rc;
    if (help) {
        ecdh_usage();
        return 0;
    }
    if (!keyf)
        return cli_missing("--key");
    if (!peerf)
        return cli_missing("--peer");
    if (!out)
        out = "-";
    ins[0] = keyf;
    ins[1] = peerf;
    if ((rc = cli_one_stdin(ins, 2)) != 0)
        return rc;
    if ((rc = cli_check_out(out, force)) != 0)
        return rc;
    if ((rc = cli_load_key(keyf, &key, 1)) != 0)
        return rc;
    if ((rc = cli_load_key(peerf, &peer, 0)) != 0) {
        sc_key_wipe(&key);
        return rc;
    }
    sc_memzero(peer.priv, sizeof peer.priv); /* only its public part is used */
    peer.has_priv = 0;
    c = key.curve;
    if (peer.curve != c) {
        rc = cli_fail(cli_name(peerf), "key on %s, but %s is on %s", peer.curve->name, cli_name(keyf), c->name);
    } else {
        e = (cof ? sc_ecdh_cofactor : sc_ecdh)(c, secret, c->flen, key.priv, c->nlen, peer.pub, peer.publen);
        if (e != SC_OK)
            rc = cli_fail(cli_name(peerf), "%s", cli_key_err(e));
        else
            rc = cli_write_out(out, secret, c->flen, 1, force);
    }
    sc_key_wipe(&key);
    sc_key_wipe(&peer);
    sc_memzero(secret, sizeof secret);
    return rc;
}
