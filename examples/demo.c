/* seacurve demo: key generation, ECDSA sign / verify and ECDH on every curve. */
#include <seacurve/seacurve.h>
#include <stdio.h>
#include <string.h>

static void hex(const char *label, const uint8_t *p, size_t n)
{
    size_t i;
    printf("  %-10s", label);
    for (i = 0; i < n; i++)
        printf("%02x", p[i]);
    printf("\n");
}

static int fail(const char *curve, const char *what, sc_err e)
{
    fprintf(stderr, "demo: %s: %s failed: %s\n", curve, what, sc_strerror(e));
    return 1;
}

int main(void)
{
    static const uint8_t msg[] = "temperature=21.5C node=17";
    size_t i;
    for (i = 0; i < sc_curve_count(); i++) {
        const sc_curve *c = sc_curve_at(i);
        uint8_t a[SC_FP_MAXBYTES], b[SC_FP_MAXBYTES], apub[SC_PK_MAX_PUB], bpub[SC_PK_MAX_PUB];
        uint8_t sig[SC_PK_MAX_SIG], der[SC_PK_MAX_DER_SIG], s1[SC_FP_MAXBYTES], s2[SC_FP_MAXBYTES];
        size_t alen = sizeof apub, blen = sizeof bpub, derlen = sizeof der;
        size_t siglen = 2u * c->nlen;
        sc_err e;

        printf("%s (%u-bit group order)\n", c->name, (unsigned)c->nbits);
        if ((e = sc_keygen(c, a, c->nlen)) || (e = sc_keygen(c, b, c->nlen)))
            return fail(c->name, "keygen", e);
        if ((e = sc_pubkey(c, apub, &alen, 1, a, c->nlen)) || (e = sc_pubkey(c, bpub, &blen, 0, b, c->nlen)))
            return fail(c->name, "pubkey", e);
        hex("pub A", apub, alen);
        if ((e = sc_ecdsa_sign_msg(c, sig, siglen, SC_HASH_SHA256, msg, sizeof msg - 1, a, c->nlen)))
            return fail(c->name, "sign", e);
        if ((e = sc_sig_p1363_to_der(der, &derlen, sig, siglen)))
            return fail(c->name, "DER encoding", e);
        hex("sig (DER)", der, derlen);
        e = sc_ecdsa_verify_msg(c, sig, siglen, SC_HASH_SHA256, msg, sizeof msg - 1, apub, alen);
        printf("  %-10s%s\n", "verify", e == SC_OK ? "valid" : sc_strerror(e));
        if (e)
            return fail(c->name, "verify", e);
        sig[siglen - 1] ^= 1;
        e = sc_ecdsa_verify_msg(c, sig, siglen, SC_HASH_SHA256, msg, sizeof msg - 1, apub, alen);
        printf("  %-10s%s\n", "tampered", e == SC_ERR_VERIFY ? "rejected" : "ACCEPTED");
        if (e != SC_ERR_VERIFY)
            return fail(c->name, "tampered signature check", e);
        if ((e = sc_ecdh(c, s1, c->flen, a, c->nlen, bpub, blen)) || (e = sc_ecdh(c, s2, c->flen, b, c->nlen, apub, alen)))
            return fail(c->name, "ECDH", e);
        hex("secret", s1, c->flen);
        printf("  %-10s%s\n", "ECDH", memcmp(s1, s2, c->flen) == 0 ? "both sides agree" : "MISMATCH");
        if (memcmp(s1, s2, c->flen) != 0)
            return 1;
        sc_memzero(a, sizeof a);
        sc_memzero(b, sizeof b);
    }
    return 0;
}
