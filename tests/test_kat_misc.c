/* Smaller vector sets through the public API: pyca compressed-point decoding (secp256r1,
 * secp256k1), pyca secp256k1 SigGen-style vectors, and the SECG GEC 2 secp160r1 ECDSA and ECDH
 * examples.  File: tests/vectors/flat/misc.txt (tools/vectors/convert.py).
 *
 *   compressed  sc_pub_validate(POINT) passes; sc_pub_convert(POINT) decompresses to 04||X||Y and
 *               compresses back to POINT.  Derived invalid encodings of the same point (prefix
 *               04 / 05 / 00 on the 1+flen-byte form, a missing byte, an extra byte) must all be
 *               rejected by sc_pub_validate and sc_pub_convert (source "sec1 derived").
 *   k1sig       sc_pubkey(d) = Q; sc_ecdsa_verify(R, S) on hash(Msg) passes (no k is given, so the
 *               signature cannot be reproduced); with the digest's first bit flipped it must fail.
 *   gec2sig     sc_ecdsa_sign_with_k(dU, k) on SHA-1("abc") gives (r, s); sc_pubkey(dU) = QU,
 *               compressed too; sc_pub_convert(compressed QU) = QU; verify passes.
 *   gec2dh      sc_pubkey(dU) = QU, sc_pubkey(dV) = QV (and its compressed form); z = x(dU*QV)
 *               = x(dV*QU) with uncompressed and compressed peers; SHA-1(z || 00000001) equals
 *               the published ANSI X9.63 KDF output. */
#include "katutil.h"
#include <stdlib.h>
#include <string.h>

static int point_is(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    return alen == blen && memcmp(a, b, alen) == 0;
}

static void compressed(const sc_curve *c, const char *curve, const kat_file *k)
{
    uint8_t pt[SC_PK_MAX_PUB + 2], q[SC_PK_MAX_PUB], out[SC_PK_MAX_PUB], back[SC_PK_MAX_PUB], bad[SC_PK_MAX_PUB + 2];
    size_t fl = c->flen, outlen = sizeof out, backlen = sizeof back;
    long pl = kat_hex(k, "point", pt, sizeof pt), ql;
    int fits, i;
    sc_err e;

    kat_begin("pyca compressed_points", curve);
    ql = kat_point(q, sizeof q, c, k, "x", "y", &fits);
    if (!CHECK(pl == (long)(1 + fl) && ql > 0 && fits, "%s:%ld: unusable record", k->path, k->lineno)) {
        kat_end();
        return;
    }
    e = sc_pub_validate(c, pt, (size_t)pl);
    CHECK(e == SC_OK, "compressed %s line %ld: rejected: %s", curve, k->lineno, sc_strerror(e));
    e = sc_pub_convert(c, out, &outlen, 0, pt, (size_t)pl);
    CHECK(e == SC_OK && point_is(out, outlen, q, (size_t)ql), "compressed %s line %ld: decompression differs (%s)",
          curve, k->lineno, sc_strerror(e));
    e = sc_pub_convert(c, back, &backlen, 1, q, (size_t)ql);
    CHECK(e == SC_OK && point_is(back, backlen, pt, (size_t)pl), "compressed %s line %ld: compression differs (%s)",
          curve, k->lineno, sc_strerror(e));
    kat_end();

    /* derived malformed encodings of this point: each must be rejected */
    for (i = 0; i < 5; i++) {
        size_t blen = (size_t)pl;
        memcpy(bad, pt, (size_t)pl);
        switch (i) {
        case 0: bad[0] = 0x04; break;                 /* uncompressed tag, compressed length */
        case 1: bad[0] = 0x05; break;                 /* no such tag */
        case 2: bad[0] = 0x00; break;                 /* infinity tag with trailing bytes */
        case 3: blen--; break;                        /* a byte short */
        case 4: bad[blen++] = 0x00; break;            /* a byte too many */
        }
        kat_begin("sec1 derived malformed", curve);
        e = sc_pub_validate(c, bad, blen);
        CHECK(e != SC_OK, "compressed %s line %ld: malformed variant %d accepted by sc_pub_validate", curve,
              k->lineno, i);
        outlen = sizeof out;
        e = sc_pub_convert(c, out, &outlen, 0, bad, blen);
        CHECK(e != SC_OK, "compressed %s line %ld: malformed variant %d accepted by sc_pub_convert", curve,
              k->lineno, i);
        kat_end();
    }
}

