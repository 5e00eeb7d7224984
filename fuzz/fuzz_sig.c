/* Signature decoders.  Input: a curve byte, then the bytes of a signature.
 * Properties:
 *  - DER: sc_sig_der_to_p1363 accepts exactly what OpenSSL's d2i_ECDSA_SIG
 *    reads using every byte, re-encodes (i2d_ECDSA_SIG) to the same bytes, with
 *    r and s non-negative and at most nlen bytes (docs/encoding.md); the values
 *    are OpenSSL's; an accepted encoding converts back to the same bytes;
 *  - P1363: the first 2 * nlen bytes converted to DER and back are the same,
 *    and that DER is OpenSSL's encoding of those r and s. */
#include "fuzz_util.h"
#include <openssl/bn.h>
#include <openssl/ecdsa.h>

static const char *const curves[] = { "secp160r1", "secp256r1", "secp256k1", "sect163k1", "sect409k1", NULL };

static int ossl_strict(const uint8_t *der, size_t len, size_t nlen, uint8_t *rs)
{
    const unsigned char *p = der;
    ECDSA_SIG *s = d2i_ECDSA_SIG(NULL, &p, (long)len);
    unsigned char *re = NULL;
    const BIGNUM *r, *sv;
    int ok = 0, n;
    if (!s)
        return 0;
    ECDSA_SIG_get0(s, &r, &sv);
    n = i2d_ECDSA_SIG(s, &re);
    ok = p == der + len && n == (int)len && memcmp(re, der, len) == 0 && !BN_is_negative(r) &&
         !BN_is_negative(sv) && (size_t)BN_num_bytes(r) <= nlen && (size_t)BN_num_bytes(sv) <= nlen;
    if (ok)
        ok = BN_bn2binpad(r, rs, (int)nlen) == (int)nlen && BN_bn2binpad(sv, rs + nlen, (int)nlen) == (int)nlen;
    OPENSSL_free(re);
    ECDSA_SIG_free(s);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const sc_curve *c;
    uint8_t sig[SC_PK_MAX_SIG], want[SC_PK_MAX_SIG], der[SC_PK_MAX_DER_SIG], der2[SC_PK_MAX_DER_SIG];
    size_t nl, dl = sizeof der;
    sc_err e;
    int ossl;
    if (size < 1)
        return 0;
    c = fz_pick(curves, data[0]);
    nl = c->nlen;
    data++;
    size--;

    e = sc_sig_der_to_p1363(sig, 2 * nl, data, size);
    ossl = ossl_strict(data, size, nl, want);
    FZ_CHECK((e == SC_OK) == ossl, "%s: DER verdict %d, OpenSSL's strict reading %d", c->name, (int)e, ossl);
    if (e == SC_OK) {
        FZ_CHECK(memcmp(sig, want, 2 * nl) == 0, "%s: r, s differ from OpenSSL's", c->name);
        FZ_CHECK(sc_sig_p1363_to_der(der, &dl, sig, 2 * nl) == SC_OK && dl == size && memcmp(der, data, size) == 0,
                 "%s: DER round trip", c->name);
    } else {
        FZ_CHECK(e == SC_ERR_ENCODING, "%s: DER error %d", c->name, (int)e);
    }

    if (size >= 2 * nl) {
        uint8_t back[SC_PK_MAX_SIG], rs[SC_PK_MAX_SIG];
        dl = sizeof der;
        FZ_CHECK(sc_sig_p1363_to_der(der, &dl, data, 2 * nl) == SC_OK, "%s: P1363 to DER", c->name);
        FZ_CHECK(sc_sig_der_to_p1363(back, 2 * nl, der, dl) == SC_OK && memcmp(back, data, 2 * nl) == 0,
                 "%s: P1363 round trip", c->name);
        {
            ECDSA_SIG *s = ECDSA_SIG_new();
            unsigned char *p = der2;
            int n;
            ECDSA_SIG_set0(s, BN_bin2bn(data, (int)nl, NULL), BN_bin2bn(data + nl, (int)nl, NULL));
            n = i2d_ECDSA_SIG(s, &p);
            FZ_CHECK(n == (int)dl && memcmp(der2, der, dl) == 0, "%s: DER of P1363 is not OpenSSL's", c->name);
            FZ_CHECK(ossl_strict(der, dl, nl, rs) && memcmp(rs, data, 2 * nl) == 0, "%s: OpenSSL reads it back", c->name);
            ECDSA_SIG_free(s);
        }
    }
    return 0;
}
