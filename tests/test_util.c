/* util: wiping, constant-time compare, masks, error strings, curve lookup. */
#include "testutil.h"
#include <seacurve/seacurve.h>
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
    CHECK(sc_curve_count() == 5, "five curves");
    CHECK(sc_curve_find("prime256v1") == sc_curve_find("secp256r1"), "alias prime256v1");
    CHECK(sc_curve_find("P-192") == sc_curve_find("secp192r1"), "alias P-192");
    CHECK(sc_curve_find("SECP160R1") != NULL, "case-insensitive");
    CHECK(sc_curve_find("secp999r1") == NULL, "unknown curve");
    {
        static const uint8_t p256oid[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };
        CHECK(sc_curve_by_oid(p256oid, sizeof p256oid) == sc_curve_find("P-256"), "oid lookup");
    }
    CHECK(sc_curve_find("secp160r1")->nlen == 21, "secp160r1 nlen 21 (161-bit n)");
    return tu_done("util");
}
