// Signs a sensor reading with ECDSA (secp160r1, SHA-256, RFC 6979 nonce) and prints the
// reading and the signature r || s in hex on the serial port, every five seconds.
//
// The private key is given below: replace it by the node's own key (made once, e.g. with
// `seacurve keygen` on a computer, and kept secret). The matching public key is printed at
// start-up, for the receiver that verifies the signatures.
#include <seacurve.h>

static const uint8_t node_key[21] PROGMEM = {
    0x00, 0x3a, 0x1f, 0x9c, 0x42, 0x77, 0x05, 0xe8, 0xd1, 0x6b, 0x20,
    0x94, 0xc3, 0x5e, 0x81, 0x0f, 0x66, 0x12, 0xa7, 0x4b, 0x90};

static const sc_curve *curve;
static uint8_t priv[sizeof node_key];
static uint32_t seq;

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
    static uint8_t pub[SC_PK_MAX_PUB];
    size_t publen = sizeof pub;

    Serial.begin(9600);
    curve = sc_curve_find("secp160r1");
    if (!curve) {
        Serial.println(F("secp160r1 is not in this build (seacurve/arduino_config.h)"));
        for (;;) {
        }
    }
    memcpy_P(priv, node_key, sizeof priv);
    if (sc_pubkey(curve, pub, &publen, 1, priv, sizeof priv) != SC_OK) {
        Serial.println(F("bad private key"));
        for (;;) {
        }
    }
    Serial.print(F("public key: "));
    print_hex(pub, publen);
}

void loop()
{
    uint8_t reading[6];
    static uint8_t sig[SC_PK_MAX_SIG];
    size_t siglen = 2u * curve->nlen;
    uint16_t value = (uint16_t)analogRead(A0);

    // the reading as sent: sequence number, then the sensor value, big-endian
    reading[0] = (uint8_t)(seq >> 24);
    reading[1] = (uint8_t)(seq >> 16);
    reading[2] = (uint8_t)(seq >> 8);
    reading[3] = (uint8_t)seq;
    reading[4] = (uint8_t)(value >> 8);
    reading[5] = (uint8_t)value;
    seq++;

    sc_err e = sc_ecdsa_sign_msg(curve, sig, siglen, SC_HASH_SHA256, reading, sizeof reading,
                                 priv, sizeof priv);
    Serial.print(F("reading: "));
    print_hex(reading, sizeof reading);
    if (e != SC_OK) {
        Serial.print(F("sign failed: "));
        Serial.println((int)e);
    } else {
        Serial.print(F("signature: "));
        print_hex(sig, siglen);
    }
    delay(5000);
}
