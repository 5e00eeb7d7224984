/* seacurve sign / verify */
#include "cli.h"
#include <string.h>

static void sign_usage(void)
{
    printf("usage: seacurve sign --key FILE --in FILE [--out FILE] [--hash ALG] [--sig-format der|p1363]\n"
           "                     [--hedged] [--force]\n"
           "ECDSA signature of a file, like openssl dgst -sha256 -sign key.pem -out sig.der FILE.\n"
           "The nonce is deterministic (RFC 6979): the same key, hash and file give the same signature.\n"
           "  --key FILE        private key: SEC1 or PKCS#8, PEM or DER (-: stdin)\n"
           "  --in FILE         the message, streamed through the hash (any size; -: stdin)\n"
           "  --out FILE        signature output (default or -: stdout)\n"
           "  --hash ALG        sha1, sha224, sha256 (default), sha384, sha512\n"
           "  --sig-format F    der: ASN.1 SEQUENCE { r, s } as OpenSSL writes it (default);\n"
           "                    p1363: r || s, each as long as the group order (2 x 21 bytes on\n"
           "                    secp160r1, 2 x 24, 2 x 28, 2 x 32 on the others)\n"
           "  --hedged          mix 32 fresh random bytes into the RFC 6979 nonce (RFC 6979 3.6):\n"
           "                    signatures differ each time, and stay safe if the RNG fails\n"
           "  --force           replace the output if it is a regular file (never a link, device\n"
           "                    or directory; default: refuse)\n"
           "Exit status: 0 written, 2 error.\n");
}

int cmd_sign(int argc, char **argv)
{
    const char *keyf = NULL, *in = NULL, *out = NULL, *hashn = NULL, *sigfmt = NULL;
    int hedged = 0, force = 0, help = 0, p1363, rc;
    const cli_opt opts[] = {
        { "--key", 1, &keyf, NULL }, { "--in", 1, &in, NULL }, { "--out", 1, &out, NULL },
        { "--hash", 1, &hashn, NULL }, { "--sig-format", 1, &sigfmt, NULL },
        { "--hedged", 0, NULL, &hedged }, { "--force", 0, NULL, &force }, { NULL, 0, NULL, NULL }
    };
    const char *ins[2];
    sc_hash_alg alg;
    sc_key key;
    const sc_curve *c;
    uint8_t digest[SC_HASH_MAX_LEN], extra[32], sig[SC_PK_MAX_SIG], der[SC_PK_MAX_DER_SIG];
    size_t siglen, derlen = sizeof der;
    sc_err e;

    if ((rc = cli_parse(argc, argv, opts, &help)) != 0)
        return rc;
    if (help) {
        sign_usage();
        return 0;
    }
    if (!keyf)
        return cli_missing("--key");
    if (!in)
        return cli_missing("--in");
    if (!out)
        out = "-";
    ins[0] = keyf;
    ins[1] = in;
    if ((rc = cli_one_stdin(ins, 2)) != 0 || (rc = cli_hash(hashn, &alg)) != 0)
        return rc;
    if ((p1363 = cli_sig_format(sigfmt)) < 0)
        return CLI_EXIT_ERROR;
    if ((rc = cli_check_out(out, force)) != 0)
        return rc;
    if ((rc = cli_load_key(keyf, &key, 1)) != 0)
        return rc;
    c = key.curve;
    siglen = 2u * c->nlen;

    if ((rc = cli_hash_file(in, alg, digest)) != 0)
        goto done;
    if (hedged && sc_random(extra, sizeof extra) != SC_OK) {
        rc = cli_fail("--hedged", "%s", sc_strerror(SC_ERR_RNG));
        goto done;
    }
    e = sc_ecdsa_sign(c, sig, siglen, digest, sc_hash_len(alg), alg, key.priv, c->nlen,
                      hedged ? extra : NULL, hedged ? sizeof extra : 0);
    if (e == SC_OK && !p1363)
        e = sc_sig_p1363_to_der(der, &derlen, sig, siglen);
    if (e != SC_OK) {
        rc = cli_fail(cli_name(keyf), "signing failed: %s", sc_strerror(e));
        goto done;
    }
    rc = p1363 ? cli_write_out(out, sig, siglen, 0, force) : cli_write_out(out, der, derlen, 0, force);
done:
    sc_key_wipe(&key);
    sc_memzero(extra, sizeof extra);
    sc_memzero(digest, sizeof digest);
    return rc;
}

