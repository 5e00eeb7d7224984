#!/usr/bin/env python3
"""Generate src/eb/gen/eb_curves.c (the binary-curve descriptors of include/seacurve/eb.h)
from the SEC 2 domain parameters in tests/vectors/curves/sec2-params.txt.

For each of the nine binary curves y^2 + xy = x^3 + a x^2 + b over GF(2^m):
the field (an sc_fb_field of src/fb/gen/fb_fields.c, by m), the kind of a (0, 1 or
a general element: sect163r1 has a general a), b (and whether b = 1), G, n, h,
and h n = #E (the ladder's scalar offset).  The constants are SC_W64 chunks in
SC_FLASH arrays (program memory on AVR, plain const data elsewhere), read
through sc_flash_words.

Checks done here, before anything is written: f(x) is the field's polynomial,
G satisfies the curve equation (polynomial arithmetic in Python), n has n_bits
bits and h n lies in the Hasse interval |h n - (2^m + 1)| <= 2 sqrt(2^m).

It also writes src/eb/gen/eb_gtab.c: the fixed-base comb tables of G used by
sc_eb_mul_gen (src/eb/eb_gen.c; Lim, Lee, "More flexible exponentiation with
precomputation", CRYPTO '94; Hankerson, Menezes, Vanstone, "Guide to Elliptic
Curve Cryptography" (2004), Alg. 3.44 with v combs).  With w teeth, v combs
and e columns per comb (d = v e, w d >= n_bits), entry u = 1 .. 2^w - 1 of
comb b is the affine point sum_i u_i 2^(i d + b e) G (u_i bit i of u), x then
y, each ceil(m/64) SC_W64 chunks.  The points are computed here by affine
chord-and-tangent arithmetic in Python; every entry is checked to lie on the
curve, and the entries u = 2^w - 1 (and the single-tooth ones) are checked
against an independent double-and-add of their scalar.  And src/eb/gen/eb_tnaf_consts.c: the
constants of the tau-adic NAF of the Koblitz curves (gen_tnaf below).

eb_curves.c also holds, per curve, the odd multiples G, 3G, ..., (2^GODD_W - 1)G
(affine, x then y, ceil(m/64) SC_W64 chunks each) of the low-memory double-scalar
multiplication (src/eb/eb_slide.c), each checked on the curve and against a
double-and-add of its scalar.  Every curve's constants, table rows and entries are
inside #if SC_CURVE_<NAME> (include/seacurve/config.h), so a firmware build keeps
only its own curves in flash and in RAM: sc_eb_curves[] holds the build's curves
in the order of CURVES, at the indices SC_EB_IDX_<NAME> of include/seacurve/eb.h
(src/curves/gen/params.c names them so).  A build without a binary curve gets
one all-zero entry, not counted, and so does the TNAF table (no empty
initialiser).

Usage: python3 tools/gen_eb.py [--check]   (--check: fail if a file would change)
"""
import math, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from genfiles import header_line  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARAMS = os.path.join(ROOT, "tests/vectors/curves/sec2-params.txt")
OUT = os.path.join(ROOT, "src/eb/gen/eb_curves.c")
OUT_GTAB = os.path.join(ROOT, "src/eb/gen/eb_gtab.c")
OUT_TNAF = os.path.join(ROOT, "src/eb/gen/eb_tnaf_consts.c")
TNAF_LIMBS = 24   # 32-bit limbs of the signed constants (two's complement, 768 bits)
# comb shape (teeth w, combs v) per curve: 2 (2^w - 1) affine points
GTAB_W, GTAB_V = 6, 2
GODD_W = 5        # odd multiples of G up to (2^GODD_W - 1) G: 2^(GODD_W - 1) points
CURVES = ["sect163k1", "sect163r1", "sect163r2", "sect233k1", "sect233r1",
          "sect283k1", "sect283r1", "sect409k1", "sect409r1"]


def read_params():
    curves, cur = {}, None
    for line in open(PARAMS):
        line = line.strip()
        if line.startswith("["):
            cur = {}
            curves[line[1:-1]] = cur
        elif "=" in line and cur is not None:
            k, v = (s.strip() for s in line.split("=", 1))
            cur[k] = v
    return curves


def pmul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def pmod(a, f):
    df = f.bit_length() - 1
    while a.bit_length() - 1 >= df:
        a ^= f << (a.bit_length() - 1 - df)
    return a


