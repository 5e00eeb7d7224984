"""Round trips with the seacurve command-line tool (SEACURVE_CLI): files it writes are read and
checked in Python, files Python writes are read and checked by it."""
import subprocess

import pytest

import seacurve
from seacurve import Hash, PrivateKey

from conftest import all_curve_names

HASHES = {"sha1": Hash.SHA1, "sha224": Hash.SHA224, "sha256": Hash.SHA256,
          "sha384": Hash.SHA384, "sha512": Hash.SHA512}


def run(cli, *args, ok=True):
    r = subprocess.run([cli, *map(str, args)], capture_output=True)
    if ok:
        assert r.returncode == 0, (args, r.stderr.decode())
    return r


@pytest.mark.parametrize("name", all_curve_names())
def test_cli_files_read_in_python(cli, tmp_path, name):
    c = seacurve.get_curve(name)
    msg = tmp_path / "msg"
    msg.write_bytes(b"gateway log line\n" * 100)
    variants = [("sec1", "pem", []), ("pkcs8", "der", ["--pkcs8", "--format", "der"])]
    if not c.binary:
        variants.append(("sec1", "pem", ["--param-enc", "explicit"]))
    for i, (fmt, enc, extra) in enumerate(variants):
        keyf, pubf = tmp_path / f"k{i}", tmp_path / f"p{i}"
        run(cli, "keygen", "--curve", name, "--out", keyf, *extra)
        k = seacurve.load_private_key(keyf.read_bytes())
        assert k.curve == c
        params = "explicit" if "explicit" in extra else "named"
        # byte for byte what the library writes for the same key in the same form
        assert k.encode(fmt, enc == "pem", params) == keyf.read_bytes()
        run(cli, "pubkey", "--key", keyf, "--out", pubf, "--compressed", "--format", "der")
        pub = seacurve.load_public_key(pubf.read_bytes())
        assert pub == k.public_key()
        assert pub.to_bytes(compressed=True) in pubf.read_bytes()
        for h, alg in HASHES.items():
            for sf in ("der", "p1363"):
                sigf = tmp_path / f"s{i}{h}{sf}"
                run(cli, "sign", "--key", keyf, "--in", msg, "--out", sigf, "--hash", h,
                    "--sig-format", sf)
                sig = sigf.read_bytes()
                pub.verify(sig, msg.read_bytes(), alg, encoding=sf)
                # RFC 6979 in both: the same signature
                assert k.sign(msg.read_bytes(), alg, encoding=sf) == sig
        hedged = tmp_path / f"h{i}"
        run(cli, "sign", "--key", keyf, "--in", msg, "--out", hedged, "--hedged")
        pub.verify(hedged.read_bytes(), msg.read_bytes())


@pytest.mark.parametrize("name", all_curve_names())
def test_python_files_read_by_cli(cli, tmp_path, name):
    c = seacurve.get_curve(name)
    k = PrivateKey.generate(c)
    peer = PrivateKey.generate(c)
    msg = tmp_path / "msg"
    msg.write_bytes(b"firmware image 1.2.3")
    forms = [("sec1", True, "named"), ("pkcs8", False, "named")]
    if not c.binary:
        forms.append(("pkcs8", True, "explicit"))
    for i, (fmt, pem, params) in enumerate(forms):
        keyf = tmp_path / f"k{i}"
        keyf.write_bytes(k.encode(fmt, pem, params))
        pubf = tmp_path / f"p{i}"
        pubf.write_bytes(k.public_key().encode("spki", not pem, params))
        out = tmp_path / f"o{i}"
        run(cli, "pubkey", "--key", keyf, "--out", out, "--format", "der")
        assert out.read_bytes() == k.public_key().to_der()
        for h, alg in HASHES.items():
            sigf = tmp_path / f"s{i}{h}"
            sigf.write_bytes(k.sign(msg.read_bytes(), alg, hedged=True))
            r = run(cli, "verify", "--pub", pubf, "--in", msg, "--sig", sigf, "--hash", h)
            assert r.stdout == b"Verified OK\n"
            sigf.write_bytes(k.sign(b"another message", alg))
            r = run(cli, "verify", "--pub", pubf, "--in", msg, "--sig", sigf, "--hash", h, ok=False)
            assert r.returncode == 1 and r.stdout == b"Verification failure\n"
        p1363 = tmp_path / f"q{i}"
        p1363.write_bytes(k.sign(msg.read_bytes(), encoding="p1363"))
        run(cli, "verify", "--pub", keyf, "--in", msg, "--sig", p1363, "--sig-format", "p1363")
        peerf = tmp_path / f"peer{i}"
        peerf.write_bytes(peer.public_key().to_pem())
        for cof in ([], ["--cofactor"]):
            zf = tmp_path / f"z{i}{len(cof)}"
            run(cli, "ecdh", "--key", keyf, "--peer", peerf, "--out", zf, *cof)
            assert zf.read_bytes() == peer.exchange(k.public_key(), cofactor=bool(cof))