static void verify_usage(void)
{
    printf("usage: seacurve verify --pub FILE --in FILE --sig FILE [--hash ALG] [--sig-format der|p1363]\n"
           "                       [--recid]\n"
           "Checks an ECDSA signature of a file, like openssl dgst -sha256 -verify pub.pem\n"
           "-signature sig.der FILE.\n"
           "  --pub FILE        public key (SPKI), or a private key file (its public part); PEM or DER\n"
           "  --in FILE         the message (-: stdin)\n"
           "  --sig FILE        the signature (-: stdin)\n"
           "  --hash ALG        sha1, sha224, sha256 (default), sha384, sha512\n"
           "  --sig-format F    der (default) or p1363 (r || s)\n"
           "  --recid           after \"Verified OK\", print \"recid: N\": the signature's recovery id\n"
           "                    (0 .. 3; bit 0 y(R) odd, bit 1 x(R) = r + n), the verify-batch field\n"
           "                    (prime curves only)\n"
           "Prints \"Verified OK\" or \"Verification failure\" on stdout; a failure also says why, in\n"
           "one line on stderr: \"signature does not verify\" (exit 1), \"malformed signature\" or \"key\n"
           "and signature are for different curves\" (exit 2).\n"
           "Exit status: 0 valid, 1 invalid signature, 2 error (unreadable or malformed input,\n"
           "a signature that cannot belong to the key's curve).\n");
}

/* Does n bytes of r || s fit some other curve's order (2 x its nlen)? */
static const sc_curve *p1363_curve(size_t n, const sc_curve *not_this)
{
    size_t i;
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *o = sc_curve_at(i);
        if (o != not_this && 2u * o->nlen == n)
            return o;
    }
    return NULL;
}

/* sig (DER or P1363 bytes as read) -> r || s for curve c, or an error reported against file:
 * "malformed signature: ..." (not a signature in the format given) or "key and signature are
 * for different curves: ..." (a well-formed signature whose size does not fit c). */
static int load_sig(const char *file, const cli_buf *b, int p1363, const sc_curve *c, uint8_t *sig)
{
    size_t siglen = 2u * c->nlen;
    const char *why;
    const sc_curve *o;
    uint8_t wide[2 * SC_FP_MAXBYTES];
    if (p1363) {
        if (b->len == siglen) {
            memcpy(sig, b->p, siglen);
            return 0;
        }
        if (b->p[0] == 0x30 && cli_der_problem(b->p, b->len) == NULL &&
            sc_sig_der_to_p1363(wide, sizeof wide, b->p, b->len) == SC_OK)
            return cli_fail(cli_name(file), "malformed signature: a DER signature given as P1363 (use "
                            "--sig-format der)");
        if ((o = p1363_curve(b->len, c)) != NULL)
            return cli_fail(cli_name(file), "key and signature are for different curves: a P1363 signature "
                            "on %s is %zu bytes, this one is %zu (%s's size)", c->name, siglen, b->len, o->name);
        return cli_fail(cli_name(file), "malformed signature: a P1363 signature on %s is %zu bytes, this "
                        "one is %zu", c->name, siglen, b->len);
    }
    if (sc_sig_der_to_p1363(sig, siglen, b->p, b->len) == SC_OK)
        return 0;
    if (b->p[0] != 0x30) {
        if (b->len == siglen)
            return cli_fail(cli_name(file), "malformed signature: not a DER signature (a P1363 one? use --sig-format p1363)");
        return cli_fail(cli_name(file), "malformed signature: not a DER signature");
    }
    if ((why = cli_der_problem(b->p, b->len)) != NULL)
        return cli_fail(cli_name(file), "malformed signature: %s", why);
    if (sc_sig_der_to_p1363(wide, sizeof wide, b->p, b->len) == SC_OK)
        return cli_fail(cli_name(file), "key and signature are for different curves: r or s is longer than "
                        "the %s group order", c->name);
    return cli_fail(cli_name(file), "malformed signature: not a DER SEQUENCE of two minimal INTEGERs");
}