def pinv(a, f):
    """a^-1 mod f in GF(2)[x] (extended Euclid); a != 0."""
    u, v, g1, g2 = a, f, 1, 0
    while u != 1:
        j = u.bit_length() - v.bit_length()
        if j < 0:
            u, v, g1, g2, j = v, u, g2, g1, -j
        u ^= v << j
        g1 ^= g2 << j
    return pmod(g1, f)


class BinCurve:
    """y^2 + xy = x^3 + a x^2 + b over GF(2)[x]/f; points (x, y), None = O."""

    def __init__(self, f, a, b):
        self.f, self.a, self.b = f, a, b

    def mul(self, x, y):
        return pmod(pmul(x, y), self.f)

    def on_curve(self, P):
        x, y = P
        x2 = self.mul(x, x)
        return self.mul(y, y) ^ self.mul(x, y) == self.mul(x2, x) ^ self.mul(self.a, x2) ^ self.b

    def dbl(self, P):
        if P is None or P[0] == 0:
            return None
        x, y = P
        lam = x ^ self.mul(y, pinv(x, self.f))
        x3 = self.mul(lam, lam) ^ lam ^ self.a
        return (x3, self.mul(x, x) ^ self.mul(lam ^ 1, x3))

    def add(self, P, Q):
        if P is None:
            return Q
        if Q is None:
            return P
        if P[0] == Q[0]:
            return self.dbl(P) if P[1] == Q[1] else None
        lam = self.mul(P[1] ^ Q[1], pinv(P[0] ^ Q[0], self.f))
        x3 = self.mul(lam, lam) ^ lam ^ P[0] ^ Q[0] ^ self.a
        return (x3, self.mul(lam, P[0] ^ x3) ^ x3 ^ P[1])

    def smul(self, k, P):
        R = None
        for bit in bin(k)[2:]:
            R = self.dbl(R)
            if bit == "1":
                R = self.add(R, P)
        return R


def guard(name):
    return "#if SC_CURVE_%s" % name.upper()


