#!/usr/bin/env python3
"""Checks the console output of examples/mote against OpenSSL.

    python3 tests/pkg/mote_example_check.py OUTPUT_FILE [--openssl PATH]

The firmware prints its curve, public key (SEC1, uncompressed), the sensor reading, the
signature r || s, the peer's private key and the ECDH secret.  Here OpenSSL (the `openssl`
command) verifies the signature over the reading with SHA-256 and the public key, and derives
the ECDH secret from the peer's private key and the mote's public key; both must agree with
what the mote printed.  Exit status 0 when they do.
"""
import argparse
import os
import subprocess
import sys
import tempfile

# Named-curve OIDs (DER contents) of the curves the example may run on (SEC 2).
OIDS = {
    "secp160r1": "2b81040008",
    "secp192r1": "2a8648ce3d030101",
    "secp224r1": "2b81040021",
    "secp256r1": "2a8648ce3d030107",
    "secp256k1": "2b8104000a",
}
EC_PUBLIC_KEY = "2a8648ce3d0201"


def tlv(tag, body):
    n = len(body)
    if n < 128:
        ln = bytes([n])
    else:
        b = n.to_bytes((n.bit_length() + 7) // 8, "big")
        ln = bytes([0x80 | len(b)]) + b
    return bytes([tag]) + ln + body


def der_int(b):
    b = b.lstrip(b"\0") or b"\0"
    if b[0] & 0x80:
        b = b"\0" + b
    return tlv(0x02, b)


def pem(label, der):
    import base64
    s = base64.b64encode(der).decode()
    lines = [s[i:i + 64] for i in range(0, len(s), 64)]
    return "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (label, "\n".join(lines), label)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("output")
    ap.add_argument("--openssl", default="openssl")
    a = ap.parse_args()
    fields = {}
    curve = None
    for line in open(a.output):
        line = line.strip()
        if line.startswith("seacurve mote example: "):
            curve = line.split(": ", 1)[1]
        elif ": " in line:
            k, v = line.split(": ", 1)
            fields[k] = v
    need = ["public key", "reading", "signature", "peer private key (printed for checking)", "shared secret"]
    missing = [k for k in need if k not in fields]
    if curve is None or missing:
        print("mote_example_check: missing lines: %s" % (missing or ["curve"]))
        return 1
    if curve not in OIDS:
        print("mote_example_check: no OID known here for %s" % curve)
        return 1
    oid = tlv(0x06, bytes.fromhex(OIDS[curve]))
    pub = bytes.fromhex(fields["public key"])
    sig = bytes.fromhex(fields["signature"])
    reading = bytes.fromhex(fields["reading"])
    peer = bytes.fromhex(fields["peer private key (printed for checking)"])
    secret = bytes.fromhex(fields["shared secret"])
    half = len(sig) // 2
    spki = tlv(0x30, tlv(0x30, tlv(0x06, bytes.fromhex(EC_PUBLIC_KEY)) + oid) + tlv(0x03, b"\0" + pub))
    sigder = tlv(0x30, der_int(sig[:half]) + der_int(sig[half:]))
    ecpriv = tlv(0x30, der_int(b"\1") + tlv(0x04, peer) + tlv(0xa0, oid))
    bad = []
    with tempfile.TemporaryDirectory(prefix="sc-mote-check-") as d:
        def put(name, data, mode="wb"):
            p = os.path.join(d, name)
            with open(p, mode) as f:
                f.write(data)
            return p
        pub_pem = put("pub.pem", pem("PUBLIC KEY", spki), "w")
        peer_pem = put("peer.pem", pem("EC PRIVATE KEY", ecpriv), "w")
        sig_p = put("sig.der", sigder)
        msg_p = put("reading.bin", reading)
        r = subprocess.run([a.openssl, "dgst", "-sha256", "-verify", pub_pem, "-signature", sig_p, msg_p],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        print("openssl dgst -verify: %s" % r.stdout.strip())
        if r.returncode != 0 or "Verified OK" not in r.stdout:
            bad.append("OpenSSL does not verify the mote's signature")
        sec_p = os.path.join(d, "secret.bin")
        r = subprocess.run([a.openssl, "pkeyutl", "-derive", "-inkey", peer_pem, "-peerkey", pub_pem,
                            "-out", sec_p], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        ossl = open(sec_p, "rb").read() if r.returncode == 0 else b""
        print("openssl pkeyutl -derive: %s" % (ossl.hex() or r.stdout.strip()))
        if ossl != secret:
            bad.append("OpenSSL's ECDH secret differs from the mote's")
    for b in bad:
        print("mote_example_check: " + b)
    if not bad:
        print("mote_example_check: %s signature and ECDH secret agree with OpenSSL" % curve)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