int cmd_verify(int argc, char **argv)
{
    const char *pubf = NULL, *in = NULL, *sigf = NULL, *hashn = NULL, *sigfmt = NULL;
    int help = 0, want_recid = 0, p1363, rc;
    const cli_opt opts[] = {
        { "--pub", 1, &pubf, NULL }, { "--in", 1, &in, NULL }, { "--sig", 1, &sigf, NULL },
        { "--hash", 1, &hashn, NULL }, { "--sig-format", 1, &sigfmt, NULL },
        { "--recid", 0, NULL, &want_recid }, { NULL, 0, NULL, NULL }
    };
    uint8_t recid;
    const char *ins[3];
    sc_hash_alg alg;
    sc_key key;
    cli_buf sb;
    uint8_t digest[SC_HASH_MAX_LEN], sig[SC_PK_MAX_SIG];
    sc_err e;

    if ((rc = cli_parse(argc, argv, opts, &help)) != 0)
        return rc;
    if (help) {
        verify_usage();
        return 0;
    }
    if (!pubf)
        return cli_missing("--pub");
    if (!in)
        return cli_missing("--in");
    if (!sigf)
        return cli_missing("--sig");
    ins[0] = pubf;
    ins[1] = in;
    ins[2] = sigf;
    if ((rc = cli_one_stdin(ins, 3)) != 0 || (rc = cli_hash(hashn, &alg)) != 0)
        return rc;
    if ((p1363 = cli_sig_format(sigfmt)) < 0)
        return CLI_EXIT_ERROR;
    if ((rc = cli_load_key(pubf, &key, 0)) != 0)
        return rc;
    /* only the public part is needed */
    sc_memzero(key.priv, sizeof key.priv);
    key.has_priv = 0;
    if (want_recid && !key.curve->ep) {
        rc = cli_fail("--recid", "%s is a binary curve: recovery ids are for prime curves", key.curve->name);
        goto done;
    }
    if ((rc = cli_read_small(sigf, CLI_KEYFILE_MAX, &sb)) != 0)
        goto done;
    rc = load_sig(sigf, &sb, p1363, key.curve, sig);
    cli_buf_free(&sb);
    if (rc != 0)
        goto done;
    if ((rc = cli_hash_file(in, alg, digest)) != 0)
        goto done;
    e = sc_ecdsa_verify(key.curve, sig, 2u * key.curve->nlen, digest, sc_hash_len(alg), key.pub, key.publen);
    if (e == SC_OK && want_recid &&
        sc_ecdsa_recid_var(key.curve, &recid, sig, 2u * key.curve->nlen, digest, sc_hash_len(alg), key.pub,
                           key.publen) != SC_OK)
        e = SC_ERR_FAULT;                    /* the two computations of R disagree */
    if (e == SC_OK) {
        puts("Verified OK");
        if (want_recid)
            printf("recid: %u\n", (unsigned)recid);
        rc = CLI_EXIT_OK;
    } else if (e == SC_ERR_VERIFY || e == SC_ERR_SIG_RANGE) {
        puts("Verification failure");
        cli_fail(cli_name(sigf), "signature does not verify%s", e == SC_ERR_SIG_RANGE ?
                 " (r or s is 0 or not below the group order)" : " (another message, key or hash)");
        rc = CLI_EXIT_INVALID;
    } else {
        rc = cli_fail(cli_name(pubf), "%s", cli_key_err(e));
    }
    if (fflush(stdout) != 0)
        rc = cli_fail("stdout", "write error");
done:
    sc_key_wipe(&key);
    return rc;
}
