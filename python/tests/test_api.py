"""The package against itself and the library's documented contracts, on every curve."""
import ctypes
import json

import pytest

import seacurve
from seacurve import Hash, PrivateKey, PublicKey

from conftest import all_curve_names

# the sizes of docs/cli.md's curve table (bytes: private key, public key, compressed, ECDH secret)
SIZES = {
    "secp160r1": (21, 41, 21, 20), "secp192r1": (24, 49, 25, 24), "secp224r1": (28, 57, 29, 28),
    "secp256r1": (32, 65, 33, 32), "secp256k1": (32, 65, 33, 32), "opf160": (20, 41, 21, 20),
    "opf192": (24, 49, 25, 24), "opf224": (28, 57, 29, 28), "opf256": (32, 65, 33, 32),
    "sect163k1": (21, 43, 22, 21), "sect163r1": (21, 43, 22, 21), "sect163r2": (21, 43, 22, 21),
    "sect233k1": (29, 61, 31, 30), "sect233r1": (30, 61, 31, 30), "sect283k1": (36, 73, 37, 36),
    "sect283r1": (36, 73, 37, 36), "sect409k1": (51, 105, 53, 52), "sect409r1": (52, 105, 53, 52),
}


def test_curve_table():
    cs = seacurve.curves()
    assert [c.name for c in cs] == list(SIZES)
    for c in cs:
        assert (c.private_key_size, c.public_key_size, c.compressed_public_key_size,
                c.shared_secret_size) == SIZES[c.name]
        assert c.binary == c.name.startswith("sect")
        assert c.cofactor == (1 if not c.binary else c.cofactor)
    p256 = seacurve.get_curve("P-256")
    assert p256.name == "secp256r1" and p256.oid == "1.2.840.10045.3.1.7"
    assert "prime256v1" in p256.aliases and p256.order_bits == 256
    assert seacurve.get_curve("SECP160R1").oid == "1.3.132.0.8"
    assert seacurve.get_curve("opf160").oid is None
    assert seacurve.get_curve("K-409").cofactor == 4
    with pytest.raises(seacurve.CurveError) as e:
        seacurve.get_curve("nist-p-999")
    assert e.value.code == -4


def test_version_is_the_cmake_project_version():
    import os
    import re
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "CMakeLists.txt")) as f:
        v = re.search(r"project\s*\(\s*seacurve\b[^)]*?\bVERSION\s+([0-9.]+)", f.read()).group(1)
    assert seacurve.__version__ == v


def test_digest_known_answers():
    # FIPS 180-4 examples ("abc")
    assert seacurve.digest(Hash.SHA1, b"abc").hex() == "a9993e364706816aba3e25717850c26c9cd0d89d"
    assert seacurve.digest(Hash.SHA256, b"abc").hex() == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")


@pytest.mark.parametrize("name", all_curve_names())
def test_sign_verify_ecdh_every_curve(name):
    k = PrivateKey.generate(name)
    c = k.curve
    pub = k.public_key()
    assert len(k.to_bytes()) == c.private_key_size
    raw = pub.to_bytes()
    comp = pub.to_bytes(compressed=True)
    assert len(raw) == c.public_key_size and raw[0] == 4
    assert len(comp) == c.compressed_public_key_size and comp[0] in (2, 3)
    assert PublicKey(c, comp) == pub and PublicKey(c, comp).to_bytes() == raw
    assert PrivateKey(c, k.to_bytes()).public_key() == pub

    msg = b"sensor 17: 21.5 C"
    sig = k.sign(msg)
    pub.verify(sig, msg)
    assert k.sign(msg) == sig                       # RFC 6979: deterministic
    h1, h2 = k.sign(msg, hedged=True), k.sign(msg, hedged=True)
    assert h1 != h2 and h1 != sig                   # hedged: fresh bytes each time
    pub.verify(h1, msg)
    pub.verify(h2, msg)
    with pytest.raises(seacurve.InvalidSignature):
        pub.verify(sig, msg + b"!")
    p1363 = k.sign(msg, Hash.SHA384, encoding="p1363")
    assert len(p1363) == c.signature_size
    pub.verify(p1363, msg, Hash.SHA384, encoding="p1363")
    pub.verify(seacurve.sig_p1363_to_der(p1363), msg, Hash.SHA384)
    assert seacurve.sig_der_to_p1363(seacurve.sig_p1363_to_der(p1363), c) == p1363
    d = seacurve.digest(Hash.SHA256, msg)
    assert k.sign_digest(d) == sig
    pub.verify_digest(sig, d)

    peer = PrivateKey.generate(c)
    s1 = k.exchange(peer.public_key())
    s2 = peer.exchange(pub.to_bytes(compressed=True))
    assert s1 == s2 and len(s1) == c.shared_secret_size
    assert k.exchange(peer.public_key(), cofactor=True) == peer.exchange(pub, cofactor=True)
    eph_pub, s3 = seacurve.ecdh_ephemeral(c, pub)
    assert k.exchange(eph_pub) == s3


