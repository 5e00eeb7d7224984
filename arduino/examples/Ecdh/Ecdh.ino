// ECDH on secp160r1: the node's private key and the gateway's public key (both given below)
// give a shared secret, the x-coordinate of d * Q, which the gateway computes from its own
// private key and the node's public key. The node's public key and the secret are printed on
// the serial port (the secret only to show it here: keep it secret, derive session keys
// from it with a KDF).
#include <seacurve.h>

static const uint8_t node_key[21] PROGMEM = {
    0x00, 0x3a, 0x1f, 0x9c, 0x42, 0x77, 0x05, 0xe8, 0xd1, 0x6b, 0x20,
    0x94, 0xc3, 0x5e, 0x81, 0x0f, 0x66, 0x12, 0xa7, 0x4b, 0x90};
// the gateway's public key, SEC1 compressed
static const uint8_t gateway_pub[21] PROGMEM = {
    0x03, 0xbc, 0xe7, 0x95, 0x47, 0xa4, 0x30, 0xd5, 0x90, 0x23, 0xc5,
    0x8f, 0x28, 0x41, 0xd0, 0xd8, 0x75, 0xb1, 0x0e, 0xa5, 0x4c};

static void print_hex(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] < 16)
            Serial.print('0');
        Serial.print(p[i], HEX);
    }
    Serial.println();
}

void setup()
{
    static uint8_t priv[sizeof node_key], peer[sizeof gateway_pub];
    static uint8_t pub[SC_PK_MAX_PUB], secret[SC_FP_MAXBYTES];
    size_t publen = sizeof pub;

    Serial.begin(9600);
    const sc_curve *c = sc_curve_find("secp160r1");
    if (!c) {
        Serial.println(F("secp160r1 is not in this build (seacurve/arduino_config.h)"));
        return;
    }
    memcpy_P(priv, node_key, sizeof priv);
    memcpy_P(peer, gateway_pub, sizeof peer);
    sc_err e = sc_pubkey(c, pub, &publen, 1, priv, sizeof priv);
    if (e == SC_OK) {
        Serial.print(F("node public key: "));
        print_hex(pub, publen);
        e = sc_ecdh(c, secret, c->flen, priv, sizeof priv, peer, sizeof peer);
    }
    if (e != SC_OK) {
        Serial.print(F("ECDH failed: "));
        Serial.println((int)e);
    } else {
        Serial.print(F("shared secret: "));
        print_hex(secret, c->flen);
    }
    sc_memzero(priv, sizeof priv);
    sc_memzero(secret, sizeof secret);
}

void loop()
{
}