static void k1sig(const sc_curve *c, const char *curve, const kat_file *k)
{
    uint8_t d[SC_FP_MAXBYTES], rs[SC_PK_MAX_SIG], q[SC_PK_MAX_PUB], pub[SC_PK_MAX_PUB], digest[SC_HASH_MAX_LEN];
    size_t nl = c->nlen, msglen = 0, publen = sizeof pub;
    uint8_t *msg = kat_hexdup(k, "msg", &msglen);
    const char *hash = kat_str(k, "hash");
    long ql, dl;
    int fits;
    sc_err e;

    ql = kat_point(q, sizeof q, c, k, "qx", "qy", &fits);
    if (!CHECK(msg && hash && ql > 0 && fits && kat_int(k, "d", d, nl) == 0 && kat_int(k, "r", rs, nl) == 0 &&
                   kat_int(k, "s", rs + nl, nl) == 0,
               "%s:%ld: unusable record", k->path, k->lineno))
        goto out;
    dl = kat_digest(digest, hash, msg, msglen);
    if (!CHECK(dl > 0, "hash %s unavailable", hash))
        goto out;
    e = sc_pubkey(c, pub, &publen, 0, d, nl);
    CHECK(e == SC_OK && point_is(pub, publen, q, (size_t)ql), "k1sig %s line %ld: Q = d*G differs (%s)", curve,
          k->lineno, sc_strerror(e));
    e = sc_ecdsa_verify(c, rs, 2 * nl, digest, (size_t)dl, q, (size_t)ql);
    CHECK(e == SC_OK, "k1sig %s %s line %ld: verify: %s", curve, hash, k->lineno, sc_strerror(e));
    digest[0] ^= 0x80;      /* the leading bit: digests longer than n are truncated to the left */
    e = sc_ecdsa_verify(c, rs, 2 * nl, digest, (size_t)dl, q, (size_t)ql);
    CHECK(e != SC_OK, "k1sig %s %s line %ld: verify passed with a changed digest", curve, hash, k->lineno);
out:
    free(msg);
}

static void gec2sig(const sc_curve *c, const char *curve, const kat_file *k)
{
    uint8_t d[SC_FP_MAXBYTES], kk[SC_FP_MAXBYTES], rs[SC_PK_MAX_SIG], sig[SC_PK_MAX_SIG];
    uint8_t q[SC_PK_MAX_PUB], qc[SC_PK_MAX_PUB], pub[SC_PK_MAX_PUB], digest[SC_HASH_MAX_LEN];
    size_t nl = c->nlen, msglen = 0, publen;
    uint8_t *msg = kat_hexdup(k, "msg", &msglen);
    const char *hash = kat_str(k, "hash");
    long ql, qcl = kat_hex(k, "qc", qc, sizeof qc), dl;
    int fits;
    sc_err e;

    ql = kat_point(q, sizeof q, c, k, "qx", "qy", &fits);
    if (!CHECK(msg && hash && ql > 0 && fits && qcl > 0 && kat_int(k, "d", d, nl) == 0 && kat_int(k, "k", kk, nl) == 0 &&
                   kat_int(k, "r", rs, nl) == 0 && kat_int(k, "s", rs + nl, nl) == 0,
               "%s:%ld: unusable record", k->path, k->lineno))
        goto out;
    dl = kat_digest(digest, hash, msg, msglen);
    if (!CHECK(dl > 0, "hash %s unavailable", hash))
        goto out;
    e = sc_ecdsa_sign_with_k(c, sig, 2 * nl, digest, (size_t)dl, d, nl, kk, nl);
    CHECK(e == SC_OK && memcmp(sig, rs, 2 * nl) == 0, "gec2 %s: (r, s) differs (%s)", curve, sc_strerror(e));
    publen = sizeof pub;
    e = sc_pubkey(c, pub, &publen, 0, d, nl);
    CHECK(e == SC_OK && point_is(pub, publen, q, (size_t)ql), "gec2 %s: QU differs (%s)", curve, sc_strerror(e));
    publen = sizeof pub;
    e = sc_pubkey(c, pub, &publen, 1, d, nl);
    CHECK(e == SC_OK && point_is(pub, publen, qc, (size_t)qcl), "gec2 %s: compressed QU differs (%s)", curve,
          sc_strerror(e));
    publen = sizeof pub;
    e = sc_pub_convert(c, pub, &publen, 0, qc, (size_t)qcl);
    CHECK(e == SC_OK && point_is(pub, publen, q, (size_t)ql), "gec2 %s: decompressed QU differs (%s)", curve,
          sc_strerror(e));
    e = sc_ecdsa_verify(c, rs, 2 * nl, digest, (size_t)dl, q, (size_t)ql);
    CHECK(e == SC_OK, "gec2 %s: verify: %s", curve, sc_strerror(e));
out:
    free(msg);
}

