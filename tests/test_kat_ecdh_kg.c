/* NIST ECC CDH primitive vectors (SP 800-56A 5.7.1.2, CAVS 14.1) and point-at-infinity.org k*G
 * tables, for P-192, P-224, P-256, through the public API.
 *
 * Files: tests/vectors/flat/pycryptodome/kas_cdh.txt and pai.txt (tools/vectors/convert.py).
 *   cdh  sc_pub_validate(QCAVS) passes; sc_pubkey(dIUT) = QIUT; sc_ecdh(dIUT, QCAVS) = ZIUT, with
 *        QCAVS uncompressed and again compressed (sc_pub_convert, so ECDH on a decompressed point).
 *   kg   sc_pubkey(k) = (x, y) uncompressed, and the compressed form is 02/03 || x by the parity
 *        of y (k = 1..20, selected large k, and n-20..n-1). */
#include "katutil.h"
#include <string.h>

static void cdh(const sc_curve *c, const char *curve, const kat_file *k)
{
    uint8_t peer[SC_PK_MAX_PUB], qiut[SC_PK_MAX_PUB], pub[SC_PK_MAX_PUB], comp[SC_PK_MAX_PUB];
    uint8_t d[SC_FP_MAXBYTES], z[SC_FP_MAXBYTES], want[SC_FP_MAXBYTES];
    size_t fl = c->flen, nl = c->nlen, publen = sizeof pub, complen = sizeof comp;
    const char *count = kat_str(k, "count");
    long pl, ql;
    int f1, f2;
    sc_err e;

    pl = kat_point(peer, sizeof peer, c, k, "qcavsx", "qcavsy", &f1);
    ql = kat_point(qiut, sizeof qiut, c, k, "qiutx", "qiuty", &f2);
    if (!CHECK(pl > 0 && ql > 0 && f1 && f2 && count && kat_int(k, "d", d, nl) == 0 && kat_int(k, "z", want, fl) == 0,
               "%s:%ld: unusable record", k->path, k->lineno))
        return;
    e = sc_pub_validate(c, peer, (size_t)pl);
    CHECK(e == SC_OK, "cdh %s COUNT %s: QCAVS rejected: %s", curve, count, sc_strerror(e));
    e = sc_pubkey(c, pub, &publen, 0, d, nl);
    CHECK(e == SC_OK && publen == (size_t)ql && memcmp(pub, qiut, publen) == 0, "cdh %s COUNT %s: QIUT differs (%s)",
          curve, count, sc_strerror(e));
    e = sc_ecdh(c, z, fl, d, nl, peer, (size_t)pl);
    CHECK(e == SC_OK && memcmp(z, want, fl) == 0, "cdh %s COUNT %s: Z differs (%s)", curve, count, sc_strerror(e));
    e = sc_pub_convert(c, comp, &complen, 1, peer, (size_t)pl);
    if (CHECK(e == SC_OK && complen == 1 + fl && comp[0] == (uint8_t)(2 | (peer[2 * fl] & 1)) &&
                  memcmp(comp + 1, peer + 1, fl) == 0,
              "cdh %s COUNT %s: compressing QCAVS (%s)", curve, count, sc_strerror(e))) {
        memset(z, 0, sizeof z);
        e = sc_ecdh(c, z, fl, d, nl, comp, complen);
        CHECK(e == SC_OK && memcmp(z, want, fl) == 0, "cdh %s COUNT %s: Z with compressed QCAVS differs (%s)", curve,
              count, sc_strerror(e));
    }
}

static void kg(const sc_curve *c, const char *curve, const kat_file *k)
{
    uint8_t q[SC_PK_MAX_PUB], pub[SC_PK_MAX_PUB], comp[SC_PK_MAX_PUB], s[SC_FP_MAXBYTES];
    size_t fl = c->flen, nl = c->nlen, publen = sizeof pub, complen = sizeof comp;
    const char *kstr = kat_str(k, "k");
    long ql;
    int fits;
    sc_err e;

    ql = kat_point(q, sizeof q, c, k, "x", "y", &fits);
    if (!CHECK(ql > 0 && fits && kstr && kat_int(k, "k", s, nl) == 0, "%s:%ld: unusable record", k->path, k->lineno))
        return;
    e = sc_pubkey(c, pub, &publen, 0, s, nl);
    CHECK(e == SC_OK && publen == (size_t)ql && memcmp(pub, q, publen) == 0, "kg %s k=0x%s: k*G differs (%s)", curve,
          kstr, sc_strerror(e));
    e = sc_pubkey(c, comp, &complen, 1, s, nl);
    CHECK(e == SC_OK && complen == 1 + fl && comp[0] == (uint8_t)(2 | (q[2 * fl] & 1)) && memcmp(comp + 1, q + 1, fl) == 0,
          "kg %s k=0x%s: compressed k*G differs (%s)", curve, kstr, sc_strerror(e));
}

int main(void)
{
    static const char *const rels[] = { "pycryptodome/kas_cdh.txt", "pycryptodome/pai.txt" };
    static const char *const srcs[] = { "nist kas-ecc-cdh (pycryptodome)", "point-at-infinity.org k*G" };
    size_t i;
    for (i = 0; i < 2; i++) {
        kat_file k;
        if (!kat_open(&k, rels[i]))
            continue;
        while (kat_next(&k)) {
            const char *curve = kat_str(&k, "curve");
            const sc_curve *c = curve ? sc_curve_find(curve) : NULL;
            kat_begin(srcs[i], curve ? curve : "?");
            if (CHECK(c != NULL, "%s:%ld: curve unknown to seacurve", k.path, k.lineno)) {
                if (strcmp(k.type, "cdh") == 0)
                    cdh(c, curve, &k);
                else if (strcmp(k.type, "kg") == 0)
                    kg(c, curve, &k);
                else
                    CHECK(0, "%s:%ld: unexpected record %s", k.path, k.lineno, k.type);
            }
            kat_end();
        }
        kat_close(&k);
    }
    return kat_report("kat_ecdh_kg");
}
