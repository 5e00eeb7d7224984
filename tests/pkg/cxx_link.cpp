// The library from C++: every public header included into one C++ translation unit, and calls
// that link only if the headers give the functions C linkage (extern "C"). Checks a known answer,
// RFC 6979 A.2.5 (P-256, SHA-256, message "sample"): the deterministic signature (r, s), then
// verification of it and the rejection of a changed message.
#include <seacurve/seacurve.h>
#include <seacurve/coords.h>
#include <seacurve/ec.h>
#include <seacurve/fb_methods.h>
#include <seacurve/fp_methods.h>
#include <seacurve/mp.h>
#include <seacurve/mp_methods.h>
#include <seacurve/opcount.h>
#include <seacurve/scalarmul.h>

#include <cstdio>
#include <cstring>

static int unhex(uint8_t *out, const char *hex, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (std::sscanf(hex + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = static_cast<uint8_t>(v);
    }
    return 0;
}

int main()
{
    const sc_curve *c = sc_curve_find("P-256");
    if (!c) {
        std::printf("cxx_link: P-256 not found\n");
        return 1;
    }
    uint8_t d[32], rs[64], sig[64], pub[65];
    size_t publen = sizeof pub;
    unhex(d, "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721", 32);
    unhex(rs, "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
              "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8", 64);
    const uint8_t msg[] = {'s', 'a', 'm', 'p', 'l', 'e'};
    sc_err e = sc_ecdsa_sign_msg(c, sig, sizeof sig, SC_HASH_SHA256, msg, sizeof msg, d, sizeof d);
    if (e != SC_OK || std::memcmp(sig, rs, sizeof rs) != 0) {
        std::printf("cxx_link: RFC 6979 A.2.5 signature: %s\n", e ? sc_strerror(e) : "wrong value");
        return 1;
    }
    if ((e = sc_pubkey(c, pub, &publen, 0, d, sizeof d)) != SC_OK ||
        (e = sc_ecdsa_verify_msg(c, sig, sizeof sig, SC_HASH_SHA256, msg, sizeof msg, pub, publen)) != SC_OK) {
        std::printf("cxx_link: verify: %s\n", sc_strerror(e));
        return 1;
    }
    const uint8_t other[] = {'s', 'a', 'm', 'p', 'l', 'f'};
    e = sc_ecdsa_verify_msg(c, sig, sizeof sig, SC_HASH_SHA256, other, sizeof other, pub, publen);
    if (e != SC_ERR_VERIFY) {
        std::printf("cxx_link: changed message: %s\n", e ? sc_strerror(e) : "accepted");
        return 1;
    }
    sc_memzero(d, sizeof d);
    std::printf("cxx_link: RFC 6979 A.2.5 signature, verification and rejection from C++: ok\n");
    return 0;
}