def comb_shape(nbits, w, v):
    e = -(-(-(-nbits // w)) // v)
    return e, v * e


def gen_gtab():
    params = read_params()
    out = [header_line("gen_eb.py"),
           "/* Fixed-base comb tables of G for the binary curves (src/eb/eb_gen.c), from",
           " * tests/vectors/curves/sec2-params.txt.",
           " * Comb b (< v), entry u (1 .. 2^w - 1): sum_i u_i 2^(i d + b e) G, d = v e, affine",
           " * x then y, ceil(m/64) SC_W64 chunks each.  Left out with SC_NO_EB_GTAB. */",
           "#include \"eb/eb_internal.h\"",
           "#include \"util/flash.h\"", "",
           "#if !defined(SC_NO_EB_GTAB)", ""]
    rows = []
    for name in CURVES:
        p = params[name]
        m = int(p["m"])
        f = int(p["poly"], 16)
        E = BinCurve(f, int(p["a"], 16), int(p["b"], 16))
        G = (int(p["Gx"], 16), int(p["Gy"], 16))
        nbits = int(p["n"], 16).bit_length()
        w, v = GTAB_W, GTAB_V
        e, d = comb_shape(nbits, w, v)
        assert w * d >= nbits and d == v * e
        # base[i][b] = 2^(i d + b e) G
        base, P = {}, G
        for s_ in range(w * d):
            i, r = divmod(s_, d)
            if r % e == 0:
                base[(i, r // e)] = P
            P = E.dbl(P)
        words = []
        for b in range(v):
            tab = [None] * (1 << w)
            for u in range(1, 1 << w):
                top = u.bit_length() - 1
                tab[u] = E.add(tab[u ^ (1 << top)], base[(top, b)])
                assert tab[u] is not None and E.on_curve(tab[u])
            for u in [1 << i for i in range(w)] + [(1 << w) - 1]:
                k = sum(1 << (i * d + b * e) for i in range(w) if u >> i & 1)
                assert tab[u] == E.smul(k, G), "%s: comb entry %d/%d" % (name, b, u)
            for u in range(1, 1 << w):
                words.append(chunks(tab[u][0], m)[2:-2])
                words.append(chunks(tab[u][1], m)[2:-2])
        out.append(guard(name))
        out.append("/* %s: w = %d, v = %d, e = %d, d = %d */" % (name, w, v, e, d))
        out.append("static const sc_word %s_gtab[] SC_FLASH = {" % name)
        out += ["    %s," % x for x in words]
        out.append("};")
        out.append("#endif")
        out.append("")
        rows += [guard(name), "    { %d, %d, %d, %s_gtab }," % (w, v, e, name), "#endif"]
    out.append("/* in the order of sc_eb_curves[] */")
    out.append("const sc_eb_gtab sc_eb_gtabs[] = {")
    out += rows
    out += ["#if !SC_CURVES_BINARY", "    { 0, 0, 0, NULL }", "#endif", "};", "", "#endif", ""]
    return "\n".join(out)


def gen_tnaf():
    """Constants of the tau-adic NAF (src/eb/eb_tnaf.c) for the Koblitz curves
    (a in {0, 1}, b = 1; Solinas, "Efficient arithmetic on Koblitz curves", Des.
    Codes Cryptogr. 19, 2000; Guide sec. 3.4): mu = (-1)^(1-a), tau^2 = mu tau - 2;
    Delta = tau^m - 1 = d0 + d1 tau from the Lucas sequence U_0 = 0, U_1 = 1,
    U_(k+1) = mu U_k - 2 U_(k-1) (tau^k = U_k tau - 2 U_(k-1)); its norm
    d0^2 + mu d0 d1 + 2 d1^2 = #E = h n (checked); and the rounding constants
    g_i = round(s_i 2^K / (h n)), s0 = d0 + mu d1, s1 = -d1 (k / Delta =
    (s0 k + s1 k tau) / (h n)), K = m + 64."""
    params = read_params()
    out = [header_line("gen_eb.py"),
           "/* Tau-adic NAF constants of the Koblitz curves (src/eb/eb_tnaf.c), from",
           " * tests/vectors/curves/sec2-params.txt.",
           " * Signed values as %d little-endian 32-bit limbs, two's complement. */" % TNAF_LIMBS,
           "#include \"eb/eb_internal.h\"",
           "#include \"util/flash.h\"", ""]
    rows = []

    def limbs(v):
        v &= (1 << (32 * TNAF_LIMBS)) - 1
        return "{ " + ", ".join("0x%08xu" % ((v >> (32 * i)) & 0xffffffff) for i in range(TNAF_LIMBS)) + " }"

    for name in CURVES:
        p = params[name]
        a, b = int(p["a"], 16), int(p["b"], 16)
        if b != 1 or a not in (0, 1):
            continue
        m, n, h = int(p["m"]), int(p["n"], 16), int(p["h"])
        mu = 1 if a == 1 else -1
        U = [0, 1]
        for _ in range(m):
            U.append(mu * U[-1] - 2 * U[-2])
        d0, d1 = -2 * U[m - 1] - 1, U[m]
        N = d0 * d0 + mu * d0 * d1 + 2 * d1 * d1
        assert N == h * n, "%s: N(tau^m - 1) != h n" % name
        K = m + 64
        s0, s1 = d0 + mu * d1, -d1
        g0 = (2 * s0 * (1 << K) + N) // (2 * N)
        g1 = (2 * s1 * (1 << K) + N) // (2 * N)
        for v in (d0, d1, g0, g1):
            assert abs(v) < 1 << (32 * TNAF_LIMBS - 200)
        out.append(guard(name))
        out.append("/* %s: mu = %d, K = %d */" % (name, mu, K))
        out.append("static const uint32_t %s_tnaf[4][%d] SC_FLASH = {" % (name, TNAF_LIMBS))
        out += ["    %s," % limbs(v) for v in (d0, d1, g0, g1)]
        out.append("};")
        out.append("#endif")
        out.append("")
        rows += [guard(name), "    { %d, %d, %d, %s_tnaf }," % (m, mu, K, name), "#endif"]
    out.append("const sc_eb_tnaf_consts sc_eb_tnafs[] = {")
    out += rows
    out += ["    { 0, 0, 0, NULL }", "};", "",
            "const size_t sc_eb_ntnafs = sizeof sc_eb_tnafs / sizeof sc_eb_tnafs[0] - 1;", ""]
    return "\n".join(out)


def chunks(v, bits):
    n = (bits + 63) // 64
    return "{ %s }" % ", ".join("SC_W64(0x%016xu)" % ((v >> (64 * i)) & (2**64 - 1)) for i in range(n))


def generate():
    params = read_params()
    out = [header_line("gen_eb.py"),
           "/* Binary-curve descriptors (include/seacurve/eb.h), from",
           " * tests/vectors/curves/sec2-params.txt (SEC 2 v2 sec. 3). */",
           "#include <seacurve/eb.h>",
           "#include \"fb/fb_internal.h\"",
           "#include \"util/flash.h\"", ""]
    rows = []
    for name in CURVES:
        p = params[name]
        assert p["field"] == "binary"
        m = int(p["m"])
        f = int(p["poly"], 16)
        assert f == sum(1 << int(t) for t in p["poly_terms"].split())
        a, b = int(p["a"], 16), int(p["b"], 16)
        gx, gy = int(p["Gx"], 16), int(p["Gy"], 16)
        n, h = int(p["n"], 16), int(p["h"])
        nbits = n.bit_length()
        assert nbits == int(p["n_bits"]) and h in (2, 4)
        for v in (a, b, gx, gy):
            assert v.bit_length() <= m
        # y^2 + xy = x^3 + a x^2 + b
        lhs = pmod(pmul(gy, gy) ^ pmul(gx, gy), f)
        x2 = pmod(pmul(gx, gx), f)
        rhs = pmod(pmul(x2, gx) ^ pmul(a, x2), f) ^ b
        assert lhs == rhs, "%s: G is not on the curve" % name
        hn = h * n
        assert abs(hn - (2**m + 1)) <= 2 * math.isqrt(2**m) + 2, "%s: h n outside Hasse" % name
        a_kind = "SC_EB_A_ZERO" if a == 0 else "SC_EB_A_ONE" if a == 1 else "SC_EB_A_GENERIC"
        # odd multiples (2i + 1) G, i < 2^(GODD_W - 1)
        E = BinCurve(f, a, b)
        G2, odd = E.dbl((gx, gy)), [(gx, gy)]
        for i in range(1, 1 << (GODD_W - 1)):
            odd.append(E.add(odd[-1], G2))
            assert odd[-1] is not None and E.on_curve(odd[-1])
            assert odd[-1] == E.smul(2 * i + 1, (gx, gy)), "%s: %dG" % (name, 2 * i + 1)
        out.append(guard(name))
        out.append("/* %s (%s): m = %d, n %d bits, h = %d */" % (name, p.get("alias", ""), m, nbits, h))
        for fld, v, bits in (("a", a, m), ("b", b, m), ("gx", gx, m), ("gy", gy, m),
                             ("n", n, nbits), ("hn", hn, hn.bit_length())):
            out.append("static const sc_word %s_%s[] SC_FLASH = %s;" % (name, fld, chunks(v, bits)))
        out.append("static const sc_word %s_godd[] SC_FLASH = {" % name)
        for P in odd:
            out.append("    %s, %s," % (chunks(P[0], m)[2:-2], chunks(P[1], m)[2:-2]))
        out.append("};")
        out.append("#endif")
        out.append("")
        rows += [guard(name),
                 "    { \"%s\", &sc_fb_fields[SC_FB_IDX_%d], %s, %d, %d, %d, %d, SC_WORDS(%d), SC_WORDS(%d),\n"
                 "      %s_a, %s_b, %s_gx, %s_gy, %s_n, %s_hn, %s_godd },"
                 % (name, m, a_kind, int(b == 1), h, nbits, hn.bit_length(),
                    nbits, hn.bit_length(), name, name, name, name, name, name, name), "#endif"]
    out.append("const sc_eb_curve sc_eb_curves[] = {")
    out += rows
    out += ["#if !SC_CURVES_BINARY", "    { NULL, NULL, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL }",
            "#endif", "};", "",
            "const size_t sc_eb_ncurves = SC_CURVES_BINARY ? sizeof sc_eb_curves / sizeof sc_eb_curves[0] : 0;", ""]
    return "\n".join(out)


def main():
    check, bad = "--check" in sys.argv[1:], 0
    for path, text in ((OUT, generate()), (OUT_GTAB, gen_gtab()), (OUT_TNAF, gen_tnaf())):
        if check:
            old = open(path).read() if os.path.exists(path) else ""
            if old != text:
                print("gen_eb: %s is out of date (run python3 tools/gen_eb.py)" % os.path.relpath(path, ROOT))
                bad = 1
            continue
        with open(path, "w") as fh:
            fh.write(text)
    if check:
        print("gen_eb --check: %s" % ("FAILED" if bad else "ok"))
    return bad


if __name__ == "__main__":
    sys.exit(main())
