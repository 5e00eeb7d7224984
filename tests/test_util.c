/* util: wiping, constant-time compare, masks, error strings, curve lookup. */
#include "testutil.h"
#include <seacurve/seacurve.h>
#include <seacurve/fp_methods.h>
#include <string.h>

int main(void)
{
    uint8_t a[16], b[16];
    size_t i;
    memset(a, 0xa5, sizeof a);
    memcpy(b, a, sizeof b);
    CHECK(sc_ct_memeq(a, b, sizeof a) == 1, "memeq equal");
    b[15] ^= 1;
    CHECK(sc_ct_memeq(a, b, sizeof a) == 0, "memeq differ");
    sc_memzero(a, sizeof a);
    for (i = 0; i < sizeof a; i++)
        CHECK(a[i] == 0, "memzero byte %zu", i);
    CHECK(sc_ct_mask_nz(0) == 0, "mask_nz(0)");
    CHECK(sc_ct_mask_nz(5) == (sc_word)~(sc_word)0, "mask_nz(5)");
    CHECK(sc_ct_mask_z(0) == (sc_word)~(sc_word)0, "mask_z(0)");
    CHECK(strcmp(sc_strerror(SC_ERR_VERIFY), "signature is invalid") == 0, "strerror");
    CHECK(sc_curve_prime_count() == 9, "nine prime curves: five SEC 2, four opf");
    CHECK(sc_curve_count() == 18, "eighteen curves: nine prime, nine binary");
    {   /* the non-standard optimal-prime-field curves: no OID, p = u 2^(bits-16) + 1 */
        static const char *opf[] = { "opf160", "opf192", "opf224", "opf256" };
        for (i = 0; i < 4; i++) {
            const sc_curve *c = sc_curve_find(opf[i]);
            unsigned u = 0, k = 0;
            if (!CHECK(c != NULL && c->ep && !c->eb, "%s: a prime curve", opf[i]))
                continue;
            CHECK(c == sc_curve_at(5 + i), "%s: after the SEC 2 prime curves", opf[i]);
            CHECK(c->oid == NULL && c->oid_len == 0, "%s: no OID", opf[i]);
            CHECK(c->ep->fp->bits == 160 + 32 * i && c->flen == 20 + 4 * i && c->h == 1, "%s: size", opf[i]);
            CHECK(sc_fp_opf_params(c->ep->fp, &u, &k) && u < 65536 && k + 16 >= c->ep->fp->bits,
                  "%s: p = u 2^k + 1", opf[i]);
            CHECK(c->ep->fp->reduce == sc_fp_reduce_opf && c->ep->fp->mont, "%s: the OPF reducer", opf[i]);
        }
    }
    CHECK(sc_curve_find("prime256v1") == sc_curve_find("secp256r1"), "alias prime256v1");
    CHECK(sc_curve_find("P-192") == sc_curve_find("secp192r1"), "alias P-192");
    CHECK(sc_curve_find("SECP160R1") != NULL, "case-insensitive");
    CHECK(sc_curve_find("secp999r1") == NULL, "unknown curve");
    {
        static const uint8_t p256oid[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };
        CHECK(sc_curve_by_oid(p256oid, sizeof p256oid) == sc_curve_find("P-256"), "oid lookup");
    }
    CHECK(sc_curve_find("secp160r1")->nlen == 21, "secp160r1 nlen 21 (161-bit n)");
    {   /* the binary curves: names, aliases, OIDs (1.3.132.0.x), table order, descriptors */
        static const struct { const char *name, *alias; uint8_t arc; uint8_t flen, nlen, h; uint16_t nbits; } bc[] = {
            { "sect163k1", "K-163", 1, 21, 21, 2, 163 },  { "sect163r1", NULL, 2, 21, 21, 2, 162 },
            { "sect163r2", "B-163", 15, 21, 21, 2, 163 }, { "sect233k1", "K-233", 26, 30, 29, 4, 232 },
            { "sect233r1", "B-233", 27, 30, 30, 2, 233 }, { "sect283k1", "K-283", 16, 36, 36, 4, 281 },
            { "sect283r1", "B-283", 17, 36, 36, 2, 282 }, { "sect409k1", "K-409", 36, 52, 51, 4, 407 },
            { "sect409r1", "B-409", 37, 52, 52, 2, 409 },
        };
        for (i = 0; i < sizeof bc / sizeof bc[0]; i++) {
            const sc_curve *c = sc_curve_find(bc[i].name);
            uint8_t oid[5] = { 0x2b, 0x81, 0x04, 0x00, bc[i].arc };
            if (!CHECK(c != NULL && c->eb && !c->ep, "%s: a binary curve", bc[i].name))
                continue;
            CHECK(c == sc_curve_at(9 + i), "%s: after the prime curves", bc[i].name);
            CHECK(strcmp(c->eb->name, c->name) == 0, "%s: its eb descriptor", bc[i].name);
            CHECK(c->fn && c->fn->bits == bc[i].nbits && c->nbits == bc[i].nbits && c->eb->nbits == bc[i].nbits,
                  "%s: n bits", bc[i].name);
            CHECK(c->flen == bc[i].flen && c->nlen == bc[i].nlen && c->h == bc[i].h && c->eb->h == c->h,
                  "%s: sizes", bc[i].name);
            CHECK(sc_curve_by_oid(oid, sizeof oid) == c, "%s: OID", bc[i].name);
            if (bc[i].alias)
                CHECK(sc_curve_find(bc[i].alias) == c, "%s: alias %s", bc[i].name, bc[i].alias);
        }
        CHECK(sc_curve_find("b-163") == sc_curve_find("sect163r2"), "B-163 is sect163r2, not sect163r1");
    }
    return tu_done("util");
}