static void gec2dh(const sc_curve *c, const char *curve, const kat_file *k)
{
    uint8_t du[SC_FP_MAXBYTES], dv[SC_FP_MAXBYTES], z[SC_FP_MAXBYTES], want[SC_FP_MAXBYTES];
    uint8_t qu[SC_PK_MAX_PUB], qv[SC_PK_MAX_PUB], qvc[SC_PK_MAX_PUB], pub[SC_PK_MAX_PUB];
    uint8_t kdf[20], buf[SC_FP_MAXBYTES + 4], h[SC_HASH_MAX_LEN];
    size_t fl = c->flen, nl = c->nlen, publen;
    long qul, qvl, qvcl = kat_hex(k, "qvc", qvc, sizeof qvc), kl = kat_hex(k, "kdf", kdf, sizeof kdf);
    int f1, f2;
    sc_err e;

    qul = kat_point(qu, sizeof qu, c, k, "qux", "quy", &f1);
    qvl = kat_point(qv, sizeof qv, c, k, "qvx", "qvy", &f2);
    if (!CHECK(qul > 0 && qvl > 0 && f1 && f2 && qvcl > 0 && kl == 20 && kat_int(k, "du", du, nl) == 0 &&
                   kat_int(k, "dv", dv, nl) == 0 && kat_int(k, "z", want, fl) == 0,
               "%s:%ld: unusable record", k->path, k->lineno))
        return;
    publen = sizeof pub;
    e = sc_pubkey(c, pub, &publen, 0, du, nl);
    CHECK(e == SC_OK && point_is(pub, publen, qu, (size_t)qul), "gec2 ecdh %s: QU differs (%s)", curve, sc_strerror(e));
    publen = sizeof pub;
    e = sc_pubkey(c, pub, &publen, 0, dv, nl);
    CHECK(e == SC_OK && point_is(pub, publen, qv, (size_t)qvl), "gec2 ecdh %s: QV differs (%s)", curve, sc_strerror(e));
    publen = sizeof pub;
    e = sc_pubkey(c, pub, &publen, 1, dv, nl);
    CHECK(e == SC_OK && point_is(pub, publen, qvc, (size_t)qvcl), "gec2 ecdh %s: compressed QV differs (%s)", curve,
          sc_strerror(e));
    e = sc_ecdh(c, z, fl, du, nl, qv, (size_t)qvl);
    CHECK(e == SC_OK && memcmp(z, want, fl) == 0, "gec2 ecdh %s: x(dU*QV) differs (%s)", curve, sc_strerror(e));
    e = sc_ecdh(c, z, fl, dv, nl, qu, (size_t)qul);
    CHECK(e == SC_OK && memcmp(z, want, fl) == 0, "gec2 ecdh %s: x(dV*QU) differs (%s)", curve, sc_strerror(e));
    e = sc_ecdh(c, z, fl, du, nl, qvc, (size_t)qvcl);
    CHECK(e == SC_OK && memcmp(z, want, fl) == 0, "gec2 ecdh %s: x(dU*QV), QV compressed, differs (%s)", curve,
          sc_strerror(e));
    /* ANSI X9.63 KDF with SHA-1, one block: SHA-1(z || counter 00000001) */
    memcpy(buf, want, fl);
    buf[fl] = 0;
    buf[fl + 1] = 0;
    buf[fl + 2] = 0;
    buf[fl + 3] = 1;
    e = sc_hash(SC_HASH_SHA1, h, buf, fl + 4);
    CHECK(e == SC_OK && memcmp(h, kdf, 20) == 0, "gec2 ecdh %s: X9.63 KDF output differs", curve);
}

int main(void)
{
    kat_file k;
    if (kat_open(&k, "misc.txt")) {
        while (kat_next(&k)) {
            const char *curve = kat_str(&k, "curve");
            const sc_curve *c = curve ? sc_curve_find(curve) : NULL;
            const char *src = strcmp(k.type, "compressed") == 0 ? "pyca compressed_points"
                            : strcmp(k.type, "k1sig") == 0       ? "pyca secp256k1_SigGen"
                            : strcmp(k.type, "gec2sig") == 0     ? "gec2 ecdsa"
                            : strcmp(k.type, "gec2dh") == 0      ? "gec2 ecdh"
                                                                 : "?";
            if (c && strcmp(k.type, "compressed") == 0) {
                compressed(c, curve, &k);       /* keeps its own tallies (it adds derived cases) */
                continue;
            }
            kat_begin(src, curve ? curve : "?");
            if (CHECK(c != NULL, "%s:%ld: curve unknown to seacurve", k.path, k.lineno)) {
                if (strcmp(k.type, "k1sig") == 0)
                    k1sig(c, curve, &k);
                else if (strcmp(k.type, "gec2sig") == 0)
                    gec2sig(c, curve, &k);
                else if (strcmp(k.type, "gec2dh") == 0)
                    gec2dh(c, curve, &k);
                else
                    CHECK(0, "%s:%ld: unexpected record %s", k.path, k.lineno, k.type);
            }
            kat_end();
        }
        kat_close(&k);
    }
    return kat_report("kat_misc");
}