@pytest.mark.parametrize("name", all_curve_names())
def test_key_files_round_trip(name):
    k = PrivateKey.generate(name)
    c = k.curve
    params = ["named", "explicit"] if not c.binary else ["named"]
    for p in params:
        for fmt in ("sec1", "pkcs8"):
            for pem in (True, False):
                data = k.encode(fmt, pem, p)
                assert data.startswith(b"-----BEGIN ") == pem
                back = seacurve.load_private_key(data)
                assert back.curve == c and back.to_bytes() == k.to_bytes()
                assert back.encode(fmt, pem, p) == data
        for pem in (True, False):
            data = k.public_key().encode("spki", pem, p)
            back = seacurve.load_key(data)
            assert isinstance(back, PublicKey) and back == k.public_key()
    assert k.to_pem().startswith(b"-----BEGIN EC PRIVATE KEY-----\n")
    assert k.to_pem("pkcs8").startswith(b"-----BEGIN PRIVATE KEY-----\n")
    assert k.public_key().to_pem().startswith(b"-----BEGIN PUBLIC KEY-----\n")
    assert seacurve.load_public_key(k.to_der()) == k.public_key()


def test_wipe():
    k = PrivateKey.generate("secp160r1")
    buf = k._d
    assert any(bytes(buf))
    with k:
        k.sign(b"x")
    assert bytes(buf) == bytes(len(buf))


def test_library_loaded_with_cdll_which_releases_the_gil():
    # ctypes.CDLL functions release the GIL around the call; PyDLL's (a subclass) keep it.
    lib = seacurve._lib.lib
    assert isinstance(lib, ctypes.CDLL) and not isinstance(lib, ctypes.PyDLL)
    assert not lib._func_flags_ & ctypes._FUNCFLAG_PYTHONAPI


def test_threads_share_the_library():
    import threading
    keys = [PrivateKey.generate(c) for c in ("secp256r1", "secp160r1", "sect233k1", "opf256")]
    errors = []

    def work(k):
        try:
            for i in range(20):
                m = b"%d" % i
                k.public_key().verify(k.sign(m, hedged=True), m)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in keys * 2]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert errors == []


def test_installed_wheel_is_platform_specific():
    from importlib import metadata
    dist = metadata.distribution("seacurve")
    direct = json.loads(dist.read_text("direct_url.json") or "{}")
    if direct.get("dir_info", {}).get("editable"):
        pytest.skip("an editable install: the library is in the source tree, not in the wheel")
    wheel = dist.read_text("WHEEL")
    assert wheel is not None and "Root-Is-Purelib: false" in wheel
    assert any(line.startswith("Tag: py3-none-linux_") for line in wheel.splitlines())
    assert dist.metadata["License"] == "MIT"
    assert any(str(f).endswith("seacurve/libseacurve.so") for f in dist.files or [])


def test_benchmark_script_runs():
    # python/benchmarks/bench.py (docs/python.md's figures) with tiny durations; no timing asserted
    import os
    import subprocess
    import sys
    script = os.path.join(os.path.dirname(__file__), "..", "benchmarks", "bench.py")
    out = subprocess.run([sys.executable, script, "--curve", "secp160r1", "--seconds", "0.05",
                          "--rounds", "1", "--threads", "1,2"], capture_output=True, text=True,
                         check=True).stdout
    assert "| ecdsa verify |" in out and "| bare ctypes, us/call |" in out
    assert "\n| 2 | " in out
