/* seacurve keygen / pubkey */
#include "cli.h"
#include <string.h>

#define KEYFILE_OUT_MAX 2048 /* a PEM PKCS#8 P-256 key is about 240 bytes, 500 with explicit parameters */

static void keygen_usage(void)
{
    printf("usage: seacurve keygen --curve NAME [--out FILE] [--format pem|der] [--pkcs8]\n"
           "                       [--param-enc named|explicit] [--force]\n"
           "Generates a private key (uniform in [1, n-1] from the OS random generator) and writes\n"
           "it with its public point, as OpenSSL does:\n"
           "  default   SEC1 ECPrivateKey, PEM \"EC PRIVATE KEY\" (openssl ecparam -genkey -noout)\n"
           "  --pkcs8   PKCS#8 PrivateKeyInfo, PEM \"PRIVATE KEY\" (openssl genpkey)\n"
           "  --curve NAME      one of the %u curves (seacurve curves: their sizes and methods):\n",
           (unsigned)sc_curve_count());
    cli_print_curve_names("                      ", 96);
    printf("  --out FILE        output file, created with mode 0600 (default or -: stdout)\n"
           "  --format pem|der  encoding (default pem)\n"
           "  --param-enc named|explicit\n"
           "                    curve parameters as the curve's OID (default) or written out in\n"
           "                    full (p, a, b, G, n, h: openssl ecparam -param_enc explicit); a curve\n"
           "                    without an OID is always written explicitly\n"
           "  --force           replace FILE if it is a regular file (never a link, device or\n"
           "                    directory; default: refuse)\n"
           "Exit status: 0 written, 2 error.\n");
}

int cmd_keygen(int argc, char **argv)
{
    const char *curve = NULL, *out = NULL, *format = NULL, *penc = NULL;
    int pkcs8 = 0, force = 0, help = 0, pem = 1, params = SC_PARAMS_NAMED, rc;
    const cli_opt opts[] = {
        { "--curve", 1, &curve, NULL }, { "--out", 1, &out, NULL }, { "--format", 1, &format, NULL },
        { "--param-enc", 1, &penc, NULL }, { "--pkcs8", 0, NULL, &pkcs8 }, { "--force", 0, NULL, &force },
        { NULL, 0, NULL, NULL }
    };
    const sc_curve *c;
    sc_key key;
    uint8_t enc[KEYFILE_OUT_MAX];
    size_t enclen = sizeof enc;
    sc_err e;

    if ((rc = cli_parse(argc, argv, opts, &help)) != 0)
        return rc;
    if (help) {
        keygen_usage();
        return 0;
    }
    if (!curve)
        return cli_missing("--curve");
    if (!out)
        out = "-";
    if (!(c = cli_curve(curve)))
        return CLI_EXIT_ERROR;
    if (format && (pem = cli_pem_or_der("--format", format)) < 0)
        return CLI_EXIT_ERROR;
    if (penc && (params = cli_param_enc(penc)) < 0)
        return CLI_EXIT_ERROR;
    if (params == SC_PARAMS_EXPLICIT && c->eb)
        return cli_fail(c->name, "explicit parameters are written for prime curves only (use --param-enc named)");
    if ((rc = cli_check_out(out, force)) != 0)
        return rc;

    memset(&key, 0, sizeof key);
    key.curve = c;
    key.publen = sizeof key.pub;
    e = sc_keygen(c, key.priv, c->nlen);
    if (e == SC_OK)
        e = sc_pubkey(c, key.pub, &key.publen, 0, key.priv, c->nlen);
    if (e == SC_OK) {
        key.has_priv = key.has_pub = 1;
        e = sc_key_encode_ex(enc, &enclen, &key, pkcs8 ? SC_KEYFMT_PKCS8 : SC_KEYFMT_SEC1, pem,
                             (sc_param_enc)params);
    }
    if (e != SC_OK)
        rc = cli_fail(c->name, "key generation failed: %s", sc_strerror(e));
    else
        rc = cli_write_out(out, enc, enclen, 1, force);
    sc_key_wipe(&key);
    sc_memzero(enc, sizeof enc);
    return rc;
}

