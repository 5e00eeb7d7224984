#!/usr/bin/env python3
"""Independent check of tests/vectors/curves/opf-params.txt (the non-standard OPF curves).

Python 3 standard library only: no PARI, no seacurve. For every [opfNNN] section:
  p = u*2^k + 1 with exactly `bits` bits; p and n prime (Miller-Rabin, many fixed bases plus
  random ones); a = p - 3; 4a^3 + 27b^2 != 0 mod p; G on the curve; n*G = O (own Jacobian
  arithmetic); h = 1 with n in the Hasse interval; n != p; n_bits; and that b, Gx and Gy follow
  from seed_string / counter / g_counter by the SHA-256 rule of tools/opf/opf_curves.gp
  (docs/opf/README.md), with every g_counter before the recorded one rejected.
The random Miller-Rabin bases come from the run's seed (tools/testseed.py: SC_TEST_SEED or fresh,
printed first).
Usage: opf_params_test.py [path-to-opf-params.txt]
"""
import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
import testseed  # noqa: E402
DEFAULT = os.path.join(HERE, "vectors", "curves", "opf-params.txt")
HEX_KEYS = ("p", "a", "b", "Gx", "Gy", "n")
DEC_KEYS = ("bits", "n_bits", "h", "u", "k", "counter", "g_counter")
SIZES = (160, 192, 224, 256)


def parse(path):
    curves, cur = {}, None
    with open(path, encoding="ascii") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                cur = curves.setdefault(line[1:-1], {})
                continue
            key, sep, val = line.partition(" = ")
            assert sep and cur is not None, "bad line: " + line
            assert key not in cur, "duplicate key " + key
            cur[key] = val
    return curves


def is_probable_prime(n, rounds=16):
    if n < 2:
        return False
    small = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71]
    for q in small:
        if n % q == 0:
            return n == q
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    rng = testseed.rng("miller-rabin %x" % n)
    bases = small + [rng.randrange(2, n - 1) for _ in range(rounds)]
    for a in bases:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def jac_double(P, a, p):
    X, Y, Z = P
    if Z == 0 or Y == 0:
        return (1, 1, 0)
    YY = Y * Y % p
    S = 4 * X * YY % p
    M = (3 * X * X + a * pow(Z, 4, p)) % p
    X3 = (M * M - 2 * S) % p
    Y3 = (M * (S - X3) - 8 * YY * YY) % p
    Z3 = 2 * Y * Z % p
    return (X3, Y3, Z3)


def jac_add(P, Q, a, p):
    if P[2] == 0:
        return Q
    if Q[2] == 0:
        return P
    X1, Y1, Z1 = P
    X2, Y2, Z2 = Q
    Z1Z1, Z2Z2 = Z1 * Z1 % p, Z2 * Z2 % p
    U1, U2 = X1 * Z2Z2 % p, X2 * Z1Z1 % p
    S1, S2 = Y1 * Z2 * Z2Z2 % p, Y2 * Z1 * Z1Z1 % p
    if U1 == U2:
        return jac_double(P, a, p) if S1 == S2 else (1, 1, 0)
    H, R = (U2 - U1) % p, (S2 - S1) % p
    HH = H * H % p
    HHH = H * HH % p
    V = U1 * HH % p
    X3 = (R * R - HHH - 2 * V) % p
    Y3 = (R * (V - X3) - S1 * HHH) % p
    Z3 = Z1 * Z2 * H % p
    return (X3, Y3, Z3)


def scalar_mul(kk, x, y, a, p):
    R, P = (1, 1, 0), (x, y, 1)
    for bit in bin(kk)[2:]:
        R = jac_double(R, a, p)
        if bit == "1":
            R = jac_add(R, P, a, p)
    return R


def to_affine(P, p):
    X, Y, Z = P
    if Z % p == 0:
        return None
    zi = pow(Z, -1, p)
    return (X * zi * zi % p, Y * zi * zi * zi % p)


def h_int(seed, tag, ctr, p):
    """H(tag, c) = int(SHA256(S||tag||c32||00) || SHA256(S||tag||c32||01)) mod p."""
    m = seed.encode("ascii") + tag + ctr.to_bytes(4, "big")
    d = hashlib.sha256(m + b"\x00").digest() + hashlib.sha256(m + b"\x01").digest()
    return int.from_bytes(d, "big") % p


def hexs(x):
    return format(x, "x")


def check(name, c):
    for key in ("name", "field") + HEX_KEYS + DEC_KEYS + ("seed_string",):
        assert key in c, f"{name}: missing {key}"
    for key in HEX_KEYS:  # big-endian hex, lower case, no 0x, no leading zero bytes
        v = c[key]
        assert v == v.lower() and not v.startswith("0x") and not v.startswith("00"), f"{name}.{key}"
    p, a, b, gx, gy, n = (int(c[key], 16) for key in HEX_KEYS)
    bits, n_bits, h, u, k, ctr, gctr = (int(c[key]) for key in DEC_KEYS)
    assert c["name"] == name and c["field"] == "prime"
    assert bits in SIZES and name == f"opf{bits}", name
    assert 2**15 <= u < 2**16 and k == bits - 16, f"{name}: u, k"
    assert p == u * 2**k + 1 and p.bit_length() == bits, f"{name}: p != u*2^k + 1"
    assert is_probable_prime(p), f"{name}: p not prime"
    assert a == p - 3, f"{name}: a != p - 3"
    assert 0 < b < p and (4 * a**3 + 27 * b * b) % p != 0, f"{name}: singular or b out of range"
    assert 0 <= gx < p and 0 <= gy < p
    assert (gy * gy - (gx**3 + a * gx + b)) % p == 0, f"{name}: G not on the curve"
    assert is_probable_prime(n), f"{name}: n not prime"
    assert n.bit_length() == n_bits, f"{name}: n_bits"
    assert h == 1 and (p + 1 - n) ** 2 <= 4 * p, f"{name}: h = 1 / Hasse bound"
    assert n != p, f"{name}: anomalous"
    assert to_affine(scalar_mul(n, gx, gy, a, p), p) is None, f"{name}: n*G != O"
    assert to_affine(scalar_mul(n - 1, gx, gy, a, p), p) == (gx, (-gy) % p), f"{name}: (n-1)G != -G"
    # derivation from the seed string
    assert c["seed_string"] == f"seacurve opf{bits}", f"{name}: seed string"
    seed = c["seed_string"]
    assert h_int(seed, b"b", ctr, p) == b, f"{name}: b != H('b', counter)"
    for g in range(gctr):  # earlier generator counters: x^3 - 3x + b zero or a non-square
        x = h_int(seed, b"G", g, p)
        r = (x**3 - 3 * x + b) % p
        assert r == 0 or pow(r, (p - 1) // 2, p) == p - 1, f"{name}: g_counter {g} should be accepted"
    assert h_int(seed, b"G", gctr, p) == gx, f"{name}: Gx != H('G', g_counter)"
    assert gy % 2 == 0, f"{name}: Gy is not the even root"


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    testseed.seed()
    curves = parse(path)
    assert sorted(curves) == sorted(f"opf{s}" for s in SIZES), sorted(curves)
    for name in sorted(curves, key=lambda s: int(s[3:])):
        check(name, curves[name])
        print(f"{name}: ok (p = {curves[name]['u']}*2^{curves[name]['k']} + 1, "
              f"counter {curves[name]['counter']}, g_counter {curves[name]['g_counter']})")
    print(f"opf_params: {len(curves)} curves ok")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except AssertionError as e:
        print("FAIL", e)
        print(testseed.fail_line("opf_params"))
        sys.exit(1)