static void pubkey_usage(void)
{
    printf("usage: seacurve pubkey --key FILE [--out FILE] [--compressed] [--format pem|der]\n"
           "                       [--param-enc named|explicit] [--force]\n"
           "Writes the public key of a key file as SubjectPublicKeyInfo (PEM \"PUBLIC KEY\"), like\n"
           "openssl ec -pubout.  --key may be a private key (SEC1 or PKCS#8) or a public key\n"
           "(SPKI), in PEM or DER, with or without an EC PARAMETERS block, with named or explicit\n"
           "curve parameters.\n"
           "  --key FILE        input key (-: stdin)\n"
           "  --out FILE        output file (default or -: stdout)\n"
           "  --compressed      write the point compressed (02/03 || X; default uncompressed 04 || X || Y)\n"
           "  --format pem|der  encoding (default pem)\n"
           "  --param-enc named|explicit\n"
           "                    curve parameters as the curve's OID (default) or written out in\n"
           "                    full (openssl ec -param_enc explicit)\n"
           "  --force           replace FILE if it is a regular file (never a link, device or\n"
           "                    directory; default: refuse)\n"
           "Exit status: 0 written, 2 error.\n");
}

int cmd_pubkey(int argc, char **argv)
{
    const char *keyf = NULL, *out = NULL, *format = NULL, *penc = NULL;
    int compressed = 0, force = 0, help = 0, pem = 1, params = SC_PARAMS_NAMED, rc;
    const cli_opt opts[] = {
        { "--key", 1, &keyf, NULL }, { "--out", 1, &out, NULL }, { "--format", 1, &format, NULL },
        { "--param-enc", 1, &penc, NULL }, { "--compressed", 0, NULL, &compressed },
        { "--force", 0, NULL, &force }, { NULL, 0, NULL, NULL }
    };
    sc_key key;
    uint8_t pt[SC_PK_MAX_PUB], enc[KEYFILE_OUT_MAX];
    size_t ptlen = sizeof pt, enclen = sizeof enc;
    sc_err e;

    if ((rc = cli_parse(argc, argv, opts, &help)) != 0)
        return rc;
    if (help) {
        pubkey_usage();
        return 0;
    }
    if (!keyf)
        return cli_missing("--key");
    if (!out)
        out = "-";
    if (format && (pem = cli_pem_or_der("--format", format)) < 0)
        return CLI_EXIT_ERROR;
    if (penc && (params = cli_param_enc(penc)) < 0)
        return CLI_EXIT_ERROR;
    if ((rc = cli_check_out(out, force)) != 0)
        return rc;
    if ((rc = cli_load_key(keyf, &key, 0)) != 0)
        return rc;
    if (params == SC_PARAMS_EXPLICIT && key.curve->eb) {
        rc = cli_fail(key.curve->name, "explicit parameters are written for prime curves only (use --param-enc named)");
        sc_key_wipe(&key);
        return rc;
    }

    e = sc_pub_convert(key.curve, pt, &ptlen, compressed, key.pub, key.publen);
    if (e == SC_OK) {
        /* only the public part goes on */
        sc_memzero(key.priv, sizeof key.priv);
        key.has_priv = 0;
        memcpy(key.pub, pt, ptlen);
        key.publen = ptlen;
        e = sc_key_encode_ex(enc, &enclen, &key, SC_KEYFMT_SPKI, pem, (sc_param_enc)params);
    }
    if (e != SC_OK)
        rc = cli_fail(cli_name(keyf), "%s", cli_key_err(e));
    else
        rc = cli_write_out(out, enc, enclen, 0, force);
    sc_key_wipe(&key);
    return rc;
}
